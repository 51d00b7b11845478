//! What one test came to: a verdict with its reason, or a fault of the test itself; and what a
//! checker found in an output.

use crate::model::reason::{Kind, Reason, Rejection, TestFault};

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
    /// The short code used in the table and the JSON, by the verdicts' order above.
    pub fn code(self) -> &'static str {
        ["AC", "WA", "TLE", "MLE", "OLE", "RE", "CE"][self as usize]
    }
}

/// What one test came to: a verdict on the submission, or a fault of the test itself, which is never
/// a verdict (a broken test must not pass or fail anyone).
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    Verdict {
        verdict: Verdict,
        reason: Option<Reason>,
    },
    TestError(TestFault),
}

impl Finding {
    pub fn verdict(verdict: Verdict, reason: Option<Reason>) -> Finding {
        Finding::Verdict { verdict, reason }
    }

    pub fn accepted(&self) -> bool {
        self.code() == Verdict::Accepted.code()
    }

    /// The code shown for it: a verdict's, or `ERR` for a broken test.
    pub fn code(&self) -> &'static str {
        match self {
            Finding::Verdict { verdict, .. } => verdict.code(),
            Finding::TestError(_) => "ERR",
        }
    }

    /// Why the verdict was given, if it has a reason.
    pub fn reason(&self) -> Option<&Reason> {
        match self {
            Finding::Verdict { reason, .. } => reason.as_ref(),
            Finding::TestError(_) => None,
        }
    }

    /// The reason or the test's fault as a person reads it.
    pub fn text(&self) -> Option<String> {
        match self {
            Finding::Verdict { reason, .. } => reason.as_ref().map(Reason::to_string),
            Finding::TestError(fault) => Some(fault.to_string()),
        }
    }

    /// The 0-based case or query a wrong answer's reason names: the one worth replaying.
    pub fn failing_case(&self) -> Option<usize> {
        self.reason()?.case()
    }

    /// Whether the failure is output after the last answer: every case was answered right, so
    /// replaying one (the first, for want of a named one) would show a right answer.
    pub fn after_the_answers(&self) -> bool {
        let extra = |r: &Rejection| matches!(r.kind, Kind::ExtraOutput { .. });
        matches!(self.reason(), Some(Reason::Rejected(r)) if extra(r))
    }

    /// Whether two findings fail the same way: the same code and the same kind of reason.
    pub fn same_way(&self, other: &Finding) -> bool {
        let fault = |f: &Finding| match f {
            Finding::TestError(fault) => Some(std::mem::discriminant(fault)),
            Finding::Verdict { .. } => None,
        };
        let kinds = match (self.reason(), other.reason()) {
            (Some(a), Some(b)) => a.same_kind(b),
            (a, b) => a.is_none() && b.is_none(),
        };
        self.code() == other.code() && fault(self) == fault(other) && kinds
    }
}

/// Moves an answer used and the optimum, summed over a test's cases.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cost {
    pub moves: u64,
    pub optimum: u64,
}

/// A checker's finding on one output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked {
    Accepted(Cost),
    /// Not accepted; the cost is known when every answer was valid and only optimality failed.
    Wrong {
        rejection: Rejection,
        cost: Option<Cost>,
    },
    /// The test itself is broken (malformed input, or optima that do not fit it).
    BadTest(TestFault),
}

impl Checked {
    /// Rejected, with no cost: an answer that is not valid.
    pub fn wrong(rejection: Rejection) -> Checked {
        Checked::Wrong {
            rejection,
            cost: None,
        }
    }

    pub fn bad_test(why: impl Into<String>) -> Checked {
        Checked::BadTest(TestFault::Broken(why.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::reason::{Place, RunFault};

    #[test]
    fn each_verdict_has_its_judges_code() {
        let verdicts = [
            (Verdict::Accepted, "AC"),
            (Verdict::WrongAnswer, "WA"),
            (Verdict::TimeLimit, "TLE"),
            (Verdict::MemoryLimit, "MLE"),
            (Verdict::OutputLimit, "OLE"),
            (Verdict::RuntimeError, "RE"),
            (Verdict::CompileError, "CE"),
        ];
        for (verdict, code) in verdicts {
            assert_eq!(verdict.code(), code);
        }
    }

    #[test]
    fn findings_fail_the_same_way_by_code_and_kind_of_reason() {
        let wa = |moves| {
            let r = Rejection::not_optimal(Place::Case(4), moves, 1);
            Finding::verdict(Verdict::WrongAnswer, Some(Reason::Rejected(r)))
        };
        assert!(wa(3).same_way(&wa(7)));
        assert_eq!(wa(3).failing_case(), Some(4));
        let tle = Finding::verdict(
            Verdict::TimeLimit,
            Some(Reason::Run(RunFault::Cpu {
                used_ms: 1001.0,
                limit_ms: 1000,
            })),
        );
        assert!(!wa(3).same_way(&tle) && tle.same_way(&tle.clone()));
        let broken = Finding::TestError(TestFault::Broken("x".into()));
        assert_eq!(
            (broken.code(), broken.text().as_deref()),
            ("ERR", Some("x"))
        );
        assert!(!broken.same_way(&Finding::TestError(TestFault::TooLarge { max_states: 1 })));
    }
}
