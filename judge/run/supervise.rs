//! One run, supervised: start the program, watch its whole process tree's CPU, memory and wall clock,
//! stop the tree at the first limit it passes, then end and reap every process and measure.

use crate::model::execution::{Accounting, Measurement, Sandbox, Stop};
use crate::model::limits::Limits;
use crate::run::cgroup::Counters;
use crate::run::sys::{self, ChildLimits};
use crate::run::{scratch, tree};
use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::Command;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// How often the tree is looked at, at most.
const POLL: Duration = Duration::from_millis(10);

/// The program to start and its surroundings.
pub struct Start {
    pub program: PathBuf,
    /// What the program is called in its own argv[0] (it may be started through /proc/self/fd/N).
    pub name: OsString,
    pub args: Vec<OsString>,
    pub dir: PathBuf,
    pub stdin: File,
    pub stdout: File,
    pub stderr: File,
    pub env: Env,
    /// The user and group the program becomes before exec, when the launcher's own is not to be
    /// trusted to it (a root judge's).
    pub user: Option<u32>,
    /// The run's cgroup, if it has one: its `cgroup.procs` descriptors, and what it counts.
    pub group: Option<(Vec<i32>, Counters)>,
    /// The program's folder, as what it holds is watched.
    pub folder: Folder,
}

/// A run's folder, as the supervisor watches what its files hold: no memory, and not free.
pub enum Folder {
    /// A compiler's: not watched.
    Unwatched,
    /// The sandbox's, a tmpfs of its own that the kernel caps: how full its file system is.
    Capped(File),
    /// The fallback's, on the host's temp dir: its files' allocated blocks, walked, against
    /// `cap_bytes` (no file-size limit stops `fallocate(FALLOC_FL_KEEP_SIZE)` on a disk);
    /// `tmpfs` where they are charged to the run as shared memory.
    Host {
        path: PathBuf,
        cap_bytes: u64,
        tmpfs: bool,
    },
}

/// The environment a program starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Env {
    /// The judge's own: compilers need its paths and settings.
    Judge,
    /// A fixed small one, the same on every machine: submissions.
    Fixed,
    /// The fixed one and `BFS_TRACE=1` (with `-v`): a search that traces its layers shows them.
    Traced,
}

impl Env {
    /// Whether it is a submission's (not a compiler's, which needs the judge's user and files).
    pub fn is_submission(self) -> bool {
        self != Env::Judge
    }

    /// As the launcher's arguments carry it.
    pub fn code(self) -> &'static str {
        match self {
            Env::Judge => "judge",
            Env::Fixed => "fixed",
            Env::Traced => "traced",
        }
    }

    pub fn from_code(code: &str) -> Option<Env> {
        [Env::Judge, Env::Fixed, Env::Traced]
            .into_iter()
            .find(|env| env.code() == code)
    }
}

/// The variables of the judge's environment that a compiler gets: where the tools are.
const COMPILER_ENV: [&str; 5] = [
    "PATH",
    "HOME",
    "RUSTUP_HOME",
    "CARGO_HOME",
    "RUSTUP_TOOLCHAIN",
];

/// The part of the judge's environment that a compiler gets.
pub fn compiler_env() -> Vec<(OsString, OsString)> {
    let given = std::env::vars_os().filter(|(n, _)| COMPILER_ENV.iter().any(|c| n == c));
    given.collect()
}

/// Runs `start` under `limits`, contained as `sandbox` says, and returns once every process of the
/// run is gone: what it used, or `None` when SIGINT, SIGTERM or SIGHUP arrived (the judge is going
/// away). Its CPU is the whole tree's, every process reaped; its peak the larger of the biggest
/// single process's and the largest polled sum.
pub fn supervise(
    mut start: Start,
    limits: Limits,
    sandbox: Sandbox,
) -> io::Result<Option<Measurement>> {
    sys::adopt_orphans()?; // orphans of the run come to us, so their CPU is counted when we reap them
    let (joins, kernel) = start.group.take().unzip();
    let outputs = Arc::new(Outputs::of(&mut start, &limits)?);
    let stack_kib = sys::granted_stack(stack_bytes(start.env, &limits)) / 1024;
    let mut cmd = command(start, limits, joins.unwrap_or_default());
    let started = Instant::now();
    let program = cmd.spawn()?.id() as i32;
    let accounting = kernel
        .as_ref()
        .map_or(Accounting::Polling, |_| Accounting::Cgroup);
    let watched = (kernel.clone(), outputs.clone());
    let (done, watcher) = watch(program, sandbox, limits, started, watched);
    let status = sys::wait_child(program);
    let wall_ms = started.elapsed().as_micros() as f64 / 1000.0;
    let _ = done.send(()); // the watcher may have stopped the run and gone already
    let watched = watcher.join().unwrap_or_default();
    tree::kill_all(sandbox, program); // the program has ended: whatever it left behind ends too
    while sys::reap_one(true) {}
    let (mut cpu_us, peak_kib) = sys::children_usage();
    let mut stopped = watched.stopped;
    if let Some(kernel) = &kernel {
        // The kernel's count also has the CPU of children it reaped by itself, unseen by wait4.
        cpu_us = cpu_us.max(kernel.cpu_us());
        stopped = stopped.or(kernel.hit_backstop().then_some(Stop::MemoryCap));
    }
    // Filled, then ended before a look saw it.
    stopped = stopped.or_else(|| outputs.passed(outputs.folder().1));
    let status = status?;
    Ok((!watched.interrupted).then_some(Measurement {
        status,
        cpu_ms: cpu_us as f64 / 1000.0,
        wall_ms,
        peak_kib: peak_kib.max(watched.peak_kib),
        stopped,
        sandbox,
        accounting,
        stack_kib,
    }))
}

/// The stack a program is promised, bytes: the memory limit. Not a compiler's, which keeps the
/// caller's: glibc gives each new thread a stack of this size, and a linker's threads would not fit
/// its address space.
fn stack_bytes(env: Env, limits: &Limits) -> Option<u64> {
    env.is_submission().then(|| limits.stack_bytes())
}

fn command(start: Start, limits: Limits, joins: Vec<i32>) -> Command {
    let mut cmd = Command::new(&start.program);
    cmd.arg0(&start.name)
        .args(&start.args)
        .current_dir(&start.dir)
        .stdin(start.stdin)
        .stdout(start.stdout)
        .stderr(start.stderr);
    // Into the run's cgroup first, so that all it starts is counted, while still allowed to write.
    let counted = !joins.is_empty();
    sys::join_groups(&mut cmd, joins);
    // Its own session and group: no terminal to open or type into, and a terminal's Ctrl-C reaches
    // the judge, which ends it.
    sys::own_session_as(&mut cmd, start.user);
    cmd.env_clear().env("LANG", "C.UTF-8");
    if start.env == Env::Judge {
        // A compiler: the judge's paths and toolchain settings, and nothing else of its
        // environment for `env!` to bake into a program.
        cmd.envs(compiler_env());
    } else {
        cmd.env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .env("HOME", &start.dir);
    }
    if start.env == Env::Traced {
        cmd.env("BFS_TRACE", "1");
    }
    // A compiler's temporary files die with the folder (and the sandbox shows no other).
    cmd.env("TMPDIR", &start.dir);
    // Where a cgroup counts the run, its memory is judged by what it holds, however it grew; an
    // address-space cap would make an allocation past it fail first, and the program die its own way.
    let caps = ChildLimits {
        address_space_bytes: match counted {
            true => u64::MAX,
            false => limits.address_space_bytes(),
        },
        cpu_seconds: limits.cpu_backstop_seconds(),
        file_bytes: limits.file_bytes(),
        stack_bytes: stack_bytes(start.env, &limits),
    };
    sys::limit_child(&mut cmd, caps);
    sys::die_with_parent(&mut cmd, sys::SIGKILL);
    cmd
}

/// What the run writes: its stdout, whose allocated blocks are held to the output limit, and the
/// files of its folder. Where they are on a tmpfs the kernel charges them to the run as shared
/// memory, which is no memory it holds.
struct Outputs {
    stdout: File,
    /// The output files that lie on a tmpfs (a memory file, a tmpfs temp dir).
    files: Vec<File>,
    folder: Folder,
    /// The output limit, rounded up to whole pages: what stdout may take.
    output_bytes: u64,
}

impl Outputs {
    fn of(start: &mut Start, limits: &Limits) -> io::Result<Outputs> {
        let on_tmpfs = [&start.stdout, &start.stderr]
            .into_iter()
            .filter(|f| sys::on_tmpfs(f));
        let page = sys::page_size();
        Ok(Outputs {
            stdout: start.stdout.try_clone()?,
            files: on_tmpfs.map(File::try_clone).collect::<io::Result<_>>()?,
            folder: std::mem::replace(&mut start.folder, Folder::Unwatched),
            output_bytes: limits.output_bytes.saturating_add(page - 1) / page * page,
        })
    }

    /// The output files' allocated blocks, KiB.
    fn files_kib(&self) -> u64 {
        let blocks = self
            .files
            .iter()
            .flat_map(File::metadata)
            .map(|m| m.blocks());
        blocks.sum::<u64>() / 2
    }

    /// What the folder holds that is charged as memory, KiB, and whether it is full.
    fn folder(&self) -> (u64, bool) {
        match &self.folder {
            Folder::Unwatched => (0, false),
            Folder::Capped(file) => sys::space_used(file).unwrap_or((0, false)),
            Folder::Host {
                path,
                cap_bytes,
                tmpfs,
            } => {
                let (bytes, entries) = scratch::allocated(path, Limits::FOLDER_FILES);
                let full = bytes >= *cap_bytes || entries >= Limits::FOLDER_FILES;
                (if *tmpfs { bytes / 1024 } else { 0 }, full)
            }
        }
    }

    /// The cap the run's files passed, if any: stdout's blocks past the output limit, or the
    /// folder `full`.
    fn passed(&self, full: bool) -> Option<Stop> {
        let stdout = self.stdout.metadata().map_or(0, |m| m.blocks() * 512);
        if stdout > self.output_bytes {
            Some(Stop::Output)
        } else {
            full.then_some(Stop::Disk)
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct Watched {
    stopped: Option<Stop>,
    peak_kib: u64,
    interrupted: bool,
}

/// Polls the tree until told to stop; ends the run at the first limit passed, or when the judge is
/// interrupted.
fn watch(
    program: i32,
    sandbox: Sandbox,
    limits: Limits,
    started: Instant,
    (kernel, outputs): (Option<Counters>, Arc<Outputs>),
) -> (mpsc::Sender<()>, std::thread::JoinHandle<Watched>) {
    let (done, stop) = mpsc::channel::<()>();
    let watcher = std::thread::spawn(move || {
        let mut watched = Watched::default();
        let mut wait = POLL / 10; // often at first: a program that forks a swarm does so at once
        while stop.recv_timeout(wait) == Err(mpsc::RecvTimeoutError::Timeout) {
            let cpu_ms = look(
                program,
                sandbox,
                &limits,
                started,
                (kernel.as_ref(), &outputs),
                &mut watched,
            );
            if watched.stopped.is_some() || watched.interrupted {
                tree::kill_all(sandbox, program);
                break;
            }
            wait = next_wait(wait, limits.cpu_ms.saturating_sub(cpu_ms));
        }
        watched
    });
    (done, watcher)
}

/// One look at the tree: what it uses, and which limit it passed if any. Returns its CPU, ms.
fn look(
    program: i32,
    sandbox: Sandbox,
    limits: &Limits,
    started: Instant,
    (kernel, outputs): (Option<&Counters>, &Outputs),
    watched: &mut Watched,
) -> u64 {
    let members = tree::members(sandbox);
    // Without a cgroup's process cap, whatever the program forks runs at the lowest priority, so
    // that a swarm of busy processes cannot keep this watcher from the CPU; the program itself
    // keeps its own. With one, the cap bounds a swarm, and honest workers keep their priority.
    if kernel.is_none() {
        let forked = members.iter().filter(|&&pid| pid != program);
        forked.for_each(|&pid| sys::lowest_priority(pid));
    }
    let shot = tree::snapshot(&members, limits.memory_kib);
    let (reaped_us, _) = sys::children_usage();
    let mut cpu_ms = (reaped_us + shot.cpu_us) / 1000;
    let mut memory_kib = shot.memory_kib;
    let (folder_kib, folder_full) = outputs.folder(); // one look at the folder serves both
    if let Some(kernel) = kernel {
        // Also what no process shows: CPU of children the kernel reaped, tmpfs and shared memory.
        cpu_ms = cpu_ms.max(kernel.cpu_us() / 1000);
        let written = outputs.files_kib() + folder_kib;
        let held = kernel.memory_kib().saturating_sub(written);
        memory_kib = memory_kib.max(held);
    }
    watched.peak_kib = watched.peak_kib.max(memory_kib);
    watched.interrupted = sys::terminated();
    watched.stopped = if cpu_ms > limits.cpu_ms {
        Some(Stop::Cpu)
    } else if memory_kib > limits.memory_kib {
        Some(Stop::Memory)
    } else if started.elapsed() > Duration::from_millis(limits.wall_ms()) {
        Some(Stop::Wall)
    } else if shot.hides_children {
        Some(Stop::UncountedChildren)
    } else {
        outputs.passed(folder_full)
    };
    cpu_ms
}

/// The wait before the next look: twice the last, up to [`POLL`], and shorter as the CPU nears the
/// limit, so that a tree of busy processes (which spends CPU faster than the wall clock runs) is
/// stopped close to it.
fn next_wait(last: Duration, cpu_left_ms: u64) -> Duration {
    let near = Duration::from_millis(cpu_left_ms / 4);
    (last * 2).min(POLL).min(near).max(POLL / 10)
}
