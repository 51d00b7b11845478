//! Huarong answers replayed frame by frame, for `-v`, `judge show` and `--html`, on a board with a
//! target's goal (`huarong`) or a goal layout (`huarong_goal`): their registry `Replayer`.

use super::checker::{one_case, read, MAX_STATES};
use super::reference::{self, Input, Pos, Rules};
use crate::formats::text::printable;
use crate::model::frame::Frame;
use crate::puzzles::checker::{cut_short, MAX_FRAMES};

/// The answer to case `case` of `input` replayed from the start; stops at the first move that is
/// not legal. Where the goal is a whole layout no cell is a goal cell: a frame is solved when its
/// board is the goal layout.
pub fn frames<I: Input>(input: &[u8], output: &[u8], case: usize) -> Result<Vec<Frame>, String> {
    one_case::<I>(case)?;
    let read = read::<I>(input).map_err(|e| format!("input {e}"))?;
    let rules = read.rules();
    let size = (rules.rows, rules.cols);
    let goal = read.target().map_or(Vec::new(), |(t, at)| {
        covered(size, &rules.blocks[t].cells, at)
    });
    let frame = |at: &[Pos], moved| Frame {
        goal: goal.clone(),
        solved: read.check_goal(at, 0).is_ok(),
        ..drawn(&rules, at, moved)
    };
    let mut at: Vec<Pos> = rules.blocks.iter().map(|b| b.at).collect();
    let mut frames = vec![frame(&at, None)];
    let output = String::from_utf8_lossy(output);
    let mut lines = output.trim_end().lines().map(str::trim);
    if lines.next().map_or(true, |first| first == "unsolvable") {
        return Ok(frames);
    }
    for (i, line) in lines.clone().enumerate() {
        if i == MAX_FRAMES {
            cut_short(&mut frames, lines.count() - i);
            break;
        }
        let moved = reference::read_move(line);
        let legal = moved.is_some() && reference::play(&rules, &mut at, line).is_ok();
        let frame = frame(&at, moved);
        frames.push(Frame {
            caption: Some(printable(line)),
            illegal: !legal,
            solved: legal && frame.solved,
            ..frame
        });
        if !legal {
            break;
        }
    }
    Ok(frames)
}

/// The board with the blocks' corners at `at`; `moved` marks the cells its block covers at its
/// destination (where it now is, or where an illegal move tried to put it).
fn drawn(rules: &Rules, at: &[Pos], moved: Option<(&str, Pos, Pos)>) -> Frame {
    let (size, blocks) = ((rules.rows, rules.cols), rules.blocks);
    let mut cells = vec![None; size.0 * size.1];
    for (block, &corner) in blocks.iter().zip(at) {
        for cell in covered(size, &block.cells, corner) {
            cells[cell] = Some(block.name.clone());
        }
    }
    let block = moved.and_then(|(name, _, to)| Some((blocks.iter().find(|b| b.name == name)?, to)));
    Frame {
        rows: size.0,
        cols: size.1,
        cells,
        caption: None,
        marked: block.map_or(Vec::new(), |(b, to)| covered(size, &b.cells, to)),
        illegal: false,
        goal: Vec::new(),
        solved: false,
    }
}

/// The indices of the cells a shape covers with its corner at `corner`, those on a `rows`×`cols`
/// board.
fn covered((rows, cols): (usize, usize), shape: &[Pos], (r, c): Pos) -> Vec<usize> {
    let on_board = |&&(dr, dc): &&Pos| r + dr < rows && c + dc < cols;
    let cells = shape.iter().filter(on_board);
    cells.map(|&(dr, dc)| (r + dr) * cols + c + dc).collect()
}

/// The reference's own answer to case `case` of `input`, searched within the checker's budget.
pub fn shortest<I: Input>(input: &[u8], case: usize) -> Option<String> {
    one_case::<I>(case).ok()?;
    let answer = reference::shortest_within(&read::<I>(input).ok()?, MAX_STATES).ok()?;
    Some(answer.unwrap_or_else(|| "unsolvable\n".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::huarong::reference::testing::SAMPLE;
    use crate::puzzles::huarong::reference::Puzzle;

    #[test]
    fn frames_replay_the_moves_and_mark_where_each_block_goes() {
        let answer = "2\nC (0,2) (0,3)\nB (1,0) (0,1)\n";
        let shown = frames::<Puzzle>(SAMPLE.as_bytes(), answer.as_bytes(), 0).expect("frames");
        assert_eq!(shown.len(), 3);
        assert_eq!(shown[0].caption, None);
        assert_eq!(shown[2].caption.as_deref(), Some("B (1,0) (0,1)"));
        assert_eq!(
            shown[2].marked,
            [2, 5, 6],
            "B's L at (0,1): (0,2), (1,1), (1,2)"
        );
        assert_eq!(
            shown[2].goal, shown[2].marked,
            "B is the target, now at its goal"
        );
        assert!(shown.iter().all(|f| !f.illegal));
        let blocked = "2\nB (1,0) (0,1)\nC (0,2) (1,3)\n";
        let shown = frames::<Puzzle>(SAMPLE.as_bytes(), blocked.as_bytes(), 0).expect("frames");
        assert_eq!(shown.len(), 2, "the start and the illegal move");
        assert!(shown[1].illegal && shown[1].cells == shown[0].cells);
        assert!(frames::<Puzzle>(SAMPLE.as_bytes(), b"", 1).is_err());
    }
}
