//! The coach's check of a bidirectional search, for every puzzle whose search is one: the trace's
//! events replayed in the order printed, each layer against a plain BFS's from the reference, each
//! choice of side against the two frontiers, each meeting against the layers complete when it came
//! and against the optimum. The first thing amiss is the lapse.

use crate::model::lesson::{Lapse, Lesson, Quiet, Shown, BALANCE};
use crate::model::trace::{Event, Meeting, Side, Trace};
use crate::puzzles::checker::Optima;

/// What the reference knows of a test's plain one-sided searches.
pub trait Plain {
    /// How many positions a plain BFS from case `case`'s start first reaches at each depth, from 0
    /// to `depth` (fewer where it runs out of positions), once for each way a program may count
    /// positions (as they are; mirror images as one): a start side must match one of them.
    fn start_layers(&self, case: usize, depth: usize) -> Result<Vec<Vec<usize>>, String>;
    /// The goal side's roots, the same for every case.
    fn goal(&self) -> Result<Goal, String>;
}

/// Where a goal side grows from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Goal {
    /// One position, and a plain BFS's layers from it, all of them.
    One(Vec<usize>),
    /// Many roots (Huarong's: every arrangement with the target at its goal): how many, `None`
    /// when more than the reference would count.
    Many(Option<usize>),
}

/// An example of the trace's lines, for a lapse that finds none.
const EXAMPLE: &str = "start depth 1: frontier 3, visited 4";

/// The most positions of plain-BFS layers one test's check reads from the reference: past it, the
/// later cases' layers go unchecked (their choices and meetings still are checked).
const PLAIN_BUDGET: usize = 4_000_000;

/// The coach's word on `trace`, the trace of a run on a test whose cases have `optima`. An
/// unsolvable case with a trace is a search that ran out of positions: it ranks above the others.
pub fn assess(trace: &Trace, optima: &Optima, plain: &dyn Plain) -> Result<Lesson, String> {
    let needs_search = |o: &Option<u64>| o.is_some_and(|n| n >= 1);
    if trace.is_empty() {
        return Ok(match optima.iter().any(needs_search) {
            true => Lesson::NotYet(Lapse::NoTrace { example: EXAMPLE }),
            false => Lesson::NothingToTell(Quiet::NoSearch),
        });
    }
    let goal = plain.goal()?;
    let mut check = Check {
        goal_side: GoalSide::new(&goal),
        goal,
        plain,
        budget: PLAIN_BUDGET,
    };
    // A cut trace's last case may be incomplete; the cases after it were not seen.
    let seen = match trace.cut {
        true => trace.cases.len().saturating_sub(1),
        false => optima.len(),
    };
    let mut shown: Option<(u64, usize, Shown)> = None;
    for (case, &optimum) in optima.iter().enumerate().take(seen) {
        let events = trace.case(case);
        if events.is_empty() {
            match optimum {
                Some(n) if n >= 1 => {
                    return Ok(Lesson::NotYet(Lapse::NoMeeting { case, optimum: n }))
                }
                _ => continue,
            }
        }
        let found = check.case(case, events, optimum)?;
        if let Some(lapse) = found.lapse {
            return Ok(Lesson::NotYet(lapse));
        }
        // The hardest case shows best what the search does; the first of equals. A case of one move
        // shows nothing: one side's first layer meets the other's root.
        let rank = optimum.unwrap_or(u64::MAX);
        let telling = rank >= 2 && shown.as_ref().map_or(true, |b| rank > b.0);
        if let Some(s) = found.shown.filter(|_| telling) {
            shown = Some((rank, case, s));
        }
    }
    match shown {
        Some((_, case, s)) => Ok(Lesson::Holds(check.with_plain(case, s)?)),
        None => Ok(Lesson::NothingToTell(Quiet::NoSearch)),
    }
}

/// The goal side as the trace has grown it so far: it may be kept from case to case.
struct GoalSide {
    /// Its frontier's size; `None` while it is unbuilt with more roots than the reference counts.
    front: Option<usize>,
    depth: usize,
    grew: bool,
    /// The trace said how large it is (`goal side: …`); a goal of one position needs no saying.
    weighed: bool,
    many: bool,
}

impl GoalSide {
    fn new(goal: &Goal) -> GoalSide {
        let (front, many) = match goal {
            Goal::One(_) => (Some(1), false),
            Goal::Many(roots) => (*roots, true),
        };
        GoalSide {
            front,
            depth: 0,
            grew: false,
            weighed: !many,
            many,
        }
    }
}

struct Check<'a> {
    goal: Goal,
    goal_side: GoalSide,
    plain: &'a dyn Plain,
    budget: usize,
}

/// What one case showed: its lapse, else what to tell of it.
struct Found {
    lapse: Option<Lapse>,
    shown: Option<Shown>,
}

impl Found {
    fn lapse(lapse: Lapse) -> Result<Found, String> {
        Ok(Found {
            lapse: Some(lapse),
            shown: None,
        })
    }
}

/// One case's events in order, the state they leave.
struct Walk {
    case: usize,
    start_front: usize,
    start_depth: usize,
    start_visited: usize,
    goal_visited: usize,
    /// Whether the goal side is this case's own (none kept from earlier ones): only then is the
    /// choice of side weighed, since a kept side pays for later cases too.
    fresh: bool,
    /// The start side outgrew an ungrown goal side: one-sided if the goal never grows in this case;
    /// and the first time it grew from a frontier over [`BALANCE`] times the goal's.
    outgrew: Option<Lapse>,
    larger: Option<Lapse>,
}

impl Check<'_> {
    fn case(
        &mut self,
        case: usize,
        events: &[Event],
        optimum: Option<u64>,
    ) -> Result<Found, String> {
        let met_at = events.iter().position(|e| matches!(e, Event::Met(_)));
        let events = &events[..met_at.map_or(events.len(), |i| i + 1)];
        let meeting = met_at.map(|i| match events[i] {
            Event::Met(m) => m,
            _ => unreachable!("found as a meeting"),
        });
        let mut plain = self.start_layers(case, events)?;
        let layers = Layers::of(events, meeting);
        let mut walk = Walk {
            case,
            start_front: 1,
            start_depth: 0,
            start_visited: 1,
            goal_visited: 0,
            fresh: self.goal_side.depth == 0,
            outgrew: None,
            larger: None,
        };
        for (i, event) in events.iter().enumerate() {
            let lapse = match *event {
                Event::Layer {
                    side: Side::Start,
                    depth,
                    frontier,
                    visited,
                } => {
                    walk.start_visited = visited;
                    let meets = layers.meets(i);
                    self.start_layer(&mut walk, depth, frontier, plain.as_mut(), meets)
                }
                Event::Layer {
                    side: Side::Goal,
                    depth,
                    frontier,
                    visited,
                } => {
                    walk.goal_visited = visited;
                    self.goal_layer(&mut walk, depth, frontier, layers.meets(i))
                }
                Event::GoalRoots(n) => {
                    self.goal_side.weighed = true;
                    if self.goal_side.depth == 0 {
                        self.goal_side.front = Some(n);
                    }
                    None
                }
                Event::GoalWaits(_) => {
                    self.goal_side.weighed = true;
                    None
                }
                Event::Met(m) => self.meeting(&mut walk, m, layers.met_side(events), optimum),
            };
            if let Some(lapse) = lapse {
                return Found::lapse(lapse);
            }
        }
        if let Some(lapse) = self.one_sided(&mut walk) {
            return Found::lapse(lapse);
        }
        match (meeting, optimum) {
            (None, Some(n)) if n >= 1 => Found::lapse(Lapse::NoMeeting { case, optimum: n }),
            (Some(m), _) => Ok(Found {
                lapse: None,
                shown: Some(self.shown(&walk, m)),
            }),
            (None, Some(_)) => Ok(Found {
                lapse: None,
                shown: None,
            }),
            (None, None) => Ok(Found {
                lapse: None,
                shown: Some(self.ran_out(&walk)),
            }),
        }
    }

    /// The plain BFS's layers as deep as the case's start side went, while the budget lasts: each
    /// way of counting them.
    fn start_layers(
        &mut self,
        case: usize,
        events: &[Event],
    ) -> Result<Option<Vec<Vec<usize>>>, String> {
        let deepest = events.iter().filter_map(|e| match *e {
            Event::Layer {
                side: Side::Start,
                depth,
                ..
            } => Some(depth),
            _ => None,
        });
        let Some(deepest) = deepest.max() else {
            return Ok(None);
        };
        if self.budget == 0 {
            return Ok(None);
        }
        let layers = self.plain.start_layers(case, deepest)?;
        let read: usize = layers.iter().flatten().sum();
        self.budget = self.budget.saturating_sub(read);
        Ok(Some(layers))
    }

    fn start_layer(
        &mut self,
        walk: &mut Walk,
        depth: usize,
        frontier: usize,
        plain: Option<&mut Vec<Vec<usize>>>,
        meets: bool,
    ) -> Option<Lapse> {
        let case = walk.case;
        if depth != walk.start_depth + 1 {
            let after = walk.start_depth;
            return Some(Lapse::LayerSkipped {
                case,
                side: Side::Start,
                depth,
                after,
            });
        }
        if let Some(lapse) = self.chose(walk, Side::Start) {
            return Some(lapse);
        }
        if let Some(ways) = plain.filter(|ways| !ways.is_empty()) {
            // The ways of counting this layer fits; the lapse is told against the first way.
            let lapse = differs(case, Side::Start, depth, frontier, ways.first(), meets);
            ways.retain(|way| {
                differs(case, Side::Start, depth, frontier, Some(way), meets).is_none()
            });
            if ways.is_empty() {
                return lapse;
            }
        }
        (walk.start_front, walk.start_depth) = (frontier, depth);
        None
    }

    fn goal_layer(
        &mut self,
        walk: &mut Walk,
        depth: usize,
        frontier: usize,
        meets: bool,
    ) -> Option<Lapse> {
        let case = walk.case;
        if depth == 1 && self.goal_side.depth > 0 {
            // Grown afresh for this case: weighed as this case's own from here.
            self.goal_side = GoalSide {
                weighed: self.goal_side.weighed,
                ..GoalSide::new(&self.goal)
            };
            walk.fresh = true;
        }
        if depth != self.goal_side.depth + 1 {
            let after = self.goal_side.depth;
            return Some(Lapse::LayerSkipped {
                case,
                side: Side::Goal,
                depth,
                after,
            });
        }
        if let Some(lapse) = self.chose(walk, Side::Goal) {
            return Some(lapse);
        }
        let goal = &mut self.goal_side;
        if let Goal::One(plain) = &self.goal {
            if let Some(lapse) = differs(case, Side::Goal, depth, frontier, Some(plain), meets) {
                return Some(lapse);
            }
        }
        (goal.front, goal.depth, goal.grew) = (Some(frontier), depth, true);
        None
    }

    /// Growing `side` from the frontiers as they are, where the case's goal side is its own: a lapse
    /// if the other frontier was more than [`BALANCE`] times smaller. A start side that grows while
    /// an ungrown goal side is smaller is noted: one-sided if the goal side never grows in the case.
    fn chose(&self, walk: &mut Walk, side: Side) -> Option<Lapse> {
        let goal = &self.goal_side;
        let goal_front = goal.front.filter(|_| walk.fresh)?;
        let case = walk.case;
        match side {
            Side::Start => {
                let grew_from = (case, walk.start_depth, walk.start_front);
                // Many roots are counted as the reference stores positions, perhaps not as the
                // program does (mirror images as one): only a lopsided choice is sure to be one.
                let outgrown = if goal.many {
                    BALANCE * goal_front
                } else {
                    goal_front
                };
                if !goal.grew && walk.start_front > outgrown && walk.outgrew.is_none() {
                    walk.outgrew = Some(one_sided(grew_from, goal_front));
                }
                if walk.start_front > BALANCE * goal_front && walk.larger.is_none() {
                    let lapse = larger(Side::Start, grew_from, goal_front);
                    // Told at once where the goal side has grown; else when the case ends.
                    match goal.grew {
                        true => return Some(lapse),
                        false => walk.larger = Some(lapse),
                    }
                }
                None
            }
            Side::Goal => {
                if goal_front > BALANCE * walk.start_front {
                    let grew_from = (case, goal.depth, goal_front);
                    return Some(larger(Side::Goal, grew_from, walk.start_front));
                }
                // The goal grew after the start side had outgrown it: only a lopsided choice
                // before is a lapse.
                walk.outgrew = None;
                walk.larger.take()
            }
        }
    }

    /// A meeting must close a path one move past the complete layers, and no longer than the optimum.
    fn meeting(
        &self,
        walk: &mut Walk,
        m: Meeting,
        met_side: Option<Side>,
        optimum: Option<u64>,
    ) -> Option<Lapse> {
        let case = walk.case;
        // A meeting in a layer the trace did not print: that layer's side was chosen to grow.
        let goal_half = m.moves - m.start_half;
        let unprinted = match () {
            _ if m.start_half > walk.start_depth => Some(Side::Start),
            _ if goal_half > self.goal_side.depth => Some(Side::Goal),
            _ => None,
        };
        if let Some(lapse) = unprinted.and_then(|side| self.chose(walk, side)) {
            return Some(lapse);
        }
        let start = walk.start_depth - usize::from(met_side == Some(Side::Start));
        let goal = self.goal_side.depth - usize::from(met_side == Some(Side::Goal));
        if m.moves > start + goal + 1 {
            let moves = m.moves;
            return Some(Lapse::MetLate {
                case,
                moves,
                start,
                goal,
            });
        }
        match optimum {
            Some(optimum) if m.moves as u64 > optimum => Some(Lapse::MetPastOptimum {
                case,
                moves: m.moves,
                optimum,
            }),
            _ => None,
        }
    }

    /// At the case's end: a start side that grew alone where the goal side should have.
    fn one_sided(&self, walk: &mut Walk) -> Option<Lapse> {
        let goal = &self.goal_side;
        if goal.grew {
            return walk.larger.take();
        }
        if goal.many && !goal.weighed && walk.start_depth >= 1 {
            return Some(Lapse::GoalNeverWeighed { case: walk.case });
        }
        walk.outgrew.take().or_else(|| walk.larger.take())
    }

    fn shown(&self, walk: &Walk, m: Meeting) -> Shown {
        let goal = m.moves - m.start_half;
        if !self.goal_side.grew && self.goal_side.many {
            return Shown::GoalWaited {
                case: walk.case,
                moves: Some(m.moves),
            };
        }
        let visited = m.visited.unwrap_or((
            walk.start_visited,
            walk.goal_visited.max(usize::from(self.goal_side.grew)),
        ));
        Shown::TwoSided {
            case: walk.case,
            start: m.start_half,
            goal,
            visited,
            plain: 0,
        }
    }

    /// An unsolvable case's search: it ran out of positions without meeting.
    fn ran_out(&self, walk: &Walk) -> Shown {
        match self.goal_side.many && !self.goal_side.grew {
            true => Shown::GoalWaited {
                case: walk.case,
                moves: None,
            },
            false => Shown::RanOut {
                case: walk.case,
                visited: walk.start_visited.saturating_add(walk.goal_visited),
            },
        }
    }

    /// `shown` with the plain BFS's count to the goal's layer.
    fn with_plain(&self, case: usize, shown: Shown) -> Result<Shown, String> {
        match shown {
            Shown::TwoSided {
                start,
                goal,
                visited,
                ..
            } => {
                let ways = self.plain.start_layers(case, start + goal)?;
                let plain = ways.first().map_or(0, |layers| layers.iter().sum());
                Ok(Shown::TwoSided {
                    case,
                    start,
                    goal,
                    visited,
                    plain,
                })
            }
            other => Ok(other),
        }
    }
}

/// The layer event of a case that its meeting came in, if the trace printed that layer: such a
/// layer may stop early. A meeting whose half on one side is deeper than any layer that side
/// printed came in a layer left unprinted; else it came in the last layer printed.
struct Layers {
    met_in: Option<usize>,
}

impl Layers {
    fn of(events: &[Event], meeting: Option<Meeting>) -> Layers {
        let deepest = |wanted: Side| {
            let depths = events.iter().filter_map(|e| match *e {
                Event::Layer { side, depth, .. } if side == wanted => Some(depth),
                _ => None,
            });
            depths.max()
        };
        let met_in = meeting.and_then(|m| {
            let goal_half = m.moves - m.start_half;
            let unprinted = m.start_half > deepest(Side::Start).unwrap_or(0)
                || goal_half > deepest(Side::Goal).unwrap_or(0);
            let last = events
                .iter()
                .rposition(|e| matches!(e, Event::Layer { .. }))?;
            let in_last = match events[last] {
                Event::Layer {
                    side: Side::Start,
                    depth,
                    ..
                } => depth == m.start_half,
                Event::Layer {
                    side: Side::Goal,
                    depth,
                    ..
                } => depth == goal_half,
                _ => false,
            };
            (!unprinted && in_last).then_some(last)
        });
        Layers { met_in }
    }

    fn meets(&self, i: usize) -> bool {
        self.met_in == Some(i)
    }

    /// The side whose printed layer the meeting came in.
    fn met_side(&self, events: &[Event]) -> Option<Side> {
        match events.get(self.met_in?)? {
            Event::Layer { side, .. } => Some(*side),
            _ => None,
        }
    }
}

/// A side's layer against the plain BFS's: equal, or for the layer a meeting came in, no larger.
fn differs(
    case: usize,
    side: Side,
    depth: usize,
    traced: usize,
    plain: Option<&Vec<usize>>,
    meets: bool,
) -> Option<Lapse> {
    let expected = plain?.get(depth).copied().unwrap_or(0);
    let fits = traced == expected || (meets && traced <= expected);
    (!fits).then_some(Lapse::LayerDiffers {
        case,
        side,
        depth,
        traced,
        plain: expected,
    })
}

fn one_sided((case, depth, frontier): (usize, usize, usize), goal: usize) -> Lapse {
    Lapse::OneSided {
        case,
        depth,
        frontier,
        goal,
    }
}

fn larger(side: Side, (case, depth, frontier): (usize, usize, usize), other: usize) -> Lapse {
    Lapse::LargerFirst {
        case,
        side,
        depth,
        frontier,
        other,
    }
}

#[cfg(test)]
mod mutants;
