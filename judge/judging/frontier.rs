//! A search's frontiers on a test beside a plain BFS's layers: the program (a submission, or the
//! problem's own solution) run in the sandbox with `BFS_TRACE=1`, its trace read back from its
//! stderr, and drawn as the chart of `judge chart` and of the `--html` page.

use crate::formats::files;
use crate::formats::trace::parse_trace;
use crate::judging::decide;
use crate::judging::problem::{self, Problem, Test};
use crate::judging::session::Session;
use crate::judging::test_judge::MAX_TEST_BYTES;
use crate::model::error::JudgeError;
use crate::model::execution::Execution;
use crate::model::outcome::{ProblemOutcome, ProblemRun};
use crate::render::chart::chart_svg;
use crate::render::count;
use crate::render::html::Chart;
use crate::run::supervise::Env;
use std::cmp::Reverse;
use std::path::Path;

/// Compiles `submission` (else the problem's solution) and runs it on `test` in the sandbox with
/// `BFS_TRACE=1`, under the test's limits; its run, which must have ended cleanly, since the trace of
/// a run that was stopped is not whole.
pub fn traced_run(
    session: &Session,
    problem: &Problem,
    submission: Option<&Path>,
    test: &Test,
) -> Result<Execution, JudgeError> {
    let (run, program) = session.compile(problem, submission)?;
    let program = program.ok_or_else(|| {
        let message = run.compile.failure().unwrap_or_default();
        JudgeError::new(format!("{} does not compile: {message}", run.submission))
    })?;
    let ran = session
        .runner
        .run_in(&program, &test.input, &run.limits, Env::Traced)?;
    if let Some((verdict, reason)) = decide::from_run(&ran, &run.limits) {
        let code = verdict.code();
        return Err(JudgeError::new(format!(
            "{}'s traced run on {} is {code}: {reason}; a stopped run's trace is not whole",
            run.submission, test.name
        )));
    }
    Ok(ran)
}

/// A frontier chart and the line that sums it up.
pub struct Charted {
    pub title: String,
    pub svg: String,
    /// States each search visited: `eight 002-…: plain BFS 181440 states in 32 layers; …`.
    pub summary: String,
}

/// The chart of `submission` (else the solution) on case `case` (0-based) of `test`, against a plain
/// BFS from that case's board.
pub fn chart(
    session: &Session,
    problem: &Problem,
    submission: Option<&Path>,
    test: &Test,
    case: usize,
) -> Result<Charted, JudgeError> {
    let ran = traced_run(session, problem, submission, test)?;
    let frontiers = parse_trace(&ran.stderr, case)
        .map_err(|e| JudgeError::new(format!("{}: {e}", test.name)))?;
    if frontiers.start.len() < 2 && frontiers.met.is_none() {
        return Err(JudgeError::new(format!(
            "{} printed no trace of case {} (BFS_TRACE=1 lines such as `start depth 1: frontier \
             3, visited 4`)",
            test.name,
            case + 1
        )));
    }
    let input = files::read_regular(&test.input, MAX_TEST_BYTES).map_err(JudgeError::new)?;
    let cache = session.optima_cache(problem)?;
    let plain = cache.plain_layers(&input, case).map_err(JudgeError::new)?;
    let which = (case > 0).then(|| format!(", case {}", case + 1));
    let which = which.unwrap_or_default();
    let title = format!(
        "{}, test {}{which}: frontier per BFS layer",
        problem.name, test.name
    );
    Ok(Charted {
        svg: chart_svg(&title, &frontiers, &plain),
        summary: format!(
            "{} {}{which}: plain BFS {} states in {}; bidirectional {} states (start {}, goal {})",
            problem.name,
            test.name,
            plain.iter().sum::<usize>(),
            count(plain.len(), "layer"),
            frontiers.visited,
            count(frontiers.start.len(), "layer"),
            frontiers.goal.len()
        ),
        title,
    })
}

/// For the page of `--html`: each judged problem's chart on its hardest accepted test, the one whose
/// first case (the case charted) has the largest optimum by its `.ans`, where the search has the most
/// to show; drawn from the same program that was judged. A chart that cannot be made is left out
/// with a warning: it illustrates, it is no result.
pub fn hardest_charts(
    session: &Session,
    outcomes: &[ProblemOutcome],
    submission: Option<&Path>,
) -> Vec<Chart> {
    let judged = outcomes.iter().filter_map(|o| o.judged.as_ref().ok());
    let chart = |run: &ProblemRun| match hardest_chart(session, run, submission) {
        Ok(Some(charted)) => (charted.title, Ok(charted.svg)),
        Ok(None) => (run.problem.clone(), Err(NOT_LAYERED.to_string())),
        Err(e) => {
            eprintln!("judge: warning: no frontier chart for {}: {e}", run.problem);
            (run.problem.clone(), Err(e.to_string()))
        }
    };
    judged.map(chart).collect()
}

/// Why a problem whose search is not two BFS sides in layers has no chart.
const NOT_LAYERED: &str = "its search is not a BFS in layers, so there are no frontiers to draw";

/// The chart of one run's hardest accepted test; `None` for a problem with no plain BFS to compare
/// with (its search is not a layered one), which has nothing to chart.
fn hardest_chart(
    session: &Session,
    run: &ProblemRun,
    submission: Option<&Path>,
) -> Result<Option<Charted>, JudgeError> {
    let problem = session.problem(&run.problem)?;
    if session.puzzle(&problem)?.plain_layers.is_none() {
        return Ok(None);
    }
    let accepted = |t: &&Test| (run.tests.iter()).any(|r| r.name == t.name && r.finding.accepted());
    let tests = problem::tests(&problem, &[], &session.settings.invocation)?;
    let hardest = tests
        .iter()
        .filter(accepted)
        .max_by_key(|t| first_optimum(t));
    let test = hardest.ok_or_else(|| JudgeError::new("no accepted test to chart"))?;
    chart(session, &problem, submission, test, 0).map(Some)
}

/// The first case's optimum as the test's `.ans` gives it (the judge checked it against the
/// reference); 0 without one. Ties go to the first test in name order.
fn first_optimum(test: &Test) -> (u64, Reverse<String>) {
    let bytes = test
        .answer
        .as_ref()
        .and_then(|a| files::read_regular(a, MAX_TEST_BYTES).ok());
    let text = bytes.map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
    let first = text.and_then(|t| t.lines().next()?.trim().parse().ok());
    (first.unwrap_or(0), Reverse(test.name.clone()))
}
