//! Huarong Dao (华容道, Klotski) between two full layouts: the fewest moves that turn a start
//! layout into a goal layout, blocks of one shape being interchangeable. This project's own
//! problem, `huarong_goal`, judged by its local judge: no online judge with this format is known.
//!
//! Input: `m n`, the start layout, the goal layout (m rows of n names, `.` empty), and perhaps
//! the metric: `moves` (the default), `straight` or `steps`.
//! Output: `k` and k lines `NAME (r1,c1) (r2,c2)` (corner before and after), or `unsolvable`.
//!
//! Idea: each end is one position, so a breadth-first search grows from each, the smaller frontier
//! by one whole layer at a time. The two meet near the middle of a shortest path, each about half
//! as deep as one search alone, where layers are far narrower. A position keeps, per shape, only
//! the cells where its blocks have their corner, so a swap of same-shape blocks is no difference;
//! each side keeps, per position, the one it came from, and the path is read back from the meeting.
//!
//! Size: at most 64 cells. From the classic start 横刀立马, 25,955 positions can be reached (about
//! 15 million with same-shape blocks told apart); on the way to a solved layout 84 moves away, a
//! plain BFS from the start visits 24,215 of them through the goal's layer, this search 11,283
//! (3,120 + 8,163).
//!
//! Bad input: one line on stderr, `line L, column C: …`, and exit 1. After the puzzle, blank
//! space, 0x1A and NUL are ignored, other text only warned about. With `BFS_TRACE=1`, stderr shows
//! each layer grown and where the sides met.

use std::io::{self, Read, Write};

// -------------------------------------------------------------------------------------------------
// The state.

// A box of at most 64 cells: cell r * cols + c is bit r * cols + c of a `u64` mask. A block's
// anchor is the top-left corner of its bounding box (for an L, perhaps a cell it does not cover).
// The classic 横刀立马, its cells, and the anchors of its four shapes:
//    0  1  2  3        H A A I        v 2 . v       (2: the 2×2 block, v: vertical,
//    4  5  6  7        H A A I        . . . .        h: horizontal, 1: single)
//    8  9 10 11        J B B K        v h . v
//   12 13 14 15        J N O K        . 1 1 .
//   16 17 18 19        P . . Q        1 . . 1
// A position, the state of the search, is one mask a shape, of the cells where its blocks have
// their anchors: `[H|I|J|K, A, B, N|O|P|Q]` above. Which of two same-shape blocks stands where is
// not kept: no move and no goal tells them apart. A mask has one bit a block (two blocks of one
// shape anchored at one cell would overlap).
const MAX_CELLS: usize = 64;

/// What one move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Metric {
    /// One block, any distance, along any path of free cells.
    Moves,
    /// One block, one direction, any distance.
    Straight,
    /// One block, one cell.
    Steps,
}

/// A block's form: its cells (row, column) from its anchor, in reading order.
type Shape = Vec<(usize, usize)>;

/// A block of a layout: its name (the token on its first cell), its shape (an index into
/// `Puzzle::shapes`) and its anchor.
struct Block<'a> {
    name: &'a str,
    shape: usize,
    anchor: usize,
}

/// The puzzle: the box, the shapes, the start's blocks, and both ends as positions.
struct Puzzle<'a> {
    rows: usize,
    cols: usize,
    metric: Metric,
    shapes: Vec<Shape>,
    blocks: Vec<Block<'a>>,
    start: Vec<u64>,
    goal: Vec<u64>,
}

// -------------------------------------------------------------------------------------------------
// The moves.

/// One block moving: its shape, and its anchor before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Move {
    shape: usize,
    from: usize,
    to: usize,
}

/// The box, and where each shape fits in it, as masks.
struct Board {
    cols: u32,
    metric: Metric,
    /// Every cell, and those off the first column and off the last column.
    cells: u64,
    inner: [u64; 2],
    /// `covers[s][a]`: the cells shape s covers anchored at a, or 0 where it would stick out.
    covers: Vec<Vec<u64>>,
    /// Per shape: the anchors where it lies in the box, and its cells as offsets from one.
    lies: Vec<u64>,
    offsets: Vec<Vec<u32>>,
}

impl Board {
    fn new(puzzle: &Puzzle) -> Board {
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let cells = u64::MAX >> (MAX_CELLS - rows * cols);
        let first_column = (0..rows).fold(0u64, |m, r| m | 1 << (r * cols));
        let mut board = Board {
            cols: cols as u32,
            metric: puzzle.metric,
            cells,
            inner: [cells & !first_column, cells & !(first_column << (cols - 1))],
            covers: Vec::new(),
            lies: Vec::new(),
            offsets: Vec::new(),
        };
        for shape in &puzzle.shapes {
            let covers = (0..rows * cols).map(|a| cells_at(shape, a, rows, cols));
            let covers: Vec<u64> = covers.collect();
            let lies = (0..rows * cols).filter(|&a| covers[a] != 0);
            board.lies.push(lies.fold(0, |m, a| m | 1 << a));
            let offsets = shape.iter().map(|&(r, c)| (r * cols + c) as u32);
            board.offsets.push(offsets.collect());
            board.covers.push(covers);
        }
        board
    }

    /// The cells one step from those of `mask` in direction `d`: up, down, left, right. A row may
    /// fill the whole word (1×64), and `x >> 64` is no zero in Rust: a checked shift is.
    fn step(&self, mask: u64, d: usize) -> u64 {
        match d {
            0 => mask.checked_shr(self.cols).unwrap_or(0),
            1 => mask.checked_shl(self.cols).unwrap_or(0) & self.cells,
            2 => (mask & self.inner[0]) >> 1,
            _ => (mask & self.inner[1]) << 1,
        }
    }

    /// The anchors that shape `s`, anchored at `from`, reaches in one move over the cells of `free`
    /// (the empty ones and its own), as a mask. `room` holds every anchor where the shape would
    /// fit; moving is then shifting masks within it.
    fn reach(&self, s: usize, from: usize, free: u64) -> u64 {
        // The shape fits at anchor a when each cell a + k is free: bit a of `free >> k`.
        let room = (self.offsets[s].iter()).fold(self.lies[s], |m, &k| m & free >> k);
        let start = 1u64 << from;
        let all = [0, 1, 2, 3];
        let reached = match self.metric {
            Metric::Steps => (0..4).fold(0, |m, d| m | self.step(start, d) & room),
            Metric::Straight => (0..4).fold(0, |m, d| m | self.spread(start, room, &[d])),
            Metric::Moves => self.spread(start, room, &all),
        };
        reached & !start
    }

    /// The anchors reached from those of `from` by steps in directions `ds` within `room`.
    fn spread(&self, from: u64, room: u64, ds: &[usize]) -> u64 {
        let mut reached = from;
        loop {
            let wider = (ds.iter()).fold(reached, |m, &d| m | self.step(reached, d) & room);
            if wider == reached {
                return reached;
            }
            reached = wider;
        }
    }
}

/// The cells `shape` covers with its anchor at cell `anchor`, or 0 if it would stick out.
fn cells_at(shape: &Shape, anchor: usize, rows: usize, cols: usize) -> u64 {
    let (r, c) = (anchor / cols, anchor % cols);
    if (shape.iter()).any(|&(dr, dc)| r + dr >= rows || c + dc >= cols) {
        return 0;
    }
    (shape.iter()).fold(0, |m, &(dr, dc)| m | 1 << ((r + dr) * cols + c + dc))
}

/// Every move from `position`, shape by shape, lowest anchor first, into `out` (emptied first).
fn neighbours(board: &Board, position: &[u64], out: &mut Vec<Move>) {
    out.clear();
    let taken = (position.iter().enumerate()).fold(0, |cells, (s, &mask)| {
        bits(mask).fold(cells, |cells, a| cells | board.covers[s][a])
    });
    let empty = board.cells & !taken;
    for (s, &mask) in position.iter().enumerate() {
        for from in bits(mask) {
            for to in bits(board.reach(s, from, empty | board.covers[s][from])) {
                out.push(Move { shape: s, from, to });
            }
        }
    }
}

/// The move between two positions one move apart: in the one shape's mask that differs, one
/// anchor gone and one new.
fn move_between(before: &[u64], after: &[u64]) -> Move {
    let differs = |s: &usize| before[*s] != after[*s];
    let shape = (0..before.len()).find(differs).unwrap_or(0);
    let from = (before[shape] & !after[shape]).trailing_zeros() as usize;
    let to = (after[shape] & !before[shape]).trailing_zeros() as usize;
    Move { shape, from, to }
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let bit = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        Some(bit).filter(|&bit| bit < 64)
    })
}

// -------------------------------------------------------------------------------------------------
// The search.

/// One side of the search: every position it has reached, numbered in the order reached (so a
/// layer is a run of numbers), and for each the number of the one it came from.
struct Side {
    name: &'static str,
    seen: Table,
    parent: Vec<u32>,
    /// `layers[d]`: the number of the first position of layer d. The last layer, the frontier,
    /// runs to the end of `seen`.
    layers: Vec<usize>,
}

/// A shortest list of moves from the start layout to the goal layout, or `None` if there is none.
fn solve(puzzle: &Puzzle, trace: bool) -> Option<Vec<Move>> {
    if puzzle.start == puzzle.goal {
        return Some(Vec::new()); // solved already, perhaps with same-shape blocks swapped
    }
    let board = Board::new(puzzle);
    let mut start = Side::new("start", &puzzle.start);
    let mut goal = Side::new("goal", &puzzle.goal);
    // Invariant while the sides have not met: each side holds every position within its depth of
    // its root, and no position lies on both, so every solution is longer than the two depths
    // together. A new position that the other side holds closes a path of exactly that sum + 1
    // moves: the first meeting is a shortest path. Either side may grow at each turn; growing the
    // smaller frontier keeps the work near the least.
    // practice: begin search
    loop {
        let goal_grows = goal.frontier().len() < start.frontier().len();
        let (grown, other) = match goal_grows {
            true => (&mut goal, &start),
            false => (&mut start, &goal),
        };
        let met = grown.expand(&board, other);
        if trace {
            let (name, depth, frontier) = (grown.name, grown.depth(), grown.frontier().len());
            let layer = format!("{} depth {}: frontier {}", name, depth, frontier);
            eprintln!("{}, visited {}", layer, grown.seen.len());
        }
        if let Some(meeting) = met {
            return Some(join(&start, &goal, &meeting, trace));
        }
        if grown.frontier().is_empty() {
            return None; // that side has reached all it can without meeting the other
        }
    }
    // practice: end search
}

impl Side {
    fn new(name: &'static str, root: &[u64]) -> Side {
        let mut seen = Table::new(root.len());
        seen.insert(root);
        let (parent, layers) = (vec![u32::MAX], vec![0]);
        Side {
            name,
            seen,
            parent,
            layers,
        }
    }

    fn depth(&self) -> usize {
        self.layers.len() - 1
    }

    /// The numbers of the last layer's positions.
    fn frontier(&self) -> std::ops::Range<usize> {
        self.layers[self.depth()]..self.seen.len()
    }

    /// Adds the next whole layer; at its first new position that `other` holds, it stops (the rest
    /// of the layer is not needed: see `solve`) and returns that position. The goal side grows by
    /// the same moves as the start side: each move is undone by one move of its metric.
    fn expand(&mut self, board: &Board, other: &Side) -> Option<Vec<u64>> {
        let layer = self.frontier();
        self.layers.push(self.seen.len());
        let (mut position, mut moves) = (Vec::new(), Vec::new());
        for id in layer {
            position.clear();
            position.extend_from_slice(self.seen.key(id));
            neighbours(board, &position, &mut moves);
            for m in &moves {
                let moved = 1 << m.from | 1 << m.to;
                position[m.shape] ^= moved;
                if self.seen.insert(&position) {
                    self.parent.push(id as u32);
                    if other.seen.find(&position).is_some() {
                        return Some(position);
                    }
                }
                position[m.shape] ^= moved; // undone, for the next move
            }
        }
        None
    }

    /// The positions from `position`, which this side holds, back to its root.
    fn chain(&self, position: &[u64]) -> Vec<Vec<u64>> {
        let mut id = self.seen.find(position).unwrap_or(u32::MAX);
        let mut chain = Vec::new();
        while id != u32::MAX {
            chain.push(self.seen.key(id as usize).to_vec());
            id = self.parent[id as usize];
        }
        chain
    }
}

/// The moves of the path through `meeting`, which both sides hold: the start side's chain to it,
/// then the goal side's from it.
fn join(start: &Side, goal: &Side, meeting: &[u64], trace: bool) -> Vec<Move> {
    let mut path = start.chain(meeting);
    path.reverse();
    let start_half = path.len() - 1;
    path.extend(goal.chain(meeting).into_iter().skip(1));
    let moves = path.len() - 1;
    if trace {
        let halves = format!("start {} + goal {}", start_half, moves - start_half);
        eprintln!("met at {} moves ({})", moves, halves);
    }
    let steps = path.windows(2).map(|p| move_between(&p[0], &p[1]));
    steps.collect()
}

// -------------------------------------------------------------------------------------------------
// Storage behind the search: the positions a side has seen, and the speed trick there.

/// The positions a side has seen, numbered from 0 in the order added: their masks one after
/// another, and an open-addressing index over them whose slots hold a number + 1 (0: free), at
/// most three in four used. A trick in place of a `HashMap<Vec<u64>, u32>`, which hashes slower
/// and allocates each key: test 005 (36,228 positions) takes 15.4 ms of CPU instead of 27.7 (1.8×).
struct Table {
    words: usize,
    keys: Vec<u64>,
    slots: Vec<u32>,
}

impl Table {
    fn new(words: usize) -> Table {
        let (keys, slots) = (Vec::new(), vec![0; 1 << 10]);
        Table { words, keys, slots }
    }

    fn len(&self) -> usize {
        self.keys.len() / self.words
    }

    fn key(&self, id: usize) -> &[u64] {
        &self.keys[id * self.words..(id + 1) * self.words]
    }

    /// The slot where `key` is, or the free one where it would go.
    fn slot(&self, key: &[u64]) -> usize {
        let mixed = (key.iter()).fold(0x243f_6a88_85a3_08d3u64, |h, &w| {
            (h.rotate_left(29) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        });
        let mask = self.slots.len() - 1;
        let mut slot = (mixed.wrapping_mul(0xd6e8_feb8_6659_fd93) >> 32) as usize & mask;
        loop {
            match self.slots[slot] {
                0 => return slot,
                n if self.key(n as usize - 1) == key => return slot,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// The number of `key`, if it is there.
    fn find(&self, key: &[u64]) -> Option<u32> {
        self.slots[self.slot(key)].checked_sub(1)
    }

    /// Adds `key` with the next number if it is new; says whether it was.
    fn insert(&mut self, key: &[u64]) -> bool {
        if 4 * (self.len() + 1) > 3 * self.slots.len() {
            self.slots = vec![0; 2 * self.slots.len()];
            for id in 0..self.len() {
                let slot = self.slot(self.key(id));
                self.slots[slot] = id as u32 + 1;
            }
        }
        let slot = self.slot(key);
        if self.slots[slot] != 0 {
            return false;
        }
        self.keys.extend_from_slice(key);
        self.slots[slot] = self.len() as u32;
        true
    }
}

// -------------------------------------------------------------------------------------------------
// Input: lines of tokens. Inside the puzzle every token must be where the format puts it; after
// its last line, text is ignored with a warning.

/// At most 40 characters of `token`, for a message: a 20 MiB name must not flood stderr.
fn clip(token: &str) -> String {
    let cut = (token.char_indices().nth(40)).map_or(token.len(), |(end, _)| end);
    token[..cut].to_string() + if cut < token.len() { "…" } else { "" }
}

/// The input, read a line at a time. A token is a slice of `text`: where it starts there gives
/// its line and column.
struct Tokens<'a> {
    text: &'a str,
    /// The text not read yet.
    rest: &'a str,
}

impl<'a> Tokens<'a> {
    /// The message that `what` is wrong at `token` (a slice of `text`), with its line and column
    /// (in characters) from 1.
    fn error(&self, token: &str, what: &str) -> String {
        let before = &self.text[..token.as_ptr() as usize - self.text.as_ptr() as usize];
        let line = before.rsplit('\n').next().unwrap_or_default();
        let (number, column) = (before.matches('\n').count() + 1, line.chars().count() + 1);
        format!("line {}, column {}: {}", number, column, what)
    }

    /// The message that `token` (a slice of `text`), quoted and clipped, between `before` and
    /// `after` is what is wrong: `` `x` is not a number ``.
    fn quoted(&self, before: &str, token: &str, after: &str) -> String {
        self.error(token, &format!("{}`{}`{}", before, clip(token), after))
    }

    /// The next line that holds tokens: its first `most` tokens, and how many it holds. Tokens are
    /// separated by whitespace, NUL and 0x1A (DOS end of file).
    fn next(&mut self, most: usize) -> Option<(Vec<&'a str>, usize)> {
        let blank = |c: char| c.is_whitespace() || c == '\0' || c == '\x1a';
        let rest = self.rest.trim_start_matches(blank);
        let end = rest.find('\n').map_or(rest.len(), |i| i + 1);
        let line = Some(&rest[..end]).filter(|line| !line.is_empty())?;
        self.rest = &rest[end..];
        let mut tokens = line.split(blank).filter(|t| !t.is_empty());
        let first: Vec<&str> = tokens.by_ref().take(most).collect();
        let count = first.len() + tokens.count(); // a long line costs no memory
        Some((first, count))
    }

    /// The next line, which must hold `count` tokens, `nouns`: `what` names it in errors.
    fn line(&mut self, count: usize, nouns: &str, what: &str) -> Result<Vec<&'a str>, String> {
        let (tokens, found) = (self.next(count + 1))
            .ok_or_else(|| self.error(self.rest, &format!("missing {}", what)))?;
        if found != count {
            let what = format!("expected {} {} in {}, found {}", count, nouns, what, found);
            return Err(self.error(tokens.get(count).unwrap_or(&tokens[0]), &what));
        }
        Ok(tokens)
    }

    /// The warning that `token`, after the puzzle, is ignored; `hint` says what it might be.
    fn ignored(&self, token: &str, hint: &str) -> String {
        let what = format!("ignored text after the puzzle: '{}'{}", clip(token), hint);
        self.error(token, &what)
    }
}

/// The puzzle, and the warning for text after it if there is some.
fn parse(input: &[u8]) -> Result<(Puzzle<'_>, Option<String>), String> {
    let valid = std::str::from_utf8(input).map_or_else(|e| e.valid_up_to(), str::len);
    let text = std::str::from_utf8(&input[..valid]).unwrap_or_default();
    let mut tokens = Tokens { text, rest: text };
    if let Some(b) = input.get(valid) {
        return Err(tokens.error(&text[valid..], &format!("byte 0x{:02x} is not UTF-8", b)));
    }
    let (rows, cols) = read_size(&mut tokens)?;
    // Each layout: the token on each cell, row by row.
    let mut layouts = [Vec::new(), Vec::new()];
    for (layout, which) in layouts.iter_mut().zip(["start", "goal"]) {
        for row in 0..rows {
            let what = format!("row {} of {} of the {} layout", row + 1, rows, which);
            layout.extend(tokens.line(cols, "cells", &what)?);
        }
    }
    let puzzle = pair_up(&tokens, (rows, cols), &layouts)?;
    let (metric, ignored) = read_end(&mut tokens)?;
    Ok((Puzzle { metric, ..puzzle }, ignored))
}

/// The size line, `m n`, checked before anything is allocated for it.
fn read_size(tokens: &mut Tokens) -> Result<(usize, usize), String> {
    let t = tokens.line(2, "numbers", "the board size `m n`")?;
    if let Some(t) = t.iter().find(|t| t.bytes().any(|b| !b.is_ascii_digit())) {
        return Err(tokens.quoted("", t, " is not a number"));
    }
    let number = |t: &str| t.parse().unwrap_or(usize::MAX); // digits: too large if not
    let (rows, cols) = (number(t[0]), number(t[1]));
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        let size = format!("a {}×{} board", clip(t[0]), clip(t[1]));
        let what = format!("{} is not supported: it needs 1 to 64 cells", size);
        return Err(tokens.error(t[0], &what));
    }
    Ok((rows, cols))
}

/// The optional metric line, which ends the puzzle, and the warning for text after it. A line of
/// one word stands where the metric does, so a word that is not a metric is an error: read as text
/// after the puzzle, a mistyped `Steps` would quietly solve the puzzle under `moves`.
fn read_end(tokens: &mut Tokens) -> Result<(Metric, Option<String>), String> {
    let hint = " (a metric would be moves, straight or steps)";
    let not_one = " is not a metric: expected moves, straight or steps";
    let mut found = None;
    // Each line after the goal, by the metric found before it, the metric its first word names and
    // how many words it holds.
    while let Some((line, count)) = tokens.next(2) {
        let word = line[0];
        match (found, metric(word), count) {
            (None, Some(metric), 1) => found = Some(metric),
            (None, Some(_), _) => {
                return Err(tokens.quoted("expected only the metric, found ", line[1], ""))
            }
            (None, None, 1) => return Err(tokens.quoted("", word, not_one)),
            (Some(_), Some(_), 1) => {
                return Err(tokens.error(word, "a second metric line: a puzzle has one metric"))
            }
            (None, None, _) => return Ok((Metric::Moves, Some(tokens.ignored(word, hint)))),
            (Some(metric), ..) => return Ok((metric, Some(tokens.ignored(word, "")))),
        }
    }
    Ok((found.unwrap_or(Metric::Moves), None)) // no line: the default
}

/// The metric a word names.
fn metric(word: &str) -> Option<Metric> {
    match word {
        "moves" => Some(Metric::Moves),
        "straight" => Some(Metric::Straight),
        "steps" => Some(Metric::Steps),
        _ => None,
    }
}

// -------------------------------------------------------------------------------------------------
// From layouts to positions: blocks paired by shape.

/// The blocks of `layout` (the token on each cell) in the order of their first cells, their shapes
/// found in `shapes` or added there. All cells with one name form one block, touching or not; a
/// cell of only dots is empty. A block's anchor is the top-left corner of its bounding box.
fn blocks_of<'a>(layout: &[&'a str], cols: usize, shapes: &mut Vec<Shape>) -> Vec<Block<'a>> {
    let mut blocks = Vec::new();
    for (first, &name) in layout.iter().enumerate() {
        if name.bytes().all(|b| b == b'.') || layout[..first].contains(&name) {
            continue; // an empty cell, or a cell of a block made already
        }
        let cells = (first..layout.len()).filter(|&c| layout[c] == name);
        let top = first / cols; // the first cell is on the top row
        let left = cells.clone().map(|c| c % cols).min().unwrap_or(0);
        let shape: Shape = cells.map(|c| (c / cols - top, c % cols - left)).collect();
        if !shapes.contains(&shape) {
            shapes.push(shape.clone());
        }
        let shape = shapes.iter().position(|s| *s == shape).unwrap_or(0);
        let anchor = top * cols + left;
        blocks.push(Block {
            name,
            shape,
            anchor,
        });
    }
    blocks
}

/// The puzzle of two layouts, once each block of one pairs with a block of its shape in the
/// other. The goal's names only say which cells form one block.
fn pair_up<'a>(
    tokens: &Tokens,
    (rows, cols): (usize, usize),
    [start, goal]: &[Vec<&'a str>; 2],
) -> Result<Puzzle<'a>, String> {
    let mut shapes = Vec::new();
    let blocks = blocks_of(start, cols, &mut shapes);
    let goal = blocks_of(goal, cols, &mut shapes);
    let count = |blocks: &[Block], s: usize| blocks.iter().filter(|b| b.shape == s).count();
    // Where a layout has more blocks of a shape than the other, its last one has none left there.
    for (these, those, other) in [(&goal, &blocks, "start"), (&blocks, &goal, "goal")] {
        let unpaired = |b: &&Block| count(these, b.shape) > count(those, b.shape);
        if let Some(b) = these.iter().rev().find(unpaired) {
            let what = format!("has no block of its shape left in the {} layout", other);
            return Err(tokens.error(b.name, &format!("block \"{}\" {}", clip(b.name), what)));
        }
    }
    let position = |blocks: &[Block]| {
        let mut p = vec![0; shapes.len()];
        blocks.iter().for_each(|b| p[b.shape] |= 1 << b.anchor);
        p
    };
    let (start, goal, metric) = (position(&blocks), position(&goal), Metric::Moves);
    Ok(Puzzle {
        rows,
        cols,
        metric,
        shapes,
        blocks,
        start,
        goal,
    })
}

// -------------------------------------------------------------------------------------------------
// Output, and main.

/// Writes the moves with the start's names. The search merged same-shape blocks, so the moves are
/// replayed to know which named block stands at each move's `from`.
fn write_solution(puzzle: &Puzzle, moves: &[Move], out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", moves.len())?;
    let mut anchors: Vec<usize> = puzzle.blocks.iter().map(|b| b.anchor).collect();
    let at = |cell: usize| format!("({},{})", cell / puzzle.cols, cell % puzzle.cols);
    for m in moves {
        let blocks = puzzle.blocks.iter().enumerate();
        let mut of_shape = blocks.filter(|(_, block)| block.shape == m.shape);
        // One block of a shape an anchor: see the position's invariant.
        if let Some((b, block)) = of_shape.find(|&(b, _)| anchors[b] == m.from) {
            anchors[b] = m.to;
            writeln!(out, "{} {} {}", block.name, at(m.from), at(m.to))?;
        }
    }
    Ok(())
}

fn io_error(e: io::Error) -> String {
    format!("i/o error: {}", e)
}

/// Solves the pair of layouts in `input` and writes the answer to `out`; returns the warning for
/// text after the puzzle, if any. `trace` tells each layer and the meeting on stderr.
pub(crate) fn run(
    input: &[u8],
    out: &mut impl Write,
    trace: bool,
) -> Result<Option<String>, String> {
    let (puzzle, ignored) = parse(input)?;
    let written = match solve(&puzzle, trace) {
        Some(moves) => write_solution(&puzzle, &moves, out),
        None => writeln!(out, "unsolvable"),
    };
    written.map_err(io_error)?;
    Ok(ignored)
}

fn main() {
    let trace = matches!(std::env::var_os("BFS_TRACE"), Some(v) if v == "1");
    let (mut input, stdout) = (Vec::new(), io::stdout());
    let mut out = io::BufWriter::new(stdout.lock());
    let read = io::stdin().read_to_end(&mut input).map_err(io_error);
    let result = read.and_then(|_| run(&input, &mut out, trace));
    let flushed = out.flush().map_err(io_error);
    match result.and_then(|ignored| flushed.map(|_| ignored)) {
        Ok(None) => {}
        Ok(Some(warning)) => eprintln!("huarong_goal: warning: {}", warning),
        Err(message) => {
            eprintln!("huarong_goal: {}", message);
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
#[path = "huarong_goal/tests.rs"]
mod tests;
