//! Bench baseline for Eight: the textbook one-directional BFS from the start, a fresh search per case.
//! Same input and output as `src/bin/eight.rs`; prints `expanded N` (boards taken off the queue) on stderr.

use std::collections::{HashMap, VecDeque};
use std::io::{self, Read, Write};

const GOAL: [u8; 9] = *b"12345678x";

fn neighbours(board: [u8; 9]) -> impl Iterator<Item = ([u8; 9], u8)> {
    let blank = board.iter().position(|&c| c == b'x').unwrap_or(0);
    let (row, col) = (blank / 3, blank % 3);
    let moves = [(row > 0, blank.wrapping_sub(3), b'u'), (row < 2, blank + 3, b'd')];
    let moves = moves.into_iter().chain([(col > 0, blank.wrapping_sub(1), b'l'), (col < 2, blank + 1, b'r')]);
    moves.filter(|m| m.0).map(move |(_, to, letter)| {
        let mut next = board;
        next.swap(blank, to);
        (next, letter)
    })
}

fn solvable(board: &[u8; 9]) -> bool {
    let tiles: Vec<u8> = board.iter().copied().filter(|&c| c != b'x').collect();
    let inversions = (0..8).flat_map(|i| (i + 1..8).map(move |j| (i, j))).filter(|&(i, j)| tiles[i] > tiles[j]);
    inversions.count() % 2 == 0
}

/// Shortest path by BFS from `start`, and the number of boards expanded.
fn bfs(start: [u8; 9]) -> (Vec<u8>, usize) {
    let mut parent: HashMap<[u8; 9], ([u8; 9], u8)> = HashMap::from([(start, (start, 0))]);
    let mut queue = VecDeque::from([start]);
    let mut expanded = 0;
    while let Some(board) = queue.pop_front() {
        if board == GOAL {
            break;
        }
        expanded += 1;
        for (next, letter) in neighbours(board) {
            parent.entry(next).or_insert_with(|| {
                queue.push_back(next);
                (board, letter)
            });
        }
    }
    let (mut path, mut at) = (Vec::new(), GOAL);
    while at != start {
        let (from, letter) = parent[&at];
        path.push(letter);
        at = from;
    }
    path.reverse();
    (path, expanded)
}

fn main() -> io::Result<()> {
    let mut input = Vec::new();
    io::stdin().read_to_end(&mut input)?;
    let cells: Vec<u8> = input.into_iter().filter(|b| !b.is_ascii_whitespace()).collect();
    let (mut out, mut expanded) = (io::BufWriter::new(io::stdout().lock()), 0);
    for chunk in cells.chunks_exact(9) {
        let board: [u8; 9] = chunk.try_into().unwrap_or(GOAL);
        if solvable(&board) {
            let (path, n) = bfs(board);
            expanded += n;
            out.write_all(&path)?;
        } else {
            out.write_all(b"unsolvable")?;
        }
        out.write_all(b"\n")?;
    }
    eprintln!("expanded {expanded}");
    Ok(())
}
