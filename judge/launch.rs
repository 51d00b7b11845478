//! The launcher: a small, freshly started judge process that runs one program under limits, watches its
//! wall clock, reaps it and reports what it used on stdout.
//!
//! It exists because a child's peak RSS (`ru_maxrss`) also counts the pages of the process that forked
//! it: a program forked straight from the judge, which holds its reference tables, would be charged for
//! them. Started anew, the launcher is small, so the figure is the program's own, give or take ~1 MiB.

use crate::sys::{self, ChildLimits, Status};
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The hidden first argument that turns the judge binary into the launcher.
pub const ARG: &str = "__launch";

/// Everything the launcher needs, passed as its arguments in this order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub limits: ChildLimits,
    /// Wall-clock budget, milliseconds: past it the program's process group is killed.
    pub wall_ms: u64,
    pub stdin: PathBuf,
    pub stdout: PathBuf,
    pub stderr: PathBuf,
    /// The program's working directory.
    pub dir: PathBuf,
    pub program: PathBuf,
    pub args: Vec<OsString>,
}

/// What the launcher reports, one `key value` line each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    pub status: Status,
    pub cpu_us: u64,
    pub wall_us: u64,
    pub peak_kib: u64,
    /// The wall-clock watchdog killed the program.
    pub wall_killed: bool,
}

impl Job {
    /// The command that runs this job in a launcher, the judge's own binary at `judge`.
    pub fn command(&self, judge: &Path) -> Command {
        let mut cmd = Command::new(judge);
        let l = &self.limits;
        let numbers = [
            l.address_space_bytes,
            l.cpu_seconds,
            l.file_bytes,
            self.wall_ms,
        ];
        cmd.arg(ARG).args(numbers.map(|n| n.to_string()));
        let paths = [
            &self.stdin,
            &self.stdout,
            &self.stderr,
            &self.dir,
            &self.program,
        ];
        cmd.args(paths).args(&self.args);
        cmd
    }

    fn from_args(args: &[OsString]) -> Option<Job> {
        let number = |i: usize| args.get(i)?.to_str()?.parse().ok();
        let path = |i: usize| args.get(i).map(PathBuf::from);
        Some(Job {
            limits: ChildLimits {
                address_space_bytes: number(0)?,
                cpu_seconds: number(1)?,
                file_bytes: number(2)?,
            },
            wall_ms: number(3)?,
            stdin: path(4)?,
            stdout: path(5)?,
            stderr: path(6)?,
            dir: path(7)?,
            program: path(8)?,
            args: args.get(9..)?.to_vec(),
        })
    }
}

/// The launcher's `main`, given the arguments after [`ARG`]: exit 0 with a report, or 2 with a reason.
pub fn main(args: &[OsString]) -> i32 {
    let Some(job) = Job::from_args(args) else {
        eprintln!("judge {ARG}: malformed arguments (this mode is for the judge's own use)");
        return 2;
    };
    match launch(&job) {
        Ok(report) => match io::stdout().lock().write_all(report.to_text().as_bytes()) {
            Ok(()) => 0,
            Err(_) => 2,
        },
        Err(e) => {
            eprintln!("cannot run {}: {e}", job.program.display());
            2
        }
    }
}

fn launch(job: &Job) -> io::Result<Report> {
    sys::adopt_orphans()?; // a grandchild that escapes the process group still ends up ours
    let mut cmd = Command::new(&job.program);
    cmd.args(&job.args)
        .current_dir(&job.dir) // not the project: the program must not find the tests' answers there
        .stdin(File::open(&job.stdin)?)
        .stdout(File::create(&job.stdout)?)
        .stderr(File::create(&job.stderr)?)
        .process_group(0); // its own group, so the watchdog can kill whatever it forks
    sys::limit_child(&mut cmd, job.limits);
    sys::die_with_parent(&mut cmd);
    let started = Instant::now();
    let pid = cmd.spawn()?.id();
    let (done, watchdog) = watch(pid, Duration::from_millis(job.wall_ms));
    let waited = sys::wait_child(pid);
    let wall_us = started.elapsed().as_micros() as u64;
    let _ = done.send(()); // the watchdog may have fired and gone already
    sys::kill_group(pid); // anything the program forked dies with it
    sys::kill_orphans(); // and whatever left the group
    let fired = watchdog.join().unwrap_or(false);
    let (status, usage) = waited?;
    // A program that ended on its own just as the watchdog fired was not killed by it.
    let wall_killed = fired && status == Status::Signaled(9);
    Ok(Report {
        status,
        cpu_us: usage.cpu_us,
        wall_us,
        peak_kib: usage.peak_kib,
        wall_killed,
    })
}

/// Kills process group `pid` unless told to stop within `budget`; the thread returns whether it fired.
fn watch(pid: u32, budget: Duration) -> (mpsc::Sender<()>, std::thread::JoinHandle<bool>) {
    let (done, stop) = mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        let fired = stop.recv_timeout(budget) == Err(mpsc::RecvTimeoutError::Timeout);
        if fired {
            sys::kill_group(pid);
        }
        fired
    });
    (done, watchdog)
}

impl Report {
    pub fn to_text(self) -> String {
        let status = match self.status {
            Status::Exited(code) => format!("exited {code}"),
            Status::Signaled(signal) => format!("signaled {signal}"),
        };
        let (cpu, wall, peak, killed) = (
            self.cpu_us,
            self.wall_us,
            self.peak_kib,
            self.wall_killed as u8,
        );
        format!("status {status}\ncpu_us {cpu}\nwall_us {wall}\npeak_kib {peak}\nwall_killed {killed}\n")
    }

    pub fn parse(text: &str) -> Option<Report> {
        let mut lines = text.lines().map(|line| line.split_once(' '));
        let mut field = |key: &str| {
            lines
                .next()
                .flatten()
                .filter(|(k, _)| *k == key)
                .map(|(_, v)| v)
        };
        let status = match field("status")?.split_once(' ')? {
            ("exited", code) => Status::Exited(code.parse().ok()?),
            ("signaled", signal) => Status::Signaled(signal.parse().ok()?),
            _ => return None,
        };
        let cpu_us = field("cpu_us")?.parse().ok()?;
        let wall_us = field("wall_us")?.parse().ok()?;
        let peak_kib = field("peak_kib")?.parse().ok()?;
        let wall_killed = field("wall_killed")? == "1";
        Some(Report {
            status,
            cpu_us,
            wall_us,
            peak_kib,
            wall_killed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_survives_its_text_form() {
        for status in [Status::Exited(0), Status::Exited(3), Status::Signaled(11)] {
            let report = Report {
                status,
                cpu_us: 1500,
                wall_us: 2100,
                peak_kib: 2700,
                wall_killed: true,
            };
            assert_eq!(Report::parse(&report.to_text()), Some(report));
        }
        assert_eq!(Report::parse("status exited 0\ncpu_us x\n"), None);
    }

    #[test]
    fn a_job_survives_its_arguments() {
        let job = Job {
            limits: ChildLimits {
                address_space_bytes: 1 << 30,
                cpu_seconds: 2,
                file_bytes: 1 << 26,
            },
            wall_ms: 3000,
            stdin: "a.in".into(),
            stdout: "out".into(),
            stderr: "err".into(),
            dir: "scratch".into(),
            program: "/usr/bin/python3".into(),
            args: vec!["sol.py".into(), "--flag".into()],
        };
        let cmd = job.command(Path::new("judge"));
        let args: Vec<OsString> = cmd.get_args().map(OsString::from).collect();
        assert_eq!(args[0], ARG);
        assert_eq!(Job::from_args(&args[1..]), Some(job));
        assert_eq!(Job::from_args(&args[1..6]), None);
    }
}
