//! Batch entry points over numpy arrays of counts; they release the interpreter while working.

use mahjong_core::decompose::is_complete;
use mahjong_core::shanten::{self, Form};
use mahjong_core::tile::RIICHI_KINDS;
use mahjong_core::{Error, Result};
use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::errors::IntoPyResult;

/// What a batch does with a bad row.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum RowErrors {
    /// Raise for the first bad row, naming it.
    Raise,
    /// Return the row as `None` and go on.
    Flag,
}

impl RowErrors {
    pub(crate) fn parse(text: &str) -> Result<Self> {
        match text {
            "raise" => Ok(Self::Raise),
            "flag" => Ok(Self::Flag),
            _ => Err(Error::argument(format!(
                "errors must be \"raise\" or \"flag\", got {text:?}"
            ))),
        }
    }
}

/// A C-ordered copy of a uint8 array of shape `(N, W)`, or an error that says what was
/// expected and what came. The batch then works on memory of its own: without the
/// interpreter, another thread may resize or free the array (and numpy's borrow of it ends
/// here, before that can happen).
pub(crate) fn uint8_rows<const W: usize>(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(array) = obj.extract::<PyReadonlyArray2<'_, u8>>() {
        if array.shape()[1] == W {
            return Ok(owned_rows(&array));
        }
    }
    let Ok(array) = obj.cast::<PyUntypedArray>() else {
        return Err(PyTypeError::new_err(format!(
            "expected a uint8 array of shape (N, {W}), got {}",
            crate::convert::type_name(obj)
        )));
    };
    let shape = array
        .shape()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let got = format!("{} with shape ({shape})", array.dtype().str()?);
    if array.dtype().str()? != "uint8" {
        return Err(PyTypeError::new_err(format!(
            "expected a uint8 array of shape (N, {W}), got {got}"
        )));
    }
    Err(Error::argument(format!(
        "expected a uint8 array of shape (N, {W}), got {got}"
    )))
    .py()
}

/// The elements of a 2-d uint8 array in C order, copied.
pub(crate) fn owned_rows(array: &PyReadonlyArray2<'_, u8>) -> Vec<u8> {
    match array.as_slice() {
        Ok(slice) if array.is_c_contiguous() => slice.to_vec(),
        _ => array.as_array().iter().copied().collect(),
    }
}

/// Runs `per_row` over every `W`-byte row of `rows` (W = 34 Riichi kinds, or 36 with flowers
/// and jokers; the rows as [`uint8_rows`] copies them) without holding the interpreter. A bad
/// row raises an error naming its index, or comes back as `None` under [`RowErrors::Flag`].
pub(crate) fn map_rows_with<const W: usize, T: Send>(
    py: Python<'_>,
    rows: &[u8],
    on_error: RowErrors,
    mut per_row: impl FnMut(&[u8; W]) -> Result<T> + Send,
) -> PyResult<Vec<Option<T>>> {
    py.detach(|| {
        rows.chunks_exact(W)
            .enumerate()
            .map(|(row, chunk)| {
                let mut values = [0u8; W];
                values.copy_from_slice(chunk);
                match (per_row(&values), on_error) {
                    (Ok(value), _) => Ok(Some(value)),
                    (Err(_), RowErrors::Flag) => Ok(None),
                    (Err(e), RowErrors::Raise) => Err(e.context(format!("row {row}"))),
                }
            })
            .collect::<Result<Vec<_>>>()
    })
    .py()
}

/// Every row of `rows` through `per_row`, raising for the first bad row.
pub(crate) fn map_rows<const W: usize, T: Send>(
    py: Python<'_>,
    rows: &[u8],
    per_row: impl FnMut(&[u8; W]) -> Result<T> + Send,
) -> PyResult<Vec<T>> {
    let rows = map_rows_with(py, rows, RowErrors::Raise, per_row)?;
    Ok(rows.into_iter().flatten().collect())
}

/// Every row of an array-like `counts` of shape (N, W) through `per_row`.
fn each_row<const W: usize, T: Send>(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    per_row: impl FnMut(&[u8; W]) -> Result<T> + Send,
) -> PyResult<Vec<T>> {
    map_rows(py, &uint8_rows::<W>(counts)?, per_row)
}

/// Shanten of every row of a uint8 array of shape (N, 34) (counts per kind), as int8 (N,).
/// `kind` as in `shanten`. A row with a count above 4 or a total that is not 3n+1/3n+2
/// raises InvalidHandError naming the row.
#[pyfunction]
#[pyo3(signature = (counts, kind = "all"))]
pub(crate) fn shanten_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    kind: &str,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let form = Form::parse(kind).py()?;
    let out = each_row(py, counts, |hand: &[u8; RIICHI_KINDS]| {
        shanten::shanten(hand, form)
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// Whether each row of a uint8 array of shape (N, 34) is a complete 3n+2 hand part, as bool (N,).
#[pyfunction]
pub(crate) fn is_win_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let out = each_row(py, counts, |hand: &[u8; RIICHI_KINDS]| {
        let len = shanten::check_counts(hand)?;
        if len % 3 != 2 {
            return Err(Error::hand(format!(
                "a complete hand part has 3n+2 tiles, got {len}"
            )));
        }
        Ok(is_complete(hand, len))
    })?;
    Ok(PyArray1::from_vec(py, out))
}
