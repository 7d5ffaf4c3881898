//! Why an action a player might expect is not offered, or why an applied one is refused: a
//! value with its parameters, the same in [`super::Deal::blocked`] and in the error of an
//! illegal [`super::Deal::apply`]. The numbers come from the deal's rules, so options such as
//! `riichi_min_points` change what a reason says.

use std::fmt;

use super::action::Action;
use super::deal::Furiten;
use crate::log::Json;
use crate::riichi::mjai::{pai, tile_pai};

/// Why an action is not offered.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The seat is not one of the game's (0..players-1).
    SeatOutOfRange {
        /// The seat given.
        seat: usize,
        /// The number of players.
        players: usize,
    },
    /// The deal is over.
    DealOver,
    /// The seat has nothing to decide now.
    NotYourTurn,
    /// The tile named is not in the hand.
    NotInHand {
        /// The tile id.
        tile: u8,
    },
    /// Not among the legal actions, for no reason a player would expect.
    NotOffered,
    /// After this chi or pon these kinds may not be discarded this turn (R4.5, kuikae).
    Kuikae {
        /// The kinds (0..=33), ascending.
        kinds: Vec<u8>,
    },
    /// In riichi only the drawn tile may be discarded (R6.3).
    RiichiDiscardsDrawnTile,
    /// The tiles complete the hand, but without a yaku (R9.2).
    NoYaku {
        /// Whether the win would be a tsumo (else a ron).
        tsumo: bool,
    },
    /// The player may not ron: furiten of this kind (R11).
    Furiten {
        /// Which furiten.
        kind: Furiten,
    },
    /// The tiles do not complete a hand.
    NotComplete,
    /// Riichi is declared already.
    AlreadyRiichi,
    /// Riichi needs a closed hand (R6.1a).
    RiichiOpenHand,
    /// Riichi needs at least this many points (R6.1c, `riichi_min_points`).
    RiichiMinPoints {
        /// The minimum.
        points: u32,
    },
    /// Riichi needs at least this many tiles left in the live wall (R6.1d,
    /// `riichi_min_live_tiles`).
    RiichiMinLiveTiles {
        /// The minimum.
        tiles: u32,
    },
    /// No discard leaves the hand tenpai (R6.1b).
    RiichiNotTenpai,
    /// No kan: no replacement tile can be drawn (R5.2).
    KanNoReplacementTile,
    /// No kan: four kans have been made (R5.8).
    KanLimit,
    /// No kan in riichi under `riichi_ankan = none` (R6.3).
    KanInRiichi,
    /// No kan in riichi when it would change the waits (R6.3, `riichi_ankan`).
    KanChangesRiichiWaits,
    /// No kan in the turn of a chi or pon: only a discard (R3.6).
    KanAfterCall,
    /// The last discard of the deal may only be claimed for ron (R2.13, houtei).
    LastDiscardRonOnly,
    /// A riichi hand calls nothing but ron (R6.3).
    RiichiCallsRonOnly,
    /// The discard after a fourth kan by two or more players may only be claimed for ron
    /// (R14.4).
    FourthKanRonOnly,
    /// The call would leave no tile that may be discarded after it (R4.5e).
    NoDiscardAfterCall,
    /// There is no chi with three players (T4.1).
    NoChi,
    /// No kita in the turn of a pon: only a discard (T3.6).
    KitaAfterCall,
    /// No kita: no live tile is left (T17.2).
    KitaNoLiveTile,
    /// No kita of this North in riichi (T17.3, `kita_in_riichi`).
    KitaInRiichi {
        /// A drawn North may be pulled (`drawn_only`), no other.
        drawn_only: bool,
    },
    /// The tile completes the hand, but a kita tile may not be robbed by this hand (T17.7,
    /// `kita_ron`).
    KitaRon {
        /// Only a yakuman hand may rob it (`yakuman_only`).
        yakuman_only: bool,
    },
}

impl Reason {
    /// The reason's id, e.g. `"riichi_min_points"`.
    pub fn name(&self) -> &'static str {
        match self {
            Self::SeatOutOfRange { .. } => "seat_out_of_range",
            Self::DealOver => "deal_over",
            Self::NotYourTurn => "not_your_turn",
            Self::NotInHand { .. } => "not_in_hand",
            Self::NotOffered => "not_offered",
            Self::Kuikae { .. } => "kuikae",
            Self::RiichiDiscardsDrawnTile => "riichi_discards_drawn_tile",
            Self::NoYaku { .. } => "no_yaku",
            Self::Furiten { .. } => "furiten",
            Self::NotComplete => "not_complete",
            Self::AlreadyRiichi => "already_riichi",
            Self::RiichiOpenHand => "riichi_open_hand",
            Self::RiichiMinPoints { .. } => "riichi_min_points",
            Self::RiichiMinLiveTiles { .. } => "riichi_min_live_tiles",
            Self::RiichiNotTenpai => "riichi_not_tenpai",
            Self::KanNoReplacementTile => "kan_no_replacement_tile",
            Self::KanLimit => "kan_limit",
            Self::KanInRiichi => "kan_in_riichi",
            Self::KanChangesRiichiWaits => "kan_changes_riichi_waits",
            Self::KanAfterCall => "kan_after_call",
            Self::LastDiscardRonOnly => "last_discard_ron_only",
            Self::RiichiCallsRonOnly => "riichi_calls_ron_only",
            Self::FourthKanRonOnly => "fourth_kan_ron_only",
            Self::NoDiscardAfterCall => "no_discard_after_call",
            Self::NoChi => "no_chi",
            Self::KitaAfterCall => "kita_after_call",
            Self::KitaNoLiveTile => "kita_no_live_tile",
            Self::KitaInRiichi { .. } => "kita_in_riichi",
            Self::KitaRon { .. } => "kita_ron",
        }
    }

    /// The kind of action it concerns: "discard", "riichi", "tsumo", "ron", "kan" (any kan),
    /// "call" (chi, pon or open kan), "kita"; `None` for reasons about whose move it is.
    pub fn action(&self) -> Option<&'static str> {
        Some(match self {
            Self::SeatOutOfRange { .. }
            | Self::DealOver
            | Self::NotYourTurn
            | Self::NotInHand { .. }
            | Self::NotOffered
            | Self::NotComplete => return None,
            Self::Kuikae { .. } | Self::RiichiDiscardsDrawnTile => "discard",
            Self::NoYaku { tsumo: true } => "tsumo",
            Self::NoYaku { tsumo: false } | Self::Furiten { .. } | Self::KitaRon { .. } => "ron",
            Self::AlreadyRiichi
            | Self::RiichiOpenHand
            | Self::RiichiMinPoints { .. }
            | Self::RiichiMinLiveTiles { .. }
            | Self::RiichiNotTenpai => "riichi",
            Self::KanNoReplacementTile
            | Self::KanLimit
            | Self::KanInRiichi
            | Self::KanChangesRiichiWaits
            | Self::KanAfterCall => "kan",
            Self::LastDiscardRonOnly
            | Self::RiichiCallsRonOnly
            | Self::FourthKanRonOnly
            | Self::NoDiscardAfterCall
            | Self::NoChi => "call",
            Self::KitaAfterCall | Self::KitaNoLiveTile | Self::KitaInRiichi { .. } => "kita",
        })
    }

    /// Whether the reason may explain why `action` is refused.
    pub fn concerns(&self, action: Action) -> bool {
        let kind = match action {
            Action::Discard(_) => "discard",
            Action::Riichi(_) => "riichi",
            Action::Tsumo => "tsumo",
            Action::Ron => "ron",
            Action::Ankan(_) | Action::Kakan(_) => "kan",
            Action::Chi(_) | Action::Pon(_) => "call",
            Action::Kita => "kita",
            Action::Daiminkan => return matches!(self.action(), Some("kan" | "call")),
            Action::Kyuushu | Action::Pass => return false,
        };
        self.action() == Some(kind)
    }

    /// The parameters by name (tiles as mjai names, red when `red_fives`).
    pub fn params(&self, red_fives: bool) -> Vec<(&'static str, Json)> {
        match self {
            Self::SeatOutOfRange { seat, players } => vec![
                ("seat", (*seat).into()),
                ("last", (players.saturating_sub(1)).into()),
            ],
            Self::NotInHand { tile } => vec![("tile", tile_pai(*tile, red_fives).into())],
            Self::Kuikae { kinds } => vec![(
                "tiles",
                Json::List(kinds.iter().map(|&k| pai(k, false).into()).collect()),
            )],
            Self::NoYaku { tsumo } => vec![("tsumo", (*tsumo).into())],
            Self::Furiten { kind } => vec![("kind", kind.name().into())],
            Self::RiichiMinPoints { points } => vec![("points", (*points).into())],
            Self::RiichiMinLiveTiles { tiles } => vec![("tiles", (*tiles).into())],
            Self::KitaInRiichi { drawn_only } => vec![("drawn_only", (*drawn_only).into())],
            Self::KitaRon { yakuman_only } => vec![("yakuman_only", (*yakuman_only).into())],
            _ => Vec::new(),
        }
    }
}

crate::catalogue_part! {
    /// The words of every Riichi [`Reason`] (keys `reason.*`; the shared ones are the same in
    /// both families).
    CATALOGUE: [
        "reason.seat_out_of_range" (seat: "count", last: "count") =>
            "seat {seat} is out of range 0..={last}",
        "reason.deal_over" () => "the deal is over",
        "reason.not_your_turn" () => "it is not this seat's turn to act",
        "reason.not_in_hand" (tile: "tile") => "no {tile} in the hand",
        "reason.not_offered" () => "not among the legal actions now",
        "reason.kuikae" (tiles: "either") =>
            "after this call {tiles} may not be discarded this turn (kuikae)",
        "reason.riichi_discards_drawn_tile" () => "in riichi only the drawn tile may be discarded",
        "reason.no_yaku.tsumo" (tsumo: "flag") => "the hand is complete but has no yaku: no tsumo",
        "reason.no_yaku.ron" (tsumo: "flag") =>
            "the tile completes the hand but without a yaku: no ron",
        "reason.furiten" (kind: "furiten") => "furiten: {kind}",
        "reason.not_complete" () => "the tiles do not complete a hand",
        "reason.already_riichi" () => "riichi is declared already",
        "reason.riichi_open_hand" () => "riichi needs a closed hand",
        "reason.riichi_min_points" (points: "number") => "riichi needs at least {points} points",
        "reason.riichi_min_live_tiles" (tiles: "count") =>
            "riichi needs at least {tiles} tiles left in the wall",
        "reason.riichi_not_tenpai" () => "riichi needs a discard that leaves tenpai",
        "reason.kan_no_replacement_tile" () => "no kan: no replacement tile is left",
        "reason.kan_limit" () => "no kan: four kans have been made",
        "reason.kan_in_riichi" () => "no kan after riichi under these rules",
        "reason.kan_changes_riichi_waits" () => "no kan in riichi: it would change the waits",
        "reason.kan_after_call" () => "no kan in the turn of a chi or pon",
        "reason.last_discard_ron_only" () =>
            "the last discard of the deal may only be claimed for ron",
        "reason.riichi_calls_ron_only" () => "a riichi hand claims discards only for ron",
        "reason.fourth_kan_ron_only" () =>
            "the discard after the fourth kan may only be claimed for ron",
        "reason.no_discard_after_call" () =>
            "that call would leave no tile that may be discarded after it (kuikae)",
        "reason.no_chi" () => "there is no chi in three-player mahjong",
        "reason.kita_after_call" () => "no kita in the turn of a pon",
        "reason.kita_no_live_tile" () => "no kita: no live tile is left",
        "reason.kita_in_riichi.drawn_only" (drawn_only: "flag") =>
            "in riichi only a North just drawn may be set aside",
        "reason.kita_in_riichi" (drawn_only: "flag") => "no kita after riichi under these rules",
        "reason.kita_ron.yakuman_only" (yakuman_only: "flag") =>
            "only a yakuman hand may win on a kita tile under these rules",
        "reason.kita_ron" (yakuman_only: "flag") =>
            "a kita tile may not be won on under these rules",
    ]
}

impl Reason {
    /// Its catalogue key: `reason.` and its id, with `.tsumo` or `.ron` for `no_yaku`,
    /// `.drawn_only` and `.yakuman_only` for the kita reasons that allow that much.
    pub fn key(&self) -> &'static str {
        match self {
            Self::NoYaku { tsumo: true } => "reason.no_yaku.tsumo",
            Self::NoYaku { tsumo: false } => "reason.no_yaku.ron",
            Self::KitaInRiichi { drawn_only: true } => "reason.kita_in_riichi.drawn_only",
            Self::KitaRon { yakuman_only: true } => "reason.kita_ron.yakuman_only",
            _ => crate::catalogue::key_of("reason", self.name()).unwrap_or("reason.not_offered"),
        }
    }
}

impl fmt::Display for Reason {
    /// The reason in words (tiles named in mjai notation without red): its catalogue
    /// template filled in.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::catalogue::fill(self.key(), &self.params(false)))
    }
}

/// An action a deal refused: who, what and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    /// The seat that tried it.
    pub seat: usize,
    /// The action's words (e.g. `riichi 5m`).
    pub action: String,
    /// Why.
    pub reason: Reason,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "illegal action {} by seat {}: {}",
            self.action, self.seat, self.reason
        )
    }
}

impl From<Illegal> for crate::error::Error {
    fn from(illegal: Illegal) -> Self {
        Self::argument(illegal.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_has_its_own_entry() {
        let all = [
            Reason::SeatOutOfRange {
                seat: 4,
                players: 4,
            },
            Reason::DealOver,
            Reason::NotYourTurn,
            Reason::NotInHand { tile: 0 },
            Reason::Kuikae { kinds: vec![1] },
            Reason::RiichiDiscardsDrawnTile,
            Reason::NoYaku { tsumo: true },
            Reason::NoYaku { tsumo: false },
            Reason::Furiten {
                kind: Furiten::Temporary,
            },
            Reason::NotComplete,
            Reason::AlreadyRiichi,
            Reason::RiichiOpenHand,
            Reason::RiichiMinPoints { points: 1 },
            Reason::RiichiMinLiveTiles { tiles: 4 },
            Reason::RiichiNotTenpai,
            Reason::KanNoReplacementTile,
            Reason::KanLimit,
            Reason::KanInRiichi,
            Reason::KanChangesRiichiWaits,
            Reason::KanAfterCall,
            Reason::LastDiscardRonOnly,
            Reason::RiichiCallsRonOnly,
            Reason::FourthKanRonOnly,
            Reason::NoDiscardAfterCall,
            Reason::NoChi,
            Reason::KitaAfterCall,
            Reason::KitaNoLiveTile,
            Reason::KitaInRiichi { drawn_only: true },
            Reason::KitaInRiichi { drawn_only: false },
            Reason::KitaRon { yakuman_only: true },
            Reason::KitaRon {
                yakuman_only: false,
            },
        ];
        let keys: std::collections::BTreeSet<&str> = all.iter().map(Reason::key).collect();
        assert_eq!(keys.len(), all.len(), "{keys:?}");
        assert!(!keys.contains("reason.not_offered"));
        assert!(keys.iter().all(|k| crate::catalogue::entry(k).is_some()));
        assert_eq!(Reason::NotOffered.key(), "reason.not_offered");
    }

    #[test]
    fn a_seat_out_of_range_names_the_last_seat() {
        let r = Reason::SeatOutOfRange {
            seat: 3,
            players: 3,
        };
        assert_eq!(r.to_string(), "seat 3 is out of range 0..=2");
    }

    #[test]
    fn words_and_params() {
        let r = Reason::RiichiMinPoints { points: 2000 };
        assert_eq!(r.to_string(), "riichi needs at least 2,000 points");
        assert_eq!(r.params(true), vec![("points", Json::Int(2000))]);
        assert!(r.concerns(Action::Riichi(0)) && !r.concerns(Action::Discard(0)));
        let k = Reason::Kuikae { kinds: vec![2, 5] };
        assert_eq!(
            k.to_string(),
            "after this call 3m or 6m may not be discarded this turn (kuikae)"
        );
    }
}
