//! The searching `expert` agent (`riichi::expert`): legal actions only, the same decisions
//! for the same seed (whatever its threads), and decisions that read nothing but the seat's
//! observation (a world with other hands and another wall behind the same observation gets
//! the same decision).

use mahjong_core::agent::Agent;
use mahjong_core::riichi::agent::EfficiencyAgent;
use mahjong_core::riichi::expert::{ExpertAgent, Options};
use mahjong_core::riichi::fitted;
use mahjong_core::riichi::game::{Action, Deal, Game};
use mahjong_core::riichi::hidden::fill_hidden;
use mahjong_core::riichi::rules::GameLength;
use mahjong_core::riichi::sight::Sight;
use mahjong_core::riichi::strong::StrongAgent;
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::rng::Rng;

/// An expert with a small budget (the tests' speed).
fn expert(seed: u64, threads: usize) -> ExpertAgent {
    ExpertAgent {
        seed,
        options: Options {
            playouts: 48,
            threads,
            ..Options::default()
        },
    }
}

/// Plays the first deal of game `seed` with the expert at seat 0 and the efficiency player
/// elsewhere; returns every action with its seat.
fn first_deal(seed: u64, agent: &mut ExpertAgent) -> Vec<(usize, Action)> {
    let rules = Ruleset::preset(Preset::Tenhou);
    let mut game = Game::new(&rules, seed);
    let mut deal = game.next_deal().unwrap();
    let mut played = Vec::new();
    while !deal.is_over() {
        for seat in deal.waiting() {
            let view = deal.observe(seat);
            let action = if seat == 0 {
                agent.act(&view)
            } else {
                EfficiencyAgent.act(&view)
            }
            .unwrap();
            assert!(view.legal.contains(&action), "{action:?}");
            deal.apply(seat, action).unwrap();
            played.push((seat, action));
        }
    }
    played
}

#[test]
fn the_same_seed_makes_the_same_decisions_with_any_threads() {
    for seed in 0..2 {
        let one = first_deal(seed, &mut expert(7, 1));
        assert_eq!(one, first_deal(seed, &mut expert(7, 1)), "game {seed}");
        assert_eq!(
            one,
            first_deal(seed, &mut expert(7, 3)),
            "game {seed}, 3 threads"
        );
    }
}

/// Decision points of seat 0 in a few deals between efficiency players, mid-deal.
fn decision_points() -> Vec<Deal> {
    let rules = Ruleset::preset(Preset::Tenhou);
    let mut points = Vec::new();
    for seed in 0..4 {
        let mut deal = Game::new(&rules, seed).next_deal().unwrap();
        while !deal.is_over() {
            for seat in deal.waiting() {
                let view = deal.observe(seat);
                if seat == 0 && view.legal.len() > 1 && view.players[1].pond.len() >= 4 {
                    points.push(deal.clone());
                }
                deal.apply(seat, EfficiencyAgent.act(&view).unwrap())
                    .unwrap();
            }
        }
    }
    points
}

#[test]
fn decisions_read_only_what_the_seat_sees() {
    let mut rng = Rng::new(11);
    let mut compared = 0;
    for deal in decision_points().into_iter().step_by(3) {
        let view = deal.observe(0);
        // Another world behind the same observation: other hands, another wall.
        let sight = Sight::of(&view).unwrap();
        let filled = fill_hidden(&sight, &fitted::reading(), &mut rng).unwrap();
        let (_, other) = filled.replay(&sight, &view.rules).unwrap();
        assert_eq!(other.observe(0), view);
        assert_ne!(other.wall().order(), deal.wall().order());
        assert!((1..4).any(|s| other.player(s).hand != deal.player(s).hand));
        assert_eq!(
            expert(3, 1).act(&view),
            expert(3, 1).act(&other.observe(0)),
            "{view:?}"
        );
        compared += 1;
    }
    assert!(compared >= 5, "{compared}");
}

#[test]
fn the_expert_plays_three_player_deals_legally_the_same_way_for_a_seed() {
    use mahjong_core::riichi::agent::AgentKind;
    use mahjong_core::riichi::sim::Setup;

    let sanma = Ruleset::preset(Preset::TenhouSanma);
    // Every seat asked directly: legal actions, kita among them, and searches that differ
    // from `strong` somewhere.
    let (mut kitas, mut searched) = (0, 0);
    for seed in 0..4 {
        let mut agent = expert(seed, 1);
        let mut deal = Game::new(&sanma, seed).next_deal().unwrap();
        while !deal.is_over() {
            for seat in deal.waiting() {
                let view = deal.observe(seat);
                let action = agent.act(&view).unwrap();
                assert!(view.legal.contains(&action));
                kitas += usize::from(action == Action::Kita);
                searched += usize::from(StrongAgent::default().act(&view) != Some(action));
                deal.apply(seat, action).unwrap();
            }
        }
    }
    assert!(kitas > 0 && searched > 0, "{kitas} {searched}");
    // In the simulator, whole games beside `strong`, the same bytes for the same seed.
    let mut agents = [AgentKind::Strong; 4];
    agents[1] = AgentKind::Expert;
    let setup = Setup {
        rules: Ruleset {
            game_length: GameLength::OneDeal,
            ..sanma
        },
        agents,
        log: true,
        rows: false,
    };
    let first = setup.play(3, 0).unwrap();
    assert_eq!(first, setup.play(3, 0).unwrap());
    assert_eq!(first.standings.len(), 3);
}
