//! The shanten lookup tables: how they are indexed, generated and loaded.
//!
//! For one suit (9 kinds, sequences allowed) or the honours (7 kinds, no sequences) and a
//! count vector `h` with at most 14 tiles, an entry holds, for every `m` in `0..=4` sets and
//! `p` in `0..=1` pairs, the least number of tiles that must be added to `h` so that it contains
//! `m` sets and `p` pairs of that suit. The target never uses more than 4 copies of a kind, so a
//! wait on a fifth copy is never counted. An entry packs the ten costs as nibbles: the cost
//! for `m` sets without a pair in the low nibble of byte `m`, with the pair in its high
//! nibble, so two masks unpack it into two rows of bytes.
//!
//! Entries are stored in lexicographic order of `h` among all vectors with entries `0..=4`
//! and sum at most 14; [`Ranker`] maps a vector to its position. The committed files in
//! `data/` are produced by [`generate`] (see `src/bin/gen_tables.rs`); a test checks that they
//! round-trip.

/// Bytes stored per entry: the ten nibbles fill bytes 0..5 of the little-endian word.
const ENTRY_BYTES: usize = 5;
/// Most tiles a concealed hand part can hold.
pub(crate) const MAX_TILES: usize = 14;
/// Costs per pair flag and set count: `costs[p][m]` for `m` in `0..=4` (bytes 5..8 unused).
pub(crate) type Costs = [[u8; 8]; 2];

/// `VECTORS[len][sum]`: number of count vectors of length `len` (at most 9) with entries
/// `0..=4` and sum at most `sum`.
const VECTORS: [[u32; MAX_TILES + 1]; 10] = {
    let mut table = [[1u32; MAX_TILES + 1]; 10];
    let mut len = 1;
    while len < 10 {
        let mut sum = 0;
        while sum <= MAX_TILES {
            let mut total = 0;
            let mut v = 0;
            while v <= 4 && v <= sum {
                total += table[len - 1][sum - v];
                v += 1;
            }
            table[len][sum] = total;
            sum += 1;
        }
        len += 1;
    }
    table
};

/// Per-position rank offsets: `[i][prefix][v]` is the number of vectors that agree with the
/// ranked one before position `i` (holding `prefix` tiles) and have a value below `v` there.
const fn single_offsets<const LEN: usize>() -> [[[u32; 5]; MAX_TILES + 1]; LEN] {
    let mut offsets = [[[0u32; 5]; MAX_TILES + 1]; LEN];
    let mut i = 0;
    while i < LEN {
        let mut prefix = 0;
        while prefix <= MAX_TILES {
            let mut acc = 0;
            let mut v = 0;
            while v < 5 {
                offsets[i][prefix][v] = acc;
                if prefix + v <= MAX_TILES {
                    acc += VECTORS[LEN - 1 - i][MAX_TILES - prefix - v];
                }
                v += 1;
            }
            prefix += 1;
        }
        i += 1;
    }
    offsets
}

/// Maps a count vector of `LEN` kinds (sum at most 14) to its lexicographic rank, reading
/// three counts per table lookup (`CHUNKS` = `LEN` / 3 rounded up).
pub(crate) struct Ranker<const LEN: usize, const CHUNKS: usize> {
    /// `offsets[c][prefix][code]`: offset of the counts `3c..3c+3` (base-5 `code`) after
    /// `prefix` tiles.
    offsets: [[[u32; 125]; MAX_TILES + 1]; CHUNKS],
    #[cfg_attr(not(test), allow(dead_code))]
    size: usize,
}

impl<const LEN: usize, const CHUNKS: usize> Ranker<LEN, CHUNKS> {
    const fn new() -> Self {
        let single = single_offsets::<LEN>();
        let mut offsets = [[[0u32; 125]; MAX_TILES + 1]; CHUNKS];
        let mut c = 0;
        while c < CHUNKS {
            let mut prefix = 0;
            while prefix <= MAX_TILES {
                let mut code = 0;
                while code < 125 {
                    let values = [code / 25, code / 5 % 5, code % 5];
                    let (mut acc, mut used, mut j) = (0, prefix, 0);
                    while j < 3 && 3 * c + j < LEN && used <= MAX_TILES {
                        acc += single[3 * c + j][used][values[j]];
                        used += values[j];
                        j += 1;
                    }
                    offsets[c][prefix][code] = acc;
                    code += 1;
                }
                prefix += 1;
            }
            c += 1;
        }
        Self {
            offsets,
            size: VECTORS[LEN][MAX_TILES] as usize,
        }
    }

    /// Rank of `counts` (exactly `LEN` entries, each at most 4, summing to at most 14).
    #[inline]
    pub(crate) fn rank(&self, counts: &[u8]) -> usize {
        let mut prefix = 0;
        let mut rank = 0;
        for (offsets, chunk) in self.offsets.iter().zip(counts.chunks(3)) {
            let mut code = 0;
            let mut tiles = 0;
            for j in 0..3 {
                let v = usize::from(chunk.get(j).copied().unwrap_or(0));
                code = code * 5 + v;
                tiles += v;
            }
            rank += offsets[prefix][code] as usize;
            prefix += tiles;
        }
        rank
    }

    /// The rank of `counts` (as [`Self::rank`] takes them) with one tile of each kind more
    /// (`add`) or less, `None` where a kind cannot be added (it holds four, or `counts` hold
    /// 14 tiles) or taken (none held): one table lookup a kind, the chunks it leaves alone read
    /// once for all kinds (a tile moved in a chunk changes its code and the prefix of every
    /// later chunk by one).
    pub(crate) fn ranks_moved(&self, counts: &[u8], add: bool) -> [Option<usize>; LEN] {
        let mut prefixes = [0; CHUNKS];
        let mut codes = [0; CHUNKS];
        let mut tiles = 0;
        for (c, chunk) in counts.chunks(3).enumerate() {
            prefixes[c] = tiles;
            for j in 0..3 {
                let v = usize::from(chunk.get(j).copied().unwrap_or(0));
                codes[c] = codes[c] * 5 + v;
                tiles += v;
            }
        }
        let mut out = [None; LEN];
        if add && tiles >= MAX_TILES {
            return out;
        }
        // `before[c]`: the chunks before `c` as they are; `after[c]`: the chunks after `c`
        // with their prefixes moved by the tile (read only for a chunk at or after a held
        // tile when one goes, so a prefix never goes below zero there).
        let moved = |prefix: usize| {
            if add {
                prefix + 1
            } else {
                prefix.saturating_sub(1)
            }
        };
        let mut before = [0; CHUNKS];
        let mut after = [0; CHUNKS];
        for c in 1..CHUNKS {
            before[c] = before[c - 1] + self.offsets[c - 1][prefixes[c - 1]][codes[c - 1]] as usize;
        }
        for c in (0..CHUNKS - 1).rev() {
            after[c] =
                after[c + 1] + self.offsets[c + 1][moved(prefixes[c + 1])][codes[c + 1]] as usize;
        }
        for (kind, rank) in out.iter_mut().enumerate() {
            if (add && counts[kind] < 4) || (!add && counts[kind] > 0) {
                let (c, weight) = (kind / 3, [25, 5, 1][kind % 3]);
                let code = if add {
                    codes[c] + weight
                } else {
                    codes[c] - weight
                };
                *rank = Some(before[c] + self.offsets[c][prefixes[c]][code] as usize + after[c]);
            }
        }
        out
    }

    /// Number of vectors, i.e. of table entries.
    #[cfg(test)]
    pub(crate) fn size(&self) -> usize {
        self.size
    }
}

pub(crate) static SUIT_RANK: Ranker<9, 3> = Ranker::new();
pub(crate) static HONOR_RANK: Ranker<7, 3> = Ranker::new();

static SUIT_BYTES: &[u8] = include_bytes!("../../data/shanten_suit.bin");
static HONOR_BYTES: &[u8] = include_bytes!("../../data/shanten_honor.bin");

/// Entry `index` of a table of `ENTRY_BYTES`-byte little-endian entries.
#[inline]
fn entry(table: &[u8], index: usize) -> u64 {
    let bytes = &table[index * ENTRY_BYTES..index * ENTRY_BYTES + ENTRY_BYTES];
    u64::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], 0, 0, 0])
}

/// Costs of one suit's 9 counts.
#[inline]
pub(crate) fn suit_costs(counts: &[u8]) -> Costs {
    unpack(entry(SUIT_BYTES, SUIT_RANK.rank(counts)))
}

/// Costs of the 7 honour counts.
#[inline]
pub(crate) fn honor_costs(counts: &[u8]) -> Costs {
    unpack(entry(HONOR_BYTES, HONOR_RANK.rank(counts)))
}

/// Costs of one suit's 9 counts with one tile of each kind more (`add`) or less: `None` where
/// it cannot be added (four held, 14 tiles) or is not held (see [`Ranker::ranks_moved`]).
pub(crate) fn suit_costs_moved(counts: &[u8], add: bool) -> [Option<Costs>; 9] {
    SUIT_RANK
        .ranks_moved(counts, add)
        .map(|rank| rank.map(|r| unpack(entry(SUIT_BYTES, r))))
}

/// Costs of the 7 honour counts with one tile of each kind more or less (as
/// [`suit_costs_moved`]).
pub(crate) fn honor_costs_moved(counts: &[u8], add: bool) -> [Option<Costs>; 7] {
    HONOR_RANK
        .ranks_moved(counts, add)
        .map(|rank| rank.map(|r| unpack(entry(HONOR_BYTES, r))))
}

#[inline]
fn unpack(entry: u64) -> Costs {
    const LOW: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    [
        (entry & LOW).to_le_bytes(),
        ((entry >> 4) & LOW).to_le_bytes(),
    ]
}

// ---- generation -------------------------------------------------------------------------

const INF: u8 = u8::MAX;
/// DP state: sequences started one kind back, two kinds back, sets so far, pair so far.
const STATES: usize = 5 * 5 * 5 * 2;

const fn state(s1: usize, s2: usize, m: usize, p: usize) -> usize {
    ((s1 * 5 + s2) * 5 + m) * 2 + p
}

/// Generates the table for `len` kinds (9 with `sequences`, 7 without) in rank order,
/// as little-endian bytes.
pub fn generate(len: usize, sequences: bool) -> Vec<u8> {
    let mut start = [INF; STATES];
    start[state(0, 0, 0, 0)] = 0;
    let mut entries = Vec::new();
    walk(len, sequences, 0, 0, &start, &mut entries);
    entries
        .iter()
        .flat_map(|e| e.to_le_bytes().into_iter().take(ENTRY_BYTES))
        .collect()
}

/// Depth-first walk over count vectors in lexicographic order, carrying the DP over kinds.
fn walk(
    len: usize,
    sequences: bool,
    kind: usize,
    used: usize,
    dp: &[u8; STATES],
    out: &mut Vec<u64>,
) {
    if kind == len {
        out.push(pack(dp));
        return;
    }
    let can_start = sequences && kind + 2 < len;
    for held in 0..=4.min(MAX_TILES - used) {
        let next = step(dp, held as u8, can_start);
        walk(len, sequences, kind + 1, used + held, &next, out);
    }
}

/// One kind of the DP: choose sequences starting here, a triplet and the pair on this kind.
fn step(dp: &[u8; STATES], held: u8, can_start: bool) -> [u8; STATES] {
    let mut next = [INF; STATES];
    for s1 in 0..5 {
        for s2 in 0..5 - s1 {
            for m in s1 + s2..5 {
                for p in 0..2 {
                    let cost = dp[state(s1, s2, m, p)];
                    if cost == INF {
                        continue;
                    }
                    let max_new = if can_start { 4 - m } else { 0 };
                    for s0 in 0..=max_new {
                        for triplet in 0..=usize::from(m + s0 < 4) {
                            for pair in 0..=(1 - p) {
                                let needed = s1 + s2 + s0 + 3 * triplet + 2 * pair;
                                if needed > 4 {
                                    continue;
                                }
                                let added = cost + (needed as u8).saturating_sub(held);
                                let to = &mut next[state(s0, s1, m + s0 + triplet, p + pair)];
                                *to = (*to).min(added);
                            }
                        }
                    }
                }
            }
        }
    }
    next
}

fn pack(dp: &[u8; STATES]) -> u64 {
    let mut entry = 0;
    for p in 0..2 {
        for m in 0..5 {
            let cost = dp[state(0, 0, m, p)];
            debug_assert!(cost <= 14);
            entry |= u64::from(cost) << (8 * m + 4 * p);
        }
    }
    entry
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_is_lexicographic_and_dense() {
        assert_eq!(SUIT_RANK.rank(&[0; 9]), 0);
        assert_eq!(SUIT_RANK.rank(&[0, 0, 0, 0, 0, 0, 0, 0, 1]), 1);
        assert_eq!(
            SUIT_RANK.rank(&[4, 4, 4, 2, 0, 0, 0, 0, 0]),
            SUIT_RANK.size() - 1
        );
        assert_eq!(
            HONOR_RANK.rank(&[4, 4, 4, 2, 0, 0, 0]),
            HONOR_RANK.size() - 1
        );
    }

    #[test]
    fn committed_tables_round_trip() {
        assert_eq!(SUIT_BYTES.len(), SUIT_RANK.size() * ENTRY_BYTES);
        assert_eq!(HONOR_BYTES.len(), HONOR_RANK.size() * ENTRY_BYTES);
        assert!(
            generate(9, true) == SUIT_BYTES,
            "data/shanten_suit.bin is stale: run gen_tables"
        );
        assert!(
            generate(7, false) == HONOR_BYTES,
            "data/shanten_honor.bin is stale: run gen_tables"
        );
    }

    #[test]
    fn ranks_with_and_without_each_kind_are_the_ranks_of_the_moved_counts() {
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..20_000 {
            let mut counts = [0u8; 9];
            for _ in 0..rng.below(15) {
                let k = rng.below(9) as usize;
                if counts[k] < 4 {
                    counts[k] += 1;
                }
            }
            let held: usize = counts.iter().map(|&c| usize::from(c)).sum();
            let each = SUIT_RANK.ranks_moved(&counts, true);
            let honours = HONOR_RANK.ranks_moved(&counts[..7], true);
            for k in 0..9 {
                let mut more = counts;
                more[k] += 1;
                let grows = counts[k] < 4 && held < MAX_TILES;
                assert_eq!(
                    each[k],
                    grows.then(|| SUIT_RANK.rank(&more)),
                    "{counts:?} +{k}"
                );
                let honour_grows = counts[k] < 4 && counts[..7].iter().sum::<u8>() < 14;
                if k < 7 {
                    let want = honour_grows.then(|| HONOR_RANK.rank(&more[..7]));
                    assert_eq!(honours[k], want, "{:?} +{k}", &counts[..7]);
                }
            }
            let each = SUIT_RANK.ranks_moved(&counts, false);
            let honours = HONOR_RANK.ranks_moved(&counts[..7], false);
            for k in 0..9 {
                let mut less = counts;
                let held = less[k] > 0;
                less[k] = less[k].saturating_sub(1);
                assert_eq!(
                    each[k],
                    held.then(|| SUIT_RANK.rank(&less)),
                    "{counts:?} -{k}"
                );
                if k < 7 {
                    let want = held.then(|| HONOR_RANK.rank(&less[..7]));
                    assert_eq!(honours[k], want, "{:?} -{k}", &counts[..7]);
                }
            }
        }
    }

    #[test]
    fn known_costs() {
        // 123 456 789 + 11: four sets and a pair already there.
        let c = suit_costs(&[3, 1, 1, 1, 1, 1, 1, 1, 3]);
        assert_eq!(c[1][4], 1); // 1112345678999 needs one more tile
        assert_eq!(suit_costs(&[0; 9])[1][4], 14);
        assert_eq!(suit_costs(&[0; 9])[0][0], 0);
        // four of a kind cannot be a pair plus a fifth-copy triplet
        assert_eq!(honor_costs(&[4, 0, 0, 0, 0, 0, 0])[1][1], 2);
    }
}
