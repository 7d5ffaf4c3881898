//! `Exposure`: an exposed set.

use mahjong_core::american::{Exposure, tile_name};
use pyo3::prelude::*;

use super::args::{natural_kind_arg, small_int};
use crate::convert::tiles_arg;
use crate::errors::IntoPyResult;
use crate::tiles::PyTiles;

/// An exposed set: `Exposure(tile, size, jokers=0)`.
///
/// `tile` is the natural tile (a kind 0..34 or a string such as `"N"`, `"2C"`, `"F"`), `size`
/// 3 (pung), 4 (kong), 5 (quint) or 6 (sextet), `jokers` how many of its tiles are jokers (at
/// least one tile is natural). Wherever exposures are accepted, a tile string such as
/// `"N N N J"` works too.
#[pyclass(
    name = "Exposure",
    module = "mahjong.american",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyExposure {
    pub(super) exposure: Exposure,
}

#[pymethods]
impl PyExposure {
    #[new]
    #[pyo3(signature = (tile, size, jokers = None), text_signature = "(tile, size, jokers=0)")]
    fn new(
        tile: &Bound<'_, PyAny>,
        size: &Bound<'_, PyAny>,
        jokers: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let kind = natural_kind_arg(tile)?;
        let size = small_int(size, "size")?;
        let jokers = jokers.map_or(Ok(0), |j| small_int(j, "jokers"))?;
        Ok(Self {
            exposure: Exposure::new(kind, size, jokers).py()?,
        })
    }

    /// Reads an exposure from its tiles: copies of one natural tile plus jokers (`"N N N J"`).
    #[staticmethod]
    fn from_tiles(tiles: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self {
            exposure: Exposure::from_tiles(&tiles_arg(tiles)?).py()?,
        })
    }

    /// The natural tile's kind.
    #[getter]
    fn tile(&self) -> u8 {
        self.exposure.kind()
    }

    /// Number of tiles (3 to 6).
    #[getter]
    fn size(&self) -> u8 {
        self.exposure.size()
    }

    /// Number of jokers in it.
    #[getter]
    fn jokers(&self) -> u8 {
        self.exposure.jokers()
    }

    /// Its tiles, naturals and jokers.
    #[getter]
    fn tiles(&self) -> PyTiles {
        self.exposure.tiles().into()
    }

    fn __repr__(&self) -> String {
        let e = &self.exposure;
        format!(
            "Exposure('{}', {}, jokers={})",
            tile_name(e.kind()),
            e.size(),
            e.jokers()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u8, u8, u8))> {
        let e = slf.get().exposure;
        Ok((slf.get_type().into_any(), (e.kind(), e.size(), e.jokers())))
    }
}
