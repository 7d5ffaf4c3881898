//! An American [`Observation`] as numbers for learning agents: one row of 36 columns (the tile
//! kinds, flower 34 and joker 35 included) per feature, and the legal-action mask over the
//! stable, seat-relative action codes ([`super::game::action`]).
//!
//! The layout is the table [`CHANNELS`] (see [`crate::encode`] for the conventions: player
//! channels have one row per seat relative to the observer, numbers fill their row, counts are
//! divided by 4; flowers and jokers come eight to a set, so their counts reach 2). The basic
//! encoding is the first [`BASIC_CHANNELS`] channels (57 rows); the full one adds how many
//! tiles away the observer's rack is from every hand of the card and what the nearest one
//! still needs (60 rows). Everything comes from the observation and its card: nothing here
//! decides a rule.

use super::card::{Card, MAX_HANDS};
use super::game::{Observation, Step, kind_of};
use super::rack::{Exposure, Rack};
use super::table::Needs;
use crate::encode::{Encoder, Planes, channels, relative, scaled};
use crate::tile::{JOKER, KINDS};
use crate::tiles::Tiles;

/// The version of the layout: it changes whenever a row or its meaning does.
pub const VERSION: u32 = 1;
/// Tiles in a winning hand: tiles away are divided by this.
const HAND_TILES: f32 = 14.0;
/// Scores are divided by this.
const SCORE_SCALE: f64 = 1_000.0;
/// Tiles in the wall once the hands are dealt (152 - 4 x 13 - 1), rounded up: tiles left
/// are divided by this.
const WALL_SCALE: f64 = 100.0;
/// Counts are capped at the eight flowers or jokers of a set before they are divided by 4.
const COUNT_HIGH: f32 = 2.0;

channels! {
    basic {
        /// The concealed tiles, the drawn one included: row n (0-3) is 1 where the rack holds
        /// more than n tiles of the kind.
        HAND = "hand", 4, 0.0..=1.0;
        /// Flowers and jokers held beyond four, divided by 4.
        HAND_EXTRA = "hand_extra", 1, 0.0..=1.0;
        /// 1 at the tile just drawn, on the observer's turn after a draw.
        DRAWN = "drawn", 1, 0.0..=1.0;
        /// The tiles put into the Charleston or courtesy pass being collected, divided by 4.
        PICKED = "picked", 1, 0.0..=1.0;
        /// 1 at the discard a claim window is open on.
        CLAIM = "claim", 1, 0.0..=1.0;
        /// Tiles in the observer's sight (its rack, every exposure, every discard not
        /// claimed) per kind, divided by 4.
        SEEN = "seen", 1, 0.0..=2.0;
        /// Per player: its discards per kind, claimed ones included, divided by 4.
        DISCARDS = "discards", 4, 0.0..=2.0;
        /// Per player: the tiles of its exposures (naturals and jokers) per kind they stand
        /// for, divided by 4.
        EXPOSED = "exposed", 4, 0.0..=2.0;
        /// Per player: the jokers in its exposures per kind they stand for, divided by 4.
        EXPOSED_JOKERS = "exposed_jokers", 4, 0.0..=2.0;
        /// Per player: 1 at the kind of each exposure whose jokers may not be exchanged
        /// (frozen: it made the hand dead).
        FROZEN = "frozen", 4, 0.0..=1.0;
        /// The Charleston step being collected: row 0 first right, 1 first across, 2 first
        /// left, 3 second left, 4 second across, 5 second right, 6 courtesy (1 for the step).
        STEP = "step", 7, 0.0..=1.0;
        /// Per player: 1 for the player on turn.
        TURN = "turn", 4, 0.0..=1.0;
        /// Per player: 1 for the discarder of the tile a claim window is open on.
        CLAIM_FROM = "claim_from", 4, 0.0..=1.0;
        /// Per player: 1 for East.
        DEALER = "dealer", 4, 0.0..=1.0;
        /// Per player: 1 when its hand is dead.
        DEAD = "dead", 4, 0.0..=1.0;
        /// Per player: its concealed tiles divided by 14.
        HAND_SIZE = "hand_size", 4, 0.0..=1.0;
        /// Per player: its score before this game divided by 1,000 (within -1..1).
        SCORE = "score", 4, -1.0..=1.0;
        /// Tiles left in the wall divided by 100.
        TILES_LEFT = "tiles_left", 1, 0.0..=1.0;
    }
    full {
        /// Tiles away from each hand of the card, divided by 14: slot i (row i / 36, column
        /// i % 36) is the card's hand i in card order; 1 for a hand the observer's exposures
        /// rule out and for slots beyond the card's hands (a card has at most 60).
        DISTANCE = "distance", MAX_HANDS.div_ceil(KINDS), 0.0..=1.0;
        /// The tiles of each kind the nearest hand still needs concealed (its first nearest
        /// arrangement; jokers may stand in for some), divided by 4.
        NEAREST_NEEDS = "nearest_needs", 1, 0.0..=2.0;
    }
}

/// The American encoder (see the module docs).
pub struct AmericanEncoder;

impl Encoder for AmericanEncoder {
    type Observation = Observation;
    type Held = [u8; KINDS];
    const VERSION: u32 = VERSION;
    const WIDTH: usize = KINDS;
    const ACTIONS: usize = super::game::ACTION_COUNT;
    const CHANNELS: &'static [crate::encode::Channel] = CHANNELS;
    const BASIC_CHANNELS: usize = BASIC_CHANNELS;

    /// Writes the basic channels; returns the observer's concealed counts.
    fn basic(obs: &Observation, p: &mut Planes<'_>) -> Self::Held {
        let mut hand = [0u8; KINDS];
        for &t in &obs.hand {
            hand[col(t)] += 1;
        }
        p.thermometer(HAND, &hand);
        for (kind, &n) in hand.iter().enumerate().filter(|&(_, &n)| n > 4) {
            p.set(HAND_EXTRA, 0, kind, f32::from(n - 4) * QUARTER);
        }
        if let Some(t) = obs.drawn {
            p.set(DRAWN, 0, col(t), 1.0);
        }
        for &t in &obs.picked {
            p.add(PICKED, 0, col(t), QUARTER, 1.0);
        }
        if let Some((t, from)) = obs.claim {
            p.set(CLAIM, 0, col(t), 1.0);
            p.fill(CLAIM_FROM, relative(obs.seat, from, 4), 1.0);
        }
        for (seat, player) in obs.players.iter().enumerate() {
            let r = relative(obs.seat, seat, 4);
            for d in player.discards.iter() {
                p.add(DISCARDS, r, col(d.tile), QUARTER, COUNT_HIGH);
            }
            for e in player.exposures.iter() {
                let kind = usize::from(e.exposure.kind());
                let (size, jokers) = (e.exposure.size(), e.exposure.jokers());
                p.add(EXPOSED, r, kind, f32::from(size) * QUARTER, COUNT_HIGH);
                p.add(
                    EXPOSED_JOKERS,
                    r,
                    kind,
                    f32::from(jokers) * QUARTER,
                    COUNT_HIGH,
                );
                if e.frozen {
                    p.set(FROZEN, r, kind, 1.0);
                }
            }
            p.fill(TURN, r, f32::from(u8::from(obs.turn == Some(seat))));
            p.fill(DEALER, r, f32::from(u8::from(obs.dealer == seat)));
            p.fill(DEAD, r, f32::from(u8::from(player.dead.is_some())));
            p.fill(HAND_SIZE, r, player.concealed as f32 / HAND_TILES);
            p.fill(SCORE, r, scaled(obs.scores[seat] as f64, SCORE_SCALE));
        }
        for (kind, &n) in obs.seen().iter().enumerate() {
            p.set(SEEN, 0, kind, (f32::from(n) * QUARTER).min(COUNT_HIGH));
        }
        if let Some(row) = obs
            .step
            .and_then(|s| Step::ALL.iter().position(|&x| x == s))
        {
            p.fill(STEP, row, 1.0);
        }
        p.fill(TILES_LEFT, 0, scaled(obs.tiles_left as f64, WALL_SCALE));
        hand
    }

    /// Writes the tiles away from each card hand and the needs of the nearest one.
    fn full(obs: &Observation, hand: &Self::Held, p: &mut Planes<'_>) {
        for slot in 0..DISTANCE.len * KINDS {
            p.set(DISTANCE, slot / KINDS, slot % KINDS, 1.0);
        }
        let card: &Card = &obs.card;
        let exposures: Vec<Exposure> = obs.players[obs.seat % 4]
            .exposures
            .iter()
            .map(|e| e.exposure)
            .collect();
        let concealed = Tiles::from_counts(hand);
        let Ok(rack) = concealed.and_then(|c| Rack::new(c, exposures)) else {
            return;
        };
        let table = card.view(rack.exposures());
        let mut needs = Needs::default();
        table.needs(hand, &mut needs);
        let mut nearest: Option<(u8, usize)> = None;
        for segment in table.segments() {
            let best = segment
                .columns
                .clone()
                .map(|i| (needs.distance(i), i))
                .min();
            if let Some((d, i)) = best {
                let slot = segment.hand;
                p.set(
                    DISTANCE,
                    slot / KINDS,
                    slot % KINDS,
                    f32::from(d) / HAND_TILES,
                );
                if nearest.is_none_or(|(n, _)| d < n) {
                    nearest = Some((d, i));
                }
            }
        }
        if let Some((_, i)) = nearest {
            for (kind, &held) in hand.iter().enumerate().take(usize::from(JOKER)) {
                let missing = table.total(kind, i).saturating_sub(held);
                p.set(
                    NEAREST_NEEDS,
                    0,
                    kind,
                    (f32::from(missing) * QUARTER).min(COUNT_HIGH),
                );
            }
        }
    }

    fn legal_codes(obs: &Observation) -> impl Iterator<Item = usize> {
        obs.legal.iter().map(|a| a.code(obs.seat))
    }
}

/// The kind of physical tile `id`, as a column.
fn col(id: u8) -> usize {
    usize::from(kind_of(id))
}

/// A count divided by 4, capped at [`COUNT_HIGH`].
const QUARTER: f32 = 0.25;
