//! One picture of a replayed answer: the board, the move that led to it, what to highlight.

/// One picture of a replayed answer, for `judge show` and `--html`: the board at the start or after
/// a move, or, for an illegal move, the board before it with where the move tried to go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    pub rows: usize,
    pub cols: usize,
    /// What covers each cell, row-major: a block's name (Eight: the tile's digit), `None` if empty.
    pub cells: Vec<Option<String>>,
    /// The move that led here (or was tried), named as the answer names it; `None` for the start.
    pub caption: Option<String>,
    /// Cells to highlight: where the moved block now is, or where an illegal move tried to go (those
    /// on the board).
    pub marked: Vec<usize>,
    /// The frame shows a move that was not made: it is illegal, and the board is the one before it.
    pub illegal: bool,
    /// The cells the target must cover at the goal (Huarong); empty where the goal is a whole board.
    pub goal: Vec<usize>,
    /// The board shown is solved (never for an illegal move's frame): decided here, where the
    /// target is known, not by whoever draws the frame.
    pub solved: bool,
}
