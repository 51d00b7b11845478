//! `judge`: compiles each solution as an online judge would, runs its problem's tests under limits,
//! checks every answer for validity and optimality, and reports verdict, CPU and wall time, memory.

mod add;
mod check;
mod cli;
mod compile;
mod error;
mod json;
mod launch;
mod problem;
mod report;
mod run;
mod sys;
mod toml;
mod verdict;
mod reference {
    pub mod eight;
    pub mod huarong;
}

use check::{compare_expected, Checked, Checker};
use cli::{Command, JudgeOptions};
use compile::{Compiled, Language};
use error::JudgeError;
use problem::{Problem, Test};
use report::{Compile, ProblemRun, Table, TestRun, Usage};
use run::{Limits, Program, Runner};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;
use verdict::{Finding, Verdict};

fn main() {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == launch::ARG) {
        std::process::exit(launch::main(&args[1..])); // decided first: the launcher must stay small
    }
    let code = match args.into_iter().map(|a| a.into_string()).collect() {
        Ok(args) => run(args),
        Err(bad) => Err(JudgeError::new(format!("argument {bad:?} is not UTF-8"))),
    };
    std::process::exit(code.unwrap_or_else(|e| {
        eprintln!("judge: {e}");
        2
    }));
}

/// Exit status 0: all accepted, 1: some test not accepted, 2: the judge or a test failed.
fn run(args: Vec<String>) -> Result<i32, JudgeError> {
    let root = project_root();
    match cli::parse(args)? {
        Command::Help => emit(cli::HELP),
        Command::Add(options) => {
            let added = add::add(&root, &options)?;
            let optima: Vec<String> = added
                .optima
                .iter()
                .map(|o| check::show_optimum(*o))
                .collect();
            println!(
                "added {} (optimum: {})",
                added.input.display(),
                optima.join(", ")
            );
        }
        Command::Judge(options) => return judge(&root, &options),
    }
    Ok(0)
}

/// Writes to stdout and flushes, so rows appear as tests finish. A closed stdout (`judge | head`) is
/// the reader's choice, not a failure: the judge carries on and its exit status still tells.
fn emit(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// The folder holding `problems/`: the current one when it has it, else this crate's.
fn project_root() -> PathBuf {
    match std::env::current_dir() {
        Ok(dir) if dir.join("problems").is_dir() => dir,
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")),
    }
}

fn judge(root: &Path, options: &JudgeOptions) -> Result<i32, JudgeError> {
    let names = match &options.problem {
        Some(name) => vec![name.clone()],
        None => problem::names(root)?,
    };
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let cache = target.join("judge");
    let runner = Runner::new(cache.join(format!("run-{}", std::process::id())))?;
    let color = !options.no_color
        && std::env::var_os("NO_COLOR").is_none()
        && std::io::stdout().is_terminal();
    let mut runs = Vec::new();
    for name in names {
        let problem = problem::load(root, &name)?;
        let session = Session {
            root,
            options,
            cache: &cache,
            runner: &runner,
            color,
        };
        runs.push(session.judge_problem(&problem)?);
    }
    if options.json {
        emit(&report::json(&runs).to_pretty());
    } else {
        emit(&report::summary(&runs));
    }
    let code = if runs.iter().any(ProblemRun::has_broken_tests) {
        2
    } else if runs.iter().all(ProblemRun::all_accepted) {
        0
    } else {
        1
    };
    Ok(code)
}

/// A test that never ran because the submission did not compile.
fn not_compiled(test: &Test) -> TestRun {
    let finding = Finding::Verdict {
        verdict: Verdict::CompileError,
        reason: None,
    };
    TestRun {
        name: test.name.clone(),
        finding,
        usage: None,
        cost: None,
        judge_ms: 0.0,
        detail: Default::default(),
    }
}

/// What judging one problem needs from the command line and the machine.
struct Session<'a> {
    root: &'a Path,
    options: &'a JudgeOptions,
    cache: &'a Path,
    runner: &'a Runner,
    color: bool,
}

impl Session<'_> {
    fn judge_problem(&self, problem: &Problem) -> Result<ProblemRun, JudgeError> {
        let checker = add::checker_of(problem)?;
        let tests = problem::tests(problem, self.options.test.as_deref())?;
        let source = self
            .options
            .submission
            .clone()
            .unwrap_or_else(|| self.root.join(&problem.solution));
        let shown = self
            .options
            .submission
            .clone()
            .unwrap_or_else(|| problem.solution.clone());
        let compiler = Language::of(&source)?.describe();
        let limits = self.limits(problem.limits);
        let compiled = compile::compile(&source, self.cache)?;
        let compile = match &compiled {
            Compiled::Ready { cached, .. } => Compile::Built { cached: *cached },
            Compiled::Failed { message } => Compile::Failed {
                message: message.clone(),
            },
        };
        let mut run = ProblemRun {
            problem: problem.name.clone(),
            submission: shown.display().to_string(),
            compiler,
            compile,
            limits,
            tests: Vec::new(),
        };
        let name_width = tests.iter().map(|t| t.name.len()).max().unwrap_or(4).max(4);
        let table = Table {
            color: self.color,
            verbose: self.options.verbose,
            name_width,
        };
        self.show(&table.header(&run, tests.len()));
        let program = match compiled {
            Compiled::Ready { program, .. } => program,
            Compiled::Failed { message } => {
                self.show(&table.compile_error(&message));
                run.tests = tests.iter().map(not_compiled).collect();
                return Ok(run);
            }
        };
        for (i, test) in tests.iter().enumerate() {
            self.progress(&format!(
                "{} {}/{}: {}",
                problem.name,
                i + 1,
                tests.len(),
                test.name
            ));
            let result = self.judge_test(&program, test, &limits, checker.as_ref())?;
            self.progress("");
            self.show(&table.row(&result));
            run.tests.push(result);
        }
        Ok(run)
    }

    fn limits(&self, problem: Limits) -> Limits {
        Limits {
            cpu_ms: self.options.time_limit_ms.unwrap_or(problem.cpu_ms),
            memory_kib: self
                .options
                .memory_limit_mib
                .map_or(problem.memory_kib, |mib| mib * 1024),
            output_bytes: problem.output_bytes,
        }
    }

    /// Checks the test's own data first (a broken test is never a verdict), then runs and checks.
    fn judge_test(
        &self,
        program: &Program,
        test: &Test,
        limits: &Limits,
        checker: &dyn Checker,
    ) -> Result<TestRun, JudgeError> {
        let input =
            std::fs::read(&test.input).map_err(|e| JudgeError::io("read", &test.input, e))?;
        let broken = |why: String| TestRun {
            name: test.name.clone(),
            finding: Finding::TestError(why),
            usage: None,
            cost: None,
            judge_ms: 0.0,
            detail: [check::head(&input), String::new(), String::new()],
        };
        if let Err(why) = self.test_data_error(test, &input, checker)? {
            return Ok(broken(why));
        }
        // Timed from here: the reference's one-time table and the test's own optima are not overhead.
        let started = Instant::now();
        let outcome = self.runner.run(program, &test.input, limits)?;
        let (finding, cost) = match verdict::from_run(&outcome, limits) {
            Some((verdict, reason)) => (
                Finding::Verdict {
                    verdict,
                    reason: Some(reason),
                },
                None,
            ),
            None => match checker.check(&input, &outcome.stdout) {
                Checked::Accepted(cost) => (
                    Finding::Verdict {
                        verdict: Verdict::Accepted,
                        reason: None,
                    },
                    Some(cost),
                ),
                Checked::Wrong { reason, cost } => (
                    Finding::Verdict {
                        verdict: Verdict::WrongAnswer,
                        reason: Some(reason),
                    },
                    cost,
                ),
                Checked::BadTest(why) => return Ok(broken(why)),
            },
        };
        let usage = Usage {
            cpu_ms: outcome.cpu_ms,
            wall_ms: outcome.wall_ms,
            peak_kib: outcome.peak_kib,
            status: outcome.status,
        };
        let detail = [
            check::head(&input),
            check::head(&outcome.stdout),
            check::head(outcome.stderr.as_bytes()),
        ];
        let judge_ms = started.elapsed().as_secs_f64() * 1000.0;
        Ok(TestRun {
            name: test.name.clone(),
            finding,
            usage: Some(usage),
            cost,
            judge_ms,
            detail,
        })
    }

    /// `Ok(Err(why))` when the input is malformed or its `.ans` disagrees with the reference.
    fn test_data_error(
        &self,
        test: &Test,
        input: &[u8],
        checker: &dyn Checker,
    ) -> Result<Result<(), String>, JudgeError> {
        let optima = match checker.optima(input) {
            Ok(optima) => optima,
            Err(e) => return Ok(Err(format!("input {e}"))),
        };
        let Some(ans) = &test.answer else {
            return Ok(Ok(()));
        };
        let expected = std::fs::read_to_string(ans).map_err(|e| JudgeError::io("read", ans, e))?;
        Ok(compare_expected(&expected, &optima))
    }

    fn show(&self, text: &str) {
        if !self.options.json {
            emit(text);
        }
    }

    /// A transient line on stderr while a test runs, only when a person is watching.
    fn progress(&self, text: &str) {
        let mut stderr = std::io::stderr();
        if stderr.is_terminal() {
            let _ = write!(stderr, "\r\x1b[K{text}");
        }
    }
}
