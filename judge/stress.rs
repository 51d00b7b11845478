//! `judge stress`: random inputs from the problem's generator until an answer fails, then shrinks it.

use crate::cli::StressOptions;
use crate::error::JudgeError;
use crate::session::Session;

pub fn stress(_session: &Session, _options: &StressOptions) -> Result<i32, JudgeError> {
    Err(JudgeError::new("`judge stress` is not built yet"))
}
