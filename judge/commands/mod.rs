//! One file per subcommand, and the dispatch from the command line to them. The options a command
//! was given are resolved here into [`Settings`]; nothing below `commands/` sees the arguments.

pub mod add;
pub mod bench;
pub mod chart;
pub mod judge;
mod keyboard;
pub mod play;
pub mod practice;
pub mod run;
pub mod show;
pub mod stress;

use crate::cli::table::Name;
use crate::cli::{self, Command, Options};
use crate::judging::session::Session;
use crate::model::error::JudgeError;
use crate::model::limits;
use crate::model::settings::Settings;
use crate::model::status::signal_name;
use crate::render::console::{emit, takes_escapes};
use crate::render::json::error_json;
use crate::run::{launcher, scratch, sys};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// The `judge` binary: its exit status. 0 all accepted, 1 some test not accepted, 2 the judge, a
/// problem or a test failed.
pub fn main() -> i32 {
    // Whatever the caller left open reaches neither a compiler nor a program, in any mode.
    if let Err(e) = sys::close_inherited() {
        eprintln!("judge: cannot close the descriptors it was started with: {e}");
        return 2;
    }
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == launcher::ARG) {
        return launcher::main(&args[1..]); // decided first: the launcher must stay small
    }
    // No program of our user, in the fallback, may reach our pipes or memory through /proc, or
    // trace us: a launcher's report comes through a pipe only we and that launcher hold.
    if let Err(e) = sys::not_dumpable() {
        eprintln!("judge: cannot keep other processes out of its memory: {e}");
        return 2;
    }
    // The orphans of a launcher killed mid-run come to us, to be ended (`tree::end_adopted`).
    let _ = sys::adopt_orphans();
    // Interrupted (Ctrl-C, SIGTERM, a closed terminal): its launchers die with it; their folders go.
    sys::on_termination(|signal| {
        scratch::remove_open();
        let off_the_progress_line = if std::io::stderr().is_terminal() {
            "\n"
        } else {
            ""
        };
        let said = format!("judge: stopped by {} before the end", signal_name(signal));
        // Not eprintln!: a terminal that hung up fails the write, and a panic here would not exit.
        let _ = writeln!(std::io::stderr(), "{off_the_progress_line}{said}");
    });
    // Looked for in the raw arguments: a script that asked for JSON gets it even when they are wrong.
    let json = args.iter().any(|a| a == "--json");
    let code = match args.into_iter().map(|a| a.into_string()).collect() {
        Ok(args) => run(args),
        Err(bad) => Err(JudgeError::new(format!("argument {bad:?} is not UTF-8"))),
    };
    code.unwrap_or_else(|e| fail(&e, json))
}

/// The judge itself failed: the message on stderr, and with `--json` a document on stdout as well.
fn fail(error: &JudgeError, json: bool) -> i32 {
    eprintln!("judge: {error}");
    if json {
        emit(&error_json(error).to_pretty());
    }
    2
}

/// Runs the command the arguments name; its exit status.
pub fn run(args: Vec<String>) -> Result<i32, JudgeError> {
    let root = project_root();
    let Command::Run(name, options) = cli::parse(args)? else {
        emit(&format!("judge {}\n", env!("CARGO_PKG_VERSION")));
        return Ok(0);
    };
    // The judge's `-v` shows its programs' layers beside a plain BFS's, and the coach reads each
    // run's trace: their programs run traced.
    let trace = name == Name::Practice || (name == Name::Judge && options.verbose);
    let open = || Session::open(&root, settings(&options, trace));
    match name {
        Name::Help => emit(&cli::help(options.topic.as_deref())?),
        Name::Add => emit(&add::add(&root, &options)?.summary()),
        Name::Practice if !options.check => emit(&practice::practice(&root, &options)?),
        Name::Practice => return practice::check(&open()?, &options),
        Name::Judge => return judge::judge(&open()?, &options),
        Name::Stress => return stress::stress(&open()?, &options),
        Name::Bench => return bench::bench(&open()?, &options),
        Name::Show => return show::show(&open()?, &options),
        Name::Run => return run::run(&open()?, &options),
        Name::Chart => chart::chart(&open()?, &options)?,
        Name::Play => return play::play(&root, &options, settings(&options, false).color),
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

/// Whether `NO_COLOR` asks for no colours: set and not empty, as no-color.org has it.
fn no_color_asked(value: Option<std::ffi::OsString>) -> bool {
    value.is_some_and(|v| !v.is_empty())
}

/// The judging options as settings.
pub fn settings(o: &Options, trace: bool) -> Settings {
    let compile_caps =
        limits::COMPILE.overridden(o.compile_time_limit_ms, o.compile_memory_limit_mib);
    let color = !o.no_color
        && !no_color_asked(std::env::var_os("NO_COLOR"))
        && takes_escapes(&std::io::stdout(), std::env::var_os("TERM"));
    let columns = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok());
    Settings {
        time_limit_ms: o.time_limit_ms,
        memory_limit_mib: o.memory_limit_mib,
        compile_caps,
        sandbox: !o.no_sandbox,
        trace,
        verbose: o.verbose,
        replay: o.html.is_some(),
        table: !o.json,
        color,
        width: columns.or_else(sys::terminal_columns),
        invocation: cli::invocation().into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_no_color_that_is_set_and_not_empty_turns_colours_off() {
        assert!(no_color_asked(Some("1".into())) && no_color_asked(Some("0".into())));
        assert!(!no_color_asked(Some("".into())) && !no_color_asked(None));
    }
}
