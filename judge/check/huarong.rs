//! The Huarong Dao checker: an answer must be legal moves that bring the target to its goal in as few
//! moves as the reference's BFS needs, or `unsolvable` exactly when the reference finds no way.

#[allow(dead_code)] // `optimum` and `search` serve the integration tests, which include this file too
#[path = "../reference/huarong.rs"]
pub mod reference;
#[cfg(test)]
#[path = "../reference/huarong_tests.rs"]
mod reference_tests;

use super::{cut_short, printable, Checked, Checker, Frame, Optima, MAX_FRAMES};
use crate::outcome::Cost;
use reference::{Answer, Puzzle};

/// The most positions the reference may store for one test: about 100 MiB and 2.5 s in a release
/// build (the largest test today needs 43,000). A board past it is "too large for the reference",
/// for the checker and `judge add` alike, instead of a judge that eats the machine's memory.
pub const MAX_STATES: usize = 1_000_000;

pub struct Huarong {
    pub max_states: usize,
}

impl Default for Huarong {
    fn default() -> Self {
        Huarong {
            max_states: MAX_STATES,
        }
    }
}

impl Checker for Huarong {
    fn optima(&self, input: &[u8]) -> Result<Vec<Option<u64>>, String> {
        let (optimum, _) = reference::search_within(&puzzle(input)?, self.max_states)
            .map_err(|too_large| too_large.to_string())?;
        Ok(vec![optimum])
    }

    fn check(&self, input: &[u8], output: &[u8], optima: &Optima) -> Checked {
        let (puzzle, &[optimum]) = (puzzle(input), optima) else {
            return Checked::BadTest("one optimum per input expected".into());
        };
        let puzzle = match puzzle {
            Ok(puzzle) => puzzle,
            Err(e) => return Checked::BadTest(format!("input {e}")),
        };
        // Replay first: an invalid answer is wrong whatever the optimum, and costs no search.
        let answer = match reference::replay(&puzzle, output) {
            Ok(answer) => answer,
            Err(reason) => return Checked::Wrong { reason, cost: None },
        };
        compare(answer, optimum)
    }

    fn plain_layers(&self, input: &[u8]) -> Option<Result<Vec<usize>, String>> {
        Some(puzzle(input).map(|p| reference::layer_sizes(&p)))
    }

    fn frames(&self, input: &[u8], output: &[u8], case: usize) -> Result<Vec<Frame>, String> {
        if case != 0 {
            return Err(format!(
                "there is no case {}: an input is one board",
                case + 1
            ));
        }
        let puzzle = puzzle(input).map_err(|e| format!("input {e}"))?;
        let mut at: Vec<Pos> = puzzle.blocks.iter().map(|b| b.at).collect();
        let mut frames = vec![frame(&puzzle, &at, None)];
        let output = String::from_utf8_lossy(output);
        let mut lines = output.trim_end().lines().map(str::trim);
        if lines.next().map_or(true, |first| first == "unsolvable") {
            return Ok(frames);
        }
        for (i, line) in lines.clone().enumerate() {
            if i == MAX_FRAMES {
                cut_short(&mut frames, lines.count() - i);
                break;
            }
            let caption = Some(printable(line));
            let Some(moved) = reference::read_move(line) else {
                frames.push(Frame {
                    caption,
                    illegal: true,
                    solved: false,
                    ..frame(&puzzle, &at, None)
                });
                break;
            };
            let legal = reference::apply(&puzzle, &mut at, line).is_ok();
            frames.push(Frame {
                caption,
                illegal: !legal,
                solved: legal && at.get(puzzle.target) == Some(&puzzle.goal),
                ..frame(&puzzle, &at, Some(moved))
            });
            if !legal {
                break;
            }
        }
        Ok(frames)
    }

    fn input_from_grid(&self, grid: &str) -> Result<String, String> {
        reference::from_grid(grid)
    }
}

/// The board with the blocks' corners at `at`; `moved` marks the cells its block covers at its
/// destination (where it now is, or where an illegal move tried to put it).
fn frame(p: &Puzzle, at: &[Pos], moved: Option<(&str, Pos, Pos)>) -> Frame {
    let mut cells = vec![None; p.rows * p.cols];
    for (block, &corner) in p.blocks.iter().zip(at) {
        for cell in covered(p, &block.cells, corner) {
            cells[cell] = Some(block.name.clone());
        }
    }
    let block =
        moved.and_then(|(name, _, to)| Some((p.blocks.iter().find(|b| b.name == name)?, to)));
    let marked = block.map_or(Vec::new(), |(b, to)| covered(p, &b.cells, to));
    let goal = p
        .blocks
        .get(p.target)
        .map_or(Vec::new(), |t| covered(p, &t.cells, p.goal));
    Frame {
        rows: p.rows,
        cols: p.cols,
        cells,
        caption: None,
        marked,
        illegal: false,
        goal,
        solved: at.get(p.target) == Some(&p.goal),
    }
}

/// The indices of the cells a shape covers with its corner at `corner`, those on the board.
fn covered(p: &Puzzle, shape: &[Pos], (r, c): Pos) -> Vec<usize> {
    let on_board = |&&(dr, dc): &&Pos| r + dr < p.rows && c + dc < p.cols;
    shape
        .iter()
        .filter(on_board)
        .map(|&(dr, dc)| (r + dr) * p.cols + c + dc)
        .collect()
}

type Pos = (usize, usize);

fn puzzle(input: &[u8]) -> Result<Puzzle, String> {
    let text = std::str::from_utf8(input).map_err(|e| format!("is not UTF-8: {e}"))?;
    reference::parse(text)
}

/// Compares a valid answer with the optimum.
fn compare(answer: Answer, optimum: Option<u64>) -> Checked {
    let wrong = |reason: String, cost| Checked::Wrong { reason, cost };
    // Replay reached the goal, so the reference's search must have too.
    debug_assert!(
        optimum.is_some() || answer == Answer::Unsolvable,
        "a valid answer to a board the reference finds unsolvable"
    );
    match (answer, optimum) {
        (Answer::Unsolvable, None) => Checked::Accepted(Cost::default()),
        (Answer::Unsolvable, Some(n)) => wrong(
            format!("says unsolvable, but it is solvable in {n} moves"),
            None,
        ),
        (Answer::Moves(k), None) => wrong(
            format!("judge bug: a valid {k}-move answer to a board the reference finds unsolvable"),
            None,
        ),
        (Answer::Moves(k), Some(n)) => {
            debug_assert!(k >= n, "a valid {k}-move answer beats the optimum {n}");
            let cost = Cost {
                moves: k,
                optimum: n,
            };
            if k > n {
                wrong(format!("not optimal: {k} moves, optimum {n}"), Some(cost))
            } else {
                Checked::Accepted(cost)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::testing::{judged, wrong};

    const SAMPLE: &str = "3 4\nA A C .\nA B C .\nB B . .\nB\n0 1\n";

    fn check(input: &str, output: &str) -> Checked {
        judged(&Huarong::default(), input, output)
    }

    fn wrong_unsolvable() -> Checked {
        wrong("says unsolvable, but it is solvable in 2 moves")
    }

    fn cost(moves: u64, optimum: u64) -> Cost {
        Cost { moves, optimum }
    }

    #[test]
    fn any_shortest_answer_is_accepted() {
        // Not the sample's own answer: C stops at (0,3) instead of (1,3).
        let other = "2\nC (0,2) (0,3)\nB (1,0) (0,1)\n";
        assert_eq!(check(SAMPLE, other), Checked::Accepted(cost(2, 2)));
        let unsolvable = "1 3\nA . B\nA\n0 2\n";
        assert_eq!(
            check(unsolvable, "unsolvable\n"),
            Checked::Accepted(Cost::default())
        );
    }

    #[test]
    fn a_longer_valid_answer_is_wrong_by_its_gap() {
        let four = "4\nC (0,2) (0,3)\nC (0,3) (1,3)\nB (1,0) (1,1)\nB (1,1) (0,1)\n";
        let reason = "not optimal: 4 moves, optimum 2".to_string();
        let expected = Checked::Wrong {
            reason,
            cost: Some(cost(4, 2)),
        };
        assert_eq!(check(SAMPLE, four), expected);
    }

    #[test]
    fn illegal_answers_and_false_unsolvable_are_wrong_with_no_cost() {
        let blocked = "2\nB (1,0) (0,1)\nC (0,2) (1,3)\n";
        assert_eq!(
            check(SAMPLE, blocked),
            wrong("move 1: block B cannot reach (0,1) from (1,0)")
        );
        assert_eq!(check(SAMPLE, "unsolvable\n"), wrong_unsolvable());
        assert_eq!(
            check("1 3\nA . B\nA\n0 2\n", "1\nA (0,0) (0,1)\n"),
            wrong("after the last move the target A is at (0,1), not (0,2)")
        );
    }

    #[test]
    fn optima_come_from_the_reference_and_bad_input_is_the_tests_fault() {
        assert_eq!(
            Huarong::default().optima(SAMPLE.as_bytes()),
            Ok(vec![Some(2)])
        );
        assert_eq!(
            Huarong::default().optima(b"1 3\nA . B\nA\n0 2\n"),
            Ok(vec![None])
        );
        let broken = Huarong::default().check(b"1 2\nA .\nZ\n0 0\n", b"0\n", &[None]);
        let why = "input line 3: target block \"Z\" is not on the board".to_string();
        assert_eq!(broken, Checked::BadTest(why));
        let not_utf8 = Huarong::default().optima(b"\xff");
        assert!(not_utf8.is_err_and(|e| e.starts_with("is not UTF-8")));
        let no_optimum = Huarong::default().check(SAMPLE.as_bytes(), b"unsolvable\n", &[]);
        assert!(matches!(no_optimum, Checked::BadTest(_)));
    }

    #[test]
    fn a_board_past_the_state_budget_is_too_large_for_the_reference() {
        let classic = reference::from_grid("HAAI/HAAI/JBBK/JNOK/P..Q").expect("a grid");
        let small = Huarong { max_states: 10_000 };
        let found = small.optima(classic.as_bytes());
        assert!(found.is_err_and(|e| e.contains("too large for the reference")));
    }

    #[test]
    fn frames_replay_the_moves_and_mark_where_each_block_goes() {
        let huarong = Huarong::default();
        let answer = "2\nC (0,2) (0,3)\nB (1,0) (0,1)\n";
        let frames = huarong
            .frames(SAMPLE.as_bytes(), answer.as_bytes(), 0)
            .expect("frames");
        assert_eq!(frames.len(), 3);
        assert_eq!(frames[0].caption, None);
        assert_eq!(frames[2].caption.as_deref(), Some("B (1,0) (0,1)"));
        assert_eq!(
            frames[2].marked,
            [2, 5, 6],
            "B's L at (0,1): (0,2), (1,1), (1,2)"
        );
        assert_eq!(
            frames[2].goal, frames[2].marked,
            "B is the target, now at its goal"
        );
        assert!(frames.iter().all(|f| !f.illegal));
        let blocked = "2\nB (1,0) (0,1)\nC (0,2) (1,3)\n";
        let frames = huarong
            .frames(SAMPLE.as_bytes(), blocked.as_bytes(), 0)
            .expect("frames");
        assert_eq!(frames.len(), 2, "the start and the illegal move");
        assert!(frames[1].illegal && frames[1].cells == frames[0].cells);
        assert!(huarong.frames(SAMPLE.as_bytes(), b"", 1).is_err());
    }

    #[test]
    fn grids_become_inputs() {
        let huarong = Huarong::default();
        let input = huarong.input_from_grid("AA./...");
        assert!(input.is_err_and(|e| e.contains("cannot be centred")));
        assert_eq!(
            huarong.input_from_grid("A../..."),
            Ok("2 3\nA . .\n. . .\nA\n1 1\n".into())
        );
    }
}
