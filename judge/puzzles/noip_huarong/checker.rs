//! The NOIP 2013 华容道 checker: one line a query, the fewest moves or `-1`, which must be exactly the
//! reference's optimum. An answer is a number, not a path, so there is nothing to replay and no
//! "valid but longer": a number that is not the optimum is wrong, too small or too large. Also what
//! its registry entry shows of a wrong answer: the query drawn on its board.

use super::reference::{self, Game, Query};
use crate::model::optimum::Optimum;
use crate::model::reason::{Place, Rejection, TestFault};
use crate::model::verdict::Checked;
use crate::puzzles::checker::{unreadable_input, Checker, Counts};

const COUNTS: Counts = Counts {
    unit: "query",
    place: Place::Query,
    unreachable: "the piece cannot reach its target",
};

pub struct NoipHuarong;

impl Checker for NoipHuarong {
    fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
        let game = game(input).map_err(TestFault::Broken)?;
        // One plain BFS a query, each on its own: spread over the cores, a 500-query test on a
        // 30×30 board takes half as long on two.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let chunk = ((game.queries.len() + cores - 1) / cores).max(1);
        let solved: Result<Vec<Vec<Optimum>>, _> = std::thread::scope(|scope| {
            let optima_of = |queries: &[Query]| -> Vec<Optimum> {
                queries
                    .iter()
                    .map(|q| reference::optimum(&game, q))
                    .collect()
            };
            let workers: Vec<_> = (game.queries.chunks(chunk))
                .map(|queries| scope.spawn(move || optima_of(queries)))
                .collect();
            workers.into_iter().map(|worker| worker.join()).collect()
        });
        let solved = solved.map_err(|_| TestFault::Broken("the reference failed".into()))?;
        Ok(solved.concat())
    }

    fn check(&self, _input: &[u8], output: &[u8], optima: &[Optimum]) -> Checked {
        COUNTS.check(output, optima)
    }

    fn claims(&self, input: &[u8], output: &[u8]) -> Result<Vec<Optimum>, Rejection> {
        let game = game(input).map_err(|e| unreadable_input(&e))?;
        COUNTS.claims(output, game.queries.len())
    }
}

fn game(input: &[u8]) -> Result<Game, String> {
    let text = std::str::from_utf8(input).map_err(|e| format!("is not UTF-8: {e}"))?;
    reference::parse(text)
}

/// Query `case` of `input` on its board: `E` the empty cell, `P` the piece, `T` its target (`*`
/// where the piece stands on it), `#` a fixed cell, `.` a movable one; rows and columns from 1.
pub fn drawn(input: &[u8], case: usize) -> Option<String> {
    let game = game(input).ok()?;
    let q = game.queries.get(case)?;
    let at = |cell: usize| format!("({},{})", cell / game.cols + 1, cell % game.cols + 1);
    let mut text = format!(
        "query {}: the empty cell at {}, the piece at {}, its target at {}\n",
        case + 1,
        at(q.empty),
        at(q.piece),
        at(q.target)
    );
    for (r, open) in game.open.chunks(game.cols).enumerate() {
        let cell = |(c, &open): (usize, &bool)| match r * game.cols + c {
            i if i == q.piece && i == q.target => '*',
            i if i == q.empty => 'E',
            i if i == q.piece => 'P',
            i if i == q.target => 'T',
            _ if open => '.',
            _ => '#',
        };
        let line: String = open.iter().enumerate().map(cell).collect();
        text += &format!("{line}\n");
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::reason::Kind;
    use crate::puzzles::checker::testing::{judged, why};

    const SAMPLE: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";

    fn check(input: &str, output: &str) -> Checked {
        judged(&NoipHuarong, input, output)
    }

    #[test]
    fn the_sample_answers_are_accepted_with_their_moves() {
        let cost = crate::model::verdict::Cost {
            moves: 2,
            optimum: 2,
        };
        assert_eq!(check(SAMPLE, "2\n-1\n"), Checked::Accepted(cost));
    }

    #[test]
    fn every_wrong_number_names_its_query() {
        assert_eq!(
            why(&check(SAMPLE, "3\n-1\n")),
            "query 1: answered 3, optimum 2"
        );
        assert_eq!(
            why(&check(SAMPLE, "1\n-1\n")),
            "query 1: answered 1, optimum 2"
        );
        assert_eq!(
            why(&check(SAMPLE, "-1\n-1\n")),
            "query 1: answered -1, optimum 2"
        );
        assert_eq!(
            why(&check(SAMPLE, "2\n5\n")),
            "query 2: answered 5, but the piece cannot reach its target"
        );
        assert_eq!(why(&check(SAMPLE, "2\n")), "query 2: missing answer");
        let count = check(SAMPLE, "3\n-1\n");
        let expected = Kind::WrongCount {
            answered: Optimum::Moves(3),
            optimum: Optimum::Moves(2),
        };
        assert!(matches!(count, Checked::Wrong { rejection, .. }
            if rejection.kind == expected && rejection.place == Place::Query(0)));
        assert_eq!(
            why(&check(SAMPLE, "2\nx\n")),
            "query 2: 'x' is neither a number of moves nor -1"
        );
        assert_eq!(
            why(&check(SAMPLE, "2\n-1\n7\n")),
            "line 3: output after the last query: '7'"
        );
        let bad = |answer: &str, reason: &str| assert_eq!(why(&check(SAMPLE, answer)), reason);
        bad(
            "02\n-1\n",
            "query 1: '02' is neither a number of moves nor -1",
        );
        bad(
            "+2\n-1\n",
            "query 1: '+2' is neither a number of moves nor -1",
        );
        bad("\n-1\n", "query 1: an empty line");
        let huge = "99999999999999999999\n-1\n";
        bad(
            huge,
            "query 1: '99999999999999999999' is too large a number",
        );
    }

    #[test]
    fn a_query_is_drawn_on_its_board() {
        let input = b"2 2 2\n1 1\n0 1\n2 2 1 1 1 2\n1 2 1 1 1 1\n";
        let first =
            "query 1: the empty cell at (2,2), the piece at (1,1), its target at (1,2)\nPT\n#E\n";
        assert_eq!(drawn(input, 0).as_deref(), Some(first));
        let on_target = drawn(input, 1).expect("drawn");
        assert!(on_target.ends_with("*E\n#.\n"), "{on_target}");
        assert_eq!(drawn(input, 2), None, "no third query");
    }
}
