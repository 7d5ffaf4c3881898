//! Text notations for tiles.
//!
//! One parser reads both notations, so a string may even mix them:
//!
//! - **MPSZ** (Riichi): digits followed by a lowercase suit letter, `m` characters, `p` circles,
//!   `s` bamboo, `z` honours (`1z`..`7z` = East South West North white green red); `0` in
//!   `m`/`p`/`s` is a red five. `"123m406p789s11z"`, `"5z55z"`.
//! - **American**: digits followed by an uppercase suit letter, `B` bams (= `s`), `C` craks
//!   (= `m`), `D` dots (= `p`); winds `N E W S`; dragons `R` red, `G` green and `0` white
//!   (soap, also the number zero); `F` flower; `J` joker. `"1B 1C 1D N E W S R G 0 F J"`,
//!   `"111B"`. Each dragon belongs to a suit: red to craks, green to bams, white to dots.
//!
//! Whitespace separates tokens and ends a run of digits; a run of zeros with no suit letter
//! is that many white dragons.
//!
//! One Riichi tile may also be written as its mjai name (`5mr`, `E`, `P`, `F`, `C`; see
//! [`crate::riichi::mjai`]): [`parse_riichi_tile`] reads every spelling of one tile.

use crate::error::{Error, Result};
use crate::riichi::mjai::parse_pai;
use crate::tile::{FLOWER, JOKER, RED, RIICHI_KINDS, WHITE};
use crate::tiles::Tiles;

/// American suit letters and the shared suit index they map to.
const AMERICAN_SUITS: [(char, u8); 3] = [('B', 2), ('C', 0), ('D', 1)];
/// American one-letter tiles and their kinds, in the order [`to_american`] writes them.
const AMERICAN_LETTERS: [(char, u8); 8] = [
    ('N', 30),
    ('E', 27),
    ('W', 29),
    ('S', 28),
    ('R', RED),
    ('G', 32),
    ('0', WHITE),
    ('F', FLOWER),
];

/// Parses MPSZ and American notation (see the module docs).
pub fn parse(text: &str) -> Result<Tiles> {
    let (kinds, red) = parse_sequence(text)?;
    Tiles::from_kinds_and_red(&kinds, red)
}

/// One Riichi tile in any spelling: its mjai name (`"5mr"`, `"E"`, `"P"`; a Riichi tile, so
/// `"F"` is the green dragon, not a flower) or one tile of MPSZ or American text (`"0m"`,
/// `"5z"`, `"N"`); its kind and whether it is a red five.
pub fn parse_riichi_tile(text: &str) -> Result<(u8, bool)> {
    if let Ok(tile) = parse_pai(text) {
        return Ok(tile);
    }
    match parse_sequence(text) {
        Ok((kinds, red)) if kinds.len() == 1 && usize::from(kinds[0]) < RIICHI_KINDS => {
            Ok((kinds[0], red.iter().any(|&r| r > 0)))
        }
        _ => Err(Error::tile(format!(
            "{text:?} is not a single Riichi tile (an mjai name such as \"5mr\" or \"E\", or \
             one tile of MPSZ text such as \"0m\" or \"1z\")"
        ))),
    }
}

/// Parses a notation into kinds in the order written, plus red fives per suit.
pub fn parse_sequence(text: &str) -> Result<(Vec<u8>, [u8; 3])> {
    let mut kinds = Vec::new();
    let mut red = [0u8; 3];
    let mut digits = String::new();
    let flush = |digits: &mut String, kinds: &mut Vec<u8>| -> Result<()> {
        if digits.is_empty() {
            return Ok(());
        }
        if digits.chars().all(|c| c == '0') {
            kinds.extend(std::iter::repeat_n(WHITE, digits.len()));
            digits.clear();
            return Ok(());
        }
        Err(Error::tile(format!(
            "digits {digits:?} in {text:?} have no suit letter (m, p, s, z or B, C, D)"
        )))
    };
    for (pos, ch) in text.char_indices() {
        match ch {
            '0'..='9' => digits.push(ch),
            'm' | 'p' | 's' | 'z' => {
                let suit = ['m', 'p', 's', 'z']
                    .iter()
                    .position(|&c| c == ch)
                    .unwrap_or(3);
                no_empty_run(&digits, ch, pos, text)?;
                for digit in digits.drain(..) {
                    let kind = mpsz_kind(suit, digit, text)?;
                    if digit == '0' {
                        red[suit] += 1;
                    }
                    kinds.push(kind);
                }
            }
            'B' | 'C' | 'D' => {
                let suit = AMERICAN_SUITS
                    .iter()
                    .find(|(c, _)| *c == ch)
                    .map_or(0, |s| s.1);
                no_empty_run(&digits, ch, pos, text)?;
                for digit in digits.drain(..) {
                    if digit == '0' {
                        return Err(Error::tile(format!(
                            "'0{ch}' in {text:?} does not exist: 0 is the white dragon and has no suit"
                        )));
                    }
                    kinds.push(suit * 9 + (digit as u8 - b'1'));
                }
            }
            c if c.is_whitespace() => flush(&mut digits, &mut kinds)?,
            c => {
                let Some(&(_, kind)) = AMERICAN_LETTERS
                    .iter()
                    .chain(&[('J', JOKER)])
                    .find(|(l, _)| *l == c)
                else {
                    return Err(Error::tile(format!(
                        "unexpected character {c:?} at position {pos} of {text:?} (expected \
                         digits with m, p, s, z or B, C, D, or one of N E W S R G F J)"
                    )));
                };
                flush(&mut digits, &mut kinds)?;
                kinds.push(kind);
            }
        }
    }
    flush(&mut digits, &mut kinds)?;
    Ok((kinds, red))
}

fn no_empty_run(digits: &str, letter: char, pos: usize, text: &str) -> Result<()> {
    if digits.is_empty() {
        return Err(Error::tile(format!(
            "suit letter '{letter}' at position {pos} of {text:?} has no digits before it"
        )));
    }
    Ok(())
}

fn mpsz_kind(suit: usize, digit: char, text: &str) -> Result<u8> {
    let value = digit as u8 - b'0';
    match (suit, value) {
        (3, 1..=7) => Ok(27 + value - 1),
        (3, _) => Err(Error::tile(format!(
            "honour tile '{digit}z' in {text:?} does not exist (1z..7z)"
        ))),
        (s, 0) => Ok(s as u8 * 9 + 4),
        (s, v) => Ok(s as u8 * 9 + v - 1),
    }
}

/// MPSZ text: suits in m, p, s, z order, a red five written `0` before the plain fives
/// (`"123m406p789s11z"`); flowers and jokers, if any, follow as `F` and `J`.
pub fn to_mpsz(tiles: &Tiles) -> String {
    let counts = tiles.counts();
    let red = tiles.red();
    let mut out = String::new();
    for (suit, letter) in ['m', 'p', 's', 'z'].into_iter().enumerate() {
        let start = out.len();
        for offset in 0..if suit == 3 { 7 } else { 9 } {
            let count = usize::from(counts[suit * 9 + offset]);
            let reds = if suit < 3 && offset == 4 {
                usize::from(red[suit])
            } else {
                0
            };
            out.extend(std::iter::repeat_n('0', reds));
            out.extend(std::iter::repeat_n(
                char::from(b'1' + offset as u8),
                count - reds,
            ));
        }
        if out.len() > start {
            out.push(letter);
        }
    }
    out.extend(std::iter::repeat_n(
        'F',
        usize::from(counts[usize::from(FLOWER)]),
    ));
    out.extend(std::iter::repeat_n(
        'J',
        usize::from(counts[usize::from(JOKER)]),
    ));
    out
}

/// American text, one space-separated token per tile: bams, craks, dots, then
/// `N E W S`, `R G 0`, flowers and jokers (`"1B 1B 2C N R 0 F J"`).
pub fn to_american(tiles: &Tiles) -> String {
    let counts = tiles.counts();
    let mut tokens = Vec::new();
    for (letter, suit) in AMERICAN_SUITS {
        for number in 0..9u8 {
            let count = counts[usize::from(suit * 9 + number)];
            tokens.extend(std::iter::repeat_n(
                format!("{}{letter}", number + 1),
                count.into(),
            ));
        }
    }
    for (letter, kind) in AMERICAN_LETTERS.into_iter().chain([('J', JOKER)]) {
        tokens.extend(std::iter::repeat_n(
            letter.to_string(),
            counts[usize::from(kind)].into(),
        ));
    }
    tokens.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_riichi_tile_in_every_spelling() {
        for (text, tile) in [
            ("5mr", (4, true)),
            ("0m", (4, true)),
            ("5m", (4, false)),
            ("E", (27, false)),
            ("1z", (27, false)),
            ("P", (31, false)),
            ("5z", (31, false)),
            ("F", (32, false)),
            ("6z", (32, false)),
            ("C", (33, false)),
            ("R", (33, false)),
            ("N", (30, false)),
            ("5sr", (22, true)),
            ("2C", (1, false)),
        ] {
            assert_eq!(parse_riichi_tile(text), Ok(tile), "{text}");
        }
        for bad in ["", "11m", "J", "5mrr", "?", "0z"] {
            assert!(parse_riichi_tile(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn american_round_trip() {
        let t = parse("1B 1C 1D N E W S R G 0 F J").unwrap();
        assert_eq!(t.count(18), 1); // 1B = 1s
        assert_eq!(t.count(0), 1); // 1C = 1m
        assert_eq!(t.count(9), 1); // 1D = 1p
        assert_eq!(t.count(WHITE), 1);
        assert_eq!(t.count(JOKER), 1);
        assert_eq!(to_american(&t), "1B 1C 1D N E W S R G 0 F J");
        assert_eq!(parse(&to_american(&t)).unwrap(), t);
        assert_eq!(
            to_american(&parse("111B 00 FFJJ").unwrap()),
            "1B 1B 1B 0 0 F F J J"
        );
    }

    #[test]
    fn zeros_and_errors() {
        assert_eq!(parse("0 0").unwrap().count(WHITE), 2);
        assert_eq!(parse("0m").unwrap().red(), [1, 0, 0]);
        assert!(parse("0B").unwrap_err().message().contains("no suit"));
        assert!(parse("12 3m").unwrap_err().message().contains("\"12\""));
        assert!(parse("X").unwrap_err().message().contains("'X'"));
        assert!(parse("1mF").is_ok());
        assert_eq!(to_mpsz(&parse("1mFJ").unwrap()), "1mFJ");
    }
}
