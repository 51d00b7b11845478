//! The judge's `--json` document (schema 1, in docs/json.md): every problem's results, or the
//! judge's own failure. It only formats.

use crate::formats::json::Json;
use crate::model::error::JudgeError;
use crate::model::limits::Limits;
use crate::model::outcome::{Compile, ProblemOutcome, ProblemRun, TestRun};
use crate::model::reason::Reason;
use crate::model::status::{signal_name, Status};
use crate::model::verdict::Finding;

/// The `--json` document (schema 1, documented in docs/json.md).
pub fn json(outcomes: &[ProblemOutcome]) -> Json {
    let accepted = outcomes.iter().all(ProblemOutcome::all_accepted);
    let problems = outcomes.iter().map(problem_json).collect();
    Json::Object(vec![
        ("schema", Json::Number(1.0)),
        ("accepted", Json::Bool(accepted)),
        ("problems", Json::Array(problems)),
    ])
}

/// A failure of the judge itself, for `--json`: stdout holds a document whatever happened.
pub fn error_json(error: &JudgeError) -> Json {
    Json::Object(vec![
        ("schema", Json::Number(1.0)),
        ("error", Json::String(error.message.clone())),
        ("fix", Json::text(error.fix.as_deref())),
    ])
}

/// A problem's entry: a judged one's results, or a broken one's error, `accepted: false` and no tests.
fn problem_json(outcome: &ProblemOutcome) -> Json {
    let mut fields = vec![("problem", Json::String(outcome.problem.clone()))];
    let tests = match &outcome.judged {
        Ok(run) => {
            fields.push(("error", Json::Null));
            fields.extend(run_fields(run));
            run.tests.iter().map(test_json).collect()
        }
        Err(error) => {
            fields.extend([
                ("error", Json::String(error.message.clone())),
                ("fix", Json::text(error.fix.as_deref())),
                ("accepted", Json::Bool(false)),
            ]);
            Vec::new()
        }
    };
    let warnings = outcome.warnings.iter().cloned().map(Json::String);
    fields.push(("warnings", Json::Array(warnings.collect())));
    fields.push(("tests", Json::Array(tests)));
    Json::Object(fields)
}

/// A judged problem's fields but its name and tests.
fn run_fields(run: &ProblemRun) -> Vec<(&'static str, Json)> {
    vec![
        ("submission", Json::String(run.submission.clone())),
        ("compiler", Json::String(run.compiler.clone())),
        ("compile", compile_json(&run.compile)),
        ("limits", limits_json(&run.limits)),
        ("accepted", Json::Bool(run.all_accepted())),
    ]
}

pub fn compile_json(compile: &Compile) -> Json {
    let (ok, cached, message) = match compile {
        Compile::Built { cached } => (true, *cached, None),
        Compile::Failed { message } => (false, false, Some(message.as_str())),
    };
    Json::Object(vec![
        ("ok", Json::Bool(ok)),
        ("cached", Json::Bool(cached)),
        ("message", Json::text(message)),
    ])
}

pub fn limits_json(limits: &Limits) -> Json {
    Json::Object(vec![
        ("cpu_ms", Json::Number(limits.cpu_ms as f64)),
        ("memory_kib", Json::Number(limits.memory_kib as f64)),
        ("output_bytes", Json::Number(limits.output_bytes as f64)),
    ])
}

fn test_json(test: &TestRun) -> Json {
    let number = |n: Option<f64>| n.map_or(Json::Null, Json::Number);
    let (verdict, test_error) = match &test.finding {
        Finding::Verdict { verdict, .. } => (Json::String(verdict.code().into()), Json::Null),
        Finding::TestError(fault) => (Json::Null, Json::String(fault.to_string())),
    };
    let reason = test.finding.reason();
    let why = reason.map(Reason::to_string);
    let case = (reason.and_then(Reason::case)).map(|i| i as f64 + 1.0);
    let u = test.measured;
    let stderr = Some(test.detail.stderr_tail.as_str()).filter(|s| !s.is_empty());
    Json::Object(vec![
        ("name", Json::String(test.name.clone())),
        ("verdict", verdict),
        ("reason", Json::text(why.as_deref())),
        ("test_error", test_error),
        ("cpu_ms", number(u.map(|u| u.cpu_ms))),
        ("wall_ms", number(u.map(|u| u.wall_ms))),
        ("peak_kib", number(u.map(|u| u.peak_kib as f64))),
        ("exit", u.map_or(Json::Null, |u| exit_json(u.status))),
        ("sandbox", Json::text(u.map(|u| u.sandbox.name()))),
        ("accounting", Json::text(u.map(|u| u.accounting.name()))),
        ("stack_kib", number(u.map(|u| u.stack_kib as f64))),
        ("moves", number(test.cost.map(|c| c.moves as f64))),
        ("optimum", number(test.cost.map(|c| c.optimum as f64))),
        ("judge_ms", Json::Number(test.judge_ms)),
        ("kind", Json::text(reason.map(Reason::code))),
        ("case", number(case)),
        ("stderr_tail", Json::text(stderr)),
    ])
}

fn exit_json(status: Status) -> Json {
    let (code, signal) = match status {
        Status::Exited(code) => (Json::Number(code as f64), Json::Null),
        Status::Signaled(signal) => (Json::Null, Json::String(signal_name(signal))),
    };
    Json::Object(vec![("code", code), ("signal", signal)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::outcome::made::*;

    #[test]
    fn json_keeps_verdicts_and_test_errors_apart() {
        let run = problem_run(vec![
            test_run("1", accepted(), None),
            test_run("2", broken("bad"), None),
        ]);
        let text = json(&[judged(run, &[])]).to_pretty();
        assert!(text.contains("\"verdict\": \"AC\""), "{text}");
        assert!(text.contains("\"verdict\": null,\n          \"reason\": null,\n          \"test_error\": \"bad\""), "{text}");
        assert!(
            text.contains(
                "\"exit\": {\n            \"code\": 0,\n            \"signal\": null\n          }"
            ),
            "{text}"
        );
    }

    /// The entry of each problem in the document, as `(key, value)` pairs.
    fn entries(document: &Json) -> Vec<Vec<(&'static str, Json)>> {
        let Json::Object(fields) = document else {
            panic!("{document:?}")
        };
        let Some((_, Json::Array(problems))) = fields.iter().find(|(k, _)| *k == "problems") else {
            panic!("{document:?}")
        };
        let entry = |p: &Json| match p {
            Json::Object(fields) => fields.clone(),
            other => panic!("{other:?}"),
        };
        problems.iter().map(entry).collect()
    }

    #[test]
    fn json_gives_every_problem_an_error_and_warnings() {
        let run = problem_run(vec![test_run("1", accepted(), None)]);
        let outcomes = [
            judged(run, &["tests/9.ans has no 9.in: it is never run"]),
            not_judged("huarong", JudgeError::new("gcc not found").with_fix("apt")),
        ];
        let document = json(&outcomes);
        let get = |fields: &[(&str, Json)], key: &str| {
            let found = fields.iter().find(|(k, _)| *k == key);
            found.map(|(_, v)| v.clone())
        };
        let [good, broken] = &entries(&document)[..] else {
            panic!("{document:?}")
        };
        assert_eq!(get(good, "error"), Some(Json::Null));
        let warning = Json::String("tests/9.ans has no 9.in: it is never run".into());
        assert_eq!(get(good, "warnings"), Some(Json::Array(vec![warning])));
        assert_eq!(get(good, "accepted"), Some(Json::Bool(true)));
        let keys: Vec<&str> = broken.iter().map(|(k, _)| *k).collect();
        assert_eq!(
            keys,
            ["problem", "error", "fix", "accepted", "warnings", "tests"]
        );
        assert_eq!(
            get(broken, "error"),
            Some(Json::String("gcc not found".into()))
        );
        assert_eq!(get(broken, "accepted"), Some(Json::Bool(false)));
        assert_eq!(get(broken, "tests"), Some(Json::Array(Vec::new())));
        let top = document.to_pretty();
        assert!(
            top.contains("\"accepted\": false,\n  \"problems\""),
            "{top}"
        );
    }

    #[test]
    fn a_judge_error_is_a_document_too() {
        let text = error_json(&JudgeError::new("unknown option `-x`")).to_pretty();
        assert_eq!(
            text,
            "{\n  \"schema\": 1,\n  \"error\": \"unknown option `-x`\",\n  \"fix\": null\n}\n"
        );
    }
}
