//! How a program ended: its exit code or the signal that killed it, with signals named as people write them.

/// How a reaped process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Exited(i32),
    Signaled(i32),
}

pub const SIGABRT: i32 = 6;
pub const SIGBUS: i32 = 7;
pub const SIGKILL: i32 = 9;
pub const SIGSEGV: i32 = 11;
pub const SIGXFSZ: i32 = 25;

impl Status {
    /// The launcher's text form: `exited 3` or `signaled 11`.
    pub fn to_text(self) -> String {
        match self {
            Status::Exited(code) => format!("exited {code}"),
            Status::Signaled(signal) => format!("signaled {signal}"),
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        match text.split_once(' ')? {
            ("exited", code) => Some(Status::Exited(code.parse().ok()?)),
            ("signaled", signal) => Some(Status::Signaled(signal.parse().ok()?)),
            _ => None,
        }
    }
}

/// Linux's signals 1 to 31 (x86/ARM numbering) without their `SIG`, by number; `-` for those a
/// judged program is not killed by (stop, continue, child and window signals), left unnamed.
const SIGNALS: &str =
    "HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM TERM STKFLT \
                       - - - - - - - XCPU XFSZ VTALRM PROF - - - SYS";

/// Names a Linux signal number as people write it, "SIGSEGV", else "signal N".
pub fn signal_name(sig: i32) -> String {
    let index = usize::try_from(sig).ok().and_then(|s| s.checked_sub(1));
    match index.and_then(|i| SIGNALS.split(' ').nth(i)) {
        Some(name) if name != "-" => format!("SIG{name}"),
        _ => format!("signal {sig}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_survive_their_text_form_and_signals_have_names() {
        for status in [Status::Exited(0), Status::Exited(3), Status::Signaled(11)] {
            assert_eq!(Status::parse(&status.to_text()), Some(status));
        }
        assert_eq!(Status::parse("stopped 3"), None);
        assert_eq!(signal_name(SIGSEGV), "SIGSEGV");
        assert_eq!(signal_name(99), "signal 99");
        assert_eq!(signal_name(16), "SIGSTKFLT");
        assert_eq!(signal_name(17), "signal 17");
        assert_eq!(signal_name(31), "SIGSYS");
        assert_eq!(signal_name(0), "signal 0");
        assert_eq!(signal_name(32), "signal 32");
    }
}
