//! Tile efficiency: waits of a tenpai hand and ukeire (the draws that lower shanten).

use crate::decompose::is_complete;
use crate::error::{Error, Result};
use crate::shanten::{self, Form};
use crate::tile::{RIICHI_KINDS, kind_name};

/// The kinds that complete a `3n+1` part. A kind the hand already holds four of is never a
/// wait (the fifth copy does not exist), so `waits` is empty exactly when the hand is not
/// tenpai under the Tenhou convention.
pub fn waits(counts: &[u8; RIICHI_KINDS]) -> Result<Vec<u8>> {
    let len = shanten::check_counts(counts)?;
    if len % 3 != 1 {
        return Err(Error::hand(format!(
            "waits need a hand part of 3n+1 tiles (1, 4, 7, 10 or 13), got {len}"
        )));
    }
    let mut work = *counts;
    let mut out = Vec::new();
    for kind in 0..RIICHI_KINDS {
        if work[kind] < 4 {
            work[kind] += 1;
            if is_complete(&work, len + 1) {
                out.push(kind as u8);
            }
            work[kind] -= 1;
        }
    }
    Ok(out)
}

/// The improving draws of a `3n+1` part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ukeire {
    /// Shanten of the part.
    pub shanten: i8,
    /// `(kind, copies left)` for every kind whose draw lowers the shanten and has copies left.
    pub tiles: Vec<(u8, u8)>,
}

impl Ukeire {
    /// Total copies left over all improving kinds.
    pub fn total(&self) -> u32 {
        self.tiles.iter().map(|&(_, n)| u32::from(n)).sum()
    }
}

/// What discarding one kind from a `3n+2` part leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscardOption {
    /// The kind discarded.
    pub discard: u8,
    /// Shanten and improving draws of the part left after the discard.
    pub ukeire: Ukeire,
}

/// Checks that `visible` (tiles the player sees outside the hand) and the hand together hold at
/// most four of each kind.
pub fn check_visible(counts: &[u8; RIICHI_KINDS], visible: &[u8; RIICHI_KINDS]) -> Result<()> {
    for kind in 0..RIICHI_KINDS {
        let total = counts[kind] + visible[kind];
        if total > 4 {
            return Err(Error::hand(format!(
                "{} copies of {} between the hand ({}) and the visible tiles ({}); at most 4 exist",
                total,
                kind_name(kind as u8, false),
                counts[kind],
                visible[kind]
            )));
        }
    }
    Ok(())
}

/// Ukeire of a `3n+1` part: the kinds whose draw lowers its shanten (in `form`), with the
/// copies not in the hand or in `visible`.
pub fn ukeire(
    counts: &[u8; RIICHI_KINDS],
    visible: &[u8; RIICHI_KINDS],
    form: Form,
) -> Result<Ukeire> {
    let len = shanten::check_counts(counts)?;
    if len % 3 != 1 {
        return Err(Error::hand(format!(
            "ukeire of a single hand needs 3n+1 tiles, got {len}; use discard options for 3n+2"
        )));
    }
    check_visible(counts, visible)?;
    improving(counts, counts, visible, form)
}

/// The draws that lower the shanten of `counts`, with the copies of each kind not in `held`
/// (the player's own tiles) or `visible`.
fn improving(
    counts: &[u8; RIICHI_KINDS],
    held: &[u8; RIICHI_KINDS],
    visible: &[u8; RIICHI_KINDS],
    form: Form,
) -> Result<Ukeire> {
    let current = shanten::shanten(counts, form)?;
    let mut work = *counts;
    let mut tiles = Vec::new();
    for kind in 0..RIICHI_KINDS {
        let left = 4 - held[kind] - visible[kind];
        if left == 0 {
            continue;
        }
        work[kind] += 1;
        if shanten::shanten(&work, form)? < current {
            tiles.push((kind as u8, left));
        }
        work[kind] -= 1;
    }
    Ok(Ukeire {
        shanten: current,
        tiles,
    })
}

/// For a `3n+2` part: every distinct discard with the shanten and ukeire it leaves, best first
/// (lowest shanten, then most copies left, then lowest kind). Copies left are counted as
/// Tenhou counts them: the discarded tile is gone too, so all 14 tiles count as seen.
pub fn discard_options(
    counts: &[u8; RIICHI_KINDS],
    visible: &[u8; RIICHI_KINDS],
    form: Form,
) -> Result<Vec<DiscardOption>> {
    let len = shanten::check_counts(counts)?;
    if len % 3 != 2 {
        return Err(Error::hand(format!(
            "discard options need a hand part of 3n+2 tiles, got {len}; use ukeire for 3n+1"
        )));
    }
    check_visible(counts, visible)?;
    let mut options = Vec::new();
    let mut work = *counts;
    for kind in 0..RIICHI_KINDS {
        if counts[kind] == 0 {
            continue;
        }
        work[kind] -= 1;
        options.push(DiscardOption {
            discard: kind as u8,
            ukeire: improving(&work, counts, visible, form)?,
        });
        work[kind] += 1;
    }
    options.sort_by_key(|o| {
        (
            o.ukeire.shanten,
            std::cmp::Reverse(o.ukeire.total()),
            o.discard,
        )
    });
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tiles;

    fn counts(s: &str) -> [u8; 34] {
        Tiles::parse(s).unwrap().riichi_counts()
    }

    #[test]
    fn waits_examples() {
        assert_eq!(
            waits(&counts("1112345678999m")).unwrap(),
            (0..9).collect::<Vec<_>>()
        );
        assert_eq!(waits(&counts("19m19p19s1234567z")).unwrap().len(), 13);
        assert_eq!(waits(&counts("123m456p789s1122z")).unwrap(), vec![27, 28]);
        assert!(waits(&counts("1111m234p567s789s")).unwrap().is_empty());
        assert!(waits(&counts("12m")).is_err());
    }

    #[test]
    fn ukeire_counts_copies_left() {
        let none = [0; 34];
        let u = ukeire(&counts("123m456p789s1122z"), &none, Form::All).unwrap();
        assert_eq!(u.shanten, 0);
        assert_eq!(u.tiles, vec![(27, 2), (28, 2)]);
        let mut seen = [0; 34];
        seen[27] = 2;
        let u = ukeire(&counts("123m456p789s1122z"), &seen, Form::All).unwrap();
        assert_eq!(u.tiles, vec![(28, 2)]);
        seen[27] = 3;
        assert!(ukeire(&counts("123m456p789s1122z"), &seen, Form::All).is_err());
    }

    #[test]
    fn discard_options_best_first() {
        let opts = discard_options(&counts("123m456p789s1122z7z"), &[0; 34], Form::All).unwrap();
        assert_eq!(opts[0].discard, 33);
        assert_eq!(opts[0].ukeire.shanten, 0);
        assert_eq!(opts[0].ukeire.total(), 4);
        assert_eq!(opts.len(), 12);
    }

    #[test]
    fn the_discarded_tile_counts_as_gone() {
        // Discarding 3p leaves 124p waiting on 3p (kanchan): 3 copies left, not 4.
        let opts = discard_options(&counts("123m456s789s1z1234p"), &[0; 34], Form::All).unwrap();
        let three_p = opts.iter().find(|o| o.discard == 11).unwrap();
        assert!(three_p.ukeire.tiles.contains(&(11, 3)), "{three_p:?}");
    }
}
