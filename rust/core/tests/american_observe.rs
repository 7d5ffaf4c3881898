//! Observations (spec §5.1): what a seat sees and nothing more.

mod american_table;

use mahjong_core::american::game::{Action, Deal, DealSetup, Event, Rules, Wall};

use american_table::*;

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
