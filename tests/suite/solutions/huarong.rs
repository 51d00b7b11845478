//! `huarong` as a user runs it: every answer is replayed move by move and its length compared with
//! the judge's plain BFS (judge/puzzles/huarong/reference/, no code shared with the solution), or
//! for the test files with their `.ans`, which the judge checks against that same BFS.

use super::{files, fuzz};
use assert_cmd::Command;
use slidekit::puzzles::huarong::reference::{self, Answer};

const CLASSIC: &str = "5 4\nA C C B\nA C C B\nD E E F\nD G H F\nI . . J\nC\n3 1\n";

fn huarong(input: impl AsRef<[u8]>) -> assert_cmd::assert::Assert {
    Command::cargo_bin("huarong")
        .expect("binary built")
        .write_stdin(input.as_ref().to_vec())
        .assert()
}

/// Runs the solution on `input` and replays its answer; returns the answer and the parsed puzzle.
fn solve_and_replay(input: &str) -> (Answer, reference::Puzzle) {
    let output = huarong(input)
        .success()
        .stderr("")
        .get_output()
        .stdout
        .clone();
    let puzzle = reference::parse(input).expect("test input is valid");
    let answer = reference::replay(&puzzle, &output).unwrap_or_else(|why| panic!("{why}\n{input}"));
    (answer, puzzle)
}

/// Runs the solution on `input`, replays its answer and checks it is optimal; returns the answer.
fn solve_and_check(input: &str) -> Answer {
    let (answer, puzzle) = solve_and_replay(input);
    let optimum = reference::optimum(&puzzle);
    assert_eq!(answer, optimum, "not optimal:\n{input}");
    answer
}

#[test]
fn every_test_file_is_answered_optimally_and_matches_its_ans() {
    let tests = files::test_files("huarong");
    for test in &tests {
        let expected = match test.ans.trim() {
            "unsolvable" => Answer::Unsolvable,
            k => Answer::Moves(k.parse().expect("a number")),
        };
        let input = String::from_utf8(test.input.clone()).expect("UTF-8 test input");
        // `.ans` trusted: the judge's test (tests/suite/judge/judging.rs) checks each `.ans` against this reference.
        let (answer, _) = solve_and_replay(&input);
        assert_eq!(answer, expected, "{}", test.path.display());
    }
    assert!(tests.len() >= 30, "only {} test files found", tests.len());
}

#[test]
fn the_classic_takes_81_90_and_116_by_metric() {
    assert_eq!(solve_and_check(CLASSIC), Answer::Moves(81));
    assert_eq!(
        solve_and_check(&format!("{CLASSIC}straight\n")),
        Answer::Moves(90)
    );
    assert_eq!(
        solve_and_check(&format!("{CLASSIC}steps\n")),
        Answer::Moves(116)
    );
}

#[test]
fn the_hackerrank_sample_moves_the_l_in_two() {
    let input = "3 4\nA A C .\nA B C .\nB B . .\nB\n0 1\n";
    assert_eq!(solve_and_check(input), Answer::Moves(2));
}

#[test]
fn a_solved_board_prints_zero_and_a_stuck_one_unsolvable() {
    huarong("1 2\nA .\nA\n0 0\n").success().stdout("0\n");
    huarong("1 2\nA B\nA\n0 0\n").success().stdout("0\n");
    huarong("1 2\nA B\nB\n0 0\n")
        .success()
        .stdout("unsolvable\n");
    huarong("2 2\nA B\nA .\nA\n0 1\n")
        .success()
        .stdout("unsolvable\n");
}

/// Runs bad input: exit 1, nothing on stdout, one line on stderr that is exactly `message`.
fn refused(input: impl AsRef<[u8]>, message: &str) {
    huarong(input.as_ref())
        .code(1)
        .stdout("")
        .stderr(format!("huarong: {message}\n"));
}

#[test]
fn each_kind_of_bad_input_names_its_line_and_column() {
    refused(
        "2 2\nA .\nA . B\nA\n0 0\n",
        "line 3, column 5: expected 2 cells in board row 2 of 2, found 3",
    );
    refused(
        "3 2\nA .\nA .\n",
        "line 4, column 1: missing board row 3 of 3",
    );
    refused(
        "1 2\nA .\n",
        "line 3, column 1: missing the target block's name",
    );
    refused(
        "1 2\nA .\nZ\n0 0\n",
        "line 3, column 1: target block \"Z\" is not on the board",
    );
    let wont_fit = "line 4, column 1: the target \"A\" (1×2) cannot have its top-left corner at (0,2) on a 1×3 board";
    refused("1 3\nA A .\nA\n0 2\n", wont_fit);
    refused(
        "9 8\n",
        "line 1, column 1: a 9×8 board is not supported: it needs 1 to 64 cells (8×8 at most)",
    );
    refused(
        "1 2\nA .\nA B\n0 0\n",
        "line 3, column 3: expected 1 name in the target block's name, found 2",
    );
    refused(
        "1 2\nA .\nA\n0 0\nsteps more\n",
        "line 5, column 7: expected only the metric, found `more`",
    );
    refused("one two\n", "line 1, column 1: `one` is not a number");
    refused(
        "1 2\nA .\nA\n0 1 2\n",
        "line 4, column 5: expected 2 numbers in the target's goal `r c`, found 3",
    );
    refused(
        "1 2\nA .\nA\n0 x\n",
        "line 4, column 3: `x` is not a number",
    );
    refused(
        "1 2\nA .\nA\n0 +1\n",
        "line 4, column 3: `+1` is not a number",
    );
    refused(
        "4294967296 4294967296\n",
        "line 1, column 1: a 4294967296×4294967296 board is not supported: it needs 1 to 64 cells (8×8 at most)",
    );
    refused("2 2\nA .\n", "line 3, column 1: missing board row 2 of 2");
    refused(
        "1 2\nA .\nA\n18446744073709551615 0\n",
        "line 4, column 1: the target \"A\" (1×1) cannot have its top-left corner at (18446744073709551615,0) on a 1×2 board",
    );
    refused(
        "3 3\nA . .\n. . .\n. . .\nA\n2 18446744073709551615\n",
        "line 6, column 1: the target \"A\" (1×1) cannot have its top-left corner at (2,18446744073709551615) on a 3×3 board",
    );
}

#[test]
fn invalid_utf8_is_refused_with_its_line_and_column() {
    refused(b"1 2\nA \xff\n", "line 2, column 3: byte 0xff is not UTF-8");
    // Columns count characters, as everywhere: Ä and Ö (two bytes each) are one column each, and
    // a lone 0xc3 (Ä's first byte) is not a character.
    refused(
        b"1 2\n\xc3\x84\xc3\x96 \x1a\xc3(",
        "line 2, column 5: byte 0xc3 is not UTF-8",
    );
    refused(
        b"1 2\nA .\nA\n0 1\nsteps\n\x80",
        "line 6, column 1: byte 0x80 is not UTF-8",
    );
}

#[test]
fn text_after_the_puzzle_is_answered_with_one_warning_line() {
    let answered = |input: &str, warning: &str| {
        huarong(input)
            .success()
            .stdout("1\nA (0,0) (0,1)\n")
            .stderr(warning.to_string());
    };
    let puzzle = "1 2\nA .\nA\n0 1\n";
    answered(&format!("{puzzle}steps\n\0\0\n\u{1a}"), "");
    let silent = [
        "",
        "\n\n   \t\n",
        "\u{1a}",
        "\r\n\u{1a}",
        "\0\0\0\0",
        "steps\n\n\0\u{1a}\n",
        "straight \u{1a}",
    ];
    for ending in silent {
        answered(&format!("{puzzle}{ending}"), "");
    }
    // Windows line endings and a DOS end of file glued to the last number.
    answered("1 2\r\nA .\r\nA\r\n0 1\u{1a}", "");
    let end = "huarong: warning: line 7, column 1: ignored text after the puzzle: 'END'\n";
    answered(&format!("{puzzle}steps\n\nEND of file\n"), end);
    answered(
        &format!("{puzzle}steps\nEND\n"),
        "huarong: warning: line 6, column 1: ignored text after the puzzle: 'END'\n",
    );
    // Columns count past NULs and end-of-file bytes; only the first word is quoted.
    answered(
        &format!("{puzzle}\n\0 \u{1a}  x y z\n"),
        "huarong: warning: line 6, column 6: ignored text after the puzzle: 'x' \
         (a metric would be moves, straight or steps)\n",
    );
    // A word after the metric line is text after the puzzle, even a metric's first letters.
    answered(
        &format!("{puzzle}moves\nmove\n"),
        "huarong: warning: line 6, column 1: ignored text after the puzzle: 'move'\n",
    );
}

#[test]
fn a_word_where_the_metric_stands_must_be_a_metric() {
    let puzzle = "1 2\nA .\nA\n0 1\n";
    let not_one =
        |word: &str| format!("`{word}` is not a metric: expected moves, straight or steps");
    for word in ["fast", "Steps", "STEPS", "move"] {
        refused(
            format!("{puzzle}{word}\n"),
            &format!("line 5, column 1: {}", not_one(word)),
        );
    }
    let long = "x".repeat(1 << 20);
    let clipped = not_one(&format!("{}…", "x".repeat(40)));
    refused(
        format!("{puzzle}\n {long}"),
        &format!("line 6, column 2: {clipped}"),
    );
    for second in ["moves", "steps"] {
        refused(
            format!("{puzzle}steps\n\n{second}\n"),
            "line 7, column 1: a second metric line: a puzzle has one metric",
        );
    }
}

#[test]
fn a_20_mib_token_is_quoted_in_40_characters() {
    let name = "B".repeat(20 << 20);
    let output = huarong(format!("1 2\nA .\n{name}\n0 1\n")).code(1);
    let stderr = String::from_utf8_lossy(&output.get_output().stderr).into_owned();
    let quoted = format!("\"{}…\"", "B".repeat(40));
    let message = format!("huarong: line 3, column 1: target block {quoted} is not on the board\n");
    assert!(stderr == message, "{} bytes on stderr", stderr.len());
    // A mebibyte-long name in another message, and a mebibyte-long number, are clipped alike.
    let token = "N".repeat(1 << 20);
    let clipped = "N".repeat(40);
    let quoted_refusal = |input: String, message: String| {
        let output = huarong(&input).code(1).stdout("");
        let stderr = String::from_utf8_lossy(&output.get_output().stderr).into_owned();
        assert!(stderr == message, "{} bytes on stderr", stderr.len());
    };
    quoted_refusal(
        format!("1 2\n{token} .\n{token}\n0 2\n"),
        format!(
            "huarong: line 4, column 1: the target \"{clipped}…\" (1×1) cannot have its top-left \
             corner at (0,2) on a 1×2 board\n"
        ),
    );
    quoted_refusal(
        format!("1 {token}\n"),
        format!("huarong: line 1, column 3: `{clipped}…` is not a number\n"),
    );
}

#[test]
fn arbitrary_bytes_never_panic() {
    fuzz::assert_never_panics("huarong", b"12 3\nAB. \n0x\xff", 40, 30);
}

/// Runs with `BFS_TRACE=1` and returns stderr.
fn trace(input: &str) -> String {
    let mut command = Command::cargo_bin("huarong").expect("binary built");
    let out = command
        .env("BFS_TRACE", "1")
        .write_stdin(input)
        .assert()
        .success();
    String::from_utf8_lossy(&out.get_output().stderr).into_owned()
}

#[test]
fn trace_reports_layers_and_the_meeting_on_stderr() {
    // The classic: the goal side would never be the smaller frontier, so it is never built; each
    // time the start frontier doubles, the trace says that the goal side was weighed and waits.
    let stderr = trace(CLASSIC);
    assert!(
        stderr
            .starts_with("goal side: more than 1 arrangements; it waits\nstart depth 1: frontier "),
        "{stderr}"
    );
    assert!(!stderr.contains("with the target at its goal"), "{stderr}");
    let waits = stderr.lines().filter(|l| l.ends_with("; it waits")).count();
    assert!((5..40).contains(&waits), "{waits} waits in\n{stderr}");
    assert!(
        stderr
            .trim_end()
            .ends_with("met at 81 moves (start 81 + goal 0)"),
        "{stderr}"
    );
    // The sample: only two arrangements have the L at its goal, so the goal side is built and searched.
    let stderr = trace("3 4\nA A C .\nA B C .\nB B . .\nB\n0 1\n");
    assert!(
        stderr.contains("goal side: 2 arrangements with the target at its goal"),
        "{stderr}"
    );
    assert!(
        stderr
            .trim_end()
            .ends_with("met at 2 moves (start 1 + goal 1)"),
        "{stderr}"
    );
}

/// A sparse 6×6 board under `steps`: 60 million positions, about 1 GB at 18 bytes each.
const TOO_BIG: &str = "6 6\nA A B . C C\nA A B . . .\nD . E E . F\nD . . . . F\nG H . I . .\n. . . I J J\nA\n4 4\nsteps\n";

#[test]
fn a_puzzle_too_large_for_memory_fails_loudly() {
    // An address-space cap of 8 MiB (as a judge's memory limit) runs out in under a second: the
    // program starts in about 4 MiB, and a debug build took 2.2 s to fill the 16 MiB used before.
    let binary = assert_cmd::cargo::cargo_bin("huarong");
    let script = format!("ulimit -v 8192; exec '{}'", binary.display());
    let output = std::process::Command::new("sh")
        .args(["-c", &script])
        .env("BFS_TRACE", "1") // the layers on stderr show that the search had begun
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(TOO_BIG.as_bytes())?;
            child.wait_with_output()
        })
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(output.stdout.is_empty(), "an answer was printed");
    assert!(stderr.contains("memory allocation of"), "{stderr}");
    assert!(
        stderr.contains("start depth 1:"),
        "memory ran out before the search began: {stderr}"
    );
}

/// CodeAbbey's "Klotski" example as its task page gives it (task 215): two puzzles, 17 and 81.
const CODEABBEY: &str = "2\nfield 4 by 5 ; move B to 1 : 3\nABBC\nDBBE\nFGHI\nFJKI\nL..M\n\
                         field 5 by 4 ; move B to 3 : 1\nAADDI\nBBEG.\nBBEH.\nCCFFJ\n";

#[test]
fn codeabbey_s_two_examples_take_17_and_81() {
    huarong(CODEABBEY).success().stdout("17 81\n").stderr("");
}

#[test]
fn codeabbey_goals_name_the_top_row_s_leftmost_cell() {
    // A's top row is its cell at column 1; its bounding box starts at column 0. The goal puts that
    // cell at column 2: the box one to the right, one move. Column 0 would put the box off the board.
    huarong("1\nfield 3 by 2 ; move A to 2 : 0\n.A.\nAA.\n")
        .success()
        .stdout("1\n");
    refused(
        "1\nfield 3 by 2 ; move A to 0 : 0\n.A.\nAA.\n",
        "line 2, column 26: the target would stick out on the left",
    );
}

#[test]
fn codeabbey_bad_input_names_its_line_and_column() {
    refused(
        "1\nfield 4 by 5 ; move B at 1 : 3\n",
        "line 2, column 23: expected `to`, found `at`",
    );
    refused(
        "1\nfield 4 by 2 ; move B to 1 : 0\nABBC\nABB\n",
        "line 4, column 1: `ABB` is not a row of 4 letters",
    );
    refused(
        "1\nfield 2 by 1 ; move Z to 0 : 0\nA.\n",
        "line 2, column 21: target block \"Z\" is not on the board",
    );
    refused(
        "1\nfield 9 by 8 ; move A to 0 : 0\n",
        "line 2, column 7: a 8×9 board is not supported: it needs 1 to 64 cells (8×8 at most)",
    );
    refused(
        "x\nfield 2 by 1 ; move A to 0 : 0\nA.\n",
        "line 1, column 1: `x` is not a number",
    );
}

#[test]
fn codeabbey_counts_before_a_bad_puzzle_are_kept() {
    let second_bad = CODEABBEY.replace("move B to 3 : 1", "move B to 3 1");
    huarong(second_bad).code(1).stdout("17\n").stderr(
        "huarong: line 8, column 1: expected 11 words in puzzle 2 of 2: \
         `field W by H ; move B to X : Y`, found 10\n",
    );
}

#[test]
fn codeabbey_end_of_input_is_lenient() {
    let input = "1\nfield 2 by 1 ; move A to 1 : 0\nA.\n\n\x1a\0";
    huarong(input).success().stdout("1\n").stderr("");
    huarong(format!("{input}\nmore\n"))
        .success()
        .stdout("1\n")
        .stderr("huarong: warning: line 6, column 1: ignored text after the puzzle: 'more'\n");
}

#[test]
fn a_block_named_field_keeps_hackerrank_s_form() {
    // The second line starts with `field`, but the first holds two numbers: HackerRank's form.
    huarong("1 2\nfield .\nfield\n0 1\n")
        .success()
        .stdout("1\nfield (0,0) (0,1)\n");
}
