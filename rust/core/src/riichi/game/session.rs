//! A whole game: deals one after another with the dealer rotation, honba and deposits
//! carried over, busting, agari-yame/tenpai-yame, extension rounds and the final ranking with
//! oka and uma (rules R16.3, R16.4, R13.5; three players T16.3-T16.5, TP6), over the ruleset's
//! seats (3 or 4; see ARCHITECTURE.md).

use crate::error::{Error, Result};
use crate::riichi::game::action::Action;
use crate::riichi::game::deal::{Deal, DealSetup};
use crate::riichi::game::event::Event;
use crate::riichi::game::wall::Wall;
use crate::riichi::rules::{
    Busting, Extension, FinalPointsRounding, GameLength, LeftoverDeposits, RedFives, Ruleset, Yame,
};
use crate::rng::Rng;
use crate::standing::{self, Parts, Standing};
use crate::wind::Wind;

/// Why a game ended (R16.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The rules play one deal.
    OneDeal,
    /// A player's score went below zero (`busting`).
    Bust,
    /// The last scheduled deal was played (or, with an extension, someone had the target).
    LastDeal,
    /// The dealer won the last deal in first place with someone at the target (agari-yame).
    AgariYame,
    /// The dealer was tenpai at the last deal's draw in first place with someone at the
    /// target (tenpai-yame).
    TenpaiYame,
    /// A deal of the extension ended with someone at the target.
    ExtensionTarget,
    /// The extension round ended without anyone reaching the target.
    ExtensionOver,
}

impl EndReason {
    /// Its name: the catalogue key without `end.`.
    pub fn name(self) -> &'static str {
        &self.key()["end.".len()..]
    }

    /// Its catalogue key (`end.*`).
    pub fn key(self) -> &'static str {
        match self {
            Self::OneDeal => "end.one_deal",
            Self::Bust => "end.bust",
            Self::LastDeal => "end.last_deal",
            Self::AgariYame => "end.agariyame",
            Self::TenpaiYame => "end.tenpaiyame",
            Self::ExtensionTarget => "end.extension_target",
            Self::ExtensionOver => "end.extension_over",
        }
    }
}

crate::catalogue_part! {
    /// Why a game ended, in words (keys `end.*`, [`EndReason::key`]).
    ENDS: [
        "end.one_deal" () => "the rules play one deal",
        "end.bust" () => "a player's score went below zero",
        "end.last_deal" () => "the last deal was played",
        "end.agariyame" () =>
            "the dealer won the last deal in first place and stopped there (agari-yame)",
        "end.tenpaiyame" () =>
            "the dealer was tenpai at the last deal's draw in first place and stopped there \
             (tenpai-yame)",
        "end.extension_target" () => "a player reached the target score in the extension",
        "end.extension_over" () => "the extension round ended",
    ]
}

/// A game in progress: call [`Game::next_deal`], play the deal, then [`Game::finish_deal`].
/// The game keeps its whole log: `start_game`, every finished deal's events, `end_game`.
#[derive(Debug, Clone)]
pub struct Game {
    rules: Ruleset,
    seed: u64,
    rng: Rng,
    scores: [i64; 4],
    round_wind: Wind,
    /// Who dealt the first deal of each round (seat 0 in a game from the start).
    first_dealer: usize,
    dealer: usize,
    honba: u32,
    riichi_sticks: u32,
    /// Who put each deposit still on the table.
    deposit_owners: Vec<usize>,
    deals: usize,
    over: bool,
    /// Why the game ended, once it has.
    ended: Option<EndReason>,
    /// The deal given out and not yet finished: its setup and wall.
    dealt: Option<(DealSetup, Wall)>,
    log: Vec<Event>,
    /// The actions of every finished deal, in order.
    played: Vec<Vec<(usize, Action)>>,
}

impl Game {
    /// A new game: seat 0 deals first, every wall comes from `seed`; the players are named
    /// by their seats.
    pub fn new(rules: &Ruleset, seed: u64) -> Self {
        Self::with_names(rules, seed, std::array::from_fn(|s| format!("seat {s}")))
    }

    /// A new game whose log names the players `names` (by seat; a seat beyond the player
    /// count is named `""`).
    pub fn with_names(rules: &Ruleset, seed: u64, mut names: [String; 4]) -> Self {
        let players = rules.player_count();
        names[players..].iter_mut().for_each(String::clear);
        Self {
            rules: rules.clone(),
            seed,
            rng: Rng::new(seed),
            scores: std::array::from_fn(|s| {
                if s < players {
                    i64::from(rules.start_points)
                } else {
                    0
                }
            }),
            round_wind: Wind::East,
            first_dealer: 0,
            dealer: 0,
            honba: 0,
            riichi_sticks: 0,
            deposit_owners: Vec::new(),
            deals: 0,
            over: false,
            ended: None,
            dealt: None,
            log: vec![Event::StartGame {
                names: Box::new(names),
                seed,
            }],
            played: Vec::new(),
        }
    }

    /// The actions of every finished deal, in order: a game with the same rules, seed and
    /// names that deals and plays them again reaches the same state.
    pub fn played(&self) -> &[Vec<(usize, Action)>] {
        &self.played
    }

    /// Whether a deal was given out and not yet finished.
    pub fn in_play(&self) -> bool {
        self.dealt.is_some()
    }

    /// A game picked up at a deal that starts from `setup` (a replay of a record that begins
    /// mid-game, or whose first dealer is not seat 0: `setup.number` says where the round
    /// began): the same rules of play from there on; its walls are given ([`Self::deal_on`]).
    /// Sticks already on the table have no known payer.
    pub fn resume(rules: &Ruleset, setup: DealSetup) -> Self {
        let players = rules.player_count();
        let before = (usize::from(setup.number) + players - 1) % players;
        Self {
            scores: setup.scores,
            round_wind: setup.round_wind,
            first_dealer: (setup.dealer + players - before) % players,
            dealer: setup.dealer,
            honba: setup.honba,
            riichi_sticks: setup.riichi_sticks,
            ..Self::new(rules, 0)
        }
    }

    /// The seed every wall of the game comes from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The ruleset.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Whether the rules make the red fives red (logs then name them `5mr`, `5pr`, `5sr`).
    pub fn red_fives(&self) -> bool {
        self.rules.red_fives == RedFives::One
    }

    /// The game's log so far: `start_game`, the events of every finished deal, and
    /// `end_game` once the game is over.
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Scores by seat (0 for a seat beyond the player count).
    pub fn scores(&self) -> [i64; 4] {
        self.scores
    }

    /// The number of players.
    pub fn player_count(&self) -> usize {
        self.rules.player_count()
    }

    /// Deals played so far.
    pub fn deals_played(&self) -> usize {
        self.deals
    }

    /// The round wind of the next deal.
    pub fn round_wind(&self) -> Wind {
        self.round_wind
    }

    /// The dealer of the next deal.
    pub fn dealer(&self) -> usize {
        self.dealer
    }

    /// The seat that dealt the game's first deal.
    pub fn first_dealer(&self) -> usize {
        self.first_dealer
    }

    /// The next deal, on a wall from the game's seed; `None` once the game is over.
    pub fn next_deal(&mut self) -> Option<Deal> {
        let wall = self.next_wall()?;
        self.deal_on(wall).ok()
    }

    /// [`Self::next_deal`] for a caller that gives the deal back to this game with
    /// [`Self::finish_owned_deal`] or [`Self::finish_deal`]: the game's log goes with the
    /// deal, its events written after it, and comes back with them, never copied
    /// ([`Self::log`] is empty meanwhile, and a deal dropped or refused takes it along).
    pub(crate) fn next_deal_with_log(&mut self) -> Option<Deal> {
        let wall = self.next_wall()?;
        let mut log = std::mem::take(&mut self.log);
        let deal = self.start_deal(wall, &mut log).ok();
        if deal.is_none() {
            self.log = log;
        }
        deal
    }

    /// The next deal's wall, from the game's seed; `None` once the game is over.
    fn next_wall(&mut self) -> Option<Wall> {
        let players = self.player_count();
        (!self.over).then(|| Wall::shuffled(self.rng.next_u64(), players))
    }

    /// The next deal on an explicit wall (for replays and tests).
    pub fn deal_on(&mut self, wall: Wall) -> Result<Deal> {
        self.start_deal(wall, &mut Vec::new())
    }

    /// The next deal on `wall`, its events written after `log` ([`Deal::on_log`]).
    fn start_deal(&mut self, wall: Wall, log: &mut Vec<Event>) -> Result<Deal> {
        if self.over {
            return Err(Error::argument("the game is over"));
        }
        let players = self.player_count();
        let setup = DealSetup {
            round_wind: self.round_wind,
            dealer: self.dealer,
            number: ((self.dealer + players - self.first_dealer) % players) as u8 + 1,
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
            scores: self.scores,
        };
        let deal = Deal::on_log(setup, wall.clone(), &self.rules, log)?;
        self.dealt = Some((setup, wall));
        Ok(deal)
    }

    /// Takes a finished deal's result and moves the game on (R16.3, R16.4). Only the deal
    /// this game gave out last is taken, once: the same setup, wall and rules.
    pub fn finish_deal(&mut self, deal: &Deal) -> Result<()> {
        self.take_deal(deal, |log, played| {
            log.extend_from_slice(deal.log());
            played.push(deal.actions().to_vec());
        })
    }

    /// [`Self::finish_deal`] for a deal its caller is done with: its log and actions are
    /// moved into the game's, not copied.
    pub fn finish_owned_deal(&mut self, mut deal: Deal) -> Result<()> {
        let (events, actions) = deal.take_records();
        self.take_deal(&deal, |log, played| {
            // Room for the game's end too: the log is not copied again to add it.
            if log.is_empty() {
                // The deal was started on the game's log (`next_deal_with_log`).
                *log = events;
                log.reserve(1);
            } else {
                log.reserve(events.len() + 1);
                log.extend(events);
            }
            played.push(actions);
        })
    }

    /// [`Self::finish_deal`], the deal's log and actions added to the game's by `record`.
    fn take_deal(
        &mut self,
        deal: &Deal,
        record: impl FnOnce(&mut Vec<Event>, &mut Vec<Vec<(usize, Action)>>),
    ) -> Result<()> {
        let outcome = deal
            .outcome()
            .ok_or_else(|| Error::argument("the deal is not over"))?;
        let Some((setup, wall)) = &self.dealt else {
            return Err(Error::argument(
                "this game has no deal in play: call next_deal first",
            ));
        };
        let why = if deal.setup() != *setup {
            Some("its dealer, round, honba, deposits or scores differ")
        } else if deal.wall().order() != wall.order() {
            Some("its wall differs")
        } else if deal.rules() != &self.rules {
            Some("its rules differ")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(Error::argument(format!(
                "that deal is not the one this game dealt: {why}"
            )));
        }
        self.dealt = None;
        self.deals += 1;
        self.scores = deal.scores();
        record(&mut self.log, &mut self.played);
        if outcome.wins.is_empty() {
            self.deposit_owners.extend_from_slice(deal.depositors());
        } else {
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
        self.ended = self.ends_after(renchan, dealer_won);
        self.over = self.ended.is_some();
        if self.over {
            let mut scores = [0; 4];
            for s in self.standings() {
                scores[s.seat] = s.score;
            }
            self.log.push(Event::EndGame { scores });
        }
        if !self.over && !renchan {
            self.dealer = (self.dealer + 1) % self.player_count();
            if self.dealer == self.first_dealer {
                self.round_wind = self.round_wind.next();
            }
        }
        Ok(())
    }

    /// Why the game ends after the deal just finished, or `None` when it goes on. The last
    /// scheduled deal and every deal of the extension (sudden death) are last deals: a dealer
    /// who keeps the deal plays on unless agari-yame/tenpai-yame stops them (first, with
    /// someone at the target); a dealer who does not ends the game once someone has the
    /// target score, and at the end of the extension round in any case.
    fn ends_after(&self, renchan: bool, dealer_won: bool) -> Option<EndReason> {
        let last_round = match self.rules.game_length {
            GameLength::OneDeal => return Some(EndReason::OneDeal),
            GameLength::Tonpuusen => Wind::East,
            GameLength::Hanchan => Wind::South,
        };
        let players = self.player_count();
        let scores = &self.scores[..players];
        if self.rules.busting == Busting::BelowZero && scores.iter().any(|&s| s < 0) {
            return Some(EndReason::Bust);
        }
        let target = i64::from(self.rules.target_points);
        let someone_reached = scores.iter().any(|&s| s >= target);
        let extension = self.round_wind > last_round;
        let round_end = self.dealer == (self.first_dealer + players - 1) % players;
        let last_deal = extension || round_end && self.round_wind == last_round;
        if !last_deal {
            return None;
        }
        if renchan {
            let (yame, reason) = if dealer_won {
                (self.rules.agariyame, EndReason::AgariYame)
            } else {
                (self.rules.tenpaiyame, EndReason::TenpaiYame)
            };
            let stops = yame != Yame::Off && self.top() == self.dealer && someone_reached;
            return stops.then_some(reason);
        }
        match self.rules.extension {
            Extension::None => Some(EndReason::LastDeal),
            Extension::NextWindRound if someone_reached => Some(if extension {
                EndReason::ExtensionTarget
            } else {
                EndReason::LastDeal
            }),
            Extension::NextWindRound => {
                (extension && round_end).then_some(EndReason::ExtensionOver)
            }
        }
    }

    /// Why the game ended, once it is over.
    pub fn end_reason(&self) -> Option<EndReason> {
        self.ended
    }

    /// The seat ranked first now (ties go to the seat nearer the first dealer).
    fn top(&self) -> usize {
        standing::order(&self.scores[..self.player_count()], self.first_dealer)[0]
    }

    /// The final standings of the players, leftover deposits settled (R13.5) and oka/uma
    /// applied (rounded per `final_points_rounding`, TP6); seat order.
    pub fn standings(&self) -> Vec<Standing> {
        let mut scores = self.scores[..self.player_count()].to_vec();
        let deposit = i64::from(self.rules.riichi_deposit);
        match self.rules.leftover_deposits {
            LeftoverDeposits::ToFirst => {
                let first = standing::order(&scores, self.first_dealer)[0];
                scores[first] += deposit * i64::from(self.riichi_sticks);
            }
            LeftoverDeposits::Returned => {
                for &seat in &self.deposit_owners {
                    scores[seat] += deposit;
                }
            }
            LeftoverDeposits::Lost => {}
        }
        let ranks = standing::ranks(&standing::order(&scores, self.first_dealer));
        // With oka every player pays in the difference to the target, which goes to the first;
        // without, a result is measured from the starting points.
        let oka = i64::from(self.rules.oka);
        let base = i64::from(if oka > 0 {
            self.rules.target_points
        } else {
            self.rules.start_points
        });
        let uma = self.rules.uma.ranks();
        let mut standings: Vec<Standing> = scores
            .iter()
            .enumerate()
            .map(|(seat, &score)| {
                let rank = ranks[seat];
                let parts = Parts {
                    deposits: score - self.scores[seat],
                    base: -base,
                    oka: if rank == 1 { oka } else { 0 },
                    uma: i64::from(uma[rank - 1]),
                    rounding: 0,
                };
                Standing {
                    seat,
                    rank,
                    score,
                    points: score + parts.base + parts.oka + parts.uma,
                    parts: Some(parts),
                }
            })
            .collect();
        if self.rules.final_points_rounding == FinalPointsRounding::ThousandHalfAway {
            // TP6: every score but the first's rounded to 1,000, halves away from zero; the
            // first takes the rest, so the results keep their sum.
            let total: i64 = standings.iter().map(|s| s.points).sum();
            for s in standings.iter_mut().filter(|s| s.rank > 1) {
                let rounded = s.points + round_thousand(s.score) - s.score;
                s.round_to(rounded);
            }
            let others: i64 = standings
                .iter()
                .filter(|s| s.rank > 1)
                .map(|s| s.points)
                .sum();
            if let Some(first) = standings.iter_mut().find(|s| s.rank == 1) {
                first.round_to(total - others);
            }
        }
        standings
    }
}

/// `points` rounded to a whole 1,000, halves away from zero (TP6: −5,500 → −6,000).
fn round_thousand(points: i64) -> i64 {
    (points + points.signum() * 500) / 1000 * 1000
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::game::log::LogStyle;
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
    fn results_sum_to_zero_under_every_preset() {
        for preset in Preset::ALL {
            let rules = Ruleset::preset(preset);
            let mut game = Game::new(&rules, 8);
            play_out(&mut game);
            let standings = game.standings();
            let points: i64 = standings.iter().map(|s| s.points).sum();
            let lost = i64::from(rules.riichi_deposit) * i64::from(game.riichi_sticks);
            let lost = if rules.leftover_deposits == LeftoverDeposits::Lost {
                lost
            } else {
                0
            };
            assert_eq!(points, -lost, "{preset:?}");
        }
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
            // Uma sums to zero; oka is what the four paid in: results sum to zero.
            assert_eq!(points, 0);
        }
    }

    /// Discards the drawn tile or passes until the deal ends.
    fn finish(deal: &mut Deal) {
        while !deal.is_over() {
            let seat = deal.waiting()[0];
            let pick = deal.drawn().map_or(Action::Pass, Action::Discard);
            let pick = if deal.legal(seat).contains(&pick) {
                pick
            } else {
                deal.legal(seat)[0]
            };
            deal.apply(seat, pick).unwrap();
        }
    }

    /// Tenhou rules picked up at `round`'s deal `number` (dealer `number - 1`) with `scores`
    /// after the deal: why the game ends after a deal the dealer kept (`renchan`, won or not)
    /// or passed on (`None`: it goes on).
    fn why(
        rules: &Ruleset,
        round_wind: Wind,
        number: u8,
        scores: [i64; 4],
        renchan: bool,
        dealer_won: bool,
    ) -> Option<EndReason> {
        let setup = DealSetup {
            round_wind,
            dealer: usize::from(number - 1),
            number,
            honba: 0,
            riichi_sticks: 0,
            scores,
        };
        Game::resume(rules, setup).ends_after(renchan, dealer_won)
    }

    #[test]
    fn each_end_says_why() {
        let tenhou = Ruleset::preset(Preset::Tenhou);
        let first = [30_900, 20_200, 24_000, 24_900];
        let reached = [20_200, 30_900, 24_000, 24_900];
        let short = [29_900, 20_200, 24_000, 25_900];
        let bust = [-100, 40_100, 30_000, 30_000];
        let cases = [
            (Wind::West, 1, first, true, true, EndReason::AgariYame),
            (Wind::West, 1, first, true, false, EndReason::TenpaiYame),
            (
                Wind::West,
                1,
                reached,
                false,
                false,
                EndReason::ExtensionTarget,
            ),
            (Wind::West, 4, short, false, false, EndReason::ExtensionOver),
            (Wind::South, 4, reached, false, false, EndReason::LastDeal),
            (Wind::East, 2, bust, false, false, EndReason::Bust),
        ];
        for (round, number, scores, renchan, won, reason) in cases {
            assert_eq!(
                why(&tenhou, round, number, scores, renchan, won),
                Some(reason),
                "{round:?} {number}"
            );
        }
        let one = Ruleset::preset(Preset::Seed);
        assert_eq!(
            why(&one, Wind::East, 1, short, false, false),
            Some(EndReason::OneDeal)
        );
        assert_eq!(why(&tenhou, Wind::East, 2, short, false, false), None);
    }

    #[test]
    fn a_dealer_not_first_plays_on_in_the_extension() {
        // Tenhou, West 1: the dealer (20,200, not first) tenpai at a draw while another player
        // has 30,900 plays West 1 again; passing the deal on ends the game.
        let tenhou = Ruleset::preset(Preset::Tenhou);
        let west = [20_200, 30_900, 24_000, 24_900];
        assert!(why(&tenhou, Wind::West, 1, west, true, false).is_none());
        assert!(why(&tenhou, Wind::West, 1, west, true, true).is_none());
        assert!(why(&tenhou, Wind::West, 1, west, false, false).is_some());
        // First with the target reached, the dealer stops (agari-yame, tenpai-yame).
        let first = [30_900, 20_200, 24_000, 24_900];
        assert!(why(&tenhou, Wind::West, 1, first, true, false).is_some());
        assert!(why(&tenhou, Wind::West, 1, first, true, true).is_some());
        // Nobody at the target: the extension goes on to its round's last deal, then ends.
        let short = [29_900, 20_200, 24_000, 25_900];
        assert!(why(&tenhou, Wind::West, 2, short, false, false).is_none());
        assert!(why(&tenhou, Wind::West, 4, short, false, false).is_some());
        assert!(why(&tenhou, Wind::West, 4, short, true, false).is_none());
        // Without agari-yame and tenpai-yame every renchan plays on.
        let mut no_yame = tenhou.clone();
        no_yame.agariyame = Yame::Off;
        no_yame.tenpaiyame = Yame::Off;
        assert!(why(&no_yame, Wind::West, 1, first, true, true).is_none());
    }

    #[test]
    fn the_last_scheduled_deal_and_the_tonpuusen_extension() {
        let tenhou = Ruleset::preset(Preset::Tenhou);
        let reached = [20_200, 30_900, 24_000, 24_900];
        let short = [29_900, 20_200, 24_000, 25_900];
        // South 4 of a hanchan: the same reading as the extension's deals.
        assert!(why(&tenhou, Wind::South, 4, reached, true, false).is_none());
        assert!(why(&tenhou, Wind::South, 4, reached, false, false).is_some());
        assert!(why(&tenhou, Wind::South, 4, short, false, false).is_none());
        assert!(why(&tenhou, Wind::South, 3, reached, false, false).is_none());
        // Tonpuusen: South is its extension.
        let mut tonpuu = tenhou.clone();
        tonpuu.game_length = GameLength::Tonpuusen;
        assert!(why(&tonpuu, Wind::East, 3, reached, false, false).is_none());
        assert!(why(&tonpuu, Wind::East, 4, reached, false, false).is_some());
        assert!(why(&tonpuu, Wind::South, 1, reached, true, false).is_none());
        assert!(why(&tonpuu, Wind::South, 1, reached, false, false).is_some());
        assert!(why(&tonpuu, Wind::South, 1, short, false, false).is_none());
        assert!(why(&tonpuu, Wind::South, 4, short, false, false).is_some());
        // No extension: the last scheduled deal passed on ends the game.
        let mut none = tenhou.clone();
        none.extension = Extension::None;
        assert!(why(&none, Wind::South, 4, short, false, false).is_some());
        assert!(why(&none, Wind::South, 4, short, true, false).is_none());
    }

    #[test]
    fn only_the_deal_the_game_dealt_is_taken() {
        let rules = Ruleset::preset(Preset::Tenhou);
        let mut game = Game::new(&rules, 3);
        let mut stranger = Game::new(&rules, 4).next_deal().unwrap();
        finish(&mut stranger);
        let err = game.finish_deal(&stranger).unwrap_err();
        assert!(err.message().contains("no deal in play"), "{err}");
        let mut deal = game.next_deal().unwrap();
        assert!(game.finish_deal(&deal).is_err(), "not over yet");
        let err = game.finish_deal(&stranger).unwrap_err();
        assert!(err.message().contains("wall differs"), "{err}");
        // The same wall with a million points for everyone.
        let rich = DealSetup {
            scores: [1_000_000; 4],
            ..deal.setup()
        };
        let mut forged =
            Deal::new(rich, Wall::from_order(deal.wall().order()).unwrap(), &rules).unwrap();
        finish(&mut forged);
        let err = game.finish_deal(&forged).unwrap_err();
        assert!(err.message().contains("scores differ"), "{err}");
        finish(&mut deal);
        game.finish_deal(&deal).unwrap();
        assert!(game.finish_deal(&deal).is_err(), "taken twice");
        assert_eq!(game.scores().iter().sum::<i64>(), 100_000);
    }

    #[test]
    fn the_log_holds_the_whole_game() {
        let rules = Ruleset::preset(Preset::Seed);
        let names = ["a", "b", "c", "d"].map(str::to_owned);
        let mut game = Game::with_names(&rules, 9, names.clone());
        let mut deal = game.next_deal().unwrap();
        finish(&mut deal);
        game.finish_deal(&deal).unwrap();
        let log = game.log();
        assert_eq!(
            log[0],
            Event::StartGame {
                names: Box::new(names),
                seed: 9
            }
        );
        assert_eq!(&log[1..log.len() - 1], deal.events());
        let scores: Vec<i64> = game.standings().iter().map(|s| s.score).collect();
        assert_eq!(
            log.last(),
            Some(&Event::EndGame {
                scores: scores.try_into().unwrap()
            })
        );
        let line = log[0].record(LogStyle::of(&rules)).to_json();
        assert_eq!(
            line,
            r#"{"type":"start_game","names":["a","b","c","d"],"game_seed":9}"#
        );
    }

    #[test]
    fn a_deal_started_on_the_games_log_gives_it_back() {
        let rules = Ruleset::preset(Preset::Tenhou);
        let mut copied = Game::new(&rules, 5);
        let mut moved = copied.clone();
        let mut lent_by_reference = copied.clone();
        while let Some(mut deal) = copied.next_deal() {
            finish(&mut deal);
            copied.finish_deal(&deal).unwrap();

            let mut lent = moved.next_deal_with_log().unwrap();
            assert!(moved.log().is_empty(), "the log goes with the deal");
            finish(&mut lent);
            assert_eq!(lent.events(), deal.events(), "the deal's own events");
            moved.finish_owned_deal(lent).unwrap();
            assert_eq!(moved.log(), copied.log());

            let mut lent = lent_by_reference.next_deal_with_log().unwrap();
            finish(&mut lent);
            lent_by_reference.finish_deal(&lent).unwrap();
            assert_eq!(lent_by_reference.log(), copied.log());
        }
        assert!(copied.is_over() && copied.deals_played() > 1);
        assert!(moved.is_over() && moved.next_deal_with_log().is_none());
        assert_eq!(moved.log(), copied.log(), "kept once the game is over");
    }
}
