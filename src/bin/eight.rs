//! Eight, the 8-puzzle, solved optimally by bidirectional BFS, in the two formats judges use:
//! POJ 1077 / HDU 1043 / AcWing 179, and Luogu P1379.
//!
//! Input: boards of nine cells `1`-`8` and `x` (the blank), whitespace ignored anywhere, until EOF.
//! Output: one line per board, a shortest move string over `udlr` (where `x` goes), or `unsolvable`.
//! Luogu P1379 writes the blank `0` and wants `1 2 3 / 8 0 4 / 7 6 5`: an input with a `0` and no `x`
//! is read that way, and each board is answered by its number of moves (`-1` if there is none).
//!
//! Idea: a board is a permutation of nine cells, and its Cantor rank (Lehmer code) indexes flat arrays of
//! 9! = 362,880 slots. Only the 9!/2 = 181,440 boards of even inversion parity can reach the goal, so
//! the others are rejected before any search. The rest are searched from both ends at once, one whole BFS
//! layer of the smaller frontier at a time, until the sides meet. The goal never changes, so the goal side
//! keeps its layers from case to case and many-case input soon runs at table speed. The hardest boards
//! need 31 moves. Whatever follows the last board and is not a board (a DOS end-of-file byte, a note)
//! is ignored with a warning: it cannot change an answer.

use std::io::{self, Read, Write};

// Cells are numbered row by row; the blank is stored as 0, so POJ's goal `12345678x` and Luogu's
// `123804765` are:
//   1 2 3      1 2 3      0 1 2
//   4 5 6      8 x 4      3 4 5
//   7 8 x      7 6 5      6 7 8   <- cell indices
type Board = [u8; 9];
const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const LUOGU_GOAL: Board = [1, 2, 3, 8, 0, 4, 7, 6, 5];
const STATES: usize = 362_880; // 9!, the ranks of all boards, solvable or not
const FACTORIAL: [usize; 9] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];

// A move is named by the direction `x` goes; `m ^ 1` is its opposite.
const LETTERS: [u8; 4] = *b"udlr";
// Move slots hold 0..=3 for a move, ORIGIN for the board a side started from, UNSEEN for neither.
const ORIGIN: u8 = 4;
const UNSEEN: u8 = 255;

/// Cantor rank: the board's position in the lexicographic order of all 9! permutations.
fn rank(board: &Board) -> usize {
    let mut seen = 0u16; // bit v: value v stood earlier on the board
    let mut rank = 0;
    for (i, &v) in board.iter().enumerate() {
        // Values smaller than v that come later = all smaller values - those already seen.
        let smaller_seen = ONES[(seen & ((1 << v) - 1)) as usize];
        rank += (v - smaller_seen) as usize * FACTORIAL[8 - i];
        seen |= 1 << v;
    }
    rank
}

/// ONES[mask] = the number of set bits in `mask`: the ranking's hot step, looked up in a table.
const ONES: [u8; 256] = {
    let mut ones = [0; 256];
    let mut mask = 1;
    while mask < 256 {
        ones[mask] = ones[mask / 2] + (mask % 2) as u8;
        mask += 1;
    }
    ones
};

/// The cell `x` reaches from cell `at` by move `m`, or `None` if that leaves the 3×3 board.
fn step(at: usize, m: usize) -> Option<usize> {
    match m {
        0 if at >= 3 => Some(at - 3),
        1 if at < 6 => Some(at + 3),
        2 if at % 3 > 0 => Some(at - 1),
        3 if at % 3 < 2 => Some(at + 1),
        _ => None,
    }
}

fn blank(board: &Board) -> usize {
    board.iter().position(|&c| c == 0).unwrap_or_default() // a Board always holds one 0
}

/// The board after `x` makes move `m`, or `None` if that leaves the board.
fn slide(board: &Board, m: usize) -> Option<Board> {
    let at = blank(board);
    let mut moved = *board;
    moved.swap(at, step(at, m)?);
    Some(moved)
}

/// The boards one move from `board`, each with its move and rank. The move straight back to where
/// `board` came from is skipped: that board is always seen already.
fn neighbours(board: Board, came_by: u8) -> impl Iterator<Item = (Board, u8, usize)> {
    let at = blank(&board);
    (0..4)
        .filter(move |&m| m != came_by ^ 1)
        .filter_map(move |m| {
            let mut moved = board;
            moved.swap(at, step(at, m as usize)?);
            Some((moved, m, rank(&moved)))
        })
}

/// The number of pairs of tiles, read row by row without the blank, that stand in the wrong order.
fn inversions(board: &Board) -> usize {
    let pairs = (0..9).flat_map(|i| (i + 1..9).map(move |j| (i, j)));
    (pairs.filter(|&(i, j)| board[j] != 0 && board[i] > board[j])).count()
}

/// A board reaches `goal` iff their inversions have the same parity: a horizontal move keeps the tile
/// order, a vertical one moves a tile past two others. (POJ's goal has none, Luogu's seven.)
fn is_solvable(board: &Board, goal: &Board) -> bool {
    inversions(board) % 2 == inversions(goal) % 2
}

/// Both halves of the bidirectional search. Arrays are indexed by rank and hold a move (0..=3), ORIGIN
/// for the board the side started from, or UNSEEN.
struct Solver {
    /// Goal side, kept across cases: the move that leads one step closer to the goal. Storing the
    /// reversed letter here saves reversing it later.
    toward_goal: Vec<u8>,
    /// The goal side's last complete layer, `goal_depth` moves from the goal, each board with the move
    /// that reached it (so that its expansion can skip the move straight back).
    goal_frontier: Vec<(Board, u8)>,
    goal_depth: usize,
    goal_seen: usize,
    /// Start side, per case: the move that reached this board. Only the slots in `start_visited` are
    /// set, and only those are reset for the next case: never an O(9!) clear.
    from_start: Vec<u8>,
    start_visited: Vec<u32>,
    start_frontier: Vec<(Board, u8)>,
    start_depth: usize,
    /// Boards the start side visited, over all cases, since the goal side last grew.
    start_work: usize,
    /// The input's case being solved, counted from 1, for the trace.
    case: usize,
    trace: bool,
}

impl Solver {
    fn new(goal: Board, trace: bool) -> Self {
        let mut toward_goal = vec![UNSEEN; STATES];
        toward_goal[rank(&goal)] = ORIGIN;
        Solver {
            toward_goal,
            goal_frontier: vec![(goal, ORIGIN)],
            goal_depth: 0,
            goal_seen: 1,
            from_start: vec![UNSEEN; STATES],
            start_visited: Vec::new(),
            start_frontier: Vec::new(),
            start_depth: 0,
            start_work: 0,
            case: 0,
            trace,
        }
    }

    /// A shortest move string from a solvable `start`, the input's case `case`, to the goal.
    fn solve(&mut self, start: &Board, case: usize) -> Vec<u8> {
        let origin = rank(start);
        self.start_case(start, origin, case);
        let mut meet = if self.toward_goal[origin] != UNSEEN {
            Some(*start)
        } else {
            None
        };
        // Invariant while no meeting is found: the start side is complete to `start_depth` moves, the goal
        // side to `goal_depth`, and no board is on both, so every solution is longer than their sum. A
        // board of the next layer that touches the other side closes a path of at most that sum + 1 moves:
        // the first meeting is therefore a shortest path.
        let meet = loop {
            if let Some(meet) = meet {
                break meet;
            }
            meet = if self.goal_should_grow() {
                self.expand_goal()
            } else {
                self.expand_start()
            };
        };
        let path = self.path_through(&meet);
        if self.trace {
            let (moves, start_half) = (path.len(), self.start_half(&meet).len());
            let visited = format!("visited {} + {}", self.start_visited.len(), self.goal_seen);
            let halves = format!("start {} + goal {}", start_half, moves - start_half);
            let case = self.case;
            eprintln!(
                "case {}: met at {} moves ({}), {}",
                case, moves, halves, visited
            );
        }
        path
    }

    fn start_case(&mut self, start: &Board, origin: usize, case: usize) {
        for &r in &self.start_visited {
            self.from_start[r as usize] = UNSEEN;
        }
        self.start_visited.clear();
        self.start_frontier.clear();
        self.case = case; // the input's count, unsolvable boards included, as the trace numbers cases
        self.start_depth = 0;
        self.visit_from_start(origin, ORIGIN);
        self.start_frontier.push((*start, ORIGIN));
    }

    fn visit_from_start(&mut self, r: usize, m: u8) {
        self.from_start[r] = m;
        self.start_visited.push(r as u32);
        self.start_work += 1;
    }

    // practice: begin search
    /// Expand the smaller frontier, except that the goal side's next layer is weighed against all
    /// start-side work since it last grew, in every case so far: its layers are kept, so growing it pays
    /// off for every later case too, and a long input ends up answered from a complete table.
    fn goal_should_grow(&self) -> bool {
        let complete = self.goal_frontier.is_empty(); // every solvable board is known
        !complete && self.goal_frontier.len() < self.start_frontier.len() + self.start_work
    }

    /// Expands the start side by one layer and returns as soon as a new board is known to the goal side.
    fn expand_start(&mut self) -> Option<Board> {
        let frontier = std::mem::take(&mut self.start_frontier);
        let mut next = Vec::with_capacity(frontier.len() * 2);
        for &(board, came_by) in &frontier {
            for (moved, m, n) in neighbours(board, came_by) {
                if self.from_start[n] != UNSEEN {
                    continue;
                }
                self.visit_from_start(n, m);
                if self.toward_goal[n] != UNSEEN {
                    return Some(moved); // the rest of this layer is not needed
                }
                next.push((moved, m));
            }
        }
        self.start_frontier = next;
        self.start_depth += 1;
        let (depth, seen) = (self.start_depth, self.start_visited.len());
        self.log_layer("start", depth, self.start_frontier.len(), seen);
        None
    }

    /// Extends the goal side by one whole layer (it is kept for later cases, so it is never left half
    /// done) and returns a new board that the start side has seen in this case, if any.
    fn expand_goal(&mut self) -> Option<Board> {
        let mut next = Vec::with_capacity(self.goal_frontier.len() * 2);
        let mut meet = None;
        for &(board, came_by) in &self.goal_frontier {
            for (moved, m, n) in neighbours(board, came_by) {
                if self.toward_goal[n] != UNSEEN {
                    continue;
                }
                self.toward_goal[n] = m ^ 1; // from `moved`, the opposite move steps back toward the goal
                if meet.is_none() && self.from_start[n] != UNSEEN {
                    meet = Some(moved);
                }
                next.push((moved, m));
            }
        }
        self.goal_seen += next.len();
        self.start_work = 0;
        self.goal_depth += 1;
        self.goal_frontier = next;
        self.log_layer(
            "goal",
            self.goal_depth,
            self.goal_frontier.len(),
            self.goal_seen,
        );
        meet
    }
    // practice: end search

    /// The moves from this case's start to `meet`, in order.
    fn start_half(&self, meet: &Board) -> Vec<u8> {
        let (mut board, mut r) = (*meet, rank(meet));
        let mut moves = Vec::new();
        loop {
            let m = self.from_start[r] as usize;
            if m == ORIGIN as usize {
                break;
            }
            moves.push(LETTERS[m]);
            board = slide(&board, m ^ 1).expect("a recorded move can be undone");
            r = rank(&board);
        }
        moves.reverse();
        moves
    }

    /// The whole path: the start half, then the goal side's letters from `meet` on.
    fn path_through(&self, meet: &Board) -> Vec<u8> {
        let mut moves = self.start_half(meet);
        let (mut board, mut r) = (*meet, rank(meet));
        while self.toward_goal[r] != ORIGIN {
            let m = self.toward_goal[r] as usize;
            moves.push(LETTERS[m]);
            board = slide(&board, m).expect("a recorded move is legal");
            r = rank(&board);
        }
        moves
    }

    fn log_layer(&self, side: &str, depth: usize, frontier: usize, seen: usize) {
        if self.trace {
            let case = self.case;
            eprintln!(
                "case {}: {} depth {}: frontier {}, visited {}",
                case, side, depth, frontier, seen
            );
        }
    }
}

/// The two ways judges write a board: POJ's `x` for the blank and its goal, or Luogu P1379's `0`,
/// its goal, and the number of moves for an answer.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Format {
    Poj,
    Luogu,
}

impl Format {
    /// Luogu's, when the input has a `0` and no `x`; else POJ's (whose errors then say what is wrong).
    fn of(input: &[u8]) -> Format {
        if input.contains(&b'0') && !input.contains(&b'x') {
            Format::Luogu
        } else {
            Format::Poj
        }
    }

    fn goal(self) -> Board {
        match self {
            Format::Poj => GOAL,
            Format::Luogu => LUOGU_GOAL,
        }
    }

    /// The value a cell's character stands for, the blank 0; `None` for any other character.
    fn cell(self, byte: u8) -> Option<u8> {
        match (self, byte) {
            (_, b'1'..=b'8') => Some(byte - b'0'),
            (Format::Poj, b'x') | (Format::Luogu, b'0') => Some(0),
            _ => None,
        }
    }

    fn cells(self) -> &'static str {
        match self {
            Format::Poj => "1-8 or x",
            Format::Luogu => "0-8",
        }
    }
}

/// Where and why the input is bad. Lines and columns count from 1.
#[derive(Debug, PartialEq)]
struct InputError {
    case: usize,
    line: usize,
    column: usize,
    what: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let InputError {
            case,
            line,
            column,
            what,
        } = self;
        write!(
            f,
            "case {}, line {}, column {}: {}",
            case, line, column, what
        )
    }
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

/// What follows a case.
#[derive(Debug, PartialEq)]
enum Next {
    Board(Board),
    /// Nothing but whitespace, 0x1A and NUL: the end of input as judges' data files have it.
    End,
    /// Text that cannot start a board, after the last board: its line and its first characters.
    Trailing(usize, String),
}

/// The input's non-whitespace bytes, each with its line and column.
struct Cells<'a> {
    input: &'a [u8],
    format: Format,
    at: usize,
    line: usize,
    column: usize,
}

impl<'a> Cells<'a> {
    fn new(input: &'a [u8], format: Format) -> Self {
        Cells {
            input,
            format,
            at: 0,
            line: 1,
            column: 1,
        }
    }

    /// The next byte that `skip` does not pass over, and where it is, or `None` at the end.
    fn next_cell(&mut self, skip: fn(u8) -> bool) -> Option<(u8, usize, usize)> {
        while let Some(&byte) = self.input.get(self.at) {
            let place = (self.line, self.column);
            self.at += 1;
            if byte == b'\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
            if !skip(byte) {
                return Some((byte, place.0, place.1));
            }
        }
        None
    }

    /// The next nine cells as a board, the end, or text after the last of `case - 1` boards.
    fn next_board(&mut self, case: usize) -> Result<Next, InputError> {
        let mut board = [0; 9];
        let mut placed = [false; 9];
        for (i, slot) in board.iter_mut().enumerate() {
            let error = |line, column, what| InputError {
                case,
                line,
                column,
                what,
            };
            // Between boards, DOS end-of-file bytes and NULs pass as whitespace; inside one, not.
            let skip = if i == 0 { is_blank_between } else { is_blank };
            let (byte, line, column) = match self.next_cell(skip) {
                Some(found) => found,
                None if i == 0 => return Ok(Next::End),
                None => {
                    let what = format!("input ends after {} of the 9 cells", i);
                    return Err(error(self.line, self.column, what));
                }
            };
            let cell = match self.format.cell(byte) {
                Some(cell) => cell,
                None if i == 0 && case > 1 => return self.trailing(case, line, column),
                None => {
                    let (shown, cells) = (escaped(byte), self.format.cells());
                    let what = format!("'{}' is not a cell; expected {}", shown, cells);
                    return Err(error(line, column, what));
                }
            };
            if std::mem::replace(&mut placed[cell as usize], true) {
                let what = format!("'{}' appears twice", byte as char);
                return Err(error(line, column, what));
            }
            *slot = cell;
        }
        Ok(Next::Board(board))
    }

    /// Text after the last board, which starts at `line` and `column` (just read): ignored, unless
    /// it is not UTF-8, which no judge's data is, and is then an error at its first bad byte.
    fn trailing(&self, case: usize, line: usize, column: usize) -> Result<Next, InputError> {
        let rest = &self.input[self.at - 1..];
        match std::str::from_utf8(rest) {
            Ok(text) => Ok(Next::Trailing(
                line,
                clip(text.lines().next().unwrap_or_default()),
            )),
            Err(e) => {
                let valid = &rest[..e.valid_up_to()];
                let lines = valid.iter().filter(|&&b| b == b'\n').count();
                let after_newline = valid.iter().rev().take_while(|&&b| b != b'\n').count();
                let (line, column) = if lines == 0 {
                    (line, column + valid.len())
                } else {
                    (line + lines, after_newline + 1)
                };
                let what = "the input is not valid UTF-8".to_string();
                Err(InputError {
                    case,
                    line,
                    column,
                    what,
                })
            }
        }
    }
}

fn is_blank(byte: u8) -> bool {
    byte.is_ascii_whitespace()
}

fn is_blank_between(byte: u8) -> bool {
    byte.is_ascii_whitespace() || byte == 0x1a || byte == 0
}

/// A byte as a message may show it: itself if printable ASCII, else escaped (`\xc3`).
fn escaped(byte: u8) -> String {
    std::ascii::escape_default(byte).map(char::from).collect()
}

/// At most 40 characters of someone else's text, control characters escaped, for a message.
fn clip(text: &str) -> String {
    let shown: String = text.chars().take(40).flat_map(char::escape_debug).collect();
    if text.chars().nth(40).is_some() {
        shown + "…"
    } else {
        shown
    }
}

/// Answers every board of `input` on `out`, one line each, stopping at the first bad case; returns
/// the warning for text after the last board, if there is any.
fn run(input: &[u8], out: &mut impl Write, trace: bool) -> Result<Option<String>, Failure> {
    let format = Format::of(input);
    let goal = format.goal();
    let mut cells = Cells::new(input, format);
    let mut solver: Option<Solver> = None; // built on first need: empty input costs nothing
    for case in 1.. {
        let board = match cells.next_board(case).map_err(Failure::BadInput)? {
            Next::Board(board) => board,
            Next::End => break,
            Next::Trailing(line, text) => {
                return Ok(Some(format!(
                    "line {}: ignored text after the last board: '{}'",
                    line, text
                )))
            }
        };
        let moves = if is_solvable(&board, &goal) {
            let solver = solver.get_or_insert_with(|| Solver::new(goal, trace));
            Some(solver.solve(&board, case))
        } else {
            None
        };
        match (format, moves) {
            (Format::Poj, Some(moves)) => out.write_all(&moves)?,
            (Format::Poj, None) => out.write_all(b"unsolvable")?,
            (Format::Luogu, Some(moves)) => write!(out, "{}", moves.len())?,
            (Format::Luogu, None) => out.write_all(b"-1")?,
        }
        out.write_all(b"\n")?;
    }
    Ok(None)
}

fn main() {
    let mut input = Vec::new();
    let trace = std::env::var_os("BFS_TRACE").as_deref() == Some("1".as_ref());
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
        (Ok(warning), Ok(())) => {
            if let Some(warning) = warning {
                eprintln!("eight: warning: {}", warning);
            }
            return;
        }
    };
    eprintln!("eight: {}", message);
    std::process::exit(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str) -> (String, Option<InputError>) {
        let (out, result) = answer_bytes(input.as_bytes());
        (out, result.err())
    }

    /// The output, and the warning or the error.
    fn answer_bytes(input: &[u8]) -> (String, Result<Option<String>, InputError>) {
        let mut out = Vec::new();
        let result = match run(input, &mut out, false) {
            Ok(warning) => Ok(warning),
            Err(Failure::BadInput(e)) => Err(e),
            Err(Failure::Io(e)) => panic!("writing to a Vec failed: {e}"),
        };
        (String::from_utf8(out).expect("output is ASCII"), result)
    }

    /// Plays `moves` from `start`; `None` if a move leaves the board.
    fn replay(start: &Board, moves: &str) -> Option<Board> {
        moves.bytes().try_fold(*start, |board, letter| {
            let m = LETTERS.iter().position(|&l| l == letter)?;
            slide(&board, m)
        })
    }

    fn board(text: &str) -> Board {
        let format = Format::of(text.as_bytes());
        match Cells::new(text.as_bytes(), format).next_board(1) {
            Ok(Next::Board(board)) => board,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn rank_is_the_position_in_lexicographic_order() {
        let mut board: Board = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        for expected in 0..STATES {
            assert_eq!(rank(&board), expected);
            // Next permutation: swap the rightmost ascent with the next larger value, reverse the tail.
            let Some(i) = (0..8).rev().find(|&i| board[i] < board[i + 1]) else {
                break;
            };
            let j = (i + 1..9).rev().find(|&j| board[j] > board[i]).unwrap_or(i);
            board.swap(i, j);
            board[i + 1..].reverse();
        }
        assert_eq!(board, [8, 7, 6, 5, 4, 3, 2, 1, 0]);
    }

    #[test]
    fn sample_is_solved_in_19_moves() {
        let (out, error) = answer("2  3  4  1  5  x  7  6  8\n");
        assert_eq!(error, None);
        let moves = out.trim_end();
        assert_eq!(moves.len(), 19);
        assert_eq!(replay(&board("23415x768"), moves), Some(GOAL));
    }

    #[test]
    fn hardest_boards_take_31_moves() {
        let (out, _) = answer("8 6 7 2 5 4 3 x 1\n6 4 7 8 5 x 3 2 1\n");
        for (line, start) in out.lines().zip(["8672543x1", "64785x321"]) {
            assert_eq!(line.len(), 31);
            assert_eq!(replay(&board(start), line), Some(GOAL));
        }
    }

    #[test]
    fn parity_decides_solvability() {
        // Swapping two tiles flips the parity: the classic trap.
        assert!(is_solvable(&GOAL, &GOAL));
        assert!(!is_solvable(&board("21345678x"), &GOAL));
        assert!(is_solvable(&board("x12345678"), &GOAL));
        // Luogu's goal has seven inversions: POJ's goal cannot reach it.
        assert!(!is_solvable(&GOAL, &LUOGU_GOAL));
        let (out, _) = answer("21345678x 12345678x");
        assert_eq!(out, "unsolvable\n\n");
    }

    #[test]
    fn bad_case_keeps_earlier_answers_and_says_where() {
        let (out, error) = answer("12345678x\n1234567x8 12345y78x");
        assert_eq!(out, "\nr\n");
        let error = error.expect("an error");
        assert_eq!((error.case, error.line, error.column), (3, 2, 16));
        assert_eq!(
            error.to_string(),
            "case 3, line 2, column 16: 'y' is not a cell; expected 1-8 or x"
        );
    }

    #[test]
    fn repeated_and_missing_cells_are_errors() {
        let (_, error) = answer("1 2 3 4 5 6 7 8 8");
        assert_eq!(error.expect("an error").what, "'8' appears twice");
        let (_, error) = answer("12345678x 1234");
        let error = error.expect("an error");
        assert_eq!(
            (error.case, error.what.as_str()),
            (2, "input ends after 4 of the 9 cells")
        );
        let (_, error) = answer("\u{e9}");
        assert_eq!(
            error.expect("an error").what,
            r"'\xc3' is not a cell; expected 1-8 or x"
        );
    }

    #[test]
    fn luogus_format_is_read_from_a_zero_and_answered_by_the_count() {
        assert_eq!(Format::of(b"283104765\n"), Format::Luogu);
        assert_eq!(Format::of(b"2 3 4 1 5 x 7 6 8"), Format::Poj);
        // P1379's sample: four moves to 1 2 3 / 8 0 4 / 7 6 5.
        assert_eq!(answer("283104765\n"), ("4\n".to_string(), None));
        assert_eq!(answer("123804765").0, "0\n");
        assert_eq!(answer("123840765").0, "1\n");
        // Two tiles swapped: the parity says no at once.
        assert_eq!(answer("213804765").0, "-1\n");
        let (_, error) = answer("283104769");
        assert_eq!(
            error.expect("an error").what,
            "'9' is not a cell; expected 0-8"
        );
    }

    #[test]
    fn what_follows_the_last_board_is_ignored_and_only_text_is_warned_about() {
        let clean = answer_bytes(b"12345678x\n1234567x8\n\n\x1a\x00\r\n");
        assert_eq!(clean, ("\nr\n".to_string(), Ok(None)));
        let (out, result) = answer_bytes(b"12345678x\nEND OF DATA\n");
        assert_eq!(out, "\n");
        let warning = result.expect("no error").expect("a warning");
        assert_eq!(
            warning,
            "line 2: ignored text after the last board: 'END OF DATA'"
        );
        let long = format!("12345678x {}", "z".repeat(100_000));
        let (_, result) = answer_bytes(long.as_bytes());
        let warning = result.expect("no error").expect("a warning");
        assert!(
            warning.ends_with(&format!("'{}…'", "z".repeat(40))),
            "{warning}"
        );
        // Bytes that are no text are an error at their place; the answers before them stay.
        let (out, result) = answer_bytes(b"12345678x\n\n  \xff");
        assert_eq!(out, "\n");
        let error = result.expect_err("an error");
        assert_eq!((error.line, error.column), (3, 3));
        assert_eq!(error.what, "the input is not valid UTF-8");
        // Inside a board, or before the first, the rules stay strict.
        assert!(answer_bytes(b"1234\x005678x").1.is_err());
        assert!(answer_bytes(b"END").1.is_err());
    }
}
