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

/// Names a Linux signal number (x86/ARM numbering) as people write it, "SIGSEGV", else "signal N".
pub fn signal_name(sig: i32) -> String {
    let name = match sig {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        10 => "SIGUSR1",
        11 => "SIGSEGV",
        12 => "SIGUSR2",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        16 => "SIGSTKFLT",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        26 => "SIGVTALRM",
        27 => "SIGPROF",
        31 => "SIGSYS",
        _ => return format!("signal {sig}"),
    };
    name.to_string()
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
    }
}
