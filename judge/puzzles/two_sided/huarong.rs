//! The coach's plain walks of a Huarong board, a layer at a time: from the start (with mirror
//! images counted as one, where the puzzle looks the same mirrored), from the goal layout, and the
//! goal side's roots (every arrangement around the target at its goal). Built on the reference's
//! search, which they leave plain: it is the answer key.

use super::{Goal, Layers, Plain};
use crate::model::lesson::BALANCE;
use crate::puzzles::huarong::reference::search::{
    self, canonical, decode, encode, successors, Ends, State,
};
use crate::puzzles::huarong::reference::{on_board, Input, Layouts, Pos, Puzzle, Rules};
use crate::puzzles::walk::LayerWalk;

/// The most states a walk through layers holds: past it, the layers stop. A search that is right
/// stays well within it, since it goes no deeper than the optimum the checker found within its own
/// cap.
const MAX_WALKED: usize = 2_000_000;

/// A plain BFS from `ends`' start, a layer at a time, stopped past [`MAX_WALKED`] states. With a
/// mirror, a state and its mirror image count as one (the search of a program that stores them as
/// one): the walk holds the smaller of the two, whose moves lead to the same pairs as the other's.
fn walk<'a>(rules: Rules<'a>, ends: &Ends, mirror: Option<Mirror>) -> LayerWalk<'a, State> {
    let classes = ends.classes.clone();
    let key = move |state: State| match &mirror {
        Some(m) => m.image(&rules, &classes, &state).min(state),
        None => state,
    };
    let start = key(ends.start.clone());
    let classes = ends.classes.clone();
    let moves = move |state: &State| {
        let next = successors(&rules, &classes, state);
        next.into_iter().map(&key).collect()
    };
    LayerWalk::new(start, moves, MAX_WALKED)
}

/// Every way a program may count the positions from `ends`' start: as they are, and mirror images
/// as one where the puzzle looks the same mirrored.
fn ways<'a>(rules: Rules<'a>, ends: &Ends) -> Vec<Layers<'a>> {
    let mirrored = Mirror::of(&rules, ends).map(|m| Box::new(walk(rules, ends, Some(m))) as _);
    let plain: Layers = Box::new(walk(rules, ends, None));
    std::iter::once(plain).chain(mirrored).collect()
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
            search::Goal::Corner { target, .. } => Some(target),
            search::Goal::Layout(_) => None,
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
            search::Goal::Corner { target, cell } => mirror.cell(p, *target, *cell) == *cell,
            search::Goal::Layout(goal) => mirror.image(p, &ends.classes, goal) == *goal,
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

/// How many states a plain BFS from `input`'s start first reaches at each depth, up to the layer
/// at its goal (the target at its corner, or the goal layout; all of them if none is).
pub fn layer_sizes(input: &impl Input) -> Vec<usize> {
    let ends = input.ends();
    walk(input.rules(), &ends, None).sizes_to(|state| ends.reached(state))
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
    /// Places block `i` of class `classes[0]` at a corner from `first` on, then the rest; false
    /// once past the limit or the budget.
    fn place(
        &mut self,
        classes: &[&Vec<usize>],
        i: usize,
        first: usize,
        free: &mut [bool],
    ) -> bool {
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
                && cells
                    .iter()
                    .all(|&(dr, dc)| free[(at.0 + dr) * p.cols + at.1 + dc]);
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

/// The plain searches of a Huarong board, as the coach compares a trace with them: the start's
/// layers, and the goal side's roots, every arrangement with the target at its goal.
impl Plain for Puzzle {
    /// A plain BFS from the start, a layer at a time, once as states are and, if the puzzle looks
    /// the same mirrored, once with mirror images counted as one.
    fn start_ways(&self, _case: usize) -> Result<Vec<Layers<'_>>, String> {
        Ok(ways(self.rules(), &self.ends()))
    }

    /// How many arrangements of the other blocks there are around the target at its goal (same-
    /// shape blocks interchangeable, reachable or not): the roots of a goal side. `None` when there
    /// are more than `widest` / [`BALANCE`] + 1, or counting them would take more than that many
    /// placements per root.
    fn goal(&self, _depth: usize, widest: usize) -> Result<Goal, String> {
        let limit = widest / BALANCE + 1;
        let rules = self.rules();
        let ends = self.ends();
        let mut free = vec![true; self.rows * self.cols];
        let target = &self.blocks[self.target];
        if !on_board(self.rows, self.cols, &target.cells, self.goal) {
            return Ok(Goal::Many(Some(0)));
        }
        place(&rules, &mut free, &target.cells, self.goal, true);
        let others: Vec<&Vec<usize>> = (ends.classes.iter())
            .filter(|k| k[0] != self.target)
            .collect();
        let mut count = Arrangements {
            rules: &rules,
            found: 0,
            limit,
            budget: limit.saturating_mul(16),
        };
        let within = count.place(&others, 0, 0, &mut free);
        Ok(Goal::Many(within.then_some(count.found)))
    }
}

/// The plain searches of a pair of layouts, as the coach compares a trace with them: from the start
/// layout, and from the goal layout.
impl Plain for Layouts {
    fn start_ways(&self, _case: usize) -> Result<Vec<Layers<'_>>, String> {
        Ok(ways(self.rules(), &self.ends()))
    }

    /// A plain BFS's layer sizes from the goal layout, to depth `depth`: what a goal side grows.
    fn goal(&self, depth: usize, _widest: usize) -> Result<Goal, String> {
        let mut ends = self.ends();
        if let search::Goal::Layout(goal) = &ends.goal {
            ends.start = goal.clone();
        }
        let layers = walk(self.rules(), &ends, None).take(depth.saturating_add(1));
        Ok(Goal::One(layers.collect()))
    }
}
