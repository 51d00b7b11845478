//! Huarong Dao (华容道, Klotski) for any layout, solved optimally by bidirectional BFS; judged as
//! HackerRank "Klotski". The classic start 横刀立马 takes 81 moves.
//!
//! Input: `m n`, m rows of n names (`.`: empty), target name, goal `r c`, [`moves|straight|steps`].
//! Output: `k` and k lines `NAME (r1,c1) (r2,c2)` (corner before and after), or `unsolvable`.
//!
//! Idea: blocks of one shape (the target apart) are interchangeable, so a position keeps, per shape,
//! only the set of cells where its blocks have their corner: one 64-bit mask a shape, packed into a
//! word or a few. The search runs from the start and, once that pays, from every arrangement with
//! the target at its goal, one whole layer of the smaller side at a time, and stops where the sides
//! meet; the path is rebuilt from the layers, so no parent is stored.
//!
//! Size: a board has at most 64 cells. The classic has 25,955 positions (about 15 million with
//! same-shape blocks told apart), of which the search stores 11,980, a position and its mirror image
//! as one; sparse 6×6 boards reach millions, at about 20 bytes a position.

use std::collections::HashMap;
use std::io::{self, Read, Write};

// Cell r*cols + c is bit r*cols + c of a u64 mask, so a board has at most 64 cells (8×8, 4×16, ...).
// The classic 5×4 board, in these bits:
//    0  1  2  3        A C C B
//    4  5  6  7        A C C B
//    8  9 10 11        D E E F
//   12 13 14 15        D G H F
//   16 17 18 19        I . . J     target C, goal: top-left corner at (3,1), cell 13
const MAX_CELLS: usize = 64;

// -------------------------------------
// What a state is, and what a move is.

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

/// A block's form: its cells relative to the top-left corner of its bounding box. That corner, the
/// block's *anchor*, is what the output names; for an L it may be a cell the block does not cover.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Shape {
    cells: Vec<(usize, usize)>,
    height: usize,
    width: usize,
}

struct Block {
    name: String,
    /// Index into `Puzzle::shapes`: 0 for the target, which shares its index with no other block.
    shape: usize,
    anchor: usize,
}

struct Puzzle {
    rows: usize,
    cols: usize,
    shapes: Vec<Shape>,
    blocks: Vec<Block>,
    /// The cell where the target's anchor must end up.
    goal: usize,
    metric: Metric,
}

/// One block moving: its shape and its anchor before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Move {
    shape: u8,
    from: u8,
    to: u8,
}

// A position (the state) is one anchor mask per shape: bit a of `anchors[s]` is set when a block of
// shape s has its anchor at cell a. Each mask has a bit per block of its shape: two blocks of one
// shape anchored at one cell would overlap. The search keeps it packed (`Packing`), as a `Position`.

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Position<const N: usize>([u64; N]);

// How a block moves: per shape and anchor, the cells the shape covers; moving is shifting masks.
struct Geometry {
    cols: usize,
    /// Every cell of the board, and those not in its first or last column.
    board: u64,
    not_left: u64,
    not_right: u64,
    /// `fits[shape][anchor]`: the cells the shape covers there, or 0 where it would stick out.
    fits: Vec<Vec<u64>>,
    /// `halo[shape][anchor]`: the cells next to those, where a move must find room to start.
    halo: Vec<Vec<u64>>,
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
        let mut geometry = Geometry {
            cols,
            board,
            not_left: board & !first_column,
            not_right: board & !last_column,
            fits: Vec::new(),
            halo: Vec::new(),
            anchors: Vec::new(),
            offsets: Vec::new(),
            metric: puzzle.metric,
        };
        for shape in &puzzle.shapes {
            let fits: Vec<u64> = (0..rows * cols)
                .map(|anchor| covers(shape, anchor, rows, cols))
                .collect();
            let halo = fits.iter().map(|&f| geometry.around(f)).collect();
            let anchors = (0..rows * cols)
                .filter(|&a| fits[a] != 0)
                .fold(0, |m, a| m | 1 << a);
            geometry.offsets.push(
                (shape.cells.iter())
                    .map(|&(dr, dc)| dr * cols + dc)
                    .collect(),
            );
            geometry.fits.push(fits);
            geometry.halo.push(halo);
            geometry.anchors.push(anchors);
        }
        geometry
    }

    /// The cells one step from those in `mask` in direction `d`: up, down, left, right. A row may be
    /// the whole word (1×64), and a shift by 64 is not 0 in Rust: checked, it is.
    fn shift(&self, mask: u64, d: usize) -> u64 {
        let row = self.cols as u32;
        match d {
            0 => mask.checked_shr(row).unwrap_or(0),
            1 => mask.checked_shl(row).unwrap_or(0) & self.board,
            2 => (mask & self.not_left) >> 1,
            _ => (mask & self.not_right) << 1,
        }
    }

    /// The cells next to `mask`, outside it.
    fn around(&self, mask: u64) -> u64 {
        (0..4).fold(0, |m, d| m | self.shift(mask, d)) & !mask
    }

    /// The anchors, as a bit mask, that shape `s` anchored at `from` reaches in one move, using only
    /// the cells in `free` (the empty cells and its own), by shifting masks within `allowed`.
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
                    debug_assert!(ray & (r | start) == 0, "a ray only goes forwards");
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

/// The cells `shape` covers with its anchor at `anchor`, or 0 where it would stick out of the board.
fn covers(shape: &Shape, anchor: usize, rows: usize, cols: usize) -> u64 {
    let (r, c) = (anchor / cols, anchor % cols);
    if r + shape.height > rows || c + shape.width > cols {
        return 0;
    }
    (shape.cells.iter()).fold(0, |mask, &(dr, dc)| mask | 1 << ((r + dr) * cols + c + dc))
}

/// What the search needs to know of a puzzle: where shapes fit, how positions pack, and whether the
/// puzzle is its own mirror image.
struct Board {
    geometry: Geometry,
    packing: Packing,
    /// The target's packed field when it stands at its goal.
    goal: u64,
    mirror: Option<Mirror>,
}

impl Board {
    fn new(puzzle: &Puzzle) -> Self {
        let geometry = Geometry::new(puzzle);
        let packing = Packing::new(puzzle, &geometry);
        let goal = packing.field(0, 1 << puzzle.goal);
        Board {
            mirror: Mirror::of(puzzle, &packing),
            geometry,
            packing,
            goal,
        }
    }

    fn solved<const N: usize>(&self, p: Position<N>) -> bool {
        let f = &self.packing.fields[0];
        p.0[f.word] >> f.shift & low_bits(f.width) == self.goal
    }

    /// Every position one move from `p`, each as the search stores it (see `Mirror`) with the move
    /// that reaches it; `scratch` holds two masks a shape.
    fn successors<const N: usize>(
        &self,
        p: Position<N>,
        scratch: &mut [u64],
        out: &mut Vec<(Position<N>, Move)>,
    ) {
        let g = &self.geometry;
        let (anchors, mirrored) = scratch.split_at_mut(self.packing.fields.len());
        self.packing.unpack(p, anchors);
        let occupied = (anchors.iter().enumerate()).fold(0, |cells, (s, &mask)| {
            cells | each_bit(mask).fold(0, |c, a| c | g.fits[s][a])
        });
        let empty = g.board & !occupied;
        let p_mirrored = self
            .mirror
            .as_ref()
            .map(|m| m.reflect(&self.packing, anchors, mirrored));
        for (s, &mask) in anchors.iter().enumerate() {
            for from in each_bit(mask) {
                if g.halo[s][from] & empty == 0 {
                    continue; // no room next to it: it cannot move (most blocks, most of the time)
                }
                for to in each_bit(g.destinations(s, from, empty | g.fits[s][from])) {
                    let m = Move {
                        shape: s as u8,
                        from: from as u8,
                        to: to as u8,
                    };
                    let q = self.packing.repack(p, s, mask ^ (1 << from | 1 << to));
                    let stored = match (&self.mirror, p_mirrored) {
                        (Some(mirror), Some(pm)) => {
                            q.min(mirror.moved(&self.packing, pm, mirrored, m))
                        }
                        _ => q,
                    };
                    out.push((stored, m));
                }
            }
        }
    }

    /// `p` after `m`.
    fn apply<const N: usize>(&self, p: Position<N>, m: Move) -> Position<N> {
        let s = m.shape as usize;
        let anchors = self.packing.anchors_of(p, s) ^ (1 << m.from | 1 << m.to);
        self.packing.repack(p, s, anchors)
    }

    /// How the search stores the position with these anchor masks: packed, or the smaller of it and
    /// its mirror image if the puzzle has one (`mirrored` is scratch space, one mask a shape).
    fn stored<const N: usize>(&self, anchors: &[u64], mirrored: &mut [u64]) -> Position<N> {
        let p = self.packing.pack(anchors);
        match &self.mirror {
            Some(mirror) => p.min(mirror.reflect(&self.packing, anchors, mirrored)),
            None => p,
        }
    }
}

/// The set bits of `mask`, lowest first.
fn each_bit(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let bit = (mask != 0).then(|| mask.trailing_zeros() as usize);
        mask &= mask.wrapping_sub(1);
        bit
    })
}

// -------------------------------------
// The search.

/// One side of the search: its layers, and a set of every position in them.
struct Side<const N: usize> {
    /// `layers[d]`: the positions first reached after d moves; `layers[0]` are the roots.
    layers: Vec<Vec<Position<N>>>,
    seen: PositionSet<N>,
}

/// A shortest list of moves from the start to the goal, or `None` if there is none.
fn solve(puzzle: &Puzzle, trace: bool) -> Option<Vec<Move>> {
    let board = Board::new(puzzle);
    // The packed width decides the key's size: one word for most boards, more for many shapes.
    match board.packing.words {
        1 => search::<1>(puzzle, &board, trace),
        2 => search::<2>(puzzle, &board, trace),
        3 | 4 => search::<4>(puzzle, &board, trace),
        5..=8 => search::<8>(puzzle, &board, trace),
        _ => search::<16>(puzzle, &board, trace),
    }
}

fn search<const N: usize>(puzzle: &Puzzle, board: &Board, trace: bool) -> Option<Vec<Move>> {
    let mut anchors = vec![0u64; board.packing.fields.len()];
    for block in &puzzle.blocks {
        anchors[block.shape] |= 1 << block.anchor;
    }
    let start = board.packing.pack::<N>(&anchors);
    if board.solved(start) {
        return Some(Vec::new());
    }
    let mut mirrored = vec![0; anchors.len()];
    let mut from_start = Side::new(vec![board.stored(&anchors, &mut mirrored)]);
    let mut to_goal = GoalSide::Waiting { tried: 0 };
    // Invariant while the sides have not met: each side is complete to its depth and no position is on
    // both, so every solution is longer than the two depths together. A new position that touches the
    // other side's last layer closes a path of that sum + 1 moves: the first meeting is a shortest
    // path. Until the goal side exists, touching it means having the target at its goal: its roots
    // are exactly those positions.
    // practice: begin search
    loop {
        to_goal.build_when_smaller(puzzle, board, from_start.frontier().len(), trace);
        let (met, side, name) = match &mut to_goal {
            GoalSide::Built(goal) if goal.frontier().len() < from_start.frontier().len() => {
                let met = goal.expand(board, |p| from_start.seen.contains(p));
                (met, &*goal, "goal")
            }
            _ => {
                let goal = to_goal.side();
                let meets = |p| goal.map_or(board.solved(p), |g| g.seen.contains(p));
                (from_start.expand(board, meets), &from_start, "start")
            }
        };
        if trace {
            let (depth, frontier, visited) = (side.depth(), side.frontier().len(), side.seen.len);
            eprintln!(
                "{} depth {}: frontier {}, visited {}",
                name, depth, frontier, visited
            );
        }
        if let Some(meet) = met {
            return Some(join_halves(
                board,
                start,
                &from_start,
                to_goal.side(),
                meet,
                trace,
            ));
        }
        if side.frontier().is_empty() {
            return None; // one side has run out of positions without meeting the other
        }
    }
    // practice: end search
}

impl<const N: usize> Side<N> {
    fn new(roots: Vec<Position<N>>) -> Self {
        let mut seen = PositionSet::new();
        roots.iter().for_each(|&p| {
            seen.insert(p);
        });
        Side {
            seen,
            layers: vec![roots],
        }
    }

    fn depth(&self) -> usize {
        self.layers.len() - 1
    }

    fn frontier(&self) -> &[Position<N>] {
        &self.layers[self.depth()]
    }

    /// Expands the last layer; returns the first new position for which `meets` holds.
    fn expand(
        &mut self,
        board: &Board,
        meets: impl Fn(Position<N>) -> bool,
    ) -> Option<Position<N>> {
        let (mut next, mut successors) = (Vec::new(), Vec::new());
        let mut scratch = vec![0; 2 * board.packing.fields.len()];
        let mut met = None;
        let Side { layers, seen } = self;
        // 32 positions at a time: the set looks up their successors as a batch.
        'layer: for parents in layers[layers.len() - 1].chunks(32) {
            successors.clear();
            for &p in parents {
                board.successors(p, &mut scratch, &mut successors);
            }
            for q in seen.insert_batch(&successors) {
                next.push(q);
                if meets(q) {
                    met = Some(q); // the rest of the layer is not needed: see `search`
                    break 'layer;
                }
            }
        }
        next.shrink_to_fit();
        self.layers.push(next);
        met
    }

    /// The positions from a root of this side to `p`, of layer `depth`, in order. A move can be
    /// undone, so `p`'s predecessor is the one of its neighbours that lies in the layer before;
    /// scanning that layer costs less than a parent per position.
    fn chain_to(&self, board: &Board, mut p: Position<N>, depth: usize) -> Vec<Position<N>> {
        let mut chain = vec![p];
        let (mut scratch, mut neighbours) = (vec![0; 2 * board.packing.fields.len()], Vec::new());
        for d in (0..depth).rev() {
            neighbours.clear();
            board.successors(p, &mut scratch, &mut neighbours);
            let found = (self.layers[d].iter()).find(|&&q| neighbours.iter().any(|&(n, _)| n == q));
            p = *found.expect("a position of layer d+1 has a neighbour in layer d");
            chain.push(p);
        }
        chain.reverse();
        chain
    }
}

/// The whole path through `meet`, which lies in the last layer of both sides, as moves from `start`.
fn join_halves<const N: usize>(
    board: &Board,
    start: Position<N>,
    from_start: &Side<N>,
    to_goal: Option<&Side<N>>,
    meet: Position<N>,
    trace: bool,
) -> Vec<Move> {
    let mut chain = from_start.chain_to(board, meet, from_start.depth());
    let start_half = chain.len() - 1;
    if let Some(goal) = to_goal {
        let to_meet = goal.chain_to(board, meet, goal.depth());
        chain.extend(to_meet.into_iter().rev().skip(1));
    }
    if trace {
        let goal_half = chain.len() - 1 - start_half;
        eprintln!(
            "met at {} moves (start {} + goal {})",
            chain.len() - 1,
            start_half,
            goal_half
        );
    }
    moves_along(board, start, &chain)
}

/// The moves that take `start` through positions stored as `chain`. A stored position may be the
/// mirror image of the real one, so each step is found again among the real successors.
fn moves_along<const N: usize>(
    board: &Board,
    start: Position<N>,
    chain: &[Position<N>],
) -> Vec<Move> {
    let (mut at, mut moves) = (start, Vec::new());
    let (mut scratch, mut successors) = (vec![0; 2 * board.packing.fields.len()], Vec::new());
    for next in &chain[1..] {
        successors.clear();
        board.successors(at, &mut scratch, &mut successors);
        let found = successors.iter().find(|(q, _)| q == next);
        let &(_, m) = found.expect("consecutive positions of a chain are one move apart");
        at = board.apply(at, m);
        moves.push(m);
    }
    moves
}

/// The goal side: every arrangement with the target at its goal, searched backwards. That set can be
/// huge and mostly unreachable (6,795 for the classic, 20 s to list on a sparse 6×6 board), so it is
/// built only once it would be the smaller frontier.
enum GoalSide<const N: usize> {
    /// Not built; the last try asked for at most `tried` roots and found more.
    Waiting {
        tried: usize,
    },
    Built(Side<N>),
}

impl<const N: usize> GoalSide<N> {
    fn side(&self) -> Option<&Side<N>> {
        match self {
            GoalSide::Built(side) => Some(side),
            GoalSide::Waiting { .. } => None,
        }
    }

    /// Builds the goal side if it has at most `frontier` roots. Asking for twice as many roots as the
    /// last try keeps the failed tries cheap: together at most twice the last one.
    fn build_when_smaller(&mut self, puzzle: &Puzzle, board: &Board, frontier: usize, trace: bool) {
        match *self {
            GoalSide::Waiting { tried } if frontier > 2 * tried => {}
            _ => return,
        }
        *self = match goal_positions(puzzle, board, frontier) {
            Some(roots) => {
                if trace {
                    eprintln!(
                        "goal side: {} arrangements with the target at its goal",
                        roots.len()
                    );
                }
                GoalSide::Built(Side::new(roots))
            }
            None => {
                if trace {
                    eprintln!("goal side: more than {} arrangements; it waits", frontier);
                }
                GoalSide::Waiting { tried: frontier }
            }
        };
    }
}

/// Every arrangement of the other blocks around the target at its goal, or `None` when there are more
/// than `limit` of them.
fn goal_positions<const N: usize>(
    puzzle: &Puzzle,
    board: &Board,
    limit: usize,
) -> Option<Vec<Position<N>>> {
    let mut anchors = vec![0; board.packing.fields.len()];
    anchors[0] = 1 << puzzle.goal;
    let mut placement = Placement {
        board,
        mirrored: vec![0; anchors.len()],
        anchors,
        found: 0,
        roots: None,
        limit,
        budget: 4 * limit,
    };
    // Count first, list only once the count is within the limit: most tries fail.
    let target = board.geometry.fits[0][puzzle.goal];
    if !placement.place(1, 0, target) {
        return None;
    }
    // Again, with the same budget, keeping what it finds.
    placement.found = 0;
    placement.roots = Some(Vec::new());
    placement.budget = 4 * limit;
    placement.place(1, 0, target);
    let mut roots = placement.roots.unwrap_or_default();
    roots.sort_unstable();
    roots.dedup(); // mirror images, when they are stored as one
    Some(roots)
}

/// A backtracking search that places each shape's blocks in turn on the cells left free.
struct Placement<'a, const N: usize> {
    board: &'a Board,
    /// The arrangement being built, one anchor mask a shape, and scratch space for its mirror image.
    anchors: Vec<u64>,
    mirrored: Vec<u64>,
    /// Arrangements found so far, and the list of them when it is wanted.
    found: usize,
    roots: Option<Vec<Position<N>>>,
    limit: usize,
    /// Placements left to try: the walk may wander among dead ends, so its work is bounded too.
    budget: usize,
}

impl<const N: usize> Placement<'_, N> {
    /// Places the blocks of shape `s` from anchor `first` on (same-shape blocks in increasing order,
    /// so no arrangement comes twice), then the later shapes; false once over the limits.
    fn place(&mut self, s: usize, first: usize, occupied: u64) -> bool {
        let fields = &self.board.packing.fields;
        if s == fields.len() {
            if let Some(roots) = &mut self.roots {
                roots.push(self.board.stored(&self.anchors, &mut self.mirrored));
            }
            self.found += 1;
            return self.found <= self.limit;
        }
        if self.anchors[s].count_ones() as usize == fields[s].count {
            return self.place(s + 1, 0, occupied);
        }
        let g = &self.board.geometry;
        let free = g.board & !occupied;
        // Where shape s fits on free cells (as in `destinations`), from anchor `first` on.
        let fitting = (g.offsets[s].iter()).fold(g.anchors[s], |ok, &k| ok & free >> k);
        for anchor in each_bit(fitting & u64::MAX.checked_shl(first as u32).unwrap_or(0)) {
            let cells = g.fits[s][anchor];
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            self.anchors[s] |= 1 << anchor;
            let within = self.place(s, anchor + 1, occupied | cells);
            self.anchors[s] &= !(1 << anchor);
            if !within {
                return false;
            }
        }
        true
    }
}

// -------------------------------------
// Storage: how a position packs into words, the set that holds them, and mirror images.

impl<const N: usize> Position<N> {
    /// A free slot of a `PositionSet`: no packed position sets the top bit of its last word.
    fn empty() -> Self {
        let mut words = [0; N];
        words[N - 1] = u64::MAX;
        Position(words)
    }

    /// Folded, then mixed (MurmurHash3's finalizer): the top byte and low bits pick a part and a slot.
    fn hash(self) -> u64 {
        let folded =
            (self.0.iter().enumerate()).fold(0u64, |h, (i, &w)| h ^ w.rotate_left(16 * i as u32));
        let h = (folded ^ folded >> 33).wrapping_mul(0xff51_afd7_ed55_8ccd);
        let h = (h ^ h >> 33).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ h >> 33
    }
}

#[derive(Clone, Copy, Debug)]
enum Encoding {
    /// Its blocks' anchors as indices, in increasing order, into the anchors where the shape fits
    /// (the classic's target: 4 bits, not 64).
    Indices { bits: u32 },
    /// A bit per anchor where the shape fits.
    Mask,
    /// The anchor mask itself, where no field is shorter (twenty singles on a 6×6 board: 36 bits,
    /// not 120): nothing to convert.
    Cells,
}

/// Where one shape's field lies in a packed position.
#[derive(Clone, Debug)]
struct Field {
    word: usize,
    shift: u32,
    width: u32,
    encoding: Encoding,
    /// How many blocks have this shape.
    count: usize,
    /// The cells where the shape fits, in increasing order, and each cell's index in that list.
    cell_of: Vec<u8>,
    index_of: [u8; MAX_CELLS],
}

/// How positions are packed: one field per shape, in whichever `Encoding` is shortest. The classic
/// takes 44 bits; a board with up to ten blocks, one word.
struct Packing {
    fields: Vec<Field>,
    /// Words used: at most 14, as fields take at most 6 bits a block and 64 bits, and every two words
    /// hold over 63 bits of them.
    words: usize,
}

/// The lowest `width` bits.
fn low_bits(width: u32) -> u64 {
    u64::MAX.checked_shr(64 - width).unwrap_or(0)
}

impl Packing {
    fn new(puzzle: &Puzzle, geometry: &Geometry) -> Self {
        let (mut fields, mut word, mut used) = (Vec::new(), 0, 0);
        for (s, &anchors) in geometry.anchors.iter().enumerate() {
            let count = puzzle.blocks.iter().filter(|b| b.shape == s).count();
            let cell_of: Vec<u8> = (0..MAX_CELLS as u8)
                .filter(|&a| anchors >> a & 1 == 1)
                .collect();
            let mut index_of = [0; MAX_CELLS];
            cell_of
                .iter()
                .enumerate()
                .for_each(|(i, &cell)| index_of[cell as usize] = i as u8);
            let bits = usize::BITS - (cell_of.len() - 1).leading_zeros(); // enough for the last index
            let span = 64 - anchors.leading_zeros(); // bits up to the last anchor
            let (encoding, width) = if span <= cell_of.len() as u32 && span <= count as u32 * bits {
                (Encoding::Cells, span)
            } else if cell_of.len() as u32 <= count as u32 * bits {
                (Encoding::Mask, cell_of.len() as u32)
            } else {
                (Encoding::Indices { bits }, count as u32 * bits)
            };
            // A field never straddles two words, and the last word keeps its top bit free (`empty`).
            if used + width > 63 {
                word += 1;
                used = 0;
            }
            fields.push(Field {
                word,
                shift: used,
                width,
                encoding,
                count,
                cell_of,
                index_of,
            });
            used += width;
        }
        // A field of all 64 bits fills its word, top bit too: `empty` then needs one word more.
        let words = word + 1 + usize::from(used == 64);
        Packing { fields, words }
    }

    /// The field of a shape whose blocks are anchored at the cells in `anchors`.
    fn field(&self, s: usize, anchors: u64) -> u64 {
        let f = &self.fields[s];
        let indices = each_bit(anchors).map(|cell| f.index_of[cell] as u64);
        match f.encoding {
            Encoding::Cells => anchors,
            Encoding::Mask => indices.fold(0, |field, index| field | 1 << index),
            Encoding::Indices { bits } => (indices.enumerate())
                .fold(0, |field, (i, index)| field | index << (i as u32 * bits)),
        }
    }

    fn pack<const N: usize>(&self, anchors: &[u64]) -> Position<N> {
        let mut words = [0; N];
        for (s, f) in self.fields.iter().enumerate() {
            words[f.word] |= self.field(s, anchors[s]) << f.shift;
        }
        Position(words)
    }

    /// `p` with shape `s`'s blocks anchored at the cells in `anchors` instead.
    fn repack<const N: usize>(&self, p: Position<N>, s: usize, anchors: u64) -> Position<N> {
        let f = &self.fields[s];
        let mut words = p.0;
        words[f.word] =
            words[f.word] & !(low_bits(f.width) << f.shift) | self.field(s, anchors) << f.shift;
        Position(words)
    }

    /// Shape `s`'s anchor mask in `p`.
    fn anchors_of<const N: usize>(&self, p: Position<N>, s: usize) -> u64 {
        let f = &self.fields[s];
        let field = p.0[f.word] >> f.shift & low_bits(f.width);
        match f.encoding {
            Encoding::Cells => field,
            Encoding::Mask => each_bit(field).fold(0, |anchors, i| anchors | 1 << f.cell_of[i]),
            Encoding::Indices { bits } => (0..f.count as u32).fold(0, |anchors, i| {
                let index = field >> (i * bits) & low_bits(bits);
                anchors | 1 << f.cell_of[index as usize]
            }),
        }
    }

    fn unpack<const N: usize>(&self, p: Position<N>, anchors: &mut [u64]) {
        for (s, a) in anchors.iter_mut().enumerate() {
            *a = self.anchors_of(p, s);
        }
    }
}

/// A set of positions: open addressing with linear probing, in 256 parts picked by the hash's top byte.
/// A part grows by half when it is 7/8 full, one part at a time, so the set never needs room for twice
/// its size at once (as one doubling table would): 9 to 14 bytes a position (8 / load).
struct PositionSet<const N: usize> {
    parts: Vec<Part<N>>,
    len: usize,
    /// Scratch for `insert_batch`: what each first slot held.
    first: Vec<Position<N>>,
}

struct Part<const N: usize> {
    slots: Vec<Position<N>>,
    len: usize,
}

impl<const N: usize> PositionSet<N> {
    fn new() -> Self {
        let part = || Part {
            slots: vec![Position::empty(); 64],
            len: 0,
        };
        PositionSet {
            parts: (0..256).map(|_| part()).collect(),
            len: 0,
            first: Vec::new(),
        }
    }

    /// Adds `p`; false if it was there already.
    fn insert(&mut self, p: Position<N>) -> bool {
        let h = p.hash();
        let part = &mut self.parts[(h >> 56) as usize];
        if 8 * (part.len + 1) > 7 * part.slots.len() {
            part.grow();
        }
        let (slot, added) = part.find(h, p);
        if added {
            part.slots[slot] = p;
            part.len += 1;
            self.len += 1;
        }
        added
    }

    /// Adds the positions of `batch`; yields the new ones, in order. Their first slots are read before
    /// any is compared, with no branch between, so that their cache misses overlap; a position found
    /// there is in for good, as nothing leaves the set.
    fn insert_batch<'a, T>(
        &'a mut self,
        batch: &'a [(Position<N>, T)],
    ) -> impl Iterator<Item = Position<N>> + 'a {
        let (parts, first) = (&self.parts, &mut self.first);
        first.clear();
        first.extend(batch.iter().map(|(p, _)| {
            let h = p.hash();
            let part = &parts[(h >> 56) as usize];
            part.slots[part.start(h)]
        }));
        (0..batch.len()).filter_map(move |i| {
            let p = batch[i].0;
            Some(p).filter(|&p| self.first[i] != p && self.insert(p))
        })
    }

    fn contains(&self, p: Position<N>) -> bool {
        let h = p.hash();
        !self.parts[(h >> 56) as usize].find(h, p).1
    }
}

impl<const N: usize> Part<N> {
    /// Where the probe for hash `h` starts: in 0..size, without a division.
    fn start(&self, h: u64) -> usize {
        (((h & 0xffff_ffff) * self.slots.len() as u64) >> 32) as usize
    }

    /// The slot that holds `p`, or the free slot where it would go (then true).
    fn find(&self, h: u64, p: Position<N>) -> (usize, bool) {
        let size = self.slots.len();
        let mut slot = self.start(h);
        loop {
            let there = self.slots[slot];
            if there == p || there == Position::empty() {
                return (slot, there != p);
            }
            slot = if slot + 1 == size { 0 } else { slot + 1 };
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() + self.slots.len() / 2;
        let old = std::mem::replace(&mut self.slots, vec![Position::empty(); size]);
        for p in old.into_iter().filter(|&p| p != Position::empty()) {
            let (slot, _) = self.find(p.hash(), p);
            self.slots[slot] = p;
        }
    }
}

/// Left-right symmetry. When the mirror image has the same blocks (a J for each L) and the target is
/// symmetric with its goal on the middle line, a position and its mirror image are equally far from
/// the goal: the search stores the smaller of the two, half the classic's positions, and replays the
/// path from the real start (`moves_along`).
struct Mirror {
    /// The shape each shape becomes, and `anchor[s][a]`: where shape s anchored at a goes.
    shape: Vec<usize>,
    anchor: Vec<Vec<u8>>,
}

impl Mirror {
    fn of(puzzle: &Puzzle, packing: &Packing) -> Option<Mirror> {
        let cols = puzzle.cols;
        let reflect = |s: &Shape| {
            let mut cells: Vec<_> = s.cells.iter().map(|&(r, c)| (r, s.width - 1 - c)).collect();
            cells.sort_unstable();
            Shape { cells, ..s.clone() }
        };
        let count = |s: usize| packing.fields[s].count;
        let mut shape = Vec::new();
        for (s, form) in puzzle.shapes.iter().enumerate() {
            let image = reflect(form);
            let twin = if s == 0 {
                Some(0).filter(|_| image == *form)
            } else {
                (1..puzzle.shapes.len())
                    .find(|&t| puzzle.shapes[t] == image && count(t) == count(s))
            };
            shape.push(twin?);
        }
        let goal_col = puzzle.goal % cols;
        if goal_col + puzzle.shapes[0].width + goal_col != cols {
            return None;
        }
        let anchor = (puzzle.shapes.iter())
            .map(|form| {
                (0..MAX_CELLS)
                    .map(|a| {
                        let (r, c) = (a / cols, a % cols);
                        (r * cols + (cols - form.width).saturating_sub(c)) as u8
                    })
                    .collect()
            })
            .collect();
        Some(Mirror { shape, anchor })
    }

    /// The mirror image of the position whose anchor masks are `anchors`; its masks go to `mirrored`.
    fn reflect<const N: usize>(
        &self,
        packing: &Packing,
        anchors: &[u64],
        mirrored: &mut [u64],
    ) -> Position<N> {
        mirrored.iter_mut().for_each(|m| *m = 0);
        for (s, &mask) in anchors.iter().enumerate() {
            let image = each_bit(mask).fold(0, |m, a| m | 1 << self.anchor[s][a]);
            mirrored[self.shape[s]] = image;
        }
        packing.pack(mirrored)
    }

    /// The mirror image of a successor: `p_mirrored` (with masks `mirrored`) after the mirror of `m`.
    fn moved<const N: usize>(
        &self,
        packing: &Packing,
        p_mirrored: Position<N>,
        mirrored: &[u64],
        m: Move,
    ) -> Position<N> {
        let s = m.shape as usize;
        let (from, to) = (
            self.anchor[s][m.from as usize],
            self.anchor[s][m.to as usize],
        );
        let t = self.shape[s];
        packing.repack(p_mirrored, t, mirrored[t] ^ (1 << from | 1 << to))
    }
}

// -------------------------------------
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

fn error(line: usize, column: usize, what: impl Into<String>) -> InputError {
    InputError {
        line,
        column,
        what: what.into(),
    }
}

/// At most 40 characters of the input, for a message: a 20 MiB token must not flood stderr.
fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// Whitespace, NUL and 0x1A (DOS end of file) split tokens: padding and an end-of-file mark after
/// the puzzle are ignored like spaces.
fn blank(ch: char) -> bool {
    ch.is_whitespace() || ch == '\0' || ch == '\u{1a}'
}

/// The tokens of line `number` (up to a row's, plus one) and how many it has.
fn split(line: &str, number: usize) -> (Vec<Token<'_>>, usize) {
    let (mut tokens, mut count, mut start) = (Vec::new(), 0, None);
    for (column, (offset, ch)) in line.char_indices().chain([(line.len(), ' ')]).enumerate() {
        match (blank(ch), start) {
            (false, None) => start = Some((offset, column + 1)),
            (true, Some((from, first))) => {
                if count <= MAX_CELLS {
                    let text = &line[from..offset];
                    tokens.push(Token {
                        text,
                        line: number,
                        column: first,
                    });
                }
                count += 1;
                start = None;
            }
            _ => {}
        }
    }
    (tokens, count)
}

/// Reads the lines that have tokens, one at a time, knowing where the input ended for errors.
struct Lines<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    last_line: usize,
}

impl<'a> Lines<'a> {
    /// The next line's tokens and their count, if a line with tokens is left.
    fn next_tokens(&mut self) -> Option<(Vec<Token<'a>>, usize)> {
        for (i, line) in &mut self.lines {
            let (tokens, count) = split(line, i + 1);
            if count > 0 {
                self.last_line = i + 1;
                return Some((tokens, count));
            }
        }
        None
    }

    fn next(&mut self, what: &str) -> Result<(Vec<Token<'a>>, usize), InputError> {
        let after = self.last_line + 1;
        (self.next_tokens()).ok_or_else(|| error(after, 1, format!("missing {}", what)))
    }

    /// A line of exactly `count` numbers.
    fn numbers(&mut self, what: &str, count: usize) -> Result<Vec<usize>, InputError> {
        let (tokens, found) = self.next(what)?;
        if found != count {
            let t = &tokens[0];
            let what = format!("expected {}, found {} values", what, found);
            return Err(error(t.line, t.column, what));
        }
        let number = |t: &Token| {
            let digits = t.text.bytes().all(|b| b.is_ascii_digit());
            let value = t.text.parse().ok().filter(|_| digits);
            let what = || format!("`{}` is not a number", clip(t.text));
            value.ok_or_else(|| error(t.line, t.column, what()))
        };
        tokens.iter().map(number).collect()
    }
}

/// The puzzle, and a warning if text after it was ignored.
fn parse(input: &str) -> Result<(Puzzle, Option<InputError>), InputError> {
    let mut lines = Lines {
        lines: input.lines().enumerate(),
        last_line: 0,
    };
    let size = lines.numbers("the board size `m n`", 2)?;
    let (rows, cols) = (size[0], size[1]);
    if rows == 0 || cols == 0 || rows.checked_mul(cols).map_or(true, |n| n > MAX_CELLS) {
        let what = format!(
            "a {}×{} board is not supported: it needs 1 to {} cells (8×8 at most)",
            rows, cols, MAX_CELLS
        );
        return Err(error(lines.last_line, 1, what));
    }
    let cells = read_board(&mut lines, rows, cols)?;
    let (target, count) = lines.next("the target block's name")?;
    if count > 1 {
        let what = "expected one name, the target block's";
        return Err(error(target[1].line, target[1].column, what));
    }
    let target = &target[0];
    let mut puzzle = group_blocks(&cells, rows, cols, target)?;
    let goal = lines.numbers("the target's goal `r c`", 2)?;
    let shape = &puzzle.shapes[0];
    let (r, c) = (goal[0], goal[1]);
    let fits =
        |at: usize, size: usize, room: usize| matches!(at.checked_add(size), Some(e) if e <= room);
    if !fits(r, shape.height, rows) || !fits(c, shape.width, cols) {
        let (name, h, w) = (clip(target.text), shape.height, shape.width);
        let what = format!(
            "the target \"{}\" ({}×{}) cannot have its top-left corner at ({},{}) on a {}×{} board",
            name, h, w, r, c, rows, cols
        );
        return Err(error(lines.last_line, 1, what));
    }
    puzzle.goal = r * cols + c;
    let (metric, ignored) = read_end(&mut lines)?;
    puzzle.metric = metric;
    Ok((puzzle, ignored))
}

/// The board's rows: per cell, the block's name token there, or `None` for an empty cell.
fn read_board<'a>(
    lines: &mut Lines<'a>,
    rows: usize,
    cols: usize,
) -> Result<Vec<Option<Token<'a>>>, InputError> {
    let mut cells = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        let (tokens, count) = lines.next(&format!("board row {} of {}", row + 1, rows))?;
        if count != cols {
            let t = tokens.get(cols).unwrap_or(&tokens[0]);
            let what = format!("expected {} cells, found {}", cols, count);
            return Err(error(t.line, t.column, what));
        }
        cells.extend(
            tokens
                .into_iter()
                .map(|t| Some(t).filter(|t| !t.text.bytes().all(|b| b == b'.'))),
        );
    }
    Ok(cells)
}

/// The optional metric line, which ends the puzzle, and a warning for the first token after the
/// puzzle if there is one.
fn read_end(lines: &mut Lines) -> Result<(Metric, Option<InputError>), InputError> {
    let ignored = |t: &Token, hint: &str| {
        let what = format!("ignored text after the puzzle: '{}'{}", clip(t.text), hint);
        error(t.line, t.column, what)
    };
    let (tokens, count) = match lines.next_tokens() {
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
        return Err(error(t.line, t.column, what));
    }
    let after = lines
        .next_tokens()
        .map(|(tokens, _)| ignored(&tokens[0], ""));
    Ok((metric, after))
}

/// Groups the board's cells into blocks by name and the blocks into shapes, the target's first.
fn group_blocks(
    cells: &[Option<Token>],
    rows: usize,
    cols: usize,
    target: &Token,
) -> Result<Puzzle, InputError> {
    let mut by_name: HashMap<&str, usize> = HashMap::new(); // name -> index in `blocks`
    let mut blocks: Vec<(&str, Vec<usize>)> = Vec::new(); // in order of first appearance
    for (cell, token) in cells.iter().enumerate() {
        let token = match token {
            Some(token) => token,
            None => continue,
        };
        let b = *by_name.entry(token.text).or_insert_with(|| {
            blocks.push((token.text, Vec::new()));
            blocks.len() - 1
        });
        blocks[b].1.push(cell);
    }
    let target_index = match by_name.get(target.text) {
        Some(&index) => index,
        None => {
            let what = format!("target block \"{}\" is not on the board", clip(target.text));
            return Err(error(target.line, target.column, what));
        }
    };
    blocks.swap(0, target_index);
    let mut puzzle = Puzzle {
        rows,
        cols,
        shapes: Vec::new(),
        blocks: Vec::new(),
        goal: 0,
        metric: Metric::Moves,
    };
    for (i, (name, list)) in blocks.iter().enumerate() {
        let (shape, anchor) = shape_of(list, cols);
        // The target never shares a shape index: it is the one block the goal tells apart.
        let same = (puzzle.shapes.iter().skip(1).position(|s| *s == shape)).filter(|_| i > 0);
        let shape = match same {
            Some(index) => index + 1,
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
    Ok(puzzle)
}

/// A block's shape and its anchor, the cell of its bounding box's top-left corner.
fn shape_of(cells: &[usize], cols: usize) -> (Shape, usize) {
    let top = cells.iter().map(|c| c / cols).min().unwrap_or(0);
    let left = cells.iter().map(|c| c % cols).min().unwrap_or(0);
    let offsets: Vec<(usize, usize)> = cells
        .iter()
        .map(|c| (c / cols - top, c % cols - left))
        .collect();
    let height = offsets.iter().map(|o| o.0 + 1).max().unwrap_or(1);
    let width = offsets.iter().map(|o| o.1 + 1).max().unwrap_or(1);
    let shape = Shape {
        cells: offsets,
        height,
        width,
    };
    (shape, top * cols + left)
}

// -------------------------------------
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
        // One block of a shape per anchor: see `Position`.
        let b = which.expect("a move starts where a block of its shape is anchored");
        anchors[b] = to;
        writeln!(out, "{} {} {}", puzzle.blocks[b].name, at(from), at(to))?;
    }
    Ok(())
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

/// Solves the layout in `input` and writes the answer to `out`; returns a warning if text after the
/// puzzle was ignored.
pub(crate) fn run(
    input: &[u8],
    out: &mut impl Write,
    trace: bool,
) -> Result<Option<InputError>, Failure> {
    let text = std::str::from_utf8(input).map_err(|e| {
        let valid = &input[..e.valid_up_to()];
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = String::from_utf8_lossy(&valid[line_start..])
            .chars()
            .count()
            + 1;
        let what = format!("byte 0x{:02x} is not UTF-8", input[valid.len()]);
        Failure::BadInput(error(line, column, what))
    })?;
    let (puzzle, ignored) = parse(text).map_err(Failure::BadInput)?;
    match solve(&puzzle, trace) {
        Some(moves) => write_solution(&puzzle, &moves, out)?,
        None => writeln!(out, "unsolvable")?,
    }
    Ok(ignored)
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
            if let Some(warning) = ignored {
                eprintln!("huarong: warning: {}", warning);
            }
            return;
        }
    };
    eprintln!("huarong: {}", message);
    std::process::exit(1);
}

#[cfg(test)]
#[path = "huarong/tests.rs"]
mod tests;
