//! `mahjong.riichi.Deal` and `Action`: one deal of the core engine, driven step by step, its
//! events as mjai dicts and each seat's observation.

use mahjong_core::riichi::game::{
    self, ACTION_COUNT, Action, Deal, DealSetup, DrawReason, Event, Game, PlayerState, Wall,
};
use mahjong_core::riichi::mjai::pai;
use mahjong_core::tile::kind_of_id;
use mahjong_core::{Error, Wind};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::args::{Count, WindArg};
use crate::convert::{int_value, type_name};
use crate::errors::IntoPyResult;
use crate::rules::PyRuleset;

fn name(id: u8, red_fives: bool) -> String {
    pai(kind_of_id(id), game::action::is_red_id(id, red_fives))
}

fn names(ids: &[u8], red_fives: bool) -> Vec<String> {
    ids.iter().map(|&t| name(t, red_fives)).collect()
}

/// One action a seat may take, as offered by `Deal.legal_actions`.
///
/// `type` is "discard", "riichi" (with its discard), "chi", "pon", "daiminkan", "ankan",
/// "kakan", "tsumo", "ron", "kyuushu" or "pass"; `tile` the tile discarded, added or (ankan)
/// its kind, in mjai notation; `consumed` the caller's tiles of a chi or pon. `code` is the
/// action's stable integer in 0..ACTION_COUNT (see `mahjong.riichi.ACTION_COUNT` and the
/// README): discards 0..36 by tile class (34..36 red fives), riichi 37..73, chi 74..79, pon
/// 80..81, daiminkan 82, ankan 83..116, kakan 117..150, tsumo 151, ron 152, kyuushu 153,
/// pass 154.
#[pyclass(
    name = "Action",
    module = "mahjong.riichi",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyAction {
    action: Action,
    code: usize,
    red_fives: bool,
}

#[pymethods]
impl PyAction {
    /// The action's kind: "discard", "riichi", "chi", "pon", ...
    #[getter(r#type)]
    fn kind(&self) -> &'static str {
        self.action.name()
    }
    /// The stable integer code (0..ACTION_COUNT).
    #[getter]
    fn code(&self) -> usize {
        self.code
    }
    /// The tile discarded or added (mjai notation), or the kind of an ankan; None otherwise.
    #[getter]
    fn tile(&self) -> Option<String> {
        match self.action {
            Action::Discard(t) | Action::Riichi(t) | Action::Kakan(t) => {
                Some(name(t, self.red_fives))
            }
            Action::Ankan(k) => Some(pai(k, false)),
            _ => None,
        }
    }
    /// The physical tile id discarded or added, if any.
    #[getter]
    fn tile_id(&self) -> Option<u8> {
        match self.action {
            Action::Discard(t) | Action::Riichi(t) | Action::Kakan(t) => Some(t),
            _ => None,
        }
    }
    /// The caller's two tiles of a chi or pon (mjai notation); empty otherwise.
    #[getter]
    fn consumed(&self) -> Vec<String> {
        match self.action {
            Action::Chi(p) | Action::Pon(p) => names(&p, self.red_fives),
            _ => Vec::new(),
        }
    }

    fn __repr__(&self) -> String {
        let mut parts = vec![format!("'{}'", self.action.name())];
        if let Some(t) = self.tile() {
            parts.push(format!("'{t}'"));
        }
        let consumed = self.consumed();
        if !consumed.is_empty() {
            parts.push(format!("consumed={consumed:?}"));
        }
        format!("Action({}, code={})", parts.join(", "), self.code)
    }
}

/// One Riichi deal, driven step by step: `waiting()` says which seats must act,
/// `legal_actions(seat)` what each may do, `apply(seat, action)` does it. Seats are player
/// indices 0..3 for the whole game; the dealer is East.
///
/// The wall comes from `seed` (every random choice flows from it) or is given as `wall`, the
/// 136 tile ids in draw order (rules R2.1: the deal takes ids 0..52, the dead wall is
/// 122..135). An illegal action raises IllegalActionError naming it and why, and changes
/// nothing.
#[pyclass(name = "Deal", module = "mahjong.riichi", skip_from_py_object)]
pub(crate) struct PyDeal {
    deal: Deal,
}

fn wall_arg(seed: Option<&Bound<'_, PyAny>>, wall: Option<&Bound<'_, PyAny>>) -> PyResult<Wall> {
    match (seed.filter(|s| !s.is_none()), wall.filter(|w| !w.is_none())) {
        (Some(_), Some(_)) => Err(Error::argument("give a seed or a wall, not both")).py(),
        (Some(seed), None) => {
            let value = int_value(seed).ok_or_else(|| {
                PyTypeError::new_err(format!("seed must be an int, got {}", type_name(seed)))
            })?;
            let seed = u64::try_from(value)
                .map_err(|_| Error::argument(format!("seed {value} is negative")))
                .py()?;
            Ok(Wall::shuffled(seed))
        }
        (None, Some(wall)) => {
            let ids: Vec<i64> = wall.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "wall must be a sequence of 136 tile ids, got {}",
                    type_name(wall)
                ))
            })?;
            let ids: Vec<u8> = ids
                .iter()
                .map(|&i| {
                    u8::try_from(i)
                        .map_err(|_| Error::tile(format!("tile id {i} is out of range 0..=135")))
                })
                .collect::<mahjong_core::Result<_>>()
                .py()?;
            Wall::from_order(&ids).py()
        }
        (None, None) => Err(Error::argument(
            "a deal needs a seed or an explicit wall (every random choice comes from a seed)",
        ))
        .py(),
    }
}

#[pymethods]
impl PyDeal {
    #[new]
    #[pyo3(signature = (*, seed = None, wall = None, rules = None, dealer = 0, round_wind = None,
        honba = None, riichi_sticks = None, scores = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        seed: Option<&Bound<'_, PyAny>>,
        wall: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyRuleset>>,
        dealer: usize,
        round_wind: Option<WindArg>,
        honba: Option<Count>,
        riichi_sticks: Option<Count>,
        scores: Option<[i64; 4]>,
    ) -> PyResult<Self> {
        let rules = rules.map_or_else(PyRuleset::seed, |r| r.get().clone());
        let start = i64::from(rules.rules.start_points);
        let setup = DealSetup {
            round_wind: round_wind.map_or(Wind::East, |w| w.0),
            dealer,
            honba: honba.map_or(0, |c| c.0),
            riichi_sticks: riichi_sticks.map_or(0, |c| c.0),
            scores: scores.unwrap_or([start; 4]),
        };
        let deal = Deal::new(setup, wall_arg(seed, wall)?, &rules.rules).py()?;
        Ok(Self { deal })
    }

    /// The seats that must act now (one on a turn; every seat with a claim to answer).
    fn waiting(&self) -> Vec<usize> {
        self.deal.waiting()
    }

    /// The legal actions of `seat` now; empty when it need not act.
    fn legal_actions(&self, seat: usize) -> Vec<PyAction> {
        let called = self.deal.claim_tile().map(|(t, _)| t);
        let red = self.deal.red_fives();
        self.deal
            .legal_actions(seat)
            .into_iter()
            .map(|action| PyAction {
                action,
                code: action.code(called, red),
                red_fives: red,
            })
            .collect()
    }

    /// The codes of `seat`'s legal actions (as `legal_actions`, without objects).
    fn legal_codes(&self, seat: usize) -> Vec<usize> {
        let called = self.deal.claim_tile().map(|(t, _)| t);
        let red = self.deal.red_fives();
        self.deal
            .legal_actions(seat)
            .into_iter()
            .map(|a| a.code(called, red))
            .collect()
    }

    /// Applies `action` (an Action from `legal_actions` or its integer code) by `seat`.
    fn apply(&mut self, seat: usize, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let chosen = if let Ok(a) = action.cast::<PyAction>() {
            a.get().action
        } else if let Some(code) = int_value(action) {
            self.action_of_code(seat, code)?
        } else {
            return Err(PyTypeError::new_err(format!(
                "action must be an Action or its int code, got {}",
                type_name(action)
            )));
        };
        self.deal
            .apply(seat, chosen)
            .map_err(|e| crate::errors::IllegalActionError::new_err(e.message().to_owned()))
    }

    /// Whether the deal is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.deal.is_over()
    }

    /// The seat on turn (None during a claim window or after the end).
    #[getter]
    fn turn(&self) -> Option<usize> {
        self.deal.turn()
    }

    /// Scores by seat.
    #[getter]
    fn scores(&self) -> [i64; 4] {
        self.deal.scores()
    }

    /// Riichi deposits on the table.
    #[getter]
    fn riichi_sticks(&self) -> u32 {
        self.deal.riichi_sticks()
    }

    /// The dealer's seat.
    #[getter]
    fn dealer(&self) -> usize {
        self.deal.setup().dealer
    }

    /// The wall's 136 tile ids in draw order (not an observation: it shows every tile).
    #[getter]
    fn wall(&self) -> Vec<u32> {
        crate::convert::ints(self.deal.wall().order().iter().copied())
    }

    /// The events from index `start` on, as mjai dicts (see the README's log format).
    #[pyo3(signature = (start = 0))]
    fn events<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        let mut scores = self.deal.setup().scores;
        let deposit = i64::from(self.deal.rules().riichi_deposit);
        for (i, event) in self.deal.events().iter().enumerate() {
            let change = match event {
                Event::ReachAccepted { seat } => {
                    let mut d = [0; 4];
                    d[*seat] = -deposit;
                    Some(d)
                }
                Event::Hora(w) => Some(w.deltas),
                Event::Ryukyoku { deltas, .. } => Some(*deltas),
                _ => None,
            };
            if let Some(change) = change {
                for (s, d) in scores.iter_mut().zip(change) {
                    *s += d;
                }
            }
            if i < start {
                continue;
            }
            for dict in event_dicts(py, event, &self.deal)? {
                if let Some(change) = change {
                    dict.set_item("deltas", change)?;
                    dict.set_item("scores", scores)?;
                }
                out.append(dict)?;
            }
        }
        Ok(out)
    }

    /// The number of core events so far (for `events(start)`).
    fn event_count(&self) -> usize {
        self.deal.events().len()
    }

    /// What `seat` may see now, as a dict: its own hand and waits, every pond, meld, riichi
    /// and score, the dora indicators, tiles left, and the tile a claim window is on.
    fn observation<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyDict>> {
        if seat > 3 {
            return Err(Error::argument(format!(
                "seat {seat} is out of range 0..=3"
            )))
            .py();
        }
        observation(py, &self.deal, seat)
    }

    /// How the deal ended (None while it runs): "wins" (list of dicts as in `hora` events),
    /// "draw" (reason or None), "tenpai", "deltas", "dealer_keeps", "riichi_sticks".
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(out) = self.deal.outcome() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        let wins = PyList::empty(py);
        for w in &out.wins {
            wins.append(win_dict(py, w, self.deal.red_fives())?)?;
        }
        d.set_item("wins", wins)?;
        d.set_item("draw", out.draw.map(DrawReason::name))?;
        d.set_item("tenpai", out.tenpai)?;
        d.set_item("deltas", out.deltas)?;
        d.set_item("dealer_keeps", out.dealer_keeps)?;
        d.set_item("riichi_sticks", out.riichi_sticks)?;
        Ok(Some(d))
    }
}

impl PyDeal {
    fn action_of_code(&self, seat: usize, code: i64) -> PyResult<Action> {
        let called = self.deal.claim_tile().map(|(t, _)| t);
        let red = self.deal.red_fives();
        let legal = self.deal.legal_actions(seat);
        legal
            .iter()
            .copied()
            .find(|a| i64::try_from(a.code(called, red)) == Ok(code))
            .ok_or_else(|| {
                let range = if (0..ACTION_COUNT as i64).contains(&code) {
                    "not legal now"
                } else {
                    "out of range 0..=154"
                };
                crate::errors::IllegalActionError::new_err(format!(
                    "illegal action code {code} by seat {seat}: {range}"
                ))
            })
    }
}

fn win_dict<'py>(py: Python<'py>, w: &game::WinRecord, red: bool) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("type", "hora")?;
    d.set_item("actor", w.seat)?;
    d.set_item("target", w.from)?;
    d.set_item("pai", name(w.tile, red))?;
    d.set_item("deltas", w.deltas)?;
    d.set_item("ura_markers", names(&w.ura_indicators, red))?;
    let yaku: Vec<(&str, u8)> = w.yaku.iter().map(|(y, h)| (y.romaji(), *h)).collect();
    let yakuman: Vec<(&str, u8)> = w.yakuman.iter().map(|(y, u)| (y.romaji(), *u)).collect();
    d.set_item("yaku", yaku)?;
    d.set_item("yakuman", yakuman)?;
    d.set_item("han", w.han)?;
    d.set_item("fu", w.fu)?;
    d.set_item("points", w.points)?;
    if let Some(liable) = w.liable {
        d.set_item("pao", liable)?;
    }
    Ok(d)
}

/// An event as mjai dicts (the deal's start is `start_kyoku` plus the dealer's first `tsumo`).
fn event_dicts<'py>(
    py: Python<'py>,
    event: &Event,
    deal: &Deal,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let red = deal.red_fives();
    let d = PyDict::new(py);
    let mut out = Vec::new();
    match event {
        Event::StartKyoku {
            round_wind,
            dealer,
            honba,
            riichi_sticks,
            scores,
            dora_indicator,
            hands,
        } => {
            d.set_item("type", "start_kyoku")?;
            d.set_item("bakaze", Wind::ALL[usize::from(*round_wind)].letter())?;
            d.set_item("kyoku", dealer + 1)?;
            d.set_item("honba", honba)?;
            d.set_item("kyotaku", riichi_sticks)?;
            d.set_item("oya", dealer)?;
            d.set_item("scores", scores)?;
            d.set_item("dora_marker", name(*dora_indicator, red))?;
            let tehais: Vec<Vec<String>> = hands.iter().map(|h| names(&h[..13], red)).collect();
            d.set_item("tehais", tehais)?;
            out.push(d);
            let first = PyDict::new(py);
            first.set_item("type", "tsumo")?;
            first.set_item("actor", dealer)?;
            first.set_item("pai", name(hands[*dealer][13], red))?;
            out.push(first);
            return Ok(out);
        }
        Event::Tsumo { seat, tile, .. } => {
            d.set_item("type", "tsumo")?;
            d.set_item("actor", seat)?;
            d.set_item("pai", name(*tile, red))?;
        }
        Event::Dahai {
            seat,
            tile,
            tsumogiri,
        } => {
            d.set_item("type", "dahai")?;
            d.set_item("actor", seat)?;
            d.set_item("pai", name(*tile, red))?;
            d.set_item("tsumogiri", tsumogiri)?;
        }
        Event::Reach { seat } => {
            d.set_item("type", "reach")?;
            d.set_item("actor", seat)?;
        }
        Event::ReachAccepted { seat } => {
            d.set_item("type", "reach_accepted")?;
            d.set_item("actor", seat)?;
        }
        Event::Call {
            seat,
            kind,
            from,
            tile,
            consumed,
        } => {
            d.set_item("type", kind.name())?;
            d.set_item("actor", seat)?;
            d.set_item("target", from)?;
            d.set_item("pai", name(*tile, red))?;
            d.set_item("consumed", names(consumed, red))?;
        }
        Event::Ankan { seat, consumed } => {
            d.set_item("type", "ankan")?;
            d.set_item("actor", seat)?;
            d.set_item("consumed", names(consumed, red))?;
        }
        Event::Kakan {
            seat,
            tile,
            consumed,
        } => {
            d.set_item("type", "kakan")?;
            d.set_item("actor", seat)?;
            d.set_item("pai", name(*tile, red))?;
            d.set_item("consumed", names(consumed, red))?;
        }
        Event::Dora { indicator } => {
            d.set_item("type", "dora")?;
            d.set_item("dora_marker", name(*indicator, red))?;
        }
        Event::Hora(w) => return Ok(vec![win_dict(py, w, red)?]),
        Event::Ryukyoku {
            reason,
            tenpai,
            nagashi,
            deltas,
        } => {
            d.set_item("type", "ryukyoku")?;
            let nagashi_paid = nagashi.iter().any(|&n| n);
            d.set_item(
                "reason",
                if nagashi_paid {
                    "nagashi_mangan"
                } else {
                    reason.name()
                },
            )?;
            d.set_item("tenpai", tenpai)?;
            d.set_item("nagashi", nagashi)?;
            d.set_item("deltas", deltas)?;
        }
        Event::EndKyoku => d.set_item("type", "end_kyoku")?,
    }
    out.push(d);
    Ok(out)
}

fn player_dict<'py>(py: Python<'py>, p: &PlayerState, red: bool) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let pond = PyList::empty(py);
    for t in &p.pond {
        let item = PyDict::new(py);
        item.set_item("pai", name(t.tile, red))?;
        item.set_item("tsumogiri", t.tsumogiri)?;
        item.set_item("riichi", t.riichi)?;
        item.set_item("called", t.called)?;
        pond.append(item)?;
    }
    let melds = PyList::empty(py);
    for m in &p.melds {
        let item = PyDict::new(py);
        item.set_item("type", m.meld.kind().name())?;
        item.set_item("tiles", names(&m.tiles, red))?;
        item.set_item("pai", m.called.map(|t| name(t, red)))?;
        item.set_item("target", m.from)?;
        melds.append(item)?;
    }
    d.set_item("pond", pond)?;
    d.set_item("melds", melds)?;
    d.set_item("riichi", p.riichi)?;
    d.set_item("hand_size", p.hand.len())?;
    Ok(d)
}

fn observation<'py>(py: Python<'py>, deal: &Deal, seat: usize) -> PyResult<Bound<'py, PyDict>> {
    let red = deal.red_fives();
    let setup = deal.setup();
    let me = deal.player(seat);
    let d = PyDict::new(py);
    d.set_item("seat", seat)?;
    d.set_item("seat_wind", deal.seat_wind(seat).letter())?;
    d.set_item("round_wind", setup.round_wind.letter())?;
    d.set_item("dealer", setup.dealer)?;
    d.set_item("honba", setup.honba)?;
    d.set_item("riichi_sticks", deal.riichi_sticks())?;
    d.set_item("scores", deal.scores())?;
    d.set_item(
        "dora_indicators",
        names(&deal.wall().dora_indicators(), red),
    )?;
    d.set_item("tiles_left", deal.wall().live())?;
    d.set_item("hand", names(&me.hand, red))?;
    let drawn = (deal.turn() == Some(seat))
        .then(|| deal.drawn())
        .flatten()
        .map(|t| name(t, red));
    d.set_item("drawn", drawn)?;
    d.set_item(
        "waits",
        me.waits()
            .iter()
            .map(|&k| pai(k, false))
            .collect::<Vec<_>>(),
    )?;
    d.set_item("furiten", me.furiten())?;
    let players = PyList::empty(py);
    for s in 0..4 {
        players.append(player_dict(py, deal.player(s), red)?)?;
    }
    d.set_item("players", players)?;
    let claim = deal.claim_tile().map(|(t, from)| (name(t, red), from));
    d.set_item("claim", claim)?;
    d.set_item("turn", deal.turn())?;
    Ok(d)
}

/// A whole game under a ruleset: `next_deal()` gives each deal (None once the game is over),
/// `finish_deal(deal)` moves the game on after it (dealer rotation, honba, deposits, busting,
/// agari-yame, extension). Every wall comes from `seed`.
#[pyclass(name = "Game", module = "mahjong.riichi", skip_from_py_object)]
pub(crate) struct PyGame {
    game: Game,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (*, seed, rules = None))]
    fn new(seed: u64, rules: Option<&Bound<'_, PyRuleset>>) -> Self {
        let rules = rules.map_or_else(PyRuleset::seed, |r| r.get().clone());
        Self {
            game: Game::new(&rules.rules, seed),
        }
    }

    /// The next deal, or None once the game is over.
    fn next_deal(&mut self) -> Option<PyDeal> {
        self.game.next_deal().map(|deal| PyDeal { deal })
    }

    /// Moves the game on after `deal` (the deal `next_deal` gave, played to its end).
    fn finish_deal(&mut self, deal: PyRef<'_, PyDeal>) -> PyResult<()> {
        self.game.finish_deal(&deal.deal).py()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Scores by seat.
    #[getter]
    fn scores(&self) -> [i64; 4] {
        self.game.scores()
    }

    /// Deals played so far.
    #[getter]
    fn deals_played(&self) -> usize {
        self.game.deals_played()
    }

    /// Final standings by seat: dicts with "seat", "rank" (1..4), "score" (leftover deposits
    /// settled) and "points" (after oka and uma).
    fn standings<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.game
            .standings()
            .iter()
            .map(|s| {
                let d = PyDict::new(py);
                d.set_item("seat", s.seat)?;
                d.set_item("rank", s.rank)?;
                d.set_item("score", s.score)?;
                d.set_item("points", s.points)?;
                Ok(d)
            })
            .collect()
    }
}
