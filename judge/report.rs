//! Renders results: the table (a row as each test finishes), the summary line, and the JSON document.
//! It only formats; every number and verdict comes decided.

use crate::json::Json;
use crate::limits::Limits;
use crate::outcome::{Compile, Finding, ProblemRun, TestRun, Verdict};
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
        let reason = test
            .finding
            .reason()
            .map_or(String::new(), |r| format!("  {r}"));
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
        let indented: Vec<String> = message.lines().map(|l| format!("      {l}")).collect();
        let code = self.paint("31", Verdict::CompileError.code());
        format!("  {code}  compile error\n{}\n", indented.join("\n"))
    }

    pub fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
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
        Finding::TestError(_) => "35",
    }
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// One line per problem: how many tests were accepted, and the other verdicts counted.
pub fn summary(runs: &[ProblemRun]) -> String {
    let mut out = String::new();
    for run in runs {
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
        let line = match &run.compile {
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
        };
        out += &format!("{}: {line}\n", run.problem);
    }
    out
}

/// The `--json` document (schema 1, documented in README.md).
pub fn json(runs: &[ProblemRun]) -> Json {
    let accepted = runs.iter().all(ProblemRun::all_accepted);
    let problems = runs.iter().map(problem_json).collect();
    Json::Object(vec![
        ("schema", Json::Number(1.0)),
        ("accepted", Json::Bool(accepted)),
        ("problems", Json::Array(problems)),
    ])
}

fn problem_json(run: &ProblemRun) -> Json {
    Json::Object(vec![
        ("problem", Json::String(run.problem.clone())),
        ("submission", Json::String(run.submission.clone())),
        ("compiler", Json::String(run.compiler.clone())),
        ("compile", compile_json(&run.compile)),
        ("limits", limits_json(&run.limits)),
        ("accepted", Json::Bool(run.all_accepted())),
        (
            "tests",
            Json::Array(run.tests.iter().map(test_json).collect()),
        ),
    ])
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
        assert_eq!(
            table
                .row(&test_run("002", accepted(), None))
                .lines()
                .count(),
            1
        );
    }

    #[test]
    fn the_summary_counts_verdicts_and_test_errors() {
        let runs = [problem_run(vec![
            test_run("1", accepted(), None),
            test_run("2", wrong("x"), None),
            test_run("3", Finding::TestError(".ans line 1 says 18".into()), None),
        ])];
        assert_eq!(summary(&runs), "eight: 1 of 3 accepted (1 WA, 1 ERR)\n");
        assert!(runs[0].has_broken_tests() && !runs[0].all_accepted());
    }

    #[test]
    fn json_keeps_verdicts_and_test_errors_apart() {
        let runs = [problem_run(vec![
            test_run("1", accepted(), None),
            test_run("2", Finding::TestError("bad".into()), None),
        ])];
        let text = json(&runs).to_pretty();
        assert!(text.contains("\"verdict\": \"AC\""), "{text}");
        assert!(text.contains("\"verdict\": null,\n          \"reason\": null,\n          \"test_error\": \"bad\""), "{text}");
        assert!(
            text.contains(
                "\"exit\": {\n            \"code\": 0,\n            \"signal\": null\n          }"
            ),
            "{text}"
        );
    }
}
