//! [`WinContext`]: everything about a win that is not the tiles.

use crate::error::{Error, Result};
use crate::tile::RIICHI_KINDS;

/// Up to five tile kinds (dora or ura indicators: the initial one plus one per kan).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Indicators {
    kinds: [u8; 5],
    len: u8,
}

impl Indicators {
    /// Builds from kinds; more than five, or a kind outside 0..=33, is an error.
    pub fn new(kinds: &[u8]) -> Result<Self> {
        if kinds.len() > 5 {
            return Err(Error::argument(format!(
                "at most 5 indicators exist (the first and one per kan), got {}",
                kinds.len()
            )));
        }
        let mut out = Self::default();
        for &kind in kinds {
            if usize::from(kind) >= RIICHI_KINDS {
                return Err(Error::tile(format!(
                    "indicator kind {kind} is out of range 0..=33"
                )));
            }
            out.kinds[usize::from(out.len)] = kind;
            out.len += 1;
        }
        Ok(out)
    }

    /// The indicator kinds, in reveal order.
    pub fn kinds(&self) -> &[u8] {
        &self.kinds[..usize::from(self.len)]
    }
}

/// The situation of a win: how it was made, winds, indicators, sticks and who pays.
///
/// Seats are named by seat wind (0 East = dealer, 1 South, 2 West, 3 North).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct WinContext {
    /// Won by self-draw (otherwise by ron).
    pub tsumo: bool,
    /// Riichi declared.
    pub riichi: bool,
    /// Riichi declared with the first discard (implies riichi).
    pub double_riichi: bool,
    /// Riichi declared with the hand shown (option `open_riichi`).
    pub open_riichi: bool,
    /// Won within the ippatsu window.
    pub ippatsu: bool,
    /// Won on a replacement tile after a kan.
    pub rinshan: bool,
    /// Won by robbing a kan.
    pub chankan: bool,
    /// Won by tsumo on the last live tile.
    pub haitei: bool,
    /// Won by ron on the last discard.
    pub houtei: bool,
    /// Dealer won with the dealt hand.
    pub tenhou: bool,
    /// Non-dealer won on the first draw.
    pub chiihou: bool,
    /// Non-dealer won by ron before the first draw.
    pub renhou: bool,
    /// The winner's seat wind (0 = dealer).
    pub seat_wind: u8,
    /// The round wind (0 East .. 3 North).
    pub round_wind: u8,
    /// Dora indicators, kan indicators included.
    pub dora_indicators: Indicators,
    /// Ura indicators (used only for a riichi winner).
    pub ura_indicators: Indicators,
    /// Honba counters on the table.
    pub honba: u32,
    /// Riichi deposits on the table, this hand's included.
    pub riichi_sticks: u32,
    /// Seat wind of the player who dealt in (ron), if known.
    pub discarder: Option<u8>,
    /// Seat wind of the player liable for a pao yakuman, if any.
    pub liable: Option<u8>,
}

impl WinContext {
    /// Whether the winner is the dealer.
    pub fn dealer(&self) -> bool {
        self.seat_wind == 0
    }

    /// Whether riichi (single or double) was declared.
    pub fn in_riichi(&self) -> bool {
        self.riichi || self.double_riichi
    }

    /// Checks that the flags fit together and with an `open` hand.
    pub fn check(&self, open: bool) -> Result<()> {
        for (name, wind) in [
            ("seat_wind", self.seat_wind),
            ("round_wind", self.round_wind),
        ] {
            if wind > 3 {
                return Err(Error::argument(format!(
                    "{name} {wind} is out of range 0..=3"
                )));
            }
        }
        let fail = |message: String| Err(Error::argument(message));
        let ron = !self.tsumo;
        let flags = [
            ("ippatsu", self.ippatsu && !self.in_riichi(), "needs riichi"),
            (
                "open_riichi",
                self.open_riichi && !self.in_riichi(),
                "needs riichi",
            ),
            ("riichi", self.in_riichi() && open, "needs a closed hand"),
            ("rinshan", self.rinshan && ron, "is a tsumo"),
            ("haitei", self.haitei && ron, "is a tsumo"),
            ("chankan", self.chankan && self.tsumo, "is a ron"),
            ("houtei", self.houtei && self.tsumo, "is a ron"),
            ("chankan", self.chankan && self.houtei, "cannot be houtei"),
            (
                "tenhou",
                self.tenhou && (ron || !self.dealer() || open),
                "is a dealer's closed tsumo",
            ),
            (
                "chiihou",
                self.chiihou && (ron || self.dealer() || open),
                "is a non-dealer's closed tsumo",
            ),
            (
                "renhou",
                self.renhou && (self.tsumo || self.dealer() || open),
                "is a non-dealer's closed ron",
            ),
        ];
        if let Some((name, _, why)) = flags.iter().find(|(_, bad, _)| *bad) {
            return fail(format!("{name} {why}"));
        }
        for (name, seat) in [("discarder", self.discarder), ("liable", self.liable)] {
            match seat {
                Some(s) if s > 3 => return fail(format!("{name} seat {s} is out of range 0..=3")),
                Some(s) if s == self.seat_wind => {
                    return fail(format!("{name} cannot be the winner's own seat {s}"));
                }
                _ => {}
            }
        }
        if self.tsumo && self.discarder.is_some() {
            return fail("a tsumo has no discarder".to_owned());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_rules() {
        let ok = WinContext {
            tsumo: true,
            riichi: true,
            ippatsu: true,
            ..Default::default()
        };
        assert!(ok.check(false).is_ok());
        assert!(ok.check(true).unwrap_err().message().contains("closed"));
        let bad = WinContext {
            ippatsu: true,
            ..Default::default()
        };
        assert!(bad.check(false).unwrap_err().message().contains("ippatsu"));
        let bad = WinContext {
            tenhou: true,
            tsumo: true,
            seat_wind: 1,
            ..Default::default()
        };
        assert!(bad.check(false).unwrap_err().message().contains("tenhou"));
        let bad = WinContext {
            discarder: Some(0),
            ..Default::default()
        };
        assert!(bad.check(false).unwrap_err().message().contains("own seat"));
        assert!(Indicators::new(&[0; 6]).is_err());
        assert!(Indicators::new(&[34]).is_err());
        assert_eq!(Indicators::new(&[0, 33]).unwrap().kinds(), &[0, 33]);
    }
}
