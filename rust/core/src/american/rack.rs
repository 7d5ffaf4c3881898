//! A player's tiles: the concealed tiles (jokers included) and the exposures on the rack.

use std::fmt;

use super::tile_name;
use crate::error::{Error, Result};
use crate::tile::{JOKER, KINDS};
use crate::tiles::{Tiles, supply};

/// An exposed set: `size` tiles (3 pung, 4 kong, 5 quint, 6 sextet) of one natural kind, of
/// which `jokers` are jokers. It holds at least one natural (the claimed discard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Exposure {
    kind: u8,
    size: u8,
    jokers: u8,
}

impl Exposure {
    /// Checks and builds an exposure.
    pub fn new(kind: u8, size: u8, jokers: u8) -> Result<Self> {
        let exposure = Self { kind, size, jokers };
        exposure.check().map_err(|e| {
            e.context(format!(
                "exposure of {size} x {} with {jokers} joker(s)",
                tile_name(kind)
            ))
        })?;
        Ok(exposure)
    }

    fn check(&self) -> Result<()> {
        if usize::from(self.kind) >= usize::from(JOKER) {
            return Err(Error::meld(format!(
                "tile kind {} is not a natural tile (0..=34)",
                self.kind
            )));
        }
        if !(3..=6).contains(&self.size) {
            return Err(Error::meld(
                "an exposure is a pung, kong, quint or sextet (3 to 6 tiles)",
            ));
        }
        if self.jokers >= self.size {
            return Err(Error::meld(
                "an exposure holds at least one natural tile (the claimed discard)",
            ));
        }
        if self.naturals() > supply(self.kind.into()) {
            return Err(Error::meld(format!(
                "{} natural {} do not exist; the rest must be jokers",
                self.naturals(),
                tile_name(self.kind)
            )));
        }
        Ok(())
    }

    /// Reads an exposure from its tiles: copies of one natural kind plus jokers (`"N N N J"`).
    pub fn from_tiles(tiles: &Tiles) -> Result<Self> {
        let jokers = tiles.count(JOKER);
        let naturals: Vec<u8> = tiles.kinds().into_iter().filter(|&k| k != JOKER).collect();
        match naturals.first() {
            Some(&kind) if naturals.iter().all(|&k| k == kind) => {
                Self::new(kind, tiles.len() as u8, jokers)
            }
            _ => Err(Error::meld(format!(
                "exposure {:?} must be copies of one natural tile plus jokers",
                tiles.to_american()
            ))),
        }
    }

    /// The natural kind.
    pub fn kind(&self) -> u8 {
        self.kind
    }

    /// Number of tiles.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Number of jokers in it.
    pub fn jokers(&self) -> u8 {
        self.jokers
    }

    /// Number of natural tiles in it.
    pub fn naturals(&self) -> u8 {
        self.size - self.jokers
    }

    /// Its tiles: the naturals and the jokers.
    pub fn tiles(&self) -> Tiles {
        let mut counts = [0u8; KINDS];
        counts[usize::from(self.kind)] = self.naturals();
        counts[usize::from(JOKER)] = self.jokers;
        Tiles::from_counts(&counts).unwrap_or_default()
    }
}

impl fmt::Display for Exposure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.tiles().to_american())
    }
}

/// A player's tiles: concealed counts (jokers at kind 35) plus exposures. The constructor checks
/// that all of them together fit the 152-tile set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rack {
    concealed: Tiles,
    exposures: Vec<Exposure>,
    all: Tiles,
}

impl Rack {
    /// Builds a rack and checks the supply over concealed and exposed tiles.
    pub fn new(concealed: Tiles, exposures: Vec<Exposure>) -> Result<Self> {
        let mut all = concealed;
        for e in &exposures {
            all = all.try_add(&e.tiles()).map_err(|err| {
                err.context(format!(
                    "concealed {:?} with exposure {e}",
                    concealed.to_american()
                ))
            })?;
        }
        Ok(Self {
            concealed,
            exposures,
            all,
        })
    }

    /// The concealed tiles (jokers included).
    pub fn concealed(&self) -> &Tiles {
        &self.concealed
    }

    /// The exposures.
    pub fn exposures(&self) -> &[Exposure] {
        &self.exposures
    }

    /// Concealed and exposed tiles together.
    pub fn all_tiles(&self) -> &Tiles {
        &self.all
    }

    /// Fails unless the rack holds one of `sizes` tiles; `what` names the call.
    pub fn expect_len(&self, sizes: &[usize], what: &str) -> Result<()> {
        if sizes.contains(&self.all.len()) {
            return Ok(());
        }
        let expected: Vec<String> = sizes.iter().map(ToString::to_string).collect();
        Err(Error::hand(format!(
            "{what} needs {} tiles (concealed plus exposed), got {} ({:?}{})",
            expected.join(" or "),
            self.all.len(),
            self.concealed.to_american(),
            self.exposures
                .iter()
                .map(|e| format!(" + [{e}]"))
                .collect::<String>()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exposures_are_checked() {
        assert!(Exposure::new(30, 3, 0).is_ok());
        assert!(
            Exposure::new(30, 2, 0)
                .unwrap_err()
                .message()
                .contains("3 to 6")
        );
        assert!(
            Exposure::new(30, 3, 3)
                .unwrap_err()
                .message()
                .contains("natural")
        );
        assert!(
            Exposure::new(30, 5, 0)
                .unwrap_err()
                .message()
                .contains("5 natural N")
        );
        assert!(Exposure::new(34, 5, 0).is_ok());
        assert!(Exposure::new(35, 3, 0).is_err());
        let e = Exposure::from_tiles(&Tiles::parse("N N J").unwrap()).unwrap();
        assert_eq!((e.kind(), e.size(), e.jokers()), (30, 3, 1));
        assert!(Exposure::from_tiles(&Tiles::parse("N E J").unwrap()).is_err());
        assert!(Exposure::from_tiles(&Tiles::parse("J J J").unwrap()).is_err());
    }

    #[test]
    fn racks_check_the_supply() {
        let kong = Exposure::new(30, 4, 0).unwrap();
        let err = Rack::new(Tiles::parse("N").unwrap(), vec![kong]).unwrap_err();
        assert!(err.message().contains("5 copies"));
        let rack = Rack::new(Tiles::parse("1B J").unwrap(), vec![kong]).unwrap();
        assert_eq!(rack.all_tiles().len(), 6);
        assert!(
            rack.expect_len(&[14], "match")
                .unwrap_err()
                .message()
                .contains("got 6")
        );
    }
}
