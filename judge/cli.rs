//! Command-line arguments → what to do. Hand-written: the project allows no crates.

use crate::error::JudgeError;
use crate::limits::{MAX_MEMORY_MIB, MAX_TIME_MS};
use std::path::PathBuf;

pub const HELP: &str = "\
judge: compile, run and check sliding-puzzle solutions

USAGE:
    judge [PROBLEM [SUBMISSION]] [OPTIONS]     judge every problem, one problem, or your own file
    judge add PROBLEM [INPUT | --file F | --grid G] [--name NAME]
                                              add a test; its optimum comes from the judge's reference

OPTIONS:
    --test NAME            only the tests whose name starts with NAME (e.g. 003)
    --time-limit MS        CPU time limit per test, milliseconds (default: the problem's)
    --memory-limit MIB     memory limit per test, MiB (default: the problem's)
    --no-sandbox           run without namespaces: process group and descendants only
    --compile-time-limit MS     the compiler's CPU cap, milliseconds (default 30000)
    --compile-memory-limit MIB  the compiler's memory cap, MiB (default 2048)
    --json                 print results as JSON (schema in README.md) instead of a table
    -v, --verbose          for each test not accepted: input, output and stderr heads
    --no-color             no colours (also NO_COLOR=1, and whenever stdout is not a terminal)
    -h, --help             this text

SUBMISSION may be .rs (rustc --edition 2021 -O), .c (gcc -O2), .cpp (g++ -O2 -std=c++17) or .py (python3).
Exit status: 0 every test accepted, 1 some test not accepted, 2 the judge, a problem or a test failed.
";

#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    Judge(JudgeOptions),
    Add(AddOptions),
    Help,
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct JudgeOptions {
    pub problem: Option<String>,
    pub submission: Option<PathBuf>,
    pub test: Option<String>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mib: Option<u64>,
    pub compile_time_limit_ms: Option<u64>,
    pub compile_memory_limit_mib: Option<u64>,
    pub no_sandbox: bool,
    pub json: bool,
    pub verbose: bool,
    pub no_color: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub struct AddOptions {
    pub problem: String,
    pub source: AddSource,
    pub name: Option<String>,
}

/// Where a new test's input comes from.
#[derive(Debug, PartialEq, Eq)]
pub enum AddSource {
    Text(String),
    File(PathBuf),
    /// The compact one-character-per-cell notation, rows separated by `/`.
    Grid(String),
    Stdin,
}

fn usage(message: String) -> JudgeError {
    JudgeError::new(message).with_fix("see `judge --help`")
}

/// Parses the arguments after the program name.
pub fn parse(args: Vec<String>) -> Result<Command, JudgeError> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(Command::Help);
    }
    match args.first().map(String::as_str) {
        Some("add") => parse_add(args.into_iter().skip(1)).map(Command::Add),
        _ => parse_judge(args.into_iter()).map(Command::Judge),
    }
}

fn parse_judge(mut args: impl Iterator<Item = String>) -> Result<JudgeOptions, JudgeError> {
    let mut options = JudgeOptions::default();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--test" => options.test = Some(value(&arg, &mut args)?),
            "--time-limit" => {
                options.time_limit_ms = Some(number(&arg, &mut args, "milliseconds", MAX_TIME_MS)?)
            }
            "--memory-limit" => {
                options.memory_limit_mib = Some(number(&arg, &mut args, "MiB", MAX_MEMORY_MIB)?)
            }
            "--compile-time-limit" => {
                let ms = number(&arg, &mut args, "milliseconds", MAX_TIME_MS)?;
                options.compile_time_limit_ms = Some(ms)
            }
            "--compile-memory-limit" => {
                let mib = number(&arg, &mut args, "MiB", MAX_MEMORY_MIB)?;
                options.compile_memory_limit_mib = Some(mib)
            }
            "--no-sandbox" => options.no_sandbox = true,
            "--json" => options.json = true,
            "-v" | "--verbose" => options.verbose = true,
            "--no-color" => options.no_color = true,
            flag if flag.starts_with('-') => return Err(usage(format!("unknown option `{flag}`"))),
            _ if options.problem.is_none() => options.problem = Some(arg),
            _ if options.submission.is_none() => options.submission = Some(PathBuf::from(arg)),
            _ => {
                return Err(usage(format!(
                    "unexpected argument `{arg}`: give a problem and a submission at most"
                )))
            }
        }
    }
    Ok(options)
}

fn parse_add(mut args: impl Iterator<Item = String>) -> Result<AddOptions, JudgeError> {
    let (mut problem, mut name) = (None, None);
    let (mut sources, mut words) = (Vec::new(), Vec::new());
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--file" => sources.push(AddSource::File(value(&arg, &mut args)?.into())),
            "--grid" => sources.push(AddSource::Grid(value(&arg, &mut args)?)),
            "--name" => name = Some(value(&arg, &mut args)?),
            flag if flag.starts_with('-') => {
                return Err(usage(format!("unknown option `{flag}` for `judge add`")))
            }
            _ if problem.is_none() => problem = Some(arg),
            _ => words.push(arg), // `judge add eight 1 2 3 …` without quotes is one input too
        }
    }
    if !words.is_empty() {
        sources.push(AddSource::Text(words.join(" ")));
    }
    let problem = problem.ok_or_else(|| {
        usage("`judge add` needs a problem, e.g. `judge add eight \"8 6 7 2 5 4 3 x 1\"`".into())
    })?;
    if sources.len() > 1 {
        return Err(usage(
            "`judge add` takes one input: text, --file or --grid".into(),
        ));
    }
    let source = sources.pop().unwrap_or(AddSource::Stdin);
    Ok(AddOptions {
        problem,
        source,
        name,
    })
}

fn value(flag: &str, args: &mut impl Iterator<Item = String>) -> Result<String, JudgeError> {
    args.next()
        .ok_or_else(|| usage(format!("`{flag}` needs a value")))
}

/// A limit's value: a whole number from 1 to `max` (larger ones mean a typo, and would overflow).
fn number(
    flag: &str,
    args: &mut impl Iterator<Item = String>,
    unit: &str,
    max: u64,
) -> Result<u64, JudgeError> {
    let text = value(flag, args)?;
    match text.parse() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(usage(format!(
            "`{flag}` needs a whole number of {unit} from 1 to {max}, not `{text}`"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(line: &str) -> Result<Command, JudgeError> {
        parse(line.split_whitespace().map(String::from).collect())
    }

    #[test]
    fn no_arguments_judge_everything() {
        assert_eq!(parse_words(""), Ok(Command::Judge(JudgeOptions::default())));
    }

    #[test]
    fn a_problem_a_submission_and_options() {
        let parsed = parse_words(
            "eight mine.cpp --test 003 --time-limit 200 --memory-limit 16 --json -v --no-color \
             --no-sandbox --compile-time-limit 500 --compile-memory-limit 256",
        );
        let expected = JudgeOptions {
            problem: Some("eight".into()),
            submission: Some("mine.cpp".into()),
            test: Some("003".into()),
            time_limit_ms: Some(200),
            memory_limit_mib: Some(16),
            compile_time_limit_ms: Some(500),
            compile_memory_limit_mib: Some(256),
            no_sandbox: true,
            json: true,
            verbose: true,
            no_color: true,
        };
        assert_eq!(parsed, Ok(Command::Judge(expected)));
    }

    #[test]
    fn add_takes_text_a_file_a_grid_or_stdin() {
        let add = |line: &str| match parse_words(line) {
            Ok(Command::Add(add)) => add.source,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            add("add eight 12345678x"),
            AddSource::Text("12345678x".into())
        );
        assert_eq!(add("add eight 1 2 3"), AddSource::Text("1 2 3".into()));
        assert_eq!(add("add eight --file b.in"), AddSource::File("b.in".into()));
        assert_eq!(
            add("add huarong --grid AB/.."),
            AddSource::Grid("AB/..".into())
        );
        assert_eq!(add("add eight"), AddSource::Stdin);
    }

    #[test]
    fn mistakes_say_what_and_point_to_help() {
        let error = |line: &str| parse_words(line).unwrap_err();
        assert_eq!(
            error("--frobnicate").message,
            "unknown option `--frobnicate`"
        );
        assert_eq!(
            error("eight --time-limit").message,
            "`--time-limit` needs a value"
        );
        let message =
            "`--time-limit` needs a whole number of milliseconds from 1 to 3600000, not `fast`";
        assert_eq!(error("eight --time-limit fast").message, message);
        assert_eq!(error("a b c").fix.as_deref(), Some("see `judge --help`"));
        assert!(error("add")
            .message
            .starts_with("`judge add` needs a problem"));
        assert_eq!(
            error("add eight x --file y").message,
            "`judge add` takes one input: text, --file or --grid"
        );
        assert_eq!(parse_words("eight --help"), Ok(Command::Help));
    }
}
