//! What a checker is: it replays every answer against the judge's own reference and compares its
//! cost with the optimum. The pieces every checker needs (answer lines, costs) live here, once.

use crate::formats::text::head;
use crate::model::frame::Frame;
use crate::model::lesson::Lesson;
use crate::model::reason::{Kind, Place, Rejection, TestFault};
use crate::model::verdict::{Checked, Cost};

/// Every case's optimum (`None`: unsolvable), in input order.
pub type Optima = [Option<u64>];

pub trait Checker {
    /// The optimum of each case of `input` by the judge's own reference, or why the reference cannot
    /// give them (a malformed input, or one too large for it).
    fn optima(&self, input: &[u8]) -> Result<Vec<Option<u64>>, TestFault>;
    /// Judges a program's `output` for `input`, whose `optima` came from [`Checker::optima`].
    fn check(&self, input: &[u8], output: &[u8], optima: &Optima) -> Checked;
    /// What a valid `output` claims for each case of `input`, its moves or `None` for no way, or why
    /// it is not valid: for `judge stress --brute`, whose brute force's answer gives the optima
    /// where the reference cannot. `None` where an answer cannot be checked without the optimum.
    fn claims(&self, _input: &[u8], _output: &[u8]) -> Option<Result<Vec<Option<u64>>, Rejection>> {
        None
    }
    /// Whether an answer is a list of moves that [`Checker::frames`] can replay.
    fn replays(&self) -> bool {
        false
    }
    /// The answer to case `case` (0-based) of `input` replayed frame by frame: the start, one frame a
    /// legal move, and a last frame marked illegal if a move is; `Err` if the input or case is not
    /// there.
    fn frames(&self, _input: &[u8], _output: &[u8], _case: usize) -> Result<Vec<Frame>, String> {
        Err("this problem has no replay".into())
    }
    /// Case `case` (0-based) of `input` drawn, where an answer is no list of moves to replay (NOIP's
    /// is a number): what `-v` and `judge stress` show of a wrong answer. `None` if not drawn.
    fn drawn_case(&self, _input: &[u8], _case: usize) -> Option<String> {
        None
    }
    /// The reference's own answer to case `case` (0-based) of `input`, as a program prints it: what
    /// `-v` and `judge stress` show beside a wrong one. `None` where an answer is only a number (the
    /// rejection names the optimum) or the reference cannot give one.
    fn shortest_answer(&self, _input: &[u8], _case: usize) -> Option<String> {
        None
    }
    /// Whether the problem is solved by a layered search that [`Checker::plain_layers`] can show.
    fn layered(&self) -> bool {
        false
    }
    /// How many positions a plain one-sided BFS from case `case` (0-based) of `input` first reaches
    /// at each depth, up to the goal's layer: what a bidirectional search's start side should match.
    fn plain_layers(&self, _input: &[u8], _case: usize) -> Result<Vec<usize>, String> {
        Err("this problem has no plain BFS to compare with".into())
    }
    /// How many positions a plain BFS from the goal of case `case` first reaches at each depth, as
    /// far as it goes: what a goal side should match, layer for layer. Only where the goal is one
    /// position (a goal side with many roots grows from them all).
    fn goal_layers(&self, _input: &[u8], _case: usize) -> Result<Vec<usize>, String> {
        Err("this problem's goal is not one position".into())
    }
    /// The coach's word on a run with `BFS_TRACE=1` that wrote `stderr`: what it shows of the
    /// technique the problem teaches, against the reference. `whole`: the run ended by itself, so
    /// its trace was not stopped half-way.
    fn lesson(
        &self,
        _input: &[u8],
        _stderr: &str,
        _whole: bool,
        _optima: &Optima,
    ) -> Result<Lesson, String> {
        Err("the coach has no lesson for this problem".into())
    }
}

/// An output's lines, without trailing spaces or `\r`; a final newline does not start another line.
/// Lazy, so that an output of millions of lines costs no memory of its own.
pub fn answer_lines(output: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = (!output.is_empty()).then(|| output.strip_suffix(b"\n").unwrap_or(output));
    body.into_iter()
        .flat_map(|b| b.split(|&c| c == b'\n'))
        .map(trim_end)
}

/// The first `count` answer lines of `output` (fewer if it ends early), or the rejection of a
/// non-empty line after them, named by its line. `unit` is what one line answers: "case", "query".
/// Only `count` lines are kept: a flood of lines costs no memory.
pub fn answers<'a>(output: &'a [u8], count: usize, unit: &str) -> Result<Vec<&'a [u8]>, Checked> {
    let mut lines = answer_lines(output);
    let answers: Vec<&[u8]> = lines.by_ref().take(count).collect();
    match lines.enumerate().find(|(_, l)| !l.is_empty()) {
        Some((extra, text)) => {
            let line = count + extra + 1;
            Err(Checked::wrong(Rejection::extra_output(
                line,
                unit,
                &head(text),
            )))
        }
        None => Ok(answers),
    }
}

fn trim_end(line: &[u8]) -> &[u8] {
    let kept = line
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |last| last + 1);
    &line[..kept]
}

/// Sums per-case results into a finding: the first invalid case fails the test; with all valid, the
/// first that is not optimal does, and the total cost shows by how much. A case's `Err` is its
/// rejection, placed here.
pub fn verdict_of(cases: impl Iterator<Item = Result<(u64, u64), Rejection>>) -> Checked {
    let mut cost = Cost::default();
    let mut first_miss = None;
    for (i, case) in cases.enumerate() {
        let (moves, optimum) = match case {
            Ok(pair) => pair,
            Err(rejection) => return Checked::wrong(rejection),
        };
        if moves > optimum && first_miss.is_none() {
            first_miss = Some(Rejection::not_optimal(Place::Case(i), moves, optimum));
        }
        cost.moves += moves;
        cost.optimum += optimum;
    }
    match first_miss {
        Some(rejection) => Checked::Wrong {
            rejection,
            cost: Some(cost),
        },
        None => Checked::Accepted(cost),
    }
}

/// For problems whose answer is a number of moves: the moves an answer line claims, when it is the
/// optimum (`-1`, "cannot be done", counts 0), or what kind of wrong it is and why; `unreachable` says
/// what cannot be done. Numbers are read as a line comparison reads them: no sign, no leading zero.
pub fn count_answer(
    answer: Option<&[u8]>,
    optimum: Option<u64>,
    unreachable: &str,
) -> Result<u64, (Kind, String)> {
    let line = answer.ok_or((Kind::Missing, "missing answer".to_string()))?;
    let unreadable = |why: String| Err((Kind::Unreadable, why));
    let text = std::str::from_utf8(line).unwrap_or_default();
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    let claimed = match text {
        "-1" => None,
        "" => return unreadable("an empty line".into()),
        _ if digits && (text == "0" || !text.starts_with('0')) => match text.parse::<u64>() {
            Ok(n) => Some(n),
            Err(_) => return unreadable(format!("'{}' is too large a number", head(line))),
        },
        _ => {
            return unreadable(format!(
                "'{}' is neither a number of moves nor -1",
                head(line)
            ))
        }
    };
    let show = |n: Option<u64>| n.map_or("-1".to_string(), |n| n.to_string());
    let why = match (claimed, optimum) {
        (c, o) if c == o => return Ok(o.unwrap_or(0)),
        (Some(c), None) => format!("answered {c}, but {unreachable}"),
        (c, o) => format!("answered {}, optimum {}", show(c), show(o)),
    };
    let kind = Kind::WrongCount {
        answered: claimed,
        optimum,
    };
    Err((kind, why))
}

/// The most moves a replay draws: an answer may be megabytes long, and every frame is a board.
pub const MAX_FRAMES: usize = 1000;

/// Says on the last frame that `more` moves of the answer are not drawn.
pub fn cut_short(frames: &mut [Frame], more: usize) {
    if let Some(last) = frames.last_mut() {
        let caption = last.caption.take().unwrap_or_default();
        last.caption = Some(format!(
            "{caption} (the replay stops here: {more} more moves)"
        ));
    }
}

/// What the checkers' tests share: an answer judged as a test run judges it, against the
/// checker's own optima, and its rejection as text.
#[cfg(test)]
pub mod testing {
    use super::Checker;
    use crate::model::verdict::Checked;

    pub fn judged(checker: &dyn Checker, input: &str, output: &str) -> Checked {
        let optima = checker.optima(input.as_bytes()).expect("valid test input");
        checker.check(input.as_bytes(), output.as_bytes(), &optima)
    }

    /// The rejection's sentence, or what else the checker found.
    pub fn why(checked: &Checked) -> String {
        match checked {
            Checked::Wrong { rejection, .. } => rejection.to_string(),
            other => format!("{other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_lines_drop_line_ends_but_keep_empty_answers() {
        let lines = |output: &'static [u8]| answer_lines(output).collect::<Vec<_>>();
        assert_eq!(lines(b"ud\r\n\nlr  \n"), [&b"ud"[..], b"", b"lr"]);
        assert_eq!(lines(b"\n"), [&b""[..]]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn the_first_invalid_case_wins_then_the_first_miss_with_the_total_cost() {
        let ends = Rejection::new(Place::Case(2), Kind::NotAtGoal, "ends at 1234567x8");
        let cases = vec![Ok((19, 19)), Ok((33, 31)), Err(ends.clone())];
        assert_eq!(verdict_of(cases.into_iter()), Checked::wrong(ends));
        let cases = vec![Ok((19, 19)), Ok((33, 31)), Ok((0, 0))];
        let found = verdict_of(cases.into_iter());
        let Checked::Wrong { rejection, cost } = found else {
            panic!("{found:?}")
        };
        assert_eq!(
            rejection.to_string(),
            "case 2: not optimal: 33 moves, optimum 31"
        );
        assert_eq!(
            rejection.kind,
            Kind::NotOptimal {
                moves: 33,
                optimum: 31
            }
        );
        assert_eq!(
            cost,
            Some(Cost {
                moves: 52,
                optimum: 50
            })
        );
        let all = verdict_of(vec![Ok((2, 2))].into_iter());
        assert_eq!(
            all,
            Checked::Accepted(Cost {
                moves: 2,
                optimum: 2
            })
        );
    }

    #[test]
    fn text_after_the_last_answer_is_rejected_by_its_line() {
        let found = answers(b"a\nb\n\nc\n", 2, "query");
        let Err(Checked::Wrong { rejection, .. }) = found else {
            panic!("{found:?}")
        };
        assert_eq!(
            rejection.to_string(),
            "line 4: output after the last query: 'c'"
        );
        assert_eq!(answers(b"a\nb\n\n", 2, "query"), Ok(vec![&b"a"[..], b"b"]));
    }
}
