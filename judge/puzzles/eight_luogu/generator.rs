//! Random Luogu P1379 inputs: one board an input, as the problem has, drawn by its distance to the
//! goal (so the hardest, 30 moves away, come up as often as the easy ones) among the boards that can
//! reach it, since P1379's data always can. A single board has nothing smaller to shrink to.

use super::checker::{distances, EightLuogu};
use crate::puzzles::eight::generator::layers;
use crate::puzzles::eight::reference::Board;
use crate::puzzles::generator::{Generator, Stress};
use crate::puzzles::rng::Rng;

pub fn stress() -> Stress {
    Stress {
        generator: Box::new(LuoguBoards {
            layers: layers(distances()),
        }),
        checker: Box::new(EightLuogu),
    }
}

/// Every board that reaches Luogu's goal, by its distance to it.
pub struct LuoguBoards {
    layers: Vec<Vec<Board>>,
}

impl Generator for LuoguBoards {
    fn input(&self, seed: u64, index: u64, _cases: u64) -> (String, u64) {
        let mut rng = Rng::for_input(seed, index);
        let layer = &self.layers[rng.below(self.layers.len())];
        (render(&layer[rng.below(layer.len())]), 1)
    }

    fn smaller(&self, _input: &str, _case: Option<usize>) -> Vec<String> {
        Vec::new()
    }
}

/// The board as P1379 writes it: one line of nine digits, `0` the blank.
fn render(board: &Board) -> String {
    let digits: String = board
        .iter()
        .map(|&c| if c == b'x' { '0' } else { char::from(c) })
        .collect();
    digits + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::optimum::Optimum;
    use crate::puzzles::eight::reference::parse_luogu;

    #[test]
    fn inputs_are_one_reachable_board_from_every_distance() {
        let Stress { generator, checker } = stress();
        let mut distances = std::collections::BTreeSet::new();
        for index in 0..400 {
            let (input, cases) = generator.input(5, index, 100);
            assert_eq!(cases, 1);
            assert_eq!(input.len(), 10, "nine digits and a newline: {input:?}");
            assert_eq!(parse_luogu(input.as_bytes()).map(|b| b.len()), Ok(1));
            let optima = checker.optima(input.as_bytes()).expect("a board");
            let Optimum::Moves(n) = optima[0] else {
                panic!("unreachable: {input}")
            };
            distances.insert(n);
        }
        assert!(
            distances.contains(&0) && distances.contains(&30),
            "{distances:?}"
        );
        assert_eq!(generator.input(5, 9, 1), generator.input(5, 9, 1));
        assert!(generator.smaller("283104765\n", Some(0)).is_empty());
    }
}
