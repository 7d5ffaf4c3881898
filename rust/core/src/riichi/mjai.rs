//! Tile names of the mjai protocol: `1m`..`9m`, `1p`.., `1s`.., `E S W N` winds, `P F C`
//! white, green and red dragons, `5mr 5pr 5sr` red fives, and `?` for a tile the reader may
//! not see.

use crate::error::{Error, Result};
use crate::tile::{HIDDEN, RIICHI_KINDS, RIICHI_TILE_COUNT, is_red_id, kind_of_id, tile_class};

/// The mjai name of each kind 0..=33.
pub const NAMES: [&str; RIICHI_KINDS] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p",
    "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N", "P", "F",
    "C",
];

/// The names of the red 5m, 5p and 5s.
pub const RED_NAMES: [&str; 3] = ["5mr", "5pr", "5sr"];

/// The name of each tile class (the kinds 0..=33, then the red 5m, 5p, 5s; see
/// [`crate::tile::tile_class`]) and last `"?"` for a hidden tile.
pub const CLASS_NAMES: [&str; 38] = {
    let mut out = ["?"; 38];
    let mut i = 0;
    while i < RIICHI_KINDS {
        out[i] = NAMES[i];
        i += 1;
    }
    out[34] = RED_NAMES[0];
    out[35] = RED_NAMES[1];
    out[36] = RED_NAMES[2];
    out
};

/// The index in [`CLASS_NAMES`] of physical tile `id` (red fives red when `red_fives`).
pub fn class_index(id: u8, red_fives: bool) -> usize {
    if id == HIDDEN || usize::from(id) >= RIICHI_TILE_COUNT {
        return 37;
    }
    usize::from(tile_class(id, red_fives))
}

/// The mjai name of a tile kind, red when `red` (a kind without a red five ignores it).
pub fn pai(kind: u8, red: bool) -> &'static str {
    match (kind, red) {
        (4 | 13 | 22, true) => RED_NAMES[usize::from(kind / 9)],
        _ => NAMES.get(usize::from(kind)).copied().unwrap_or("?"),
    }
}

/// The mjai name of physical tile `id` (ids 16, 52, 88 are red when `red_fives`); `"?"` for
/// [`HIDDEN`] or an id out of range.
pub fn tile_pai(id: u8, red_fives: bool) -> &'static str {
    if id == HIDDEN || usize::from(id) >= RIICHI_TILE_COUNT {
        return "?";
    }
    pai(kind_of_id(id), is_red_id(id, red_fives))
}

/// Reads an mjai tile name: its kind and whether it is a red five.
pub fn parse_pai(text: &str) -> Result<(u8, bool)> {
    if let Some(i) = RED_NAMES.iter().position(|&n| n == text) {
        return Ok((4 + 9 * i as u8, true));
    }
    NAMES
        .iter()
        .position(|&n| n == text)
        .map(|k| (k as u8, false))
        .ok_or_else(|| {
            Error::tile(format!(
                "{text:?} is not an mjai tile (1m..9s, E S W N P F C, 5mr)"
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for kind in 0..34u8 {
            assert_eq!(parse_pai(pai(kind, false)), Ok((kind, false)));
        }
        assert_eq!(pai(4, true), "5mr");
        assert_eq!(pai(5, true), "6m");
        assert_eq!(parse_pai("5sr"), Ok((22, true)));
        assert_eq!(pai(31, false), "P");
        assert_eq!(tile_pai(16, true), "5mr");
        assert_eq!(tile_pai(16, false), "5m");
        assert_eq!(tile_pai(HIDDEN, true), "?");
        for id in [0u8, 16, 17, 135, HIDDEN] {
            assert_eq!(CLASS_NAMES[class_index(id, true)], tile_pai(id, true));
        }
        assert!(parse_pai("4mr").is_err() && parse_pai("0m").is_err() && parse_pai("").is_err());
    }
}
