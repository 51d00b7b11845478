//! slidekit's judge as a library: the `judge` binary is a thin wrapper round [`commands::main`],
//! and the integration tests call the same code.
//!
//! The folders follow the pipeline: `cli` turns arguments into a command; `commands` has one file
//! per subcommand; `judging` compiles a submission and judges it test by test; `run` launches and
//! contains one program (the only `unsafe` is in `run::sys`); `puzzles` holds everything the judge
//! knows about one puzzle (reference, checker, generator, hints) and the registry; `model` the nouns
//! the others share; `render` turns them into tables, JSON, pages and charts; `formats` reads and
//! writes the small formats (JSON, TOML, traces, bounded files).

pub mod cli;
pub mod commands;
pub mod formats;
pub mod judging;
pub mod model;
pub mod puzzles;
pub mod render;
pub mod run;
