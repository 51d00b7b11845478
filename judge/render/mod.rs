//! Renderers: they read the model and write text, JSON, HTML or SVG; they decide nothing.

pub mod bench;
pub mod beside;
pub mod chart;
pub mod coach;
pub mod console;
pub mod frames;
pub mod html;
pub mod json;
pub mod play;
pub mod stress;
pub mod table;

/// Each code once, in the order it first came, with how often it came: `2 WA`, `1 AC`.
pub fn tally(codes: &[&str]) -> Vec<String> {
    let distinct = (codes.iter().enumerate()).filter(|(i, c)| !codes[..*i].contains(c));
    let counted = |c: &&str| format!("{} {c}", codes.iter().filter(|x| *x == c).count());
    distinct.map(|(_, c)| counted(c)).collect()
}

/// "1 test", "9 tests".
pub fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}
