//! Frontier sizes per layer: a solution's `BFS_TRACE=1` stderr read into both sides' layers, and the
//! layers of a plain one-sided BFS from the same board, from the judge's reference.

use crate::chart::chart_svg;
use crate::check::{self, Checker};
#[cfg(test)]
use crate::check::{eight, huarong};
use crate::error::JudgeError;
use crate::files;
use crate::outcome::{ProblemOutcome, ProblemRun};
use crate::problem::{self, Problem, Test};
use crate::run::Program;
use crate::session::Session;
use crate::session::MAX_TEST_BYTES;
use std::cmp::Reverse;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// What a bidirectional search did on one case, as its trace tells it.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Frontiers {
    /// `start[d]`: positions the start side first reached `d` moves from the start (`start[0]` = 1).
    pub start: Vec<usize>,
    /// `goal[d]`: positions the goal side first reached `d` moves from its roots; empty if never built.
    pub goal: Vec<usize>,
    /// Where the sides met, if they did.
    pub met: Option<Meeting>,
    /// Positions visited by both sides together, meeting layer included.
    pub visited: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meeting {
    /// Length of the answer, in moves.
    pub moves: usize,
    /// How many of those moves the start side found; the goal side found the rest.
    pub start_half: usize,
}

/// The deepest layer a trace may name: far past any puzzle here (31 and 81 moves), and a bound on
/// what a submission's trace can make the judge allocate.
const MAX_DEPTH: usize = 10_000;

/// Reads the first case of a trace (Eight prefixes lines with `case N: `, Huarong has one case).
/// The layer a side stopped in when the sides met may be partial, and Eight does not print it.
pub fn parse_trace(stderr: &str) -> Result<Frontiers, String> {
    let mut f = Frontiers {
        start: vec![1],
        ..Frontiers::default()
    };
    let (mut last_start, mut last_goal, mut goal_roots) = (1, 0, None);
    for line in stderr.lines() {
        let line = match line.strip_prefix("case ") {
            Some(rest) if rest.starts_with("1: ") => &rest[3..],
            Some(_) => continue,
            None => line,
        };
        let bad = || format!("trace line `{line}` is not in the BFS_TRACE format");
        if let Some(rest) = line.strip_prefix("goal side: ") {
            goal_roots = Some(first_number(rest).ok_or_else(bad)?);
        } else if let Some(rest) = line.strip_prefix("met at ") {
            let n = numbers(rest);
            let [moves, start_half, _, ..] = n[..] else {
                return Err(bad());
            };
            if moves > 2 * MAX_DEPTH {
                return Err(bad());
            }
            f.met = Some(Meeting { moves, start_half });
            if let [_, _, _, a, b] = n[..] {
                (last_start, last_goal) = (a, b); // Eight counts its unprinted last layer here
            }
        } else if let Some((side, rest)) = line.split_once(" depth ") {
            let [depth, frontier, visited] = numbers(rest)[..] else {
                return Err(bad());
            };
            if depth > MAX_DEPTH {
                return Err(format!("trace line `{line}`: a depth past {MAX_DEPTH}"));
            }
            let layers = match side {
                "start" => &mut f.start,
                "goal" => &mut f.goal,
                _ => return Err(bad()),
            };
            set_layer(layers, depth, frontier);
            *(if side == "start" {
                &mut last_start
            } else {
                &mut last_goal
            }) = visited;
        }
    }
    // Eight's goal side has one root, the goal, and never prints it; Huarong's prints its count.
    if !f.goal.is_empty() || goal_roots.is_some() {
        set_layer(&mut f.goal, 0, goal_roots.unwrap_or(1));
        last_goal = last_goal.max(goal_roots.unwrap_or(1));
    }
    f.visited = last_start.saturating_add(last_goal);
    match f.met {
        // The numbers come from a program: they must add up before anything is drawn from them.
        Some(m) if m.start_half > m.moves || f.goal.len() > m.moves + 1 => {
            Err("the trace's meeting does not fit its layers".into())
        }
        _ => Ok(f),
    }
}

fn set_layer(layers: &mut Vec<usize>, depth: usize, size: usize) {
    if layers.len() <= depth {
        layers.resize(depth + 1, 0);
    }
    layers[depth] = size;
}

fn numbers(text: &str) -> Vec<usize> {
    let words = text.split(|c: char| !c.is_ascii_digit());
    words.filter_map(|w| w.parse().ok()).collect()
}

fn first_number(text: &str) -> Option<usize> {
    numbers(text).first().copied()
}

/// The layer sizes of a plain BFS from the first case of `input`, up to the goal's layer, by the
/// checker's reference.
pub fn plain_layers(checker: &dyn Checker, input: &[u8]) -> Result<Vec<usize>, String> {
    checker
        .plain_layers(input)
        .unwrap_or_else(|| Err("this problem has no plain BFS to compare with".into()))
}

/// Runs the problem's own solution on `test` with `BFS_TRACE=1` and reads its trace. The solution is
/// compiled as the judge compiles it, but run plainly, without the launcher: it is the project's own
/// trusted code (a source outside the project is refused), its trace must reach us whole (the
/// launcher keeps only the ends of stderr), and the chart measures no time or memory. The input is
/// read as tests are (a regular file, bounded), and the run has a deadline.
pub fn trace_solution(
    session: &Session,
    problem: &Problem,
    test: &Test,
) -> Result<Frontiers, JudgeError> {
    ensure_inside(session.root, &problem.solution)?;
    let (run, program) = session.compile(problem)?;
    let program = program.ok_or_else(|| {
        let message = run.compile.failure().unwrap_or_default();
        JudgeError::new(format!("the solution does not compile: {message}"))
    })?;
    let input = files::read_regular(&test.input, MAX_TEST_BYTES).map_err(JudgeError::new)?;
    let stderr = run_traced(&program, input)?;
    parse_trace(&stderr).map_err(|e| JudgeError::new(format!("{}: {e}", test.name)))
}

/// The charts run only code of the project's own: `solution` must lie inside `root`.
fn ensure_inside(root: &Path, solution: &Path) -> Result<(), JudgeError> {
    let path = root.join(solution);
    let found = |p: &Path| std::fs::canonicalize(p).map_err(|e| JudgeError::io("find", p, e));
    if found(&path)?.starts_with(found(root)?) {
        Ok(())
    } else {
        Err(JudgeError::new(format!(
            "{} is outside the project: only the project's own solutions run outside the sandbox",
            solution.display()
        )))
    }
}

/// The most a traced run may take, and the most of its stderr that is read.
const TRACE_DEADLINE: Duration = Duration::from_secs(10);
const MAX_TRACE_BYTES: u64 = 1 << 20;

/// Runs `program` with `BFS_TRACE=1` on `input`; its stderr, or why it failed.
fn run_traced(program: &Program, input: Vec<u8>) -> Result<String, JudgeError> {
    let mut child = Command::new(&program.path)
        .args(&program.args)
        .env("BFS_TRACE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| JudgeError::io("run", &program.path, e))?;
    // Written and read on threads of their own: a pipe that fills must not stop the other.
    let stdin = child.stdin.take();
    let writer = std::thread::spawn(move || stdin.map(|mut s| s.write_all(&input)));
    let stderr = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        stderr.map(|s| s.take(MAX_TRACE_BYTES).read_to_end(&mut text));
        text
    });
    let status = wait_until(&mut child, Instant::now() + TRACE_DEADLINE);
    let _ = writer.join();
    let stderr = reader.join().unwrap_or_default();
    match status {
        Some(status) if status.success() => Ok(String::from_utf8_lossy(&stderr).into_owned()),
        Some(status) => Err(JudgeError::new(format!("the solution failed: {status}"))),
        None => Err(JudgeError::new(format!(
            "the solution took more than {} s",
            TRACE_DEADLINE.as_secs()
        ))),
    }
}

/// The child's exit status, or `None` after killing it at `deadline`.
fn wait_until(child: &mut Child, deadline: Instant) -> Option<ExitStatus> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

/// A frontier chart and the line that sums it up.
pub struct Charted {
    pub title: String,
    pub svg: String,
    /// States each search visited: `eight 002-…: plain BFS 181440 states in 32 layers; …`.
    pub summary: String,
}

/// The chart of the problem's own solution on `test`'s first case against a plain BFS.
pub fn chart(session: &Session, problem: &Problem, test: &Test) -> Result<Charted, JudgeError> {
    let frontiers = trace_solution(session, problem, test)?;
    let input = files::read_regular(&test.input, MAX_TEST_BYTES).map_err(JudgeError::new)?;
    let plain =
        plain_layers(check::checker_of(problem)?.as_ref(), &input).map_err(JudgeError::new)?;
    let title = format!(
        "{}, test {}: frontier per BFS layer",
        problem.name, test.name
    );
    let summary = format!(
        "{} {}: plain BFS {} states in {} layers; bidirectional {} states (start {} layers, goal {})",
        problem.name,
        test.name,
        plain.iter().sum::<usize>(),
        plain.len(),
        frontiers.visited,
        frontiers.start.len(),
        frontiers.goal.len()
    );
    Ok(Charted {
        svg: chart_svg(&title, &frontiers, &plain),
        title,
        summary,
    })
}

/// For the page of `--html`: each judged problem's chart on its hardest accepted test, the one whose
/// first case (the case charted) has the largest optimum by its `.ans`, where the search has the most
/// to show. A chart that cannot be made is left out with a warning: it illustrates, it is no result.
pub fn hardest_charts(session: &Session, outcomes: &[ProblemOutcome]) -> Vec<(String, String)> {
    let judged = outcomes.iter().filter_map(|o| o.judged.as_ref().ok());
    let mut charts = Vec::new();
    for run in judged {
        match hardest_chart(session, run) {
            Ok(Some(charted)) => charts.push((charted.title, charted.svg)),
            Ok(None) => {}
            Err(e) => eprintln!("judge: warning: no frontier chart for {}: {e}", run.problem),
        }
    }
    charts
}

/// The chart of one run's hardest accepted test; `None` for a problem with no plain BFS to compare
/// with (its search is not a layered one), which has nothing to chart.
fn hardest_chart(session: &Session, run: &ProblemRun) -> Result<Option<Charted>, JudgeError> {
    let problem = problem::load(session.root, &run.problem)?;
    // Asked of no input, a checker with layers to compare says what is wrong with the input.
    if check::checker_of(&problem)?.plain_layers(b"").is_none() {
        return Ok(None);
    }
    let accepted = |t: &&Test| (run.tests.iter()).any(|r| r.name == t.name && r.finding.accepted());
    let tests = problem::tests(&problem, None)?;
    let hardest = tests
        .iter()
        .filter(accepted)
        .max_by_key(|t| first_optimum(t));
    let test = hardest.ok_or_else(|| JudgeError::new("no accepted test to chart"))?;
    chart(session, &problem, test).map(Some)
}

/// The first case's optimum as the test's `.ans` gives it (the judge checked it against the
/// reference); 0 without one. Ties go to the first test in name order.
fn first_optimum(test: &Test) -> (u64, Reverse<String>) {
    let text = test
        .answer
        .as_ref()
        .and_then(|a| files::read_regular(a, MAX_TEST_BYTES).ok())
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
    let first = text
        .as_deref()
        .and_then(|t| t.lines().next()?.trim().parse().ok());
    (first.unwrap_or(0), Reverse(test.name.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_solution_inside_the_project_runs_outside_the_sandbox() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert!(ensure_inside(root, Path::new("src/bin/eight.rs")).is_ok());
        // A file that surely exists outside the clone, wherever the clone lies: reached by a
        // relative path that climbs out, and by its absolute path.
        let elsewhere =
            std::env::temp_dir().join(format!("slidekit-outside-{}.rs", std::process::id()));
        std::fs::write(&elsewhere, "fn main() {}").unwrap();
        let climbing = Path::new("../".repeat(root.components().count()).as_str())
            .join(elsewhere.strip_prefix("/").unwrap());
        let by_climbing = ensure_inside(root, &climbing);
        let by_absolute = ensure_inside(root, &elsewhere);
        std::fs::remove_file(&elsewhere).unwrap();
        assert!(by_climbing.is_err_and(|e| e.message.contains("is outside the project")));
        assert!(by_absolute.is_err_and(|e| e.message.contains("is outside the project")));
    }

    #[test]
    fn a_hostile_trace_is_refused_not_followed() {
        let huge = "start depth 100000000000000: frontier 1, visited 1";
        assert!(parse_trace(huge).is_err_and(|e| e.contains("a depth past 10000")));
        let past_u64 = "start depth 18446744073709551616: frontier 1, visited 1";
        assert!(parse_trace(past_u64).is_err());
        let backwards = "met at 1 moves (start 5 + goal 0)";
        assert!(parse_trace(backwards).is_err());
        let visited = "start depth 1: frontier 1, visited 18446744073709551615\n\
                       goal depth 1: frontier 1, visited 5";
        assert_eq!(parse_trace(visited).map(|f| f.visited), Ok(usize::MAX));
    }

    #[test]
    fn an_eight_trace_gives_both_sides_and_the_meeting() {
        // The head and tail of the real trace of `8 6 7 2 5 4 3 x 1`, with a second case after it.
        let trace = "\
case 1: goal depth 1: frontier 2, visited 3
case 1: start depth 1: frontier 3, visited 4
case 1: goal depth 2: frontier 4, visited 7
case 1: start depth 2: frontier 5, visited 9
case 1: met at 5 moves (start 2 + goal 3), visited 12 + 15
case 2: start depth 1: frontier 99, visited 100
";
        let f = parse_trace(trace).expect("a trace");
        assert_eq!(f.start, [1, 3, 5]);
        assert_eq!(f.goal, [1, 2, 4]);
        let met = Meeting {
            moves: 5,
            start_half: 2,
        };
        assert_eq!((f.met, f.visited), (Some(met), 27));
    }

    #[test]
    fn a_huarong_trace_counts_the_goal_roots() {
        let trace = "\
start depth 1: frontier 4, visited 5
goal side: 6795 arrangements with the target at its goal
goal depth 1: frontier 900, visited 7695
start depth 2: frontier 6, visited 11
met at 4 moves (start 2 + goal 2)
";
        let f = parse_trace(trace).expect("a trace");
        assert_eq!((f.start, f.goal), (vec![1, 4, 6], vec![6795, 900]));
        assert_eq!(f.visited, 11 + 7695);
        let one_sided = parse_trace(
            "start depth 1: frontier 4, visited 5\nmet at 1 moves (start 1 + goal 0)\n",
        );
        let one_sided = one_sided.expect("a trace");
        assert!(one_sided.goal.is_empty());
        assert_eq!(one_sided.visited, 5);
        assert!(parse_trace("start depth one: frontier 4").is_err());
    }

    #[test]
    fn plain_layers_reach_the_goal_layer() {
        // `r` solves `1234567x8` in one move; the blank in the bottom row has three neighbours.
        let eight = eight::Eight::default();
        assert_eq!(plain_layers(&eight, b"1234567x8"), Ok(vec![1, 3]));
        assert_eq!(plain_layers(&eight, b"12345678x"), Ok(vec![1]));
        let sample = include_bytes!("../problems/huarong/tests/001-hackerrank-sample.in");
        let huarong = huarong::Huarong::default();
        let layers = plain_layers(&huarong, sample).expect("the sample parses");
        let text = std::str::from_utf8(sample).expect("UTF-8");
        let puzzle = huarong::reference::parse(text).expect("the sample parses");
        let optimum = huarong::reference::optimum(&puzzle).expect("solvable");
        assert_eq!(layers.len() as u64, optimum + 1);
    }
}
