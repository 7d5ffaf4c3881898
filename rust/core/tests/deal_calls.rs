//! Deal acceptance tests (rules spec §5.2 and §1): claims, their priority and kuikae
//! (R3.4–R3.7, R4, R12.1, R12.3; P07–P10, P27, P29), and illegal actions.
//!
//! Each test drives a deal from an explicit wall; see `table/mod.rs` for the seat and
//! draw-position conventions.

mod table;

use mahjong_core::MeldKind;
use mahjong_core::riichi::game::{Action, Event, Reason};
use mahjong_core::riichi::rules::Kuikae;
use mahjong_core::riichi::{Preset, Ruleset};
use table::{JUNK, Table, WallBuilder, kind, seed, setup, tenhou};

/// West discards the red 5p: North may chi it with 4p6p, East may pon it or ron (5p-1z
/// shanpon, ittsu), South may ron (5p tanki, ittsu).
fn west_discards_0p(rules: &Ruleset) -> Table {
    let hands = [
        "123m456m789m55p11z",
        "123s456s789s222z5p",
        "0p36m369p147s268s3z",
        "468p478m47s23456z",
    ];
    let wall = WallBuilder::new(0, hands).dealer_draw("7z").avoid("1z");
    let mut t = Table::new(setup(0), &wall, rules);
    t.discard(0, "7z");
    t.tsumogiri(1);
    t.discard_hold(2, "0p");
    t
}

/// P07 (R3.4, R12.1): West discards 5p; North could chi, East could pon or ron, South could
/// ron. Head bump: East alone wins; double and triple: East and South; no call happens.
#[test]
fn p07_ron_beats_calls_and_multi_ron_options() {
    for (preset, winners) in [
        (Preset::Seed, vec![0]),
        (Preset::Tenhou, vec![0, 1]),
        (Preset::MahjongSoul, vec![0, 1]),
    ] {
        let mut t = west_discards_0p(&Ruleset::preset(preset));
        let chi = Action::Chi(t.pair(3, "46p"));
        assert!(t.can(3, chi));
        assert!(t.can_ron(0) && t.can(0, Action::Pon(t.pair(0, "55p"))));
        assert!(t.can_ron(1));
        t.act(3, chi);
        t.act(0, Action::Ron);
        t.act(1, Action::Ron);
        let seats: Vec<usize> = t.outcome().wins.iter().map(|w| w.seat).collect();
        assert_eq!(seats, winners, "{preset:?}");
        assert_eq!(t.count_events(|e| matches!(e, Event::Call { .. })), 0);
    }
}

/// R3.4: without a ron, a pon beats a chi declared on the same discard.
#[test]
fn pon_beats_chi() {
    let mut t = west_discards_0p(&seed());
    t.act(3, Action::Chi(t.pair(3, "46p")));
    t.act(1, Action::Pass);
    t.act(0, Action::Pon(t.pair(0, "55p")));
    assert_eq!(t.meld_kinds(0), [MeldKind::Pon]);
    assert!(t.meld_kinds(3).is_empty());
    assert_eq!(t.deal.turn(), Some(0));
}

/// R12.3 `multi_ron_renchan`: South's 0p is ronned by West (nearest) and the dealer East:
/// the dealer keeps the deal with `dealer_among_winners`, not with `dealer_nearest_only`.
#[test]
fn multi_ron_renchan() {
    use mahjong_core::riichi::rules::MultiRonRenchan;
    let hands = [
        "123m456m789m55p11z",
        "0p36m369p147s268s3z",
        "123s456s789s222z5p",
        "468p478m47s23456z",
    ];
    let wall = WallBuilder::new(0, hands).dealer_draw("7z").avoid("1z");
    for (renchan, keeps) in [
        (MultiRonRenchan::DealerAmongWinners, true),
        (MultiRonRenchan::DealerNearestOnly, false),
    ] {
        let rules = Ruleset {
            multi_ron_renchan: renchan,
            ..tenhou()
        };
        let mut t = Table::new(setup(0), &wall, &rules);
        t.discard(0, "7z");
        t.discard_hold(1, "0p");
        t.act(0, Action::Ron);
        t.act(2, Action::Ron);
        let seats: Vec<usize> = t.outcome().wins.iter().map(|w| w.seat).collect();
        assert_eq!(seats, [2, 0]);
        assert_eq!(t.outcome().dealer_keeps, keeps, "{renchan:?}");
    }
}

/// North (seat 3) pons East's 1z, 2z and 3z, discarding 8s, 9s and `junk`, keeping
/// `concealed` (4 tiles); then West discards 3m.
fn three_pons_then_west_discards_3m(concealed: &str, junk: &str, rules: &Ruleset) -> Table {
    let north = format!("{concealed}11z22z33z89s{junk}");
    let hands = [
        "123z258p258s369s4z",
        "369m369p147s258s7z",
        "3m47m147p147s258s5z",
        north.as_str(),
    ];
    let wall = WallBuilder::new(0, hands).avoid("3m");
    let mut t = Table::new(setup(0), &wall, rules);
    for (honour, junk) in [("1z", "8s"), ("2z", "9s"), ("3z", junk)] {
        t.discard_hold(0, honour);
        let pon = Action::Pon(t.pair(3, &format!("{honour}{honour}")));
        t.act(3, pon);
        t.pass_all();
        t.discard(3, junk);
    }
    assert_eq!(t.hand(3), table::spread(concealed));
    t.tsumogiri(0);
    t.tsumogiri(1);
    t.discard_hold(2, "3m");
    t
}

/// P08 (R4.5c): concealed 4567m and three melds; chi of 3m with 4m5m forbids 3m and the
/// suji 6m, so 7m is the only legal discard. With `forbidden_same_only` 6m is allowed.
#[test]
fn p08_suji_kuikae() {
    let mut t = three_pons_then_west_discards_3m("4567m", "9s", &seed());
    let chi = Action::Chi(t.pair(3, "45m"));
    assert!(t.can(3, chi));
    t.act(3, chi);
    assert_eq!(t.discard_kinds(3), ["7m"]);

    let rules = Ruleset {
        kuikae: Kuikae::ForbiddenSameOnly,
        ..seed()
    };
    let mut t = three_pons_then_west_discards_3m("4567m", "9s", &rules);
    t.act(3, Action::Chi(t.pair(3, "45m")));
    assert_eq!(t.discard_kinds(3), ["6m", "7m"]);
}

/// P09 (R4.5e): with 4566m left the chi of 3m is not offered: both remaining 6m are the
/// forbidden suji, no legal discard would remain.
#[test]
fn p09_no_call_without_a_legal_discard() {
    // North discarded a 3m before, so it cannot ron the 3m (4566m also waits on 3m).
    let t = three_pons_then_west_discards_3m("4566m", "3m", &seed());
    // Nobody could claim the 3m: North simply draws.
    let events = t.deal.events();
    assert!(matches!(
        events[events.len() - 2],
        Event::Dahai { seat: 2, .. }
    ));
    assert!(matches!(
        events[events.len() - 1],
        Event::Tsumo { seat: 3, .. }
    ));
}

/// P10 (R4.5a, R4.5b, R4.6): a kanchan chi of 4m forbids only 4m (1m and 7m stay legal); a
/// pon of 3s forbids 3s; with `kuikae = allowed` nothing is forbidden.
#[test]
fn p10_kanchan_chi_and_pon_kuikae() {
    let hands = [
        "48m2589p258s69s17z",
        "1357m4m333s2469p9s",
        "3s36m147p147s58s56z",
        JUNK[3],
    ];
    let wall = WallBuilder::new(0, hands);
    for allowed in [false, true] {
        let rules = if allowed {
            Ruleset {
                kuikae: Kuikae::Allowed,
                ..seed()
            }
        } else {
            seed()
        };
        let mut t = Table::new(setup(0), &wall, &rules);
        t.discard_hold(0, "4m");
        t.act(1, Action::Chi(t.pair(1, "35m")));
        let kinds = t.discard_kinds(1);
        assert!(kinds.contains(&"1m".to_owned()) && kinds.contains(&"7m".to_owned()));
        assert_eq!(kinds.contains(&"4m".to_owned()), allowed, "{kinds:?}");
        t.discard(1, "9s");
        t.discard_hold(2, "3s");
        t.act(1, Action::Pon(t.pair(1, "33s")));
        assert!(t.hand(1).contains("3s"));
        assert_eq!(t.discard_kinds(1).contains(&"3s".to_owned()), allowed);
    }
}

/// P29 (R4.5c, R4.5d): a chi of the red 5m with 6m7m forbids every 5m (red or not) and the
/// suji 8m; a chi of 7m with 5m6m (the called tile the high end) forbids 7m and the suji 4m.
#[test]
fn p29_red_five_and_high_end_kuikae() {
    for (called, south, pair, forbidden) in [
        ("0m", "5m67m8m9m147p147s25z", "67m", ["5m", "0m", "8m"]),
        ("7m", "56m4m7m9m147p147s25z", "56m", ["4m", "7m", "7m"]),
    ] {
        let east = format!("{called}258p258s369s147z");
        let hands = [
            east.as_str(),
            south,
            "23m134678p2589s6z",
            "1m69m478p47s23456z",
        ];
        let mut t = Table::seed(0, &WallBuilder::new(0, hands));
        t.discard_hold(0, called);
        t.act(1, Action::Chi(t.pair(1, pair)));
        let kinds = t.discard_kinds(1);
        assert!(
            !kinds.iter().any(|k| forbidden.contains(&k.as_str())),
            "{kinds:?}"
        );
        assert!(kinds.contains(&"9m".to_owned()));
    }
}

/// P27 (R3.6, R3.7): after a pon only discards are legal, although South holds four 7z;
/// after South's next draw the ankan is offered.
#[test]
fn p27_no_kan_in_the_turn_of_a_call() {
    let hands = [
        "2p258m58p258s369s4z",
        "7777z22p369m147s9s",
        JUNK[2],
        JUNK[3],
    ];
    let wall = WallBuilder::new(0, hands);
    let mut t = Table::seed(0, &wall);
    t.discard_hold(0, "2p");
    t.act(1, Action::Pon(t.pair(1, "22p")));
    t.pass_all();
    let legal = t.deal.legal_actions(1);
    assert!(
        legal.iter().all(|a| matches!(a, Action::Discard(_))),
        "{legal:?}"
    );
    t.discard(1, "9s");
    t.tsumogiri_turns(3);
    assert!(t.can(1, Action::Ankan(kind("7z"))));
}

/// An illegal action is an error that names it, and changes nothing.
#[test]
fn illegal_action_is_rejected_without_change() {
    let mut t = three_pons_then_west_discards_3m("4567m", "9s", &seed());
    t.act(3, Action::Chi(t.pair(3, "45m")));
    let events = t.deal.events().len();
    let hand = t.hand(3);
    let legal = t.deal.legal_actions(3);
    let err = t.deal.apply(3, Action::Discard(t.id(3, "6m"))).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("discard 6m") && text.contains("seat 3") && text.contains("kuikae"),
        "{text}"
    );
    assert!(matches!(err.reason, Reason::Kuikae { .. }));
    assert!(t.deal.blocked(3).contains(&err.reason));
    let err = t
        .deal
        .apply(1, Action::Discard(t.deal.player(1).hand[0]))
        .unwrap_err();
    assert_eq!(err.reason, Reason::NotYourTurn);
    assert!(err.to_string().contains("not this seat's turn"), "{err}");
    assert!(t.deal.apply(3, Action::Discard(200)).is_err());
    assert_eq!(t.deal.events().len(), events);
    assert_eq!(t.hand(3), hand);
    assert_eq!(t.deal.legal_actions(3), legal);
    assert_eq!(t.deal.turn(), Some(3));
}
