//! Text that others wrote (a submission's output, a test's block names), made safe to show: clipped
//! and with control characters escaped, so that neither can drive the terminal.

/// At most 40 characters of an answer, for messages.
pub fn head(text: &[u8]) -> String {
    let shown = printable(&String::from_utf8_lossy(&text[..text.len().min(40)]));
    let more = if text.len() > 40 { "…" } else { "" };
    shown + more
}

/// `text` with control characters escaped.
pub fn printable(text: &str) -> String {
    let escape = |c: char| {
        if c.is_control() {
            c.escape_default().collect()
        } else {
            c.to_string()
        }
    };
    text.chars().map(escape).collect()
}

/// Each line indented by two spaces, and escaped: what is indented (an input, a scene, a compiler's
/// message) may quote a submission.
pub fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("  {}\n", printable(l)))
        .collect()
}

/// An input indented as `indent` shows text, but split at `\n` alone, so that a `\r` shows; then a
/// line naming what the text cannot show as it is, and `--json`, which has the input's exact text.
pub fn indent_input(input: &[u8]) -> String {
    let marks = [
        (!input.ends_with(b"\n"), "⏎ missing at end of input"),
        (input.contains(&b'\r'), "\\r is a carriage return (CR)"),
        (input.contains(&b'\t'), "\\t is a tab"),
        (
            std::str::from_utf8(input).is_err(),
            "\u{fffd} is a byte that is not UTF-8",
        ),
    ];
    let said: Vec<&str> = marks.iter().filter(|m| m.0).map(|m| m.1).collect();
    let note = format!("({}: `--json` has the exact input)", said.join(", "));
    let text = String::from_utf8_lossy(input);
    let lines = text.strip_suffix('\n').unwrap_or(&text).split('\n');
    let lines = lines.chain((!said.is_empty()).then_some(note.as_str()));
    lines.map(|l| format!("  {}\n", printable(l))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_are_clipped_and_escaped() {
        assert_eq!(head(b"ud\x1b[2J"), "ud\\u{1b}[2J");
        let long = "u".repeat(41);
        assert_eq!(head(long.as_bytes()), "u".repeat(40) + "…");
    }

    #[test]
    fn an_input_shown_marks_what_text_cannot_show() {
        assert_eq!(indent_input(b"1 2\n3 4\n"), "  1 2\n  3 4\n");
        let marked = |input: &[u8], mark: &str| {
            let shown = indent_input(input);
            assert!(shown.contains(mark) && shown.contains("--json"), "{shown}");
        };
        marked(b"1 2\n3 4", "⏎ missing at end of input");
        marked(
            b"1 2\r\n3 4\r\n",
            "  1 2\\r\n  3 4\\r\n  (\\r is a carriage return",
        );
        marked(b"1\t2\n", "  1\\t2\n");
        marked(b"1 \xff\n", "\u{fffd} is a byte that is not UTF-8");
    }
}
