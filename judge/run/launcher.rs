//! The launcher: the judge binary started afresh (`judge __launch JOB`) to contain one run, so
//! small that the program's peak RSS is its own (a child's `ru_maxrss` also counts the pages of
//! whoever forked it). Its steps, sandboxed or in the fallback, are listed here in order;
//! `run/mod.rs` says which process takes each.

use crate::formats::files;
use crate::model::execution::{Sandbox, GIVEN_DIR};
use crate::model::limits::Limits;
use crate::model::status::SIGKILL;
use crate::run::cgroup::{self, Group};
use crate::run::report;
use crate::run::sandbox::{self, cannot, unavailable, Entered, Failed, Root, Walls};
use crate::run::stderr;
use crate::run::supervise::{supervise, Env, Folder, Start};
use crate::run::sys;
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::io::AsRawFd;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The name of a sandboxed program's copy of its input, in [`GIVEN_DIR`].
const INPUT: &str = "input";

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

    /// Reads [`Self::command`]'s arguments back, in the order written: a struct's fields are
    /// evaluated in the order they are listed.
    fn from_args(args: &[OsString]) -> Option<Job> {
        let mut args = args.iter().map(PathBuf::from);
        let a: &mut dyn Iterator<Item = PathBuf> = &mut args;
        let number = |a: &mut dyn Iterator<Item = PathBuf>| a.next()?.to_str()?.parse::<u64>().ok();
        Some(Job {
            limits: Limits {
                cpu_ms: number(a)?,
                memory_kib: number(a)?,
                output_bytes: number(a)?,
            },
            sandbox: number(a)? == 1,
            env: Env::from_code(a.next()?.to_str()?)?,
            stdin: Some(a.next()?).filter(|p| p != Path::new("-")),
            dir: a.next()?,
            walls: Walls {
                hidden: (0..number(a)?).map(|_| a.next()).collect::<Option<_>>()?,
            },
            program: a.next()?,
            args: a.map(PathBuf::into_os_string).collect(),
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
    if let Err(failed) = give_folder(&job, root) {
        return exit_code(Err(failed));
    }
    // Made outside the namespaces, where the cgroup file systems can be written, and removed there.
    let name = cgroup::group_name(std::process::id());
    let group = (job.env.is_submission())
        .then(|| Group::make(&name, &job.limits))
        .flatten();
    let code = match job.sandbox {
        true => sandboxed(&job, root, group.as_ref()),
        false => exit_code(fallback(&job, root, group.as_ref())),
    };
    group.into_iter().for_each(Group::remove);
    code
}

/// The launcher's exit status for what the steps came to, a failed one's reason on stderr.
fn exit_code(ran: Result<i32, Failed>) -> i32 {
    let (code, why) = match ran {
        Ok(code) => return code,
        Err(Failed::Unavailable(why)) => (UNAVAILABLE, format!("sandbox unavailable: {why}")),
        Err(Failed::Run(why)) => (2, why),
    };
    eprintln!("{why}");
    code
}

/// A root judge's submissions run as nobody (see [`sandbox::NOBODY`]): their folder is theirs. A
/// compiler keeps the judge's user, and its folder.
fn give_folder(job: &Job, root: bool) -> Result<(), Failed> {
    if !(root && job.env.is_submission()) {
        return Ok(());
    }
    let what = format!("give the run's folder {} to nobody", job.dir.display());
    sys::give_to(&job.dir, sandbox::NOBODY).map_err(cannot(what))
}

/// The sandbox. Only a process outside the namespaces returns, to clean up after the run: a root
/// launcher's parent, or a launcher that could not go in.
fn sandboxed(job: &Job, root: bool, group: Option<&Group>) -> i32 {
    match sandbox::enter_namespaces(root) {
        Ok(Entered::Inside(())) => std::process::exit(exit_code(in_namespaces(job, root, group))),
        Ok(Entered::Outside(code)) => code,
        Err(failed) => exit_code(Err(failed)),
    }
}

/// The sandbox's steps once in the namespaces, in order: the launcher forks the init, which does
/// the rest.
fn in_namespaces(job: &Job, root: bool, group: Option<&Group>) -> Result<i32, Failed> {
    let launcher = match fork_init()? {
        Entered::Inside(launcher) => launcher,
        Entered::Outside(code) => return Ok(code), // the launcher, once its init has ended
    };
    die_with_launcher(&launcher)?;
    // PID 1's command line is any run's to read: the job's, its host paths, are no program's.
    sys::blank_command_line("init").map_err(cannot("blank the init's command line"))?;
    sandbox::freeze(&job.dir)?;
    let stdout = create_stdout(&job.dir)?;
    let cap = job.env.is_submission().then(|| job.limits.folder_bytes());
    let new_root = Root::for_run(&job.program, &job.dir, &job.walls, cap);
    let mut given = vec![(open_stdin(job)?, PathBuf::from(INPUT))];
    let passed = pass_files(
        job,
        |path| !new_root.shows(path),
        |path, file| {
            let name = PathBuf::from(path.file_name().unwrap_or_default());
            if given.iter().any(|(_, taken)| *taken == name) {
                return Err(Failed::Run(format!(
                    "two files named {} to give",
                    name.display()
                )));
            }
            given.push((file, name.clone()));
            Ok(Path::new(GIVEN_DIR).join(name))
        },
    )?;
    new_root.enter(&given)?;
    drop(given); // the program holds no descriptor of a host file, only its copies
    let stdin = Path::new(GIVEN_DIR).join(INPUT);
    let stdin = File::open(stdin).map_err(cannot("open the program's copy of its input"))?;
    let inside = new_root.folder_inside();
    let folder = cap.map(|_| File::open(inside)).transpose();
    let folder = folder.map_err(cannot("open the run's capped folder"))?;
    let folder = folder.map_or(Folder::Unwatched, Folder::Capped);
    let given = Given {
        stdin,
        stdout,
        folder,
        // A root launcher stays root outside; its submissions take the inside user, nobody outside.
        user: (root && job.env.is_submission()).then_some(sandbox::INSIDE_ID),
    };
    let passed = Job {
        dir: inside.to_path_buf(),
        ..passed
    };
    contain(job, &passed, given, Sandbox::Namespaces, group)
}

/// The fallback's steps, in order: no namespaces, the launcher is the init, and the program leads a
/// process group of its own. A root judge's submission runs as [`sandbox::NOBODY`] and is handed
/// its files as descriptors, since nobody may not reach them by their paths.
fn fallback(job: &Job, root: bool, group: Option<&Group>) -> Result<i32, Failed> {
    // The judge's death (SIGTERM, by PR_SET_PDEATHSIG) or Ctrl-C: end the run's processes first.
    sys::catch_termination();
    let _ = sys::not_dumpable(); // the program, our user too, may not read our report pipe
    let user = (root && job.env.is_submission()).then_some(sandbox::NOBODY);
    let passed = match user {
        Some(_) => pass_files(job, |_| true, pass_open)?,
        None => job.clone(),
    };
    let given = Given {
        stdin: open_stdin(job)?,
        stdout: create_stdout(&job.dir)?,
        folder: host_folder(job)?,
        user,
    };
    contain(job, &passed, given, Sandbox::ProcessGroup, group)
}

/// Forks the init, PID 1 of the new PID namespace, and in the launcher waits for it. The init
/// goes on with its end of the pair that tells whether the launcher still lives.
fn fork_init() -> Result<Entered<UnixStream>, Failed> {
    // Nobody else of our user may read our descriptors (the report pipe) through /proc.
    let _ = sys::not_dumpable();
    // The init checks through this pair that we still live once it has asked to die with us.
    let pair = UnixStream::pair().map_err(cannot("pair the launcher with its init"));
    let (alive, alive_seen) = pair?;
    match sys::fork_process().map_err(unavailable("fork into the PID namespace"))? {
        None => Ok(Entered::Inside(alive_seen)),
        Some(child) => {
            let code = sandbox::exit_code_of(child);
            drop(alive);
            Ok(Entered::Outside(code))
        }
    }
}

/// When the launcher dies, so does the init, and the kernel ends the namespace. It may have died
/// before the init asked: then its end of the pair is closed. The init keeps every signal's default
/// action, so that no process of the namespace can signal it (a PID 1 gets only the signals it
/// handles).
fn die_with_launcher(launcher: &UnixStream) -> Result<(), Failed> {
    sys::die_with_parent_now(SIGKILL).map_err(cannot("tie the init to its launcher"))?;
    let mut byte = [0u8];
    let _ = launcher.set_nonblocking(true);
    match (&*launcher).read(&mut byte) {
        Err(e) if e.kind() == io::ErrorKind::WouldBlock => Ok(()),
        _ => Err(Failed::Run("the launcher died before its init".into())),
    }
}

/// What the program is given: its stdin and stdout, its folder where the sandbox caps it (to watch
/// how full it is), and the user it becomes where the launcher's own is not to be trusted to it.
struct Given {
    stdin: File,
    stdout: File,
    folder: Folder,
    user: Option<u32>,
}

/// The fallback's folder for a submission: the host's, its files' blocks watched against the cap.
fn host_folder(job: &Job) -> Result<Folder, Failed> {
    if !job.env.is_submission() {
        return Ok(Folder::Unwatched);
    }
    let opened = File::open(&job.dir).map_err(cannot("open the run's folder"))?;
    Ok(Folder::Host {
        path: job.dir.clone(),
        cap_bytes: job.limits.folder_bytes(),
        tmpfs: sys::on_tmpfs(&opened),
    })
}

/// The program's stdout: a file with no name, so it cannot be replaced by a FIFO or a symlink,
/// apart from the folder the program gets: the judge reads it back, and it is output, not memory.
/// A memory file, which the file-size limit bounds even against `fallocate`, where the kernel has
/// them; else a file in the run's host folder, created exclusively, never through a link, and
/// unlinked before the program starts.
fn create_stdout(dir: &Path) -> Result<File, Failed> {
    if let Ok(file) = sys::memory_file("stdout") {
        return Ok(file);
    }
    let path = dir.join("stdout");
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .custom_flags(O_NOFOLLOW)
        .open(&path);
    let removed = |file| std::fs::remove_file(&path).map(|()| file);
    let what = format!("create the program's stdout {}", path.display());
    file.and_then(removed).map_err(cannot(what))
}

/// The program's stdin: a test input, which must be a regular file, or an empty one.
fn open_stdin(job: &Job) -> Result<File, Failed> {
    let Some(path) = &job.stdin else {
        return File::open("/dev/null").map_err(cannot("open /dev/null"));
    };
    let what = format!("open the program's stdin {}", path.display());
    files::open_regular(path).map_err(cannot(what))
}

/// The job with the program, and each argument that is a file, replaced where `pass` says by the
/// path that `hand` gives a file opened now. In the sandbox this is done once everything is
/// read-only and before the new root is entered: what the root does not show (a program or script
/// behind the walls) becomes a copy in it; in the fallback, a descriptor ([`pass_open`]).
fn pass_files(
    job: &Job,
    pass: impl Fn(&Path) -> bool,
    mut hand: impl FnMut(&Path, File) -> Result<PathBuf, Failed>,
) -> Result<Job, Failed> {
    let mut open = |path: &Path| -> Result<PathBuf, Failed> {
        let what = format!("open {} to hand it to the program", path.display());
        hand(path, File::open(path).map_err(cannot(&what))?)
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

/// Hands `file` over as `/proc/self/fd/N` of a descriptor kept open across exec.
fn pass_open(path: &Path, file: File) -> Result<PathBuf, Failed> {
    let what = format!("hand {} to the program", path.display());
    sys::inherit_across_exec(file.as_raw_fd()).map_err(cannot(&what))?;
    let path = sandbox::fd_path(&file);
    std::mem::forget(file); // stays open for the program
    Ok(path)
}

/// Supervises the run (`supervise.rs`) in `mode`, and writes the report to stdout, the report pipe.
/// The program runs as `passed` says; its argv[0] is where it runs from in the sandbox (a copy's
/// path tells nothing of the host), and in the fallback its path in `job`, even when it starts
/// through a descriptor.
fn contain(
    job: &Job,
    passed: &Job,
    given: Given,
    mode: Sandbox,
    group: Option<&Group>,
) -> Result<i32, Failed> {
    let name = match mode {
        Sandbox::Namespaces => &passed.program,
        Sandbox::ProcessGroup => &job.program,
    };
    let pipe = stderr::tap(stderr_head(job.env) as usize);
    let (stderr, tap) = pipe.map_err(cannot("make the program's stderr pipe"))?;
    let stdout = given.stdout.try_clone();
    let start = Start {
        program: passed.program.clone(),
        name: name.as_os_str().to_owned(),
        args: passed.args.clone(),
        dir: passed.dir.clone(),
        stdin: given.stdin,
        stdout: stdout.map_err(cannot("share the program's stdout"))?,
        stderr,
        env: job.env,
        user: given.user,
        group: group.map(|g| (g.joins(), g.counters.clone())),
        folder: given.folder,
    };
    let ran = supervise(start, job.limits, mode); // every process that held stderr is gone
    let Some(measured) = ran.map_err(cannot(format!("run {}", name.display())))? else {
        return Ok(2); // interrupted: the judge is gone, nobody to report to
    };
    let out = read_back(given.stdout, job.limits.output_bytes.saturating_add(1));
    let out = out.map_err(cannot("read back the program's stdout"))?;
    let err = tap.kept().map_err(cannot("read the program's stderr"))?;
    Ok(send(&report::write(&measured, &out, &err)))
}

fn send(report: &[u8]) -> i32 {
    let mut stdout = io::stdout().lock();
    let sent = stdout.write_all(report).and_then(|()| stdout.flush());
    sent.map_or(2, |()| 0)
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
