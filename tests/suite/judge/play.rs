//! `judge play` in its line mode, as a script drives it: a command a line on stdin, the screen after
//! each on stdout, the counts checked against the reference and the saved answers against the checker.

use assert_cmd::Command;
use slidekit::model::optimum::Optimum;
use slidekit::puzzles::{self, checker::Checker, Puzzle};

fn puzzle(name: &str) -> &'static Puzzle {
    puzzles::ALL
        .iter()
        .find(|p| p.name == name)
        .expect("a puzzle")
}

/// `judge play ARGS --no-color` fed `stdin`: the exit status, stdout and stderr.
fn play(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let output = Command::cargo_bin("judge")
        .expect("judge is built")
        .arg("play")
        .args(args)
        .arg("--no-color")
        .write_stdin(stdin)
        .output()
        .expect("judge runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (
        output.status.code(),
        text(&output.stdout),
        text(&output.stderr),
    )
}

/// A test's input, the reference's shortest answer to it and its optimum, from the checker.
fn reference(problem: &str, test: &str) -> (String, String, u64) {
    let path = format!("problems/{problem}/tests/{test}.in");
    let input = std::fs::read_to_string(path).expect("the test");
    let puzzle = puzzle(problem);
    let shortest = puzzle.replay.as_ref().expect("replays").shortest;
    let answer = shortest(input.as_bytes(), 0).expect("an answer");
    let optima = (puzzle.checker)().optima(input.as_bytes()).expect("optima");
    let [Optimum::Moves(optimum)] = optima[..] else {
        panic!("{optima:?}");
    };
    (input, answer, optimum)
}

/// The count the checker gives the answer in `file` to `input`'s first case.
fn checked_count(problem: &str, input: &str, file: &std::path::Path) -> Optimum {
    let saved = std::fs::read(file).expect("saved");
    let checker: Box<dyn Checker> = (puzzle(problem).checker)();
    let claims = checker
        .claims(input.as_bytes(), &saved)
        .expect("a valid answer");
    claims[0]
}

fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("slidekit-play-{}-{name}", std::process::id()))
}

#[test]
fn hengdao_lima_played_to_the_goal_is_told_the_optimum() {
    let (_, answer, optimum) = reference("huarong", "002-hengdao-lima");
    // Each move typed as a player would: the block, then where its corner goes.
    let typed: String = (answer.lines().skip(1))
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let to = words[2].trim_matches(['(', ')']).replace(',', " ");
            format!("{} {to}\n", words[0])
        })
        .collect();
    let (code, stdout, stderr) = play(&["huarong", "002"], &typed);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert!(
        stdout.contains(&format!("move 0: {optimum} moves left\n")),
        "{stdout}"
    );
    let kept = stdout
        .matches("this move kept you on a shortest path")
        .count();
    assert_eq!(
        kept as u64,
        optimum - 1,
        "every move but the last, which is solved"
    );
    let solved = format!("solved in {optimum} moves, the optimum\n");
    assert!(stdout.ends_with(&solved), "{stdout}");
    assert_eq!(optimum, 81, "the known count under `moves`");
}

#[test]
fn a_detour_is_shown_as_costing_moves() {
    // `quit` ends the game: the `l` after it is never played, and the screen ends solved.
    let (code, stdout, _) = play(&["eight", "009"], "u\nd\nr\nquit\nl\n");
    assert_eq!(code, Some(0));
    assert!(stdout.contains("move 0: 1 move left\n"), "{stdout}");
    assert!(
        stdout.contains("move 1: 2 moves left; this move cost 2 moves\n"),
        "{stdout}"
    );
    assert!(stdout.contains("move 2: 1 move left; this move kept you on a shortest path\n"));
    assert!(
        stdout.ends_with("solved in 3 moves, 2 over the optimum of 1\n"),
        "{stdout}"
    );
}

#[test]
fn undo_redo_save_and_load_round_trip() {
    let (input, answer, optimum) = reference("eight", "002-hardest-8672543x1");
    let (saved, detoured) = (scratch("eight.txt"), scratch("detour.txt"));
    let script = format!(
        "{}\nundo 5\nredo 2\nredo 3\nsave {}\nundo 1\nl\nr\n{}\nsave {}\n",
        answer.trim(),
        saved.display(),
        &answer.trim()[optimum as usize - 1..],
        detoured.display()
    );
    let (code, stdout, _) = play(&["eight", "002"], &script);
    assert_eq!(code, Some(0));
    let best = format!("solved in {optimum} moves, the optimum\n");
    assert_eq!(
        stdout.matches(&best).count(),
        3,
        "played, redone, saved: {stdout}"
    );
    assert!(stdout.contains(&format!("undid 5 moves\n\nmove {}/", optimum - 5)));
    let over = format!(
        "solved in {} moves, 2 over the optimum of {optimum}\n",
        optimum + 2
    );
    assert!(stdout.ends_with(&over), "{stdout}");
    // The checker counts each saved file as the screen did.
    assert_eq!(
        checked_count("eight", &input, &saved),
        Optimum::Moves(optimum)
    );
    assert_eq!(
        checked_count("eight", &input, &detoured),
        Optimum::Moves(optimum + 2)
    );
    let loaded = format!("load {}\nload {}\n", saved.display(), detoured.display());
    let (_, stdout, _) = play(&["eight", "002"], &loaded);
    assert!(
        stdout.contains(&format!("loaded {optimum} moves from")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&best) && stdout.ends_with(&over),
        "{stdout}"
    );
    let _ = (std::fs::remove_file(saved), std::fs::remove_file(detoured));
}

#[test]
fn a_repeat_and_a_mirror_image_are_named() {
    // Two alike blocks either side of the target, whose goal is the bottom middle cell.
    let board = scratch("mirror.in");
    std::fs::write(&board, "3 3\nX T Y\n. . .\n. . .\nT\n2 1\n").expect("written");
    let file = board.display().to_string();
    let (code, stdout, _) = play(&["huarong", "--file", &file], "X down\nX up\nY down\n");
    assert_eq!(code, Some(0));
    assert!(stdout.contains("move 2/2: X (1,0) (0,0)\n"), "{stdout}");
    assert!(
        stdout.contains("same position as at the start\n"),
        "{stdout}"
    );
    let mirrored = "move 3/3: Y (0,2) (1,2)\nX T .\n. . Y*\n. + .\n";
    assert!(stdout.contains(mirrored), "{stdout}");
    assert!(
        stdout.ends_with("the mirror image of the position after move 1\n"),
        "{stdout}"
    );
    let _ = std::fs::remove_file(board);
}

#[test]
fn a_bad_command_is_one_line_and_the_game_goes_on() {
    let (code, stdout, stderr) = play(&["huarong", "002"], "H up\nfly\nA down\nundo\nP right\n");
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    let refused: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("not done: "))
        .collect();
    assert_eq!(
        refused,
        [
            "not done: block H is at the edge: it cannot go up",
            "not done: no block is named `fly`; type help",
            "not done: move 1: block A cannot reach (1,1) from (0,1)",
            "not done: only 0 moves to undo",
        ]
    );
    // Only the start and the one move drew a board.
    assert_eq!(
        stdout.matches("\nP + + Q\n").count() + stdout.matches("\n. P*+ Q\n").count(),
        2
    );
    assert!(stdout.ends_with("move 1: 80 moves left; this move kept you on a shortest path\n"));
}

#[test]
fn a_problem_or_test_that_cannot_be_played_exits_2() {
    for (args, said, fix) in [
        (
            &["nosuch", "001"][..],
            "unknown problem `nosuch`",
            "fix: choose one of",
        ),
        (
            &["huarong", "999"],
            "no test of huarong is `999`",
            "fix: choose one of",
        ),
        (
            &["huarong"],
            "plays one test or one file",
            "fix: give a test",
        ),
        (
            &["eight_boj", "001"],
            "its answers are counts",
            "fix: play `eight` instead",
        ),
        (
            &["noip_huarong", "001"],
            "its answers are counts",
            "fix: play `huarong`",
        ),
        (
            &["eight", "001", "--case", "2"],
            "there is no case 2",
            "fix: give a case",
        ),
    ] {
        let (code, stdout, stderr) = play(args, "");
        assert_eq!((code, stdout.as_str()), (Some(2), ""), "{args:?}");
        assert!(
            stderr.contains(said) && stderr.contains(fix),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 2, "{stderr}");
    }
}

#[test]
fn a_piped_screen_has_no_colours() {
    let output = Command::cargo_bin("judge")
        .expect("judge is built")
        .args(["play", "huarong", "001"])
        .write_stdin("C right\n")
        .output()
        .expect("judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("move 1/1: C (0,2) (0,3)\n"), "{stdout}");
    assert!(!stdout.contains('\x1b'), "{stdout:?}");
}

#[test]
fn a_hint_is_the_references_first_move() {
    let (_, answer, optimum) = reference("huarong", "001-hackerrank-sample");
    let first = answer.lines().nth(1).expect("a first move");
    let (code, stdout, _) = play(&["huarong", "001"], &format!("hint\n{first}\nhint\n"));
    assert_eq!(code, Some(0));
    assert!(stdout.contains(&format!("hint: {first}\n")), "{stdout}");
    let left = format!("move 1: {} move", optimum - 1); // "1 move left", "2 moves left"
    assert!(stdout.contains(&left), "{stdout}");
    assert!(
        stdout.contains("this move kept you on a shortest path\n"),
        "{stdout}"
    );
    let second = answer.lines().nth(2).expect("a second move");
    assert!(stdout.contains(&format!("hint: {second}\n")), "{stdout}");
}
