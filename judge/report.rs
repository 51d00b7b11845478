//! Renders results: the table (a row as each test finishes), the summary line, and the JSON document.
//! It only formats; every number and verdict comes decided.

use crate::check::printable;
use crate::error::JudgeError;
use crate::json::Json;
use crate::limits::Limits;
use crate::outcome::{Compile, Finding, ProblemOutcome, ProblemRun, TestRun, Verdict};
use crate::status::{signal_name, Status};
use std::io::{IsTerminal, Write};

/// Writes to stdout and flushes, so rows appear as tests finish. A closed stdout (`judge | head`) is
/// the reader's choice, not a failure: the judge carries on and its exit status still tells.
pub fn emit(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// A transient line on stderr while a test runs, only when a person is watching; `""` clears it.
pub fn progress(text: &str) {
    let mut stderr = std::io::stderr();
    if stderr.is_terminal() {
        let _ = write!(stderr, "\r\x1b[K{text}");
    }
}

/// Where a problem's header would be, for a problem that could not be judged: `huarong: ERR why`,
/// and the fix on a line of its own.
pub fn problem_error(problem: &str, error: &JudgeError, color: bool) -> String {
    let code = paint(color, TEST_ERROR_COLOR, "ERR");
    format!("{}: {code} {error}\n", paint(color, "1", problem))
}

/// A warning on stderr that changes no verdict, e.g. about a test file that judges nothing. Like
/// [`emit`], it carries on when stderr is closed.
pub fn warn(problem: &str, text: &str) {
    let _ = writeln!(std::io::stderr(), "judge: warning: {problem}: {text}");
}

/// The table, written a row at a time.
pub struct Table {
    pub color: bool,
    pub verbose: bool,
    /// The widest test name, so the columns line up.
    pub name_width: usize,
}

impl Table {
    /// The problem's title line and the column heads.
    pub fn header(&self, run: &ProblemRun, tests: usize) -> String {
        let cached = matches!(run.compile, Compile::Built { cached: true });
        let build = format!("{}{}", run.compiler, if cached { " (cached)" } else { "" });
        let limits = limits_text(&run.limits);
        let title = self.paint("1", &run.problem);
        let heads = format!(
            "  {:w$}  verdict   CPU ms  wall ms     memory  moves/optimum",
            "test",
            w = self.name_width
        );
        format!(
            "{title}: {}, {build}, {limits}, {tests} tests\n{heads}\n",
            run.submission
        )
    }

    pub fn row(&self, test: &TestRun) -> String {
        let code = test.finding.code();
        let verdict = self.paint(color_of(&test.finding), &format!("{code:7}"));
        let usage = test.measured.map_or(format!("{:>27}", "-"), |u| {
            format!("{:8.1} {:8.1} {:>10}", u.cpu_ms, u.wall_ms, mib(u.peak_kib))
        });
        let cost = test
            .cost
            .map_or("-".into(), |c| format!("{}/{}", c.moves, c.optimum));
        // Reasons and scenes quote tests and answers: printed escaped, they cannot drive the terminal.
        let reason = test
            .finding
            .reason()
            .map_or(String::new(), |r| format!("  {}", printable(r)));
        let mut row = format!(
            "  {:w$}  {verdict}  {usage}  {cost:13}{reason}",
            test.name,
            w = self.name_width
        );
        row = row.trim_end().to_string() + "\n";
        if self.verbose && !test.finding.accepted() {
            let d = &test.detail;
            for (label, text) in [
                ("input", &d.input),
                ("output", &d.output),
                ("stderr", &d.stderr),
            ] {
                row += &format!("      {label:6}  {text}\n");
            }
            for line in [&d.scene, &d.trace]
                .into_iter()
                .flatten()
                .flat_map(|t| t.lines())
            {
                row += &format!("        {}\n", printable(line));
            }
        }
        row
    }

    /// After the rows, with `-v`: how the runs were contained.
    pub fn footer(&self, run: &ProblemRun) -> String {
        match run.sandbox() {
            Some(sandbox) if self.verbose => format!("  sandbox: {}\n", sandbox.name()),
            _ => String::new(),
        }
    }

    pub fn compile_error(&self, message: &str) -> String {
        let indented: Vec<String> = message
            .lines()
            .map(|l| format!("      {}", printable(l)))
            .collect();
        let code = self.paint("31", Verdict::CompileError.code());
        format!("  {code}  compile error\n{}\n", indented.join("\n"))
    }

    pub fn paint(&self, code: &str, text: &str) -> String {
        paint(self.color, code, text)
    }
}

/// Broken tests and problems are magenta: neither a verdict's green, yellow nor red.
const TEST_ERROR_COLOR: &str = "35";

fn paint(color: bool, code: &str, text: &str) -> String {
    if color {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// "1000 ms CPU, 64 MiB", or "0.98 MiB" for a memory limit that is no whole number of MiB.
pub fn limits_text(limits: &Limits) -> String {
    let memory = format!("{:.2}", limits.memory_kib as f64 / 1024.0);
    let memory = memory.trim_end_matches('0').trim_end_matches('.');
    format!("{} ms CPU, {memory} MiB", limits.cpu_ms)
}

/// The colour (an ANSI code) of a verdict: green accepted, yellow a limit, red wrong, magenta broken.
pub fn color_of(finding: &Finding) -> &'static str {
    match finding {
        Finding::Verdict {
            verdict: Verdict::Accepted,
            ..
        } => "32",
        Finding::Verdict {
            verdict: Verdict::TimeLimit | Verdict::MemoryLimit | Verdict::OutputLimit,
            ..
        } => "33",
        Finding::Verdict { .. } => "31",
        Finding::TestError(_) => TEST_ERROR_COLOR,
    }
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// One line per problem: how many tests were accepted and the other verdicts counted, or why the
/// problem was not judged.
pub fn summary(outcomes: &[ProblemOutcome]) -> String {
    let line = |outcome: &ProblemOutcome| match &outcome.judged {
        Ok(run) => summary_line(run),
        Err(error) => format!("not judged: {}", error.message),
    };
    outcomes
        .iter()
        .map(|o| format!("{}: {}\n", o.problem, line(o)))
        .collect()
}

fn summary_line(run: &ProblemRun) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for test in run.tests.iter().filter(|t| !t.finding.accepted()) {
        match counts
            .iter_mut()
            .find(|(code, _)| *code == test.finding.code())
        {
            Some((_, n)) => *n += 1,
            None => counts.push((test.finding.code(), 1)),
        }
    }
    let others: Vec<String> = counts
        .iter()
        .map(|(code, n)| format!("{n} {code}"))
        .collect();
    match &run.compile {
        Compile::Failed { .. } => {
            format!("compile error, none of {} tests run", run.tests.len())
        }
        Compile::Built { .. } if others.is_empty() => {
            format!("all {} tests accepted", run.tests.len())
        }
        Compile::Built { .. } => format!(
            "{} of {} accepted ({})",
            run.accepted(),
            run.tests.len(),
            others.join(", ")
        ),
    }
}

/// The `--json` document (schema 1, documented in README.md).
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
    let verdict = match &test.finding {
        Finding::Verdict { verdict, .. } => Json::String(verdict.code().into()),
        Finding::TestError(_) => Json::Null,
    };
    let test_error = match &test.finding {
        Finding::TestError(why) => Json::String(why.clone()),
        Finding::Verdict { .. } => Json::Null,
    };
    let reason = match &test.finding {
        Finding::Verdict { reason, .. } => Json::text(reason.as_deref()),
        Finding::TestError(_) => Json::Null,
    };
    let u = test.measured;
    Json::Object(vec![
        ("name", Json::String(test.name.clone())),
        ("verdict", verdict),
        ("reason", reason),
        ("test_error", test_error),
        ("cpu_ms", number(u.map(|u| u.cpu_ms))),
        ("wall_ms", number(u.map(|u| u.wall_ms))),
        ("peak_kib", number(u.map(|u| u.peak_kib as f64))),
        ("exit", u.map_or(Json::Null, |u| exit_json(u.status))),
        (
            "sandbox",
            u.map_or(Json::Null, |u| Json::String(u.sandbox.name().into())),
        ),
        ("moves", number(test.cost.map(|c| c.moves as f64))),
        ("optimum", number(test.cost.map(|c| c.optimum as f64))),
        ("judge_ms", Json::Number(test.judge_ms)),
    ])
}

fn exit_json(status: Status) -> Json {
    match status {
        Status::Exited(code) => Json::Object(vec![
            ("code", Json::Number(code as f64)),
            ("signal", Json::Null),
        ]),
        Status::Signaled(signal) => Json::Object(vec![
            ("code", Json::Null),
            ("signal", Json::String(signal_name(signal))),
        ]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use crate::outcome::{Cost, Detail, Measurement, Sandbox};

    fn test_run(name: &str, finding: Finding, cost: Option<Cost>) -> TestRun {
        let measured = Some(Measurement {
            cpu_ms: 1.25,
            wall_ms: 2.5,
            peak_kib: 2048,
            status: Status::Exited(0),
            stopped: None,
            sandbox: Sandbox::Namespaces,
        });
        let detail = Detail {
            input: "2 3 4".into(),
            output: "ud".into(),
            stderr: String::new(),
            scene: Some("case 1\n1 2 3".into()),
            replay: None,
            trace: Some("depth 0".into()),
        };
        TestRun {
            name: name.into(),
            finding,
            measured,
            cost,
            judge_ms: 4.0,
            detail,
        }
    }

    fn problem_run(tests: Vec<TestRun>) -> ProblemRun {
        ProblemRun {
            problem: "eight".into(),
            submission: "src/bin/eight.rs".into(),
            compiler: "rustc --edition 2021 -O".into(),
            compile: Compile::Built { cached: true },
            limits: Limits {
                cpu_ms: 1000,
                memory_kib: 65536,
                output_bytes: 1 << 26,
            },
            tests,
        }
    }

    fn accepted() -> Finding {
        Finding::Verdict {
            verdict: Verdict::Accepted,
            reason: None,
        }
    }

    fn wrong(reason: &str) -> Finding {
        Finding::Verdict {
            verdict: Verdict::WrongAnswer,
            reason: Some(reason.into()),
        }
    }

    #[test]
    fn rows_line_up_and_show_the_cost_and_reason() {
        let table = Table {
            color: false,
            verbose: false,
            name_width: 10,
        };
        let ok = table.row(&test_run(
            "001-sample",
            accepted(),
            Some(Cost {
                moves: 19,
                optimum: 19,
            }),
        ));
        assert_eq!(
            ok,
            "  001-sample  AC            1.2      2.5    2.0 MiB  19/19\n"
        );
        let miss = test_run(
            "002",
            wrong("case 1: not optimal: 21 moves, optimum 19"),
            Some(Cost {
                moves: 21,
                optimum: 19,
            }),
        );
        let row = table.row(&miss);
        assert!(
            row.ends_with("21/19          case 1: not optimal: 21 moves, optimum 19\n"),
            "{row}"
        );
        let header = table.header(&problem_run(vec![]), 9);
        assert!(header.starts_with("eight: src/bin/eight.rs, rustc --edition 2021 -O (cached), 1000 ms CPU, 64 MiB, 9 tests\n"));
    }

    #[test]
    fn verbose_rows_show_heads_for_failures_only_and_colour_is_optional() {
        let table = Table {
            color: true,
            verbose: true,
            name_width: 3,
        };
        let row = table.row(&test_run("001", wrong("case 1: missing answer"), None));
        assert!(row.contains("\x1b[31mWA     \x1b[0m"), "{row}");
        assert!(
            row.contains("      input   2 3 4\n      output  ud\n"),
            "{row}"
        );
        assert!(
            row.ends_with("\n        case 1\n        1 2 3\n        depth 0\n"),
            "{row}"
        );
        assert_eq!(
            table
                .row(&test_run("002", accepted(), None))
                .lines()
                .count(),
            1
        );
    }

    fn judged(run: ProblemRun, warnings: &[&str]) -> ProblemOutcome {
        ProblemOutcome {
            problem: run.problem.clone(),
            warnings: warnings.iter().map(|w| w.to_string()).collect(),
            judged: Ok(run),
        }
    }

    fn not_judged(problem: &str, error: JudgeError) -> ProblemOutcome {
        ProblemOutcome {
            problem: problem.into(),
            warnings: Vec::new(),
            judged: Err(error),
        }
    }

    #[test]
    fn the_summary_counts_verdicts_and_test_errors_and_names_problems_not_judged() {
        let run = problem_run(vec![
            test_run("1", accepted(), None),
            test_run("2", wrong("x"), None),
            test_run("3", Finding::TestError(".ans line 1 says 18".into()), None),
        ]);
        assert!(run.has_broken_tests() && !run.all_accepted());
        let error = JudgeError::new("no tests in x").with_fix("add one");
        let outcomes = [judged(run, &[]), not_judged("huarong", error)];
        assert_eq!(
            summary(&outcomes),
            "eight: 1 of 3 accepted (1 WA, 1 ERR)\nhuarong: not judged: no tests in x\n"
        );
    }

    #[test]
    fn a_problem_not_judged_shows_its_error_and_fix_where_its_header_would_be() {
        let error = JudgeError::new("cannot list t: Not a directory").with_fix("make it one");
        assert_eq!(
            problem_error("huarong", &error, false),
            "huarong: ERR cannot list t: Not a directory\n  fix: make it one\n"
        );
        let painted = problem_error("huarong", &error, true);
        assert!(painted.contains("\x1b[35mERR\x1b[0m"), "{painted}");
    }

    #[test]
    fn json_keeps_verdicts_and_test_errors_apart() {
        let run = problem_run(vec![
            test_run("1", accepted(), None),
            test_run("2", Finding::TestError("bad".into()), None),
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
    fn json_gives_every_problem_an_error_and_warnings_and_a_broken_one_no_tests() {
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
