//! A search's trace beside a plain BFS's layers as a text table, for `-v`: per depth the start
//! side's frontier, the plain BFS's layer and the goal side's, the first layer that differs marked.

use crate::model::trace::Frontiers;
use std::fmt::Write;

/// A submission's trace of one case beside a plain BFS from the same board, for `-v`: per depth the
/// start side's frontier, the plain BFS's layer (which a correct start side matches, but for a
/// partial last layer), and the goal side's. The first start layer that differs is marked: there the
/// search went wrong.
pub fn table(frontiers: &Frontiers, plain: &[usize], case: usize) -> String {
    let mut text = format!(
        "your trace of case {} (BFS_TRACE=1) beside a plain BFS from its board:\n",
        case + 1
    );
    text += "depth  start side  plain BFS  goal side\n";
    // The trace's depths and one more: the rest of a long plain BFS would bury them.
    let traced = frontiers.start.len().max(frontiers.goal.len());
    let depths = (traced + 1).min(plain.len()).max(traced);
    let cell = |layers: &[usize], d: usize| layers.get(d).map_or("-".into(), usize::to_string);
    // The layer the sides met in may be partial; the ones before it must match exactly.
    let whole = frontiers.met.map_or(usize::MAX, |m| m.start_half);
    let first_wrong = (0..depths.min(whole)).find(|&d| {
        let start = frontiers.start.get(d);
        start.is_some() && start != plain.get(d)
    });
    for d in 0..depths {
        let mark = if Some(d) == first_wrong {
            "  <- differs"
        } else {
            ""
        };
        let _ = writeln!(
            text,
            "{d:>5}  {:>10}  {:>9}  {:>9}{mark}",
            cell(&frontiers.start, d),
            cell(plain, d),
            cell(&frontiers.goal, d)
        );
    }
    if plain.len() > depths {
        let goal = plain.len() - 1;
        let _ = writeln!(text, "… the plain BFS reaches the goal at depth {goal}");
    }
    if let Some(m) = frontiers.met {
        let goal_half = m.moves.saturating_sub(m.start_half);
        let _ = writeln!(
            text,
            "the sides met: {} + {goal_half} = {} moves",
            m.start_half, m.moves
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::trace::Meeting;

    #[test]
    fn the_table_marks_the_first_layer_a_plain_bfs_does_not_have() {
        let frontiers = Frontiers {
            start: vec![1, 3, 7],
            goal: vec![1, 2],
            met: Some(Meeting {
                moves: 4,
                start_half: 2,
                visited: None,
            }),
            visited: 14,
        };
        let text = table(&frontiers, &[1, 3, 6, 12, 20], 0);
        let rows: Vec<&str> = text.lines().skip(2).collect();
        assert_eq!(rows[1], "    1           3          3          2");
        assert!(
            !rows[2].contains("differs"),
            "the meeting layer may be partial"
        );
        assert_eq!(rows[3], "    3           -         12          -");
        assert_eq!(rows[4], "… the plain BFS reaches the goal at depth 4");
        assert!(text.ends_with("the sides met: 2 + 2 = 4 moves\n"));
        let wrong = Frontiers {
            met: None,
            ..frontiers
        };
        assert!(table(&wrong, &[1, 3, 6], 0)
            .lines()
            .nth(4)
            .is_some_and(|r| r.ends_with("<- differs")));
        let early = Frontiers {
            start: vec![1, 4, 7],
            ..wrong
        };
        let marked = table(&early, &[1, 3, 6], 0).matches("<- differs").count();
        assert_eq!(marked, 1, "only the first layer that differs");
    }
}
