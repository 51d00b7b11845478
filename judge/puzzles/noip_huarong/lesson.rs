//! The coach's check of NOIP's compression: each query's search, as its trace line counts it
//! (`query K: S states settled`), must stay within the walk table's graph, 4 states a movable cell
//! (the piece's cell, and the side of it where the empty cell is). A search over whole positions
//! settles up to a cell's worth of them for every cell: it answers right, and too slowly. Where a
//! plain BFS also stays within that bound (small boards, near targets) the bound tells nothing: the
//! compression holds only where some query shows it.

use super::reference;
use crate::model::lesson::{Lapse, Lesson, Quiet, Shown};
use crate::model::optimum::Optimum;

/// An example of the trace line read, for a lapse that finds none.
pub const EXAMPLE: &str = "query 1: 12 states settled";

/// The coach's word on a traced run over `input`, whose stderr is `stderr`. A stopped run's lines
/// are read as far as they go, `whole` or not: one query past the bound tells; none, and the run
/// is named as stopped.
pub fn lesson(
    input: &[u8],
    stderr: &str,
    whole: bool,
    optima: &[Optimum],
) -> Result<Lesson, String> {
    let text = std::str::from_utf8(input).map_err(|e| format!("input is not UTF-8: {e}"))?;
    let game = reference::parse(text)?;
    let bound = 4 * game.open.iter().filter(|&&open| open).count();
    let settled = queries(stderr);
    if settled.is_empty() {
        return Ok(Lesson::untraced(optima, whole, EXAMPLE));
    }
    if let Some(&(query, most)) = settled.iter().find(|(_, s)| *s > bound) {
        return Ok(Lesson::NotYet(Lapse::NotCompressed {
            query,
            settled: most,
            bound,
        }));
    }
    if !telling(&game, &settled, bound) {
        return Ok(Lesson::NothingToTell(Quiet::SmallBoard));
    }
    Ok(Lesson::Holds(Shown::Compressed {
        queries: settled.len(),
        most: settled.iter().map(|&(_, s)| s).max().unwrap_or(0),
        bound,
    }))
}

/// The most queries the reference searches plainly to find one that tells.
const TRIED: usize = 20;

/// Whether some query shows the compression: a plain BFS over whole positions reaches more than
/// `bound` positions on it, where the program settled no more than the bound.
fn telling(game: &reference::Game, settled: &[(usize, usize)], bound: usize) -> bool {
    let queries = settled.iter().filter_map(|&(k, _)| game.queries.get(k));
    queries
        .take(TRIED)
        .any(|q| reference::search(game, q).1 > bound)
}

/// Each `query K: S states settled` line, as (K - 1, S); other lines are not the trace's.
fn queries(stderr: &str) -> Vec<(usize, usize)> {
    let read = |line: &str| {
        let (k, rest) = line.strip_prefix("query ")?.split_once(": ")?;
        let settled = rest.strip_suffix(" states settled")?;
        Some((
            k.parse::<usize>().ok()?.checked_sub(1)?,
            settled.parse().ok()?,
        ))
    };
    stderr.lines().filter_map(read).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_TEXT: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
    const SAMPLE: &[u8] = SAMPLE_TEXT.as_bytes();

    #[test]
    fn a_search_past_four_states_a_cell_is_not_the_compression() {
        // The sample's board has 6 movable cells: the compressed graph has 24 states.
        let optima = [Optimum::Moves(2), Optimum::Unsolvable];
        let within =
            "walks: the empty cell's searches reached 30 cells\nquery 1: 5 states settled\n\
                      query 2: 24 states settled\n";
        // On the sample a plain BFS stays within the bound too: nothing shows.
        let game = reference::parse(SAMPLE_TEXT).expect("the sample");
        assert!(game
            .queries
            .iter()
            .all(|q| reference::search(&game, q).1 <= 24));
        let quiet = Lesson::NothingToTell(Quiet::SmallBoard);
        assert_eq!(lesson(SAMPLE, within, true, &optima), Ok(quiet));
        // On an open 6×6 board, the piece in the far corner, a plain BFS passes 4 a cell.
        let open = format!("6 6 1\n{}1 1 6 6 1 1\n", "1 1 1 1 1 1\n".repeat(6));
        let game = reference::parse(&open).expect("a board");
        assert!(reference::search(&game, &game.queries[0]).1 > 4 * 36);
        let shown = Shown::Compressed {
            queries: 1,
            most: 60,
            bound: 144,
        };
        let settled = "query 1: 60 states settled\n";
        let compressed = lesson(open.as_bytes(), settled, true, &[Optimum::Moves(30)]);
        assert_eq!(compressed, Ok(Lesson::Holds(shown)));
        let past = "query 1: 25 states settled\n";
        let lapse = Lapse::NotCompressed {
            query: 0,
            settled: 25,
            bound: 24,
        };
        assert_eq!(
            lesson(SAMPLE, past, true, &optima),
            Ok(Lesson::NotYet(lapse))
        );
        let silent = lesson(SAMPLE, "my own debugging\n", true, &optima);
        assert_eq!(
            silent,
            Ok(Lesson::NotYet(Lapse::NoTrace { example: EXAMPLE }))
        );
        let no_search = Lesson::NothingToTell(Quiet::NoSearch);
        assert_eq!(
            lesson(SAMPLE, "", true, &[Optimum::Moves(0)]),
            Ok(no_search)
        );
    }
}
