//! One command line read against the table: its words and its options' values, each checked, or an
//! error that says what is wrong and the nearest right word.

use super::options::Options;
use super::table::{self, Cmd, Opt, Range, Set, Unset, OPTIONS};
use crate::formats::names;
use crate::model::error::JudgeError;
use crate::model::limits::MAX_TIME_MS;
use crate::run::sandbox;
use std::path::Path;

/// Reads `args` (those after the command's name) for `command`: its options, each set by its entry
/// in the table or else to the table's default, and the options that were given.
pub fn read(
    command: &'static Cmd,
    args: Vec<String>,
) -> Result<(Options, Vec<&'static Opt>), JudgeError> {
    let (mut options, mut given, mut words) = (Options::default(), Vec::new(), Vec::new());
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if !arg.starts_with('-') {
            words.push(arg);
            continue;
        }
        // `--time-limit=200` is `--time-limit 200`.
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value.to_string())),
            _ => (arg.as_str(), None),
        };
        let option = table::option(flag).ok_or_else(|| unknown_option(command, flag))?;
        if !option.takes(command.name) {
            return Err(refused(command, option));
        }
        let text = match (option.set, inline) {
            (Set::Switch(_), Some(_)) => Err(format!("`{flag}` takes no value")),
            (Set::Switch(_), None) => Ok(String::new()),
            (_, inline) => inline
                .or_else(|| args.next())
                .ok_or_else(|| format!("`{flag}` needs a value")),
        };
        let text = text.map_err(|why| usage(command, why))?;
        set(&mut options, option.set, flag, text).map_err(|why| usage(command, why))?;
        given.push(option);
    }
    let taken = OPTIONS.iter().filter(|o| o.takes(command.name));
    let unset = taken.filter(|o| !given.iter().any(|g| g.flag == o.flag));
    for option in unset {
        if let Unset::Number(n) = option.unset {
            set(&mut options, option.set, option.long(), n.to_string()).expect("a valid default");
        }
    }
    place(&mut options, command, words)?;
    Ok((options, given))
}

/// Sets the option `set` fills from `text`, the value given to `flag`; else says why not.
fn set(options: &mut Options, set: Set, flag: &str, text: String) -> Result<(), String> {
    match set {
        Set::Switch(to) => to(options),
        Set::Text(to) => to(options, text),
        Set::Whole(Range { unit, min, max }, to) => {
            let n = text.parse().ok().filter(|n| (min..=max).contains(n));
            let of = Some(unit).filter(|u| !u.is_empty());
            let of = of.map_or(String::new(), |unit| format!(" of {unit}"));
            let why =
                || format!("`{flag}` needs a whole number{of} from {min} to {max}, not `{text}`");
            to(options, n.ok_or_else(why)?)
        }
        Set::Seconds(to) => {
            let ms = text.parse::<f64>().map(|s| (s * 1000.0).round()).ok();
            let ms = ms.filter(|ms| (1.0..=MAX_TIME_MS as f64).contains(ms));
            let most = MAX_TIME_MS / 1000;
            let why =
                || format!("`{flag}` needs a number of seconds from 0.001 to {most}, not `{text}`");
            to(options, ms.ok_or_else(why)? as u64)
        }
    }
    Ok(())
}

/// Puts each word in its slot of the command's usage (`PROBLEM TEST [SUBMISSION]`): too few or too
/// many is an error.
fn place(options: &mut Options, command: &Cmd, words: Vec<String>) -> Result<(), JudgeError> {
    let slots: Vec<&str> = command.words.split(' ').collect();
    let needed = slots.iter().filter(|s| !s.starts_with('[')).count();
    let me = shown(command);
    if words.len() < needed {
        let (slots, example) = (slots[..needed].join(" "), command.example);
        let why = format!("`{me}` needs {slots}, e.g. `{me} {example}`");
        return Err(usage(command, why));
    }
    let mut words = words.into_iter();
    for slot in slots {
        match slot.trim_matches(['[', ']']) {
            "PROBLEM" => options.problem = words.next(),
            "SUBMISSION" | "PATH" => options.submission = words.next().map(Into::into),
            "TEST" => options.one_test = words.next().unwrap_or_default(),
            "COMMAND" => options.topic = words.next(),
            "INPUT..." => {
                let input = words.by_ref().collect::<Vec<_>>().join(" ");
                options.input = Some(input).filter(|i| !i.is_empty())
            }
            other => panic!("no slot `{other}` in the options"),
        }
    }
    match words.next() {
        Some(extra) => {
            let takes = command.words;
            Err(usage(
                command,
                format!("unexpected argument `{extra}`: `{me}` takes {takes}"),
            ))
        }
        None => Ok(()),
    }
}

/// How a command is named in a message: `judge stress`, or `judge` for the judge itself.
pub fn shown(command: &Cmd) -> String {
    format!("judge {}", command.word).trim_end().to_string()
}

/// Where to read about `command`.
fn help_for(command: &Cmd) -> String {
    match command.word {
        "" => format!("{} --help", invocation()),
        word => format!("{} help {word}", invocation()),
    }
}

/// A mistake in the command line, with where to read how it goes.
pub fn usage(command: &Cmd, message: String) -> JudgeError {
    JudgeError::new(message).with_fix(format!("see `{}`", help_for(command)))
}

/// An option the table does not have, with the nearest one: the command's own first, else any.
fn unknown_option(command: &Cmd, flag: &str) -> JudgeError {
    let long = |all: bool| -> Vec<&str> {
        let taken = OPTIONS.iter().filter(|o| all || o.takes(command.name));
        taken.map(|o| o.long()).collect()
    };
    let near = names::closest(flag, &long(false)).or_else(|| names::closest(flag, &long(true)));
    unknown("option", flag, near, &help_for(command))
}

/// An option the command does not take: which commands do.
fn refused(command: &Cmd, option: &Opt) -> JudgeError {
    let takers: Vec<String> = (option.commands.iter())
        .map(|&name| format!("`{}`", shown(table::of(name))))
        .collect();
    let (long, me, help) = (option.long(), shown(command), help_for(command));
    let fix = format!("`{long}` is for {}; see `{help}`", takers.join(", "));
    JudgeError::new(format!("`{me}` does not take `{long}`")).with_fix(fix)
}

/// An unknown command, with the nearest one if any.
pub fn unknown_command(word: &str) -> JudgeError {
    let near = near_command(word);
    unknown("command", word, near, &format!("{} --help", invocation()))
}

/// A word that looks like a mistyped command (`strss`), as that error; `None` for any other.
pub fn mistyped_command(word: &str) -> Option<JudgeError> {
    near_command(word).map(|_| unknown_command(word))
}

fn near_command(word: &str) -> Option<&'static str> {
    let words: Vec<&str> = table::COMMANDS.iter().map(|c| c.word).collect();
    names::closest(word, &words).filter(|w| !w.is_empty())
}

fn unknown(kind: &str, word: &str, near: Option<&str>, help: &str) -> JudgeError {
    let error = JudgeError::new(format!("unknown {kind} `{word}`"));
    match near {
        Some(near) => error.with_fix(format!("did you mean `{near}`? See `{help}`")),
        None => error.with_fix(format!("see `{help}`")),
    }
}

/// How the user runs this judge, for the commands it prints: `judge` where PATH finds this very
/// binary (after `cargo install --path .`), `cargo run --bin judge --` where it is a build in a
/// project's `target/`, else its path.
pub fn invocation() -> &'static str {
    static SHOWN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SHOWN.get_or_init(|| {
        let Ok(me) = std::env::current_exe().and_then(std::fs::canonicalize) else {
            return "judge".into();
        };
        // The `judge` a shell runs: the first on PATH.
        let found =
            sandbox::on_path(Path::new("judge")).and_then(|p| std::fs::canonicalize(p).ok());
        if found.is_some_and(|p| p == me) {
            return "judge".into();
        }
        match me.components().any(|c| c.as_os_str() == "target") {
            true => "cargo run --bin judge --".into(),
            false => me.display().to_string(),
        }
    })
}
