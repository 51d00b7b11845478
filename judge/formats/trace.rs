//! Reads a search's `BFS_TRACE=1` stderr: per case, the layers each side grew and where the sides
//! met. A line is `[case N: ]start|goal depth D: frontier F, visited V`, `[case N: ]goal side: N …`
//! or `[case N: ]met at M moves (start A + goal B)[, visited X + Y]`; lines without `case N: ` belong
//! to case 1, and other lines are not the trace's. Bounded: a submission's trace cannot make the
//! judge allocate much, and its numbers must add up before anything is drawn from them.

use crate::model::execution::CUT;
use crate::model::trace::{Event, Frontiers, Meeting, Side, Trace};

/// The deepest layer a trace may name: far past any puzzle here (31 and 81 moves), and a bound on
/// what a submission's trace can make the judge allocate.
const MAX_DEPTH: usize = 10_000;
/// The most cases a trace may name.
const MAX_CASES: usize = 100_000;

/// Every case's events.
pub fn parse(stderr: &str) -> Result<Trace, String> {
    let mut trace = Trace::default();
    let mut lines: Vec<&str> = stderr.lines().collect();
    // A program stopped mid-line (TLE) never finished its last line: one that does not read as the
    // trace's is no line of it.
    let unfinished = lines.last().filter(|_| !stderr.ends_with('\n'));
    if unfinished.is_some_and(|last| parsed_line(last).is_err()) {
        lines.pop();
    }
    if let Some(cut) = lines.iter().position(|l| *l == CUT) {
        lines.truncate(cut.saturating_sub(1)); // the line before the cut was broken by it
        trace.cut = true;
    }
    for line in lines {
        if let Some((case, event)) = parsed_line(line)? {
            if trace.cases.len() <= case {
                trace.cases.resize(case + 1, Vec::new());
            }
            trace.cases[case].push(event);
        }
    }
    Ok(trace)
}

/// One line of stderr: the case it is of (0-based) and the event it tells, `None` for a line that is
/// not the trace's.
fn parsed_line(line: &str) -> Result<Option<(usize, Event)>, String> {
    let (case, line) = match line.strip_prefix("case ").and_then(|r| r.split_once(": ")) {
        Some((number, rest)) => match number.parse::<usize>() {
            Ok(n) if (1..=MAX_CASES).contains(&n) => (n - 1, rest),
            _ => return Err(format!("trace line `{line}`: no case {number}")),
        },
        None => (0, line),
    };
    Ok(event(line)?.map(|event| (case, event)))
}

/// The frontiers of case `case` (0-based), checked to add up. A goal side kept from case to case
/// (Eight's) shows the layers earlier cases grew too: the case met what they built.
pub fn parse_trace(stderr: &str, case: usize) -> Result<Frontiers, String> {
    let trace = parse(stderr)?;
    let goal_side = |e: &&Event| match e {
        Event::Layer { side, .. } => *side == Side::Goal,
        Event::GoalRoots(_) => true,
        _ => false,
    };
    let kept = (0..case).flat_map(|c| trace.case(c)).filter(goal_side);
    let events: Vec<Event> = kept.chain(trace.case(case)).copied().collect();
    let f = Frontiers::of(&events);
    match f.met {
        Some(m) if m.start_half > m.moves || f.goal.len() > m.moves + 1 => {
            Err("the trace's meeting does not fit its layers".into())
        }
        _ => Ok(f),
    }
}

/// The event one line tells, `None` for a line that is not the trace's.
fn event(line: &str) -> Result<Option<Event>, String> {
    let bad = || format!("trace line `{line}` is not in the BFS_TRACE format");
    if let Some(rest) = line.strip_prefix("goal side: ") {
        let roots = numbers(rest).first().copied().ok_or_else(bad)?;
        return Ok(Some(match rest.starts_with("more than ") {
            true => Event::GoalWaits(roots),
            false => Event::GoalRoots(roots),
        }));
    }
    if let Some(rest) = line.strip_prefix("met at ") {
        let n = numbers(rest);
        let (moves, start_half, visited) = match n[..] {
            [moves, start_half, _, a, b] => (moves, start_half, Some((a, b))),
            [moves, start_half, _, ..] => (moves, start_half, None),
            _ => return Err(bad()),
        };
        if moves > 2 * MAX_DEPTH || start_half > moves {
            return Err(bad());
        }
        let meeting = Meeting {
            moves,
            start_half,
            visited,
        };
        return Ok(Some(Event::Met(meeting)));
    }
    let Some((side, rest)) = line.split_once(" depth ") else {
        return Ok(None);
    };
    let side = match side {
        "start" => Side::Start,
        "goal" => Side::Goal,
        _ => return Ok(None),
    };
    let [depth, frontier, visited] = numbers(rest)[..] else {
        return Err(bad());
    };
    if depth > MAX_DEPTH {
        return Err(format!("trace line `{line}`: a depth past {MAX_DEPTH}"));
    }
    Ok(Some(Event::Layer {
        side,
        depth,
        frontier,
        visited,
    }))
}

/// The whole numbers in `text`; one too large for a `usize` is left out.
fn numbers(text: &str) -> Vec<usize> {
    let words = text.split(|c: char| !c.is_ascii_digit());
    words.filter_map(|w| w.parse().ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hostile_trace_is_refused_not_followed() {
        let huge = "start depth 100000000000000: frontier 1, visited 1\n";
        assert!(parse_trace(huge, 0).is_err_and(|e| e.contains("a depth past 10000")));
        let past_u64 = "start depth 18446744073709551616: frontier 1, visited 1\n";
        assert!(parse_trace(past_u64, 0).is_err());
        let backwards = "met at 1 moves (start 5 + goal 0)\n";
        assert!(parse_trace(backwards, 0).is_err());
        let visited = "start depth 1: frontier 1, visited 18446744073709551615\n\
                       goal depth 1: frontier 1, visited 5\n";
        assert_eq!(parse_trace(visited, 0).map(|f| f.visited), Ok(usize::MAX));
        assert!(parse("case 0: start depth 1: frontier 1, visited 2\n").is_err());
        assert!(parse("case 999999999: start depth 1: frontier 1, visited 2\n").is_err());
        // Unfinished (no newline after it), a bad last line is a stopped run's, and left out.
        assert!(parse("case 0: start depth 1: frontier 1, visited 2").is_ok_and(|t| t.is_empty()));
    }

    /// The head and tail of the real trace of `8 6 7 2 5 4 3 x 1`, with a second case after it.
    const EIGHT: &str = "\
case 1: goal depth 1: frontier 2, visited 3
case 1: start depth 1: frontier 3, visited 4
case 1: goal depth 2: frontier 4, visited 7
case 1: start depth 2: frontier 5, visited 9
case 1: met at 5 moves (start 2 + goal 3), visited 12 + 15
case 2: start depth 1: frontier 99, visited 100
";

    #[test]
    fn an_eight_trace_gives_both_sides_and_the_meeting_of_each_case() {
        let f = parse_trace(EIGHT, 0).expect("a trace");
        assert_eq!(f.start, [1, 3, 5]);
        assert_eq!(f.goal, [1, 2, 4]);
        let met = Meeting {
            moves: 5,
            start_half: 2,
            visited: Some((12, 15)),
        };
        assert_eq!((f.met, f.visited), (Some(met), 27));
        let second = parse_trace(EIGHT, 1).expect("a trace");
        assert_eq!((second.start, second.met), (vec![1, 99], None));
        assert_eq!(second.goal, [1, 2, 4], "the goal side case 1 grew, kept");
        let trace = parse(EIGHT).expect("a trace");
        assert_eq!(trace.cases.len(), 2);
        let first = Event::Layer {
            side: Side::Goal,
            depth: 1,
            frontier: 2,
            visited: 3,
        };
        assert_eq!(trace.case(0)[0], first, "in the order printed");
        assert!(trace.case(7).is_empty() && !trace.is_empty());
    }

    #[test]
    fn a_huarong_trace_counts_the_goal_roots() {
        let trace = "\
start depth 1: frontier 4, visited 5
goal side: 6795 arrangements with the target at its goal
goal depth 1: frontier 900, visited 7695
start depth 2: frontier 6, visited 11
walks: the empty cell's searches reached 12 cells
met at 4 moves (start 2 + goal 2)
";
        let f = parse_trace(trace, 0).expect("a trace");
        assert_eq!((f.start, f.goal), (vec![1, 4, 6], vec![6795, 900]));
        assert_eq!(f.visited, 11 + 7695);
        let one_sided = parse_trace(
            "start depth 1: frontier 4, visited 5\nmet at 1 moves (start 1 + goal 0)\n",
            0,
        );
        let one_sided = one_sided.expect("a trace");
        assert!(one_sided.goal.is_empty());
        assert_eq!(one_sided.visited, 5);
    }

    #[test]
    fn lines_that_are_not_the_traces_are_refused_or_skipped() {
        assert!(parse_trace("start depth one: frontier 4\n", 0).is_err());
        assert!(parse_trace("start depth 1: frontier 4, visited x\n", 0).is_err());
        // A run stopped mid-line: the unfinished last line is no line of the trace.
        let stopped = "start depth 0: frontier 1, visited 1\nstart depth 1: frontier ";
        assert_eq!(parse(stopped).expect("a trace").case(0).len(), 1);
        assert!(parse("your program's own debugging line\n").is_ok_and(|t| t.is_empty()));
    }

    #[test]
    fn a_goal_side_that_waits_is_read_with_its_weight() {
        let waits = parse(
            "goal side: more than 2048 arrangements, so it waits
",
        )
        .expect("a trace");
        assert_eq!(waits.case(0), [Event::GoalWaits(2048)]);
    }

    #[test]
    fn a_cut_trace_ends_before_the_broken_line() {
        let cut = "case 1: met at 3 moves (start 1 + goal 2)
case 2: start depth 1: fro
[...]
                   goal depth 7: frontier 1, visited 2
";
        let trace = parse(cut).expect("read up to the cut");
        assert!(trace.cut && trace.cases.len() == 1, "{trace:?}");
        assert!(matches!(trace.case(0), [Event::Met(_)]));
        assert!(!parse(EIGHT).expect("a trace").cut);
    }
}
