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

/// Writes `problem`'s exercise into the fresh scratch folder `folder` and returns its path.
fn write_exercise(problem: &str, folder: &str) -> PathBuf {
    let path = projects::scratch(folder).join(format!("{problem}.rs"));
    judge()
        .args(["practice", problem, path.to_str().expect("UTF-8 path")])
        .assert()
        .success()
        .stdout(predicate::str::contains("wrote"));
    path
}

fn judge_exercise(problem: &str, path: &Path, test: Option<&str>) -> assert_cmd::assert::Assert {
    let path = path.to_str().expect("UTF-8 path");
    let mut args = vec![problem, path, "--no-color"];
    args.extend(test.map(|t| ["--test", t]).into_iter().flatten());
    judge().args(args).assert()
}

/// The exercise of `problem` is CE as written; with the solution's own search put back between the
/// markers it is the solution again, byte for byte, and accepted on `tests` (`None`: every test),
/// the run command its hints give.
fn exercise_fails_then_the_real_search_passes(problem: &str, tests: Option<&str>) {
    let path = write_exercise(problem, &format!("practice-{problem}"));
    let exercise = std::fs::read_to_string(&path).expect("the exercise");
    let solution = std::fs::read_to_string(format!("src/bin/{problem}.rs")).expect("solution");
    let search = between_markers(&solution);
    assert!(!exercise.contains(search), "the search is left out");
    assert!(exercise.contains("Invariant while"), "the invariant stays");
    let only = tests.map_or(String::new(), |t| format!(" --test {t}"));
    // The judge under test is a build in target/, not on PATH: it names itself through cargo.
    let run = format!(
        "Run `cargo run --bin judge -- {problem} {}{only}`",
        path.display()
    );
    assert!(
        exercise.contains(&run),
        "the hints name the file as written"
    );
    judge_exercise(problem, &path, Some("001"))
        .code(1)
        .stdout(predicate::str::contains("CE"));
    let filled = exercise.replace(between_markers(&exercise), search);
    assert_eq!(
        filled, solution,
        "putting the search back gives the solution"
    );
    std::fs::write(&path, filled).expect("write");
    judge_exercise(problem, &path, tests).success();
}

#[test]
fn the_eight_exercise_fails_until_its_search_is_written() {
    exercise_fails_then_the_real_search_passes("eight", Some("001"));
}

#[test]
fn the_huarong_exercise_fails_until_its_search_is_written() {
    exercise_fails_then_the_real_search_passes("huarong", Some("001"));
}

/// NOIP's exercise leaves out the per-query search (`solve`) alone; put back, it passes every test,
/// the 30×30 boards with 500 queries too.
#[test]
fn the_noip_exercise_fails_until_its_search_is_written() {
    exercise_fails_then_the_real_search_passes("noip_huarong", None);
}

/// The NOIP exercise keeps the trace lines the coach counts and all but the search (the moves, the
/// walk table and its BFS), and its hints name both traps.
#[test]
fn the_noip_exercise_keeps_its_trace_and_names_its_traps() {
    let path = write_exercise("noip_huarong", "practice-noip-trace");
    let exercise = std::fs::read_to_string(path).expect("the exercise");
    for kept in [
        "\"walks: the empty cell's searches reached {} cells\"",
        "\"query {}: {} states settled\"",
        "struct Walks {",
        "struct Frontier {",
        "fn neighbours(",
        "fn walk(",
        "fn read_query(",
    ] {
        assert!(exercise.contains(kept), "the exercise keeps {kept}");
    }
    for hint in [
        "already stands on its target needs 0 moves",
        "never step onto the piece's cell",
        "~286,000 positions",
    ] {
        assert!(exercise.contains(hint), "the hints say {hint}");
    }
}

#[test]
fn the_default_path_is_practice_slash_the_problem() {
    for problem in ["huarong", "noip_huarong"] {
        let dir = projects::scratch(&format!("practice-default-{problem}"));
        let practise = || {
            judge()
                .current_dir(&dir)
                .args(["practice", problem])
                .assert()
        };
        let wrote = format!("wrote practice/{problem}.rs");
        practise().success().stdout(predicate::str::contains(wrote));
        let path = dir.join(format!("practice/{problem}.rs"));
        let first = std::fs::read_to_string(&path).expect("the exercise");
        std::fs::write(&path, first.replace("compile_error!", "my_attempt!")).expect("write");
        // The second time, the file is there, and it stays as the contestant left it.
        practise()
            .code(2)
            .stderr(predicate::str::contains("exists already"));
        let kept = std::fs::read_to_string(&path).expect("the exercise");
        assert!(kept.contains("my_attempt!"), "{problem}: not overwritten");
    }
}

#[test]
fn an_existing_file_is_never_overwritten() {
    for problem in ["eight", "noip_huarong"] {
        let path = projects::scratch(&format!("practice-twice-{problem}")).join("mine.rs");
        std::fs::write(&path, "my own work\n").expect("write");
        judge()
            .args(["practice", problem, path.to_str().expect("UTF-8 path")])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("exists already"));
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            "my own work\n"
        );
    }
}

/// Luogu's Eight has no exercise of its own: the fix names the problem whose exercise is the same
/// file's, and the command that holds it to Luogu's tests; nothing is written.
#[test]
fn no_exercise_points_to_the_problem_sharing_the_file() {
    let folder = projects::scratch("practice-luogu");
    judge()
        .current_dir(&folder)
        .args(["practice", "eight_luogu"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no exercise for the `eight_luogu` checker\n  fix: eight_luogu is solved by \
             src/bin/eight.rs, as eight is: write the exercise with `",
        ))
        .stderr(predicate::str::contains(
            " practice eight_luogu PATH --check` holds it to eight_luogu's tests",
        ));
    assert!(!folder.join("practice").exists(), "nothing written");
}

/// The coach's trap fixture is the exercise with the compression written in but no answer of 0 for
/// a piece already on its target.
#[test]
fn the_same_cell_trap_fixture_walks_where_no_move_is_needed() {
    let fixture = "tests/fixtures/noip/same_cell_trap.rs";
    let source = std::fs::read_to_string(fixture).expect("the fixture");
    assert!(
        source.contains(BEGIN) && source.contains(END),
        "it keeps the markers"
    );
    judge()
        .args(["noip_huarong", fixture, "--test", "002", "--no-color"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("WA")
                .and(predicate::str::contains("query 2: answered 3, optimum 0")),
        );
}
