//! Random NOIP 2013 华容道 inputs from `boards.rs`, small boards first, and the ways to make a failing
//! one smaller: fewer queries (the failing one alone, then delta debugging's `cuts`), a row or
//! column no query uses, or one movable cell fixed.

use super::boards;
use super::checker::NoipHuarong;
use super::reference::{self, Game, Query};
use crate::puzzles::generator::{cuts, Generator, Stress};

pub fn stress() -> Stress {
    Stress {
        generator: Box::new(Games),
        checker: Box::new(NoipHuarong),
    }
}

/// Queries a small board's input asks at most: enough that the board's one-time work is not all
/// that is run.
const QUERIES: u64 = 50;
/// Every this many inputs, one is as large as NOIP's limits allow: a 30 × 30 board and 500 queries,
/// so that a search too slow for them is found within the first few inputs, not after hundreds.
const FULL_EVERY: u64 = 5;
const FULL_QUERIES: u64 = 500;
/// Boards up to this many cells also try fixing each movable cell while shrinking.
const FIX_CELLS_UP_TO: usize = 64;

pub struct Games;

impl Generator for Games {
    /// Boards grow with the index, from 3 cells a side to 30 after input 270; every fifth input
    /// (the fifth, the tenth, …) is as large as the problem allows: 30 × 30, its movable cells
    /// joined (from 60 % to all of them), and 500 queries, however few `cases` asks.
    fn input(&self, seed: u64, index: u64, cases: u64) -> (String, u64) {
        if index % FULL_EVERY == FULL_EVERY - 1 {
            let open = 60 + (index / FULL_EVERY % 5) as usize * 10;
            let queries = FULL_QUERIES as usize;
            return (
                boards::carved_game(seed, index, (30, 30), open, queries),
                FULL_QUERIES,
            );
        }
        let side = 3 + (index / 10).min(27) as usize;
        let queries = cases.clamp(1, QUERIES);
        (boards::game(seed, index, side, queries as usize), queries)
    }

    fn smaller(&self, input: &str, case: Option<usize>) -> Vec<String> {
        let Ok(game) = reference::parse(input) else {
            return Vec::new();
        };
        let mut smaller: Vec<Game> = Vec::new();
        let queries = &game.queries;
        let named = case.filter(|&c| c < queries.len());
        let fewer = cuts(queries, named);
        smaller.extend(fewer.into_iter().map(|q| with_queries(&game, q)));
        smaller.extend((0..game.rows).filter_map(|r| without_row(&game, r)));
        let columns = (0..game.cols).filter_map(|c| without_row(&transposed(&game), c));
        smaller.extend(columns.map(|g| transposed(&g)));
        if game.open.len() <= FIX_CELLS_UP_TO {
            smaller.extend((0..game.open.len()).filter_map(|cell| with_fixed(&game, cell)));
        }
        smaller.iter().map(reference::render).collect()
    }

    fn rendered(&self, input: &str) -> Option<String> {
        Some(reference::render(&reference::parse(input).ok()?))
    }
}

fn with_queries(game: &Game, queries: Vec<Query>) -> Game {
    Game {
        queries,
        ..game.clone()
    }
}

/// Whether any query names `cell`.
fn used(game: &Game, cell: usize) -> bool {
    (game.queries.iter()).any(|q| [q.empty, q.piece, q.target].contains(&cell))
}

/// The game without row `r`, when no query names a cell of it.
fn without_row(game: &Game, r: usize) -> Option<Game> {
    let cols = game.cols;
    if game.rows < 2 || (r * cols..(r + 1) * cols).any(|cell| used(game, cell)) {
        return None;
    }
    let up = |cell: usize| cell - cols * usize::from(cell >= (r + 1) * cols);
    let open = (game.open.iter().enumerate())
        .filter(|(cell, _)| cell / cols != r)
        .map(|(_, &o)| o);
    let queries = game.queries.iter().map(|q| renumbered(q, up));
    Some(Game {
        rows: game.rows - 1,
        cols,
        open: open.collect(),
        queries: queries.collect(),
    })
}

/// Rows become columns: one cut serves both.
fn transposed(game: &Game) -> Game {
    let swap = |cell: usize| (cell % game.cols) * game.rows + cell / game.cols;
    let mut open = vec![false; game.open.len()];
    for (cell, &o) in game.open.iter().enumerate() {
        open[swap(cell)] = o;
    }
    let queries = game.queries.iter().map(|q| renumbered(q, swap));
    Game {
        rows: game.cols,
        cols: game.rows,
        open,
        queries: queries.collect(),
    }
}

/// The query with each of its cells numbered anew by `to`.
fn renumbered(q: &Query, to: impl Fn(usize) -> usize) -> Query {
    Query {
        empty: to(q.empty),
        piece: to(q.piece),
        target: to(q.target),
    }
}

/// The game with movable `cell` fixed, when no query names it.
fn with_fixed(game: &Game, cell: usize) -> Option<Game> {
    if !game.open[cell] || used(game, cell) {
        return None;
    }
    let mut fixed = game.clone();
    fixed.open[cell] = false;
    Some(fixed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::optimum::Optimum;

    #[test]
    fn inputs_are_valid_reproducible_and_render_back_the_same() {
        for index in 0..300 {
            let (input, queries) = Games.input(4, index, 100);
            let game = reference::parse(&input).expect("generated inputs are valid");
            let full = index % FULL_EVERY == FULL_EVERY - 1;
            let asked = if full { FULL_QUERIES } else { QUERIES };
            assert_eq!((game.queries.len() as u64, queries), (asked, asked));
            assert_eq!(reference::render(&game), input);
            assert_eq!(Games.input(4, index, 100).0, input);
            if full {
                assert_eq!((game.rows, game.cols), (30, 30), "as large as NOIP allows");
            }
        }
        let side = |index| {
            let game = reference::parse(&Games.input(4, index, 1).0).expect("valid");
            game.rows.max(game.cols)
        };
        let small = |i: &u64| i % FULL_EVERY != FULL_EVERY - 1;
        assert!((0..10).filter(small).all(|i| side(i) <= 3));
        assert!((270..300).filter(small).any(|i| side(i) > 20));
        assert_eq!(side(4), 30, "the fifth input is full");
    }

    #[test]
    fn the_queries_ask_for_every_kind_of_answer() {
        let (mut zero, mut some, mut none) = (0, 0, 0);
        // The small boards' queries (a full board's 500 would cost the plain reference seconds).
        for index in (0..75).filter(|i| i % FULL_EVERY != FULL_EVERY - 1) {
            let game = reference::parse(&Games.input(8, index, 50).0).expect("valid");
            for q in &game.queries {
                match reference::optimum(&game, q) {
                    Optimum::Moves(0) => zero += 1,
                    Optimum::Moves(_) => some += 1,
                    Optimum::Unsolvable => none += 1,
                }
            }
        }
        assert!(
            zero >= 30 && some >= 300 && none >= 300,
            "{zero} {some} {none}"
        );
    }

    #[test]
    fn a_full_board_shrinks_to_one_query_on_3x3_cells_at_most() {
        // A failure that any query whose piece is off its target shows, as `judge stress` shrinks
        // it: the first smaller game that still fails, again and again.
        let fails = |input: &str| {
            let game = reference::parse(input).expect("valid");
            game.queries.iter().any(|q| q.piece != q.target)
        };
        let (mut input, _) = Games.input(5, 4, 500);
        assert!(input.starts_with("30 30 500\n") && fails(&input));
        while let Some(smaller) = Games
            .smaller(&input, Some(0))
            .into_iter()
            .find(|s| fails(s))
        {
            input = smaller;
        }
        let game = reference::parse(&input).expect("valid");
        assert_eq!(game.queries.len(), 1, "{input}");
        assert!(game.rows <= 3 && game.cols <= 3, "{input}");
    }

    #[test]
    fn a_tle_keeps_the_queries_its_work_needs_and_no_more() {
        // A TLE modelled as work: the queries times the cells, over a budget. Shrinking must keep
        // just enough queries, where halves alone would stop at the first half that passes.
        let mut rng = crate::puzzles::rng::Rng::new(31);
        for trial in 0..8 {
            // 50 queries on a board of 13 to 20 cells a side; more than half of them needed.
            let (mut input, _) = Games.input(31, 100 + 10 * trial, 50);
            let need = 26 + rng.below(24);
            let work = |game: &Game| game.queries.len() * game.rows * game.cols;
            let budget = need * work(&reference::parse(&input).expect("valid")) / 50;
            let fails = |text: &str| work(&reference::parse(text).expect("valid")) >= budget;
            while let Some(smaller) = Games.smaller(&input, None).into_iter().find(|s| fails(s)) {
                input = smaller;
            }
            let game = reference::parse(&input).expect("valid");
            let cells = game.rows * game.cols;
            assert!(game.queries.len() < 50 && fails(&input), "trial {trial}");
            // No query can go, and no row or column that no query uses is left.
            assert!(
                (game.queries.len() - 1) * cells < budget,
                "trial {trial}: {need}"
            );
            assert!(without_row(&game, 0).is_none(), "trial {trial}");
        }
    }

    #[test]
    fn a_game_shrinks_by_a_query_a_row_a_column_or_a_fixed_cell() {
        let input = "2 3 2\n1 1 1\n1 1 1\n1 1 1 2 1 2\n1 2 1 1 1 1\n";
        let smaller = Games.smaller(input, Some(1));
        assert_eq!(
            smaller[0], "2 3 1\n1 1 1\n1 1 1\n1 2 1 1 1 1\n",
            "query 2 alone"
        );
        assert!(smaller.contains(&"1 3 2\n1 1 1\n1 1 1 2 1 2\n1 2 1 1 1 1\n".to_string()));
        assert!(smaller.contains(&"2 2 2\n1 1\n1 1\n1 1 1 2 1 2\n1 2 1 1 1 1\n".to_string()));
        assert!(smaller.contains(&"2 3 2\n1 1 1\n1 1 0\n1 1 1 2 1 2\n1 2 1 1 1 1\n".to_string()));
        let transposed_twice = transposed(&transposed(&reference::parse(input).expect("valid")));
        assert_eq!(reference::render(&transposed_twice), input);
    }
}
