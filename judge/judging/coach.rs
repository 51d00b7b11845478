//! Judges a submission as an exercise: each test runs once in the sandbox with `BFS_TRACE=1`, its
//! answers are judged as any run's, and its trace is held to the technique the problem teaches.
//! The exercise passes when every answer is accepted and the technique held wherever it showed.

use crate::judging::problem::{Problem, Test};
use crate::judging::session::Session;
use crate::judging::test_judge::{load, TestJudge};
use crate::model::error::JudgeError;
use crate::model::lesson::{Exercise, Lesson};
use crate::model::outcome::TestRun;
use crate::render::coach;
use std::path::Path;

/// Judges `submission` on `problem`'s tests (those `only` selects) as an exercise, showing a row
/// and its lesson as each test finishes. The session must run its programs traced.
pub fn coach(
    session: &Session,
    problem: &Problem,
    submission: &Path,
    only: &[String],
) -> Result<Exercise, JudgeError> {
    let mut lessons = Vec::new();
    let each = |judge: &TestJudge, test: &Test| {
        let (result, lesson) = lesson(judge, test)?;
        let line = coach::lesson_line(&lesson, &result.finding, session.settings.color);
        lessons.push(lesson);
        Ok((result, line))
    };
    let run = session.judge_tests(problem, Some(submission), only, each)?;
    Ok(Exercise { run, lessons })
}

/// Judges one test, and holds its trace to the technique.
fn lesson(judge: &TestJudge, test: &Test) -> Result<(TestRun, Result<Lesson, String>), JudgeError> {
    let Ok(loaded) = load(test, judge.checker, judge.optima) else {
        // A broken test is no verdict, and shows nothing of the technique.
        return Ok((judge.judge(test)?, Err("the test itself is broken".into())));
    };
    let (result, ran) = judge.judge_loaded(&loaded)?;
    let whole = ran.measured.stopped.is_none() && ran.lost.is_none();
    let lesson = match judge.puzzle.lesson {
        Some(lesson) => lesson(&loaded.input, &ran.stderr, whole, &loaded.optima),
        None => Err("the coach has no lesson for this problem".into()),
    };
    let plain_through = |case, moves| {
        let layers = judge
            .optima
            .map(|cache| cache.plain_layers(&loaded.input, case));
        layers
            .and_then(Result::ok)
            .map_or(0, |l| l.iter().take(moves + 1).sum())
    };
    Ok((result, lesson.map(|l| l.with_plain(plain_through))))
}
