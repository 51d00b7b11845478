//! The contestant's own programs in `judge stress`: a generator (`--gen`), whose inputs stand in
//! for the puzzle's, and a brute force (`--brute`), whose valid answer gives the optima of an input
//! too large for the reference. Each is compiled as a submission is and runs in the sandbox.

use crate::formats::text::indent;
use crate::judging::decide;
use crate::judging::problem::Problem;
use crate::judging::session::Session;
use crate::model::error::JudgeError;
use crate::model::execution::{Execution, Program};
use crate::model::limits::Limits;
use crate::model::optimum::Optimum;
use crate::model::reason::TestFault;
use crate::puzzles::checker::Checker;
use crate::puzzles::generator::Generator;
use crate::run::supervise::Env;
use std::ffi::OsString;
use std::path::Path;

/// How many times the submission's CPU limit a brute force gets: it is slow by design, and runs
/// only on inputs too large for the reference.
const BRUTE_TIME_FACTOR: u64 = 10;

/// The contestant's brute force (`--brute`): where an input is too large for the reference, its
/// answer, replayed and found valid, gives the optima the submission is held to. Elsewhere the
/// reference decides, and the brute force does not run.
pub struct Brute<'a> {
    program: Program,
    session: &'a Session,
    checker: &'a dyn Checker,
    limits: Limits,
}

impl<'a> Brute<'a> {
    /// The brute force at `path`, whose answers `checker` reads, run with `BRUTE_TIME_FACTOR`
    /// times the submission's CPU limit in `limits`.
    pub fn compile(
        session: &'a Session,
        problem: &Problem,
        path: &Path,
        checker: &'a dyn Checker,
        limits: Limits,
    ) -> Result<Brute<'a>, JudgeError> {
        Ok(Brute {
            program: own_program(session, problem, path, "brute force")?,
            session,
            checker,
            limits: Limits {
                cpu_ms: limits.cpu_ms.saturating_mul(BRUTE_TIME_FACTOR),
                ..limits
            },
        })
    }

    /// The optima the brute force's answer to `input` (in the file `path`) claims, checked valid;
    /// `None` if it did not finish within its limits, leaving the input undecided.
    pub fn optima(&self, path: &Path, input: &str) -> Result<Option<Vec<Optimum>>, JudgeError> {
        let ran = execute(self.session, &self.program, Some(path), &self.limits)?;
        // A lost run is one of `from_run`'s too.
        if decide::from_run(&ran, &self.limits).is_some() {
            return Ok(None);
        }
        let claims = self.checker.claims(input.as_bytes(), &ran.stdout);
        claims.map(Some).map_err(|wrong| {
            JudgeError::new(format!(
                "your brute force's answer is wrong ({wrong}) on this input, too large for the \
                 reference:\n{}",
                indent(input)
            ))
        })
    }
}

/// Where the inputs come from: the puzzle's generator, or the contestant's own program.
pub struct Inputs<'a> {
    puzzle: &'a dyn Generator,
    checker: &'a dyn Checker,
    mine: Option<Program>,
    session: &'a Session,
    limits: Limits,
}

impl<'a> Inputs<'a> {
    /// The puzzle's `generator`, or with `mine` the contestant's generator at that path, run under
    /// the problem's `limits`; `checker` reads how many cases its inputs hold.
    pub fn new(
        session: &'a Session,
        problem: &Problem,
        mine: Option<&Path>,
        generator: &'a dyn Generator,
        checker: &'a dyn Checker,
        limits: Limits,
    ) -> Result<Inputs<'a>, JudgeError> {
        let mine = mine.map(|path| own_program(session, problem, path, "generator"));
        Ok(Inputs {
            puzzle: generator,
            checker,
            mine: mine.transpose()?,
            session,
            limits,
        })
    }

    /// Input `index` of `seed`, with about `cases` cases, and how many it holds.
    pub fn input(&self, seed: u64, index: u64, cases: u64) -> Result<(String, u64), JudgeError> {
        let Some(program) = &self.mine else {
            return Ok(self.puzzle.input(seed, index, cases));
        };
        let input = run_generator(self.session, program, &self.limits, (seed, index))?;
        // Its cases, as the reference reads them; one it cannot read is the generator's mistake.
        let count = match self.checker.optima(input.as_bytes()) {
            Ok(optima) => optima.len() as u64,
            Err(TestFault::TooLarge { .. }) => 1,
            Err(fault) => {
                let why = format!("your generator wrote an input the reference refuses ({fault}):");
                return Err(JudgeError::new(format!("{why}\n{}", indent(&input))));
            }
        };
        Ok((input, count))
    }
}

/// The contestant's own `what` (their generator, their brute force), compiled as a submission is.
fn own_program(
    session: &Session,
    problem: &Problem,
    path: &Path,
    what: &str,
) -> Result<Program, JudgeError> {
    let (run, program) = session.compile(problem, Some(path))?;
    program.ok_or_else(|| {
        let message = indent(run.compile.failure().unwrap_or_default());
        let why = format!(
            "your {what} {} does not compile:\n{message}",
            path.display()
        );
        JudgeError::new(why)
    })
}

/// Runs `program` in a fresh folder of the runner's, in the sandbox, with `stdin`.
fn execute(
    session: &Session,
    program: &Program,
    stdin: Option<&Path>,
    limits: &Limits,
) -> Result<Execution, JudgeError> {
    let runner = &session.runner;
    let dir = runner.fresh_dir()?;
    let ran = runner.execute(program, stdin, &dir, limits, Env::Fixed);
    runner.clean(&dir);
    ran
}

/// Runs the generator as `GEN SEED INDEX` in the sandbox, under the problem's limits: its stdout.
fn run_generator(
    session: &Session,
    program: &Program,
    limits: &Limits,
    (seed, index): (u64, u64),
) -> Result<String, JudgeError> {
    let mut asked = program.clone();
    let words = [seed.to_string(), index.to_string()].map(OsString::from);
    asked.args.extend(words);
    let ran = execute(session, &asked, None, limits)?;
    let failed = |why: String| {
        JudgeError::new(format!(
            "your generator failed on seed {seed}, input {}: {why}",
            index + 1
        ))
    };
    // A lost run's reason is why it was lost.
    if let Some((_, reason)) = decide::from_run(&ran, limits) {
        return Err(failed(reason.to_string()));
    }
    String::from_utf8(ran.stdout).map_err(|_| failed("its output is not UTF-8".into()))
}
