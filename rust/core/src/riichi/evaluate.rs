//! Yaku, yakuman and fu of one reading of a winning hand (spec §2 and §3.1).

use crate::decompose::{Reading, Set, Shape, Wait};
use crate::log::Json;
use crate::meld::{Meld, MeldKind};
use crate::riichi::context::WinContext;
use crate::riichi::mjai::pai;
use crate::riichi::rules::{Daisharin, DoubleWindPairFu, Renhou, Ruleset};
use crate::riichi::yaku::{Yaku, Yakuman};
use crate::tile::{EAST, RIICHI_KINDS, WHITE, is_dragon, is_honor, is_terminal, is_yaochuu};
use crate::wind::Wind;

/// The shape of a set in a winning hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// Three consecutive tiles.
    Sequence,
    /// Three of a kind.
    Triplet,
    /// Four of a kind, declared.
    Kan,
}

/// A set of the winning hand with how it was formed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Group {
    /// Sequence, triplet or kan.
    pub kind: GroupKind,
    /// Lowest kind of the set.
    pub first: u8,
    /// Concealed for fu and ankou counting (an ankan, or a concealed set not completed by ron).
    pub concealed: bool,
}

impl Group {
    fn of_meld(meld: &Meld) -> Self {
        let kind = match meld.kind() {
            MeldKind::Chi => GroupKind::Sequence,
            MeldKind::Pon => GroupKind::Triplet,
            MeldKind::Daiminkan | MeldKind::Ankan | MeldKind::Kakan => GroupKind::Kan,
        };
        Self {
            kind,
            first: meld.first_kind(),
            concealed: !meld.is_open(),
        }
    }

    fn is_set_of_three(self) -> bool {
        self.kind != GroupKind::Sequence
    }

    fn has_yaochuu(self) -> bool {
        match self.kind {
            GroupKind::Sequence => is_terminal(self.first) || is_terminal(self.first + 2),
            _ => is_yaochuu(self.first),
        }
    }
}

/// Indices of the set bits of `bits`, ascending.
fn set_bits(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// Sets flags per yaku and per yakuman.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Found {
    /// Bit `y as u32` for each yaku found (dora excluded).
    pub yaku: u64,
    /// Bit `y as u32` for each yakuman found.
    pub yakuman: u32,
}

impl Found {
    fn add(&mut self, yaku: Yaku) {
        self.yaku |= 1 << yaku as u32;
    }

    fn add_yakuman(&mut self, yakuman: Yakuman) {
        self.yakuman |= 1 << yakuman as u32;
    }

    /// Whether `yaku` was found.
    pub fn has(&self, yaku: Yaku) -> bool {
        self.yaku & (1 << yaku as u32) != 0
    }

    /// The yaku found, in listing order.
    pub fn yaku_list(&self) -> impl Iterator<Item = Yaku> + '_ {
        set_bits(self.yaku).map(|i| Yaku::ALL[i])
    }

    /// The yakuman found, in listing order.
    pub fn yakuman_list(&self) -> impl Iterator<Item = Yakuman> + '_ {
        set_bits(u64::from(self.yakuman)).map(|i| Yakuman::ALL[i])
    }
}

/// What every reading of one hand shares: its tiles and its melds.
#[derive(Debug, Clone, Copy)]
pub struct HandFacts {
    /// All tiles of the hand, melds included (a kan counts four).
    counts: [u8; RIICHI_KINDS],
    /// Bit `k` set when kind `k` is in the hand.
    present: u64,
    melds: [Group; 4],
    meld_count: usize,
    closed: bool,
    kans: usize,
}

impl HandFacts {
    /// Facts of a hand holding `counts` in all (melds included) with these `melds`.
    pub fn new(counts: &[u8; RIICHI_KINDS], melds: &[Meld]) -> Self {
        let mut groups = [Group {
            kind: GroupKind::Sequence,
            first: 0,
            concealed: true,
        }; 4];
        for (slot, meld) in groups.iter_mut().zip(melds) {
            *slot = Group::of_meld(meld);
        }
        let present = (0..RIICHI_KINDS)
            .filter(|&k| counts[k] > 0)
            .fold(0u64, |m, k| m | 1 << k);
        Self {
            counts: *counts,
            present,
            melds: groups,
            meld_count: melds.len().min(4),
            closed: melds.iter().all(|m| !m.is_open()),
            kans: melds.iter().filter(|m| m.kind().is_kan()).count(),
        }
    }

    /// The kinds in the hand, ascending.
    fn kinds_present(&self) -> impl Iterator<Item = u8> + '_ {
        let mut bits = self.present;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let kind = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                kind
            })
        })
    }
}

/// One reading of a winning hand, with the melds merged in.
#[derive(Debug, Clone, Copy)]
pub struct Arrangement<'a> {
    /// The decomposition reading it comes from.
    pub reading: Reading,
    hand: &'a HandFacts,
    /// Melds and concealed sets (standard readings only).
    groups: [Group; 4],
    group_count: usize,
}

impl<'a> Arrangement<'a> {
    /// Merges the hand's melds with `reading`.
    pub fn new(reading: Reading, hand: &'a HandFacts, tsumo: bool) -> Self {
        let mut groups = hand.melds;
        let mut n = hand.meld_count;
        for (i, set) in reading.decomposition.sets().iter().enumerate() {
            groups[n] = match *set {
                Set::Sequence(first) => Group {
                    kind: GroupKind::Sequence,
                    first,
                    concealed: true,
                },
                Set::Triplet(first) => {
                    let by_ron = !tsumo && reading.win_set == Some(i as u8);
                    Group {
                        kind: GroupKind::Triplet,
                        first,
                        concealed: !by_ron,
                    }
                }
            };
            n += 1;
        }
        Self {
            reading,
            hand,
            groups,
            group_count: n,
        }
    }

    /// The sets (empty for chiitoitsu and kokushi).
    pub fn groups(&self) -> &[Group] {
        &self.groups[..self.group_count]
    }

    /// Whether no meld opened the hand.
    pub fn closed(&self) -> bool {
        self.hand.closed
    }

    fn shape(&self) -> Shape {
        self.reading.decomposition.shape
    }

    fn pair(&self) -> u8 {
        self.reading.decomposition.pair
    }

    fn kinds_present(&self) -> impl Iterator<Item = u8> + '_ {
        self.hand.kinds_present()
    }

    fn all_tiles(&self, test: impl Fn(u8) -> bool) -> bool {
        self.kinds_present().all(test)
    }

    /// Suits present among suited tiles (bit per suit) and whether honours are present.
    fn suits(&self) -> (u8, bool) {
        let present = self.hand.present;
        let suit = |s: u32| u8::from(present >> (9 * s) & 0x1FF != 0) << s;
        (suit(0) | suit(1) | suit(2), present >> EAST != 0)
    }

    /// First kinds of the sequences and kinds of the triplets and kans.
    fn sequences_and_triplets(&self) -> (Firsts, Firsts) {
        let (mut sequences, mut triplets) = (Firsts::default(), Firsts::default());
        for g in self.groups() {
            if g.kind == GroupKind::Sequence {
                sequences.push(g.first)
            } else {
                triplets.push(g.first)
            }
        }
        (sequences, triplets)
    }

    fn concealed_triplets(&self) -> usize {
        self.groups()
            .iter()
            .filter(|g| g.is_set_of_three() && g.concealed)
            .count()
    }
}

/// Up to four kinds (the first kinds of sets).
#[derive(Debug, Clone, Copy, Default)]
struct Firsts {
    kinds: [u8; 4],
    len: usize,
}

impl Firsts {
    fn push(&mut self, kind: u8) {
        self.kinds[self.len] = kind;
        self.len += 1;
    }

    fn as_slice(&self) -> &[u8] {
        &self.kinds[..self.len]
    }

    fn contains(&self, kind: u8) -> bool {
        self.as_slice().contains(&kind)
    }
}

/// Everything the hand earns in this reading: situational yaku, shape yaku and yakuman.
pub fn find(arr: &Arrangement, ctx: &WinContext, rules: &Ruleset) -> Found {
    let mut found = Found::default();
    yakuman(arr, ctx, rules, &mut found);
    situational(arr, ctx, rules, &mut found);
    match arr.shape() {
        Shape::Kokushi => {}
        Shape::Chiitoitsu => {
            found.add(Yaku::Chiitoitsu);
            tile_yaku(arr, rules, &mut found);
        }
        Shape::Standard => {
            tile_yaku(arr, rules, &mut found);
            set_yaku(arr, ctx, rules, &mut found);
        }
    }
    found
}

fn situational(arr: &Arrangement, ctx: &WinContext, rules: &Ruleset, found: &mut Found) {
    let open_riichi = ctx.open_riichi && rules.open_riichi;
    match (ctx.double_riichi, ctx.riichi, open_riichi) {
        (true, _, true) => found.add(Yaku::DoubleOpenRiichi),
        (true, _, false) => found.add(Yaku::DoubleRiichi),
        (false, true, true) => found.add(Yaku::OpenRiichi),
        (false, true, false) => found.add(Yaku::Riichi),
        _ => {}
    }
    let flags = [
        (ctx.ippatsu, Yaku::Ippatsu),
        (ctx.tsumo && arr.closed(), Yaku::MenzenTsumo),
        (ctx.rinshan, Yaku::Rinshan),
        (ctx.chankan, Yaku::Chankan),
        (ctx.haitei, Yaku::Haitei),
        (ctx.houtei, Yaku::Houtei),
        (
            ctx.renhou && matches!(rules.renhou, Renhou::ManganYaku | Renhou::ManganFlat),
            Yaku::Renhou,
        ),
    ];
    for (present, yaku) in flags {
        if present {
            found.add(yaku);
        }
    }
}

/// Yaku that depend only on which tiles the hand holds.
fn tile_yaku(arr: &Arrangement, rules: &Ruleset, found: &mut Found) {
    if (arr.closed() || rules.open_tanyao) && arr.all_tiles(|k| !is_yaochuu(k)) {
        found.add(Yaku::Tanyao);
    }
    let (suits, honors) = arr.suits();
    if suits.count_ones() == 1 {
        found.add(if honors {
            Yaku::Honitsu
        } else {
            Yaku::Chinitsu
        });
    }
    if arr.all_tiles(is_yaochuu) && arr.kinds_present().any(is_terminal) && honors {
        found.add(Yaku::Honroutou);
    }
}

/// Yaku that depend on the sets of a standard reading.
fn set_yaku(arr: &Arrangement, ctx: &WinContext, rules: &Ruleset, found: &mut Found) {
    let groups = arr.groups();
    let pair = arr.pair();
    let (sequences, triplets) = arr.sequences_and_triplets();
    for &kind in triplets.as_slice() {
        if is_dragon(kind) {
            found.add(Yaku::dragon(kind));
        }
        if is_value_north(kind, rules) {
            found.add(Yaku::SeatNorth);
        }
        if kind == ctx.seat_wind.tile_kind() {
            found.add(Yaku::seat_wind(ctx.seat_wind));
        }
        if kind == ctx.round_wind.tile_kind() {
            found.add(Yaku::round_wind(ctx.round_wind));
        }
    }
    if arr.closed()
        && sequences.len == 4
        && !is_value_pair(pair, ctx)
        && !is_value_north(pair, rules)
        && arr.reading.wait == Wait::Ryanmen
    {
        found.add(Yaku::Pinfu);
    }
    if arr.closed() {
        match identical_sequence_pairs(sequences) {
            2 => found.add(Yaku::Ryanpeikou),
            1 => found.add(Yaku::Iipeikou),
            _ => {}
        }
    }
    if (0..7).any(|n| (0..3).all(|s| sequences.contains(s * 9 + n))) {
        found.add(Yaku::SanshokuDoujun);
    }
    if (0..3).any(|s| [0, 3, 6].iter().all(|n| sequences.contains(s * 9 + n))) {
        found.add(Yaku::Ittsu);
    }
    if (0..9).any(|n| (0..3).all(|s| triplets.contains(s * 9 + n))) {
        found.add(Yaku::SanshokuDoukou);
    }
    if triplets.len == 4 {
        found.add(Yaku::Toitoi);
    }
    if arr.concealed_triplets() == 3 {
        found.add(Yaku::Sanankou);
    }
    if arr.hand.kans == 3 {
        found.add(Yaku::Sankantsu);
    }
    if triplets
        .as_slice()
        .iter()
        .filter(|&&k| is_dragon(k))
        .count()
        == 2
        && is_dragon(pair)
    {
        found.add(Yaku::Shousangen);
    }
    let outside = groups.iter().all(|g| g.has_yaochuu()) && is_yaochuu(pair);
    if outside && sequences.len > 0 {
        let honors = is_honor(pair) || triplets.as_slice().iter().any(|&k| is_honor(k));
        found.add(if honors { Yaku::Chanta } else { Yaku::Junchan });
    }
}

/// Whether `kind` is North as a value tile of every seat: three players with `north_yakuhai`
/// (T17.11; a North triplet then scores as a North seat wind).
fn is_value_north(kind: u8, rules: &Ruleset) -> bool {
    rules.north_yakuhai && rules.player_count() == 3 && kind == Wind::North.tile_kind()
}

/// Dragons, the seat wind and the round wind make a pair worth fu (and deny pinfu).
fn is_value_pair(pair: u8, ctx: &WinContext) -> bool {
    is_dragon(pair) || pair == ctx.seat_wind.tile_kind() || pair == ctx.round_wind.tile_kind()
}

/// Pairs of identical sequences: 2 for ryanpeikou (four of one counts as two pairs).
fn identical_sequence_pairs(sequences: Firsts) -> usize {
    let mut sorted = sequences.kinds;
    let sorted = &mut sorted[..sequences.len];
    sorted.sort_unstable();
    let mut pairs = 0;
    let mut i = 0;
    while i + 1 < sorted.len() {
        if sorted[i] == sorted[i + 1] {
            pairs += 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    pairs
}

fn yakuman(arr: &Arrangement, ctx: &WinContext, rules: &Ruleset, found: &mut Found) {
    let flags = [
        (ctx.tenhou, Yakuman::Tenhou),
        (ctx.chiihou, Yakuman::Chiihou),
        (
            ctx.renhou && rules.renhou == Renhou::Yakuman,
            Yakuman::Renhou,
        ),
    ];
    for (present, yakuman) in flags {
        if present {
            found.add_yakuman(yakuman);
        }
    }
    let all_honors = arr.all_tiles(is_honor);
    match arr.shape() {
        Shape::Kokushi => found.add_yakuman(if arr.reading.wait == Wait::Kokushi13 {
            Yakuman::Kokushi13
        } else {
            Yakuman::Kokushi
        }),
        Shape::Chiitoitsu => {
            if all_honors {
                found.add_yakuman(if rules.daichisei {
                    Yakuman::Daichisei
                } else {
                    Yakuman::Tsuuiisou
                });
            }
            if is_daisharin(arr, rules.daisharin) {
                found.add_yakuman(Yakuman::Daisharin);
            }
        }
        Shape::Standard => standard_yakuman(arr, rules, all_honors, found),
    }
}

fn is_daisharin(arr: &Arrangement, option: Daisharin) -> bool {
    let suits: &[u8] = match option {
        Daisharin::Off => return false,
        Daisharin::On => &[1],
        Daisharin::AllSuits => &[0, 1, 2],
    };
    suits
        .iter()
        .any(|&s| (1..8).all(|n| arr.hand.counts[usize::from(s * 9 + n)] == 2))
}

fn standard_yakuman(arr: &Arrangement, rules: &Ruleset, all_honors: bool, found: &mut Found) {
    let pair = arr.pair();
    let (_, triplets) = arr.sequences_and_triplets();
    let triplets = triplets.as_slice();
    if arr.concealed_triplets() == 4 {
        found.add_yakuman(if arr.reading.wait == Wait::Tanki {
            Yakuman::SuuankouTanki
        } else {
            Yakuman::Suuankou
        });
    }
    if triplets.iter().filter(|&&k| is_dragon(k)).count() == 3 {
        found.add_yakuman(Yakuman::Daisangen);
    }
    let winds = triplets
        .iter()
        .filter(|&&k| (EAST..WHITE).contains(&k))
        .count();
    if winds == 4 {
        found.add_yakuman(Yakuman::Daisuushii);
    } else if winds == 3 && (EAST..WHITE).contains(&pair) {
        found.add_yakuman(Yakuman::Shousuushii);
    }
    if all_honors {
        found.add_yakuman(Yakuman::Tsuuiisou);
    }
    if arr.all_tiles(is_terminal) {
        found.add_yakuman(Yakuman::Chinroutou);
    }
    const GREEN: [u8; 6] = [19, 20, 21, 23, 25, 32];
    let has_hatsu = arr.hand.counts[32] > 0;
    if arr.all_tiles(|k| GREEN.contains(&k)) && (has_hatsu || !rules.ryuuiisou_requires_hatsu) {
        found.add_yakuman(Yakuman::Ryuuiisou);
    }
    if let Some(junsei) = chuuren(arr) {
        found.add_yakuman(if junsei {
            Yakuman::JunseiChuuren
        } else {
            Yakuman::Chuuren
        });
    }
    if arr.hand.kans == 4 {
        found.add_yakuman(Yakuman::Suukantsu);
    }
}

/// Nine gates: closed, no kan, one suit holding 1112345678999 plus one tile. `Some(true)` when
/// the winning tile is that extra tile (the nine-sided junsei form).
fn chuuren(arr: &Arrangement) -> Option<bool> {
    if !arr.closed() || arr.hand.kans > 0 {
        return None;
    }
    let first = arr.kinds_present().next()?;
    let base = first - first % 9;
    if first >= EAST || arr.kinds_present().any(|k| k < base || k >= base + 9) {
        return None;
    }
    const GATES: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    let suit = &arr.hand.counts[usize::from(base)..usize::from(base) + 9];
    if suit.iter().zip(GATES).any(|(&have, need)| have < need) {
        return None;
    }
    let win = usize::from(arr.reading.win - base);
    Some(suit[win] == GATES[win] + 1)
}

/// Han of one yaku in a closed or open hand (renhou as a flat mangan adds none).
pub fn han_of(yaku: Yaku, closed: bool, rules: &Ruleset) -> u8 {
    match yaku {
        Yaku::Renhou if rules.renhou == Renhou::ManganFlat => 0,
        y if closed => y.han().0,
        y => y.han().1,
    }
}

/// Han of the yaku in `found` (dora excluded).
pub fn yaku_han(found: &Found, closed: bool, rules: &Ruleset) -> u8 {
    found.yaku_list().map(|y| han_of(y, closed, rules)).sum()
}

/// Units one yakuman is worth under the rules: 2 for a double form when `double_yakuman` is
/// on (daichisei always), otherwise 1. The only place this rule is written.
pub fn units_of(yakuman: Yakuman, rules: &Ruleset) -> u8 {
    match yakuman {
        Yakuman::Daichisei => 2,
        y if rules.double_yakuman => y.double_units(),
        _ => 1,
    }
}

/// Yakuman units of `found` under the rules (stacking and the cap applied).
pub fn yakuman_units(found: &Found, rules: &Ruleset) -> u8 {
    let units = found.yakuman_list().map(|y| units_of(y, rules));
    let total = if rules.yakuman_stacking {
        units.sum()
    } else {
        units.max().unwrap_or(0)
    };
    rules
        .yakuman_cap_units
        .map_or(total, |cap| total.min(cap.get()))
}

/// One line of a fu calculation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FuPart {
    /// Every hand's 20 (futei).
    Base,
    /// Seven pairs: a flat 25.
    Chiitoitsu,
    /// A closed hand won by ron.
    MenzenRon,
    /// Won by self-draw.
    Tsumo,
    /// The wait shape of the reading.
    Wait(Wait),
    /// A pair of this kind.
    Pair(u8),
    /// A triplet or kan.
    Set(Group),
    /// An open hand at 20 fu raised to 30 for a ron.
    OpenPinfu,
}

impl FuPart {
    /// Its catalogue key (`fu.*`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Base => "fu.base",
            Self::Chiitoitsu => "fu.chiitoitsu",
            Self::MenzenRon => "fu.menzen_ron",
            Self::Tsumo => "fu.tsumo",
            Self::Wait(_) => "fu.wait",
            Self::Pair(_) => "fu.pair",
            Self::Set(g) => match (g.kind == GroupKind::Kan, g.concealed) {
                (false, false) => "fu.triplet_open",
                (false, true) => "fu.triplet_concealed",
                (true, false) => "fu.kan_open",
                (true, true) => "fu.kan_concealed",
            },
            Self::OpenPinfu => "fu.open_pinfu",
        }
    }

    /// Its parameters: the wait's name, or the pair's or set's tile (mjai name).
    pub fn params(self) -> Vec<(&'static str, Json)> {
        match self {
            Self::Wait(w) => vec![("wait", w.name().into())],
            Self::Pair(kind) => vec![("tile", pai(kind, false).into())],
            Self::Set(g) => vec![("tile", pai(g.first, false).into())],
            _ => Vec::new(),
        }
    }
}

crate::catalogue_part! {
    /// The lines of a fu calculation in words (keys `fu.*`, [`FuPart::key`]).
    FU: [
        "fu.base" () => "base",
        "fu.chiitoitsu" () => "seven pairs",
        "fu.menzen_ron" () => "closed hand won by ron",
        "fu.tsumo" () => "self-draw",
        "fu.wait" (wait: "wait") => "{wait} wait",
        "fu.pair" (tile: "tile") => "pair of {tile}",
        "fu.triplet_open" (tile: "tile") => "open triplet of {tile}",
        "fu.triplet_concealed" (tile: "tile") => "concealed triplet of {tile}",
        "fu.kan_open" (tile: "tile") => "open kan of {tile}",
        "fu.kan_concealed" (tile: "tile") => "concealed kan of {tile}",
        "fu.open_pinfu" () => "open hand raised to 30",
    ]
}

crate::catalogue_part! {
    /// The wait shapes in words (keys `wait.*`, by [`Wait::name`]).
    WAITS: [
        "wait.ryanmen" () => "two-sided",
        "wait.kanchan" () => "closed (kanchan)",
        "wait.penchan" () => "edge (penchan)",
        "wait.shanpon" () => "two pairs (shanpon)",
        "wait.tanki" () => "single (tanki)",
        "wait.kokushi" () => "kokushi",
        "wait.kokushi13" () => "thirteen-sided kokushi",
    ]
}

/// Fu lines of a reading, at most ten.
#[derive(Debug, Clone, Copy, Default)]
pub struct FuParts {
    parts: [Option<(FuPart, u8)>; 10],
    len: usize,
}

impl FuParts {
    fn push(&mut self, part: FuPart, fu: u8) {
        self.parts[self.len] = Some((part, fu));
        self.len += 1;
    }

    /// The lines with their fu.
    pub fn iter(&self) -> impl Iterator<Item = (FuPart, u8)> + '_ {
        self.parts[..self.len].iter().flatten().copied()
    }

    /// The sum before rounding.
    pub fn raw(&self) -> u32 {
        self.iter().map(|(_, f)| u32::from(f)).sum()
    }

    /// The fu of the hand: chiitoitsu exactly 25, otherwise rounded up to a multiple of 10.
    pub fn total(&self) -> u8 {
        let raw = self.raw();
        let fu = if self.iter().any(|(p, _)| p == FuPart::Chiitoitsu) {
            raw
        } else {
            raw.div_ceil(10) * 10
        };
        u8::try_from(fu).unwrap_or(u8::MAX)
    }
}

/// Fu of a reading (F1–F10). `pinfu` says whether the reading scores pinfu.
pub fn fu(arr: &Arrangement, ctx: &WinContext, rules: &Ruleset, pinfu: bool) -> FuParts {
    let mut parts = FuParts::default();
    match arr.shape() {
        Shape::Chiitoitsu => {
            parts.push(FuPart::Chiitoitsu, 25);
            return parts;
        }
        Shape::Kokushi => return parts,
        Shape::Standard => {}
    }
    parts.push(FuPart::Base, 20);
    if arr.closed() && !ctx.tsumo {
        parts.push(FuPart::MenzenRon, 10);
    }
    if ctx.tsumo && (!pinfu || rules.pinfu_tsumo_fu) {
        parts.push(FuPart::Tsumo, 2);
    }
    let wait = arr.reading.wait;
    if matches!(wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
        parts.push(FuPart::Wait(wait), 2);
    }
    let pair = arr.pair();
    let winds = u8::from(pair == ctx.seat_wind.tile_kind() || is_value_north(pair, rules))
        + u8::from(pair == ctx.round_wind.tile_kind());
    let pair_fu = match (is_dragon(pair), winds) {
        (true, _) => 2,
        (false, 2) if rules.double_wind_pair_fu == DoubleWindPairFu::Four => 4,
        (false, 0) => 0,
        _ => 2,
    };
    if pair_fu > 0 {
        parts.push(FuPart::Pair(pair), pair_fu);
    }
    for &group in arr.groups() {
        let fu = match group.kind {
            GroupKind::Sequence => 0,
            GroupKind::Triplet => 2,
            GroupKind::Kan => 8,
        } * if group.concealed { 2 } else { 1 }
            * if is_yaochuu(group.first) { 2 } else { 1 };
        if fu > 0 {
            parts.push(FuPart::Set(group), fu);
        }
    }
    if !arr.closed() && !ctx.tsumo && parts.raw() == 20 && rules.open_pinfu_30 {
        parts.push(FuPart::OpenPinfu, 10);
    }
    parts
}
