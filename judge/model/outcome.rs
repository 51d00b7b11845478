//! The result model: what judging found, test by test, and the rules that turn it into acceptance and
//! the judge's exit status. Renderers only read it.

use crate::model::error::JudgeError;
use crate::model::execution::{Accounting, Measurement, Sandbox};
use crate::model::frame::Frame;
use crate::model::limits::Limits;
use crate::model::verdict::{Cost, Finding};

/// How the submission was built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Compile {
    Built { cached: bool },
    Failed { message: String },
}

impl Compile {
    /// The compiler's message, when it failed.
    pub fn failure(&self) -> Option<&str> {
        match self {
            Compile::Failed { message } => Some(message),
            Compile::Built { .. } => None,
        }
    }
}

/// Heads of a test's input and of the program's output, and the tail of its stderr, for `-v`; for
/// a wrong answer, the failing case drawn by its checker.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Detail {
    pub input: String,
    pub output: String,
    /// The last whole lines of its stderr, 4 KiB at most, a script's traceback naming the user's
    /// file.
    pub stderr_tail: String,
    /// Lines: the case's board, the answer, and for an illegal move the board before it, marked.
    pub scene: Option<String>,
    /// For a wrong answer, the reference's own answer to the failing case as a program prints it,
    /// where the answer is more than a number.
    pub shortest: Option<String>,
    /// Lines: the program's own search trace (with `-v` it runs with `BFS_TRACE=1`) beside a plain
    /// BFS's layers, when it printed one and was not accepted.
    pub trace: Option<String>,
    /// One case's answer replayed, for `--html`: kept for one case only, so a run's memory does not
    /// grow with its outputs.
    pub replay: Option<Replay>,
}

/// An answer to one case replayed frame by frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// 0-based: the failing case for a wrong answer, else the first.
    pub case: usize,
    pub frames: Vec<Frame>,
}

/// One test's result.
#[derive(Debug, Clone, PartialEq)]
pub struct TestRun {
    pub name: String,
    pub finding: Finding,
    /// What the run used; `None` if the test did not run.
    pub measured: Option<Measurement>,
    pub cost: Option<Cost>,
    /// The judge's whole handling of the test (run, read, check), milliseconds.
    pub judge_ms: f64,
    pub detail: Detail,
}

impl TestRun {
    /// A test that did not run: broken, or its submission did not compile.
    pub fn not_run(name: &str, finding: Finding, detail: Detail) -> TestRun {
        TestRun {
            name: name.to_string(),
            finding,
            measured: None,
            cost: None,
            judge_ms: 0.0,
            detail,
        }
    }
}

/// One submission judged on one problem.
#[derive(Debug)]
pub struct ProblemRun {
    pub problem: String,
    pub submission: String,
    /// The compiler's command line, e.g. `rustc --edition 2021 -O`; a script's interpreter by its
    /// full path and version, e.g. `/usr/bin/python3 -S (Python 3.11.2)`.
    pub compiler: String,
    pub compile: Compile,
    pub limits: Limits,
    pub tests: Vec<TestRun>,
}

impl ProblemRun {
    pub fn accepted(&self) -> usize {
        self.tests.iter().filter(|t| t.finding.accepted()).count()
    }

    /// Every test accepted, and it compiled.
    pub fn all_accepted(&self) -> bool {
        matches!(self.compile, Compile::Built { .. }) && self.accepted() == self.tests.len()
    }

    pub fn has_broken_tests(&self) -> bool {
        let broken = |t: &TestRun| matches!(t.finding, Finding::TestError(_));
        self.tests.iter().any(broken)
    }

    /// How the runs were contained and counted, from the first that ran.
    pub fn sandbox(&self) -> Option<(Sandbox, Accounting)> {
        let measured = self.tests.iter().find_map(|t| t.measured);
        measured.map(|m| (m.sandbox, m.accounting))
    }
}

/// One problem as a run left it: judged, or not, because the problem itself (its `problem.toml`,
/// tests folder or compiler) is broken; either way the other problems are judged. A wrapper rather
/// than a field of [`ProblemRun`]: a problem that did not load has no submission or limits to show.
#[derive(Debug)]
pub struct ProblemOutcome {
    pub problem: String,
    /// About test files that judge nothing (an `.ans` without its `.in`, a blank `.in`).
    pub warnings: Vec<String>,
    pub judged: Result<ProblemRun, JudgeError>,
}

impl ProblemOutcome {
    /// Not judged, or a test of it is broken: the judge's fault or the tests', never a verdict.
    pub fn broken(&self) -> bool {
        (self.judged.as_ref()).map_or(true, ProblemRun::has_broken_tests)
    }

    pub fn all_accepted(&self) -> bool {
        self.judged.as_ref().is_ok_and(ProblemRun::all_accepted)
    }
}

/// The judge's exit status: 0 every test accepted, 1 some test not accepted, 2 a problem could not be
/// judged or a test is broken.
pub fn exit_code(outcomes: &[ProblemOutcome]) -> i32 {
    if outcomes.iter().any(ProblemOutcome::broken) {
        2
    } else if outcomes.iter().all(ProblemOutcome::all_accepted) {
        0
    } else {
        1
    }
}

/// Results built by hand, for the tests of this model and of its renderers.
#[cfg(test)]
pub mod made {
    use super::*;
    use crate::model::execution::Measurement;
    use crate::model::reason::{Kind, Place, Reason, Rejection};
    use crate::model::status::Status;
    use crate::model::verdict::Verdict;

    /// A test that ran (1.25 ms CPU, 2.5 ms wall, 2 MiB) and came to `finding`, with `-v`'s heads.
    pub fn test_run(name: &str, finding: Finding, cost: Option<Cost>) -> TestRun {
        let measured = Some(Measurement {
            cpu_ms: 1.25,
            wall_ms: 2.5,
            peak_kib: 2048,
            status: Status::Exited(0),
            stopped: None,
            sandbox: Sandbox::Namespaces,
            accounting: Accounting::Polling,
            stack_kib: 65536,
        });
        let detail = Detail {
            input: "2 3 4".into(),
            output: "ud".into(),
            stderr_tail: String::new(),
            scene: Some("case 1\n1 2 3".into()),
            shortest: Some("ullddrurdllurdruldr".into()),
            replay: None,
            trace: Some("depth 0".into()),
        };
        TestRun {
            name: name.into(),
            finding,
            measured,
            cost,
            judge_ms: 4.0,
            detail,
        }
    }

    /// `src/bin/eight.rs` on eight, built, under the default limits, with these tests.
    pub fn problem_run(tests: Vec<TestRun>) -> ProblemRun {
        ProblemRun {
            problem: "eight".into(),
            submission: "src/bin/eight.rs".into(),
            compiler: "rustc --edition 2021 -O".into(),
            compile: Compile::Built { cached: true },
            limits: crate::model::limits::DEFAULT,
            tests,
        }
    }

    pub fn accepted() -> Finding {
        Finding::verdict(Verdict::Accepted, None)
    }

    /// WA, for a case-1 rejection whose sentence is `text`.
    pub fn wrong(text: &str) -> Finding {
        let rejection = Rejection::new(Place::Output, Kind::Unreadable, text);
        Finding::verdict(Verdict::WrongAnswer, Some(Reason::Rejected(rejection)))
    }

    /// The test itself is broken, for `why`.
    pub fn broken(why: &str) -> Finding {
        Finding::TestError(crate::model::reason::TestFault::Broken(why.into()))
    }

    pub fn judged(run: ProblemRun, warnings: &[&str]) -> ProblemOutcome {
        ProblemOutcome {
            problem: run.problem.clone(),
            warnings: warnings.iter().map(|w| w.to_string()).collect(),
            judged: Ok(run),
        }
    }

    pub fn not_judged(problem: &str, error: JudgeError) -> ProblemOutcome {
        ProblemOutcome {
            problem: problem.into(),
            warnings: Vec::new(),
            judged: Err(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::made::{accepted, wrong};
    use super::*;
    use crate::model::reason::TestFault;
    use crate::model::verdict::Verdict;

    fn run(findings: Vec<Finding>, compile: Compile) -> ProblemRun {
        let tests = findings
            .into_iter()
            .map(|f| TestRun::not_run("t", f, Detail::default()))
            .collect();
        ProblemRun {
            problem: "eight".into(),
            submission: "a.rs".into(),
            compiler: "rustc".into(),
            compile,
            limits: crate::model::limits::DEFAULT,
            tests,
        }
    }

    fn built() -> Compile {
        Compile::Built { cached: false }
    }

    fn judged(run: ProblemRun) -> ProblemOutcome {
        ProblemOutcome {
            problem: run.problem.clone(),
            warnings: Vec::new(),
            judged: Ok(run),
        }
    }

    #[test]
    fn broken_tests_outrank_rejections_which_outrank_acceptance() {
        let (ac, wa) = (accepted, || wrong("x"));
        let good = run(vec![ac(), ac()], built());
        assert!(good.all_accepted() && !good.has_broken_tests());
        let bad = run(vec![ac(), wa()], built());
        assert_eq!((bad.accepted(), bad.all_accepted()), (1, false));
        let broken = run(
            vec![Finding::TestError(TestFault::Broken("bad .ans".into()))],
            built(),
        );
        assert_eq!(exit_code(&[judged(good)]), 0);
        let rejected = [judged(run(vec![ac()], built())), judged(bad)];
        assert_eq!(exit_code(&rejected), 1);
        assert_eq!(exit_code(&[judged(broken)]), 2);
        let failed = Compile::Failed {
            message: "no".into(),
        };
        let none = run(vec![Finding::verdict(Verdict::CompileError, None)], failed);
        assert!(!none.all_accepted());
        assert_eq!(
            Finding::TestError(TestFault::Broken("x".into())).code(),
            "ERR"
        );
    }

    #[test]
    fn a_problem_not_judged_fails_the_judge_whatever_the_others_did() {
        let accepted = || judged(run(vec![accepted()], built()));
        let not_judged = ProblemOutcome {
            problem: "huarong".into(),
            warnings: Vec::new(),
            judged: Err(JudgeError::new("no tests")),
        };
        assert!(not_judged.broken() && !not_judged.all_accepted());
        assert_eq!(exit_code(&[accepted()]), 0);
        assert_eq!(exit_code(&[accepted(), not_judged]), 2);
    }
}
