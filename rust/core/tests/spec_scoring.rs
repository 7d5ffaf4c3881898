//! The rules spec's 65 hand-scoring cases (§5.1) and their option variants, read from
//! `tests/data/spec_scoring_cases.json` (the file `tests/test_scoring_spec.py` reads too).

mod common;

use common::{
    Diff, check_all, checked_win, context, number, object, payments, ruleset, score_case,
    test_data, text, tsumo_payments, winner,
};
use mahjong_core::riichi::{Ruleset, ScoreResult};
use mahjong_core::{ErrorKind, Result};
use serde_json::{Map, Value as Json};

fn load() -> Json {
    test_data("spec_scoring_cases.json")
}

/// The base ruleset with the case's options and `extra` set.
fn rules(doc: &Json, case: &Json, extra: Option<&Map<String, Json>>) -> Ruleset {
    let base = &doc["base_rules"];
    let mut options = vec![object(&base["options"]), object(&case["rules"])];
    options.extend(extra);
    ruleset(text(&base["preset"]), &options)
}

fn run(case: &Json, rules: &Ruleset) -> Result<ScoreResult> {
    score_case(case, &context(object(&case["context"])), rules)
}

/// The payments the spec's table implies (it writes them before honba), by payer seat wind.
fn expected_payments(case: &Json) -> Vec<(Option<u8>, i64)> {
    let ctx = context(object(&case["context"]));
    let paid = &case["expected"]["payments"];
    let mut out = match paid.get("ron") {
        Some(ron) => vec![(None, number(ron) + 300 * i64::from(ctx.honba))],
        None => {
            let winner = winner(&ctx);
            tsumo_payments(paid, (0..4u8).filter(|&s| s != winner), ctx.honba)
        }
    };
    out.sort_by_key(|&(payer, _)| payer.unwrap_or(4));
    out
}

/// What differs between the result of `case` and its expected values.
fn differences(case: &Json, result: Result<ScoreResult>) -> Diff {
    let expected = &case["expected"];
    let mut diff = Diff::default();
    if expected["win"] == Json::Bool(false) {
        let complete = expected["complete"].as_bool().unwrap();
        match result {
            Err(e) if !complete && e.kind() == ErrorKind::InvalidHand => {}
            Err(e) => diff.check("result", format!("error {e}"), "no win".to_owned()),
            Ok(r) if !complete => diff.check("result", format!("{r:?}"), "an error".to_owned()),
            Ok(r) => diff.check(
                "(is_win, payments, points)",
                (r.is_win, payments(&r), r.points),
                (false, Vec::new(), 0),
            ),
        }
        return diff;
    }
    let Some(r) = checked_win(&mut diff, result, object(expected)) else {
        return diff;
    };
    if let Some(units) = expected.get("yakuman_units") {
        diff.check("yakuman units", i64::from(r.yakuman_units), number(units));
    } else {
        diff.check("han", i64::from(r.han), number(&expected["han"]));
        diff.check("kazoe", Some(r.kazoe), expected["kazoe"].as_bool());
    }
    if !expected["fu"].is_null() {
        diff.check("fu", i64::from(r.fu), number(&expected["fu"]));
    }
    if let Some(ron) = expected["payments"].get("ron") {
        diff.check("points", r.points, number(ron));
    }
    diff.check("payments", payments(&r), expected_payments(case));
    if let Some(gain) = expected.get("gain") {
        diff.check("gain", r.settlement.gain, number(gain));
    }
    diff
}

#[test]
fn spec_cases() {
    let doc = load();
    let cases = doc["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 65);
    check_all(cases, "spec cases", |case| {
        let result = run(case, &rules(&doc, case, None));
        differences(case, result).report(text(&case["id"]).to_owned())
    });
}

#[test]
fn spec_variants() {
    let doc = load();
    let variants = doc["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 16);
    let cases = doc["cases"].as_array().unwrap();
    check_all(variants, "spec variants", |variant| {
        let case = cases
            .iter()
            .find(|c| c["id"] == variant["case"])
            .unwrap_or_else(|| panic!("no case {}", variant["case"]));
        let rules = rules(&doc, case, Some(object(&variant["rules"])));
        let got = run(case, &rules).map(|r| (r.is_win, r.points));
        let want = (true, number(&variant["points"]));
        (got.as_ref().ok() != Some(&want))
            .then(|| format!("{variant}: got {got:?}, expected {want:?}"))
    });
}
