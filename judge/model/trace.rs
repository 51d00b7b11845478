//! What a bidirectional search did, as its `BFS_TRACE=1` trace tells it: per case, the layers each
//! side grew in the order it grew them and where the sides met; and per case, both sides' frontier
//! sizes per depth, which the charts draw.

/// The two ends a bidirectional search grows from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Start,
    Goal,
}

/// One line of a trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A side grew by one whole layer: it is `depth` moves deep now, `frontier` positions wide, and
    /// has visited `visited` positions in all.
    Layer {
        side: Side,
        depth: usize,
        frontier: usize,
        visited: usize,
    },
    /// The goal side's roots, where it has several (Huarong's: every arrangement with the target at
    /// its goal); a goal side that does not say has one, the goal.
    GoalRoots(usize),
    /// The goal side was weighed and found to have more than this many roots: it waits.
    GoalWaits(usize),
    /// The sides met.
    Met(Meeting),
}

/// A whole trace: each case's events, in the order the program printed them.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Trace {
    /// Case `i` (0-based) at index `i`; a case the program printed nothing for has no events.
    pub cases: Vec<Vec<Event>>,
    /// The stderr it came from was cut (only its head was kept): the last case with events may be
    /// incomplete, and later cases are not seen.
    pub cut: bool,
}

impl Trace {
    /// Whether the program printed anything in the format at all.
    pub fn is_empty(&self) -> bool {
        self.cases.iter().all(Vec::is_empty)
    }

    /// The events of case `case` (0-based).
    pub fn case(&self, case: usize) -> &[Event] {
        self.cases.get(case).map_or(&[], Vec::as_slice)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meeting {
    /// Length of the answer, in moves.
    pub moves: usize,
    /// How many of those moves the start side found; the goal side found the rest.
    pub start_half: usize,
    /// Positions each side had visited, where the trace says (Eight counts an unprinted last layer).
    pub visited: Option<(usize, usize)>,
}

/// What a bidirectional search did on one case: its layers per side, for charts.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Frontiers {
    /// `start[d]`: positions the start side first reached `d` moves from the start (`start[0]` = 1).
    pub start: Vec<usize>,
    /// `goal[d]`: positions the goal side first reached `d` moves from its roots; empty if it never
    /// grew in this case (a goal side kept from an earlier case shows only the layers it added).
    pub goal: Vec<usize>,
    /// Where the sides met, if they did.
    pub met: Option<Meeting>,
    /// Positions visited by both sides together, meeting layer included.
    pub visited: usize,
}

impl Frontiers {
    /// The frontiers one case's events draw.
    pub fn of(events: &[Event]) -> Frontiers {
        let mut f = Frontiers {
            start: vec![1],
            ..Frontiers::default()
        };
        let (mut last_start, mut last_goal, mut roots) = (1, 0, None);
        for event in events {
            match *event {
                Event::Layer {
                    side,
                    depth,
                    frontier,
                    visited,
                } => {
                    let (layers, last) = match side {
                        Side::Start => (&mut f.start, &mut last_start),
                        Side::Goal => (&mut f.goal, &mut last_goal),
                    };
                    set_layer(layers, depth, frontier);
                    *last = visited;
                }
                Event::GoalRoots(n) => roots = Some(n),
                Event::GoalWaits(_) => {}
                Event::Met(m) => {
                    f.met = Some(m);
                    if let Some((a, b)) = m.visited {
                        last_start = a;
                        last_goal = b;
                    }
                }
            }
        }
        if !f.goal.is_empty() || roots.is_some() {
            set_layer(&mut f.goal, 0, roots.unwrap_or(1));
            last_goal = last_goal.max(roots.unwrap_or(1));
        }
        f.visited = last_start.saturating_add(last_goal);
        f
    }
}

fn set_layer(layers: &mut Vec<usize>, depth: usize, size: usize) {
    layers.resize(layers.len().max(depth + 1), 0);
    layers[depth] = size;
}
