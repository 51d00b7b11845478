//! `huarong_goal` against the judge's reference (judge/puzzles/huarong/reference/, which shares no
//! code with the solution): every test file, and a seeded stream of random pairs of layouts drawn as
//! `judge stress` draws them (judge/puzzles/huarong_goal/generator.rs), strips, full boards and
//! boards of 64 cells among them. Each answer is replayed move by move and its length compared with
//! the optimum. The solution is called in this process through its `run`, under the watchdog of
//! watch.rs; `src/bin/huarong_goal.rs` is the very file that is pasted. The binary itself is run
//! where only a process shows what is tested: its exit status, stderr and `BFS_TRACE=1` trace.

use super::files;
#[allow(dead_code)] // its `main` and what only `main` uses
#[path = "../../../src/bin/huarong_goal.rs"]
mod solution;

use super::watch::Watch;
use assert_cmd::Command;
use slidekit::formats::trace::parse_trace;
use slidekit::puzzles::huarong::layouts::Size;
use slidekit::puzzles::huarong::reference::{self, Answer};
use slidekit::puzzles::huarong_goal::generator;
use slidekit::puzzles::two_sided::huarong::layer_sizes;
use std::panic::AssertUnwindSafe;
use std::time::Duration;

const SEED: u64 = 19;
/// The reference's budget, in positions: a debug build visits 1,000 in about 15 ms, and a random
/// pair past it is skipped and counted.
const MAX_STATES: usize = 400;
/// Within the budget an answer takes milliseconds; this only stops a hang.
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// 横刀立马 to a solved layout (the 2×2 block at the bottom centre), 84 moves.
const CLASSIC_TO_SOLVED: &str = "5 4\nH A A I\nH A A I\nJ B B K\nJ N O K\nP . . Q\n\n\
                                 H J K I\nH J K I\n. B B .\nN A A O\nP A A Q\n";

/// What the solution wrote: its answer, and the warning `main` would print, if any.
fn run_here(input: &str) -> Result<(Vec<u8>, Option<String>), String> {
    let watch = Watch::start("huarong_goal", input, TIME_LIMIT);
    let mut stdout = Vec::new();
    let ran = std::panic::catch_unwind(AssertUnwindSafe(|| {
        solution::run(input.as_bytes(), &mut stdout, false)
    }));
    drop(watch);
    match ran {
        Err(_) => Err("the solution panicked".into()),
        Ok(Err(failure)) => Err(format!("the solution failed: {:?}", failure)),
        Ok(Ok(warning)) => Ok((stdout, warning.map(|w| w.to_string()))),
    }
}

/// Solves `input` in this process and replays the answer; `optimum` is what it must come to.
fn check(input: &str, optimum: Answer) -> Result<(), String> {
    let layouts = reference::parse_layouts(input).map_err(|e| format!("bad input: {e}"))?;
    let (stdout, warning) = run_here(input)?;
    if let Some(warning) = warning {
        return Err(format!("a warning for a valid input: {warning}"));
    }
    let stdout = String::from_utf8_lossy(&stdout);
    let answer = reference::replay(&layouts, stdout.as_bytes())
        .map_err(|why| format!("invalid answer: {why}\n--- stdout\n{stdout}"))?;
    match answer == optimum {
        true => Ok(()),
        false => Err(format!("answer {answer:?}, optimum {optimum:?}")),
    }
}

#[test]
fn every_test_file_is_answered_optimally_and_matches_its_ans() {
    let tests = files::test_files("huarong_goal");
    for test in &tests {
        let optimum = match test.ans.trim() {
            "unsolvable" => Answer::Unsolvable,
            k => Answer::Moves(k.parse().expect("a number")),
        };
        // `.ans` trusted: the judge's bare run (tests/suite/judge/judging.rs) checks each against
        // the reference.
        let input = String::from_utf8(test.input.clone()).expect("UTF-8 test input");
        check(&input, optimum).unwrap_or_else(|why| panic!("{}: {why}", test.path.display()));
    }
    assert!(tests.len() >= 20, "only {} test files found", tests.len());
}

/// Pairs checked, by what the reference says: solved already, solvable, unsolvable, skipped.
#[derive(Default, Debug)]
struct Tally([u64; 4]);

impl Tally {
    /// Checks one generated pair against the reference within the budget; says whether it was
    /// solvable.
    fn check(&mut self, input: &str, what: &str) -> bool {
        let layouts = reference::parse_layouts(input).unwrap_or_else(|e| panic!("{e}\n{input}"));
        let optimum = match reference::search_within(&layouts, MAX_STATES) {
            Ok((optimum, _)) => optimum,
            Err(_) => {
                self.0[3] += 1;
                return false;
            }
        };
        check(input, optimum).unwrap_or_else(|why| panic!("{what}: {why}\n--- input\n{input}"));
        let kind = match optimum {
            Answer::Moves(0) => 0,
            Answer::Moves(_) => 1,
            Answer::Unsolvable => 2,
        };
        self.0[kind] += 1;
        kind == 1
    }

    fn checked(&self) -> u64 {
        self.0[..3].iter().sum()
    }
}

#[test]
fn random_pairs_of_layouts_are_answered_optimally() {
    let mut tally = Tally::default();
    for index in 0..150 {
        let input = generator::pair_within(SEED, index, 3 + (index as usize / 50));
        tally.check(&input, &format!("seed {SEED}, pair {index}"));
    }
    eprintln!(
        "random pairs: solved, solvable, unsolvable, skipped = {:?}",
        tally.0
    );
    let [solved, solvable, unsolvable, _] = tally.0;
    assert!(tally.checked() >= 120, "{tally:?}");
    assert!(
        solved >= 5 && solvable >= 60 && unsolvable >= 5,
        "{tally:?}"
    );
}

#[test]
fn strips_full_boards_and_64_cell_boards_are_answered_optimally() {
    let metrics = ["moves", "straight", "steps"];
    let mut sizes: Vec<Size> = Vec::new();
    for length in [2, 3, 5, 8, 13, 21, 34, 55, 64] {
        for (rows, cols) in [(1, length), (length, 1)] {
            for metric in metrics {
                sizes.push(Size {
                    rows,
                    cols,
                    full_board: false,
                    metric,
                });
            }
        }
    }
    for (i, (rows, cols)) in [(8, 8), (4, 16), (16, 4), (2, 32), (32, 2)]
        .into_iter()
        .enumerate()
    {
        for full_board in [false, true] {
            let metric = metrics[i % 3];
            sizes.push(Size {
                rows,
                cols,
                full_board,
                metric,
            });
        }
    }
    for (rows, cols) in [(1, 1), (2, 2), (3, 4), (1, 7)] {
        let metric = metrics[rows % 3];
        sizes.push(Size {
            rows,
            cols,
            full_board: true,
            metric,
        });
    }
    let (mut tally, mut full, mut solvable_64) = (Tally::default(), 0, 0);
    for (i, size) in sizes.iter().enumerate() {
        for index in [2 * i, 2 * i + 1] {
            let input = generator::sized_pair(SEED, index as u64, *size);
            let solvable = tally.check(&input, &format!("{size:?}"));
            full += u64::from(size.full_board);
            solvable_64 += u64::from(solvable && size.rows * size.cols == 64);
        }
    }
    eprintln!(
        "sized pairs: solved, solvable, unsolvable, skipped = {:?}",
        tally.0
    );
    let [solved, solvable, unsolvable, _] = tally.0;
    let drawn = 2 * sizes.len() as u64;
    assert!(tally.checked() >= drawn * 3 / 4, "{tally:?}");
    assert!(
        solvable >= drawn / 2 && solved + unsolvable >= full,
        "{tally:?}"
    );
    assert!(
        solvable_64 >= 5,
        "only {solvable_64} solvable pairs of 64 cells"
    );
}

#[test]
fn arbitrary_bytes_never_panic_the_solution() {
    // A fixed LCG over bytes that make boards, names, dots and blank lines: reproducible.
    let alphabet = b"12 3\n\nAB.. \x1a\0\xffsteps";
    let mut seed: u32 = 19;
    for _ in 0..400 {
        let input: Vec<u8> = (0..30)
            .map(|_| {
                seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                alphabet[(seed >> 24) as usize % alphabet.len()]
            })
            .collect();
        let text = String::from_utf8_lossy(&input).into_owned();
        let watch = Watch::start("huarong_goal", &text, TIME_LIMIT);
        let ran = std::panic::catch_unwind(AssertUnwindSafe(|| {
            solution::run(&input, &mut Vec::new(), false).map(|_| ())
        }));
        drop(watch);
        assert!(ran.is_ok(), "panicked on {input:?}");
    }
}

fn huarong_goal(input: impl AsRef<[u8]>) -> assert_cmd::assert::Assert {
    let mut command = Command::cargo_bin("huarong_goal").expect("binary built");
    command.write_stdin(input.as_ref().to_vec()).assert()
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_1() {
    huarong_goal("1 2\nA .\n. A .\n").code(1).stdout("").stderr(
        "huarong_goal: line 3, column 5: expected 2 cells in row 1 of 1 of the goal layout, \
         found 3\n",
    );
    let cases: [(&[u8], &str); 15] = [
        (b"", "line 1, column 1: missing the board size `m n`"),
        (b"2\n", "line 1, column 1: expected 2 numbers in the board size `m n`, found 1"),
        (b"2 2 2\n", "line 1, column 5: expected 2 numbers in the board size `m n`, found 3"),
        (b"2 x\n", "line 1, column 3: `x` is not a number"),
        (b"9 8\n", "line 1, column 1: a 9×8 board is not supported: it needs 1 to 64 cells"),
        (
            b"99999999999999999999 1\n",
            "line 1, column 1: a 99999999999999999999×1 board is not supported: it needs 1 to 64 cells",
        ),
        (b"1 2\nA .\n", "line 3, column 1: missing row 1 of 1 of the goal layout"),
        (b"2 2\nA .\n", "line 3, column 1: missing row 2 of 2 of the start layout"),
        (
            b"1 2\nA . B\n",
            "line 2, column 5: expected 2 cells in row 1 of 1 of the start layout, found 3",
        ),
        (
            b"1 2\nA .\n  A\n",
            "line 3, column 3: expected 2 cells in row 1 of 1 of the goal layout, found 1",
        ),
        (
            b"1 3\nA . B\nA A .\n",
            "line 3, column 1: block \"A\" has no block of its shape left in the start layout",
        ),
        (
            b"1 3\nA B .\n. . A\n",
            "line 2, column 3: block \"B\" has no block of its shape left in the goal layout",
        ),
        (
            b"1 3\nA B C\nA . .\n",
            "line 2, column 5: block \"C\" has no block of its shape left in the goal layout",
        ),
        (b"1 2\nA \xff\n", "line 2, column 3: byte 0xff is not UTF-8"),
        (
            b"1 2\nA .\n. A\nsteps fast\n",
            "line 4, column 7: expected only the metric, found `fast`",
        ),
    ];
    for (input, message) in cases {
        huarong_goal(input)
            .code(1)
            .stdout("")
            .stderr(format!("huarong_goal: {message}\n"));
    }
    let long = "Z".repeat(1 << 20);
    let output = huarong_goal(format!("1 2\n{long} .\n. .\n")).code(1);
    let stderr = String::from_utf8_lossy(&output.get_output().stderr).into_owned();
    let quoted = format!("\"{}…\"", "Z".repeat(40));
    let message = format!(
        "huarong_goal: line 2, column 1: block {quoted} has no block of its shape left in the goal \
         layout\n"
    );
    assert!(stderr == message, "{} bytes on stderr", stderr.len());
    let long = "B".repeat(100);
    let quoted = format!("\"{}…\"", "B".repeat(40));
    huarong_goal(format!("1 2\nA .\n{long} {long}\n"))
        .code(1)
        .stdout("")
        .stderr(format!(
            "huarong_goal: line 3, column 1: block {quoted} has no block of its shape left in the \
             start layout\n"
        ));
}

#[test]
fn text_after_the_puzzle_is_answered_with_one_warning_line() {
    let warned = "huarong_goal: warning: line 6, column 1: ignored text after the puzzle: 'END'\n";
    huarong_goal("1 2\nA .\n\n. A\nsteps\nEND of file\n")
        .success()
        .stdout("1\nA (0,0) (0,1)\n")
        .stderr(warned);
    huarong_goal("1 2\nA .\n. A\n\u{1a}\0\n")
        .success()
        .stderr("");
    let pair = "1 2\nA .\n. A\n";
    let one = "1\nA (0,0) (0,1)\n";
    huarong_goal(format!("{pair}steps\n\n\0 \u{1a}\n"))
        .success()
        .stdout(one)
        .stderr("");
    huarong_goal(format!("{pair}moves\n\n END of it\n"))
        .success()
        .stdout(one)
        .stderr("huarong_goal: warning: line 6, column 2: ignored text after the puzzle: 'END'\n");
    // A word where the metric stands must be one; so must no second metric line follow.
    let not_one = "`fast` is not a metric: expected moves, straight or steps";
    let second = "a second metric line: a puzzle has one metric";
    for (end, message) in [
        ("fast\n", format!("4, column 1: {not_one}")),
        ("moves\nsteps", format!("5, column 1: {second}")),
    ] {
        huarong_goal(format!("{pair}{end}"))
            .code(1)
            .stdout("")
            .stderr(format!("huarong_goal: line {message}\n"));
    }
}

#[test]
fn the_trace_shows_both_sides_meeting_on_the_classic_pair() {
    let mut command = Command::cargo_bin("huarong_goal").expect("binary built");
    let out = command
        .env("BFS_TRACE", "1")
        .write_stdin(CLASSIC_TO_SOLVED)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(stdout.starts_with("84\n"), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(!stderr.contains("goal side:"), "the goal side has one root");
    // The judge reads it as it reads Huarong's: both sides' layers, and where they met.
    let frontiers = parse_trace(&stderr, 0).unwrap_or_else(|e| panic!("{e}\n{stderr}"));
    let met = frontiers.met.expect("a meeting");
    assert_eq!(met.moves, 84);
    let (start, goal) = (&frontiers.start, &frontiers.goal);
    assert_eq!(
        (start.len() - 1, goal.len() - 1),
        (met.start_half, 84 - met.start_half)
    );
    assert!(start.len() > 10 && goal.len() > 10, "{start:?} {goal:?}");
    assert!(
        start[5] > start[1] && goal[5] > goal[1],
        "{start:?} {goal:?}"
    );
    assert_eq!(goal[0], 1);
    // Together the sides visit fewer positions than a plain BFS from the start does.
    let layouts = reference::parse_layouts(CLASSIC_TO_SOLVED).expect("valid");
    let plain: usize = layer_sizes(&layouts).iter().sum();
    assert!(
        frontiers.visited < plain,
        "{} against {plain}",
        frontiers.visited
    );
}

#[test]
fn the_exercise_is_the_solution_without_its_two_sided_loop() {
    let dir = std::env::temp_dir().join(format!("huarong-goal-practice-{}", std::process::id()));
    let path = dir.join("exercise.rs");
    let mut judge = Command::cargo_bin("judge").expect("judge is built");
    judge
        .args([
            "practice",
            "huarong_goal",
            path.to_str().expect("UTF-8 path"),
        ])
        .assert()
        .success();
    let exercise = std::fs::read_to_string(&path).expect("the exercise");
    let solution = std::fs::read_to_string("src/bin/huarong_goal.rs").expect("the solution");
    let _ = std::fs::remove_dir_all(&dir);
    let (begin, end) = ("// practice: begin search\n", "// practice: end search");
    let inside = |text: &str| -> (usize, usize) {
        let from = text.find(begin).expect("begin marker") + begin.len();
        (from, from + text[from..].find(end).expect("end marker"))
    };
    let (from, to) = inside(&solution);
    assert!(
        solution[from..to].contains("loop {"),
        "the loop is what is cut"
    );
    assert!(!exercise.contains(&solution[from..to]));
    assert!(exercise.contains("Invariant while the sides have not met"));
    let run = format!("judge -- huarong_goal {} --test 001", path.display());
    assert!(exercise.contains(&run), "{exercise}");
    let (e_from, e_to) = inside(&exercise);
    let restored = format!(
        "{}{}{}",
        &exercise[..e_from],
        &solution[from..to],
        &exercise[e_to..]
    );
    assert_eq!(restored, solution);
}
