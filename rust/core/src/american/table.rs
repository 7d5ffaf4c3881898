//! The variants of a card (or of the part of it a player's exposures leave) as a
//! struct-of-arrays table, and the tiles-away kernel of spec §4.5.
//!
//! For concealed counts `c` with `j` jokers and a variant with `total[k]` tiles of kind `k`, of
//! which `strict[k]` must be naturals (singles, pairs, runs of singles):
//!
//! ```text
//! need_natural = sum_k max(0, strict[k] - c[k])        slots only a natural can fill
//! need_total   = sum_k max(0, total[k] - c[k])         = size - sum_k min(total[k], c[k])
//! distance     = max(need_natural, need_total - j)
//! ```
//!
//! which equals the spec's `need_nat + max(0, need_flex - j)` with
//! `need_flex = need_total - need_natural`. The table stores one row per kind and one column per
//! variant, so a hand costs one vectorisable pass per kind it holds.

use std::ops::Range;

use crate::tile::{JOKER, KINDS};

/// Natural kinds (everything but the joker).
const NATURAL_KINDS: usize = JOKER as usize;

/// The columns of one card hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// Index of the card hand.
    pub hand: usize,
    /// Its columns.
    pub columns: Range<usize>,
}

/// Histograms of a list of variants, kind-major.
#[derive(Debug, Clone, Default)]
pub struct Table {
    len: usize,
    size: u8,
    variants: Vec<usize>,
    segments: Vec<Segment>,
    total: Vec<u8>,
    strict: Vec<u8>,
    strict_sum: Vec<u8>,
    present: Vec<usize>,
    /// Column after column, the kinds each needs (`[kind, total, strict]`, kinds ascending),
    /// from `starts[i]` to `starts[i + 1]`, and those kinds as bits.
    needed: Vec<[u8; 3]>,
    starts: Vec<u32>,
    masks: Vec<u64>,
}

/// Per-column needs of one hand, the output of [`Table::needs`].
#[derive(Debug, Clone, Default)]
pub struct Needs {
    /// Slots that need a natural tile the hand does not hold.
    pub natural: Vec<u8>,
    /// All missing tiles (naturals and joker-eligible slots).
    pub total: Vec<u8>,
    /// Jokers in the hand.
    pub jokers: u8,
}

impl Needs {
    /// Tiles away of column `i`.
    pub fn distance(&self, i: usize) -> u8 {
        self.natural[i].max(self.total[i].saturating_sub(self.jokers))
    }

    /// Joker-eligible slots of column `i` still open (`need_flex` of the spec).
    pub fn flexible(&self, i: usize) -> u8 {
        self.total[i] - self.natural[i]
    }

    /// Tiles away of every column, in one pass the compiler can vectorise.
    pub fn distances(&self) -> impl Iterator<Item = u8> + '_ {
        self.distances_of(0..self.natural.len())
    }

    /// Tiles away of `columns`, in order.
    pub fn distances_of(&self, columns: Range<usize>) -> impl Iterator<Item = u8> + '_ {
        let jokers = self.jokers;
        (self.natural[columns.clone()].iter())
            .zip(&self.total[columns])
            .map(move |(&natural, &total)| natural.max(total.saturating_sub(jokers)))
    }

    /// Tiles away of the nearest column (`None` without columns).
    pub fn nearest(&self) -> Option<u8> {
        self.distances().min()
    }
}

/// One variant going into a [`Table`]. Its `total` sums to the table's size (at most 14).
pub struct Column<'a> {
    /// Index of the variant in its card.
    pub variant: usize,
    /// Index of its card hand; columns must come grouped by hand.
    pub hand: usize,
    /// Tiles per kind still to be held concealed.
    pub total: [u8; KINDS],
    /// Tiles per kind that must be naturals.
    pub strict: &'a [u8; KINDS],
}

impl Table {
    /// Builds a table; every column needs `size` concealed tiles.
    pub fn new<'a>(size: u8, columns: impl IntoIterator<Item = Column<'a>>) -> Self {
        let columns: Vec<Column<'a>> = columns.into_iter().collect();
        let len = columns.len();
        let mut table = Self {
            len,
            size,
            variants: Vec::with_capacity(len),
            segments: Vec::new(),
            total: vec![0; NATURAL_KINDS * len],
            strict: vec![0; NATURAL_KINDS * len],
            strict_sum: Vec::with_capacity(len),
            present: Vec::new(),
            needed: Vec::new(),
            starts: vec![0],
            masks: Vec::with_capacity(len),
        };
        for (i, column) in columns.iter().enumerate() {
            table.variants.push(column.variant);
            match table.segments.last_mut() {
                Some(s) if s.hand == column.hand => s.columns.end = i + 1,
                _ => table.segments.push(Segment {
                    hand: column.hand,
                    columns: i..i + 1,
                }),
            }
            let mut mask = 0u64;
            for kind in 0..NATURAL_KINDS {
                let (total, strict) = (column.total[kind], column.strict[kind]);
                table.total[kind * len + i] = total;
                table.strict[kind * len + i] = strict;
                if total > 0 || strict > 0 {
                    table.needed.push([kind as u8, total, strict]);
                    mask |= 1 << kind;
                }
            }
            table.starts.push(table.needed.len() as u32);
            table.masks.push(mask);
            table.strict_sum.push(
                column
                    .strict
                    .iter()
                    .fold(0, |sum: u8, &s| sum.saturating_add(s)),
            );
        }
        table.present = (0..NATURAL_KINDS)
            .filter(|&k| table.row(&table.total, k).iter().any(|&t| t > 0))
            .collect();
        table
    }

    /// The card variant index of each column (one entry per column).
    pub fn variants(&self) -> &[usize] {
        &self.variants
    }

    /// The columns of each card hand present, in card order.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    fn row<'t>(&self, data: &'t [u8], kind: usize) -> &'t [u8] {
        &data[kind * self.len..(kind + 1) * self.len]
    }

    /// The natural kinds column `i` needs tiles of, as `[kind, total, strict]` (see
    /// [`Self::total`], [`Self::strict`]), kinds ascending: every other kind has neither.
    pub fn needed(&self, i: usize) -> &[[u8; 3]] {
        &self.needed[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// The kinds of [`Self::needed`] as bits.
    pub fn needed_kinds(&self, i: usize) -> u64 {
        self.masks[i]
    }

    /// Tiles of `kind` column `i` still needs concealed.
    pub fn total(&self, kind: usize, i: usize) -> u8 {
        self.total[kind * self.len + i]
    }

    /// Tiles of `kind` column `i` needs as naturals.
    pub fn strict(&self, kind: usize, i: usize) -> u8 {
        self.strict[kind * self.len + i]
    }

    /// The needs of concealed counts `c` (jokers at [`JOKER`]) against every column.
    pub fn needs(&self, c: &[u8; KINDS], out: &mut Needs) {
        out.jokers = c[usize::from(JOKER)];
        out.natural.clear();
        out.natural.extend_from_slice(&self.strict_sum);
        out.total.clear();
        out.total.resize(self.len, self.size);
        for &kind in &self.present {
            if c[kind] > 0 {
                self.change(out, kind, 0, c[kind]);
            }
        }
    }

    /// Updates `needs` (of this table) for a hand whose count of natural `kind` went from
    /// `from` to `to`: one pass over the columns, so a hand that changes by a tile or two is
    /// not counted again from the start. (A column's needs never go below zero, as its tiles
    /// add up to the table's size; saturating keeps any other input panic-free.)
    pub fn change(&self, needs: &mut Needs, kind: usize, from: u8, to: u8) {
        if kind >= NATURAL_KINDS || from == to {
            return;
        }
        let totals = self.row(&self.total, kind);
        let stricts = self.row(&self.strict, kind);
        for ((need, natural), (&t, &s)) in needs
            .total
            .iter_mut()
            .zip(needs.natural.iter_mut())
            .zip(totals.iter().zip(stricts))
        {
            if to > from {
                *need = need.saturating_sub(t.min(to) - t.min(from));
                *natural = natural.saturating_sub(s.min(to) - s.min(from));
            } else {
                *need = need.saturating_add(t.min(from) - t.min(to));
                *natural = natural.saturating_add(s.min(from) - s.min(to));
            }
        }
    }

    /// The least entry of `values` (one per column) for each segment, in segment order.
    pub fn segment_minima<'v>(&'v self, values: &'v [u8]) -> impl Iterator<Item = u8> + 'v {
        self.segments.iter().map(move |s| {
            values[s.columns.clone()]
                .iter()
                .copied()
                .min()
                .unwrap_or(u8::MAX)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::american::testing::Rng;

    fn brute(total: &[u8; KINDS], strict: &[u8; KINDS], c: &[u8; KINDS]) -> u8 {
        // The spec's form: need_nat + max(0, need_flex - j).
        let mut nat = 0i32;
        let mut flex = 0i32;
        for k in 0..NATURAL_KINDS {
            let (t, s, h) = (i32::from(total[k]), i32::from(strict[k]), i32::from(c[k]));
            nat += (s - h).max(0);
            flex += (t - s - (h - s).max(0)).max(0);
        }
        (nat + (flex - i32::from(c[usize::from(JOKER)])).max(0)) as u8
    }

    #[test]
    fn needs_change_tile_by_tile_as_counted_afresh() {
        let card = crate::american::testing::house();
        let table = card.table();
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let mut c = [0u8; KINDS];
        let mut kept = Needs::default();
        table.needs(&c, &mut kept);
        for _ in 0..400 {
            let k = rng.below(KINDS);
            let before = c[k];
            c[k] = if before > 0 && rng.below(2) == 0 {
                before - 1
            } else {
                (before + 1).min(4)
            };
            table.change(&mut kept, k, before, c[k]);
            kept.jokers = c[usize::from(JOKER)];
            let mut fresh = Needs::default();
            table.needs(&c, &mut fresh);
            assert_eq!((&kept.natural, &kept.total), (&fresh.natural, &fresh.total));
        }
    }

    #[test]
    fn kernel_matches_the_spec_formula() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut next = |m: u64| rng.below(m as usize) as u8;
        for _ in 0..2000 {
            let mut total = [0u8; KINDS];
            let mut strict = [0u8; KINDS];
            let mut c = [0u8; KINDS];
            for _ in 0..5 {
                let k = usize::from(next(35));
                total[k] = next(6);
                strict[k] = next(u64::from(total[k]) + 1).min(2);
            }
            for _ in 0..14 {
                let k = usize::from(next(36));
                c[k] = (c[k] + 1).min(4);
            }
            let size = total.iter().sum();
            let table = Table::new(
                size,
                [Column {
                    variant: 0,
                    hand: 0,
                    total,
                    strict: &strict,
                }],
            );
            let mut needs = Needs::default();
            table.needs(&c, &mut needs);
            assert_eq!(needs.distance(0), brute(&total, &strict, &c));
        }
    }
}
