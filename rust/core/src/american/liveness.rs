//! Live and dead hands (spec §4.6): which variants can still be completed from the tiles that
//! are not in sight, for the player (discard advice) and from public information (the
//! referee's dead-hand test of rule 1.9.1e).

use super::card::Card;
use super::rack::{Exposure, Rack};
use super::table::Table;
use crate::error::{Error, Result};
use crate::tile::{JOKER, KINDS};
use crate::tiles::{Tiles, supply};

/// What a player can still get, for live distances.
pub(super) struct Liveness {
    /// Natural tiles per kind neither visible nor on the rack.
    unseen: [u8; KINDS],
    /// Jokers the player holds, can still draw, or can take from exposures by exchange.
    pub(super) jokers: u8,
}

impl Liveness {
    /// For a rack: `visible` holds every discard and the other players' exposures (the rack's
    /// own exposures are counted from the rack); `redeemable` of the visible jokers sit in
    /// exposures the player can still exchange a natural for (spec §1.6.4).
    pub(super) fn new(rack: &Rack, visible: &Tiles, redeemable: usize) -> Result<Self> {
        let seen = rack
            .all_tiles()
            .try_add(visible)
            .map_err(|e| e.context("the rack and the visible tiles together"))?;
        let in_sight = visible.count(JOKER);
        if redeemable > usize::from(in_sight) {
            return Err(Error::argument(format!(
                "{redeemable} redeemable jokers, but only {in_sight} jokers are visible (the \
                 redeemable ones are among the visible tiles)"
            )));
        }
        let unseen = std::array::from_fn(|k| supply(k) - seen.counts()[k]);
        let joker = usize::from(JOKER);
        Ok(Self {
            // At most the 8 jokers of the set, so the sum fits.
            jokers: unseen[joker] + rack.concealed().counts()[joker] + redeemable as u8,
            unseen,
        })
    }

    /// Whether column `i` (using `kinds`) can no longer be completed from concealed counts `c`
    /// with `jokers` jokers held or to come.
    pub(super) fn dead(
        &self,
        table: &Table,
        i: usize,
        kinds: &[u8],
        c: &[u8; KINDS],
        jokers: u8,
    ) -> bool {
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
            short = short.saturating_add(flexible.saturating_sub(self.unseen[k] - natural));
        }
        short > jokers
    }
}

impl Card {
    /// The card hands that a player with `exposures` can still complete from public
    /// information (spec §4.6, the referee's test): `visible` holds every discard and the
    /// other players' exposures; the player's concealed tiles may be any unseen tiles. Only
    /// jokers out of sight count: a joker in an exposure is taken as gone, even though the
    /// player might still redeem it (the referee cannot know who holds the naturals).
    pub fn live_hands(&self, exposures: &[Exposure], visible: &Tiles) -> Result<Vec<usize>> {
        let rack = Rack::new(Tiles::EMPTY, exposures.to_vec())?;
        let live = Liveness::new(&rack, visible, 0)?;
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::american::testing::{house, kind, rack};

    #[test]
    fn dead_hands_from_public_information() {
        let card = house();
        let kong = ["W W W W"];
        let exposures: Vec<Exposure> = kong
            .iter()
            .map(|e| Exposure::from_tiles(&Tiles::parse(e).unwrap()).unwrap())
            .collect();
        let ids = |live: Vec<usize>| -> Vec<String> {
            live.iter().map(|&h| card.hands[h].id.clone()).collect()
        };
        let visible = |text: &str| Tiles::parse(text).unwrap();
        assert_eq!(
            ids(card.live_hands(&exposures, &Tiles::EMPTY).unwrap()),
            ["winds-1", "winds-6"]
        );
        assert_eq!(
            ids(card.live_hands(&exposures, &visible("E E E E")).unwrap()),
            ["winds-6"]
        );
        assert!(
            !card
                .is_dead(&exposures, &visible("E E E E J J J J J"))
                .unwrap()
        );
        assert!(
            card.is_dead(&exposures, &visible("E E E E J J J J J J"))
                .unwrap()
        );
        let sextet = Exposure::new(kind("N"), 6, 2).unwrap();
        assert!(card.is_dead(&[sextet], &Tiles::EMPTY).unwrap());
        assert!(!card.is_dead(&[], &Tiles::EMPTY).unwrap());
        assert!(card.is_dead(&exposures, &visible("W")).is_err());
    }

    #[test]
    fn redeemable_jokers_count_for_the_player() {
        let card = house();
        // quints-1 "1111:a 22222:b 33333:c" needs two jokers; all eight are in sight.
        let r = rack("1C 1C 1C 1C 2D 2D 2D 2D 3B 3B 3B 3B N E", &[]);
        let jokers = Tiles::parse("J J J J J J J J").unwrap();
        let quints = card.hand_index("quints-1").unwrap();
        let table = card.view(&[]);
        let alive = |redeemable: usize| {
            let live = Liveness::new(&r, &jokers, redeemable).unwrap();
            table.segments()[quints].columns.clone().any(|i| {
                let kinds = &card.variants[table.variants()[i]].kinds;
                !live.dead(&table, i, kinds, r.concealed().counts(), live.jokers)
            })
        };
        assert!(!alive(0));
        assert!(!alive(1));
        assert!(alive(2));
        let e = Liveness::new(&r, &jokers, 9).err().unwrap();
        assert!(
            e.message().contains("9 redeemable jokers, but only 8"),
            "{e}"
        );
    }
}
