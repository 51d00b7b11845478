//! Runs one program on one test input through a launcher, each run in a fresh private folder under
//! the system's temp dir, and brings back what it measured. It never decides a verdict.

use crate::error::JudgeError;
use crate::launch::{self, Job};
use crate::limits::Limits;
use crate::outcome::Measurement;
use crate::sandbox::Walls;
use crate::sys;
use std::cell::Cell;
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// A runnable submission: an executable and its arguments (an interpreter and the script, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    pub path: PathBuf,
    pub args: Vec<OsString>,
}

/// What one run did and wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Execution {
    pub measured: Measurement,
    /// It wrote more than the output limit (only the limit and one byte came back).
    pub output_exceeded: bool,
    pub stdout: Vec<u8>,
    /// The head and tail of its stderr (4 KiB each), lossily decoded.
    pub stderr: String,
}

/// Runs a program on a test; the judge's sessions talk to it through this trait, so they can be
/// tested with a runner that returns chosen executions.
pub trait Runner {
    fn run(
        &self,
        program: &Program,
        input: &Path,
        limits: &Limits,
    ) -> Result<Execution, JudgeError>;
}

/// The real runner: launchers, private folders, the sandbox when the machine allows it.
pub struct Launcher {
    judge: PathBuf,
    /// This judge's folder under the temp dir; each run gets a fresh folder inside.
    scratch: PathBuf,
    runs: Cell<u64>,
    /// Still trying the namespace sandbox (off by choice, or after it proved unavailable).
    sandbox: Cell<bool>,
    walls: Walls,
}

/// The prefix of every judge's folder in the temp dir; the rest is the judge's pid.
const SCRATCH_PREFIX: &str = "slidekit-judge-";

impl Launcher {
    pub fn new(sandbox: bool, walls: Walls) -> Result<Self, JudgeError> {
        let judge = std::env::current_exe()
            .map_err(|e| JudgeError::new(format!("cannot find the judge's own binary: {e}")))?;
        remove_stale_scratch();
        let scratch = std::env::temp_dir().join(format!("{SCRATCH_PREFIX}{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&scratch);
        create_private(&scratch)?;
        Ok(Launcher {
            judge,
            scratch,
            runs: Cell::new(0),
            sandbox: Cell::new(sandbox),
            walls,
        })
    }

    /// A fresh private folder for one run (or one compilation), removed by [`Launcher::clean`].
    pub fn fresh_dir(&self) -> Result<PathBuf, JudgeError> {
        self.runs.set(self.runs.get() + 1);
        let dir = self.scratch.join(format!("run-{}", self.runs.get()));
        create_private(&dir)?;
        Ok(dir)
    }

    /// Runs `program` in `dir` with `stdin` under `limits`; `clean_env` gives it the fixed small
    /// environment of a submission rather than the judge's own (which compilers need).
    pub fn execute(
        &self,
        program: &Program,
        stdin: Option<&Path>,
        dir: &Path,
        limits: &Limits,
        clean_env: bool,
    ) -> Result<Execution, JudgeError> {
        let mut job = Job {
            limits: *limits,
            sandbox: self.sandbox.get(),
            clean_env,
            stdin: stdin.map(Path::to_path_buf),
            dir: dir.to_path_buf(),
            walls: self.walls.clone(),
            program: program.path.clone(),
            args: program.args.clone(),
        };
        let reported = match self.launch(&job)? {
            Some(reported) => reported,
            None => {
                self.sandbox.set(false); // the machine does not allow it: the fallback from now on
                job.sandbox = false;
                self.launch(&job)?
                    .ok_or_else(|| JudgeError::new("the launcher failed"))?
            }
        };
        let (measured, stdout, stderr) = reported;
        Ok(Execution {
            measured,
            output_exceeded: stdout.len() as u64 > limits.output_bytes,
            stdout,
            stderr: String::from_utf8_lossy(&stderr).into_owned(),
        })
    }

    /// One launcher; `Ok(None)` when the sandbox proved unavailable.
    fn launch(&self, job: &Job) -> Result<Option<launch::Reported>, JudgeError> {
        let mut command = job.command(&self.judge);
        command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // If the judge is killed, its launcher ends the run and goes too.
        sys::die_with_parent(&mut command, sys::SIGTERM);
        let mut child = command
            .spawn()
            .map_err(|e| JudgeError::io("start", &self.judge, e))?;
        // Bounded: the report, at most the output limit and a byte, and the stderr's head and tail.
        let bound = job.limits.output_bytes.saturating_add(64 << 10);
        let mut bytes = Vec::new();
        let mut why = String::new();
        if let Some(out) = child.stdout.take() {
            let _ = out.take(bound).read_to_end(&mut bytes);
        }
        if let Some(err) = child.stderr.take() {
            let _ = err.take(4096).read_to_string(&mut why);
        }
        let status = child
            .wait()
            .map_err(|e| JudgeError::io("wait for", &self.judge, e))?;
        if status.code() == Some(launch::UNAVAILABLE) {
            return Ok(None);
        }
        let reported = launch::parse_report(&bytes);
        reported
            .map(Some)
            .ok_or_else(|| JudgeError::new(format!("the launcher failed: {}", why.trim())))
    }

    /// Removes a run's folder, whatever the program left in it.
    pub fn clean(&self, dir: &Path) {
        remove_all(dir);
    }
}

impl Runner for Launcher {
    fn run(
        &self,
        program: &Program,
        input: &Path,
        limits: &Limits,
    ) -> Result<Execution, JudgeError> {
        let dir = self.fresh_dir()?;
        let ran = self.execute(program, Some(input), &dir, limits, true);
        self.clean(&dir);
        ran
    }
}

impl Drop for Launcher {
    fn drop(&mut self) {
        remove_all(&self.scratch);
    }
}

fn create_private(dir: &Path) -> Result<(), JudgeError> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .mode(0o700)
        .create(dir)
        .map_err(|e| JudgeError::io("create", dir, e))
}

/// Removes a folder even where a program took away the write permission of something inside.
fn remove_all(dir: &Path) {
    if std::fs::remove_dir_all(dir).is_ok() || !dir.exists() {
        return;
    }
    let _ = std::process::Command::new("chmod")
        .args(["-R", "u+rwx"])
        .arg(dir)
        .status();
    let _ = std::fs::remove_dir_all(dir);
}

/// Removes the folders of judges that are no longer running (killed before they could clean up).
fn remove_stale_scratch() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.filter_map(|e| e.ok()) {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(SCRATCH_PREFIX)) else {
            continue;
        };
        if !Path::new("/proc").join(pid).exists() {
            remove_all(&entry.path());
        }
    }
}
