//! `judge run`: one run of a submission on an input of the user's (words, `--input F` or stdin),
//! judged and shown as `judge show` shows a test; nothing is written under `problems/`.

use crate::cli::Options;
use crate::commands::{add, show};
use crate::formats::text::indent;
use crate::judging::problem::{Problem, Test};
use crate::judging::session::Session;
use crate::judging::test_judge::{broken, load};
use crate::model::error::JudgeError;
use crate::model::reason::TestFault;
use crate::puzzles::Puzzle;
use crate::render::console::emit;
use crate::run::{runner::Runner, stderr::tail};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Exit status as the judge's: 0 accepted, 1 not accepted (the failing case is replayed), 2 the
/// reference refuses the input (the program still runs, its output shown unchecked).
pub fn run(session: &Session, options: &Options) -> Result<i32, JudgeError> {
    let problem = session.problem(options.problem.as_deref().unwrap_or_default())?;
    let puzzle = session.puzzle(&problem)?;
    let test = Test {
        name: "input".into(),
        input: input_file(session, options, puzzle)?,
        answer: None,
    };
    let submission = options.submission.as_deref();
    let loaded = match load(&test, (puzzle.checker)().as_ref(), None) {
        Ok(loaded) => loaded,
        Err(fault) => return unchecked(session, &problem, submission, &test, fault),
    };
    let Some((run, output)) = show::judge(session, &problem, submission, puzzle, &loaded)? else {
        return Ok(1); // a compile error, printed as the judge prints it
    };
    if let (Some(replay), Some(case)) = (&puzzle.replay, run.finding.failing_case()) {
        if let Ok(frames) = (replay.frames)(&loaded.input, &output, case) {
            show::play(&frames, session.settings.color, options);
        }
    }
    Ok(show::exit_code(&run.finding))
}

/// The input's file: `--input F` as it is, else the words or stdin written into a private folder
/// of the runner's, removed with it.
fn input_file(
    session: &Session,
    options: &Options,
    puzzle: &Puzzle,
) -> Result<PathBuf, JudgeError> {
    if let Some(path) = &options.file {
        return Ok(path.clone());
    }
    if options.input.is_none() && std::io::stdin().is_terminal() {
        let fix = "give it as words, with `--input F`, or on stdin";
        return Err(JudgeError::new("`judge run` needs an input").with_fix(fix));
    }
    let path = session.runner.fresh_dir()?.join("input.in");
    let text = add::read_input(options, puzzle)?;
    std::fs::write(&path, text).map_err(|e| JudgeError::io("write", &path, e))?;
    Ok(path)
}

/// An input the reference refuses: the program still runs, and its row says why nothing is
/// checked; its output is shown as it is.
fn unchecked(
    session: &Session,
    problem: &Problem,
    submission: Option<&Path>,
    test: &Test,
    fault: TestFault,
) -> Result<i32, JudgeError> {
    let tests = std::slice::from_ref(test);
    let (run, table, program) = session.begin(problem, submission, tests)?;
    let Some(program) = program else {
        return Ok(1);
    };
    let ran = session.runner.run(&program, &test.input, &run.limits)?;
    let mut row = broken(test, fault, &std::fs::read(&test.input).unwrap_or_default());
    row.measured = Some(ran.measured);
    row.detail.stderr_tail = program.named(tail(&ran.stderr));
    let output = indent(&String::from_utf8_lossy(&ran.stdout));
    let why = "not checked, as the reference refuses the input; its output";
    let bytes = ran.stdout.len();
    emit(&format!(
        "{}{why}, {bytes} bytes:\n{output}",
        table.row(&row)
    ));
    Ok(2)
}
