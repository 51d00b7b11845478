//! Draws a replayed answer's [`Frame`] as text: a caption line and the board as a grid, plain or
//! with ANSI colours. Pure: frame in, string out; `judge show` decides where and when to print it,
//! and the `--html` page shows the plain start and end to a reader without JavaScript.

use crate::formats::text::printable;
use crate::model::frame::Frame;

/// Background colours for blocks, picked by name. Red is left out: it means an illegal move.
const PALETTE: [&str; 11] = [
    "42", "43", "44", "45", "46", "47", "102", "103", "104", "105", "106",
];

/// The frame numbered `index` of a replay of `moves` moves: its caption line, then one line a row.
/// Plain text marks the moved block's cells `*` (`!` for an illegal move) and empty goal cells `+`.
pub fn render(frame: &Frame, index: usize, moves: usize, color: bool) -> String {
    let mut text = caption(frame, index, moves, color) + "\n";
    let width = name_width(frame);
    let draw = if color { colored_cell } else { plain_cell };
    for row in 0..frame.rows {
        let cells = (0..frame.cols).map(|col| draw(frame, row * frame.cols + col, width));
        let line: String = cells.collect();
        text += line.trim_end();
        text += "\n";
    }
    text
}

/// The most lines of the reference's answer that `-v` and `judge stress` show.
const SHORTEST_LINES: usize = 30;

/// The reference's own answer to a wrong answer's failing case, for `-v` and `judge stress`: one of
/// the shortest, as a program would print it, cut after [`SHORTEST_LINES`] lines.
pub fn shortest(answer: &str, case: usize) -> String {
    let mut text = format!(
        "one shortest answer to case {}, the reference's:\n",
        case + 1
    );
    let lines: Vec<&str> = answer.trim_end().lines().collect();
    for &line in lines.iter().take(SHORTEST_LINES) {
        let line = Some(line)
            .filter(|l| !l.is_empty())
            .unwrap_or("(an empty line)");
        text += &format!("  {line}\n");
    }
    if lines.len() > SHORTEST_LINES {
        text += &format!("  … {} more lines\n", lines.len() - SHORTEST_LINES);
    }
    text
}

/// A wrong answer's failing case, for `-v` and `judge stress`: the board it starts from, then where
/// the answer went wrong: its illegal move (the board just before it, where the move tried to go
/// marked `!`) or the board it ends on when that is not solved. A valid answer that is only too long
/// needs no more than its start.
pub fn scene(frames: &[Frame], case: usize) -> String {
    let moves = frames.len().saturating_sub(1);
    let mut text = format!(
        "case {}, {} replayed:\n",
        case + 1,
        super::count(moves, "move")
    );
    if let Some(start) = frames.first() {
        text += &render(start, 0, moves, false);
    }
    let wrong_end = frames
        .last()
        .filter(|f| moves > 0 && (f.illegal || !f.solved));
    if let Some(last) = wrong_end {
        text += &render(last, moves, moves, false);
    }
    text
}

/// "move 3/81: B (1,0) (0,1)"; the start is move 0, so every frame has a caption line to count.
fn caption(frame: &Frame, index: usize, moves: usize, color: bool) -> String {
    let what = printable(frame.caption.as_deref().unwrap_or("start"));
    let line = format!("move {index}/{moves}: {what}");
    match (frame.illegal, color) {
        (false, _) => line,
        (true, false) => line + "  illegal",
        (true, true) => format!("\x1b[1;31m{line}  illegal\x1b[0m"),
    }
}

/// The widest name on the board, so that every cell of the grid is as wide.
fn name_width(frame: &Frame) -> usize {
    let names = frame.cells.iter().flatten();
    let widths = names.map(|n| printable(n).chars().count());
    widths.max().unwrap_or(1).max(1)
}

/// The cell's name (`.` empty, `+` an empty goal cell) padded to `width`, then its mark or a space.
fn plain_cell(frame: &Frame, cell: usize, width: usize) -> String {
    let mark = match (frame.marked.contains(&cell), frame.illegal) {
        (false, _) => ' ',
        (true, false) => '*',
        (true, true) => '!',
    };
    format!("{:width$}{mark}", shown_name(frame, cell))
}

/// A block's name, escaped (a test may name a block with any bytes but whitespace), or the mark of
/// an empty cell.
fn shown_name(frame: &Frame, cell: usize) -> String {
    match frame.cells.get(cell).and_then(Option::as_ref) {
        Some(name) => printable(name),
        None if frame.goal.contains(&cell) => "+".into(),
        None => ".".into(),
    }
}

/// The cell on its block's background with a space either side, so a block reads as one rectangle;
/// marked cells inverted (red for an illegal move), goal cells underlined.
fn colored_cell(frame: &Frame, cell: usize, width: usize) -> String {
    let mut codes = Vec::new();
    if let Some(name) = frame.cells.get(cell).and_then(Option::as_ref) {
        codes.extend(["30", color_of(frame, name)]);
    }
    if frame.goal.contains(&cell) {
        codes.push("4");
    }
    if frame.marked.contains(&cell) {
        codes.extend(["1", if frame.illegal { "41" } else { "7" }]);
    }
    let text = format!(" {:width$} ", shown_name(frame, cell));
    if codes.is_empty() {
        text
    } else {
        format!("\x1b[{}m{text}\x1b[0m", codes.join(";"))
    }
}

/// A block's background, by its name's rank among the board's names: no two blocks share one while
/// there are no more than the palette's colours (Eight's eight tiles, Huarong's ten blocks), and a
/// block keeps its colour in every frame, since a replay never renames blocks.
fn color_of(frame: &Frame, name: &str) -> &'static str {
    let mut names: Vec<&str> = frame.cells.iter().flatten().map(String::as_str).collect();
    names.sort_unstable();
    names.dedup();
    let rank = names.iter().position(|&n| n == name).unwrap_or(0);
    PALETTE[rank % PALETTE.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::eight::checker::frames as eight_frames;

    #[test]
    fn a_scene_is_the_start_and_where_the_answer_went_wrong() {
        let frames = |output: &[u8]| eight_frames(b"1234567x8", output, 0).expect("frames");
        let illegal = scene(&frames(b"rr\n"), 0);
        let expected = "case 1, 2 moves replayed:\nmove 0/2: start\n1 2 3\n4 5 6\n7 . 8\n\
                        move 2/2: r  illegal\n1 2 3\n4 5 6\n7 8 .!\n";
        assert_eq!(illegal, expected);
        let short = scene(&frames(b"l\n"), 0);
        assert!(
            short.ends_with("move 1/1: l\n1 2 3\n4 5 6\n.*7 8\n"),
            "{short}"
        );
        let long = scene(&frames(b"rlr\n"), 0);
        assert!(
            !long.contains("move 3/3"),
            "a solved end is not drawn again: {long}"
        );
    }

    /// Every frame of case 1's answer, drawn plain and joined as `judge show --no-color` prints them.
    fn eight_plain(input: &str, answer: &str) -> String {
        let frames = eight_frames(input.as_bytes(), answer.as_bytes(), 0).expect("frames");
        let moves = frames.len() - 1;
        let drawn: Vec<String> = (frames.iter().enumerate())
            .map(|(i, f)| render(f, i, moves, false))
            .collect();
        drawn.join("\n")
    }

    #[test]
    fn a_two_move_answer_draws_three_frames_with_the_blank_marked() {
        let expected = "\
move 0/2: start
1 2 3
4 5 6
. 7 8

move 1/2: r
1 2 3
4 5 6
7 .*8

move 2/2: r
1 2 3
4 5 6
7 8 .*
";
        assert_eq!(eight_plain("1 2 3 4 5 6 x 7 8", "rr"), expected);
    }

    #[test]
    fn a_three_move_eight_answer_ends_on_the_goal() {
        // x moves right, down, right: 1 2 3 / x 4 6 / 7 5 8 is solved by "rdr" (and in no fewer).
        let drawn = eight_plain("1 2 3 x 4 6 7 5 8", "rdr");
        let last = "move 3/3: r\n1 2 3\n4 5 6\n7 8 .*\n";
        assert!(drawn.ends_with(last), "{drawn}");
        assert!(
            drawn.contains("move 1/3: r\n1 2 3\n4 .*6\n7 5 8\n"),
            "{drawn}"
        );
        assert!(
            drawn.contains("move 2/3: d\n1 2 3\n4 5 6\n7 .*8\n"),
            "{drawn}"
        );
        assert_eq!(drawn.matches("move ").count(), 4);
    }

    #[test]
    fn an_illegal_move_is_named_and_marked_with_the_board_before_it() {
        let drawn = eight_plain("1 2 3 4 5 6 7 8 x", "r");
        assert!(
            drawn.ends_with("move 1/1: r  illegal\n1 2 3\n4 5 6\n7 8 .!\n"),
            "{drawn}"
        );
    }

    fn huarong_frame() -> Frame {
        let name = |n: &str| Some(n.to_string());
        Frame {
            rows: 2,
            cols: 3,
            cells: vec![name("CC"), name("CC"), None, name("A"), None, None],
            caption: Some("CC (0,1) (0,0)".into()),
            marked: vec![0, 1],
            illegal: false,
            goal: vec![4, 5],
            solved: false,
        }
    }

    #[test]
    fn huarong_cells_are_padded_to_one_width_with_their_marks() {
        let drawn = render(&huarong_frame(), 3, 81, false);
        assert_eq!(drawn, "move 3/81: CC (0,1) (0,0)\nCC*CC*.\nA  +  +\n");
    }

    #[test]
    fn colours_paint_each_block_the_same_and_invert_marked_cells() {
        let frame = huarong_frame();
        let drawn = render(&frame, 3, 81, true);
        let cc = color_of(&frame, "CC");
        assert!(
            drawn.contains(&format!("\x1b[30;{cc};1;7m CC \x1b[0m")),
            "{drawn:?}"
        );
        let a = format!("\x1b[30;{}m A  \x1b[0m", color_of(&frame, "A"));
        assert!(drawn.contains(&a), "{drawn:?}");
        assert!(drawn.contains("\x1b[4m +  \x1b[0m"), "{drawn:?}");
        let illegal = Frame {
            illegal: true,
            ..huarong_frame()
        };
        assert_eq!(color_of(&illegal, "CC"), cc, "the same in every frame");
        assert!(render(&illegal, 1, 1, true).starts_with("\x1b[1;31mmove 1/1"));
    }

    #[test]
    fn no_two_blocks_of_a_board_share_a_colour() {
        let input = "8 7 6 5 4 3 2 1 x\n"; // every tile
        let frames = eight_frames(input.as_bytes(), b"", 0).expect("frames");
        let colours: Vec<&str> = (1..=8)
            .map(|t| color_of(&frames[0], &t.to_string()))
            .collect();
        let mut distinct = colours.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 8, "{colours:?}");
    }
}
