//! What judging needs from the command line, resolved once by the command that runs: the limits'
//! overrides, the compiler's caps, how programs run and what is shown. Below `commands/` nothing sees
//! the arguments themselves.

use crate::model::limits::{self, Limits};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The command line's CPU limit, milliseconds, over the problem's.
    pub time_limit_ms: Option<u64>,
    /// The command line's memory limit, MiB, over the problem's.
    pub memory_limit_mib: Option<u64>,
    /// The compiler's caps: CPU, memory, and the largest file it may write.
    pub compile_caps: Limits,
    /// Contain runs in namespaces where the machine allows it; else, by choice, the process group.
    pub sandbox: bool,
    /// Programs run with `BFS_TRACE=1`, and a trace they print is shown (the judge's `-v`).
    pub trace: bool,
    /// Each test not accepted shows its input, output and stderr heads (`-v`).
    pub verbose: bool,
    /// Keep one case's answer replayed for each test (`--html`).
    pub replay: bool,
    /// Print the table as tests finish (off with `--json`, which prints one document at the end).
    pub table: bool,
    /// Colour the table: asked for, and stdout is a terminal.
    pub color: bool,
    /// The terminal's columns (`COLUMNS`, else stdout's size), to which `-v` clips a line of
    /// stderr; `None`: lines whole.
    pub width: Option<usize>,
    /// How the user runs this judge (`judge`, `cargo run --bin judge --`), for the commands it
    /// prints in its advice.
    pub invocation: String,
}

impl Settings {
    /// A problem's limits with the command line's overrides.
    pub fn limits(&self, problem: Limits) -> Limits {
        problem.overridden(self.time_limit_ms, self.memory_limit_mib)
    }
}

impl Default for Settings {
    /// The judge with no options, printing no colour: what tests start from.
    fn default() -> Settings {
        Settings {
            time_limit_ms: None,
            memory_limit_mib: None,
            compile_caps: limits::COMPILE,
            sandbox: true,
            trace: false,
            verbose: false,
            replay: false,
            table: true,
            color: false,
            width: None,
            invocation: "judge".into(),
        }
    }
}
