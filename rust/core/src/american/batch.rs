//! Batch rows: concealed counts plus a fixed-width encoding of the exposures, so many racks can
//! be queried from two arrays. A bad row yields a flag instead of failing the whole batch.
//!
//! Exposure encoding: [`EXPOSURE_SLOTS`] slots of three bytes `(kind, size, jokers)`, unused
//! slots all zero (size 0), so a row is [`EXPOSURE_WIDTH`] bytes. A 14-tile rack has at most
//! four exposures (4 x 3 = 12 tiles plus a pair).

use std::borrow::Cow;
use std::collections::HashMap;

use super::card::{Card, HAND_SIZE};
use super::rack::{Exposure, Rack};
use super::table::{Needs, Table};
use crate::error::{Error, Result};
use crate::tile::KINDS;
use crate::tiles::Tiles;

/// Exposure slots per row.
pub const EXPOSURE_SLOTS: usize = 4;
/// Bytes per row of the exposure encoding.
pub const EXPOSURE_WIDTH: usize = 3 * EXPOSURE_SLOTS;
/// Distance reported for a row that is not a valid rack (bad counts, bad exposures, a wrong
/// number of tiles).
pub const INVALID_DISTANCE: u8 = u8::MAX;
/// Distance reported when no card hand can be made with the row's exposures.
pub const NO_HAND: u8 = u8::MAX - 1;
/// `match_batch` value of a rack that completes no card hand.
pub const NO_MATCH: i16 = -1;
/// `match_batch` value of a row that is not a valid rack.
pub const INVALID_MATCH: i16 = -2;

/// The fixed-width encoding of up to four exposures.
pub fn encode_exposures(exposures: &[Exposure]) -> Result<[u8; EXPOSURE_WIDTH]> {
    if exposures.len() > EXPOSURE_SLOTS {
        return Err(Error::argument(format!(
            "{}; a batch row holds at most {EXPOSURE_SLOTS}",
            super::plural(exposures.len() as u64, "exposure")
        )));
    }
    let mut out = [0u8; EXPOSURE_WIDTH];
    for (slot, e) in out.chunks_exact_mut(3).zip(exposures) {
        slot.copy_from_slice(&[e.kind(), e.size(), e.jokers()]);
    }
    Ok(out)
}

/// The exposures of an encoded row (see [`encode_exposures`]).
pub fn decode_exposures(row: &[u8; EXPOSURE_WIDTH]) -> Result<Vec<Exposure>> {
    row.chunks_exact(3)
        .filter(|slot| slot != &[0, 0, 0])
        .map(|slot| {
            Exposure::new(slot[0], slot[1], slot[2])
                .map_err(|e| e.context(format!("exposure slot {slot:?}")))
        })
        .collect()
}

/// Most card views [`Rows`] keeps (one per distinct exposure row; each is a copy of the
/// compatible part of the card's table, so the cache is bounded).
const CACHED_VIEWS: usize = 64;

/// Answers batch rows against one card, caching the card view per distinct exposure row.
pub struct Rows<'c> {
    card: &'c Card,
    views: HashMap<[u8; EXPOSURE_WIDTH], Cow<'c, Table>>,
    needs: Needs,
    scratch: Vec<u8>,
}

impl<'c> Rows<'c> {
    /// A reader for `card`.
    pub fn new(card: &'c Card) -> Self {
        Self {
            card,
            views: HashMap::new(),
            needs: Needs::default(),
            scratch: Vec::new(),
        }
    }

    /// The checked rack of a row and the view of the card its exposures leave.
    fn rack(
        &mut self,
        counts: &[u8; KINDS],
        exposures: &[u8; EXPOSURE_WIDTH],
        sizes: &[usize],
    ) -> Result<Rack> {
        let rack = Rack::new(Tiles::from_counts(counts)?, decode_exposures(exposures)?)?;
        rack.expect_len(sizes, "a batch row")?;
        if rack.exposures().is_empty() {
            return Ok(rack);
        }
        let card = self.card;
        if self.views.len() >= CACHED_VIEWS && !self.views.contains_key(exposures) {
            self.views.clear();
        }
        self.views
            .entry(*exposures)
            .or_insert_with(|| card.view(rack.exposures()));
        Ok(rack)
    }

    /// The view of a checked row's rack: the whole card without exposures, else the cached
    /// view of its exposure row.
    fn view(&self, rack: &Rack, exposures: &[u8; EXPOSURE_WIDTH]) -> &Table {
        if rack.exposures().is_empty() {
            self.card.table()
        } else {
            &self.views[exposures]
        }
    }

    /// Tiles away from the nearest card hand (13 or 14 tiles); [`NO_HAND`] if the exposures
    /// fit no card hand, [`INVALID_DISTANCE`] for a bad row.
    pub fn min_distance(&mut self, counts: &[u8; KINDS], exposures: &[u8; EXPOSURE_WIDTH]) -> u8 {
        let Ok(rack) = self.rack(counts, exposures, &[13, 14]) else {
            return INVALID_DISTANCE;
        };
        let mut needs = std::mem::take(&mut self.needs);
        self.view(&rack, exposures)
            .needs(rack.concealed().counts(), &mut needs);
        let best = needs.distances().min().unwrap_or(NO_HAND);
        self.needs = needs;
        best
    }

    /// Tiles away from every card hand (card order) written to `out`, one per hand;
    /// [`NO_HAND`] for a hand the exposures rule out, all [`INVALID_DISTANCE`] for a bad row.
    pub fn distances_into(
        &mut self,
        counts: &[u8; KINDS],
        exposures: &[u8; EXPOSURE_WIDTH],
        out: &mut [u8],
    ) {
        out.fill(NO_HAND);
        let Ok(rack) = self.rack(counts, exposures, &[13, 14]) else {
            out.fill(INVALID_DISTANCE);
            return;
        };
        let (mut needs, mut scratch) = (
            std::mem::take(&mut self.needs),
            std::mem::take(&mut self.scratch),
        );
        let view = self.view(&rack, exposures);
        view.needs(rack.concealed().counts(), &mut needs);
        scratch.clear();
        scratch.extend(needs.distances());
        for (segment, min) in view.segments().iter().zip(view.segment_minima(&scratch)) {
            if min != u8::MAX {
                out[segment.hand] = min;
            }
        }
        (self.needs, self.scratch) = (needs, scratch);
    }

    /// Index of the highest-valued card hand a 14-tile row completes; [`NO_MATCH`] if none,
    /// [`INVALID_MATCH`] for a bad row.
    pub fn best_match(&mut self, counts: &[u8; KINDS], exposures: &[u8; EXPOSURE_WIDTH]) -> i16 {
        let Ok(rack) = self.rack(counts, exposures, &[usize::from(HAND_SIZE)]) else {
            return INVALID_MATCH;
        };
        let mut needs = std::mem::take(&mut self.needs);
        let won = self
            .card
            .match_in(self.view(&rack, exposures), &rack, &mut needs);
        self.needs = needs;
        won.map_or(NO_MATCH, |m| i16::try_from(m.hand).unwrap_or(INVALID_MATCH))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::american::testing::{house, rack};

    fn row(r: &Rack) -> ([u8; KINDS], [u8; EXPOSURE_WIDTH]) {
        (
            *r.concealed().counts(),
            encode_exposures(r.exposures()).unwrap(),
        )
    }

    #[test]
    fn rows_with_exposures_agree_with_the_scalar_calls() {
        let card = house();
        let mut rows = Rows::new(&card);
        let r = rack("F F 2C 0 2C 6C 6B 6B J 9C", &["6D 6D 6D"]);
        let (c, e) = row(&r);
        let scalar = card.distances(&r).unwrap();
        assert_eq!(rows.min_distance(&c, &e), scalar[0].distance);
        let mut out = vec![0; card.hands.len()];
        rows.distances_into(&c, &e, &mut out);
        for d in &scalar {
            assert_eq!(out[d.hand], d.distance);
        }
        assert_eq!(out.iter().filter(|&&d| d != NO_HAND).count(), scalar.len());
        let won = rack("F F J 2C 0 2C 6C 6B 6B J J", &["6D 6D 6D"]);
        let (c, e) = row(&won);
        let hand = card.match_rack(&won).unwrap().unwrap().hand;
        assert_eq!(rows.best_match(&c, &e), hand as i16);
    }

    #[test]
    fn more_distinct_exposures_than_the_cache_holds() {
        let card = house();
        let mut rows = Rows::new(&card);
        let mut checked = 0;
        for round in 0..2 {
            for (size, concealed) in [
                (3, "F F 0 6C 6B 6B J 9C 1D 5D"),
                (4, "F F 0 6C 6B J 9C 1D 5D"),
            ] {
                for (kind, jokers) in (0..34u8).flat_map(|k| [(k, 0), (k, 1)]) {
                    let Ok(e) = Exposure::new(kind, size, jokers) else {
                        continue;
                    };
                    let Ok(r) = Rack::new(Tiles::parse(concealed).unwrap(), vec![e]) else {
                        continue;
                    };
                    let (c, enc) = row(&r);
                    let scalar = card.distances(&r).unwrap();
                    let best = scalar.first().map_or(NO_HAND, |d| d.distance);
                    assert_eq!(
                        rows.min_distance(&c, &enc),
                        best,
                        "{round} {kind} {size} {jokers}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 4 * CACHED_VIEWS, "{checked}");
        assert!(rows.views.len() <= CACHED_VIEWS);
    }

    #[test]
    fn bad_rows_are_flagged() {
        let card = house();
        let mut rows = Rows::new(&card);
        let mut five = [0u8; KINDS];
        five[0] = 5;
        five[1] = 9;
        let none = [0u8; EXPOSURE_WIDTH];
        assert_eq!(rows.min_distance(&five, &none), INVALID_DISTANCE);
        assert_eq!(rows.best_match(&five, &none), INVALID_MATCH);
        let mut bad = [0u8; EXPOSURE_WIDTH];
        bad[..3].copy_from_slice(&[30, 2, 0]);
        let (c, _) = row(&rack("F F 2C 0 2C 6D 6D 6D 6B 6B", &[]));
        assert_eq!(rows.min_distance(&c, &bad), INVALID_DISTANCE);
        let mut out = vec![0; card.hands.len()];
        rows.distances_into(&c, &bad, &mut out);
        assert!(out.iter().all(|&d| d == INVALID_DISTANCE));
        assert!(encode_exposures(&[Exposure::new(30, 3, 0).unwrap(); 5]).is_err());
        // A sextet of N fits no card hand.
        let sextet = encode_exposures(&[Exposure::new(30, 6, 2).unwrap()]).unwrap();
        let (c, _) = row(&rack("F F 2C 0 2C 6D 6D", &[]));
        assert_eq!(rows.min_distance(&c, &sextet), NO_HAND);
    }
}
