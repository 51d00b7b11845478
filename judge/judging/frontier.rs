//! A solution's frontiers on a test beside a plain BFS's layers: its `BFS_TRACE=1` run read back,
//! and drawn as the chart of `judge chart` and of the `--html` page.

use crate::formats::files;
use crate::formats::trace::parse_trace;
use crate::judging::problem::{self, Problem, Test};
use crate::judging::session::Session;
use crate::judging::test_judge::MAX_TEST_BYTES;
use crate::model::error::JudgeError;
use crate::model::outcome::{ProblemOutcome, ProblemRun};
use crate::model::trace::Frontiers;
use crate::render::chart::chart_svg;
use crate::run::plain::run_traced;
use std::cmp::Reverse;
use std::path::Path;

/// Runs the problem's own solution on `test` with `BFS_TRACE=1` and reads its trace. The solution is
/// compiled as the judge compiles it, but run plainly, without the launcher: it is the project's own
/// trusted code (a source outside the project is refused), its trace must reach us whole (the
/// launcher keeps only the ends of stderr), and the chart measures no time or memory. The input is
/// read as tests are (a regular file, bounded), and the run has a deadline.
pub fn trace_solution(
    session: &Session,
    problem: &Problem,
    test: &Test,
) -> Result<Frontiers, JudgeError> {
    ensure_inside(&session.root, &problem.solution)?;
    let (run, program) = session.compile(problem, None)?;
    let program = program.ok_or_else(|| {
        let message = run.compile.failure().unwrap_or_default();
        JudgeError::new(format!("the solution does not compile: {message}"))
    })?;
    let input = files::read_regular(&test.input, MAX_TEST_BYTES).map_err(JudgeError::new)?;
    let stderr = run_traced(&program, input)?;
    parse_trace(&stderr).map_err(|e| JudgeError::new(format!("{}: {e}", test.name)))
}

/// The charts run only code of the project's own: `solution` must lie inside `root`.
fn ensure_inside(root: &Path, solution: &Path) -> Result<(), JudgeError> {
    let path = root.join(solution);
    let found = |p: &Path| std::fs::canonicalize(p).map_err(|e| JudgeError::io("find", p, e));
    if found(&path)?.starts_with(found(root)?) {
        Ok(())
    } else {
        Err(JudgeError::new(format!(
            "{} is outside the project: only the project's own solutions run outside the sandbox",
            solution.display()
        )))
    }
}
/// A frontier chart and the line that sums it up.
pub struct Charted {
    pub title: String,
    pub svg: String,
    /// States each search visited: `eight 002-…: plain BFS 181440 states in 32 layers; …`.
    pub summary: String,
}

/// The chart of the problem's own solution on `test`'s first case against a plain BFS.
pub fn chart(session: &Session, problem: &Problem, test: &Test) -> Result<Charted, JudgeError> {
    let frontiers = trace_solution(session, problem, test)?;
    let input = files::read_regular(&test.input, MAX_TEST_BYTES).map_err(JudgeError::new)?;
    let plain = (session.checker(problem)?)
        .plain_layers(&input)
        .map_err(JudgeError::new)?;
    let title = format!(
        "{}, test {}: frontier per BFS layer",
        problem.name, test.name
    );
    let summary = format!(
        "{} {}: plain BFS {} states in {} layers; bidirectional {} states (start {} layers, goal {})",
        problem.name,
        test.name,
        plain.iter().sum::<usize>(),
        plain.len(),
        frontiers.visited,
        frontiers.start.len(),
        frontiers.goal.len()
    );
    Ok(Charted {
        svg: chart_svg(&title, &frontiers, &plain),
        title,
        summary,
    })
}

/// For the page of `--html`: each judged problem's chart on its hardest accepted test, the one whose
/// first case (the case charted) has the largest optimum by its `.ans`, where the search has the most
/// to show. A chart that cannot be made is left out with a warning: it illustrates, it is no result.
pub fn hardest_charts(session: &Session, outcomes: &[ProblemOutcome]) -> Vec<(String, String)> {
    let judged = outcomes.iter().filter_map(|o| o.judged.as_ref().ok());
    let mut charts = Vec::new();
    for run in judged {
        match hardest_chart(session, run) {
            Ok(Some(charted)) => charts.push((charted.title, charted.svg)),
            Ok(None) => {}
            Err(e) => eprintln!("judge: warning: no frontier chart for {}: {e}", run.problem),
        }
    }
    charts
}

/// The chart of one run's hardest accepted test; `None` for a problem with no plain BFS to compare
/// with (its search is not a layered one), which has nothing to chart.
fn hardest_chart(session: &Session, run: &ProblemRun) -> Result<Option<Charted>, JudgeError> {
    let problem = session.problem(&run.problem)?;
    if !session.checker(&problem)?.layered() {
        return Ok(None);
    }
    let accepted = |t: &&Test| (run.tests.iter()).any(|r| r.name == t.name && r.finding.accepted());
    let tests = problem::tests(&problem, None)?;
    let hardest = tests
        .iter()
        .filter(accepted)
        .max_by_key(|t| first_optimum(t));
    let test = hardest.ok_or_else(|| JudgeError::new("no accepted test to chart"))?;
    chart(session, &problem, test).map(Some)
}

/// The first case's optimum as the test's `.ans` gives it (the judge checked it against the
/// reference); 0 without one. Ties go to the first test in name order.
fn first_optimum(test: &Test) -> (u64, Reverse<String>) {
    let text = test
        .answer
        .as_ref()
        .and_then(|a| files::read_regular(a, MAX_TEST_BYTES).ok())
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
    let first = text
        .as_deref()
        .and_then(|t| t.lines().next()?.trim().parse().ok());
    (first.unwrap_or(0), Reverse(test.name.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_solution_inside_the_project_runs_outside_the_sandbox() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert!(ensure_inside(root, Path::new("src/bin/eight.rs")).is_ok());
        // A file that surely exists outside the clone, wherever the clone lies: reached by a
        // relative path that climbs out, and by its absolute path.
        let elsewhere =
            std::env::temp_dir().join(format!("slidekit-outside-{}.rs", std::process::id()));
        std::fs::write(&elsewhere, "fn main() {}").unwrap();
        let climbing = Path::new("../".repeat(root.components().count()).as_str())
            .join(elsewhere.strip_prefix("/").unwrap());
        let by_climbing = ensure_inside(root, &climbing);
        let by_absolute = ensure_inside(root, &elsewhere);
        std::fs::remove_file(&elsewhere).unwrap();
        assert!(by_climbing.is_err_and(|e| e.message.contains("is outside the project")));
        assert!(by_absolute.is_err_and(|e| e.message.contains("is outside the project")));
    }
}
