//! What a bidirectional search did on one case, as its `BFS_TRACE=1` trace tells it: both sides'
//! frontier sizes per depth and where they met.

/// What a bidirectional search did on one case, as its trace tells it.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Frontiers {
    /// `start[d]`: positions the start side first reached `d` moves from the start (`start[0]` = 1).
    pub start: Vec<usize>,
    /// `goal[d]`: positions the goal side first reached `d` moves from its roots; empty if never built.
    pub goal: Vec<usize>,
    /// Where the sides met, if they did.
    pub met: Option<Meeting>,
    /// Positions visited by both sides together, meeting layer included.
    pub visited: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meeting {
    /// Length of the answer, in moves.
    pub moves: usize,
    /// How many of those moves the start side found; the goal side found the rest.
    pub start_half: usize,
}
