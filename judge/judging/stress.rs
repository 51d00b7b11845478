//! The search of `judge stress`: inputs judged as tests, one after another, until one fails; then
//! that input made smaller for as long as it fails the same way.

use crate::formats::text::indent;
use crate::judging::contestant::{Brute, Inputs};
use crate::judging::problem::Test;
use crate::judging::test_judge::{broken, load, Loaded, TestJudge};
use crate::model::error::JudgeError;
use crate::model::optimum::Optimum;
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
                Some(optima) => return Ok((self.judged_by_brute(&test, input, optima)?, true)),
                // The brute force did not finish either: the input is skipped.
                None => broken(&test, TestFault::TooLarge { max_states }, input.as_bytes()),
            },
            Err(fault) => broken(&test, fault, input.as_bytes()),
        };
        Ok((run, false))
    }

    /// The submission judged against the brute force's optima. An answer that beats them shows
    /// the brute force wrong, and it can judge no more.
    fn judged_by_brute(
        &self,
        test: &Test,
        input: &str,
        optima: Vec<Optimum>,
    ) -> Result<TestRun, JudgeError> {
        let loaded = Loaded {
            test: test.clone(),
            input: input.as_bytes().to_vec(),
            optima,
        };
        let (run, _) = self.judge.judge_loaded(&loaded)?;
        match &run.finding {
            Finding::TestError(beaten) => Err(JudgeError::new(format!(
                "your brute force's answer is not optimal: the submission's is valid and shorter \
                 ({beaten}), on this input, too large for the reference:\n{}",
                indent(input)
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
/// does, the run cap is spent or `--time` is out.
pub fn shrink(
    trial: &Trial,
    generator: &dyn Generator,
    failure: Failure,
    deadline: Instant,
) -> Result<Shrunk, JudgeError> {
    let way = failure.run.finding.clone();
    let (mut smallest, mut runs) = (failure, 0);
    let cut_short = |runs: usize| match () {
        _ if runs >= MAX_SHRINK_RUNS => Some(CutShort::Runs),
        _ if Instant::now() >= deadline => Some(CutShort::Time),
        _ => None,
    };
    let cut_short = 'smaller: loop {
        progress(&format!("stress: shrinking, {runs} runs"));
        let case = smallest.run.finding.failing_case();
        for input in generator.smaller(&smallest.input, case) {
            if let Some(cut) = cut_short(runs) {
                break 'smaller Some(cut);
            }
            runs += 1;
            let (run, _) = trial.judged(&input)?;
            if run.finding.same_way(&way) {
                smallest = Failure { input, run };
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
    })
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
}
