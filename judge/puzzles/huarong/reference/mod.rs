//! The judge's own answer key for Huarong Dao (Klotski), for both goals the judge knows: the target
//! block at a corner (`huarong`) and a whole layout (`huarong_goal`, two full boards). Here the
//! nouns; `parse` reads an input, `search` is the plain BFS that finds the optimum, `replay` checks
//! an answer. Deliberately naive and separate from `src/bin/`, so a bug there cannot hide here.
//! Outside its tests it names nothing from the crate: `problems/huarong/plain_bfs.rs` and
//! `problems/huarong_goal/plain_bfs.rs` compile it alone.

pub mod parse;
pub mod replay;
pub mod search;

use search::{canonical, encode, shape_classes, start_state, Goal};

pub use parse::{clip, parse, parse_layouts};
pub use replay::{play, read_move, replay, Wrong};
pub use search::{moves_from, optimum, search, search_within, shortest_within, Ends, TooLarge};

/// What counts as one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// One block, any distance along any free path (HackerRank's and Gardner's count).
    Moves,
    /// One block, one direction, any distance.
    Straight,
    /// One block, one cell.
    Steps,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub name: String,
    /// Offsets from the top-left corner of the bounding box, sorted.
    pub cells: Vec<(usize, usize)>,
    /// Where that corner starts.
    pub at: (usize, usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub rows: usize,
    pub cols: usize,
    pub blocks: Vec<Block>,
    /// Index into `blocks`.
    pub target: usize,
    /// Where the target's corner must end up.
    pub goal: (usize, usize),
    pub metric: Metric,
}

/// Two full boards of the same blocks (`huarong_goal`): the blocks as the start layout places and
/// names them, and for each one the corner of a goal block of its shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layouts {
    pub rows: usize,
    pub cols: usize,
    pub blocks: Vec<Block>,
    /// `goal[b]`: the corner of the goal block matched with block `b`, the blocks of one shape
    /// matched in the order of their first cells. Blocks of one shape are interchangeable, so any
    /// matching gives the same goal.
    pub goal: Vec<Pos>,
    pub metric: Metric,
}

/// What the search and the replay ask of an input, whichever its goal: a board with the target's
/// goal corner (`Puzzle`), or a pair of layouts (`Layouts`).
pub trait Input: Sized {
    /// What one input is, for messages: `one board`.
    const ONE: &'static str;
    /// Reads and validates an input; errors name the line.
    fn read(text: &str) -> Result<Self, String>;
    fn rules(&self) -> Rules<'_>;
    /// Where a search starts and where it stops.
    fn ends(&self) -> Ends;
    /// Whether `k` moves that leave the blocks' corners at `at` reach the goal, or why not.
    fn check_goal(&self, at: &[Pos], k: usize) -> Result<(), String>;
    /// The block whose corner is the goal, and that corner; `None` where the goal is a layout.
    fn target(&self) -> Option<(usize, Pos)>;
}

impl Input for Puzzle {
    const ONE: &'static str = "one board";

    fn read(text: &str) -> Result<Self, String> {
        parse(text)
    }

    fn rules(&self) -> Rules<'_> {
        Rules {
            rows: self.rows,
            cols: self.cols,
            blocks: &self.blocks,
            metric: self.metric,
        }
    }

    /// The target is told apart from the blocks of its shape: the goal names it.
    fn ends(&self) -> Ends {
        let rules = self.rules();
        let classes = shape_classes(&rules, Some(self.target));
        let goal = Goal::Corner {
            target: self.target,
            cell: encode(&rules, self.goal),
        };
        Ends {
            start: start_state(&rules, &classes),
            classes,
            goal,
        }
    }

    fn check_goal(&self, at: &[Pos], k: usize) -> Result<(), String> {
        let (Some(target), Some(&end)) = (self.blocks.get(self.target), at.get(self.target)) else {
            return Err("the puzzle has no target".into());
        };
        if end == self.goal {
            return Ok(());
        }
        let (name, end, goal) = (&target.name, show(end), show(self.goal));
        Err(match k {
            0 => format!("says 0 moves, but the target {name} is at {end}, not {goal}"),
            _ => format!("after the last move the target {name} is at {end}, not {goal}"),
        })
    }

    fn target(&self) -> Option<(usize, Pos)> {
        Some((self.target, self.goal))
    }
}

impl Input for Layouts {
    const ONE: &'static str = "one pair of layouts";

    fn read(text: &str) -> Result<Self, String> {
        parse_layouts(text)
    }

    fn rules(&self) -> Rules<'_> {
        Rules {
            rows: self.rows,
            cols: self.cols,
            blocks: &self.blocks,
            metric: self.metric,
        }
    }

    /// No block is told apart: every block of a shape may stand on any of that shape's goal cells.
    fn ends(&self) -> Ends {
        let rules = self.rules();
        let classes = shape_classes(&rules, None);
        let goal = self.goal.iter().map(|&at| encode(&rules, at)).collect();
        Ends {
            start: start_state(&rules, &classes),
            goal: Goal::Layout(canonical(&classes, goal)),
            classes,
        }
    }

    /// The goal layout, up to swaps of same-shape blocks.
    fn check_goal(&self, at: &[Pos], k: usize) -> Result<(), String> {
        let Some(b) = self.unfilled(at) else {
            return Ok(());
        };
        let (name, corner) = (&self.blocks[b].name, show(self.goal[b]));
        let missing = format!("no block of {name}'s shape has its corner at {corner}");
        Err(match k {
            0 => format!("says 0 moves, but the start is not the goal layout: {missing}"),
            _ => format!("after the last move the board is not the goal layout: {missing}"),
        })
    }

    fn target(&self) -> Option<(usize, Pos)> {
        None
    }
}

/// What moves depend on: the board, its blocks (their shapes) and the metric.
#[derive(Debug, Clone, Copy)]
pub struct Rules<'a> {
    pub rows: usize,
    pub cols: usize,
    pub blocks: &'a [Block],
    pub metric: Metric,
}

/// What a valid answer claims: so many moves, or no way. The optimum is what a shortest answer
/// claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Unsolvable,
    Moves(u64),
}

/// A cell, or a block's corner: (row, column).
pub type Pos = (usize, usize);

/// Whether cells with these offsets all lie on the board with their corner at `at`.
pub(crate) fn on_board(rows: usize, cols: usize, cells: &[Pos], at: Pos) -> bool {
    cells.iter().all(|&(dr, dc)| {
        // `at` may come from the input, so the sums must not overflow.
        let r = at.0.checked_add(dr);
        let c = at.1.checked_add(dc);
        r.is_some_and(|r| r < rows) && c.is_some_and(|c| c < cols)
    })
}

/// A corner as answers and messages write it: `(r,c)`.
fn show((r, c): Pos) -> String {
    format!("({r},{c})")
}

/// What the reference's tests, and its callers' tests, share: the sample and parsing that fails loud.
#[cfg(test)]
pub(crate) mod testing {
    use super::{parse, parse_layouts, Layouts, Puzzle};

    /// A 3×4 board: the L-shaped target B must bring its corner to (0, 1).
    pub const SAMPLE: &str = "3 4\nA A C .\nA B C .\nB B . .\nB\n0 1\n";

    pub fn puzzle(input: &str) -> Puzzle {
        parse(input).unwrap_or_else(|e| panic!("{e}"))
    }

    pub fn layouts(input: &str) -> Layouts {
        parse_layouts(input).unwrap_or_else(|e| panic!("{e}"))
    }
}
