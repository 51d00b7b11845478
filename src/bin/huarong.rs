//! Huarong Dao (华容道, Klotski) for any layout, solved optimally by bidirectional BFS; judged as
//! HackerRank "Klotski". The classic start 横刀立马 takes 81 moves.
//!
//! Input: `m n`, m rows of n names (`.`: empty), target name, goal `r c`, [`moves|straight|steps`].
//! Output: `k` and k lines `NAME (r1,c1) (r2,c2)` (corner before and after), or `unsolvable`.
//! Or CodeAbbey's "Klotski" (told by its `field W by H` lines): `N`, then N puzzles, each a line
//! `field W by H ; move B to X : Y` and H rows of W letters; output the N counts on one line.
//!
//! Idea: blocks of one shape (the target apart) are interchangeable, so a position keeps, per
//! shape, only the cells where its blocks have their corner. A breadth-first search grows from the
//! start and, once that pays, from every arrangement with the target at its goal: one whole layer
//! of the smaller frontier at a time, until the two meet. No parent is kept: a move can be undone,
//! so the path is read back through the layers.
//!
//! Size: at most 64 cells. The classic has 25,955 positions (about 15 million with same-shape
//! blocks told apart), of which the search stores 11,980, a position and its mirror image as one;
//! sparse 6×6 boards reach millions, at about 21 bytes a position.
//!
//! Bad input: one line on stderr, `line L, column C: …`, and exit 1. After the puzzle, blank
//! space, 0x1A and NUL are ignored, other text only warned about. With `BFS_TRACE=1`, stderr shows
//! each layer grown, the goal side weighed, and where the sides met.

use std::io::{self, Read, Write};

// -------------------------------------------------------------------------------------------------
// The state.

// A board of at most 64 cells: cell r * cols + c is bit r * cols + c of a `u64` mask. A block's
// anchor is the top-left corner of its bounding box (for an L, perhaps a cell it does not cover):
// that is what the output names. The classic 横刀立马, its cells, and the anchors of its four
// shapes; the target is C, its goal cell 13:
//    0  1  2  3        A C C B        v 2 . v       (2: the 2×2 target, v: vertical,
//    4  5  6  7        A C C B        . . . .        h: horizontal, 1: single)
//    8  9 10 11        D E E F        v h . v
//   12 13 14 15        D G H F        . 1 1 .
//   16 17 18 19        I . . J        1 . . 1
// A position, the state of the search, is one mask a shape, of the cells where its blocks have
// their anchors: `[C, A|B|D|F, E, G|H|I|J]` above. The target's shape comes first and is its own
// even if another block has its form: the goal tells it apart. Which of two same-shape blocks
// stands where is not kept: no move and no goal tells them apart. A mask has one bit a block (two
// blocks of one shape anchored at one cell would overlap).
const MAX_CELLS: usize = 64;

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

/// A block's form: its cells (row, column) from its anchor, in reading order.
type Shape = Vec<(usize, usize)>;

/// A block of the start: its name, its shape (an index into `Puzzle::shapes`) and its anchor.
struct Block<'a> {
    name: &'a str,
    shape: usize,
    anchor: usize,
}

/// The puzzle: the board, the shapes (the target's first), the blocks, the start position and the
/// cell where the target's anchor must end up.
struct Puzzle<'a> {
    rows: usize,
    cols: usize,
    metric: Metric,
    shapes: Vec<Shape>,
    blocks: Vec<Block<'a>>,
    start: Vec<u64>,
    goal: usize,
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

/// The board, and where each shape fits on it, as masks; and how the search stores a position
/// (see the speed tricks, after the search).
struct Board {
    cols: u32,
    metric: Metric,
    /// Every cell, and those off the first column and off the last column.
    cells: u64,
    inner: [u64; 2],
    /// `covers[s][a]`: the cells shape s covers anchored at a, or 0 where it would stick out.
    covers: Vec<Vec<u64>>,
    /// Per shape: the anchors where it lies on the board, and its cells as offsets from one.
    lies: Vec<u64>,
    offsets: Vec<Vec<u32>>,
    /// The blocks of shape s are numbered `first[s]..first[s + 1]`; a stored position takes
    /// `words` words; the goal cell.
    first: Vec<usize>,
    words: usize,
    goal: usize,
    mirror: Option<Mirror>,
}

impl Board {
    fn new(puzzle: &Puzzle) -> Board {
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let cells = u64::MAX >> (MAX_CELLS - rows * cols);
        let first_column = (0..rows).fold(0u64, |m, r| m | 1 << (r * cols));
        let mut first = vec![0];
        for mask in &puzzle.start {
            first.push(first[first.len() - 1] + mask.count_ones() as usize);
        }
        let mut board = Board {
            cols: cols as u32,
            metric: puzzle.metric,
            cells,
            inner: [cells & !first_column, cells & !(first_column << (cols - 1))],
            covers: Vec::new(),
            lies: Vec::new(),
            offsets: Vec::new(),
            first,
            words: (puzzle.blocks.len() + BLOCKS_A_WORD - 1) / BLOCKS_A_WORD,
            goal: puzzle.goal,
            mirror: Mirror::of(puzzle),
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

/// Every move from `position`, shape by shape, lowest anchor first, each handed to `each`.
fn neighbours(board: &Board, position: &[u64], mut each: impl FnMut(Move)) {
    let taken = (position.iter().enumerate()).fold(0, |cells, (s, &mask)| {
        bits(mask).fold(cells, |cells, a| cells | board.covers[s][a])
    });
    let empty = board.cells & !taken;
    for (s, &mask) in position.iter().enumerate() {
        for from in bits(mask) {
            for to in bits(board.reach(s, from, empty | board.covers[s][from])) {
                each(Move { shape: s, from, to });
            }
        }
    }
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

/// One side of the search: every position it has reached, stored as a key of a few words (see
/// `Board::store`) in the order reached, so that a layer is a run of them; and the set of them.
struct Side {
    name: &'static str,
    keys: Vec<u64>,
    /// `layers[d]`: the number of the first position of layer d. The last layer, the frontier,
    /// runs to the end of `keys`.
    layers: Vec<usize>,
    seen: Set,
}

/// A shortest list of moves from the start to the goal, or `None` if there is none.
fn solve(puzzle: &Puzzle, trace: bool) -> Option<Vec<Move>> {
    let board = Board::new(puzzle);
    let mut root = vec![0; board.words];
    board.store(&puzzle.start, &mut root);
    if board.solved(&root) {
        return Some(Vec::new());
    }
    let mut start = Side::new("start", &board, &root);
    let mut goal = GoalSide::default();
    // Invariant while the sides have not met: each side holds every position within its depth of
    // its roots, and no position lies on both, so every solution is longer than the two depths
    // together. A new position that the other side holds closes a path of exactly that sum + 1
    // moves: the first meeting is a shortest path. Until the goal side is built, the other side
    // holds exactly the positions with the target at its goal: its roots.
    // practice: begin search
    loop {
        goal.weigh(&board, start.frontier().len(), trace);
        // Grow the smaller frontier: the two sides' work is then close to the least.
        let (grown, other) = match &mut goal.side {
            Some(side) if side.frontier().len() < start.frontier().len() => (side, Some(&start)),
            side => (&mut start, side.as_ref()),
        };
        let met = grown.expand(&board, other);
        if trace {
            let (name, depth, frontier) = (grown.name, grown.depth(), grown.frontier().len());
            let layer = format!("{} depth {}: frontier {}", name, depth, frontier);
            eprintln!("{}, visited {}", layer, grown.len());
        }
        if let Some(meeting) = met {
            let path = join(&board, &start, &goal, &meeting, trace);
            return Some(replay(&board, &puzzle.start, &path));
        }
        if grown.frontier().is_empty() {
            return None; // that side has reached all it can without meeting the other
        }
    }
    // practice: end search
}

impl Side {
    /// A side whose layer 0 is `roots`, keys one after another (mirror images may come twice).
    fn new(name: &'static str, board: &Board, roots: &[u64]) -> Side {
        let mut side = Side {
            name,
            keys: Vec::new(),
            layers: vec![0],
            seen: Set::new(board.words),
        };
        for root in roots.chunks(board.words) {
            if side.seen.insert(root, Set::hash(root)) {
                side.keys.extend_from_slice(root);
            }
        }
        side
    }

    fn len(&self) -> usize {
        self.keys.len() / self.seen.words
    }

    fn key(&self, id: usize) -> &[u64] {
        &self.keys[id * self.seen.words..(id + 1) * self.seen.words]
    }

    fn depth(&self) -> usize {
        self.layers.len() - 1
    }

    /// The numbers of the last layer's positions.
    fn frontier(&self) -> std::ops::Range<usize> {
        self.layers[self.depth()]..self.len()
    }

    /// Adds the next whole layer; at its first new position that `other` holds (with no other
    /// side yet: that is solved), it stops and returns that position: the rest of the layer is not
    /// needed (see `solve`). The goal side grows by the same moves: each move is undone by one.
    fn expand(&mut self, board: &Board, other: Option<&Side>) -> Option<Vec<u64>> {
        let layer = self.frontier();
        self.layers.push(self.len());
        let mut next = Vec::new();
        // The successors of 32 positions at a time, looked up together (see `Set::insert_all`).
        for first in layer.clone().step_by(32) {
            next.clear();
            for id in first..layer.end.min(first + 32) {
                board.successors(self.key(id), &mut next);
            }
            for key in self.seen.insert_all(&next) {
                self.keys.extend_from_slice(key);
                if other.map_or_else(|| board.solved(key), |o| o.seen.contains(key)) {
                    return Some(key.to_vec());
                }
            }
        }
        None
    }

    /// The keys from `key`, of this side's last layer, back to a root. A move can be undone, so
    /// the position before is whichever neighbour lies in the layer before.
    fn chain(&self, board: &Board, key: &[u64]) -> Vec<Vec<u64>> {
        let (mut chain, mut near) = (vec![key.to_vec()], Vec::new());
        for d in (0..self.depth()).rev() {
            near.clear();
            board.successors(&chain[chain.len() - 1], &mut near);
            let mut layer = self.layers[d]..self.layers[d + 1];
            let before = layer.find(|&id| near.chunks(self.seen.words).any(|n| n == self.key(id)));
            chain.push(self.key(before.unwrap_or(0)).to_vec()); // always found: see above
        }
        chain
    }
}

/// The path through `met`, the position where the sides met, as keys: the start side's chain to it,
/// then the goal side's from it (none if that side was never built: `met` is solved).
fn join(board: &Board, start: &Side, goal: &GoalSide, met: &[u64], trace: bool) -> Vec<Vec<u64>> {
    let mut path = start.chain(board, met);
    path.reverse();
    let start_half = path.len() - 1;
    if let Some(goal) = &goal.side {
        path.extend(goal.chain(board, met).into_iter().skip(1));
    }
    if trace {
        let (moves, goal_half) = (path.len() - 1, path.len() - 1 - start_half);
        let halves = format!("start {} + goal {}", start_half, goal_half);
        eprintln!("met at {} moves ({})", moves, halves);
    }
    path
}

/// The moves along `path` from `start`. Its keys may be mirror images, so each move is found again
/// from the real position: the one whose stored result is the next key.
fn replay(board: &Board, start: &[u64], path: &[Vec<u64>]) -> Vec<Move> {
    let (mut position, mut key, mut moves) = (start.to_vec(), vec![0; board.words], Vec::new());
    for next in &path[1..] {
        let mut tried = Vec::new();
        neighbours(board, &position, |m| tried.push(m));
        for m in tried {
            position[m.shape] ^= 1 << m.from | 1 << m.to;
            board.store(&position, &mut key);
            if key == *next {
                moves.push(m);
                break;
            }
            position[m.shape] ^= 1 << m.from | 1 << m.to; // not this one: undone
        }
    }
    moves
}

/// The goal side: every arrangement with the target at its goal, searched backwards. That set can
/// be huge and mostly unreachable (6,795 for the classic, 20 s to list on a sparse 6×6 board), so
/// it is built only once it would be the smaller frontier.
#[derive(Default)]
struct GoalSide {
    side: Option<Side>,
    /// The start frontier when it was last weighed and found larger.
    tried: usize,
}

impl GoalSide {
    /// Builds the goal side if it has at most `frontier` roots. Each try asks for more than twice
    /// as many as the last, so the failed tries together cost at most twice the last one.
    fn weigh(&mut self, board: &Board, frontier: usize, trace: bool) {
        if self.side.is_some() || frontier <= 2 * self.tried {
            return;
        }
        self.side = goal_roots(board, frontier).map(|roots| Side::new("goal", board, &roots));
        self.tried = frontier;
        if trace {
            let weighed = match &self.side {
                Some(side) => format!("{} arrangements with the target at its goal", side.len()),
                None => format!("more than {} arrangements; it waits", frontier),
            };
            eprintln!("goal side: {}", weighed);
        }
    }
}

/// Every arrangement of the other blocks around the target at its goal, as keys, or `None` when
/// there are more than `limit`, or when finding them takes more than 4 × `limit` placements.
fn goal_roots(board: &Board, limit: usize) -> Option<Vec<u64>> {
    let mut position = vec![0; board.first.len() - 1];
    position[0] = 1 << board.goal;
    let taken = board.covers[0][board.goal];
    let mut walk = Placing {
        board,
        position,
        roots: Vec::new(),
        limit,
        budget: 4 * limit,
    };
    walk.place(1, 0, taken)?;
    Some(walk.roots)
}

/// A backtracking walk that places each shape's blocks in turn on the cells left free.
struct Placing<'a> {
    board: &'a Board,
    position: Vec<u64>,
    roots: Vec<u64>,
    limit: usize,
    /// Placements left to try: the walk may wander among dead ends, so its work is bounded too.
    budget: usize,
}

impl Placing<'_> {
    /// Places the blocks of shape `s` from anchor `first` on (same-shape blocks in increasing
    /// order, so no arrangement comes twice), then the later shapes; `None` once over a limit.
    fn place(&mut self, s: usize, first: usize, taken: u64) -> Option<()> {
        let board = self.board;
        if s + 1 == board.first.len() {
            let at = self.roots.len();
            self.roots.resize(at + board.words, 0);
            board.store(&self.position, &mut self.roots[at..]);
            return Some(()).filter(|_| self.roots.len() <= self.limit * board.words);
        }
        if self.position[s].count_ones() as usize == board.first[s + 1] - board.first[s] {
            return self.place(s + 1, 0, taken);
        }
        let free = board.cells & !taken;
        let room = (board.offsets[s].iter()).fold(board.lies[s], |m, &k| m & free >> k);
        for anchor in bits(room & u64::MAX.checked_shl(first as u32).unwrap_or(0)) {
            self.budget = self.budget.checked_sub(1)?;
            self.position[s] |= 1 << anchor;
            let placed = self.place(s, anchor + 1, taken | board.covers[s][anchor]);
            self.position[s] &= !(1 << anchor);
            placed?;
        }
        Some(())
    }
}

// -------------------------------------------------------------------------------------------------
// Speed and storage tricks, behind the functions the search calls: `store`, `successors`,
// `solved` and the set. Each says what it buys on a named board: the file with and without it,
// medians of 11 interleaved runs (21 on 横刀立马) of the whole process, CPU and peak memory, on
// 2026-12-04 (a busy machine: times are in proportion, not in absolute).

/// Blocks in one word of a key, 6 bits each; the most words a key takes.
const BLOCKS_A_WORD: usize = 10;
const MAX_WORDS: usize = (MAX_CELLS + BLOCKS_A_WORD - 1) / BLOCKS_A_WORD;

/// The anchor of block `i` in `key`.
fn anchor(key: &[u64], i: usize) -> usize {
    (key[i / BLOCKS_A_WORD] >> (i % BLOCKS_A_WORD * 6) & 63) as usize
}

impl Board {
    /// The key of the position whose masks are `masks`: each block's anchor in 6 bits, ten to a
    /// word, shape by shape and each shape's in increasing order. Storage: one word for up to ten
    /// blocks, where the masks take one a shape and a sparser set: sparse-6x6-steps peaks at 47 MiB,
    /// not 184 (and takes 1.38 s of CPU, not 2.48).
    fn pack(&self, masks: impl Iterator<Item = u64>, key: &mut [u64]) {
        masks
            .enumerate()
            .for_each(|(s, mask)| self.repack(key, s, mask));
    }

    /// `key` with the blocks of shape `s` anchored at the cells of `mask` instead.
    fn repack(&self, key: &mut [u64], s: usize, mask: u64) {
        for (i, a) in (self.first[s]..).zip(bits(mask)) {
            let (word, shift) = (i / BLOCKS_A_WORD, i % BLOCKS_A_WORD * 6);
            key[word] = key[word] & !(63 << shift) | (a as u64) << shift;
        }
    }

    /// The position whose key is `key`, into `position`.
    fn unpack(&self, key: &[u64], position: &mut [u64]) {
        for (s, mask) in position.iter_mut().enumerate() {
            *mask = (self.first[s]..self.first[s + 1]).fold(0, |m, i| m | 1 << anchor(key, i));
        }
    }

    /// Whether the position of `key` has the target, the first block, at its goal.
    fn solved(&self, key: &[u64]) -> bool {
        anchor(key, 0) == self.goal
    }

    /// How the search stores `position`: its key, or with a mirror (see `Mirror`) the smaller of
    /// its key and its mirror image's.
    fn store(&self, position: &[u64], key: &mut [u64]) {
        self.pack(position.iter().copied(), key);
        if let Some(mirror) = &self.mirror {
            let mut image = [0; MAX_WORDS];
            self.pack(mirror.image(position), &mut image);
            self.keep_smaller(key, &image);
        }
    }

    /// `key` replaced by `image` (its first words, as many as a key has) if that is smaller.
    fn keep_smaller(&self, key: &mut [u64], image: &[u64]) {
        if image[..self.words] < *key {
            key.copy_from_slice(&image[..self.words]);
        }
    }

    /// The keys, as stored, of the positions one move from the one stored as `key`, added to `out`.
    /// Speed: each is `key` with one shape's blocks packed again (and its mirror image the parent's
    /// image with one shape's), not all blocks: sparse-6x6-steps 1.38 s, not 1.59; 横刀立马 4.3 ms,
    /// not 4.6.
    fn successors(&self, key: &[u64], out: &mut Vec<u64>) {
        let (mut position, mut image) = ([0; MAX_CELLS], [0; MAX_WORDS]);
        let position = &mut position[..self.first.len() - 1];
        self.unpack(key, position);
        if let Some(mirror) = &self.mirror {
            self.pack(mirror.image(position), &mut image);
        }
        neighbours(self, position, |m| {
            let moved = position[m.shape] ^ (1 << m.from | 1 << m.to);
            let at = out.len();
            key.iter().for_each(|&word| out.push(word));
            self.repack(&mut out[at..], m.shape, moved);
            if let Some(mirror) = &self.mirror {
                let (mut moved_image, s) = (image, mirror.shape[m.shape]);
                self.repack(&mut moved_image, s, mirror.reflect(m.shape, moved));
                self.keep_smaller(&mut out[at..], &moved_image);
            }
        });
    }
}

/// Left-right symmetry. When the mirror image of every shape is a shape with as many blocks (a J
/// for each L) and the target is symmetric with its goal on the middle line, a position and its
/// mirror image are equally far from the goal: the search stores the smaller of their keys. Speed:
/// half the positions, 11,980 of 23,851 on 横刀立马, in 4.3 ms of CPU, not 6.6.
struct Mirror {
    /// The shape whose image each shape is (mirroring twice gives back the same).
    shape: Vec<usize>,
    /// `anchor[s][a]`: where shape s anchored at a goes.
    anchor: Vec<Vec<usize>>,
}

impl Mirror {
    fn of(puzzle: &Puzzle) -> Option<Mirror> {
        let (cols, width) = (puzzle.cols, |s: &Shape| size(s).1);
        let reflect = |s: &Shape| {
            let mut cells: Shape = s.iter().map(|&(r, c)| (r, width(s) - 1 - c)).collect();
            cells.sort_unstable();
            cells
        };
        let count = |s: usize| puzzle.start[s].count_ones();
        let twin = |s: usize| match s {
            0 => Some(0).filter(|_| reflect(&puzzle.shapes[0]) == puzzle.shapes[0]),
            _ => (1..puzzle.shapes.len())
                .find(|&t| puzzle.shapes[t] == reflect(&puzzle.shapes[s]) && count(t) == count(s)),
        };
        let shape: Option<Vec<usize>> = (0..puzzle.shapes.len()).map(twin).collect();
        let shape = shape?;
        if 2 * (puzzle.goal % cols) + width(&puzzle.shapes[0]) != cols {
            return None;
        }
        let anchor = (puzzle.shapes.iter()).map(|s| {
            let image = |a: usize| a - a % cols + (cols - width(s)).saturating_sub(a % cols);
            (0..MAX_CELLS).map(image).collect()
        });
        let anchor = anchor.collect();
        Some(Mirror { shape, anchor })
    }

    /// The masks of the mirror image of `position`, shape by shape.
    fn image<'a>(&'a self, position: &'a [u64]) -> impl Iterator<Item = u64> + 'a {
        (self.shape.iter()).map(move |&t| self.reflect(t, position[t]))
    }

    /// The image of the mask of shape `s`'s anchors, as a mask of its twin's anchors.
    fn reflect(&self, s: usize, mask: u64) -> u64 {
        bits(mask).fold(0, |image, a| image | 1 << self.anchor[s][a])
    }
}

/// A set of keys of `words` words: open addressing with linear probing, in 256 parts picked by the
/// hash's top byte, each slot a key (a free one starts with `FREE`). Storage: a part grows by half
/// when it is 7/8 full, one part at a time, where one table that doubles needs room for its old and
/// new slots at once: sparse-6x6-steps peaks at 47 MiB, not 70 (the one table, emptier, takes
/// 1.16 s of CPU, not 1.38: the memory limit is the harder wall on big boards).
struct Set {
    words: usize,
    parts: Vec<Part>,
}

/// A part: `size` slots of `words` words, `len` of them taken.
struct Part {
    slots: Vec<u64>,
    size: usize,
    len: usize,
}

/// No key starts with this word: a key's words hold 60 bits.
const FREE: u64 = u64::MAX;

impl Set {
    fn new(words: usize) -> Set {
        let part = || Part {
            slots: vec![FREE; 64 * words],
            size: 64,
            len: 0,
        };
        let parts = (0..256).map(|_| part()).collect();
        Set { words, parts }
    }

    /// The key's words folded, then mixed (MurmurHash3's finalizer): the top byte picks a part,
    /// the low bits a slot.
    fn hash(key: &[u64]) -> u64 {
        let h = (key.iter()).fold(0u64, |h, &w| h.rotate_left(23) ^ w);
        let h = (h ^ h >> 33).wrapping_mul(0xff51_afd7_ed55_8ccd);
        let h = (h ^ h >> 33).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ h >> 33
    }

    /// Adds `key`, of hash `h`; false if it was there already. Speed: inlined, as `find` is: 7%
    /// fewer instructions on sparse-6x6-b-steps, 5% less CPU on sparse-6x6-steps.
    #[inline(always)]
    fn insert(&mut self, key: &[u64], h: u64) -> bool {
        let words = self.words;
        let part = &mut self.parts[(h >> 56) as usize];
        if 8 * (part.len + 1) > 7 * part.size {
            part.grow(words);
        }
        let (slot, there) = part.find(h, key, words);
        if !there {
            part.slots[slot..slot + words].copy_from_slice(key);
            part.len += 1;
        }
        !there
    }

    fn contains(&self, key: &[u64]) -> bool {
        let h = Set::hash(key);
        self.parts[(h >> 56) as usize].find(h, key, self.words).1
    }

    /// Adds the keys of `batch`, one after another; yields the new ones, in order. Speed: the
    /// first slot of every key is read before any is compared, so that their cache misses overlap
    /// (sparse-6x6-steps: 1.38 s of CPU, not 1.49). A one-word key found there is in for good:
    /// nothing leaves the set.
    fn insert_all<'a>(&'a mut self, batch: &'a [u64]) -> impl Iterator<Item = &'a [u64]> + 'a {
        let (parts, words) = (&self.parts, self.words);
        let ahead = batch.chunks(words).map(|key| {
            let h = Set::hash(key);
            let part = &parts[(h >> 56) as usize];
            (h, words == 1 && part.slots[part.start(h) * words] == key[0])
        });
        let ahead: Vec<(u64, bool)> = ahead.collect();
        (batch.chunks(words).zip(ahead)).filter_map(move |(key, (h, found))| {
            Some(key).filter(|_| !found && self.insert(key, h))
        })
    }
}

impl Part {
    /// The slot where the probe for hash `h` starts: in 0..size, without a division.
    fn start(&self, h: u64) -> usize {
        (((h & 0xffff_ffff) * self.size as u64) >> 32) as usize
    }

    /// Where the slot of `key` (of hash `h`) starts, or where it would go; and whether it is there.
    #[inline(always)]
    fn find(&self, h: u64, key: &[u64], words: usize) -> (usize, bool) {
        let (end, mut at) = (self.slots.len(), self.start(h) * words);
        loop {
            let first = self.slots[at];
            if first == key[0] && (1..words).all(|i| self.slots[at + i] == key[i]) {
                return (at, true);
            }
            if first == FREE {
                return (at, false);
            }
            at = if at + words < end { at + words } else { 0 };
        }
    }

    fn grow(&mut self, words: usize) {
        self.size = self.size * 3 / 2;
        let old = std::mem::replace(&mut self.slots, vec![FREE; self.size * words]);
        for key in old.chunks(words).filter(|key| key[0] != FREE) {
            let (slot, _) = self.find(Set::hash(key), key, words);
            self.slots[slot..slot + words].copy_from_slice(key);
        }
    }
}

// -------------------------------------------------------------------------------------------------
// Input: lines of tokens, in HackerRank's form or CodeAbbey's. Inside a puzzle every token must be
// where the format puts it; after the last line, text is ignored with a warning.

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
    /// The tokens of `input`, or where it stops being UTF-8.
    fn of(input: &'a [u8]) -> Result<Tokens<'a>, String> {
        let valid = std::str::from_utf8(input).map_or_else(|e| e.valid_up_to(), str::len);
        let text = std::str::from_utf8(&input[..valid]).unwrap_or_default();
        let tokens = Tokens { text, rest: text };
        match input.get(valid) {
            Some(b) => Err(tokens.error(&text[valid..], &format!("byte 0x{:02x} is not UTF-8", b))),
            None => Ok(tokens),
        }
    }

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

    /// The next line, which must hold two numbers: `what`; and its first token.
    fn numbers(&mut self, what: &str) -> Result<(usize, usize, &'a str), String> {
        let t = self.line(2, "numbers", what)?;
        Ok((self.number(t[0])?, self.number(t[1])?, t[0]))
    }

    /// The number `t` is, or the message that it is none.
    fn number(&self, t: &str) -> Result<usize, String> {
        let digits = t.bytes().all(|b| b.is_ascii_digit());
        let parsed = t.parse().ok().filter(|_| digits);
        parsed.ok_or_else(|| self.quoted("", t, " is not a number"))
    }

    /// Whether the board size read at `first` is one the masks hold, or the message that it is not.
    fn size(&self, rows: usize, cols: usize, first: &str) -> Result<(), String> {
        if rows == 0 || cols == 0 || rows.checked_mul(cols).map_or(true, |n| n > MAX_CELLS) {
            let size = format!("a {}×{} board is not supported", rows, cols);
            return Err(self.error(first, &(size + ": it needs 1 to 64 cells (8×8 at most)")));
        }
        Ok(())
    }

    /// The warning that `token`, after the puzzle, is ignored; `hint` says what it might be.
    fn ignored(&self, token: &str, hint: &str) -> String {
        let what = format!("ignored text after the puzzle: '{}'{}", clip(token), hint);
        self.error(token, &what)
    }
}

/// The puzzle, and the warning for text after it if there is some.
fn parse(input: &[u8]) -> Result<(Puzzle<'_>, Option<String>), String> {
    let mut tokens = Tokens::of(input)?;
    let (rows, cols, first) = tokens.numbers("the board size `m n`")?;
    tokens.size(rows, cols, first)?;
    let mut layout = Vec::new(); // the token on each cell, row by row
    for row in 0..rows {
        let what = format!("board row {} of {}", row + 1, rows);
        layout.extend(tokens.line(cols, "cells", &what)?);
    }
    let target = tokens.line(1, "name", "the target block's name")?[0];
    let mut puzzle = puzzle(&layout, cols, target).map_err(|what| tokens.error(target, &what))?;
    let (r, c, first) = tokens.numbers("the target's goal `r c`")?;
    puzzle.goal = goal_cell(&puzzle, r, c).map_err(|what| tokens.error(first, &what))?;
    let (metric, ignored) = read_end(&mut tokens)?;
    Ok((Puzzle { metric, ..puzzle }, ignored))
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

/// Whether the input is CodeAbbey's "Klotski" (task 215): a first line of one word, `N`, and a
/// second that starts with `field`. HackerRank's first line holds two numbers.
fn is_codeabbey(input: &[u8]) -> Result<bool, String> {
    let mut ahead = Tokens::of(input)?;
    let first_two = (ahead.next(1), ahead.next(1));
    Ok(matches!(first_two, (Some((_, 1)), Some((second, _))) if second[0] == "field"))
}

/// Puzzle `i` of `n` in CodeAbbey's form: a line `field W by H ; move B to X : Y`, then H rows of W
/// letters, `.` empty. B's top row must end with its leftmost cell at column X, row Y (from 0).
fn codeabbey_puzzle<'a>(tokens: &mut Tokens<'a>, i: usize, n: usize) -> Result<Puzzle<'a>, String> {
    let form = "field W by H ; move B to X : Y";
    let t = tokens.line(11, "words", &format!("puzzle {} of {}: `{}`", i, n, form))?;
    let form: Vec<&str> = form.split(' ').collect();
    let literal = |k: usize| form[k].bytes().any(|b| !b.is_ascii_uppercase());
    if let Some(k) = (0..form.len()).find(|&k| literal(k) && t[k] != form[k]) {
        return Err(tokens.quoted(&format!("expected `{}`, found ", form[k]), t[k], ""));
    }
    let (cols, rows) = (tokens.number(t[1])?, tokens.number(t[3])?);
    tokens.size(rows, cols, t[1])?;
    let mut layout = Vec::new(); // one letter a cell, each a slice of the input
    for row in 1..=rows {
        let line = tokens.line(1, "word", &format!("puzzle {}: row {} of {}", i, row, rows))?[0];
        if line.chars().count() != cols {
            return Err(tokens.quoted("", line, &format!(" is not a row of {} letters", cols)));
        }
        layout.extend(line.matches(|_: char| true)); // each character, a slice of `line`
    }
    let mut puzzle = puzzle(&layout, cols, t[6]).map_err(|what| tokens.error(t[6], &what))?;
    // The goal names the top row's leftmost cell; the search, the bounding box's corner.
    let (x, y) = (tokens.number(t[8])?, tokens.number(t[10])?);
    let left = x.checked_sub(puzzle.shapes[0][0].1);
    let left = left.ok_or_else(|| tokens.error(t[8], "the target would stick out on the left"))?;
    puzzle.goal = goal_cell(&puzzle, y, left).map_err(|what| tokens.error(t[8], &what))?;
    Ok(puzzle)
}

/// Answers CodeAbbey's input: the N counts on one line; those before a bad puzzle are written
/// before its error.
fn codeabbey(input: &[u8], out: &mut impl Write, trace: bool) -> Result<Option<String>, String> {
    let mut tokens = Tokens::of(input)?;
    let first = tokens.line(1, "number", "the number of puzzles `N`")?[0];
    let n = tokens.number(first)?;
    let mut counts = Vec::new();
    let read = (1..=n).try_for_each(|i| {
        let puzzle = codeabbey_puzzle(&mut tokens, i, n)?;
        let count = solve(&puzzle, trace).map(|moves| moves.len().to_string());
        counts.push(count.unwrap_or_else(|| "unsolvable".into()));
        Ok::<(), String>(())
    });
    if read.is_ok() || !counts.is_empty() {
        writeln!(out, "{}", counts.join(" ")).map_err(io_error)?;
    }
    read?;
    Ok(tokens.next(1).map(|(rest, _)| tokens.ignored(rest[0], "")))
}

// -------------------------------------------------------------------------------------------------
// From the layout to the puzzle: blocks grouped by shape, the target's first.

/// The puzzle of `layout` (the token on each cell, row by row), its goal and metric not yet set,
/// or what is wrong with it. All cells with one name form one block, touching or not; a cell of
/// only dots is empty. A block's anchor is the top-left corner of its bounding box.
fn puzzle<'a>(layout: &[&'a str], cols: usize, target: &str) -> Result<Puzzle<'a>, String> {
    let mut names: Vec<&str> = Vec::new(); // in the order of their first cells
    for &name in layout {
        if name.bytes().any(|b| b != b'.') && !names.contains(&name) {
            names.push(name);
        }
    }
    let t = names.iter().position(|&name| name == target);
    let not_there = || format!("target block \"{}\" is not on the board", clip(target));
    let t = t.ok_or_else(not_there)?;
    names.swap(0, t);
    let (mut shapes, mut blocks, mut start) = (Vec::new(), Vec::new(), Vec::new());
    for (i, &name) in names.iter().enumerate() {
        let cells: Vec<usize> = (0..layout.len()).filter(|&c| layout[c] == name).collect();
        let top = cells.iter().map(|c| c / cols).min().unwrap_or(0);
        let left = cells.iter().map(|c| c % cols).min().unwrap_or(0);
        let offset = |c: &usize| (c / cols - top, c % cols - left);
        let form: Shape = cells.iter().map(offset).collect();
        // The target's shape is its own: it is the one block the goal tells apart.
        let shape = match shapes.iter().skip(1).position(|other| *other == form) {
            Some(s) if i > 0 => s + 1,
            _ => {
                shapes.push(form);
                start.push(0);
                shapes.len() - 1
            }
        };
        let anchor = top * cols + left;
        start[shape] |= 1u64 << anchor;
        blocks.push(Block {
            name,
            shape,
            anchor,
        });
    }
    let (rows, metric, goal) = (layout.len() / cols, Metric::Moves, 0);
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

/// The cell where the target's anchor must end up, `r c`, or why it cannot.
fn goal_cell(puzzle: &Puzzle, r: usize, c: usize) -> Result<usize, String> {
    let (rows, cols, (height, width)) = (puzzle.rows, puzzle.cols, size(&puzzle.shapes[0]));
    if r >= rows || c >= cols || rows - r < height || cols - c < width {
        let name = clip(puzzle.blocks[0].name);
        let target = format!("the target \"{}\" ({}×{})", name, height, width);
        let corner = format!("its top-left corner at ({},{})", r, c);
        let board = format!("on a {}×{} board", rows, cols);
        return Err(format!("{} cannot have {} {}", target, corner, board));
    }
    Ok(r * cols + c)
}

/// The height and width of a shape's bounding box.
fn size(shape: &Shape) -> (usize, usize) {
    let (rows, cols) = (shape.iter().map(|o| o.0), shape.iter().map(|o| o.1));
    (rows.max().unwrap_or(0) + 1, cols.max().unwrap_or(0) + 1)
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

/// Solves the layout in `input` and writes the answer to `out`; returns the warning for text after
/// the puzzle, if any. `trace` tells each layer, the goal side and the meeting on stderr.
pub(crate) fn run(
    input: &[u8],
    out: &mut impl Write,
    trace: bool,
) -> Result<Option<String>, String> {
    if is_codeabbey(input)? {
        return codeabbey(input, out, trace);
    }
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
        Ok(Some(warning)) => eprintln!("huarong: warning: {}", warning),
        Err(message) => {
            eprintln!("huarong: {}", message);
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
#[path = "huarong/tests.rs"]
mod tests;
