//! The coach's check of a bidirectional search, for every puzzle whose search is one. A trace's
//! events are read twice, in the order printed: first for the choices (which side grew, from what
//! frontiers: `choices`), then for the layers and the meeting (each layer against a plain BFS's
//! from the reference, each meeting against the layers complete when it came and the optimum:
//! `layers`). The first thing amiss, by its place in the trace, is the lapse.

mod choices;
pub mod huarong;
mod layers;

#[cfg(doc)]
use crate::model::lesson::BALANCE;
use crate::model::lesson::{Lapse, Lesson, Quiet, Shown};
use crate::model::optimum::Optimum;
use crate::model::trace::{Event, Meeting, Side, Trace};
use choices::{Choices, GoalSide};
use layers::Ways;

/// What the reference knows of a test's plain one-sided searches.
pub trait Plain {
    /// A plain BFS from case `case`'s start, one layer's size at a time from depth 0, once for each
    /// way a program may count positions (as they are; mirror images as one). Lazy: only the layers
    /// a trace needs are searched. A start side must match one way.
    fn start_ways(&self, case: usize) -> Result<Vec<Layers<'_>>, String>;
    /// The goal side's roots, the same for every case: where it is one position, its plain BFS's
    /// layers to `depth` at least, the deepest a trace's goal side went; where it has many, how
    /// many, counted only past `widest` / [`BALANCE`], since no start frontier of the trace was
    /// wider than `widest`.
    fn goal(&self, depth: usize, widest: usize) -> Result<Goal, String>;
}

/// A plain BFS's layer sizes, searched as they are asked for; it ends where the BFS runs out.
pub type Layers<'a> = Box<dyn Iterator<Item = usize> + 'a>;

/// Where a goal side grows from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Goal {
    /// One position, and a plain BFS's layers from it, as deep as asked.
    One(Vec<usize>),
    /// Many roots (Huarong's: every arrangement with the target at its goal): how many, `None`
    /// when more than were asked for.
    Many(Option<usize>),
}

/// An example of the trace's lines, for a lapse that finds none.
const EXAMPLE: &str = "start depth 1: frontier 3, visited 4";

/// The coach's word on a run's `stderr` (all of it, unless not `whole`), read as a trace.
pub fn assess_stderr(
    stderr: &str,
    whole: bool,
    optima: &[Optimum],
    plain: &dyn Plain,
) -> Result<Lesson, String> {
    let mut trace = crate::formats::trace::parse(stderr)?;
    if trace.is_empty() {
        return Ok(Lesson::untraced(optima, whole, EXAMPLE));
    }
    trace.cut |= !whole;
    assess(&trace, optima, plain)
}

/// The coach's word on `trace`, the trace of a run on a test whose cases have `optima`. An
/// unsolvable case with a trace is a search that ran out of positions: it ranks above the others.
pub fn assess(trace: &Trace, optima: &[Optimum], plain: &dyn Plain) -> Result<Lesson, String> {
    if trace.is_empty() {
        return Ok(Lesson::untraced(optima, true, EXAMPLE));
    }
    let events = || trace.cases.iter().flatten();
    let widest = layers(events(), Side::Start).map(|(_, frontier)| frontier);
    let goal = plain.goal(deepest(events(), Side::Goal), widest.max().unwrap_or(1))?;
    let mut goal_side = GoalSide::new(&goal);
    let mut budget = layers::BUDGET;
    // A cut trace's last case may be incomplete; the cases after it were not seen.
    let seen = match trace.cut {
        true => trace.cases.len().saturating_sub(1),
        false => optima.len(),
    };
    let mut shown: Option<(Optimum, Shown)> = None;
    for (case, &optimum) in optima.iter().enumerate().take(seen) {
        let events = until_met(trace.case(case));
        // A case that needs no search may print nothing; one that needs it meets, below.
        if events.is_empty() && !optimum.needs_search() {
            continue;
        }
        let kept = goal_side.depth;
        let choices = Choices::walk(case, events, &mut goal_side, &goal);
        // The layers are read only as far as the first wrong choice: what comes after it does not
        // matter, and costs the reference nothing. What is wrong in that event itself tells more.
        let upto = choices.lapse.as_ref().map_or(events.len(), |(i, _)| i + 1);
        let mut ways = Ways::new(plain.start_ways(case)?);
        let read = layers::Read {
            case,
            optimum,
            goal: &goal,
            kept,
        };
        if let Some(lapse) = read.check(&events[..upto], events, &mut ways, &mut budget) {
            return Ok(Lesson::NotYet(lapse));
        }
        if let Some((_, lapse)) = choices.lapse {
            return Ok(Lesson::NotYet(lapse));
        }
        let met = meeting(events);
        let found = match (met, optimum) {
            (None, Optimum::Moves(n)) if n >= 1 => {
                return Ok(Lesson::NotYet(Lapse::NoMeeting { case, optimum: n }))
            }
            (None, Optimum::Moves(_)) => continue,
            _ => case_shown(case, met, &choices, &goal_side),
        };
        // The hardest case shows best what the search does; the first of equals. A case of one move
        // shows nothing: one side's first layer meets the other's root.
        if optimum > Optimum::Moves(1) && shown.as_ref().map_or(true, |best| optimum > best.0) {
            shown = Some((optimum, found));
        }
    }
    match shown {
        Some((_, found)) => Ok(Lesson::Holds(found)),
        None => Ok(Lesson::NothingToTell(Quiet::NoSearch)),
    }
}

/// A case's events up to its first meeting, which ends its search.
fn until_met(events: &[Event]) -> &[Event] {
    let met = events.iter().position(|e| matches!(e, Event::Met(_)));
    &events[..met.map_or(events.len(), |i| i + 1)]
}

/// The (depth, frontier) of each layer `side` printed among `events`.
fn layers<'a>(
    events: impl Iterator<Item = &'a Event> + 'a,
    side: Side,
) -> impl Iterator<Item = (usize, usize)> + 'a {
    events.filter_map(move |e| match *e {
        Event::Layer {
            side: s,
            depth,
            frontier,
            ..
        } if s == side => Some((depth, frontier)),
        _ => None,
    })
}

/// The deepest layer `side` printed among `events`, 0 if none.
fn deepest<'a>(events: impl Iterator<Item = &'a Event> + 'a, side: Side) -> usize {
    let depths = layers(events, side).map(|(depth, _)| depth);
    depths.max().unwrap_or(0)
}

/// A case's meeting, if its events have one.
fn meeting(events: &[Event]) -> Option<Meeting> {
    events.iter().find_map(|e| match e {
        Event::Met(m) => Some(*m),
        _ => None,
    })
}

/// What a case that met (or, unsolvable, did not) shows: a goal side of many roots that rightly
/// waited (the trace shows none built), both sides, or sides that ran out of positions without
/// meeting.
fn case_shown(case: usize, met: Option<Meeting>, choices: &Choices, goal: &GoalSide) -> Shown {
    if goal.many && !goal.grew && !goal.built {
        let moves = met.map(|m| m.moves);
        return Shown::GoalWaited { case, moves };
    }
    let Some(m) = met else {
        let visited = choices.visited.0.saturating_add(choices.visited.1);
        return Shown::RanOut { case, visited };
    };
    Shown::TwoSided {
        case,
        start: m.start_half,
        goal: m.moves - m.start_half,
        visited: m.visited.unwrap_or(choices.visited),
        plain: 0,
    }
}

// The coach's generated tests are test code only, so they live under tests/ with the other tests.
#[cfg(test)]
#[path = "../../../tests/unit/coach_mutants.rs"]
mod mutants;
