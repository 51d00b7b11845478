//! `judge practice`: the exercise is written once, never overwritten, is not accepted as written,
//! and is accepted again once the solution's own search is put back between its markers.

use super::projects;
use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

const BEGIN: &str = "// practice: begin search";
const END: &str = "// practice: end search";

fn judge() -> Command {
    Command::cargo_bin("judge").expect("judge is built")
}

/// The text strictly between the markers.
fn between_markers(source: &str) -> &str {
    let start = source.find(BEGIN).expect("begin marker") + BEGIN.len();
    let end = start + source[start..].find(END).expect("end marker");
    &source[start..end]
}

/// Writes `problem`'s exercise into a fresh scratch folder and returns its path.
fn write_exercise(problem: &str) -> PathBuf {
    let path = projects::scratch(&format!("practice-{problem}")).join(format!("{problem}.rs"));
    judge()
        .args(["practice", problem, path.to_str().expect("UTF-8 path")])
        .assert()
        .success()
        .stdout(predicate::str::contains("wrote"));
    path
}

fn judge_sample(problem: &str, path: &Path) -> assert_cmd::assert::Assert {
    let path = path.to_str().expect("UTF-8 path");
    judge()
        .args([problem, path, "--test", "001", "--no-color"])
        .assert()
}

fn exercise_fails_then_the_real_search_passes(problem: &str) {
    let path = write_exercise(problem);
    let exercise = std::fs::read_to_string(&path).expect("the exercise");
    let solution = std::fs::read_to_string(format!("src/bin/{problem}.rs")).expect("solution");
    let search = between_markers(&solution);
    assert!(!exercise.contains(search), "the search is left out");
    assert!(exercise.contains("Invariant while"), "the invariant stays");
    let run = format!("Run `judge {problem} {} --test 001`", path.display());
    assert!(
        exercise.contains(&run),
        "the hints name the file as written"
    );
    judge_sample(problem, &path)
        .code(1)
        .stdout(predicate::str::contains("CE"));
    let filled = exercise.replace(between_markers(&exercise), search);
    assert_eq!(
        filled, solution,
        "putting the search back gives the solution"
    );
    std::fs::write(&path, filled).expect("write");
    judge_sample(problem, &path).success();
}

#[test]
fn the_eight_exercise_is_not_accepted_until_its_search_is_written() {
    exercise_fails_then_the_real_search_passes("eight");
}

#[test]
fn the_huarong_exercise_is_not_accepted_until_its_search_is_written() {
    exercise_fails_then_the_real_search_passes("huarong");
}

#[test]
fn the_default_path_is_practice_slash_the_problem() {
    let dir = projects::scratch("practice-default");
    let practise = || {
        judge()
            .current_dir(&dir)
            .args(["practice", "huarong"])
            .assert()
    };
    practise()
        .success()
        .stdout(predicate::str::contains("wrote practice/huarong.rs"));
    assert!(dir.join("practice/huarong.rs").is_file());
    practise().code(2); // the second time, the file is there
}

#[test]
fn an_existing_file_is_never_overwritten() {
    let path = projects::scratch("practice-twice").join("mine.rs");
    std::fs::write(&path, "my own work\n").expect("write");
    judge()
        .args(["practice", "eight", path.to_str().expect("UTF-8 path")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("exists already"));
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        "my own work\n"
    );
}
