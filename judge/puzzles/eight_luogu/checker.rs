//! The checker of Eight's counted formats, Luogu P1379's and Baekjoon 1525's (`eight_boj` uses it
//! too): one line a board, its number of moves, which must be exactly the reference's optimum (`-1`
//! for a board that cannot reach the goal, which P1379's data never holds and BOJ's does). Their
//! registry entries' plain BFS's layers and the coach's word are Eight's, in their formats.

use crate::model::optimum::Optimum;
use crate::model::reason::{Place, Rejection, TestFault};
use crate::model::verdict::Checked;
use crate::puzzles::checker::{unreadable_input, Checker, Counts};
use crate::puzzles::eight::checker::Format;

const COUNTS: Counts = Counts {
    unit: "case",
    place: Place::Case,
    unreachable: "the board cannot reach the goal",
};

/// A counted format's checker, against that format's goal.
pub struct Counted(pub &'static Format);

impl Checker for Counted {
    fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
        self.0.optima(input)
    }

    fn check(&self, _input: &[u8], output: &[u8], optima: &[Optimum]) -> Checked {
        COUNTS.check(output, optima)
    }

    fn claims(&self, input: &[u8], output: &[u8]) -> Result<Vec<Optimum>, Rejection> {
        let boards = (self.0.parse)(input).map_err(|e| unreadable_input(&e))?;
        COUNTS.claims(output, boards.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::reason::Kind;
    use crate::puzzles::checker::testing::{judged, why};
    use crate::puzzles::eight::checker::{BOJ, LUOGU};

    fn check(input: &str, output: &str) -> Checked {
        judged(&Counted(&LUOGU), input, output)
    }

    #[test]
    fn the_sample_is_four_moves_and_only_four_is_accepted() {
        let cost = crate::model::verdict::Cost {
            moves: 4,
            optimum: 4,
        };
        assert_eq!(check("283104765\n", "4\n"), Checked::Accepted(cost));
        assert_eq!(
            why(&check("283104765\n", "6\n")),
            "case 1: answered 6, optimum 4"
        );
        let short = check("283104765\n", "3\n");
        let expected = Kind::WrongCount {
            answered: Optimum::Moves(3),
            optimum: Optimum::Moves(4),
        };
        assert!(matches!(short, Checked::Wrong { rejection, .. } if rejection.kind == expected));
        assert_eq!(why(&check("123804765", "")), "case 1: missing answer");
        assert_eq!(
            why(&check("123804765", "0\n1\n")),
            "line 2: output after the last case: '1'"
        );
    }

    #[test]
    fn a_board_of_the_other_parity_is_answered_minus_one() {
        // POJ's goal, written with 0: it cannot reach Luogu's.
        assert_eq!(
            Counted(&LUOGU).optima(b"123456780"),
            Ok(vec![Optimum::Unsolvable])
        );
        let no_cost = Checked::Accepted(Default::default());
        assert_eq!(check("123456780", "-1\n"), no_cost);
        let claimed = why(&check("123456780", "5\n"));
        assert_eq!(
            claimed,
            "case 1: answered 5, but the board cannot reach the goal"
        );
    }

    #[test]
    fn bad_boards_are_the_tests_fault_and_layers_reach_the_goal() {
        assert!(Counted(&LUOGU).optima(b"12345678x").is_err());
        assert!(Counted(&LUOGU).optima(b"1234").is_err());
        let plain_layers = super::super::PUZZLE.plain_layers.expect("layered");
        assert_eq!(plain_layers(b"123804765", 0), Ok(vec![1]));
        let sample = plain_layers(b"283104765", 0).expect("layers");
        assert_eq!(sample.len(), 5, "four moves: five layers");
    }

    #[test]
    fn a_claim_is_the_number_each_line_gives() {
        let claims = Counted(&LUOGU).claims(b"283104765 123804765", b"4\n-1\n");
        assert_eq!(claims, Ok(vec![Optimum::Moves(4), Optimum::Unsolvable]));
        let unread = Counted(&LUOGU)
            .claims(b"283104765", b"four\n")
            .map_err(|r| r.to_string());
        assert_eq!(
            unread,
            Err("case 1: 'four' is neither a number of moves nor -1".into())
        );
    }

    #[test]
    fn baekjoons_samples_and_goal_are_counted_against_its_own() {
        let boj = |input: &str, output: &str| judged(&Counted(&BOJ), input, output);
        let cost = crate::model::verdict::Cost {
            moves: 3,
            optimum: 3,
        };
        assert_eq!(boj("1 0 3\n4 2 5\n7 8 6\n", "3\n"), Checked::Accepted(cost));
        let no_cost = Checked::Accepted(Default::default());
        assert_eq!(boj("3 6 0\n8 1 2\n7 4 5\n", "-1\n"), no_cost);
        assert_eq!(
            why(&boj("3 6 0\n8 1 2\n7 4 5\n", "0\n")),
            "case 1: answered 0, but the board cannot reach the goal"
        );
        // Luogu's goal is of the other parity: it cannot reach Baekjoon's.
        assert_eq!(boj("123804765", "-1\n"), no_cost);
    }
}
