//! The judge as a contestant uses it: every subcommand run as a process, on the project's problems
//! and on scratch projects, with fixture submissions from `tests/fixtures/`.

use super::projects;

mod bench;
mod chart;
mod coach;
mod html;
mod json;
mod judging;
mod play;
mod practice;
mod registry;
mod run;
mod show;
mod stderr;
mod stress;
mod terminal;
