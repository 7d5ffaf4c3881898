//! Deal acceptance tests (rules spec §5.2 and §1): the three furiten (R11; P11–P13) and what
//! counts as passing a tile.
//!
//! Each test drives a deal from an explicit wall; see `table/mod.rs` for the seat and
//! draw-position conventions.

mod table;

use mahjong_core::riichi::game::{Action, Furiten, Reason};
use mahjong_core::riichi::rules::TempFuritenEnd;
use mahjong_core::riichi::{Preset, Ruleset, Yaku};
use table::{JUNK, Table, WallBuilder, has_yaku, kind, seed, setup};

/// P11 (R11.2, R11.5, R9.3): South waits on 1m-4m with 4m in its own discards: no ron on
/// 1m, but tsumo on 1m wins.
#[test]
fn p11_discard_furiten_covers_the_whole_wait() {
    let hands = [
        JUNK[0],
        "23m456p789p123s55s",
        "1m69m369p147s268s7z",
        JUNK[3],
    ];
    let wall = WallBuilder::new(0, hands)
        .draws(&["4m", "?", "?", "?", "1m"])
        .avoid("1m4m");
    let mut t = Table::seed(0, &wall);
    t.tsumogiri(0);
    t.discard(1, "4m");
    t.discard_hold(2, "1m");
    assert!(!t.can_ron(1), "discard furiten");
    assert_eq!(t.deal.player(1).furiten(), Some(Furiten::Discard));
    let why = [Reason::Furiten {
        kind: Furiten::Discard,
    }];
    assert_eq!(t.deal.blocked(1), why);
    t.pass_all();
    // Said until South's next draw, even when no claim window stayed open.
    assert_eq!(t.deal.blocked(1), why);
    t.tsumogiri(3);
    t.tsumogiri(0);
    assert!(t.can_tsumo(1));
    assert_eq!(t.deal.blocked(1), []);
    t.act(1, Action::Tsumo);
    assert!(has_yaku(t.win(), Yaku::MenzenTsumo));
}

fn temp_furiten_table(end: TempFuritenEnd) -> Table {
    let hands = [
        "48m77z258p258s369s",
        "23m456p789p123s55s",
        "146m369p147s268s7z",
        "69m7z478p478s2356z",
    ];
    let wall = WallBuilder::new(0, hands).avoid("1m4m");
    let rules = Ruleset {
        temp_furiten_end: end,
        ..seed()
    };
    let mut t = Table::new(setup(0), &wall, &rules);
    t.tsumogiri(0);
    t.tsumogiri(1);
    t.discard_hold(2, "1m");
    assert!(t.can_ron(1));
    t.pass_all();
    assert_eq!(t.deal.player(1).furiten(), Some(Furiten::Temporary));
    // North discards 7z, East pons it and discards 4m.
    t.discard_hold(3, "7z");
    t.act(0, Action::Pon(t.pair(0, "77z")));
    t.pass_all();
    t.discard_hold(0, "4m");
    t
}

/// P12 (R11.3): South passes West's 1m; East's 4m in the same go-around cannot
/// be ronned; South's next draw ends it. With `temp_furiten_end = any_call_too` East's pon
/// ends it at once.
#[test]
fn p12_temporary_furiten() {
    let mut t = temp_furiten_table(TempFuritenEnd::OwnNextTile);
    assert!(!t.can_ron(1), "temporary furiten");
    t.pass_all();
    t.tsumogiri(1);
    assert_eq!(t.deal.player(1).furiten(), None);
    t.discard_hold(2, "4m");
    assert!(t.can_ron(1), "ended by South's own draw");

    let mut t = temp_furiten_table(TempFuritenEnd::AnyCallToo);
    assert!(t.can_ron(1), "ended by East's pon");
    t.act(1, Action::Ron);
    assert_eq!(t.win().seat, 1);
}

/// P13 (R11.4, R6.3): South in riichi waiting on 3s-6s passes West's 6s: no ron for the rest
/// of the hand, only the drawn tile may be discarded, tsumo on 3s still wins.
#[test]
fn p13_riichi_furiten() {
    let hands = [
        JUNK[0],
        "45s123m456m789p11z",
        "69m369p147s268s37z",
        "478m478p3478s256z",
    ];
    let wall = WallBuilder::new(0, hands)
        .draws(&["9m", "?", "?", "?", "?", "?", "?", "?", "3s"])
        .avoid("3s6s");
    let mut t = Table::seed(0, &wall);
    t.tsumogiri(0);
    t.riichi(1, "9m");
    assert!(t.deal.player(1).riichi);
    t.discard_hold(2, "6s");
    assert!(t.can_ron(1));
    t.pass_all();
    t.discard_hold(3, "3s");
    assert!(!t.can_ron(1), "riichi furiten");
    t.pass_all();
    t.tsumogiri(0);
    let drawn = t.deal.drawn().unwrap();
    assert_eq!(t.deal.legal_actions(1), [Action::Discard(drawn)]);
    t.tsumogiri(1);
    t.tsumogiri_turns(3);
    assert_eq!(t.deal.player(1).furiten(), Some(Furiten::Riichi));
    assert!(t.can_tsumo(1));
    t.act(1, Action::Tsumo);
    // The riichi was South's first discard with no call before: double riichi (R6.4).
    assert!(has_yaku(t.win(), Yaku::DoubleRiichi));
}

/// R11.3 `temp_furiten_trigger`: South waits on 1m-4m without a yaku (no ron possible).
/// Passing West's 1m starts temporary furiten with `any_wait_tile`, not with
/// `legal_ron_only`.
#[test]
fn temporary_furiten_trigger() {
    use mahjong_core::riichi::rules::TempFuritenTrigger;
    let hands = [JUNK[0], "23m456p789p123s11z", "146m369p147s268s7z", JUNK[3]];
    let wall = WallBuilder::new(0, hands).avoid("1m4m");
    for (trigger, furiten) in [
        (TempFuritenTrigger::AnyWaitTile, true),
        (TempFuritenTrigger::LegalRonOnly, false),
    ] {
        let rules = Ruleset {
            temp_furiten_trigger: trigger,
            ..seed()
        };
        let mut t = Table::new(setup(0), &wall, &rules);
        t.tsumogiri(0);
        t.tsumogiri(1);
        t.discard_hold(2, "1m");
        assert!(!t.can_ron(1), "no yaku");
        assert_eq!(t.deal.blocked(1), [Reason::NoYaku { tsumo: false }]);
        t.pass_all();
        assert_eq!(
            t.deal.player(1).furiten() == Some(Furiten::Temporary),
            furiten,
            "{trigger:?}"
        );
    }
}

/// R11.3, R11.4, R5.4: with `kokushi_rob_ankan` on, an ankan of a kind in a non-kokushi
/// player's wait is no chance to ron, so it is no pass: South, in riichi on 3p-6p, may
/// still ron East's 3p discarded after East's ankan of 6p.
#[test]
fn an_ankan_is_no_pass_for_furiten() {
    let hands = [
        "6666p3p258m25s369s",
        "45p123m456m789s22z",
        "2358m478p258s16z9p",
        JUNK[3],
    ];
    let wall = WallBuilder::new(0, hands).draws(&["9m"]).avoid("3p");
    let rules = Ruleset::preset(Preset::MahjongSoul);
    assert!(rules.kokushi_rob_ankan);
    let mut t = Table::new(setup(0), &wall, &rules);
    t.tsumogiri(0);
    t.riichi(1, "9m");
    t.tsumogiri_turns(2);
    t.act(0, Action::Ankan(kind("6p")));
    t.pass_all();
    assert_ne!(t.deal.player(1).furiten(), Some(Furiten::Riichi));
    t.discard_hold(0, "3p");
    assert!(t.can_ron(1));
}

/// R11.2: a discard later called away still counts: South's 4m, ponned by West, keeps
/// South (waiting on 1m-4m) from ronning North's 1m.
#[test]
fn called_discard_still_causes_furiten() {
    let hands = [
        JUNK[0],
        "23m456p789p123s55s",
        "44m69m369p147s268s",
        "1m78m478p47s2356z9s",
    ];
    let wall = WallBuilder::new(0, hands).draws(&["4m"]).avoid("1m4m");
    let mut t = Table::seed(0, &wall);
    t.tsumogiri(0);
    t.discard_hold(1, "4m");
    t.act(2, Action::Pon(t.pair(2, "44m")));
    t.pass_all();
    t.discard(2, "9m");
    assert!(t.deal.player(1).pond[0].called);
    t.discard_hold(3, "1m");
    assert!(!t.can_ron(1));
}

/// R5.5, R11.3: passing a chance to rob a kakan is temporary furiten: West (pinfu on
/// 3s-6s) passes South's kakan of 3s and then cannot ron South's 6s from the replacement.
#[test]
fn passing_a_chankan_is_temporary_furiten() {
    let mut t =
        table::south_kakan_after_daiminkan("45s7p123m456p789s2p", "2p", |w| w.at(135, "6s"));
    assert!(t.can_ron(2));
    t.act(2, Action::Pass);
    assert_eq!(t.deal.player(2).furiten(), Some(Furiten::Temporary));
    t.discard_hold(1, "6s");
    assert!(!t.can_ron(2));
}
