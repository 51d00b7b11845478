//! What the coach makes of a search's technique on one test: the lesson held (and what the search
//! did), it did not yet (the first lapse, as data), or the test had nothing to show. Rendered to
//! sentences here, once, as reasons are.

use crate::model::optimum::Optimum;
use crate::model::outcome::ProblemRun;
use crate::model::trace::Side;

/// A submission judged as an exercise: its run, and what the coach made of each test.
pub struct Exercise {
    /// The judge's run: compile, limits and each test's verdict.
    pub run: ProblemRun,
    /// Each test's lesson, in the order of `run.tests`; `Err`: the coach could not read the test's
    /// trace, and why. Empty when the submission did not compile.
    pub lessons: Vec<Result<Lesson, String>>,
}

impl Exercise {
    /// Every answer accepted, and the technique held on some test and lapsed on none.
    pub fn passed(&self) -> bool {
        let tests = &self.run.tests;
        let accepted = !tests.is_empty() && tests.iter().all(|t| t.finding.accepted());
        accepted && self.held() > 0 && self.lapses().next().is_none()
    }

    /// How many tests the technique held on.
    pub fn held(&self) -> usize {
        let held = |l: &&Result<Lesson, String>| matches!(l, Ok(Lesson::Holds(_)));
        self.lessons.iter().filter(held).count()
    }

    /// The tests whose technique lapsed or could not be read, by index, with what the coach said.
    pub fn lapses(&self) -> impl Iterator<Item = (usize, &Result<Lesson, String>)> {
        let lapsed = |(_, l): &(usize, &Result<Lesson, String>)| {
            !matches!(l, Ok(Lesson::Holds(_) | Lesson::NothingToTell(_)))
        };
        self.lessons.iter().enumerate().filter(lapsed)
    }
}

/// The coach's word on one test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lesson {
    /// The technique showed and held; what it did on the test's hardest case.
    Holds(Shown),
    /// The first thing the search did that the technique does not.
    NotYet(Lapse),
    /// The test could not show the technique, and why.
    NothingToTell(Quiet),
}

/// Why a test shows nothing of the technique.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quiet {
    /// No case needed a search of more than one move (each is solved already, one move away, or
    /// unsolvable without a search).
    NoSearch,
    /// A plain BFS over whole positions reaches no more than the compressed graph's size on the
    /// queries tried.
    SmallBoard,
}

impl Lesson {
    /// The word on a test whose run printed no trace, such as `example`: a lapse where some case
    /// needed a search, named as the run's stopping if it did not end by itself (not `whole`).
    pub fn untraced(optima: &[Optimum], whole: bool, example: &'static str) -> Lesson {
        match (optima.iter().any(|o| o.needs_search()), whole) {
            (true, true) => Lesson::NotYet(Lapse::NoTrace { example }),
            (true, false) => Lesson::NotYet(Lapse::Stopped),
            (false, _) => Lesson::NothingToTell(Quiet::NoSearch),
        }
    }

    /// The lesson with a two-sided search's `plain` figure filled in by `plain_through(case, moves)`:
    /// how many positions a plain BFS from the case's start holds through layer `moves`. The caller
    /// counts them, since it keeps each test's figures.
    pub fn with_plain(mut self, plain_through: impl FnOnce(usize, usize) -> usize) -> Lesson {
        if let Lesson::Holds(Shown::TwoSided {
            case,
            start,
            goal,
            plain,
            ..
        }) = &mut self
        {
            *plain = plain_through(*case, *start + *goal);
        }
        self
    }

    /// A one-line account for the coach's table.
    pub fn text(&self) -> String {
        match self {
            Lesson::Holds(shown) => format!("holds: {}", shown.text()),
            Lesson::NotYet(lapse) => format!("not yet: {}", lapse.text()),
            Lesson::NothingToTell(Quiet::NoSearch) => {
                "nothing to tell: no case needed a search of more than one move".to_string()
            }
            Lesson::NothingToTell(Quiet::SmallBoard) => "nothing to tell: a plain BFS over whole \
                                                          positions reaches no more than 4 states \
                                                          a cell on these queries either"
                .to_string(),
        }
    }
}

/// What a search that held to the lesson did, for the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// Both sides grew and met: `start + goal` moves, having visited `visited` positions (start,
    /// goal) where a plain BFS from the start visits `plain` (0 until [`Lesson::with_plain`]).
    TwoSided {
        case: usize,
        start: usize,
        goal: usize,
        visited: (usize, usize),
        plain: usize,
    },
    /// The goal side, with more roots than the start side ever had in its frontier, rightly waited:
    /// the start side alone found the answer.
    GoalWaited { case: usize, moves: Option<usize> },
    /// The search ran out of positions without meeting, having visited `visited`: there is no way.
    RanOut { case: usize, visited: usize },
    /// Every query searched the compressed graph: at most `most` states a query, of `bound`.
    Compressed {
        queries: usize,
        most: usize,
        bound: usize,
    },
}

impl Shown {
    fn text(&self) -> String {
        match *self {
            Shown::TwoSided {
                case,
                start,
                goal,
                visited: (a, b),
                plain,
            } => format!(
                "{}met at {start} + {goal} = {} moves, {} + {} positions visited, a plain BFS {}",
                case_prefix(case),
                start + goal,
                thousands(a),
                thousands(b),
                thousands(plain)
            ),
            Shown::GoalWaited { case, moves } => {
                let found = moves.map_or("no way to the goal".into(), |m| format!("{m} moves"));
                format!(
                    "{}the goal side had more roots than the start side's frontier ever held, so \
                     it rightly waited; the start side found {found}",
                    case_prefix(case)
                )
            }
            Shown::RanOut { case, visited } => format!(
                "{}the sides ran out of positions without meeting, after {}: there is no way",
                case_prefix(case),
                thousands(visited)
            ),
            Shown::Compressed {
                queries,
                most,
                bound,
            } => format!(
                "{queries} queries on the compressed graph, at most {} states settled of its {}",
                thousands(most),
                thousands(bound)
            ),
        }
    }
}

/// The first thing a search did that the lesson does not allow. `case` and `query` count from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lapse {
    /// Stderr holds no line of the trace format, such as `example`: the search cannot be seen.
    NoTrace { example: &'static str },
    /// The run was stopped (a limit, or killed) before it printed its first trace line.
    Stopped,
    /// A case needed `optimum` moves, yet its trace never says the sides met.
    NoMeeting { case: usize, optimum: u64 },
    /// The goal side never grew, though the start side grew from a larger frontier than the goal's.
    OneSided(Lopsided),
    /// A goal side of many roots was never weighed against the start side (no `goal side:` line):
    /// the start side searched alone.
    GoalNeverWeighed { case: usize },
    /// A side grew from a frontier more than [`BALANCE`] times the other's.
    LargerFirst(Lopsided),
    /// The same beside a goal side kept from earlier cases, with the start side's work since the
    /// goal side last grew (added to the start frontier for a goal side growing): growing the
    /// sides in turn, whatever their size, does this.
    KeptLarger(Lopsided, usize),
    /// A goal side of many roots was built (its depth 0 grown) while the start frontier was more
    /// than [`BALANCE`] times smaller: its size was not weighed first.
    GoalBuiltUnweighed(Lopsided),
    /// A side's layer is not a plain BFS's.
    LayerDiffers {
        case: usize,
        side: Side,
        depth: usize,
        traced: usize,
        plain: usize,
    },
    /// A side printed depth `depth` right after depth `after`.
    LayerSkipped {
        case: usize,
        side: Side,
        depth: usize,
        after: usize,
    },
    /// The sides met at `moves` while complete to `start` and `goal` moves: more than one past them.
    MetLate {
        case: usize,
        moves: usize,
        start: usize,
        goal: usize,
    },
    /// The sides met at more moves than the optimum.
    MetPastOptimum {
        case: usize,
        moves: usize,
        optimum: u64,
    },
    /// A query settled more states than the compressed graph has.
    NotCompressed {
        query: usize,
        settled: usize,
        bound: usize,
    },
}

/// How many times smaller the other frontier may be before growing this side counts as growing the
/// larger one: a search that weighs a side's past work too (as Eight's solution does, since its goal
/// side is kept for later cases) or stores mirror images as one stays within it.
pub const BALANCE: usize = 4;

impl Lapse {
    pub fn text(&self) -> String {
        match *self {
            Lapse::NoTrace { example } => format!(
                "no trace: stderr has no BFS_TRACE=1 line such as `{example}`, so the search \
                 cannot be seen"
            ),
            Lapse::Stopped => "stopped: the run was stopped (time or memory limit, or killed) \
                               before its first trace line, so the search cannot be seen"
                .to_string(),
            Lapse::NoMeeting { case, optimum } => format!(
                "case {} needs {optimum} moves, but its trace never says where the sides met \
                 (`met at …`)",
                case + 1
            ),
            Lapse::OneSided(l) => {
                format!("one-sided: the goal side never grew, though {}", l.text())
            }
            Lapse::GoalNeverWeighed { case } => format!(
                "one-sided: {}the goal side was never weighed against the start side (no `goal \
                 side:` line): the start side searched alone",
                case_prefix(case)
            ),
            Lapse::LargerFirst(l) => format!("expanded the larger frontier: {}", l.text()),
            Lapse::KeptLarger(l, owed) => format!(
                "expanded the larger frontier beside a goal side kept from earlier cases: {}, the \
                 start side having grown {} since the goal side last did",
                l.text(),
                thousands(owed)
            ),
            Lapse::GoalBuiltUnweighed(l) => format!("goal side built unweighed: {}", l.text()),
            Lapse::LayerDiffers {
                case,
                side,
                depth,
                traced,
                plain,
            } => format!(
                "{}{} depth {depth} has {} positions, a plain BFS's {}: the layer was cut short \
                 or grew from the wrong positions",
                case_prefix(case),
                side_name(side),
                thousands(traced),
                thousands(plain)
            ),
            Lapse::LayerSkipped {
                case,
                side,
                depth,
                after,
            } => format!(
                "{}the {} side printed depth {depth} right after depth {after}",
                case_prefix(case),
                side_name(side)
            ),
            Lapse::MetLate {
                case,
                moves,
                start,
                goal,
            } => format!(
                "{}the sides met at {moves} moves, but they were complete to only {start} + \
                 {goal}, so a meeting closes at most {}: it came from layers not yet complete",
                case_prefix(case),
                start + goal + 1
            ),
            Lapse::MetPastOptimum {
                case,
                moves,
                optimum,
            } => format!(
                "{}the sides met at {moves} moves, the optimum is {optimum}: they had overlapped \
                 earlier, and the search did not see it",
                case_prefix(case)
            ),
            Lapse::NotCompressed {
                query,
                settled,
                bound,
            } => format!(
                "not the compression: query {} settled {} states, and the walk table's graph has \
                 {} (4 a cell)",
                query + 1,
                thousands(settled),
                thousands(bound)
            ),
        }
    }

    /// What to do about it.
    pub fn hint(&self) -> &'static str {
        match self {
            Lapse::NoTrace { .. } | Lapse::NoMeeting { .. } => {
                "keep the solution's trace lines (they print only under BFS_TRACE=1): the coach \
                 reads the search from them"
            }
            Lapse::OneSided(_) | Lapse::GoalNeverWeighed { .. } => {
                "grow the goal side too, whenever its frontier is the smaller: two searches of \
                 depth d/2 visit far fewer positions than one of depth d"
            }
            Lapse::Stopped => {
                "end within the limits the verdict names: then the trace shows it all"
            }
            Lapse::LargerFirst(_) | Lapse::KeptLarger(..) => {
                "before each layer, compare the two frontiers and grow the smaller one"
            }
            Lapse::GoalBuiltUnweighed(_) => {
                "count the goal side's roots only up to the start frontier's size, and build it \
                 only once it is the smaller: until then let it wait"
            }
            Lapse::LayerDiffers { .. } | Lapse::LayerSkipped { .. } => {
                "grow a side by one whole layer at a time, from every position of its frontier; \
                 stop inside a layer only when a new position meets the other side"
            }
            Lapse::MetLate { .. } | Lapse::MetPastOptimum { .. } => {
                "check each new position against everything the other side has seen, and stop at \
                 the first it has: with whole layers on both sides, that closes a shortest path"
            }
            Lapse::NotCompressed { .. } => {
                "search over (piece cell, side of the empty cell) with the walk table, not over \
                 whole positions: 4 states a cell, each walk one weighted edge"
            }
        }
    }
}

/// `side` grew from depth `depth`, `frontier` positions wide, while the other side's frontier had
/// `other`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lopsided {
    pub case: usize,
    pub side: Side,
    pub depth: usize,
    pub frontier: usize,
    pub other: usize,
}

impl Lopsided {
    fn text(&self) -> String {
        let other = [Side::Goal, Side::Start][usize::from(self.side == Side::Goal)];
        let (side, other) = (side_name(self.side), side_name(other));
        format!(
            "{}the {side} side grew from depth {} with {} positions while the {other} side's \
             frontier had {}",
            case_prefix(self.case),
            self.depth,
            thousands(self.frontier),
            thousands(self.other)
        )
    }
}

fn case_prefix(case: usize) -> String {
    format!("in case {}, ", case + 1)
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Start => "start",
        Side::Goal => "goal",
    }
}

/// `181440` as `181,440`.
pub fn thousands(n: usize) -> String {
    match n {
        0..=999 => n.to_string(),
        _ => format!("{},{:03}", thousands(n / 1000), n % 1000),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_and_cases_counted_from_one() {
        assert_eq!(thousands(181_440), "181,440");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(
            (thousands(0), thousands(1_005)),
            ("0".into(), "1,005".into())
        );
        let lapse = Lapse::MetLate {
            case: 0,
            moves: 13,
            start: 5,
            goal: 6,
        };
        assert!(lapse
            .text()
            .starts_with("in case 1, the sides met at 13 moves"));
        assert!(lapse.text().contains("closes at most 12"));
    }
}
