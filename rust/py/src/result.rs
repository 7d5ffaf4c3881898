//! `Yaku` and `ScoreResult`: a scored win, spelled out only when read.

use mahjong_core::meld::Meld;
use mahjong_core::riichi::evaluate::{FuPart, GroupKind};
use mahjong_core::riichi::score::Scored;
use mahjong_core::riichi::{Settlement, WinContext, Yaku, Yakuman};
use mahjong_core::tile::kind_name;
use mahjong_core::{Error, Tiles, Wind};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::analysis::PyDecomposition;
use crate::context::PyWinContext;
use crate::convert::{Reduced, reduce_to};
use crate::errors::IntoPyResult;
use crate::rules::PyRuleset;
use crate::tiles::{PyMeld, PyTiles};

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

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py, (&'static str, u8, u8)> {
        let y = slf.get();
        reduce_to(slf.py(), "_yaku", (y.romaji, y.han, y.yakuman))
    }
}

impl PyYaku {
    fn yaku((y, han): (Yaku, u8)) -> Self {
        Self {
            romaji: y.romaji(),
            name: y.english(),
            han,
            yakuman: 0,
        }
    }

    fn yakuman((y, units): (Yakuman, u8)) -> Self {
        Self {
            romaji: y.romaji(),
            name: y.english(),
            han: 0,
            yakuman: units,
        }
    }
}

/// Rebuilds a pickled Yaku.
#[pyfunction]
pub(crate) fn _yaku(romaji: &str, han: u8, yakuman: u8) -> PyResult<PyYaku> {
    if yakuman > 0 {
        if let Some(&y) = Yakuman::ALL.iter().find(|y| y.romaji() == romaji) {
            return Ok(PyYaku::yakuman((y, yakuman)));
        }
    } else if let Some(&y) = Yaku::ALL.iter().find(|y| y.romaji() == romaji) {
        return Ok(PyYaku::yaku((y, han)));
    }
    Err(Error::argument(format!("unknown yaku {romaji:?}"))).py()
}

/// Everything `score` was given, kept for equality and pickling (by scoring again).
pub(crate) struct Inputs {
    pub(crate) concealed: Tiles,
    pub(crate) win_tile: u8,
    pub(crate) melds: Vec<Meld>,
    pub(crate) ctx: WinContext,
    pub(crate) rules: PyRuleset,
}

type RescoreArgs = (PyTiles, u8, Vec<PyMeld>, PyWinContext, PyRuleset);

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
    scored: Scored,
    settlement: Settlement,
    inputs: Inputs,
}

impl PyScoreResult {
    pub(crate) fn new(scored: Scored, inputs: Inputs) -> Self {
        Self {
            settlement: scored.settle(&inputs.ctx, &inputs.rules.rules),
            scored,
            inputs,
        }
    }
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
        self.scored.is_win
    }
    /// Total han, dora included (0 for a yakuman hand).
    #[getter]
    fn han(&self) -> u8 {
        self.scored.han()
    }
    /// Fu (chiitoitsu 25; for a yakuman hand, the fu its reading would have).
    #[getter]
    fn fu(&self) -> u8 {
        self.scored.fu.total()
    }
    /// `(what, fu)` lines adding up to the fu before rounding.
    #[getter]
    fn fu_breakdown(&self) -> Vec<(String, u8)> {
        self.scored
            .fu
            .iter()
            .map(|(part, fu)| (fu_label(part), fu))
            .collect()
    }
    /// The yaku with their han, dora entries last.
    #[getter]
    fn yaku(&self) -> Vec<PyYaku> {
        self.scored
            .yaku(&self.inputs.rules.rules)
            .map(PyYaku::yaku)
            .collect()
    }
    /// The yakuman with their units.
    #[getter]
    fn yakuman(&self) -> Vec<PyYaku> {
        self.scored
            .yakuman(&self.inputs.rules.rules)
            .map(PyYaku::yakuman)
            .collect()
    }
    /// Yakuman units the hand is paid for (0 if none; a kazoe yakuman is 0 here).
    #[getter]
    fn yakuman_units(&self) -> u8 {
        self.scored.units
    }
    /// "mangan", "haneman", "baiman", "sanbaiman", "yakuman" or None.
    #[getter]
    fn limit(&self) -> Option<&'static str> {
        self.scored.limit.name()
    }
    /// A non-yakuman hand of 13+ han paid as a yakuman (counted yakuman).
    #[getter]
    fn kazoe(&self) -> bool {
        self.scored.kazoe
    }
    /// Base points (fu x 2^(han+2), or the limit's).
    #[getter]
    fn base_points(&self) -> u32 {
        self.scored.base
    }
    /// Hand value before honba and deposits: the ron payment, or the tsumo total.
    #[getter]
    fn points(&self) -> i64 {
        self.scored.points
    }
    /// `(payer seat wind, amount)` for each payer, honba included; the payer is None for a
    /// ron whose discarder was not given.
    #[getter]
    fn payments(&self) -> Vec<(Option<usize>, i64)> {
        self.settlement
            .payments
            .iter()
            .map(|p| (p.payer.map(Wind::index), p.amount))
            .collect()
    }
    /// What the winner receives: the payments plus the deposits on the table.
    #[getter]
    fn gain(&self) -> i64 {
        self.settlement.gain
    }
    /// Score change per seat wind (E, S, W, N; E, S, W under a three-player ruleset), or
    /// None when a payer is unknown.
    #[getter]
    fn deltas<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let players = self.inputs.rules.rules.player_count();
        self.settlement
            .deltas
            .map(|d| PyTuple::new(py, &d[..players]))
            .transpose()
    }
    /// The reading that was scored, with its wait.
    #[getter]
    fn decomposition(&self) -> PyDecomposition {
        PyDecomposition::read(&self.scored.reading)
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
            if self.scored.is_win { "True" } else { "False" },
            self.han(),
            self.fu(),
            self.scored.points,
            items.join(", ")
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Self>().is_ok_and(|o| {
            let (a, b) = (&self.inputs, &o.get().inputs);
            (a.concealed, a.win_tile, &a.melds, a.ctx) == (b.concealed, b.win_tile, &b.melds, b.ctx)
                && a.rules.rules == b.rules.rules
        })
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, RescoreArgs> {
        let i = &self.inputs;
        let args = (
            i.concealed.into(),
            i.win_tile,
            i.melds.iter().map(|&meld| PyMeld { meld }).collect(),
            PyWinContext { ctx: i.ctx },
            i.rules.clone(),
        );
        reduce_to(py, "_rescore", args)
    }
}
