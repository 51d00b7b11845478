//! `judge practice PROBLEM --check`: the coach. The solutions pass as exercises on every test; an
//! exercise filled in with a one-sided search, and a plain BFS where NOIP wants the compression, are
//! "not yet" on every test that needs a search, however their answers fare.

use super::projects;
use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

const BEGIN: &str = "// practice: begin search";
const END: &str = "// practice: end search";

fn judge() -> Command {
    Command::cargo_bin("judge").expect("judge is built")
}

fn check(problem: &str, path: &Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    let path = path.to_str().expect("UTF-8 path");
    let mut args = vec!["practice", problem, path, "--check", "--no-color"];
    args.extend(extra);
    judge().args(args).assert()
}

/// Each test's row and the coach's line under it: (test, verdict, technique).
fn coached(stdout: &[u8]) -> Vec<(String, String, String)> {
    let text = String::from_utf8_lossy(stdout);
    let mut rows = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let mut words = line.split_whitespace();
        let (Some(test), Some(verdict)) = (words.next(), words.next()) else {
            continue;
        };
        if !(test.len() > 4 && test[..3].bytes().all(|b| b.is_ascii_digit())) {
            continue;
        }
        let technique = lines
            .next()
            .and_then(|l| l.trim().strip_prefix("technique: "));
        let technique = technique
            .expect("a technique line under each row")
            .to_string();
        rows.push((test.to_string(), verdict.to_string(), technique));
    }
    rows
}

/// Whether some case of the test needs a search of two moves or more, by its `.ans`: an optimum of
/// 2 or more, or for Huarong an unsolvable board, which is searched through (Eight's is told by its
/// parity).
fn needs_search(problem: &str, test: &str) -> bool {
    let ans = format!("problems/{problem}/tests/{test}.ans");
    let ans = std::fs::read_to_string(ans).expect(".ans");
    let searched_through = problem.starts_with("huarong");
    ans.lines().any(|line| match line.trim().parse::<u64>() {
        Ok(n) => n >= 2,
        Err(_) => line.trim() == "unsolvable" && searched_through,
    })
}

#[test]
fn the_solutions_pass_as_exercises_on_every_test() {
    for (problem, solution) in [
        ("eight", "src/bin/eight.rs"),
        ("eight_boj", "src/bin/eight.rs"),
        ("eight_luogu", "src/bin/eight.rs"),
        ("huarong", "src/bin/huarong.rs"),
        ("huarong_goal", "src/bin/huarong_goal.rs"),
        ("noip_huarong", "src/bin/noip_huarong.rs"),
    ] {
        let assert = check(problem, Path::new(solution), &[]).success();
        let stdout = assert.get_output().stdout.clone();
        let rows = coached(&stdout);
        let tests = std::fs::read_dir(format!("problems/{problem}/tests")).expect("tests");
        let count = tests
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "in"))
            })
            .count();
        assert_eq!(rows.len(), count, "{problem}: a row for every test");
        for (test, verdict, technique) in &rows {
            assert_eq!(verdict, "AC", "{problem} {test}");
            let quiet = technique.starts_with("nothing to tell");
            assert!(
                technique.starts_with("holds: ") || quiet,
                "{problem} {test}: {technique}"
            );
            if problem != "noip_huarong" {
                assert_eq!(
                    quiet,
                    !needs_search(problem, test),
                    "{problem} {test}: {technique}"
                );
            }
        }
        let text = String::from_utf8_lossy(&stdout);
        assert!(text.contains("exercise: passed"), "{problem}: {text}");
        if problem == "eight" {
            // A 31-move board is as far as boards get, so a plain BFS from it to its goal holds
            // every one of the 9!/2 boards it can reach.
            let hardest = rows.iter().find(|r| r.0.starts_with("002-"));
            let figure = "met at 15 + 16 = 31 moves, 8,456 + 11,764 positions visited, a plain \
                          BFS 181,440";
            assert!(
                hardest.is_some_and(|r| r.2.ends_with(figure)),
                "{hardest:?}"
            );
        }
    }
}

/// `problem`'s exercise with the solution's search put back, but `rule` (the solution's way of
/// choosing a side) replaced by `one_side`: the one-sided search a student writes first.
fn one_sided(problem: &str, rule: &str, one_side: &str) -> std::path::PathBuf {
    planted(problem, "one-sided", rule, one_side)
}

/// `problem`'s exercise with the solution's search put back and one rule of it, `rule` (in the
/// search, or in the side's layer growth the exercise keeps), replaced by `lapse`: a fill-in with
/// one planted lapse, written as `tag`.
fn planted(problem: &str, tag: &str, rule: &str, lapse: &str) -> std::path::PathBuf {
    let path = projects::scratch(&format!("coach-{tag}-{problem}")).join("mine.rs");
    let written = path.to_str().expect("UTF-8 path");
    judge()
        .args(["practice", problem, written])
        .assert()
        .success();
    let exercise = std::fs::read_to_string(&path).expect("the exercise");
    let solution = std::fs::read_to_string(format!("src/bin/{problem}.rs")).expect("solution");
    let search = |s: &str| {
        let start = s.find(BEGIN).expect("begin") + BEGIN.len();
        start..start + s[start..].find(END).expect("end")
    };
    let mut filled = exercise.clone();
    filled.replace_range(search(&exercise), &solution[search(&solution)]);
    assert_eq!(
        filled.matches(rule).count(),
        1,
        "{problem}: the solution has `{rule}` once"
    );
    std::fs::write(&path, filled.replace(rule, lapse)).expect("write");
    path
}

/// Each test of `rows` that needs a search is not yet, one-sided. The others tell nothing, except
/// a Huarong board one move away: the solution weighs its goal side before its first layer, so a
/// start layer grown without weighing shows the lapse there too.
fn one_sided_wherever_a_search_is_needed(problem: &str, rows: &[(String, String, String)]) {
    for (test, _, technique) in rows {
        let one_sided = technique.starts_with("not yet: one-sided: ");
        let ans = format!("problems/{problem}/tests/{test}.ans");
        let one_move = std::fs::read_to_string(ans).expect(".ans").trim() == "1";
        match needs_search(problem, test) || (problem == "huarong" && one_move) {
            true => assert!(one_sided, "{test}: {technique}"),
            false => assert!(
                technique.starts_with("nothing to tell"),
                "{test}: {technique}"
            ),
        }
    }
}

#[test]
fn a_one_sided_eight_exercise_lapses_where_a_search_is_needed() {
    let rule = "self.goal.frontier().len() < self.start.frontier().len()";
    let path = one_sided("eight", rule, "false");
    // Under 150 ms the many-case test stops early; the cases before that are read all the same.
    let assert = check("eight", &path, &["--time-limit", "150"]).code(1);
    let stdout = assert.get_output().stdout.clone();
    let rows = coached(&stdout);
    assert!(rows.len() >= 10, "{rows:?}");
    let searched = rows
        .iter()
        .filter(|row| needs_search("eight", &row.0))
        .count();
    for (test, verdict, technique) in &rows {
        match needs_search("eight", test) {
            true => assert!(
                technique.starts_with("not yet: one-sided: the goal side never grew"),
                "{test}: {technique}"
            ),
            false => assert!(
                technique.starts_with("nothing to tell"),
                "{test}: {technique}"
            ),
        }
        // One-sided takes at most 25 ms on a test of a few boards, six times under the limit, and
        // seconds on 010's 1,000 (18,000 bytes: under LONG_INPUT, whose goal side, grown whole
        // outside the search, would make it fast); 006's 500 (0.55 s) are too close to call.
        match &test[..3] {
            "010" => assert_eq!(verdict, "TLE", "{test}"),
            "006" => {}
            _ => assert_eq!(verdict, "AC", "{test}"),
        }
    }
    let text = String::from_utf8_lossy(&stdout);
    let lapsed = format!(
        "the technique lapsed on {} of {} tests",
        searched,
        rows.len()
    );
    assert!(
        text.contains("exercise: not yet: ") && text.contains(&lapsed),
        "{text}"
    );
    assert!(text.contains("hint: grow the goal side too"), "{text}");
    // Luogu's boards are judged by the same program.
    named("eight_luogu", &path, &["004"], &[], "one-sided: ");
}

/// Huarong's one-sided fill-in never weighs its goal side; between two full layouts it never grows
/// it: both are not yet wherever a search is needed, though every answer is accepted.
#[test]
fn one_sided_huarong_exercises_lapse_where_a_search_is_needed() {
    let weighs = "goal.weigh(&board, start.frontier().len(), trace);";
    let smaller = "goal.frontier().len() < start.frontier().len()";
    for (problem, rule, one_side) in [("huarong", weighs, ""), ("huarong_goal", smaller, "false")] {
        let path = one_sided(problem, rule, one_side);
        let assert = check(problem, &path, &[]).code(1);
        let rows = coached(&assert.get_output().stdout);
        assert!(rows.len() >= 27, "{problem}: {rows:?}");
        assert!(
            rows.iter().all(|(_, verdict, _)| verdict == "AC"),
            "{problem}: {rows:?}"
        );
        one_sided_wherever_a_search_is_needed(problem, &rows);
    }
}

/// A plain BFS over whole positions answers NOIP's small boards and runs out of time on the open
/// 30×30 ones; the coach says it is not the compression wherever its counts show it.
#[test]
fn a_plain_bfs_for_noip_is_not_the_compression() {
    let fixture = Path::new("tests/fixtures/noip/plain_bfs.rs");
    // Its small boards take 3 ms and the big ones 0.96 s or more: 150 ms is five times from both.
    let assert = check("noip_huarong", fixture, &["--time-limit", "150"]).code(1);
    let rows = coached(&assert.get_output().stdout);
    assert_eq!(rows.len(), 9, "{rows:?}");
    for (test, verdict, technique) in &rows {
        match &test[..3] {
            "007" | "008" | "009" => assert_eq!(verdict, "TLE", "{test}"),
            _ => assert_eq!(verdict, "AC", "{test}"),
        }
        let shows = ["007", "008", "009"].contains(&&test[..3]);
        let expected = match shows {
            true => "not yet: too slow: not the compression",
            false => "nothing to tell",
        };
        assert!(technique.starts_with(expected), "{test}: {technique}");
    }
}

#[test]
fn an_exercise_not_yet_written_is_named_with_how_to_write_it() {
    let dir = projects::scratch("coach-missing");
    judge()
        .current_dir(&dir)
        .args(["practice", "eight", "--check"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("practice/eight.rs does not exist").and(
                predicate::str::contains("cargo run --bin judge -- practice eight"),
            ),
        );
}

/// `path` checked as `problem`'s exercise on `tests` only (with `extra` options): each is not yet,
/// and its lapse says `lapse`.
fn named(problem: &str, path: &Path, tests: &[&str], extra: &[&str], lapse: &str) {
    let mut args: Vec<&str> = tests.iter().flat_map(|t| ["--test", t]).collect();
    args.extend(extra);
    let assert = check(problem, path, &args).code(1);
    let rows = coached(&assert.get_output().stdout);
    assert_eq!(rows.len(), tests.len(), "{problem}: {rows:?}");
    for (test, _, technique) in &rows {
        let told = technique.starts_with("not yet: ") && technique.contains(lapse);
        assert!(told, "{problem} {test}: {technique}");
    }
}

/// Eight's side rule, and Huarong's, as the solutions write them.
const EIGHT_RULE: &str = "self.goal.frontier().len() < self.start.frontier().len()";
const HUARONG_RULE: &str = "side.frontier().len() < start.frontier().len()";
const HUARONG_GOAL_RULE: &str = "goal.frontier().len() < start.frontier().len()";
/// One side, then the other, whatever their frontiers: a turn kept across cases.
const IN_TURN: &str = "{ use std::sync::atomic::{AtomicBool, Ordering}; static TURN: AtomicBool = \
                       AtomicBool::new(false); TURN.fetch_xor(true, Ordering::Relaxed) }";

#[test]
fn growing_the_larger_frontier_is_named_on_each_puzzle() {
    let larger = "expanded the larger frontier: ";
    let eight = planted(
        "eight",
        "larger",
        EIGHT_RULE,
        &EIGHT_RULE.replace('<', ">="),
    );
    named("eight", &eight, &["001"], &[], larger);
    named("eight_luogu", &eight, &["004"], &[], larger);
    // Huarong's goal side grows only once built: 028 and 031 build it.
    let huarong = planted(
        "huarong",
        "larger",
        HUARONG_RULE,
        &HUARONG_RULE.replace('<', ">="),
    );
    named("huarong", &huarong, &["028", "031"], &[], larger);
    let rule = HUARONG_GOAL_RULE;
    let huarong_goal = planted("huarong_goal", "larger", rule, &rule.replace('<', ">="));
    named("huarong_goal", &huarong_goal, &["001"], &[], larger);
}

#[test]
fn a_layer_cut_short_is_named_on_each_puzzle() {
    // Each layer of two or more positions grows from all but its first.
    let cut = "the layer was cut short";
    let (rule, skip) = (
        "for i in last {",
        "for i in last.clone().skip(usize::from(last.len() > 1)) {",
    );
    let eight = planted("eight", "cut", rule, skip);
    named("eight", &eight, &["001"], &[], cut);
    named("eight_luogu", &eight, &["004"], &[], cut);
    let rule = "for id in first..layer.end.min(first + 32) {";
    let skip = "for id in (first..layer.end.min(first + 32))\
                .skip(usize::from(first == layer.start && layer.len() > 1)) {";
    named(
        "huarong",
        &planted("huarong", "cut", rule, skip),
        &["002"],
        &[],
        cut,
    );
    let (rule, skip) = (
        "for id in layer {",
        "for id in layer.clone().skip(usize::from(layer.len() > 1)) {",
    );
    let huarong_goal = planted("huarong_goal", "cut", rule, skip);
    named("huarong_goal", &huarong_goal, &["001"], &[], cut);
}

/// Strict alternation shows where a side's frontier outgrows the other's: beside Eight's goal side
/// kept from case to case (006 has 500 boards), and on the Huarong boards where the sides' sizes
/// part. On one Eight board (Luogu's inputs) alternating is as good as weighing: no lapse there.
#[test]
fn strict_alternation_is_named_on_each_puzzle() {
    let kept = "expanded the larger frontier beside a goal side kept from earlier cases: ";
    let eight = planted("eight", "in-turn", EIGHT_RULE, IN_TURN);
    named("eight", &eight, &["006"], &[], kept);
    let larger = "expanded the larger frontier: ";
    let huarong = planted("huarong", "in-turn", HUARONG_RULE, IN_TURN);
    named("huarong", &huarong, &["031"], &[], larger);
    let huarong_goal = planted("huarong_goal", "in-turn", HUARONG_GOAL_RULE, IN_TURN);
    named("huarong_goal", &huarong_goal, &["001"], &[], larger);
}

#[test]
fn a_huarong_goal_side_built_unweighed_is_named() {
    let weighs = "goal.weigh(&board, start.frontier().len(), trace);";
    let path = planted(
        "huarong",
        "unweighed",
        weighs,
        "goal.weigh(&board, 1 << 40, trace);",
    );
    named(
        "huarong",
        &path,
        &["002", "032"],
        &[],
        "goal side built unweighed: ",
    );
}

/// A search that spins before its first layer: stopped, whatever the limit, so the shortest
/// keeps the test quick.
#[test]
fn a_run_stopped_before_its_trace_is_named_stopped_on_each_puzzle() {
    let spin = "{ loop { std::hint::spin_loop() } }";
    let limit = ["--time-limit", "100"];
    let stopped = "stopped: ";
    let eight = planted("eight", "stopped", EIGHT_RULE, spin);
    named("eight", &eight, &["001"], &limit, stopped);
    named("eight_luogu", &eight, &["004"], &limit, stopped);
    let weighs = "goal.weigh(&board, start.frontier().len(), trace);";
    let huarong = planted("huarong", "stopped", weighs, spin);
    named("huarong", &huarong, &["001"], &limit, stopped);
    let huarong_goal = planted("huarong_goal", "stopped", HUARONG_GOAL_RULE, spin);
    named("huarong_goal", &huarong_goal, &["001"], &limit, stopped);
}
