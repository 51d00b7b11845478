//! `judge show`: judges one test exactly as the judge does, prints its row, then replays one case's
//! answer frame by frame: played in place on a terminal, every frame printed one after another else.

use crate::cli::Options;
use crate::judging::problem::{self, Problem};
use crate::judging::session::Session;
use crate::judging::test_judge::{load, Loaded};
use crate::model::error::JudgeError;
use crate::model::frame::Frame;
use crate::model::outcome::TestRun;
use crate::model::verdict::Finding;
use crate::puzzles::Puzzle;
use crate::render::console::emit;
use crate::render::frames::render;
use std::io::{BufRead, IsTerminal};
use std::path::Path;
use std::time::Duration;

/// Exit status as the judge's: 0 accepted, 1 not accepted (the answer is still replayed), 2 the
/// judge, the problem or the test failed.
pub fn show(session: &Session, options: &Options) -> Result<i32, JudgeError> {
    let name = options.problem.as_deref().unwrap_or_default();
    let problem = session.problem(name)?;
    let puzzle = session.puzzle(&problem)?;
    let checker = (puzzle.checker)();
    let test = problem::one_test(&problem, &options.one_test, &session.settings.invocation)?;
    let broken = |why| JudgeError::new(format!("test {} of {name} is broken: {why}", test.name));
    let cache = session.optima_cache(&problem)?;
    let loaded = load(&test, checker.as_ref(), Some(&cache)).map_err(broken)?;
    if options.case > loaded.optima.len() {
        // Said before the run: a case that is not there is a mistake in the command.
        let cases = loaded.optima.len();
        let why = format!("test {} has {cases} cases, not {}", test.name, options.case);
        return Err(JudgeError::new(why).with_fix(format!("give `--case` from 1 to {cases}")));
    }
    let case = options.case - 1;
    let place = format!("case {} of {}", options.case, test.name);
    let cannot = |why| JudgeError::new(format!("cannot replay {place}: {why}"));
    // A problem whose answers cannot be replayed at all is said before anything runs.
    let Some(replay) = &puzzle.replay else {
        let why = "an answer here is a number of moves, not the moves: there is nothing to replay";
        return Err(cannot(why.into()));
    };
    let submission = options.submission.as_deref();
    let Some((run, output)) = judge(session, &problem, submission, puzzle, &loaded)? else {
        return Ok(1); // a compile error, printed as the judge prints it
    };
    let frames = (replay.frames)(&loaded.input, &output, case).map_err(cannot)?;
    play(&frames, session.settings.color, options);
    Ok(exit_code(&run.finding))
}

/// The judge's exit status for one test: 0 accepted, 1 not, 2 the test is broken.
pub fn exit_code(finding: &Finding) -> i32 {
    match finding {
        Finding::TestError(_) => 2,
        finding => i32::from(!finding.accepted()),
    }
}

/// Compiles and runs the submission on the test, printing the header and the row as the judge does;
/// the run and the program's output, or `None` when it did not compile.
pub fn judge(
    session: &Session,
    problem: &Problem,
    submission: Option<&Path>,
    puzzle: &Puzzle,
    loaded: &Loaded,
) -> Result<Option<(TestRun, Vec<u8>)>, JudgeError> {
    let tests = std::slice::from_ref(&loaded.test);
    let (run, table, program) = session.begin(problem, submission, tests)?;
    let Some(program) = program else {
        return Ok(None);
    };
    // The whole output is replayed here: the judge keeps no replay of its own (no `--html`).
    let checker = (puzzle.checker)();
    let judge = session.test_judge(puzzle, checker.as_ref(), &program, run.limits);
    let (result, ran) = judge.judge_loaded(loaded)?;
    emit(&table.row(&result));
    Ok(Some((result, ran.stdout)))
}

/// In colour, a terminal is watching: play the frames in place. Else print them all, a blank line
/// between two, so they can be read in a file.
pub fn play(frames: &[Frame], color: bool, options: &Options) {
    let moves = frames.len().saturating_sub(1);
    let drawn: Vec<String> = (frames.iter().enumerate())
        .map(|(i, f)| render(f, i, moves, color))
        .collect();
    if !color {
        emit(&format!("\n{}", drawn.join("\n")));
        return;
    }
    let step = (options.step || options.delay_ms == 0) && std::io::stdin().is_terminal();
    let Some(first) = drawn.first() else { return };
    emit(&format!("\n{first}"));
    let (mut at, mut lines) = (0, first.lines().count());
    while at + 1 < drawn.len() {
        let next = if step {
            emit("Enter: next move, b Enter: back, q Enter: quit");
            let mut key = String::new();
            let _ = std::io::stdin().lock().read_line(&mut key);
            lines += 1; // the prompt's line, which Enter ended
            stepped(&key, at)
        } else {
            std::thread::sleep(Duration::from_millis(options.delay_ms));
            Some(at + 1)
        };
        let Some(next) = next else { return };
        at = next;
        // Up to the previous frame's first line and clear below it: the board redraws in place.
        emit(&format!("\x1b[{lines}A\x1b[J{}", drawn[at]));
        lines = drawn[at].lines().count();
    }
}

/// The frame to show after frame `at` when the user typed `key`: `q` none (quit), `b` the one
/// before, anything else the next.
fn stepped(key: &str, at: usize) -> Option<usize> {
    match key.trim() {
        "q" => None,
        "b" => Some(at.saturating_sub(1)),
        _ => Some(at + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepping_goes_on_back_or_out() {
        assert_eq!(stepped("\n", 3), Some(4));
        assert_eq!(stepped("b\n", 3), Some(2));
        assert_eq!(stepped("b\n", 0), Some(0), "no frame before the first");
        assert_eq!(stepped(" q \n", 3), None);
    }
}
