//! The observation encoders of both families as Python functions (`mahjong.riichi.encode`,
//! `action_mask`, `encode_batch` and `encoding_channels`, and the same in `mahjong.american`):
//! written once over [`Family`] and declared per family by [`encoder_functions!`]. The
//! encodings themselves are the core's (`mahjong_core::encode`).

use mahjong_core::encode::Encoder;
use numpy::ndarray::{Array2, Array3};
use numpy::{IntoPyArray, PyArray2, PyArray3};
use pyo3::PyClass;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pyclass::boolean_struct::True;

use crate::args::SeatArg;
use crate::errors::IntoPyResult;

/// One family's observation and deal classes and its core encoder.
pub(crate) trait Family {
    /// The core encoder.
    type Encoder: Encoder<Observation = Self::Observation>;
    /// The core observation.
    type Observation: Send + Sync;
    /// The Python observation class (frozen: read without the interpreter).
    type PyObservation: PyClass<Frozen = True> + Sync + Send;
    /// The Python deal class.
    type PyDeal: PyClass<Frozen = True> + Sync;
    /// The Python names of the two classes, for errors.
    const NAMES: [&'static str; 2];

    /// The core observation a Python observation holds.
    fn core(obs: &Self::PyObservation) -> &Self::Observation;
    /// What `seat` of `deal` may see now.
    fn observe(deal: &Self::PyDeal, py: Python<'_>, seat: usize) -> Self::Observation;
}

/// An observation to encode: held by a Python observation object, or made from a deal.
enum Source<F: Family> {
    Shared(Py<F::PyObservation>),
    Owned(F::Observation),
}

impl<F: Family> Source<F> {
    /// The core observation (no interpreter needed).
    fn get(&self) -> &F::Observation {
        match self {
            Self::Shared(obs) => F::core(obs.get()),
            Self::Owned(obs) => obs,
        }
    }
}

/// The observation `obj` stands for: an observation (no seat), or a deal and a seat. `what`
/// names the argument in errors.
fn source<F: Family>(
    obj: &Bound<'_, PyAny>,
    seat: Option<usize>,
    what: &str,
) -> PyResult<Source<F>> {
    let [observation, deal] = F::NAMES;
    if let Ok(obs) = obj.cast::<F::PyObservation>() {
        if let Some(seat) = seat {
            return Err(mahjong_core::Error::argument(format!(
                "{what} is an {observation}, which has its seat; seat {seat} goes only with a \
                 {deal}"
            )))
            .py();
        }
        return Ok(Source::Shared(obs.clone().unbind()));
    }
    if let Ok(table) = obj.cast::<F::PyDeal>() {
        let Some(seat) = seat else {
            return Err(mahjong_core::Error::argument(format!(
                "{what} is a {deal}: give the seat to encode"
            )))
            .py();
        };
        return Ok(Source::Owned(F::observe(table.get(), obj.py(), seat)));
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be an {observation} or a {deal}, got {}",
        crate::convert::type_name(obj)
    )))
}

/// The encoding of one observation, shape (rows, width), float32.
pub(crate) fn encode<'py, F: Family>(
    obj: &Bound<'py, PyAny>,
    seat: Option<SeatArg>,
    full: bool,
) -> PyResult<Bound<'py, PyArray2<f32>>> {
    let source = source::<F>(obj, seat.map(|s| s.0), "source")?;
    let mut data = vec![0.0; F::Encoder::len(full)];
    F::Encoder::encode(source.get(), full, &mut data);
    let shape = (F::Encoder::rows(full), F::Encoder::WIDTH);
    let array = Array2::from_shape_vec(shape, data).map_err(shape_error)?;
    Ok(array.into_pyarray(obj.py()))
}

/// The action mask of one observation, shape (ACTION_COUNT,), int8.
pub(crate) fn action_mask<'py, F: Family>(
    obj: &Bound<'py, PyAny>,
    seat: Option<SeatArg>,
) -> PyResult<Bound<'py, numpy::PyArray1<i8>>> {
    let source = source::<F>(obj, seat.map(|s| s.0), "source")?;
    let mut mask = vec![0; F::Encoder::ACTIONS];
    F::Encoder::mask(source.get(), &mut mask);
    Ok(numpy::PyArray1::from_vec(obj.py(), mask))
}

/// The seats of a batch: one int for every item, a sequence of one per item, or none.
fn batch_seats(seats: Option<&Bound<'_, PyAny>>, n: usize) -> PyResult<Vec<Option<usize>>> {
    let Some(seats) = seats else {
        return Ok(vec![None; n]);
    };
    if let Ok(SeatArg(seat)) = seats.extract::<SeatArg>() {
        return Ok(vec![Some(seat); n]);
    }
    if crate::convert::int_value(seats).is_some() {
        // An int out of range: raise the seat's own error.
        seats.extract::<SeatArg>()?;
    }
    let seats: Vec<SeatArg> = seats.extract()?;
    if seats.len() != n {
        let plural = |k: usize, word: &str| format!("{k} {word}{}", if k == 1 { "" } else { "s" });
        return Err(mahjong_core::Error::argument(format!(
            "{} for {}: give one seat per source",
            plural(seats.len(), "seat"),
            plural(n, "source")
        )))
        .py();
    }
    Ok(seats.into_iter().map(|s| Some(s.0)).collect())
}

/// A batch's encodings (N, rows, width) and masks (N, actions).
pub(crate) type Batch<'py> = (Bound<'py, PyArray3<f32>>, Bound<'py, PyArray2<i8>>);

/// The encodings and masks of many observations (each an observation, or a deal with its seat
/// in `seats`), shapes (N, rows, width) float32 and (N, ACTION_COUNT) int8. The observations
/// are collected while the interpreter is held and encoded without it.
pub(crate) fn encode_batch<'py, F: Family>(
    sources: &Bound<'py, PyAny>,
    seats: Option<&Bound<'py, PyAny>>,
    full: bool,
) -> PyResult<Batch<'py>> {
    let py = sources.py();
    let items: Vec<Bound<'py, PyAny>> = sources.try_iter()?.collect::<PyResult<_>>()?;
    let seats = batch_seats(seats, items.len())?;
    let held: Vec<Source<F>> = items
        .iter()
        .zip(seats)
        .enumerate()
        .map(|(i, (obj, seat))| source::<F>(obj, seat, &format!("source {i}")))
        .collect::<PyResult<_>>()?;
    let (len, actions) = (F::Encoder::len(full), F::Encoder::ACTIONS);
    let (data, masks) = py.detach(|| {
        let mut data = vec![0.0; held.len() * len];
        let mut masks = vec![0; held.len() * actions];
        let rows = data
            .chunks_exact_mut(len)
            .zip(masks.chunks_exact_mut(actions));
        for (source, (out, mask)) in held.iter().zip(rows) {
            F::Encoder::encode(source.get(), full, out);
            F::Encoder::mask(source.get(), mask);
        }
        (data, masks)
    });
    let n = items.len();
    let shape = (n, F::Encoder::rows(full), F::Encoder::WIDTH);
    let data = Array3::from_shape_vec(shape, data).map_err(shape_error)?;
    let masks = Array2::from_shape_vec((n, actions), masks).map_err(shape_error)?;
    Ok((data.into_pyarray(py), masks.into_pyarray(py)))
}

/// A channel as Python gets it: (name, first row, rows, low, high, doc).
pub(crate) type ChannelRow = (&'static str, usize, usize, f32, f32, String);

/// The channels of the basic or full encoding.
pub(crate) fn channels<F: Family>(
    full: bool,
) -> Vec<(&'static str, usize, usize, f32, f32, String)> {
    let mut start = 0;
    F::Encoder::channels(full)
        .iter()
        .map(|c| {
            let row = start;
            start += c.rows;
            (c.name, row, c.rows, c.low, c.high, c.doc.trim().to_owned())
        })
        .collect()
}

/// An array shape that does not fit its data: a bug of this module, raised rather than a panic.
fn shape_error(e: numpy::ndarray::ShapeError) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(format!("encoding shape: {e}"))
}

/// Declares a family's four encoder functions for `mahjong._core` over a [`Family`] (the
/// family's Python package re-exports them without their prefix).
macro_rules! encoder_functions {
    ($family:ty, $observation:literal, $encode:ident, $mask:ident, $batch:ident, $channels:ident) => {
        #[doc = concat!(
            "The encoding of an ", $observation, " (or of a deal's seat: `encode(deal, seat)`) as a \
             float32 array of shape (rows, kinds), basic or with `full` the full encoding; see \
             `encoding_channels` and docs/encoding.md."
        )]
        #[pyo3::pyfunction]
        #[pyo3(signature = (source, seat = None, *, full = false))]
        pub(crate) fn $encode<'py>(
            source: &pyo3::Bound<'py, pyo3::PyAny>,
            seat: Option<crate::args::SeatArg>,
            full: bool,
        ) -> pyo3::PyResult<pyo3::Bound<'py, numpy::PyArray2<f32>>> {
            crate::encode::encode::<$family>(source, seat, full)
        }

        #[doc = concat!(
            "The legal actions of an ", $observation, " (or of a deal's seat) as an int8 array \
             over the action codes: 1 at each legal action's code, 0 elsewhere."
        )]
        #[pyo3::pyfunction]
        #[pyo3(signature = (source, seat = None))]
        pub(crate) fn $mask<'py>(
            source: &pyo3::Bound<'py, pyo3::PyAny>,
            seat: Option<crate::args::SeatArg>,
        ) -> pyo3::PyResult<pyo3::Bound<'py, numpy::PyArray1<i8>>> {
            crate::encode::action_mask::<$family>(source, seat)
        }

        #[doc = concat!(
            "The encodings and action masks of many ", $observation, "s (or deals, with one seat \
             each in `seats`, or one seat for all), as arrays of shapes (N, rows, kinds) float32 \
             and (N, ACTION_COUNT) int8. The observations are taken while the interpreter is \
             held and encoded without it."
        )]
        #[pyo3::pyfunction]
        #[pyo3(signature = (sources, seats = None, *, full = false))]
        pub(crate) fn $batch<'py>(
            sources: &pyo3::Bound<'py, pyo3::PyAny>,
            seats: Option<&pyo3::Bound<'py, pyo3::PyAny>>,
            full: bool,
        ) -> pyo3::PyResult<crate::encode::Batch<'py>> {
            crate::encode::encode_batch::<$family>(sources, seats, full)
        }

        /// The channels of the basic (or `full`) encoding in order, as tuples (name, first
        /// row, rows, low, high, description).
        #[pyo3::pyfunction]
        #[pyo3(signature = (full = false))]
        pub(crate) fn $channels(
            full: bool,
        ) -> Vec<crate::encode::ChannelRow> {
            crate::encode::channels::<$family>(full)
        }
    };
}

/// The Riichi classes (`Observation`, `Deal`).
pub(crate) struct Riichi;

impl Family for Riichi {
    type Encoder = mahjong_core::riichi::encode::RiichiEncoder;
    type Observation = mahjong_core::riichi::game::Observation;
    type PyObservation = crate::game::PyObservation;
    type PyDeal = crate::game::PyDeal;
    const NAMES: [&'static str; 2] = ["Observation", "Deal"];

    fn core(obs: &Self::PyObservation) -> &Self::Observation {
        &obs.obs
    }
    fn observe(deal: &Self::PyDeal, py: Python<'_>, seat: usize) -> Self::Observation {
        deal.table(py).observe(seat)
    }
}

encoder_functions!(
    Riichi,
    "Observation",
    riichi_encode,
    riichi_action_mask,
    riichi_encode_batch,
    riichi_encoding_channels
);

/// The American classes (`AmericanObservation`, `AmericanDeal`).
pub(crate) struct American;

impl Family for American {
    type Encoder = mahjong_core::american::encode::AmericanEncoder;
    type Observation = mahjong_core::american::game::Observation;
    type PyObservation = crate::american::PyAmericanObservation;
    type PyDeal = crate::american::PyAmericanDeal;
    const NAMES: [&'static str; 2] = ["AmericanObservation", "AmericanDeal"];

    fn core(obs: &Self::PyObservation) -> &Self::Observation {
        &obs.obs
    }
    fn observe(deal: &Self::PyDeal, py: Python<'_>, seat: usize) -> Self::Observation {
        deal.table(py).observe(seat)
    }
}

encoder_functions!(
    American,
    "AmericanObservation",
    american_encode,
    american_action_mask,
    american_encode_batch,
    american_encoding_channels
);
