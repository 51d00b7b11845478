//! Eight, the 8-puzzle: its reference (a plain BFS of all 181,440 boards), its checker, the
//! generator of `judge stress`, and the practice hints.

pub mod checker;
pub mod generator;
pub mod reference;

use super::Puzzle;
use crate::formats::digest;

pub const PUZZLE: Puzzle = Puzzle {
    name: "eight",
    checker: || Box::<checker::Eight>::default(),
    source_digest: digest::of(&[include_bytes!("reference.rs"), include_bytes!("checker.rs")]),
    stress: Some(generator::stress),
    hints: Some(include_str!("hints.txt")),
    from_grid: None,
};
