//! The bench's result model: each test's runs per submission, the ratios between two submissions,
//! and the exit rule. The renderers in `render/bench.rs` only read it.

use crate::model::execution::Measurement;
use crate::model::outcome::{Compile, ProblemRun, TestRun};
use crate::model::reason::TestFault;
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
    /// Adds one run: its finding always, its measurement when the run was timed.
    pub fn record(&mut self, run: TestRun, timed: bool) {
        self.findings.push(run.finding);
        if let Some(measured) = run.measured.filter(|_| timed) {
            self.timed.push(measured);
        }
    }

    /// The first run's finding: the one the table shows.
    pub fn first(&self) -> Option<&Finding> {
        self.findings.first()
    }

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

    fn median(&self, metric: Metric) -> Option<f64> {
        stats::median(&self.samples(metric))
    }
}

/// B's median over A's, each median first raised to [`RATIO_FLOOR_MS`]: above 1, B is slower.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ratio {
    pub cpu: f64,
    pub wall: f64,
}

/// One test benched.
#[derive(Debug, Clone, PartialEq)]
pub struct TestBench {
    pub name: String,
    /// Each submission's runs, A's then B's; `Err` when the test itself is broken and nothing ran.
    pub runs: Result<Vec<Runs>, TestFault>,
}

impl TestBench {
    pub fn broken(name: &str, fault: TestFault) -> TestBench {
        TestBench {
            name: name.to_string(),
            runs: Err(fault),
        }
    }

    /// `None` without a second submission, or without timings from both.
    pub fn ratio(&self) -> Option<Ratio> {
        let [a, b] = self.runs.as_deref().ok()? else {
            return None;
        };
        let of = |metric| {
            Some(stats::ratio(
                b.median(metric)?,
                a.median(metric)?,
                RATIO_FLOOR_MS,
            ))
        };
        Some(Ratio {
            cpu: of(Metric::CpuMs)?,
            wall: of(Metric::WallMs)?,
        })
    }

    /// The test is broken: found so before running, or by the checker after a run.
    pub fn is_broken(&self) -> bool {
        match &self.runs {
            Err(_) => true,
            Ok(runs) => runs
                .iter()
                .flat_map(|r| &r.findings)
                .any(|f| matches!(f, Finding::TestError(_))),
        }
    }
}

/// The geometric mean of the per-test ratios, and how many tests had one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Overall {
    pub ratio: Ratio,
    pub tests: usize,
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
    pub fn overall(&self) -> Option<Overall> {
        let ratios: Vec<Ratio> = self.tests.iter().filter_map(TestBench::ratio).collect();
        let mean = |part: fn(&Ratio) -> f64| {
            stats::geometric_mean(&ratios.iter().map(part).collect::<Vec<_>>())
        };
        Some(Overall {
            ratio: Ratio {
                cpu: mean(|r| r.cpu)?,
                wall: mean(|r| r.wall)?,
            },
            tests: ratios.len(),
        })
    }

    /// How many tests the submission `index` had accepted in every run.
    pub fn accepted(&self, index: usize) -> usize {
        let clean = |t: &TestBench| {
            t.runs
                .as_ref()
                .is_ok_and(|runs| runs.get(index).is_some_and(|r| r.not_accepted() == 0))
        };
        self.tests.iter().filter(|t| clean(t)).count()
    }

    pub fn compiled(&self) -> bool {
        self.contenders
            .iter()
            .all(|c| matches!(c.compile, Compile::Built { .. }))
    }

    /// 2 a test is broken; 1 a submission did not compile, or some run was not accepted; else 0.
    pub fn exit_code(&self) -> i32 {
        let all_accepted = (0..self.contenders.len()).all(|i| self.accepted(i) == self.tests.len());
        if self.tests.iter().any(TestBench::is_broken) {
            2
        } else if self.compiled() && all_accepted {
            0
        } else {
            1
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
