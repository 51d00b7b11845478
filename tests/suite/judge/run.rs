//! `judge run` as a user runs it: one submission on an input of the user's, judged, replayed on a
//! wrong answer, never written under `problems/`.

use assert_cmd::Command;

fn judge() -> Command {
    Command::cargo_bin("judge").expect("judge is built")
}

/// The sample's board, and its optimum from the sample's `.ans`.
fn sample() -> (String, String) {
    let read = |ext| std::fs::read_to_string(format!("problems/eight/tests/001-sample.{ext}"));
    (
        read("in").expect("sample"),
        read("ans").expect(".ans").trim().into(),
    )
}

/// `judge run eight SUBMISSION ARGS --no-color` with `stdin`: the exit status and stdout.
fn run(submission: &str, args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let output = judge()
        .args(["run", "eight", submission])
        .args(args)
        .arg("--no-color")
        .write_stdin(stdin)
        .output()
        .expect("judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    (output.status.code(), stdout)
}

fn tests_written() -> usize {
    let tests = std::fs::read_dir("problems/eight/tests").expect("eight's tests");
    tests.count()
}

#[test]
fn run_accepts_a_valid_input_given_as_words() {
    let (board, optimum) = sample();
    let (code, stdout) = run("src/bin/eight.rs", &[board.trim()], "");
    let moves = format!("{optimum}/{optimum}");
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains("  input  AC ") && stdout.contains(&moves),
        "{stdout}"
    );
}

#[test]
fn run_reads_an_input_file_and_writes_no_test() {
    let before = tests_written();
    let (code, stdout) = run(
        "src/bin/eight.rs",
        &["--input", "problems/eight/tests/001-sample.in"],
        "",
    );
    assert_eq!(code, Some(0), "{stdout}");
    assert_eq!(tests_written(), before);
}

#[test]
fn run_reads_its_input_from_stdin() {
    let (board, optimum) = sample();
    let (code, stdout) = run("src/bin/eight.rs", &[], &board);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains(&format!("{optimum}/{optimum}")), "{stdout}");
}

#[test]
fn run_replays_a_wrong_answers_failing_case() {
    let (board, _) = sample();
    let (code, stdout) = run("tests/fixtures/eight/illegal.py", &[board.trim()], "");
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("  input  WA ") && stdout.contains("illegal move 'u'"),
        "{stdout}"
    );
    let captions: Vec<&str> = stdout.lines().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(captions.last(), Some(&"move 2/2: u  illegal"), "{stdout}");
}

#[test]
fn run_still_runs_an_input_the_reference_refuses() {
    let (code, stdout) = run("src/bin/eight.rs", &["1 2 3 x", "-v"], "");
    assert_eq!(code, Some(2), "{stdout}");
    assert!(
        stdout.contains("  input  ERR ") && stdout.contains("only 4 of 9 cells"),
        "{stdout}"
    );
    assert!(
        stdout.contains("not checked, as the reference refuses the input"),
        "{stdout}"
    );
    // The program ran: its own complaint is its stderr's last line.
    assert!(
        stdout.contains("input ends after 4 of the 9 cells"),
        "{stdout}"
    );
}
