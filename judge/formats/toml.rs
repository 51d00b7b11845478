//! The subset of TOML that `problem.toml` uses: `key = value` lines with strings, integers and booleans.
//! No crates are allowed, and tables, arrays and dates are not needed.

use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    String(String),
    Integer(i64),
    Boolean(bool),
}

/// Parses `text` into its keys; an error names the line and what is wrong there.
pub fn parse(text: &str) -> Result<BTreeMap<String, Value>, String> {
    let mut table = BTreeMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: String| format!("line {}: {what}", i + 1);
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| at(format!("expected `key = value`, found `{line}`")))?;
        let key = key.trim();
        let bare = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
        if key.is_empty() || !key.bytes().all(bare) {
            return Err(at(format!("`{key}` is not a bare key")));
        }
        let value = parse_value(value.trim()).map_err(at)?;
        if table.insert(key.to_string(), value).is_some() {
            return Err(at(format!("`{key}` is set twice")));
        }
    }
    Ok(table)
}

fn parse_value(text: &str) -> Result<Value, String> {
    if let Some(rest) = text.strip_prefix('"') {
        return parse_string(rest).map(Value::String);
    }
    let bare = text.split('#').next().unwrap_or_default().trim(); // a comment may follow a value
    match bare {
        "true" => Ok(Value::Boolean(true)),
        "false" => Ok(Value::Boolean(false)),
        _ => bare
            .replace('_', "")
            .parse()
            .map(Value::Integer)
            .map_err(|_| format!("`{bare}` is not a string, integer or boolean")),
    }
}

/// A basic string after its opening quote: escapes `\"`, `\\`, `\n`, `\t`; only a comment may follow.
fn parse_string(rest: &str) -> Result<String, String> {
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let after = chars.as_str().trim();
                if !(after.is_empty() || after.starts_with('#')) {
                    return Err(format!("unexpected `{after}` after the string"));
                }
                return Ok(value);
            }
            '\\' => value.push(match chars.next() {
                Some('"') => '"',
                Some('\\') => '\\',
                Some('n') => '\n',
                Some('t') => '\t',
                other => return Err(format!("unsupported escape `\\{}`", other.unwrap_or(' '))),
            }),
            c => value.push(c),
        }
    }
    Err("the string has no closing quote".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_strings_integers_booleans_and_comments() {
        let text = "# eight\nsolution = \"src/bin/eight.rs\" # pasteable\ntime_limit_ms = 1_000\n\nstrict = true\n";
        let table = parse(text).expect("valid");
        assert_eq!(table["solution"], Value::String("src/bin/eight.rs".into()));
        assert_eq!(table["time_limit_ms"], Value::Integer(1000));
        assert_eq!(table["strict"], Value::Boolean(true));
        assert_eq!(
            parse(r#"a = "say \"hi\"\t""#).expect("valid")["a"],
            Value::String("say \"hi\"\t".into())
        );
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            parse("a = 1\nb 2").unwrap_err(),
            "line 2: expected `key = value`, found `b 2`"
        );
        assert_eq!(
            parse("a = 1\na = 2").unwrap_err(),
            "line 2: `a` is set twice"
        );
        assert_eq!(
            parse("a = \"open").unwrap_err(),
            "line 1: the string has no closing quote"
        );
        assert_eq!(
            parse("a = ten").unwrap_err(),
            "line 1: `ten` is not a string, integer or boolean"
        );
        assert_eq!(
            parse("a b = 1").unwrap_err(),
            "line 1: `a b` is not a bare key"
        );
        assert_eq!(
            parse("a = \"x\" y").unwrap_err(),
            "line 1: unexpected `y` after the string"
        );
    }
}
