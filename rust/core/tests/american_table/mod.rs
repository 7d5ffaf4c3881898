//! Shared helpers of the American rule tests: walls that deal chosen hands, games set up past
//! the Charleston, and the moves every test repeats. (Each test file includes this module; not
//! all use every helper.)
#![allow(dead_code, clippy::needless_range_loop, clippy::type_complexity)]

use std::sync::Arc;

use mahjong_core::Tiles;
use mahjong_core::american::Card;
use mahjong_core::american::game::{Action, Deal, DealSetup, Event, Rules, Step, Wall, kind_of};

pub(crate) fn card() -> Arc<Card> {
    Arc::new(Card::builtin("house-2026").unwrap())
}

pub(crate) fn kinds(text: &str) -> Vec<u8> {
    Tiles::parse(text).unwrap().kinds()
}

/// Kinds in the order written (draw orders).
pub(crate) fn sequence(text: &str) -> Vec<u8> {
    mahjong_core::notation::parse_sequence(text).unwrap().0
}

pub(crate) fn k(text: &str) -> u8 {
    kinds(text)[0]
}

/// Deal positions of the seat `offset` places after East (spec §1.2.4).
pub(crate) fn positions(offset: usize) -> Vec<usize> {
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
pub(crate) fn wall(hands: &[Vec<u8>; 4], draws: &[u8]) -> Wall {
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

pub(crate) fn deal(hands: [&str; 4], draws: &str, rules: &Rules) -> Deal {
    let hands = hands.map(kinds);
    let setup = DealSetup {
        dealer: 0,
        scores: [0; 4],
        seed: 9,
    };
    Deal::new(card(), rules, setup, wall(&hands, &sequence(draws))).unwrap()
}

pub(crate) fn act(deal: &mut Deal, seat: usize, action: Action) {
    if let Err(e) = deal.apply(seat, action) {
        panic!(
            "{action:?} by {seat}: {e}; legal {:?}",
            deal.legal_actions(seat)
        );
    }
}

pub(crate) fn remove(from: &mut Vec<u8>, what: &[u8]) {
    for t in what {
        let at = from.iter().position(|x| x == t).expect("tile to remove");
        from.remove(at);
    }
}

/// A game whose hands after the first Charleston are `finals` (East 14 tiles), with the
/// second Charleston stopped and no courtesy pass. Seat `s` passes right three tiles of
/// `finals[s - 1]`, passes across what it received, and passes all three blind on the left,
/// so each seat ends with the tiles its left neighbour's right pass carried.
pub(crate) fn after_charleston(finals: [&str; 4], draws: &str, rules: &Rules) -> Deal {
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

pub(crate) fn last_win(deal: &Deal) -> mahjong_core::american::game::WinRecord {
    assert!(deal.is_over());
    deal.outcome().unwrap().win.clone().expect("a Mah Jongg")
}

pub(crate) fn charleston_events(deal: &Deal) -> Vec<(Step, [Vec<u8>; 4], [u8; 4], [Vec<u8>; 4])> {
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
pub(crate) fn pass_three(d: &mut Deal) {
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

pub(crate) const EAST_2B: &str = "2B 1C 1C 3C 3C 5C 5C 7C 7C 9C 3D 5D 7D 9D";

pub(crate) fn claim_table() -> Deal {
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

/// Everyone with a claim passes.
pub(crate) fn pass_claims(d: &mut Deal) {
    while d.claim_tile().is_some() {
        let seat = d.waiting()[0];
        act(d, seat, Action::Pass);
    }
}

/// `seat` answers the claim window with `action`, everyone else passes.
pub(crate) fn pass_claims_except(d: &mut Deal, seat: usize, action: Action) {
    for s in d.waiting() {
        act(d, s, if s == seat { action } else { Action::Pass });
    }
}
