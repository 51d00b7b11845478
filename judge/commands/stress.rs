//! `judge stress`: random inputs from the problem's generator (or the contestant's own, `--gen`), run
//! and checked exactly as tests are (an input too large for the reference by the contestant's brute
//! force, `--brute`), until an answer fails; then the failing input is made smaller while it still
//! fails the same way. The search is `judging::stress`, the programs `judging::contestant`, the
//! report `render::stress`; here they are put together.

use crate::cli::Options;
use crate::commands::add;
use crate::formats::json::Json;
use crate::judging::contestant::{Brute, Inputs};
use crate::judging::problem::Test;
use crate::judging::session::Session;
use crate::judging::stress::{search, shrink, shrink_deadline, Trial};
use crate::model::error::JudgeError;
use crate::model::stress::{Found, Searched};
use crate::render::console::emit;
use crate::render::count;
use crate::render::stress as report;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub fn stress(session: &Session, options: &Options) -> Result<i32, JudgeError> {
    let name = options.problem.as_deref().unwrap_or_default();
    let problem = session.problem(name)?;
    let puzzle = session.puzzle(&problem)?;
    let none = || {
        JudgeError::new(format!(
            "problem `{name}` has no generator for `judge stress`"
        ))
    };
    let make = puzzle.stress.ok_or_else(none)?;
    let stress = make();
    let (run, program) = session.compile(&problem, options.submission.as_deref())?;
    let seed = options.seed.unwrap_or_else(clock_seed);
    let title = format!(
        "stress {name}: {}, {}, {} ms CPU, seed {seed}, up to {}",
        run.submission,
        run.compiler,
        run.limits.cpu_ms,
        count(options.cases as usize, "case")
    );
    let Some(program) = program else {
        let message = run.compile.failure().unwrap_or_default();
        let json = || report::compile_error_json(message);
        show(options, &report::compile_error(&title, message), json);
        return Ok(1);
    };
    // The inputs live in a private folder of the runner's, removed with it, or by the next judge if
    // this one is killed.
    let folder = session.runner.fresh_dir()?;
    let checker = stress.checker.as_ref();
    let brute = (options.brute.as_deref())
        .map(|path| Brute::compile(session, &problem, path, checker, run.limits))
        .transpose()?;
    let trial = Trial {
        judge: session.test_judge(puzzle, checker, &program, run.limits),
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
    let mine = options.generator.as_deref();
    let generator = stress.generator.as_ref();
    let inputs = Inputs::new(session, &problem, mine, generator, checker, run.limits)?;
    let mut searched = search(&trial, &inputs, options.cases, seed, deadline)?;
    let Some((index, failure)) = searched.failure.take() else {
        let json = || report::json(&searched, seed, None);
        show(options, &report::passed(&searched, seed), json);
        return Ok(0);
    };
    let first = failure.run.finding.clone();
    let shrinking = shrink_deadline(deadline, Instant::now());
    let shrunk = shrink(&trial, generator, failure, shrinking)?;
    // Searched for once, for the smallest input only: shrinking runs many that fail.
    let smallest = &shrunk.failure;
    let case = smallest.run.finding.failing_case().unwrap_or(0);
    let after = smallest.run.finding.after_the_answers();
    let replay = puzzle.replay.as_ref().filter(|_| !after);
    let shortest = replay.and_then(|r| (r.shortest)(smallest.input.as_bytes(), case));
    let found = Found {
        index,
        first,
        shrunk,
        shortest,
    };
    report_failure(session, options, (&searched, seed), &found, &trial)
}

/// Shows the failure, saving it first if asked, or writing it to a file if it is too long to show.
/// The failure is worth more than the test file: it is shown even when saving it fails.
fn report_failure(
    session: &Session,
    options: &Options,
    (searched, seed): (&Searched, u64),
    found: &Found,
    trial: &Trial,
) -> Result<i32, JudgeError> {
    let name = options.problem.as_deref().unwrap_or_default();
    let input = &found.shrunk.failure.input;
    let test = Options {
        problem: Some(name.into()),
        input: Some(input.clone()),
        name: Some(format!("stress-{seed}")),
        ..Options::default()
    };
    let saved = (options.save).then(|| save(session, test, trial));
    let saved = saved.and_then(|s| s.map_err(|e| eprintln!("judge: not saved: {e}")).ok());
    let unsaved = options.save && saved.is_none();
    let long = || long_input(options.json, name, seed, input);
    let kept = saved.flatten().or_else(|| Some((long()?, None)));
    let again = repeat_command(&session.settings.invocation, options, seed);
    let time_given = options.time_ms.is_some();
    let text = report::failed(searched, seed, found, time_given, &kept, &again);
    let json = || report::json(searched, seed, Some((found, &kept)));
    show(options, &text, json);
    Ok(if unsaved { 2 } else { 1 })
}

/// Adds the failing input, byte for byte, as the test `options` name, and judges the submission on
/// that test: whether the failure came back there.
fn save(session: &Session, options: Options, trial: &Trial) -> Result<report::Kept, JudgeError> {
    let path = add::add(&session.root, &options)?.input;
    // `add` ends the text with one `\n`, as a test typed in should; the failure may rest on its end.
    let input = options.input.unwrap_or_default();
    std::fs::write(&path, input).map_err(|e| JudgeError::io("write", &path, e))?;
    let test = Test {
        name: options.name.unwrap_or_default(),
        input: path.clone(),
        answer: Some(path.with_extension("ans")),
    };
    Ok(Some((path, Some(trial.judge.judge(&test)?.finding))))
}

/// Writes an input too long to show to a file of the system's temporary folder, byte for byte, named
/// by this judge's process so that two judges never write one file: its path, or `None` (the input
/// is then shown) if it cannot be written. Not with `--json`, whose `input` is the input.
fn long_input(json: bool, problem: &str, seed: u64, input: &str) -> Option<PathBuf> {
    let long = !json && input.lines().count() > report::SHOWN_LINES;
    let name = format!("judge-stress-{problem}-{seed}-{}.in", std::process::id());
    let path = std::env::temp_dir().join(name);
    (long && std::fs::write(&path, input).is_ok()).then_some(path)
}

/// The command that finds the same failure again, run as `me`.
fn repeat_command(me: &str, options: &Options, seed: u64) -> String {
    let path = |p: &PathBuf| quoted(&p.display().to_string());
    let mut words = vec![format!("{me} stress")];
    words.extend(options.problem.as_deref().map(quoted));
    words.extend(options.submission.as_ref().map(path));
    words.push(format!("--seed {seed} --cases {}", options.cases));
    let own = [("--gen", &options.generator), ("--brute", &options.brute)];
    for (flag, given) in own {
        words.extend(given.as_ref().map(|p| format!("{flag} {}", path(p))));
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

/// Prints the text, or with `--json` the document.
fn show(options: &Options, text: &str, json: impl FnOnce() -> Json) {
    match options.json {
        true => emit(&json().to_pretty()),
        false => emit(text),
    }
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
