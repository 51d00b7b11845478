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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_are_clipped_and_escaped() {
        assert_eq!(head(b"ud\x1b[2J"), "ud\\u{1b}[2J");
        let long = "u".repeat(41);
        assert_eq!(head(long.as_bytes()), "u".repeat(40) + "…");
    }
}
