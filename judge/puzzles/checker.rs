//! What a checker is: it replays every answer against the judge's own reference and compares its
//! cost with the optimum. The pieces every checker needs (answer lines, costs, counts read) live
//! here, once.

use crate::formats::text::head;
use crate::model::frame::Frame;
use crate::model::optimum::Optimum;
use crate::model::reason::{Kind, Place, Rejection, TestFault};
use crate::model::verdict::{Checked, Cost};

/// What every puzzle's checker does; what only some puzzles can (replay an answer, compare a
/// trace's layers, coach) are optional parts of its registry entry, [`crate::puzzles::Puzzle`].
pub trait Checker {
    /// The optimum of each case of `input` by the judge's own reference, or why the reference cannot
    /// give them (a malformed input, or one too large for it).
    fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault>;
    /// Judges a program's `output` for `input`, whose `optima` came from [`Checker::optima`].
    fn check(&self, input: &[u8], output: &[u8], optima: &[Optimum]) -> Checked;
    /// What a valid `output` claims for each case of `input`, or why it is not valid: for `judge
    /// stress --brute`, whose brute force's answer gives the optima where the reference cannot.
    /// Where an answer is a number, nothing checks it without the optimum: the claim is the number.
    fn claims(&self, input: &[u8], output: &[u8]) -> Result<Vec<Optimum>, Rejection>;
}

/// An input the checker cannot read, as a rejection of the answer to it.
pub fn unreadable_input(why: &str) -> Rejection {
    Rejection::new(Place::Output, Kind::Unreadable, format!("input {why}"))
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
pub fn answers<'a>(output: &'a [u8], count: usize, unit: &str) -> Result<Vec<&'a [u8]>, Rejection> {
    let mut lines = answer_lines(output);
    let answers: Vec<&[u8]> = lines.by_ref().take(count).collect();
    match lines.enumerate().find(|(_, l)| !l.is_empty()) {
        Some((extra, text)) => Err(Rejection::extra_output(
            count + extra + 1,
            unit,
            &head(text),
        )),
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

/// How a problem whose answer is a number of moves (`-1`: it cannot be done) names its answers.
pub struct Counts {
    /// What one line answers: "case", "query".
    pub unit: &'static str,
    pub place: fn(usize) -> Place,
    /// What cannot be done, for a number given where there is no way.
    pub unreachable: &'static str,
}

impl Counts {
    /// Each answer line against its case's optimum: the first that is not it fails the test.
    pub fn check(&self, output: &[u8], optima: &[Optimum]) -> Checked {
        let lines = match answers(output, optima.len(), self.unit) {
            Ok(lines) => lines,
            Err(rejection) => return Checked::wrong(rejection),
        };
        verdict_of(optima.iter().enumerate().map(|(i, &optimum)| {
            let answered = self.read(lines.get(i).copied(), i)?;
            match answered == optimum {
                true => Ok((optimum.cost(), optimum.cost())),
                false => Err(self.wrong_count(i, answered, optimum)),
            }
        }))
    }

    /// The number each of `cases` answer lines gives, or the first line that is none.
    pub fn claims(&self, output: &[u8], cases: usize) -> Result<Vec<Optimum>, Rejection> {
        let lines = answers(output, cases, self.unit)?;
        (0..cases)
            .map(|i| self.read(lines.get(i).copied(), i))
            .collect()
    }

    /// Answer line `i` read as a line comparison reads a number: no sign, no leading zero.
    fn read(&self, line: Option<&[u8]>, i: usize) -> Result<Optimum, Rejection> {
        let place = (self.place)(i);
        let line = line.ok_or(Rejection::missing(place))?;
        let unreadable = |why: String| Err(Rejection::new(place, Kind::Unreadable, why));
        let text = std::str::from_utf8(line).unwrap_or_default();
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        match text {
            "-1" => Ok(Optimum::Unsolvable),
            "" => unreadable("an empty line".into()),
            _ if digits && (text == "0" || !text.starts_with('0')) => match text.parse() {
                Ok(n) => Ok(Optimum::Moves(n)),
                Err(_) => unreadable(format!("'{}' is too large a number", head(line))),
            },
            _ => unreadable(format!(
                "'{}' is neither a number of moves nor -1",
                head(line)
            )),
        }
    }

    fn wrong_count(&self, i: usize, answered: Optimum, optimum: Optimum) -> Rejection {
        let show = |o| match o {
            Optimum::Moves(n) => n.to_string(),
            Optimum::Unsolvable => "-1".into(),
        };
        let why = match (answered, optimum) {
            (Optimum::Moves(n), Optimum::Unsolvable) => {
                format!("answered {n}, but {}", self.unreachable)
            }
            _ => format!("answered {}, optimum {}", show(answered), show(optimum)),
        };
        Rejection::new((self.place)(i), Kind::WrongCount { answered, optimum }, why)
    }
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
    fn the_first_invalid_case_wins_then_the_first_miss() {
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
        let Err(rejection) = found else {
            panic!("{found:?}")
        };
        assert_eq!(
            rejection.to_string(),
            "line 4: output after the last query: 'c'"
        );
        assert_eq!(answers(b"a\nb\n\n", 2, "query"), Ok(vec![&b"a"[..], b"b"]));
    }
}
