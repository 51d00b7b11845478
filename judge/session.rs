//! Judges one submission on one problem: compile it, then for each test check the test's own data,
//! run the program, decide the verdict, and stream the table's rows.

use crate::check::{self, compare_expected, Checked, Checker};
use crate::cli::JudgeOptions;
use crate::compile::{self, Compiled, Language};
use crate::error::JudgeError;
use crate::problem::{self, Problem, Test};
use crate::report::{emit, Compile, Detail, ProblemRun, Table, TestRun, Usage};
use crate::run::{Limits, Program, Runner};
use crate::verdict::{self, Finding, Verdict};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Instant;

/// What judging needs from the command line and the machine.
pub struct Session<'a> {
    pub root: &'a Path,
    pub options: &'a JudgeOptions,
    pub cache: &'a Path,
    pub runner: &'a Runner,
    pub color: bool,
}

impl Session<'_> {
    pub fn judge_problem(&self, problem: &Problem) -> Result<ProblemRun, JudgeError> {
        let checker = check::checker_of(problem)?;
        let tests = problem::tests(problem, self.options.test.as_deref())?;
        let (source, shown) = match &self.options.submission {
            Some(mine) => (mine.clone(), mine.clone()),
            None => (self.root.join(&problem.solution), problem.solution.clone()),
        };
        let compiler = Language::of(&source)?.describe();
        let compiled = compile::compile(&source, self.cache)?;
        let compile = match &compiled {
            Compiled::Ready { cached, .. } => Compile::Built { cached: *cached },
            Compiled::Failed { message } => Compile::Failed {
                message: message.clone(),
            },
        };
        let (submission, limits) = (shown.display().to_string(), self.limits(problem.limits));
        let mut run = ProblemRun {
            problem: problem.name.clone(),
            submission,
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
        match compiled {
            Compiled::Ready { program, .. } => {
                run.tests = self.judge_tests(
                    problem,
                    &tests,
                    (&program, &limits),
                    &table,
                    checker.as_ref(),
                )?
            }
            Compiled::Failed { message } => {
                self.show(&table.compile_error(&message));
                let not_compiled = Finding::Verdict {
                    verdict: Verdict::CompileError,
                    reason: None,
                };
                run.tests = tests
                    .iter()
                    .map(|t| TestRun::not_run(&t.name, not_compiled.clone(), Detail::default()))
                    .collect();
            }
        }
        Ok(run)
    }

    fn judge_tests(
        &self,
        problem: &Problem,
        tests: &[Test],
        (program, limits): (&Program, &Limits),
        table: &Table,
        checker: &dyn Checker,
    ) -> Result<Vec<TestRun>, JudgeError> {
        let mut results = Vec::new();
        for (i, test) in tests.iter().enumerate() {
            self.progress(&format!(
                "{} {}/{}: {}",
                problem.name,
                i + 1,
                tests.len(),
                test.name
            ));
            let result = self.judge_test(program, test, limits, checker)?;
            self.progress("");
            self.show(&table.row(&result));
            results.push(result);
        }
        Ok(results)
    }

    fn limits(&self, problem: Limits) -> Limits {
        let memory_kib = self
            .options
            .memory_limit_mib
            .map_or(problem.memory_kib, |mib| mib * 1024);
        let cpu_ms = self.options.time_limit_ms.unwrap_or(problem.cpu_ms);
        Limits {
            cpu_ms,
            memory_kib,
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
        let broken = |why: String| {
            let detail = Detail {
                input: check::head(&input),
                ..Detail::default()
            };
            TestRun::not_run(&test.name, Finding::TestError(why), detail)
        };
        if let Err(why) = test_data(test, &input, checker)? {
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
        let detail = Detail {
            input: check::head(&input),
            output: check::head(&outcome.stdout),
            stderr: check::head(outcome.stderr.as_bytes()),
        };
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

/// `Ok(Err(why))` when the input is malformed or its `.ans` disagrees with the reference.
fn test_data(
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
