//! Huarong Dao (华容道, Klotski) between two full boards: the fewest moves that turn a start layout
//! into a goal layout, blocks of one shape being interchangeable. This project's own problem,
//! `huarong_goal`; no online judge with this format is known.
//!
//! Input: `m n`, the start layout, the goal layout (m rows of n names, `.` empty), [`moves|straight|steps`].
//! Output: `k` and k lines `NAME (r1,c1) (r2,c2)` (corner before and after), or `unsolvable`.
//!
//! Idea: each end is a single position, so a breadth-first search from each end starts from one root.
//! Growing one whole layer of the smaller frontier at a time, the two searches meet near the middle
//! of a shortest path, each about half as deep as a one-sided search, where frontiers are far
//! smaller. A position keeps, per shape, only the set of cells where its blocks have their corner,
//! so a swap of same-shape blocks is no difference; each position keeps the one it came from.
//!
//! Size: a board has at most 64 cells. From the classic start 横刀立马, 25,955 positions can be
//! reached (about 15 million with same-shape blocks told apart); on the way to a solved layout 84
//! moves away, a one-sided BFS visits 24,247 of them, this search 11,283 (3,120 + 8,163).

use std::io::{self, Read, Write};

// Cell r*cols + c is bit r*cols + c of a u64 mask. The classic 5×4 board, in these bits:
//    0  1  2  3        H A A I
//    4  5  6  7        H A A I
//    8  9 10 11        J B B K
//   12 13 14 15        J N O K
//   16 17 18 19        P . . Q
const MAX_CELLS: usize = 64;

// ---------------------------------------------------------------------------------------------------
// What a state is, and what a move is.

/// What one move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Metric {
    /// One block, any distance, along any path of free cells (HackerRank's Klotski counts so).
    Moves,
    /// One block, one direction, any distance.
    Straight,
    /// One block, one cell.
    Steps,
}

/// A block's form: its cells relative to the top-left corner of its bounding box. That corner is
/// the block's *anchor*, which the output names; for an L it may be a cell the block does not cover.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Shape {
    cells: Vec<(usize, usize)>,
    height: usize,
    width: usize,
}

struct Block {
    name: String,
    /// Index into `Puzzle::shapes`, shared by every block of that form.
    shape: usize,
    /// Where the start layout has its anchor.
    anchor: usize,
}

struct Puzzle {
    rows: usize,
    cols: usize,
    shapes: Vec<Shape>,
    /// The blocks, as the start layout names and places them.
    blocks: Vec<Block>,
    /// Per shape, the cells where the goal layout has the anchors of that shape's blocks.
    goal: Vec<u64>,
    metric: Metric,
}

// A position (the state) is one anchor mask per shape: bit a of `anchors[s]` is set when a block of
// shape s has its anchor at cell a. Which of two same-shape blocks stands where is not recorded: no
// move and no goal tells them apart. Each mask holds exactly as many bits as the shape has blocks,
// since two blocks of one shape anchored at one cell would overlap. Stored, a position is packed
// into a word or a few (see `Packing`).

/// One block moving: its shape, and its anchor before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Move {
    shape: usize,
    from: usize,
    to: usize,
}

/// Where each shape fits and how it moves, all as bit masks over the board.
struct Geometry {
    cols: u32,
    /// Every cell, and the cells off the first and off the last column.
    board: u64,
    off_first_column: u64,
    off_last_column: u64,
    /// `covers[s][a]`: the cells shape s covers with its anchor at cell a, or 0 where it sticks out.
    covers: Vec<Vec<u64>>,
    /// `around[s][a]`: the cells next to those: a move must find one of them empty to start.
    around: Vec<Vec<u64>>,
    /// Per shape: the anchors where it lies on the board, and its cells as bit offsets from one.
    lies: Vec<u64>,
    offsets: Vec<Vec<u32>>,
    metric: Metric,
}

impl Geometry {
    fn new(puzzle: &Puzzle) -> Geometry {
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let board = u64::MAX >> (MAX_CELLS - rows * cols);
        let first_column = (0..rows).fold(0u64, |m, r| m | 1 << (r * cols));
        let mut geometry = Geometry {
            cols: cols as u32,
            board,
            off_first_column: board & !first_column,
            off_last_column: board & !(first_column << (cols - 1)),
            covers: Vec::new(),
            around: Vec::new(),
            lies: Vec::new(),
            offsets: Vec::new(),
            metric: puzzle.metric,
        };
        for shape in &puzzle.shapes {
            let covers: Vec<u64> = (0..rows * cols)
                .map(|a| cells_at(shape, a, rows, cols))
                .collect();
            let around = covers.iter().map(|&m| geometry.next_to(m)).collect();
            let lies = (0..rows * cols).filter(|&a| covers[a] != 0);
            geometry.lies.push(lies.fold(0, |m, a| m | 1 << a));
            let offsets = shape.cells.iter().map(|&(r, c)| (r * cols + c) as u32);
            geometry.offsets.push(offsets.collect());
            geometry.covers.push(covers);
            geometry.around.push(around);
        }
        geometry
    }

    /// The cells one step from those of `mask` in direction `d`: up, down, left, right. A row may
    /// fill the whole word (1×64), and `x >> 64` is no zero in Rust: a checked shift is.
    fn step(&self, mask: u64, d: usize) -> u64 {
        match d {
            0 => mask.checked_shr(self.cols).unwrap_or(0),
            1 => mask.checked_shl(self.cols).unwrap_or(0) & self.board,
            2 => (mask & self.off_first_column) >> 1,
            _ => (mask & self.off_last_column) << 1,
        }
    }

    /// The cells next to `mask`, outside it.
    fn next_to(&self, mask: u64) -> u64 {
        (0..4).fold(0, |m, d| m | self.step(mask, d)) & !mask
    }

    /// The anchors that shape `s`, anchored at `from`, reaches in one move over the cells of `free`
    /// (the empty ones and its own), as a mask. `room` holds every anchor where the shape would
    /// fit; moving is then shifting masks within it.
    fn reach(&self, s: usize, from: usize, free: u64) -> u64 {
        // The shape fits at anchor a when each cell a + k is free: bit a of `free >> k`.
        let room = (self.offsets[s].iter()).fold(self.lies[s], |m, &k| m & free >> k);
        let start = 1u64 << from;
        let reached = match self.metric {
            Metric::Steps => (0..4).fold(0, |m, d| m | self.step(start, d) & room),
            Metric::Straight => {
                let mut reached = 0;
                for d in 0..4 {
                    let mut ray = self.step(start, d) & room;
                    while ray != 0 {
                        reached |= ray;
                        ray = self.step(ray, d) & room;
                    }
                }
                reached
            }
            Metric::Moves => {
                // A flood fill: one step in every direction a round, until nothing new is reached.
                let mut reached = start;
                loop {
                    let wider = (0..4).fold(reached, |m, d| m | self.step(reached, d) & room);
                    if wider == reached {
                        break reached;
                    }
                    reached = wider;
                }
            }
        };
        reached & !start
    }

    /// Every move of the position whose anchor masks are `anchors`.
    fn moves(&self, anchors: &[u64], out: &mut Vec<Move>) {
        let taken = (anchors.iter().enumerate()).fold(0, |cells, (s, &mask)| {
            bits(mask).fold(cells, |cells, a| cells | self.covers[s][a])
        });
        let empty = self.board & !taken;
        for (s, &mask) in anchors.iter().enumerate() {
            for from in bits(mask) {
                if self.around[s][from] & empty == 0 {
                    continue; // hemmed in, as most blocks are most of the time
                }
                for to in bits(self.reach(s, from, empty | self.covers[s][from])) {
                    out.push(Move { shape: s, from, to });
                }
            }
        }
    }
}

/// The cells `shape` covers with its anchor at cell `anchor`, or 0 if it would stick out.
fn cells_at(shape: &Shape, anchor: usize, rows: usize, cols: usize) -> u64 {
    let (r, c) = (anchor / cols, anchor % cols);
    if r + shape.height > rows || c + shape.width > cols {
        return 0;
    }
    (shape.cells.iter()).fold(0, |m, &(dr, dc)| m | 1 << ((r + dr) * cols + c + dc))
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let bit = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(bit)
    })
}

// ---------------------------------------------------------------------------------------------------
// The search.

/// What the search needs of a puzzle: how shapes move, and how positions pack.
struct Board {
    geometry: Geometry,
    packing: Packing,
}

/// One side of the search: every position it has reached, numbered in the order reached (so each
/// layer is a run of numbers), and for each the number of the one it was reached from.
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
    let board = Board::new(puzzle);
    let mut anchors = vec![0u64; puzzle.shapes.len()];
    for block in &puzzle.blocks {
        anchors[block.shape] |= 1 << block.anchor;
    }
    let (start, goal) = (
        board.packing.pack(&anchors),
        board.packing.pack(&puzzle.goal),
    );
    if start == goal {
        return Some(Vec::new()); // solved already, perhaps with same-shape blocks swapped
    }
    let mut sides = [Side::new("start", &start), Side::new("goal", &goal)];
    // Invariant while the sides have not met: each side holds every position within its depth of
    // its root, and no position lies on both, so every solution is longer than the two depths
    // together. A new position that the other side holds closes a path of exactly that sum + 1
    // moves: the first meeting is a shortest path.
    // practice: begin search
    loop {
        let which = usize::from(sides[1].frontier().len() < sides[0].frontier().len());
        let (first, second) = sides.split_at_mut(1);
        let (grown, other) = match which {
            0 => (&mut first[0], &second[0]),
            _ => (&mut second[0], &first[0]),
        };
        let met = grown.expand(&board, other);
        if trace {
            let (name, depth, visited) = (grown.name, grown.depth(), grown.seen.len());
            let frontier = grown.frontier().len();
            eprintln!(
                "{} depth {}: frontier {}, visited {}",
                name, depth, frontier, visited
            );
        }
        if let Some((here, there)) = met {
            return Some(join(&board, &sides, which, here, there, trace));
        }
        if grown.frontier().is_empty() {
            return None; // that side has reached everything it can without meeting the other
        }
    }
    // practice: end search
}

impl Side {
    fn new(name: &'static str, root: &[u64]) -> Side {
        let mut seen = Table::new(root.len());
        seen.insert(root);
        Side {
            name,
            seen,
            parent: vec![u32::MAX],
            layers: vec![0],
        }
    }

    fn depth(&self) -> usize {
        self.layers.len() - 1
    }

    /// The numbers of the last layer's positions.
    fn frontier(&self) -> std::ops::Range<usize> {
        self.layers[self.depth()]..self.seen.len()
    }

    /// Adds the next layer. At the first new position that `other` holds, it stops (the rest of the
    /// layer is not needed: see `solve`) and returns that position's number here and there.
    fn expand(&mut self, board: &Board, other: &Side) -> Option<(u32, u32)> {
        let layer = self.frontier();
        self.layers.push(self.seen.len());
        let words = board.packing.words;
        let (mut key, mut next) = (vec![0; words], vec![0; words]);
        let (mut anchors, mut moves) = (vec![0; board.packing.fields.len()], Vec::new());
        for id in layer {
            key.copy_from_slice(self.seen.key(id));
            board.packing.unpack(&key, &mut anchors);
            moves.clear();
            board.geometry.moves(&anchors, &mut moves);
            for m in &moves {
                next.copy_from_slice(&key);
                let moved = anchors[m.shape] ^ (1 << m.from | 1 << m.to);
                board.packing.set(&mut next, m.shape, moved);
                if let Some(new) = self.seen.insert(&next) {
                    self.parent.push(id as u32);
                    if let Some(there) = other.seen.find(&next) {
                        return Some((new, there));
                    }
                }
            }
        }
        None
    }

    /// The packed positions from number `id` back to this side's root.
    fn chain(&self, mut id: u32) -> Vec<Vec<u64>> {
        let mut chain = vec![self.seen.key(id as usize).to_vec()];
        while self.parent[id as usize] != u32::MAX {
            id = self.parent[id as usize];
            chain.push(self.seen.key(id as usize).to_vec());
        }
        chain
    }
}

/// The whole path through the meeting position, numbered `here` on side `which` (the one that
/// grew) and `there` on the other, as moves from the start.
fn join(
    board: &Board,
    sides: &[Side],
    which: usize,
    here: u32,
    there: u32,
    trace: bool,
) -> Vec<Move> {
    let (on_start, on_goal) = if which == 0 {
        (here, there)
    } else {
        (there, here)
    };
    let mut path = sides[0].chain(on_start);
    path.reverse();
    let start_half = path.len() - 1;
    path.extend(sides[1].chain(on_goal).into_iter().skip(1));
    if trace {
        let moves = path.len() - 1;
        let goal_half = moves - start_half;
        eprintln!(
            "met at {} moves (start {} + goal {})",
            moves, start_half, goal_half
        );
    }
    let shapes = board.packing.fields.len();
    let (mut before, mut after) = (vec![0; shapes], vec![0; shapes]);
    let mut moves = Vec::with_capacity(path.len() - 1);
    for pair in path.windows(2) {
        board.packing.unpack(&pair[0], &mut before);
        board.packing.unpack(&pair[1], &mut after);
        // Consecutive positions differ by one block: one anchor gone, one new, in one shape's mask.
        let shape = (0..shapes).find(|&s| before[s] != after[s]);
        let shape = shape.expect("consecutive positions differ");
        let from = (before[shape] & !after[shape]).trailing_zeros() as usize;
        let to = (after[shape] & !before[shape]).trailing_zeros() as usize;
        moves.push(Move { shape, from, to });
    }
    moves
}

impl Board {
    fn new(puzzle: &Puzzle) -> Board {
        let geometry = Geometry::new(puzzle);
        let mut counts = vec![0; puzzle.shapes.len()];
        puzzle.blocks.iter().for_each(|b| counts[b.shape] += 1);
        let packing = Packing::new(&geometry.lies, &counts);
        Board { geometry, packing }
    }
}

// ---------------------------------------------------------------------------------------------------
// Storage: a position packed into words, and a table that numbers the positions a side has seen.
//
// Packed, each shape's anchor mask becomes a field, whichever of two forms is shorter: a bit per
// anchor where the shape lies on the board, or its blocks' anchors as indices into the list of those
// anchors, in increasing order. The classic packs into 44 bits: 4 for the 2×2 block (an index of 12
// places), 4 for the horizontal one (15 places), 16 for the four vertical ones and 20 for the four
// singles (a bit a place); boards with a dozen blocks or more may take two words.

/// Where one shape's field lies in a packed position, and its form.
struct Field {
    offset: u32,
    width: u32,
    /// Bits per index, if the field lists indices (else it has a bit per place).
    index_bits: Option<u32>,
    /// How many blocks have this shape.
    count: u32,
    /// The cells where the shape lies on the board, in increasing order, and each one's index.
    cell_of: Vec<u8>,
    index_of: [u8; MAX_CELLS],
}

struct Packing {
    fields: Vec<Field>,
    /// Words a packed position takes, at least one.
    words: usize,
}

impl Packing {
    /// `lies[s]`: the anchors where shape s lies on the board; `counts[s]`: its blocks.
    fn new(lies: &[u64], counts: &[u32]) -> Packing {
        let mut offset = 0;
        let mut fields = Vec::new();
        for (&lies, &count) in lies.iter().zip(counts) {
            let cell_of: Vec<u8> = bits(lies).map(|a| a as u8).collect();
            let mut index_of = [0; MAX_CELLS];
            for (i, &cell) in cell_of.iter().enumerate() {
                index_of[cell as usize] = i as u8;
            }
            let places = cell_of.len() as u32;
            let index_bits = 32 - places.saturating_sub(1).leading_zeros();
            let (width, index_bits) = if count * index_bits < places {
                (count * index_bits, Some(index_bits))
            } else {
                (places, None) // at most 64: a field never needs more than a word
            };
            fields.push(Field {
                offset,
                width,
                index_bits,
                count,
                cell_of,
                index_of,
            });
            offset += width;
        }
        let words = ((offset as usize + 63) / 64).max(1);
        Packing { fields, words }
    }

    /// A packed position with these anchor masks.
    fn pack(&self, anchors: &[u64]) -> Vec<u64> {
        let mut key = vec![0; self.words];
        for (s, &mask) in anchors.iter().enumerate() {
            self.set(&mut key, s, mask);
        }
        key
    }

    /// Writes shape `s`'s anchor mask into `key`.
    fn set(&self, key: &mut [u64], s: usize, anchors: u64) {
        let f = &self.fields[s];
        let indices = bits(anchors).map(|a| f.index_of[a] as u64);
        let value = match f.index_bits {
            None => indices.fold(0, |v, i| v | 1 << i),
            Some(b) => (indices.enumerate()).fold(0, |v, (n, i)| v | i << (n as u32 * b)),
        };
        write_bits(key, f.offset, f.width, value);
    }

    /// Every shape's anchor mask in `key`.
    fn unpack(&self, key: &[u64], anchors: &mut [u64]) {
        for (f, mask) in self.fields.iter().zip(anchors.iter_mut()) {
            let value = read_bits(key, f.offset, f.width);
            *mask = match f.index_bits {
                None => bits(value).fold(0, |m, i| m | 1 << f.cell_of[i]),
                Some(b) => (0..f.count).fold(0, |m, n| {
                    let index = value >> (n * b) & low_bits(b);
                    m | 1 << f.cell_of[index as usize]
                }),
            };
        }
    }
}

/// The lowest `width` bits set, `width` from 0 to 64.
fn low_bits(width: u32) -> u64 {
    u64::MAX.checked_shr(64 - width).unwrap_or(0)
}

/// The `width` bits of `key` from bit `offset` on; a field may straddle two words.
fn read_bits(key: &[u64], offset: u32, width: u32) -> u64 {
    if width == 0 {
        return 0; // perhaps just past the last word
    }
    let (word, shift) = ((offset / 64) as usize, offset % 64);
    let mut value = key[word] >> shift;
    if shift + width > 64 {
        value |= key[word + 1] << (64 - shift);
    }
    value & low_bits(width)
}

fn write_bits(key: &mut [u64], offset: u32, width: u32, value: u64) {
    if width == 0 {
        return;
    }
    let (word, shift) = ((offset / 64) as usize, offset % 64);
    let mask = low_bits(width);
    key[word] = key[word] & !(mask << shift) | value << shift;
    if shift + width > 64 {
        let spill = 64 - shift;
        key[word + 1] = key[word + 1] & !(mask >> spill) | value >> spill;
    }
}

/// The positions a side has seen, numbered from 0 in the order added: their packed words one after
/// another, and an open-addressing index over them whose slots hold a number + 1 (0: free). At
/// most three slots in four are used, so a position costs its words, 5 to 11 bytes of slots and the
/// 4 bytes of its parent: 17 to 23 bytes with one word, and the spare room of the growing lists.
struct Table {
    words: usize,
    keys: Vec<u64>,
    slots: Vec<u32>,
    /// log2 of the number of slots.
    slot_bits: u32,
}

impl Table {
    fn new(words: usize) -> Table {
        Table {
            words,
            keys: Vec::new(),
            slots: vec![0; 1 << 10],
            slot_bits: 10,
        }
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
            (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29)
        });
        let mask = self.slots.len() - 1;
        let mut slot =
            (mixed.wrapping_mul(0xd6e8_feb8_6659_fd93) >> (64 - self.slot_bits)) as usize;
        loop {
            match self.slots[slot] {
                0 => return slot,
                n if self.key(n as usize - 1) == key => return slot,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    fn find(&self, key: &[u64]) -> Option<u32> {
        match self.slots[self.slot(key)] {
            0 => None,
            n => Some(n - 1),
        }
    }

    /// Adds `key` if it is new, and returns its number; `None` if it was there.
    fn insert(&mut self, key: &[u64]) -> Option<u32> {
        if 4 * (self.len() + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let slot = self.slot(key);
        if self.slots[slot] != 0 {
            return None;
        }
        let id = self.len() as u32;
        self.keys.extend_from_slice(key);
        self.slots[slot] = id + 1;
        Some(id)
    }

    fn grow(&mut self) {
        self.slot_bits += 1;
        self.slots = vec![0; 1 << self.slot_bits];
        for id in 0..self.len() {
            let slot = self.slot(self.key(id));
            self.slots[slot] = id as u32 + 1;
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// Input: lines of tokens, each with its line and column. Inside the puzzle every token must be where
// the format puts it; after its last line, text is ignored with a warning.

/// Where and why the input is bad, or what was ignored after it. Lines and columns count from 1.
#[derive(Debug, PartialEq)]
pub(crate) struct InputError {
    line: usize,
    column: usize,
    what: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.what
        )
    }
}

fn bad(line: usize, column: usize, what: String) -> InputError {
    InputError { line, column, what }
}

/// At most 40 characters of the input, for a message: a 20 MiB name must not flood stderr.
fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// What separates tokens: whitespace, NUL and 0x1A (DOS end of file), so that padding and an
/// end-of-file mark after the puzzle read as blanks.
fn is_blank(ch: char) -> bool {
    ch.is_whitespace() || ch == '\0' || ch == '\u{1a}'
}

/// The input's lines that hold tokens, one at a time, remembering the last one read for errors.
struct Reader<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    last_line: usize,
}

impl<'a> Reader<'a> {
    /// The next line with tokens: its first tokens (one more than a row can have, so that a long
    /// line costs no memory) and how many it has.
    fn next_line(&mut self) -> Option<(Vec<Token<'a>>, usize)> {
        for (i, line) in &mut self.lines {
            let (mut tokens, mut count, mut start) = (Vec::new(), 0, None);
            for (column, (at, ch)) in line
                .char_indices()
                .chain(Some((line.len(), ' ')))
                .enumerate()
            {
                match (is_blank(ch), start) {
                    (false, None) => start = Some((at, column + 1)),
                    (true, Some((from, column))) => {
                        if count <= MAX_CELLS {
                            let text = &line[from..at];
                            tokens.push(Token {
                                text,
                                line: i + 1,
                                column,
                            });
                        }
                        count += 1;
                        start = None;
                    }
                    _ => {}
                }
            }
            if count > 0 {
                self.last_line = i + 1;
                return Some((tokens, count));
            }
        }
        None
    }

    /// The next line with tokens, or an error that says `what` is missing.
    fn expect(&mut self, what: &str) -> Result<(Vec<Token<'a>>, usize), InputError> {
        let after = self.last_line + 1;
        match self.next_line() {
            Some(line) => Ok(line),
            None => Err(bad(after, 1, format!("missing {}", what))),
        }
    }
}

/// The puzzle, and a warning if text after it was ignored.
fn parse(input: &str) -> Result<(Puzzle, Option<InputError>), InputError> {
    let mut reader = Reader {
        lines: input.lines().enumerate(),
        last_line: 0,
    };
    let (rows, cols) = read_size(&mut reader)?;
    let start = read_layout(&mut reader, rows, cols, "start")?;
    let goal = read_layout(&mut reader, rows, cols, "goal")?;
    let mut puzzle = Puzzle {
        rows,
        cols,
        shapes: Vec::new(),
        blocks: Vec::new(),
        goal: Vec::new(),
        metric: Metric::Moves,
    };
    let start_blocks = blocks_of(&start);
    for (name, cells) in &start_blocks {
        let (shape, anchor) = shape_of(cells, cols);
        let s = match puzzle.shapes.iter().position(|known| *known == shape) {
            Some(s) => s,
            None => {
                puzzle.shapes.push(shape);
                puzzle.shapes.len() - 1
            }
        };
        let name = name.text.to_string();
        puzzle.blocks.push(Block {
            name,
            shape: s,
            anchor,
        });
    }
    puzzle.goal = pair_up(&puzzle, &start_blocks, &blocks_of(&goal))?;
    let (metric, ignored) = read_end(&mut reader)?;
    puzzle.metric = metric;
    Ok((puzzle, ignored))
}

/// The size line, `m n`, checked before anything is allocated for it.
fn read_size(reader: &mut Reader) -> Result<(usize, usize), InputError> {
    let (tokens, count) = reader.expect("the board size `m n`")?;
    if count != 2 {
        let what = format!("expected the board size `m n`, found {} values", count);
        return Err(bad(tokens[0].line, tokens[0].column, what));
    }
    let mut size = [0; 2];
    for (value, t) in size.iter_mut().zip(&tokens) {
        if !t.text.bytes().all(|b| b.is_ascii_digit()) {
            let what = format!("`{}` is not a number", clip(t.text));
            return Err(bad(t.line, t.column, what));
        }
        *value = t.text.parse().unwrap_or(usize::MAX); // digits only: it is too large if anything
    }
    let [rows, cols] = size;
    if rows == 0 || cols == 0 || rows.checked_mul(cols).map_or(true, |n| n > MAX_CELLS) {
        let what = format!(
            "a {}×{} board is not supported: it needs 1 to {} cells",
            clip(tokens[0].text),
            clip(tokens[1].text),
            MAX_CELLS
        );
        return Err(bad(tokens[0].line, tokens[0].column, what));
    }
    Ok((rows, cols))
}

/// One layout's rows: per cell, the name token there, or `None` for an empty cell (only dots).
fn read_layout<'a>(
    reader: &mut Reader<'a>,
    rows: usize,
    cols: usize,
    which: &str,
) -> Result<Vec<Option<Token<'a>>>, InputError> {
    let mut cells = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        let what = format!("row {} of {} of the {} layout", row + 1, rows, which);
        let (tokens, count) = reader.expect(&what)?;
        if count != cols {
            let t = tokens.get(cols).unwrap_or(&tokens[0]);
            let what = format!("expected {} cells in {}, found {}", cols, what, count);
            return Err(bad(t.line, t.column, what));
        }
        let name = |t: Token<'a>| Some(t).filter(|t| t.text.bytes().any(|b| b != b'.'));
        cells.extend(tokens.into_iter().map(name));
    }
    Ok(cells)
}

/// A block of a layout: the token on its first cell, and its cells.
type Named<'a> = (Token<'a>, Vec<usize>);

/// A layout's blocks in the order of their first cells: the token of that first cell, and the
/// block's cells. All cells with one name form one block, touching or not.
fn blocks_of<'a>(cells: &[Option<Token<'a>>]) -> Vec<Named<'a>> {
    let mut blocks: Vec<Named<'a>> = Vec::new();
    for (cell, token) in cells.iter().enumerate() {
        if let Some(token) = token {
            match blocks
                .iter_mut()
                .find(|(first, _)| first.text == token.text)
            {
                Some((_, list)) => list.push(cell),
                None => blocks.push((*token, vec![cell])),
            }
        }
    }
    blocks
}

/// A block's shape and its anchor, the cell of its bounding box's top-left corner.
fn shape_of(cells: &[usize], cols: usize) -> (Shape, usize) {
    let top = cells.iter().map(|c| c / cols).min().unwrap_or(0);
    let left = cells.iter().map(|c| c % cols).min().unwrap_or(0);
    let cells: Vec<(usize, usize)> = (cells.iter())
        .map(|c| (c / cols - top, c % cols - left))
        .collect();
    let height = cells.iter().map(|&(r, _)| r + 1).max().unwrap_or(1);
    let width = cells.iter().map(|&(_, c)| c + 1).max().unwrap_or(1);
    (
        Shape {
            cells,
            height,
            width,
        },
        top * cols + left,
    )
}

/// The goal's anchor mask per shape, once each goal block has a start block of its shape and no
/// start block is left over; `start` and `goal` are the layouts' blocks. The goal's names only say
/// which cells form one block.
fn pair_up(puzzle: &Puzzle, start: &[Named], goal: &[Named]) -> Result<Vec<u64>, InputError> {
    let cols = puzzle.cols;
    let mut unmatched = vec![0usize; puzzle.shapes.len()];
    puzzle.blocks.iter().for_each(|b| unmatched[b.shape] += 1);
    let mut masks = vec![0u64; puzzle.shapes.len()];
    for (first, cells) in goal {
        let (shape, anchor) = shape_of(cells, cols);
        match puzzle.shapes.iter().position(|s| *s == shape) {
            Some(s) if unmatched[s] > 0 => {
                unmatched[s] -= 1;
                masks[s] |= 1 << anchor;
            }
            _ => {
                let what = format!(
                    "block \"{}\" of the goal layout has no block of its shape left in the start layout",
                    clip(first.text)
                );
                return Err(bad(first.line, first.column, what));
            }
        }
    }
    // The goal's blocks of a shape take the start's first ones: the first left over is named.
    let mut matched: Vec<usize> = (puzzle.blocks.iter()).fold(vec![0; masks.len()], |mut n, b| {
        n[b.shape] += 1;
        n
    });
    (matched.iter_mut().zip(&unmatched)).for_each(|(m, u)| *m -= u);
    for (b, (first, _)) in puzzle.blocks.iter().zip(start) {
        if matched[b.shape] == 0 {
            let what = format!(
                "block \"{}\" has no block of its shape left in the goal layout",
                clip(first.text)
            );
            return Err(bad(first.line, first.column, what));
        }
        matched[b.shape] -= 1;
    }
    Ok(masks)
}

/// The optional metric line, which ends the puzzle, and a warning for the first token after the
/// puzzle if there is one.
fn read_end(reader: &mut Reader) -> Result<(Metric, Option<InputError>), InputError> {
    let ignored = |t: &Token, hint: &str| {
        let what = format!("ignored text after the puzzle: '{}'{}", clip(t.text), hint);
        bad(t.line, t.column, what)
    };
    let (tokens, count) = match reader.next_line() {
        Some(line) => line,
        None => return Ok((Metric::Moves, None)),
    };
    let metric = match tokens[0].text {
        "moves" => Metric::Moves,
        "straight" => Metric::Straight,
        "steps" => Metric::Steps,
        _ => {
            let hint = " (a metric would be moves, straight or steps)";
            return Ok((Metric::Moves, Some(ignored(&tokens[0], hint))));
        }
    };
    if count > 1 {
        let t = &tokens[1];
        let what = format!("expected only the metric, found `{}`", clip(t.text));
        return Err(bad(t.line, t.column, what));
    }
    let after = reader
        .next_line()
        .map(|(tokens, _)| ignored(&tokens[0], ""));
    Ok((metric, after))
}

// ---------------------------------------------------------------------------------------------------
// Output: the moves with the start's names. The search merged same-shape blocks, so the moves are
// replayed to know which named block stood at each move's `from`.

fn write_solution(puzzle: &Puzzle, moves: &[Move], out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", moves.len())?;
    let mut anchors: Vec<usize> = puzzle.blocks.iter().map(|b| b.anchor).collect();
    let at = |cell: usize| format!("({},{})", cell / puzzle.cols, cell % puzzle.cols);
    for m in moves {
        let which =
            (0..anchors.len()).find(|&b| puzzle.blocks[b].shape == m.shape && anchors[b] == m.from);
        // One block of a shape per anchor: see the position's invariant.
        let b = which.expect("a move starts where a block of its shape is anchored");
        anchors[b] = m.to;
        writeln!(out, "{} {} {}", puzzle.blocks[b].name, at(m.from), at(m.to))?;
    }
    Ok(())
}

#[derive(Debug)]
pub(crate) enum Failure {
    BadInput(InputError),
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

/// Solves the pair of layouts in `input` and writes the answer to `out`; returns a warning if text
/// after the puzzle was ignored.
pub(crate) fn run(
    input: &[u8],
    out: &mut impl Write,
    trace: bool,
) -> Result<Option<InputError>, Failure> {
    let text = match std::str::from_utf8(input) {
        Ok(text) => text,
        Err(e) => {
            let valid = &input[..e.valid_up_to()];
            let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
            let column = 1 + String::from_utf8_lossy(&valid[line_start..])
                .chars()
                .count();
            let what = format!("byte 0x{:02x} is not UTF-8", input[valid.len()]);
            return Err(Failure::BadInput(bad(line, column, what)));
        }
    };
    let (puzzle, ignored) = parse(text).map_err(Failure::BadInput)?;
    match solve(&puzzle, trace) {
        Some(moves) => write_solution(&puzzle, &moves, out)?,
        None => writeln!(out, "unsolvable")?,
    }
    Ok(ignored)
}

fn main() {
    let trace = matches!(std::env::var_os("BFS_TRACE"), Some(v) if v == "1");
    let mut input = Vec::new();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = match io::stdin().read_to_end(&mut input) {
        Ok(_) => run(&input, &mut out, trace),
        Err(e) => Err(Failure::Io(e)),
    };
    let message = match (result, out.flush()) {
        (Err(Failure::BadInput(e)), _) => e.to_string(),
        (Err(Failure::Io(e)), _) | (Ok(_), Err(e)) => format!("i/o error: {}", e),
        (Ok(ignored), Ok(())) => {
            if let Some(warning) = ignored {
                eprintln!("huarong_goal: warning: {}", warning);
            }
            return;
        }
    };
    eprintln!("huarong_goal: {}", message);
    std::process::exit(1);
}

#[cfg(test)]
#[path = "huarong_goal/tests.rs"]
mod tests;
