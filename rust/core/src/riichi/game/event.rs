//! What happens in a deal, in the order it happens (the mjai event vocabulary). Seats are
//! player indices 0..players-1 for the whole game (the arrays by seat keep four entries, a
//! seat beyond the player count empty); tiles are ids 0..=135.

use crate::meld::MeldKind;
use crate::riichi::evaluate::FuPart;
use crate::riichi::points::Limit;
use crate::riichi::{Yaku, Yakuman};

/// Why a deal ended without a win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The live wall ran out (R2.14).
    Exhaustive,
    /// Nine different terminals and honours declared (R14.1).
    KyuushuKyuuhai,
    /// Four identical wind discards in the first go-around (R14.2).
    SuufonRenda,
    /// A fourth riichi (R14.3).
    SuuchaRiichi,
    /// Four kans by two or more players (R14.4).
    Suukaikan,
    /// Three players declared ron (R14.5).
    Sanchahou,
}

impl DrawReason {
    /// The name used in logs.
    pub fn name(self) -> &'static str {
        match self {
            Self::Exhaustive => "exhaustive",
            Self::KyuushuKyuuhai => "kyuushu_kyuuhai",
            Self::SuufonRenda => "suufon_renda",
            Self::SuuchaRiichi => "suucha_riichi",
            Self::Suukaikan => "suukaikan",
            Self::Sanchahou => "sanchahou",
        }
    }
}

crate::catalogue_part! {
    /// Why a deal was drawn, in words (keys `draw.*`, by [`DrawReason::name`] and the log's
    /// `nagashi_mangan`).
    DRAWS: [
        "draw.exhaustive" () => "the wall is used up",
        "draw.kyuushu_kyuuhai" () => "nine different terminals and honours shown (abortive draw)",
        "draw.suufon_renda" () => "the same wind discarded by all four (abortive draw)",
        "draw.suucha_riichi" () => "all four players in riichi (abortive draw)",
        "draw.suukaikan" () => "four kans by more than one player (abortive draw)",
        "draw.sanchahou" () => "three players won on one discard (abortive draw)",
        "draw.nagashi_mangan" () => "nagashi mangan",
    ]
}

/// One scored win of a deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinRecord {
    /// The winner.
    pub seat: usize,
    /// Who dealt in; the winner for a tsumo.
    pub from: usize,
    /// The winning tile.
    pub tile: u8,
    /// Yaku with han (dora entries last).
    pub yaku: Vec<(Yaku, u8)>,
    /// Yakuman with units.
    pub yakuman: Vec<(Yakuman, u8)>,
    /// Total han (0 for a yakuman).
    pub han: u8,
    /// Fu.
    pub fu: u8,
    /// Hand value before honba and deposits.
    pub points: i64,
    /// The limit the hand reached (mangan and above), if any.
    pub limit: Limit,
    /// Ura indicators shown (riichi winners).
    pub ura_indicators: Vec<u8>,
    /// The seat liable for a pao yakuman of this win (R15.1), if any.
    pub liable: Option<usize>,
    /// Score changes by seat.
    pub deltas: [i64; 4],
    /// Scores by seat after this win's payments.
    pub scores: [i64; 4],
    /// The fu lines adding up to `fu` before rounding (not logged).
    pub fu_parts: Vec<(FuPart, u8)>,
    /// `deltas` split into the hand's value, the honba and the deposits the winner takes
    /// from the table (not logged); the first two sum to zero, the deposits to what the
    /// table gives.
    pub split: Split,
}

/// A win's score changes by seat, in parts (R16.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Split {
    /// The hand's value (pao included).
    pub hand: [i64; 4],
    /// The honba.
    pub honba: [i64; 4],
    /// The riichi deposits taken from the table.
    pub sticks: [i64; 4],
}

/// One event of a game or deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A game starts (written by [`super::Game`]): the players' names and the game's seed.
    StartGame {
        /// The players' names by seat (boxed: an event stays small).
        names: Box<[String; 4]>,
        /// The seed every wall of the game comes from.
        seed: u64,
    },
    /// The deal starts: round wind (0 East..), dealer seat, honba, deposits, scores, the first
    /// dora indicator and each seat's 13 starting tiles (the dealer's 14th tile is its first
    /// `Tsumo`, the next event).
    StartKyoku {
        /// Round wind index (0 East).
        round_wind: u8,
        /// The deal's number in the round (1..=4).
        number: u8,
        /// The dealer's seat.
        dealer: usize,
        /// Honba counters.
        honba: u32,
        /// Riichi deposits on the table.
        riichi_sticks: u32,
        /// Scores by seat.
        scores: [i64; 4],
        /// The first dora indicator.
        dora_indicator: u8,
        /// Starting tiles by seat (boxed: an event stays small).
        hands: Box<[Vec<u8>; 4]>,
    },
    /// A draw from the wall (or a replacement draw after a kan).
    Tsumo {
        /// Who drew.
        seat: usize,
        /// The tile.
        tile: u8,
        /// A replacement draw.
        rinshan: bool,
    },
    /// A discard.
    Dahai {
        /// Who discarded.
        seat: usize,
        /// The tile.
        tile: u8,
        /// The tile just drawn was discarded.
        tsumogiri: bool,
    },
    /// Riichi declared (the declaring discard follows).
    Reach {
        /// Who declared.
        seat: usize,
    },
    /// The riichi discard passed: the deposit is on the table.
    ReachAccepted {
        /// Who declared.
        seat: usize,
        /// Score changes by seat (the deposit).
        deltas: [i64; 4],
        /// Scores by seat after the deposit.
        scores: [i64; 4],
    },
    /// A chi, pon or daiminkan of the last discard.
    Call {
        /// Who called.
        seat: usize,
        /// What kind of call.
        kind: MeldKind,
        /// Who discarded the tile.
        from: usize,
        /// The called tile.
        tile: u8,
        /// The caller's tiles used.
        consumed: Vec<u8>,
    },
    /// A concealed kan.
    Ankan {
        /// Who declared.
        seat: usize,
        /// The four tiles.
        consumed: [u8; 4],
    },
    /// An added kan.
    Kakan {
        /// Who declared.
        seat: usize,
        /// The added tile.
        tile: u8,
        /// The pon's three tiles.
        consumed: [u8; 3],
    },
    /// A new dora indicator.
    Dora {
        /// The indicator.
        indicator: u8,
    },
    /// A North set aside (kita, three players): its robbing window follows, then (if not
    /// robbed) the replacement draw (T17.6).
    Kita {
        /// Who declared.
        seat: usize,
        /// The North.
        tile: u8,
    },
    /// A win.
    Hora(Box<WinRecord>),
    /// The deal ended without a win.
    Ryukyoku {
        /// Why.
        reason: DrawReason,
        /// Who declared it (kyuushu kyuuhai); `None` for the draws no one declares.
        declarer: Option<usize>,
        /// Who was tenpai (exhaustive draws only).
        tenpai: [bool; 4],
        /// Seats paid a nagashi mangan.
        nagashi: [bool; 4],
        /// Score changes by seat (with deposits returned at the end of a one-deal game).
        deltas: [i64; 4],
        /// Scores by seat after the payments.
        scores: [i64; 4],
    },
    /// The deal is over.
    EndKyoku,
    /// The game is over (written by [`super::Game`]): the final scores, leftover deposits
    /// settled.
    EndGame {
        /// Final scores by seat.
        scores: [i64; 4],
    },
}

impl Event {
    /// The event as `seat` sees it: other players' starting tiles and draws are
    /// [`crate::tile::HIDDEN`] (how many stays visible); everything else is public.
    pub fn seen_by(&self, seat: usize) -> Event {
        let mut event = self.clone();
        match &mut event {
            Event::StartKyoku { hands, .. } => {
                for (s, hand) in hands.iter_mut().enumerate() {
                    if s != seat {
                        hand.fill(crate::tile::HIDDEN);
                    }
                }
            }
            Event::Tsumo { seat: s, tile, .. } if *s != seat => *tile = crate::tile::HIDDEN,
            _ => {}
        }
        event
    }
}
