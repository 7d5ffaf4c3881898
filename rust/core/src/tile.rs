//! Tile kinds and physical tiles.
//!
//! Kinds follow the field's convention: `0..=8` are 1m..9m (characters), `9..=17` 1p..9p
//! (circles), `18..=26` 1s..9s (bamboo), `27..=30` East South West North, `31..=33` white,
//! green and red dragon. American play adds [`FLOWER`] (34) and [`JOKER`] (35). Physical Riichi
//! tiles have ids `0..=135` with `kind = id / 4`; with red fives, ids 16, 52 and 88 are the red
//! 5m, 5p and 5s.

use crate::error::{Error, Result};

/// Number of Riichi tile kinds (m, p, s, z).
pub const RIICHI_KINDS: usize = 34;
/// Number of kinds including the American flower and joker.
pub const KINDS: usize = 36;
/// Number of physical Riichi tiles.
pub const RIICHI_TILE_COUNT: usize = 136;
/// First honour kind (East).
pub const EAST: u8 = 27;
/// White dragon (haku; the American soap and zero).
pub const WHITE: u8 = 31;
/// Green dragon (hatsu).
pub const GREEN: u8 = 32;
/// Red dragon (chun).
pub const RED: u8 = 33;
/// The American flower (all eight are one kind).
pub const FLOWER: u8 = 34;
/// The American joker.
pub const JOKER: u8 = 35;
/// Physical ids of the red fives (5m, 5p, 5s) when red fives are in use.
pub const RED_FIVE_IDS: [u8; 3] = [16, 52, 88];
/// A tile id standing for a tile the observer may not see (in events as a seat sees them).
pub const HIDDEN: u8 = u8::MAX;
/// The thirteen terminal and honour kinds (yaochuu), in kind order.
pub const YAOCHUU: [u8; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// The suit letters of the MPSZ notation, indexed by suit (`kind / 9`).
pub const SUIT_LETTERS: [char; 4] = ['m', 'p', 's', 'z'];

/// Checks that `id` is a physical Riichi tile id (`0..=135`).
pub fn check_tile_id(id: i64) -> Result<u8> {
    u8::try_from(id)
        .ok()
        .filter(|&i| usize::from(i) < RIICHI_TILE_COUNT)
        .ok_or_else(|| Error::tile(format!("tile id {id} is out of range 0..=135")))
}

/// Suit index of a kind: 0 m, 1 p, 2 s, 3 honours; `None` for flowers and jokers.
pub fn suit(kind: u8) -> Option<u8> {
    (usize::from(kind) < RIICHI_KINDS).then_some(kind / 9)
}

/// Number 1..=9 of a suited kind, `None` for honours and American extras.
pub fn number(kind: u8) -> Option<u8> {
    (kind < EAST).then_some(kind % 9 + 1)
}

/// Whether `kind` is an honour (wind or dragon).
pub fn is_honor(kind: u8) -> bool {
    (EAST..=RED).contains(&kind)
}

/// Whether `kind` is a terminal (a 1 or 9 of a suit).
pub fn is_terminal(kind: u8) -> bool {
    matches!(number(kind), Some(1 | 9))
}

/// Whether `kind` is a terminal or an honour (yaochuu).
pub fn is_yaochuu(kind: u8) -> bool {
    is_terminal(kind) || is_honor(kind)
}

/// Whether `kind` is a dragon.
pub fn is_dragon(kind: u8) -> bool {
    (WHITE..=RED).contains(&kind)
}

/// Whether `kind` is a wind.
pub fn is_wind(kind: u8) -> bool {
    (EAST..WHITE).contains(&kind)
}

/// Whether Riichi kind `kind` is in play in a game of `players`: every kind with four
/// players; with three, the manzu 2m–8m (kinds 1..=7) are removed (sanma T0.1).
pub fn in_play(kind: u8, players: usize) -> bool {
    players != 3 || !(1..=7).contains(&kind)
}

/// The physical tile ids of a game of `players`, ascending: 0..=135, or with three players
/// 0..=3 (1m) and 32..=135 (sanma T0.2).
pub fn riichi_ids(players: usize) -> impl Iterator<Item = u8> {
    (0..RIICHI_TILE_COUNT as u8).filter(move |&id| in_play(kind_of_id(id), players))
}

/// An error naming a tile kind that is removed in a three-player game.
pub fn removed_kind(kind: u8, what: &str) -> Error {
    Error::tile(format!(
        "{what} {} is not in play with three players (2m-8m are removed)",
        kind_name(kind, false)
    ))
}

/// Checks that `counts` (per kind) holds only kinds in play in a game of `players`; `what`
/// names them in the error (T0.1: a removed kind is refused, never repaired).
pub fn check_in_play(counts: &[u8; RIICHI_KINDS], players: usize, what: &str) -> Result<()> {
    match (0..RIICHI_KINDS as u8).find(|&k| counts[usize::from(k)] > 0 && !in_play(k, players)) {
        Some(kind) => Err(removed_kind(kind, what)),
        None => Ok(()),
    }
}

/// The dora kind an indicator of kind `indicator` points at in a game of `players` (R2.6:
/// 1-9 cycle, winds, dragons; with three players the manzu cycle is 1m ↔ 9m, T2.6).
pub fn dora_from_indicator(indicator: u8, players: usize) -> u8 {
    match indicator {
        0 if players == 3 => 8,
        8 if players == 3 => 0,
        k if k < EAST => k - k % 9 + (k % 9 + 1) % 9,
        k if k < WHITE => EAST + (k - EAST + 1) % 4,
        k => WHITE + (k - WHITE + 1) % 3,
    }
}

/// The kind of physical tile `id` (`id / 4`).
pub fn kind_of_id(id: u8) -> u8 {
    id / 4
}

/// Whether physical Riichi tile `id` is a red five when the rules use them.
pub fn is_red_id(id: u8, red_fives: bool) -> bool {
    red_fives && RED_FIVE_IDS.contains(&id)
}

/// The class of physical Riichi tile `id`: its kind, or 34..=36 for the red 5m, 5p, 5s (what
/// names a tile in actions, logs and observations).
pub fn tile_class(id: u8, red_fives: bool) -> u8 {
    if is_red_id(id, red_fives) {
        34 + id / 36
    } else {
        kind_of_id(id)
    }
}

/// The MPSZ name of a Riichi kind, e.g. `"5m"`, `"7z"`; `"0m"` when `red` is set on a five.
pub fn kind_name(kind: u8, red: bool) -> String {
    match kind {
        FLOWER => "F".to_owned(),
        JOKER => "J".to_owned(),
        k => {
            let digit = if red && number(k) == Some(5) {
                0
            } else {
                k % 9 + 1
            };
            format!("{digit}{}", SUIT_LETTERS[usize::from(k / 9)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dora_cycles() {
        for players in [3, 4] {
            assert_eq!(dora_from_indicator(17, players), 9);
            assert_eq!(dora_from_indicator(26, players), 18);
            assert_eq!(dora_from_indicator(30, players), 27);
            assert_eq!(dora_from_indicator(27, players), 28);
            assert_eq!(dora_from_indicator(29, players), 30);
            assert_eq!(dora_from_indicator(33, players), 31);
            assert_eq!(dora_from_indicator(31, players), 32);
        }
        assert_eq!(dora_from_indicator(0, 4), 1);
        assert_eq!(dora_from_indicator(8, 4), 0);
        // T2.6: with three players 1m and 9m indicate each other.
        assert_eq!(dora_from_indicator(0, 3), 8);
        assert_eq!(dora_from_indicator(8, 3), 0);
    }

    #[test]
    fn three_player_tiles() {
        assert_eq!(riichi_ids(4).count(), 136);
        let ids: Vec<u8> = riichi_ids(3).collect();
        assert_eq!(ids.len(), 108);
        assert_eq!(ids[..5], [0, 1, 2, 3, 32]);
        assert!(in_play(0, 3) && in_play(8, 3) && !in_play(4, 3) && in_play(4, 4));
        assert!(removed_kind(4, "tile").message().contains("5m"));
    }

    #[test]
    fn classes() {
        assert_eq!(YAOCHUU.iter().filter(|&&k| is_yaochuu(k)).count(), 13);
        assert_eq!((0..34).filter(|&k| is_yaochuu(k)).count(), 13);
        assert!(is_dragon(WHITE) && !is_dragon(30) && is_wind(30));
        assert_eq!(number(26), Some(9));
        assert_eq!(suit(JOKER), None);
    }

    #[test]
    fn checks_name_the_value() {
        assert!(check_tile_id(-1).unwrap_err().message().contains("-1"));
        assert_eq!(check_tile_id(135), Ok(135));
    }

    #[test]
    fn names() {
        assert_eq!(kind_name(4, true), "0m");
        assert_eq!(kind_name(4, false), "5m");
        assert_eq!(kind_name(33, false), "7z");
    }
}
