//! `judge stress`: random inputs from the problem's generator (or the contestant's own, `--gen`), run
//! and checked exactly as tests are (an input too large for the reference by the contestant's brute
//! force, `--brute`), until an answer fails; then the failing input is made smaller while it still
//! fails the same way.

use crate::cli::Options;
use crate::commands::add;
use crate::formats::json::Json;
use crate::formats::text::printable;
use crate::judging::decide;
use crate::judging::problem::{Problem, Test};
use crate::judging::session::Session;
use crate::judging::test_judge::{broken, load, Loaded, TestJudge};
use crate::model::error::JudgeError;
use crate::model::execution::{Execution, Program};
use crate::model::limits::Limits;
use crate::model::optimum::Optimum;
use crate::model::outcome::TestRun;
use crate::model::reason::TestFault;
use crate::model::verdict::Finding;
use crate::puzzles::checker::Checker;
use crate::puzzles::generator::{Generator, Stress};
use crate::puzzles::Puzzle;
use crate::render::console::{emit, progress};
use crate::render::{count, frames};
use crate::run::supervise::Env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Cases an input holds where the format has several (Eight): enough that the program's start-up
/// is not what is measured, few enough that a failing input is quick to cut down.
const BATCH: u64 = 100;
/// The most runs spent shrinking: each may take up to the wall-clock limit.
const MAX_SHRINK_RUNS: usize = 300;
/// How long shrinking may take without `--time`: a TLE's every try runs to the limit, and 300 of
/// them would take a quarter of an hour.
const SHRINK_SECONDS: u64 = 60;

/// An input that failed, and how.
struct Failure {
    input: String,
    run: TestRun,
}

/// What the search came to.
struct Searched {
    cases: u64,
    inputs: u64,
    /// Cases the reference could not solve within its budget, nor a brute force, so nothing was
    /// checked.
    skipped: u64,
    /// Cases too large for the reference that the brute force's answer decided (`--brute`).
    by_brute: u64,
    /// Whether the failing input was one of them.
    failure_by_brute: bool,
    seconds: f64,
    failure: Option<(u64, Failure)>,
}

pub fn stress(session: &Session, options: &Options) -> Result<i32, JudgeError> {
    let name = options.problem.as_deref().unwrap_or_default();
    let problem = session.problem(name)?;
    let puzzle = session.puzzle(&problem)?;
    let stress = stress_of(puzzle, &problem)?;
    let (run, program) = session.compile(&problem, options.submission.as_deref())?;
    let seed = options.seed.unwrap_or_else(clock_seed);
    let title = format!(
        "stress {name}: {}, {}, {} ms CPU, seed {seed}, up to {} cases",
        run.submission, run.compiler, run.limits.cpu_ms, options.cases
    );
    let Some(program) = program else {
        let message = run.compile.failure().unwrap_or_default();
        let text = format!("{title}\n  CE  compile error\n{}\n", indent(message));
        let json = || {
            Json::Object(vec![
                ("schema", Json::Number(1.0)),
                ("compile_error", Json::String(message.into())),
            ])
        };
        show(options, &text, json);
        return Ok(1);
    };
    // The inputs live in a private folder of the runner's, removed with it, or by the next judge if
    // this one is killed.
    let folder = session.runner.fresh_dir()?;
    let brute = match &options.brute {
        Some(path) => Some(Brute {
            program: own_program(session, &problem, path, "brute force")?,
            session,
            checker: stress.checker.as_ref(),
            limits: brute_limits(run.limits),
        }),
        None => None,
    };
    let trial = Trial {
        judge: session.test_judge(puzzle, stress.checker.as_ref(), &program, run.limits),
        input: folder.join("stress.in"),
        brute: brute.as_ref(),
    };
    if !options.json {
        emit(&format!("{title}\n"));
    }
    // `--time` bounds the whole command: the search, and the shrinking after it.
    let deadline = options
        .time_ms
        .map(|ms| Instant::now() + Duration::from_millis(ms));
    let mine = match &options.generator {
        Some(path) => Some(own_program(session, &problem, path, "generator")?),
        None => None,
    };
    let inputs = Inputs {
        puzzle: stress.generator.as_ref(),
        checker: stress.checker.as_ref(),
        mine: mine.as_ref(),
        session,
        limits: run.limits,
    };
    let mut searched = search(&trial, &inputs, options, seed, deadline)?;
    let Some((index, failure)) = searched.failure.take() else {
        show(options, &passed(&searched, seed), || {
            summary_json(&searched, seed, None)
        });
        return Ok(0);
    };
    let first = failure.run.finding.clone();
    let shrinking = shrink_deadline(deadline, Instant::now());
    let shrunk = shrink(&trial, stress.generator.as_ref(), failure, Some(shrinking))?;
    // Searched for once, for the smallest input only: shrinking runs many that fail.
    let smallest = &shrunk.failure;
    let case = smallest.run.finding.failing_case().unwrap_or(0);
    let shortest =
        (puzzle.replay.as_ref()).and_then(|r| (r.shortest)(smallest.input.as_bytes(), case));
    let found = Found {
        index,
        first,
        shrunk,
        shortest,
    };
    report_failure(session, options, &searched, seed, &found)
}

/// What stressing the problem's puzzle takes, or an error that says which puzzles have a generator.
fn stress_of(puzzle: &Puzzle, problem: &Problem) -> Result<Stress, JudgeError> {
    let make = puzzle.stress.ok_or_else(|| {
        JudgeError::new(format!(
            "problem `{}` has no generator for `judge stress`",
            problem.name
        ))
    })?;
    Ok(make())
}

/// The first failure, what it shrank to, and the reference's answer to its failing case.
struct Found {
    index: u64,
    first: Finding,
    shrunk: Shrunk,
    shortest: Option<String>,
}

/// Shows the failure, saving it first if asked. The failure is worth more than the test file: it is
/// shown even when saving it fails.
fn report_failure(
    session: &Session,
    options: &Options,
    searched: &Searched,
    seed: u64,
    found: &Found,
) -> Result<i32, JudgeError> {
    let name = options.problem.as_deref().unwrap_or_default();
    let saved = (options.save).then(|| save(session, name, &found.shrunk.failure.input, seed));
    let saved_path = saved.as_ref().and_then(|s| s.as_ref().ok());
    let decided = match searched.failure_by_brute {
        true => " (too large for the reference: your brute force's answer decided)",
        false => "",
    };
    let mut text = format!(
        "input {} of seed {seed} fails{decided}: {}\n",
        found.index + 1,
        one_line(&found.first)
    );
    text += &failed(found, options.time_ms.is_some(), saved_path);
    let again = repeat_command(&session.settings.invocation, options, seed);
    text += &format!("again: {again}\n");
    show(options, &text, || {
        summary_json(searched, seed, Some((found, saved_path)))
    });
    match saved {
        Some(Err(e)) => {
            eprintln!("judge: not saved: {e}");
            Ok(2)
        }
        _ => Ok(1),
    }
}

/// Runs one input as a test named `stress`, from a file of its own.
struct Trial<'a> {
    judge: TestJudge<'a>,
    input: PathBuf,
    /// With `--brute`: what decides an input too large for the reference.
    brute: Option<&'a Brute<'a>>,
}

impl Trial<'_> {
    /// The input judged, and whether the brute force's answer decided it.
    fn judged(&self, input: &str) -> Result<(TestRun, bool), JudgeError> {
        std::fs::write(&self.input, input).map_err(|e| JudgeError::io("write", &self.input, e))?;
        let test = Test {
            name: "stress".into(),
            input: self.input.clone(),
            answer: None,
        };
        let Some(brute) = self.brute else {
            return Ok((self.judge.judge(&test)?, false));
        };
        let run = match load(&test, self.judge.checker, None) {
            Ok(loaded) => self.judge.judge_loaded(&loaded)?.0,
            Err(TestFault::TooLarge { max_states }) => match brute.optima(&test.input, input)? {
                Some(optima) => return Ok((self.judged_by_brute(&test, input, optima)?, true)),
                // The brute force did not finish either: the input is skipped.
                None => broken(&test, TestFault::TooLarge { max_states }, input.as_bytes()),
            },
            Err(fault) => broken(&test, fault, input.as_bytes()),
        };
        Ok((run, false))
    }

    /// The submission judged against the brute force's optima. An answer that beats them shows
    /// the brute force wrong, and it can judge no more.
    fn judged_by_brute(
        &self,
        test: &Test,
        input: &str,
        optima: Vec<Optimum>,
    ) -> Result<TestRun, JudgeError> {
        let loaded = Loaded {
            test: test.clone(),
            input: input.as_bytes().to_vec(),
            optima,
        };
        let (run, _) = self.judge.judge_loaded(&loaded)?;
        match &run.finding {
            Finding::TestError(beaten) => Err(JudgeError::new(format!(
                "your brute force's answer is not optimal: the submission's is valid and shorter \
                 ({beaten}), on this input, too large for the reference:\n{}",
                indent(input)
            ))),
            _ => Ok(run),
        }
    }
}

/// The contestant's brute force (`--brute`): where an input is too large for the reference, its
/// answer, replayed and found valid, gives the optima the submission is held to. Elsewhere the
/// reference decides, and the brute force does not run.
struct Brute<'a> {
    program: Program,
    session: &'a Session,
    checker: &'a dyn Checker,
    limits: Limits,
}

/// How many times the submission's CPU limit a brute force gets: it is slow by design, and runs
/// only on inputs too large for the reference.
const BRUTE_TIME_FACTOR: u64 = 10;

fn brute_limits(limits: Limits) -> Limits {
    Limits {
        cpu_ms: limits.cpu_ms.saturating_mul(BRUTE_TIME_FACTOR),
        ..limits
    }
}

impl Brute<'_> {
    /// The optima the brute force's answer to `input` (in the file `path`) claims, checked valid;
    /// `None` if it did not finish within its limits, leaving the input undecided.
    fn optima(&self, path: &Path, input: &str) -> Result<Option<Vec<Optimum>>, JudgeError> {
        let ran = execute(self.session, &self.program, Some(path), &self.limits)?;
        if ran.lost.is_some() || decide::from_run(&ran, &self.limits).is_some() {
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
struct Inputs<'a> {
    puzzle: &'a dyn Generator,
    checker: &'a dyn Checker,
    mine: Option<&'a Program>,
    session: &'a Session,
    limits: Limits,
}

impl Inputs<'_> {
    /// Input `index` of `seed`, with about `cases` cases, and how many it holds.
    fn input(&self, seed: u64, index: u64, cases: u64) -> Result<(String, u64), JudgeError> {
        let Some(program) = self.mine else {
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
        let message = run.compile.failure().unwrap_or_default();
        JudgeError::new(format!(
            "your {what} {} does not compile:\n{}",
            path.display(),
            indent(message)
        ))
    })
}

/// Runs `program` in a fresh folder of the runner's, in the sandbox, with `stdin`.
fn execute(
    session: &Session,
    program: &Program,
    stdin: Option<&Path>,
    limits: &Limits,
) -> Result<Execution, JudgeError> {
    let dir = session.runner.fresh_dir()?;
    let ran = session
        .runner
        .execute(program, stdin, &dir, limits, Env::Fixed);
    session.runner.clean(&dir);
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
    asked
        .args
        .extend([seed.to_string(), index.to_string()].map(OsString::from));
    let ran = execute(session, &asked, None, limits)?;
    let failed = |why: String| {
        JudgeError::new(format!(
            "your generator failed on seed {seed}, input {}: {why}",
            index + 1
        ))
    };
    if let Some(why) = ran.lost {
        return Err(failed(why));
    }
    if let Some((_, reason)) = decide::from_run(&ran, limits) {
        return Err(failed(reason.to_string()));
    }
    String::from_utf8(ran.stdout).map_err(|_| failed("its output is not UTF-8".into()))
}

/// Inputs in order until one fails or the budget (cases, seconds) is spent.
fn search(
    trial: &Trial,
    inputs: &Inputs,
    options: &Options,
    seed: u64,
    deadline: Option<Instant>,
) -> Result<Searched, JudgeError> {
    let started = Instant::now();
    let mut searched = Searched {
        cases: 0,
        inputs: 0,
        skipped: 0,
        by_brute: 0,
        failure_by_brute: false,
        seconds: 0.0,
        failure: None,
    };
    while searched.cases < options.cases && before(deadline) {
        let index = searched.inputs;
        let wanted = (options.cases - searched.cases).min(BATCH);
        let (input, cases) = inputs.input(seed, index, wanted)?;
        let (run, by_brute) = trial.judged(&input)?;
        searched.inputs += 1;
        searched.cases += cases;
        if by_brute {
            searched.by_brute += cases;
        }
        match &run.finding {
            finding if finding.accepted() => {}
            Finding::TestError(TestFault::TooLarge { .. }) => searched.skipped += cases,
            Finding::TestError(fault) => {
                return Err(JudgeError::new(format!(
                    "the generator made an input the reference refuses ({fault}):\n{input}"
                )))
            }
            Finding::Verdict { .. } => {
                searched.failure = Some((index, Failure { input, run }));
                searched.failure_by_brute = by_brute;
                break;
            }
        }
        searched.seconds = started.elapsed().as_secs_f64();
        let rate = searched.cases as f64 / searched.seconds.max(1e-3);
        progress(&format!(
            "stress: {} of {} cases, {rate:.0} cases/s, {:.1} s",
            searched.cases, options.cases, searched.seconds
        ));
    }
    progress("");
    searched.seconds = started.elapsed().as_secs_f64();
    Ok(searched)
}

/// Why shrinking stopped before it had tried every smaller input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CutShort {
    /// `--time` ran out.
    Time,
    /// [`MAX_SHRINK_RUNS`] were spent.
    Runs,
}

impl CutShort {
    fn name(self) -> &'static str {
        match self {
            CutShort::Time => "time",
            CutShort::Runs => "runs",
        }
    }
}

/// How shrinking went: the smallest failure, the runs it took, and whether it was cut short (the
/// input may then not be the smallest).
struct Shrunk {
    failure: Failure,
    runs: usize,
    cut_short: Option<CutShort>,
}

/// Tries the generator's smaller inputs, keeping each that still fails the same way, until none
/// does, the run cap is spent or `--time` is out.
fn shrink(
    trial: &Trial,
    generator: &dyn Generator,
    failure: Failure,
    deadline: Option<Instant>,
) -> Result<Shrunk, JudgeError> {
    let way = failure.run.finding.clone();
    let (mut smallest, mut runs) = (failure, 0);
    let cut_short = |runs: usize| match () {
        _ if runs >= MAX_SHRINK_RUNS => Some(CutShort::Runs),
        _ if !before(deadline) => Some(CutShort::Time),
        _ => None,
    };
    'smaller: loop {
        progress(&format!("stress: shrinking, {runs} runs"));
        let case = smallest.run.finding.failing_case();
        for input in generator.smaller(&smallest.input, case) {
            if let Some(cut) = cut_short(runs) {
                progress("");
                return Ok(Shrunk {
                    failure: smallest,
                    runs,
                    cut_short: Some(cut),
                });
            }
            runs += 1;
            let (run, _) = trial.judged(&input)?;
            if run.finding.same_way(&way) {
                smallest = Failure { input, run };
                continue 'smaller;
            }
        }
        progress("");
        return Ok(Shrunk {
            failure: smallest,
            runs,
            cut_short: None,
        });
    }
}

/// When shrinking that starts `now` must end: where `--time` set the command's `deadline`, there;
/// else [`SHRINK_SECONDS`] from now.
fn shrink_deadline(deadline: Option<Instant>, now: Instant) -> Instant {
    deadline.unwrap_or(now + Duration::from_secs(SHRINK_SECONDS))
}

/// Whether the `--time` budget, if any, has time left.
fn before(deadline: Option<Instant>) -> bool {
    deadline.map_or(true, |d| Instant::now() < d)
}

fn save(session: &Session, problem: &str, input: &str, seed: u64) -> Result<PathBuf, JudgeError> {
    let options = Options {
        problem: Some(problem.into()),
        input: Some(input.into()),
        name: Some(format!("stress-{seed}")),
        ..Options::default()
    };
    Ok(add::add(&session.root, &options)?.input)
}

/// The command that finds the same failure again, run as `me`.
fn repeat_command(me: &str, options: &Options, seed: u64) -> String {
    let mut words = vec![format!("{me} stress")];
    words.extend(options.problem.as_deref().map(quoted));
    words.extend(
        options
            .submission
            .as_ref()
            .map(|s| quoted(&s.display().to_string())),
    );
    words.push(format!("--seed {seed} --cases {}", options.cases));
    let own = [("--gen", &options.generator), ("--brute", &options.brute)];
    for (flag, path) in own {
        words.extend(
            path.as_ref()
                .map(|p| format!("{flag} {}", quoted(&p.display().to_string()))),
        );
    }
    // The settings a failure may depend on: a TLE under a tighter limit is found under that limit.
    let limits = [
        ("--time-limit", options.time_limit_ms),
        ("--memory-limit", options.memory_limit_mib),
    ];
    for (flag, value) in limits {
        words.extend(value.map(|v| format!("{flag} {v}")));
    }
    if options.no_sandbox {
        words.push("--no-sandbox".into());
    }
    words.join(" ")
}

/// A word as a shell reads it back: quoted when it holds anything but plain path characters.
fn quoted(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+,:=".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

fn passed(searched: &Searched, seed: u64) -> String {
    let mut skipped = match searched.skipped {
        0 => String::new(),
        n => format!(", {n} skipped as too large for the reference"),
    };
    if searched.by_brute > 0 {
        skipped += &format!(", {} decided by your brute force", searched.by_brute);
    }
    let rate = searched.cases as f64 / searched.seconds.max(1e-3);
    format!(
        "no failure in {} cases ({} inputs{skipped}) in {:.1} s, {rate:.0} cases/s; seed {seed}\n",
        searched.cases, searched.inputs, searched.seconds
    )
}

/// A verdict and its reason on one line.
fn one_line(finding: &Finding) -> String {
    format!("{}  {}", finding.code(), finding.text().unwrap_or_default())
}

fn failed(found: &Found, options_time_given: bool, saved: Option<&PathBuf>) -> String {
    let shrunk = &found.shrunk;
    let runs = count(shrunk.runs, "run");
    let (failure, mut text) = (&shrunk.failure, String::new());
    let how = one_line(&failure.run.finding);
    text += &match shrunk.cut_short {
        None => format!("shrunk in {runs}: {how}\nthe smallest failing input:\n"),
        Some(cut) => {
            let why = match cut {
                CutShort::Time if options_time_given => "`--time` ran out".to_string(),
                CutShort::Time => format!("its {SHRINK_SECONDS} s without `--time`"),
                CutShort::Runs => format!("the cap of {MAX_SHRINK_RUNS} runs"),
            };
            format!(
                "shrinking cut short after {runs} ({why}): {how}\nthe smallest failing input \
                 found so far (a smaller one may fail too):\n"
            )
        }
    };
    text += &indent(&failure.input);
    if let Some(scene) = &failure.run.detail.scene {
        text += &format!("how it fails:\n{}", indent(scene));
    }
    if let Some(answer) = &found.shortest {
        let case = failure.run.finding.failing_case().unwrap_or(0);
        text += &indent(&frames::shortest(answer, case));
    }
    if let Some(path) = saved {
        text += &format!("saved as {}\n", path.display());
    }
    text
}

/// Each line indented, and escaped: the scene and the compiler's message quote a submission.
fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("  {}\n", printable(l)))
        .collect()
}

/// Prints the text, or with `--json` the document.
fn show(options: &Options, text: &str, json: impl FnOnce() -> Json) {
    match options.json {
        true => emit(&json().to_pretty()),
        false => emit(text),
    }
}

fn summary_json(searched: &Searched, seed: u64, found: Option<(&Found, Option<&PathBuf>)>) -> Json {
    let failure = found.map_or(Json::Null, |(found, saved)| {
        let finding = &found.shrunk.failure.run.finding;
        Json::Object(vec![
            ("input_number", Json::Number(found.index as f64 + 1.0)),
            ("verdict", Json::String(finding.code().into())),
            ("reason", Json::text(finding.text().as_deref())),
            ("first_reason", Json::text(found.first.text().as_deref())),
            ("input", Json::String(found.shrunk.failure.input.clone())),
            ("shrink_runs", Json::Number(found.shrunk.runs as f64)),
            (
                "shrink_cut_short",
                Json::text(found.shrunk.cut_short.map(CutShort::name)),
            ),
            (
                "saved",
                Json::text(saved.map(|p| p.display().to_string()).as_deref()),
            ),
        ])
    });
    Json::Object(vec![
        ("schema", Json::Number(1.0)),
        ("seed", Json::String(seed.to_string())),
        ("cases", Json::Number(searched.cases as f64)),
        ("inputs", Json::Number(searched.inputs as f64)),
        ("skipped", Json::Number(searched.skipped as f64)),
        ("decided_by_brute", Json::Number(searched.by_brute as f64)),
        ("seconds", Json::Number(searched.seconds)),
        ("failure", failure),
    ])
}

/// A seed when none is given: from the clock, short enough to type back.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(0, |d| d.as_nanos() as u64 ^ u64::from(std::process::id())) % 1_000_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_ends_at_the_time_budget_or_a_minute_after_it_starts() {
        let now = Instant::now();
        let soon = now + Duration::from_millis(1500);
        assert_eq!(shrink_deadline(Some(soon), now), soon);
        assert_eq!(shrink_deadline(None, now), now + Duration::from_secs(60));
    }

    #[test]
    fn the_command_to_repeat_keeps_what_the_failure_depends_on() {
        let options = Options {
            problem: Some("eight".into()),
            submission: Some("my dir/it's.py".into()),
            time_limit_ms: Some(50),
            no_sandbox: true,
            cases: 100_000,
            time_ms: Some(9000),
            generator: Some("gen.py".into()),
            brute: Some("slow.rs".into()),
            ..Options::default()
        };
        let repeat = repeat_command("judge", &options, 42);
        let expected = r"judge stress eight 'my dir/it'\''s.py' --seed 42 --cases 100000 --gen gen.py --brute slow.rs --time-limit 50 --no-sandbox";
        assert_eq!(repeat, expected);
    }
}
