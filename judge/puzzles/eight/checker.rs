//! The Eight checker: each answer line must be `unsolvable` exactly when the board is, else legal moves
//! that end at the goal in as few moves as the reference's BFS table says. Also what its registry
//! entry shows: an answer replayed, the reference's own, a plain BFS's layers and the coach's word.

use super::reference::{
    self, apply, parse_boards, parse_luogu, Board, Distances, GOAL, LUOGU_GOAL,
};
use crate::formats::text::head;
use crate::model::frame::Frame;
use crate::model::lesson::Lesson;
use crate::model::optimum::Optimum;
use crate::model::reason::{Kind, Place, Rejection, TestFault};
use crate::model::verdict::Checked;
use crate::puzzles::checker::{
    answer_lines, answers, cut_short, unreadable_input, verdict_of, Checker, MAX_FRAMES,
};
use crate::puzzles::two_sided::{self, Goal, Layers, Plain};
use std::sync::OnceLock;

/// One of the three formats Eight is asked in: how its input is read and written, and the goal its
/// boards reach. The checkers, the stress generator and the coach of each format take one.
pub struct Format {
    pub parse: fn(&[u8]) -> Result<Vec<Board>, String>,
    pub goal: Board,
    /// How an input writes the blank, what stands between cells, and what between rows.
    pub blank: char,
    pub gap: &'static str,
    pub row_gap: &'static str,
    /// An input holds many boards; else one.
    pub many: bool,
    /// Boards that cannot reach the goal come up; else every board reaches it.
    pub unsolvable: bool,
    /// The reference's table of all 181,440 boards that reach `goal`, built on first use, once a
    /// run.
    table: OnceLock<Distances>,
}

/// POJ 1077's format: many boards of `1`-`8` and `x`, the goal `12345678x`.
pub static POJ: Format = Format {
    parse: parse_boards,
    goal: GOAL,
    blank: 'x',
    gap: " ",
    row_gap: " ",
    many: true,
    unsolvable: true,
    table: OnceLock::new(),
};

/// Luogu P1379's format: one board of the digits, `0` the blank, the goal `123804765`.
pub static LUOGU: Format = Format {
    parse: parse_luogu,
    goal: LUOGU_GOAL,
    blank: '0',
    gap: "",
    row_gap: "",
    many: false,
    unsolvable: false,
    table: OnceLock::new(),
};

/// Baekjoon 1525's format: one board of three lines of three numbers, `0` the blank, POJ's goal.
pub static BOJ: Format = Format {
    parse: parse_luogu,
    goal: GOAL,
    blank: '0',
    gap: " ",
    row_gap: "\n",
    many: false,
    unsolvable: true,
    table: OnceLock::new(),
};

impl Format {
    pub fn distances(&self) -> &Distances {
        self.table.get_or_init(|| Distances::to(self.goal))
    }

    /// A board's optimum by the table of the goal.
    pub fn optimum(&self, board: &Board) -> Optimum {
        (self.distances().get(board)).map_or(Optimum::Unsolvable, |d| Optimum::Moves(d.into()))
    }

    /// The optimum of each of `input`'s boards, or why the input is broken.
    pub fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
        let boards = (self.parse)(input).map_err(TestFault::Broken)?;
        Ok(boards.iter().map(|b| self.optimum(b)).collect())
    }

    /// A plain BFS's layers from case `case` of `input` to the goal.
    pub fn plain_layers(&self, input: &[u8], case: usize) -> Result<Vec<usize>, String> {
        let boards = (self.parse)(input)?;
        let board = boards.get(case).ok_or("the test has no such case")?;
        Ok(reference::layer_sizes(board, &self.goal))
    }

    /// The coach's word on a traced run over `input`'s boards: every format teaches the same
    /// two-sided search.
    pub fn coach(
        &self,
        input: &[u8],
        stderr: &str,
        whole: bool,
        optima: &[Optimum],
    ) -> Result<Lesson, String> {
        let boards = (self.parse)(input)?;
        two_sided::assess_stderr(stderr, whole, optima, &(&boards[..], self.distances()))
    }

    /// Case `case` of `input` beside the goal, for `-v` where an answer is only a count; `None` if
    /// there is no such case.
    pub fn drawn(&self, input: &[u8], case: usize) -> Option<String> {
        let boards = (self.parse)(input).ok()?;
        let board = boards.get(case)?;
        let row = |b: &Board, r: usize| {
            let cell = |&c: &u8| char::from(if c == b'x' { b'.' } else { c }).to_string();
            b[3 * r..3 * r + 3]
                .iter()
                .map(cell)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut text = format!("case {}, and the goal:\n", case + 1);
        for r in 0..3 {
            text += &format!("{}    {}\n", row(board, r), row(&self.goal, r));
        }
        Some(text)
    }

    /// `boards` as an input writes them, one a line.
    pub fn render(&self, boards: &[Board]) -> String {
        let cell = |&c: &u8| match c {
            b'x' => self.blank.to_string(),
            _ => char::from(c).to_string(),
        };
        let row = |r: &[u8]| r.iter().map(cell).collect::<Vec<_>>().join(self.gap);
        let line = |b: &Board| b.chunks(3).map(row).collect::<Vec<_>>().join(self.row_gap) + "\n";
        boards.iter().map(line).collect()
    }
}

pub struct Eight;

impl Checker for Eight {
    fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
        POJ.optima(input)
    }

    fn check(&self, input: &[u8], output: &[u8], optima: &[Optimum]) -> Checked {
        let boards = match parse_boards(input) {
            Ok(boards) if boards.len() == optima.len() => boards,
            Ok(_) => return Checked::bad_test("optima do not match the input's cases"),
            Err(e) => return Checked::bad_test(format!("input {e}")),
        };
        let answers = match answers(output, boards.len(), "case") {
            Ok(answers) => answers,
            Err(rejection) => return Checked::wrong(rejection),
        };
        let cases = (boards.iter().zip(optima).enumerate()).map(|(i, (board, &optimum))| {
            let answer = answer_to(&answers, i, boards.len(), optimum == Optimum::Moves(0))?;
            let moves = judge_answer(board, optimum, answer);
            let moves = moves.map_err(|(kind, text)| Rejection::new(Place::Case(i), kind, text))?;
            Ok((moves, optimum.cost()))
        });
        verdict_of(cases)
    }

    fn claims(&self, input: &[u8], output: &[u8]) -> Result<Vec<Optimum>, Rejection> {
        let boards = parse_boards(input).map_err(|e| unreadable_input(&e))?;
        let answers = answers(output, boards.len(), "case")?;
        let claim = |(i, board): (usize, &Board)| {
            let answer = answer_to(&answers, i, boards.len(), *board == GOAL)?;
            if answer == b"unsolvable" {
                return Ok(Optimum::Unsolvable);
            }
            let moves = replay_moves(board, answer);
            moves
                .map(Optimum::Moves)
                .map_err(|(kind, text)| Rejection::new(Place::Case(i), kind, text))
        };
        boards.iter().enumerate().map(claim).collect()
    }
}

/// Case `i`'s line among the `answers` to `cases` boards. POJ's checker accepts an output that ends
/// where the last answer is the empty line (that board is `solved` already): many accepted
/// solutions print nothing.
fn answer_to<'a>(
    answers: &[&'a [u8]],
    i: usize,
    cases: usize,
    solved: bool,
) -> Result<&'a [u8], Rejection> {
    match answers.get(i) {
        Some(answer) => Ok(answer),
        None if i + 1 == cases && solved => Ok(b""),
        None => Err(Rejection::missing(Place::Case(i))),
    }
}

/// The answer to case `case` of `input` in `output`, replayed.
pub fn frames(input: &[u8], output: &[u8], case: usize) -> Result<Vec<Frame>, String> {
    let boards = parse_boards(input).map_err(|e| format!("input {e}"))?;
    let board = boards.get(case).ok_or_else(|| {
        format!(
            "there is no case {} (the input has {})",
            case + 1,
            boards.len()
        )
    })?;
    let answer = answer_lines(output).nth(case).unwrap_or_default();
    Ok(replay_frames(board, answer))
}

/// The reference's own answer to case `case` of `input`: the blank's moves down the table.
pub fn shortest(input: &[u8], case: usize) -> Option<String> {
    let board = *parse_boards(input).ok()?.get(case)?;
    let path = POJ.distances().shortest_path(&board);
    Some(path.unwrap_or_else(|| "unsolvable".into()))
}

/// A test's boards and its goal's table, as the coach asks of them.
impl Plain for (&[Board], &Distances) {
    fn start_ways(&self, case: usize) -> Result<Vec<Layers<'_>>, String> {
        let board = self.0.get(case).ok_or("the test has no such case")?;
        Ok(vec![Box::new(reference::walk(*board))])
    }

    fn goal(&self, _depth: usize, _widest: usize) -> Result<Goal, String> {
        Ok(Goal::One(self.1.layer_counts()))
    }
}

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

/// The number of moves of a valid answer for `board`, whose optimum is `optimum`, or what kind of
/// wrong it is and why.
fn judge_answer(board: &Board, optimum: Optimum, answer: &[u8]) -> Result<u64, (Kind, String)> {
    match (optimum, answer == b"unsolvable") {
        (Optimum::Unsolvable, true) => Ok(0),
        (Optimum::Unsolvable, false) => {
            let why = format!("the board is unsolvable, the answer is '{}'", head(answer));
            Err((Kind::MovesForUnsolvable, why))
        }
        (Optimum::Moves(n), true) => {
            let why = format!("says unsolvable, but it is solvable in {n} moves");
            Err((Kind::FalseUnsolvable { optimum: n }, why))
        }
        (Optimum::Moves(_), false) => replay_moves(board, answer),
    }
}

/// The number of moves of `answer`, the blank's moves from `board`, if they are legal and end at
/// the goal; else what kind of wrong it is and why.
fn replay_moves(board: &Board, answer: &[u8]) -> Result<u64, (Kind, String)> {
    let mut at = *board;
    for (i, &letter) in answer.iter().enumerate() {
        let step = i + 1;
        at = apply(&at, letter).ok_or_else(|| {
            let shown = letter.escape_ascii();
            let why = match letter {
                b'u' | b'd' | b'l' | b'r' => format!("illegal move '{shown}' at step {step}"),
                _ => format!("'{shown}' at step {step} is not a move (u, d, l, r)"),
            };
            (Kind::IllegalMove { step }, why)
        })?;
    }
    if at != GOAL {
        return Err((Kind::NotAtGoal, format!("ends at {}", at.escape_ascii())));
    }
    Ok(answer.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::verdict::Cost;
    use crate::puzzles::checker::testing::{judged, why};

    fn check(input: &str, output: &str) -> Checked {
        judged(&Eight, input, output)
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
            why(&check(input, "\nd\n")),
            "case 2: illegal move 'd' at step 1"
        );
        assert_eq!(
            why(&check(input, "\nrq\n")),
            "case 2: 'q' at step 2 is not a move (u, d, l, r)"
        );
        assert_eq!(why(&check(input, "\nrl\n")), "case 2: ends at 1234567x8");
        assert_eq!(why(&check(input, "\nr\n")), "case 3: missing answer");
        assert_eq!(
            why(&check(input, "\nr\nud\n")),
            "case 3: the board is unsolvable, the answer is 'ud'"
        );
        assert_eq!(
            why(&check(input, "unsolvable\n")),
            "case 1: says unsolvable, but it is solvable in 0 moves"
        );
        let illegal = check(input, "\nd\n");
        assert!(matches!(illegal, Checked::Wrong { rejection, .. }
            if rejection.kind == Kind::IllegalMove { step: 1 } && rejection.place == Place::Case(1)));
        let extra = check(input, "\nr\nunsolvable\nlr\n");
        assert_eq!(why(&extra), "line 4: output after the last case: 'lr'");
    }

    #[test]
    fn only_a_solved_last_case_may_end_the_output() {
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
            why(&check("12345678x 1234567x8", "\n")),
            "case 2: missing answer"
        );
        assert_eq!(
            why(&check("12345678x 12345678x", "")),
            "case 1: missing answer"
        );
        assert_eq!(
            why(&check("21345678x", "")),
            "case 1: missing answer",
            "an unsolvable board's answer is a word, never the empty line"
        );
    }

    #[test]
    fn a_longer_valid_answer_is_wrong_by_its_gap() {
        let found = check("1234567x8 12345678x", "rlr\nud\n");
        assert_eq!(why(&found), "case 1: not optimal: 3 moves, optimum 1");
        let Checked::Wrong { rejection, cost } = found else {
            panic!("{found:?}")
        };
        assert_eq!(
            rejection.kind,
            Kind::NotOptimal {
                moves: 3,
                optimum: 1
            }
        );
        assert_eq!(
            cost,
            Some(Cost {
                moves: 5,
                optimum: 1
            })
        );
    }

    #[test]
    fn frames_replay_an_answer_and_stop_at_an_illegal_move() {
        let replayed = frames(b"12345678x 1234567x8", b"\nrrl\n", 1).expect("case 2");
        let shown: Vec<(Option<&str>, bool, &[usize])> = (replayed.iter())
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
        assert_eq!(replayed[1].cells[7].as_deref(), Some("8"));
        assert_eq!(replayed[1].cells[8], None, "the blank is empty");
        assert!(replayed[1].solved && !replayed[0].solved && !replayed[2].solved);
        let missing = frames(b"12345678x", b"", 1);
        assert_eq!(missing, Err("there is no case 2 (the input has 1)".into()));
    }

    #[test]
    fn optima_come_from_the_reference() {
        assert_eq!(
            Eight.optima(b"2 3 4 1 5 x 7 6 8 21345678x"),
            Ok(vec![Optimum::Moves(19), Optimum::Unsolvable])
        );
    }

    #[test]
    fn bad_input_is_the_tests_fault() {
        assert_eq!(
            Eight.optima(b"1234"),
            Err(TestFault::Broken("case 1: only 4 of 9 cells".into()))
        );
        let broken = Eight.check(b"1234", b"", &[]);
        assert!(
            matches!(broken, Checked::BadTest(e) if e.to_string().contains("only 4 of 9 cells"))
        );
        let mismatched = Eight.check(b"12345678x", b"", &[]);
        assert!(matches!(mismatched, Checked::BadTest(_)));
    }

    #[test]
    fn a_valid_answer_claims_its_moves_or_no_way() {
        let input = b"1234567x8 21345678x 12345678x";
        let claims = Eight.claims(input, b"r\nunsolvable\n");
        let expected = [Optimum::Moves(1), Optimum::Unsolvable, Optimum::Moves(0)];
        assert_eq!(
            claims,
            Ok(expected.to_vec()),
            "the solved last board may go unanswered"
        );
        let illegal = Eight
            .claims(input, b"d\nunsolvable\n\n")
            .map_err(|r| r.to_string());
        assert_eq!(illegal, Err("case 1: illegal move 'd' at step 1".into()));
    }
}
