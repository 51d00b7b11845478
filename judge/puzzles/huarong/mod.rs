//! Huarong Dao (Klotski), any layout: its reference (a plain BFS over shape-merged positions), its
//! checker, the `--grid` notation, the random layouts of `judge stress`, and the practice hints.

pub mod checker;
pub mod generator;
pub mod grid;
pub mod layouts;
pub mod reference;
pub mod replayer;

use super::{Puzzle, Replayer, Written};
use crate::formats::digest;
use reference::Puzzle as Board;

pub const PUZZLE: Puzzle = Puzzle {
    name: "huarong",
    checker: || Box::new(checker::Huarong::within(checker::MAX_STATES)),
    source_digest: SOURCE_DIGEST,
    replay: Some(Replayer {
        frames: replayer::frames::<Board>,
        shortest: replayer::shortest::<Board>,
        written: Written::Lines,
    }),
    drawn: None,
    plain_layers: Some(checker::plain_layers),
    lesson: Some(checker::coach::<Board>),
    stress: Some(generator::stress),
    hints: Some(include_str!("hints.txt")),
    from_grid: Some(grid::from_grid),
};

/// The digest of the sources both Huarong puzzles' optima and plain layers come from: the
/// reference's parsing and search, the coach's walk, and the checkers.
pub const SOURCE_DIGEST: u64 = digest::of(&[
    include_bytes!("reference/mod.rs"),
    include_bytes!("reference/parse.rs"),
    include_bytes!("reference/search.rs"),
    include_bytes!("../two_sided/huarong.rs"),
    include_bytes!("checker.rs"),
]);
