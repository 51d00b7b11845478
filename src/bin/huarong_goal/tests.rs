//! Unit tests of huarong_goal.rs: the masks, the positions, the table, the reading of the input
//! and small searches. They run in the suite, which includes the solution as a module
//! (tests/suite/solutions/huarong_goal.rs); plain `rustc` never reads this file.

use super::*;

fn puzzle(input: &str) -> Puzzle<'_> {
    match parse(input.as_bytes()) {
        Ok((puzzle, None)) => puzzle,
        Ok((_, Some(warning))) => panic!("warning: {}", warning),
        Err(e) => panic!("{}", e),
    }
}

/// The answer `run` writes, as text.
fn answer(input: &str) -> String {
    let mut out = Vec::new();
    match run(input.as_bytes(), &mut out, false) {
        Ok(None) => String::from_utf8(out).expect("UTF-8"),
        Ok(Some(warning)) => panic!("warning: {}", warning),
        Err(e) => panic!("{:?}", e),
    }
}

fn moves_needed(input: &str) -> Option<usize> {
    solve(&puzzle(input), false).map(|moves| moves.len())
}

#[test]
fn a_block_steps_slides_and_wanders_by_the_metric() {
    // A single in the top-left corner of an empty 3×3 box.
    for (metric, reached) in [
        ("steps", 0b000_000_010 | 0b000_001_000),
        ("straight", 0b000_000_110 | 0b001_001_000),
        ("moves", 0b111_111_110),
    ] {
        let input = format!(
            "3 3\nA . .\n. . .\n. . .\n. A .\n. . .\n. . .\n{}\n",
            metric
        );
        let p = puzzle(&input);
        let g = Board::new(&p);
        assert_eq!(g.reach(0, 0, g.cells), reached, "{}", metric);
    }
}

#[test]
fn a_row_may_fill_the_whole_word() {
    let row = format!("A{}", " .".repeat(63));
    let end = format!("{}A", ". ".repeat(63));
    let input = format!("1 64\n{}\n{}\nstraight\n", row, end);
    let p = puzzle(&input);
    let g = Board::new(&p);
    assert_eq!(g.cells, u64::MAX);
    assert_eq!(g.step(1, 0), 0, "up from the only row");
    assert_eq!(g.step(1 << 63, 1), 0, "down from it");
    assert_eq!(g.reach(0, 0, g.cells), u64::MAX - 1);
    assert_eq!(
        moves_needed(&format!("1 64\n{}\n{}\nstraight\n", row, end)),
        Some(1)
    );
    assert_eq!(
        moves_needed(&format!("1 64\n{}\n{}\nsteps\n", row, end)),
        Some(63)
    );
    let column = "A\n".to_string() + &".\n".repeat(63);
    let bottom = ".\n".repeat(63) + "A\n";
    assert_eq!(
        moves_needed(&format!("64 1\n{}{}straight\n", column, bottom)),
        Some(1)
    );
}

#[test]
fn a_position_is_one_anchor_mask_a_shape() {
    let p = puzzle(CLASSIC_TO_SOLVED);
    assert_eq!(p.shapes.len(), 4, "vertical, 2×2, horizontal, single");
    // H I J K anchored at 0, 3, 8, 11; A at 1; B at 9; N O P Q at 13, 14, 16, 19.
    let start = [1 | 1 << 3 | 1 << 8 | 1 << 11, 1 << 1, 1 << 9];
    assert_eq!(p.start[..3], start);
    assert_eq!(p.start[3], 1 << 13 | 1 << 14 | 1 << 16 | 1 << 19);
    assert_eq!(p.goal[1], 1 << 13, "the 2×2 block at the bottom centre");
}

#[test]
fn the_table_numbers_positions_in_order_as_it_grows() {
    let mut table = Table::new(2);
    for i in 0..5000u64 {
        assert!(table.insert(&[i, i * 7]));
        assert_eq!(table.len(), i as usize + 1);
    }
    assert!(!table.insert(&[3, 21]));
    assert_eq!(table.len(), 5000);
    assert!(table.slots.len() >= 5000 * 4 / 3);
    assert_eq!(table.find(&[4999, 4999 * 7]), Some(4999));
    assert_eq!(table.find(&[1, 1]), None);
    assert_eq!(table.key(17), [17, 119]);
}

/// 横刀立马 to a solved layout, the 2×2 block at the bottom centre: 84 moves.
const CLASSIC_TO_SOLVED: &str = "5 4\nH A A I\nH A A I\nJ B B K\nJ N O K\nP . . Q\n\n\
                                 H J K I\nH J K I\n. B B .\nN A A O\nP A A Q\n";

#[test]
fn the_classic_reaches_a_solved_layout_in_84_moves() {
    let text = answer(CLASSIC_TO_SOLVED);
    assert!(text.starts_with("84\n"), "{}", text);
    assert_eq!(text.lines().count(), 85);
}

#[test]
fn a_goal_that_only_swaps_same_shape_blocks_is_solved_already() {
    assert_eq!(answer("1 3\nA B .\nB A .\n"), "0\n");
    let mirror = "5 4\nH A A I\nH A A I\nJ B B K\nJ N O K\nP . . Q\n\
                  I A A H\nI A A H\nK B B J\nK O N J\nQ . . P\n";
    assert_eq!(answer(mirror), "0\n");
    assert_eq!(answer("2 2\nA B\nC D\nD C\nB A\n"), "0\n", "a full board");
}

#[test]
fn the_moves_name_the_start_blocks_whatever_the_goal_calls_them() {
    // The goal calls the single `A` and the domino `b`: blocks pair up by shape, not by name.
    let input = "2 3\nb . .\nA A .\n\n. A .\n. b b\nsteps\n";
    let mut lines: Vec<String> = answer(input).lines().map(String::from).collect();
    lines.sort();
    assert_eq!(lines, ["2", "A (1,0) (1,1)", "b (0,0) (0,1)"]);
}

#[test]
fn unsolvable_pairs_say_so() {
    assert_eq!(
        answer("1 3\nA A B\nB A A\n"),
        "unsolvable\n",
        "a full board"
    );
    assert_eq!(answer("1 3\nA . B\n. A B\n"), "1\nA (0,0) (0,1)\n");
    assert_eq!(
        answer("1 4\nA . B B\nB B . A\n"),
        "unsolvable\n",
        "they cannot pass"
    );
    let upside_down = "5 4\nH A A I\nH A A I\nJ B B K\nJ N O K\nP . . Q\n\
                       P . . Q\nJ N O K\nJ B B K\nH A A I\nH A A I\n";
    let _ = upside_down; // unreachable, but a search of 36,000 positions: the suite runs it once
}

#[test]
fn names_may_be_long_and_empty_cells_any_run_of_dots() {
    let input = "2 2\nCaoCao .\n... ZhaoYun\n\n.. CaoCao\n. ZhaoYun\n";
    assert_eq!(answer(input), "1\nCaoCao (0,0) (0,1)\n");
}

#[test]
fn tokens_know_their_line_and_column() {
    // Blank lines, NUL and 0x1A separate tokens; a column counts characters.
    let text = "\n\0 1 2\n\u{1a}\n  é A\tB";
    let mut tokens = Tokens { text, rest: text };
    assert_eq!(tokens.next(5), Some((vec!["1", "2"], 2)));
    let (line, count) = tokens.next(1).expect("a fourth line");
    assert_eq!((line.len(), count), (1, 3), "the first kept, all counted");
    assert_eq!(tokens.error(line[0], "here"), "line 4, column 3: here");
    assert_eq!(tokens.next(1), None);
    assert_eq!(tokens.error(tokens.rest, "end"), "line 4, column 8: end");
}
