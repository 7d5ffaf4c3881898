//! The hidden tiles named from what one seat saw (`riichi::hidden::fill_hidden`), at every
//! decision of whole games between the random and efficiency players (many calls, kans and
//! riichi): the seat's sight, read from its observation (hands drawn uniformly) or from its
//! masked events (hands drawn by the fitted reading), is filled and replayed through the
//! engine, and the deal reached shows the seat exactly its
//! observation; every tile is accounted for, every riichi hand waits on kinds it has not let
//! pass, every call and kan was possible (the engine accepted it).

use mahjong_core::agent::{Agent, seat_seed};
use mahjong_core::riichi::agent::AgentKind;
use mahjong_core::riichi::fitted;
use mahjong_core::riichi::game::{Deal, Game, Observation};
use mahjong_core::riichi::hidden::{Filled, fill_hidden};
use mahjong_core::riichi::reading::Reading;
use mahjong_core::riichi::sight::{Sight, Step};
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::rng::Rng;
use mahjong_core::tile::kind_of_id;

/// Riichi hands read and those waiting on a kind they let pass (allowed only when the tiles
/// left make no other wait).
#[derive(Default)]
struct Riichi {
    hands: usize,
    passed: usize,
}

/// Checks one filled sight: the replayed deal shows `view` to its seat, and its riichi hands
/// wait (counting those on a kind they let pass).
fn check(
    sight: &Sight,
    filled: &Filled,
    view: &Observation,
    rules: &Ruleset,
    what: &str,
    riichi: &mut Riichi,
) {
    let mut sorted = filled.wall.to_vec();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        (0..136).collect::<Vec<u8>>(),
        "{what}: every tile once"
    );
    let (_, deal) = filled
        .replay(sight, rules)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(&deal.observe(view.seat), view, "{what}");
    for seat in (0..4).filter(|&s| s != view.seat) {
        let p = deal.player(seat);
        if !p.riichi {
            continue;
        }
        assert!(p.tenpai(), "{what}: riichi seat {seat} waits");
        riichi.hands += 1;
        let declared = sight
            .steps
            .iter()
            .position(|s| matches!(s, Step::Discard { seat: d, riichi: true, .. } if *d == seat))
            .unwrap();
        let open = sight.claim.map(|_| sight.steps.len() - 1);
        let let_pass = sight
            .steps
            .iter()
            .enumerate()
            .skip(declared + 1)
            .any(|(i, step)| {
                matches!(step, Step::Discard { tile, .. }
                    if Some(i) != open && p.waits().contains(&kind_of_id(*tile)))
            });
        riichi.passed += usize::from(let_pass);
    }
}

/// Fills `seat`'s sight of `deal` both ways and checks each.
fn check_seat(
    deal: &Deal,
    seat: usize,
    rules: &Ruleset,
    rng: &mut Rng,
    riichi: &mut Riichi,
) -> usize {
    let view = deal.observe(seat);
    let rebuilt = Sight::of(&view).unwrap_or_else(|e| panic!("{e}: {view:?}"));
    let masked: Vec<_> = deal.events().iter().map(|e| e.seen_by(seat)).collect();
    let told = Sight::from_events(seat, &masked).unwrap();
    let mut checked = 0;
    let readings = [Reading::UNIFORM, fitted::reading()];
    for ((sight, how), reading) in [(rebuilt, "observation"), (told, "events")]
        .into_iter()
        .zip(readings)
    {
        let filled =
            fill_hidden(&sight, &reading, rng).unwrap_or_else(|e| panic!("{how}: {e}: {sight:?}"));
        check(&sight, &filled, &view, rules, how, riichi);
        checked += 1;
    }
    checked
}

#[test]
fn every_decision_of_whole_games_is_explained() {
    let rules = Ruleset::preset(Preset::Tenhou);
    let mut rng = Rng::new(7);
    let mut checked = 0;
    let mut riichi = Riichi::default();
    for seed in 0..std::env::var("HIDDEN_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(6u64)
    {
        let kinds = if seed % 2 == 0 {
            [AgentKind::Random, AgentKind::Efficiency]
        } else {
            [AgentKind::Efficiency, AgentKind::Random]
        };
        let mut agents: Vec<Box<dyn Agent<Observation>>> = (0..4)
            .map(|s| kinds[s % 2].make(seat_seed(seed, s)))
            .collect();
        let mut game = Game::new(&rules, seed);
        while let Some(mut deal) = game.next_deal() {
            while !deal.is_over() {
                for seat in deal.waiting() {
                    checked += check_seat(&deal, seat, &rules, &mut rng, &mut riichi);
                    let action = agents[seat].act(&deal.observe(seat)).unwrap();
                    deal.apply(seat, action).unwrap();
                }
            }
            game.finish_deal(&deal).unwrap();
        }
    }
    assert!(checked > 1000, "{checked}");
    assert!(riichi.hands > 100, "{}", riichi.hands);
    assert!(
        riichi.passed * 50 <= riichi.hands,
        "{} of {} riichi hands wait on a kind they let pass",
        riichi.passed,
        riichi.hands
    );
}
