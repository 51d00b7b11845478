//! The unit tests of huarong.rs: its parts (shapes, keys, the set, mirror images, the reader) and
//! the inputs that only an in-process call reaches. Plain `rustc` never reads this file; the suite
//! runs it (tests/suite/solutions/huarong_random.rs includes the solution), and the behaviour a
//! user sees is tested in tests/suite/solutions/huarong.rs.

use super::*;

const CLASSIC: &str = "5 4\nA C C B\nA C C B\nD E E F\nD G H F\nI . . J\nC\n3 1\n";

/// The answer to `input`, and the warning for ignored text as `main` prints it, if any.
fn answer_and_warning(input: &[u8]) -> Result<(String, Option<String>), String> {
    let mut out = Vec::new();
    let warning = run(input, &mut out, false)?;
    let answer = String::from_utf8(out).expect("UTF-8 output");
    Ok((answer, warning.map(|w| format!("huarong: warning: {w}"))))
}

/// The answer to `input`, which must not draw a warning.
fn answer(input: &str) -> Result<String, String> {
    let (answer, warning) = answer_and_warning(input.as_bytes())?;
    assert_eq!(warning, None, "{input:?}");
    Ok(answer)
}

/// The puzzle in `input`, which must be valid and end without ignored text.
fn puzzle(input: &str) -> Puzzle<'_> {
    let (puzzle, ignored) = parse(input.as_bytes()).expect("valid");
    assert!(ignored.is_none(), "{input:?}");
    puzzle
}

/// The number of moves answered, or `None` for `unsolvable`.
fn moves_of(input: &str) -> Option<usize> {
    let out = answer(input).expect("valid input");
    let first = out.lines().next().expect("an answer");
    (first != "unsolvable").then(|| first.parse().expect("a move count first"))
}

/// The input of a `rows` × `cols` board whose cell i holds `cell(i)`, then `end`.
fn grid(rows: usize, cols: usize, cell: impl Fn(usize) -> String, end: &str) -> String {
    let grid: Vec<String> = (0..rows * cols).map(cell).collect();
    let lines: Vec<String> = grid.chunks(cols).map(|r| r.join(" ")).collect();
    format!("{rows} {cols}\n{}\n{end}", lines.join("\n"))
}

#[test]
fn same_shapes_share_an_index_but_the_target_keeps_its_own() {
    let classic = puzzle(CLASSIC);
    assert_eq!(classic.shapes.len(), 4); // target 2×2, vertical, horizontal, single
    assert_eq!(classic.blocks[0].name, "C");
    assert_eq!(classic.start[0], 1 << 1);
    assert_eq!(classic.start[1], 1 << 0 | 1 << 3 | 1 << 8 | 1 << 11);
    let twins = puzzle("1 3\nA . B\nA\n0 2\n");
    let shapes: Vec<usize> = twins.blocks.iter().map(|b| b.shape).collect();
    assert_eq!(shapes, [0, 1]);
}

#[test]
fn a_packed_key_unpacks_to_the_same_position() {
    let board = Board::new(&puzzle(CLASSIC));
    assert_eq!(
        (board.words, board.first.clone()),
        (1, vec![0, 1, 5, 6, 10])
    );
    let position = [
        1 << 13,
        1 << 0 | 1 << 3 | 1 << 8 | 1 << 11,
        1 << 9,
        0b1111 << 16,
    ];
    let mut key = vec![0];
    board.pack(position.iter().copied(), &mut key);
    assert_eq!(
        key[0] & 0o77,
        13,
        "the target, the first block, in the lowest 6 bits"
    );
    let mut back = [0; 4];
    board.unpack(&key, &mut back);
    assert_eq!(back, position);
    assert!(board.solved(&key));
    board.repack(&mut key, 0, 1 << 12);
    assert!(!board.solved(&key));
    board.unpack(&key, &mut back);
    assert_eq!(back[1..], position[1..]);
    // Forty singles on 8×8 (the target one of them): four words; the search still works through them.
    let single = |i: usize| if i >= 24 { format!("S{i}") } else { ".".into() };
    let full = grid(8, 8, single, "S24\n2 0\n");
    let board = Board::new(&puzzle(&full));
    assert_eq!(board.words, 4);
    assert_eq!(moves_of(&full), Some(1));
}

#[test]
fn each_move_s_key_is_its_parent_s_with_one_shape_packed_again() {
    let p = puzzle("2 3\nA B B\n. C .\nA\n1 2\nsteps\n");
    let board = Board::new(&p);
    let mut key = vec![0];
    board.store(&p.start, &mut key);
    let mut out = Vec::new();
    board.successors(&key, &mut out);
    let mut moves = Vec::new();
    neighbours(&board, &p.start, |m| moves.push(m));
    assert_eq!(out.len(), moves.len());
    for (m, got) in moves.iter().zip(&out) {
        let mut after = p.start.clone();
        after[m.shape] ^= 1 << m.from | 1 << m.to;
        let mut want = vec![0];
        board.store(&after, &mut want);
        assert_eq!(*got, want[0], "{m:?}");
    }
}

#[test]
fn the_classic_stores_a_position_and_its_mirror_image_as_one() {
    let p = puzzle(CLASSIC);
    let board = Board::new(&p);
    let mirror = board.mirror.as_ref().expect("the classic is symmetric");
    assert_eq!(mirror.shape, [0, 1, 2, 3]);
    let image: Vec<u64> = mirror.image(&p.start).collect();
    assert_eq!(image, p.start, "横刀立马 is its own mirror image");
    // Moved one way or the other, the single in (3,1) gives one key.
    let (mut left, mut right) = (p.start.clone(), p.start.clone());
    left[3] ^= 1 << 13 | 1 << 17;
    right[3] ^= 1 << 14 | 1 << 18;
    let (mut a, mut b) = (vec![0], vec![0]);
    board.store(&left, &mut a);
    board.store(&right, &mut b);
    assert_eq!(a, b);
    // A goal off the middle line, or a lone L, breaks the symmetry.
    assert!(Board::new(&puzzle(
        "5 4\nA C C B\nA C C B\nD E E F\nD G H F\nI . . J\nC\n3 2\n"
    ))
    .mirror
    .is_none());
    assert!(
        Board::new(&puzzle("3 4\nA A C .\nA B C .\nB B . .\nB\n0 1\n"))
            .mirror
            .is_none()
    );
}

#[test]
fn the_set_keeps_everything_it_is_given_as_its_parts_grow() {
    let mut set = Set::new(2);
    let key = |i: u64| [i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 4, i >> 3];
    assert!((0..100_000).all(|i| set.insert(&key(i), Set::hash(&key(i)))));
    assert!((0..100_000).all(|i| !set.insert(&key(i), Set::hash(&key(i))) && set.contains(&key(i))));
    assert!((100_000..101_000).all(|i| !set.contains(&key(i))));
    let slots: usize = set.parts.iter().map(|part| part.size).sum();
    assert!(
        slots * 7 >= 100_000 * 8 && slots < 100_000 * 2,
        "{slots} slots"
    ); // load 0.5-0.875
}

#[test]
fn insert_all_yields_each_new_key_once_in_order() {
    let mut set = Set::new(1);
    set.insert(&[7], Set::hash(&[7]));
    let batch = [3, 7, 5, 3, 9, 5];
    let new: Vec<u64> = set.insert_all(&batch).map(|key| key[0]).collect();
    assert_eq!(new, [3, 5, 9]);
    assert!(batch.iter().all(|&k| set.contains(&[k])));
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
fn a_long_line_is_read_in_one_pass_keeping_what_a_row_can_use() {
    let tokens = vec!["A"; 200_000].join(" ");
    let started = std::time::Instant::now();
    let mut reader = Tokens {
        text: &tokens,
        rest: &tokens,
    };
    let (kept, count) = reader.next(MAX_CELLS + 1).expect("a line");
    assert_eq!((kept.len(), count), (MAX_CELLS + 1, 200_000));
    let err = answer(&format!("1 64\n{tokens}\n")).expect_err("too many cells");
    assert_eq!(
        err,
        "line 2, column 129: expected 64 cells in board row 1 of 1, found 200000"
    );
    // Linear in the line's length: milliseconds, even in a debug build.
    assert!(started.elapsed().as_secs() < 2);
}

#[test]
fn errors_inside_the_puzzle_still_fail_however_the_input_ends() {
    let err = |input: &[u8]| answer_and_warning(input).expect_err("an error");
    assert_eq!(
        err(b"1 2\nA .\nA\n0 1\nsteps now\n"),
        "line 5, column 7: expected only the metric, found `now`"
    );
    assert_eq!(
        err(b"1 2\nA .\nA\n0 1 \x1a 2\n"),
        "line 4, column 7: expected 2 numbers in the target's goal `r c`, found 3"
    );
    assert_eq!(
        err(b"1 2\nA .\n\0\n"),
        "line 3, column 1: missing the target block's name"
    );
}

/// How the reader must end a puzzle, said plainly: the lines after the goal, as words; the metric,
/// or an error or a warning named by a word of its message.
fn end_as_specified(lines: &[Vec<&str>]) -> Result<(Metric, Option<&'static str>), &'static str> {
    let named = |w: &str| ["moves", "straight", "steps"].iter().position(|m| *m == w);
    let metrics = [Metric::Moves, Metric::Straight, Metric::Steps];
    let first = match lines.first() {
        None => return Ok((Metric::Moves, None)),
        Some(first) => first,
    };
    match (named(first[0]), first.len()) {
        (Some(m), 1) => match lines.get(1) {
            None => Ok((metrics[m], None)),
            Some(next) if next.len() == 1 && named(next[0]).is_some() => Err("second metric line"),
            Some(_) => Ok((metrics[m], Some("ignored text"))),
        },
        (Some(_), _) => Err("expected only the metric"),
        (None, 1) => Err("is not a metric"),
        (None, _) => Ok((Metric::Moves, Some("a metric would be"))),
    }
}

/// Seeded random lines after a puzzle's goal, of words near and far from a metric, each read as
/// `end_as_specified` says.
#[test]
fn random_lines_after_the_goal_end_the_puzzle_as_specified() {
    let words = [
        "moves", "straight", "steps", "Steps", "MOVES", "move", "fast", "x", "stepss",
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut below = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for _ in 0..3000 {
        let lines: Vec<Vec<&str>> = (0..below(4))
            .map(|_| {
                (0..1 + below(3))
                    .map(|_| words[below(words.len())])
                    .collect()
            })
            .collect();
        let text: String = lines.iter().map(|l| l.join(" ") + "\n").collect();
        let input = format!("1 2\nA .\nA\n0 1\n{text}");
        let read = parse(input.as_bytes()).map(|(p, warning)| (p.metric, warning));
        match (end_as_specified(&lines), read) {
            (Ok((metric, None)), Ok((read, None))) => assert_eq!(metric, read, "{input:?}"),
            (Ok((metric, Some(word))), Ok((read, Some(warning)))) => {
                assert_eq!(metric, read, "{input:?}");
                assert!(warning.contains(word), "{input:?}: {warning}");
            }
            (Err(word), Err(error)) => assert!(error.contains(word), "{input:?}: {error}"),
            (expected, read) => panic!("{input:?}: expected {expected:?}, read {read:?}"),
        }
    }
}
