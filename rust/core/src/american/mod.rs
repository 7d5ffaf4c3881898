//! American Mahjong (NMJL style): the card format, joker-aware matching, tiles away, discard
//! and Charleston advice (spec: `american-rules.md` §1.6-1.7, §3, §4).
//!
//! # Tiles
//!
//! American play uses the shared tile model ([`crate::Tiles`]) with the shared Riichi kind
//! order, not the bam-first order proposed in spec §4.1, so one model serves both families:
//! kinds `0..=8` craks 1-9, `9..=17` dots 1-9, `18..=26` bams 1-9, `27..=30` E S W N, 31 white
//! dragon (soap, also zero; the dots' dragon), 32 green (the bams' dragon), 33 red (the craks'
//! dragon), 34 flower, 35 joker. Notation: `"1B 1C 1D N E W S R G 0 F J"` (see
//! [`crate::notation`]).
//!
//! The 152 physical tiles have ids `0..=151`: ids `0..=135` are the 34 natural kinds four
//! times (`kind = id / 4`, as for Riichi), `136..=143` the eight flowers and `144..=151` the
//! eight jokers ([`physical_kind`], [`physical_kinds`]).
//!
//! # Racks and exposures
//!
//! A player's tiles are a [`Rack`]: the concealed tiles, jokers included, plus the exposures
//! (each a natural kind, a size of 3 to 6 and a number of jokers). A winning hand has 14 tiles
//! concealed and exposed together. An exposure matches a card set of the same kind and size
//! (a pung never grows into a kong), and a concealed (C) card hand takes no exposure.
//!
//! # Games
//!
//! [`game`] plays whole games (spec §1): the options ([`game::Rules`], presets `nmjl` and
//! `table`), the 152-tile wall, the Charleston, turns, claims, joker exchanges, dead hands and
//! payments, as a state machine ([`game::Deal`]) driven by [`game::Action`]s and logged as
//! [`game::Event`]s, and sessions of several games ([`game::Game`]).

pub mod agent;
pub mod batch;
pub mod card;
mod charleston;
pub mod encode;
pub mod expert;
pub mod game;
mod liveness;
pub mod matcher;
pub mod pattern;
pub mod payment;
pub mod rack;
pub mod sim;
pub mod table;

pub use card::{Card, CardHand, Section, Variant};
pub use liveness::Sight;
pub use matcher::{DiscardOption, HandDistance, Match};
pub use payment::{Jokerless, Payment, Win};
pub use rack::{Exposure, Rack};

use crate::error::{Error, Result};
use crate::tile::{FLOWER, JOKER, RIICHI_TILE_COUNT};

/// Number of physical tiles in an American set.
pub const PHYSICAL_TILES: usize = 152;
/// First physical id of the flowers.
const FIRST_FLOWER_ID: usize = RIICHI_TILE_COUNT;
/// First physical id of the jokers.
const FIRST_JOKER_ID: usize = FIRST_FLOWER_ID + 8;

/// The kind of physical tile `id` (`0..=151`, see the module docs).
pub fn physical_kind(id: i64) -> Result<u8> {
    let id = usize::try_from(id)
        .ok()
        .filter(|&i| i < PHYSICAL_TILES)
        .ok_or_else(|| Error::tile(format!("tile id {id} is out of range 0..=151")))?;
    Ok(match id {
        i if i < FIRST_FLOWER_ID => (i / 4) as u8,
        i if i < FIRST_JOKER_ID => FLOWER,
        _ => JOKER,
    })
}

/// The kind of every physical tile, indexed by id: the 152-tile set for building walls.
pub fn physical_kinds() -> [u8; PHYSICAL_TILES] {
    std::array::from_fn(|id| physical_kind(id as i64).unwrap_or(JOKER))
}

/// `n` and `word`, with an "s" unless `n` is 1 ("1 hand", "2 hands").
pub(crate) fn plural(n: impl Into<u64>, word: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The American name of each kind 0..=35 (craks, dots, bams, winds, the white dragon `0`,
/// green, red, flower, joker).
pub const NAMES: [&str; crate::tile::KINDS] = [
    "1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "1D", "2D", "3D", "4D", "5D", "6D", "7D",
    "8D", "9D", "1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B", "9B", "E", "S", "W", "N", "0", "G",
    "R", "F", "J",
];

/// [`NAMES`] and last `"?"` for a hidden tile.
pub const NAMES_AND_HIDDEN: [&str; crate::tile::KINDS + 1] = {
    let mut out = ["?"; crate::tile::KINDS + 1];
    let mut i = 0;
    while i < crate::tile::KINDS {
        out[i] = NAMES[i];
        i += 1;
    }
    out
};

/// The American name of a kind (`"1B"`, `"N"`, `"0"`, `"F"`, `"J"`); `"?"` out of range.
pub fn kind_name(kind: u8) -> &'static str {
    NAMES.get(usize::from(kind)).copied().unwrap_or("?")
}

/// The American name of a kind, owned (see [`kind_name`]).
pub fn tile_name(kind: u8) -> String {
    kind_name(kind).to_owned()
}

/// Helpers for the tests of this module tree.
#[cfg(test)]
pub(crate) mod testing {
    use super::rack::Exposure;
    use super::{Card, Rack};
    use crate::tiles::Tiles;

    /// The built-in house card.
    pub(crate) fn house() -> Card {
        Card::builtin("house-2026").unwrap()
    }

    /// The kind of one tile in American text (`"2C"`).
    pub(crate) fn kind(name: &str) -> u8 {
        Tiles::parse(name).unwrap().kinds()[0]
    }

    /// A small deterministic generator (xorshift64).
    pub(crate) struct Rng(pub(crate) u64);

    impl Rng {
        /// A number below `bound`.
        pub(crate) fn below(&mut self, bound: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % bound as u64) as usize
        }

        /// `n` distinct physical tiles of the 152-tile set, as kinds.
        pub(crate) fn draw(&mut self, n: usize) -> Vec<i64> {
            let mut ids: Vec<usize> = (0..super::PHYSICAL_TILES).collect();
            (0..n)
                .map(|i| {
                    let j = i + self.below(ids.len() - i);
                    ids.swap(i, j);
                    i64::from(super::physical_kind(ids[i] as i64).unwrap_or(0))
                })
                .collect()
        }
    }

    /// A rack from American text and exposures written as tiles (`"N N N J"`).
    pub(crate) fn rack(concealed: &str, exposures: &[&str]) -> Rack {
        let exposures = exposures
            .iter()
            .map(|e| Exposure::from_tiles(&Tiles::parse(e).unwrap()).unwrap())
            .collect();
        Rack::new(Tiles::parse(concealed).unwrap(), exposures).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{KINDS, WHITE};
    use crate::tiles::Tiles;

    #[test]
    fn the_physical_set_has_152_tiles() {
        let kinds = physical_kinds();
        let set = Tiles::from_kinds(kinds.iter().map(|&k| i64::from(k))).unwrap();
        assert_eq!(set.len(), 152);
        let counts = set.counts();
        assert!((0..34).all(|k| counts[k] == 4));
        assert_eq!(
            (counts[usize::from(FLOWER)], counts[usize::from(JOKER)]),
            (8, 8)
        );
        assert_eq!(counts.len(), KINDS);
        assert_eq!(physical_kind(124), Ok(WHITE));
        assert_eq!(physical_kind(143), Ok(FLOWER));
        assert_eq!(physical_kind(144), Ok(JOKER));
        assert!(physical_kind(152).unwrap_err().message().contains("152"));
        assert!(physical_kind(-1).is_err());
    }

    #[test]
    fn names() {
        assert_eq!(tile_name(18), "1B");
        assert_eq!(tile_name(WHITE), "0");
        assert_eq!(tile_name(JOKER), "J");
        assert_eq!(tile_name(36), "?");
        for kind in 0..36u8 {
            let text = Tiles::from_kinds([i64::from(kind)]).unwrap().to_american();
            assert_eq!(kind_name(kind), text);
        }
        assert_eq!(plural(1u8, "hand"), "1 hand");
        assert_eq!(plural(0u8, "tile"), "0 tiles");
    }
}
