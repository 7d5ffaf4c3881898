//! Typed arguments: what a Python argument may be, converted once into a core value.
//!
//! Each newtype is a `FromPyObject`, so a function's signature says what it takes
//! (`hand: TilesLike`, `seat_wind: WindArg`) and its errors come from one place: a wrong type
//! is a `TypeError`, a wrong value a typed `MahjongError` naming it.

use mahjong_core::meld::Meld;
use mahjong_core::notation::{parse_riichi_tile, parse_sequence};
use mahjong_core::riichi::Indicators;
use mahjong_core::tile::RIICHI_KINDS;
use mahjong_core::{Error, Tiles, Wind};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::convert::{
    beyond_i64, int_value, kind_arg, riichi_tile_text, shown_int, tiles_arg, type_name,
};
use crate::errors::IntoPyResult;
use crate::tiles::{PyMeld, PyTiles};

/// Tiles: a `Tiles` or a tile string (MPSZ or American notation).
pub(crate) struct TilesLike(pub(crate) Tiles);

impl<'a, 'py> FromPyObject<'a, 'py> for TilesLike {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        tiles_arg(&obj).map(Self)
    }
}

/// A Riichi tile kind: an int 0..=33 or one tile in any spelling (`"5m"`, `"5mr"`, `"E"`).
pub(crate) struct Kind(pub(crate) u8);

impl<'a, 'py> FromPyObject<'a, 'py> for Kind {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        kind_arg(&obj).map(Self)
    }
}

/// One Riichi tile that may be a red five: a kind (int, never red) or one tile in any
/// spelling (`"0s"` and `"5sr"` are the red 5s).
#[derive(Clone, Copy)]
pub(crate) struct TileArg {
    pub(crate) kind: u8,
    pub(crate) red: bool,
}

impl<'a, 'py> FromPyObject<'a, 'py> for TileArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let (kind, red) = match obj.cast::<PyString>() {
            Ok(text) => riichi_tile_text(&text)?,
            Err(_) => (kind_arg(&obj)?, false),
        };
        Ok(Self { kind, red })
    }
}

/// A wind: 0..=3 (East first) or `"E"`, `"S"`, `"W"`, `"N"` (also `"east"`...).
#[derive(Clone, Copy)]
pub(crate) struct WindArg(pub(crate) Wind);

impl<'a, 'py> FromPyObject<'a, 'py> for WindArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Some(i) = int_value(&obj) {
            let wind = usize::try_from(i).ok().and_then(|i| Wind::ALL.get(i));
            return wind.map(|&w| Self(w)).ok_or_else(|| {
                crate::errors::to_pyerr(Error::argument(format!(
                    "wind {} is out of range 0..=3",
                    shown_int(&obj)
                )))
            });
        }
        if let Ok(text) = obj.cast::<PyString>() {
            return Wind::parse(&text.to_cow()?, "wind").map(Self).py();
        }
        Err(PyTypeError::new_err(format!(
            "expected a wind (0..3 or \"E\", \"S\", \"W\", \"N\"), got {}",
            type_name(&obj)
        )))
    }
}

/// A count (honba, deposits, an index): an int from 0 to `u32::MAX`; a tighter bound is
/// checked where it is used.
pub(crate) struct Count(pub(crate) u32);

impl<'a, 'py> FromPyObject<'a, 'py> for Count {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let value = int_value(&obj).ok_or_else(|| {
            PyTypeError::new_err(format!("expected an int, got {}", type_name(&obj)))
        })?;
        u32::try_from(value)
            .map(Self)
            .map_err(|_| {
                let shown = shown_int(&obj);
                Error::argument(format!("{shown} is out of range 0..={}", u32::MAX))
            })
            .py()
    }
}

/// The number of players an analysis counts tiles for: 4, or 3 (2m-8m removed).
pub(crate) struct Players(pub(crate) usize);

impl Players {
    /// The number given, 4 when none is.
    pub(crate) fn count(players: Option<Self>) -> usize {
        players.map_or(4, |p| p.0)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Players {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match Count::extract(obj)?.0 {
            n @ (3 | 4) => Ok(Self(n as usize)),
            n => Err(Error::argument(format!("players {n} is not 3 or 4"))).py(),
        }
    }
}

/// A seed: an int from 0 to 2**64 - 1 (every seed gives its own wall).
#[derive(Clone, Copy)]
pub(crate) struct SeedArg(pub(crate) u64);

/// The largest seed, for messages.
pub(crate) const SEED_RANGE: &str = "0..=18446744073709551615 (2**64 - 1)";

impl<'a, 'py> FromPyObject<'a, 'py> for SeedArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if int_value(&obj).is_none() {
            return Err(PyTypeError::new_err(format!(
                "seed must be an int, got {}",
                type_name(&obj)
            )));
        }
        obj.extract::<u64>().map(Self).map_err(|_| {
            crate::errors::to_pyerr(Error::argument(format!(
                "seed {} is out of range {SEED_RANGE}",
                shown_int(&obj)
            )))
        })
    }
}

/// A seat: an int 0..=3 (a game of three players has seats 0..=2: see
/// [`crate::table::Table::seats`]).
#[derive(Clone, Copy)]
pub(crate) struct SeatArg(pub(crate) usize);

impl<'a, 'py> FromPyObject<'a, 'py> for SeatArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let value = int_value(&obj).ok_or_else(|| {
            PyTypeError::new_err(format!("seat must be an int, got {}", type_name(&obj)))
        })?;
        usize::try_from(value)
            .ok()
            .filter(|&s| s < 4)
            .map(Self)
            .ok_or_else(|| {
                crate::errors::to_pyerr(Error::argument(format!(
                    "seat {} is out of range 0..=3",
                    shown_int(&obj)
                )))
            })
    }
}

/// Scores by seat, one per player (ints; their range is the core's to check).
pub(crate) struct ScoresArg(Vec<i64>);

impl ScoresArg {
    /// The scores of a game of `players` (3 or 4), as the core's four seats (a seat beyond
    /// the player count at 0); another number of scores is an error.
    pub(crate) fn seats(self, players: usize) -> PyResult<[i64; 4]> {
        if self.0.len() != players {
            return Err(Error::argument(format!(
                "scores needs {players} values (one per player), got {}",
                self.0.len()
            )))
            .py();
        }
        let mut out = [0; 4];
        out[..players].copy_from_slice(&self.0);
        Ok(out)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for ScoresArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let bad = || {
            PyTypeError::new_err(format!(
                "scores must be a sequence of ints (one per player), got {}",
                type_name(&obj)
            ))
        };
        let items: Vec<Bound<'py, PyAny>> = obj
            .try_iter()
            .map_err(|_| bad())?
            .collect::<PyResult<_>>()?;
        let values: Vec<i64> = items
            .iter()
            .map(int_value)
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        if let Some(big) = items.iter().find(|i| beyond_i64(i)) {
            let max = mahjong_core::options::MAX_SCORE;
            return Err(Error::argument(format!(
                "score {} is out of range -{max}..={max}",
                shown_int(big)
            )))
            .py();
        }
        Ok(Self(values))
    }
}

/// A wall: the physical tile ids in draw order (each an int; the core checks the set).
pub(crate) struct WallArg(pub(crate) Vec<u8>);

impl<'a, 'py> FromPyObject<'a, 'py> for WallArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let bad = || {
            PyTypeError::new_err(format!(
                "wall must be a sequence of tile ids, got {}",
                type_name(&obj)
            ))
        };
        if obj.is_instance_of::<PyString>() {
            return Err(bad());
        }
        let mut ids = Vec::new();
        for item in obj.try_iter().map_err(|_| bad())? {
            let item = item?;
            let value = int_value(&item).ok_or_else(bad)?;
            let id = u8::try_from(value)
                .ok()
                .filter(|&id| id != mahjong_core::tile::HIDDEN)
                .ok_or_else(|| {
                    crate::errors::to_pyerr(Error::tile(format!(
                        "tile id {} is out of range",
                        shown_int(&item)
                    )))
                })?;
            ids.push(id);
        }
        Ok(Self(ids))
    }
}

/// Indicator tiles in reveal order: a tile string (`"1m0p"`, or one tile in any spelling such
/// as `"5mr"`), `Tiles` (no order of its own) or a sequence of tiles (kinds or one-tile
/// strings in any spelling).
pub(crate) struct IndicatorsArg(pub(crate) Indicators);

impl<'a, 'py> FromPyObject<'a, 'py> for IndicatorsArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let tiles: Vec<(u8, bool)> = if let Ok(text) = obj.cast::<PyString>() {
            if let Ok(tile) = parse_riichi_tile(&text.to_cow()?) {
                return Indicators::with_red(vec![tile]).map(Self).py();
            }
            let (kinds, mut red) = parse_sequence(&text.to_cow()?).py()?;
            kinds
                .into_iter()
                .map(|k| (k, take_red(&mut red, k)))
                .collect()
        } else if let Ok(tiles) = obj.cast::<PyTiles>() {
            let tiles = tiles.get().tiles;
            let mut red = tiles.red();
            tiles
                .kinds()
                .into_iter()
                .map(|k| (k, take_red(&mut red, k)))
                .collect()
        } else {
            obj.try_iter()
                .map_err(|_| {
                    PyTypeError::new_err(format!(
                        "indicators must be a tile string, Tiles or a sequence of tiles, got {}",
                        type_name(&obj)
                    ))
                })?
                .map(|item| item?.extract::<TileArg>().map(|t| (t.kind, t.red)))
                .collect::<PyResult<_>>()?
        };
        if let Some(&(kind, _)) = tiles.iter().find(|(k, _)| usize::from(*k) >= RIICHI_KINDS) {
            return Err(Error::tile(format!(
                "indicator kind {kind} is not a Riichi tile"
            )))
            .py();
        }
        Indicators::with_red(tiles).map(Self).py()
    }
}

/// Whether the next five of `kind`'s suit is the red one (the first five read takes it).
fn take_red(red: &mut [u8; 3], kind: u8) -> bool {
    let suit = usize::from(kind / 9);
    if kind < 27 && kind % 9 == 4 && red[suit] > 0 {
        red[suit] -= 1;
        true
    } else {
        false
    }
}

/// Declared melds: a sequence of `Meld`, or None for none.
pub(crate) struct Melds(pub(crate) Vec<Meld>);

impl<'a, 'py> FromPyObject<'a, 'py> for Melds {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        obj.try_iter()
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "melds must be a sequence of Meld, got {}",
                    type_name(&obj)
                ))
            })?
            .map(|item| {
                let item = item?;
                item.cast::<PyMeld>().map(|m| m.get().meld).map_err(|_| {
                    PyTypeError::new_err(format!(
                        "melds must be Meld objects, got {}",
                        type_name(&item)
                    ))
                })
            })
            .collect::<PyResult<_>>()
            .map(Self)
    }
}

/// Extracts an optional keyword argument (`None` counts as absent) and names it in any error:
/// `"honba: ..."`.
pub(crate) fn named<'py, T>(name: &str, obj: Option<&Bound<'py, PyAny>>) -> PyResult<Option<T>>
where
    T: for<'a> FromPyObject<'a, 'py, Error = PyErr>,
{
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    obj.extract::<T>().map(Some).map_err(|e| {
        let py = obj.py();
        PyErr::from_type(e.get_type(py), format!("{name}: {}", e.value(py)))
    })
}
