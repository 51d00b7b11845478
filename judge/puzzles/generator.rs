//! What `judge stress` needs of a puzzle: seeded random inputs, and smaller inputs to try in place of
//! one that failed.

use crate::puzzles::checker::Checker;

pub trait Generator {
    /// Input number `index` of the run `seed` (the same pair always gives the same input), with about
    /// `cases` cases where the format holds several (more where an input at the problem's limits
    /// needs them); and how many it holds.
    fn input(&self, seed: u64, index: u64, cases: u64) -> (String, u64);
    /// Smaller inputs to try in place of `input`, which failed, most promising first; `case` is the
    /// failing case (0-based) when the checker named one.
    fn smaller(&self, input: &str, case: Option<usize>) -> Vec<String>;
}

/// What stressing a puzzle takes: its generator, and a checker whose reference suits many small
/// random inputs.
pub struct Stress {
    pub generator: Box<dyn Generator>,
    pub checker: Box<dyn Checker>,
}
