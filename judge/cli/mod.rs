//! Command-line arguments → what to do: the command and its options, read once against the table
//! of every command and option (`table`), from which the help is made too. Hand-written: the project
//! allows no crates.

mod help;
pub mod keys;
mod options;
mod read;
pub mod table;

pub use help::help;
pub use options::Options;
pub use read::{invocation, mistyped_command};

use crate::model::error::JudgeError;
use read::{read, usage};
use table::Name;

#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// A command and its options; `help` with the command it tells of, if any, as `topic`.
    Run(Name, Box<Options>),
    Version,
}

/// Parses the arguments after the program name.
pub fn parse(mut args: Vec<String>) -> Result<Command, JudgeError> {
    if args.iter().any(|a| a == "-V" || a == "--version") {
        return Ok(Command::Version);
    }
    let named = args.first().and_then(|word| table::command(word));
    if args.iter().any(|a| a == "-h" || a == "--help") && named.map_or(true, |c| c.word != "help") {
        let topic = named.map(|c| c.word.to_string());
        let options = Options {
            topic,
            ..Options::default()
        };
        return Ok(Command::Run(Name::Help, Box::new(options)));
    }
    let Some(command) = named else {
        let first = args.first().cloned();
        let (options, _) = read(table::of(Name::Judge), args)
            // `judge strss eight`: a mistyped command is more likely than a problem and an option.
            .map_err(|e| first.and_then(|w| mistyped_command(&w)).unwrap_or(e))?;
        return Ok(Command::Run(Name::Judge, Box::new(options)));
    };
    args.remove(0);
    let (options, given) = read(command, args)?;
    let inputs = [
        options.input.is_some(),
        options.file.is_some(),
        options.grid.is_some(),
    ];
    if inputs.iter().filter(|&&given| given).count() > 1 {
        let why = "one input only: text, a file or a grid";
        return Err(usage(command, why.into()));
    }
    if command.name == Name::Practice && !options.check && !given.is_empty() {
        let why = "`judge practice` takes judging options only with `--check`, which judges the \
                   exercise";
        return Err(usage(command, why.into()));
    }
    Ok(Command::Run(command.name, Box::new(options)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(line: &str) -> Result<Command, JudgeError> {
        parse(line.split_whitespace().map(String::from).collect())
    }

    /// The options `line` gives its command, which must be `name`.
    fn options(name: Name, line: &str) -> Options {
        match parse_words(line) {
            Ok(Command::Run(parsed, options)) if parsed == name => *options,
            other => panic!("{line}: {other:?}"),
        }
    }

    /// The judge's options when none is given: the compiler's caps are the table's defaults.
    fn judging() -> Options {
        Options {
            compile_time_limit_ms: Some(30_000),
            compile_memory_limit_mib: Some(2048),
            ..Options::default()
        }
    }

    #[test]
    fn no_arguments_judge_everything() {
        assert_eq!(options(Name::Judge, ""), judging());
    }

    #[test]
    fn a_problem_a_submission_and_options() {
        let parsed = parse_words(
            "eight mine.cpp --test 003 --time-limit 200 --memory-limit 16 --json -v --no-color \
             --no-sandbox --compile-time-limit 500 --compile-memory-limit 256 --html run.html",
        );
        let expected = Options {
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
            ..Options::default()
        };
        assert_eq!(parsed, Ok(Command::Run(Name::Judge, Box::new(expected))));
    }

    #[test]
    fn add_takes_text_a_file_a_grid_or_stdin() {
        let add = |line: &str| {
            let add = options(Name::Add, line);
            (add.input, add.file, add.grid)
        };
        assert_eq!(add("add eight 12345678x").0.as_deref(), Some("12345678x"));
        assert_eq!(add("add eight 1 2 3").0.as_deref(), Some("1 2 3"));
        assert_eq!(add("add eight --file b.in").1, Some("b.in".into()));
        assert_eq!(add("add huarong --grid AB/..").2.as_deref(), Some("AB/.."));
        assert_eq!(add("add eight"), (None, None, None));
    }

    #[test]
    fn run_takes_a_problem_a_submission_and_an_input() {
        let error = |line: &str| parse_words(line).unwrap_err().message;
        let run = options(Name::Run, "run eight a.rs 1 2 3 --delay 0");
        assert_eq!(
            (run.problem.as_deref(), run.input.as_deref()),
            (Some("eight"), Some("1 2 3"))
        );
        assert_eq!((run.submission, run.delay_ms), (Some("a.rs".into()), 0));
        assert_eq!(
            options(Name::Run, "run eight a.rs --input b").file,
            Some("b".into())
        );
        assert!(error("run eight").starts_with("`judge run` needs PROBLEM SUBMISSION"));
        assert_eq!(
            error("run eight a.rs 1 --input b"),
            "one input only: text, a file or a grid"
        );
    }

    #[test]
    fn stress_and_bench_take_the_judging_options_and_their_own() {
        let line = "stress eight mine.py --cases 50 --seed 0 --time 9 --save --no-sandbox";
        let stress = options(Name::Stress, line);
        assert_eq!(stress.submission, Some("mine.py".into()));
        assert!(stress.no_sandbox && stress.save);
        assert_eq!(
            (stress.cases, stress.seed, stress.time_ms),
            (50, Some(0), Some(9000))
        );
        let bench = options(Name::Bench, "bench huarong --vs b.rs --runs 3 --json");
        assert_eq!((bench.runs, bench.vs), (3, Some("b.rs".into())));
        assert!(bench.json && bench.submission.is_none());
        assert_eq!(options(Name::Bench, "bench eight").runs, 5);
        assert_eq!(options(Name::Stress, "stress eight").cases, 1000);
        let error = |line: &str| parse_words(line).unwrap_err().message;
        assert!(error("stress --cases 5").starts_with("`judge stress` needs PROBLEM, e.g."));
        assert_eq!(
            error("stress eight --seed -1"),
            format!(
                "`--seed` needs a whole number from 0 to {}, not `-1`",
                u64::MAX
            )
        );
        assert_eq!(error("eight --runs 3"), "`judge` does not take `--runs`");
        let brief = options(Name::Stress, "stress eight --time 0.25");
        assert_eq!(brief.time_ms, Some(250));
        let own = options(Name::Stress, "stress huarong --gen g.py --brute=b.rs");
        assert_eq!(
            (own.generator, own.brute),
            (Some("g.py".into()), Some("b.rs".into()))
        );
        assert!(error("stress eight --time 0").starts_with("`--time` needs a number of seconds"));
        assert!(error("stress eight --time soon").starts_with("`--time` needs a number of seconds"));
    }

    #[test]
    fn show_takes_a_problem_a_test_then_a_submission() {
        let line = "show huarong 002 mine.rs --case 2 --delay 0 --step --no-color";
        let show = options(Name::Show, line);
        assert_eq!(show.problem.as_deref(), Some("huarong"));
        assert_eq!(show.submission, Some("mine.rs".into()));
        assert_eq!(show.one_test, "002");
        assert_eq!((show.case, show.delay_ms, show.step), (2, 0, true));
        assert!(show.no_color && show.test.is_empty());
        let defaults = options(Name::Show, "show --time-limit 50 eight 1");
        assert_eq!(
            (defaults.one_test.as_str(), defaults.submission),
            ("1", None)
        );
        assert_eq!(
            (defaults.case, defaults.delay_ms, defaults.step),
            (1, 300, false)
        );
        assert_eq!(defaults.time_limit_ms, Some(50));
        let error = |line: &str| parse_words(line).unwrap_err().message;
        assert!(error("show eight")
            .starts_with("`judge show` needs PROBLEM TEST, e.g. `judge show huarong 002`"));
        assert!(error("show eight 1 a.rs b.rs").starts_with("unexpected argument `b.rs`"));
        assert_eq!(
            error("show eight 1 --test 2"),
            "`judge show` does not take `--test`"
        );
        assert!(error("show eight 1 --delay 60001").starts_with("`--delay` needs"));
        assert!(error("show eight 1 --case 0").starts_with("`--case` needs"));
        assert_eq!(
            error("show eight 1 --json"),
            "`judge show` does not take `--json`"
        );
    }

    #[test]
    fn chart_takes_a_problem_a_test_and_an_output() {
        let chart = options(Name::Chart, "chart eight 002 --out f.svg --no-sandbox");
        assert_eq!(
            (chart.one_test.as_str(), chart.out),
            ("002", Some("f.svg".into()))
        );
        assert!(chart.no_sandbox && chart.submission.is_none());
        assert_eq!(chart.case, 1);
        assert!(parse_words("chart eight").is_err());
        let mine = options(Name::Chart, "chart eight 006 mine.rs --case 3");
        assert_eq!((mine.submission, mine.case), (Some("mine.rs".into()), 3));
    }

    #[test]
    fn practice_takes_a_problem_and_a_path() {
        let practice = |line: &str| {
            let practice = options(Name::Practice, line);
            (practice.problem, practice.submission, practice.check)
        };
        assert_eq!(
            practice("practice eight"),
            (Some("eight".into()), None, false)
        );
        assert_eq!(
            practice("practice huarong p.rs"),
            (Some("huarong".into()), Some("p.rs".into()), false)
        );
        assert_eq!(
            practice("practice eight --check --test 3"),
            (Some("eight".into()), None, true)
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
            .starts_with("`judge add` needs PROBLEM, e.g."));
        assert_eq!(
            error("add eight x --file y").message,
            "one input only: text, a file or a grid"
        );
        let help = Command::Run(Name::Help, Box::default());
        assert_eq!(parse_words("eight --help"), Ok(help));
    }
    #[test]
    fn option_values_may_follow_an_equals_sign() {
        let judge = options(Name::Judge, "eight --test=2 --time-limit=200 --test 003");
        assert_eq!(judge.test, ["2", "003"]);
        assert_eq!(judge.time_limit_ms, Some(200));
        // A value with an equals sign of its own keeps it.
        let add = options(Name::Add, "add eight --name=a=b 1 2 3");
        assert_eq!(add.name.as_deref(), Some("a=b"));
    }

    #[test]
    fn help_comes_whole_or_for_one_command() {
        assert_eq!(options(Name::Help, "help").topic, None);
        assert_eq!(
            options(Name::Help, "help stress").topic.as_deref(),
            Some("stress")
        );
        assert_eq!(
            options(Name::Help, "bench --help").topic.as_deref(),
            Some("bench")
        );
        assert_eq!(parse_words("--version"), Ok(Command::Version));
        let whole = help(None).expect("the whole text");
        for command in &table::COMMANDS {
            let usage = format!("\n    {} ", read::shown(command));
            assert!(whole.contains(&usage), "{usage} in {whole}");
        }
        let stress = help(Some("stress")).expect("a command's help");
        assert!(
            stress.starts_with("USAGE:\n    judge stress PROBLEM"),
            "{stress}"
        );
        assert!(!stress.contains("judge bench") && stress.contains("--time-limit"));
    }

    #[test]
    fn a_commands_help_lists_its_options_with_defaults() {
        for command in &table::COMMANDS {
            let text = help(Some(command.word).filter(|w| !w.is_empty())).expect("a help");
            for option in &table::OPTIONS {
                let line = format!("\n    {}  ", option.flag);
                let listed = text.contains(&line);
                assert_eq!(listed, option.takes(command.name), "{line} in {text}");
                if let (true, table::Unset::Number(n)) = (listed, option.unset) {
                    assert!(text.contains(&format!("(default {n})")), "{text}");
                }
            }
        }
        // The issue's own words: stress's options and their defaults, and nothing it refuses.
        let stress = help(Some("stress")).expect("stress's help");
        for own in [
            "--cases N",
            "--seed S",
            "--time S",
            "--save",
            "--gen GEN",
            "--brute",
        ] {
            assert!(stress.contains(own), "{own} in {stress}");
        }
        assert!(stress.contains("(default 1000)") && !stress.contains("--test"));
    }

    #[test]
    fn only_a_judging_commands_help_says_what_a_submission_is() {
        for command in &table::COMMANDS {
            let text = help(Some(command.word).filter(|w| !w.is_empty())).expect("a help");
            let judges = command.words.contains("SUBMISSION");
            assert_eq!(text.contains("SUBMISSION may be"), judges, "{text}");
        }
    }

    /// A line that `command` reads up to its options: its name and the words it needs.
    fn needed_words(command: &table::Cmd) -> String {
        let needed = command.words.split(' ').filter(|w| !w.starts_with('['));
        let example = command.example.split(' ').take(needed.count());
        let words: Vec<&str> = std::iter::once(command.word).chain(example).collect();
        words.join(" ")
    }

    /// A value that `set` reads.
    fn sample(set: table::Set) -> String {
        match set {
            table::Set::Whole(range, _) => range.min.to_string(),
            table::Set::Seconds(_) => "1".into(),
            table::Set::Text(_) => "x".into(),
            table::Set::Switch(_) => String::new(),
        }
    }

    #[test]
    fn each_command_takes_its_options_and_refuses_others() {
        let global = ["--help", "--version"];
        for command in table::COMMANDS.iter().filter(|c| c.name != Name::Help) {
            for option in table::OPTIONS
                .iter()
                .filter(|o| !global.contains(&o.long()))
            {
                let check = match command.name == Name::Practice && option.long() != "--check" {
                    true => " --check",
                    false => "",
                };
                let line = format!(
                    "{}{check} {} {}",
                    needed_words(command),
                    option.long(),
                    sample(option.set)
                );
                let parsed = parse_words(&line);
                match option.takes(command.name) {
                    true => assert!(parsed.is_ok(), "{line}: {parsed:?}"),
                    false => assert_eq!(
                        parsed.map_err(|e| e.message),
                        Err(format!(
                            "`{}` does not take `{}`",
                            read::shown(command),
                            option.long()
                        )),
                        "{line}"
                    ),
                }
            }
        }
    }

    #[test]
    fn every_option_is_defined_once() {
        let mut spellings: Vec<&str> = (table::OPTIONS.iter())
            .flat_map(|o| o.flag.split(' ').filter(|w| w.starts_with('-')))
            .map(|w| w.trim_end_matches(','))
            .collect();
        let count = spellings.len();
        spellings.sort_unstable();
        spellings.dedup();
        assert_eq!(spellings.len(), count, "a name given twice");
        for option in &table::OPTIONS {
            assert!(option.long().starts_with("--") && !option.help.is_empty());
            assert!(!option.commands.is_empty(), "{}", option.flag);
            // A flag shows a value exactly when it takes one.
            let shows_value = !option
                .flag
                .rsplit(' ')
                .next()
                .unwrap_or("-")
                .starts_with('-');
            assert_eq!(
                shows_value,
                !matches!(option.set, table::Set::Switch(_)),
                "{}",
                option.flag
            );
        }
        let mut words: Vec<&str> = table::COMMANDS.iter().map(|c| c.word).collect();
        words.dedup();
        assert_eq!(words.len(), table::COMMANDS.len());
    }

    #[test]
    fn a_mistyped_command_gets_a_suggestion() {
        let typo = parse_words("strss eight --cases 4").unwrap_err();
        assert_eq!(typo.message, "unknown command `strss`");
        let fix = format!("did you mean `stress`? See `{} --help`", invocation());
        assert_eq!(typo.fix.as_deref(), Some(fix.as_str()));
        // Read as a problem and a submission, it is caught where the problem is unknown.
        assert!(parse_words("strss eight").is_ok());
        assert_eq!(mistyped_command("strss").map(|e| e.fix), Some(typo.fix));
        assert!(mistyped_command("eight").is_none() && mistyped_command("nine").is_none());
        let unknown = help(Some("stres")).unwrap_err();
        assert_eq!(unknown.fix.as_deref(), Some(fix.as_str()));
    }

    #[test]
    fn a_mistyped_option_gets_a_suggestion() {
        let typo = parse_words("eight --time-limt 5").unwrap_err();
        assert_eq!(typo.message, "unknown option `--time-limt`");
        assert_eq!(
            typo.fix.as_deref(),
            Some(format!("did you mean `--time-limit`? See `{} --help`", invocation()).as_str())
        );
        let own = parse_words("stress eight --cses 5").unwrap_err();
        let help = format!("did you mean `--cases`? See `{} help stress`", invocation());
        assert_eq!(own.fix, Some(help));
        let far = parse_words("eight --frobnicate").unwrap_err();
        assert_eq!(far.fix, Some(format!("see `{} --help`", invocation())));
    }

    #[test]
    fn a_switch_takes_no_value() {
        let error = parse_words("eight --json=1").unwrap_err();
        assert_eq!(error.message, "`--json` takes no value");
    }
}
