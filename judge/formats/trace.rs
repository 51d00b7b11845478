//! Reads a search's `BFS_TRACE=1` stderr into its frontiers: the layers each side first reached,
//! and where the sides met. Bounded: a submission's trace cannot make the judge allocate much.

use crate::model::trace::{Frontiers, Meeting};

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
