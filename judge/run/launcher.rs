//! The launcher: a small, freshly started judge process that contains one run. It enters the sandbox
//! (or falls back to a process group), starts the program as the tree of its PID namespace, lets the
//! supervisor watch and measure it, and sends the judge a report followed by the program's output.
//!
//! It exists because a child's peak RSS (`ru_maxrss`) also counts the pages of the process that forked
//! it: a program forked straight from the judge, which holds its reference tables, would be charged for
//! them. Started anew, the launcher is small, so the figure is the program's own, give or take ~1 MiB.

use crate::formats::files;
use crate::model::execution::{Accounting, Measurement, Sandbox};
use crate::model::limits::Limits;
use crate::model::status::{Status, SIGKILL};
use crate::run::cgroup::{self, Group};
use crate::run::report;
use crate::run::sandbox::{self, Entered, Root, Walls};
use crate::run::stderr;
use crate::run::supervise::{supervise, Env, Seen, Start};
use crate::run::sys::{self, Forked};
use crate::run::tree::Scope;
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::io::AsRawFd;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The hidden first argument that turns the judge binary into the launcher.
pub const ARG: &str = "__launch";

/// The launcher's exit status when the sandbox cannot be built here: the judge retries without it.
pub const UNAVAILABLE: i32 = 3;

/// How much of the head of a program's stderr comes back, bytes, unless it runs traced, when its
/// `BFS_TRACE=1` trace is wanted whole, up to [`TRACE_KEPT`]; its tail comes back too.
const STDERR_KEPT: u64 = 4096;
pub const TRACE_KEPT: u64 = 1 << 20;

/// How much of a program's stderr's head comes back when it runs in `env`.
pub fn stderr_head(env: Env) -> u64 {
    match env {
        Env::Traced => TRACE_KEPT,
        Env::Judge | Env::Fixed => STDERR_KEPT,
    }
}

const O_NOFOLLOW: i32 = 0o400000;

/// Everything the launcher needs, passed as its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub limits: Limits,
    /// Try the namespace sandbox first.
    pub sandbox: bool,
    /// The program's environment.
    pub env: Env,
    /// The program's stdin, a regular file; `None` is an empty input.
    pub stdin: Option<PathBuf>,
    /// The program's private working folder, fresh and empty.
    pub dir: PathBuf,
    pub walls: Walls,
    pub program: PathBuf,
    pub args: Vec<OsString>,
}

impl Job {
    /// The command that runs this job in a launcher, the judge's own binary at `judge`.
    pub fn command(&self, judge: &Path) -> Command {
        let mut cmd = Command::new(judge);
        let l = &self.limits;
        let numbers = [l.cpu_ms, l.memory_kib, l.output_bytes];
        cmd.arg(ARG).args(numbers.map(|n| n.to_string()));
        cmd.arg(if self.sandbox { "1" } else { "0" })
            .arg(self.env.code());
        cmd.arg(self.stdin.as_deref().unwrap_or(Path::new("-")))
            .arg(&self.dir);
        let hidden = &self.walls.hidden;
        cmd.arg(hidden.len().to_string()).args(hidden);
        cmd.arg(&self.program).args(&self.args);
        cmd
    }

    fn from_args(args: &[OsString]) -> Option<Job> {
        let mut args = args.iter();
        let mut next = || args.next().cloned();
        let mut number = || next()?.into_string().ok()?.parse::<u64>().ok();
        let limits = Limits {
            cpu_ms: number()?,
            memory_kib: number()?,
            output_bytes: number()?,
        };
        let sandbox = number()? == 1;
        let env = Env::from_code(next()?.to_str()?)?;
        let stdin = Some(PathBuf::from(next()?)).filter(|p| p != Path::new("-"));
        let dir = PathBuf::from(next()?);
        let mut list = || -> Option<Vec<PathBuf>> {
            let n = next()?.into_string().ok()?.parse::<usize>().ok()?;
            (0..n).map(|_| next().map(PathBuf::from)).collect()
        };
        let walls = Walls { hidden: list()? };
        let program = PathBuf::from(next()?);
        Some(Job {
            limits,
            sandbox,
            env,
            stdin,
            dir,
            walls,
            program,
            args: args.cloned().collect(),
        })
    }
}

/// The launcher's `main`, given the arguments after [`ARG`]: exit 0 with a report, [`UNAVAILABLE`]
/// when the sandbox cannot be built, or 2 with a reason.
pub fn main(args: &[OsString]) -> i32 {
    let Some(job) = Job::from_args(args) else {
        eprintln!("judge {ARG}: malformed arguments (this mode is for the judge's own use)");
        return 2;
    };
    let root = sys::is_root();
    if root && job.env.is_submission() {
        // Its programs run as nobody (see `sandbox::NOBODY`): their folder is theirs. A compiler
        // keeps the judge's user, and its folder.
        if let Err(e) = sys::give_to(&job.dir, sandbox::NOBODY) {
            return failed(&job, e);
        }
    }
    // Made outside the namespaces, where the cgroup file systems can be written, and removed there.
    let name = cgroup::group_name(std::process::id());
    let group = (job.env.is_submission())
        .then(|| Group::make(&name, &job.limits))
        .flatten();
    let (code, outside) = run(&job, root, group.as_ref());
    if let Some(group) = group.filter(|_| outside) {
        group.remove();
    }
    code
}

/// Runs the job sandboxed, or in the fallback; its exit status, and whether this is still the
/// process outside the namespaces (a root launcher's parent, or the fallback), which cleans up.
fn run(job: &Job, root: bool, group: Option<&Group>) -> (i32, bool) {
    if !job.sandbox {
        return (unsandboxed(job, root, group), true);
    }
    let entered = if root {
        sandbox::enter_as_root()
    } else {
        sandbox::enter().map(|()| Entered::Inside)
    };
    match entered {
        Ok(Entered::Inside) => (sandboxed(job, root, group), false),
        Ok(Entered::Outside(code)) => (code, true),
        Err(sandbox::Unavailable(why)) => {
            eprintln!("sandbox unavailable: {why}");
            (UNAVAILABLE, true)
        }
    }
}

/// In the namespaces: forks the init, PID 1, which contains the run, and waits for it.
fn sandboxed(job: &Job, root: bool, group: Option<&Group>) -> i32 {
    // Nobody else of our user may read our descriptors (the report pipe) through /proc.
    let _ = sys::not_dumpable();
    // The init checks through this pair that we still live once it has asked to die with us.
    let Ok((alive, alive_seen)) = UnixStream::pair() else {
        return 2;
    };
    // A root launcher stays root outside; its submissions become the inside user, mapped to nobody.
    let user = (root && job.env.is_submission()).then_some(sandbox::INSIDE_ID);
    match sys::fork_process() {
        Ok(Forked::Child) => {
            drop(alive);
            std::process::exit(as_init(job, alive_seen, user, group))
        }
        Ok(Forked::Parent { child }) => {
            let code = match sys::wait_child(child) {
                Ok(Status::Exited(code)) => code,
                _ => 2,
            };
            drop(alive);
            code
        }
        Err(e) => {
            eprintln!("sandbox unavailable: cannot fork into the PID namespace: {e}");
            UNAVAILABLE
        }
    }
}

/// The fallback: a process group, no namespaces. A root judge's submission becomes [`sandbox::NOBODY`]
/// and is handed its files as descriptors, since nobody may not reach them by their paths.
fn unsandboxed(job: &Job, root: bool, group: Option<&Group>) -> i32 {
    // The judge's death (SIGTERM, by PR_SET_PDEATHSIG) or Ctrl-C: end the run's processes first.
    sys::catch_termination();
    let _ = sys::not_dumpable(); // the program, our user too, may not read our report pipe
    let user = (root && job.env.is_submission()).then_some(sandbox::NOBODY);
    let passed = match user {
        Some(_) => pass_files(job, |_| true),
        None => Ok(job.clone()),
    };
    let mode = (Sandbox::ProcessGroup, Scope::Descendants);
    let opened = open_input(job.stdin.as_deref()).and_then(|stdin| {
        let stdout = unnamed_file(&job.dir, "stdout")?;
        let files = Files {
            stdin,
            stdout,
            folder: None,
        };
        Ok((files, passed?))
    });
    match opened {
        Ok((files, passed)) => contain(&passed, &job.program, files, mode, (user, group)),
        Err(e) => failed(job, e),
    }
}

/// What the program is handed: its stdin and stdout, and its folder where the sandbox caps it, to
/// watch how full it is.
struct Files {
    stdin: File,
    stdout: File,
    folder: Option<File>,
}

/// PID 1 of the run's namespace: dies with the launcher (taking the namespace with it), enters the
/// run's own root, then contains the run, its program as `user` if given.
fn as_init(job: &Job, launcher: UnixStream, user: Option<u32>, group: Option<&Group>) -> i32 {
    // When the launcher dies, so do we, and the kernel ends the namespace. It may have died before we
    // asked: then its end of the pair is closed. We keep every signal's default action, so that no
    // process of the namespace can signal us (a PID 1 gets only the signals it handles).
    if sys::die_with_parent_now(SIGKILL).is_err() || !is_alive(&launcher) {
        return 2;
    }
    if let Err(sandbox::Unavailable(why)) = sandbox::freeze(&job.dir) {
        eprintln!("sandbox unavailable: {why}");
        return UNAVAILABLE;
    }
    // Stdout stays in the host's folder, bounded by the file-size limit, apart from the capped
    // folder the program gets: the judge reads it back, and it is output, not memory.
    let stdout = match unnamed_file(&job.dir, "stdout") {
        Ok(file) => file,
        Err(e) => return failed(job, e),
    };
    // Opened once everything is read-only and before the new root is entered: what it does not
    // show (a program or script behind the walls, a test's input) becomes a descriptor.
    let cap = job.env.is_submission().then(|| job.limits.folder_bytes());
    let root = Root::for_run(&job.program, &job.dir, &job.walls, cap);
    let opened = open_input(job.stdin.as_deref())
        .and_then(|stdin| Ok((stdin, pass_files(job, |path| !root.shows(path))?)));
    let (stdin, passed) = match opened {
        Ok(pair) => pair,
        Err(e) => return failed(job, e),
    };
    if let Err(sandbox::Unavailable(why)) = root.enter() {
        eprintln!("sandbox unavailable: {why}");
        return UNAVAILABLE;
    }
    let folder = match cap.map(|_| File::open(&job.dir)).transpose() {
        Ok(folder) => folder,
        Err(e) => return failed(job, e),
    };
    let files = Files {
        stdin,
        stdout,
        folder,
    };
    let mode = (Sandbox::Namespaces, Scope::Namespace);
    contain(&passed, &job.program, files, mode, (user, group))
}

/// Whether the other end of `pair` is still open.
fn is_alive(pair: &UnixStream) -> bool {
    let mut byte = [0u8];
    let _ = pair.set_nonblocking(true);
    matches!((&*pair).read(&mut byte), Err(e) if e.kind() == io::ErrorKind::WouldBlock)
}

/// The job with the program, and each argument that is a file, replaced where `pass` says by
/// `/proc/self/fd/N` of a descriptor opened now and kept open across exec.
fn pass_files(job: &Job, pass: impl Fn(&Path) -> bool) -> io::Result<Job> {
    let open = |path: &Path| -> io::Result<PathBuf> {
        let file = File::open(path)?;
        sys::keep_across_exec(file.as_raw_fd())?;
        let fd = file.as_raw_fd();
        std::mem::forget(file); // stays open for the program
        Ok(PathBuf::from(format!("/proc/self/fd/{fd}")))
    };
    let mut passed = job.clone();
    if pass(&job.program) {
        passed.program = open(&job.program)?;
    }
    for arg in passed.args.iter_mut() {
        let path = Path::new(arg);
        if path.is_file() && pass(path) {
            *arg = open(path)?.into_os_string();
        }
    }
    Ok(passed)
}

fn failed(job: &Job, e: io::Error) -> i32 {
    eprintln!("cannot run {}: {e}", job.program.display());
    2
}

/// Runs the job in `mode` and writes the report and the outputs to stdout; `name` is the program's
/// own path, which its argv[0] shows even when it starts through a descriptor.
fn contain(
    job: &Job,
    name: &Path,
    files: Files,
    (mode, scope): (Sandbox, Scope),
    (user, group): (Option<u32>, Option<&Group>),
) -> i32 {
    let run = || -> io::Result<(Seen, Vec<u8>, Vec<u8>)> {
        let Files {
            stdin,
            stdout,
            folder,
        } = files;
        let (stderr, tap) = stderr::tap(stderr_head(job.env) as usize)?;
        let start = Start {
            program: job.program.clone(),
            name: name.as_os_str().to_owned(),
            args: job.args.clone(),
            dir: job.dir.clone(),
            stdin,
            stdout: stdout.try_clone()?,
            stderr,
            env: job.env,
            user,
            group: group.map(|g| (g.joins(), g.counters.clone())),
            folder,
        };
        let seen = supervise(start, job.limits, scope)?; // every process that held stderr is gone
        let out = read_back(stdout, job.limits.output_bytes.saturating_add(1))?;
        Ok((seen, out, tap.kept()?))
    };
    match run() {
        Ok((seen, _, _)) if seen.interrupted => 2, // the judge is gone: nobody to report to
        Ok((seen, out, err)) => {
            let accounting = group.map_or(Accounting::Polling, |_| Accounting::Cgroup);
            send(&report::write(
                &measurement(&seen, mode, accounting),
                &out,
                &err,
            ))
        }
        Err(e) => failed(job, e),
    }
}

fn measurement(seen: &Seen, sandbox: Sandbox, accounting: Accounting) -> Measurement {
    Measurement {
        status: seen.status,
        cpu_ms: seen.cpu_us as f64 / 1000.0,
        wall_ms: seen.wall_us as f64 / 1000.0,
        peak_kib: seen.peak_kib,
        stopped: seen.stopped,
        sandbox,
        accounting,
    }
}

fn send(report: &[u8]) -> i32 {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(report).and_then(|()| stdout.flush()) {
        Ok(()) => 0,
        Err(_) => 2,
    }
}

/// A file the program writes to that has no name by the time it starts, so it cannot be replaced by a
/// FIFO or a symlink; created exclusively, never through a link.
fn unnamed_file(dir: &Path, name: &str) -> io::Result<File> {
    let path = dir.join(name);
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .custom_flags(O_NOFOLLOW)
        .open(&path)?;
    std::fs::remove_file(&path)?;
    Ok(file)
}

/// Opens a program's stdin: a test input, which must be a regular file, or an empty one.
fn open_input(path: Option<&Path>) -> io::Result<File> {
    path.map_or_else(|| File::open("/dev/null"), files::open_regular)
}

fn read_back(mut file: File, at_most: u64) -> io::Result<Vec<u8>> {
    file.rewind()?;
    let mut bytes = Vec::new();
    file.take(at_most).read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_survives_its_arguments() {
        let job = Job {
            limits: crate::model::limits::DEFAULT,
            sandbox: true,
            env: Env::Traced,
            stdin: Some("a.in".into()),
            dir: "scratch".into(),
            walls: Walls {
                hidden: vec!["cache".into(), "/project".into()],
            },
            program: "/usr/bin/python3".into(),
            args: vec!["sol.py".into(), "--flag".into()],
        };
        let cmd = job.command(Path::new("judge"));
        let args: Vec<OsString> = cmd.get_args().map(OsString::from).collect();
        assert_eq!(args[0], ARG);
        assert_eq!(Job::from_args(&args[1..]), Some(job.clone()));
        assert_eq!(Job::from_args(&args[1..6]), None);
        let no_input = Job { stdin: None, ..job };
        let cmd = no_input.command(Path::new("judge"));
        let args: Vec<OsString> = cmd.get_args().map(OsString::from).collect();
        assert_eq!(Job::from_args(&args[1..]), Some(no_input));
    }
}
