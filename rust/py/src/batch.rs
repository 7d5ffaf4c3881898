//! Batch entry points over numpy arrays of counts; they release the interpreter while working.

use mahjong_core::decompose::is_complete;
use mahjong_core::shanten::{self, Form};
use mahjong_core::tile::RIICHI_KINDS;
use mahjong_core::{Error, Result};
use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::errors::IntoPyResult;

/// Runs `per_row` over every row of an `(N, W)` uint8 array (W = 34 Riichi kinds, or 36 with
/// flowers and jokers) without holding the interpreter. The first bad row is reported with its
/// index.
pub(crate) fn map_rows<const W: usize, T: Send>(
    py: Python<'_>,
    counts: &PyReadonlyArray2<'_, u8>,
    mut per_row: impl FnMut(&[u8; W]) -> Result<T> + Send,
) -> PyResult<Vec<T>> {
    let shape = counts.shape();
    if shape[1] != W {
        return Err(Error::argument(format!(
            "counts must have shape (N, {W}), got ({}, {})",
            shape[0], shape[1]
        )))
        .py();
    }
    let owned;
    let flat = match counts.as_slice() {
        Ok(slice) if counts.is_c_contiguous() => slice,
        _ => {
            owned = counts.as_array().iter().copied().collect::<Vec<u8>>();
            &owned
        }
    };
    py.detach(|| {
        flat.chunks_exact(W)
            .enumerate()
            .map(|(row, chunk)| {
                let mut hand = [0u8; W];
                hand.copy_from_slice(chunk);
                per_row(&hand).map_err(|e| e.context(format!("row {row}")))
            })
            .collect::<Result<Vec<T>>>()
    })
    .py()
}

/// Shanten of every row of a uint8 array of shape (N, 34) (counts per kind), as int8 (N,).
/// `kind` as in `shanten`. A row with a count above 4 or a total that is not 3n+1/3n+2
/// raises InvalidHandError naming the row.
#[pyfunction]
#[pyo3(signature = (counts, kind = "all"))]
pub(crate) fn shanten_batch<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    kind: &str,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let form = Form::parse(kind).py()?;
    let out = map_rows(py, &counts, |hand: &[u8; RIICHI_KINDS]| {
        shanten::shanten(hand, form)
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// Whether each row of a uint8 array of shape (N, 34) is a complete 3n+2 hand part, as bool (N,).
#[pyfunction]
pub(crate) fn is_win_batch<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let out = map_rows(py, &counts, |hand: &[u8; RIICHI_KINDS]| {
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
