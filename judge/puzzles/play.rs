//! `judge play`'s game: one case of a puzzle whose answers are moves, the moves a player made so far,
//! undo and redo, the positions seen before, and the reference's distance left and best next move.
//! Every rule is the puzzle's own: a board is its replay's last frame, a move is legal when the
//! replay says so, and its reason is the checker's; the distance is the reference's shortest answer
//! from the position, written as a fresh input.

use super::checker::{Checker, MAX_FRAMES};
use super::huarong::reference::{self, Pos};
use super::{Frames, Puzzle, Written};
use crate::model::frame::Frame;
use crate::model::optimum::Optimum;
use crate::model::reason::Kind;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

/// What one line typed in a game asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Moves as the output format writes them, made in turn (none: draw the board again).
    Moves(Vec<String>),
    Undo(usize),
    Redo(usize),
    Hint,
    Save(PathBuf),
    Load(PathBuf),
    List,
    Help,
    Quit,
}

/// The fewest moves left from a position, as the checker counts them, and the reference's first
/// move of them; `None` where the reference cannot tell (a board too large for it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Left {
    pub optimum: Option<Optimum>,
    pub first: Option<String>,
}

/// Where the current position was seen before: after move `at` (0: the start), itself or, on a
/// puzzle whose goal is its own mirror image, mirrored left to right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    pub at: usize,
    pub mirrored: bool,
}

pub struct Game {
    frames: Frames,
    shortest: fn(&[u8], usize) -> Option<String>,
    checker: Box<dyn Checker>,
    style: Written,
    /// The case played, as an input of its own.
    pub input: String,
    /// The moves made, each as the output format writes it.
    pub moves: Vec<String>,
    /// The moves undone, the next to redo last.
    undone: Vec<String>,
    /// The board at the start and after each move.
    pub boards: Vec<Frame>,
    /// Huarong's target, told apart from the blocks of its shape; `None` where every block of a
    /// shape is alike (a goal layout) or every tile is itself (Eight).
    target: Option<String>,
    /// The goal is its own mirror image: a mirrored position is as far from it.
    pub symmetric: bool,
    /// The distance of each position met, by its input.
    lefts: HashMap<String, Left>,
}

/// Why a puzzle cannot be played.
pub const COUNTS: &str = "its answers are counts of moves, not moves: there is nothing to play";

/// The help `help` prints, for the line mode.
pub const HELP: &str = "\
moves: Eight: u d l r (the blank's way; several in one line, or up, down, left, right)
       Huarong: B up|down|left|right (one cell), or B R C / B (R,C) (where B's corner goes)
undo [N], redo [N]   take back or make again N moves (1)
hint                 one best next move, the reference's
save FILE, load FILE the moves as the problem's answer file, or played from one
moves, help, quit    list the moves, this help, stop";

impl Game {
    /// A game of case `case` (0-based) of `input`, or why the puzzle or the case cannot be played.
    pub fn new(puzzle: &Puzzle, input: &[u8], case: usize) -> Result<Game, String> {
        let replay = puzzle.replay.as_ref().ok_or(COUNTS)?;
        let style = replay.written;
        let start = (replay.frames)(input, b"", case)?.remove(0);
        let text = String::from_utf8_lossy(input).into_owned();
        let target = reference::parse(&text)
            .ok()
            .filter(|_| puzzle.name == "huarong");
        let mut game = Game {
            frames: replay.frames,
            shortest: replay.shortest,
            checker: (puzzle.checker)(),
            style,
            input: text,
            moves: Vec::new(),
            undone: Vec::new(),
            boards: vec![start],
            target: target.map(|p| p.blocks[p.target].name.clone()),
            symmetric: false,
            lefts: HashMap::new(),
        };
        game.input = game.position(&game.boards[0]);
        game.symmetric = game.goal_is_symmetric();
        game.search(0);
        Ok(game)
    }

    /// The board now.
    pub fn board(&self) -> &Frame {
        self.boards.last().expect("the start is a board")
    }

    /// Whether the pieces are Eight's tiles, moved by the blank's way; else blocks, moved by name.
    pub fn tiles(&self) -> bool {
        self.style == Written::Letters
    }

    /// The distance left from the board after move `at` (0: the start), where it was searched: at
    /// the start, now, and one move before now.
    pub fn left(&self, at: usize) -> Option<&Left> {
        self.lefts.get(&self.position(self.boards.get(at)?))
    }

    /// The distance left from the board after move `at`, from the reference: searched once a
    /// position.
    fn search(&mut self, at: usize) -> Left {
        let input = self.position(&self.boards[at]);
        if let Some(left) = self.lefts.get(&input) {
            return left.clone();
        }
        let answer = (self.shortest)(input.as_bytes(), 0);
        let claimed = answer
            .as_ref()
            .map(|a| self.checker.claims(input.as_bytes(), a.as_bytes()));
        let optimum = claimed.and_then(|c| c.ok()?.first().copied());
        let first = answer.and_then(|a| self.moves_of(&a).ok()?.into_iter().next());
        let left = Left { optimum, first };
        self.lefts.insert(input, left.clone());
        left
    }

    /// Where the board now was first seen before, itself or mirrored.
    pub fn seen(&self) -> Option<Seen> {
        let (now, earlier) = self.boards.split_last()?;
        let (plain, mirror) = (self.key(now, false), self.key(now, true));
        earlier.iter().enumerate().find_map(|(at, board)| {
            let key = self.key(board, false);
            let mirrored = key != plain;
            (!mirrored || self.symmetric && key == mirror).then_some(Seen { at, mirrored })
        })
    }

    /// Does what `command` asks; what to say of it, or why it cannot be done (nothing changed).
    pub fn apply(&mut self, command: Command) -> Result<String, String> {
        match command {
            Command::Moves(moves) if moves.is_empty() => Ok(String::new()),
            Command::Moves(moves) => {
                let before = self.moves.clone();
                for line in moves {
                    if let Err(why) = self.make(line) {
                        self.replay(before);
                        return Err(why);
                    }
                }
                self.undone.clear();
                Ok(String::new())
            }
            Command::Undo(n) | Command::Redo(n) if n == 0 => Err("give a count from 1".into()),
            Command::Undo(n) => {
                let made = self.moves.len();
                if n > made {
                    return Err(format!("only {} to undo", count(made)));
                }
                let mut kept = self.moves.clone();
                self.undone.extend(kept.drain(made - n..).rev());
                self.replay(kept);
                Ok(format!("undid {}", count(n)))
            }
            Command::Redo(n) => {
                if n > self.undone.len() {
                    return Err(format!("only {} to redo", count(self.undone.len())));
                }
                let mut moves = self.moves.clone();
                let at = self.undone.len() - n;
                moves.extend(self.undone.drain(at..).rev());
                self.replay(moves);
                Ok(format!("redid {}", count(n)))
            }
            Command::Hint => {
                let left = self.search(self.boards.len() - 1);
                match (left.optimum, left.first) {
                    (_, Some(first)) => Ok(format!("hint: {first}")),
                    (Some(Optimum::Moves(0)), None) => Err("solved: no move is better".into()),
                    (Some(Optimum::Unsolvable), None) => Err("no move leads to the goal".into()),
                    _ => Err("the reference cannot search this board".into()),
                }
            }
            Command::Save(path) => {
                let answer = self.answer(&self.moves);
                let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
                std::fs::write(&path, answer).map_err(fail)?;
                Ok(format!(
                    "saved {} to {}",
                    count(self.moves.len()),
                    path.display()
                ))
            }
            Command::Load(path) => {
                let fail = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
                let text = std::fs::read(&path).map_err(fail)?;
                let moves = self.moves_of(&String::from_utf8_lossy(&text));
                let moves = moves.map_err(|why| format!("{}: {why}", path.display()))?;
                let loaded = moves.len();
                self.legal(&moves)?;
                self.replay(moves);
                self.undone.clear();
                Ok(format!("loaded {} from {}", count(loaded), path.display()))
            }
            Command::List if self.moves.is_empty() => Ok("no moves yet".into()),
            Command::List => {
                let listed = self.moves.iter().enumerate();
                let lines: Vec<String> = listed.map(|(i, m)| format!("{}. {m}", i + 1)).collect();
                Ok(lines.join("\n"))
            }
            Command::Help => Ok(HELP.into()),
            Command::Quit => Ok(String::new()),
        }
    }

    /// Makes one move: a Huarong block moved twice in a row is one move where the metric allows
    /// the two as one (any path under `moves`, one way under `straight`), as the checker counts.
    fn make(&mut self, line: String) -> Result<(), String> {
        let mut moves = self.moves.clone();
        if let Some(merged) = self.merged(&line) {
            let mut one = moves.clone();
            *one.last_mut().expect("a last move") = merged;
            if self.legal(&one).is_ok() {
                self.replay(one);
                return Ok(());
            }
        }
        moves.push(line);
        self.legal(&moves)?;
        self.replay(moves);
        Ok(())
    }

    /// The last move and `line` as one, where both move one block.
    fn merged(&self, line: &str) -> Option<String> {
        let last = self.moves.last()?;
        let (name, from, _) = read_line(last)?;
        let (next, _, to) = read_line(line)?;
        (self.style == Written::Lines && name == next).then(|| format!("{name} {from} {to}"))
    }

    /// Whether `moves` are legal from the start, or the checker's reason for the first that is not.
    fn legal(&self, moves: &[String]) -> Result<(), String> {
        if moves.len() > MAX_FRAMES {
            return Err(format!("a game keeps at most {MAX_FRAMES} moves"));
        }
        let answer = self.answer(moves);
        let frames = (self.frames)(self.input.as_bytes(), answer.as_bytes(), 0)?;
        if !frames.last().is_some_and(|f| f.illegal) {
            return Ok(());
        }
        let said = self
            .checker
            .claims(self.input.as_bytes(), answer.as_bytes());
        match said {
            Err(rejection) if matches!(rejection.kind, Kind::IllegalMove { .. }) => {
                Err(rejection.text)
            }
            _ => Err(format!("move {} cannot be made", frames.len() - 1)),
        }
    }

    /// Sets the moves (legal ones) and their boards.
    fn replay(&mut self, moves: Vec<String>) {
        let answer = self.answer(&moves);
        let frames = (self.frames)(self.input.as_bytes(), answer.as_bytes(), 0);
        self.boards = frames.expect("the input was read once");
        self.moves = moves;
        let now = self.boards.len() - 1;
        self.search(now);
        self.search(now.saturating_sub(1));
    }

    /// `moves` as the problem's answer file writes them.
    pub fn answer(&self, moves: &[String]) -> String {
        match self.style {
            Written::Letters => moves.concat() + "\n",
            Written::Lines => format!("{}\n", moves.len()) + &moves.join("\n") + "\n",
        }
    }

    /// The moves of an answer file, or why it has none to play.
    fn moves_of(&self, answer: &str) -> Result<Vec<String>, String> {
        let mut lines = answer.trim_end().lines().map(str::trim);
        let first = lines.next().unwrap_or_default();
        if first == "unsolvable" {
            return Err("it says `unsolvable`: there are no moves to play".into());
        }
        if self.style == Written::Letters {
            return Ok(first.chars().map(String::from).collect());
        }
        let moves: Vec<String> = lines.map(String::from).collect();
        match first.parse::<usize>() {
            Ok(k) if k == moves.len() => Ok(moves),
            _ => Err(format!(
                "its first line {first:?} is not its {} lines' count",
                moves.len()
            )),
        }
    }

    /// `board` as an input of one case, for the reference: Eight's nine cells, or Huarong's input
    /// with its start layout replaced (the goal, the target and the metric kept).
    fn position(&self, board: &Frame) -> String {
        let empty = if self.style == Written::Letters {
            "x"
        } else {
            "."
        };
        let rows = board.cells.chunks(board.cols).map(|row| {
            let cells = row.iter().map(|c| c.as_deref().unwrap_or(empty));
            cells.collect::<Vec<&str>>().join(" ")
        });
        let rows: Vec<String> = rows.collect();
        if self.style == Written::Letters {
            return rows.join(" ") + "\n";
        }
        let mut lines = self.input.lines().map(str::trim).filter(|l| !l.is_empty());
        let size = lines.next().unwrap_or_default();
        let rest: Vec<&str> = lines.skip(board.rows).collect();
        format!("{size}\n{}\n{}\n", rows.join("\n"), rest.join("\n"))
    }

    /// A position as blocks, each its shape, its corner and what tells it apart from blocks of
    /// the same shape (Eight's tile, Huarong's target), sorted: equal for boards that differ only by
    /// swaps of alike blocks, as the reference counts positions. `mirror`: of the board mirrored.
    fn key(&self, board: &Frame, mirror: bool) -> Vec<(Vec<Pos>, Pos, String)> {
        let blocks = cells_by_name(board, mirror)
            .into_iter()
            .map(|(name, cells)| {
                let (r, c) = corner(&cells);
                let mut shape: Vec<Pos> = cells.iter().map(|&(r2, c2)| (r2 - r, c2 - c)).collect();
                shape.sort_unstable();
                let told = self.style == Written::Letters || self.target.as_deref() == Some(name);
                (shape, (r, c), if told { name } else { "" }.to_string())
            });
        let mut blocks: Vec<_> = blocks.collect();
        blocks.sort();
        blocks
    }

    /// Whether the goal is its own mirror image: Huarong's goal cells, or the goal layout (the
    /// board the reference's shortest answer ends on). Eight's never is: its tiles are numbered.
    fn goal_is_symmetric(&self) -> bool {
        let start = &self.boards[0];
        if self.style == Written::Letters {
            return false;
        }
        if !start.goal.is_empty() {
            let cols = start.cols;
            let mirror = |&i: &usize| i - i % cols + cols - 1 - i % cols;
            return start.goal.iter().all(|i| start.goal.contains(&mirror(i)));
        }
        let Some(answer) = (self.shortest)(self.input.as_bytes(), 0) else {
            return false;
        };
        let frames = (self.frames)(self.input.as_bytes(), answer.as_bytes(), 0);
        let goal = frames
            .ok()
            .and_then(|f| f.last().filter(|f| f.solved).cloned());
        goal.is_some_and(|g| self.key(&g, true) == self.key(&g, false))
    }

    /// The block named `name`'s corner now: the top-left corner of its cells' box.
    pub fn corner(&self, name: &str) -> Option<Pos> {
        cells_by_name(self.board(), false)
            .get(name)
            .map(|cells| corner(cells))
    }
}

/// Each block's cells on `board`, by name; `mirror`: on the board mirrored left to right.
fn cells_by_name(board: &Frame, mirror: bool) -> BTreeMap<&str, Vec<Pos>> {
    let mut cells: BTreeMap<&str, Vec<Pos>> = BTreeMap::new();
    for (i, name) in board.cells.iter().enumerate() {
        let (r, c) = (i / board.cols, i % board.cols);
        let c = if mirror { board.cols - 1 - c } else { c };
        if let Some(name) = name {
            cells.entry(name).or_default().push((r, c));
        }
    }
    cells
}

/// The top-left corner of the box round `cells`.
fn corner(cells: &[Pos]) -> Pos {
    let min = |at: fn(&Pos) -> usize| cells.iter().map(at).min().unwrap_or(0);
    (min(|p| p.0), min(|p| p.1))
}

/// Does what a line of the line mode asks (a key of the terminal mode stands for one): what to say
/// of it, or why it was not done (`not done: …`, the game unchanged); `None` for `quit`.
pub fn run_line(game: &mut Game, line: &str) -> Option<Result<String, String>> {
    let said = match parse(game, line) {
        Ok(Command::Quit) => return None,
        Ok(command) => game.apply(command),
        Err(why) => Err(why),
    };
    Some(said.map_err(|why| format!("not done: {why}")))
}

/// A line of input read as a command: moves as a player types them, or a word.
pub fn parse(game: &Game, line: &str) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let count = |word: Option<&&str>| match word {
        None => Ok(1),
        Some(n) => n
            .parse()
            .map_err(|_| format!("`{n}` is not a number of moves")),
    };
    let file = |word: Option<&&str>| word.map(PathBuf::from).ok_or("give the file's name");
    match words.as_slice() {
        [] => Ok(Command::Moves(Vec::new())),
        ["undo", rest @ ..] if rest.len() < 2 => Ok(Command::Undo(count(rest.first())?)),
        ["redo", rest @ ..] if rest.len() < 2 => Ok(Command::Redo(count(rest.first())?)),
        ["save", rest @ ..] if rest.len() < 2 => Ok(Command::Save(file(rest.first())?)),
        ["load", rest @ ..] if rest.len() < 2 => Ok(Command::Load(file(rest.first())?)),
        ["hint"] => Ok(Command::Hint),
        ["moves"] => Ok(Command::List),
        ["help"] => Ok(Command::Help),
        ["quit" | "exit" | "q"] => Ok(Command::Quit),
        _ if game.style == Written::Letters => letters(&words).map(Command::Moves),
        [name, rest @ ..] => block_move(game, name, rest).map(|m| Command::Moves(vec![m])),
    }
}

/// Eight's moves: letters `udlr`, run together or not, or the directions' names.
fn letters(words: &[&str]) -> Result<Vec<String>, String> {
    let mut moves = Vec::new();
    for word in words {
        match direction(word) {
            Some((letter, _)) if word.len() > 1 => moves.push(letter.to_string()),
            _ if word.chars().all(|c| "udlr".contains(c)) => {
                moves.extend(word.chars().map(String::from))
            }
            _ => {
                return Err(format!(
                    "`{word}` is no move: type u, d, l or r (the blank's way)"
                ))
            }
        }
    }
    Ok(moves)
}

/// `up`/`u` … as a letter and a step of a corner (rows down, columns right).
fn direction(word: &str) -> Option<(char, (isize, isize))> {
    match word {
        "up" | "u" => Some(('u', (-1, 0))),
        "down" | "d" => Some(('d', (1, 0))),
        "left" | "l" => Some(('l', (0, -1))),
        "right" | "r" => Some(('r', (0, 1))),
        _ => None,
    }
}

/// A Huarong move: block `name` one cell a way, or to the corner `R C`, `(R,C)` or the output
/// format's whole `(r,c) (r2,c2)`.
fn block_move(game: &Game, name: &str, rest: &[&str]) -> Result<String, String> {
    let from = game
        .corner(name)
        .ok_or_else(|| format!("no block is named `{name}`; type help"))?;
    let show = |(r, c): Pos| format!("({r},{c})");
    if let [way] = rest {
        if let Some((_, (dr, dc))) = direction(way) {
            let r = from.0.checked_add_signed(dr);
            let c = from.1.checked_add_signed(dc);
            let to = r
                .zip(c)
                .ok_or_else(|| format!("block {name} is at the edge: it cannot go {way}"))?;
            return Ok(format!("{name} {} {}", show(from), show(to)));
        }
    }
    let spaced = rest.join(" ").replace(['(', ')', ','], " ");
    let numbers: Result<Vec<usize>, _> = spaced.split_whitespace().map(str::parse).collect();
    match numbers.as_deref() {
        Ok([r, c]) => Ok(format!("{name} {} {}", show(from), show((*r, *c)))),
        Ok([r, c, r2, c2]) => Ok(format!("{name} {} {}", show((*r, *c)), show((*r2, *c2)))),
        _ => Err(format!(
            "`{}` is no move: type {name} up|down|left|right, or {name} ROW COL (where its corner goes)",
            rest.join(" ")
        )),
    }
}

/// A Huarong move line's block, from and to, as written.
fn read_line(line: &str) -> Option<(&str, &str, &str)> {
    let mut words = line.split_whitespace();
    Some((words.next()?, words.next()?, words.next()?))
}

fn count(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::rng::Rng;
    use crate::puzzles::{eight, huarong, huarong_goal};

    fn game(puzzle: &Puzzle, input: &str) -> Game {
        Game::new(puzzle, input.as_bytes(), 0).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Makes the moves `line` types, which must be legal.
    fn typed(game: &mut Game, line: &str) {
        let command = parse(game, line).unwrap_or_else(|e| panic!("{line}: {e}"));
        game.apply(command)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }

    /// A random legal move typed as a player types it: a letter, or a block and a way.
    fn random_move(game: &mut Game, rng: &mut Rng) {
        let mut names: Vec<String> = game.board().cells.iter().flatten().cloned().collect();
        names.dedup();
        for _ in 0..50 {
            let way = rng.pick(&["up", "down", "left", "right"]);
            let line = match game.style {
                Written::Letters => way.to_string(),
                Written::Lines => format!("{} {way}", names[rng.below(names.len())]),
            };
            if let Ok(command) = parse(game, &line) {
                if game.apply(command).is_ok() {
                    return;
                }
            }
        }
    }

    /// From random positions (random legal walks from the generators' inputs and two more), a
    /// fresh game's hints, each followed, reach the goal in exactly the distance it showed at its
    /// start: the reference's optimum of that position, from the checker.
    #[test]
    fn hints_reach_the_goal_in_exactly_the_distance_shown() {
        let hardest = include_str!("../../problems/eight/tests/002-hardest-8672543x1.in");
        let straight = "3 3\nX T Y\n. . .\n. . .\nT\n2 1\nstraight\n";
        let mut starts = vec![(&eight::PUZZLE, hardest.to_string())];
        starts.push((&huarong::PUZZLE, straight.to_string()));
        for puzzle in [&eight::PUZZLE, &huarong::PUZZLE, &huarong_goal::PUZZLE] {
            let generator = (puzzle.stress.expect("a generator")()).generator;
            starts.extend((0..12).map(|index| (puzzle, generator.input(1, index, 1).0)));
        }
        let mut followed = Vec::new();
        for (i, (puzzle, input)) in starts.iter().enumerate() {
            for seed in 0..3 {
                let mut rng = Rng::for_input(seed, i as u64);
                let mut walk = game(puzzle, input);
                for _ in 0..rng.below(15) {
                    random_move(&mut walk, &mut rng);
                }
                let position = walk.position(walk.board());
                let mut fresh = game(puzzle, &position);
                let optimum = (puzzle.checker)()
                    .optima(position.as_bytes())
                    .expect("optima")[0];
                let shown = fresh.left(0).and_then(|l| l.optimum);
                assert_eq!(shown, Some(optimum), "{position}");
                let Optimum::Moves(distance) = optimum else {
                    continue;
                };
                for _ in 0..distance {
                    assert!(!fresh.board().solved, "solved early: {position}");
                    let hint = fresh.apply(Command::Hint).expect("a hint");
                    typed(&mut fresh, hint.strip_prefix("hint: ").expect("a hint"));
                }
                assert!(fresh.board().solved, "{position}\n{:?}", fresh.moves);
                assert_eq!(fresh.moves.len() as u64, distance);
                followed.push(puzzle.name);
            }
        }
        let solved = |name| followed.iter().filter(|&&n| n == name).count();
        let each = [solved("eight"), solved("huarong"), solved("huarong_goal")];
        assert!(
            each.iter().all(|&n| n >= 15),
            "positions solved by hints: {each:?}"
        );
    }

    #[test]
    fn a_detour_costs_and_a_repeat_is_named() {
        let mut eight = game(&eight::PUZZLE, "1 2 3 4 5 6 7 x 8");
        typed(&mut eight, "u");
        let left = |g: &Game, at| g.left(at).and_then(|l| l.optimum);
        assert_eq!(
            (left(&eight, 0), left(&eight, 1)),
            (Some(Optimum::Moves(1)), Some(Optimum::Moves(2)))
        );
        typed(&mut eight, "d");
        assert_eq!(
            eight.seen(),
            Some(Seen {
                at: 0,
                mirrored: false
            })
        );
        typed(&mut eight, "r");
        assert!(eight.board().solved && eight.seen().is_none());
    }

    /// Two alike blocks either side of a target whose goal cell is in the middle column: one
    /// moved down is the mirror image of the other moved down.
    #[test]
    fn a_mirror_image_is_named_where_the_goal_is_symmetric() {
        let input = "3 3\nX T Y\n. . .\n. . .\nT\n2 1\n";
        let mut play = game(&huarong::PUZZLE, input);
        assert!(play.symmetric);
        typed(&mut play, "X down");
        typed(&mut play, "X up");
        assert_eq!(
            play.seen(),
            Some(Seen {
                at: 0,
                mirrored: false
            })
        );
        typed(&mut play, "Y down");
        assert_eq!(
            play.seen(),
            Some(Seen {
                at: 1,
                mirrored: true
            })
        );
        // 横刀立马 to its solved layout, which is its own mirror image up to alike blocks.
        let layouts =
            include_str!("../../problems/huarong_goal/tests/001-hengdao-lima-to-solved.in");
        let mut play = game(&huarong_goal::PUZZLE, layouts);
        assert!(play.symmetric);
        for way in ["P right", "P left", "Q left"] {
            typed(&mut play, way);
        }
        assert_eq!(
            play.seen(),
            Some(Seen {
                at: 1,
                mirrored: true
            })
        );
        let lopsided = game(&huarong::PUZZLE, "3 3\nX T Y\n. . .\n. . .\nT\n2 0\n");
        assert!(!lopsided.symmetric, "its goal is in a corner");
        let lopsided = game(&huarong_goal::PUZZLE, "1 3\nA B .\n. A B\n");
        assert!(!lopsided.symmetric, "its goal layout leans right");
        let eight = game(&eight::PUZZLE, "1 2 3 4 5 6 7 x 8");
        assert!(!eight.symmetric, "tiles are numbered");
    }

    #[test]
    fn players_moves_become_the_output_formats() {
        let play = game(
            &huarong::PUZZLE,
            include_str!("../../problems/huarong/tests/002-hengdao-lima.in"),
        );
        let moves = |line| match parse(&play, line) {
            Ok(Command::Moves(m)) => Ok(m),
            other => Err(format!("{other:?}")),
        };
        assert_eq!(moves("P right"), Ok(vec!["P (4,0) (4,1)".to_string()]));
        assert_eq!(moves("P 4 2"), Ok(vec!["P (4,0) (4,2)".to_string()]));
        assert_eq!(moves("P (4, 2)"), Ok(vec!["P (4,0) (4,2)".to_string()]));
        assert_eq!(
            moves("P (4,0) (4,1)"),
            Ok(vec!["P (4,0) (4,1)".to_string()])
        );
        assert!(moves("H up").is_err_and(|e| e.contains("edge")));
        assert!(moves("Z up").is_err_and(|e| e.contains("no block is named `Z`")));
        assert!(moves("P sideways").is_err_and(|e| e.contains("is no move")));
        let eight = game(&eight::PUZZLE, "1 2 3 4 5 6 7 x 8");
        assert_eq!(
            parse(&eight, "ul r down"),
            Ok(Command::Moves(
                ["u", "l", "r", "d"].map(String::from).to_vec()
            ))
        );
        assert_eq!(parse(&eight, "undo 3"), Ok(Command::Undo(3)));
        assert!(parse(&eight, "undo x").is_err() && parse(&eight, "ux").is_err());
    }

    /// Under `moves` a block moved twice in a row is one move; under `straight` only one way;
    /// under `steps` never: the count is the checker's.
    #[test]
    fn steps_of_one_block_merge_as_the_metric_counts() {
        let board = "3 3\nA . .\n. . .\n. . .\nA\n2 1\n";
        for (metric, merged) in [("", 1), ("straight", 2), ("steps", 3)] {
            let mut play = game(&huarong::PUZZLE, &format!("{board}{metric}\n"));
            for way in ["right", "down", "down"] {
                typed(&mut play, &format!("A {way}"));
            }
            let checker = (huarong::PUZZLE.checker)();
            let answer = play.answer(&play.moves);
            let claimed = checker.claims(play.input.as_bytes(), answer.as_bytes());
            assert_eq!(
                claimed,
                Ok(vec![Optimum::Moves(merged)]),
                "{metric}: {answer}"
            );
            assert_eq!(play.moves.len(), merged as usize);
        }
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut play = game(
            &huarong::PUZZLE,
            include_str!("../../problems/huarong/tests/002-hengdao-lima.in"),
        );
        typed(&mut play, "P right");
        let before = (play.moves.clone(), play.board().clone());
        let refused = play.apply(parse(&play, "A down").expect("a move"));
        assert_eq!(
            refused,
            Err("move 2: block A cannot reach (1,1) from (0,1)".into())
        );
        assert_eq!((play.moves.clone(), play.board().clone()), before);
        let mut eight = game(&eight::PUZZLE, "1 2 3 4 5 6 7 8 x");
        assert_eq!(
            eight.apply(parse(&eight, "u d d").expect("moves")),
            Err("illegal move 'd' at step 3".into())
        );
        assert!(
            eight.moves.is_empty(),
            "a line of moves is made whole or not at all"
        );
    }

    #[test]
    fn undo_redo_save_and_load_round_trip() {
        let input = include_str!("../../problems/huarong/tests/001-hackerrank-sample.in");
        let mut play = game(&huarong::PUZZLE, input);
        let answer =
            (huarong::PUZZLE.replay.as_ref().expect("replays").shortest)(input.as_bytes(), 0);
        let best = play.moves_of(&answer.expect("an answer")).expect("moves");
        play.apply(Command::Moves(best.clone())).expect("legal");
        play.apply(Command::Undo(2)).expect("two to undo");
        assert!(play.moves.is_empty() && play.apply(Command::Undo(1)).is_err());
        play.apply(parse(&play, " ").expect("a blank line"))
            .expect("redrawn");
        play.apply(Command::Redo(2))
            .expect("two to redo, a blank line kept them");
        assert_eq!(play.moves, best);
        assert!(play.apply(Command::Redo(1)).is_err());
        let file = std::env::temp_dir().join(format!("slidekit-play-{}.txt", std::process::id()));
        play.apply(Command::Save(file.clone())).expect("saved");
        let saved = std::fs::read(&file).expect("the file");
        let checker = (huarong::PUZZLE.checker)();
        let optima = checker.optima(input.as_bytes()).expect("optima");
        let cost = crate::model::verdict::Cost {
            moves: 2,
            optimum: 2,
        };
        assert_eq!(
            checker.check(input.as_bytes(), &saved, &optima),
            crate::model::verdict::Checked::Accepted(cost)
        );
        let mut again = game(&huarong::PUZZLE, input);
        again.apply(Command::Load(file.clone())).expect("loaded");
        assert_eq!(again.moves, best);
        std::fs::write(&file, "1\nB (1,0) (0,1)\n").expect("written");
        let refused = again.apply(Command::Load(file.clone()));
        assert_eq!(
            refused,
            Err("move 1: block B cannot reach (0,1) from (1,0)".into())
        );
        assert_eq!(again.moves, best, "nothing changed");
        let _ = std::fs::remove_file(file);
    }
}
