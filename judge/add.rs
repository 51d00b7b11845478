//! `judge add`: writes the next `tests/NNN-name.in` and its `.ans`, whose optimum comes from the judge's
//! own reference. It refuses malformed input and never overwrites a file.

use crate::check::{self, show_optimum};
use crate::cli::{AddOptions, AddSource};
use crate::error::JudgeError;
use crate::problem;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The test written: its `.in` path and the optimum of each case.
pub struct Added {
    pub input: PathBuf,
    pub optima: Vec<Option<u64>>,
}

pub fn add(root: &Path, options: &AddOptions) -> Result<Added, JudgeError> {
    let problem = problem::load(root, &options.problem)?;
    let checker = check::checker_of(&problem)?;
    let input = read_input(&options.source, checker.as_ref())?;
    let refuse = |why: String| JudgeError::new(format!("not added: {why}"));
    let optima = checker.optima(input.as_bytes()).map_err(refuse)?;
    if optima.is_empty() {
        return Err(refuse("the input has no case".into()));
    }
    let dir = problem.dir.join("tests");
    let name = format!(
        "{:03}-{}",
        next_number(&dir)?,
        options.name.as_deref().map_or_else(|| slug(&input), slug)
    );
    let (in_path, ans_path) = (
        dir.join(format!("{name}.in")),
        dir.join(format!("{name}.ans")),
    );
    let answers: String = optima.iter().map(|o| show_optimum(*o) + "\n").collect();
    for path in [&in_path, &ans_path] {
        if path.exists() {
            return Err(JudgeError::new(format!(
                "{} exists already: nothing written",
                path.display()
            ))
            .with_fix("choose another --name"));
        }
    }
    write_new(&in_path, &input)?;
    write_new(&ans_path, &answers)?;
    Ok(Added {
        input: in_path,
        optima,
    })
}

fn read_input(source: &AddSource, checker: &dyn check::Checker) -> Result<String, JudgeError> {
    let text = match source {
        AddSource::Text(text) => text.clone(),
        AddSource::File(path) => {
            std::fs::read_to_string(path).map_err(|e| JudgeError::io("read", path, e))?
        }
        AddSource::Grid(grid) => checker
            .input_from_grid(grid)
            .map_err(|e| JudgeError::new(format!("not added: {e}")))?,
        AddSource::Stdin => {
            let mut text = String::new();
            let stdin = std::io::stdin().read_to_string(&mut text);
            stdin.map_err(|e| JudgeError::new(format!("cannot read stdin: {e}")))?;
            text
        }
    };
    Ok(text.trim_end().to_string() + "\n")
}

/// One more than the largest `NNN` that a test name starts with.
fn next_number(dir: &Path) -> Result<u32, JudgeError> {
    let entries = std::fs::read_dir(dir).map_err(|e| JudgeError::io("list", dir, e))?;
    let numbers =
        entries.filter_map(|e| e.ok()?.file_name().to_str()?.get(..3)?.parse::<u32>().ok());
    Ok(numbers.max().unwrap_or(0) + 1)
}

/// A file-name-safe name from the input's first line: `8 6 7 2 5 4 3 x 1` → `8672543x1`.
fn slug(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default();
    let kept: String = first
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(24)
        .collect();
    if kept.is_empty() {
        "added".into()
    } else {
        kept
    }
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
    fn names_come_from_the_first_line() {
        assert_eq!(slug("8 6 7 2 5 4 3 x 1\n"), "8672543x1");
        assert_eq!(slug("  \n"), "added");
        assert_eq!(slug("my-test"), "my-test");
    }
}
