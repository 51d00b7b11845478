//! `judge practice`: a problem's solution turned into an exercise, its search cut out between the
//! marker comments and replaced by hints, so the exercise is always the current solution minus its
//! core; and with `--check`, the exercise judged as one by the coach.

use crate::cli::{self, Options};
use crate::judging::coach::coach;
use crate::judging::problem::{self, Problem};
use crate::judging::session::Session;
use crate::model::error::JudgeError;
use crate::puzzles;
use crate::render::coach::verdict;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The marker lines around the search in `src/bin/*.rs`: plain comments, so the solution stays pasteable.
pub const BEGIN: &str = "// practice: begin search";
pub const END: &str = "// practice: end search";

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

/// Where a problem without an exercise of its own can be practised: through a problem whose
/// solution is the same file, which `--check` can then hold to this problem's tests; else the
/// problems that have one.
fn exercise_elsewhere(root: &Path, problem: &Problem) -> String {
    let has_one = |name: &String| {
        let other = problem::load(root, name).ok()?;
        let puzzle = puzzles::of(puzzles::ALL, &other.name, &other.checker).ok()?;
        puzzle.hints.map(|_| other)
    };
    let names = problem::names(root).unwrap_or_default();
    let others: Vec<Problem> = names.iter().filter_map(has_one).collect();
    let judge = cli::invocation();
    match others.iter().find(|o| o.solution == problem.solution) {
        Some(other) => format!(
            "{0} is solved by {1}, as {2} is: write the exercise with `{judge} practice {2}`, \
             then `{judge} practice {0} PATH --check` holds it to {0}'s tests",
            problem.name,
            problem.solution.display(),
            other.name
        ),
        None => {
            let names: Vec<&str> = others.iter().map(|o| o.name.as_str()).collect();
            format!("the problems with an exercise: {}", names.join(", "))
        }
    }
}

/// Writes the exercise for `options.problem` (an existing file is never touched) and says where.
pub fn practice(root: &Path, options: &Options) -> Result<String, JudgeError> {
    let name = options.problem.as_deref().unwrap_or_default();
    let problem = problem::load(root, name)?;
    let puzzle = puzzles::of(puzzles::ALL, &problem.name, &problem.checker)?;
    let Some(hints) = puzzle.hints else {
        let why = format!("no exercise for the `{}` checker", puzzle.name);
        return Err(JudgeError::new(why).with_fix(exercise_elsewhere(root, &problem)));
    };
    let solution = root.join(&problem.solution);
    let source =
        std::fs::read_to_string(&solution).map_err(|e| JudgeError::io("read", &solution, e))?;
    let path = exercise_path(options);
    // The hints name the file where it is written.
    let hints = (hints.replace("@PATH@", &path.display().to_string()))
        .replace("@JUDGE@", cli::invocation());
    let text = exercise(&source, &hints)
        .map_err(|e| JudgeError::new(format!("{}: {e}", solution.display())))?;
    write_new(&path, &text)?;
    Ok(format!(
        "wrote {0}: {name}'s solution without its search. Write it between the practice \
         markers, then: {me} {name} {0}\nOnce every answer is accepted, hold the search to the \
         technique: {me} practice {name} {0} --check\n",
        path.display(),
        me = cli::invocation()
    ))
}

/// Where the exercise is: the path given, else `practice/PROBLEM.rs`.
fn exercise_path(options: &Options) -> PathBuf {
    let name = options.problem.as_deref().unwrap_or_default();
    let default = || Path::new("practice").join(format!("{name}.rs"));
    options.submission.clone().unwrap_or_else(default)
}

/// `judge practice PROBLEM [PATH] --check`: the exercise judged by the coach, the table shown as
/// tests finish and the exercise's verdict after it; exit status 0 when it passed, else 1. The
/// session must run its programs traced.
pub fn check(session: &Session, options: &Options) -> Result<i32, JudgeError> {
    let name = options.problem.as_deref().unwrap_or_default();
    let problem = session.problem(name)?;
    let path = exercise_path(options);
    if !path.is_file() {
        let why = format!("{} does not exist", path.display());
        let me = &session.settings.invocation;
        let fix = format!("write the exercise first: `{me} practice {name}`");
        return Err(JudgeError::new(why).with_fix(fix));
    }
    let exercise = coach(session, &problem, &path, &options.test)?;
    session.show(&verdict(&exercise, session.settings.color));
    Ok(if exercise.passed() { 0 } else { 1 })
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
    let exists = || {
        let why = format!("{} exists already: it is never overwritten", path.display());
        let me = cli::invocation();
        let fix = format!("give another path, e.g. `{me} practice eight mine.rs`, or remove it");
        JudgeError::new(why).with_fix(fix)
    };
    let mut file = created.map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => exists(),
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
            include_str!("../../src/bin/eight.rs"),
            include_str!("../../src/bin/huarong.rs"),
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
