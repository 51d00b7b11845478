//! `judge play` in a terminal: each key stands for a line of the line mode (an arrow for `u` or
//! `B up`, Backspace for `undo`, `:` opens a prompt for any line), and the screen redraws in place.

use crate::cli::keys::{Key, Keys};
use crate::puzzles::play::{run_line, Game};
use crate::render::console::emit;
use crate::render::play::screen;
use crate::run::sys;
use std::io::Read;

/// How long, milliseconds, a lone Esc waits for the rest of an arrow's sequence.
const ESC_WAIT_MS: u16 = 50;

/// What a key asks for.
#[derive(Debug, PartialEq, Eq)]
enum Press {
    /// Run this line as the line mode would.
    Line(String),
    /// Say this, the game unchanged.
    Say(String),
    /// Draw the screen again (a block selected, a prompt typed into).
    Redraw,
    Quit,
}

/// What the keys typed so far hold.
#[derive(Debug, Default)]
struct Keyboard {
    /// Eight: keys move the blank; else (Huarong) letters select a block and arrows move it.
    tiles: bool,
    /// The letters of a block's name typed so far, and the block they name.
    typed: String,
    selected: Option<String>,
    /// The line being typed after `:`, if a prompt is open.
    prompt: Option<String>,
}

impl Keyboard {
    /// What `key` asks for, `names` being the blocks on the board.
    fn press(&mut self, key: Key, names: &[&str]) -> Press {
        if let Some(line) = &mut self.prompt {
            match key {
                Key::Char(c) => line.push(c),
                Key::Backspace if !line.is_empty() => drop(line.pop()),
                Key::Enter => return Press::Line(self.prompt.take().unwrap_or_default()),
                Key::Interrupt => return Press::Quit,
                _ => self.prompt = None, // Esc, or Backspace on an empty line: no prompt
            }
            return Press::Redraw;
        }
        let way = match key {
            Key::Up => "up",
            Key::Down => "down",
            Key::Left => "left",
            Key::Right => "right",
            Key::Esc | Key::Interrupt | Key::End => return Press::Quit,
            Key::Backspace | Key::Char('<') => return Press::Line("undo".into()),
            Key::Char('>') => return Press::Line("redo".into()),
            Key::Char('?') => return Press::Line("hint".into()),
            Key::Char(':') => {
                self.prompt = Some(String::new());
                return Press::Redraw;
            }
            Key::Char(c) if self.tiles => {
                return match c {
                    'u' | 'd' | 'l' | 'r' => Press::Line(c.into()),
                    'q' => Press::Quit,
                    _ => Press::Say(format!("`{c}` does nothing: {}", help(true))),
                };
            }
            Key::Char(c) => return self.select(c, names),
            Key::Enter => return Press::Redraw,
        };
        match (&self.selected, self.tiles) {
            (_, true) => Press::Line(way.into()),
            (Some(block), false) => Press::Line(format!("{block} {way}")),
            (None, false) => Press::Say("type a block's name first, then an arrow".into()),
        }
    }

    /// One more letter of a block's name: the block whose name it completes (or, of several,
    /// the one named exactly so), or a fresh start of a name; `q` quits where it starts none.
    fn select(&mut self, c: char, names: &[&str]) -> Press {
        let starting = |prefix: &str| names.iter().filter(|n| n.starts_with(prefix)).count();
        let longer = format!("{}{c}", self.typed);
        if starting(&longer) > 0 {
            self.typed = longer;
        } else if starting(&c.to_string()) > 0 {
            self.typed = c.to_string();
        } else if c == 'q' {
            return Press::Quit;
        } else {
            return Press::Say(format!("no block's name starts with `{c}`"));
        }
        let typed = self.typed.as_str();
        let only = (starting(typed) == 1).then(|| names.iter().find(|n| n.starts_with(typed)));
        let exact = names.iter().find(|&&n| n == typed);
        self.selected = exact.or(only.flatten()).map(|n| n.to_string());
        Press::Redraw
    }
}

/// The keys the screen lists, in fewer than 80 columns.
fn help(tiles: bool) -> &'static str {
    match tiles {
        true => "arrows, u d l r: move the blank  <: undo  >: redo  ?: hint  :: command  q: quit",
        false => "block name, arrows: move it  <: undo  >: redo  ?: hint  :: command  Esc: quit",
    }
}

/// Plays `game` by keys on the terminal, which is in raw mode until this returns (or the process
/// ends, by a signal or a panic).
pub fn play(game: &mut Game, color: bool) -> std::io::Result<()> {
    let _raw = sys::RawTerminal::enter()?;
    let tiles = game.tiles();
    let mut keyboard = Keyboard {
        tiles,
        ..Keyboard::default()
    };
    let (mut keys, mut said, mut drawn) = (Keys::default(), String::new(), None);
    let mut bytes = [0u8; 64];
    loop {
        let mut text = screen(game, color, keyboard.selected.as_deref());
        text += &format!("{said}\n{}\n", help(tiles));
        if let Some(line) = &keyboard.prompt {
            text += &format!(":{line}");
        }
        redraw(&mut drawn, &text);
        let pressed = if keys.waiting() && !sys::input_within(ESC_WAIT_MS) {
            keys.pause()
        } else {
            match std::io::stdin().read(&mut bytes)? {
                0 => return Ok(()),
                n => keys.feed(&bytes[..n]),
            }
        };
        for key in pressed {
            let names = block_names(game);
            said = match keyboard.press(key, &names) {
                Press::Line(line) => match run_line(game, &line) {
                    Some(Ok(reply) | Err(reply)) => reply,
                    None => return Ok(()),
                },
                Press::Say(reply) => reply,
                Press::Redraw => said,
                Press::Quit => return Ok(()),
            };
        }
    }
}

/// The names on the board now, each once.
fn block_names(game: &Game) -> Vec<&str> {
    let mut names: Vec<&str> = game
        .board()
        .cells
        .iter()
        .flatten()
        .map(|n| n.as_str())
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// Draws `text` over what was drawn before (`drawn`: how many rows up its first row is from the
/// cursor), in place, and sets `drawn` for the next.
fn redraw(drawn: &mut Option<usize>, text: &str) {
    let up = match *drawn {
        Some(0) => "\r\x1b[J".to_string(),
        Some(rows) => format!("\r\x1b[{rows}A\x1b[J"),
        None => String::new(),
    };
    emit(&format!("{up}{text}"));
    let columns = sys::terminal_columns().unwrap_or(80);
    let mut lines: Vec<&str> = text.split('\n').collect();
    let last = lines.pop().unwrap_or_default(); // the cursor's line: a prompt, or empty
    let rows = lines
        .iter()
        .map(|line| rows_of(line, columns))
        .sum::<usize>();
    *drawn = Some(rows + rows_of(last, columns) - 1);
}

/// The rows a line takes on a terminal `columns` wide: it wraps, and its escape codes take none.
fn rows_of(line: &str, columns: usize) -> usize {
    let mut width = 0;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // A CSI sequence (all the judge writes) ends with its first byte from @ to ~.
            chars.by_ref().skip(1).find(|c| ('@'..='~').contains(c));
        } else {
            width += 1;
        }
    }
    let columns = columns.max(1);
    (width.max(1) + columns - 1) / columns
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 4] = ["A", "B", "Bing1", "Bing2"];

    fn pressed(keyboard: &mut Keyboard, keys: &[Key]) -> Vec<Press> {
        keys.iter().map(|&k| keyboard.press(k, &NAMES)).collect()
    }

    fn line(text: &str) -> Press {
        Press::Line(text.into())
    }

    #[test]
    fn rows_count_wrapped_lines_and_skip_escape_codes() {
        assert_eq!(rows_of("", 80), 1);
        assert_eq!(rows_of(&"x".repeat(80), 80), 1);
        assert_eq!(rows_of(&"x".repeat(81), 80), 2);
        let colored = format!("\x1b[1;4;7m\x1b[43m{}\x1b[0m", "é".repeat(80));
        assert_eq!(rows_of(&colored, 80), 1);
        assert!(help(true).chars().count() < 80 && help(false).chars().count() < 80);
    }

    #[test]
    fn eight_keys_move_the_blank_as_the_letters_mean() {
        let mut eight = Keyboard {
            tiles: true,
            ..Keyboard::default()
        };
        let keys = [Key::Up, Key::Down, Key::Left, Key::Right, Key::Char('u')];
        let want = [
            line("up"),
            line("down"),
            line("left"),
            line("right"),
            line("u"),
        ];
        assert_eq!(pressed(&mut eight, &keys), want);
        assert_eq!(pressed(&mut eight, &[Key::Char('q')]), [Press::Quit]);
        assert!(matches!(eight.press(Key::Char('x'), &[]), Press::Say(_)));
    }

    #[test]
    fn a_blocks_name_selects_it_and_arrows_move_it() {
        let mut huarong = Keyboard::default();
        let said = huarong.press(Key::Up, &NAMES);
        assert_eq!(
            said,
            Press::Say("type a block's name first, then an arrow".into())
        );
        let keys = [Key::Char('A'), Key::Left, Key::Char('B'), Key::Down];
        let want = [Press::Redraw, line("A left"), Press::Redraw, line("B down")];
        assert_eq!(pressed(&mut huarong, &keys), want);
        // "Bi" names two blocks: neither until the name is whole; "Bing2" is one.
        let keys = [
            Key::Char('i'),
            Key::Char('n'),
            Key::Char('g'),
            Key::Char('2'),
            Key::Up,
        ];
        let moved = pressed(&mut huarong, &keys);
        assert_eq!(huarong.selected.as_deref(), Some("Bing2"));
        assert_eq!(moved.last(), Some(&line("Bing2 up")));
        huarong.press(Key::Char('A'), &NAMES);
        assert_eq!(huarong.selected.as_deref(), Some("A"), "a new name starts");
        assert!(matches!(
            huarong.press(Key::Char('z'), &NAMES),
            Press::Say(_)
        ));
        assert_eq!(huarong.press(Key::Char('q'), &NAMES), Press::Quit);
        assert_eq!(
            huarong.press(Key::Char('q'), &["q"]),
            Press::Redraw,
            "q is a block"
        );
    }

    #[test]
    fn command_keys_are_never_names_and_a_prompt_takes_a_line() {
        let mut huarong = Keyboard::default();
        let keys = [
            Key::Backspace,
            Key::Char('<'),
            Key::Char('>'),
            Key::Char('?'),
        ];
        let want = [line("undo"), line("undo"), line("redo"), line("hint")];
        assert_eq!(pressed(&mut huarong, &keys), want);
        let typed: Vec<Key> = ":save a.txtx".chars().map(Key::Char).collect();
        pressed(&mut huarong, &typed);
        assert_eq!(huarong.prompt.as_deref(), Some("save a.txtx"));
        let keys = [Key::Backspace, Key::Enter];
        assert_eq!(
            pressed(&mut huarong, &keys),
            [Press::Redraw, line("save a.txt")]
        );
        assert_eq!(huarong.prompt, None);
        pressed(&mut huarong, &[Key::Char(':'), Key::Char('u'), Key::Esc]);
        assert_eq!(huarong.prompt, None, "Esc closes the prompt");
        for quit in [Key::Esc, Key::Interrupt, Key::End] {
            assert_eq!(huarong.press(quit, &NAMES), Press::Quit);
        }
    }
}
