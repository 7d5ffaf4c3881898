//! Acceptance tests of the deal engine against the rules spec: the procedure cases P01–P29
//! (spec §5.2) and the play rules (R2–R16) they rest on, each driven from an explicit wall.
//!
//! Seats: 0 = East (the dealer unless stated), 1 = South, 2 = West, 3 = North. With no calls
//! the wall draws go `W[53]` South, `W[54]` West, `W[55]` North, `W[56]` East, ... (R2.8), so
//! a seat's g-th draw (g from 0) is draw index 4g (South), 4g+1 (West), 4g+2 (North) and
//! 4g−1 (East, g ≥ 1) of [`WallBuilder::draws`].

mod table;

use mahjong_core::MeldKind;
use mahjong_core::riichi::game::{Action, DrawReason, Event, Wall};
use mahjong_core::riichi::rules::{KanDoraTiming, Kuikae, TempFuritenEnd};
use mahjong_core::riichi::{Preset, Ruleset, Yaku, Yakuman};
use table::{Table, WallBuilder, has_yaku, has_yakuman, kind, seed, setup, tenhou};

/// Noten hands, one per seat, that share few kinds with the hands the tests build.
const JUNK: [&str; 4] = [
    "258m258p258s369s4z",
    "36m369p147s258s14z",
    "2358m34678p258s6z",
    "478m478p47s23456z",
];

fn identity_wall() -> Wall {
    Wall::from_order(&(0..136).collect::<Vec<u8>>()).unwrap()
}

// --- P01–P06: the wall, the deal, haitei and houtei --------------------------------------

/// P01 (R2.3, R2.4): indicators, ura indicators and replacement tiles by wall position.
#[test]
fn p01_dead_wall_positions() {
    let mut wall = identity_wall();
    assert_eq!(wall.dora_indicators(), [130]);
    assert_eq!(wall.ura_indicators(), [131]);
    let kan: Vec<u8> = (0..4).map(|_| wall.reveal().unwrap()).collect();
    assert_eq!(kan, [128, 126, 124, 122]);
    assert_eq!(wall.reveal(), None);
    assert_eq!(wall.ura_indicators(), [131, 129, 127, 125, 123]);
    let rinshan: Vec<u8> = (0..4).map(|_| wall.draw_replacement().unwrap()).collect();
    assert_eq!(rinshan, [134, 135, 132, 133]);
}

/// P02 (R2.7, R2.8, R2.9): the deal by seat, 69 live tiles, South draws `W[53]`; also with
/// the dealer at seat 2.
#[test]
fn p02_deal_positions() {
    let expected = |offset: usize| -> Vec<u8> {
        let mut v: Vec<u8> = (0..3)
            .flat_map(|r| (0..4).map(move |i| (16 * r + 4 * offset + i) as u8))
            .collect();
        v.push(48 + offset as u8);
        if offset == 0 {
            v.push(52);
        }
        v
    };
    for dealer in [0, 2] {
        let mut deal =
            mahjong_core::riichi::game::Deal::new(setup(dealer), identity_wall(), &seed()).unwrap();
        let Event::StartKyoku { hands, .. } = &deal.events()[0] else {
            panic!("no start event")
        };
        for (seat, hand) in hands.iter().enumerate() {
            assert_eq!(*hand, expected((seat + 4 - dealer) % 4), "seat {seat}");
        }
        assert_eq!(deal.wall().live(), 69);
        assert_eq!(deal.turn(), Some(dealer));
        assert_eq!(deal.drawn(), Some(52));
        deal.apply(dealer, Action::Discard(52)).unwrap();
        while deal.claim_tile().is_some() {
            let s = deal.waiting()[0];
            deal.apply(s, Action::Pass).unwrap();
        }
        assert_eq!(deal.turn(), Some((dealer + 1) % 4));
        assert_eq!(deal.drawn(), Some(53));
        assert_eq!(deal.wall().live(), 68);
    }
}

/// P03 (R2.11–R2.14, R3.8): with no calls and no wins East and South draw 18 times, West
/// and North 17; South draws the haitei `W[121]`; nothing but ron is offered on South's
/// houtei discard; then an exhaustive draw.
#[test]
fn p03_full_deal_without_calls() {
    // West holds a pair of the haitei tile's kind: a pon would be possible on any other discard.
    let hands = [JUNK[0], JUNK[1], "11z2358m3467p258s", JUNK[3]];
    let wall = WallBuilder::new(0, hands).at(121, "1z").avoid("1z");
    let mut t = Table::seed(0, &wall);
    t.play_until(1, 0);
    assert_eq!(t.deal.drawn(), Some(wall.order()[121]));
    let draws: Vec<u32> = (0..4).map(|s| t.deal.player(s).draws).collect();
    assert_eq!(draws, [18, 18, 17, 17]);
    t.discard_hold(1, "1z");
    assert!(!t.can_call(2), "no pon on the houtei discard (R3.8)");
    t.pass_all();
    assert_eq!(t.outcome().draw, Some(DrawReason::Exhaustive));
}

/// P04 (R2.10, R2.11): after one kan the live wall ends at `W[120]`: 69 normal draws, and
/// the replacement tile is `W[134]`.
#[test]
fn p04_one_kan_moves_the_haitei() {
    let hands = ["1111z258m258p369s", "36m369p147s258s47z", JUNK[2], JUNK[3]];
    let wall = WallBuilder::new(0, hands);
    let mut t = Table::seed(0, &wall);
    t.act(0, Action::Ankan(kind("1z")));
    assert_eq!(t.deal.drawn(), Some(wall.order()[134]));
    let mut last_normal = None;
    while !t.deal.is_over() {
        if let Some(s) = t.deal.turn() {
            last_normal = t.deal.drawn();
            t.tsumogiri(s);
        }
    }
    assert_eq!(last_normal, Some(wall.order()[120]));
    let draws: u32 = (0..4).map(|s| t.deal.player(s).draws).sum();
    assert_eq!(draws, 69);
}

/// A dealer (seat 0) who holds three 9p and draws the 4th with `W[120]`, so that one live
/// tile is left after the draw; the replacement tile `W[134]` is `rinshan`.
fn kan_on_the_last_live_tile(rinshan: &str) -> (Table, WallBuilder) {
    let hands = [
        "999p123m456m789s5s",
        "36m36p147s268s347z",
        "123s456s789s11z22z",
        JUNK[3],
    ];
    let wall = WallBuilder::new(0, hands)
        .at(120, "9p")
        .rinshan(&[rinshan])
        .avoid("1z2z5s");
    (Table::seed(0, &wall), wall)
}

/// P05 (R5.2, R2.12, R2.13): an ankan with one live tile left is allowed; a win on its
/// replacement tile is rinshan without haitei; otherwise the declarer's discard is the
/// houtei tile (only ron) and the deal then ends.
#[test]
fn p05_kan_on_the_second_to_last_draw() {
    let (mut t, _) = kan_on_the_last_live_tile("5s");
    t.play_until(0, 1);
    assert!(t.can(0, Action::Ankan(kind("9p"))));
    t.act(0, Action::Ankan(kind("9p")));
    assert_eq!(t.deal.wall().live(), 0);
    t.act(0, Action::Tsumo);
    let win = t.win();
    assert!(has_yaku(win, Yaku::Rinshan));
    assert!(!has_yaku(win, Yaku::Haitei));

    let (mut t, _) = kan_on_the_last_live_tile("1z");
    t.play_until(0, 1);
    t.act(0, Action::Ankan(kind("9p")));
    t.discard_hold(0, "1z");
    // West holds 11z: pon would be possible on any other discard.
    assert!(!t.can_call(2));
    assert!(t.can_ron(2));
    t.act(2, Action::Ron);
    assert!(has_yaku(t.win(), Yaku::Houtei));
}

/// P06 (R5.2, R2.12, R3.8): whoever draws the haitei may tsumo (haitei) but not kan; on the
/// houtei discard only ron is offered.
#[test]
fn p06_haitei_and_houtei() {
    // South draws the haitei: a fourth 9s (no kan) or the 5p that completes the hand.
    for last in ["9s", "5p"] {
        let hands = [
            "258m258p258s36s4z",
            "999s123m456m789p5p",
            "123s456s78s11z222z",
            JUNK[3],
        ];
        let wall = WallBuilder::new(0, hands).at(121, last).avoid("9s5p1z2z6s");
        let mut t = Table::seed(0, &wall);
        t.play_until(1, 0);
        let legal = t.deal.legal_actions(1);
        assert!(
            !legal.iter().any(|a| matches!(a, Action::Ankan(_))),
            "{legal:?}"
        );
        if last == "5p" {
            t.act(1, Action::Tsumo);
            assert!(has_yaku(t.win(), Yaku::Haitei));
            continue;
        }
        t.act(1, Action::Discard(t.id(1, "9s")));
        // West waits on 9s (and 6s) with 11z: houtei ron only.
        assert_eq!(t.deal.legal_actions(2), [Action::Ron, Action::Pass]);
        t.act(2, Action::Ron);
        assert!(has_yaku(t.win(), Yaku::Houtei));
    }
}

// --- P07: claim priority and multiple ron -------------------------------------------------

/// P07 (R3.4, R12.1): West discards 5p; North could chi, East could pon or ron, South could
/// ron. Head bump: East alone wins; double and triple: East and South; no call happens.
#[test]
fn p07_ron_beats_calls_and_multi_ron_options() {
    let hands = [
        "123m456m789m55p11z",
        "123s456s789s222z5p",
        "0p36m369p147s268s3z",
        "468p478m47s23456z",
    ];
    let wall = WallBuilder::new(0, hands).dealer_draw("7z").avoid("1z");
    for (preset, winners) in [
        (Preset::Seed, vec![0]),
        (Preset::Tenhou, vec![0, 1]),
        (Preset::MahjongSoul, vec![0, 1]),
    ] {
        let mut t = Table::new(setup(0), &wall, &Ruleset::preset(preset));
        t.discard(0, "7z");
        t.tsumogiri(1);
        t.discard_hold(2, "0p");
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
    let hands = [
        "123m456m789m55p11z",
        "123s456s789s222z5p",
        "0p36m369p147s268s3z",
        "468p478m47s23456z",
    ];
    let wall = WallBuilder::new(0, hands).dealer_draw("7z").avoid("1z");
    let mut t = Table::seed(0, &wall);
    t.discard(0, "7z");
    t.tsumogiri(1);
    t.discard_hold(2, "0p");
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

// --- P08–P10, P29: kuikae -------------------------------------------------------------------

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

/// P29 (R4.5c, R4.5d): chi of the red 5m with 6m7m forbids every 5m (red or not) and the
/// suji 8m.
#[test]
fn p29_red_five_kuikae() {
    let hands = [
        "0m258p258s369s147z",
        "5m67m8m9m147p147s25z",
        "23m134678p2589s6z",
        "1m69m478p47s23456z",
    ];
    let wall = WallBuilder::new(0, hands);
    let mut t = Table::seed(0, &wall);
    t.discard_hold(0, "0m");
    t.act(1, Action::Chi(t.pair(1, "67m")));
    let kinds = t.discard_kinds(1);
    assert!(
        !kinds.iter().any(|k| k == "5m" || k == "0m" || k == "8m"),
        "{kinds:?}"
    );
    assert!(kinds.contains(&"9m".to_owned()));
}

// --- P11–P13: furiten ----------------------------------------------------------------------

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
    assert!(t.deal.player(1).furiten());
    t.pass_all();
    t.tsumogiri(3);
    t.tsumogiri(0);
    assert!(t.can_tsumo(1));
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
    assert!(t.deal.player(1).temp_furiten);
    // North discards 7z, East pons it and discards 4m.
    t.discard_hold(3, "7z");
    t.act(0, Action::Pon(t.pair(0, "77z")));
    t.pass_all();
    t.discard_hold(0, "4m");
    t
}

/// P12 (R11.3): South passes West's 1m; North's... East's 4m in the same go-around cannot
/// be ronned; South's next draw ends it. With `temp_furiten_end = any_call_too` East's pon
/// ends it at once.
#[test]
fn p12_temporary_furiten() {
    let mut t = temp_furiten_table(TempFuritenEnd::OwnNextTile);
    assert!(!t.can_ron(1), "temporary furiten");
    t.pass_all();
    t.tsumogiri(1);
    assert!(!t.deal.player(1).temp_furiten);
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
    assert!(t.deal.player(1).riichi_furiten);
    assert!(t.can_tsumo(1));
    t.act(1, Action::Tsumo);
    // The riichi was South's first discard with no call before: double riichi (R6.4).
    assert!(has_yaku(t.win(), Yaku::DoubleRiichi));
}

// --- P14–P16: tenpai at the draw, noten payments -----------------------------------------

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

/// Tenpai hands by seat (E tanki 2z, S tanki 4z, W tanki 6z, N tanki 7z).
const TENPAI: [&str; 4] = [
    "123m456m789m1112z",
    "123p456p789p3334z",
    "123s456s789s5556z",
    "111m999m111p999p7z",
];

/// A deal where the seats in `tenpai` hold a tenpai hand and the others junk; everyone
/// discards the drawn tile.
fn tenpai_table(tenpai: [bool; 4], rules: &Ruleset) -> Table {
    let hands: [&str; 4] = std::array::from_fn(|s| if tenpai[s] { TENPAI[s] } else { JUNK[s] });
    Table::new(setup(0), &WallBuilder::new(0, hands), rules)
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

/// P16 (R13.4, R13.5): East declares riichi and is alone tenpai at the draw: +3,000 and the
/// deposit stays on the table (the deal's scores: 27,000 / 24,000 ×3, one stick left).
/// Returning it at the end of the one-deal game (28,000) is the game's job, not the deal's.
#[test]
fn p16_riichi_deposit_stays_after_a_draw() {
    let mut t = tenpai_table([true, false, false, false], &seed());
    let drawn = t.deal.drawn().unwrap();
    t.act(0, Action::Riichi(drawn));
    t.pass_all();
    t.play_out();
    assert_eq!(t.deal.scores(), [27_000, 24_000, 24_000, 24_000]);
    assert_eq!(t.outcome().riichi_sticks, 1);
    assert_eq!(t.outcome().deltas, [2000, -1000, -1000, -1000]);
}

/// P17 (R6.2): South's riichi discard is ronned by West: no deposit, South pays West's hand,
/// no riichi for anyone.
#[test]
fn p17_ron_on_the_riichi_discard() {
    let hands = [JUNK[0], TENPAI[1], "123s456s789s111p7z", JUNK[3]];
    let wall = WallBuilder::new(0, hands).draws(&["7z"]);
    let mut t = Table::seed(0, &wall);
    t.tsumogiri(0);
    let id = t.id(1, "7z");
    t.act(1, Action::Riichi(id));
    assert!(t.can_ron(2));
    t.act(2, Action::Ron);
    let win = t.win().clone();
    assert_eq!((win.seat, win.from), (2, 1));
    assert!(!has_yaku(&win, Yaku::Riichi) && !has_yaku(&win, Yaku::DoubleRiichi));
    assert!(!t.deal.player(1).riichi);
    assert_eq!(
        t.count_events(|e| matches!(e, Event::ReachAccepted { .. })),
        0
    );
    assert_eq!(t.outcome().riichi_sticks, 0);
    assert_eq!(t.outcome().deltas, [0, -win.points, win.points, 0]);
}

/// P18 (R7.1, R7.2): East's riichi; a pon by South before East's next draw ends ippatsu;
/// without it the tsumo on that draw scores ippatsu.
#[test]
fn p18_ippatsu_ended_by_a_call() {
    let hands = [
        "45p123m456m789s11z",
        "22z36m369p147s258s",
        "2z2358m4678p258s6z",
        JUNK[3],
    ];
    for pon in [true, false] {
        // East's first draw after riichi: W[57] after the pon (West draws again), else W[56].
        let draws: &[&str] = if pon {
            &["?", "?", "?", "?", "3p"]
        } else {
            &["?", "?", "?", "3p"]
        };
        let wall = WallBuilder::new(0, hands)
            .dealer_draw("9m")
            .draws(draws)
            .avoid("3p6p");
        let mut t = Table::seed(0, &wall);
        t.riichi(0, "9m");
        t.tsumogiri(1);
        t.discard_hold(2, "2z");
        if pon {
            t.act(1, Action::Pon(t.pair(1, "22z")));
            t.pass_all();
            t.discard(1, "9p");
            t.tsumogiri(2);
        } else {
            t.pass_all();
        }
        t.tsumogiri(3);
        t.act(0, Action::Tsumo);
        assert_eq!(has_yaku(t.win(), Yaku::Ippatsu), !pon, "pon {pon}");
        assert!(has_yaku(t.win(), Yaku::DoubleRiichi));
    }
}

/// P18 (R7.2, R5.4, R5.7), P19 (R6.4): North's kakan robbed by East inside East's ippatsu
/// window scores chankan and ippatsu; East's riichi after North's pon is no double riichi;
/// the robbed kan reveals no indicator.
#[test]
fn p18_chankan_keeps_ippatsu() {
    let hands = [
        "45p123m456m789s11z",
        "3p36m69p147s258s22z",
        "2358m4678p258s16z",
        "33p478m478p47s256z",
    ];
    let wall = WallBuilder::new(0, hands)
        .dealer_draw("9m")
        .draws(&["?", "9m", "?", "?", "3p"])
        .avoid("3p6p");
    let mut t = Table::seed(0, &wall);
    t.tsumogiri(0);
    // East waits on 3p but has no yaku before riichi: North pons.
    t.discard_hold(1, "3p");
    t.act(3, Action::Pon(t.pair(3, "33p")));
    t.pass_all();
    t.discard(3, "2z");
    t.riichi(0, "9m");
    t.tsumogiri(1);
    t.tsumogiri(2);
    let kakan = Action::Kakan(t.id(3, "3p"));
    t.act(3, kakan);
    assert_eq!(t.deal.legal_actions(0), [Action::Ron, Action::Pass]);
    t.act(0, Action::Ron);
    let win = t.win();
    for yaku in [Yaku::Riichi, Yaku::Ippatsu, Yaku::Chankan] {
        assert!(has_yaku(win, yaku), "{yaku:?}: {win:?}");
    }
    assert!(!has_yaku(win, Yaku::DoubleRiichi));
    assert!(t.dora_events().is_empty());
    assert_eq!(t.deal.wall().dora_indicators().len(), 1);
}

/// P19 (R6.4): West's riichi with its first discard is a double riichi unless a call came
/// before (here South's pon of East's first discard).
#[test]
fn p19_double_riichi_needs_no_call_before() {
    let hands = [
        JUNK[0],
        "77z36m69p147s258s2z",
        "45p123m456m789s11z",
        "3p478m478p47s2356z",
    ];
    for pon in [true, false] {
        let draws: &[&str] = if pon { &["9m"] } else { &["?", "9m"] };
        let wall = WallBuilder::new(0, hands)
            .dealer_draw("7z")
            .draws(draws)
            .avoid("3p6p");
        let mut t = Table::seed(0, &wall);
        t.discard_hold(0, "7z");
        if pon {
            t.act(1, Action::Pon(t.pair(1, "77z")));
            t.pass_all();
            t.discard(1, "2z");
        } else {
            t.pass_all();
            t.tsumogiri(1);
        }
        t.riichi(2, "9m");
        t.discard_hold(3, "3p");
        t.act(2, Action::Ron);
        let win = t.win();
        assert_eq!(has_yaku(win, Yaku::DoubleRiichi), !pon);
        assert_eq!(has_yaku(win, Yaku::Riichi), pon);
        assert!(has_yaku(win, Yaku::Ippatsu));
    }
}

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

// --- P21–P22: nagashi mangan --------------------------------------------------------------

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
            .all(|d| d.tile >= 108 || d.tile / 4 % 9 == 0 || d.tile / 4 % 9 == 8)
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

// --- P23: double ron settlement ----------------------------------------------------------

/// P23 (R12.1, R12.2, R16.1): Tenhou double ron, 1 honba and 2 sticks: West pays North's
/// hand + 300 and South's hand; North, nearest after West, takes both sticks.
#[test]
fn p23_double_ron_settlement() {
    let hands = [
        "258m258p258s369s4z",
        "45m123p777z789s11p",
        "3m69m369p147s28s36z",
        "12m456p789p555z11s",
    ];
    let wall = WallBuilder::new(0, hands).avoid("3m6m");
    let setup = mahjong_core::riichi::game::DealSetup {
        honba: 1,
        riichi_sticks: 2,
        ..setup(0)
    };
    let mut t = Table::new(setup, &wall, &tenhou());
    t.tsumogiri(0);
    t.tsumogiri(1);
    t.discard_hold(2, "3m");
    t.act(3, Action::Ron);
    t.act(1, Action::Ron);
    let out = t.outcome().clone();
    let seats: Vec<usize> = out.wins.iter().map(|w| w.seat).collect();
    assert_eq!(seats, [3, 1]);
    let (north, south) = (out.wins[0].points, out.wins[1].points);
    assert_eq!(
        out.deltas,
        [0, south, -(north + 300) - south, north + 300 + 2000]
    );
    assert_eq!(out.riichi_sticks, 0);
    assert!(!out.dealer_keeps);
}

// --- P24: pao -----------------------------------------------------------------------------

/// South pons 5z (East), 6z and 7z (West) and waits on 1m-4m: West is liable.
fn pao_table(honba: u32) -> Table {
    let hands = [
        "5z258m258p258s369s",
        "55z66z77z23m99p19s4z",
        "67z369m147p147s28s",
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
    t.tsumogiri(2);
    t
}

/// P24 (R15.1–R15.3): daisangen completed by a pon of West's 7z: (a) South's tsumo is paid
/// by West alone, honba included (`pao_honba = liable`); (b) North deals in: North and
/// West pay half each.
#[test]
fn p24_pao_daisangen() {
    let mut t = pao_table(1);
    t.tsumogiri(3);
    t.tsumogiri(0);
    t.act(1, Action::Tsumo);
    assert!(has_yakuman(t.win(), Yakuman::Daisangen));
    assert_eq!(t.outcome().deltas, [0, 32_300, -32_300, 0]);

    let mut t = pao_table(0);
    t.discard_hold(3, "4m");
    t.act(1, Action::Ron);
    assert_eq!(t.outcome().deltas, [0, 32_000, -16_000, -16_000]);
}

// --- P25: abortive draws ------------------------------------------------------------------

/// Checks an abortive draw: the reason, no payment beyond riichi deposits, the dealer keeps.
fn assert_aborted(t: &Table, reason: DrawReason, sticks: u32) {
    let out = t.outcome();
    assert_eq!(out.draw, Some(reason));
    assert!(out.wins.is_empty());
    assert_eq!(
        out.deltas,
        [-1000 * i64::from(sticks) / 4; 4].map(|d| if sticks == 0 { 0 } else { d })
    );
    assert!(out.dealer_keeps);
    assert_eq!(out.riichi_sticks, sticks);
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

/// P25d (R14.4, R5.8): East and South make two kans each; after South's discard passes the
/// deal aborts under Tenhou rules. The seed plays on and nobody may make a fifth kan.
#[test]
fn p25d_suukaikan() {
    let hands = [
        "1111m2222m789s",
        "333p4444p678s12z9m",
        "0555s67m89p12347z",
        "369m689p1369s567z",
    ];
    let wall = WallBuilder::new(0, hands).draws(&["3p"]);
    for rules in [tenhou(), seed()] {
        let mut t = Table::new(setup(0), &wall, &rules);
        t.act(0, Action::Ankan(kind("1m")));
        t.act(0, Action::Ankan(kind("2m")));
        t.tsumogiri(0);
        t.act(1, Action::Ankan(kind("3p")));
        t.act(1, Action::Ankan(kind("4p")));
        t.tsumogiri(1);
        if rules.suukaikan {
            assert_aborted(&t, DrawReason::Suukaikan, 0);
        } else {
            // West holds four 5s but may not declare a fifth kan.
            assert_eq!(t.deal.turn(), Some(2));
            let legal = t.deal.legal_actions(2);
            assert!(
                !legal.iter().any(|a| matches!(a, Action::Ankan(_))),
                "{legal:?}"
            );
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

/// P25e (R14.5, R12.1): three rons on one discard: sanchahou under Tenhou rules (double
/// ron), three winners under Mahjong Soul rules (triple ron).
#[test]
fn p25e_sanchahou() {
    let hands = [
        "38m258p258s369s47z",
        "12m555z456p789p11s",
        "45m666z123p456s99s",
        "24m777z789s123s99p",
    ];
    let wall = WallBuilder::new(0, hands).dealer_draw("1z");
    for preset in [Preset::Tenhou, Preset::MahjongSoul] {
        let mut t = Table::new(setup(0), &wall, &Ruleset::preset(preset));
        t.discard_hold(0, "3m");
        for seat in 1..4 {
            t.act(seat, Action::Ron);
        }
        if preset == Preset::Tenhou {
            assert_aborted(&t, DrawReason::Sanchahou, 0);
        } else {
            assert_eq!(t.outcome().wins.len(), 3);
        }
    }
}

// --- P26–P28: riichi conditions, calls and kans -----------------------------------------

/// P26a (R6.1c): riichi needs 1,000 points (seed); M-League allows it with less.
#[test]
fn p26a_riichi_needs_points() {
    let hands: [&str; 4] = [JUNK[0], TENPAI[1], JUNK[2], JUNK[3]];
    let wall = WallBuilder::new(0, hands);
    for (points, preset, allowed) in [
        (900, Preset::Seed, false),
        (1000, Preset::Seed, true),
        (900, Preset::MLeague, true),
    ] {
        let mut setup = setup(0);
        setup.scores[1] = points;
        let mut t = Table::new(setup, &wall, &Ruleset::preset(preset));
        t.tsumogiri(0);
        let drawn = t.deal.drawn().unwrap();
        assert_eq!(
            t.can(1, Action::Riichi(drawn)),
            allowed,
            "{points} {preset:?}"
        );
        if !allowed {
            let err = t.deal.apply(1, Action::Riichi(drawn)).unwrap_err();
            assert!(err.to_string().contains("minimum points"), "{err}");
        }
    }
}

/// P26b (R6.1d): riichi needs 4 live tiles (seed): South may at 4, West may not at 3;
/// M-League allows it at 3.
#[test]
fn p26b_riichi_needs_live_tiles() {
    let hands: [&str; 4] = [JUNK[0], TENPAI[1], TENPAI[2], JUNK[3]];
    let wall = WallBuilder::new(0, hands);
    for preset in [Preset::Seed, Preset::MLeague] {
        let mut t = Table::new(setup(0), &wall, &Ruleset::preset(preset));
        t.play_until(1, 4);
        assert!(t.can(1, Action::Riichi(t.deal.drawn().unwrap())));
        t.tsumogiri(1);
        assert_eq!(t.deal.wall().live(), 3);
        let allowed = preset == Preset::MLeague;
        assert_eq!(t.can(2, Action::Riichi(t.deal.drawn().unwrap())), allowed);
    }
}

/// P26c (R6.1a): no riichi after a chi, even when tenpai.
#[test]
fn p26c_no_riichi_with_an_open_hand() {
    let hands = [
        "4m258p258s369s147z",
        "23m456p789p11z56s9s",
        JUNK[2],
        JUNK[3],
    ];
    let wall = WallBuilder::new(0, hands).avoid("4s7s");
    let mut t = Table::seed(0, &wall);
    t.discard_hold(0, "4m");
    t.act(1, Action::Chi(t.pair(1, "23m")));
    t.discard(1, "9s");
    t.tsumogiri_turns(3);
    assert!(!t.deal.player(1).waits().is_empty());
    let legal = t.deal.legal_actions(1);
    assert!(
        !legal.iter().any(|a| matches!(a, Action::Riichi(_))),
        "{legal:?}"
    );
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

/// P28 (R6.3): East in riichi draws the fourth 9p: seed, only the drawn tile may be
/// discarded; Tenhou (`same_waits`), the ankan is allowed when the waits stay 6s-9s, not when
/// the 9p are part of the wait (78999p).
#[test]
fn p28_ankan_in_riichi() {
    for (east, rules, ankan) in [
        ("999p123m456m78s11z", seed(), false),
        ("999p123m456m78s11z", tenhou(), true),
        ("78999p123m456m11z", tenhou(), false),
    ] {
        let hands = [east, "36m368p147s258s14z", JUNK[2], JUNK[3]];
        let wall = WallBuilder::new(0, hands)
            .dealer_draw("7z")
            .draws(&["?", "?", "?", "9p"])
            .avoid("6s9s6p1z");
        let mut t = Table::new(setup(0), &wall, &rules);
        t.riichi(0, "7z");
        t.tsumogiri_turns(3);
        let drawn = t.deal.drawn().unwrap();
        assert_eq!(t.can(0, Action::Ankan(kind("9p"))), ankan, "{east}");
        let legal = t.deal.legal_actions(0);
        for a in legal {
            assert!(
                matches!(a, Action::Tsumo | Action::Ankan(_)) || a == Action::Discard(drawn),
                "{a:?}"
            );
        }
    }
}

// --- R5.4: robbing a kan ---------------------------------------------------------------------

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
    assert!(!t.deal.player(1).riichi_furiten);
    t.discard_hold(0, "3p");
    assert!(t.can_ron(1));
}

// --- R11.3: what starts temporary furiten ---------------------------------------------------

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
        t.pass_all();
        assert_eq!(t.deal.player(1).temp_furiten, furiten, "{trigger:?}");
    }
}

// --- R8: tenhou, chiihou, renhou ------------------------------------------------------------

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

// --- R16.1: honba and deposits --------------------------------------------------------------

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
    // Ron on East's 5p.
    let wall = WallBuilder::new(0, hands).dealer_draw("8p");
    let mut t = Table::new(setup, &wall, &seed());
    t.discard_hold(0, "5p");
    t.act(1, Action::Ron);
    let points = t.win().points;
    assert_eq!(t.outcome().deltas, [-points - 600, points + 1600, 0, 0]);
    // Tsumo on South's first draw: chiihou, 16,000 / 8,000.
    let wall = WallBuilder::new(0, hands).dealer_draw("8p").draws(&["5p"]);
    let mut t = Table::new(setup, &wall, &seed());
    t.tsumogiri(0);
    t.act(1, Action::Tsumo);
    assert_eq!(t.outcome().deltas, [-16_200, 33_600, -8_200, -8_200]);
    assert_eq!(t.deal.scores().iter().sum::<i64>(), 101_000);
}

// --- Illegal actions -------------------------------------------------------------------------

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
    let err = t
        .deal
        .apply(1, Action::Discard(t.deal.player(1).hand[0]))
        .unwrap_err();
    assert!(err.to_string().contains("not seat 1's turn"), "{err}");
    assert!(t.deal.apply(3, Action::Discard(200)).is_err());
    assert_eq!(t.deal.events().len(), events);
    assert_eq!(t.hand(3), hand);
    assert_eq!(t.deal.legal_actions(3), legal);
    assert_eq!(t.deal.turn(), Some(3));
}
