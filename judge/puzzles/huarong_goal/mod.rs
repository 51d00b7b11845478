//! Huarong Dao between two full boards: the start layout and the goal layout, blocks of one shape
//! interchangeable. Huarong's reference searches it (to a whole layout instead of a corner) and
//! Huarong's checker judges it (`HuarongGoal`); here are the random pairs of `judge stress` and the
//! practice hints.

pub mod generator;

use super::huarong::checker::{coach, goal_layers, HuarongGoal, MAX_STATES};
use super::huarong::reference::Layouts;
use super::huarong::replayer::{frames, shortest};
use super::huarong::SOURCE_DIGEST;
use super::{Puzzle, Replayer, Written};

pub const PUZZLE: Puzzle = Puzzle {
    name: "huarong_goal",
    checker: || Box::new(HuarongGoal::within(MAX_STATES)),
    source_digest: SOURCE_DIGEST,
    replay: Some(Replayer {
        frames: frames::<Layouts>,
        shortest: shortest::<Layouts>,
        written: Written::Lines,
    }),
    drawn: None,
    plain_layers: Some(goal_layers),
    lesson: Some(coach::<Layouts>),
    stress: Some(generator::stress),
    hints: Some(include_str!("hints.txt")),
    from_grid: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::optimum::Optimum;
    use crate::model::reason::{Kind, TestFault};
    use crate::model::verdict::{Checked, Cost};
    use crate::puzzles::checker::testing::{judged, why};
    use crate::puzzles::checker::Checker;

    /// A 2×3 box: the domino A must go down to the bottom row, where B stands. Optimum 2 under
    /// `moves`: B round to the top right corner, then A down.
    const PAIR: &str = "2 3\nA A .\nB . .\n\n. . B\nA A .\n";

    fn check(input: &str, output: &str) -> Checked {
        judged(&HuarongGoal::within(MAX_STATES), input, output)
    }

    fn cost(moves: u64, optimum: u64) -> Cost {
        Cost { moves, optimum }
    }

    #[test]
    fn any_shortest_answer_is_accepted() {
        let optima = HuarongGoal::within(MAX_STATES).optima(PAIR.as_bytes());
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
            HuarongGoal::within(MAX_STATES).optima(swapped.as_bytes()),
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
        let broken = HuarongGoal::within(MAX_STATES).check(
            b"1 2\nA .\nA A\n",
            b"0\n",
            &[Optimum::Unsolvable],
        );
        assert!(matches!(broken, Checked::BadTest(_)), "{broken:?}");
        let large = HuarongGoal::within(2).optima(b"1 4\nA . . .\n. . . A\nsteps\n");
        assert_eq!(large, Err(TestFault::TooLarge { max_states: 2 }));
    }

    #[test]
    fn replayed_frames_say_when_the_goal_layout_is_reached() {
        let answer = "2\nB (1,0) (0,2)\nA (0,0) (1,0)\n";
        let shown = frames::<Layouts>(PAIR.as_bytes(), answer.as_bytes(), 0).expect("frames");
        assert_eq!(shown.len(), 3);
        assert_eq!(shown[2].marked, [3, 4], "A now covers (1,0) and (1,1)");
        let solved: Vec<bool> = shown.iter().map(|f| f.solved).collect();
        assert_eq!(solved, [false, false, true]);
        assert!(shown.iter().all(|f| f.goal.is_empty() && !f.illegal));
        let blocked = "1\nA (0,0) (1,0)\n";
        let shown = frames::<Layouts>(PAIR.as_bytes(), blocked.as_bytes(), 0).expect("frames");
        assert!(shown[1].illegal && shown[1].cells == shown[0].cells);
        assert!(frames::<Layouts>(PAIR.as_bytes(), b"", 1).is_err());
        assert_eq!(goal_layers(PAIR.as_bytes(), 0), Ok(vec![1, 5, 8]));
    }
}
