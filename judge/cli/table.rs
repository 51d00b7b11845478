//! Every command and option of the judge, defined once: the parser, the help, the "did you mean"
//! and the tables in docs/judge.md are all made from these two tables.

use super::options::Options;
use crate::model::limits::{COMPILE, MAX_MEMORY_MIB, MAX_TIME_MS};

/// The commands, as an option's entry names those that take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    Judge,
    Add,
    Stress,
    Bench,
    Show,
    Run,
    Chart,
    Practice,
    Play,
    Help,
}
use Name::*;

pub struct Cmd {
    pub name: Name,
    /// The word that names it on the command line; the judge itself has none.
    pub word: &'static str,
    /// Its words after the name: `[X]` may be left out, `X...` takes any number of words.
    pub words: &'static str,
    /// Its words in an example, for an error that says which are missing.
    pub example: &'static str,
    /// What it does, for the help.
    pub about: &'static str,
}

const fn cmd(name: Name, word: &'static str, words: &'static str, example: &'static str) -> Cmd {
    Cmd {
        name,
        word,
        words,
        example,
        about: "",
    }
}

impl Cmd {
    const fn about(self, about: &'static str) -> Cmd {
        Cmd { about, ..self }
    }
}

/// How an option's value is read, and where it goes in the [`Options`].
#[derive(Clone, Copy)]
pub enum Set {
    /// No value: given or not.
    Switch(fn(&mut Options)),
    /// Any text: a path or a name.
    Text(fn(&mut Options, String)),
    Whole(Range, fn(&mut Options, u64)),
    /// Seconds, fractions allowed, kept as milliseconds from 1 to [`MAX_TIME_MS`].
    Seconds(fn(&mut Options, u64)),
}

/// Whole numbers from `min` to `max` of `unit` (`""`: bare numbers); past `max` is a typo.
#[derive(Debug, Clone, Copy)]
pub struct Range {
    pub unit: &'static str,
    pub min: u64,
    pub max: u64,
}

const fn whole(unit: &'static str, min: u64, max: u64) -> Range {
    Range { unit, min, max }
}

/// What an option is when it is not given.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Unset {
    /// Nothing: off, or left to the command.
    Nothing,
    /// This number.
    Number(u64),
    /// What these words say (`the problem's`).
    Said(&'static str),
}

#[derive(Clone, Copy)]
pub struct Opt {
    /// As the help shows it: `--time-limit MS`, `-v, --verbose`.
    pub flag: &'static str,
    pub set: Set,
    pub unset: Unset,
    /// The commands that take it; any other refuses it.
    pub commands: &'static [Name],
    /// One line of help.
    pub help: &'static str,
}

/// An option that every command that runs programs takes, with no value, until told otherwise.
const fn opt(flag: &'static str) -> Opt {
    Opt {
        flag,
        set: Set::Switch(|_| ()),
        unset: Unset::Nothing,
        commands: RUNNING,
        help: "",
    }
}

/// The definitions' parts, each set by name.
impl Opt {
    const fn set(self, set: Set) -> Opt {
        Opt { set, ..self }
    }

    const fn unset(self, unset: Unset) -> Opt {
        Opt { unset, ..self }
    }

    const fn by(self, commands: &'static [Name]) -> Opt {
        Opt { commands, ..self }
    }

    const fn help(self, help: &'static str) -> Opt {
        Opt { help, ..self }
    }
}

impl Opt {
    /// Its long name, `--time-limit`.
    pub fn long(&self) -> &'static str {
        self.spellings()
            .find(|s| s.starts_with("--"))
            .unwrap_or(self.flag)
    }

    /// Whether `word` names it, long or short.
    pub fn is(&self, word: &str) -> bool {
        self.spellings().any(|s| s == word)
    }

    fn spellings(&self) -> impl Iterator<Item = &'static str> {
        let words = self.flag.split(' ').map(|w| w.trim_end_matches(','));
        words.filter(|w| w.starts_with('-'))
    }

    pub fn takes(&self, command: Name) -> bool {
        self.commands.contains(&command)
    }
}

/// The commands that compile and run programs: they take the limits and the sandbox's options.
const RUNNING: &[Name] = &[Judge, Stress, Bench, Show, Run, Chart, Practice];
const EVERY: &[Name] = &[
    Judge, Add, Stress, Bench, Show, Run, Chart, Practice, Play, Help,
];

const MILLISECONDS: Range = whole("milliseconds", 1, MAX_TIME_MS);
const MIB: Range = whole("MiB", 1, MAX_MEMORY_MIB);
/// The most cases `judge stress` tries in one go, and the highest case number.
const CASES: Range = whole("cases", 1, 100_000_000);

pub const COMMANDS: [Cmd; 10] = [
    cmd(Judge, "", "[PROBLEM [SUBMISSION]]", "eight mine.cpp")
        .about("judge every problem, one problem, or your own file"),
    cmd(
        Add,
        "add",
        "PROBLEM [INPUT...]",
        "eight \"8 6 7 2 5 4 3 x 1\"",
    )
    .about(
        "add a test, its input given as words, in a file or a grid, else on stdin; its optimum \
         comes from the judge's reference",
    ),
    cmd(Stress, "stress", "PROBLEM [SUBMISSION]", "eight mine.cpp").about(
        "random inputs until an answer fails, then shrink it; with --gen, your generator's (run \
         as GEN SEED INDEX); with --brute, your brute force decides the inputs too large for the \
         judge's reference",
    ),
    cmd(Bench, "bench", "PROBLEM [SUBMISSION]", "eight mine.cpp")
        .about("time each test N times; with --vs, compare two programs"),
    cmd(Show, "show", "PROBLEM TEST [SUBMISSION]", "huarong 002")
        .about("run one test, then replay case N's answer move by move"),
    cmd(Run, "run", "PROBLEM SUBMISSION [INPUT...]", "eight mine.cpp \"1 2 3 x 4 6 7 5 8\"").about(
        "run once on your own input, given as words, with --input or on stdin: checked against the \
         reference where it is valid, the failing case replayed; no test is written",
    ),
    cmd(Chart, "chart", "PROBLEM TEST [SUBMISSION]", "eight 002").about(
        "SVG chart of a search's frontiers per BFS layer, from its sandboxed BFS_TRACE=1 run, \
         against a plain BFS",
    ),
    cmd(Practice, "practice", "PROBLEM [PATH]", "eight").about(
        "write the solution with its search loop left to you (default practice/PROBLEM.rs; never \
         overwrites); with --check, judge it as an exercise: each test traced in the sandbox, its \
         answers judged and its search held to the lesson (two sides that meet; for NOIP, the \
         compressed graph); the other options only with --check",
    ),
    cmd(Play, "play", "PROBLEM [TEST]", "huarong 002").about(
        "play case N of a test (or of --file F) by hand, by keys in a terminal, else a command \
         a line: moves, undo, redo, hint (the reference's best next move), save, load; each move \
         shows the moves left and what it cost, a position seen before, and at the goal the count \
         against the optimum",
    ),
    cmd(Help, "help", "[COMMAND]", "stress")
        .about("this text, or one command's with its options and their defaults"),
];

pub const OPTIONS: [Opt; 29] = [
    opt("--test NAME")
        .set(Set::Text(|o, name| o.test.push(name)))
        .by(&[Judge, Bench, Practice])
        .help(
            "only this test: its number (3 or 003), its whole name, or a pattern ('00*', \
             '*random*'); give it again for more",
        ),
    opt("--time-limit MS")
        .set(Set::Whole(MILLISECONDS, |o, ms| o.time_limit_ms = Some(ms)))
        .unset(Unset::Said("the problem's"))
        .help("CPU time limit per test, milliseconds"),
    opt("--memory-limit MIB")
        .set(Set::Whole(MIB, |o, mib| o.memory_limit_mib = Some(mib)))
        .unset(Unset::Said("the problem's"))
        .help("memory limit per test, MiB"),
    opt("--no-sandbox")
        .set(Set::Switch(|o| o.no_sandbox = true))
        .help("run without namespaces: process group and descendants only"),
    opt("--compile-time-limit MS")
        .set(Set::Whole(MILLISECONDS, |o, ms| {
            o.compile_time_limit_ms = Some(ms)
        }))
        .unset(Unset::Number(COMPILE.cpu_ms))
        .help("the compiler's CPU cap, milliseconds"),
    opt("--compile-memory-limit MIB")
        .set(Set::Whole(MIB, |o, mib| {
            o.compile_memory_limit_mib = Some(mib)
        }))
        .unset(Unset::Number(COMPILE.memory_kib >> 10))
        .help("the compiler's memory cap, MiB"),
    opt("--json")
        .set(Set::Switch(|o| o.json = true))
        .by(&[Judge, Stress, Bench])
        .help("print results as JSON (schema in docs/json.md) instead of a table"),
    opt("--html FILE")
        .set(Set::Text(|o, path| o.html = Some(path.into())))
        .by(&[Judge])
        .help("also write one self-contained page: the table and each answer replayed"),
    opt("-v, --verbose")
        .set(Set::Switch(|o| o.verbose = true))
        .by(&[Judge, Show, Run, Practice])
        .help(
            "for each test not accepted: input and output heads, stderr's last lines, the failing \
             case drawn and the reference's answer; the judge and practice --check add a \
             BFS_TRACE=1 trace beside a plain BFS's layers",
        ),
    opt("--no-color")
        .set(Set::Switch(|o| o.no_color = true))
        .by(&[Judge, Bench, Show, Run, Practice, Play])
        .help(
            "no colours (also with NO_COLOR set and not empty, and whenever stdout is not a \
             terminal or TERM is dumb)",
        ),
    opt("-h, --help")
        .by(EVERY)
        .help("this help (after a command's name, that command's)"),
    opt("-V, --version").by(EVERY).help("the judge's version"),
    opt("--file F")
        .set(Set::Text(|o, path| o.file = Some(path.into())))
        .by(&[Add, Play])
        .help("the input is file F"),
    opt("--input F")
        .set(Set::Text(|o, path| o.file = Some(path.into())))
        .by(&[Run])
        .help("the input is file F, its bytes as they are"),
    opt("--grid G")
        .set(Set::Text(|o, grid| o.grid = Some(grid)))
        .by(&[Add])
        .help("the input in the compact Klotski notation: a character a cell, rows split by /"),
    opt("--name NAME")
        .set(Set::Text(|o, name| o.name = Some(name)))
        .by(&[Add])
        .help("the test's name after its number, NNN-NAME"),
    opt("--cases N")
        .set(Set::Whole(CASES, |o, n| o.cases = n))
        .unset(Unset::Number(1000))
        .by(&[Stress])
        .help("how many cases to try at most"),
    opt("--seed S")
        .set(Set::Whole(whole("", 0, u64::MAX), |o, seed| {
            o.seed = Some(seed)
        }))
        .unset(Unset::Said("one from the clock, printed"))
        .by(&[Stress])
        .help("the generator's seed: the same seed, the same inputs"),
    opt("--time S")
        .set(Set::Seconds(|o, ms| o.time_ms = Some(ms)))
        .by(&[Stress])
        .help("how long to search and shrink at most, seconds (fractions allowed)"),
    opt("--save")
        .set(Set::Switch(|o| o.save = true))
        .by(&[Stress])
        .help("write the smallest failing input as the problem's next test"),
    opt("--gen GEN")
        .set(Set::Text(|o, path| o.generator = Some(path.into())))
        .by(&[Stress])
        .help("your generator instead of the judge's, run as GEN SEED INDEX"),
    opt("--brute BRUTE")
        .set(Set::Text(|o, path| o.brute = Some(path.into())))
        .by(&[Stress])
        .help("your brute force, whose answer decides the inputs too large for the reference"),
    opt("--runs N")
        .set(Set::Whole(whole("runs", 1, 1000), |o, n| o.runs = n))
        .unset(Unset::Number(5))
        .by(&[Bench])
        .help("timed runs per test, after one warm-up"),
    opt("--vs OTHER")
        .set(Set::Text(|o, path| o.vs = Some(path.into())))
        .by(&[Bench])
        .help("a second program, run in turn with the first and compared with it"),
    opt("--case N")
        .set(Set::Whole(CASES, |o, n| o.case = n as usize))
        .unset(Unset::Number(1))
        .by(&[Show, Chart, Play])
        .help("the case shown, counted from 1"),
    opt("--delay MS")
        .set(Set::Whole(whole("milliseconds", 0, 60_000), |o, ms| {
            o.delay_ms = ms
        }))
        .unset(Unset::Number(300))
        .by(&[Show, Run])
        .help("the pause between two frames on a terminal, milliseconds; 0 waits for Enter"),
    opt("--step")
        .set(Set::Switch(|o| o.step = true))
        .by(&[Show, Run])
        .help("wait for Enter between two frames"),
    opt("--out FILE")
        .set(Set::Text(|o, path| o.out = Some(path.into())))
        .unset(Unset::Said("stdout"))
        .by(&[Chart])
        .help("where the SVG goes"),
    opt("--check")
        .set(Set::Switch(|o| o.check = true))
        .by(&[Practice])
        .help("judge the exercise, and hold its search to the lesson"),
];

/// The command `word` names, if it names one.
pub fn command(word: &str) -> Option<&'static Cmd> {
    COMMANDS
        .iter()
        .find(|c| !c.word.is_empty() && c.word == word)
}

pub fn of(name: Name) -> &'static Cmd {
    let named = COMMANDS.iter().find(|c| c.name == name);
    named.expect("every command is in the table")
}

/// The option `word` names, long or short.
pub fn option(word: &str) -> Option<&'static Opt> {
    OPTIONS.iter().find(|o| o.is(word))
}
