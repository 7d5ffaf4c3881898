//! `mahjong.riichi.Deal`, `Action`, `Observation` and `Game`: the Riichi engine of the core
//! driven step by step, its events and outcome in the core's mjai vocabulary, each seat's
//! observation converted from the core's.

use mahjong_core::Wind;
use mahjong_core::log::Record;
use mahjong_core::riichi::game::log::win_record;
use mahjong_core::riichi::game::{
    self, ACTION_COUNT, Action, Deal, DealMeld, DealSetup, Game, LogStyle, Observation, Outcome,
    PondTile, Public, Wall,
};
use mahjong_core::riichi::mjai::{CLASS_NAMES, class_index, pai, tile_pai};
use mahjong_core::tile::RIICHI_KINDS;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use pyo3::{IntoPyObjectExt, intern};

use crate::args::{Count, ScoresArg, SeatArg, SeedArg, WallArg, WindArg, named};
use crate::errors::IntoPyResult;
use crate::log::{message_dict, record_dict};
use crate::observation::observation_class;
use crate::reason::PyReason;
use crate::rules::PyRuleset;
use crate::snapshot;
use crate::table::{
    Actions, Table, players, replay_actions, replay_session, session_class, table_class,
};
use crate::view::{Kept, Memo, Names, Shared, view};
use std::sync::Mutex;

/// One action a seat may take, as offered by `Deal.legal_actions`.
///
/// `type` is "discard", "riichi" (with its discard), "chi", "pon", "daiminkan", "ankan",
/// "kakan", "tsumo", "ron", "kyuushu", "pass" or "kita" (three players: set a North aside);
/// `tile` the tile discarded, added or (ankan) its kind, in mjai notation; `consumed` the
/// caller's tiles of a chi or pon. `code` is the action's stable integer in 0..ACTION_COUNT
/// (see `mahjong.riichi.ACTION_COUNT` and the README): discards 0..36 by tile class (34..36
/// red fives), riichi 37..73, chi 74..79, pon 80..81, daiminkan 82, ankan 83..116, kakan
/// 117..150, tsumo 151, ron 152, kyuushu 153, pass 154, kita 155.
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
    fn tile(&self) -> Option<&'static str> {
        match self.action {
            Action::Discard(t) | Action::Riichi(t) | Action::Kakan(t) => {
                Some(tile_pai(t, self.red_fives))
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
    fn consumed(&self) -> Vec<&'static str> {
        match self.action {
            Action::Chi(p) | Action::Pon(p) => {
                p.iter().map(|&t| tile_pai(t, self.red_fives)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The action's attributes as a dict ("type", "code", "tile", "tile_id", "consumed").
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("type", self.kind())?;
        d.set_item("code", self.code)?;
        d.set_item("tile", self.tile())?;
        d.set_item("tile_id", self.tile_id())?;
        d.set_item("consumed", self.consumed())?;
        Ok(d)
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> crate::convert::Reduced<'py, (u8, [u8; 2], usize, bool)> {
        let (tag, bytes) = self.action.parts();
        crate::convert::reduce_to(
            py,
            "_riichi_action",
            (tag, bytes, self.code, self.red_fives),
        )
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

/// Rebuilds a pickled `Action`.
#[pyfunction]
pub(crate) fn _riichi_action(
    tag: u8,
    bytes: [u8; 2],
    code: usize,
    red_fives: bool,
) -> PyResult<PyAction> {
    let action = Action::from_parts(tag, bytes)
        .ok_or_else(|| mahjong_core::Error::argument(format!("no action has tag {tag}")))
        .py()?;
    Ok(PyAction {
        action,
        code,
        red_fives,
    })
}

impl Table for Deal {
    type Action = Action;
    type PyAction = PyAction;
    const ACTION_COUNT: usize = ACTION_COUNT;
    type Views = Views;
    type Observation = Observation;
    type Outcome = (Outcome, LogStyle);
    type Context = (Option<u8>, bool);

    crate::table::deal_reads!(|d: &Deal| LogStyle::of(d.rules()), Deal::player_count);

    fn legal(&self, seat: usize) -> Vec<Action> {
        self.legal_actions(seat)
    }
    fn code((called, red_fives): (Option<u8>, bool), _seat: usize, action: Action) -> usize {
        action.code(called, red_fives)
    }
    fn context(&self) -> (Option<u8>, bool) {
        (self.claim_tile().map(|(t, _)| t), self.red_fives())
    }
    fn wrap((_, red_fives): (Option<u8>, bool), _: usize, action: Action, code: usize) -> PyAction {
        PyAction {
            action,
            code,
            red_fives,
        }
    }
    fn unwrap(obj: &Bound<'_, PyAny>) -> Option<Action> {
        obj.cast::<PyAction>().ok().map(|a| a.get().action)
    }
    fn decode(&self, seat: usize, code: usize) -> Option<Action> {
        Deal::decode(self, seat, code)
    }
    fn apply(&mut self, seat: usize, action: Action) -> Result<(), (String, PyReason)> {
        let red = self.red_fives();
        Deal::apply(self, seat, action).map_err(|e| (e.action, PyReason::riichi(&e.reason, red)))
    }
    fn blocked(&self, seat: usize) -> Vec<PyReason> {
        let red = self.red_fives();
        Deal::blocked(self, seat)
            .iter()
            .map(|r| PyReason::riichi(r, red))
            .collect()
    }
    fn observe(&self, seat: usize) -> Observation {
        Deal::observe(self, seat)
    }
    fn actions() -> &'static Mutex<Actions<Self>> {
        static ACTIONS: Mutex<Actions<Deal>> = Mutex::new(Actions::new());
        &ACTIONS
    }
    fn show<'py>(
        py: Python<'py>,
        obs: Observation,
        views: &mut Views,
        legal: Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let red = obs.red_fives;
        let shown = views.0.iter_mut().zip(&obs.players).take(obs.player_count);
        let players = players(py, shown.map(|(memo, public)| memo.view(py, public, red)))?;
        let obs = PyObservation {
            players,
            legal: legal.into_any().unbind(),
            obs,
            red_fives: red,
        };
        Ok(Bound::new(py, obs)?.into_any())
    }
    fn outcome(&self) -> Option<(Outcome, LogStyle)> {
        Deal::outcome(self).map(|out| (out.clone(), LogStyle::of(self.rules())))
    }
    fn outcome_dict<'py>(
        py: Python<'py>,
        outcome: &(Outcome, LogStyle),
    ) -> PyResult<Bound<'py, PyDict>> {
        outcome_dict(py, &outcome.0, outcome.1)
    }
}

/// How a deal ended, as the dict `Deal.outcome` gives: "wins" (each as its `hora` record
/// with two keys more: "fu_parts", the fu lines as dicts with "key", "params" (catalogue
/// messages) and "fu"; "split", the deltas as "hand", "honba" and "sticks"), "draw",
/// "tenpai", "deltas", "dealer_keeps", "riichi_sticks", "returned" (deposits given back at a
/// draw ending a one-deal game, part of the draw's deltas); lists by seat as long as the
/// log's (`style`).
pub(crate) fn outcome_dict<'py>(
    py: Python<'py>,
    out: &Outcome,
    style: LogStyle,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let wins = PyList::empty(py);
    for win in &out.wins {
        let record = record_dict(py, &win_record(win, style))?;
        let parts = PyList::empty(py);
        for &(part, fu) in &win.fu_parts {
            let line = message_dict(py, part.key(), &part.params())?;
            line.set_item("fu", fu)?;
            parts.append(line)?;
        }
        record.set_item("fu_parts", parts)?;
        let split = PyDict::new(py);
        let seats = style.seats;
        split.set_item("hand", &win.split.hand[..seats])?;
        split.set_item("honba", &win.split.honba[..seats])?;
        split.set_item("sticks", &win.split.sticks[..seats])?;
        record.set_item("split", split)?;
        wins.append(record)?;
    }
    d.set_item("wins", wins)?;
    d.set_item("draw", out.draw.map(game::DrawReason::name))?;
    d.set_item("tenpai", &out.tenpai[..style.seats])?;
    d.set_item("deltas", &out.deltas[..style.seats])?;
    d.set_item("dealer_keeps", out.dealer_keeps)?;
    d.set_item("riichi_sticks", out.riichi_sticks)?;
    d.set_item("returned", &out.returned[..style.seats])?;
    Ok(d)
}

/// Tile names by class ([`class_index`]), as shared string objects.
static TILES: Names = Names::new(&CLASS_NAMES);

/// The names of tile ids, as a list.
fn tile_list<'py>(py: Python<'py>, ids: &[u8], red: bool) -> PyResult<Bound<'py, PyList>> {
    TILES.list(py, ids.iter().map(|&t| class_index(t, red)))
}

/// The views of the players' public sides, kept between observations.
#[derive(Default)]
pub(crate) struct Views([PlayerViews; 4]);

/// One player's views: each discard, each meld, and the player's whole view.
#[derive(Default)]
pub(crate) struct PlayerViews {
    pond: Memo<PondTile>,
    melds: Memo<DealMeld>,
    whole: Kept<Public>,
}

impl PlayerViews {
    /// The view of `public`: "pond", "melds" (tuples of views), "kita" (a tuple of tile
    /// names: the Norths set aside, three players), "riichi", "concealed".
    fn view(&mut self, py: Python<'_>, public: &Public, red: bool) -> PyResult<Py<PyAny>> {
        let Self { pond, melds, whole } = self;
        whole.view(py, public, |fields| {
            fields.set(
                intern!(py, "pond"),
                |old| old.pond == public.pond,
                || pond.tuple(py, &public.pond, |py, t| discard_view(py, t, red)),
            )?;
            fields.set(
                intern!(py, "melds"),
                |old| old.melds == public.melds,
                || melds.tuple(py, &public.melds, |py, m| meld_view(py, m, red)),
            )?;
            fields.set(
                intern!(py, "kita"),
                |old| old.kita == public.kita,
                || {
                    let names = public
                        .kita
                        .tiles()
                        .iter()
                        .map(|&t| TILES.get(py, class_index(t, red)));
                    PyTuple::new(py, names)
                },
            )?;
            fields.set(
                intern!(py, "riichi"),
                |old| old.riichi == public.riichi,
                || Ok(public.riichi),
            )?;
            fields.set(
                intern!(py, "concealed"),
                |old| old.concealed == public.concealed,
                || Ok(public.concealed),
            )
        })
    }
}

/// Every discard's view, by tile class and flags (38 classes, 8 flag sets).
static DISCARDS: Shared<{ 38 * 8 }> = Shared::new();

/// A discard: "pai", "tsumogiri", "riichi" (the declaration tile), "called".
fn discard_view(py: Python<'_>, t: &PondTile, red: bool) -> PyResult<Py<PyAny>> {
    let class = class_index(t.tile, red);
    let flags = usize::from(t.tsumogiri) | usize::from(t.riichi) << 1 | usize::from(t.called) << 2;
    DISCARDS.get(py, class * 8 + flags, || {
        view(
            py,
            &[
                (intern!(py, "pai"), TILES.get(py, class).into_any()),
                (intern!(py, "tsumogiri"), t.tsumogiri.into_bound_py_any(py)?),
                (intern!(py, "riichi"), t.riichi.into_bound_py_any(py)?),
                (intern!(py, "called"), t.called.into_bound_py_any(py)?),
            ],
        )
    })
}

/// A meld: "type", "tiles", "pai" (the called tile), "target" (who discarded it).
fn meld_view(py: Python<'_>, m: &DealMeld, red: bool) -> PyResult<Py<PyAny>> {
    let called = m.called.map(|t| TILES.get(py, class_index(t, red)));
    view(
        py,
        &[
            (
                intern!(py, "type"),
                PyString::intern(py, m.meld.kind().name()).into_any(),
            ),
            (
                intern!(py, "tiles"),
                tile_list(py, &m.tiles, red)?.into_any(),
            ),
            (intern!(py, "pai"), called.into_bound_py_any(py)?),
            (intern!(py, "target"), m.from.into_bound_py_any(py)?),
        ],
    )
}

observation_class! {
    /// What one seat may see of a Riichi deal now (`Deal.observation(seat)`): a snapshot read
    /// as attributes (`obs.hand`) or as a read-only mapping (`obs["hand"]`, `dict(obs)`).
    /// Tiles are mjai names (`"5mr"`, `"E"`). Nothing in it depends on another player's
    /// concealed tiles or on the wall, and nothing leads back to the deal. Observations copy
    /// and pickle; `to_dict()` gives plain data.
    PyObservation("Observation", "mahjong.riichi") over Observation, pickled by reduce_observation,
    |obs, red, players, legal, py| {
        /// The observing seat.
        seat => obs.seat,
        /// Its seat wind ("E", "S", "W", "N").
        seat_wind => obs.seat_wind.letter(),
        /// The round wind.
        round_wind => obs.round_wind.letter(),
        /// The dealer's seat.
        dealer => obs.dealer,
        /// Honba counters.
        honba => obs.honba,
        /// Riichi deposits on the table.
        riichi_sticks => obs.riichi_sticks,
        /// Scores by seat (one per player).
        scores => &obs.scores[..obs.player_count],
        /// The revealed dora indicators.
        dora_indicators => tile_list(py, &obs.dora_indicators, red)?,
        /// Live tiles left to draw.
        tiles_left => obs.tiles_left,
        /// The seat's concealed tiles, ascending, the drawn tile included.
        hand => tile_list(py, &obs.hand, red)?,
        /// The tile just drawn, on the seat's turn after a draw; else None.
        drawn => obs.drawn.map(|t| TILES.get(py, class_index(t, red))),
        /// The seat's wait kinds (mjai names).
        waits => TILES.list(py, obs.waits.iter().map(|&k| usize::from(k)))?,
        /// Whether the seat may not ron (any furiten).
        furiten => obs.furiten.is_some(),
        /// Which furiten: "discard", "riichi", "temporary", or None.
        furiten_kind => obs.furiten.map(game::Furiten::name),
        /// Tiles in the seat's sight by kind (34 counts: its hand, every pond tile nobody
        /// called, every meld and kita tile, the dora indicators).
        seen => crate::convert::ints(obs.seen()[..RIICHI_KINDS].iter().copied()),
        /// Copies of each kind the seat cannot see (34 counts: four of each kind in play less
        /// `seen`): how many of a wait may still come.
        unseen => crate::convert::ints(obs.unseen()[..RIICHI_KINDS].iter().copied()),
        /// Every player's public side by seat (three or four), a tuple of read-only mappings
        /// (`types.MappingProxyType`): "pond" (a tuple of discards, each with "pai",
        /// "tsumogiri", "riichi", "called"), "melds" (each with "type", "tiles", "pai" the
        /// called tile, "target" who discarded it), "kita" (the Norths it set aside, three
        /// players), "riichi" and "concealed" (how many concealed tiles it holds, the drawn
        /// tile included).
        players => players.clone(),
        /// The seat on turn, or None.
        turn => obs.turn,
        /// The tile a claim window is open on and who offered it, or None.
        claim => obs.claim.map(|c| (TILES.get(py, class_index(c.tile, red)), c.from)),
        /// The seat's legal actions.
        legal => legal.cast::<PyTuple>()?.to_list(),
    }
}

/// `__reduce__` of an observation: its core observation as plain values.
fn reduce_observation<'py>(
    obs: &PyObservation,
    py: Python<'py>,
) -> crate::convert::Reduced<'py, Bound<'py, PyTuple>> {
    let rules = PyRuleset::holding(&obs.obs.rules);
    let state = (snapshot::riichi_state(&obs.obs), rules).into_pyobject(py)?;
    crate::convert::reduce_to(py, "_riichi_observation", state)
}

/// Rebuilds a pickled `Observation` from its plain values and rules (checked).
#[pyfunction]
pub(crate) fn _riichi_observation<'py>(
    py: Python<'py>,
    state: snapshot::RiichiState,
    rules: &Bound<'py, PyRuleset>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = std::sync::Arc::clone(&rules.get().rules);
    let obs = snapshot::riichi_observation(state, rules).py()?;
    let context = (obs.claim.map(|c| c.tile), obs.red_fives);
    let legal = obs.legal.iter().map(|&action| {
        let code = <Deal as Table>::code(context, obs.seat, action);
        <Deal as Table>::wrap(context, obs.seat, action, code)
    });
    let legal = PyTuple::new(py, legal)?;
    <Deal as Table>::show(py, obs, &mut Views::default(), legal)
}

/// The start of a deal from the constructor's keywords (`kyoku` defaults to the dealer's seat
/// plus one: a game whose first dealer is seat 0).
#[allow(clippy::too_many_arguments)]
fn setup_arg(
    rules: &mahjong_core::riichi::Ruleset,
    dealer: Option<&Bound<'_, PyAny>>,
    kyoku: Option<&Bound<'_, PyAny>>,
    round_wind: Option<WindArg>,
    honba: Option<&Bound<'_, PyAny>>,
    riichi_sticks: Option<&Bound<'_, PyAny>>,
    scores: Option<&Bound<'_, PyAny>>,
) -> PyResult<DealSetup> {
    let start = i64::from(rules.start_points);
    let players = rules.player_count();
    let dealer = named::<SeatArg>("dealer", dealer)?.map_or(0, |s| s.0);
    let number = match named::<Count>("kyoku", kyoku)? {
        Some(Count(n)) => u8::try_from(n)
            .map_err(|_| {
                mahjong_core::Error::argument(format!("deal number {n} is out of range 1..=4"))
            })
            .py()?,
        None => dealer as u8 + 1,
    };
    Ok(DealSetup {
        round_wind: round_wind.map_or(Wind::East, |w| w.0),
        dealer,
        number,
        honba: named::<Count>("honba", honba)?.map_or(0, |c| c.0),
        riichi_sticks: named::<Count>("riichi_sticks", riichi_sticks)?.map_or(0, |c| c.0),
        scores: match named::<ScoresArg>("scores", scores)? {
            Some(scores) => scores.seats(players)?,
            None => std::array::from_fn(|s| if s < players { start } else { 0 }),
        },
    })
}

/// The wall of a deal of `players`: shuffled from `seed`, or given.
fn wall_of(seed: Option<SeedArg>, wall: Option<WallArg>, players: usize) -> PyResult<Wall> {
    match (seed, wall) {
        (Some(_), Some(_)) => Err(mahjong_core::Error::argument(
            "give a seed or a wall, not both",
        ))
        .py(),
        (Some(seed), None) => Ok(Wall::shuffled(seed.0, players)),
        (None, Some(wall)) => Wall::from_order(&wall.0).py(),
        (None, None) => Err(mahjong_core::Error::argument(
            "a deal needs a seed or an explicit wall (every random choice comes from a seed)",
        ))
        .py(),
    }
}

table_class! {
    /// One Riichi deal, driven step by step: `waiting()` says which seats must act,
    /// `legal_actions(seat)` what each may do, `apply(seat, action)` does it. Seats are player
    /// indices 0..3 for the whole game; the dealer is East.
    ///
    /// The wall comes from `seed` (an int 0..2**64-1; every random choice flows from it) or is
    /// given as `wall`, the 136 tile ids in draw order (rules R2.1: the deal takes ids 0..52,
    /// the dead wall is 122..135), or under a three-player ruleset the 108 ids 0..3 and
    /// 32..135 (the deal takes 0..39, the dead wall is 94..107). Seats are 0..2 with three
    /// players. `honba` and `riichi_sticks` are 0..255; a one-deal game
    /// whose leftover deposits return to their payers (the seed preset) takes no sticks. An
    /// illegal action raises IllegalActionError naming it and why, and changes nothing.
    /// Deals copy (`copy.copy`, `copy.deepcopy`) and pickle.
    PyDeal("Deal", "mahjong.riichi") over Deal {
        #[new]
        #[pyo3(signature = (*, seed = None, wall = None, rules = None, dealer = None,
            kyoku = None, round_wind = None, honba = None, riichi_sticks = None, scores = None))]
        #[allow(clippy::too_many_arguments)]
        fn new(
            seed: Option<&Bound<'_, PyAny>>,
            wall: Option<&Bound<'_, PyAny>>,
            rules: Option<&Bound<'_, PyRuleset>>,
            dealer: Option<&Bound<'_, PyAny>>,
            kyoku: Option<&Bound<'_, PyAny>>,
            round_wind: Option<WindArg>,
            honba: Option<&Bound<'_, PyAny>>,
            riichi_sticks: Option<&Bound<'_, PyAny>>,
            scores: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Self> {
            let rules = rules.map_or_else(PyRuleset::seed, |r| r.get().clone());
            let setup =
                setup_arg(&rules.rules, dealer, kyoku, round_wind, honba, riichi_sticks, scores)?;
            let wall = wall_of(named("seed", seed)?, named("wall", wall)?, rules.rules.player_count())?;
            let table = Deal::new(setup, wall, &rules.rules).py()?;
            Ok(Self::of(table))
        }

        /// Scores by seat, one per player (riichi deposits already taken off).
        #[getter]
        fn scores(&self, py: Python<'_>) -> Vec<i64> {
            let table = self.table(py);
            table.scores()[..table.player_count()].to_vec()
        }

        /// Riichi deposits on the table.
        #[getter]
        fn riichi_sticks(&self, py: Python<'_>) -> u32 {
            self.table(py).riichi_sticks()
        }

        /// Honba counters of the deal.
        #[getter]
        fn honba(&self, py: Python<'_>) -> u32 {
            self.table(py).setup().honba
        }

        /// The round wind ("E", "S", "W", "N").
        #[getter]
        fn round_wind(&self, py: Python<'_>) -> &'static str {
            self.table(py).setup().round_wind.letter()
        }

        /// The ruleset.
        #[getter]
        fn rules(&self, py: Python<'_>) -> PyRuleset {
            PyRuleset::holding(self.table(py).rules())
        }

        fn __reduce__<'py>(&self, py: Python<'py>) -> crate::convert::Reduced<'py, Bound<'py, PyAny>> {
            let (rules, wall, setup, actions) = {
                let table = self.table(py);
                let wall = crate::convert::ints(table.wall().order().iter().copied());
                (PyRuleset::holding(table.rules()), wall, table.setup(), action_parts(table.actions()))
            };
            let args = (
                rules,
                wall,
                setup.dealer,
                setup.number,
                setup.round_wind.index(),
                setup.honba,
                setup.riichi_sticks,
                setup.scores,
                actions,
            );
            crate::convert::reduce_to(py, "_riichi_deal", args.into_pyobject(py)?.into_any())
        }
    }
}

/// Rebuilds a pickled `Deal`: the same start, then the same actions.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _riichi_deal(
    py: Python<'_>,
    rules: &Bound<'_, PyRuleset>,
    wall: WallArg,
    dealer: usize,
    number: u8,
    round_wind: usize,
    honba: u32,
    riichi_sticks: u32,
    scores: [i64; 4],
    actions: Vec<(usize, u8, [u8; 2])>,
) -> PyResult<PyDeal> {
    let setup = DealSetup {
        round_wind: Wind::ALL[round_wind % 4],
        dealer,
        number,
        honba,
        riichi_sticks,
        scores,
    };
    let mut table = Deal::new(setup, Wall::from_order(&wall.0).py()?, &rules.get().rules).py()?;
    replay(py, &mut table, actions)?;
    Ok(PyDeal::of(table))
}

crate::table::game_session!(|g: &Game| LogStyle::of(g.rules()), Game::player_count);

/// The players' names as the core's four seats: one per player (default "seat 0", ...).
fn names_arg(names: Option<Vec<String>>, players: usize) -> PyResult<[String; 4]> {
    let names = names.unwrap_or_else(|| (0..players).map(|s| format!("seat {s}")).collect());
    if names.len() != players {
        return Err(mahjong_core::Error::argument(format!(
            "names needs {players} names (one per player), got {}",
            names.len()
        )))
        .py();
    }
    Ok(crate::convert::four_seats(names))
}

session_class! {
    /// A whole game under a ruleset: `next_deal()` gives each deal (None once the game is
    /// over), `finish_deal(deal)` moves the game on after it (dealer rotation, honba,
    /// deposits, busting, agari-yame, extension); only the deal the game gave out last is
    /// taken, once. Every wall comes from `seed` (0..2**64-1). The game keeps its log:
    /// `events()` and `lines()` give `start_game` (with `names`), every finished deal and
    /// `end_game`. Games copy and pickle.
    PyGame("Game", "mahjong.riichi") over Game, deals PyDeal {
        #[new]
        #[pyo3(signature = (*, seed, rules = None, names = None))]
        fn new(
            seed: &Bound<'_, PyAny>,
            rules: Option<&Bound<'_, PyRuleset>>,
            names: Option<Vec<String>>,
        ) -> PyResult<Self> {
            let seed: SeedArg = seed.extract()?;
            let rules = rules.map_or_else(PyRuleset::seed, |r| r.get().clone());
            let names = names_arg(names, rules.rules.player_count())?;
            Ok(Self {
                game: Game::with_names(&rules.rules, seed.0, names),
            })
        }

        /// The game's deals as the rows `mahjong sim --parquet` writes, in columns (a dict of
        /// lists by column name, as `SimResult.columns` gives them); `number` is the game's
        /// number in its run.
        #[pyo3(signature = (number = 0))]
        fn deal_columns<'py>(
            &self,
            py: Python<'py>,
            number: u64,
        ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
            crate::columns::riichi_game(py, &self.game, number)
        }

        /// A game picked up at a deal that starts as given (for replays of records that begin
        /// mid-game): later deals follow from it by the rules. Its walls are given with
        /// `deal_on`.
        #[staticmethod]
        #[pyo3(signature = (*, rules = None, dealer = None, kyoku = None, round_wind = None,
            honba = None, riichi_sticks = None, scores = None))]
        #[allow(clippy::too_many_arguments)]
        fn resume(
            rules: Option<&Bound<'_, PyRuleset>>,
            dealer: Option<&Bound<'_, PyAny>>,
            kyoku: Option<&Bound<'_, PyAny>>,
            round_wind: Option<WindArg>,
            honba: Option<&Bound<'_, PyAny>>,
            riichi_sticks: Option<&Bound<'_, PyAny>>,
            scores: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Self> {
            let rules = rules.map_or_else(PyRuleset::seed, |r| r.get().clone());
            let setup =
                setup_arg(&rules.rules, dealer, kyoku, round_wind, honba, riichi_sticks, scores)?;
            Ok(Self {
                game: Game::resume(&rules.rules, setup),
            })
        }

        /// The next deal on `wall` (136 tile ids in draw order, 108 with three players) instead
        /// of one from the seed;
        /// its round, dealer, honba, deposits and scores are the game's.
        fn deal_on(&mut self, wall: WallArg) -> PyResult<PyDeal> {
            let wall = Wall::from_order(&wall.0).py()?;
            Ok(PyDeal::of(self.game.deal_on(wall).py()?))
        }

        /// Deals played so far.
        #[getter]
        fn deals_played(&self) -> usize {
            self.game.deals_played()
        }

        /// Why the game ended ("one_deal", "bust", "last_deal", "agariyame", "tenpaiyame",
        /// "extension_target", "extension_over"; the catalogue's `end.*`), or None while it
        /// goes on.
        #[getter]
        fn end_reason(&self) -> Option<&'static str> {
            self.game.end_reason().map(game::EndReason::name)
        }

        fn __reduce__<'py>(
            &self,
            py: Python<'py>,
        ) -> crate::convert::Reduced<'py, Bound<'py, PyAny>> {
            let game::Event::StartGame { names, seed } = &self.game.log()[0] else {
                return Err(mahjong_core::Error::argument("a game log starts with start_game")).py();
            };
            let played: Vec<Vec<(usize, u8, [u8; 2])>> =
                self.game.played().iter().map(|deal| action_parts(deal)).collect();
            let args = (
                PyRuleset::holding(self.game.rules()),
                *seed,
                (**names).clone(),
                played,
                self.game.in_play(),
            );
            crate::convert::reduce_to(py, "_riichi_game", args.into_pyobject(py)?.into_any())
        }
    }
}

/// Actions as picklable parts: (seat, tag, bytes).
fn action_parts(actions: &[(usize, Action)]) -> Vec<(usize, u8, [u8; 2])> {
    actions
        .iter()
        .map(|&(seat, a)| {
            let (tag, bytes) = a.parts();
            (seat, tag, bytes)
        })
        .collect()
}

/// Applies picklable action parts to `deal`.
fn replay(py: Python<'_>, deal: &mut Deal, actions: Vec<(usize, u8, [u8; 2])>) -> PyResult<()> {
    replay_actions(py, deal, actions, |&(seat, tag, bytes)| {
        Some((seat, Action::from_parts(tag, bytes)?))
    })
}

/// Rebuilds a pickled `Game`: the same deals played again.
#[pyfunction]
pub(crate) fn _riichi_game(
    py: Python<'_>,
    rules: &Bound<'_, PyRuleset>,
    seed: u64,
    names: [String; 4],
    played: Vec<Vec<(usize, u8, [u8; 2])>>,
    in_play: bool,
) -> PyResult<PyGame> {
    let mut game = Game::with_names(&rules.get().rules, seed, names);
    replay_session(&mut game, played, in_play, |deal, actions| {
        replay(py, deal, actions)
    })?;
    Ok(PyGame { game })
}

/// mjai tile names as shown tiles; "?" or a bad name is an error naming `what`.
fn shown(names: Vec<String>, what: &str) -> PyResult<Vec<(u8, bool)>> {
    names
        .iter()
        .map(|n| {
            mahjong_core::riichi::mjai::parse_pai(n)
                .map_err(|e| e.context(format!("{what} {n:?}")))
                .py()
        })
        .collect()
}

/// The wall a deal was played on, rebuilt from the tiles it showed (mjai names; see
/// `Wall::rebuild` in the core, rules R2.1-R2.7, T2.1-T2.7): `hands` the 13 dealt tiles by
/// seat offset from the dealer (four hands, or three for a three-player deal), `draws` the
/// live wall's draws in order (the dealer's 14th tile first), `replacements` the draws after
/// kans and kita, `dora` and `ura` the indicators in reveal order. Returns the ids in draw
/// order (136, or 108); a fifth copy, a removed tile, two tiles at one position or a draw
/// beyond the live wall raises InvalidArgumentError or InvalidTileError naming it.
#[pyfunction]
#[pyo3(signature = (hands, draws, replacements, dora, ura, *, red_fives = true))]
pub(crate) fn rebuild_wall(
    hands: Vec<Vec<String>>,
    draws: Vec<String>,
    replacements: Vec<String>,
    dora: Vec<String>,
    ura: Vec<String>,
    red_fives: bool,
) -> PyResult<Vec<u32>> {
    let players = hands.len();
    if !(3..=4).contains(&players) {
        return Err(mahjong_core::Error::argument(format!(
            "hands needs 3 or 4 hands (one per player), got {players}"
        )))
        .py();
    }
    let mut dealt: [Vec<(u8, bool)>; 4] = Default::default();
    for (slot, hand) in dealt.iter_mut().zip(hands) {
        *slot = shown(hand, "dealt tile")?;
    }
    let shown = game::Shown {
        hands: dealt,
        draws: shown(draws, "drawn tile")?,
        replacements: shown(replacements, "replacement tile")?,
        dora: shown(dora, "dora indicator")?,
        ura: shown(ura, "ura indicator")?,
    };
    let wall = Wall::rebuild(&shown, red_fives, players).py()?;
    Ok(crate::convert::ints(wall.order().iter().copied()))
}
