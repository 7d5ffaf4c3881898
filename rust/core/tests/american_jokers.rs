//! Jokers (spec §1.6): a win completed by a joker exchange.

mod american_table;

use mahjong_core::american::game::{Action, Event, Rules, kind_of};
use mahjong_core::american::payment::Win;

use american_table::*;

#[test]
fn a_win_completed_by_a_joker_exchange_pays_as_self_drawn() {
    let mut d = after_charleston(
        [
            EAST_2B,
            "2B J 1D 1D 3D 3D 5D 5D 7D 7D 9D 9D 9C",
            "N N N E E W W W W S S S 2B",
            "1B 1B 3B 3B 5B 5B 7B 7B 9B 9B G G R",
        ],
        "S",
        &Rules::default(),
    );
    act(&mut d, 0, Action::Discard(k("2B")));
    act(&mut d, 1, Action::Expose { size: 3, jokers: 1 });
    act(&mut d, 1, Action::Discard(k("9C")));
    // Seat 2 draws S: N N N + 2B cannot win yet, but the 2B redeems seat 1's joker.
    assert_eq!(d.turn(), Some(2));
    let legal = d.legal_actions(2);
    assert!(!legal.contains(&Action::MahJongg));
    let exchange = Action::JokerExchange {
        owner: 1,
        kind: k("2B"),
    };
    assert!(legal.contains(&exchange));
    act(&mut d, 2, exchange);
    let e = &d.player(1).exposures[0];
    assert_eq!((e.exposure.size(), e.exposure.jokers()), (3, 0));
    assert!(e.tiles.iter().all(|&t| kind_of(t) == k("2B")));
    assert!(matches!(
        d.events().last(),
        Some(Event::JokerExchange {
            seat: 2,
            owner: 1,
            exposure: 0,
            ..
        })
    ));
    assert_eq!(d.player(2).concealed().count(35), 1);
    d.check_tiles().unwrap();
    act(&mut d, 2, Action::MahJongg);
    let win = last_win(&d);
    assert_eq!((win.seat, win.win, win.from), (2, Win::JokerExchange, None));
    assert_eq!(d.card().hands[win.hand].id, "winds-1");
    assert_eq!(win.deltas, [-50, -50, 150, -50]);
}
