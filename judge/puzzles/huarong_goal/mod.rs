//! Huarong Dao between two full boards: the start layout and the goal layout, blocks of one shape
//! interchangeable. Huarong's reference searches it (to a whole layout instead of a corner); here
//! are its checker, the random pairs of `judge stress`, and the practice hints.

pub mod checker;
pub mod generator;

use super::huarong::source_digest;
use super::{Puzzle, Replayer};

pub const PUZZLE: Puzzle = Puzzle {
    name: "huarong_goal",
    checker: || Box::<checker::HuarongGoal>::default(),
    source_digest: source_digest(include_bytes!("checker.rs")),
    replay: Some(Replayer {
        frames: checker::frames,
        shortest: checker::shortest,
    }),
    drawn: None,
    plain_layers: Some(checker::plain_layers),
    lesson: Some(checker::coach),
    stress: Some(generator::stress),
    hints: Some(include_str!("hints.txt")),
    from_grid: None,
};
