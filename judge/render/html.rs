//! The run as one self-contained HTML page (`--html`): each problem's table, each test's answer
//! replayed, and the charts a caller hands in. Renders only; nothing on the page loads from elsewhere.

use crate::formats::json::Json;
use crate::model::error::JudgeError;
use crate::model::execution::Measurement;
use crate::model::frame::Frame;
use crate::model::outcome::{Compile, ProblemOutcome, ProblemRun, Replay, TestRun};
use crate::render::frames::render;
use std::path::Path;

/// A chart for the page: its title (escaped when shown) and its SVG, which the judge drew itself and
/// is inserted as it is; or, for a problem that has none, the problem and why, said in its place.
/// The hook for the frontier chart (`judging/frontier.rs`).
pub type Chart = (String, Result<String, String>);

/// The player: draws frames from the embedded JSON, steps, plays, scrubs and honours `#frame=last`.
const SCRIPT: &str = include_str!("html/replay.js");
const STYLE: &str = include_str!("html/page.css");

/// Writes the page for `outcomes` to `path`.
pub fn write(path: &Path, outcomes: &[ProblemOutcome], charts: &[Chart]) -> Result<(), JudgeError> {
    std::fs::write(path, page(outcomes, charts)).map_err(|e| JudgeError::io("write", path, e))
}

/// The whole page.
pub fn page(outcomes: &[ProblemOutcome], charts: &[Chart]) -> String {
    let problems: String = (outcomes.iter().enumerate())
        .map(|(p, outcome)| problem_section(p, outcome))
        .collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>slidekit judge run</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <h1>slidekit judge run</h1>\n{problems}{}<script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        charts_section(charts)
    )
}

fn problem_section(p: usize, outcome: &ProblemOutcome) -> String {
    let name = escape(&outcome.problem);
    let body = match &outcome.judged {
        Ok(run) => judged_run(p, run),
        Err(error) => format!(
            "<p class=\"error\">Not judged: {}</p>\n",
            escape(&error.to_string())
        ),
    };
    format!("<section class=\"problem\">\n<h2>{name}</h2>\n{body}</section>\n")
}

fn judged_run(p: usize, run: &ProblemRun) -> String {
    let compiled = match &run.compile {
        Compile::Failed { message } => {
            format!("<pre class=\"compile-error\">{}</pre>\n", escape(message))
        }
        Compile::Built { .. } => String::new(),
    };
    let replays: String = (run.tests.iter().enumerate())
        .filter_map(|(t, test)| Some((format!("r{p}-{t}"), test, test.detail.replay.as_ref()?)))
        .map(|(id, test, replay)| replay_section(&id, test, replay))
        .collect();
    format!("{}{compiled}{replays}", table(p, run))
}

/// The table, readable without JavaScript; each row links to its test's replay.
fn table(p: usize, run: &ProblemRun) -> String {
    let rows: String = (run.tests.iter().enumerate())
        .map(|(t, test)| row(&format!("r{p}-{t}"), test))
        .collect();
    format!(
        "<table>\n<caption>{} on {}: {} of {} accepted ({})</caption>\n<thead><tr>\
         <th scope=\"col\">Test</th><th scope=\"col\">Verdict</th><th scope=\"col\">CPU ms</th>\
         <th scope=\"col\">Wall ms</th><th scope=\"col\">Memory MiB</th>\
         <th scope=\"col\">Moves / optimum</th><th scope=\"col\">Reason</th></tr></thead>\n\
         <tbody>\n{rows}</tbody>\n</table>\n",
        escape(&run.submission),
        escape(&run.problem),
        run.accepted(),
        run.tests.len(),
        escape(&run.compiler)
    )
}

fn row(id: &str, test: &TestRun) -> String {
    let code = test.finding.code();
    let name = escape(&test.name);
    let linked = match test.detail.replay {
        Some(_) => format!("<a href=\"#{id}\">{name}</a>"),
        None => name.clone(),
    };
    let measured = test.measured;
    let used =
        |of: fn(&Measurement) -> f64| measured.map_or("".into(), |m| format!("{:.1}", of(&m)));
    let (cpu, wall) = (used(|m| m.cpu_ms), used(|m| m.wall_ms));
    let memory = used(|m| m.peak_kib as f64 / 1024.0);
    let cost = test
        .cost
        .map_or(String::new(), |c| format!("{} / {}", c.moves, c.optimum));
    let reason = escape(&test.finding.text().unwrap_or_default());
    format!(
        "<tr data-test=\"{name}\" data-verdict=\"{code}\"><th scope=\"row\">{linked}</th>\
         <td class=\"verdict v-{code}\">{code}</td><td class=\"num\">{cpu}</td>\
         <td class=\"num\">{wall}</td><td class=\"num\">{memory}</td><td class=\"num\">{cost}</td>\
         <td>{reason}</td></tr>\n"
    )
}

/// A test's replay: the player's controls (hidden until the script runs) and the frames as JSON,
/// which the script alone draws as SVG; for a reader without JavaScript, the first and last frames
/// as text, as `judge show --no-color` prints them.
fn replay_section(id: &str, test: &TestRun, replay: &Replay) -> String {
    let (Some(first), Some(last)) = (replay.frames.first(), replay.frames.last()) else {
        return String::new();
    };
    let moves = replay.frames.len() - 1;
    let title = format!("Test {}, case {}", test.name, replay.case + 1);
    let mut stills = render(first, 0, moves, false);
    if moves > 0 {
        stills = stills + "\n" + &render(last, moves, moves, false);
    }
    format!(
        "<section class=\"replay\" id=\"{id}\" data-replay=\"{id}-frames\" tabindex=\"0\" \
         aria-label=\"{title}: replay\">\n<h3>{title}</h3>\n\
         <noscript><pre class=\"stills\">{}</pre></noscript>\n\
         <div class=\"player\" hidden>\n<div class=\"board\"></div>\n\
         <p class=\"caption\" aria-live=\"polite\"></p>\n<div class=\"controls\">\n\
         <button type=\"button\" data-act=\"first\">&#xAB; Start</button>\n\
         <button type=\"button\" data-act=\"prev\">&#x25C0; Back</button>\n\
         <button type=\"button\" data-act=\"play\">&#x25B6; Play</button>\n\
         <button type=\"button\" data-act=\"next\">Step &#x25B6;</button>\n\
         <button type=\"button\" data-act=\"last\">End &#xBB;</button>\n\
         <label for=\"{id}-at\">Move</label>\n\
         <input type=\"range\" id=\"{id}-at\" min=\"0\" max=\"{moves}\" value=\"0\" step=\"1\">\n\
         <output for=\"{id}-at\">0 / {moves}</output>\n</div>\n</div>\n\
         <script type=\"application/json\" id=\"{id}-frames\">{}</script>\n</section>\n",
        escape(&stills),
        frames_json(&replay.frames),
        title = escape(&title),
    )
}

/// The frames as JSON for the script, safe inside `<script>`: no `<` can close the element (JSON
/// keeps `<` only inside strings, where `\u003c` means the same).
fn frames_json(frames: &[Frame]) -> String {
    let numbers =
        |cells: &[usize]| Json::Array(cells.iter().map(|&i| Json::Number(i as f64)).collect());
    let frame = |f: &Frame| {
        let cells = f.cells.iter().map(|c| Json::text(c.as_deref()));
        Json::Object(vec![
            ("rows", Json::Number(f.rows as f64)),
            ("cols", Json::Number(f.cols as f64)),
            ("cells", Json::Array(cells.collect())),
            ("caption", Json::text(f.caption.as_deref())),
            ("marked", numbers(&f.marked)),
            ("illegal", Json::Bool(f.illegal)),
            ("goal", numbers(&f.goal)),
            ("solved", Json::Bool(f.solved)),
        ])
    };
    let json = Json::Array(frames.iter().map(frame).collect()).to_pretty();
    json.replace('<', "\\u003c")
}

/// The frontier charts: nothing when there are none.
fn charts_section(charts: &[Chart]) -> String {
    if charts.is_empty() {
        return String::new();
    }
    // Inserted as they are: each is the very file `judge chart --out` writes for its test.
    let figures: String = charts
        .iter()
        .map(|(title, svg)| match svg {
            Ok(svg) => format!(
                "<figure>{svg}<figcaption>{}</figcaption></figure>\n",
                escape(title)
            ),
            Err(why) => format!(
                "<p class=\"no-chart\">No chart for {}: {}</p>\n",
                escape(title),
                escape(why)
            ),
        })
        .collect();
    format!("<section class=\"charts\">\n<h2>How the search grew</h2>\n{figures}</section>\n")
}

/// `text` safe in HTML text and in quoted attributes.
pub fn escape(text: &str) -> String {
    // `&` first, so that no entity made here is escaped again.
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::outcome::made::wrong as rejected;
    use crate::model::outcome::Detail;
    use crate::model::verdict::Cost;

    /// A 1×2 board: block `<b>` on the left, the right cell empty, marked as the goal.
    fn frame(illegal: bool) -> Frame {
        Frame {
            rows: 1,
            cols: 2,
            cells: vec![Some("<b>".into()), None],
            caption: Some("</script><b>".into()),
            marked: vec![1],
            illegal,
            goal: vec![1],
            solved: false,
        }
    }

    fn run(tests: Vec<TestRun>) -> ProblemOutcome {
        let run = ProblemRun {
            problem: "eight".into(),
            submission: "mine<1>.rs".into(),
            compiler: "rustc".into(),
            compile: Compile::Built { cached: true },
            limits: crate::model::limits::DEFAULT,
            tests,
        };
        ProblemOutcome {
            problem: "eight".into(),
            warnings: Vec::new(),
            judged: Ok(run),
        }
    }

    fn wrong(frames: Vec<Frame>) -> TestRun {
        let finding = rejected("case 1: <bad>");
        let detail = Detail {
            replay: Some(Replay { case: 0, frames }),
            ..Detail::default()
        };
        TestRun {
            cost: Some(Cost {
                moves: 3,
                optimum: 1,
            }),
            ..TestRun::not_run("t&1", finding, detail)
        }
    }

    #[test]
    fn escape_covers_text_and_quoted_attributes() {
        assert_eq!(
            escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn frames_json_cannot_close_its_script_element() {
        let json = frames_json(&[frame(true)]);
        assert!(!json.contains('<'), "{json}");
        assert!(
            json.contains("\"caption\": \"\\u003c/script>\\u003cb>\""),
            "{json}"
        );
        assert!(json.contains("\"illegal\": true"));
    }

    #[test]
    fn the_page_has_a_row_per_test_stills_and_a_player() {
        let tests = vec![wrong(vec![frame(false), frame(true)]), wrong(Vec::new())];
        let page = page(&[run(tests)], &[]);
        assert_eq!(
            page.matches("<tr data-test=\"t&amp;1\" data-verdict=\"WA\">")
                .count(),
            2
        );
        assert!(page.contains("<td>case 1: &lt;bad&gt;</td>") && page.contains("mine&lt;1&gt;.rs"));
        assert!(page.contains("<td class=\"num\">3 / 1</td>"));
        assert_eq!(
            page.matches("<section class=\"replay\"").count(),
            1,
            "no frames, no replay"
        );
        // The stills as `judge show --no-color` draws them, escaped: `+` the empty goal cell.
        assert!(page.contains("<noscript><pre class=\"stills\">move 0/1: &lt;/script&gt;"));
        let last = "move 1/1: &lt;/script&gt;&lt;b&gt;  illegal\n&lt;b&gt; +  !\n</pre></noscript>";
        assert!(page.contains(last), "{page}");
        assert!(page.contains("max=\"1\"") && page.contains("<label for=\"r0-0-at\">"));
        assert!(
            !page.contains("class=\"charts\""),
            "no charts given, no section"
        );
    }

    #[test]
    fn charts_are_inserted_with_their_titles_escaped() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"c\"></svg>";
        let page = page(&[], &[("A < B".to_string(), Ok(svg.to_string()))]);
        assert!(page.contains(&format!("<figure>{svg}<figcaption>A &lt; B</figcaption>")));
    }

    #[test]
    fn a_missing_chart_is_said_in_its_place() {
        let why = "no accepted test to chart".to_string();
        let page = page(&[], &[("a<b".to_string(), Err(why))]);
        let said = "<p class=\"no-chart\">No chart for a&lt;b: no accepted test to chart</p>";
        assert!(page.contains(said), "{page}");
    }
}
