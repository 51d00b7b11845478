//! Random NOIP 2013 华容道 inputs: a board of fixed and movable cells and queries on it, seeded and
//! reproducible. `judge stress` draws from it, and so does the solution's differential test.

use crate::puzzles::rng::Rng;

/// Game number `index` of the stream `seed`: a board of 1 to `max_side` (at most 30) rows and
/// columns and `queries` queries (at most 500). A board is open, or has a fifth, a third or half of
/// its cells fixed, and two movable cells at least; queries are drawn as `queries_on` draws them.
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
    queries_on(&mut rng, cols, &open, queries)
}

/// Game number `index` of the stream `seed` on a `rows` × `cols` board (each 1 to 30) where only
/// `open` percent of the cells are movable (two at least), all joined: a random walk from a random
/// cell opens cells until there are that many. Unlike as many cells fixed at random, which fall
/// apart into islands, most queries on such a board have a way. Queries as `queries_on` draws them.
pub fn carved_game(
    seed: u64,
    index: u64,
    (rows, cols): (usize, usize),
    open: usize,
    queries: usize,
) -> String {
    let mut rng = Rng::for_input(seed, index);
    let (rows, cols) = (rows.clamp(1, 30), cols.clamp(1, 30));
    let cells = rows * cols;
    let wanted = (cells * open / 100).clamp(2, cells);
    let mut carved = vec![false; cells];
    let mut at = rng.below(cells);
    carved[at] = true;
    let mut count = 1;
    while count < wanted {
        let (r, c) = (at / cols, at % cols);
        let steps = [
            (r > 0).then(|| at - cols),
            (r + 1 < rows).then(|| at + cols),
            (c > 0).then(|| at - 1),
            (c + 1 < cols).then(|| at + 1),
        ];
        let steps: Vec<usize> = steps.into_iter().flatten().collect();
        at = rng.pick(&steps);
        if !carved[at] {
            carved[at] = true;
            count += 1;
        }
    }
    queries_on(&mut rng, cols, &carved, queries)
}

/// The input of a board (`open`, rows of `cols` cells) with `queries` queries (at most 500): a
/// query's empty cell and piece are two movable cells, and its target is another movable cell, or
/// the piece's own cell one time in ten, or any cell, fixed ones too, one in ten.
pub fn queries_on(rng: &mut Rng, cols: usize, open: &[bool], queries: usize) -> String {
    let movable: Vec<usize> = (0..open.len()).filter(|&c| open[c]).collect();
    let queries = if movable.len() < 2 {
        0
    } else {
        queries.min(500)
    };
    let mut text = format!("{} {cols} {queries}\n", open.len() / cols);
    for row in open.chunks(cols) {
        let cells: Vec<&str> = row.iter().map(|&o| if o { "1" } else { "0" }).collect();
        text += &(cells.join(" ") + "\n");
    }
    let at = |cell: usize| format!("{} {}", cell / cols + 1, cell % cols + 1);
    for _ in 0..queries {
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
