//! Runs one program on one test input under limits, through the launcher, and measures it. It never
//! decides a verdict: that is `verdict`'s job.

use crate::error::JudgeError;
use crate::launch::{Job, Report};
use crate::sys::{self, ChildLimits, Status};
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};

/// How much of a program's stderr is kept, bytes.
const STDERR_KEPT: u64 = 4096;

/// The limits a test runs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system), milliseconds.
    pub cpu_ms: u64,
    /// Peak resident memory, KiB.
    pub memory_kib: u64,
    /// Standard output, bytes.
    pub output_bytes: u64,
}

impl Limits {
    /// Address space, bytes: twice the memory limit plus 64 MiB, so that a runaway allocation fails
    /// fast without failing programs that merely reserve more than they touch.
    pub fn address_space_bytes(&self) -> u64 {
        self.memory_kib
            .saturating_mul(2048)
            .saturating_add(64 << 20)
    }

    /// Wall clock, milliseconds: twice the CPU limit plus a second, so that a program that sleeps or
    /// blocks is stopped, while a busy machine does not stop a program that computes.
    pub fn wall_ms(&self) -> u64 {
        self.cpu_ms.saturating_mul(2).saturating_add(1000)
    }
}

/// A runnable submission: an executable and its arguments (an interpreter and the script, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    pub path: PathBuf,
    pub args: Vec<OsString>,
}

/// What one run did.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub status: Status,
    /// CPU time, user + system, milliseconds.
    pub cpu_ms: f64,
    /// Wall time from spawn to reap, milliseconds.
    pub wall_ms: f64,
    /// Peak resident set size, KiB.
    pub peak_kib: u64,
    /// The wall-clock watchdog killed it.
    pub wall_killed: bool,
    /// It tried to write more than the output limit.
    pub output_exceeded: bool,
    pub stdout: Vec<u8>,
    /// The start of its stderr (at most 4 KiB), lossily decoded.
    pub stderr: String,
}

/// Runs programs through launchers, with a scratch folder for their output that it removes when dropped.
pub struct Runner {
    judge: PathBuf,
    scratch: PathBuf,
}

impl Runner {
    pub fn new(scratch: PathBuf) -> Result<Self, JudgeError> {
        let judge = std::env::current_exe()
            .map_err(|e| JudgeError::new(format!("cannot find the judge's own binary: {e}")))?;
        std::fs::create_dir_all(&scratch).map_err(|e| JudgeError::io("create", &scratch, e))?;
        Ok(Runner { judge, scratch })
    }

    /// Runs `program` with `input` as stdin under `limits`.
    pub fn run(
        &self,
        program: &Program,
        input: &Path,
        limits: &Limits,
    ) -> Result<Outcome, JudgeError> {
        let job = Job {
            limits: ChildLimits {
                address_space_bytes: limits.address_space_bytes(),
                cpu_seconds: limits.cpu_ms / 1000 + 2, // a backstop: TLE is decided on measured CPU
                file_bytes: limits.output_bytes.saturating_add(1), // writing past the limit is what fails
            },
            wall_ms: limits.wall_ms(),
            stdin: input.to_path_buf(),
            stdout: self.scratch.join("stdout"),
            stderr: self.scratch.join("stderr"),
            dir: self.scratch.clone(),
            program: program.path.clone(),
            args: program.args.clone(),
        };
        let report = self.launch(&job)?;
        let stdout =
            std::fs::read(&job.stdout).map_err(|e| JudgeError::io("read", &job.stdout, e))?;
        // Only stdout counts: a program killed by SIGXFSZ for a huge stderr is a crash, not OLE.
        let exceeded = stdout.len() as u64 > limits.output_bytes;
        Ok(Outcome {
            status: report.status,
            cpu_ms: report.cpu_us as f64 / 1000.0,
            wall_ms: report.wall_us as f64 / 1000.0,
            peak_kib: report.peak_kib,
            wall_killed: report.wall_killed,
            output_exceeded: exceeded,
            stdout,
            stderr: read_head(&job.stderr)?,
        })
    }

    fn launch(&self, job: &Job) -> Result<Report, JudgeError> {
        let mut command = job.command(&self.judge);
        sys::die_with_parent(&mut command); // if the judge is killed (Ctrl-C), its launcher goes too
        let output = command
            .output()
            .map_err(|e| JudgeError::io("start", &self.judge, e))?;
        let text = String::from_utf8_lossy(&output.stdout);
        Report::parse(&text).ok_or_else(|| {
            let why = String::from_utf8_lossy(&output.stderr);
            JudgeError::new(format!("the launcher failed: {}", why.trim()))
        })
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.scratch); // only our own scratch files; nothing to report
    }
}

fn read_head(path: &Path) -> Result<String, JudgeError> {
    let file = std::fs::File::open(path).map_err(|e| JudgeError::io("read", path, e))?;
    let mut head = Vec::new();
    file.take(STDERR_KEPT)
        .read_to_end(&mut head)
        .map_err(|e| JudgeError::io("read", path, e))?;
    Ok(String::from_utf8_lossy(&head).into_owned())
}
