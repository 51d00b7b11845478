//! Eight, the 8-puzzle, solved optimally by bidirectional BFS, in the two formats judges use:
//! POJ 1077 / HDU 1043 / AcWing 179, and Luogu P1379.
//!
//! Input: boards of nine cells `1`-`8` and `x` (the blank), whitespace ignored anywhere, until EOF.
//! Output: one line per board, a shortest move string over `udlr` (where `x` goes), or `unsolvable`.
//! Luogu P1379 writes the blank `0` and wants `1 2 3 / 8 0 4 / 7 6 5`: an input with a `0` and no `x`
//! is read that way, and each board is answered by its number of moves (`-1` if there is none).
//!
//! Idea: a board is the blank's cell and the order of the eight tiles. Moves keep that order's parity,
//! so only the 9!/2 = 181,440 boards of the goal's parity can reach it, and the others are rejected
//! before any search. Each of those has a slot, from its blank's cell and the Cantor rank (Lehmer code)
//! of its order, that indexes one flat array of both sides' marks. A board is searched from both ends at
//! once, one whole BFS layer of the smaller frontier at a time, until the sides meet. The goal never
//! changes, so the goal side keeps its layers from case to case, and a long input also tables, per
//! board, the slot one move nearer the goal: many-case input soon runs at table speed, an answer being
//! a walk of lookups. The hardest boards need 31 moves. Whatever follows the last board and is not a
//! board (a DOS end-of-file byte, a note) is ignored with a warning: it cannot change an answer.

use std::io::{self, Read, Write};

// Cells are numbered row by row; the blank is stored as 0, so POJ's goal `12345678x` and Luogu's
// `123804765` are:
//   1 2 3      1 2 3      0 1 2
//   4 5 6      8 x 4      3 4 5
//   7 8 x      7 6 5      6 7 8   <- cell indices
type Board = [u8; 9];
const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const LUOGU_GOAL: Board = [1, 2, 3, 8, 0, 4, 7, 6, 5];

/// A board as the search holds it, in eight bytes so that its lists touch few pages. `packed` holds
/// the order of the eight tiles read row by row, three bits a tile (tile v as v - 1, the first tile
/// lowest), so that a move is a few register operations; then the blank's cell (bits 24-27) and the
/// move that reached the board (bits 28-30). `slot` numbers it in the search arrays (a number in
/// 0..BOARDS, see `slot` after the search).
#[derive(Clone, Copy, Debug)]
struct Node {
    packed: u32,
    slot: u32,
}

impl Node {
    fn new(board: &Board) -> Node {
        let blank = board.iter().position(|&v| v == 0).unwrap_or(0); // a parsed board has one
        let tiles = board.iter().filter(|&&v| v != 0).rev();
        let tiles = tiles.fold(0, |tiles, &v| tiles << 3 | (v as u32 - 1));
        Node::pack(tiles, blank, NO_MOVE, slot(tiles, blank))
    }

    fn pack(tiles: u32, blank: usize, came_by: u8, slot: usize) -> Node {
        let packed = tiles | (blank as u32) << 24 | (came_by as u32) << 28;
        let slot = slot as u32;
        Node { packed, slot }
    }

    fn tiles(self) -> u32 {
        self.packed & 0o77777777
    }

    /// The blank's cell.
    fn blank(self) -> usize {
        (self.packed >> 24 & 0xf) as usize
    }

    fn came_by(self) -> u8 {
        (self.packed >> 28) as u8
    }
}

// A move is named by the direction `x` goes; `m ^ 1` is its opposite.
const LETTERS: [u8; 4] = *b"udlr";
const NO_MOVE: u8 = 4; // what reached a side's first board: NO_MOVE ^ 1 is no move either

/// The cell `x` reaches from cell `at` by move `m`, or `None` if that leaves the 3×3 board.
fn step(at: usize, m: u8) -> Option<usize> {
    match m {
        0 if at >= 3 => Some(at - 3),
        1 if at < 6 => Some(at + 3),
        2 if at % 3 > 0 => Some(at - 1),
        3 if at % 3 < 2 => Some(at + 1),
        _ => None,
    }
}

/// The board after `x` makes move `m` from `node`, or `None` if that leaves the board.
fn slide(node: Node, m: u8) -> Option<Node> {
    let at = node.blank();
    let to = step(at, m)?;
    let (tiles, slot) = match m {
        // Along a row the tiles keep their order: only the blank's part of the slot changes.
        2 | 3 => (node.tiles(), node.slot as usize + to * ORDERS - at * ORDERS),
        // Up or down, a tile jumps the two tiles between its cell and the blank's. Up, it is the tile
        // at place `to` of the order (no blank before it); down, the one at place `at + 2`.
        _ => {
            let tiles = if m == 0 {
                jump_on(node.tiles(), to)
            } else {
                jump_back(node.tiles(), at)
            };
            (tiles, slot(tiles, to))
        }
    };
    Some(Node::pack(tiles, to, m, slot))
}

/// The tiles' order after the tile at place `p` jumps past the next two, to place `p + 2`.
fn jump_on(tiles: u32, p: usize) -> u32 {
    let shift = 3 * p;
    let (first, next_two) = (tiles >> shift & 0o7, tiles >> (shift + 3) & 0o77);
    tiles & !(0o777 << shift) | (next_two | first << 6) << shift
}

/// The tiles' order after the tile at place `p + 2` jumps back before the two at `p`, to place `p`.
fn jump_back(tiles: u32, p: usize) -> u32 {
    let shift = 3 * p;
    let (first_two, last) = (tiles >> shift & 0o77, tiles >> (shift + 6) & 0o7);
    tiles & !(0o777 << shift) | (last | first_two << 3) << shift
}

/// The boards one move from `node`. The move straight back to where `node` came from is skipped: that
/// board is always seen already.
fn neighbours(node: Node) -> impl Iterator<Item = Node> {
    (0..4)
        .filter(move |&m| m != node.came_by() ^ 1)
        .filter_map(move |m| slide(node, m))
}

/// The number of pairs of tiles, read row by row without the blank, that stand in the wrong order.
fn inversions(board: &Board) -> u32 {
    let mut seen = 0u16; // bit v: tile v stood earlier
    let mut inversions = 0;
    for &v in board.iter().filter(|&&v| v != 0) {
        inversions += ONES[(seen >> v) as usize] as u32; // larger tiles before v
        seen |= 1 << v;
    }
    inversions
}

/// The parity of a board's inversions. A board reaches a goal iff both have the same: a horizontal
/// move keeps the tile order, a vertical one moves a tile past two others. (POJ's goal has no
/// inversions, Luogu's seven.)
fn parity(board: &Board) -> u32 {
    inversions(board) % 2
}

/// Both halves of the bidirectional search.
struct Solver {
    /// Both sides' marks, by slot (see `Marks`). The goal side's are kept across cases, the start
    /// side's are per case.
    marks: Marks,
    /// The goal side's last complete layer, `goal_depth` moves from the goal, and the next one while
    /// it is built (kept between layers, so that its memory is reused).
    goal_frontier: Vec<Node>,
    goal_next: Vec<Node>,
    goal_depth: usize,
    goal_seen: usize,
    goal_slot: u32,
    /// For a long input only: per slot the goal side knows, the slot one move nearer the goal and, in
    /// bits 24-25, that move, so that each answer is a walk of lookups (see `Solver::new`).
    next_slot: Vec<u32>,
    /// Start side, per case: every board it has reached, layer by layer, so that the next case resets
    /// their marks only, never the whole array. Its frontier is the last layer, from `start_layer` on.
    start_seen: Vec<Node>,
    start_layer: usize,
    start_depth: usize,
    /// The start-side work (boards visited) of the cases finished since the goal side last grew.
    start_work: usize,
    /// The last answer, its buffer kept for the next.
    path: Vec<u8>,
    /// The input's case being solved, counted from 1, for the trace.
    case: usize,
    trace: bool,
}

impl Solver {
    /// A solver toward `goal`; `long` if the input has so many cases that a table of next slots
    /// pays for its pages (it is eight times the marks' size).
    fn new(goal: Board, long: bool, trace: bool) -> Self {
        let goal = Node::new(&goal);
        let mut marks = Marks(vec![UNSEEN; BOARDS / 2]);
        marks.set(Side::Goal, goal.slot, mark_at(0));
        // Lists sized once, so they never move: the goal side's for its largest layer, the start
        // side's for every board. The system hands out their pages (as those of the table of next
        // slots) only as the search first writes to them.
        let list = || Vec::with_capacity(LARGEST_LAYER);
        let mut goal_frontier = list();
        goal_frontier.push(goal);
        Solver {
            marks,
            goal_frontier,
            goal_next: list(),
            goal_depth: 0,
            goal_seen: 1,
            goal_slot: goal.slot,
            next_slot: if long { vec![0; BOARDS] } else { Vec::new() },
            start_seen: Vec::with_capacity(BOARDS),
            start_layer: 0,
            path: Vec::with_capacity(MOST_MOVES),
            start_depth: 0,
            start_work: 0,
            case: 0,
            trace,
        }
    }

    /// A shortest move string from a solvable `start`, the input's case `case`, to the goal.
    fn solve(&mut self, start: &Board, case: usize) -> &[u8] {
        let start = Node::new(start);
        self.start_case(start, case);
        let mut meet = if self.marks.get(Side::Goal, start.slot) != UNSEEN {
            Some(start)
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
        self.start_work += self.start_seen.len();
        let mut path = std::mem::take(&mut self.path); // one buffer for every answer
        self.path_through(meet, &mut path);
        if self.trace {
            let mut start_half = Vec::new();
            self.start_half(meet, &mut start_half);
            let (moves, start_half) = (path.len(), start_half.len());
            let visited = format!("visited {} + {}", self.start_seen.len(), self.goal_seen);
            let halves = format!("start {} + goal {}", start_half, moves - start_half);
            let case = self.case;
            eprintln!(
                "case {}: met at {} moves ({}), {}",
                case, moves, halves, visited
            );
        }
        self.path = path;
        &self.path
    }

    fn start_case(&mut self, start: Node, case: usize) {
        for node in &self.start_seen {
            self.marks.set(Side::Start, node.slot, UNSEEN);
        }
        self.start_seen.clear();
        self.start_layer = 0;
        self.case = case; // the input's count, unsolvable boards included, as the trace numbers cases
        self.start_depth = 0;
        self.marks.set(Side::Start, start.slot, mark_at(0));
        self.start_seen.push(start);
    }

    /// The start side's last complete layer.
    fn start_frontier(&self) -> &[Node] {
        &self.start_seen[self.start_layer..]
    }

    // practice: begin search
    /// Grow the smaller frontier; but the goal side is kept for later cases, so growing it pays off
    /// for them too: it also earns the start-side work of the cases since it last grew, and a long
    /// input ends up answered from a complete table. (In the first case that work is zero.)
    fn goal_should_grow(&self) -> bool {
        let complete = self.goal_frontier.is_empty(); // every solvable board is known
        !complete && self.goal_frontier.len() < self.start_frontier().len() + self.start_work
    }

    /// Expands the start side by one layer and returns as soon as a new board is known to the goal side.
    fn expand_start(&mut self) -> Option<Node> {
        let layer = self.start_layer..self.start_seen.len();
        self.start_layer = layer.end; // the next layer starts where this one ends
        let mark = mark_at(self.start_depth + 1);
        for i in layer {
            for moved in neighbours(self.start_seen[i]) {
                let s = moved.slot;
                if self.marks.get(Side::Start, s) != UNSEEN {
                    continue;
                }
                self.marks.set(Side::Start, s, mark);
                self.start_seen.push(moved);
                if self.marks.get(Side::Goal, s) != UNSEEN {
                    return Some(moved); // the rest of this layer is not needed
                }
            }
        }
        self.start_depth += 1;
        let (depth, seen) = (self.start_depth, self.start_seen.len());
        self.log_layer("start", depth, self.start_frontier().len(), seen);
        None
    }

    /// Extends the goal side by one whole layer (it is kept for later cases, so it is never left half
    /// done) and returns a new board that the start side has seen in this case, if any.
    fn expand_goal(&mut self) -> Option<Node> {
        self.goal_next.clear();
        let mark = mark_at(self.goal_depth + 1);
        let mut meet = None;
        for &node in &self.goal_frontier {
            for moved in neighbours(node) {
                let s = moved.slot;
                if self.marks.get(Side::Goal, s) != UNSEEN {
                    continue;
                }
                self.marks.set(Side::Goal, s, mark);
                if let Some(next) = self.next_slot.get_mut(s as usize) {
                    // From `moved`, the opposite move steps back toward the goal, to `node`.
                    *next = node.slot | ((moved.came_by() ^ 1) as u32) << 24;
                }
                if meet.is_none() && self.marks.get(Side::Start, s) != UNSEEN {
                    meet = Some(moved);
                }
                self.goal_next.push(moved);
            }
        }
        std::mem::swap(&mut self.goal_frontier, &mut self.goal_next);
        self.goal_seen += self.goal_frontier.len();
        self.start_work = 0;
        self.goal_depth += 1;
        self.log_layer(
            "goal",
            self.goal_depth,
            self.goal_frontier.len(),
            self.goal_seen,
        );
        meet
    }
    // practice: end search

    /// Appends the moves from this case's start to `meet`, in order.
    fn start_half(&self, meet: Node, moves: &mut Vec<u8>) {
        let from = moves.len();
        let start = self.start_seen[0].slot;
        // Each move back toward the start undoes a move forward.
        self.walk_home(meet, Side::Start, start, |m| {
            moves.push(LETTERS[m as usize ^ 1])
        });
        moves[from..].reverse();
    }

    /// The whole path into `moves`: the start half, then the goal side's moves from `meet` on.
    fn path_through(&self, meet: Node, moves: &mut Vec<u8>) {
        moves.clear();
        self.start_half(meet, moves);
        if self.next_slot.is_empty() {
            let goal = self.goal_slot;
            self.walk_home(meet, Side::Goal, goal, |m| moves.push(LETTERS[m as usize]));
            return;
        }
        let mut s = meet.slot;
        while s != self.goal_slot {
            let next = self.next_slot[s as usize];
            moves.push(LETTERS[(next >> 24) as usize]);
            s = next & 0xff_ffff;
        }
    }

    /// Walks from `node` to the board in slot `home`, the origin of `side`, calling `step` with each
    /// move. A move changes a board's distance from the origin by exactly one, so the board one
    /// move nearer is the one neighbour whose mark is one less, mod 3.
    fn walk_home(&self, mut node: Node, side: Side, home: u32, mut step: impl FnMut(u8)) {
        while node.slot != home {
            let nearer = match self.marks.get(side, node.slot) {
                1 => 3, // one less, mod 3, among the marks 1, 2, 3
                here => here - 1,
            };
            let moves = (0..4).filter_map(|m| Some((m, slide(node, m)?)));
            let mut back = moves.filter(|(_, n)| self.marks.get(side, n.slot) == nearer);
            let (m, next) = back
                .next()
                .expect("a seen board has a neighbour one move nearer");
            step(m);
            node = next;
        }
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

/// Which half of the search a mark belongs to, as the mark's place in its slot's four bits.
#[derive(Clone, Copy)]
enum Side {
    Start = 0,
    Goal = 2,
}

/// Per slot and side, two bits: UNSEEN, or `mark_at` the board's distance from its side's first
/// board. Two slots share a byte, so the marks of both sides take BOARDS / 2 bytes: a quarter of the
/// pages that a byte per slot and side would touch.
struct Marks(Vec<u8>);

impl Marks {
    fn get(&self, side: Side, s: u32) -> u8 {
        let shift = (s & 1) * 4 + side as u32;
        self.0[s as usize / 2] >> shift & 3
    }

    fn set(&mut self, side: Side, s: u32, mark: u8) {
        let shift = (s & 1) * 4 + side as u32;
        let byte = &mut self.0[s as usize / 2];
        *byte = *byte & !(3 << shift) | mark << shift;
    }
}

/// Unseen is zero, so a new array of marks is one zeroed allocation.
const UNSEEN: u8 = 0;

/// The mark of a board `distance` moves from its side's first board: 1, 2 or 3.
fn mark_at(distance: usize) -> u8 {
    1 + (distance % 3) as u8
}

// Storage tricks. A search array needs one slot per board that can reach the goal, and the
// slot must be quick to compute. A board is the blank's cell and the order of the eight tiles read
// row by row; moves keep that order's parity (see `parity`), so only the 8!/2 orders of one parity
// occur. An order's Cantor rank (its position among all 8! orders, from its Lehmer code) has its last
// digit fixed by the parity, so half the rank numbers the orders of one parity, 0..ORDERS.
const ORDERS: usize = 20_160; // 8!/2
const BOARDS: usize = 9 * ORDERS; // 181,440 = 9!/2, every board that reaches the goal
const MOST_MOVES: usize = 31; // the longest shortest answer, for either goal
/// The most boards at one distance from either goal (Luogu's, 22 moves away).
const LARGEST_LAYER: usize = 24_968;
/// HALF_FACTORIAL[i] = (7 - i)! / 2: the weight of the i-th tile's Lehmer digit in half the rank.
const HALF_FACTORIAL: [usize; 6] = [2520, 360, 60, 12, 3, 1];

/// A board's slot: the blank's cell × ORDERS + half the Cantor rank of its tiles' order.
fn slot(tiles: u32, blank: usize) -> usize {
    let mut seen = 0u8; // bit v: tile v + 1 stood earlier
    let mut order = 0;
    // The last two tiles' digits add nothing to half the rank.
    for (place, &weight) in HALF_FACTORIAL.iter().enumerate() {
        // Tile v + 1: the smaller tiles that come later are all v smaller ones but those seen.
        let v = (tiles >> (3 * place) & 0o7) as usize;
        let smaller_seen = ONES[seen as usize & ((1 << v) - 1)] as usize;
        order += (v - smaller_seen) * weight;
        seen |= 1 << v;
    }
    blank * ORDERS + order
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

/// The input's non-whitespace bytes, read in order. Where a byte stands is kept as its offset; its
/// line and column are counted only for a message.
struct Cells<'a> {
    input: &'a [u8],
    format: Format,
    at: usize,
}

impl<'a> Cells<'a> {
    fn new(input: &'a [u8], format: Format) -> Self {
        Cells {
            input,
            format,
            at: 0,
        }
    }

    /// The next byte that is not whitespace (nor, `between` boards, filler), and its offset, or
    /// `None` at the end.
    fn next_cell(&mut self, between: bool) -> Option<(u8, usize)> {
        while let Some(&byte) = self.input.get(self.at) {
            self.at += 1;
            if !(byte.is_ascii_whitespace() || between && is_filler(byte)) {
                return Some((byte, self.at - 1));
            }
        }
        None
    }

    /// The next nine cells as a board, the end, or text after the last of `case - 1` boards.
    fn next_board(&mut self, case: usize) -> Result<Next, InputError> {
        let mut board = [0; 9];
        let mut placed = 0u16; // bit v: a cell v was read
        for (i, slot) in board.iter_mut().enumerate() {
            let input = self.input;
            let error = |offset, what| {
                let (line, column) = place(input, offset);
                InputError {
                    case,
                    line,
                    column,
                    what,
                }
            };
            // Between boards, filler passes as whitespace; inside one, not.
            let (byte, at) = match self.next_cell(i == 0) {
                Some(found) => found,
                None if i == 0 => return Ok(Next::End),
                None => {
                    let what = format!("input ends after {} of the 9 cells", i);
                    return Err(error(self.input.len(), what));
                }
            };
            let cell = match self.format.cell(byte) {
                Some(cell) => cell,
                None if i == 0 && case > 1 => return self.trailing(case, at),
                None => {
                    let (shown, cells) = (escaped(byte), self.format.cells());
                    let what = format!("'{}' is not a cell; expected {}", shown, cells);
                    return Err(error(at, what));
                }
            };
            if placed & 1 << cell != 0 {
                let what = format!("'{}' appears twice", byte as char);
                return Err(error(at, what));
            }
            placed |= 1 << cell;
            *slot = cell;
        }
        Ok(Next::Board(board))
    }

    /// Text after the last board, from offset `at` on: ignored, unless it is not UTF-8, which no
    /// judge's data is, and is then an error at its first bad byte.
    fn trailing(&self, case: usize, at: usize) -> Result<Next, InputError> {
        match std::str::from_utf8(&self.input[at..]) {
            Ok(text) => Ok(Next::Trailing(
                place(self.input, at).0,
                clip(text.lines().next().unwrap_or_default()),
            )),
            Err(e) => {
                let (line, column) = place(self.input, at + e.valid_up_to());
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

/// The line and column, from 1, of the byte at `offset` of `input` (or of its end, at its length).
fn place(input: &[u8], offset: usize) -> (usize, usize) {
    let before = &input[..offset];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let lines = before.iter().filter(|&&b| b == b'\n').count();
    (1 + lines, 1 + offset - line_start)
}

/// What judges' data files may carry between and after boards: DOS end-of-file bytes and NULs.
fn is_filler(byte: u8) -> bool {
    byte == 0x1a || byte == 0
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

/// From this many boards on, the solver tables next slots: each answer's walk of lookups saves a
/// search for the nearer neighbour at every step, and the table's 177 pages cost about half a
/// millisecond (measured on solvable boards: 1,000 ran 4 % slower with the table, 2,000 ran 5 %
/// faster).
const LONG_INPUT: usize = 2000;

/// Whether `input` holds at least `n` cells (of any boards, good or bad).
fn has_cells(input: &[u8], format: Format, n: usize) -> bool {
    let mut cells = input.iter().filter(|&&byte| format.cell(byte).is_some());
    cells.nth(n - 1).is_some()
}

/// Answers every board of `input` on `out`, one line each, stopping at the first bad case; returns
/// the warning for text after the last board, if there is any.
fn run(input: &[u8], out: &mut impl Write, trace: bool) -> Result<Option<String>, Failure> {
    let format = Format::of(input);
    let goal = format.goal();
    let goal_parity = parity(&goal);
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
        let moves = if parity(&board) == goal_parity {
            let long = || has_cells(input, format, 9 * LONG_INPUT);
            let solver = solver.get_or_insert_with(|| Solver::new(goal, long(), trace));
            Some(solver.solve(&board, case))
        } else {
            None
        };
        match (format, moves) {
            (Format::Poj, Some(moves)) => out.write_all(moves)?,
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
        let end = moves.bytes().try_fold(Node::new(start), |node, letter| {
            let m = LETTERS.iter().position(|&l| l == letter)?;
            slide(node, m as u8)
        });
        end.map(cells)
    }

    /// The board a node stands for, unpacked.
    fn cells(node: Node) -> Board {
        let mut board = [0; 9];
        let mut tiles = node.tiles();
        let others = (0..9).filter(|&cell| cell != node.blank());
        for cell in others {
            board[cell] = (tiles & 0o7) as u8 + 1;
            tiles >>= 3;
        }
        board
    }

    fn board(text: &str) -> Board {
        let format = Format::of(text.as_bytes());
        match Cells::new(text.as_bytes(), format).next_board(1) {
            Ok(Next::Board(board)) => board,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn slots_number_the_boards_that_reach_a_goal_one_to_one() {
        for goal in [GOAL, LUOGU_GOAL] {
            let mut seen = vec![false; BOARDS]; // indexing past BOARDS would panic
                                                // Each node beside its board, moved cell by cell as a check on the packed moves.
            let mut stack = vec![(Node::new(&goal), goal)];
            seen[stack[0].0.slot as usize] = true;
            while let Some((node, board)) = stack.pop() {
                for moved in (0..4).filter_map(|m| slide(node, m)) {
                    let mut board = board;
                    board.swap(node.blank(), moved.blank());
                    let fresh = Node::new(&board);
                    assert_eq!((moved.tiles(), moved.slot), (fresh.tiles(), fresh.slot));
                    if !std::mem::replace(&mut seen[moved.slot as usize], true) {
                        stack.push((moved, board));
                    }
                }
            }
            // 181,440 boards reach the goal: had two shared a slot, one slot would stay unseen.
            assert!(seen.iter().all(|&s| s));
        }
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
    fn parity_decides_solvability() {
        // Swapping two tiles flips the parity: the classic trap.
        assert_ne!(parity(&board("21345678x")), parity(&GOAL));
        assert_eq!(parity(&board("x12345678")), parity(&GOAL));
        // Luogu's goal has seven inversions: POJ's goal cannot reach it.
        assert_ne!(parity(&GOAL), parity(&LUOGU_GOAL));
        let (out, _) = answer("21345678x 12345678x");
        assert_eq!(out, "unsolvable\n\n");
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
}
