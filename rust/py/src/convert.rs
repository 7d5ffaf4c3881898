//! Conversions of Python arguments into core values.

use mahjong_core::tile::RIICHI_KINDS;
use mahjong_core::{Error, Tiles};
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::IntoPyResult;
use crate::tiles::PyTiles;

/// Accepts a `Tiles` or an MPSZ string.
pub(crate) fn tiles_arg(obj: &Bound<'_, PyAny>) -> PyResult<Tiles> {
    if let Ok(tiles) = obj.cast::<PyTiles>() {
        return Ok(tiles.get().tiles);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return Tiles::parse(&text.to_cow()?).py();
    }
    Err(PyTypeError::new_err(format!(
        "expected Tiles or an MPSZ string such as '123m456p', got {}",
        type_name(obj)
    )))
}

/// The value of an integer-like object (Python or numpy int); `None` if it is not one (a
/// bool is not an int here: `True` is no seat, code or tile). Values beyond `i64` saturate,
/// so range checks still reject them with a typed error; an error names the value as given
/// ([`shown_int`]), never its saturated bound ([`beyond_i64`] tells when it was).
pub(crate) fn int_value(obj: &Bound<'_, PyAny>) -> Option<i64> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<pyo3::types::PyBool>() {
        return None;
    }
    match obj.extract::<i64>() {
        Ok(v) => Some(v),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            let negative = obj.lt(0).unwrap_or(false);
            Some(if negative { i64::MIN } else { i64::MAX })
        }
        Err(_) => None,
    }
}

/// Whether the int `obj` lies beyond `i64` (its [`int_value`] saturated).
pub(crate) fn beyond_i64(obj: &Bound<'_, PyAny>) -> bool {
    obj.extract::<i64>().is_err()
}

/// An int argument as given, for messages: its digits (the middle left out beyond 40
/// characters), or its size when Python will not write it out.
pub(crate) fn shown_int(obj: &Bound<'_, PyAny>) -> String {
    let Ok(text) = obj.str().map(|s| s.to_string()) else {
        let bits = obj
            .call_method0("bit_length")
            .and_then(|b| b.extract::<u64>())
            .unwrap_or(0);
        // log10(2) = 0.30103: the digits of a number of `bits` bits.
        return format!("an int of about {} digits", bits * 30_103 / 100_000 + 1);
    };
    let digits = text.trim_start_matches('-').len();
    if text.len() <= 40 {
        return text;
    }
    format!(
        "{}...{} ({digits} digits)",
        &text[..12],
        &text[text.len() - 6..]
    )
}

/// Accepts a Riichi tile kind as an int `0..=33` or one tile in any spelling (`"5m"`,
/// `"5mr"`, `"E"`, `"1z"`; see [`riichi_tile_text`]).
pub(crate) fn kind_arg(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    if let Ok(text) = obj.cast::<PyString>() {
        return riichi_tile_text(text).map(|(kind, _)| kind);
    }
    kind_below(obj, RIICHI_KINDS as u8, "Riichi", "'5m' or 'E'")
}

/// One Riichi tile written as text: its mjai name or one tile of MPSZ or American text
/// ([`mahjong_core::notation::parse_riichi_tile`]); its kind and whether it is a red five.
pub(crate) fn riichi_tile_text(text: &Bound<'_, PyString>) -> PyResult<(u8, bool)> {
    mahjong_core::notation::parse_riichi_tile(&text.to_cow()?).py()
}

/// Accepts a tile kind below `limit` as an int or a one-tile string; `family` and `example`
/// word the errors.
pub(crate) fn kind_below(
    obj: &Bound<'_, PyAny>,
    limit: u8,
    family: &str,
    example: &str,
) -> PyResult<u8> {
    if let Some(value) = int_value(obj) {
        return u8::try_from(value)
            .ok()
            .filter(|&k| k < limit)
            .ok_or_else(|| {
                Error::tile(format!(
                    "tile kind {} is out of range 0..={}",
                    shown_int(obj),
                    limit - 1
                ))
            })
            .py();
    }
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        let tiles = Tiles::parse(&text).py()?;
        let kinds = tiles.kinds();
        return match kinds.as_slice() {
            [kind] if *kind < limit => Ok(*kind),
            _ => Err(Error::tile(format!(
                "{text:?} is not a single {family} tile"
            )))
            .py(),
        };
    }
    Err(PyTypeError::new_err(format!(
        "expected a tile kind (int 0..={}) or a tile string such as {example}, got {}",
        limit - 1,
        type_name(obj)
    )))
}

/// Riichi counts of tiles that must hold no flowers or jokers.
pub(crate) fn riichi_counts(tiles: &Tiles) -> PyResult<[u8; RIICHI_KINDS]> {
    if !tiles.is_riichi() {
        return Err(Error::hand(format!(
            "{tiles} holds flowers or jokers, not a Riichi hand"
        )))
        .py();
    }
    Ok(tiles.riichi_counts())
}

/// The Python type name of `obj`, for error messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "an unknown type".to_owned(), |n| n.to_string())
}

/// `values` (at most four) as the core's four seats, the seats past them their default (seat
/// 3 of three players).
pub(crate) fn four_seats<T: Default>(values: Vec<T>) -> [T; 4] {
    let mut seats: [T; 4] = Default::default();
    for (slot, value) in seats.iter_mut().zip(values) {
        *slot = value;
    }
    seats
}

/// Small unsigned values as Python ints (a `Vec<u8>` would become `bytes`).
pub(crate) fn ints(values: impl IntoIterator<Item = u8>) -> Vec<u32> {
    values.into_iter().map(u32::from).collect()
}

/// What `__reduce__` returns: a rebuilding callable of `mahjong._core` and its arguments.
pub(crate) type Reduced<'py, A> = PyResult<(Bound<'py, PyAny>, A)>;

/// `__reduce__` through the `mahjong._core` function `name`.
pub(crate) fn reduce_to<'py, A>(py: Python<'py>, name: &str, args: A) -> Reduced<'py, A> {
    Ok((py.import("mahjong._core")?.getattr(name)?, args))
}
