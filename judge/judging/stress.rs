//! The search of `judge stress`: inputs judged as tests, one after another, until one fails; then
//! that input made smaller for as long as it fails the same way.

use crate::formats::text::indent;
use crate::judging::contestant::{Brute, Inputs};
use crate::judging::problem::Test;
use crate::judging::test_judge::{broken, load, Loaded, TestJudge};
use crate::model::error::JudgeError;
use crate::model::outcome::TestRun;
use crate::model::reason::TestFault;
use crate::model::stress::{CutShort, Failure, Searched, Shrunk, MAX_SHRINK_RUNS, SHRINK_SECONDS};
use crate::model::verdict::Finding;
use crate::puzzles::generator::Generator;
use crate::render::console::progress;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Cases an input holds where the format has several (Eight): enough that the program's start-up
/// is not what is measured, few enough that a failing input is quick to cut down.
const BATCH: u64 = 100;

/// Runs one input as a test named `stress`, from a file of its own.
pub struct Trial<'a> {
    pub judge: TestJudge<'a>,
    pub input: PathBuf,
    /// With `--brute`: what decides an input too large for the reference.
    pub brute: Option<&'a Brute<'a>>,
}

impl Trial<'_> {
    /// The input judged, and whether the brute force's answer decided it.
    fn judged(&self, input: &str) -> Result<(TestRun, bool), JudgeError> {
        std::fs::write(&self.input, input).map_err(|e| JudgeError::io("write", &self.input, e))?;
        let test = Test {
            name: "stress".into(),
            input: self.input.clone(),
            answer: None,
        };
        let Some(brute) = self.brute else {
            return Ok((self.judge.judge(&test)?, false));
        };
        let run = match load(&test, self.judge.checker, None) {
            Ok(loaded) => self.judge.judge_loaded(&loaded)?.0,
            Err(TestFault::TooLarge { max_states }) => match brute.optima(&test.input, input)? {
                Some(optima) => {
                    let input = input.as_bytes().to_vec();
                    let loaded = Loaded {
                        test,
                        input,
                        optima,
                    };
                    return Ok((self.judged_by_brute(&loaded)?, true));
                }
                // The brute force did not finish either: the input is skipped.
                None => broken(&test, TestFault::TooLarge { max_states }, input.as_bytes()),
            },
            Err(fault) => broken(&test, fault, input.as_bytes()),
        };
        Ok((run, false))
    }

    /// The submission judged against the brute force's optima. An answer that beats them shows
    /// the brute force wrong, and it can judge no more.
    fn judged_by_brute(&self, loaded: &Loaded) -> Result<TestRun, JudgeError> {
        let (run, _) = self.judge.judge_loaded(loaded)?;
        match &run.finding {
            Finding::TestError(beaten) => Err(JudgeError::new(format!(
                "your brute force's answer is not optimal: the submission's is valid and shorter \
                 ({beaten}), on this input, too large for the reference:\n{}",
                indent(&String::from_utf8_lossy(&loaded.input))
            ))),
            _ => Ok(run),
        }
    }
}

/// Inputs in order until one fails or the budget (cases, seconds) is spent.
pub fn search(
    trial: &Trial,
    inputs: &Inputs,
    cases: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> Result<Searched, JudgeError> {
    let started = Instant::now();
    let mut searched = Searched::default();
    while searched.cases < cases && before(deadline) {
        let index = searched.inputs;
        let wanted = (cases - searched.cases).min(BATCH);
        let (input, held) = inputs.input(seed, index, wanted)?;
        let (run, by_brute) = trial.judged(&input)?;
        searched.inputs += 1;
        searched.cases += held;
        if by_brute {
            searched.by_brute += held;
        }
        match &run.finding {
            finding if finding.accepted() => {}
            Finding::TestError(TestFault::TooLarge { .. }) => searched.skipped += held,
            Finding::TestError(fault) => {
                return Err(JudgeError::new(format!(
                    "the generator made an input the reference refuses ({fault}):\n{input}"
                )))
            }
            Finding::Verdict { .. } => {
                searched.failure = Some((index, Failure { input, run }));
                searched.failure_by_brute = by_brute;
                break;
            }
        }
        searched.seconds = started.elapsed().as_secs_f64();
        let rate = searched.cases as f64 / searched.seconds.max(1e-3);
        progress(&format!(
            "stress: {} of {} cases, {rate:.0} cases/s, {:.1} s",
            searched.cases, cases, searched.seconds
        ));
    }
    progress("");
    searched.seconds = started.elapsed().as_secs_f64();
    Ok(searched)
}

/// Tries the generator's smaller inputs, keeping each that still fails the same way, until none
/// does, the run cap is spent or `--time` is out. Each is given the failing input's line ends; an
/// input written otherwise than shrinking writes it is shrunk only if it still fails written so.
pub fn shrink(
    trial: &Trial,
    generator: &dyn Generator,
    mut smallest: Failure,
    deadline: Instant,
) -> Result<Shrunk, JudgeError> {
    let (way, like, mut runs) = (smallest.run.finding.clone(), smallest.input.clone(), 0);
    // Written otherwise, the input is first tried as shrinking writes it, and shrunk only if that
    // still fails the same way.
    let mut rendered = generator.rendered(&like);
    let mut kept_whole = rendered.as_ref().map(|text| ends_like(&like, text)) != Some(like.clone());
    let cut_short = |runs: usize| match () {
        _ if runs >= MAX_SHRINK_RUNS => Some(CutShort::Runs),
        _ if Instant::now() >= deadline => Some(CutShort::Time),
        _ => None,
    };
    let cut_short = 'smaller: loop {
        progress(&format!("stress: shrinking, {runs} runs"));
        let case = smallest.run.finding.failing_case();
        let smaller = match kept_whole {
            true => rendered.take().into_iter().collect(),
            false => generator.smaller(&smallest.input, case),
        };
        for input in smaller {
            if let Some(cut) = cut_short(runs) {
                break 'smaller Some(cut);
            }
            runs += 1;
            let input = ends_like(&like, &input);
            let (run, _) = trial.judged(&input)?;
            if run.finding.same_way(&way) {
                (smallest, kept_whole) = (Failure { input, run }, false);
                continue 'smaller;
            }
        }
        break None; // no smaller input fails the same way
    };
    progress("");
    Ok(Shrunk {
        failure: smallest,
        runs,
        cut_short,
        kept_whole,
    })
}

/// `text`, written one `\n` a line as shrinking writes, with the line ends of `like`: `\r\n` or `\n`,
/// and a last line with an end or without. A program may fail on these alone.
fn ends_like(like: &str, text: &str) -> String {
    let end = if like.contains("\r\n") { "\r\n" } else { "\n" };
    let last = if like.ends_with('\n') { end } else { "" };
    text.strip_suffix('\n').unwrap_or(text).replace('\n', end) + last
}

/// When shrinking that starts `now` must end: where `--time` set the command's `deadline`, there;
/// else [`SHRINK_SECONDS`] from now.
pub fn shrink_deadline(deadline: Option<Instant>, now: Instant) -> Instant {
    deadline.unwrap_or(now + Duration::from_secs(SHRINK_SECONDS))
}

/// Whether the `--time` budget, if any, has time left.
fn before(deadline: Option<Instant>) -> bool {
    deadline.map_or(true, |d| Instant::now() < d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_ends_at_the_budget_or_a_minute_after_it_starts() {
        let now = Instant::now();
        let soon = now + Duration::from_millis(1500);
        assert_eq!(shrink_deadline(Some(soon), now), soon);
        assert_eq!(shrink_deadline(None, now), now + Duration::from_secs(60));
    }

    #[test]
    fn a_rendered_input_is_its_own_whatever_its_line_ends() {
        // Huarong's inputs write an empty cell `.` or `..`; shrinking writes `.`: its own inputs
        // are those `rendered` writes.
        for puzzle in crate::puzzles::ALL {
            let Some(stress) = puzzle.stress else {
                continue;
            };
            let generator = stress().generator;
            for index in (0..40).filter(|i| i % 5 != 4) {
                let (input, _) = generator.input(31, index, 8);
                for like in ["a\n", "a", "a\r\n", "a\r\nb"] {
                    let rendered = generator
                        .rendered(&ends_like(like, &input))
                        .expect("readable");
                    let written = ends_like(like, &rendered);
                    let again = generator.rendered(&written).map(|r| ends_like(like, &r));
                    assert_eq!(again.as_ref(), Some(&written), "{}: {index}", puzzle.name);
                    for smaller in generator.smaller(&written, Some(0)) {
                        let kept = ends_like(&written, &smaller);
                        let crlf = kept.matches("\r\n").count();
                        assert_eq!(
                            crlf,
                            kept.matches('\n').count() * usize::from(like.contains('\r'))
                        );
                        assert_eq!(
                            kept.ends_with('\n'),
                            like.ends_with('\n'),
                            "{}: {index}",
                            puzzle.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_smaller_input_keeps_the_failing_inputs_line_ends() {
        let written = "1 2\n3 4\n";
        for like in ["a\nb\n", "a\nb", "a\r\nb\r\n", "a\r\nb"] {
            assert_eq!(ends_like(like, "a\nb\n"), like);
            let kept = ends_like(like, written);
            assert_eq!(kept.replace("\r\n", "\n").trim_end(), written.trim_end());
            assert_eq!(kept.ends_with('\n'), like.ends_with('\n'), "{like:?}");
            assert_eq!(kept.contains('\r'), like.contains('\r'), "{like:?}");
        }
    }
}
