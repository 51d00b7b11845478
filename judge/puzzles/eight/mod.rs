//! Eight, the 8-puzzle: its reference (a plain BFS of all 181,440 boards), its checker, the
//! generator of `judge stress`, and the practice hints.

pub mod checker;
pub mod generator;
pub mod reference;

use super::{Puzzle, Replayer, Written};
use crate::formats::digest;

pub const PUZZLE: Puzzle = Puzzle {
    name: "eight",
    checker: || Box::new(checker::Eight),
    source_digest: digest::of(&[include_bytes!("reference.rs"), include_bytes!("checker.rs")]),
    replay: Some(Replayer {
        frames: checker::frames,
        shortest: checker::shortest,
        written: Written::Letters,
    }),
    drawn: None,
    plain_layers: Some(|input, case| checker::POJ.plain_layers(input, case)),
    lesson: Some(|input, stderr, whole, optima| checker::POJ.coach(input, stderr, whole, optima)),
    stress: Some(generator::stress),
    hints: Some(include_str!("hints.txt")),
    from_grid: None,
};
