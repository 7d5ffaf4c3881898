//! What a rack makes of a compiled card: the win check (spec §4.4), tiles away (§4.5), discard
//! advice (§4.7) and waits (§4.8). Live hands are in [`super::liveness`], payments in
//! [`super::payment`], the Charleston in [`super::charleston`].

use std::borrow::Cow;
use std::cmp::Reverse;
use std::sync::Arc;

use super::card::{Card, HAND_SIZE, Variant};
use super::liveness::{Liveness, Sight};
use super::rack::{Exposure, Rack};
use super::table::{Column, Needs, Table};
use crate::error::Result;
use crate::tile::{JOKER, KINDS};
use crate::tiles::supply;

/// How far a rack is from one card hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandDistance {
    /// Index of the card hand.
    pub hand: usize,
    /// Tiles away (0 = Mah Jongg with 14 tiles).
    pub distance: u8,
}

/// A completed card hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Match {
    /// Index of the card hand.
    pub hand: usize,
    /// Index of the variant the tiles form.
    pub variant: usize,
    /// Whether no joker is among the 14 tiles (concealed or exposed).
    pub jokerless: bool,
}

/// What one discard keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscardOption {
    /// The kind discarded.
    pub tile: u8,
    /// Tiles away from the nearest hand after the discard; `None` if no hand is left.
    pub distance: Option<u8>,
    /// The best card hands still possible after it, best first.
    pub hands: Vec<HandDistance>,
}

impl Card {
    /// `rack` completing `won`, group by group as its variant arranges them (kinds
    /// ascending): each set of three or more, and the natural-only tiles, a run of singles of
    /// one suit (or of the honours) as one group (`13579`, `NEWS`); each tile as its kind and
    /// whether a joker stands for it. Naturals go to the natural-only tiles first, and jokers
    /// fill what the sets lack.
    pub fn arrangement(&self, rack: &Rack, won: &Match) -> Vec<Vec<(u8, bool)>> {
        let arrangement = &self.variants[won.variant].arrangement;
        let mut naturals = *rack.all_tiles().counts();
        naturals[usize::from(JOKER)] = 0;
        let mut items: Vec<(u8, u8, bool)> = arrangement
            .sets
            .iter()
            .map(|&(k, n)| (k, n, true))
            .chain(arrangement.strict.iter().map(|&(k, n)| (k, n, false)))
            .collect();
        items.sort_unstable();
        let mut filled: Vec<Vec<(u8, bool)>> = vec![Vec::new(); items.len()];
        for set in [false, true] {
            for (&(kind, size, is_set), tiles) in items.iter().zip(&mut filled) {
                if is_set != set {
                    continue;
                }
                let real = naturals[usize::from(kind)].min(size);
                naturals[usize::from(kind)] -= real;
                tiles.extend((0..size).map(|i| (kind, i >= real)));
            }
        }
        let suit = |kind: u8| (kind / 9).min(3);
        let mut groups: Vec<Vec<(u8, bool)>> = Vec::new();
        let mut last_single = None; // the suit of the last item, when it was a single tile
        for ((kind, size, _), tiles) in items.into_iter().zip(filled) {
            let single = (size == 1).then_some(suit(kind));
            match groups.last_mut() {
                Some(last) if single.is_some() && single == last_single => last.extend(tiles),
                _ => groups.push(tiles),
            }
            last_single = single;
        }
        groups
    }

    /// The variants a rack with `exposures` can still complete, each with the tiles it still
    /// needs concealed. Without exposures, the whole card. The view of a single exposure is
    /// made once per card and kept; more exposures are tried only on the variants that the
    /// first one leaves (the order of exposures does not matter).
    pub fn view(&self, exposures: &[Exposure]) -> Cow<'_, Table> {
        match exposures {
            [] => Cow::Borrowed(self.table()),
            [first, rest @ ..] => match self.single(first) {
                Some(one) if rest.is_empty() => Cow::Borrowed(one),
                Some(one) => Cow::Owned(self.view_of(one.variants().iter().copied(), exposures)),
                None => Cow::Owned(self.view_of(0..self.variants.len(), exposures)),
            },
        }
    }

    /// The view of `exposures` (see [`Self::view`]) from `within`, the view of all of them but
    /// the last (only its variants can absorb them all), as a table to keep.
    pub fn view_after(&self, within: &Table, exposures: &[Exposure]) -> Arc<Table> {
        match exposures {
            [single] => self.single(single).cloned(),
            _ => None,
        }
        .unwrap_or_else(|| Arc::new(self.view_of(within.variants().iter().copied(), exposures)))
    }

    /// The view of the single exposure `e`, made the first time it is asked for.
    fn single(&self, e: &Exposure) -> Option<&Arc<Table>> {
        let cell = self.single_view(e.kind(), e.size())?;
        Some(cell.get_or_init(|| Arc::new(self.view_of(0..self.variants.len(), &[*e]))))
    }

    /// The view of `exposures` over the `candidates` variants (in card order).
    fn view_of(&self, candidates: impl Iterator<Item = usize>, exposures: &[Exposure]) -> Table {
        let exposed = exposures
            .iter()
            .fold(0u8, |n, e| n.saturating_add(e.size()));
        Table::new(
            HAND_SIZE.saturating_sub(exposed),
            candidates.filter_map(|i| {
                let v = &self.variants[i];
                Some(Column {
                    variant: i,
                    hand: v.hand,
                    total: self.absorb(v, exposures)?,
                    strict: &v.strict,
                })
            }),
        )
    }

    /// The tiles `variant` still needs once every exposure is matched to a distinct set of the
    /// same kind and size; `None` if that is impossible or the hand is concealed.
    fn absorb(&self, variant: &Variant, exposures: &[Exposure]) -> Option<[u8; KINDS]> {
        if self.hands[variant.hand].concealed {
            return None;
        }
        // The sets taken so far, by position (a hand has at most 14 sets).
        let mut taken = 0u64;
        let mut total = variant.total;
        for e in exposures {
            let at = (variant.arrangement.sets.iter().enumerate().take(64))
                .position(|(i, &s)| taken & (1 << i) == 0 && s == (e.kind(), e.size()))?;
            taken |= 1 << at;
            let k = usize::from(e.kind());
            total[k] = total[k].checked_sub(e.size())?;
        }
        Some(total)
    }

    /// The `top` best of per-segment distances (`u8::MAX` = no live variant), best first: by
    /// distance, then higher value, then card order. Ranks packed keys, so it stays cheap.
    fn ranked(&self, table: &Table, minima: &[u8], top: usize) -> Vec<HandDistance> {
        let keys = table
            .segments()
            .iter()
            .zip(minima)
            .filter(|&(_, &d)| d != u8::MAX)
            .map(|(s, &d)| {
                let cheaper = 255 - self.hands[s.hand].value.min(255) as u32;
                (u32::from(d) << 24) | (cheaper << 16) | s.hand as u32
            });
        let unpack = |k: u32| HandDistance {
            hand: (k & 0xFFFF) as usize,
            distance: (k >> 24) as u8,
        };
        if top == 1 {
            // The best alone: no list to rank.
            return keys.min().map(unpack).into_iter().collect();
        }
        let mut keys: Vec<u32> = keys.collect();
        if top < keys.len() {
            if top > 0 {
                keys.select_nth_unstable(top - 1);
            }
            keys.truncate(top);
        }
        keys.sort_unstable();
        keys.into_iter().map(unpack).collect()
    }

    /// The highest-valued card hand the 14 tiles of `rack` complete, or `None`.
    pub fn match_rack(&self, rack: &Rack) -> Result<Option<Match>> {
        rack.expect_len(&[usize::from(HAND_SIZE)], "a win check")?;
        let table = self.view(rack.exposures());
        Ok(self.match_in(&table, rack, &mut Needs::default()))
    }

    /// The match of a checked 14-tile rack against `table`, the view of its exposures.
    pub(super) fn match_in(&self, table: &Table, rack: &Rack, needs: &mut Needs) -> Option<Match> {
        table.needs(rack.concealed().counts(), needs);
        let best = needs
            .distances()
            .zip(table.variants())
            .filter(|&(d, _)| d == 0)
            .map(|(_, &v)| v)
            .min_by_key(|&v| (Reverse(self.hands[self.variants[v].hand].value), v));
        best.map(|variant| Match {
            hand: self.variants[variant].hand,
            variant,
            jokerless: rack.all_tiles().count(JOKER) == 0,
        })
    }

    /// Tiles away from every card hand the rack (13 or 14 tiles) can still make, best first
    /// (ties: higher value, then card order).
    pub fn distances(&self, rack: &Rack) -> Result<Vec<HandDistance>> {
        rack.expect_len(&[13, 14], "tiles away")?;
        let table = self.view(rack.exposures());
        let mut needs = Needs::default();
        table.needs(rack.concealed().counts(), &mut needs);
        let d: Vec<u8> = needs.distances().collect();
        let minima: Vec<u8> = table.segment_minima(&d).collect();
        Ok(self.ranked(&table, &minima, usize::MAX))
    }

    /// Tiles away from the nearest card hand the rack (13 or 14 tiles) can still make (the
    /// first of [`Self::distances`]), `None` when it can make none; read without ranking the
    /// hands.
    pub fn nearest(&self, rack: &Rack) -> Result<Option<u8>> {
        self.nearest_in(&self.view(rack.exposures()), rack)
    }

    /// [`Self::nearest`] read from `table`, the view of the rack's exposures ([`Self::view`]).
    pub fn nearest_in(&self, table: &Table, rack: &Rack) -> Result<Option<u8>> {
        rack.expect_len(&[13, 14], "tiles away")?;
        let mut needs = Needs::default();
        table.needs(rack.concealed().counts(), &mut needs);
        Ok(needs.nearest())
    }

    /// Tiles away per card hand (card order) of concealed counts without exposures, written to
    /// `out`; the counts must already be checked. For batch use: `needs` and `d` are scratch.
    pub fn hand_distances_into(
        &self,
        counts: &[u8; KINDS],
        needs: &mut Needs,
        d: &mut Vec<u8>,
        out: &mut [u8],
    ) {
        self.table().needs(counts, needs);
        d.clear();
        d.extend(needs.distances());
        for (slot, min) in out.iter_mut().zip(self.table().segment_minima(d)) {
            *slot = min;
        }
    }

    /// Tiles away from the nearest card hand of checked concealed counts without exposures.
    pub fn min_distance(&self, counts: &[u8; KINDS], needs: &mut Needs) -> u8 {
        self.table().needs(counts, needs);
        needs.distances().min().unwrap_or(u8::MAX)
    }

    /// For each distinct tile of a 14-tile rack, the `top` best card hands the other 13 tiles
    /// can still make, best first. With `sight` (every discard and the other players'
    /// exposures), only hands that can still be completed from unseen tiles count (spec §4.6);
    /// exposed jokers the player can redeem count as jokers to come (see [`Sight`]). Options
    /// are ranked by the nearest hand kept, then its value, then how many hands are that near.
    pub fn discard_options(
        &self,
        rack: &Rack,
        sight: Option<&Sight>,
        top: usize,
    ) -> Result<Vec<DiscardOption>> {
        self.discard_options_in(&self.view(rack.exposures()), rack, sight, top)
    }

    /// [`Self::discard_options`] read from `table`, the view of the rack's exposures
    /// ([`Self::view`]), for a caller that keeps the views it makes.
    pub fn discard_options_in(
        &self,
        table: &Table,
        rack: &Rack,
        sight: Option<&Sight>,
        top: usize,
    ) -> Result<Vec<DiscardOption>> {
        rack.expect_len(&[usize::from(HAND_SIZE)], "discard options")?;
        let live = sight.map(|s| Liveness::new(rack, s)).transpose()?;
        // One hand kept per option: only the hands as near as an option's nearest matter.
        let prune = top <= 1;
        let mut ranked: Vec<_> = self
            .discard_minima(table, rack.concealed().counts(), live.as_ref(), prune)
            .into_iter()
            .map(|(tile, minima)| {
                let mut hands = self.ranked(table, &minima, top.max(1));
                let (distance, value) = hands
                    .first()
                    .map_or((u8::MAX, 0), |h| (h.distance, self.hands[h.hand].value));
                let near = minima.iter().filter(|&&d| d == distance).count();
                hands.truncate(top);
                let key = (distance, Reverse(value), Reverse(near), tile);
                let distance = (distance != u8::MAX).then_some(distance);
                (
                    key,
                    DiscardOption {
                        tile,
                        distance,
                        hands,
                    },
                )
            })
            .collect();
        ranked.sort_unstable_by_key(|(key, _)| *key);
        Ok(ranked.into_iter().map(|(_, o)| o).collect())
    }

    /// For each distinct kind in `c` (jokers included), the least distance per segment of
    /// `table` after discarding one tile of it (`u8::MAX` for a hand with no live variant),
    /// by the O(1) update rule of spec §4.7. A discard moves a variant's distance by 0 or +1
    /// and only ever kills a column, so each segment is read from its nearest columns alive
    /// before any discard (distance `d`): a discard that one of them keeps at `d` and alive
    /// leaves `d`, else one that one of them keeps alive leaves `d + 1`; any other discard
    /// is read from every column of the segment.
    ///
    /// With `prune`, segments are read nearest first (by their least distance before any
    /// discard, liveness aside, which no discard lowers) and the reading stops at the first
    /// that is farther than every discard's least distance so far: the segments left unread
    /// (`u8::MAX`) could neither be any discard's nearest hand nor tie with it.
    pub(super) fn discard_minima(
        &self,
        table: &Table,
        c: &[u8; KINDS],
        live: Option<&Liveness>,
        prune: bool,
    ) -> Vec<(u8, Vec<u8>)> {
        let mut needs = Needs::default();
        table.needs(c, &mut needs);
        let d: Vec<u8> = needs.distances().collect();
        let columns = d.len();
        let spare = |i: usize| needs.jokers > needs.flexible(i);
        let delta = |tile: u8, i: usize| -> u8 {
            if tile == JOKER {
                return u8::from(!spare(i));
            }
            let (k, held) = (usize::from(tile), c[usize::from(tile)]);
            u8::from(held <= table.total(k, i) && (held <= table.strict(k, i) || !spare(i)))
        };
        // What each column lacks before any discard (see [`Liveness::standing`]), found when
        // first needed: `None` once dead (and a column dead before is dead after).
        let mut standing: Vec<Option<Option<u8>>> = vec![None; columns];
        let mut before = |i: usize| -> Option<u8> {
            let Some(live) = live else {
                return Some(0);
            };
            *standing[i].get_or_insert_with(|| live.alive_standing_of(table, i, c))
        };
        // Whether a column alive before, lacking `short`, stays alive after discarding a tile
        // of natural kind `k` of which it needs `total`, `strict` of them naturals: the
        // discard changes one kind's count, so one term is read again; a kind the column does
        // not use adds nothing either way.
        let keeps = |k: usize, total: u8, strict: u8, short: u8| -> bool {
            let Some(live) = live else {
                return true;
            };
            let held = c[k];
            let (Some(was), Some(now)) = (
                live.short(k, total, strict, held),
                live.short(k, total, strict, held - 1),
            ) else {
                return false;
            };
            // `was` is one of the terms of `short`, which never saturates (a column's tiles
            // add up to at most 14).
            u16::from(short) - u16::from(was) + u16::from(now) <= u16::from(live.jokers)
        };
        // The same for any tile (the joker: one joker less to come).
        let alive = |tile: u8, i: usize, short: u8| -> bool {
            if tile == JOKER {
                return live.is_none_or(|live| short < live.jokers);
            }
            let k = usize::from(tile);
            keeps(k, table.total(k, i), table.strict(k, i), short)
        };
        let tiles: Vec<u8> = (0..KINDS as u8)
            .filter(|&k| c[usize::from(k)] > 0)
            .collect();
        let held = tiles.iter().fold(0u64, |bits, &k| bits | 1 << k);
        let segments = table.segments();
        let mut out: Vec<(u8, Vec<u8>)> = tiles
            .iter()
            .map(|&tile| (tile, vec![u8::MAX; segments.len()]))
            .collect();
        let lowest: Vec<Option<u8>> = segments
            .iter()
            .map(|s| d[s.columns.clone()].iter().copied().min())
            .collect();
        let mut order: Vec<usize> = (0..segments.len()).collect();
        if prune {
            // By distance, then card order: a counting sort (distances are small).
            let level = |s: usize| usize::from(lowest[s].unwrap_or(u8::MAX));
            let mut starts = [0usize; 257];
            for s in 0..segments.len() {
                starts[level(s) + 1] += 1;
            }
            for at in 1..starts.len() {
                starts[at] += starts[at - 1];
            }
            for s in 0..segments.len() {
                order[starts[level(s)]] = s;
                starts[level(s)] += 1;
            }
        }
        // Each discard's least distance so far, and the most of them.
        let mut best = vec![u8::MAX; tiles.len()];
        let mut bound = u8::MAX;
        for s in order {
            if prune && lowest[s].is_none_or(|at| at > bound) {
                break;
            }
            let range = segments[s].columns.clone();
            // The nearest distance alive before any discard, and the discards that one of its
            // columns keeps at that distance and alive (`kept`) or alive (`alive`), as bits.
            let mut nearest = None;
            let (mut kept, mut survived) = (0u64, 0u64);
            let mut level = lowest[s];
            while let Some(at) = level {
                for i in range.clone().filter(|&i| d[i] == at) {
                    let Some(short) = before(i) else {
                        continue;
                    };
                    nearest = Some(at);
                    let used = table.needed_kinds(i);
                    // A kind the column does not use costs it nothing.
                    let free = held & !used & !(1 << JOKER);
                    kept |= free;
                    survived |= free;
                    let spare = spare(i);
                    for &[kind, total, strict] in table.needed(i) {
                        let k = usize::from(kind);
                        if c[k] > 0 && keeps(k, total, strict, short) {
                            survived |= 1 << kind;
                            if !(c[k] <= total && (c[k] <= strict || !spare)) {
                                kept |= 1 << kind;
                            }
                        }
                    }
                    if held & (1 << JOKER) != 0 && alive(JOKER, i, short) {
                        survived |= 1 << JOKER;
                        if spare {
                            kept |= 1 << JOKER;
                        }
                    }
                }
                if nearest.is_some() {
                    break;
                }
                level = range.clone().map(|i| d[i]).filter(|&x| x > at).min();
            }
            for ((tile, minima), best) in out.iter_mut().zip(&mut best) {
                let bit = 1u64 << *tile;
                let least = match nearest {
                    None => u8::MAX,
                    Some(at) if kept & bit != 0 => at,
                    Some(at) if survived & bit != 0 => at + 1,
                    Some(_) => {
                        let mut least = u8::MAX;
                        for i in range.clone() {
                            let reach = d[i] + delta(*tile, i);
                            if reach < least
                                && let Some(short) = before(i)
                                && alive(*tile, i, short)
                            {
                                least = reach;
                            }
                        }
                        least
                    }
                };
                minima[s] = least;
                *best = (*best).min(least);
            }
            bound = best.iter().copied().max().unwrap_or(0);
        }
        out
    }

    /// The winning tiles a discard can bring: [`Card::waits`] without the joker. A discarded
    /// joker is dead and never claimed (rule 1.5.7); only a drawn joker fills an open set.
    pub fn claimable_waits(&self, rack: &Rack) -> Result<Vec<u8>> {
        let mut waits = self.waits(rack)?;
        waits.retain(|&k| k != JOKER);
        Ok(waits)
    }

    /// The 13 tiles' winning tiles: every kind (the joker included) whose addition completes a
    /// card hand. A kind whose every copy is already on the rack is not a wait.
    pub fn waits(&self, rack: &Rack) -> Result<Vec<u8>> {
        rack.expect_len(&[usize::from(HAND_SIZE) - 1], "waits")?;
        let table = self.view(rack.exposures());
        let mut needs = Needs::default();
        let mut out = Vec::new();
        for kind in 0..KINDS {
            if rack.all_tiles().counts()[kind] >= supply(kind) {
                continue;
            }
            let mut c = *rack.concealed().counts();
            c[kind] += 1;
            table.needs(&c, &mut needs);
            if needs.distances().any(|d| d == 0) {
                out.push(kind as u8);
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::american::PHYSICAL_TILES;
    use crate::american::card::tests::{hand, house_with};
    use crate::american::pattern::{Pattern, Variables};
    use crate::american::testing::{Rng, house, kind, rack};
    use crate::tile::WHITE;
    use crate::tiles::{Tiles, supply};

    fn matched(card: &Card, concealed: &str, exposures: &[&str]) -> Option<String> {
        let m = card.match_rack(&rack(concealed, exposures)).unwrap()?;
        Some(card.hands[m.hand].id.clone())
    }

    #[test]
    fn a_year_hand_with_jokers_in_its_sets() {
        let card = house();
        let r = rack("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J", &[]);
        let m = card.match_rack(&r).unwrap().unwrap();
        assert_eq!(card.hands[m.hand].id, "year-1");
        assert!(!m.jokerless);
        let d = card.distances(&r).unwrap();
        assert_eq!((d[0].hand, d[0].distance), (m.hand, 0));
        assert!(d.windows(2).all(|w| w[0].distance <= w[1].distance));
        assert_eq!(d.len(), 58);
    }

    #[test]
    fn pitfall_jokers_are_eligible_per_group_not_per_kind() {
        let card = house();
        // A joker in the 2026 run or in a pair never counts.
        assert_eq!(
            matched(&card, "F F F 2C 0 J 6C 6D 6D 6D 6B 6B 6B 6B", &[]),
            None
        );
        assert_eq!(
            matched(&card, "F F 2B 2B 4B 4B 6B 6B 8B 8B N N S J", &[]),
            None
        );
        // 2026 plus a pung of 2s: the run's 2s must be natural, the pung's may be jokers.
        let card = Card::from_toml(&house_with(&[
            hand("t-2026", "year", "2026:a 222:a 444:b 4444:c", "X", ""),
            hand("t-1111", "like", "FF 11:a 11:a 2222:b 3333:c", "X", ""),
        ]))
        .unwrap();
        let pung = "2C 0 6C 4D 4D 4D 4B 4B 4B 4B";
        for good in ["2C 2C 2C J", "2C 2C J J", "2C J J J"] {
            let m = matched(&card, &format!("{pung} {good}"), &[]);
            assert_eq!(m.as_deref(), Some("t-2026"), "{good}");
        }
        assert_eq!(matched(&card, &format!("{pung} J J J J"), &[]), None);
        // "11 11" is two pairs, not a kong.
        let tail = "F F 2D 2D 2D 2D 3B 3B 3B 3B";
        assert_eq!(
            matched(&card, &format!("{tail} 1C 1C 1C 1C"), &[]).as_deref(),
            Some("t-1111")
        );
        assert_eq!(matched(&card, &format!("{tail} 1C 1C 1C J"), &[]), None);
    }

    #[test]
    fn pitfall_exposures_match_sets_of_the_same_size() {
        let card = house();
        let concealed = "F F F 2C 0 2C 6C 6B 6B 6B 6B";
        assert_eq!(
            matched(&card, concealed, &["6D 6D 6D"]).as_deref(),
            Some("year-1")
        );
        // The kong of bams cannot be a pung exposed plus a loose tile: a pung never grows.
        let loose = "F F F 2C 0 2C 6C 6D 6D 6D 6B";
        assert_eq!(matched(&card, loose, &["6B 6B 6B"]), None);
        assert_eq!(
            matched(&card, "F F F 2C 0 2C 6C 6D 6D 6D 6B 6B 6B 6B", &[]).as_deref(),
            Some("year-1")
        );
    }

    #[test]
    fn pitfall_flower_sets_take_jokers_flower_pairs_do_not() {
        let card = house();
        let rest = "2C 2C 2C 0 0 0 2D 2D 2D 2D 6D 6D";
        assert_eq!(
            matched(&card, &format!("F F {rest}"), &[]).as_deref(),
            Some("year-3")
        );
        assert_eq!(matched(&card, &format!("F J {rest}"), &[]), None);
    }

    #[test]
    fn pitfall_soap_is_a_dragon_and_zero_from_one_supply() {
        let card = house();
        // year-5 with dots second: the run's zero and a kong of dots' dragons are five whites.
        assert_eq!(
            matched(&card, "2C 0 2C 6C 0 0 0 J G G G G F F", &[]).as_deref(),
            Some("year-5")
        );
        let five = Tiles::parse("2C 0 2C 6C 0 0 0 0 G G G G F F").unwrap_err();
        assert!(
            five.message().contains("5 copies of 5z"),
            "{}",
            five.message()
        );
        assert_eq!(kind("0"), WHITE);
    }

    #[test]
    fn pitfall_quints_need_a_joker() {
        let card = house();
        let r = rack("1C 1C 1C 1C 2D 2D 2D 2D J 3B 3B 3B 3B J", &[]);
        let m = card.match_rack(&r).unwrap().unwrap();
        assert_eq!(card.hands[m.hand].id, "quints-1");
        assert_eq!(card.hands[m.hand].value, 45);
    }

    #[test]
    fn pitfall_concealed_hands_take_no_exposure() {
        let card = house();
        let all = "N N N 2C 0 2C 6C 2D 0 2D 6D S S S";
        assert_eq!(matched(&card, all, &[]).as_deref(), Some("year-6"));
        assert_eq!(
            matched(&card, "2C 0 2C 6C 2D 0 2D 6D S S S", &["N N N"]),
            None
        );
    }

    #[test]
    fn pitfall_symmetric_suit_letters_give_no_duplicates() {
        let card = house();
        let like2 = &card.hands[card.hand_index("like-2").unwrap()];
        assert_eq!(like2.patterns, ["1111:a 111:b 1111:c EEE"]);
        // a and c are interchangeable: 54 raw combinations, 27 distinct variants.
        let vars = Variables::default();
        let raw = Pattern::parse(&like2.patterns[0], &vars)
            .unwrap()
            .combinations(Some(1), &vars);
        assert_eq!(raw, 54);
        assert_eq!(like2.variants.len(), 27);
    }

    #[test]
    fn claimable_waits_leave_out_the_joker() {
        let card = house();
        let r = rack("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J", &[]);
        let waits = card.waits(&r).unwrap();
        assert!(waits.contains(&JOKER), "{waits:?}");
        let claimable = card.claimable_waits(&r).unwrap();
        assert!(!claimable.contains(&JOKER));
        assert_eq!(claimable.len() + 1, waits.len());
    }

    #[test]
    fn waits_name_open_slots_and_jokers_only_for_sets() {
        let card = house();
        let pung_open = rack("F F 2C 0 2C 6C 6D 6D 6D 6B 6B 6B 6B", &[]);
        assert_eq!(card.waits(&pung_open).unwrap(), vec![kind("F"), JOKER]);
        let run_open = rack("F F F 0 2C 6C 6D 6D 6D 6B 6B 6B 6B", &[]);
        assert_eq!(card.waits(&run_open).unwrap(), vec![kind("2C")]);
        assert!(card.waits(&rack("F F F", &[])).is_err());
    }

    #[test]
    fn the_nearest_hand_is_the_first_of_the_distances() {
        let card = house();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..200 {
            let mut counts = [0u8; KINDS];
            let mut n = 0;
            while n < 13 {
                let k = rng.below(KINDS);
                if counts[k] < supply(k) {
                    counts[k] += 1;
                    n += 1;
                }
            }
            let r = Rack::new(Tiles::from_counts(&counts).unwrap(), Vec::new()).unwrap();
            let first = card.distances(&r).unwrap().first().map(|d| d.distance);
            assert_eq!(card.nearest(&r).unwrap(), first);
        }
        let r = rack("F F F 2C 0 2C 6C 6B 6B 6B 6B", &["6D 6D 6D"]);
        let first = card.distances(&r).unwrap().first().map(|d| d.distance);
        assert_eq!(card.nearest(&r).unwrap(), first);
        assert!(card.nearest(&rack("F F F", &[])).is_err());
    }

    /// Per card hand, the least live distance of a 13-tile rack, recomputed from scratch.
    fn recomputed(card: &Card, r: &Rack, visible: Option<&Tiles>) -> Vec<(usize, u8)> {
        let table = card.view(r.exposures());
        let mut needs = Needs::default();
        table.needs(r.concealed().counts(), &mut needs);
        let live = visible.map(|v| Liveness::new(r, &Sight::of(*v)).unwrap());
        let mut out = Vec::new();
        for s in table.segments() {
            let best = s
                .columns
                .clone()
                .filter(|&i| {
                    live.as_ref().is_none_or(|l| {
                        let kinds = &card.variants[table.variants()[i]].kinds;
                        !l.dead(&table, i, kinds, r.concealed().counts(), l.jokers)
                    })
                })
                .map(|i| needs.distance(i))
                .min();
            if let Some(d) = best {
                out.push((s.hand, d));
            }
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn the_discard_update_rule_agrees_with_recomputation() {
        let card = house();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for round in 0..120 {
            let kinds = rng.draw(14 + 10);
            let concealed = Tiles::from_kinds(kinds[..14].iter().copied()).unwrap();
            let seen = Tiles::from_kinds(kinds[14..].iter().copied()).unwrap();
            let visible = (round % 2 == 1).then_some(&seen);
            let r = Rack::new(concealed, Vec::new()).unwrap();
            for option in card
                .discard_options(&r, visible.map(|v| Sight::of(*v)).as_ref(), usize::MAX)
                .unwrap()
            {
                let rest =
                    Rack::new(concealed.with_removed(option.tile).unwrap(), Vec::new()).unwrap();
                let seen_after = visible.map(|v| v.with_added(option.tile, false).unwrap());
                let mut got: Vec<(usize, u8)> =
                    option.hands.iter().map(|h| (h.hand, h.distance)).collect();
                got.sort_unstable();
                assert_eq!(got, recomputed(&card, &rest, seen_after.as_ref()));
                checked += 1;
            }
        }
        assert!(checked > 1000);
    }

    /// A random 14-tile rack whose exposures are one or two sets of an exposed-hand variant
    /// (random jokers in them), its concealed tiles mostly what that variant still needs
    /// (jokers included), the rest random; and 10 more random tiles as the visible ones.
    fn exposed_rack(card: &Card, rng: &mut Rng) -> (Rack, Tiles) {
        loop {
            let v = &card.variants[rng.below(card.variants.len())];
            let sets = &v.arrangement.sets;
            if card.hands[v.hand].concealed || sets.is_empty() {
                continue;
            }
            let first = rng.below(sets.len());
            let wanted = 1 + rng.below(sets.len().min(2));
            let mut held = [0u8; KINDS];
            let mut exposures = Vec::new();
            for &(kind, size) in sets.iter().cycle().skip(first).take(wanted) {
                let k = usize::from(kind);
                let most = size.min(supply(k) - held[k]);
                let least = 1.max(size.saturating_sub(8 - held[usize::from(JOKER)]));
                if least > most {
                    break;
                }
                let naturals = least + rng.below(usize::from(most - least) + 1) as u8;
                let e = Exposure::new(kind, size, size - naturals).unwrap();
                held[k] += naturals;
                held[usize::from(JOKER)] += size - naturals;
                exposures.push(e);
            }
            if exposures.len() < wanted {
                continue;
            }
            let mut pool = rng.draw(PHYSICAL_TILES);
            for tile in exposures.iter().flat_map(|e| e.tiles().kinds()) {
                let at = pool.iter().position(|&k| k == i64::from(tile)).unwrap();
                pool.remove(at);
            }
            let exposed: usize = exposures.iter().map(|e| usize::from(e.size())).sum();
            let size = usize::from(HAND_SIZE) - exposed;
            // What the variant still needs concealed; jokers may fill its open set slots.
            let mut needed = v.total;
            for e in &exposures {
                needed[usize::from(e.kind())] -= e.size();
            }
            let strict: u8 = v.strict.iter().sum();
            needed[usize::from(JOKER)] = u8::try_from(size).unwrap() - strict;
            let keep = size.saturating_sub(rng.below(5));
            let mut concealed = Vec::new();
            pool.retain(|&k| {
                let slot = &mut needed[k as usize];
                let take = concealed.len() < keep && *slot > 0;
                if take {
                    *slot -= 1;
                    concealed.push(k);
                }
                !take
            });
            let fill = size - concealed.len();
            concealed.extend(pool.drain(..fill));
            let visible = Tiles::from_kinds(pool.drain(..10)).unwrap();
            let concealed = Tiles::from_kinds(concealed).unwrap();
            return (Rack::new(concealed, exposures).unwrap(), visible);
        }
    }

    #[test]
    fn the_discard_update_rule_agrees_with_recomputation_with_exposures() {
        let card = house();
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let (mut checked, mut near) = (0, 0);
        for round in 0..200 {
            let (r, seen) = exposed_rack(&card, &mut rng);
            let visible = (round % 2 == 1).then_some(&seen);
            for option in card
                .discard_options(&r, visible.map(|v| Sight::of(*v)).as_ref(), usize::MAX)
                .unwrap()
            {
                let concealed = r.concealed().with_removed(option.tile).unwrap();
                let rest = Rack::new(concealed, r.exposures().to_vec()).unwrap();
                let seen_after = visible.map(|v| v.with_added(option.tile, false).unwrap());
                let mut got: Vec<(usize, u8)> =
                    option.hands.iter().map(|h| (h.hand, h.distance)).collect();
                got.sort_unstable();
                assert_eq!(got, recomputed(&card, &rest, seen_after.as_ref()));
                checked += 1;
                near += usize::from(option.distance.is_some_and(|d| d <= 2));
            }
        }
        assert!(checked > 1000 && near > 50, "{checked} {near}");
    }

    #[test]
    fn the_best_hand_alone_is_read_from_the_nearest_hands_only() {
        let card = house();
        let mut rng = Rng(0x5851_f42d_4c95_7f2d);
        let mut pruned = 0;
        for round in 0..300 {
            let (r, seen) = if round % 3 == 0 {
                exposed_rack(&card, &mut rng)
            } else {
                let kinds = rng.draw(14 + 20);
                let concealed = Tiles::from_kinds(kinds[..14].iter().copied()).unwrap();
                let seen = Tiles::from_kinds(kinds[14..].iter().copied()).unwrap();
                (Rack::new(concealed, Vec::new()).unwrap(), seen)
            };
            let sight = (round % 2 == 1).then(|| Sight::of(seen));
            let mut every = card
                .discard_options(&r, sight.as_ref(), usize::MAX)
                .unwrap();
            for option in &mut every {
                option.hands.truncate(1);
            }
            let best = card.discard_options(&r, sight.as_ref(), 1).unwrap();
            assert_eq!(best, every);
            let live = sight.as_ref().map(|s| Liveness::new(&r, s).unwrap());
            let table = card.view(r.exposures());
            let minima = card.discard_minima(&table, r.concealed().counts(), live.as_ref(), true);
            pruned += minima
                .iter()
                .flat_map(|(_, m)| m)
                .filter(|&&d| d == u8::MAX)
                .count();
        }
        assert!(pruned > 10_000, "{pruned}");
    }

    #[test]
    fn discard_options_with_exposures_rank_the_spare_tile_first() {
        let card = house();
        let r = rack("F F F 2C 0 2C 6C 6B 6B J 9C", &["6D 6D 6D"]);
        let options = card.discard_options(&r, None, 3).unwrap();
        assert_eq!(options[0].tile, kind("9C"));
        assert_eq!(options[0].distance, Some(1));
        assert_eq!(card.hands[options[0].hands[0].hand].id, "year-1");
        assert!(
            options
                .iter()
                .all(|o| o.hands.iter().all(|h| !card.hands[h.hand].concealed))
        );
    }
}
