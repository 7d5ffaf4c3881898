//! Shanten: how many tile exchanges a hand is away from tenpai (0) or a win (-1).
//!
//! The standard form (sets and a pair) uses the lookup tables of [`table`]: each suit's
//! costs come from one table read and are combined by a small min-plus merge. The target hand
//! never needs a fifth copy of a kind, so a hand whose only wait is a tile it holds four of
//! is 1-shanten, not tenpai (the Tenhou convention, spec R13.1). Chiitoitsu and kokushi have
//! closed forms. [`Parts`] keeps a hand's costs by part, so that hands one tile away (discard
//! analysis) read only the part that changes.

mod parts;
mod table;

pub(crate) use parts::{Draw, Merges, Parts, part_of};

pub(crate) use table::Costs;
pub use table::generate;
use table::{MAX_TILES, honor_costs, suit_costs};

use crate::error::{Error, Result};
use crate::tile::{RIICHI_KINDS, YAOCHUU};

/// Which winning forms a shanten count considers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// The minimum over every form that applies to the hand size.
    All,
    /// Sets and a pair.
    Standard,
    /// Seven distinct pairs (13 or 14 tiles only).
    Chiitoitsu,
    /// Thirteen orphans (13 or 14 tiles only).
    Kokushi,
}

impl Form {
    /// Parses `"all"`, `"standard"`, `"chiitoitsu"` or `"kokushi"`.
    pub fn parse(name: &str) -> Result<Self> {
        match name {
            "all" => Ok(Self::All),
            "standard" => Ok(Self::Standard),
            "chiitoitsu" => Ok(Self::Chiitoitsu),
            "kokushi" => Ok(Self::Kokushi),
            other => Err(Error::argument(format!(
                "unknown shanten kind {other:?} (expected all, standard, chiitoitsu or kokushi)"
            ))),
        }
    }
}

/// Number of sets a concealed part of `len` tiles must form: `len` is `3n+1` or `3n+2`
/// with `n <= 4`.
pub fn sets_needed(len: usize) -> Result<usize> {
    if len > MAX_TILES || len % 3 == 0 {
        return Err(Error::hand(format!(
            "a hand part has 3n+1 or 3n+2 tiles with at most 14 tiles (1, 2, 4, 5, ..., 13, 14), got {len}"
        )));
    }
    Ok(len / 3)
}

/// What the closed forms read of a hand: its kinds and pairs (chiitoitsu), its terminal and
/// honour kinds and whether one of them is paired (kokushi). A hand with one tile more is
/// counted from it in constant time ([`Self::with`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Closed {
    kinds: i8,
    pairs: i8,
    orphans: i8,
    orphan_pairs: i8,
}

/// The terminal and honour kinds, as bits.
const ORPHANS: u64 = {
    let mut bits = 0u64;
    let mut i = 0;
    while i < YAOCHUU.len() {
        bits |= 1 << YAOCHUU[i];
        i += 1;
    }
    bits
};

impl Closed {
    /// The closed-form counts of `counts`.
    pub(crate) fn of(counts: &[u8; RIICHI_KINDS]) -> Self {
        let (mut kinds, mut pairs) = (0, 0);
        for &c in counts {
            kinds += i8::from(c >= 1);
            pairs += i8::from(c >= 2);
        }
        let (mut orphans, mut orphan_pairs) = (0, 0);
        for &kind in &YAOCHUU {
            let c = counts[usize::from(kind)];
            orphans += i8::from(c >= 1);
            orphan_pairs += i8::from(c >= 2);
        }
        Self {
            kinds,
            pairs,
            orphans,
            orphan_pairs,
        }
    }

    /// The counts with one more tile of `kind`, of which the hand held `held`.
    pub(crate) fn with(self, kind: usize, held: u8) -> Self {
        self.moved(kind, held, 1)
    }

    /// The counts with one tile of `kind` less, of which the hand keeps `left`.
    pub(crate) fn without(self, kind: usize, left: u8) -> Self {
        self.moved(kind, left, -1)
    }

    /// The counts after a tile of `kind` comes (`step` 1) or goes (-1) while the hand holds
    /// `fewer` of it without that tile.
    fn moved(self, kind: usize, fewer: u8, step: i8) -> Self {
        let orphan = ORPHANS & (1 << kind) != 0;
        Self {
            kinds: self.kinds + step * i8::from(fewer == 0),
            pairs: self.pairs + step * i8::from(fewer == 1),
            orphans: self.orphans + step * i8::from(orphan && fewer == 0),
            orphan_pairs: self.orphan_pairs + step * i8::from(orphan && fewer == 1),
        }
    }

    /// Chiitoitsu shanten (of 13 or 14 tiles): four of a kind is one pair, not two.
    pub(crate) fn chiitoitsu(self) -> i8 {
        6 - self.pairs + (7 - self.kinds).max(0)
    }

    /// Kokushi shanten (of 13 or 14 tiles).
    pub(crate) fn kokushi(self) -> i8 {
        13 - self.orphans - i8::from(self.orphan_pairs > 0)
    }
}

/// One pass over Riichi counts: what validation needs.
struct Census {
    len: usize,
    max: u8,
}

impl Census {
    fn of(counts: &[u8; RIICHI_KINDS]) -> Self {
        let (mut len, mut max) = (0usize, 0u8);
        for &c in counts {
            len += usize::from(c);
            max = max.max(c);
        }
        Self { len, max }
    }

    /// Checks each count is at most 4 and the total is `3n+1` or `3n+2`.
    fn check(&self, counts: &[u8; RIICHI_KINDS]) -> Result<usize> {
        if self.max > 4 {
            let kind = counts.iter().position(|&c| c > 4).unwrap_or_default();
            return Err(Error::hand(format!(
                "count {} for kind {kind} is above 4",
                counts[kind]
            )));
        }
        sets_needed(self.len)?;
        Ok(self.len)
    }
}

/// Checks Riichi counts: 34 entries, each at most 4, and a `3n+1`/`3n+2` total.
/// Returns the tile count.
pub fn check_counts(counts: &[u8]) -> Result<usize> {
    let counts: &[u8; RIICHI_KINDS] = counts
        .try_into()
        .map_err(|_| Error::hand(format!("counts must have 34 entries, got {}", counts.len())))?;
    Census::of(counts).check(counts)
}

/// Shanten of a hand part in the requested form, after checking it (see [`check_counts`]).
pub fn shanten(counts: &[u8; RIICHI_KINDS], form: Form) -> Result<i8> {
    Census::of(counts).check(counts)?;
    Parts::new(counts).shanten(form)
}

/// The error for a closed form asked of a part of `len` tiles.
fn closed_forms_need_thirteen(len: usize) -> Error {
    Error::hand(format!(
        "chiitoitsu and kokushi need a concealed hand of 13 or 14 tiles, got {len}"
    ))
}

/// Standard-form shanten of counts with `sets` (at most 4) sets still to make. The counts
/// must be valid (each at most 4, at most 14 in all): see [`check_counts`].
pub fn standard(counts: &[u8; RIICHI_KINDS], sets: usize) -> i8 {
    let man = suit_costs(&counts[0..9]);
    let pin = suit_costs(&counts[9..18]);
    let sou = suit_costs(&counts[18..27]);
    let honors = honor_costs(&counts[27..34]);
    parts::Folding::new(&merge(&merge(&man, &pin), &sou), sets).fold(&honors)
}

/// Min-plus merge of two suits' costs, keeping up to 4 sets and at most one pair.
#[inline]
fn merge(a: &Costs, b: &Costs) -> Costs {
    let mut out = [[u8::MAX / 2; 8]; 2];
    for i in 0..5 {
        for j in 0..5 - i {
            let none = a[0][i] + b[0][j];
            let one = (a[0][i] + b[1][j]).min(a[1][i] + b[0][j]);
            out[0][i + j] = out[0][i + j].min(none);
            out[1][i + j] = out[1][i + j].min(one);
        }
    }
    out
}

/// Chiitoitsu shanten of 13 or 14 tiles: four of a kind is one pair, not two.
pub fn chiitoitsu(counts: &[u8; RIICHI_KINDS]) -> i8 {
    Closed::of(counts).chiitoitsu()
}

/// Kokushi shanten of 13 or 14 tiles.
pub fn kokushi(counts: &[u8; RIICHI_KINDS]) -> i8 {
    Closed::of(counts).kokushi()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tiles;

    fn sh(s: &str, form: Form) -> i8 {
        shanten(&Tiles::parse(s).unwrap().riichi_counts(), form).unwrap()
    }

    #[test]
    fn standard_examples() {
        assert_eq!(sh("123m456p789s1122z", Form::Standard), 0);
        assert_eq!(sh("123m456p789s11222z", Form::Standard), -1);
        assert_eq!(sh("1112345678999m", Form::Standard), 0);
        assert_eq!(sh("11122233344455m", Form::Standard), -1);
        assert_eq!(sh("1m", Form::Standard), 0);
        assert_eq!(sh("11m", Form::Standard), -1);
        assert_eq!(sh("1m9p", Form::Standard), 0);
        // karaten: the only wait is a fifth 1m
        assert_eq!(sh("1111m234p567s789s", Form::Standard), 1);
        assert_eq!(sh("19m19p19s1234567z", Form::Standard), 8);
    }

    #[test]
    fn seven_pairs_and_orphans() {
        assert_eq!(sh("1122m3344p5566s7z", Form::Chiitoitsu), 0);
        assert_eq!(sh("1111m2233p4455s66z", Form::Chiitoitsu), 1);
        assert_eq!(sh("19m19p19s1234567z", Form::Kokushi), 0);
        assert_eq!(sh("19m19p19s12345677z", Form::Kokushi), -1);
        assert_eq!(sh("19m19p19s12345677z", Form::All), -1);
    }

    #[test]
    fn bad_sizes_are_errors() {
        let three = Tiles::parse("123m").unwrap().riichi_counts();
        assert!(
            shanten(&three, Form::All)
                .unwrap_err()
                .message()
                .contains("got 3")
        );
        let ten = Tiles::parse("1234567899m").unwrap().riichi_counts();
        assert!(shanten(&ten, Form::Kokushi).is_err());
        assert!(shanten(&ten, Form::All).is_ok());
        assert!(Form::parse("normal").is_err());
        assert!(
            check_counts(&[5; 34])
                .unwrap_err()
                .message()
                .contains("above 4")
        );
    }
}
