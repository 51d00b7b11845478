//! Why a test was not accepted, as data: which case, what kind, the numbers. The sentence a person
//! reads is rendered from it (`Display`), and nothing reads a sentence back.

use crate::model::optimum::Optimum;
use crate::model::status::{signal_name, Status};
use std::fmt;

/// Why a verdict other than AC was given: the checker rejected an answer, or the run broke a limit
/// or crashed before any answer was read.
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    Rejected(Rejection),
    Run(RunFault),
}

impl Reason {
    /// The 0-based case or query the reason names, if it names one.
    pub fn case(&self) -> Option<usize> {
        match self {
            Reason::Rejected(r) => r.place.case(),
            Reason::Run(_) => None,
        }
    }

    /// Whether two reasons are of one kind, numbers aside: what `judge stress` keeps while it
    /// shrinks a failing input (a crash must keep its signal, an exit code need not keep its value).
    pub fn same_kind(&self, other: &Reason) -> bool {
        let signal = |r: &Reason| match r {
            Reason::Run(RunFault::Crashed {
                status: Status::Signaled(s),
                ..
            }) => Some(*s),
            _ => None,
        };
        self.code() == other.code() && signal(self) == signal(other)
    }

    /// A short name for the kind, for scripts (`--json`'s `kind`): `not-optimal`, `cpu`, ….
    pub fn code(&self) -> &'static str {
        match self {
            Reason::Rejected(r) => match r.kind {
                Kind::NotOptimal { .. } => "not-optimal",
                Kind::WrongCount { .. } => "wrong-count",
                Kind::FalseUnsolvable { .. } => "false-unsolvable",
                Kind::MovesForUnsolvable => "moves-for-unsolvable",
                Kind::IllegalMove { .. } => "illegal-move",
                Kind::NotAtGoal => "not-at-goal",
                Kind::Missing => "missing",
                Kind::Unreadable => "unreadable",
                Kind::ExtraOutput { .. } => "extra-output",
            },
            Reason::Run(fault) => match fault {
                RunFault::Cpu { .. } => "cpu",
                RunFault::Wall { .. } => "wall",
                RunFault::UncountedChildren => "uncounted-children",
                RunFault::Output { .. } => "output",
                RunFault::Memory { .. } => "memory",
                RunFault::MemoryCap { .. } => "memory-cap",
                RunFault::AllocationFailed { .. } => "allocation-failed",
                RunFault::Crashed { .. } => "crashed",
                RunFault::FileTooLarge { .. } => "file-too-large",
                RunFault::Disk { .. } => "disk",
                RunFault::Lost(_) => "lost",
            },
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Reason::Rejected(r) => r.fmt(f),
            Reason::Run(r) => r.fmt(f),
        }
    }
}

/// A checker's rejection of an output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    pub place: Place,
    pub kind: Kind,
    /// What is wrong, in the checker's words, without the place: rendered by the constructor from
    /// `kind` and what the checker saw, never parsed.
    pub text: String,
}

/// Which part of the output a rejection concerns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The output as a whole (a problem whose input is one case, or text after the last answer).
    Output,
    /// Case `i`, 0-based, of an input with several boards.
    Case(usize),
    /// Query `i`, 0-based (NOIP's inputs ask several questions of one board).
    Query(usize),
}

impl Place {
    /// The 0-based case or query, if it is one.
    pub fn case(self) -> Option<usize> {
        match self {
            Place::Case(i) | Place::Query(i) => Some(i),
            Place::Output => None,
        }
    }
}

/// What kind of wrong answer, with the numbers a reader of the result may need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// Valid and reaching the goal, but longer than the optimum.
    NotOptimal { moves: u64, optimum: u64 },
    /// A number of moves that is not the optimum (`-1`, "cannot be done", is `Unsolvable`).
    WrongCount { answered: Optimum, optimum: Optimum },
    /// Says `unsolvable` of a board solvable in `optimum` moves.
    FalseUnsolvable { optimum: u64 },
    /// Gives moves for a board that has no solution.
    MovesForUnsolvable,
    /// Move `step` (1-based) cannot be made, or is not a move at all.
    IllegalMove { step: usize },
    /// Every move is legal, but the last one does not leave the board at the goal.
    NotAtGoal,
    /// No answer line at all.
    Missing,
    /// The answer cannot be read as one (a bad count, a word that is not a move or number).
    Unreadable,
    /// Text after the last answer, on output line `line` (1-based).
    ExtraOutput { line: usize },
}

impl Rejection {
    pub fn new(place: Place, kind: Kind, text: impl Into<String>) -> Rejection {
        Rejection {
            place,
            kind,
            text: text.into(),
        }
    }

    pub fn not_optimal(place: Place, moves: u64, optimum: u64) -> Rejection {
        let text = format!("not optimal: {moves} moves, optimum {optimum}");
        Rejection::new(place, Kind::NotOptimal { moves, optimum }, text)
    }

    pub fn false_unsolvable(place: Place, optimum: u64) -> Rejection {
        let text = format!("says unsolvable, but it is solvable in {optimum} moves");
        Rejection::new(place, Kind::FalseUnsolvable { optimum }, text)
    }

    pub fn missing(place: Place) -> Rejection {
        Rejection::new(place, Kind::Missing, "missing answer")
    }

    /// Text on output line `line` after the last answer; `unit` is what one line answers.
    pub fn extra_output(line: usize, unit: &str, shown: &str) -> Rejection {
        let text = format!("output after the last {unit}: '{shown}'");
        Rejection::new(Place::Output, Kind::ExtraOutput { line }, text)
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match (self.place, &self.kind) {
            (_, Kind::ExtraOutput { line }) => write!(f, "line {line}: {}", self.text),
            (Place::Case(i), _) => write!(f, "case {}: {}", i + 1, self.text),
            (Place::Query(i), _) => write!(f, "query {}: {}", i + 1, self.text),
            (Place::Output, _) => f.write_str(&self.text),
        }
    }
}

/// How a run ended that its answer was never read: a limit it broke, or a crash.
#[derive(Debug, Clone, PartialEq)]
pub enum RunFault {
    /// The tree's CPU time passed the limit.
    Cpu { used_ms: f64, limit_ms: u64 },
    /// Stopped by the wall clock, having used `cpu_ms` of CPU.
    Wall { limit_ms: u64, cpu_ms: f64 },
    /// A process ignored SIGCHLD while it had children, whose CPU the kernel then discards.
    UncountedChildren,
    /// Standard output reached the output limit.
    Output { limit_bytes: u64 },
    /// The tree's peak memory passed the limit.
    Memory { peak_kib: u64, limit_kib: u64 },
    /// The run's cgroup met its memory cap (`memory.failcnt`), counting what no process shows,
    /// while its processes held `peak_kib` at most, within the limit.
    MemoryCap { cap_bytes: u64, peak_kib: u64 },
    /// A runtime said an allocation failed: at the address-space cap, or (`None`, a run with no
    /// cap) refused by the machine; `status` is how it ended.
    AllocationFailed {
        cap_mib: Option<u64>,
        status: Status,
    },
    /// A non-zero exit or a signal; `cap_mib` is set where a failed `malloc` may be the cause,
    /// `stack_mib` where a SIGSEGV may be a stack overflow on a stack that the caller's hard limit
    /// kept below the memory limit promised.
    Crashed {
        status: Status,
        cap_mib: Option<u64>,
        stack_mib: Option<u64>,
    },
    /// SIGXFSZ with stdout within its limit: a file it wrote in its folder passed the file-size
    /// limit (stderr is a pipe, never limited).
    FileTooLarge { limit_bytes: u64 },
    /// The files it wrote filled its folder, which the sandbox caps.
    Disk { limit_bytes: u64, limit_files: u64 },
    /// The launcher brought back no report, and why.
    Lost(String),
}

impl fmt::Display for RunFault {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            RunFault::Cpu { used_ms, limit_ms } => {
                write!(f, "CPU {used_ms:.0} ms over the {limit_ms} ms limit")
            }
            RunFault::Wall { limit_ms, cpu_ms } => write!(
                f,
                "stopped at the {limit_ms} ms wall-clock limit, having used {cpu_ms:.0} ms of CPU"
            ),
            RunFault::UncountedChildren => f.write_str(
                "stopped: it ignores SIGCHLD while it has children, whose CPU time the kernel \
                 then discards, so its time cannot be judged",
            ),
            RunFault::Output { limit_bytes } => write!(
                f,
                "output reached the {:.0} MiB limit",
                *limit_bytes as f64 / 1048576.0
            ),
            RunFault::Memory {
                peak_kib,
                limit_kib,
            } => write!(
                f,
                "peak memory {:.1} MiB over the {:.0} MiB limit",
                *peak_kib as f64 / 1024.0,
                *limit_kib as f64 / 1024.0
            ),
            RunFault::MemoryCap {
                cap_bytes,
                peak_kib,
            } => write!(
                f,
                "the run's cgroup met its {} MiB memory cap (memory.failcnt; it counts kernel \
                 memory, pipe buffers and page cache too), its processes holding {:.1} MiB at most",
                cap_bytes >> 20,
                *peak_kib as f64 / 1024.0
            ),
            RunFault::AllocationFailed { cap_mib, status } => {
                let refused = match cap_mib {
                    Some(cap) => format!(" at the {cap} MiB address-space cap"),
                    None => ": the machine refused it".into(),
                };
                write!(f, "an allocation failed{refused} ({})", ended(*status))
            }
            RunFault::Crashed {
                status,
                cap_mib,
                stack_mib,
            } => {
                let stack = stack_mib.map(|stack| {
                    format!("stack overflow? its stack was {stack} MiB, capped by the caller's hard limit")
                });
                let cap = cap_mib.map(|cap| {
                    format!("each process may map at most {cap} MiB: a larger allocation fails")
                });
                let notes: Vec<String> = stack.into_iter().chain(cap).collect();
                match notes.is_empty() {
                    true => f.write_str(&ended(*status)),
                    false => write!(f, "{} ({})", ended(*status), notes.join("; ")),
                }
            }
            RunFault::FileTooLarge { limit_bytes } => write!(
                f,
                "killed by SIGXFSZ: a file it wrote passed the {} MiB file-size limit",
                limit_bytes >> 20
            ),
            RunFault::Disk {
                limit_bytes,
                limit_files,
            } => write!(
                f,
                "the files it wrote filled its folder, which may hold {} MiB in {limit_files} files",
                limit_bytes >> 20
            ),
            RunFault::Lost(why) => f.write_str(why),
        }
    }
}

/// `exit code 3`, `killed by SIGSEGV`.
fn ended(status: Status) -> String {
    match status {
        Status::Exited(code) => format!("exit code {code}"),
        Status::Signaled(signal) => format!("killed by {}", signal_name(signal)),
    }
}

/// Why a test cannot be judged: the test's fault, never a verdict on a submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestFault {
    /// The reference gave up: the input has more positions than it may visit.
    TooLarge { max_states: usize },
    /// Unreadable, not a regular file, too large a file, malformed, or its `.ans` disagrees with
    /// the reference: the text says which.
    Broken(String),
}

impl fmt::Display for TestFault {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            TestFault::TooLarge { max_states } => write!(
                f,
                "more than {max_states} positions: too large for the reference"
            ),
            TestFault::Broken(why) => f.write_str(why),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rejection_names_its_place_then_what_is_wrong() {
        let case = Rejection::not_optimal(Place::Case(2), 33, 31);
        assert_eq!(
            case.to_string(),
            "case 3: not optimal: 33 moves, optimum 31"
        );
        assert_eq!(Reason::Rejected(case).case(), Some(2));
        let query = Rejection::missing(Place::Query(0));
        assert_eq!(query.to_string(), "query 1: missing answer");
        let extra = Rejection::extra_output(4, "case", "lr");
        assert_eq!(
            extra.to_string(),
            "line 4: output after the last case: 'lr'"
        );
        assert_eq!(Reason::Rejected(extra).case(), None);
    }

    #[test]
    fn kinds_compare_without_their_numbers() {
        let wa = |moves| Reason::Rejected(Rejection::not_optimal(Place::Case(0), moves, 1));
        assert!(wa(3).same_kind(&wa(9)));
        assert!(!wa(3).same_kind(&Reason::Rejected(Rejection::missing(Place::Case(0)))));
        let crash = |status| {
            Reason::Run(RunFault::Crashed {
                status,
                cap_mib: None,
                stack_mib: None,
            })
        };
        assert!(crash(Status::Exited(1)).same_kind(&crash(Status::Exited(3))));
    }

    #[test]
    fn a_crash_kind_keeps_its_signal() {
        let crash = |status| {
            Reason::Run(RunFault::Crashed {
                status,
                cap_mib: None,
                stack_mib: None,
            })
        };
        assert!(!crash(Status::Signaled(11)).same_kind(&crash(Status::Signaled(6))));
        assert!(!crash(Status::Exited(1)).same_kind(&crash(Status::Signaled(6))));
    }

    #[test]
    fn run_faults_read_as_a_contestant_expects() {
        let segv = RunFault::Crashed {
            status: Status::Signaled(11),
            cap_mib: Some(192),
            stack_mib: None,
        };
        assert_eq!(
            segv.to_string(),
            "killed by SIGSEGV (each process may map at most 192 MiB: a larger allocation fails)"
        );
        let overflow = RunFault::Crashed {
            status: Status::Signaled(11),
            cap_mib: Some(192),
            stack_mib: Some(8),
        };
        assert_eq!(
            overflow.to_string(),
            "killed by SIGSEGV (stack overflow? its stack was 8 MiB, capped by the caller's hard \
             limit; each process may map at most 192 MiB: a larger allocation fails)"
        );
        let too_large = TestFault::TooLarge { max_states: 10 };
        assert_eq!(
            too_large.to_string(),
            "more than 10 positions: too large for the reference"
        );
    }
}
