//! Random inputs for `judge stress`, one generator a problem, and how to make a failing input smaller.

pub mod eight;
pub mod grids;
pub mod huarong;
#[allow(dead_code)] // the solution's differential test (tests/huarong_random.rs) uses the rest
pub mod klotski;
pub mod noip_huarong;
pub mod rng;

use crate::check::{self, Checker};
use crate::error::JudgeError;
use crate::problem::Problem;

pub trait Generator {
    /// Input number `index` of the run `seed` (the same pair always gives the same input), with about
    /// `cases` cases where the format holds several; and how many it holds.
    fn input(&self, seed: u64, index: u64, cases: u64) -> (String, u64);
    /// Smaller inputs to try in place of `input`, which failed, most promising first; `case` is the
    /// failing case (0-based) when the checker named one.
    fn smaller(&self, input: &str, case: Option<usize>) -> Vec<String>;
}

/// What stressing a problem takes: its generator, and a checker whose reference suits many small
/// random inputs.
pub struct Stress {
    pub generator: Box<dyn Generator>,
    pub checker: Box<dyn Checker>,
}

type MakeStress = fn() -> Stress;

/// The registry, as `CHECKERS` in `check/mod.rs`: one line a problem that can be stressed.
const GENERATORS: [(&str, MakeStress); 3] = [
    ("eight", eight::stress),
    ("huarong", huarong::stress),
    ("noip_huarong", noip_huarong::stress),
];

/// The generator for the problem's checker, or an error that says which problems have one.
pub fn of(problem: &Problem) -> Result<Stress, JudgeError> {
    check::checker_of(problem)?; // an unknown checker is reported as the judge reports it
    let found = GENERATORS.iter().find(|(name, _)| *name == problem.checker);
    found.map(|(_, make)| make()).ok_or_else(|| {
        let known: Vec<&str> = GENERATORS.iter().map(|(name, _)| *name).collect();
        JudgeError::new(format!(
            "problem `{}` has no generator for `judge stress`",
            problem.name
        ))
        .with_fix(format!(
            "stress a problem whose checker has one: {}",
            known.join(", ")
        ))
    })
}
