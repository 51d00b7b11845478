//! Random Eight inputs: many boards an input, half drawn by their distance to the goal (so the
//! hardest, 31 moves away, come up as often as the easy ones) and half uniformly among all 9!
//! arrangements (so half of those are unsolvable).

use super::checker::Eight;
use super::reference::{parse_boards, Board, Distances, GOAL};
use crate::puzzles::generator::{Generator, Stress};
use crate::puzzles::rng::Rng;

pub fn stress() -> Stress {
    // One BFS of all 181,440 boards serves both the generator and the checker.
    let distances = Distances::build();
    Stress {
        generator: Box::new(EightBoards::new(&distances)),
        checker: Box::new(Eight::with_table(distances)),
    }
}

/// Every solvable board, by its distance to the goal.
pub struct EightBoards {
    layers: Vec<Vec<Board>>,
}

impl EightBoards {
    pub fn new(distances: &Distances) -> Self {
        EightBoards {
            layers: layers(distances),
        }
    }

    fn board(&self, rng: &mut Rng) -> Board {
        if rng.percent(50) {
            let layer = &self.layers[rng.below(self.layers.len())];
            return layer[rng.below(layer.len())];
        }
        let mut board = GOAL;
        for i in (1..board.len()).rev() {
            board.swap(i, rng.below(i + 1)); // Fisher–Yates
        }
        board
    }
}

impl Generator for EightBoards {
    fn input(&self, seed: u64, index: u64, cases: u64) -> (String, u64) {
        let mut rng = Rng::for_input(seed, index);
        let boards: Vec<Board> = (0..cases.max(1)).map(|_| self.board(&mut rng)).collect();
        (render(&boards), boards.len() as u64)
    }

    /// The failing case alone, else either half.
    fn smaller(&self, input: &str, case: Option<usize>) -> Vec<String> {
        let Ok(boards) = parse_boards(input.as_bytes()) else {
            return Vec::new();
        };
        if boards.len() < 2 {
            return Vec::new();
        }
        let named = case.and_then(|c| boards.get(c));
        let (first, second) = boards.split_at(boards.len() / 2);
        let alone = named.map(|b| render(std::slice::from_ref(b)));
        alone
            .into_iter()
            .chain([render(first), render(second)])
            .collect()
    }
}

/// The boards `distances` knows, grouped by their distance, each group sorted: the table is a hash
/// map, whose order differs from run to run, and a seed must not.
pub fn layers(distances: &Distances) -> Vec<Vec<Board>> {
    let mut layers: Vec<Vec<Board>> = Vec::new();
    for (board, &distance) in &distances.0 {
        let d = usize::from(distance);
        if layers.len() <= d {
            layers.resize(d + 1, Vec::new());
        }
        layers[d].push(*board);
    }
    for layer in &mut layers {
        layer.sort_unstable();
    }
    layers
}

/// One board a line, cells split by spaces, as the problem's statement writes them.
fn render(boards: &[Board]) -> String {
    let line = |b: &Board| {
        let cells: Vec<String> = b.iter().map(|&c| char::from(c).to_string()).collect();
        cells.join(" ") + "\n"
    };
    boards.iter().map(line).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;

    fn distances() -> &'static Distances {
        static DISTANCES: OnceLock<Distances> = OnceLock::new();
        DISTANCES.get_or_init(Distances::build)
    }

    fn boards() -> &'static EightBoards {
        static BOARDS: OnceLock<EightBoards> = OnceLock::new();
        BOARDS.get_or_init(|| EightBoards::new(distances()))
    }

    #[test]
    fn a_seed_and_index_always_give_the_same_input() {
        let (input, cases) = boards().input(7, 3, 50);
        assert_eq!(cases, 50);
        assert_eq!(boards().input(7, 3, 50).0, input);
        assert_ne!(boards().input(7, 4, 50).0, input);
        assert_eq!(parse_boards(input.as_bytes()).map(|b| b.len()), Ok(50));
    }

    #[test]
    fn inputs_hold_solved_hardest_and_unsolvable_boards() {
        let distances = distances();
        let (input, _) = boards().input(1, 0, 2000);
        let found: Vec<Option<u8>> = parse_boards(input.as_bytes())
            .expect("valid boards")
            .iter()
            .map(|b| distances.get(b))
            .collect();
        assert_eq!(boards().layers.len(), 32, "distances 0 to 31");
        assert!(found.contains(&Some(0)) && found.contains(&Some(31)));
        let unsolvable = found.iter().filter(|d| d.is_none()).count();
        assert!((300..700).contains(&unsolvable), "{unsolvable} of 2000");
    }

    #[test]
    fn a_failing_input_shrinks_to_its_named_case_then_halves() {
        let input = "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 x 8\n2 1 3 4 5 6 7 8 x\n";
        let smaller = boards().smaller(input, Some(1));
        assert_eq!(
            smaller,
            [
                "1 2 3 4 5 6 7 x 8\n",
                "1 2 3 4 5 6 7 8 x\n",
                "1 2 3 4 5 6 7 x 8\n2 1 3 4 5 6 7 8 x\n"
            ]
        );
        assert!(boards().smaller("1 2 3 4 5 6 7 8 x\n", Some(0)).is_empty());
    }
}
