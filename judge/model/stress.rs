//! What `judge stress` came to: how much it tried, and the failure it found and shrank.

use crate::model::outcome::TestRun;
use crate::model::verdict::Finding;

/// The most runs spent shrinking: each may take up to the wall-clock limit.
pub const MAX_SHRINK_RUNS: usize = 300;
/// How long shrinking may take without `--time`: a TLE's every try runs to the limit, and 300 of
/// them would take a quarter of an hour.
pub const SHRINK_SECONDS: u64 = 60;

/// An input that failed, and how.
pub struct Failure {
    pub input: String,
    pub run: TestRun,
}

/// What the search came to.
#[derive(Default)]
pub struct Searched {
    pub cases: u64,
    pub inputs: u64,
    /// Cases the reference could not solve within its budget, nor a brute force, so nothing was
    /// checked.
    pub skipped: u64,
    /// Cases too large for the reference that the brute force's answer decided (`--brute`).
    pub by_brute: u64,
    /// Whether the failing input was one of them.
    pub failure_by_brute: bool,
    pub seconds: f64,
    /// The failing input, and its index among the seed's inputs.
    pub failure: Option<(u64, Failure)>,
}

/// Why shrinking stopped before it had tried every smaller input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CutShort {
    /// `--time`, or without it [`SHRINK_SECONDS`], ran out.
    Time,
    /// [`MAX_SHRINK_RUNS`] were spent.
    Runs,
}

/// How shrinking went: the smallest failure, the runs it took, and whether it was cut short (the
/// input may then not be the smallest).
pub struct Shrunk {
    pub failure: Failure,
    pub runs: usize,
    pub cut_short: Option<CutShort>,
    /// Not shrunk: the input is written otherwise than shrinking writes inputs (spacing, tabs,
    /// mixed line ends; their line ends aside, which a smaller input keeps), and written so it did
    /// not fail the same way, so its failure may rest on how it is written.
    pub kept_whole: bool,
}

/// The first failure, what it shrank to, and the reference's answer to its failing case.
pub struct Found {
    pub index: u64,
    pub first: Finding,
    pub shrunk: Shrunk,
    pub shortest: Option<String>,
}
