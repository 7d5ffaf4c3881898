//! A session: American games one after another with running scores; East is chosen by dice
//! for the first game and the deal passes to the right after every game, won or not (spec
//! §1.2.1, §1.10.1).

use std::sync::Arc;

use super::deal::{Deal, DealSetup};
use super::options::Rules;
use super::wall::{Wall, roll_for_dealer};
use crate::american::card::Card;
use crate::error::{Error, Result};
use crate::rng::Rng;

/// A session in progress: call [`Game::next_deal`], play it, then [`Game::finish_deal`].
#[derive(Debug, Clone)]
pub struct Game {
    card: Arc<Card>,
    rules: Rules,
    rng: Rng,
    dealer_rolls: Vec<[Option<[u8; 2]>; 4]>,
    dealer: usize,
    scores: [i64; 4],
    games: usize,
    played: usize,
}

impl Game {
    /// A session of `games` games; the first East is chosen by dice, and every wall and
    /// random choice comes from `seed`.
    pub fn new(card: Arc<Card>, rules: &Rules, seed: u64, games: usize) -> Result<Self> {
        rules.check()?;
        let mut rng = Rng::new(seed);
        let (dealer, dealer_rolls) = roll_for_dealer(&mut rng);
        Ok(Self {
            card,
            rules: rules.clone(),
            rng,
            dealer_rolls,
            dealer,
            scores: [0; 4],
            games,
            played: 0,
        })
    }

    /// The rounds of dice that chose the first East (`None` for seats already out).
    pub fn dealer_rolls(&self) -> &[[Option<[u8; 2]>; 4]] {
        &self.dealer_rolls
    }

    /// East's seat for the next game.
    pub fn dealer(&self) -> usize {
        self.dealer
    }

    /// Running scores by seat.
    pub fn scores(&self) -> [i64; 4] {
        self.scores
    }

    /// Games finished so far.
    pub fn games_played(&self) -> usize {
        self.played
    }

    /// Whether every game has been played.
    pub fn is_over(&self) -> bool {
        self.played >= self.games
    }

    /// The next game on a wall from the session's seed; `None` once the session is over.
    pub fn next_deal(&mut self) -> Option<Deal> {
        if self.is_over() {
            return None;
        }
        let wall = Wall::shuffled(self.rng.next_u64());
        self.deal_on(wall).ok()
    }

    /// The next game on an explicit wall (for replays and tests).
    pub fn deal_on(&mut self, wall: Wall) -> Result<Deal> {
        if self.is_over() {
            return Err(Error::argument("the session is over"));
        }
        let setup = DealSetup {
            dealer: self.dealer,
            scores: self.scores,
            seed: self.rng.next_u64(),
        };
        Deal::new(self.card.clone(), &self.rules, setup, wall)
    }

    /// Takes a finished game's payments and passes the deal to the right.
    pub fn finish_deal(&mut self, deal: &Deal) -> Result<()> {
        let outcome = deal
            .outcome()
            .ok_or_else(|| Error::argument("the game is not over"))?;
        if deal.setup().dealer != self.dealer || deal.setup().scores != self.scores {
            return Err(Error::argument(
                "that game is not this session's current game",
            ));
        }
        for (score, delta) in self.scores.iter_mut().zip(outcome.deltas) {
            *score += delta;
        }
        self.played += 1;
        self.dealer = (self.dealer + 1) % 4;
        Ok(())
    }
}
