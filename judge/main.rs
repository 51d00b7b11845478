//! `judge`: compiles each solution as an online judge would, runs its problem's tests under limits,
//! checks every answer for validity and optimality, and reports verdict, CPU and wall time, memory.

mod add;
mod bench;
mod bench_report;
mod chart;
mod check;
mod cli;
mod compile;
mod error;
mod files;
mod frames_text;
mod frontier;
mod generate;
mod html;
mod json;
mod launch;
mod limits;
mod outcome;
mod practice;
mod problem;
mod report;
mod run;
mod sandbox;
mod session;
mod show;
mod stats;
mod status;
mod stress;
mod supervise;
mod sys;
mod toml;
mod tree;
mod verdict;

use cli::{ChartOptions, Command, JudgeOptions};
use error::JudgeError;
use report::emit;
use run::Launcher;
use sandbox::Walls;
use session::Session;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

fn main() {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == launch::ARG) {
        std::process::exit(launch::main(&args[1..])); // decided first: the launcher must stay small
    }
    // Looked for in the raw arguments: a script that asked for JSON gets it even when they are wrong.
    let json = args.iter().any(|a| a == "--json");
    let code = match args.into_iter().map(|a| a.into_string()).collect() {
        Ok(args) => run(args),
        Err(bad) => Err(JudgeError::new(format!("argument {bad:?} is not UTF-8"))),
    };
    std::process::exit(code.unwrap_or_else(|e| fail(&e, json)));
}

/// The judge itself failed: the message on stderr, and with `--json` a document on stdout as well.
fn fail(error: &JudgeError, json: bool) -> i32 {
    eprintln!("judge: {error}");
    if json {
        emit(&report::error_json(error).to_pretty());
    }
    2
}

/// Exit status 0: all accepted, 1: some test not accepted, 2: the judge, a problem or a test failed.
fn run(args: Vec<String>) -> Result<i32, JudgeError> {
    let root = project_root();
    match cli::parse(args)? {
        Command::Help => emit(cli::HELP),
        Command::Add(options) => emit(&add::add(&root, &options)?.summary()),
        Command::Judge(options) => return judge(&root, &options),
        Command::Stress(options) => {
            let setup = Setup::new(&root, &options.judge, false)?;
            return stress::stress(&setup.session(&root, &options.judge), &options);
        }
        Command::Bench(options) => {
            let setup = Setup::new(&root, &options.judge, false)?;
            return bench::bench(&setup.session(&root, &options.judge), &options);
        }
        Command::Show(options) => {
            let setup = Setup::new(&root, &options.judge, false)?;
            return show::show(&setup.session(&root, &options.judge), &options);
        }
        Command::Chart(options) => {
            let setup = Setup::new(&root, &options.judge, false)?;
            chart(&root, &setup.session(&root, &options.judge), &options)?;
        }
        Command::Practice(options) => {
            let path = practice::practice(&root, &options)?;
            let name = &options.problem;
            emit(&format!(
                "wrote {0}: {name}'s solution without its search. Write it between the practice \
                 markers, then: judge {name} {0}\n",
                path.display()
            ));
        }
    }
    Ok(0)
}

/// The folder holding `problems/`: the current one when it has it, else this crate's.
fn project_root() -> PathBuf {
    match std::env::current_dir() {
        Ok(dir) if dir.join("problems").is_dir() => dir,
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")),
    }
}

fn judge(root: &Path, options: &JudgeOptions) -> Result<i32, JudgeError> {
    let names = match &options.problem {
        Some(name) => {
            // Named on the command line, an unknown problem is a mistake in the command, not in it.
            problem::ensure_known(root, name)?;
            vec![name.clone()]
        }
        None => problem::names(root)?,
    };
    // With `-v` programs run traced: their layers are shown beside a plain BFS's.
    let setup = Setup::new(root, options, options.verbose)?;
    let session = setup.session(root, options);
    let outcomes: Vec<_> = names.iter().map(|name| session.judge_named(name)).collect();
    if options.json {
        emit(&report::json(&outcomes).to_pretty());
    } else {
        emit(&report::summary(&outcomes));
    }
    if let Some(path) = &options.html {
        let charts = match options.submission {
            // The project's own solutions: their traces are trusted, and they are what it teaches.
            None => frontier::hardest_charts(&session, &outcomes),
            Some(_) => Vec::new(),
        };
        html::write(path, &outcomes, &charts)?;
    }
    Ok(outcome::exit_code(&outcomes))
}

/// `judge chart`: the solution's frontiers on the test's first case against a plain BFS, as SVG on
/// stdout or in `--out`, and the states each search visited.
fn chart(root: &Path, session: &Session, options: &ChartOptions) -> Result<(), JudgeError> {
    let name = options.judge.problem.as_deref().unwrap_or_default();
    problem::ensure_known(root, name)?;
    let problem = problem::load(root, name)?;
    let tests = problem::tests(&problem, Some(&options.test))?;
    let charted = frontier::chart(session, &problem, &tests[0])?; // `tests` is never empty
    match &options.out {
        Some(path) => {
            let svg = &charted.svg;
            std::fs::write(path, svg).map_err(|e| JudgeError::io("write", path, e))?;
            emit(&format!("{}\nwrote {}\n", charted.summary, path.display()));
        }
        None => {
            emit(&charted.svg);
            eprintln!("{}", charted.summary);
        }
    }
    Ok(())
}

/// What every command that runs programs needs: the binary cache, a launcher, whether to colour.
struct Setup {
    cache: PathBuf,
    launcher: Launcher,
    color: bool,
}

impl Setup {
    /// `trace`: programs run with `BFS_TRACE=1` (only the judge's `-v`: it costs them time).
    fn new(root: &Path, options: &JudgeOptions, trace: bool) -> Result<Setup, JudgeError> {
        let target =
            std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
        let cache = target.join("judge");
        std::fs::create_dir_all(&cache).map_err(|e| JudgeError::io("create", &cache, e))?;
        let cache = absolute(&cache)?;
        // Programs must not see the tests' answers, the sources or any binary built from them.
        let walls = Walls {
            hidden: vec![absolute(root)?, cache.clone()],
        };
        let launcher = Launcher::new(!options.no_sandbox, walls, trace)?;
        let color = !options.no_color
            && std::env::var_os("NO_COLOR").is_none()
            && std::io::stdout().is_terminal();
        Ok(Setup {
            cache,
            launcher,
            color,
        })
    }

    fn session<'a>(&'a self, root: &'a Path, options: &'a JudgeOptions) -> Session<'a> {
        Session {
            root,
            options,
            cache: &self.cache,
            launcher: &self.launcher,
            color: self.color,
        }
    }
}

fn absolute(path: &Path) -> Result<PathBuf, JudgeError> {
    std::fs::canonicalize(path).map_err(|e| JudgeError::io("find", path, e))
}
