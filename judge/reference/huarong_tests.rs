//! Unit tests of the Huarong Dao reference, kept apart so that integration tests, which include the
//! reference by `#[path]`, do not run them again.

use super::reference::*;

const SAMPLE: &str = "3 4\nA A C .\nA B C .\nB B . .\nB\n0 1\n";
const CLASSIC: &str = "HAAI/HAAI/JBBK/JNOK/P@@Q";

fn puzzle(input: &str) -> Puzzle {
    parse(input).unwrap_or_else(|e| panic!("{e}"))
}

fn with_metric(input: &str, metric: &str) -> Puzzle {
    puzzle(&format!("{input}{metric}\n"))
}

fn classic() -> String {
    from_grid(CLASSIC).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_sample_parses_into_blocks_at_their_corners_and_needs_two_moves() {
    let p = puzzle(SAMPLE);
    let names: Vec<&str> = p.blocks.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["A", "C", "B"]);
    let l_shape = &p.blocks[2];
    assert_eq!(l_shape.cells, [(0, 1), (1, 0), (1, 1)]);
    assert_eq!(l_shape.at, (1, 0));
    assert_eq!((p.target, p.goal, p.metric), (2, (0, 1), Metric::Moves));
    assert_eq!(optimum(&p), Some(2));
}

#[test]
fn the_classic_needs_81_moves() {
    assert_eq!(optimum(&puzzle(&classic())), Some(81));
}

#[test]
fn the_classic_needs_90_straight_moves() {
    assert_eq!(optimum(&with_metric(&classic(), "straight")), Some(90));
}

#[test]
fn the_classic_needs_116_steps() {
    assert_eq!(optimum(&with_metric(&classic(), "steps")), Some(116));
}

#[test]
fn the_metrics_differ_on_turns_and_distance() {
    let corner = "2 2\nA .\n. .\nA\n1 1\n";
    let optima = ["", "straight", "steps"].map(|m| optimum(&with_metric(corner, m)));
    assert_eq!(optima, [Some(1), Some(2), Some(2)]);
    let corridor = "1 3\nA . .\nA\n0 2\n";
    let optima = ["", "straight", "steps"].map(|m| optimum(&with_metric(corridor, m)));
    assert_eq!(optima, [Some(1), Some(1), Some(2)]);
    assert_eq!(optimum(&puzzle("1 2\nA .\nA\n0 0\n")), Some(0));
}

#[test]
fn an_explicit_moves_line_is_the_default_metric() {
    let corner = "2 2\nA .\n. .\nA\n1 1\n";
    assert_eq!(with_metric(corner, "moves"), puzzle(corner));
    assert_eq!(optimum(&with_metric(corner, "moves")), Some(1));
}

#[test]
fn a_full_board_is_solved_already_or_never() {
    for metric in ["", "moves", "straight", "steps"] {
        let solved = with_metric("2 2\nA B\nC D\nA\n0 0\n", metric);
        assert_eq!(search(&solved), (Some(0), 1), "{metric}");
        let stuck = with_metric("2 3\nA A B\nC D D\nD\n0 0\n", metric);
        assert_eq!(search(&stuck), (None, 1), "{metric}");
    }
}

#[test]
fn a_search_within_budget_finds_what_search_finds() {
    // The sample's target meets its goal after the search has seen `seen` positions.
    let sample = puzzle(SAMPLE);
    let (two, seen) = search(&sample);
    assert_eq!(two, Some(2));
    assert_eq!(search_within(&sample, seen), Ok((Some(2), seen)));
    let short = seen - 1;
    let over = Err(TooLarge { max_states: short });
    assert_eq!(search_within(&sample, short), over);
    // A's corner at 0 or 1, B's at 1 or 2, never both at 1: three positions, none solved.
    let stuck = puzzle("1 3\nA . B\nA\n0 2\n");
    assert_eq!(search_within(&stuck, 3), Ok((None, 3)));
    assert_eq!(search_within(&stuck, 2), Err(TooLarge { max_states: 2 }));
    let message = "more than 2 positions: too large for the reference";
    assert_eq!(TooLarge { max_states: 2 }.to_string(), message);
    assert!(search_within(&puzzle(&classic()), 1000).is_err());
}

#[test]
fn puzzles_that_fooled_a_solution_have_these_optima() {
    // Each of these once fooled a solution; in most, the corner of a block's bounding box is
    // empty or another block's cell.
    let cases = [
        ("2 2\nA B\nB .\nB\n0 0\n", Some(0)),
        ("2 4\n. A B .\n. B B C\nC\n1 2\n", Some(3)),
        ("3 2\n. A\n. B\nB .\nB\n0 0\n", Some(2)),
        ("2 3\n. A B\n. B B\nB\n0 0\nsteps\n", Some(2)),
        ("2 3\nA B .\nB A .\nB\n0 1\n", None),
        ("2 3\nA . B\nC B .\nB\n0 0\n", None),
        ("3 4\n. . A A\n. . B B\n. B . C\nA\n1 2\n", None),
        ("3 2\nd d\nZ Z\n. D\nD\n2 0\nsteps\n", Some(1)),
        ("3 3\nA A D\n. . B\n. B D\nB\n1 0\n", Some(1)),
    ];
    for (input, expected) in cases {
        assert_eq!(optimum(&puzzle(input)), expected, "{input}");
    }
}

#[test]
fn the_target_is_never_confused_with_a_block_of_its_shape() {
    // Merging A with B would make "A at (1,1), B at (0,1)", seen after one move, look solved.
    assert_eq!(optimum(&puzzle("2 2\nA B\n. .\nA\n0 1\n")), Some(2));
}

#[test]
fn an_l_shaped_target_waits_for_the_block_in_its_way() {
    // X must leave the goal's corner; then L goes down and right, one move or two.
    let input = "3 3\nL . .\nL L .\n. . X\nL\n1 1\n";
    let p = puzzle(input);
    assert_eq!(p.blocks[0].cells, [(0, 0), (1, 0), (1, 1)]);
    let optima = ["", "straight", "steps"].map(|m| optimum(&with_metric(input, m)));
    assert_eq!(optima, [Some(2), Some(3), Some(3)]);
}

#[test]
fn boards_that_cannot_be_solved_say_none() {
    assert_eq!(optimum(&puzzle("1 3\nA . B\nA\n0 2\n")), None);
    let no_way_out = from_grid("HAAI/HAAI/JKNL/JKOL/P@@Q").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(optimum(&puzzle(&no_way_out)), None);
}

#[test]
fn names_may_be_long_and_empty_cells_any_run_of_dots() {
    let p = puzzle("2 3\nA1 A1 ...\n. B22 .\n\nB22\n0 2\nsteps\n\n");
    assert_eq!(p.blocks.len(), 2);
    assert_eq!((p.blocks[1].name.as_str(), p.target), ("B22", 1));
    assert_eq!(p.metric, Metric::Steps);
    assert_eq!(optimum(&p), Some(2));
}

#[test]
fn malformed_inputs_name_their_line() {
    let cases = [
        ("", "the input ends before the size `m n`"),
        ("3 x\n", "line 1: expected `m n`, found \"3 x\""),
        ("9 8\n", "line 1: a 9×8 board; need 1 ≤ m, n and m·n ≤ 64"),
        ("0 3\n", "line 1: a 0×3 board; need 1 ≤ m, n and m·n ≤ 64"),
        ("1 2\nA . B\n", "line 2: expected 2 cells, found 3"),
        ("1 2\nA .\n", "the input ends before the target's name"),
        (
            "1 2\nA .\nZ\n0 0\n",
            "line 3: target block \"Z\" is not on the board",
        ),
        (
            "1 3\nA B .\nA B\n0 0\n",
            "line 3: expected one target name, found \"A B\"",
        ),
        ("1 2\nA .\nA\n0\n", "line 4: expected `r c`, found \"0\""),
        (
            "1 2\nA .\nA\n0 2\n",
            "line 4: the target A does not fit on the board at (0,2)",
        ),
        (
            "1 2\nA .\nA\n0 1\nfly\n",
            "line 5: unknown metric \"fly\"; expected moves, steps or straight (no line: moves)",
        ),
        (
            "1 2\nA .\nA\n0 0\nsteps\nx\n",
            "line 6: unexpected \"x\" after the last line",
        ),
    ];
    for (input, error) in cases {
        assert_eq!(parse(input), Err(error.to_string()), "{input:?}");
    }
    let huge = "1 2\nA .\nA\n18446744073709551615 18446744073709551615\n";
    assert!(parse(huge).is_err_and(|e| e.contains("does not fit")));
}

fn replayed(input: &str, output: &str) -> Result<Answer, String> {
    replay(&puzzle(input), output.as_bytes())
}

#[test]
fn valid_answers_replay_to_their_claim() {
    let sample = "2\nC (0,2) (1,3)\nB (1,0) (0,1)\n\n  \n";
    assert_eq!(replayed(SAMPLE, sample), Ok(Answer::Moves(2)));
    assert_eq!(replayed(SAMPLE, "unsolvable\n"), Ok(Answer::Unsolvable));
    assert_eq!(replayed("1 2\nA .\nA\n0 0\n", "0\n"), Ok(Answer::Moves(0)));
}

/// Asserts that replaying `output` on the sample fails for `reason`.
fn rejected(output: &str, reason: &str) {
    let found = replayed(SAMPLE, output);
    assert_eq!(found, Err(reason.to_string()), "{output:?}");
}

#[test]
fn unreadable_answers_say_what_was_expected() {
    rejected(
        "",
        "empty output; expected the number of moves or `unsolvable`",
    );
    let two = "first line \"two\" is neither a number of moves nor `unsolvable`";
    rejected("two\n", two);
    rejected("unsolvable\n0\n", "output after `unsolvable`: \"0\"");
    rejected(
        "3\nC (0,2) (1,3)\nB (1,0) (0,1)\n",
        "says 3 moves but lists 2",
    );
    rejected(
        "1\nC (0,2) (1,3)\nB (1,0) (0,1)\n",
        "says 1 moves but lists 2",
    );
    let cut = "move 2: cannot read \"B (1,0) (0,1\"; expected NAME (r1,c1) (r2,c2)";
    rejected("2\nC (0,2) (1,3)\nB (1,0) (0,1\n", cut);
    let extra = "move 1: cannot read \"C (0,2) (1,3) x\"; expected NAME (r1,c1) (r2,c2)";
    rejected("2\nC (0,2) (1,3) x\nB (1,0) (0,1)\n", extra);
    let far = "1\nC (0,2) (99999999999999999999,0)\n";
    assert!(replayed(SAMPLE, far).is_err_and(|e| e.contains("cannot read")));
}

#[test]
fn illegal_moves_name_the_move_and_the_reason() {
    let then_b = "B (1,0) (0,1)\n";
    rejected(
        &format!("2\nQ (0,2) (1,3)\n{then_b}"),
        "move 1: block \"Q\" does not exist",
    );
    let elsewhere = "move 1: block C is at (0,2), not (0,3)";
    rejected(&format!("2\nC (0,3) (1,3)\n{then_b}"), elsewhere);
    let stays = "move 1: block C stays at (0,2): not a move";
    rejected(&format!("2\nC (0,2) (0,2)\n{then_b}"), stays);
    let blocked = "move 1: block B cannot reach (0,1) from (1,0)";
    rejected("2\nB (1,0) (0,1)\nC (0,2) (1,3)\n", blocked);
    let short = "after the last move the target B is at (1,0), not (0,1)";
    rejected("1\nC (0,2) (1,3)\n", short);
    rejected(
        "0\n",
        "says 0 moves, but the target B is at (1,0), not (0,1)",
    );
}

#[test]
fn one_move_means_what_the_metric_says() {
    let corner = "2 2\nA .\n. .\nA\n1 1\n";
    let diagonal = "1\nA (0,0) (1,1)\n";
    assert_eq!(replayed(corner, diagonal), Ok(Answer::Moves(1)));
    let not_straight = "move 1: block A cannot reach (1,1) from (0,0)".to_string();
    assert_eq!(
        replayed(&format!("{corner}straight\n"), diagonal),
        Err(not_straight)
    );
    let corridor = "1 3\nA . .\nA\n0 2\n";
    let slide = "1\nA (0,0) (0,2)\n";
    assert_eq!(
        replayed(&format!("{corridor}straight\n"), slide),
        Ok(Answer::Moves(1))
    );
    let too_far = "move 1: block A cannot reach (0,2) from (0,0)".to_string();
    assert_eq!(replayed(&format!("{corridor}steps\n"), slide), Err(too_far));
}

#[test]
fn a_grid_becomes_the_input_text_with_a_centred_bottom_goal() {
    let expected = "5 4\nH A A I\nH A A I\nJ B B K\nJ N O K\nP . . Q\nA\n3 1\n";
    assert_eq!(classic(), expected);
    let l_target = from_grid("LL../L.../....");
    assert_eq!(
        l_target,
        Ok("3 4\nL L . .\nL . . .\n. . . .\nL\n1 1\n".into())
    );
}

#[test]
fn a_full_grid_makes_a_valid_input_that_is_solved_already_or_never() {
    let stuck = from_grid("AA/BC").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(stuck, "2 2\nA A\nB C\nA\n1 0\n");
    assert_eq!(optimum(&puzzle(&stuck)), None);
    let solved = from_grid("BC/AA").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(optimum(&puzzle(&solved)), Some(0));
}

/// Asserts that `from_grid(grid)` fails for `reason`.
fn refused(grid: &str, reason: &str) {
    assert_eq!(from_grid(grid), Err(reason.to_string()), "{grid:?}");
}

#[test]
fn grids_without_one_clear_target_or_shape_are_refused() {
    refused(
        "AB/..",
        "blocks A and B both have 1 cells: which is the target?",
    );
    let odd = "the target A is 2 wide on a board 3 wide: it cannot be centred";
    refused("AA./...", odd);
    refused("AB/.", "grid row 2 has 1 cells, row 1 has 2");
    refused("/A", "grid \"/A\" has an empty first row");
    let space = "the grid has a space in it: one character per cell, rows split by `/`";
    refused("A B/...", space);
    refused("../..", "the grid has no block");
    let big = from_grid(&["A........"; 8].join("/"));
    assert!(big.is_err_and(|e| e.contains("m·n ≤ 64")));
}
