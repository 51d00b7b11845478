//! The judge contains hostile submissions: whole process trees, files, the compile cache, resources,
//! and it never hangs. Each fixture in tests/fixtures/contain/ says in its header what it tries.
//! Process tests run in both modes: the namespace sandbox and the process-group fallback. They run
//! beside the rest of the suite, whose judges load the machine as a shared CI machine would: every
//! limit they rely on keeps five times its margin both ways.

use super::projects;
use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};

/// The tests that look for what killed judges or launchers leave (cgroups, sleeps, scratch folders)
/// hold this alone, so that the tests that kill them are not running meanwhile; the others share it.
/// The rest of the suite runs beside them all: its judges are never killed, so they leave nothing.
/// A run that must spend its CPU before the wall clock stops it gets 100 ms, whose wall clock
/// (1.2 s) is twelve times that: four times still for a run that gets a third of a core, as under
/// `.ci/flake`'s two busy loops beside the suite's own.
static MACHINE: RwLock<()> = RwLock::new(());

fn alone() -> RwLockWriteGuard<'static, ()> {
    MACHINE
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn shared() -> RwLockReadGuard<'static, ()> {
    MACHINE
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The two ways the judge contains a run: its default sandbox, and the fallback.
const MODES: [&[&str]; 2] = [&[], &["--no-sandbox"]];

fn judge() -> Command {
    Command::cargo_bin("judge").expect("judge is built")
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/contain")
        .join(name)
}

fn scratch(name: &str) -> PathBuf {
    projects::scratch(&format!("contain/{name}"))
}

/// A fresh folder in the system's temp dir, outside the project, which the sandbox hides whole.
fn outside(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slidekit-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

/// A template fixture with its placeholders replaced, written into `dir` without `.tmpl`.
fn instantiate(name: &str, dir: &Path, placeholders: &[(&str, &Path)]) -> PathBuf {
    let mut text = std::fs::read_to_string(fixture(name)).expect("template");
    for (key, value) in placeholders {
        text = text.replace(key, &value.display().to_string());
    }
    let path = dir.join(name.trim_end_matches(".tmpl"));
    std::fs::write(&path, text).expect("instantiated fixture");
    path
}

/// The one test of a run on eight's sample, read from the table's row (and `-v`'s sandbox line).
struct Judged {
    verdict: String,
    cpu_ms: f64,
    peak_kib: f64,
    reason: String,
    sandbox: String,
    /// Who counted it, and what that cannot see: `-v`'s line after the sandbox's.
    accounting: String,
    code: Option<i32>,
    stdout: String,
}

impl Judged {
    /// The verdict, once the judge's exit status agrees: 0 for AC, 1 for any other verdict.
    fn verdict(&self) -> &str {
        let expected = if self.verdict == "AC" { 0 } else { 1 };
        assert_eq!(self.code, Some(expected), "{}", self.stdout);
        &self.verdict
    }
}

/// Judges a fixture in each mode at once with `args`, asserts `verdict`, and returns the runs.
fn in_both_modes(name: &str, args: &[&str], verdict: &str) -> Vec<Judged> {
    let runs = std::thread::scope(|scope| {
        let judging = MODES
            .map(|mode| scope.spawn(move || judge_run(&fixture(name), &[args, mode].concat())));
        judging.map(|j| j.join().expect("judged"))
    });
    for (judged, mode) in runs.iter().zip(MODES) {
        assert_eq!(
            judged.verdict(),
            verdict,
            "{name} {mode:?}: {}",
            judged.stdout
        );
    }
    runs.into()
}

fn judge_sample(submission: &Path, args: &[&str]) -> Judged {
    judge_sample_with(judge(), submission, args)
}

/// Judges a program whose verdict comes from how it ran, not from what it answered, on the one-move
/// puzzle of problem `tiny` (see `projects::tiny_project`), which costs the judge no table.
fn judge_run(submission: &Path, args: &[&str]) -> Judged {
    let mut cmd = judge();
    cmd.current_dir(tiny())
        .env("CARGO_TARGET_DIR", projects::target_dir());
    judge_on("tiny", cmd, submission, args)
}

/// The one project of problem `tiny`, made once for all tests.
fn tiny() -> &'static Path {
    static TINY: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    TINY.get_or_init(|| projects::tiny_project("contain/tiny"))
}

fn judge_sample_with(cmd: Command, submission: &Path, args: &[&str]) -> Judged {
    judge_on("eight", cmd, submission, args)
}

fn judge_on(problem: &str, mut cmd: Command, submission: &Path, args: &[&str]) -> Judged {
    let output = cmd
        .args([
            problem,
            &submission.display().to_string(),
            "--test",
            "001",
            "-v",
        ])
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let row = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("001-sample"));
    let words: Vec<&str> = row.unwrap_or_default().split_whitespace().collect();
    let number = |i: usize| {
        words
            .get(i)
            .and_then(|w| w.parse().ok())
            .unwrap_or(f64::NAN)
    };
    let sandbox = stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("sandbox: "));
    let (sandbox, accounting) = sandbox
        .unwrap_or_default()
        .split_once("; accounting: ")
        .unwrap_or_default();
    Judged {
        verdict: words.get(1).copied().unwrap_or_default().to_string(),
        cpu_ms: number(2),
        peak_kib: number(4) * 1024.0,
        reason: words.get(7..).unwrap_or_default().join(" "),
        sandbox: sandbox.to_string(),
        accounting: accounting.to_string(),
        code: output.status.code(),
        stdout,
    }
}

/// Live processes (zombies are dead, just unreaped) whose command line or executable matches.
fn alive(matches: impl Fn(&[u8], &str) -> bool) -> Vec<String> {
    let entries = std::fs::read_dir("/proc").expect("/proc");
    entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().parse::<u32>().is_ok())
        .filter_map(|entry| {
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            let status = std::fs::read_to_string(entry.path().join("status")).ok()?;
            let exe = std::fs::read_link(entry.path().join("exe")).unwrap_or_default();
            let exe = exe.display().to_string();
            (matches(&cmdline, &exe) && !status.contains("State:\tZ"))
                .then(|| format!("{} {}", entry.file_name().to_string_lossy(), exe))
        })
        .collect()
}

fn sleeps(seconds: &str) -> Vec<String> {
    let cmdline = format!("sleep\0{seconds}\0").into_bytes();
    alive(|found, _| found == cmdline.as_slice())
}

fn running_binary(stem: &str) -> Vec<String> {
    let stem = format!("/{stem}-");
    alive(|_, exe| exe.contains(&stem))
}

#[test]
fn a_program_that_joins_the_judges_group_meets_the_wall_clock() {
    let _machine = shared();
    for judged in in_both_modes("joins_judge_group.c", &["--time-limit", "50"], "TLE") {
        let reason = &judged.reason;
        let wall = "stopped at the 1100 ms wall-clock limit";
        assert!(reason.starts_with(wall), "{reason}");
    }
    assert!(sleeps("9871").is_empty(), "{:?}", sleeps("9871"));
}

#[test]
fn an_unreaped_childs_cpu_counts() {
    let _machine = shared();
    // Its child burns 1.5 s, fifteen times the limit.
    for judged in in_both_modes("unreaped_burner.c", &["--time-limit", "100"], "TLE") {
        assert!(judged.cpu_ms >= 100.0, "{}", judged.stdout);
    }
    assert!(running_binary("unreaped_burner").is_empty());
}

#[test]
fn a_program_that_ignores_sigchld_cannot_hide_its_childrens_cpu() {
    let _machine = shared();
    for judged in in_both_modes("ignores_sigchld.c", &[], "RE") {
        assert!(
            judged.reason.contains("ignores SIGCHLD"),
            "{}",
            judged.reason
        );
    }
    assert!(running_binary("ignores_sigchld").is_empty());
}

#[test]
fn a_forking_swarm_is_stopped_on_the_trees_cpu() {
    let _machine = shared();
    let swarm = fixture("fork_swarm.c");
    let runs = MODES.map(|mode| judge_run(&swarm, &[&["--time-limit", "100"], mode].concat()));
    for (judged, sandbox) in runs.iter().zip(["namespaces", "process-group"]) {
        assert_eq!(judged.verdict(), "TLE", "{}", judged.stdout);
        // Stopped on the tree's CPU, though 64 processes spend it twice as fast as the wall clock
        // runs on two cores; within five times the limit. How close is a benchmark's claim
        // (docs/measuring.md), not a test's.
        let cpu = judged.cpu_ms;
        assert!((100.0..=500.0).contains(&cpu), "{sandbox}: {cpu} ms");
        assert!(judged.reason.starts_with("CPU "), "{}", judged.reason);
        assert_eq!(judged.sandbox, sandbox);
    }
    let left = running_binary("fork_swarm");
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_busy_loop_is_stopped_on_its_cpu() {
    let _machine = shared();
    let busy = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/eight/infinite_loop.c");
    let judged = judge_run(&busy, &["--time-limit", "100"]);
    assert_eq!(judged.verdict(), "TLE");
    assert!(judged.reason.starts_with("CPU "), "{}", judged.reason);
    let cpu = judged.cpu_ms;
    // How close to the limit is a benchmark's claim (docs/measuring.md), not a test's.
    assert!((100.0..=500.0).contains(&cpu), "{cpu} ms");
}

/// Waits up to `seconds` for `done`.
fn wait_until(seconds: u64, done: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while !done() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The launcher folders of the judge whose pid is `pid`, in this user's private temp folder.
fn scratch_of(pid: u32) -> Vec<PathBuf> {
    let uid = uid();
    let root = std::env::temp_dir().join(format!("slidekit-{uid}"));
    let entries = std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok());
    let prefix = format!("judge-{pid}-");
    let ours = entries.filter(|e| e.file_name().to_string_lossy().starts_with(&prefix));
    ours.map(|e| e.path()).collect()
}

/// The launchers a judge started: its children whose command line is `judge __launch …`.
fn launchers_of(judge: u32) -> Vec<u32> {
    let children = std::fs::read_to_string(format!("/proc/{judge}/task/{judge}/children"));
    let children = children.unwrap_or_default();
    let pids = children
        .split_whitespace()
        .filter_map(|p| p.parse::<u32>().ok());
    let launches = |pid: &u32| {
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        cmdline.split(|&b| b == 0).any(|word| word == b"__launch")
    };
    pids.filter(launches).collect()
}

/// A command that runs the judge as `nobody` with its files in `home` (which it owns), where this
/// test runs as root and `setpriv` is there: the judge that is not root, whose runs have no cgroup.
fn judge_as_nobody(home: &Path) -> Option<std::process::Command> {
    let setpriv = Path::new("/usr/bin/setpriv");
    if !is_root() || !setpriv.exists() {
        return None;
    }
    let nobody = "65534";
    let owned = std::process::Command::new("chown")
        .args([&format!("{nobody}:{nobody}"), &home.display().to_string()])
        .status();
    assert!(owned.expect("chown runs").success());
    let mut cmd = std::process::Command::new(setpriv);
    cmd.args(["--reuid", nobody, "--regid", nobody, "--clear-groups"])
        .arg(env!("CARGO_BIN_EXE_judge"))
        .env("HOME", home)
        .env("TMPDIR", home)
        .env("CARGO_TARGET_DIR", home.join("target"));
    Some(cmd)
}

/// `forks_sleepers.c` whose sleeps are `sleep 9873`, in `dir`: a test that looks for its own sleeps
/// then shares the machine with the one that starts `sleep 9872`.
fn sleepers_of_our_own(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(fixture("forks_sleepers.c")).expect("fixture");
    let path = dir.join("own_sleepers.c");
    std::fs::write(&path, text.replace("9872", "9873")).expect("the copy");
    path
}

#[test]
fn a_launcher_killed_outright_leaves_no_process_of_its_run() {
    let _machine = shared();
    let home = outside("killed-launcher");
    let sleepers = sleepers_of_our_own(&scratch("killed-launcher"));
    let as_us = || {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_judge"));
        cmd.env("CARGO_TARGET_DIR", projects::target_dir());
        Some(cmd)
    };
    // A root judge's run has a cgroup, whose processes it ends; one that is not root adopts the
    // orphans of its launchers and ends them (this machine runs the tests as root: setpriv).
    let nobody = judge_as_nobody(&home).is_some();
    if !nobody {
        eprintln!("a_launcher_killed_outright: no other user to run the judge as here");
    }
    let users = [("the test's user", true), ("nobody", false)];
    let killed = users
        .into_iter()
        .flat_map(|u| MODES.map(|m| (u, m, "KILL")));
    // A stopped launcher is killed at its deadline (the wall clock and 2 s), then the same.
    let stopped = (users[usize::from(nobody)], MODES[1], "STOP");
    for ((who, ours), mode, signal) in killed.chain([stopped]) {
        let Some(mut command) = (if ours {
            as_us()
        } else {
            judge_as_nobody(&home)
        }) else {
            continue;
        };
        let limit = if signal == "STOP" { "100" } else { "3000" };
        let judge = command
            .current_dir(tiny())
            .args(["tiny", &sleepers.display().to_string()])
            .args(["--test", "001", "--time-limit", limit])
            .args(mode)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("judge starts");
        wait_until(30, || sleeps("9873").len() >= 4);
        let started = sleeps("9873").len();
        assert_eq!(started, 4, "{who} {mode:?}: the sleeps did not start");
        // As a program of the judge's own user may do in the fallback (a root judge's cannot).
        let launchers = launchers_of(judge.id());
        assert!(!launchers.is_empty(), "{mode:?}");
        for launcher in launchers {
            let kill = format!("kill -s {signal} {launcher}");
            let sent = std::process::Command::new("sh")
                .args(["-c", &kill])
                .status();
            assert!(sent.expect("kill runs").success());
        }
        let output = judge.wait_with_output().expect("the judge ends");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.contains(" RE "), "{who} {mode:?} {signal}: {stdout}");
        wait_until(5, || sleeps("9873").is_empty());
        let left = sleeps("9873");
        assert!(left.is_empty(), "{who} {mode:?} {signal}: {left:?}");
    }
    std::fs::remove_dir_all(&home).expect("clean up");
}

/// `attacks_its_judge.c` with `attack`, as `name`.c: each test then finds only its own leftovers.
fn attack_program(attack: &str, name: &str) -> PathBuf {
    let dir = scratch(name);
    let octal = |b: u8| format!("\\{b:03o}"); // as C writes any byte
    let report: String = forged_report().into_iter().map(octal).collect();
    let places = [
        ("@ATTACK@", Path::new(attack)),
        ("@REPORT@", Path::new(&report)),
    ];
    let program = instantiate("attacks_its_judge.c.tmpl", &dir, &places);
    let named = dir.join(format!("{name}.c"));
    std::fs::rename(&program, &named).expect("the attack, named");
    named
}

/// What a launcher would write for problem tiny's answer, accepted in 1 ms of CPU and 1 MiB: made by
/// the judge's own writer, so that a forgery the judge refuses is one it would otherwise believe.
fn forged_report() -> Vec<u8> {
    use slidekit::model::execution::{Accounting, Measurement, Sandbox};
    let measured = Measurement {
        status: slidekit::model::status::Status::Exited(0),
        cpu_ms: 1.0,
        wall_ms: 1.0,
        peak_kib: 1024,
        stopped: None,
        sandbox: Sandbox::ProcessGroup,
        accounting: Accounting::Polling,
        stack_kib: 64 << 10,
    };
    slidekit::run::report::write(&measured, b"1\nA (0,0) (0,1)\n", b"")
}

/// Judges `program` on problem `tiny` with `args` as the test's user and as nobody where it can, in
/// both modes, all at once: each cell's run, named. Where the judge is nobody and there is no
/// sandbox, the program is the judge's own user.
fn in_every_cell(program: &Path, args: &[&str]) -> Vec<(String, Judged)> {
    let cells = [false, true].map(|nobody| MODES.map(|mode| (nobody, mode)));
    std::thread::scope(|scope| {
        let judging = cells.into_iter().flatten().map(|(nobody, mode)| {
            scope.spawn(move || {
                let args = [args, mode].concat();
                let cell = format!("nobody {nobody} {mode:?}");
                if !nobody {
                    return Some((cell, judge_run(program, &args)));
                }
                let stem = program.file_stem().unwrap_or_default().to_string_lossy();
                let home = outside(&format!("{stem}-{}", mode.len()));
                let judged = judge_as_nobody(&home).map(|cmd| {
                    let mut cmd = Command::from_std(cmd);
                    cmd.current_dir(tiny());
                    (cell, judge_on("tiny", cmd, program, &args))
                });
                if judged.is_none() {
                    eprintln!("{stem}: no other user to run the judge as here");
                }
                std::fs::remove_dir_all(&home).expect("clean up");
                judged
            })
        });
        let judged = judging.collect::<Vec<_>>().into_iter();
        judged
            .filter_map(|cell| cell.join().expect("judged"))
            .collect()
    })
}

/// Judges `attack` at a 100 ms limit in every cell (the judge that is nobody without a sandbox is
/// the one each attack is for): each must be RE or TLE, with the judge's table printed, and leave
/// no process of the program.
fn attack_in_every_cell(attack: &str) {
    let program = attack_program(attack, &format!("attack_{attack}"));
    for (cell, judged) in in_every_cell(&program, &["--time-limit", "100"]) {
        let ended = ["RE", "TLE"].contains(&judged.verdict());
        assert!(ended, "{attack} {cell}: {}", judged.stdout);
    }
    let left = running_binary(&format!("attack_{attack}"));
    assert!(left.is_empty(), "{attack}: {left:?}");
}

#[test]
fn a_program_holds_no_descriptor_of_the_judges() {
    let _machine = shared();
    let program = fixture("no_stray_descriptor.c");
    for (cell, judged) in in_every_cell(&program, &[]) {
        assert_eq!(judged.verdict(), "AC", "{cell}: {}", judged.stdout);
    }
}

#[test]
fn a_program_cannot_forge_its_launchers_report() {
    let _machine = shared();
    attack_in_every_cell("report");
}

#[test]
fn a_program_cannot_end_the_judge_through_its_signal_pipe() {
    let _machine = shared();
    attack_in_every_cell("signal");
}

#[test]
fn a_program_can_neither_trace_nor_read_its_judge() {
    let _machine = shared();
    attack_in_every_cell("ptrace");
}

/// The descriptors of the pipes that process `pid` holds both ends of above stderr: the judge's
/// signal pipe, and while it starts a process, the pipes it hands that process.
fn own_pipes(pid: u32) -> Vec<PathBuf> {
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .into_iter()
        .flatten();
    let above_stderr =
        |fd: &PathBuf| fd.file_name().and_then(|n| n.to_str()?.parse::<u32>().ok()) > Some(2);
    let pipes: Vec<(PathBuf, PathBuf)> = fds
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(above_stderr)
        .filter_map(|fd| std::fs::read_link(&fd).ok().map(|link| (fd, link)))
        .filter(|(_, link)| link.to_string_lossy().starts_with("pipe:"))
        .collect();
    let both = |link: &PathBuf| pipes.iter().filter(|(_, l)| l == link).count() == 2;
    let held = pipes.iter().filter(|(_, link)| both(link));
    held.map(|(fd, _)| fd.clone()).collect()
}

#[test]
fn a_forged_byte_in_the_signal_pipe_is_ignored() {
    let _machine = shared();
    // As root, this test writes where no program of the judge's user may (through /proc).
    if !is_root() {
        eprintln!("a_forged_byte_in_the_signal_pipe: only root may open a judge's pipes here");
        return;
    }
    let program = attack_program("signal", "forged_signal");
    let judge = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .current_dir(tiny())
        .env("CARGO_TARGET_DIR", projects::target_dir())
        .args(["tiny", &program.display().to_string(), "--test", "001"])
        .args(["--time-limit", "500", "--no-sandbox"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("judge starts");
    // Its run burns 500 ms of CPU: fifty times what this takes to see it start, and the judge
    // done starting it (the signal pipe then the only one it holds both ends of).
    let started = || !launchers_of(judge.id()).is_empty() && own_pipes(judge.id()).len() == 2;
    wait_until(30, started);
    let ends = own_pipes(judge.id());
    assert_eq!(ends.len(), 2, "the signal pipe's two ends");
    for end in ends {
        let pipe = std::fs::OpenOptions::new().write(true).open(end);
        let written = pipe.and_then(|mut pipe| std::io::Write::write_all(&mut pipe, &[9]));
        assert!(written.is_ok(), "a byte into the signal pipe: {written:?}");
    }
    let output = judge.wait_with_output().expect("the judge ends");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains(" TLE "), "{stdout}");
    let left = running_binary("forged_signal");
    assert!(left.is_empty(), "{left:?}");
}

/// `cmd` started by a shell that first opens `dir` as descriptor 8, as a caller may leave one open.
fn with_descriptor_8(cmd: &std::process::Command, dir: &Path) -> std::process::Command {
    let mut sh = std::process::Command::new("sh");
    sh.args(["-c", "exec 8<\"$0\" && exec \"$@\""])
        .arg(dir)
        .arg(cmd.get_program())
        .args(cmd.get_args());
    for (key, value) in cmd.get_envs() {
        match value {
            Some(value) => sh.env(key, value),
            None => sh.env_remove(key),
        };
    }
    sh
}

/// The judge as a kernel without close_range (before 5.9) would run it, where `strace` is there and
/// may trace: every process's close_range fails, so the judge and its launchers close one by one.
fn judge_without_close_range() -> Option<std::process::Command> {
    let strace = || {
        let mut cmd = std::process::Command::new("/usr/bin/strace");
        cmd.args(["-f", "-o", "/dev/null", "-e", "trace=close_range"])
            .args(["-e", "inject=close_range:error=ENOSYS"]);
        cmd
    };
    let traces = strace()
        .arg("true")
        .output()
        .is_ok_and(|o| o.status.success());
    if !traces {
        eprintln!("no strace that may trace here: closing without close_range is not run");
        return None;
    }
    let mut cmd = strace();
    cmd.arg(env!("CARGO_BIN_EXE_judge"));
    Some(cmd)
}

#[test]
fn a_descriptor_the_judges_caller_left_open_is_closed() {
    let _machine = shared();
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/eight/tests");
    let source = fixture("include_inherited.c");
    let home = outside("inherited");
    let as_us = std::process::Command::new(env!("CARGO_BIN_EXE_judge"));
    let users = [
        Some(as_us),
        judge_as_nobody(&home),
        judge_without_close_range(),
    ];
    for (user, mode) in users.iter().flatten().flat_map(|u| MODES.map(|m| (u, m))) {
        let mut cmd = with_descriptor_8(user, &tests);
        cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
        let stdout = table(Command::from_std(cmd), &source, mode);
        assert!(stdout.contains("CE  compile error"), "{mode:?}: {stdout}");
        assert!(
            stdout.contains("No such file or directory"),
            "{mode:?}: {stdout}"
        );
    }
    std::fs::remove_dir_all(&home).expect("clean up");
}

#[test]
fn the_sandbox_hides_the_cached_reference_binaries() {
    let _machine = shared();
    let dir = scratch("exec-reference");
    let cache = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/judge");
    let cheat = instantiate("exec_reference.py.tmpl", &dir, &[("@CACHE@", &cache)]);
    let judged = judge_sample(&cheat, &[]);
    assert_eq!(judged.verdict(), "WA", "{}", judged.stdout);
}

/// Judges a small C answer to eight's sample with `target` as the target dir: whether it was cached.
fn judge_eight_in(target: &Path) -> bool {
    let answer = target.join("answer.c");
    let program = "#include <stdio.h>\nint main(void) { puts(\"ullddrurdllurdruldr\"); }\n";
    std::fs::write(&answer, program).expect("answer.c");
    let output = judge()
        .args(["eight", &answer.display().to_string(), "--test", "001"])
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("eight: 1 test accepted"), "{stdout}");
    stdout
        .lines()
        .next()
        .unwrap_or_default()
        .contains("(cached)")
}

/// Judges the cache-poisoning fixture in `mode`, with a target dir of its own, and returns whether
/// the answer judged afterwards came from the cache, and that target dir.
fn poison_the_cache(mode: &[&str]) -> (bool, PathBuf) {
    let target = scratch(&format!("poison{}", mode.len()));
    let cache = target.join("judge");
    judge_eight_in(&target);
    let poison = instantiate("overwrite_cache.py.tmpl", &target, &[("@CACHE@", &cache)]);
    let mut cmd = judge();
    cmd.env("CARGO_TARGET_DIR", &target);
    let judged = judge_sample_with(cmd, &poison, mode);
    assert_eq!(judged.verdict(), "AC", "{}", judged.stdout);
    if mode.is_empty() {
        assert!(!cache.join("planted").exists());
    }
    (judge_eight_in(&target), target)
}

#[test]
fn the_sandbox_keeps_the_cache_out_of_reach() {
    let _machine = shared();
    assert!(poison_the_cache(&[]).0, "the cached answer was reused");
}

#[test]
fn a_rewritten_cache_entry_without_sandbox_is_rebuilt() {
    let _machine = shared();
    let (reused, target) = poison_the_cache(&["--no-sandbox"]);
    if !is_root() {
        assert!(!reused, "rebuilt, not reused");
        return;
    }
    // A root judge's program runs as nobody, who cannot write the cache: it is reused. Rewritten
    // here instead, by root, an entry fails its digest and is rebuilt all the same.
    assert!(reused, "the run as nobody could not write the cache");
    for entry in std::fs::read_dir(target.join("judge")).expect("cache") {
        let path = entry.expect("entry").path();
        if path.is_file() && path.extension().is_none() {
            std::fs::write(&path, "garbage").expect("rewrite an entry");
        }
    }
    assert!(!judge_eight_in(&target), "rebuilt, not reused");
}

#[test]
fn a_no_sandbox_build_is_never_reused_in_the_sandbox() {
    let _machine = shared();
    let target = scratch("cache-by-mode");
    let answer = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/eight/tests/001-sample.ans");
    let cheat = instantiate("include_answer.c.tmpl", &target, &[("@ANSWER@", &answer)]);
    let judged = |mode: &[&str]| {
        let mut cmd = judge();
        cmd.env("CARGO_TARGET_DIR", &target);
        table(cmd, &cheat, mode)
    };
    let fallback = judged(&["--no-sandbox"]);
    assert!(fallback.contains("eight: 1 test accepted"), "{fallback}");
    let sandboxed = judged(&[]);
    assert!(sandboxed.contains("CE  compile error"), "{sandboxed}");
    assert!(
        sandboxed.contains("No such file or directory"),
        "{sandboxed}"
    );
}

/// Whether the tests run as root (as CI does), when the judge runs submissions as nobody.
fn is_root() -> bool {
    uid() == 0
}

/// The user the tests run as (the owner of this process's /proc entry).
fn uid() -> u32 {
    std::fs::metadata("/proc/self").map_or(0, |m| std::os::unix::fs::MetadataExt::uid(&m))
}

#[test]
fn the_sandbox_keeps_the_tests_and_the_project_unchanged() {
    let _machine = shared();
    let root =
        projects::eight_project("contain/rewrite-tests", Path::new("rewrite_tests.py"), true);
    let rewriter = instantiate("rewrite_tests.py.tmpl", &root, &[("@PROJECT@", &root)]);
    let before = std::fs::read(root.join("problems/eight/tests/001-sample.in")).expect(".in");
    let output = judge().current_dir(&root).output().expect("judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("eight: 1 test accepted"), "{stdout}");
    let after = std::fs::read(root.join("problems/eight/tests/001-sample.in")).expect(".in");
    assert_eq!(before, after);
    assert!(!root.join("planted").exists());
    assert!(rewriter.is_file());
}

#[test]
fn fifos_and_symlinks_in_place_of_the_outputs_change_nothing() {
    let _machine = shared();
    for replacement in ["fifo", "symlink"] {
        let dir = scratch(&format!("replace-outputs-{replacement}"));
        let kind = Path::new(replacement);
        let program = instantiate("replace_outputs.py.tmpl", &dir, &[("@REPLACEMENT@", kind)]);
        for mode in MODES {
            let judged = judge_sample(&program, mode);
            assert_eq!(
                judged.verdict(),
                "AC",
                "{replacement} {mode:?}: {}",
                judged.stdout
            );
        }
    }
}

#[test]
fn a_debug_file_stays_in_the_runs_folder_which_is_removed() {
    let _machine = shared();
    let tmp = outside("debug-file-tmp");
    let mut cmd = judge();
    cmd.env("TMPDIR", &tmp);
    let judged = judge_sample_with(cmd, &fixture("debug_file.c"), &[]);
    assert_eq!(judged.verdict(), "AC", "{}", judged.stdout);
    assert_eq!(judged.sandbox, "namespaces");
    let left: Vec<_> = std::fs::read_dir(&tmp).expect("tmp").collect();
    assert!(left.is_empty(), "left in the temp dir: {left:?}");
    std::fs::remove_dir_all(&tmp).expect("clean up");
    assert!(!Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("debug.txt")
        .exists());
}

#[test]
fn failed_allocations_are_mle_or_name_the_cap() {
    let _machine = shared();
    let mut cmd = judge();
    cmd.current_dir(tiny())
        .env("CARGO_TARGET_DIR", projects::target_dir())
        .env("RUST_BACKTRACE", "1"); // must not reach the program, nor hide its message
    let rust = judge_on(
        "tiny",
        cmd,
        &fixture("rust_oom.rs"),
        &["--memory-limit", "64"],
    );
    let c = judge_run(&fixture("malloc_null.c"), &["--memory-limit", "64"]);
    if is_root() {
        // A cgroup counts the run and no address-space cap stands in the way: each allocation
        // succeeds, and filling it passes the limit, MLE however the program would have died.
        for judged in [&rust, &c] {
            assert_eq!(judged.verdict(), "MLE", "{}", judged.stdout);
            assert!(
                judged.reason.starts_with("peak memory "),
                "{}",
                judged.reason
            );
        }
        return;
    }
    assert_eq!(rust.verdict(), "MLE", "{}", rust.stdout);
    let reason = &rust.reason;
    assert!(
        reason.contains("allocation failed at the 192 MiB"),
        "{reason}"
    );
    assert_eq!(c.verdict(), "RE", "{}", c.stdout);
    let reason = &c.reason;
    assert!(
        reason.starts_with("exit code 3 (each process may map at most 192 MiB"),
        "{reason}"
    );
}

#[test]
fn memory_of_the_whole_tree_counts() {
    let _machine = shared();
    for judged in in_both_modes("children_memory.c", &["--memory-limit", "64"], "MLE") {
        // MLE says it passed the limit; the table's figure is rounded to a tenth of a MiB.
        assert!(judged.peak_kib >= 64.0 * 1024.0, "{}", judged.stdout);
    }
    // A memory file written, never mapped: its shared memory is charged to the run's cgroup, which
    // a root judge has; polling alone cannot see it, and says so.
    let counted = if is_root() { "MLE" } else { "AC" };
    for judged in in_both_modes("memfd_hog.c", &["--memory-limit", "64"], counted) {
        assert_accounting(&judged);
    }
}

#[test]
fn kernel_memory_past_the_cgroup_cap_is_mle_naming_it() {
    let _machine = shared();
    // Page tables: a cgroup counts them against its cap, no process's RSS shows them. The cap is
    // met after 0.3-0.75 s of CPU here (the kernel reclaims before it gives up): 4 s of CPU.
    let args = ["--memory-limit", "64", "--time-limit", "4000"];
    let (verdict, why) = match is_root() {
        true => (
            "MLE",
            "the run's cgroup met its 272 MiB memory cap (memory.failcnt;",
        ),
        false => ("RE", "exit code 3 (each process may map at most 192 MiB"),
    };
    for judged in in_both_modes("page_tables.c", &args, verdict) {
        assert!(judged.reason.starts_with(why), "{}", judged.stdout);
    }
    // A judge that is not root has no cgroup: the address-space cap refuses the mapping.
    let home = outside("page-tables-nobody");
    for mode in MODES {
        let Some(mut nobody) = judge_as_nobody(&home) else {
            break;
        };
        nobody.current_dir(env!("CARGO_MANIFEST_DIR"));
        let args = [&args[..], mode].concat();
        let judged = judge_sample_with(Command::from_std(nobody), &fixture("page_tables.c"), &args);
        assert_eq!(judged.verdict(), "RE", "{mode:?}: {}", judged.stdout);
        let why = "exit code 3 (each process may map at most 192 MiB";
        assert!(
            judged.reason.starts_with(why),
            "{mode:?}: {}",
            judged.stdout
        );
    }
    std::fs::remove_dir_all(&home).expect("clean up");
}

#[test]
fn pipe_buffers_are_not_counted_as_memory() {
    // 60 MiB in pipe buffers beside 40 MiB of heap, at 64 MiB: only the heap is seen.
    accepted_in_every_cell("pipe_hoard.c", 40.0..60.0);
}

#[test]
fn socket_buffers_are_not_counted_as_memory() {
    // 80 MiB in the send buffers of socket pairs, at 64 MiB: no count sees them.
    accepted_in_every_cell("socket_hoard.c", 0.0..16.0);
}

/// Judges fixture `name` at a 64 MiB limit in both modes, by this judge (a cgroup counts where the
/// tests run as root) and, where it can, by one that runs as `nobody` (polling): AC each time, at
/// a peak in `peak_mib`. What the fixture holds in kernel buffers is in no count.
fn accepted_in_every_cell(name: &str, peak_mib: std::ops::Range<f64>) {
    let _machine = shared();
    let home = outside(&format!("kernel-buffers-{name}"));
    for mode in MODES {
        let args = [&["--memory-limit", "64"][..], mode].concat();
        let mut judges = vec![judge()];
        if let Some(mut nobody) = judge_as_nobody(&home) {
            nobody.current_dir(env!("CARGO_MANIFEST_DIR"));
            judges.push(Command::from_std(nobody));
        }
        for cmd in judges {
            let judged = judge_sample_with(cmd, &fixture(name), &args);
            assert_eq!(judged.verdict(), "AC", "{mode:?}: {}", judged.stdout);
            let peak = judged.peak_kib / 1024.0;
            assert!(peak_mib.contains(&peak), "{mode:?}: {}", judged.stdout);
        }
    }
    std::fs::remove_dir_all(&home).expect("clean up");
}

/// The run was counted by a cgroup where the tests run as root; otherwise by polling, whose blind
/// spot `-v` names.
fn assert_accounting(judged: &Judged) {
    match is_root() {
        true => assert_eq!(judged.accounting, "cgroup", "{}", judged.stdout),
        false => assert!(
            judged
                .accounting
                .starts_with("polling (CPU of children the kernel reaps"),
            "{}",
            judged.stdout
        ),
    }
}

/// Run cgroups (`slidekit-run-PID`) whose launcher has ended, in the cpuacct and pids hierarchies.
fn stale_groups() -> Vec<String> {
    let dirs = ["/sys/fs/cgroup/cpuacct", "/sys/fs/cgroup/pids"];
    let entries = dirs
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten();
    let names = entries.filter_map(|e| e.ok()?.file_name().into_string().ok());
    let stale = |name: &String| {
        let pid = name.strip_prefix("slidekit-run-");
        // Ended: gone, or a zombie that nobody has reaped yet.
        let stat = |pid: &str| std::fs::read_to_string(format!("/proc/{pid}/stat"));
        let zombie = |s: String| {
            s.rsplit_once(") ")
                .is_some_and(|(_, rest)| rest.starts_with('Z'))
        };
        pid.is_some_and(|pid| stat(pid).map_or(true, zombie))
    };
    names.filter(stale).collect()
}

#[test]
fn a_flood_of_newlines_is_wa_and_the_judge_stays_small() {
    let _machine = shared();
    // The judge's own peak memory, from its parent's view of its reaped children (the largest).
    let script = "import resource, subprocess, sys\n\
         r = subprocess.run([sys.argv[1], 'eight', sys.argv[2], '--test', '001'], capture_output=True)\n\
         print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)";
    let output = std::process::Command::new("python3")
        .args(["-c", script, env!("CARGO_BIN_EXE_judge")])
        .arg(fixture("newline_flood.c"))
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let mut words = text.split_whitespace();
    assert_eq!(words.next(), Some("1"), "{text}");
    let peak_kib: u64 = words.next().and_then(|w| w.parse().ok()).expect("a peak");
    assert!(peak_kib < 400 << 10, "the judge reached {peak_kib} KiB");
}

/// The table the judge prints for `submission` on eight's sample: for compile errors, which have no row.
fn table(mut cmd: Command, submission: &Path, args: &[&str]) -> String {
    let submission = submission.display().to_string();
    let output = cmd
        .args(["eight", &submission, "--test", "001"])
        .args(args)
        .output();
    String::from_utf8_lossy(&output.expect("judge runs").stdout).into_owned()
}

#[test]
fn a_submission_is_compiled_alone_so_local_files_are_ce() {
    let _machine = shared();
    let dir = scratch("alone");
    for file in [
        "includes_header.c",
        "helper.h",
        "include_macro.rs",
        "mod_decl.rs",
        "helper.rs",
    ] {
        std::fs::copy(fixture(file), dir.join(file)).expect("copy");
    }
    for submission in ["includes_header.c", "include_macro.rs", "mod_decl.rs"] {
        let stdout = table(judge(), &dir.join(submission), &[]);
        assert!(
            stdout.contains("CE  compile error"),
            "{submission}: {stdout}"
        );
    }
}

#[test]
fn a_compiler_gets_no_secret_of_the_judges_environment() {
    let _machine = shared();
    let mut cmd = judge();
    cmd.env("SLIDEKIT_PROBE_SECRET", "not for the submission");
    let secret = fixture("env_at_compile.rs");
    let stdout = table(cmd, &secret, &[]);
    assert!(stdout.contains("CE  compile error"), "{stdout}");
    let why = "environment variable `SLIDEKIT_PROBE_SECRET` not defined";
    assert!(stdout.contains(why), "{stdout}");
    // The message names the file as given, not the copy the compiler was handed.
    assert!(
        stdout.contains(&format!("--> {}:", secret.display())),
        "{stdout}"
    );
}

#[test]
fn a_submission_is_always_built_as_a_program() {
    let _machine = shared();
    let stdout = table(judge(), &fixture("proc_macro.rs"), &[]);
    assert!(stdout.contains("CE  compile error"), "{stdout}");
    assert!(stdout.contains("`main` function not found"), "{stdout}");
}

#[test]
fn a_compiler_blocked_on_a_fifo_is_ce_at_its_wall_clock() {
    let _machine = shared();
    let dir = outside("compile-caps");
    let fifo = dir.join("never-written");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.expect("mkfifo runs").success());
    let blocked = instantiate("include_fifo.c.tmpl", &dir, &[("@FIFO@", &fifo)]);
    let tmp = outside("compile-caps-tmp"); // named in cc1's command line, so we can look for it
                                           // The sandbox covers the temp dir the FIFO is in: the compiler cannot reach it at all.
    let mut cmd = judge();
    cmd.env("TMPDIR", &tmp);
    let stdout = table(cmd, &blocked, &["--compile-time-limit", "200"]);
    assert!(stdout.contains("No such file or directory"), "{stdout}");
    // The fallback does not: the compiler blocks on it, and its wall clock ends it.
    let started = Instant::now();
    let mut cmd = judge();
    cmd.env("TMPDIR", &tmp);
    let stdout = table(
        cmd,
        &blocked,
        &["--compile-time-limit", "200", "--no-sandbox"],
    );
    assert!(
        stdout.contains("stopped at its 1400 ms wall-clock cap"),
        "{stdout}"
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    let named = tmp.display().to_string().into_bytes();
    let compilers = alive(|cmdline, _| cmdline.windows(named.len()).any(|w| w == named.as_slice()));
    assert!(compilers.is_empty(), "{compilers:?}");
    let _ = std::fs::remove_dir_all(&dir); // the FIFO's folder; `tmp` is checked empty below
    let left: Vec<_> = std::fs::read_dir(&tmp).expect("tmp").collect();
    assert!(left.is_empty(), "{left:?}");
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn a_compiler_past_its_memory_cap_is_ce() {
    let _machine = shared();
    let heavy = fixture("heavy_compile.c");
    let stdout = table(judge(), &heavy, &["--compile-memory-limit", "128"]);
    assert!(stdout.contains("passed its 128 MiB memory cap"), "{stdout}");
}

#[test]
fn an_input_that_is_a_fifo_or_a_device_is_a_broken_test() {
    let _machine = shared();
    let solution = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/eight/correct.cpp");
    let root = projects::eight_project("contain/odd-inputs", &solution, true);
    let tests = root.join("problems/eight/tests");
    let made = std::process::Command::new("mkfifo")
        .arg(tests.join("002-fifo.in"))
        .status();
    assert!(made.expect("mkfifo runs").success());
    std::os::unix::fs::symlink("/dev/zero", tests.join("003-zero.in")).expect("symlink");
    let output = judge()
        .current_dir(&root)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("eight: 1 of 3 accepted (2 ERR)"),
        "{stdout}"
    );
    assert!(stdout.contains("is not a regular file"), "{stdout}");
}

/// The kernel's CPU limit, the launcher's backstop, ends a busy process with SIGXCPU. A second of
/// CPU is the least it can be set to, so this waits here, beside the other tests that wait, rather
/// than among the unit tests of `run::sys`.
#[test]
fn the_kernels_cpu_backstop_ends_a_busy_process_with_sigxcpu() {
    use slidekit::model::status::Status;
    use slidekit::run::sys::{limit_child, wait_child, ChildLimits};
    let _machine = shared();
    let mut busy = std::process::Command::new("sh");
    busy.args(["-c", "while :; do :; done"]);
    let limits = ChildLimits {
        address_space_bytes: u64::MAX,
        cpu_seconds: 1,
        file_bytes: u64::MAX,
        stack_bytes: Some(8 << 20),
    };
    limit_child(&mut busy, limits);
    let pid = busy.spawn().expect("sh starts").id() as i32;
    let status = wait_child(pid).expect("reaped by its pid");
    assert_eq!(status, Status::Signaled(24), "SIGXCPU");
}

/// The id of this process's session keyring, if the kernel has keys and lets us ask.
fn session_keyring() -> Option<i64> {
    use std::ffi::c_long;
    extern "C" {
        fn syscall(number: c_long, ...) -> c_long;
    }
    let keyctl: c_long = if cfg!(target_arch = "x86_64") {
        250
    } else {
        219
    };
    // keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, do not create)
    let (get_keyring_id, session, create): (c_long, c_long, c_long) = (0, -3, 0);
    // SAFETY: keyctl with integer arguments.
    let id = unsafe { syscall(keyctl, get_keyring_id, session, create) };
    (id > 0).then_some(id as i64)
}

/// `host_probe.c` with this process's IPC and UTS namespaces written in, and the socket and FIFO it
/// is to reach, in `dir`.
fn host_probe(dir: &Path, socket: &Path, fifo: &Path) -> PathBuf {
    let ns = |kind: &str| std::fs::read_link(format!("/proc/self/ns/{kind}")).expect("ns link");
    let (ipc, uts) = (ns("ipc"), ns("uts"));
    let keyring = PathBuf::from(session_keyring().unwrap_or(0).to_string());
    let places = [
        ("@IPC@", &*ipc),
        ("@UTS@", &*uts),
        ("@SOCKET@", socket),
        ("@FIFO@", fifo),
        ("@KEYRING@", &keyring),
    ];
    instantiate("host_probe.c.tmpl", dir, &places)
}

/// Runs `command` with a terminal of its own as its controlling terminal (Python's `pty`), so that a
/// program that leaks into the terminal finds one; returns what it printed there.
fn on_a_terminal(command: &[&str]) -> String {
    let spawn = "import pty, sys; pty.spawn(sys.argv[1:])";
    let output = std::process::Command::new("python3")
        .args(["-S", "-c", spawn])
        .args(command)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("python3 runs");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What the probe reached, from its `reached:` line (a line of `-v`'s output head when judged).
fn reached(printed: &str) -> Vec<String> {
    let line = printed.lines().find_map(|l| l.split("reached:").nth(1));
    // `-v` shows the output escaped: its newline is the two characters `\n`.
    let line = line
        .unwrap_or_default()
        .split("\\n")
        .next()
        .unwrap_or_default();
    line.split_whitespace().map(str::to_string).collect()
}

#[test]
fn a_run_reaches_no_terminal_keyring_or_host_setting() {
    let _machine = shared();
    let dir = outside("host-probe");
    // A listener and a FIFO of the test's own, in its own folder: what a run must not reach.
    let socket = dir.join("agent.sock");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).expect("a listener");
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.expect("mkfifo runs").success());
    let probe = host_probe(&dir, &socket, &fifo);
    // The probe itself, started on a terminal outside the judge, finds it (and as root, the
    // settings): so what it reaches under the judge is the judge's doing.
    let binary = dir.join("probe");
    let built = std::process::Command::new("gcc")
        .arg(&probe)
        .arg("-o")
        .arg(&binary)
        .status();
    assert!(built.expect("gcc runs").success());
    let alone = reached(&on_a_terminal(&[binary.to_str().expect("UTF-8")]));
    for place in ["tty", "socket", "fifo"] {
        assert!(alone.contains(&place.to_string()), "{alone:?}");
    }
    let keys = session_keyring().is_some();
    assert_eq!(alone.contains(&"keyring".to_string()), keys, "{alone:?}");
    let root = std::fs::OpenOptions::new()
        .write(true)
        .open("/proc/sys/kernel/hostname")
        .is_ok();
    assert_eq!(alone.contains(&"hostname".to_string()), root, "{alone:?}");
    let judge = assert_cmd::cargo::cargo_bin("judge");
    let judge = judge.to_str().expect("UTF-8");
    let probe = probe.to_str().expect("UTF-8");
    // Without namespaces: the host's IPC and UTS, and the FIFO (made readable by all); the socket,
    // whose writing connect() needs, only where the run keeps the judge's user.
    let fallback: &[&str] = match root {
        true => &["ipc", "uts", "fifo"],
        false => &["ipc", "uts", "socket", "fifo"],
    };
    for (mode, left_open) in [(None, &[][..]), (Some("--no-sandbox"), fallback)] {
        let mut args = vec![judge, "eight", probe, "--test", "001", "-v", "--no-color"];
        args.extend(mode);
        let printed = on_a_terminal(&args);
        let reached = reached(&printed);
        assert_eq!(reached, left_open, "{mode:?}: {printed}");
        let accepted = printed
            .lines()
            .any(|l| l.contains("001-sample") && l.contains(" AC "));
        assert_eq!(accepted, left_open.is_empty(), "{mode:?}: {printed}");
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// A pseudo-terminal of the test's own (Python's `pty.openpty`), owned by `uid` as a user's own
/// terminal is: the process that holds it open, and its path. Closing the process's stdin ends it.
fn a_terminal_of(uid: u32) -> (std::process::Child, PathBuf) {
    let script = "import os, pty, sys\n\
                  master, slave = pty.openpty()\n\
                  os.chown(os.ttyname(slave), int(sys.argv[1]), -1)\n\
                  print(os.ttyname(slave), flush=True)\n\
                  sys.stdin.read()\n";
    let mut holder = std::process::Command::new("python3")
        .args(["-S", "-c", script, &uid.to_string()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut line = String::new();
    let stdout = holder.stdout.take().expect("its stdout");
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line).expect("a path");
    (holder, PathBuf::from(line.trim()))
}

#[test]
fn only_the_fallback_of_the_terminals_owner_may_open_it() {
    let _machine = shared();
    let dir = outside("open-pty");
    let home = outside("open-pty-nobody");
    // The judge as the user whose terminal it is: the test's own user, and nobody where the test
    // is root (whose fallback runs programs as nobody, who may not open root's terminal).
    let as_nobody = || {
        let mut nobody = judge_as_nobody(&home)?;
        nobody.current_dir(env!("CARGO_MANIFEST_DIR"));
        Some(Command::from_std(nobody))
    };
    let owners = [Some(uid()), as_nobody().map(|_| 65534)];
    for owner in owners.into_iter().flatten() {
        let (mut holder, pty) = a_terminal_of(owner);
        let probe = instantiate("open_pty.c.tmpl", &dir, &[("@PTY@", &pty)]);
        for mode in MODES {
            let cmd = if owner == uid() {
                judge()
            } else {
                as_nobody().expect("nobody")
            };
            let judged = judge_sample_with(cmd, &probe, mode);
            let opened = !mode.is_empty() && owner != 0;
            let expected: &[&str] = if opened { &["pty"] } else { &[] };
            assert_eq!(
                reached(&judged.stdout),
                expected,
                "{owner} {mode:?}: {}",
                judged.stdout
            );
        }
        drop(holder.stdin.take());
        assert!(holder.wait().expect("the terminal's holder ends").success());
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
    std::fs::remove_dir_all(&home).expect("clean up");
}

/// Whether `file` in /proc (`cmdline`, `mountinfo`) names one of `paths` or a launcher.
fn proc_names(file: &str, paths: &[&Path]) -> bool {
    let text = std::fs::read(file).unwrap_or_default();
    let text = String::from_utf8_lossy(&text).replace('\0', " ");
    let named = |path: &&Path| text.contains(&*path.to_string_lossy());
    paths.iter().any(named) || text.contains("__launch")
}

#[test]
fn a_sandboxed_run_finds_no_host_path_in_proc() {
    let _machine = shared();
    let project = std::fs::canonicalize(env!("CARGO_MANIFEST_DIR")).expect("the project");
    let dir = outside("proc-paths");
    let target = projects::target_dir();
    let scratch = std::env::temp_dir().join(format!("slidekit-{}", uid()));
    let places = [
        ("@PROJECT@", &*project),
        ("@CACHE@", target),
        ("@SCRATCH@", &scratch),
    ];
    let probe = instantiate("proc_paths.c.tmpl", &dir, &places);
    let judge = || {
        let mut cmd = judge();
        cmd.env("CARGO_TARGET_DIR", target);
        cmd
    };
    let sandboxed = judge_sample_with(judge(), &probe, &[]);
    assert_eq!(
        reached(&sandboxed.stdout),
        Vec::<String>::new(),
        "{}",
        sandboxed.stdout
    );
    assert_eq!(sandboxed.verdict(), "AC", "{}", sandboxed.stdout);
    // The fallback shows the host's /proc: its PID 1 and mounts are this test's.
    let mut open = vec!["stdin", "exe", "cwd", "cmdline"];
    let paths = [&*project, target, &scratch];
    open.extend(proc_names("/proc/1/cmdline", &paths).then_some("init"));
    open.extend(proc_names("/proc/self/mountinfo", &paths).then_some("mountinfo"));
    let fallback = judge_sample_with(judge(), &probe, &["--no-sandbox"]);
    assert_eq!(reached(&fallback.stdout), open, "{}", fallback.stdout);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// A folder beside the project, as another checkout of it would be: in no folder the judge knows.
fn other_checkout(name: &str) -> PathBuf {
    let parent = Path::new(env!("CARGO_MANIFEST_DIR")).parent();
    let name = format!("slidekit-test-{name}-{}", std::process::id());
    let dir = parent.expect("the project is in a folder").join(name);
    std::fs::create_dir_all(&dir).expect("a folder beside the project");
    dir
}

/// Whether a submission may read `file` by its permissions: a root judge's runs are nobody.
fn a_run_may_read(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let others =
        |p: &Path, bit: u32| std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & bit != 0);
    !is_root() || (others(file, 0o004) && file.ancestors().skip(1).all(|dir| others(dir, 0o001)))
}

#[test]
fn the_sandbox_shows_a_run_only_the_system_and_its_folder() {
    let _machine = shared();
    let other = other_checkout("root");
    let answer = other.join("001-sample.ans");
    std::fs::write(&answer, "ullddrurdllurdruldr\n").expect("another checkout's answer");
    let header = other.join("answer.h");
    std::fs::write(&header, "#define ANSWER \"ullddrurdllurdruldr\"\n").expect("a header");
    let dir = outside("host-root");
    // The run's folder is at /box: no folder of the temp dir, where the host keeps it, is there.
    let shown = "usr bin sbin lib lib32 lib64 libx32 etc dev proc run box";
    let places = [("@OTHER@", &*answer), ("@ROOT@", Path::new(shown))];
    let probe = instantiate("host_root.c.tmpl", &dir, &places);
    let sandboxed = judge_sample(&probe, &["-v"]);
    assert_eq!(sandboxed.verdict(), "AC", "{}", sandboxed.stdout);
    // A judge that is not root builds the same root, its user mapped to itself.
    let home = outside("host-root-nobody");
    if let Some(mut nobody) = judge_as_nobody(&home) {
        nobody.current_dir(env!("CARGO_MANIFEST_DIR"));
        let judged = judge_sample_with(Command::from_std(nobody), &probe, &["-v"]);
        assert_eq!(judged.verdict(), "AC", "{}", judged.stdout);
        assert!(
            judged.accounting.starts_with("polling"),
            "{}",
            judged.stdout
        );
    }
    std::fs::remove_dir_all(&home).expect("clean up");
    let fallback = judge_sample(&probe, &["-v", "--no-sandbox"]);
    let mut open = vec!["other", "proc", "host", "dev"];
    open.retain(|&place| place != "other" || a_run_may_read(&answer));
    assert_eq!(reached(&fallback.stdout), open, "{}", fallback.stdout);
    // Its compiler, too, sees the system and the source's folder only.
    let include = instantiate("include_other.c.tmpl", &dir, &[("@OTHER@", &header)]);
    let stdout = table(judge(), &include, &[]);
    assert!(stdout.contains("CE  compile error"), "{stdout}");
    assert!(stdout.contains("No such file or directory"), "{stdout}");
    let stdout = table(judge(), &include, &["--no-sandbox"]);
    assert!(stdout.contains("1 test accepted"), "{stdout}");
    std::fs::remove_dir_all(&other).expect("clean up");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn a_run_that_fills_its_folder_is_ole() {
    let _machine = shared();
    // Twice the output limit and 4096 files: filled by size, and by count.
    let full = [
        ("folder_flood.c", "which may hold 128 MiB in 4096 files"),
        ("file_swarm.c", "which may hold 128 MiB in 4096 files"),
    ];
    for (fixture_name, cap) in full {
        // The fallback's folder is the host's, its files' blocks and number counted. A file costs
        // what the host's file system charges, up to 1 ms of CPU on this machine's disk (measured
        // with strace and time, varying from run to run), so the fallback's temp dir is put on
        // /dev/shm, a tmpfs (its 5000 empty files: 30 ms), and the size flood's writes get 20 s of
        // CPU: the cap, not the clock, must end them.
        let shm = Path::new("/dev/shm").join(format!("slidekit-test-full-{}", std::process::id()));
        std::fs::create_dir_all(&shm).expect("a folder on /dev/shm");
        let mut cmd = judge();
        if fixture_name == "file_swarm.c" {
            cmd.env("TMPDIR", &shm);
        }
        let args = ["--no-sandbox", "--time-limit", "20000"];
        let fallback = judge_sample_with(cmd, &fixture(fixture_name), &args);
        std::fs::remove_dir_all(&shm).expect("clean up");
        for judged in [judge_sample(&fixture(fixture_name), &[]), fallback] {
            assert_eq!(judged.verdict(), "OLE", "{}", judged.stdout);
            let why = format!("the files it wrote filled its folder, {cap}");
            assert!(judged.stdout.contains(&why), "{}", judged.stdout);
            assert!(judged.peak_kib < 16.0 * 1024.0, "{}", judged.stdout);
        }
    }
}

/// The bytes free for this user on the temp dir's file system, by `df`.
fn temp_dir_free_bytes() -> u64 {
    let output = std::process::Command::new("df")
        .args(["-B1", "--output=avail"])
        .arg(std::env::temp_dir())
        .output()
        .expect("df runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let number = text.lines().nth(1).and_then(|l| l.trim().parse().ok());
    number.expect("df's figure")
}

#[test]
fn room_reserved_but_not_written_is_held_to_the_caps() {
    let _machine = shared();
    let before = temp_dir_free_bytes();
    let cases = [
        ("reserves_stdout.c", "output reached the 64 MiB limit"),
        (
            "reserves_folder.c",
            "filled its folder, which may hold 128 MiB",
        ),
    ];
    for (name, why) in cases {
        for judged in in_both_modes(name, &[], "OLE") {
            assert!(judged.reason.contains(why), "{name}: {}", judged.stdout);
        }
        let stem = name.trim_end_matches(".c");
        assert_eq!(running_binary(stem), Vec::<String>::new());
    }
    // The fallback's folder took 256 MiB of the temp dir's disk; the suite's other tests write
    // a few MiB meanwhile.
    let after = temp_dir_free_bytes();
    assert!(
        after + (128 << 20) > before,
        "{before} bytes free before, {after} after"
    );
}

#[test]
fn the_stack_may_use_the_whole_memory_limit_whatever_the_ulimit() {
    let _machine = shared();
    let judge = assert_cmd::cargo::cargo_bin("judge");
    let recursion = fixture("deep_recursion.c");
    for mode in MODES {
        // As a login shell starts the judge: a soft stack limit of 8 MiB (the hard limit, which a
        // judge that is not root cannot raise, is left as it is).
        let script = format!(
            "ulimit -Ss 8192; exec '{}' eight '{}' --test 001 --no-color {}",
            judge.display(),
            recursion.display(),
            mode.join(" ")
        );
        let output = std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .expect("sh runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.contains("eight: 1 test accepted"),
            "{mode:?}: {stdout}"
        );
    }
}

/// The judge, started under a hard stack limit of 8 MiB that it cannot raise (as root neither: the
/// programs run in a user namespace, or as nobody).
fn judge_under_a_hard_8_mib_stack() -> Command {
    let mut cmd = Command::new("sh");
    let script = "ulimit -Ss 8192 && ulimit -Hs 8192 && exec \"$@\"";
    cmd.args(["-c", script, "sh"])
        .arg(assert_cmd::cargo::cargo_bin("judge"));
    cmd
}

#[test]
fn a_segfault_on_a_hard_capped_stack_names_the_cap() {
    let _machine = shared();
    let recursion = fixture("deep_recursion.c");
    for mode in MODES {
        let judged = judge_sample_with(judge_under_a_hard_8_mib_stack(), &recursion, mode);
        assert_eq!(judged.verdict(), "RE", "{mode:?}: {}", judged.stdout);
        let why = "killed by SIGSEGV (stack overflow? its stack was 8 MiB, capped by the caller's \
                   hard limit";
        assert!(
            judged.reason.starts_with(why),
            "{mode:?}: {}",
            judged.stdout
        );
        let line = "stack: 8 MiB, capped by the caller's hard limit (promised: 64 MiB";
        assert!(judged.stdout.contains(line), "{mode:?}: {}", judged.stdout);
    }
    let mut cmd = judge_under_a_hard_8_mib_stack();
    let args = [
        "eight",
        &recursion.display().to_string(),
        "--test",
        "001",
        "--json",
    ];
    let json = String::from_utf8(cmd.args(args).output().expect("judged").stdout);
    let json = json.expect("UTF-8");
    assert!(json.contains("\"stack_kib\": 8192"), "{json}");
}

#[test]
fn output_on_a_tmpfs_temp_dir_is_output_not_memory() {
    let _machine = shared();
    // /dev/shm is a tmpfs on Linux: the run's folder and its output files there are shared memory
    // that the kernel charges to the run's cgroup, which must not count them as memory it holds.
    let tmp = Path::new("/dev/shm").join(format!("slidekit-test-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("a folder on /dev/shm");
    let mut cmd = judge();
    cmd.env("TMPDIR", &tmp);
    let flood = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/eight/output_flood.c");
    let judged = judge_sample_with(cmd, &flood, &[]);
    assert_eq!(judged.verdict(), "OLE", "{}", judged.stdout);
    assert!(judged.peak_kib < 16.0 * 1024.0, "{}", judged.stdout);
    std::fs::remove_dir_all(&tmp).expect("clean up");
}

#[test]
fn a_private_temp_folder_that_someone_else_made_is_refused() {
    let _machine = shared();
    let tmp = outside("scratch-trap");
    let elsewhere = outside("scratch-trap-target");
    let uid = uid();
    // Made first by someone else: a link to a folder of theirs, where the judge's runs would go.
    std::os::unix::fs::symlink(&elsewhere, tmp.join(format!("slidekit-{uid}"))).expect("symlink");
    let output = judge()
        .args(["eight", "--test", "001"])
        .env("TMPDIR", &tmp)
        .output()
        .expect("judge runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("is not a private folder of this user's"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_dir(&elsewhere).expect("target").count(),
        0,
        "nothing went there"
    );
    std::fs::remove_dir_all(&tmp).expect("clean up");
    std::fs::remove_dir_all(&elsewhere).expect("clean up");
}

/// The tests that hold the machine alone. libtest starts tests in the order of their names, and
/// every other containment test's name sorts before `with_`: queued behind the others, these keep
/// the others' threads from waiting for them.
mod with_the_machine_alone {
    use super::*;

    #[test]
    fn ctrl_c_or_the_judges_death_leaves_no_process_of_the_run() {
        let _machine = alone();
        // Six judges at once, each on the four-sleeper fixture: every signal in every mode.
        let cases: Vec<(&[&str], &str)> = MODES
            .iter()
            .flat_map(|&mode| ["INT", "TERM", "KILL"].map(|signal| (mode, signal)))
            .collect();
        let mut judges: Vec<std::process::Child> = cases
            .iter()
            .map(|(mode, _)| {
                std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
                    .current_dir(tiny())
                    .env("CARGO_TARGET_DIR", projects::target_dir())
                    .args(["tiny", &fixture("forks_sleepers.c").display().to_string()])
                    .args(["--test", "001", "--time-limit", "3000"])
                    .args(*mode)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("judge starts")
            })
            .collect();
        let all = 4 * cases.len();
        wait_until(30, || sleeps("9872").len() >= all);
        assert_eq!(
            sleeps("9872").len(),
            all,
            "the fixture's sleeps did not start"
        );
        for (judge, (_, signal)) in judges.iter().zip(&cases) {
            let kill = format!("kill -s {signal} {}", judge.id()); // the shell's own kill: no procps needed
            let sent = std::process::Command::new("sh")
                .args(["-c", &kill])
                .status();
            assert!(sent.expect("kill runs").success());
        }
        judges.iter_mut().for_each(|judge| drop(judge.wait()));
        // One told to stop says so, whatever it was doing.
        for (judge, (mode, signal)) in judges.iter_mut().zip(&cases) {
            let mut said = String::new();
            let mut stderr = judge.stderr.take().expect("piped");
            std::io::Read::read_to_string(&mut stderr, &mut said).expect("its stderr");
            let stopped = format!("judge: stopped by SIG{signal} before the end");
            assert_eq!(
                said.contains(&stopped),
                *signal != "KILL",
                "{mode:?}: {said}"
            );
        }
        // A judge that is told to stop removes its folders itself. One killed outright cannot, and any
        // judge that starts next (the suite's, beside this test) removes them: checked below.
        for (judge, (_, signal)) in judges.iter().zip(&cases) {
            let left = scratch_of(judge.id());
            if *signal != "KILL" {
                assert!(left.is_empty(), "{signal}: {left:?}");
            }
        }
        wait_until(5, || sleeps("9872").is_empty());
        assert!(sleeps("9872").is_empty(), "{:?}", sleeps("9872"));
        // The launchers and inits name the fixture's binary in their command lines.
        let stem = b"forks_sleepers-";
        let launchers = || alive(|cmdline, _| cmdline.windows(stem.len()).any(|w| w == stem));
        wait_until(5, || launchers().is_empty()); // a root one removes its run's cgroup first
        assert!(launchers().is_empty(), "{:?}", launchers());
        // A judge killed outright leaves its runs' cgroups (if it is root and made them); the next
        // judge to start removes every one whose launcher has ended.
        judge_run(&fixture("debug_file.c"), &[]);
        assert_eq!(
            stale_groups(),
            Vec::<String>::new(),
            "cgroups of ended launchers"
        );
        for judge in &judges {
            assert_eq!(
                scratch_of(judge.id()),
                Vec::<PathBuf>::new(),
                "removed by the next judge"
            );
        }
    }

    #[test]
    fn cpu_of_children_the_kernel_reaps_counts_with_a_cgroup() {
        let _machine = alone();
        // Its workers burn 1.5 s, fifteen times a root judge's limit. Polling alone cannot see that
        // CPU, and the workers run one after another for 1.5 s of wall clock or more: 5 s lets them.
        let (counted, limit) = if is_root() {
            ("TLE", "100")
        } else {
            ("AC", "5000")
        };
        for judged in in_both_modes("nocldwait_burner.c", &["--time-limit", limit], counted) {
            assert_accounting(&judged);
            if is_root() {
                assert!(judged.cpu_ms >= 100.0, "{}", judged.stdout);
            }
        }
        assert!(running_binary("nocldwait_burner").is_empty());
        assert_eq!(
            stale_groups(),
            Vec::<String>::new(),
            "cgroups left by ended launchers"
        );
    }
}
