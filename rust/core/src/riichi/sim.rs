//! Riichi self-play: whole games between built-in agents ([`AgentKind`]) with no caller per
//! step, each game's outcomes, standings and (optionally) log lines, and the per-seat
//! [`Tally`] the `mahjong sim` summary shows. [`crate::sim::run`] spreads the games of a run
//! over worker threads.

use crate::agent::seat_seed;
use crate::error::Result;
use crate::riichi::agent::AgentKind;
use crate::riichi::game::Action;
use crate::riichi::game::log::LogStyle;
use crate::riichi::game::{Deal, DrawReason, Event, Game, Observation, Outcome, Standing};
use crate::riichi::rules::Ruleset;
use crate::sim::{Seats, game_seed, play_out};

crate::sim::deal_table!();

/// What a run plays: the rules, one agent kind per seat, and whether to keep the logs.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The ruleset of every game.
    pub rules: Ruleset,
    /// The agent of each seat (with three players the fourth takes no part).
    pub agents: [AgentKind; 4],
    /// Keep each game's log as JSON lines.
    pub log: bool,
}

/// One finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRun {
    /// Its seed (every wall comes from it).
    pub seed: u64,
    /// Each deal's outcome, in order.
    pub outcomes: Vec<Outcome>,
    /// The final standings by seat (one per player).
    pub standings: Vec<Standing>,
    /// Its counts per seat.
    pub tally: Tally,
    /// Its log as JSON lines (empty unless the setup keeps logs).
    pub lines: Vec<String>,
}

impl Setup {
    /// Plays game `index` of a run seeded `seed` (on seed `seed + index`).
    pub fn play(&self, seed: u64, index: usize) -> Result<GameRun> {
        for kind in &self.agents[..self.rules.player_count()] {
            kind.check_rules(&self.rules)?;
        }
        let seed = game_seed(seed, index)?;
        let mut agents: Seats<Observation> =
            std::array::from_fn(|s| self.agents[s].make(seat_seed(seed, s)));
        let (game, outcomes) = play_game(&self.rules, seed, &mut agents)?;
        let standings = game.standings();
        let style = LogStyle::of(&self.rules);
        Ok(GameRun {
            seed,
            tally: Tally::of(&outcomes, game.log(), &standings),
            lines: if self.log {
                game.log()
                    .iter()
                    .map(|e| e.record(style).to_json())
                    .collect()
            } else {
                Vec::new()
            },
            outcomes,
            standings,
        })
    }
}

/// Plays a whole game seeded `seed` under `rules` between `agents` (its log names them by
/// their `name()`): the finished game and each deal's outcome, in order.
pub fn play_game(
    rules: &Ruleset,
    seed: u64,
    agents: &mut Seats<Observation>,
) -> Result<(Game, Vec<Outcome>)> {
    let names = std::array::from_fn(|s| agents[s].name().to_owned());
    let mut game = Game::with_names(rules, seed, names);
    let mut outcomes = Vec::new();
    while let Some(mut deal) = game.next_deal() {
        play_out(&mut deal, agents)?;
        outcomes.extend(deal.outcome().cloned());
        game.finish_deal(&deal)?;
    }
    Ok((game, outcomes))
}

/// Counts over games, per seat (the `mahjong sim` summary; with three players the fourth
/// seat's counts stay 0).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Deals played.
    pub deals: u64,
    /// Wins by seat.
    pub wins: [u64; 4],
    /// Wins on the seat's discard (by another seat).
    pub deal_ins: [u64; 4],
    /// Riichi declarations accepted.
    pub riichi: [u64; 4],
    /// Deals in which the seat called (chi, pon or daiminkan) at least once.
    pub calls: [u64; 4],
    /// Final ranks summed (1 for first).
    pub ranks: [u64; 4],
    /// Final points (after oka and uma) summed.
    pub points: [i64; 4],
    /// Drawn deals by kind, in the order of [`DrawReason::ALL`].
    pub draws: [u64; 6],
}

impl Tally {
    /// The counts of one game from its deals' outcomes, its log and its standings.
    pub fn of(outcomes: &[Outcome], log: &[Event], standings: &[Standing]) -> Self {
        let mut tally = Self {
            games: 1,
            deals: outcomes.len() as u64,
            ..Self::default()
        };
        for outcome in outcomes {
            for win in &outcome.wins {
                tally.wins[win.seat] += 1;
                if win.from != win.seat {
                    tally.deal_ins[win.from] += 1;
                }
            }
            if let Some(draw) = outcome.draw
                && let Some(i) = DrawReason::ALL.iter().position(|&d| d == draw)
            {
                tally.draws[i] += 1;
            }
        }
        let mut called = [false; 4];
        for event in log {
            match event {
                Event::StartKyoku { .. } => called = [false; 4],
                Event::ReachAccepted { seat, .. } => tally.riichi[*seat] += 1,
                Event::Call { seat, .. } if !called[*seat] => {
                    called[*seat] = true;
                    tally.calls[*seat] += 1;
                }
                _ => {}
            }
        }
        for s in standings {
            tally.ranks[s.seat] += s.rank as u64;
            tally.points[s.seat] += s.points;
        }
        tally
    }

    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &Self) {
        self.games += other.games;
        self.deals += other.deals;
        for seat in 0..4 {
            self.wins[seat] += other.wins[seat];
            self.deal_ins[seat] += other.deal_ins[seat];
            self.riichi[seat] += other.riichi[seat];
            self.calls[seat] += other.calls[seat];
            self.ranks[seat] += other.ranks[seat];
            self.points[seat] += other.points[seat];
        }
        for (mine, theirs) in self.draws.iter_mut().zip(other.draws) {
            *mine += theirs;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::Preset;

    #[test]
    fn a_game_of_four_efficiency_agents() {
        let setup = Setup {
            rules: Ruleset::preset(Preset::Tenhou),
            agents: [AgentKind::Efficiency; 4],
            log: true,
        };
        let run = setup.play(40, 2).unwrap();
        assert_eq!(run.seed, 42);
        assert!(run.outcomes.len() >= 8);
        assert_eq!(run.tally.deals, run.outcomes.len() as u64);
        assert_eq!(run.tally.ranks.iter().sum::<u64>(), 10);
        assert!(run.lines[0].starts_with(r#"{"type":"start_game","names":["EfficiencyAgent""#));
        assert_eq!(run, setup.play(40, 2).unwrap());
        let mut total = Tally::default();
        total.add(&run.tally);
        total.add(&run.tally);
        assert_eq!(total.games, 2);
        assert_eq!(total.points[0], 2 * run.tally.points[0]);
    }
}
