//! Errors of the judge itself (bad arguments, missing files or tools): never a verdict on a submission.

use std::fmt;
use std::path::Path;

/// What went wrong and, where one exists, how to fix it.
#[derive(Debug, PartialEq, Eq)]
pub struct JudgeError {
    pub message: String,
    pub fix: Option<String>,
}

impl JudgeError {
    pub fn new(message: impl Into<String>) -> Self {
        JudgeError {
            message: message.into(),
            fix: None,
        }
    }

    pub fn with_fix(mut self, fix: impl Into<String>) -> Self {
        self.fix = Some(fix.into());
        self
    }

    /// An I/O failure on `path`, worded as "cannot <doing> <path>: <cause>".
    pub fn io(doing: &str, path: &Path, cause: std::io::Error) -> Self {
        JudgeError::new(format!("cannot {doing} {}: {cause}", path.display()))
    }
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let fix = self
            .fix
            .as_ref()
            .map_or(String::new(), |fix| format!("\n  fix: {fix}"));
        write!(f, "{}{fix}", self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_puts_the_fix_on_its_own_line() {
        let e = JudgeError::new("g++ not found").with_fix("apt-get install g++");
        assert_eq!(e.to_string(), "g++ not found\n  fix: apt-get install g++");
        let e = JudgeError::io(
            "read",
            Path::new("a.in"),
            std::io::ErrorKind::NotFound.into(),
        );
        assert_eq!(e.to_string(), "cannot read a.in: entity not found");
    }
}
