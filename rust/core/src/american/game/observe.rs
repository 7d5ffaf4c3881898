//! What one seat may see (spec §5.1): the public table, its own concealed tiles and its own
//! side of the Charleston. Other racks and the wall never appear, so an observation is the
//! same whatever they hold.

use std::sync::Arc;

use super::action::Action;
use super::deal::{Deal, DiscardTile, Exposed};
use super::event::{DeadReason, Event, Step};
use crate::agent::Observed;
use crate::american::card::Card;
use crate::american::game::deal::kind_of;
use crate::tile::{JOKER, KINDS};
use crate::tiles::supply;

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

/// What everyone sees of one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Public {
    /// Exposures in the order made (with their jokers and who discarded the claimed tile),
    /// shared with the game until they change.
    pub exposures: Arc<Vec<Exposed>>,
    /// Discards in order, claimed ones marked (shared with the game until they change).
    pub discards: Arc<Vec<DiscardTile>>,
    /// How many concealed tiles the player holds (the drawn tile included).
    pub concealed: usize,
    /// Tiles held, concealed and exposed.
    pub tile_count: usize,
    /// Why the hand is dead, if it is.
    pub dead: Option<DeadReason>,
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
    pub tiles_left: usize,
    /// The seat's concealed tiles (ids, ascending), the drawn tile included.
    pub hand: Vec<u8>,
    /// The tile the seat drew this turn, when it is on turn after a draw.
    pub drawn: Option<u8>,
    /// Tiles the seat has put into the pass being collected.
    pub picked: Vec<u8>,
    /// Every player's public side.
    pub players: [Public; 4],
    /// The Charleston step being collected.
    pub step: Option<Step>,
    /// The seat on turn.
    pub turn: Option<usize>,
    /// The discard a claim window is open on, and its discarder.
    pub claim: Option<(u8, usize)>,
    /// The seat's legal actions (why expected ones are missing is [`Deal::blocked`]).
    pub legal: Vec<Action>,
    /// The card the game is played with (public: every player has it).
    pub card: Arc<Card>,
}

impl Observation {
    /// Tiles in the seat's sight by kind (its rack, every exposure, every discard nobody
    /// claimed): [`crate::sight::count`].
    pub fn seen(&self) -> [u8; KINDS] {
        let public = self.players.iter().flat_map(|p| {
            let uncalled = p
                .discards
                .iter()
                .filter(|d| !d.claimed)
                .map(|d| kind_of(d.tile));
            let exposed = p.exposures.iter().flat_map(|e| {
                let naturals = std::iter::repeat_n(e.exposure.kind(), e.exposure.naturals().into());
                naturals.chain(std::iter::repeat_n(JOKER, e.exposure.jokers().into()))
            });
            uncalled.chain(exposed)
        });
        crate::sight::count(self.hand.iter().map(|&t| kind_of(t)).chain(public))
    }

    /// Copies of each kind the seat cannot see (the set's supply less [`Self::seen`]).
    pub fn unseen(&self) -> [u8; KINDS] {
        crate::sight::unseen(&self.seen(), supply)
    }
}

impl Observed for Observation {
    type Action = Action;

    fn legal(&self) -> &[Action] {
        &self.legal
    }
}

impl Deal {
    /// What `seat` may know now (spec §5.1); nothing of the other racks or the wall (seats
    /// beyond 3 wrap).
    pub fn observe(&self, seat: usize) -> Observation {
        let seat = seat % 4;
        Observation {
            seat,
            dealer: self.setup().dealer,
            scores: self.setup().scores,
            tiles_left: self.wall().remaining(),
            hand: self.player(seat).hand.clone(),
            drawn: (self.turn() == Some(seat)).then(|| self.drawn()).flatten(),
            picked: self.pass_picked(seat).to_vec(),
            players: std::array::from_fn(|s| {
                let p = self.player(s);
                Public {
                    exposures: p.exposures.clone(),
                    discards: p.discards.clone(),
                    concealed: p.hand.len(),
                    tile_count: p.tile_count(),
                    dead: p.dead,
                }
            }),
            step: self.charleston_step(),
            turn: self.turn(),
            claim: self.claim_tile(),
            legal: self.legal_actions(seat),
            card: Arc::clone(self.card()),
        }
    }
}
