//! Card files (spec §3.4): TOML parsing, the validation rules of §3.5, and compilation of every
//! hand into its concrete variants.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use toml::{Table as TomlTable, Value};

use super::pattern::{Arrangement, Pattern, Variables};
use super::table::{Column, Table};
use super::{plural, tile_name};
use crate::error::{Error, Result};
use crate::tile::KINDS;
use crate::tiles::supply;

/// The schema string a card file must declare.
pub const SCHEMA: &str = "mahjong.american.card/0.1";
/// Built-in cards: name and TOML text.
const BUILTIN: [(&str, &str); 1] = [("house-2026", include_str!("../../cards/house-2026.toml"))];
/// Number of tiles in a winning hand.
pub const HAND_SIZE: u8 = 14;
/// Jokers in the set.
const JOKER_SUPPLY: u8 = 8;
/// Single exposures: a natural kind (35) and a size of 3 to 6.
const SINGLE_VIEWS: usize = 35 * 4;
/// Values a card hand may have.
const VALUES: std::ops::RangeInclusive<i64> = 25..=75;
/// Number of hands a card may have.
const HAND_COUNT: std::ops::RangeInclusive<usize> = 40..=60;
/// Most raw combinations (suit assignments x shifts x variable values x free choices, summed
/// over a hand's alternatives) a hand may expand. Real cards stay far below: the house card's
/// largest hand has 54, the spec's examples at most 216, and the largest hand of any card the
/// spec measured (§4.3) has 1,944 variants, which even six symmetric suit assignments per
/// variant would keep under the cap. It stops card files that would take hours to expand.
pub const MAX_COMBINATIONS: u64 = 20_000;
/// Largest card text accepted, in bytes (4 MiB; the house card is about 15 KB).
pub const MAX_CARD_BYTES: usize = 4 << 20;
/// Most `[[sections]]` a card may have (real cards have about 10).
pub const MAX_SECTIONS: usize = 100;
/// Most `[[hands]]` a card may have (spec §3.5: 40 to 60).
pub const MAX_HANDS: usize = *HAND_COUNT.end();
/// Accepted values of `card.jokerless_bonus`.
const JOKERLESS_BONUS: [&str; 2] = ["double-except-singles-pairs", "none"];

/// A section of the card (a category such as "2468").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Key used by hands.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Whether hands of this section never get the jokerless bonus (Singles and Pairs).
    pub no_jokerless_bonus: bool,
}

/// One hand of the card as printed, with the range of its compiled variants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardHand {
    /// Stable id, e.g. `"evens-3"`.
    pub id: String,
    /// Index of its section.
    pub section: usize,
    /// The printed pattern(s); several are alternatives.
    pub patterns: Vec<String>,
    /// Value in points.
    pub value: u16,
    /// Whether the hand is concealed (C) rather than exposed (X).
    pub concealed: bool,
    /// The printed note, if any.
    pub note: String,
    /// Its variants in [`Card::variants`].
    pub variants: Range<usize>,
    /// Its first pattern spelled in tiles, group by group ([`Pattern::example`]).
    pub example: Vec<super::pattern::Spelled>,
}

/// One concrete way to complete a card hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// Index of the card hand.
    pub hand: usize,
    /// Sets and natural-only tiles.
    pub arrangement: Arrangement,
    /// Tiles per kind.
    pub total: [u8; KINDS],
    /// Tiles per kind that must be naturals (singles, pairs, runs of singles).
    pub strict: [u8; KINDS],
    /// The kinds it uses, ascending.
    pub kinds: Vec<u8>,
}

impl Variant {
    fn new(hand: usize, arrangement: Arrangement) -> Self {
        let mut total = [0u8; KINDS];
        let mut strict = [0u8; KINDS];
        // A pattern has 14 tiles, so these sums stay small; saturation only keeps them panic-free.
        for &(kind, size) in &arrangement.sets {
            let k = usize::from(kind);
            total[k] = total[k].saturating_add(size);
        }
        for &(kind, count) in &arrangement.strict {
            let k = usize::from(kind);
            total[k] = total[k].saturating_add(count);
            strict[k] = strict[k].saturating_add(count);
        }
        let kinds = (0..KINDS as u8)
            .filter(|&k| total[usize::from(k)] > 0)
            .collect();
        Self {
            hand,
            arrangement,
            total,
            strict,
            kinds,
        }
    }

    /// Jokers it needs at least: tiles beyond the natural supply of their kind.
    pub fn jokers_needed(&self) -> u16 {
        (0..KINDS)
            .map(|k| u16::from(self.total[k].saturating_sub(supply(k))))
            .sum()
    }

    /// American text, kinds ascending: sets written together (`666D`, `FFF`), natural-only
    /// tiles one by one (`2C 2C 0 6C`).
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        for &kind in &self.kinds {
            let name = tile_name(kind);
            for &(k, size) in self.arrangement.sets.iter().filter(|s| s.0 == kind) {
                let size = usize::from(size);
                parts.push(match name.strip_suffix(['B', 'C', 'D']) {
                    Some(digit) => format!("{}{}", digit.repeat(size), &name[1..]),
                    None => tile_name(k).repeat(size),
                });
            }
            for _ in 0..self.strict[usize::from(kind)] {
                parts.push(name.clone());
            }
        }
        parts.join(" ")
    }
}

/// A compiled card: its sections, hands and every concrete variant.
#[derive(Debug, Clone)]
pub struct Card {
    /// Card id, e.g. `"house-2026"`.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Card year, if given.
    pub year: Option<i64>,
    /// Free description.
    pub description: String,
    /// Whether jokerless hands (outside `no_jokerless_bonus` sections) are paid double.
    pub jokerless_bonus: bool,
    /// Sections in card order.
    pub sections: Vec<Section>,
    /// Hands in card order.
    pub hands: Vec<CardHand>,
    /// Concrete variants, grouped by hand in card order.
    pub variants: Vec<Variant>,
    /// Things that are allowed but look like mistakes (spec §3.5 warnings).
    pub warnings: Vec<String>,
    table: Table,
    /// The view of each single exposure (by kind and size), made when first asked for.
    single_views: Vec<OnceLock<Arc<Table>>>,
    /// The TOML text the card was compiled from.
    source: String,
}

/// Cards compiled from the same text are the same card (compiling is deterministic).
impl PartialEq for Card {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl Eq for Card {}

/// A TOML syntax error as where it is and what is wrong, without quoting the text: the file
/// may be anything (`/etc/passwd`), and its contents have no place in an error message.
fn toml_error(text: &str, error: &toml::de::Error) -> Error {
    let place = error.span().map_or_else(String::new, |span| {
        let before = text.get(..span.start).unwrap_or(text);
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |at| at + 1);
        let column = before[line_start..].chars().count() + 1;
        format!(" at line {line}, column {column}")
    });
    Error::card(format!(
        "not a valid TOML card file: a syntax error{place} ({})",
        error.message().trim_end()
    ))
}

impl Card {
    /// Names of the built-in cards.
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(name, _)| *name).collect()
    }

    /// A built-in card by name (`"house-2026"`).
    pub fn builtin(name: &str) -> Result<Self> {
        match BUILTIN.iter().find(|(n, _)| *n == name) {
            Some((_, text)) => Self::from_toml(text),
            None => Err(Error::argument(format!(
                "unknown built-in card {name:?} (available: {})",
                Self::builtin_names().join(", ")
            ))),
        }
    }

    /// Parses, validates and compiles a card file. Every broken rule is reported, each naming
    /// the hand and what is wrong.
    /// The text may be at most [`MAX_CARD_BYTES`] long, with at most [`MAX_SECTIONS`] sections
    /// and [`MAX_HANDS`] hands; every check is linear in the size of the file.
    pub fn from_toml(text: &str) -> Result<Self> {
        if text.len() > MAX_CARD_BYTES {
            return Err(Error::card(format!(
                "the card text has {} bytes; a card file may have at most {MAX_CARD_BYTES}",
                text.len()
            )));
        }
        let doc: TomlTable = text.parse().map_err(|e| toml_error(text, &e))?;
        let mut errors = Errors::default();
        let card = Reader::new(&doc, "the file", &mut errors)
            .table("card")
            .unwrap_or_default();
        let id = Reader::new(&card, "[card]", &mut errors)
            .string("id")
            .unwrap_or_else(|| "?".to_owned());
        let parsed = parse_card(&doc, &card, id.clone(), &mut errors);
        match errors.0.as_slice() {
            [] => Ok(Self {
                source: text.to_owned(),
                ..parsed
            }),
            [one] => Err(Error::card(format!("card {id:?}: {one}"))),
            many => Err(Error::card(format!(
                "card {id:?}: {} problems:\n  {}",
                many.len(),
                many.join("\n  ")
            ))),
        }
    }

    /// The TOML text the card was compiled from (compiling it again gives the same card).
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The cell holding the view of a single exposure of `size` (3..=6) tiles of `kind`.
    pub(super) fn single_view(&self, kind: u8, size: u8) -> Option<&OnceLock<Arc<Table>>> {
        let slot = usize::from(kind) * 4 + usize::from(size.checked_sub(3)?);
        self.single_views.get(slot)
    }

    /// The table of every variant (what a rack without exposures is matched against).
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Index of the hand with `id`.
    pub fn hand_index(&self, id: &str) -> Result<usize> {
        self.hands
            .iter()
            .position(|h| h.id == id)
            .ok_or_else(|| Error::argument(format!("card {:?} has no hand {id:?}", self.id)))
    }

    /// The section of hand `hand`.
    pub fn section_of(&self, hand: usize) -> &Section {
        &self.sections[self.hands[hand].section]
    }
}

/// The problems found, in order, each once.
#[derive(Default)]
struct Errors(Vec<String>, HashSet<String>);

impl Errors {
    fn push(&mut self, message: String) {
        if self.1.insert(message.clone()) {
            self.0.push(message);
        }
    }
}

/// Typed access to one TOML table; problems go to `errors`, prefixed by `context`.
struct Reader<'a, 'e> {
    table: &'a TomlTable,
    context: String,
    errors: &'e mut Errors,
}

impl<'a, 'e> Reader<'a, 'e> {
    fn new(table: &'a TomlTable, context: impl Into<String>, errors: &'e mut Errors) -> Self {
        Self {
            table,
            context: context.into(),
            errors,
        }
    }

    fn error(&mut self, message: impl std::fmt::Display) {
        let context = &self.context;
        self.errors.push(format!("{context}: {message}"));
    }

    fn only(&mut self, allowed: &[&str]) {
        let unknown: Vec<&String> = self
            .table
            .keys()
            .filter(|k| !allowed.contains(&k.as_str()))
            .collect();
        for key in unknown {
            self.error(format!(
                "unknown key {key:?} (allowed: {})",
                allowed.join(", ")
            ));
        }
    }

    fn get(&mut self, key: &str, required: bool) -> Option<&'a Value> {
        let value = self.table.get(key);
        if value.is_none() && required {
            self.error(format!("missing {key:?}"));
        }
        value
    }

    fn wrong_type(&mut self, key: &str, expected: &str, value: &Value) {
        self.error(format!(
            "{key:?} must be {expected}, got {}",
            value.type_str()
        ));
    }

    fn string(&mut self, key: &str) -> Option<String> {
        self.typed(key, true, "a string", |v| v.as_str().map(str::to_owned))
    }

    fn optional_string(&mut self, key: &str) -> Option<String> {
        self.typed(key, false, "a string", |v| v.as_str().map(str::to_owned))
    }

    fn integer(&mut self, key: &str, required: bool) -> Option<i64> {
        self.typed(key, required, "an integer", Value::as_integer)
    }

    fn table(&mut self, key: &str) -> Option<TomlTable> {
        self.typed(key, true, "a table", |v| v.as_table().cloned())
    }

    fn tables(&mut self, key: &str) -> Vec<TomlTable> {
        self.typed(key, true, "an array of tables", |v| {
            v.as_array()?
                .iter()
                .map(|t| t.as_table().cloned())
                .collect::<Option<Vec<_>>>()
        })
        .unwrap_or_default()
    }

    fn typed<T>(
        &mut self,
        key: &str,
        required: bool,
        expected: &str,
        read: impl Fn(&Value) -> Option<T>,
    ) -> Option<T> {
        let value = self.get(key, required)?;
        let out = read(value);
        if out.is_none() {
            self.wrong_type(key, expected, value);
        }
        out
    }
}

fn parse_card(doc: &TomlTable, card: &TomlTable, id: String, errors: &mut Errors) -> Card {
    let mut top = Reader::new(doc, "the file", errors);
    top.only(&["schema", "card", "sections", "hands"]);
    if let Some(schema) = top.string("schema")
        && schema != SCHEMA
    {
        top.error(format!("schema {schema:?} is not {SCHEMA:?}"));
    }
    let section_tables = top.tables("sections");
    let hand_tables = top.tables("hands");

    let mut head = Reader::new(card, "[card]", errors);
    head.only(&["id", "name", "year", "description", "jokerless_bonus"]);
    let name = head.optional_string("name").unwrap_or_else(|| id.clone());
    let year = head.integer("year", false);
    let description = head.optional_string("description").unwrap_or_default();
    let bonus = head
        .optional_string("jokerless_bonus")
        .unwrap_or_else(|| JOKERLESS_BONUS[0].to_owned());
    if !JOKERLESS_BONUS.contains(&bonus.as_str()) {
        head.error(format!(
            "jokerless_bonus {bonus:?} is not one of {}",
            JOKERLESS_BONUS.join(", ")
        ));
    }

    let too_many_sections = section_tables.len() > MAX_SECTIONS;
    if too_many_sections {
        errors.push(format!(
            "the card has {}; a card may have at most {MAX_SECTIONS}",
            plural(section_tables.len() as u64, "section")
        ));
    }
    let sections = if too_many_sections {
        Vec::new()
    } else {
        parse_sections(&section_tables, errors)
    };
    let section_index: HashMap<&str, usize> = sections
        .iter()
        .enumerate()
        .map(|(i, s)| (s.key.as_str(), i))
        .collect();
    let mut hands = Vec::new();
    let mut ids = HashSet::new();
    let mut variants = Vec::new();
    let mut warnings = Vec::new();
    // A card with too many hands or sections cannot load anyway: do not expand its hands.
    let compiled = if hand_tables.len() > MAX_HANDS || too_many_sections {
        &[][..]
    } else {
        &hand_tables[..]
    };
    for (i, table) in compiled.iter().enumerate() {
        let compiled = parse_hand(i, table, &section_index, &mut ids, errors);
        if let Some((mut hand, arrangements)) = compiled {
            let start = variants.len();
            let index = hands.len();
            variants.extend(arrangements.into_iter().map(|a| Variant::new(index, a)));
            hand.variants = start..variants.len();
            check_variants(&hand, &variants[hand.variants.clone()], errors);
            warnings.extend(hand_warnings(
                &hand,
                &sections,
                &variants[hand.variants.clone()],
            ));
            hands.push(hand);
        }
    }
    if !HAND_COUNT.contains(&hand_tables.len()) {
        errors.push(format!(
            "the card has {}; a card has {} to {}",
            plural(hand_tables.len() as u64, "hand"),
            HAND_COUNT.start(),
            HAND_COUNT.end()
        ));
    }
    check_shared_variants(&hands, &variants, errors);
    let table = Table::new(
        HAND_SIZE,
        variants.iter().enumerate().map(|(i, v)| Column {
            variant: i,
            hand: v.hand,
            total: v.total,
            strict: &v.strict,
        }),
    );
    Card {
        id,
        name,
        year,
        description,
        jokerless_bonus: bonus != "none",
        sections,
        hands,
        variants,
        warnings,
        table,
        single_views: (0..SINGLE_VIEWS).map(|_| OnceLock::new()).collect(),
        source: String::new(),
    }
}

fn parse_sections(tables: &[TomlTable], errors: &mut Errors) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    let mut keys = HashSet::new();
    for (i, table) in tables.iter().enumerate() {
        let mut r = Reader::new(table, format!("sections[{i}]"), errors);
        r.only(&["key", "name", "no_jokerless_bonus"]);
        let key = r.string("key").unwrap_or_default();
        let name = r.string("name").unwrap_or_default();
        let no_jokerless_bonus = r
            .typed("no_jokerless_bonus", false, "a boolean", Value::as_bool)
            .unwrap_or(false);
        if !keys.insert(key.clone()) {
            r.error(format!("section key {key:?} is used twice"));
        }
        sections.push(Section {
            key,
            name,
            no_jokerless_bonus,
        });
    }
    sections
}

/// Reads and expands one hand; `None` if it is too broken to expand.
fn parse_hand(
    index: usize,
    table: &TomlTable,
    sections: &HashMap<&str, usize>,
    ids: &mut HashSet<String>,
    errors: &mut Errors,
) -> Option<(CardHand, BTreeSet<Arrangement>)> {
    let id = table
        .get("id")
        .and_then(Value::as_str)
        .map_or_else(|| format!("hands[{index}]"), str::to_owned);
    let mut r = Reader::new(table, format!("hand {id:?}"), errors);
    r.only(&[
        "id", "section", "pattern", "value", "xc", "note", "shift", "vars", "svars",
    ]);
    r.string("id");
    if !ids.insert(id.clone()) {
        r.error("the id is used by an earlier hand");
    }
    let section_key = r.string("section").unwrap_or_default();
    let section = sections.get(section_key.as_str()).copied();
    if section.is_none() && table.contains_key("section") {
        r.error(format!(
            "section {section_key:?} is not declared in [[sections]]"
        ));
    }
    // A value or xc of the wrong type is reported once, not again as out of range.
    let value = r.integer("value", true);
    if let Some(value) = value
        && !VALUES.contains(&value)
    {
        r.error(format!(
            "value {value} is outside {}..={}",
            VALUES.start(),
            VALUES.end()
        ));
    }
    let xc = r.string("xc").unwrap_or_default();
    if table.get("xc").is_some_and(Value::is_str) && xc != "X" && xc != "C" {
        r.error(format!("xc {xc:?} must be \"X\" or \"C\""));
    }
    let note = r.optional_string("note").unwrap_or_default();
    let shift = r.integer("shift", false);
    if let Some(s) = shift
        && !(1..=8).contains(&s)
    {
        r.error(format!("shift {s} is outside 1..=8"));
    }
    let vars = Variables {
        absolute: variables(&mut r, "vars"),
        shifted: variables(&mut r, "svars"),
    };
    for letter in vars.absolute.keys() {
        if vars.shifted.contains_key(letter) {
            r.error(format!(
                "variable '{letter}' is declared in both vars and svars"
            ));
        }
    }
    let patterns = r.typed(
        "pattern",
        true,
        "a string or an array of strings",
        |v| match v {
            Value::String(s) => Some(vec![s.clone()]),
            Value::Array(items) if !items.is_empty() => items
                .iter()
                .map(|i| i.as_str().map(str::to_owned))
                .collect(),
            _ => None,
        },
    )?;
    let mut parsed = Vec::new();
    for text in &patterns {
        match Pattern::parse(text, &vars) {
            Ok(p) => parsed.push(p),
            Err(e) => r.error(format!("pattern {text:?}: {e}")),
        }
    }
    let used: BTreeSet<char> = parsed.iter().flat_map(Pattern::variables).collect();
    for letter in vars.absolute.keys().chain(vars.shifted.keys()) {
        if !used.contains(letter) {
            r.error(format!("variable '{letter}' is declared but never used"));
        }
    }
    if parsed.len() != patterns.len() {
        return None;
    }
    let shift = shift.and_then(|s| u8::try_from(s).ok());
    let combinations = parsed
        .iter()
        .map(|p| p.combinations(shift, &vars))
        .fold(0u64, u64::saturating_add);
    if combinations > MAX_COMBINATIONS {
        r.error(format!(
            "the pattern has {combinations} combinations of suits, shifts, variable values and \
             free choices (`:*`, Z); a hand may have at most {MAX_COMBINATIONS}"
        ));
        return None;
    }
    let mut arrangements = BTreeSet::new();
    for p in &parsed {
        p.expand(shift, &vars, &mut arrangements);
    }
    if arrangements.is_empty() {
        r.error("the pattern has no concrete variant");
    }
    let hand = CardHand {
        id,
        section: section?,
        example: parsed.first()?.example(shift, &vars),
        patterns,
        value: u16::try_from(value?).ok()?,
        concealed: xc == "C",
        note,
        variants: 0..0,
    };
    Some((hand, arrangements))
}

/// Reads `vars` or `svars`: letter -> list of numbers 1..=9.
fn variables(r: &mut Reader<'_, '_>, key: &str) -> BTreeMap<char, Vec<u8>> {
    let mut out = BTreeMap::new();
    let Some(table) = r.typed(key, false, "a table", |v| v.as_table().cloned()) else {
        return out;
    };
    for (name, values) in &table {
        let mut chars = name.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(l), None) if l.is_ascii_lowercase() => l,
            _ => {
                r.error(format!(
                    "{key}: variable name {name:?} must be one lower-case letter"
                ));
                continue;
            }
        };
        let numbers: Option<Vec<u8>> = values.as_array().and_then(|items| {
            items
                .iter()
                .map(|i| {
                    i.as_integer()
                        .and_then(|n| u8::try_from(n).ok())
                        .filter(|n| (1..=9).contains(n))
                })
                .collect()
        });
        match numbers {
            Some(numbers) => {
                out.insert(letter, numbers);
            }
            None => r.error(format!(
                "{key}.{name} must be a list of numbers 1..=9, got {}",
                show(values)
            )),
        }
    }
    out
}

/// A TOML value in short TOML-like text, for messages.
fn show(value: &Value) -> String {
    match value {
        Value::String(s) => format!("{s:?}"),
        Value::Integer(i) => i.to_string(),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(show).collect::<Vec<_>>().join(", ")
        ),
        other => other.type_str().to_owned(),
    }
}

/// The per-variant rules of §3.5: naturals within the supply, at most 8 jokers (every
/// variant has 14 tiles: [`Pattern::parse`] checks that).
fn check_variants(hand: &CardHand, variants: &[Variant], errors: &mut Errors) {
    let id = &hand.id;
    let first = |bad: &dyn Fn(&Variant) -> bool| variants.iter().find(|v| bad(v));
    let over_supply = |v: &Variant| (0..KINDS).find(|&k| v.strict[k] > supply(k));
    if let Some(v) = first(&|v| over_supply(v).is_some()) {
        let kind = over_supply(v).unwrap_or_default();
        errors.push(format!(
            "hand {id:?}: a variant needs {} natural {} in singles and pairs, but only {} exist \
             ({})",
            v.strict[kind],
            tile_name(kind as u8),
            supply(kind),
            v.text()
        ));
    }
    if let Some(v) = first(&|v| v.jokers_needed() > u16::from(JOKER_SUPPLY)) {
        errors.push(format!(
            "hand {id:?}: a variant needs {}, but only {JOKER_SUPPLY} exist ({})",
            plural(v.jokers_needed(), "joker"),
            v.text()
        ));
    }
}

/// The warnings of §3.5 for one hand.
fn hand_warnings(hand: &CardHand, sections: &[Section], variants: &[Variant]) -> Vec<String> {
    let mut out = Vec::new();
    let no_bonus = sections[hand.section].no_jokerless_bonus;
    let no_sets = variants.iter().all(|v| v.arrangement.sets.is_empty());
    if no_sets && !no_bonus {
        out.push(format!(
            "hand {:?} has no set that takes jokers, so its jokerless bonus is automatic",
            hand.id
        ));
    }
    if no_bonus && !hand.concealed {
        out.push(format!(
            "hand {:?} is a singles-and-pairs hand but is not concealed",
            hand.id
        ));
    }
    out
}

/// Card rule of §3.5: no two hands share a concrete variant.
fn check_shared_variants(hands: &[CardHand], variants: &[Variant], errors: &mut Errors) {
    let mut owner: HashMap<&Arrangement, usize> = HashMap::new();
    let mut reported = BTreeSet::new();
    for v in variants {
        match owner.get(&v.arrangement) {
            Some(&other) if other != v.hand => {
                if reported.insert((other, v.hand)) {
                    errors.push(format!(
                        "hands {:?} and {:?} share the variant {} (the paid hand would be \
                         ambiguous)",
                        hands[other].id,
                        hands[v.hand].id,
                        v.text()
                    ));
                }
            }
            Some(_) => {}
            None => {
                owner.insert(&v.arrangement, v.hand);
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The house card's TOML text.
    pub(crate) fn house_text() -> &'static str {
        BUILTIN[0].1
    }

    /// A hand table for tests, in section `section`.
    pub(crate) fn hand(id: &str, section: &str, pattern: &str, xc: &str, extra: &str) -> String {
        format!(
            "\n[[hands]]\nid = \"{id}\"\nsection = \"{section}\"\npattern = \"{pattern}\"\n\
             value = 25\nxc = \"{xc}\"\n{extra}\n"
        )
    }

    /// The house card with extra hands appended.
    pub(crate) fn house_with(hands: &[String]) -> String {
        format!("{}{}", house_text(), hands.concat())
    }

    fn error(text: &str) -> String {
        Card::from_toml(text).unwrap_err().message().to_owned()
    }

    fn replaced(from: &str, to: &str) -> String {
        assert!(house_text().contains(from), "{from}");
        house_text().replacen(from, to, 1)
    }

    fn with_one(pattern: &str, extra: &str) -> String {
        house_with(&[hand("test-1", "year", pattern, "X", extra)])
    }

    #[test]
    fn many_sections_are_capped_and_checked_in_linear_time() {
        // Issue 10: 100,000 [[sections]] took 17 s in a quadratic duplicate check.
        let many: String = (0..100_000)
            .map(|i| format!("[[sections]]\nkey = \"s{i}\"\nname = \"S\"\n"))
            .collect();
        let text = house_text().replacen("[[sections]]", &format!("{many}[[sections]]"), 1);
        let start = std::time::Instant::now();
        let e = error(&text);
        assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
        assert!(
            e.contains("100010 sections; a card may have at most 100"),
            "{e}"
        );
        // Within the cap, duplicates are still found (through a set, not pairwise).
        let twice = house_text().replacen(
            "[[sections]]",
            "[[sections]]\nkey = \"year\"\nname = \"Again\"\n\n[[sections]]",
            1,
        );
        assert!(error(&twice).contains("section key \"year\" is used twice"));
        let big = " ".repeat(MAX_CARD_BYTES + 1);
        assert!(error(&big).contains("at most 4194304"));
    }

    #[test]
    fn a_bad_value_is_reported_once_and_errors_one_per_line() {
        // Issue 10: `value = "high"` also gave a spurious "value 0 is outside 25..=75".
        let e = error(&replaced("value = 25", "value = \"high\""));
        assert!(
            e.contains("\"value\" must be an integer, got string"),
            "{e}"
        );
        assert!(!e.contains("outside"), "{e}");
        let e = error(&replaced("xc = \"X\"", "xc = 1"));
        assert!(!e.contains("must be \"X\" or \"C\""), "{e}");
        // Several problems: one per line, each once.
        let e = error(&house_with(&[
            hand("year-1", "nope", "FF 1111:a 9999:a NNN", "Y", ""),
            hand("year-1", "nope", "FF 1111:a 9999:a NNN", "Y", ""),
        ]));
        let lines: Vec<&str> = e.lines().collect();
        assert!(lines[0].ends_with("problems:"), "{e}");
        let unique: HashSet<&str> = lines.iter().copied().collect();
        assert_eq!(unique.len(), lines.len(), "{e}");
    }

    #[test]
    fn the_house_card_compiles_to_822_variants() {
        let card = Card::builtin("house-2026").unwrap();
        assert_eq!(card.hands.len(), 58);
        assert_eq!(card.sections.len(), 10);
        assert_eq!(card.variants.len(), 822);
        assert_eq!(card.table().variants().len(), 822);
        assert!(card.warnings.is_empty(), "{:?}", card.warnings);
        let most = card.hands.iter().map(|h| h.variants.len()).max();
        assert_eq!(most, Some(54));
        assert_eq!(card.hands.iter().filter(|h| h.concealed).count(), 12);
        let like1 = &card.hands[card.hand_index("like-1").unwrap()];
        assert_eq!(like1.variants.len(), 54);
        let tiles = |v: &Variant| v.total.iter().map(|&n| u16::from(n)).sum::<u16>();
        assert!(card.variants.iter().all(|v| tiles(v) == 14));
        assert_eq!(card.section_of(0).name, "2026");
    }

    #[test]
    fn a_valid_extra_hand_loads() {
        let card = Card::from_toml(&with_one("FF 1111:a 9999:b 8888:c", "")).unwrap();
        assert_eq!(card.hands.len(), 59);
        assert_eq!(card.hands[58].variants.len(), 6);
    }

    #[test]
    fn rule_unique_hand_id() {
        let e = error(&replaced("id = \"year-2\"", "id = \"year-1\""));
        assert!(
            e.contains("hand \"year-1\": the id is used by an earlier hand"),
            "{e}"
        );
    }

    #[test]
    fn rule_section_exists() {
        let e = error(&replaced("section = \"year\"", "section = \"years\""));
        assert!(
            e.contains("hand \"year-1\": section \"years\" is not declared"),
            "{e}"
        );
    }

    #[test]
    fn rule_value_in_range() {
        let e = error(&replaced("value = 25", "value = 24"));
        assert!(
            e.contains("hand \"year-1\": value 24 is outside 25..=75"),
            "{e}"
        );
        let e = error(&replaced("value = 25", "value = 80"));
        assert!(e.contains("value 80"), "{e}");
    }

    #[test]
    fn rule_xc_is_x_or_c() {
        let e = error(&replaced("xc = \"X\"", "xc = \"Y\""));
        assert!(e.contains("hand \"year-1\": xc \"Y\" must be"), "{e}");
    }

    #[test]
    fn rule_at_most_three_suit_letters() {
        // The grammar has three suit letters, so a fourth is an unknown suit.
        let e = error(&with_one("FF 111:a 111:b 111:c 111:d", ""));
        assert!(
            e.contains("hand \"test-1\": pattern")
                && e.contains("unknown suit \"d\"")
                && e.contains("there are 3 suits"),
            "{e}"
        );
    }

    #[test]
    fn rule_every_variable_declared() {
        let e = error(&with_one("FF vvvv:a 1111:b 9999:c", ""));
        assert!(e.contains("variable 'v' is not declared"), "{e}");
        let e = error(&with_one("FF 1111:a 9999:b 8888:c", "vars = { w = [1] }"));
        assert!(e.contains("variable 'w' is declared but never used"), "{e}");
    }

    #[test]
    fn rule_at_least_one_variant() {
        let e = error(&with_one("FF vvvv:a 1111:b 9999:c", "vars = { v = [] }"));
        assert!(
            e.contains("hand \"test-1\": the pattern has no concrete variant"),
            "{e}"
        );
    }

    #[test]
    fn rule_fourteen_tiles() {
        let e = error(&with_one("FF 1111:a 9999:a NNN", ""));
        assert!(
            e.contains("hand \"test-1\": pattern \"FF 1111:a 9999:a NNN\": 13 tiles, not 14"),
            "{e}"
        );
    }

    #[test]
    fn long_patterns_are_rejected_before_any_sum() {
        // Such hands once overflowed the u8 tile sums (45 sextets = 270 tiles wrapped to 14).
        for (group, repeat, tiles) in [("FFFFFF", 43, 258), ("FF", 130, 260), ("111111:a", 45, 270)]
        {
            let e = error(&with_one(&vec![group; repeat].join(" "), ""));
            assert!(
                e.contains("hand \"test-1\": pattern")
                    && e.contains(&format!("{tiles} tiles, not 14")),
                "{e}"
            );
        }
    }

    #[test]
    fn costly_patterns_fail_before_expanding() {
        let limit = format!("a hand may have at most {MAX_COMBINATIONS}");
        // 4^14 winds for 14 single Z.
        let e = error(&with_one(&["Z"; 14].join(" "), ""));
        assert!(
            e.contains("hand \"test-1\": the pattern has 268435456 combinations")
                && e.contains(&limit),
            "{e}"
        );
        // Large variable lists multiply too: 6 suit assignments x 36^3 values.
        let values = format!("[{}]", ["1, 2, 3, 4, 5, 6, 7, 8, 9"; 4].join(", "));
        let extra = format!("vars = {{ v = {values}, w = {values}, x = {values} }}");
        let e = error(&with_one("vvvv:a wwww:b xxxx:c FF", &extra));
        assert!(
            e.contains("has 279936 combinations") && e.contains(&limit),
            "{e}"
        );
        // A suit on a group that needs none no longer multiplies the choices.
        let e = error(&with_one("ZZZZ:* 1111:a 1111:b FF", ""));
        assert!(
            e.contains("\"ZZZZ:*\": suit \"*\" on a group without numbers"),
            "{e}"
        );
    }

    #[test]
    fn real_hands_stay_far_below_the_combination_cap() {
        let doc: TomlTable = house_text().parse().unwrap();
        let mut errors = Errors::default();
        let mut most = 0;
        for hand in doc["hands"].as_array().unwrap() {
            let mut r = Reader::new(hand.as_table().unwrap(), "hand", &mut errors);
            let vars = Variables {
                absolute: variables(&mut r, "vars"),
                shifted: variables(&mut r, "svars"),
            };
            let shift = r.integer("shift", false).map(|s| s as u8);
            let pattern = Pattern::parse(&r.string("pattern").unwrap(), &vars).unwrap();
            most = most.max(pattern.combinations(shift, &vars));
        }
        assert!(errors.0.is_empty());
        assert_eq!(most, 54);
        assert!(most * 100 < MAX_COMBINATIONS);
    }

    #[test]
    fn rule_naturals_within_supply() {
        let e = error(&with_one("FF 11:a 11:a 11:a 11:a 11:a NN", ""));
        assert!(
            e.contains("needs 10 natural 1C in singles and pairs"),
            "{e}"
        );
    }

    #[test]
    fn rule_at_most_eight_jokers() {
        let e = error(&with_one("66666:a 66666:a 6666:a", ""));
        assert!(
            e.contains("a variant needs 10 jokers, but only 8 exist"),
            "{e}"
        );
    }

    #[test]
    fn rule_forty_to_sixty_hands() {
        let parts: Vec<&str> = house_text().split("\n[[hands]]").collect();
        let e = error(&parts[..40].join("\n[[hands]]"));
        assert!(
            e.contains("the card has 39 hands; a card has 40 to 60"),
            "{e}"
        );
        let extra: Vec<String> = ["FF 1111:a 9999:b 8888:c", "FF 1111:a 9999:b 7777:c"]
            .iter()
            .zip(["t1", "t2"])
            .map(|(p, id)| hand(id, "year", p, "X", ""))
            .chain([hand("t3", "year", "FF 1111:a 9999:b 6666:c", "X", "")])
            .collect();
        assert!(error(&house_with(&extra)).contains("61 hands"));
    }

    #[test]
    fn rule_no_shared_variant() {
        let e = error(&with_one("FFF 2026:a 666:b 6666:c", ""));
        assert!(
            e.contains("hands \"year-1\" and \"test-1\" share the variant"),
            "{e}"
        );
    }

    #[test]
    fn warnings_are_reported_but_load() {
        let card = Card::from_toml(&house_with(&[
            hand("t1", "runs", "FF 11:a 22:a 33:a 44:a 55:a 66:a", "X", ""),
            hand("t2", "pairs", "FF 11:a 33:a 55:a 77:a 99:a NN", "X", ""),
        ]))
        .unwrap();
        assert_eq!(card.warnings.len(), 2, "{:?}", card.warnings);
        assert!(card.warnings[0].contains("\"t1\" has no set that takes jokers"));
        assert!(
            card.warnings[1].contains("\"t2\" is a singles-and-pairs hand but is not concealed")
        );
    }

    #[test]
    fn file_level_errors() {
        assert!(error("schema = ").contains("not a valid TOML card file"));
        let e = error("id = 1\nroot:x:0:0:root:/root:/bin/bash\n");
        assert!(e.contains("syntax error at line 2, column "), "{e}");
        assert!(!e.contains("root") && !e.contains('|'), "{e}");
        let e = error(&replaced("card/0.1", "card/9"));
        assert!(e.contains("schema \"mahjong.american.card/9\""), "{e}");
        let e = error(&replaced("value = 25", "value = 25\nvalu = 3"));
        assert!(e.contains("hand \"year-1\": unknown key \"valu\""), "{e}");
        let e = error(&replaced(
            "pattern = \"FFF 2026:a",
            "pattern = \"FFF 2026:a 7X",
        ));
        assert!(
            e.contains("hand \"year-1\": pattern") && e.contains("'X'"),
            "{e}"
        );
        let e = error(&replaced("value = 25", "value = \"25\""));
        assert!(
            e.contains("\"value\" must be an integer, got string"),
            "{e}"
        );
        assert!(error("x = 1").contains("missing \"schema\""));
        let e = Card::builtin("nmjl-2025").unwrap_err();
        assert!(e.message().contains("available: house-2026"));
    }

    #[test]
    fn variant_text_groups_sets() {
        let card = Card::builtin("house-2026").unwrap();
        let v = &card.variants[card.hands[0].variants.start];
        assert_eq!(v.text().split(' ').count(), 7, "{}", v.text());
        assert!(v.text().contains("FFF"));
        assert_eq!(v.jokers_needed(), 0);
    }
}
