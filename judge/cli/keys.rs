//! Keys from a terminal in raw mode: bytes as they arrive, in reads of any size, → the keys pressed.

/// One key press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    Enter,
    Backspace,
    Esc,
    /// Ctrl-C.
    Interrupt,
    /// Ctrl-D.
    End,
    /// A printable character: a letter, a digit, punctuation, a space.
    Char(char),
}

const ESC: u8 = 0x1b;

/// Decodes keys from bytes fed in any pieces: a sequence cut between two reads waits for its rest.
#[derive(Debug, Default)]
pub struct Keys {
    pending: Vec<u8>,
}

impl Keys {
    /// The keys that `bytes`, after what was pending, complete; an unfinished sequence waits.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Key> {
        self.pending.extend_from_slice(bytes);
        let mut keys = Vec::new();
        while let Some((used, key)) = next(&self.pending) {
            keys.extend(key);
            self.pending.drain(..used);
        }
        keys
    }

    /// Whether an unfinished sequence waits: the reader should then [`Keys::pause`] after a short
    /// silence, since a lone Esc and the start of an arrow's sequence look alike.
    pub fn waiting(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Nothing more came for a while: a waiting Esc was the Esc key, whatever followed it keys of
    /// their own; an unfinished character is dropped.
    pub fn pause(&mut self) -> Vec<Key> {
        let pending = std::mem::take(&mut self.pending);
        match pending.split_first() {
            Some((&ESC, rest)) => [vec![Key::Esc], self.feed(rest)].concat(),
            _ => Vec::new(),
        }
    }
}

/// The first key of `bytes` (`None` for one that means nothing here) and how many bytes it took;
/// `None` when `bytes` is empty or the key is not finished yet.
fn next(bytes: &[u8]) -> Option<(usize, Option<Key>)> {
    let key = match *bytes.first()? {
        ESC => return escape(bytes),
        b'\r' | b'\n' => Key::Enter,
        0x7f | 0x08 => Key::Backspace,
        0x03 => Key::Interrupt,
        0x04 => Key::End,
        b if b < 0x20 => return Some((1, None)),
        b if b < 0x80 => Key::Char(char::from(b)),
        lead => return character(bytes, lead),
    };
    Some((1, Some(key)))
}

/// A sequence that starts with Esc: an arrow (`ESC [ A` or, in the terminal's application mode,
/// `ESC O A`), another CSI sequence (a function key: skipped whole), or Esc and then a key.
fn escape(bytes: &[u8]) -> Option<(usize, Option<Key>)> {
    let arrow = |b: u8| match b {
        b'A' => Some(Key::Up),
        b'B' => Some(Key::Down),
        b'C' => Some(Key::Right),
        b'D' => Some(Key::Left),
        _ => None,
    };
    match bytes.get(1)? {
        b'[' => {
            // Parameters and intermediates (0x20..0x3f), then one final byte (0x40..0x7e).
            let end = bytes[2..].iter().position(|b| !(0x20..0x40).contains(b))? + 2;
            let key = (end == 2).then(|| arrow(bytes[2])).flatten();
            Some((end + 1, key))
        }
        b'O' => Some((3, arrow(*bytes.get(2)?))),
        _ => Some((1, Some(Key::Esc))),
    }
}

/// A character beyond ASCII in UTF-8 (a file's name typed at a prompt); a stray byte means nothing.
fn character(bytes: &[u8], lead: u8) -> Option<(usize, Option<Key>)> {
    let len = match lead {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Some((1, None)),
    };
    let text = std::str::from_utf8(bytes.get(..len)?);
    match text.ok().and_then(|t| t.chars().next()) {
        Some(c) => Some((len, Some(Key::Char(c)))),
        None => Some((1, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Key::*;

    fn keys(bytes: &[u8]) -> Vec<Key> {
        Keys::default().feed(bytes)
    }

    #[test]
    fn arrows_in_both_modes_decode() {
        assert_eq!(keys(b"\x1b[A\x1b[B\x1b[C\x1b[D"), [Up, Down, Right, Left]);
        assert_eq!(keys(b"\x1bOA\x1bOB\x1bOC\x1bOD"), [Up, Down, Right, Left]);
    }

    #[test]
    fn letters_digits_and_control_keys_decode() {
        let want = [Char('u'), Char('A'), Char('7'), Char('?'), Char(' ')];
        assert_eq!(keys(b"uA7? "), want);
        let want = [Enter, Enter, Backspace, Backspace, Interrupt, End];
        assert_eq!(keys(b"\r\n\x7f\x08\x03\x04"), want);
        assert_eq!(keys(b"\x01\x1a"), [], "other control bytes mean nothing");
        assert_eq!(keys("é".as_bytes()), [Char('é')]);
        assert_eq!(keys(b"\xff\x80x"), [Char('x')], "stray bytes are skipped");
    }

    #[test]
    fn function_keys_are_skipped_whole() {
        // F5, Ctrl-Up (a parameter before the final byte), Delete: none is an arrow.
        assert_eq!(keys(b"\x1b[15~\x1b[1;5A\x1b[3~u"), [Char('u')]);
        assert_eq!(keys(b"\x1bOPd"), [Char('d')], "F1 in application mode");
    }

    #[test]
    fn esc_then_a_letter_is_two_keys() {
        assert_eq!(keys(b"\x1bq"), [Esc, Char('q')]);
        assert_eq!(keys(b"\x1b\x1b[A"), [Esc, Up]);
    }

    #[test]
    fn every_split_of_a_sequence_decodes_the_same() {
        let bytes = "\x1b[Au\x1bOD\x1b[15~\ré\x7f\x03".as_bytes();
        let whole = keys(bytes);
        assert_eq!(
            whole,
            [Up, Char('u'), Left, Enter, Char('é'), Backspace, Interrupt]
        );
        for cut in 0..=bytes.len() {
            for second in cut..=bytes.len() {
                let mut decoder = Keys::default();
                let mut got = decoder.feed(&bytes[..cut]);
                got.extend(decoder.feed(&bytes[cut..second]));
                got.extend(decoder.feed(&bytes[second..]));
                assert_eq!(got, whole, "cut at {cut} and {second}");
                assert!(!decoder.waiting());
            }
        }
    }

    #[test]
    fn a_lone_esc_waits_for_a_pause() {
        let mut decoder = Keys::default();
        assert_eq!(decoder.feed(b"\x1b"), []);
        assert!(decoder.waiting());
        assert_eq!(decoder.feed(b"["), [], "still maybe an arrow");
        assert_eq!(decoder.pause(), [Esc, Char('[')]);
        assert!(!decoder.waiting());
        assert_eq!(decoder.feed(b"\x1b"), []);
        assert_eq!(decoder.feed(b"[A"), [Up], "the rest came in time");
        assert_eq!(decoder.pause(), [], "nothing waits");
        assert_eq!(decoder.feed(b"\xc3"), []);
        assert_eq!(decoder.pause(), [], "half a character is dropped");
    }
}
