//! Riichi hand analysis bindings: shanten, waits, ukeire, decomposition.

use mahjong_core::Tiles;
use mahjong_core::decompose::{self as core_decompose, Decomposition, Reading, Set, Shape};
use mahjong_core::efficiency::{self, DiscardOption, Ukeire};
use mahjong_core::shanten::{self as core_shanten, Form};
use mahjong_core::tile::{check_in_play, in_play, kind_name};
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;

use crate::args::{Kind, Players, TilesLike};
use crate::convert::{Reduced, ints, reduce_to, riichi_counts};
use crate::errors::IntoPyResult;
use crate::tiles::PyTiles;

/// The counts of `what` (`tiles`), with every kind in play for `players` (T0.1).
fn counts_for(tiles: &Tiles, players: usize, what: &str) -> PyResult<[u8; 34]> {
    let counts = riichi_counts(tiles)?;
    check_in_play(&counts, players, what).py()?;
    Ok(counts)
}

/// Shanten of a concealed hand part of 3n+1 or 3n+2 tiles (melds reduce the sets needed):
/// -1 complete, 0 tenpai. `kind` is "all" (the minimum), "standard", "chiitoitsu" or
/// "kokushi"; the last two need 13 or 14 tiles. A wait on a fifth copy of a tile the hand
/// holds four of does not count (such a hand is 1-shanten). With `players=3` a removed tile
/// (2m-8m) raises InvalidTileError.
#[pyfunction]
#[pyo3(signature = (tiles, kind = "all", *, players = None))]
pub(crate) fn shanten(tiles: TilesLike, kind: &str, players: Option<Players>) -> PyResult<i8> {
    let form = Form::parse(kind).py()?;
    let counts = counts_for(&tiles.0, Players::count(players), "tile")?;
    core_shanten::shanten(&counts, form).py()
}

/// The tile kinds that complete a 3n+1 hand part, ascending. A kind the hand holds all four
/// of is never a wait, so a hand waiting only on a fifth copy has no waits (it is not tenpai).
/// With `players=3` a removed tile (2m-8m) raises InvalidTileError (and none is ever a
/// wait).
#[pyfunction]
#[pyo3(signature = (tiles, *, players = None))]
pub(crate) fn waits(tiles: TilesLike, players: Option<Players>) -> PyResult<Vec<u32>> {
    Ok(ints(
        efficiency::waits(&counts_for(&tiles.0, Players::count(players), "tile")?).py()?,
    ))
}

/// Improving draws. For a 3n+1 part: one `Ukeire` with the kinds whose draw lowers the
/// shanten and the copies left (4 minus the hand and `visible`, the tiles the player can see
/// elsewhere). For a 3n+2 part: a list with one `Ukeire` per distinct discard, best first;
/// copies left count all 14 tiles as seen, the discarded one included (Tenhou's convention).
/// With `players=3` the removed 2m-8m are never drawn (and refused in `tiles` and `visible`).
#[pyfunction]
#[pyo3(signature = (tiles, visible = None, kind = "all", *, players = None))]
pub(crate) fn ukeire<'py>(
    py: Python<'py>,
    tiles: TilesLike,
    visible: Option<TilesLike>,
    kind: &str,
    players: Option<Players>,
) -> PyResult<Bound<'py, PyAny>> {
    let form = Form::parse(kind).py()?;
    let players = Players::count(players);
    let counts = counts_for(&tiles.0, players, "tile")?;
    let visible = visible.map_or(Tiles::EMPTY, |v| v.0);
    let mut seen = counts_for(&visible, players, "visible tile")?;
    for (kind, n) in seen.iter_mut().enumerate() {
        if !in_play(kind as u8, players) {
            *n = 4;
        }
    }
    if core_shanten::check_counts(&counts).py()? % 3 == 1 {
        let found = efficiency::ukeire(&counts, &seen, form).py()?;
        PyUkeire::new(None, &found).into_bound_py_any(py)
    } else {
        let options = efficiency::discard_options(&counts, &seen, form).py()?;
        options
            .iter()
            .map(|DiscardOption { discard, ukeire }| PyUkeire::new(Some(*discard), ukeire))
            .collect::<Vec<_>>()
            .into_bound_py_any(py)
    }
}

/// Whether a 3n+2 hand part is complete (standard, chiitoitsu or kokushi).
#[pyfunction]
pub(crate) fn is_win(tiles: TilesLike) -> PyResult<bool> {
    core_decompose::is_win(&riichi_counts(&tiles.0)?).py()
}

/// Every reading of a complete 3n+2 hand part: each split into a pair and sets, then the
/// chiitoitsu and kokushi readings. With `win_tile`, one entry per way the winning tile can be
/// read (its wait shape and the group it completes). Empty if the part is not complete.
#[pyfunction]
#[pyo3(signature = (tiles, win_tile = None))]
pub(crate) fn decompose(
    tiles: TilesLike,
    win_tile: Option<Kind>,
) -> PyResult<Vec<PyDecomposition>> {
    readings_of(&riichi_counts(&tiles.0)?, win_tile.map(|k| k.0))
}

fn readings_of(counts: &[u8; 34], win_tile: Option<u8>) -> PyResult<Vec<PyDecomposition>> {
    Ok(match win_tile {
        None => core_decompose::decompose(counts)
            .py()?
            .iter()
            .map(PyDecomposition::plain)
            .collect(),
        Some(win) => core_decompose::readings(counts, win)
            .py()?
            .iter()
            .map(PyDecomposition::read)
            .collect(),
    })
}

/// Improving draws of one hand part (after `discard`, when the hand had 3n+2 tiles).
#[pyclass(
    name = "Ukeire",
    module = "mahjong.riichi",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyUkeire {
    /// The kind discarded first, or None for a 3n+1 hand.
    #[pyo3(get)]
    discard: Option<u8>,
    /// Shanten of the hand part (after the discard).
    #[pyo3(get)]
    shanten: i8,
    /// `(kind, copies left)` for every improving kind, ascending by kind.
    #[pyo3(get)]
    tiles: Vec<(u8, u8)>,
    /// Copies left over all improving kinds.
    #[pyo3(get)]
    total: u32,
}

impl PyUkeire {
    fn new(discard: Option<u8>, ukeire: &Ukeire) -> Self {
        Self {
            discard,
            shanten: ukeire.shanten,
            tiles: ukeire.tiles.clone(),
            total: ukeire.total(),
        }
    }
}

#[pymethods]
impl PyUkeire {
    /// The improving kinds, ascending.
    #[getter]
    fn kinds(&self) -> Vec<u32> {
        ints(self.tiles.iter().map(|&(k, _)| k))
    }

    fn __repr__(&self) -> String {
        let tiles: Vec<String> = self
            .tiles
            .iter()
            .map(|&(k, n)| format!("{}:{n}", kind_name(k, false)))
            .collect();
        let discard = self.discard.map_or_else(String::new, |d| {
            format!("discard={}, ", kind_name(d, false))
        });
        format!(
            "Ukeire({discard}shanten={}, total={}, tiles=[{}])",
            self.shanten,
            self.total,
            tiles.join(" ")
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py, UkeireArgs> {
        let u = slf.get();
        reduce_to(slf.py(), "_ukeire", (u.discard, u.shanten, u.tiles.clone()))
    }
}

type UkeireArgs = (Option<u8>, i8, Vec<(u8, u8)>);

/// Rebuilds a pickled Ukeire.
#[pyfunction]
pub(crate) fn _ukeire(discard: Option<u8>, shanten: i8, tiles: Vec<(u8, u8)>) -> PyUkeire {
    PyUkeire::new(discard, &Ukeire { shanten, tiles })
}

/// One reading of a complete hand part, optionally with the winning tile's place in it.
#[pyclass(
    name = "Decomposition",
    module = "mahjong.riichi",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyDecomposition {
    decomposition: Decomposition,
    /// The winning tile's kind, its wait shape and the set it completes (None = a pair).
    win: Option<(u8, &'static str, Option<u8>)>,
}

impl PyDecomposition {
    fn plain(decomposition: &Decomposition) -> Self {
        Self {
            decomposition: *decomposition,
            win: None,
        }
    }

    pub(crate) fn read(reading: &Reading) -> Self {
        Self {
            decomposition: reading.decomposition,
            win: Some((reading.win, reading.wait.name(), reading.win_set)),
        }
    }

    fn group_texts(&self) -> Vec<String> {
        let d = &self.decomposition;
        match d.shape {
            Shape::Standard => d
                .sets()
                .iter()
                .map(|s| set_tiles(*s).to_mpsz())
                .chain(std::iter::once(pair_text(d.pair)))
                .collect(),
            Shape::Chiitoitsu => d.pairs().iter().map(|&p| pair_text(p)).collect(),
            Shape::Kokushi => vec![kokushi_tiles(d.pair).to_mpsz()],
        }
    }
}

fn pair_text(kind: u8) -> String {
    let name = kind_name(kind, false);
    format!("{}{}", &name[..1], name)
}

fn set_tiles(set: Set) -> Tiles {
    Tiles::from_kinds(set.kinds().map(i64::from)).unwrap_or_default()
}

fn kokushi_tiles(pair: u8) -> Tiles {
    let kinds = mahjong_core::tile::YAOCHUU
        .iter()
        .chain(std::iter::once(&pair));
    Tiles::from_kinds(kinds.map(|&k| i64::from(k))).unwrap_or_default()
}

#[pymethods]
impl PyDecomposition {
    /// "standard", "chiitoitsu" or "kokushi".
    #[getter]
    fn shape(&self) -> &'static str {
        match self.decomposition.shape {
            Shape::Standard => "standard",
            Shape::Chiitoitsu => "chiitoitsu",
            Shape::Kokushi => "kokushi",
        }
    }

    /// The pair kind (for kokushi: the duplicated kind; for chiitoitsu: the lowest pair).
    #[getter]
    fn pair(&self) -> u8 {
        self.decomposition.pair
    }

    /// All pair kinds: seven for chiitoitsu, one otherwise.
    #[getter]
    fn pairs(&self) -> Vec<u32> {
        ints(self.decomposition.pairs().iter().copied())
    }

    /// Lowest kind of each sequence, ascending.
    #[getter]
    fn sequences(&self) -> Vec<u32> {
        self.sets_where(|s| matches!(s, Set::Sequence(_)))
    }

    /// Kind of each triplet, ascending.
    #[getter]
    fn triplets(&self) -> Vec<u32> {
        self.sets_where(|s| matches!(s, Set::Triplet(_)))
    }

    /// The wait shape of the winning tile ("ryanmen", "kanchan", "penchan", "shanpon",
    /// "tanki", "kokushi", "kokushi13"), or None without a winning tile.
    #[getter]
    fn wait(&self) -> Option<&'static str> {
        self.win.map(|(_, wait, _)| wait)
    }

    /// The group the winning tile completes (a set or the pair), or None.
    #[getter]
    fn win_group(&self) -> Option<PyTiles> {
        let (win, _, win_set) = self.win?;
        let d = &self.decomposition;
        let tiles = match (d.shape, win_set) {
            (Shape::Kokushi, _) => kokushi_tiles(d.pair),
            (_, Some(i)) => set_tiles(d.sets()[usize::from(i)]),
            (_, None) => Tiles::from_kinds([i64::from(win); 2]).unwrap_or_default(),
        };
        Some(tiles.into())
    }

    /// The groups as MPSZ strings, sets first and the pair(s) last.
    fn groups(&self) -> Vec<String> {
        self.group_texts()
    }

    fn __str__(&self) -> String {
        self.group_texts().join(" ")
    }

    /// Pickles as the hand, the winning tile and the reading's place among the hand's
    /// readings.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py, (String, Option<u8>, usize)> {
        let this = slf.get();
        let tiles = this.tiles();
        let win = this.win.map(|(kind, _, _)| kind);
        let index = readings_of(&tiles.riichi_counts(), win)?
            .iter()
            .position(|d| d == this)
            .unwrap_or_default();
        reduce_to(slf.py(), "_decomposition", (tiles.to_mpsz(), win, index))
    }

    fn __repr__(&self) -> String {
        match self.wait() {
            Some(w) => format!(
                "Decomposition('{}', wait='{w}')",
                self.group_texts().join(" ")
            ),
            None => format!("Decomposition('{}')", self.group_texts().join(" ")),
        }
    }
}

impl PyDecomposition {
    /// The tiles of the reading: its sets and pair(s), or the kokushi hand.
    fn tiles(&self) -> Tiles {
        let d = &self.decomposition;
        let kinds: Vec<i64> = match d.shape {
            Shape::Standard => d
                .sets()
                .iter()
                .flat_map(|s| s.kinds())
                .chain([d.pair; 2])
                .map(i64::from)
                .collect(),
            Shape::Chiitoitsu => d.pairs().iter().flat_map(|&p| [i64::from(p); 2]).collect(),
            Shape::Kokushi => return kokushi_tiles(d.pair),
        };
        Tiles::from_kinds(kinds).unwrap_or_default()
    }

    fn sets_where(&self, keep: impl Fn(&Set) -> bool) -> Vec<u32> {
        ints(
            self.decomposition
                .sets()
                .iter()
                .filter(|s| keep(s))
                .map(|s| s.first()),
        )
    }
}

/// Rebuilds a pickled Decomposition: reading `index` of `tiles` (with `win_tile`).
#[pyfunction]
pub(crate) fn _decomposition(
    tiles: TilesLike,
    win_tile: Option<u8>,
    index: usize,
) -> PyResult<PyDecomposition> {
    readings_of(&riichi_counts(&tiles.0)?, win_tile)?
        .into_iter()
        .nth(index)
        .ok_or_else(|| mahjong_core::Error::argument(format!("no reading {index} of {}", tiles.0)))
        .py()
}
