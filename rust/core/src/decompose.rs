//! Win decomposition: every way a complete concealed part splits into sets and a pair, plus
//! the chiitoitsu and kokushi readings, and the wait shapes a winning tile can be read as.

use crate::error::{Error, Result};
use crate::shanten;
use crate::tile::{EAST, RIICHI_KINDS, YAOCHUU, kind_name, number};

/// A set inside a decomposition, named by its lowest kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Set {
    /// Three consecutive kinds of one suit starting at this kind.
    Sequence(u8),
    /// Three copies of this kind.
    Triplet(u8),
}

impl Set {
    /// The lowest kind of the set.
    pub fn first(self) -> u8 {
        match self {
            Self::Sequence(k) | Self::Triplet(k) => k,
        }
    }

    /// Whether the set holds a tile of `kind`.
    pub fn contains(self, kind: u8) -> bool {
        match self {
            Self::Sequence(k) => (k..k + 3).contains(&kind),
            Self::Triplet(k) => k == kind,
        }
    }

    /// The three kinds of the set.
    pub fn kinds(self) -> [u8; 3] {
        match self {
            Self::Sequence(k) => [k, k + 1, k + 2],
            Self::Triplet(k) => [k; 3],
        }
    }
}

/// Which winning form a decomposition reads the hand as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Sets and one pair.
    Standard,
    /// Seven distinct pairs.
    Chiitoitsu,
    /// Thirteen orphans: one of each yaochuu kind plus a duplicate (the `pair`).
    Kokushi,
}

/// One reading of a complete concealed part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Decomposition {
    /// The form of the reading.
    pub shape: Shape,
    /// The pair kind (standard), the duplicated kind (kokushi) or the lowest pair (chiitoitsu).
    pub pair: u8,
    sets: [Set; 4],
    set_count: u8,
    pairs: [u8; 7],
}

impl Decomposition {
    /// The sets, by lowest kind (a sequence before a triplet of the same kind); empty unless
    /// standard.
    pub fn sets(&self) -> &[Set] {
        &self.sets[..usize::from(self.set_count)]
    }

    /// The seven pair kinds of a chiitoitsu reading (the pair alone otherwise).
    pub fn pairs(&self) -> &[u8] {
        match self.shape {
            Shape::Chiitoitsu => &self.pairs,
            _ => std::slice::from_ref(&self.pair),
        }
    }

    fn standard(pair: u8, sets: &[Set]) -> Self {
        let mut all = [Set::Triplet(0); 4];
        all[..sets.len()].copy_from_slice(sets);
        Self {
            shape: Shape::Standard,
            pair,
            sets: all,
            set_count: sets.len() as u8,
            pairs: [0; 7],
        }
    }
}

/// The shape of the wait a winning tile completes in one reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wait {
    /// Two-sided sequence wait (45 waiting on 3 or 6).
    Ryanmen,
    /// Middle of a sequence (46 waiting on 5).
    Kanchan,
    /// Edge wait (12 waiting on 3, 89 waiting on 7).
    Penchan,
    /// One of two pairs becoming a triplet.
    Shanpon,
    /// Single tile waiting on its pair (also every chiitoitsu win).
    Tanki,
    /// Kokushi waiting on its one missing kind.
    Kokushi,
    /// Kokushi with all thirteen kinds held before the win (13-sided).
    Kokushi13,
}

impl Wait {
    /// The lowercase name used in the API.
    pub fn name(self) -> &'static str {
        match self {
            Self::Ryanmen => "ryanmen",
            Self::Kanchan => "kanchan",
            Self::Penchan => "penchan",
            Self::Shanpon => "shanpon",
            Self::Tanki => "tanki",
            Self::Kokushi => "kokushi",
            Self::Kokushi13 => "kokushi13",
        }
    }
}

/// A decomposition together with where the winning tile sits in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reading {
    /// The decomposition.
    pub decomposition: Decomposition,
    /// The winning tile's kind.
    pub win: u8,
    /// The wait shape the winning tile completes.
    pub wait: Wait,
    /// Index into [`Decomposition::sets`] of the set the winning tile completes; `None` when
    /// it completes the pair (and for chiitoitsu and kokushi).
    pub win_set: Option<u8>,
}

/// Every decomposition of a concealed part of `3n+2` tiles, appended to `out`
/// (none if the part is not complete). Standard readings come first.
pub fn decompose_into(counts: &[u8; RIICHI_KINDS], out: &mut Vec<Decomposition>) {
    let len: usize = counts.iter().map(|&c| usize::from(c)).sum();
    if len % 3 != 2 {
        return;
    }
    if let Some(pair_suit) = pair_suit(counts) {
        let mut work = *counts;
        let mut sets = [Set::Triplet(0); 4];
        let start = pair_suit * 9;
        for pair in start..(start + 9).min(RIICHI_KINDS) {
            if work[pair] >= 2 {
                work[pair] -= 2;
                split_sets(&mut work, 0, &mut sets, 0, pair as u8, out);
                work[pair] += 2;
            }
        }
    }
    if len == 14 {
        if let Some(d) = chiitoitsu(counts) {
            out.push(d);
        }
        if let Some(d) = kokushi(counts) {
            out.push(d);
        }
    }
}

/// Every decomposition of a complete concealed part (checked to have `3n+2` tiles).
pub fn decompose(counts: &[u8; RIICHI_KINDS]) -> Result<Vec<Decomposition>> {
    let len = shanten::check_counts(counts)?;
    if len % 3 != 2 {
        return Err(Error::hand(format!(
            "a complete hand part has 3n+2 tiles (2, 5, 8, 11 or 14), got {len}"
        )));
    }
    let mut out = Vec::new();
    decompose_into(counts, &mut out);
    Ok(out)
}

/// Whether a `3n+2` part is complete, by any form.
pub fn is_complete(counts: &[u8; RIICHI_KINDS], len: usize) -> bool {
    // Sets and a pair need the pair's suit at 2 modulo 3 and every other suit at 0.
    (pair_suit(counts).is_some() && shanten::standard(counts, len / 3) == -1)
        || (len == 14 && (shanten::chiitoitsu(counts) == -1 || shanten::kokushi(counts) == -1))
}

/// Checks the part and tells whether it is complete.
pub fn is_win(counts: &[u8; RIICHI_KINDS]) -> Result<bool> {
    let len = shanten::check_counts(counts)?;
    if len % 3 != 2 {
        return Err(Error::hand(format!(
            "a complete hand part has 3n+2 tiles (2, 5, 8, 11 or 14), got {len}"
        )));
    }
    Ok(is_complete(counts, len))
}

/// The suit (0 m, 1 p, 2 s, 3 honours) that must hold the pair: the only one whose tile count
/// is 2 modulo 3, with every other suit a multiple of 3. `None` if no split can exist.
fn pair_suit(counts: &[u8; RIICHI_KINDS]) -> Option<usize> {
    let mut found = None;
    for (suit, chunk) in counts.chunks(9).enumerate() {
        match chunk.iter().map(|&c| usize::from(c)).sum::<usize>() % 3 {
            0 => {}
            2 if found.is_none() => found = Some(suit),
            _ => return None,
        }
    }
    found
}

/// Splits the remaining tiles into sets. The lowest remaining kind must start every set that
/// holds it: at most one triplet and the rest sequences, which makes each split unique.
fn split_sets(
    work: &mut [u8; RIICHI_KINDS],
    from: usize,
    sets: &mut [Set; 4],
    used: usize,
    pair: u8,
    out: &mut Vec<Decomposition>,
) {
    let Some(kind) = (from..RIICHI_KINDS).find(|&k| work[k] > 0) else {
        let mut found = *sets;
        found[..used].sort_unstable_by_key(|s| (s.first(), matches!(s, Set::Triplet(_))));
        out.push(Decomposition::standard(pair, &found[..used]));
        return;
    };
    let held = work[kind];
    for triplets in 0..=u8::from(held >= 3) {
        let runs = held - 3 * triplets;
        if used + usize::from(triplets + runs) > 4 {
            continue;
        }
        let can_run = runs == 0
            || ((kind as u8) < EAST
                && kind % 9 <= 6
                && work[kind + 1] >= runs
                && work[kind + 2] >= runs);
        if !can_run {
            continue;
        }
        let mut n = used;
        if triplets == 1 {
            sets[n] = Set::Triplet(kind as u8);
            n += 1;
        }
        for _ in 0..runs {
            sets[n] = Set::Sequence(kind as u8);
            n += 1;
        }
        work[kind] = 0;
        if runs > 0 {
            work[kind + 1] -= runs;
            work[kind + 2] -= runs;
        }
        split_sets(work, kind + 1, sets, n, pair, out);
        work[kind] = held;
        if runs > 0 {
            work[kind + 1] += runs;
            work[kind + 2] += runs;
        }
    }
}

fn chiitoitsu(counts: &[u8; RIICHI_KINDS]) -> Option<Decomposition> {
    let mut pairs = [0; 7];
    let mut n = 0;
    for (kind, &count) in counts.iter().enumerate() {
        match count {
            0 => {}
            2 if n < 7 => {
                pairs[n] = kind as u8;
                n += 1;
            }
            _ => return None,
        }
    }
    (n == 7).then_some(Decomposition {
        shape: Shape::Chiitoitsu,
        pair: pairs[0],
        sets: [Set::Triplet(0); 4],
        set_count: 0,
        pairs,
    })
}

fn kokushi(counts: &[u8; RIICHI_KINDS]) -> Option<Decomposition> {
    if YAOCHUU.iter().any(|&k| counts[usize::from(k)] == 0) {
        return None;
    }
    let pair = YAOCHUU
        .iter()
        .copied()
        .find(|&k| counts[usize::from(k)] == 2)?;
    Some(Decomposition {
        shape: Shape::Kokushi,
        pair,
        sets: [Set::Triplet(0); 4],
        set_count: 0,
        pairs: [0; 7],
    })
}

/// Every way the winning tile `win` can be read in `decomposition`, appended to `out`.
/// Identical sets give one reading.
pub fn readings_into(decomposition: &Decomposition, win: u8, out: &mut Vec<Reading>) {
    let reading = |wait, win_set| Reading {
        decomposition: *decomposition,
        win,
        wait,
        win_set,
    };
    match decomposition.shape {
        Shape::Kokushi => {
            let wait = if decomposition.pair == win {
                Wait::Kokushi13
            } else {
                Wait::Kokushi
            };
            out.push(reading(wait, None));
        }
        Shape::Chiitoitsu => {
            if decomposition.pairs.contains(&win) {
                out.push(reading(Wait::Tanki, None));
            }
        }
        Shape::Standard => {
            if decomposition.pair == win {
                out.push(reading(Wait::Tanki, None));
            }
            let sets = decomposition.sets();
            for (i, &set) in sets.iter().enumerate() {
                if set.contains(win) && !sets[..i].contains(&set) {
                    out.push(reading(wait_in(set, win), Some(i as u8)));
                }
            }
        }
    }
}

/// The wait shape of `win` completing `set`.
fn wait_in(set: Set, win: u8) -> Wait {
    match set {
        Set::Triplet(_) => Wait::Shanpon,
        Set::Sequence(first) => match (win - first, number(first)) {
            (1, _) => Wait::Kanchan,
            (0, Some(7)) | (2, Some(1)) => Wait::Penchan,
            _ => Wait::Ryanmen,
        },
    }
}

/// Every reading of a complete part with winning tile `win` (which must be in the part).
pub fn readings(counts: &[u8; RIICHI_KINDS], win: u8) -> Result<Vec<Reading>> {
    if usize::from(win) >= RIICHI_KINDS || counts[usize::from(win)] == 0 {
        return Err(Error::hand(format!(
            "winning tile {} is not in the hand",
            if usize::from(win) < RIICHI_KINDS {
                kind_name(win, false)
            } else {
                win.to_string()
            }
        )));
    }
    let mut out = Vec::new();
    for d in decompose(counts)? {
        readings_into(&d, win, &mut out);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tiles;

    fn counts(s: &str) -> [u8; 34] {
        Tiles::parse(s).unwrap().riichi_counts()
    }

    #[test]
    fn counts_readings() {
        assert_eq!(decompose(&counts("123m456p789s11122z")).unwrap().len(), 1);
        // 111222333m: three triplets or three sequences
        assert_eq!(decompose(&counts("111222333m45699p")).unwrap().len(), 2);
        // seven pairs that are also two iipeikou
        let d = decompose(&counts("223344m556677p88s")).unwrap();
        assert_eq!(d.iter().filter(|d| d.shape == Shape::Chiitoitsu).count(), 1);
        assert_eq!(d.iter().filter(|d| d.shape == Shape::Standard).count(), 1);
        assert_eq!(
            decompose(&counts("19m19p19s12345677z")).unwrap()[0].shape,
            Shape::Kokushi
        );
        assert!(decompose(&counts("123m456p789s11123z")).unwrap().is_empty());
        assert!(decompose(&counts("123m")).is_err());
        assert_eq!(decompose(&counts("11m")).unwrap().len(), 1);
    }

    #[test]
    fn every_split_is_listed_once() {
        let d = decompose(&counts("11112345678999m")).unwrap();
        let mut seen = d.clone();
        seen.dedup();
        assert_eq!(d.len(), seen.len());
        assert!(!d.is_empty());
    }

    fn waits_of(s: &str, win: u8) -> Vec<&'static str> {
        let mut w: Vec<_> = readings(&counts(s), win)
            .unwrap()
            .iter()
            .map(|r| r.wait.name())
            .collect();
        w.sort_unstable();
        w
    }

    #[test]
    fn wait_shapes() {
        // 3m completes 12m (edge) or 45m (two-sided)
        assert_eq!(
            waits_of("123m456p789s11z345m", 2),
            vec!["penchan", "ryanmen"]
        );
        assert_eq!(waits_of("12m3m456p789s11z555z", 2), vec!["penchan"]);
        assert_eq!(waits_of("789m456p789s11z555z", 6), vec!["penchan"]);
        assert_eq!(waits_of("234m456p789s11z555z", 2), vec!["kanchan"]);
        assert_eq!(waits_of("234m456p789s11z555z", 31), vec!["shanpon"]);
        assert_eq!(waits_of("234m456p789s11z555z", 27), vec!["tanki"]);
        assert_eq!(waits_of("19m19p19s12345677z", 33), vec!["kokushi13"]);
        assert_eq!(waits_of("19m19p19s12345677z", 0), vec!["kokushi"]);
        assert_eq!(waits_of("1122m3344p5566s77z", 0), vec!["tanki"]);
        // nobetan 2345m won on 5m: only 234m + 55m
        assert_eq!(waits_of("23455m456p789s555z", 4), vec!["tanki"]);
        // 4556m + 5m: the 5m sits in the middle of 456m or on the pair 55m
        assert_eq!(waits_of("45556m456p789s555z", 4), vec!["kanchan", "tanki"]);
        assert!(readings(&counts("123m456p789s11222z"), 8).is_err());
    }
}
