//! The core's words as a catalogue: each reason an action is refused, each way a hand is dead,
//! a deal is drawn, a game ends or a jokerless hand goes undoubled, each fu part, as a key
//! with its parameters' types and an English template. A table words them in any language
//! from the same keys and parameters (the binding publishes the catalogue as `CATALOGUE`);
//! [`fill`] words one in English, and the core's own messages (`Display` of a reason) are
//! made by it, so the template is the one place each sentence is written.
//!
//! A template names its parameters `{name}`; `{name|one|other}` picks a word by a number. A
//! parameter's type says how it is shown: `number` (grouped: `1,000`), `count` (as is),
//! `text`, `tile`, `tiles` (space separated), `either` (tiles joined by "or"), `seat`
//! (`seat 2`), `whose` (`seat 2's`), or the name of another part of the catalogue whose entry
//! the value names (`furiten` with `discard` is the entry `furiten.discard`).

use crate::log::Json;

/// One entry: its key, its parameters with their types, and its English template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The key, e.g. `reason.riichi_min_points`.
    pub key: &'static str,
    /// The parameters by name, each with its type.
    pub params: &'static [(&'static str, &'static str)],
    /// The English template.
    pub text: &'static str,
}

/// Declares a part of the catalogue: `name: [key (param: type, ...) => "template", ...]`.
#[macro_export]
macro_rules! catalogue_part {
    ($(#[$meta:meta])* $name:ident: [$($key:literal ($($param:ident: $ty:literal),*) => $text:literal),* $(,)?]) => {
        $(#[$meta])*
        pub const $name: &[$crate::catalogue::Entry] = &[$(
            $crate::catalogue::Entry {
                key: $key,
                params: &[$((stringify!($param), $ty)),*],
                text: $text,
            }
        ),*];
    };
}

/// Every part of the catalogue.
pub fn parts() -> [&'static [Entry]; 10] {
    [
        crate::riichi::game::reason::CATALOGUE,
        crate::american::game::reason::CATALOGUE,
        crate::riichi::game::deal::FURITEN,
        crate::american::game::event::DEAD,
        crate::riichi::game::event::DRAWS,
        crate::american::game::event::ENDINGS,
        crate::riichi::evaluate::FU,
        crate::riichi::evaluate::WAITS,
        crate::riichi::game::session::ENDS,
        crate::american::payment::JOKERLESS,
    ]
}

/// Every entry, part by part.
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    parts().into_iter().flatten()
}

/// The entry of `key`.
pub fn entry(key: &str) -> Option<&'static Entry> {
    entries().find(|e| e.key == key)
}

/// The key of entry `name` of `part` (`reason` and `furiten` make `reason.furiten`), as it
/// is in the catalogue; `None` when there is none.
pub fn key_of(part: &str, name: &str) -> Option<&'static str> {
    entries()
        .map(|e| e.key)
        .find(|key| key.strip_prefix(part).and_then(|k| k.strip_prefix('.')) == Some(name))
}

/// The entry `key` worded in English with `params` (an unknown key is returned as it is; a
/// missing parameter leaves its placeholder).
pub fn fill(key: &str, params: &[(&str, Json)]) -> String {
    let Some(entry) = entry(key) else {
        return key.to_owned();
    };
    let mut out = String::new();
    let mut rest = entry.text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let inner = &rest[open + 1..open + close];
        let mut pieces = inner.split('|');
        let name = pieces.next().unwrap_or_default();
        let value = params.iter().find(|(n, _)| *n == name).map(|(_, v)| v);
        let kind = entry
            .params
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("text", |(_, t)| *t);
        match (value, pieces.next(), pieces.next()) {
            (Some(v), Some(one), Some(other)) => {
                out.push_str(if number(v) == Some(1) { one } else { other });
            }
            (Some(v), _, _) => out.push_str(&shown(kind, v)),
            (None, _, _) => out.push_str(&rest[open..=open + close]),
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

fn number(value: &Json) -> Option<i128> {
    match value {
        Json::Int(i) => Some(i128::from(*i)),
        Json::Uint(u) => Some(i128::from(*u)),
        _ => None,
    }
}

/// One parameter's value in English, as its type says.
fn shown(kind: &str, value: &Json) -> String {
    let text = |v: &Json| match v {
        Json::Str(s) => s.to_string(),
        other => number(other).map_or_else(String::new, |n| n.to_string()),
    };
    let list = |sep: &str| match value {
        Json::List(items) => items.iter().map(text).collect::<Vec<_>>().join(sep),
        other => text(other),
    };
    match kind {
        "number" => number(value).map_or_else(|| text(value), grouped),
        "count" | "text" | "tile" => text(value),
        "tiles" => list(" "),
        "either" => list(" or "),
        "seat" => format!("seat {}", text(value)),
        "whose" => format!("seat {}'s", text(value)),
        part => fill(&format!("{part}.{}", text(value)), &[]),
    }
}

/// An integer with thousands separated by commas: `1,000`, `-25,000`.
pub fn grouped(n: i128) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::from(if n < 0 { "-" } else { "" });
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_placeholders_declared() {
        let mut keys = std::collections::BTreeSet::new();
        for e in entries() {
            assert!(keys.insert(e.key), "{} twice", e.key);
            let mut rest = e.text;
            while let Some(open) = rest.find('{') {
                let close = rest[open..].find('}').expect("closed") + open;
                let name = rest[open + 1..close].split('|').next().unwrap();
                assert!(
                    e.params.iter().any(|(n, _)| *n == name),
                    "{}: {{{name}}} is not a parameter",
                    e.key
                );
                rest = &rest[close + 1..];
            }
            for (name, kind) in e.params {
                let builtin = [
                    "number", "count", "flag", "text", "tile", "tiles", "either", "seat", "whose",
                ];
                assert!(
                    builtin.contains(kind)
                        || entries().any(|x| x.key.starts_with(&format!("{kind}."))),
                    "{}: parameter {name} has the unknown type {kind}",
                    e.key
                );
            }
        }
    }

    #[test]
    fn fill_words_every_type() {
        assert_eq!(grouped(1_000_000), "1,000,000");
        assert_eq!(grouped(-999), "-999");
        assert_eq!(
            fill("reason.riichi_min_points", &[("points", Json::Int(2000))]),
            "riichi needs at least 2,000 points"
        );
        assert_eq!(
            fill("reason.furiten", &[("kind", Json::Str("discard".into()))]),
            "furiten: a wait is among your own discards, so no ron"
        );
        assert_eq!(fill("no.such.key", &[]), "no.such.key");
    }
}
