//! The Huarong Dao checkers, for a target's goal corner (`huarong`) and a goal layout
//! (`huarong_goal`): an answer must be legal moves that reach the goal in as few moves as the
//! reference's BFS needs, or `unsolvable` exactly when the reference finds no way. Also what their
//! registry entries show of a search: a plain BFS's layers and the coach's word.

use super::reference::{self, Answer, Input, Layouts, Puzzle, TooLarge, Wrong};
use crate::model::lesson::Lesson;
use crate::model::optimum::Optimum;
use crate::model::reason::{Kind, Place, Rejection, TestFault};
use crate::model::verdict::{Checked, Cost};
use crate::puzzles::checker::{unreadable_input, Checker};
use crate::puzzles::two_sided::{self, Plain};
use std::marker::PhantomData;

/// The most positions the reference may store for one test: about 100 MiB and 2.5 s in a release
/// build (the largest test today needs 43,000). A board past it is "too large for the reference",
/// for the checker and `judge add` alike, instead of a judge that eats the machine's memory.
pub const MAX_STATES: usize = 1_000_000;

/// The checker of inputs `I`: boards with a target's goal (`Puzzle`) or pairs of layouts
/// (`Layouts`).
pub struct HuarongOf<I> {
    max_states: usize,
    input: PhantomData<I>,
}

/// The huarong checker: the target must reach its goal corner.
pub type Huarong = HuarongOf<Puzzle>;
/// The huarong_goal checker: the goal is a whole layout, same-shape blocks may end swapped.
pub type HuarongGoal = HuarongOf<Layouts>;

impl<I> HuarongOf<I> {
    /// A checker whose reference stores at most `max_states` positions for one test.
    pub fn within(max_states: usize) -> Self {
        HuarongOf {
            max_states,
            input: PhantomData,
        }
    }
}

impl<I: Input> Checker for HuarongOf<I> {
    fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
        let read = read::<I>(input).map_err(TestFault::Broken)?;
        let too_large = |t: TooLarge| TestFault::TooLarge {
            max_states: t.max_states,
        };
        let (answer, _) = reference::search_within(&read, self.max_states).map_err(too_large)?;
        Ok(vec![answer.into()])
    }

    fn check(&self, input: &[u8], output: &[u8], optima: &[Optimum]) -> Checked {
        let (read, &[optimum]) = (read::<I>(input), optima) else {
            return Checked::bad_test("one optimum per input expected");
        };
        let read = match read {
            Ok(read) => read,
            Err(e) => return Checked::bad_test(format!("input {e}")),
        };
        // Replay first: an invalid answer is wrong whatever the optimum, and costs no search.
        match reference::replay(&read, output) {
            Ok(answer) => compare(answer, optimum),
            Err(wrong) => Checked::wrong(rejection_of(wrong)),
        }
    }

    fn claims(&self, input: &[u8], output: &[u8]) -> Result<Vec<Optimum>, Rejection> {
        let read = read::<I>(input).map_err(|e| unreadable_input(&e))?;
        let answer = reference::replay(&read, output).map_err(rejection_of)?;
        Ok(vec![answer.into()])
    }
}

/// A plain BFS's layers from the board of `input`, its one case.
pub fn plain_layers(input: &[u8], case: usize) -> Result<Vec<usize>, String> {
    if case != 0 {
        return Err("an input is one board".into());
    }
    read(input).map(|p: Puzzle| two_sided::huarong::layer_sizes(&p))
}

/// A plain BFS's layers from the start layout of `input`'s pair.
pub fn goal_layers(input: &[u8], case: usize) -> Result<Vec<usize>, String> {
    one_case::<Layouts>(case)?;
    read(input).map(|l: Layouts| two_sided::huarong::layer_sizes(&l))
}

/// The coach's word on a traced run over `input`.
pub fn coach<I: Input + Plain>(
    input: &[u8],
    stderr: &str,
    whole: bool,
    optima: &[Optimum],
) -> Result<Lesson, String> {
    two_sided::assess_stderr(stderr, whole, optima, &read::<I>(input)?)
}

/// An input is one board, or one pair of layouts: its only case is case 0.
pub(crate) fn one_case<I: Input>(case: usize) -> Result<(), String> {
    match case {
        0 => Ok(()),
        _ => Err(format!(
            "there is no case {}: an input is {}",
            case + 1,
            I::ONE
        )),
    }
}

/// The optimum is what a shortest answer claims.
impl From<Answer> for Optimum {
    fn from(answer: Answer) -> Optimum {
        match answer {
            Answer::Moves(n) => Optimum::Moves(n),
            Answer::Unsolvable => Optimum::Unsolvable,
        }
    }
}

/// `input` read as the reference reads it.
pub(crate) fn read<I: Input>(input: &[u8]) -> Result<I, String> {
    let text = std::str::from_utf8(input).map_err(|e| format!("is not UTF-8: {e}"))?;
    I::read(text)
}

/// The reference's complaint about an answer, as a rejection of the whole output (one case).
fn rejection_of(wrong: Wrong) -> Rejection {
    let kind = match &wrong {
        Wrong::Unreadable(_) => Kind::Unreadable,
        Wrong::Illegal { step, .. } => Kind::IllegalMove { step: *step },
        Wrong::NotAtGoal(_) => Kind::NotAtGoal,
    };
    Rejection::new(Place::Output, kind, wrong.to_string())
}

/// Compares a valid answer with the optimum (the reference's, or with `judge stress --brute` a brute
/// force's valid answer). A valid answer that beats it means the optimum is wrong: not a verdict.
fn compare(answer: Answer, optimum: Optimum) -> Checked {
    match (answer, optimum) {
        (Answer::Unsolvable, Optimum::Unsolvable) => Checked::Accepted(Cost::default()),
        (Answer::Unsolvable, Optimum::Moves(n)) => {
            Checked::wrong(Rejection::false_unsolvable(Place::Output, n))
        }
        (Answer::Moves(k), Optimum::Unsolvable) => Checked::bad_test(format!(
            "a valid {k}-move answer to a board the optimum calls unsolvable"
        )),
        (Answer::Moves(k), Optimum::Moves(n)) if k < n => {
            Checked::bad_test(format!("a valid {k}-move answer beats the optimum, {n}"))
        }
        (Answer::Moves(k), Optimum::Moves(n)) => {
            let cost = Cost {
                moves: k,
                optimum: n,
            };
            if k > n {
                Checked::Wrong {
                    rejection: Rejection::not_optimal(Place::Output, k, n),
                    cost: Some(cost),
                }
            } else {
                Checked::Accepted(cost)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::checker::testing::{judged, why};
    use crate::puzzles::huarong::grid::from_grid;
    use crate::puzzles::huarong::reference::testing::SAMPLE;

    fn check(input: &str, output: &str) -> Checked {
        judged(&Huarong::within(MAX_STATES), input, output)
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
    fn an_answer_that_beats_the_optimum_shows_the_optimum_wrong() {
        // With `judge stress --brute`, an optimum may come from a contestant's brute force.
        let beaten = compare(Answer::Moves(2), Optimum::Moves(3));
        let text = "a valid 2-move answer beats the optimum, 3";
        assert_eq!(beaten, Checked::bad_test(text));
        let found = compare(Answer::Moves(2), Optimum::Unsolvable);
        assert!(matches!(found, Checked::BadTest(_)), "{found:?}");
        let claims = Huarong::within(MAX_STATES)
            .claims(SAMPLE.as_bytes(), b"2\nC (0,2) (0,3)\nB (1,0) (0,1)\n");
        assert_eq!(claims, Ok(vec![Optimum::Moves(2)]));
        let claims = Huarong::within(MAX_STATES).claims(SAMPLE.as_bytes(), b"unsolvable\n");
        assert_eq!(
            claims,
            Ok(vec![Optimum::Unsolvable]),
            "a claim the replay cannot refute"
        );
        let illegal = Huarong::within(MAX_STATES).claims(SAMPLE.as_bytes(), b"1\nB (1,0) (0,1)\n");
        assert!(matches!(illegal, Err(r) if r.kind == Kind::IllegalMove { step: 1 }));
    }

    #[test]
    fn a_longer_valid_answer_is_wrong_by_its_gap() {
        let four = "4\nC (0,2) (0,3)\nC (0,3) (1,3)\nB (1,0) (1,1)\nB (1,1) (0,1)\n";
        let found = check(SAMPLE, four);
        assert_eq!(why(&found), "not optimal: 4 moves, optimum 2");
        let Checked::Wrong { rejection, cost: c } = found else {
            panic!("{found:?}")
        };
        assert_eq!(
            rejection.kind,
            Kind::NotOptimal {
                moves: 4,
                optimum: 2
            }
        );
        assert_eq!(c, Some(cost(4, 2)));
    }

    #[test]
    fn illegal_answers_and_false_unsolvable_are_wrong_with_no_cost() {
        let blocked = "2\nB (1,0) (0,1)\nC (0,2) (1,3)\n";
        assert_eq!(
            why(&check(SAMPLE, blocked)),
            "move 1: block B cannot reach (0,1) from (1,0)"
        );
        let unsolvable = check(SAMPLE, "unsolvable\n");
        assert_eq!(
            why(&unsolvable),
            "says unsolvable, but it is solvable in 2 moves"
        );
        assert!(
            matches!(unsolvable, Checked::Wrong { rejection, cost: None }
            if rejection.kind == Kind::FalseUnsolvable { optimum: 2 })
        );
        let blocked = check(SAMPLE, blocked);
        assert!(matches!(blocked, Checked::Wrong { rejection, .. }
            if rejection.kind == Kind::IllegalMove { step: 1 }));
        assert_eq!(
            why(&check("1 3\nA . B\nA\n0 2\n", "1\nA (0,0) (0,1)\n")),
            "after the last move the target A is at (0,1), not (0,2)"
        );
    }

    #[test]
    fn optima_come_from_the_reference() {
        assert_eq!(
            Huarong::within(MAX_STATES).optima(SAMPLE.as_bytes()),
            Ok(vec![Optimum::Moves(2)])
        );
        assert_eq!(
            Huarong::within(MAX_STATES).optima(b"1 3\nA . B\nA\n0 2\n"),
            Ok(vec![Optimum::Unsolvable])
        );
    }

    #[test]
    fn bad_input_is_the_tests_fault() {
        let broken = Huarong::within(MAX_STATES).check(
            b"1 2\nA .\nZ\n0 0\n",
            b"0\n",
            &[Optimum::Unsolvable],
        );
        let reason = "input line 3: target block \"Z\" is not on the board";
        assert_eq!(broken, Checked::bad_test(reason));
        let not_utf8 = Huarong::within(MAX_STATES).optima(b"\xff");
        assert!(not_utf8.is_err_and(|e| e.to_string().starts_with("is not UTF-8")));
        let no_optimum = Huarong::within(MAX_STATES).check(SAMPLE.as_bytes(), b"unsolvable\n", &[]);
        assert!(matches!(no_optimum, Checked::BadTest(_)));
    }

    #[test]
    fn a_board_past_the_state_budget_is_too_large_for_the_reference() {
        let classic = from_grid("HAAI/HAAI/JBBK/JNOK/P..Q").expect("a grid");
        let small = Huarong::within(10_000);
        let found = small.optima(classic.as_bytes());
        assert_eq!(found, Err(TestFault::TooLarge { max_states: 10_000 }));
    }
}
