//! The sanma spec's 28 scored hands (T-S01-T-S28) and their variants under both three-player
//! presets, read from `tests/data/sanma_scoring_cases.json` (the file
//! `tests/riichi/test_scoring_sanma.py` reads too): through `score`, as a user scores a hand.

mod common;

use common::{
    Diff, check_all, checked_win, context, number, object, payments, ruleset, score_case,
    test_data, text, tsumo_payments, winner,
};
use mahjong_core::Result;
use mahjong_core::riichi::{Ruleset, ScoreResult, WinContext};
use serde_json::{Map, Value as Json};

fn load() -> Json {
    test_data("sanma_scoring_cases.json")
}

/// The case scored under `rules`, its context changed by `changes`.
fn run(case: &Json, rules: &Ruleset, changes: &Map<String, Json>) -> Result<ScoreResult> {
    let mut fields = object(&case["context"]).clone();
    fields.extend(changes.clone());
    score_case(case, &context(&fields), rules)
}

/// The expected values under `preset`: the case's, with the preset's own fields over them.
fn expected(case: &Json, preset: &str) -> Map<String, Json> {
    let mut out = object(&case["expected"]).clone();
    if let Some(own) = case.get(preset) {
        out.extend(object(own).clone());
    }
    out
}

/// The payments a `payments` object of the file stands for, honba added, by payer seat wind
/// (the two payers of a tsumo are the other two seats of East, South and West).
fn expected_payments(paid: &Json, ctx: &WinContext, rules: &Ruleset) -> Vec<(Option<u8>, i64)> {
    if let Some(ron) = paid.get("ron") {
        let payer = ctx.discarder.map(|w| w as u8);
        let honba = i64::from(rules.honba_ron) * i64::from(ctx.honba);
        return vec![(payer, number(ron) + honba)];
    }
    let winner = winner(ctx);
    tsumo_payments(paid, (0..3u8).filter(|&s| s != winner), ctx.honba)
}

/// The payments or the score changes against `paid`.
fn check_paid(diff: &mut Diff, r: &ScoreResult, paid: &Json, ctx: &WinContext, rules: &Ruleset) {
    match paid.get("deltas") {
        Some(deltas) => {
            let want: Vec<i64> = deltas.as_array().unwrap().iter().map(number).collect();
            let got = r.settlement.deltas.map(|d| d.to_vec());
            diff.check("deltas", got, Some([want, vec![0]].concat()));
        }
        None => diff.check("payments", payments(r), expected_payments(paid, ctx, rules)),
    }
}

/// What differs between the case scored under `preset` and its expected values.
fn differences(case: &Json, preset: &str) -> Diff {
    let rules = ruleset(preset, &[]);
    let want = expected(case, preset);
    let ctx = context(object(&case["context"]));
    let mut diff = Diff::default();
    let Some(r) = checked_win(&mut diff, run(case, &rules, &Map::new()), &want) else {
        return diff;
    };
    if let Some(han) = want.get("han") {
        diff.check("han", i64::from(r.han), number(han));
    }
    if !want["fu"].is_null() {
        diff.check("fu", i64::from(r.fu), number(&want["fu"]));
    }
    diff.check(
        "kazoe",
        r.kazoe,
        want.get("kazoe").is_some_and(|k| k == true),
    );
    check_paid(&mut diff, &r, &want["payments"], &ctx, &rules);
    if let Some(gain) = want.get("gain") {
        diff.check("gain", r.settlement.gain, number(gain));
    }
    if let Some(paid) = want.get("north_bisection") {
        let rules = ruleset(
            preset,
            &[object(
                &serde_json::json!({"tsumo_split": "north_bisection"}),
            )],
        );
        match run(case, &rules, &Map::new()) {
            Ok(r) => check_paid(&mut diff, &r, paid, &ctx, &rules),
            Err(e) => diff.check("north_bisection", format!("error {e}"), String::new()),
        }
    }
    diff
}

#[test]
fn sanma_cases_under_both_presets() {
    let doc = load();
    let cases = doc["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 28);
    for preset in doc["presets"].as_array().unwrap() {
        let preset = text(preset);
        check_all(cases, preset, |case| {
            differences(case, preset).report(format!("{} {preset}", text(&case["id"])))
        });
    }
}

#[test]
fn sanma_variants() {
    let doc = load();
    let cases = doc["cases"].as_array().unwrap();
    let variants = doc["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 5);
    check_all(variants, "sanma variants", |variant| {
        let case = cases.iter().find(|c| c["id"] == variant["case"]).unwrap();
        let rules = ruleset("tenhou-sanma", &[object(&variant["rules"])]);
        let mut diff = Diff::default();
        match run(case, &rules, object(&variant["context"])) {
            Ok(r) => {
                if let Some(points) = variant.get("points") {
                    diff.check("points", r.points, number(points));
                }
                if variant.get("deltas").is_some() {
                    let ctx = context(object(&case["context"]));
                    check_paid(&mut diff, &r, variant, &ctx, &rules);
                }
            }
            Err(e) => diff.check("result", format!("error {e}"), "a win".to_owned()),
        }
        diff.report(variant.to_string())
    });
}
