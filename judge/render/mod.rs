//! Renderers: they read the model and write text, JSON, HTML or SVG; they decide nothing.

pub mod bench;
pub mod beside;
pub mod chart;
pub mod coach;
pub mod console;
pub mod frames;
pub mod html;
pub mod json;
pub mod stress;
pub mod table;

/// "1 test", "9 tests".
pub fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}
