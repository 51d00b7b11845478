//! Renders a bench: its table (a test's rows as it finishes, then the summary) and its JSON document.
//! It only formats; every number comes computed by `bench` and `stats`.

use crate::formats::json::Json;
use crate::model::bench::{Bench, Bound, Metric, Ratio, Runs, TestBench, RATIO_FLOOR_MS};
use crate::model::outcome::{Compile, ProblemRun};
use crate::model::stats::Spread;
use crate::model::verdict::Finding;
use crate::render::json::{compile_json, limits_json};
use crate::render::table::{color_of, limits_text};
use crate::render::{count, tally};

/// The width of a number's cell; three cells (min, median, max) make a metric's group.
const CELL: usize = 7;
const GROUP: usize = 3 * CELL + 2;
/// The verdict code's cell, as in the judge's table; `A ` or `B ` goes before it with two submissions.
const VERDICT: usize = 7;
/// A ratio's cell, as wide as its head `B/A wall`.
const RATIO: usize = 8;
/// The header's note on who runs when, with two submissions.
const ORDER: &str = ", A and B alternating (A B B A …)";

/// The bench table, written a test at a time.
pub struct Table {
    /// The judge's table: its colours and its compile-error block.
    plain: crate::render::table::Table,
    /// Two submissions: each row says which one it is, and B's carries the ratios.
    versus: bool,
}

impl Table {
    /// A table for `contenders` submissions whose widest test name is `name_width` long.
    pub fn new(color: bool, name_width: usize, contenders: usize) -> Table {
        let plain = crate::render::table::Table {
            color,
            verbose: false,
            name_width: name_width.max(4),
            width: None,
        };
        let versus = contenders > 1;
        Table { plain, versus }
    }

    /// What runs how often, each submission (and its compile error, if any), then the column heads.
    pub fn header(&self, bench: &Bench, tests: usize) -> String {
        let order = if self.versus { ORDER } else { "" };
        let limits = limits_text(&bench.contenders[0].limits);
        let title = self.plain.paint("1", &bench.problem);
        let mut out = format!(
            "{title}: {}, {} each after a warm-up{order}, {limits}\n",
            count(tests, "test"),
            count(bench.runs as usize, "timed run")
        );
        for (i, run) in bench.contenders.iter().enumerate() {
            out += &self.contender(i, run);
        }
        if !bench.compiled() {
            return out;
        }
        if self.versus {
            out += &format!(
                "  B/A: B's median over A's, above 1 when B is slower; medians under {RATIO_FLOOR_MS} ms count as {RATIO_FLOOR_MS} ms\n"
            );
        }
        out += &self.heads();
        out
    }

    fn contender(&self, index: usize, run: &ProblemRun) -> String {
        let (cached, failed) = match &run.compile {
            Compile::Built { cached: true } => (" (cached)", String::new()),
            Compile::Built { cached: false } => ("", String::new()),
            Compile::Failed { message } => ("", self.plain.compile_error(message)),
        };
        let label = self.label(index).map_or("".into(), |l| format!("{l}: "));
        let (submission, compiler) = (&run.submission, &run.compiler);
        format!("  {label}{submission}, {compiler}{cached}\n{failed}")
    }

    fn heads(&self) -> String {
        let (w, v) = (self.plain.name_width, self.verdict_width());
        let groups = format!(
            "{:^GROUP$}  {:^GROUP$}  {:^GROUP$}",
            "CPU ms", "wall ms", "peak MiB"
        );
        let cells = format!("{:>CELL$} {:>CELL$} {:>CELL$}", "min", "median", "max");
        let ratios = format!("  {:>RATIO$} {:>RATIO$}", "B/A CPU", "B/A wall");
        let ratios = if self.versus { ratios } else { String::new() };
        let groups = format!("  {:w$}  {:v$}  {groups}", "", "");
        let cells = format!(
            "  {:w$}  {:v$}  {cells}  {cells}  {cells}{ratios}",
            "test", "verdict"
        );
        format!("{}\n{cells}\n", groups.trim_end())
    }

    /// A test's rows: one per submission, or one saying why the test is broken.
    pub fn rows(&self, test: &TestBench) -> String {
        match &test.runs {
            Ok(runs) => (runs.iter().enumerate())
                .map(|(i, r)| {
                    let name = if i == 0 { test.name.as_str() } else { "" };
                    let ratio = (i + 1 == runs.len()).then(|| test.ratio()).flatten();
                    self.row(name, i, r, ratio)
                })
                .collect(),
            Err(fault) => {
                let verdict = self.verdict("", &Finding::TestError(fault.clone()));
                let w = self.plain.name_width;
                format!("  {:w$}  {verdict}  {fault}\n", test.name)
            }
        }
    }

    fn row(&self, name: &str, index: usize, runs: &Runs, ratio: Option<Ratio>) -> String {
        let label = self.label(index).unwrap_or_default();
        let verdict = (runs.findings.first()).map_or(String::new(), |f| self.verdict(label, f));
        let groups = Metric::ALL.map(|m| cells(runs.spread(m), m)).join("  ");
        let cell = |value| bounded(value, ratio.map_or(Bound::Exact, |r| r.bound));
        let ratios = match ratio {
            Some(r) => format!("  {:>RATIO$} {:>RATIO$}", cell(r.cpu), cell(r.wall)),
            None if self.versus => " ".repeat(2 * RATIO + 3),
            None => String::new(),
        };
        let w = self.plain.name_width;
        let row = format!("  {name:w$}  {verdict}  {groups}{ratios}  {}", note(runs));
        row.trim_end().to_string() + "\n"
    }

    /// The verdict cell, `A AC` with two submissions, coloured as in the judge's table.
    fn verdict(&self, label: &str, finding: &Finding) -> String {
        let l = self.verdict_width() - VERDICT;
        let text = format!("{label:l$}{:VERDICT$}", finding.code());
        self.plain.paint(color_of(finding), &text)
    }

    /// Which submission a row is: `A` or `B`, or nothing when there is only one.
    fn label(&self, index: usize) -> Option<&'static str> {
        self.versus.then_some(if index == 0 { "A" } else { "B" })
    }

    fn verdict_width(&self) -> usize {
        VERDICT + if self.versus { 2 } else { 0 }
    }

    /// The overall ratio with two submissions, then a line per submission: how many tests it passed.
    pub fn footer(&self, bench: &Bench) -> String {
        let mut out = String::new();
        if let Some(o) = bench.overall() {
            if let Some((cpu, wall)) = o.ratio {
                let tests = count(o.tests, "test");
                out += &format!(
                    "overall B/A, geometric mean over {tests}: CPU {cpu:.2}, wall {wall:.2}\n"
                );
            }
            if o.left_out > 0 {
                out += &format!(
                    "left out of the overall ratio: {}, where a run was not accepted (a time \
                     stopped at the limit is the limit's: `>` and `<` mark a ratio that is only a \
                     bound)\n",
                    count(o.left_out, "test")
                );
            }
        }
        for (i, run) in bench.contenders.iter().enumerate() {
            let who = self.label(i).unwrap_or(&bench.problem);
            out += &format!("{who}: {}\n", summary(bench, i, run));
        }
        out
    }
}

/// A ratio as its cell shows it: `>593.00` where B was stopped at the CPU limit, `<0.01` where A was.
fn bounded(ratio: f64, bound: Bound) -> String {
    let mark = match bound {
        Bound::Exact => "",
        Bound::AtLeast => ">",
        Bound::AtMost => "<",
    };
    // Two significant digits at least: a ratio of 0.0037 is not 0.00.
    let digits = match ratio > 0.0 {
        true => (1 - ratio.log10().floor() as i32).clamp(2, 6) as usize,
        false => 2,
    };
    format!("{mark}{ratio:.digits$}")
}

/// A metric's min, median and max cells; `-` when no timed run measured it.
fn cells(spread: Option<Spread>, metric: Metric) -> String {
    let Some(s) = spread else {
        return format!("{:>CELL$} {:>CELL$} {:>CELL$}", "-", "-", "-");
    };
    let cell = |v: f64| match metric {
        Metric::PeakKib => format!("{:>CELL$.1}", v / 1024.0),
        Metric::CpuMs | Metric::WallMs => format!("{v:>CELL$.2}"),
    };
    format!("{} {} {}", cell(s.min), cell(s.median), cell(s.max))
}

/// The first run's reason, and, when the runs did not all agree, how many ended how.
fn note(runs: &Runs) -> String {
    let codes: Vec<&str> = runs.findings.iter().map(Finding::code).collect();
    let counted = tally(&codes);
    let first = runs.findings.first();
    let mut parts: Vec<String> = first.and_then(Finding::text).into_iter().collect();
    if counted.len() > 1 {
        parts.push(format!("runs disagree: {}", counted.join(", ")));
    }
    parts.join("; ")
}

fn summary(bench: &Bench, index: usize, run: &ProblemRun) -> String {
    let (n, accepted) = (bench.tests.len(), bench.accepted(index));
    match (&run.compile, bench.compiled()) {
        (Compile::Failed { .. }, _) => "compile error, no test run".into(),
        (Compile::Built { .. }, false) => {
            "no test run: the other submission did not compile".into()
        }
        _ if accepted == n && n == 1 => "1 test accepted in every run".into(),
        _ if accepted == n => format!("all {} accepted in every run", count(n, "test")),
        _ => format!("{accepted} of {} accepted in every run", count(n, "test")),
    }
}

/// The `judge bench --json` document (schema 1, documented in docs/json.md).
pub fn json(bench: &Bench) -> Json {
    let contender = |i: usize| bench.contenders.get(i).map_or(Json::Null, contender_json);
    let number = |value: Option<f64>| value.map_or(Json::Null, Json::Number);
    // The overall ratio is always exact: it has no bound.
    let overall = bench.overall().map_or(Json::Null, |o| {
        let (cpu, wall) = o.ratio.unzip();
        Json::Object(vec![
            ("cpu", number(cpu)),
            ("wall", number(wall)),
            ("tests", Json::Number(o.tests as f64)),
            ("left_out", Json::Number(o.left_out as f64)),
        ])
    });
    let tests = bench.tests.iter().map(test_json).collect();
    Json::Object(vec![
        ("schema", Json::Number(1.0)),
        ("command", Json::String("bench".into())),
        ("problem", Json::String(bench.problem.clone())),
        ("limits", limits_json(&bench.contenders[0].limits)),
        ("runs", Json::Number(bench.runs as f64)),
        ("warm_up_runs", Json::Number(1.0)),
        ("ratio_floor_ms", Json::Number(RATIO_FLOOR_MS)),
        ("accepted", Json::Bool(bench.exit_code() == 0)),
        ("a", contender(0)),
        ("b", contender(1)),
        ("tests", Json::Array(tests)),
        ("overall_b_over_a", overall),
    ])
}

fn contender_json(run: &ProblemRun) -> Json {
    Json::Object(vec![
        ("submission", Json::String(run.submission.clone())),
        ("compiler", Json::String(run.compiler.clone())),
        ("compile", compile_json(&run.compile)),
    ])
}

fn test_json(test: &TestBench) -> Json {
    let runs = test.runs.as_ref().ok();
    let side = |i: usize| runs.and_then(|r| r.get(i)).map_or(Json::Null, runs_json);
    let ratio = test.ratio().map_or(Json::Null, |r| {
        Json::Object(vec![
            ("cpu", Json::Number(r.cpu)),
            ("wall", Json::Number(r.wall)),
            ("bound", Json::String(r.bound.name().into())),
        ])
    });
    let error = test.runs.as_ref().err().map(|f| f.to_string());
    Json::Object(vec![
        ("name", Json::String(test.name.clone())),
        ("test_error", Json::text(error.as_deref())),
        ("a", side(0)),
        ("b", side(1)),
        ("ratio_b_over_a", ratio),
    ])
}

fn runs_json(runs: &Runs) -> Json {
    let codes = runs.findings.iter().map(|f| Json::String(f.code().into()));
    let first = runs.findings.first();
    let spread = |metric: Metric| {
        let samples = runs.samples(metric).into_iter().map(Json::Number).collect();
        runs.spread(metric).map_or(Json::Null, |s| {
            Json::Object(vec![
                ("min", Json::Number(s.min)),
                ("median", Json::Number(s.median)),
                ("max", Json::Number(s.max)),
                ("samples", Json::Array(samples)),
            ])
        })
    };
    let reason = first.and_then(Finding::text);
    Json::Object(vec![
        ("verdict", Json::text(first.map(Finding::code))),
        ("reason", Json::text(reason.as_deref())),
        ("verdicts", Json::Array(codes.collect())),
        ("cpu_ms", spread(Metric::CpuMs)),
        ("wall_ms", spread(Metric::WallMs)),
        ("peak_kib", spread(Metric::PeakKib)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::bench::made::*;
    use crate::model::outcome::made::wrong;
    use crate::model::reason::TestFault;

    /// A table for tests named `t`.
    fn table(versus: bool) -> Table {
        Table::new(false, 1, if versus { 2 } else { 1 })
    }

    /// The member `key` of a JSON object.
    fn member<'a>(json: &'a Json, key: &str) -> &'a Json {
        match json {
            Json::Object(fields) => &fields.iter().find(|(k, _)| *k == key).expect(key).1,
            _ => panic!("{json:?} is no object"),
        }
    }

    #[test]
    fn each_submission_has_a_row_and_bs_carries_the_ratios() {
        // A: CPU 1, 2, 4 ms (median 2); B: 3, 3, 5 (median 3). Wall is a millisecond more each.
        let test = test_of(
            runs(&[1.0, 2.0, 4.0], accepted(4)),
            runs(&[3.0, 3.0, 5.0], accepted(4)),
        );
        let rows = table(true).rows(&test);
        let rows: Vec<&str> = rows.lines().collect();
        assert_eq!(
            rows[0],
            "  t     A AC          1.00    2.00    4.00     2.00    3.00    5.00      1.0     1.0     1.0"
        );
        assert!(
            rows[1].starts_with("        B AC          3.00    3.00    5.00"),
            "{}",
            rows[1]
        );
        assert!(rows[1].ends_with("      1.50     1.33"), "{}", rows[1]);
        let single = table(false).rows(&TestBench {
            name: "t".into(),
            runs: Ok(vec![runs(&[1.0], accepted(2))]),
        });
        assert!(
            single.starts_with("  t     AC          1.00    1.00    1.00"),
            "{single}"
        );
    }

    #[test]
    fn a_row_says_when_runs_disagree_and_a_broken_test_says_why() {
        let wrong = wrong("case 1: missing answer");
        let flaky = runs(
            &[1.0, 1.0],
            vec![wrong.clone(), accepted(1)[0].clone(), wrong],
        );
        let row = table(false).rows(&TestBench {
            name: "t".into(),
            runs: Ok(vec![flaky]),
        });
        assert!(row.starts_with("  t     WA "), "{row}");
        assert!(
            row.ends_with("  case 1: missing answer; runs disagree: 2 WA, 1 AC\n"),
            "{row}"
        );
        let broken = TestBench {
            name: "t".into(),
            runs: Err(TestFault::Broken(".ans line 1 says 6".into())),
        };
        assert_eq!(
            table(true).rows(&broken),
            "  t       ERR      .ans line 1 says 6\n"
        );
    }

    #[test]
    fn json_has_each_sides_spread_and_the_ratios() {
        let test = test_of(runs(&[2.0, 4.0], accepted(3)), runs(&[1.0], accepted(2)));
        let document = json(&bench_of(vec![test]));
        let tests = match member(&document, "tests") {
            Json::Array(tests) => tests,
            other => panic!("{other:?}"),
        };
        let median = member(member(member(&tests[0], "a"), "cpu_ms"), "median");
        assert_eq!(median, &Json::Number(3.0));
        let ratio = member(&tests[0], "ratio_b_over_a");
        assert_eq!(member(ratio, "cpu"), &Json::Number(1.0 / 3.0));
        let overall = member(&document, "overall_b_over_a");
        assert_eq!(member(overall, "tests"), &Json::Number(1.0));
        assert_eq!(member(&document, "accepted"), &Json::Bool(true));
    }

    #[test]
    fn ratios_show_their_bound_and_two_significant_digits() {
        assert_eq!(bounded(593.0, Bound::AtLeast), ">593.00");
        assert_eq!(bounded(0.0037, Bound::AtMost), "<0.0037");
        assert_eq!(
            (bounded(0.5, Bound::Exact), bounded(0.0, Bound::Exact)),
            ("0.50".into(), "0.00".into())
        );
    }
}
