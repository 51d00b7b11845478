//! The unit tests of huarong.rs: its parts (shapes, packing, the position set, the tokenizer) and
//! the inputs that only an in-process call reaches. Plain `rustc` never reads this file; the suite
//! runs it (tests/suite/solutions/huarong_random.rs includes the solution), and the behaviour a
//! user sees is tested in tests/suite/solutions/huarong.rs.

use super::*;

const CLASSIC: &str = "5 4\nA C C B\nA C C B\nD E E F\nD G H F\nI . . J\nC\n3 1\n";

/// The answer to `input`, and the warning for ignored text as `main` prints it, if any.
fn answer_and_warning(input: &[u8]) -> Result<(String, Option<String>), InputError> {
    let mut out = Vec::new();
    match run(input, &mut out, false) {
        Ok(warning) => {
            let answer = String::from_utf8(out).expect("UTF-8 output");
            Ok((answer, warning.map(|w| format!("huarong: warning: {w}"))))
        }
        Err(Failure::BadInput(e)) => Err(e),
        Err(Failure::Io(e)) => panic!("writing to a Vec failed: {e}"),
    }
}

/// The answer to `input`, which must not draw a warning.
fn answer(input: &str) -> Result<String, InputError> {
    let (answer, warning) = answer_and_warning(input.as_bytes())?;
    assert_eq!(warning, None, "{input:?}");
    Ok(answer)
}

/// The puzzle in `input`, which must be valid and end without ignored text.
fn puzzle(input: &str) -> Puzzle {
    let (puzzle, ignored) = parse(input).expect("valid");
    assert!(ignored.is_none(), "{input:?}");
    puzzle
}

/// The number of moves answered, or `None` for `unsolvable`.
fn moves_of(input: &str) -> Option<usize> {
    let out = answer(input).expect("valid input");
    let first = out.lines().next().expect("an answer");
    (first != "unsolvable").then(|| first.parse().expect("a move count first"))
}

#[test]
fn same_shapes_share_an_index_but_the_target_keeps_its_own() {
    let classic = puzzle(CLASSIC);
    assert_eq!(classic.shapes.len(), 4); // target 2×2, vertical, horizontal, single
    assert_eq!(classic.blocks[0].name, "C");
    let twins = puzzle("1 3\nA . B\nA\n0 2\n");
    assert_eq!(
        twins.blocks.iter().map(|b| b.shape).collect::<Vec<_>>(),
        [0, 1]
    );
}

#[test]
fn positions_pack_and_unpack_every_shape_s_anchors() {
    let board = Board::new(&puzzle(CLASSIC));
    // target 12 anchors: 4-bit index; verticals 16: 4 × 4 bits; horizontal 15: 4 bits; singles: 20.
    let widths: Vec<u32> = board.packing.fields.iter().map(|f| f.width).collect();
    assert_eq!((widths, board.packing.words), (vec![4, 16, 4, 20], 1));
    let anchors = [
        1 << 13,
        1 << 0 | 1 << 3 | 1 << 8 | 1 << 11,
        1 << 9,
        0b1111 << 16,
    ];
    let p = board.packing.pack::<1>(&anchors);
    let mut back = [0; 4];
    board.packing.unpack(p, &mut back);
    assert_eq!(back, anchors);
    assert!(board.solved(p));
    let moved = board.packing.repack(p, 0, 1 << 12);
    assert!(!board.solved(moved));
    assert_eq!(board.packing.anchors_of(moved, 3), anchors[3]);
    // Twenty singles on a 6×6 board: a 36-bit mask beats twenty 6-bit indices.
    let grid: Vec<String> = (0..36)
        .map(|i| if i < 20 { format!("S{i}") } else { ".".into() })
        .collect();
    let rows: Vec<String> = grid.chunks(6).map(|r| r.join(" ")).collect();
    let many = format!("6 6\n{}\nS0\n5 5\n", rows.join("\n"));
    let board = Board::new(&puzzle(&many));
    let widths: Vec<u32> = board.packing.fields.iter().map(|f| f.width).collect();
    assert_eq!(widths, [6, 36]);
    // Forty singles on 8×8: a 64-bit field fills a word, top bit too, so a second word marks
    // empty slots; the search still works through it.
    let grid: Vec<String> = (0..64)
        .map(|i| if i >= 24 { format!("S{i}") } else { ".".into() })
        .collect();
    let rows: Vec<String> = grid.chunks(8).map(|r| r.join(" ")).collect();
    let full_width = format!("8 8\n{}\nS24\n2 0\n", rows.join("\n"));
    let board = Board::new(&puzzle(&full_width));
    let widths: Vec<u32> = board.packing.fields.iter().map(|f| f.width).collect();
    assert_eq!((widths, board.packing.words), (vec![6, 64], 3));
    assert_eq!(moves_of(&full_width), Some(1));
}

#[test]
fn the_position_set_keeps_everything_it_is_given_as_its_parts_grow() {
    let mut set = PositionSet::<2>::new();
    let p = |i: u64| Position([i.wrapping_mul(0x9e37_79b9_7f4a_7c15), i >> 3]);
    assert!((0..100_000).all(|i| set.insert(p(i))));
    assert_eq!(set.len, 100_000);
    assert!((0..100_000).all(|i| !set.insert(p(i)) && set.contains(p(i))));
    assert!((100_000..101_000).all(|i| !set.contains(p(i))));
    let slots: usize = set.parts.iter().map(|part| part.slots.len()).sum();
    assert!(
        slots * 7 >= 100_000 * 8 && slots < 100_000 * 2,
        "{slots} slots"
    ); // load 0.5-0.875
}

#[test]
fn more_than_fifteen_shapes_are_fine() {
    // Seventeen pairs of cells, each pair a different shape (most of them in two parts), and singles.
    let input = "8 8\n\
        A A B C B D C E\n\
        F G H I F D G J\n\
        K L M N O s0 K E\n\
        P M L Q s1 s2 O P\n\
        s3 s4 H s5 N s6 s7 s8\n\
        s9 s10 Q I s11 s12 s13 s14\n\
        s15 s16 s17 s18 s19 s20 s21 J\n\
        s22 s23 s24 s25 s26 s27 s28 .\n\
        s28\n7 7\n";
    assert_eq!(puzzle(input).shapes.len(), 19); // the target, 17 pairs, singles
    assert_eq!(moves_of(input), Some(1));
}

#[test]
fn a_strip_of_64_cells_moves_its_blocks_in_every_metric() {
    // One row is the whole word: shifting up by a row must leave nothing, not the row itself.
    let blocks: Vec<String> = (0..62).map(|i| format!("B{i}")).collect();
    let strip = format!("1 64\nA . {}\nA\n0 1\n", blocks.join(" "));
    for metric in ["moves", "straight", "steps"] {
        assert_eq!(moves_of(&format!("{strip}{metric}\n")), Some(1), "{metric}");
    }
    let column = format!("64 1\nA\n.\n{}\nA\n1 0\nstraight\n", blocks.join("\n"));
    assert_eq!(moves_of(&column), Some(1));
}

#[test]
fn a_long_line_is_read_in_one_pass_and_keeps_only_what_a_row_can_use() {
    let tokens = vec!["A"; 200_000].join(" ");
    let started = std::time::Instant::now();
    let (kept, count) = split(&tokens, 1);
    assert_eq!((kept.len(), count), (MAX_CELLS + 1, 200_000));
    assert_eq!(kept[MAX_CELLS].column, 2 * MAX_CELLS + 1);
    // Linear in the line's length: milliseconds, even in a debug build.
    assert!(started.elapsed().as_secs() < 2);
}

#[test]
fn errors_inside_the_puzzle_still_fail_however_the_input_ends() {
    let err = |input: &[u8]| answer_and_warning(input).expect_err("an error").to_string();
    assert_eq!(
        err(b"1 2\nA .\nA\n0 1\nsteps now\n"),
        "line 5, column 7: expected only the metric, found `now`"
    );
    assert_eq!(
        err(b"1 2\nA .\nA\n0 1 \x1a 2\n"),
        "line 4, column 1: expected the target's goal `r c`, found 3 values"
    );
    assert_eq!(
        err(b"1 2\nA .\n\0\n"),
        "line 3, column 1: missing the target block's name"
    );
}
