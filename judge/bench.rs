//! `judge bench`: runs each test several times after a warm-up and summarises the timings; with
//! `--vs`, runs a second submission interleaved with the first and compares the two.

use crate::bench_report::{self, Table};
use crate::check::{self, Checker};
use crate::cli::{BenchOptions, JudgeOptions};
use crate::error::JudgeError;
use crate::outcome::{Compile, Finding, Measurement, ProblemRun, TestRun};
use crate::problem::{self, Problem, Test};
use crate::report::{self, emit};
use crate::run::Program;
use crate::session::{read_test, Session, TestJudge};
use crate::stats::{self, Spread};

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
    fn record(&mut self, run: TestRun, timed: bool) {
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
    /// Each submission's runs, A's then B's; `Err(why)` when the test itself is broken and nothing ran.
    pub runs: Result<Vec<Runs>, String>,
}

impl TestBench {
    fn broken(test: &Test, why: String) -> TestBench {
        TestBench {
            name: test.name.clone(),
            runs: Err(why),
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

pub fn bench(session: &Session, options: &BenchOptions) -> Result<i32, JudgeError> {
    let name = options.judge.problem.as_deref();
    let name = name.ok_or_else(|| JudgeError::new("`judge bench` needs a problem"))?;
    let problem = problem::load(session.root, name)?;
    let checker = check::checker_of(&problem)?;
    let tests = problem::tests(&problem, options.judge.test.as_deref())?;
    let (contenders, programs) = compile_all(session, options, &problem)?;
    let mut bench = Bench {
        problem: problem.name.clone(),
        contenders,
        runs: options.runs,
        tests: Vec::new(),
    };
    let table = Table::new(session.color, &tests, bench.contenders.len());
    let show = |text: String| {
        if !options.judge.json {
            emit(&text);
        }
    };
    show(table.header(&bench, tests.len()));
    let limits = bench.contenders[0].limits;
    let judges: Vec<TestJudge> = (programs.iter())
        .map(|program| TestJudge {
            runner: session.launcher,
            checker: checker.as_ref(),
            program,
            limits,
            replay: false,
            trace: false,
        })
        .collect();
    // No programs when a submission did not compile: the header showed why, and nothing runs.
    for (i, test) in tests.iter().enumerate().take_while(|_| !judges.is_empty()) {
        let label = format!("{name} {}/{}: {}", i + 1, tests.len(), test.name);
        let result = bench_test(&judges, checker.as_ref(), test, options.runs, &label)?;
        report::progress("");
        show(table.rows(&result));
        bench.tests.push(result);
    }
    show(table.footer(&bench));
    if options.judge.json {
        emit(&bench_report::json(&bench).to_pretty());
    }
    Ok(bench.exit_code())
}

/// Builds A (the command line's submission, else the problem's own) and B (`--vs`). The programs
/// come back only when every submission compiled: a bench of one that did not would compare nothing.
fn compile_all(
    session: &Session,
    options: &BenchOptions,
    problem: &Problem,
) -> Result<(Vec<ProblemRun>, Vec<Program>), JudgeError> {
    let mut built = vec![session.compile(problem)?];
    if let Some(vs) = &options.vs {
        let other = JudgeOptions {
            submission: Some(vs.clone()),
            ..options.judge.clone()
        };
        let session = Session {
            options: &other,
            ..*session
        };
        built.push(session.compile(problem)?);
    }
    let (mut contenders, mut programs) = (Vec::new(), Vec::new());
    for (run, program) in built {
        programs.extend(program);
        contenders.push(run);
    }
    if programs.len() < contenders.len() {
        programs.clear();
    }
    Ok((contenders, programs))
}

/// Reads the test and has the reference solve it once, then runs each submission (`judges`: A's,
/// then B's, all with `checker`) `runs` times after a warm-up.
fn bench_test(
    judges: &[TestJudge],
    checker: &dyn Checker,
    test: &Test,
    runs: u64,
    label: &str,
) -> Result<TestBench, JudgeError> {
    let (input, optima) = match read_test(test, checker) {
        Ok(data) => data,
        Err(why) => return Ok(TestBench::broken(test, why)),
    };
    let mut all = vec![Runs::default(); judges.len()];
    for round in 0..=runs {
        report::progress(&match round {
            0 => format!("{label}: warm-up"),
            _ => format!("{label}: run {round}/{runs}"),
        });
        for i in order(round, judges.len()) {
            let run = judges[i].judge_read(test, &input, &optima)?;
            all[i].record(run, round > 0);
        }
    }
    Ok(TestBench {
        name: test.name.clone(),
        runs: Ok(all),
    })
}

/// Who runs when in a round: A then B in even rounds (round 0 is the warm-up), B then A in odd ones.
/// Over a test the order reads A B B A A B …, so a machine that speeds up or slows down during the
/// bench (frequency scaling, a neighbour's load) weighs on both alike.
fn order(round: u64, contenders: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..contenders).collect();
    if round % 2 == 1 {
        order.reverse();
    }
    order
}

/// Benches built by hand, for the tests of this module and of `bench_report`.
#[cfg(test)]
pub mod made {
    use super::*;
    use crate::limits;
    use crate::outcome::{Sandbox, Verdict};
    use crate::status::Status;

    /// A clean exit using `cpu_ms` of CPU, a millisecond more of wall time, and 1 MiB.
    pub fn measurement(cpu_ms: f64) -> Measurement {
        Measurement {
            status: Status::Exited(0),
            cpu_ms,
            wall_ms: cpu_ms + 1.0,
            peak_kib: 1024,
            stopped: None,
            sandbox: Sandbox::Namespaces,
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
    use crate::limits;
    use crate::outcome::{Checked, Cost, Verdict};
    use crate::run::{Execution, Runner};
    use std::cell::RefCell;
    use std::path::Path;

    /// Answers "ok" with a CPU time that counts its calls (1 ms, 2 ms, …) and remembers who ran when.
    #[derive(Default)]
    struct FakeRunner {
        ran: RefCell<Vec<String>>,
    }

    impl Runner for FakeRunner {
        fn run(
            &self,
            program: &Program,
            _: &Path,
            _: &limits::Limits,
        ) -> Result<Execution, JudgeError> {
            let mut ran = self.ran.borrow_mut();
            ran.push(program.path.display().to_string());
            Ok(execution(ran.len() as f64))
        }
    }

    fn execution(cpu_ms: f64) -> Execution {
        Execution {
            measured: measurement(cpu_ms),
            output_exceeded: false,
            stdout: b"ok".to_vec(),
            stderr: String::new(),
            lost: None,
        }
    }

    /// An input is well formed when it is a number; an answer is accepted when it is "ok".
    struct OkChecker;

    impl Checker for OkChecker {
        fn optima(&self, input: &[u8]) -> Result<Vec<Option<u64>>, String> {
            crate::session::tests::one_number(input)
        }

        fn check(&self, _: &[u8], output: &[u8], _: &check::Optima) -> Checked {
            match output {
                b"ok" => Checked::Accepted(Cost::default()),
                _ => Checked::Wrong {
                    reason: "not ok".into(),
                    cost: None,
                },
            }
        }
    }

    /// A test whose input file holds `input`, in a fresh folder named after `name`.
    fn test_file(name: &str, input: &str) -> Test {
        let dir =
            std::env::temp_dir().join(format!("slidekit-bench-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("001.in");
        std::fs::write(&path, input).expect("write .in");
        Test {
            name: "001".into(),
            input: path,
            answer: None,
        }
    }

    fn program(name: &str) -> Program {
        Program {
            path: name.into(),
            args: Vec::new(),
        }
    }

    /// Benches `test` with programs named `a` and `b` through `runner`.
    fn bench_ab(runner: &FakeRunner, test: &Test, runs: u64) -> TestBench {
        let programs = [program("a"), program("b")];
        let judges: Vec<TestJudge> = (programs.iter())
            .map(|program| TestJudge {
                runner,
                checker: &OkChecker,
                program,
                limits: limits::DEFAULT,
                replay: false,
                trace: false,
            })
            .collect();
        bench_test(&judges, &OkChecker, test, runs, "test").expect("benched")
    }

    #[test]
    fn runs_alternate_abba_and_the_warm_up_is_checked_but_not_timed() {
        let runner = FakeRunner::default();
        let test = test_file("abba", "7");
        let bench = bench_ab(&runner, &test, 2);
        assert_eq!(*runner.ran.borrow(), ["a", "b", "b", "a", "a", "b"]);
        let runs = bench.runs.expect("ran");
        // Calls 1 and 2 were the warm-ups; A ran 4th and 5th, B 3rd and 6th.
        assert_eq!(runs[0].samples(Metric::CpuMs), [4.0, 5.0]);
        assert_eq!(runs[1].samples(Metric::CpuMs), [3.0, 6.0]);
        assert_eq!(runs[1].samples(Metric::WallMs), [4.0, 7.0]);
        assert!(runs
            .iter()
            .all(|r| r.findings.len() == 3 && r.not_accepted() == 0));
        // Medians: A's (4 + 5) / 2 and B's (3 + 6) / 2, both 4.5.
        let bench = TestBench {
            runs: Ok(runs),
            ..bench
        };
        assert_eq!(bench.ratio().map(|r| r.cpu), Some(1.0));
        std::fs::remove_dir_all(test.input.parent().expect("dir")).expect("clean up");
    }

    #[test]
    fn a_broken_test_runs_nothing_and_exits_2() {
        let runner = FakeRunner::default();
        let test = test_file("broken", "seven");
        let bench = bench_ab(&runner, &test, 3);
        assert_eq!(bench.runs, Err("input is not a number".to_string()));
        assert!(runner.ran.borrow().is_empty());
        assert_eq!(bench_of(vec![bench]).exit_code(), 2);
        std::fs::remove_dir_all(test.input.parent().expect("dir")).expect("clean up");
    }

    #[test]
    fn the_overall_ratio_is_the_geometric_mean_of_the_tests_median_ratios() {
        let twice = test_of(
            runs(&[1.0, 3.0], accepted(3)),
            runs(&[4.0, 4.0], accepted(3)),
        );
        let half = test_of(
            runs(&[8.0, 8.0, 9.0], accepted(4)),
            runs(&[4.0], accepted(2)),
        );
        assert_eq!(twice.ratio().map(|r| r.cpu), Some(2.0));
        assert_eq!(half.ratio().map(|r| r.cpu), Some(0.5));
        let overall = bench_of(vec![twice, half]).overall().expect("ratios");
        assert!((overall.ratio.cpu - 1.0).abs() < 1e-9 && overall.tests == 2);
        // Medians of 0 ms and 0.01 ms are both under the floor: equal, not 0/0 or infinite.
        let tiny = test_of(runs(&[0.0], accepted(2)), runs(&[0.01], accepted(2)));
        assert_eq!(tiny.ratio().map(|r| r.cpu), Some(1.0));
        let alone = TestBench {
            name: "t".into(),
            runs: Ok(vec![runs(&[1.0], accepted(2))]),
        };
        assert_eq!(alone.ratio(), None);
        assert_eq!(bench_of(vec![alone]).overall(), None);
    }

    #[test]
    fn one_run_not_accepted_makes_the_exit_status_1() {
        let clean = || test_of(runs(&[1.0], accepted(2)), runs(&[1.0], accepted(2)));
        assert_eq!(bench_of(vec![clean(), clean()]).exit_code(), 0);
        let wrong = Finding::verdict(Verdict::WrongAnswer, Some("x".into()));
        let flaky = runs(
            &[1.0, 1.0],
            vec![
                wrong.clone(),
                wrong,
                Finding::verdict(Verdict::Accepted, None),
            ],
        );
        let bench = bench_of(vec![clean(), test_of(runs(&[1.0], accepted(2)), flaky)]);
        assert_eq!((bench.accepted(0), bench.accepted(1)), (2, 1));
        assert_eq!(bench.exit_code(), 1);
        let mut failed = bench_of(Vec::new());
        failed.contenders[0].compile = Compile::Failed {
            message: "no".into(),
        };
        assert_eq!(failed.exit_code(), 1);
    }
}
