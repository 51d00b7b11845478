//! `noip_huarong` as a user runs it: every answer compared with the judge's plain BFS over (piece,
//! empty) positions, on the problem's tests and on generated boards (judge/puzzles/noip_huarong/boards.rs):
//! hundreds of random ones, every strip from 1×1 to 1×30 and 30×1, and the largest, 30×30, open or
//! mostly fixed. Generated boards call the solution in this process, through its `run` (the file is
//! included below, so its own unit tests run here too); what `main` adds, the exit status and
//! stderr, is tested on the binary. The long run takes its size and seed from the environment:
//!
//! ```text
//! NOIP_RANDOM_GAMES=20000 NOIP_RANDOM_SEED=7 \
//!     cargo test --release --test suite -- --ignored many_random_boards --nocapture
//! ```

use super::fuzz;
use super::watch::Watch;
use assert_cmd::Command;
use predicates::prelude::*;
use slidekit::model::optimum::Optimum;
use slidekit::puzzles::noip_huarong::boards;
use slidekit::puzzles::noip_huarong::reference;
use slidekit::puzzles::rng::Rng;
use std::panic::{self, AssertUnwindSafe};
use std::time::Duration;

#[allow(dead_code)] // its `main`
#[path = "../../../src/bin/noip_huarong.rs"]
mod solution;

const SEED: u64 = 1979;
/// Random games in every `cargo test`: small boards, where every kind of query turns up.
const SMALL_GAMES: u64 = 300;
/// Boards up to 30×30, fewer queries.
const LARGE_GAMES: u64 = 20;
/// A debug build answers an open 30×30 board in a tenth of a second; this only stops a hang.
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// The solution as a process, as a judge runs it: for what `main` adds (exit status, stderr).
fn noip(input: impl AsRef<[u8]>) -> assert_cmd::assert::Assert {
    Command::cargo_bin("noip_huarong")
        .expect("binary built")
        .write_stdin(input.as_ref().to_vec())
        .assert()
}

/// The answers of the solution's `run`, called as `main` calls it (`main` adds only the reading,
/// the flush and the exit status), watched: a hang ends the test binary after `TIME_LIMIT`, naming
/// the input. A warning, an error or a panic fails the test, naming the input too.
fn run_here(input: &str) -> String {
    let watch = Watch::start("noip_huarong", input, TIME_LIMIT);
    let mut out = Vec::new();
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        solution::run(input.as_bytes(), &mut out, false)
    }));
    drop(watch);
    match result {
        Ok(Ok(None)) => String::from_utf8(out).expect("text"),
        Ok(Ok(Some(ignored))) => panic!("warned {ignored} on:\n{input}"),
        Ok(Err(failure)) => panic!("{failure:?} on:\n{input}"),
        Err(_) => panic!("the solution panicked on:\n{input}"),
    }
}

/// Answers counted by kind: 0, a number of moves, -1.
type Kinds = [u64; 3];

fn add(total: &mut Kinds, found: Kinds) {
    for (total, n) in total.iter_mut().zip(found) {
        *total += n;
    }
}

/// Runs the solution on `input` and compares every answer with the reference's optimum.
fn check(input: &str) -> Kinds {
    let output = run_here(input);
    let game = reference::parse(input).expect("valid input");
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(
        lines.len(),
        game.queries.len(),
        "one line a query:\n{input}"
    );
    let mut kinds = [0; 3];
    for (k, (query, line)) in game.queries.iter().zip(lines).enumerate() {
        let optimum = reference::optimum(&game, query);
        let (expected, kind) = match optimum {
            Optimum::Moves(0) => ("0".to_string(), 0),
            Optimum::Moves(n) => (n.to_string(), 1),
            Optimum::Unsolvable => ("-1".to_string(), 2),
        };
        assert_eq!(line, expected, "query {}:\n{input}", k + 1);
        kinds[kind] += 1;
    }
    kinds
}

fn check_stream(seed: u64, games: u64, side: usize, queries: usize) -> Kinds {
    let mut kinds = [0; 3];
    for index in 0..games {
        add(&mut kinds, check(&boards::game(seed, index, side, queries)));
    }
    kinds
}

/// The problem's tests against their `.ans`, which the judge checks against the reference on every
/// run (tests/suite/judge/judging.rs judges every problem): the two 500-query boards cost seconds of plain BFS.
#[test]
fn the_problems_tests_are_answered_as_their_ans_says() {
    let mut inputs: Vec<_> = std::fs::read_dir("problems/noip_huarong/tests")
        .expect("tests")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(
        inputs.len() >= 8,
        "the sample, the edge cases and two 30×30 boards"
    );
    for input in inputs {
        let ans = std::fs::read_to_string(input.with_extension("ans")).expect(".ans");
        let expected: String = ans
            .lines()
            .map(|l| {
                if l == "unsolvable" {
                    "-1\n".into()
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        let text = std::fs::read_to_string(&input).expect(".in");
        noip(&text).success().stdout(expected);
    }
}

#[test]
fn random_small_boards_are_answered_as_the_reference_says() {
    let [zero, moves, none] = check_stream(SEED, SMALL_GAMES, 6, 8);
    // Every kind of answer came up often: the stream tests what it claims to.
    assert!(
        zero > 100 && moves > 500 && none > 500,
        "{zero} {moves} {none}"
    );
}

#[test]
fn random_large_boards_are_answered_as_the_reference_says() {
    let [_, moves, _] = check_stream(SEED + 1, LARGE_GAMES, 30, 5);
    assert!(moves > 30, "{moves}");
}

/// Every strip, 1×N and N×1 for N from 1 to 30, open or with a quarter of its cells fixed: the
/// empty cell never gets round the piece, so the piece moves only toward it. A 1×1 board, or a
/// strip with one movable cell, has no query (`q` is 0).
#[test]
fn every_strip_up_to_30_cells_is_answered_as_the_reference_says() {
    let mut kinds = [0; 3];
    let mut index = 0;
    for n in 1..=30 {
        for size in [(1, n), (n, 1)] {
            for fixed in [0, 25] {
                add(
                    &mut kinds,
                    check(&sized_game(SEED + 2, index, size, fixed, 8)),
                );
                index += 1;
            }
        }
    }
    let [zero, moves, none] = kinds;
    assert!(
        zero > 100 && moves > 50 && none > 400,
        "{zero} {moves} {none}"
    );
}

/// The largest board, 30×30: open (all 900 cells movable), where the walks between sides are
/// longest, with 3 queries (each board's walk table costs most here, and the reference's plain
/// search too); and mostly fixed, with a tenth, a fifth or a third of its cells movable and joined,
/// or three quarters fixed at random (islands: mostly -1), with 10.
#[test]
fn the_largest_boards_are_answered_as_the_reference_says() {
    let seed = SEED + 3;
    let mut open = [0; 3];
    for index in 0..2 {
        add(&mut open, check(&sized_game(seed, index, (30, 30), 0, 3)));
    }
    let [_, moves, none] = open;
    assert_eq!(none, 0, "on an open board every cell can be reached");
    assert!(moves >= 4, "{open:?}");
    let mut fixed = [0; 3];
    for (index, share) in [10, 10, 20, 20, 33, 33].into_iter().enumerate() {
        let input = boards::carved_game(seed, 2 + index as u64, (30, 30), share, 10);
        add(&mut fixed, check(&input));
    }
    for index in 8..10 {
        add(
            &mut fixed,
            check(&sized_game(seed, index, (30, 30), 75, 10)),
        );
    }
    let [zero, moves, none] = fixed;
    assert!(
        zero >= 4 && moves >= 20 && none >= 20,
        "{zero} {moves} {none}"
    );
}

#[test]
#[ignore = "long: set NOIP_RANDOM_GAMES and NOIP_RANDOM_SEED"]
fn many_random_boards_from_the_environment() {
    let number = |name: &str, default: u64| {
        std::env::var(name).map_or(default, |v| v.parse().expect("a number"))
    };
    let (games, seed) = (
        number("NOIP_RANDOM_GAMES", 5000),
        number("NOIP_RANDOM_SEED", SEED),
    );
    let kinds = check_stream(seed, games, 12, 10);
    println!("seed {seed}: {games} games, answers 0 / moves / -1: {kinds:?}");
}

/// The README's figures: `cargo test --release --test suite -- --ignored plain --nocapture`.
/// The plain BFS's positions and time on the open 30×30 board's 500 queries; the solution's own
/// (`BFS_TRACE=1`) come from the command in problems/noip_huarong/README.md.
#[test]
#[ignore = "a measurement: run it in release"]
fn plain_bfs_on_the_open_30x30_board() {
    let input =
        std::fs::read_to_string("problems/noip_huarong/tests/008-open-30x30-500-queries.in")
            .expect("the test");
    let game = reference::parse(&input).expect("valid");
    let started = std::time::Instant::now();
    let reached: usize = game
        .queries
        .iter()
        .map(|q| reference::search(&game, q).1)
        .sum();
    let seconds = started.elapsed().as_secs_f64();
    let queries = game.queries.len();
    println!(
        "plain BFS: {reached} positions over {queries} queries ({} a query), {seconds:.2} s",
        reached / queries
    );
}

#[test]
fn bad_input_is_one_line_naming_where_after_earlier_answers() {
    noip("1 3 2\n1 1 1\n1 1 1 2 1 3\n1 1 1 1 1 3\n")
        .code(1)
        .stdout("-1\n")
        .stderr(
            "noip_huarong: line 4, column 5: query 2: the empty cell and the chosen piece are the \
             same cell\n",
        );
    noip("31 2 1\n")
        .code(1)
        .stderr(predicate::str::contains("line 1, column 1: n is `31`"));
    noip("1 2 1\n1 1\n1 1 1 2 1 9\n")
        .code(1)
        .stderr(predicate::str::contains("query 1's target column is `9`"));
    let refused = [
        (
            "2 2 1\n1 1\n1 x\n",
            "line 3, column 3: cell (2,2) is `x`, expected a whole number from 0 to 1",
        ),
        (
            "1 2 1\n1 0\n1 2 1 1 1 1\n",
            "line 3, column 1: query 1: the empty cell is on a fixed piece",
        ),
        (
            "1 1 1\n1\n",
            "line 2: the input ends before query 1's empty cell row",
        ),
    ];
    for (input, message) in refused {
        noip(input)
            .code(1)
            .stdout("")
            .stderr(format!("noip_huarong: {message}\n"));
    }
}

const SAMPLE: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";

#[test]
fn blanks_eof_bytes_and_nuls_after_the_last_query_are_ignored() {
    let tails = [
        "\n\n  \r\n\t\n",
        "\x1a",
        "\r\n\x1a",
        "\0",
        "\0\0\n\x1a\0",
        "\r\n\n  \t\n\x1a",
    ];
    for tail in tails {
        noip(format!("{SAMPLE}{tail}"))
            .success()
            .stdout("2\n-1\n")
            .stderr("");
    }
    // Glued to the last number, as an editor that ends a file with 0x1A may leave it.
    let glued = SAMPLE.trim_end().to_string() + "\x1a";
    noip(&glued).success().stdout("2\n-1\n").stderr("");
    noip("1 2 1\n1 1\n1 1 1 2 1 1\0\x1a\0")
        .success()
        .stdout("1\n")
        .stderr("");
}

#[test]
fn text_after_the_last_query_gets_a_warning_not_an_error() {
    noip(format!("{SAMPLE}\n7\n"))
        .success()
        .stdout("2\n-1\n")
        .stderr(
            "noip_huarong: warning: line 8, column 1: ignored text after the last query: `7`\n",
        );
    noip(format!("{SAMPLE}1 2 2 2 3 2\n"))
        .success()
        .stdout("2\n-1\n")
        .stderr(predicate::str::contains("warning: line 7, column 1"));
    // A byte that is not UTF-8 after the ignored word is ignored with it.
    noip([SAMPLE.as_bytes(), b"\n7 \xff\n"].concat())
        .success()
        .stdout("2\n-1\n")
        .stderr(
            "noip_huarong: warning: line 8, column 1: ignored text after the last query: `7`\n",
        );
    // Control characters and bytes that are no text are escaped in the quote.
    noip(b"1 2 0\n1 1\n\x1b[2J\xff\n")
        .success()
        .stdout("")
        .stderr(
            "noip_huarong: warning: line 3, column 1: ignored text after the last query: \
             `\\u{1b}[2J\\xFF`\n",
        );
}

#[test]
fn a_byte_that_is_not_utf8_is_an_error_after_earlier_answers() {
    let mut input = SAMPLE.as_bytes().to_vec();
    input.splice(input.len() - 2..input.len() - 1, [0xC3, 0x28]); // a lead byte with no follower
    noip(input).code(1).stdout("2\n").stderr(
        "noip_huarong: line 6, column 11: query 2's target column is not text: byte 0xC3 is not \
         UTF-8\n",
    );
    // An ideographic space (U+3000, three bytes) is whitespace and one column.
    let input = b"1 3 2\n1 1 1\n1 1 1 2 1 3\n1 3 1\xe3\x80\x80\xff2 1 1\n1 1 1 2 1 3\n";
    noip(input).code(1).stdout("-1\n").stderr(
        "noip_huarong: line 4, column 7: query 2's piece column is not text: byte 0xFF is not \
         UTF-8\n",
    );
}

#[test]
fn a_huge_word_is_quoted_in_forty_characters() {
    let huge = "9".repeat(1 << 20); // a mebibyte: stderr would copy it whole
    noip(format!("{SAMPLE}{huge}"))
        .success()
        .stdout("2\n-1\n")
        .stderr(format!(
            "noip_huarong: warning: line 7, column 1: ignored text after the last query: `{}…`\n",
            "9".repeat(40)
        ));
    let query = format!("1 2 2\n1 1\n1 1 1 2 1 1\n1 1 1 2 {huge} 1\n");
    noip(&query).code(1).stdout("1\n").stderr(format!(
        "noip_huarong: line 4, column 9: query 2's target row is `{}…`, expected a whole number \
         from 1 to 1\n",
        "9".repeat(40)
    ));
    let header = format!("1 1 {huge}\n");
    noip(&header).code(1).stdout("").stderr(format!(
        "noip_huarong: line 1, column 5: q is `{}…`, expected a whole number from 0 to 500\n",
        "9".repeat(40)
    ));
    // Forty characters, not bytes: a two-byte é is one; and forty are not cut.
    let long = format!(
        "1 2 1\n1 1\n1 1 1 2 1 1\n{}é{}\n",
        "x".repeat(39),
        "y".repeat(1000)
    );
    noip(&long).success().stdout("1\n").stderr(format!(
        "noip_huarong: warning: line 4, column 1: ignored text after the last query: `{}é…`\n",
        "x".repeat(39)
    ));
    let forty = "7".repeat(40);
    noip(format!("{SAMPLE}{forty}"))
        .success()
        .stdout("2\n-1\n")
        .stderr(format!(
            "noip_huarong: warning: line 7, column 1: ignored text after the last query: `{forty}`\n"
        ));
}

#[test]
fn random_bytes_never_make_it_panic() {
    fuzz::assert_never_panics("noip_huarong", b"0123 \n-x", 60, 40);
}

/// Game number `index` of the stream `seed` on a `rows` × `cols` board (each 1 to 30) where each
/// cell is fixed with a chance of `fixed` percent, with `queries` queries as `queries_on` draws
/// them; none when fewer than two cells are movable.
fn sized_game(
    seed: u64,
    index: u64,
    (rows, cols): (usize, usize),
    fixed: usize,
    queries: usize,
) -> String {
    let mut rng = Rng::for_input(seed, index);
    let (rows, cols) = (rows.clamp(1, 30), cols.clamp(1, 30));
    let open: Vec<bool> = (0..rows * cols).map(|_| !rng.percent(fixed)).collect();
    boards::queries_on(&mut rng, cols, &open, queries)
}
