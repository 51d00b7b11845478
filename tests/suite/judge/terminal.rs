//! The judge in a real terminal: a tmux server of the test's own runs a shell in a pane, the test
//! types into it (`send-keys`) and reads the screen back (`capture-pane`). Every wait is bounded, and
//! afterwards no tmux server or process of the pane is left.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long anything on the screen may take to appear: far above the second or so it takes here.
const PATIENCE: Duration = Duration::from_secs(30);

/// A tmux server on a socket of its own (`-L slidekit-test-PID-N`, never the user's server) with one
/// 80×30 pane running `sh` in the project's folder; killed, server and all, when dropped.
struct Tmux {
    socket: String,
    /// The tmux server's pid and the pane's shell's, which leads the session of all the pane runs.
    server: i32,
    shell: i32,
    /// The server's socket file, which killing it leaves behind.
    socket_path: PathBuf,
}

impl Tmux {
    fn start() -> Tmux {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::SeqCst);
        let socket = format!("slidekit-test-{}-{n}", std::process::id());
        let dir = env!("CARGO_MANIFEST_DIR");
        let mut tmux = Tmux {
            socket,
            server: 0,
            shell: 0,
            socket_path: PathBuf::new(),
        };
        // The server takes this environment: colour allowed, the judge on PATH.
        let judge = PathBuf::from(env!("CARGO_BIN_EXE_judge"));
        let bin = judge
            .parent()
            .expect("the judge's folder")
            .display()
            .to_string();
        let path = format!("{bin}:{}", std::env::var("PATH").unwrap_or_default());
        let started = Command::new("tmux")
            .args(["-L", &tmux.socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", "80", "-y", "30", "-c", dir, "sh"])
            .env_remove("NO_COLOR")
            .env_remove("TMUX") // run from inside tmux, the test's server is still its own
            .env("PATH", path)
            .output()
            .expect("tmux runs");
        assert!(started.status.success(), "tmux: {started:?}");
        let told = tmux.run(&["display-message", "-p", "#{pid} #{pane_pid} #{socket_path}"]);
        let told: Vec<&str> = told.split_whitespace().collect();
        let pid = |word: &str| word.parse().expect("a pid");
        (tmux.server, tmux.shell) = (pid(told[0]), pid(told[1]));
        tmux.socket_path = PathBuf::from(told[2]);
        tmux.wait_for("the shell's prompt", |screen| !screen.trim().is_empty());
        tmux
    }

    /// `tmux ARGS` on this server: its stdout.
    fn run(&self, args: &[&str]) -> String {
        let out: Output = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(out.status.success(), "tmux {args:?}: {out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Presses keys by tmux's names: `Up`, `Enter`, `BSpace`, `Escape`, `C-c`, or a letter.
    fn keys(&self, keys: &[&str]) {
        self.run(&[&["send-keys", "-t", "0"], keys].concat());
    }

    /// Types `line` as text, then Enter.
    fn type_line(&self, line: &str) {
        self.run(&["send-keys", "-t", "0", "-l", line]);
        self.keys(&["Enter"]);
    }

    /// The pane's text as a person sees it, colours dropped.
    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "0"])
    }

    /// Polls the screen until `done` holds of it, failing with the screen after [`PATIENCE`].
    fn wait_for(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "no {what} on the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Once the judge has ended (else it might read what is typed next), runs `stty -a` at the
    /// prompt: whether the terminal is back to line mode, echoing.
    fn assert_terminal_restored(&self) {
        let deadline = Instant::now() + PATIENCE;
        while alive(0, self.shell).len() > 1 {
            assert!(Instant::now() < deadline, "the judge did not end");
            std::thread::sleep(Duration::from_millis(20));
        }
        self.type_line("clear; stty -a; echo end-$((6 * 7))");
        let screen = self.wait_for("stty's report", |s| s.contains("end-42"));
        let flags: Vec<&str> = screen.split_whitespace().collect();
        for flag in ["icanon", "echo", "isig"] {
            assert!(flags.contains(&flag), "{flag} is not back:\n{screen}");
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // Fails when the server is already gone, which is what is wanted.
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
        let _ = std::fs::remove_file(&self.socket_path);
    }
}

/// Kills `tmux`'s server, then fails if it or a process of its pane is still alive two seconds on.
fn assert_none_left(tmux: Tmux) {
    let (server, shell, socket) = (tmux.server, tmux.shell, tmux.socket_path.clone());
    assert!(
        !alive(server, shell).is_empty(),
        "the search sees the live server"
    );
    assert!(socket.exists(), "no socket at {}", socket.display());
    drop(tmux);
    assert!(
        !socket.exists(),
        "tmux left its socket {}",
        socket.display()
    );
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut left = alive(server, shell);
    while !left.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
        left = alive(server, shell);
    }
    assert!(left.is_empty(), "tmux left processes: {left:?}");
}

/// The live (not zombie) processes that are `server` or in the session `shell` leads.
fn alive(server: i32, shell: i32) -> Vec<String> {
    let entries = std::fs::read_dir("/proc").expect("/proc");
    let stats = entries.filter_map(|e| {
        let pid: i32 = e.ok()?.file_name().to_str()?.parse().ok()?;
        Some((
            pid,
            std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?,
        ))
    });
    let ours = |(pid, stat): &(i32, String)| {
        // After the command's name: state, ppid, process group, session.
        let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
        let session: i32 = fields.get(3)?.parse().ok()?;
        let live = fields[0] != "Z" && fields[0] != "X";
        Some(live && (*pid == server || session == shell))
    };
    let left = stats.filter(|s| ours(s) == Some(true));
    left.map(|(_, stat)| stat).collect()
}

// Where the build found no tmux (see build.rs), ignored with the command that installs it.
#[test]
#[cfg_attr(no_tmux, ignore = "needs tmux: apt-get install -y tmux (.ci/run does)")]
fn show_steps_frames_in_place_in_a_terminal() {
    let tmux = Tmux::start();
    tmux.type_line("judge show eight 1 --step");
    let frame = |n: usize| format!("move {n}/19");
    let prompt = "Enter: next move";
    tmux.wait_for("first frame", |s| {
        s.contains(&frame(0)) && s.contains(prompt)
    });
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("second frame", |s| s.contains(&frame(1)));
    // In place: the first frame and its prompt were cleared, not scrolled up.
    assert!(!screen.contains(&frame(0)), "{screen}");
    assert_eq!(screen.matches(prompt).count(), 1, "{screen}");
    tmux.type_line("q");
    tmux.assert_terminal_restored();
    assert_none_left(tmux);
}

/// Fails unless `screen` shows one board: one caption line, `move K/N: …`, the ones before it
/// drawn over.
fn assert_one_board(screen: &str) {
    let caption = |line: &&str| {
        line.starts_with("move ") && line.split(':').next().unwrap_or("").contains('/')
    };
    assert_eq!(screen.lines().filter(caption).count(), 1, "{screen}");
}

/// A file holding `text`, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, text: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("slidekit-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("a scratch file");
        Scratch(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The pid of the one process the pane's shell started (the judge), waiting for it to start.
fn judge_in(tmux: &Tmux) -> i32 {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let pids: Vec<i32> = alive(0, tmux.shell)
            .iter()
            .filter_map(|stat| {
                let pid: i32 = stat.split_whitespace().next()?.parse().ok()?;
                (pid != tmux.shell).then_some(pid)
            })
            .collect();
        if let [pid] = pids[..] {
            return pid;
        }
        assert!(Instant::now() < deadline, "no judge in the pane: {pids:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
#[cfg_attr(no_tmux, ignore = "needs tmux: apt-get install -y tmux (.ci/run does)")]
fn eight_is_played_to_its_goal_with_arrow_keys() {
    // The blank in the middle: down, then right, solves it; up first is a detour, undone.
    let input = Scratch::new("play-eight.in", "1 2 3 4 x 6 7 5 8\n");
    let tmux = Tmux::start();
    tmux.type_line(&format!("judge play eight --file {}", input.0.display()));
    let help = "arrows, u d l r: move the blank";
    tmux.wait_for("the keys' help", |s| {
        s.contains(help) && s.contains("move 0: 2 moves left")
    });
    tmux.keys(&["Up"]);
    let screen = tmux.wait_for("the detour", |s| s.contains("move 1: 3 moves left"));
    assert!(screen.contains("this move cost 2 moves"), "{screen}");
    tmux.keys(&["BSpace"]);
    tmux.wait_for("the undo", |s| {
        s.contains("undid 1 move") && s.contains("move 0: 2 moves")
    });
    tmux.keys(&["Down", "Right"]);
    let screen = tmux.wait_for("the goal", |s| s.contains("solved in 2 moves, the optimum"));
    // Redrawn in place: one board, one help line, the goal board's last row.
    assert_one_board(&screen);
    assert_eq!(screen.matches(help).count(), 1, "{screen}");
    let rows: Vec<String> = screen
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert!(
        rows.iter().any(|r| r == "123") && rows.iter().any(|r| r == "78."),
        "{screen}"
    );
    // A lone Esc, told from the start of an arrow's sequence by the pause after it.
    tmux.keys(&["Escape"]);
    tmux.assert_terminal_restored();
    assert_none_left(tmux);
}

#[test]
#[cfg_attr(no_tmux, ignore = "needs tmux: apt-get install -y tmux (.ci/run does)")]
fn huarong_blocks_are_selected_by_name_and_moved() {
    let tmux = Tmux::start();
    tmux.type_line("judge play huarong 001");
    tmux.wait_for("the keys' help", |s| {
        s.contains("block name, arrows: move it")
    });
    tmux.keys(&["C", "Right", "B", "Right"]);
    tmux.wait_for("two moves", |s| s.contains("move 2: 1 move left"));
    tmux.keys(&["BSpace"]);
    tmux.wait_for("the undo", |s| {
        s.contains("undid 1 move") && s.contains("move 1: ")
    });
    // B is still selected: right then up is one move of B, as the metric counts.
    tmux.keys(&["Right", "Up"]);
    let screen = tmux.wait_for("the goal", |s| s.contains("solved in 2 moves, the optimum"));
    assert_one_board(&screen);
    tmux.keys(&["C-c"]);
    tmux.assert_terminal_restored();
    assert_none_left(tmux);
}

#[test]
#[cfg_attr(no_tmux, ignore = "needs tmux: apt-get install -y tmux (.ci/run does)")]
fn a_terminated_play_gives_the_terminal_back() {
    let tmux = Tmux::start();
    tmux.type_line("judge play huarong 001");
    tmux.wait_for("the keys' help", |s| {
        s.contains("block name, arrows: move it")
    });
    let judge = judge_in(&tmux);
    let killed = Command::new("kill")
        .args(["-TERM", &judge.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success(), "{killed:?}");
    tmux.assert_terminal_restored();
    assert_none_left(tmux);
}
