//! What a seat may see (the core observation): nothing of another hand or of the wall's
//! order, and the same view whatever they hold.

use mahjong_core::Wind;
use mahjong_core::riichi::game::{Action, Deal, DealSetup, Wall};
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::rng::Rng;

fn setup() -> DealSetup {
    DealSetup {
        round_wind: Wind::East,
        dealer: 0,
        number: 1,
        honba: 0,
        riichi_sticks: 0,
        scores: [25_000; 4],
    }
}

/// Wall positions seat 0 (the dealer) sees at the start: its 14 tiles and the dora indicator.
fn seen_by_dealer(at: usize) -> bool {
    let dealt = (0..3).any(|r| (16 * r..16 * r + 4).contains(&at));
    dealt || matches!(at, 48 | 52 | 130)
}

/// `order` with every position seat 0 does not see shuffled among themselves.
fn shuffled_elsewhere(order: &[u8; 136], seed: u64) -> Wall {
    let mut rng = Rng::new(seed);
    let hidden: Vec<usize> = (0..136).filter(|&i| !seen_by_dealer(i)).collect();
    let mut tiles: Vec<u8> = hidden.iter().map(|&i| order[i]).collect();
    rng.shuffle(&mut tiles);
    let mut other = *order;
    for (&at, &tile) in hidden.iter().zip(&tiles) {
        other[at] = tile;
    }
    Wall::from_order(&other).unwrap()
}

#[test]
fn other_hands_and_the_wall_change_nothing_in_a_view() {
    let rules = Ruleset::preset(Preset::Tenhou);
    let mut compared = 0;
    for seed in 0..200 {
        let wall = Wall::shuffled(seed);
        let mut a = Deal::new(setup(), wall.clone(), &rules).unwrap();
        let mut b = Deal::new(
            setup(),
            shuffled_elsewhere(wall.order(), seed + 100),
            &rules,
        )
        .unwrap();
        assert_eq!(a.observe(0), b.observe(0), "seed {seed}");
        assert_ne!(
            a.observe(1),
            b.observe(1),
            "seed {seed}: the test shuffled nothing"
        );
        let discard = Action::Discard(a.drawn().unwrap());
        a.apply(0, discard).unwrap();
        b.apply(0, discard).unwrap();
        // Whether a claim window opens depends on the others' hands; while it is open on
        // both tables, seat 0 sees the same.
        if a.claim_tile().is_some() && b.claim_tile().is_some() {
            assert_eq!(a.observe(0), b.observe(0), "seed {seed}");
            assert!(a.observe(0).legal.is_empty());
            compared += 1;
        }
    }
    assert!(compared >= 10, "{compared} claim windows compared");
}
