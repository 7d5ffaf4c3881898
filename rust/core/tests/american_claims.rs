//! Claiming discards (spec §1.5): Mah Jongg before exposures, the nearest seat first, what
//! may be claimed and with which jokers.

mod american_table;

use mahjong_core::american::game::{Action, Event, Rules, kind_of};
use mahjong_core::american::payment::Win;

use american_table::*;

#[test]
fn mah_jongg_beats_a_nearer_exposure() {
    let mut d = claim_table();
    act(&mut d, 0, Action::Discard(k("2B")));
    assert_eq!(
        d.claim_tile().map(|(t, from)| (kind_of(t), from)),
        Some((k("2B"), 0))
    );
    assert_eq!(d.waiting(), [1, 2]);
    assert!(d.legal_actions(3).is_empty());
    let one = d.legal_actions(1);
    for a in [
        Action::Expose { size: 3, jokers: 0 },
        Action::Expose { size: 3, jokers: 1 },
        Action::Expose { size: 4, jokers: 1 },
        Action::Pass,
    ] {
        assert!(one.contains(&a), "{a:?}");
    }
    assert!(!one.contains(&Action::Expose { size: 3, jokers: 2 }));
    assert!(d.legal_actions(2).contains(&Action::MahJongg));
    act(&mut d, 1, Action::Expose { size: 3, jokers: 0 });
    act(&mut d, 2, Action::MahJongg);
    let win = last_win(&d);
    assert_eq!((win.seat, win.from, win.win), (2, Some(0), Win::Discard));
    assert_eq!(d.card().hands[win.hand].id, "evens-1");
    // Discard win, V = 25 with a joker: the discarder pays 2V, the others V.
    assert_eq!((win.value, win.jokerless), (25, false));
    assert_eq!(win.deltas, [-50, -25, 100, -25]);
    assert!(matches!(d.events().last(), Some(Event::EndGame { .. })));
    d.check_tiles().unwrap();
}

#[test]
fn the_nearest_exposure_wins_and_its_jokers_are_stated() {
    let mut d = claim_table();
    let wall_left = d.wall().remaining();
    act(&mut d, 0, Action::Discard(k("2B")));
    act(&mut d, 2, Action::Expose { size: 3, jokers: 1 });
    act(&mut d, 1, Action::Expose { size: 4, jokers: 1 });
    let p = d.player(1);
    assert_eq!(p.exposures.len(), 1);
    let e = &p.exposures[0];
    assert_eq!(
        (e.exposure.kind(), e.exposure.size(), e.exposure.jokers()),
        (k("2B"), 4, 1)
    );
    assert_eq!((e.from, kind_of(e.tiles[0])), (0, k("2B")));
    assert!(d.player(0).discards[0].claimed);
    assert!(d.player(2).exposures.is_empty());
    // The claimant discards next, without drawing; the players in between lose their turn.
    assert_eq!((d.turn(), d.wall().remaining()), (Some(1), wall_left));
    assert_eq!(d.player(1).tile_count(), 14);
    d.check_tiles().unwrap();
}

#[test]
fn an_unclaimed_discard_is_dead_and_play_moves_right() {
    let mut d = claim_table();
    act(&mut d, 0, Action::Discard(k("2B")));
    act(&mut d, 1, Action::Pass);
    act(&mut d, 2, Action::Pass);
    assert_eq!(d.turn(), Some(1));
    assert!(matches!(
        d.events().last(),
        Some(Event::Draw { seat: 1, .. })
    ));
    // Only the latest discard can be claimed: nothing offers the old 2B again.
    assert!(
        d.legal_actions(1)
            .iter()
            .all(|a| !matches!(a, Action::Expose { .. }))
    );
    act(&mut d, 1, Action::Discard(k("N")));
    assert_eq!(d.turn(), Some(2));
}

#[test]
fn singles_and_pairs_are_not_claimed_and_jokers_never() {
    let mut d = after_charleston(
        [
            "J 1C 1C 3C 3C 5C 5C 7C 7C 9C 3D 5D 7D 9D",
            "J J 1D 1D 3D 3D 5D 5D 7D 7D 9D 9D 9C",
            "2B 4B 4B 6B 6B 6B 8B 8B G G G G 1B",
            "1B 1B 3B 3B 5B 5B 7B 7B 9B 9B E E W",
        ],
        "N 2B",
        &Rules::default(),
    );
    // A discarded joker opens no claim window (rule 1.5.7): seat 1 draws at once.
    act(&mut d, 0, Action::Discard(35));
    assert_eq!(d.turn(), Some(1));
    // Seat 1 discards 9C: seat 0 holds a single 9C and no joker; claiming it would make a
    // pair, which only Mah Jongg may do (rule 1.5.3), so no claim window opens.
    act(&mut d, 1, Action::Discard(k("9C")));
    assert_eq!(d.turn(), Some(2));
    // Seat 2 discards 1B: seat 3's pair makes a pung with it, and seat 1's two jokers too;
    // the exposures offered are exactly those.
    act(&mut d, 2, Action::Discard(k("1B")));
    assert_eq!(d.waiting(), [1, 3]);
    assert_eq!(
        d.legal_actions(3),
        [Action::Expose { size: 3, jokers: 0 }, Action::Pass]
    );
    act(&mut d, 1, Action::Pass);
    act(&mut d, 3, Action::Pass);
    assert_eq!(d.turn(), Some(3));
    // Seat 3 discards 9B: seat 1 with two jokers may expose it with two jokers.
    act(&mut d, 3, Action::Discard(k("9B")));
    assert_eq!(d.waiting(), [1]);
    assert_eq!(
        d.legal_actions(1),
        [Action::Expose { size: 3, jokers: 2 }, Action::Pass]
    );
}

#[test]
fn two_mah_jongg_calls_go_to_the_nearest_and_singles_and_pairs_get_no_jokerless_bonus() {
    let mut d = after_charleston(
        [
            "F 1C 1C 3C 3C 5C 5C 7C 7C 9C 3D 5D 7D 9D",
            "F F 2D 2D 4D 4D 6D 6D 8D 8D E E W",
            // pairs-1 (FF 22 44 66 88 NN SS, concealed, 50) in bams and in craks.
            "F 2B 2B 4B 4B 6B 6B 8B 8B N N S S",
            "F 2C 2C 4C 4C 6C 6C 8C 8C N N S S",
        ],
        "E E",
        &Rules::default(),
    );
    act(&mut d, 0, Action::Discard(k("F")));
    assert_eq!(d.waiting(), [1, 2, 3]);
    act(&mut d, 3, Action::MahJongg);
    act(&mut d, 1, Action::Expose { size: 3, jokers: 0 });
    act(&mut d, 2, Action::MahJongg);
    let win = last_win(&d);
    assert_eq!(win.seat, 2);
    assert_eq!(d.card().hands[win.hand].id, "pairs-1");
    assert!(win.jokerless && !win.jokerless_bonus);
    assert_eq!(win.deltas, [-100, -50, 200, -50]);
}
