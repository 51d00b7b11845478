//! Judges one test: read it and have the reference solve it, run the program, decide the verdict,
//! and keep what `-v`, `judge show` and `--html` show of it.

use crate::formats::ans::compare_expected;
use crate::formats::files;
use crate::formats::text::head;
use crate::formats::trace::parse_trace;
use crate::judging::decide;
use crate::judging::optima::OptimaCache;
use crate::judging::problem::Test;
use crate::model::error::JudgeError;
use crate::model::execution::{Execution, Program};
use crate::model::limits::Limits;
use crate::model::optimum::Optimum;
use crate::model::outcome::{Detail, Replay, TestRun};
use crate::model::reason::TestFault;
use crate::model::verdict::{Cost, Finding, Verdict};
use crate::puzzles::checker::Checker;
use crate::puzzles::Puzzle;
use crate::render::{beside, frames};
use crate::run::runner::Runner;
use crate::run::stderr::tail;
use std::time::Instant;

/// The largest test input or `.ans` read, bytes: a test is data for a puzzle, not a disk image.
pub const MAX_TEST_BYTES: u64 = 64 << 20;

/// A test read and solved by the reference: what every run of it is checked against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    pub test: Test,
    pub input: Vec<u8>,
    /// Each case's optimum by the reference, checked against the test's `.ans` if it has one.
    pub optima: Vec<Optimum>,
}

/// Reads `test` and its optima by the reference (from `cache`, if one is given and has them),
/// checked against its `.ans`; the fault when the test is broken (unreadable, not a regular file,
/// too large, malformed, or the `.ans` disagrees).
pub fn load(
    test: &Test,
    checker: &dyn Checker,
    cache: Option<&OptimaCache>,
) -> Result<Loaded, TestFault> {
    let input = files::read_regular(&test.input, MAX_TEST_BYTES).map_err(TestFault::Broken)?;
    let optima = match cache {
        Some(cache) => cache.optima(checker, &input),
        None => checker.optima(&input),
    };
    let optima = optima.map_err(|fault| match fault {
        TestFault::Broken(why) => TestFault::Broken(format!("input {why}")),
        too_large => too_large,
    })?;
    if let Some(ans) = &test.answer {
        let expected = files::read_regular(ans, MAX_TEST_BYTES).map_err(TestFault::Broken)?;
        compare_expected(&String::from_utf8_lossy(&expected), &optima)
            .map_err(TestFault::Broken)?;
    }
    Ok(Loaded {
        test: test.clone(),
        input,
        optima,
    })
}

/// Judges tests one at a time: one program, its limits, a checker, and whatever runs programs.
pub struct TestJudge<'a> {
    pub runner: &'a dyn Runner,
    pub checker: &'a dyn Checker,
    /// What the puzzle shows of an answer besides the checker's verdict.
    pub puzzle: &'a Puzzle,
    pub program: &'a Program,
    pub limits: Limits,
    /// Keep one case's answer replayed (for `--html`).
    pub replay: bool,
    /// Show a trace the program printed beside a plain BFS (for `-v`, whose programs run traced).
    pub trace: bool,
    /// Show the reference's own answer to a wrong answer's failing case (for `-v`): a search of
    /// its own, so only when asked.
    pub shortest: bool,
    /// Where the tests' optima are kept; `None`: solved afresh (random inputs, seen once).
    pub optima: Option<&'a OptimaCache>,
}

impl<'a> TestJudge<'a> {
    /// A judge that keeps no replay and reads no trace.
    pub fn new(
        runner: &'a dyn Runner,
        puzzle: &'a Puzzle,
        checker: &'a dyn Checker,
        program: &'a Program,
        limits: Limits,
    ) -> TestJudge<'a> {
        TestJudge {
            runner,
            checker,
            puzzle,
            program,
            limits,
            replay: false,
            trace: false,
            shortest: false,
            optima: None,
        }
    }

    /// Reads the test first (a broken test is never a verdict, and its program never runs), then
    /// runs and checks it.
    pub fn judge(&self, test: &Test) -> Result<TestRun, JudgeError> {
        match load(test, self.checker, self.optima) {
            Ok(loaded) => Ok(self.judge_loaded(&loaded)?.0),
            Err(fault) => Ok(broken(test, fault, b"")),
        }
    }

    /// Runs and checks a test already loaded (a caller that runs one test many times, as `judge
    /// bench` does, loads it once); also gives back the run itself: what the program wrote, for
    /// `judge show`, and its trace, for the coach.
    pub fn judge_loaded(&self, loaded: &Loaded) -> Result<(TestRun, Execution), JudgeError> {
        // Timed from here: the reference's one-time table and the test's optima are not overhead.
        let started = Instant::now();
        let (test, input) = (&loaded.test, &loaded.input);
        let ran = self.runner.run(self.program, &test.input, &self.limits)?;
        let (finding, cost) = match self.decide(&ran, input, &loaded.optima) {
            Ok(decided) => decided,
            Err(fault) => return Ok((broken(test, fault, input), ran)),
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
        Ok((run, ran))
    }

    /// What `-v` shows: heads of the input and output, the tail of stderr, a wrong answer's failing
    /// case drawn, and with `--html` that case's replay.
    fn detail(&self, finding: &Finding, ran: &Execution, input: &[u8]) -> Detail {
        // Output after the last answer has no case to draw: each was answered right.
        let wrong = finding.code() == Verdict::WrongAnswer.code() && !finding.after_the_answers();
        let case = finding.failing_case().unwrap_or(0);
        // One replay serves both: the scene of `-v` and the page of `--html`.
        let replay = self.puzzle.replay.as_ref().filter(|_| wrong || self.replay);
        let frames = replay.and_then(|r| (r.frames)(input, &ran.stdout, case).ok());
        Detail {
            // The head may end before the input does: a missing final newline is said.
            input: head(input) + ["  (⏎ missing at end)", ""][usize::from(input.ends_with(b"\n"))],
            output: head(&ran.stdout),
            stderr_tail: self.program.named(tail(&ran.stderr)),
            scene: match frames.as_deref() {
                Some(frames) => Some(frames::scene(frames, case)).filter(|_| wrong),
                None => (self.puzzle.drawn.filter(|_| wrong)).and_then(|drawn| drawn(input, case)),
            },
            replay: (frames.filter(|_| self.replay)).map(|frames| Replay { case, frames }),
            shortest: (replay.filter(|_| wrong && self.shortest))
                .and_then(|r| (r.shortest)(input, case)),
            trace: (self.trace && !finding.accepted())
                .then(|| self.traced(input, &ran.stderr, case))
                .flatten(),
        }
    }

    /// The program's search trace of case `case` (0-based) beside a plain BFS's layers from that
    /// case's board, if its stderr holds one.
    fn traced(&self, input: &[u8], stderr: &str, case: usize) -> Option<String> {
        let layers = self.puzzle.plain_layers?;
        let frontiers = parse_trace(stderr, case).ok()?;
        let traced =
            frontiers.start.len() > 1 || !frontiers.goal.is_empty() || frontiers.met.is_some();
        // The plain BFS only once a trace is there to compare: it is the expensive half.
        let plain = match (traced, self.optima) {
            (false, _) => return None,
            (true, Some(cache)) => cache.plain_layers(input, case),
            (true, None) => layers(input, case),
        };
        Some(beside::table(&frontiers, &plain.ok()?, case))
    }

    /// A broken limit decides first; else the checker; `Err` when the checker finds the test broken.
    fn decide(
        &self,
        ran: &Execution,
        input: &[u8],
        optima: &[Optimum],
    ) -> Result<(Finding, Option<Cost>), TestFault> {
        match decide::from_run(ran, &self.limits) {
            Some((verdict, fault)) => Ok((Finding::verdict(verdict, Some(fault)), None)),
            None => decide::from_check(self.checker.check(input, &ran.stdout, optima)),
        }
    }
}

/// A test that could not be judged, and why: never a verdict.
pub fn broken(test: &Test, fault: TestFault, input: &[u8]) -> TestRun {
    let detail = Detail {
        input: head(input),
        ..Detail::default()
    };
    TestRun::not_run(&test.name, Finding::TestError(fault), detail)
}

/// Runners and checkers made up for tests: this module's, the session's and the bench's.
#[cfg(test)]
pub mod testing {
    use super::*;
    use crate::model::execution::{Accounting, Measurement, Sandbox, Stop};
    use crate::model::reason::{Kind, Place, Rejection};
    use crate::model::status::Status;
    use crate::model::verdict::Checked;
    use std::cell::RefCell;
    use std::path::{Path, PathBuf};

    /// Returns the executions it was given, in order, and remembers the inputs it was asked to run.
    pub struct FakeRunner {
        pub executions: RefCell<Vec<Execution>>,
        pub inputs: RefCell<Vec<PathBuf>>,
    }

    impl FakeRunner {
        pub fn new(executions: Vec<Execution>) -> FakeRunner {
            FakeRunner {
                executions: RefCell::new(executions),
                inputs: RefCell::new(Vec::new()),
            }
        }
    }

    impl Runner for FakeRunner {
        fn run(&self, _: &Program, input: &Path, _: &Limits) -> Result<Execution, JudgeError> {
            self.inputs.borrow_mut().push(input.to_path_buf());
            Ok(self.executions.borrow_mut().remove(0))
        }
    }

    /// The optima of a test checker whose inputs are one number, the optimum.
    pub fn one_number(input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
        let text = String::from_utf8_lossy(input);
        let n = text.trim().parse();
        let n = n.map_err(|_| TestFault::Broken("is not a number".into()))?;
        Ok(vec![Optimum::Moves(n)])
    }

    /// A puzzle of `checker` that can do nothing more.
    pub const fn bare_puzzle(name: &'static str, checker: fn() -> Box<dyn Checker>) -> Puzzle {
        Puzzle {
            name,
            checker,
            source_digest: 7,
            replay: None,
            drawn: None,
            plain_layers: None,
            lesson: None,
            stress: None,
            hints: None,
            from_grid: None,
        }
    }

    pub const NUMBER: Puzzle = bare_puzzle("number", || Box::new(NumberChecker));

    /// Inputs are one number, the optimum; an answer is accepted when it is that number.
    pub struct NumberChecker;

    impl Checker for NumberChecker {
        fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
            one_number(input)
        }

        fn check(&self, _: &[u8], output: &[u8], optima: &[Optimum]) -> Checked {
            let text = String::from_utf8_lossy(output);
            let moves = text.trim().parse().unwrap_or(u64::MAX);
            let cost = Cost {
                moves,
                optimum: optima[0].cost(),
            };
            if moves == cost.optimum {
                return Checked::Accepted(cost);
            }
            let text = format!("{moves} is not {}", cost.optimum);
            Checked::wrong(Rejection::new(Place::Output, Kind::Unreadable, text))
        }

        fn claims(&self, _: &[u8], output: &[u8]) -> Result<Vec<Optimum>, Rejection> {
            one_number(output).map_err(|_| Rejection::missing(Place::Output))
        }
    }

    /// A clean exit that wrote `stdout`, or a run the launcher `stopped`.
    pub fn execution(stdout: &str, stopped: Option<Stop>) -> Execution {
        Execution {
            measured: Measurement {
                status: Status::Exited(0),
                cpu_ms: 5.0,
                wall_ms: 6.0,
                peak_kib: 1024,
                stopped,
                sandbox: Sandbox::Namespaces,
                accounting: Accounting::Polling,
                stack_kib: 65536,
            },
            output_exceeded: false,
            stdout: stdout.as_bytes().to_vec(),
            stderr: String::new(),
            lost: None,
        }
    }

    /// A program that needs no file: the fake runners never start it.
    pub fn program(name: &str) -> Program {
        Program {
            path: name.into(),
            args: Vec::new(),
            shown: None,
        }
    }

    /// Writes tests `name.in` (and `.ans` where given) into the fresh folder `dir`.
    pub fn write_tests(dir: &Path, files: &[(&str, &str, Option<&str>)]) -> Vec<Test> {
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).expect("temp dir");
        let write = |name: String, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).expect("write a test file");
            path
        };
        let test = |(name, input, ans): &(&str, &str, Option<&str>)| Test {
            name: name.to_string(),
            input: write(format!("{name}.in"), input),
            answer: ans.map(|a| write(format!("{name}.ans"), a)),
        };
        files.iter().map(test).collect()
    }

    /// A fresh folder under the temp dir for one test of this process.
    pub fn folder(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("slidekit-test-{name}-{}", std::process::id()))
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;
    use crate::model::execution::Stop;
    use crate::model::frame::Frame;
    use crate::model::limits;
    use crate::model::reason::{Kind, Place, Rejection};
    use crate::model::verdict::Checked;
    use crate::puzzles::{Replayer, Written};

    fn judge_with(
        runner: &FakeRunner,
        tests: &[Test],
        puzzle: &Puzzle,
        replay: bool,
    ) -> Vec<TestRun> {
        let program = program("prog");
        let checker = (puzzle.checker)();
        let judge = TestJudge {
            replay,
            ..TestJudge::new(runner, puzzle, checker.as_ref(), &program, limits::DEFAULT)
        };
        tests
            .iter()
            .map(|t| judge.judge(t).expect("judged"))
            .collect()
    }

    fn judge_all(runner: &FakeRunner, tests: &[Test]) -> Vec<TestRun> {
        judge_with(runner, tests, &NUMBER, false)
    }

    #[test]
    fn limits_decide_before_the_checker_and_answers_after() {
        let runner = FakeRunner::new(vec![
            execution("7", None),
            execution("8", None),
            execution("7", Some(Stop::Cpu)),
        ]);
        let dir = folder("verdicts");
        let tests = write_tests(
            &dir,
            &[("a", "7", Some("7")), ("b", "7", None), ("c", "7", None)],
        );
        let runs = judge_all(&runner, &tests);
        let codes: Vec<&str> = runs.iter().map(|r| r.finding.code()).collect();
        assert_eq!(codes, ["AC", "WA", "TLE"]);
        assert_eq!(runs[0].cost.map(|c| c.moves), Some(7));
        assert_eq!(runs[1].finding.text().as_deref(), Some("8 is not 7"));
        assert!(runs[2].cost.is_none() && runs[2].measured.is_some());
        assert_eq!(runner.inputs.borrow().len(), 3);
        std::fs::remove_dir_all(dir).expect("clean up");
    }

    /// Finds every answer wrong in the case its output names (`2` → case 2); its replay of case `i`
    /// is one frame with `i` rows, so a test sees which case was replayed.
    struct CaseChecker;

    const CASES: Puzzle = Puzzle {
        replay: Some(Replayer {
            frames: case_frames,
            shortest: |_, _| None,
            written: Written::Letters,
        }),
        ..bare_puzzle("cases", || Box::new(CaseChecker))
    };

    impl Checker for CaseChecker {
        fn optima(&self, _: &[u8]) -> Result<Vec<Optimum>, TestFault> {
            Ok(vec![Optimum::Moves(1); 3])
        }

        fn check(&self, _: &[u8], output: &[u8], _: &[Optimum]) -> Checked {
            let text = String::from_utf8_lossy(output);
            let place = match text.trim().parse::<usize>() {
                Ok(case) => Place::Case(case - 1),
                Err(_) => Place::Output,
            };
            Checked::wrong(Rejection::new(place, Kind::NotAtGoal, "wrong"))
        }

        fn claims(&self, _: &[u8], _: &[u8]) -> Result<Vec<Optimum>, Rejection> {
            unreachable!("no brute force here")
        }
    }

    fn case_frames(_: &[u8], _: &[u8], case: usize) -> Result<Vec<Frame>, String> {
        let frame = Frame {
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

    #[test]
    fn replay_keeps_the_failing_cases_frames_only_when_asked() {
        let dir = folder("replay");
        let tests = write_tests(&dir, &[("a", "x", None)]);
        let replayed = |stdout: &str, replay: bool| {
            let runner = FakeRunner::new(vec![execution(stdout, None)]);
            let run = judge_with(&runner, &tests, &CASES, replay).remove(0);
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
        std::fs::remove_dir_all(dir).expect("clean up");
    }

    #[test]
    fn a_broken_test_is_err_and_its_program_never_runs() {
        let runner = FakeRunner::new(Vec::new());
        let dir = folder("broken");
        let tests = write_tests(&dir, &[("bad-ans", "7", Some("6")), ("bad-in", "x", None)]);
        let runs = judge_all(&runner, &tests);
        let why = runs[0].finding.text().unwrap_or_default();
        assert_eq!(why, ".ans line 1 says 6, the reference says 7");
        assert_eq!(
            runs[1].finding.text().as_deref(),
            Some("input is not a number")
        );
        assert!(runs
            .iter()
            .all(|r| r.finding.code() == "ERR" && r.measured.is_none()));
        assert!(runner.inputs.borrow().is_empty());
        std::fs::remove_dir_all(dir).expect("clean up");
    }

    #[test]
    fn an_input_that_is_no_regular_file_is_a_broken_test() {
        let runner = FakeRunner::new(Vec::new());
        let test = Test {
            name: "zero".into(),
            input: "/dev/zero".into(),
            answer: None,
        };
        let runs = judge_all(&runner, &[test]);
        let why = runs[0].finding.text().unwrap_or_default();
        assert!(why.contains("is not a regular file"), "{why}");
    }
}
