//! `Tiles` and `Meld` classes.

use mahjong_core::tile::{KINDS, kind_name};
use mahjong_core::{Error, Meld, MeldKind, Tiles};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::args::{Kind, TilesLike};
use crate::convert::{
    beyond_i64, int_value, ints, kind_below, riichi_tile_text, shown_int, tiles_arg, type_name,
};
use crate::errors::IntoPyResult;

/// An immutable multiset of tiles that remembers which fives are red.
///
/// Build it from MPSZ text (`Tiles("123m406p789s11z")`, `0` = red five) or American text
/// (`Tiles("1B 1C 1D N E W S R G 0 F J")`), counts, kinds (0..33 in m/p/s/z order; 34 flower,
/// 35 joker) or physical Riichi ids (0..135, red fives at 16/52/88). Tiles are hashable,
/// comparable and picklable; `+` and `-` combine multisets.
#[pyclass(
    name = "Tiles",
    module = "mahjong",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyTiles {
    pub(crate) tiles: Tiles,
}

impl From<Tiles> for PyTiles {
    fn from(tiles: Tiles) -> Self {
        Self { tiles }
    }
}

/// Any kind a `Tiles` can hold (0..35: the 34 Riichi kinds, flower, joker) as an int or a
/// one-tile string.
fn any_kind_arg(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    kind_below(
        obj,
        KINDS as u8,
        "Riichi or American",
        "'5m', '2C', 'F' or 'J'",
    )
}

/// The integers of a Python sequence (Python or numpy ints), for the `from_*` constructors;
/// an int beyond `i64` is `out_of_range` (given the int as written).
fn int_items(
    obj: &Bound<'_, PyAny>,
    what: &str,
    out_of_range: impl Fn(String) -> Error,
) -> PyResult<Vec<i64>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "expected a sequence of {what}, got a string (use Tiles.from_str)"
        )));
    }
    let mut out = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        let value = int_value(&item).ok_or_else(|| {
            PyTypeError::new_err(format!("expected {what} as ints, got {}", type_name(&item)))
        })?;
        if beyond_i64(&item) {
            return Err(out_of_range(shown_int(&item))).py();
        }
        out.push(value);
    }
    Ok(out)
}

#[pymethods]
impl PyTiles {
    /// Parses MPSZ or American text; no argument gives no tiles.
    #[new]
    #[pyo3(signature = (text = ""))]
    fn new(text: &str) -> PyResult<Self> {
        Ok(Tiles::parse(text).py()?.into())
    }

    /// Parses MPSZ text (digits then m, p, s or z; `0` is a red five; `"1m 2m 3m"` and
    /// `"5z55z"` are fine) or American text (digits then B, C or D; N E W S; R G and 0 for the
    /// dragons; F flower; J joker).
    #[staticmethod]
    fn from_str(text: &str) -> PyResult<Self> {
        Self::new(text)
    }

    /// Builds from 34 counts (one per kind), or 36 with flowers and jokers.
    #[staticmethod]
    fn from_counts(counts: &Bound<'_, PyAny>) -> PyResult<Self> {
        let out_of_range = |v: String| Error::hand(format!("count {v} is out of range 0..=4"));
        let values = int_items(counts, "counts", out_of_range)?;
        let bytes: Vec<u8> = values
            .iter()
            .map(|&v| u8::try_from(v).map_err(|_| out_of_range(v.to_string())))
            .collect::<Result<_, _>>()
            .py()?;
        Ok(Tiles::from_counts(&bytes).py()?.into())
    }

    /// Builds from tile kinds (0..33; 34 flower and 35 joker for American play).
    #[staticmethod]
    fn from_kinds(kinds: &Bound<'_, PyAny>) -> PyResult<Self> {
        let out_of_range = |k: String| Error::tile(format!("tile kind {k} is out of range 0..=35"));
        Ok(
            Tiles::from_kinds(int_items(kinds, "tile kinds", out_of_range)?)
                .py()?
                .into(),
        )
    }

    /// Builds from tile names, each one tile in any spelling: the mjai names observations and
    /// logs give (`"5mr"`, `"E"`, `"P"`) or one tile of MPSZ or American text (`"0m"`,
    /// `"1z"`), e.g. `Tiles.from_names(observation["hand"])`.
    #[staticmethod]
    fn from_names(names: &Bound<'_, PyAny>) -> PyResult<Self> {
        if names.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "expected a sequence of tile names, got a string (use Tiles(text))",
            ));
        }
        let mut kinds = Vec::new();
        let mut red = [0u8; 3];
        for name in names.try_iter()? {
            let name = name?;
            let text = name.cast::<PyString>().map_err(|_| {
                PyTypeError::new_err(format!("expected tile names, got {}", type_name(&name)))
            })?;
            let (kind, is_red) = riichi_tile_text(text)?;
            if is_red {
                red[usize::from(kind / 9)] += 1;
            }
            kinds.push(i64::from(kind));
        }
        Ok(Tiles::from_kinds(kinds)
            .and_then(|t| t.with_red(red))
            .py()?
            .into())
    }

    /// Builds from physical tile ids 0..135, each at most once. With `red_fives` (the
    /// default), ids 16, 52 and 88 are the red 5m, 5p and 5s.
    #[staticmethod]
    #[pyo3(signature = (ids, red_fives = true))]
    fn from_ids(ids: &Bound<'_, PyAny>, red_fives: bool) -> PyResult<Self> {
        let out_of_range =
            |id: String| Error::tile(format!("tile id {id} is out of range 0..=135"));
        Ok(
            Tiles::from_ids(int_items(ids, "tile ids", out_of_range)?, red_fives)
                .py()?
                .into(),
        )
    }

    /// Counts of the 34 Riichi kinds only, as a tuple: flowers (34) and jokers (35) are NOT
    /// included. Use `all_counts` for all 36 kinds a `Tiles` can hold.
    #[getter]
    fn counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, ints(self.tiles.riichi_counts()))
    }

    /// Counts of all 36 kinds: the 34 Riichi kinds, then flowers and jokers.
    #[getter]
    fn all_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, ints(*self.tiles.counts()))
    }

    /// Red fives per suit, as `(m, p, s)`.
    #[getter]
    fn red(&self) -> (u8, u8, u8) {
        let [m, p, s] = self.tiles.red();
        (m, p, s)
    }

    /// The kinds, ascending, each repeated by its count.
    fn kinds(&self) -> Vec<u32> {
        ints(self.tiles.kinds())
    }

    /// Canonical physical ids: red fives take ids 16/52/88, other tiles the lowest free copies.
    fn ids(&self) -> PyResult<Vec<u32>> {
        Ok(ints(self.tiles.ids().py()?))
    }

    /// Number of copies of a kind: an int 0..35 (34 flower, 35 joker) or a tile string such
    /// as `"5m"`, `"2C"`, `"F"` or `"J"`.
    fn count(&self, kind: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.tiles.count(any_kind_arg(kind)?))
    }

    /// MPSZ text, e.g. `"123m406p789s11z"` (flowers and jokers follow as F and J).
    fn to_str(&self) -> String {
        self.tiles.to_mpsz()
    }

    /// American text, one token per tile, e.g. `"1B 1B 2C N R 0 F J"`.
    fn to_american(&self) -> String {
        self.tiles.to_american()
    }

    fn __str__(&self) -> String {
        self.tiles.to_mpsz()
    }

    fn __repr__(&self) -> String {
        format!("Tiles('{}')", self.tiles.to_mpsz())
    }

    fn __len__(&self) -> usize {
        self.tiles.len()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyTuple::new(py, ints(self.tiles.kinds()))?
            .try_iter()
            .map(Bound::into_any)
    }

    fn __contains__(&self, kind: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.tiles.count(any_kind_arg(kind)?) > 0)
    }

    fn __bool__(&self) -> bool {
        !self.tiles.is_empty()
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(self.tiles.try_add(&tiles_arg(other)?).py()?.into())
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(self.tiles.try_sub(&tiles_arg(other)?).py()?.into())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().tiles.to_mpsz(),)))
    }
}

/// A declared meld: `Meld(kind, tiles, called=None, from_seat=None)`.
///
/// `kind` is `"chi"`, `"pon"`, `"daiminkan"`, `"ankan"` or `"kakan"`; `tiles` the 3 (or 4)
/// tiles; `called` the tile taken from another player (for a kakan, the tile of the original
/// pon; none for an ankan); `from_seat` the seat (0..3) that tile came from.
#[pyclass(
    name = "Meld",
    module = "mahjong",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyMeld {
    pub(crate) meld: Meld,
}

/// A seat number as `u8`; the core checks the range 0..=3 (an error about the meld).
fn seat_arg(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    let value = int_value(obj).ok_or_else(|| {
        PyTypeError::new_err(format!("expected a seat number, got {}", type_name(obj)))
    })?;
    u8::try_from(value)
        .map_err(|_| Error::meld(format!("seat {} is out of range 0..=3", shown_int(obj))))
        .py()
}

#[pymethods]
impl PyMeld {
    #[new]
    #[pyo3(signature = (kind, tiles, called = None, from_seat = None))]
    fn new(
        kind: &str,
        tiles: TilesLike,
        called: Option<Kind>,
        from_seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let kind = MeldKind::parse(kind).py()?;
        let from_seat = from_seat
            .filter(|s| !s.is_none())
            .map(seat_arg)
            .transpose()?;
        Ok(Self {
            meld: Meld::new(kind, tiles.0, called.map(|c| c.0), from_seat).py()?,
        })
    }

    /// `"chi"`, `"pon"`, `"daiminkan"`, `"ankan"` or `"kakan"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.meld.kind().name()
    }

    /// The meld's tiles.
    #[getter]
    fn tiles(&self) -> PyTiles {
        (*self.meld.tiles()).into()
    }

    /// Kind of the tile taken from another player (None for an ankan).
    #[getter]
    fn called(&self) -> Option<u8> {
        self.meld.called()
    }

    /// Seat the called tile came from, if given.
    #[getter(from_seat)]
    fn called_from(&self) -> Option<u8> {
        self.meld.from_seat()
    }

    /// Whether the meld opens the hand (all but an ankan).
    #[getter]
    fn is_open(&self) -> bool {
        self.meld.is_open()
    }

    /// Whether the meld is a kan.
    #[getter]
    fn is_kan(&self) -> bool {
        self.meld.kind().is_kan()
    }

    fn __repr__(&self) -> String {
        let mut out = format!(
            "Meld('{}', '{}'",
            self.meld.kind().name(),
            self.meld.tiles().to_mpsz()
        );
        if let Some(c) = self.meld.called() {
            out.push_str(&format!(", called='{}'", kind_name(c, false)));
        }
        if let Some(s) = self.meld.from_seat() {
            out.push_str(&format!(", from_seat={s}"));
        }
        out.push(')');
        out
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (&'static str, String, Option<u8>, Option<u8>),
    )> {
        let m = slf.get().meld;
        Ok((
            slf.get_type().into_any(),
            (
                m.kind().name(),
                m.tiles().to_mpsz(),
                m.called(),
                m.from_seat(),
            ),
        ))
    }
}
