//! The plain BFS that finds a Huarong optimum: positions with same-shape blocks merged, every move
//! of the metric from each, searched breadth-first from the start until the goal (the target's
//! corner, or the whole goal layout), within a budget of positions.

use super::{on_board, show, Answer, Input, Metric, Pos, Rules};
use std::collections::{HashMap, HashSet, VecDeque};

/// Which block covers each cell, row-major.
type Grid = Vec<Option<usize>>;

/// Up, down, left, right.
pub(crate) const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The fewest moves that reach the goal, or that no sequence does.
pub fn optimum(p: &impl Input) -> Answer {
    search(p).0
}

/// The optimum, and how many states the search visited to find it (for the benchmark).
pub fn search(p: &impl Input) -> (Answer, usize) {
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
pub fn search_within(p: &impl Input, max_states: usize) -> Result<(Answer, usize), TooLarge> {
    let (found, seen) = walk(&p.rules(), &p.ends(), max_states, None)?;
    let answer = found.map_or(Answer::Unsolvable, |(depth, _)| Answer::Moves(depth));
    Ok((answer, seen))
}

/// Where a search starts and where it stops, and which blocks it treats as interchangeable.
#[derive(Clone)]
pub struct Ends {
    pub(crate) classes: Vec<Vec<usize>>,
    pub(crate) start: State,
    pub(crate) goal: Goal,
}

#[derive(Clone)]
pub(crate) enum Goal {
    /// `huarong`: the target block (an index into the blocks) with its corner at this cell.
    Corner { target: usize, cell: u8 },
    /// `huarong_goal`: this whole state, canonical as every state is.
    Layout(State),
}

impl Ends {
    pub(crate) fn reached(&self, state: &[u8]) -> bool {
        match &self.goal {
            Goal::Corner { target, cell } => state.get(*target) == Some(cell),
            Goal::Layout(goal) => state == goal.as_slice(),
        }
    }
}

pub(crate) fn start_state(p: &Rules, classes: &[Vec<usize>]) -> State {
    canonical(classes, p.blocks.iter().map(|b| encode(p, b.at)).collect())
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
/// no way: what `-v` shows beside a wrong answer. Searched within `max_states` positions, as
/// [`search_within`].
pub fn shortest_within(p: &impl Input, max_states: usize) -> Result<Option<String>, TooLarge> {
    let (rules, ends) = (&p.rules(), p.ends());
    let mut parents = HashMap::new();
    let Some((moves, goal)) = walk(rules, &ends, max_states, Some(&mut parents))?.0 else {
        return Ok(None);
    };
    let mut path = vec![goal];
    while let Some(parent) = path.last().and_then(|s| parents.get(s)) {
        path.push(parent.clone());
    }
    path.reverse();
    // States merge same-shape blocks, so each step is named by the move of a real block that
    // leads to the next state.
    let mut at: Vec<Pos> = rules.blocks.iter().map(|b| b.at).collect();
    let mut answer = format!("{moves}\n");
    for next in &path[1..] {
        let state_after = |&(b, to): &(usize, Pos)| {
            let mut moved: State = at.iter().map(|&corner| encode(rules, corner)).collect();
            moved[b] = encode(rules, to);
            canonical(&ends.classes, moved) == *next
        };
        let found = moves_from(rules, &at).into_iter().find(state_after);
        let (b, to) = found.expect("a state's parent is one move from it");
        let name = &rules.blocks[b].name;
        answer += &format!("{name} {} {}\n", show(at[b]), show(to));
        at[b] = to;
    }
    Ok(Some(answer))
}

/// A search state: each block's corner as the cell index `r * cols + c` (below 64), one byte a
/// block, because boards beyond the classic reach millions of states.
pub(crate) type State = Vec<u8>;

pub(crate) fn encode(p: &Rules, (r, c): Pos) -> u8 {
    (r * p.cols + c) as u8
}

pub(crate) fn decode(p: &Rules, cell: u8) -> Pos {
    let cols = p.cols.max(1);
    (usize::from(cell) / cols, usize::from(cell) % cols)
}

/// Block indices grouped by shape, in increasing order. The target (`apart`) is alone in its group
/// even if another block shares its shape, since the goal tells it apart.
pub(crate) fn shape_classes(p: &Rules, apart: Option<usize>) -> Vec<Vec<usize>> {
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
pub(crate) fn canonical(classes: &[Vec<usize>], mut state: State) -> State {
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
pub(crate) fn successors(p: &Rules, classes: &[Vec<usize>], state: &[u8]) -> Vec<State> {
    let at: Vec<Pos> = state.iter().map(|&cell| decode(p, cell)).collect();
    let moved = |(b, to): (usize, Pos)| {
        let mut next = state.to_vec();
        next[b] = encode(p, to);
        canonical(classes, next)
    };
    moves_from(p, &at).into_iter().map(moved).collect()
}

pub(crate) fn occupancy(p: &Rules, at: &[Pos]) -> Grid {
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
pub(crate) fn destinations(p: &Rules, grid: &[Option<usize>], b: usize, from: Pos) -> Vec<Pos> {
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

/// The cell one step from `at` in direction `(dr, dc)`, unless that is off the top or left edge.
pub(crate) fn step(at: Pos, (dr, dc): (isize, isize)) -> Option<Pos> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::huarong::grid::from_grid;
    use crate::puzzles::huarong::reference::testing::{layouts, puzzle, SAMPLE};
    use Answer::{Moves, Unsolvable};

    const CLASSIC: &str = "HAAI/HAAI/JBBK/JNOK/P@@Q";

    fn with_metric(input: &str, metric: &str) -> crate::puzzles::huarong::reference::Puzzle {
        puzzle(&format!("{input}{metric}\n"))
    }

    fn classic() -> String {
        from_grid(CLASSIC).unwrap_or_else(|e| panic!("{e}"))
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
    fn a_goal_that_swaps_same_shape_blocks_is_reached_already() {
        assert_eq!(search(&layouts("1 3\nA B .\nB A .\n")), (Moves(0), 1));
        let mirror = "5 4\nH A A I\nH A A I\nJ B B K\nJ N O K\nP . . Q\n\
                      I A A H\nI A A H\nK B B J\nK O N J\nQ . . P\n";
        assert_eq!(optimum(&layouts(mirror)), Moves(0));
        assert_eq!(optimum(&layouts("2 2\nA B\nC D\nD C\nB A\n")), Moves(0));
        assert_eq!(optimum(&layouts("2 2\nA A\nC D\nC D\nA A\n")), Unsolvable);
    }

    #[test]
    fn moves_from_lists_every_block_and_destination() {
        let l = layouts("1 3\nA . B\nA . B\n");
        let at: Vec<Pos> = l.blocks.iter().map(|b| b.at).collect();
        assert_eq!(moves_from(&l.rules(), &at), [(0, (0, 1)), (1, (0, 1))]);
    }
}
