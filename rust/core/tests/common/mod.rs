//! Shared helpers of the scoring integration tests: JSON input to the core's scoring API and
//! its results back to plain values.
//!
//! Every `WinContext` is built by [`context`] and every result is read through the functions
//! below, so a change of the context's seat type or of `ScoreResult`'s payments is adapted
//! here, in one place. (Each test file includes this module; not all use every helper.)
#![allow(dead_code)]

use std::path::PathBuf;

use mahjong_core::notation::parse_sequence;
use mahjong_core::riichi::{
    Indicators, Preset, Ruleset, ScoreResult, Value, Win, WinContext, score,
};
use mahjong_core::{Meld, MeldKind, Result, Tiles, Wind};
use serde_json::{Map, Value as Json};

/// A file of this repository, by path from its root.
pub(crate) fn repo_file(path: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(path)
}

/// A file of the third-party reference data (`../shared/data` next to the repository, or
/// `$MAHJONG_DATA_DIR`); `None`, with a message saying why the test is skipped, when absent.
pub(crate) fn reference_file(folder: &str, name: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("MAHJONG_DATA_DIR")
        .map_or_else(|| repo_file("../shared/data"), PathBuf::from);
    let path = dir.join(folder).join(name);
    if path.is_file() {
        Some(path)
    } else {
        eprintln!(
            "skipped: reference data {} not found (put the shared data at ../shared/data \
             relative to the repository root or set MAHJONG_DATA_DIR)",
            path.display()
        );
        None
    }
}

/// The records of a JSON-lines file of the reference data, or `None` (skip) when absent.
pub(crate) fn reference_records(folder: &str, name: &str) -> Option<Vec<Json>> {
    let text = std::fs::read_to_string(reference_file(folder, name)?).unwrap();
    let records = text.lines().map(|line| serde_json::from_str(line).unwrap());
    Some(records.collect())
}

/// A JSON object.
pub(crate) fn object(value: &Json) -> &Map<String, Json> {
    value
        .as_object()
        .unwrap_or_else(|| panic!("expected an object, got {value}"))
}

/// A JSON string.
pub(crate) fn text(value: &Json) -> &str {
    value
        .as_str()
        .unwrap_or_else(|| panic!("expected a string, got {value}"))
}

/// A JSON integer.
pub(crate) fn number(value: &Json) -> i64 {
    value
        .as_i64()
        .unwrap_or_else(|| panic!("expected an integer, got {value}"))
}

/// The items, sorted (to compare lists whose order does not matter).
pub(crate) fn sorted<T: Ord>(mut items: Vec<T>) -> Vec<T> {
    items.sort();
    items
}

/// MPSZ tiles, e.g. `"234m0p"`.
pub(crate) fn tiles(text: &str) -> Tiles {
    Tiles::parse(text).unwrap_or_else(|e| panic!("bad tiles {text:?}: {e}"))
}

/// The kinds of MPSZ tiles in the order written (red fives as fives).
pub(crate) fn kinds(text: &str) -> Vec<u8> {
    parse_sequence(text)
        .unwrap_or_else(|e| panic!("bad tiles {text:?}: {e}"))
        .0
}

/// The kind of one tile, e.g. `"5s"` or `"0m"`.
pub(crate) fn kind(text: &str) -> u8 {
    match kinds(text)[..] {
        [k] => k,
        _ => panic!("{text:?} is not one tile"),
    }
}

/// A seat or round wind: `"E"`..`"N"` or 0..=3. (Where `WinContext` takes a wind type.)
pub(crate) fn wind(value: &Json) -> u8 {
    match value {
        Json::String(s) => "ESWN"
            .find(s.as_str())
            .filter(|_| s.len() == 1)
            .unwrap_or_else(|| panic!("bad wind {s:?}")) as u8,
        _ => u8::try_from(value.as_u64().unwrap_or(9))
            .ok()
            .filter(|&w| w < 4)
            .unwrap_or_else(|| panic!("bad wind {value}")),
    }
}

/// Indicator tiles: a list of tile names.
fn indicators(value: &Json) -> Indicators {
    let names: Vec<&str> = value
        .as_array()
        .unwrap_or_else(|| panic!("indicators must be a list, got {value}"))
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    Indicators::new(&kinds(&names.concat())).unwrap()
}

/// A `WinContext` from the keyword arguments of the Python `WinContext` (`tsumo`, `riichi`,
/// `seat_wind`, `dora_indicators`, `honba`, `discarder`, ...). Unknown keys are an error, so a
/// data file cannot set something the test silently ignores.
pub(crate) fn context(fields: &Map<String, Json>) -> WinContext {
    let mut ctx = WinContext::default();
    for (key, value) in fields {
        let flag = || {
            value
                .as_bool()
                .unwrap_or_else(|| panic!("{key} must be a bool, got {value}"))
        };
        let count = || u32::try_from(value.as_u64().unwrap()).unwrap();
        let seat = || (!value.is_null()).then(|| Wind::ALL[usize::from(wind(value))]);
        match key.as_str() {
            name if WinContext::FLAGS.iter().any(|f| f.0 == name) => {
                ctx.set_flag(name, flag()).unwrap();
            }
            "seat_wind" => ctx.seat_wind = Wind::ALL[usize::from(wind(value))],
            "round_wind" => ctx.round_wind = Wind::ALL[usize::from(wind(value))],
            "dora_indicators" => ctx.dora_indicators = indicators(value),
            "ura_indicators" => ctx.ura_indicators = indicators(value),
            "honba" => ctx.honba = count(),
            "riichi_sticks" => ctx.riichi_sticks = count(),
            "discarder" => ctx.discarder = seat(),
            "liable" => ctx.liable = seat(),
            "kita" => ctx.kita = u8::try_from(value.as_u64().unwrap()).unwrap(),
            _ => panic!("unknown WinContext field {key:?}"),
        }
    }
    ctx
}

/// The winner's seat wind, as a number 0..=3 (payers and deltas are indexed by it).
pub(crate) fn winner(ctx: &WinContext) -> u8 {
    ctx.seat_wind as u8
}

/// A JSON value as a ruleset option value.
fn option_value(value: &Json) -> Value {
    match value {
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => Value::Int(n.as_i64().unwrap()),
        Json::String(s) => Value::Str(s.clone()),
        Json::Null => Value::None,
        Json::Array(items) => Value::List(items.iter().map(option_value).collect()),
        Json::Object(_) => panic!("an option value cannot be an object: {value}"),
    }
}

/// A preset with options set by name (as `Ruleset.preset(name).replace(**options)`).
pub(crate) fn ruleset(preset: &str, options: &[&Map<String, Json>]) -> Ruleset {
    let mut rules = Ruleset::preset(Preset::parse(preset).unwrap());
    for (name, value) in options.iter().flat_map(|o| o.iter()) {
        rules
            .set(name, &option_value(value))
            .unwrap_or_else(|e| panic!("option {name}: {e}"));
    }
    rules
}

/// A meld from its API kind name, MPSZ tiles and called tile (`None` for an ankan).
pub(crate) fn meld(kind: &str, tile_text: &str, called: Option<u8>) -> Meld {
    Meld::new(
        MeldKind::parse(kind).unwrap(),
        tiles(tile_text),
        called,
        None,
    )
    .unwrap_or_else(|e| panic!("bad meld {kind} {tile_text}: {e}"))
}

/// A JSON file of the repository's test data (`tests/data/{name}`), parsed.
pub(crate) fn test_data(name: &str) -> Json {
    let path = repo_file(&format!("tests/data/{name}"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Scores a case of a scoring-cases file (`concealed` without the `win_tile`, `melds` as
/// `[kind, tiles, called]`) in `ctx` under `rules`.
pub(crate) fn score_case(case: &Json, ctx: &WinContext, rules: &Ruleset) -> Result<ScoreResult> {
    let win = text(&case["win_tile"]);
    let concealed = tiles(&format!("{}{win}", text(&case["concealed"])));
    let melds: Vec<Meld> = case["melds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| meld(text(&m[0]), text(&m[1]), m[2].as_str().map(kind)))
        .collect();
    score_win(&concealed, kind(win), &melds, ctx, rules)
}

/// `[romaji, number]` pairs of a cases file, sorted.
pub(crate) fn pairs(value: &Json) -> Vec<(String, u8)> {
    let list = value.as_array().unwrap().iter();
    sorted(
        list.map(|p| (text(&p[0]).to_owned(), number(&p[1]) as u8))
            .collect(),
    )
}

/// Scores concealed tiles (winning tile included) with melds.
pub(crate) fn score_win(
    concealed: &Tiles,
    win_tile: u8,
    melds: &[Meld],
    ctx: &WinContext,
    rules: &Ruleset,
) -> Result<ScoreResult> {
    let win = Win {
        concealed,
        win_tile,
        melds,
    };
    score(&win, ctx, rules)
}

/// Yaku as (romaji id, han), in the result's order.
pub(crate) fn yaku(result: &ScoreResult) -> Vec<(String, u8)> {
    let list = result.yaku.iter();
    list.map(|&(y, han)| (y.romaji().to_owned(), han)).collect()
}

/// Yakuman as (romaji id, units), in the result's order.
pub(crate) fn yakuman(result: &ScoreResult) -> Vec<(String, u8)> {
    let list = result.yakuman.iter();
    list.map(|&(y, units)| (y.romaji().to_owned(), units))
        .collect()
}

/// Payments as (payer seat wind or `None` for an unnamed discarder, amount).
pub(crate) fn payments(result: &ScoreResult) -> Vec<(Option<u8>, i64)> {
    let list = result.settlement.payments.iter();
    list.map(|p| (p.payer.map(|w| w as u8), p.amount)).collect()
}

/// The tsumo payments a cases file's `payments` object stands for (`all`, or `dealer` and
/// `non_dealer`), 100 per honba added, by payer seat wind.
pub(crate) fn tsumo_payments(
    paid: &Json,
    payers: impl Iterator<Item = u8>,
    honba: u32,
) -> Vec<(Option<u8>, i64)> {
    let amount = |key: &str| number(&paid[key]);
    let each = |seat: u8| match paid.get("all") {
        Some(_) => amount("all"),
        None if seat == 0 => amount("dealer"),
        None => amount("non_dealer"),
    };
    payers
        .map(|s| (Some(s), each(s) + 100 * i64::from(honba)))
        .collect()
}

/// Score change per seat wind, when every payer is known.
pub(crate) fn deltas(result: &ScoreResult) -> Option<[i64; 4]> {
    result.settlement.deltas
}

/// The limit's name (`None` below mangan).
pub(crate) fn limit(result: &ScoreResult) -> Option<&'static str> {
    result.limit.name()
}

/// Collects `what: got …, expected …` lines for the values that differ.
#[derive(Default)]
pub(crate) struct Diff(Vec<String>);

impl Diff {
    pub(crate) fn check<T: PartialEq + std::fmt::Debug>(&mut self, what: &str, got: T, want: T) {
        if got != want {
            self.0
                .push(format!("{what}: got {got:?}, expected {want:?}"));
        }
    }

    /// The lines, prefixed with where they come from; `None` when nothing differs.
    pub(crate) fn report(self, r#where: String) -> Option<String> {
        (!self.0.is_empty()).then(|| format!("{where}: {}", self.0.join("; ")))
    }
}

/// The result of a case expected to win: a win with the `yaku` and `yakuman` of `want`, the
/// differences noted in `diff`; `None` (noted too) when scoring failed.
pub(crate) fn checked_win(
    diff: &mut Diff,
    result: Result<ScoreResult>,
    want: &Map<String, Json>,
) -> Option<ScoreResult> {
    let r = match result {
        Ok(r) => r,
        Err(e) => {
            diff.check("result", format!("error {e}"), "a win".to_owned());
            return None;
        }
    };
    diff.check("is_win", r.is_win, true);
    diff.check("yaku", sorted(yaku(&r)), pairs(&want["yaku"]));
    diff.check("yakuman", sorted(yakuman(&r)), pairs(&want["yakuman"]));
    Some(r)
}

/// Checks every item, then fails once listing the first failures (`check` returns a message).
pub(crate) fn check_all<T>(items: &[T], what: &str, check: impl Fn(&T) -> Option<String>) {
    let failures: Vec<String> = items.iter().filter_map(check).collect();
    assert!(
        failures.is_empty(),
        "{} of {} {what} differ:\n{}",
        failures.len(),
        items.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
