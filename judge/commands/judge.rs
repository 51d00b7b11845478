//! `judge [PROBLEM [SUBMISSION]]`: judges every problem's solution, one problem, or a submission, and
//! prints the table (or `--json`) and with `--html` writes the page.

use crate::cli::{self, Options};
use crate::judging::frontier;
use crate::judging::problem;
use crate::judging::session::Session;
use crate::model::error::JudgeError;
use crate::model::outcome;
use crate::render::console::emit;
use crate::render::{html, json, table};

pub fn judge(session: &Session, options: &Options) -> Result<i32, JudgeError> {
    let names = match &options.problem {
        Some(name) => {
            // Named on the command line, an unknown problem is a mistake in the command, not in it.
            // `judge strss eight`: a word near a command's name is a mistyped command.
            problem::ensure_known(&session.root, name)
                .map_err(|e| cli::mistyped_command(name).unwrap_or(e))?;
            vec![name.clone()]
        }
        None => problem::names(&session.root)?,
    };
    if let Some(path) = &options.html {
        // Before judging, which may take a while: a page that cannot be written fails now.
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| JudgeError::io("write", path, e))?;
    }
    let (submission, only) = (options.submission.as_deref(), &options.test);
    let outcomes: Vec<_> = (names.iter())
        .map(|name| session.judge_named(name, submission, only))
        .collect();
    if options.json {
        emit(&json::json(&outcomes).to_pretty());
    } else {
        emit(&table::summary(&outcomes));
    }
    if let Some(path) = &options.html {
        // Each problem's hardest accepted test run again traced, in the sandbox like any run.
        let charts = frontier::hardest_charts(session, &outcomes, submission);
        html::write(path, &outcomes, &charts)?;
        // After the table, as `judge chart --out` says it; beside a JSON document, on stderr.
        let wrote = format!("wrote {}\n", path.display());
        match options.json {
            true => eprint!("{wrote}"),
            false => emit(&wrote),
        }
    }
    Ok(outcome::exit_code(&outcomes))
}
