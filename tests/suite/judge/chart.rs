//! `judge chart`: a search's frontiers drawn from its own `BFS_TRACE=1` run in the sandbox, the
//! project's solution's or a submission's, on any case of a test.

use assert_cmd::Command;

fn judge() -> Command {
    Command::cargo_bin("judge").expect("judge is built")
}

/// The `data-size` of every point of series `class` in an SVG, in order.
fn sizes(svg: &str, class: &str) -> Vec<usize> {
    let series = svg
        .split(&format!("<g class=\"{class}\""))
        .nth(1)
        .and_then(|rest| rest.split("</g>").next())
        .unwrap_or_default();
    let sizes = series.split("data-size=\"").skip(1);
    sizes
        .map(|s| {
            s.split('"')
                .next()
                .unwrap_or_default()
                .parse()
                .expect("a size")
        })
        .collect()
}

#[test]
fn the_solutions_chart_meets_in_the_middle_of_the_hardest_board() {
    let assert = judge().args(["chart", "eight", "002"]).assert().success();
    let svg = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert_eq!(
        sizes(&svg, "forward")[..3],
        [1, 3, 5],
        "the start side's first layers"
    );
    assert!(sizes(&svg, "backward").len() > 10, "the goal side grew too");
    assert!(
        stderr.contains("plain BFS 181440 states in 32 layers"),
        "{stderr}"
    );
}

/// A one-move case: one layer is "1 layer" and one move "1 move", on stderr and in the chart's
/// description.
#[test]
fn one_layer_and_one_move_are_said_in_the_singular() {
    let assert = judge().args(["chart", "eight", "009"]).assert().success();
    let svg = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(stderr.contains("(start 1 layer, goal 0)"), "{stderr}");
    assert!(svg.contains("1 start layer, 0 goal layers"), "{svg}");
    assert!(svg.contains(" = 1 move.</desc>"), "{svg}");
}

#[test]
fn a_submissions_chart_comes_from_its_sandboxed_trace() {
    let fixture = "tests/fixtures/eight/traced_wrong.py";
    let assert = judge()
        .args(["chart", "eight", "001", fixture])
        .assert()
        .success();
    let svg = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert_eq!(
        sizes(&svg, "forward"),
        [1, 3, 99],
        "the fixture's own layers"
    );
    assert!(
        sizes(&svg, "backward").is_empty(),
        "it never grows a goal side"
    );
}

#[test]
fn a_chart_may_draw_any_case_of_a_test() {
    let second = judge()
        .args(["chart", "eight", "006", "--case", "2"])
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&second.get_output().stderr).into_owned();
    assert!(
        stderr.starts_with("eight 006-random-500, case 2: plain BFS"),
        "{stderr}"
    );
}

#[test]
fn a_submission_without_a_trace_or_that_is_stopped_is_told_so() {
    let silent = "tests/fixtures/eight/suboptimal.rs";
    let assert = judge()
        .args(["chart", "eight", "001", silent])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(stderr.contains("printed no trace of case 1"), "{stderr}");
    let looping = "tests/fixtures/eight/infinite_loop.c";
    let args = ["chart", "eight", "001", looping, "--time-limit", "100"];
    let stopped = judge().args(args).assert().code(2);
    let stderr = String::from_utf8_lossy(&stopped.get_output().stderr).into_owned();
    assert!(
        stderr.contains("is TLE") && stderr.contains("not whole"),
        "{stderr}"
    );
}

#[test]
fn a_puzzle_without_a_two_sided_search_has_no_chart() {
    let assert = judge()
        .args(["chart", "noip_huarong", "007"])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        stderr.contains("noip_huarong has no two-sided chart") && !stderr.contains("no trace"),
        "{stderr}"
    );
}
