//! The Luogu P1379 checker: one line a board, its number of moves, which must be exactly the
//! reference's optimum (`-1` for a board that cannot reach the goal, which P1379's data never holds).

use crate::model::frame::Frame;
use crate::model::lesson::Lesson;
use crate::model::reason::{Place, Rejection, TestFault};
use crate::model::verdict::{Checked, Cost};
use crate::puzzles::checker::{answers, count_answer, Checker, Optima};
use crate::puzzles::eight::checker::lesson;
use crate::puzzles::eight::reference::{layer_sizes, parse_luogu, Distances, LUOGU_GOAL};
use std::sync::OnceLock;

/// Builds the reference table (all 181,440 boards that reach Luogu's goal) on first use.
#[derive(Default)]
pub struct EightLuogu {
    distances: OnceLock<Distances>,
}

impl EightLuogu {
    /// A checker whose table is built already (the stress generator draws boards from the same one).
    pub fn with_table(distances: Distances) -> EightLuogu {
        EightLuogu {
            distances: OnceLock::from(distances),
        }
    }

    fn distances(&self) -> &Distances {
        self.distances.get_or_init(|| Distances::to(LUOGU_GOAL))
    }
}

impl Checker for EightLuogu {
    fn optima(&self, input: &[u8]) -> Result<Vec<Option<u64>>, TestFault> {
        let boards = parse_luogu(input).map_err(TestFault::Broken)?;
        let optimum = |b| self.distances().get(b).map(u64::from);
        Ok(boards.iter().map(optimum).collect())
    }

    fn check(&self, _input: &[u8], output: &[u8], optima: &Optima) -> Checked {
        let lines = match answers(output, optima.len(), "case") {
            Ok(lines) => lines,
            Err(rejected) => return rejected,
        };
        let mut cost = Cost::default();
        for (i, optimum) in optima.iter().enumerate() {
            let unreachable = "the board cannot reach the goal";
            match count_answer(lines.get(i).copied(), *optimum, unreachable) {
                Ok(moves) => {
                    cost.moves += moves;
                    cost.optimum += moves;
                }
                Err((kind, why)) => return Checked::wrong(Rejection::new(Place::Case(i), kind, why)),
            }
        }
        Checked::Accepted(cost)
    }

    fn frames(&self, _: &[u8], _: &[u8], _: usize) -> Result<Vec<Frame>, String> {
        Err("an answer here is a number of moves, not the moves: there is nothing to replay".into())
    }

    fn layered(&self) -> bool {
        true
    }

    fn plain_layers(&self, input: &[u8], case: usize) -> Result<Vec<usize>, String> {
        let boards = parse_luogu(input)?;
        let board = boards.get(case).ok_or("the test has no such case")?;
        Ok(layer_sizes(board, &LUOGU_GOAL))
    }

    fn goal_layers(&self, _input: &[u8], _case: usize) -> Result<Vec<usize>, String> {
        Ok(self.distances().layer_counts())
    }

    fn lesson(
        &self,
        input: &[u8],
        stderr: &str,
        whole: bool,
        optima: &Optima,
    ) -> Result<Lesson, String> {
        let boards = parse_luogu(input)?;
        lesson(&boards, self.distances(), stderr, whole, optima)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::reason::Kind;
    use crate::puzzles::checker::testing::{judged, why};

    /// One checker for every test, so the table is built once.
    static CHECKER: EightLuogu = EightLuogu {
        distances: OnceLock::new(),
    };

    fn check(input: &str, output: &str) -> Checked {
        judged(&CHECKER, input, output)
    }

    #[test]
    fn the_sample_is_four_moves_and_only_four_is_accepted() {
        let cost = Cost {
            moves: 4,
            optimum: 4,
        };
        assert_eq!(check("283104765\n", "4\n"), Checked::Accepted(cost));
        assert_eq!(why(&check("283104765\n", "6\n")), "case 1: answered 6, optimum 4");
        let short = check("283104765\n", "3\n");
        let expected = Kind::WrongCount {
            answered: Some(3),
            optimum: Some(4),
        };
        assert!(matches!(short, Checked::Wrong { rejection, .. } if rejection.kind == expected));
        assert_eq!(why(&check("123804765", "")), "case 1: missing answer");
        assert_eq!(why(&check("123804765", "0\n1\n")), "line 2: output after the last case: '1'");
    }

    #[test]
    fn a_board_of_the_other_parity_is_answered_minus_one() {
        // POJ's goal, written with 0: it cannot reach Luogu's.
        assert_eq!(CHECKER.optima(b"123456780"), Ok(vec![None]));
        assert_eq!(check("123456780", "-1\n"), Checked::Accepted(Cost::default()));
        let claimed = why(&check("123456780", "5\n"));
        assert_eq!(claimed, "case 1: answered 5, but the board cannot reach the goal");
    }

    #[test]
    fn bad_boards_are_the_tests_fault_and_layers_reach_the_goal() {
        assert!(CHECKER.optima(b"12345678x").is_err());
        assert!(CHECKER.optima(b"1234").is_err());
        assert_eq!(CHECKER.plain_layers(b"123804765", 0), Ok(vec![1]));
        let sample = CHECKER.plain_layers(b"283104765", 0).expect("layers");
        assert_eq!(sample.len(), 5, "four moves: five layers");
        assert!(!CHECKER.replays());
    }
}
