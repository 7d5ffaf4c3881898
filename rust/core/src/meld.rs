//! [`Meld`]: a declared set (chi, pon, or one of the three kans).

use std::fmt;

use crate::error::{Error, Result};
use crate::tile::{EAST, kind_name};
use crate::tiles::Tiles;

/// The kind of a declared meld.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// A sequence completed with the previous player's discard.
    Chi,
    /// A triplet completed with a discard.
    Pon,
    /// An open kan: three concealed tiles plus a discard.
    Daiminkan,
    /// A concealed kan: four tiles from the hand (the hand stays closed).
    Ankan,
    /// An added kan: the fourth tile added to one's own pon.
    Kakan,
}

impl MeldKind {
    /// All kinds, in declaration order.
    pub const ALL: [Self; 5] = [
        Self::Chi,
        Self::Pon,
        Self::Daiminkan,
        Self::Ankan,
        Self::Kakan,
    ];

    /// The lowercase name used in the API (`"chi"`, `"pon"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Self::Chi => "chi",
            Self::Pon => "pon",
            Self::Daiminkan => "daiminkan",
            Self::Ankan => "ankan",
            Self::Kakan => "kakan",
        }
    }

    /// Parses a name produced by [`MeldKind::name`].
    pub fn parse(name: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| {
                Error::argument(format!(
                    "unknown meld kind {name:?} (expected one of chi, pon, daiminkan, ankan, kakan)"
                ))
            })
    }

    /// Whether this is one of the three kans.
    pub fn is_kan(self) -> bool {
        matches!(self, Self::Daiminkan | Self::Ankan | Self::Kakan)
    }

    /// Number of tiles in a meld of this kind.
    pub fn size(self) -> usize {
        if self.is_kan() { 4 } else { 3 }
    }
}

/// A declared meld: its tiles, the kind of the tile taken from another player (none for an
/// ankan) and the seat that tile came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meld {
    kind: MeldKind,
    tiles: Tiles,
    called: Option<u8>,
    from_seat: Option<u8>,
    first: u8,
}

impl Meld {
    /// Builds a meld and checks that its tiles, called tile and source fit `kind`.
    pub fn new(
        kind: MeldKind,
        tiles: Tiles,
        called: Option<u8>,
        from_seat: Option<u8>,
    ) -> Result<Self> {
        let first = (0..34).find(|&k| tiles.count(k) > 0).unwrap_or(0);
        let meld = Self {
            kind,
            tiles,
            called,
            from_seat,
            first,
        };
        meld.check()
            .map_err(|e| e.context(format!("{} {tiles}", kind.name())))?;
        Ok(meld)
    }

    fn check(&self) -> Result<()> {
        let size = self.tiles.len();
        if size != self.kind.size() {
            return Err(Error::meld(format!(
                "needs {} tiles, got {size}",
                self.kind.size()
            )));
        }
        if !self.tiles.is_riichi() {
            return Err(Error::meld("flowers and jokers cannot form a Riichi meld"));
        }
        let first = self.first;
        let shape_ok = if self.kind == MeldKind::Chi {
            first < EAST && first % 9 <= 6 && (first..first + 3).all(|k| self.tiles.count(k) == 1)
        } else {
            usize::from(self.tiles.count(first)) == size
        };
        if !shape_ok {
            let shape = if self.kind == MeldKind::Chi {
                "three consecutive tiles of one suit"
            } else {
                "copies of one kind"
            };
            return Err(Error::meld(format!("tiles must be {shape}")));
        }
        match (self.kind, self.called) {
            (MeldKind::Ankan, Some(c)) => {
                return Err(Error::meld(format!(
                    "an ankan has no called tile, got {}",
                    kind_name(c, false)
                )));
            }
            (MeldKind::Ankan, None) => {}
            (_, None) => return Err(Error::meld("the called tile is missing")),
            (_, Some(c)) if self.tiles.count(c) == 0 => {
                return Err(Error::meld(format!(
                    "called tile {} is not one of its tiles",
                    kind_name(c, false)
                )));
            }
            _ => {}
        }
        match (self.kind, self.from_seat) {
            (MeldKind::Ankan, Some(s)) => Err(Error::meld(format!(
                "an ankan comes from no other seat, got seat {s}"
            ))),
            (_, Some(s)) if s > 3 => Err(Error::meld(format!("seat {s} is out of range 0..=3"))),
            _ => Ok(()),
        }
    }

    /// The meld kind.
    pub fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The tiles of the meld (3, or 4 for a kan).
    pub fn tiles(&self) -> &Tiles {
        &self.tiles
    }

    /// The kind of the tile taken from another player (for a kakan: the tile of the original pon).
    pub fn called(&self) -> Option<u8> {
        self.called
    }

    /// The seat the called tile came from, if known.
    pub fn from_seat(&self) -> Option<u8> {
        self.from_seat
    }

    /// The lowest kind in the meld (the kind itself for pon and kans).
    pub fn first_kind(&self) -> u8 {
        self.first
    }

    /// Whether the meld opens the hand (everything but an ankan).
    pub fn is_open(&self) -> bool {
        self.kind != MeldKind::Ankan
    }
}

impl fmt::Debug for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Meld({} {}", self.kind.name(), self.tiles)?;
        if let Some(c) = self.called {
            write!(f, ", called {}", kind_name(c, false))?;
        }
        if let Some(s) = self.from_seat {
            write!(f, ", from seat {s}")?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tiles {
        Tiles::parse(s).unwrap()
    }

    #[test]
    fn valid_melds() {
        assert!(Meld::new(MeldKind::Chi, t("0m67m"), Some(4), Some(3)).is_ok());
        assert!(Meld::new(MeldKind::Pon, t("777z"), Some(33), None).is_ok());
        assert!(
            Meld::new(MeldKind::Ankan, t("1111s"), None, None)
                .unwrap()
                .kind()
                .is_kan()
        );
        assert!(
            !Meld::new(MeldKind::Ankan, t("1111s"), None, None)
                .unwrap()
                .is_open()
        );
        assert!(Meld::new(MeldKind::Kakan, t("5550p"), Some(13), Some(1)).is_ok());
    }

    #[test]
    fn invalid_melds_say_why() {
        let e = |k, s, c, f| Meld::new(k, t(s), c, f).unwrap_err().message().to_owned();
        assert!(e(MeldKind::Chi, "891m", Some(8), None).contains("consecutive"));
        assert!(e(MeldKind::Chi, "123z", Some(27), None).contains("consecutive"));
        assert!(e(MeldKind::Pon, "112m", Some(0), None).contains("one kind"));
        assert!(e(MeldKind::Pon, "11m", Some(0), None).contains("needs 3"));
        assert!(e(MeldKind::Pon, "111m", None, None).contains("missing"));
        assert!(e(MeldKind::Pon, "111m", Some(5), None).contains("6m"));
        assert!(e(MeldKind::Ankan, "1111m", Some(0), None).contains("no called"));
        assert!(e(MeldKind::Pon, "111m", Some(0), Some(4)).contains("seat 4"));
        assert!(
            MeldKind::parse("kong")
                .unwrap_err()
                .message()
                .contains("kong")
        );
    }
}
