//! Deals played with random legal actions, with four players and with three: no error, every
//! tile accounted for after every action, points kept, and illegal actions rejected without a
//! change.

use mahjong_core::riichi::game::{Action, Deal, DealSetup, Wall};
use mahjong_core::riichi::rules::GameLength;
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::rng::Rng;
use mahjong_core::{Wind, riichi::game::Event};

/// A deal with one honba and (where the rules let sticks be passed in) one stick.
fn setup(rules: &Ruleset) -> DealSetup {
    let players = rules.player_count();
    DealSetup {
        round_wind: Wind::East,
        dealer: 0,
        number: 1,
        honba: 1,
        riichi_sticks: u32::from(rules.game_length != GameLength::OneDeal),
        scores: std::array::from_fn(|s| if s < players { 25_000 } else { 0 }),
    }
}

/// Every event that pays carries the scores after it: the running sum of the payments.
fn scores_follow_the_payments(deal: &Deal) {
    let mut scores = deal.setup().scores;
    for event in deal.events() {
        let (deltas, stated) = match event {
            Event::ReachAccepted { deltas, scores, .. } => (deltas, scores),
            Event::Hora(w) => (&w.deltas, &w.scores),
            Event::Ryukyoku { deltas, scores, .. } => (deltas, scores),
            _ => continue,
        };
        for (s, d) in scores.iter_mut().zip(deltas) {
            *s += d;
        }
        assert_eq!(&scores, stated, "{event:?}");
    }
    assert_eq!(scores, deal.scores());
}

fn points(deal: &Deal) -> i64 {
    deal.scores().iter().sum::<i64>() + 1000 * i64::from(deal.riichi_sticks())
}

fn play(seed: u64, rules: &Ruleset, prefer_wins: bool) -> Deal {
    let mut rng = Rng::new(seed);
    let mut deal = Deal::new(
        setup(rules),
        Wall::shuffled(seed, rules.player_count()),
        rules,
    )
    .unwrap();
    let start = points(&deal);
    for _ in 0..1000 {
        if deal.is_over() {
            break;
        }
        let waiting = deal.waiting();
        let seat = waiting[rng.below(waiting.len() as u64) as usize];
        let legal = deal.legal_actions(seat);
        assert!(!legal.is_empty());
        // An illegal action changes nothing.
        let before = format!("{:?}", deal.events().len());
        assert!(deal.apply((seat + 1) % 4, Action::Kyuushu).is_err() || waiting.len() > 1);
        assert!(deal.apply(seat, Action::Discard(200)).is_err());
        assert_eq!(before, format!("{:?}", deal.events().len()));
        let pick = |want: fn(&Action) -> bool| legal.iter().copied().find(want);
        let action = if prefer_wins {
            pick(|a| matches!(a, Action::Tsumo | Action::Ron))
                .or_else(|| pick(|a| matches!(a, Action::Riichi(_))))
        } else {
            None
        };
        let passes = legal.contains(&Action::Pass) && rng.below(10) < 8;
        let action = action.unwrap_or_else(|| {
            if passes {
                Action::Pass
            } else {
                legal[rng.below(legal.len() as u64) as usize]
            }
        });
        deal.apply(seat, action).unwrap();
        deal.check_tiles().unwrap();
        if !deal.is_over() {
            assert_eq!(points(&deal), start);
        }
    }
    assert!(deal.is_over(), "seed {seed} did not finish");
    assert_eq!(points(&deal), start, "seed {seed}: points not kept");
    scores_follow_the_payments(&deal);
    deal
}

#[test]
fn random_deals_under_every_preset() {
    let mut wins = 0;
    let mut kinds = std::collections::BTreeMap::new();
    for preset in Preset::ALL {
        let rules = Ruleset::preset(preset);
        for seed in 0..100 {
            let deal = play(seed, &rules, seed % 2 == 0);
            let out = deal.outcome().unwrap();
            wins += usize::from(!out.wins.is_empty());
            for e in deal.events() {
                let name = match e {
                    Event::Call { kind, .. } => kind.name(),
                    Event::Ankan { .. } => "ankan",
                    Event::Kakan { .. } => "kakan",
                    Event::Kita { .. } => "kita",
                    Event::ReachAccepted { .. } => "riichi",
                    Event::Hora(_) => "hora",
                    Event::Ryukyoku { reason, .. } => reason.name(),
                    _ => continue,
                };
                *kinds.entry(name).or_insert(0) += 1;
            }
        }
    }
    assert!(wins > 5, "{wins} wins; {kinds:?}");
    for kind in [
        "chi",
        "pon",
        "daiminkan",
        "ankan",
        "riichi",
        "hora",
        "exhaustive",
        "kita",
    ] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) > 0,
            "no {kind}: {kinds:?}"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_deal() {
    let rules = Ruleset::preset(Preset::Tenhou);
    assert_eq!(
        play(5, &rules, true).events(),
        play(5, &rules, true).events()
    );
}

/// 100,000 deals under every four-player preset in turn (run with `cargo test --release
/// --test deal_random -- --ignored`): every invariant above after every action.
#[test]
#[ignore = "slow: 100,000 deals; run with --release -- --ignored"]
fn soak_100k_deals() {
    let presets: Vec<Ruleset> = Preset::ALL
        .iter()
        .map(|&p| Ruleset::preset(p))
        .filter(|r| r.player_count() == 4)
        .collect();
    for seed in 0..100_000u64 {
        play(seed, &presets[seed as usize % presets.len()], seed % 3 != 0);
    }
}

/// 100,000 three-player deals under each three-player preset (run with `cargo test --release
/// --test deal_random -- --ignored`): the same invariants.
#[test]
#[ignore = "slow: 200,000 deals; run with --release -- --ignored"]
fn soak_100k_three_player_deals_per_preset() {
    for preset in [Preset::TenhouSanma, Preset::MahjongSoulSanma] {
        let rules = Ruleset::preset(preset);
        for seed in 0..100_000u64 {
            play(seed, &rules, seed % 3 != 0);
        }
    }
}
