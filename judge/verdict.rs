//! Verdicts and how a run's measurements turn into one. Pure: no processes, no clocks.

use crate::run::{Limits, Outcome};
use crate::sys::{signal_name, Status};

/// The verdict on one test, as online judges name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    TimeLimit,
    MemoryLimit,
    OutputLimit,
    RuntimeError,
    CompileError,
}

impl Verdict {
    /// The short code used in the table and the JSON: `AC`, `WA`, `TLE`, `MLE`, `OLE`, `RE`, `CE`.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::RuntimeError => "RE",
            Verdict::CompileError => "CE",
        }
    }
}

/// What one test came to: a verdict on the submission, or a fault of the test itself, which is never
/// a verdict (a broken test must not pass or fail anyone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    Verdict {
        verdict: Verdict,
        reason: Option<String>,
    },
    TestError(String),
}

impl Finding {
    pub fn accepted(&self) -> bool {
        matches!(
            self,
            Finding::Verdict {
                verdict: Verdict::Accepted,
                ..
            }
        )
    }

    /// The code shown for it: a verdict's, or `ERR` for a broken test.
    pub fn code(&self) -> &'static str {
        match self {
            Finding::Verdict { verdict, .. } => verdict.code(),
            Finding::TestError(_) => "ERR",
        }
    }

    pub fn reason(&self) -> Option<&str> {
        match self {
            Finding::Verdict { reason, .. } => reason.as_deref(),
            Finding::TestError(why) => Some(why),
        }
    }
}

/// How common runtimes die of a failed allocation (under the address-space cap): the status they end
/// with and what their last line of stderr says. Rust and C++ abort; Python exits 1.
const OUT_OF_MEMORY: [(Status, &str); 3] = [
    (Status::Signaled(6), "memory allocation of"),
    (Status::Signaled(6), "std::bad_alloc"),
    (Status::Exited(1), "MemoryError"),
];

/// Whether the run died of a failed allocation: its status and its last stderr line must both say so,
/// so a program that merely prints "MemoryError" somewhere is not taken for one.
fn ran_out_of_memory(outcome: &Outcome) -> bool {
    let last = outcome
        .stderr
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default();
    OUT_OF_MEMORY
        .iter()
        .any(|&(status, text)| outcome.status == status && last.contains(text))
}

/// The verdict a run earns before its answer is read, if any: the first limit it broke, else how it
/// crashed. `None` means it ended cleanly within every limit, so its output decides.
pub fn from_run(outcome: &Outcome, limits: &Limits) -> Option<(Verdict, String)> {
    let mib = |kib: u64| kib as f64 / 1024.0;
    if outcome.cpu_ms > limits.cpu_ms as f64 {
        let why = format!(
            "CPU {:.0} ms over the {} ms limit",
            outcome.cpu_ms, limits.cpu_ms
        );
        return Some((Verdict::TimeLimit, why));
    }
    if outcome.wall_killed {
        let why = format!(
            "killed after {} ms of wall time (sleeping or blocked?)",
            limits.wall_ms()
        );
        return Some((Verdict::TimeLimit, why));
    }
    if outcome.output_exceeded {
        let why = format!(
            "output reached the {:.0} MiB limit",
            limits.output_bytes as f64 / 1048576.0
        );
        return Some((Verdict::OutputLimit, why));
    }
    let (peak, limit) = (mib(outcome.peak_kib), mib(limits.memory_kib));
    if outcome.peak_kib > limits.memory_kib {
        return Some((
            Verdict::MemoryLimit,
            format!("peak memory {peak:.1} MiB over the {limit:.0} MiB limit"),
        ));
    }
    let crash = match outcome.status {
        Status::Exited(0) => return None,
        Status::Exited(code) => format!("exit code {code}"),
        // Stdout past the limit was OLE above, so a file-size signal here means a stderr flood.
        Status::Signaled(25) => {
            "killed by SIGXFSZ: its stderr reached the output limit".to_string()
        }
        Status::Signaled(signal) => format!("killed by {}", signal_name(signal)),
    };
    if ran_out_of_memory(outcome) {
        let cap = limits.address_space_bytes() as f64 / 1048576.0;
        return Some((
            Verdict::MemoryLimit,
            format!("an allocation failed at the {cap:.0} MiB address-space cap ({crash})"),
        ));
    }
    Some((Verdict::RuntimeError, crash))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        cpu_ms: 1000,
        memory_kib: 65536,
        output_bytes: 1 << 20,
    };

    fn clean() -> Outcome {
        Outcome {
            status: Status::Exited(0),
            cpu_ms: 10.0,
            wall_ms: 12.0,
            peak_kib: 2048,
            wall_killed: false,
            output_exceeded: false,
            stdout: Vec::new(),
            stderr: String::new(),
        }
    }

    fn verdict(outcome: Outcome) -> Option<(Verdict, String)> {
        from_run(&outcome, &LIMITS)
    }

    #[test]
    fn a_clean_run_leaves_the_verdict_to_the_checker() {
        assert_eq!(verdict(clean()), None);
    }

    #[test]
    fn time_is_judged_on_cpu_and_the_watchdog_catches_sleepers() {
        let slow = Outcome {
            cpu_ms: 1000.5,
            status: Status::Signaled(24),
            ..clean()
        };
        assert_eq!(
            verdict(slow),
            Some((
                Verdict::TimeLimit,
                "CPU 1000 ms over the 1000 ms limit".into()
            ))
        );
        let asleep = Outcome {
            wall_killed: true,
            status: Status::Signaled(9),
            ..clean()
        };
        let spinning = Outcome {
            cpu_ms: 2999.0,
            ..asleep.clone()
        };
        let why = "CPU 2999 ms over the 1000 ms limit";
        assert_eq!(verdict(spinning), Some((Verdict::TimeLimit, why.into())));
        let why = "killed after 3000 ms of wall time (sleeping or blocked?)";
        assert_eq!(verdict(asleep), Some((Verdict::TimeLimit, why.into())));
    }

    #[test]
    fn memory_is_judged_on_peak_rss_or_a_failed_allocation() {
        let hog = Outcome {
            peak_kib: 65537,
            status: Status::Signaled(6),
            ..clean()
        };
        let why = "peak memory 64.0 MiB over the 64 MiB limit";
        assert_eq!(verdict(hog), Some((Verdict::MemoryLimit, why.into())));
        let stderr = "memory allocation of 1073741824 bytes failed\n".to_string();
        let refused = Outcome {
            stderr,
            status: Status::Signaled(6),
            ..clean()
        };
        let why = "an allocation failed at the 192 MiB address-space cap (killed by SIGABRT)";
        assert_eq!(verdict(refused), Some((Verdict::MemoryLimit, why.into())));
        let stderr =
            "debug: out of memory? no\nMemoryError is my favourite word\nbye\n".to_string();
        let chatty = Outcome {
            stderr,
            status: Status::Exited(1),
            ..clean()
        };
        assert_eq!(
            verdict(chatty),
            Some((Verdict::RuntimeError, "exit code 1".into()))
        );
        let stderr = "Traceback (most recent call last):\n  ...\nMemoryError\n".to_string();
        let python = Outcome {
            stderr,
            status: Status::Exited(1),
            ..clean()
        };
        assert_eq!(verdict(python).map(|v| v.0), Some(Verdict::MemoryLimit));
    }

    #[test]
    fn crashes_name_the_signal_or_exit_code() {
        let segv = Outcome {
            status: Status::Signaled(11),
            ..clean()
        };
        assert_eq!(
            verdict(segv),
            Some((Verdict::RuntimeError, "killed by SIGSEGV".into()))
        );
        let exit = Outcome {
            status: Status::Exited(3),
            ..clean()
        };
        assert_eq!(
            verdict(exit),
            Some((Verdict::RuntimeError, "exit code 3".into()))
        );
    }

    #[test]
    fn a_flood_is_ole_even_though_it_was_killed() {
        let flood = Outcome {
            output_exceeded: true,
            status: Status::Signaled(25),
            ..clean()
        };
        assert_eq!(
            verdict(flood),
            Some((
                Verdict::OutputLimit,
                "output reached the 1 MiB limit".into()
            ))
        );
    }
}
