//! Deal acceptance tests (rules spec §5.2 and §1): kans: dora timing, robbing a kan, the
//! four-kan limit (R5, R10.4; P20).
//!
//! Each test drives a deal from an explicit wall; see `table/mod.rs` for the seat and
//! draw-position conventions.

mod table;

use mahjong_core::riichi::game::{Action, Event};
use mahjong_core::riichi::rules::KanDoraTiming;
use mahjong_core::riichi::{Ruleset, Yaku, Yakuman};
use table::{Table, WallBuilder, has_yaku, has_yakuman, kind, seed, setup, tenhou};

/// One P20 case: the Dora han of the win and the number of kan indicators revealed.
fn kan_dora_case(case: char, timing: KanDoraTiming) -> (u8, usize) {
    let east = if case == 'c' {
        "9p258m258p23689s4z"
    } else {
        "7p258m258p23689s4z"
    };
    let south = if case == 'c' {
        "7777p123m456m789s"
    } else {
        "777p123m456m789s5s"
    };
    let hands = [east, south, "123s456s789s222p1z", "478m48p47s23456z9m"];
    let (rinshan, indicator) = match case {
        'b' => ("1z", "1p"),
        _ => ("5s", "4s"),
    };
    let draws: &[&str] = if case == 'c' { &["5s"] } else { &[] };
    let wall = WallBuilder::new(0, hands)
        .dora("3z")
        .at(128, indicator)
        .rinshan(&[rinshan])
        .draws(draws)
        .avoid("1z5s");
    let rules = Ruleset {
        kan_dora_timing: timing,
        ..tenhou()
    };
    let mut t = Table::new(setup(0), &wall, &rules);
    match case {
        'a' | 'b' => {
            t.discard_hold(0, "7p");
            t.act(1, Action::Daiminkan);
            if case == 'a' {
                t.act(1, Action::Tsumo);
            } else {
                t.discard_hold(1, "1z");
                t.act(2, Action::Ron);
            }
        }
        _ => {
            t.discard(0, "9p");
            t.act(1, Action::Ankan(kind("7p")));
            t.act(1, Action::Tsumo);
        }
    }
    (table::han_of(t.win(), Yaku::Dora), t.dora_events().len())
}

/// P20 (R5.6): `kan_dora_timing = tenhou`: (a) a daiminkan's indicator is not revealed for
/// a win on its replacement tile; (b) it is revealed at the declarer's discard and counts for
/// a ron on it; (c) an ankan's is revealed before the replacement draw. `immediate`: all
/// three count.
#[test]
fn p20_kan_dora_timing() {
    use KanDoraTiming::{Immediate, Tenhou};
    assert_eq!(kan_dora_case('a', Tenhou), (0, 0));
    assert_eq!(kan_dora_case('b', Tenhou), (3, 1));
    assert_eq!(kan_dora_case('c', Tenhou), (2, 1));
    assert_eq!(kan_dora_case('a', Immediate), (2, 1));
    assert_eq!(kan_dora_case('b', Immediate), (3, 1));
    assert_eq!(kan_dora_case('c', Immediate), (2, 1));
}

/// R10.4: with `kan_dora` off a kan reveals no indicator at all.
#[test]
fn no_kan_indicator_without_kan_dora() {
    let hands = [
        "9p258m258p23689s4z",
        "7777p123m456m789s",
        "123s456s789s222p1z",
        "478m48p47s23456z9m",
    ];
    let wall = WallBuilder::new(0, hands).draws(&["5s"]).rinshan(&["5s"]);
    let rules = Ruleset {
        kan_dora: false,
        ..tenhou()
    };
    let mut t = Table::new(setup(0), &wall, &rules);
    t.discard(0, "9p");
    t.act(1, Action::Ankan(kind("7p")));
    assert!(t.dora_events().is_empty());
    assert_eq!(t.deal.wall().dora_indicators().len(), 1);
}

/// R5.4: an ankan cannot be robbed in the seed, not even by a kokushi wait; with
/// `kokushi_rob_ankan` West's kokushi wait on 1z robs East's ankan of 1z.
#[test]
fn kokushi_robs_an_ankan_only_with_the_option() {
    let hands = [
        "1111z258m258p369s",
        "36m369p147s258s47z",
        "19m19p19s2345677z",
        "478m478p47s2356z",
    ];
    let wall = WallBuilder::new(0, hands).dealer_draw("8s");
    for rob in [false, true] {
        let rules = Ruleset {
            kokushi_rob_ankan: rob,
            ..seed()
        };
        let mut t = Table::new(setup(0), &wall, &rules);
        t.act(0, Action::Ankan(kind("1z")));
        assert_eq!(t.can_ron(2), rob);
        if rob {
            t.act(2, Action::Ron);
            let win = t.win();
            assert_eq!((win.seat, win.from), (2, 0));
            assert!(has_yakuman(win, Yakuman::Kokushi));
        } else {
            assert_eq!(t.deal.turn(), Some(0));
        }
    }
}

/// R5.8: four kans by one player do not abort (Tenhou rules); nobody may kan again.
#[test]
fn four_kans_by_one_player_play_on() {
    let hands = [
        "1111m2222m3333m4m",
        "7777s35689p1234z",
        "5678m2468s1258p7z",
        "5689m1347p13689s",
    ];
    let wall = WallBuilder::new(0, hands)
        .dealer_draw("4m")
        .rinshan(&["4m", "4m", "5z", "6z"]);
    let mut t = Table::new(setup(0), &wall, &tenhou());
    for k in ["1m", "2m", "3m", "4m"] {
        t.act(0, Action::Ankan(kind(k)));
    }
    assert_eq!(t.deal.player(0).melds.len(), 4);
    t.discard(0, "6z");
    assert!(!t.deal.is_over());
    assert_eq!(t.deal.turn(), Some(1));
    let legal = t.deal.legal_actions(1);
    assert!(
        !legal.iter().any(|a| matches!(a, Action::Ankan(_))),
        "{legal:?}"
    );
}

/// R5.6 (`tenhou`), R5.7: South's daiminkan leaves its indicator pending; South's kakan
/// right after reveals it (immediately before a further kan, so before the chankan window),
/// and West, robbing the kakan, counts it; the robbed kakan's own indicator never shows.
#[test]
fn pending_indicator_revealed_before_a_further_kan() {
    let mut t = table::south_kakan_after_daiminkan("45s7p123m456p789s1z", "1z", |w| {
        w.at(128, "4p").dora("2z")
    });
    // The daiminkan's indicator shows only once the kakan is declared.
    let at = |f: fn(&Event) -> bool| t.deal.events().iter().position(f).unwrap();
    assert!(at(|e| matches!(e, Event::Dora { .. })) > at(|e| matches!(e, Event::Kakan { .. })));
    assert_eq!(t.dora_events(), ["4p"]);
    t.act(2, Action::Ron);
    let win = t.win();
    assert!(table::has_yaku(win, Yaku::Chankan));
    assert_eq!(table::han_of(win, Yaku::Dora), 1);
    assert_eq!(t.deal.wall().dora_indicators().len(), 2);
}

/// R5.6 (`tenhou`): a kakan nobody robs reveals its indicator at the declarer's discard.
#[test]
fn kakan_indicator_at_the_discard() {
    let mut t = table::south_kakan_after_daiminkan("45s7p123m456p789s2p", "2p", |w| {
        w.at(128, "4p").at(126, "8p").at(135, "6s")
    });
    t.act(2, Action::Pass);
    assert_eq!(t.dora_events(), ["4p"]);
    assert_eq!(t.deal.drawn(), Some(t.id(1, "6s")));
    t.discard_hold(1, "6s");
    assert_eq!(t.dora_events(), ["4p", "8p"]);
    // The indicator's event comes before the declarer's discard, as Tenhou's records and mjai
    // hosts order it.
    let tail: Vec<&Event> = t.deal.events().iter().rev().take(2).collect();
    assert!(
        matches!(tail[..], [Event::Dahai { seat: 1, .. }, Event::Dora { .. }]),
        "{tail:?}"
    );
}

/// R5.10: with `daiminkan_rinshan_pao` a win on the replacement tile of a daiminkan is paid
/// by the kan tile's discarder alone, as a ron; without it, as a tsumo.
#[test]
fn daiminkan_rinshan_pao_pays_as_a_ron() {
    let hands = [
        "7p258m258p23689s4z",
        "777p123m456m789s5s",
        "123s456s789s222p1z",
        "478m48p47s23456z9m",
    ];
    let wall = WallBuilder::new(0, hands)
        .dora("3z")
        .rinshan(&["5s"])
        .avoid("5s");
    for option in [false, true] {
        let rules = Ruleset {
            daiminkan_rinshan_pao: option,
            ..tenhou()
        };
        let mut t = Table::new(setup(0), &wall, &rules);
        t.discard_hold(0, "7p");
        t.act(1, Action::Daiminkan);
        t.act(1, Action::Tsumo);
        let win = t.win();
        assert!(has_yaku(win, Yaku::Rinshan));
        let paid_by = (0..4).filter(|&s| win.deltas[s] < 0).collect::<Vec<_>>();
        if option {
            assert_eq!(paid_by, [0], "{:?}", win.deltas);
        } else {
            assert_eq!(paid_by, [0, 2, 3], "{:?}", win.deltas);
        }
    }
}
