//! A small JSON writer for `--json`: build a value, then write it indented. No crates are allowed.

/// A JSON value; objects keep their keys in the order given.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(&'static str, Json)>),
}

impl Json {
    /// `value` as a JSON string, or null.
    pub fn text(value: Option<&str>) -> Json {
        value.map_or(Json::Null, |s| Json::String(s.to_string()))
    }

    /// The value written with two-space indentation and a final newline.
    pub fn to_pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String, depth: usize) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            // Integers without a fraction; other numbers rounded to 3 decimals (times in ms:
            // microseconds).
            Json::Number(n) if !n.is_finite() => out.push_str("null"), // JSON has no NaN or infinity
            Json::Number(n) if n.fract() == 0.0 && n.abs() < 1e15 => *out += &format!("{n:.0}"),
            Json::Number(n) => *out += &format!("{}", (n * 1000.0).round() / 1000.0),
            Json::String(s) => write_string(out, s),
            Json::Array(items) => {
                write_items(out, depth, ('[', ']'), items.iter().map(|v| (None, v)))
            }
            Json::Object(fields) => {
                let fields = fields.iter().map(|(k, v)| (Some(*k), v));
                write_items(out, depth, ('{', '}'), fields)
            }
        }
    }
}

fn write_items<'a>(
    out: &mut String,
    depth: usize,
    (open, close): (char, char),
    items: impl ExactSizeIterator<Item = (Option<&'a str>, &'a Json)>,
) {
    out.push(open);
    let empty = items.len() == 0;
    for (i, (key, value)) in items.enumerate() {
        out.push_str(if i == 0 { "\n" } else { ",\n" });
        out.push_str(&"  ".repeat(depth + 1));
        if let Some(key) = key {
            write_string(out, key);
            out.push_str(": ");
        }
        value.write(out, depth + 1);
    }
    if !empty {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    }
    out.push(close);
}

fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_nested_values_indented() {
        let value = Json::Object(vec![
            ("name", Json::String("001-sample".into())),
            ("cpu_ms", Json::Number(0.41234)),
            ("moves", Json::Number(19.0)),
            ("tests", Json::Array(vec![Json::Bool(true), Json::Null])),
            ("empty", Json::Array(vec![])),
        ]);
        let expected = "{\n  \"name\": \"001-sample\",\n  \"cpu_ms\": 0.412,\n  \"moves\": 19,\n  \"tests\": [\n    true,\n    null\n  ],\n  \"empty\": []\n}\n";
        assert_eq!(value.to_pretty(), expected);
    }

    #[test]
    fn escapes_what_json_requires() {
        let value = Json::String("a \"b\"\\\n\u{1}é".into());
        assert_eq!(value.to_pretty(), "\"a \\\"b\\\"\\\\\\n\\u0001é\"\n");
        assert_eq!(Json::Number(f64::NAN).to_pretty(), "null\n");
    }
}
