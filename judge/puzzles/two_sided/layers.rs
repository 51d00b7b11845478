//! The second reading of a case's trace: each layer against a plain BFS's from the reference, and
//! the meeting against the layers complete when it came and against the optimum. A layer a meeting
//! came in may stop early; every other layer must be whole.

use super::{Goal, Layers};
use crate::model::lesson::Lapse;
use crate::model::optimum::Optimum;
use crate::model::trace::{Event, Meeting, Side};

/// The most positions of plain-BFS layers one test's check asks of the reference: past it, later
/// layers go unchecked (the choices and meetings still are).
pub const BUDGET: usize = 4_000_000;

/// How a case is read.
pub struct Read<'a> {
    pub case: usize,
    pub optimum: Optimum,
    pub goal: &'a Goal,
    /// The goal side's depth kept from earlier cases.
    pub kept: usize,
}

impl Read<'_> {
    /// The first lapse among `events`, a prefix of the case's `whole` events (up to its meeting).
    pub fn check(
        &self,
        events: &[Event],
        whole: &[Event],
        ways: &mut Ways,
        budget: &mut usize,
    ) -> Option<Lapse> {
        let met_in = met_in(whole);
        let (mut start, mut goal) = (0, self.kept);
        for (i, event) in events.iter().enumerate() {
            let meets = met_in == Some(i);
            let lapse = match *event {
                Event::Layer {
                    side: Side::Start,
                    depth,
                    frontier,
                    ..
                } => {
                    start = depth;
                    ways.check(self.case, depth, frontier, meets, budget)
                }
                Event::Layer {
                    depth, frontier, ..
                } => {
                    goal = depth;
                    // No plain BFS from many roots to compare with.
                    let Goal::One(plain) = self.goal else {
                        continue;
                    };
                    let expected = plain.get(depth).copied().unwrap_or(0);
                    differs(self.case, Side::Goal, depth, frontier, expected, meets)
                }
                Event::Met(m) => {
                    let met_side = met_in.and_then(|i| match whole[i] {
                        Event::Layer { side, .. } => Some(side),
                        _ => None,
                    });
                    self.meeting(m, (start, goal), met_side)
                }
                Event::GoalRoots(_) | Event::GoalWaits(_) => None,
            };
            if lapse.is_some() {
                return lapse;
            }
        }
        None
    }

    /// A meeting closes a path one move past the layers complete when it came, the sides' `depths`
    /// but a layer it came in, and no longer than the optimum.
    fn meeting(&self, m: Meeting, depths: (usize, usize), met_side: Option<Side>) -> Option<Lapse> {
        let (case, (start, goal)) = (self.case, depths);
        let start = start - usize::from(met_side == Some(Side::Start));
        let goal = goal - usize::from(met_side == Some(Side::Goal));
        if m.moves > start + goal + 1 {
            let moves = m.moves;
            return Some(Lapse::MetLate {
                case,
                moves,
                start,
                goal,
            });
        }
        match self.optimum {
            Optimum::Moves(optimum) if m.moves as u64 > optimum => Some(Lapse::MetPastOptimum {
                case,
                moves: m.moves,
                optimum,
            }),
            _ => None,
        }
    }
}

/// The index of the layer event that a case's meeting came in, if the trace printed that layer: a
/// meeting whose half on one side is deeper than any layer that side printed came in a layer left
/// unprinted; else it came in the last layer printed.
fn met_in(events: &[Event]) -> Option<usize> {
    let m = super::meeting(events)?;
    let goal_half = m.moves - m.start_half;
    let unprinted = m.start_half > super::deepest(events.iter(), Side::Start)
        || goal_half > super::deepest(events.iter(), Side::Goal);
    let last = events
        .iter()
        .rposition(|e| matches!(e, Event::Layer { .. }))?;
    let in_last = match events[last] {
        Event::Layer { side, depth, .. } => match side {
            Side::Start => depth == m.start_half,
            Side::Goal => depth == goal_half,
        },
        _ => false,
    };
    (!unprinted && in_last).then_some(last)
}

/// A side's layer against a plain BFS's: equal, or for the layer a meeting came in, no larger.
fn differs(
    case: usize,
    side: Side,
    depth: usize,
    traced: usize,
    plain: usize,
    meets: bool,
) -> Option<Lapse> {
    let fits = traced == plain || (meets && traced <= plain);
    (!fits).then_some(Lapse::LayerDiffers {
        case,
        side,
        depth,
        traced,
        plain,
    })
}

/// A case's start layers as traced, against each way of counting a plain BFS's: the ways that still
/// fit, searched only as deep as the trace has gone.
pub struct Ways<'a> {
    ways: Vec<Way<'a>>,
    /// `traced[d]`: the start side's layer `d` as the trace printed it.
    traced: Vec<usize>,
}

struct Way<'a> {
    layers: Layers<'a>,
    /// The layers searched so far.
    got: Vec<usize>,
    /// The deepest layer checked and found to fit.
    fits_to: usize,
    /// Where it stopped fitting.
    failed: Option<Lapse>,
}

impl<'a> Ways<'a> {
    pub fn new(ways: Vec<Layers<'a>>) -> Ways<'a> {
        let way = |layers| Way {
            layers,
            got: Vec::new(),
            fits_to: 0,
            failed: None,
        };
        Ways {
            ways: ways.into_iter().map(way).collect(),
            traced: vec![1],
        }
    }

    /// Layer `depth` of the start side, `frontier` wide: a lapse if no way of counting fits it,
    /// told against the way that fitted longest.
    fn check(
        &mut self,
        case: usize,
        depth: usize,
        frontier: usize,
        meets: bool,
        budget: &mut usize,
    ) -> Option<Lapse> {
        self.traced.truncate(depth);
        self.traced.push(frontier);
        for way in self.ways.iter_mut().filter(|w| w.failed.is_none()) {
            match way.fits(case, &self.traced, meets, budget) {
                Ok(()) => return None,
                Err(lapse) => way.failed = Some(lapse),
            }
        }
        let failures = self.ways.iter().filter_map(|w| w.failed.clone());
        failures.max_by_key(|lapse| match lapse {
            Lapse::LayerDiffers { depth, .. } => *depth,
            _ => 0,
        })
    }
}

impl Way<'_> {
    /// Whether every traced layer past the last one checked fits this way's; the last traced layer
    /// is the one a meeting came in if `meets`. Layers past the budget are taken as fitting.
    fn fits(
        &mut self,
        case: usize,
        traced: &[usize],
        meets: bool,
        budget: &mut usize,
    ) -> Result<(), Lapse> {
        let last = traced.len() - 1;
        for (depth, &size) in traced.iter().enumerate().skip(self.fits_to + 1) {
            let Some(plain) = self.layer(depth, budget) else {
                break;
            };
            let meets = meets && depth == last;
            if let Some(lapse) = differs(case, Side::Start, depth, size, plain, meets) {
                return Err(lapse);
            }
        }
        self.fits_to = last;
        Ok(())
    }

    /// Layer `depth` of the plain BFS (0 past its end), searched as needed; `None` once the budget
    /// is spent.
    fn layer(&mut self, depth: usize, budget: &mut usize) -> Option<usize> {
        while self.got.len() <= depth {
            if *budget == 0 {
                return None;
            }
            let size = self.layers.next().unwrap_or(0);
            *budget = budget.saturating_sub(size);
            self.got.push(size);
        }
        Some(self.got[depth])
    }
}
