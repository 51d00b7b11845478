//! 华容道, NOIP 2013 提高组 Day 2 problem 3: bring one chosen piece to a target cell in the fewest
//! moves, many queries on one board. Judged as Luogu P1979 and LibreOJ 2613.
//!
//! Input: `n m q`, n rows of m numbers (0: a fixed piece, 1: movable), then q queries
//! `EX EY SX SY TX TY` (1-based): the empty cell, the chosen piece, its target (its goal here).
//! Output: per query, the fewest moves (a piece beside the empty cell slides into it), or `-1`.
//!
//! Idea: the piece moves only when the empty cell is beside it, so a state is (piece cell, side
//! of the piece where the empty cell is). A move slides the piece into the empty cell (cost 1), or
//! walks the empty cell round the piece to another side (cost: a BFS of the empty cell with the
//! piece's cell blocked). The walks depend on the board only: they are tabled once, and each query
//! is a Dijkstra over the states.
//! Size: 30 × 30 × 4 = 3,600 states a board, where the plain search has 900 × 900 = 810,000
//! (piece, empty cell) positions a query.
//!
//! Bad input: one line on stderr, `line L, column C: …`, after the answers before it, and exit 1.
//! After the last query blank space, 0x1A and NUL are ignored, other text only warned about.
//! With `BFS_TRACE=1`, stderr tells how many cells and states the searches reached.

use std::io::{self, Read, Write};
use std::ops::RangeInclusive;

// -------------------------------------------------------------------------------------------------
// The state.

// The board keeps a border of fixed cells round the input's, so every movable cell has four
// neighbours and the input's 1-based (row, column) is the cell `row * (m + 2) + column`. The
// sample, `.` movable, `#` fixed (the border too):
//   # # # # # #
//   # # . . . #        the sides of a cell:    0
//   # # . . # #                              2 c 3
//   # # . # # #                                1      (`side ^ 1` is the opposite side)
//   # # # # # #
const FAR: u32 = u32::MAX;

/// The board, `rows` × `cols` inside its border: which cells hold a movable piece (or the empty
/// cell), row by row, border included.
struct Board {
    rows: usize,
    cols: usize,
    open: Vec<bool>,
}

impl Board {
    /// The open cell beside `cell` on `side`, if that cell is open.
    fn beside(&self, cell: usize, side: usize) -> Option<usize> {
        // A row up or down, a cell left or right (the border keeps every step on the board).
        let width = self.cols + 2;
        let step = [width.wrapping_neg(), width, usize::MAX, 1][side];
        Some(cell.wrapping_add(step)).filter(|&next| self.open[next])
    }
}

/// A state of the search: the chosen piece on `cell`, the empty cell beside it on `side`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct State {
    cell: usize,
    side: usize,
}

/// One query: the empty cell, the chosen piece and its goal (the statement's target cell).
struct Query {
    empty: usize,
    piece: usize,
    goal: usize,
}

// -------------------------------------------------------------------------------------------------
// The moves.

/// Calls `visit` with each state one move from `s` and what the move costs: the walks of the empty
/// cell round the piece to its other sides (a BFS of the empty cell that never steps onto the
/// piece, tabled once a board in `Walks`), and the slide of the piece into the empty cell (1).
/// (A visitor: returning a chain of iterators made test 008 take 1.3x as long.)
fn neighbours(board: &Board, walks: &Walks, s: State, mut visit: impl FnMut(State, u32)) {
    let cell = s.cell;
    for side in 0..4 {
        if let Some(cost) = walks.cost(s, side) {
            visit(State { cell, side }, cost);
        }
    }
    if let Some(cell) = board.beside(cell, s.side) {
        let side = s.side ^ 1; // the empty cell is where the piece was
        visit(State { cell, side }, 1);
    }
}

// Invariant while a query is searched: the frontier gives states out cheapest first, and every move
// costs at least 1, so a state taken out is settled at its fewest moves, and the first one on the
// goal answers the query. The seeds are the empty cell's first walk, from its start to each side
// of the piece, round it too; a piece already on its goal needs no move at all.
// practice: begin search
/// The fewest moves that bring `q`'s piece to its goal, or `None`; and how many states the search
/// settled.
fn solve(board: &Board, walks: &Walks, q: &Query, search: &mut Search) -> (Option<u32>, usize) {
    if q.piece == q.goal {
        return (Some(0), 0); // before any walk: the empty cell need not move at all
    }
    let Search { bfs, frontier } = search;
    frontier.clear();
    bfs.walk(board, q.empty, q.piece);
    let (mut seed, cell) = (None, q.piece);
    for side in 0..4 {
        let moves = board.beside(cell, side).map(|beside| bfs.dist[beside]);
        if let Some(moves) = moves.filter(|&moves| moves != FAR) {
            let state = State { cell, side };
            seed = Some(state);
            frontier.relax(state, moves);
        }
    }
    // The seeds share one connected part of the graph (the empty cell walks between them): a goal
    // outside it is out of reach, and the search would settle the whole part to find that out.
    if seed.filter(|&seed| walks.joined(seed, q.goal)).is_none() {
        return (None, 0);
    }
    let mut settled = 0;
    while let Some((cost, state)) = frontier.pop() {
        if state.cell == q.goal {
            return (Some(cost), settled);
        }
        settled += 1;
        neighbours(board, walks, state, |next, moves| {
            frontier.relax(next, cost + moves)
        });
    }
    (None, settled)
}
// practice: end search

// -------------------------------------------------------------------------------------------------
// Behind the search: the walk table, the connected parts, the frontier and the BFS of the empty
// cell, with the speed tricks, each with the factor it buys (CPU of the whole run, medians).

/// The walk table, once a board: `table[state * 4 + to]` is what it costs the empty cell to walk
/// from `state`'s side of the piece to side `to`, round the piece (`FAR`: it cannot).
struct Walks {
    table: Vec<u32>,
    /// Per state, which connected part of the graph of moves it lies in (`FAR`: not a state).
    component: Vec<u32>,
    /// Cells the empty cell's searches reached, all told (for `BFS_TRACE`).
    reached: usize,
}

/// `s` as an index into tables of 4 entries a cell.
fn index(s: State) -> usize {
    s.cell * 4 + s.side
}

impl Walks {
    /// One BFS of the empty cell from each side of each movable cell, that cell blocked.
    fn new(board: &Board) -> Self {
        let cells = board.open.len();
        let (mut table, mut bfs, mut reached) = (vec![FAR; cells * 16], Bfs::new(cells), 0);
        for cell in (0..cells).filter(|&c| board.open[c]) {
            for (from, start) in (0..4).filter_map(|from| Some((from, board.beside(cell, from)?))) {
                bfs.walk(board, start, cell);
                reached += bfs.queue.len();
                for to in (0..4).filter(|&to| to != from) {
                    let side = board.beside(cell, to).map_or(FAR, |side| bfs.dist[side]);
                    table[(cell * 4 + from) * 4 + to] = side;
                }
            }
        }
        let component = Vec::new();
        let mut walks = Walks {
            table,
            component,
            reached,
        };
        walks.component = components(board, &walks);
        walks
    }

    /// What the empty cell's walk from `s`'s side of the piece to side `to` costs, if it can.
    fn cost(&self, s: State, to: usize) -> Option<u32> {
        Some(self.table[index(s) * 4 + to]).filter(|&cost| cost != FAR)
    }

    /// Whether some state on `goal` lies in `s`'s connected part. A trick: a query answered `-1`
    /// this way settles no state, where the search would settle the whole part; test 009, whose 500
    /// queries are all such, takes 4.0 ms instead of 23.3 (5.9x).
    fn joined(&self, s: State, goal: usize) -> bool {
        let part = self.component[index(s)];
        (0..4).any(|side| self.component[goal * 4 + side] == part)
    }
}

/// Labels each state with its connected part of the graph of moves, `FAR` where the cell or its
/// side is fixed. The graph is undirected (a walk back costs as much; a slide back undoes it), so
/// one depth-first pass from each unlabelled state labels its part.
fn components(board: &Board, walks: &Walks) -> Vec<u32> {
    let mut component = vec![FAR; walks.table.len() / 4];
    for first in 0..component.len() {
        let (cell, side) = (first / 4, first % 4);
        let fixed = !board.open[cell] || board.beside(cell, side).is_none();
        if fixed || component[first] != FAR {
            continue;
        }
        component[first] = first as u32;
        let mut stack = vec![State { cell, side }];
        while let Some(state) = stack.pop() {
            neighbours(board, walks, state, |next, _| {
                if component[index(next)] == FAR {
                    component[index(next)] = first as u32;
                    stack.push(next);
                }
            });
        }
    }
    component
}

/// The buffers of a query's search, allocated once a board rather than once a query.
struct Search {
    bfs: Bfs,
    frontier: Frontier,
}

impl Search {
    fn new(cells: usize) -> Self {
        // A move or a seed costs less than the board has cells (a walk is a BFS distance), so the
        // costs waiting at one time lie in `cost..cost + cells`: a bucket each.
        let (dist, buckets) = (vec![FAR; cells * 4], vec![Vec::new(); cells]);
        let frontier = Frontier {
            dist,
            buckets,
            cost: 0,
            waiting: 0,
        };
        Search {
            bfs: Bfs::new(cells),
            frontier,
        }
    }
}

/// The states waiting to be settled and the fewest moves found for each, in buckets by cost
/// (Dial's algorithm): `buckets[c % len]` holds those waiting at cost `c`, and `cost` is the cost
/// being settled now. A trick in place of a binary heap, O(1) a step: test 008 takes 11.4 ms
/// instead of 30.6 (2.7x).
struct Frontier {
    dist: Vec<u32>,
    buckets: Vec<Vec<State>>,
    cost: u32,
    waiting: usize,
}

impl Frontier {
    /// Empties the frontier for a new query.
    fn clear(&mut self) {
        self.dist.fill(FAR);
        self.buckets.iter_mut().for_each(Vec::clear);
        self.cost = 0;
        self.waiting = 0;
    }

    /// Keeps `cost` for `state` if it is less than any found so far. The dearer entry stays in its
    /// bucket, and `pop` skips it.
    fn relax(&mut self, state: State, cost: u32) {
        if cost < self.dist[index(state)] {
            let len = self.buckets.len();
            debug_assert!(cost >= self.cost && ((cost - self.cost) as usize) < len);
            self.dist[index(state)] = cost;
            self.buckets[cost as usize % len].push(state);
            self.waiting += 1;
        }
    }

    /// A cheapest state not yet settled, and its cost; `None` once none is waiting.
    fn pop(&mut self) -> Option<(u32, State)> {
        while self.waiting > 0 {
            let len = self.buckets.len();
            match self.buckets[self.cost as usize % len].pop() {
                Some(state) => {
                    self.waiting -= 1;
                    if self.dist[index(state)] == self.cost {
                        return Some((self.cost, state));
                    }
                }
                None => self.cost += 1,
            }
        }
        None
    }
}

/// A BFS's buffers: the moves to each cell (`FAR`: not reached), and the cells as reached.
struct Bfs {
    dist: Vec<u32>,
    queue: Vec<usize>,
}

impl Bfs {
    fn new(cells: usize) -> Self {
        let (dist, queue) = (vec![FAR; cells], Vec::with_capacity(cells));
        Bfs { dist, queue }
    }

    /// A BFS of the empty cell from `from` that never enters `blocked` (the piece's cell: a step
    /// onto it would slide the piece). It leaves the moves to each cell in `dist`, `FAR` where
    /// it has not been, and stops once it has reached every side of `blocked`: only those are read.
    /// That stop is a trick: on test 008's board the walk table's BFS reach 97,230 cells, not
    /// 3,128,520, and a run with no query takes 1.7 ms, not 17.3 (10x).
    fn walk(&mut self, board: &Board, from: usize, blocked: usize) {
        let Bfs { dist, queue } = self;
        dist.fill(FAR);
        queue.clear();
        let sides = [0, 1, 2, 3].map(|side| board.beside(blocked, side));
        let mut left = sides.iter().flatten().filter(|&&s| s != from).count();
        dist[from] = 0;
        queue.push(from);
        let mut head = 0;
        while left > 0 && head < queue.len() {
            let at = queue[head];
            head += 1;
            for next in (0..4).filter_map(|side| board.beside(at, side)) {
                if next != blocked && dist[next] == FAR {
                    dist[next] = dist[at] + 1;
                    queue.push(next);
                    left -= sides.contains(&Some(next)) as usize;
                }
            }
        }
    }
}

// -------------------------------------------------------------------------------------------------
// Input: words between whitespace, read one at a time, so that the answers before a bad word are
// written before its error.

/// Characters of a word that a message quotes; a longer word is cut, with `…` after it.
const QUOTED: usize = 40;

/// `word` escaped for a message, at most `QUOTED` characters of it, then the byte that is not
/// UTF-8 that it runs into, if any.
fn quoted(word: &str, bad: Option<u8>) -> String {
    let shown = word.chars().take(QUOTED);
    let text: String = shown.flat_map(char::escape_debug).collect();
    let byte = bad.map(|b| format!("\\x{:02X}", b)).unwrap_or_default();
    let cut = word.chars().nth(QUOTED).is_some();
    text + if cut { "…" } else { &byte }
}

/// The input's words: `text` is the input up to its first byte that is not UTF-8, `bad`, if any;
/// `at` is where the next word is looked for.
struct Tokens<'a> {
    text: &'a str,
    bad: Option<u8>,
    at: usize,
}

impl<'a> Tokens<'a> {
    /// Unless a byte is not UTF-8, the input ends before the whitespace, DOS end-of-file bytes
    /// (0x1A) and NULs that end it, which are ignored even glued to the last word.
    fn new(input: &'a [u8]) -> Self {
        let valid = std::str::from_utf8(input).map_or_else(|e| e.valid_up_to(), str::len);
        let text = std::str::from_utf8(&input[..valid]).unwrap_or_default();
        let bad = input.get(valid).copied();
        let padding = |c: char| bad.is_none() && (c.is_whitespace() || c == '\x1a' || c == '\0');
        let text = text.trim_end_matches(padding);
        Tokens { text, bad, at: 0 }
    }

    /// The next word, or `None` at the end, and the byte that is not UTF-8 if the word runs into
    /// it (the word ends there).
    fn word(&mut self) -> Option<(&'a str, Option<u8>)> {
        let rest = self.text[self.at..].trim_start();
        let word = rest.split(char::is_whitespace).next().unwrap_or_default();
        self.at = self.text.len() - rest.len() + word.len();
        let bad = self.bad.filter(|_| self.at == self.text.len());
        Some((word, bad)).filter(|_| !word.is_empty() || bad.is_some())
    }

    /// `what` is wrong with the first word from byte `at` on: the message, with the line and
    /// column (in characters) where that word starts.
    fn error(&self, at: usize, what: &str) -> String {
        let blank = self.text[at..].find(|c: char| !c.is_whitespace());
        let lines: Vec<&str> = self.text[..at + blank.unwrap_or(0)].split('\n').collect();
        let column = lines[lines.len() - 1].chars().count() + 1;
        format!("line {}, column {}: {}", lines.len(), column, what)
    }

    /// The next number, which must lie in `range`; `what` names it in errors.
    fn number(&mut self, what: &str, range: RangeInclusive<usize>) -> Result<usize, String> {
        let word = self.word();
        let line = || self.text.matches('\n').count() + 1;
        let ended = || format!("line {}: the input ends before {}", line(), what);
        let (word, bad) = word.ok_or_else(ended)?;
        if let Some(byte) = bad {
            let why = format!("{} is not text: byte 0x{:02X} is not UTF-8", what, byte);
            return Err(self.error(self.at, &why));
        }
        let n = word.parse().ok().filter(|n| range.contains(n));
        let number = || format!("a whole number from {} to {}", range.start(), range.end());
        let why = |word| format!("{} is `{}`, expected {}", what, word, number());
        n.ok_or_else(|| self.error(self.at - word.len(), &why(quoted(word, None))))
    }

    /// The warning for the first word after the last query, if any: it cannot change an answer.
    fn rest(mut self) -> Option<String> {
        let (word, bad) = self.word()?;
        let what = format!("ignored text after the last query: `{}`", quoted(word, bad));
        Some(self.error(self.at - word.len(), &what))
    }
}

/// The board and the number of queries.
fn read_board(tokens: &mut Tokens) -> Result<(Board, usize), String> {
    let rows = tokens.number("n", 1..=30)?;
    let cols = tokens.number("m", 1..=30)?;
    let queries = tokens.number("q", 0..=500)?;
    let mut open = vec![false; (rows + 2) * (cols + 2)];
    for (r, c) in (1..=rows).flat_map(|r| (1..=cols).map(move |c| (r, c))) {
        open[r * (cols + 2) + c] = tokens.number(&format!("cell ({},{})", r, c), 0..=1)? == 1;
    }
    Ok((Board { rows, cols, open }, queries))
}

/// Query `k`: the empty cell and the piece must be movable cells, and not the same (the target
/// may be any cell: a fixed one is out of reach). An error points at the row of the cell.
fn read_query(tokens: &mut Tokens, board: &Board, k: usize) -> Result<Query, String> {
    let mut cell = |name: &str, fixed: Option<&str>| {
        let at = tokens.at;
        let r = tokens.number(&format!("query {}'s {} row", k, name), 1..=board.rows)?;
        let c = tokens.number(&format!("query {}'s {} column", k, name), 1..=board.cols)?;
        let cell = r * (board.cols + 2) + c;
        match fixed.filter(|_| !board.open[cell]) {
            Some(fixed) => Err(tokens.error(at, &format!("query {}: {}", k, fixed))),
            None => Ok((cell, at)),
        }
    };
    let (empty, _) = cell("empty cell", Some("the empty cell is on a fixed piece"))?;
    let (piece, at) = cell("piece", Some("the chosen piece is a fixed one"))?;
    let (goal, _) = cell("target", None)?;
    if empty == piece {
        let same = "the empty cell and the chosen piece are the same cell";
        return Err(tokens.error(at, &format!("query {}: {}", k, same)));
    }
    Ok(Query { empty, piece, goal })
}

// -------------------------------------------------------------------------------------------------
// Output, and main.

#[derive(Debug)]
pub(crate) enum Failure {
    BadInput(String),
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// Answers every query of `input` on `out`, one line each, stopping at the first bad word (the
/// answers before it are written). Returns the warning for text after the last query, if any.
/// `trace` tells on stderr how much each search reached.
pub(crate) fn run(
    input: &[u8],
    out: &mut impl Write,
    trace: bool,
) -> Result<Option<String>, Failure> {
    let mut tokens = Tokens::new(input);
    let (board, queries) = read_board(&mut tokens).map_err(Failure::BadInput)?;
    let walks = Walks::new(&board);
    let mut search = Search::new(board.open.len());
    if trace {
        let cells = walks.reached;
        eprintln!("walks: the empty cell's searches reached {} cells", cells);
    }
    for k in 1..=queries {
        let query = read_query(&mut tokens, &board, k).map_err(Failure::BadInput)?;
        let (moves, settled) = solve(&board, &walks, &query, &mut search);
        match moves {
            Some(moves) => writeln!(out, "{}", moves)?,
            None => writeln!(out, "-1")?,
        }
        if trace {
            eprintln!("query {}: {} states settled", k, settled);
        }
    }
    Ok(tokens.rest())
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
    let message = match (result, out.flush()) {
        (Err(Failure::BadInput(e)), _) => e,
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
#[path = "noip_huarong/tests.rs"]
mod tests;
