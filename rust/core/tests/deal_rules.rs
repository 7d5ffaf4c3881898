//! Acceptance tests of the deal engine against the rules spec: the procedure cases P01–P29
//! (spec §5.2) and the play rules (R2–R16) they rest on, each driven from an explicit wall.
//!
//! Seats: 0 = East (the dealer unless stated), 1 = South, 2 = West, 3 = North. With no calls
//! the wall draws go `W[53]` South, `W[54]` West, `W[55]` North, `W[56]` East, ... (R2.8), so
//! a seat's g-th draw (g from 0) is draw index 4g (South), 4g+1 (West), 4g+2 (North) and
//! 4g−1 (East, g ≥ 1) of [`WallBuilder::draws`].

mod table;

use mahjong_core::riichi::game::{Action, DrawReason, Event, Wall};
use mahjong_core::riichi::rules::{KanDoraTiming, Kuikae, TempFuritenEnd};
use mahjong_core::riichi::{Preset, Ruleset, Yaku};
use table::{Table, WallBuilder, has_yaku, kind, seed, setup, tenhou};

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
