//! The judge's own answer key for Eight: boards as text, a plain BFS from the goal, and move replay.
//! Deliberately naive and separate from `src/bin/eight.rs`, so a bug there cannot hide here. It
//! serves both goals the solution knows: POJ's `12345678x` (Baekjoon 1525's too, its blank `0`) and
//! Luogu P1379's `123804765`.

use crate::puzzles::walk::LayerWalk;
use std::collections::{HashMap, VecDeque};

/// A board as its nine cells in reading order, `b'1'..=b'8'` and `b'x'` for the blank.
pub type Board = [u8; 9];
pub const GOAL: Board = *b"12345678x";
/// Luogu P1379's goal, `1 2 3 / 8 0 4 / 7 6 5`, its blank `0` written `x` as everywhere here.
pub const LUOGU_GOAL: Board = *b"1238x4765";

/// Splits input into boards the way the problem reads it: whitespace is ignored, nine cells a board.
pub fn parse_boards(input: &[u8]) -> Result<Vec<Board>, String> {
    let cells: Vec<u8> = input
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    let chunks = cells.chunks(9);
    chunks
        .enumerate()
        .map(|(i, chunk)| board_from(chunk).map_err(|e| format!("case {}: {e}", i + 1)))
        .collect()
}

/// Luogu P1379's and Baekjoon 1525's input: boards of the digits 0-8, `0` the blank, read as
/// [`parse_boards`] reads them.
pub fn parse_luogu(input: &[u8]) -> Result<Vec<Board>, String> {
    if let Some(&x) = input.iter().find(|&&b| b == b'x') {
        return Err(format!(
            "'{}' is no cell here: the blank is 0",
            char::from(x)
        ));
    }
    let cells: Vec<u8> = (input.iter())
        .map(|&b| if b == b'0' { b'x' } else { b })
        .collect();
    parse_boards(&cells).map_err(|e| e.replace("1-8 and x", "0-8"))
}

fn board_from(cells: &[u8]) -> Result<Board, String> {
    let board: Board = cells
        .try_into()
        .map_err(|_| format!("only {} of 9 cells", cells.len()))?;
    let mut sorted = board;
    sorted.sort_unstable();
    if &sorted != b"12345678x" {
        return Err(format!(
            "'{}' is not the cells 1-8 and x once each",
            board.escape_ascii()
        ));
    }
    Ok(board)
}

/// The board after the blank moves one step by `letter` (`u`, `d`, `l`, `r`), if that is legal.
pub fn apply(board: &Board, letter: u8) -> Option<Board> {
    let blank = board.iter().position(|&c| c == b'x')?;
    let (row, col) = (blank / 3, blank % 3);
    let (row, col) = match letter {
        b'u' if row > 0 => (row - 1, col),
        b'd' if row < 2 => (row + 1, col),
        b'l' if col > 0 => (row, col - 1),
        b'r' if col < 2 => (row, col + 1),
        _ => return None,
    };
    let mut next = *board;
    next.swap(blank, row * 3 + col);
    Some(next)
}

/// Distance to the goal of every solvable board.
pub struct Distances(pub HashMap<Board, u8>);

impl Distances {
    /// The distances to `goal`, by a BFS from it (moves can be undone, so its distances are the
    /// boards' distances to it).
    pub fn to(goal: Board) -> Self {
        let mut dist = HashMap::from([(goal, 0)]);
        let mut queue = VecDeque::from([goal]);
        while let Some(board) = queue.pop_front() {
            let d = dist[&board];
            for letter in *b"udlr" {
                if let Some(next) = apply(&board, letter) {
                    dist.entry(next).or_insert_with(|| {
                        queue.push_back(next);
                        d + 1
                    });
                }
            }
        }
        Distances(dist)
    }

    /// The boards grouped by their distance, each group sorted: the layers of a plain BFS from the
    /// goal. The table is a hash map, whose order differs from run to run, and a seed must not.
    pub fn layers(&self) -> Vec<Vec<Board>> {
        let depths = self.0.values().map(|&d| usize::from(d) + 1);
        let mut layers: Vec<Vec<Board>> = vec![Vec::new(); depths.max().unwrap_or(0)];
        for (board, &distance) in &self.0 {
            layers[usize::from(distance)].push(*board);
        }
        for layer in &mut layers {
            layer.sort_unstable();
        }
        layers
    }

    /// How many boards lie at each distance from the goal.
    pub fn layer_counts(&self) -> Vec<usize> {
        self.layers().iter().map(Vec::len).collect()
    }

    /// The optimal number of moves, or `None` if the board cannot reach the goal.
    pub fn get(&self, board: &Board) -> Option<u8> {
        self.0.get(board).copied()
    }

    /// One shortest way from `board` to the goal, as the blank's moves: each a step to a board one
    /// move nearer. `None` if the board cannot reach the goal.
    pub fn shortest_path(&self, board: &Board) -> Option<String> {
        let (mut at, mut left) = (*board, self.get(board)?);
        let mut path = String::new();
        while left > 0 {
            let step = |&letter: &u8| Some((letter, apply(&at, letter)?));
            let mut steps = b"udlr".iter().filter_map(step);
            let (letter, next) = steps.find(|(_, n)| self.get(n) == Some(left - 1))?;
            path.push(char::from(letter));
            (at, left) = (next, left - 1);
        }
        Some(path)
    }
}

/// A plain BFS from `start`, a layer at a time.
pub fn walk(start: Board) -> LayerWalk<'static, Board> {
    let moves = |board: &Board| b"udlr".iter().filter_map(|&m| apply(board, m)).collect();
    LayerWalk::new(start, moves, usize::MAX)
}

/// How many boards a plain BFS from `start` first reaches at each depth, up to the layer that holds
/// the goal (all of them if it never does): the one-sided search the bidirectional one is measured
/// against.
pub fn layer_sizes(start: &Board, goal: &Board) -> Vec<usize> {
    walk(*start).sizes_to(|board| board == goal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bfs_reaches_half_the_boards_and_the_hardest_need_31() {
        let dist = Distances::to(GOAL);
        assert_eq!(dist.0.len(), 181_440);
        assert_eq!(dist.0.values().max(), Some(&31));
        assert_eq!(dist.get(b"8672543x1"), Some(31));
        assert_eq!(dist.get(b"21345678x"), None);
    }

    #[test]
    fn luogus_goal_has_its_own_half_of_the_boards_within_30_moves() {
        let dist = Distances::to(LUOGU_GOAL);
        assert_eq!(dist.0.len(), 181_440);
        assert_eq!(dist.get(&GOAL), None, "the other parity");
        assert_eq!(parse_luogu(b"283104765"), Ok(vec![*b"2831x4765"]));
        assert_eq!(dist.get(b"2831x4765"), Some(4), "P1379's sample");
        assert_eq!(dist.0.values().max(), Some(&30));
        let refused = parse_luogu(b"12345678x").unwrap_err();
        assert_eq!(refused, "'x' is no cell here: the blank is 0");
    }

    #[test]
    fn parsing_ignores_whitespace_and_names_the_bad_case() {
        assert_eq!(
            parse_boards(b" 1 2 3\n4 5 6\t7 8 x12345678x"),
            Ok(vec![GOAL, GOAL])
        );
        assert_eq!(
            parse_boards(b"12345678x 1234"),
            Err("case 2: only 4 of 9 cells".into())
        );
        assert!(parse_boards(b"12345678y")
            .unwrap_err()
            .starts_with("case 1: '12345678y'"));
    }
}
