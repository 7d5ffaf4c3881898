//! A Riichi [`Observation`] as numbers for learning agents: feature planes in the manner of
//! Mortal and Suphx, one row of 34 columns (the tile kinds) per feature, and the legal-action
//! mask over the stable action codes ([`super::game::action`]).
//!
//! The layout is the table [`CHANNELS`] (see [`crate::encode`] for the conventions: player
//! channels have one row per seat relative to the observer, numbers fill their row, counts are
//! divided by 4). The basic encoding is the first [`BASIC_CHANNELS`] channels (79 rows); the
//! full one adds each pond in order, the tiles in sight and the hand's shanten (199 rows).
//! With three players the player rows follow turn order (the fourth stays empty) and the
//! removed manzu count as tiles in sight. Everything comes from the observation: nothing here
//! decides a rule.

use super::game::action::is_red_id;
use super::game::{Furiten, Observation};
use crate::encode::{Encoder, Planes, channels, relative, scaled};
use crate::meld::MeldKind;
use crate::shanten::{self, Form};
use crate::tile::{RIICHI_KINDS, dora_from_indicator, in_play, kind_of_id};
use crate::wind::Wind;

/// The version of the layout: it changes whenever a row or its meaning does (2: kita tiles,
/// the player count, three-player games).
pub const VERSION: u32 = 2;
/// Discards of each player the full encoding shows in order (the first ones; no deal in
/// 3,000 random ones with frequent calls had a pond longer than 23).
pub const POND_SLOTS: usize = 24;
/// Scores are divided by this.
const SCORE_SCALE: f64 = 100_000.0;
/// Honba and riichi sticks are counted up to this many, then divided by it.
const STICKS_SCALE: u32 = 10;
/// Live tiles at the start of a deal: tiles left are divided by this.
const LIVE_TILES: f64 = 70.0;
/// Shanten plus one is divided by this (shanten is at most 6, -1 for a complete hand).
const SHANTEN_SCALE: f32 = 8.0;

channels! {
    basic {
        /// The concealed tiles, the drawn one included: row n (0-3) is 1 where the hand holds
        /// more than n tiles of the kind.
        HAND = "hand", 4, 0.0..=1.0;
        /// 1 at the kind of each red five in the hand.
        HAND_RED = "hand_red", 1, 0.0..=1.0;
        /// 1 at the tile just drawn, on the observer's turn after a draw.
        DRAWN = "drawn", 1, 0.0..=1.0;
        /// 1 at each of the observer's wait kinds.
        WAITS = "waits", 1, 0.0..=1.0;
        /// 1 at the tile a claim window is open on.
        CLAIM = "claim", 1, 0.0..=1.0;
        /// Dora indicators per kind, divided by 4.
        DORA_INDICATORS = "dora_indicators", 1, 0.0..=1.0;
        /// Dora per kind (the kinds the indicators point to), divided by 4.
        DORA = "dora", 1, 0.0..=1.0;
        /// 1 at the round wind's kind.
        ROUND_WIND = "round_wind", 1, 0.0..=1.0;
        /// 1 at the observer's seat wind's kind.
        SEAT_WIND = "seat_wind", 1, 0.0..=1.0;
        /// Per player: its discards per kind, called ones included, divided by 4.
        POND = "pond", 4, 0.0..=1.0;
        /// Per player: its discards from the hand (not the tile just drawn) per kind, divided
        /// by 4.
        TEDASHI = "tedashi", 4, 0.0..=1.0;
        /// Per player: 1 at the kind of its riichi declaration discard.
        RIICHI_TILE = "riichi_tile", 4, 0.0..=1.0;
        /// Per player: its discards another player called, per kind, divided by 4.
        CALLED_AWAY = "called_away", 4, 0.0..=1.0;
        /// Per player: the tiles of its chi melds per kind, divided by 4.
        CHI = "chi", 4, 0.0..=1.0;
        /// Per player: 1 at the kind of each of its pons.
        PON = "pon", 4, 0.0..=1.0;
        /// Per player: 1 at the kind of each of its open kans (daiminkan, kakan).
        OPEN_KAN = "open_kan", 4, 0.0..=1.0;
        /// Per player: 1 at the kind of each of its concealed kans.
        ANKAN = "ankan", 4, 0.0..=1.0;
        /// Per player: 1 at the kind of each red five in its melds and pond.
        RED_SHOWN = "red_shown", 4, 0.0..=1.0;
        /// Per player: 1 when it has declared riichi.
        RIICHI = "riichi", 4, 0.0..=1.0;
        /// Per player: its score divided by 100,000 (within -1..1).
        SCORE = "score", 4, -1.0..=1.0;
        /// Per player: 1 for the dealer.
        DEALER = "dealer", 4, 0.0..=1.0;
        /// Per player: 1 for the player on turn.
        TURN = "turn", 4, 0.0..=1.0;
        /// Per player: 1 for the player who offered the tile of an open claim window.
        CLAIM_FROM = "claim_from", 4, 0.0..=1.0;
        /// Honba counters (up to 10) divided by 10.
        HONBA = "honba", 1, 0.0..=1.0;
        /// Riichi deposits on the table (up to 10) divided by 10.
        RIICHI_STICKS = "riichi_sticks", 1, 0.0..=1.0;
        /// Live tiles left divided by 70.
        TILES_LEFT = "tiles_left", 1, 0.0..=1.0;
        /// The observer's furiten: row 0 discard, 1 riichi, 2 temporary (1 when it holds).
        FURITEN = "furiten", 3, 0.0..=1.0;
        /// Per player: its Norths set aside by kita, divided by 4, at North's column.
        KITA = "kita", 4, 0.0..=1.0;
        /// 1 in a three-player game.
        THREE_PLAYERS = "three_players", 1, 0.0..=1.0;
    }
    full {
        /// Per player, its first 24 discards in order: row 24p + i is 1 at the kind of
        /// player p's discard i.
        POND_ORDER = "pond_order", 4 * POND_SLOTS, 0.0..=1.0;
        /// Per player: column i is 1 when its discard i was the tile just drawn (tsumogiri).
        POND_TSUMOGIRI = "pond_tsumogiri", 4, 0.0..=1.0;
        /// Per player: column i is 1 when its discard i declared riichi.
        POND_RIICHI = "pond_riichi", 4, 0.0..=1.0;
        /// Per player: column i is 1 when its discard i was called by another player.
        POND_CALLED = "pond_called", 4, 0.0..=1.0;
        /// Per player: column i is 1 when its discard i was a red five.
        POND_RED = "pond_red", 4, 0.0..=1.0;
        /// Tiles in the observer's sight (its hand, every pond tile not called, every meld and
        /// kita tile, the dora indicators; with three players the removed 2m-8m count four):
        /// row n (0-3) is 1 where more than n of the kind are in sight.
        SEEN = "seen", 4, 0.0..=1.0;
        /// The shanten of the observer's concealed tiles plus one, divided by 8.
        SHANTEN = "shanten", 1, 0.0..=1.0;
        /// With 3n+2 concealed tiles: for each kind held, the shanten after discarding it plus
        /// one, divided by 8 (0 for kinds not held).
        DISCARD_SHANTEN = "discard_shanten", 1, 0.0..=1.0;
        /// With 3n+1 concealed tiles: at each kind whose draw would lower the shanten, the
        /// copies not in sight divided by 4.
        IMPROVING = "improving", 1, 0.0..=1.0;
        /// Dora in the observer's hand, melds and kita tiles (red fives, nukidora and each
        /// indicator count), up to 8, divided by 8.
        DORA_HELD = "dora_held", 1, 0.0..=1.0;
    }
}

/// The Riichi encoder (see the module docs).
pub struct RiichiEncoder;

impl Encoder for RiichiEncoder {
    type Observation = Observation;
    type Held = [u8; RIICHI_KINDS];
    const VERSION: u32 = VERSION;
    const WIDTH: usize = RIICHI_KINDS;
    const ACTIONS: usize = super::game::ACTION_COUNT;
    const CHANNELS: &'static [crate::encode::Channel] = CHANNELS;
    const BASIC_CHANNELS: usize = BASIC_CHANNELS;

    /// Writes the basic channels; returns the observer's concealed counts.
    fn basic(obs: &Observation, p: &mut Planes<'_>) -> Self::Held {
        let quarter = 0.25;
        let mut hand = [0u8; RIICHI_KINDS];
        for &t in &obs.hand {
            hand[col(t)] += 1;
            if red(obs, t) {
                p.set(HAND_RED, 0, col(t), 1.0);
            }
        }
        p.thermometer(HAND, &hand);
        if let Some(t) = obs.drawn {
            p.set(DRAWN, 0, col(t), 1.0);
        }
        for &k in &obs.waits {
            p.set(WAITS, 0, usize::from(k), 1.0);
        }
        let players = obs.player_count;
        if let Some(claim) = obs.claim {
            p.set(CLAIM, 0, col(claim.tile), 1.0);
            p.fill(CLAIM_FROM, relative(obs.seat, claim.from, players), 1.0);
        }
        for &t in &obs.dora_indicators {
            p.add(DORA_INDICATORS, 0, col(t), quarter, 1.0);
            let dora = dora_from_indicator(kind_of_id(t), players);
            p.add(DORA, 0, usize::from(dora), quarter, 1.0);
        }
        p.set(ROUND_WIND, 0, usize::from(obs.round_wind.tile_kind()), 1.0);
        p.set(SEAT_WIND, 0, usize::from(obs.seat_wind.tile_kind()), 1.0);
        let north = usize::from(Wind::North.tile_kind());
        for (seat, player) in obs.players.iter().enumerate().take(players) {
            let r = relative(obs.seat, seat, players);
            for d in player.pond.iter() {
                p.add(POND, r, col(d.tile), quarter, 1.0);
                if !d.tsumogiri {
                    p.add(TEDASHI, r, col(d.tile), quarter, 1.0);
                }
                if d.riichi {
                    p.set(RIICHI_TILE, r, col(d.tile), 1.0);
                }
                if d.called {
                    p.add(CALLED_AWAY, r, col(d.tile), quarter, 1.0);
                }
                if red(obs, d.tile) {
                    p.set(RED_SHOWN, r, col(d.tile), 1.0);
                }
            }
            for m in player.melds.iter() {
                let kind = m.tiles.first().map_or(0, |&t| col(t));
                match m.meld.kind() {
                    MeldKind::Chi => {
                        for &t in &m.tiles {
                            p.add(CHI, r, col(t), quarter, 1.0);
                        }
                    }
                    MeldKind::Pon => p.set(PON, r, kind, 1.0),
                    MeldKind::Daiminkan | MeldKind::Kakan => p.set(OPEN_KAN, r, kind, 1.0),
                    MeldKind::Ankan => p.set(ANKAN, r, kind, 1.0),
                }
                for &t in m.tiles.iter().filter(|&&t| red(obs, t)) {
                    p.set(RED_SHOWN, r, col(t), 1.0);
                }
            }
            p.set(KITA, r, north, player.kita.len() as f32 / 4.0);
            p.fill(RIICHI, r, f32::from(u8::from(player.riichi)));
            p.fill(SCORE, r, scaled(obs.scores[seat] as f64, SCORE_SCALE));
            if obs.dealer == seat {
                p.fill(DEALER, r, 1.0);
            }
            if obs.turn == Some(seat) {
                p.fill(TURN, r, 1.0);
            }
        }
        let sticks = |n: u32| n.min(STICKS_SCALE) as f32 / STICKS_SCALE as f32;
        p.fill(HONBA, 0, sticks(obs.honba));
        p.fill(RIICHI_STICKS, 0, sticks(obs.riichi_sticks));
        p.fill(TILES_LEFT, 0, scaled(obs.tiles_left as f64, LIVE_TILES));
        if let Some(f) = obs.furiten {
            let row = match f {
                Furiten::Discard => 0,
                Furiten::Riichi => 1,
                Furiten::Temporary => 2,
            };
            p.fill(FURITEN, row, 1.0);
        }
        if players == 3 {
            p.fill(THREE_PLAYERS, 0, 1.0);
        }
        hand
    }

    /// Writes the channels only the full encoding has.
    fn full(obs: &Observation, hand: &Self::Held, p: &mut Planes<'_>) {
        let players = obs.player_count;
        let mut dora_held = 0usize;
        let dora: Vec<usize> = obs
            .dora_indicators
            .iter()
            .map(|&t| usize::from(dora_from_indicator(kind_of_id(t), players)))
            .collect();
        let mut count_dora = |t: u8| {
            dora_held += dora.iter().filter(|&&d| d == col(t)).count() + usize::from(red(obs, t));
        };
        obs.hand.iter().for_each(|&t| count_dora(t));
        for (seat, player) in obs.players.iter().enumerate().take(players) {
            let r = relative(obs.seat, seat, players);
            for (i, d) in player.pond.iter().take(POND_SLOTS).enumerate() {
                p.set(POND_ORDER, r * POND_SLOTS + i, col(d.tile), 1.0);
                for (flag, channel) in [
                    (d.tsumogiri, POND_TSUMOGIRI),
                    (d.riichi, POND_RIICHI),
                    (d.called, POND_CALLED),
                    (red(obs, d.tile), POND_RED),
                ] {
                    if flag {
                        p.set(channel, r, i, 1.0);
                    }
                }
            }
            if r == 0 {
                player
                    .melds
                    .iter()
                    .flat_map(|m| m.tiles.iter())
                    .for_each(|&t| count_dora(t));
            }
            if r == 0 {
                // The Norths for the indicators; their nukidora is added below (T10.2).
                player.kita.tiles().iter().for_each(|&t| count_dora(t));
            }
        }
        let in_sight = obs.seen();
        // A kind out of play (2m-8m with three players) reads as all four in sight.
        let seen: [u8; RIICHI_KINDS] = std::array::from_fn(|k| {
            if in_play(k as u8, players) {
                in_sight[k].min(4)
            } else {
                4
            }
        });
        p.thermometer(SEEN, &seen);
        let dora_held = dora_held + obs.players[obs.seat].kita.len();
        p.fill(DORA_HELD, 0, dora_held.min(8) as f32 / 8.0);
        efficiency(hand, &seen, p);
    }

    fn legal_codes(obs: &Observation) -> impl Iterator<Item = usize> {
        let claimed = obs.claim.map(|c| c.tile);
        obs.legal
            .iter()
            .map(move |a| a.code(claimed, obs.red_fives))
    }
}

/// The kind of tile `id`, as a column.
fn col(id: u8) -> usize {
    usize::from(kind_of_id(id))
}

/// Whether tile `id` is a red five under the observation's rules.
fn red(obs: &Observation, id: u8) -> bool {
    is_red_id(id, obs.red_fives)
}

/// Shanten of checked counts (a hand part of at most 14 tiles), or `None`.
fn shanten_of(counts: &[u8; RIICHI_KINDS]) -> Option<i8> {
    shanten::shanten(counts, Form::All).ok()
}

/// Shanten plus one, divided by 8.
fn shanten_value(s: i8) -> f32 {
    f32::from(s + 1) / SHANTEN_SCALE
}

/// The shanten channels of the concealed counts `hand` with the tiles `seen`.
fn efficiency(hand: &[u8; RIICHI_KINDS], seen: &[u8; RIICHI_KINDS], p: &mut Planes<'_>) {
    let Some(now) = shanten_of(hand) else {
        return;
    };
    p.fill(SHANTEN, 0, shanten_value(now));
    let len: u8 = hand.iter().sum();
    let mut work = *hand;
    for kind in 0..RIICHI_KINDS {
        if len % 3 == 2 && hand[kind] > 0 {
            work[kind] -= 1;
            if let Some(after) = shanten_of(&work) {
                p.set(DISCARD_SHANTEN, 0, kind, shanten_value(after));
            }
            work[kind] += 1;
        } else if len % 3 == 1 && seen[kind] < 4 {
            work[kind] += 1;
            if shanten_of(&work).is_some_and(|after| after < now) {
                p.set(IMPROVING, 0, kind, f32::from(4 - seen[kind]) / 4.0);
            }
            work[kind] -= 1;
        }
    }
}
