//! The warning that an exposure leaves the hand dead ([`Deal::exposure_kills`], asked while
//! the claim is on offer) agrees with what the engine declares once the claim is settled by
//! that exposure: on every exposure of 400 games, under both dead-hand modes.

use std::sync::Arc;

use mahjong_core::american::Card;
use mahjong_core::american::game::{Action, DeadReason, Deal, Event, Preset, Rules};
use mahjong_core::rng::Rng;

/// Plays one game at random (Mah Jongg taken, exposures tried half the time they are
/// offered) and checks every exposure made against the warning given for it; returns how many
/// exposures were made and how many of them killed the hand.
fn play(card: &Arc<Card>, rules: &Rules, seed: u64) -> (usize, usize) {
    let mut rng = Rng::new(seed.wrapping_mul(7919) + 3);
    let mut deal = Deal::shuffled(card.clone(), rules, (seed % 4) as usize, seed).unwrap();
    let mut warned: [Option<Option<DeadReason>>; 4] = [None; 4];
    let (mut made, mut killed) = (0, 0);
    for _ in 0..5000 {
        if deal.is_over() {
            break;
        }
        let waiting = deal.waiting();
        let seat = waiting[rng.below(waiting.len() as u64) as usize];
        let legal = deal.legal_actions(seat);
        let exposures: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Expose { .. }))
            .collect();
        let action = if legal.contains(&Action::MahJongg) {
            Action::MahJongg
        } else if !exposures.is_empty() && rng.below(2) == 0 {
            exposures[rng.below(exposures.len() as u64) as usize]
        } else if legal.contains(&Action::Pass) && rng.below(10) < 8 {
            Action::Pass
        } else {
            legal[rng.below(legal.len() as u64) as usize]
        };
        for &a in &exposures {
            // Asked of every offered way, the chosen one or not: asking changes nothing.
            let warning = deal.exposure_kills(seat, a);
            if a == action {
                warned[seat] = Some(warning);
            }
        }
        let seen = deal.events().len();
        deal.apply(seat, action).unwrap();
        for event in &deal.events()[seen..] {
            if let Event::Expose { seat: s, .. } = *event {
                let warning = warned[s]
                    .take()
                    .expect("an exposure made without a warning asked");
                assert_eq!(
                    deal.player(s).dead,
                    warning,
                    "seed {seed}: seat {s}'s exposure was warned {warning:?}"
                );
                made += 1;
                killed += usize::from(warning.is_some());
            }
        }
        if deal.claim_tile().is_none() {
            warned = [None; 4]; // claims settled for someone else: those exposures never came
        }
    }
    assert!(deal.is_over(), "seed {seed}: the game did not end");
    (made, killed)
}

#[test]
fn the_exposure_warning_agrees_with_the_dead_hand_declared() {
    let card = Arc::new(Card::builtin("house-2026").unwrap());
    let mut totals = (0, 0);
    for seed in 0..400u64 {
        let preset = if seed % 2 == 0 {
            Preset::Nmjl
        } else {
            Preset::Table
        };
        let (made, killed) = play(&card, &Rules::preset(preset), seed);
        totals = (totals.0 + made, totals.1 + killed);
    }
    assert!(totals.0 > 1000, "{totals:?} exposures made, killed");
    assert!(totals.1 > 100, "{totals:?} exposures made, killed");
}

#[test]
fn only_an_exposure_on_offer_is_answered() {
    let card = Arc::new(Card::builtin("house-2026").unwrap());
    let deal = Deal::shuffled(card, &Rules::preset(Preset::Nmjl), 0, 5).unwrap();
    let expose = Action::Expose { size: 3, jokers: 0 };
    assert_eq!(deal.exposure_kills(0, expose), None); // the Charleston: no claim on offer
    assert_eq!(deal.exposure_kills(0, Action::Pass), None);
}
