//! Riichi self-play: whole games between built-in agents ([`AgentKind`]) with no caller per
//! step, each game's outcomes, standings and (optionally) log and per-deal rows ([`DealRow`],
//! what `mahjong sim --parquet` writes), and the per-seat [`Tally`] the `mahjong sim` summary
//! shows. [`crate::sim::run`] and [`crate::sim::Stream`] spread the games of a run over worker
//! threads.

use crate::agent::seat_seed;
use crate::error::Result;
use crate::log::jsonl;
use crate::riichi::agent::AgentKind;
use crate::riichi::game::log::{LogStyle, draw_name};
use crate::riichi::game::{
    Action, Deal, DrawReason, Event, Game, Observation, Outcome, Standing, WinRecord,
};
use crate::riichi::rules::Ruleset;
use crate::sim::{Seats, game_seed, play_out};
use crate::wind::Wind;

crate::sim::deal_table!(legal);

/// What a run plays: the rules, one agent kind per seat, and what to keep of each game.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The ruleset of every game.
    pub rules: Ruleset,
    /// The agent of each seat (with three players the fourth takes no part).
    pub agents: [AgentKind; 4],
    /// Keep each game's log as JSON lines.
    pub log: bool,
    /// Keep each game's [`DealRow`]s.
    pub rows: bool,
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
    /// Its log as JSON lines, each ending with a newline (empty unless the setup keeps logs).
    pub log: String,
    /// Its deals as rows (empty unless the setup keeps rows).
    pub rows: Vec<DealRow>,
}

impl Setup {
    /// Plays game `index` of a run seeded `seed` (on seed `seed + index`).
    pub fn play(&self, seed: u64, index: usize) -> Result<GameRun> {
        let seed = game_seed(seed, index)?;
        let mut agents: Seats<Observation> =
            std::array::from_fn(|s| self.agents[s].make(seat_seed(seed, s)));
        let (game, mut outcomes) = play_game(&self.rules, seed, &mut agents)?;
        // A run may keep every game: no room beyond its deals.
        outcomes.shrink_to_fit();
        let standings = game.standings();
        let style = LogStyle::of(&self.rules);
        Ok(GameRun {
            seed,
            tally: Tally::of(&outcomes, game.log(), &standings),
            log: if self.log {
                jsonl(game.log().iter().map(|e| e.record(style)))
            } else {
                String::new()
            },
            rows: if self.rows {
                DealRow::of(game.log())
            } else {
                Vec::new()
            },
            outcomes,
            standings,
        })
    }
}

/// One deal as a row of `mahjong sim --parquet` (the game's own columns, its seed, agents and
/// final standings, are the game's): where the deal stood, its wins, the kind of draw and each
/// seat's net score change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealRow {
    /// The round wind's letter (`E`, `S`, `W`, `N`).
    pub round_wind: &'static str,
    /// The deal's number in the round (1..=4).
    pub kyoku: u8,
    /// Honba counters.
    pub honba: u32,
    /// Riichi deposits on the table at the start.
    pub riichi_sticks: u32,
    /// The dealer's seat.
    pub dealer: usize,
    /// Its wins in the log's order (several on a multiple ron).
    pub wins: Vec<WinRow>,
    /// The discarder of a ron.
    pub deal_in: Option<usize>,
    /// Why it was drawn (`ryukyoku.reason`), if it was.
    pub draw: Option<&'static str>,
    /// Each seat's net score change over the deal, deposits included (with three players the
    /// fourth stays 0).
    pub deltas: [i64; 4],
}

/// One win of a [`DealRow`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinRow {
    /// The winner.
    pub seat: usize,
    /// Han (0 for a yakuman).
    pub han: u8,
    /// Fu.
    pub fu: u8,
    /// Hand value before honba and deposits.
    pub points: i64,
    /// The limit reached (`mangan` ...), if any.
    pub limit: Option<&'static str>,
    /// The yaku and yakuman, by name, separated by spaces.
    pub yaku: String,
}

impl WinRow {
    fn of(win: &WinRecord) -> Self {
        let names: Vec<&str> = (win.yaku.iter().map(|(y, _)| y.romaji()))
            .chain(win.yakuman.iter().map(|(y, _)| y.romaji()))
            .collect();
        Self {
            seat: win.seat,
            han: win.han,
            fu: win.fu,
            points: win.points,
            limit: win.limit.name(),
            yaku: names.join(" "),
        }
    }
}

impl DealRow {
    /// A game's deals from its log, in order.
    pub fn of(log: &[Event]) -> Vec<Self> {
        let mut rows = Vec::new();
        let mut row: Option<Self> = None;
        for event in log {
            match event {
                Event::StartKyoku {
                    round_wind,
                    number,
                    dealer,
                    honba,
                    riichi_sticks,
                    ..
                } => {
                    row = Some(Self {
                        round_wind: Wind::ALL[usize::from(*round_wind % 4)].letter(),
                        kyoku: *number,
                        honba: *honba,
                        riichi_sticks: *riichi_sticks,
                        dealer: *dealer,
                        wins: Vec::new(),
                        deal_in: None,
                        draw: None,
                        deltas: [0; 4],
                    });
                }
                Event::EndKyoku => rows.extend(row.take()),
                _ => {
                    if let Some(row) = &mut row {
                        row.add(event);
                    }
                }
            }
        }
        rows
    }

    /// Counts one event of the deal.
    fn add(&mut self, event: &Event) {
        let deltas = match event {
            Event::Hora(win) => {
                if win.from != win.seat {
                    self.deal_in.get_or_insert(win.from);
                }
                self.wins.push(WinRow::of(win));
                &win.deltas
            }
            Event::Ryukyoku {
                reason,
                nagashi,
                deltas,
                ..
            } => {
                self.draw = Some(draw_name(*reason, nagashi));
                deltas
            }
            Event::ReachAccepted { deltas, .. } => deltas,
            _ => return,
        };
        for (mine, change) in self.deltas.iter_mut().zip(deltas) {
            *mine += change;
        }
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
    while let Some(mut deal) = game.next_deal_with_log() {
        play_out(&mut deal, agents)?;
        outcomes.extend(deal.outcome().cloned());
        game.finish_owned_deal(deal)?;
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
            rows: true,
        };
        let run = setup.play(40, 2).unwrap();
        assert_eq!(run.seed, 42);
        assert!(run.outcomes.len() >= 8);
        assert_eq!(run.tally.deals, run.outcomes.len() as u64);
        assert_eq!(run.tally.ranks.iter().sum::<u64>(), 10);
        assert!(
            run.log
                .starts_with(r#"{"type":"start_game","names":["EfficiencyAgent""#)
        );
        assert!(run.log.ends_with("}\n") && !run.log.contains("\n\n"));
        assert_eq!(run.rows.len(), run.outcomes.len());
        for (row, outcome) in run.rows.iter().zip(&run.outcomes) {
            let winners: Vec<usize> = outcome.wins.iter().map(|w| w.seat).collect();
            assert_eq!(row.wins.iter().map(|w| w.seat).collect::<Vec<_>>(), winners);
            assert_eq!(row.draw.is_some(), outcome.draw.is_some());
        }
        assert_eq!(run, setup.play(40, 2).unwrap());
        let mut total = Tally::default();
        total.add(&run.tally);
        total.add(&run.tally);
        assert_eq!(total.games, 2);
        assert_eq!(total.points[0], 2 * run.tally.points[0]);
    }
}
