//! Standard-form shanten read part by part: a hand's costs for each of its four parts (the
//! three suits and the honours) are kept, so that the shanten of a hand one tile away (a
//! discard, a draw) reads only the part that tile is in and merges it with the others. Discard
//! analysis ([`crate::efficiency`]) asks for hundreds of such neighbours of one hand.

use std::sync::OnceLock;

use super::table::{
    Costs, MAX_TILES, honor_costs, honor_costs_moved, suit_costs, suit_costs_moved,
};
use super::{Closed, Form, closed_forms_need_thirteen, merge};
use crate::error::Result;
use crate::tile::RIICHI_KINDS;

/// The part (0 man, 1 pin, 2 sou, 3 honours) that holds `kind`.
pub(crate) fn part_of(kind: usize) -> usize {
    (kind / 9).min(3)
}

/// Lanes a fold reads: 0 to 4 sets.
const SETS: usize = 5;

/// The kinds of each part.
const RANGES: [std::ops::Range<usize>; 4] = [0..9, 9..18, 18..27, 27..34];

/// The standard-form costs of part `part` of `counts`.
fn part_costs(counts: &[u8; RIICHI_KINDS], part: usize) -> Costs {
    let kinds = &counts[RANGES[part].clone()];
    if part == 3 {
        honor_costs(kinds)
    } else {
        suit_costs(kinds)
    }
}

/// The standard-form costs of part `part` of `counts` with one tile of each of its kinds more
/// (`add`) or less, indexed from the part's first kind: `None` where the kind cannot be added
/// (four held, the part 14 tiles) or taken (none held), and past the honours' seven kinds.
fn part_costs_moved(counts: &[u8; RIICHI_KINDS], part: usize, add: bool) -> [Option<Costs>; 9] {
    let kinds = &counts[RANGES[part].clone()];
    if part == 3 {
        let honours = honor_costs_moved(kinds, add);
        std::array::from_fn(|i| honours.get(i).copied().flatten())
    } else {
        suit_costs_moved(kinds, add)
    }
}

/// The merged costs of some parts laid out for one number of sets, to fold with the costs of
/// the last part into a shanten (the least cost of the sets and the pair, minus one): lane `j`
/// of row `p` holds their cost for `sets - j` sets (the pair flag `p` flipped), so the fold
/// is a lane-wise sum and a minimum.
#[derive(Debug, Clone, Copy)]
pub(super) struct Folding([[u8; 8]; 2]);

impl Folding {
    /// `others` (a merge of parts) laid out for `sets` sets.
    pub(super) fn new(others: &Costs, sets: usize) -> Self {
        let mut lanes = [[u8::MAX / 2; 8]; 2];
        for j in 0..=sets.min(SETS - 1) {
            lanes[0][j] = others[1][sets - j];
            lanes[1][j] = others[0][sets - j];
        }
        Self(lanes)
    }

    /// The shanten of these parts with `part`. Every lane sum stays
    /// below 256 (at most 127 + 15), so the lanes add as words; lanes beyond the most sets
    /// a hand needs are never read.
    pub(super) fn fold(&self, part: &Costs) -> i8 {
        let word = |bytes: [u8; 8]| u64::from_le_bytes(bytes);
        let none = word(self.0[0]) + word(part[0]);
        let pair = word(self.0[1]) + word(part[1]);
        let (none, pair) = (none.to_le_bytes(), pair.to_le_bytes());
        let mut best = u8::MAX;
        for j in 0..SETS {
            best = best.min(none[j]).min(pair[j]);
        }
        best as i8 - 1
    }

    /// A test of parts for whether the shanten of these parts with a part is below
    /// `shanten` (`fold(part) < shanten`), the bound read once for them all.
    fn below_bound(&self, shanten: i8) -> Below<'_> {
        Below {
            folding: self,
            shanten,
            bound: u8::try_from(i16::from(shanten) + 1).ok(),
        }
    }
}

/// A [`Folding`] with a shanten bound, testing parts against it (see [`Folding::below_bound`]).
struct Below<'a> {
    folding: &'a Folding,
    shanten: i8,
    /// The bound on a lane sum (`shanten + 1`); `None` when no sum can be below it.
    bound: Option<u8>,
}

impl Below<'_> {
    /// Whether a lane sum of the folding with `part` is below the bound, tested on all lanes
    /// at once (a borrow out of a lane below the bound can only flag lanes above it, so the
    /// answer is exact). Unused lanes hold at least 127.
    fn test(&self, part: &Costs) -> bool {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let Some(bound) = self.bound else {
            return false;
        };
        if bound > 128 {
            return self.folding.fold(part) < self.shanten;
        }
        let lanes = &self.folding.0;
        let word = |bytes: [u8; 8]| u64::from_le_bytes(bytes);
        let less = |x: u64| x.wrapping_sub(ONES * u64::from(bound)) & !x & HIGHS != 0;
        less(word(lanes[0]) + word(part[0])) || less(word(lanes[1]) + word(part[1]))
    }
}

/// A draw into a part: its kind, the part's costs after it and the copies left.
pub(crate) type Draw = (u8, Costs, u8);

/// The merged costs a hand's neighbours are read from (see [`Parts::merges`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Merges {
    /// For each part, the merge of the other three.
    others: [Costs; 4],
    /// For each two parts, the merge of the other two.
    pairs: [[Costs; 4]; 4],
}

impl Merges {
    /// The merge of the parts other than `part`.
    pub(crate) fn others(&self, part: usize) -> &Costs {
        &self.others[part]
    }
}

/// A valid hand part (each count at most 4, at most 14 tiles) with its standard-form costs by
/// part, the tiles in each part and its closed-form counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Parts {
    counts: [u8; RIICHI_KINDS],
    len: usize,
    costs: [Costs; 4],
    sizes: [u8; 4],
    closed: Closed,
}

impl Default for Parts {
    /// The parts of no tiles (read from the tables once: every player of every deal starts
    /// from them).
    fn default() -> Self {
        static EMPTY: OnceLock<Parts> = OnceLock::new();
        *EMPTY.get_or_init(|| Self::new(&[0; RIICHI_KINDS]))
    }
}

impl Parts {
    /// The parts of valid `counts` (see [`super::check_counts`]).
    pub(crate) fn new(counts: &[u8; RIICHI_KINDS]) -> Self {
        let sizes: [u8; 4] = std::array::from_fn(|p| counts[RANGES[p].clone()].iter().sum());
        Self {
            counts: *counts,
            len: sizes.iter().map(|&n| usize::from(n)).sum(),
            costs: std::array::from_fn(|p| part_costs(counts, p)),
            sizes,
            closed: Closed::of(counts),
        }
    }

    /// The counts.
    pub(crate) fn counts(&self) -> &[u8; RIICHI_KINDS] {
        &self.counts
    }

    /// The number of tiles.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The hand with one more tile of `kind` (fewer than four held, fewer than 14 tiles):
    /// one part read again.
    pub(crate) fn with(&self, kind: usize) -> Self {
        let part = part_of(kind);
        let mut out = self.with_stale(kind);
        out.costs[part] = part_costs(&out.counts, part);
        out
    }

    /// [`Self::with`] but the costs of `kind`'s part left as they were: stale until
    /// [`Self::refreshed`] reads them again.
    pub(crate) fn with_stale(&self, kind: usize) -> Self {
        let mut out = *self;
        out.closed = self.closed.with(kind, self.counts[kind]);
        out.counts[kind] += 1;
        out.len += 1;
        out.sizes[part_of(kind)] += 1;
        out
    }

    /// [`Self::without`] but the costs of `kind`'s part left as they were (see
    /// [`Self::with_stale`]).
    pub(crate) fn without_stale(&self, kind: usize) -> Self {
        self.without_given(kind, self.costs[part_of(kind)])
    }

    /// These parts with the costs of the parts `stale` (a bit per part) read again.
    pub(crate) fn refreshed(&self, stale: u8) -> Self {
        let mut out = *self;
        for part in (0..4).filter(|p| stale & (1 << p) != 0) {
            out.costs[part] = part_costs(&out.counts, part);
        }
        out
    }

    /// The hand with one tile of `kind` less (`kind` must be held): one part read again.
    pub(crate) fn without(&self, kind: usize) -> Self {
        let mut counts = self.counts;
        counts[kind] -= 1;
        self.without_given(kind, part_costs(&counts, part_of(kind)))
    }

    /// [`Self::without`] with the costs of `kind`'s part after it given (`costs`, see
    /// [`Self::costs_without_each`]).
    pub(crate) fn without_given(&self, kind: usize, costs: Costs) -> Self {
        let mut out = *self;
        out.counts[kind] -= 1;
        out.len -= 1;
        let part = part_of(kind);
        out.costs[part] = costs;
        out.sizes[part] -= 1;
        out.closed = self.closed.without(kind, out.counts[kind]);
        out
    }

    /// The costs of `kind`'s part with one more tile of `kind`; `None` when four are held or
    /// the part would hold more tiles than a hand part can (14).
    pub(crate) fn costs_with(&self, kind: usize) -> Option<Costs> {
        let part = part_of(kind);
        if self.counts[kind] >= 4 || usize::from(self.sizes[part]) >= MAX_TILES {
            return None;
        }
        let mut counts = self.counts;
        counts[kind] += 1;
        Some(part_costs(&counts, part))
    }

    /// [`Self::costs_with`] for each kind of part `part` at once, indexed from the part's
    /// first kind (`None` past the honours' seven).
    pub(crate) fn costs_with_each(&self, part: usize) -> [Option<Costs>; 9] {
        part_costs_moved(&self.counts, part, true)
    }

    /// The costs of part `part` with one tile of each of its kinds less, indexed from the
    /// part's first kind (`None` where the kind is not held, or past the honours' seven).
    pub(crate) fn costs_without_each(&self, part: usize) -> [Option<Costs>; 9] {
        part_costs_moved(&self.counts, part, false)
    }

    /// Every kind the hand can take one more tile of, in order, with the costs of its part
    /// after the draw (see [`Self::costs_with`]); each part read when its kinds are reached.
    pub(crate) fn grown(&self) -> impl Iterator<Item = (usize, Costs)> + '_ {
        RANGES.iter().enumerate().flat_map(|(part, kinds)| {
            let each = self.costs_with_each(part);
            kinds
                .clone()
                .filter_map(move |k| Some((k, each[k - 9 * part]?)))
        })
    }

    /// For each part, the merge of the other three parts' costs.
    fn others(&self) -> [Costs; 4] {
        let [man, pin, sou, honors] = &self.costs;
        let suits = merge(man, pin);
        let rest = merge(sou, honors);
        [
            merge(pin, &rest),
            merge(man, &rest),
            merge(&suits, honors),
            merge(&suits, sou),
        ]
    }

    /// The merges a hand's neighbours one tile away are read from: for each part, the merge
    /// of the other three parts' costs, and for each two parts, the merge of the other two
    /// (symmetric; the diagonal is unused).
    pub(crate) fn merges(&self) -> Merges {
        let c = &self.costs;
        let mut pairs = [[[[u8::MAX / 2; 8]; 2]; 4]; 4];
        // Each two parts with the other two.
        const SPLITS: [([usize; 2], [usize; 2]); 6] = [
            ([0, 1], [2, 3]),
            ([0, 2], [1, 3]),
            ([0, 3], [1, 2]),
            ([1, 2], [0, 3]),
            ([1, 3], [0, 2]),
            ([2, 3], [0, 1]),
        ];
        for ([p, q], [r, s]) in SPLITS {
            pairs[p][q] = merge(&c[r], &c[s]);
            pairs[q][p] = pairs[p][q];
        }
        // The other three parts of part p: a pair of them with the third.
        let others = std::array::from_fn(|p| {
            let q = (p + 1) % 4;
            merge(&pairs[p][q], &c[q])
        });
        Merges { others, pairs }
    }

    /// For each part, the merge of the other three parts' costs, for this hand with one tile
    /// of part `part` less than the hand whose [`Self::merges`] are `merges`: the part that
    /// lost the tile keeps its others, and each other part's are the merge of this part with
    /// the remaining two.
    pub(crate) fn others_after(&self, part: usize, merges: &Merges) -> [Costs; 4] {
        std::array::from_fn(|q| {
            if q == part {
                merges.others[part]
            } else {
                merge(&merges.pairs[part][q], &self.costs[part])
            }
        })
    }

    /// Standard-form shanten.
    pub(crate) fn standard(&self) -> i8 {
        let [man, pin, sou, honors] = &self.costs;
        Folding::new(&merge(&merge(man, pin), sou), self.len / 3).fold(honors)
    }

    /// Shanten in `form` (the closed forms need 13 or 14 tiles).
    pub(crate) fn shanten(&self, form: Form) -> Result<i8> {
        self.shanten_by(form, || self.standard())
    }

    /// Shanten in `form`, the standard form read from `others`, the merge of the parts other
    /// than `part` (see [`Self::merges`]).
    pub(crate) fn shanten_given(&self, form: Form, part: usize, others: &Costs) -> Result<i8> {
        self.shanten_by(form, || {
            Folding::new(others, self.len / 3).fold(&self.costs[part])
        })
    }

    /// Shanten in `form`, the standard form from `standard` (asked only when it counts).
    fn shanten_by(&self, form: Form, standard: impl FnOnce() -> i8) -> Result<i8> {
        shanten_in(form, self.len, self.closed, standard)
    }

    /// The shanten in `form` of this hand with one tile of the held `kind` less, given the
    /// costs of its part after that (`costs`, see [`Self::costs_without_each`]) and `others`,
    /// the merge of the other parts (see [`Self::merges`]): as [`Self::without`] then
    /// [`Self::shanten_given`], without making the smaller hand.
    pub(crate) fn shanten_without(
        &self,
        form: Form,
        kind: usize,
        costs: &Costs,
        others: &Costs,
    ) -> Result<i8> {
        let len = self.len - 1;
        let closed = self.closed.without(kind, self.counts[kind] - 1);
        shanten_in(form, len, closed, || {
            Folding::new(others, len / 3).fold(costs)
        })
    }

    /// Shanten in `form` of the hand with one more tile of a kind, for each `(kind, costs)`
    /// given (`costs`: that kind's part with the tile added, see [`Self::costs_with`]); the
    /// other parts are merged once. The closed forms need 13 tiles before the draw.
    pub(crate) fn shanten_with(
        &self,
        form: Form,
        draws: impl IntoIterator<Item = (usize, Costs)>,
    ) -> Result<impl Iterator<Item = (usize, i8)>> {
        self.shanten_with_others(form, self.others(), draws)
    }

    /// [`Self::shanten_with`] with the merges of the other parts given (`others`, see
    /// [`Self::others_after`]).
    pub(crate) fn shanten_with_others(
        &self,
        form: Form,
        others: [Costs; 4],
        draws: impl IntoIterator<Item = (usize, Costs)>,
    ) -> Result<impl Iterator<Item = (usize, i8)>> {
        let len = self.len + 1;
        let seven = len >= 13;
        let (standard, closed) = match form {
            Form::All => (true, seven),
            Form::Standard => (true, false),
            Form::Chiitoitsu | Form::Kokushi if seven => (false, true),
            Form::Chiitoitsu | Form::Kokushi => return Err(closed_forms_need_thirteen(len)),
        };
        let others = others.map(|others| Folding::new(&others, len / 3));
        Ok(draws.into_iter().map(move |(kind, costs)| {
            let mut best = i8::MAX;
            if standard {
                best = others[part_of(kind)].fold(&costs);
            }
            if closed {
                let more = self.closed.with(kind, self.counts[kind]);
                best = best.min(match form {
                    Form::Chiitoitsu => more.chiitoitsu(),
                    Form::Kokushi => more.kokushi(),
                    _ => more.chiitoitsu().min(more.kokushi()),
                });
            }
            (kind, best)
        }))
    }
}

/// Shanten in `form` of a hand of `len` tiles with closed-form counts `closed`, the standard
/// form from `standard` (asked only when it counts; the closed forms need 13 or 14 tiles).
fn shanten_in(form: Form, len: usize, closed: Closed, standard: impl FnOnce() -> i8) -> Result<i8> {
    let seven = len >= 13;
    match form {
        Form::All if seven => Ok(standard().min(closed.chiitoitsu()).min(closed.kokushi())),
        Form::All | Form::Standard => Ok(standard()),
        Form::Chiitoitsu if seven => Ok(closed.chiitoitsu()),
        Form::Kokushi if seven => Ok(closed.kokushi()),
        Form::Chiitoitsu | Form::Kokushi => Err(closed_forms_need_thirteen(len)),
    }
}

impl Parts {
    /// What the draws into parts other than `part` make of this hand, given the merges of
    /// the parts other than `part` on a hand that differs only in `part`: its costs there,
    /// its closed-form counts and its size.
    pub(crate) fn key(&self, part: usize) -> (Costs, Closed, usize) {
        (self.costs[part], self.closed, self.len)
    }

    /// The standard-form costs of part `part`.
    pub(crate) fn costs_of(&self, part: usize) -> &Costs {
        &self.costs[part]
    }

    /// The draws that bring this hand's shanten in `form` below `current`, read with `others`
    /// (see [`Self::shanten_with_others`], whose errors it shares).
    pub(crate) fn improving(
        &self,
        form: Form,
        others: &[Costs; 4],
        current: i8,
    ) -> Result<Improving<'_>> {
        let len = self.len + 1;
        let seven = len >= 13;
        let (standard, closed) = match form {
            Form::All => (true, seven),
            Form::Standard => (true, false),
            Form::Chiitoitsu | Form::Kokushi if seven => (false, true),
            Form::Chiitoitsu | Form::Kokushi => return Err(closed_forms_need_thirteen(len)),
        };
        let mut out = Improving {
            parts: self,
            form,
            standard,
            closed,
            current,
            folds: others.map(|others| Folding::new(&others, len / 3)),
        };
        // A draw lowers a closed form by one at most, so those are read only when that can
        // make the difference.
        out.closed = closed && out.closed_form(self.closed) - 1 < current;
        Ok(out)
    }
}

/// The draws that lower a hand's shanten below a bound (see [`Parts::improving`]).
pub(crate) struct Improving<'a> {
    parts: &'a Parts,
    form: Form,
    standard: bool,
    closed: bool,
    current: i8,
    folds: [Folding; 4],
}

impl Improving<'_> {
    fn closed_form(&self, c: Closed) -> i8 {
        match self.form {
            Form::Chiitoitsu => c.chiitoitsu(),
            Form::Kokushi => c.kokushi(),
            _ => c.chiitoitsu().min(c.kokushi()),
        }
    }

    /// The copies left of those of `draws` into part `part` (`(kind, costs of the part after
    /// the draw, copies left)`) that improve: a sum, so the draws may come in any order.
    pub(crate) fn total(&self, part: usize, draws: &[Draw]) -> u32 {
        let (parts, current) = (self.parts, self.current);
        let below = self.folds[part].below_bound(current);
        let mut total = 0;
        for &(kind, ref costs, left) in draws {
            let kind = usize::from(kind);
            let improves = (self.standard && below.test(costs))
                || (self.closed
                    && self.closed_form(parts.closed.with(kind, parts.counts[kind])) < current);
            if improves {
                total += u32::from(left);
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::shanten::shanten;

    const FORMS: [Form; 4] = [Form::All, Form::Standard, Form::Chiitoitsu, Form::Kokushi];

    /// Random valid hands of `len` tiles.
    fn hands(len: usize, n: usize, seed: u64) -> Vec<[u8; RIICHI_KINDS]> {
        let mut rng = Rng::new(seed);
        (0..n)
            .map(|_| {
                let mut ids: Vec<u8> = (0..136).collect();
                rng.shuffle(&mut ids);
                let mut counts = [0u8; RIICHI_KINDS];
                // Half the hands from one or two suits, where the parts interact most.
                let span = if rng.below(2) == 0 { 136 } else { 72 };
                for &t in ids.iter().filter(|&&t| t < span).take(len) {
                    counts[usize::from(t / 4)] += 1;
                }
                counts
            })
            .collect()
    }

    #[test]
    fn no_part_grows_beyond_fourteen_tiles() {
        let mut counts = [0u8; RIICHI_KINDS];
        counts[..5].copy_from_slice(&[4, 4, 3, 2, 1]);
        let parts = Parts::new(&counts);
        assert!(parts.costs_with(5).is_none(), "the man part holds 14");
        assert!(parts.costs_with(0).is_none(), "four held");
        assert!(parts.costs_with(9).is_some());
    }

    #[test]
    fn part_by_part_equals_the_whole_hand() {
        for len in [14, 11, 8, 5, 2] {
            for counts in hands(len, 300, len as u64) {
                let parts = Parts::new(&counts);
                for form in FORMS {
                    assert_eq!(parts.shanten(form), shanten(&counts, form));
                }
                for kind in (0..RIICHI_KINDS).filter(|&k| counts[k] > 0) {
                    let less = parts.without(kind);
                    assert_eq!(less.len(), len - 1);
                    assert_eq!(less.with(kind), parts);
                    for form in FORMS {
                        assert_eq!(less.shanten(form), shanten(less.counts(), form));
                        let draws =
                            (0..RIICHI_KINDS).filter_map(|k| Some((k, less.costs_with(k)?)));
                        let mut seen = 0;
                        let Ok(by_parts) = less.shanten_with(form, draws) else {
                            assert!(len - 1 < 12, "{form:?} of {} tiles", len - 1);
                            continue;
                        };
                        for (k, by_parts) in by_parts {
                            seen += 1;
                            let mut more = *less.counts();
                            more[k] += 1;
                            let whole = shanten(&more, form);
                            assert_eq!(Ok(by_parts), whole, "{counts:?} -{kind} +{k} {form:?}");
                        }
                        assert_eq!(seen, less.counts().iter().filter(|&&c| c < 4).count());
                    }
                }
            }
        }
    }
}
