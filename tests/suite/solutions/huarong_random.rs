//! `huarong` against the judge's reference on thousands of random puzzles (from
//! judge/puzzles/huarong/layouts.rs, which `judge stress` draws from too): every answer is replayed
//! move by move and its length compared with the reference's optimum. The solution is called in this
//! process, through the `run` it has for that (a process a puzzle would cost more than the solving);
//! `src/bin/huarong.rs` is the very file that is pasted. The default run checks a fixed stream in a
//! few seconds; the long run takes its size and seed from the environment:
//!
//! ```text
//! HUARONG_RANDOM_PUZZLES=50000 HUARONG_RANDOM_SEED=7 \
//!     cargo test --release --test suite -- --ignored many_random --nocapture
//! ```
//!
//! `HUARONG_BINARY=path/to/solution` checks another build instead, as a process a puzzle. A failure
//! names the seed, the puzzle's index and its input: feed that input to `huarong`.

use super::files;
#[allow(dead_code)] // its `main` and what only `main` uses
#[path = "../../../src/bin/huarong.rs"]
mod solution;

use super::watch::Watch;
use slidekit::puzzles::huarong::layouts::{
    self, extent, shape_cells, Pos, HOLLOW_CORNER, METRICS, OWN_CORNER,
};
use slidekit::puzzles::huarong::reference::{self, Answer, Block, Metric, Puzzle};
use slidekit::puzzles::rng::Rng;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

const SEED: u64 = 2024;
/// Enough that at least `MIN_CHECKED` stay within the reference's budget.
const PUZZLES: u64 = 2_100;
const MIN_CHECKED: u64 = 2_000;
/// Symmetric boards, checked apart: the solution treats them differently.
const MIRRORED_PUZZLES: u64 = 300;
/// The reference's budget, in positions: a debug build visits 1,000 in about 15 ms, and the few
/// puzzles over it cost more than all the others.
const MAX_STATES: usize = 1_000;
/// The machine has two cores.
const THREADS: u64 = 2;
/// Within the budget a debug build answers in milliseconds; this only stops a hang.
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// The test files from here on hold puzzles that solutions got wrong (problems/huarong/README.md).
const FIRST_REPRODUCTION: &str = "022";

/// What the reference says of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Solved,
    Solvable,
    Unsolvable,
    /// Over `MAX_STATES`: not checked.
    Skipped,
}

const KINDS: [Kind; 4] = [
    Kind::Solved,
    Kind::Solvable,
    Kind::Unsolvable,
    Kind::Skipped,
];
const KIND_NAMES: [&str; 4] = ["solved", "solvable", "unsolvable", "skipped"];

/// Puzzles counted by metric line (as in `METRICS`) and kind (as in `KINDS`), and among those
/// checked, how many have the features the old solution tripped on.
#[derive(Default)]
struct Tally {
    counts: [[u64; 4]; 4],
    full_boards: u64,
    /// Some block's bounding-box corner is a cell of another block.
    corner_taken: u64,
    /// The target's bounding-box corner is not one of its cells.
    hollow_target: u64,
}

/// Whether the blocks cover every cell.
fn full_board(puzzle: &Puzzle) -> bool {
    let covered: usize = puzzle.blocks.iter().map(|b| b.cells.len()).sum();
    covered == puzzle.rows * puzzle.cols
}

/// Whether some block's bounding-box corner is a cell of another block.
fn corner_taken(puzzle: &Puzzle) -> bool {
    let covers =
        |at: Pos| move |b: &Block| b.cells.iter().any(|&(r, c)| (b.at.0 + r, b.at.1 + c) == at);
    let owner = |at: Pos| puzzle.blocks.iter().position(covers(at));
    let mut blocks = puzzle.blocks.iter().enumerate();
    blocks.any(|(i, block)| owner(block.at).is_some_and(|o| o != i))
}

impl Tally {
    fn add(&mut self, input: &str, kind: Kind) {
        let drawn = reference::parse(input).expect("a generated puzzle reads");
        let line = input.lines().nth(drawn.rows + 3).unwrap_or("");
        let metric = METRICS.iter().position(|&m| m == line);
        self.counts[metric.unwrap_or(0)][kind as usize] += 1;
        if !matches!(kind, Kind::Skipped) {
            self.full_boards += u64::from(full_board(&drawn));
            self.corner_taken += u64::from(corner_taken(&drawn));
            let target = &drawn.blocks[drawn.target];
            self.hollow_target += u64::from(target.cells.first() != Some(&(0, 0)));
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        self.full_boards += other.full_boards;
        self.corner_taken += other.corner_taken;
        self.hollow_target += other.hollow_target;
        self
    }

    fn of_kind(&self, kind: Kind) -> u64 {
        self.counts.iter().map(|row| row[kind as usize]).sum()
    }

    fn checked(&self) -> u64 {
        self.counts.iter().flatten().sum::<u64>() - self.of_kind(Kind::Skipped)
    }

    fn report(&self, seed: u64) {
        eprintln!("random puzzles, seed {seed}, budget {MAX_STATES} positions:");
        eprintln!("{}", table_row("metric", KIND_NAMES));
        for (metric, row) in METRICS.iter().zip(self.counts) {
            let name = Some(*metric).filter(|m| !m.is_empty());
            eprintln!("{}", table_row(name.unwrap_or("(no line)"), row));
        }
        eprintln!("{}", table_row("all", KINDS.map(|k| self.of_kind(k))));
        eprintln!(
            "  checked {}: {} full boards, {} with a block's corner in another block, {} with a \
             target whose corner is not its own cell",
            self.checked(),
            self.full_boards,
            self.corner_taken,
            self.hollow_target
        );
    }
}

fn table_row<T: std::fmt::Display>(label: &str, cells: [T; 4]) -> String {
    let [a, b, c, d] = cells;
    format!("  {label:<10}{a:>8}{b:>10}{c:>12}{d:>9}")
}

/// Runs the solution on puzzles `0..count` of stream `seed` in `THREADS` threads and tallies them;
/// the first failure found stops every thread.
fn check_stream(seed: u64, count: u64) -> Tally {
    let binary = solution();
    let failed = AtomicBool::new(false);
    let results: Vec<Result<Tally, (u64, String)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|first| {
                let (binary, failed) = (&binary, &failed);
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    for index in (first..count).step_by(THREADS as usize) {
                        if failed.load(Ordering::Relaxed) {
                            break;
                        }
                        let input = layouts::puzzle_within(seed, index, 6);
                        match check_one(binary, &input) {
                            Ok(kind) => tally.add(&input, kind),
                            Err(why) => {
                                failed.store(true, Ordering::Relaxed);
                                return Err((index, why));
                            }
                        }
                    }
                    Ok(tally)
                })
            })
            .collect();
        let joined = workers.into_iter().map(|w| w.join());
        joined
            .map(|r| r.unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for result in results {
        match result {
            Ok(part) => tally = tally.merge(part),
            Err(failure) => failures.push(failure),
        }
    }
    if let Some((index, why)) = failures.into_iter().min_by_key(|(index, _)| *index) {
        panic!("seed {seed}, puzzle {index}: {why}");
    }
    tally
}

/// The solution under test: `HUARONG_BINARY` if set, else this crate's, called in this process.
pub(super) fn solution() -> Option<PathBuf> {
    std::env::var_os("HUARONG_BINARY").map(PathBuf::from)
}

/// Checks one puzzle against the reference within `MAX_STATES`.
fn check_one(binary: &Option<PathBuf>, input: &str) -> Result<Kind, String> {
    check_within(binary, input, MAX_STATES)
}

/// Checks one puzzle against the reference, skipped if that visits more than `max_states`
/// positions; a failure message holds the input and the output.
pub(super) fn check_within(
    binary: &Option<PathBuf>,
    input: &str,
    max_states: usize,
) -> Result<Kind, String> {
    let puzzle = reference::parse(input)
        .map_err(|why| format!("the generator made a bad input: {why}\n{input}"))?;
    let optimum = match reference::search_within(&puzzle, max_states) {
        Ok((optimum, _)) => optimum,
        Err(_) => return Ok(Kind::Skipped),
    };
    let output = match binary {
        Some(binary) => run_binary(binary, input),
        None => run_here(input),
    };
    let output = output.map_err(|why| format!("{why}\n--- input\n{input}"))?;
    judge(&puzzle, &output, optimum).map_err(|why| {
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        format!("{why}\n--- input\n{input}--- stdout\n{stdout}--- stderr\n{stderr}")
    })?;
    Ok(match optimum {
        Answer::Moves(0) => Kind::Solved,
        Answer::Moves(_) => Kind::Solvable,
        Answer::Unsolvable => Kind::Unsolvable,
    })
}

/// What a run of the solution left: whether it succeeded (exit 0), its stdout and its stderr.
struct Ran {
    success: bool,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Calls the solution's `run` as `main` would with stdin and stdout (`main` adds only the reading,
/// the flush, the exit status and printing what it returns). An in-process call cannot be killed:
/// the watchdog (`watch.rs`) ends the test binary if one does not return within `TIME_LIMIT`, naming
/// the input. A panic (an overflow, in this debug build) is a failure with the input named.
fn run_here(input: &str) -> Result<Ran, String> {
    let watch = Watch::start("huarong", input, TIME_LIMIT);
    let mut stdout = Vec::new();
    let ran = std::panic::catch_unwind(AssertUnwindSafe(|| {
        solution::run(input.as_bytes(), &mut stdout, false)
    }));
    drop(watch);
    // What `main` would print on stderr: a warning for ignored text, or the error.
    let (success, stderr) = match ran.map_err(|_| "the solution panicked".to_string())? {
        Ok(None) => (true, String::new()),
        Ok(Some(warning)) => (true, format!("huarong: warning: {warning}\n")),
        Err(failure) => (false, format!("huarong: {failure:?}\n")),
    };
    Ok(Ran {
        success,
        stdout,
        stderr: stderr.into_bytes(),
    })
}

/// Spawned directly rather than through assert_cmd: thousands of runs, so every millisecond counts.
/// A solution still running after `TIME_LIMIT` is killed (the old one once took 15 GB and a quarter
/// of an hour on a small board); a thread waits for it so that a quick answer is read at once.
fn run_binary(binary: &Path, input: &str) -> Result<Ran, String> {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", binary.display()));
    if let Some(mut stdin) = child.stdin.take() {
        // A solution that exits without reading its input closes the pipe: its output tells.
        let _ = stdin.write_all(input.as_bytes());
    }
    let pid = child.id().to_string();
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || sender.send(child.wait_with_output()));
    match receiver.recv_timeout(TIME_LIMIT) {
        Ok(output) => {
            let output = output.expect("the solution's output");
            Ok(Ran {
                success: output.status.success(),
                stdout: output.stdout,
                stderr: output.stderr,
            })
        }
        Err(_) => {
            // The waiting thread still holds the child, unreaped, so its pid is still its own.
            let _ = Command::new("kill").args(["-KILL", &pid]).status();
            let limit = TIME_LIMIT.as_secs();
            Err(format!("no answer within {limit} s: killed"))
        }
    }
}

/// Exit 0, nothing on stderr, and an answer that replays to the optimum.
fn judge(puzzle: &Puzzle, output: &Ran, optimum: Answer) -> Result<(), String> {
    if !output.success {
        return Err("the solution failed".into());
    }
    if !output.stderr.is_empty() {
        return Err("the solution wrote to stderr".into());
    }
    let answer = reference::replay(puzzle, &output.stdout)
        .map_err(|why| format!("invalid answer: {why}"))?;
    match answer == optimum {
        true => Ok(()),
        false => Err(format!("answer {answer:?}, optimum {optimum:?}")),
    }
}

/// `part` as a share of `whole`, in percent.
fn percent(part: u64, whole: u64) -> u64 {
    100 * part / whole.max(1)
}

#[test]
fn random_puzzles_are_answered_optimally() {
    let tally = check_stream(SEED, PUZZLES);
    tally.report(SEED);
    let checked = tally.checked();
    assert!(checked >= MIN_CHECKED, "only {checked} puzzles checked");
    let share = |kind| percent(tally.of_kind(kind), checked);
    assert!(share(Kind::Solvable) >= 5, "too few solvable puzzles");
    assert!(share(Kind::Unsolvable) >= 5, "too few unsolvable puzzles");
    assert!(share(Kind::Solved) >= 2, "too few puzzles solved already");
    for (metric, row) in METRICS.iter().zip(tally.counts) {
        let checked_here = row[..3].iter().sum();
        assert!(
            percent(checked_here, checked) >= 10,
            "too few for metric {metric:?}"
        );
    }
    assert!(tally.full_boards >= 20, "too few full boards");
    let hollow = percent(tally.hollow_target, checked);
    assert!(
        hollow >= 20,
        "the target's corner is not its cell in only {hollow}%"
    );
    let taken = percent(tally.corner_taken, checked);
    assert!(
        taken >= 30,
        "a block's corner is another's cell in only {taken}%"
    );
}

/// The long run, e.g. `HUARONG_RANDOM_PUZZLES=50000 HUARONG_RANDOM_SEED=7` (see the top of the file).
#[test]
#[ignore = "long: takes its size and seed from HUARONG_RANDOM_PUZZLES and HUARONG_RANDOM_SEED"]
fn many_random_puzzles_from_the_environment() {
    let number = |name: &str, default: u64| match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("{name}={text}: {e}")),
        Err(_) => default,
    };
    let seed = number("HUARONG_RANDOM_SEED", SEED);
    let tally = check_stream(seed, number("HUARONG_RANDOM_PUZZLES", 50_000));
    tally.report(seed);
    assert!(
        tally.checked() > 0,
        "no puzzle within the reference's budget"
    );
}

/// CodeAbbey's "Klotski" (task 215) writes a block as one letter; a generated board of at most
/// 6 × 6 has at most 36 blocks.
const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const CODEABBEY_SEED: u64 = 215;
const CODEABBEY_PUZZLES: u64 = 2_100;
/// Puzzles in one CodeAbbey input.
const CODEABBEY_BATCH: usize = 50;

/// `puzzle` with each block renamed to one letter, in HackerRank's form under `moves`, and in
/// CodeAbbey's (its header line and rows), whose goal names the target's top row's leftmost cell.
fn both_forms(puzzle: &Puzzle) -> (String, String) {
    assert!(
        puzzle.blocks.len() <= LETTERS.len(),
        "too many blocks to letter"
    );
    let mut grid = vec![vec![b'.'; puzzle.cols]; puzzle.rows];
    for (block, &letter) in puzzle.blocks.iter().zip(LETTERS) {
        for &(r, c) in &block.cells {
            grid[block.at.0 + r][block.at.1 + c] = letter;
        }
    }
    let (rows, cols, (row, col)) = (puzzle.rows, puzzle.cols, puzzle.goal);
    let target = LETTERS[puzzle.target] as char;
    let spaced = |line: &Vec<u8>| {
        line.iter()
            .map(|&b| format!("{} ", b as char))
            .collect::<String>()
    };
    let spaced: String = grid
        .iter()
        .map(|line| spaced(line).trim_end().to_string() + "\n")
        .collect();
    let hackerrank = format!("{rows} {cols}\n{spaced}{target}\n{row} {col}\nmoves\n");
    // The cells are sorted: the first is the top row's leftmost.
    let left = puzzle.blocks[puzzle.target].cells[0].1;
    let letters: String = grid
        .iter()
        .map(|line| String::from_utf8_lossy(line) + "\n")
        .collect();
    let header = format!(
        "field {cols} by {rows} ; move {target} to {} : {row}",
        col + left
    );
    (hackerrank, format!("{header}\n{letters}"))
}

/// The random stream's puzzles within the reference's budget, under `moves`: each checked in
/// HackerRank's form as `random_puzzles_are_answered_optimally` checks it, and returned in
/// CodeAbbey's form with the count it must be answered with.
fn codeabbey_cases(seed: u64, count: u64) -> Vec<(String, String)> {
    let mut cases = Vec::new();
    for index in 0..count {
        let drawn = reference::parse(&layouts::puzzle_within(seed, index, 6)).expect("a puzzle");
        let puzzle = Puzzle {
            metric: Metric::Moves,
            ..drawn
        };
        let Ok((optimum, _)) = reference::search_within(&puzzle, MAX_STATES) else {
            continue;
        };
        let (hackerrank, codeabbey) = both_forms(&puzzle);
        let lettered = reference::parse(&hackerrank).expect("the same puzzle, its blocks lettered");
        let ran = run_here(&hackerrank).and_then(|ran| judge(&lettered, &ran, optimum));
        ran.unwrap_or_else(|why| panic!("seed {seed}, puzzle {index}: {why}\n{hackerrank}"));
        let count = match optimum {
            Answer::Moves(moves) => moves.to_string(),
            Answer::Unsolvable => "unsolvable".to_string(),
        };
        cases.push((codeabbey, count));
    }
    cases
}

#[test]
fn codeabbey_form_counts_match_the_reference() {
    let cases = codeabbey_cases(CODEABBEY_SEED, CODEABBEY_PUZZLES);
    assert!(cases.len() >= 2_000, "only {} puzzles checked", cases.len());
    let share = |what: &dyn Fn(&(String, String)) -> bool| {
        percent(
            cases.iter().filter(|case| what(case)).count() as u64,
            cases.len() as u64,
        )
    };
    assert!(
        share(&|(_, count)| count == "unsolvable") >= 5,
        "too few unsolvable"
    );
    assert!(share(&|(_, count)| !["0", "unsolvable"].contains(&count.as_str())) >= 5);
    // A target whose top row does not start at its box's left edge: the goal's column differs.
    let hollow = |(text, _): &(String, String)| -> bool {
        let header = text.lines().next().unwrap_or_default();
        let x: usize = header
            .split(' ')
            .nth(8)
            .and_then(|x| x.parse().ok())
            .unwrap_or(0);
        let target = header.split(' ').nth(6).unwrap_or_default();
        let rows: Vec<&str> = text.lines().skip(1).collect();
        let first_row = rows.iter().find(|row| row.contains(target)).unwrap_or(&"");
        first_row.find(target) == Some(x) && rows.iter().any(|row| row.find(target) < Some(x))
    };
    assert!(
        share(&hollow) >= 5,
        "too few targets whose top row starts right of their box"
    );
    for batch in cases.chunks(CODEABBEY_BATCH) {
        let puzzles: String = batch.iter().map(|(text, _)| text.as_str()).collect();
        let input = format!("{}\n{puzzles}", batch.len());
        let ran = run_here(&input).unwrap_or_else(|why| panic!("{why}\n{input}"));
        let stdout = String::from_utf8_lossy(&ran.stdout);
        assert!(ran.success && ran.stderr.is_empty(), "{input}{stdout}");
        let counts: Vec<&str> = stdout.trim_end_matches('\n').split(' ').collect();
        assert_eq!(stdout.lines().count(), 1, "one line of counts");
        let expected: Vec<&str> = batch.iter().map(|(_, count)| count.as_str()).collect();
        assert_eq!(counts, expected, "{input}");
    }
}

#[test]
fn the_generator_draws_every_shape_that_fooled_a_solution() {
    let catalogue: Vec<Vec<(usize, usize)>> = (HOLLOW_CORNER.iter().chain(OWN_CORNER))
        .map(|drawing| shape_cells(drawing))
        .collect();
    let reproductions = reproductions();
    for (path, input) in &reproductions {
        let puzzle = reference::parse(input).unwrap_or_else(|e| panic!("{e}"));
        for block in &puzzle.blocks {
            let name = &block.name;
            assert!(catalogue.contains(&block.cells), "{name} of {path}");
        }
    }
    assert!(
        reproductions.len() >= 9,
        "{} reproductions",
        reproductions.len()
    );
    for drawing in HOLLOW_CORNER {
        assert_ne!(shape_cells(drawing).first(), Some(&(0, 0)), "{drawing}");
    }
}

/// The test files that reproduce a solution's mistakes, as (path, input). solutions/huarong.rs checks
/// their answers; here they only prove that the generator draws their shapes.
fn reproductions() -> Vec<(String, String)> {
    let files = files::test_files("huarong").into_iter();
    let name = |f: &files::TestFile| f.path.file_name().map(|n| n.to_string_lossy().into_owned());
    files
        .filter(|f| name(f).is_some_and(|n| n.as_str() >= FIRST_REPRODUCTION))
        .map(|f| {
            let input = String::from_utf8(f.input.clone()).expect("UTF-8 test input");
            (f.path.display().to_string(), input)
        })
        .collect()
}

#[test]
fn symmetric_boards_with_mirrors_merged_are_answered_optimally() {
    // The solution stores a position and its mirror image once on such boards (the classic is one);
    // the general stream above draws few of them.
    let binary = solution();
    let mut kinds = [0; 4]; // solved, solvable, unsolvable, skipped
    for index in 0..MIRRORED_PUZZLES {
        let input = mirrored_puzzle(SEED, index);
        let kind =
            check_one(&binary, &input).unwrap_or_else(|why| panic!("mirrored {index}: {why}"));
        kinds[kind as usize] += 1;
    }
    eprintln!("mirrored boards: solved, solvable, unsolvable, skipped = {kinds:?}");
    let [solved, solvable, unsolvable, _] = kinds;
    assert!(solvable >= MIRRORED_PUZZLES / 5, "{kinds:?}");
    assert!(solved > 0 && unsolvable > 0, "{kinds:?}");
}

#[test]
fn a_seed_and_an_index_always_give_the_same_puzzle() {
    let first = layouts::puzzle_within(SEED, 17, 6);
    assert_eq!(layouts::puzzle_within(SEED, 17, 6), first);
    assert_ne!(layouts::puzzle_within(SEED, 18, 6), first);
    assert_ne!(layouts::puzzle_within(SEED + 1, 17, 6), first);
}

/// Targets that are their own mirror image, so that a board built around one can be symmetric.
const SYMMETRIC_TARGETS: &[&str] = &["#", "##", "#/#", "##/##", "###", ".#./###", "#.#/###"];

/// Puzzle number `index` of a stream of left-right symmetric boards: every block on the left has its
/// mirror image on the right (an L faces a J), and a symmetric target sits on the middle line with its
/// goal there too. On such boards a solver may store a position and its mirror image once; these
/// puzzles check that it still answers right.
fn mirrored_puzzle(seed: u64, index: u64) -> String {
    let mut rng = Rng::for_input(seed, index ^ 0x5eed);
    let (rows, cols) = (2 + rng.below(4), 2 + rng.below(5));
    let mut grid = vec![vec![String::from("."); cols]; rows];
    let mut target = shape_cells(rng.pick(SYMMETRIC_TARGETS));
    let (height, width) = extent(&target);
    if height > rows || width > cols || (cols - width) % 2 == 1 {
        // A single centres on an odd width, a domino on an even one; both fit every board here.
        target = shape_cells(if cols % 2 == 1 { "#" } else { "##" });
    }
    let (height, width) = extent(&target);
    let column = (cols - width) / 2;
    let row = rng.below(rows - height + 1);
    put(&mut grid, &target, (row, column), "T");
    let empty_wanted = 2 + rng.below(4);
    for n in 0..40 {
        let drawing = if rng.percent(50) {
            rng.pick(HOLLOW_CORNER)
        } else {
            rng.pick(OWN_CORNER)
        };
        let cells = shape_cells(drawing);
        let (h, w) = extent(&cells);
        if h > rows || w > cols {
            continue;
        }
        let at = (rng.below(rows - h + 1), rng.below(cols - w + 1));
        let image: Vec<Pos> = cells.iter().map(|&(r, c)| (r, w - 1 - c)).collect();
        let image_at = (at.0, cols - w - at.1);
        let mut both: Vec<Pos> = place(&cells, at);
        both.extend(place(&image, image_at));
        let free = both.iter().all(|&(r, c)| grid[r][c] == ".");
        let apart = (1..both.len()).all(|i| !both[..i].contains(&both[i]));
        let empty_left = grid.iter().flatten().filter(|c| *c == ".").count();
        if free && apart && empty_left >= both.len() + empty_wanted {
            put(&mut grid, &cells, at, &format!("b{n}"));
            put(&mut grid, &image, image_at, &format!("m{n}"));
        }
    }
    let goal_row = if rng.percent(10) {
        row
    } else {
        rng.below(rows - height + 1)
    };
    let metric = rng.pick(&METRICS);
    let lines: Vec<String> = grid.iter().map(|r| r.join(" ")).collect();
    format!(
        "{rows} {cols}\n{}\nT\n{goal_row} {column}\n{metric}\n",
        lines.join("\n")
    )
}

fn place(cells: &[Pos], (row, column): Pos) -> Vec<Pos> {
    cells.iter().map(|&(r, c)| (row + r, column + c)).collect()
}

fn put(grid: &mut [Vec<String>], cells: &[Pos], at: Pos, name: &str) {
    for (r, c) in place(cells, at) {
        grid[r][c] = name.to_string();
    }
}
