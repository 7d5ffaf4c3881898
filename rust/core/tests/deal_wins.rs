//! Deal acceptance tests (rules spec §5.2 and §1): wins and their settlement: multiple ron,
//! pao, tenhou/chiihou/renhou, honba and deposits (R8, R12.2, R15, R16.1; P23, P24).
//!
//! Each test drives a deal from an explicit wall; see `table/mod.rs` for the seat and
//! draw-position conventions.

mod table;

use mahjong_core::riichi::game::Action;
use mahjong_core::riichi::{Preset, Ruleset, Yaku, Yakuman};
use table::{JUNK, Table, WallBuilder, has_yaku, has_yakuman, seed, setup};

/// P23 (R12.1, R12.2, R16.1): double ron with 1 honba and 2 sticks on the table, South in
/// riichi (a third stick). Tenhou: West pays North's hand + 300 and South's hand; North,
/// nearest after West, takes all three sticks. EMA (`winners_reclaim`, honba to each):
/// South takes its own stick back, North the other two, both get the honba.
#[test]
fn p23_double_ron_settlement() {
    let hands = [
        "258m258p258s369s4z",
        "45m123p777z789s11p",
        "3m69m369p147s28s36z",
        "12m456p789p555z11s",
    ];
    let wall = WallBuilder::new(0, hands).draws(&["9m"]).avoid("3m6m");
    let setup = mahjong_core::riichi::game::DealSetup {
        honba: 1,
        riichi_sticks: 2,
        ..setup(0)
    };
    for preset in [Preset::Tenhou, Preset::Ema] {
        let mut t = Table::new(setup, &wall, &Ruleset::preset(preset));
        t.tsumogiri(0);
        t.riichi(1, "9m");
        t.discard_hold(2, "3m");
        t.act(3, Action::Ron);
        t.act(1, Action::Ron);
        let out = t.outcome().clone();
        let seats: Vec<usize> = out.wins.iter().map(|w| w.seat).collect();
        assert_eq!(seats, [3, 1]);
        let (north, south) = (out.wins[0].points, out.wins[1].points);
        let expected = if preset == Preset::Tenhou {
            [0, south - 1000, -(north + 300) - south, north + 300 + 3000]
        } else {
            [
                0,
                south + 300,
                -(north + 300) - (south + 300),
                north + 300 + 2000,
            ]
        };
        assert_eq!(out.deltas, expected, "{preset:?}");
        assert_eq!(out.riichi_sticks, 0);
        assert!(!out.dealer_keeps);
    }
}

/// South pons 5z (East), 6z and 7z (West) and waits on 1m-4m: West is liable and on turn.
fn pao_table(honba: u32) -> Table {
    let hands = [
        "5z258m258p258s369s",
        "55z66z77z23m99p19s4z",
        "67z346m147p147s28s",
        "4m368m478p478s123z",
    ];
    let wall = WallBuilder::new(0, hands)
        .draws(&["?", "?", "?", "?", "?", "1m"])
        .avoid("1m4m");
    let setup = mahjong_core::riichi::game::DealSetup { honba, ..setup(0) };
    let mut t = Table::new(setup, &wall, &seed());
    for (from, dragon, junk) in [(0, "5z", "1s"), (2, "6z", "9s"), (2, "7z", "4z")] {
        if from == 2 {
            assert_eq!(t.deal.turn(), Some(2));
        }
        t.discard_hold(from, dragon);
        t.act(1, Action::Pon(t.pair(1, &format!("{dragon}{dragon}"))));
        t.pass_all();
        t.discard(1, junk);
    }
    assert_eq!(t.deal.player(1).liable, Some(2));
    assert_eq!(t.deal.turn(), Some(2));
    t
}

/// P24 (R15.1–R15.3): daisangen completed by a pon of West's 7z: (a) South's tsumo is paid
/// by West alone, honba included (`pao_honba = liable`); (b) North deals in: North and
/// West pay half each; (c) West deals in and pays it all.
#[test]
fn p24_pao_daisangen() {
    let mut t = pao_table(1);
    t.tsumogiri(2);
    t.tsumogiri(3);
    t.tsumogiri(0);
    t.act(1, Action::Tsumo);
    assert!(has_yakuman(t.win(), Yakuman::Daisangen));
    assert_eq!(t.outcome().deltas, [0, 32_300, -32_300, 0]);

    let mut t = pao_table(0);
    t.tsumogiri(2);
    t.discard_hold(3, "4m");
    t.act(1, Action::Ron);
    assert_eq!(t.outcome().deltas, [0, 32_000, -16_000, -16_000]);

    // (c) The liable West deals in: West pays it all.
    let mut t = pao_table(0);
    t.discard_hold(2, "4m");
    t.act(1, Action::Ron);
    assert_eq!(t.outcome().deltas, [0, 32_000, -32_000, 0]);
}

/// R8.2: the dealer's 14 dealt tiles win: tenhou.
#[test]
fn tenhou_on_the_dealt_hand() {
    let hands = ["123m456m789m123p5p", JUNK[1], JUNK[2], JUNK[3]];
    let wall = WallBuilder::new(0, hands).dealer_draw("5p");
    let mut t = Table::seed(0, &wall);
    t.act(0, Action::Tsumo);
    assert!(has_yakuman(t.win(), Yakuman::Tenhou));
    assert_eq!(t.outcome().deltas, [48_000, -16_000, -16_000, -16_000]);
}

/// R8.3: a non-dealer's tsumo on the first draw is chiihou, unless a call came before.
#[test]
fn chiihou_needs_an_uninterrupted_first_go_around() {
    let hands = [
        "258m258p258s369s7z",
        "123m456m789m123p5p",
        JUNK[2],
        "478m478p47s23577z",
    ];
    for call in [false, true] {
        // After North's pon of 7z, South's first draw is W[54].
        let draws: &[&str] = if call { &["?", "5p"] } else { &["5p"] };
        let wall = WallBuilder::new(0, hands).draws(draws).avoid("5p");
        let mut t = Table::seed(0, &wall);
        if call {
            t.discard_hold(0, "7z");
            t.act(3, Action::Pon(t.pair(3, "77z")));
            t.pass_all();
            t.discard(3, "2z");
        }
        t.tsumogiri(0);
        t.act(1, Action::Tsumo);
        assert_eq!(has_yakuman(t.win(), Yakuman::Chiihou), !call);
    }
}

/// R8.4: a non-dealer's ron before its first draw is renhou where the option is on (WRC:
/// a mangan yaku), nothing in the seed.
#[test]
fn renhou_by_option() {
    let hands = ["5p258m258s369s147z", "123m456m789m123p5p", JUNK[2], JUNK[3]];
    let wall = WallBuilder::new(0, hands).dealer_draw("8p");
    for preset in [Preset::Wrc, Preset::Seed] {
        let mut t = Table::new(setup(0), &wall, &Ruleset::preset(preset));
        t.discard_hold(0, "5p");
        t.act(1, Action::Ron);
        assert_eq!(
            has_yaku(t.win(), Yaku::Renhou),
            preset == Preset::Wrc,
            "{preset:?}"
        );
    }
}

/// R16.1: with 2 honba and 1 stick, a ron pays the hand + 600 and the winner takes the stick;
/// a tsumo pays 200 per payer on top of each share.
#[test]
fn honba_and_deposits_in_settlement() {
    let hands = ["5p258m258s369s147z", "123m456m789m123p5p", JUNK[2], JUNK[3]];
    let setup = mahjong_core::riichi::game::DealSetup {
        honba: 2,
        riichi_sticks: 1,
        ..setup(0)
    };
    // Sticks passed in need a game of several deals (R13.5).
    let rules = Ruleset {
        game_length: mahjong_core::riichi::rules::GameLength::Hanchan,
        ..seed()
    };
    // Ron on East's 5p.
    let wall = WallBuilder::new(0, hands).dealer_draw("8p");
    let mut t = Table::new(setup, &wall, &rules);
    t.discard_hold(0, "5p");
    t.act(1, Action::Ron);
    let points = t.win().points;
    assert_eq!(t.outcome().deltas, [-points - 600, points + 1600, 0, 0]);
    // Tsumo on South's first draw: chiihou, 16,000 / 8,000.
    let wall = WallBuilder::new(0, hands).dealer_draw("8p").draws(&["5p"]);
    let mut t = Table::new(setup, &wall, &rules);
    t.tsumogiri(0);
    t.act(1, Action::Tsumo);
    assert_eq!(t.outcome().deltas, [-16_200, 33_600, -8_200, -8_200]);
    assert_eq!(t.deal.scores().iter().sum::<i64>(), 101_000);
}

/// R1.4, R16.1: seat winds follow the dealer seat: a tenhou by the dealer at seat 2 and a
/// chiihou by seat 2 when seat 1 deals are paid by the right seats.
#[test]
fn payments_follow_the_dealer_seat() {
    let win = "123m456m789m123p5p";
    let hands = [JUNK[0], JUNK[1], win, JUNK[3]];
    let wall = WallBuilder::new(2, hands).dealer_draw("5p");
    let mut t = Table::seed(2, &wall);
    t.act(2, Action::Tsumo);
    assert!(has_yakuman(t.win(), Yakuman::Tenhou));
    assert_eq!(t.outcome().deltas, [-16_000, -16_000, 48_000, -16_000]);
    assert!(t.outcome().dealer_keeps);

    let wall = WallBuilder::new(1, hands).draws(&["5p"]).avoid("5p");
    let mut t = Table::seed(1, &wall);
    t.tsumogiri(1);
    t.act(2, Action::Tsumo);
    assert!(has_yakuman(t.win(), Yakuman::Chiihou));
    assert_eq!(t.outcome().deltas, [-8_000, -16_000, 32_000, -8_000]);
    assert!(!t.outcome().dealer_keeps);
}
