//! A whole game: deals one after another with the dealer rotation, honba and deposits
//! carried over, busting, agari-yame/tenpai-yame, extension rounds and the final ranking with
//! oka and uma (rules R16.3, R16.4, R13.5; see ARCHITECTURE.md).

use crate::error::{Error, Result};
use crate::riichi::game::deal::{Deal, DealSetup};
use crate::riichi::game::event::Event;
use crate::riichi::game::wall::Wall;
use crate::riichi::rules::{Busting, Extension, GameLength, LeftoverDeposits, Ruleset, Yame};
use crate::rng::Rng;
use crate::wind::Wind;

/// One player's place at the end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// The seat.
    pub seat: usize,
    /// 1 for first .. 4 (ties go to the seat nearer the first dealer).
    pub rank: usize,
    /// Final score, leftover deposits settled.
    pub score: i64,
    /// Score after oka and uma (the score itself where the rules have neither).
    pub points: i64,
}

/// A game in progress: call [`Game::next_deal`], play the deal, then [`Game::finish_deal`].
#[derive(Debug, Clone)]
pub struct Game {
    rules: Ruleset,
    rng: Rng,
    scores: [i64; 4],
    round_wind: Wind,
    dealer: usize,
    honba: u32,
    riichi_sticks: u32,
    /// Who put each deposit still on the table.
    deposit_owners: Vec<usize>,
    deals: usize,
    over: bool,
}

impl Game {
    /// A new game: seat 0 deals first, every wall comes from `seed`.
    pub fn new(rules: &Ruleset, seed: u64) -> Self {
        Self {
            rules: rules.clone(),
            rng: Rng::new(seed),
            scores: [i64::from(rules.start_points); 4],
            round_wind: Wind::East,
            dealer: 0,
            honba: 0,
            riichi_sticks: 0,
            deposit_owners: Vec::new(),
            deals: 0,
            over: false,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Scores by seat.
    pub fn scores(&self) -> [i64; 4] {
        self.scores
    }

    /// Deals played so far.
    pub fn deals_played(&self) -> usize {
        self.deals
    }

    /// The next deal, on a wall from the game's seed; `None` once the game is over.
    pub fn next_deal(&mut self) -> Option<Deal> {
        if self.over {
            return None;
        }
        let wall = Wall::shuffled(self.rng.next_u64());
        self.deal_on(wall).ok()
    }

    /// The next deal on an explicit wall (for replays and tests).
    pub fn deal_on(&mut self, wall: Wall) -> Result<Deal> {
        if self.over {
            return Err(Error::argument("the game is over"));
        }
        let setup = DealSetup {
            round_wind: self.round_wind,
            dealer: self.dealer,
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
            scores: self.scores,
        };
        Deal::new(setup, wall, &self.rules)
    }

    /// Takes a finished deal's result and moves the game on (R16.3, R16.4).
    pub fn finish_deal(&mut self, deal: &Deal) -> Result<()> {
        let outcome = deal
            .outcome()
            .ok_or_else(|| Error::argument("the deal is not over"))?;
        if deal.setup().dealer != self.dealer || deal.setup().honba != self.honba {
            return Err(Error::argument("that deal is not this game's current deal"));
        }
        self.deals += 1;
        self.scores = deal.scores();
        for event in deal.events() {
            if let Event::ReachAccepted { seat } = event {
                self.deposit_owners.push(*seat);
            }
        }
        if !outcome.wins.is_empty() {
            self.deposit_owners.clear();
        }
        self.riichi_sticks = outcome.riichi_sticks;
        let renchan = outcome.dealer_keeps;
        let dealer_won = outcome.wins.iter().any(|w| w.seat == self.dealer);
        self.honba = if renchan || outcome.draw.is_some() {
            self.honba + 1
        } else {
            0
        };
        self.over = self.ends_after(renchan, dealer_won);
        if !self.over && !renchan {
            self.dealer = (self.dealer + 1) % 4;
            if self.dealer == 0 {
                self.round_wind = self.round_wind.next();
            }
        }
        Ok(())
    }

    fn ends_after(&self, renchan: bool, dealer_won: bool) -> bool {
        let last_round = match self.rules.game_length {
            GameLength::OneDeal => return true,
            GameLength::Tonpuusen => Wind::East,
            GameLength::Hanchan => Wind::South,
        };
        if self.rules.busting == Busting::BelowZero && self.scores.iter().any(|&s| s < 0) {
            return true;
        }
        let target = i64::from(self.rules.target_points);
        let someone_reached = self.scores.iter().any(|&s| s >= target);
        let extension = self.round_wind > last_round;
        if extension && someone_reached {
            return true;
        }
        let last_deal = self.dealer == 3 && self.round_wind >= last_round;
        if !last_deal {
            return false;
        }
        if renchan {
            let yame = if dealer_won {
                self.rules.agariyame
            } else {
                self.rules.tenpaiyame
            };
            return yame != Yame::Off && self.top() == self.dealer && someone_reached;
        }
        match self.rules.extension {
            Extension::None => true,
            Extension::NextWindRound => someone_reached || extension,
        }
    }

    /// The seat ranked first now (ties go to the seat nearer seat 0).
    fn top(&self) -> usize {
        (0..4).max_by_key(|&s| (self.scores[s], 3 - s)).unwrap_or(0)
    }

    /// The final standings, leftover deposits settled (R13.5) and oka/uma applied; seat order.
    pub fn standings(&self) -> [Standing; 4] {
        let mut scores = self.scores;
        let deposit = i64::from(self.rules.riichi_deposit);
        let mut order: Vec<usize> = (0..4).collect();
        order.sort_by_key(|&s| (-scores[s], s));
        match self.rules.leftover_deposits {
            LeftoverDeposits::ToFirst => {
                scores[order[0]] += deposit * i64::from(self.riichi_sticks)
            }
            LeftoverDeposits::Returned => {
                for &seat in &self.deposit_owners {
                    scores[seat] += deposit;
                }
            }
            LeftoverDeposits::Lost => {}
        }
        order.sort_by_key(|&s| (-scores[s], s));
        let oka = i64::from(self.rules.oka);
        let returned = if oka > 0 {
            i64::from(self.rules.target_points) - i64::from(self.rules.start_points)
        } else {
            0
        };
        std::array::from_fn(|seat| {
            let rank = order.iter().position(|&s| s == seat).unwrap_or(3);
            let bonus = i64::from(self.rules.uma[rank]) + if rank == 0 { oka } else { 0 };
            Standing {
                seat,
                rank: rank + 1,
                score: scores[seat],
                points: scores[seat] - returned + bonus,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::game::Action;
    use crate::riichi::rules::Preset;

    /// Plays every deal passing on claims and discarding the drawn tile (no wins: draws).
    fn play_out(game: &mut Game) -> usize {
        let mut deals = 0;
        while let Some(mut deal) = game.next_deal() {
            while !deal.is_over() {
                let seat = deal.waiting()[0];
                let legal = deal.legal_actions(seat);
                let pick = legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Pass | Action::Tsumo))
                    .or_else(|| deal.drawn().map(Action::Discard))
                    .unwrap_or(legal[0]);
                deal.apply(seat, pick).unwrap();
            }
            game.finish_deal(&deal).unwrap();
            deals += 1;
            assert!(deals < 200);
        }
        deals
    }

    #[test]
    fn one_deal_game() {
        let mut game = Game::new(&Ruleset::preset(Preset::Seed), 1);
        assert_eq!(play_out(&mut game), 1);
        assert!(game.is_over() && game.next_deal().is_none());
        let standings = game.standings();
        let total: i64 = standings.iter().map(|s| s.score).sum();
        assert_eq!(total, 100_000);
        assert_eq!(standings.iter().filter(|s| s.rank == 1).count(), 1);
    }

    #[test]
    fn hanchan_goes_round_and_ends() {
        for seed in 0..5 {
            let rules = Ruleset::preset(Preset::Tenhou);
            let mut game = Game::new(&rules, seed);
            let deals = play_out(&mut game);
            assert!(deals >= 8, "{deals}");
            let standings = game.standings();
            let points: i64 = standings.iter().map(|s| s.points).sum();
            // Uma sums to zero; oka is what the four paid back.
            assert_eq!(points, 4 * 25_000 - 4 * 5_000 + 20_000);
        }
    }

    #[test]
    fn a_deal_from_elsewhere_is_refused() {
        let rules = Ruleset::preset(Preset::Tenhou);
        let mut game = Game::new(&rules, 3);
        let deal = game.next_deal().unwrap();
        assert!(game.finish_deal(&deal).is_err(), "not over yet");
    }
}
