//! Random Huarong Dao (Klotski) puzzles, seeded and reproducible, full of blocks whose bounding box's
//! top-left corner is not one of their own cells. `judge stress` draws from it, and so does the
//! solution's differential test.

use super::reference::search::{destinations, step, DIRECTIONS};
use super::reference::{moves_from, on_board, parse::block, Block, Metric, Rules};
use crate::puzzles::rng::Rng;

/// A cell or an offset, `(row, column)`.
pub type Pos = (usize, usize);

/// Shapes whose bounding box's top-left corner is not one of their cells, drawn as rows of `#` (a
/// cell) and `.` split by `/`. A solver that takes a block's corner for one of its cells goes wrong
/// on exactly these, so they are drawn most often.
pub const HOLLOW_CORNER: &[&str] = &[
    ".#/##",       // L of three
    ".#/#.",       // two diagonal cells
    ".#/.#/##",    // J
    "..#/###",     // L lying down
    ".#./###",     // T pointing up
    ".#/##/.#",    // T pointing left
    ".##/##.",     // S
    ".#/##/#.",    // Z standing
    ".#./###/.#.", // plus
    ".#./#.#/###", // U with a cap
    ".#./#.#/.#.", // four cells round a hole
    ".##/#.#/###", // the ring without its corner
    ".#/#./.#",    // zigzag, no two cells touching
    ".##/#..",     // a bar and a cell, apart
    "..#/.#./#..", // anti-diagonal
    ".#/#./#.",    // a cell above a bar, apart
];

/// Shapes that own their corner: singles, dominoes, bars, squares, the other L, T, S, Z and U
/// turns, the 3×3 ring (the 8-cell "O" with a hole) and a few shapes in pieces.
pub const OWN_CORNER: &[&str] = &[
    "#",
    "##",
    "#/#",
    "###",
    "#/#/#",
    "##/##",
    "##/#.",
    "##/.#",
    "#./##",
    "#./#./##",
    "###/#..",
    "##/#./#.",
    "###/.#.",
    "#./##/#.",
    "##./.##",
    "#./##/.#",
    "#.#/###",
    "###/#.#",
    "##/#./##",
    "##/.#/##",
    "###/#.#/###",
    "###/###",
    "###/###/###",
    "#./.#",
    "#.#",
    "#/./#",
    "#../.#./..#",
    "#.#/.#./#.#",
];

/// The metric lines drawn: no line and `moves` mean the same.
pub const METRICS: [&str; 4] = ["", "moves", "straight", "steps"];

/// A shape's cells, sorted, from its drawing; the drawing must touch its box's top row and left column.
pub fn shape_cells(drawing: &str) -> Vec<Pos> {
    let rows = drawing.split('/').enumerate();
    let cells = rows.flat_map(|(r, row)| row.match_indices('#').map(move |(c, _)| (r, c)));
    cells.collect()
}

/// Puzzle number `index` of the stream `seed`, on boards of 2 to `max_side` rows and columns
/// (`max_side` from 2 to 6): the same numbers always give the same puzzle.
pub fn puzzle_within(seed: u64, index: u64, max_side: usize) -> String {
    let mut rng = Rng::for_input(seed, index);
    let sides = max_side.clamp(2, 6) - 1;
    let (rows, cols) = (2 + rng.below(sides), 2 + rng.below(sides));
    let full_board = rng.percent(4);
    let board = board_of(&mut rng, rows, cols, full_board);
    let target = choose_target(&mut rng, &board.blocks);
    let goal = choose_goal(&mut rng, &board, target);
    let metric = rng.pick(&METRICS);
    render(&mut rng, &board, target, goal, metric)
}

/// Puzzle number `index` of a stream of sparse boards: `blocks` blocks drawn as `puzzle_within` draws them
/// on a `rows` × `cols` board that is otherwise empty, and the target's goal the corner of the board
/// farthest from it, under `steps` half of the time and `moves` or `straight` otherwise. Few blocks
/// and much room: a plain BFS must go deep and wide, so this is where a slow search shows. The board
/// is at least 3 × 3, so that every shape fits.
pub fn sparse_puzzle(seed: u64, index: u64, (rows, cols): Pos, blocks: usize) -> String {
    let mut rng = Rng::for_input(seed, index ^ 0x5a7e);
    let mut board = Board::new(rows, cols, vec![false; rows * cols]);
    for _ in 0..40 {
        if board.blocks.len() == blocks {
            break;
        }
        let cells = draw_shape(&mut rng);
        put_somewhere(&mut rng, &mut board, cells);
    }
    board.kept = board.owner.iter().map(Option::is_none).collect();
    let target = choose_target(&mut rng, &board.blocks);
    let goal = farthest_corner(&board, target);
    let metric = rng.pick(&["steps", "steps", "moves", "straight"]);
    render(&mut rng, &board, target, goal, metric)
}

/// The place for the target's corner at the board's corner farthest from where it is.
fn farthest_corner(board: &Board, target: usize) -> Pos {
    let block = &board.blocks[target];
    let (height, width) = extent(&block.cells);
    let (last_row, last_col) = (board.rows - height, board.cols - width);
    let far = |at: usize, last: usize| if 2 * at < last { last } else { 0 };
    (far(block.at.0, last_row), far(block.at.1, last_col))
}

/// What `sized_puzzle` draws: a board of exactly `rows` × `cols` cells (1 to 64 of them), full or
/// with a few empty cells, under one of `METRICS`.
#[derive(Clone, Copy, Debug)]
pub struct Size {
    pub rows: usize,
    pub cols: usize,
    pub full_board: bool,
    pub metric: &'static str,
}

/// Puzzle number `index` of the stream `seed` for boards of one `size`, any that the problem allows:
/// strips (1×N, N×1) and boards of 64 cells, which `puzzle_within` never draws. Three in four have as their
/// target a block that a few random moves have moved, and its goal where they took it, so that
/// even a crowded board is solvable in a few moves; the others are drawn as `puzzle_within` draws them. A
/// 1×1 board is full.
pub fn sized_puzzle(seed: u64, index: u64, size: Size) -> String {
    let Size { rows, cols, .. } = size;
    assert!(rows >= 1 && cols >= 1 && rows * cols <= 64, "{size:?}");
    let mut rng = Rng::for_input(seed, index ^ 0x512e);
    let board = board_of(&mut rng, rows, cols, size.full_board || rows * cols == 1);
    let moves = 1 + rng.below(6);
    let ends = scrambled(&mut rng, &board, moves);
    let moved: Vec<usize> = (0..ends.len())
        .filter(|&b| ends[b] != board.blocks[b].at)
        .collect();
    let (target, goal) = if !moved.is_empty() && rng.percent(75) {
        let target = rng.pick(&moved);
        (target, ends[target])
    } else {
        let target = choose_target(&mut rng, &board.blocks);
        (target, choose_goal(&mut rng, &board, target))
    };
    render(&mut rng, &board, target, goal, size.metric)
}

/// A `rows` × `cols` board filled with blocks, with a few empty cells unless it is to be full.
fn board_of(rng: &mut Rng, rows: usize, cols: usize, full_board: bool) -> Board {
    let empties = if full_board {
        0
    } else {
        empty_cells(rng, rows * cols)
    };
    fill(rng, rows, cols, empties)
}

/// How many cells stay empty: one to four, whatever the board's size, since each empty cell
/// multiplies the positions a plain BFS must visit (larger boards are denser); never all of them.
fn empty_cells(rng: &mut Rng, area: usize) -> usize {
    let drawn = match area {
        0..=6 => 1 + rng.below(2),
        7..=20 => 2 + rng.below(2),
        _ => 2 + rng.below(3),
    };
    drawn.min(area - 1)
}

/// A board being filled with blocks (nameless until the puzzle is written).
pub(crate) struct Board {
    rows: usize,
    cols: usize,
    blocks: Vec<Block>,
    /// Which block covers each cell, row-major.
    owner: Vec<Option<usize>>,
    /// The cells that stay empty.
    kept: Vec<bool>,
}

impl Board {
    pub(crate) fn new(rows: usize, cols: usize, kept: Vec<bool>) -> Self {
        Board {
            rows,
            cols,
            blocks: Vec::new(),
            owner: vec![None; rows * cols],
            kept,
        }
    }

    /// Whether cell `i` is still to be covered.
    fn is_free(&self, i: usize) -> bool {
        self.owner[i].is_none() && !self.kept[i]
    }

    /// The cells still to be covered.
    fn free(&self) -> Vec<usize> {
        (0..self.owner.len()).filter(|&i| self.is_free(i)).collect()
    }

    /// Every corner where `cells` lies on the board over free cells.
    pub(crate) fn places(&self, cells: &[Pos]) -> Vec<Pos> {
        let corners = (0..self.rows).flat_map(|r| (0..self.cols).map(move |c| (r, c)));
        let free = |&(r, c): &Pos| {
            let free = |&(dr, dc): &Pos| self.is_free((r + dr) * self.cols + c + dc);
            on_board(self.rows, self.cols, cells, (r, c)) && cells.iter().all(free)
        };
        corners.filter(free).collect()
    }

    /// Whether a block at `at` would have another block's cell at its corner, or cover another
    /// block's corner: where a solver that confuses corners and cells goes wrong.
    fn interlocks(&self, cells: &[Pos], at: Pos) -> bool {
        let own_corner = cells.first() == Some(&(0, 0));
        let corner_taken = !own_corner && self.owner[at.0 * self.cols + at.1].is_some();
        let covers = |corner: Pos| {
            cells
                .iter()
                .any(|&(dr, dc)| (at.0 + dr, at.1 + dc) == corner)
        };
        let covers_a_corner = self.blocks.iter().any(|block| covers(block.at));
        corner_taken || covers_a_corner
    }

    /// The board's blocks, moved a cell at a time.
    fn rules(&self) -> Rules<'_> {
        Rules {
            rows: self.rows,
            cols: self.cols,
            blocks: &self.blocks,
            metric: Metric::Steps,
        }
    }

    pub(crate) fn put(&mut self, cells: Vec<Pos>, at: Pos) {
        for &(dr, dc) in &cells {
            self.owner[(at.0 + dr) * self.cols + at.1 + dc] = Some(self.blocks.len());
        }
        let name = String::new();
        self.blocks.push(Block { name, cells, at });
    }
}

/// A board with `empties` empty cells, side by side, and blocks everywhere else: placed at random
/// (three times in four where they interlock with others, if they can), then singles and dominoes
/// in the gaps. A third of the boards repeat one favourite shape, so that many blocks share it.
fn fill(rng: &mut Rng, rows: usize, cols: usize, empties: usize) -> Board {
    // The empty cells are chosen first and kept together: scattered ones would leave most boards
    // stuck.
    let mut kept = vec![false; rows * cols];
    for (r, c) in empty_region(rng, rows, cols, empties) {
        kept[r * cols + c] = true;
    }
    let mut board = Board::new(rows, cols, kept);
    let favourite = Some(draw_shape(rng)).filter(|_| rng.percent(35));
    for _ in 0..40 {
        let spare = board.free().len();
        if spare == 0 {
            break;
        }
        let cells = match &favourite {
            Some(shape) if rng.percent(50) => shape.clone(),
            _ => draw_shape(rng),
        };
        if cells.len() <= spare {
            put_somewhere(rng, &mut board, cells);
        }
    }
    fill_gaps(rng, &mut board);
    board
}

/// Puts a block of `cells` where it fits, if it fits: three times in four where it interlocks with
/// another block, if it can.
fn put_somewhere(rng: &mut Rng, board: &mut Board, cells: Vec<Pos>) {
    let places = board.places(&cells);
    let tight: Vec<Pos> = (places.iter().copied())
        .filter(|&at| board.interlocks(&cells, at))
        .collect();
    let at = match (tight.is_empty(), places.is_empty()) {
        (false, _) if rng.percent(75) => rng.pick(&tight),
        (_, false) => rng.pick(&places),
        (_, true) => return,
    };
    board.put(cells, at);
}

/// `size` cells that touch one another, grown from a random cell.
fn empty_region(rng: &mut Rng, rows: usize, cols: usize, size: usize) -> Vec<Pos> {
    let mut cells = vec![(rng.below(rows), rng.below(cols))];
    while cells.len() < size {
        let from = rng.pick(&cells);
        let next = neighbour(rng, from).filter(|&(r, c)| r < rows && c < cols);
        if let Some(next) = next.filter(|next| !cells.contains(next)) {
            cells.push(next);
        }
    }
    cells.truncate(size);
    cells
}

/// Singles, and dominoes where they fit, on random free cells until none is left.
fn fill_gaps(rng: &mut Rng, board: &mut Board) {
    let mut free = board.free();
    while !free.is_empty() {
        let i = rng.pick(&free);
        let (r, c) = (i / board.cols, i % board.cols);
        let right_free = c + 1 < board.cols && board.is_free(i + 1);
        let domino = right_free && rng.percent(50);
        let cells = shape_cells(if domino { "##" } else { "#" });
        board.put(cells, (r, c));
        free = board.free();
    }
}

/// A shape of 1 to 9 cells in a 3×3 box: from the lists, or any cells of the box now and then.
fn draw_shape(rng: &mut Rng) -> Vec<Pos> {
    match rng.below(100) {
        0..=44 => shape_cells(rng.pick(HOLLOW_CORNER)),
        45..=69 => shape_cells(rng.pick(&OWN_CORNER[..5])),
        70..=91 => shape_cells(rng.pick(&OWN_CORNER[5..])),
        _ => any_cells(rng),
    }
}

/// A random non-empty set of cells of a 3×3 box, moved to touch the box's top and left sides.
fn any_cells(rng: &mut Rng) -> Vec<Pos> {
    let mask = 1 + rng.below(511);
    let cells = (0..9).filter(|bit| mask >> bit & 1 == 1);
    block("", cells.map(|bit| (bit / 3, bit % 3)).collect()).cells
}

/// Any block, but most often one whose corner is not its own cell.
fn choose_target(rng: &mut Rng, blocks: &[Block]) -> usize {
    let hollow: Vec<usize> = (0..blocks.len())
        .filter(|&b| blocks[b].cells.first() != Some(&(0, 0)))
        .collect();
    if !hollow.is_empty() && rng.percent(60) {
        rng.pick(&hollow)
    } else {
        rng.below(blocks.len())
    }
}

/// Where the target is now (already solved) a fifth of the time, else a board corner or any place.
fn choose_goal(rng: &mut Rng, board: &Board, target: usize) -> Pos {
    let block = &board.blocks[target];
    let (height, width) = extent(&block.cells);
    let (last_row, last_col) = (board.rows - height, board.cols - width);
    if rng.percent(8) {
        return block.at;
    }
    if rng.percent(60) {
        let walked = walk(rng, board, target);
        if walked != block.at {
            return walked;
        }
    }
    // Elsewhere if it can be: a goal that happens to be where the target is tests little.
    let mut goal = block.at;
    for _ in 0..4 {
        goal = if rng.percent(20) {
            (rng.pick(&[0, last_row]), rng.pick(&[0, last_col]))
        } else {
            (rng.below(last_row + 1), rng.below(last_col + 1))
        };
        if goal != block.at {
            break;
        }
    }
    goal
}

/// Where a few random steps take the target while every other block stays put: a goal known to be
/// reachable, so that enough puzzles are solvable.
fn walk(rng: &mut Rng, board: &Board, target: usize) -> Pos {
    let rules = board.rules();
    let mut at = board.blocks[target].at;
    for _ in 0..1 + rng.below(6) {
        let open = destinations(&rules, &board.owner, target, at);
        if let Some(next) = neighbour(rng, at).filter(|to| open.contains(to)) {
            at = next;
        }
    }
    at
}

/// Every block's corner after `moves` random one-cell moves, each of a block that can make it: a
/// block that has moved has a goal that so many moves are known to reach.
fn scrambled(rng: &mut Rng, board: &Board, moves: usize) -> Vec<Pos> {
    let mut at: Vec<Pos> = board.blocks.iter().map(|b| b.at).collect();
    for _ in 0..moves {
        let legal = moves_from(&board.rules(), &at);
        if legal.is_empty() {
            break;
        }
        let (b, to) = rng.pick(&legal);
        at[b] = to;
    }
    at
}

/// The cell one step from `at` in a random direction, if that is not off the top or left edge.
fn neighbour(rng: &mut Rng, at: Pos) -> Option<Pos> {
    step(at, DIRECTIONS[rng.below(4)])
}

/// `count` different names of 1 to 3 letters and digits, starting with a letter.
fn draw_names(rng: &mut Rng, count: usize) -> Vec<String> {
    // The first 52 are the letters a name starts with.
    const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut names: Vec<String> = Vec::with_capacity(count);
    while names.len() < count {
        let length = rng.pick(&[1, 1, 1, 2, 2, 3]);
        let mut name = String::from(char::from(rng.pick(&ALNUM[..52])));
        for _ in 1..length {
            name.push(char::from(rng.pick(ALNUM)));
        }
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// The input text, its blocks named first: size, rows (empty cells as `.` or `..`), target, goal,
/// and the metric line if any.
fn render(rng: &mut Rng, board: &Board, target: usize, goal: Pos, metric: &str) -> String {
    let names = draw_names(rng, board.blocks.len());
    let mut text = format!("{} {}\n", board.rows, board.cols);
    for row in board.owner.chunks(board.cols) {
        let tokens: Vec<&str> = row
            .iter()
            .map(|owner| match owner {
                Some(b) => names[*b].as_str(),
                None => rng.pick(&[".", ".", ".."]),
            })
            .collect();
        text += &(tokens.join(" ") + "\n");
    }
    text += &format!("{}\n{} {}\n", names[target], goal.0, goal.1);
    match metric {
        "" => text,
        metric => text + metric + "\n",
    }
}

/// The height and width of a shape's bounding box.
pub fn extent(cells: &[Pos]) -> (usize, usize) {
    let height = cells.iter().map(|c| c.0 + 1).max().unwrap_or(1);
    (height, cells.iter().map(|c| c.1 + 1).max().unwrap_or(1))
}
