//! American self-play: games between built-in agents ([`AgentKind`]) with no caller per
//! step, each as a one-game session (as `mahjong sim american` plays them), with its outcome,
//! final standings and (optionally) log lines, and the per-seat [`Tally`] the summary shows.
//! [`crate::sim::run`] spreads the games of a run over worker threads.

use std::sync::Arc;

use super::agent::AgentKind;
use super::card::Card;
use super::game::{Action, Deal, Game, Observation, Outcome, Rules};
use super::payment::Win;
use crate::agent::seat_seed;
use crate::error::{Error, Result};
use crate::sim::{Seats, game_seed, play_out};
use crate::standing::Standing;

crate::sim::deal_table!();

/// What a run plays: the card, the options, one agent kind per seat, and whether to keep
/// the logs.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The card every game is played on.
    pub card: Arc<Card>,
    /// The options of every game.
    pub rules: Rules,
    /// The agent of each seat.
    pub agents: [AgentKind; 4],
    /// Keep each game's log as JSON lines.
    pub log: bool,
}

/// One finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRun {
    /// Its seed (the session's: the dealer's dice, the wall and every random choice).
    pub seed: u64,
    /// How it ended.
    pub outcome: Outcome,
    /// The session's final standings by seat.
    pub standings: [Standing; 4],
    /// Its counts per seat.
    pub tally: Tally,
    /// Its log as JSON lines (empty unless the setup keeps logs).
    pub lines: Vec<String>,
}

impl Setup {
    /// Plays game `index` of a run seeded `seed`: a one-game session on seed `seed + index`.
    pub fn play(&self, seed: u64, index: usize) -> Result<GameRun> {
        let seed = game_seed(seed, index)?;
        let mut agents: Seats<Observation> =
            std::array::from_fn(|s| self.agents[s].make(&self.card, seat_seed(seed, s)));
        let names = std::array::from_fn(|s| agents[s].name().to_owned());
        let mut session = Game::with_names(self.card.clone(), &self.rules, seed, 1, names)?;
        let mut deal = session
            .next_deal()
            .ok_or_else(|| Error::argument("the session dealt no game"))?;
        play_out(&mut deal, &mut agents)?;
        session.finish_deal(&deal)?;
        let outcome = deal
            .outcome()
            .cloned()
            .ok_or_else(|| Error::argument("the game did not end"))?;
        Ok(GameRun {
            seed,
            standings: session.standings(),
            tally: Tally::of(&outcome),
            lines: if self.log {
                let card = session.card();
                session
                    .log()
                    .iter()
                    .map(|e| e.record(card).to_json())
                    .collect()
            } else {
                Vec::new()
            },
            outcome,
        })
    }
}

/// Counts over games, per seat (the `mahjong sim american` summary).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games without a Mah Jongg.
    pub wall_games: u64,
    /// Mah Jonggs by seat.
    pub wins: [u64; 4],
    /// Mah Jonggs not on a discard (self-drawn or by a joker exchange).
    pub self_drawn: [u64; 4],
    /// Jokerless Mah Jonggs.
    pub jokerless: [u64; 4],
    /// Games in which the seat's hand was dead at the end.
    pub dead: [u64; 4],
    /// Payments summed (positive: received).
    pub payout: [i64; 4],
}

impl Tally {
    /// The counts of one game.
    pub fn of(outcome: &Outcome) -> Self {
        let mut tally = Self {
            games: 1,
            ..Self::default()
        };
        match &outcome.win {
            None => tally.wall_games = 1,
            Some(win) => {
                tally.wins[win.seat] = 1;
                tally.self_drawn[win.seat] = u64::from(win.win != Win::Discard);
                tally.jokerless[win.seat] = u64::from(win.jokerless);
            }
        }
        for seat in 0..4 {
            tally.dead[seat] = u64::from(outcome.dead[seat].is_some());
            tally.payout[seat] = outcome.deltas[seat];
        }
        tally
    }

    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &Self) {
        self.games += other.games;
        self.wall_games += other.wall_games;
        for seat in 0..4 {
            self.wins[seat] += other.wins[seat];
            self.self_drawn[seat] += other.self_drawn[seat];
            self.jokerless[seat] += other.jokerless[seat];
            self.dead[seat] += other.dead[seat];
            self.payout[seat] += other.payout[seat];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_of_card_agents_against_random_ones() {
        let setup = Setup {
            card: Arc::new(Card::builtin("house-2026").unwrap()),
            rules: Rules::default(),
            agents: [
                AgentKind::Card,
                AgentKind::Random,
                AgentKind::Card,
                AgentKind::Random,
            ],
            log: true,
        };
        let run = setup.play(7, 0).unwrap();
        assert_eq!(run.tally.games, 1);
        assert_eq!(run.tally.payout.iter().sum::<i64>(), 0);
        assert!(run.lines[0].contains(r#""names":["CardAgent","RandomAgent","CardAgent""#));
        assert!(run.lines.last().unwrap().contains("end_session"));
        assert_eq!(run, setup.play(7, 0).unwrap());
    }
}
