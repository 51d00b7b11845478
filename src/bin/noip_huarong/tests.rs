//! The unit tests of noip_huarong.rs: the sample, the traps, and the inputs only an in-process call
//! reaches. Plain `rustc` never reads this file; tests/suite/solutions/noip_huarong.rs includes the
//! solution and runs them, and tests the behaviour a user sees.

use super::*;

/// The answers, and the warning or the error as `main` prints them.
fn answers(input: &[u8]) -> (String, Result<String, String>) {
    let mut out = Vec::new();
    let said = match run(input, &mut out, false) {
        Ok(ignored) => Ok(ignored.unwrap_or_default()),
        Err(Failure::BadInput(e)) => Err(e),
        Err(Failure::Io(e)) => panic!("writing to a Vec failed: {}", e),
    };
    (String::from_utf8(out).expect("text"), said)
}

const SAMPLE: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";

/// The components' shortcut changes no answer: on 400 random boards of up to 6×6, a third of the
/// cells fixed, every query is answered alike with it and with it off (every state in one part),
/// and an answer of -1 never costs a search.
#[test]
fn the_components_answer_unreachable_queries_at_once() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut below = move |n: usize| {
        seed ^= seed << 13; // xorshift64: reproducible, and enough for random boards
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut apart, mut joined) = (0, 0);
    for _ in 0..400 {
        let (rows, cols) = (1 + below(6), 1 + below(6));
        let rows_text: Vec<String> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| if below(3) > 0 { "1 " } else { "0 " })
                    .collect()
            })
            .collect();
        let text = format!("{} {} 0\n{}\n", rows, cols, rows_text.join("\n"));
        let (board, _) = read_board(&mut Tokens::new(text.as_bytes())).expect("a board");
        let cells: Vec<usize> = (0..board.open.len()).filter(|&c| board.open[c]).collect();
        if cells.len() < 2 {
            continue; // no query has an empty cell and a piece
        }
        let walks = Walks::new(&board);
        let mut one_part = Walks::new(&board);
        one_part.component.iter_mut().for_each(|part| *part = 0);
        let mut search = Search::new(board.open.len());
        for _ in 0..20 {
            let (empty, piece) = (cells[below(cells.len())], cells[below(cells.len())]);
            let goal = below(board.open.len());
            if empty == piece {
                continue;
            }
            let q = Query { empty, piece, goal };
            let (moves, settled) = solve(&board, &walks, &q, &mut search);
            assert_eq!(moves, solve(&board, &one_part, &q, &mut search).0);
            match moves {
                None => {
                    assert_eq!(settled, 0, "a search for a -1");
                    apart += 1;
                }
                Some(_) => joined += 1,
            }
        }
    }
    assert!(
        apart > 500 && joined > 500,
        "{} -1s, {} answers",
        apart,
        joined
    );
}

#[test]
fn the_contest_sample() {
    assert_eq!(
        answers(SAMPLE.as_bytes()),
        ("2\n-1\n".into(), Ok("".into()))
    );
}

#[test]
fn a_piece_on_its_target_needs_no_move() {
    let open = b"2 2 2\n1 1\n1 0\n1 1 1 2 1 2\n1 1 1 2 2 2\n";
    assert_eq!(answers(open), ("0\n-1\n".into(), Ok("".into())));
}

#[test]
fn one_row_lets_the_piece_move_only_toward_the_empty_cell() {
    let row = b"1 4 2\n1 1 1 1\n1 1 1 2 1 1\n1 1 1 2 1 4\n";
    assert_eq!(answers(row), ("1\n-1\n".into(), Ok("".into())));
}

#[test]
fn a_one_cell_board_has_no_query_to_answer() {
    assert_eq!(answers(b"1 1 0\n1\n"), ("".into(), Ok("".into())));
    let (out, said) = answers(b"1 1 1\n1\n1 1 1 1 1 1\n");
    assert_eq!(out, "");
    assert_eq!(
        said,
        Err(
            "line 3, column 5: query 1: the empty cell and the chosen piece are the same cell"
                .into()
        )
    );
}

#[test]
fn a_nul_or_an_end_of_file_byte_inside_the_input_is_bad_input() {
    let (out, said) = answers(b"1 2 2\n1 1\n1 1 1 2 1 1\n1 1 1\x002 1 1\n");
    assert_eq!(out, "1\n");
    let nul =
        "line 4, column 5: query 2's piece row is `1\\02`, expected a whole number from 1 to 1";
    assert_eq!(said, Err(nul.into()));
    let said = answers(b"1 2\x1a 0\n1 1\n").1;
    let eof = "line 1, column 3: m is `2\\u{1a}`, expected a whole number from 1 to 30";
    assert_eq!(said, Err(eof.into()));
}
