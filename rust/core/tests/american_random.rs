//! American games played with random legal actions: no error, all 152 tiles accounted for
//! after every action, payments summing to zero, the same seed giving the same events, and
//! illegal actions rejected without a change.

use std::sync::Arc;

use mahjong_core::american::game::{
    ACTION_COUNT, Action, DeadHandMode, DeadReason, Deal, Event, Preset, Rules, Wall,
};
use mahjong_core::american::{Card, Exposure, Rack};
use mahjong_core::rng::Rng;

fn card() -> Arc<Card> {
    Arc::new(Card::builtin("house-2026").unwrap())
}

/// A simple card-guided choice: Charleston passes from the core's advice, discards keeping
/// the nearest hand, exposures only when they bring the hand nearer.
fn guided(deal: &Deal, seat: usize, legal: &[Action], rng: &mut Rng) -> Action {
    let card = deal.card();
    let p = deal.player(seat);
    let concealed = p.concealed();
    if legal.contains(&Action::MahJongg) {
        return Action::MahJongg;
    }
    if legal.iter().any(|a| matches!(a, Action::PassTile(_))) {
        let picked = deal.pass_picked(seat).len();
        if let Ok(advice) = card.charleston_pass(&concealed, 3) {
            for k in advice.into_iter().skip(picked) {
                if legal.contains(&Action::PassTile(k)) {
                    return Action::PassTile(k);
                }
            }
        }
    }
    if legal.iter().any(|a| matches!(a, Action::Discard(_)))
        && let Ok(rack) = p.rack()
        && let Ok(options) = card.discard_options(&rack, None, 1)
        && let Some(best) = options.first()
        && legal.contains(&Action::Discard(best.tile))
    {
        return Action::Discard(best.tile);
    }
    if legal.contains(&Action::Pass) && deal.claim_tile().is_some() {
        let (tile, _) = deal.claim_tile().unwrap();
        let kind = mahjong_core::american::game::kind_of(tile);
        let now = p
            .rack()
            .ok()
            .and_then(|r| card.distances(&r).ok())
            .and_then(|d| d.first().map(|h| h.distance))
            .unwrap_or(u8::MAX);
        for &a in legal {
            if let Action::Expose { size, jokers } = a {
                let mut counts = *concealed.counts();
                counts[usize::from(kind)] -= (size - 1 - jokers).min(counts[usize::from(kind)]);
                counts[35] -= jokers;
                let mut exposures = p.exposure_list();
                exposures.push(Exposure::new(kind, size, jokers).unwrap());
                let rest = mahjong_core::Tiles::from_counts(&counts).unwrap();
                let after = Rack::new(rest, exposures)
                    .ok()
                    .and_then(|r| card.distances(&r).ok())
                    .and_then(|d| d.first().map(|h| h.distance))
                    .unwrap_or(u8::MAX);
                if after < now.saturating_sub(size - 1) {
                    return a;
                }
            }
        }
        return Action::Pass;
    }
    legal[rng.below(legal.len() as u64) as usize]
}

/// Plays one game: seats below `guided_seats` play [`guided`], the others at random (but
/// always taking Mah Jongg and passing most claims).
fn play(card: &Arc<Card>, rules: &Rules, seed: u64, check_illegal: bool) -> Deal {
    play_with(card, rules, seed, check_illegal, 0)
}

fn play_with(
    card: &Arc<Card>,
    rules: &Rules,
    seed: u64,
    check_illegal: bool,
    guided_seats: usize,
) -> Deal {
    let mut rng = Rng::new(seed.wrapping_mul(31) + 7);
    let mut deal = Deal::shuffled(card.clone(), rules, (seed % 4) as usize, seed).unwrap();
    deal.check_tiles().unwrap();
    for _ in 0..5000 {
        if deal.is_over() {
            break;
        }
        let waiting = deal.waiting();
        assert!(!waiting.is_empty());
        let seat = waiting[rng.below(waiting.len() as u64) as usize];
        let legal = deal.legal_actions(seat);
        assert!(!legal.is_empty(), "seat {seat} waiting without actions");
        if check_illegal {
            let before = (
                deal.events().len(),
                deal.waiting(),
                deal.legal_actions(seat),
            );
            for _ in 0..3 {
                let code = rng.below(ACTION_COUNT as u64) as usize;
                let action = Action::from_code(code, seat).unwrap();
                let other = (seat + 1 + rng.below(3) as usize) % 4;
                if !legal.contains(&action) {
                    assert!(deal.apply(seat, action).is_err());
                }
                if !deal.legal_actions(other).contains(&action) {
                    assert!(deal.apply(other, action).is_err());
                }
            }
            assert!(deal.apply(4, legal[0]).is_err());
            assert_eq!(
                before,
                (
                    deal.events().len(),
                    deal.waiting(),
                    deal.legal_actions(seat)
                )
            );
        }
        let action = if seat < guided_seats {
            guided(&deal, seat, &legal, &mut rng)
        } else if legal.contains(&Action::MahJongg) {
            Action::MahJongg
        } else if legal.contains(&Action::Pass) && rng.below(10) < 7 {
            Action::Pass
        } else {
            legal[rng.below(legal.len() as u64) as usize]
        };
        let seen = deal.events().len();
        deal.apply(seat, action).unwrap();
        deal.check_tiles().unwrap();
        if let (Some(turn), Some(drawn)) = (deal.turn(), deal.drawn()) {
            let hand = deal.observe(turn).hand;
            assert!(
                hand.contains(&drawn),
                "seat {turn} drew {drawn}, holds {hand:?}"
            );
        }
        check_killer_exposures(&deal, seen, rules);
        // Rule 1.9.1e in auto mode: a hand marked dead can no longer be completed from what
        // is in sight, and on every turn no live hand is in that state.
        if rules.dead_hand_mode == DeadHandMode::Auto {
            for event in &deal.events()[seen..] {
                if let Event::DeadHand {
                    seat: s,
                    reason: DeadReason::CannotComplete,
                    ..
                } = event
                {
                    assert!(deal.publicly_dead(*s));
                }
            }
            if deal.turn().is_some() {
                for s in (0..4).filter(|&s| deal.player(s).dead.is_none()) {
                    assert!(
                        !deal.publicly_dead(s),
                        "seed {seed}: seat {s} should be dead"
                    );
                }
            }
        }
        for s in 0..4 {
            let p = deal.player(s);
            assert!(
                matches!(p.tile_count(), 13 | 14),
                "seat {s}: {} tiles",
                p.tile_count()
            );
        }
    }
    assert!(deal.is_over(), "seed {seed} did not finish");
    let outcome = deal.outcome().unwrap();
    assert_eq!(outcome.deltas.iter().sum::<i64>(), 0, "seed {seed}");
    assert!(matches!(deal.events().last(), Some(Event::EndGame { .. })));
    deal
}

/// Spec §4.6 as corrected: an exposure after which its owner's hand can no longer be
/// completed is a killer exposure: its jokers are frozen and never exchanged (rule 1.6.7).
/// Returns how many killer exposures with jokers the events from `seen` on made.
fn check_killer_exposures(deal: &Deal, seen: usize, rules: &Rules) -> usize {
    let mut killers = 0;
    for event in &deal.events()[seen..] {
        match event {
            Event::Expose { seat, jokers, .. } if rules.dead_hand_mode != DeadHandMode::Off => {
                let p = deal.player(*seat);
                let impossible = deal
                    .card()
                    .live_hands(&p.exposure_list(), &deal.sight(*seat))
                    .unwrap()
                    .is_empty();
                if impossible {
                    assert!(p.exposures.last().unwrap().frozen, "{event:?}");
                    killers += usize::from(*jokers > 0);
                }
            }
            Event::JokerExchange {
                owner, exposure, ..
            } => {
                assert!(
                    !deal.player(*owner).exposures[*exposure].frozen,
                    "{event:?}"
                );
            }
            _ => {}
        }
    }
    killers
}

#[test]
fn killer_exposures_freeze_their_jokers() {
    let card = card();
    let rules = Rules::default();
    let mut killers = 0;
    for seed in 0..60 {
        let mut rng = Rng::new(seed);
        let mut deal = Deal::shuffled(card.clone(), &rules, 0, seed).unwrap();
        while !deal.is_over() {
            let seat = deal.waiting()[0];
            let legal = deal.legal_actions(seat);
            // Expose whenever possible, with as many jokers as possible.
            let action = legal
                .iter()
                .rev()
                .copied()
                .find(|a| matches!(a, Action::Expose { .. } | Action::JokerExchange { .. }))
                .unwrap_or_else(|| legal[rng.below(legal.len() as u64) as usize]);
            let seen = deal.events().len();
            deal.apply(seat, action).unwrap();
            killers += check_killer_exposures(&deal, seen, &rules);
        }
    }
    assert!(killers > 0, "no killer exposure with a joker in 60 games");
}

#[test]
fn random_games_keep_every_rule_invariant() {
    let card = card();
    let mut wins = 0;
    let mut walls = 0;
    let mut dead = 0;
    for preset in Preset::ALL {
        let rules = Rules::preset(preset);
        for seed in 0..40 {
            let deal = play_with(&card, &rules, seed, seed % 4 == 0, (seed % 5) as usize);
            let outcome = deal.outcome().unwrap();
            if outcome.win.is_some() {
                wins += 1;
            } else {
                walls += 1;
            }
            dead += outcome.dead.iter().flatten().count();
        }
    }
    eprintln!("wins {wins}, walls {walls}, dead {dead}");
    assert!(
        wins > 0 && walls > 0 && dead > 0,
        "wins {wins}, walls {walls}, dead {dead}"
    );
}

#[test]
fn replaying_the_actions_gives_the_same_events() {
    let card = card();
    for preset in Preset::ALL {
        let rules = Rules::preset(preset);
        let played = play_with(&card, &rules, 17, false, 2);
        let mut replay =
            Deal::new(card.clone(), &rules, played.setup(), Wall::shuffled(17)).unwrap();
        for &(seat, action) in played.actions() {
            replay.apply(seat, action).unwrap();
        }
        assert_eq!(replay.events(), played.events());
        assert_eq!(replay.outcome(), played.outcome());
    }
}

#[test]
fn same_seed_same_events() {
    let card = card();
    let rules = Rules::default();
    for seed in [3, 11] {
        let a = play(&card, &rules, seed, false);
        let b = play(&card, &rules, seed, false);
        assert_eq!(a.events(), b.events());
    }
}

/// 100,000 games under both presets, seats 0..=k guided (run with `cargo test --release
/// --test american_random -- --ignored`): every invariant above after every action.
#[test]
#[ignore = "slow: 100,000 games; run with --release -- --ignored"]
fn soak_100k_games() {
    let card = card();
    let presets: Vec<Rules> = Preset::ALL.iter().map(|&p| Rules::preset(p)).collect();
    let start = std::time::Instant::now();
    for seed in 0..100_000u64 {
        play_with(
            &card,
            &presets[seed as usize % presets.len()],
            seed,
            seed % 10 == 0,
            (seed % 5) as usize,
        );
    }
    eprintln!("100,000 games in {:.1} s", start.elapsed().as_secs_f64());
}

/// Throughput of the engine alone: random legal games without the per-step checks (run
/// with `cargo test --release --test american_random -- --ignored throughput --nocapture`).
#[test]
#[ignore = "timing; run with --release -- --ignored"]
fn throughput() {
    let card = card();
    let rules = Rules::default();
    let start = std::time::Instant::now();
    let n = 2000u64;
    let mut actions = 0usize;
    for seed in 0..n {
        let mut rng = Rng::new(seed);
        let mut deal = Deal::shuffled(card.clone(), &rules, 0, seed).unwrap();
        while !deal.is_over() {
            let waiting = deal.waiting();
            let seat = waiting[0];
            let legal = deal.legal_actions(seat);
            let action = if legal.contains(&Action::MahJongg) {
                Action::MahJongg
            } else if legal.contains(&Action::Pass) {
                Action::Pass
            } else {
                legal[rng.below(legal.len() as u64) as usize]
            };
            deal.apply(seat, action).unwrap();
            actions += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{n} games, {actions} actions in {secs:.2} s: {:.0} games/s",
        n as f64 / secs
    );
}
