//! Huarong answers replayed frame by frame, for `-v`, `judge show` and `--html`, on a board with a
//! target's goal (`huarong`) or a goal layout (`huarong_goal`); and Huarong's registry `Replayer`.

use super::checker::{puzzle, MAX_STATES};
use super::reference::{self, Block, Pos, Rules};
use crate::formats::text::printable;
use crate::model::frame::Frame;
use crate::puzzles::checker::{cut_short, MAX_FRAMES};

/// What a replay is drawn on: the rules, the cells the target must cover at its goal (none where
/// the goal is a whole layout), and when the blocks' corners make the goal.
pub struct Board<'a> {
    pub rules: Rules<'a>,
    pub goal: Vec<usize>,
    pub solved: &'a dyn Fn(&[Pos]) -> bool,
}

impl Board<'_> {
    /// The answer in `output` replayed from the start; stops at the first move that is not legal.
    pub fn replay(&self, output: &[u8]) -> Vec<Frame> {
        let mut at: Vec<Pos> = self.rules.blocks.iter().map(|b| b.at).collect();
        let mut frames = vec![self.frame(&at, None)];
        let output = String::from_utf8_lossy(output);
        let mut lines = output.trim_end().lines().map(str::trim);
        if lines.next().map_or(true, |first| first == "unsolvable") {
            return frames;
        }
        for (i, line) in lines.clone().enumerate() {
            if i == MAX_FRAMES {
                cut_short(&mut frames, lines.count() - i);
                break;
            }
            let moved = reference::read_move(line);
            let legal = moved.is_some() && reference::play(&self.rules, &mut at, line).is_ok();
            let frame = self.frame(&at, moved);
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
        frames
    }

    /// The board with the blocks' corners at `at`; `moved` marks the cells its block covers at its
    /// destination (where it now is, or where an illegal move tried to put it).
    fn frame(&self, at: &[Pos], moved: Option<(&str, Pos, Pos)>) -> Frame {
        let (size, blocks) = ((self.rules.rows, self.rules.cols), self.rules.blocks);
        let mut cells = vec![None; size.0 * size.1];
        for (block, &corner) in blocks.iter().zip(at) {
            for cell in covered(size, &block.cells, corner) {
                cells[cell] = Some(block.name.clone());
            }
        }
        let block =
            moved.and_then(|(name, _, to)| Some((blocks.iter().find(|b| b.name == name)?, to)));
        Frame {
            rows: size.0,
            cols: size.1,
            cells,
            caption: None,
            marked: block.map_or(Vec::new(), |(b, to)| covered(size, &b.cells, to)),
            illegal: false,
            goal: self.goal.clone(),
            solved: (self.solved)(at),
        }
    }
}

/// The indices of the cells a shape covers with its corner at `corner`, those on a `rows`×`cols`
/// board.
fn covered((rows, cols): (usize, usize), shape: &[Pos], (r, c): Pos) -> Vec<usize> {
    let on_board = |&&(dr, dc): &&Pos| r + dr < rows && c + dc < cols;
    let cells = shape.iter().filter(on_board);
    cells.map(|&(dr, dc)| (r + dr) * cols + c + dc).collect()
}

/// The answer to case `case` of `input`, replayed: an input is one board.
pub fn frames(input: &[u8], output: &[u8], case: usize) -> Result<Vec<Frame>, String> {
    if case != 0 {
        return Err(format!(
            "there is no case {}: an input is one board",
            case + 1
        ));
    }
    let p = puzzle(input).map_err(|e| format!("input {e}"))?;
    let target: Option<&Block> = p.blocks.get(p.target);
    let solved = |at: &[Pos]| at.get(p.target) == Some(&p.goal);
    let board = Board {
        rules: p.rules(),
        goal: target.map_or(Vec::new(), |t| covered((p.rows, p.cols), &t.cells, p.goal)),
        solved: &solved,
    };
    Ok(board.replay(output))
}

/// The reference's own answer to case `case` of `input`, searched within the checker's budget.
pub fn shortest(input: &[u8], case: usize) -> Option<String> {
    let puzzle = puzzle(input).ok().filter(|_| case == 0)?;
    let answer = reference::shortest_within(&puzzle, MAX_STATES).ok()?;
    Some(answer.unwrap_or_else(|| "unsolvable\n".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::huarong::reference::testing::SAMPLE;

    #[test]
    fn frames_replay_the_moves_and_mark_where_each_block_goes() {
        let answer = "2\nC (0,2) (0,3)\nB (1,0) (0,1)\n";
        let shown = frames(SAMPLE.as_bytes(), answer.as_bytes(), 0).expect("frames");
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
        let shown = frames(SAMPLE.as_bytes(), blocked.as_bytes(), 0).expect("frames");
        assert_eq!(shown.len(), 2, "the start and the illegal move");
        assert!(shown[1].illegal && shown[1].cells == shown[0].cells);
        assert!(frames(SAMPLE.as_bytes(), b"", 1).is_err());
    }
}
