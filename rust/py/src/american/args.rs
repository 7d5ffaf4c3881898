//! Typed extraction of the American arguments.

use mahjong_core::Error;
use mahjong_core::american::{Exposure, Rack, Sight};
use mahjong_core::tile::JOKER;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

use super::exposure::PyExposure;
use crate::convert::{beyond_i64, int_value, kind_below, shown_int, tiles_arg, type_name};
use crate::errors::IntoPyResult;

/// Fails with TypeError for a bool: `True` is no tile, size or count in the American API.
pub(super) fn reject_bool(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<()> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!("{what} must not be a bool")));
    }
    Ok(())
}

/// An int argument named `what` (Python or numpy int, not a bool); one beyond `i64` is
/// `out_of_range` (given the int as written).
pub(super) fn int_arg(
    obj: &Bound<'_, PyAny>,
    what: &str,
    out_of_range: impl Fn(String) -> Error,
) -> PyResult<i64> {
    reject_bool(obj, what)?;
    let value = int_value(obj).ok_or_else(|| {
        PyTypeError::new_err(format!("{what} must be an int, got {}", type_name(obj)))
    })?;
    if beyond_i64(obj) {
        return Err(out_of_range(shown_int(obj))).py();
    }
    Ok(value)
}

/// A natural tile kind (0..=34) as an int (not a bool) or a one-tile string.
pub(super) fn natural_kind_arg(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    reject_bool(obj, "a tile")?;
    kind_below(obj, JOKER, "natural American", "'N' or '2C'")
}

/// A small non-negative int argument named `what`.
pub(super) fn small_int(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u8> {
    let out_of_range = |v: String| Error::meld(format!("{what} {v} is out of range"));
    let value = int_arg(obj, what, out_of_range)?;
    u8::try_from(value)
        .map_err(|_| out_of_range(value.to_string()))
        .py()
}

/// A count argument such as `top` or `k`: an int from 0 to 2**63 - 1.
pub(super) fn count_arg(
    obj: Option<&Bound<'_, PyAny>>,
    what: &str,
    default: usize,
) -> PyResult<usize> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(default);
    };
    let out_of_range = |v: String| Error::argument(format!("{what} {v} is out of range 0..2**63"));
    let value = int_arg(obj, what, out_of_range)?;
    usize::try_from(value)
        .map_err(|_| out_of_range(value.to_string()))
        .py()
}

/// Exposures from an iterable of `Exposure` objects or tile strings.
pub(super) fn exposures_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Exposure>> {
    let Some(obj) = obj else {
        return Ok(Vec::new());
    };
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "exposures must be a list of Exposure objects or tile strings, not one string",
        ));
    }
    obj.try_iter()?
        .map(|item| {
            let item = item?;
            match item.cast::<PyExposure>() {
                Ok(e) => Ok(e.get().exposure),
                Err(_) => Exposure::from_tiles(&tiles_arg(&item)?).py(),
            }
        })
        .collect()
}

/// A rack from a concealed-tiles argument and an exposures argument.
pub(super) fn rack_arg(
    hand: &Bound<'_, PyAny>,
    exposures: Option<&Bound<'_, PyAny>>,
) -> PyResult<Rack> {
    Rack::new(tiles_arg(hand)?, exposures_arg(exposures)?).py()
}

/// What the player sees of the others (`visible`, `others`, `redeemable`); see
/// `Sight::given`. `redeemable` is None (derived from the exposures) or a count.
pub(super) fn sight_arg(
    visible: Option<&Bound<'_, PyAny>>,
    others: Option<&Bound<'_, PyAny>>,
    redeemable: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Sight>> {
    let visible = visible
        .filter(|v| !v.is_none())
        .map(tiles_arg)
        .transpose()?;
    let others = exposures_arg(others.filter(|o| !o.is_none()))?;
    let redeemable = redeemable
        .filter(|r| !r.is_none())
        .map(|r| count_arg(Some(r), "redeemable", 0))
        .transpose()?;
    Sight::given(visible, others, redeemable).py()
}

/// Like [`sight_arg`] for the referee's test: no sight given means nothing in sight.
pub(super) fn public_sight_arg(
    visible: Option<&Bound<'_, PyAny>>,
    others: Option<&Bound<'_, PyAny>>,
) -> PyResult<Sight> {
    Ok(sight_arg(visible, others, None)?.unwrap_or_default())
}
