//! `judge show` as a user runs it: the verdict row, then every frame of the answer in plain text
//! when stdout is not a terminal.

use assert_cmd::Command;
use predicates::str::contains;

fn judge() -> Command {
    Command::cargo_bin("judge").expect("judge is built")
}

/// `judge show ARGS --no-color`: the exit status and stdout.
fn show(args: &[&str]) -> (Option<i32>, String) {
    let output = judge()
        .arg("show")
        .args(args)
        .arg("--no-color")
        .output()
        .expect("judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    (output.status.code(), stdout)
}

/// Each frame's caption line, in order.
fn captions(stdout: &str) -> Vec<&str> {
    stdout.lines().filter(|l| l.starts_with("move ")).collect()
}

#[test]
fn replays_the_81_move_hengdao_lima_solution_to_its_goal() {
    let (code, stdout) = show(&["huarong", "002"]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("002-hengdao-lima  AC"), "{stdout}");
    let captions = captions(&stdout);
    assert_eq!(captions.len(), 82, "the start and 81 moves");
    assert_eq!(captions[0], "move 0/81: start");
    assert!(
        captions[81].starts_with("move 81/81: A "),
        "{}",
        captions[81]
    );
    // Cao Cao (A, 2×2) ends over the middle two columns of the bottom two rows: the exit.
    let last: Vec<&str> = stdout.lines().rev().take(2).collect();
    assert!(
        last.iter().all(|row| row.get(2..6) == Some("A*A*")),
        "{last:?}"
    );
}

#[test]
fn replays_the_eight_sample_in_twenty_frames() {
    let (code, stdout) = show(&["eight", "1"]);
    assert_eq!(code, Some(0), "{stdout}");
    let captions = captions(&stdout);
    assert_eq!(captions.len(), 20);
    // The blank ends in the corner: its last move comes from above or from the left.
    assert!(
        ["move 19/19: d", "move 19/19: r"].contains(&captions[19]),
        "{captions:?}"
    );
    assert!(stdout.ends_with("1 2 3\n4 5 6\n7 8 .*\n"), "{stdout}");
}

#[test]
fn a_submissions_escape_sequences_never_reach_the_terminal() {
    let (code, stdout) = show(&["huarong", "1", "tests/fixtures/huarong/terminal_escapes.py"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        !stdout.contains('\x1b') && !stdout.contains('\x07'),
        "{stdout:?}"
    );
    assert!(stdout.contains("\\u{1b}]0;PWNED"), "{stdout}");
    let verbose = judge()
        .args([
            "huarong",
            "tests/fixtures/huarong/terminal_escapes.py",
            "--test",
            "1",
            "-v",
        ])
        .output()
        .expect("judge runs");
    let table = String::from_utf8_lossy(&verbose.stdout);
    assert!(!table.contains('\x1b') && table.contains("WA"), "{table:?}");
}

#[test]
fn a_replay_stops_at_the_frame_cap_and_says_so() {
    let (code, stdout) = show(&["eight", "9", "tests/fixtures/eight/long_answer.py"]);
    assert_eq!(code, Some(1), "{stdout}");
    let captions = captions(&stdout);
    assert_eq!(captions.len(), 1001, "the start and 1000 moves");
    let last = captions.last().copied().unwrap_or_default();
    assert!(
        last.ends_with("(the replay stops here: 1999001 more moves)"),
        "{last}"
    );
}

#[test]
fn shows_the_illegal_move_of_a_wrong_answer() {
    let (code, stdout) = show(&["eight", "1", "tests/fixtures/eight/illegal.py"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("WA"), "{stdout}");
    assert_eq!(captions(&stdout).last(), Some(&"move 2/2: u  illegal"));
    assert!(stdout.ends_with("2 3 .!\n1 5 4\n7 6 8\n"), "{stdout}");
}

#[test]
fn an_unknown_test_is_a_clear_error() {
    judge()
        .args(["show", "eight", "99"])
        .assert()
        .code(2)
        .stderr(contains("no test of eight is `99`"))
        .stderr(contains("001-sample"));
}

#[test]
fn a_case_the_test_does_not_have_is_refused_before_running() {
    judge()
        .args(["show", "eight", "1", "--case", "2"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("test 001-sample has 1 cases, not 2"));
}
