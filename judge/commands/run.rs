//! `judge run`: one run of a submission on an input of the user's (words, `--input F` or stdin),
//! judged and shown as `judge show` shows a test; nothing is written under `problems/`.

use crate::cli::Options;
use crate::commands::{add, show};
use crate::formats::text::indent;
use crate::judging::problem::Test;
use crate::judging::session::Session;
use crate::judging::test_judge::{broken, load};
use crate::model::error::JudgeError;
use crate::render::console::emit;
use crate::run::{runner::Runner, stderr::tail};
use std::io::IsTerminal;

/// Exit status as the judge's: 0 accepted, 1 not accepted (the failing case is replayed), 2 the
/// reference refuses the input (the program still runs, its output shown unchecked).
pub fn run(session: &Session, options: &Options) -> Result<i32, JudgeError> {
    let problem = session.problem(options.problem.as_deref().unwrap_or_default())?;
    let puzzle = session.puzzle(&problem)?;
    let input = match &options.file {
        Some(path) => path.clone(),
        None if options.input.is_none() && std::io::stdin().is_terminal() => {
            let fix = "give it as words, with `--input F`, or on stdin";
            return Err(JudgeError::new("`judge run` needs an input").with_fix(fix));
        }
        // Into a private folder of the runner's, removed with it.
        None => {
            let path = session.runner.fresh_dir()?.join("input.in");
            let text = add::read_input(options, puzzle)?;
            std::fs::write(&path, text).map_err(|e| JudgeError::io("write", &path, e))?;
            path
        }
    };
    let test = Test {
        name: "input".into(),
        input,
        answer: None,
    };
    let submission = options.submission.as_deref();
    let fault = match load(&test, (puzzle.checker)().as_ref(), None) {
        Err(fault) => fault,
        Ok(loaded) => {
            let Some((run, output)) = show::judge(session, &problem, submission, puzzle, &loaded)?
            else {
                return Ok(1); // a compile error, printed as the judge prints it
            };
            let failing = (puzzle.replay.as_ref()).zip(run.finding.failing_case());
            let frames =
                failing.and_then(|(r, case)| (r.frames)(&loaded.input, &output, case).ok());
            if let Some(frames) = frames {
                show::play(&frames, session.settings.color, options);
            }
            return Ok(show::exit_code(&run.finding));
        }
    };
    // Refused by the reference: the program still runs, its row says why nothing is checked.
    let Some((run, table, program)) = show::compiled(session, &problem, submission, &test)? else {
        return Ok(1);
    };
    let ran = session.runner.run(&program, &test.input, &run.limits)?;
    let bytes = std::fs::read(&test.input).unwrap_or_default();
    let mut row = broken(&test, fault, &bytes);
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
