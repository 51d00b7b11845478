//! `eight` as a user runs it: every answer is replayed and its length compared with a plain BFS.

use super::{files, fuzz};
use assert_cmd::Command;
use predicates::prelude::*;
use slidekit::puzzles::eight::reference::{
    apply, parse_boards, parse_luogu, Board, Distances, GOAL, LUOGU_GOAL,
};
use std::sync::OnceLock;

fn distances() -> &'static Distances {
    static DISTANCES: OnceLock<Distances> = OnceLock::new();
    DISTANCES.get_or_init(|| Distances::to(GOAL))
}

/// The distances to Luogu P1379's goal, `1 2 3 / 8 0 4 / 7 6 5`.
fn luogu_distances() -> &'static Distances {
    static DISTANCES: OnceLock<Distances> = OnceLock::new();
    DISTANCES.get_or_init(|| Distances::to(LUOGU_GOAL))
}

/// Runs `eight` on a Luogu-format `input` and checks that each line is its board's distance.
fn count_and_check(input: &[u8]) -> Vec<u64> {
    let counts = counted_against(input, luogu_distances());
    let reached = counts
        .into_iter()
        .map(|c| c.expect("P1379's boards reach the goal"));
    reached.collect()
}

/// Runs `eight` on an `input` of `0` boards and checks each line against the board's distance in
/// `distances`, or `-1` where it has none; returns the counts (`None`: `-1`).
fn counted_against(input: &[u8], distances: &Distances) -> Vec<Option<u64>> {
    let output = eight(input)
        .success()
        .stderr("")
        .get_output()
        .stdout
        .clone();
    let output = String::from_utf8(output).expect("ASCII output");
    let boards = parse_luogu(input).expect("test input is valid");
    let count = |line: &str| (line != "-1").then(|| line.parse().expect("a count or -1"));
    let counts: Vec<Option<u64>> = output.lines().map(count).collect();
    let optima: Vec<Option<u64>> = (boards.iter())
        .map(|b| distances.get(b).map(u64::from))
        .collect();
    assert_eq!(counts, optima, "one optimal count a board");
    counts
}

fn eight(input: &[u8]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("eight")
        .expect("binary built")
        .write_stdin(input)
        .assert()
}

/// Runs `eight` on `input` and checks every answer line; returns the answers' lengths (`None`: unsolvable).
fn solve_and_check(input: &[u8]) -> Vec<Option<usize>> {
    let output = eight(input)
        .success()
        .stderr("")
        .get_output()
        .stdout
        .clone();
    let output = String::from_utf8(output).expect("ASCII output");
    let boards = parse_boards(input).expect("test input is valid");
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), boards.len(), "one line per case");
    boards
        .iter()
        .zip(&lines)
        .enumerate()
        .map(|(i, (board, line))| check(i + 1, board, line))
        .collect()
}

fn check(case: usize, board: &Board, line: &str) -> Option<usize> {
    let Some(optimum) = distances().get(board) else {
        assert_eq!(line, "unsolvable", "case {case}");
        return None;
    };
    let end = line.bytes().try_fold(*board, |b, letter| apply(&b, letter));
    assert_eq!(
        end,
        Some(GOAL),
        "case {case}: '{line}' does not solve the board"
    );
    assert_eq!(line.len(), optimum as usize, "case {case}: not optimal");
    Some(line.len())
}

/// All 9! arrangements of the nine cells, in lexicographic order.
fn all_boards() -> Vec<Board> {
    let mut boards = Vec::new();
    let mut board = *b"12345678x";
    loop {
        boards.push(board);
        // Next permutation: the classic step (rightmost ascent, swap with the next larger, reverse the tail).
        let Some(i) = (0..8).rev().find(|&i| board[i] < board[i + 1]) else {
            return boards;
        };
        let j = (i + 1..9).rev().find(|&j| board[j] > board[i]).unwrap_or(i);
        board.swap(i, j);
        board[i + 1..].reverse();
    }
}

/// Expected lengths from an `.ans` file: a number or `unsolvable` per line.
fn read_ans(text: &str) -> Vec<Option<usize>> {
    text.lines().map(|l| l.trim().parse().ok()).collect()
}

#[test]
fn every_test_file_is_answered_optimally_and_matches_its_ans() {
    let tests = files::test_files("eight");
    for test in &tests {
        let expected = read_ans(&test.ans);
        assert_eq!(
            solve_and_check(&test.input),
            expected,
            "{}",
            test.path.display()
        );
    }
    assert!(tests.len() >= 9, "only {} test files found", tests.len());
}

#[test]
fn luogus_tests_are_counted_as_their_ans_says() {
    let tests = files::test_files("eight_luogu");
    for test in &tests {
        let expected: Vec<u64> = test
            .ans
            .lines()
            .map(|l| l.parse().expect("a number"))
            .collect();
        assert_eq!(
            count_and_check(&test.input),
            expected,
            "{}",
            test.path.display()
        );
    }
    assert!(tests.len() >= 8, "only {} test files found", tests.len());
}

/// Every distance from 0 to 30, many boards of each, in one run of P1379's format (the solution
/// answers several boards as it does POJ's): each count is the reference's.
#[test]
fn luogu_boards_at_every_distance_are_counted_optimally() {
    let mut input = Vec::new();
    for layer in luogu_distances().layers() {
        for board in layer.iter().step_by((layer.len() / 80).max(1)).take(80) {
            let digits = board.map(|c| if c == b'x' { b'0' } else { c });
            input.extend_from_slice(&digits);
            input.push(b'\n');
        }
    }
    let counts = count_and_check(&input);
    assert_eq!(counts.iter().max(), Some(&30));
    // Over 2,000 boards: the solution answers from its table of next slots, as on a long input.
    assert!(counts.len() > 2000, "{} boards", counts.len());
}

#[test]
fn baekjoons_tests_are_counted_as_their_ans_says() {
    let tests = files::test_files("eight_boj");
    for test in &tests {
        let expected: Vec<Option<u64>> = (test.ans.lines())
            .map(|l| (l != "unsolvable").then(|| l.parse().expect("a number or unsolvable")))
            .collect();
        let counts = counted_against(&test.input, distances());
        assert_eq!(counts, expected, "{}", test.path.display());
    }
    assert!(tests.len() >= 9, "only {} test files found", tests.len());
}

/// 3,000 random boards in one run, each written as Baekjoon writes it (three lines of three
/// numbers) or, one in three, as a square of digits: every count or `-1` is the reference's.
#[test]
fn random_baekjoon_boards_are_counted_or_refused() {
    let mut seed: u64 = 0xb01525;
    let mut input = String::new();
    for n in 0..3000 {
        let mut board = *b"123456780";
        for i in (1..9).rev() {
            seed ^= seed << 13; // xorshift64, as for POJ's boards below
            seed ^= seed >> 7;
            seed ^= seed << 17;
            board.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        let gap = if n % 3 == 2 { "" } else { " " };
        for row in board.chunks(3) {
            let cells: Vec<String> = row.iter().map(|&c| char::from(c).to_string()).collect();
            input += &(cells.join(gap) + "\n");
        }
    }
    let counts = counted_against(input.as_bytes(), distances());
    assert_eq!(counts.len(), 3000);
    let refused = counts.iter().filter(|c| c.is_none()).count();
    assert!(
        (1200..1800).contains(&refused),
        "{refused} of 3000 answered -1"
    );
    let farthest = counts.iter().flatten().max();
    assert!(farthest >= Some(&28), "deep searches too: {farthest:?}");
}

#[test]
fn arbitrary_zero_boards_never_panic() {
    fuzz::assert_never_panics("eight", b"012345678 \n", 30, 40);
}

#[test]
fn both_31_move_boards_are_solved_in_31() {
    let lengths = solve_and_check(b"8 6 7 2 5 4 3 x 1\n6 4 7 8 5 x 3 2 1\n");
    assert_eq!(lengths, [Some(31), Some(31)]);
}

#[test]
fn five_thousand_random_boards_in_one_run_are_all_optimal() {
    let mut seed: u64 = 0x5eed;
    let mut input = Vec::new();
    for _ in 0..5000 {
        let mut board = GOAL;
        for i in (1..9).rev() {
            // xorshift64: enough randomness for shuffling, and reproducible
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            board.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        input.extend_from_slice(&board);
        input.push(b'\n');
    }
    let lengths = solve_and_check(&input);
    let unsolvable = lengths.iter().filter(|l| l.is_none()).count();
    assert!(
        (2000..3000).contains(&unsolvable),
        "{unsolvable} unsolvable: the shuffle is biased"
    );
}

#[test]
fn empty_input_prints_nothing() {
    eight(b"").success().stdout("").stderr("");
    eight(b" \n\t\r\n").success().stdout("").stderr("");
}

#[test]
fn a_bad_cell_is_reported_with_its_case_after_earlier_answers() {
    let out = eight(b"1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 7 8 z\n12345678x\n")
        .code(1)
        .stderr("eight: case 2, line 2, column 17: 'z' is not a cell; expected 1-8 or x\n");
    out.stdout("r\n");
    // Cases are counted by board, not by line; a solved board's answer is an empty line.
    eight(b"12345678x\n1234567x8 12345y78x")
        .code(1)
        .stdout("\nr\n")
        .stderr("eight: case 3, line 2, column 16: 'y' is not a cell; expected 1-8 or x\n");
    // A character that is no cell is quoted by its first byte.
    eight("\u{e9}".as_bytes())
        .code(1)
        .stdout("")
        .stderr("eight: case 1, line 1, column 1: '\\xc3' is not a cell; expected 1-8 or x\n");
}

#[test]
fn a_repeated_tile_and_a_short_last_case_are_errors() {
    eight(b"1 2 3 4 5 6 7 7 x").code(1).stdout("").stderr(
        predicate::str::contains("case 1").and(predicate::str::contains("'7' appears twice")),
    );
    eight(b"12345678x\n1 2 3")
        .code(1)
        .stdout("\n")
        .stderr(
            predicate::str::contains("case 2").and(predicate::str::contains(
                "input ends after 3 of the 9 cells",
            )),
        );
}

#[test]
fn what_judges_data_carries_after_the_last_board_ends_in_exit_0() {
    // A DOS end-of-file byte, NULs and blank lines: nothing to say.
    eight(b"1234567x8\n\x1a").success().stdout("r\n").stderr("");
    eight(b"1234567x8\n\n\x00\x00\r\n")
        .success()
        .stdout("r\n")
        .stderr("");
    eight(b"12345678x\n1234567x8\n\n\x1a\x00\r\n")
        .success()
        .stdout("\nr\n")
        .stderr("");
    // Text that cannot be a board: the answers, then a warning that quotes at most 40 characters.
    let note = format!("1234567x8\n{}\n", "#".repeat(500));
    let warning = format!(
        "eight: warning: line 2: ignored text after the last board: '{}…'\n",
        "#".repeat(40)
    );
    eight(note.as_bytes())
        .success()
        .stdout("r\n")
        .stderr(warning);
    eight(b"12345678x\nEND OF DATA\n")
        .success()
        .stdout("\n")
        .stderr("eight: warning: line 2: ignored text after the last board: 'END OF DATA'\n");
    let long = format!("12345678x {}", "z".repeat(100_000));
    let warning = format!(
        "eight: warning: line 1: ignored text after the last board: '{}…'\n",
        "z".repeat(40)
    );
    eight(long.as_bytes())
        .success()
        .stdout("\n")
        .stderr(warning);
    // A byte that is no text at all is an error at its place, after the answers before it.
    eight(b"1234567x8\n\xff")
        .code(1)
        .stdout("r\n")
        .stderr("eight: case 2, line 2, column 1: the input is not valid UTF-8\n");
    eight(b"12345678x\n\n  \xff")
        .code(1)
        .stdout("\n")
        .stderr("eight: case 2, line 3, column 3: the input is not valid UTF-8\n");
    // Inside a board, or before the first, the rules stay strict.
    eight(b"1234\x005678x")
        .code(1)
        .stdout("")
        .stderr("eight: case 1, line 1, column 5: '\\x00' is not a cell; expected 1-8 or x\n");
    eight(b"END")
        .code(1)
        .stdout("")
        .stderr("eight: case 1, line 1, column 1: 'E' is not a cell; expected 1-8 or x\n");
}

#[test]
fn arbitrary_bytes_never_panic() {
    fuzz::assert_never_panics("eight", b"12345678x \n\xff", 50, 40);
}

#[test]
fn trace_reports_layers_and_the_meeting_depth_on_stderr() {
    let out = Command::cargo_bin("eight")
        .expect("binary built")
        .env("BFS_TRACE", "1")
        .write_stdin("8 6 7 2 5 4 3 x 1")
        .assert()
        .success();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).expect("ASCII");
    assert!(
        stderr.contains("case 1: start depth 1: frontier 3, visited 4"),
        "{stderr}"
    );
    assert!(stderr.contains("case 1: goal depth 1:"), "{stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("case 1: met at 31 moves (start 15 + goal 16), visited "),
        "{stderr}"
    );
}

#[test]
#[ignore = "all 181,440 boards: run by problems/eight/bench.py, or with --ignored"]
fn every_solvable_board_is_answered_optimally() {
    let mut input = Vec::new();
    for board in all_boards().iter().filter(|b| distances().get(b).is_some()) {
        input.extend_from_slice(board);
        input.push(b'\n');
    }
    assert_eq!(solve_and_check(&input).len(), 181_440);
}
