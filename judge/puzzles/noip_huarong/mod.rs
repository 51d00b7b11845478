//! NOIP 2013 华容道 (Luogu P1979): its reference (a plain BFS over whole positions, one a query),
//! its checker, the random boards and queries of `judge stress`, the practice hints and the coach's
//! check of the compression.

pub mod boards;
pub mod checker;
pub mod generator;
pub mod lesson;
pub mod reference;

use super::Puzzle;
use crate::formats::digest;

pub const PUZZLE: Puzzle = Puzzle {
    name: "noip_huarong",
    checker: || Box::new(checker::NoipHuarong),
    source_digest: digest::of(&[include_bytes!("reference.rs"), include_bytes!("checker.rs")]),
    replay: None,
    drawn: Some(checker::drawn),
    plain_layers: None,
    lesson: Some(lesson::lesson),
    stress: Some(generator::stress),
    hints: Some(include_str!("hints.txt")),
    from_grid: None,
};
