//! Huarong Dao (Klotski), any layout: its reference (a plain BFS over shape-merged positions), its
//! checker, the `--grid` notation, the random layouts of `judge stress`, and the practice hints.

pub mod checker;
pub mod generator;
pub mod grid;
pub mod layouts;
pub mod reference;
pub mod replayer;

use super::{Puzzle, Replayer};
use crate::formats::digest;

pub const PUZZLE: Puzzle = Puzzle {
    name: "huarong",
    checker: || Box::<checker::Huarong>::default(),
    source_digest: digest::of(&[include_bytes!("reference.rs"), include_bytes!("checker.rs")]),
    replay: Some(Replayer {
        frames: replayer::frames,
        shortest: replayer::shortest,
    }),
    drawn: None,
    plain_layers: Some(checker::plain_layers),
    lesson: Some(checker::coach),
    stress: Some(generator::stress),
    hints: Some(include_str!("hints.txt")),
    from_grid: Some(grid::from_grid),
};
