//! `huarong` on every board size it accepts (m·n ≤ 64 cells), against the judge's reference: strips
//! of every length both ways in every metric, boards of exactly 64 cells, and full boards of every
//! size, drawn by `layouts::sized_puzzle` (random boards never reach these sizes). As in
//! huarong_random.rs, the solution is called in this process under its watchdog, each answer is
//! replayed and its length compared with the reference's optimum, and a puzzle the reference
//! cannot settle within its budget is skipped and counted. A failure names the puzzle's input.

use super::huarong_random::{check_within, solution, Kind};
use slidekit::puzzles::huarong::layouts::{self, Size};
use slidekit::puzzles::huarong::reference;

const SEED: u64 = 18;
/// The three metrics, each by its own line.
const METRICS: [&str; 3] = ["moves", "straight", "steps"];
/// The reference's budget, in positions: a strip with few empty cells has a few hundred, and the
/// dense 64-cell boards are judged where their goal is near.
const MAX_STATES: usize = 300;
/// Puzzles per strip (a length, a direction, a metric), and per 64-cell board and metric.
const PER_STRIP: u64 = 3;
const PER_LARGEST: u64 = 20;

/// Puzzles checked, by what the reference says (`Kind` as an index).
#[derive(Default, Debug)]
struct Tally([u64; 4]);

impl Tally {
    fn checked(&self) -> u64 {
        self.0[..3].iter().sum()
    }

    fn solvable(&self) -> u64 {
        self.0[Kind::Solvable as usize]
    }

    fn add(&mut self, other: &Tally) {
        (0..4).for_each(|k| self.0[k] += other.0[k]);
    }
}

/// Checks `count` puzzles of `size`, numbered from `first`, and tallies them; panics on a failure.
fn check(size: Size, first: u64, count: u64) -> Tally {
    let binary = solution();
    let mut tally = Tally::default();
    for index in first..first + count {
        let input = layouts::sized_puzzle(SEED, index, size);
        let kind = check_within(&binary, &input, MAX_STATES)
            .unwrap_or_else(|why| panic!("{size:?}, puzzle {index}: {why}"));
        tally.0[kind as usize] += 1;
    }
    tally
}

/// Every `rows` × `cols` with 1 to 64 cells: 1×1 to 1×64, 2×1 to 2×32, …, 64×1.
fn every_size() -> impl Iterator<Item = (usize, usize)> {
    (1..=64).flat_map(|rows| (1..=64 / rows).map(move |cols| (rows, cols)))
}

#[test]
fn strips_of_any_length_are_answered_optimally_in_every_metric() {
    let mut all = Tally::default();
    for length in 2..=64 {
        for (rows, cols) in [(1, length), (length, 1)] {
            for (m, metric) in METRICS.iter().enumerate() {
                let size = Size {
                    rows,
                    cols,
                    full_board: false,
                    metric,
                };
                let tally = check(size, PER_STRIP * m as u64, PER_STRIP);
                if length == 64 {
                    // Where a row is the whole word: a 1×64 strip once hung under `straight`.
                    let solvable = tally.solvable();
                    assert!(
                        solvable > 0,
                        "no solvable {rows}×{cols} {metric}: {tally:?}"
                    );
                }
                all.add(&tally);
            }
        }
    }
    eprintln!(
        "strips: solved, solvable, unsolvable, skipped = {:?}",
        all.0
    );
    assert!(all.checked() >= 900, "{all:?}");
    assert!(all.solvable() >= 700, "{all:?}");
}

#[test]
fn boards_of_exactly_64_cells_are_answered_optimally() {
    let mut all = Tally::default();
    for (rows, cols) in [(8, 8), (4, 16), (16, 4), (2, 32), (32, 2)] {
        for (m, metric) in METRICS.iter().enumerate() {
            let size = Size {
                rows,
                cols,
                full_board: false,
                metric,
            };
            let tally = check(size, PER_LARGEST * m as u64, PER_LARGEST);
            eprintln!("{rows}×{cols} {metric}: {:?}", tally.0);
            all.add(&tally);
        }
    }
    eprintln!(
        "64 cells: solved, solvable, unsolvable, skipped = {:?}",
        all.0
    );
    assert!(all.checked() >= 100, "{all:?}");
    assert!(all.solvable() >= 30, "{all:?}");
}

#[test]
fn boards_of_every_size_full_or_not_are_answered_optimally() {
    let (mut full, mut open) = (Tally::default(), Tally::default());
    for (i, (rows, cols)) in every_size().enumerate() {
        // One full board, and two with empty cells in two metrics.
        let drawn = [(true, i), (false, i), (false, i + 1)];
        for (index, (full_board, m)) in drawn.into_iter().enumerate() {
            let size = Size {
                rows,
                cols,
                full_board,
                metric: METRICS[m % 3],
            };
            let tally = check(size, index as u64, 1);
            (if full_board { &mut full } else { &mut open }).add(&tally);
        }
    }
    eprintln!("full boards: {:?}; with empty cells: {:?}", full.0, open.0);
    let sizes = every_size().count() as u64;
    assert_eq!(full.checked(), sizes, "a full board has one position");
    assert!(full.0[Kind::Solved as usize] > 0 && full.0[Kind::Unsolvable as usize] > 0);
    assert!(open.checked() >= sizes * 3 / 2, "{open:?}");
    assert!(open.solvable() >= sizes, "{open:?}");
}

#[test]
fn a_sized_puzzle_has_the_size_asked_for_and_is_reproducible() {
    for (rows, cols) in every_size() {
        let size = Size {
            rows,
            cols,
            full_board: rows % 2 == 0,
            metric: "steps",
        };
        let drawn = layouts::sized_puzzle(SEED, 7, size);
        let puzzle = reference::parse(&drawn).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((puzzle.rows, puzzle.cols), (rows, cols));
        let covered: usize = puzzle.blocks.iter().map(|b| b.cells.len()).sum();
        assert_eq!(covered == rows * cols, size.full_board || rows * cols == 1);
        assert_eq!(puzzle.metric, reference::Metric::Steps);
        assert_eq!(layouts::sized_puzzle(SEED, 7, size), drawn);
    }
}
