//! Huarong Dao (华容道, Klotski) for any layout, solved optimally by bidirectional BFS. Judged as
//! HackerRank "Klotski"; the classic start 横刀立马 takes 81 moves.
//!
//! Input: `m n`; m rows of n tokens (a block's name, or only dots for an empty cell); the target's name;
//! `r c`, where the target's top-left corner must end up; optionally `steps` or `straight` (see Metric).
//! Output: `k`, then k lines `NAME (r1,c1) (r2,c2)` (a block's top-left corner before and after), or
//! `unsolvable`.
//!
//! Idea: a block is a bit mask on a board of at most 64 cells. Blocks of the same shape (the target
//! apart) are interchangeable, so a position records only which *shape* is anchored at each cell: the
//! classic board has 25,955 positions instead of 15 million. The search runs from the start and from
//! every arrangement that has the target at its goal (built only once it would be the smaller
//! frontier), one whole layer of the smaller frontier at a time, and stops where the sides meet; the
//! real block names are put back by replaying the moves.

use std::collections::hash_map::{Entry, HashMap};
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::io::{self, Read, Write};

// Cell r*cols + c is bit r*cols + c of a u64 mask, so a board has at most 64 cells (8×8, 4×16, ...).
// The classic 5×4 board, in these bits:
//    0  1  2  3        A C C B
//    4  5  6  7        A C C B
//    8  9 10 11        D E E F
//   12 13 14 15        D G H F
//   16 17 18 19        I . . J     target C, goal: top-left at (3,1), cell 13
const MAX_CELLS: usize = 64;
// A position stores a 4-bit shape code per cell (0: no block anchored there), so at most 15 shapes;
// a board of up to 36 cells (HackerRank's 6×6) can never hold more than 15 distinct ones.
const MAX_SHAPES: usize = 15;

/// What one move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Metric {
    /// HackerRank's and Gardner's count: one block, any distance, along any path of free cells.
    Moves,
    /// One block, one direction, any distance.
    Straight,
    /// One block, one cell.
    Steps,
}

/// Where and why the input is bad. Lines and columns count from 1.
#[derive(Debug, PartialEq)]
struct InputError {
    line: usize,
    column: usize,
    what: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let InputError { line, column, what } = self;
        write!(f, "line {line}, column {column}: {what}")
    }
}

fn error(line: usize, column: usize, what: impl Into<String>) -> InputError {
    InputError {
        line,
        column,
        what: what.into(),
    }
}

// ---------------------------------------------------------------------------------------------------
// Input: lines of whitespace-separated tokens, each token with its line and column.

struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// The input's non-blank lines, each as its tokens.
fn tokenize(input: &str) -> Vec<Vec<Token<'_>>> {
    let mut lines = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let tokens: Vec<Token> = line
            .split_whitespace()
            .map(|text| {
                let offset = text.as_ptr() as usize - line.as_ptr() as usize; // `text` lies in `line`
                Token {
                    text,
                    line: i + 1,
                    column: line[..offset].chars().count() + 1,
                }
            })
            .collect();
        if !tokens.is_empty() {
            lines.push(tokens);
        }
    }
    lines
}

/// Reads the non-blank lines in order, knowing where the input ended for errors.
struct Lines<'a> {
    lines: std::vec::IntoIter<Vec<Token<'a>>>,
    last_line: usize,
}

impl<'a> Lines<'a> {
    fn next(&mut self, what: &str) -> Result<Vec<Token<'a>>, InputError> {
        let tokens = self.lines.next();
        let tokens =
            tokens.ok_or_else(|| error(self.last_line + 1, 1, format!("missing {what}")))?;
        self.last_line = tokens[0].line;
        Ok(tokens)
    }

    /// A line of exactly `count` numbers.
    fn numbers(&mut self, what: &str, count: usize) -> Result<Vec<usize>, InputError> {
        let tokens = self.next(what)?;
        if tokens.len() != count {
            let t = &tokens[0];
            return Err(error(
                t.line,
                t.column,
                format!("expected {what}, found {} values", tokens.len()),
            ));
        }
        let number = |t: &Token| {
            t.text
                .parse()
                .map_err(|_| error(t.line, t.column, format!("`{}` is not a number", t.text)))
        };
        tokens.iter().map(number).collect()
    }
}

// ---------------------------------------------------------------------------------------------------
// The puzzle: blocks grouped into shapes. Shape 0 is always the target's, even if another block has
// the same form: the target is the one block that is not interchangeable.

/// A block's form: its cells relative to the top-left corner of its bounding box.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Shape {
    cells: Vec<(usize, usize)>,
    height: usize,
    width: usize,
}

struct Block {
    name: String,
    shape: usize,
    /// The cell of its bounding box's top-left corner.
    anchor: usize,
}

struct Puzzle {
    rows: usize,
    cols: usize,
    shapes: Vec<Shape>,
    blocks: Vec<Block>,
    /// The cell where the target's top-left corner must end up.
    goal: usize,
    metric: Metric,
}

fn parse(input: &str) -> Result<Puzzle, InputError> {
    let mut lines = Lines {
        lines: tokenize(input).into_iter(),
        last_line: 0,
    };
    let size = lines.numbers("the board size `m n`", 2)?;
    let (rows, cols) = (size[0], size[1]);
    let line = lines.last_line;
    if rows == 0 || cols == 0 || rows * cols > MAX_CELLS {
        let what = format!(
            "a {rows}×{cols} board is not supported: it needs 1 to {MAX_CELLS} cells (8×8 at most)"
        );
        return Err(error(line, 1, what));
    }
    let cells = read_board(&mut lines, rows, cols)?;
    let target = lines.next("the target block's name")?;
    let target = &target[0];
    let goal_line = lines.numbers("the target's goal `r c`", 2)?;
    let goal_at = (goal_line[0], goal_line[1]);
    let metric = read_metric(&mut lines)?;
    let mut puzzle = group_blocks(&cells, rows, cols, target)?;
    puzzle.metric = metric;
    let shape = &puzzle.shapes[0];
    if goal_at.0 + shape.height > rows || goal_at.1 + shape.width > cols {
        let what = format!(
            "the target \"{}\" ({}×{}) cannot have its top-left corner at ({},{}) on a {rows}×{cols} board",
            target.text, shape.height, shape.width, goal_at.0, goal_at.1
        );
        return Err(error(lines.last_line, 1, what));
    }
    puzzle.goal = goal_at.0 * cols + goal_at.1;
    Ok(puzzle)
}

/// The board's rows: per cell, the name of the block there (`None`: empty) and its token.
fn read_board<'a>(
    lines: &mut Lines<'a>,
    rows: usize,
    cols: usize,
) -> Result<Vec<Option<Token<'a>>>, InputError> {
    let mut cells = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        let tokens = lines.next(&format!("board row {} of {rows}", row + 1))?;
        if tokens.len() != cols {
            let t = tokens.get(cols).unwrap_or(&tokens[0]);
            return Err(error(
                t.line,
                t.column,
                format!("expected {cols} cells, found {}", tokens.len()),
            ));
        }
        cells.extend(
            tokens
                .into_iter()
                .map(|t| Some(t).filter(|t| !t.text.bytes().all(|b| b == b'.'))),
        );
    }
    if cells.iter().all(Option::is_some) {
        return Err(error(
            lines.last_line,
            1,
            "the board has no empty cell, so no block can move",
        ));
    }
    Ok(cells)
}

fn read_metric(lines: &mut Lines) -> Result<Metric, InputError> {
    let Some(tokens) = lines.lines.next() else {
        return Ok(Metric::Moves);
    };
    let t = &tokens[0];
    let metric = match t.text {
        "steps" if tokens.len() == 1 => Metric::Steps,
        "straight" if tokens.len() == 1 => Metric::Straight,
        _ => {
            let what = format!(
                "unknown metric `{}`: the last line may be `steps` or `straight`",
                t.text
            );
            return Err(error(t.line, t.column, what));
        }
    };
    if let Some(extra) = lines.lines.next() {
        return Err(error(
            extra[0].line,
            extra[0].column,
            "unexpected text after the metric",
        ));
    }
    Ok(metric)
}

/// Groups the board's cells into blocks by name and the blocks into shapes, the target's first.
fn group_blocks(
    cells: &[Option<Token>],
    rows: usize,
    cols: usize,
    target: &Token,
) -> Result<Puzzle, InputError> {
    let mut by_name: Vec<(&str, Vec<usize>)> = Vec::new(); // in order of first appearance
    for (cell, token) in cells.iter().enumerate() {
        let Some(token) = token else { continue };
        match by_name.iter_mut().find(|(name, _)| *name == token.text) {
            Some((_, list)) => list.push(cell),
            None => by_name.push((token.text, vec![cell])),
        }
    }
    let Some(target_index) = by_name.iter().position(|(name, _)| *name == target.text) else {
        let what = format!("target block \"{}\" is not on the board", target.text);
        return Err(error(target.line, target.column, what));
    };
    by_name.swap(0, target_index);
    let mut puzzle = Puzzle {
        rows,
        cols,
        shapes: Vec::new(),
        blocks: Vec::new(),
        goal: 0,
        metric: Metric::Moves,
    };
    for (i, (name, list)) in by_name.iter().enumerate() {
        let (shape, anchor) = shape_of(list, cols);
        let existing = puzzle
            .shapes
            .iter()
            .skip(1)
            .position(|s| *s == shape)
            .map(|s| s + 1);
        let shape = match existing.filter(|_| i > 0) {
            Some(index) => index,
            None => {
                puzzle.shapes.push(shape);
                puzzle.shapes.len() - 1
            }
        };
        puzzle.blocks.push(Block {
            name: name.to_string(),
            shape,
            anchor,
        });
    }
    if puzzle.shapes.len() > MAX_SHAPES {
        let first_row = cells.iter().flatten().next().map_or(1, |t| t.line);
        let what = format!(
            "{} block shapes is more than the {MAX_SHAPES} supported",
            puzzle.shapes.len()
        );
        return Err(error(first_row, 1, what));
    }
    Ok(puzzle)
}

/// A block's shape and the cell of its bounding box's top-left corner.
fn shape_of(cells: &[usize], cols: usize) -> (Shape, usize) {
    let top = cells.iter().map(|c| c / cols).min().unwrap_or(0);
    let left = cells.iter().map(|c| c % cols).min().unwrap_or(0);
    let offsets: Vec<(usize, usize)> = cells
        .iter()
        .map(|c| (c / cols - top, c % cols - left))
        .collect();
    let height = offsets.iter().map(|o| o.0 + 1).max().unwrap_or(1);
    let width = offsets.iter().map(|o| o.1 + 1).max().unwrap_or(1);
    (
        Shape {
            cells: offsets,
            height,
            width,
        },
        top * cols + left,
    )
}

// ---------------------------------------------------------------------------------------------------
// Geometry: where each shape fits, and where a block can go in one move.

struct Geometry {
    cols: usize,
    /// Every cell of the board, and those not in its first or last column.
    board: u64,
    not_left: u64,
    not_right: u64,
    /// `fits[shape][cell]`: the cells the shape covers with its top-left corner at `cell`, or 0 where it
    /// would stick out of the board.
    fits: Vec<Vec<u64>>,
    /// Per shape: the anchors where it lies on the board, and its cells as bit offsets from its anchor.
    anchors: Vec<u64>,
    offsets: Vec<Vec<usize>>,
    metric: Metric,
}

impl Geometry {
    fn new(puzzle: &Puzzle) -> Self {
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let board = u64::MAX >> (MAX_CELLS - rows * cols);
        let first_column = (0..rows).fold(0u64, |mask, r| mask | 1 << (r * cols));
        let last_column = first_column << (cols - 1);
        let covers = |shape: &Shape, cell: usize| {
            let (r, c) = (cell / cols, cell % cols);
            let inside = r + shape.height <= rows && c + shape.width <= cols;
            let cells = shape
                .cells
                .iter()
                .map(|&(dr, dc)| 1u64 << ((r + dr) * cols + c + dc));
            if inside {
                cells.fold(0, |mask, bit| mask | bit)
            } else {
                0
            }
        };
        let fits: Vec<Vec<u64>> = puzzle
            .shapes
            .iter()
            .map(|s| (0..rows * cols).map(|c| covers(s, c)).collect())
            .collect();
        let anchors = fits
            .iter()
            .map(|f| {
                (0..rows * cols)
                    .filter(|&c| f[c] != 0)
                    .fold(0, |m, c| m | 1 << c)
            })
            .collect();
        let offsets = puzzle
            .shapes
            .iter()
            .map(|s| s.cells.iter().map(|&(dr, dc)| dr * cols + dc).collect())
            .collect();
        let (not_left, not_right) = (board & !first_column, board & !last_column);
        Geometry {
            cols,
            board,
            not_left,
            not_right,
            fits,
            anchors,
            offsets,
            metric: puzzle.metric,
        }
    }

    /// The cells one step from those in `mask` in direction `d`: up, down, left, right.
    fn shift(&self, mask: u64, d: usize) -> u64 {
        match d {
            0 => mask >> self.cols,
            1 => mask.checked_shl(self.cols as u32).unwrap_or(0) & self.board,
            2 => (mask & self.not_left) >> 1,
            _ => (mask & self.not_right) << 1,
        }
    }

    /// The anchors, as a bit mask, that shape `s` anchored at `from` reaches in one move, using only
    /// the cells in `free` (the empty cells and its own). All in bit-parallel steps: `allowed` holds
    /// every anchor where the shape would fit, and moving is shifting masks within it.
    fn destinations(&self, s: usize, from: usize, free: u64) -> u64 {
        // The shape fits at anchor a when every cell a + offset is free, i.e. bit a of free >> offset.
        let allowed = self.offsets[s]
            .iter()
            .fold(self.anchors[s], |ok, &k| ok & free >> k);
        let start = 1u64 << from;
        let reached = match self.metric {
            Metric::Steps => (0..4).fold(0, |r, d| r | self.shift(start, d) & allowed),
            Metric::Straight => (0..4).fold(0, |mut r, d| {
                let mut ray = self.shift(start, d) & allowed;
                while ray != 0 {
                    r |= ray;
                    ray = self.shift(ray, d) & allowed;
                }
                r
            }),
            Metric::Moves => {
                // Flood fill: grow the reached set by one step each round until it stops growing.
                let mut reached = start;
                loop {
                    let grown = (0..4).fold(reached, |r, d| r | self.shift(reached, d) & allowed);
                    if grown == reached {
                        break reached;
                    }
                    reached = grown;
                }
            }
        };
        reached & !start
    }
}

// ---------------------------------------------------------------------------------------------------
// Positions: the shape code (shape + 1) anchored at each cell, 4 bits a cell, in N words: two for
// boards of up to 32 cells, four for up to 64. Smaller keys, a smaller table: fewer cache misses.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Position<const N: usize>([u64; N]);

/// A position's blocks as (shape, anchor): at most one per cell.
struct Blocks {
    list: [(u8, u8); MAX_CELLS],
    len: usize,
}

impl Blocks {
    fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.list[..self.len]
            .iter()
            .map(|&(s, a)| (s as usize, a as usize))
    }
}

/// One block moving: its shape and its anchor before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Move {
    shape: u8,
    from: u8,
    to: u8,
}

impl Move {
    fn reversed(self) -> Move {
        Move {
            from: self.to,
            to: self.from,
            ..self
        }
    }
}

impl<const N: usize> Position<N> {
    fn of(blocks: impl Iterator<Item = (usize, usize)>) -> Self {
        let mut position = Position([0; N]);
        for (shape, anchor) in blocks {
            position.set(anchor, shape + 1);
        }
        position
    }

    fn set(&mut self, cell: usize, code: usize) {
        let (word, shift) = (cell / 16, cell % 16 * 4);
        self.0[word] = self.0[word] & !(15 << shift) | (code as u64) << shift;
    }

    /// Every block as (shape, anchor), in a buffer on the stack: this is the search's inner loop.
    fn blocks(self) -> Blocks {
        let mut blocks = Blocks {
            list: [(0, 0); MAX_CELLS],
            len: 0,
        };
        for (word, mut bits) in self.0.into_iter().enumerate() {
            while bits != 0 {
                let nibble = bits.trailing_zeros() as usize / 4;
                let code = (bits >> (4 * nibble) & 15) as usize;
                bits &= !(15 << (4 * nibble));
                blocks.list[blocks.len] = (code as u8 - 1, (word * 16 + nibble) as u8);
                blocks.len += 1;
            }
        }
        blocks
    }

    fn moved(mut self, m: Move) -> Self {
        self.set(m.from as usize, 0);
        self.set(m.to as usize, m.shape as usize + 1);
        self
    }

    fn target_at(self, cell: usize) -> bool {
        self.0[cell / 16] >> (cell % 16 * 4) & 15 == 1 // code 1 is shape 0, the target
    }

    /// Every position one move away, with its move.
    fn successors(self, geometry: &Geometry, out: &mut Vec<(Self, Move)>) {
        let blocks = self.blocks();
        let occupied = blocks
            .iter()
            .fold(0, |mask, (s, a)| mask | geometry.fits[s][a]);
        let empty = geometry.board & !occupied;
        for (s, from) in blocks.iter() {
            let cells = geometry.fits[s][from];
            if (0..4).all(|d| geometry.shift(cells, d) & empty == 0) {
                continue; // no empty cell next to it: it cannot move (most blocks, most of the time)
            }
            let mut targets = geometry.destinations(s, from, empty | cells);
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let m = Move {
                    shape: s as u8,
                    from: from as u8,
                    to: to as u8,
                };
                out.push((self.moved(m), m));
            }
        }
    }
}

/// A multiply-and-fold hash: positions need no defence against chosen collisions, so SipHash's strength
/// would be wasted time.
#[derive(Default)]
struct FastHash(u64);

impl Hasher for FastHash {
    fn finish(&self) -> u64 {
        // A multiply mixes only upwards; fold the high bits down so every bit of the result varies.
        let h = (self.0 ^ self.0 >> 33).wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ h >> 33
    }

    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(b as u64));
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl<const N: usize> Hash for Position<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Folded first: one multiply per position, not one per word.
        let folded = self
            .0
            .iter()
            .enumerate()
            .fold(0, |h, (i, &w)| h ^ w.rotate_left(16 * i as u32));
        state.write_u64(folded);
    }
}

// ---------------------------------------------------------------------------------------------------
// The search.

/// One side of the search: every position it has seen with the move that reached it (`None` for where
/// it started), and its last complete layer.
struct Side<const N: usize> {
    seen: HashMap<Position<N>, Option<Move>, BuildHasherDefault<FastHash>>,
    frontier: Vec<Position<N>>,
    depth: usize,
}

impl<const N: usize> Side<N> {
    fn new(roots: Vec<Position<N>>) -> Self {
        let seen = roots.iter().map(|&p| (p, None)).collect();
        Side {
            seen,
            frontier: roots,
            depth: 0,
        }
    }

    /// Expands one whole layer; returns the first new position for which `meets` holds.
    fn expand(
        &mut self,
        geometry: &Geometry,
        meets: impl Fn(Position<N>) -> bool,
    ) -> Option<Position<N>> {
        let (mut next, mut successors) = (Vec::new(), Vec::new());
        for position in std::mem::take(&mut self.frontier) {
            successors.clear();
            position.successors(geometry, &mut successors);
            for &(p, m) in &successors {
                let Entry::Vacant(slot) = self.seen.entry(p) else {
                    continue;
                };
                slot.insert(Some(m));
                if meets(p) {
                    return Some(p); // the rest of the layer is not needed: see `solve`
                }
                next.push(p);
            }
        }
        self.frontier = next;
        self.depth += 1;
        None
    }

    /// The moves that led from this side's root to `position`, last first.
    fn moves_back(&self, mut position: Position<N>) -> Vec<Move> {
        let mut moves = Vec::new();
        while let Some(&Some(m)) = self.seen.get(&position) {
            moves.push(m);
            position = position.moved(m.reversed());
        }
        moves
    }
}

/// A shortest list of moves from the start to the goal, or `None` if there is none.
fn solve(puzzle: &Puzzle, trace: bool) -> Option<Vec<Move>> {
    // Positions take 4 bits a cell: two words for boards of up to 32 cells (the classic), else four.
    if puzzle.rows * puzzle.cols <= 32 {
        search::<2>(puzzle, trace)
    } else {
        search::<4>(puzzle, trace)
    }
}

fn search<const N: usize>(puzzle: &Puzzle, trace: bool) -> Option<Vec<Move>> {
    let geometry = Geometry::new(puzzle);
    let start = Position::<N>::of(puzzle.blocks.iter().map(|b| (b.shape, b.anchor)));
    if start.target_at(puzzle.goal) {
        return Some(Vec::new());
    }
    let mut from_start = Side::new(vec![start]);
    let (mut to_goal, mut goal_tried) = (None, 0);
    // Invariant while the sides have not met: the start side is complete to its depth, the goal side to
    // its depth, and no position is on both, so every solution is longer than the two depths together.
    // A new position that touches the other side closes a path of at most that sum + 1 moves: the first
    // meeting is a shortest path. Before the goal side exists, touching it means having the target at
    // its goal: the goal side's roots are exactly those positions.
    let meet = loop {
        if to_goal.is_none() && from_start.frontier.len() > 2 * goal_tried {
            // Build the goal side only once it would be used, i.e. be the smaller frontier; asking for
            // twice as many roots each time keeps the failed tries cheap.
            goal_tried = from_start.frontier.len();
            to_goal = goal_positions(puzzle, &geometry, goal_tried).map(Side::new);
            if let (Some(goal), true) = (&to_goal, trace) {
                eprintln!(
                    "goal side: {} arrangements with the target at its goal",
                    goal.frontier.len()
                );
            }
        }
        let (met, side, name) = match &mut to_goal {
            Some(goal) if goal.frontier.len() < from_start.frontier.len() => (
                goal.expand(&geometry, |p| from_start.seen.contains_key(&p)),
                &*goal,
                "goal",
            ),
            _ => {
                let goal = to_goal.as_ref();
                let meets = |p: Position<N>| {
                    goal.map_or(p.target_at(puzzle.goal), |g| g.seen.contains_key(&p))
                };
                (from_start.expand(&geometry, meets), &from_start, "start")
            }
        };
        if trace {
            let (depth, frontier, seen) = (side.depth, side.frontier.len(), side.seen.len());
            eprintln!("{name} depth {depth}: frontier {frontier}, visited {seen}");
        }
        if let Some(p) = met {
            break p;
        }
        if side.frontier.is_empty() {
            return None; // one side has run out of positions without meeting the other
        }
    };
    Some(join_halves(&from_start, to_goal.as_ref(), meet, trace))
}

/// The whole path through `meet`: the start side's moves to it, then the goal side's, reversed.
fn join_halves<const N: usize>(
    start: &Side<N>,
    goal: Option<&Side<N>>,
    meet: Position<N>,
    trace: bool,
) -> Vec<Move> {
    let mut moves = start.moves_back(meet);
    moves.reverse();
    let start_half = moves.len();
    if let Some(goal) = goal {
        moves.extend(goal.moves_back(meet).into_iter().map(Move::reversed));
    }
    if trace {
        let goal_half = moves.len() - start_half;
        eprintln!(
            "met at {} moves (start {start_half} + goal {goal_half})",
            moves.len()
        );
    }
    moves
}

/// Every arrangement of the other blocks around the target at its goal (the goal side's roots), or
/// `None` when there are more than `limit` of them.
fn goal_positions<const N: usize>(
    puzzle: &Puzzle,
    geometry: &Geometry,
    limit: usize,
) -> Option<Vec<Position<N>>> {
    let target = geometry.fits[0][puzzle.goal];
    let mut others: Vec<usize> = puzzle.blocks.iter().skip(1).map(|b| b.shape).collect();
    others.sort_unstable(); // same shapes side by side, each placed after the last: no duplicates
    let mut search = Placement {
        geometry,
        others,
        placed: vec![(0, puzzle.goal)],
        found: Vec::new(),
        limit,
        budget: 4 * limit,
    };
    search.place(target).then_some(search.found)
}

/// A backtracking search that places `others` in turn on the cells left free.
struct Placement<'a, const N: usize> {
    geometry: &'a Geometry,
    others: Vec<usize>,
    placed: Vec<(usize, usize)>,
    found: Vec<Position<N>>,
    limit: usize,
    /// Placements left to try: the search may wander among dead ends, so its work is bounded too.
    budget: usize,
}

impl<const N: usize> Placement<'_, N> {
    /// Places the next block on the cells not in `occupied`; false once over the limits.
    fn place(&mut self, occupied: u64) -> bool {
        let Some(&shape) = self.others.get(self.placed.len() - 1) else {
            self.found.push(Position::of(self.placed.iter().copied()));
            return self.found.len() <= self.limit;
        };
        let (last_shape, last_anchor) = self.placed[self.placed.len() - 1];
        let first = if last_shape == shape && self.placed.len() > 1 {
            last_anchor + 1
        } else {
            0
        };
        let fits = &self.geometry.fits[shape];
        for (anchor, &cells) in fits.iter().enumerate().skip(first) {
            if cells == 0 || cells & occupied != 0 {
                continue;
            }
            let Some(left) = self.budget.checked_sub(1) else {
                return false;
            };
            self.budget = left;
            self.placed.push((shape, anchor));
            let within = self.place(occupied | cells);
            self.placed.pop();
            if !within {
                return false;
            }
        }
        true
    }
}

// ---------------------------------------------------------------------------------------------------
// Output: the moves with the real names back. The search merged same-shape blocks, so replay the moves
// to know which block stood at each move's `from`.

fn write_solution(puzzle: &Puzzle, moves: &[Move], out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", moves.len())?;
    let mut anchors: Vec<usize> = puzzle.blocks.iter().map(|b| b.anchor).collect();
    let at = |cell: usize| format!("({},{})", cell / puzzle.cols, cell % puzzle.cols);
    for m in moves {
        let (from, to) = (m.from as usize, m.to as usize);
        let which = (0..anchors.len())
            .find(|&b| puzzle.blocks[b].shape == m.shape as usize && anchors[b] == from);
        let b = which.expect("a recorded move starts where a block of its shape stands");
        anchors[b] = to;
        writeln!(out, "{} {} {}", puzzle.blocks[b].name, at(from), at(to))?;
    }
    Ok(())
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

/// Solves the layout in `input` and writes the answer to `out`.
fn run(input: &[u8], out: &mut impl Write, trace: bool) -> Result<(), Failure> {
    let text = std::str::from_utf8(input).map_err(|e| {
        let line = input[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        Failure::BadInput(error(line, 1, "the input is not valid UTF-8"))
    })?;
    let puzzle = parse(text).map_err(Failure::BadInput)?;
    match solve(&puzzle, trace) {
        Some(moves) => write_solution(&puzzle, &moves, out)?,
        None => writeln!(out, "unsolvable")?,
    }
    Ok(())
}

fn main() {
    let mut input = Vec::new();
    let trace = std::env::var_os("BFS_TRACE").is_some_and(|v| v == "1");
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = match io::stdin().read_to_end(&mut input) {
        Ok(_) => run(&input, &mut out, trace),
        Err(e) => Err(Failure::Io(e)),
    };
    let flushed = out.flush();
    let message = match (result, flushed) {
        (Err(Failure::BadInput(e)), _) => e.to_string(),
        (Err(Failure::Io(e)), _) | (Ok(()), Err(e)) => format!("i/o error: {e}"),
        (Ok(()), Ok(())) => return,
    };
    eprintln!("huarong: {message}");
    std::process::exit(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "3 4\nA A C .\nA B C .\nB B . .\nB\n0 1\n";
    const CLASSIC: &str = "5 4\nA C C B\nA C C B\nD E E F\nD G H F\nI . . J\nC\n3 1\n";

    fn answer(input: &str) -> Result<String, InputError> {
        let mut out = Vec::new();
        match run(input.as_bytes(), &mut out, false) {
            Ok(()) => Ok(String::from_utf8(out).expect("UTF-8 output")),
            Err(Failure::BadInput(e)) => Err(e),
            Err(Failure::Io(e)) => panic!("writing to a Vec failed: {e}"),
        }
    }

    fn moves_of(input: &str) -> usize {
        let out = answer(input).expect("valid input");
        out.lines()
            .next()
            .and_then(|k| k.parse().ok())
            .expect("a move count first")
    }

    #[test]
    fn the_sample_takes_two_moves_with_the_real_names() {
        // Several shortest answers exist (C may go to (1,3) or (0,3)): check the form, not the string.
        let out = answer(SAMPLE).expect("valid input");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        assert_eq!(lines[0], "2");
        assert!(
            lines[1].starts_with("C (0,2) ") && lines[2] == "B (1,0) (0,1)",
            "{out}"
        );
    }

    #[test]
    fn the_classic_takes_81_90_and_116_moves_by_metric() {
        assert_eq!(moves_of(CLASSIC), 81);
        assert_eq!(moves_of(&format!("{CLASSIC}straight\n")), 90);
        assert_eq!(moves_of(&format!("{CLASSIC}steps\n")), 116);
    }

    #[test]
    fn same_shapes_share_a_code_but_the_target_keeps_its_own() {
        let puzzle = parse(CLASSIC).expect("valid");
        assert_eq!(puzzle.shapes.len(), 4); // target 2×2, vertical, horizontal, single
        assert_eq!(puzzle.blocks[0].name, "C");
        let twins = parse("1 3\nA . B\nA\n0 2\n").expect("valid");
        assert_eq!(
            twins.blocks.iter().map(|b| b.shape).collect::<Vec<_>>(),
            [0, 1]
        );
    }

    #[test]
    fn a_position_lists_its_blocks_and_moves_them() {
        let p = Position::<4>::of([(0, 13), (2, 63), (1, 0)].into_iter());
        let mut blocks: Vec<_> = p.blocks().iter().collect();
        blocks.sort_unstable();
        assert_eq!(blocks, [(0, 13), (1, 0), (2, 63)]);
        let m = Move {
            shape: 2,
            from: 63,
            to: 40,
        };
        assert!(p.moved(m).target_at(13) && p.moved(m).moved(m.reversed()) == p);
    }

    #[test]
    fn no_way_out_is_unsolvable() {
        let input = "5 4\nH A A I\nH A A I\nJ K N L\nJ K O L\nP . . Q\nA\n3 1\n";
        assert_eq!(answer(input), Ok("unsolvable\n".to_string()));
        assert_eq!(answer("1 2\nA .\nA\n0 0\n"), Ok("0\n".to_string()));
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let err = |input: &str| answer(input).expect_err("an error").to_string();
        assert_eq!(
            err("2 2\nA .\nA . B\nA\n0 0\n"),
            "line 3, column 5: expected 2 cells, found 3"
        );
        assert_eq!(
            err("1 2\nA .\nZ\n0 0\n"),
            "line 3, column 1: target block \"Z\" is not on the board"
        );
        assert_eq!(
            err("1 2\nA B\nA\n0 0\n"),
            "line 2, column 1: the board has no empty cell, so no block can move"
        );
        assert_eq!(
            err("1 2\nA .\nA\n0 1 2\n"),
            "line 4, column 1: expected the target's goal `r c`, found 3 values"
        );
        assert_eq!(
            err("1 2\nA .\nA\n0 x\n"),
            "line 4, column 3: `x` is not a number"
        );
        assert_eq!(
            err("1 2\nA .\nA\n0 0\nfast\n"),
            "line 5, column 1: unknown metric `fast`: the last line may be `steps` or `straight`"
        );
        assert_eq!(
            err("9 9\n"),
            "line 1, column 1: a 9×9 board is not supported: it needs 1 to 64 cells (8×8 at most)"
        );
        assert_eq!(
            err("2 2\nA .\n"),
            "line 3, column 1: missing board row 2 of 2"
        );
        let wide = "1 3\nA A .\nA\n0 2\n";
        assert_eq!(err(wide), "line 4, column 1: the target \"A\" (1×2) cannot have its top-left corner at (0,2) on a 1×3 board");
    }
}
