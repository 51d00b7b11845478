//! A Huarong answer replayed move by move on the reference's rules: what a valid answer claims, or
//! the first thing wrong with it (unreadable, an illegal move, not at the goal).

use super::parse::{clip, read_number};
use super::search::{destinations, occupancy, shape_classes};
use super::{show, Answer, Input, Layouts, Metric, Pos, Rules};

/// What is wrong with an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wrong {
    /// The text is not an answer: empty, a count that is not one, or text after `unsolvable`.
    Unreadable(String),
    /// Move `step` (1-based) cannot be made, and why.
    Illegal { step: usize, why: String },
    /// Every move is legal, but the target does not end at its goal.
    NotAtGoal(String),
}

impl std::fmt::Display for Wrong {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Wrong::Unreadable(why) | Wrong::NotAtGoal(why) => f.write_str(why),
            Wrong::Illegal { step, why } => write!(f, "move {step}: {why}"),
        }
    }
}

/// Validates a program's answer and says what it claims, or names the first thing wrong with it.
/// Whether `unsolvable` is true is the caller's question: it needs the optimum.
pub fn replay(p: &impl Input, output: &[u8]) -> Result<Answer, Wrong> {
    let text = String::from_utf8_lossy(output);
    // Lazy lines, so that a flood of lines costs no memory; trailing blank lines do not count.
    let mut lines = text.trim_end().lines().map(str::trim);
    let unreadable = |why: String| Err(Wrong::Unreadable(why));
    let Some(first) = lines.next() else {
        return unreadable("empty output; expected the number of moves or `unsolvable`".into());
    };
    if first == "unsolvable" {
        return match lines.next() {
            None => Ok(Answer::Unsolvable),
            Some(extra) => unreadable(format!("output after `unsolvable`: {:?}", clip(extra))),
        };
    }
    let Some(k) = read_number(first) else {
        let why = format!(
            "first line {:?} is neither a number of moves nor `unsolvable`",
            clip(first)
        );
        return unreadable(why);
    };
    let listed = lines.clone().count();
    if listed != k {
        return unreadable(format!("says {k} moves but lists {listed}"));
    }
    let rules = p.rules();
    let mut at: Vec<Pos> = rules.blocks.iter().map(|b| b.at).collect();
    for (i, line) in lines.enumerate() {
        play(&rules, &mut at, line).map_err(|why| Wrong::Illegal { step: i + 1, why })?;
    }
    p.check_goal(&at, k).map_err(Wrong::NotAtGoal)?;
    Ok(Answer::Moves(k as u64))
}

impl Layouts {
    /// The first block whose goal corner no block of its shape has in `at`, if one has not.
    pub(super) fn unfilled(&self, at: &[Pos]) -> Option<usize> {
        for class in shape_classes(&self.rules(), None) {
            let mut corners: Vec<Pos> = class.iter().filter_map(|&b| at.get(b).copied()).collect();
            for &b in &class {
                match corners.iter().position(|&c| Some(&c) == self.goal.get(b)) {
                    Some(i) => {
                        corners.swap_remove(i);
                    }
                    None => return Some(b),
                }
            }
        }
        None
    }
}

/// Plays one `NAME (r1,c1) (r2,c2)` line on the block positions `at`, by `p`'s rules.
pub fn play(p: &Rules, at: &mut [Pos], line: &str) -> Result<(), String> {
    let (name, from, to) = read_move(line).ok_or_else(|| {
        format!(
            "cannot read {:?}; expected NAME (r1,c1) (r2,c2)",
            clip(line)
        )
    })?;
    let b = p.blocks.iter().position(|block| block.name == name);
    let b = b.ok_or_else(|| format!("block {:?} does not exist", clip(name)))?;
    let now = *at
        .get(b)
        .ok_or("the block list and the positions disagree")?;
    if now != from {
        return Err(format!(
            "block {name} is at {}, not {}",
            show(now),
            show(from)
        ));
    }
    if to == from {
        return Err(format!("block {name} stays at {}: not a move", show(from)));
    }
    let grid = occupancy(p, at);
    if !destinations(p, &grid, b, from).contains(&to) {
        let cannot = format!("block {name} cannot reach {} from {}", show(to), show(from));
        // Where a free path leads there, the metric is what forbids it: name it.
        let any_path = Rules {
            metric: Metric::Moves,
            ..*p
        };
        let metric = match p.metric {
            Metric::Straight => "under `straight` a move goes one way",
            Metric::Steps => "under `steps` a move is one cell",
            Metric::Moves => return Err(cannot),
        };
        if destinations(&any_path, &grid, b, from).contains(&to) {
            return Err(format!("{cannot} in one move: {metric}"));
        }
        return Err(cannot);
    }
    at[b] = to;
    Ok(())
}

/// `NAME (r1,c1) (r2,c2)`: a block's name, its corner before and after the move.
pub fn read_move(line: &str) -> Option<(&str, Pos, Pos)> {
    let mut tokens = line.split_whitespace();
    let (name, from, to) = (tokens.next()?, tokens.next()?, tokens.next()?);
    if tokens.next().is_some() {
        return None;
    }
    Some((name, read_corner(from)?, read_corner(to)?))
}

/// `(r,c)` exactly, without spaces.
fn read_corner(token: &str) -> Option<Pos> {
    let inside = token.strip_prefix('(')?.strip_suffix(')')?;
    let (r, c) = inside.split_once(',')?;
    Some((read_number(r)?, read_number(c)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::huarong::reference::testing::{layouts, puzzle, SAMPLE};

    fn replayed(input: &str, output: &str) -> Result<Answer, String> {
        replay(&puzzle(input), output.as_bytes()).map_err(|wrong| wrong.to_string())
    }

    /// Asserts that replaying `output` on the sample fails for `reason`.
    fn rejected(output: &str, reason: &str) {
        let found = replayed(SAMPLE, output);
        assert_eq!(found, Err(reason.to_string()), "{output:?}");
    }

    #[test]
    fn valid_answers_replay_to_their_claim() {
        let sample = "2\nC (0,2) (1,3)\nB (1,0) (0,1)\n\n  \n";
        assert_eq!(replayed(SAMPLE, sample), Ok(Answer::Moves(2)));
        assert_eq!(replayed(SAMPLE, "unsolvable\n"), Ok(Answer::Unsolvable));
        assert_eq!(replayed("1 2\nA .\nA\n0 0\n", "0\n"), Ok(Answer::Moves(0)));
    }

    #[test]
    fn unreadable_answers_say_what_was_expected() {
        rejected(
            "",
            "empty output; expected the number of moves or `unsolvable`",
        );
        let two = "first line \"two\" is neither a number of moves nor `unsolvable`";
        rejected("two\n", two);
        rejected("unsolvable\n0\n", "output after `unsolvable`: \"0\"");
        rejected(
            "3\nC (0,2) (1,3)\nB (1,0) (0,1)\n",
            "says 3 moves but lists 2",
        );
        rejected(
            "1\nC (0,2) (1,3)\nB (1,0) (0,1)\n",
            "says 1 moves but lists 2",
        );
        let cut = "move 2: cannot read \"B (1,0) (0,1\"; expected NAME (r1,c1) (r2,c2)";
        rejected("2\nC (0,2) (1,3)\nB (1,0) (0,1\n", cut);
        let extra = "move 1: cannot read \"C (0,2) (1,3) x\"; expected NAME (r1,c1) (r2,c2)";
        rejected("2\nC (0,2) (1,3) x\nB (1,0) (0,1)\n", extra);
        let far = "1\nC (0,2) (99999999999999999999,0)\n";
        assert!(replayed(SAMPLE, far).is_err_and(|e| e.contains("cannot read")));
    }

    #[test]
    fn illegal_moves_name_the_move_and_the_reason() {
        let then_b = "B (1,0) (0,1)\n";
        rejected(
            &format!("2\nQ (0,2) (1,3)\n{then_b}"),
            "move 1: block \"Q\" does not exist",
        );
        let elsewhere = "move 1: block C is at (0,2), not (0,3)";
        rejected(&format!("2\nC (0,3) (1,3)\n{then_b}"), elsewhere);
        let stays = "move 1: block C stays at (0,2): not a move";
        rejected(&format!("2\nC (0,2) (0,2)\n{then_b}"), stays);
        let blocked = "move 1: block B cannot reach (0,1) from (1,0)";
        rejected("2\nB (1,0) (0,1)\nC (0,2) (1,3)\n", blocked);
        let short = "after the last move the target B is at (1,0), not (0,1)";
        rejected("1\nC (0,2) (1,3)\n", short);
        rejected(
            "0\n",
            "says 0 moves, but the target B is at (1,0), not (0,1)",
        );
    }

    #[test]
    fn one_move_means_what_the_metric_says() {
        let corner = "2 2\nA .\n. .\nA\n1 1\n";
        let diagonal = "1\nA (0,0) (1,1)\n";
        assert_eq!(replayed(corner, diagonal), Ok(Answer::Moves(1)));
        let not_straight = "move 1: block A cannot reach (1,1) from (0,0) in one move: under \
                            `straight` a move goes one way"
            .to_string();
        assert_eq!(
            replayed(&format!("{corner}straight\n"), diagonal),
            Err(not_straight)
        );
        let corridor = "1 3\nA . .\nA\n0 2\n";
        let slide = "1\nA (0,0) (0,2)\n";
        assert_eq!(
            replayed(&format!("{corridor}straight\n"), slide),
            Ok(Answer::Moves(1))
        );
        let too_far = "move 1: block A cannot reach (0,2) from (0,0) in one move: under `steps` a \
                       move is one cell"
            .to_string();
        assert_eq!(replayed(&format!("{corridor}steps\n"), slide), Err(too_far));
        // Where no free path leads, the metric is not named: it is not the reason.
        let walled = "1 3\nA B .\nA\n0 2\nsteps\n";
        let through = "move 1: block A cannot reach (0,2) from (0,0)".to_string();
        assert_eq!(replayed(walled, slide), Err(through));
    }

    #[test]
    fn layouts_answers_replay_to_the_goal_layout_up_to_swaps() {
        let l = layouts("1 3\nA B .\n. B A\n");
        let two = "2\nB (0,1) (0,2)\nA (0,0) (0,1)\n";
        let replayed = |output: &str| replay(&l, output.as_bytes()).map_err(|w| w.to_string());
        assert_eq!(replayed(two), Ok(Answer::Moves(2)));
        assert_eq!(replayed("unsolvable\n"), Ok(Answer::Unsolvable));
        let short = "after the last move the board is not the goal layout: no block of A's shape \
                     has its corner at (0,1)";
        assert_eq!(replayed("1\nB (0,1) (0,2)\n"), Err(short.to_string()));
        let zero = "says 0 moves, but the start is not the goal layout: no block of B's shape has \
                    its corner at (0,2)";
        assert_eq!(replayed("0\n"), Err(zero.to_string()));
        let illegal = "move 1: block A cannot reach (0,1) from (0,0)";
        assert_eq!(replayed("1\nA (0,0) (0,1)\n"), Err(illegal.to_string()));
        assert!(l.check_goal(&[(0, 1), (0, 2)], 1).is_ok());
        assert!(l.check_goal(&[(0, 0), (0, 2)], 1).is_err());
    }
}
