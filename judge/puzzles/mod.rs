//! Everything the judge knows about each puzzle, one folder a puzzle (its reference, checker,
//! generator and practice hints), and the registry that `problem.toml`'s `checker` names them by.

pub mod checker;
pub mod eight;
pub mod eight_boj;
pub mod eight_luogu;
pub mod generator;
pub mod huarong;
pub mod huarong_goal;
pub mod noip_huarong;
pub mod play;
pub mod rng;
pub mod two_sided;
pub mod walk;

use crate::model::error::JudgeError;
use crate::model::frame::Frame;
use crate::model::lesson::Lesson;
use crate::model::optimum::Optimum;
use checker::Checker;
use generator::Stress;

/// One puzzle as the judge knows it: a checker, and what only some puzzles can do, each `None`
/// where the puzzle cannot.
pub struct Puzzle {
    /// The name `problem.toml`'s `checker` gives.
    pub name: &'static str,
    /// A checker whose reference solves every test.
    pub checker: fn() -> Box<dyn Checker>,
    /// A digest of the sources the optima come from (`formats::digest::of` the reference and the
    /// checker): optima cached by another version of them are solved again.
    pub source_digest: u64,
    /// For `-v`, `judge show`, `--html` and `judge stress`, where an answer is a list of moves.
    pub replay: Option<Replayer>,
    /// For `-v` and `judge stress`, where an answer is no list of moves (NOIP's is a number).
    pub drawn: Option<Drawn>,
    /// For `-v`'s trace, `judge chart` and the coach, where the search is a layered one.
    pub plain_layers: Option<PlainLayers>,
    /// For `judge practice --check`, where the problem teaches a technique a trace can show.
    pub lesson: Option<Coach>,
    /// For `judge stress`: random inputs, and a checker suited to many of them.
    pub stress: Option<fn() -> Stress>,
    /// For `judge practice`: the hints written in place of the solution's search; `@PATH@` stands
    /// for the exercise's file.
    pub hints: Option<&'static str>,
    /// For `judge add --grid`: the puzzle's compact notation turned into an input.
    pub from_grid: Option<FromGrid>,
}

/// A puzzle whose answers are lists of moves: they replay, and the reference has its own.
pub struct Replayer {
    pub frames: Frames,
    /// The reference's own answer to case `case` (0-based) of `input`, as a program prints it: what
    /// `-v` and `judge stress` show beside a wrong one. `None` if the reference cannot give one.
    pub shortest: fn(input: &[u8], case: usize) -> Option<String>,
    /// How an answer writes its moves, for `judge play`.
    pub written: Written,
}

/// How an answer writes its moves: a letter each on one line (Eight), or a line each after their
/// count (Huarong).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Letters,
    Lines,
}

/// The answer to case `case` (0-based) of `input` in `output`, replayed frame by frame: the start,
/// one frame a legal move, and a last frame marked illegal if a move is; `Err` if the input or case
/// is not there.
pub type Frames = fn(input: &[u8], output: &[u8], case: usize) -> Result<Vec<Frame>, String>;

/// Case `case` (0-based) of `input` drawn, `None` if it is not there.
pub type Drawn = fn(input: &[u8], case: usize) -> Option<String>;

/// How many positions a plain one-sided BFS from case `case` (0-based) of `input` first reaches at
/// each depth, up to the goal's layer: what a bidirectional search's start side should match.
pub type PlainLayers = fn(input: &[u8], case: usize) -> Result<Vec<usize>, String>;

/// The coach's word on a run over `input` that wrote `stderr` with `BFS_TRACE=1`: what it shows of
/// the technique the problem teaches, against the reference and the cases' `optima`. `whole`: the
/// run ended by itself, so its trace was not stopped half-way.
pub type Coach =
    fn(input: &[u8], stderr: &str, whole: bool, optima: &[Optimum]) -> Result<Lesson, String>;

/// A compact notation turned into an input, or why it cannot be.
pub type FromGrid = fn(&str) -> Result<String, String>;

/// Every puzzle the judge knows: adding one is its folder below, and its `PUZZLE` here.
pub const ALL: &[Puzzle] = &[
    eight::PUZZLE,
    eight_boj::PUZZLE,
    eight_luogu::PUZZLE,
    huarong::PUZZLE,
    huarong_goal::PUZZLE,
    noip_huarong::PUZZLE,
];

/// The puzzle named `checker` among `puzzles`, as problem `problem` names it, or an error that
/// lists the known ones.
pub fn of<'a>(
    puzzles: &'a [Puzzle],
    problem: &str,
    checker: &str,
) -> Result<&'a Puzzle, JudgeError> {
    let found = puzzles.iter().find(|p| p.name == checker);
    found.ok_or_else(|| {
        let known: Vec<&str> = puzzles.iter().map(|p| p.name).collect();
        JudgeError::new(format!(
            "problem `{problem}` names an unknown checker `{checker}`"
        ))
        .with_fix(format!(
            "set `checker` in problem.toml to one of: {}",
            known.join(", ")
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::verdict::{Checked, Cost};

    #[test]
    fn every_puzzle_has_its_own_name_and_says_what_it_can() {
        let mut names: Vec<&str> = ALL.iter().map(|p| p.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), ALL.len());
        let can = |has: fn(&Puzzle) -> bool| ALL.iter().map(has).collect::<Vec<bool>>();
        let replays = can(|p| p.replay.is_some());
        let counted = "BOJ 1525's, P1379's and NOIP's answers are numbers";
        assert_eq!(
            replays,
            [true, false, false, true, true, false],
            "{counted}"
        );
        assert_eq!(
            can(|p| p.drawn.is_some()),
            [false, true, true, false, false, true],
            "{counted}, so their boards are drawn"
        );
        let layered = can(|p| p.plain_layers.is_some());
        assert_eq!(
            layered,
            [true, true, true, true, true, false],
            "NOIP's search is Dijkstra's"
        );
        assert!(can(|p| p.lesson.is_some()).iter().all(|&coached| coached));
    }

    /// What `-v` shows beside a wrong answer must itself be right: on each puzzle's random inputs,
    /// the reference's answers, case by case, are accepted by its own checker at the optimum.
    #[test]
    fn the_references_shown_answers_are_accepted_at_the_optimum() {
        let mut shown = Vec::new();
        for puzzle in ALL {
            let (Some(replay), Some(stress)) = (&puzzle.replay, puzzle.stress) else {
                continue;
            };
            let Stress { generator, checker } = stress();
            let mut cases_shown = 0;
            // Each seed's first 150 Huarong inputs: boards up to 4×4, then 5×5, and every 25th at
            // the limits (8×8, a search of up to 100,000 positions), taken from seed 1 alone.
            let inputs = (1..=5).flat_map(|seed| (0..150).map(move |i| (seed, i)));
            for (seed, index) in inputs.filter(|&(seed, i)| seed == 1 || i % 25 != 24) {
                let (input, cases) = generator.input(seed, index, 10);
                let Ok(optima) = checker.optima(input.as_bytes()) else {
                    continue; // too large for the stress budget: nothing to show either
                };
                let answer = |case| (replay.shortest)(input.as_bytes(), case).expect("an answer");
                let output: String = (0..cases as usize)
                    .map(|case| answer(case).trim_end().to_string() + "\n")
                    .collect();
                let total = optima.iter().map(|o| o.cost()).sum();
                let cost = Cost {
                    moves: total,
                    optimum: total,
                };
                let found = checker.check(input.as_bytes(), output.as_bytes(), &optima);
                assert_eq!(
                    found,
                    Checked::Accepted(cost),
                    "{}: {input}\n{output}",
                    puzzle.name
                );
                cases_shown += cases;
            }
            shown.push((puzzle.name, cases_shown > 0));
        }
        let expected = [("eight", true), ("huarong", true), ("huarong_goal", true)];
        assert_eq!(shown, expected);
    }

    #[test]
    fn plain_layers_reach_the_goal_layer() {
        // `r` solves `1234567x8` in one move; the blank in the bottom row has three neighbours.
        let eight = eight::PUZZLE.plain_layers.expect("layered");
        assert_eq!(eight(b"1234567x8", 0), Ok(vec![1, 3]));
        assert_eq!(eight(b"12345678x", 0), Ok(vec![1]));
        assert_eq!(eight(b"12345678x 1234567x8", 1), Ok(vec![1, 3]));
        let goal = eight::checker::POJ.distances().layer_counts();
        assert_eq!((goal[..3].to_vec(), goal.len()), (vec![1, 2, 4], 32));
        assert_eq!(goal.iter().sum::<usize>(), 181_440);
        let sample = include_bytes!("../../problems/huarong/tests/001-hackerrank-sample.in");
        let huarong = huarong::PUZZLE.plain_layers.expect("layered");
        let layers = huarong(sample, 0).expect("the sample parses");
        let text = std::str::from_utf8(sample).expect("UTF-8");
        let puzzle = huarong::reference::parse(text).expect("the sample parses");
        let optimum = huarong::reference::optimum(&puzzle);
        assert_eq!(
            optimum,
            huarong::reference::Answer::Moves(layers.len() as u64 - 1)
        );
        // The L needs three moves to turn this start into this goal: four layers, through the goal's.
        let pair = b"2 4\n. A B .\n. B B C\n\nC B A .\nB B . .\n";
        let layers = (huarong_goal::PUZZLE.plain_layers.expect("layered"))(pair, 0);
        assert_eq!(layers.map(|l| l.len()), Ok(4));
    }
}
