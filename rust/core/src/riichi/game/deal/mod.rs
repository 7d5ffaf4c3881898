//! One deal (kyoku) as a state machine: whose turn or claim window it is, each seat's legal
//! actions, and applying one. Every rule check of play lives in this module (rules R2–R16; see
//! ARCHITECTURE.md): the turn (`turn.rs`), kans and the dead wall (`kans.rs`), claims on a
//! discard or kan (`claims.rs`), wins and draws (`end.rs`), and why an action is missing
//! (`blocked.rs`), kita with three players (`kita.rs`); a player's own state is `player.rs`.
//!
//! Seats are player indices 0..players-1 for the whole game (the ruleset's `players`, 3 or
//! 4; the per-seat arrays keep four entries, those of a seat beyond the player count stay
//! empty and take no part); the seat wind of seat `s` is its distance from the dealer. A
//! rejected action returns an [`Illegal`] and changes nothing.

use std::sync::Arc;

mod blocked;
mod claims;
mod end;
mod kans;
mod kita;
mod player;
mod turn;

pub use player::{DealMeld, FURITEN, Furiten, Kita, PlayerState, PondTile};

use super::action::{Action, is_red_id, tile_class};
use super::event::{DrawReason, Event, WinRecord};
use super::reason::{Illegal, Reason};
use super::wall::Wall;
use crate::error::{Error, Result};
use crate::riichi::context::MAX_STICKS;
use crate::riichi::rules::{GameLength, Karaten, LeftoverDeposits, RedFives, Ruleset};
use crate::tile::{RIICHI_KINDS, kind_name, kind_of_id};
use crate::wind::Wind;

/// Room for the events and actions of a long deal, made once so that they rarely grow.
const EVENTS: usize = 192;
/// See [`EVENTS`].
const HISTORY: usize = 160;
/// Room for a long pond, made once.
const POND: usize = 24;

/// Where a deal starts: the round, the dealer, the sticks on the table and the scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealSetup {
    /// The round wind.
    pub round_wind: Wind,
    /// The dealer's seat (0..players-1).
    pub dealer: usize,
    /// The deal's number in its round (1..=players; `kyoku` in logs): the dealer's place from
    /// the game's first dealer, plus one.
    pub number: u8,
    /// Honba counters (0..=[`MAX_STICKS`]).
    pub honba: u32,
    /// Riichi deposits on the table (0..=[`MAX_STICKS`]).
    pub riichi_sticks: u32,
    /// Scores by seat (each within ±[`crate::options::MAX_SCORE`]; 0 for a seat beyond the
    /// player count).
    pub scores: [i64; 4],
}

impl DealSetup {
    /// Checks the ranges for the rules' player count (and that a one-deal game whose leftover
    /// deposits go back to their payers starts with none on the table: their payers are
    /// unknown).
    fn check(&self, rules: &Ruleset) -> Result<()> {
        let players = rules.player_count();
        if self.dealer >= players {
            return Err(Error::argument(format!(
                "dealer seat {} is out of range 0..={}",
                self.dealer,
                players - 1
            )));
        }
        if !(1..=players).contains(&usize::from(self.number)) {
            return Err(Error::argument(format!(
                "deal number {} is out of range 1..={players}",
                self.number
            )));
        }
        if self.scores[players..].iter().any(|&s| s != 0) {
            return Err(Error::argument(format!(
                "scores give a seat {players} but the game has {players} players"
            )));
        }
        for (name, value) in [("honba", self.honba), ("riichi_sticks", self.riichi_sticks)] {
            if value > MAX_STICKS {
                return Err(Error::argument(format!(
                    "{name} {value} is out of range 0..={MAX_STICKS}"
                )));
            }
        }
        crate::options::check_scores(&self.scores)?;
        if returns_deposits(rules) && self.riichi_sticks > 0 {
            return Err(Error::argument(format!(
                "riichi_sticks {}: in a one-deal game leftover deposits go back to their \
                 payers (R13.5), and sticks passed in have none",
                self.riichi_sticks
            )));
        }
        Ok(())
    }
}

/// Whether deposits left after this deal go back to their payers at its end: a one-deal game
/// with `leftover_deposits = returned` (R13.5).
fn returns_deposits(rules: &Ruleset) -> bool {
    rules.game_length == GameLength::OneDeal
        && rules.leftover_deposits == LeftoverDeposits::Returned
}

/// Where the tile of a turn's draw came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Draw {
    /// The live wall (or the dealer's dealt 14th tile).
    Wall,
    /// A replacement tile after a kan.
    Kan,
    /// A replacement tile after a kita (T17.1).
    Kita,
}

impl Draw {
    /// Whether it was a replacement draw (never haitei, R2.12, T2.12).
    fn replacement(self) -> bool {
        self != Self::Wall
    }
}

/// What the current turn allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TurnKind {
    /// After a draw (or the dealer's dealt hand).
    Drawn { tile: u8, draw: Draw },
    /// After a chi or pon: discard only, these kinds excepted (kuikae, bit per kind).
    Called { forbidden: u64 },
}

/// What a claim window is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Discard,
    Kakan {
        meld: usize,
    },
    Ankan,
    /// A North set aside by kita (T17.7).
    Kita,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Claims {
    from: usize,
    tile: u8,
    source: Source,
    /// Each seat's options, `Pass` last (empty: the seat has no claim).
    options: [Vec<Action>; 4],
    responses: [Option<Action>; 4],
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    Turn {
        seat: usize,
        kind: TurnKind,
        /// The legal actions, listed once when the turn starts.
        actions: Vec<Action>,
    },
    Claims(Claims),
    Over,
}

/// How a deal ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The wins (several for a multiple ron); empty for a draw.
    pub wins: Vec<WinRecord>,
    /// Why the deal was drawn, if it was.
    pub draw: Option<DrawReason>,
    /// Tenpai at an exhaustive draw.
    pub tenpai: [bool; 4],
    /// Score changes of the deal by seat (payments, riichi deposits, and at the end of a
    /// one-deal game the deposits returned).
    pub deltas: [i64; 4],
    /// The dealer keeps the deal (R16.3).
    pub dealer_keeps: bool,
    /// Riichi deposits left on the table.
    pub riichi_sticks: u32,
    /// Deposits given back to their payers by seat at a draw that ends a one-deal game
    /// (R13.5; part of the draw's `deltas`).
    pub returned: [i64; 4],
}

/// One deal in progress.
#[derive(Debug, Clone)]
pub struct Deal {
    /// Shared with the deal's copies and observations.
    rules: Arc<Ruleset>,
    setup: DealSetup,
    scores: [i64; 4],
    riichi_sticks: u32,
    wall: Wall,
    players: [PlayerState; 4],
    phase: Phase,
    /// The last turn's list of actions, emptied, for the next turn to fill (no allocation per
    /// turn).
    spare_actions: Vec<Action>,
    /// The game's log before this deal (its first `logged` events, when the game lent it:
    /// [`Self::on_log`]) and then this deal's events.
    events: Vec<Event>,
    logged: usize,
    /// Every action applied, in order, with its seat.
    history: Vec<(usize, Action)>,
    /// Any call (ankan included) so far: ends the uninterrupted first go-around.
    called: bool,
    /// Seats that made each kan, in order.
    kans: Vec<usize>,
    /// Kan indicators waiting for the declarer's discard (R5.6).
    pending_dora: usize,
    /// A riichi declared with the discard in the claim window.
    riichi_pending: Option<usize>,
    /// Seats whose riichi deposit is on the table, one entry per deposit of this deal.
    depositors: Vec<usize>,
    /// Why each seat could not ron the last tile that completed its hand, until its next
    /// draw or call (see [`Deal::blocked`]).
    passed: [Option<Reason>; 4],
    /// How the deal ended, once it has.
    outcome: Option<Outcome>,
    /// Who discarded the tile of a daiminkan whose replacement draw is on turn (R5.10).
    kan_tile_from: Option<usize>,
    red_fives: bool,
}

impl Deal {
    /// Starts a deal on `wall`: deals the tiles and gives the dealer the first turn.
    pub fn new(setup: DealSetup, wall: Wall, rules: &Ruleset) -> Result<Self> {
        Self::on_log(setup, wall, rules, &mut Vec::new())
    }

    /// [`Self::new`], the deal's events written after `log` (a game's log so far), taken
    /// once the deal starts (left as it is on an error); [`Self::take_records`] gives it back
    /// with them, so a game's log is never copied.
    pub(crate) fn on_log(
        setup: DealSetup,
        wall: Wall,
        rules: &Ruleset,
        log: &mut Vec<Event>,
    ) -> Result<Self> {
        check_supported(rules)?;
        setup.check(rules)?;
        let count = rules.player_count();
        if wall.layout().players() != count {
            return Err(Error::argument(format!(
                "a wall of {} tiles is not a {count}-player wall (136 tiles with four players, \
                 108 with three)",
                wall.order().len()
            )));
        }
        if wall.taken() != wall.layout().dealt() {
            return Err(Error::argument("the wall has already been drawn from"));
        }
        let mut hands = wall.deal();
        let first = hands[0].pop().unwrap_or_default();
        let mut players: [PlayerState; 4] = Default::default();
        let mut by_seat: [Vec<u8>; 4] = Default::default();
        for (offset, hand) in hands.into_iter().enumerate().take(count) {
            let seat = (setup.dealer + offset) % count;
            // Room for a draw: the hand does not grow again on its first.
            let mut concealed = Vec::with_capacity(hand.len() + 1);
            concealed.extend_from_slice(&hand);
            players[seat].set_hand(concealed);
            players[seat].pond = Arc::new(Vec::with_capacity(POND));
            by_seat[seat] = hand;
        }
        let dora_indicator = wall.dora_indicators()[0];
        let logged = log.len();
        let mut events = std::mem::take(log);
        events.reserve(EVENTS);
        events.push(Event::StartKyoku {
            round_wind: setup.round_wind as u8,
            number: setup.number,
            dealer: setup.dealer,
            honba: setup.honba,
            riichi_sticks: setup.riichi_sticks,
            scores: setup.scores,
            dora_indicator,
            hands: Box::new(by_seat),
        });
        let mut deal = Self {
            rules: Arc::new(rules.clone()),
            setup,
            scores: setup.scores,
            riichi_sticks: setup.riichi_sticks,
            phase: Phase::Over,
            spare_actions: Vec::new(),
            events,
            logged,
            history: Vec::with_capacity(HISTORY),
            wall,
            players,
            called: false,
            kans: Vec::new(),
            pending_dora: 0,
            riichi_pending: None,
            depositors: Vec::new(),
            passed: Default::default(),
            outcome: None,
            kan_tile_from: None,
            red_fives: rules.red_fives == RedFives::One,
        };
        for p in &mut deal.players {
            p.refresh_waits();
        }
        deal.draw_tile(setup.dealer, first, Draw::Wall);
        Ok(deal)
    }

    /// The number of players (the ruleset's `players`).
    pub fn player_count(&self) -> usize {
        self.rules.player_count()
    }

    /// The seats after `from` in turn order (R3.5, T3.5).
    fn seats_after(&self, from: usize) -> impl Iterator<Item = usize> + Clone + use<> {
        let count = self.player_count();
        (1..count).map(move |d| (from + d) % count)
    }

    /// The events so far.
    pub fn events(&self) -> &[Event] {
        &self.events[self.logged..]
    }

    /// Every action applied so far with its seat: applied in order to a deal with the same
    /// setup, wall and rules they give the same events.
    pub fn actions(&self) -> &[(usize, Action)] {
        &self.history
    }

    /// The game's log it was started on ([`Self::on_log`]; else nothing), then its events.
    pub(crate) fn log(&self) -> &[Event] {
        &self.events
    }

    /// Its log ([`Self::log`]: any game's log it was started on, then its events) and its
    /// actions, taken out of it (both left empty).
    pub(crate) fn take_records(&mut self) -> (Vec<Event>, Vec<(usize, Action)>) {
        self.logged = 0;
        (
            std::mem::take(&mut self.events),
            std::mem::take(&mut self.history),
        )
    }

    /// The outcome, once the deal is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Scores by seat (riichi deposits already taken off).
    pub fn scores(&self) -> [i64; 4] {
        self.scores
    }

    /// Riichi deposits on the table.
    pub fn riichi_sticks(&self) -> u32 {
        self.riichi_sticks
    }

    /// Seats whose riichi deposit of this deal is still on the table, one entry per deposit.
    pub fn depositors(&self) -> &[usize] {
        &self.depositors
    }

    /// What the deal started from.
    pub fn setup(&self) -> DealSetup {
        self.setup
    }

    /// The ruleset.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The ruleset, shared.
    pub fn shared_rules(&self) -> &Arc<Ruleset> {
        &self.rules
    }

    /// A player's state (seats beyond 3 wrap; one beyond the player count is empty).
    pub fn player(&self, seat: usize) -> &PlayerState {
        &self.players[seat % 4]
    }

    /// The wall.
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    /// Whether the red fives are red under the rules.
    pub fn red_fives(&self) -> bool {
        self.red_fives
    }

    /// The seat wind of `seat`.
    pub fn seat_wind(&self, seat: usize) -> Wind {
        let count = self.player_count();
        Wind::ALL[(seat + count - self.setup.dealer) % count]
    }

    /// The seat whose turn it is, when it is a turn.
    pub fn turn(&self) -> Option<usize> {
        match self.phase {
            Phase::Turn { seat, .. } => Some(seat),
            _ => None,
        }
    }

    /// The tile just drawn by the player on turn, if the turn followed a draw.
    pub fn drawn(&self) -> Option<u8> {
        match self.phase {
            Phase::Turn {
                kind: TurnKind::Drawn { tile, .. },
                ..
            } => Some(tile),
            _ => None,
        }
    }

    /// The tile a claim window is open on, and who offered it.
    pub fn claim_tile(&self) -> Option<(u8, usize)> {
        match &self.phase {
            Phase::Claims(c) => Some((c.tile, c.from)),
            _ => None,
        }
    }

    /// Whether the deal is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Whether some seat must act now (see [`Self::waiting`]).
    fn anyone_waiting(&self) -> bool {
        (0..self.player_count()).any(|s| self.must_act(s))
    }

    /// Whether `seat` must act now: it is on turn, or has a claim still to answer.
    pub fn must_act(&self, seat: usize) -> bool {
        match &self.phase {
            Phase::Turn { seat: s, .. } => *s == seat,
            Phase::Claims(c) => {
                seat < self.player_count()
                    && !c.options[seat].is_empty()
                    && c.responses[seat].is_none()
            }
            Phase::Over => false,
        }
    }

    /// The seats that must act now: the player on turn, or every seat with a claim still to
    /// answer.
    pub fn waiting(&self) -> Vec<usize> {
        (0..self.player_count())
            .filter(|&s| self.must_act(s))
            .collect()
    }

    /// The legal actions of `seat` now (empty when it need not act).
    pub fn legal(&self, seat: usize) -> &[Action] {
        match &self.phase {
            Phase::Turn {
                seat: s, actions, ..
            } if *s == seat => actions,
            Phase::Claims(c) if seat < self.player_count() && c.responses[seat].is_none() => {
                &c.options[seat]
            }
            _ => &[],
        }
    }

    /// The legal actions of `seat` now, owned (see [`Self::legal`]).
    pub fn legal_actions(&self, seat: usize) -> Vec<Action> {
        self.legal(seat).to_vec()
    }

    /// The stable code of `action` in the current state (see [`Action::code`]).
    pub fn code_of(&self, action: Action) -> usize {
        action.code(self.claim_tile().map(|(t, _)| t), self.red_fives)
    }

    /// The legal action of `seat` with stable code `code`, if there is one.
    pub fn action_of_code(&self, seat: usize, code: usize) -> Option<Action> {
        self.legal(seat)
            .iter()
            .copied()
            .find(|&a| self.code_of(a) == code)
    }

    /// The action stable code `code` names for `seat` now: the legal one when there is one,
    /// else the action it would be (a tile of that class from the hand, the pair of classes a
    /// chi or pon would take, a red five in the pair of a red-five code), so that applying it
    /// is refused with the reason. `None` when the code names no action now (a chi shape off
    /// the suit, a call without a claim window, a red five where no tile of the call is a five
    /// or the rules have none, out of range).
    pub fn decode(&self, seat: usize, code: usize) -> Option<Action> {
        if let Some(action) = self.action_of_code(seat, code) {
            return Some(action);
        }
        let p = self.players[..self.player_count()].get(seat)?;
        let red = self.red_fives;
        // A held tile of `class` other than `skip`, else the first such id of the set.
        let of_class = |class: u8, skip: Option<u8>| -> Option<u8> {
            let fits = |t: u8| tile_class(t, red) == class && Some(t) != skip;
            let kind = match class {
                34..=36 => [4, 13, 22][usize::from(class - 34)],
                k => k,
            };
            let held = p.hand.iter().copied().find(|&t| fits(t));
            held.or_else(|| (4 * kind..4 * kind + 4).find(|&t| fits(t)))
        };
        let code = u8::try_from(code).ok()?;
        Some(match code {
            0..=36 => Action::Discard(of_class(code, None)?),
            37..=73 => Action::Riichi(of_class(code - 37, None)?),
            74..=81 => {
                let kind = kind_of_id(self.claim_tile()?.0);
                let n = kind % 9;
                let mut classes = match code {
                    74 | 75 if kind < 27 && n <= 6 => [kind + 1, kind + 2],
                    76 | 77 if kind < 27 && (1..=7).contains(&n) => [kind - 1, kind + 1],
                    78 | 79 if kind < 27 && n >= 2 => [kind - 2, kind - 1],
                    80 | 81 => [kind, kind],
                    _ => return None,
                };
                if code % 2 == 1 {
                    // The red-five variant: the call's first five is the red one.
                    let five = classes.iter_mut().find(|k| **k < 27 && **k % 9 == 4)?;
                    *five = 34 + *five / 9;
                }
                let first = of_class(classes[0], None)?;
                let pair = [first, of_class(classes[1], Some(first))?];
                if code >= 80 {
                    Action::Pon(pair)
                } else {
                    Action::Chi(pair)
                }
            }
            82 => Action::Daiminkan,
            83..=116 => Action::Ankan(code - 83),
            117..=150 => Action::Kakan(of_class(code - 117, None)?),
            151 => Action::Tsumo,
            152 => Action::Ron,
            153 => Action::Kyuushu,
            154 => Action::Pass,
            155 => Action::Kita,
            _ => return None,
        })
    }

    /// Applies `action` by `seat`; an illegal action is refused with the reason and changes
    /// nothing. A discard, riichi, chi or pon may name any held copy of a tile class that
    /// [`Self::legal`] lists (it lists one id per class).
    pub fn apply(&mut self, seat: usize, action: Action) -> std::result::Result<(), Illegal> {
        if !self.is_listed(seat, action) {
            return Err(self.illegal(seat, action));
        }
        self.history.push((seat, action));
        match self.phase {
            Phase::Turn { kind, .. } => self.apply_turn(seat, action, kind),
            Phase::Claims(_) => self.respond(seat, action),
            Phase::Over => {}
        }
        Ok(())
    }

    /// Whether `action` is legal for `seat` up to the physical copy: the legal actions name
    /// one tile per class (a red five is its own class), and any held copy of the same class
    /// may be named instead (R3.1: any concealed tile may be discarded; R4.1: the caller picks
    /// the copies). A riichi player discards exactly the drawn tile (R6.3).
    fn is_listed(&self, seat: usize, action: Action) -> bool {
        let legal = self.legal(seat);
        if legal.contains(&action) {
            return true;
        }
        let Some(p) = self.players.get(seat) else {
            return false;
        };
        let class = |t: u8| tile_class(t, self.red_fives);
        let classes = |pair: [u8; 2]| {
            let mut c = [class(pair[0]), class(pair[1])];
            c.sort_unstable();
            c
        };
        let held = |ids: &[u8]| ids.iter().all(|t| p.hand.contains(t)) && ids.first() != ids.get(1);
        legal.iter().any(|&l| match (l, action) {
            (Action::Discard(a), Action::Discard(b)) => {
                !p.riichi && class(a) == class(b) && held(&[b])
            }
            (Action::Riichi(a), Action::Riichi(b)) => class(a) == class(b) && held(&[b]),
            (Action::Chi(a), Action::Chi(b)) | (Action::Pon(a), Action::Pon(b)) => {
                classes(a) == classes(b) && held(&b)
            }
            _ => false,
        })
    }

    /// Moves on to `next`, keeping a turn's list of actions (emptied) for the next turn.
    fn leave_turn(&mut self, next: Phase) {
        if let Phase::Turn { mut actions, .. } = std::mem::replace(&mut self.phase, next) {
            actions.clear();
            self.spare_actions = actions;
        }
    }

    /// Sets the turn of `seat` and lists its legal actions once.
    fn start_turn(&mut self, seat: usize, kind: TurnKind) {
        let mut actions = std::mem::take(&mut self.spare_actions);
        self.turn_actions(seat, kind, &mut actions);
        self.phase = Phase::Turn {
            seat,
            kind,
            actions,
        };
    }

    /// `seat` draws `tile` (from the live wall or a replacement, per `draw`) and is on turn.
    fn draw_tile(&mut self, seat: usize, tile: u8, draw: Draw) {
        let p = &mut self.players[seat];
        p.draw(tile);
        if !draw.replacement() {
            p.draws += 1;
        }
        p.end_temporary_furiten();
        self.passed[seat] = None;
        self.events.push(Event::Tsumo {
            seat,
            tile,
            rinshan: draw.replacement(),
        });
        self.start_turn(seat, TurnKind::Drawn { tile, draw });
    }

    /// Pays `deltas` and returns the scores after them.
    fn pay(&mut self, deltas: [i64; 4]) -> [i64; 4] {
        for (s, d) in self.scores.iter_mut().zip(deltas) {
            *s += d;
        }
        self.scores
    }
}

/// Rejects option values the engine does not play yet, rather than ignoring them. Every
/// preset plays; `declare_noten` (WRC) is a choice players may make, and the engine's players
/// never make it (every tenpai hand is shown at an exhaustive draw).
fn check_supported(rules: &Ruleset) -> Result<()> {
    let unsupported = [
        ("karaten = \"tenpai\"", rules.karaten == Karaten::Tenpai),
        ("open_riichi", rules.open_riichi),
    ];
    match unsupported.iter().find(|(_, on)| *on) {
        Some((name, _)) => Err(Error::rule(format!(
            "the game engine does not play the option {name} yet (scoring supports it)"
        ))),
        None => Ok(()),
    }
}

/// A tile id in MPSZ (`0m` for a red five).
pub fn tile_name(id: u8, red_fives: bool) -> String {
    if usize::from(id) >= crate::tile::RIICHI_TILE_COUNT {
        return format!("id {id}");
    }
    kind_name(kind_of_id(id), is_red_id(id, red_fives))
}

/// An action in words, e.g. `discard 5m`, `chi 0m6m`.
pub fn describe(action: Action, red_fives: bool) -> String {
    let t = |id: u8| tile_name(id, red_fives);
    match action {
        Action::Discard(x) | Action::Riichi(x) | Action::Kakan(x) => {
            format!("{} {}", action.name(), t(x))
        }
        Action::Chi(p) | Action::Pon(p) => format!("{} {}{}", action.name(), t(p[0]), t(p[1])),
        Action::Ankan(k) if usize::from(k) < RIICHI_KINDS => {
            format!("ankan {}", kind_name(k, false))
        }
        Action::Ankan(k) => format!("ankan of kind {k}"),
        _ => action.name().to_owned(),
    }
}

impl From<Reason> for Error {
    fn from(reason: Reason) -> Self {
        Error::argument(reason.to_string())
    }
}
