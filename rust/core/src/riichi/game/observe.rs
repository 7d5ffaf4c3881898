//! What one seat may see (the only view an agent gets): its own hand with the drawn tile
//! named, every pond, meld, kita tile, riichi, concealed-tile count and score, the table's
//! counters and indicators, its own waits and furiten, the claim on offer and its legal actions
//! (why expected ones are missing is [`Deal::blocked`], computed only when asked). Nothing in
//! it depends on another player's concealed tiles or on the wall's order. The arrays by seat
//! keep four entries; the game's `player_count` first are its players.

use super::action::Action;
use super::deal::{Deal, DealMeld, Furiten, Kita, PondTile};
use std::sync::Arc;

use crate::agent::Observed;
use crate::riichi::rules::Ruleset;
use crate::tile::{KINDS, RIICHI_KINDS, in_play, kind_of_id};
use crate::wind::Wind;

/// What everyone sees of one player (its pond and melds shared with the deal until they
/// change, so an observation costs little).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Public {
    /// Discards in order (riichi and called marks).
    pub pond: Arc<Vec<PondTile>>,
    /// Declared melds with the claimed tile and who discarded it.
    pub melds: Arc<Vec<DealMeld>>,
    /// Norths set aside by kita (three players).
    pub kita: Kita,
    /// Riichi declared and accepted.
    pub riichi: bool,
    /// How many concealed tiles the player holds (the drawn tile included).
    pub concealed: usize,
}

/// The tile a claim window is open on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    /// The tile.
    pub tile: u8,
    /// Who offered it.
    pub from: usize,
}

/// Everything one seat may know now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Observation {
    /// The observing seat.
    pub seat: usize,
    /// The number of players (3 or 4).
    pub player_count: usize,
    /// Its seat wind.
    pub seat_wind: Wind,
    /// The round wind.
    pub round_wind: Wind,

    /// The dealer's seat.
    pub dealer: usize,
    /// Honba counters.
    pub honba: u32,
    /// Riichi deposits on the table.
    pub riichi_sticks: u32,
    /// Scores by seat.
    pub scores: [i64; 4],
    /// The revealed dora indicators.
    pub dora_indicators: Vec<u8>,
    /// Live tiles left to draw.
    pub tiles_left: usize,
    /// The seat's concealed tiles (ids, ascending), the drawn tile included.
    pub hand: Vec<u8>,
    /// The tile just drawn, when it is the seat's turn after a draw.
    pub drawn: Option<u8>,
    /// The seat's wait kinds (of its last 13-tile hand).
    pub waits: Vec<u8>,
    /// The seat's furiten, if any.
    pub furiten: Option<Furiten>,
    /// Every player's public side.
    pub players: [Public; 4],
    /// The seat on turn.
    pub turn: Option<usize>,
    /// The claim window's tile.
    pub claim: Option<Claim>,
    /// The seat's legal actions.
    pub legal: Vec<Action>,
    /// Whether tiles 16, 52 and 88 are red fives under the rules (they name the action codes
    /// and the red fives in hands, ponds and melds).
    pub red_fives: bool,
    /// The rules the deal is played under (everyone at the table knows them).
    pub rules: Arc<Ruleset>,
}

impl Observation {
    /// Tiles in the seat's sight by kind (its hand, every pond tile nobody called, every
    /// meld and kita tile, the dora indicators): [`crate::sight::count`].
    pub fn seen(&self) -> [u8; KINDS] {
        let ponds = self.players.iter().flat_map(|p| {
            let uncalled = p.pond.iter().filter(|d| !d.called).map(|d| d.tile);
            let melded = p.melds.iter().flat_map(|m| m.tiles.iter().copied());
            uncalled.chain(melded).chain(p.kita.tiles().iter().copied())
        });
        let tiles = self.hand.iter().copied().chain(ponds);
        crate::sight::count(
            tiles
                .chain(self.dora_indicators.iter().copied())
                .map(kind_of_id),
        )
    }

    /// Copies of each kind the seat cannot see (four of each Riichi kind in play, less
    /// [`Self::seen`]): how many of a wait may still come.
    pub fn unseen(&self) -> [u8; KINDS] {
        let copies = |k: usize| {
            if k < RIICHI_KINDS && in_play(k as u8, self.player_count) {
                4
            } else {
                0
            }
        };
        crate::sight::unseen(&self.seen(), copies)
    }
}

impl Observed for Observation {
    type Action = Action;

    fn legal(&self) -> &[Action] {
        &self.legal
    }
}

impl Deal {
    /// What `seat` may know now (seats beyond the player count wrap).
    pub fn observe(&self, seat: usize) -> Observation {
        let player_count = self.player_count();
        let seat = seat % player_count;
        let setup = self.setup();
        let me = self.player(seat);
        Observation {
            seat,
            player_count,
            seat_wind: self.seat_wind(seat),
            round_wind: setup.round_wind,
            dealer: setup.dealer,
            honba: setup.honba,
            riichi_sticks: self.riichi_sticks(),
            scores: self.scores(),
            dora_indicators: self.wall().dora_indicators(),
            tiles_left: self.wall().live(),
            hand: me.hand.clone(),
            drawn: (self.turn() == Some(seat)).then(|| self.drawn()).flatten(),
            waits: me.waits().to_vec(),
            furiten: me.furiten(),
            players: std::array::from_fn(|s| {
                let p = self.player(s);
                Public {
                    pond: p.pond.clone(),
                    melds: p.melds.clone(),
                    kita: p.kita,
                    riichi: p.riichi,
                    concealed: p.hand.len(),
                }
            }),
            turn: self.turn(),
            claim: self.claim_tile().map(|(tile, from)| Claim { tile, from }),
            legal: self.legal_actions(seat),
            red_fives: self.red_fives(),
            rules: Arc::clone(self.shared_rules()),
        }
    }
}
