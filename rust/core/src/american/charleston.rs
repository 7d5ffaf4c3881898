//! Charleston advice (spec §1.3, §5.3): which tiles to pass.

use std::ops::Range;

use super::card::{Card, HAND_SIZE};
use super::rack::Rack;
use super::table::{Needs, Segment, Table};
use crate::error::{Error, Result};
use crate::tile::{JOKER, KINDS};
use crate::tiles::Tiles;

/// `0.25^d`, exactly (`2^-2d`, a normal double for every `u8`): the bits of that power of two
/// instead of a call to `powi`.
fn quarter_to(d: u8) -> f64 {
    f64::from_bits((1023 - 2 * u64::from(d)) << 52)
}

/// A segment's least distance before a discard (`None` without columns), the kinds held in
/// `c` (`held`: those kinds as bits, the joker left out) whose discard one of its columns at
/// that distance keeps there, and the kinds those nearest columns use (both as bits). A
/// column keeps a kind it does not use, or holds more of than it can place (more than it
/// needs, or more than its naturals with a joker to spare). The reading of
/// [`Card::discard_minima`] with every column alive (no liveness).
fn read_segment(
    table: &Table,
    needs: &Needs,
    c: &[u8; KINDS],
    held: u64,
    columns: Range<usize>,
) -> Option<Reading> {
    let at = needs.distances_of(columns.clone()).min()?;
    let (mut kept, mut used) = (0u64, 0u64);
    for (i, d) in columns.clone().zip(needs.distances_of(columns)) {
        if d != at {
            continue;
        }
        let needed = table.needed_kinds(i);
        used |= needed;
        kept |= held & !needed;
        let spare = needs.jokers > needs.flexible(i);
        for &[kind, total, strict] in table.needed(i) {
            let held = c[usize::from(kind)];
            if held > total || (held > strict && spare) {
                kept |= 1 << kind;
            }
        }
    }
    Some((at, kept, used))
}

/// A segment's reading (see [`read_segment`]): its least distance, the kinds kept there and
/// the kinds its nearest columns use.
type Reading = (u8, u64, u64);

/// A segment's reading with its worth after a discard it keeps at its least distance and
/// after any other.
type Worth = (Option<Reading>, f64, f64);

impl Card {
    /// A Charleston pass of `count` (0..=3) tiles from 13 or 14 concealed tiles, never a joker.
    /// Greedy: each step passes the tile whose loss costs least, where a position is worth
    /// `sum over card hands of value x 4^-(tiles away)` (near, valuable hands dominate).
    pub fn charleston_pass(&self, concealed: &Tiles, count: usize) -> Result<Vec<u8>> {
        let rack = Rack::new(*concealed, Vec::new())?;
        rack.expect_len(&[13, 14], "a Charleston pass")?;
        if concealed.len() == usize::from(HAND_SIZE)
            && let Some(won) = self.match_rack(&rack)?
        {
            return Err(Error::hand(format!(
                "{:?} already makes card hand {:?}: a complete hand declares Mah Jongg before \
                 the Charleston (rule 1.2.6) instead of passing",
                concealed.to_american(),
                self.hands[won.hand].id
            )));
        }
        let naturals = concealed.len() - usize::from(concealed.count(JOKER));
        if count > 3 || count > naturals {
            return Err(Error::argument(format!(
                "a pass has 0 to 3 tiles and never a joker; cannot pass {count} of {:?}",
                concealed.to_american()
            )));
        }
        let mut c = *concealed.counts();
        let mut out = Vec::with_capacity(count);
        if count == 0 {
            return Ok(out);
        }
        // What each discard leaves, per segment, read as `discard_minima` reads it with no
        // liveness (every column alive): a segment's least distance `at` stays for the
        // discards one of its nearest columns keeps there and becomes `at + 1` for the
        // others. A pass changes one kind's count, which changes nothing for a column not
        // using that kind and only moves the others away: a segment whose nearest columns
        // do not use it reads the same, and only the others are read again for the next tile.
        let table = self.table();
        let segments = table.segments();
        let mut needs = Needs::default();
        table.needs(&c, &mut needs);
        let held = |c: &[u8; KINDS]| {
            (0..KINDS)
                .filter(|&k| k != usize::from(JOKER) && c[k] > 0)
                .fold(0u64, |bits, k| bits | 1 << k)
        };
        let bits = held(&c);
        // Each segment's reading with what it is worth after a discard it keeps and after
        // one it does not (its hand's value x 4^-distance).
        let worths = |reading: Option<Reading>, hand: usize| -> Worth {
            let value = f64::from(self.hands[hand].value);
            let at = reading.map_or(u8::MAX, |(at, ..)| at);
            let next = reading.map_or(u8::MAX, |(at, ..)| at + 1);
            (reading, value * quarter_to(at), value * quarter_to(next))
        };
        let read = |s: &Segment, needs: &Needs, c: &[u8; KINDS], bits: u64| {
            worths(
                read_segment(table, needs, c, bits, s.columns.clone()),
                s.hand,
            )
        };
        let mut readings: Vec<Worth> = segments.iter().map(|s| read(s, &needs, &c, bits)).collect();
        let worth = |tile: u8, readings: &[Worth]| -> f64 {
            let bit = 1u64 << tile;
            readings
                .iter()
                .map(|&(reading, keeps, loses)| match reading {
                    Some((_, kept, _)) if kept & bit != 0 => keeps,
                    _ => loses,
                })
                .sum()
        };
        for pick in 0..count {
            let best = (0..KINDS as u8)
                .filter(|&tile| tile != JOKER && c[usize::from(tile)] > 0)
                .map(|tile| (tile, worth(tile, &readings)))
                .fold(None, |best: Option<(u8, f64)>, (tile, w)| match best {
                    Some((_, bw)) if bw >= w => best,
                    _ => Some((tile, w)),
                });
            let Some((tile, _)) = best else { break };
            let k = usize::from(tile);
            c[k] -= 1;
            out.push(tile);
            if pick + 1 < count {
                table.change(&mut needs, k, c[k] + 1, c[k]);
                let bits = held(&c);
                for (s, reading) in segments.iter().zip(readings.iter_mut()) {
                    if reading
                        .0
                        .is_some_and(|(_, _, used)| used & (1 << tile) != 0)
                    {
                        *reading = read(s, &needs, &c, bits);
                    }
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::american::testing::{house, kind};
    use crate::tiles::Tiles;

    #[test]
    fn quarters_are_exact_powers() {
        for d in 0..=u8::MAX {
            assert_eq!(super::quarter_to(d), 0.25f64.powi(d.into()), "{d}");
        }
    }

    #[test]
    fn charleston_passes_the_junk_and_never_a_joker() {
        let card = house();
        let hand = Tiles::parse("F F F 2C 0 2C 6C 6D 6D 6D 9C 5D 1B J").unwrap();
        let mut pass = card.charleston_pass(&hand, 3).unwrap();
        pass.sort_unstable();
        assert_eq!(pass, [kind("9C"), kind("5D"), kind("1B")]);
        let jokers = Tiles::parse("J J J J J J J J J J 1B 2B 3B").unwrap_err();
        assert!(jokers.message().contains("J"));
        let mostly = Tiles::parse("J J J J J J J J 1B 2B 3B 4B 5B").unwrap();
        assert_eq!(card.charleston_pass(&mostly, 3).unwrap().len(), 3);
        assert!(card.charleston_pass(&mostly, 4).is_err());
        // A heavenly hand declares; passing three of its tiles would break it.
        let won = Tiles::parse("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J").unwrap();
        let e = card.charleston_pass(&won, 3).unwrap_err();
        assert!(e.message().contains("declares Mah Jongg"), "{e}");
        let short = card.charleston_pass(&Tiles::parse("1B").unwrap(), 1);
        assert!(
            short
                .unwrap_err()
                .message()
                .contains("needs 13 or 14 tiles")
        );
    }
}
