//! `judge stress` as a user runs it: it finds each fixture's bug, shrinks the failing input as far as
//! the bug allows, and finds nothing wrong with the project's own solutions.

use super::json::{self, Json};
use super::projects;
use assert_cmd::Command;
use std::path::Path;

fn judge() -> Command {
    Command::cargo_bin("judge").expect("judge is built")
}

/// `judge stress` with `--json`: the exit status and the document.
fn stress(args: &[&str]) -> (Option<i32>, Json) {
    let output = judge()
        .arg("stress")
        .args(args)
        .arg("--json")
        .output()
        .expect("judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let document = json::parse(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    (output.status.code(), document)
}

fn text<'a>(document: &'a Json, key: &str) -> &'a str {
    let found = document.get(key).and_then(Json::as_str);
    found.unwrap_or_else(|| panic!("no text `{key}` in {document:?}"))
}

fn failure(document: &Json) -> &Json {
    document
        .get("failure")
        .filter(|f| !f.is_null())
        .unwrap_or_else(|| panic!("no failure in {document:?}"))
}

/// The distinct block names of a Huarong input's board rows.
fn blocks(input: &str) -> usize {
    let mut lines = input.lines();
    let size: Vec<usize> = (lines.next().expect("size").split_whitespace())
        .map(|n| n.parse().expect("a number"))
        .collect();
    let mut names: Vec<&str> = (lines.take(size[0]))
        .flat_map(str::split_whitespace)
        .filter(|cell| cell.bytes().any(|b| b != b'.'))
        .collect();
    names.sort_unstable();
    names.dedup();
    names.len()
}

#[test]
fn each_eight_fixture_shrinks_to_the_one_case_it_gets_wrong() {
    let expected = [
        ("suboptimal.rs", "not optimal"),
        ("illegal.py", "illegal move"),
        ("wrong_unsolvable.py", "says unsolvable"),
    ];
    for (fixture, reason) in expected {
        let path = format!("tests/fixtures/eight/{fixture}");
        let (code, document) = stress(&["eight", &path, "--seed", "7"]);
        let found = failure(&document);
        assert_eq!(code, Some(1), "{fixture}: {document:?}");
        assert_eq!(text(found, "verdict"), "WA");
        assert!(text(found, "reason").starts_with(&format!("case 1: {reason}")));
        let cells = text(found, "input").split_whitespace().count();
        assert_eq!(cells, 9, "{fixture}: one board left");
    }
}

#[test]
fn huarong_fixtures_shrink_to_a_few_blocks() {
    // Seed 1 fails on its second input, shrunk in one run; seed 13 on its third, an answer longer
    // than the optimum, shrunk in 6. The two run side by side: each is a Python fixture's search.
    std::thread::scope(|scope| {
        for seed in ["1", "13"] {
            scope.spawn(move || {
                let fixture = "tests/fixtures/huarong/bounding_box.py";
                let (code, document) = stress(&["huarong", fixture, "--seed", seed]);
                let input = text(failure(&document), "input");
                assert_eq!(code, Some(1));
                assert!(blocks(input) <= 4, "seed {seed}: {input}");
            });
        }
    });
    let fixture = "tests/fixtures/huarong/always_unsolvable.py";
    let (_, document) = stress(&["huarong", fixture, "--seed", "4"]);
    let found = failure(&document);
    assert!(text(found, "reason").starts_with("says unsolvable"));
    assert_eq!(blocks(text(found, "input")), 1, "the target alone");
}

/// The NOIP solution with one line changed, as a contestant's two classic slips: forgetting that a
/// piece on its target needs no move, and letting the empty cell walk through the piece.
fn noip_mutant(name: &str, from: &str, to: &str) -> String {
    let source = std::fs::read_to_string("src/bin/noip_huarong.rs").expect("the solution");
    assert!(source.contains(from), "the solution no longer has `{from}`");
    let path = projects::scratch(&format!("stress-{name}")).join(format!("{name}.rs"));
    std::fs::write(&path, source.replacen(from, to, 1)).expect("the mutant");
    path.display().to_string()
}

#[test]
fn noip_mutants_fail_and_shrink_to_one_query_on_a_tiny_board() {
    let mutants = [
        (
            "no_same_cell",
            "if q.piece == q.goal {",
            "if false {",
            "optimum 0",
        ),
        (
            "walks_through",
            "if next != blocked && dist[next] == FAR",
            "if dist[next] == FAR",
            "",
        ),
    ];
    for (name, from, to, reason) in mutants {
        let mutant = noip_mutant(name, from, to);
        let (code, document) = stress(&["noip_huarong", &mutant, "--seed", "1"]);
        let found = failure(&document);
        assert_eq!(code, Some(1), "{name}: {document:?}");
        assert!(
            text(found, "reason").starts_with("query 1: answered"),
            "{name}"
        );
        assert!(text(found, "reason").contains(reason), "{name}");
        let input = text(found, "input");
        let size: Vec<usize> = (input.split_whitespace().take(3))
            .map(|n| n.parse().expect("a number"))
            .collect();
        assert_eq!(size[2], 1, "{name}: one query left:\n{input}");
        // Found on a small board; from a full one, the generator's own test shrinks as far.
        assert!(
            size[0] * size[1] <= 9,
            "{name}: a board of 9 cells at most:\n{input}"
        );
    }
}

#[test]
fn the_projects_own_solutions_pass_and_say_how_much_was_tried() {
    // Huarong's 25th input is a board at the limits. NOIP's three are small boards: its full ones
    // are tests/suite/solutions/noip_huarong.rs's.
    for (problem, cases) in [("eight", 300.0), ("huarong", 26.0), ("noip_huarong", 150.0)] {
        let count = cases.to_string();
        let (code, document) = stress(&[problem, "--cases", &count, "--seed", "11"]);
        assert_eq!(code, Some(0), "{document:?}");
        assert!(document.get("failure").is_some_and(Json::is_null));
        let tried = document.get("cases").and_then(Json::as_f64).expect("cases");
        assert_eq!(tried, cases);
        assert_eq!(text(&document, "seed"), "11");
    }
}

/// One case is "1 case" and "1 input", in the title and in the last line.
#[test]
fn one_case_is_counted_in_the_singular() {
    let assert = judge()
        .args(["stress", "huarong_goal", "--cases", "1", "--seed", "3"])
        .assert()
        .code(0);
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(stdout.contains(", seed 3, up to 1 case\n"), "{stdout}");
    assert!(
        stdout.contains("no failure in 1 case (1 input) in "),
        "{stdout}"
    );
}

#[test]
fn a_seed_finds_the_same_failure_again_and_the_text_says_how() {
    let args = [
        "eight",
        "tests/fixtures/eight/suboptimal.rs",
        "--seed",
        "99",
    ];
    let first = text(failure(&stress(&args).1), "input").to_string();
    // With this very judge on PATH (as `cargo install --path . --bin judge` puts it), the command says `judge`.
    let bin = assert_cmd::cargo::cargo_bin("judge");
    let path = std::env::join_paths(
        std::iter::once(bin.parent().expect("a folder").to_path_buf()).chain(
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
        ),
    );
    let output = (judge().arg("stress").args(args))
        .env("PATH", path.expect("a PATH"))
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("the smallest failing input:\n  "),
        "{stdout}"
    );
    // The same seed found the same failure again.
    assert!(stdout.contains(&format!("  {}", first.trim())), "{stdout}");
    assert!(stdout.contains("how it fails:\n  case 1, "), "{stdout}");
    // The reference's own answer to the smallest input's failing case, which its checker accepts.
    let header = "  one shortest answer to case 1, the reference's:\n    ";
    let shown = stdout
        .split(header)
        .nth(1)
        .and_then(|rest| rest.lines().next());
    let shown = shown.unwrap_or_else(|| panic!("{stdout}"));
    use slidekit::puzzles::checker::Checker;
    let checker = slidekit::puzzles::eight::checker::Eight;
    let optima = checker
        .optima(first.as_bytes())
        .expect("the reference solves it");
    let checked = checker.check(first.as_bytes(), shown.as_bytes(), &optima);
    assert!(
        matches!(checked, slidekit::model::verdict::Checked::Accepted(_)),
        "{checked:?}: {stdout}"
    );
    let again =
        "again: judge stress eight tests/fixtures/eight/suboptimal.rs --seed 99 --cases 1000";
    assert!(stdout.contains(again), "{stdout}");
    // A build in target/ that PATH does not find is run through cargo.
    let output = judge().arg("stress").args(args).output().expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("again: cargo run --bin judge -- stress eight"),
        "{stdout}"
    );
}

#[test]
fn save_writes_the_failing_input_as_a_test_that_fails_again() {
    let fixture = std::fs::canonicalize("tests/fixtures/eight/suboptimal.rs").expect("fixture");
    let root = projects::eight_project("stress-save", Path::new("unused.rs"), true);
    let in_root = |command: &mut Command| {
        command
            .current_dir(&root)
            .env("CARGO_TARGET_DIR", projects::target_dir())
            .args(["eight".as_ref(), fixture.as_os_str()])
            .output()
            .expect("judge runs")
    };
    let saved = in_root(judge().args(["stress", "--seed", "3", "--save"]));
    assert_eq!(saved.status.code(), Some(1));
    let tests = root.join("problems/eight/tests");
    let input = std::fs::read_to_string(tests.join("002-stress-3.in")).expect("saved .in");
    assert_eq!(input.split_whitespace().count(), 9);
    let judged = in_root(judge().args(["--test", "002"]));
    let table = String::from_utf8_lossy(&judged.stdout);
    assert_eq!(judged.status.code(), Some(1), "{table}");
    assert!(table.contains("002-stress-3  WA"), "{table}");
    let again = in_root(judge().args(["stress", "--seed", "3", "--save"]));
    assert_eq!(
        again.status.code(),
        Some(2),
        "the same name is not added twice"
    );
}

#[test]
fn a_time_budget_ends_the_search_before_its_cases() {
    let (code, document) = stress(&["eight", "--cases", "100000000", "--time", "0.3"]);
    assert_eq!(code, Some(0));
    let cases = document.get("cases").and_then(Json::as_f64).expect("cases");
    assert!(cases > 0.0 && cases < 1e8, "{cases}");
}

#[test]
fn a_slow_eight_search_is_tle_on_the_first_input() {
    // A fresh one-sided BFS per case: right, and about 1.1 s of CPU for the first input's 100 cases,
    // seven times the 150 ms limit. The first input is run whatever `--time` says; it only bounds
    // the shrinking after it, whose every try of a TLE runs to the limit.
    let plain = "problems/eight/plain_bfs.rs";
    let args = [
        "eight",
        plain,
        "--seed",
        "1",
        "--time-limit",
        "150",
        "--time",
        "0.2",
    ];
    let (code, document) = stress(&args);
    assert_eq!(code, Some(1), "{document:?}");
    let found = failure(&document);
    assert_eq!(text(found, "verdict"), "TLE", "{document:?}");
    assert_eq!(number(found, "input_number"), 1.0, "{document:?}");
}

#[test]
fn shrinking_cut_short_by_the_time_budget_says_so() {
    // A program that never ends: every run is TLE.
    let args = [
        "eight",
        "tests/fixtures/eight/infinite_loop.c",
        "--seed",
        "1",
    ];
    // The first run alone spends the 0.1 s budget (its 100 ms of CPU take as long on the clock at
    // least), so the shrinking after it is cut short before its first try on any machine.
    let (code, document) = stress(&[&args[..], &["--time", "0.1", "--time-limit", "100"]].concat());
    assert_eq!(code, Some(1), "{document:?}");
    let found = failure(&document);
    assert_eq!(text(found, "verdict"), "TLE");
    assert_eq!(text(found, "shrink_cut_short"), "time");
    // A finished shrink says none.
    let (_, document) = stress(&["eight", "tests/fixtures/eight/suboptimal.rs", "--seed", "7"]);
    let finished = failure(&document).get("shrink_cut_short");
    assert_eq!(finished, Some(&Json::Null), "{document:?}");
}

#[test]
fn an_unknown_problem_or_a_compile_error_is_said_plainly() {
    let output = judge()
        .args(["stress", "eight", "tests/fixtures/eight/compile_error.rs"])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout.contains("CE  compile error"), "{stdout}");
    let unknown = judge().args(["stress", "nine"]).output().expect("runs");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown problem `nine`"));
}

fn number(document: &Json, key: &str) -> f64 {
    let found = document.get(key).and_then(Json::as_f64);
    found.unwrap_or_else(|| panic!("no number `{key}` in {document:?}"))
}

/// `judge stress huarong` on sparse 6×6 boards, each too large for the stress reference.
fn stress_sparse(submission: &str, extra: &[&str]) -> (Option<i32>, Json) {
    let gen = "tests/fixtures/huarong/gen_sparse.py";
    let args = ["huarong", submission, "--gen", gen, "--seed", "1"];
    stress(&[&args[..], extra].concat())
}

#[test]
fn your_brute_force_decides_inputs_too_large_for_the_reference() {
    let wrong = "tests/fixtures/huarong/always_unsolvable.py";
    let (code, alone) = stress_sparse(wrong, &["--cases", "1"]);
    assert_eq!(code, Some(0), "the reference skips it: {alone:?}");
    assert_eq!(number(&alone, "skipped"), 1.0, "{alone:?}");
    let brute = ["--brute", "src/bin/huarong.rs"];
    let (code, found) = stress_sparse(wrong, &brute);
    assert_eq!(code, Some(1), "{found:?}");
    let first = text(failure(&found), "first_reason");
    assert!(
        first.starts_with("says unsolvable, but it is solvable in "),
        "{found:?}"
    );
    assert_eq!(number(failure(&found), "input_number"), 1.0);
    // A right submission: the input decided by the brute force, the answer replayed against it.
    let (code, passed) = stress_sparse(
        "src/bin/huarong.rs",
        &[&brute[..], &["--cases", "1"]].concat(),
    );
    assert_eq!(code, Some(0), "{passed:?}");
    assert_eq!(
        (
            number(&passed, "decided_by_brute"),
            number(&passed, "skipped")
        ),
        (1.0, 0.0)
    );
}

#[test]
fn a_beaten_or_invalid_brute_force_is_named_at_fault() {
    for (brute, said) in [
        (
            "tests/fixtures/huarong/always_unsolvable.py",
            "your brute force's answer is not optimal",
        ),
        (
            "tests/fixtures/eight/illegal.py",
            "your brute force's answer is wrong",
        ),
    ] {
        let (code, document) =
            stress_sparse("src/bin/huarong.rs", &["--brute", brute, "--cases", "1"]);
        assert_eq!(code, Some(2), "{document:?}");
        let error = text(&document, "error");
        assert!(error.contains(said), "{error}");
    }
}

#[test]
fn your_own_generator_is_stressed_with_the_reference_deciding() {
    let gen = "tests/fixtures/eight/gen_boards.py";
    let args = [
        "eight",
        "tests/fixtures/eight/suboptimal.rs",
        "--gen",
        gen,
        "--seed",
        "3",
    ];
    let (code, document) = stress(&args);
    assert_eq!(code, Some(1), "{document:?}");
    let found = failure(&document);
    assert!(
        text(found, "reason").contains("not optimal"),
        "{document:?}"
    );
    let (_, again) = stress(&args);
    assert_eq!(
        text(failure(&again), "input"),
        text(found, "input"),
        "the seed repeats it"
    );
    // A generator whose input the reference refuses is named as the one at fault.
    let output = judge()
        .args([
            "stress",
            "eight",
            "--gen",
            "tests/fixtures/eight/gen_garbage.py",
        ])
        .output()
        .expect("judge runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("your generator wrote an input the reference refuses"),
        "{stderr}"
    );
}

#[test]
fn a_missing_final_newline_is_found_kept_and_saved() {
    let here = |p: &str| {
        std::fs::canonicalize(p)
            .expect("fixture")
            .display()
            .to_string()
    };
    let fixture = here("tests/fixtures/eight/no_final_newline.cpp");
    let gen = here("tests/fixtures/eight/gen_no_newline.py");
    let root = projects::eight_project("stress-newline", Path::new("unused.rs"), true);
    let in_root = |args: &[&str]| {
        let output = (judge().current_dir(&root))
            .env("CARGO_TARGET_DIR", projects::target_dir())
            .args(args)
            .output()
            .expect("judge runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        (output.status.code(), format!("{stdout}{stderr}"))
    };
    let stress = [
        "stress", "eight", &fixture, "--gen", &gen, "--seed", "3", "--cases", "40",
    ];
    let (code, text) = in_root(&[&stress[..], &["--save"]].concat());
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("shrunk in ") && text.contains("⏎ missing at end of input"),
        "{text}"
    );
    assert!(
        text.contains("; judged as a test, it fails again: WA"),
        "{text}"
    );
    let saved = std::fs::read(root.join("problems/eight/tests/002-stress-3.in")).expect("saved");
    assert!(!saved.ends_with(b"\n"), "{saved:?}");
    assert_eq!(
        saved
            .split(u8::is_ascii_whitespace)
            .filter(|w| !w.is_empty())
            .count(),
        9
    );
    let (code, table) = in_root(&["eight", &fixture, "--test", "002", "-v"]);
    assert_eq!(code, Some(1), "{table}");
    assert!(table.contains("002-stress-3  WA"), "{table}");
    assert!(table.contains("  (⏎ missing at end)\n"), "{table}");
}

#[test]
fn an_input_failing_only_as_written_is_kept_whole() {
    // Tabs between cells, which the fixture takes for cells: it fails only as written. Its 45 lines
    // are too many to show: they are written to a file.
    let args = [
        "stress",
        "eight",
        "tests/fixtures/eight/no_final_newline.cpp",
        "--gen",
        "tests/fixtures/eight/gen_tabs.py",
        "--seed",
        "3",
        "--cases",
        "45",
    ];
    let output = judge().args(args).output().expect("judge runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("not shrunk (1 run): written as shrinking"),
        "{text}"
    );
    let path = (text.lines())
        .find_map(|l| l.strip_prefix("  45 lines, in "))
        .unwrap_or_else(|| panic!("no file named: {text}"));
    let input = std::fs::read_to_string(path).expect("the input's file");
    std::fs::remove_file(path).expect("removed");
    assert_eq!(
        (input.matches('\t').count(), input.lines().count()),
        (45 * 8, 45)
    );
    // Output after the last case: every case was answered right, so none is replayed.
    assert!(text.contains("output after the last case"), "{text}");
    assert!(!text.contains("how it fails"), "{text}");
}

#[test]
fn a_noip_tle_shrinks_to_one_query_on_a_tiny_board() {
    // A program that never ends: every input is TLE, and shrinking goes as far as a WA's would.
    let args = [
        "stress",
        "noip_huarong",
        "tests/fixtures/eight/infinite_loop.c",
        "--seed",
        "1",
        "--time-limit",
        "20",
    ];
    let (code, document) = stress(&args[1..]);
    assert_eq!(code, Some(1), "{document:?}");
    let found = failure(&document);
    assert_eq!(text(found, "verdict"), "TLE", "{document:?}");
    let input = text(found, "input");
    let size: Vec<usize> = (input.split_whitespace().take(3))
        .map(|n| n.parse().expect("a number"))
        .collect();
    assert_eq!(size[2], 1, "one query left:\n{input}");
    assert!(
        size[0] * size[1] <= 9,
        "a board of 9 cells at most:\n{input}"
    );
}
