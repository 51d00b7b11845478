//! `judge add`: writes the next `tests/NNN-name.in` and its `.ans`, whose optimum comes from the judge's
//! own reference. It refuses malformed input and never overwrites a file.

use crate::cli::Options;
use crate::formats::ans::show_optimum;
use crate::formats::files;
use crate::judging::problem;
use crate::model::error::JudgeError;
use crate::model::optimum::Optimum;
use crate::puzzles::{self, Puzzle};
use std::io::IsTerminal;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The test written: its `.in` path and the optimum of each case.
pub struct Added {
    pub input: PathBuf,
    pub optima: Vec<Optimum>,
}

impl Added {
    /// The line that tells what was written, e.g. `added tests/002-x.in (optimum: 31)`; past
    /// [`SHOWN`] cases, the first few and how many more.
    pub fn summary(&self) -> String {
        let count = self.optima.len();
        let shown = self.optima.iter().take(SHOWN).map(|o| show_optimum(*o));
        let mut optima = shown.collect::<Vec<_>>().join(", ");
        if count > SHOWN {
            optima += &format!(", … {} more of {count} cases", count - SHOWN);
        }
        let label = if count == 1 { "optimum" } else { "optima" };
        format!("added {} ({label}: {optima})\n", self.input.display())
    }
}

/// How many cases' optima the summary lists.
const SHOWN: usize = 8;

pub fn add(root: &Path, options: &Options) -> Result<Added, JudgeError> {
    let problem = problem::load(root, options.problem.as_deref().unwrap_or_default())?;
    let puzzle = puzzles::of(puzzles::ALL, &problem.name, &problem.checker)?;
    let input = read_input(options, puzzle)?;
    let optima =
        ((puzzle.checker)().optima(input.as_bytes())).map_err(|fault| refuse(fault.to_string()))?;
    if optima.is_empty() {
        return Err(refuse("the input has no case".into()));
    }
    let dir = problem.dir.join("tests");
    let existing = test_files(&dir)?;
    let label = options.name.as_deref().map_or_else(|| slug(&input), slug);
    // A name derived from the input may repeat (every 4×4 Huarong input starts `4 4`); a chosen one
    // is meant to tell the test apart.
    if options.name.is_some() {
        refuse_same_name(&existing, &label)?;
    }
    refuse_same_input(&dir, &existing, &input)?;
    let name = format!("{}-{label}", next_number(&existing)?);
    let in_path = dir.join(format!("{name}.in"));
    let ans_path = dir.join(format!("{name}.ans"));
    let answers: String = optima.iter().map(|o| show_optimum(*o) + "\n").collect();
    if let Some(path) = [&in_path, &ans_path].into_iter().find(|p| p.exists()) {
        let why = format!("{} exists already: nothing written", path.display());
        return Err(JudgeError::new(why).with_fix("choose another --name"));
    }
    write_new(&in_path, &input)?;
    write_new(&ans_path, &answers)?;
    Ok(Added {
        input: in_path,
        optima,
    })
}

fn refuse(why: String) -> JudgeError {
    JudgeError::new(format!("not added: {why}"))
}

/// The input: its words, `--file` or `--grid` (the command line gives one at most), else stdin;
/// `judge run` reads its words and stdin here too.
pub fn read_input(options: &Options, puzzle: &Puzzle) -> Result<String, JudgeError> {
    let text = match (&options.input, &options.file, &options.grid) {
        (Some(text), _, _) => text.clone(),
        (_, Some(path), _) => {
            std::fs::read_to_string(path).map_err(|e| JudgeError::io("read", path, e))?
        }
        (_, _, Some(grid)) => {
            let why =
                "`--grid` is not a notation of this problem: give the input as text or --file";
            let from_grid = puzzle.from_grid.ok_or_else(|| refuse(why.into()))?;
            from_grid(grid).map_err(refuse)?
        }
        _ => {
            if std::io::stdin().is_terminal() {
                eprintln!("type or paste the input, then Ctrl-D on a line of its own");
            }
            let mut text = String::new();
            let stdin = std::io::stdin().read_to_string(&mut text);
            stdin.map_err(|e| JudgeError::new(format!("cannot read stdin: {e}")))?;
            text
        }
    };
    Ok(text.trim_end().to_string() + "\n")
}

/// The names of the `.in` and `.ans` files in the tests folder `dir`.
fn test_files(dir: &Path) -> Result<Vec<String>, JudgeError> {
    let entries = std::fs::read_dir(dir).map_err(|e| JudgeError::io("list", dir, e))?;
    let names = entries.filter_map(|e| e.ok()?.file_name().into_string().ok());
    Ok(names
        .filter(|n| n.ends_with(".in") || n.ends_with(".ans"))
        .collect())
}

/// The number a test's file name starts with and how many digits write it: `012-x.in` → (12, 3).
fn leading_number(file: &str) -> Option<(u64, usize)> {
    let digits = file.bytes().take_while(u8::is_ascii_digit).count();
    Some((file[..digits].parse().ok()?, digits))
}

/// One more than the largest number a test starts with, written as wide as that one (3 digits at
/// least), so that names keep sorting in number order. Refused when it needs more digits than that:
/// `1000-` would sort before `999-`, and renaming every test (names that notes and commits may cite)
/// is the user's call, not a side effect of adding one.
fn next_number(files: &[String]) -> Result<String, JudgeError> {
    let largest = files
        .iter()
        .filter_map(|f| Some((leading_number(f)?, f)))
        .max();
    let Some(((number, digits), file)) = largest else {
        return Ok("001".into());
    };
    let width = digits.max(3);
    let next = format!("{:0width$}", number + 1);
    if next.len() > width {
        let why = format!("test {next} would sort before {file}");
        let fix = format!(
            "rename the tests to {} digits first, then add again",
            next.len()
        );
        return Err(refuse(why).with_fix(fix));
    }
    Ok(next)
}

/// Refuses a `--name` that a test has already: `label` is the part after `NNN-`.
fn refuse_same_name(files: &[String], label: &str) -> Result<(), JudgeError> {
    let named = |file: &&String| {
        let stem = file.strip_suffix(".in").unwrap_or(file);
        let digits = stem.bytes().take_while(u8::is_ascii_digit).count();
        stem[digits..].strip_prefix('-') == Some(label)
    };
    match files.iter().filter(|f| f.ends_with(".in")).find(named) {
        Some(file) => Err(refuse(format!("tests/{file} is named `{label}` already"))
            .with_fix("choose another --name")),
        None => Ok(()),
    }
}

/// Refuses an input that a test has already, byte for byte but for trailing whitespace (the same
/// board written another way may be a test of parsing, so only identical text counts).
fn refuse_same_input(dir: &Path, files: &[String], input: &str) -> Result<(), JudgeError> {
    // A file much longer than the input cannot be the same input; it is not read whole.
    let bound = input.len() as u64 + 4096;
    let same = |file: &&String| {
        let text = files::read_regular(&dir.join(file), bound).unwrap_or_default();
        String::from_utf8_lossy(&text).trim_end() == input.trim_end()
    };
    match files.iter().filter(|f| f.ends_with(".in")).find(same) {
        Some(file) => Err(refuse(format!("tests/{file} has this input already"))),
        None => Ok(()),
    }
}

/// A file-name-safe name from the input's first line: `8 6 7 2 5 4 3 x 1` → `8672543x1`.
fn slug(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default();
    // A size line, `5 4`, is a board's size: `5x4`, not a number.
    let words: Vec<&str> = first.split_whitespace().collect();
    let digits = |w: &&str| w.bytes().all(|b| b.is_ascii_digit());
    if words.len() == 2 && words.iter().all(digits) && text.lines().nth(1).is_some() {
        return format!("{}x{}", words[0], words[1]);
    }
    let kept: String = first
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(40)
        .collect();
    // Cut at 40, a name may end in a dash: `…-fixed-target-`.
    let kept = kept.trim_end_matches('-');
    let kept = if kept.is_empty() { "added" } else { kept };
    kept.into()
}

fn write_new(path: &Path, text: &str) -> Result<(), JudgeError> {
    let write = || {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)?
            .write_all(text.as_bytes())
    };
    write().map_err(|e| JudgeError::io("write", path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_lists_a_few_optima_and_counts_the_rest() {
        let added = |optima: Vec<Optimum>| Added {
            input: PathBuf::from("tests/011-x.in"),
            optima,
        };
        let one = added(vec![Optimum::Moves(31)]).summary();
        assert_eq!(one, "added tests/011-x.in (optimum: 31)\n");
        let each = |i: u64| (i % 2 == 0).then_some(Optimum::Moves(i));
        let many: Vec<Optimum> = (0..1000)
            .map(|i| each(i).unwrap_or(Optimum::Unsolvable))
            .collect();
        let text = added(many.clone()).summary();
        let listed = many[..SHOWN].iter().map(|o| show_optimum(*o));
        let head = listed.collect::<Vec<_>>().join(", ");
        let more = format!("(optima: {head}, … {} more of 1000 cases)", 1000 - SHOWN);
        assert_eq!(text, format!("added tests/011-x.in {more}\n"));
        let few = added(vec![Optimum::Unsolvable; SHOWN]).summary();
        assert!(!few.contains('…') && few.contains("optima: "), "{few}");
    }

    #[test]
    fn names_come_from_the_first_line() {
        assert_eq!(slug("8 6 7 2 5 4 3 x 1\n"), "8672543x1");
        assert_eq!(slug("  \n"), "added");
        assert_eq!(slug("my-test"), "my-test");
        assert_eq!(slug("5 4\nH A A I\n"), "5x4", "a Huarong board's size");
        assert_eq!(
            slug("5 4"),
            "54",
            "a chosen name of two numbers stays as it is"
        );
        let long = "open-30x30-fixed-target-500-queries-and-then-some";
        assert_eq!(slug(long), "open-30x30-fixed-target-500-queries-and");
    }

    fn names(files: &[&str]) -> Vec<String> {
        files.iter().map(|f| f.to_string()).collect()
    }

    #[test]
    fn new_numbers_sort_last_until_they_need_a_fourth_digit() {
        let mut files = Vec::new();
        for expected in 1..=999 {
            let next = next_number(&files).expect("a number");
            assert_eq!(next.parse::<u32>(), Ok(expected));
            let file = format!("{next}-x.in");
            assert!(files.iter().all(|f| *f < file), "{file} sorts last");
            files.push(file);
        }
        let refused = next_number(&files).unwrap_err();
        assert_eq!(
            refused.message,
            "not added: test 1000 would sort before 999-x.in"
        );
        assert!(refused.fix.expect("a fix").contains("4 digits"));
    }

    #[test]
    fn the_largest_number_sets_the_width() {
        assert_eq!(next_number(&names(&["notes.in"])).expect("first"), "001");
        let renamed = names(&["0998-a.in", "0999-b.ans"]);
        let next = next_number(&renamed).expect("fits");
        assert_eq!(next, "1000");
        assert!(renamed.iter().all(|f| *f < format!("{next}-c.in")));
        let wide = names(&["007-a.in", "00012-b.in"]);
        assert_eq!(next_number(&wide).expect("fits"), "00013");
    }

    #[test]
    fn a_chosen_name_is_refused_when_a_test_has_it() {
        let files = names(&["002-foo-bar.in", "003-foo.in", "004-baz.ans"]);
        let taken = refuse_same_name(&files, "foo").unwrap_err();
        assert_eq!(
            taken.message,
            "not added: tests/003-foo.in is named `foo` already"
        );
        assert!(refuse_same_name(&files, "bar").is_ok());
        assert!(
            refuse_same_name(&files, "baz").is_ok(),
            "an .ans alone is no test"
        );
    }
}
