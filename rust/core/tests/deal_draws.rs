//! Deal acceptance tests (rules spec §5.2 and §1): deals that end without a win: tenpai, noten
//! payments, nagashi, abortive draws (R13, R14; P14–P16, P21, P22, P25).
//!
//! Each test drives a deal from an explicit wall; see `table/mod.rs` for the seat and
//! draw-position conventions.

mod table;

use mahjong_core::riichi::game::{Action, DrawReason, Event, Reason};
use mahjong_core::riichi::rules::GameLength;
use mahjong_core::riichi::{Preset, Ruleset};
use table::{JUNK, Table, WallBuilder, assert_aborted, kind, seed, setup, tenhou, tenpai_table};

/// P14 (R13.1, R13.2, R6.1b): 1111m234p678s789s waits only on a fifth 1m: no riichi, noten
/// at the draw. A hand waiting only on 5s, all four of which North discarded, is tenpai.
#[test]
fn p14_karaten() {
    let hands = [
        "258m258p28s369s45z",
        "1111m234p678s789s",
        "234m567m888m11z46s",
        "0555s479m47p9p236z",
    ];
    let wall = WallBuilder::new(0, hands).draws(&["5z"]).avoid("1m");
    let mut t = Table::seed(0, &wall);
    t.tsumogiri(0);
    // Keeping the 13 tiles (discarding the drawn 5z) is no riichi.
    let drawn = t.deal.drawn().unwrap();
    assert!(!t.can(1, Action::Riichi(drawn)));
    t.tsumogiri(1);
    t.tsumogiri(2);
    for _ in 0..4 {
        assert_eq!(t.deal.turn(), Some(3));
        t.discard(3, "5s");
        t.tsumogiri_turns(3);
    }
    t.play_out();
    let tenpai = t.outcome().tenpai;
    assert!(!tenpai[1], "karaten is noten");
    assert!(
        tenpai[2],
        "a wait whose copies are all visible still counts"
    );
}

/// P15 (R13.4, R16.3): noten payments for each tenpai set; the dealer keeps the deal when
/// tenpai.
#[test]
fn p15_noten_payments() {
    let cases = [
        ([false, true, false, false], [-1000, 3000, -1000, -1000]),
        ([true, true, false, false], [1500, 1500, -1500, -1500]),
        ([true, true, true, false], [1000, 1000, 1000, -3000]),
        ([false; 4], [0; 4]),
        ([true; 4], [0; 4]),
    ];
    for (tenpai, deltas) in cases {
        let mut t = tenpai_table(tenpai, &seed());
        t.play_out();
        let out = t.outcome();
        assert_eq!(out.draw, Some(DrawReason::Exhaustive));
        assert_eq!(out.tenpai, tenpai);
        assert_eq!(out.deltas, deltas, "{tenpai:?}");
        assert_eq!(out.dealer_keeps, tenpai[0]);
    }
}

/// P16 (R13.4, R13.5): East declares riichi and is alone tenpai at the draw of the seed
/// preset's one deal: +3,000 and the deposit comes back in the deal's own result (28,000 /
/// 24,000 ×3, no stick left), and the game settles nothing a second time.
#[test]
fn p16_riichi_deposit_returned_at_the_end_of_the_one_deal_game() {
    let mut t = tenpai_table([true, false, false, false], &seed());
    let drawn = t.deal.drawn().unwrap();
    t.act(0, Action::Riichi(drawn));
    t.pass_all();
    t.play_out();
    assert_eq!(t.deal.scores(), [28_000, 24_000, 24_000, 24_000]);
    assert_eq!(t.outcome().riichi_sticks, 0);
    assert_eq!(t.outcome().deltas, [3000, -1000, -1000, -1000]);
    let Some(Event::Ryukyoku { deltas, scores, .. }) = t.deal.events().iter().rev().nth(1) else {
        panic!("no ryukyoku")
    };
    assert_eq!(*deltas, [4000, -1000, -1000, -1000]);
    assert_eq!(*scores, [28_000, 24_000, 24_000, 24_000]);
    // In a game of several deals the deposit stays on the table for the next winner.
    let rules = Ruleset {
        game_length: GameLength::Hanchan,
        ..seed()
    };
    let mut t = tenpai_table([true, false, false, false], &rules);
    let drawn = t.deal.drawn().unwrap();
    t.act(0, Action::Riichi(drawn));
    t.pass_all();
    t.play_out();
    assert_eq!(t.deal.scores(), [27_000, 24_000, 24_000, 24_000]);
    assert_eq!(t.outcome().riichi_sticks, 1);
}

/// R13.5: sticks passed into a deal of the one-deal preset have no payer to return them to.
#[test]
fn sticks_passed_into_a_one_deal_game_are_refused() {
    let wall = WallBuilder::new(0, ["", "", "", ""]);
    let setup = mahjong_core::riichi::game::DealSetup {
        riichi_sticks: 1,
        ..setup(0)
    };
    let err = mahjong_core::riichi::game::Deal::new(setup, wall.wall(), &seed()).unwrap_err();
    assert!(err.message().contains("riichi_sticks 1"), "{err}");
}

/// The game of the seed preset ends with the deal's own scores: deposits are not returned
/// twice.
#[test]
fn one_deal_game_standings_equal_the_deal() {
    use mahjong_core::riichi::game::Game;
    for seed_value in 0..40 {
        let mut game = Game::new(&seed(), seed_value);
        let mut deal = game.next_deal().unwrap();
        while !deal.is_over() {
            let seat = deal.waiting()[0];
            let legal = deal.legal_actions(seat);
            let pick = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Riichi(_)))
                .unwrap_or(legal[0]);
            deal.apply(seat, pick).unwrap();
        }
        game.finish_deal(&deal).unwrap();
        let scores: Vec<i64> = game.standings().iter().map(|s| s.score).collect();
        assert_eq!(scores, deal.scores(), "seed {seed_value}");
        assert_eq!(deal.scores().iter().sum::<i64>(), 100_000);
    }
}

/// South holds only yaochuu and draws only honours; with `chi` West chis South's first
/// discard 1s. East is tenpai; one stick on the table.
fn nagashi_table(chi: bool) -> Table {
    let hands = [
        "234m567m234p567p8s",
        "1199m1199p1199s7z",
        "2345m678p2345s66s",
        "3456m3456p3456s7s",
    ];
    let honours = ["1z", "2z", "3z", "4z", "5z"];
    let mut draws = vec!["?"; 69];
    for g in 0..18 {
        let tile = honours[g / 4];
        if chi {
            // South's first draw 1s; after West's chi South draws at W[52 + 4g].
            draws[if g == 0 { 0 } else { 4 * g - 1 }] = if g == 0 { "1s" } else { tile };
        } else {
            draws[4 * g] = tile;
        }
    }
    let wall = WallBuilder::new(0, hands).draws(&draws);
    let rules = Ruleset {
        nagashi_mangan: true,
        game_length: GameLength::Hanchan,
        ..seed()
    };
    let setup = mahjong_core::riichi::game::DealSetup {
        riichi_sticks: 1,
        ..setup(0)
    };
    let mut t = Table::new(setup, &wall, &rules);
    t.tsumogiri(0);
    if chi {
        t.act(1, Action::Discard(t.deal.drawn().unwrap()));
        t.act(2, Action::Chi(t.pair(2, "23s")));
        t.discard(2, "6s");
    }
    t
}

/// P21 (R13.6): South's discards are all yaochuu and none was called: at the exhaustive
/// draw South gets a non-dealer mangan (2,000/4,000), no noten payments; the tenpai dealer
/// keeps the deal; the stick stays on the table.
#[test]
fn p21_nagashi_mangan() {
    let mut t = nagashi_table(false);
    t.play_out();
    let out = t.outcome();
    assert_eq!(out.draw, Some(DrawReason::Exhaustive));
    assert!(
        t.deal
            .player(1)
            .pond
            .iter()
            .all(|d| mahjong_core::tile::is_yaochuu(d.tile / 4))
    );
    assert_eq!(out.deltas, [-4000, 8000, -2000, -2000]);
    assert!(out.dealer_keeps);
    assert_eq!(out.riichi_sticks, 1);
    let Some(Event::Ryukyoku { nagashi, .. }) = t.deal.events().iter().rev().nth(1) else {
        panic!("no ryukyoku")
    };
    assert_eq!(*nagashi, [false, true, false, false]);
}

/// P22 (R13.6): one of South's yaochuu discards was chi'd by West: no nagashi; ordinary
/// noten payments instead.
#[test]
fn p22_called_discard_spoils_nagashi() {
    let mut t = nagashi_table(true);
    t.play_out();
    let out = t.outcome();
    assert!(t.deal.player(1).pond[0].called);
    let Some(Event::Ryukyoku { nagashi, .. }) = t.deal.events().iter().rev().nth(1) else {
        panic!("no ryukyoku")
    };
    assert_eq!(*nagashi, [false; 4]);
    assert_eq!(out.deltas.iter().sum::<i64>(), 0);
    assert_ne!(out.deltas, [-4000, 8000, -2000, -2000]);
}

/// P25a (R14.1): nine different yaochuu kinds in the dealer's 14 tiles: kyuushu kyuuhai is
/// offered under Tenhou rules (and only there), and declaring it aborts the deal.
#[test]
fn p25a_kyuushu_kyuuhai() {
    let hands = ["19m19p19s1234z258m", JUNK[1], JUNK[2], JUNK[3]];
    let wall = WallBuilder::new(0, hands);
    assert!(!Table::seed(0, &wall).can(0, Action::Kyuushu));
    let mut t = Table::new(setup(0), &wall, &tenhou());
    t.act(0, Action::Kyuushu);
    assert_aborted(&t, DrawReason::KyuushuKyuuhai, 0);
}

/// P25b (R14.2): all four first discards are 1z: suufon renda under Tenhou rules; the seed
/// plays on.
#[test]
fn p25b_suufon_renda() {
    let hands = [
        "258m258p258s369s1z",
        JUNK[1],
        "2358m34678p258s1z",
        "478m478p47s12356z",
    ];
    let wall = WallBuilder::new(0, hands).avoid("1z");
    for rules in [tenhou(), seed()] {
        let mut t = Table::new(setup(0), &wall, &rules);
        for seat in 0..4 {
            t.discard(seat, "1z");
        }
        if rules.suufon_renda {
            assert_aborted(&t, DrawReason::SuufonRenda, 0);
        } else {
            assert_eq!(t.deal.turn(), Some(0));
        }
    }
}

/// P25c (R14.3): the fourth riichi, once its discard passes, aborts under Tenhou rules; all
/// four sticks stay on the table. The seed plays on.
#[test]
fn p25c_suucha_riichi() {
    for rules in [tenhou(), seed()] {
        let mut t = tenpai_table([true; 4], &rules);
        for seat in 0..4 {
            let drawn = t.deal.drawn().unwrap();
            t.act(seat, Action::Riichi(drawn));
            t.pass_all();
        }
        if rules.suucha_riichi {
            assert_aborted(&t, DrawReason::SuuchaRiichi, 4);
        } else {
            assert!(!t.deal.is_over());
            assert_eq!(t.deal.riichi_sticks(), 4);
        }
    }
}

/// P25d (R14.4, R5.8): East and South make two kans each; South's discard after them may only
/// be claimed for ron (North holds a pair of it but is offered no pon), and once it passes
/// the deal aborts under Tenhou rules. The seed plays on, North may pon, and nobody may make a
/// fifth kan.
#[test]
fn p25d_suukaikan() {
    let hands = [
        "1111m2222m789s",
        "333p4444p678s12z9m",
        "0555s67m89p12347z",
        "369m689p1369s577z",
    ];
    let wall = WallBuilder::new(0, hands).draws(&["3p"]).at(133, "7z");
    for rules in [tenhou(), seed()] {
        let mut t = Table::new(setup(0), &wall, &rules);
        t.act(0, Action::Ankan(kind("1m")));
        t.act(0, Action::Ankan(kind("2m")));
        t.tsumogiri(0);
        t.act(1, Action::Ankan(kind("3p")));
        t.act(1, Action::Ankan(kind("4p")));
        t.act(1, Action::Discard(t.deal.drawn().unwrap()));
        let pon = t
            .deal
            .legal_actions(3)
            .iter()
            .any(|a| matches!(a, Action::Pon(_)));
        assert_eq!(pon, !rules.suukaikan, "{:?}", t.deal.legal_actions(3));
        if rules.suukaikan {
            // Nobody could ron, so no claim window opened and the deal aborted at once.
            assert_aborted(&t, DrawReason::Suukaikan, 0);
        } else {
            t.pass_all();
            // West holds four 5s but may not declare a fifth kan.
            assert_eq!(t.deal.turn(), Some(2));
            let legal = t.deal.legal_actions(2);
            assert!(
                !legal.iter().any(|a| matches!(a, Action::Ankan(_))),
                "{legal:?}"
            );
            assert_eq!(t.deal.blocked(2), [Reason::KanLimit]);
        }
    }
}

/// P25e (R14.5, R12.1): three rons on one discard: sanchahou under Tenhou rules (double
/// ron), three winners under Mahjong Soul rules (triple ron), the first seat after the
/// discarder alone under the seed preset (head bump).
#[test]
fn p25e_sanchahou() {
    let hands = [
        "38m258p258s369s47z",
        "12m555z456p789p11s",
        "45m666z123p456s99s",
        "24m777z789s123s99p",
    ];
    let wall = WallBuilder::new(0, hands).dealer_draw("1z");
    for preset in [Preset::Tenhou, Preset::MahjongSoul, Preset::Seed] {
        let mut t = Table::new(setup(0), &wall, &Ruleset::preset(preset));
        t.discard_hold(0, "3m");
        for seat in 1..4 {
            t.act(seat, Action::Ron);
        }
        match preset {
            Preset::Tenhou => assert_aborted(&t, DrawReason::Sanchahou, 0),
            Preset::Seed => {
                let seats: Vec<usize> = t.outcome().wins.iter().map(|w| w.seat).collect();
                assert_eq!(seats, [1]);
            }
            _ => assert_eq!(t.outcome().wins.len(), 3),
        }
    }
}

/// R13.1 (as corrected, [W9]): South waits on 3s with `12s44466688p` and a kan of all four
/// 3s. The wait counts: riichi is allowed and the hand is tenpai at the draw (Tenhou and
/// Mahjong Soul agree). Only four copies in the concealed hand outside a kan are karaten (P14).
#[test]
fn a_wait_held_in_ones_own_kan_is_tenpai() {
    let hands = [
        "258m2579p147s567z",
        "3333s12s444666p8p",
        "1369m1357p5679s1z",
        "2478m2p2589s2344z",
    ];
    let wall = WallBuilder::new(0, hands).draws(&["8p"]).at(134, "9m");
    let mut t = Table::seed(0, &wall);
    t.tsumogiri(0);
    t.act(1, Action::Ankan(kind("3s")));
    assert_eq!(t.hand(1), "9m4p4p4p6p6p6p8p8p1s2s");
    let nine = t.id(1, "9m");
    assert!(
        t.can(1, Action::Riichi(nine)),
        "{:?}",
        t.deal.legal_actions(1)
    );
    t.riichi(1, "9m");
    t.play_out();
    assert_eq!(t.outcome().tenpai, [false, true, false, false]);
}
