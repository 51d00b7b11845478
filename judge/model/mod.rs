//! The nouns that the verbs share: optima, results and their reasons, runs, limits, frames, traces,
//! lessons, benches, what `judge stress` found, the resolved settings, the judge's own errors.

pub mod bench;
pub mod error;
pub mod execution;
pub mod frame;
pub mod lesson;
pub mod limits;
pub mod optimum;
pub mod outcome;
pub mod reason;
pub mod settings;
pub mod stats;
pub mod status;
pub mod stress;
pub mod trace;
pub mod verdict;
