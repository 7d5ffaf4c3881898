//! `AmericanDeal`, `AmericanAction`, `AmericanObservation` and `AmericanGame`: one American
//! game of the core engine driven step by step, its events and outcome in the core's log
//! vocabulary, each seat's observation converted from the core's, and sessions.

use std::sync::Arc;

use mahjong_core::american::Card;
use mahjong_core::american::game::log::{tile_name, win_record};
use mahjong_core::american::game::{
    ACTION_COUNT, Action, Deal, DealSetup, DiscardTile, Exposed, Game, Observation, Outcome,
    Public, Wall,
};
use mahjong_core::american::game::{HIDDEN, kind_of};
use mahjong_core::american::{NAMES_AND_HIDDEN, kind_name};
use mahjong_core::log::Record;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use pyo3::{IntoPyObjectExt, intern};

use super::card::PyCard;
use super::results::spelled;
use super::rules::PyAmericanRules;
use crate::args::{Count, ScoresArg, SeatArg, SeedArg, WallArg, named};
use crate::errors::IntoPyResult;
use crate::log::{message_dict, record_dict};
use crate::observation::observation_class;
use crate::reason::PyReason;
use crate::snapshot;
use crate::table::{
    Actions, Table, players, replay_actions, replay_session, session_class, table_class,
};
use crate::view::{Kept, Memo, Names, Shared, view};
use std::sync::Mutex;

/// One action a seat may take, as offered by `AmericanDeal.legal_actions`.
///
/// `type` is "discard", "pass_tile" (a Charleston or courtesy tile), "blind", "courtesy" (an
/// offer of `count` tiles), "vote" (`go_on`), "mahjongg", "expose" (`size` tiles with `jokers`
/// jokers from the hand), "joker_exchange" (give a natural `tile` for a joker in `target`'s
/// exposure), "call_dead" (`target`) or "pass". `tile` is the kind's American name ("3D",
/// "N", "F", "J"), `kind` its index 0..35. `code` is the action's stable integer in
/// 0..AMERICAN_ACTION_COUNT, relative to the acting seat (see the README).
#[pyclass(
    name = "AmericanAction",
    module = "mahjong.american",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyAmericanAction {
    action: Action,
    seat: usize,
}

#[pymethods]
impl PyAmericanAction {
    /// The action's type: "discard", "pass_tile", "expose", ...
    #[getter(r#type)]
    fn kind_name(&self) -> &'static str {
        self.action.name()
    }

    /// The stable integer code (0..AMERICAN_ACTION_COUNT).
    #[getter]
    fn code(&self) -> usize {
        self.action.code(self.seat)
    }

    /// The tile kind discarded, passed or given in a joker exchange (0..35), else None.
    #[getter]
    fn kind(&self) -> Option<u8> {
        match self.action {
            Action::Discard(k) | Action::PassTile(k) => Some(k),
            Action::JokerExchange { kind, .. } => Some(kind),
            _ => None,
        }
    }

    /// The kind's American name ("3D", "N", "J"), else None.
    #[getter]
    fn tile(&self) -> Option<&'static str> {
        self.kind().map(kind_name)
    }

    /// The exposure's size (3..6) of an "expose", else None.
    #[getter]
    fn size(&self) -> Option<u8> {
        match self.action {
            Action::Expose { size, .. } => Some(size),
            _ => None,
        }
    }

    /// Jokers from the hand in an "expose", else None.
    #[getter]
    fn jokers(&self) -> Option<u8> {
        match self.action {
            Action::Expose { jokers, .. } => Some(jokers),
            _ => None,
        }
    }

    /// The seat whose exposure a "joker_exchange" takes from, or whose hand "call_dead"
    /// calls dead; else None.
    #[getter]
    fn target(&self) -> Option<u8> {
        match self.action {
            Action::JokerExchange { owner, .. } => Some(owner),
            Action::CallDead(seat) => Some(seat),
            _ => None,
        }
    }

    /// Tiles offered by a "courtesy" offer, else None.
    #[getter]
    fn count(&self) -> Option<u8> {
        match self.action {
            Action::Courtesy(n) => Some(n),
            _ => None,
        }
    }

    /// A "vote": True goes on with the second Charleston; else None.
    #[getter]
    fn go_on(&self) -> Option<bool> {
        match self.action {
            Action::Vote(v) => Some(v),
            _ => None,
        }
    }

    /// The action's attributes as a dict ("type", "code", "kind", "tile", "size", "jokers",
    /// "target", "count", "go_on").
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("type", self.kind_name())?;
        d.set_item("code", self.code())?;
        d.set_item("kind", self.kind())?;
        d.set_item("tile", self.tile())?;
        d.set_item("size", self.size())?;
        d.set_item("jokers", self.jokers())?;
        d.set_item("target", self.target())?;
        d.set_item("count", self.count())?;
        d.set_item("go_on", self.go_on())?;
        Ok(d)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> crate::convert::Reduced<'py, (usize, usize)> {
        crate::convert::reduce_to(py, "_american_action", (self.code(), self.seat))
    }

    fn __repr__(&self) -> String {
        let mut parts = vec![format!("'{}'", self.action.name())];
        if let Some(t) = self.tile() {
            parts.push(format!("'{t}'"));
        }
        for (name, value) in [
            ("size", self.size()),
            ("jokers", self.jokers()),
            ("target", self.target()),
            ("count", self.count()),
        ] {
            if let Some(v) = value {
                parts.push(format!("{name}={v}"));
            }
        }
        if let Some(v) = self.go_on() {
            parts.push(format!("go_on={}", if v { "True" } else { "False" }));
        }
        format!("AmericanAction({}, code={})", parts.join(", "), self.code())
    }
}

/// Rebuilds a pickled `AmericanAction`.
#[pyfunction]
pub(crate) fn _american_action(code: usize, seat: usize) -> PyResult<PyAmericanAction> {
    let action = Action::from_code(code, seat)
        .ok_or_else(|| mahjong_core::Error::argument(format!("no action has code {code}")))
        .py()?;
    Ok(PyAmericanAction {
        action,
        seat: seat % 4,
    })
}

impl Table for Deal {
    type Action = Action;
    type PyAction = PyAmericanAction;
    const ACTION_COUNT: usize = ACTION_COUNT;
    type Views = Views;
    type Observation = Observation;
    type Outcome = (Outcome, Arc<Card>);
    type Context = ();

    crate::table::deal_reads!(Deal::card, |_: &Deal| 4);

    fn legal(&self, seat: usize) -> Vec<Action> {
        self.legal_actions(seat)
    }
    fn code((): (), seat: usize, action: Action) -> usize {
        action.code(seat)
    }
    fn context(&self) {}
    fn wrap((): (), seat: usize, action: Action, _code: usize) -> PyAmericanAction {
        PyAmericanAction { action, seat }
    }
    fn unwrap(obj: &Bound<'_, PyAny>) -> Option<Action> {
        obj.cast::<PyAmericanAction>().ok().map(|a| a.get().action)
    }
    fn decode(&self, seat: usize, code: usize) -> Option<Action> {
        Action::from_code(code, seat)
    }
    fn apply(&mut self, seat: usize, action: Action) -> Result<(), (String, PyReason)> {
        Deal::apply(self, seat, action)
            .map_err(|e| (format!("{:?}", e.action), PyReason::american(&e.reason)))
    }
    fn blocked(&self, seat: usize) -> Vec<PyReason> {
        Deal::blocked(self, seat)
            .iter()
            .map(PyReason::american)
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
        let shown = views.0.iter_mut().zip(&obs.players);
        let players = players(py, shown.map(|(memo, public)| memo.view(py, public)))?;
        let obs = PyAmericanObservation {
            players,
            legal: legal.into_any().unbind(),
            obs,
            red_fives: false,
        };
        Ok(Bound::new(py, obs)?.into_any())
    }
    fn outcome(&self) -> Option<(Outcome, Arc<Card>)> {
        Deal::outcome(self).map(|out| (out.clone(), Arc::clone(self.card())))
    }
    fn outcome_dict<'py>(
        py: Python<'py>,
        outcome: &(Outcome, Arc<Card>),
    ) -> PyResult<Bound<'py, PyDict>> {
        outcome_dict(py, &outcome.0, &outcome.1)
    }
}

/// How a game ended, as the dict `AmericanDeal.outcome` gives: "wall_game", "win" (the
/// `mahjongg` record with two keys more: "groups", the winning hand as the card hand
/// arranges it, each tile a pair of its name and, for a joker, the tile it stands for (else
/// None); "jokerless_note", for a jokerless hand whether it was paid double and why not, as a
/// catalogue message with "key" and "params", else None), "deltas", "dead" (the reason by
/// seat, or None), "ending" ("mahjongg", "wall_empty", "one_live_hand": the catalogue's
/// `ended.*`).
pub(crate) fn outcome_dict<'py>(
    py: Python<'py>,
    out: &Outcome,
    card: &Card,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let win = out
        .win
        .as_ref()
        .map(|w| -> PyResult<_> {
            let record = record_dict(py, &win_record(w, card))?;
            record.set_item("groups", spelled(&w.groups))?;
            let section = &card.section_of(w.hand).name;
            let note = w
                .jokerless_why
                .map(|why| message_dict(py, why.key(), &[("section", section.clone().into())]))
                .transpose()?;
            record.set_item("jokerless_note", note)?;
            Ok(record)
        })
        .transpose()?;
    d.set_item("wall_game", win.is_none())?;
    d.set_item("win", win)?;
    d.set_item("deltas", out.deltas)?;
    let dead: Vec<Option<&str>> = out.dead.iter().map(|r| r.map(|r| r.name())).collect();
    d.set_item("dead", dead)?;
    d.set_item("ending", out.ending.name())?;
    Ok(d)
}

/// Tile names by kind, "?" last, as shared string objects.
static TILES: Names = Names::new(&NAMES_AND_HIDDEN);

/// The index in [`NAMES_AND_HIDDEN`] of physical tile `id`.
fn tile_index(id: u8) -> usize {
    if id == HIDDEN {
        NAMES_AND_HIDDEN.len() - 1
    } else {
        usize::from(kind_of(id))
    }
}

/// The names of physical tiles, as a list.
fn tile_list<'py>(py: Python<'py>, ids: &[u8]) -> PyResult<Bound<'py, PyList>> {
    TILES.list(py, ids.iter().map(|&t| tile_index(t)))
}

/// The views of the players' public sides, kept between observations.
#[derive(Default)]
pub(crate) struct Views([PlayerViews; 4]);

/// One player's views: each exposure, each discard, and the player's whole view.
#[derive(Default)]
pub(crate) struct PlayerViews {
    exposures: Memo<Exposed>,
    discards: Memo<DiscardTile>,
    whole: Kept<Public>,
}

impl PlayerViews {
    /// The view of `public`: "exposures", "discards" (tuples of views), "concealed",
    /// "tile_count", "dead".
    fn view(&mut self, py: Python<'_>, public: &Public) -> PyResult<Py<PyAny>> {
        let Self {
            exposures,
            discards,
            whole,
        } = self;
        whole.view(py, public, |fields| {
            fields.set(
                intern!(py, "exposures"),
                |old| old.exposures == public.exposures,
                || exposures.tuple(py, &public.exposures, exposure_view),
            )?;
            fields.set(
                intern!(py, "discards"),
                |old| old.discards == public.discards,
                || discards.tuple(py, &public.discards, discard_view),
            )?;
            fields.set(
                intern!(py, "concealed"),
                |old| old.concealed == public.concealed,
                || Ok(public.concealed),
            )?;
            fields.set(
                intern!(py, "tile_count"),
                |old| old.tile_count == public.tile_count,
                || Ok(public.tile_count),
            )?;
            fields.set(
                intern!(py, "dead"),
                |old| old.dead == public.dead,
                || Ok(public.dead.map(|r| r.name())),
            )
        })
    }
}

/// Every discard's view, by kind (with "?") and whether it was claimed.
static DISCARDS: Shared<{ 37 * 2 }> = Shared::new();

/// A discard: "pai", "claimed".
fn discard_view(py: Python<'_>, t: &DiscardTile) -> PyResult<Py<PyAny>> {
    let index = tile_index(t.tile);
    DISCARDS.get(py, index * 2 + usize::from(t.claimed), || {
        view(
            py,
            &[
                (intern!(py, "pai"), TILES.get(py, index).into_any()),
                (intern!(py, "claimed"), t.claimed.into_bound_py_any(py)?),
            ],
        )
    })
}

/// An exposure: "tile", "size", "jokers", "tiles", "target" (who discarded the claimed
/// tile), "frozen" (its jokers may not be taken).
fn exposure_view(py: Python<'_>, e: &Exposed) -> PyResult<Py<PyAny>> {
    view(
        py,
        &[
            (
                intern!(py, "tile"),
                TILES.get(py, usize::from(e.exposure.kind())).into_any(),
            ),
            (
                intern!(py, "size"),
                e.exposure.size().into_bound_py_any(py)?,
            ),
            (
                intern!(py, "jokers"),
                e.exposure.jokers().into_bound_py_any(py)?,
            ),
            (intern!(py, "tiles"), tile_list(py, &e.tiles)?.into_any()),
            (intern!(py, "target"), e.from.into_bound_py_any(py)?),
            (intern!(py, "frozen"), e.frozen.into_bound_py_any(py)?),
        ],
    )
}

observation_class! {
    /// What one seat may see of an American game now (`AmericanDeal.observation(seat)`): a
    /// snapshot read as attributes or as a read-only mapping. Tiles are American names
    /// ("3D", "N", "J"). Nothing in it depends on another rack or the wall, and nothing leads
    /// back to the game. Observations copy and pickle; `to_dict()` gives plain data.
    PyAmericanObservation("AmericanObservation", "mahjong.american") over Observation,
    pickled by reduce_observation,
    |obs, red, players, legal, py| {
        /// The observing seat.
        seat => obs.seat,
        /// East's seat.
        dealer => obs.dealer,
        /// Scores by seat before this game.
        scores => obs.scores,
        /// Tiles left in the wall.
        tiles_left => obs.tiles_left,
        /// The seat's concealed tiles, the drawn tile included.
        hand => tile_list(py, &obs.hand)?,
        /// The tile the seat drew this turn, when it is on turn after a draw; else None.
        drawn => obs.drawn.map(|t| TILES.get(py, tile_index(t))),
        /// Tiles the seat has put into the pass being collected.
        picked => tile_list(py, &obs.picked)?,
        /// The Charleston step being collected ("first_right", ..., "courtesy"), or None.
        step => obs.step.map(|s| s.name()),
        /// Tiles in the seat's sight by kind (36 counts: its rack, every exposure, every
        /// discard nobody claimed).
        seen => crate::convert::ints(obs.seen()),
        /// Copies of each kind the seat cannot see (36 counts: the set less `seen`).
        unseen => crate::convert::ints(obs.unseen()),
        /// The seat on turn, or None.
        turn => obs.turn,
        /// The discard a claim window is open on and its discarder, or None.
        claim => obs.claim.map(|(t, from)| (tile_name(t), from)),
        /// Every player's public side by seat, a tuple of read-only mappings
        /// (`types.MappingProxyType`): "exposures" (a tuple, each with "tile", "size",
        /// "jokers", "tiles", "target" who discarded the claimed tile, "frozen"), "discards"
        /// (each with "pai", "claimed"), "concealed" (how many concealed tiles it holds),
        /// "tile_count" (concealed and exposed) and "dead".
        players => players.clone(),
        /// The seat's legal actions.
        legal => legal.cast::<PyTuple>()?.to_list(),
    }
}

/// Mixes a deal's seed into the seed of its own random choices (as the core's
/// `Deal::shuffled`).
const CHOICE_SEED: u64 = 0x5eed_a3e1_c4a2_0000;

table_class! {
    /// One American game (one hand, spec §1), driven step by step: `waiting()` says which
    /// seats must act, `legal_actions(seat)` what each may do, `apply(seat, action)` does it.
    /// Seats are 0..3; East is `dealer`, play passes to the right (seat + 1).
    ///
    /// The wall comes from `seed` (an int 0..2**64-1; the dice, the break and every random
    /// choice of the game flow from it) or is given as `wall`, the 152 tile ids in draw order.
    /// An illegal action raises IllegalActionError naming it and why, and changes nothing.
    /// Games copy (`copy.copy`, `copy.deepcopy`) and pickle.
    PyAmericanDeal("AmericanDeal", "mahjong.american") over Deal {
        #[new]
        #[pyo3(signature = (card, *, seed = None, wall = None, rules = None, dealer = None,
            scores = None))]
        fn new(
            card: &Bound<'_, PyCard>,
            seed: Option<&Bound<'_, PyAny>>,
            wall: Option<&Bound<'_, PyAny>>,
            rules: Option<&Bound<'_, PyAmericanRules>>,
            dealer: Option<&Bound<'_, PyAny>>,
            scores: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Self> {
            let rules = PyAmericanRules::of(rules);
            let (wall, seed) = match (named::<SeedArg>("seed", seed)?, named::<WallArg>("wall", wall)?) {
                (Some(_), Some(_)) => {
                    return Err(mahjong_core::Error::argument("give a seed or a wall, not both")).py();
                }
                (Some(seed), None) => (Wall::shuffled(seed.0), seed.0 ^ CHOICE_SEED),
                (None, Some(wall)) => (Wall::from_order(&wall.0).py()?, CHOICE_SEED),
                (None, None) => {
                    return Err(mahjong_core::Error::argument(
                        "a game needs a seed or an explicit wall (every random choice comes \\
                         from a seed)",
                    ))
                    .py();
                }
            };
            let setup = DealSetup {
                dealer: named::<SeatArg>("dealer", dealer)?.map_or(0, |s| s.0),
                scores: named::<ScoresArg>("scores", scores)?.map_or(Ok([0; 4]), |s| s.seats(4))?,
                seed,
            };
            let table = Deal::new(card.get().card.clone(), &rules, setup, wall).py()?;
            Ok(Self::of(table))
        }

        /// Scores by seat before this game.
        #[getter]
        fn scores(&self, py: Python<'_>) -> [i64; 4] {
            self.table(py).setup().scores
        }

        /// Why `seat`'s hand would be dead once the claim on offer is settled by its exposure
        /// `action` (one of its legal actions now), as a dead-hand reason ("cannot_complete",
        /// "exposures_match_no_hand", ...), or None when it stays live (or `action` is no
        /// exposure it may make now). The exposure is made on a copy and the engine's own
        /// checks run, so the answer is what the engine declares when the claim is won.
        fn exposure_kills(
            &self,
            py: Python<'_>,
            seat: SeatArg,
            action: PyRef<'_, PyAmericanAction>,
        ) -> Option<&'static str> {
            let action = action.action;
            self.table(py).exposure_kills(seat.0, action).map(|r| r.name())
        }

        /// The Charleston step being collected ("first_right", ..., "courtesy"), else None.
        #[getter]
        fn step(&self, py: Python<'_>) -> Option<&'static str> {
            self.table(py).charleston_step().map(|s| s.name())
        }

        /// The tile a claim window is open on and its discarder, else None.
        #[getter]
        fn claim(&self, py: Python<'_>) -> Option<(&'static str, usize)> {
            self.table(py).claim_tile().map(|(t, from)| (tile_name(t), from))
        }

        /// Tiles left in the wall.
        #[getter]
        fn tiles_left(&self, py: Python<'_>) -> usize {
            self.table(py).wall().remaining()
        }

        /// Every action applied so far as `(seat, code)` pairs: replayed on a game with the
        /// same card, rules, seed and dealer they give the same events.
        fn actions(&self, py: Python<'_>) -> Vec<(usize, usize)> {
            codes(self.table(py).actions())
        }

        /// Checks that all 152 tiles are somewhere, each once (wall, racks, uncalled
        /// discards); raises InvalidArgumentError naming a tile that is missing or in two
        /// places.
        fn check_tiles(&self, py: Python<'_>) -> PyResult<()> {
            let checked = self.table(py).check_tiles();
            checked.py()
        }

        fn __reduce__<'py>(
            &self,
            py: Python<'py>,
        ) -> crate::convert::Reduced<'py, Bound<'py, PyAny>> {
            let (card, rules, wall, dice, setup, actions) = {
                let table = self.table(py);
                (
                    PyCard { card: Arc::clone(table.card()) },
                    PyAmericanRules::holding(table.rules()),
                    crate::convert::ints(table.wall().order().iter().copied()),
                    table.wall().dice(),
                    table.setup(),
                    codes(table.actions()),
                )
            };
            let args = (card, rules, wall, dice, setup.dealer, setup.scores, setup.seed, actions);
            crate::convert::reduce_to(py, "_american_deal", args.into_pyobject(py)?.into_any())
        }
    }
}

/// `__reduce__` of an observation: its core observation as plain values, and its card.
fn reduce_observation<'py>(
    obs: &PyAmericanObservation,
    py: Python<'py>,
) -> crate::convert::Reduced<'py, Bound<'py, PyTuple>> {
    let card = PyCard {
        card: Arc::clone(&obs.obs.card),
    };
    let state = (snapshot::american_state(&obs.obs), card).into_pyobject(py)?;
    crate::convert::reduce_to(py, "_american_observation", state)
}

/// Rebuilds a pickled `AmericanObservation` from its plain values (checked) and card.
#[pyfunction]
pub(crate) fn _american_observation<'py>(
    py: Python<'py>,
    state: snapshot::AmericanState,
    card: &Bound<'py, PyCard>,
) -> PyResult<Bound<'py, PyAny>> {
    let obs = snapshot::american_observation(state, Arc::clone(&card.get().card)).py()?;
    let seat = obs.seat;
    let legal = obs
        .legal
        .iter()
        .map(|&action| <Deal as Table>::wrap((), seat, action, action.code(seat)));
    let legal = PyTuple::new(py, legal)?;
    <Deal as Table>::show(py, obs, &mut Views::default(), legal)
}

/// Actions as `(seat, code)` pairs.
fn codes(actions: &[(usize, Action)]) -> Vec<(usize, usize)> {
    actions
        .iter()
        .map(|&(seat, a)| (seat, a.code(seat)))
        .collect()
}

/// Applies `(seat, code)` pairs to `deal`.
fn replay(py: Python<'_>, deal: &mut Deal, actions: Vec<(usize, usize)>) -> PyResult<()> {
    replay_actions(py, deal, actions, |&(seat, code)| {
        Some((seat, Action::from_code(code, seat)?))
    })
}

/// Rebuilds a pickled `AmericanDeal`: the same start, then the same actions.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _american_deal(
    py: Python<'_>,
    card: &Bound<'_, PyCard>,
    rules: &Bound<'_, PyAmericanRules>,
    wall: WallArg,
    dice: Option<[u8; 2]>,
    dealer: usize,
    scores: [i64; 4],
    seed: u64,
    actions: Vec<(usize, usize)>,
) -> PyResult<PyAmericanDeal> {
    let setup = DealSetup {
        dealer,
        scores,
        seed,
    };
    let wall = Wall::from_order(&wall.0).py()?.with_dice(dice);
    let mut table = Deal::new(card.get().card.clone(), &rules.get().rules, setup, wall).py()?;
    replay(py, &mut table, actions)?;
    Ok(PyAmericanDeal::of(table))
}

crate::table::game_session!(Game::card, |_: &Game| 4);

session_class! {
    /// A session of American games with running scores: `next_deal()` gives each game (None
    /// once `games` have been played), `finish_deal(deal)` takes its payments and passes the
    /// deal to the right; only the game the session gave out last is taken, once. The first
    /// East is chosen by dice; every wall comes from `seed` (0..2**64-1). The session keeps
    /// its log: `events()` and `lines()` give `start_session` (with `names`), every finished
    /// game and `end_session`. Sessions copy and pickle.
    PyAmericanGame("AmericanGame", "mahjong.american") over Game, deals PyAmericanDeal {
        #[new]
        #[pyo3(
            signature = (card, *, seed, games = None, rules = None, names = None),
            text_signature = "(card, *, seed, games=1, rules=None, names=None)"
        )]
        fn new(
            card: &Bound<'_, PyCard>,
            seed: &Bound<'_, PyAny>,
            games: Option<&Bound<'_, PyAny>>,
            rules: Option<&Bound<'_, PyAmericanRules>>,
            names: Option<[String; 4]>,
        ) -> PyResult<Self> {
            let seed: SeedArg = seed.extract()?;
            let rules = PyAmericanRules::of(rules);
            let names = names.unwrap_or_else(|| std::array::from_fn(|s| format!("seat {s}")));
            let games = named::<Count>("games", games)?.map_or(1, |c| c.0 as usize);
            let game = Game::with_names(Arc::clone(&card.get().card), &rules, seed.0, games, names)
                .py()?;
            Ok(Self { game })
        }

        /// The session's games as the rows `mahjong sim --parquet` writes, in columns (a dict of
        /// lists by column name, as `SimResult.columns` gives them); `number` is the session's
        /// number in its run.
        #[pyo3(signature = (number = 0))]
        fn deal_columns<'py>(
            &self,
            py: Python<'py>,
            number: u64,
        ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
            crate::columns::american_game(py, &self.game, number)
        }

        /// Games finished so far.
        #[getter]
        fn games_played(&self) -> usize {
            self.game.games_played()
        }

        /// East's seat for the next game.
        #[getter]
        fn dealer(&self) -> usize {
            self.game.dealer()
        }

        /// The rounds of dice that chose the first East, by seat (None for seats already
        /// out).
        #[getter]
        fn dealer_rolls(&self) -> Vec<[Option<[u32; 2]>; 4]> {
            self.game
                .dealer_rolls()
                .iter()
                .map(|round| round.map(|r| r.map(|d| [u32::from(d[0]), u32::from(d[1])])))
                .collect()
        }

        fn __reduce__<'py>(
            &self,
            py: Python<'py>,
        ) -> crate::convert::Reduced<'py, Bound<'py, PyAny>> {
            let mahjong_core::american::game::Event::StartSession { names, seed, games, .. } =
                &self.game.log()[0]
            else {
                return Err(mahjong_core::Error::argument("a session log starts with start_session"))
                    .py();
            };
            let history: Vec<Vec<(usize, usize)>> =
                self.game.history().iter().map(|g| codes(g)).collect();
            let args = (
                PyCard { card: Arc::clone(self.game.card()) },
                PyAmericanRules::holding(self.game.rules()),
                *seed,
                *games,
                names.clone(),
                history,
                self.game.in_play(),
            );
            crate::convert::reduce_to(py, "_american_game", args.into_pyobject(py)?.into_any())
        }
    }
}

/// Rebuilds a pickled `AmericanGame`: the same games played again.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _american_game(
    py: Python<'_>,
    card: &Bound<'_, PyCard>,
    rules: &Bound<'_, PyAmericanRules>,
    seed: u64,
    games: usize,
    names: [String; 4],
    history: Vec<Vec<(usize, usize)>>,
    in_play: bool,
) -> PyResult<PyAmericanGame> {
    let mut game = Game::with_names(
        Arc::clone(&card.get().card),
        &rules.get().rules,
        seed,
        games,
        names,
    )
    .py()?;
    replay_session(&mut game, history, in_play, |deal, actions| {
        replay(py, deal, actions)
    })?;
    Ok(PyAmericanGame { game })
}
