//! `judge play`'s screen: the board now, drawn as `judge show` draws a frame, and what the player
//! wants to know of it: the distance left and what the last move cost, a position seen before, and
//! at the goal the count against the optimum.

use super::count;
use super::frames::render;
use crate::model::optimum::Optimum;
use crate::puzzles::play::{Game, Seen};

/// The board, the block `selected` highlighted in place of the last move, and its status lines.
pub fn screen(game: &Game, color: bool, selected: Option<&str>) -> String {
    let made = game.moves.len();
    let mut board = game.board().clone();
    if let Some(name) = selected {
        let cells = board.cells.iter().enumerate();
        board.marked = cells
            .filter(|(_, c)| c.as_deref() == Some(name))
            .map(|(i, _)| i)
            .collect();
    }
    let mut text = render(&board, made, made, color);
    text += &status(game);
    text += "\n";
    if let Some(seen) = game.seen() {
        text += &seen_line(seen);
        text += "\n";
    }
    text
}

/// At the goal, the count against the optimum; else the distance left and what the last move cost.
fn status(game: &Game) -> String {
    let made = game.moves.len();
    let left = |at| game.left(at).and_then(|l| l.optimum);
    let optimum = left(0);
    if game.board().solved {
        return match optimum {
            Some(Optimum::Moves(best)) if best as usize == made => {
                format!("solved in {}, the optimum", count(made, "move"))
            }
            Some(Optimum::Moves(best)) => format!(
                "solved in {}, {} over the optimum of {best}",
                count(made, "move"),
                made - best as usize
            ),
            _ => format!("solved in {}", count(made, "move")),
        };
    }
    let now = match left(made) {
        Some(Optimum::Moves(n)) => n,
        Some(Optimum::Unsolvable) => {
            return format!("move {made}: no moves lead to the goal from here")
        }
        None => return format!("move {made}: the reference cannot search this board"),
    };
    let left_now = format!("move {made}: {} left", count(now as usize, "move"));
    let Some(Optimum::Moves(before)) = left(made.wrapping_sub(1)) else {
        return left_now;
    };
    // A move takes the distance down by one at most: what it adds to the whole count.
    match (now + 1).saturating_sub(before) {
        0 => format!("{left_now}; this move kept you on a shortest path"),
        cost => format!(
            "{left_now}; this move cost {}",
            count(cost as usize, "move")
        ),
    }
}

/// "same position as after move 7", "the mirror image of the position at the start".
fn seen_line(seen: Seen) -> String {
    let when = match seen.at {
        0 => "at the start".to_string(),
        at => format!("after move {at}"),
    };
    match seen.mirrored {
        false => format!("same position as {when}"),
        true => format!("the mirror image of the position {when}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::eight;
    use crate::puzzles::play::Command;

    #[test]
    fn an_unsolvable_board_says_so_and_has_no_hint() {
        let mut game = Game::new(&eight::PUZZLE, b"1 2 3 4 5 6 8 7 x", 0).expect("a game");
        let drawn = screen(&game, false, None);
        assert!(
            drawn.ends_with("move 0: no moves lead to the goal from here\n"),
            "{drawn}"
        );
        let hint = game.apply(Command::Hint);
        assert_eq!(hint, Err("no move leads to the goal".to_string()));
    }

    #[test]
    fn a_solved_start_is_the_optimum_of_0() {
        let game = Game::new(&eight::PUZZLE, b"12345678x", 0).expect("a game");
        let drawn = screen(&game, false, None);
        assert_eq!(
            drawn,
            "move 0/0: start\n1 2 3\n4 5 6\n7 8 .\nsolved in 0 moves, the optimum\n"
        );
    }

    #[test]
    fn a_selected_block_is_marked_in_place_of_the_last_move() {
        let input = b"3 4\nA A C .\nA B C .\nB B . .\nB\n0 1\n";
        let mut game = Game::new(&crate::puzzles::huarong::PUZZLE, input, 0).expect("a game");
        game.apply(Command::Moves(vec!["C (0,2) (0,3)".into()]))
            .expect("legal");
        let board = |drawn: String| drawn.lines().skip(1).take(3).collect::<Vec<_>>().join("/");
        assert_eq!(
            board(screen(&game, false, None)),
            "A A + C*/A B + C*/B B . ."
        );
        let selected = screen(&game, false, Some("B"));
        assert_eq!(board(selected), "A A + C/A B*+ C/B*B*. .");
    }
}
