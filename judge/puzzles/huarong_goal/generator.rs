//! Random huarong_goal inputs: a start layout from Huarong's random boards (`huarong/layouts.rs`),
//! and as its goal either where a few random moves take it or the same blocks placed anew (most
//! often unsolvable); and the ways to make a failing pair smaller: drop a block, or a row or a
//! column that is empty in both layouts.

use crate::puzzles::generator::{Generator, Stress};
use crate::puzzles::huarong::checker::HuarongGoal;
use crate::puzzles::huarong::generator::{
    as_layouts, cuts, distinct_valid, grid, metric_line, start_text,
};
use crate::puzzles::huarong::layouts::{self, Board, Size};
use crate::puzzles::huarong::reference::{self, Block, Input, Layouts};
use crate::puzzles::rng::Rng;

/// The reference's budget while stressing, in positions, as for Huarong.
pub const MAX_STATES: usize = 20_000;

/// Mixed into the seed, so that a pair's goal is not drawn by the very numbers its start was.
const SALT: u64 = 0x9_0a1;

pub fn stress() -> Stress {
    Stress {
        generator: Box::new(Pairs),
        checker: Box::new(HuarongGoal::within(MAX_STATES)),
    }
}

pub struct Pairs;

impl Generator for Pairs {
    /// One pair an input, on boards that grow with the index up to 6×6, as Huarong's do.
    fn input(&self, seed: u64, index: u64, _cases: u64) -> (String, u64) {
        let max_side = 3 + (index / 100).min(3) as usize;
        (pair_within(seed, index, max_side), 1)
    }

    fn smaller(&self, input: &str, _case: Option<usize>) -> Vec<String> {
        let Ok(layouts) = reference::parse_layouts(input) else {
            return Vec::new();
        };
        let blocks: Vec<usize> = (0..layouts.blocks.len()).collect();
        let cut = cuts(&layouts, &blocks).map(|l| render(&l));
        distinct_valid(cut, |text| reference::parse_layouts(text).is_ok())
    }

    fn rendered(&self, input: &str) -> Option<String> {
        reference::parse_layouts(input).ok().map(|l| render(&l))
    }
}

/// Pair number `index` of the stream `seed`, on boards of 2 to `max_side` cells a side.
pub fn pair_within(seed: u64, index: u64, max_side: usize) -> String {
    pair_from(&layouts::puzzle_within(seed, index, max_side), seed, index)
}

/// Pair number `index` of the stream `seed` on boards of one `size`: strips, full boards and boards
/// of 64 cells, which `pair_within` never draws.
pub fn sized_pair(seed: u64, index: u64, size: Size) -> String {
    pair_from(&layouts::sized_puzzle(seed, index, size), seed, index)
}

/// A pair whose start is the board of the Huarong puzzle `start` (its target and goal are not
/// used), with its metric line.
fn pair_from(start: &str, seed: u64, index: u64) -> String {
    let puzzle = reference::parse(start).expect("Huarong's generator makes valid inputs");
    let mut rng = Rng::for_input(seed ^ SALT, index);
    // The goal is drawn anew: the puzzle's own is dropped.
    let mut layouts = as_layouts(&puzzle);
    let placed = rng.percent(25).then(|| placed_anew(&mut rng, &layouts));
    layouts.goal = placed.flatten().unwrap_or_else(|| {
        let moves = if rng.percent(5) { 0 } else { 2 + rng.below(14) };
        walked(&mut rng, &layouts, moves)
    });
    let names = goal_names(&mut rng, &layouts.blocks);
    let text = write_layouts(&layouts, &names, rng.percent(50));
    // The metric line, if any, follows the size, the rows, the target and the goal.
    match start.lines().nth(puzzle.rows + 3) {
        Some(metric) => text + metric + "\n",
        None => text,
    }
}

/// The corners after `moves` random moves from the start, none of them undoing the one before
/// unless nothing else can move.
fn walked(rng: &mut Rng, l: &Layouts, moves: usize) -> Vec<(usize, usize)> {
    let rules = l.rules();
    let mut at: Vec<(usize, usize)> = l.blocks.iter().map(|b| b.at).collect();
    let mut undo = None;
    for _ in 0..moves {
        let all = reference::moves_from(&rules, &at);
        let onwards: Vec<(usize, (usize, usize))> =
            all.iter().copied().filter(|&m| Some(m) != undo).collect();
        let (b, to) = match (onwards.is_empty(), all.is_empty()) {
            (false, _) => rng.pick(&onwards),
            (true, false) => rng.pick(&all),
            (true, true) => break,
        };
        undo = Some((b, at[b]));
        at[b] = to;
    }
    at
}

/// The blocks placed on the empty board again, in a random order, each at a random corner where it
/// fits; `None` if a few tries all leave a block with no room.
fn placed_anew(rng: &mut Rng, l: &Layouts) -> Option<Vec<(usize, usize)>> {
    'tries: for _ in 0..8 {
        let mut board = Board::new(l.rows, l.cols, vec![false; l.rows * l.cols]);
        let mut order: Vec<usize> = (0..l.blocks.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut at = vec![(0, 0); l.blocks.len()];
        for b in order {
            let cells = &l.blocks[b].cells;
            let corners = board.places(cells);
            if corners.is_empty() {
                continue 'tries;
            }
            at[b] = rng.pick(&corners);
            board.put(cells.clone(), at[b]);
        }
        return Some(at);
    }
    None
}

/// The names the goal layout gives the blocks: the start's names half the time; else the names of
/// same-shape blocks shuffled among them, or every name given to another block, whatever its shape
/// (a solver that matches blocks by name goes wrong on these).
fn goal_names(rng: &mut Rng, blocks: &[Block]) -> Vec<String> {
    let mut names: Vec<String> = blocks.iter().map(|b| b.name.clone()).collect();
    match rng.below(4) {
        0 | 1 => {}
        2 => {
            for i in (1..names.len()).rev() {
                let alike: Vec<usize> = (0..=i)
                    .filter(|&j| blocks[j].cells == blocks[i].cells)
                    .collect();
                names.swap(i, rng.pick(&alike));
            }
        }
        _ => names.reverse(),
    }
    names
}

/// The input text: the size, the start layout, a blank line if `blank`, the goal layout (block `b`
/// named `goal_names[b]`); no metric line.
fn write_layouts(l: &Layouts, goal_names: &[String], blank: bool) -> String {
    let blank = if blank { "\n" } else { "" };
    start_text(l) + blank + &grid(l, &l.goal, goal_names)
}

/// The input text of a pair of layouts, the goal's blocks named as the start's.
pub fn render(l: &Layouts) -> String {
    let names: Vec<String> = l.blocks.iter().map(|b| b.name.clone()).collect();
    write_layouts(l, &names, true) + metric_line(l.metric)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::huarong::reference::{Answer, Metric};

    /// The goal layout's rows of an input.
    fn goal_rows(input: &str) -> Vec<&str> {
        let mut lines = input.lines().filter(|l| !l.trim().is_empty());
        let rows: usize = lines
            .next()
            .and_then(|l| l.split(' ').next()?.parse().ok())
            .unwrap_or(0);
        lines.skip(rows).take(rows).collect()
    }

    #[test]
    fn rendering_gives_back_the_same_pair() {
        for index in 0..200 {
            let (input, cases) = Pairs.input(5, index, 1);
            let layouts =
                reference::parse_layouts(&input).unwrap_or_else(|e| panic!("{e}\n{input}"));
            assert_eq!(cases, 1);
            let again = reference::parse_layouts(&render(&layouts));
            let same_goal =
                again.map(|l| l.check_goal(&layouts.goal, 1).is_ok() && l.blocks == layouts.blocks);
            assert_eq!(same_goal, Ok(true), "{input}");
        }
    }

    #[test]
    fn pairs_cover_every_kind_and_metric_some_with_new_names() {
        let mut kinds = [0; 3];
        let (mut metrics, mut renamed) = (Vec::new(), 0);
        for index in 0..150 {
            let (input, _) = Pairs.input(3, index, 1);
            let layouts = reference::parse_layouts(&input).expect("valid");
            match reference::search_within(&layouts, MAX_STATES) {
                Ok((Answer::Moves(0), _)) => kinds[0] += 1,
                Ok((Answer::Moves(_), _)) => kinds[1] += 1,
                Ok((Answer::Unsolvable, _)) => kinds[2] += 1,
                Err(_) => {}
            }
            if !metrics.contains(&layouts.metric) {
                metrics.push(layouts.metric);
            }
            renamed += usize::from(goal_rows(&input) != goal_rows(&render(&layouts)));
        }
        assert!(
            kinds.iter().all(|&n| n >= 5),
            "solved, solvable, unsolvable: {kinds:?}"
        );
        assert_eq!(metrics.len(), 3);
        assert!(renamed > 0);
    }

    #[test]
    fn sized_pairs_have_their_size_and_full_boards_stay_full() {
        for (rows, cols) in [(1, 64), (64, 1), (8, 8), (2, 3)] {
            for full_board in [false, true] {
                let size = Size {
                    rows,
                    cols,
                    full_board,
                    metric: "straight",
                };
                let input = sized_pair(1, 2, size);
                let l = reference::parse_layouts(&input).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!((l.rows, l.cols, l.metric), (rows, cols, Metric::Straight));
                let cells: usize = l.blocks.iter().map(|b| b.cells.len()).sum();
                assert_eq!(cells == rows * cols, full_board, "{input}");
            }
        }
    }

    #[test]
    fn smaller_pairs_drop_a_block_or_a_line_empty_in_both() {
        let input = "3 3\nA . .\nB . .\n. . .\n\n. A .\nB . .\n. . .\nsteps\n";
        let smaller = Pairs.smaller(input, None);
        assert_eq!(
            smaller[0],
            "3 3\n. . .\nB . .\n. . .\n\n. . .\nB . .\n. . .\nsteps\n"
        );
        assert!(smaller.contains(&"2 3\nA . .\nB . .\n\n. A .\nB . .\nsteps\n".to_string()));
        assert!(smaller.contains(&"3 2\nA .\nB .\n. .\n\n. A\nB .\n. .\nsteps\n".to_string()));
        assert_eq!(smaller.len(), 5, "{smaller:?}");
        assert!(Pairs.smaller("not a pair", None).is_empty());
    }
}
