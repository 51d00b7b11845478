//! Adding a problem, as docs/judge.md's recipe says: a `problems/<name>/` folder, a puzzle (here
//! written in the test, where `judge/puzzles/<name>/` would hold it), and one line in the registry
//! (here the session's list of puzzles). The scratch puzzle is judged end to end: loaded by the name
//! its `problem.toml` gives, its solution compiled and run in the sandbox, its answers checked.

use super::projects;
use slidekit::formats::digest;
use slidekit::judging::session::Session;
use slidekit::model::optimum::Optimum;
use slidekit::model::reason::{Kind, Place, Reason, Rejection, TestFault};
use slidekit::model::settings::Settings;
use slidekit::model::verdict::{Checked, Cost, Verdict};
use slidekit::puzzles::checker::{answers, Checker};
use slidekit::puzzles::Puzzle;
use std::path::Path;

/// Tally: each input line is a number `n`, and the answer to it is `n` again, the fewest "moves".
struct Tally;

impl Checker for Tally {
    fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
        let text = String::from_utf8_lossy(input);
        let number = |word: &str| word.parse().map(Optimum::Moves);
        let optima: Result<Vec<_>, _> = text.split_whitespace().map(number).collect();
        optima.map_err(|e| TestFault::Broken(format!("not a number: {e}")))
    }

    fn check(&self, input: &[u8], output: &[u8], optima: &[Optimum]) -> Checked {
        let claims = match self.claims(input, output) {
            Ok(claims) => claims,
            Err(rejection) => return Checked::wrong(rejection),
        };
        let mut cost = Cost::default();
        for (i, (claim, optimum)) in claims.iter().zip(optima).enumerate() {
            let (moves, optimum) = (claim.cost(), optimum.cost());
            if moves != optimum {
                let rejection = Rejection::not_optimal(Place::Case(i), moves, optimum);
                return Checked::Wrong {
                    rejection,
                    cost: None,
                };
            }
            cost.moves += moves;
            cost.optimum += optimum;
        }
        Checked::Accepted(cost)
    }

    /// The number each answer line gives, one line a number of the input.
    fn claims(&self, input: &[u8], output: &[u8]) -> Result<Vec<Optimum>, Rejection> {
        let cases = String::from_utf8_lossy(input).split_whitespace().count();
        let lines = answers(output, cases, "case")?;
        let number = |i: usize| {
            let text = lines
                .get(i)
                .map(|l| String::from_utf8_lossy(l).into_owned());
            let moves = text.and_then(|t| t.parse::<u64>().ok());
            moves
                .map(Optimum::Moves)
                .ok_or(Rejection::missing(Place::Case(i)))
        };
        (0..cases).map(number).collect()
    }
}

/// The registry of this test: the one line that adds the puzzle.
static PUZZLES: [Puzzle; 1] = [Puzzle {
    name: "tally",
    checker: || Box::new(Tally),
    source_digest: digest::of(&[include_bytes!("registry.rs")]),
    replay: None,
    drawn: None,
    plain_layers: None,
    lesson: None,
    stress: None,
    hints: None,
    from_grid: None,
}];

/// Scratch project `name`, whose problem `tally` has one test of three cases, and two Python solutions:
/// `echo.py` answers each number, `plus_one.py` one more than each.
fn tally_project(name: &str) -> std::path::PathBuf {
    let root = projects::scratch(name);
    let tests = projects::add_problem(&root, "tally", "tally", Path::new("echo.py"));
    std::fs::write(tests.join("001-three.in"), "3\n1\n4\n").expect(".in");
    std::fs::write(tests.join("001-three.ans"), "3\n1\n4\n").expect(".ans");
    let echo = "import sys\nfor w in sys.stdin.read().split():\n    print(w)\n";
    std::fs::write(root.join("echo.py"), echo).expect("echo.py");
    let plus = "import sys\nfor w in sys.stdin.read().split():\n    print(int(w) + 1)\n";
    std::fs::write(root.join("plus_one.py"), plus).expect("plus_one.py");
    root
}

fn session(root: &Path) -> Session {
    let settings = Settings {
        table: false,
        ..Settings::default()
    };
    let judge = Path::new(env!("CARGO_BIN_EXE_judge"));
    let mut session = Session::launching(judge, root, settings).expect("a session");
    session.puzzles = &PUZZLES;
    session
}

#[test]
fn a_problem_with_a_registered_puzzle_is_judged_like_others() {
    let root = tally_project("registry-tally");
    let session = session(&root);
    let outcome = session.judge_named("tally", None, &[]);
    let run = outcome.judged.expect("judged");
    assert!(run.all_accepted(), "{:?}", run.tests);
    assert_eq!(
        run.tests[0].cost,
        Some(Cost {
            moves: 8,
            optimum: 8
        })
    );
    let wrong = session.judge_named("tally", Some(&root.join("plus_one.py")), &[]);
    let test = &wrong.judged.expect("judged").tests[0];
    assert_eq!(test.finding.code(), Verdict::WrongAnswer.code());
    let reason = test.finding.reason().expect("a reason");
    let expected = Kind::NotOptimal {
        moves: 4,
        optimum: 3,
    };
    assert!(
        matches!(reason, Reason::Rejected(r) if r.kind == expected && r.place == Place::Case(0))
    );
    assert_eq!(
        reason.to_string(),
        "case 1: not optimal: 4 moves, optimum 3"
    );
}

#[test]
fn an_unregistered_puzzle_is_an_error_listing_the_known_ones() {
    let root = tally_project("registry-unknown");
    let settings = Settings {
        table: false,
        ..Settings::default()
    };
    let judge = Path::new(env!("CARGO_BIN_EXE_judge"));
    let plain = Session::launching(judge, &root, settings).expect("a session");
    let outcome = plain.judge_named("tally", None, &[]);
    let error = outcome.judged.expect_err("not judged");
    assert_eq!(
        error.message,
        "problem `tally` names an unknown checker `tally`"
    );
    let fix = error.fix.expect("a fix");
    assert!(
        fix.contains("eight, eight_boj, eight_luogu, huarong, huarong_goal, noip_huarong"),
        "{fix}"
    );
}
