//! Judges one submission on one problem: compile it, then for each test check the test's own data,
//! run the program, decide the verdict, and stream the table's rows.

use crate::chart;
use crate::check::{self, compare_expected, Checker};
use crate::cli::JudgeOptions;
use crate::compile::{self, Compiled, Language};
use crate::error::JudgeError;
use crate::files;
use crate::frames_text;
use crate::frontier;
use crate::limits::{self, Limits};
use crate::outcome::{
    Compile, Cost, Detail, Finding, ProblemOutcome, ProblemRun, Replay, TestRun, Verdict,
};
use crate::problem::{self, Problem, Test};
use crate::report::{self, emit, Table};
use crate::run::{Execution, Launcher, Program, Runner};
use crate::verdict;
use std::path::Path;
use std::time::Instant;

/// The largest test input or `.ans` read, bytes: a test is data for a puzzle, not a disk image.
pub const MAX_TEST_BYTES: u64 = 64 << 20;

/// What judging needs from the command line and the machine.
pub struct Session<'a> {
    pub root: &'a Path,
    pub options: &'a JudgeOptions,
    pub cache: &'a Path,
    pub launcher: &'a Launcher,
    pub color: bool,
}

impl Session<'_> {
    /// Judges problem `name`, failing soft: one that cannot be judged (its `problem.toml`, its tests
    /// folder, its compiler) is an ERR line where its header would be, and the run goes on.
    pub fn judge_named(&self, name: &str) -> ProblemOutcome {
        let problem = problem::load(self.root, name);
        let warnings = problem.as_ref().map(problem::warnings).unwrap_or_default();
        for warning in &warnings {
            report::warn(name, warning);
        }
        let judged = problem.and_then(|p| self.judge_problem(&p));
        if let Err(error) = &judged {
            report::progress(""); // a test's progress line may still show, if a test failed the judge
            self.show(&report::problem_error(name, error, self.color));
        }
        ProblemOutcome {
            problem: name.to_string(),
            warnings,
            judged,
        }
    }

    pub fn judge_problem(&self, problem: &Problem) -> Result<ProblemRun, JudgeError> {
        let checker = check::checker_of(problem)?;
        let tests = problem::tests(problem, self.options.test.as_deref())?;
        let (mut run, program) = self.compile(problem)?;
        let table = Table {
            color: self.color,
            verbose: self.options.verbose,
            name_width: tests.iter().map(|t| t.name.len()).max().unwrap_or(4).max(4),
        };
        match program {
            Some(program) => {
                self.show(&table.header(&run, tests.len()));
                let judge = TestJudge {
                    runner: self.launcher,
                    checker: checker.as_ref(),
                    program: &program,
                    limits: run.limits,
                    replay: self.options.html.is_some(),
                    trace: self.options.verbose,
                };
                run.tests = self.judge_tests(&judge, &problem.name, &tests, &table)?;
                self.show(&table.footer(&run));
            }
            None => {
                self.show(&table.header(&run, tests.len()));
                self.show(&table.compile_error(run.compile.failure().unwrap_or_default()));
                let not_compiled = Finding::verdict(Verdict::CompileError, None);
                run.tests = tests
                    .iter()
                    .map(|t| TestRun::not_run(&t.name, not_compiled.clone(), Detail::default()))
                    .collect();
            }
        }
        Ok(run)
    }

    /// Builds the submission (the command line's, else the problem's own) under the compiler's caps:
    /// the run it starts (no tests yet; `compile` says how the build went), and the program, `None`
    /// if it did not compile.
    pub fn compile(&self, problem: &Problem) -> Result<(ProblemRun, Option<Program>), JudgeError> {
        let (source, shown) = match &self.options.submission {
            Some(mine) => (mine.clone(), mine.clone()),
            None => (self.root.join(&problem.solution), problem.solution.clone()),
        };
        let o = self.options;
        let caps = limits::COMPILE.overridden(o.compile_time_limit_ms, o.compile_memory_limit_mib);
        let compiler = Language::of(&source)?.describe();
        let (compile, program) = match compile::compile(&source, self.cache, self.launcher, &caps)?
        {
            Compiled::Ready { program, cached } => (Compile::Built { cached }, Some(program)),
            Compiled::Failed { message } => (Compile::Failed { message }, None),
        };
        let run = ProblemRun {
            problem: problem.name.clone(),
            submission: shown.display().to_string(),
            compiler,
            compile,
            limits: (problem.limits).overridden(o.time_limit_ms, o.memory_limit_mib),
            tests: Vec::new(),
        };
        Ok((run, program))
    }

    fn judge_tests(
        &self,
        judge: &TestJudge,
        problem: &str,
        tests: &[Test],
        table: &Table,
    ) -> Result<Vec<TestRun>, JudgeError> {
        let mut results = Vec::new();
        for (i, test) in tests.iter().enumerate() {
            report::progress(&format!(
                "{problem} {}/{}: {}",
                i + 1,
                tests.len(),
                test.name
            ));
            let result = judge.judge_test(test)?;
            report::progress("");
            self.show(&table.row(&result));
            results.push(result);
        }
        Ok(results)
    }

    fn show(&self, text: &str) {
        if !self.options.json {
            emit(text);
        }
    }
}

/// The case a wrong answer's reason names (0-based), else the first: the one worth replaying.
fn failing_case(finding: &Finding) -> usize {
    match finding {
        Finding::Verdict {
            verdict: Verdict::WrongAnswer,
            reason: Some(reason),
        } => check::case_of(reason).unwrap_or(0),
        _ => 0,
    }
}

/// Judges tests one at a time: one program, its limits, a checker, and whatever runs programs.
pub struct TestJudge<'a> {
    pub runner: &'a dyn Runner,
    pub checker: &'a dyn Checker,
    pub program: &'a Program,
    pub limits: Limits,
    /// Keep one case's answer replayed (for `--html`).
    pub replay: bool,
    /// Show a trace the program printed beside a plain BFS (for `-v`, whose programs run traced).
    pub trace: bool,
}

impl TestJudge<'_> {
    /// Checks the test's own data first (a broken test is never a verdict), then runs and checks.
    pub fn judge_test(&self, test: &Test) -> Result<TestRun, JudgeError> {
        match read_test(test, self.checker) {
            Ok((input, optima)) => self.judge_read(test, &input, &optima),
            Err(why) => Ok(broken(test, why, b"")),
        }
    }

    /// Runs and checks a test whose `input` and `optima` [`read_test`] gave: a caller running a test
    /// many times (`judge bench`) reads it, and has the reference solve it, once.
    pub fn judge_read(
        &self,
        test: &Test,
        input: &[u8],
        optima: &[Option<u64>],
    ) -> Result<TestRun, JudgeError> {
        let (run, _stdout) = self.judge_read_keeping_output(test, input, optima)?;
        Ok(run)
    }

    /// [`TestJudge::judge_read`], also giving back what the program wrote (empty if it did not run):
    /// `judge show` replays that answer.
    pub fn judge_read_keeping_output(
        &self,
        test: &Test,
        input: &[u8],
        optima: &[Option<u64>],
    ) -> Result<(TestRun, Vec<u8>), JudgeError> {
        // Timed from here: the reference's one-time table and the test's own optima are not overhead.
        let started = Instant::now();
        let ran = self.runner.run(self.program, &test.input, &self.limits)?;
        let (finding, cost) = match self.decide(&ran, input, optima) {
            Ok(decided) => decided,
            Err(why) => return Ok((broken(test, why, input), Vec::new())),
        };
        let detail = self.detail(&finding, &ran, input);
        let run = TestRun {
            name: test.name.clone(),
            finding,
            measured: Some(ran.measured),
            cost,
            judge_ms: started.elapsed().as_secs_f64() * 1000.0,
            detail,
        };
        Ok((run, ran.stdout))
    }

    /// What `-v` shows: heads of the input, output and stderr, a wrong answer's failing case drawn,
    /// and with `--html` that case's replay.
    fn detail(&self, finding: &Finding, ran: &Execution, input: &[u8]) -> Detail {
        let wrong = matches!(
            finding,
            Finding::Verdict {
                verdict: Verdict::WrongAnswer,
                ..
            }
        );
        let case = failing_case(finding);
        // One replay serves both: the scene of `-v` and the page of `--html`.
        let frames = (wrong || self.replay)
            .then(|| self.checker.frames(input, &ran.stdout, case).ok())
            .flatten();
        Detail {
            input: check::head(input),
            output: check::head(&ran.stdout),
            stderr: check::head(ran.stderr.as_bytes()),
            scene: (frames.as_deref())
                .filter(|_| wrong)
                .map(|frames| frames_text::scene(frames, case)),
            replay: (frames.filter(|_| self.replay)).map(|frames| Replay { case, frames }),
            trace: (self.trace && !finding.accepted())
                .then(|| self.traced(input, &ran.stderr))
                .flatten(),
        }
    }

    /// The program's search trace beside a plain BFS's layers, if its stderr holds one.
    fn traced(&self, input: &[u8], stderr: &str) -> Option<String> {
        let frontiers = frontier::parse_trace(stderr).ok()?;
        let traced =
            frontiers.start.len() > 1 || !frontiers.goal.is_empty() || frontiers.met.is_some();
        // The plain BFS only once a trace is there to compare: it is the expensive half.
        let plain = traced.then(|| frontier::plain_layers(self.checker, input).ok())??;
        Some(chart::beside(&frontiers, &plain))
    }

    /// A broken limit decides first; else the checker; `Err` when the checker finds the test broken.
    fn decide(
        &self,
        ran: &Execution,
        input: &[u8],
        optima: &[Option<u64>],
    ) -> Result<(Finding, Option<Cost>), String> {
        match verdict::from_run(ran, &self.limits) {
            Some((verdict, reason)) => Ok((Finding::verdict(verdict, Some(reason)), None)),
            None => verdict::from_check(self.checker.check(input, &ran.stdout, optima)),
        }
    }
}

fn broken(test: &Test, why: String, input: &[u8]) -> TestRun {
    let detail = Detail {
        input: check::head(input),
        ..Detail::default()
    };
    TestRun::not_run(&test.name, Finding::TestError(why), detail)
}

/// The test's input and its optima by the reference, checked against its `.ans`; `Err(why)` when the
/// test is broken (unreadable, not a regular file, too large, malformed, or the `.ans` disagrees).
pub fn read_test(
    test: &Test,
    checker: &dyn Checker,
) -> Result<(Vec<u8>, Vec<Option<u64>>), String> {
    let input = files::read_regular(&test.input, MAX_TEST_BYTES)?;
    let optima = checker.optima(&input).map_err(|e| format!("input {e}"))?;
    if let Some(ans) = &test.answer {
        let expected = files::read_regular(ans, MAX_TEST_BYTES)?;
        compare_expected(&String::from_utf8_lossy(&expected), &optima)?;
    }
    Ok((input, optima))
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use crate::check::Optima;
    use crate::outcome::{Checked, Measurement, Sandbox, Stop};
    use crate::status::Status;
    use std::cell::RefCell;
    use std::path::PathBuf;

    /// Returns the executions it was given, in order, and remembers the inputs it was asked to run.
    struct FakeRunner {
        executions: RefCell<Vec<Execution>>,
        inputs: RefCell<Vec<PathBuf>>,
    }

    impl Runner for FakeRunner {
        fn run(&self, _: &Program, input: &Path, _: &Limits) -> Result<Execution, JudgeError> {
            self.inputs.borrow_mut().push(input.to_path_buf());
            Ok(self.executions.borrow_mut().remove(0))
        }
    }

    /// The optima of a test checker whose inputs are one number, the optimum (bench's tests use it
    /// too).
    pub fn one_number(input: &[u8]) -> Result<Vec<Option<u64>>, String> {
        let text = String::from_utf8_lossy(input);
        let n = text
            .trim()
            .parse()
            .map_err(|_| "is not a number".to_string())?;
        Ok(vec![Some(n)])
    }

    /// Inputs are one number, the optimum; an answer is accepted when it is that number.
    struct NumberChecker;

    impl Checker for NumberChecker {
        fn optima(&self, input: &[u8]) -> Result<Vec<Option<u64>>, String> {
            one_number(input)
        }

        fn check(&self, _: &[u8], output: &[u8], optima: &Optima) -> Checked {
            let moves = String::from_utf8_lossy(output)
                .trim()
                .parse()
                .unwrap_or(u64::MAX);
            let cost = Cost {
                moves,
                optimum: optima[0].unwrap_or(0),
            };
            if moves == cost.optimum {
                Checked::Accepted(cost)
            } else {
                let reason = format!("{moves} is not {}", cost.optimum);
                Checked::Wrong { reason, cost: None }
            }
        }
    }

    fn execution(stdout: &str, stopped: Option<Stop>) -> Execution {
        Execution {
            measured: Measurement {
                status: Status::Exited(0),
                cpu_ms: 5.0,
                wall_ms: 6.0,
                peak_kib: 1024,
                stopped,
                sandbox: Sandbox::Namespaces,
            },
            output_exceeded: false,
            stdout: stdout.as_bytes().to_vec(),
            stderr: String::new(),
            lost: None,
        }
    }

    /// Writes tests `name.in` (and `.ans` where given) into a fresh folder.
    fn tests(dir: &str, files: &[(&str, &str, Option<&str>)]) -> Vec<Test> {
        let dir = folder(dir);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        files
            .iter()
            .map(|(name, input, ans)| {
                let path = dir.join(format!("{name}.in"));
                std::fs::write(&path, input).expect("write .in");
                let answer = ans.map(|a| {
                    let ans_path = dir.join(format!("{name}.ans"));
                    std::fs::write(&ans_path, a).expect("write .ans");
                    ans_path
                });
                Test {
                    name: name.to_string(),
                    input: path,
                    answer,
                }
            })
            .collect()
    }

    fn folder(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("slidekit-session-{name}-{}", std::process::id()))
    }

    fn judge_all(runner: &FakeRunner, tests: &[Test]) -> Vec<TestRun> {
        judge_with(runner, tests, &NumberChecker, false)
    }

    fn judge_with(
        runner: &FakeRunner,
        tests: &[Test],
        checker: &dyn Checker,
        replay: bool,
    ) -> Vec<TestRun> {
        let program = Program {
            path: "prog".into(),
            args: Vec::new(),
        };
        let judge = TestJudge {
            runner,
            checker,
            program: &program,
            limits: limits::DEFAULT,
            replay,
            trace: false,
        };
        tests
            .iter()
            .map(|t| judge.judge_test(t).expect("judged"))
            .collect()
    }

    fn fake(executions: Vec<Execution>) -> FakeRunner {
        FakeRunner {
            executions: RefCell::new(executions),
            inputs: RefCell::new(Vec::new()),
        }
    }

    #[test]
    fn limits_decide_before_the_checker_and_answers_after() {
        let runner = fake(vec![
            execution("7", None),
            execution("8", None),
            execution("7", Some(Stop::Cpu)),
        ]);
        let tests = tests(
            "verdicts",
            &[("a", "7", Some("7")), ("b", "7", None), ("c", "7", None)],
        );
        let runs = judge_all(&runner, &tests);
        let codes: Vec<&str> = runs.iter().map(|r| r.finding.code()).collect();
        assert_eq!(codes, ["AC", "WA", "TLE"]);
        assert_eq!(runs[0].cost.map(|c| c.moves), Some(7));
        assert_eq!(runs[1].finding.reason(), Some("8 is not 7"));
        assert!(runs[2].cost.is_none() && runs[2].measured.is_some());
        assert_eq!(runner.inputs.borrow().len(), 3);
        std::fs::remove_dir_all(folder("verdicts")).expect("clean up");
    }

    /// Finds every answer wrong in the case its output names (`2` → `case 2: …`); its replay of case
    /// `i` is one frame with `i` rows, so a test sees which case was replayed.
    struct CaseChecker;

    impl Checker for CaseChecker {
        fn optima(&self, _: &[u8]) -> Result<Vec<Option<u64>>, String> {
            Ok(vec![Some(1), Some(1), Some(1)])
        }

        fn check(&self, _: &[u8], output: &[u8], _: &Optima) -> Checked {
            let case = String::from_utf8_lossy(output).trim().to_string();
            let reason = format!("case {case}: wrong");
            Checked::Wrong { reason, cost: None }
        }

        fn frames(&self, _: &[u8], _: &[u8], case: usize) -> Result<Vec<check::Frame>, String> {
            let frame = check::Frame {
                rows: case,
                cols: 1,
                cells: Vec::new(),
                caption: None,
                marked: Vec::new(),
                illegal: false,
                goal: Vec::new(),
                solved: false,
            };
            Ok(vec![frame])
        }
    }

    #[test]
    fn with_replay_on_a_test_keeps_the_failing_cases_frames_and_only_then() {
        let tests = tests("replay", &[("a", "x", None)]);
        let replayed = |stdout: &str, replay: bool| {
            let runner = fake(vec![execution(stdout, None)]);
            let run = judge_with(&runner, &tests, &CaseChecker, replay).remove(0);
            run.detail.replay.map(|r| (r.case, r.frames[0].rows))
        };
        assert_eq!(
            replayed("3", true),
            Some((2, 2)),
            "case 3 failed: it is replayed"
        );
        assert_eq!(
            replayed("x", true),
            Some((0, 0)),
            "no case named: the first"
        );
        assert_eq!(replayed("3", false), None, "nothing kept without --html");
        std::fs::remove_dir_all(folder("replay")).expect("clean up");
    }

    #[test]
    fn a_broken_test_is_err_and_its_program_never_runs() {
        let runner = fake(Vec::new());
        let tests = tests(
            "broken",
            &[("bad-ans", "7", Some("6")), ("bad-in", "x", None)],
        );
        let runs = judge_all(&runner, &tests);
        let why = runs[0].finding.reason().unwrap_or_default();
        assert_eq!(why, ".ans line 1 says 6, the reference says 7");
        assert_eq!(runs[1].finding.reason(), Some("input is not a number"));
        assert!(runs
            .iter()
            .all(|r| r.finding.code() == "ERR" && r.measured.is_none()));
        assert!(runner.inputs.borrow().is_empty());
        std::fs::remove_dir_all(folder("broken")).expect("clean up");
    }

    #[test]
    fn an_input_that_is_no_regular_file_is_a_broken_test() {
        let runner = fake(Vec::new());
        let test = Test {
            name: "zero".into(),
            input: "/dev/zero".into(),
            answer: None,
        };
        let runs = judge_all(&runner, &[test]);
        let why = runs[0].finding.reason().unwrap_or_default();
        assert!(why.contains("is not a regular file"), "{why}");
    }
}
