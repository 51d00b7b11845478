//! `judge stress`'s report, as text and as JSON: how much was tried, and the failure found, shrunk
//! and shown.

use crate::formats::json::Json;
use crate::formats::text::{indent, indent_input};
use crate::model::stress::{CutShort, Found, Searched, MAX_SHRINK_RUNS, SHRINK_SECONDS};
use crate::model::verdict::Finding;
use crate::render::{count, frames};
use std::path::PathBuf;

/// The submission did not compile: the title, then the compiler's message.
pub fn compile_error(title: &str, message: &str) -> String {
    format!("{title}\n  CE  compile error\n{}\n", indent(message))
}

/// The submission did not compile, as JSON.
pub fn compile_error_json(message: &str) -> Json {
    Json::Object(vec![
        ("schema", Json::Number(1.0)),
        ("compile_error", Json::String(message.into())),
    ])
}

/// No input failed: how many were tried, and how fast.
pub fn passed(searched: &Searched, seed: u64) -> String {
    let mut skipped = match searched.skipped {
        0 => String::new(),
        n => format!(", {n} skipped as too large for the reference"),
    };
    if searched.by_brute > 0 {
        skipped += &format!(", {} decided by your brute force", searched.by_brute);
    }
    let rate = searched.cases as f64 / searched.seconds.max(1e-3);
    format!(
        "no failure in {} ({}{skipped}) in {:.1} s, {rate:.0} cases/s; seed {seed}\n",
        count(searched.cases as usize, "case"),
        count(searched.inputs as usize, "input"),
        searched.seconds
    )
}

/// The file that holds the failing input, if one does, and with `--save` its verdict there.
pub type Kept = Option<(PathBuf, Option<Finding>)>;

/// Inputs longer than this many lines are not shown, but named by the file that holds them.
pub const SHOWN_LINES: usize = 40;

/// The failure: the input that failed first, what shrinking made of it, how it fails, the
/// reference's own answer, the file that holds the input (`--save`'s test with its verdict there,
/// or a file for an input too long to show), and `again`, the command that finds it again.
/// `time_given`: `--time` bounded the shrinking.
pub fn failed(
    searched: &Searched,
    seed: u64,
    found: &Found,
    time_given: bool,
    kept: &Kept,
    again: &str,
) -> String {
    let decided = match searched.failure_by_brute {
        true => " (too large for the reference: your brute force's answer decided)",
        false => "",
    };
    let (shrunk, index) = (&found.shrunk, found.index + 1);
    let mut text = format!(
        "input {index} of seed {seed} fails{decided}: {}\n",
        one_line(&found.first)
    );
    let runs = count(shrunk.runs, "run");
    let how = one_line(&shrunk.failure.run.finding);
    text += &match shrunk.cut_short {
        _ if shrunk.kept_whole => format!(
            "not shrunk ({runs}): written as shrinking writes inputs, it passes, so its failure \
             may rest on how it is written\nthe failing input:\n"
        ),
        None => format!("shrunk in {runs}: {how}\nthe smallest failing input:\n"),
        Some(cut) => {
            let why = match cut {
                CutShort::Time if time_given => "`--time` ran out".to_string(),
                CutShort::Time => format!("its {SHRINK_SECONDS} s without `--time`"),
                CutShort::Runs => format!("the cap of {MAX_SHRINK_RUNS} runs"),
            };
            format!(
                "shrinking cut short after {runs} ({why}): {how}\nthe smallest failing \
                 input found so far (a smaller one may fail too):\n"
            )
        }
    };
    let (failure, lines) = (&shrunk.failure, shrunk.failure.input.lines().count());
    text += &match kept.as_ref().filter(|_| lines > SHOWN_LINES) {
        Some((path, _)) => format!("  {lines} lines, in {}\n", path.display()),
        None => indent_input(failure.input.as_bytes()),
    };
    if let Some(scene) = &failure.run.detail.scene {
        text += &format!("how it fails:\n{}", indent(scene));
    }
    if let Some(answer) = &found.shortest {
        let case = failure.run.finding.failing_case().unwrap_or(0);
        text += &indent(&frames::shortest(answer, case));
    }
    if let Some((path, Some(judged))) = kept {
        let again = ["it fails again", "it passes"][usize::from(judged.accepted())];
        let path = path.display();
        text += &format!(
            "saved as {path}; judged as a test, {again}: {}\n",
            one_line(judged)
        );
    }
    text + &format!("again: {again}\n")
}

/// A verdict and its reason on one line.
fn one_line(finding: &Finding) -> String {
    format!("{}  {}", finding.code(), finding.text().unwrap_or_default())
}

/// The search and its failure, if one was `found` (and where it was saved), as JSON.
pub fn json(searched: &Searched, seed: u64, found: Option<(&Found, &Kept)>) -> Json {
    let failure = found.map_or(Json::Null, |(found, kept)| {
        let finding = &found.shrunk.failure.run.finding;
        let saved = kept.as_ref().filter(|(_, judged)| judged.is_some());
        let path = saved.map(|(path, _)| path.display().to_string());
        let verdict = saved.and_then(|(_, judged)| Some(judged.as_ref()?.code()));
        let cut_short = found.shrunk.cut_short.map(|cut| match cut {
            CutShort::Time => "time",
            CutShort::Runs => "runs",
        });
        Json::Object(vec![
            ("input_number", Json::Number(found.index as f64 + 1.0)),
            ("verdict", Json::String(finding.code().into())),
            ("reason", Json::text(finding.text().as_deref())),
            ("first_reason", Json::text(found.first.text().as_deref())),
            ("input", Json::String(found.shrunk.failure.input.clone())),
            ("shrink_runs", Json::Number(found.shrunk.runs as f64)),
            ("shrink_cut_short", Json::text(cut_short)),
            ("saved", Json::text(path.as_deref())),
            ("saved_verdict", Json::text(verdict)),
            ("kept_whole", Json::Bool(found.shrunk.kept_whole)),
        ])
    });
    Json::Object(vec![
        ("schema", Json::Number(1.0)),
        ("seed", Json::String(seed.to_string())),
        ("cases", Json::Number(searched.cases as f64)),
        ("inputs", Json::Number(searched.inputs as f64)),
        ("skipped", Json::Number(searched.skipped as f64)),
        ("decided_by_brute", Json::Number(searched.by_brute as f64)),
        ("seconds", Json::Number(searched.seconds)),
        ("failure", failure),
    ])
}
