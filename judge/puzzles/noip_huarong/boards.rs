//! Random NOIP 2013 华容道 inputs: a board of fixed and movable cells and queries on it, seeded and
//! reproducible. `judge stress` draws from it, and so does the solution's differential test.

use crate::puzzles::rng::Rng;

/// Game number `index` of the stream `seed`: a board of 1 to `max_side` (at most 30) rows and
/// columns and `queries` queries (at most 500). A board is open, or has a fifth, a third or half of
/// its cells fixed; a query's empty cell and piece are two movable cells, and its target is another
/// movable cell, or the piece's own cell one time in ten, or any cell, fixed ones too, one in ten.
pub fn game(seed: u64, index: u64, max_side: usize, queries: usize) -> String {
    let mut rng = Rng::for_input(seed, index);
    let side = max_side.clamp(1, 30);
    let (rows, cols) = (1 + rng.below(side), 1 + rng.below(side));
    let fixed = rng.pick(&[0, 20, 33, 50]);
    let mut open: Vec<bool> = (0..rows * cols).map(|_| !rng.percent(fixed)).collect();
    // Two movable cells at least, or no query can be asked; a 1×1 board gets a second column.
    let cols = if rows * cols == 1 { 2 } else { cols };
    open.resize(rows * cols, true);
    while open.iter().filter(|&&o| o).count() < 2 {
        let cell = rng.below(open.len());
        open[cell] = true;
    }
    let movable: Vec<usize> = (0..open.len()).filter(|&c| open[c]).collect();
    let mut text = format!("{rows} {cols} {}\n", queries.min(500));
    for row in open.chunks(cols) {
        let cells: Vec<&str> = row.iter().map(|&o| if o { "1" } else { "0" }).collect();
        text += &(cells.join(" ") + "\n");
    }
    let at = |cell: usize| format!("{} {}", cell / cols + 1, cell % cols + 1);
    for _ in 0..queries.min(500) {
        let empty = rng.pick(&movable);
        let mut piece = rng.pick(&movable);
        while piece == empty {
            piece = rng.pick(&movable);
        }
        let target = match rng.below(10) {
            0 => piece,
            1 => rng.below(open.len()),
            _ => rng.pick(&movable),
        };
        text += &format!("{} {} {}\n", at(empty), at(piece), at(target));
    }
    text
}
