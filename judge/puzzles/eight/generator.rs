//! Random Eight inputs: POJ's many boards an input, half drawn by their distance to the goal (so
//! the hardest, 31 moves away, come up as often as the easy ones) and half uniformly among all 9!
//! arrangements (so half of those are unsolvable); Baekjoon 1525's one board an input, drawn the
//! same two ways; Luogu P1379's one board an input, always drawn by its distance, since P1379's data
//! can always reach the goal.

use super::checker::{Eight, Format, POJ};
use super::reference::{Board, GOAL};
use crate::puzzles::generator::{cuts, Generator, Stress};
use crate::puzzles::rng::Rng;

pub fn stress() -> Stress {
    Stress {
        generator: Box::new(EightBoards::new(&POJ)),
        checker: Box::new(Eight),
    }
}

/// Every solvable board of a format, by its distance to the goal.
pub struct EightBoards {
    format: &'static Format,
    layers: Vec<Vec<Board>>,
}

impl EightBoards {
    pub fn new(format: &'static Format) -> Self {
        let layers = format.distances().layers();
        EightBoards { format, layers }
    }

    /// A board by its distance, or, for a format with unsolvable boards, half the time among all 9!
    /// arrangements.
    fn board(&self, rng: &mut Rng) -> Board {
        if !self.format.unsolvable || rng.percent(50) {
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
        let cases = if self.format.many { cases.max(1) } else { 1 };
        let boards: Vec<Board> = (0..cases).map(|_| self.board(&mut rng)).collect();
        (self.format.render(&boards), cases)
    }

    /// Smaller inputs: delta debugging's `cuts` of the boards, the failing case alone first. Taken
    /// again from each that still fails, they end at the one or two boards that matter.
    fn smaller(&self, input: &str, case: Option<usize>) -> Vec<String> {
        let Ok(boards) = (self.format.parse)(input.as_bytes()) else {
            return Vec::new();
        };
        let cuts = cuts(&boards, case.filter(|&c| c < boards.len()));
        cuts.iter()
            .map(|boards| self.format.render(boards))
            .collect()
    }

    fn rendered(&self, input: &str) -> Option<String> {
        let boards = (self.format.parse)(input.as_bytes()).ok()?;
        Some(self.format.render(&boards))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::eight::reference::parse_boards;
    use std::sync::OnceLock;

    fn boards() -> &'static EightBoards {
        static BOARDS: OnceLock<EightBoards> = OnceLock::new();
        BOARDS.get_or_init(|| EightBoards::new(&POJ))
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
        let distances = POJ.distances();
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
            smaller[0], "1 2 3 4 5 6 7 x 8\n",
            "the failing case alone first"
        );
        assert_eq!(smaller[1], "1 2 3 4 5 6 7 8 x\n", "then the first half");
        assert!(smaller.iter().all(|s| s.lines().count() < 3));
        assert!(boards().smaller("1 2 3 4 5 6 7 8 x\n", Some(0)).is_empty());
    }

    /// Shrinks `input` as `judge stress` does, with `fails` in place of a run: the first smaller
    /// input that still fails, again, until none does. Returns the boards left and the runs.
    fn shrunk(input: String, fails: impl Fn(&[Board]) -> bool) -> (Vec<Board>, usize) {
        let (mut smallest, mut runs) = (input, 0);
        'smaller: loop {
            for candidate in boards().smaller(&smallest, None) {
                runs += 1;
                if fails(&parse_boards(candidate.as_bytes()).expect("valid")) {
                    smallest = candidate;
                    continue 'smaller;
                }
            }
            return (parse_boards(smallest.as_bytes()).expect("valid"), runs);
        }
    }

    #[test]
    fn shrinking_ends_at_the_cases_a_failure_needs() {
        let generator = boards();
        let mut rng = Rng::new(21);
        for trial in 0..300 {
            let (input, _) = generator.input(21, trial, 2 + rng.below(60) as u64);
            let all = parse_boards(input.as_bytes()).expect("valid");
            // A failure that needs one board, or two (a state one case leaves for a later one).
            let needed: Vec<Board> = match rng.percent(50) {
                true => vec![rng.pick(&all)],
                false => vec![rng.pick(&all), rng.pick(&all)],
            };
            let fails = |boards: &[Board]| needed.iter().all(|n| boards.contains(n));
            let (mut left, runs) = shrunk(input, fails);
            // No board can go: each needed one is left, once, and nothing else.
            let mut distinct = needed.clone();
            distinct.sort_unstable();
            distinct.dedup();
            left.sort_unstable();
            assert_eq!(left, distinct, "trial {trial}");
            assert!(runs < 1000, "trial {trial}: {runs} runs");
        }
    }
}
