//! [`Tiles`]: an immutable multiset of tile kinds that remembers which fives are red.

use std::fmt;

use crate::error::{Error, Result};
use crate::notation;
use crate::tile::{
    FLOWER, JOKER, KINDS, RED_FIVE_IDS, RIICHI_KINDS, SUIT_LETTERS, check_tile_id, kind_name,
    kind_of_id,
};

/// Kind of the five of suit `s` (0 m, 1 p, 2 s).
const fn five(suit: usize) -> usize {
    suit * 9 + 4
}

/// How many copies of `kind` a full set holds: 4, or 8 for flowers and jokers.
pub fn supply(kind: usize) -> u8 {
    SUPPLY.get(kind).copied().unwrap_or(4)
}

/// [`supply`] of every kind.
const SUPPLY: [u8; KINDS] = {
    let mut supply = [4; KINDS];
    supply[FLOWER as usize] = 8;
    supply[JOKER as usize] = 8;
    supply
};

/// A multiset of tiles: counts per kind (34 Riichi kinds, then flower and joker) plus the number
/// of red fives among the 5m, 5p and 5s.
///
/// Every constructor checks the counts against the physical supply, so a `Tiles` never holds a
/// fifth copy of a kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tiles {
    counts: [u8; KINDS],
    red: [u8; 3],
}

impl Tiles {
    /// The empty multiset.
    pub const EMPTY: Self = Self {
        counts: [0; KINDS],
        red: [0; 3],
    };

    /// Builds from counts per kind: 34 entries (Riichi) or 36 (with flowers and jokers).
    pub fn from_counts(counts: &[u8]) -> Result<Self> {
        if counts.len() != RIICHI_KINDS && counts.len() != KINDS {
            return Err(Error::hand(format!(
                "counts must have 34 or 36 entries, got {}",
                counts.len()
            )));
        }
        let mut tiles = Self::EMPTY;
        tiles.counts[..counts.len()].copy_from_slice(counts);
        tiles.check_supply()?;
        Ok(tiles)
    }

    /// Builds from a list of kinds (`0..=33`, or 34/35 for flower/joker).
    pub fn from_kinds(kinds: impl IntoIterator<Item = i64>) -> Result<Self> {
        let mut tiles = Self::EMPTY;
        for kind in kinds {
            let k = u8::try_from(kind)
                .ok()
                .filter(|&k| usize::from(k) < KINDS)
                .ok_or_else(|| Error::tile(format!("tile kind {kind} is out of range 0..=35")))?;
            tiles.counts[usize::from(k)] = tiles.counts[usize::from(k)].saturating_add(1);
        }
        tiles.check_supply()?;
        Ok(tiles)
    }

    /// Builds from physical Riichi tile ids (`0..=135`, each at most once). With `red_fives`,
    /// ids 16, 52 and 88 count as red fives.
    pub fn from_ids(ids: impl IntoIterator<Item = i64>, red_fives: bool) -> Result<Self> {
        let mut seen = [false; 136];
        let mut tiles = Self::EMPTY;
        for id in ids {
            let id = check_tile_id(id)?;
            if std::mem::replace(&mut seen[usize::from(id)], true) {
                return Err(Error::tile(format!("tile id {id} appears more than once")));
            }
            tiles.counts[usize::from(kind_of_id(id))] += 1;
            if red_fives && let Some(suit) = RED_FIVE_IDS.iter().position(|&r| r == id) {
                tiles.red[suit] += 1;
            }
        }
        Ok(tiles)
    }

    /// Parses MPSZ or American notation (see [`crate::notation`]), e.g. `"123m406p789s11z"`
    /// or `"1B 1C 1D N E W S R G 0 F J"`.
    pub fn parse(text: &str) -> Result<Self> {
        notation::parse(text)
    }

    /// The same tiles with `red` fives per suit marked red (each at most one, on a five held).
    pub fn with_red(mut self, red: [u8; 3]) -> Result<Self> {
        for (suit, &n) in red.iter().enumerate() {
            if n > self.counts[five(suit)].min(1) {
                return Err(Error::hand(format!(
                    "{n} red fives 0{} but {} fives held (at most one red per suit)",
                    SUIT_LETTERS[suit],
                    self.counts[five(suit)]
                )));
            }
        }
        self.red = red;
        Ok(self)
    }

    /// Builds from kinds plus red fives per suit (each red five is also counted in `kinds`).
    pub(crate) fn from_kinds_and_red(kinds: &[u8], red: [u8; 3]) -> Result<Self> {
        let mut tiles = Self {
            counts: [0; KINDS],
            red,
        };
        for &kind in kinds {
            tiles.counts[usize::from(kind)] = tiles.counts[usize::from(kind)].saturating_add(1);
        }
        tiles.check_supply()?;
        Ok(tiles)
    }

    fn check_supply(&self) -> Result<()> {
        let within = |(count, supply): (&u8, &u8)| count <= supply;
        if self.counts.iter().zip(&SUPPLY).all(within) && self.red.iter().all(|&red| red <= 1) {
            return Ok(());
        }
        for (kind, &count) in self.counts.iter().enumerate() {
            if count > supply(kind) {
                return Err(Error::hand(format!(
                    "{count} copies of {} (at most {} exist)",
                    kind_name(kind as u8, false),
                    supply(kind)
                )));
            }
        }
        for (suit, &red) in self.red.iter().enumerate() {
            if red > 1 {
                return Err(Error::hand(format!(
                    "{red} red fives 0{} (a set has at most one per suit)",
                    SUIT_LETTERS[suit]
                )));
            }
        }
        Ok(())
    }

    /// Counts per kind, 36 entries (34 Riichi kinds, flower, joker).
    pub fn counts(&self) -> &[u8; KINDS] {
        &self.counts
    }

    /// Counts of the 34 Riichi kinds.
    pub fn riichi_counts(&self) -> [u8; RIICHI_KINDS] {
        let mut out = [0; RIICHI_KINDS];
        out.copy_from_slice(&self.counts[..RIICHI_KINDS]);
        out
    }

    /// Number of copies of `kind` (0 for a kind out of range).
    pub fn count(&self, kind: u8) -> u8 {
        self.counts.get(usize::from(kind)).copied().unwrap_or(0)
    }

    /// Red fives per suit (m, p, s).
    pub fn red(&self) -> [u8; 3] {
        self.red
    }

    /// Total number of red fives.
    pub fn red_total(&self) -> u8 {
        self.red.iter().sum()
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| usize::from(c)).sum()
    }

    /// Whether there are no tiles.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether only Riichi kinds (no flowers or jokers) are present.
    pub fn is_riichi(&self) -> bool {
        self.counts[RIICHI_KINDS..].iter().all(|&c| c == 0)
    }

    /// The kinds, ascending, each repeated by its count.
    pub fn kinds(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len());
        for (kind, &count) in self.counts.iter().enumerate() {
            out.extend(std::iter::repeat_n(kind as u8, usize::from(count)));
        }
        out
    }

    /// Canonical physical ids (Riichi kinds only): red fives take copy 0 (ids 16, 52, 88),
    /// other tiles the lowest copies not used by a red five.
    pub fn ids(&self) -> Result<Vec<u8>> {
        if !self.is_riichi() {
            return Err(Error::hand("flowers and jokers have no Riichi tile id"));
        }
        let mut out = Vec::with_capacity(self.len());
        for kind in 0..RIICHI_KINDS {
            let base = (kind * 4) as u8;
            let count = usize::from(self.counts[kind]);
            match (0..3).find(|&s| five(s) == kind) {
                Some(suit) => {
                    let red = usize::from(self.red[suit]);
                    out.extend(std::iter::repeat_n(base, red));
                    out.extend([1, 2, 3, 0].iter().take(count - red).map(|&c| base + c));
                }
                None => out.extend((0..count as u8).map(|c| base + c)),
            }
        }
        out.sort_unstable();
        Ok(out)
    }

    /// The union of two multisets (counts added), checked against the supply.
    pub fn try_add(&self, other: &Self) -> Result<Self> {
        let mut out = *self;
        for (a, b) in out.counts.iter_mut().zip(other.counts) {
            *a = a.saturating_add(b);
        }
        for (a, b) in out.red.iter_mut().zip(other.red) {
            *a = a.saturating_add(b);
        }
        out.check_supply()?;
        Ok(out)
    }

    /// The multiset with `other` taken out; every tile of `other` must be present.
    /// A plain five is taken from the plain fives first, then from the red ones.
    pub fn try_sub(&self, other: &Self) -> Result<Self> {
        let mut out = *self;
        for (kind, (&need, have)) in other.counts.iter().zip(out.counts.iter_mut()).enumerate() {
            if need > *have {
                return Err(Error::hand(format!(
                    "cannot remove {need} {} from a hand holding {have}",
                    kind_name(kind as u8, false)
                )));
            }
            *have -= need;
        }
        for (suit, letter) in SUIT_LETTERS.iter().take(3).enumerate() {
            if other.red[suit] > out.red[suit] {
                return Err(Error::hand(format!(
                    "cannot remove a red five 0{letter} from a hand without one"
                )));
            }
            out.red[suit] = (out.red[suit] - other.red[suit]).min(out.counts[five(suit)]);
        }
        Ok(out)
    }

    /// The multiset with one more copy of `kind` (red if `red` and `kind` is a five).
    pub fn with_added(&self, kind: u8, red: bool) -> Result<Self> {
        let mut one = Self::single(kind)?;
        if red && let Some(s) = (0..3).find(|&s| five(s) == usize::from(kind)) {
            one.red[s] = 1;
        }
        self.try_add(&one)
    }

    /// The multiset with one copy of `kind` removed (a plain five before a red one).
    pub fn with_removed(&self, kind: u8) -> Result<Self> {
        self.try_sub(&Self::single(kind)?)
    }

    /// One plain tile of `kind`.
    fn single(kind: u8) -> Result<Self> {
        if usize::from(kind) >= KINDS {
            return Err(Error::tile(format!(
                "tile kind {kind} is out of range 0..=35"
            )));
        }
        let mut one = Self::EMPTY;
        one.counts[usize::from(kind)] = 1;
        Ok(one)
    }

    /// MPSZ text, e.g. `"123m406p789s11z"` (see [`notation::to_mpsz`]).
    pub fn to_mpsz(&self) -> String {
        notation::to_mpsz(self)
    }

    /// American text, e.g. `"1B 1B 2C N R 0 F J"` (see [`notation::to_american`]).
    pub fn to_american(&self) -> String {
        notation::to_american(self)
    }
}

impl Default for Tiles {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl fmt::Display for Tiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_mpsz())
    }
}

impl fmt::Debug for Tiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tiles({:?})", self.to_mpsz())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_format_round_trip() {
        let t = Tiles::parse("123m406p789s11z").unwrap();
        assert_eq!(t.len(), 11);
        assert_eq!(t.red(), [0, 1, 0]);
        assert_eq!(t.to_mpsz(), "123m406p789s11z");
        assert_eq!(Tiles::parse("1m 2m 3m").unwrap().to_mpsz(), "123m");
        assert_eq!(Tiles::parse("5z55z").unwrap().to_mpsz(), "555z");
        assert_eq!(Tiles::parse("3m1m2m").unwrap().to_mpsz(), "123m");
        assert_eq!(Tiles::parse("").unwrap(), Tiles::EMPTY);
    }

    #[test]
    fn parse_errors_name_the_problem() {
        assert!(Tiles::parse("8z").unwrap_err().message().contains("8z"));
        assert!(
            Tiles::parse("123")
                .unwrap_err()
                .message()
                .contains("\"123\"")
        );
        assert!(Tiles::parse("12x").unwrap_err().message().contains("'x'"));
        assert!(
            Tiles::parse("m")
                .unwrap_err()
                .message()
                .contains("no digits")
        );
        assert!(
            Tiles::parse("11111m")
                .unwrap_err()
                .message()
                .contains("5 copies of 1m")
        );
        assert!(Tiles::parse("00m").unwrap_err().message().contains("0m"));
    }

    #[test]
    fn ids_round_trip_with_red_fives() {
        let t = Tiles::from_ids([16, 17, 18, 52, 0, 135], true).unwrap();
        assert_eq!(t.to_mpsz(), "1055m0p7z");
        assert_eq!(
            Tiles::from_ids(t.ids().unwrap().iter().map(|&i| i64::from(i)), true),
            Ok(t)
        );
        let plain = Tiles::from_ids([16], false).unwrap();
        assert_eq!(plain.to_mpsz(), "5m");
        assert!(
            Tiles::from_ids([3, 3], true)
                .unwrap_err()
                .message()
                .contains("3")
        );
        assert!(Tiles::from_ids([136], true).is_err());
    }

    #[test]
    fn canonical_ids_avoid_the_red_copy() {
        let t = Tiles::parse("555m").unwrap();
        assert_eq!(t.ids().unwrap(), vec![17, 18, 19]);
        let four = Tiles::parse("5555m").unwrap();
        assert_eq!(four.ids().unwrap(), vec![16, 17, 18, 19]);
    }

    #[test]
    fn add_and_remove() {
        let t = Tiles::parse("055m").unwrap();
        assert_eq!(t.with_removed(4).unwrap().to_mpsz(), "05m");
        assert_eq!(
            t.with_added(4, true).unwrap_err().kind(),
            crate::ErrorKind::InvalidHand
        );
        assert!(Tiles::parse("1m").unwrap().with_removed(1).is_err());
        let sum = Tiles::parse("12m")
            .unwrap()
            .try_add(&Tiles::parse("3m").unwrap())
            .unwrap();
        assert_eq!(sum.to_mpsz(), "123m");
    }

    #[test]
    fn counts_are_checked() {
        assert!(Tiles::from_counts(&[5; 34]).is_err());
        assert!(Tiles::from_counts(&[1; 33]).is_err());
        let mut c = [0u8; 36];
        c[35] = 8;
        assert_eq!(Tiles::from_counts(&c).unwrap().len(), 8);
        assert!(Tiles::from_kinds([36]).is_err());
        assert!(Tiles::from_kinds([-1]).is_err());
    }
}
