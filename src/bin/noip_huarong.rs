//! 华容道, NOIP 2013 提高组 Day 2 problem 3 (Luogu P1979): the shortest time to bring one chosen
//! piece to a target cell, many queries on one board.
//!
//! Input: `n m q`, then n rows of m numbers (0: a fixed piece, 1: a movable piece or the empty cell),
//! then q queries `EX EY SX SY TX TY` (1-based): the empty cell, the chosen piece, its target.
//! Output: per query, the fewest moves (one piece next to the empty cell slides into it), or `-1`.
//! With `BFS_TRACE=1`, stderr tells how many cells and states the searches visited.
//!
//! Idea: a plain BFS over (piece cell, empty cell) pairs visits up to 900 × 900 states a query, too
//! many for 500 queries. But the chosen piece only moves when the empty cell is right beside it, so
//! the states that matter are (piece cell, side of the piece where the empty cell is): 900 × 4. From
//! such a state there are two kinds of step:
//!   - swap: the piece slides into the empty cell beside it (cost 1), and the empty cell is now on
//!     the opposite side of the piece;
//!   - walk round: the empty cell goes from one side of the piece to another without passing through
//!     the piece (cost: a BFS of the empty cell with the piece's cell blocked).
//!
//! The walk costs depend on the board only, so they are computed once for every (cell, side, side),
//! and each query is a Dijkstra over the 3,600 compressed states. The compression is exact: between
//! two slides of the chosen piece, every other move only walks the empty cell around the fixed piece,
//! and the cheapest such walk is exactly the precomputed BFS distance.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::io::{self, Read, Write};
use std::ops::RangeInclusive;

// Sides of a cell, and the offsets that reach them; `d ^ 1` is the opposite side.
const SIDES: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
const FAR: u32 = u32::MAX;

/// The board: which cells hold a movable piece (or the empty cell), row by row.
struct Board {
    rows: usize,
    cols: usize,
    open: Vec<bool>,
}

impl Board {
    /// The cell beside `cell` on side `d`, if it is on the board and open.
    fn beside(&self, cell: usize, d: usize) -> Option<usize> {
        let r = (cell / self.cols) as isize + SIDES[d].0;
        let c = (cell % self.cols) as isize + SIDES[d].1;
        if r < 0 || c < 0 || r >= self.rows as isize || c >= self.cols as isize {
            return None;
        }
        Some(r as usize * self.cols + c as usize).filter(|&next| self.open[next])
    }

    /// Moves the empty cell needs from `from` to every cell, never entering `blocked`.
    fn empty_walk(&self, from: usize, blocked: usize) -> Vec<u32> {
        let mut dist = vec![FAR; self.open.len()];
        dist[from] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(at) = queue.pop_front() {
            for d in 0..4 {
                match self.beside(at, d) {
                    Some(next) if next != blocked && dist[next] == FAR => {
                        dist[next] = dist[at] + 1;
                        queue.push_back(next);
                    }
                    _ => {}
                }
            }
        }
        dist
    }
}

/// The compressed graph: `walk[(cell * 4 + from) * 4 + to]` is what it costs the empty cell to go
/// from side `from` of a piece on `cell` to side `to`, around the piece (`FAR`: it cannot).
struct Walks {
    walk: Vec<u32>,
    /// Cells the empty cell's searches reached, all told (for `BFS_TRACE`).
    reached: usize,
}

impl Walks {
    fn new(board: &Board) -> Self {
        let mut walk = vec![FAR; board.open.len() * 16];
        let mut reached = 0;
        for cell in (0..board.open.len()).filter(|&c| board.open[c]) {
            let starts = (0..4).filter_map(|from| board.beside(cell, from).map(|s| (from, s)));
            for (from, start) in starts {
                let dist = board.empty_walk(start, cell);
                reached += dist.iter().filter(|&&d| d != FAR).count();
                for to in 0..4 {
                    if let Some(side) = board.beside(cell, to) {
                        walk[(cell * 4 + from) * 4 + to] = dist[side];
                    }
                }
            }
        }
        Walks { walk, reached }
    }
}

/// One query, as 0-based cells.
struct Query {
    empty: usize,
    piece: usize,
    target: usize,
}

/// The search's state: the cheapest cost found for each (piece cell, side of the empty cell), and
/// the states waiting to be settled, cheapest first.
struct Frontier {
    dist: Vec<u32>,
    heap: BinaryHeap<Reverse<(u32, usize)>>,
}

impl Frontier {
    /// Keeps `cost` for `state` if it is cheaper than any found so far.
    fn relax(&mut self, state: usize, cost: u32) {
        if cost < self.dist[state] {
            self.dist[state] = cost;
            self.heap.push(Reverse((cost, state)));
        }
    }
}

/// The fewest moves for one query, or `None`; and how many states the search settled.
fn answer(board: &Board, walks: &Walks, q: &Query) -> (Option<u32>, usize) {
    if q.piece == q.target {
        return (Some(0), 0); // before any walk: the empty cell need not move at all
    }
    let mut frontier = seeded(board, q);
    // Dijkstra over (piece cell, side of the empty cell).
    let mut settled = 0;
    while let Some(Reverse((cost, state))) = frontier.heap.pop() {
        let (cell, side) = (state / 4, state % 4);
        if cell == q.target {
            return (Some(cost), settled);
        }
        if cost > frontier.dist[state] {
            continue; // settled already, more cheaply
        }
        settled += 1;
        for to in (0..4).filter(|&to| to != side) {
            let walk = walks.walk[state * 4 + to];
            frontier.relax(cell * 4 + to, cost.saturating_add(walk));
        }
        if let Some(swapped) = board.beside(cell, side) {
            frontier.relax(swapped * 4 + (side ^ 1), cost + 1);
        }
    }
    (None, settled)
}

/// The search's start: the empty cell walks from where it is to each side of the piece it can
/// reach, going round the piece (stepping onto it would move it).
fn seeded(board: &Board, q: &Query) -> Frontier {
    let to_piece = board.empty_walk(q.empty, q.piece);
    let mut frontier = Frontier {
        dist: vec![FAR; board.open.len() * 4],
        heap: BinaryHeap::new(),
    };
    for d in 0..4 {
        if let Some(side) = board.beside(q.piece, d).filter(|&s| to_piece[s] != FAR) {
            frontier.relax(q.piece * 4 + d, to_piece[side]);
        }
    }
    frontier
}

/// Where and why the input is bad. Lines count from 1.
#[derive(Debug, PartialEq)]
struct InputError {
    line: usize,
    what: String,
}

/// The input's words, each with its line, read one number at a time.
struct Numbers<'a> {
    words: Vec<(usize, &'a str)>,
    next: usize,
    /// The line of the last number read (for errors found after reading it).
    line: usize,
}

impl<'a> Numbers<'a> {
    fn new(input: &'a str) -> Self {
        let words = (input.lines().enumerate())
            .flat_map(|(i, line)| line.split_whitespace().map(move |w| (i + 1, w)))
            .collect();
        Numbers {
            words,
            next: 0,
            line: 1,
        }
    }

    /// The next number, which must lie in `range`; `what` names it in errors.
    fn read(&mut self, what: &str, range: RangeInclusive<usize>) -> Result<usize, InputError> {
        let Some(&(line, word)) = self.words.get(self.next) else {
            let what = format!("the input ends before {what}");
            return Err(InputError {
                line: self.line,
                what,
            });
        };
        (self.next, self.line) = (self.next + 1, line);
        match word.parse::<usize>() {
            Ok(n) if range.contains(&n) => Ok(n),
            _ => {
                let (low, high) = (range.start(), range.end());
                let what = format!(
                    "{what} is `{}`, expected a whole number from {low} to {high}",
                    word.escape_debug()
                );
                Err(InputError { line, what })
            }
        }
    }
}

fn read_board(numbers: &mut Numbers) -> Result<(Board, usize), InputError> {
    let rows = numbers.read("n", 1..=30)?;
    let cols = numbers.read("m", 1..=30)?;
    let queries = numbers.read("q", 0..=500)?;
    let mut open = Vec::with_capacity(rows * cols);
    for r in 1..=rows {
        for c in 1..=cols {
            open.push(numbers.read(&format!("cell ({r},{c})"), 0..=1)? == 1);
        }
    }
    Ok((Board { rows, cols, open }, queries))
}

/// Query `k`: three cells; the empty cell and the piece must be movable cells, and not the same
/// (the target may be any cell: a fixed one is simply out of reach).
fn read_query(numbers: &mut Numbers, board: &Board, k: usize) -> Result<Query, InputError> {
    let mut cell = |name: &str| -> Result<usize, InputError> {
        let r = numbers.read(&format!("query {k}'s {name} row"), 1..=board.rows)?;
        let c = numbers.read(&format!("query {k}'s {name} column"), 1..=board.cols)?;
        Ok((r - 1) * board.cols + c - 1)
    };
    let (empty, piece, target) = (cell("empty cell")?, cell("piece")?, cell("target")?);
    let what = if !board.open[empty] {
        "the empty cell is on a fixed piece"
    } else if !board.open[piece] {
        "the chosen piece is a fixed one"
    } else if empty == piece {
        "the empty cell and the chosen piece are the same cell"
    } else {
        return Ok(Query {
            empty,
            piece,
            target,
        });
    };
    let what = format!("query {k}: {what}");
    Err(InputError {
        line: numbers.line,
        what,
    })
}

#[derive(Debug)]
enum Failure {
    BadInput(InputError),
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// Answers every query of `input` on `out`, one line each, stopping at the first bad query (the
/// answers before it are written). `trace` tells on stderr how much each search visited.
fn run(input: &str, out: &mut impl Write, trace: bool) -> Result<(), Failure> {
    let mut numbers = Numbers::new(input);
    let (board, queries) = read_board(&mut numbers).map_err(Failure::BadInput)?;
    let walks = Walks::new(&board);
    if trace {
        eprintln!(
            "walks: the empty cell's searches reached {} cells",
            walks.reached
        );
    }
    for k in 1..=queries {
        let query = read_query(&mut numbers, &board, k).map_err(Failure::BadInput)?;
        let (moves, settled) = answer(&board, &walks, &query);
        match moves {
            Some(moves) => writeln!(out, "{moves}")?,
            None => writeln!(out, "-1")?,
        }
        if trace {
            eprintln!("query {k}: {settled} states settled");
        }
    }
    if let Some(&(line, word)) = numbers.words.get(numbers.next) {
        let what = format!("`{}` after the last query", word.escape_debug());
        return Err(Failure::BadInput(InputError { line, what }));
    }
    Ok(())
}

/// The input as text; bytes that are not UTF-8 are bad input, named by their line.
fn text(bytes: Vec<u8>) -> Result<String, Failure> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
        let what = "a byte that is not text (UTF-8)".to_string();
        Failure::BadInput(InputError { line, what })
    })
}

fn main() {
    let mut input = Vec::new();
    let trace = std::env::var_os("BFS_TRACE").is_some_and(|v| v == "1");
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = match io::stdin().read_to_end(&mut input) {
        Ok(_) => text(input).and_then(|input| run(&input, &mut out, trace)),
        Err(e) => Err(Failure::Io(e)),
    };
    let flushed = out.flush();
    let message = match (result, flushed) {
        (Err(Failure::BadInput(e)), _) => format!("line {}: {}", e.line, e.what),
        (Err(Failure::Io(e)), _) | (Ok(()), Err(e)) => format!("i/o error: {e}"),
        (Ok(()), Ok(())) => return,
    };
    eprintln!("noip_huarong: {message}");
    std::process::exit(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(input: &str) -> Result<String, String> {
        let mut out = Vec::new();
        match run(input, &mut out, false) {
            Ok(()) => Ok(String::from_utf8(out).expect("text")),
            Err(Failure::BadInput(e)) => Err(format!("line {}: {}", e.line, e.what)),
            Err(Failure::Io(e)) => Err(e.to_string()),
        }
    }

    const SAMPLE: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";

    #[test]
    fn the_contest_sample() {
        assert_eq!(answers(SAMPLE), Ok("2\n-1\n".into()));
    }

    #[test]
    fn a_piece_on_its_target_needs_nothing_and_a_fixed_target_is_out_of_reach() {
        let open = "2 2 2\n1 1\n1 0\n1 1 1 2 1 2\n1 1 1 2 2 2\n";
        assert_eq!(answers(open), Ok("0\n-1\n".into()));
    }

    #[test]
    fn one_row_lets_the_piece_move_only_toward_the_empty_cell() {
        let row = "1 4 2\n1 1 1 1\n1 1 1 2 1 1\n1 1 1 2 1 4\n";
        assert_eq!(answers(row), Ok("1\n-1\n".into()));
    }

    #[test]
    fn bad_input_names_the_line_and_keeps_earlier_answers() {
        let mut out = Vec::new();
        let bad = "1 3 2\n1 1 1\n1 1 1 2 1 3\n1 1 1 1 1 3\n";
        let Err(Failure::BadInput(e)) = run(bad, &mut out, false) else {
            panic!("accepted")
        };
        assert_eq!(
            e,
            InputError {
                line: 4,
                what: "query 2: the empty cell and the chosen piece are the same cell".into()
            }
        );
        assert_eq!(out, b"-1\n");
        assert_eq!(
            answers("2 2 1\n1 1\n1 x\n"),
            Err("line 3: cell (2,2) is `x`, expected a whole number from 0 to 1".into())
        );
        assert_eq!(
            answers("1 1 1\n1\n"),
            Err("line 2: the input ends before query 1's empty cell row".into())
        );
        let Err(Failure::BadInput(e)) = text(b"1 2 1\n1 \xff\n".to_vec()) else {
            panic!("not UTF-8 is bad input")
        };
        assert_eq!(e.line, 2);
        assert_eq!(
            answers("1 2 0\n1 1\n\x1b[2J\n"),
            Err("line 3: `\\u{1b}[2J` after the last query".into())
        );
    }
}
