//! The hidden tiles named from what one seat saw (`riichi::hidden::fill_hidden`), at every
//! decision of whole games between the random and efficiency players (many calls, kans and
//! riichi): the seat's sight, read from its observation (hands drawn uniformly) or from its
//! masked events (hands drawn by the fitted reading), is filled and replayed through the
//! engine, and the deal reached shows the seat exactly its
//! observation; every tile is accounted for, every riichi hand waits on kinds it has not let
//! pass, every call, kan and kita was possible (the engine accepted it), three players (kita,
//! 108 tiles) as four.

use mahjong_core::agent::{Agent, seat_seed};
use mahjong_core::riichi::agent::AgentKind;
use mahjong_core::riichi::fitted;
use mahjong_core::riichi::game::{Deal, Game, Observation};
use mahjong_core::riichi::hidden::{Filled, fill_hidden};
use mahjong_core::riichi::reading::Reading;
use mahjong_core::riichi::sight::{Sight, Step};
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::rng::Rng;
use mahjong_core::tile::{kind_of_id, riichi_ids};

/// Riichi hands read and those waiting on a kind they let pass (allowed only when the tiles
/// left make no other wait), and the kita steps of the sights filled.
#[derive(Default)]
struct Riichi {
    hands: usize,
    passed: usize,
    kita: usize,
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
    let mut sorted = filled.wall.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        riichi_ids(sight.players).collect::<Vec<u8>>(),
        "{what}: every tile once"
    );
    let (_, deal) = filled
        .replay(sight, rules)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(&deal.observe(view.seat), view, "{what}");
    for seat in (0..sight.players).filter(|&s| s != view.seat) {
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
    let masked: Vec<_> = deal.events().iter().map(|e| e.seen_by(seat)).collect();
    let told = Sight::from_events(seat, &masked).unwrap();
    let rebuilt = Sight::of(&view).unwrap_or_else(|e| panic!("{e}: {view:?}"));
    let sights = [
        (told, "events", fitted::reading()),
        (rebuilt, "observation", Reading::UNIFORM),
    ];
    let mut checked = 0;
    for (sight, how, reading) in sights {
        riichi.kita += (sight.steps.iter())
            .filter(|s| matches!(s, Step::Kita { .. }))
            .count();
        let filled =
            fill_hidden(&sight, &reading, rng).unwrap_or_else(|e| panic!("{how}: {e}: {sight:?}"));
        check(&sight, &filled, &view, rules, how, riichi);
        checked += 1;
    }
    checked
}

/// Checks every decision of `games` whole games under `preset` (random and efficiency
/// players alternating): the decisions checked and the riichi hands read.
fn explain_games(preset: Preset, games: u64) -> (usize, Riichi) {
    let rules = Ruleset::preset(preset);
    let players = rules.player_count();
    let mut rng = Rng::new(7);
    let mut checked = 0;
    let mut riichi = Riichi::default();
    for seed in 0..games {
        let kinds = if seed % 2 == 0 {
            [AgentKind::Random, AgentKind::Efficiency]
        } else {
            [AgentKind::Efficiency, AgentKind::Random]
        };
        let mut agents: Vec<Box<dyn Agent<Observation>>> = (0..players)
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
    (checked, riichi)
}

/// The number of games a test plays: `HIDDEN_GAMES`, else `default`.
fn games(default: u64) -> u64 {
    std::env::var("HIDDEN_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(default)
}

/// [`explain_games`] with what every run must show: over 1,000 decisions, at least
/// `riichi_hands` riichi hands read, at most one in fifty of them waiting on a kind it let pass.
fn explained(preset: Preset, games: u64, riichi_hands: usize) -> Riichi {
    let (checked, riichi) = explain_games(preset, games);
    assert!(checked > 1000, "{checked}");
    assert!(riichi.hands >= riichi_hands, "{}", riichi.hands);
    assert!(
        riichi.passed * 50 <= riichi.hands,
        "{} of {} riichi hands wait on a kind they let pass",
        riichi.passed,
        riichi.hands
    );
    riichi
}

#[test]
fn every_decision_of_whole_games_is_explained() {
    explained(Preset::Tenhou, games(6), 100);
}

#[test]
fn every_decision_of_three_player_games_is_explained() {
    let riichi = explained(Preset::TenhouSanma, games(4), 50);
    assert!(riichi.kita > 1000, "{}", riichi.kita);
}
