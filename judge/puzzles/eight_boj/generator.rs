//! Random Baekjoon 1525 inputs: one board an input, three lines of three numbers, half drawn by its
//! distance to the goal (0 to 31 moves equally often) and half among all 9! arrangements, so that
//! `-1` comes up: Eight's generator in BOJ's format. A single board has nothing smaller to shrink to.

use crate::puzzles::eight::checker::BOJ;
use crate::puzzles::eight::generator::EightBoards;
use crate::puzzles::eight_luogu::checker::Counted;
use crate::puzzles::generator::Stress;

pub fn stress() -> Stress {
    Stress {
        generator: Box::new(EightBoards::new(&BOJ)),
        checker: Box::new(Counted(&BOJ)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::optimum::Optimum;

    #[test]
    fn inputs_are_one_board_in_rows_solvable_or_not() {
        let Stress { generator, checker } = stress();
        let (mut distances, mut unsolvable) = (std::collections::BTreeSet::new(), 0);
        for index in 0..400 {
            let (input, cases) = generator.input(5, index, 100);
            assert_eq!(cases, 1);
            let rows: Vec<&str> = input.lines().collect();
            assert_eq!(rows.len(), 3, "three lines: {input:?}");
            assert!(rows.iter().all(|r| r.split(' ').count() == 3), "{input:?}");
            match checker.optima(input.as_bytes()).expect("a board")[..] {
                [Optimum::Moves(n)] => _ = distances.insert(n),
                _ => unsolvable += 1,
            }
        }
        assert!(distances.contains(&0) && distances.contains(&31));
        assert!((50..150).contains(&unsolvable), "{unsolvable} of 400");
        assert_eq!(generator.input(5, 9, 1), generator.input(5, 9, 1));
        assert!(generator
            .smaller("1 0 3\n4 2 5\n7 8 6\n", Some(0))
            .is_empty());
    }
}
