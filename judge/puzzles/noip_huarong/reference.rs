//! The judge's own answer key for NOIP 2013 华容道: input parsing and a plain BFS over whole positions
//! (where the chosen piece is, where the empty cell is), one search a query. Deliberately naive and
//! separate from `src/bin/noip_huarong.rs`, whose compressed search it checks.

use crate::model::optimum::Optimum;
use std::collections::VecDeque;

/// A board and its queries; cells are numbered row by row from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub rows: usize,
    pub cols: usize,
    /// Whether each cell holds a movable piece (or the empty cell); the others are fixed.
    pub open: Vec<bool>,
    pub queries: Vec<Query>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Query {
    pub empty: usize,
    pub piece: usize,
    pub target: usize,
}

/// Reads and validates an input; errors name the line or the query.
pub fn parse(input: &str) -> Result<Game, String> {
    let mut words = input
        .lines()
        .enumerate()
        .flat_map(|(i, line)| line.split_whitespace().map(move |w| (i + 1, w)));
    let mut number = |what: &str, low: usize, high: usize| match words.next() {
        None => Err(format!("the input ends before {what}")),
        Some((line, word)) => match word.parse::<usize>() {
            Ok(n) if (low..=high).contains(&n) => Ok(n),
            _ => Err(format!(
                "line {line}: {what} is {word:?}, not a number from {low} to {high}"
            )),
        },
    };
    let (rows, cols) = (number("n", 1, 30)?, number("m", 1, 30)?);
    let count = number("q", 0, 500)?;
    let mut open = Vec::new();
    for _ in 0..rows * cols {
        open.push(number("a cell", 0, 1)? == 1);
    }
    let mut queries = Vec::new();
    for k in 1..=count {
        let mut cell = |what: &str| -> Result<usize, String> {
            let r = number(&format!("query {k}'s {what} row"), 1, rows)?;
            let c = number(&format!("query {k}'s {what} column"), 1, cols)?;
            Ok((r - 1) * cols + c - 1)
        };
        let (empty, piece, target) = (cell("empty")?, cell("piece")?, cell("target")?);
        if !open[empty] || !open[piece] || empty == piece {
            return Err(format!(
                "query {k}: the empty cell and the piece must be two different movable cells"
            ));
        }
        queries.push(Query {
            empty,
            piece,
            target,
        });
    }
    if let Some((line, word)) = words.next() {
        return Err(format!("line {line}: {word:?} after the last query"));
    }
    Ok(Game {
        rows,
        cols,
        open,
        queries,
    })
}

/// The input text of a game, in the problem's format.
pub fn render(game: &Game) -> String {
    let mut text = format!("{} {} {}\n", game.rows, game.cols, game.queries.len());
    for row in game.open.chunks(game.cols) {
        let cells: Vec<&str> = row.iter().map(|&o| if o { "1" } else { "0" }).collect();
        text += &(cells.join(" ") + "\n");
    }
    let at = |cell: usize| format!("{} {}", cell / game.cols + 1, cell % game.cols + 1);
    for q in &game.queries {
        text += &format!("{} {} {}\n", at(q.empty), at(q.piece), at(q.target));
    }
    text
}

/// The fewest moves that bring the query's piece to its target, or that none does.
pub fn optimum(game: &Game, q: &Query) -> Optimum {
    search(game, q).0
}

/// The optimum, and how many positions the search reached to find it (for the benchmark).
pub fn search(game: &Game, q: &Query) -> (Optimum, usize) {
    if q.piece != q.target && !game.open[q.target] {
        return (Optimum::Unsolvable, 0); // a piece never stands on a fixed cell
    }
    let cells = game.open.len();
    // A position is `piece * cells + empty`; every move is one step of the empty cell, which takes
    // the piece's place (the piece moving into the empty cell) when it steps onto the piece.
    let mut dist = vec![u32::MAX; cells * cells];
    let start = q.piece * cells + q.empty;
    dist[start] = 0;
    let mut queue = VecDeque::from([start]);
    let mut reached = 1;
    while let Some(at) = queue.pop_front() {
        let (piece, empty) = (at / cells, at % cells);
        if piece == q.target {
            return (Optimum::Moves(u64::from(dist[at])), reached);
        }
        for next_empty in neighbours(game, empty) {
            let next_piece = if next_empty == piece { empty } else { piece };
            let next = next_piece * cells + next_empty;
            if dist[next] == u32::MAX {
                dist[next] = dist[at] + 1;
                reached += 1;
                queue.push_back(next);
            }
        }
    }
    (Optimum::Unsolvable, reached)
}

/// The open cells next to `cell`.
fn neighbours(game: &Game, cell: usize) -> impl Iterator<Item = usize> + '_ {
    let (r, c) = (cell / game.cols, cell % game.cols);
    let up = r.checked_sub(1).map(|r| (r, c));
    let down = Some((r + 1, c)).filter(|&(r, _)| r < game.rows);
    let left = c.checked_sub(1).map(|c| (r, c));
    let right = Some((r, c + 1)).filter(|&(_, c)| c < game.cols);
    [up, down, left, right]
        .into_iter()
        .flatten()
        .map(|(r, c)| r * game.cols + c)
        .filter(|&n| game.open[n])
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";

    use Optimum::{Moves, Unsolvable};

    fn optima(input: &str) -> Vec<Optimum> {
        let game = parse(input).expect("valid input");
        game.queries.iter().map(|q| optimum(&game, q)).collect()
    }

    #[test]
    fn the_contest_sample() {
        assert_eq!(optima(SAMPLE), [Moves(2), Unsolvable]);
    }

    #[test]
    fn a_piece_on_its_target_and_a_fixed_target() {
        assert_eq!(
            optima("1 2 2\n1 1\n1 1 1 2 1 2\n1 2 1 1 1 2\n"),
            [Moves(0), Moves(1)]
        );
        assert_eq!(optima("2 2 1\n1 1\n1 0\n1 1 1 2 2 2\n"), [Unsolvable]);
    }

    #[test]
    fn on_an_open_square_a_piece_goes_round_its_own_corner() {
        // 2×2, all open, the empty cell on the target (2,2) and the piece at (1,1): the empty cell steps
        // to (2,1), the piece slides down into it, the empty cell goes round by (1,2) to (2,2), and the
        // piece slides right: 5 moves.
        let game = "2 2 1\n1 1\n1 1\n2 2 1 1 2 2\n";
        assert_eq!(optima(game), [Moves(5)]);
    }

    #[test]
    fn bad_input_names_what_and_where() {
        let error = |input: &str| parse(input).unwrap_err();
        assert_eq!(
            error("0 3 1"),
            "line 1: n is \"0\", not a number from 1 to 30"
        );
        assert_eq!(
            error("1 2 1\n1 1\n"),
            "the input ends before query 1's empty row"
        );
        assert_eq!(
            error("1 2 1\n1 0\n1 1 1 2 1 1\n"),
            "query 1: the empty cell and the piece must be two different movable cells"
        );
        assert_eq!(
            error("1 2 0\n1 1\n7\n"),
            "line 3: \"7\" after the last query"
        );
    }
}
