//! A session: American games one after another with running scores; East is chosen by dice
//! for the first game and the deal passes to the right after every game, won or not (spec
//! §1.2.1, §1.10.1).

use std::sync::Arc;

use super::action::Action;
use super::deal::{Deal, DealSetup};
use super::event::Event;
use super::options::Rules;
use super::wall::{Wall, roll_for_dealer};
use crate::american::card::Card;
use crate::error::{Error, Result};
use crate::rng::Rng;
use crate::standing::{self, Standing};

/// A session in progress: call [`Game::next_deal`], play it, then [`Game::finish_deal`]. The
/// session keeps its whole log: `start_session`, every finished game's events, `end_session`.
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
    /// The game given out and not yet finished: its setup and wall.
    dealt: Option<(DealSetup, Vec<u8>)>,
    log: Vec<Event>,
    /// The actions of every finished game, in order.
    history: Vec<Vec<(usize, Action)>>,
}

impl Game {
    /// A session of `games` games; the first East is chosen by dice, and every wall and
    /// random choice comes from `seed`. The players are named by their seats.
    pub fn new(card: Arc<Card>, rules: &Rules, seed: u64, games: usize) -> Result<Self> {
        let names = std::array::from_fn(|s| format!("seat {s}"));
        Self::with_names(card, rules, seed, games, names)
    }

    /// A session whose log names the players `names` (by seat).
    pub fn with_names(
        card: Arc<Card>,
        rules: &Rules,
        seed: u64,
        games: usize,
        names: [String; 4],
    ) -> Result<Self> {
        rules.check()?;
        let mut rng = Rng::new(seed);
        let (dealer, dealer_rolls) = roll_for_dealer(&mut rng);
        let start = Event::StartSession {
            names,
            seed,
            card: card.id.clone(),
            games,
            rules: rules.values(),
        };
        Ok(Self {
            card,
            rules: rules.clone(),
            rng,
            dealer_rolls,
            dealer,
            scores: [0; 4],
            games,
            played: 0,
            dealt: None,
            log: vec![start],
            history: Vec::new(),
        })
    }

    /// The actions of every finished game, in order: a session with the same card, rules,
    /// seed and names that deals and plays them again reaches the same state.
    pub fn history(&self) -> &[Vec<(usize, Action)>] {
        &self.history
    }

    /// Whether a game was given out and not yet finished.
    pub fn in_play(&self) -> bool {
        self.dealt.is_some()
    }

    /// The card.
    pub fn card(&self) -> &Arc<Card> {
        &self.card
    }

    /// The options.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seed every wall and random choice of the session comes from.
    pub fn seed(&self) -> u64 {
        match self.log.first() {
            Some(Event::StartSession { seed, .. }) => *seed,
            _ => 0,
        }
    }

    /// The session's log so far: `start_session`, the events of every finished game, and
    /// `end_session` once the session is over.
    pub fn log(&self) -> &[Event] {
        &self.log
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

    /// The standings now: rank by score (ties to the seat nearer the first East), the score,
    /// and the result (the score: payouts are results).
    pub fn standings(&self) -> [Standing; 4] {
        let first = self.first_east();
        let ranks = standing::ranks(&standing::order(&self.scores, first));
        std::array::from_fn(|seat| Standing {
            seat,
            rank: ranks[seat],
            score: self.scores[seat],
            points: self.scores[seat],
            parts: None,
        })
    }

    /// The first East (chosen by the dice).
    fn first_east(&self) -> usize {
        (self.dealer + 4 - self.played % 4) % 4
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
        let order = wall.order().to_vec();
        let deal = Deal::new(self.card.clone(), &self.rules, setup, wall)?;
        self.dealt = Some((setup, order));
        Ok(deal)
    }

    /// Takes a finished game's payments and passes the deal to the right. Only the game this
    /// session gave out last is taken, once: the same setup, wall, card and rules.
    pub fn finish_deal(&mut self, deal: &Deal) -> Result<()> {
        let outcome = deal
            .outcome()
            .ok_or_else(|| Error::argument("the game is not over"))?;
        let Some((setup, order)) = &self.dealt else {
            return Err(Error::argument(
                "this session has no game in play: call next_deal first",
            ));
        };
        let why = if deal.setup() != *setup {
            Some("its dealer, scores or seed differ")
        } else if deal.wall().order() != order.as_slice() {
            Some("its wall differs")
        } else if deal.rules() != &self.rules || deal.card().id != self.card.id {
            Some("its rules or card differ")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(Error::argument(format!(
                "that game is not the one this session dealt: {why}"
            )));
        }
        self.dealt = None;
        for (score, delta) in self.scores.iter_mut().zip(outcome.deltas) {
            *score += delta;
        }
        self.log.extend_from_slice(deal.events());
        self.history.push(deal.actions().to_vec());
        self.played += 1;
        self.dealer = (self.dealer + 1) % 4;
        if self.is_over() {
            self.log.push(Event::EndSession {
                scores: self.scores,
            });
        }
        Ok(())
    }
}
