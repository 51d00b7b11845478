//! The solution's own tests: the rank, the parity trap, the sample, Luogu's and Baekjoon's formats.

use super::*;

/// The output, and the warning or the error.
fn answer(input: &str) -> (String, Result<Option<String>, String>) {
    let mut out = Vec::new();
    let result = run(input.as_bytes(), &mut out, false);
    (String::from_utf8(out).expect("output is ASCII"), result)
}

fn board(text: &str) -> Board {
    let mut reader = Reader {
        input: text.as_bytes(),
        at: 0,
        case: 0,
        blank: if text.contains('x') { b'x' } else { b'0' },
        note: None,
    };
    match reader.board() {
        Ok(Some(board)) => board,
        other => panic!("not a board: {text}: {other:?}"),
    }
}

/// A BFS from each goal by rank: had two boards shared one, fewer than 9!/2 would be found.
#[test]
fn cantor_rank_numbers_the_boards_one_to_one() {
    assert_eq!(cantor_rank(&[0, 1, 2, 3, 4, 5, 6, 7, 8]), 0);
    assert_eq!(cantor_rank(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), BOARDS - 1);
    for goal in [GOAL, LUOGU_GOAL] {
        let mut seen = vec![false; BOARDS];
        let mut stack = vec![goal];
        seen[cantor_rank(&goal)] = true;
        let mut found = 1;
        while let Some(board) = stack.pop() {
            for (_, next) in neighbours(board) {
                if !std::mem::replace(&mut seen[cantor_rank(&next)], true) {
                    found += 1;
                    stack.push(next);
                }
            }
        }
        assert_eq!(found, BOARDS / 2);
    }
}

#[test]
fn sample_is_solved_in_19_moves() {
    let (out, result) = answer("2  3  4  1  5  x  7  6  8\n");
    assert_eq!(result, Ok(None));
    let moves = out.trim_end();
    assert_eq!(moves.len(), 19);
    let end = moves.bytes().try_fold(board("23415x768"), |b, letter| {
        slide(&b, LETTERS.iter().position(|&l| l == letter)?)
    });
    assert_eq!(end, Some(GOAL));
}

#[test]
fn parity_decides_solvability() {
    // Swapping two tiles flips the parity: the classic trap.
    assert_ne!(parity(&board("21345678x")), parity(&GOAL));
    assert_eq!(parity(&board("x12345678")), parity(&GOAL));
    // Luogu's goal has seven inversions: POJ's goal cannot reach it.
    assert_ne!(parity(&GOAL), parity(&LUOGU_GOAL));
    assert_eq!(answer("21345678x 12345678x").0, "unsolvable\n\n");
}

#[test]
fn luogus_format_is_read_from_a_zero_and_answered_by_the_count() {
    // P1379's sample: four moves to 1 2 3 / 8 0 4 / 7 6 5.
    assert_eq!(answer("283104765\n"), ("4\n".to_string(), Ok(None)));
    assert_eq!(answer("123804765").0, "0\n");
    assert_eq!(answer("123840765").0, "1\n");
    // Two tiles swapped: the parity says no at once.
    assert_eq!(answer("213804765").0, "-1\n");
    let error = answer("283104769").1.expect_err("an error");
    assert!(
        error.ends_with("'9' is not a cell; expected 0-8"),
        "{error}"
    );
}

#[test]
fn baekjoons_samples_are_answered_3_and_minus_1() {
    assert_eq!(
        answer("1 0 3\n4 2 5\n7 8 6\n"),
        ("3\n".to_string(), Ok(None))
    );
    assert_eq!(answer("3 6 0\n8 1 2\n7 4 5\n").0, "-1\n");
    assert_eq!(answer("1 2 3\n4 5 6\n7 8 0\n").0, "0\n");
}

#[test]
fn nine_digits_in_one_token_are_luogus_else_baekjoons() {
    // The same board, 1 2 3 / 4 5 6 / 7 0 8: one move from Baekjoon's goal, the other parity than
    // Luogu's.
    assert_eq!(answer("123456708").0, "-1\n");
    assert_eq!(
        answer("  123456708\r\n").0,
        "-1\n",
        "whitespace around the token"
    );
    assert_eq!(
        answer("1 2 3 4 5 6 7 0 8").0,
        "1\n",
        "nine numbers on one line"
    );
    assert_eq!(answer("123\n456\n708\n").0, "1\n", "a square of digits");
    assert_eq!(answer("1234 56708").0, "1\n", "any other split");
}

#[test]
fn the_first_board_decides_the_form_of_the_input() {
    let boj = "1 0 3\n4 2 5\n7 8 6\n\n3 6 0\n8 1 2\n7 4 5\n123456780\n";
    assert_eq!(answer(boj).0, "3\n-1\n0\n");
    assert_eq!(answer("283104765\n1 2 3\n8 0 4\n7 6 5\n").0, "4\n0\n");
    let error = answer("1 0 3 4 2 5 7 8 x").1.expect_err("an error");
    assert!(
        error.ends_with("'0' is not a cell; expected 1-8 or x"),
        "{error}"
    );
}

/// Any spacing of a `0` board: Luogu's exactly when its nine digits stand together as one token.
#[test]
fn a_zero_board_is_luogus_exactly_when_its_digits_touch() {
    let mut seed: u64 = 0x1525;
    let mut luogus = 0;
    for _ in 0..2000 {
        let (mut text, mut split) = (String::new(), false);
        for (i, digit) in "103425786".chars().enumerate() {
            seed ^= seed << 13; // xorshift64
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let gaps = [" ", "\n", "\r\n", "\t", "  "];
            let gap = if seed % 10 == 0 {
                gaps[(seed / 10 % 5) as usize]
            } else {
                ""
            };
            if i > 0 {
                split |= !gap.is_empty();
            }
            text += gap;
            text.push(digit);
        }
        let luogu = form_of(text.as_bytes()).1 == LUOGU_GOAL;
        assert_eq!(luogu, !split, "{:?}", text);
        luogus += luogu as usize;
    }
    assert!(
        (500..1300).contains(&luogus),
        "{luogus} of 2000 as one token"
    );
}
