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
    source_digest: source_digest(include_bytes!("checker.rs")),
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

/// The digest of the sources a Huarong puzzle's optima and plain layers come from: the reference's
/// parsing and search, the coach's walk, and the puzzle's `checker`.
pub const fn source_digest(checker: &[u8]) -> u64 {
    digest::of(&[
        include_bytes!("reference/mod.rs"),
        include_bytes!("reference/parse.rs"),
        include_bytes!("reference/search.rs"),
        include_bytes!("../two_sided/huarong.rs"),
        checker,
    ])
}
