//! Random Huarong Dao inputs from `layouts.rs`, small boards first and now and then a sparse board
//! at the problem's limits, and the ways to make a failing one smaller: drop a block, or drop an
//! empty row or column.

use super::checker::Huarong;
use super::layouts::{self, extent};
use super::reference::parse::block;
use super::reference::{self, Block, Layouts, Metric, Pos, Puzzle};
use crate::puzzles::generator::{Generator, Stress};

/// The reference's budget while stressing, in positions. Every board at the limits is drawn within
/// it (the slowest of seeds 1–4, 69,470 positions, took 0.23 s in a release build and 0.34 s in the
/// dev profile); a random small board past it is skipped rather than searched for seconds (10 of
/// the 2,880 of seeds 1–3).
pub const MAX_STATES: usize = 100_000;

/// Every this many inputs, one is at the problem's limits: the 25th, the 50th, … (40 of the
/// default 1000 cases), and small boards in between.
const AT_LIMITS_EVERY: u64 = 25;
/// The board at the limits: 8 × 8, the squarest of the problem's 64 cells, with four blocks.
const LIMITS: (usize, usize) = (8, 8);
const SPARSE_BLOCKS: usize = 4;

pub fn stress() -> Stress {
    Stress {
        generator: Box::new(Boards),
        checker: Box::new(Huarong::within(MAX_STATES)),
    }
}

pub struct Boards;

impl Generator for Boards {
    /// One puzzle an input. Boards grow with the index, from 2–3 cells a side to 6×6 after input
    /// 300: a bug that shows on small boards is found on a small board, which is quicker to run,
    /// shrink and read. Every 25th input is at the problem's limits instead (`at_limits`).
    fn input(&self, seed: u64, index: u64, _cases: u64) -> (String, u64) {
        if index % AT_LIMITS_EVERY == AT_LIMITS_EVERY - 1 {
            return (at_limits(seed, index), 1);
        }
        let max_side = 3 + (index / 100).min(3) as usize;
        (layouts::puzzle_within(seed, index, max_side), 1)
    }

    fn smaller(&self, input: &str, _case: Option<usize>) -> Vec<String> {
        let Ok(puzzle) = reference::parse(input) else {
            return Vec::new();
        };
        let target = &puzzle.blocks[puzzle.target].name;
        let others: Vec<usize> = (0..puzzle.blocks.len())
            .filter(|&b| b != puzzle.target)
            .collect();
        let layouts = as_layouts(&puzzle);
        let cut = cuts(&layouts, &others).map(|l| render(&l, target));
        distinct_valid(cut, |text| reference::parse(text).is_ok())
    }

    fn rendered(&self, input: &str) -> Option<String> {
        let p = reference::parse(input).ok()?;
        Some(render(&as_layouts(&p), &p.blocks[p.target].name))
    }
}

/// Smaller pairs of layouts: without each block of `removable`, without an empty row, without an
/// empty column, then without two blocks of `removable` (last: a bug may need either of two
/// blocks, but not both, to show).
pub fn cuts<'a>(l: &'a Layouts, removable: &'a [usize]) -> impl Iterator<Item = Layouts> + 'a {
    let fewer_blocks = removable.iter().map(|&b| without_blocks(l, &[b]));
    let pairs = removable.iter().enumerate().flat_map(move |(i, &a)| {
        (removable[i + 1..].iter()).map(move |&b| without_blocks(l, &[a, b]))
    });
    let fewer_rows = (0..l.rows).filter_map(|r| without_row(l, r));
    let fewer_cols = (0..l.cols).filter_map(|c| without_row(&transposed(l), c));
    let fewer_cols = fewer_cols.map(|t| transposed(&t));
    fewer_blocks
        .chain(fewer_rows)
        .chain(fewer_cols)
        .chain(pairs)
}

/// The `texts` that `valid` accepts, each once: two empty columns side by side cut to the same
/// input, which is tried once.
pub fn distinct_valid(
    texts: impl Iterator<Item = String>,
    valid: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut kept: Vec<String> = Vec::new();
    for text in texts {
        if !kept.contains(&text) && valid(&text) {
            kept.push(text);
        }
    }
    kept
}

/// A board of 64 cells, the most the problem allows, with four blocks and the target sent to the far
/// corner (`layouts::sparse_puzzle`): for seeds 1–4, 53 to 92,268 positions for a plain BFS, median
/// 13,396, and a quarter of them past 40,000, where a BFS in Python runs out of its second. One that
/// the reference does not decide within `MAX_STATES` is drawn again with a block fewer (29 of those
/// 160), so that every one is decided: a single block has at most 64 positions.
fn at_limits(seed: u64, index: u64) -> String {
    let mut blocks = SPARSE_BLOCKS;
    loop {
        let input = layouts::sparse_puzzle(seed, index, LIMITS, blocks);
        let decided = reference::parse(&input)
            .is_ok_and(|puzzle| reference::search_within(&puzzle, MAX_STATES).is_ok());
        if decided || blocks == 1 {
            return input;
        }
        blocks -= 1;
    }
}

/// The puzzle as a pair of layouts whose goal moves the target alone, so that one set of cuts
/// serves both problems.
pub(crate) fn as_layouts(p: &Puzzle) -> Layouts {
    let mut goal: Vec<Pos> = p.blocks.iter().map(|b| b.at).collect();
    goal[p.target] = p.goal;
    Layouts {
        rows: p.rows,
        cols: p.cols,
        blocks: p.blocks.clone(),
        goal,
        metric: p.metric,
    }
}

/// The pair without the blocks `gone`, in both layouts.
fn without_blocks(l: &Layouts, gone: &[usize]) -> Layouts {
    let kept: Vec<usize> = (0..l.blocks.len()).filter(|b| !gone.contains(b)).collect();
    Layouts {
        blocks: kept.iter().map(|&b| l.blocks[b].clone()).collect(),
        goal: kept.iter().map(|&b| l.goal[b]).collect(),
        ..l.clone()
    }
}

/// The pair without row `r`, when no block's box spans it in either layout (a cut through a
/// box would change a shape), so that it is empty in both.
fn without_row(l: &Layouts, r: usize) -> Option<Layouts> {
    let spans = |at: Pos, block: &Block| (at.0..at.0 + extent(&block.cells).0).contains(&r);
    let crossed = (l.blocks.iter().zip(&l.goal)).any(|(b, &goal)| spans(b.at, b) || spans(goal, b));
    if l.rows < 2 || crossed {
        return None;
    }
    let up = |(row, col): Pos| (row - usize::from(row > r), col);
    let mut smaller = l.clone();
    smaller.rows -= 1;
    for block in &mut smaller.blocks {
        block.at = up(block.at);
    }
    smaller.goal = l.goal.iter().map(|&g| up(g)).collect();
    Some(smaller)
}

/// Rows become columns: one cut serves both.
fn transposed(l: &Layouts) -> Layouts {
    let swap = |(r, c): Pos| (c, r);
    let blocks = l.blocks.iter().map(|b| {
        let cells = b
            .cells
            .iter()
            .map(|&(dr, dc)| swap((b.at.0 + dr, b.at.1 + dc)));
        block(&b.name, cells.collect())
    });
    Layouts {
        rows: l.cols,
        cols: l.rows,
        blocks: blocks.collect(),
        goal: l.goal.iter().map(|&g| swap(g)).collect(),
        metric: l.metric,
    }
}

/// Layout rows: block `b`, named `names[b]`, with its corner at `at[b]`.
pub fn grid(l: &Layouts, at: &[Pos], names: &[String]) -> String {
    let mut rows = vec![vec!["."; l.cols]; l.rows];
    for (b, block) in l.blocks.iter().enumerate() {
        for &(dr, dc) in &block.cells {
            rows[at[b].0 + dr][at[b].1 + dc] = &names[b];
        }
    }
    rows.iter().map(|row| row.join(" ") + "\n").collect()
}

/// The size line and the start layout's rows, each block under its own name.
pub fn start_text(l: &Layouts) -> String {
    let names: Vec<String> = l.blocks.iter().map(|b| b.name.clone()).collect();
    let start: Vec<Pos> = l.blocks.iter().map(|b| b.at).collect();
    format!("{} {}\n", l.rows, l.cols) + &grid(l, &start, &names)
}

/// The metric line of an input, none for `moves`.
pub fn metric_line(metric: Metric) -> &'static str {
    match metric {
        Metric::Moves => "",
        Metric::Straight => "straight\n",
        Metric::Steps => "steps\n",
    }
}

/// The input text of a puzzle whose goal moves the block named `target` alone, in the problem's
/// format.
fn render(l: &Layouts, target: &str) -> String {
    let t = l.blocks.iter().position(|b| b.name == target);
    let goal = l.goal[t.expect("cuts keep the target")];
    start_text(l) + &format!("{target}\n{} {}\n", goal.0, goal.1) + metric_line(l.metric)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::huarong::reference::Answer;

    #[test]
    fn rendering_gives_back_the_same_puzzle() {
        for index in 0..200 {
            let (input, cases) = Boards.input(5, index, 1);
            let puzzle = reference::parse(&input).expect("generated inputs are valid");
            assert_eq!(cases, 1);
            let text = render(&as_layouts(&puzzle), &puzzle.blocks[puzzle.target].name);
            assert_eq!(reference::parse(&text), Ok(puzzle));
        }
    }

    #[test]
    fn inputs_are_solved_solvable_and_unsolvable_in_every_metric() {
        let mut kinds = [0; 3];
        let mut metrics = Vec::new();
        for index in 0..150 {
            let puzzle = reference::parse(&Boards.input(3, index, 1).0).expect("valid");
            match reference::search_within(&puzzle, MAX_STATES) {
                Ok((Answer::Moves(0), _)) => kinds[0] += 1,
                Ok((Answer::Moves(_), _)) => kinds[1] += 1,
                Ok((Answer::Unsolvable, _)) => kinds[2] += 1,
                Err(_) => {}
            }
            if !metrics.contains(&puzzle.metric) {
                metrics.push(puzzle.metric);
            }
        }
        assert!(
            kinds.iter().all(|&n| n >= 5),
            "solved, solvable, unsolvable: {kinds:?}"
        );
        assert_eq!(metrics.len(), 3);
    }

    #[test]
    fn boards_start_small_and_grow() {
        let side = |index| {
            let p = reference::parse(&Boards.input(9, index, 1).0).expect("valid");
            p.rows.max(p.cols)
        };
        let small = (0..400).filter(|i| i % 25 != 24);
        let sides: Vec<usize> = small.map(side).collect();
        assert!(sides[..96].iter().all(|&side| side <= 3), "{sides:?}");
        assert!(sides[288..].contains(&6), "{sides:?}");
    }

    #[test]
    fn every_25th_board_is_at_the_limits_decided_and_often_large() {
        let (mut blocks, mut positions) = (Vec::new(), Vec::new());
        for index in (24..300).step_by(25) {
            let p = reference::parse(&Boards.input(1, index, 1).0).expect("valid");
            assert_eq!((p.rows, p.cols), LIMITS, "input {index}");
            let searched = reference::search_within(&p, MAX_STATES);
            positions.push(searched.expect("decided within the budget").1);
            blocks.push(p.blocks.len());
        }
        // Most keep their four blocks; the rest lost one to fit the budget.
        let four = blocks.iter().filter(|&&b| b == SPARSE_BLOCKS).count();
        assert!(four >= 8 && blocks.iter().all(|&b| b >= 3), "{blocks:?}");
        // What makes them catch a slow search, counted rather than timed: a quarter or more need
        // 40,000 positions of a plain BFS, more than a BFS in Python visits in a second.
        let large = positions.iter().filter(|&&n| n >= 40_000).count();
        assert!(large * 4 >= positions.len(), "{positions:?}");
    }

    #[test]
    fn smaller_puzzles_drop_a_block_or_an_empty_line_not_the_target() {
        let input = "3 4\nA A . .\n. B . .\n. . . .\nB\n0 0\nsteps\n";
        let smaller = Boards.smaller(input, None);
        assert_eq!(
            smaller[0],
            "3 4\n. . . .\n. B . .\n. . . .\nB\n0 0\nsteps\n"
        );
        assert!(smaller.contains(&"2 4\nA A . .\n. B . .\nB\n0 0\nsteps\n".to_string()));
        // Columns 2 and 3 are both empty, and either cut gives this.
        assert!(smaller.contains(&"3 3\nA A .\n. B .\n. . .\nB\n0 0\nsteps\n".to_string()));
        assert_eq!(
            smaller.len(),
            3,
            "without A, without the last row, one column fewer"
        );
        let three = "1 4\nA B C .\nC\n0 3\n";
        let smaller = Boards.smaller(three, None);
        assert_eq!(
            smaller.last().map(String::as_str),
            Some("1 4\n. . C .\nC\n0 3\n")
        );
        // Column 0 may go, and the goal moves left with the board; column 3 is in the goal's box.
        let l_shape = "2 4\n. L . .\n. L L .\nL\n0 2\n";
        let cut = Boards.smaller(l_shape, None);
        assert_eq!(cut, ["2 3\nL . .\nL L .\nL\n0 1\n"]);
    }
}
