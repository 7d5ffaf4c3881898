//! What a rack makes of a compiled card: the win check (spec §4.4), tiles away (§4.5), live
//! and dead hands (§4.6), discard advice (§4.7), waits (§4.8), a Charleston pass and payments.

use std::borrow::Cow;
use std::cmp::Reverse;

use super::card::{Card, HAND_SIZE, Variant};
use super::rack::{Exposure, Rack};
use super::table::{Column, Needs, Table};
use crate::error::{Error, Result};
use crate::tile::{JOKER, KINDS};
use crate::tiles::{Tiles, supply};

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
    /// The card hands still possible after it, best first (empty if none is).
    pub hands: Vec<HandDistance>,
}

impl DiscardOption {
    /// Tiles away from the nearest hand after the discard; `None` if no hand is left.
    pub fn distance(&self) -> Option<u8> {
        self.hands.first().map(|h| h.distance)
    }
}

/// How a hand was won, for payments (spec §1.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Win {
    /// On another player's discard.
    Discard,
    /// Drawn from the wall.
    SelfDrawn,
    /// Completed by a joker exchange: paid as self-drawn (spec §1.6.6).
    JokerExchange,
}

impl Win {
    /// Parses `"discard"`, `"self_drawn"` or `"joker_exchange"`.
    pub fn parse(name: &str) -> Result<Self> {
        match name {
            "discard" => Ok(Self::Discard),
            "self_drawn" => Ok(Self::SelfDrawn),
            "joker_exchange" => Ok(Self::JokerExchange),
            _ => Err(Error::argument(format!(
                "unknown win {name:?} (expected discard, self_drawn or joker_exchange)"
            ))),
        }
    }
}

/// What the three other players pay the winner, in points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payment {
    /// What the discarder pays; `None` for a self-drawn win.
    pub discarder: Option<u32>,
    /// What each other player pays (all three for a self-drawn win).
    pub each_other: u32,
}

impl Payment {
    /// The winner's total gain.
    pub fn total(&self) -> u32 {
        match self.discarder {
            Some(d) => d + 2 * self.each_other,
            None => 3 * self.each_other,
        }
    }
}

/// What a player can still get, for live distances (spec §4.6).
struct Liveness {
    /// Natural tiles per kind neither visible nor held.
    unseen: [u8; KINDS],
    /// Jokers the player holds or can still draw.
    jokers: u8,
}

impl Liveness {
    /// For a rack: `visible` holds every discard and the other players' exposures; the rack's
    /// own exposures are counted from the rack.
    fn new(rack: &Rack, visible: &Tiles) -> Result<Self> {
        let seen = rack
            .all_tiles()
            .try_add(visible)
            .map_err(|e| e.context("the rack and the visible tiles together"))?;
        let unseen = std::array::from_fn(|k| supply(k) - seen.counts()[k]);
        let joker = usize::from(JOKER);
        Ok(Self {
            jokers: unseen[joker] + rack.concealed().counts()[joker],
            unseen,
        })
    }

    /// Whether column `i` can no longer be completed from concealed counts `c` with `jokers`
    /// jokers held or to come.
    fn dead(&self, table: &Table, i: usize, kinds: &[u8], c: &[u8; KINDS], jokers: u8) -> bool {
        let mut short = 0u8;
        for &kind in kinds {
            let k = usize::from(kind);
            let (total, strict, held) = (table.total(k, i), table.strict(k, i), c[k]);
            let natural = strict.saturating_sub(held);
            if natural > self.unseen[k] {
                return true;
            }
            let flexible =
                (total.saturating_sub(strict)).saturating_sub(held.saturating_sub(strict));
            short += flexible.saturating_sub(self.unseen[k] - natural);
        }
        short > jokers
    }
}

impl Card {
    /// The variants a rack with `exposures` can still complete, each with the tiles it still
    /// needs concealed. Without exposures, the whole card.
    pub fn view(&self, exposures: &[Exposure]) -> Cow<'_, Table> {
        if exposures.is_empty() {
            return Cow::Borrowed(self.table());
        }
        let exposed: u8 = exposures.iter().map(Exposure::size).sum();
        Cow::Owned(Table::new(
            HAND_SIZE.saturating_sub(exposed),
            self.variants.iter().enumerate().filter_map(|(i, v)| {
                Some(Column {
                    variant: i,
                    hand: v.hand,
                    total: self.absorb(v, exposures)?,
                    strict: &v.strict,
                })
            }),
        ))
    }

    /// The tiles `variant` still needs once every exposure is matched to a distinct set of the
    /// same kind and size; `None` if that is impossible or the hand is concealed.
    fn absorb(&self, variant: &Variant, exposures: &[Exposure]) -> Option<[u8; KINDS]> {
        if self.hands[variant.hand].concealed {
            return None;
        }
        let mut sets = variant.arrangement.sets.clone();
        let mut total = variant.total;
        for e in exposures {
            let at = sets.iter().position(|&s| s == (e.kind(), e.size()))?;
            sets.swap_remove(at);
            total[usize::from(e.kind())] -= e.size();
        }
        Some(total)
    }

    fn by_rank(&self, hands: &mut [HandDistance]) {
        hands.sort_by_key(|h| (h.distance, Reverse(self.hands[h.hand].value), h.hand));
    }

    /// The highest-valued card hand the 14 tiles of `rack` complete, or `None`.
    pub fn match_rack(&self, rack: &Rack) -> Result<Option<Match>> {
        rack.expect_len(&[usize::from(HAND_SIZE)], "a win check")?;
        let table = self.view(rack.exposures());
        let mut needs = Needs::default();
        table.needs(rack.concealed().counts(), &mut needs);
        let best = needs
            .distances()
            .zip(table.variants())
            .filter(|&(d, _)| d == 0)
            .map(|(_, &v)| v)
            .min_by_key(|&v| (Reverse(self.hands[self.variants[v].hand].value), v));
        Ok(best.map(|variant| Match {
            hand: self.variants[variant].hand,
            variant,
            jokerless: rack.all_tiles().count(JOKER) == 0,
        }))
    }

    /// Tiles away from every card hand the rack (13 or 14 tiles) can still make, best first
    /// (ties: higher value, then card order).
    pub fn distances(&self, rack: &Rack) -> Result<Vec<HandDistance>> {
        rack.expect_len(&[13, 14], "tiles away")?;
        let table = self.view(rack.exposures());
        let mut needs = Needs::default();
        table.needs(rack.concealed().counts(), &mut needs);
        let d: Vec<u8> = needs.distances().collect();
        let mut out: Vec<HandDistance> = table
            .segments()
            .iter()
            .zip(table.segment_minima(&d))
            .map(|(s, distance)| HandDistance {
                hand: s.hand,
                distance,
            })
            .collect();
        self.by_rank(&mut out);
        Ok(out)
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

    /// For each distinct tile of a 14-tile rack, the card hands the other 13 tiles can still
    /// make, best first. With `visible` (every discard and the other players' exposures), only
    /// hands that can still be completed from unseen tiles count. Options are ranked by the
    /// nearest hand kept, then its value, then how many hands are that near.
    pub fn discard_options(
        &self,
        rack: &Rack,
        visible: Option<&Tiles>,
    ) -> Result<Vec<DiscardOption>> {
        rack.expect_len(&[usize::from(HAND_SIZE)], "discard options")?;
        let live = visible.map(|v| Liveness::new(rack, v)).transpose()?;
        let table = self.view(rack.exposures());
        let mut options: Vec<DiscardOption> = self
            .discard_minima(&table, rack.concealed().counts(), live.as_ref())
            .into_iter()
            .map(|(tile, minima)| {
                let mut hands: Vec<HandDistance> = table
                    .segments()
                    .iter()
                    .zip(minima)
                    .filter(|&(_, d)| d != u8::MAX)
                    .map(|(s, distance)| HandDistance {
                        hand: s.hand,
                        distance,
                    })
                    .collect();
                self.by_rank(&mut hands);
                DiscardOption { tile, hands }
            })
            .collect();
        options.sort_by_key(|o| {
            let best = o.distance().unwrap_or(u8::MAX);
            let value = o.hands.first().map_or(0, |h| self.hands[h.hand].value);
            let near = o.hands.iter().filter(|h| h.distance == best).count();
            (best, Reverse(value), Reverse(near), o.tile)
        });
        Ok(options)
    }

    /// For each distinct kind in `c` (jokers included), the least distance per segment of
    /// `table` after discarding one tile of it (`u8::MAX` for a hand with no live variant),
    /// by the O(1) update rule of spec §4.7.
    fn discard_minima(
        &self,
        table: &Table,
        c: &[u8; KINDS],
        live: Option<&Liveness>,
    ) -> Vec<(u8, Vec<u8>)> {
        let mut needs = Needs::default();
        table.needs(c, &mut needs);
        let j = needs.jokers;
        let d: Vec<u8> = needs.distances().collect();
        let spare_joker: Vec<bool> = (0..table.len()).map(|i| j > needs.flexible(i)).collect();
        let kinds = |i: usize| &self.variants[table.variants()[i]].kinds;
        let dead: Vec<bool> = match live {
            Some(l) => (0..table.len())
                .map(|i| l.dead(table, i, kinds(i), c, l.jokers))
                .collect(),
            None => vec![false; table.len()],
        };
        let mut after = vec![0u8; table.len()];
        let mut out = Vec::new();
        for tile in (0..KINDS as u8).filter(|&k| c[usize::from(k)] > 0) {
            let k = usize::from(tile);
            if tile == JOKER {
                for (a, (&d, &spare)) in after.iter_mut().zip(d.iter().zip(&spare_joker)) {
                    *a = d + u8::from(!spare);
                }
            } else {
                let held = c[k];
                let rows = table.total_row(k).iter().zip(table.strict_row(k));
                for ((a, (&d, &spare)), (&t, &s)) in
                    after.iter_mut().zip(d.iter().zip(&spare_joker)).zip(rows)
                {
                    *a = d + u8::from(held <= t && (held <= s || !spare));
                }
            }
            if let Some(l) = live {
                let mut less = *c;
                less[k] -= 1;
                let jokers = l.jokers - u8::from(tile == JOKER);
                for (i, a) in after.iter_mut().enumerate() {
                    let touched = tile == JOKER || kinds(i).contains(&tile);
                    let gone = if touched {
                        l.dead(table, i, kinds(i), &less, jokers)
                    } else {
                        dead[i]
                    };
                    if gone {
                        *a = u8::MAX;
                    }
                }
            }
            out.push((tile, table.segment_minima(&after).collect()));
        }
        out
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

    /// The card hands that a player with `exposures` can still complete from public
    /// information (spec §4.6, the referee's test): `visible` holds every discard and the
    /// other players' exposures; the player's concealed tiles may be any unseen tiles.
    pub fn live_hands(&self, exposures: &[Exposure], visible: &Tiles) -> Result<Vec<usize>> {
        let rack = Rack::new(Tiles::EMPTY, exposures.to_vec())?;
        let live = Liveness::new(&rack, visible)?;
        let table = self.view(exposures);
        let none = [0u8; KINDS];
        Ok(table
            .segments()
            .iter()
            .filter(|s| {
                s.columns.clone().any(|i| {
                    let kinds = &self.variants[table.variants()[i]].kinds;
                    !live.dead(&table, i, kinds, &none, live.jokers)
                })
            })
            .map(|s| s.hand)
            .collect())
    }

    /// Whether no card hand can still be completed (see [`Card::live_hands`]).
    pub fn is_dead(&self, exposures: &[Exposure], visible: &Tiles) -> Result<bool> {
        Ok(self.live_hands(exposures, visible)?.is_empty())
    }

    /// A Charleston pass of `count` (0..=3) tiles from 13 or 14 concealed tiles, never a joker.
    /// Greedy: each step passes the tile whose loss costs least, where a position is worth
    /// `sum over card hands of value x 4^-(tiles away)` (near, valuable hands dominate).
    pub fn charleston_pass(&self, concealed: &Tiles, count: usize) -> Result<Vec<u8>> {
        let rack = Rack::new(*concealed, Vec::new())?;
        rack.expect_len(&[13, 14], "a Charleston pass")?;
        let naturals = rack.len() - usize::from(concealed.count(JOKER));
        if count > 3 || count > naturals {
            return Err(Error::argument(format!(
                "a pass has 0 to 3 tiles and never a joker; cannot pass {count} of {:?}",
                concealed.to_american()
            )));
        }
        let mut c = *concealed.counts();
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            let worth = |minima: &[u8]| -> f64 {
                self.table()
                    .segments()
                    .iter()
                    .zip(minima)
                    .map(|(s, &d)| f64::from(self.hands[s.hand].value) * 0.25f64.powi(d.into()))
                    .sum()
            };
            let best = self
                .discard_minima(self.table(), &c, None)
                .into_iter()
                .filter(|(tile, _)| *tile != JOKER)
                .map(|(tile, minima)| (tile, worth(&minima)))
                .fold(None, |best: Option<(u8, f64)>, (tile, w)| match best {
                    Some((_, bw)) if bw >= w => best,
                    _ => Some((tile, w)),
                });
            let Some((tile, _)) = best else { break };
            c[usize::from(tile)] -= 1;
            out.push(tile);
        }
        Ok(out)
    }

    /// What the others pay for `won` (spec §1.8): discarder 2V and the others V on a discard,
    /// everyone 2V self-drawn (a joker exchange counts as self-drawn), all doubled for a
    /// jokerless hand outside `no_jokerless_bonus` sections.
    pub fn payment(&self, won: &Match, win: Win) -> Payment {
        let value = u32::from(self.hands[won.hand].value);
        let bonus =
            won.jokerless && self.jokerless_bonus && !self.section_of(won.hand).no_jokerless_bonus;
        let base = if bonus { 2 * value } else { value };
        match win {
            Win::Discard => Payment {
                discarder: Some(2 * base),
                each_other: base,
            },
            Win::SelfDrawn | Win::JokerExchange => Payment {
                discarder: None,
                each_other: 2 * base,
            },
        }
    }
}
