//! Payouts (spec §1.8): discard and self-drawn wins, the jokerless double, the heavenly hand
//! and paying for the table.

// Rule variants are built by changing one field of the defaults.
#![allow(clippy::field_reassign_with_default)]

mod american_table;

use mahjong_core::american::game::{Action, Deal, Event, Preset, Rules, Step, kind_of};
use mahjong_core::american::payment::Win;

use american_table::*;

fn winds_table(east_discard: &str, seat1: &str, draws: &str, rules: &Rules) -> Deal {
    after_charleston(
        [
            &format!("{east_discard} 1C 1C 3C 3C 5C 5C 7C 7C 9C 3D 5D 7D 9D"),
            seat1,
            "2D 2D 4D 4D 6D 6D 8D 8D 1B 3B 5B 7B 9B",
            "2B 2B 4B 4B 6B 6B 8B 8B 1D 4C G R F",
        ],
        draws,
        rules,
    )
}

#[test]
fn a_jokerless_discard_win_doubles_every_payment() {
    // winds-1 (NNNN EE WWWW SSSS, 25) waiting on E.
    let mut d = winds_table("E", "N N N N E W W W W S S S S", "1D", &Rules::default());
    act(&mut d, 0, Action::Discard(k("E")));
    act(&mut d, 1, Action::MahJongg);
    let win = last_win(&d);
    assert!(win.jokerless && win.jokerless_bonus);
    assert_eq!(win.deltas, [-100, 200, -50, -50]);
    // The option turns the bonus off.
    let mut rules = Rules::default();
    rules.jokerless_bonus = false;
    let mut d = winds_table("E", "N N N N E W W W W S S S S", "1D", &rules);
    act(&mut d, 0, Action::Discard(k("E")));
    act(&mut d, 1, Action::MahJongg);
    assert_eq!(last_win(&d).deltas, [-50, 100, -25, -25]);
}

#[test]
fn self_drawn_wins_pay_double_from_everyone() {
    let mut d = winds_table("2C", "N N N J E W W W W S S S S", "E", &Rules::default());
    act(&mut d, 0, Action::Discard(k("2C")));
    assert_eq!(d.turn(), Some(1));
    act(&mut d, 1, Action::MahJongg);
    let win = last_win(&d);
    assert_eq!(
        (win.win, win.from, win.jokerless),
        (Win::SelfDrawn, None, false)
    );
    assert_eq!(win.deltas, [-50, 150, -50, -50]);
    let mut d = winds_table("2C", "N N N N E W W W W S S S S", "E", &Rules::default());
    act(&mut d, 0, Action::Discard(k("2C")));
    act(&mut d, 1, Action::MahJongg);
    assert_eq!(last_win(&d).deltas, [-100, 300, -100, -100]);
}

#[test]
fn heavenly_hand_is_paid_as_self_drawn() {
    let hands = [
        "2B 2B 2B 4B 4B 6B 6B 6B 8B 8B G G G G",
        "1C 1C 3C 3C 5C 5C 7C 7C 9C 9C E E W",
        "1D 1D 3D 3D 5D 5D 7D 7D 9D 9D N N W",
        "2C 2C 4C 4C 6C 6C 8C 8C 2D 2D 4D 4D S",
    ];
    let mut d = deal(hands, "", &Rules::default());
    assert_eq!(d.waiting(), [0]);
    assert_eq!(d.legal_actions(0), [Action::MahJongg, Action::Pass]);
    act(&mut d, 0, Action::MahJongg);
    let win = last_win(&d);
    assert_eq!(
        (win.seat, win.win, win.jokerless_bonus),
        (0, Win::SelfDrawn, true)
    );
    assert_eq!(win.deltas, [300, -100, -100, -100]);
    let mut d = deal(hands, "", &Rules::default());
    act(&mut d, 0, Action::Pass);
    assert_eq!(d.charleston_step(), Some(Step::FirstRight));
    let mut rules = Rules::default();
    rules.heavenly_hand = false;
    let d = deal(hands, "", &rules);
    assert_eq!(d.charleston_step(), Some(Step::FirstRight));
}

/// Seat 1 claims a kong of N, W and S from East's discards, then wins on East's E: winds-1
/// (NNNN EE WWWW SSSS, 25) jokerless with three exposures.
fn three_exposures_then_win(rules: &Rules) -> mahjong_core::american::game::WinRecord {
    let mut d = after_charleston(
        [
            "N W S E 1C 1C 3C 3C 5C 5C 7C 7C 9C 9C",
            "N N N W W W S S S E 1D 3D 5D",
            "2B 2B 4B 4B 6B 6B 8B 8B G G R R F",
            "1B 1B 3B 3B 5B 5B 7B 7B 9B 9B F F 0",
        ],
        "2C 4C 6C 8C 2D 4D 6D 8D 9D",
        rules,
    );
    let drawn = |d: &Deal| match d.events().last() {
        Some(Event::Draw { tile, .. }) => kind_of(*tile),
        other => panic!("expected a draw, got {other:?}"),
    };
    for (wind, junk) in [("N", "1D"), ("W", "3D"), ("S", "5D")] {
        act(&mut d, 0, Action::Discard(k(wind)));
        pass_claims_except(&mut d, 1, Action::Expose { size: 4, jokers: 0 });
        act(&mut d, 1, Action::Discard(k(junk)));
        pass_claims(&mut d);
        for seat in [2, 3] {
            let t = drawn(&d);
            act(&mut d, seat, Action::Discard(t));
            pass_claims(&mut d);
        }
    }
    assert_eq!(d.player(1).exposures.len(), 3);
    act(&mut d, 0, Action::Discard(k("E")));
    pass_claims_except(&mut d, 1, Action::MahJongg);
    last_win(&d)
}

#[test]
fn pay_for_the_table_after_three_exposures_is_an_option() {
    let win = three_exposures_then_win(&Rules::default());
    assert!(win.jokerless_bonus && !win.pay_for_table);
    assert_eq!(win.deltas, [-100, 200, -50, -50]);
    let win = three_exposures_then_win(&Rules::preset(Preset::Table));
    assert!(win.pay_for_table);
    assert_eq!(win.deltas, [-200, 200, 0, 0]);
}
