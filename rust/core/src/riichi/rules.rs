//! [`Ruleset`]: every option of the rules spec (§4) with the six four-player presets, and the
//! two three-player presets derived from them (sanma spec section 4).
//!
//! One struct holds scoring and play options alike, so the game engine needs no second
//! config. The seat count is an option (`players`, 3 or 4): the engine, scoring and logs read
//! it where a rule depends on it. Options are read and written by name ([`Ruleset::get`], [`Ruleset::set`]) for the
//! Python layer, dicts and TOML; an unknown name or value is an error that lists what is valid.

use std::num::NonZeroU8;

use crate::error::{Error, Result};
use crate::options::{MAX_POINTS, OptionType, Value, choice, option_table};
use crate::tile::RIICHI_KINDS;

/// The named presets, in the column order of the spec's §4 table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// The project's seed: one deal, East round, dealer seat 0.
    Seed,
    /// tenhou.net ranked lobby (red fives, open tanyao).
    Tenhou,
    /// Mahjong Soul 4-player ranked rooms.
    MahjongSoul,
    /// World Riichi Championship rules (2015).
    Wrc,
    /// EMA Riichi Competition Rules 2016.
    Ema,
    /// M-League.
    MLeague,
    /// tenhou.net three-player ranked lobby: `tenhou` with the sanma options (T-spec §4).
    TenhouSanma,
    /// Mahjong Soul three-player ranked rooms: `mahjongsoul` with the sanma options.
    MahjongSoulSanma,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Self; 8] = [
        Self::Seed,
        Self::Tenhou,
        Self::MahjongSoul,
        Self::Wrc,
        Self::Ema,
        Self::MLeague,
        Self::TenhouSanma,
        Self::MahjongSoulSanma,
    ];

    /// The preset's name in the API.
    pub fn name(self) -> &'static str {
        match self {
            Self::Seed => "seed",
            Self::Tenhou => "tenhou",
            Self::MahjongSoul => "mahjongsoul",
            Self::Wrc => "wrc",
            Self::Ema => "ema",
            Self::MLeague => "mleague",
            Self::TenhouSanma => "tenhou-sanma",
            Self::MahjongSoulSanma => "mahjongsoul-sanma",
        }
    }

    /// Parses a preset name.
    pub fn parse(name: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| {
                let names: Vec<_> = Self::ALL.iter().map(|p| p.name()).collect();
                Error::rule(format!(
                    "unknown preset {name:?} (expected one of {})",
                    names.join(", ")
                ))
            })
    }
}

choice!(/// How long a game lasts.
    GameLength: str { OneDeal = "one_deal", Tonpuusen = "tonpuusen", Hanchan = "hanchan" });
choice!(/// Sudden-death extension after the last scheduled hand.
    Extension: str { None = "none", NextWindRound = "next_wind_round" });
choice!(/// When a game ends because a player's score dropped.
    Busting: str { Off = "off", BelowZero = "below_zero" });
choice!(/// Agari-yame / tenpai-yame in the final hand.
    Yame: str { Off = "off", Optional = "optional", Automatic = "automatic" });
choice!(/// Where riichi deposits left at the end of the game go.
    LeftoverDeposits: str { ToFirst = "to_first", Returned = "returned", Lost = "lost" });
choice!(/// Red fives per suit.
    RedFives: int { Zero = 0, One = 1 });
choice!(/// Swap-calling (kuikae) restriction.
Kuikae: str {
    ForbiddenInclSuji = "forbidden_incl_suji",
    ForbiddenSameOnly = "forbidden_same_only",
    Allowed = "allowed",
});
choice!(/// What a non-yakuman hand of 13 or more han is worth.
    Kazoe: str { Yakuman = "yakuman", Sanbaiman = "sanbaiman" });
choice!(/// How many players may win on one discard.
    MultiRon: str { HeadBump = "head_bump", Double = "double", Triple = "triple" });
choice!(/// Three rons on one discard under `multi_ron = double`.
    Sanchahou: str { Abort = "abort", TwoNearest = "two_nearest" });
choice!(/// Who takes the deposits after a multiple ron.
    MultiRonSticks: str { NearestTakesAll = "nearest_takes_all", WinnersReclaim = "winners_reclaim" });
choice!(/// Who takes the honba after a multiple ron.
    MultiRonHonba: str { Nearest = "nearest", Each = "each" });
choice!(/// Whether the dealer keeps the deal after a multiple ron.
MultiRonRenchan: str {
    DealerAmongWinners = "dealer_among_winners",
    DealerNearestOnly = "dealer_nearest_only",
});
choice!(/// When a kan reveals its dora indicator.
    KanDoraTiming: str { Immediate = "immediate", Tenhou = "tenhou", AfterDiscard = "after_discard" });
choice!(/// What renhou is worth.
Renhou: str {
    Off = "off",
    ManganYaku = "mangan_yaku",
    ManganFlat = "mangan_flat",
    Yakuman = "yakuman",
});
choice!(/// Live tiles needed to declare riichi.
    MinLiveTiles: int { Zero = 0, One = 1, Three = 3, Four = 4 });
choice!(/// Which concealed kans a riichi player may declare.
RiichiAnkan: str {
    None = "none",
    SameWaits = "same_waits",
    SameWaitsAndShape = "same_waits_and_shape",
});
choice!(/// Whether a riichi without tenpai can happen.
    NotenRiichi: str { Impossible = "impossible", Chombo = "chombo" });
choice!(/// A hand waiting only on a tile it holds all four of.
    Karaten: str { Noten = "noten", Tenpai = "tenpai" });
choice!(/// Fu of a pair of a wind that is both seat and round wind.
    DoubleWindPairFu: int { Two = 2, Four = 4 });
choice!(/// Who pays the honba on a pao win.
    PaoHonba: str { Liable = "liable", Discarder = "discarder" });
choice!(/// What the liable player pays for when the hand has several yakuman.
    PaoScope: str { WholeHand = "whole_hand", ThatYakumanOnly = "that_yakuman_only" });
choice!(/// What starts temporary furiten.
    TempFuritenTrigger: str { AnyWaitTile = "any_wait_tile", LegalRonOnly = "legal_ron_only" });
choice!(/// What ends temporary furiten.
    TempFuritenEnd: str { OwnNextTile = "own_next_tile", AnyCallToo = "any_call_too" });
choice!(/// Minimum yaku han (ryanhan shibari applies at 5 or more honba).
    MinHan: int { One = 1, Two = 2 });
choice!(/// Which tile is the winning tile of a tenhou.
    TenhouWinTile: str { LastDealt = "last_dealt", Best = "best" });
choice!(/// Daisharin (seven pairs 2-8 of one suit) as a yakuman.
    Daisharin: str { Off = "off", On = "on", AllSuits = "all_suits" });
choice!(/// The number of players (T1.1): four, or three (sanma).
    Players: int { Four = 4, Three = 3 });
choice!(/// How final points are rounded (TP6).
    FinalPointsRounding: str { None = "none", ThousandHalfAway = "thousand_half_away" });
choice!(/// What a three-player tsumo's two payers pay (T16.2).
    TsumoSplit: str { TsumoLoss = "tsumo_loss", NorthBisection = "north_bisection" });
choice!(/// What a player liable for a yakuman won by tsumo pays (T15.2).
    PaoTsumoAmount: str { TsumoTotal = "tsumo_total", RonValue = "ron_value" });
choice!(/// Which hands may ron a kita tile (T17.7).
    KitaRon: str { AnyHand = "any_hand", YakumanOnly = "yakuman_only", Off = "off" });
choice!(/// Which Norths a riichi player may pull (T17.3).
    KitaInRiichi: str { DrawnOnly = "drawn_only", Any = "any", Off = "off" });
choice!(/// The length of the seat arrays of a three-player mjai log (TL1.3).
    MjaiSanmaLayout: str { Native = "native", Padded4 = "padded4" });
choice!(/// The mjai event name of a kita (TL1.4).
    MjaiKitaEvent: str { Nukidora = "nukidora", Kita = "kita" });

/// Placement points (uma) for 1st, 2nd, ..., one per player: three or four integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Uma {
    values: [i32; 4],
    len: usize,
}

impl Uma {
    /// Placement points for the ranks in order (as many as there are players).
    pub const fn new(values: [i32; 4], len: usize) -> Self {
        Self { values, len }
    }

    /// The points of each rank, first to last.
    pub fn ranks(&self) -> &[i32] {
        &self.values[..self.len]
    }
}

impl OptionType for Uma {
    fn to_value(&self) -> Value {
        Value::List(
            self.ranks()
                .iter()
                .map(|&v| Value::Int(i64::from(v)))
                .collect(),
        )
    }
    fn from_value(value: &Value) -> Option<Self> {
        let Value::List(items) = value else {
            return None;
        };
        if !(3..=4).contains(&items.len()) {
            return None;
        }
        let mut values = [0; 4];
        for (slot, item) in values.iter_mut().zip(items) {
            *slot = match item {
                Value::Int(i) => i32::try_from(*i)
                    .ok()
                    .filter(|v| v.unsigned_abs() <= MAX_POINTS)?,
                _ => return None,
            };
        }
        Some(Self::new(values, items.len()))
    }
    fn allowed() -> String {
        format!(
            "a list of integers from -{MAX_POINTS} to {MAX_POINTS}, one per player (first to \
             last)"
        )
    }
}

/// The yakuman that make a feeding player liable (pao), as a bit set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PaoSet(u8);

impl PaoSet {
    const NAMES: [&'static str; 3] = ["daisangen", "daisuushii", "suukantsu"];
    /// Big three dragons.
    pub const DAISANGEN: Self = Self(1);
    /// Big four winds.
    pub const DAISUUSHII: Self = Self(2);
    /// Four kans.
    pub const SUUKANTSU: Self = Self(4);

    /// Whether every member of `other` is in the set.
    pub fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }
}

impl OptionType for PaoSet {
    fn to_value(&self) -> Value {
        let names = Self::NAMES
            .iter()
            .enumerate()
            .filter(|(i, _)| self.0 & (1 << i) != 0);
        Value::List(names.map(|(_, n)| Value::Str((*n).to_owned())).collect())
    }
    fn from_value(value: &Value) -> Option<Self> {
        let Value::List(items) = value else {
            return None;
        };
        let mut bits = 0;
        for item in items {
            let Value::Str(name) = item else { return None };
            bits |= 1 << Self::NAMES.iter().position(|n| n == name)?;
        }
        Some(Self(bits))
    }
    fn allowed() -> String {
        "a list drawn from \"daisangen\", \"daisuushii\", \"suukantsu\"".to_owned()
    }
}

const NONE_UMA: Uma = Uma::new([0; 4], 4);
const fn uma(values: [i32; 4]) -> Uma {
    Uma::new(values, 4)
}
const PAO: PaoSet = PaoSet(PaoSet::DAISANGEN.0 | PaoSet::DAISUUSHII.0);
use GameLength::{Hanchan, OneDeal};
use Kazoe::{Sanbaiman, Yakuman};

option_table! {
    /// Every rule option (spec §4). Build one with [`Ruleset::preset`] and change it with
    /// [`Ruleset::set`]; the fields are read directly by scoring and the game engine.
    pub struct Ruleset for Preset, "rule" {
    /// The number of players: 4, or 3 for three-player mahjong (sanma, T1.1).
    players: Players = [Players::Four, Players::Four, Players::Four, Players::Four, Players::Four,
        Players::Four],
    /// one_deal, tonpuusen or hanchan.
    game_length: GameLength = [OneDeal, Hanchan, Hanchan, Hanchan, Hanchan, Hanchan],
    /// Points each player starts with.
    start_points: u32 = [25_000, 25_000, 25_000, 30_000, 30_000, 25_000],
    /// Points a player needs for the game to end after the last scheduled hand.
    target_points: u32 = [30_000, 30_000, 30_000, 30_000, 30_000, 30_000],
    /// Sudden-death extension (R16.4).
    extension: Extension = [Extension::None, Extension::NextWindRound, Extension::NextWindRound,
        Extension::None, Extension::None, Extension::None],
    /// Game ends when a score drops below zero (R16.4).
    busting: Busting = [Busting::Off, Busting::BelowZero, Busting::BelowZero, Busting::Off,
        Busting::Off, Busting::Off],
    /// Final-hand dealer who wins in first place ends the game.
    agariyame: Yame = [Yame::Off, Yame::Automatic, Yame::Automatic, Yame::Off, Yame::Off, Yame::Off],
    /// Final-hand dealer who is tenpai in first place ends the game.
    tenpaiyame: Yame = [Yame::Off, Yame::Automatic, Yame::Automatic, Yame::Off, Yame::Off, Yame::Off],
    /// Bonus for first place, in points.
    oka: u32 = [0, 20_000, 0, 0, 0, 20_000],
    /// Placement points for 1st, 2nd, ..., one per player, in points.
    uma: Uma = [NONE_UMA, uma([20_000, 10_000, -10_000, -20_000]), NONE_UMA,
        uma([15_000, 5_000, -5_000, -15_000]), uma([15_000, 5_000, -5_000, -15_000]),
        uma([30_000, 10_000, -10_000, -30_000])],
    /// Final scores rounded to a whole 1,000 (halves away from zero), the first taking the
    /// rest (TP6).
    final_points_rounding: FinalPointsRounding = [FinalPointsRounding::None,
        FinalPointsRounding::None, FinalPointsRounding::None, FinalPointsRounding::None,
        FinalPointsRounding::None, FinalPointsRounding::None],
    /// Riichi deposits left at the end of the game (R13.5).
    leftover_deposits: LeftoverDeposits = [LeftoverDeposits::Returned, LeftoverDeposits::ToFirst,
        LeftoverDeposits::ToFirst, LeftoverDeposits::Lost, LeftoverDeposits::ToFirst,
        LeftoverDeposits::ToFirst],
    /// Red fives per suit (R1.3).
    red_fives: RedFives = [RedFives::One, RedFives::One, RedFives::One, RedFives::Zero,
        RedFives::Zero, RedFives::One],
    /// Tanyao counts in an open hand (kuitan).
    open_tanyao: bool = [true, true, true, true, true, true],
    /// Swap-calling restriction (R4.5).
    kuikae: Kuikae = [Kuikae::ForbiddenInclSuji, Kuikae::ForbiddenInclSuji, Kuikae::ForbiddenInclSuji, Kuikae::ForbiddenInclSuji, Kuikae::ForbiddenInclSuji, Kuikae::ForbiddenInclSuji],
    /// Kokushi 13-wait, suuankou tanki, junsei chuuren and daisuushii are double yakuman.
    double_yakuman: bool = [false, false, true, false, false, false],
    /// Different yakuman in one hand add up (YR2).
    yakuman_stacking: bool = [true, true, true, true, false, true],
    /// Most yakuman units a hand can be worth, or none.
    yakuman_cap_units: Option<NonZeroU8> = [None, None, None, None, None, None],
    /// A non-yakuman hand of 13+ han: yakuman or sanbaiman (YR3).
    kazoe: Kazoe = [Yakuman, Yakuman, Yakuman, Sanbaiman, Sanbaiman, Sanbaiman],
    /// 4 han 30 fu and 3 han 60 fu round up to mangan (P3).
    kiriage: bool = [false, false, false, true, false, true],
    /// Nagashi mangan at an exhaustive draw (R13.6).
    nagashi_mangan: bool = [false, true, true, false, false, true],
    /// Nagashi mangan requires the player to have made no calls.
    nagashi_requires_closed: bool = [false, false, false, false, false, false],
    /// Nagashi mangan adds honba to its payment.
    nagashi_honba: bool = [false, false, false, false, false, false],
    /// Abortive draw: nine terminal/honour kinds (R14.1).
    kyuushu_kyuuhai: bool = [false, true, true, false, false, false],
    /// Abortive draw: four identical wind discards (R14.2).
    suufon_renda: bool = [false, true, true, false, false, false],
    /// Abortive draw: four riichi (R14.3).
    suucha_riichi: bool = [false, true, true, false, false, false],
    /// Abortive draw: four kans by two or more players (R14.4).
    suukaikan: bool = [false, true, true, false, false, false],
    /// Several rons on one discard (R12.1).
    multi_ron: MultiRon = [MultiRon::HeadBump, MultiRon::Double, MultiRon::Triple,
        MultiRon::HeadBump, MultiRon::Triple, MultiRon::HeadBump],
    /// Three rons under `multi_ron = double` (R12.1).
    sanchahou: Sanchahou = [Sanchahou::Abort, Sanchahou::Abort, Sanchahou::Abort, Sanchahou::Abort, Sanchahou::Abort, Sanchahou::Abort],
    /// Deposits after a multiple ron (R12.2).
    multi_ron_sticks: MultiRonSticks = [MultiRonSticks::NearestTakesAll,
        MultiRonSticks::NearestTakesAll, MultiRonSticks::NearestTakesAll,
        MultiRonSticks::NearestTakesAll, MultiRonSticks::WinnersReclaim,
        MultiRonSticks::NearestTakesAll],
    /// Honba after a multiple ron (R12.2).
    multi_ron_honba: MultiRonHonba = [MultiRonHonba::Nearest, MultiRonHonba::Nearest,
        MultiRonHonba::Nearest, MultiRonHonba::Nearest, MultiRonHonba::Each, MultiRonHonba::Nearest],
    /// Dealer continuation after a multiple ron (R12.3).
    multi_ron_renchan: MultiRonRenchan = [MultiRonRenchan::DealerAmongWinners, MultiRonRenchan::DealerAmongWinners, MultiRonRenchan::DealerAmongWinners, MultiRonRenchan::DealerAmongWinners, MultiRonRenchan::DealerAmongWinners, MultiRonRenchan::DealerAmongWinners],
    /// Ura dora for riichi winners (R10.3).
    ura_dora: bool = [true, true, true, true, true, true],
    /// Kans reveal further dora indicators (R10.4).
    kan_dora: bool = [true, true, true, true, true, true],
    /// Each revealed kan indicator has an ura indicator too (R10.3).
    kan_ura: bool = [true, true, true, true, true, true],
    /// When kan indicators are revealed (R5.6).
    kan_dora_timing: KanDoraTiming = [KanDoraTiming::Tenhou, KanDoraTiming::Tenhou,
        KanDoraTiming::Tenhou, KanDoraTiming::Immediate, KanDoraTiming::Immediate,
        KanDoraTiming::Immediate],
    /// A kokushi tenpai may rob a concealed kan (R5.4).
    kokushi_rob_ankan: bool = [false, false, true, false, false, false],
    /// Renhou (R8.4, §2.4).
    renhou: Renhou = [Renhou::Off, Renhou::Off, Renhou::Off, Renhou::ManganYaku,
        Renhou::ManganYaku, Renhou::Off],
    /// Points needed to declare riichi, or none (R6.1).
    riichi_min_points: Option<u32> = [Some(1000), Some(1000), Some(1000), Some(1000), Some(1000), None],
    /// Live tiles needed to declare riichi (R6.1).
    riichi_min_live_tiles: MinLiveTiles = [MinLiveTiles::Four, MinLiveTiles::Four,
        MinLiveTiles::Four, MinLiveTiles::Four, MinLiveTiles::Four, MinLiveTiles::Zero],
    /// Concealed kans after riichi (R6.3).
    riichi_ankan: RiichiAnkan = [RiichiAnkan::None, RiichiAnkan::SameWaits, RiichiAnkan::SameWaits,
        RiichiAnkan::SameWaitsAndShape, RiichiAnkan::SameWaitsAndShape,
        RiichiAnkan::SameWaitsAndShape],
    /// Riichi without tenpai (R13.7).
    noten_riichi: NotenRiichi = [NotenRiichi::Impossible, NotenRiichi::Impossible,
        NotenRiichi::Impossible, NotenRiichi::Chombo, NotenRiichi::Chombo, NotenRiichi::Chombo],
    /// Waiting only on a tile one holds all four of (R13.1).
    karaten: Karaten = [Karaten::Noten, Karaten::Noten, Karaten::Noten, Karaten::Noten, Karaten::Noten, Karaten::Noten],
    /// Fu for a double-wind pair (F7).
    double_wind_pair_fu: DoubleWindPairFu = [DoubleWindPairFu::Four, DoubleWindPairFu::Four,
        DoubleWindPairFu::Four, DoubleWindPairFu::Two, DoubleWindPairFu::Four, DoubleWindPairFu::Two],
    /// An open ron with exactly 20 fu is raised to 30 (F9).
    open_pinfu_30: bool = [true, true, true, true, true, true],
    /// Pinfu tsumo gets the +2 tsumo fu anyway (F5, old rules).
    pinfu_tsumo_fu: bool = [false, false, false, false, false, false],
    /// Yakuman with liability (R15.1).
    pao: PaoSet = [PAO, PAO, PAO, PAO, PAO, PAO],
    /// Who pays the honba on a pao win (R15.3).
    pao_honba: PaoHonba = [PaoHonba::Liable, PaoHonba::Liable, PaoHonba::Liable,
        PaoHonba::Liable, PaoHonba::Discarder, PaoHonba::Liable],
    /// Liability for composite yakuman (R15.4).
    pao_scope: PaoScope = [PaoScope::WholeHand, PaoScope::WholeHand, PaoScope::ThatYakumanOnly,
        PaoScope::WholeHand, PaoScope::WholeHand, PaoScope::WholeHand],
    /// A rinshan win after a daiminkan is paid by the kan tile's discarder (R5.10).
    daiminkan_rinshan_pao: bool = [false, false, false, false, false, false],
    /// What starts temporary furiten (R11.3).
    temp_furiten_trigger: TempFuritenTrigger = [TempFuritenTrigger::AnyWaitTile, TempFuritenTrigger::AnyWaitTile, TempFuritenTrigger::AnyWaitTile, TempFuritenTrigger::AnyWaitTile, TempFuritenTrigger::AnyWaitTile, TempFuritenTrigger::AnyWaitTile],
    /// What ends temporary furiten (R11.3).
    temp_furiten_end: TempFuritenEnd = [TempFuritenEnd::OwnNextTile, TempFuritenEnd::OwnNextTile,
        TempFuritenEnd::OwnNextTile, TempFuritenEnd::OwnNextTile, TempFuritenEnd::OwnNextTile,
        TempFuritenEnd::OwnNextTile],
    /// Ryuuiisou needs the green dragon (2.3.17).
    ryuuiisou_requires_hatsu: bool = [false, false, false, false, false, false],
    /// Minimum yaku han (2 = ryanhan shibari at 5 or more honba; R9.7).
    min_han: MinHan = [MinHan::One, MinHan::One, MinHan::One, MinHan::One, MinHan::One, MinHan::One],
    /// A replacement draw can be the haitei tile (R2.12).
    rinshan_counts_as_haitei: bool = [false, false, false, false, false, false],
    /// Non-riichi players may declare noten at a draw (R13.3).
    declare_noten: bool = [false, false, false, true, false, false],
    /// The winning tile of a tenhou (YR4).
    tenhou_win_tile: TenhouWinTile = [TenhouWinTile::LastDealt, TenhouWinTile::LastDealt, TenhouWinTile::LastDealt, TenhouWinTile::LastDealt, TenhouWinTile::LastDealt, TenhouWinTile::LastDealt],
    /// Honba bonus on a ron (P5; three players: T16.1, `honba_ron_value`).
    honba_ron: u32 = [300, 300, 300, 300, 300, 300],
    /// Honba bonus per payer on a tsumo (P5).
    honba_tsumo: u32 = [100, 100, 100, 100, 100, 100],
    /// Total noten payment at an exhaustive draw (R13.4; three players: T13.4, `noten_pool`).
    noten_payment: u32 = [3000, 3000, 3000, 3000, 3000, 3000],
    /// A riichi deposit.
    riichi_deposit: u32 = [1000, 1000, 1000, 1000, 1000, 1000],
    /// Local yaku: daisharin (§2.4).
    daisharin: Daisharin = [Daisharin::Off, Daisharin::Off, Daisharin::Off, Daisharin::Off, Daisharin::Off, Daisharin::Off],
    /// Local yaku: daichisei, seven honour pairs as a double yakuman (2.3.18).
    daichisei: bool = [false, false, false, false, false, false],
    /// Local yaku: open riichi (R6.5).
    open_riichi: bool = [false, false, false, false, false, false],
    /// Local yaku: paarenchan, the eighth consecutive dealer win.
    paarenchan: bool = [false, false, false, false, false, false],
    /// Three players: what a tsumo's two payers pay (T16.2).
    tsumo_split: TsumoSplit = [TsumoSplit::TsumoLoss, TsumoSplit::TsumoLoss,
        TsumoSplit::TsumoLoss, TsumoSplit::TsumoLoss, TsumoSplit::TsumoLoss,
        TsumoSplit::TsumoLoss],
    /// What a player liable for a yakuman won by tsumo pays: the tsumo total or the ron value
    /// (T15.2; the same with four players).
    pao_tsumo_amount: PaoTsumoAmount = [PaoTsumoAmount::TsumoTotal,
        PaoTsumoAmount::TsumoTotal, PaoTsumoAmount::TsumoTotal, PaoTsumoAmount::TsumoTotal,
        PaoTsumoAmount::TsumoTotal, PaoTsumoAmount::TsumoTotal],
    /// Three players: a North may be set aside (kita) for a replacement draw and 1 han of
    /// nukidora (T17.1, T10.2).
    nukidora: bool = [false, false, false, false, false, false],
    /// A kita ends the first go-around and every ippatsu, as a call does (T17.8).
    kita_counts_as_call: bool = [true, true, true, true, true, true],
    /// A win on a kita's replacement tile is rinshan kaihou (T17.9).
    kita_rinshan: bool = [true, true, true, true, true, true],
    /// Which hands may ron a kita tile (T17.7).
    kita_ron: KitaRon = [KitaRon::AnyHand, KitaRon::AnyHand, KitaRon::AnyHand, KitaRon::AnyHand,
        KitaRon::AnyHand, KitaRon::AnyHand],
    /// A ron on a kita tile keeps a riichi winner's ippatsu (T7.2).
    kita_ron_ippatsu: bool = [true, true, true, true, true, true],
    /// Passing a ron on a kita tile is furiten, as passing a discard (T11.3).
    kita_pass_furiten: bool = [true, true, true, true, true, true],
    /// Which Norths a riichi player may pull (T17.3).
    kita_in_riichi: KitaInRiichi = [KitaInRiichi::DrawnOnly, KitaInRiichi::DrawnOnly,
        KitaInRiichi::DrawnOnly, KitaInRiichi::DrawnOnly, KitaInRiichi::DrawnOnly,
        KitaInRiichi::DrawnOnly],
    /// Three players: a North triplet scores yakuhai and a North pair fu, for every seat
    /// (T17.11).
    north_yakuhai: bool = [false, false, false, false, false, false],
    /// Three-player mjai logs: seat arrays of 3 entries (`native`) or 4 with seat 3 empty
    /// (`padded4`) (TL1.3).
    mjai_sanma_layout: MjaiSanmaLayout = [MjaiSanmaLayout::Native, MjaiSanmaLayout::Native,
        MjaiSanmaLayout::Native, MjaiSanmaLayout::Native, MjaiSanmaLayout::Native,
        MjaiSanmaLayout::Native],
    /// The mjai event a kita writes (TL1.4).
    mjai_kita_event: MjaiKitaEvent = [MjaiKitaEvent::Nukidora, MjaiKitaEvent::Nukidora,
        MjaiKitaEvent::Nukidora, MjaiKitaEvent::Nukidora, MjaiKitaEvent::Nukidora,
        MjaiKitaEvent::Nukidora],
}
}

impl Default for Ruleset {
    fn default() -> Self {
        Self::preset(Preset::Seed)
    }
}

impl Ruleset {
    /// The values of a preset: a column of the table, or a three-player preset made from its
    /// four-player column with the options sanma changes (T-spec §4).
    pub fn preset(preset: Preset) -> Self {
        match preset {
            Preset::TenhouSanma => Self::column(Preset::Tenhou as usize).three_player(
                15_000,
                [20_000, 0, -20_000],
                FinalPointsRounding::ThousandHalfAway,
            ),
            Preset::MahjongSoulSanma => Self::column(Preset::MahjongSoul as usize).three_player(
                0,
                [15_000, 0, -15_000],
                FinalPointsRounding::None,
            ),
            four => Self::column(four as usize),
        }
    }

    /// These rules for three players (T-spec §4): 35,000 start and 40,000 target points, the
    /// given oka, uma and rounding, 200 per honba on a ron, a 2,000 noten pool, nukidora.
    fn three_player(
        self,
        oka: u32,
        [first, second, third]: [i32; 3],
        rounding: FinalPointsRounding,
    ) -> Self {
        Self {
            players: Players::Three,
            start_points: 35_000,
            target_points: 40_000,
            oka,
            uma: Uma::new([first, second, third, 0], 3),
            final_points_rounding: rounding,
            honba_ron: 200,
            noten_payment: 2_000,
            nukidora: true,
            ..self
        }
    }

    /// The number of players (3 or 4).
    pub fn player_count(&self) -> usize {
        self.players.get() as usize
    }

    /// Whether tile kind `kind` is in play: all 34 with four players; with three, the manzu
    /// 2m–8m are removed (T0.1).
    pub fn in_play(&self, kind: u8) -> bool {
        crate::tile::in_play(kind, self.player_count())
    }

    /// Checks that `counts` (per kind) holds only kinds in play; `what` names them in the
    /// error (T0.1: a removed kind is refused, never repaired).
    pub fn check_in_play(&self, counts: &[u8; RIICHI_KINDS], what: &str) -> Result<()> {
        crate::tile::check_in_play(counts, self.player_count(), what)
    }

    /// Options that must agree: the uma has one entry per player, and nukidora needs three
    /// players (there is no kita with four).
    pub fn check(&self) -> Result<()> {
        let players = self.player_count();
        if self.uma.ranks().len() != players {
            return Err(Error::rule(format!(
                "option uma has {} entries but players is {players}: give one per player \
                 (change both together, e.g. replace(players=3, uma=[20000, 0, -20000]))",
                self.uma.ranks().len()
            )));
        }
        if self.nukidora && players != 3 {
            return Err(Error::rule(
                "option nukidora needs players = 3: kita exists only in three-player games",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_differ_where_the_spec_says() {
        let seed = Ruleset::preset(Preset::Seed);
        let tenhou = Ruleset::preset(Preset::Tenhou);
        assert_eq!(seed.game_length, GameLength::OneDeal);
        assert!(tenhou.nagashi_mangan && !seed.nagashi_mangan);
        assert_eq!(Ruleset::preset(Preset::Wrc).kazoe, Kazoe::Sanbaiman);
        assert!(Ruleset::preset(Preset::MahjongSoul).double_yakuman);
        assert_eq!(Ruleset::preset(Preset::MLeague).riichi_min_points, None);
        assert!(seed.pao.contains(PaoSet::DAISANGEN) && !seed.pao.contains(PaoSet::SUUKANTSU));
    }

    #[test]
    fn get_and_set_by_name() {
        let mut rules = Ruleset::default();
        rules.set("kiriage", &Value::Bool(true)).unwrap();
        assert!(rules.kiriage);
        rules.set("kazoe", &Value::Str("sanbaiman".into())).unwrap();
        assert_eq!(rules.get("kazoe").unwrap(), Value::Str("sanbaiman".into()));
        rules.set("red_fives", &Value::Int(0)).unwrap();
        assert_eq!(rules.red_fives.get(), 0);
        rules
            .set("riichi_min_points", &Value::Str("none".into()))
            .unwrap();
        assert_eq!(rules.riichi_min_points, None);
        let pao = Value::List(vec![Value::Str("suukantsu".into())]);
        rules.set("pao", &pao).unwrap();
        assert_eq!(rules.get("pao").unwrap(), pao);
        let uma = Value::List((0..4).map(Value::Int).collect());
        rules.set("uma", &uma).unwrap();
        assert_eq!(rules.uma.ranks(), [0, 1, 2, 3]);
        assert_eq!(rules.values().len(), Ruleset::OPTIONS.len());
    }

    #[test]
    fn errors_list_what_is_valid() {
        let mut rules = Ruleset::default();
        let e = rules.set("kazoe", &Value::Str("big".into())).unwrap_err();
        assert!(e.message().contains("\"yakuman\", \"sanbaiman\""), "{e}");
        let e = rules.set("kiriage_x", &Value::Bool(true)).unwrap_err();
        assert!(
            e.message().contains("kiriage_x") && e.message().contains("kiriage,"),
            "{e}"
        );
        assert!(rules.set("red_fives", &Value::Int(2)).is_err());
        assert!(rules.set("uma", &Value::List(vec![Value::Int(1)])).is_err());
        assert!(
            Preset::parse("majsoul")
                .unwrap_err()
                .message()
                .contains("mahjongsoul")
        );
    }
}
