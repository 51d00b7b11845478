//! The bench's result model: each test's runs per submission, the ratios between two submissions,
//! and the exit rule. The renderers in `render/bench.rs` only read it.

use crate::model::execution::Measurement;
use crate::model::outcome::{Compile, ProblemRun};
use crate::model::reason::{Reason, RunFault, TestFault};
use crate::model::stats::{self, Spread};
use crate::model::verdict::Finding;

/// Medians below this, milliseconds, count as this in a ratio. A run's CPU time is counted in
/// microseconds and jitters by tens of them, so the ratio of two smaller times would be noise (or 0/0).
pub const RATIO_FLOOR_MS: f64 = 0.05;

/// What a bench measures of each run, with its unit in the name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    CpuMs,
    WallMs,
    PeakKib,
}

impl Metric {
    pub const ALL: [Metric; 3] = [Metric::CpuMs, Metric::WallMs, Metric::PeakKib];

    pub fn of(self, measured: &Measurement) -> f64 {
        match self {
            Metric::CpuMs => measured.cpu_ms,
            Metric::WallMs => measured.wall_ms,
            Metric::PeakKib => measured.peak_kib as f64,
        }
    }
}

/// One submission's runs on one test.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Runs {
    /// Every run's finding, the warm-up's first: an answer is checked whether or not it is timed.
    pub findings: Vec<Finding>,
    /// What each timed run used, in order; the warm-up is not among them.
    pub timed: Vec<Measurement>,
}

impl Runs {
    pub fn not_accepted(&self) -> usize {
        self.findings.iter().filter(|f| !f.accepted()).count()
    }

    /// The timed runs' values of `metric`, in run order.
    pub fn samples(&self, metric: Metric) -> Vec<f64> {
        self.timed.iter().map(|m| metric.of(m)).collect()
    }

    pub fn spread(&self, metric: Metric) -> Option<Spread> {
        stats::spread(&self.samples(metric))
    }

    /// How its times may be compared: `Some(false)` accepted in every run, `Some(true)` stopped at
    /// the CPU limit in every run that was not (its times then say only that it needs at least
    /// that), `None` neither.
    fn stopped(&self) -> Option<bool> {
        // A CPU reason comes only with TLE (`judging/decide.rs`).
        let on_cpu = |f: &&Finding| matches!(f.reason(), Some(Reason::Run(RunFault::Cpu { .. })));
        let failed: Vec<&Finding> = self.findings.iter().filter(|f| !f.accepted()).collect();
        failed.iter().all(on_cpu).then_some(!failed.is_empty())
    }
}

/// B's median over A's, each median first raised to [`RATIO_FLOOR_MS`]: above 1, B is slower.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ratio {
    pub cpu: f64,
    pub wall: f64,
    pub bound: Bound,
}

/// What a ratio says: the true one where both were accepted in every run; where one was stopped at
/// the CPU limit instead (its times are the limit's, not its own), only a bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// B was stopped: it is at least this many times slower.
    AtLeast,
    /// A was stopped: B is at most this many times slower.
    AtMost,
}

impl Bound {
    /// As `--json` names it, in the order above.
    pub fn name(self) -> &'static str {
        ["exact", "at-least", "at-most"][self as usize]
    }
}

/// One test benched.
#[derive(Debug, Clone, PartialEq)]
pub struct TestBench {
    pub name: String,
    /// Each submission's runs, A's then B's; `Err` when the test itself is broken and nothing ran.
    pub runs: Result<Vec<Runs>, TestFault>,
}

impl TestBench {
    /// `None` without a second submission, without timings from both, or when a run of either
    /// failed otherwise than by being stopped at the CPU limit while the other was accepted.
    pub fn ratio(&self) -> Option<Ratio> {
        let [a, b] = self.runs.as_deref().ok()? else {
            return None;
        };
        let bound = match (a.stopped()?, b.stopped()?) {
            (false, false) => Bound::Exact,
            (false, true) => Bound::AtLeast,
            (true, false) => Bound::AtMost,
            (true, true) => return None,
        };
        let median = |runs: &Runs, metric| stats::median(&runs.samples(metric));
        let of = |m| Some(stats::ratio(median(b, m)?, median(a, m)?, RATIO_FLOOR_MS));
        Some(Ratio {
            cpu: of(Metric::CpuMs)?,
            wall: of(Metric::WallMs)?,
            bound,
        })
    }

    /// Two submissions ran, but their times give no true ratio: one was not accepted in every run.
    pub fn left_out(&self) -> bool {
        let two = self.runs.as_deref().is_ok_and(|runs| runs.len() == 2);
        two && self.ratio().map_or(true, |r| r.bound != Bound::Exact)
    }

    /// The test is broken: found so before running, or by the checker after a run.
    pub fn is_broken(&self) -> bool {
        let mut findings = self.runs.iter().flatten().flat_map(|r| &r.findings);
        self.runs.is_err() || findings.any(|f| matches!(f, Finding::TestError(_)))
    }
}

/// The geometric mean of the exact per-test ratios (CPU, wall), how many tests had one, and how
/// many were left out (a run not accepted: its time is capped, or means nothing).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Overall {
    pub ratio: Option<(f64, f64)>,
    pub tests: usize,
    pub left_out: usize,
}

/// A whole bench: the submissions, how many times each test ran, and every test's runs.
#[derive(Debug)]
pub struct Bench {
    pub problem: String,
    /// Each submission's build, A's then B's, under the problem's limits; their `tests` stay empty.
    pub contenders: Vec<ProblemRun>,
    /// Timed runs per test and submission, after one warm-up.
    pub runs: u64,
    pub tests: Vec<TestBench>,
}

impl Bench {
    /// `None` with one submission.
    pub fn overall(&self) -> Option<Overall> {
        if self.contenders.len() < 2 {
            return None;
        }
        let all = self.tests.iter().filter_map(TestBench::ratio);
        let ratios: Vec<Ratio> = all.filter(|r| r.bound == Bound::Exact).collect();
        let mean = |part: fn(&Ratio) -> f64| {
            stats::geometric_mean(&ratios.iter().map(part).collect::<Vec<_>>())
        };
        Some(Overall {
            ratio: mean(|r| r.cpu).zip(mean(|r| r.wall)),
            tests: ratios.len(),
            left_out: self.tests.iter().filter(|t| t.left_out()).count(),
        })
    }

    /// How many tests the submission `index` had accepted in every run.
    pub fn accepted(&self, index: usize) -> usize {
        let runs = (self.tests.iter()).filter_map(|t| t.runs.as_ref().ok()?.get(index));
        runs.filter(|r| r.not_accepted() == 0).count()
    }

    pub fn compiled(&self) -> bool {
        let built = |c: &ProblemRun| matches!(c.compile, Compile::Built { .. });
        self.contenders.iter().all(built)
    }

    /// 2 a test is broken; 1 a submission did not compile, or some run was not accepted; else 0.
    pub fn exit_code(&self) -> i32 {
        let all_accepted = (0..self.contenders.len()).all(|i| self.accepted(i) == self.tests.len());
        match (self.tests.iter().any(TestBench::is_broken), self.compiled()) {
            (true, _) => 2,
            (false, true) if all_accepted => 0,
            (false, _) => 1,
        }
    }
}

/// Benches built by hand, for the tests of this model, of `judge bench` and of its renderer.
#[cfg(test)]
pub mod made {
    use super::*;
    use crate::model::execution::{Accounting, Sandbox};
    use crate::model::limits;
    use crate::model::status::Status;
    use crate::model::verdict::Verdict;

    /// A clean exit using `cpu_ms` of CPU, a millisecond more of wall time, and 1 MiB.
    pub fn measurement(cpu_ms: f64) -> Measurement {
        Measurement {
            status: Status::Exited(0),
            cpu_ms,
            wall_ms: cpu_ms + 1.0,
            peak_kib: 1024,
            stopped: None,
            sandbox: Sandbox::Namespaces,
            accounting: Accounting::Polling,
            stack_kib: 65536,
        }
    }

    /// Runs ending as `findings` (the warm-up first), timed at `cpu_ms` each.
    pub fn runs(cpu_ms: &[f64], findings: Vec<Finding>) -> Runs {
        Runs {
            findings,
            timed: cpu_ms.iter().map(|&ms| measurement(ms)).collect(),
        }
    }

    /// `n` accepted runs.
    pub fn accepted(n: usize) -> Vec<Finding> {
        vec![Finding::verdict(Verdict::Accepted, None); n]
    }

    /// A test benched with A's and B's runs.
    pub fn test_of(a: Runs, b: Runs) -> TestBench {
        TestBench {
            name: "t".into(),
            runs: Ok(vec![a, b]),
        }
    }

    /// A bench of `tests` by as many submissions as the first test has runs of.
    pub fn bench_of(tests: Vec<TestBench>) -> Bench {
        let contenders = tests
            .first()
            .and_then(|t| t.runs.as_ref().ok())
            .map_or(1, Vec::len);
        let built = |_| ProblemRun {
            problem: "eight".into(),
            submission: "a.rs".into(),
            compiler: "rustc".into(),
            compile: Compile::Built { cached: true },
            limits: limits::DEFAULT,
            tests: Vec::new(),
        };
        Bench {
            problem: "eight".into(),
            contenders: (0..contenders).map(built).collect(),
            runs: 2,
            tests,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::made::*;
    use super::*;
    use crate::model::verdict::Verdict;

    #[test]
    fn bounds_have_their_json_names() {
        let names = [Bound::Exact, Bound::AtLeast, Bound::AtMost].map(Bound::name);
        assert_eq!(names, ["exact", "at-least", "at-most"]);
    }

    /// A run stopped at the 1000 ms CPU limit, and one that answered wrong.
    fn stopped() -> Finding {
        let fault = RunFault::Cpu {
            used_ms: 1003.0,
            limit_ms: 1000,
        };
        Finding::verdict(Verdict::TimeLimit, Some(Reason::Run(fault)))
    }

    fn wrong() -> Finding {
        Finding::verdict(Verdict::WrongAnswer, None)
    }

    #[test]
    fn a_ratio_is_exact_only_between_accepted_runs() {
        let fast = || runs(&[10.0, 10.0], accepted(3));
        let capped = || runs(&[1000.0, 1000.0], vec![stopped(); 3]);
        let exact = test_of(fast(), runs(&[20.0, 20.0], accepted(3))).ratio();
        assert_eq!(exact.map(|r| (r.bound, r.cpu)), Some((Bound::Exact, 2.0)));
        // A wrong answer's time, or two stopped ones, say nothing.
        let wrong_once = runs(&[20.0, 20.0], vec![wrong(), stopped(), stopped()]);
        assert_eq!(test_of(fast(), wrong_once).ratio(), None);
        assert_eq!(test_of(capped(), capped()).ratio(), None);
    }

    #[test]
    fn a_ratio_against_a_stopped_run_is_a_bound() {
        let fast = || runs(&[10.0, 10.0], accepted(3));
        let capped = || runs(&[1000.0, 1000.0], vec![stopped(); 3]);
        let slower = test_of(fast(), capped()).ratio().expect("a bound");
        assert_eq!((slower.bound, slower.cpu), (Bound::AtLeast, 100.0));
        let faster = test_of(capped(), fast()).ratio().expect("a bound");
        assert_eq!((faster.bound, faster.cpu), (Bound::AtMost, 0.01));
    }

    #[test]
    fn the_overall_ratio_counts_the_inexact_tests_it_leaves_out() {
        let fast = || runs(&[10.0, 10.0], accepted(3));
        let bench = bench_of(vec![
            test_of(fast(), runs(&[40.0, 40.0], accepted(3))),
            test_of(fast(), runs(&[1000.0, 1000.0], vec![stopped(); 3])),
            test_of(fast(), runs(&[5.0, 5.0], vec![wrong(); 3])),
        ]);
        let overall = bench.overall().expect("two submissions");
        assert_eq!(overall.ratio.map(|(cpu, _)| cpu), Some(4.0));
        assert_eq!((overall.tests, overall.left_out), (1, 2));
        let alone = bench_of(vec![TestBench {
            name: "t".into(),
            runs: Ok(vec![fast()]),
        }]);
        assert_eq!(alone.overall(), None);
    }
}
