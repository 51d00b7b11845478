//! The judge's side of a run: starts one launcher process a run (`judge __launch`), each in a
//! fresh private folder under the system's temp dir, and reads back its report. It never decides a
//! verdict.

use crate::model::error::JudgeError;
use crate::model::execution::{Accounting, Execution, Measurement, Program, Sandbox};
use crate::model::limits::Limits;
use crate::model::status::{Status, SIGKILL};
use crate::run::launcher::{self, Job};
use crate::run::report;
use crate::run::sandbox::{Failed, Walls};
use crate::run::supervise::{self, Env};
use crate::run::sys;
use crate::run::{cgroup, scratch, tree};
use std::cell::Cell;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long past a run's wall clock its launcher may take to report.
const LAUNCHER_MARGIN: Duration = Duration::from_secs(2);

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

/// The real runner: a launcher process a run, private folders, the sandbox where the machine
/// allows it.
pub struct ProcessRunner {
    judge: PathBuf,
    /// This judge's folder under the temp dir; each run gets a fresh folder inside.
    scratch: PathBuf,
    runs: Cell<u64>,
    /// Still trying the namespace sandbox (off by choice, or after it proved unavailable).
    sandbox: Cell<bool>,
    walls: Walls,
    /// The environment submissions run with: fixed, or traced with `-v`.
    programs: Env,
}

impl ProcessRunner {
    /// A runner whose programs run sandboxed if `sandbox` can be had, with the test files behind
    /// `walls`, and with `BFS_TRACE=1` when `trace`; `judge` is the binary that becomes each run's
    /// launcher process (`judge __launch`).
    pub fn new(judge: &Path, sandbox: bool, walls: Walls, trace: bool) -> Result<Self, JudgeError> {
        cgroup::remove_stale();
        let scratch = scratch::fresh()?;
        Ok(ProcessRunner {
            judge: judge.to_path_buf(),
            scratch,
            runs: Cell::new(0),
            sandbox: Cell::new(sandbox),
            walls,
            programs: if trace { Env::Traced } else { Env::Fixed },
        })
    }

    /// A fresh private folder for one run (or one compilation), removed by [`Self::clean`].
    pub fn fresh_dir(&self) -> Result<PathBuf, JudgeError> {
        self.runs.set(self.runs.get() + 1);
        let dir = self.scratch.join(format!("run-{}", self.runs.get()));
        scratch::create_private(&dir).map_err(|e| JudgeError::io("create", &dir, e))?;
        Ok(dir)
    }

    /// What a compiler started now would see: the sandbox's root or the host's files, as which user,
    /// behind which walls, with which environment. The compile cache is keyed by it, so that a
    /// binary built with a wider view (`--no-sandbox`) never serves a judge that would refuse it.
    pub fn compiler_view(&self) -> String {
        let mode = mode(self.sandbox.get());
        let (user, walls) = (sys::user_and_group().0, &self.walls.hidden);
        let env = supervise::compiler_env();
        format!("{} user {user} walls {walls:?} env {env:?}", mode.name())
    }

    /// Runs `program` in `dir` with `stdin` under `limits`, in the environment `env`.
    pub fn execute(
        &self,
        program: &Program,
        stdin: Option<&Path>,
        dir: &Path,
        limits: &Limits,
        env: Env,
    ) -> Result<Execution, JudgeError> {
        let mut job = Job {
            limits: *limits,
            sandbox: self.sandbox.get(),
            env,
            stdin: stdin.map(Path::to_path_buf),
            dir: dir.to_path_buf(),
            walls: self.walls.clone(),
            program: program.path.clone(),
            args: program.args.clone(),
        };
        let mut launched = self.launch(&job)?;
        if let Err(Failed::Unavailable(why)) = launched {
            // The machine does not allow it: the fallback from now on, and the user is told so.
            eprintln!("judge: no sandbox here ({why}): runs are contained by process group only");
            self.sandbox.set(false);
            job.sandbox = false;
            launched = self.launch(&job)?;
        }
        Ok(match launched {
            Ok((measured, stdout, stderr)) => Execution {
                measured,
                output_exceeded: stdout.len() as u64 > limits.output_bytes,
                stdout,
                stderr: String::from_utf8_lossy(&stderr).into_owned(),
                lost: None,
            },
            Err(Failed::Unavailable(why) | Failed::Run(why)) => lost(why, &job),
        })
    }

    /// One launcher, given until the run's wall clock and a margin to report: a launcher that a
    /// program stopped or kept from finishing cannot hang the judge. What it came back with: a
    /// report, or why the namespace sandbox cannot be built here, or why there is no report (the
    /// launcher was stopped, killed, or kept from finishing).
    fn launch(&self, job: &Job) -> Result<Result<report::Reported, Failed>, JudgeError> {
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
        let bound = (job.limits.output_bytes)
            .saturating_add(launcher::stderr_head(job.env))
            .saturating_add(64 << 10);
        let (out, err) = (child.stdout.take(), child.stderr.take());
        let (sent, received) = mpsc::channel();
        std::thread::spawn(move || {
            let (mut bytes, mut why) = (Vec::new(), String::new());
            out.map(|out| out.take(bound).read_to_end(&mut bytes));
            err.map(|err| err.take(4096).read_to_string(&mut why));
            let _ = sent.send((bytes, why)); // the judge may have given up on this launcher
        });
        let deadline = Duration::from_millis(job.limits.wall_ms()) + LAUNCHER_MARGIN;
        let mut report = received.recv_timeout(deadline);
        let timed_out = report.is_err();
        if timed_out {
            let _ = child.kill();
            report = received.recv_timeout(LAUNCHER_MARGIN); // its stderr, now closed
        }
        let status = child
            .wait()
            .map_err(|e| JudgeError::io("wait for", &self.judge, e))?;
        let (bytes, why) = report.unwrap_or_default();
        if !status.success() {
            cgroup::remove_left_by(child.id()); // a launcher that ended before removing its own
            if sys::adopts_orphans() {
                // Killed before it could end its run (the fallback's program may kill it): its
                // orphans came to us, and we end them.
                tree::end_adopted();
            }
        }
        let why = why.trim();
        if timed_out {
            let ms = deadline.as_millis();
            return Ok(Err(Failed::Run(format!(
                "its launcher did not report within {ms} ms"
            ))));
        }
        if status.code() == Some(launcher::UNAVAILABLE) {
            return Ok(Err(Failed::Unavailable(why.to_string())));
        }
        let lost = format!("its launcher ended ({status}) without a report {why}");
        Ok(trusted(status, &bytes).ok_or(Failed::Run(lost)))
    }

    /// Removes a run's folder, whatever the program left in it.
    pub fn clean(&self, dir: &Path) {
        scratch::remove_all(dir);
    }
}

/// The report in `bytes`, if the launcher that sent them ended as it does once it has reported,
/// with status 0: a killed or stopped one's pipe may hold what a program of its user wrote there.
fn trusted(status: ExitStatus, bytes: &[u8]) -> Option<report::Reported> {
    status.success().then(|| report::parse(bytes)).flatten()
}

/// The mode a run tries: the sandbox, or the fallback.
fn mode(sandbox: bool) -> Sandbox {
    if sandbox {
        Sandbox::Namespaces
    } else {
        Sandbox::ProcessGroup
    }
}

/// A run whose launcher brought back no report: it counts as a crash, with `why`.
fn lost(why: String, job: &Job) -> Execution {
    let sandbox = mode(job.sandbox);
    Execution {
        measured: Measurement {
            status: Status::Signaled(SIGKILL),
            cpu_ms: 0.0,
            wall_ms: 0.0,
            peak_kib: 0,
            stopped: None,
            sandbox,
            accounting: Accounting::Polling, // nothing was counted
            stack_kib: job.limits.stack_bytes() / 1024, // nothing ran short of it
        },
        output_exceeded: false,
        stdout: Vec::new(),
        stderr: String::new(),
        lost: Some(why),
    }
}

impl ProcessRunner {
    /// Runs `program` on `input` as [`Runner::run`] does, but in `env` whatever the runner's
    /// programs get otherwise: in [`Env::Traced`] with `BFS_TRACE=1`, and its trace (the head of
    /// stderr) kept up to 1 MiB.
    pub fn run_in(
        &self,
        program: &Program,
        input: &Path,
        limits: &Limits,
        env: Env,
    ) -> Result<Execution, JudgeError> {
        let dir = self.fresh_dir()?;
        let ran = self.execute(program, Some(input), &dir, limits, env);
        self.clean(&dir);
        ran
    }
}

impl Runner for ProcessRunner {
    fn run(
        &self,
        program: &Program,
        input: &Path,
        limits: &Limits,
    ) -> Result<Execution, JudgeError> {
        self.run_in(program, input, limits, self.programs)
    }
}

impl Drop for ProcessRunner {
    fn drop(&mut self) {
        scratch::remove(&self.scratch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    #[test]
    fn only_a_launcher_that_exited_0_is_believed() {
        let measured = Measurement {
            sandbox: Sandbox::ProcessGroup,
            ..crate::model::bench::made::measurement(1.0)
        };
        let bytes = report::write(&measured, b"1\n", b"");
        assert!(trusted(ExitStatus::from_raw(0), &bytes).is_some());
        // Wait statuses as the kernel encodes them: exited 1, exited UNAVAILABLE, killed, stopped.
        for raw in [1 << 8, launcher::UNAVAILABLE << 8, SIGKILL, 0x137f] {
            assert_eq!(trusted(ExitStatus::from_raw(raw), &bytes), None, "{raw:#x}");
        }
    }
}
