//! The first reading of a case's trace: which side grew each time, and from what frontiers. Where
//! the case's goal side is its own (none kept from earlier cases), growing a side whose frontier is
//! more than [`BALANCE`] times the other's is a lapse; so is a start side that outgrows an ungrown
//! goal side which then never grows (one-sided), and a goal side of many roots never weighed, or
//! built with more roots than [`BALANCE`] times the start frontier. A goal side kept from earlier
//! cases is weighed too, with the start side's work since it last grew on the start side's scale.

use super::Goal;
use crate::model::lesson::{Lapse, Lopsided, BALANCE};
use crate::model::trace::{Event, Side};

/// The goal side as the trace has grown it so far: it may be kept from case to case.
pub struct GoalSide {
    /// Its frontier's size; `None` while it is unbuilt with more roots than the reference counts.
    pub front: Option<usize>,
    pub depth: usize,
    pub grew: bool,
    /// The trace said how large it is (`goal side: …`); a goal of one position needs no saying.
    pub weighed: bool,
    /// It has many roots (Huarong's), not one.
    pub many: bool,
    /// Its roots were built (`goal side: N …`), grown or not.
    pub built: bool,
    /// The start side's work since the goal side last grew, across cases: the sum of the start
    /// layers' frontiers. A kept goal side pays for later cases, so it may grow ahead by this much.
    pub owed: usize,
}

impl GoalSide {
    pub fn new(goal: &Goal) -> GoalSide {
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
            built: false,
            owed: 0,
        }
    }
}

/// What one case's choices came to.
pub struct Choices {
    /// The first wrong choice, and the index of the event that shows it.
    pub lapse: Option<(usize, Lapse)>,
    /// Positions each side (start, goal) had visited when the case's trace ended, as its layers
    /// said.
    pub visited: (usize, usize),
}

/// A case's choices as they are read.
struct Walk<'a> {
    case: usize,
    goal: &'a mut GoalSide,
    start_front: usize,
    start_depth: usize,
    /// The goal side is this case's own, not kept from an earlier case: a kept one pays for later
    /// cases too, so the start side's work since it last grew is owed to it.
    fresh: bool,
    /// The start side outgrew an ungrown goal side (one-sided, if the goal never grows in the
    /// case), and first grew from a frontier over [`BALANCE`] times the goal's: each with its event.
    outgrew: Option<(usize, Lapse)>,
    larger: Option<(usize, Lapse)>,
    /// The event where the start side first grew.
    first_growth: Option<usize>,
    visited: (usize, usize),
}

impl Choices {
    /// Reads case `case`'s `events` (up to its meeting), growing `goal` as they say; `roots` is
    /// where a goal side starts afresh.
    pub fn walk(case: usize, events: &[Event], goal: &mut GoalSide, roots: &Goal) -> Choices {
        let mut walk = Walk {
            case,
            fresh: goal.depth == 0,
            goal,
            start_front: 1,
            start_depth: 0,
            outgrew: None,
            larger: None,
            first_growth: None,
            visited: (1, 0),
        };
        let lapse = events
            .iter()
            .enumerate()
            .find_map(|(i, event)| walk.event(i, *event, roots))
            .or_else(|| walk.end());
        let visited = walk.visited;
        Choices { lapse, visited }
    }
}

impl Walk<'_> {
    fn event(&mut self, i: usize, event: Event, roots: &Goal) -> Option<(usize, Lapse)> {
        let case = self.case;
        match event {
            Event::Layer {
                side,
                depth,
                frontier,
                visited,
            } => {
                if side == Side::Goal && depth == 1 && self.goal.depth > 0 {
                    // Grown afresh for this case: weighed as this case's own from here.
                    let weighed = self.goal.weighed;
                    *self.goal = GoalSide {
                        weighed,
                        built: true,
                        ..GoalSide::new(roots)
                    };
                    self.fresh = true;
                }
                let after = match side {
                    Side::Start => self.start_depth,
                    Side::Goal => self.goal.depth,
                };
                if depth != after + 1 {
                    let skipped = Lapse::LayerSkipped {
                        case,
                        side,
                        depth,
                        after,
                    };
                    return Some((i, skipped));
                }
                let lapse = self.chose(i, side);
                if side == Side::Start {
                    (self.start_front, self.start_depth, self.visited.0) =
                        (frontier, depth, visited);
                    self.goal.owed = self.goal.owed.saturating_add(frontier);
                } else {
                    let goal = &mut *self.goal;
                    (goal.front, goal.depth, goal.grew, goal.owed) =
                        (Some(frontier), depth, true, 0);
                    self.visited.1 = visited;
                }
                lapse
            }
            Event::GoalRoots(n) => {
                (self.goal.weighed, self.goal.built) = (true, true);
                if self.goal.depth == 0 {
                    self.goal.front = Some(n);
                }
                // Built while the start frontier was far smaller: its roots were not weighed first.
                let unweighed = self.fresh && n > BALANCE * self.start_front;
                let lopsided = lopsided(self.case, Side::Goal, 0, n, self.start_front);
                unweighed.then_some((i, Lapse::GoalBuiltUnweighed(lopsided)))
            }
            Event::GoalWaits(_) => {
                self.goal.weighed = true;
                None
            }
            Event::Met(m) => {
                // A meeting in a layer the trace did not print: that layer's side was chosen (both
                // sides', if it came from two partial layers).
                if m.start_half > self.start_depth {
                    if let Some(lapse) = self.chose(i, Side::Start) {
                        return Some(lapse);
                    }
                }
                if m.moves - m.start_half > self.goal.depth {
                    let lapse = self.chose(i, Side::Goal);
                    (self.goal.grew, self.goal.owed) = (true, 0);
                    return lapse;
                }
                None
            }
        }
    }

    /// Growing `side` at event `i` from the frontiers as they are. A lopsided start side is told at
    /// once where the goal side has grown; else it waits for the case's end, where a goal side that
    /// never grew makes it one-sided. Beside a goal side kept from earlier cases, the start side's
    /// work since it last grew is owed to it; one grown whole (no frontier) leaves no choice.
    fn chose(&mut self, i: usize, side: Side) -> Option<(usize, Lapse)> {
        if side == Side::Start {
            self.first_growth.get_or_insert(i);
        }
        let goal_front = self.goal.front?;
        let (case, kept) = (self.case, (!self.fresh).then_some(self.goal.owed));
        let larger = |side, depth, frontier, other| {
            let lopsided = lopsided(case, side, depth, frontier, other);
            kept.map_or(Lapse::LargerFirst(lopsided), |owed| {
                Lapse::KeptLarger(lopsided, owed)
            })
        };
        match side {
            Side::Start => {
                let (depth, frontier) = (self.start_depth, self.start_front);
                // Many roots are counted as the reference stores positions, perhaps not as the
                // program does (mirror images as one): only a lopsided choice is sure to be one.
                let outgrown = goal_front * if self.goal.many { BALANCE } else { 1 };
                if !self.goal.grew && frontier > outgrown && self.outgrew.is_none() {
                    let lapse = Lapse::OneSided(lopsided(case, side, depth, frontier, goal_front));
                    self.outgrew = Some((i, lapse));
                }
                let lopsided = goal_front > 0 && frontier > BALANCE * goal_front;
                if lopsided && self.larger.is_none() {
                    let lapse = larger(Side::Start, depth, frontier, goal_front);
                    match self.goal.grew {
                        true => return Some((i, lapse)),
                        false => self.larger = Some((i, lapse)),
                    }
                }
                None
            }
            Side::Goal => {
                let start = self.start_front;
                if goal_front > BALANCE * start.saturating_add(kept.unwrap_or(0)) {
                    let lapse = larger(Side::Goal, self.goal.depth, goal_front, start);
                    return Some((i, lapse));
                }
                // The goal grew after the start side had outgrown it: only a lopsided choice
                // before is a lapse.
                self.outgrew = None;
                self.larger.take()
            }
        }
    }

    /// At the case's end: a start side that grew alone where the goal side should have.
    fn end(&mut self) -> Option<(usize, Lapse)> {
        if self.goal.grew {
            return self.larger.take();
        }
        if let Some(i) = self
            .first_growth
            .filter(|_| self.goal.many && !self.goal.weighed)
        {
            return Some((i, Lapse::GoalNeverWeighed { case: self.case }));
        }
        self.outgrew.take().or_else(|| self.larger.take())
    }
}

fn lopsided(case: usize, side: Side, depth: usize, frontier: usize, other: usize) -> Lopsided {
    Lopsided {
        case,
        side,
        depth,
        frontier,
        other,
    }
}
