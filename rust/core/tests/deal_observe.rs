//! What a seat may see (the core observation): nothing of another hand or of the wall's
//! order, and the same view whatever they hold, with four players and with three.

use mahjong_core::Wind;
use mahjong_core::riichi::game::{Action, Deal, DealSetup, Layout, Wall};
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::rng::Rng;

fn setup(rules: &Ruleset) -> DealSetup {
    let players = rules.player_count();
    DealSetup {
        round_wind: Wind::East,
        dealer: 0,
        number: 1,
        honba: 0,
        riichi_sticks: 0,
        scores: std::array::from_fn(|s| if s < players { 25_000 } else { 0 }),
    }
}

/// Wall positions seat 0 (the dealer) sees at the start: its 14 tiles and the dora indicator.
fn seen_by_dealer(layout: Layout, at: usize) -> bool {
    (0..13).any(|i| layout.dealt_position(0, i) == at)
        || at == layout.dealt() - 1
        || at == layout.indicator(0)
}

/// `wall` with every position seat 0 does not see shuffled among themselves.
fn shuffled_elsewhere(wall: &Wall, seed: u64) -> Wall {
    let layout = wall.layout();
    let order = wall.order();
    let mut rng = Rng::new(seed);
    let hidden: Vec<usize> = (0..order.len())
        .filter(|&i| !seen_by_dealer(layout, i))
        .collect();
    let mut tiles: Vec<u8> = hidden.iter().map(|&i| order[i]).collect();
    rng.shuffle(&mut tiles);
    let mut other = order.to_vec();
    for (&at, &tile) in hidden.iter().zip(&tiles) {
        other[at] = tile;
    }
    Wall::from_order(&other).unwrap()
}

#[test]
fn other_hands_and_the_wall_change_nothing_in_a_view() {
    for preset in [Preset::Tenhou, Preset::TenhouSanma] {
        let rules = Ruleset::preset(preset);
        let mut compared = 0;
        for seed in 0..200 {
            let wall = Wall::shuffled(seed, rules.player_count());
            let a = Deal::new(setup(&rules), wall.clone(), &rules).unwrap();
            let b =
                Deal::new(setup(&rules), shuffled_elsewhere(&wall, seed + 100), &rules).unwrap();
            assert_eq!(a.observe(0), b.observe(0), "{preset:?} seed {seed}");
            assert_ne!(
                a.observe(1),
                b.observe(1),
                "seed {seed}: the test shuffled nothing"
            );
            // Whether a claim window opens depends on the others' hands; while it is open on
            // both tables after the same discard, seat 0 sees the same.
            let discards = a.legal_actions(0).into_iter();
            for discard in discards.filter(|d| matches!(d, Action::Discard(_))) {
                let (mut a, mut b) = (a.clone(), b.clone());
                a.apply(0, discard).unwrap();
                b.apply(0, discard).unwrap();
                if a.claim_tile().is_some() && b.claim_tile().is_some() {
                    assert_eq!(a.observe(0), b.observe(0), "{preset:?} seed {seed}");
                    assert!(a.observe(0).legal.is_empty());
                    compared += 1;
                    break;
                }
            }
        }
        assert!(
            compared >= 10,
            "{preset:?}: {compared} claim windows compared"
        );
    }
}
