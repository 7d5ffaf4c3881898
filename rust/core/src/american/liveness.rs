//! Live and dead hands (spec §4.6): which variants can still be completed from the tiles that
//! are not in sight, for the player (discard advice) and from public information (the
//! referee's dead-hand test of rule 1.9.1e).

use super::card::Card;
use super::rack::{Exposure, Rack};
use super::table::Table;
use crate::error::{Error, Result};
use crate::tile::{JOKER, KINDS};
use crate::tiles::{Tiles, supply};

/// What a player knows of the table beyond their own rack (spec §4.6): the tiles in sight and
/// the other players' exposures, whose jokers may still be redeemed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sight {
    /// Every discard, plus any exposure of another player given only as tiles (its jokers
    /// then count as gone: which kind they stand for is unknown).
    pub visible: Tiles,
    /// The other players' exposures: their tiles are in sight, and each of their jokers
    /// standing for a kind whose natural is not yet in sight may be redeemed (rule 1.6.4).
    pub others: Vec<Exposure>,
    /// How many exposed jokers the player can redeem, given outright in place of the count
    /// derived from the exposures (at most the jokers in exposures and in `visible`).
    pub redeemable: Option<usize>,
}

impl Sight {
    /// What a player sees, or `None` when neither tiles in sight nor any exposure of another
    /// player is given (then nothing is known, and discard advice filters no hand as dead).
    /// An explicit `redeemable` count needs something in sight to be among.
    pub fn given(
        visible: Option<Tiles>,
        others: Vec<Exposure>,
        redeemable: Option<usize>,
    ) -> Result<Option<Self>> {
        if visible.is_none() && others.is_empty() {
            if redeemable.is_some_and(|n| n > 0) {
                return Err(Error::argument(
                    "redeemable jokers given without the visible tiles or exposures they are \
                     among",
                ));
            }
            return Ok(None);
        }
        Ok(Some(Self {
            visible: visible.unwrap_or(Tiles::EMPTY),
            others,
            redeemable,
        }))
    }

    /// Tiles in sight only (`visible`), no exposures of others known.
    pub fn of(visible: Tiles) -> Self {
        Self {
            visible,
            ..Self::default()
        }
    }
}

/// What a player can still get, for live distances.
pub(super) struct Liveness {
    /// Natural tiles per kind neither visible nor on the rack.
    unseen: [u8; KINDS],
    /// Jokers the player holds, can still draw, or can take from exposures by exchange.
    pub(super) jokers: u8,
}

impl Liveness {
    /// For a rack (its own exposures are counted from the rack) and what it sees of the others.
    /// A joker in any exposure (the rack's own or another player's) can be redeemed with a
    /// natural of its kind that the player holds or may still draw, at most one joker per such
    /// natural (spec §4.6; rule 1.6.4).
    pub(super) fn new(rack: &Rack, sight: &Sight) -> Result<Self> {
        let mut seen = rack
            .all_tiles()
            .try_add(&sight.visible)
            .map_err(|e| e.context("the rack and the visible tiles together"))?;
        for e in &sight.others {
            seen = seen
                .try_add(&e.tiles())
                .map_err(|err| err.context(format!("with the other players' exposure {e}")))?;
        }
        let held = rack.concealed().counts();
        let mut exposed = [0u8; KINDS];
        for e in rack.exposures().iter().chain(&sight.others) {
            exposed[usize::from(e.kind())] += e.jokers();
        }
        let redeemable = match sight.redeemable {
            None => None,
            Some(n) => {
                let limit = sight.visible.count(JOKER) + exposed.iter().sum::<u8>();
                Some(
                    u8::try_from(n)
                        .ok()
                        .filter(|&n| n <= limit)
                        .ok_or_else(|| {
                            Error::argument(format!(
                                "{} to redeem, but only {} exposed or visible",
                                super::plural(n as u64, "joker"),
                                super::plural(limit, "joker")
                            ))
                        })?,
                )
            }
        };
        Ok(Self::of_counts(seen.counts(), held, &exposed, redeemable))
    }

    /// From counts per kind: the tiles in sight or on the rack (`seen`, at most the supply),
    /// the rack's concealed tiles (`held`) and the jokers in exposures (`exposed`, by the kind
    /// they stand for); `redeemable` gives the jokers the player can redeem outright, else
    /// they are derived from the exposures (see [`Self::new`]).
    pub(super) fn of_counts(
        seen: &[u8; KINDS],
        held: &[u8; KINDS],
        exposed: &[u8; KINDS],
        redeemable: Option<u8>,
    ) -> Self {
        let unseen: [u8; KINDS] = std::array::from_fn(|k| supply(k).saturating_sub(seen[k]));
        let derived: u8 = (0..KINDS)
            .map(|k| exposed[k].min(unseen[k].saturating_add(held[k])))
            .sum();
        let joker = usize::from(JOKER);
        Self {
            // At most the 8 jokers of the set, so the sum fits.
            jokers: unseen[joker] + held[joker] + redeemable.unwrap_or(derived),
            unseen,
        }
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
        self.standing(table, i, kinds, c)
            .is_none_or(|short| short > jokers)
    }

    /// What column `i` (using `kinds`) lacks from concealed counts `c`: `None` when a slot
    /// only a natural can fill has no natural left to come, else the jokers it needs (its
    /// joker-eligible slots beyond the unseen naturals); the column is dead when it needs more
    /// jokers than there are.
    pub(super) fn standing(
        &self,
        table: &Table,
        i: usize,
        kinds: &[u8],
        c: &[u8; KINDS],
    ) -> Option<u8> {
        let mut short = 0u8;
        for &kind in kinds {
            let k = usize::from(kind);
            short = short.saturating_add(self.short_of(table, k, i, c[k])?);
        }
        Some(short)
    }

    /// [`Self::standing`] read from the kinds the table says column `i` needs (a kind it
    /// needs nothing of adds nothing), for a column alive: `None` also as soon as it lacks
    /// more than the jokers to come (the terms only add up, so the rest cannot revive it).
    pub(super) fn alive_standing_of(&self, table: &Table, i: usize, c: &[u8; KINDS]) -> Option<u8> {
        let mut short = 0u8;
        for &[kind, total, strict] in table.needed(i) {
            let k = usize::from(kind);
            short = short.saturating_add(self.short(k, total, strict, c[k])?);
            if short > self.jokers {
                return None;
            }
        }
        Some(short)
    }

    /// The jokers natural `k` of column `i` needs when `held` of it are concealed (see
    /// [`Self::standing`]): `None` when its naturals cannot all come.
    pub(super) fn short_of(&self, table: &Table, k: usize, i: usize, held: u8) -> Option<u8> {
        self.short(k, table.total(k, i), table.strict(k, i), held)
    }

    /// [`Self::short_of`] for a column needing `total` tiles of `k`, `strict` of them naturals.
    pub(super) fn short(&self, k: usize, total: u8, strict: u8, held: u8) -> Option<u8> {
        let natural = strict.saturating_sub(held);
        if natural > self.unseen[k] {
            return None;
        }
        let flexible = (total.saturating_sub(strict)).saturating_sub(held.saturating_sub(strict));
        Some(flexible.saturating_sub(self.unseen[k] - natural))
    }
}

impl Card {
    /// The card hands that a player with `exposures` can still complete from public
    /// information (spec §4.6, the referee's test of rule 1.9.1e): `sight` holds every discard
    /// and the other players' exposures; the player's concealed tiles may be any unseen tiles.
    /// Jokers out of sight count, and so does every exposed joker (the player's own or an
    /// opponent's in `sight.others`) standing for a kind with a natural still unseen: the
    /// player may draw that natural and redeem the joker (rule 1.6.4).
    pub fn live_hands(&self, exposures: &[Exposure], sight: &Sight) -> Result<Vec<usize>> {
        let rack = Rack::new(Tiles::EMPTY, exposures.to_vec())?;
        let live = Liveness::new(&rack, sight)?;
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
    pub fn is_dead(&self, exposures: &[Exposure], sight: &Sight) -> Result<bool> {
        Ok(self.live_hands(exposures, sight)?.is_empty())
    }

    /// Whether a joker can still serve `rack`: some card hand the rack can complete from
    /// what it does not see (`sight`; with nothing in sight every hand counts) has a
    /// joker-eligible slot (in a set of three or more) that the rack's tiles leave open.
    pub fn joker_usable(&self, rack: &Rack, sight: Option<&Sight>) -> Result<bool> {
        let live = sight.map(|s| Liveness::new(rack, s)).transpose()?;
        let table = self.view(rack.exposures());
        let held = rack.concealed().counts();
        Ok((0..table.variants().len()).any(|i| {
            let open = table
                .needed(i)
                .iter()
                .any(|&[kind, total, strict]| total > strict && held[usize::from(kind)] < total);
            open && live
                .as_ref()
                .is_none_or(|live| live.alive_standing_of(&table, i, held).is_some())
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::american::testing::{house, kind, rack};

    #[test]
    fn dead_hands_from_public_information() {
        let card = house();
        let visible = |text: &str| Sight::of(Tiles::parse(text).unwrap());
        let kong = ["W W W W"];
        let exposures: Vec<Exposure> = kong
            .iter()
            .map(|e| Exposure::from_tiles(&Tiles::parse(e).unwrap()).unwrap())
            .collect();
        let ids = |live: Vec<usize>| -> Vec<String> {
            live.iter().map(|&h| card.hands[h].id.clone()).collect()
        };
        assert_eq!(
            ids(card.live_hands(&exposures, &Sight::default()).unwrap()),
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
        assert!(card.is_dead(&[sextet], &Sight::default()).unwrap());
        assert!(!card.is_dead(&[], &Sight::default()).unwrap());
        assert!(card.is_dead(&exposures, &visible("W")).is_err());
        assert_eq!(Sight::given(None, Vec::new(), Some(0)), Ok(None));
        assert!(Sight::given(None, Vec::new(), Some(1)).is_err());
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
            let sight = Sight {
                visible: jokers,
                others: Vec::new(),
                redeemable: Some(redeemable),
            };
            let live = Liveness::new(&r, &sight).unwrap();
            table.segments()[quints].columns.clone().any(|i| {
                let kinds = &card.variants[table.variants()[i]].kinds;
                !live.dead(&table, i, kinds, r.concealed().counts(), live.jokers)
            })
        };
        assert!(!alive(0));
        assert!(!alive(1));
        assert!(alive(2));
        let sight = Sight {
            visible: jokers,
            others: Vec::new(),
            redeemable: Some(9),
        };
        let e = Liveness::new(&r, &sight).err().unwrap();
        assert!(
            e.message().contains("9 jokers to redeem, but only 8"),
            "{e}"
        );
    }

    #[test]
    fn exposed_jokers_with_an_unseen_natural_can_be_redeemed() {
        // Issue 10: own exposure W W W J, visible E E E J J J J J J. The fourth W is unseen,
        // redeems the exposed joker, and with the unseen E and joker winds-6 completes.
        let card = house();
        let own = [Exposure::from_tiles(&Tiles::parse("W W W J").unwrap()).unwrap()];
        let seen = Sight::of(Tiles::parse("E E E J J J J J J").unwrap());
        assert!(!card.is_dead(&own, &seen).unwrap());
        let ids: Vec<&str> = card
            .live_hands(&own, &seen)
            .unwrap()
            .iter()
            .map(|&h| card.hands[h].id.as_str())
            .collect();
        assert_eq!(ids, ["winds-6"]);
        // Once the fourth W is in sight, the joker stays where it is: dead.
        let gone = Sight::of(Tiles::parse("E E E J J J J J J W").unwrap());
        assert!(card.is_dead(&own, &gone).unwrap());
        // An opponent's exposed joker counts the same way when the exposure is given whole.
        let kong = [Exposure::from_tiles(&Tiles::parse("W W W W").unwrap()).unwrap()];
        let as_tiles = Sight::of(Tiles::parse("E E E J J J J J J 1B 1B 1B J").unwrap());
        assert!(card.is_dead(&kong, &as_tiles).unwrap());
        let whole = Sight {
            visible: Tiles::parse("E E E J J J J J J").unwrap(),
            others: vec![Exposure::from_tiles(&Tiles::parse("1B 1B 1B J").unwrap()).unwrap()],
            redeemable: None,
        };
        assert!(!card.is_dead(&kong, &whole).unwrap());
    }

    #[test]
    fn a_joker_serves_while_a_live_hand_has_an_open_set() {
        let card = house();
        let fresh = rack("1B 2B 3C 4C 5D 6D N E W S R G J", &[]);
        assert!(card.joker_usable(&fresh, None).unwrap());
        // Only the hands of three flowers, a red kong and a green pung take these exposures,
        // and what they still lack is four singles (NEWS): no slot a joker may fill.
        let singles_left = rack("N E W 1B", &["F F F", "R R R R", "G G G"]);
        assert!(!card.joker_usable(&singles_left, None).unwrap());
        // A wind kong whose hands are all dead in sight leaves nothing to use a joker in.
        let kong = rack("1B 2B 3B 4B 5B 6B 7B 8B 9B 1C", &["W W W W"]);
        let everything = Sight::of(Tiles::parse("E E E E J J J J J J").unwrap());
        assert!(card.joker_usable(&kong, None).unwrap());
        assert!(!card.joker_usable(&kong, Some(&everything)).unwrap());
    }
}
