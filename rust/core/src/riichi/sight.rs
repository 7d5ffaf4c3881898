//! What one seat has seen of a deal, in the order it happened ([`Sight`]): where the deal
//! started, the tiles dealt to each seat, the dora indicators and every step since (draws,
//! discards, calls, kans, kita), other seats' concealed tiles hidden ([`HIDDEN`]). Three
//! players and four alike: seat 3 of a three-player deal is no one's.
//!
//! A sight is read from the deal's events as the seat saw them ([`Sight::from_events`]), from
//! the Mjai events a bot receives, tiles named and not numbered ([`Sight::from_told`]), or
//! rebuilt from an [`Observation`] alone ([`Sight::of`]):
//! the ponds in order, each call's tile and each kan's discards-before fix the order of play,
//! and the seat's own earlier tiles are hidden too, its concealed tiles now being known.
//! [`crate::riichi::hidden`] names every hidden tile.

use crate::error::{Error, Result};
use crate::meld::MeldKind;
use crate::riichi::game::{DealMeld, DealSetup, Event, Observation};
use crate::tile::{HIDDEN, RIICHI_KINDS, RIICHI_TILE_COUNT, kind_of_id};
use crate::wind::Wind;

/// A tile as an Mjai event names it: its kind and whether it is a red five, or `None` when
/// hidden.
pub type Named = Option<(u8, bool)>;

/// One event of a deal as an Mjai bot receives it, tiles named (see [`Sight::from_told`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Told {
    /// `start_kyoku`.
    Start {
        /// The round wind (0 East).
        round_wind: u8,
        /// The deal's number in its round (`kyoku`).
        number: u8,
        /// The dealer (`oya`).
        dealer: usize,
        /// Honba counters.
        honba: u32,
        /// Riichi deposits on the table (`kyotaku`).
        riichi_sticks: u32,
        /// Scores by seat.
        scores: [i64; 4],
        /// The first dora indicator.
        dora: Named,
        /// The 13 tiles dealt to each seat (`tehais`).
        hands: [Vec<Named>; 4],
    },
    /// `tsumo`.
    Draw {
        /// Who drew.
        seat: usize,
        /// The tile.
        tile: Named,
    },
    /// `dahai`.
    Discard {
        /// Who discarded.
        seat: usize,
        /// The tile.
        tile: Named,
        /// The tile just drawn.
        tsumogiri: bool,
    },
    /// `reach`.
    Reach {
        /// Who declared.
        seat: usize,
    },
    /// `chi`, `pon` or `daiminkan` of the last discard.
    Call {
        /// Who called.
        seat: usize,
        /// Chi, pon or daiminkan.
        kind: MeldKind,
        /// The caller's tiles used.
        consumed: Vec<Named>,
    },
    /// `ankan`.
    Ankan {
        /// Who declared.
        seat: usize,
        /// The four tiles.
        consumed: Vec<Named>,
    },
    /// `kakan`.
    Kakan {
        /// Who declared.
        seat: usize,
        /// The added tile.
        tile: Named,
    },
    /// `dora`: a new indicator.
    Dora {
        /// The indicator.
        tile: Named,
    },
    /// `nukidora` (or `kita`): a North set aside (three players).
    Kita {
        /// Who set it aside.
        seat: usize,
        /// The North.
        tile: Named,
    },
}

/// One thing that happened in a deal, as a seat saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A draw from the wall, or a replacement draw after a kan (`rinshan`); the tile is
    /// [`HIDDEN`] when the seat did not see it.
    Draw {
        /// Who drew.
        seat: usize,
        /// The tile, or [`HIDDEN`].
        tile: u8,
        /// A replacement draw.
        rinshan: bool,
    },
    /// A discard; `riichi` when it declared riichi.
    Discard {
        /// Who discarded.
        seat: usize,
        /// The tile.
        tile: u8,
        /// The tile just drawn was discarded.
        tsumogiri: bool,
        /// It declared riichi.
        riichi: bool,
    },
    /// A chi, pon or daiminkan of the last discard.
    Call {
        /// Who called.
        seat: usize,
        /// Chi, pon or daiminkan.
        kind: MeldKind,
        /// The caller's tiles used.
        consumed: Vec<u8>,
    },
    /// A concealed kan of these four tiles.
    Ankan {
        /// Who declared.
        seat: usize,
        /// The four tiles.
        tiles: [u8; 4],
    },
    /// An added kan of this tile.
    Kakan {
        /// Who declared.
        seat: usize,
        /// The added tile.
        tile: u8,
    },
    /// A North set aside (three players), followed by a replacement draw.
    Kita {
        /// Who set it aside.
        seat: usize,
        /// The North.
        tile: u8,
    },
}

impl Step {
    /// The seat that took the step.
    pub fn seat(&self) -> usize {
        match *self {
            Self::Draw { seat, .. }
            | Self::Discard { seat, .. }
            | Self::Call { seat, .. }
            | Self::Ankan { seat, .. }
            | Self::Kakan { seat, .. }
            | Self::Kita { seat, .. } => seat,
        }
    }
}

/// What one seat has seen of a deal so far (module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sight {
    /// The seat that saw it.
    pub seat: usize,
    /// The players: 4, or 3 (seat 3 then takes no part and was dealt nothing).
    pub players: usize,
    /// Where the deal started (scores before this deal's riichi deposits).
    pub setup: DealSetup,
    /// The 13 tiles dealt to each seat, [`HIDDEN`] where unseen (none to seat 3 of three).
    pub dealt: [Vec<u8>; 4],
    /// The dora indicators revealed, in order.
    pub indicators: Vec<u8>,
    /// Everything since the deal, in order.
    pub steps: Vec<Step>,
    /// The seat's concealed tiles now when its own dealt tiles and draws are hidden (a sight
    /// rebuilt from an observation); `None` when the steps name them.
    pub concealed: Option<Vec<u8>>,
    /// The tile a claim window is open on, when the sight ends in one.
    pub claim: Option<u8>,
}

impl Sight {
    /// The sight of `seat` from one deal's events as it saw them (`start_kyoku` first, other
    /// seats' dealt tiles and draws [`HIDDEN`], as [`Event::seen_by`] gives them). Events after
    /// the deal's end (a win or a draw) are left out. Three seats dealt tiles make a
    /// three-player deal.
    pub fn from_events(seat: usize, events: &[Event]) -> Result<Self> {
        let Some(Event::StartKyoku {
            round_wind,
            number,
            dealer,
            honba,
            riichi_sticks,
            scores,
            dora_indicator,
            hands,
        }) = events.first()
        else {
            return Err(Error::argument("a deal's events start with start_kyoku"));
        };
        let players = hands.iter().filter(|h| !h.is_empty()).count();
        if players < 3 || hands[..players].iter().any(Vec::is_empty) {
            return Err(Error::argument(
                "start_kyoku deals to seats 0..=2 (three players) or 0..=3 (four)",
            ));
        }
        let out_of_range = |seat: usize| {
            Error::argument(format!("seat {seat} is out of range 0..={}", players - 1))
        };
        if seat >= players {
            return Err(out_of_range(seat));
        }
        let mut sight = Self {
            seat,
            players,
            setup: DealSetup {
                round_wind: Wind::from_index(i64::from(*round_wind), "round wind")?,
                dealer: *dealer,
                number: *number,
                honba: *honba,
                riichi_sticks: *riichi_sticks,
                scores: *scores,
            },
            dealt: (**hands).clone(),
            indicators: vec![*dora_indicator],
            steps: Vec::new(),
            concealed: None,
            claim: None,
        };
        let mut declared = [false; 4];
        for event in &events[1..] {
            let step = match event {
                Event::Tsumo {
                    seat,
                    tile,
                    rinshan,
                } => Step::Draw {
                    seat: *seat,
                    tile: *tile,
                    rinshan: *rinshan,
                },
                Event::Reach { seat } => {
                    declared[*seat % 4] = true;
                    continue;
                }
                Event::Dahai {
                    seat,
                    tile,
                    tsumogiri,
                } => Step::Discard {
                    seat: *seat,
                    tile: *tile,
                    tsumogiri: *tsumogiri,
                    riichi: std::mem::take(&mut declared[*seat % 4]),
                },
                Event::Call {
                    seat,
                    kind,
                    consumed,
                    ..
                } => Step::Call {
                    seat: *seat,
                    kind: *kind,
                    consumed: consumed.clone(),
                },
                Event::Ankan { seat, consumed } => Step::Ankan {
                    seat: *seat,
                    tiles: *consumed,
                },
                Event::Kakan { seat, tile, .. } => Step::Kakan {
                    seat: *seat,
                    tile: *tile,
                },
                Event::Kita { seat, tile } => Step::Kita {
                    seat: *seat,
                    tile: *tile,
                },
                Event::Dora { indicator } => {
                    sight.indicators.push(*indicator);
                    continue;
                }
                Event::Hora(_) | Event::Ryukyoku { .. } | Event::EndKyoku => break,
                _ => continue,
            };
            if step.seat() >= players {
                return Err(out_of_range(step.seat()));
            }
            sight.steps.push(step);
        }
        sight.claim = sight.open_claim();
        Ok(sight)
    }

    /// The sight of one deal's Mjai events (`start_kyoku` first) as the seat whose dealt
    /// tiles they name received them: each named tile gets a physical id (a new tile the
    /// lowest id of its kind not yet used, a red five its red id when `red_fives`; a tile a
    /// seat with named tiles shows, the id it held), each draw after a kan or kita is a
    /// replacement draw. With three `players` a fourth hand (a padded log's) is no one's. A
    /// tile no seat can show (a fifth copy, a tile the seat does not hold) is an error.
    pub fn from_told(told: &[Told], red_fives: bool, players: usize) -> Result<Self> {
        let Some(Told::Start {
            round_wind,
            number,
            dealer,
            honba,
            riichi_sticks,
            scores,
            dora,
            hands,
        }) = told.first()
        else {
            return Err(Error::argument("a deal's events start with start_kyoku"));
        };
        if !(3..=4).contains(&players) {
            return Err(Error::argument(format!(
                "a deal has 3 or 4 players, not {players}"
            )));
        }
        let hands = &hands[..players];
        let seat = hands
            .iter()
            .position(|h| h.iter().all(Option::is_some))
            .ok_or_else(|| Error::argument("no seat's dealt tiles are shown"))?;
        let mut ids = Ids::new(red_fives);
        let mut held: [Option<Vec<u8>>; 4] = Default::default();
        let mut dealt: [Vec<u8>; 4] = Default::default();
        for (s, hand) in hands.iter().enumerate() {
            let shown = hand.iter().all(Option::is_some);
            for &tile in hand {
                dealt[s].push(ids.fresh(tile)?);
            }
            held[s] = shown.then(|| dealt[s].clone());
        }
        let mut events = vec![Event::StartKyoku {
            round_wind: *round_wind,
            number: *number,
            dealer: *dealer % 4,
            honba: *honba,
            riichi_sticks: *riichi_sticks,
            scores: *scores,
            dora_indicator: ids.fresh(*dora)?,
            hands: Box::new(dealt),
        }];
        let mut rinshan = [false; 4];
        let mut last = HIDDEN;
        for event in &told[1..] {
            let seat = match event {
                Told::Draw { seat, .. }
                | Told::Discard { seat, .. }
                | Told::Reach { seat }
                | Told::Call { seat, .. }
                | Told::Ankan { seat, .. }
                | Told::Kakan { seat, .. }
                | Told::Kita { seat, .. } => *seat,
                _ => 0,
            };
            if seat >= players {
                return Err(Error::argument(format!(
                    "seat {seat} is out of range 0..={}",
                    players - 1
                )));
            }
            let mut show = |tile: Named, drawn: bool| ids.show(&mut held[seat], tile, drawn);
            events.push(match event {
                Told::Start { .. } => break,
                Told::Draw { tile, .. } => {
                    let id = ids.fresh(*tile)?;
                    if let Some(hand) = &mut held[seat] {
                        hand.push(id);
                    }
                    Event::Tsumo {
                        seat,
                        tile: id,
                        rinshan: std::mem::take(&mut rinshan[seat]),
                    }
                }
                Told::Discard {
                    tile, tsumogiri, ..
                } => {
                    last = show(*tile, *tsumogiri)?;
                    Event::Dahai {
                        seat,
                        tile: last,
                        tsumogiri: *tsumogiri,
                    }
                }
                Told::Reach { .. } => Event::Reach { seat },
                Told::Call { kind, consumed, .. } => {
                    rinshan[seat] = *kind == MeldKind::Daiminkan;
                    Event::Call {
                        seat,
                        kind: *kind,
                        from: 0,
                        tile: last,
                        consumed: consumed
                            .iter()
                            .map(|&t| show(t, false))
                            .collect::<Result<_>>()?,
                    }
                }
                Told::Ankan { consumed, .. } => {
                    rinshan[seat] = true;
                    let tiles: Vec<u8> = consumed
                        .iter()
                        .map(|&t| show(t, true))
                        .collect::<Result<_>>()?;
                    let tiles: [u8; 4] = tiles
                        .try_into()
                        .map_err(|_| Error::argument("an ankan uses four tiles"))?;
                    Event::Ankan {
                        seat,
                        consumed: tiles,
                    }
                }
                Told::Kakan { tile, .. } => {
                    rinshan[seat] = true;
                    Event::Kakan {
                        seat,
                        tile: show(*tile, true)?,
                        consumed: [HIDDEN; 3],
                    }
                }
                Told::Kita { tile, .. } => {
                    rinshan[seat] = true;
                    Event::Kita {
                        seat,
                        tile: show(*tile, true)?,
                    }
                }
                Told::Dora { tile } => Event::Dora {
                    indicator: ids.fresh(*tile)?,
                },
            });
        }
        Self::from_events(seat, &events)
    }

    /// The tile a claim window is open on after the last step, if it can be: a discard or
    /// an added kan that nothing followed.
    fn open_claim(&self) -> Option<u8> {
        match self.steps.last()? {
            Step::Discard { tile, .. } | Step::Kakan { tile, .. } => Some(*tile),
            _ => None,
        }
    }

    /// The sight of the observing seat rebuilt from `view` alone (module docs). The deal's
    /// number is taken as the dealer's seat plus one (seat 0 dealt first).
    pub fn of(view: &Observation) -> Result<Self> {
        let players = view.player_count;
        let deposit = i64::from(view.rules.riichi_deposit);
        let accepted: Vec<bool> = view.players.iter().map(|p| p.riichi).collect();
        let paid = accepted.iter().filter(|&&a| a).count() as u32;
        let setup = DealSetup {
            round_wind: view.round_wind,
            dealer: view.dealer,
            number: (view.dealer % 4) as u8 + 1,
            honba: view.honba,
            riichi_sticks: view.riichi_sticks.saturating_sub(paid),
            scores: std::array::from_fn(|s| view.scores[s] + if accepted[s] { deposit } else { 0 }),
        };
        let mut sight = Self {
            seat: view.seat,
            players,
            setup,
            dealt: std::array::from_fn(|s| {
                if s < players {
                    vec![HIDDEN; 13]
                } else {
                    Vec::new()
                }
            }),
            indicators: view.dora_indicators.clone(),
            steps: Vec::new(),
            concealed: Some(view.hand.clone()),
            claim: view.claim.map(|c| c.tile),
        };
        Order::new(view).walk(&mut sight.steps)?;
        if let (Some(drawn), Some(Step::Draw { seat, tile, .. })) =
            (view.drawn, sight.steps.last_mut())
            && *seat == view.seat
        {
            *tile = drawn;
        }
        Ok(sight)
    }
}

/// The order of play rebuilt from an observation's ponds and melds.
struct Order<'a> {
    view: &'a Observation,
    /// For each seat's pond position, who called it and the meld.
    callers: [Vec<Option<(usize, &'a DealMeld)>>; 4],
    /// Each seat's kans and kita not yet placed, in the order they were made, each with its
    /// discards-before.
    set_aside: [Vec<(usize, SetAside<'a>)>; 4],
}

/// What a seat does in its turn between its draw and its discard, before a replacement draw.
#[derive(Debug, Clone, Copy)]
enum SetAside<'a> {
    /// A concealed or added kan: this meld.
    Kan(&'a DealMeld),
    /// A kita of this North.
    Kita(u8),
}

impl<'a> Order<'a> {
    fn new(view: &'a Observation) -> Self {
        let mut callers: [Vec<Option<(usize, &DealMeld)>>; 4] =
            std::array::from_fn(|s| vec![None; view.players[s].pond.len()]);
        // With the order they were made in: the discards and kans before each (a turn's kans
        // in the order of the melds).
        let mut set_aside: [Vec<((usize, usize), SetAside<'a>)>; 4] = Default::default();
        for (seat, player) in view.players.iter().enumerate() {
            let mut kans: Vec<(usize, usize)> = (player.melds.iter().enumerate())
                .filter(|(_, m)| m.meld.kind().is_kan())
                .map(|(index, m)| (m.after_discards, index))
                .collect();
            kans.sort_unstable();
            for (index, meld) in player.melds.iter().enumerate() {
                let kans_before = kans
                    .iter()
                    .position(|&(_, i)| i == index)
                    .unwrap_or(kans.len());
                if let (Some(from), Some(tile)) = (meld.from, meld.called)
                    && let Some(at) = view.players[from % 4]
                        .pond
                        .iter()
                        .position(|d| d.tile == tile)
                {
                    callers[from % 4][at] = Some((seat, meld));
                }
                if matches!(meld.meld.kind(), MeldKind::Ankan | MeldKind::Kakan) {
                    let at = (meld.after_discards, kans_before);
                    set_aside[seat].push((at, SetAside::Kan(meld)));
                }
            }
        }
        for (seat, player) in view.players.iter().enumerate() {
            let kita = player
                .kita
                .iter()
                .map(|(tile, at)| (at, SetAside::Kita(tile)));
            set_aside[seat].extend(kita);
            // A kita made after `k` kans comes after kan `k - 1` and before kan `k`; kita of
            // the same turn keep their order (the sort is stable).
            set_aside[seat].sort_by_key(|&((discards, kans), what)| {
                (discards, kans, matches!(what, SetAside::Kan(_)))
            });
        }
        Self {
            view,
            callers,
            set_aside: set_aside.map(|s| s.into_iter().map(|((d, _), what)| (d, what)).collect()),
        }
    }

    /// Appends the steps from the deal to now (see [`Sight::of`]).
    fn walk(mut self, steps: &mut Vec<Step>) -> Result<()> {
        let view = self.view;
        let ponds: [&[crate::riichi::game::PondTile]; 4] =
            std::array::from_fn(|s| view.players[s].pond.as_slice());
        let total: usize = ponds.iter().map(|p| p.len()).sum();
        let mut next = [0usize; 4];
        let mut seat = view.dealer % 4;
        // The turn starts with a draw (a replacement draw after a daiminkan), or with none
        // after a chi or pon.
        let mut draw = Some(false);
        let mut done = 0;
        loop {
            if let Some(rinshan) = draw {
                steps.push(Step::Draw {
                    seat,
                    tile: HIDDEN,
                    rinshan,
                });
                self.set_aside_in(seat, next[seat], steps);
            }
            if next[seat] == ponds[seat].len() {
                break;
            }
            let d = ponds[seat][next[seat]];
            let caller = self.callers[seat][next[seat]];
            next[seat] += 1;
            done += 1;
            steps.push(Step::Discard {
                seat,
                tile: d.tile,
                tsumogiri: d.tsumogiri,
                riichi: d.riichi,
            });
            if let Some((by, meld)) = caller {
                let mut consumed = meld.tiles[..3].to_vec();
                if meld.meld.kind() == MeldKind::Daiminkan {
                    consumed = meld.tiles.clone();
                }
                if let Some(at) = consumed.iter().position(|&t| t == d.tile) {
                    consumed.remove(at);
                }
                let kind = match meld.meld.kind() {
                    MeldKind::Kakan => MeldKind::Pon,
                    kind => kind,
                };
                steps.push(Step::Call {
                    seat: by,
                    kind,
                    consumed,
                });
                seat = by;
                draw = (kind == MeldKind::Daiminkan).then_some(true);
                continue;
            }
            if done == total && view.claim.is_some_and(|c| c.tile == d.tile) {
                break;
            }
            seat = (seat + 1) % view.player_count;
            draw = Some(false);
        }
        if let Some(claim) = view.claim
            && !matches!(steps.last(), Some(Step::Discard { tile, .. } | Step::Ankan { tiles: [.., tile], .. } | Step::Kita { tile, .. }) if *tile == claim.tile)
        {
            steps.push(Step::Kakan {
                seat: claim.from % 4,
                tile: claim.tile,
            });
        }
        let placed = self.set_aside.iter().all(Vec::is_empty);
        let here = view.claim.map_or(view.turn, |c| Some(c.from % 4));
        if done != total || !placed || here != Some(seat) {
            return Err(Error::argument(
                "the observation's ponds and melds do not make a deal's order of play",
            ));
        }
        Ok(())
    }

    /// The kans and kita `seat` made in its turn after `discards` discards, each followed by
    /// its replacement draw (none for a concealed kan or kita being robbed now).
    fn set_aside_in(&mut self, seat: usize, discards: usize, steps: &mut Vec<Step>) {
        let view = self.view;
        let robbed = |tile: u8| {
            view.claim
                .is_some_and(|c| c.from % 4 == seat && c.tile == tile)
        };
        while let Some(at) = self.set_aside[seat]
            .iter()
            .position(|&(d, _)| d == discards)
        {
            let (_, what) = self.set_aside[seat].remove(at);
            match what {
                SetAside::Kan(meld) if meld.meld.kind() == MeldKind::Kakan => {
                    steps.push(Step::Kakan {
                        seat,
                        tile: meld.tiles[3],
                    });
                }
                SetAside::Kan(meld) => {
                    let tiles = [meld.tiles[0], meld.tiles[1], meld.tiles[2], meld.tiles[3]];
                    steps.push(Step::Ankan { seat, tiles });
                    if tiles.iter().any(|&t| robbed(t)) {
                        return;
                    }
                }
                SetAside::Kita(tile) => {
                    steps.push(Step::Kita { seat, tile });
                    if robbed(tile) {
                        return;
                    }
                }
            }
            steps.push(Step::Draw {
                seat,
                tile: HIDDEN,
                rinshan: true,
            });
        }
    }
}

/// Physical ids given to named tiles (see [`Sight::from_told`]).
struct Ids {
    used: [bool; RIICHI_TILE_COUNT],
    red_fives: bool,
}

impl Ids {
    fn new(red_fives: bool) -> Self {
        Self {
            used: [false; RIICHI_TILE_COUNT],
            red_fives,
        }
    }

    /// Whether `id` is a red five under the rules.
    fn red(&self, id: u8) -> bool {
        self.red_fives && matches!(id, 16 | 52 | 88)
    }

    /// A new id for `tile` ([`HIDDEN`] for a hidden one).
    fn fresh(&mut self, tile: Named) -> Result<u8> {
        let Some((kind, red)) = tile else {
            return Ok(HIDDEN);
        };
        if usize::from(kind) >= RIICHI_KINDS {
            return Err(Error::tile(format!(
                "tile kind {kind} is out of range 0..=33"
            )));
        }
        let id = (4 * kind..4 * kind + 4)
            .find(|&id| !self.used[usize::from(id)] && self.red(id) == red)
            .ok_or_else(|| {
                Error::tile(format!(
                    "the deal shows a fifth {}",
                    crate::riichi::mjai::pai(kind, red)
                ))
            })?;
        self.used[usize::from(id)] = true;
        Ok(id)
    }

    /// The id of `tile` as a seat shows it: taken from its hand when its tiles are named
    /// (`drawn` prefers the tile it drew last), else new.
    fn show(&mut self, hand: &mut Option<Vec<u8>>, tile: Named, drawn: bool) -> Result<u8> {
        let Some(hand) = hand else {
            return self.fresh(tile);
        };
        let Some((kind, red)) = tile else {
            return Err(Error::argument("a seat whose tiles are shown hides one"));
        };
        let fits = |&id: &u8| kind_of_id(id) == kind && self.red(id) == red;
        let at = if drawn && hand.last().is_some_and(fits) {
            Some(hand.len() - 1)
        } else {
            hand.iter().position(fits)
        };
        let at = at.ok_or_else(|| {
            Error::argument(format!(
                "a seat shows {}, which it does not hold",
                crate::riichi::mjai::pai(kind, red)
            ))
        })?;
        Ok(hand.remove(at))
    }
}
