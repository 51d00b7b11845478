//! Random Luogu P1379 inputs: one board an input, as the problem has, drawn by its distance to the
//! goal (so the hardest, 30 moves away, come up as often as the easy ones) among the boards that can
//! reach it, since P1379's data always can: Eight's generator in P1379's format. A single board has
//! nothing smaller to shrink to.

use super::checker::Counted;
use crate::puzzles::eight::checker::LUOGU;
use crate::puzzles::eight::generator::EightBoards;
use crate::puzzles::generator::Stress;

pub fn stress() -> Stress {
    Stress {
        generator: Box::new(EightBoards::new(&LUOGU)),
        checker: Box::new(Counted(&LUOGU)),
    }
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
