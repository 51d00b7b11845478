//! The compact notation of `judge add huarong --grid`: one character a cell, rows split by `/`, `.`
//! or `@` empty, the unique largest block the target, its goal flush with the bottom and centred.

use super::layouts::extent;
use super::reference::parse::blocks_of;
use super::reference::{clip, parse, Block};

type Pos = (usize, usize);

/// Turns `judge add huarong --grid "HAAI/HAAI/JBBK/JNOK/P..Q"` into an input: rows split by `/`, one
/// character a cell, `.` or `@` empty. The target is the one largest block, its goal flush with the
/// bottom edge and centred, as in the classic layouts.
pub fn from_grid(grid: &str) -> Result<String, String> {
    let rows = grid_rows(grid)?;
    let (target, goal) = grid_target(&rows)?;
    let mut text = format!("{} {}\n", rows.len(), rows.first().map_or(0, Vec::len));
    for row in &rows {
        let cells: Vec<&str> = row.iter().map(|c| c.unwrap_or(".")).collect();
        text += &(cells.join(" ") + "\n");
    }
    text += &format!("{target}\n{} {}\n", goal.0, goal.1);
    // The same validation as any test's input, so `judge add` never writes one the judge refuses.
    parse(&text).map_err(|why| format!("the grid makes a bad input: {why}"))?;
    Ok(text)
}

/// The grid's rows of cells, all the same length: a block's name, or `None` where empty.
fn grid_rows<'a>(grid: &'a str) -> Result<Vec<Vec<Option<&'a str>>>, String> {
    // Each character as a name of its own: split after every one.
    let cells = |row: &'a str| row.split_inclusive(|_| true);
    let name = |cell: &'a str| Some(cell).filter(|c| !matches!(*c, "." | "@"));
    let rows: Vec<Vec<Option<&str>>> = (grid.trim().split('/'))
        .map(|row| cells(row).map(name).collect())
        .collect();
    let cols = rows.first().map_or(0, Vec::len);
    if cols == 0 {
        return Err(format!("grid {:?} has an empty first row", clip(grid)));
    }
    if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != cols) {
        return Err(format!(
            "grid row {} has {} cells, row 1 has {cols}",
            i + 1,
            row.len()
        ));
    }
    if rows.iter().flatten().flatten().any(|c| c.trim().is_empty()) {
        return Err("the grid has a space in it: one character per cell, rows split by `/`".into());
    }
    Ok(rows)
}

/// The block with the most cells, and its goal: bottom edge, centred.
fn grid_target(rows: &[Vec<Option<&str>>]) -> Result<(String, Pos), String> {
    let blocks = blocks_of(rows);
    let most = blocks.iter().map(|b| b.cells.len()).max().unwrap_or(0);
    let largest: Vec<&Block> = blocks.iter().filter(|b| b.cells.len() == most).collect();
    let target = match largest.as_slice() {
        [one] => *one,
        [] => return Err("the grid has no block".into()),
        [a, b, ..] => {
            return Err(format!(
                "blocks {} and {} both have {most} cells: which is the target?",
                a.name, b.name
            ))
        }
    };
    let (name, (height, width)) = (&target.name, extent(&target.cells));
    let cols = rows.first().map_or(0, Vec::len);
    if (cols - width) % 2 == 1 {
        return Err(format!(
            "the target {name} is {width} wide on a board {cols} wide: it cannot be centred"
        ));
    }
    Ok((name.clone(), (rows.len() - height, (cols - width) / 2)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::huarong::reference::{optimum, Answer};

    const CLASSIC: &str = "HAAI/HAAI/JBBK/JNOK/P@@Q";

    fn classic() -> String {
        from_grid(CLASSIC).unwrap_or_else(|e| panic!("{e}"))
    }

    fn puzzle(input: &str) -> crate::puzzles::huarong::reference::Puzzle {
        parse(input).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_grid_becomes_the_input_text_with_a_centred_bottom_goal() {
        let expected = "5 4\nH A A I\nH A A I\nJ B B K\nJ N O K\nP . . Q\nA\n3 1\n";
        assert_eq!(classic(), expected);
        assert_eq!(
            from_grid("A../..."),
            Ok("2 3\nA . .\n. . .\nA\n1 1\n".into())
        );
        let l_target = from_grid("LL../L.../....");
        assert_eq!(
            l_target,
            Ok("3 4\nL L . .\nL . . .\n. . . .\nL\n1 1\n".into())
        );
    }

    #[test]
    fn a_full_grid_makes_an_input_solved_already_or_never() {
        let stuck = from_grid("AA/BC").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(stuck, "2 2\nA A\nB C\nA\n1 0\n");
        assert_eq!(optimum(&puzzle(&stuck)), Answer::Unsolvable);
        let solved = from_grid("BC/AA").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(optimum(&puzzle(&solved)), Answer::Moves(0));
    }

    /// Asserts that `from_grid(grid)` fails for `reason`.
    fn refused(grid: &str, reason: &str) {
        assert_eq!(from_grid(grid), Err(reason.to_string()), "{grid:?}");
    }

    #[test]
    fn grids_without_one_clear_target_or_shape_are_refused() {
        refused(
            "AB/..",
            "blocks A and B both have 1 cells: which is the target?",
        );
        let odd = "the target A is 2 wide on a board 3 wide: it cannot be centred";
        refused("AA./...", odd);
        refused("AB/.", "grid row 2 has 1 cells, row 1 has 2");
        refused("/A", "grid \"/A\" has an empty first row");
        let space = "the grid has a space in it: one character per cell, rows split by `/`";
        refused("A B/...", space);
        refused("../..", "the grid has no block");
        let big = from_grid(&["A........"; 8].join("/"));
        assert!(big.is_err_and(|e| e.contains("m·n ≤ 64")));
    }
}
