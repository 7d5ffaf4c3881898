//! Riichi scoring: `WinContext`, `score`, `ScoreResult` and the batch form.

use std::sync::Arc;

use mahjong_core::meld::Meld;
use mahjong_core::notation::parse_sequence;
use mahjong_core::riichi::evaluate::{FuPart, GroupKind};
use mahjong_core::riichi::record::{self, RECORD_WIDTH};
use mahjong_core::riichi::{Indicators, ScoreResult, Scorer, Win, WinContext, Yaku, Yakuman};
use mahjong_core::tile::kind_name;
use mahjong_core::{Error, Result, Tiles};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::convert::{int_value, kind_arg, riichi_counts, tiles_arg, type_name};
use crate::errors::IntoPyResult;
use crate::riichi::PyDecomposition;
use crate::rules::PyRuleset;
use crate::tiles::{PyMeld, PyTiles};

const WINDS: [&str; 4] = ["E", "S", "W", "N"];

/// A wind as 0..=3 from an int or "E"/"S"/"W"/"N" (also "east" ...).
fn wind_arg(name: &str, obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    if let Some(i) = int_value(obj) {
        return u8::try_from(i)
            .ok()
            .filter(|&w| w < 4)
            .ok_or_else(|| Error::argument(format!("{name} {i} is out of range 0..=3")))
            .py();
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?.to_lowercase();
        let found = ["east", "south", "west", "north"]
            .iter()
            .position(|w| text == *w || text == w[..1]);
        return found
            .map(|w| w as u8)
            .ok_or_else(|| Error::argument(format!("{name} {text:?} is not a wind (E, S, W, N)")))
            .py();
    }
    Err(PyTypeError::new_err(format!(
        "{name} must be 0..3 or one of \"E\", \"S\", \"W\", \"N\", got {}",
        type_name(obj)
    )))
}

fn optional_wind(name: &str, obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u8>> {
    obj.filter(|o| !o.is_none())
        .map(|o| wind_arg(name, o))
        .transpose()
}

/// Indicators in the order given: an MPSZ string, Tiles, or a sequence of tiles.
fn indicators_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Indicators> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(Indicators::default());
    };
    let kinds: Vec<u8> = if let Ok(text) = obj.cast::<PyString>() {
        parse_sequence(&text.to_cow()?).py()?.0
    } else if let Ok(tiles) = obj.cast::<PyTiles>() {
        tiles.get().tiles.kinds()
    } else {
        obj.try_iter()
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "indicators must be a tile string, Tiles or a sequence of tiles, got {}",
                    type_name(obj)
                ))
            })?
            .map(|item| kind_arg(&item?))
            .collect::<PyResult<_>>()?
    };
    Indicators::new(&kinds).py()
}

fn optional_count(name: &str, obj: Option<&Bound<'_, PyAny>>) -> PyResult<u32> {
    obj.filter(|o| !o.is_none())
        .map_or(Ok(0), |o| count_arg(name, o))
}

/// A non-negative count (honba, deposits) from any Python int.
fn count_arg(name: &str, obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    let value = int_value(obj).ok_or_else(|| {
        PyTypeError::new_err(format!("{name} must be an int, got {}", type_name(obj)))
    })?;
    u32::try_from(value)
        .map_err(|_| Error::argument(format!("{name} {value} is negative or too large")))
        .py()
}

/// The situation of a win. Seats are named by seat wind: 0 / "E" is the dealer.
///
/// `dora_indicators` and `ura_indicators` are tile strings (`"1m4p"`, in reveal order), Tiles or
/// sequences of tiles; ura indicators count only for a riichi winner. `discarder` is the seat
/// wind that dealt in (for payments; a ron without it reports the discarder as None);
/// `liable` names a player liable for a pao yakuman.
#[pyclass(
    name = "WinContext",
    module = "mahjong.riichi",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyWinContext {
    pub(crate) ctx: WinContext,
}

#[pymethods]
impl PyWinContext {
    #[new]
    #[pyo3(signature = (*, tsumo = false, riichi = false, double_riichi = false, open_riichi = false,
        ippatsu = false, rinshan = false, chankan = false, haitei = false, houtei = false,
        tenhou = false, chiihou = false, renhou = false, seat_wind = None, round_wind = None,
        dora_indicators = None, ura_indicators = None, honba = None, riichi_sticks = None,
        discarder = None, liable = None))]
    #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
    fn new(
        tsumo: bool,
        riichi: bool,
        double_riichi: bool,
        open_riichi: bool,
        ippatsu: bool,
        rinshan: bool,
        chankan: bool,
        haitei: bool,
        houtei: bool,
        tenhou: bool,
        chiihou: bool,
        renhou: bool,
        seat_wind: Option<&Bound<'_, PyAny>>,
        round_wind: Option<&Bound<'_, PyAny>>,
        dora_indicators: Option<&Bound<'_, PyAny>>,
        ura_indicators: Option<&Bound<'_, PyAny>>,
        honba: Option<&Bound<'_, PyAny>>,
        riichi_sticks: Option<&Bound<'_, PyAny>>,
        discarder: Option<&Bound<'_, PyAny>>,
        liable: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let ctx = WinContext {
            tsumo,
            riichi,
            double_riichi,
            open_riichi,
            ippatsu,
            rinshan,
            chankan,
            haitei,
            houtei,
            tenhou,
            chiihou,
            renhou,
            seat_wind: optional_wind("seat_wind", seat_wind)?.unwrap_or(0),
            round_wind: optional_wind("round_wind", round_wind)?.unwrap_or(0),
            dora_indicators: indicators_arg(dora_indicators)?,
            ura_indicators: indicators_arg(ura_indicators)?,
            honba: optional_count("honba", honba)?,
            riichi_sticks: optional_count("riichi_sticks", riichi_sticks)?,
            discarder: optional_wind("discarder", discarder)?,
            liable: optional_wind("liable", liable)?,
        };
        ctx.check(false).py()?;
        Ok(Self { ctx })
    }

    /// Keyword arguments that rebuild this context (used by pickle and `repr`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let c = &self.ctx;
        let out = PyDict::new(py);
        let flags = [
            ("tsumo", c.tsumo),
            ("riichi", c.riichi),
            ("double_riichi", c.double_riichi),
            ("open_riichi", c.open_riichi),
            ("ippatsu", c.ippatsu),
            ("rinshan", c.rinshan),
            ("chankan", c.chankan),
            ("haitei", c.haitei),
            ("houtei", c.houtei),
            ("tenhou", c.tenhou),
            ("chiihou", c.chiihou),
            ("renhou", c.renhou),
        ];
        for (name, value) in flags {
            out.set_item(name, value)?;
        }
        out.set_item("seat_wind", WINDS[usize::from(c.seat_wind)])?;
        out.set_item("round_wind", WINDS[usize::from(c.round_wind)])?;
        out.set_item("dora_indicators", names(c.dora_indicators.kinds()))?;
        out.set_item("ura_indicators", names(c.ura_indicators.kinds()))?;
        out.set_item("honba", c.honba)?;
        out.set_item("riichi_sticks", c.riichi_sticks)?;
        out.set_item("discarder", c.discarder.map(|w| WINDS[usize::from(w)]))?;
        out.set_item("liable", c.liable.map(|w| WINDS[usize::from(w)]))?;
        Ok(out)
    }

    #[getter]
    fn tsumo(&self) -> bool {
        self.ctx.tsumo
    }
    #[getter]
    fn riichi(&self) -> bool {
        self.ctx.riichi
    }
    #[getter]
    fn double_riichi(&self) -> bool {
        self.ctx.double_riichi
    }
    #[getter]
    fn open_riichi(&self) -> bool {
        self.ctx.open_riichi
    }
    #[getter]
    fn ippatsu(&self) -> bool {
        self.ctx.ippatsu
    }
    #[getter]
    fn rinshan(&self) -> bool {
        self.ctx.rinshan
    }
    #[getter]
    fn chankan(&self) -> bool {
        self.ctx.chankan
    }
    #[getter]
    fn haitei(&self) -> bool {
        self.ctx.haitei
    }
    #[getter]
    fn houtei(&self) -> bool {
        self.ctx.houtei
    }
    #[getter]
    fn tenhou(&self) -> bool {
        self.ctx.tenhou
    }
    #[getter]
    fn chiihou(&self) -> bool {
        self.ctx.chiihou
    }
    #[getter]
    fn renhou(&self) -> bool {
        self.ctx.renhou
    }
    /// The winner's seat wind, 0 (East, the dealer) to 3.
    #[getter]
    fn seat_wind(&self) -> u8 {
        self.ctx.seat_wind
    }
    /// The round wind, 0 (East) to 3.
    #[getter]
    fn round_wind(&self) -> u8 {
        self.ctx.round_wind
    }
    /// Whether the winner is the dealer (seat wind East).
    #[getter]
    fn dealer(&self) -> bool {
        self.ctx.dealer()
    }
    /// Dora indicator kinds, in reveal order.
    #[getter]
    fn dora_indicators(&self) -> Vec<u32> {
        crate::convert::ints(self.ctx.dora_indicators.kinds().iter().copied())
    }
    /// Ura indicator kinds, in reveal order.
    #[getter]
    fn ura_indicators(&self) -> Vec<u32> {
        crate::convert::ints(self.ctx.ura_indicators.kinds().iter().copied())
    }
    #[getter]
    fn honba(&self) -> u32 {
        self.ctx.honba
    }
    #[getter]
    fn riichi_sticks(&self) -> u32 {
        self.ctx.riichi_sticks
    }
    /// Seat wind of the discarder of a ron, if given.
    #[getter]
    fn discarder(&self) -> Option<u8> {
        self.ctx.discarder
    }
    /// Seat wind of the player liable for a pao yakuman, if any.
    #[getter]
    fn liable(&self) -> Option<u8> {
        self.ctx.liable
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let default = Self {
            ctx: WinContext::default(),
        }
        .to_dict(py)?;
        let mut parts = Vec::new();
        for (key, value) in self.to_dict(py)?.iter() {
            if !default
                .get_item(&key)?
                .is_some_and(|d| d.eq(&value).unwrap_or(false))
            {
                parts.push(format!("{}={}", key, value.repr()?));
            }
        }
        Ok(format!("WinContext({})", parts.join(", ")))
    }

    fn __getnewargs_ex__<'py>(&self, py: Python<'py>) -> PyResult<((), Bound<'py, PyDict>)> {
        Ok(((), self.to_dict(py)?))
    }
}

fn names(kinds: &[u8]) -> String {
    kinds.iter().map(|&k| kind_name(k, false)).collect()
}

/// One yaku (or dora count) of a scored hand, or a yakuman with its units.
#[pyclass(
    name = "Yaku",
    module = "mahjong.riichi",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyYaku {
    /// Stable identifier in romaji, e.g. "tanyao", "yakuhai_haku", "kokushi_musou_13".
    #[pyo3(get)]
    romaji: &'static str,
    /// English name, e.g. "All Simples".
    #[pyo3(get)]
    name: &'static str,
    /// Han it adds (0 for a yakuman).
    #[pyo3(get)]
    han: u8,
    /// Yakuman units (0 for an ordinary yaku).
    #[pyo3(get)]
    yakuman: u8,
}

#[pymethods]
impl PyYaku {
    fn __repr__(&self) -> String {
        if self.yakuman > 0 {
            format!("Yaku('{}', yakuman={})", self.romaji, self.yakuman)
        } else {
            format!("Yaku('{}', han={})", self.romaji, self.han)
        }
    }
}

impl PyYaku {
    fn yaku(y: Yaku, han: u8) -> Self {
        Self {
            romaji: y.romaji(),
            name: y.english(),
            han,
            yakuman: 0,
        }
    }

    fn yakuman(y: Yakuman, units: u8) -> Self {
        Self {
            romaji: y.romaji(),
            name: y.english(),
            han: 0,
            yakuman: units,
        }
    }
}

/// Everything `score` was given, kept so a result can be pickled (by scoring it again).
struct Inputs {
    concealed: Tiles,
    win_tile: u8,
    melds: Vec<Meld>,
    ctx: WinContext,
    rules: PyRuleset,
}

/// The scored win: yaku, han, fu, limit and payments of the best reading.
///
/// A complete hand without a yaku scores `is_win=False` with no payments.
#[pyclass(
    name = "ScoreResult",
    module = "mahjong.riichi",
    frozen,
    skip_from_py_object
)]
pub(crate) struct PyScoreResult {
    result: ScoreResult,
    inputs: Arc<Inputs>,
}

fn fu_label(part: FuPart) -> String {
    match part {
        FuPart::Base => "base".to_owned(),
        FuPart::Chiitoitsu => "chiitoitsu".to_owned(),
        FuPart::MenzenRon => "closed ron".to_owned(),
        FuPart::Tsumo => "tsumo".to_owned(),
        FuPart::Wait(w) => format!("{} wait", w.name()),
        FuPart::Pair(k) => format!("pair {}{}", &kind_name(k, false)[..1], kind_name(k, false)),
        FuPart::OpenPinfu => "open hand raised to 30".to_owned(),
        FuPart::Set(g) => {
            let shape = if g.kind == GroupKind::Kan {
                "kan"
            } else {
                "triplet"
            };
            let how = if g.concealed { "concealed" } else { "open" };
            let name = kind_name(g.first, false);
            let digits = name[..1].repeat(if g.kind == GroupKind::Kan { 4 } else { 3 });
            format!("{how} {shape} {digits}{}", &name[1..])
        }
    }
}

#[pymethods]
impl PyScoreResult {
    /// Whether the hand can be won: it has a yaku (dora do not count) or a yakuman.
    #[getter]
    fn is_win(&self) -> bool {
        self.result.is_win
    }
    /// Total han, dora included (0 for a yakuman hand).
    #[getter]
    fn han(&self) -> u8 {
        self.result.han
    }
    /// Fu (chiitoitsu 25; for a yakuman hand, the fu its reading would have).
    #[getter]
    fn fu(&self) -> u8 {
        self.result.fu
    }
    /// `(what, fu)` lines adding up to the fu before rounding.
    #[getter]
    fn fu_breakdown(&self) -> Vec<(String, u8)> {
        self.result
            .fu_parts
            .iter()
            .map(|(part, fu)| (fu_label(part), fu))
            .collect()
    }
    /// The yaku with their han, dora entries last.
    #[getter]
    fn yaku(&self) -> Vec<PyYaku> {
        self.result
            .yaku
            .iter()
            .map(|&(y, han)| PyYaku::yaku(y, han))
            .collect()
    }
    /// The yakuman with their units.
    #[getter]
    fn yakuman(&self) -> Vec<PyYaku> {
        self.result
            .yakuman
            .iter()
            .map(|&(y, units)| PyYaku::yakuman(y, units))
            .collect()
    }
    /// Yakuman units the hand is paid for (0 if none; a kazoe yakuman is 0 here).
    #[getter]
    fn yakuman_units(&self) -> u8 {
        self.result.yakuman_units
    }
    /// "mangan", "haneman", "baiman", "sanbaiman", "yakuman" or None.
    #[getter]
    fn limit(&self) -> Option<&'static str> {
        self.result.limit.name()
    }
    /// A non-yakuman hand of 13+ han paid as a yakuman (counted yakuman).
    #[getter]
    fn kazoe(&self) -> bool {
        self.result.kazoe
    }
    /// Base points (fu x 2^(han+2), or the limit's).
    #[getter]
    fn base_points(&self) -> u32 {
        self.result.base
    }
    /// Hand value before honba and deposits: the ron payment, or the tsumo total.
    #[getter]
    fn points(&self) -> u32 {
        self.result.points
    }
    /// `(payer seat wind, amount)` for each payer, honba included; the payer is None for a
    /// ron whose discarder was not given.
    #[getter]
    fn payments(&self) -> Vec<(Option<u8>, u32)> {
        self.result
            .payments
            .iter()
            .map(|p| (p.payer, p.amount))
            .collect()
    }
    /// What the winner receives: the payments plus the deposits on the table.
    #[getter]
    fn gain(&self) -> u32 {
        self.result.gain
    }
    /// Score change per seat wind (E, S, W, N), or None when a payer is unknown.
    #[getter]
    fn deltas(&self) -> Option<(i32, i32, i32, i32)> {
        self.result.deltas.map(|[e, s, w, n]| (e, s, w, n))
    }
    /// The reading that was scored, with its wait.
    #[getter]
    fn decomposition(&self) -> PyDecomposition {
        PyDecomposition::read(&self.result.reading)
    }

    fn __repr__(&self) -> String {
        let items: Vec<String> = self
            .yaku()
            .iter()
            .map(|y| format!("{} {}", y.romaji, y.han))
            .chain(
                self.yakuman()
                    .iter()
                    .map(|y| format!("{} x{}", y.romaji, y.yakuman)),
            )
            .collect();
        format!(
            "ScoreResult(is_win={}, han={}, fu={}, points={}, yaku=[{}])",
            if self.result.is_win { "True" } else { "False" },
            self.result.han,
            self.result.fu,
            self.result.points,
            items.join(", ")
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Self>().is_ok_and(|o| {
            let (a, b) = (&*self.inputs, &*o.get().inputs);
            (a.concealed, a.win_tile, &a.melds, a.ctx) == (b.concealed, b.win_tile, &b.melds, b.ctx)
                && a.rules.rules == b.rules.rules
        })
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (PyTiles, u8, Vec<PyMeld>, PyWinContext, PyRuleset),
    )> {
        let i = &*self.inputs;
        Ok((
            py.import("mahjong._core")?.getattr("_rescore")?,
            (
                i.concealed.into(),
                i.win_tile,
                i.melds.iter().map(|&meld| PyMeld { meld }).collect(),
                PyWinContext { ctx: i.ctx },
                i.rules.clone(),
            ),
        ))
    }
}

fn melds_arg(melds: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Meld>> {
    let Some(melds) = melds.filter(|m| !m.is_none()) else {
        return Ok(Vec::new());
    };
    melds
        .try_iter()
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "melds must be a sequence of Meld, got {}",
                type_name(melds)
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
        .collect()
}

fn rules_arg(rules: Option<&Bound<'_, PyRuleset>>) -> PyRuleset {
    rules.map_or_else(PyRuleset::seed, |r| r.get().clone())
}

/// Scores a win. `hand` is the concealed tiles, with or without the winning tile (14 or 13
/// tiles, minus 3 per meld); `win_tile` the winning tile (kind or string such as "5s"); `melds`
/// the declared melds. Every reading of the hand is scored and the one paying the winner most
/// is returned. Raises InvalidHandError for a hand that is not complete or does not fit its
/// melds, and InvalidArgumentError for contradictory circumstances.
#[pyfunction]
#[pyo3(signature = (hand, win_tile, *, melds = None, context = None, rules = None))]
pub(crate) fn score(
    hand: &Bound<'_, PyAny>,
    win_tile: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    context: Option<&Bound<'_, PyWinContext>>,
    rules: Option<&Bound<'_, PyRuleset>>,
) -> PyResult<PyScoreResult> {
    let win_tile = kind_arg(win_tile)?;
    let melds = melds_arg(melds)?;
    let inputs = Inputs {
        concealed: with_win_tile(tiles_arg(hand)?, win_tile, melds.len())?,
        win_tile,
        melds,
        ctx: context.map_or_else(WinContext::default, |c| c.get().ctx),
        rules: rules_arg(rules),
    };
    score_inputs(inputs)
}

/// The concealed tiles with the winning tile, adding it when the hand is one tile short.
fn with_win_tile(concealed: Tiles, win_tile: u8, melds: usize) -> PyResult<Tiles> {
    riichi_counts(&concealed)?;
    if concealed.len() + 3 * melds == 13 {
        concealed.with_added(win_tile, false).py()
    } else {
        Ok(concealed)
    }
}

fn score_inputs(inputs: Inputs) -> PyResult<PyScoreResult> {
    let win = Win {
        concealed: &inputs.concealed,
        win_tile: inputs.win_tile,
        melds: &inputs.melds,
    };
    let scored = Scorer::default()
        .score(&win, &inputs.ctx, &inputs.rules.rules)
        .py()?;
    let result = ScoreResult::new(&scored, &inputs.ctx, &inputs.rules.rules);
    Ok(PyScoreResult {
        result,
        inputs: Arc::new(inputs),
    })
}

/// Rebuilds a pickled ScoreResult by scoring its inputs again.
#[pyfunction]
pub(crate) fn _rescore(
    hand: PyRef<'_, PyTiles>,
    win_tile: u8,
    melds: Vec<PyRef<'_, PyMeld>>,
    context: PyRef<'_, PyWinContext>,
    rules: PyRef<'_, PyRuleset>,
) -> PyResult<PyScoreResult> {
    score_inputs(Inputs {
        concealed: hand.tiles,
        win_tile,
        melds: melds.iter().map(|m| m.meld).collect(),
        ctx: context.ctx,
        rules: rules.clone(),
    })
}

/// Encodes a win as one uint8 record of `RECORD_WIDTH` bytes for `score_batch` (arguments as
/// for `score`). Stack records with numpy to score many wins at once.
#[pyfunction]
#[pyo3(signature = (hand, win_tile, *, melds = None, context = None))]
pub(crate) fn encode_win<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    win_tile: &Bound<'py, PyAny>,
    melds: Option<&Bound<'py, PyAny>>,
    context: Option<&Bound<'py, PyWinContext>>,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let win_tile = kind_arg(win_tile)?;
    let melds = melds_arg(melds)?;
    let concealed = with_win_tile(tiles_arg(hand)?, win_tile, melds.len())?;
    let ctx = context.map_or_else(WinContext::default, |c| c.get().ctx);
    let record = record::encode(&concealed, win_tile, &melds, &ctx).py()?;
    Ok(PyArray1::from_slice(py, &record))
}

/// What `score_batch` reports per row.
#[derive(Clone, Copy, Default)]
struct BatchRow {
    is_win: bool,
    han: u8,
    fu: u8,
    units: u8,
    limit: u8,
    points: u32,
    gain: u32,
    deltas: [i32; 4],
}

fn score_record(
    scorer: &mut Scorer,
    melds: &mut Vec<Meld>,
    row: &[u8],
    rules: &mahjong_core::riichi::Ruleset,
) -> Result<BatchRow> {
    let decoded = record::decode(row, melds)?;
    let win = Win {
        concealed: &decoded.concealed,
        win_tile: decoded.win_tile,
        melds,
    };
    let ctx = decoded.context;
    let scored = scorer.score(&win, &ctx, rules)?;
    let mut out = BatchRow {
        is_win: scored.is_win,
        han: scored.han(),
        fu: scored.fu.total(),
        units: scored.units,
        limit: scored.limit as u8,
        ..BatchRow::default()
    };
    if scored.is_win {
        let paid = mahjong_core::riichi::points::payments(
            scored.base,
            mahjong_core::riichi::score::pao_units(&scored, rules),
            &ctx,
            rules,
        );
        out.points = scored.points;
        out.gain = paid.total() + ctx.riichi_sticks * rules.riichi_deposit;
        out.deltas = paid.deltas(ctx.seat_wind, out.gain).unwrap_or_default();
    }
    Ok(out)
}

/// Scores many wins encoded by `encode_win` (a uint8 array of shape (N, RECORD_WIDTH)),
/// without holding the GIL. Returns a dict of arrays: "is_win" (bool), "han", "fu",
/// "yakuman" (units), "limit" (0 none, 1 mangan .. 5 yakuman), "points", "gain" and "deltas"
/// (N, 4) by seat wind (zeros when a ron's discarder is unknown). A bad row raises an error
/// naming it.
#[pyfunction]
#[pyo3(signature = (records, rules = None))]
pub(crate) fn score_batch<'py>(
    py: Python<'py>,
    records: PyReadonlyArray2<'py, u8>,
    rules: Option<&Bound<'py, PyRuleset>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = rules_arg(rules);
    let mut scorer = Scorer::default();
    let mut melds = Vec::with_capacity(4);
    let rows = crate::batch::map_rows(py, &records, |row: &[u8; RECORD_WIDTH]| {
        score_record(&mut scorer, &mut melds, row, &rules.rules)
    })?;
    let out = PyDict::new(py);
    out.set_item(
        "is_win",
        PyArray1::from_iter(py, rows.iter().map(|r| r.is_win)),
    )?;
    out.set_item("han", PyArray1::from_iter(py, rows.iter().map(|r| r.han)))?;
    out.set_item("fu", PyArray1::from_iter(py, rows.iter().map(|r| r.fu)))?;
    out.set_item(
        "yakuman",
        PyArray1::from_iter(py, rows.iter().map(|r| r.units)),
    )?;
    out.set_item(
        "limit",
        PyArray1::from_iter(py, rows.iter().map(|r| r.limit)),
    )?;
    out.set_item(
        "points",
        PyArray1::from_iter(py, rows.iter().map(|r| r.points)),
    )?;
    out.set_item("gain", PyArray1::from_iter(py, rows.iter().map(|r| r.gain)))?;
    let deltas: Vec<i32> = rows.iter().flat_map(|r| r.deltas).collect();
    out.set_item(
        "deltas",
        PyArray1::from_vec(py, deltas).reshape([rows.len(), 4])?,
    )?;
    Ok(out)
}

/// Score changes (by seat wind E, S, W, N) of a nagashi mangan at an exhaustive draw: a
/// mangan tsumo for `seat_wind`, with honba only under `nagashi_honba`. Raises
/// InvalidRuleError when the ruleset has `nagashi_mangan` off.
#[pyfunction]
#[pyo3(signature = (seat_wind, *, honba = None, rules = None))]
pub(crate) fn nagashi_mangan(
    seat_wind: &Bound<'_, PyAny>,
    honba: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyRuleset>>,
) -> PyResult<(i32, i32, i32, i32)> {
    let seat = wind_arg("seat_wind", seat_wind)?;
    let rules = rules_arg(rules);
    let [e, s, w, n] = mahjong_core::riichi::points::nagashi_mangan(
        seat,
        optional_count("honba", honba)?,
        &rules.rules,
    )
    .py()?;
    Ok((e, s, w, n))
}
