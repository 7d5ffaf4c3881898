//! What one seat may see (spec §5.1): the public table, its own concealed tiles and its own
//! side of the Charleston. Other racks and the wall never appear, so an observation is the
//! same whatever they hold.

use super::action::Action;
use super::deal::{Deal, DiscardTile, Exposed};
use super::event::{DeadReason, Event, Step};

pub use crate::tile::HIDDEN;

fn hide(tiles: &[u8]) -> Vec<u8> {
    vec![HIDDEN; tiles.len()]
}

impl Event {
    /// The event as `seat` sees it: other players' dealt tiles, draws and Charleston tiles
    /// replaced by [`HIDDEN`] (how many stays visible); everything else is public.
    pub fn seen_by(&self, seat: usize) -> Event {
        let mut event = self.clone();
        match &mut event {
            Event::StartGame { hands, .. } => {
                for (s, hand) in hands.iter_mut().enumerate() {
                    if s != seat {
                        *hand = hide(hand);
                    }
                }
            }
            Event::Charleston {
                given, received, ..
            } => {
                for s in (0..4).filter(|&s| s != seat) {
                    given[s] = hide(&given[s]);
                    received[s] = hide(&received[s]);
                }
            }
            Event::Draw { seat: s, tile } if *s != seat => *tile = HIDDEN,
            _ => {}
        }
        event
    }
}

/// Everything one seat may know now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Observation {
    /// The observing seat.
    pub seat: usize,
    /// East's seat.
    pub dealer: usize,
    /// Scores by seat before this game.
    pub scores: [i64; 4],
    /// Tiles left in the wall.
    pub wall_remaining: usize,
    /// The seat's concealed tiles (ids, ascending).
    pub hand: Vec<u8>,
    /// Tiles the seat has put into the pass being collected.
    pub picked: Vec<u8>,
    /// Every player's exposures.
    pub exposures: [Vec<Exposed>; 4],
    /// Every player's discards.
    pub discards: [Vec<DiscardTile>; 4],
    /// Tiles each player holds, concealed and exposed.
    pub tile_counts: [usize; 4],
    /// Dead hands.
    pub dead: [Option<DeadReason>; 4],
    /// The Charleston step being collected.
    pub step: Option<Step>,
    /// The seat on turn.
    pub turn: Option<usize>,
    /// The discard a claim window is open on, and its discarder.
    pub claim: Option<(u8, usize)>,
    /// The seat's legal actions.
    pub legal: Vec<Action>,
    /// The events so far as the seat sees them ([`Event::seen_by`]).
    pub events: Vec<Event>,
}

impl Deal {
    /// What `seat` may know now (spec §5.1); nothing of the other racks or the wall.
    pub fn observe(&self, seat: usize) -> Observation {
        let seat = seat % 4;
        Observation {
            seat,
            dealer: self.setup().dealer,
            scores: self.setup().scores,
            wall_remaining: self.wall().remaining(),
            hand: self.player(seat).hand.clone(),
            picked: self.pass_picked(seat).to_vec(),
            exposures: std::array::from_fn(|s| self.player(s).exposures.clone()),
            discards: std::array::from_fn(|s| self.player(s).discards.clone()),
            tile_counts: std::array::from_fn(|s| self.player(s).tile_count()),
            dead: std::array::from_fn(|s| self.player(s).dead),
            step: self.charleston_step(),
            turn: self.turn(),
            claim: self.claim_tile(),
            legal: self.legal_actions(seat),
            events: self.events().iter().map(|e| e.seen_by(seat)).collect(),
        }
    }
}
