//! Every action code against the legal lists, in both families: at every decision of random
//! deals, for every seat and every code, the code names an action that applies exactly when
//! it is one of the seat's legal codes (the encoders' masks are those codes: `encode.rs`); a
//! refused code changes nothing. A red-five variant of a call, discard or riichi that is not
//! listed is refused, not played as the plain one (and the other way round).

use std::sync::Arc;

use mahjong_core::Wind;
use mahjong_core::american::Card;
use mahjong_core::american::game::{
    ACTION_COUNT as AMERICAN_ACTIONS, Action as AmericanAction, Deal as AmericanDeal, Rules,
};
use mahjong_core::riichi::game::{ACTION_COUNT, Deal, DealSetup, Wall};
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::rng::Rng;

/// Every code of one seat (and a few past the last): `try_code` plays it on a copy of the
/// deal and says whether it applied and whether the copy is still the deal; it must apply
/// exactly when `legal` holds it, and change nothing when it does not.
fn check_seat(
    seat: usize,
    count: usize,
    legal: &[usize],
    try_code: impl Fn(usize) -> (bool, bool),
) {
    for code in 0..count + 3 {
        let (applied, unchanged) = try_code(code);
        assert_eq!(
            applied,
            legal.contains(&code),
            "seat {seat} code {code}: {legal:?}"
        );
        assert!(
            applied || unchanged,
            "seat {seat} code {code} changed the deal"
        );
    }
}

/// Every code of every seat of `deal` now.
fn check_riichi_codes(deal: &Deal) {
    let players = deal.player_count();
    // What a refused action must leave as it was: every seat's observation and the log.
    let state = |d: &Deal| {
        (
            (0..players).map(|s| d.observe(s)).collect::<Vec<_>>(),
            d.events().len(),
        )
    };
    let before = state(deal);
    for seat in 0..players {
        let legal: Vec<usize> = deal.legal(seat).iter().map(|&a| deal.code_of(a)).collect();
        check_seat(seat, ACTION_COUNT, &legal, |code| {
            let mut copy = deal.clone();
            let applied = deal
                .decode(seat, code)
                .is_some_and(|action| copy.apply(seat, action).is_ok());
            (applied, state(&copy) == before)
        });
    }
}

/// A deal's start among `players`: East, dealer by `seed`, 25,000 each.
fn setup(seed: u64, players: usize) -> DealSetup {
    let dealer = (seed % players as u64) as usize;
    DealSetup {
        round_wind: Wind::East,
        dealer,
        number: 1 + dealer as u8,
        honba: 0,
        riichi_sticks: 0,
        scores: std::array::from_fn(|s| if s < players { 25_000 } else { 0 }),
    }
}

#[test]
fn riichi_codes_apply_exactly_when_listed() {
    // Red fives (tenhou) and none (wrc): a red-five code names no action under the latter;
    // three players (tenhou-sanma): the kita code too.
    let mut calls = 0;
    for preset in [Preset::Tenhou, Preset::Wrc, Preset::TenhouSanma] {
        let rules = Ruleset::preset(preset);
        let players = rules.player_count();
        for seed in 0..6u64 {
            let wall = Wall::shuffled(seed + 40, players);
            let mut deal = Deal::new(setup(seed, players), wall, &rules).unwrap();
            let mut rng = Rng::new(seed);
            while !deal.is_over() {
                check_riichi_codes(&deal);
                let waiting = deal.waiting();
                let seat = waiting[rng.below(waiting.len() as u64) as usize];
                let legal = deal.legal_actions(seat);
                // Take a call when one is offered, so that calls of every shape come up.
                let call = legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a.name(), "chi" | "pon"));
                calls += usize::from(call.is_some());
                let action = call.unwrap_or_else(|| legal[rng.below(legal.len() as u64) as usize]);
                deal.apply(seat, action).unwrap();
            }
            check_riichi_codes(&deal);
        }
    }
    assert!(calls > 20, "{calls} calls");
}

#[test]
fn an_unheld_red_five_call_is_refused_with_the_reason() {
    // The first claim window of random play where a chi or pon taking a five is offered
    // without its red-five variant (no red five held): that variant's code is refused.
    let rules = Ruleset::preset(Preset::Tenhou);
    for seed in 0..400u64 {
        let mut deal = Deal::new(setup(seed, 4), Wall::shuffled(seed, 4), &rules).unwrap();
        let mut rng = Rng::new(seed);
        while !deal.is_over() {
            let waiting = deal.waiting();
            for &seat in &waiting {
                let codes: Vec<usize> = deal.legal(seat).iter().map(|&a| deal.code_of(a)).collect();
                for plain in [74, 76, 78, 80] {
                    if codes.contains(&plain) && !codes.contains(&(plain + 1)) {
                        let action = deal.decode(seat, plain + 1);
                        let Some(action) = action else { continue };
                        let err = deal.clone().apply(seat, action).unwrap_err();
                        assert_eq!(err.reason.name(), "not_in_hand", "{err:?}");
                        return;
                    }
                }
            }
            let seat = waiting[rng.below(waiting.len() as u64) as usize];
            let legal = deal.legal_actions(seat);
            deal.apply(seat, legal[rng.below(legal.len() as u64) as usize])
                .unwrap();
        }
    }
    panic!("no claim window offered a plain call of a five without its red variant");
}

/// Every code of every seat of an American game now.
fn check_american_codes(deal: &AmericanDeal) {
    let state = |d: &AmericanDeal| (0..4).map(|s| d.observe(s)).collect::<Vec<_>>();
    let before = state(deal);
    for seat in 0..4 {
        let legal: Vec<usize> = deal
            .legal_actions(seat)
            .iter()
            .map(|a| a.code(seat))
            .collect();
        check_seat(seat, AMERICAN_ACTIONS, &legal, |code| {
            let mut copy = deal.clone();
            let applied = AmericanAction::from_code(code, seat)
                .is_some_and(|action| copy.apply(seat, action).is_ok());
            (applied, state(&copy) == before)
        });
    }
}

#[test]
fn american_codes_apply_exactly_when_listed() {
    let card = Arc::new(Card::builtin("house-2026").unwrap());
    let rules = Rules::default();
    for seed in 0..4u64 {
        let mut deal =
            AmericanDeal::shuffled(card.clone(), &rules, (seed % 4) as usize, seed).unwrap();
        let mut rng = Rng::new(seed);
        while !deal.is_over() {
            check_american_codes(&deal);
            let waiting = deal.waiting();
            let seat = waiting[rng.below(waiting.len() as u64) as usize];
            let legal = deal.legal_actions(seat);
            deal.apply(seat, legal[rng.below(legal.len() as u64) as usize])
                .unwrap();
        }
        check_american_codes(&deal);
    }
}
