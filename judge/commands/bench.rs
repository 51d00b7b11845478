//! `judge bench`: runs each test several times after a warm-up and summarises the timings; with
//! `--vs`, runs a second submission interleaved with the first and compares the two.

use crate::cli::Options;
use crate::judging::problem::{self, Problem, Test};
use crate::judging::session::{test_label, Session};
use crate::judging::test_judge::{load, Loaded, TestJudge};
use crate::model::bench::{Bench, Runs, TestBench};
use crate::model::error::JudgeError;
use crate::model::execution::Program;
use crate::model::outcome::ProblemRun;
use crate::model::reason::TestFault;
use crate::render::bench::{self, Table};
use crate::render::console::{emit, progress};

pub fn bench(session: &Session, options: &Options) -> Result<i32, JudgeError> {
    let name = options.problem.as_deref().unwrap_or_default();
    let problem = session.problem(name)?;
    let (puzzle, checker) = (session.puzzle(&problem)?, session.checker(&problem)?);
    let cache = session.optima_cache(&problem)?;
    let tests = problem::tests(&problem, &options.test, &session.settings.invocation)?;
    let (contenders, programs) = compile_all(session, options, &problem)?;
    let mut bench = Bench {
        problem: problem.name.clone(),
        contenders,
        runs: options.runs,
        tests: Vec::new(),
    };
    let name_width = tests.iter().map(|t| t.name.len()).max().unwrap_or(0);
    let table = Table::new(session.settings.color, name_width, bench.contenders.len());
    let show = |text: String| (!options.json).then(|| emit(&text));
    show(table.header(&bench, tests.len()));
    let limits = bench.contenders[0].limits;
    let judges: Vec<TestJudge> = (programs.iter())
        .map(|program| session.test_judge(puzzle, checker.as_ref(), program, limits))
        .collect();
    // No programs when a submission did not compile: the header showed why, and nothing runs.
    for (i, test) in tests.iter().enumerate().take_while(|_| !judges.is_empty()) {
        let label = test_label(name, i, &tests);
        let loaded = load(test, checker.as_ref(), Some(&cache));
        let result = bench_test(&judges, loaded, test, options.runs, &label)?;
        progress("");
        show(table.rows(&result));
        bench.tests.push(result);
    }
    show(table.footer(&bench));
    if options.json {
        emit(&bench::json(&bench).to_pretty());
    }
    Ok(bench.exit_code())
}

/// Builds A (the command line's submission, else the problem's own) and B (`--vs`). The programs
/// come back only when every submission compiled: a bench of one that did not would compare nothing.
fn compile_all(
    session: &Session,
    options: &Options,
    problem: &Problem,
) -> Result<(Vec<ProblemRun>, Vec<Program>), JudgeError> {
    let mut built = vec![session.compile(problem, options.submission.as_deref())?];
    if let Some(vs) = &options.vs {
        built.push(session.compile(problem, Some(vs))?);
    }
    let (contenders, programs): (Vec<_>, Vec<Option<Program>>) = built.into_iter().unzip();
    let programs = programs.into_iter().collect::<Option<_>>();
    Ok((contenders, programs.unwrap_or_default()))
}

/// Runs each submission (`judges`: A's, then B's) `runs` times after a warm-up on `test`, read and
/// solved by the reference once (`loaded`).
fn bench_test(
    judges: &[TestJudge],
    loaded: Result<Loaded, TestFault>,
    test: &Test,
    runs: u64,
    label: &str,
) -> Result<TestBench, JudgeError> {
    let mut all = vec![Runs::default(); judges.len()];
    // A broken test runs nothing: its fault is the result.
    if let Ok(loaded) = &loaded {
        for round in 0..=runs {
            progress(&match round {
                0 => format!("{label}: warm-up"),
                _ => format!("{label}: run {round}/{runs}"),
            });
            for i in order(round, judges.len()) {
                let (run, _) = judges[i].judge_loaded(loaded)?;
                // Its finding always, its measurement when the run was timed (not the warm-up).
                all[i].findings.push(run.finding);
                all[i].timed.extend(run.measured.filter(|_| round > 0));
            }
        }
    }
    Ok(TestBench {
        name: test.name.clone(),
        runs: loaded.map(|_| all),
    })
}

/// Who runs when in a round: A then B in even rounds (round 0 is the warm-up), B then A in odd ones.
/// Over a test the order reads A B B A A B …, so a machine that speeds up or slows down during the
/// bench (frequency scaling, a neighbour's load) weighs on both alike.
fn order(round: u64, contenders: usize) -> Vec<usize> {
    let order = 0..contenders;
    match round % 2 {
        0 => order.collect(),
        _ => order.rev().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judging::test_judge::testing::{bare_puzzle, one_number, program};
    use crate::model::bench::made::*;
    use crate::model::bench::Metric;
    use crate::model::execution::Execution;
    use crate::model::limits;
    use crate::model::optimum::Optimum;
    use crate::model::outcome::made::wrong;
    use crate::model::outcome::Compile;
    use crate::model::reason::{Kind, Place, Rejection};
    use crate::model::verdict::{Checked, Cost, Finding, Verdict};
    use crate::puzzles::checker::Checker;
    use crate::puzzles::Puzzle;
    use crate::run::runner::Runner;
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

    const OK: Puzzle = bare_puzzle("ok", || Box::new(OkChecker));

    impl Checker for OkChecker {
        fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
            one_number(input)
        }

        fn check(&self, _: &[u8], output: &[u8], _: &[Optimum]) -> Checked {
            match output {
                b"ok" => Checked::Accepted(Cost::default()),
                _ => Checked::wrong(Rejection::new(Place::Output, Kind::Unreadable, "not ok")),
            }
        }

        fn claims(&self, _: &[u8], _: &[u8]) -> Result<Vec<Optimum>, Rejection> {
            unreachable!("no brute force here")
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

    /// Benches `test` with programs named `a` and `b` through `runner`.
    fn bench_ab(runner: &FakeRunner, test: &Test, runs: u64) -> TestBench {
        let programs = [program("a"), program("b")];
        let judges: Vec<TestJudge> = (programs.iter())
            .map(|program| TestJudge::new(runner, &OK, &OkChecker, program, limits::DEFAULT))
            .collect();
        let loaded = load(test, &OkChecker, None);
        bench_test(&judges, loaded, test, runs, "test").expect("benched")
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
        let fault = TestFault::Broken("input is not a number".into());
        assert_eq!(bench.runs, Err(fault));
        assert!(runner.ran.borrow().is_empty());
        assert_eq!(bench_of(vec![bench]).exit_code(), 2);
        std::fs::remove_dir_all(test.input.parent().expect("dir")).expect("clean up");
    }

    #[test]
    fn the_overall_ratio_is_the_geometric_mean_of_median_ratios() {
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
        assert!((overall.ratio.expect("exact").0 - 1.0).abs() < 1e-9 && overall.tests == 2);
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
        let wrong = wrong("x");
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
