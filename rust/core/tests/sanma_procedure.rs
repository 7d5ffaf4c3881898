//! Three-player procedure acceptance tests (sanma spec §5.2, T-P01–T-P22, T-P27, T-P29,
//! T-P30): the one Riichi engine with `players = 3`, driven from explicit 108-tile walls (see
//! `table/mod.rs` for the draw positions: South draws `W[40]`, West `W[41]`, East `W[42]`...).
//! The game-level cases T-P23–T-P26 are in `sanma_game.rs`; T-P28 (a Tenhou record) is a
//! Python test.

mod table;

use mahjong_core::riichi::game::{Action, Deal, DrawReason, Event, LogStyle, Reason, Wall};
use mahjong_core::riichi::{Preset, Ruleset, Value, Yaku, Yakuman};
use mahjong_core::tile::{dora_from_indicator, riichi_ids};
use table::{
    Table, WallBuilder, han_of, has_yaku, has_yakuman, kind, mahjongsoul_sanma, mpsz, sanma_setup,
    tenhou_sanma,
};

/// Noten hands without a North, one per seat (East, South, West).
const JUNK: [&str; 3] = [
    "1m147p258s369s123z",
    "9m23589p1467s567z",
    "9m3469p2589s1237z",
];

/// The kinds of 3p/6p/9p... in MPSZ, for `avoid`: every terminal and honour.
const YAOCHUU: &str = "19m19p19s1234567z";

/// `rules` with one option changed.
fn with(rules: Ruleset, name: &str, value: Value) -> Ruleset {
    let mut rules = rules;
    rules.set(name, &value).unwrap();
    rules
}

/// The identity three-player wall: `W[i]` is the i-th of the 108 ids in ascending order.
fn identity() -> Vec<u8> {
    riichi_ids(3).collect()
}

/// Tsumo events by seat so far, and normal (wall) draws in all.
fn draws(t: &Table) -> ([usize; 3], usize) {
    let mut by_seat = [0; 3];
    let mut normal = 0;
    for e in t.deal.events() {
        if let Event::Tsumo { seat, rinshan, .. } = e {
            by_seat[*seat] += 1;
            normal += usize::from(!rinshan);
        }
    }
    (by_seat, normal)
}

/// T-P01 (T2.2–T2.4): indicators, ura indicators and the eight replacement tiles by position.
#[test]
fn tp01_dead_wall_positions() {
    let w = identity();
    let mut wall = Wall::from_order(&w).unwrap();
    let at = |positions: &[usize]| positions.iter().map(|&i| w[i]).collect::<Vec<u8>>();
    assert_eq!(wall.dora_indicators(), at(&[98]));
    assert_eq!(wall.ura_indicators(), at(&[99]));
    let kan: Vec<u8> = (0..4).map(|_| wall.reveal().unwrap()).collect();
    assert_eq!(kan, at(&[96, 94, 92, 90]));
    assert_eq!(wall.reveal(), None);
    assert_eq!(wall.ura_indicators(), at(&[99, 97, 95, 93, 91]));
    let rinshan: Vec<u8> = (0..8).map(|_| wall.draw_replacement().unwrap()).collect();
    assert_eq!(rinshan, at(&[106, 107, 104, 105, 102, 103, 100, 101]));
    assert_eq!(wall.draw_replacement(), None);
}

/// T-P02 (T2.7–T2.9): the deal by seat, 54 live tiles, South's first draw `W[40]`; a wall
/// holding a removed tile, or a four-player wall, is refused.
#[test]
fn tp02_deal_positions() {
    let w = identity();
    let dealt = |offset: usize| -> Vec<u8> {
        let mut v: Vec<usize> = (0..3)
            .flat_map(|r| (0..4).map(move |i| 12 * r + 4 * offset + i))
            .collect();
        v.push(36 + offset);
        v.iter().map(|&i| w[i]).collect()
    };
    for dealer in [0, 2] {
        let wall = Wall::from_order(&w).unwrap();
        let mut deal = Deal::new(sanma_setup(dealer), wall, &tenhou_sanma()).unwrap();
        let Event::StartKyoku { hands, .. } = &deal.events()[0] else {
            panic!("no start event")
        };
        for (seat, hand) in hands.iter().enumerate().take(3) {
            assert_eq!(*hand, dealt((seat + 3 - dealer) % 3), "seat {seat}");
        }
        assert!(hands[3].is_empty());
        let first = Event::Tsumo {
            seat: dealer,
            tile: w[39],
            rinshan: false,
        };
        assert_eq!(deal.events()[1], first);
        assert_eq!(deal.wall().live(), 54);
        deal.apply(dealer, Action::Discard(w[39])).unwrap();
        while deal.claim_tile().is_some() {
            let s = deal.waiting()[0];
            deal.apply(s, Action::Pass).unwrap();
        }
        assert_eq!(deal.turn(), Some((dealer + 1) % 3));
        assert_eq!(deal.drawn(), Some(w[40]));
        assert_eq!(deal.wall().live(), 53);
    }
    let mut removed = w.clone();
    removed[7] = 20; // a 6m
    let err = Wall::from_order(&removed).unwrap_err();
    assert!(err.message().contains("three-player"), "{err}");
    let four = Wall::shuffled(1, 4);
    let err = Deal::new(sanma_setup(0), four, &tenhou_sanma()).unwrap_err();
    assert!(err.message().contains("3-player wall"), "{err}");
}

/// T-P03 (T2.11–T2.13, T3.8): with no call and no kita the dealer draws 19 times and South and
/// West 18; the dealer draws the haitei `W[93]`, its last discard is the houtei (ron only),
/// then an exhaustive draw.
#[test]
fn tp03_full_deal_without_calls() {
    // West holds a pair of the haitei tile's kind: a pon would be possible on any other discard.
    let hands = [JUNK[0], JUNK[1], "9m3469p9p258s1237z"];
    let wall = WallBuilder::sanma(0, hands).at(93, "9p");
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.play_until(0, 0);
    assert_eq!(t.deal.drawn(), Some(wall.order()[93]));
    assert_eq!(draws(&t), ([19, 18, 18], 55));
    t.discard_hold(0, "9p");
    assert!(!t.can_call(2), "no pon on the houtei discard (T3.8)");
    t.pass_all();
    assert_eq!(t.outcome().draw, Some(DrawReason::Exhaustive));
}

/// T-P04 (T2.3, T2.4, T2.10, T2.11): a kita moves the last live tile into the dead wall and
/// draws `W[106]` with no indicator; a later ankan moves another, turns `W[96]` and draws
/// `W[107]`; the haitei is then `W[91]`, after 53 normal draws.
#[test]
fn tp04_kita_and_kan_move_the_haitei() {
    let hands = [
        "1m47p258s369s1235z",
        "9m23589p146s567z4z",
        "1111p9m258s369s12z",
    ];
    let wall = WallBuilder::sanma(0, hands);
    let order = wall.order();
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.tsumogiri(0);
    assert_eq!(t.deal.wall().live(), 53);
    assert!(t.can(1, Action::Kita));
    t.kita(1);
    assert_eq!(t.deal.drawn(), Some(order[106]));
    assert_eq!(t.deal.wall().live(), 52, "E 93 -> 92");
    assert!(
        t.dora_events().is_empty(),
        "a kita reveals no indicator (T17.10)"
    );
    t.tsumogiri(1);
    t.act(2, Action::Ankan(kind("1p")));
    assert_eq!(t.dora_events(), [mpsz(&[order[96]])]);
    assert_eq!(t.deal.drawn(), Some(order[107]));
    assert_eq!(t.deal.wall().live(), 50, "one draw and E 92 -> 91");
    t.tsumogiri(2);
    let mut last_normal = None;
    while !t.deal.is_over() {
        if let Some(s) = t.deal.turn() {
            last_normal = t.deal.drawn();
            t.tsumogiri(s);
        }
    }
    assert_eq!(last_normal, Some(order[91]));
    assert_eq!(draws(&t).1, 53);
}

/// South waits on 1s-4s (pinfu) and draws a North as its 18th tile `W[91]`; West first sets
/// aside `kitas` Norths (each moves the end of the live wall, T2.10): with one, South's draw
/// leaves one live tile; with two, it is the haitei.
fn south_at_the_end(kitas: usize) -> Table {
    let west = ["9m3469p2589s1234z", "9m3469p2589s1244z"][kitas - 1];
    let wall = WallBuilder::sanma(0, [JUNK[0], "123p456p789s11s23s", west])
        .at(91, "4z")
        .rinshan(&["7p", "7p", "4s"][2 - kitas..])
        .avoid("14s4z");
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.tsumogiri(0);
    t.tsumogiri(1);
    for _ in 0..kitas {
        t.kita(2);
    }
    t.tsumogiri(2);
    t
}

/// T-P05 (T17.2, T2.12, T2.13): South draws with one live tile left and holds a North: kita is
/// allowed and leaves no live tile; a win on the replacement is rinshan kaihou without haitei,
/// else South's discard is the houtei. Having drawn the haitei itself, South may not kita.
#[test]
fn tp05_kita_on_the_last_draws() {
    let mut t = south_at_the_end(1);
    t.play_until(1, 1);
    assert!(t.can(1, Action::Kita));
    t.act(1, Action::Kita);
    t.pass_all();
    assert_eq!(t.deal.wall().live(), 0);
    assert!(
        t.can_tsumo(1),
        "the first replacement tile is 7p, the second 4s"
    );
    let mut houtei = t.deal.clone();
    t.act(1, Action::Tsumo);
    let win = t.win();
    assert!(has_yaku(win, Yaku::Rinshan) && !has_yaku(win, Yaku::Haitei));
    // Discarded instead, the replacement tile is the houtei: the deal then ends.
    let drawn = houtei.drawn().unwrap();
    houtei.apply(1, Action::Discard(drawn)).unwrap();
    let ended = houtei.outcome().and_then(|o| o.draw);
    assert_eq!(ended, Some(DrawReason::Exhaustive));

    let mut t = south_at_the_end(2);
    t.play_until(1, 0);
    assert!(!t.can(1, Action::Kita));
    assert!(t.deal.blocked(1).contains(&Reason::KitaNoLiveTile));
}

/// T-P06 (T17.3, T6.3): East in riichi draws a North: kita is allowed, the riichi stands with
/// one deposit, and East may tsumo on the replacement or must discard it. A North held from
/// before is not offered (`drawn_only`).
#[test]
fn tp06_kita_in_riichi() {
    let mut draws = vec!["?"; 3];
    draws[2] = "4z";
    let wall = WallBuilder::sanma(0, ["123p456p789s11s23s", JUNK[1], JUNK[2]])
        .dealer_draw("9m")
        .draws(&draws)
        .rinshan(&["1s"])
        .avoid("14s");
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.riichi(0, "9m");
    t.tsumogiri(1);
    t.tsumogiri(2);
    assert!(t.can(0, Action::Kita));
    t.kita(0);
    assert!(t.deal.player(0).riichi);
    assert_eq!(t.deal.riichi_sticks(), 1);
    let drawn = t.deal.drawn().unwrap();
    assert_eq!(
        t.deal.legal_actions(0),
        [Action::Tsumo, Action::Discard(drawn)]
    );

    // A riichi hand waiting on the North it holds: another drawn tile, no kita.
    let wall = WallBuilder::sanma(0, ["123p456p789s111s4z", JUNK[1], JUNK[2]])
        .dealer_draw("9m")
        .avoid("4z");
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.riichi(0, "9m");
    t.tsumogiri(1);
    t.tsumogiri(2);
    assert!(!t.can(0, Action::Kita));
    assert!(
        t.deal
            .blocked(0)
            .contains(&Reason::KitaInRiichi { drawn_only: true })
    );
}

/// South declares riichi on 1s-4s with its second discard; West holds a North; South's third
/// draw is `third`.
fn south_riichi_then(third: &str, rinshan: &str) -> Table {
    let mut draws = vec!["?"; 7];
    draws[3] = "9m";
    draws[6] = third;
    let wall = WallBuilder::sanma(0, [JUNK[0], "123p456p789s11s23s", "9m3469p2589s1234z"])
        .draws(&draws)
        .rinshan(&[rinshan])
        .avoid("14s4z");
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.tsumogiri_turns(4);
    t.riichi(1, "9m");
    t
}

/// T-P07 (T7.1, T17.8): South in riichi; West pulls a North: South's next draw wins without
/// ippatsu. Likewise when South itself pulls a North before its next discard.
#[test]
fn tp07_kita_ends_ippatsu() {
    let mut t = south_riichi_then("4s", "6p");
    t.kita(2);
    t.tsumogiri(2);
    t.tsumogiri(0);
    t.act(1, Action::Tsumo);
    let win = t.win();
    assert!(has_yaku(win, Yaku::Riichi) && has_yaku(win, Yaku::MenzenTsumo));
    assert!(!has_yaku(win, Yaku::Ippatsu));

    let mut t = south_riichi_then("4z", "4s");
    t.tsumogiri(2);
    t.tsumogiri(0);
    t.kita(1);
    t.act(1, Action::Tsumo);
    let win = t.win();
    assert!(has_yaku(win, Yaku::Rinshan));
    assert!(!has_yaku(win, Yaku::Ippatsu));
}

/// T-P08 (T17.7, T12): South pulls a North that West waits on (ittsu): West robs it, South
/// pays, no chankan, no replacement draw, the live wall unchanged. With East waiting on it
/// too, both win.
#[test]
fn tp08_robbing_a_kita() {
    for east_waits in [false, true] {
        let east = if east_waits {
            "123s456s789s777p4z"
        } else {
            JUNK[0]
        };
        let wall =
            WallBuilder::sanma(0, [east, "9m23589p146s567z4z", "123p456p789p11s44z"]).avoid("1s");
        let mut t = Table::sanma(&wall, &tenhou_sanma());
        t.tsumogiri(0);
        let live = t.deal.wall().live();
        t.act(1, Action::Kita);
        assert!(t.can_ron(2));
        assert_eq!(t.can_ron(0), east_waits);
        t.act(2, Action::Ron);
        if east_waits {
            t.act(0, Action::Ron);
        }
        let out = t.outcome();
        assert_eq!(out.wins.len(), 1 + usize::from(east_waits));
        let west = &out.wins[0];
        assert_eq!((west.seat, west.from), (2, 1));
        assert_eq!(west.yaku, vec![(Yaku::Ittsu, 2)]);
        assert_eq!(west.deltas[..3], [0, -2600, 2600]);
        assert_eq!(t.deal.wall().rinshan_drawn(), 0);
        assert_eq!(t.deal.wall().live(), live);
        assert!(!matches!(
            t.deal.events().iter().rev().nth(2),
            Some(Event::Tsumo { .. })
        ));
    }
}

/// West waits on 1p/4z with ittsu (`riichi`: declared at its first turn); East pulls a North
/// at its turn and West passes.
fn west_passes_a_kita(riichi: bool) -> Table {
    let mut draws = vec!["?"; 6];
    draws[1] = "9m";
    draws[2] = "4z"; // East's second draw
    draws[4] = "4z"; // West's second draw
    let wall = WallBuilder::sanma(0, [JUNK[0], "1p23589p1467s567z", "11p44z123s456s789s"])
        .draws(&draws)
        .avoid("1p4z");
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.tsumogiri(0);
    t.tsumogiri(1);
    if riichi {
        t.riichi(2, "9m");
    } else {
        t.tsumogiri(2);
    }
    t.act(0, Action::Kita);
    assert!(t.can_ron(2));
    t.pass_all();
    t.tsumogiri(0);
    t
}

/// T-P09 (T11.3, T11.4): passing a ron on a kita tile is furiten: South's 1p cannot be won
/// before West's next tile; in riichi, not for the rest of the deal, though a tsumo still wins.
#[test]
fn tp09_passing_a_kita_is_furiten() {
    let mut t = west_passes_a_kita(false);
    t.discard_hold(1, "1p");
    assert!(!t.can_ron(2));
    assert!(
        t.deal
            .blocked(2)
            .iter()
            .any(|r| matches!(r, Reason::Furiten { .. }))
    );
    t.pass_all();
    assert!(t.can_tsumo(2), "West's own draw is a 4z");

    let mut t = west_passes_a_kita(true);
    t.discard_hold(1, "1p");
    assert!(!t.can_ron(2));
    t.pass_all();
    assert!(t.can_tsumo(2));
    assert_eq!(
        t.deal.player(2).furiten(),
        Some(mahjong_core::riichi::game::Furiten::Riichi)
    );
}

/// T-P10 (T11.2): South's own kita tile is not a discard: waiting on 1p/4z later, South may
/// ron East's North.
#[test]
fn tp10_own_kita_is_no_discard() {
    let mut draws = vec!["?"; 3];
    draws[0] = "9s";
    let wall = WallBuilder::sanma(0, ["4z1m47p258s369s12z", "11p444z123s456s78s", JUNK[2]])
        .draws(&draws)
        .rinshan(&["9m"])
        .avoid("1p4z");
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.tsumogiri(0);
    t.kita(1);
    t.tsumogiri(1);
    t.tsumogiri(2);
    t.discard_hold(0, "4z");
    assert!(t.can_ron(1), "{:?}", t.deal.blocked(1));
    assert_eq!(t.deal.player(1).furiten(), None);
}

/// T-P11 (T8.1, T17.8): the dealer pulls a North on its first turn and wins on the
/// replacement: rinshan kaihou and menzen tsumo, no tenhou. A kita before South's first draw
/// takes South's chiihou and kyuushu kyuuhai.
#[test]
fn tp11_kita_ends_the_first_go_around() {
    let wall = WallBuilder::sanma(0, ["123p456p789s11s23s", JUNK[1], JUNK[2]])
        .dealer_draw("4z")
        .rinshan(&["4s"]);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.kita(0);
    t.act(0, Action::Tsumo);
    let win = t.win();
    assert!(has_yaku(win, Yaku::Rinshan) && has_yaku(win, Yaku::MenzenTsumo));
    assert!(!has_yakuman(win, Yakuman::Tenhou));

    // South: a complete hand on its first draw (chiihou without the kita).
    let wall = WallBuilder::sanma(0, ["4z1m47p258s369s12z", "123p456p789s11s23s", JUNK[2]])
        .draws(&["4s"])
        .rinshan(&["9m"]);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    let mut no_kita = discarded_without_kita(&t);
    t.kita(0);
    t.tsumogiri(0);
    t.act(1, Action::Tsumo);
    assert!(t.win().yakuman.is_empty(), "{:?}", t.win());
    no_kita.apply(1, Action::Tsumo).unwrap();
    let chiihou = &no_kita.outcome().unwrap().wins[0];
    assert!(has_yakuman(chiihou, Yakuman::Chiihou));

    // South: nine terminal and honour kinds on its first draw.
    let wall = WallBuilder::sanma(0, ["4z1m47p258s369s12z", "19m19p19s1567z23p", JUNK[2]])
        .draws(&["5p"])
        .rinshan(&["2p"]);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    let no_kita = discarded_without_kita(&t);
    t.kita(0);
    t.tsumogiri(0);
    assert!(!t.can(1, Action::Kyuushu));
    assert!(no_kita.legal_actions(1).contains(&Action::Kyuushu));
}

/// A copy of the deal where East, instead of a kita, discards the tile just drawn and every
/// claim passes: South's first turn with the first go-around intact.
fn discarded_without_kita(t: &Table) -> Deal {
    let mut deal = t.deal.clone();
    deal.apply(0, Action::Discard(deal.drawn().unwrap()))
        .unwrap();
    while deal.claim_tile().is_some() {
        let s = deal.waiting()[0];
        deal.apply(s, Action::Pass).unwrap();
    }
    deal
}

/// East holds four Norths, pulls two on its first turn (replacements 6s and 9m), declares
/// riichi on 4s-7s with a North pair and draws the 7s; `ura` lies under the West indicator.
fn east_wins_with_two_kita(ura: &str) -> Table {
    let mut draws = vec!["?"; 3];
    draws[2] = "7s";
    let wall = WallBuilder::sanma(0, ["4444z123p456p789s", JUNK[1], JUNK[2]])
        .dealer_draw("5s")
        .draws(&draws)
        .rinshan(&["6s", "9m"])
        .dora("3z")
        .at(99, ura)
        .avoid("47s");
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.kita(0);
    t.kita(0);
    t.riichi(0, "9m");
    t.tsumogiri(1);
    t.tsumogiri(2);
    t.act(0, Action::Tsumo);
    t
}

/// T-P12 (T10.2): indicator West, two kita tiles and a North pair: nukidora 2, dora 4, ura 4
/// under an ura West; none under another ura.
#[test]
fn tp12_nukidora_and_north_dora() {
    let t = east_wins_with_two_kita("3z");
    let win = t.win();
    assert_eq!(han_of(win, Yaku::Nukidora), 2);
    assert_eq!(han_of(win, Yaku::Dora), 4);
    assert_eq!(han_of(win, Yaku::UraDora), 4);
    let t = east_wins_with_two_kita("5z");
    assert_eq!(han_of(t.win(), Yaku::UraDora), 0);
    assert_eq!(han_of(t.win(), Yaku::Dora), 4);
}

/// T-P13 (T2.6): indicators 1m, 9m, 9p, 9s, 3z, 4z, 7z, 0p make 9m, 1m, 1p, 1s, 4z, 1z, 5z,
/// 6p dora with three players (1m ↔ 9m); with four, 1m makes 2m.
#[test]
fn tp13_dora_from_indicators() {
    let indicators = ["1m", "9m", "9p", "9s", "3z", "4z", "7z", "0p"];
    let dora: Vec<u8> = indicators
        .iter()
        .map(|i| dora_from_indicator(kind(i), 3))
        .collect();
    let expected: Vec<u8> = ["9m", "1m", "1p", "1s", "4z", "1z", "5z", "6p"]
        .iter()
        .map(|t| kind(t))
        .collect();
    assert_eq!(dora, expected);
    assert_eq!(dora_from_indicator(kind("1m"), 4), kind("2m"));
}

/// T-P14 (T4.1, T4.5): no chi with three players (a reason says so, and applying one is
/// refused); a winning wait on the tile is ron only; after a pon of 6s, 6s may not be
/// discarded.
#[test]
fn tp14_no_chi() {
    // East holds 33p: the window on South's 3p stays open for its pon.
    let east = "33p1m47p258s369s12z";
    let wall = WallBuilder::sanma(0, [east, "19m2589p146s567z3p", "45p66s9m2389p12z3z"]);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.tsumogiri(0);
    t.discard_hold(1, "3p");
    assert!(!t.can_call(2));
    assert!(t.deal.blocked(2).contains(&Reason::NoChi));
    let chi = Action::Chi(t.pair(2, "45p"));
    let err = t.deal.apply(2, chi).unwrap_err();
    assert_eq!(err.reason, Reason::NoChi);
    assert!(err.to_string().contains("no chi in three-player"), "{err}");

    // West waits on 3p-6p (ittsu): ron only.
    let wall = WallBuilder::sanma(0, [JUNK[0], "9m23589p146s567z3p", "45p123s456s789s11z"]);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.tsumogiri(0);
    t.discard_hold(1, "3p");
    assert_eq!(t.deal.legal_actions(2), [Action::Ron, Action::Pass]);

    // West pons South's 6s and keeps a third: that 6s may not go this turn.
    let east = "1m147p258s39s1235z";
    let wall = WallBuilder::sanma(0, [east, "9m23589p147s567z6s", "666s9m2389p12z3z4p"]);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.tsumogiri(0);
    t.discard_hold(1, "6s");
    t.act(2, Action::Pon(t.pair(2, "66s")));
    assert!(!t.discard_kinds(2).contains(&"6s".to_owned()));
    assert!(
        t.deal
            .blocked(2)
            .iter()
            .any(|r| matches!(r, Reason::Kuikae { .. }))
    );
}

/// Tenpai hands by seat (East tanki 2z, South tanki 5z, West tanki 7z).
const TENPAI: [&str; 3] = [
    "123p456p789p1112z",
    "123s456s789s3335z",
    "111m999m111p999p7z",
];

/// An exhaustive draw with the seats of `tenpai` tenpai, everyone discarding the drawn tile.
fn drawn_deal(tenpai: [bool; 3], rules: &Ruleset) -> Table {
    let hands: [&str; 3] = std::array::from_fn(|s| if tenpai[s] { TENPAI[s] } else { JUNK[s] });
    let wall = WallBuilder::sanma(0, hands).avoid(YAOCHUU);
    let mut t = Table::sanma(&wall, rules);
    t.play_out();
    t
}

/// T-P15 (T13.4): noten payments from a pool of 2,000; none when nobody or everybody is
/// tenpai; a noten dealer passes the deal.
#[test]
fn tp15_noten_payments() {
    let rules = with(tenhou_sanma(), "nagashi_mangan", Value::Bool(false));
    for (tenpai, deltas, keeps) in [
        ([true, false, false], [2000, -1000, -1000], true),
        ([true, true, false], [1000, 1000, -2000], true),
        ([false, false, false], [0, 0, 0], false),
        ([true, true, true], [0, 0, 0], true),
    ] {
        let t = drawn_deal(tenpai, &rules);
        let out = t.outcome();
        assert_eq!(out.draw, Some(DrawReason::Exhaustive));
        assert_eq!(out.tenpai[..3], tenpai);
        assert_eq!(
            out.deltas,
            [deltas[0], deltas[1], deltas[2], 0],
            "{tenpai:?}"
        );
        assert_eq!(out.dealer_keeps, keeps);
    }
}

/// A mangan tsumo (honitsu, haku, menzen tsumo) by `seat` on its second draw.
fn mangan_tsumo(seat: usize, rules: &Ruleset) -> [i64; 4] {
    let mut hands = JUNK;
    hands[seat] = "123p345p777p555z9p";
    let mut draws = vec!["?"; 6];
    draws[[5, 3, 4][seat]] = "9p";
    let wall = WallBuilder::sanma(0, hands).draws(&draws).avoid("9p");
    let mut t = Table::sanma(&wall, rules);
    while !t.can_tsumo(seat) {
        let s = t.deal.turn().unwrap();
        t.tsumogiri(s);
    }
    t.act(seat, Action::Tsumo);
    t.win().deltas
}

/// T-P16 (T16.2): a mangan tsumo under tsumo loss and under north bisection.
#[test]
fn tp16_tsumo_loss() {
    let loss = tenhou_sanma();
    assert_eq!(mangan_tsumo(0, &loss), [8000, -4000, -4000, 0]);
    assert_eq!(mangan_tsumo(1, &loss), [-4000, 6000, -2000, 0]);
    let bisection = with(loss, "tsumo_split", Value::Str("north_bisection".into()));
    assert_eq!(mangan_tsumo(0, &bisection), [12000, -6000, -6000, 0]);
    assert_eq!(mangan_tsumo(1, &bisection), [-5000, 8000, -3000, 0]);
}

/// `seat` draws only terminals and honours (one of them a North it sets aside, the
/// replacement 5z), the others simples first; everyone discards the drawn tile.
fn nagashi(seat: usize) -> Table {
    let yaochuu = [
        "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "5z", "6z", "7z", "1m", "9m", "1p",
        "9p", "4z", "1s", "6z",
    ];
    let mut draws = vec!["?"; 60];
    let mut slots: Vec<usize> = match seat {
        0 => (0..18).map(|g| 3 * g + 2).collect(),
        _ => (0..18).map(|g| 3 * g).collect(),
    };
    let mut wall = WallBuilder::sanma(0, JUNK);
    if seat == 0 {
        wall = wall.dealer_draw("6z");
    }
    slots.truncate(18);
    for (slot, tile) in slots.into_iter().zip(yaochuu) {
        draws[slot] = tile;
    }
    draws.truncate(54);
    let wall = wall.draws(&draws).rinshan(&["5z"]).avoid(YAOCHUU);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    while !t.deal.is_over() {
        match t.deal.turn() {
            Some(s) if s == seat && t.can(s, Action::Kita) => t.kita(s),
            Some(s) => t.tsumogiri(s),
            None => t.pass_all(),
        }
    }
    t
}

/// T-P17 (T13.6): nagashi mangan is paid as a mangan tsumo under tsumo loss; a kita tile
/// neither qualifies nor spoils it; no noten payments; the dealer keeps the deal only if
/// tenpai.
#[test]
fn tp17_nagashi_mangan() {
    let t = nagashi(1);
    let out = t.outcome();
    assert_eq!(out.draw, Some(DrawReason::Exhaustive));
    assert_eq!(t.deal.player(1).kita.len(), 1);
    assert_eq!(out.deltas, [-4000, 6000, -2000, 0]);
    assert!(!out.dealer_keeps);
    let t = nagashi(0);
    assert_eq!(t.outcome().deltas, [8000, -4000, -4000, 0]);
}

/// T-P18 (T14.1–T14.4): three first discards of one wind and three riichi play on; four kans
/// by two players abort after the fourth declarer's discard.
#[test]
fn tp18_abortive_draws() {
    let wall = WallBuilder::sanma(0, ["1z1m47p258s369s23z", "1z9m2358p1467s567z", JUNK[2]]);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    for seat in 0..3 {
        t.discard(seat, "1z");
    }
    assert!(!t.deal.is_over(), "no suufon renda with three players");
    assert_eq!(t.deal.turn(), Some(0));

    let wall = WallBuilder::sanma(0, TENPAI)
        .draws(&["8p", "8p"])
        .dealer_draw("1m")
        .avoid(YAOCHUU);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.riichi(0, "1m");
    t.riichi(1, "8p");
    t.riichi(2, "8p");
    assert!((0..3).all(|s| t.deal.player(s).riichi));
    assert!(!t.deal.is_over(), "no suucha riichi with three players");

    let wall = WallBuilder::sanma(
        0,
        ["1111p9999p23456s", "1111s9999s23456p", "19m2378p78s12356z"],
    );
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.act(0, Action::Ankan(kind("1p")));
    t.act(0, Action::Ankan(kind("9p")));
    t.tsumogiri(0);
    t.act(1, Action::Ankan(kind("1s")));
    t.act(1, Action::Ankan(kind("9s")));
    t.tsumogiri(1);
    assert_eq!(t.outcome().draw, Some(DrawReason::Suukaikan));
}

/// T-P19 (T12): West's discard is won by East (the dealer) and South: West pays both; East,
/// first after West, takes the honba (200) and both deposits; the dealer keeps the deal.
#[test]
fn tp19_double_ron() {
    let wall = WallBuilder::sanma(0, ["234p456p678s34s88p", "123s456s789s777p5s", JUNK[2]])
        .dealer_draw("1m")
        .draws(&["9m"]);
    let mut setup = sanma_setup(0);
    setup.honba = 1;
    setup.riichi_sticks = 2;
    let mut t = Table::new(setup, &wall, &tenhou_sanma());
    t.tsumogiri(0);
    t.tsumogiri(1);
    let five = t.id(2, "5s");
    t.act(2, Action::Discard(five));
    t.act(0, Action::Ron);
    t.act(1, Action::Ron);
    let out = t.outcome();
    assert_eq!(out.wins.len(), 2);
    assert_eq!(out.wins[0].deltas, [2900 + 200 + 2000, 0, -3100, 0]);
    assert_eq!(out.wins[1].deltas, [0, 2600, -2600, 0]);
    assert!(out.dealer_keeps);
}

/// T-P20 (T6.1): riichi needs 1,000 points and 4 live tiles (3 with the option); two kita
/// tiles keep the hand closed.
#[test]
fn tp20_riichi_conditions() {
    let wall = WallBuilder::sanma(0, ["123p456p789s11s23s", JUNK[1], JUNK[2]])
        .dealer_draw("9m")
        .avoid("14s");
    let mut poor = sanma_setup(0);
    poor.scores[0] = 900;
    let t = Table::new(poor, &wall, &tenhou_sanma());
    assert!(
        !t.deal
            .legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Riichi(_)))
    );
    assert!(
        t.deal
            .blocked(0)
            .contains(&Reason::RiichiMinPoints { points: 1000 })
    );

    for (rules, offered) in [
        (tenhou_sanma(), false),
        (
            with(tenhou_sanma(), "riichi_min_live_tiles", Value::Int(3)),
            true,
        ),
    ] {
        let mut t = Table::sanma(&wall, &rules);
        t.tsumogiri(0);
        t.play_until(0, 3);
        let riichi = t
            .deal
            .legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Riichi(_)));
        assert_eq!(riichi, offered);
    }

    let wall = WallBuilder::sanma(0, ["44z123p456p789s11s", JUNK[1], JUNK[2]])
        .dealer_draw("2s")
        .rinshan(&["3s", "9m"]);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.kita(0);
    t.kita(0);
    assert_eq!(t.deal.player(0).kita.len(), 2);
    assert!(t.can(0, Action::Riichi(t.id(0, "9m"))));
}

/// T-P21 (T2.3, T5.8, T17.12): four kans by East and four kita by South make eight
/// replacement draws and no ninth; kita are not kans (no suukaikan), and no fifth kan is
/// offered.
#[test]
fn tp21_eight_replacement_draws() {
    let wall = WallBuilder::sanma(
        0,
        ["1111p9999p1111s9s", "4444z0555p2367s", "19m2378p78s12356z"],
    )
    .dealer_draw("1m")
    .rinshan(&["9s", "9s", "9s", "1m", "3p", "3p", "3p", "6p"]);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    for k in ["1p", "9p", "1s", "9s"] {
        t.act(0, Action::Ankan(kind(k)));
    }
    let drawn = t.deal.drawn().unwrap();
    t.act(0, Action::Discard(drawn));
    t.pass_all();
    for _ in 0..4 {
        t.kita(1);
    }
    assert_eq!(t.deal.wall().rinshan_drawn(), 8);
    assert!(!t.deal.wall().can_replace());
    assert!(
        !t.deal
            .legal_actions(1)
            .iter()
            .any(|a| matches!(a, Action::Ankan(_)))
    );
    assert!(t.deal.blocked(1).contains(&Reason::KanLimit));
    t.tsumogiri(1);
    assert!(!t.deal.is_over(), "kita tiles are no kans: no suukaikan");
}

/// West daiminkans South's 5p, draws a North as its replacement and pulls it; `east` waits on
/// the North (or not), `indicator` lies at `W[96]`, `second` is the kita's replacement.
fn west_kan_then_kita(east: &str, indicator: &str, second: &str) -> Table {
    let wall = WallBuilder::sanma(0, [east, "0p9m2389p146s567z", "555p123s456s78s11z"])
        .rinshan(&["4z", second])
        .at(96, indicator)
        .dora("2z");
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.tsumogiri(0);
    t.discard_hold(1, "0p");
    t.act(2, Action::Daiminkan);
    t.pass_all();
    t
}

/// T-P22 (T17.10): the daiminkan's pending indicator is turned when the kita is declared,
/// before its robbing window; the kita turns none; it counts for a ron on the kita and for a
/// win on the kita's replacement.
#[test]
fn tp22_pending_indicator_at_a_kita() {
    let mut t = west_kan_then_kita(JUNK[0], "8s", "9s");
    assert!(
        t.dora_events().is_empty(),
        "pending until the discard (tenhou timing)"
    );
    t.act(2, Action::Kita);
    let events = t.deal.events();
    let at = events
        .iter()
        .position(|e| matches!(e, Event::Kita { .. }))
        .unwrap();
    assert!(
        matches!(events[at - 1], Event::Dora { .. }),
        "{:?}",
        &events[at - 3..]
    );
    t.pass_all();
    assert_eq!(t.dora_events(), ["8s"]);
    t.act(2, Action::Tsumo);
    assert_eq!(han_of(t.win(), Yaku::Dora), 1, "{:?}", t.win());

    // East waits on the North: with the kan's West indicator, its North pair counts twice.
    let mut t = west_kan_then_kita("123s456s789s111p4z", "3z", "9m");
    t.act(2, Action::Kita);
    t.act(0, Action::Ron);
    assert_eq!(han_of(t.win(), Yaku::Dora), 2, "{:?}", t.win());
}

/// T-P27 (R5.4 in both presets): West's kokushi waits on 9s; South declares an ankan of 9s:
/// robbed under mahjongsoul-sanma, not under tenhou-sanma.
#[test]
fn tp27_kokushi_robs_an_ankan() {
    for (rules, robbed) in [(mahjongsoul_sanma(), true), (tenhou_sanma(), false)] {
        let east = "1m147p258s36s1235z";
        let wall = WallBuilder::sanma(0, [east, "9999s2358p67s67z", "119m19p1s1234567z"]);
        let mut t = Table::sanma(&wall, &rules);
        t.tsumogiri(0);
        t.act(1, Action::Ankan(kind("9s")));
        assert_eq!(t.can_ron(2), robbed);
    }
}

/// T-P29 (TL1.3, TL1.4): a kita writes `nukidora`, then the replacement `tsumo` (hidden to the
/// others), or when robbed the `hora` with the declarer as target; seat arrays have three
/// entries, or four with seat 3 empty in the `padded4` layout.
#[test]
fn tp29_mjai_export_of_a_kita() {
    let wall = WallBuilder::sanma(0, [JUNK[0], "9m23589p146s567z4z", JUNK[2]]);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.tsumogiri(0);
    t.kita(1);
    let native = LogStyle::of(&tenhou_sanma());
    let lines: Vec<String> = t.deal.events()[t.deal.events().len() - 2..]
        .iter()
        .map(|e| e.seen_by(0).record(native).to_json())
        .collect();
    assert_eq!(
        lines,
        [
            r#"{"type":"nukidora","actor":1,"pai":"N"}"#,
            r#"{"type":"tsumo","actor":1,"pai":"?"}"#
        ]
    );
    let start = t.deal.events()[0].record(native).to_json();
    assert!(
        start.contains(r#""scores":[35000,35000,35000],"tehais":[["#),
        "{start}"
    );
    let padded = LogStyle::of(&with(
        tenhou_sanma(),
        "mjai_sanma_layout",
        Value::Str("padded4".into()),
    ));
    let start = t.deal.events()[0].seen_by(0).record(padded).to_json();
    let hidden = format!("[{}]", vec![r#""?""#; 13].join(","));
    assert!(
        start.contains(r#""scores":[35000,35000,35000,0]"#),
        "{start}"
    );
    assert!(start.ends_with(&format!("{hidden}]}}")), "{start}");
    let kita = LogStyle::of(&with(
        tenhou_sanma(),
        "mjai_kita_event",
        Value::Str("kita".into()),
    ));
    let event = Event::Kita { seat: 1, tile: 120 };
    assert_eq!(
        event.record(kita).to_json(),
        r#"{"type":"kita","actor":1,"pai":"N"}"#
    );

    let wall = WallBuilder::sanma(0, [JUNK[0], "9m23589p146s567z4z", "123p456p789p11s44z"]);
    let mut t = Table::sanma(&wall, &tenhou_sanma());
    t.tsumogiri(0);
    t.act(1, Action::Kita);
    t.act(2, Action::Ron);
    let lines: Vec<String> = t
        .deal
        .events()
        .iter()
        .map(|e| e.record(native).to_json())
        .collect();
    let at = lines.iter().position(|l| l.contains("nukidora")).unwrap();
    assert!(
        lines[at + 1].starts_with(
            r#"{"type":"hora","actor":2,"target":1,"pai":"N","deltas":[0,-2600,2600]"#
        ),
        "{}",
        lines[at + 1]
    );
    assert!(!lines.iter().any(|l| l.contains(r#""type":"chi""#)));
}

/// T-P30 (T13.1): three kita tiles are in sight, not held: a tanki on the fourth North is
/// tenpai at the draw; four concealed 1m waiting on a fifth stay noten (R13.2).
#[test]
fn tp30_tenpai_on_the_last_north() {
    let east = "9m147p258s369s123z";
    let wall = WallBuilder::sanma(0, [east, "4444z123p456p789s", "1111m234p567s789s"])
        .draws(&["1s"])
        .rinshan(&["2s", "3s", "9m"])
        .avoid(YAOCHUU);
    let mut t = Table::sanma(
        &wall,
        &with(tenhou_sanma(), "nagashi_mangan", Value::Bool(false)),
    );
    t.tsumogiri(0);
    for _ in 0..3 {
        t.kita(1);
    }
    t.discard(1, "9m");
    assert_eq!(t.deal.player(1).waits(), [kind("4z")]);
    t.play_out();
    let out = t.outcome();
    assert_eq!(out.draw, Some(DrawReason::Exhaustive));
    assert_eq!(out.tenpai[..3], [false, true, false]);
}

#[test]
fn three_player_presets() {
    for preset in [Preset::TenhouSanma, Preset::MahjongSoulSanma] {
        let rules = Ruleset::preset(preset);
        assert_eq!(rules.player_count(), 3);
        assert!(rules.nukidora && rules.honba_ron == 200 && rules.noten_payment == 2000);
        assert_eq!((rules.start_points, rules.target_points), (35_000, 40_000));
    }
}
