//! 华容道, NOIP 2013 提高组 Day 2 problem 3 (Luogu P1979): the shortest time to bring one chosen
//! piece to a target cell, many queries on one board.
//!
//! Input: `n m q`, then n rows of m numbers (0: a fixed piece, 1: a movable piece or the empty cell),
//! then q queries `EX EY SX SY TX TY` (1-based): the empty cell, the chosen piece, its target.
//! Output: per query, the fewest moves (one piece next to the empty cell slides into it), or `-1`.
//! Bad input: one line on stderr with its line and column, after the answers before it, and exit 1;
//! but after the last query, where nothing can change an answer, blank space, 0x1A and NUL are
//! ignored and other text only warned about. With `BFS_TRACE=1`, stderr tells how many cells and
//! states the searches visited.
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
//! and the cheapest such walk is exactly the precomputed BFS distance. Every step costs a whole
//! number below the board's cell count, so the Dijkstra keeps its frontier in buckets by cost (Dial's
//! algorithm) instead of a heap, and its buffers serve every query of the board. The board's state
//! graph is also split once into its connected parts: a query whose piece lies in no part with a
//! state on its target is answered `-1` at once, where the search would settle all it can reach.

use std::fmt;
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
    /// `near[cell][d]`: the open cell beside `cell` on side `d`, worked out once, because the
    /// searches ask for it millions of times.
    near: Vec<[Option<usize>; 4]>,
}

impl Board {
    fn new(rows: usize, cols: usize, open: Vec<bool>) -> Self {
        let at = |cell: usize, d: usize| {
            let r = (cell / cols) as isize + SIDES[d].0;
            let c = (cell % cols) as isize + SIDES[d].1;
            if r < 0 || c < 0 || r >= rows as isize || c >= cols as isize {
                return None;
            }
            Some(r as usize * cols + c as usize).filter(|&next| open[next])
        };
        let near = (0..open.len())
            .map(|cell| [0, 1, 2, 3].map(|d| at(cell, d)))
            .collect();
        Board {
            rows,
            cols,
            open,
            near,
        }
    }

    /// The cell beside `cell` on side `d`, if it is on the board and open.
    fn beside(&self, cell: usize, d: usize) -> Option<usize> {
        self.near[cell][d]
    }
}

/// The compressed graph: `walk[(cell * 4 + from) * 4 + to]` is what it costs the empty cell to go
/// from side `from` of a piece on `cell` to side `to`, around the piece (`FAR`: it cannot).
struct Walks {
    walk: Vec<u32>,
    /// Per state, which connected part of the state graph it lies in (`FAR` for no state): a query
    /// whose piece cannot reach any state on its target is answered without a search.
    component: Vec<u32>,
    /// Cells the empty cell's searches reached, all told (for `BFS_TRACE`).
    reached: usize,
}

/// One query, as 0-based cells.
struct Query {
    empty: usize,
    piece: usize,
    target: usize,
}

/// A BFS of the empty cell, its buffers kept from one search to the next: `dist` is `FAR` on every
/// cell but those the last search reached, which `queue` lists, so the next resets only those.
struct Bfs {
    dist: Vec<u32>,
    queue: Vec<usize>,
}

/// The search's state: the cheapest cost found for each (piece cell, side of the empty cell), and
/// the states waiting to be settled, in buckets by cost (Dial's algorithm): `buckets[c % len]`
/// holds those waiting at cost `c`, and `cost` is the cost being settled now.
struct Frontier {
    dist: Vec<u32>,
    buckets: Vec<Vec<usize>>,
    cost: u32,
    waiting: usize,
}

/// The buffers of a query's search, allocated once a board rather than once a query.
struct Search {
    bfs: Bfs,
    frontier: Frontier,
}

impl Bfs {
    fn new(cells: usize) -> Self {
        Bfs {
            dist: vec![FAR; cells],
            queue: Vec::with_capacity(cells),
        }
    }
}

impl Search {
    fn new(cells: usize) -> Self {
        Search {
            bfs: Bfs::new(cells),
            frontier: Frontier {
                dist: vec![FAR; cells * 4],
                // A step or a seed costs less than the board has cells (a walk is a BFS distance),
                // so the costs waiting at one time lie in `cost..cost + cells`: a bucket each.
                buckets: vec![Vec::new(); cells],
                cost: 0,
                waiting: 0,
            },
        }
    }
}

// Invariant while a query is searched: a state is `cell * 4 + side`, the piece on `cell` and the
// empty cell beside it on `side`. Its edges: a slide (cost 1) to the piece on `beside(cell, side)`
// with the empty cell on `side ^ 1`, and a walk round the piece to another side (cost `walk`, at
// least 2, never entering the piece's cell). The buckets give states out cheapest first, as a heap
// would but in O(1) a step, and every cost is positive: a state taken out at the cost `dist` holds
// is settled at its optimum, and the first one on the target answers the query. The seeds are the
// empty cell's first walk, from its start to each side of the piece, round it too; a piece already
// on its target needs no move at all.
// practice: begin search
impl Bfs {
    /// Moves the empty cell needs from `from`, never entering `blocked` (the piece's cell); read
    /// them in `dist`. Only the piece's sides are wanted, so it stops once it has reached them all.
    fn walk(&mut self, board: &Board, from: usize, blocked: usize) {
        let Bfs { dist, queue } = self;
        for &cell in queue.iter() {
            dist[cell] = FAR;
        }
        queue.clear();
        let sides = [0, 1, 2, 3].map(|d| board.beside(blocked, d));
        let mut left = sides
            .iter()
            .filter(|&&s| s.is_some() && s != Some(from))
            .count();
        dist[from] = 0;
        queue.push(from);
        let mut head = 0;
        while left > 0 && head < queue.len() {
            let at = queue[head];
            head += 1;
            for d in 0..4 {
                match board.beside(at, d) {
                    Some(next) if next != blocked && dist[next] == FAR => {
                        dist[next] = dist[at] + 1;
                        queue.push(next);
                        if sides.contains(&Some(next)) {
                            left -= 1;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

impl Walks {
    fn new(board: &Board) -> Self {
        let cells = board.open.len();
        let mut walk = vec![FAR; cells * 16];
        let mut bfs = Bfs::new(cells);
        let mut reached = 0;
        for cell in (0..cells).filter(|&c| board.open[c]) {
            let starts = (0..4).filter_map(|from| board.beside(cell, from).map(|s| (from, s)));
            for (from, start) in starts {
                bfs.walk(board, start, cell);
                reached += bfs.queue.len();
                for to in 0..4 {
                    if let Some(side) = board.beside(cell, to) {
                        walk[(cell * 4 + from) * 4 + to] = bfs.dist[side];
                    }
                }
            }
        }
        let component = components(board, &walk);
        Walks {
            walk,
            component,
            reached,
        }
    }
}

/// Labels each state (`cell * 4 + side`) with the first state of its connected part of the state
/// graph, whose edges are the walks and the slides; `FAR` where the cell or its side is fixed.
fn components(board: &Board, walk: &[u32]) -> Vec<u32> {
    let mut component = vec![FAR; walk.len() / 4];
    let mut stack = Vec::new();
    for first in 0..component.len() {
        let (cell, side) = (first / 4, first % 4);
        let is_state = board.open[cell] && board.beside(cell, side).is_some();
        if !is_state || component[first] != FAR {
            continue;
        }
        component[first] = first as u32;
        stack.push(first);
        while let Some(state) = stack.pop() {
            let (cell, side) = (state / 4, state % 4);
            let walks = (0..4).filter(|&to| walk[state * 4 + to] != FAR);
            let slide = board.beside(cell, side).map(|next| next * 4 + (side ^ 1));
            for next in walks.map(|to| cell * 4 + to).chain(slide) {
                if component[next] == FAR {
                    component[next] = first as u32;
                    stack.push(next);
                }
            }
        }
    }
    component
}

impl Frontier {
    /// Empties the frontier for a new query. Clearing all of `dist`, 4 entries a cell, costs less
    /// than remembering which entries were set.
    fn clear(&mut self) {
        self.dist.fill(FAR);
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        self.cost = 0;
        self.waiting = 0;
    }

    /// Keeps `cost` for `state` if it is cheaper than any found so far. A cheaper cost leaves the
    /// dearer one in its bucket, to be skipped when it comes out.
    fn relax(&mut self, state: usize, cost: u32) {
        if cost < self.dist[state] {
            let len = self.buckets.len();
            debug_assert!(cost >= self.cost && ((cost - self.cost) as usize) < len);
            self.dist[state] = cost;
            self.buckets[cost as usize % len].push(state);
            self.waiting += 1;
        }
    }

    /// A cheapest waiting state, and its cost; `None` once none is waiting.
    fn pop(&mut self) -> Option<(u32, usize)> {
        while self.waiting > 0 {
            let len = self.buckets.len();
            if let Some(state) = self.buckets[self.cost as usize % len].pop() {
                self.waiting -= 1;
                return Some((self.cost, state));
            }
            self.cost += 1;
        }
        None
    }
}

/// The fewest moves for one query, or `None`; and how many states the search settled.
fn answer(board: &Board, walks: &Walks, q: &Query, search: &mut Search) -> (Option<u32>, usize) {
    if q.piece == q.target {
        return (Some(0), 0); // before any walk: the empty cell need not move at all
    }
    seed(board, q, search);
    let frontier = &mut search.frontier;
    // The seeds share one part (the empty cell walks between them). If no state on the target is in
    // it, the search would settle all of that part in vain: like Eight's parity, this answers first.
    let seeded = (0..4)
        .map(|d| q.piece * 4 + d)
        .find(|&s| frontier.dist[s] != FAR);
    let part = |state: usize| walks.component[state];
    let apart = seeded.map_or(true, |s| (0..4).all(|d| part(q.target * 4 + d) != part(s)));
    if apart {
        return (None, 0);
    }
    // Dijkstra over (piece cell, side of the empty cell).
    let mut settled = 0;
    while let Some((cost, state)) = frontier.pop() {
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
fn seed(board: &Board, q: &Query, search: &mut Search) {
    let Search { bfs, frontier } = search;
    bfs.walk(board, q.empty, q.piece);
    frontier.clear();
    for d in 0..4 {
        if let Some(side) = board.beside(q.piece, d).filter(|&s| bfs.dist[s] != FAR) {
            frontier.relax(q.piece * 4 + d, bfs.dist[side]);
        }
    }
}
// practice: end search

// ---------------------------------------------------------------------------------------------------
// Input: words between whitespace, read one at a time, so that the answers before a bad word are
// written before its error.

/// Where and why the input is bad. Lines and columns count from 1; the end of the input has no
/// column.
#[derive(Debug, PartialEq)]
pub(crate) struct InputError {
    line: usize,
    column: Option<usize>,
    what: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {}: {}", self.line, column, self.what),
            None => write!(f, "line {}: {}", self.line, self.what),
        }
    }
}

/// The first word after the last query: it cannot change an answer, so it is only warned about.
#[derive(Debug, PartialEq)]
pub(crate) struct Ignored {
    line: usize,
    column: usize,
    /// The word as `quoted` shows it.
    text: String,
}

impl fmt::Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let Ignored { line, column, text } = self;
        write!(
            f,
            "line {}, column {}: ignored text after the last query: `{}`",
            line, column, text
        )
    }
}

/// Characters of a word that a message quotes; a longer word is cut, with `…` after it.
const QUOTED: usize = 40;

/// The character at `at` and its length in bytes, or `None` for a byte that is not UTF-8.
fn char_at(bytes: &[u8], at: usize) -> Option<(char, usize)> {
    if bytes[at].is_ascii() {
        return Some((bytes[at] as char, 1));
    }
    let next = &bytes[at..bytes.len().min(at + 4)];
    let valid = match std::str::from_utf8(next) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&next[..e.valid_up_to()]).ok()?,
    };
    valid.chars().next().map(|c| (c, c.len_utf8()))
}

/// `bytes` escaped for a message, at most `QUOTED` characters of them.
fn quoted(bytes: &[u8]) -> String {
    let (mut text, mut at) = (String::new(), 0);
    for _ in 0..QUOTED {
        if at == bytes.len() {
            return text;
        }
        match char_at(bytes, at) {
            Some((c, len)) => {
                text.extend(c.escape_debug());
                at += len;
            }
            None => {
                text += &format!("\\x{:02X}", bytes[at]);
                at += 1;
            }
        }
    }
    if at < bytes.len() {
        text.push('…');
    }
    text
}

/// A run of characters between whitespace, and where it starts.
struct Word<'a> {
    bytes: &'a [u8],
    line: usize,
    column: usize,
    /// The first byte that is not UTF-8, if any, and its column.
    not_text: Option<(u8, usize)>,
}

/// The input's words in order. The input ends before its trailing whitespace, DOS end-of-file
/// bytes (0x1A) and NULs, which are ignored even glued to the last word.
struct Words<'a> {
    input: &'a [u8],
    /// The next byte to read, and its line and column.
    at: usize,
    line: usize,
    column: usize,
}

impl<'a> Words<'a> {
    fn new(input: &'a [u8]) -> Self {
        let padding = |b: u8| b.is_ascii() && ((b as char).is_whitespace() || b == 0x1A || b == 0);
        let end = input
            .iter()
            .rposition(|&b| !padding(b))
            .map_or(0, |last| last + 1);
        Words {
            input: &input[..end],
            at: 0,
            line: 1,
            column: 1,
        }
    }

    /// The next word, or `None` at the end.
    fn next(&mut self) -> Option<Word<'a>> {
        let mut start = None; // the word's first byte, line and column
        let mut not_text = None;
        while let Some(&byte) = self.input.get(self.at) {
            let (c, len) = char_at(self.input, self.at).map_or((None, 1), |(c, n)| (Some(c), n));
            let blank = matches!(c, Some(c) if c.is_whitespace());
            match (blank, start) {
                (true, Some(_)) => break,
                (false, None) => start = Some((self.at, self.line, self.column)),
                _ => {}
            }
            if c.is_none() && not_text.is_none() {
                not_text = Some((byte, self.column));
            }
            self.at += len;
            if c == Some('\n') {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        let (from, line, column) = start?;
        Some(Word {
            bytes: &self.input[from..self.at],
            line,
            column,
            not_text,
        })
    }
}

/// The input's words read as numbers, one at a time.
struct Numbers<'a> {
    words: Words<'a>,
    /// Where the last number read starts (line, column), for errors found after reading it.
    last: (usize, usize),
}

impl<'a> Numbers<'a> {
    fn new(input: &'a [u8]) -> Self {
        Numbers {
            words: Words::new(input),
            last: (1, 1),
        }
    }

    /// The next number, which must lie in `range`; `what` names it in errors.
    fn read(&mut self, what: &str, range: RangeInclusive<usize>) -> Result<usize, InputError> {
        let ended = || InputError {
            line: self.last.0,
            column: None,
            what: format!("the input ends before {}", what),
        };
        let word = self.words.next().ok_or_else(ended)?;
        self.last = (word.line, word.column);
        let error = |column, what| {
            Err(InputError {
                line: word.line,
                column: Some(column),
                what,
            })
        };
        if let Some((byte, column)) = word.not_text {
            return error(
                column,
                format!("{} is not text: byte 0x{:02X} is not UTF-8", what, byte),
            );
        }
        match std::str::from_utf8(word.bytes).map(str::parse::<usize>) {
            Ok(Ok(n)) if range.contains(&n) => Ok(n),
            _ => {
                let (low, high) = (range.start(), range.end());
                let why = format!(
                    "{} is `{}`, expected a whole number from {} to {}",
                    what,
                    quoted(word.bytes),
                    low,
                    high
                );
                error(word.column, why)
            }
        }
    }

    /// The first word after the last query, if any.
    fn rest(mut self) -> Option<Ignored> {
        let word = self.words.next()?;
        Some(Ignored {
            line: word.line,
            column: word.column,
            text: quoted(word.bytes),
        })
    }
}

fn read_board(numbers: &mut Numbers) -> Result<(Board, usize), InputError> {
    let rows = numbers.read("n", 1..=30)?;
    let cols = numbers.read("m", 1..=30)?;
    let queries = numbers.read("q", 0..=500)?;
    let mut open = Vec::with_capacity(rows * cols);
    for r in 1..=rows {
        for c in 1..=cols {
            open.push(numbers.read(&format!("cell ({},{})", r, c), 0..=1)? == 1);
        }
    }
    Ok((Board::new(rows, cols, open), queries))
}

/// Query `k`: three cells; the empty cell and the piece must be movable cells, and not the same
/// (the target may be any cell: a fixed one is simply out of reach). An error points at the row
/// of the cell that is wrong.
fn read_query(numbers: &mut Numbers, board: &Board, k: usize) -> Result<Query, InputError> {
    let mut cell = |name: &str| -> Result<(usize, (usize, usize)), InputError> {
        let r = numbers.read(&format!("query {}'s {} row", k, name), 1..=board.rows)?;
        let place = numbers.last;
        let c = numbers.read(&format!("query {}'s {} column", k, name), 1..=board.cols)?;
        Ok(((r - 1) * board.cols + c - 1, place))
    };
    let (empty, at_empty) = cell("empty cell")?;
    let (piece, at_piece) = cell("piece")?;
    let (target, _) = cell("target")?;
    let (what, (line, column)) = if !board.open[empty] {
        ("the empty cell is on a fixed piece", at_empty)
    } else if !board.open[piece] {
        ("the chosen piece is a fixed one", at_piece)
    } else if empty == piece {
        (
            "the empty cell and the chosen piece are the same cell",
            at_piece,
        )
    } else {
        return Ok(Query {
            empty,
            piece,
            target,
        });
    };
    Err(InputError {
        line,
        column: Some(column),
        what: format!("query {}: {}", k, what),
    })
}

#[derive(Debug)]
pub(crate) enum Failure {
    BadInput(InputError),
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// Answers every query of `input` on `out`, one line each, stopping at the first bad word (the
/// answers before it are written). Returns the text after the last query, which is ignored.
/// `trace` tells on stderr how much each search visited.
pub(crate) fn run(
    input: &[u8],
    out: &mut impl Write,
    trace: bool,
) -> Result<Option<Ignored>, Failure> {
    let mut numbers = Numbers::new(input);
    let (board, queries) = read_board(&mut numbers).map_err(Failure::BadInput)?;
    let walks = Walks::new(&board);
    let mut search = Search::new(board.open.len());
    if trace {
        eprintln!(
            "walks: the empty cell's searches reached {} cells",
            walks.reached
        );
    }
    for k in 1..=queries {
        let query = read_query(&mut numbers, &board, k).map_err(Failure::BadInput)?;
        let (moves, settled) = answer(&board, &walks, &query, &mut search);
        match moves {
            Some(moves) => writeln!(out, "{}", moves)?,
            None => writeln!(out, "-1")?,
        }
        if trace {
            eprintln!("query {}: {} states settled", k, settled);
        }
    }
    Ok(numbers.rest())
}

fn main() {
    let mut input = Vec::new();
    let trace = matches!(std::env::var_os("BFS_TRACE"), Some(v) if v == "1");
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = match io::stdin().read_to_end(&mut input) {
        Ok(_) => run(&input, &mut out, trace),
        Err(e) => Err(Failure::Io(e)),
    };
    let flushed = out.flush();
    let message = match (result, flushed) {
        (Err(Failure::BadInput(e)), _) => e.to_string(),
        (Err(Failure::Io(e)), _) | (Ok(_), Err(e)) => format!("i/o error: {}", e),
        (Ok(ignored), Ok(())) => {
            if let Some(ignored) = ignored {
                eprintln!("noip_huarong: warning: {}", ignored);
            }
            return;
        }
    };
    eprintln!("noip_huarong: {}", message);
    std::process::exit(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answers, and the warning or the error as `main` prints them.
    fn answers(input: &[u8]) -> (String, Result<String, String>) {
        let mut out = Vec::new();
        let said = match run(input, &mut out, false) {
            Ok(ignored) => Ok(ignored.map(|i| i.to_string()).unwrap_or_default()),
            Err(Failure::BadInput(e)) => Err(e.to_string()),
            Err(Failure::Io(e)) => panic!("writing to a Vec failed: {}", e),
        };
        (String::from_utf8(out).expect("text"), said)
    }

    const SAMPLE: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";

    /// The components' shortcut changes no answer: on 400 random boards of up to 6×6, a third of the
    /// cells fixed, every query is answered alike with it and with it off (every state in one part),
    /// and an answer of -1 never costs a search.
    #[test]
    fn the_components_answer_unreachable_queries_at_once_and_change_no_answer() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut below = move |n: usize| {
            seed ^= seed << 13; // xorshift64: reproducible, and enough for random boards
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut apart, mut joined) = (0, 0);
        for _ in 0..400 {
            let (rows, cols) = (1 + below(6), 1 + below(6));
            let open: Vec<bool> = (0..rows * cols).map(|_| below(3) > 0).collect();
            let cells: Vec<usize> = (0..open.len()).filter(|&c| open[c]).collect();
            if cells.len() < 2 {
                continue; // no query has an empty cell and a piece
            }
            let board = Board::new(rows, cols, open);
            let walks = Walks::new(&board);
            let mut one_part = Walks::new(&board);
            one_part.component.iter_mut().for_each(|part| *part = 0);
            let mut search = Search::new(rows * cols);
            for _ in 0..20 {
                let (empty, piece) = (cells[below(cells.len())], cells[below(cells.len())]);
                let target = below(rows * cols);
                if empty == piece {
                    continue;
                }
                let q = Query {
                    empty,
                    piece,
                    target,
                };
                let (moves, settled) = answer(&board, &walks, &q, &mut search);
                assert_eq!(moves, answer(&board, &one_part, &q, &mut search).0);
                match moves {
                    None => {
                        assert_eq!(settled, 0, "a search for a -1");
                        apart += 1;
                    }
                    Some(_) => joined += 1,
                }
            }
        }
        assert!(
            apart > 500 && joined > 500,
            "{} -1s, {} answers",
            apart,
            joined
        );
    }

    #[test]
    fn the_contest_sample() {
        assert_eq!(
            answers(SAMPLE.as_bytes()),
            ("2\n-1\n".into(), Ok("".into()))
        );
    }

    #[test]
    fn a_piece_on_its_target_needs_nothing_and_a_fixed_target_is_out_of_reach() {
        let open = b"2 2 2\n1 1\n1 0\n1 1 1 2 1 2\n1 1 1 2 2 2\n";
        assert_eq!(answers(open), ("0\n-1\n".into(), Ok("".into())));
    }

    #[test]
    fn one_row_lets_the_piece_move_only_toward_the_empty_cell() {
        let row = b"1 4 2\n1 1 1 1\n1 1 1 2 1 1\n1 1 1 2 1 4\n";
        assert_eq!(answers(row), ("1\n-1\n".into(), Ok("".into())));
    }

    #[test]
    fn a_one_cell_board_has_no_query_to_answer() {
        assert_eq!(answers(b"1 1 0\n1\n"), ("".into(), Ok("".into())));
        let (out, said) = answers(b"1 1 1\n1\n1 1 1 1 1 1\n");
        assert_eq!(out, "");
        assert_eq!(
            said,
            Err(
                "line 3, column 5: query 1: the empty cell and the chosen piece are the same cell"
                    .into()
            )
        );
    }

    #[test]
    fn a_nul_or_an_end_of_file_byte_inside_the_input_is_bad_input() {
        let (out, said) = answers(b"1 2 2\n1 1\n1 1 1 2 1 1\n1 1 1\x002 1 1\n");
        assert_eq!(out, "1\n");
        let nul =
            "line 4, column 5: query 2's piece row is `1\\02`, expected a whole number from 1 to 1";
        assert_eq!(said, Err(nul.into()));
        let said = answers(b"1 2\x1a 0\n1 1\n").1;
        let eof = "line 1, column 3: m is `2\\u{1a}`, expected a whole number from 1 to 30";
        assert_eq!(said, Err(eof.into()));
    }
}
