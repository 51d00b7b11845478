//! `judge bench`: times each test several times, and compares two submissions run interleaved.

use crate::cli::BenchOptions;
use crate::error::JudgeError;
use crate::session::Session;

pub fn bench(_session: &Session, _options: &BenchOptions) -> Result<i32, JudgeError> {
    Err(JudgeError::new("`judge bench` is not built yet"))
}
