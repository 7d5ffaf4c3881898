//! The Charleston (spec §1.3): the passes right, across and left, blind passes, the vote on
//! the second Charleston and the courtesy pass.

// Rule variants are built by changing one field of the defaults.
#![allow(clippy::field_reassign_with_default)]

mod american_table;

use mahjong_core::american::game::{Action, Deal, Event, Rules, SecondCharleston, Step, kind_of};

use american_table::*;

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
