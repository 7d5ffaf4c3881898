//! The card's batch queries over numpy arrays: conversion only (the rows are answered by
//! `mahjong_core::american::batch::Rows`, which flags a bad row instead of failing).

use mahjong_core::Error;
use mahjong_core::american::Card;
use mahjong_core::american::batch::{EXPOSURE_WIDTH, Rows, encode_exposures};
use mahjong_core::tile::KINDS;
use numpy::Element;
use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
    dtype,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use super::args::exposures_arg;
use crate::batch::owned_rows;
use crate::convert::{ints, type_name};
use crate::errors::IntoPyResult;

/// A C-ordered copy of a uint8 array of shape (N, `width`), or an error that says what was
/// expected and what came (`what` names the argument).
fn rows_of(obj: &Bound<'_, PyAny>, width: usize, what: &str) -> PyResult<Vec<u8>> {
    let expected = format!("{what}: expected a uint8 array of shape (N, {width})");
    let Ok(array) = obj.cast::<PyUntypedArray>() else {
        return Err(PyTypeError::new_err(format!(
            "{expected}, got {}",
            type_name(obj)
        )));
    };
    let shape = array.shape();
    let shown = match shape {
        [n] => format!("({n},)"),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let is_u8 = array.dtype().is_equiv_to(&dtype::<u8>(obj.py()));
    if !is_u8 || shape.len() != 2 || shape[1] != width {
        return Err(Error::argument(format!(
            "{expected}, got {} with shape {shown}",
            array.dtype()
        )))
        .py();
    }
    Ok(owned_rows(&obj.cast::<PyArray2<u8>>()?.readonly()))
}

/// The counts rows and, per row, the encoded exposures (zeros when none are given).
fn inputs(
    counts: &Bound<'_, PyAny>,
    exposures: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Vec<u8>, Vec<u8>)> {
    let counts = rows_of(counts, KINDS, "counts")?;
    let n = counts.len() / KINDS;
    let exposures = match exposures.filter(|e| !e.is_none()) {
        Some(e) => rows_of(e, EXPOSURE_WIDTH, "exposures")?,
        None => vec![0; n * EXPOSURE_WIDTH],
    };
    if exposures.len() / EXPOSURE_WIDTH != n {
        return Err(Error::argument(format!(
            "counts has {n} rows but exposures has {}",
            exposures.len() / EXPOSURE_WIDTH
        )))
        .py();
    }
    Ok((counts, exposures))
}

/// Runs `per_row` over every (counts, exposures) row without holding the interpreter.
fn map_rows<T: Send>(
    card: &Card,
    counts: &Bound<'_, PyAny>,
    exposures: Option<&Bound<'_, PyAny>>,
    per_row: impl Fn(&mut Rows<'_>, &[u8; KINDS], &[u8; EXPOSURE_WIDTH]) -> T + Send + Sync,
) -> PyResult<Vec<T>> {
    let (counts_rows, exposure_rows) = inputs(counts, exposures)?;
    Ok(counts.py().detach(|| {
        let mut rows = Rows::new(card);
        counts_rows
            .chunks_exact(KINDS)
            .zip(exposure_rows.chunks_exact(EXPOSURE_WIDTH))
            .map(|(c, e)| {
                let (mut c36, mut e12) = ([0u8; KINDS], [0u8; EXPOSURE_WIDTH]);
                c36.copy_from_slice(c);
                e12.copy_from_slice(e);
                per_row(&mut rows, &c36, &e12)
            })
            .collect()
    }))
}

/// One value per row, as a 1-d array.
pub(super) fn column<'py, T: Element + Send>(
    card: &Card,
    counts: &Bound<'py, PyAny>,
    exposures: Option<&Bound<'py, PyAny>>,
    per_row: impl Fn(&mut Rows<'_>, &[u8; KINDS], &[u8; EXPOSURE_WIDTH]) -> T + Send + Sync,
) -> PyResult<Bound<'py, PyAny>> {
    let out = map_rows(card, counts, exposures, per_row)?;
    Ok(PyArray1::from_vec(counts.py(), out).into_any())
}

/// Tiles away per card hand for every row, as an (N, hands) array.
pub(super) fn distances_batch<'py>(
    card: &Card,
    counts: &Bound<'py, PyAny>,
    exposures: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let hands = card.hands.len();
    let rows = map_rows(card, counts, exposures, |rows, c, e| {
        let mut out = vec![0u8; hands];
        rows.distances_into(c, e, &mut out);
        out
    })?;
    let n = rows.len();
    Ok(PyArray1::from_vec(counts.py(), rows.concat())
        .reshape([n, hands])?
        .into_any())
}

/// One row of the exposure encoding of the batch functions: up to four exposures (`Exposure`
/// objects or strings such as `"N N N J"`) as 12 ints, `(kind, size, jokers)` per slot,
/// unused slots zero.
#[pyfunction]
pub(crate) fn american_encode_exposures(exposures: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    Ok(ints(
        encode_exposures(&exposures_arg(Some(exposures))?).py()?,
    ))
}
