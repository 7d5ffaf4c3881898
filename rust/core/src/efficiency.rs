//! Tile efficiency: waits of a tenpai hand and ukeire (the draws that lower shanten).

use std::cell::{OnceCell, RefCell};

use crate::error::{Error, Result};
use crate::shanten::{self, Closed, Costs, Draw, Form, Merges, Parts, part_of};
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
    Ok(waits_of(&Parts::new(counts)))
}

/// The waits of a checked `3n+1` part (see [`waits`]).
pub(crate) fn waits_of(part: &Parts) -> Vec<u8> {
    completing(part).collect()
}

/// Whether a checked `3n+1` part has a wait (found without listing them all).
pub(crate) fn has_wait(part: &Parts) -> bool {
    completing(part).next().is_some()
}

/// The kinds that complete a checked `3n+1` part, ascending, found as they are asked for.
fn completing(part: &Parts) -> impl Iterator<Item = u8> + '_ {
    part.shanten_with(Form::All, part.grown())
        .into_iter()
        .flatten()
        .filter(|&(_, shanten)| shanten == -1)
        .map(|(kind, _)| kind as u8)
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
    improving(&Parts::new(counts), counts, visible, form, |_| None)
}

/// The draws that lower the shanten of `part` in `form`, with the copies of each kind not in
/// `held` (the player's own tiles) or `visible`. `known(kind)` may give the costs of that
/// kind's part with the drawn tile added, when the caller has them.
fn improving(
    part: &Parts,
    held: &[u8; RIICHI_KINDS],
    visible: &[u8; RIICHI_KINDS],
    form: Form,
    known: impl Fn(usize) -> Option<Costs>,
) -> Result<Ukeire> {
    let current = part.shanten(form)?;
    let mut tiles = Vec::new();
    let draws = part.shanten_with(form, draws(part, held, visible, known))?;
    each_improving(current, draws, held, visible, |kind, left| {
        tiles.push((kind, left))
    });
    Ok(Ukeire {
        shanten: current,
        tiles,
    })
}

/// The draws of a part with copies left (not in `held` or `visible`), each with the costs of
/// its part after the draw (`known`, else read; none for a part that cannot grow).
fn draws<'a>(
    part: &'a Parts,
    held: &'a [u8; RIICHI_KINDS],
    visible: &'a [u8; RIICHI_KINDS],
    known: impl Fn(usize) -> Option<Costs> + 'a,
) -> impl Iterator<Item = (usize, Costs)> + 'a {
    (0..RIICHI_KINDS)
        .filter(|&k| held[k] + visible[k] < 4)
        .filter_map(move |k| Some((k, known(k).or_else(|| part.costs_with(k))?)))
}

/// Calls `each(kind, copies left)` for each draw whose shanten is below `current`.
fn each_improving(
    current: i8,
    draws: impl Iterator<Item = (usize, i8)>,
    held: &[u8; RIICHI_KINDS],
    visible: &[u8; RIICHI_KINDS],
    mut each: impl FnMut(u8, u8),
) {
    for (kind, after) in draws {
        if after < current {
            each(kind as u8, 4 - held[kind] - visible[kind]);
        }
    }
}

/// What a discard leaves, as far as the draws into the other parts are concerned: the
/// discard's part, that part's costs after it, the closed-form counts and the size.
type Rest = (usize, Costs, Closed, usize);

/// A `3n+2` part prepared for discard analysis: the shanten and improving draws each discard
/// leaves, read part by part (a discard and a draw change at most two of the four parts, and
/// the draws into a part the discard leaves alone are read once for all discards).
#[derive(Debug, Clone)]
pub struct Discards {
    parts: Parts,
    visible: [u8; RIICHI_KINDS],
    form: Form,
    /// The merges of the part's parts (read when a discard is first asked about).
    merges: OnceCell<Merges>,
    /// Each kind's part costs with one more tile of it, on the whole part, by part (each part
    /// read when draws into it are first asked for).
    with: [OnceCell<[Option<Costs>; 9]>; 4],
    /// Each kind's part costs with one tile of it less, by part (each part read when a
    /// discard from it is first asked about).
    without: [OnceCell<[Option<Costs>; 9]>; 4],
    /// Per part, the draws into it with copies left that it can take: (kind, the part's
    /// costs after the draw on the whole part, copies left).
    draws: [OnceCell<PartDraws>; 4],
    /// The copies left of the improving draws into the other parts, by the discard's part
    /// and what that part and the closed forms are after it: discards that leave the same
    /// (isolated tiles of a suit, single honours) share them.
    elsewhere: RefCell<Vec<(Rest, u32)>>,
}

impl Discards {
    /// Checks a `3n+2` part and the tiles in sight outside it (`visible`; with the part, at
    /// most four of a kind) and prepares it.
    pub fn new(
        counts: &[u8; RIICHI_KINDS],
        visible: &[u8; RIICHI_KINDS],
        form: Form,
    ) -> Result<Self> {
        let len = shanten::check_counts(counts)?;
        if len % 3 != 2 {
            return Err(Error::hand(format!(
                "discard options need a hand part of 3n+2 tiles, got {len}; use ukeire for 3n+1"
            )));
        }
        check_visible(counts, visible)?;
        Ok(Self {
            parts: Parts::new(counts),
            visible: *visible,
            form,
            merges: OnceCell::new(),
            with: Default::default(),
            without: Default::default(),
            draws: Default::default(),
            // Room for every distinct discard of a 14-tile part, made once.
            elsewhere: RefCell::new(Vec::with_capacity(14)),
        })
    }

    /// The part left after discarding `kind` (its part's costs read once for every discard
    /// from that part); an error when it is not held.
    fn rest(&self, kind: u8) -> Result<Parts> {
        let k = self.held(kind)?;
        Ok(self.parts.without_given(k, self.costs_without(k)))
    }

    /// The costs of held `kind`'s part with one tile of it less.
    fn costs_without(&self, k: usize) -> Costs {
        let part = part_of(k);
        let without = self.without[part].get_or_init(|| self.parts.costs_without_each(part));
        let Some(costs) = without[k - 9 * part] else {
            unreachable!("a held kind can be discarded");
        };
        costs
    }

    /// `kind` as an index; an error when the part holds none of it.
    fn held(&self, kind: u8) -> Result<usize> {
        let k = usize::from(kind);
        if self.parts.counts().get(k).is_none_or(|&c| c == 0) {
            return Err(Error::hand(format!(
                "cannot discard {}: the hand holds none",
                kind_name(kind, false)
            )));
        }
        Ok(k)
    }

    fn merges(&self) -> &Merges {
        self.merges.get_or_init(|| self.parts.merges())
    }

    /// The shanten of the whole `3n+2` part: the least a discard leaves, unless the part is
    /// complete (-1, where every discard leaves 0).
    pub fn shanten(&self) -> Result<i8> {
        self.parts
            .shanten_given(self.form, 3, self.merges().others(3))
    }

    /// The shanten of the part left after discarding `kind` (read from its part's costs
    /// without the tile: the smaller part is not made).
    pub fn shanten_after(&self, kind: u8) -> Result<i8> {
        let k = self.held(kind)?;
        let others = self.merges().others(part_of(k));
        self.parts
            .shanten_without(self.form, k, &self.costs_without(k), others)
    }

    /// The costs of `kind`'s part of the whole part with one more tile of `kind`, when
    /// copies of it are left and the part can grow.
    fn with(&self, kind: usize) -> Option<Costs> {
        let part = part_of(kind);
        let base = 9 * part;
        let with = self.with[part].get_or_init(|| {
            let counts = self.parts.counts();
            let each = self.parts.costs_with_each(part);
            std::array::from_fn(|i| {
                let k = base + i;
                (k < RIICHI_KINDS && counts[k] + self.visible[k] < 4)
                    .then_some(each[i])
                    .flatten()
            })
        });
        with[kind - base]
    }

    /// Each improving draw (kind, copies left) of the part left after discarding `kind`,
    /// given to `each`; returns that part's shanten.
    fn each_improving_after(&self, kind: u8, each: impl FnMut(u8, u8)) -> Result<i8> {
        let rest = self.rest(kind)?;
        let part = part_of(usize::from(kind));
        let merges = self.merges();
        let current = rest.shanten_given(self.form, part, merges.others(part))?;
        let others = rest.others_after(part, merges);
        let held = self.parts.counts();
        let known = |k: usize| (part_of(k) != part).then(|| self.with(k)).flatten();
        let draws =
            rest.shanten_with_others(self.form, others, draws(&rest, held, &self.visible, known))?;
        each_improving(current, draws, held, &self.visible, each);
        Ok(current)
    }

    /// The shanten and improving draws of the part left after discarding `kind`. Copies left
    /// are counted as Tenhou counts them: the discarded tile is gone too, so all of the
    /// part's tiles count as seen.
    pub fn ukeire_after(&self, kind: u8) -> Result<Ukeire> {
        let mut tiles = Vec::new();
        let shanten = self.each_improving_after(kind, |k, left| tiles.push((k, left)))?;
        Ok(Ukeire { shanten, tiles })
    }

    /// The copies left of the improving draws of the part left after discarding `kind`:
    /// [`Ukeire::total`] of [`Self::ukeire_after`], with no list kept. The draws into the
    /// other parts are listed once for every discard.
    pub fn ukeire_total_after(&self, kind: u8) -> Result<u32> {
        Ok(self.ukeire_total_at_least(kind, 0)?.unwrap_or_default())
    }

    /// [`Self::ukeire_total_after`], or `None` when that total is surely below `need` (the
    /// draws into the discard's own part are then not read: at most all their copies left
    /// could improve).
    pub fn ukeire_total_at_least(&self, kind: u8, need: u32) -> Result<Option<u32>> {
        let rest = self.rest(kind)?;
        let part = part_of(usize::from(kind));
        let merges = self.merges();
        let current = rest.shanten_given(self.form, part, merges.others(part))?;
        let (costs, closed, len) = rest.key(part);
        let key = (part, costs, closed, len);
        let known = self
            .elsewhere
            .borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|e| e.1);
        let others = if known.is_some() {
            // Only the draws into the discard's own part are read: its others' merge serves.
            [*merges.others(part); 4]
        } else {
            rest.others_after(part, merges)
        };
        let improving = rest.improving(self.form, &others, current)?;
        let elsewhere = known.unwrap_or_else(|| {
            let total = (0..4)
                .filter(|&q| q != part)
                .map(|q| improving.total(q, self.part_draws(q)))
                .sum();
            self.elsewhere.borrow_mut().push((key, total));
            total
        });
        let held = self.parts.counts();
        let kinds =
            (9 * part..(9 * part + 9).min(RIICHI_KINDS)).filter(|&k| held[k] + self.visible[k] < 4);
        let most: u32 = kinds
            .clone()
            .map(|k| u32::from(4 - held[k] - self.visible[k]))
            .sum();
        if elsewhere + most < need {
            return Ok(None);
        }
        let mut same = [(0, [[0; 8]; 2], 0); 9];
        let mut n = 0;
        let each = rest.costs_with_each(part);
        for k in kinds {
            // Drawing the discarded kind back makes the whole part's costs again.
            let costs = if k == usize::from(kind) {
                Some(*self.parts.costs_of(part))
            } else {
                each[k - 9 * part]
            };
            if let Some(costs) = costs {
                same[n] = (k as u8, costs, 4 - held[k] - self.visible[k]);
                n += 1;
            }
        }
        Ok(Some(elsewhere + improving.total(part, &same[..n])))
    }

    /// The draws into part `q` with copies left that it can take, on the whole part (see
    /// [`Self::draws`]).
    fn part_draws(&self, q: usize) -> &[Draw] {
        let draws = self.draws[q].get_or_init(|| {
            let mut draws = PartDraws::default();
            for k in 9 * q..(9 * q + 9).min(RIICHI_KINDS) {
                if let Some(costs) = self.with(k) {
                    let counts = self.parts.counts();
                    draws.items[draws.len] = (k as u8, costs, 4 - counts[k] - self.visible[k]);
                    draws.len += 1;
                }
            }
            draws
        });
        &draws.items[..draws.len]
    }
}

/// The draws into one part (at most its nine kinds), kept without an allocation.
#[derive(Debug, Clone, Default)]
struct PartDraws {
    items: [Draw; 9],
    len: usize,
}

/// For a `3n+2` part: every distinct discard with the shanten and ukeire it leaves, best first
/// (lowest shanten, then most copies left, then lowest kind). Copies left are counted as
/// Tenhou counts them: the discarded tile is gone too, so all 14 tiles count as seen.
pub fn discard_options(
    counts: &[u8; RIICHI_KINDS],
    visible: &[u8; RIICHI_KINDS],
    form: Form,
) -> Result<Vec<DiscardOption>> {
    let discards = Discards::new(counts, visible, form)?;
    let mut options = (0..RIICHI_KINDS as u8)
        .filter(|&k| counts[usize::from(k)] > 0)
        .map(|discard| {
            Ok(DiscardOption {
                discard,
                ukeire: discards.ukeire_after(discard)?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
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

    /// The draws that lower the shanten, one whole shanten count per draw (the definition).
    fn improving_by_definition(
        counts: &[u8; 34],
        held: &[u8; 34],
        visible: &[u8; 34],
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

    #[test]
    fn discard_analysis_matches_the_definition() {
        let mut rng = crate::rng::Rng::new(3);
        for round in 0..600 {
            let len = [14, 14, 11, 8, 5, 2][round % 6];
            let mut ids: Vec<u8> = (0..136).collect();
            rng.shuffle(&mut ids);
            let span = [136, 72, 36][round % 3];
            let mut counts = [0u8; 34];
            let mut visible = [0u8; 34];
            let mut drawn = ids.iter().filter(|&&t| t < span || round % 5 == 0);
            for &t in drawn.by_ref().take(len) {
                counts[usize::from(t / 4)] += 1;
            }
            for &t in drawn.take(round % 30) {
                visible[usize::from(t / 4)] += 1;
            }
            for form in [Form::All, Form::Standard, Form::Chiitoitsu, Form::Kokushi] {
                let fast = discard_options(&counts, &visible, form);
                let slow: Result<Vec<DiscardOption>> = (0..34u8)
                    .filter(|&k| counts[usize::from(k)] > 0)
                    .map(|k| {
                        let mut rest = counts;
                        rest[usize::from(k)] -= 1;
                        let ukeire = improving_by_definition(&rest, &counts, &visible, form)?;
                        Ok(DiscardOption { discard: k, ukeire })
                    })
                    .collect();
                match (fast, slow) {
                    (Ok(fast), Ok(mut slow)) => {
                        let discards = Discards::new(&counts, &visible, form).unwrap();
                        let least = slow.iter().map(|o| o.ukeire.shanten).min().unwrap();
                        let whole = discards.shanten().unwrap();
                        assert!(
                            whole == least || (whole == -1 && least == 0),
                            "{counts:?} {form:?}: whole {whole}, least after a discard {least}"
                        );
                        for o in &slow {
                            let k = o.discard;
                            assert_eq!(discards.shanten_after(k), Ok(o.ukeire.shanten));
                            assert_eq!(discards.ukeire_total_after(k), Ok(o.ukeire.total()));
                        }
                        slow.sort_by_key(|o| {
                            (
                                o.ukeire.shanten,
                                std::cmp::Reverse(o.ukeire.total()),
                                o.discard,
                            )
                        });
                        assert_eq!(fast, slow, "{counts:?} {visible:?} {form:?}");
                    }
                    (fast, slow) => assert_eq!(fast.is_err(), slow.is_err(), "{counts:?} {form:?}"),
                }
                let mut part = counts;
                if let Some(k) = (0..34).find(|&k| part[k] > 0) {
                    part[k] -= 1;
                    let fast = ukeire(&part, &visible, form);
                    let slow = improving_by_definition(&part, &part, &visible, form);
                    assert_eq!(fast.ok(), slow.ok(), "{part:?} {form:?}");
                }
            }
        }
    }

    #[test]
    fn the_discarded_tile_counts_as_gone() {
        // Discarding 3p leaves 124p waiting on 3p (kanchan): 3 copies left, not 4.
        let opts = discard_options(&counts("123m456s789s1z1234p"), &[0; 34], Form::All).unwrap();
        let three_p = opts.iter().find(|o| o.discard == 11).unwrap();
        assert!(three_p.ukeire.tiles.contains(&(11, 3)), "{three_p:?}");
    }
}
