//! `judge practice`: a problem's solution turned into an exercise, its search cut out between the
//! marker comments and replaced by hints, so the exercise is always the current solution minus its core.

use crate::cli::PracticeOptions;
use crate::error::JudgeError;
use crate::problem;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The marker lines around the search in `src/bin/*.rs`: plain comments, so the solution stays pasteable.
pub const BEGIN: &str = "// practice: begin search";
pub const END: &str = "// practice: end search";

/// What to write in place of Eight's search: the three methods the loop in `solve` calls.
const EIGHT_HINTS: &str = "\
The loop in `solve` calls three methods; write them here. The invariant above `let meet = loop` is what
they must keep.
- `fn goal_should_grow(&self) -> bool`: whether to grow the goal side next. Grow the smaller frontier:
  `self.goal_frontier.len()` against `self.start_frontier.len()`. (The solution also weighs in
  `start_work`, because the goal side is kept for later cases.) Never grow a side whose frontier is empty.
- `fn expand_start(&mut self) -> Option<Board>`: replace `start_frontier` by the next whole layer. For each
  `(board, came_by)` and each `(moved, m, n)` of `neighbours(board, came_by)`: skip `n` if
  `from_start[n] != UNSEEN`, else `self.visit_from_start(n, m)`; if `toward_goal[n] != UNSEEN` the sides
  meet: return `Some(moved)` at once. Then `start_depth += 1` and `log_layer(\"start\", ...)`.
- `fn expand_goal(&mut self) -> Option<Board>`: the same from `goal_frontier`, but store the opposite move,
  `toward_goal[n] = m ^ 1` (it leads back toward the goal), count `goal_seen`, reset `start_work`, and
  finish the whole layer even after a meeting: later cases trust this table.
Run `judge eight @PATH@ --test 001`, then all tests; with `-v` the judge shows your layers beside a
plain BFS's.";

/// What to write in place of Huarong's search: the two-sided loop, with `Side::expand` given.
const HUARONG_HINTS: &str = "\
Write the loop that keeps the invariant above. Each turn:
- `to_goal.build_when_smaller(puzzle, board, from_start.frontier().len(), trace)` builds the goal side
  once its roots would be the smaller frontier;
- expand one whole layer of the smaller side: `goal.expand(board, |p| from_start.seen.contains(p))`, or
  `from_start.expand(board, meets)` where `meets` is `board.solved(p)` until the goal side is built
  and `goal.seen.contains(p)` after;
- on a meeting `Some(meet)`: `return Some(join_halves(board, start, &from_start, to_goal.side(), meet,
  trace))`; if the expanded side's frontier is empty, `return None`.
- with `trace`, print `start depth D: frontier F, visited V` (or `goal`) after each layer.
Run `judge huarong @PATH@ --test 001`, then all tests; with `-v` the judge shows your layers beside
a plain BFS's.";

/// `source` with the lines between the markers replaced by `hints` (as comments) and a compile
/// error that says what to do, indented as the begin marker is. The markers stay, so an answer
/// can be put back between them.
pub fn exercise(source: &str, hints: &str) -> Result<String, String> {
    let lines: Vec<&str> = source.lines().collect();
    let find = |marker: &str| lines.iter().position(|l| l.trim() == marker);
    let (Some(begin), Some(end)) = (find(BEGIN), find(END)) else {
        return Err(format!("the solution has no `{BEGIN}` … `{END}` lines"));
    };
    if end <= begin {
        return Err(format!("`{END}` comes before `{BEGIN}`"));
    }
    let indent = &lines[begin][..lines[begin].len() - lines[begin].trim_start().len()];
    let mut out: Vec<String> = lines[..=begin].iter().map(|l| l.to_string()).collect();
    out.extend(hints.lines().map(|h| format!("{indent}// {h}")));
    out.push(format!(
        "{indent}compile_error!(\"practice: write the search here, between the practice markers\");"
    ));
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    Ok(out.join("\n") + "\n")
}

/// Writes the exercise for `options.problem` and returns its path; an existing file is never touched.
pub fn practice(root: &Path, options: &PracticeOptions) -> Result<PathBuf, JudgeError> {
    let name = options.problem.as_str();
    problem::ensure_known(root, name)?;
    let problem = problem::load(root, name)?;
    let hints = match problem.checker.as_str() {
        "eight" => EIGHT_HINTS,
        "huarong" => HUARONG_HINTS,
        other => {
            return Err(JudgeError::new(format!(
                "no exercise for the `{other}` checker"
            )))
        }
    };
    let solution = root.join(&problem.solution);
    let source =
        std::fs::read_to_string(&solution).map_err(|e| JudgeError::io("read", &solution, e))?;
    let path =
        (options.path.clone()).unwrap_or_else(|| Path::new("practice").join(format!("{name}.rs")));
    // The hints name the file where it is written.
    let hints = hints.replace("@PATH@", &path.display().to_string());
    let text = exercise(&source, &hints)
        .map_err(|e| JudgeError::new(format!("{}: {e}", solution.display())))?;
    write_new(&path, &text)?;
    Ok(path)
}

/// Creates `path` (and its folder) with `text`, refusing if anything is there already.
fn write_new(path: &Path, text: &str) -> Result<(), JudgeError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| JudgeError::io("create", dir, e))?;
    }
    let created = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path);
    let mut file = created.map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => JudgeError::new(format!(
            "{} exists already: it is never overwritten",
            path.display()
        ))
        .with_fix("give another path, e.g. `judge practice eight mine.rs`, or remove it"),
        _ => JudgeError::io("create", path, e),
    })?;
    file.write_all(text.as_bytes())
        .map_err(|e| JudgeError::io("write", path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The part of `source` between the markers: the search an exercise leaves out.
    fn search_of(source: &str) -> Option<&str> {
        let start = source.find(BEGIN)? + BEGIN.len();
        let end = start + source[start..].find(END)?;
        Some(&source[start..end])
    }

    const SOURCE: &str = "fn main() {\n    let x = 1;\n    // practice: begin search\n    \
                          println!(\"{x}\");\n    // practice: end search\n}\n";

    #[test]
    fn the_search_is_replaced_by_hints_and_a_compile_error() {
        let text = exercise(SOURCE, "print x\nonce").expect("markers");
        let expected =
            "fn main() {\n    let x = 1;\n    // practice: begin search\n    // print x\n    \
             // once\n    compile_error!(\"practice: write the search here, between the practice \
             markers\");\n    // practice: end search\n}\n";
        assert_eq!(text, expected);
        assert_eq!(search_of(SOURCE), Some("\n    println!(\"{x}\");\n    "));
    }

    #[test]
    fn both_solutions_have_their_markers_in_order() {
        for source in [
            include_str!("../src/bin/eight.rs"),
            include_str!("../src/bin/huarong.rs"),
        ] {
            let search = search_of(source).expect("markers");
            assert!(
                search.contains("expand"),
                "the search is between the markers"
            );
            let text = exercise(source, "hint").expect("markers");
            assert!(!text.contains(search) && text.contains("compile_error!"));
        }
        assert!(exercise("fn main() {}\n", "hint").is_err());
    }
}
