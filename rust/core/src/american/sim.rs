//! American self-play: games between built-in agents ([`AgentKind`]) with no caller per
//! step, each as a one-game session (as `mahjong sim american` plays them), with its outcome,
//! final standings and (optionally) log and row ([`DealRow`], what `mahjong sim --parquet`
//! writes), and the per-seat [`Tally`] the summary shows. [`crate::sim::run`] and
//! [`crate::sim::Stream`] spread the games of a run over worker threads.

use std::sync::Arc;

use super::agent::AgentKind;
use super::card::Card;
use super::game::{Action, Deal, Event, Game, Observation, Outcome, Rules};
use super::payment::Win;
use crate::agent::seat_seed;
use crate::error::{Error, Result};
use crate::log::jsonl;
use crate::sim::{Seats, game_seed, play_out};
use crate::standing::Standing;

crate::sim::deal_table!(legal_actions);

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
    /// Keep each game's [`DealRow`].
    pub rows: bool,
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
    /// Its log as JSON lines, each ending with a newline (empty unless the setup keeps logs).
    pub log: String,
    /// Its games as rows (empty unless the setup keeps rows).
    pub rows: Vec<DealRow>,
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
            log: if self.log {
                jsonl(session.log().iter().map(|e| e.record(session.card())))
            } else {
                String::new()
            },
            rows: if self.rows {
                DealRow::of(session.log(), session.card())
            } else {
                Vec::new()
            },
            outcome,
        })
    }
}

/// One game of a session as a row of `mahjong sim american --parquet` (the session's own
/// columns, its seed, agents and final standings, are the session's): the dealer, the Mah
/// Jongg if any, each seat's payout and dead hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealRow {
    /// East's seat.
    pub dealer: usize,
    /// The Mah Jongg, if any.
    pub win: Option<WinRow>,
    /// Whether the game ended without a Mah Jongg.
    pub wall_game: bool,
    /// Why each seat's hand was dead at the end, if it was.
    pub dead: [Option<&'static str>; 4],
    /// Each seat's payout (positive: received).
    pub payouts: [i64; 4],
}

/// The Mah Jongg of a [`DealRow`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinRow {
    /// The winner.
    pub seat: usize,
    /// Who discarded the winning tile, if it was a discard.
    pub discarder: Option<usize>,
    /// The card hand paid, by its id.
    pub hand: Option<String>,
    /// Its value.
    pub value: u16,
    /// How it was won (`discard`, `self_drawn`, ...).
    pub win: &'static str,
    /// Whether no joker was among its tiles.
    pub jokerless: bool,
}

impl DealRow {
    /// A session's games from its log, in order (`card` names the hands).
    pub fn of(log: &[Event], card: &Card) -> Vec<Self> {
        let mut rows = Vec::new();
        let mut row: Option<Self> = None;
        for event in log {
            match event {
                Event::StartGame { dealer, .. } => {
                    row = Some(Self {
                        dealer: *dealer,
                        win: None,
                        wall_game: false,
                        dead: [None; 4],
                        payouts: [0; 4],
                    });
                }
                Event::EndGame { deltas, .. } => rows.extend(row.take().map(|row| Self {
                    payouts: *deltas,
                    ..row
                })),
                _ => {
                    if let Some(row) = &mut row {
                        row.add(event, card);
                    }
                }
            }
        }
        rows
    }

    /// Counts one event of the game.
    fn add(&mut self, event: &Event, card: &Card) {
        match event {
            Event::MahJongg(win) => {
                self.win = Some(WinRow {
                    seat: win.seat,
                    discarder: win.from,
                    hand: card.hands.get(win.hand).map(|h| h.id.clone()),
                    value: win.value,
                    win: win.win.name(),
                    jokerless: win.jokerless,
                });
            }
            Event::WallGame => self.wall_game = true,
            Event::DeadHand { seat, reason, .. } => self.dead[*seat] = Some(reason.name()),
            _ => {}
        }
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
            rows: true,
        };
        let run = setup.play(7, 0).unwrap();
        assert_eq!(run.tally.games, 1);
        assert_eq!(run.tally.payout.iter().sum::<i64>(), 0);
        assert!(
            run.log
                .contains(r#""names":["CardAgent","RandomAgent","CardAgent""#)
        );
        assert!(run.log.lines().last().unwrap().contains("end_session"));
        assert!(run.log.ends_with("}\n"));
        let [row] = &run.rows[..] else {
            panic!("one game, one row: {:?}", run.rows)
        };
        assert_eq!(row.payouts, run.outcome.deltas);
        assert_eq!(
            row.win.as_ref().map(|w| w.seat),
            run.outcome.win.as_ref().map(|w| w.seat)
        );
        assert_eq!(row.wall_game, run.outcome.win.is_none());
        assert_eq!(run, setup.play(7, 0).unwrap());
    }
}
