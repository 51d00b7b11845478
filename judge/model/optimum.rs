//! A case's optimum by the reference: the fewest moves that solve it, or that nothing does.

/// The fewest moves that solve a case, or that no sequence of moves does. Ordered by how hard a
/// search it takes: by moves, and an unsolvable case (a search that runs out) above all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Optimum {
    Moves(u64),
    Unsolvable,
}

impl Optimum {
    /// What an optimal answer costs: its moves, and nothing where there is no way.
    pub fn cost(self) -> u64 {
        match self {
            Optimum::Moves(n) => n,
            Optimum::Unsolvable => 0,
        }
    }

    /// Whether an answer must search: the case is solvable, and not solved already.
    pub fn needs_search(self) -> bool {
        matches!(self, Optimum::Moves(n) if n >= 1)
    }
}
