//! Checkers: replay every answer against the judge's own reference and compare its cost with the
//! optimum. The pieces every checker needs (answer lines, `.ans` files, costs) live here, once.

pub mod eight;
pub mod huarong;
pub mod noip_huarong;

use crate::error::JudgeError;
use crate::outcome::{Checked, Cost};
use crate::problem::Problem;

/// Every case's optimum (`None`: unsolvable), in input order.
pub type Optima = [Option<u64>];

pub trait Checker {
    /// The optimum of each case of `input` by the judge's own reference, or why the input is malformed
    /// or too large for the reference.
    fn optima(&self, input: &[u8]) -> Result<Vec<Option<u64>>, String>;
    /// Judges a program's `output` for `input`, whose `optima` came from [`Checker::optima`].
    fn check(&self, input: &[u8], output: &[u8], optima: &Optima) -> Checked;
    /// The answer to case `case` (0-based) of `input` replayed frame by frame: the start, one frame a
    /// legal move, and a last frame marked illegal if a move is; `Err` if the input or case is not
    /// there.
    fn frames(&self, _input: &[u8], _output: &[u8], _case: usize) -> Result<Vec<Frame>, String> {
        Err("this problem has no replay".into())
    }
    /// How many positions a plain one-sided BFS from the first case of `input` first reaches at each
    /// depth, up to the goal's layer: what a bidirectional search's start side should match.
    /// `None` where the problem has no such search to compare with.
    fn plain_layers(&self, _input: &[u8]) -> Option<Result<Vec<usize>, String>> {
        None
    }
    /// Turns the compact grid notation of `judge add --grid` into an input, where the problem has one.
    fn input_from_grid(&self, _grid: &str) -> Result<String, String> {
        Err("`--grid` is not a notation of this problem: give the input as text or --file".into())
    }
}

/// One picture of a replayed answer, for `judge show` and `--html`: the board at the start or after
/// a move, or, for an illegal move, the board before it with where the move tried to go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    pub rows: usize,
    pub cols: usize,
    /// What covers each cell, row-major: a block's name (Eight: the tile's digit), `None` if empty.
    pub cells: Vec<Option<String>>,
    /// The move that led here (or was tried), named as the answer names it; `None` for the start.
    pub caption: Option<String>,
    /// Cells to highlight: where the moved block now is, or where an illegal move tried to go (those
    /// on the board).
    pub marked: Vec<usize>,
    /// The frame shows a move that was not made: it is illegal, and the board is the one before it.
    pub illegal: bool,
    /// The cells the target must cover at the goal (Huarong); empty where the goal is a whole board.
    pub goal: Vec<usize>,
    /// The board shown is solved (never for an illegal move's frame): decided here, where the
    /// target is known, not by whoever draws the frame.
    pub solved: bool,
}

type MakeChecker = fn() -> Box<dyn Checker>;

/// The registry: every checker `problem.toml` may name, with how to make it. Adding a problem adds a
/// line here (and its `mod` above).
const CHECKERS: [(&str, MakeChecker); 3] = [
    ("eight", || Box::<eight::Eight>::default()),
    ("huarong", || Box::<huarong::Huarong>::default()),
    ("noip_huarong", || {
        Box::<noip_huarong::NoipHuarong>::default()
    }),
];

/// The checker a problem names, or an error that lists the known ones.
pub fn checker_of(problem: &Problem) -> Result<Box<dyn Checker>, JudgeError> {
    let found = CHECKERS.iter().find(|(name, _)| *name == problem.checker);
    found.map(|(_, make)| make()).ok_or_else(|| {
        let known: Vec<&str> = CHECKERS.iter().map(|(name, _)| *name).collect();
        JudgeError::new(format!(
            "problem `{}` names an unknown checker `{}`",
            problem.name, problem.checker
        ))
        .with_fix(format!(
            "set `checker` in problem.toml to one of: {}",
            known.join(", ")
        ))
    })
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
            let reason = format!(
                "line {line}: output after the last {unit}: '{}'",
                head(text)
            );
            Err(Checked::Wrong { reason, cost: None })
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

/// Checks an `.ans` (one optimum or `unsolvable` per line) against the reference's `optima`.
pub fn compare_expected(expected: &str, optima: &[Option<u64>]) -> Result<(), String> {
    let lines: Vec<&str> = expected
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.len() != optima.len() {
        return Err(format!(
            ".ans has {} lines for {} cases",
            lines.len(),
            optima.len()
        ));
    }
    for (i, (line, optimum)) in lines.iter().zip(optima).enumerate() {
        if *line != show_optimum(*optimum) {
            let reference = show_optimum(*optimum);
            return Err(format!(
                ".ans line {} says {line}, the reference says {reference}",
                i + 1
            ));
        }
    }
    Ok(())
}

/// An optimum as `.ans` files write it.
pub fn show_optimum(optimum: Option<u64>) -> String {
    optimum.map_or("unsolvable".into(), |n| n.to_string())
}

/// At most 40 characters of an answer, for messages.
pub fn head(text: &[u8]) -> String {
    let shown = printable(&String::from_utf8_lossy(&text[..text.len().min(40)]));
    if text.len() > 40 {
        shown + "…"
    } else {
        shown
    }
}

/// `text` with control characters escaped: a submission's bytes (or a test's block names) must not
/// drive the terminal.
pub fn printable(text: &str) -> String {
    let escape = |c: char| {
        if c.is_control() {
            c.escape_default().collect()
        } else {
            c.to_string()
        }
    };
    text.chars().map(escape).collect()
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

/// The 0-based case a reason names (`case 3: …` as [`verdict_of`] writes it, or `query 3: …`) → 2.
pub fn case_of(reason: &str) -> Option<usize> {
    let rest = ["case ", "query "]
        .iter()
        .find_map(|prefix| reason.strip_prefix(prefix))?;
    let number = rest.split(':').next()?;
    number.parse::<usize>().ok()?.checked_sub(1)
}

/// Sums per-case results into a finding: the first invalid case fails the test; with all valid, the
/// first that is not optimal does, and the total cost shows by how much.
pub fn verdict_of(cases: impl Iterator<Item = Result<(u64, u64), String>>) -> Checked {
    let mut cost = Cost::default();
    let mut first_miss = None;
    for (i, case) in cases.enumerate() {
        let (moves, optimum) = match case {
            Ok(pair) => pair,
            Err(why) => {
                return Checked::Wrong {
                    reason: format!("case {}: {why}", i + 1),
                    cost: None,
                }
            }
        };
        if moves > optimum && first_miss.is_none() {
            first_miss = Some(format!(
                "case {}: not optimal: {moves} moves, optimum {optimum}",
                i + 1
            ));
        }
        cost.moves += moves;
        cost.optimum += optimum;
    }
    match first_miss {
        Some(reason) => Checked::Wrong {
            reason,
            cost: Some(cost),
        },
        None => Checked::Accepted(cost),
    }
}

/// What the checkers' tests share: an answer judged as a test run judges it, against the
/// checker's own optima, and a rejection with no cost.
#[cfg(test)]
pub mod testing {
    use super::Checker;
    use crate::outcome::Checked;

    pub fn judged(checker: &dyn Checker, input: &str, output: &str) -> Checked {
        let optima = checker.optima(input.as_bytes()).expect("valid test input");
        checker.check(input.as_bytes(), output.as_bytes(), &optima)
    }

    pub fn wrong(reason: &str) -> Checked {
        Checked::Wrong {
            reason: reason.into(),
            cost: None,
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
    fn an_ans_that_disagrees_with_the_reference_is_named() {
        let optima = [Some(19), None];
        assert_eq!(compare_expected("19\nunsolvable\n", &optima), Ok(()));
        let wrong = compare_expected("18\nunsolvable\n", &optima);
        assert_eq!(
            wrong,
            Err(".ans line 1 says 18, the reference says 19".into())
        );
        assert_eq!(
            compare_expected("19\n", &optima),
            Err(".ans has 1 lines for 2 cases".into())
        );
    }

    #[test]
    fn the_first_invalid_case_wins_then_the_first_miss_with_the_total_cost() {
        let cases = vec![
            Ok((19, 19)),
            Ok((33, 31)),
            Err("ends at 1234567x8".to_string()),
        ];
        let reason = "case 3: ends at 1234567x8".to_string();
        assert_eq!(
            verdict_of(cases.into_iter()),
            Checked::Wrong {
                reason: reason.clone(),
                cost: None
            }
        );
        assert_eq!(case_of(&reason), Some(2), "the failing case, 0-based");
        assert_eq!(case_of("timed out"), None);
        let cases = vec![Ok((19, 19)), Ok((33, 31)), Ok((0, 0))];
        let reason = "case 2: not optimal: 33 moves, optimum 31".to_string();
        let cost = Some(Cost {
            moves: 52,
            optimum: 50,
        });
        assert_eq!(
            verdict_of(cases.into_iter()),
            Checked::Wrong { reason, cost }
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
}
