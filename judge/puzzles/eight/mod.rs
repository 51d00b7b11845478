//! Eight, the 8-puzzle: its reference (a plain BFS of all 181,440 boards), its checker, the
//! generator of `judge stress`, and the practice hints.

pub mod checker;
pub mod generator;
pub mod reference;

use super::Puzzle;

pub const PUZZLE: Puzzle = Puzzle {
    name: "eight",
    checker: || Box::<checker::Eight>::default(),
    stress: Some(generator::stress),
    hints: Some(include_str!("hints.txt")),
    from_grid: None,
};
