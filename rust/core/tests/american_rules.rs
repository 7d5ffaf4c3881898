//! One test per rule of American play (spec §1) observable in a game: the Charleston steps,
//! blind-pass chains, the vote, the courtesy pass, claim priority, dead hands, joker exchange,
//! payouts, the wall game and the session's dealer rotation.

// Seat loops index several per-seat arrays; rule variants are built by changing one field.
#![allow(
    clippy::needless_range_loop,
    clippy::type_complexity,
    clippy::field_reassign_with_default
)]

use std::sync::Arc;

use mahjong_core::Tiles;
use mahjong_core::american::game::{
    Action, DeadHandMode, DeadReason, Deal, DealSetup, Event, Game, Preset, Reason, Rules,
    SecondCharleston, Step, Wall, kind_of,
};
use mahjong_core::american::payment::Win;
use mahjong_core::american::{Card, Exposure};

fn card() -> Arc<Card> {
    Arc::new(Card::builtin("house-2026").unwrap())
}

fn kinds(text: &str) -> Vec<u8> {
    Tiles::parse(text).unwrap().kinds()
}

/// Kinds in the order written (draw orders).
fn sequence(text: &str) -> Vec<u8> {
    mahjong_core::notation::parse_sequence(text).unwrap().0
}

fn k(text: &str) -> u8 {
    kinds(text)[0]
}

/// Deal positions of the seat `offset` places after East (spec §1.2.4).
fn positions(offset: usize) -> Vec<usize> {
    let mut out: Vec<usize> = (0..3)
        .flat_map(|r| 16 * r + 4 * offset..16 * r + 4 * offset + 4)
        .collect();
    if offset == 0 {
        out.extend([48, 49]);
    } else {
        out.push(49 + offset);
    }
    out
}

/// A wall dealing `hands` (kinds, East = seat 0 first) and then drawing `draws`.
fn wall(hands: &[Vec<u8>; 4], draws: &[u8]) -> Wall {
    let mut pool: Vec<Vec<u8>> = vec![Vec::new(); 36];
    for id in (0..152u8).rev() {
        pool[usize::from(kind_of(id))].push(id);
    }
    let mut take = |kind: u8| {
        pool[usize::from(kind)]
            .pop()
            .expect("too many tiles of a kind")
    };
    let mut order: Vec<Option<u8>> = vec![None; 152];
    for (offset, hand) in hands.iter().enumerate() {
        assert_eq!(hand.len(), if offset == 0 { 14 } else { 13 });
        for (pos, &kind) in positions(offset).into_iter().zip(hand) {
            order[pos] = Some(take(kind));
        }
    }
    for (i, &kind) in draws.iter().enumerate() {
        order[53 + i] = Some(take(kind));
    }
    let mut rest = pool.into_iter().flatten();
    let order: Vec<u8> = order
        .into_iter()
        .map(|t| t.unwrap_or_else(|| rest.next().unwrap()))
        .collect();
    Wall::from_order(&order).unwrap()
}

fn deal(hands: [&str; 4], draws: &str, rules: &Rules) -> Deal {
    let hands = hands.map(kinds);
    let setup = DealSetup {
        dealer: 0,
        scores: [0; 4],
        seed: 9,
    };
    Deal::new(card(), rules, setup, wall(&hands, &sequence(draws))).unwrap()
}

fn act(deal: &mut Deal, seat: usize, action: Action) {
    if let Err(e) = deal.apply(seat, action) {
        panic!(
            "{action:?} by {seat}: {e}; legal {:?}",
            deal.legal_actions(seat)
        );
    }
}

fn remove(from: &mut Vec<u8>, what: &[u8]) {
    for t in what {
        let at = from.iter().position(|x| x == t).expect("tile to remove");
        from.remove(at);
    }
}

/// A game whose hands after the first Charleston are `finals` (East 14 tiles), with the
/// second Charleston stopped and no courtesy pass. Seat `s` passes right three tiles of
/// `finals[s - 1]`, passes across what it received, and passes all three blind on the left,
/// so each seat ends with the tiles its left neighbour's right pass carried.
fn after_charleston(finals: [&str; 4], draws: &str, rules: &Rules) -> Deal {
    let finals = finals.map(kinds);
    let x: [Vec<u8>; 4] = std::array::from_fn(|s| {
        finals[(s + 3) % 4]
            .iter()
            .copied()
            .filter(|&t| t != 35)
            .take(3)
            .collect()
    });
    let initial: [Vec<u8>; 4] = std::array::from_fn(|s| {
        let mut h = finals[s].clone();
        remove(&mut h, &x[(s + 1) % 4]);
        h.extend(&x[s]);
        h
    });
    let setup = DealSetup {
        dealer: 0,
        scores: [0; 4],
        seed: 9,
    };
    let mut d = Deal::new(card(), rules, setup, wall(&initial, &sequence(draws))).unwrap();
    if d.legal_actions(0).contains(&Action::MahJongg) {
        act(&mut d, 0, Action::Pass);
    }
    for s in 0..4 {
        for &t in &x[s] {
            act(&mut d, s, Action::PassTile(t));
        }
    }
    for s in 0..4 {
        for &t in &x[(s + 3) % 4] {
            act(&mut d, s, Action::PassTile(t));
        }
    }
    for s in 0..4 {
        act(&mut d, s, Action::Blind);
    }
    for s in 0..4 {
        if d.legal_actions(s).contains(&Action::Vote(false)) {
            act(&mut d, s, Action::Vote(false));
        }
    }
    for s in 0..4 {
        if d.legal_actions(s).contains(&Action::Courtesy(0)) {
            act(&mut d, s, Action::Courtesy(0));
        }
    }
    assert_eq!(d.turn(), Some(0));
    for s in 0..4 {
        let mut want = finals[s].clone();
        want.sort_unstable();
        assert_eq!(d.player(s).concealed().kinds(), want, "seat {s}");
    }
    d
}

fn last_win(deal: &Deal) -> mahjong_core::american::game::WinRecord {
    assert!(deal.is_over());
    deal.outcome().unwrap().win.clone().expect("a Mah Jongg")
}

fn charleston_events(deal: &Deal) -> Vec<(Step, [Vec<u8>; 4], [u8; 4], [Vec<u8>; 4])> {
    deal.events()
        .iter()
        .filter_map(|e| match e {
            Event::Charleston {
                step,
                given,
                blind,
                received,
            } => Some((*step, given.clone(), *blind, received.clone())),
            _ => None,
        })
        .collect()
}

/// Every seat passes its first three legal tiles.
fn pass_three(d: &mut Deal) {
    for s in 0..4 {
        for _ in 0..3 {
            let tile = d
                .legal_actions(s)
                .into_iter()
                .find(|a| matches!(a, Action::PassTile(_)))
                .unwrap();
            act(d, s, tile);
        }
    }
}

// --- the Charleston (spec §1.3) -----------------------------------------------------------------

#[test]
fn charleston_passes_go_right_across_left_then_left_across_right() {
    let card = card();
    let mut d = Deal::shuffled(card, &Rules::default(), 0, 42).unwrap();
    let steps = [
        Step::FirstRight,
        Step::FirstAcross,
        Step::FirstLeft,
        Step::SecondLeft,
        Step::SecondAcross,
        Step::SecondRight,
    ];
    for (i, step) in steps.into_iter().enumerate() {
        if i == 3 {
            // The vote: everyone goes on.
            assert_eq!(d.waiting(), [0, 1, 2, 3]);
            for s in 0..4 {
                act(&mut d, s, Action::Vote(true));
            }
        }
        assert_eq!(d.charleston_step(), Some(step));
        for s in 0..4 {
            let legal = d.legal_actions(s);
            // Jokers are never passed (rule 1.3.6); blind passes only on first left and last right.
            assert!(!legal.contains(&Action::PassTile(35)));
            assert_eq!(
                legal.contains(&Action::Blind),
                step.blind_allowed(),
                "{step:?}"
            );
            assert!(d.apply(s, Action::PassTile(35)).is_err());
        }
        pass_three(&mut d);
        let (got, given, blind, received) = charleston_events(&d).pop().unwrap();
        assert_eq!((got, blind), (step, [0; 4]));
        for s in 0..4 {
            assert!(given[s].iter().all(|&t| kind_of(t) != 35));
            let mut a = given[s].clone();
            let mut b = received[(s + step.offset()) % 4].clone();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(
                a,
                b,
                "{step:?}: seat {s}'s tiles go {} seats right",
                step.offset()
            );
        }
        assert_eq!(
            (0..4).map(|s| d.player(s).hand.len()).collect::<Vec<_>>(),
            [14, 13, 13, 13]
        );
        d.check_tiles().unwrap();
    }
    let Event::CharlestonVote { votes, second } = d
        .events()
        .iter()
        .find(|e| matches!(e, Event::CharlestonVote { .. }))
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!((*votes, *second), ([true; 4], true));
    // Then the courtesy offers.
    assert_eq!(d.legal_actions(2).len(), 4);
}

#[test]
fn a_blind_pass_forwards_the_incoming_tiles() {
    let mut d = Deal::shuffled(card(), &Rules::default(), 0, 7).unwrap();
    pass_three(&mut d);
    pass_three(&mut d);
    assert_eq!(d.charleston_step(), Some(Step::FirstLeft));
    let before: Vec<Vec<u8>> = (0..4).map(|s| d.player(s).hand.clone()).collect();
    // Seat 1 passes all three blind, seat 2 one blind; seats 0 and 3 pass three of their own.
    for s in [0, 3] {
        for _ in 0..3 {
            let a = d
                .legal_actions(s)
                .into_iter()
                .find(|a| matches!(a, Action::PassTile(_)))
                .unwrap();
            act(&mut d, s, a);
        }
    }
    act(&mut d, 1, Action::Blind);
    for _ in 0..2 {
        let a = d
            .legal_actions(2)
            .into_iter()
            .find(|a| matches!(a, Action::PassTile(_)))
            .unwrap();
        act(&mut d, 2, a);
    }
    act(&mut d, 2, Action::Blind);
    let (_, given, blind, received) = charleston_events(&d).pop().unwrap();
    assert_eq!(blind, [0, 3, 1, 0]);
    assert_eq!(given.each_ref().map(Vec::len), [3, 0, 2, 3]);
    // Left: seat s receives from s + 1. Seat 1 keeps nothing and forwards seat 2's pass
    // (two own tiles and one of seat 3's, forwarded blind by seat 2) to seat 0.
    assert!(received[1].is_empty());
    assert_eq!(received[0].len(), 3);
    assert!(given[2].iter().all(|t| received[0].contains(t)));
    let from_three: Vec<u8> = received[0]
        .iter()
        .copied()
        .filter(|t| given[3].contains(t))
        .collect();
    assert_eq!(from_three.len(), 1);
    let mut kept_by_two = received[2].clone();
    kept_by_two.extend(from_three);
    kept_by_two.sort_unstable();
    let mut three = given[3].clone();
    three.sort_unstable();
    assert_eq!(kept_by_two, three);
    assert_eq!(received[3], given[0]);
    // Seat 1's hand did not change; everyone still holds 13 (East 14).
    assert_eq!(d.player(1).hand, before[1]);
    assert_eq!(
        (0..4).map(|s| d.player(s).hand.len()).collect::<Vec<_>>(),
        [14, 13, 13, 13]
    );
    d.check_tiles().unwrap();
}

#[test]
fn when_everyone_passes_blind_nothing_moves() {
    let mut d = Deal::shuffled(card(), &Rules::default(), 2, 8).unwrap();
    pass_three(&mut d);
    pass_three(&mut d);
    let before: Vec<Vec<u8>> = (0..4).map(|s| d.player(s).hand.clone()).collect();
    for s in 0..4 {
        act(&mut d, s, Action::Blind);
    }
    let (step, given, blind, received) = charleston_events(&d).pop().unwrap();
    assert_eq!((step, blind), (Step::FirstLeft, [3; 4]));
    assert!(given.iter().chain(&received).all(Vec::is_empty));
    assert_eq!(
        (0..4).map(|s| d.player(s).hand.clone()).collect::<Vec<_>>(),
        before
    );
}

#[test]
fn any_one_player_stops_the_second_charleston() {
    let mut d = Deal::shuffled(card(), &Rules::default(), 0, 3).unwrap();
    for _ in 0..3 {
        if d.charleston_step() == Some(Step::FirstLeft) {
            for s in 0..4 {
                act(&mut d, s, Action::Blind);
            }
        } else {
            pass_three(&mut d);
        }
    }
    for s in 0..3 {
        act(&mut d, s, Action::Vote(true));
    }
    assert_eq!(d.waiting(), [3]);
    act(&mut d, 3, Action::Vote(false));
    assert!(d.events().contains(&Event::CharlestonVote {
        votes: [true, true, true, false],
        second: false,
    }));
    // Straight to the courtesy offers.
    assert_eq!(d.charleston_step(), None);
    assert!(d.legal_actions(0).contains(&Action::Courtesy(3)));
}

#[test]
fn second_charleston_options_and_the_early_vote() {
    let mut never = Rules::default();
    never.second_charleston = SecondCharleston::Never;
    never.courtesy_pass = false;
    let mut d = Deal::shuffled(card(), &never, 0, 3).unwrap();
    for _ in 0..3 {
        pass_three(&mut d);
    }
    assert_eq!(
        d.turn(),
        Some(0),
        "no vote, no second Charleston, no courtesy pass"
    );
    let mut always = Rules::default();
    always.second_charleston = SecondCharleston::Always;
    let mut d = Deal::shuffled(card(), &always, 0, 3).unwrap();
    for _ in 0..3 {
        pass_three(&mut d);
    }
    assert_eq!(d.charleston_step(), Some(Step::SecondLeft));
    let mut early = Rules::default();
    early.vote_before_first_left_reveal = true;
    let mut d = Deal::shuffled(card(), &early, 0, 3).unwrap();
    pass_three(&mut d);
    pass_three(&mut d);
    assert_eq!(d.charleston_step(), None);
    assert!(d.legal_actions(1).contains(&Action::Vote(false)));
    for s in 0..4 {
        act(&mut d, s, Action::Vote(s != 2));
    }
    assert_eq!(d.charleston_step(), Some(Step::FirstLeft));
    pass_three(&mut d);
    assert!(d.legal_actions(0).contains(&Action::Courtesy(0)));
}

#[test]
fn the_courtesy_pass_uses_the_smaller_offer_of_each_pair() {
    let mut rules = Rules::default();
    rules.second_charleston = SecondCharleston::Never;
    let mut d = Deal::shuffled(card(), &rules, 0, 5).unwrap();
    for _ in 0..3 {
        pass_three(&mut d);
    }
    assert!(d.apply(0, Action::Courtesy(4)).is_err());
    for (s, n) in [3u8, 1, 0, 2].into_iter().enumerate() {
        act(&mut d, s, Action::Courtesy(n));
    }
    assert!(d.events().contains(&Event::CourtesyOffers {
        offers: [3, 1, 0, 2],
        agreed: [0, 1, 0, 1],
    }));
    assert_eq!(d.charleston_step(), Some(Step::Courtesy));
    assert_eq!(d.waiting(), [1, 3]);
    for s in [1, 3] {
        let legal = d.legal_actions(s);
        assert!(!legal.contains(&Action::Blind) && !legal.contains(&Action::PassTile(35)));
        let a = legal
            .into_iter()
            .find(|a| matches!(a, Action::PassTile(_)))
            .unwrap();
        act(&mut d, s, a);
    }
    let (step, given, _, received) = charleston_events(&d).pop().unwrap();
    assert_eq!(step, Step::Courtesy);
    assert_eq!(given.each_ref().map(Vec::len), [0, 1, 0, 1]);
    assert_eq!((&received[3], &received[1]), (&given[1], &given[3]));
    assert_eq!(d.turn(), Some(0));
}

// --- claims (spec §1.5) -------------------------------------------------------------------------

const EAST_2B: &str = "2B 1C 1C 3C 3C 5C 5C 7C 7C 9C 3D 5D 7D 9D";

fn claim_table() -> Deal {
    after_charleston(
        [
            EAST_2B,
            "2B 2B J 1D 1D 3D 3D 5D 5D 7D 7D 9D 9D",
            // evens-1 in bams waiting on 2B: 222 44 666 88 GGGG.
            "2B J 4B 4B 6B 6B 6B 8B 8B G G G G",
            "1B 1B 3B 3B 5B 5B 7B 7B 9B 9B E E W",
        ],
        "N N N N",
        &Rules::default(),
    )
}

#[test]
fn mah_jongg_beats_a_nearer_exposure() {
    let mut d = claim_table();
    act(&mut d, 0, Action::Discard(k("2B")));
    assert_eq!(
        d.claim_tile().map(|(t, from)| (kind_of(t), from)),
        Some((k("2B"), 0))
    );
    assert_eq!(d.waiting(), [1, 2]);
    assert!(d.legal_actions(3).is_empty());
    let one = d.legal_actions(1);
    for a in [
        Action::Expose { size: 3, jokers: 0 },
        Action::Expose { size: 3, jokers: 1 },
        Action::Expose { size: 4, jokers: 1 },
        Action::Pass,
    ] {
        assert!(one.contains(&a), "{a:?}");
    }
    assert!(!one.contains(&Action::Expose { size: 3, jokers: 2 }));
    assert!(d.legal_actions(2).contains(&Action::MahJongg));
    act(&mut d, 1, Action::Expose { size: 3, jokers: 0 });
    act(&mut d, 2, Action::MahJongg);
    let win = last_win(&d);
    assert_eq!((win.seat, win.from, win.win), (2, Some(0), Win::Discard));
    assert_eq!(d.card().hands[win.hand].id, "evens-1");
    // Discard win, V = 25 with a joker: the discarder pays 2V, the others V.
    assert_eq!((win.value, win.jokerless), (25, false));
    assert_eq!(win.deltas, [-50, -25, 100, -25]);
    assert!(matches!(d.events().last(), Some(Event::EndGame { .. })));
    d.check_tiles().unwrap();
}

#[test]
fn the_nearest_exposure_wins_and_its_jokers_are_stated() {
    let mut d = claim_table();
    let wall_left = d.wall().remaining();
    act(&mut d, 0, Action::Discard(k("2B")));
    act(&mut d, 2, Action::Expose { size: 3, jokers: 1 });
    act(&mut d, 1, Action::Expose { size: 4, jokers: 1 });
    let p = d.player(1);
    assert_eq!(p.exposures.len(), 1);
    let e = &p.exposures[0];
    assert_eq!(
        (e.exposure.kind(), e.exposure.size(), e.exposure.jokers()),
        (k("2B"), 4, 1)
    );
    assert_eq!((e.from, kind_of(e.tiles[0])), (0, k("2B")));
    assert!(d.player(0).discards[0].claimed);
    assert!(d.player(2).exposures.is_empty());
    // The claimant discards next, without drawing; the players in between lose their turn.
    assert_eq!((d.turn(), d.wall().remaining()), (Some(1), wall_left));
    assert_eq!(d.player(1).tile_count(), 14);
    d.check_tiles().unwrap();
}

#[test]
fn an_unclaimed_discard_is_dead_and_play_moves_right() {
    let mut d = claim_table();
    act(&mut d, 0, Action::Discard(k("2B")));
    act(&mut d, 1, Action::Pass);
    act(&mut d, 2, Action::Pass);
    assert_eq!(d.turn(), Some(1));
    assert!(matches!(
        d.events().last(),
        Some(Event::Draw { seat: 1, .. })
    ));
    // Only the latest discard can be claimed: nothing offers the old 2B again.
    assert!(
        d.legal_actions(1)
            .iter()
            .all(|a| !matches!(a, Action::Expose { .. }))
    );
    act(&mut d, 1, Action::Discard(k("N")));
    assert_eq!(d.turn(), Some(2));
}

#[test]
fn singles_and_pairs_are_not_claimed_and_jokers_never() {
    let mut d = after_charleston(
        [
            "J 1C 1C 3C 3C 5C 5C 7C 7C 9C 3D 5D 7D 9D",
            "J J 1D 1D 3D 3D 5D 5D 7D 7D 9D 9D 9C",
            "2B 4B 4B 6B 6B 6B 8B 8B G G G G 1B",
            "1B 1B 3B 3B 5B 5B 7B 7B 9B 9B E E W",
        ],
        "N 2B",
        &Rules::default(),
    );
    // A discarded joker opens no claim window (rule 1.5.7): seat 1 draws at once.
    act(&mut d, 0, Action::Discard(35));
    assert_eq!(d.turn(), Some(1));
    // Seat 1 discards 9C: seat 0 holds a single 9C and no joker; claiming it would make a
    // pair, which only Mah Jongg may do (rule 1.5.3), so no claim window opens.
    act(&mut d, 1, Action::Discard(k("9C")));
    assert_eq!(d.turn(), Some(2));
    // Seat 2 discards 1B: seat 3's pair makes a pung with it, and seat 1's two jokers too;
    // the exposures offered are exactly those.
    act(&mut d, 2, Action::Discard(k("1B")));
    assert_eq!(d.waiting(), [1, 3]);
    assert_eq!(
        d.legal_actions(3),
        [Action::Expose { size: 3, jokers: 0 }, Action::Pass]
    );
    act(&mut d, 1, Action::Pass);
    act(&mut d, 3, Action::Pass);
    assert_eq!(d.turn(), Some(3));
    // Seat 3 discards 9B: seat 1 with two jokers may expose it with two jokers.
    act(&mut d, 3, Action::Discard(k("9B")));
    assert_eq!(d.waiting(), [1]);
    assert_eq!(
        d.legal_actions(1),
        [Action::Expose { size: 3, jokers: 2 }, Action::Pass]
    );
}

#[test]
fn two_mah_jongg_calls_go_to_the_nearest_and_singles_and_pairs_get_no_jokerless_bonus() {
    let mut d = after_charleston(
        [
            "F 1C 1C 3C 3C 5C 5C 7C 7C 9C 3D 5D 7D 9D",
            "F F 2D 2D 4D 4D 6D 6D 8D 8D E E W",
            // pairs-1 (FF 22 44 66 88 NN SS, concealed, 50) in bams and in craks.
            "F 2B 2B 4B 4B 6B 6B 8B 8B N N S S",
            "F 2C 2C 4C 4C 6C 6C 8C 8C N N S S",
        ],
        "E E",
        &Rules::default(),
    );
    act(&mut d, 0, Action::Discard(k("F")));
    assert_eq!(d.waiting(), [1, 2, 3]);
    act(&mut d, 3, Action::MahJongg);
    act(&mut d, 1, Action::Expose { size: 3, jokers: 0 });
    act(&mut d, 2, Action::MahJongg);
    let win = last_win(&d);
    assert_eq!(win.seat, 2);
    assert_eq!(d.card().hands[win.hand].id, "pairs-1");
    assert!(win.jokerless && !win.jokerless_bonus);
    assert_eq!(win.deltas, [-100, -50, 200, -50]);
}

// --- payouts (spec §1.8) ------------------------------------------------------------------------

fn winds_table(east_discard: &str, seat1: &str, draws: &str, rules: &Rules) -> Deal {
    after_charleston(
        [
            &format!("{east_discard} 1C 1C 3C 3C 5C 5C 7C 7C 9C 3D 5D 7D 9D"),
            seat1,
            "2D 2D 4D 4D 6D 6D 8D 8D 1B 3B 5B 7B 9B",
            "2B 2B 4B 4B 6B 6B 8B 8B 1D 4C G R F",
        ],
        draws,
        rules,
    )
}

#[test]
fn a_jokerless_discard_win_doubles_every_payment() {
    // winds-1 (NNNN EE WWWW SSSS, 25) waiting on E.
    let mut d = winds_table("E", "N N N N E W W W W S S S S", "1D", &Rules::default());
    act(&mut d, 0, Action::Discard(k("E")));
    act(&mut d, 1, Action::MahJongg);
    let win = last_win(&d);
    assert!(win.jokerless && win.jokerless_bonus);
    assert_eq!(win.deltas, [-100, 200, -50, -50]);
    // The option turns the bonus off.
    let mut rules = Rules::default();
    rules.jokerless_bonus = false;
    let mut d = winds_table("E", "N N N N E W W W W S S S S", "1D", &rules);
    act(&mut d, 0, Action::Discard(k("E")));
    act(&mut d, 1, Action::MahJongg);
    assert_eq!(last_win(&d).deltas, [-50, 100, -25, -25]);
}

#[test]
fn self_drawn_wins_pay_double_from_everyone() {
    let mut d = winds_table("2C", "N N N J E W W W W S S S S", "E", &Rules::default());
    act(&mut d, 0, Action::Discard(k("2C")));
    assert_eq!(d.turn(), Some(1));
    act(&mut d, 1, Action::MahJongg);
    let win = last_win(&d);
    assert_eq!(
        (win.win, win.from, win.jokerless),
        (Win::SelfDrawn, None, false)
    );
    assert_eq!(win.deltas, [-50, 150, -50, -50]);
    let mut d = winds_table("2C", "N N N N E W W W W S S S S", "E", &Rules::default());
    act(&mut d, 0, Action::Discard(k("2C")));
    act(&mut d, 1, Action::MahJongg);
    assert_eq!(last_win(&d).deltas, [-100, 300, -100, -100]);
}

#[test]
fn heavenly_hand_is_paid_as_self_drawn() {
    let hands = [
        "2B 2B 2B 4B 4B 6B 6B 6B 8B 8B G G G G",
        "1C 1C 3C 3C 5C 5C 7C 7C 9C 9C E E W",
        "1D 1D 3D 3D 5D 5D 7D 7D 9D 9D N N W",
        "2C 2C 4C 4C 6C 6C 8C 8C 2D 2D 4D 4D S",
    ];
    let mut d = deal(hands, "", &Rules::default());
    assert_eq!(d.waiting(), [0]);
    assert_eq!(d.legal_actions(0), [Action::MahJongg, Action::Pass]);
    act(&mut d, 0, Action::MahJongg);
    let win = last_win(&d);
    assert_eq!(
        (win.seat, win.win, win.jokerless_bonus),
        (0, Win::SelfDrawn, true)
    );
    assert_eq!(win.deltas, [300, -100, -100, -100]);
    let mut d = deal(hands, "", &Rules::default());
    act(&mut d, 0, Action::Pass);
    assert_eq!(d.charleston_step(), Some(Step::FirstRight));
    let mut rules = Rules::default();
    rules.heavenly_hand = false;
    let d = deal(hands, "", &rules);
    assert_eq!(d.charleston_step(), Some(Step::FirstRight));
}

// --- joker exchange (spec §1.6) -----------------------------------------------------------------

#[test]
fn a_win_completed_by_a_joker_exchange_pays_as_self_drawn() {
    let mut d = after_charleston(
        [
            EAST_2B,
            "2B J 1D 1D 3D 3D 5D 5D 7D 7D 9D 9D 9C",
            "N N N E E W W W W S S S 2B",
            "1B 1B 3B 3B 5B 5B 7B 7B 9B 9B G G R",
        ],
        "S",
        &Rules::default(),
    );
    act(&mut d, 0, Action::Discard(k("2B")));
    act(&mut d, 1, Action::Expose { size: 3, jokers: 1 });
    act(&mut d, 1, Action::Discard(k("9C")));
    // Seat 2 draws S: N N N + 2B cannot win yet, but the 2B redeems seat 1's joker.
    assert_eq!(d.turn(), Some(2));
    let legal = d.legal_actions(2);
    assert!(!legal.contains(&Action::MahJongg));
    let exchange = Action::JokerExchange {
        owner: 1,
        kind: k("2B"),
    };
    assert!(legal.contains(&exchange));
    act(&mut d, 2, exchange);
    let e = &d.player(1).exposures[0];
    assert_eq!((e.exposure.size(), e.exposure.jokers()), (3, 0));
    assert!(e.tiles.iter().all(|&t| kind_of(t) == k("2B")));
    assert!(matches!(
        d.events().last(),
        Some(Event::JokerExchange {
            seat: 2,
            owner: 1,
            exposure: 0,
            ..
        })
    ));
    assert_eq!(d.player(2).concealed().count(35), 1);
    d.check_tiles().unwrap();
    act(&mut d, 2, Action::MahJongg);
    let win = last_win(&d);
    assert_eq!((win.seat, win.win, win.from), (2, Win::JokerExchange, None));
    assert_eq!(d.card().hands[win.hand].id, "winds-1");
    assert_eq!(win.deltas, [-50, -50, 150, -50]);
}

// --- dead hands (spec §1.9) ---------------------------------------------------------------------

fn kong_of_east(rules: &Rules) -> Deal {
    after_charleston(
        [
            "E 1C 1C 3C 3C 5C 5C 7C 7C 9C 3D 5D 7D 9D",
            "E E J 1D 1D 3D 3D 5D 5D 7D 7D 9D 9D",
            "E N N N W W W W S S S S 2B",
            "1B 1B 3B 3B 5B 5B 7B 7B 9B 9B G G R",
        ],
        "2D 2D 2D",
        rules,
    )
}

#[test]
fn exposures_that_match_no_hand_make_the_hand_dead_and_freeze_its_jokers() {
    let card = card();
    let kong = Exposure::new(k("E"), 4, 1).unwrap();
    assert!(
        card.view(&[kong]).variants().is_empty(),
        "no card hand has a kong of East"
    );
    let mut d = kong_of_east(&Rules::default());
    act(&mut d, 0, Action::Discard(k("E")));
    act(&mut d, 1, Action::Expose { size: 4, jokers: 1 });
    assert!(d.events().contains(&Event::DeadHand {
        seat: 1,
        reason: DeadReason::ExposuresMatchNoHand,
        by: None,
    }));
    assert!(d.player(1).exposures[0].frozen);
    // Seat 1 stops: seat 2 draws; seat 2's E cannot redeem the joker of the exposure that
    // made the hand dead (rule 1.6.7).
    assert_eq!(d.turn(), Some(2));
    assert!(
        !d.legal_actions(2)
            .iter()
            .any(|a| matches!(a, Action::JokerExchange { .. }))
    );
    act(&mut d, 2, Action::Discard(k("2D")));
    act(&mut d, 3, Action::Discard(k("2D")));
    // Seat 1 is skipped: seat 0 draws after seat 3... and seat 1 never again.
    assert_eq!(d.turn(), Some(0));
    act(&mut d, 0, Action::Discard(k("2D")));
    assert_eq!(d.turn(), Some(2));
    assert_eq!(d.player(1).tile_count(), 14);
    // With dead_hand_mode = off the same exposure leaves the hand live.
    let mut off = Rules::default();
    off.dead_hand_mode = DeadHandMode::Off;
    let mut d = kong_of_east(&off);
    act(&mut d, 0, Action::Discard(k("E")));
    act(&mut d, 1, Action::Expose { size: 4, jokers: 1 });
    assert_eq!((d.turn(), d.player(1).dead), (Some(1), None));
}

#[test]
fn a_wrong_challenge_kills_the_challenger_and_one_live_player_ends_the_game() {
    let rules = Rules::preset(Preset::Table);
    let mut d = kong_of_east(&rules);
    assert!(d.legal_actions(0).contains(&Action::CallDead(1)));
    act(&mut d, 0, Action::CallDead(1));
    assert!(d.events().contains(&Event::DeadHand {
        seat: 0,
        reason: DeadReason::WrongChallenge,
        by: None,
    }));
    assert_eq!(d.turn(), Some(1));
    act(&mut d, 1, Action::CallDead(2));
    assert_eq!(d.turn(), Some(2));
    act(&mut d, 2, Action::CallDead(3));
    assert!(d.is_over());
    assert!(matches!(
        &d.events()[d.events().len() - 2..],
        [
            Event::WallGame,
            Event::EndGame {
                deltas: [0, 0, 0, 0],
                ..
            }
        ]
    ));
}

#[test]
fn in_challenge_mode_reason_d_is_still_marked_by_the_engine() {
    // Challenge mode leaves reason e (dead by what is in sight) to a player's challenge, but
    // an exposure matching no card hand is marked at once, and a dead hand is no target.
    let rules = Rules::preset(Preset::Table);
    let mut d = kong_of_east(&rules);
    act(&mut d, 0, Action::Discard(k("E")));
    act(&mut d, 1, Action::Expose { size: 4, jokers: 1 });
    assert_eq!(d.player(1).dead, Some(DeadReason::ExposuresMatchNoHand));
    let legal = d.legal_actions(2);
    assert!(!legal.contains(&Action::CallDead(1)));
    assert!(legal.contains(&Action::CallDead(0)) && legal.contains(&Action::CallDead(3)));
}

// --- the end of a game and sessions (spec §1.10) ------------------------------------------------

#[test]
fn the_wall_game_pays_nothing() {
    let mut rules = Rules::default();
    rules.dead_hand_mode = DeadHandMode::Off;
    let mut d = Deal::shuffled(card(), &rules, 1, 77).unwrap();
    let mut guard = 0;
    while !d.is_over() {
        guard += 1;
        assert!(guard < 2000);
        let seat = d.waiting()[0];
        let legal = d.legal_actions(seat);
        let action = if legal.contains(&Action::Pass) {
            Action::Pass
        } else if let Some(a) = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Vote(_) | Action::Courtesy(0)))
        {
            a
        } else {
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::PassTile(_) | Action::Discard(_)))
                .unwrap()
        };
        act(&mut d, seat, action);
    }
    assert_eq!(d.wall().remaining(), 0);
    let outcome = d.outcome().unwrap();
    assert_eq!((outcome.win.clone(), outcome.deltas), (None, [0; 4]));
    assert!(d.events().contains(&Event::WallGame));
}

#[test]
fn sessions_pass_the_deal_right_and_keep_running_scores() {
    let card = card();
    let mut game = Game::new(card, &Rules::default(), 11, 6).unwrap();
    let first = game.dealer();
    let rolls = game.dealer_rolls().last().unwrap();
    let total = |s: usize| rolls[s].map_or(0, |d| d[0] + d[1]);
    assert!((0..4).all(|s| s == first || total(s) < total(first)));
    let mut expected = [0i64; 4];
    let mut n = 0;
    while let Some(mut d) = game.next_deal() {
        assert_eq!(d.setup().dealer, (first + n) % 4);
        let mut rng = mahjong_core::rng::Rng::new(n as u64);
        while !d.is_over() {
            let w = d.waiting();
            let seat = w[0];
            let legal = d.legal_actions(seat);
            let a = if legal.contains(&Action::MahJongg) {
                Action::MahJongg
            } else if legal.contains(&Action::Pass) {
                Action::Pass
            } else {
                legal[rng.below(legal.len() as u64) as usize]
            };
            act(&mut d, seat, a);
        }
        for (e, delta) in expected.iter_mut().zip(d.outcome().unwrap().deltas) {
            *e += delta;
        }
        assert!(game.finish_deal(&d).is_ok());
        assert!(game.finish_deal(&d).is_err(), "a game is taken once");
        n += 1;
    }
    assert_eq!(n, 6);
    assert!(game.is_over());
    assert_eq!(game.scores(), expected);
    assert_eq!(game.scores().iter().sum::<i64>(), 0);
}

#[test]
fn illegal_actions_name_the_reason_and_change_nothing() {
    let mut d = claim_table();
    let before = d.events().len();
    let e = d.apply(1, Action::Discard(k("2B"))).unwrap_err();
    assert_eq!(e.reason, Reason::NotYourTurn);
    assert!(e.to_string().contains("not this seat's turn"), "{e}");
    let e = d.apply(0, Action::Discard(k("N"))).unwrap_err();
    assert_eq!(e.reason, Reason::NotInHand { kind: k("N") });
    assert!(e.to_string().contains("no N in the hand"), "{e}");
    let e = d.apply(0, Action::MahJongg).unwrap_err();
    assert_eq!(e.reason, Reason::NotOnCard);
    assert!(e.to_string().contains("no hand on the card"), "{e}");
    assert!(d.apply(7, Action::Pass).is_err());
    assert_eq!(d.events().len(), before);
    assert_eq!(d.turn(), Some(0));
}

/// Everyone with a claim passes.
fn pass_claims(d: &mut Deal) {
    while d.claim_tile().is_some() {
        let seat = d.waiting()[0];
        act(d, seat, Action::Pass);
    }
}

/// Live card hands of seat 1 from public information.
fn live_ids(d: &Deal) -> Vec<String> {
    let live = d
        .card()
        .live_hands(&d.player(1).exposure_list(), &d.sight(1))
        .unwrap();
    live.iter().map(|&h| d.card().hands[h].id.clone()).collect()
}

fn sight_kills_seat_one(rules: &Rules) -> Deal {
    // Seat 1 exposes W W W W: only winds-1 (NNNN EE WWWW SSSS) and winds-6 (EEE 11 222 33
    // WWWW) remain. Once the four Easts are in sight winds-1 is gone, and once six jokers are
    // discarded the pung of East (which then needs three jokers) cannot be made either.
    let mut d = after_charleston(
        [
            "W J J 1C 1C 3C 3C 5C 5C 7C 7C 9C 3D 5D",
            "W W W J J E 1D 1D 3D 3D 5D 5D 7D",
            "E J 2B 2B 4B 4B 6B 6B 8B 8B G G R",
            "E E J 1B 1B 3B 3B 5B 5B 7B 7B 9B 9B",
        ],
        "2C 4C 6C 8C 2D 4D 6D 8D 9D 7D",
        rules,
    );
    act(&mut d, 0, Action::Discard(k("W")));
    pass_claims_except(&mut d, 1, Action::Expose { size: 4, jokers: 0 });
    assert_eq!(live_ids(&d), ["winds-1", "winds-6"]);
    let plan: [(usize, &str); 11] = [
        (1, "J"),
        (2, "E"),
        (3, "E"),
        (0, "J"),
        (1, "E"),
        (2, "J"),
        (3, "E"),
        (0, "J"),
        (1, "J"),
        (2, "9D"),
        (3, "J"),
    ];
    for (i, (seat, tile)) in plan.into_iter().enumerate() {
        assert_eq!(d.turn(), Some(seat), "step {i}");
        assert_eq!(d.player(1).dead, None, "step {i}");
        act(&mut d, seat, Action::Discard(k(tile)));
        pass_claims(&mut d);
        if i == 6 {
            assert_eq!(live_ids(&d), ["winds-6"], "four Easts in sight");
        }
    }
    assert!(live_ids(&d).is_empty());
    d
}

#[test]
fn a_hand_that_can_no_longer_be_completed_is_dead() {
    let mut d = sight_kills_seat_one(&Rules::default());
    assert!(d.events().contains(&Event::DeadHand {
        seat: 1,
        reason: DeadReason::CannotComplete,
        by: None,
    }));
    assert!((0..4).all(|s| s == 1 || d.player(s).dead.is_none()));
    // Seat 1 is skipped from now on.
    assert_eq!(d.turn(), Some(0));
    act(&mut d, 0, Action::Discard(k("6C")));
    pass_claims(&mut d);
    assert_eq!(d.turn(), Some(2));
}

/// `seat` answers the claim window with `action`, everyone else passes.
fn pass_claims_except(d: &mut Deal, seat: usize, action: Action) {
    for s in d.waiting() {
        act(d, s, if s == seat { action } else { Action::Pass });
    }
}

#[test]
fn in_challenge_mode_a_right_challenge_kills_the_dead_hand() {
    let mut d = sight_kills_seat_one(&Rules::preset(Preset::Table));
    assert_eq!(
        d.player(1).dead,
        None,
        "challenge mode waits for a challenge"
    );
    assert_eq!(d.turn(), Some(0));
    act(&mut d, 0, Action::CallDead(1));
    assert!(d.events().contains(&Event::DeadHand {
        seat: 1,
        reason: DeadReason::CannotComplete,
        by: Some(0),
    }));
    // The challenger goes on with the turn.
    assert_eq!(d.turn(), Some(0));
    assert!(!d.legal_actions(0).contains(&Action::CallDead(1)));
}

/// Seat 1 claims a kong of N, W and S from East's discards, then wins on East's E: winds-1
/// (NNNN EE WWWW SSSS, 25) jokerless with three exposures.
fn three_exposures_then_win(rules: &Rules) -> mahjong_core::american::game::WinRecord {
    let mut d = after_charleston(
        [
            "N W S E 1C 1C 3C 3C 5C 5C 7C 7C 9C 9C",
            "N N N W W W S S S E 1D 3D 5D",
            "2B 2B 4B 4B 6B 6B 8B 8B G G R R F",
            "1B 1B 3B 3B 5B 5B 7B 7B 9B 9B F F 0",
        ],
        "2C 4C 6C 8C 2D 4D 6D 8D 9D",
        rules,
    );
    let drawn = |d: &Deal| match d.events().last() {
        Some(Event::Draw { tile, .. }) => kind_of(*tile),
        other => panic!("expected a draw, got {other:?}"),
    };
    for (wind, junk) in [("N", "1D"), ("W", "3D"), ("S", "5D")] {
        act(&mut d, 0, Action::Discard(k(wind)));
        pass_claims_except(&mut d, 1, Action::Expose { size: 4, jokers: 0 });
        act(&mut d, 1, Action::Discard(k(junk)));
        pass_claims(&mut d);
        for seat in [2, 3] {
            let t = drawn(&d);
            act(&mut d, seat, Action::Discard(t));
            pass_claims(&mut d);
        }
    }
    assert_eq!(d.player(1).exposures.len(), 3);
    act(&mut d, 0, Action::Discard(k("E")));
    pass_claims_except(&mut d, 1, Action::MahJongg);
    last_win(&d)
}

#[test]
fn pay_for_the_table_after_three_exposures_is_an_option() {
    let win = three_exposures_then_win(&Rules::default());
    assert!(win.jokerless_bonus && !win.pay_for_table);
    assert_eq!(win.deltas, [-100, 200, -50, -50]);
    let win = three_exposures_then_win(&Rules::preset(Preset::Table));
    assert!(win.pay_for_table);
    assert_eq!(win.deltas, [-200, 200, 0, 0]);
}

// --- observations (spec §5.1) -------------------------------------------------------------------

#[test]
fn observations_leak_nothing_of_other_racks_or_the_wall() {
    use mahjong_core::american::game::HIDDEN;
    let a = Wall::shuffled(5);
    // The same tiles dealt to seat 0 (East); every other position shuffled.
    let mine = positions(0);
    let mut others: Vec<u8> = (0..152)
        .filter(|i| !mine.contains(i))
        .map(|i| a.order()[i])
        .collect();
    mahjong_core::rng::Rng::new(99).shuffle(&mut others);
    let mut rest = others.into_iter();
    let order: Vec<u8> = (0..152)
        .map(|i| {
            if mine.contains(&i) {
                a.order()[i]
            } else {
                rest.next().unwrap()
            }
        })
        .collect();
    let b = Wall::from_order(&order).unwrap();
    let setup = DealSetup {
        dealer: 0,
        scores: [0; 4],
        seed: 1,
    };
    let rules = Rules::default();
    let mut x = Deal::new(card(), &rules, setup, a).unwrap();
    let mut y = Deal::new(card(), &rules, setup, b).unwrap();
    // The events seat 0 sees; the dice are public and differ only because one wall was
    // given in draw order.
    let seen = |d: &Deal| -> Vec<Event> {
        d.events()
            .iter()
            .map(|e| match e.seen_by(0) {
                Event::StartGame {
                    dealer,
                    scores,
                    hands,
                    ..
                } => Event::StartGame {
                    dealer,
                    dice: None,
                    scores,
                    hands,
                },
                e => e,
            })
            .collect()
    };
    assert_eq!(x.observe(0), y.observe(0));
    assert_eq!(seen(&x), seen(&y));
    assert_ne!(x.observe(1), y.observe(1));
    for _ in 0..2 {
        let pick = x.legal_actions(0)[0];
        act(&mut x, 0, pick);
        act(&mut y, 0, pick);
        assert_eq!(x.observe(0), y.observe(0));
        assert_eq!(seen(&x), seen(&y));
    }
    // In a whole game, no seat sees another's draws or dealt tiles.
    let mut d = Deal::shuffled(card(), &rules, 0, 21).unwrap();
    let mut rng = mahjong_core::rng::Rng::new(4);
    while !d.is_over() {
        let seat = d.waiting()[0];
        let legal = d.legal_actions(seat);
        let a = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[rng.below(legal.len() as u64) as usize]
        };
        act(&mut d, seat, a);
    }
    for seat in 0..4 {
        for e in d.events().iter().map(|e| e.seen_by(seat)) {
            match e {
                Event::Draw { seat: s, tile } => assert_eq!(s == seat, tile != HIDDEN),
                Event::StartGame { hands, .. } => {
                    for (s, h) in hands.iter().enumerate() {
                        assert_eq!(s == seat, h.iter().all(|&t| t != HIDDEN));
                    }
                }
                Event::Charleston {
                    given, received, ..
                } => {
                    for s in (0..4).filter(|&s| s != seat) {
                        assert!(given[s].iter().chain(&received[s]).all(|&t| t == HIDDEN));
                    }
                }
                _ => {}
            }
        }
    }
}

#[test]
fn a_game_refuses_rules_it_cannot_play() {
    let mut rules = Rules::default();
    rules.blanks = 6;
    let e = Deal::shuffled(card(), &rules, 0, 1).unwrap_err();
    assert!(e.message().contains("blanks"), "{e}");
    assert!(Game::new(card(), &rules, 1, 4).is_err());
    let e = Deal::shuffled(card(), &Rules::default(), 4, 1).unwrap_err();
    assert!(e.message().contains("dealer seat 4"), "{e}");
}
