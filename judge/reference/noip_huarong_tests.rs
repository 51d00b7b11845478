//! Unit tests of the NOIP 2013 华容道 reference, kept apart so that integration tests, which include
//! the reference by `#[path]`, do not run them again.

use super::reference::*;

const SAMPLE: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";

fn optima(input: &str) -> Vec<Option<u64>> {
    let game = parse(input).expect("valid input");
    game.queries.iter().map(|q| optimum(&game, q)).collect()
}

#[test]
fn the_contest_sample() {
    assert_eq!(optima(SAMPLE), [Some(2), None]);
}

#[test]
fn a_piece_on_its_target_and_a_fixed_target() {
    assert_eq!(
        optima("1 2 2\n1 1\n1 1 1 2 1 2\n1 2 1 1 1 2\n"),
        [Some(0), Some(1)]
    );
    assert_eq!(optima("2 2 1\n1 1\n1 0\n1 1 1 2 2 2\n"), [None]);
}

#[test]
fn on_an_open_square_a_piece_goes_round_its_own_corner() {
    // 2×2, all open, the empty cell on the target (2,2) and the piece at (1,1): the empty cell steps
    // to (2,1), the piece slides down into it, the empty cell goes round by (1,2) to (2,2), and the
    // piece slides right: 5 moves.
    let game = "2 2 1\n1 1\n1 1\n2 2 1 1 2 2\n";
    assert_eq!(optima(game), [Some(5)]);
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
