//! The judge's own answer key for Huarong Dao (Klotski): input parsing, a plain BFS, answer replay,
//! for both goals the judge knows: the target block at a corner (`huarong`) and a whole layout
//! (`huarong_goal`, two full boards). Deliberately naive and separate from `src/bin/`, so a bug there
//! cannot hide here. Outside its tests it names nothing from the crate:
//! `problems/huarong/plain_bfs.rs` and `problems/huarong_goal/plain_bfs.rs` compile it alone.

use std::collections::{HashMap, HashSet, VecDeque};

/// What counts as one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// One block, any distance along any free path (HackerRank's and Gardner's count).
    Moves,
    /// One block, one direction, any distance.
    Straight,
    /// One block, one cell.
    Steps,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub name: String,
    /// Offsets from the top-left corner of the bounding box, sorted.
    pub cells: Vec<(usize, usize)>,
    /// Where that corner starts.
    pub at: (usize, usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub rows: usize,
    pub cols: usize,
    pub blocks: Vec<Block>,
    /// Index into `blocks`.
    pub target: usize,
    /// Where the target's corner must end up.
    pub goal: (usize, usize),
    pub metric: Metric,
}

impl Puzzle {
    pub fn rules(&self) -> Rules<'_> {
        Rules {
            rows: self.rows,
            cols: self.cols,
            blocks: &self.blocks,
            metric: self.metric,
        }
    }
}

/// Two full boards of the same blocks (`huarong_goal`): the blocks as the start layout places and
/// names them, and for each one the corner of a goal block of its shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layouts {
    pub rows: usize,
    pub cols: usize,
    pub blocks: Vec<Block>,
    /// `goal[b]`: the corner of the goal block matched with block `b`, the blocks of one shape
    /// matched in the order of their first cells. Blocks of one shape are interchangeable, so any
    /// matching gives the same goal.
    pub goal: Vec<Pos>,
    pub metric: Metric,
}

impl Layouts {
    pub fn rules(&self) -> Rules<'_> {
        Rules {
            rows: self.rows,
            cols: self.cols,
            blocks: &self.blocks,
            metric: self.metric,
        }
    }
}

/// What moves depend on: the board, its blocks (their shapes) and the metric.
#[derive(Debug, Clone, Copy)]
pub struct Rules<'a> {
    pub rows: usize,
    pub cols: usize,
    pub blocks: &'a [Block],
    pub metric: Metric,
}

/// What a valid answer claims: so many moves, or no way. The optimum is what a shortest answer
/// claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Unsolvable,
    Moves(u64),
}

/// A cell, or a block's corner: (row, column).
pub type Pos = (usize, usize);

/// Which block covers each cell, row-major.
type Grid = Vec<Option<usize>>;

const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Reads and validates an input; errors name the line.
pub fn parse(input: &str) -> Result<Puzzle, String> {
    let mut lines = Lines::new(input);
    let (rows, cols, blocks) = parse_board(&mut lines)?;
    let (number, name) = lines.take("the target's name")?;
    if name.split_whitespace().nth(1).is_some() {
        return Err(format!(
            "line {number}: expected one target name, found {:?}",
            clip(name)
        ));
    }
    let target = blocks.iter().position(|b| b.name == name).ok_or_else(|| {
        format!(
            "line {number}: target block {:?} is not on the board",
            clip(name)
        )
    })?;
    let (number, line) = lines.take("the target's position `r c`")?;
    let goal = read_pair(number, line, "r c")?;
    let fits = blocks
        .get(target)
        .is_some_and(|b| on_board(rows, cols, &b.cells, goal));
    if !fits {
        return Err(format!(
            "line {number}: the target {name} does not fit on the board at ({},{})",
            goal.0, goal.1
        ));
    }
    let metric = read_end(&mut lines)?;
    Ok(Puzzle {
        rows,
        cols,
        blocks,
        target,
        goal,
        metric,
    })
}

/// Reads and validates a `huarong_goal` input: the size, the start layout, the goal layout, then
/// the metric line if there is one. Errors name the line, or the block that has no partner.
pub fn parse_layouts(input: &str) -> Result<Layouts, String> {
    let mut lines = Lines::new(input);
    let (rows, cols, blocks) = parse_board(&mut lines)?;
    let goal_blocks = read_blocks(&mut lines, rows, cols, "the goal layout's last row")?;
    let goal = partners(&blocks, &goal_blocks)?;
    let metric = read_end(&mut lines)?;
    Ok(Layouts {
        rows,
        cols,
        blocks,
        goal,
        metric,
    })
}

/// The optional metric line, and nothing after it.
fn read_end(lines: &mut Lines) -> Result<Metric, String> {
    let metric = read_metric(lines.next_line())?;
    if let Some((number, extra)) = lines.next_line() {
        return Err(format!(
            "line {number}: unexpected {:?} after the last line",
            clip(extra)
        ));
    }
    Ok(metric)
}

/// For each block of the start, the corner of its partner in the goal: the k-th goal block of a
/// shape is the k-th start block of that shape, in the order of their first cells. Names do not
/// matter in the goal: they only say which cells form one block.
fn partners(start: &[Block], goal: &[Block]) -> Result<Vec<Pos>, String> {
    let mut partner: Vec<Option<Pos>> = vec![None; start.len()];
    for g in goal {
        let free = (0..start.len()).find(|&b| partner[b].is_none() && start[b].cells == g.cells);
        let Some(b) = free else {
            return Err(format!(
                "the goal layout's block {:?} with its corner at {} has no block of its shape \
                 left in the start layout",
                clip(&g.name),
                show(g.at)
            ));
        };
        partner[b] = Some(g.at);
    }
    if let Some(b) = partner.iter().position(Option::is_none) {
        return Err(format!(
            "block {:?} has no block of its shape left in the goal layout",
            clip(&start[b].name)
        ));
    }
    Ok(partner.into_iter().flatten().collect())
}

/// The input's non-blank lines, trimmed, with their 1-based numbers; blank lines carry nothing.
struct Lines<'a> {
    lines: Vec<(usize, &'a str)>,
    next: usize,
}

impl<'a> Lines<'a> {
    fn new(input: &'a str) -> Self {
        let lines = input
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty())
            .collect();
        Lines { lines, next: 0 }
    }

    fn next_line(&mut self) -> Option<(usize, &'a str)> {
        let line = self.lines.get(self.next).copied()?;
        self.next += 1;
        Some(line)
    }

    fn take(&mut self, what: &str) -> Result<(usize, &'a str), String> {
        self.next_line()
            .ok_or_else(|| format!("the input ends before {what}"))
    }
}

/// The size line and the board rows, as blocks.
fn parse_board(lines: &mut Lines) -> Result<(usize, usize, Vec<Block>), String> {
    let (number, line) = lines.take("the size `m n`")?;
    let (rows, cols) = read_pair(number, line, "m n")?;
    // Checked before reading rows so a huge size cannot make us allocate or loop.
    if rows == 0 || cols == 0 || rows.checked_mul(cols).map_or(true, |cells| cells > 64) {
        return Err(format!(
            "line {number}: a {rows}×{cols} board; need 1 ≤ m, n and m·n ≤ 64"
        ));
    }
    let blocks = read_blocks(lines, rows, cols, "the last board row")?;
    // A full board is valid: nothing can move, so it is solved already or never.
    Ok((rows, cols, blocks))
}

/// `rows` rows of `cols` cells, as blocks; `last` names what an input that ends early lacks.
fn read_blocks(
    lines: &mut Lines,
    rows: usize,
    cols: usize,
    last: &str,
) -> Result<Vec<Block>, String> {
    let mut names = Vec::with_capacity(rows);
    for _ in 0..rows {
        let (number, line) = lines.take(last)?;
        names.push(read_row(number, line, cols)?);
    }
    Ok(blocks_of(&names))
}

/// One board row: `None` for an empty cell (a token of dots only), else the block's name.
fn read_row(number: usize, line: &str, cols: usize) -> Result<Vec<Option<&str>>, String> {
    let cells: Vec<Option<&str>> = line
        .split_whitespace()
        .map(|token| Some(token).filter(|t| t.bytes().any(|b| b != b'.')))
        .collect();
    if cells.len() != cols {
        return Err(format!(
            "line {number}: expected {cols} cells, found {}",
            cells.len()
        ));
    }
    Ok(cells)
}

/// Groups cells by name, blocks in reading order of their first cell.
fn blocks_of(rows: &[Vec<Option<&str>>]) -> Vec<Block> {
    let mut groups: Vec<(&str, Vec<Pos>)> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, name) in row.iter().enumerate() {
            let Some(name) = *name else { continue };
            match groups.iter_mut().find(|(n, _)| *n == name) {
                Some((_, cells)) => cells.push((r, c)),
                None => groups.push((name, vec![(r, c)])),
            }
        }
    }
    groups
        .into_iter()
        .map(|(name, cells)| block(name, cells))
        .collect()
}

fn block(name: &str, cells: Vec<Pos>) -> Block {
    let top = cells.iter().map(|&(r, _)| r).min().unwrap_or(0);
    let left = cells.iter().map(|&(_, c)| c).min().unwrap_or(0);
    let mut offsets: Vec<Pos> = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
    offsets.sort_unstable();
    Block {
        name: name.to_string(),
        cells: offsets,
        at: (top, left),
    }
}

/// Two non-negative integers, as in `m n` or `r c`.
fn read_pair(number: usize, line: &str, what: &str) -> Result<Pos, String> {
    let numbers: Vec<Option<usize>> = line.split_whitespace().map(read_number).collect();
    match numbers.as_slice() {
        [Some(a), Some(b)] => Ok((*a, *b)),
        _ => Err(format!(
            "line {number}: expected `{what}`, found {:?}",
            clip(line)
        )),
    }
}

/// Digits only: no sign, no spaces.
fn read_number(token: &str) -> Option<usize> {
    let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    token.parse().ok().filter(|_| digits)
}

fn read_metric(line: Option<(usize, &str)>) -> Result<Metric, String> {
    match line {
        None | Some((_, "moves")) => Ok(Metric::Moves),
        Some((_, "steps")) => Ok(Metric::Steps),
        Some((_, "straight")) => Ok(Metric::Straight),
        Some((number, other)) => Err(format!(
            "line {number}: unknown metric {:?}; expected moves, steps or straight (no line: moves)",
            clip(other)
        )),
    }
}

/// Whether cells with these offsets all lie on the board with their corner at `at`.
fn on_board(rows: usize, cols: usize, cells: &[Pos], at: Pos) -> bool {
    cells.iter().all(|&(dr, dc)| {
        // `at` may come from the input, so the sums must not overflow.
        let r = at.0.checked_add(dr);
        let c = at.1.checked_add(dc);
        r.is_some_and(|r| r < rows) && c.is_some_and(|c| c < cols)
    })
}

/// At most 40 characters of someone else's text, for messages.
pub fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// The fewest moves that bring the target to the goal, or that no sequence does.
pub fn optimum(p: &Puzzle) -> Answer {
    search(p).0
}

/// The optimum, and how many states the search visited to find it (for the benchmark).
pub fn search(p: &Puzzle) -> (Answer, usize) {
    // No search can hold more than `usize::MAX` states, so this budget is never exceeded.
    search_within(p, usize::MAX).unwrap_or_else(|too_large| unreachable!("{too_large}"))
}

/// The search gave up: the puzzle has more positions within reach than it may visit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// The budget, in positions.
    pub max_states: usize,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let max_states = self.max_states;
        write!(
            f,
            "more than {max_states} positions: too large for the reference"
        )
    }
}

/// As `search`, but gives up once it has seen more than `max_states` positions (so a found answer
/// visited at most that many), letting callers that run many random puzzles skip the few that are
/// too big for a plain BFS.
pub fn search_within(p: &Puzzle, max_states: usize) -> Result<(Answer, usize), TooLarge> {
    bfs(&p.rules(), &Ends::of_puzzle(p), max_states)
}

/// One shortest answer, as a program prints it, or `None` if the puzzle has none; searched within
/// `max_states` positions, as [`search_within`].
pub fn shortest_within(p: &Puzzle, max_states: usize) -> Result<Option<String>, TooLarge> {
    shortest_answer(&p.rules(), &Ends::of_puzzle(p), max_states)
}

/// How many states a plain BFS from the start first reaches at each depth, up to the layer where
/// the target first reaches its goal (all of them if it never does).
pub fn layer_sizes(p: &Puzzle) -> Vec<usize> {
    LayerWalk::new(p.rules(), Ends::of_puzzle(p), None).sizes_to_goal()
}

impl Layouts {
    /// The fewest moves from the start layout to the goal layout, or that no sequence of moves
    /// gets there.
    pub fn optimum(&self) -> Answer {
        self.search().0
    }

    /// The optimum, and how many states the search visited to find it (for the benchmark).
    pub fn search(&self) -> (Answer, usize) {
        let searched = self.search_within(usize::MAX);
        searched.unwrap_or_else(|too_large| unreachable!("{too_large}"))
    }

    /// As `search`, but gives up once it has seen more than `max_states` positions.
    pub fn search_within(&self, max_states: usize) -> Result<(Answer, usize), TooLarge> {
        bfs(&self.rules(), &Ends::of_layouts(self), max_states)
    }

    /// One shortest answer, as a program prints it, or `None` if the goal layout cannot be reached.
    pub fn shortest_within(&self, max_states: usize) -> Result<Option<String>, TooLarge> {
        shortest_answer(&self.rules(), &Ends::of_layouts(self), max_states)
    }

    /// How many states a plain BFS from the start first reaches at each depth, up to the layer
    /// that holds the goal layout (all of them if none does).
    pub fn layer_sizes(&self) -> Vec<usize> {
        LayerWalk::new(self.rules(), Ends::of_layouts(self), None).sizes_to_goal()
    }
}

/// Where a search starts and where it stops, and which blocks it treats as interchangeable.
#[derive(Clone)]
struct Ends {
    classes: Vec<Vec<usize>>,
    start: State,
    goal: Goal,
}

#[derive(Clone)]
enum Goal {
    /// `huarong`: the target block (an index into the blocks) with its corner at this cell.
    Corner { target: usize, cell: u8 },
    /// `huarong_goal`: this whole state, canonical as every state is.
    Layout(State),
}

impl Ends {
    fn of_puzzle(p: &Puzzle) -> Ends {
        let rules = p.rules();
        let classes = shape_classes(&rules, Some(p.target));
        let goal = Goal::Corner {
            target: p.target,
            cell: encode(&rules, p.goal),
        };
        Ends {
            start: start_state(&rules, &classes),
            classes,
            goal,
        }
    }

    fn of_layouts(l: &Layouts) -> Ends {
        let rules = l.rules();
        // No block is told apart: every block of a shape may stand on any of that shape's goal cells.
        let classes = shape_classes(&rules, None);
        let goal = l.goal.iter().map(|&at| encode(&rules, at)).collect();
        Ends {
            start: start_state(&rules, &classes),
            goal: Goal::Layout(canonical(&classes, goal)),
            classes,
        }
    }

    fn reached(&self, state: &[u8]) -> bool {
        match &self.goal {
            Goal::Corner { target, cell } => state.get(*target) == Some(cell),
            Goal::Layout(goal) => state == goal.as_slice(),
        }
    }
}

fn start_state(p: &Rules, classes: &[Vec<usize>]) -> State {
    canonical(classes, p.blocks.iter().map(|b| encode(p, b.at)).collect())
}

/// The plain BFS both searches are: the optimum and the states seen, or `TooLarge`.
fn bfs(p: &Rules, ends: &Ends, max_states: usize) -> Result<(Answer, usize), TooLarge> {
    let (found, seen) = walk(p, ends, max_states, None)?;
    Ok((found.map_or(Answer::Unsolvable, |(depth, _)| Answer::Moves(depth)), seen))
}

/// The BFS itself: the first state at the goal with its depth, and the states seen, or `TooLarge`.
/// Given `parents`, it notes there the state each new one was first reached from.
fn walk(
    p: &Rules,
    ends: &Ends,
    max_states: usize,
    mut parents: Option<&mut HashMap<State, State>>,
) -> Result<(Option<(u64, State)>, usize), TooLarge> {
    let classes = &ends.classes;
    let start = ends.start.clone();
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([(start, 0)]);
    while let Some((state, depth)) = queue.pop_front() {
        if seen.len() > max_states {
            return Err(TooLarge { max_states });
        }
        if ends.reached(&state) {
            return Ok((Some((depth, state)), seen.len()));
        }
        for next in successors(p, classes, &state) {
            if !seen.contains(&next) {
                seen.insert(next.clone());
                if let Some(parents) = parents.as_deref_mut() {
                    parents.insert(next.clone(), state.clone());
                }
                queue.push_back((next, depth + 1));
            }
        }
    }
    Ok((None, seen.len()))
}

/// One shortest answer as a program prints it (the count, then a move a line), `None` if there is
/// no way: what `-v` shows beside a wrong answer.
fn shortest_answer(p: &Rules, ends: &Ends, max_states: usize) -> Result<Option<String>, TooLarge> {
    let mut parents = HashMap::new();
    let Some((moves, goal)) = walk(p, ends, max_states, Some(&mut parents))?.0 else {
        return Ok(None);
    };
    let mut path = vec![goal];
    while let Some(parent) = path.last().and_then(|s| parents.get(s)) {
        path.push(parent.clone());
    }
    path.reverse();
    // States merge same-shape blocks, so each step is named by the move of a real block that
    // leads to the next state.
    let mut at: Vec<Pos> = p.blocks.iter().map(|b| b.at).collect();
    let mut answer = format!("{moves}\n");
    for next in &path[1..] {
        let state_after = |&(b, to): &(usize, Pos)| {
            let mut moved: State = at.iter().map(|&corner| encode(p, corner)).collect();
            moved[b] = encode(p, to);
            canonical(&ends.classes, moved) == *next
        };
        let found = moves_from(p, &at).into_iter().find(state_after);
        let (b, to) = found.expect("a state's parent is one move from it");
        let name = &p.blocks[b].name;
        answer += &format!("{name} {} {}\n", show(at[b]), show(to));
        at[b] = to;
    }
    Ok(Some(answer))
}

/// The most states a walk through layers holds: past it, the layers stop. A search that is right
/// stays well within it, since it goes no deeper than the optimum the checker found within its own
/// cap.
const MAX_WALKED: usize = 2_000_000;

/// A plain BFS, a layer at a time: as an iterator, each layer's size from depth 0, searched only
/// when asked for. With a mirror, a state and its mirror image count as one (the search of a
/// program that stores them as one).
pub struct LayerWalk<'a> {
    rules: Rules<'a>,
    ends: Ends,
    mirror: Option<Mirror>,
    seen: HashSet<State>,
    layer: Vec<State>,
    started: bool,
}

impl<'a> LayerWalk<'a> {
    fn new(rules: Rules<'a>, ends: Ends, mirror: Option<Mirror>) -> LayerWalk<'a> {
        let start = ends.start.clone();
        let mut walk = LayerWalk {
            rules,
            ends,
            mirror,
            seen: HashSet::new(),
            layer: Vec::new(),
            started: false,
        };
        walk.seen.insert(walk.key(&start));
        walk.layer.push(start);
        walk
    }

    /// Every way a program may count the positions from `ends`' start: as they are, and mirror
    /// images as one where the puzzle looks the same mirrored.
    fn ways(rules: Rules<'a>, ends: Ends) -> Vec<LayerWalk<'a>> {
        let mirror = Mirror::of(&rules, &ends);
        let mirrored = mirror.map(|m| LayerWalk::new(rules, ends.clone(), Some(m)));
        std::iter::once(LayerWalk::new(rules, ends, None)).chain(mirrored).collect()
    }

    fn key(&self, state: &State) -> State {
        match &self.mirror {
            Some(m) => m.image(&self.rules, &self.ends.classes, state).min(state.clone()),
            None => state.clone(),
        }
    }

    /// Whether the last layer holds a state at the goal.
    fn at_goal(&self) -> bool {
        self.layer.iter().any(|s| self.ends.reached(s))
    }

    /// Grows the next layer; its size, 0 once the states run out or past [`MAX_WALKED`].
    fn next_layer(&mut self) -> usize {
        if self.seen.len() > MAX_WALKED {
            self.layer.clear();
        }
        let mut next = Vec::new();
        for state in std::mem::take(&mut self.layer) {
            for moved in successors(&self.rules, &self.ends.classes, &state) {
                if self.seen.insert(self.key(&moved)) {
                    next.push(moved);
                }
            }
        }
        self.layer = next;
        self.layer.len()
    }

    /// The sizes of the layers through the first at the goal (all of them if none is).
    fn sizes_to_goal(mut self) -> Vec<usize> {
        let mut sizes = vec![1];
        while !self.at_goal() {
            match self.next_layer() {
                0 => break,
                size => sizes.push(size),
            }
        }
        sizes
    }
}

impl Iterator for LayerWalk<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if !std::mem::replace(&mut self.started, true) {
            return Some(1);
        }
        Some(self.next_layer()).filter(|&size| size > 0)
    }
}

/// Left-right mirror images of states, for a puzzle that looks the same mirrored: each shape's
/// mirror image is a shape with as many blocks, and the goal is its own mirror image. Mirroring a
/// state then maps moves to moves and the goal to itself, so both are equally far from anything.
struct Mirror {
    /// `class[k]`: the class whose shape class `k`'s shape becomes.
    class: Vec<usize>,
    /// `width[b]`: block `b`'s width.
    width: Vec<usize>,
}

impl Mirror {
    fn of(p: &Rules, ends: &Ends) -> Option<Mirror> {
        let width = |cells: &[Pos]| cells.iter().map(|&(_, c)| c + 1).max().unwrap_or(0);
        let reflect = |cells: &[Pos]| {
            let w = width(cells);
            let mut image: Vec<Pos> = cells.iter().map(|&(r, c)| (r, w - 1 - c)).collect();
            image.sort_unstable();
            image
        };
        let apart = match ends.goal {
            Goal::Corner { target, .. } => Some(target),
            Goal::Layout(_) => None,
        };
        let shape = |k: &Vec<usize>| &p.blocks[k[0]].cells;
        let mut class = Vec::new();
        for k in &ends.classes {
            let image = reflect(shape(k));
            let alone = apart.is_some_and(|t| k[0] == t);
            let twin = ends.classes.iter().position(|other| {
                let other_alone = apart.is_some_and(|t| other[0] == t);
                alone == other_alone && other.len() == k.len() && *shape(other) == image
            });
            class.push(twin?);
        }
        let width = p.blocks.iter().map(|b| width(&b.cells)).collect();
        let mirror = Mirror { class, width };
        let symmetric = match &ends.goal {
            Goal::Corner { target, cell } => mirror.cell(p, *target, *cell) == *cell,
            Goal::Layout(goal) => mirror.image(p, &ends.classes, goal) == *goal,
        };
        symmetric.then_some(mirror)
    }

    /// Where block `b`'s corner at `cell` goes in the mirror image.
    fn cell(&self, p: &Rules, b: usize, cell: u8) -> u8 {
        let (r, c) = decode(p, cell);
        encode(p, (r, p.cols - c - self.width[b]))
    }

    fn image(&self, p: &Rules, classes: &[Vec<usize>], state: &State) -> State {
        let mut image = state.clone();
        for (k, blocks) in classes.iter().enumerate() {
            let corners = blocks.iter().map(|&b| self.cell(p, b, state[b]));
            for (&b, corner) in classes[self.class[k]].iter().zip(corners) {
                image[b] = corner;
            }
        }
        canonical(classes, image)
    }
}

impl Puzzle {
    /// A plain BFS from the start, a layer at a time, once as states are and, if the puzzle looks
    /// the same mirrored, once with mirror images counted as one.
    pub fn layer_walks(&self) -> Vec<LayerWalk<'_>> {
        LayerWalk::ways(self.rules(), Ends::of_puzzle(self))
    }

    /// How many arrangements of the other blocks there are around the target at its goal (same-
    /// shape blocks interchangeable, reachable or not): the roots of a goal side. `None` when there
    /// are more than `limit`, or counting them would take more than `limit` placements per root.
    pub fn goal_arrangements(&self, limit: usize) -> Option<usize> {
        let rules = self.rules();
        let ends = Ends::of_puzzle(self);
        let mut free = vec![true; self.rows * self.cols];
        let target = &self.blocks[self.target];
        if !on_board(self.rows, self.cols, &target.cells, self.goal) {
            return Some(0);
        }
        place(&rules, &mut free, &target.cells, self.goal, true);
        let others: Vec<&Vec<usize>> = (ends.classes.iter()).filter(|k| k[0] != self.target).collect();
        let mut count = Arrangements {
            rules: &rules,
            found: 0,
            limit,
            budget: limit.saturating_mul(16),
        };
        count.place(&others, 0, 0, &mut free).then_some(count.found)
    }
}

impl Layouts {
    /// As [`Puzzle::layer_walks`], from the start layout.
    pub fn layer_walks(&self) -> Vec<LayerWalk<'_>> {
        LayerWalk::ways(self.rules(), Ends::of_layouts(self))
    }

    /// A plain BFS's layer sizes from the goal layout, to depth `depth`: what a goal side grows.
    pub fn goal_layer_sizes(&self, depth: usize) -> Vec<usize> {
        let mut ends = Ends::of_layouts(self);
        if let Goal::Layout(goal) = &ends.goal {
            ends.start = goal.clone();
        }
        LayerWalk::new(self.rules(), ends, None).take(depth.saturating_add(1)).collect()
    }
}

/// Marks the cells `cells` at `at` as taken (`taken`) or free again.
fn place(p: &Rules, free: &mut [bool], cells: &[Pos], at: Pos, taken: bool) {
    for &(dr, dc) in cells {
        free[(at.0 + dr) * p.cols + at.1 + dc] = !taken;
    }
}

/// A count of the ways to place shape classes on the free cells, each class's blocks at corners
/// in increasing order so that no arrangement comes twice.
struct Arrangements<'a> {
    rules: &'a Rules<'a>,
    found: usize,
    limit: usize,
    /// Placements left to try: a board of dead ends is bounded too.
    budget: usize,
}

impl Arrangements<'_> {
    /// Places block `i` of class `classes[0]` at a corner from `first` on, then the rest; false once
    /// past the limit or the budget.
    fn place(&mut self, classes: &[&Vec<usize>], i: usize, first: usize, free: &mut [bool]) -> bool {
        let Some(class) = classes.first() else {
            self.found += 1;
            return self.found <= self.limit;
        };
        if i == class.len() {
            return self.place(&classes[1..], 0, 0, free);
        }
        let p = self.rules;
        let cells = &p.blocks[class[i]].cells;
        for corner in first..p.rows * p.cols {
            let at = (corner / p.cols, corner % p.cols);
            let fits = on_board(p.rows, p.cols, cells, at)
                && cells.iter().all(|&(dr, dc)| free[(at.0 + dr) * p.cols + at.1 + dc]);
            if !fits {
                continue;
            }
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            place(p, free, cells, at, true);
            let within = self.place(classes, i + 1, corner + 1, free);
            place(p, free, cells, at, false);
            if !within {
                return false;
            }
        }
        true
    }
}

/// A search state: each block's corner as the cell index `r * cols + c` (below 64), one byte a
/// block, because boards beyond the classic reach millions of states.
type State = Vec<u8>;

fn encode(p: &Rules, (r, c): Pos) -> u8 {
    (r * p.cols + c) as u8
}

fn decode(p: &Rules, cell: u8) -> Pos {
    let cols = p.cols.max(1);
    (usize::from(cell) / cols, usize::from(cell) % cols)
}

/// Block indices grouped by shape, in increasing order. The target (`apart`) is alone in its group
/// even if another block shares its shape, since the goal tells it apart.
fn shape_classes(p: &Rules, apart: Option<usize>) -> Vec<Vec<usize>> {
    let mut classes: Vec<Vec<usize>> = Vec::new();
    for (i, block) in p.blocks.iter().enumerate() {
        let alike = |class: &&mut Vec<usize>| {
            class.first().is_some_and(|&j| {
                Some(i) != apart
                    && Some(j) != apart
                    && p.blocks.get(j).map(|b| &b.cells) == Some(&block.cells)
            })
        };
        match classes.iter_mut().find(alike) {
            Some(class) => class.push(i),
            None => classes.push(vec![i]),
        }
    }
    classes
}

/// `state` with the corners of each shape's blocks in increasing order. Swapping two blocks of one
/// shape changes no move and no goal, and without merging such states the classic layout has ~15
/// million of them instead of 25,955.
fn canonical(classes: &[Vec<usize>], mut state: State) -> State {
    for class in classes.iter().filter(|class| class.len() > 1) {
        let mut corners: Vec<u8> = class
            .iter()
            .filter_map(|&b| state.get(b).copied())
            .collect();
        corners.sort_unstable();
        for (&b, corner) in class.iter().zip(corners) {
            if let Some(slot) = state.get_mut(b) {
                *slot = corner;
            }
        }
    }
    state
}

/// Every state one move away.
fn successors(p: &Rules, classes: &[Vec<usize>], state: &[u8]) -> Vec<State> {
    let at: Vec<Pos> = state.iter().map(|&cell| decode(p, cell)).collect();
    let grid = occupancy(p, &at);
    let mut next = Vec::new();
    for (b, &from) in at.iter().enumerate() {
        for to in destinations(p, &grid, b, from) {
            let mut moved = state.to_vec();
            moved[b] = encode(p, to);
            next.push(canonical(classes, moved));
        }
    }
    next
}

fn occupancy(p: &Rules, at: &[Pos]) -> Grid {
    let mut grid = vec![None; p.rows * p.cols];
    for (b, (block, &(r, c))) in p.blocks.iter().zip(at).enumerate() {
        for &(dr, dc) in &block.cells {
            if let Some(cell) = grid.get_mut((r + dr) * p.cols + c + dc) {
                *cell = Some(b);
            }
        }
    }
    grid
}

/// Every position block `b` can reach from `from` in one move, never `from` itself.
fn destinations(p: &Rules, grid: &[Option<usize>], b: usize, from: Pos) -> Vec<Pos> {
    match p.metric {
        Metric::Steps => DIRECTIONS
            .iter()
            .filter_map(|&d| step(from, d))
            .filter(|&to| fits(p, grid, b, to))
            .collect(),
        Metric::Straight => DIRECTIONS
            .iter()
            .flat_map(|&d| slide(p, grid, b, from, d))
            .collect(),
        Metric::Moves => wander(p, grid, b, from),
    }
}

/// The positions one direction passes through until the block hits something.
fn slide(p: &Rules, grid: &[Option<usize>], b: usize, from: Pos, d: (isize, isize)) -> Vec<Pos> {
    let mut passed = Vec::new();
    let mut at = from;
    while let Some(next) = step(at, d).filter(|&n| fits(p, grid, b, n)) {
        passed.push(next);
        at = next;
    }
    passed
}

/// The positions a path of single steps can reach, searched depth-first.
fn wander(p: &Rules, grid: &[Option<usize>], b: usize, from: Pos) -> Vec<Pos> {
    let mut seen = vec![from];
    let mut todo = vec![from];
    while let Some(at) = todo.pop() {
        for next in DIRECTIONS.iter().filter_map(|&d| step(at, d)) {
            if !seen.contains(&next) && fits(p, grid, b, next) {
                seen.push(next);
                todo.push(next);
            }
        }
    }
    seen.into_iter().skip(1).collect()
}

/// Every move from the corners `at`: which block, and where its corner goes (random walks of the
/// stress generator take these).
pub fn moves_from(p: &Rules, at: &[Pos]) -> Vec<(usize, Pos)> {
    let grid = occupancy(p, at);
    let each = |(b, &from): (usize, &Pos)| {
        let to = destinations(p, &grid, b, from);
        to.into_iter().map(move |to| (b, to))
    };
    at.iter().enumerate().flat_map(each).collect()
}

fn step(at: Pos, (dr, dc): (isize, isize)) -> Option<Pos> {
    Some((at.0.checked_add_signed(dr)?, at.1.checked_add_signed(dc)?))
}

/// Whether block `b` at `at` lies on the board over cells that are empty or its own (a block may
/// move into the cells it is leaving).
fn fits(p: &Rules, grid: &[Option<usize>], b: usize, at: Pos) -> bool {
    let Some(block) = p.blocks.get(b) else {
        return false;
    };
    on_board(p.rows, p.cols, &block.cells, at)
        && block.cells.iter().all(|&(dr, dc)| {
            let cell = grid.get((at.0 + dr) * p.cols + at.1 + dc);
            cell.is_some_and(|owner| owner.unwrap_or(b) == b)
        })
}

/// What is wrong with an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wrong {
    /// The text is not an answer: empty, a count that is not one, or text after `unsolvable`.
    Unreadable(String),
    /// Move `step` (1-based) cannot be made, and why.
    Illegal { step: usize, why: String },
    /// Every move is legal, but the target does not end at its goal.
    NotAtGoal(String),
}

impl std::fmt::Display for Wrong {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Wrong::Unreadable(why) | Wrong::NotAtGoal(why) => f.write_str(why),
            Wrong::Illegal { step, why } => write!(f, "move {step}: {why}"),
        }
    }
}

/// Validates a program's answer and says what it claims, or names the first thing wrong with it.
/// Whether `unsolvable` is true is the caller's question: it needs the optimum.
pub fn replay(p: &Puzzle, output: &[u8]) -> Result<Answer, Wrong> {
    replay_on(&p.rules(), output, |at, k| check_goal(p, at, k))
}

impl Layouts {
    /// As `replay`, with the goal layout (up to swaps of same-shape blocks) for the goal.
    pub fn replay(&self, output: &[u8]) -> Result<Answer, Wrong> {
        replay_on(&self.rules(), output, |at, k| self.check_goal(at, k))
    }

    /// Whether blocks with their corners at `at` make the goal layout, up to swaps of same-shape
    /// blocks.
    pub fn solved(&self, at: &[Pos]) -> bool {
        self.unfilled(at).is_none()
    }

    /// The first block whose goal corner no block of its shape has in `at`, if one has not.
    fn unfilled(&self, at: &[Pos]) -> Option<usize> {
        for class in shape_classes(&self.rules(), None) {
            let mut corners: Vec<Pos> = class.iter().filter_map(|&b| at.get(b).copied()).collect();
            for &b in &class {
                match corners.iter().position(|&c| Some(&c) == self.goal.get(b)) {
                    Some(i) => {
                        corners.swap_remove(i);
                    }
                    None => return Some(b),
                }
            }
        }
        None
    }

    fn check_goal(&self, at: &[Pos], k: usize) -> Result<(), String> {
        let Some(b) = self.unfilled(at) else {
            return Ok(());
        };
        let (name, corner) = (&self.blocks[b].name, show(self.goal[b]));
        let missing = format!("no block of {name}'s shape has its corner at {corner}");
        Err(match k {
            0 => format!("says 0 moves, but the start is not the goal layout: {missing}"),
            _ => format!("after the last move the board is not the goal layout: {missing}"),
        })
    }
}

/// Replays `output` by `rules`; `check_goal(at, k)` says whether `k` moves that leave the blocks'
/// corners at `at` reach the goal.
fn replay_on(
    p: &Rules,
    output: &[u8],
    check_goal: impl Fn(&[Pos], usize) -> Result<(), String>,
) -> Result<Answer, Wrong> {
    let text = String::from_utf8_lossy(output);
    // Lazy lines, so that a flood of lines costs no memory; trailing blank lines do not count.
    let mut lines = text.trim_end().lines().map(str::trim);
    let unreadable = |why: String| Err(Wrong::Unreadable(why));
    let Some(first) = lines.next() else {
        return unreadable("empty output; expected the number of moves or `unsolvable`".into());
    };
    if first == "unsolvable" {
        return match lines.next() {
            None => Ok(Answer::Unsolvable),
            Some(extra) => unreadable(format!("output after `unsolvable`: {:?}", clip(extra))),
        };
    }
    let Some(k) = read_number(first) else {
        let why = format!(
            "first line {:?} is neither a number of moves nor `unsolvable`",
            clip(first)
        );
        return unreadable(why);
    };
    let listed = lines.clone().count();
    if listed != k {
        return unreadable(format!("says {k} moves but lists {listed}"));
    }
    let mut at: Vec<Pos> = p.blocks.iter().map(|b| b.at).collect();
    for (i, line) in lines.enumerate() {
        play(p, &mut at, line).map_err(|why| Wrong::Illegal { step: i + 1, why })?;
    }
    check_goal(&at, k).map_err(Wrong::NotAtGoal)?;
    Ok(Answer::Moves(k as u64))
}

/// Plays one `NAME (r1,c1) (r2,c2)` line on the block positions `at`.
pub fn apply(p: &Puzzle, at: &mut [Pos], line: &str) -> Result<(), String> {
    play(&p.rules(), at, line)
}

/// As `apply`, by any rules (a pair of layouts has them too).
pub fn play(p: &Rules, at: &mut [Pos], line: &str) -> Result<(), String> {
    let (name, from, to) = read_move(line).ok_or_else(|| {
        format!(
            "cannot read {:?}; expected NAME (r1,c1) (r2,c2)",
            clip(line)
        )
    })?;
    let b = p.blocks.iter().position(|block| block.name == name);
    let b = b.ok_or_else(|| format!("block {:?} does not exist", clip(name)))?;
    let now = *at
        .get(b)
        .ok_or("the block list and the positions disagree")?;
    if now != from {
        return Err(format!(
            "block {name} is at {}, not {}",
            show(now),
            show(from)
        ));
    }
    if to == from {
        return Err(format!("block {name} stays at {}: not a move", show(from)));
    }
    let grid = occupancy(p, at);
    if !destinations(p, &grid, b, from).contains(&to) {
        let cannot = format!("block {name} cannot reach {} from {}", show(to), show(from));
        // Where a free path leads there, the metric is what forbids it: name it.
        let any_path = Rules {
            metric: Metric::Moves,
            ..*p
        };
        let metric = match p.metric {
            Metric::Straight => "under `straight` a move goes one way",
            Metric::Steps => "under `steps` a move is one cell",
            Metric::Moves => return Err(cannot),
        };
        if destinations(&any_path, &grid, b, from).contains(&to) {
            return Err(format!("{cannot} in one move: {metric}"));
        }
        return Err(cannot);
    }
    if let Some(slot) = at.get_mut(b) {
        *slot = to;
    }
    Ok(())
}

/// `NAME (r1,c1) (r2,c2)`: a block's name, its corner before and after the move.
pub fn read_move(line: &str) -> Option<(&str, Pos, Pos)> {
    let mut tokens = line.split_whitespace();
    let (name, from, to) = (tokens.next()?, tokens.next()?, tokens.next()?);
    if tokens.next().is_some() {
        return None;
    }
    Some((name, read_corner(from)?, read_corner(to)?))
}

/// `(r,c)` exactly, without spaces.
fn read_corner(token: &str) -> Option<Pos> {
    let inside = token.strip_prefix('(')?.strip_suffix(')')?;
    let (r, c) = inside.split_once(',')?;
    Some((read_number(r)?, read_number(c)?))
}

fn check_goal(p: &Puzzle, at: &[Pos], k: usize) -> Result<(), String> {
    let (Some(target), Some(&end)) = (p.blocks.get(p.target), at.get(p.target)) else {
        return Err("the puzzle has no target".into());
    };
    if end == p.goal {
        return Ok(());
    }
    let (name, end, goal) = (&target.name, show(end), show(p.goal));
    Err(match k {
        0 => format!("says 0 moves, but the target {name} is at {end}, not {goal}"),
        _ => format!("after the last move the target {name} is at {end}, not {goal}"),
    })
}

fn show((r, c): Pos) -> String {
    format!("({r},{c})")
}

#[cfg(test)]
mod tests {
    use super::*;
    use Answer::{Moves, Unsolvable};
    use crate::puzzles::huarong::grid::from_grid;

    const SAMPLE: &str = "3 4\nA A C .\nA B C .\nB B . .\nB\n0 1\n";
    const CLASSIC: &str = "HAAI/HAAI/JBBK/JNOK/P@@Q";

    fn puzzle(input: &str) -> Puzzle {
        parse(input).unwrap_or_else(|e| panic!("{e}"))
    }

    fn with_metric(input: &str, metric: &str) -> Puzzle {
        puzzle(&format!("{input}{metric}\n"))
    }

    fn classic() -> String {
        from_grid(CLASSIC).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_sample_parses_into_blocks_at_their_corners_and_needs_two_moves() {
        let p = puzzle(SAMPLE);
        let names: Vec<&str> = p.blocks.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["A", "C", "B"]);
        let l_shape = &p.blocks[2];
        assert_eq!(l_shape.cells, [(0, 1), (1, 0), (1, 1)]);
        assert_eq!(l_shape.at, (1, 0));
        assert_eq!((p.target, p.goal, p.metric), (2, (0, 1), Metric::Moves));
        assert_eq!(optimum(&p), Moves(2));
    }

    #[test]
    fn the_classic_needs_81_moves() {
        assert_eq!(optimum(&puzzle(&classic())), Moves(81));
    }

    #[test]
    fn the_classic_needs_90_straight_moves() {
        assert_eq!(optimum(&with_metric(&classic(), "straight")), Moves(90));
    }

    #[test]
    fn the_classic_needs_116_steps() {
        assert_eq!(optimum(&with_metric(&classic(), "steps")), Moves(116));
    }

    #[test]
    fn the_metrics_differ_on_turns_and_distance() {
        let corner = "2 2\nA .\n. .\nA\n1 1\n";
        let optima = ["", "straight", "steps"].map(|m| optimum(&with_metric(corner, m)));
        assert_eq!(optima, [Moves(1), Moves(2), Moves(2)]);
        let corridor = "1 3\nA . .\nA\n0 2\n";
        let optima = ["", "straight", "steps"].map(|m| optimum(&with_metric(corridor, m)));
        assert_eq!(optima, [Moves(1), Moves(1), Moves(2)]);
        assert_eq!(optimum(&puzzle("1 2\nA .\nA\n0 0\n")), Moves(0));
    }

    #[test]
    fn an_explicit_moves_line_is_the_default_metric() {
        let corner = "2 2\nA .\n. .\nA\n1 1\n";
        assert_eq!(with_metric(corner, "moves"), puzzle(corner));
        assert_eq!(optimum(&with_metric(corner, "moves")), Moves(1));
    }

    #[test]
    fn a_full_board_is_solved_already_or_never() {
        for metric in ["", "moves", "straight", "steps"] {
            let solved = with_metric("2 2\nA B\nC D\nA\n0 0\n", metric);
            assert_eq!(search(&solved), (Moves(0), 1), "{metric}");
            let stuck = with_metric("2 3\nA A B\nC D D\nD\n0 0\n", metric);
            assert_eq!(search(&stuck), (Unsolvable, 1), "{metric}");
        }
    }

    #[test]
    fn a_search_within_budget_finds_what_search_finds() {
        // The sample's target meets its goal after the search has seen `seen` positions.
        let sample = puzzle(SAMPLE);
        let (two, seen) = search(&sample);
        assert_eq!(two, Moves(2));
        assert_eq!(search_within(&sample, seen), Ok((Moves(2), seen)));
        let short = seen - 1;
        let over = Err(TooLarge { max_states: short });
        assert_eq!(search_within(&sample, short), over);
        // A's corner at 0 or 1, B's at 1 or 2, never both at 1: three positions, none solved.
        let stuck = puzzle("1 3\nA . B\nA\n0 2\n");
        assert_eq!(search_within(&stuck, 3), Ok((Unsolvable, 3)));
        assert_eq!(search_within(&stuck, 2), Err(TooLarge { max_states: 2 }));
        let message = "more than 2 positions: too large for the reference";
        assert_eq!(TooLarge { max_states: 2 }.to_string(), message);
        assert!(search_within(&puzzle(&classic()), 1000).is_err());
    }

    #[test]
    fn puzzles_that_fooled_a_solution_have_these_optima() {
        // Each of these once fooled a solution; in most, the corner of a block's bounding box is
        // empty or another block's cell.
        let cases = [
            ("2 2\nA B\nB .\nB\n0 0\n", Moves(0)),
            ("2 4\n. A B .\n. B B C\nC\n1 2\n", Moves(3)),
            ("3 2\n. A\n. B\nB .\nB\n0 0\n", Moves(2)),
            ("2 3\n. A B\n. B B\nB\n0 0\nsteps\n", Moves(2)),
            ("2 3\nA B .\nB A .\nB\n0 1\n", Unsolvable),
            ("2 3\nA . B\nC B .\nB\n0 0\n", Unsolvable),
            ("3 4\n. . A A\n. . B B\n. B . C\nA\n1 2\n", Unsolvable),
            ("3 2\nd d\nZ Z\n. D\nD\n2 0\nsteps\n", Moves(1)),
            ("3 3\nA A D\n. . B\n. B D\nB\n1 0\n", Moves(1)),
        ];
        for (input, expected) in cases {
            assert_eq!(optimum(&puzzle(input)), expected, "{input}");
        }
    }

    #[test]
    fn the_target_is_never_confused_with_a_block_of_its_shape() {
        // Merging A with B would make "A at (1,1), B at (0,1)", seen after one move, look solved.
        assert_eq!(optimum(&puzzle("2 2\nA B\n. .\nA\n0 1\n")), Moves(2));
    }

    #[test]
    fn an_l_shaped_target_waits_for_the_block_in_its_way() {
        // X must leave the goal's corner; then L goes down and right, one move or two.
        let input = "3 3\nL . .\nL L .\n. . X\nL\n1 1\n";
        let p = puzzle(input);
        assert_eq!(p.blocks[0].cells, [(0, 0), (1, 0), (1, 1)]);
        let optima = ["", "straight", "steps"].map(|m| optimum(&with_metric(input, m)));
        assert_eq!(optima, [Moves(2), Moves(3), Moves(3)]);
    }

    #[test]
    fn boards_that_cannot_be_solved_say_none() {
        assert_eq!(optimum(&puzzle("1 3\nA . B\nA\n0 2\n")), Unsolvable);
        let no_way_out = from_grid("HAAI/HAAI/JKNL/JKOL/P@@Q").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(optimum(&puzzle(&no_way_out)), Unsolvable);
    }

    #[test]
    fn names_may_be_long_and_empty_cells_any_run_of_dots() {
        let p = puzzle("2 3\nA1 A1 ...\n. B22 .\n\nB22\n0 2\nsteps\n\n");
        assert_eq!(p.blocks.len(), 2);
        assert_eq!((p.blocks[1].name.as_str(), p.target), ("B22", 1));
        assert_eq!(p.metric, Metric::Steps);
        assert_eq!(optimum(&p), Moves(2));
    }

    #[test]
    fn malformed_inputs_name_their_line() {
        let cases = [
            ("", "the input ends before the size `m n`"),
            ("3 x\n", "line 1: expected `m n`, found \"3 x\""),
            ("9 8\n", "line 1: a 9×8 board; need 1 ≤ m, n and m·n ≤ 64"),
            ("0 3\n", "line 1: a 0×3 board; need 1 ≤ m, n and m·n ≤ 64"),
            ("1 2\nA . B\n", "line 2: expected 2 cells, found 3"),
            ("1 2\nA .\n", "the input ends before the target's name"),
            (
                "1 2\nA .\nZ\n0 0\n",
                "line 3: target block \"Z\" is not on the board",
            ),
            (
                "1 3\nA B .\nA B\n0 0\n",
                "line 3: expected one target name, found \"A B\"",
            ),
            ("1 2\nA .\nA\n0\n", "line 4: expected `r c`, found \"0\""),
            (
                "1 2\nA .\nA\n0 2\n",
                "line 4: the target A does not fit on the board at (0,2)",
            ),
            (
                "1 2\nA .\nA\n0 1\nfly\n",
                "line 5: unknown metric \"fly\"; expected moves, steps or straight (no line: moves)",
            ),
            (
                "1 2\nA .\nA\n0 0\nsteps\nx\n",
                "line 6: unexpected \"x\" after the last line",
            ),
        ];
        for (input, error) in cases {
            assert_eq!(parse(input), Err(error.to_string()), "{input:?}");
        }
        let huge = "1 2\nA .\nA\n18446744073709551615 18446744073709551615\n";
        assert!(parse(huge).is_err_and(|e| e.contains("does not fit")));
    }

    fn replayed(input: &str, output: &str) -> Result<Answer, String> {
        replay(&puzzle(input), output.as_bytes()).map_err(|wrong| wrong.to_string())
    }

    #[test]
    fn valid_answers_replay_to_their_claim() {
        let sample = "2\nC (0,2) (1,3)\nB (1,0) (0,1)\n\n  \n";
        assert_eq!(replayed(SAMPLE, sample), Ok(Answer::Moves(2)));
        assert_eq!(replayed(SAMPLE, "unsolvable\n"), Ok(Answer::Unsolvable));
        assert_eq!(replayed("1 2\nA .\nA\n0 0\n", "0\n"), Ok(Answer::Moves(0)));
    }

    /// Asserts that replaying `output` on the sample fails for `reason`.
    fn rejected(output: &str, reason: &str) {
        let found = replayed(SAMPLE, output);
        assert_eq!(found, Err(reason.to_string()), "{output:?}");
    }

    #[test]
    fn unreadable_answers_say_what_was_expected() {
        rejected(
            "",
            "empty output; expected the number of moves or `unsolvable`",
        );
        let two = "first line \"two\" is neither a number of moves nor `unsolvable`";
        rejected("two\n", two);
        rejected("unsolvable\n0\n", "output after `unsolvable`: \"0\"");
        rejected(
            "3\nC (0,2) (1,3)\nB (1,0) (0,1)\n",
            "says 3 moves but lists 2",
        );
        rejected(
            "1\nC (0,2) (1,3)\nB (1,0) (0,1)\n",
            "says 1 moves but lists 2",
        );
        let cut = "move 2: cannot read \"B (1,0) (0,1\"; expected NAME (r1,c1) (r2,c2)";
        rejected("2\nC (0,2) (1,3)\nB (1,0) (0,1\n", cut);
        let extra = "move 1: cannot read \"C (0,2) (1,3) x\"; expected NAME (r1,c1) (r2,c2)";
        rejected("2\nC (0,2) (1,3) x\nB (1,0) (0,1)\n", extra);
        let far = "1\nC (0,2) (99999999999999999999,0)\n";
        assert!(replayed(SAMPLE, far).is_err_and(|e| e.contains("cannot read")));
    }

    #[test]
    fn illegal_moves_name_the_move_and_the_reason() {
        let then_b = "B (1,0) (0,1)\n";
        rejected(
            &format!("2\nQ (0,2) (1,3)\n{then_b}"),
            "move 1: block \"Q\" does not exist",
        );
        let elsewhere = "move 1: block C is at (0,2), not (0,3)";
        rejected(&format!("2\nC (0,3) (1,3)\n{then_b}"), elsewhere);
        let stays = "move 1: block C stays at (0,2): not a move";
        rejected(&format!("2\nC (0,2) (0,2)\n{then_b}"), stays);
        let blocked = "move 1: block B cannot reach (0,1) from (1,0)";
        rejected("2\nB (1,0) (0,1)\nC (0,2) (1,3)\n", blocked);
        let short = "after the last move the target B is at (1,0), not (0,1)";
        rejected("1\nC (0,2) (1,3)\n", short);
        rejected(
            "0\n",
            "says 0 moves, but the target B is at (1,0), not (0,1)",
        );
    }

    #[test]
    fn one_move_means_what_the_metric_says() {
        let corner = "2 2\nA .\n. .\nA\n1 1\n";
        let diagonal = "1\nA (0,0) (1,1)\n";
        assert_eq!(replayed(corner, diagonal), Ok(Answer::Moves(1)));
        let not_straight = "move 1: block A cannot reach (1,1) from (0,0) in one move: under \
                            `straight` a move goes one way"
            .to_string();
        assert_eq!(
            replayed(&format!("{corner}straight\n"), diagonal),
            Err(not_straight)
        );
        let corridor = "1 3\nA . .\nA\n0 2\n";
        let slide = "1\nA (0,0) (0,2)\n";
        assert_eq!(
            replayed(&format!("{corridor}straight\n"), slide),
            Ok(Answer::Moves(1))
        );
        let too_far = "move 1: block A cannot reach (0,2) from (0,0) in one move: under `steps` a \
                       move is one cell"
            .to_string();
        assert_eq!(replayed(&format!("{corridor}steps\n"), slide), Err(too_far));
        // Where no free path leads, the metric is not named: it is not the reason.
        let walled = "1 3\nA B .\nA\n0 2\nsteps\n";
        let through = "move 1: block A cannot reach (0,2) from (0,0)".to_string();
        assert_eq!(replayed(walled, slide), Err(through));
    }

    fn layouts(input: &str) -> Layouts {
        parse_layouts(input).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn two_layouts_parse_into_blocks_and_their_partners_by_shape() {
        // The goal names its blocks otherwise: the singles are matched in reading order.
        let l = layouts("2 3\nA B .\nC C .\n\n. y x\n. z z\nsteps\n");
        let names: Vec<&str> = l.blocks.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["A", "B", "C"]);
        assert_eq!(l.goal, [(0, 1), (0, 2), (1, 1)]);
        assert_eq!(l.metric, Metric::Steps);
        assert_eq!(l.optimum(), Moves(3), "C right, then B and A");
        assert_eq!(layouts("2 3\nA B .\nC C .\n. y x\n. z z\n").optimum(), Moves(3));
    }

    #[test]
    fn a_goal_that_swaps_same_shape_blocks_is_reached_already() {
        assert_eq!(layouts("1 3\nA B .\nB A .\n").search(), (Moves(0), 1));
        let mirror = "5 4\nH A A I\nH A A I\nJ B B K\nJ N O K\nP . . Q\n\
                      I A A H\nI A A H\nK B B J\nK O N J\nQ . . P\n";
        assert_eq!(layouts(mirror).optimum(), Moves(0));
        assert_eq!(layouts("2 2\nA B\nC D\nD C\nB A\n").optimum(), Moves(0));
        assert_eq!(layouts("2 2\nA A\nC D\nC D\nA A\n").optimum(), Unsolvable);
    }

    #[test]
    fn layouts_answers_replay_to_the_goal_layout_up_to_swaps() {
        let l = layouts("1 3\nA B .\n. B A\n");
        let two = "2\nB (0,1) (0,2)\nA (0,0) (0,1)\n";
        let replayed = |output: &str| l.replay(output.as_bytes()).map_err(|w| w.to_string());
        assert_eq!(replayed(two), Ok(Answer::Moves(2)));
        assert_eq!(replayed("unsolvable\n"), Ok(Answer::Unsolvable));
        let short = "after the last move the board is not the goal layout: no block of A's shape \
                     has its corner at (0,1)";
        assert_eq!(replayed("1\nB (0,1) (0,2)\n"), Err(short.to_string()));
        let zero = "says 0 moves, but the start is not the goal layout: no block of B's shape has \
                    its corner at (0,2)";
        assert_eq!(replayed("0\n"), Err(zero.to_string()));
        let illegal = "move 1: block A cannot reach (0,1) from (0,0)";
        assert_eq!(replayed("1\nA (0,0) (0,1)\n"), Err(illegal.to_string()));
        assert!(l.solved(&[(0, 1), (0, 2)]) && !l.solved(&[(0, 0), (0, 2)]));
    }

    #[test]
    fn layouts_that_do_not_pair_up_name_the_block_or_the_line() {
        let cases = [
            ("1 2\nA .\n", "the input ends before the goal layout's last row"),
            ("1 2\nA .\nA A\n", "the goal layout's block \"A\" with its corner at (0,0) has no block of its shape left in the start layout"),
            ("1 3\nA B .\nC . .\n", "block \"B\" has no block of its shape left in the goal layout"),
            ("1 2\nA .\n. A\nfly\n", "line 4: unknown metric \"fly\"; expected moves, steps or straight (no line: moves)"),
            ("1 2\nA .\n. A\nsteps\nx\n", "line 5: unexpected \"x\" after the last line"),
            ("1 2\nA .\n. A .\n", "line 3: expected 2 cells, found 3"),
        ];
        for (input, error) in cases {
            assert_eq!(parse_layouts(input), Err(error.to_string()), "{input:?}");
        }
    }

    #[test]
    fn moves_from_lists_every_block_and_destination() {
        let l = layouts("1 3\nA . B\nA . B\n");
        let at: Vec<Pos> = l.blocks.iter().map(|b| b.at).collect();
        assert_eq!(moves_from(&l.rules(), &at), [(0, (0, 1)), (1, (0, 1))]);
    }
}
