//! The Eight checker: each answer line must be `unsolvable` exactly when the board is, else legal moves
//! that end at the goal in as few moves as the reference's BFS table says.

#[path = "../reference/eight.rs"]
pub mod reference;
#[cfg(test)]
#[path = "../reference/eight_tests.rs"]
mod reference_tests;

use super::{
    answer_lines, cut_short, head, verdict_of, Checked, Checker, Frame, Optima, MAX_FRAMES,
};
use reference::{apply, parse_boards, Board, Distances, GOAL};
use std::sync::OnceLock;

/// Builds the reference table (all 181,440 boards) on first use, once per run.
#[derive(Default)]
pub struct Eight {
    distances: OnceLock<Distances>,
}

impl Eight {
    fn distances(&self) -> &Distances {
        self.distances.get_or_init(Distances::build)
    }
}

impl Checker for Eight {
    fn optima(&self, input: &[u8]) -> Result<Vec<Option<u64>>, String> {
        let boards = parse_boards(input)?;
        Ok(boards
            .iter()
            .map(|b| self.distances().get(b).map(u64::from))
            .collect())
    }

    fn check(&self, input: &[u8], output: &[u8], optima: &Optima) -> Checked {
        let boards = match parse_boards(input) {
            Ok(boards) if boards.len() == optima.len() => boards,
            Ok(_) => return Checked::BadTest("optima do not match the input's cases".into()),
            Err(e) => return Checked::BadTest(format!("input {e}")),
        };
        // Only as many lines as cases are kept: a flood of lines costs no memory.
        let mut lines = answer_lines(output);
        let answers: Vec<&[u8]> = lines.by_ref().take(boards.len()).collect();
        if let Some((extra, text)) = lines.enumerate().find(|(_, l)| !l.is_empty()) {
            let line = boards.len() + extra + 1;
            let reason = format!("line {line}: output after the last case: '{}'", head(text));
            return Checked::Wrong { reason, cost: None };
        }
        let cases = boards
            .iter()
            .zip(optima)
            .enumerate()
            .map(|(i, (board, optimum))| {
                let answer = match answers.get(i) {
                    Some(answer) => *answer,
                    // POJ's checker accepts an output that ends where the last answer is the empty
                    // line (that board is solved already): many accepted solutions print nothing.
                    None if i + 1 == boards.len() && *optimum == Some(0) => b"",
                    None => return Err("missing answer".to_string()),
                };
                let moves = replay_answer(board, *optimum, answer)?;
                Ok((moves, optimum.unwrap_or(0)))
            });
        verdict_of(cases)
    }

    fn plain_layers(&self, input: &[u8]) -> Option<Result<Vec<usize>, String>> {
        let first = parse_boards(input).and_then(|boards| {
            let first = boards.first().copied();
            first.ok_or_else(|| "the test has no board".to_string())
        });
        Some(first.map(|board| reference::layer_sizes(&board)))
    }

    fn frames(&self, input: &[u8], output: &[u8], case: usize) -> Result<Vec<Frame>, String> {
        let boards = parse_boards(input).map_err(|e| format!("input {e}"))?;
        let board = boards.get(case).ok_or_else(|| {
            format!(
                "there is no case {} (the input has {})",
                case + 1,
                boards.len()
            )
        })?;
        let answer = answer_lines(output).nth(case).unwrap_or_default();
        Ok(Eight::replay_frames(board, answer))
    }

    /// The first invalid case, else the first that is not optimal, as the verdict names it.
    fn scene(&self, input: &[u8], output: &[u8], optima: &Optima) -> Option<String> {
        let boards = parse_boards(input).ok()?;
        let answers: Vec<&[u8]> = answer_lines(output).take(boards.len()).collect();
        let answer = |i: usize| answers.get(i).copied().unwrap_or_default();
        let replayed: Vec<Result<u64, String>> = (boards.iter().zip(optima).enumerate())
            .map(|(i, (board, optimum))| replay_answer(board, *optimum, answer(i)))
            .collect();
        let invalid = replayed.iter().position(Result::is_err);
        let longer = || {
            let over = |(moves, optimum): (&Result<u64, String>, &Option<u64>)| {
                moves.as_ref().is_ok_and(|&m| m > optimum.unwrap_or(0))
            };
            replayed.iter().zip(optima).position(over)
        };
        let case = invalid.or_else(longer)?;
        Some(draw_case(case, &boards[case], answer(case)))
    }
}

impl Eight {
    /// The frames of an answer line for one board; stops at the first move that is not legal.
    fn replay_frames(board: &Board, answer: &[u8]) -> Vec<Frame> {
        let mut frames = vec![frame(board, None, false)];
        if answer == b"unsolvable" {
            return frames;
        }
        let mut at = *board;
        for (i, &letter) in answer.iter().enumerate() {
            if i == MAX_FRAMES {
                cut_short(&mut frames, answer.len() - i);
                break;
            }
            let name = format!("{}", letter.escape_ascii());
            match apply(&at, letter) {
                Some(next) => {
                    at = next;
                    frames.push(frame(&at, Some(name), false));
                }
                None => {
                    frames.push(frame(&at, Some(name), true));
                    break;
                }
            }
        }
        frames
    }
}

/// A board as a frame; the blank's cell is marked (after a move, where the blank went; for an
/// illegal move, the blank that could not go).
fn frame(board: &Board, caption: Option<String>, illegal: bool) -> Frame {
    let cells = board
        .iter()
        .map(|&c| (c != b'x').then(|| char::from(c).to_string()))
        .collect();
    let blank = board.iter().position(|&c| c == b'x');
    Frame {
        rows: 3,
        cols: 3,
        cells,
        marked: blank.filter(|_| caption.is_some()).into_iter().collect(),
        caption,
        illegal,
        goal: Vec::new(),
        solved: !illegal && *board == GOAL,
    }
}

/// A case's board, its answer, and where the answer leaves the board (or tries to).
fn draw_case(case: usize, board: &Board, answer: &[u8]) -> String {
    let mut text = format!("case {}:\n{}", case + 1, draw(board, None));
    text += &format!("answer ({} letters): '{}'\n", answer.len(), head(answer));
    let mut at = *board;
    for (step, &letter) in answer.iter().enumerate() {
        match apply(&at, letter) {
            Some(next) => at = next,
            None => {
                let what = format!("'{}'", letter.escape_ascii());
                text += &format!(
                    "before step {}, {what}:\n{}",
                    step + 1,
                    draw(&at, Some(letter))
                );
                return text;
            }
        }
    }
    if answer != b"unsolvable" && at != GOAL {
        text += &format!("where it ends:\n{}", draw(&at, None));
    }
    text
}

/// The board as a 3×3 grid; `toward` marks the blank's move with an arrow past the edge it crosses.
fn draw(board: &Board, toward: Option<u8>) -> String {
    let blank = board.iter().position(|&c| c == b'x').unwrap_or(0);
    let (row, col) = (blank / 3, blank % 3);
    let arrow_at = |glyph: char| format!("{}{glyph}\n", " ".repeat(2 * col));
    let mut text = String::new();
    if toward == Some(b'u') {
        text += &arrow_at('^');
    }
    for (r, cells) in board.chunks(3).enumerate() {
        let cells: Vec<String> = cells.iter().map(|&c| char::from(c).to_string()).collect();
        let mut line = cells.join(" ");
        match toward {
            Some(b'l') if r == row => line = format!("< {line}"),
            Some(b'r') if r == row => line += " >",
            _ => {}
        }
        text += &(line + "\n");
    }
    if toward == Some(b'd') {
        text += &arrow_at('v');
    }
    text
}

/// The number of moves of a valid answer for `board`, or why it is not valid.
fn replay_answer(board: &Board, optimum: Option<u64>, answer: &[u8]) -> Result<u64, String> {
    match (optimum, answer == b"unsolvable") {
        (None, true) => return Ok(0),
        (None, false) => {
            return Err(format!(
                "the board is unsolvable, the answer is '{}'",
                head(answer)
            ))
        }
        (Some(n), true) => return Err(format!("says unsolvable, but it is solvable in {n} moves")),
        (Some(_), false) => {}
    }
    let mut at = *board;
    for (step, &letter) in answer.iter().enumerate() {
        at = apply(&at, letter).ok_or_else(|| match letter {
            b'u' | b'd' | b'l' | b'r' => {
                format!("illegal move '{}' at step {}", letter as char, step + 1)
            }
            _ => format!(
                "'{}' at step {} is not a move (u, d, l, r)",
                letter.escape_ascii(),
                step + 1
            ),
        })?;
    }
    if at != GOAL {
        return Err(format!("ends at {}", at.escape_ascii()));
    }
    Ok(answer.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Cost;

    /// One checker for every test, so the table is built once.
    static EIGHT: Eight = Eight {
        distances: OnceLock::new(),
    };

    fn check(input: &str, output: &str) -> Checked {
        let optima = EIGHT.optima(input.as_bytes()).expect("valid test input");
        EIGHT.check(input.as_bytes(), output.as_bytes(), &optima)
    }

    fn wrong(reason: &str) -> Checked {
        Checked::Wrong {
            reason: reason.into(),
            cost: None,
        }
    }

    #[test]
    fn a_shortest_answer_is_accepted_whatever_its_letters() {
        let sample = "2 3 4 1 5 x 7 6 8";
        let found = check(sample, "ullddrurdllurdruldr\n");
        assert_eq!(
            found,
            Checked::Accepted(Cost {
                moves: 19,
                optimum: 19
            })
        );
        let solved_and_unsolvable = check("12345678x 21345678x", "\nunsolvable\n");
        assert_eq!(solved_and_unsolvable, Checked::Accepted(Cost::default()));
    }

    #[test]
    fn invalid_answers_say_which_case_and_step() {
        let input = "12345678x 1234567x8 21345678x";
        assert_eq!(
            check(input, "\nd\n"),
            wrong("case 2: illegal move 'd' at step 1")
        );
        assert_eq!(
            check(input, "\nrq\n"),
            wrong("case 2: 'q' at step 2 is not a move (u, d, l, r)")
        );
        assert_eq!(check(input, "\nrl\n"), wrong("case 2: ends at 1234567x8"));
        assert_eq!(check(input, "\nr\n"), wrong("case 3: missing answer"));
        assert_eq!(
            check(input, "\nr\nud\n"),
            wrong("case 3: the board is unsolvable, the answer is 'ud'")
        );
        assert_eq!(
            check(input, "unsolvable\n"),
            wrong("case 1: says unsolvable, but it is solvable in 0 moves")
        );
        let extra = check(input, "\nr\nunsolvable\nlr\n");
        assert_eq!(extra, wrong("line 4: output after the last case: 'lr'"));
    }

    #[test]
    fn only_the_last_case_may_end_the_output_and_only_when_it_is_solved() {
        let solved = Checked::Accepted(Cost::default());
        assert_eq!(check("12345678x", ""), solved);
        let last_solved = "1234567x8 12345678x";
        assert_eq!(
            check(last_solved, "r"),
            Checked::Accepted(Cost {
                moves: 1,
                optimum: 1
            })
        );
        assert_eq!(
            check("12345678x 1234567x8", "\n"),
            wrong("case 2: missing answer")
        );
        assert_eq!(
            check("12345678x 12345678x", ""),
            wrong("case 1: missing answer")
        );
        assert_eq!(
            check("21345678x", ""),
            wrong("case 1: missing answer"),
            "an unsolvable board's answer is a word, never the empty line"
        );
    }

    #[test]
    fn a_longer_valid_answer_is_wrong_by_its_gap() {
        let found = check("1234567x8 12345678x", "rlr\nud\n");
        let reason = "case 1: not optimal: 3 moves, optimum 1".to_string();
        assert_eq!(
            found,
            Checked::Wrong {
                reason,
                cost: Some(Cost {
                    moves: 5,
                    optimum: 1
                })
            }
        );
    }

    fn scene(input: &str, output: &str) -> Option<String> {
        let optima = EIGHT.optima(input.as_bytes()).expect("valid test input");
        EIGHT.scene(input.as_bytes(), output.as_bytes(), &optima)
    }

    #[test]
    fn frames_replay_an_answer_and_stop_at_an_illegal_move() {
        let frames = EIGHT
            .frames(b"12345678x 1234567x8", b"\nrrl\n", 1)
            .expect("case 2");
        let shown: Vec<(Option<&str>, bool, &[usize])> = (frames.iter())
            .map(|f| (f.caption.as_deref(), f.illegal, f.marked.as_slice()))
            .collect();
        assert_eq!(
            shown,
            [
                (None, false, &[][..]),
                (Some("r"), false, &[8]),
                (Some("r"), true, &[8])
            ]
        );
        assert_eq!(frames[1].cells[7].as_deref(), Some("8"));
        assert_eq!(frames[1].cells[8], None, "the blank is empty");
        assert!(frames[1].solved && !frames[0].solved && !frames[2].solved);
        let missing = EIGHT.frames(b"12345678x", b"", 1);
        assert_eq!(missing, Err("there is no case 2 (the input has 1)".into()));
    }

    #[test]
    fn the_scene_draws_the_failing_case_and_marks_the_illegal_move() {
        let input = "12345678x 1234567x8";
        let illegal = scene(input, "\nrr\n").expect("a scene");
        let expected = "case 2:\n1 2 3\n4 5 6\n7 x 8\nanswer (2 letters): 'rr'\n\
                        before step 2, 'r':\n1 2 3\n4 5 6\n7 8 x >\n";
        assert_eq!(illegal, expected);
        let up = scene("1 x 3 4 2 6 7 5 8", "uddd").expect("a scene");
        assert!(
            up.ends_with("before step 1, 'u':\n  ^\n1 x 3\n4 2 6\n7 5 8\n"),
            "{up}"
        );
        let longer = scene(input, "\nrlr\n").expect("a scene");
        assert!(
            longer.starts_with("case 2:") && !longer.contains("before"),
            "{longer}"
        );
        let short = scene(input, "\nl\n").expect("a scene");
        assert!(
            short.ends_with("where it ends:\n1 2 3\n4 5 6\nx 7 8\n"),
            "{short}"
        );
        assert_eq!(scene(input, "\nr\n"), None, "accepted");
    }

    #[test]
    fn optima_come_from_the_reference_and_bad_input_is_the_tests_fault() {
        let eight = &EIGHT;
        assert_eq!(
            eight.optima(b"2 3 4 1 5 x 7 6 8 21345678x"),
            Ok(vec![Some(19), None])
        );
        assert_eq!(
            eight.optima(b"1234"),
            Err("case 1: only 4 of 9 cells".into())
        );
        let broken = eight.check(b"1234", b"", &[]);
        assert!(matches!(broken, Checked::BadTest(e) if e.contains("only 4 of 9 cells")));
        let mismatched = eight.check(b"12345678x", b"", &[]);
        assert!(matches!(mismatched, Checked::BadTest(_)));
    }
}
