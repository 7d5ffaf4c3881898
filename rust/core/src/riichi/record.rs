//! A fixed-size byte record per win, for batch scoring over numpy arrays.
//!
//! Layout ([`RECORD_WIDTH`] bytes, unused bytes zero):
//!
//! | bytes | content |
//! |---|---|
//! | 0..34 | concealed counts per kind, winning tile included |
//! | 34..37 | red fives among the concealed tiles (m, p, s) |
//! | 37 | winning tile kind |
//! | 38 | number of melds (0..4) |
//! | 39..55 | melds, 4 bytes each: kind (0 chi, 1 pon, 2 daiminkan, 3 ankan, 4 kakan), lowest tile kind, red fives in it, called tile kind (255 for an ankan) |
//! | 55..57 | flags, little-endian: bit 0 tsumo, 1 riichi, 2 double riichi, 3 open riichi, 4 ippatsu, 5 rinshan, 6 chankan, 7 haitei, 8 houtei, 9 tenhou, 10 chiihou, 11 renhou |
//! | 57, 58 | seat wind, round wind (0 East .. 3 North) |
//! | 59, 60..65 | number of dora indicators, their kinds (+128 for a red five) |
//! | 65, 66..71 | number of ura indicators, their kinds (+128 for a red five) |
//! | 71, 72 | honba, riichi deposits on the table |
//! | 73, 74 | discarder and liable seat winds (255 = none) |
//! | 75 | kita tiles set aside (three players, 0..4) |
//!
//! Flag bits follow [`WinContext::FLAGS`]. A record is checked like a scalar win: encoding
//! rejects what [`crate::riichi::score::Win::check`] rejects.

use crate::error::{Error, Result};
use crate::meld::{Meld, MeldKind};
use crate::riichi::context::{Indicators, WinContext};
use crate::riichi::rules::Ruleset;
use crate::riichi::score::Win;
use crate::tile::RIICHI_KINDS;
use crate::tiles::Tiles;
use crate::wind::Wind;

/// Bytes per record.
pub const RECORD_WIDTH: usize = 80;
const NONE: u8 = 255;

/// A decoded record: the concealed tiles, winning tile and context (the melds go to a
/// caller's buffer).
#[derive(Debug, Clone, Copy)]
pub struct Decoded {
    /// Concealed tiles, winning tile included.
    pub concealed: Tiles,
    /// Winning tile kind.
    pub win_tile: u8,
    /// The context of the win.
    pub context: WinContext,
}

/// Encodes a win as a record, after the checks scoring under `rules` makes.
pub fn encode(win: &Win<'_>, ctx: &WinContext, rules: &Ruleset) -> Result<[u8; RECORD_WIDTH]> {
    win.check(ctx, rules)?;
    let Win {
        concealed,
        win_tile,
        melds,
    } = *win;
    let mut r = [0u8; RECORD_WIDTH];
    r[..RIICHI_KINDS].copy_from_slice(&concealed.riichi_counts());
    r[34..37].copy_from_slice(&concealed.red());
    r[37] = win_tile;
    r[38] = melds.len() as u8;
    for (i, meld) in melds.iter().enumerate() {
        let code = MeldKind::ALL
            .iter()
            .position(|&k| k == meld.kind())
            .unwrap_or(0) as u8;
        let at = 39 + 4 * i;
        r[at..at + 4].copy_from_slice(&[
            code,
            meld.first_kind(),
            meld.tiles().red_total(),
            meld.called().unwrap_or(NONE),
        ]);
    }
    r[55..57].copy_from_slice(&ctx.flag_bits().to_le_bytes());
    r[57] = ctx.seat_wind as u8;
    r[58] = ctx.round_wind as u8;
    for (at, indicators) in [(59, &ctx.dora_indicators), (65, &ctx.ura_indicators)] {
        r[at] = indicators.kinds().len() as u8;
        for (slot, (kind, red)) in r[at + 1..].iter_mut().zip(indicators.tiles()) {
            *slot = kind | (u8::from(red) << 7);
        }
    }
    r[71] = u8::try_from(ctx.honba).map_err(|_| {
        Error::argument(format!(
            "honba {} does not fit a record (at most 255)",
            ctx.honba
        ))
    })?;
    r[72] = u8::try_from(ctx.riichi_sticks).map_err(|_| {
        Error::argument(format!(
            "riichi_sticks {} does not fit a record (at most 255)",
            ctx.riichi_sticks
        ))
    })?;
    r[73] = ctx.discarder.map_or(NONE, |w| w as u8);
    r[74] = ctx.liable.map_or(NONE, |w| w as u8);
    r[75] = ctx.kita;
    Ok(r)
}

/// Decodes and checks a record (the hand itself is checked when it is scored); the melds
/// replace the contents of `melds`.
pub fn decode(r: &[u8], melds: &mut Vec<Meld>) -> Result<Decoded> {
    if r.len() != RECORD_WIDTH {
        return Err(Error::argument(format!(
            "a record has {RECORD_WIDTH} bytes, got {}",
            r.len()
        )));
    }
    let concealed = Tiles::from_counts(&r[..RIICHI_KINDS])?.with_red([r[34], r[35], r[36]])?;
    let meld_count = usize::from(r[38]);
    if meld_count > 4 {
        return Err(Error::hand(format!("meld count {meld_count} is above 4")));
    }
    melds.clear();
    for i in 0..meld_count {
        melds.push(decode_meld(&r[39 + 4 * i..43 + 4 * i])?);
    }
    let indicators = |at: usize| -> Result<Indicators> {
        let n = usize::from(r[at]);
        if n > 5 {
            return Err(Error::argument(format!("indicator count {n} is above 5")));
        }
        Indicators::with_red(r[at + 1..at + 1 + n].iter().map(|&b| (b & 127, b >= 128)))
    };
    let wind = |name: &str, b: u8| Wind::from_index(i64::from(b), name);
    let seat = |name: &str, b: u8| (b != NONE).then(|| wind(name, b)).transpose();
    let mut context = WinContext {
        seat_wind: wind("seat wind", r[57])?,
        round_wind: wind("round wind", r[58])?,
        dora_indicators: indicators(59)?,
        ura_indicators: indicators(65)?,
        honba: u32::from(r[71]),
        riichi_sticks: u32::from(r[72]),
        discarder: seat("discarder", r[73])?,
        liable: seat("liable", r[74])?,
        kita: r[75],
        ..WinContext::default()
    };
    context.set_flag_bits(u16::from_le_bytes([r[55], r[56]]));
    Ok(Decoded {
        concealed,
        win_tile: r[37],
        context,
    })
}

fn decode_meld(m: &[u8]) -> Result<Meld> {
    let kind = *MeldKind::ALL
        .get(usize::from(m[0]))
        .ok_or_else(|| Error::meld(format!("meld kind code {} is out of range 0..=4", m[0])))?;
    let first = m[1];
    if usize::from(first) >= RIICHI_KINDS {
        return Err(Error::tile(format!(
            "meld tile kind {first} is out of range 0..=33"
        )));
    }
    let mut counts = [0u8; RIICHI_KINDS];
    if kind == MeldKind::Chi {
        if first >= 27 || first % 9 > 6 {
            return Err(Error::meld(format!("a chi cannot start at kind {first}")));
        }
        counts[usize::from(first)..usize::from(first) + 3].fill(1);
    } else {
        counts[usize::from(first)] = kind.size() as u8;
    }
    let mut red = [0u8; 3];
    if m[2] > 0 {
        let five = (0..3).find(|&s| counts[s * 9 + 4] > 0).ok_or_else(|| {
            Error::meld(format!(
                "meld starting at kind {first} holds no five to be red"
            ))
        })?;
        red[five] = m[2];
    }
    let tiles = Tiles::from_counts(&counts)?.with_red(red)?;
    Meld::new(kind, tiles, (m[3] != NONE).then_some(m[3]), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let tiles = Tiles::parse("123m406p55s").unwrap();
        let chi = Meld::new(
            MeldKind::Chi,
            Tiles::parse("0s67s").unwrap(),
            Some(22),
            Some(2),
        )
        .unwrap();
        let ankan = Meld::new(MeldKind::Ankan, Tiles::parse("7777z").unwrap(), None, None).unwrap();
        let ctx = WinContext {
            tsumo: true,
            seat_wind: Wind::West,
            dora_indicators: Indicators::with_red([(3, false), (4, true)]).unwrap(),
            honba: 2,
            liable: Some(Wind::South),
            ..Default::default()
        };
        let melds = [chi, ankan];
        let win = Win {
            concealed: &tiles,
            win_tile: 13,
            melds: &melds,
        };
        let r = encode(&win, &ctx, &Ruleset::default()).unwrap();
        let mut melds = Vec::new();
        let d = decode(&r, &mut melds).unwrap();
        assert_eq!(r[61], 4 + 128);
        assert_eq!(d.concealed, tiles);
        assert_eq!(d.win_tile, 13);
        assert_eq!(melds[0].tiles(), chi.tiles());
        assert_eq!(melds[1], ankan);
        assert_eq!(d.context, ctx);
    }

    #[test]
    fn bad_records_are_errors() {
        let mut melds = Vec::new();
        let mut r = [0u8; RECORD_WIDTH];
        r[0] = 5;
        assert!(decode(&r, &mut melds).is_err());
        r[0] = 0;
        r[38] = 5;
        assert!(decode(&r, &mut melds).is_err());
        r[38] = 1;
        r[39] = 0;
        r[40] = 8; // chi starting at 9m
        assert!(decode(&r, &mut melds).is_err());
        assert!(decode(&r[..10], &mut melds).is_err());
        r[38] = 0;
        r[34] = 1; // a red 5m without any 5m
        assert!(decode(&r, &mut melds).is_err());
    }
}
