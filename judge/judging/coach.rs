//! Judges a submission as an exercise: each test runs once in the sandbox with `BFS_TRACE=1`, its
//! answers are judged as any run's, and its trace is held to the technique the problem teaches.
//! The exercise passes when every answer is accepted and the technique held wherever it showed.

use crate::judging::problem::Problem;
use crate::judging::session::{test_label, Session};
use crate::judging::test_judge::{load, TestJudge};
use crate::model::error::JudgeError;
use crate::model::lesson::Exercise;
use crate::render::coach;
use crate::render::console::progress;
use std::path::Path;

/// Judges `submission` on `problem`'s tests (those `only` selects) as an exercise, showing a row
/// and its lesson as each test finishes. The session must run its programs traced.
pub fn coach(
    session: &Session,
    problem: &Problem,
    submission: &Path,
    only: &[String],
) -> Result<Exercise, JudgeError> {
    let (puzzle, checker) = (session.puzzle(problem)?, session.checker(problem)?);
    let (tests, mut run, table, program) = session.begin(problem, Some(submission), only)?;
    let Some(program) = program else {
        let lessons = Vec::new();
        return Ok(Exercise { run, lessons });
    };
    let cache = session.optima_cache(problem)?;
    let judge = TestJudge {
        optima: Some(&cache),
        ..session.test_judge(puzzle, checker.as_ref(), &program, run.limits)
    };
    let mut lessons = Vec::new();
    for (i, test) in tests.iter().enumerate() {
        progress(&test_label(&problem.name, i, &tests));
        let (result, lesson) = match load(test, checker.as_ref(), Some(&cache)) {
            Ok(loaded) => {
                let (result, ran) = judge.judge_loaded(&loaded)?;
                let whole = ran.measured.stopped.is_none() && ran.lost.is_none();
                let lesson = match puzzle.lesson {
                    Some(lesson) => lesson(&loaded.input, &ran.stderr, whole, &loaded.optima),
                    None => Err("the coach has no lesson for this problem".into()),
                };
                let plain_through = |case, moves| {
                    let layers = cache.plain_layers(&loaded.input, case);
                    layers.map_or(0, |l| l.iter().take(moves + 1).sum())
                };
                (result, lesson.map(|l| l.with_plain(plain_through)))
            }
            // A broken test is no verdict, and shows nothing of the technique.
            Err(_) => (
                judge.judge(test)?,
                Err("the test itself is broken".to_string()),
            ),
        };
        progress("");
        let line = coach::lesson_line(&lesson, &result.finding, session.settings.color);
        session.show(&(table.row(&result) + &line));
        run.tests.push(result);
        lessons.push(lesson);
    }
    Ok(Exercise { run, lessons })
}
