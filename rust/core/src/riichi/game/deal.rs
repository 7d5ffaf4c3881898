//! One deal (kyoku) as a state machine: whose turn or claim window it is, each seat's legal
//! actions, and applying one. Every rule check lives here (rules R2–R16; see ARCHITECTURE.md).
//!
//! Seats are player indices 0..=3 for the whole game; the seat wind of seat `s` is its
//! distance from the dealer. A rejected action returns an error and changes nothing.

use crate::decompose::is_complete;
use crate::efficiency;
use crate::error::{Error, Result};
use crate::meld::{Meld, MeldKind};
use crate::riichi::context::{Indicators, WinContext};
use crate::riichi::game::action::{Action, is_red_id, tile_class};
use crate::riichi::game::event::{DrawReason, Event, WinRecord};
use crate::riichi::game::wall::Wall;
use crate::riichi::rules::{
    KanDoraTiming, Karaten, Kuikae, MultiRon, MultiRonRenchan, PaoSet, RedFives, RiichiAnkan,
    Ruleset, Sanchahou, TempFuritenEnd, TempFuritenTrigger,
};
use crate::riichi::score::{Scored, Scorer, Win};
use crate::riichi::settlement::{self, RonShare};
use crate::tile::{RIICHI_KINDS, is_yaochuu, kind_name, kind_of_id};
use crate::tiles::Tiles;
use crate::wind::Wind;

/// Where a deal starts: the round, the dealer, the sticks on the table and the scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealSetup {
    /// The round wind.
    pub round_wind: Wind,
    /// The dealer's seat (0..=3).
    pub dealer: usize,
    /// Honba counters.
    pub honba: u32,
    /// Riichi deposits on the table.
    pub riichi_sticks: u32,
    /// Scores by seat.
    pub scores: [i64; 4],
}

/// One discard in a player's pond.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PondTile {
    /// The tile.
    pub tile: u8,
    /// The drawn tile was discarded.
    pub tsumogiri: bool,
    /// The riichi declaration discard.
    pub riichi: bool,
    /// Claimed by another player (it still counts for furiten and nagashi).
    pub called: bool,
}

/// A declared meld with its physical tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealMeld {
    /// The meld for scoring.
    pub meld: Meld,
    /// Its tiles (3 or 4 ids).
    pub tiles: Vec<u8>,
    /// The claimed tile, if any.
    pub called: Option<u8>,
    /// Who discarded the claimed tile.
    pub from: Option<usize>,
}

/// What one player has and has done.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// Concealed tiles, ascending ids.
    pub hand: Vec<u8>,
    /// Declared melds.
    pub melds: Vec<DealMeld>,
    /// Discards in order, called ones included.
    pub pond: Vec<PondTile>,
    /// Riichi declared and accepted.
    pub riichi: bool,
    /// The riichi was a double riichi.
    pub double_riichi: bool,
    /// Inside the ippatsu window.
    pub ippatsu: bool,
    /// Temporary furiten (R11.3).
    pub temp_furiten: bool,
    /// Riichi furiten (R11.4).
    pub riichi_furiten: bool,
    /// Wall draws taken (the dealer's 14th tile counts).
    pub draws: u32,
    /// Who is liable for a pao yakuman of this player.
    pub liable: Option<usize>,
    /// Wait kinds of the concealed part when it has 3n+1 tiles.
    waits: Vec<u8>,
}

impl PlayerState {
    /// Whether no meld opens the hand.
    pub fn closed(&self) -> bool {
        self.melds.iter().all(|m| !m.meld.is_open())
    }

    fn counts(&self) -> [u8; RIICHI_KINDS] {
        let mut counts = [0u8; RIICHI_KINDS];
        for &t in &self.hand {
            counts[usize::from(kind_of_id(t))] += 1;
        }
        counts
    }

    fn held(&self, kind: u8) -> usize {
        self.hand.iter().filter(|&&t| kind_of_id(t) == kind).count()
    }

    /// The wait kinds of the 3n+1 concealed part (a kind held four times, melds included,
    /// never counts: R13.1).
    pub fn waits(&self) -> &[u8] {
        &self.waits
    }

    fn refresh_waits(&mut self) {
        let counts = self.counts();
        let mut waits = efficiency::waits(&counts).unwrap_or_default();
        waits.retain(|&k| {
            let in_melds: usize = self
                .melds
                .iter()
                .map(|m| m.tiles.iter().filter(|&&t| kind_of_id(t) == k).count())
                .sum();
            usize::from(counts[usize::from(k)]) + in_melds < 4
        });
        self.waits = waits;
    }

    fn discard_furiten(&self) -> bool {
        self.pond
            .iter()
            .any(|p| self.waits.contains(&kind_of_id(p.tile)))
    }

    /// Whether the player may not ron (any of the three furiten kinds).
    pub fn furiten(&self) -> bool {
        self.temp_furiten || self.riichi_furiten || self.discard_furiten()
    }

    fn take(&mut self, tile: u8) -> Result<()> {
        let at = self
            .hand
            .iter()
            .position(|&t| t == tile)
            .ok_or_else(|| Error::argument(format!("tile id {tile} is not in the hand")))?;
        self.hand.remove(at);
        Ok(())
    }

    fn add(&mut self, tile: u8) {
        let at = self.hand.partition_point(|&t| t < tile);
        self.hand.insert(at, tile);
    }
}

/// What the current turn allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TurnKind {
    /// After a wall draw (or the dealer's dealt hand).
    Drawn { tile: u8, rinshan: bool },
    /// After a chi or pon: discard only, these kinds excepted (kuikae, bit per kind).
    Called { forbidden: u64 },
}

/// What a claim window is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Discard,
    Kakan { meld: usize },
    Ankan,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Claims {
    from: usize,
    tile: u8,
    source: Source,
    options: [Vec<Action>; 4],
    responses: [Option<Action>; 4],
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    Turn { seat: usize, kind: TurnKind },
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
    /// Score changes of the deal by seat (payments and riichi deposits).
    pub deltas: [i64; 4],
    /// The dealer keeps the deal (R16.3).
    pub dealer_keeps: bool,
    /// Riichi deposits left on the table.
    pub riichi_sticks: u32,
}

/// One deal in progress.
#[derive(Debug, Clone)]
pub struct Deal {
    rules: Ruleset,
    setup: DealSetup,
    scores: [i64; 4],
    riichi_sticks: u32,
    wall: Wall,
    players: [PlayerState; 4],
    phase: Phase,
    events: Vec<Event>,
    /// Any call (ankan included) so far: ends the uninterrupted first go-around.
    called: bool,
    /// Seats that made each kan, in order.
    kans: Vec<usize>,
    /// Kan indicators waiting for the declarer's discard (R5.6).
    pending_dora: usize,
    /// A riichi declared with the discard in the claim window.
    riichi_pending: Option<usize>,
    /// How the deal ended, once it has.
    outcome: Option<Outcome>,
    /// Who discarded the tile of a daiminkan whose replacement draw is on turn (R5.10).
    kan_tile_from: Option<usize>,
    red_fives: bool,
}

impl Deal {
    /// Starts a deal on `wall`: deals the tiles and gives the dealer the first turn.
    pub fn new(setup: DealSetup, wall: Wall, rules: &Ruleset) -> Result<Self> {
        check_supported(rules)?;
        if setup.dealer > 3 {
            return Err(Error::argument(format!(
                "dealer seat {} is out of range 0..=3",
                setup.dealer
            )));
        }
        let hands = wall.deal();
        let mut players: [PlayerState; 4] = Default::default();
        let mut by_seat: [Vec<u8>; 4] = Default::default();
        for (offset, hand) in hands.iter().enumerate() {
            let seat = (setup.dealer + offset) % 4;
            by_seat[seat] = hand.clone();
            players[seat].hand = hand.clone();
            players[seat].hand.sort_unstable();
        }
        let first = hands[0][13];
        players[setup.dealer].draws = 1;
        let red_fives = rules.red_fives == RedFives::One;
        let mut deal = Self {
            rules: rules.clone(),
            setup,
            scores: setup.scores,
            riichi_sticks: setup.riichi_sticks,
            phase: Phase::Turn {
                seat: setup.dealer,
                kind: TurnKind::Drawn {
                    tile: first,
                    rinshan: false,
                },
            },
            events: vec![Event::StartKyoku {
                round_wind: setup.round_wind as u8,
                dealer: setup.dealer,
                honba: setup.honba,
                riichi_sticks: setup.riichi_sticks,
                scores: setup.scores,
                dora_indicator: wall.dora_indicators()[0],
                hands: by_seat,
            }],
            wall,
            players,
            called: false,
            kans: Vec::new(),
            pending_dora: 0,
            riichi_pending: None,
            outcome: None,
            kan_tile_from: None,
            red_fives,
        };
        for seat in 0..4 {
            if seat != setup.dealer {
                deal.players[seat].refresh_waits();
            }
        }
        Ok(deal)
    }

    /// The events so far.
    pub fn events(&self) -> &[Event] {
        &self.events
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

    /// What the deal started from.
    pub fn setup(&self) -> DealSetup {
        self.setup
    }

    /// The ruleset.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// A player's state.
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
        Wind::ALL[(seat + 4 - self.setup.dealer) % 4]
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

    /// The seats that must act now: the player on turn, or every seat with a claim still to
    /// answer.
    pub fn waiting(&self) -> Vec<usize> {
        match &self.phase {
            Phase::Turn { seat, .. } => vec![*seat],
            Phase::Claims(c) => (0..4)
                .filter(|&s| !c.options[s].is_empty() && c.responses[s].is_none())
                .collect(),
            Phase::Over => Vec::new(),
        }
    }

    /// The legal actions of `seat` now (empty when it need not act).
    pub fn legal_actions(&self, seat: usize) -> Vec<Action> {
        match &self.phase {
            Phase::Turn { seat: s, kind } if *s == seat => self.turn_actions(seat, *kind),
            Phase::Claims(c) if seat < 4 && c.responses[seat].is_none() => {
                let mut out = c.options[seat].clone();
                if !out.is_empty() {
                    out.push(Action::Pass);
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// Applies `action` by `seat`; an illegal action is an error naming it and why, and
    /// changes nothing. A discard, riichi, chi or pon may name any held copy of a tile class
    /// that [`Self::legal_actions`] lists (it lists one id per class).
    pub fn apply(&mut self, seat: usize, action: Action) -> Result<()> {
        let legal = self.legal_actions(seat);
        if !self.is_listed(seat, action, &legal) {
            return Err(self.why_illegal(seat, action, &legal));
        }
        match (&self.phase, action) {
            (Phase::Turn { .. }, _) => self.apply_turn(seat, action),
            (Phase::Claims(_), _) => self.respond(seat, action),
            (Phase::Over, _) => Err(Error::argument("the deal is over")),
        }
    }

    /// Whether `action` is among `legal` up to the physical copy: the legal actions name one
    /// tile per class (a red five is its own class), and any held copy of the same class may
    /// be named instead (R3.1: any concealed tile may be discarded; R4.1: the caller picks the
    /// copies). A riichi player discards exactly the drawn tile (R6.3).
    fn is_listed(&self, seat: usize, action: Action, legal: &[Action]) -> bool {
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

    fn why_illegal(&self, seat: usize, action: Action, legal: &[Action]) -> Error {
        let what = describe(action, self.red_fives);
        let why = if seat > 3 {
            format!("seat {seat} is out of range 0..=3")
        } else if legal.is_empty() {
            match &self.phase {
                Phase::Over => "the deal is over".to_owned(),
                _ => format!("it is not seat {seat}'s turn to act"),
            }
        } else {
            match action {
                Action::Discard(t) | Action::Riichi(t) if !self.players[seat].hand.contains(&t) => {
                    format!("tile {} is not in the hand", tile_name(t, self.red_fives))
                }
                Action::Riichi(_) if self.players[seat].riichi => "already in riichi".to_owned(),
                Action::Riichi(_) if !self.players[seat].closed() => {
                    "riichi needs a closed hand".to_owned()
                }
                Action::Riichi(_)
                    if self
                        .rules
                        .riichi_min_points
                        .is_some_and(|p| self.scores[seat] < i64::from(p)) =>
                {
                    "riichi needs at least the minimum points".to_owned()
                }
                Action::Riichi(_) => {
                    "riichi needs tenpai after the discard and enough live tiles".to_owned()
                }
                Action::Discard(_) if self.players[seat].riichi => {
                    "in riichi only the drawn tile may be discarded".to_owned()
                }
                Action::Discard(_) => {
                    "that discard is forbidden after this call (kuikae)".to_owned()
                }
                Action::Ron | Action::Tsumo => {
                    "not a winning hand with a yaku here (or furiten)".to_owned()
                }
                _ => "not among the legal actions now".to_owned(),
            }
        };
        Error::argument(format!("illegal action {what} by seat {seat}: {why}"))
    }

    // --- the turn --------------------------------------------------------------------------

    fn turn_actions(&self, seat: usize, kind: TurnKind) -> Vec<Action> {
        let p = &self.players[seat];
        let mut out = Vec::new();
        let TurnKind::Drawn { tile: drawn, .. } = kind else {
            let TurnKind::Called { forbidden } = kind else {
                unreachable!()
            };
            return self.discards(seat, None, forbidden);
        };
        if self.tsumo_scored(seat, drawn).is_some() {
            out.push(Action::Tsumo);
        }
        if p.riichi {
            out.push(Action::Discard(drawn));
            out.extend(self.riichi_ankan(seat, drawn));
            return out;
        }
        out.extend(self.discards(seat, Some(drawn), 0));
        out.extend(self.riichi_options(seat, drawn));
        out.extend(self.ankan_options(seat));
        out.extend(self.kakan_options(seat));
        if self.kyuushu_allowed(seat) {
            out.push(Action::Kyuushu);
        }
        out
    }

    /// One discard per tile class, the drawn tile preferred (tsumogiri).
    fn discards(&self, seat: usize, drawn: Option<u8>, forbidden: u64) -> Vec<Action> {
        let mut out: Vec<Action> = Vec::new();
        let mut seen = 0u64;
        let order = drawn
            .into_iter()
            .chain(self.players[seat].hand.iter().copied());
        for t in order {
            let class = tile_class(t, self.red_fives);
            if seen & (1 << class) != 0 || forbidden & (1 << kind_of_id(t)) != 0 {
                continue;
            }
            seen |= 1 << class;
            out.push(Action::Discard(t));
        }
        out
    }

    fn riichi_options(&self, seat: usize, drawn: u8) -> Vec<Action> {
        let p = &self.players[seat];
        let enough_points = self
            .rules
            .riichi_min_points
            .is_none_or(|min| self.scores[seat] >= i64::from(min));
        let live = self.wall.live() >= self.rules.riichi_min_live_tiles.get() as usize;
        if p.riichi || !p.closed() || !enough_points || !live {
            return Vec::new();
        }
        // A hand more than one tile from complete has no tenpai discard (a quick table check).
        let near = crate::shanten::shanten(&p.counts(), crate::shanten::Form::All);
        if near.is_ok_and(|s| s > 0) {
            return Vec::new();
        }
        self.discards(seat, Some(drawn), 0)
            .into_iter()
            .filter_map(|a| match a {
                Action::Discard(t) => {
                    let mut after = p.clone();
                    after.take(t).ok()?;
                    after.refresh_waits();
                    (!after.waits.is_empty()).then_some(Action::Riichi(t))
                }
                _ => None,
            })
            .collect()
    }

    fn kan_possible(&self) -> bool {
        let one_player_four = self.kans.len() == 4;
        self.wall.can_kan() && !one_player_four && self.kans.len() < 4
    }

    fn ankan_options(&self, seat: usize) -> Vec<Action> {
        if !self.kan_possible() {
            return Vec::new();
        }
        let counts = self.players[seat].counts();
        (0..RIICHI_KINDS as u8)
            .filter(|&k| counts[usize::from(k)] == 4)
            .map(Action::Ankan)
            .collect()
    }

    fn kakan_options(&self, seat: usize) -> Vec<Action> {
        if !self.kan_possible() {
            return Vec::new();
        }
        let p = &self.players[seat];
        p.melds
            .iter()
            .filter(|m| m.meld.kind() == MeldKind::Pon)
            .filter_map(|m| {
                let kind = kind_of_id(m.tiles[0]);
                p.hand
                    .iter()
                    .find(|&&t| kind_of_id(t) == kind)
                    .map(|&t| Action::Kakan(t))
            })
            .collect()
    }

    /// Ankan in riichi (R6.3): only of the drawn tile's kind, only when the waits stay the
    /// same (and, for `same_waits_and_shape`, every reading keeps the three as a triplet).
    fn riichi_ankan(&self, seat: usize, drawn: u8) -> Vec<Action> {
        let kind = kind_of_id(drawn);
        if self.rules.riichi_ankan == RiichiAnkan::None
            || !self.kan_possible()
            || self.players[seat].held(kind) != 4
        {
            return Vec::new();
        }
        let p = &self.players[seat];
        let mut before = p.clone();
        if before.take(drawn).is_err() {
            return Vec::new();
        }
        before.refresh_waits();
        let mut after = p.clone();
        after.hand.retain(|&t| kind_of_id(t) != kind);
        after.melds.push(DealMeld {
            meld: Meld::new(
                MeldKind::Ankan,
                Tiles::from_kinds([i64::from(kind); 4]).unwrap_or_default(),
                None,
                None,
            )
            .unwrap_or_else(|_| p.melds[0].meld),
            tiles: vec![],
            called: None,
            from: None,
        });
        after.refresh_waits();
        if before.waits != after.waits || before.waits.is_empty() {
            return Vec::new();
        }
        if self.rules.riichi_ankan == RiichiAnkan::SameWaitsAndShape {
            let counts = before.counts();
            let triplet_always = before.waits.iter().all(|&w| {
                let mut c = counts;
                c[usize::from(w)] += 1;
                crate::decompose::decompose(&c)
                    .unwrap_or_default()
                    .iter()
                    .all(|d| d.sets().contains(&crate::decompose::Set::Triplet(kind)))
            });
            if !triplet_always {
                return Vec::new();
            }
        }
        vec![Action::Ankan(kind)]
    }

    fn kyuushu_allowed(&self, seat: usize) -> bool {
        let p = &self.players[seat];
        if !self.rules.kyuushu_kyuuhai || self.called || !p.pond.is_empty() {
            return false;
        }
        let counts = p.counts();
        crate::tile::YAOCHUU
            .iter()
            .filter(|&&k| counts[usize::from(k)] > 0)
            .count()
            >= 9
    }

    fn apply_turn(&mut self, seat: usize, action: Action) -> Result<()> {
        let Phase::Turn { kind, .. } = self.phase else {
            unreachable!()
        };
        let drawn = match kind {
            TurnKind::Drawn { tile, .. } => Some(tile),
            TurnKind::Called { .. } => None,
        };
        match action {
            Action::Discard(t) => self.discard(seat, t, drawn, false),
            Action::Riichi(t) => self.discard(seat, t, drawn, true),
            Action::Tsumo => {
                let (scored, ctx) = self
                    .tsumo_scored(seat, drawn.unwrap_or_default())
                    .ok_or_else(|| Error::argument("tsumo is not possible"))?;
                self.finish_wins(vec![(seat, seat, drawn.unwrap_or_default(), scored, ctx)]);
                Ok(())
            }
            Action::Ankan(kind) => self.ankan(seat, kind),
            Action::Kakan(tile) => self.kakan(seat, tile),
            Action::Kyuushu => {
                self.end_draw(DrawReason::KyuushuKyuuhai, [false; 4], [false; 4], [0; 4]);
                Ok(())
            }
            _ => Err(Error::argument("not a turn action")),
        }
    }

    fn discard(&mut self, seat: usize, tile: u8, drawn: Option<u8>, riichi: bool) -> Result<()> {
        let double = riichi && !self.called && self.players[seat].pond.is_empty();
        self.kan_tile_from = None;
        let p = &mut self.players[seat];
        p.take(tile)?;
        if riichi {
            self.events.push(Event::Reach { seat });
            self.riichi_pending = Some(seat);
            p.double_riichi = double;
        }
        p.ippatsu = false;
        p.temp_furiten = false;
        p.pond.push(PondTile {
            tile,
            tsumogiri: drawn == Some(tile),
            riichi,
            called: false,
        });
        p.refresh_waits();
        self.events.push(Event::Dahai {
            seat,
            tile,
            tsumogiri: drawn == Some(tile),
        });
        self.reveal_pending();
        self.open_claims(seat, tile, Source::Discard);
        Ok(())
    }

    fn reveal_pending(&mut self) {
        for _ in 0..self.pending_dora {
            if let Some(indicator) = self.wall.reveal() {
                self.events.push(Event::Dora { indicator });
            }
        }
        self.pending_dora = 0;
    }

    fn start_kan(&mut self, seat: usize) {
        self.kan_tile_from = None;
        if self.rules.kan_dora_timing == KanDoraTiming::Tenhou {
            self.reveal_pending();
        }
        self.called = true;
        for p in &mut self.players {
            p.ippatsu = false;
        }
        self.kans.push(seat);
    }

    fn ankan(&mut self, seat: usize, kind: u8) -> Result<()> {
        let tiles: Vec<u8> = self.players[seat]
            .hand
            .iter()
            .copied()
            .filter(|&t| kind_of_id(t) == kind)
            .collect();
        let meld = Meld::new(MeldKind::Ankan, self.tiles_of(&tiles)?, None, None)?;
        self.start_kan(seat);
        let p = &mut self.players[seat];
        p.hand.retain(|&t| kind_of_id(t) != kind);
        p.melds.push(DealMeld {
            meld,
            tiles: tiles.clone(),
            called: None,
            from: None,
        });
        self.events.push(Event::Ankan {
            seat,
            consumed: [tiles[0], tiles[1], tiles[2], tiles[3]],
        });
        self.kan_indicator(self.rules.kan_dora_timing != KanDoraTiming::AfterDiscard);
        if self.rules.kokushi_rob_ankan {
            self.open_claims(seat, tiles[3], Source::Ankan);
            return Ok(());
        }
        self.replacement_draw(seat);
        Ok(())
    }

    fn kakan(&mut self, seat: usize, tile: u8) -> Result<()> {
        let kind = kind_of_id(tile);
        let at = self.players[seat]
            .melds
            .iter()
            .position(|m| m.meld.kind() == MeldKind::Pon && kind_of_id(m.tiles[0]) == kind)
            .ok_or_else(|| Error::argument("no pon to add to"))?;
        let consumed = {
            let t = &self.players[seat].melds[at].tiles;
            [t[0], t[1], t[2]]
        };
        self.players[seat].take(tile)?;
        self.events.push(Event::Kakan {
            seat,
            tile,
            consumed,
        });
        // R5.6 (`tenhou`): an indicator still pending from the declarer's earlier kan is
        // revealed immediately before this further kan, so before the chankan window (the
        // kakan's own indicator waits until the kan completes, R5.7).
        if self.rules.kan_dora_timing == KanDoraTiming::Tenhou {
            self.reveal_pending();
        }
        self.open_claims(seat, tile, Source::Kakan { meld: at });
        Ok(())
    }

    /// Completes a kakan nobody robbed.
    fn complete_kakan(&mut self, seat: usize, tile: u8, at: usize) -> Result<()> {
        self.start_kan(seat);
        let old = self.players[seat].melds[at].clone();
        let mut tiles = old.tiles.clone();
        tiles.push(tile);
        let meld = Meld::new(
            MeldKind::Kakan,
            self.tiles_of(&tiles)?,
            old.meld.called(),
            old.meld.from_seat(),
        )?;
        self.players[seat].melds[at] = DealMeld {
            meld,
            tiles,
            called: old.called,
            from: old.from,
        };
        self.after_open_kan();
        self.replacement_draw(seat);
        Ok(())
    }

    fn after_open_kan(&mut self) {
        self.kan_indicator(self.rules.kan_dora_timing == KanDoraTiming::Immediate);
    }

    /// A kan's new indicator (only with `kan_dora`, R10.4), revealed `now` or left pending
    /// for the declarer's discard or next kan (R5.6).
    fn kan_indicator(&mut self, now: bool) {
        if self.rules.kan_dora {
            self.pending_dora += 1;
        }
        if now {
            self.reveal_pending();
        }
    }

    fn replacement_draw(&mut self, seat: usize) {
        match self.wall.draw_replacement() {
            Some(tile) => {
                let p = &mut self.players[seat];
                p.add(tile);
                p.temp_furiten = false;
                self.events.push(Event::Tsumo {
                    seat,
                    tile,
                    rinshan: true,
                });
                self.phase = Phase::Turn {
                    seat,
                    kind: TurnKind::Drawn {
                        tile,
                        rinshan: true,
                    },
                };
            }
            None => self.exhaustive_draw(),
        }
    }

    // --- claims -----------------------------------------------------------------------------

    fn open_claims(&mut self, from: usize, tile: u8, source: Source) {
        let houtei = source == Source::Discard && self.wall.live() == 0;
        let mut options: [Vec<Action>; 4] = Default::default();
        for (seat, opts) in options.iter_mut().enumerate() {
            if seat == from {
                continue;
            }
            if self.ron_scored(seat, from, tile, source).is_some() {
                opts.push(Action::Ron);
            }
            if source == Source::Discard && !houtei && !self.players[seat].riichi {
                opts.extend(self.call_options(seat, from, tile));
            }
        }
        self.phase = Phase::Claims(Claims {
            from,
            tile,
            source,
            options,
            responses: Default::default(),
        });
        if self.waiting().is_empty() {
            self.resolve_claims();
        }
    }

    fn call_options(&self, seat: usize, from: usize, tile: u8) -> Vec<Action> {
        let kind = kind_of_id(tile);
        let p = &self.players[seat];
        let same: Vec<u8> = p
            .hand
            .iter()
            .copied()
            .filter(|&t| kind_of_id(t) == kind)
            .collect();
        let mut out = Vec::new();
        if same.len() >= 2 {
            for pair in self.distinct_pairs(&same, &same) {
                if self.has_discard_after(seat, &pair, self.kuikae_kinds(kind, kind, false)) {
                    out.push(Action::Pon(pair));
                }
            }
        }
        if same.len() == 3 && self.kan_possible() {
            out.push(Action::Daiminkan);
        }
        if seat == (from + 1) % 4 && kind < 27 {
            let n = kind % 9;
            for low in n.saturating_sub(2)..=n.min(6) {
                let base = kind - n + low;
                let others: Vec<u8> = (base..base + 3).filter(|&k| k != kind).collect();
                let a: Vec<u8> = p
                    .hand
                    .iter()
                    .copied()
                    .filter(|&t| kind_of_id(t) == others[0])
                    .collect();
                let b: Vec<u8> = p
                    .hand
                    .iter()
                    .copied()
                    .filter(|&t| kind_of_id(t) == others[1])
                    .collect();
                for pair in self.distinct_pairs(&a, &b) {
                    if self.has_discard_after(seat, &pair, self.kuikae_kinds(kind, base, true)) {
                        out.push(Action::Chi(pair));
                    }
                }
            }
        }
        out
    }

    /// Tile pairs `(x, y)` with `x` from `a` and `y` from `b`, one per distinct pair of
    /// classes (a red five is its own class).
    fn distinct_pairs(&self, a: &[u8], b: &[u8]) -> Vec<[u8; 2]> {
        let same = a == b;
        let mut out: Vec<[u8; 2]> = Vec::new();
        let mut seen: Vec<(u8, u8)> = Vec::new();
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                if same && j <= i {
                    continue;
                }
                let mut classes = (tile_class(x, self.red_fives), tile_class(y, self.red_fives));
                if classes.0 > classes.1 {
                    classes = (classes.1, classes.0);
                }
                if !seen.contains(&classes) {
                    seen.push(classes);
                    out.push([x, y]);
                }
            }
        }
        out
    }

    /// Kinds the caller may not discard right after the call (R4.5), as bits.
    fn kuikae_kinds(&self, called: u8, base: u8, chi: bool) -> u64 {
        let mut bits = 1u64 << called;
        if self.rules.kuikae == Kuikae::Allowed {
            return 0;
        }
        if chi && self.rules.kuikae == Kuikae::ForbiddenInclSuji {
            let n = called % 9;
            if called == base && n + 3 <= 8 {
                bits |= 1 << (called + 3);
            }
            if called == base + 2 && n >= 3 {
                bits |= 1 << (called - 3);
            }
        }
        bits
    }

    /// Whether the caller keeps a tile it may discard after using `pair` (R4.5e).
    fn has_discard_after(&self, seat: usize, pair: &[u8; 2], forbidden: u64) -> bool {
        self.players[seat]
            .hand
            .iter()
            .any(|t| !pair.contains(t) && forbidden & (1 << kind_of_id(*t)) == 0)
    }

    fn respond(&mut self, seat: usize, action: Action) -> Result<()> {
        let Phase::Claims(claims) = &mut self.phase else {
            unreachable!()
        };
        claims.responses[seat] = Some(action);
        if self.waiting().is_empty() {
            self.resolve_claims();
        }
        Ok(())
    }

    fn resolve_claims(&mut self) {
        let Phase::Claims(claims) = std::mem::replace(&mut self.phase, Phase::Over) else {
            unreachable!()
        };
        let order: Vec<usize> = (1..4).map(|d| (claims.from + d) % 4).collect();
        let mut rons: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&s| claims.responses[s] == Some(Action::Ron))
            .collect();
        match self.rules.multi_ron {
            MultiRon::HeadBump => rons.truncate(1),
            MultiRon::Double if rons.len() == 3 => {
                if self.rules.sanchahou == Sanchahou::Abort {
                    // R6.2: a riichi declared with the discard three players ron is void.
                    self.riichi_pending = None;
                    self.end_draw(DrawReason::Sanchahou, [false; 4], [false; 4], [0; 4]);
                    return;
                }
                rons.truncate(2);
            }
            _ => {}
        }
        self.mark_passes(&claims, &rons);
        if !rons.is_empty() {
            let wins = rons
                .iter()
                .filter_map(|&s| {
                    self.ron_scored(s, claims.from, claims.tile, claims.source)
                        .map(|(scored, ctx)| (s, claims.from, claims.tile, scored, ctx))
                })
                .collect();
            self.finish_wins(wins);
            return;
        }
        self.accept_riichi();
        if self.outcome.is_some() {
            return;
        }
        let call = order
            .iter()
            .copied()
            .find_map(|s| match claims.responses[s] {
                Some(a @ (Action::Pon(_) | Action::Daiminkan)) => Some((s, a)),
                _ => None,
            });
        let call = call.or_else(|| {
            order
                .iter()
                .copied()
                .find_map(|s| match claims.responses[s] {
                    Some(a @ Action::Chi(_)) => Some((s, a)),
                    _ => None,
                })
        });
        match (claims.source, call) {
            (Source::Kakan { meld }, _) => {
                let _ = self.complete_kakan(claims.from, claims.tile, meld);
            }
            (Source::Ankan, _) => self.replacement_draw(claims.from),
            (Source::Discard, Some((seat, action))) => {
                let _ = self.call(seat, claims.from, claims.tile, action);
            }
            (Source::Discard, None) => self.after_discard(claims.from),
        }
    }

    /// Furiten for every player who let a wait tile go by (R11.3, R11.4, R5.5). A tile
    /// shown in an ankan is passed only by a player who could rob it (a kokushi wait under
    /// `kokushi_rob_ankan`, R5.4): for anyone else it was never on offer.
    fn mark_passes(&mut self, claims: &Claims, winners: &[usize]) {
        let kind = kind_of_id(claims.tile);
        for seat in (0..4).filter(|&s| s != claims.from && !winners.contains(&s)) {
            let had_ron = claims.options[seat].contains(&Action::Ron);
            let p = &mut self.players[seat];
            let trigger = match self.rules.temp_furiten_trigger {
                _ if claims.source == Source::Ankan => had_ron,
                TempFuritenTrigger::AnyWaitTile => p.waits.contains(&kind),
                TempFuritenTrigger::LegalRonOnly => had_ron,
            };
            if trigger {
                p.temp_furiten = true;
                if p.riichi {
                    p.riichi_furiten = true;
                }
            }
        }
    }

    fn accept_riichi(&mut self) {
        let Some(seat) = self.riichi_pending.take() else {
            return;
        };
        let p = &mut self.players[seat];
        p.riichi = true;
        p.ippatsu = true;
        self.scores[seat] -= i64::from(self.rules.riichi_deposit);
        self.riichi_sticks += 1;
        self.events.push(Event::ReachAccepted { seat });
        if self.rules.suucha_riichi && self.players.iter().all(|p| p.riichi) {
            // R14.3: four riichi hands are all tenpai (R6.1).
            self.end_draw(DrawReason::SuuchaRiichi, [true; 4], [false; 4], [0; 4]);
        }
    }

    fn call(&mut self, seat: usize, from: usize, tile: u8, action: Action) -> Result<()> {
        let kind = kind_of_id(tile);
        let (meld_kind, consumed): (MeldKind, Vec<u8>) = match action {
            Action::Chi(pair) => (MeldKind::Chi, pair.to_vec()),
            Action::Pon(pair) => (MeldKind::Pon, pair.to_vec()),
            _ => (
                MeldKind::Daiminkan,
                self.players[seat]
                    .hand
                    .iter()
                    .copied()
                    .filter(|&t| kind_of_id(t) == kind)
                    .collect(),
            ),
        };
        let mut tiles = consumed.clone();
        tiles.push(tile);
        tiles.sort_unstable();
        let meld = Meld::new(
            meld_kind,
            self.tiles_of(&tiles)?,
            Some(kind),
            Some(from as u8),
        )?;
        if meld_kind == MeldKind::Daiminkan {
            self.start_kan(seat);
        }
        self.called = true;
        for p in &mut self.players {
            p.ippatsu = false;
            if self.rules.temp_furiten_end == TempFuritenEnd::AnyCallToo {
                p.temp_furiten = false;
            }
        }
        if let Some(last) = self.players[from].pond.last_mut() {
            last.called = true;
        }
        let p = &mut self.players[seat];
        for &t in &consumed {
            p.take(t)?;
        }
        p.temp_furiten = false;
        p.melds.push(DealMeld {
            meld,
            tiles,
            called: Some(tile),
            from: Some(from),
        });
        self.check_pao(seat, from, meld_kind, kind);
        self.events.push(Event::Call {
            seat,
            kind: meld_kind,
            from,
            tile,
            consumed,
        });
        if meld_kind == MeldKind::Daiminkan {
            self.after_open_kan();
            self.kan_tile_from = Some(from);
            self.replacement_draw(seat);
        } else {
            let base = match action {
                Action::Chi(pair) => pair
                    .iter()
                    .map(|&t| kind_of_id(t))
                    .chain([kind])
                    .min()
                    .unwrap_or(kind),
                _ => kind,
            };
            let forbidden = self.kuikae_kinds(kind, base, meld_kind == MeldKind::Chi);
            self.phase = Phase::Turn {
                seat,
                kind: TurnKind::Called { forbidden },
            };
        }
        Ok(())
    }

    /// Liability (R15.1) when this call completes the third dragon set, the fourth wind set,
    /// or (with the option) the fourth kan.
    fn check_pao(&mut self, seat: usize, from: usize, kind: MeldKind, tile_kind: u8) {
        let p = &mut self.players[seat];
        let sets_of = |range: std::ops::RangeInclusive<u8>| {
            p.melds
                .iter()
                .filter(|m| {
                    m.meld.kind() != MeldKind::Chi && range.contains(&kind_of_id(m.tiles[0]))
                })
                .count()
        };
        let dragons = (31..=33).contains(&tile_kind)
            && sets_of(31..=33) == 3
            && self.rules.pao.contains(PaoSet::DAISANGEN);
        let winds = (27..=30).contains(&tile_kind)
            && sets_of(27..=30) == 4
            && self.rules.pao.contains(PaoSet::DAISUUSHII);
        let kans = kind == MeldKind::Daiminkan
            && p.melds.iter().filter(|m| m.meld.kind().is_kan()).count() == 4
            && self.rules.pao.contains(PaoSet::SUUKANTSU);
        if (dragons || winds || kans) && p.liable.is_none() {
            p.liable = Some(from);
        }
    }

    fn after_discard(&mut self, from: usize) {
        if self.first_round_aborts() {
            return;
        }
        if self.rules.suukaikan
            && self.kans.len() == 4
            && self.kans.iter().any(|&s| s != self.kans[0])
        {
            self.end_draw(DrawReason::Suukaikan, [false; 4], [false; 4], [0; 4]);
            return;
        }
        let next = (from + 1) % 4;
        match self.wall.draw() {
            Some(tile) => {
                let p = &mut self.players[next];
                p.add(tile);
                p.draws += 1;
                p.temp_furiten = false;
                self.events.push(Event::Tsumo {
                    seat: next,
                    tile,
                    rinshan: false,
                });
                self.phase = Phase::Turn {
                    seat: next,
                    kind: TurnKind::Drawn {
                        tile,
                        rinshan: false,
                    },
                };
            }
            None => self.exhaustive_draw(),
        }
    }

    /// Suufon renda (R14.2): four identical first-discard winds, no call.
    fn first_round_aborts(&mut self) -> bool {
        if !self.rules.suufon_renda || self.called {
            return false;
        }
        let firsts: Vec<u8> = self
            .players
            .iter()
            .filter_map(|p| p.pond.first().map(|d| kind_of_id(d.tile)))
            .collect();
        let all_one_wind = firsts.len() == 4
            && self.players.iter().all(|p| p.pond.len() == 1)
            && (27..=30).contains(&firsts[0])
            && firsts.iter().all(|&k| k == firsts[0]);
        if all_one_wind {
            self.end_draw(DrawReason::SuufonRenda, [false; 4], [false; 4], [0; 4]);
        }
        all_one_wind
    }

    // --- wins and draws --------------------------------------------------------------------

    fn tiles_of(&self, ids: &[u8]) -> Result<Tiles> {
        Tiles::from_ids(ids.iter().map(|&t| i64::from(t)), self.red_fives)
    }

    fn context(&self, seat: usize, tsumo: bool, from: usize) -> WinContext {
        let p = &self.players[seat];
        let indicators = |ids: Vec<u8>| {
            Indicators::with_red(
                ids.into_iter()
                    .map(|t| (kind_of_id(t), is_red_id(t, self.red_fives))),
            )
            .unwrap_or_default()
        };
        let first_round = !self.called;
        WinContext {
            tsumo,
            riichi: p.riichi && !p.double_riichi,
            double_riichi: p.riichi && p.double_riichi,
            ippatsu: p.riichi && p.ippatsu,
            seat_wind: self.seat_wind(seat),
            round_wind: self.setup.round_wind,
            dora_indicators: indicators(self.wall.dora_indicators()),
            ura_indicators: if p.riichi {
                indicators(self.wall.ura_indicators())
            } else {
                Indicators::default()
            },
            honba: self.setup.honba,
            riichi_sticks: self.riichi_sticks,
            discarder: (!tsumo).then(|| self.seat_wind(from)),
            liable: p.liable.map(|s| self.seat_wind(s)),
            tenhou: tsumo && first_round && seat == self.setup.dealer && p.pond.is_empty(),
            chiihou: tsumo
                && first_round
                && seat != self.setup.dealer
                && p.pond.is_empty()
                && p.draws == 1,
            renhou: !tsumo
                && first_round
                && seat != self.setup.dealer
                && p.draws == 0
                && self.rules.renhou != crate::riichi::rules::Renhou::Off,
            ..WinContext::default()
        }
    }

    fn score(&self, seat: usize, tile: u8, ctx: &WinContext, with_tile: bool) -> Option<Scored> {
        let p = &self.players[seat];
        let mut ids = p.hand.clone();
        if with_tile {
            ids.push(tile);
        }
        let concealed = self.tiles_of(&ids).ok()?;
        let counts = concealed.riichi_counts();
        if !is_complete(&counts, concealed.len()) {
            return None;
        }
        let melds: Vec<Meld> = p.melds.iter().map(|m| m.meld).collect();
        let win = Win {
            concealed: &concealed,
            win_tile: kind_of_id(tile),
            melds: &melds,
        };
        let scored = Scorer::default().score(&win, ctx, &self.rules).ok()?;
        scored.is_win.then_some(scored)
    }

    fn tsumo_scored(&self, seat: usize, drawn: u8) -> Option<(Scored, WinContext)> {
        let rinshan = matches!(
            self.phase,
            Phase::Turn {
                kind: TurnKind::Drawn { rinshan: true, .. },
                ..
            }
        );
        let mut ctx = self.context(seat, true, seat);
        ctx.rinshan = rinshan;
        ctx.haitei = (!rinshan || self.rules.rinshan_counts_as_haitei) && self.wall.live() == 0;
        self.score(seat, drawn, &ctx, false).map(|s| (s, ctx))
    }

    fn ron_scored(
        &self,
        seat: usize,
        from: usize,
        tile: u8,
        source: Source,
    ) -> Option<(Scored, WinContext)> {
        let p = &self.players[seat];
        let kind = kind_of_id(tile);
        if !p.waits.contains(&kind) || p.furiten() {
            return None;
        }
        let mut ctx = self.context(seat, false, from);
        ctx.chankan = matches!(source, Source::Kakan { .. } | Source::Ankan);
        ctx.houtei = source == Source::Discard && self.wall.live() == 0;
        let scored = self.score(seat, tile, &ctx, true)?;
        let kokushi = scored.reading.decomposition.shape == crate::decompose::Shape::Kokushi;
        if source == Source::Ankan && !kokushi {
            return None;
        }
        Some((scored, ctx))
    }

    fn finish_wins(&mut self, wins: Vec<(usize, usize, u8, Scored, WinContext)>) {
        let from = wins.first().map_or(0, |w| w.1);
        let tsumo = wins.first().is_some_and(|w| w.0 == w.1);
        let own_deposit: Vec<(Wind, bool)> = wins
            .iter()
            .map(|w| (self.seat_wind(w.0), self.players[w.0].riichi))
            .collect();
        let shares: Vec<RonShare> = if tsumo {
            vec![RonShare {
                winner: self.seat_wind(wins[0].0),
                honba: self.setup.honba,
                riichi_sticks: self.riichi_sticks,
            }]
        } else {
            settlement::share_multi_ron(
                self.seat_wind(from),
                &own_deposit,
                self.setup.honba,
                self.riichi_sticks,
                &self.rules,
            )
            .unwrap_or_default()
        };
        let mut total = [0i64; 4];
        let mut records = Vec::new();
        for (seat, from, tile, scored, mut ctx) in wins {
            let share = shares
                .iter()
                .find(|s| s.winner == self.seat_wind(seat))
                .copied()
                .unwrap_or(RonShare {
                    winner: self.seat_wind(seat),
                    honba: 0,
                    riichi_sticks: 0,
                });
            ctx.honba = share.honba;
            ctx.riichi_sticks = share.riichi_sticks;
            // R5.10: a rinshan win right after a daiminkan may be paid by the kan tile's
            // discarder as a ron.
            if let Some(kan_from) = self
                .kan_tile_from
                .filter(|_| ctx.rinshan && self.rules.daiminkan_rinshan_pao)
            {
                ctx.tsumo = false;
                ctx.discarder = Some(self.seat_wind(kan_from));
            }
            let settled = scored.settle(&ctx, &self.rules);
            let by_wind = settled.deltas.unwrap_or_default();
            let deltas: [i64; 4] = std::array::from_fn(|s| by_wind[self.seat_wind(s).index()]);
            for (t, d) in total.iter_mut().zip(deltas) {
                *t += d;
            }
            let ura = if self.players[seat].riichi {
                self.wall.ura_indicators()
            } else {
                Vec::new()
            };
            records.push(WinRecord {
                seat,
                from,
                tile,
                yaku: scored.yaku(&self.rules).collect(),
                yakuman: scored.yakuman(&self.rules).collect(),
                han: scored.han(),
                fu: scored.fu.total(),
                points: scored.points,
                ura_indicators: ura,
                liable: self.players[seat]
                    .liable
                    .filter(|_| scored.pao_units(&self.rules) > 0),
                deltas,
            });
        }
        for (s, d) in total.iter().enumerate() {
            self.scores[s] += d;
        }
        self.riichi_sticks = 0;
        // R12.3: with several winners (nearest first) the dealer keeps the deal when among
        // them, or under `dealer_nearest_only` only as the nearest.
        let dealer = self.setup.dealer;
        let dealer_keeps = match self.rules.multi_ron_renchan {
            MultiRonRenchan::DealerAmongWinners => records.iter().any(|r| r.seat == dealer),
            MultiRonRenchan::DealerNearestOnly => records.first().is_some_and(|r| r.seat == dealer),
        };
        for record in &records {
            self.events.push(Event::Hora(record.clone()));
        }
        self.events.push(Event::EndKyoku);
        let deal_deltas = std::array::from_fn(|s| self.scores[s] - self.setup.scores[s]);
        self.outcome = Some(Outcome {
            wins: records,
            draw: None,
            tenpai: [false; 4],
            deltas: deal_deltas,
            dealer_keeps,
            riichi_sticks: 0,
        });
        self.phase = Phase::Over;
    }

    fn exhaustive_draw(&mut self) {
        let tenpai: [bool; 4] = std::array::from_fn(|s| !self.players[s].waits.is_empty());
        let nagashi: [bool; 4] = std::array::from_fn(|s| {
            let p = &self.players[s];
            self.rules.nagashi_mangan
                && !p.pond.is_empty()
                && p.pond
                    .iter()
                    .all(|d| is_yaochuu(kind_of_id(d.tile)) && !d.called)
                && (!self.rules.nagashi_requires_closed || p.melds.iter().all(|m| m.from.is_none()))
        });
        let mut deltas = [0i64; 4];
        if nagashi.iter().any(|&n| n) {
            for (seat, _) in nagashi.iter().enumerate().filter(|(_, n)| **n) {
                let by_wind =
                    settlement::nagashi_mangan(self.seat_wind(seat), self.setup.honba, &self.rules)
                        .unwrap_or_default();
                for (s, d) in deltas.iter_mut().enumerate() {
                    *d += by_wind[self.seat_wind(s).index()];
                }
            }
        } else {
            deltas = settlement::exhaustive_draw(tenpai, &self.rules);
        }
        self.end_draw(DrawReason::Exhaustive, tenpai, nagashi, deltas);
    }

    fn end_draw(
        &mut self,
        reason: DrawReason,
        tenpai: [bool; 4],
        nagashi: [bool; 4],
        deltas: [i64; 4],
    ) {
        self.accept_riichi_silently();
        for (s, d) in deltas.iter().enumerate() {
            self.scores[s] += d;
        }
        self.events.push(Event::Ryukyoku {
            reason,
            tenpai,
            nagashi,
            deltas,
        });
        self.events.push(Event::EndKyoku);
        let dealer_keeps = reason != DrawReason::Exhaustive || tenpai[self.setup.dealer];
        let deal_deltas = std::array::from_fn(|s| self.scores[s] - self.setup.scores[s]);
        self.outcome = Some(Outcome {
            wins: Vec::new(),
            draw: Some(reason),
            tenpai,
            deltas: deal_deltas,
            dealer_keeps,
            riichi_sticks: self.riichi_sticks,
        });
        self.phase = Phase::Over;
    }

    /// A riichi declared on the deal's last discard stands when the deal ends in a draw.
    fn accept_riichi_silently(&mut self) {
        if self.riichi_pending.is_some() && self.outcome.is_none() {
            let seat = self.riichi_pending.take().unwrap_or_default();
            self.players[seat].riichi = true;
            self.scores[seat] -= i64::from(self.rules.riichi_deposit);
            self.riichi_sticks += 1;
            self.events.push(Event::ReachAccepted { seat });
        }
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
