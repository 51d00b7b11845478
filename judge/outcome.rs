//! The result model: what judging found, test by test, and the rules that turn it into acceptance and
//! the judge's exit status. Renderers only read it.

use crate::check::Frame;
use crate::error::JudgeError;
use crate::limits::Limits;
use crate::status::Status;

/// The verdict on one test, as online judges name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    TimeLimit,
    MemoryLimit,
    OutputLimit,
    RuntimeError,
    CompileError,
}

impl Verdict {
    /// The short code used in the table and the JSON: `AC`, `WA`, `TLE`, `MLE`, `OLE`, `RE`, `CE`.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::RuntimeError => "RE",
            Verdict::CompileError => "CE",
        }
    }
}

/// What one test came to: a verdict on the submission, or a fault of the test itself, which is never
/// a verdict (a broken test must not pass or fail anyone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    Verdict {
        verdict: Verdict,
        reason: Option<String>,
    },
    TestError(String),
}

impl Finding {
    pub fn verdict(verdict: Verdict, reason: Option<String>) -> Finding {
        Finding::Verdict { verdict, reason }
    }

    pub fn accepted(&self) -> bool {
        matches!(
            self,
            Finding::Verdict {
                verdict: Verdict::Accepted,
                ..
            }
        )
    }

    /// The code shown for it: a verdict's, or `ERR` for a broken test.
    pub fn code(&self) -> &'static str {
        match self {
            Finding::Verdict { verdict, .. } => verdict.code(),
            Finding::TestError(_) => "ERR",
        }
    }

    pub fn reason(&self) -> Option<&str> {
        match self {
            Finding::Verdict { reason, .. } => reason.as_deref(),
            Finding::TestError(why) => Some(why),
        }
    }
}

/// Moves an answer used and the optimum, summed over a test's cases.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cost {
    pub moves: u64,
    pub optimum: u64,
}

/// A checker's finding on one output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked {
    Accepted(Cost),
    /// Not accepted; the cost is known when every answer was valid and only optimality failed.
    Wrong {
        reason: String,
        cost: Option<Cost>,
    },
    /// The test itself is broken (malformed input, or an `.ans` that disagrees with the reference).
    BadTest(String),
}

/// Why the launcher ended a run before the program ended by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The tree's CPU time passed the limit.
    Cpu,
    /// The tree's resident memory passed the limit.
    Memory,
    /// The wall clock passed its budget: the program slept or blocked.
    Wall,
    /// A process of the tree ignores SIGCHLD while it has children: the kernel discards their CPU
    /// time when they end, so the tree's could not be counted.
    UncountedChildren,
}

/// How a run was contained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sandbox {
    /// Fresh user, PID, mount and network namespaces: the run is the whole PID namespace.
    Namespaces,
    /// The fallback: the program's process group plus every descendant the launcher adopts.
    ProcessGroup,
}

impl Sandbox {
    pub fn name(self) -> &'static str {
        match self {
            Sandbox::Namespaces => "namespaces",
            Sandbox::ProcessGroup => "process-group",
        }
    }
}

/// What one run used, as the launcher measured it: the one measurement type from launcher to report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measurement {
    /// How the program (the tree's first process) ended.
    pub status: Status,
    /// CPU time, user + system, of the whole tree, milliseconds.
    pub cpu_ms: f64,
    /// Wall time from start to the end of the tree, milliseconds.
    pub wall_ms: f64,
    /// Peak resident memory, KiB: the larger of the biggest single process and the polled sum.
    pub peak_kib: u64,
    /// Set when the launcher ended the run, and why.
    pub stopped: Option<Stop>,
    pub sandbox: Sandbox,
}

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

/// Heads of a test's input, and of the program's output and stderr, for `-v`; for a wrong answer,
/// the failing case drawn by its checker.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Detail {
    pub input: String,
    pub output: String,
    pub stderr: String,
    /// Lines: the case's board, the answer, and for an illegal move the board before it, marked.
    pub scene: Option<String>,
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
    /// The compiler's command line, e.g. `rustc --edition 2021 -O`.
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
        self.tests
            .iter()
            .any(|t| matches!(t.finding, Finding::TestError(_)))
    }

    /// How the runs were contained, from the first that ran.
    pub fn sandbox(&self) -> Option<Sandbox> {
        self.tests
            .iter()
            .find_map(|t| t.measured.map(|m| m.sandbox))
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
        self.judged
            .as_ref()
            .map_or(true, ProblemRun::has_broken_tests)
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

#[cfg(test)]
mod tests {
    use super::*;

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
            limits: crate::limits::DEFAULT,
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
        let ac = || Finding::verdict(Verdict::Accepted, None);
        let wa = || Finding::verdict(Verdict::WrongAnswer, Some("x".into()));
        let good = run(vec![ac(), ac()], built());
        assert!(good.all_accepted() && !good.has_broken_tests());
        let bad = run(vec![ac(), wa()], built());
        assert_eq!((bad.accepted(), bad.all_accepted()), (1, false));
        let broken = run(vec![Finding::TestError("bad .ans".into())], built());
        assert_eq!(exit_code(&[judged(good)]), 0);
        let rejected = [judged(run(vec![ac()], built())), judged(bad)];
        assert_eq!(exit_code(&rejected), 1);
        assert_eq!(exit_code(&[judged(broken)]), 2);
        let failed = Compile::Failed {
            message: "no".into(),
        };
        let none = run(vec![Finding::verdict(Verdict::CompileError, None)], failed);
        assert!(!none.all_accepted());
        assert_eq!(Finding::TestError("x".into()).code(), "ERR");
    }

    #[test]
    fn a_problem_not_judged_fails_the_judge_whatever_the_others_did() {
        let accepted = || {
            judged(run(
                vec![Finding::verdict(Verdict::Accepted, None)],
                built(),
            ))
        };
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
