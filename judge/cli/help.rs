//! The help, made from the table: every command's usage, one command's options with their defaults,
//! and the usage and options tables of docs/judge.md.

use super::read;
use super::table::{self, Cmd, Name, Opt, Unset, COMMANDS, OPTIONS};
use crate::model::error::JudgeError;

/// The help's lines are at most this wide, and a command's description starts at this column.
const WIDTH: usize = 100;
const ABOUT_AT: usize = 46;

const TITLE: &str = "judge: compile, run and check sliding-puzzle solutions\n\n";
const FOOTER: &str = "\
SUBMISSION may be .rs (rustc --edition 2021 -O), .c (gcc -O2 -lm), .cpp (g++ -O2 -std=c++17 -lm) or
.py (python3 -S).
Exit status: 0 every test accepted, 1 some test not accepted, 2 the judge, a problem or a test failed.
";

/// The whole help, or (given a command's word) that command's usage and its options with their
/// defaults.
pub fn help(topic: Option<&str>) -> Result<String, JudgeError> {
    let (title, commands, options) = match topic {
        None => (TITLE, COMMANDS.iter().collect(), options_of(Name::Judge)),
        Some(word) => {
            let command = table::command(word).ok_or_else(|| read::unknown_command(word))?;
            ("", vec![command], options_of(command.name))
        }
    };
    // What a submission may be, and what the exit status says, only where one is judged.
    let judges = commands.iter().any(|c| c.words.contains("SUBMISSION"));
    let footer = if judges { FOOTER } else { "" };
    let usages: String = commands.into_iter().map(usage).collect();
    Ok(format!(
        "{title}USAGE:\n{usages}\nOPTIONS (also as --option=value):\n{}\n{footer}",
        option_lines(&options)
    ))
}

/// The options `command` takes: its own first (those the judge itself does not take), in the
/// table's order.
fn options_of(command: Name) -> Vec<&'static Opt> {
    let mut taken: Vec<&Opt> = OPTIONS.iter().filter(|o| o.takes(command)).collect();
    taken.sort_by_key(|o| o.takes(Name::Judge));
    taken
}

/// Whether an option is one of the judging options: the judge's own, not one every command takes.
fn judging(option: &Opt) -> bool {
    option.takes(Name::Judge) && !option.takes(Name::Help)
}

/// `judge stress PROBLEM [SUBMISSION] [--cases N] … [OPTIONS]`, as its pieces.
fn usage_pieces(command: &Cmd) -> Vec<String> {
    let name = read::shown(command);
    let mut pieces = vec![name];
    pieces.extend(Some(command.words.to_string()).filter(|w| !w.is_empty()));
    let taken = OPTIONS.iter().filter(|o| o.takes(command.name));
    let own = taken.clone().filter(|o| !o.takes(Name::Judge));
    pieces.extend(own.map(|o| format!("[{}]", o.flag)));
    if taken.clone().any(judging) {
        pieces.push("[OPTIONS]".into());
    }
    pieces
}

/// A command's usage, wrapped under its name, then what it does from [`ABOUT_AT`].
fn usage(command: &Cmd) -> String {
    let pieces = usage_pieces(command);
    let (name, rest) = (format!("    {}", pieces[0]), pieces[1..].iter());
    let mut lines = wrap(name, rest.map(String::as_str), 4 + pieces[0].len() + 1);
    let last = lines.pop().unwrap_or_default();
    let start = match last.len() + 2 <= ABOUT_AT {
        true => format!("{last:ABOUT_AT$}"),
        false => {
            lines.push(last);
            " ".repeat(ABOUT_AT)
        }
    };
    lines.extend(wrap(start, command.about.split(' '), ABOUT_AT));
    lines.into_iter().map(|line| line + "\n").collect()
}

/// An option's help with its default, as the help and the docs say it.
fn described(option: &Opt) -> String {
    match option.unset {
        Unset::Nothing => option.help.to_string(),
        Unset::Number(n) => format!("{} (default {n})", option.help),
        Unset::Said(what) => format!("{} (default: {what})", option.help),
    }
}

/// One line (or more, wrapped) for each option: its flag, then its help.
fn option_lines(options: &[&Opt]) -> String {
    let width = options.iter().map(|o| o.flag.len()).max().unwrap_or(0);
    let lines = options.iter().flat_map(|option| {
        let start = format!("    {:width$}  ", option.flag);
        wrap(start, described(option).split(' '), 4 + width + 2)
    });
    lines.map(|line| line + "\n").collect()
}

/// `start`, then `words` after it, a space between two, in lines at most [`WIDTH`] wide; a line
/// after the first starts with `indent` spaces.
fn wrap<'a>(start: String, words: impl Iterator<Item = &'a str>, indent: usize) -> Vec<String> {
    let mut lines = vec![start];
    for word in words {
        let line = lines.last_mut().expect("a first line");
        let space = if line.ends_with(' ') { "" } else { " " };
        match line.len() + space.len() + word.len() <= WIDTH {
            true => *line += &format!("{space}{word}"),
            false => lines.push(format!("{:indent$}{word}", "")),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The usage block of docs/judge.md: every command's usage on one line.
    fn docs_usage() -> String {
        let lines: String = (COMMANDS.iter())
            .map(|c| usage_pieces(c).join(" ") + "\n")
            .collect();
        format!("```\n{lines}```\n")
    }

    /// The options table of docs/judge.md: every option, the commands that take it, and its help.
    fn docs_options() -> String {
        let mut table = "| option | commands | meaning |\n|---|---|---|\n".to_string();
        for option in &OPTIONS {
            let takers: Vec<&str> = (option.commands.iter())
                .map(|&name| table::of(name).word)
                .map(|word| if word.is_empty() { "judge" } else { word })
                .collect();
            let takers = match option.takes(Name::Help) {
                true => "every command".to_string(),
                false => takers.join(", "),
            };
            let flag = option.flag.replace(", ", "`, `");
            // Markdown would read a `*` as emphasis.
            let meaning = described(option).replace('*', "\\*");
            table += &format!("| `{flag}` | {takers} | {meaning} |\n");
        }
        table
    }

    #[test]
    fn docs_show_the_tables_made_from_the_definitions() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/judge.md");
        let docs = std::fs::read_to_string(path).expect("docs/judge.md");
        for made in [docs_usage(), docs_options()] {
            assert!(
                docs.contains(&format!("{made}\n")),
                "docs/judge.md should show, followed by a blank line:\n{made}"
            );
        }
    }
}
