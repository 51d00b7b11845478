//! Huarong inputs read and validated: a board of blocks with a target and its goal corner
//! (`huarong`), or two layouts of the same blocks (`huarong_goal`); errors name the line.

use super::{on_board, show, Block, Layouts, Metric, Pos, Puzzle};

/// Reads and validates an input; errors name the line.
pub fn parse(input: &str) -> Result<Puzzle, String> {
    let mut lines = lines(input);
    let (rows, cols, blocks) = parse_board(&mut lines)?;
    let (number, name) = take(&mut lines, "the target's name")?;
    if name.split_whitespace().nth(1).is_some() {
        return Err(format!(
            "line {number}: expected one target name, found {:?}",
            clip(name)
        ));
    }
    let target = blocks.iter().position(|b| b.name == name).ok_or_else(|| {
        format!(
            "line {number}: target block {:?} is not on the board",
            clip(name)
        )
    })?;
    let (number, line) = take(&mut lines, "the target's position `r c`")?;
    let goal = read_pair(number, line, "r c")?;
    let fits = blocks
        .get(target)
        .is_some_and(|b| on_board(rows, cols, &b.cells, goal));
    if !fits {
        return Err(format!(
            "line {number}: the target {name} does not fit on the board at ({},{})",
            goal.0, goal.1
        ));
    }
    let metric = read_end(&mut lines)?;
    Ok(Puzzle {
        rows,
        cols,
        blocks,
        target,
        goal,
        metric,
    })
}

/// Reads and validates a `huarong_goal` input: the size, the start layout, the goal layout, then
/// the metric line if there is one. Errors name the line, or the block that has no partner.
pub fn parse_layouts(input: &str) -> Result<Layouts, String> {
    let mut lines = lines(input);
    let (rows, cols, blocks) = parse_board(&mut lines)?;
    let goal_blocks = read_blocks(&mut lines, rows, cols, "the goal layout's last row")?;
    let goal = partners(&blocks, &goal_blocks)?;
    let metric = read_end(&mut lines)?;
    Ok(Layouts {
        rows,
        cols,
        blocks,
        goal,
        metric,
    })
}

/// The optional metric line, and nothing after it.
fn read_end(lines: &mut Lines) -> Result<Metric, String> {
    let metric = read_metric(lines.next())?;
    if let Some((number, extra)) = lines.next() {
        return Err(format!(
            "line {number}: unexpected {:?} after the last line",
            clip(extra)
        ));
    }
    Ok(metric)
}

/// For each block of the start, the corner of its partner in the goal: the k-th goal block of a
/// shape is the k-th start block of that shape, in the order of their first cells. Names do not
/// matter in the goal: they only say which cells form one block.
fn partners(start: &[Block], goal: &[Block]) -> Result<Vec<Pos>, String> {
    let mut partner: Vec<Option<Pos>> = vec![None; start.len()];
    for g in goal {
        let free = (0..start.len()).find(|&b| partner[b].is_none() && start[b].cells == g.cells);
        let Some(b) = free else {
            return Err(format!(
                "the goal layout's block {:?} with its corner at {} has no block of its shape \
                 left in the start layout",
                clip(&g.name),
                show(g.at)
            ));
        };
        partner[b] = Some(g.at);
    }
    if let Some(b) = partner.iter().position(Option::is_none) {
        return Err(format!(
            "block {:?} has no block of its shape left in the goal layout",
            clip(&start[b].name)
        ));
    }
    Ok(partner.into_iter().flatten().collect())
}

/// The input's non-blank lines, trimmed, with their 1-based numbers; blank lines carry nothing.
type Lines<'a> = std::vec::IntoIter<(usize, &'a str)>;

fn lines(input: &str) -> Lines<'_> {
    let numbered = input
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()));
    let kept: Vec<(usize, &str)> = numbered.filter(|(_, line)| !line.is_empty()).collect();
    kept.into_iter()
}

/// The next line; `what` names what an input that ends here lacks.
fn take<'a>(lines: &mut Lines<'a>, what: &str) -> Result<(usize, &'a str), String> {
    lines
        .next()
        .ok_or_else(|| format!("the input ends before {what}"))
}

/// The size line and the board rows, as blocks.
fn parse_board(lines: &mut Lines) -> Result<(usize, usize, Vec<Block>), String> {
    let (number, line) = take(lines, "the size `m n`")?;
    let (rows, cols) = read_pair(number, line, "m n")?;
    // Checked before reading rows so a huge size cannot make us allocate or loop.
    if rows == 0 || cols == 0 || rows.checked_mul(cols).map_or(true, |cells| cells > 64) {
        return Err(format!(
            "line {number}: a {rows}×{cols} board; need 1 ≤ m, n and m·n ≤ 64"
        ));
    }
    let blocks = read_blocks(lines, rows, cols, "the last board row")?;
    // A full board is valid: nothing can move, so it is solved already or never.
    Ok((rows, cols, blocks))
}

/// `rows` rows of `cols` cells, as blocks; `last` names what an input that ends early lacks.
fn read_blocks(
    lines: &mut Lines,
    rows: usize,
    cols: usize,
    last: &str,
) -> Result<Vec<Block>, String> {
    let mut names = Vec::with_capacity(rows);
    for _ in 0..rows {
        let (number, line) = take(lines, last)?;
        names.push(read_row(number, line, cols)?);
    }
    Ok(blocks_of(&names))
}

/// One board row: `None` for an empty cell (a token of dots only), else the block's name.
fn read_row(number: usize, line: &str, cols: usize) -> Result<Vec<Option<&str>>, String> {
    let cells: Vec<Option<&str>> = line
        .split_whitespace()
        .map(|token| Some(token).filter(|t| t.bytes().any(|b| b != b'.')))
        .collect();
    if cells.len() != cols {
        return Err(format!(
            "line {number}: expected {cols} cells, found {}",
            cells.len()
        ));
    }
    Ok(cells)
}

/// Groups cells by name, blocks in reading order of their first cell.
pub fn blocks_of(rows: &[Vec<Option<&str>>]) -> Vec<Block> {
    let mut groups: Vec<(&str, Vec<Pos>)> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, name) in row.iter().enumerate() {
            let Some(name) = *name else { continue };
            match groups.iter_mut().find(|(n, _)| *n == name) {
                Some((_, cells)) => cells.push((r, c)),
                None => groups.push((name, vec![(r, c)])),
            }
        }
    }
    groups
        .into_iter()
        .map(|(name, cells)| block(name, cells))
        .collect()
}

/// The block of these cells: its corner, and its cells as offsets from it, sorted.
pub(crate) fn block(name: &str, cells: Vec<Pos>) -> Block {
    let top = cells.iter().map(|&(r, _)| r).min().unwrap_or(0);
    let left = cells.iter().map(|&(_, c)| c).min().unwrap_or(0);
    let mut offsets: Vec<Pos> = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
    offsets.sort_unstable();
    Block {
        name: name.to_string(),
        cells: offsets,
        at: (top, left),
    }
}

/// Two non-negative integers, as in `m n` or `r c`.
fn read_pair(number: usize, line: &str, what: &str) -> Result<Pos, String> {
    let numbers: Vec<Option<usize>> = line.split_whitespace().map(read_number).collect();
    match numbers.as_slice() {
        [Some(a), Some(b)] => Ok((*a, *b)),
        _ => Err(format!(
            "line {number}: expected `{what}`, found {:?}",
            clip(line)
        )),
    }
}

/// Digits only: no sign, no spaces.
pub(super) fn read_number(token: &str) -> Option<usize> {
    let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    token.parse().ok().filter(|_| digits)
}

fn read_metric(line: Option<(usize, &str)>) -> Result<Metric, String> {
    match line {
        None | Some((_, "moves")) => Ok(Metric::Moves),
        Some((_, "steps")) => Ok(Metric::Steps),
        Some((_, "straight")) => Ok(Metric::Straight),
        Some((number, other)) => Err(format!(
            "line {number}: unknown metric {:?}; expected moves, steps or straight (no line: moves)",
            clip(other)
        )),
    }
}

/// At most 40 characters of someone else's text, for messages.
pub fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::huarong::reference::testing::{layouts, puzzle, SAMPLE};
    use crate::puzzles::huarong::reference::{optimum, Answer::Moves};

    #[test]
    fn the_sample_parses_into_blocks_at_their_corners() {
        let p = puzzle(SAMPLE);
        let names: Vec<&str> = p.blocks.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["A", "C", "B"]);
        let l_shape = &p.blocks[2];
        assert_eq!(l_shape.cells, [(0, 1), (1, 0), (1, 1)]);
        assert_eq!(l_shape.at, (1, 0));
        assert_eq!((p.target, p.goal, p.metric), (2, (0, 1), Metric::Moves));
        assert_eq!(optimum(&p), Moves(2));
    }

    #[test]
    fn names_may_be_long_and_empty_cells_any_run_of_dots() {
        let p = puzzle("2 3\nA1 A1 ...\n. B22 .\n\nB22\n0 2\nsteps\n\n");
        assert_eq!(p.blocks.len(), 2);
        assert_eq!((p.blocks[1].name.as_str(), p.target), ("B22", 1));
        assert_eq!(p.metric, Metric::Steps);
        assert_eq!(optimum(&p), Moves(2));
    }

    #[test]
    fn malformed_inputs_name_their_line() {
        let cases = [
            ("", "the input ends before the size `m n`"),
            ("3 x\n", "line 1: expected `m n`, found \"3 x\""),
            ("9 8\n", "line 1: a 9×8 board; need 1 ≤ m, n and m·n ≤ 64"),
            ("0 3\n", "line 1: a 0×3 board; need 1 ≤ m, n and m·n ≤ 64"),
            ("1 2\nA . B\n", "line 2: expected 2 cells, found 3"),
            ("1 2\nA .\n", "the input ends before the target's name"),
            (
                "1 2\nA .\nZ\n0 0\n",
                "line 3: target block \"Z\" is not on the board",
            ),
            (
                "1 3\nA B .\nA B\n0 0\n",
                "line 3: expected one target name, found \"A B\"",
            ),
            ("1 2\nA .\nA\n0\n", "line 4: expected `r c`, found \"0\""),
            (
                "1 2\nA .\nA\n0 2\n",
                "line 4: the target A does not fit on the board at (0,2)",
            ),
            (
                "1 2\nA .\nA\n0 1\nfly\n",
                "line 5: unknown metric \"fly\"; expected moves, steps or straight (no line: moves)",
            ),
            (
                "1 2\nA .\nA\n0 0\nsteps\nx\n",
                "line 6: unexpected \"x\" after the last line",
            ),
        ];
        for (input, error) in cases {
            assert_eq!(parse(input), Err(error.to_string()), "{input:?}");
        }
        let huge = "1 2\nA .\nA\n18446744073709551615 18446744073709551615\n";
        assert!(parse(huge).is_err_and(|e| e.contains("does not fit")));
    }

    #[test]
    fn two_layouts_parse_into_blocks_and_their_partners_by_shape() {
        // The goal names its blocks otherwise: the singles are matched in reading order.
        let l = layouts("2 3\nA B .\nC C .\n\n. y x\n. z z\nsteps\n");
        let names: Vec<&str> = l.blocks.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["A", "B", "C"]);
        assert_eq!(l.goal, [(0, 1), (0, 2), (1, 1)]);
        assert_eq!(l.metric, Metric::Steps);
        assert_eq!(optimum(&l), Moves(3), "C right, then B and A");
        assert_eq!(
            optimum(&layouts("2 3\nA B .\nC C .\n. y x\n. z z\n")),
            Moves(3)
        );
    }

    #[test]
    fn layouts_that_do_not_pair_up_name_the_block_or_the_line() {
        let cases = [
            ("1 2\nA .\n", "the input ends before the goal layout's last row"),
            ("1 2\nA .\nA A\n", "the goal layout's block \"A\" with its corner at (0,0) has no block of its shape left in the start layout"),
            ("1 3\nA B .\nC . .\n", "block \"B\" has no block of its shape left in the goal layout"),
            ("1 2\nA .\n. A\nfly\n", "line 4: unknown metric \"fly\"; expected moves, steps or straight (no line: moves)"),
            ("1 2\nA .\n. A\nsteps\nx\n", "line 5: unexpected \"x\" after the last line"),
            ("1 2\nA .\n. A .\n", "line 3: expected 2 cells, found 3"),
        ];
        for (input, error) in cases {
            assert_eq!(parse_layouts(input), Err(error.to_string()), "{input:?}");
        }
    }
}
