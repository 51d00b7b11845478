//! Eight, the 8-puzzle, solved optimally by bidirectional BFS. Judged as POJ 1077, HDU 1043 and
//! AcWing 179 (`x` the blank), as Baekjoon 1525 (`0` the blank, the same goal) and as Luogu P1379
//! (`0` the blank, the goal `123804765`).
//!
//! Input: boards of nine cells `1`-`8` and `x` (or `0`), whitespace anywhere, until the end.
//! Output: per board, a shortest move string over `udlr` (where the blank goes) or `unsolvable`;
//! for a `0` board, the number of moves (`-1` if there is none).
//! Which `0` input: Luogu's if its first board is one token of nine digits (`283104765`), else
//! Baekjoon's: nine numbers apart (`1 0 3 / 4 2 5 / 7 8 6`), or digits split any other way, such as
//! a square of digits `103`, `425`, `786` over three lines. The first board decides for the input.
//!
//! Idea: a move keeps the parity of the tiles' order, so a board of the other parity than the goal
//! is unsolvable at once. Otherwise search from the board and from the goal together, growing the
//! smaller frontier by one whole BFS layer at a time, until a board is reached from both. Each side
//! marks a board, indexed by its Cantor rank, with the move that reached it, so the path is read
//! back from the meeting board. The goal never changes, so its side is kept from case to case.
//!
//! Search space: 9! = 362,880 boards, of which 9!/2 = 181,440 reach the goal; the hardest need 31
//! moves, and each side of a search goes about half as deep.

use std::io::{self, Read, Write};

// -------------------------------------
// The state.

// A board lists its cells row by row, the blank as 0. POJ's goal `12345678x` (Baekjoon's
// `123456780`) and Luogu's `123804765` are:
//   1 2 3      1 2 3      0 1 2
//   4 5 6      8 x 4      3 4 5
//   7 8 x      7 6 5      6 7 8   <- cell indices
type Board = [u8; 9];
const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const LUOGU_GOAL: Board = [1, 2, 3, 8, 0, 4, 7, 6, 5];

/// The parity of the pairs of tiles (the blank left out) that stand in the wrong order, row by
/// row. A move along a row keeps that order; a move up or down carries one tile past two others.
/// So a board reaches a goal iff both have the same parity (POJ's goal has none, Luogu's 7).
fn parity(board: &Board) -> usize {
    let mut inversions = 0;
    for i in 0..9 {
        let later = board[i + 1..].iter();
        inversions += later.filter(|&&v| v != 0 && v < board[i]).count();
    }
    inversions % 2
}

// -------------------------------------
// The moves.

/// A move, named by where the blank goes: 0 up, 1 down, 2 left, 3 right. `m ^ 1` undoes `m`.
type Move = usize;
const LETTERS: [u8; 4] = *b"udlr";

/// The boards one move from `board`, each with its move.
fn neighbours(board: Board) -> impl Iterator<Item = (Move, Board)> {
    let at = board.iter().position(|&v| v == 0).unwrap_or(0);
    let stays_on = [at >= 3, at < 6, at % 3 > 0, at % 3 < 2];
    (0..4).filter(move |&m| stays_on[m]).map(move |m| {
        let to = [at.wrapping_sub(3), at + 3, at.wrapping_sub(1), at + 1][m];
        let mut next = board;
        next.swap(at, to);
        (m, next)
    })
}

/// The board after move `m`, or `None` if the blank would leave the square.
fn slide(board: &Board, m: Move) -> Option<Board> {
    Some(neighbours(*board).find(|&(n, _)| n == m)?.1)
}

// -------------------------------------
// The search.

/// One side of the search: every board it has reached, layer by layer, and how it reached each.
struct Side {
    name: &'static str,
    /// The boards in the order reached, its origin first; its last whole layer, `boards[layer..]`.
    boards: Vec<Board>,
    layer: usize,
    depth: usize,
    /// Per board, the move that reached it (see `Seen`, after the search).
    seen: Seen,
}

/// The two sides. The goal side is kept from case to case (see `Solver::solve`).
struct Solver {
    start: Side,
    goal: Side,
    /// For a long input only, per board, the way home (see `moves_home`).
    toward: Vec<u32>,
    /// The input's case being solved, from 1, and whether to trace the search on stderr.
    case: usize,
    trace: bool,
}

// Invariant while the sides have not met: the start side is complete to `start.depth` moves, the
// goal side to `goal.depth`, and no board is on both, so every path is longer than their sum. A
// board of the next layer that the other side knows closes a path of at most that sum + 1 moves:
// the first meeting is a shortest path, and the search stops at it.
// practice: begin search
impl Solver {
    /// Grows the smaller frontier by one whole layer at a time until the sides meet; returns the
    /// board where they met.
    fn meet(&mut self) -> Board {
        let origin = self.start.boards[0];
        if self.goal.seen.came_by(cantor_rank(&origin)).is_some() {
            return origin;
        }
        loop {
            let complete = self.goal.frontier().is_empty(); // every solvable board is known
            let goal_grows = !complete && self.goal.frontier().len() < self.start.frontier().len();
            let met = if goal_grows {
                // The goal side is kept for later cases, so it always finishes its layer.
                self.goal.expand(&self.start, false)
            } else {
                self.start.expand(&self.goal, true)
            };
            if goal_grows || met.is_none() {
                self.log_layer(if goal_grows { &self.goal } else { &self.start });
            }
            if let Some(board) = met {
                return board;
            }
        }
    }
}

impl Side {
    /// Grows the next layer from the last one and returns the first new board that `other` has
    /// reached; with `stop`, returns at once there, leaving the layer unfinished.
    fn expand(&mut self, other: &Side, stop: bool) -> Option<Board> {
        let last = self.layer..self.boards.len();
        self.layer = last.end;
        let mut met = None;
        for i in last {
            for (m, next) in neighbours(self.boards[i]) {
                let rank = cantor_rank(&next);
                if !self.seen.insert(rank, m) {
                    continue; // reached already, at this depth or nearer
                }
                self.boards.push(next);
                if met.is_none() && other.seen.came_by(rank).is_some() {
                    met = Some(next);
                    if stop {
                        return met;
                    }
                }
            }
        }
        self.depth += 1;
        met
    }
}
// practice: end search

impl Solver {
    /// The path through `meet`: the start side's moves to it, then the moves from it to the goal.
    fn path_through(&self, meet: &Board) -> Vec<u8> {
        let to_meet = self.start.moves_to(*meet);
        let mut path = Vec::with_capacity(32); // the longest answer is 31 moves
        path.extend(to_meet.iter().rev().map(|&m| LETTERS[m]));
        self.moves_home(*meet, &mut path);
        if self.trace {
            let (start, goal) = (to_meet.len(), path.len() - to_meet.len());
            let halves = format!("{} moves (start {} + goal {})", start + goal, start, goal);
            let visited = format!("{} + {}", self.start.boards.len(), self.goal.boards.len());
            eprintln!("case {}: met at {}, visited {}", self.case, halves, visited);
        }
        path
    }

    fn log_layer(&self, side: &Side) {
        if self.trace {
            let (frontier, visited) = (side.frontier().len(), side.boards.len());
            let layer = format!("{} depth {}: frontier {}", side.name, side.depth, frontier);
            eprintln!("case {}: {}, visited {}", self.case, layer, visited);
        }
    }
}

impl Side {
    fn new(name: &'static str) -> Side {
        Side {
            name,
            // Room for the 9!/2 boards a side can reach, reserved once so the list never moves;
            // the system hands out its pages as they are first written.
            boards: Vec::with_capacity(BOARDS / 2),
            layer: 0,
            depth: 0,
            seen: Seen::new(),
        }
    }

    /// Empties the side, clearing the marks of its boards only, and starts it from `origin`.
    fn restart(&mut self, origin: Board) {
        for board in &self.boards {
            self.seen.clear(cantor_rank(board));
        }
        self.boards.clear();
        self.layer = 0;
        self.depth = 0;
        self.seen.insert(cantor_rank(&origin), ORIGIN);
        self.boards.push(origin);
    }

    fn frontier(&self) -> &[Board] {
        &self.boards[self.layer..]
    }

    /// The moves that led from this side's origin to `board`, a board it has reached, last first.
    fn moves_to(&self, mut board: Board) -> Vec<Move> {
        let mut moves = Vec::new();
        while board != self.boards[0] {
            let rank = cantor_rank(&board);
            let m = self.seen.came_by(rank).expect("a reached board");
            moves.push(m);
            board = slide(&board, m ^ 1).expect("a move undone stays on the board");
        }
        moves
    }
}

// -------------------------------------
// Many cases: the goal side is kept; for many boards, completed at once and tabled.

impl Solver {
    fn new(goal: Board, long: bool, trace: bool) -> Solver {
        let mut solver = Solver {
            start: Side::new("start"),
            goal: Side::new("goal"),
            toward: if long { vec![0; BOARDS] } else { Vec::new() },
            case: 0,
            trace,
        };
        solver.goal.restart(goal);
        solver
    }

    /// A shortest move string from `board`, the input's case `case`, of the goal's parity. The
    /// goal never changes, so its side is kept from case to case: each case starts only a new
    /// start side, and meets a goal side that is deeper for the cases before it.
    fn solve(&mut self, board: &Board, case: usize) -> Vec<u8> {
        self.start.restart(*board);
        self.case = case;
        if !self.toward.is_empty() && !self.goal.frontier().is_empty() {
            self.complete_goal_side();
        }
        let meet = self.meet();
        self.path_through(&meet)
    }

    /// Many boards, HDU's way: the goal side grown whole at once (every later case meets it at
    /// its start), and each board's way home tabled (see `moves_home`).
    fn complete_goal_side(&mut self) {
        while !self.goal.frontier().is_empty() {
            self.goal.expand(&self.start, false);
            self.log_layer(&self.goal);
        }
        for board in &self.goal.boards[1..] {
            let rank = cantor_rank(board);
            let back = self.goal.seen.came_by(rank).map_or(0, |m| m ^ 1);
            let nearer = slide(board, back).expect("a move undone stays on the board");
            self.toward[rank] = (cantor_rank(&nearer) << 2 | back) as u32;
        }
    }

    /// Appends to `path` the moves from `meet`, a board the goal side knows, to the goal. Speed,
    /// for a long input: a walk of lookups in `toward` (each board's rank one move nearer the goal,
    /// and that move), not a rank a move: all 181,440 boards, 175 -> 65 ms of CPU.
    fn moves_home(&self, meet: Board, path: &mut Vec<u8>) {
        if self.toward.is_empty() {
            return path.extend(self.goal.moves_to(meet).iter().map(|&m| LETTERS[m ^ 1]));
        }
        let (mut rank, goal) = (cantor_rank(&meet), cantor_rank(&self.goal.boards[0]));
        while rank != goal {
            let nearer = self.toward[rank] as usize;
            path.push(LETTERS[nearer & 3]);
            rank = nearer >> 2;
        }
    }
}

/// From this many bytes of input on (about 1,100 boards of 18 bytes), the goal side is completed
/// at once.
const LONG_INPUT: usize = 20_000;

// -------------------------------------
// Storage, and what makes it fast: all behind `cantor_rank` and `Seen`. (Each speed line gives the
// median CPU of 21 or 11 interleaved runs, with and without the trick, on 2026-12-04.)

const BOARDS: usize = 362_880; // 9!
/// FACTORIAL[n] = n!, the weights of a Lehmer code's digits.
const FACTORIAL: [usize; 9] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];

/// A board's Cantor rank, its place among the 9! orders of the nine cells: the Lehmer code (for
/// the value in cell i, how many later cells hold a smaller one) read with the weights (8 - i)!.
fn cantor_rank(board: &Board) -> usize {
    let mut seen = 0; // bit v: the value v stood in an earlier cell
    let mut rank = 0;
    for (i, &v) in board.iter().enumerate() {
        let smaller_earlier = ONES[seen & ((1 << v) - 1)] as usize;
        rank += (v as usize - smaller_earlier) * FACTORIAL[8 - i];
        seen |= 1 << v;
    }
    rank
}

/// ONES[mask] = the number of set bits in `mask`. Speed: a lookup, where `count_ones` is a dozen
/// instructions without a popcount one: the 31-move board, 2.15 -> 1.81 ms of CPU.
const ONES: [u8; 256] = {
    let mut ones = [0; 256];
    let mut mask = 1;
    while mask < 256 {
        ones[mask] = ones[mask / 2] + (mask % 2) as u8;
        mask += 1;
    }
    ones
};

/// What reached a side's origin: no move (and not a letter).
const ORIGIN: Move = 4;

/// Per board, by its rank: the move that reached it, ORIGIN, or UNSEEN, in four bits. Speed: two
/// boards a byte touch half the pages of a byte a board, 44 a side (the 31-move board, 1.98 -> 1.81
/// ms of CPU); and as the marks start UNSEEN, not zero, the array is written once at its start, so
/// each page faults once, not once read and again written (1.86 -> 1.77 ms).
struct Seen(Vec<u8>);
const UNSEEN: u8 = 0xf;

impl Seen {
    fn new() -> Seen {
        Seen(vec![0xff; BOARDS / 2])
    }

    fn came_by(&self, rank: usize) -> Option<Move> {
        let mark = self.0[rank / 2] >> (rank % 2 * 4) & 0xf;
        Some(Move::from(mark)).filter(|_| mark != UNSEEN)
    }

    /// Marks the board `rank` as reached by `m`; false if it was reached already.
    fn insert(&mut self, rank: usize, m: Move) -> bool {
        let fresh = self.came_by(rank).is_none();
        if fresh {
            self.0[rank / 2] &= !((UNSEEN ^ m as u8) << (rank % 2 * 4));
        }
        fresh
    }

    fn clear(&mut self, rank: usize) {
        self.0[rank / 2] |= UNSEEN << (rank % 2 * 4);
    }
}

// -------------------------------------
// Input and output.

/// How an input writes its boards and wants them answered: its blank, its goal, and whether an
/// answer is the number of moves (`-1` for none) rather than the moves (`unsolvable`). POJ's
/// unless it has a `0` and no `x`; then Luogu's if its first board is one token of nine digits, as
/// P1379 writes it, else Baekjoon's (three lines of three numbers).
fn form_of(input: &[u8]) -> (u8, Board, bool) {
    if !input.contains(&b'0') || input.contains(&b'x') {
        return (b'x', GOAL, false); // POJ's
    }
    let first = input.split(u8::is_ascii_whitespace).find(|t| !t.is_empty());
    match first.map_or(0, |token| token.len()) {
        9 => (b'0', LUOGU_GOAL, true), // Luogu's
        _ => (b'0', GOAL, true),       // Baekjoon's
    }
}

/// The input's boards, read one at a time, `blank` the blank's byte. Errors name the case, the line
/// and the column.
struct Reader<'a> {
    input: &'a [u8],
    at: usize,
    case: usize,
    blank: u8,
    /// Text after the last board that cannot start one: the warning that ignores it.
    note: Option<String>,
}

impl Reader<'_> {
    /// The next byte that is not whitespace (nor, `between` boards, 0x1A or NUL) and its offset.
    fn next_byte(&mut self, between: bool) -> Option<(u8, usize)> {
        let skip = |b: u8| b.is_ascii_whitespace() || between && (b == 0x1a || b == 0);
        let at = self.at + self.input[self.at..].iter().position(|&b| !skip(b))?;
        self.at = at + 1;
        Some((self.input[at], at))
    }

    /// The next board, or `None` at the end of the boards.
    fn board(&mut self) -> Result<Option<Board>, String> {
        self.case += 1;
        let mut board = [0; 9];
        for i in 0..9 {
            let (byte, at) = match self.next_byte(i == 0) {
                Some(found) => found,
                None if i == 0 => return Ok(None),
                None => {
                    let what = format!("input ends after {} of the 9 cells", i);
                    return Err(self.bad(self.input.len(), &what));
                }
            };
            board[i] = match byte {
                b'1'..=b'8' => byte - b'0',
                _ if byte == self.blank => 0,
                _ if i == 0 && self.case > 1 => return self.note(at),
                _ => {
                    let shown: String = std::ascii::escape_default(byte).map(char::from).collect();
                    let cells = if self.blank == b'x' {
                        "1-8 or x"
                    } else {
                        "0-8"
                    };
                    let what = format!("'{}' is not a cell; expected {}", shown, cells);
                    return Err(self.bad(at, &what));
                }
            };
            if board[..i].contains(&board[i]) {
                return Err(self.bad(at, &format!("'{}' appears twice", byte as char)));
            }
        }
        Ok(Some(board))
    }

    /// `case C, line L, column C: what`, of the byte at `offset` (or of the end).
    fn bad(&self, offset: usize, what: &str) -> String {
        let lines: Vec<&[u8]> = self.input[..offset].split(|&b| b == b'\n').collect();
        let column = 1 + lines.last().map_or(0, |line| line.len());
        let line = format!("case {}, line {}", self.case, lines.len());
        format!("{}, column {}: {}", line, column, what)
    }

    /// Text after the last board, from `at` on: ignored, its first 40 characters quoted in a
    /// warning. Unless it is not UTF-8, which no judge's data is: then an error at its first bad
    /// byte.
    fn note(&mut self, at: usize) -> Result<Option<Board>, String> {
        let text = match std::str::from_utf8(&self.input[at..]) {
            Ok(text) => text.lines().next().unwrap_or_default(),
            Err(e) => return Err(self.bad(at + e.valid_up_to(), "the input is not valid UTF-8")),
        };
        let mut shown: String = text.chars().take(40).flat_map(char::escape_debug).collect();
        if text.chars().nth(40).is_some() {
            shown.push('…');
        }
        let line = 1 + self.input[..at].iter().filter(|&&b| b == b'\n').count();
        let note = format!("ignored text after the last board: '{}'", shown);
        self.note = Some(format!("line {}: {}", line, note));
        Ok(None)
    }
}

/// Answers every board of `input` into `out`, a line each, up to the first bad one; returns the
/// warning for text after the last board, or the error.
fn run(input: &[u8], out: &mut Vec<u8>, trace: bool) -> Result<Option<String>, String> {
    let (blank, goal, counts) = form_of(input);
    let mut reader = Reader {
        input,
        at: 0,
        case: 0,
        blank,
        note: None,
    };
    let mut solver = None; // built on first need: an empty input costs nothing
    while let Some(board) = reader.board()? {
        if parity(&board) != parity(&goal) {
            out.extend(["unsolvable\n", "-1\n"][counts as usize].bytes());
            continue;
        }
        let long = input.len() >= LONG_INPUT;
        let solver = solver.get_or_insert_with(|| Solver::new(goal, long, trace));
        let moves = solver.solve(&board, reader.case);
        if counts {
            out.extend(moves.len().to_string().bytes());
        } else {
            out.extend(moves);
        }
        out.push(b'\n');
    }
    Ok(reader.note)
}

fn main() {
    let trace = std::env::var_os("BFS_TRACE").as_deref() == Some("1".as_ref());
    let (mut input, mut out) = (Vec::new(), Vec::new());
    let io_error = |e: io::Error| format!("i/o error: {}", e);
    let result = io::stdin().read_to_end(&mut input).map_err(io_error);
    let result = result.and_then(|_| run(&input, &mut out, trace));
    // The answers before a bad board are printed all the same.
    let mut stdout = io::stdout();
    let written = stdout.write_all(&out).and_then(|_| stdout.flush());
    match result.and_then(|note| written.map(|_| note).map_err(io_error)) {
        Ok(Some(note)) => eprintln!("eight: warning: {}", note),
        Ok(None) => {}
        Err(error) => {
            eprintln!("eight: {}", error);
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
#[path = "eight/tests.rs"]
mod tests;
