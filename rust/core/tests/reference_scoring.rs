//! Scoring against the third-party records in `../shared/data` (skipped when absent), as
//! `tests/test_scoring_tenhou.py` and `tests/test_scoring_majiang.py` check them:
//! - `tenhou_cases/wins.jsonl`: the 747 wins of the Tenhou records (742 four-player ones under
//!   tenhou, 5 three-player ones under tenhou-sanma);
//! - `majiang_scoring/hule_cases.jsonl`: 5,000 hands scored by kobalab/majiang-core.

mod common;

use common::{
    Diff, check_all, context, deltas, kind, limit, meld, number, object, reference_records,
    ruleset, score_win, sorted, tiles, yaku, yakuman,
};
use mahjong_core::Meld;
use serde_json::{Value as Json, json};

/// Tile names joined into MPSZ text.
fn joined(names: &Json) -> String {
    names
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect()
}

// --- Tenhou records ---

fn tenhou_check(case: &Json) -> Option<String> {
    let expected = &case["expected"];
    let want_deltas: Vec<i64> = expected["deltas"]
        .as_array()
        .unwrap()
        .iter()
        .map(number)
        .collect();
    let oya = number(&case["oya"]);
    let who = number(&case["who"]);
    let players = number(&case["players"]);
    let seat_wind = |seat: i64| (seat - oya).rem_euclid(players);
    let is_kita = |m: &&Json| m["type"] == "kita";
    let kita = case["melds"]
        .as_array()
        .unwrap()
        .iter()
        .filter(is_kita)
        .count();
    // Deposits are not in the record; they are what the winner gets beyond the payments.
    let paid: i64 = -want_deltas.iter().filter(|&&d| d < 0).sum::<i64>();
    let sticks = (want_deltas[who as usize] - paid) / 1000;
    let flags = &case["flags"];
    let tsumo = flags["tsumo"].as_bool().unwrap();
    let double_riichi = flags["double_riichi"].as_bool().unwrap();
    let first_winner = number(&expected["win_index_in_deal"]) == 0;
    let ctx = context(object(&json!({
        "tsumo": tsumo,
        "riichi": flags["riichi"].as_bool().unwrap() && !double_riichi,
        "double_riichi": double_riichi,
        "ippatsu": flags["ippatsu"],
        "rinshan": flags["rinshan"],
        "chankan": flags["chankan"],
        "haitei": flags["haitei"],
        "houtei": flags["houtei"],
        "tenhou": flags["tenhou"],
        "chiihou": flags["chiihou"],
        "seat_wind": case["seat_wind"],
        "round_wind": case["round_wind"],
        "dora_indicators": case["dora_indicators"],
        "ura_indicators": case["ura_indicators"],
        "honba": if first_winner { number(&case["honba"]) } else { 0 },
        "riichi_sticks": sticks,
        "discarder": if tsumo { Json::Null } else { json!(seat_wind(number(&case["from_who"]))) },
        "liable": case["pao"].as_i64().map(seat_wind),
        "kita": kita,
    })));
    let melds: Vec<Meld> = case["melds"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| !is_kita(m))
        .map(|m| {
            let kind_name = m["type"].as_str().unwrap();
            let text = joined(&m["tiles"]);
            // As the Python test: the meld's lowest kind stands for the called tile.
            let called = (kind_name != "ankan").then(|| tiles(&text).kinds()[0]);
            meld(kind_name, &text, called)
        })
        .collect();
    let rules = ruleset(
        if players == 3 {
            "tenhou-sanma"
        } else {
            "tenhou"
        },
        &[],
    );
    let concealed = tiles(&joined(&case["concealed_hand"]));
    let win_tile = kind(case["win_tile"].as_str().unwrap());
    let r#where = format!("{} deal {}", case["file"], case["deal_index"]);
    let result = match score_win(&concealed, win_tile, &melds, &ctx, &rules) {
        Ok(result) => result,
        Err(e) => return Some(format!("{where}: error {e}")),
    };
    let mut diff = Diff::default();
    diff.check("is_win", result.is_win, true);
    let want_yaku = expected["yaku"].as_array().unwrap().iter();
    let want_yaku = want_yaku.filter(|y| number(&y["han"]) > 0).map(|y| {
        (
            y["name"].as_str().unwrap().to_owned(),
            number(&y["han"]) as u8,
        )
    });
    diff.check(
        "yaku",
        sorted(dora_with_nukidora(yaku(&result))),
        sorted(want_yaku.collect()),
    );
    let want_yakuman = expected["yakuman"].as_array().unwrap().iter();
    let want_yakuman: Vec<String> = want_yakuman
        .map(|y| y["name"].as_str().unwrap().to_owned())
        .collect();
    let got_yakuman: Vec<String> = yakuman(&result).into_iter().map(|(y, _)| y).collect();
    diff.check("yakuman", got_yakuman, want_yakuman);
    diff.check("han", i64::from(result.han), number(&expected["han"]));
    diff.check("fu", i64::from(result.fu), number(&expected["fu"]));
    diff.check("points", result.points, number(&expected["points"]));
    diff.check("limit", limit(&result), expected["limit"].as_str());
    // Deltas are by seat wind; the record's are by seat (a fourth, empty one with three).
    let by_seat = deltas(&result).map(|by_wind| {
        let mut out = vec![0i64; 4];
        for (wind, delta) in by_wind.iter().enumerate().take(players as usize) {
            out[(oya as usize + wind) % players as usize] = *delta;
        }
        out
    });
    diff.check("deltas", by_seat, Some(want_deltas));
    diff.report(r#where)
}

/// Yaku as Tenhou lists them: nukidora counted in dora (sanma spec TL2.6).
fn dora_with_nukidora(yaku: Vec<(String, u8)>) -> Vec<(String, u8)> {
    let han = |name: &str| {
        yaku.iter()
            .filter(|(y, _)| y == name)
            .map(|(_, h)| h)
            .sum::<u8>()
    };
    let nuki = han("nukidora");
    if nuki == 0 {
        return yaku;
    }
    let dora = han("dora") + nuki;
    let mut out: Vec<(String, u8)> = yaku
        .into_iter()
        .filter(|(y, _)| y != "dora" && y != "nukidora")
        .collect();
    out.push(("dora".to_owned(), dora));
    out
}

#[test]
fn tenhou_wins() {
    let Some(wins) = reference_records("tenhou_cases", "wins.jsonl") else {
        return;
    };
    let three = wins.iter().filter(|w| w["players"] == 3).count();
    assert_eq!((wins.len(), three), (747, 5));
    check_all(&wins, "Tenhou wins", tenhou_check);
}

// --- majiang-core scored hands ---

/// Majiang yaku names (Japanese) to our romaji ids.
const MAJIANG_NAMES: &[(&str, &str)] = &[
    ("門前清自摸和", "menzen_tsumo"),
    ("立直", "riichi"),
    ("ダブル立直", "double_riichi"),
    ("一発", "ippatsu"),
    ("槍槓", "chankan"),
    ("嶺上開花", "rinshan_kaihou"),
    ("海底摸月", "haitei"),
    ("河底撈魚", "houtei"),
    ("平和", "pinfu"),
    ("断幺九", "tanyao"),
    ("一盃口", "iipeikou"),
    ("七対子", "chiitoitsu"),
    ("混全帯幺九", "chanta"),
    ("一気通貫", "ittsu"),
    ("三色同順", "sanshoku_doujun"),
    ("三色同刻", "sanshoku_doukou"),
    ("三槓子", "sankantsu"),
    ("対々和", "toitoi"),
    ("三暗刻", "sanankou"),
    ("小三元", "shousangen"),
    ("混老頭", "honroutou"),
    ("二盃口", "ryanpeikou"),
    ("純全帯幺九", "junchan"),
    ("混一色", "honitsu"),
    ("清一色", "chinitsu"),
    ("ドラ", "dora"),
    ("裏ドラ", "ura_dora"),
    ("赤ドラ", "aka_dora"),
    ("四暗刻", "suuankou"),
    ("四暗刻単騎", "suuankou_tanki"),
    ("国士無双", "kokushi_musou"),
    ("国士無双１３面", "kokushi_musou_13"),
    ("大三元", "daisangen"),
    ("字一色", "tsuuiisou"),
    ("緑一色", "ryuuiisou"),
    ("清老頭", "chinroutou"),
    ("九蓮宝燈", "chuuren_poutou"),
    ("純正九蓮宝燈", "junsei_chuuren_poutou"),
    ("大四喜", "daisuushii"),
    ("小四喜", "shousuushii"),
    ("四槓子", "suukantsu"),
    ("天和", "tenhou"),
    ("地和", "chiihou"),
    ("自風 東", "seat_wind_east"),
    ("自風 南", "seat_wind_south"),
    ("自風 西", "seat_wind_west"),
    ("自風 北", "seat_wind_north"),
    ("場風 東", "round_wind_east"),
    ("場風 南", "round_wind_south"),
    ("場風 西", "round_wind_west"),
    ("場風 北", "round_wind_north"),
    ("翻牌 白", "yakuhai_haku"),
    ("翻牌 發", "yakuhai_hatsu"),
    ("翻牌 中", "yakuhai_chun"),
];

fn majiang_name(name: &str) -> String {
    let found = MAJIANG_NAMES.iter().find(|(kanji, _)| *kanji == name);
    found
        .unwrap_or_else(|| panic!("unknown majiang yaku {name:?}"))
        .1
        .to_owned()
}

/// Majiang notation (suit letter first, e.g. `m345p40`) to MPSZ tile names in written order.
fn majiang_tiles(text: &str) -> Vec<String> {
    let mut suit = None;
    let mut out = Vec::new();
    for ch in text.chars() {
        match ch {
            'm' | 'p' | 's' | 'z' => suit = Some(ch),
            '0'..='9' => out.push(format!("{ch}{}", suit.unwrap())),
            _ => {}
        }
    }
    out
}

/// A majiang meld: `m34-0` chi, `z111=` pon, `m5555+` daiminkan, `m5555` ankan, `m555=5` kakan.
fn majiang_meld(text: &str) -> Meld {
    let names = majiang_tiles(text);
    let suit = &text[..1];
    let chars: Vec<char> = text.chars().collect();
    let marked = chars
        .windows(2)
        .find(|w| w[0].is_ascii_digit() && "+=-".contains(w[1]))
        .map(|w| kind(&format!("{}{suit}", w[0])));
    let kind_name = if names.len() == 4 {
        match marked {
            None => "ankan",
            Some(_) if chars.last().unwrap().is_ascii_digit() => "kakan",
            Some(_) => "daiminkan",
        }
    } else if names.iter().all(|n| kind(n) == kind(&names[0])) {
        "pon"
    } else {
        "chi"
    };
    meld(kind_name, &names.concat(), marked)
}

fn majiang_check(case: &Json) -> Option<String> {
    let (given, expected) = (&case["in"], &case["out"]);
    let shoupai = given["shoupai"].as_str().unwrap();
    let mut parts = shoupai.split(',');
    let mut names = majiang_tiles(parts.next().unwrap());
    let melds: Vec<Meld> = parts.map(majiang_meld).collect();
    let param = &given["param"];
    let flags = &param["hupai"];
    let seat = number(&param["menfeng"]);
    let (win, discarder) = match given["rongpai"].as_str() {
        Some(ron) => {
            let source = match ron.chars().last().unwrap() {
                '+' => 1,
                '=' => 2,
                '-' => 3,
                other => panic!("bad rongpai source {other:?}"),
            };
            let win = majiang_tiles(ron).remove(0);
            names.push(win.clone());
            (win, json!((seat + source) % 4))
        }
        None => (names.last().unwrap().clone(), Json::Null),
    };
    let indicator_names = |value: &Json| -> Vec<String> {
        let list = value.as_array().map_or(&[][..], Vec::as_slice);
        list.iter()
            .flat_map(|p| majiang_tiles(p.as_str().unwrap()))
            .collect()
    };
    // Flags are numbers (lizhi 1/2, haidi 1/2, tianhu 1/2) or true (yifa, qianggang, lingshang).
    let flag = |name: &str| match flags.get(name) {
        Some(Json::Bool(b)) => i64::from(*b),
        Some(value) => number(value),
        None => 0,
    };
    let ctx = context(object(&json!({
        "tsumo": discarder.is_null(),
        "riichi": flag("lizhi") == 1,
        "double_riichi": flag("lizhi") == 2,
        "ippatsu": flag("yifa") != 0,
        "chankan": flag("qianggang") != 0,
        "rinshan": flag("lingshang") != 0,
        "haitei": flag("haidi") == 1,
        "houtei": flag("haidi") == 2,
        "tenhou": flag("tianhu") == 1,
        "chiihou": flag("tianhu") == 2,
        "seat_wind": seat,
        "round_wind": param["zhuangfeng"],
        "dora_indicators": indicator_names(&param["baopai"]),
        "ura_indicators": indicator_names(&param["fubaopai"]),
        "honba": param["jicun"]["changbang"],
        "riichi_sticks": param["jicun"]["lizhibang"],
        "discarder": discarder,
    })));
    let rules = ruleset("tenhou", &[object(&json!({"double_yakuman": true}))]);
    let r#where = format!("case {}", case["case_index"]);
    let result = match score_win(&tiles(&names.concat()), kind(&win), &melds, &ctx, &rules) {
        Ok(result) => result,
        Err(e) => return Some(format!("{where}: error {e}")),
    };
    let mut diff = Diff::default();
    diff.check("is_win", result.is_win, true);
    let hupai = expected["hupai"].as_array().unwrap();
    let want_yaku = hupai
        .iter()
        .filter(|h| h["fanshu"].as_i64().is_some_and(|n| n > 0))
        .map(|h| {
            (
                majiang_name(h["name"].as_str().unwrap()),
                number(&h["fanshu"]) as u8,
            )
        });
    diff.check("yaku", sorted(yaku(&result)), sorted(want_yaku.collect()));
    let want_yakuman = hupai
        .iter()
        .filter(|h| h["fanshu"].is_string())
        .map(|h| majiang_name(h["name"].as_str().unwrap()));
    let got_yakuman = yakuman(&result).into_iter().map(|(y, _)| y);
    diff.check(
        "yakuman",
        sorted(got_yakuman.collect()),
        sorted(want_yakuman.collect()),
    );
    match expected["damanguan"].as_i64() {
        Some(units) => diff.check("yakuman units", i64::from(result.yakuman_units), units),
        None => diff.check(
            "(han, fu)",
            (i64::from(result.han), i64::from(result.fu)),
            (number(&expected["fanshu"]), number(&expected["fu"])),
        ),
    }
    diff.check("points", result.points, number(&expected["defen"]));
    let want_deltas = expected["fenpei"].as_array().unwrap().iter().map(number);
    let got_deltas = deltas(&result).map(|d| d.map(i64::from).to_vec());
    diff.check("deltas", got_deltas, Some(want_deltas.collect()));
    diff.report(r#where)
}

#[test]
fn majiang_scored_hands() {
    let Some(cases) = reference_records("majiang_scoring", "hule_cases.jsonl") else {
        return;
    };
    assert_eq!(cases.len(), 5000);
    check_all(&cases, "majiang hands", majiang_check);
}
