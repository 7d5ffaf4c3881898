//! [`WinContext`]: everything about a win that is not the tiles.
//!
//! The yes/no circumstances of a win are listed once, in [`for_each_win_flag!`]: the struct
//! fields, [`WinContext::FLAGS`], the batch record's flag bits and the Python class (its
//! keywords, getters and `to_dict`) all expand from that list, so a new flag is one line.

use crate::error::{Error, Result};
use crate::tile::{RIICHI_KINDS, kind_name};
use crate::wind::Wind;

/// The largest honba or riichi-deposit count a win accepts (it fits the batch record's byte).
pub const MAX_STICKS: u32 = 255;

/// The most Norths a player can set aside by kita (T17.12).
pub const MAX_KITA: u8 = 4;

/// Calls `$callback! { (name, "doc"), ... }` with every yes/no circumstance of a win, in the
/// order of the batch record's flag bits (bit 0 first). Append new flags at the end.
#[macro_export]
macro_rules! for_each_win_flag {
    ($callback:ident) => {
        $callback! {
            (tsumo, "Won by self-draw (otherwise by ron)."),
            (riichi, "Riichi declared."),
            (double_riichi, "Riichi declared with the first discard (counts as riichi)."),
            (open_riichi, "Riichi declared with the hand shown (option `open_riichi`)."),
            (ippatsu, "Won within the ippatsu window (needs riichi)."),
            (rinshan, "Won on a replacement tile after a kan (a tsumo)."),
            (chankan, "Won by robbing a kan (a ron)."),
            (haitei, "Won by tsumo on the last live tile."),
            (houtei, "Won by ron on the last discard."),
            (tenhou, "The dealer won with the dealt hand."),
            (chiihou, "A non-dealer won on the first draw, before any call."),
            (renhou, "A non-dealer won by ron before the first draw."),
        }
    };
}

/// Up to five indicator tiles (the initial one plus one per kan), in reveal order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Indicators {
    kinds: [u8; 5],
    /// Bit `i` set: indicator `i` is a red five.
    red: u8,
    len: u8,
}

impl Indicators {
    /// Builds from kinds (none red); more than five, or a kind outside 0..=33, is an error.
    pub fn new(kinds: &[u8]) -> Result<Self> {
        Self::with_red(kinds.iter().map(|&k| (k, false)))
    }

    /// Builds from `(kind, red)` tiles in reveal order; a red flag on a kind that is not a five
    /// is an error.
    pub fn with_red(tiles: impl IntoIterator<Item = (u8, bool)>) -> Result<Self> {
        let mut out = Self::default();
        for (kind, red) in tiles {
            if out.len == 5 {
                return Err(Error::argument(
                    "at most 5 indicators exist (the first and one per kan)",
                ));
            }
            if usize::from(kind) >= RIICHI_KINDS {
                return Err(Error::tile(format!(
                    "indicator kind {kind} is out of range 0..=33"
                )));
            }
            if red && (kind >= 27 || kind % 9 != 4) {
                return Err(Error::tile(format!(
                    "indicator {} cannot be red: only fives are",
                    kind_name(kind, false)
                )));
            }
            out.kinds[usize::from(out.len)] = kind;
            out.red |= u8::from(red) << out.len;
            out.len += 1;
        }
        Ok(out)
    }

    /// The indicator kinds, in reveal order.
    pub fn kinds(&self) -> &[u8] {
        &self.kinds[..usize::from(self.len)]
    }

    /// The indicators as `(kind, red)`, in reveal order.
    pub fn tiles(&self) -> impl Iterator<Item = (u8, bool)> + '_ {
        self.kinds()
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, self.red & (1 << i) != 0))
    }

    /// The indicators in MPSZ notation, in reveal order (`0` for a red five).
    pub fn to_mpsz(&self) -> String {
        self.tiles().map(|(k, red)| kind_name(k, red)).collect()
    }
}

macro_rules! define_win_context {
    ($(($flag:ident, $doc:literal)),+ $(,)?) => {
        /// The situation of a win: how it was made, winds, indicators, sticks and who pays.
        ///
        /// Seats are named by seat wind (East = the dealer).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub struct WinContext {
            $(#[doc = $doc] pub $flag: bool,)+
            /// The winner's seat wind (East = dealer).
            pub seat_wind: Wind,
            /// The round wind.
            pub round_wind: Wind,
            /// Dora indicators, kan indicators included.
            pub dora_indicators: Indicators,
            /// Ura indicators (used only for a riichi winner).
            pub ura_indicators: Indicators,
            /// Honba counters on the table (0..=[`MAX_STICKS`]).
            pub honba: u32,
            /// Riichi deposits on the table, this hand's included (0..=[`MAX_STICKS`]).
            pub riichi_sticks: u32,
            /// Seat of the player who dealt in (ron), if known.
            pub discarder: Option<Wind>,
            /// Seat of the player liable for a pao yakuman, if any.
            pub liable: Option<Wind>,
            /// Norths the winner set aside by kita (three players, 0..=4): nukidora, and
            /// Norths for the indicators (T10.2).
            pub kita: u8,
        }

        impl WinContext {
            /// Each yes/no circumstance: its name and what it means, in flag-bit order.
            pub const FLAGS: &'static [(&'static str, &'static str)] =
                &[$((stringify!($flag), $doc)),+];

            /// The flags as bits, in the order of [`Self::FLAGS`].
            pub fn flag_bits(&self) -> u16 {
                let mut bits = 0u16;
                for (i, on) in [$(self.$flag),+].into_iter().enumerate() {
                    bits |= u16::from(on) << i;
                }
                bits
            }

            /// Sets every flag from bits in the order of [`Self::FLAGS`].
            pub fn set_flag_bits(&mut self, bits: u16) {
                let mut i = 0;
                $(
                    self.$flag = bits & (1 << i) != 0;
                    i += 1;
                )+
                let _ = i;
            }

            /// Sets the flag called `name`; an unknown name is an error listing the flags.
            pub fn set_flag(&mut self, name: &str, on: bool) -> Result<()> {
                match name {
                    $(stringify!($flag) => self.$flag = on,)+
                    _ => return Err(Error::argument(format!(
                        "unknown win flag {name:?}; valid flags: {}",
                        Self::FLAGS.iter().map(|f| f.0).collect::<Vec<_>>().join(", ")
                    ))),
                }
                Ok(())
            }
        }
    };
}

for_each_win_flag!(define_win_context);

impl WinContext {
    /// Whether the winner is the dealer.
    pub fn dealer(&self) -> bool {
        self.seat_wind == Wind::East
    }

    /// Whether riichi (single or double) was declared.
    pub fn in_riichi(&self) -> bool {
        self.riichi || self.double_riichi
    }

    /// Checks that the flags fit together and with an `open` hand, and that the counts are in
    /// range.
    pub fn check(&self, open: bool) -> Result<()> {
        let fail = |message: String| Err(Error::argument(message));
        for (name, count) in [("honba", self.honba), ("riichi_sticks", self.riichi_sticks)] {
            if count > MAX_STICKS {
                return fail(format!("{name} {count} is out of range 0..={MAX_STICKS}"));
            }
        }
        if self.kita > MAX_KITA {
            return fail(format!(
                "kita {} is out of range 0..={MAX_KITA} (four Norths exist)",
                self.kita
            ));
        }
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
            if seat == Some(self.seat_wind) {
                return fail(format!(
                    "{name} cannot be the winner's own seat {}",
                    self.seat_wind
                ));
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
            seat_wind: Wind::South,
            ..Default::default()
        };
        assert!(bad.check(false).unwrap_err().message().contains("tenhou"));
        let bad = WinContext {
            discarder: Some(Wind::East),
            ..Default::default()
        };
        assert!(bad.check(false).unwrap_err().message().contains("own seat"));
        let bad = WinContext {
            kita: 5,
            ..Default::default()
        };
        assert!(bad.check(false).unwrap_err().message().contains("kita 5"));
        let bad = WinContext {
            honba: MAX_STICKS + 1,
            ..Default::default()
        };
        assert!(
            bad.check(false)
                .unwrap_err()
                .message()
                .contains("honba 256")
        );
    }

    #[test]
    fn indicators() {
        assert!(Indicators::new(&[0; 6]).is_err());
        assert!(Indicators::new(&[34]).is_err());
        assert_eq!(Indicators::new(&[0, 33]).unwrap().kinds(), &[0, 33]);
        let red = Indicators::with_red([(4, true), (4, false)]).unwrap();
        assert_eq!(red.to_mpsz(), "0m5m");
        assert!(Indicators::with_red([(3, true)]).is_err());
    }

    #[test]
    fn flags_round_trip_through_bits() {
        let mut ctx = WinContext::default();
        for (i, (name, _)) in WinContext::FLAGS.iter().enumerate() {
            ctx.set_flag(name, true).unwrap();
            assert_eq!(ctx.flag_bits(), (2 << i) - 1);
        }
        let mut back = WinContext::default();
        back.set_flag_bits(ctx.flag_bits());
        assert_eq!(back, ctx);
        assert!(ctx.set_flag("nope", true).is_err());
        assert_eq!(WinContext::FLAGS[0].0, "tsumo");
    }
}
