//! Everything the judge knows about each puzzle, one folder a puzzle (its reference, checker,
//! generator and practice hints), and the registry that `problem.toml`'s `checker` names them by.

pub mod checker;
pub mod generator;
pub mod rng;
pub mod two_sided;

use crate::model::error::JudgeError;
use checker::Checker;
use generator::Stress;

/// One puzzle as the judge knows it.
pub struct Puzzle {
    /// The name `problem.toml`'s `checker` gives.
    pub name: &'static str,
    /// A checker whose reference solves every test.
    pub checker: fn() -> Box<dyn Checker>,
    /// A digest of the sources the optima come from (`formats::digest::of` the reference and the
    /// checker): optima cached by another version of them are solved again.
    pub source_digest: u64,
    /// For `judge stress`: random inputs, and a checker suited to many of them.
    pub stress: Option<fn() -> Stress>,
    /// For `judge practice`: the hints written in place of the solution's search; `@PATH@` stands
    /// for the exercise's file.
    pub hints: Option<&'static str>,
    /// For `judge add --grid`: the puzzle's compact notation turned into an input.
    pub from_grid: Option<FromGrid>,
}

/// A compact notation turned into an input, or why it cannot be.
pub type FromGrid = fn(&str) -> Result<String, String>;

/// The registry: adding a puzzle is one more name here, which also declares its folder.
macro_rules! registry {
    ($($name:ident),+) => {
        $(pub mod $name;)+
        /// Every puzzle the judge knows.
        pub const ALL: &[Puzzle] = &[$($name::PUZZLE),+];
    };
}

registry!(eight, eight_luogu, huarong, huarong_goal, noip_huarong);

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

    #[test]
    fn every_puzzle_has_its_own_name_and_a_checker_that_knows_its_answers() {
        let mut names: Vec<&str> = ALL.iter().map(|p| p.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), ALL.len());
        let replays: Vec<bool> = ALL.iter().map(|p| (p.checker)().replays()).collect();
        assert_eq!(
            replays,
            [true, false, true, true, false],
            "P1379's and NOIP's answers are numbers"
        );
        let layered: Vec<bool> = ALL.iter().map(|p| (p.checker)().layered()).collect();
        assert_eq!(
            layered,
            [true, true, true, true, false],
            "NOIP's search is Dijkstra's"
        );
    }

    /// What `-v` shows beside a wrong answer must itself be right: on each puzzle's random inputs,
    /// the reference's answers, case by case, are accepted by its own checker at the optimum.
    #[test]
    fn the_shortest_answers_the_reference_shows_are_accepted_at_the_optimum() {
        use crate::model::verdict::{Checked, Cost};
        let mut shown = Vec::new();
        for puzzle in ALL {
            let Some(Stress { generator, checker }) = puzzle.stress.map(|make| make()) else {
                continue;
            };
            let mut cases_shown = 0;
            // Each seed's first 150 Huarong inputs: boards up to 4×4, then 5×5, and every 25th at
            // the limits (8×8, a search of up to 100,000 positions), taken from seed 1 alone.
            let inputs = (1..=5).flat_map(|seed| (0..150).map(move |i| (seed, i)));
            for (seed, index) in inputs.filter(|&(seed, i)| seed == 1 || i % 25 != 24) {
                let (input, cases) = generator.input(seed, index, 10);
                let Ok(optima) = checker.optima(input.as_bytes()) else {
                    continue; // too large for the stress budget: nothing to show either
                };
                let answers: Option<Vec<String>> = (0..cases as usize)
                    .map(|case| checker.shortest_answer(input.as_bytes(), case))
                    .collect();
                let Some(answers) = answers else { break };
                let output: String = answers
                    .iter()
                    .map(|a| a.trim_end().to_string() + "\n")
                    .collect();
                let total = optima.iter().flatten().sum();
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
        let expected = [
            ("eight", true),
            ("eight_luogu", false),
            ("huarong", true),
            ("huarong_goal", true),
            ("noip_huarong", false),
        ];
        assert_eq!(
            shown, expected,
            "P1379's and NOIP's answers are numbers: the rejection names the optimum"
        );
    }

    #[test]
    fn plain_layers_reach_the_goal_layer() {
        // `r` solves `1234567x8` in one move; the blank in the bottom row has three neighbours.
        let eight = (eight::PUZZLE.checker)();
        assert_eq!(eight.plain_layers(b"1234567x8", 0), Ok(vec![1, 3]));
        assert_eq!(eight.plain_layers(b"12345678x", 0), Ok(vec![1]));
        assert_eq!(
            eight.plain_layers(b"12345678x 1234567x8", 1),
            Ok(vec![1, 3])
        );
        let goal = eight.goal_layers(b"12345678x", 0).expect("one goal");
        assert_eq!((goal[..3].to_vec(), goal.len()), (vec![1, 2, 4], 32));
        assert_eq!(goal.iter().sum::<usize>(), 181_440);
        let sample = include_bytes!("../../problems/huarong/tests/001-hackerrank-sample.in");
        let layers = (huarong::PUZZLE.checker)()
            .plain_layers(sample, 0)
            .expect("the sample parses");
        let text = std::str::from_utf8(sample).expect("UTF-8");
        let puzzle = huarong::reference::parse(text).expect("the sample parses");
        let optimum = huarong::reference::optimum(&puzzle).expect("solvable");
        assert_eq!(layers.len() as u64, optimum + 1);
        // The L needs three moves to turn this start into this goal: four layers, through the goal's.
        let pair = b"2 4\n. A B .\n. B B C\n\nC B A .\nB B . .\n";
        let layers = (huarong_goal::PUZZLE.checker)().plain_layers(pair, 0);
        assert_eq!(layers.map(|l| l.len()), Ok(4));
        let noip = (noip_huarong::PUZZLE.checker)();
        assert!(noip.plain_layers(b"1 1 0\n1\n", 0).is_err());
    }
}
