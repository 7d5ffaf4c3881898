//! Tile names of the mjai protocol: `1m`..`9m`, `1p`.., `1s`.., `E S W N` winds, `P F C`
//! white, green and red dragons, `5mr 5pr 5sr` red fives.

use crate::error::{Error, Result};
use crate::tile::RIICHI_KINDS;

const HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];

/// The mjai name of a tile kind, red when `red`.
pub fn pai(kind: u8, red: bool) -> String {
    match kind {
        0..=26 => {
            let suit = ["m", "p", "s"][usize::from(kind / 9)];
            format!("{}{suit}{}", kind % 9 + 1, if red { "r" } else { "" })
        }
        27..=33 => HONORS[usize::from(kind - 27)].to_owned(),
        _ => format!("?{kind}"),
    }
}

/// Reads an mjai tile name: its kind and whether it is a red five.
pub fn parse_pai(text: &str) -> Result<(u8, bool)> {
    if let Some(i) = HONORS.iter().position(|&h| h == text) {
        return Ok((27 + i as u8, false));
    }
    let bytes = text.as_bytes();
    let bad = || {
        Error::tile(format!(
            "{text:?} is not an mjai tile (1m..9s, E S W N P F C, 5mr)"
        ))
    };
    let (&digit, rest) = bytes.split_first().ok_or_else(bad)?;
    let suit = match rest.first() {
        Some(b'm') => 0,
        Some(b'p') => 1,
        Some(b's') => 2,
        _ => return Err(bad()),
    };
    let red = match &rest[1..] {
        [] => false,
        [b'r'] if digit == b'5' => true,
        _ => return Err(bad()),
    };
    if !(b'1'..=b'9').contains(&digit) {
        return Err(bad());
    }
    let kind = suit * 9 + (digit - b'1');
    debug_assert!(usize::from(kind) < RIICHI_KINDS);
    Ok((kind, red))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for kind in 0..34u8 {
            assert_eq!(parse_pai(&pai(kind, false)), Ok((kind, false)));
        }
        assert_eq!(pai(4, true), "5mr");
        assert_eq!(parse_pai("5sr"), Ok((22, true)));
        assert_eq!(pai(31, false), "P");
        assert!(parse_pai("4mr").is_err() && parse_pai("0m").is_err() && parse_pai("").is_err());
    }
}
