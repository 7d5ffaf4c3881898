//! Log records of both families: an event as its type and ordered fields of JSON values, and
//! the compact JSON line it is written as. Each family's vocabulary (which events, which
//! fields, in which order) is in its `game/log.rs`; this module only holds the shapes and the
//! writer, so a log written natively and one built through Python are the same bytes.

use std::borrow::Cow;
use std::fmt::Write;

/// A JSON value of a log field.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A non-negative integer beyond `i64` (seeds).
    Uint(u64),
    /// A string (tile names and ids are static; names of players are not).
    Str(Cow<'static, str>),
    /// A list.
    List(Vec<Json>),
    /// An object with its keys in order.
    Object(Vec<(&'static str, Json)>),
}

impl From<bool> for Json {
    fn from(value: bool) -> Self {
        Self::Bool(value)
    }
}

macro_rules! json_from_int {
    ($($t:ty),+) => {$(
        impl From<$t> for Json {
            fn from(value: $t) -> Self {
                Self::Int(value as i64)
            }
        }
    )+};
}
json_from_int!(u8, u16, u32, i64, usize);

impl From<u64> for Json {
    fn from(value: u64) -> Self {
        Self::Uint(value)
    }
}

impl From<&'static str> for Json {
    fn from(value: &'static str) -> Self {
        Self::Str(Cow::Borrowed(value))
    }
}

impl From<String> for Json {
    fn from(value: String) -> Self {
        Self::Str(Cow::Owned(value))
    }
}

impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(value: Option<T>) -> Self {
        value.map_or(Self::Null, Into::into)
    }
}

impl<T: Into<Json>> From<Vec<T>> for Json {
    fn from(value: Vec<T>) -> Self {
        Self::List(value.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Json>, const N: usize> From<[T; N]> for Json {
    fn from(value: [T; N]) -> Self {
        Self::List(value.into_iter().map(Into::into).collect())
    }
}

impl Json {
    fn write(&self, out: &mut String) {
        match self {
            Self::Null => out.push_str("null"),
            Self::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Self::Int(i) => {
                if *i < 0 {
                    out.push('-');
                }
                write_uint(i.unsigned_abs(), out);
            }
            Self::Uint(u) => write_uint(*u, out),
            Self::Str(s) => write_string(s, out),
            Self::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Self::Object(fields) => {
                out.push('{');
                for (i, (name, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(name, out);
                    out.push(':');
                    value.write(out);
                }
                out.push('}');
            }
        }
    }
}

impl From<&crate::options::Value> for Json {
    fn from(value: &crate::options::Value) -> Self {
        use crate::options::Value;
        match value {
            Value::Bool(b) => Self::Bool(*b),
            Value::Int(i) => Self::Int(*i),
            Value::Str(s) => Self::Str(Cow::Owned(s.clone())),
            Value::None => Self::Null,
            Value::List(items) => Self::List(items.iter().map(Self::from).collect()),
        }
    }
}

/// Whether `byte` is written escaped in a JSON string.
fn escaped(byte: u8) -> bool {
    ESCAPED[usize::from(byte)]
}

/// [`escaped`] for each byte: control characters, `"` and `\\`.
static ESCAPED: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = true;
        byte += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

/// A JSON string as Python's `json.dumps(..., ensure_ascii=False)` writes it: a string with
/// nothing to escape (tile names, ids, field names) is copied whole; otherwise the runs between
/// escaped characters are (every escaped character is ASCII, so the string is scanned as
/// bytes).
#[inline]
fn write_string(s: &str, out: &mut String) {
    if s.bytes().any(escaped) {
        write_escaped(s, out);
        return;
    }
    out.push('"');
    out.push_str(s);
    out.push('"');
}

/// [`write_string`] of a string with characters to escape.
#[cold]
fn write_escaped(s: &str, out: &mut String) {
    out.push('"');
    let mut copied = 0;
    for (i, byte) in s.bytes().enumerate().filter(|&(_, b)| escaped(b)) {
        out.push_str(&s[copied..i]);
        match byte {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            _ => {
                let _ = write!(out, "\\u{byte:04x}");
            }
        }
        copied = i + 1;
    }
    out.push_str(&s[copied..]);
    out.push('"');
}

/// A non-negative integer in decimal, without the formatting machinery (logs are mostly
/// numbers).
fn write_uint(value: u64, out: &mut String) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &digit in &digits[at..] {
        out.push(char::from(digit));
    }
}

/// The fields most events have at most (a record grows beyond them when it must).
const FIELDS: usize = 8;

/// Bytes a log line takes on average, to make room for a log's lines at once.
const LINE: usize = 64;

/// One log event: its `type` and its fields in the order they are written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    kind: &'static str,
    fields: Vec<(&'static str, Json)>,
}

impl Record {
    /// An event of type `kind` without fields yet.
    pub fn new(kind: &'static str) -> Self {
        Self {
            kind,
            // Room for the fields of most events, made once.
            fields: Vec::with_capacity(FIELDS),
        }
    }

    /// The record with one more field.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<Json>) -> Self {
        self.fields.push((name, value.into()));
        self
    }

    /// The record with one more field when `value` is present; an optional field is left out
    /// rather than written as null.
    pub fn with_some(self, name: &'static str, value: Option<impl Into<Json>>) -> Self {
        match value {
            Some(value) => self.with(name, value),
            None => self,
        }
    }

    /// The event's type.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The fields after `type`, in order.
    pub fn fields(&self) -> &[(&'static str, Json)] {
        &self.fields
    }

    /// The value of field `name`.
    pub fn get(&self, name: &str) -> Option<&Json> {
        self.fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The compact JSON object (no newline), `type` first.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(64);
        self.write_json(&mut out);
        out
    }

    /// Appends [`Record::to_json`] to `out`.
    pub fn write_json(&self, out: &mut String) {
        out.push_str("{\"type\":");
        write_string(self.kind, out);
        for (name, value) in &self.fields {
            out.push(',');
            write_string(name, out);
            out.push(':');
            value.write(out);
        }
        out.push('}');
    }
}

/// `records` as JSON lines: each compact object followed by a newline, as a log file holds
/// them.
pub fn jsonl(records: impl IntoIterator<Item = Record>) -> String {
    let records = records.into_iter();
    let mut out = String::with_capacity(LINE * records.size_hint().0);
    for record in records {
        record.write_json(&mut out);
        out.push('\n');
    }
    out
}

/// Per event type, its fields in the order they are written (after `type`).
pub type FieldOrder = &'static [(&'static str, &'static [&'static str])];

/// A [`FieldOrder`] table: `field_order![ "type" => ["field", ...], ... ]`.
#[macro_export]
macro_rules! field_order {
    ($($kind:literal => [$($field:literal),* $(,)?]),* $(,)?) => {
        &[$(($kind, &[$($field),*] as &[&str])),*]
    };
}

/// Whether every field of `record` is listed for its type in `order`, in that order.
pub fn follows(record: &Record, order: FieldOrder) -> bool {
    let Some((_, listed)) = order.iter().find(|(kind, _)| *kind == record.kind()) else {
        return false;
    };
    let mut at = 0;
    record.fields().iter().all(
        |(name, _)| match listed[at..].iter().position(|n| n == name) {
            Some(i) => {
                at += i + 1;
                true
            }
            None => false,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_compact_json_like_python() {
        let record = Record::new("start_game")
            .with("names", vec![Json::from("a\"b"), Json::from("é\n\u{1}")])
            .with("n", -3i64)
            .with("x", Json::Null)
            .with("ok", [true, false]);
        assert_eq!(
            record.to_json(),
            r#"{"type":"start_game","names":["a\"b","é\n\u0001"],"n":-3,"x":null,"ok":[true,false]}"#
        );
        let numbers = Record::new("n")
            .with("a", [0i64, 7, -10, 1234567890, i64::MIN, i64::MAX])
            .with("b", u64::MAX)
            .with("c", "tab\there \\ \u{7f}\u{1f} 東");
        assert_eq!(
            numbers.to_json(),
            "{\"type\":\"n\",\"a\":[0,7,-10,1234567890,-9223372036854775808,9223372036854775807],\
             \"b\":18446744073709551615,\"c\":\"tab\\there \\\\ \u{7f}\\u001f 東\"}"
        );
        let order: FieldOrder = field_order!["start_game" => ["names", "n", "x", "ok"]];
        assert!(follows(&record, order));
        let order: FieldOrder = field_order!["start_game" => ["n", "names"]];
        assert!(!follows(&record, order));
    }
}
