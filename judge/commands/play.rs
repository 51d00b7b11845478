//! `judge play`: one case of a test, or of a file, played by hand. The line mode reads a command a
//! line from stdin and prints the screen after each; the game and the screen are
//! `puzzles::play` and `render::play`.

use super::keyboard;
use crate::cli::{invocation, Options};
use crate::formats::files::read_regular;
use crate::judging::problem;
use crate::judging::test_judge::MAX_TEST_BYTES;
use crate::model::error::JudgeError;
use crate::puzzles::play::{run_line, Game, COUNTS};
use crate::puzzles::{self, Puzzle};
use crate::render::console::{emit, takes_escapes};
use crate::render::play::screen;
use std::io::{BufRead, IsTerminal};
use std::path::Path;

/// Exit status 0 when the session ends (`quit` or the end of stdin); 2 when it cannot start.
pub fn play(root: &Path, options: &Options, color: bool) -> Result<i32, JudgeError> {
    let mut game = game(root, options)?;
    let stdout = std::io::stdout();
    if std::io::stdin().is_terminal() && takes_escapes(&stdout, std::env::var_os("TERM")) {
        let lost = |e| JudgeError::new(format!("cannot read keys from the terminal: {e}"));
        keyboard::play(&mut game, color).map_err(lost)?;
        return Ok(0);
    }
    emit(&screen(&game, color, None));
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        match run_line(&mut game, &line) {
            None => break,
            Some(Err(why)) => emit(&format!("{why}\n")),
            Some(Ok(said)) => emit(&format!("{}\n{}", lines(&said), screen(&game, color, None))),
        }
    }
    Ok(0)
}

/// `said` with its line end, or nothing.
fn lines(said: &str) -> String {
    match said {
        "" => String::new(),
        said => format!("{said}\n"),
    }
}

/// The game of the case the options name: `--case` of `TEST` or of `--file F`.
pub fn game(root: &Path, options: &Options) -> Result<Game, JudgeError> {
    let name = options.problem.as_deref().unwrap_or_default();
    let problem = problem::load(root, name)?;
    let puzzle: &Puzzle = puzzles::of(puzzles::ALL, name, &problem.checker)?;
    let (input, place) = match (&options.file, options.one_test.as_str()) {
        (Some(file), "") => (file.clone(), file.display().to_string()),
        (None, "") | (Some(_), _) => {
            let fix = format!(
                "give a test, e.g. `{} play {name} 001`, or `--file F`",
                invocation()
            );
            return Err(JudgeError::new("`judge play` plays one test or one file").with_fix(fix));
        }
        (None, which) => {
            let test = problem::one_test(&problem, which, invocation())?;
            (test.input, format!("test {}", test.name))
        }
    };
    let bytes = read_regular(&input, MAX_TEST_BYTES).map_err(JudgeError::new)?;
    let case = options.case - 1;
    Game::new(puzzle, &bytes, case).map_err(|why| {
        let cannot = format!("cannot play case {} of {place} of {name}: {why}", case + 1);
        let fix = match why.as_str() {
            COUNTS if name.starts_with("eight") => "play `eight` instead: its answers are moves",
            COUNTS => "play `huarong` or `huarong_goal`, whose answers are moves",
            _ => "give a case, a test or a file that has it",
        };
        JudgeError::new(cannot).with_fix(fix)
    })
}
