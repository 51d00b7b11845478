//! A judging session: the project, the resolved settings, the binary cache and the runner that
//! every command which runs programs needs. It judges a submission on a problem: compile it, then
//! each test, streaming the table's rows as they finish.

use crate::judging::compile::{self, Compiled, Language};
use crate::judging::optima::OptimaCache;
use crate::judging::problem::{self, Problem, Test};
use crate::judging::test_judge::TestJudge;
use crate::model::error::JudgeError;
use crate::model::execution::Program;
use crate::model::limits::Limits;
use crate::model::outcome::{Compile, Detail, ProblemOutcome, ProblemRun, TestRun};
use crate::model::settings::Settings;
use crate::model::verdict::{Finding, Verdict};
use crate::puzzles::checker::Checker;
use crate::puzzles::{self, Puzzle};
use crate::render::console::{emit, progress, warn};
use crate::render::table::{problem_error, Table};
use crate::run::runner::ProcessRunner;
use crate::run::sandbox::Walls;
use std::path::{Path, PathBuf};

pub struct Session {
    /// The folder holding `problems/`.
    pub root: PathBuf,
    pub settings: Settings,
    /// Where compiled submissions are kept, `target/judge/`.
    cache: PathBuf,
    pub runner: ProcessRunner,
    /// The puzzles `problem.toml` files may name: [`puzzles::ALL`], or more in a test.
    pub puzzles: &'static [Puzzle],
}

impl Session {
    /// Makes the cache folder and a runner whose programs cannot see the project or the cache; this
    /// binary, the judge, is each run's launcher.
    pub fn open(root: &Path, settings: Settings) -> Result<Session, JudgeError> {
        let judge = std::env::current_exe()
            .map_err(|e| JudgeError::new(format!("cannot find the judge's own binary: {e}")))?;
        Session::launching(&judge, root, settings)
    }

    /// As [`Session::open`], with `judge` as the binary that launches runs (a test is no judge).
    pub fn launching(judge: &Path, root: &Path, settings: Settings) -> Result<Session, JudgeError> {
        let target =
            std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
        let cache = target.join("judge");
        std::fs::create_dir_all(&cache).map_err(|e| JudgeError::io("create", &cache, e))?;
        let cache = absolute(&cache)?;
        // Programs must not see the tests' answers, the sources or any binary built from them.
        let walls = Walls {
            hidden: vec![absolute(root)?, cache.clone()],
        };
        let runner = ProcessRunner::new(judge, settings.sandbox, walls, settings.trace)?;
        Ok(Session {
            root: root.to_path_buf(),
            settings,
            cache,
            runner,
            puzzles: puzzles::ALL,
        })
    }

    /// `problems/<name>/`, or an error that lists the known problems.
    pub fn problem(&self, name: &str) -> Result<Problem, JudgeError> {
        problem::load(&self.root, name)
    }

    /// The puzzle a problem names.
    pub fn puzzle(&self, problem: &Problem) -> Result<&'static Puzzle, JudgeError> {
        puzzles::of(self.puzzles, &problem.name, &problem.checker)
    }

    /// Where the optima of the problem's tests are kept.
    pub fn optima_cache(&self, problem: &Problem) -> Result<OptimaCache, JudgeError> {
        let puzzle = self.puzzle(problem)?;
        Ok(OptimaCache::new(&self.cache.join("optima"), puzzle))
    }

    /// A checker for the problem's tests.
    pub fn checker(&self, problem: &Problem) -> Result<Box<dyn Checker>, JudgeError> {
        Ok((self.puzzle(problem)?.checker)())
    }

    /// Judges `submission` (else the problem's own solution) on problem `name`'s tests, those `only`
    /// selects, failing soft: a problem that cannot be judged (its `problem.toml`, its tests folder,
    /// its compiler) is an ERR line where its header would be, and the run goes on.
    pub fn judge_named(
        &self,
        name: &str,
        submission: Option<&Path>,
        only: &[String],
    ) -> ProblemOutcome {
        let problem = self.problem(name);
        let warnings = problem.as_ref().map(problem::warnings).unwrap_or_default();
        for warning in &warnings {
            warn(name, warning);
        }
        let judged = problem.and_then(|p| self.judge_problem(&p, submission, only));
        if let Err(error) = &judged {
            progress(""); // a test's progress line may still show, if a test failed the judge
            self.show(&problem_error(name, error, self.settings.color));
        }
        ProblemOutcome {
            problem: name.to_string(),
            warnings,
            judged,
        }
    }

    fn judge_problem(
        &self,
        problem: &Problem,
        submission: Option<&Path>,
        only: &[String],
    ) -> Result<ProblemRun, JudgeError> {
        let each = |judge: &TestJudge, test: &Test| Ok((judge.judge(test)?, String::new()));
        let run = self.judge_tests(problem, submission, only, each)?;
        self.show(&self.table(&[]).footer(&run));
        Ok(run)
    }

    /// Judges `submission` (else the problem's own solution) on the tests `only` selects, one at a
    /// time through `each`, which gives a test's row and the text shown below it. The header is
    /// shown first; when the program did not compile, the compiler's message, and every test is CE.
    pub fn judge_tests(
        &self,
        problem: &Problem,
        submission: Option<&Path>,
        only: &[String],
        mut each: impl FnMut(&TestJudge, &Test) -> Result<(TestRun, String), JudgeError>,
    ) -> Result<ProblemRun, JudgeError> {
        let (puzzle, checker) = (self.puzzle(problem)?, self.checker(problem)?);
        let tests = problem::tests(problem, only, &self.settings.invocation)?;
        let (mut run, table, program) = self.begin(problem, submission, &tests)?;
        let Some(program) = program else {
            return Ok(run);
        };
        let cache = self.optima_cache(problem)?;
        let judge = TestJudge {
            optima: Some(&cache),
            ..self.test_judge(puzzle, checker.as_ref(), &program, run.limits)
        };
        for (i, test) in tests.iter().enumerate() {
            progress(&test_label(&problem.name, i, &tests));
            let (result, below) = each(&judge, test)?;
            progress("");
            self.show(&(table.row(&result) + &below));
            run.tests.push(result);
        }
        Ok(run)
    }

    /// Begins judging `submission` (else the problem's own solution) on `tests`: the run, the
    /// table with its header shown, and the program, `None` when it did not compile (the table
    /// then says why, and every test is CE).
    pub fn begin(
        &self,
        problem: &Problem,
        submission: Option<&Path>,
        tests: &[Test],
    ) -> Result<(ProblemRun, Table, Option<Program>), JudgeError> {
        let (mut run, program) = self.compile(problem, submission)?;
        let table = self.table(tests);
        self.show(&table.header(&run, tests.len()));
        if program.is_none() {
            self.show(&table.compile_error(run.compile.failure().unwrap_or_default()));
            let not_compiled = Finding::verdict(Verdict::CompileError, None);
            let not_run =
                |t: &Test| TestRun::not_run(&t.name, not_compiled.clone(), Detail::default());
            run.tests = tests.iter().map(not_run).collect();
        }
        Ok((run, table, program))
    }

    /// Builds `submission` (else the problem's own solution) under the compiler's caps: the run it
    /// starts (no tests yet; `compile` says how the build went), and the program, `None` when it did
    /// not compile.
    pub fn compile(
        &self,
        problem: &Problem,
        submission: Option<&Path>,
    ) -> Result<(ProblemRun, Option<Program>), JudgeError> {
        let (source, shown) = match submission {
            Some(mine) => (mine.to_path_buf(), mine.to_path_buf()),
            None => (self.root.join(&problem.solution), problem.solution.clone()),
        };
        let caps = self.settings.compile_caps;
        let compiler = compile::command_line(Language::of(&source)?, &self.cache)?;
        let compiled = compile::compile(&source, &self.cache, &self.runner, &caps)?;
        let (compile, program) = match compiled {
            Compiled::Ready { program, cached } => (Compile::Built { cached }, Some(program)),
            Compiled::Failed { message } => (Compile::Failed { message }, None),
        };
        let run = ProblemRun {
            problem: problem.name.clone(),
            submission: shown.display().to_string(),
            compiler,
            compile,
            limits: self.settings.limits(problem.limits),
            tests: Vec::new(),
        };
        Ok((run, program))
    }

    /// A judge of `program`'s runs under `limits` through this session's runner, keeping replays
    /// and reading traces as the settings ask.
    pub fn test_judge<'a>(
        &'a self,
        puzzle: &'a Puzzle,
        checker: &'a dyn Checker,
        program: &'a Program,
        limits: Limits,
    ) -> TestJudge<'a> {
        TestJudge {
            replay: self.settings.replay,
            trace: self.settings.trace,
            shortest: self.settings.verbose,
            ..TestJudge::new(&self.runner, puzzle, checker, program, limits)
        }
    }

    /// The table's layout for these tests.
    pub fn table(&self, tests: &[Test]) -> Table {
        Table {
            color: self.settings.color,
            verbose: self.settings.verbose,
            name_width: tests.iter().map(|t| t.name.len()).max().unwrap_or(4).max(4),
            width: self.settings.width,
        }
    }

    /// Prints `text` unless the table is off (`--json`).
    pub fn show(&self, text: &str) {
        if self.settings.table {
            emit(text);
        }
    }
}

/// What the progress line says while the `i`th (0-based) of `tests` runs: `eight 2/5: 002-x`.
pub fn test_label(problem: &str, i: usize, tests: &[Test]) -> String {
    format!("{problem} {}/{}: {}", i + 1, tests.len(), tests[i].name)
}

fn absolute(path: &Path) -> Result<PathBuf, JudgeError> {
    std::fs::canonicalize(path).map_err(|e| JudgeError::io("find", path, e))
}
