//! The built-in agents playing through the simulator's loop (`sim::play_out`), every action
//! checked: all tiles accounted for, points kept (the scores and the sticks on the table add
//! up to the start; American payments sum to zero), no error. The 100,000-deal and
//! 100,000-game soaks (and 100,000 three-player deals per three-player preset) are ignored by
//! default; run them with `cargo test --release -p mahjong-core --test native_play --
//! --ignored`.

use std::borrow::Cow;
use std::sync::Arc;

use mahjong_core::agent::{Agent, RandomAgent, seat_seed};
use mahjong_core::american::Card;
use mahjong_core::american::agent::AgentKind as AmericanKind;
use mahjong_core::american::game as american;
use mahjong_core::riichi::agent::AgentKind as RiichiKind;
use mahjong_core::riichi::game as riichi;
use mahjong_core::riichi::rules::LeftoverDeposits;
use mahjong_core::riichi::sim::play_game;
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::sim::{Seats, Table, play_out};
use mahjong_core::{Error, Result};

/// A deal whose every action is followed by its family's checks.
struct Checked<D>(D);

impl Table for Checked<riichi::Deal> {
    type Observation = riichi::Observation;

    fn must_act(&self, seat: usize) -> bool {
        self.0.must_act(seat)
    }
    fn observe(&self, seat: usize) -> riichi::Observation {
        self.0.observe(seat)
    }
    fn legal(&self, seat: usize) -> Cow<'_, [riichi::Action]> {
        self.0.legal(seat).into()
    }
    fn apply(&mut self, seat: usize, action: riichi::Action) -> Result<()> {
        let before = points(&self.0);
        self.0
            .apply(seat, action)
            .map_err(|e| Error::argument(e.to_string()))?;
        self.0.check_tiles()?;
        if points(&self.0) != before {
            return Err(Error::argument(format!("points not kept by {action:?}")));
        }
        Ok(())
    }
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
}

impl Table for Checked<american::Deal> {
    type Observation = american::Observation;

    fn must_act(&self, seat: usize) -> bool {
        self.0.must_act(seat)
    }
    fn observe(&self, seat: usize) -> american::Observation {
        self.0.observe(seat)
    }
    fn legal(&self, seat: usize) -> Cow<'_, [american::Action]> {
        self.0.legal_actions(seat).into()
    }
    fn apply(&mut self, seat: usize, action: american::Action) -> Result<()> {
        self.0
            .apply(seat, action)
            .map_err(|e| Error::argument(e.to_string()))?;
        self.0.check_tiles()
    }
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
}

/// The scores and the riichi sticks on the table (1,000 each in every preset), in points.
fn points(deal: &riichi::Deal) -> i64 {
    deal.scores().iter().sum::<i64>() + 1000 * i64::from(deal.riichi_sticks())
}

/// Plays one Riichi game of `kinds` on seed `seed`, every action checked; returns its deals.
fn riichi_game(rules: &Ruleset, kinds: [RiichiKind; 4], seed: u64) -> usize {
    let mut agents: Seats<riichi::Observation> =
        std::array::from_fn(|s| kinds[s].make(seat_seed(seed, s)));
    let mut game = riichi::Game::new(rules, seed);
    let start = game.scores().iter().sum::<i64>();
    let mut deals = 0;
    while let Some(deal) = game.next_deal() {
        let mut deal = Checked(deal);
        play_out(&mut deal, &mut agents).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        game.finish_deal(&deal.0).unwrap();
        deals += 1;
    }
    // Deposits left on the table go to the first player or back to their payers, or (WRC)
    // are lost.
    let end: i64 = game.standings().iter().map(|s| s.score).sum();
    let lost = start - end;
    let may_lose = rules.leftover_deposits == LeftoverDeposits::Lost;
    assert!(
        lost == 0 || (may_lose && lost > 0 && lost % 1000 == 0),
        "seed {seed}: the final scores add up to {end}, not {start}"
    );
    deals
}

/// Plays one American game of `kinds` on seed `seed`, every action checked.
fn american_game(card: &Arc<Card>, rules: &american::Rules, kinds: [AmericanKind; 4], seed: u64) {
    let mut agents: Seats<american::Observation> =
        std::array::from_fn(|s| kinds[s].make(card, seat_seed(seed, s)));
    let mut session = american::Game::new(card.clone(), rules, seed, 1).unwrap();
    let mut deal = Checked(session.next_deal().unwrap());
    play_out(&mut deal, &mut agents).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    session.finish_deal(&deal.0).unwrap();
    let deltas = deal.0.outcome().unwrap().deltas;
    assert_eq!(deltas.iter().sum::<i64>(), 0, "seed {seed}: {deltas:?}");
}

/// The agents of Riichi game `i`: random players, one efficiency agent in five games, four in
/// one game of ten.
fn riichi_table(i: u64) -> [RiichiKind; 4] {
    let mut kinds = [RiichiKind::Random; 4];
    match i % 10 {
        3 | 8 => kinds[(i % 4) as usize] = RiichiKind::Efficiency,
        5 => kinds = [RiichiKind::Efficiency; 4],
        _ => {}
    }
    kinds
}

/// The agents of American game `i`: random players, card agents in one game of twenty
/// (one seat or all four).
fn american_table(i: u64) -> [AmericanKind; 4] {
    let mut kinds = [AmericanKind::Random; 4];
    match i % 40 {
        7 => kinds[(i % 4) as usize] = AmericanKind::Card,
        27 => kinds = [AmericanKind::Card; 4],
        _ => {}
    }
    kinds
}

/// Plays Riichi games under `presets` in turn until `deals` deals were played.
fn riichi_soak(presets: &[Preset], deals: usize) {
    let presets: Vec<Ruleset> = presets.iter().map(|&p| Ruleset::preset(p)).collect();
    let (mut played, mut game) = (0, 0u64);
    while played < deals {
        let rules = &presets[game as usize % presets.len()];
        played += riichi_game(rules, riichi_table(game), game);
        game += 1;
    }
}

/// Plays `games` American games, the presets in turn.
fn american_soak(games: u64) {
    let card = Arc::new(Card::builtin("house-2026").unwrap());
    let presets = [american::Preset::Nmjl, american::Preset::Table].map(american::Rules::preset);
    for game in 0..games {
        american_game(
            &card,
            &presets[game as usize % 2],
            american_table(game),
            game,
        );
    }
}

#[test]
fn riichi_agents_keep_every_tile_and_every_point() {
    riichi_soak(&Preset::ALL, 300);
}

#[test]
fn american_agents_keep_every_tile_and_pay_zero_sum() {
    american_soak(120);
}

#[test]
#[ignore = "slow: 100,000 deals; run with --release -- --ignored"]
fn soak_100k_riichi_deals() {
    riichi_soak(&Preset::ALL, 100_000);
}

#[test]
#[ignore = "slow: 200,000 deals; run with --release -- --ignored"]
fn soak_100k_three_player_deals_per_preset() {
    for preset in [Preset::TenhouSanma, Preset::MahjongSoulSanma] {
        riichi_soak(&[preset], 100_000);
    }
}

#[test]
#[ignore = "slow: 100,000 games; run with --release -- --ignored"]
fn soak_100k_american_games() {
    american_soak(100_000);
}

/// A random agent made to read its observation: the simulator builds one for it, as for any
/// agent that is not [`Agent::legal_only`].
struct Observing(RandomAgent);

impl Agent<riichi::Observation> for Observing {
    fn act(&mut self, observation: &riichi::Observation) -> Option<riichi::Action> {
        self.0.pick(&observation.legal)
    }
    fn name(&self) -> &'static str {
        "RandomAgent"
    }
}

/// The log of the game on `seed` under `rules` between the agents `make` gives each seat.
fn riichi_log(
    rules: &Ruleset,
    seed: u64,
    make: impl Fn(u64) -> Box<dyn Agent<riichi::Observation>>,
) -> Vec<riichi::Event> {
    let mut agents: Seats<riichi::Observation> = std::array::from_fn(|s| make(seat_seed(seed, s)));
    play_game(rules, seed, &mut agents)
        .unwrap()
        .0
        .log()
        .to_vec()
}

#[test]
fn legal_only_agents_play_the_games_observing_agents_play() {
    // The simulator hands a random agent its legal actions without an observation: the
    // games are those it plays when it is handed the observation, in every preset.
    for (i, preset) in Preset::ALL.iter().enumerate() {
        let rules = Ruleset::preset(*preset);
        for seed in (0..3).map(|g| 100 * i as u64 + g) {
            let shortcut = riichi_log(&rules, seed, |s| Box::new(RandomAgent::new(s)));
            let observed = riichi_log(&rules, seed, |s| Box::new(Observing(RandomAgent::new(s))));
            assert!(
                shortcut.len() > 100,
                "{preset:?}, seed {seed}: {} events",
                shortcut.len()
            );
            assert_eq!(shortcut, observed, "{preset:?}, seed {seed}");
        }
    }
}
