//! [`Wind`]: seat and round winds, and the seats they name.
//!
//! A seat is named by its seat wind in a deal: East is the dealer, and play passes East →
//! South → West → North (each player's right-hand neighbour, shimocha, is the next wind).

use std::fmt;

use crate::error::{Error, Result};
use crate::tile::EAST;

/// One of the four winds: a seat wind (East = dealer) or a round wind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Wind {
    /// East: the dealer's seat, the first round.
    #[default]
    East,
    /// South.
    South,
    /// West.
    West,
    /// North.
    North,
}

impl Wind {
    /// The winds in turn order.
    pub const ALL: [Self; 4] = [Self::East, Self::South, Self::West, Self::North];

    /// The wind at `index` (0 East .. 3 North); `what` names the value in the error.
    pub fn from_index(index: i64, what: &str) -> Result<Self> {
        usize::try_from(index)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
            .ok_or_else(|| Error::argument(format!("{what} {index} is out of range 0..=3")))
    }

    /// Reads `"E"`, `"S"`, `"W"`, `"N"` or the full name, in any case; `what` names the value
    /// in the error.
    pub fn parse(text: &str, what: &str) -> Result<Self> {
        let lower = text.to_ascii_lowercase();
        Self::ALL
            .into_iter()
            .find(|w| lower == w.name() || lower == w.name()[..1])
            .ok_or_else(|| Error::argument(format!("{what} {text:?} is not a wind (E, S, W, N)")))
    }

    /// 0 for East .. 3 for North.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lowercase English name, e.g. `"east"`.
    pub fn name(self) -> &'static str {
        match self {
            Self::East => "east",
            Self::South => "south",
            Self::West => "west",
            Self::North => "north",
        }
    }

    /// The one-letter name, e.g. `"E"`.
    pub fn letter(self) -> &'static str {
        ["E", "S", "W", "N"][self.index()]
    }

    /// The wind `steps` seats later in turn order.
    pub fn after(self, steps: usize) -> Self {
        Self::ALL[(self.index() + steps) % 4]
    }

    /// The next seat in turn order (this seat's shimocha).
    pub fn next(self) -> Self {
        self.after(1)
    }

    /// How many seats after `from` this one sits in turn order (0..=3).
    pub fn distance_from(self, from: Self) -> usize {
        (self.index() + 4 - from.index()) % 4
    }

    /// The tile kind of this wind (27 East .. 30 North).
    pub fn tile_kind(self) -> u8 {
        EAST + self as u8
    }

    /// The other seat winds of a game of `players` (3 or 4), in turn order after this one
    /// (with three players there is no North seat: after West comes East).
    pub fn others(self, players: usize) -> impl Iterator<Item = Self> {
        (1..players).map(move |step| Self::ALL[(self.index() + step) % players])
    }
}

impl fmt::Display for Wind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_names_and_errors() {
        assert_eq!(Wind::from_index(2, "seat"), Ok(Wind::West));
        assert!(
            Wind::from_index(4, "seat")
                .unwrap_err()
                .message()
                .contains("seat 4")
        );
        assert!(Wind::from_index(-1, "seat").is_err());
        assert_eq!(Wind::parse("south", "w"), Ok(Wind::South));
        assert_eq!(Wind::parse("N", "w"), Ok(Wind::North));
        assert!(
            Wind::parse("x", "round_wind")
                .unwrap_err()
                .message()
                .contains("round_wind")
        );
        assert_eq!(Wind::North.next(), Wind::East);
        assert_eq!(Wind::South.distance_from(Wind::West), 3);
        assert_eq!(Wind::West.tile_kind(), 29);
        assert_eq!(
            Wind::South.others(4).collect::<Vec<_>>(),
            [Wind::West, Wind::North, Wind::East]
        );
        assert_eq!(
            Wind::West.others(3).collect::<Vec<_>>(),
            [Wind::East, Wind::South]
        );
        assert_eq!(Wind::East.to_string(), "E");
    }
}
