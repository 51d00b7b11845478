//! The terminal: rows on stdout as they come, a progress line and warnings on stderr.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};

/// Writes to stdout and flushes, so rows appear as tests finish. A closed stdout (`judge | head`) is
/// the reader's choice, not a failure: the judge carries on and its exit status still tells.
pub fn emit(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// Whether `stream` is a terminal that acts on escape codes: not one whose `TERM` is `dumb` (Emacs's
/// shell buffer, some CI logs), which would print them as text.
pub fn takes_escapes(stream: &impl IsTerminal, term: Option<OsString>) -> bool {
    stream.is_terminal() && term.map_or(true, |t| t != "dumb")
}

/// A transient line on stderr while a test runs, only when a person is watching; `""` clears it.
pub fn progress(text: &str) {
    let mut stderr = std::io::stderr();
    if takes_escapes(&stderr, std::env::var_os("TERM")) {
        let _ = write!(stderr, "\r\x1b[K{text}");
    }
}

/// A warning on stderr that changes no verdict, e.g. about a test file that judges nothing. Like
/// [`emit`], it carries on when stderr is closed.
pub fn warn(problem: &str, text: &str) {
    let _ = writeln!(std::io::stderr(), "judge: warning: {problem}: {text}");
}
