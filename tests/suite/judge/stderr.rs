//! A failed run's stderr as a user sees it: a Python traceback's last lines in `-v` and `--json`,
//! and a syntax error, each naming the submission's own file.

use super::json;
use assert_cmd::Command;

fn judge() -> Command {
    Command::cargo_bin("judge").expect("judge is built")
}

/// The lines a traceback of `tests/fixtures/eight/raises.py` ends with.
const TRACEBACK: [&str; 3] = [
    "File \"tests/fixtures/eight/raises.py\", line 9, in <module>",
    "File \"tests/fixtures/eight/raises.py\", line 6, in moves",
    "ZeroDivisionError: integer division or modulo by zero",
];

/// `judge eight raises.py --test 1 ARGS`: its stdout, after checking it exits 1.
fn raised(args: &[&str]) -> String {
    let output = judge()
        .args(["eight", "tests/fixtures/eight/raises.py", "--test", "1"])
        .args(args)
        .env_remove("COLUMNS")
        .output()
        .expect("judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    stdout
}

#[test]
fn verbose_shows_a_tracebacks_last_lines_naming_the_file() {
    let stdout = raised(&["-v"]);
    // Without a terminal or COLUMNS, lines are whole.
    let shown: Vec<&str> = stdout
        .lines()
        .map(|l| {
            l.trim_start_matches([' '])
                .trim_start_matches("stderr")
                .trim()
        })
        .collect();
    for line in TRACEBACK {
        assert!(shown.contains(&line), "{line} in {stdout}");
    }
}

#[test]
fn verbose_cuts_stderr_lines_to_the_terminals_width() {
    let output = judge()
        .args([
            "eight",
            "tests/fixtures/eight/raises.py",
            "--test",
            "1",
            "-v",
        ])
        .env("COLUMNS", "30")
        .output()
        .expect("judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let from = stdout
        .lines()
        .skip_while(|l| !l.starts_with("      stderr  "));
    let lines: Vec<&str> = from.take_while(|l| l.starts_with("      ")).collect();
    assert!(lines.len() >= TRACEBACK.len(), "{stdout}");
    assert!(lines.iter().all(|l| l.chars().count() <= 30), "{stdout}");
    assert!(lines.iter().any(|l| l.ends_with('…')), "{stdout}");
}

#[test]
fn json_gives_a_tracebacks_last_lines_naming_the_file() {
    let stdout = raised(&["--json"]);
    let document = json::parse(&stdout).expect("JSON");
    let problems = document
        .get("problems")
        .and_then(|p| p.as_array())
        .expect("problems");
    let tests = problems[0]
        .get("tests")
        .and_then(|t| t.as_array())
        .expect("tests");
    let tail = tests[0]
        .get("stderr_tail")
        .and_then(|t| t.as_str())
        .expect("a tail");
    let named = |l: &&str| l.starts_with("File") || l.contains("Error");
    let ends: Vec<&str> = tail.lines().map(str::trim).filter(named).collect();
    assert_eq!(ends, TRACEBACK, "{tail}");
}

#[test]
fn a_python_syntax_error_names_the_file() {
    let dir = std::env::temp_dir().join(format!("slidekit-syntax-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let source = dir.join("syntax.py");
    std::fs::write(&source, "def f(:\n    pass\n").expect("written");
    let output = judge()
        .args([
            "eight".as_ref(),
            source.as_os_str(),
            "--test".as_ref(),
            "1".as_ref(),
        ])
        .output()
        .expect("judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let _ = std::fs::remove_dir_all(&dir);
    let named = format!("File \"{}\", line 1", source.display());
    assert!(
        stdout.contains(&named) && stdout.contains("SyntaxError"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("<string>") && !stdout.contains("/proc/self"),
        "{stdout}"
    );
}
