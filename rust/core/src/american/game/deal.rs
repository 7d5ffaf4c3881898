//! One American game (one deal) as a state machine: whose decision it is, each seat's legal
//! actions, and applying one. Every rule check of play lives here (spec §1.2-1.10).
//!
//! The flow: East's heavenly hand (rule 1.2.6, when the dealt 14 tiles already win), the
//! Charleston (first right, across, left; the vote; second left, across, right; the courtesy
//! offers and pass), then turns: draw, optional joker exchanges and Mah Jongg, discard; after
//! every natural discard a claim window in which all live players answer at once. Charleston
//! passes, votes and offers are likewise collected from all four seats before they resolve.
//!
//! Seats are 0..=3 for the whole session; play and the deal pass to the right (seat + 1). A
//! rejected action returns an error and changes nothing.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::action::Action;
use super::charleston;
use super::event::{DeadReason, Ending, Event, Step, WinRecord};
use super::options::{DeadHandMode, Rules, SecondCharleston};
use super::reason::Illegal;
use super::wall::Wall;

mod blocked;
mod dead;
mod end;

use crate::american::card::Card;
use crate::american::matcher::Match;
use crate::american::payment::Win;
use crate::american::rack::{Exposure, Rack};
use crate::american::table::{Needs, Table};
use crate::error::{Error, Result};
use crate::rng::Rng;
use crate::tile::{FLOWER, JOKER, KINDS};
use crate::tiles::Tiles;
pub use end::settle;

/// Room for the events and actions of a long game, made once so that they rarely grow.
const ROOM: usize = 256;

/// The kind of physical tile `id` (0..=151).
pub fn kind_of(id: u8) -> u8 {
    match id {
        0..=135 => id / 4,
        136..=143 => FLOWER,
        _ => JOKER,
    }
}

/// Where a game starts: East's seat, the running scores, and the seed of the game's own
/// random choices (the blind-pass links).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealSetup {
    /// East's seat (0..=3).
    pub dealer: usize,
    /// Scores by seat before the game.
    pub scores: [i64; 4],
    /// Seed of the game's random choices (blind-pass links, spec §1.3.3).
    pub seed: u64,
}

/// An exposure on a player's rack with its physical tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exposed {
    /// Kind, size and jokers (updated by joker exchanges).
    pub exposure: Exposure,
    /// Its physical tiles, the claimed discard first.
    pub tiles: Vec<u8>,
    /// Who discarded the claimed tile.
    pub from: usize,
    /// Its jokers cannot be exchanged: this exposure made the hand dead (rule 1.6.7): its
    /// exposures then matched no card hand, or its claim left the hand impossible to complete
    /// (a *killer* exposure, spec §4.6).
    pub frozen: bool,
}

impl Exposed {
    /// Whether a natural of `kind` may be exchanged for a joker of this exposure (rule
    /// 1.6.4, 1.6.7).
    pub fn redeemable_for(&self, kind: u8) -> bool {
        self.exposure.kind() == kind && self.exposure.jokers() > 0 && !self.frozen
    }
}

/// One discard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscardTile {
    /// The tile.
    pub tile: u8,
    /// Claimed by another player (it is then in their exposure or winning hand).
    pub claimed: bool,
}

/// What one player has and has done.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// Concealed tiles, ascending ids.
    pub hand: Vec<u8>,
    /// Exposures in the order made (shared with observations until the next change).
    pub exposures: Arc<Vec<Exposed>>,
    /// Discards in order, claimed ones included (shared with observations until the next
    /// change).
    pub discards: Arc<Vec<DiscardTile>>,
    /// Why the hand is dead, if it is (spec §1.9).
    pub dead: Option<DeadReason>,
}

impl PlayerState {
    /// The concealed tiles as kinds.
    pub fn concealed(&self) -> Tiles {
        let mut counts = [0u8; KINDS];
        for &t in &self.hand {
            counts[usize::from(kind_of(t))] += 1;
        }
        Tiles::from_counts(&counts).unwrap_or_default()
    }

    /// The exposures without their tile ids.
    pub fn exposure_list(&self) -> Vec<Exposure> {
        self.exposures.iter().map(|e| e.exposure).collect()
    }

    /// The rack: concealed tiles and exposures.
    pub fn rack(&self) -> Result<Rack> {
        Rack::new(self.concealed(), self.exposure_list())
    }

    /// Tiles held, concealed and exposed.
    pub fn tile_count(&self) -> usize {
        self.hand.len() + self.exposures.iter().map(|e| e.tiles.len()).sum::<usize>()
    }

    fn count(&self, kind: u8) -> usize {
        self.hand.iter().filter(|&&t| kind_of(t) == kind).count()
    }

    /// Removes the lowest id of `kind` not in `except`.
    fn take_kind(&mut self, kind: u8, except: &[u8]) -> Option<u8> {
        let at = self
            .hand
            .iter()
            .position(|&t| kind_of(t) == kind && !except.contains(&t))?;
        Some(self.hand.remove(at))
    }

    fn add(&mut self, tile: u8) {
        let at = self.hand.partition_point(|&t| t < tile);
        self.hand.insert(at, tile);
    }

    fn remove(&mut self, tile: u8) {
        if let Some(at) = self.hand.iter().position(|&t| t == tile) {
            self.hand.remove(at);
        }
    }
}

/// A seat's needs against its view, kept between its turns (see [`Deal::refresh_near`]).
#[derive(Debug, Clone)]
struct NearNeeds {
    /// The concealed counts they were counted for.
    counts: [u8; KINDS],
    /// The seat's exposures then.
    exposures: usize,
    needs: Needs,
}

/// A pass being collected from the four seats.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Collect {
    step: Step,
    need: [u8; 4],
    picked: [Vec<u8>; 4],
    blind: [u8; 4],
}

impl Collect {
    fn done(&self, seat: usize) -> bool {
        self.picked[seat].len() + usize::from(self.blind[seat]) >= usize::from(self.need[seat])
    }
}

/// The turn in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Turn {
    seat: usize,
    /// How a Mah Jongg now would be paid (self-drawn, on the claimed discard, or by exchange).
    how: Win,
    /// The claimed discard and its discarder, after a claim.
    claimed: Option<(usize, u8)>,
    /// The tile drawn this turn, after a draw.
    drawn: Option<u8>,
    /// The hand's best match now.
    win: Option<Match>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Claims {
    from: usize,
    tile: u8,
    options: [Vec<Action>; 4],
    responses: [Option<Action>; 4],
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    Heavenly,
    Pass(Collect),
    Vote([Option<bool>; 4]),
    Courtesy([Option<u8>; 4]),
    Turn(Turn),
    Claims(Claims),
    Over,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The Mah Jongg, if any.
    pub win: Option<WinRecord>,
    /// Score changes by seat (they sum to zero; all zero for a wall game).
    pub deltas: [i64; 4],
    /// Dead hands at the end, by seat.
    pub dead: [Option<DeadReason>; 4],
    /// How it ended.
    pub ending: Ending,
}

/// One American game in progress.
#[derive(Debug, Clone)]
pub struct Deal {
    card: Arc<Card>,
    rules: Rules,
    setup: DealSetup,
    rng: Rng,
    wall: Wall,
    players: [PlayerState; 4],
    phase: Phase,
    events: Vec<Event>,
    /// Whether the second Charleston happens, once decided.
    second: Option<bool>,
    outcome: Option<Outcome>,
    /// Each seat's card view given its exposures (`None`: no exposures, the whole card).
    views: [Option<Arc<Table>>; 4],
    /// Each seat's 13 tiles are at most one tile from a card hand (set after its discard):
    /// only then can it call Mah Jongg on a discard.
    near: [bool; 4],
    /// Each seat's needs against its view, as last counted for [`Self::refresh_near`]: the
    /// hand they were counted for and its number of exposures (a new exposure means a new
    /// view).
    near_needs: [Option<NearNeeds>; 4],
    /// Each seat's column last found live by the dead-hand test, tried first the next time.
    live_hint: [usize; 4],
    /// Every action applied, in order.
    history: Vec<(usize, Action)>,
}

impl Deal {
    /// Starts a game on `wall` with `card`: deals the tiles and opens East's heavenly hand or
    /// the first Charleston pass.
    pub fn new(card: Arc<Card>, rules: &Rules, setup: DealSetup, mut wall: Wall) -> Result<Self> {
        rules.check()?;
        if setup.dealer > 3 {
            return Err(Error::argument(format!(
                "dealer seat {} is out of range 0..=3",
                setup.dealer
            )));
        }
        crate::options::check_scores(&setup.scores)?;
        if wall.taken() != 0 {
            return Err(Error::argument("the wall has already been dealt from"));
        }
        let dealt = wall.deal();
        let mut players: [PlayerState; 4] = Default::default();
        let mut by_seat: [Vec<u8>; 4] = Default::default();
        for (offset, hand) in dealt.into_iter().enumerate() {
            let seat = (setup.dealer + offset) % 4;
            players[seat].hand = hand.clone();
            players[seat].hand.sort_unstable();
            players[seat].discards = Arc::new(Vec::with_capacity(ROOM / 8));
            by_seat[seat] = hand;
        }
        let second = match rules.second_charleston {
            SecondCharleston::Always => Some(true),
            SecondCharleston::Never => Some(false),
            SecondCharleston::Vote => None,
        };
        let mut deal = Self {
            card,
            rules: rules.clone(),
            setup,
            rng: Rng::new(setup.seed),
            events: Vec::with_capacity(ROOM),
            wall,
            players,
            phase: Phase::Over,
            second,
            outcome: None,
            views: Default::default(),
            near: [false; 4],
            near_needs: Default::default(),
            live_hint: [0; 4],
            history: Vec::with_capacity(ROOM),
        };
        deal.events.push(Event::StartGame {
            dealer: setup.dealer,
            dice: deal.wall.dice(),
            scores: setup.scores,
            hands: by_seat,
        });
        let heavenly = rules.heavenly_hand && deal.match_of(setup.dealer).is_some();
        deal.phase = if heavenly {
            Phase::Heavenly
        } else {
            deal.start_pass(Step::FirstRight)
        };
        Ok(deal)
    }

    /// A game on a wall shuffled from `seed` (the game's own choices seeded from it too).
    pub fn shuffled(card: Arc<Card>, rules: &Rules, dealer: usize, seed: u64) -> Result<Self> {
        let setup = DealSetup {
            dealer,
            scores: [0; 4],
            seed: seed ^ 0x5eed_a3e1_c4a2_0000,
        };
        Self::new(card, rules, setup, Wall::shuffled(seed))
    }

    /// The events so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Every action applied so far with its seat: replaying them on a game with the same
    /// setup and wall gives the same events.
    pub fn actions(&self) -> &[(usize, Action)] {
        &self.history
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// What the game started from.
    pub fn setup(&self) -> DealSetup {
        self.setup
    }

    /// The options.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The card.
    pub fn card(&self) -> &Arc<Card> {
        &self.card
    }

    /// A player's state.
    pub fn player(&self, seat: usize) -> &PlayerState {
        &self.players[seat % 4]
    }

    /// The wall.
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The seat on turn, during play.
    pub fn turn(&self) -> Option<usize> {
        match &self.phase {
            Phase::Turn(t) => Some(t.seat),
            _ => None,
        }
    }

    /// The Charleston step being collected, if any.
    pub fn charleston_step(&self) -> Option<Step> {
        match &self.phase {
            Phase::Pass(c) => Some(c.step),
            _ => None,
        }
    }

    /// The tile a claim window is open on, and its discarder.
    pub fn claim_tile(&self) -> Option<(u8, usize)> {
        match &self.phase {
            Phase::Claims(c) => Some((c.tile, c.from)),
            _ => None,
        }
    }

    /// The tile the seat on turn drew this turn (after a wall draw; not after a claim).
    pub fn drawn(&self) -> Option<u8> {
        match &self.phase {
            Phase::Turn(t) => t.drawn,
            _ => None,
        }
    }

    /// The tiles `seat` has put into the pass being collected so far.
    pub fn pass_picked(&self, seat: usize) -> &[u8] {
        match &self.phase {
            Phase::Pass(c) if seat < 4 => &c.picked[seat],
            _ => &[],
        }
    }

    /// Whether `seat` must act now (see [`Self::waiting`]).
    pub fn must_act(&self, seat: usize) -> bool {
        if seat > 3 {
            return false;
        }
        match &self.phase {
            Phase::Heavenly => seat == self.setup.dealer,
            Phase::Pass(c) => !c.done(seat),
            Phase::Vote(v) => v[seat].is_none(),
            Phase::Courtesy(o) => o[seat].is_none(),
            Phase::Turn(t) => t.seat == seat,
            Phase::Claims(c) => !c.options[seat].is_empty() && c.responses[seat].is_none(),
            Phase::Over => false,
        }
    }

    /// The seats that must act now.
    pub fn waiting(&self) -> Vec<usize> {
        (0..4).filter(|&s| self.must_act(s)).collect()
    }

    /// The legal actions of `seat` now (empty when it need not act).
    pub fn legal_actions(&self, seat: usize) -> Vec<Action> {
        // Room for the longest list (a pass of any of 35 kinds), made once.
        let mut out = Vec::with_capacity(40);
        let _ = self.each_legal(seat, &mut |a| {
            out.push(a);
            ControlFlow::Continue(())
        });
        out
    }

    /// Whether `action` is among the legal actions of `seat` (found without listing them all).
    fn is_legal(&self, seat: usize, action: Action) -> bool {
        self.each_legal(seat, &mut |a| {
            if a == action {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// Gives each legal action of `seat` to `emit`, in the order [`Self::legal_actions`]
    /// lists them, until `emit` breaks.
    fn each_legal(
        &self,
        seat: usize,
        emit: &mut dyn FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if seat > 3 {
            return ControlFlow::Continue(());
        }
        let p = &self.players[seat];
        match &self.phase {
            Phase::Heavenly if seat == self.setup.dealer => {
                emit(Action::MahJongg)?;
                emit(Action::Pass)
            }
            Phase::Pass(c) if !c.done(seat) => {
                let mut left = [0u8; KINDS];
                for &t in &p.hand {
                    left[usize::from(kind_of(t))] += 1;
                }
                for &t in &c.picked[seat] {
                    let k = usize::from(kind_of(t));
                    left[k] = left[k].saturating_sub(1);
                }
                for k in (0..JOKER).filter(|&k| left[usize::from(k)] > 0) {
                    emit(Action::PassTile(k))?;
                }
                if c.step.blind_allowed() {
                    emit(Action::Blind)?;
                }
                ControlFlow::Continue(())
            }
            Phase::Vote(v) if v[seat].is_none() => {
                emit(Action::Vote(true))?;
                emit(Action::Vote(false))
            }
            Phase::Courtesy(o) if o[seat].is_none() => {
                let naturals = p.hand.len() - p.count(JOKER);
                for n in 0..=naturals.min(3) as u8 {
                    emit(Action::Courtesy(n))?;
                }
                ControlFlow::Continue(())
            }
            Phase::Turn(t) if t.seat == seat => self.turn_actions(t, emit),
            Phase::Claims(c) if c.responses[seat].is_none() && !c.options[seat].is_empty() => {
                for &a in &c.options[seat] {
                    emit(a)?;
                }
                emit(Action::Pass)
            }
            _ => ControlFlow::Continue(()),
        }
    }

    /// Applies `action` by `seat`; an illegal action is refused with the reason and changes
    /// nothing.
    pub fn apply(&mut self, seat: usize, action: Action) -> std::result::Result<(), Illegal> {
        if !self.is_legal(seat, action) {
            return Err(self.illegal(seat, action, &self.legal_actions(seat)));
        }
        self.history.push((seat, action));
        match std::mem::replace(&mut self.phase, Phase::Over) {
            Phase::Heavenly => {
                if action == Action::MahJongg {
                    let won = self.match_of(seat);
                    self.finish_win(seat, Win::SelfDrawn, None, won);
                } else {
                    self.phase = self.start_pass(Step::FirstRight);
                }
            }
            Phase::Pass(mut c) => {
                match action {
                    Action::PassTile(kind) => {
                        let id = self.players[seat]
                            .hand
                            .iter()
                            .copied()
                            .find(|&t| kind_of(t) == kind && !c.picked[seat].contains(&t));
                        c.picked[seat].extend(id);
                    }
                    _ => c.blind[seat] = c.need[seat] - c.picked[seat].len() as u8,
                }
                self.phase = if (0..4).all(|s| c.done(s)) {
                    self.resolve_pass(&c)
                } else {
                    Phase::Pass(c)
                };
            }
            Phase::Vote(mut votes) => {
                votes[seat] = Some(action == Action::Vote(true));
                self.phase = match votes {
                    [Some(a), Some(b), Some(c), Some(d)] => {
                        let second = a && b && c && d;
                        self.second = Some(second);
                        self.events.push(Event::CharlestonVote {
                            votes: [a, b, c, d],
                            second,
                        });
                        if self.rules.vote_before_first_left_reveal {
                            self.start_pass(Step::FirstLeft)
                        } else {
                            self.after_first()
                        }
                    }
                    _ => Phase::Vote(votes),
                };
            }
            Phase::Courtesy(mut offers) => {
                if let Action::Courtesy(n) = action {
                    offers[seat] = Some(n);
                }
                self.phase = match offers {
                    [Some(a), Some(b), Some(c), Some(d)] => {
                        let offers = [a, b, c, d];
                        let agreed = std::array::from_fn(|s| offers[s].min(offers[(s + 2) % 4]));
                        self.events.push(Event::CourtesyOffers { offers, agreed });
                        if agreed.iter().any(|&n| n > 0) {
                            Phase::Pass(Collect {
                                step: Step::Courtesy,
                                need: agreed,
                                picked: Default::default(),
                                blind: [0; 4],
                            })
                        } else {
                            self.start_play()
                        }
                    }
                    _ => Phase::Courtesy(offers),
                };
            }
            Phase::Turn(t) => self.apply_turn(t, action),
            Phase::Claims(mut c) => {
                c.responses[seat] = Some(action);
                if (0..4).all(|s| c.options[s].is_empty() || c.responses[s].is_some()) {
                    self.resolve_claims(&c);
                } else {
                    self.phase = Phase::Claims(c);
                }
            }
            Phase::Over => {}
        }
        Ok(())
    }

    // --- the Charleston ----------------------------------------------------------------------

    fn start_pass(&self, step: Step) -> Phase {
        Phase::Pass(Collect {
            step,
            need: [3; 4],
            picked: Default::default(),
            blind: [0; 4],
        })
    }

    fn resolve_pass(&mut self, c: &Collect) -> Phase {
        let received = charleston::resolve(
            c.step.offset(),
            &c.picked,
            c.blind,
            self.rules.blind_pass_resolution,
            self.setup.dealer,
            &mut self.rng,
        );
        for s in 0..4 {
            for &t in &c.picked[s] {
                self.players[s].remove(t);
            }
        }
        for (s, tiles) in received.iter().enumerate() {
            for &t in tiles {
                self.players[s].add(t);
            }
        }
        self.events.push(Event::Charleston {
            step: c.step,
            given: c.picked.clone(),
            blind: c.blind,
            received,
        });
        match c.step {
            Step::FirstRight => self.start_pass(Step::FirstAcross),
            Step::FirstAcross
                if self.second.is_none() && self.rules.vote_before_first_left_reveal =>
            {
                Phase::Vote([None; 4])
            }
            Step::FirstAcross => self.start_pass(Step::FirstLeft),
            Step::FirstLeft if self.second.is_none() => Phase::Vote([None; 4]),
            Step::FirstLeft => self.after_first(),
            Step::SecondLeft => self.start_pass(Step::SecondAcross),
            Step::SecondAcross => self.start_pass(Step::SecondRight),
            Step::SecondRight => self.courtesy_or_play(),
            Step::Courtesy => self.start_play(),
        }
    }

    fn after_first(&mut self) -> Phase {
        if self.second == Some(true) {
            self.start_pass(Step::SecondLeft)
        } else {
            self.courtesy_or_play()
        }
    }

    fn courtesy_or_play(&mut self) -> Phase {
        if self.rules.courtesy_pass {
            Phase::Courtesy([None; 4])
        } else {
            self.start_play()
        }
    }

    /// Play starts with East's discard (East holds 14 tiles).
    fn start_play(&mut self) -> Phase {
        let seat = self.setup.dealer;
        for s in 0..4 {
            self.refresh_near(s);
        }
        Phase::Turn(Turn {
            seat,
            how: Win::SelfDrawn,
            claimed: None,
            drawn: None,
            win: self.match_of(seat),
        })
    }

    // --- turns -------------------------------------------------------------------------------

    /// Gives the turn's legal actions to `emit`: a discard of each kind held, Mah Jongg,
    /// joker exchanges, dead-hand calls.
    fn turn_actions(
        &self,
        t: &Turn,
        emit: &mut dyn FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let p = &self.players[t.seat];
        // The hand's kinds, ascending (ids ascend, and so do their kinds).
        let kinds = || {
            let mut last = None;
            p.hand.iter().map(|&id| kind_of(id)).filter(move |&k| {
                let new = last != Some(k);
                last = Some(k);
                new
            })
        };
        for kind in kinds() {
            emit(Action::Discard(kind))?;
        }
        if t.win.is_some() {
            emit(Action::MahJongg)?;
        }
        for kind in kinds().filter(|&k| k != JOKER) {
            for owner in 0..4 {
                if self.players[owner]
                    .exposures
                    .iter()
                    .any(|e| e.redeemable_for(kind))
                {
                    emit(Action::JokerExchange {
                        owner: owner as u8,
                        kind,
                    })?;
                }
            }
        }
        if self.rules.dead_hand_mode == DeadHandMode::Challenge {
            for target in 0..4 {
                if target != t.seat && self.players[target].dead.is_none() {
                    emit(Action::CallDead(target as u8))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn apply_turn(&mut self, mut t: Turn, action: Action) {
        let seat = t.seat;
        match action {
            Action::Discard(kind) => self.discard(seat, kind),
            Action::MahJongg => {
                let from = match t.how {
                    Win::Discard => t.claimed,
                    _ => None,
                };
                self.finish_win(seat, t.how, from, t.win);
            }
            Action::JokerExchange { owner, kind } => {
                self.exchange(seat, usize::from(owner), kind);
                // The natural given may be the tile just drawn: then no drawn tile is held.
                if t.drawn
                    .is_some_and(|d| !self.players[seat].hand.contains(&d))
                {
                    t.drawn = None;
                }
                if self.check_dead() {
                    return;
                }
                if self.players[seat].dead.is_some() {
                    self.next_turn(seat);
                    return;
                }
                let was = t.win.is_some();
                t.win = self.match_of(seat);
                if !was && t.win.is_some() {
                    t.how = Win::JokerExchange;
                }
                self.phase = Phase::Turn(t);
            }
            Action::CallDead(target) => {
                let target = usize::from(target);
                let dead = self.publicly_dead(target);
                if dead {
                    self.mark_dead(target, DeadReason::CannotComplete, Some(seat));
                } else {
                    self.mark_dead(seat, DeadReason::WrongChallenge, None);
                }
                if self.live_count() <= 1 {
                    self.wall_game();
                } else if dead {
                    self.phase = Phase::Turn(t);
                } else {
                    self.next_turn(seat);
                }
            }
            _ => {}
        }
    }

    fn exchange(&mut self, seat: usize, owner: usize, kind: u8) {
        let Some(natural) = self.players[seat].take_kind(kind, &[]) else {
            return;
        };
        let Some(at) = self.players[owner]
            .exposures
            .iter()
            .position(|e| e.redeemable_for(kind))
        else {
            self.players[seat].add(natural);
            return;
        };
        let e = &mut Arc::make_mut(&mut self.players[owner].exposures)[at];
        let Some(j) = e.tiles.iter().position(|&t| kind_of(t) == JOKER) else {
            self.players[seat].add(natural);
            return;
        };
        let joker = e.tiles[j];
        e.tiles[j] = natural;
        let (k, size, jokers) = (e.exposure.kind(), e.exposure.size(), e.exposure.jokers());
        if let Ok(updated) = Exposure::new(k, size, jokers - 1) {
            e.exposure = updated;
        }
        self.players[seat].add(joker);
        self.events.push(Event::JokerExchange {
            seat,
            owner,
            exposure: at,
            natural,
            joker,
        });
    }

    fn discard(&mut self, seat: usize, kind: u8) {
        let Some(tile) = self.players[seat].take_kind(kind, &[]) else {
            return;
        };
        Arc::make_mut(&mut self.players[seat].discards).push(DiscardTile {
            tile,
            claimed: false,
        });
        self.refresh_near(seat);
        self.events.push(Event::Discard { seat, tile });
        // A discarded joker is dead at once (rule 1.5.7).
        let options: [Vec<Action>; 4] = if kind == JOKER {
            Default::default()
        } else {
            std::array::from_fn(|s| self.claim_options(s, seat, kind))
        };
        if options.iter().all(Vec::is_empty) {
            self.close_discard(seat);
        } else {
            self.phase = Phase::Claims(Claims {
                from: seat,
                tile,
                options,
                responses: [None; 4],
            });
        }
    }

    /// What `seat` may claim discard `kind` from `from` for: Mah Jongg if it completes a card
    /// hand, an exposure of 3-6 identical tiles with stated jokers (rule 1.5.2); never a
    /// single or a pair (rule 1.5.3).
    fn claim_options(&self, seat: usize, from: usize, kind: u8) -> Vec<Action> {
        let p = &self.players[seat];
        if seat == from || p.dead.is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        if self.near[seat]
            && let Ok(concealed) = p.concealed().with_added(kind, false)
            && let Ok(rack) = Rack::new(concealed, p.exposure_list())
            && self
                .card
                .match_in(self.view(seat), &rack, &mut Needs::default())
                .is_some()
        {
            out.push(Action::MahJongg);
        }
        let naturals = p.count(kind);
        let jokers = p.count(JOKER);
        // The claimed tile and size - 1 tiles of the hand: naturals of its kind or jokers.
        let largest = (naturals + jokers + 1).min(6) as u8;
        for size in 3u8..=largest {
            for j in 0..size {
                let from_hand = usize::from(size - 1 - j);
                // The hand must keep a tile to discard after the claim.
                let keeps = p.hand.len() >= usize::from(size);
                if from_hand <= naturals
                    && usize::from(j) <= jokers
                    && keeps
                    && Exposure::new(kind, size, j).is_ok()
                {
                    out.push(Action::Expose { size, jokers: j });
                }
            }
        }
        out
    }

    fn resolve_claims(&mut self, c: &Claims) {
        let order: Vec<usize> = (1..4).map(|d| (c.from + d) % 4).collect();
        let pick = |want: fn(&Action) -> bool| {
            order
                .iter()
                .copied()
                .find(|&s| c.responses[s].as_ref().is_some_and(want))
        };
        if let Some(winner) = pick(|a| *a == Action::MahJongg) {
            self.take_discard(c.from);
            self.players[winner].add(c.tile);
            let won = self.match_of(winner);
            self.finish_win(winner, Win::Discard, Some((c.from, c.tile)), won);
        } else if let Some(caller) = pick(|a| matches!(a, Action::Expose { .. })) {
            if let Some(Action::Expose { size, jokers }) = c.responses[caller] {
                self.expose(caller, c.from, c.tile, size, jokers);
            }
        } else {
            self.close_discard(c.from);
        }
    }

    fn take_discard(&mut self, from: usize) {
        if let Some(d) = Arc::make_mut(&mut self.players[from].discards).last_mut() {
            d.claimed = true;
        }
    }

    fn expose(&mut self, seat: usize, from: usize, tile: u8, size: u8, jokers: u8) {
        let kind = kind_of(tile);
        self.take_discard(from);
        let p = &mut self.players[seat];
        let mut consumed = Vec::new();
        for _ in 0..(size - 1 - jokers) {
            consumed.extend(p.take_kind(kind, &[]));
        }
        for _ in 0..jokers {
            consumed.extend(p.take_kind(JOKER, &[]));
        }
        let Ok(exposure) = Exposure::new(kind, size, jokers) else {
            return;
        };
        let mut tiles = vec![tile];
        tiles.extend_from_slice(&consumed);
        Arc::make_mut(&mut p.exposures).push(Exposed {
            exposure,
            tiles,
            from,
            frozen: false,
        });
        let exposures = p.exposure_list();
        self.views[seat] = Some(self.card.view_after(self.view(seat), &exposures));
        self.events.push(Event::Expose {
            seat,
            from,
            tile,
            consumed,
            size,
            jokers,
        });
        self.check_killer_exposure(seat);
        if self.check_dead() {
            return;
        }
        if self.players[seat].dead.is_some() {
            self.next_turn(seat);
            return;
        }
        self.phase = Phase::Turn(Turn {
            seat,
            how: Win::Discard,
            claimed: Some((from, tile)),
            drawn: None,
            win: self.match_of(seat),
        });
    }

    /// The discard was not claimed: it is dead; the hands are checked and play moves on.
    fn close_discard(&mut self, from: usize) {
        if self.check_dead() {
            return;
        }
        self.next_turn(from);
    }

    /// The next live player after `after` draws; a wall game if the wall is empty or only one
    /// live player is left (spec §1.9.3).
    fn next_turn(&mut self, after: usize) {
        if self.live_count() <= 1 {
            self.wall_game();
            return;
        }
        let Some(seat) = (1..=4)
            .map(|d| (after + d) % 4)
            .find(|&s| self.players[s].dead.is_none())
        else {
            self.wall_game();
            return;
        };
        let Some(tile) = self.wall.draw() else {
            self.wall_game();
            return;
        };
        self.players[seat].add(tile);
        self.events.push(Event::Draw { seat, tile });
        // The drawn tile completes a hand only if the 13 tiles before it were at most one
        // tile away (refreshed after the seat's last discard; nothing else changes them).
        let win = if self.near[seat] {
            self.match_of(seat)
        } else {
            None
        };
        self.phase = Phase::Turn(Turn {
            seat,
            how: Win::SelfDrawn,
            claimed: None,
            drawn: Some(tile),
            win,
        });
    }

    // --- matching ----------------------------------------------------------------------------

    fn match_of(&self, seat: usize) -> Option<Match> {
        let p = &self.players[seat];
        if p.dead.is_some() || p.tile_count() != 14 {
            return None;
        }
        let rack = p.rack().ok()?;
        self.card
            .match_in(self.view(seat), &rack, &mut Needs::default())
    }

    /// The card view of `seat`'s exposures.
    fn view(&self, seat: usize) -> &Table {
        self.views[seat]
            .as_deref()
            .unwrap_or_else(|| self.card.table())
    }

    /// Whether `seat`'s 13 tiles are at most one tile from a card hand.
    fn refresh_near(&mut self, seat: usize) {
        let p = &self.players[seat];
        if p.tile_count() != 13 {
            self.near[seat] = false;
            return;
        }
        let counts = *p.concealed().counts();
        let table = self.views[seat]
            .as_deref()
            .unwrap_or_else(|| self.card.table());
        let kept = &mut self.near_needs[seat];
        let needs = match kept {
            Some(k) if k.exposures == p.exposures.len() => {
                for kind in (0..KINDS).filter(|&kind| k.counts[kind] != counts[kind]) {
                    table.change(&mut k.needs, kind, k.counts[kind], counts[kind]);
                }
                k.needs.jokers = counts[usize::from(JOKER)];
                k.counts = counts;
                &k.needs
            }
            _ => {
                let mut needs = Needs::default();
                table.needs(&counts, &mut needs);
                &kept
                    .insert(NearNeeds {
                        counts,
                        exposures: p.exposures.len(),
                        needs,
                    })
                    .needs
            }
        };
        self.near[seat] = needs.nearest().is_some_and(|d| d <= 1);
    }
}
