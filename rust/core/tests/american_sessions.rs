//! The end of a game and sessions (spec §1.10): the wall game, the deal passing right with
//! running scores, illegal actions and rules a game cannot play.

// Rule variants are built by changing one field of the defaults.
#![allow(clippy::field_reassign_with_default)]

mod american_table;

use mahjong_core::american::game::{Action, DeadHandMode, Deal, Event, Game, Reason, Rules};

use american_table::*;

#[test]
fn the_wall_game_pays_nothing() {
    let mut rules = Rules::default();
    rules.dead_hand_mode = DeadHandMode::Off;
    let mut d = Deal::shuffled(card(), &rules, 1, 77).unwrap();
    let mut guard = 0;
    while !d.is_over() {
        guard += 1;
        assert!(guard < 2000);
        let seat = d.waiting()[0];
        let legal = d.legal_actions(seat);
        let action = if legal.contains(&Action::Pass) {
            Action::Pass
        } else if let Some(a) = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Vote(_) | Action::Courtesy(0)))
        {
            a
        } else {
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::PassTile(_) | Action::Discard(_)))
                .unwrap()
        };
        act(&mut d, seat, action);
    }
    assert_eq!(d.wall().remaining(), 0);
    let outcome = d.outcome().unwrap();
    assert_eq!((outcome.win.clone(), outcome.deltas), (None, [0; 4]));
    assert!(d.events().contains(&Event::WallGame));
}

#[test]
fn sessions_pass_the_deal_right_and_keep_running_scores() {
    let card = card();
    let mut game = Game::new(card, &Rules::default(), 11, 6).unwrap();
    let first = game.dealer();
    let rolls = game.dealer_rolls().last().unwrap();
    let total = |s: usize| rolls[s].map_or(0, |d| d[0] + d[1]);
    assert!((0..4).all(|s| s == first || total(s) < total(first)));
    let mut expected = [0i64; 4];
    let mut n = 0;
    while let Some(mut d) = game.next_deal() {
        assert_eq!(d.setup().dealer, (first + n) % 4);
        let mut rng = mahjong_core::rng::Rng::new(n as u64);
        while !d.is_over() {
            let w = d.waiting();
            let seat = w[0];
            let legal = d.legal_actions(seat);
            let a = if legal.contains(&Action::MahJongg) {
                Action::MahJongg
            } else if legal.contains(&Action::Pass) {
                Action::Pass
            } else {
                legal[rng.below(legal.len() as u64) as usize]
            };
            act(&mut d, seat, a);
        }
        for (e, delta) in expected.iter_mut().zip(d.outcome().unwrap().deltas) {
            *e += delta;
        }
        assert!(game.finish_deal(&d).is_ok());
        assert!(game.finish_deal(&d).is_err(), "a game is taken once");
        n += 1;
    }
    assert_eq!(n, 6);
    assert!(game.is_over());
    assert_eq!(game.scores(), expected);
    assert_eq!(game.scores().iter().sum::<i64>(), 0);
}

#[test]
fn illegal_actions_name_the_reason_and_change_nothing() {
    let mut d = claim_table();
    let before = d.events().len();
    let e = d.apply(1, Action::Discard(k("2B"))).unwrap_err();
    assert_eq!(e.reason, Reason::NotYourTurn);
    assert!(e.to_string().contains("not this seat's turn"), "{e}");
    let e = d.apply(0, Action::Discard(k("N"))).unwrap_err();
    assert_eq!(e.reason, Reason::NotInHand { kind: k("N") });
    assert!(e.to_string().contains("no N in the hand"), "{e}");
    let e = d.apply(0, Action::MahJongg).unwrap_err();
    assert_eq!(e.reason, Reason::NotOnCard);
    assert!(e.to_string().contains("no hand on the card"), "{e}");
    assert!(d.apply(7, Action::Pass).is_err());
    assert_eq!(d.events().len(), before);
    assert_eq!(d.turn(), Some(0));
}

#[test]
fn a_game_refuses_rules_it_cannot_play() {
    let mut rules = Rules::default();
    rules.blanks = 6;
    let e = Deal::shuffled(card(), &rules, 0, 1).unwrap_err();
    assert!(e.message().contains("blanks"), "{e}");
    assert!(Game::new(card(), &rules, 1, 4).is_err());
    let e = Deal::shuffled(card(), &Rules::default(), 4, 1).unwrap_err();
    assert!(e.message().contains("dealer seat 4"), "{e}");
}
