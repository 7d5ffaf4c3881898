//! Deal acceptance tests (rules spec §5.2 and §1): the wall, the deal, haitei and houtei (R2,
//! R3.8; procedure cases P01–P06).
//!
//! Each test drives a deal from an explicit wall; see `table/mod.rs` for the seat and
//! draw-position conventions.

mod table;

use mahjong_core::riichi::Yaku;
use mahjong_core::riichi::game::{Action, DrawReason, Event, Wall};
use table::{JUNK, Table, WallBuilder, has_yaku, kind, seed, setup};

fn identity_wall() -> Wall {
    Wall::from_order(&(0..136).collect::<Vec<u8>>()).unwrap()
}

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
        // The dealer's 14th tile is its first draw, the next event.
        assert_eq!(
            deal.events()[1],
            Event::Tsumo {
                seat: dealer,
                tile: 52,
                rinshan: false
            }
        );
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

/// R2.11, R2.12: after one kan the haitei is `W[120]`; a tsumo on it is haitei.
#[test]
fn haitei_after_a_kan() {
    let hands = ["1111z123m456m789m", "36m369p147s258s47z", JUNK[2], JUNK[3]];
    let wall = WallBuilder::new(0, hands)
        .dealer_draw("5p")
        .rinshan(&["9s"])
        .at(120, "5p")
        .avoid("5p");
    let mut t = Table::seed(0, &wall);
    t.act(0, Action::Ankan(kind("1z")));
    t.discard(0, "9s");
    t.play_until(0, 0);
    assert_eq!(t.deal.drawn(), Some(wall.order()[120]));
    t.act(0, Action::Tsumo);
    assert!(has_yaku(t.win(), Yaku::Haitei));
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

/// R2.12: with `rinshan_counts_as_haitei` a win on the replacement tile drawn with no live
/// tile left is also haitei.
#[test]
fn rinshan_counts_as_haitei_option() {
    let (_, wall) = kan_on_the_last_live_tile("5s");
    let rules = mahjong_core::riichi::Ruleset {
        rinshan_counts_as_haitei: true,
        ..seed()
    };
    let mut t = Table::new(setup(0), &wall, &rules);
    t.play_until(0, 1);
    t.act(0, Action::Ankan(kind("9p")));
    t.act(0, Action::Tsumo);
    assert!(has_yaku(t.win(), Yaku::Rinshan) && has_yaku(t.win(), Yaku::Haitei));
}
