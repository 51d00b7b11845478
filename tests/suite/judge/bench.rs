//! `judge bench` as a user runs it: a row per test with ordered statistics, the ratio of `--vs`, the
//! JSON document, and a submission that is not accepted. Few runs each: timing is not under test here.

use super::json::{self, Json};
use assert_cmd::assert::Assert;
use assert_cmd::Command;

fn bench(args: &[&str]) -> Assert {
    let mut judge = Command::cargo_bin("judge").expect("judge is built");
    judge.arg("bench").args(args).assert()
}

/// Eight's solution against itself on the sample, three runs each.
const ITSELF_ON_THE_SAMPLE: [&str; 7] = [
    "eight",
    "--vs",
    "src/bin/eight.rs",
    "--test",
    "001",
    "--runs",
    "3",
];

fn stdout(assert: &Assert) -> String {
    String::from_utf8_lossy(&assert.get_output().stdout).into_owned()
}

/// Eight's test names: its `.in` files, sorted.
fn eight_tests() -> Vec<String> {
    let entries = std::fs::read_dir("problems/eight/tests").expect("eight's tests");
    let mut names: Vec<String> = entries
        .map(|entry| entry.expect("readable folder").path())
        .filter(|path| path.extension() == Some("in".as_ref()))
        .filter_map(|path| Some(path.file_stem()?.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}

/// The numbers of a row: CPU, wall and memory min/median/max, then B's ratios if any.
fn numbers(row: &str) -> Vec<f64> {
    row.split_whitespace()
        .filter_map(|word| word.parse().ok())
        .collect()
}

fn field<'a>(value: &'a Json, key: &str) -> &'a Json {
    value
        .get(key)
        .unwrap_or_else(|| panic!("no `{key}` in {value:?}"))
}

fn number(value: &Json, key: &str) -> f64 {
    let n = field(value, key).as_f64();
    n.unwrap_or_else(|| panic!("`{key}` is no number in {value:?}"))
}

#[test]
fn each_test_gets_a_row_with_min_median_and_max_in_order() {
    let assert = bench(&["eight", "--runs", "3"]).success();
    let out = stdout(&assert);
    for name in eight_tests() {
        let row = out.lines().find(|l| l.trim_start().starts_with(&name));
        let row = row.unwrap_or_else(|| panic!("no row for {name} in:\n{out}"));
        assert!(row.contains(" AC "), "{row}");
        let numbers = numbers(row);
        assert_eq!(numbers.len(), 9, "3 metrics × min, median, max: {row}");
        for group in numbers.chunks(3) {
            assert!(group[0] <= group[1] && group[1] <= group[2], "{row}");
        }
        assert!(numbers[0] > 0.0, "some CPU time: {row}");
    }
    let summary = format!(
        "eight: all {} tests accepted in every run",
        eight_tests().len()
    );
    assert!(out.contains(&summary), "{out}");
}

#[test]
fn a_solution_against_itself_has_a_positive_overall_ratio() {
    let out = stdout(&bench(&ITSELF_ON_THE_SAMPLE).success());
    let overall = out.lines().find(|l| l.starts_with("overall B/A"));
    let overall = overall.unwrap_or_else(|| panic!("no overall ratio in:\n{out}"));
    let ratios: Vec<f64> = overall
        .split(", ")
        .filter_map(|part| part.rsplit(' ').next()?.parse().ok())
        .collect();
    assert_eq!(ratios.len(), 2, "CPU and wall: {overall}");
    assert!(
        ratios.iter().all(|r| r.is_finite() && *r > 0.0),
        "{overall}"
    );
    // The figure itself depends on the machine's load; shown with `--nocapture`, not asserted.
    println!("{overall}");
    let b_row = out.lines().find(|l| l.trim_start().starts_with("B AC"));
    let b_row = b_row.unwrap_or_else(|| panic!("no row of B in:\n{out}"));
    assert_eq!(
        numbers(b_row).len(),
        11,
        "B's row ends with two ratios: {b_row}"
    );
}

#[test]
fn json_has_each_sides_statistics_computed_from_its_samples() {
    let args = [&ITSELF_ON_THE_SAMPLE[..], &["--json"]].concat();
    let text = stdout(&bench(&args).success());
    let document = json::parse(&text).unwrap_or_else(|e| panic!("{e} in:\n{text}"));
    assert_eq!(field(&document, "command").as_str(), Some("bench"));
    assert_eq!(number(&document, "runs"), 3.0);
    assert_eq!(field(&document, "accepted").as_bool(), Some(true));
    for side in ["a", "b"] {
        let compile = field(field(&document, side), "compile");
        assert_eq!(field(compile, "ok").as_bool(), Some(true));
    }
    let tests = field(&document, "tests").as_array().expect("tests");
    assert_eq!(tests.len(), 1);
    let test = &tests[0];
    assert!(field(test, "test_error").is_null());
    let median_cpu = |side: &str| {
        let cpu = field(field(test, side), "cpu_ms");
        let samples: Vec<f64> = (field(cpu, "samples").as_array().expect("samples").iter())
            .map(|s| s.as_f64().expect("a number"))
            .collect();
        assert_eq!(samples.len(), 3);
        let mut sorted = samples.clone();
        sorted.sort_by(f64::total_cmp);
        assert_eq!(number(cpu, "min"), sorted[0]);
        assert_eq!(number(cpu, "median"), sorted[1]);
        assert_eq!(number(cpu, "max"), sorted[2]);
        let verdicts = field(field(test, side), "verdicts")
            .as_array()
            .expect("verdicts");
        assert_eq!(verdicts.len(), 4, "the warm-up and 3 timed runs");
        sorted[1]
    };
    let floor = number(&document, "ratio_floor_ms");
    let expected = median_cpu("b").max(floor) / median_cpu("a").max(floor);
    let ratio = number(field(test, "ratio_b_over_a"), "cpu");
    // The document rounds to 3 decimals: each median by up to 0.0005 ms, the ratio too.
    assert!(
        (ratio - expected).abs() < 0.01 * expected + 0.001,
        "{ratio} vs {expected}"
    );
    let overall = field(&document, "overall_b_over_a");
    assert_eq!(number(overall, "tests"), 1.0);
    assert_eq!(
        number(overall, "cpu"),
        ratio,
        "one test: its ratio is the mean"
    );
}

#[test]
fn a_wrong_answer_shows_in_its_row_and_exits_1() {
    let args = [
        "eight",
        "tests/fixtures/eight/suboptimal.rs",
        "--test",
        "001",
        "--runs",
        "1",
    ];
    let out = stdout(&bench(&args).code(1));
    let row = out.lines().find(|l| l.starts_with("  001-sample"));
    let row = row.unwrap_or_else(|| panic!("no row in:\n{out}"));
    assert!(row.contains(" WA "), "{row}");
    assert!(
        row.ends_with("case 1: not optimal: 21 moves, optimum 19"),
        "{row}"
    );
    assert!(
        out.contains("eight: 0 of 1 test accepted in every run"),
        "{out}"
    );
}

#[test]
fn a_compile_error_is_reported_and_nothing_runs() {
    let args = [
        "eight",
        "tests/fixtures/eight/compile_error.rs",
        "--vs",
        "src/bin/eight.rs",
    ];
    let out = stdout(&bench(&args).code(1));
    assert!(out.contains("CE  compile error"), "{out}");
    assert!(out.contains("A: compile error, no test run"), "{out}");
    assert!(!out.contains("001-sample"), "no test ran: {out}");
}
