//! The coach's claims as generated tests: seeded Eight boards (and inputs of several boards, one
//! goal side kept from case to case as Eight's solution keeps it), each searched by a simulated
//! search that is right or wrong in one known way, its trace written in the `BFS_TRACE=1` format and
//! read back; the coach must say "holds" of the right ones and name each wrong one's fault. The
//! searches here are this file's own: plain maps and queues, sharing nothing with the solution or
//! the check.

use super::{assess, Goal, Layers, Plain};
use crate::formats::trace::parse;
use crate::model::lesson::{Lapse, Lesson, Shown, BALANCE};
use crate::model::trace::Side;
use crate::puzzles::eight::reference::{apply, walk, Board, Distances, GOAL};
use crate::puzzles::rng::Rng;
use std::collections::{HashMap, VecDeque};
use std::sync::OnceLock;

/// How a simulated search chooses, grows and stops.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Search {
    /// Grows the smaller frontier, ties to the start side.
    Smaller,
    /// Eight's rule: the goal side when its frontier is smaller than the start side's plus the
    /// start side's work since the goal side last grew.
    Weighted,
    /// Only the start side ever grows.
    OneSided,
    /// One layer each, then always the larger frontier.
    LargerFirst,
    /// As `Smaller`, but the start side's layer `depth` keeps only half of its positions.
    StopsMidLayer { depth: usize },
    /// One position at a time from each side in turn, stopping at the first position both have
    /// seen, partial layers included.
    MeetsEarly,
    /// A layer of each side in turn, start first in each case, whatever their frontiers.
    Alternating,
}

/// What a simulated search printed and what it knows it did wrong.
struct Simulated {
    trace: String,
    /// Its own account of its fault, `None` if it did nothing wrong on this board.
    fault: Option<Fault>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Fault {
    OneSided,
    /// Grew `side` from a frontier more than [`BALANCE`] times the other's.
    Lopsided(Side),
    /// Printed a layer of `side` at `depth` smaller than the layer it reached.
    CutLayer(Side, usize),
    /// Met at more moves than one past the layers it had completed.
    Late,
    /// Beside a goal side kept from an earlier case, grew `side` from a frontier more than
    /// [`BALANCE`] times the other's (plus, for the goal side, the start side's work since the goal
    /// side last grew).
    Kept(Side),
}

fn neighbours(board: &Board) -> impl Iterator<Item = Board> + '_ {
    b"udlr".iter().filter_map(move |&m| apply(board, m))
}

/// One side of a layered search: how far each position is, and the last layer.
struct Side1 {
    far: HashMap<Board, usize>,
    frontier: Vec<Board>,
    depth: usize,
}

impl Side1 {
    fn new(root: Board) -> Side1 {
        Side1 {
            far: HashMap::from([(root, 0)]),
            frontier: vec![root],
            depth: 0,
        }
    }
}

/// A layered two-sided search from `start` to [`GOAL`] as `search` runs it.
fn layered(start: Board, search: Search) -> Simulated {
    let mut sides = [Side1::new(start), Side1::new(GOAL)];
    let (mut trace, mut fault, mut turns, mut work) = (String::new(), None, 0, 1);
    if start == GOAL {
        trace.push_str("met at 0 moves (start 0 + goal 0)\n");
        return Simulated { trace, fault };
    }
    loop {
        let (s, g) = (sides[0].frontier.len(), sides[1].frontier.len());
        let grow = match search {
            Search::Smaller | Search::StopsMidLayer { .. } | Search::MeetsEarly => {
                usize::from(g < s)
            }
            Search::Weighted => usize::from(g < s + work),
            Search::OneSided => 0,
            Search::Alternating => turns % 2,
            Search::LargerFirst if turns < 2 => turns,
            Search::LargerFirst => usize::from(g > s),
        };
        turns += 1;
        let (mine, theirs) = if grow == 0 { (s, g) } else { (g, s) };
        if search == Search::OneSided && mine > theirs {
            fault = Some(Fault::OneSided); // a two-sided search would have grown the goal here
        } else if mine > BALANCE * theirs && fault.is_none() {
            fault = Some(Fault::Lopsided(side_of(grow)));
        }
        let (me, them) = match grow {
            0 => {
                let [a, b] = &mut sides;
                (a, &*b)
            }
            _ => {
                let [a, b] = &mut sides;
                (b, &*a)
            }
        };
        let mut next = Vec::new();
        let mut met = None;
        'layer: for board in &me.frontier {
            for n in neighbours(board) {
                if me.far.contains_key(&n) {
                    continue;
                }
                me.far.insert(n, me.depth + 1);
                if let Some(&d) = them.far.get(&n) {
                    met = Some(me.depth + 1 + d);
                    break 'layer;
                }
                next.push(n);
            }
        }
        let name = ["start", "goal"][grow];
        if let Some(moves) = met {
            let mine = me.depth + 1;
            let (a, b) = if grow == 0 {
                (mine, moves - mine)
            } else {
                (moves - mine, mine)
            };
            trace += &format!("met at {moves} moves (start {a} + goal {b})\n");
            break;
        }
        me.depth += 1;
        if search == (Search::StopsMidLayer { depth: me.depth }) && grow == 0 && next.len() >= 2 {
            next.truncate(next.len() / 2);
            fault = Some(Fault::CutLayer(Side::Start, me.depth));
        }
        if grow == 0 {
            work += next.len();
        } else {
            work = 0;
        }
        trace += &format!(
            "{name} depth {}: frontier {}, visited {}\n",
            me.depth,
            next.len(),
            me.far.len()
        );
        if next.is_empty() {
            break;
        }
        me.frontier = next;
    }
    Simulated { trace, fault }
}

fn side_of(grow: usize) -> Side {
    [Side::Start, Side::Goal][grow]
}

/// Both sides one position at a time, in turn, each layer printed once it is whole (when its first
/// position is taken); stops at the first position the other side has seen at all.
fn meets_early(start: Board) -> Simulated {
    let roots = [start, GOAL];
    let mut far: [HashMap<Board, usize>; 2] = roots.map(|r| HashMap::from([(r, 0)]));
    let mut queues: [VecDeque<Board>; 2] = roots.map(|r| VecDeque::from([r]));
    let mut printed = [0, 0];
    let mut trace = String::new();
    if start == GOAL {
        trace.push_str("met at 0 moves (start 0 + goal 0)\n");
        return Simulated { trace, fault: None };
    }
    for turn in 0.. {
        let me = turn % 2;
        let Some(board) = queues[me].pop_front() else {
            return Simulated { trace, fault: None };
        };
        let depth = far[me][&board];
        if depth > printed[me] {
            let width = far[me].values().filter(|&&d| d == depth).count();
            trace += &format!(
                "{} depth {depth}: frontier {width}, visited {}\n",
                ["start", "goal"][me],
                far[me].len()
            );
            printed[me] = depth;
        }
        for n in neighbours(&board) {
            if far[me].contains_key(&n) {
                continue;
            }
            far[me].insert(n, depth + 1);
            if let Some(&d) = far[1 - me].get(&n) {
                let (a, b) = if me == 0 {
                    (depth + 1, d)
                } else {
                    (d, depth + 1)
                };
                trace += &format!("met at {} moves (start {a} + goal {b})\n", a + b);
                let late = a + b > printed[0] + printed[1] + 1;
                return Simulated {
                    trace,
                    fault: late.then_some(Fault::Late),
                };
            }
            queues[me].push_back(n);
        }
    }
    unreachable!("the loop returns")
}

/// The reference's plain BFS layers from one board, for the check.
struct One(Board);

impl Plain for One {
    fn start_ways(&self, _case: usize) -> Result<Vec<Layers<'_>>, String> {
        Ok(vec![Box::new(walk(self.0))])
    }

    fn goal(&self, _depth: usize, _widest: usize) -> Result<Goal, String> {
        static GOAL_LAYERS: OnceLock<Vec<usize>> = OnceLock::new();
        Ok(Goal::One(
            GOAL_LAYERS
                .get_or_init(|| Distances::to(GOAL).layer_counts())
                .clone(),
        ))
    }
}

fn distances() -> &'static Distances {
    static TABLE: OnceLock<Distances> = OnceLock::new();
    TABLE.get_or_init(|| Distances::to(GOAL))
}

/// A board `walk` random moves from the goal: any distance up to `walk`, and solvable.
fn board(rng: &mut Rng, walk: usize) -> Board {
    let mut board = GOAL;
    for _ in 0..walk {
        let moves: Vec<Board> = neighbours(&board).collect();
        board = rng.pick(&moves);
    }
    board
}

/// The coach's word on one simulated search of `start`.
fn coached(start: Board, simulated: &Simulated) -> Lesson {
    let trace = parse(&simulated.trace).expect("the simulated trace parses");
    let optimum = crate::puzzles::eight::checker::POJ.optimum(&start);
    assess(&trace, &[optimum], &One(start)).expect("the reference answers")
}

/// The lapse the coach must name for `fault`, as a pattern check.
fn names(lesson: &Lesson, fault: Fault) -> bool {
    match (lesson, fault) {
        (Lesson::NotYet(Lapse::OneSided { .. }), Fault::OneSided) => true,
        (Lesson::NotYet(Lapse::LargerFirst(l)), Fault::Lopsided(s)) => l.side == s,
        (
            Lesson::NotYet(Lapse::LayerDiffers {
                side,
                depth,
                traced,
                plain,
                ..
            }),
            Fault::CutLayer(s, d),
        ) => *side == s && *depth == d && traced < plain,
        (Lesson::NotYet(Lapse::MetLate { .. }), Fault::Late) => true,
        (Lesson::NotYet(Lapse::KeptLarger(l, _)), Fault::Kept(s)) => l.side == s,
        _ => false,
    }
}

/// Runs `count` boards through `search` (seeded by `seed`), at most `walk` random moves from the
/// goal; each must be told right. Returns how many had a fault, so a caller can insist the family
/// really errs, and how many needed two moves or more.
fn family(seed: u64, count: u64, walk: usize, search: Search) -> (usize, usize) {
    let (mut faulty, mut telling) = (0, 0);
    for i in 0..count {
        let mut rng = Rng::for_input(seed, i);
        let steps = 2 + rng.below(walk - 1);
        let start = board(&mut rng, steps);
        let simulated = match search {
            Search::MeetsEarly => meets_early(start),
            _ => layered(start, search),
        };
        let lesson = coached(start, &simulated);
        let optimum = distances().get(&start).unwrap_or(0);
        telling += usize::from(optimum >= 2);
        match simulated.fault {
            Some(fault) => {
                faulty += 1;
                assert!(
                    names(&lesson, fault),
                    "{search:?} on {} ({fault:?}): the coach said {lesson:?}\n{}",
                    start.escape_ascii(),
                    simulated.trace
                );
            }
            None => assert!(
                matches!(lesson, Lesson::Holds(_)) || optimum < 2,
                "{search:?} on {} did nothing wrong, the coach said {lesson:?}\n{}",
                start.escape_ascii(),
                simulated.trace
            ),
        }
    }
    (faulty, telling)
}

#[test]
fn right_searches_hold_the_plain_rule_and_eights_weighed_one() {
    assert_eq!(family(1, 500, 40, Search::Smaller).0, 0);
    // Eight's rule grows a side at most 1.15 times the other's on these boards (4,000 of them
    // measured once): BALANCE leaves room for mirror images counted as one.
    assert_eq!(family(2, 500, 40, Search::Weighted).0, 0, "within BALANCE");
}

#[test]
fn a_one_sided_search_is_named_whenever_a_case_needs_two_moves() {
    let (faulty, telling) = family(3, 500, 14, Search::OneSided);
    assert_eq!(faulty, telling, "every board two moves away or more");
    assert!(telling > 350, "most are: {telling}");
}

#[test]
fn growing_the_larger_frontier_is_named_with_its_side() {
    let (faulty, _) = family(4, 500, 30, Search::LargerFirst);
    assert!(faulty > 200, "many boards show it: {faulty}");
}

#[test]
fn a_layer_cut_short_is_named_at_its_depth() {
    let (faulty, _) = family(5, 500, 40, Search::StopsMidLayer { depth: 2 });
    assert!(faulty > 250, "most boards reach depth 2 unmet: {faulty}");
}

#[test]
fn a_meeting_from_partial_layers_is_named_late() {
    let (faulty, _) = family(6, 500, 40, Search::MeetsEarly);
    assert!(
        faulty > 125,
        "node by node, many meetings come early: {faulty}"
    );
}

/// Several cases searched as `search` runs them, as Eight's solution keeps its goal side: one goal
/// side for every case, grown by whole layers only, and a fresh start side each case that stops at
/// its first meeting. Each line carries its `case N: ` prefix.
fn kept_cases(starts: &[Board], search: Search) -> Simulated {
    let mut goal = Side1::new(GOAL);
    let (mut trace, mut fault, mut work) = (String::new(), None, 0);
    for (case, &root) in starts.iter().enumerate() {
        let prefix = format!("case {}: ", case + 1);
        let kept = goal.depth > 0;
        if let Some(&d) = goal.far.get(&root) {
            trace += &format!("{prefix}met at {d} moves (start 0 + goal {d})\n");
            continue;
        }
        let mut start = Side1::new(root);
        for turn in 0.. {
            let (s, g) = (start.frontier.len(), goal.frontier.len());
            let goal_grows = g > 0
                && match search {
                    Search::Smaller => g < s,
                    Search::Weighted => g < s + work,
                    _ => turn % 2 == 1,
                };
            let lopsided = match (goal_grows, kept) {
                (true, true) => g > BALANCE * (s + work),
                (true, false) => g > BALANCE * s,
                (false, _) => g > 0 && s > BALANCE * g,
            };
            if lopsided && fault.is_none() {
                let side = side_of(usize::from(goal_grows));
                fault = Some(if kept {
                    Fault::Kept(side)
                } else {
                    Fault::Lopsided(side)
                });
            }
            let met = match goal_grows {
                true => grow_kept(&mut goal, &start),
                false => grow_kept(&mut start, &goal),
            };
            let (name, grown) = match goal_grows {
                true => ("goal", &goal),
                false => ("start", &start),
            };
            // The goal side finishes its layer, met or not; the start side stops at its meeting.
            if goal_grows || met.is_none() {
                let (depth, frontier, visited) =
                    (grown.depth, grown.frontier.len(), grown.far.len());
                trace += &format!(
                    "{prefix}{name} depth {depth}: frontier {frontier}, visited {visited}\n"
                );
            }
            work = if goal_grows {
                0
            } else {
                work + start.frontier.len()
            };
            if let Some((a, b)) = met {
                trace += &format!("{prefix}met at {} moves (start {a} + goal {b})\n", a + b);
                break;
            }
        }
    }
    Simulated { trace, fault }
}

/// Grows `me` by one layer against `them`: the start side stops at its first new position `them`
/// has seen, the goal side finishes the layer. The meeting's (start, goal) halves, if any.
fn grow_kept(me: &mut Side1, them: &Side1) -> Option<(usize, usize)> {
    let is_goal = me.far.contains_key(&GOAL) && me.far[&GOAL] == 0;
    let depth = me.depth + 1;
    let (mut next, mut met) = (Vec::new(), None);
    for board in std::mem::take(&mut me.frontier) {
        for n in neighbours(&board) {
            if me.far.contains_key(&n) {
                continue;
            }
            me.far.insert(n, depth);
            next.push(n);
            match them.far.get(&n) {
                Some(&d) if met.is_none() && is_goal => met = Some((d, depth)),
                Some(&d) if met.is_none() => return Some((depth, d)),
                _ => {}
            }
        }
    }
    (me.frontier, me.depth) = (next, depth);
    met
}

/// The reference's plain BFS layers from each case's board, for the check.
struct Cases(Vec<Board>);

impl Plain for Cases {
    fn start_ways(&self, case: usize) -> Result<Vec<Layers<'_>>, String> {
        Ok(vec![Box::new(walk(self.0[case]))])
    }

    fn goal(&self, depth: usize, widest: usize) -> Result<Goal, String> {
        One(GOAL).goal(depth, widest)
    }
}

/// Runs `count` inputs of 4 to 12 boards through `search` (seeded by `seed`), each board at most 40
/// random moves from the goal; each must be told right. Each input's fault, if it had one.
fn kept_family(seed: u64, count: u64, search: Search) -> Vec<Option<Fault>> {
    let mut faults = Vec::new();
    for i in 0..count {
        let mut rng = Rng::for_input(seed, i);
        let cases = 4 + rng.below(9);
        let starts: Vec<Board> = (0..cases)
            .map(|_| {
                let steps = 2 + rng.below(39);
                board(&mut rng, steps)
            })
            .collect();
        let simulated = kept_cases(&starts, search);
        let trace = parse(&simulated.trace).expect("the simulated trace parses");
        let optima: Vec<_> = (starts.iter())
            .map(|b| crate::puzzles::eight::checker::POJ.optimum(b))
            .collect();
        let lesson =
            assess(&trace, &optima, &Cases(starts.clone())).expect("the reference answers");
        let telling = starts.iter().any(|b| distances().get(b).unwrap_or(0) >= 2);
        let told = match simulated.fault {
            Some(fault) => names(&lesson, fault),
            None => matches!(lesson, Lesson::Holds(_)) || !telling,
        };
        assert!(
            told,
            "{search:?} ({:?}): the coach said {lesson:?}\n{}",
            simulated.fault, simulated.trace
        );
        faults.push(simulated.fault);
    }
    faults
}

#[test]
fn right_searches_hold_beside_a_goal_side_kept_across_cases() {
    for (seed, search) in [(7, Search::Smaller), (8, Search::Weighted)] {
        let faults = kept_family(seed, 300, search);
        assert!(faults.iter().all(Option::is_none), "{search:?}: {faults:?}");
    }
}

#[test]
fn strict_alternation_is_named_beside_a_kept_goal_side() {
    let faults = kept_family(9, 300, Search::Alternating);
    let kept = faults.iter().filter(|f| matches!(f, Some(Fault::Kept(_))));
    let kept = kept.count();
    assert!(kept > 150, "most inputs show it: {kept}");
}

/// A Huarong-like goal side of `roots` roots (counted as the program counts them) and a start
/// whose plain BFS widens by two positions a layer.
struct ManyRoots(usize);

impl Plain for ManyRoots {
    fn start_ways(&self, _case: usize) -> Result<Vec<Layers<'_>>, String> {
        Ok(vec![Box::new((0..).map(|d| 1 + 2 * d))])
    }

    fn goal(&self, _depth: usize, _widest: usize) -> Result<Goal, String> {
        Ok(Goal::Many(Some(self.0)))
    }
}

fn many_roots(trace: &str, roots: usize) -> Lesson {
    let optima = [crate::model::optimum::Optimum::Moves(2)];
    super::assess_stderr(trace, true, &optima, &ManyRoots(roots)).expect("the fake answers")
}

#[test]
fn a_run_stopped_before_its_first_trace_line_is_named_stopped() {
    let optima = [crate::model::optimum::Optimum::Moves(5)];
    let stopped = super::assess_stderr("", false, &optima, &One(GOAL));
    assert_eq!(stopped, Ok(Lesson::NotYet(Lapse::Stopped)));
    let silent = super::assess_stderr("", true, &optima, &One(GOAL));
    assert!(matches!(silent, Ok(Lesson::NotYet(Lapse::NoTrace { .. }))));
}

#[test]
fn a_goal_side_rightly_waited_only_when_none_was_built() {
    let waited = "goal side: more than 1 arrangements; it waits\nstart depth 1: frontier 3, \
                  visited 4\nmet at 2 moves (start 2 + goal 0)\n";
    let waited = many_roots(waited, 9);
    assert!(matches!(waited, Lesson::Holds(Shown::GoalWaited { .. })));
    let built = "goal side: 3 arrangements\nstart depth 1: frontier 3, visited 4\nmet at 2 moves \
                 (start 2 + goal 0)\n";
    let built = many_roots(built, 3);
    assert!(matches!(
        built,
        Lesson::Holds(Shown::TwoSided { goal: 0, .. })
    ));
}

#[test]
fn a_goal_side_built_before_weighing_its_roots_is_named() {
    let trace = "goal side: 40 arrangements\nstart depth 1: frontier 3, visited 4\n";
    let lapse = Lapse::GoalBuiltUnweighed(crate::model::lesson::Lopsided {
        case: 0,
        side: Side::Goal,
        depth: 0,
        frontier: 40,
        other: 1,
    });
    assert_eq!(many_roots(trace, 40), Lesson::NotYet(lapse));
}
