//! The huarong_goal checker: an answer must be legal moves that turn the start layout into the goal
//! layout (same-shape blocks may end swapped) in as few moves as the reference's BFS needs, or
//! `unsolvable` exactly when that BFS finds no way. Also what its registry entry shows: an answer
//! replayed, the reference's own, a plain BFS's layers and the coach's word.

use crate::model::frame::Frame;
use crate::model::lesson::Lesson;
use crate::model::optimum::Optimum;
use crate::model::reason::{Rejection, TestFault};
use crate::model::verdict::Checked;
use crate::puzzles::checker::{unreadable_input, Checker};
use crate::puzzles::huarong::checker::{compare, optimum_within, rejection_of};
use crate::puzzles::huarong::reference::{self, Layouts, Pos};
use crate::puzzles::huarong::replayer::Board;
use crate::puzzles::two_sided;

/// The most positions the reference may store for one test, as for Huarong: a board past it is
/// "too large for the reference" for the checker and `judge add` alike.
pub const MAX_STATES: usize = 1_000_000;

pub struct HuarongGoal {
    pub max_states: usize,
}

impl Default for HuarongGoal {
    fn default() -> Self {
        HuarongGoal {
            max_states: MAX_STATES,
        }
    }
}

impl Checker for HuarongGoal {
    fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
        let layouts = layouts(input).map_err(TestFault::Broken)?;
        Ok(vec![optimum_within(
            layouts.search_within(self.max_states),
        )?])
    }

    fn check(&self, input: &[u8], output: &[u8], optima: &[Optimum]) -> Checked {
        let (layouts, &[optimum]) = (layouts(input), optima) else {
            return Checked::bad_test("one optimum per input expected");
        };
        let layouts = match layouts {
            Ok(layouts) => layouts,
            Err(e) => return Checked::bad_test(format!("input {e}")),
        };
        // Replay first: an invalid answer is wrong whatever the optimum.
        match layouts.replay(output) {
            Ok(answer) => compare(answer, optimum),
            Err(wrong) => Checked::wrong(rejection_of(wrong)),
        }
    }

    fn claims(&self, input: &[u8], output: &[u8]) -> Result<Vec<Optimum>, Rejection> {
        let layouts = layouts(input).map_err(|e| unreadable_input(&e))?;
        Ok(vec![layouts.replay(output).map_err(rejection_of)?.into()])
    }
}

fn layouts(input: &[u8]) -> Result<Layouts, String> {
    let text = std::str::from_utf8(input).map_err(|e| format!("is not UTF-8: {e}"))?;
    reference::parse_layouts(text)
}

/// An input is one pair of layouts: its only case is case 0.
fn one_case(case: usize) -> Result<(), String> {
    match case {
        0 => Ok(()),
        _ => Err(format!(
            "there is no case {}: an input is one pair of layouts",
            case + 1
        )),
    }
}

/// The answer to `input`'s pair in `output`, replayed. The goal is a whole layout, so no cell is a
/// goal cell: a frame is solved when its board is the goal layout.
pub fn frames(input: &[u8], output: &[u8], case: usize) -> Result<Vec<Frame>, String> {
    one_case(case)?;
    let layouts = layouts(input).map_err(|e| format!("input {e}"))?;
    let solved = |at: &[Pos]| layouts.solved(at);
    let board = Board {
        rules: layouts.rules(),
        goal: Vec::new(),
        solved: &solved,
    };
    Ok(board.replay(output))
}

/// The reference's own answer to `input`'s pair, searched within the checker's budget.
pub fn shortest(input: &[u8], case: usize) -> Option<String> {
    one_case(case).ok()?;
    let answer = layouts(input).ok()?.shortest_within(MAX_STATES).ok()?;
    Some(answer.unwrap_or_else(|| "unsolvable\n".into()))
}

/// A plain BFS's layers from the start layout of `input`'s pair.
pub fn plain_layers(input: &[u8], case: usize) -> Result<Vec<usize>, String> {
    one_case(case)?;
    layouts(input).map(|l| l.layer_sizes())
}

/// The coach's word on a traced run over `input`'s pair.
pub fn coach(
    input: &[u8],
    stderr: &str,
    whole: bool,
    optima: &[Optimum],
) -> Result<Lesson, String> {
    two_sided::assess_stderr(stderr, whole, optima, &layouts(input)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::reason::Kind;
    use crate::model::verdict::Cost;
    use crate::puzzles::checker::testing::{judged, why};

    /// A 2×3 box: the domino A must go down to the bottom row, where B stands. Optimum 2 under
    /// `moves`: B round to the top right corner, then A down.
    const PAIR: &str = "2 3\nA A .\nB . .\n\n. . B\nA A .\n";

    fn check(input: &str, output: &str) -> Checked {
        judged(&HuarongGoal::default(), input, output)
    }

    fn cost(moves: u64, optimum: u64) -> Cost {
        Cost { moves, optimum }
    }

    #[test]
    fn any_shortest_answer_is_accepted() {
        let optima = HuarongGoal::default().optima(PAIR.as_bytes());
        assert_eq!(optima, Ok(vec![Optimum::Moves(2)]));
        let one = "2\nB (1,0) (0,2)\nA (0,0) (1,0)\n";
        assert_eq!(check(PAIR, one), Checked::Accepted(cost(2, 2)));
        let other = "2\nB (1,0) (1,2)\nA (0,0) (1,0)\n";
        assert!(matches!(check(PAIR, other), Checked::Wrong { .. }));
    }

    #[test]
    fn same_shape_blocks_may_end_swapped() {
        let swapped = "1 3\nA B .\nB A .\n";
        assert_eq!(
            HuarongGoal::default().optima(swapped.as_bytes()),
            Ok(vec![Optimum::Moves(0)])
        );
        assert_eq!(check(swapped, "0\n"), Checked::Accepted(cost(0, 0)));
        let across = "1 3\nA B .\n. A B\n";
        let two = "2\nB (0,1) (0,2)\nA (0,0) (0,1)\n";
        assert_eq!(check(across, two), Checked::Accepted(cost(2, 2)));
    }

    #[test]
    fn wrong_answers_are_typed_rejections() {
        let blocked = check(PAIR, "2\nB (1,0) (0,2)\nA (0,0) (0,1)\n");
        assert!(matches!(&blocked, Checked::Wrong { rejection, .. }
            if rejection.kind == Kind::IllegalMove { step: 2 }));
        assert_eq!(
            why(&blocked),
            "move 2: block A cannot reach (0,1) from (0,0)"
        );
        let longer = "4\nB (1,0) (1,1)\nB (1,1) (1,2)\nB (1,2) (0,2)\nA (0,0) (1,0)\n";
        let found = check(PAIR, longer);
        assert_eq!(why(&found), "not optimal: 4 moves, optimum 2");
        assert!(matches!(found, Checked::Wrong { rejection, cost: Some(c) }
            if rejection.kind == Kind::NotOptimal { moves: 4, optimum: 2 } && c == cost(4, 2)));
        let short = check(PAIR, "1\nB (1,0) (0,2)\n");
        let missing = "after the last move the board is not the goal layout: no block of A's \
                       shape has its corner at (1,0)";
        assert_eq!(why(&short), missing);
        assert!(
            matches!(short, Checked::Wrong { rejection, .. } if rejection.kind == Kind::NotAtGoal)
        );
        let unsolvable = check(PAIR, "unsolvable\n");
        assert!(
            matches!(unsolvable, Checked::Wrong { rejection, cost: None }
            if rejection.kind == Kind::FalseUnsolvable { optimum: 2 })
        );
        let zero = why(&check(PAIR, "0\n"));
        assert!(
            zero.starts_with("says 0 moves, but the start is not the goal layout"),
            "{zero}"
        );
    }

    #[test]
    fn unsolvable_layouts_want_unsolvable() {
        let stuck = "1 3\nA A B\nB A A\n";
        assert_eq!(
            check(stuck, "unsolvable\n"),
            Checked::Accepted(Cost::default())
        );
    }

    #[test]
    fn bad_or_too_large_input_is_the_tests_fault() {
        let broken =
            HuarongGoal::default().check(b"1 2\nA .\nA A\n", b"0\n", &[Optimum::Unsolvable]);
        assert!(matches!(broken, Checked::BadTest(_)), "{broken:?}");
        let large = HuarongGoal { max_states: 2 }.optima(b"1 4\nA . . .\n. . . A\nsteps\n");
        assert_eq!(large, Err(TestFault::TooLarge { max_states: 2 }));
    }

    #[test]
    fn replayed_frames_say_when_the_goal_layout_is_reached() {
        let answer = "2\nB (1,0) (0,2)\nA (0,0) (1,0)\n";
        let shown = frames(PAIR.as_bytes(), answer.as_bytes(), 0).expect("frames");
        assert_eq!(shown.len(), 3);
        assert_eq!(shown[2].marked, [3, 4], "A now covers (1,0) and (1,1)");
        let solved: Vec<bool> = shown.iter().map(|f| f.solved).collect();
        assert_eq!(solved, [false, false, true]);
        assert!(shown.iter().all(|f| f.goal.is_empty() && !f.illegal));
        let blocked = "1\nA (0,0) (1,0)\n";
        let shown = frames(PAIR.as_bytes(), blocked.as_bytes(), 0).expect("frames");
        assert!(shown[1].illegal && shown[1].cells == shown[0].cells);
        assert!(frames(PAIR.as_bytes(), b"", 1).is_err());
        assert_eq!(plain_layers(PAIR.as_bytes(), 0), Ok(vec![1, 5, 8]));
    }
}
