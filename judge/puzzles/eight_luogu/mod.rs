//! Eight as Luogu P1379 asks it: the blank written `0`, the goal `1 2 3 / 8 0 4 / 7 6 5`, and the
//! answer the number of moves. Eight's reference serves it, aimed at that goal.

pub mod checker;
pub mod generator;

use super::Puzzle;
use crate::formats::digest;
use crate::puzzles::eight::checker::LUOGU;

pub const PUZZLE: Puzzle = Puzzle {
    name: "eight_luogu",
    checker: || Box::new(checker::Counted(&LUOGU)),
    source_digest: digest::of(&[
        include_bytes!("../eight/reference.rs"),
        include_bytes!("checker.rs"),
    ]),
    replay: None,
    drawn: Some(|input, case| LUOGU.drawn(input, case)),
    plain_layers: Some(|input, case| LUOGU.plain_layers(input, case)),
    lesson: Some(|input, stderr, whole, optima| LUOGU.coach(input, stderr, whole, optima)),
    stress: Some(generator::stress),
    hints: None,
    from_grid: None,
};
