//! `judge chart PROBLEM TEST`: the solution's frontiers on the test's first case against a plain
//! BFS, as SVG on stdout or in `--out`, and the states each search visited; refused for a puzzle
//! whose search is not a two-sided one.

use crate::cli::Options;
use crate::judging::frontier;
use crate::judging::problem;
use crate::judging::session::Session;
use crate::model::error::JudgeError;
use crate::render::console::emit;

pub fn chart(session: &Session, options: &Options) -> Result<(), JudgeError> {
    let name = options.problem.as_deref().unwrap_or_default();
    let problem = session.problem(name)?;
    if session.puzzle(&problem)?.plain_layers.is_none() {
        let why = "its search is not a layered one from two sides";
        return Err(JudgeError::new(format!(
            "{name} has no two-sided chart: {why}"
        )));
    }
    let test = problem::one_test(&problem, &options.one_test, &session.settings.invocation)?;
    let submission = options.submission.as_deref();
    let case = options.case - 1;
    let charted = frontier::chart(session, &problem, submission, &test, case)?;
    match &options.out {
        Some(path) => {
            let svg = &charted.svg;
            std::fs::write(path, svg).map_err(|e| JudgeError::io("write", path, e))?;
            emit(&format!("{}\nwrote {}\n", charted.summary, path.display()));
        }
        None => {
            emit(&charted.svg);
            eprintln!("{}", charted.summary);
        }
    }
    Ok(())
}
