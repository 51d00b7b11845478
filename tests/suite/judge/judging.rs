//! `judge` as a user runs it: exact verdicts for fixture submissions, the table, JSON and `judge add`.

use super::json::{self, Json};
use super::projects;
use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

fn judge() -> Command {
    Command::cargo_bin("judge").expect("judge is built")
}

fn fixture(name: &str) -> String {
    format!("tests/fixtures/eight/{name}")
}

/// Judges a fixture on the sample test only, with extra arguments.
fn judge_sample(name: &str, extra: &[&str]) -> assert_cmd::assert::Assert {
    judge()
        .args(["eight", &fixture(name), "--test", "001"])
        .args(extra)
        .assert()
}

/// Judges a fixture as `judge_sample` does, but on `projects::tiny_project`'s one-move puzzle.
fn judge_run_only(name: &str, extra: &[&str]) -> assert_cmd::assert::Assert {
    let root = projects::tiny_project(&format!("run-only-{name}"));
    let source = std::fs::canonicalize(fixture(name)).expect("fixture");
    judge()
        .current_dir(&root)
        // The fixtures' binaries cached where the other runs cache them (target/judge/), not in root.
        .env("CARGO_TARGET_DIR", projects::target_dir())
        .args([
            "tiny".as_ref(),
            source.as_os_str(),
            "--test".as_ref(),
            "001".as_ref(),
        ])
        .args(extra)
        .assert()
}

/// The one test row of a single-test table (the line that starts with the test name).
fn row(assert: &assert_cmd::assert::Assert) -> String {
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("001-sample"));
    line.unwrap_or_else(|| panic!("no row in:\n{stdout}"))
        .to_string()
}

fn parse_json(assert: &assert_cmd::assert::Assert) -> Json {
    json::parse(&String::from_utf8_lossy(&assert.get_output().stdout)).expect("valid JSON")
}

fn tests_of(document: &Json) -> Vec<Json> {
    let problems = document
        .get("problems")
        .and_then(Json::as_array)
        .expect("problems");
    problems[0]
        .get("tests")
        .and_then(Json::as_array)
        .expect("tests")
        .to_vec()
}

fn field<'a>(test: &'a Json, key: &str) -> &'a Json {
    test.get(key)
        .unwrap_or_else(|| panic!("no `{key}` in {test:?}"))
}

/// The problems a bare `judge` run judges: the folders of `problems/` that have a `problem.toml`.
fn problems() -> Vec<String> {
    let entries = std::fs::read_dir("problems").expect("problems/");
    let mut names: Vec<String> = entries
        .map(|entry| entry.expect("readable folder").path())
        .filter(|dir| dir.join("problem.toml").is_file())
        .filter_map(|dir| Some(dir.file_name()?.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}

/// How many tests a problem has: its `.in` files, counted so that `judge add` breaks no test here.
fn test_count(problem: &str) -> usize {
    let dir = format!("problems/{problem}/tests");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
    let files = entries.map(|entry| entry.expect("readable folder").path());
    files
        .filter(|path| path.extension() == Some("in".as_ref()))
        .count()
}

// Named to sort first: the harness starts tests in name order, and this one, the slowest (the
// debug-built reference searches every test), then runs beside the others instead of after them.
#[test]
fn a_bare_run_accepts_the_reference_solutions_on_every_test() {
    let assert = judge().assert().success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    let problems = problems();
    assert!(problems.iter().any(|p| p == "eight"), "{problems:?}");
    for problem in &problems {
        let summary = format!("{problem}: all {} tests accepted", test_count(problem));
        assert!(stdout.contains(&summary), "no `{summary}` in:\n{stdout}");
    }
    assert!(
        !stdout.contains("\x1b["),
        "no colours when stdout is not a terminal"
    );
}

#[test]
fn a_cpp_submission_is_accepted() {
    judge()
        .args(["eight", &fixture("correct.cpp")])
        .assert()
        .success()
        .stdout(predicate::str::contains("g++ -O2 -std=c++17"));
}

/// A submission that is not there: exit 2, and a fix naming the nearest file of its folder, or the
/// folder a relative path was looked for in.
#[test]
fn a_missing_submission_names_the_nearest_file() {
    judge_sample("corect.cpp", &[])
        .code(2)
        .stdout(predicate::str::contains(
            "cannot read tests/fixtures/eight/corect.cpp",
        ))
        .stdout(predicate::str::contains(
            "  fix: did you mean `tests/fixtures/eight/correct.cpp`?",
        ));
    let here = std::env::current_dir().expect("the folder tests run in");
    let fix = format!(
        "  fix: no such file in {}: give the path of a",
        here.display()
    );
    judge()
        .args(["eight", "nothing_like_it.cpp", "--test", "001"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(fix));
}

/// What the judge writes to a terminal (a pseudo-terminal from python3's `pty`) with `TERM` set to
/// `term`: stdout and stderr together, as a person sees them.
fn on_a_terminal(term: &str) -> String {
    let script = "import os, pty, sys\n\
                  pid, fd = pty.fork()\n\
                  if pid == 0: os.execv(sys.argv[1], sys.argv[1:])\n\
                  out = b''\n\
                  while True:\n    \
                      try: chunk = os.read(fd, 65536)\n    \
                      except OSError: break\n    \
                      if not chunk: break\n    \
                      out += chunk\n\
                  os.waitpid(pid, 0)\n\
                  sys.stdout.buffer.write(out)\n";
    let judge = assert_cmd::cargo::cargo_bin("judge");
    let output = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(judge)
        .args(["eight", "--test", "001"])
        .env("TERM", term)
        .env_remove("NO_COLOR")
        .output()
        .expect("python3 runs");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A terminal gets colours and a progress line, unless its `TERM` is `dumb`, which would print the
/// escape codes as text.
#[test]
fn a_dumb_terminal_gets_no_escape_codes() {
    let (smart, dumb) = (on_a_terminal("xterm"), on_a_terminal("dumb"));
    assert!(smart.contains("AC") && smart.contains("\x1b["), "{smart:?}");
    assert!(dumb.contains("AC") && !dumb.contains('\x1b'), "{dumb:?}");
}

#[test]
fn a_valid_but_longer_answer_is_wa_naming_the_gap() {
    let assert = judge_sample("suboptimal.rs", &[]).code(1);
    let row = row(&assert);
    assert!(row.contains("WA") && row.contains("21/19"), "{row}");
    assert!(
        row.ends_with("case 1: not optimal: 21 moves, optimum 19"),
        "{row}"
    );
}

#[test]
fn an_illegal_move_is_wa_naming_the_step() {
    let assert = judge_sample("illegal.py", &["-v"]).code(1);
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(
        row(&assert).ends_with("case 1: illegal move 'u' at step 2"),
        "{stdout}"
    );
    assert!(
        stdout.contains("input   2  3  4  1  5  x  7  6  8"),
        "-v shows the input: {stdout}"
    );
    assert!(
        stdout.contains("output  uuuu"),
        "-v shows the output: {stdout}"
    );
    // The sample, then the board after one 'u' with the blank on the top edge, where the second
    // 'u' cannot go: the blank is marked `!`.
    let start = "        case 1, 2 moves replayed:\n        move 0/2: start\n        2 3 4\n";
    assert!(
        stdout.contains(start),
        "-v draws the failing case: {stdout}"
    );
    let before = "        move 2/2: u  illegal\n        2 3 .!\n        1 5 4\n        7 6 8\n";
    assert!(
        stdout.contains(before),
        "-v marks the illegal move: {stdout}"
    );
}

/// The answer `-v` shows under "one shortest answer", its indent taken off.
fn shown_answer(stdout: &str) -> String {
    let header = "one shortest answer to case 1, the reference's:\n";
    let after = &stdout[stdout.find(header).expect(stdout) + header.len()..];
    let lines = after.lines().take_while(|l| l.starts_with("          "));
    lines.map(|l| l.trim().to_string() + "\n").collect()
}

#[test]
fn verbose_shows_a_shortest_answer_the_checker_accepts() {
    for (problem, fixture, test) in [
        ("eight", "tests/fixtures/eight/suboptimal.rs", "002"),
        ("huarong", "tests/fixtures/huarong/bounding_box.py", "001"),
    ] {
        let assert = judge()
            .args([problem, fixture, "--test", test, "-v", "--no-color"])
            .assert()
            .code(1);
        let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
        let answer = shown_answer(&stdout);
        let puzzle = slidekit::puzzles::ALL.iter().find(|p| p.name == problem);
        let checker = (puzzle.expect("registered").checker)();
        let tests = std::fs::read_dir(format!("problems/{problem}/tests")).expect("tests");
        let input = tests
            .flatten()
            .map(|e| e.path())
            .find(|p| {
                p.extension().is_some_and(|e| e == "in")
                    && p.to_string_lossy().contains(&format!("/{test}-"))
            })
            .expect("the test's input");
        let input = std::fs::read(input).expect("readable");
        let optima = checker.optima(&input).expect("the reference solves it");
        let found = checker.check(&input, answer.as_bytes(), &optima);
        let slidekit::model::optimum::Optimum::Moves(optimum) = optima[0] else {
            panic!("unsolvable: {stdout}")
        };
        let cost = slidekit::model::verdict::Cost {
            moves: optimum,
            optimum,
        };
        assert_eq!(
            found,
            slidekit::model::verdict::Checked::Accepted(cost),
            "{stdout}"
        );
    }
}

#[test]
fn verbose_runs_with_bfs_trace_shown_beside_a_plain_bfs() {
    let assert = judge_sample("traced_wrong.py", &["-v"]).code(1);
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(
        stdout.contains("your trace of case 1 (BFS_TRACE=1) beside a plain BFS"),
        "{stdout}"
    );
    // From the sample the blank has 3 neighbours; two moves reach 5 new boards, not the trace's 99.
    assert!(stdout.contains("    1           3          3"), "{stdout}");
    assert!(
        stdout.contains("    2          99          5          -  <- differs"),
        "{stdout}"
    );
    assert!(
        stdout.contains("the plain BFS reaches the goal at depth 19"),
        "{stdout}"
    );
    let quiet = judge_sample("traced_wrong.py", &[]).code(1);
    let stdout = String::from_utf8_lossy(&quiet.get_output().stdout).into_owned();
    assert!(
        !stdout.contains("your trace"),
        "no BFS_TRACE without -v: {stdout}"
    );
}

#[test]
fn verbose_shows_the_trace_of_the_case_that_failed() {
    let root = projects::project("trace-case-2", "eight", "eight", Path::new("unused.rs"));
    let tests = root.join("problems/eight/tests");
    std::fs::write(tests.join("001-two.in"), "12345678x\n2 3 4 1 5 x 7 6 8\n").expect(".in");
    let source = std::fs::canonicalize(fixture("traced_second_wrong.py")).expect("fixture");
    let assert = judge()
        .current_dir(&root)
        .env("CARGO_TARGET_DIR", projects::target_dir())
        .args(["eight", &source.display().to_string(), "-v", "--no-color"])
        .assert()
        .code(1);
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(stdout.contains("case 2: illegal move"), "{stdout}");
    assert!(
        stdout.contains("your trace of case 2 (BFS_TRACE=1)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("    2          77          5          -  <- differs"),
        "{stdout}"
    );
}

#[test]
fn a_crash_is_re_with_the_signal_name() {
    let assert = judge_run_only("crash.c", &[]).code(1);
    let row = row(&assert);
    assert!(
        row.contains("RE") && row.contains("killed by SIGSEGV"),
        "{row}"
    );
}

#[test]
fn an_infinite_loop_is_tle_on_cpu_time() {
    let assert = judge_run_only("infinite_loop.c", &["--time-limit", "100"]).code(1);
    let row = row(&assert);
    assert!(
        row.contains("TLE") && row.contains("over the 100 ms limit"),
        "{row}"
    );
}

#[test]
fn a_sleeping_program_is_tle_by_the_watchdog() {
    let assert = judge_run_only("sleeper.py", &["--time-limit", "100"]).code(1);
    let row = row(&assert);
    assert!(
        row.contains("TLE") && row.contains("stopped at the 1200 ms wall-clock limit, having used"),
        "{row}"
    );
}

#[test]
fn a_memory_hog_is_mle_and_its_peak_reaches_the_limit() {
    let assert = judge_run_only("memory_hog.c", &["--memory-limit", "64", "--json"]).code(1);
    let test = &tests_of(&parse_json(&assert))[0];
    assert_eq!(field(test, "verdict").as_str(), Some("MLE"));
    let peak_kib = field(test, "peak_kib").as_f64().expect("a number");
    assert!(peak_kib >= 64.0 * 1024.0, "peak {peak_kib} KiB");
}

#[test]
fn an_output_flood_is_ole() {
    let assert = judge_run_only("output_flood.c", &[]).code(1);
    assert!(
        row(&assert).contains("OLE") && row(&assert).ends_with("output reached the 64 MiB limit")
    );
}

#[test]
fn a_stderr_flood_is_cut_short_not_a_verdict() {
    // 96 MiB of log after a right answer: stderr is a pipe, of which the head and tail are kept.
    let assert = judge_sample("stderr_flood.c", &[]).success();
    let logged = row(&assert);
    assert!(logged.contains(" AC "), "{logged}");
}

#[test]
fn a_file_flood_is_re_at_the_file_size_limit() {
    // A file in its own folder meets the file-size limit that bounds stdout.
    let assert = judge_run_only("file_flood.c", &[]).code(1);
    let row = row(&assert);
    let why = "killed by SIGXFSZ: a file it wrote passed the 64 MiB file-size limit";
    assert!(row.contains("RE") && row.ends_with(why), "{row}");
}

#[test]
fn limits_too_large_to_mean_anything_are_refused() {
    let assert = judge()
        .args(["eight", "--memory-limit", "18446744073709551615"])
        .assert()
        .code(2);
    assert.stderr(predicate::str::contains(
        "`--memory-limit` needs a whole number of MiB from 1 to 1048576",
    ));
}

#[test]
fn a_compile_error_is_ce_with_the_compilers_message() {
    judge_sample("compile_error.rs", &[])
        .code(1)
        .stdout(predicate::str::contains("CE  compile error"))
        .stdout(predicate::str::contains("mismatched types"))
        .stdout(predicate::str::contains(
            "eight: compile error, its 1 test not run",
        ));
}

/// Whether a live (not zombie) process has exactly this command line.
fn running(cmdline: &[u8]) -> bool {
    let entries = std::fs::read_dir("/proc").expect("/proc");
    entries.filter_map(|e| e.ok()).any(|entry| {
        let found = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
        found == cmdline && !status.contains("State:\tZ") // a zombie is dead, just unreaped
    })
}

#[test]
fn no_process_of_a_run_is_left_alive() {
    judge_run_only("leaves_a_child.py", &[]).code(1);
    assert!(
        !running(b"sleep\x00987\x00"),
        "the fixture's `sleep 987` survived the judge"
    );
    judge_run_only("escapes_with_setsid.py", &[]).code(1);
    assert!(
        !running(b"sleep\x00989\x00"),
        "the `sleep 989` that left the group survived"
    );
}

#[test]
fn a_script_names_its_interpreters_path_and_version() {
    let document = parse_json(&judge_sample("illegal.py", &["--json"]).code(1));
    let problems = document.get("problems").and_then(Json::as_array);
    let compiler = field(&problems.expect("problems")[0], "compiler");
    let compiler = compiler.as_str().expect("a string").to_string();
    let (python, rest) = compiler.split_once(' ').expect("a path, then flags");
    let version = rest
        .strip_prefix("-S (Python ")
        .and_then(|v| v.strip_suffix(')'));
    let version = version.unwrap_or_else(|| panic!("{compiler}"));
    // The path named is an interpreter of the version named: it says so itself.
    let asked = std::process::Command::new(python)
        .args([
            "-S",
            "-c",
            "import sys, platform; print(sys.executable, platform.python_version())",
        ])
        .output()
        .expect("the interpreter named runs");
    let said = String::from_utf8_lossy(&asked.stdout).trim().to_string();
    assert_eq!(said, format!("{python} {version}"), "{compiler}");
    let table = judge_sample("illegal.py", &[]).code(1);
    let table = String::from_utf8_lossy(&table.get_output().stdout).into_owned();
    assert!(
        table.contains(&compiler),
        "the header names it too: {table}"
    );
}

#[test]
fn json_output_parses_back_to_the_same_verdicts_as_the_table() {
    let args = ["eight", &fixture("wrong_unsolvable.py")];
    let table = judge().args(args).assert().code(1);
    let table = String::from_utf8_lossy(&table.get_output().stdout).into_owned();
    let document = parse_json(&judge().args(args).arg("--json").assert().code(1));
    assert_eq!(
        document.get("accepted").and_then(Json::as_bool),
        Some(false)
    );
    let tests = tests_of(&document);
    assert_eq!(tests.len(), test_count("eight"));
    for test in &tests {
        let name = field(test, "name").as_str().expect("a name");
        let verdict = field(test, "verdict").as_str().expect("a verdict");
        let line = table
            .lines()
            .find(|l| l.trim_start().starts_with(name))
            .expect("a row per test");
        assert_eq!(line.split_whitespace().nth(1), Some(verdict), "{line}");
    }
    let unsolvable = tests
        .iter()
        .find(|t| field(t, "name").as_str() == Some("005-unsolvable"))
        .expect("005");
    assert_eq!(field(unsolvable, "verdict").as_str(), Some("AC"));
    assert!(field(unsolvable, "exit").get("code").and_then(Json::as_f64) == Some(0.0));
}

#[test]
fn an_unknown_problem_lists_the_known_ones() {
    judge().arg("nine").assert().code(2).stderr(format!(
        "judge: unknown problem `nine`\n  fix: choose one of: {}\n",
        problems().join(", ")
    ));
}

#[test]
fn a_missing_compiler_says_which_and_how_to_get_it() {
    let missing = |extra: &[&str]| {
        judge()
            .args(["eight", &fixture("crash.c")])
            .args(extra)
            .env("PATH", "/nonexistent")
            .assert()
            .code(2)
    };
    missing(&[]).stdout(
        predicate::str::contains("eight: ERR gcc not found")
            .and(predicate::str::contains("apt-get install gcc"))
            .and(predicate::str::contains("eight: not judged: gcc not found")),
    );
    let document = parse_json(&missing(&["--json"]));
    let problems = document.get("problems").and_then(Json::as_array);
    let error = problems
        .and_then(|p| p[0].get("error"))
        .and_then(Json::as_str);
    assert!(
        error.is_some_and(|e| e.starts_with("gcc not found")),
        "{document:?}"
    );
}

/// A scratch project with the good problem `good` (the one-move puzzle, judged with the reference
/// Huarong solution) between broken ones, in name order: an unknown checker, a malformed
/// `problem.toml`, a tests folder that is a file, and one with no test.
fn project_with_broken_problems(name: &str) -> std::path::PathBuf {
    let root = projects::scratch(name);
    let solution = std::fs::canonicalize("src/bin/huarong.rs").expect("the reference");
    projects::tiny_problem(&root, "bad-checker", &solution);
    let toml = root.join("problems/bad-checker/problem.toml");
    let text = std::fs::read_to_string(&toml).expect("toml");
    std::fs::write(&toml, text.replace("huarong", "nine")).expect("toml");
    projects::tiny_problem(&root, "bad-toml", &solution);
    std::fs::write(
        root.join("problems/bad-toml/problem.toml"),
        "solution = 3\n",
    )
    .expect("toml");
    projects::tiny_problem(&root, "good", &solution);
    let tests = projects::add_problem(&root, "tests-file", "huarong", &solution);
    std::fs::remove_dir(&tests).expect("empty folder");
    std::fs::write(&tests, "").expect("a file instead");
    projects::add_problem(&root, "zero-tests", "huarong", &solution);
    root
}

const BROKEN: [&str; 4] = ["bad-checker", "bad-toml", "tests-file", "zero-tests"];

fn judge_in(root: &Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    judge()
        .current_dir(root)
        // The reference's binary cached with the others' (target/judge/), not rebuilt in each root.
        .env("CARGO_TARGET_DIR", projects::target_dir())
        .args(extra)
        .assert()
}

#[test]
fn a_broken_problem_is_an_err_line_among_the_judged_ones() {
    let root = project_with_broken_problems("broken-problems");
    let assert = judge_in(&root, &[]).code(2);
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    let lines: Vec<&str> = stdout.lines().collect();
    let line_of = |start: &str| {
        let found = lines.iter().position(|l| l.starts_with(start));
        found.unwrap_or_else(|| panic!("no line `{start}…` in:\n{stdout}"))
    };
    let (header, good_row) = (line_of("good: "), line_of("  001-sample"));
    assert!(lines[good_row].contains(" AC "), "{stdout}");
    for problem in BROKEN {
        let err = line_of(&format!("{problem}: ERR "));
        // Where its header would be: among the others in name order; its summary after every row.
        assert_eq!(err < header, problem < "good", "{problem} in:\n{stdout}");
        let not_judged = line_of(&format!("{problem}: not judged: "));
        assert!(not_judged > good_row, "{stdout}");
        let why = |line: usize, head: &str| lines[line].split_once(head).map(|(_, why)| why);
        assert_eq!(
            why(err, " ERR "),
            why(not_judged, " not judged: "),
            "{stdout}"
        );
    }
    let fix = lines[line_of("bad-checker: ERR ") + 1];
    assert!(
        fix.starts_with("  fix: set `checker` in problem.toml"),
        "{stdout}"
    );
    assert!(lines.contains(&"good: 1 test accepted"), "{stdout}");
}

#[test]
fn json_names_a_broken_problems_error_and_keeps_the_judged_ones() {
    let root = project_with_broken_problems("broken-problems-json");
    let document = parse_json(&judge_in(&root, &["--json"]).code(2));
    assert_eq!(
        document.get("accepted").and_then(Json::as_bool),
        Some(false)
    );
    let problems = document
        .get("problems")
        .and_then(Json::as_array)
        .expect("problems");
    let names: Vec<&str> = problems
        .iter()
        .filter_map(|p| field(p, "problem").as_str())
        .collect();
    assert_eq!(
        names,
        [
            "bad-checker",
            "bad-toml",
            "good",
            "tests-file",
            "zero-tests"
        ]
    );
    for problem in problems {
        let name = field(problem, "problem").as_str().expect("a name");
        let error = field(problem, "error");
        let tests = field(problem, "tests").as_array().expect("tests");
        if BROKEN.contains(&name) {
            assert!(error.as_str().is_some_and(|e| !e.is_empty()), "{problem:?}");
            assert_eq!(field(problem, "accepted").as_bool(), Some(false));
            assert!(tests.is_empty(), "{problem:?}");
        } else {
            assert!(error.is_null(), "{problem:?}");
            assert_eq!(field(problem, "accepted").as_bool(), Some(true));
            assert_eq!(field(&tests[0], "verdict").as_str(), Some("AC"));
        }
    }
}

#[test]
fn every_judge_error_is_a_json_document_matching_stderr() {
    let cases: [&[&str]; 4] = [
        &["--bogus", "--json"],
        &["eight", "--time-limit", "--json"],
        &["nine", "--json"],
        &["add", "eight", "--json", "12345678x"],
    ];
    for args in cases {
        let assert = judge().args(args).assert().code(2);
        let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
        let document = parse_json(&assert);
        let error = field(&document, "error").as_str().expect("an error");
        let fix = field(&document, "fix");
        let shown = match fix.as_str() {
            Some(fix) => format!("judge: {error}\n  fix: {fix}\n"),
            None => format!("judge: {error}\n"),
        };
        assert_eq!(stderr, shown, "{args:?}");
        assert_eq!(field(&document, "schema").as_f64(), Some(1.0));
    }
}

#[test]
fn an_ans_that_disagrees_with_the_reference_is_a_test_error() {
    let solution = std::fs::canonicalize(fixture("correct.cpp")).expect("fixture");
    let root = projects::eight_project("bad-ans", &solution, false);
    std::fs::write(root.join("problems/eight/tests/001-sample.ans"), "18\n").expect(".ans");
    let assert = judge()
        .current_dir(&root)
        // The binary cached with the others' (target/judge/), not rebuilt by g++ in each fresh root.
        .env("CARGO_TARGET_DIR", projects::target_dir())
        .assert()
        .code(2);
    let row = row(&assert);
    assert!(
        row.contains("ERR") && row.ends_with(".ans line 1 says 18, the reference says 19"),
        "{row}"
    );
}

#[test]
fn a_folder_where_a_test_file_should_be_is_err() {
    let root = projects::scratch("folder-tests");
    let solution = std::fs::canonicalize("src/bin/huarong.rs").expect("the reference");
    let tests = projects::tiny_problem(&root, "tiny", &solution);
    std::fs::create_dir(tests.join("002-folder.in")).expect("a folder .in");
    std::fs::copy(tests.join("001-sample.in"), tests.join("003-ans-folder.in")).expect(".in");
    std::fs::create_dir(tests.join("003-ans-folder.ans")).expect("a folder .ans");
    let assert = judge_in(&root, &[]).code(2);
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(row(&assert).contains(" AC "), "{stdout}");
    for (test, folder) in [
        ("002-folder", "002-folder.in"),
        ("003-ans-folder", "003-ans-folder.ans"),
    ] {
        let line = stdout.lines().find(|l| l.trim_start().starts_with(test));
        let line = line.unwrap_or_else(|| panic!("no {test} in:\n{stdout}"));
        assert!(line.contains(" ERR "), "{line}");
        assert!(
            line.ends_with(&format!("{folder} is not a regular file")),
            "{line}"
        );
    }
    assert!(stdout.contains("tiny: 1 of 3 accepted (2 ERR)"), "{stdout}");
}

#[test]
fn test_files_that_judge_nothing_get_a_warning_not_a_failure() {
    let solution = std::fs::canonicalize("src/bin/eight.rs").expect("the reference");
    let root = projects::eight_project("warnings", &solution, true);
    let tests = root.join("problems/eight/tests");
    std::fs::write(tests.join("002-empty.in"), " \n").expect("blank .in");
    std::fs::write(tests.join("003-lost.ans"), "19\n").expect("lone .ans");
    let table = judge_in(&root, &[]).success();
    let stderr = String::from_utf8_lossy(&table.get_output().stderr).into_owned();
    let warned: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("judge: warning: eight: "))
        .collect();
    assert_eq!(warned.len(), 2, "{stderr}");
    assert!(
        warned[0].starts_with("tests/002-empty.in is empty"),
        "{stderr}"
    );
    assert!(
        warned[1].starts_with("tests/003-lost.ans has no 003-lost.in"),
        "{stderr}"
    );
    let document = parse_json(&judge_in(&root, &["--json"]).success());
    let problems = document
        .get("problems")
        .and_then(Json::as_array)
        .expect("problems");
    let listed = field(&problems[0], "warnings")
        .as_array()
        .expect("warnings");
    let listed: Vec<&str> = listed.iter().filter_map(Json::as_str).collect();
    assert_eq!(listed, warned, "the same warnings in the JSON");
}

#[test]
fn judge_add_writes_the_next_test_with_the_reference_optimum() {
    let root = projects::eight_project("add", Path::new("unused.rs"), false);
    let tests = root.join("problems/eight/tests");
    judge()
        .current_dir(&root)
        .args(["add", "eight", "8 6 7 2 5 4 3 x 1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("002-8672543x1.in (optimum: 31)"));
    assert_eq!(
        std::fs::read_to_string(tests.join("002-8672543x1.in")).expect(".in"),
        "8 6 7 2 5 4 3 x 1\n"
    );
    assert_eq!(
        std::fs::read_to_string(tests.join("002-8672543x1.ans")).expect(".ans"),
        "31\n"
    );
    judge()
        .current_dir(&root)
        .args(["add", "eight", "--name", "pair"])
        .write_stdin("12345678x\n21345678x\n")
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(tests.join("003-pair.ans")).expect(".ans"),
        "0\nunsolvable\n"
    );
}

#[test]
fn judge_add_refuses_malformed_input_and_writes_nothing() {
    let root = projects::eight_project("add-refused", Path::new("unused.rs"), false);
    judge()
        .current_dir(&root)
        .args(["add", "eight", "1 2 3"])
        .assert()
        .code(2)
        .stderr("judge: not added: case 1: only 3 of 9 cells\n");
    judge()
        .current_dir(&root)
        .args(["add", "eight", "--grid", "AB/.."])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "`--grid` is not a notation of this problem",
        ));
    let files = std::fs::read_dir(root.join("problems/eight/tests"))
        .expect("tests")
        .count();
    assert_eq!(files, 1, "only the scratch sample is there");
}

#[test]
fn judge_add_turns_a_compact_grid_into_a_huarong_test() {
    let root = projects::project("add-grid", "huarong", "huarong", Path::new("unused.rs"));
    let tests = root.join("problems/huarong/tests");
    // A 4×4 cousin of the classic: 21 moves, which the debug-built reference finds in milliseconds
    // (the classic's 81 took 0.45 s, and the reference's own tests search the classic already).
    let grid = "HAAI/HAAI/J..K/NOPQ";
    judge()
        .current_dir(&root)
        .args(["add", "huarong", "--grid", grid, "--name", "small"])
        .assert()
        .success()
        .stdout(predicate::str::contains("001-small.in (optimum: 21)"));
    let input = std::fs::read_to_string(tests.join("001-small.in")).expect(".in");
    assert_eq!(input, "4 4\nH A A I\nH A A I\nJ . . K\nN O P Q\nA\n2 1\n");
    assert_eq!(
        std::fs::read_to_string(tests.join("001-small.ans")).expect(".ans"),
        "21\n"
    );
    // Unnamed, a test is named by the board's size, not by its size line's digits run together.
    judge()
        .current_dir(&root)
        .args(["add", "huarong", "--grid", "IAAH/IAAH/K..J/QPON"])
        .assert()
        .success()
        .stdout(predicate::str::contains("002-4x4.in (optimum: 21)"));
    judge()
        .current_dir(&root)
        .args(["add", "huarong", "--grid", "AB/CD"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("judge: not added: "));
}

/// The `.in` files of a scratch project's problem.
fn inputs(root: &Path, problem: &str) -> Vec<String> {
    let entries = std::fs::read_dir(root.join("problems").join(problem).join("tests"));
    let mut names: Vec<String> = entries
        .expect("tests")
        .map(|entry| {
            entry
                .expect("readable")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".in"))
        .collect();
    names.sort();
    names
}

#[test]
fn judge_add_refuses_a_name_or_an_input_that_a_test_has_already() {
    let root = projects::tiny_project("add-twice");
    let add = |input: &str, name: &str| {
        judge()
            .current_dir(&root)
            .args(["add", "tiny", "--name", name])
            .write_stdin(input)
            .assert()
    };
    add("1 3\nA . .\nA\n0 2\n", "two").success();
    add("1 3\n. A .\nA\n0 2\n", "two")
        .code(2)
        .stderr(predicate::str::contains(
            "tests/002-two.in is named `two` already",
        ));
    add("1 3\nA . .\nA\n0 2\n\n", "again")
        .code(2)
        .stderr("judge: not added: tests/002-two.in has this input already\n");
    assert_eq!(inputs(&root, "tiny"), ["001-sample.in", "002-two.in"]);
}

#[test]
fn judge_add_with_a_closed_stdout_still_writes_the_test() {
    use assert_cmd::cargo::CommandCargoExt;
    use std::io::Write;
    use std::process::Stdio;
    let root = projects::tiny_project("add-closed-stdout");
    let mut child = std::process::Command::cargo_bin("judge")
        .expect("judge is built")
        .current_dir(&root)
        .args(["add", "tiny", "--name", "piped"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("judge starts");
    // The reader goes before the input is sent, so the judge can only write to a closed pipe.
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"1 3\nA . .\nA\n0 2\n").expect("input");
    drop(stdin);
    let output = child.wait_with_output().expect("judge ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert_eq!(inputs(&root, "tiny"), ["001-sample.in", "002-piped.in"]);
}

#[test]
fn a_page_that_cannot_be_written_fails_before_judging_starts() {
    let dir = projects::scratch("html-unwritable");
    let page = dir.join("no such folder/page.html");
    let page = page.display().to_string();
    let assert = judge()
        .args(["eight", "--test", "001", "--html", &page])
        .assert()
        .code(2);
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(!stdout.contains("001-sample"), "nothing judged: {stdout}");
    assert.stderr(predicate::str::contains(format!("cannot write {page}")));
}

/// The page is said to be written, after the table; where a problem has no chart (NOIP's search is
/// no BFS in layers), the page says why in the chart's place.
#[test]
fn a_page_is_said_written_and_says_why_a_chart_is_missing() {
    let page = projects::scratch("html-no-chart").join("page.html");
    let assert = judge()
        .args(["noip_huarong", "--test", "001", "--html"])
        .arg(&page)
        .assert()
        .code(0);
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(
        stdout.ends_with(&format!("wrote {}\n", page.display())),
        "{stdout}"
    );
    let html = std::fs::read_to_string(&page).expect("the page");
    let why = "No chart for noip_huarong: its search is not a BFS in layers, so there are no";
    assert!(html.contains(why), "{html}");
}

/// Luogu's answer is only a count: `-v` draws the failing case beside Luogu's goal instead.
#[test]
fn a_wrong_luogu_count_draws_the_board_and_goal_with_v() {
    let wrong = projects::scratch("luogu-count").join("five.py");
    std::fs::write(&wrong, "print(5)\n").expect("write");
    let assert = judge()
        .args(["eight_luogu", "--test", "001", "-v", "--no-color"])
        .arg(&wrong)
        .assert()
        .code(1);
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    let input = std::fs::read_to_string("problems/eight_luogu/tests/001-sample.in").expect("in");
    let cells: Vec<char> = input
        .trim()
        .chars()
        .map(|c| if c == '0' { '.' } else { c })
        .collect();
    let row = |r: usize| format!("{} {} {}", cells[3 * r], cells[3 * r + 1], cells[3 * r + 2]);
    let drawn = format!(
        "case 1, and the goal:\n        {}    1 2 3\n        {}    8 . 4\n        {}    7 6 5\n",
        row(0),
        row(1),
        row(2)
    );
    assert!(stdout.contains(&drawn), "{stdout}");
}

#[test]
fn a_wrong_noip_answer_shows_its_query_on_the_board_with_v() {
    let trap = "tests/fixtures/noip/same_cell_trap.rs";
    let assert = judge()
        .args(["noip_huarong", trap, "--test", "002", "-v", "--no-color"])
        .assert()
        .code(1);
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    let drawn =
        "query 2: the empty cell at (3,3), the piece at (1,1), its target at (1,1)\n        *..\n";
    assert!(stdout.contains(drawn), "{stdout}");
}
