//! The Luogu P1379 checker: one line a board, its number of moves, which must be exactly the
//! reference's optimum (`-1` for a board that cannot reach the goal, which P1379's data never holds).
//! Its registry entry's plain BFS's layers and the coach's word are Eight's, in P1379's format.

use crate::model::optimum::Optimum;
use crate::model::reason::{Place, Rejection, TestFault};
use crate::model::verdict::Checked;
use crate::puzzles::checker::{unreadable_input, Checker, Counts};
use crate::puzzles::eight::checker::LUOGU;

const COUNTS: Counts = Counts {
    unit: "case",
    place: Place::Case,
    unreachable: "the board cannot reach the goal",
};

pub struct EightLuogu;

impl Checker for EightLuogu {
    fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
        LUOGU.optima(input)
    }

    fn check(&self, _input: &[u8], output: &[u8], optima: &[Optimum]) -> Checked {
        COUNTS.check(output, optima)
    }

    fn claims(&self, input: &[u8], output: &[u8]) -> Result<Vec<Optimum>, Rejection> {
        let boards = (LUOGU.parse)(input).map_err(|e| unreadable_input(&e))?;
        COUNTS.claims(output, boards.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::reason::Kind;
    use crate::puzzles::checker::testing::{judged, why};

    fn check(input: &str, output: &str) -> Checked {
        judged(&EightLuogu, input, output)
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
            EightLuogu.optima(b"123456780"),
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
        assert!(EightLuogu.optima(b"12345678x").is_err());
        assert!(EightLuogu.optima(b"1234").is_err());
        let plain_layers = super::super::PUZZLE.plain_layers.expect("layered");
        assert_eq!(plain_layers(b"123804765", 0), Ok(vec![1]));
        let sample = plain_layers(b"283104765", 0).expect("layers");
        assert_eq!(sample.len(), 5, "four moves: five layers");
    }

    #[test]
    fn a_claim_is_the_number_each_line_gives() {
        let claims = EightLuogu.claims(b"283104765 123804765", b"4\n-1\n");
        assert_eq!(claims, Ok(vec![Optimum::Moves(4), Optimum::Unsolvable]));
        let unread = EightLuogu
            .claims(b"283104765", b"four\n")
            .map_err(|r| r.to_string());
        assert_eq!(
            unread,
            Err("case 1: 'four' is neither a number of moves nor -1".into())
        );
    }
}
