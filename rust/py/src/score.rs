//! Riichi scoring entry points: `score`, `encode_win`, `score_batch` and `nagashi_mangan`.

use std::cell::RefCell;

use mahjong_core::meld::Meld;
use mahjong_core::riichi::record::{self, RECORD_WIDTH};
use mahjong_core::riichi::{Ruleset, Scorer, Win, WinContext, settlement};
use mahjong_core::{Error, Result, Tiles};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::args::{Count, Melds, TileArg, TilesLike, WindArg};
use crate::batch::{RowErrors, map_rows_with, uint8_rows};
use crate::context::PyWinContext;
use crate::convert::riichi_counts;
use crate::errors::IntoPyResult;
use crate::result::{Inputs, PyScoreResult};
use crate::rules::PyRuleset;
use crate::tiles::{PyMeld, PyTiles};

thread_local! {
    /// One scorer per thread keeps its buffers between calls.
    static SCORER: RefCell<Scorer> = RefCell::new(Scorer::default());
}

fn rules_or_seed(rules: Option<&Bound<'_, PyRuleset>>) -> PyRuleset {
    rules.map_or_else(PyRuleset::seed, |r| r.get().clone())
}

/// The concealed tiles with the winning tile, adding it (red five included) when the hand is
/// one tile short; a red winning tile must be among a full hand's tiles.
fn with_win_tile(concealed: Tiles, win: TileArg, melds: usize) -> PyResult<Tiles> {
    riichi_counts(&concealed)?;
    if concealed.len() + 3 * melds == 13 {
        return concealed.with_added(win.kind, win.red).py();
    }
    if win.red && concealed.red()[usize::from(win.kind / 9)] == 0 {
        return Err(Error::hand(format!(
            "the winning tile is the red five {} but {concealed} holds no red five of it",
            mahjong_core::tile::kind_name(win.kind, true)
        )))
        .py();
    }
    Ok(concealed)
}

/// The checked inputs of one win.
fn inputs(
    hand: TilesLike,
    win_tile: TileArg,
    melds: Option<Melds>,
    context: Option<&Bound<'_, PyWinContext>>,
    rules: PyRuleset,
) -> PyResult<Inputs> {
    let melds = melds.map(|m| m.0).unwrap_or_default();
    Ok(Inputs {
        concealed: with_win_tile(hand.0, win_tile, melds.len())?,
        win_tile: win_tile.kind,
        melds,
        ctx: context.map_or_else(WinContext::default, |c| c.get().ctx),
        rules,
    })
}

fn win_of(inputs: &Inputs) -> Win<'_> {
    Win {
        concealed: &inputs.concealed,
        win_tile: inputs.win_tile,
        melds: &inputs.melds,
    }
}

fn score_inputs(inputs: Inputs) -> PyResult<PyScoreResult> {
    let scored = SCORER
        .with_borrow_mut(|scorer| scorer.score(&win_of(&inputs), &inputs.ctx, &inputs.rules.rules))
        .py()?;
    Ok(PyScoreResult::new(scored, inputs))
}

/// Scores a win. `hand` is the concealed tiles, with or without the winning tile (14 or 13
/// tiles, minus 3 per meld); `win_tile` the winning tile (kind or string such as "5s"; "0s"
/// is the red five); `melds` the declared melds. Every reading of the hand is scored and the
/// one paying the winner most is returned. Raises InvalidHandError for a hand that is not
/// complete, does not fit its melds, or holds more copies of a tile (indicators included)
/// than exist, and InvalidArgumentError for contradictory circumstances.
#[pyfunction]
#[pyo3(signature = (hand, win_tile, *, melds = None, context = None, rules = None))]
pub(crate) fn score(
    hand: TilesLike,
    win_tile: TileArg,
    melds: Option<Melds>,
    context: Option<&Bound<'_, PyWinContext>>,
    rules: Option<&Bound<'_, PyRuleset>>,
) -> PyResult<PyScoreResult> {
    score_inputs(inputs(
        hand,
        win_tile,
        melds,
        context,
        rules_or_seed(rules),
    )?)
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
/// for `score`, checked as `score` checks them under `rules`, default the seed preset: a
/// three-player ruleset allows kita and refuses the removed tiles). Stack records with numpy
/// to score many wins at once.
#[pyfunction]
#[pyo3(signature = (hand, win_tile, *, melds = None, context = None, rules = None))]
pub(crate) fn encode_win<'py>(
    py: Python<'py>,
    hand: TilesLike,
    win_tile: TileArg,
    melds: Option<Melds>,
    context: Option<&Bound<'py, PyWinContext>>,
    rules: Option<&Bound<'py, PyRuleset>>,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let inputs = inputs(hand, win_tile, melds, context, rules_or_seed(rules))?;
    let record = record::encode(&win_of(&inputs), &inputs.ctx, &inputs.rules.rules).py()?;
    Ok(PyArray1::from_slice(py, &record))
}

/// What `score_batch` reports per row.
#[derive(Clone, Copy, Default)]
struct BatchRow {
    valid: bool,
    is_win: bool,
    han: u8,
    fu: u8,
    units: u8,
    limit: u8,
    points: i64,
    gain: i64,
    deltas: [i64; 4],
}

fn score_record(
    scorer: &mut Scorer,
    melds: &mut Vec<Meld>,
    row: &[u8],
    rules: &Ruleset,
) -> Result<BatchRow> {
    let decoded = record::decode(row, melds)?;
    let win = Win {
        concealed: &decoded.concealed,
        win_tile: decoded.win_tile,
        melds,
    };
    let scored = scorer.score(&win, &decoded.context, rules)?;
    let settled = scored.settle(&decoded.context, rules);
    Ok(BatchRow {
        valid: true,
        is_win: scored.is_win,
        han: scored.han(),
        fu: scored.fu.total(),
        units: scored.units,
        limit: scored.limit as u8,
        points: scored.points,
        gain: settled.gain,
        deltas: settled.deltas.unwrap_or_default(),
    })
}

/// Scores many wins encoded by `encode_win` (a uint8 array of shape (N, RECORD_WIDTH)),
/// without holding the GIL. Returns a dict of arrays: "valid" (bool), "is_win" (bool), "han",
/// "fu", "yakuman" (units), "limit" (0 none, 1 mangan .. 5 yakuman), "points", "gain" and
/// "deltas" (N, players: 4, or 3 under a three-player ruleset) by seat wind (int64; zeros
/// when a ron's discarder is unknown).
/// `errors="raise"` (the default) raises for the first bad row, naming it; `errors="flag"`
/// marks bad rows `valid=False` with zeros everywhere else and scores the rest.
#[pyfunction]
#[pyo3(signature = (records, rules = None, *, errors = "raise"))]
pub(crate) fn score_batch<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyRuleset>>,
    errors: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let on_error = RowErrors::parse(errors).py()?;
    let records = uint8_rows::<RECORD_WIDTH>(records)?;
    let rules = rules_or_seed(rules);
    let mut scorer = Scorer::default();
    let mut melds = Vec::with_capacity(4);
    let rows = map_rows_with(py, &records, on_error, |row: &[u8; RECORD_WIDTH]| {
        score_record(&mut scorer, &mut melds, row, &rules.rules)
    })?;
    let out = PyDict::new(py);
    macro_rules! column {
        ($name:literal, $field:ident) => {
            out.set_item(
                $name,
                PyArray1::from_iter(py, rows.iter().map(|r| r.unwrap_or_default().$field)),
            )?;
        };
    }
    column!("valid", valid);
    column!("is_win", is_win);
    column!("han", han);
    column!("fu", fu);
    column!("yakuman", units);
    column!("limit", limit);
    column!("points", points);
    column!("gain", gain);
    let players = rules.rules.player_count();
    let deltas: Vec<i64> = rows
        .iter()
        .flat_map(|r| r.unwrap_or_default().deltas.into_iter().take(players))
        .collect();
    out.set_item(
        "deltas",
        PyArray1::from_vec(py, deltas).reshape([rows.len(), players])?,
    )?;
    Ok(out)
}

/// Score changes (by seat wind E, S, W, N; E, S, W with three players) of a nagashi mangan at
/// an exhaustive draw: a mangan tsumo for `seat_wind`, with honba (0..=255) only under
/// `nagashi_honba`. Raises InvalidRuleError when the ruleset has `nagashi_mangan` off.
#[pyfunction]
#[pyo3(signature = (seat_wind, *, honba = None, rules = None))]
pub(crate) fn nagashi_mangan<'py>(
    py: Python<'py>,
    seat_wind: WindArg,
    honba: Option<Count>,
    rules: Option<&Bound<'py, PyRuleset>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let rules = rules_or_seed(rules);
    let players = rules.rules.player_count();
    if seat_wind.0.index() >= players {
        return Err(Error::argument(format!(
            "seat_wind {} is not a seat of a {players}-player game",
            seat_wind.0
        )))
        .py();
    }
    let deltas =
        settlement::nagashi_mangan(seat_wind.0, honba.map_or(0, |h| h.0), &rules.rules).py()?;
    PyTuple::new(py, &deltas[..players])
}
