//! What a command line resolves to, handed to the command: one set of options for every command,
//! each filled by its entry in the table; an option a command does not take keeps its default.

use std::path::PathBuf;

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Options {
    /// `PROBLEM`.
    pub problem: Option<String>,
    /// `SUBMISSION`, the program judged; for `practice`, the exercise's file (`PATH`).
    pub submission: Option<PathBuf>,
    /// `TEST`: the one test `show` and `chart` take, as their second word.
    pub one_test: String,
    /// `INPUT...`: `add`'s input given as words, joined by spaces.
    pub input: Option<String>,
    /// `COMMAND`: the command `help` tells of.
    pub topic: Option<String>,
    /// The tests chosen (`--test`), by number, name or pattern; none: every test.
    pub test: Vec<String>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mib: Option<u64>,
    pub compile_time_limit_ms: Option<u64>,
    pub compile_memory_limit_mib: Option<u64>,
    pub no_sandbox: bool,
    pub json: bool,
    /// Where to write the HTML page of the run, if anywhere.
    pub html: Option<PathBuf>,
    pub verbose: bool,
    pub no_color: bool,
    /// `add`: the input's file, or its grid, and the test's name.
    pub file: Option<PathBuf>,
    pub grid: Option<String>,
    pub name: Option<String>,
    /// `stress`: how many cases to try at most.
    pub cases: u64,
    /// The generator's seed; `None`: one from the clock, printed so the run can be repeated.
    pub seed: Option<u64>,
    /// How long to try at most, milliseconds (given in seconds, fractions allowed).
    pub time_ms: Option<u64>,
    /// Write the shrunk failing input as the problem's next test.
    pub save: bool,
    /// The contestant's own generator, run as `GEN SEED INDEX` for each input.
    pub generator: Option<PathBuf>,
    /// The contestant's brute force, whose answer decides an input too large for the reference.
    pub brute: Option<PathBuf>,
    /// `bench`: timed runs per test, after one warm-up.
    pub runs: u64,
    /// A second submission to compare with, run interleaved with the first.
    pub vs: Option<PathBuf>,
    /// `show` and `chart`: the case shown, counted from 1.
    pub case: usize,
    /// The pause between frames when playing on a terminal, milliseconds.
    pub delay_ms: u64,
    /// Wait for Enter between frames instead (also with a delay of 0).
    pub step: bool,
    /// `chart`'s SVG file; `None`: standard output.
    pub out: Option<PathBuf>,
    /// `practice`: judge the exercise instead of writing it.
    pub check: bool,
}
