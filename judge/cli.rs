//! Command-line arguments → what to do. Hand-written: the project allows no crates.

use crate::formats::names;
use crate::model::error::JudgeError;
use crate::model::limits::{MAX_MEMORY_MIB, MAX_TIME_MS};
use crate::run::sandbox;
use std::path::{Path, PathBuf};

/// The most cases `judge stress` tries in one go, and the most timed runs of `judge bench`.
const MAX_CASES: u64 = 100_000_000;
const MAX_RUNS: u64 = 1000;
/// The longest pause between two frames of `judge show`, milliseconds.
const MAX_DELAY_MS: u64 = 60_000;

pub const HELP: &str = "\
judge: compile, run and check sliding-puzzle solutions

USAGE:
    judge [PROBLEM [SUBMISSION]] [OPTIONS]     judge every problem, one problem, or your own file
    judge add PROBLEM [INPUT | --file F | --grid G] [--name NAME]
                                              add a test; its optimum comes from the judge's reference
    judge stress PROBLEM [SUBMISSION] [--cases N] [--seed S] [--time S] [--save] [--gen GEN]
                 [--brute BRUTE]              random inputs until an answer fails, then shrink it;
                                              with --gen, your generator's (run as GEN SEED INDEX);
                                              with --brute, your brute force decides the inputs
                                              too large for the judge's reference
    judge bench PROBLEM [SUBMISSION] [--runs N] [--vs OTHER]
                                              time each test N times; with --vs, compare two programs
    judge show PROBLEM TEST [SUBMISSION] [--case N] [--delay MS] [--step]
                                              run one test, then replay case N's answer move by move
    judge chart PROBLEM TEST [SUBMISSION] [--case N] [--out FILE]
                                              SVG chart of a search's frontiers per BFS layer,
                                              from its sandboxed BFS_TRACE=1 run, against a plain
                                              BFS (stdout without --out)
    judge practice PROBLEM [PATH]             write the solution with its search loop left to you
                                              (default practice/PROBLEM.rs; never overwrites)
    judge practice PROBLEM [PATH] --check     judge it as an exercise: each test traced in the
                                              sandbox, its answers judged and its search held to
                                              the lesson (two sides that meet; for NOIP, the
                                              compressed graph)
    judge help [COMMAND]                      this text, or one command's
    judge --version                           the judge's version

OPTIONS (also as --option=value):
    --test NAME            only this test: its number (3 or 003), its whole name, or a pattern
                           ('00*', '*random*'); give it again for more
    --time-limit MS        CPU time limit per test, milliseconds (default: the problem's)
    --memory-limit MIB     memory limit per test, MiB (default: the problem's)
    --no-sandbox           run without namespaces: process group and descendants only
    --compile-time-limit MS     the compiler's CPU cap, milliseconds (default 30000)
    --compile-memory-limit MIB  the compiler's memory cap, MiB (default 2048)
    --json                 print results as JSON (schema in docs/json.md) instead of a table
    --html FILE            also write one self-contained page: the table and each answer replayed
    -v, --verbose          for each test not accepted: input, output and stderr heads, the failing
                           case drawn, and a BFS_TRACE=1 trace beside a plain BFS's layers
    --no-color             no colours (also with NO_COLOR set and not empty, and whenever
                           stdout is not a terminal)
    -h, --help             this text

SUBMISSION may be .rs (rustc --edition 2021 -O), .c (gcc -O2 -lm), .cpp (g++ -O2 -std=c++17 -lm) or
.py (python3 -S).
Exit status: 0 every test accepted, 1 some test not accepted, 2 the judge, a problem or a test failed.
";

#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    Judge(JudgeOptions),
    Add(AddOptions),
    Stress(StressOptions),
    Bench(BenchOptions),
    Show(ShowOptions),
    Chart(ChartOptions),
    Practice(PracticeOptions),
    /// The help, or (given a command's name) that command's usage and the options.
    Help(Option<String>),
    Version,
}

/// Every option of every command, for a "did you mean".
const OPTIONS: [&str; 27] = [
    "--test",
    "--time-limit",
    "--memory-limit",
    "--no-sandbox",
    "--compile-time-limit",
    "--compile-memory-limit",
    "--json",
    "--html",
    "--verbose",
    "--no-color",
    "--help",
    "--version",
    "--file",
    "--grid",
    "--name",
    "--cases",
    "--seed",
    "--time",
    "--save",
    "--runs",
    "--vs",
    "--case",
    "--delay",
    "--step",
    "--out",
    "--gen",
    "--brute",
];

/// The commands, as `judge help COMMAND` names them.
const COMMANDS: [&str; 7] = [
    "add", "stress", "bench", "show", "chart", "practice", "help",
];

/// The help for `topic`: the whole text, or a command's usage lines with the options.
pub fn help(topic: Option<&str>) -> Result<String, JudgeError> {
    let Some(topic) = topic else {
        return Ok(HELP.to_string());
    };
    if !COMMANDS.contains(&topic) {
        return Err(unknown_word("command", topic, &COMMANDS));
    }
    // Its usage lines, each with the lines that continue it (indented deeper).
    let usage_of = format!("    judge {topic} ");
    let (mut usage, mut inside) = (Vec::new(), false);
    for line in HELP.lines() {
        inside = line.starts_with(&usage_of) || (inside && line.starts_with("          "));
        if inside {
            usage.push(line);
        }
    }
    let options = HELP.find("\nOPTIONS").map_or("", |at| &HELP[at..]);
    Ok(format!("USAGE:\n{}\n{options}", usage.join("\n")))
}

/// An unknown word of a kind (`command`, `option`), with the nearest known one if any.
fn unknown_word(kind: &str, word: &str, known: &[&str]) -> JudgeError {
    let error = JudgeError::new(format!("unknown {kind} `{word}`"));
    match names::closest(word, known) {
        Some(near) => error.with_fix(format!(
            "did you mean `{near}`? See `{} --help`",
            invocation()
        )),
        None => error.with_fix(format!("see `{} --help`", invocation())),
    }
}

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct JudgeOptions {
    pub problem: Option<String>,
    pub submission: Option<PathBuf>,
    pub test: Vec<String>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mib: Option<u64>,
    pub compile_time_limit_ms: Option<u64>,
    pub compile_memory_limit_mib: Option<u64>,
    pub no_sandbox: bool,
    pub json: bool,
    pub verbose: bool,
    pub no_color: bool,
    /// Where to write the HTML page of the run, if anywhere.
    pub html: Option<PathBuf>,
}

/// `judge stress`: the judging options (problem, submission, limits, sandbox) and its own.
#[derive(Debug, PartialEq, Eq)]
pub struct StressOptions {
    pub judge: JudgeOptions,
    /// How many cases to try at most.
    pub cases: u64,
    /// The generator's seed; `None`: one from the clock, printed so the run can be repeated.
    pub seed: Option<u64>,
    /// How long to try at most, milliseconds (given in seconds, fractions allowed).
    pub time_ms: Option<u64>,
    /// Write the shrunk failing input as the problem's next test.
    pub save: bool,
    /// The contestant's own generator, run as `GEN SEED INDEX` for each input.
    pub generator: Option<PathBuf>,
    /// The contestant's brute force, whose answer decides an input too large for the reference.
    pub brute: Option<PathBuf>,
}

/// `judge bench`: the judging options and its own.
#[derive(Debug, PartialEq, Eq)]
pub struct BenchOptions {
    pub judge: JudgeOptions,
    /// Timed runs per test, after one warm-up.
    pub runs: u64,
    /// A second submission to compare with, run interleaved with the first.
    pub vs: Option<PathBuf>,
}

/// `judge show`: the judging options and which answer to replay, how.
#[derive(Debug, PartialEq, Eq)]
pub struct ShowOptions {
    pub judge: JudgeOptions,
    /// The one test to run, by name or number, as `--test` selects.
    pub test: String,
    /// The case to replay, counted from 1.
    pub case: usize,
    /// The pause between frames when playing on a terminal, milliseconds.
    pub delay_ms: u64,
    /// Wait for Enter between frames instead (also with a delay of 0).
    pub step: bool,
}

/// `judge chart`: the judging options (problem, sandbox, compile caps), the test and where to write.
#[derive(Debug, PartialEq, Eq)]
pub struct ChartOptions {
    pub judge: JudgeOptions,
    /// The test charted, as `--test` names it (e.g. `002`).
    pub test: String,
    /// The case charted, counted from 1.
    pub case: usize,
    /// The SVG file; `None`: standard output.
    pub out: Option<PathBuf>,
}

/// `judge practice`: which solution to turn into an exercise, and where to write it; or with
/// `--check`, the exercise to judge as one, and the judging options for it.
#[derive(Debug, PartialEq, Eq)]
pub struct PracticeOptions {
    pub problem: String,
    /// The exercise's file (default `practice/PROBLEM.rs`).
    pub path: Option<PathBuf>,
    /// Judge the file as an exercise instead of writing it.
    pub check: bool,
    /// The judging options of `--check` (its problem and submission are the two above).
    pub judge: JudgeOptions,
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
    JudgeError::new(message).with_fix(format!("see `{} --help`", invocation()))
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

/// Parses the arguments after the program name.
pub fn parse(args: Vec<String>) -> Result<Command, JudgeError> {
    // `--time-limit=200` is `--time-limit 200`.
    let args: Vec<String> = args.into_iter().flat_map(split_equals).collect();
    if args.iter().any(|a| a == "-V" || a == "--version") {
        return Ok(Command::Version);
    }
    if args.first().is_some_and(|a| a == "help") {
        return match args.get(1..).unwrap_or_default() {
            [] => Ok(Command::Help(None)),
            [topic] => Ok(Command::Help(Some(topic.clone()))),
            _ => Err(usage("`judge help` takes one command at most".into())),
        };
    }
    if args.iter().any(|a| a == "-h" || a == "--help") {
        let command = args.first().filter(|a| COMMANDS.contains(&a.as_str()));
        return Ok(Command::Help(command.cloned()));
    }
    match args.first().map(String::as_str) {
        Some("add") => parse_add(args.into_iter().skip(1)).map(Command::Add),
        Some("stress") => parse_stress(args.into_iter().skip(1)).map(Command::Stress),
        Some("bench") => parse_bench(args.into_iter().skip(1)).map(Command::Bench),
        Some("show") => parse_show(args.into_iter().skip(1)).map(Command::Show),
        Some("chart") => parse_chart(args.into_iter().skip(1)).map(Command::Chart),
        Some("practice") => parse_practice(args.into_iter().skip(1)).map(Command::Practice),
        _ => parse_judge(args.into_iter(), |_, _| Ok(false)).map(Command::Judge),
    }
}

/// `--flag=value` as the two words `--flag value`; any other argument as it is.
fn split_equals(arg: String) -> Vec<String> {
    match arg.split_once('=') {
        Some((flag, value)) if flag.starts_with("--") => vec![flag.to_string(), value.to_string()],
        _ => vec![arg],
    }
}

fn parse_stress(args: impl Iterator<Item = String>) -> Result<StressOptions, JudgeError> {
    let (mut cases, mut seed, mut time_ms, mut save) = (1000, None, None, false);
    let (mut generator, mut brute) = (None, None);
    let judge = parse_judge(args, |flag, args| {
        match flag {
            "--gen" => generator = Some(PathBuf::from(value(flag, args)?)),
            "--brute" => brute = Some(PathBuf::from(value(flag, args)?)),
            "--cases" => cases = number(flag, args, "cases", MAX_CASES)?,
            "--seed" => seed = Some(seed_value(flag, args)?),
            "--time" => time_ms = Some(seconds(flag, args)?),
            "--save" => save = true,
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    let judge = with_problem(judge, "stress")?;
    refuse_unused(&judge, "stress", true)?;
    Ok(StressOptions {
        judge,
        cases,
        seed,
        time_ms,
        save,
        generator,
        brute,
    })
}

fn parse_bench(args: impl Iterator<Item = String>) -> Result<BenchOptions, JudgeError> {
    let (mut runs, mut vs) = (5, None);
    let judge = parse_judge(args, |flag, args| {
        match flag {
            "--runs" => runs = number(flag, args, "runs", MAX_RUNS)?,
            "--vs" => vs = Some(PathBuf::from(value(flag, args)?)),
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    let judge = with_problem(judge, "bench")?;
    refuse_unused(&judge, "bench", true)?;
    Ok(BenchOptions { judge, runs, vs })
}

/// `show PROBLEM TEST [SUBMISSION]`.
fn parse_show(args: impl Iterator<Item = String>) -> Result<ShowOptions, JudgeError> {
    let (mut case, mut delay_ms, mut step) = (1, 300, false);
    let (judge, test) = parse_problem_test(args, "show", "huarong 002", |arg, args| {
        match arg {
            "--case" => case = number(arg, args, "cases", MAX_CASES)? as usize,
            "--delay" => delay_ms = delay(arg, args)?,
            "--step" => step = true,
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    Ok(ShowOptions {
        judge,
        test,
        case,
        delay_ms,
        step,
    })
}

/// The judging options of a command that takes `PROBLEM TEST [SUBMISSION]` (`show`, `chart`): the
/// second word is the test, so it is taken here before the judging options see it; they take the
/// problem and the submission as everywhere else. `extra` takes the command's own flags.
fn parse_problem_test(
    args: impl Iterator<Item = String>,
    command: &str,
    example: &str,
    mut extra: impl FnMut(&str, &mut dyn Iterator<Item = String>) -> Result<bool, JudgeError>,
) -> Result<(JudgeOptions, String), JudgeError> {
    let (mut test, mut words) = (None, 0);
    let judge = parse_judge(args, |arg, args| {
        if extra(arg, args)? {
            return Ok(true);
        }
        match arg {
            "--test" => Err(usage(format!(
                "`judge {command}` takes its test as the second word"
            ))),
            word if word.starts_with('-') => Ok(false),
            word => {
                words += 1;
                match words {
                    2 => {
                        test = Some(word.to_string());
                        Ok(true)
                    }
                    4.. => Err(usage(format!(
                        "unexpected argument `{word}`: `judge {command}` takes a problem, a test \
                         and a submission"
                    ))),
                    _ => Ok(false),
                }
            }
        }
    })?;
    let Some(test) = test.filter(|_| judge.problem.is_some()) else {
        return Err(usage(format!(
            "`judge {command}` needs a problem and a test, e.g. `judge {command} {example}`"
        )));
    };
    refuse_unused(&judge, command, false)?;
    Ok((judge, test))
}

/// A pause: milliseconds from 0 (step with Enter) to [`MAX_DELAY_MS`].
fn delay(flag: &str, args: &mut dyn Iterator<Item = String>) -> Result<u64, JudgeError> {
    let text = value(flag, args)?;
    match text.parse() {
        Ok(ms) if ms <= MAX_DELAY_MS => Ok(ms),
        _ => Err(usage(format!(
            "`{flag}` needs a whole number of milliseconds from 0 to {MAX_DELAY_MS}, not `{text}`"
        ))),
    }
}

/// `chart PROBLEM TEST [SUBMISSION]`.
fn parse_chart(args: impl Iterator<Item = String>) -> Result<ChartOptions, JudgeError> {
    let (mut out, mut case) = (None, 1);
    let (judge, test) = parse_problem_test(args, "chart", "eight 002", |flag, args| {
        match flag {
            "--out" => out = Some(PathBuf::from(value(flag, args)?)),
            "--case" => case = number(flag, args, "cases", MAX_CASES)? as usize,
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    Ok(ChartOptions {
        judge,
        test,
        case,
        out,
    })
}

fn parse_practice(args: impl Iterator<Item = String>) -> Result<PracticeOptions, JudgeError> {
    let mut check = false;
    let judge = parse_judge(args, |flag, _| {
        check |= flag == "--check";
        Ok(flag == "--check")
    })?;
    let Some(problem) = judge.problem.clone() else {
        return Err(usage(
            "`judge practice` takes a problem and at most a path, e.g. `judge practice eight`"
                .into(),
        ));
    };
    let path = judge.submission.clone();
    let named = JudgeOptions {
        problem: judge.problem.clone(),
        submission: judge.submission.clone(),
        ..JudgeOptions::default()
    };
    if !check && judge != named {
        return Err(usage(
            "`judge practice` takes judging options only with `--check`, which judges the \
             exercise"
                .into(),
        ));
    }
    refuse_unused(&judge, "practice", false)?;
    Ok(PracticeOptions {
        problem,
        path,
        check,
        judge,
    })
}

/// `judge stress` and `judge bench` work on one problem, which must be named.
fn with_problem(options: JudgeOptions, command: &str) -> Result<JudgeOptions, JudgeError> {
    match options.problem {
        Some(_) => Ok(options),
        None => Err(usage(format!(
            "`judge {command}` needs a problem, e.g. `judge {command} eight mine.cpp`"
        ))),
    }
}

/// Refuses the judging options a command would silently ignore: only the judge itself writes a page,
/// and only some commands print JSON.
fn refuse_unused(options: &JudgeOptions, command: &str, json: bool) -> Result<(), JudgeError> {
    if options.html.is_some() {
        return Err(usage(format!(
            "`judge {command}` writes no page: `--html` is for `judge [PROBLEM [SUBMISSION]]`"
        )));
    }
    if options.json && !json {
        return Err(usage(format!("`judge {command}` has no JSON output")));
    }
    Ok(())
}

/// A duration in seconds, fractions allowed (`2`, `0.5`), as milliseconds: from 1 ms to an hour.
fn seconds(flag: &str, args: &mut dyn Iterator<Item = String>) -> Result<u64, JudgeError> {
    let text = value(flag, args)?;
    let ms = text.parse::<f64>().map(|s| (s * 1000.0).round());
    match ms {
        Ok(ms) if (1.0..=MAX_TIME_MS as f64).contains(&ms) => Ok(ms as u64),
        _ => Err(usage(format!(
            "`{flag}` needs a number of seconds from 0.001 to {}, not `{text}`",
            MAX_TIME_MS / 1000
        ))),
    }
}

/// A seed: any whole number that fits in 64 bits, 0 included.
fn seed_value(flag: &str, args: &mut dyn Iterator<Item = String>) -> Result<u64, JudgeError> {
    let text = value(flag, args)?;
    text.parse().map_err(|_| {
        usage(format!(
            "`{flag}` needs a whole number from 0 to {}, not `{text}`",
            u64::MAX
        ))
    })
}

/// Parses the judging options; `extra` gets every argument first (a flag, or a word for a command
/// that takes words of its own) and says whether it took it.
fn parse_judge(
    mut args: impl Iterator<Item = String>,
    mut extra: impl FnMut(&str, &mut dyn Iterator<Item = String>) -> Result<bool, JudgeError>,
) -> Result<JudgeOptions, JudgeError> {
    let mut options = JudgeOptions::default();
    while let Some(arg) = args.next() {
        if extra(&arg, &mut args)? {
            continue;
        }
        match arg.as_str() {
            "--test" => options.test.push(value(&arg, &mut args)?),
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
            "--html" => options.html = Some(PathBuf::from(value(&arg, &mut args)?)),
            "-v" | "--verbose" => options.verbose = true,
            "--no-color" => options.no_color = true,
            flag if flag.starts_with('-') => return Err(unknown_word("option", flag, &OPTIONS)),
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
            flag if flag.starts_with('-') => return Err(unknown_word("option", flag, &OPTIONS)),
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

fn value(flag: &str, args: &mut dyn Iterator<Item = String>) -> Result<String, JudgeError> {
    args.next()
        .ok_or_else(|| usage(format!("`{flag}` needs a value")))
}

/// A limit's value: a whole number from 1 to `max` (larger ones mean a typo, and would overflow).
fn number(
    flag: &str,
    args: &mut dyn Iterator<Item = String>,
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
             --no-sandbox --compile-time-limit 500 --compile-memory-limit 256 --html run.html",
        );
        let expected = JudgeOptions {
            problem: Some("eight".into()),
            submission: Some("mine.cpp".into()),
            test: vec!["003".into()],
            time_limit_ms: Some(200),
            memory_limit_mib: Some(16),
            compile_time_limit_ms: Some(500),
            compile_memory_limit_mib: Some(256),
            no_sandbox: true,
            json: true,
            verbose: true,
            no_color: true,
            html: Some("run.html".into()),
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
    fn stress_and_bench_take_the_judging_options_and_their_own() {
        let parsed =
            parse_words("stress eight mine.py --cases 50 --seed 0 --time 9 --save --no-sandbox");
        let Ok(Command::Stress(stress)) = parsed else {
            panic!("{parsed:?}")
        };
        assert_eq!(stress.judge.submission, Some("mine.py".into()));
        assert!(stress.judge.no_sandbox && stress.save);
        assert_eq!(
            (stress.cases, stress.seed, stress.time_ms),
            (50, Some(0), Some(9000))
        );
        let parsed = parse_words("bench huarong --vs b.rs --runs 3 --json");
        let Ok(Command::Bench(bench)) = parsed else {
            panic!("{parsed:?}")
        };
        assert_eq!((bench.runs, bench.vs), (3, Some("b.rs".into())));
        assert!(bench.judge.json && bench.judge.submission.is_none());
        let Ok(Command::Bench(defaults)) = parse_words("bench eight") else {
            panic!("bench eight")
        };
        assert_eq!(defaults.runs, 5);
        let error = |line: &str| parse_words(line).unwrap_err().message;
        assert!(error("stress --cases 5").starts_with("`judge stress` needs a problem"));
        assert_eq!(
            error("stress eight --seed -1"),
            format!(
                "`--seed` needs a whole number from 0 to {}, not `-1`",
                u64::MAX
            )
        );
        assert_eq!(error("eight --runs 3"), "unknown option `--runs`");
        let Ok(Command::Stress(brief)) = parse_words("stress eight --time 0.25") else {
            panic!("a fraction of a second")
        };
        assert_eq!(brief.time_ms, Some(250));
        let own = parse_words("stress huarong --gen g.py --brute=b.rs");
        let Ok(Command::Stress(own)) = own else {
            panic!("{own:?}")
        };
        assert_eq!(
            (own.generator, own.brute),
            (Some("g.py".into()), Some("b.rs".into()))
        );
        assert!(error("stress eight --time 0").starts_with("`--time` needs a number of seconds"));
        assert!(error("stress eight --time soon").starts_with("`--time` needs a number of seconds"));
    }

    #[test]
    fn show_takes_a_problem_a_test_then_a_submission() {
        let parsed = parse_words("show huarong 002 mine.rs --case 2 --delay 0 --step --no-color");
        let Ok(Command::Show(show)) = parsed else {
            panic!("{parsed:?}")
        };
        assert_eq!(show.judge.problem.as_deref(), Some("huarong"));
        assert_eq!(show.judge.submission, Some("mine.rs".into()));
        assert_eq!(show.test, "002");
        assert_eq!((show.case, show.delay_ms, show.step), (2, 0, true));
        assert!(show.judge.no_color && show.judge.test.is_empty());
        let parsed = parse_words("show --time-limit 50 eight 1");
        let Ok(Command::Show(defaults)) = parsed else {
            panic!("{parsed:?}")
        };
        assert_eq!(
            (defaults.test.as_str(), defaults.judge.submission),
            ("1", None)
        );
        assert_eq!(
            (defaults.case, defaults.delay_ms, defaults.step),
            (1, 300, false)
        );
        assert_eq!(defaults.judge.time_limit_ms, Some(50));
        let error = |line: &str| parse_words(line).unwrap_err().message;
        assert!(error("show eight").starts_with("`judge show` needs a problem and a test"));
        assert!(error("show eight 1 a.rs b.rs").starts_with("unexpected argument `b.rs`"));
        assert!(error("show eight 1 --test 2").contains("second word"));
        assert!(error("show eight 1 --delay 60001").starts_with("`--delay` needs"));
        assert!(error("show eight 1 --case 0").starts_with("`--case` needs"));
        assert_eq!(
            error("show eight 1 --json"),
            "`judge show` has no JSON output"
        );
        assert!(error("stress eight --html p.html").starts_with("`judge stress` writes no page"));
        assert!(error("chart eight 002 --test 3").contains("second word"));
    }

    #[test]
    fn chart_takes_a_problem_a_test_and_an_output_and_practice_a_path() {
        let Ok(Command::Chart(chart)) = parse_words("chart eight 002 --out f.svg --no-sandbox")
        else {
            panic!("chart")
        };
        assert_eq!(
            (chart.test.as_str(), chart.out),
            ("002", Some("f.svg".into()))
        );
        assert!(chart.judge.no_sandbox && chart.judge.submission.is_none());
        assert_eq!(chart.case, 1);
        assert!(parse_words("chart eight").is_err());
        let Ok(Command::Chart(mine)) = parse_words("chart eight 006 mine.rs --case 3") else {
            panic!("a submission's chart")
        };
        assert_eq!(
            (mine.judge.submission, mine.case),
            (Some("mine.rs".into()), 3)
        );
        let practice = |line: &str| match parse_words(line) {
            Ok(Command::Practice(p)) => (p.problem, p.path, p.check),
            other => panic!("{other:?}"),
        };
        assert_eq!(practice("practice eight"), ("eight".into(), None, false));
        assert_eq!(
            practice("practice huarong p.rs"),
            ("huarong".into(), Some("p.rs".into()), false)
        );
        assert_eq!(
            practice("practice eight --check --test 3"),
            ("eight".into(), None, true)
        );
        assert!(parse_words("practice").is_err() && parse_words("practice eight a b").is_err());
        let refused = parse_words("practice eight --test 3").unwrap_err().message;
        assert!(refused.contains("only with `--check`"), "{refused}");
        assert!(parse_words("practice eight --check --json").is_err());
    }

    #[test]
    fn mistakes_say_what_and_point_to_help() {
        let error = |line: &str| parse_words(line).unwrap_err();
        assert_eq!(
            error("--frobnicate").message,
            "unknown option `--frobnicate`"
        );
        assert_eq!(error("eight --html").message, "`--html` needs a value");
        assert_eq!(
            error("eight --time-limit").message,
            "`--time-limit` needs a value"
        );
        let message =
            "`--time-limit` needs a whole number of milliseconds from 1 to 3600000, not `fast`";
        assert_eq!(error("eight --time-limit fast").message, message);
        let help = format!("see `{} --help`", invocation());
        assert_eq!(error("a b c").fix, Some(help));
        assert!(error("add")
            .message
            .starts_with("`judge add` needs a problem"));
        assert_eq!(
            error("add eight x --file y").message,
            "`judge add` takes one input: text, --file or --grid"
        );
        assert_eq!(parse_words("eight --help"), Ok(Command::Help(None)));
    }
    #[test]
    fn options_take_their_values_after_an_equals_sign_and_tests_add_up() {
        let parsed = parse_words("eight --test=2 --time-limit=200 --test 003");
        let Ok(Command::Judge(options)) = parsed else {
            panic!("{parsed:?}")
        };
        assert_eq!(options.test, ["2", "003"]);
        assert_eq!(options.time_limit_ms, Some(200));
        // A value with an equals sign of its own keeps it.
        let parsed = parse_words("add eight --name=a=b 1 2 3");
        let Ok(Command::Add(add)) = parsed else {
            panic!("{parsed:?}")
        };
        assert_eq!(add.name.as_deref(), Some("a=b"));
    }

    #[test]
    fn help_comes_whole_or_for_one_command_and_typos_get_a_suggestion() {
        assert_eq!(parse_words("help"), Ok(Command::Help(None)));
        assert_eq!(
            parse_words("help stress"),
            Ok(Command::Help(Some("stress".into())))
        );
        assert_eq!(
            parse_words("bench --help"),
            Ok(Command::Help(Some("bench".into())))
        );
        assert_eq!(parse_words("--version"), Ok(Command::Version));
        let practice = help(Some("practice")).expect("a command's help");
        assert_eq!(
            practice.matches("    judge practice PROBLEM").count(),
            2,
            "{practice}"
        );
        let stress = help(Some("stress")).expect("a command's help");
        assert!(
            stress.starts_with("USAGE:\n    judge stress PROBLEM"),
            "{stress}"
        );
        assert!(!stress.contains("judge bench") && stress.contains("--time-limit"));
        assert_eq!(help(None).expect("the whole text"), HELP);
        let unknown = help(Some("stres")).unwrap_err();
        assert_eq!(
            unknown.fix.as_deref(),
            Some(format!("did you mean `stress`? See `{} --help`", invocation()).as_str())
        );
        let typo = parse_words("eight --time-limt 5").unwrap_err();
        assert_eq!(typo.message, "unknown option `--time-limt`");
        assert_eq!(
            typo.fix.as_deref(),
            Some(format!("did you mean `--time-limit`? See `{} --help`", invocation()).as_str())
        );
        let far = parse_words("eight --frobnicate").unwrap_err();
        assert_eq!(far.fix, Some(format!("see `{} --help`", invocation())));
    }
}
