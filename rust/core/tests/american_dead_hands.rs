//! Dead hands (spec §1.9): exposures that match no hand, hands that can no longer be
//! completed, challenges.

// Rule variants are built by changing one field of the defaults.
#![allow(clippy::field_reassign_with_default)]

mod american_table;

use mahjong_core::american::Exposure;
use mahjong_core::american::game::{Action, DeadHandMode, DeadReason, Deal, Event, Preset, Rules};

use american_table::*;

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
