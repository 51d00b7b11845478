//! A small JSON reader for the integration tests: the judge's `--json` output is parsed back with it.
//!
//! The crate takes no JSON dependency, so this is a plain recursive-descent parser over the bytes of the
//! text.

/// A parsed JSON value. Object members keep their order (and duplicates) as written.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// Parses one JSON value, with optional whitespace around it; anything after it is an error.
/// Errors name the byte offset and what was expected there.
pub fn parse(text: &str) -> Result<Json, String> {
    let mut parser = Parser { text, pos: 0 };
    let value = parser.value()?;
    parser.skip_whitespace();
    if parser.pos < text.len() {
        return Err(parser.error("end of input"));
    }
    Ok(value)
}

impl Json {
    /// The first member named `key`, if this is an object that has one.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn error(&self, expected: &str) -> String {
        format!("JSON error at byte {}: expected {expected}", self.pos)
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    /// JSON whitespace is exactly these four bytes (no form feed, no Unicode spaces).
    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// Consumes `byte` or fails naming it, so callers read as the grammar does.
    fn expect(&mut self, byte: u8) -> Result<(), String> {
        if self.peek() != Some(byte) {
            return Err(self.error(&format!("'{}'", byte as char)));
        }
        self.pos += 1;
        Ok(())
    }

    fn value(&mut self) -> Result<Json, String> {
        self.skip_whitespace();
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string().map(Json::String),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b't') => self.literal("true", Json::Bool(true)),
            Some(b'f') => self.literal("false", Json::Bool(false)),
            Some(b'n') => self.literal("null", Json::Null),
            _ => Err(self.error("a value")),
        }
    }

    fn literal(&mut self, word: &str, value: Json) -> Result<Json, String> {
        if !self.text[self.pos..].starts_with(word) {
            return Err(self.error(&format!("'{word}'")));
        }
        self.pos += word.len();
        Ok(value)
    }

    fn array(&mut self) -> Result<Json, String> {
        self.expect(b'[')?;
        let mut items = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value()?);
            if self.list_ends(b']')? {
                return Ok(Json::Array(items));
            }
        }
    }

    fn object(&mut self) -> Result<Json, String> {
        self.expect(b'{')?;
        let mut members = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Json::Object(members));
        }
        loop {
            self.skip_whitespace();
            if self.peek() != Some(b'"') {
                return Err(self.error("a string key"));
            }
            let key = self.string()?;
            self.skip_whitespace();
            self.expect(b':')?;
            members.push((key, self.value()?));
            if self.list_ends(b'}')? {
                return Ok(Json::Object(members));
            }
        }
    }

    /// After an item: `,` means another follows (false), `close` ends the list (true).
    fn list_ends(&mut self, close: u8) -> Result<bool, String> {
        self.skip_whitespace();
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                Ok(false)
            }
            Some(c) if c == close => {
                self.pos += 1;
                Ok(true)
            }
            _ => Err(self.error(&format!("',' or '{}'", close as char))),
        }
    }

    /// A string literal. Runs without escapes are copied as slices: `"` and `\` are ASCII, so every
    /// slice boundary falls between whole UTF-8 characters.
    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut out = String::new();
        let mut start = self.pos;
        loop {
            match self.peek() {
                Some(b'"') => break,
                Some(b'\\') => {
                    out.push_str(&self.text[start..self.pos]);
                    self.pos += 1;
                    out.push(self.escape()?);
                    start = self.pos;
                }
                Some(0x00..=0x1f) => return Err(self.error("no control character in a string")),
                Some(_) => self.pos += 1,
                None => return Err(self.error("'\"' closing the string")),
            }
        }
        out.push_str(&self.text[start..self.pos]);
        self.pos += 1;
        Ok(out)
    }

    /// The escape after a backslash (already consumed).
    fn escape(&mut self) -> Result<char, String> {
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.pos += 1;
                return self.unicode_escape();
            }
            _ => return Err(self.error("an escape: one of \" \\ / b f n r t u")),
        };
        self.pos += 1;
        Ok(c)
    }

    /// `\uXXXX` (the `\u` consumed). Characters beyond U+FFFF come as a high and a low surrogate.
    fn unicode_escape(&mut self) -> Result<char, String> {
        let at = self.pos;
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if !self.text[self.pos..].starts_with("\\u") {
                    return Err(self.error("'\\u' with a low surrogate"));
                }
                self.pos += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    self.pos -= 4;
                    return Err(self.error("a low surrogate (DC00-DFFF)"));
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => {
                self.pos = at;
                return Err(self.error("a high surrogate before a low one"));
            }
            _ => first,
        };
        // Every value left is a valid scalar: surrogates were combined or rejected above.
        char::from_u32(code).ok_or_else(|| self.error("a Unicode scalar value"))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.text.as_bytes().get(self.pos..self.pos + 4);
        let valid = digits.is_some_and(|d| d.iter().all(u8::is_ascii_hexdigit));
        if !valid {
            return Err(self.error("4 hex digits"));
        }
        // Checked above: four ASCII hex digits, so this slice and parse cannot fail.
        let code = u32::from_str_radix(&self.text[self.pos..self.pos + 4], 16).unwrap();
        self.pos += 4;
        Ok(code)
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, checked here because Rust's
    /// float parser also takes forms JSON forbids (`1.`, `.5`, `+1`, `inf`, leading zeros).
    fn number(&mut self) -> Result<Json, String> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        if self.peek() == Some(b'0') {
            self.pos += 1;
        } else {
            self.digits()?;
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            self.digits()?;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            self.digits()?;
        }
        let text = &self.text[start..self.pos];
        // The grammar above is a subset of what `f64::from_str` accepts; huge exponents give ±inf.
        text.parse()
            .map(Json::Number)
            .map_err(|_| self.error("a number"))
    }

    /// One or more ASCII digits.
    fn digits(&mut self) -> Result<(), String> {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.error("a digit"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `value` back as JSON text, so tests can check that parse(write(v)) == v.
    fn write(value: &Json) -> String {
        match value {
            Json::Null => "null".to_string(),
            Json::Bool(b) => b.to_string(),
            Json::Number(n) => format!("{n:?}"),
            Json::String(s) => write_string(s),
            Json::Array(items) => {
                let items: Vec<String> = items.iter().map(write).collect();
                format!("[{}]", items.join(","))
            }
            Json::Object(members) => {
                let members: Vec<String> = members
                    .iter()
                    .map(|(k, v)| format!("{}:{}", write_string(k), write(v)))
                    .collect();
                format!("{{{}}}", members.join(","))
            }
        }
    }

    /// Escapes every control character as `\uXXXX` and the rest only where JSON demands it.
    fn write_string(s: &str) -> String {
        let mut out = String::from("\"");
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    }

    fn obj(members: &[(&str, Json)]) -> Json {
        Json::Object(
            members
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    fn s(text: &str) -> Json {
        Json::String(text.to_string())
    }

    fn error_of(text: &str) -> String {
        parse(text).expect_err(text)
    }

    #[test]
    fn parses_nested_values_with_whitespace() {
        let text = " {\"verdict\" : \"WA\",\n\t\"cases\":[ {\"n\":1,\"ok\":true,\"why\":null},\r\n{} ,[] ] } ";
        let expected = obj(&[
            ("verdict", s("WA")),
            (
                "cases",
                Json::Array(vec![
                    obj(&[
                        ("n", Json::Number(1.0)),
                        ("ok", Json::Bool(true)),
                        ("why", Json::Null),
                    ]),
                    obj(&[]),
                    Json::Array(vec![]),
                ]),
            ),
        ]);
        assert_eq!(parse(text), Ok(expected));
    }

    #[test]
    fn round_trips_nested_objects() {
        let value = obj(&[
            ("a", Json::Array(vec![Json::Null, Json::Bool(false), s("")])),
            (
                "b",
                obj(&[("c", obj(&[("d", Json::Number(-2.5e-3))])), ("c", s("dup"))]),
            ),
            ("tricky \"key\"\n", s("tab\there \\ \u{1} é 🦀")),
        ]);
        let text = write(&value);
        assert_eq!(parse(&text), Ok(value.clone()));
        assert_eq!(parse(&write(&parse(&text).unwrap())), Ok(value));
    }

    #[test]
    fn accessors_pick_the_right_variant() {
        let value = parse(r#"{"s":"x","n":3,"a":[1],"b":false,"z":null,"k":1,"k":2}"#).unwrap();
        assert_eq!(value.get("s").and_then(Json::as_str), Some("x"));
        assert_eq!(value.get("n").and_then(Json::as_f64), Some(3.0));
        assert_eq!(
            value.get("a").and_then(Json::as_array),
            Some(&[Json::Number(1.0)][..])
        );
        assert_eq!(value.get("b").and_then(Json::as_bool), Some(false));
        assert!(value.get("z").unwrap().is_null());
        assert_eq!(
            value.get("k"),
            Some(&Json::Number(1.0)),
            "first duplicate wins"
        );
        assert_eq!(value.get("missing"), None);
        assert_eq!(value.get("s").unwrap().as_f64(), None);
        assert_eq!(value.get("n").unwrap().get("s"), None);
        assert!(!value.is_null());
    }

    #[test]
    fn decodes_escapes() {
        let text = r#""q\" b\\ s\/ \b\f\n\r\t A=\u0041 e=\u00e9 euro=\u20AC crab=\ud83e\udd80""#;
        let expected = "q\" b\\ s/ \u{8}\u{c}\n\r\t A=A e=é euro=€ crab=🦀";
        assert_eq!(parse(text), Ok(s(expected)));
        assert_eq!(parse("\"raw é 🦀\""), Ok(s("raw é 🦀")));
    }

    #[test]
    fn rejects_bad_escapes_and_strings() {
        assert!(error_of(r#""\x""#).contains("byte 2: expected an escape"));
        assert!(error_of(r#""\u12G4""#).contains("byte 3: expected 4 hex digits"));
        assert!(error_of(r#""\u12""#).contains("byte 3: expected 4 hex digits"));
        assert!(error_of(r#""\ud83e""#).contains("byte 7: expected '\\u' with a low surrogate"));
        assert!(error_of(r#""\ud83e\u0041""#).contains("byte 9: expected a low surrogate"));
        assert!(error_of(r#""\udd80""#).contains("byte 3: expected a high surrogate"));
        assert!(error_of("\"a\nb\"").contains("byte 2: expected no control character"));
        assert!(error_of("\"open").contains("byte 5: expected '\"' closing the string"));
    }

    #[test]
    fn parses_numbers() {
        let cases = [
            ("0", 0.0),
            ("-0", -0.0),
            ("7", 7.0),
            ("-12", -12.0),
            ("3.25", 3.25),
            ("-0.5", -0.5),
            ("1e3", 1000.0),
            ("2E-2", 0.02),
            ("1.5e+2", 150.0),
            ("123456789012", 123456789012.0),
        ];
        for (text, expected) in cases {
            assert_eq!(parse(text), Ok(Json::Number(expected)), "{text}");
        }
        assert!(parse("-0").unwrap().as_f64().unwrap().is_sign_negative());
    }

    #[test]
    fn rejects_numbers_json_forbids() {
        assert!(error_of("-").contains("byte 1: expected a digit"));
        assert!(error_of("1.").contains("byte 2: expected a digit"));
        assert!(error_of("1e").contains("byte 2: expected a digit"));
        assert!(error_of("1e+").contains("byte 3: expected a digit"));
        assert!(error_of(".5").contains("byte 0: expected a value"));
        assert!(error_of("+1").contains("byte 0: expected a value"));
        assert!(error_of("01").contains("byte 1: expected end of input"));
        assert!(error_of("[1 2]").contains("byte 3: expected ',' or ']'"));
    }

    #[test]
    fn reports_offsets_of_structural_errors() {
        assert!(error_of("").contains("byte 0: expected a value"));
        assert!(error_of("   ").contains("byte 3: expected a value"));
        assert!(error_of("{\"a\" 1}").contains("byte 5: expected ':'"));
        assert!(error_of("{\"a\":1,}").contains("byte 7: expected a string key"));
        assert!(error_of("{1:2}").contains("byte 1: expected a string key"));
        assert!(error_of("[1,]").contains("byte 3: expected a value"));
        assert!(error_of("[1").contains("byte 2: expected ',' or ']'"));
        assert!(error_of("{\"a\":1").contains("byte 6: expected ',' or '}'"));
        assert!(error_of("tru").contains("byte 0: expected 'true'"));
        assert!(error_of("nul").contains("byte 0: expected 'null'"));
        assert!(error_of("\u{c}1").contains("byte 0: expected a value"));
    }

    #[test]
    fn rejects_trailing_garbage() {
        assert!(error_of("{} x").contains("byte 3: expected end of input"));
        assert!(error_of("[1]]").contains("byte 3: expected end of input"));
        assert!(error_of("true false").contains("byte 5: expected end of input"));
        assert_eq!(parse("null \r\n\t"), Ok(Json::Null));
    }
}
