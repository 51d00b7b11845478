//! Eight as Baekjoon 1525 asks it: the blank written `0`, three lines of three numbers, POJ's goal
//! `1 2 3 / 4 5 6 / 7 8 0`, and the answer the number of moves or `-1`. Eight's reference serves it,
//! and the counted formats' checker of `eight_luogu` judges it.

pub mod generator;

use super::Puzzle;
use crate::formats::digest;
use crate::puzzles::eight::checker::BOJ;
use crate::puzzles::eight_luogu::checker::Counted;

pub const PUZZLE: Puzzle = Puzzle {
    name: "eight_boj",
    checker: || Box::new(Counted(&BOJ)),
    source_digest: digest::of(&[
        include_bytes!("../eight/reference.rs"),
        include_bytes!("../eight_luogu/checker.rs"),
    ]),
    replay: None,
    drawn: Some(|input, case| BOJ.drawn(input, case)),
    plain_layers: Some(|input, case| BOJ.plain_layers(input, case)),
    lesson: Some(|input, stderr, whole, optima| BOJ.coach(input, stderr, whole, optima)),
    stress: Some(generator::stress),
    hints: None,
    from_grid: None,
};
