//! A runnable program and what one run of it did: how it ended, what it used, what it wrote.

use crate::model::limits::Limits;
use crate::model::status::Status;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Where a sandboxed run finds copies of the files it is given that its root does not show (its
/// input, a binary or script from the cache), each by its file name: paths that tell it nothing of
/// the host's.
pub const GIVEN_DIR: &str = "/run";

/// A runnable submission: an executable and its arguments (an interpreter and the script, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    pub path: PathBuf,
    pub args: Vec<OsString>,
    /// A script's path as the user gave it: its last argument is a copy, which the run reaches
    /// through `/proc/self/fd/N` or in [`GIVEN_DIR`], and a traceback should name the user's file.
    pub shown: Option<String>,
}

impl Program {
    /// `stderr` with each traceback line `  File "COPY"` naming the script as the user gave it.
    pub fn named(&self, stderr: &str) -> String {
        let Some(shown) = &self.shown else {
            return stderr.to_string();
        };
        // The copy: its path, or in the sandbox the descriptor or the copy it is reached through.
        let last = self.args.last().map(PathBuf::from);
        let given = last
            .as_ref()
            .and_then(|a| Some(Path::new(GIVEN_DIR).join(a.file_name()?)));
        let copy = |p: &str| {
            p.starts_with("/proc/self/fd/")
                || [&last, &given]
                    .iter()
                    .any(|c| c.as_deref() == Some(Path::new(p)))
        };
        let line = |l: &str| match l.strip_prefix("  File \"").and_then(|r| r.split_once('"')) {
            Some((path, after)) if copy(path) => format!("  File \"{shown}\"{after}"),
            _ => l.to_string(),
        };
        stderr.split_inclusive('\n').map(line).collect()
    }
}

/// What one run did and wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Execution {
    pub measured: Measurement,
    /// It wrote more than the output limit (only the limit and one byte came back).
    pub output_exceeded: bool,
    pub stdout: Vec<u8>,
    /// The head and tail of its stderr (4 KiB each; the head up to 1 MiB when it ran traced), lossily
    /// decoded; when some was left out between them, a line [`CUT`] stands there.
    pub stderr: String,
    /// Set when the launcher brought back no report (the measurement is then empty), and why.
    pub lost: Option<String>,
}

/// The line that stands for the part of a long stderr that was not kept.
pub const CUT: &str = "[...]";

/// Why the launcher ended a run before the program ended by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The tree's CPU time passed the limit.
    Cpu,
    /// The tree's resident memory passed the limit.
    Memory,
    /// The wall clock passed its budget: the program slept or blocked.
    Wall,
    /// A process of the tree ignores SIGCHLD while it has children: the kernel discards their CPU
    /// time when they end, so the tree's could not be counted.
    UncountedChildren,
    /// The run's folder is full: the sandbox caps what it holds, the fallback what its files
    /// take on disk.
    Disk,
    /// The run's cgroup met its memory cap (`memory.failcnt`), which also counts what no process
    /// shows (kernel memory, page cache), while the memory seen held stayed within the limit.
    MemoryCap,
    /// Stdout takes more than the output limit on its file system (reserved, not written).
    Output,
}

/// How a run was contained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sandbox {
    /// Fresh user, PID, mount and network namespaces: the run is the whole PID namespace.
    Namespaces,
    /// The fallback: the program's process group plus every descendant the launcher adopts.
    ProcessGroup,
}

impl Sandbox {
    /// As the table and the JSON name it, in the order above.
    pub fn name(self) -> &'static str {
        ["namespaces", "process-group"][self as usize]
    }
}

/// Who counted a run's CPU and memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accounting {
    /// A cgroup of the run's own: the kernel counted all it ran, children that it reaped by itself
    /// (`SA_NOCLDWAIT`) and memory that no process shows (tmpfs, SysV shared memory) included.
    Cgroup,
    /// The process tree polled, and wait4.
    Polling,
}

impl Accounting {
    /// As the table and the JSON name it, in the order above.
    pub fn name(self) -> &'static str {
        ["cgroup", "polling"][self as usize]
    }

    /// What it cannot see, said where a run's figures are shown.
    pub fn blind_spot(self) -> Option<&'static str> {
        match self {
            Accounting::Cgroup => None,
            Accounting::Polling => Some(
                "CPU of children the kernel reaps by itself (SA_NOCLDWAIT) and memory held in \
                 tmpfs or shared memory are not counted",
            ),
        }
    }
}

/// What one run used, as the launcher measured it: the one measurement type from launcher to report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measurement {
    /// How the program (the tree's first process) ended.
    pub status: Status,
    /// CPU time, user + system, of the whole tree, milliseconds.
    pub cpu_ms: f64,
    /// Wall time from start to the end of the tree, milliseconds.
    pub wall_ms: f64,
    /// Peak resident memory, KiB: the larger of the biggest single process and the polled sum.
    pub peak_kib: u64,
    /// Set when the launcher ended the run, and why.
    pub stopped: Option<Stop>,
    pub sandbox: Sandbox,
    pub accounting: Accounting,
    /// The main thread's stack the program was given, KiB: the memory limit, or less where the
    /// caller's hard `ulimit -s` is lower (no unprivileged process may raise it).
    pub stack_kib: u64,
}

impl Measurement {
    /// The stack the program was given, MiB, where the caller's hard limit kept it below the
    /// promise of `limits`.
    pub fn stack_capped_mib(&self, limits: &Limits) -> Option<u64> {
        let capped = self.stack_kib.saturating_mul(1024) < limits.stack_bytes();
        capped.then_some(self.stack_kib / 1024)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sandboxes_and_accountings_have_their_names() {
        let sandboxes = [Sandbox::Namespaces, Sandbox::ProcessGroup].map(Sandbox::name);
        assert_eq!(sandboxes, ["namespaces", "process-group"]);
        let accountings = [Accounting::Cgroup, Accounting::Polling].map(Accounting::name);
        assert_eq!(accountings, ["cgroup", "polling"]);
    }

    #[test]
    fn a_traceback_names_the_script_as_the_user_gave_it() {
        let mut script = Program {
            path: "python3".into(),
            args: vec!["-S".into(), "/cache/mine-1f.py".into()],
            shown: Some("mine.py".into()),
        };
        let stderr = "  File \"/proc/self/fd/6\", line 3, in f\n  File \"/cache/mine-1f.py\", \
                      line 9\n  File \"/usr/lib/python3/x.py\", line 1\nValueError: File \"\n  \
                      File \"/run/mine-1f.py\", line 2\n";
        let named = "  File \"mine.py\", line 3, in f\n  File \"mine.py\", line 9\n  File \
                     \"/usr/lib/python3/x.py\", line 1\nValueError: File \"\n  File \"mine.py\", \
                     line 2\n";
        assert_eq!(script.named(stderr), named);
        script.shown = None;
        assert_eq!(
            script.named(stderr),
            stderr,
            "a binary's stderr is left as it is"
        );
    }
}
