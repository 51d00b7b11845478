//! The table: a problem's header, a row as each test finishes, its footer, and one summary line per
//! problem. It only formats; every number and verdict comes decided.

use crate::formats::text::printable;
use crate::model::error::JudgeError;
use crate::model::limits::Limits;
use crate::model::outcome::{Compile, ProblemOutcome, ProblemRun, TestRun};
use crate::model::verdict::{Finding, Verdict};
use crate::render::{count, frames, tally};

/// Where a problem's header would be, for a problem that could not be judged: `huarong: ERR why`,
/// and the fix on a line of its own.
pub fn problem_error(problem: &str, error: &JudgeError, color: bool) -> String {
    let code = paint(color, TEST_ERROR_COLOR, "ERR");
    format!("{}: {code} {error}\n", paint(color, "1", problem))
}

/// The table, written a row at a time.
pub struct Table {
    pub color: bool,
    pub verbose: bool,
    /// The widest test name, so the columns line up.
    pub name_width: usize,
    /// The terminal's columns, to which a line of stderr is clipped; `None`: lines whole.
    pub width: Option<usize>,
}

impl Table {
    /// The problem's title line and the column heads.
    pub fn header(&self, run: &ProblemRun, tests: usize) -> String {
        let cached = matches!(run.compile, Compile::Built { cached: true });
        let build = format!("{}{}", run.compiler, if cached { " (cached)" } else { "" });
        let limits = limits_text(&run.limits);
        let (title, w, test) = (self.paint("1", &run.problem), self.name_width, "test");
        let heads = format!("  {test:w$}  verdict   CPU ms  wall ms     memory  moves/optimum");
        let (submission, tests) = (&run.submission, count(tests, "test"));
        format!("{title}: {submission}, {build}, {limits}, {tests}\n{heads}\n")
    }

    pub fn row(&self, test: &TestRun) -> String {
        let code = test.finding.code();
        let verdict = self.paint(color_of(&test.finding), &format!("{code:7}"));
        let usage = test.measured.map_or(format!("{:>27}", "-"), |u| {
            format!("{:8.1} {:8.1} {:>10}", u.cpu_ms, u.wall_ms, mib(u.peak_kib))
        });
        let cost = (test.cost).map_or("-".into(), |c| format!("{}/{}", c.moves, c.optimum));
        // Reasons and scenes quote tests and answers: printed escaped, they cannot drive the terminal.
        let reason =
            (test.finding.text()).map_or(String::new(), |r| format!("  {}", printable(&r)));
        let (name, w) = (&test.name, self.name_width);
        let mut row = format!("  {name:w$}  {verdict}  {usage}  {cost:13}{reason}");
        row = row.trim_end().to_string() + "\n";
        if self.verbose && !test.finding.accepted() {
            let d = &test.detail;
            for (label, text) in [("input", &d.input), ("output", &d.output)] {
                row += &format!("      {label:6}  {text}\n");
            }
            // Escaped, and cut to the terminal's width: a line of stderr may be any length.
            for (i, line) in d.stderr_tail.lines().enumerate() {
                let label = if i == 0 { "stderr" } else { "" };
                let line = format!("      {label:6}  {}", printable(line));
                row += &(clipped(&line, self.width) + "\n");
            }
            let case = test.finding.failing_case().unwrap_or(0);
            let shortest = d.shortest.as_ref().map(|a| frames::shortest(a, case));
            let drawn = [&d.scene, &shortest, &d.trace].into_iter().flatten();
            for line in drawn.flat_map(|t| t.lines()) {
                row += &format!("        {}\n", printable(line));
            }
        }
        row
    }

    /// After the rows, with `-v`: how the runs were contained.
    pub fn footer(&self, run: &ProblemRun) -> String {
        match run.sandbox() {
            Some((sandbox, accounting)) if self.verbose => {
                let blind = (accounting.blind_spot()).map_or(String::new(), |b| format!(" ({b})"));
                let (sandbox, accounting) = (sandbox.name(), accounting.name());
                let stack = stack_line(run);
                format!("  sandbox: {sandbox}; accounting: {accounting}{blind}\n{stack}")
            }
            _ => String::new(),
        }
    }

    pub fn compile_error(&self, message: &str) -> String {
        let line = |l| format!("      {}", printable(l));
        let indented: Vec<String> = message.lines().map(line).collect();
        let code = self.paint("31", Verdict::CompileError.code());
        format!("  {code}  compile error\n{}\n", indented.join("\n"))
    }

    pub fn paint(&self, code: &str, text: &str) -> String {
        paint(self.color, code, text)
    }
}

/// `-v`'s line on a stack that the caller's hard limit kept below the promise, if it did.
fn stack_line(run: &ProblemRun) -> String {
    let measured = run.tests.iter().find_map(|t| t.measured);
    let capped = measured.and_then(|m| m.stack_capped_mib(&run.limits));
    capped.map_or(String::new(), |mib| {
        let promised = run.limits.stack_bytes() >> 20;
        format!("  stack: {mib} MiB, capped by the caller's hard limit (promised: {promised} MiB, the memory limit)\n")
    })
}

/// Broken tests and problems are magenta: neither a verdict's green, yellow nor red.
const TEST_ERROR_COLOR: &str = "35";

/// `text` in ANSI colour `code`, if colour is on.
pub fn paint(color: bool, code: &str, text: &str) -> String {
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
        Finding::Verdict { verdict, .. } => match verdict {
            Verdict::Accepted => "32",
            Verdict::TimeLimit | Verdict::MemoryLimit | Verdict::OutputLimit => "33",
            _ => "31",
        },
        Finding::TestError(_) => TEST_ERROR_COLOR,
    }
}

/// `line` cut to `width` characters, its last a `…`, where it is longer.
fn clipped(line: &str, width: Option<usize>) -> String {
    match width.filter(|&w| line.chars().count() > w) {
        Some(w) => line.chars().take(w.saturating_sub(1)).collect::<String>() + "…",
        None => line.to_string(),
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
    let failed = run.tests.iter().filter(|t| !t.finding.accepted());
    let codes: Vec<&str> = failed.map(|t| t.finding.code()).collect();
    let (n, accepted) = (run.tests.len(), run.accepted());
    match &run.compile {
        Compile::Failed { .. } if n == 1 => "compile error, its 1 test not run".into(),
        Compile::Failed { .. } => format!("compile error, none of {n} tests run"),
        Compile::Built { .. } if codes.is_empty() && n == 1 => "1 test accepted".into(),
        Compile::Built { .. } if codes.is_empty() => format!("all {n} tests accepted"),
        Compile::Built { .. } => {
            format!("{accepted} of {n} accepted ({})", tally(&codes).join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::outcome::made::*;
    use crate::model::verdict::Cost;

    #[test]
    fn rows_line_up_and_show_the_cost_and_reason() {
        let table = Table {
            color: false,
            verbose: false,
            name_width: 10,
            width: None,
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
    fn verbose_rows_show_heads_for_failures_only() {
        let table = Table {
            color: true,
            verbose: true,
            name_width: 3,
            width: None,
        };
        let row = table.row(&test_run("001", wrong("case 1: missing answer"), None));
        assert!(row.contains("\x1b[31mWA     \x1b[0m"), "{row}");
        assert!(
            row.contains("      input   2 3 4\n      output  ud\n"),
            "{row}"
        );
        assert!(
            row.ends_with(
                "\n        case 1\n        1 2 3\n        one shortest answer to case 1, the \
                 reference's:\n          ullddrurdllurdruldr\n        depth 0\n"
            ),
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
    fn verbose_stderr_lines_are_whole_or_cut_to_the_width() {
        let mut run = test_run("001", wrong("x"), None);
        run.detail.stderr_tail = "Traceback:\n  File \"a.py\", line 3\nZeroDivisionError\n".into();
        let row = |width| {
            let (color, verbose, name_width) = (false, true, 3);
            let table = Table {
                color,
                verbose,
                name_width,
                width,
            };
            table.row(&run)
        };
        let whole =
            "      stderr  Traceback:\n                File \"a.py\", line 3\n              \
                     ZeroDivisionError\n";
        assert!(row(None).contains(whole), "{}", row(None));
        let cut = "      stderr  Trace…\n                Fil…\n              ZeroD…\n";
        assert!(row(Some(20)).contains(cut), "{}", row(Some(20)));
    }

    #[test]
    fn the_summary_counts_verdicts_and_names_problems_not_judged() {
        let run = problem_run(vec![
            test_run("1", accepted(), None),
            test_run("2", wrong("x"), None),
            test_run("3", broken(".ans line 1 says 18"), None),
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
    fn a_problem_not_judged_shows_its_error_in_its_headers_place() {
        let error = JudgeError::new("cannot list t: Not a directory").with_fix("make it one");
        assert_eq!(
            problem_error("huarong", &error, false),
            "huarong: ERR cannot list t: Not a directory\n  fix: make it one\n"
        );
        let painted = problem_error("huarong", &error, true);
        assert!(painted.contains("\x1b[35mERR\x1b[0m"), "{painted}");
    }
}
