//! `AmericanDeal`, `AmericanAction` and `AmericanGame`: one American game of the core engine
//! driven step by step, its events as dicts, each seat's observation, and sessions.

use std::sync::Arc;

use mahjong_core::Error;
use mahjong_core::american::game::{ACTION_COUNT, Action, Deal, DealSetup, Game, Wall};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::card::PyCard;
use super::events::{event_list, kind_name, observation, outcome_dict};
use super::rules::PyAmericanRules;
use crate::convert::{int_value, type_name};
use crate::errors::{IllegalActionError, IntoPyResult};

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
    code: usize,
}

impl PyAmericanAction {
    fn new(action: Action, seat: usize) -> Self {
        Self {
            action,
            code: action.code(seat),
        }
    }
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
        self.code
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
        format!("AmericanAction({}, code={})", parts.join(", "), self.code)
    }
}

/// One American game (one hand, spec §1), driven step by step: `waiting()` says which seats
/// must act, `legal_actions(seat)` what each may do, `apply(seat, action)` does it. Seats are
/// 0..3; East is `dealer`, play passes to the right (seat + 1).
///
/// The wall comes from `seed` (the dice, the break and every random choice of the game flow
/// from it) or is given as `wall`, the 152 tile ids in draw order. An illegal action raises
/// IllegalActionError naming it and why, and changes nothing.
#[pyclass(
    name = "AmericanDeal",
    module = "mahjong.american",
    skip_from_py_object
)]
pub(crate) struct PyAmericanDeal {
    pub(crate) deal: Deal,
}

/// Mixes a deal's seed into the seed of its own random choices (as the core's
/// `Deal::shuffled`).
const CHOICE_SEED: u64 = 0x5eed_a3e1_c4a2_0000;

fn wall_arg(
    seed: Option<&Bound<'_, PyAny>>,
    wall: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Wall, u64)> {
    match (seed.filter(|s| !s.is_none()), wall.filter(|w| !w.is_none())) {
        (Some(_), Some(_)) => Err(Error::argument("give a seed or a wall, not both")).py(),
        (Some(seed), None) => {
            let value = int_value(seed).ok_or_else(|| {
                PyTypeError::new_err(format!("seed must be an int, got {}", type_name(seed)))
            })?;
            let seed = u64::try_from(value)
                .map_err(|_| Error::argument(format!("seed {value} is negative")))
                .py()?;
            Ok((Wall::shuffled(seed), seed ^ CHOICE_SEED))
        }
        (None, Some(wall)) => {
            let ids: Vec<i64> = wall.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "wall must be a sequence of 152 tile ids, got {}",
                    type_name(wall)
                ))
            })?;
            let ids: Vec<u8> = ids
                .iter()
                .map(|&i| {
                    u8::try_from(i)
                        .map_err(|_| Error::tile(format!("tile id {i} is out of range 0..=151")))
                })
                .collect::<mahjong_core::Result<_>>()
                .py()?;
            Ok((Wall::from_order(&ids).py()?, CHOICE_SEED))
        }
        (None, None) => Err(Error::argument(
            "a game needs a seed or an explicit wall (every random choice comes from a seed)",
        ))
        .py(),
    }
}

fn seat_arg(seat: usize) -> PyResult<usize> {
    if seat > 3 {
        return Err(Error::argument(format!(
            "seat {seat} is out of range 0..=3"
        )))
        .py();
    }
    Ok(seat)
}

#[pymethods]
impl PyAmericanDeal {
    #[new]
    #[pyo3(signature = (card, *, seed = None, wall = None, rules = None, dealer = 0, scores = None))]
    fn new(
        card: &Bound<'_, PyCard>,
        seed: Option<&Bound<'_, PyAny>>,
        wall: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAmericanRules>>,
        dealer: usize,
        scores: Option<[i64; 4]>,
    ) -> PyResult<Self> {
        let rules = PyAmericanRules::of(rules);
        let (wall, seed) = wall_arg(seed, wall)?;
        let setup = DealSetup {
            dealer,
            scores: scores.unwrap_or([0; 4]),
            seed,
        };
        let deal = Deal::new(card.get().card.clone(), &rules, setup, wall).py()?;
        Ok(Self { deal })
    }

    /// The seats that must act now (one on a turn; every seat with a pass, vote, offer or
    /// claim to give).
    fn waiting(&self) -> Vec<usize> {
        self.deal.waiting()
    }

    /// The legal actions of `seat` now; empty when it need not act.
    fn legal_actions(&self, seat: usize) -> Vec<PyAmericanAction> {
        self.deal
            .legal_actions(seat)
            .into_iter()
            .map(|a| PyAmericanAction::new(a, seat))
            .collect()
    }

    /// The codes of `seat`'s legal actions (as `legal_actions`, without objects).
    fn legal_codes(&self, seat: usize) -> Vec<usize> {
        self.deal
            .legal_actions(seat)
            .into_iter()
            .map(|a| a.code(seat))
            .collect()
    }

    /// Applies `action` (an AmericanAction from `legal_actions` or its integer code) by
    /// `seat`. An illegal one raises IllegalActionError and changes nothing.
    fn apply(&mut self, seat: usize, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let chosen = if let Ok(a) = action.cast::<PyAmericanAction>() {
            a.get().action
        } else if let Some(code) = int_value(action) {
            usize::try_from(code)
                .ok()
                .filter(|&c| c < ACTION_COUNT)
                .and_then(|c| Action::from_code(c, seat))
                .ok_or_else(|| {
                    IllegalActionError::new_err(format!(
                        "illegal action code {code} by seat {seat}: out of range 0..={}",
                        ACTION_COUNT - 1
                    ))
                })?
        } else {
            return Err(PyTypeError::new_err(format!(
                "action must be an AmericanAction or its int code, got {}",
                type_name(action)
            )));
        };
        self.deal
            .apply(seat, chosen)
            .map_err(|e| IllegalActionError::new_err(e.message().to_owned()))
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.deal.is_over()
    }

    /// The seat on turn (None during the Charleston, a claim window or after the end).
    #[getter]
    fn turn(&self) -> Option<usize> {
        self.deal.turn()
    }

    /// East's seat.
    #[getter]
    fn dealer(&self) -> usize {
        self.deal.setup().dealer
    }

    /// Scores by seat before this game.
    #[getter]
    fn scores(&self) -> [i64; 4] {
        self.deal.setup().scores
    }

    /// The Charleston step being collected ("first_right", ..., "courtesy"), else None.
    #[getter]
    fn step(&self) -> Option<&'static str> {
        self.deal.charleston_step().map(|s| s.name())
    }

    /// The tile a claim window is open on and its discarder, else None.
    #[getter]
    fn claim(&self) -> Option<(&'static str, usize)> {
        self.deal
            .claim_tile()
            .map(|(t, from)| (super::events::tile(t), from))
    }

    /// Tiles left in the wall.
    #[getter]
    fn tiles_left(&self) -> usize {
        self.deal.wall().remaining()
    }

    /// The wall's 152 tile ids in draw order (not an observation: it shows every tile).
    #[getter]
    fn wall(&self) -> Vec<u32> {
        crate::convert::ints(self.deal.wall().order().iter().copied())
    }

    /// The events from index `start` on, as dicts (see the README's American game logs);
    /// with `seat`, as that seat may see them (others' racks, draws and Charleston tiles
    /// read "?").
    #[pyo3(signature = (start = 0, seat = None))]
    fn events<'py>(
        &self,
        py: Python<'py>,
        start: usize,
        seat: Option<usize>,
    ) -> PyResult<Bound<'py, PyList>> {
        let seat = seat.map(seat_arg).transpose()?;
        event_list(py, &self.deal, start, seat)
    }

    /// The number of events so far (for `events(start)`).
    fn event_count(&self) -> usize {
        self.deal.events().len()
    }

    /// Every action applied so far as `(seat, code)` pairs: replayed on a game with the
    /// same card, rules, seed and dealer they give the same events.
    fn actions(&self) -> Vec<(usize, usize)> {
        self.deal
            .actions()
            .iter()
            .map(|&(seat, a)| (seat, a.code(seat)))
            .collect()
    }

    /// What `seat` may see now, as a dict: its own concealed tiles and the tiles it has put
    /// into the pass being collected, every exposure, discard, dead hand and tile count, the
    /// scores, tiles left, the Charleston step, the seat on turn and the open claim.
    fn observation<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyDict>> {
        observation(py, &self.deal, seat_arg(seat)?)
    }

    /// How the game ended (None while it runs): "win" (a dict as in `mahjongg` events, or
    /// None), "wall_game", "deltas" (sum to zero) and "dead" (a reason or None by seat).
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.deal
            .outcome()
            .map(|o| outcome_dict(py, o, &self.deal))
            .transpose()
    }

    /// Checks that all 152 tiles are somewhere, each once (wall, racks, uncalled discards);
    /// raises InvalidArgumentError naming a tile that is missing or in two places.
    fn check_tiles(&self) -> PyResult<()> {
        self.deal.check_tiles().py()
    }
}

/// A session of American games with running scores: `next_deal()` gives each game (None
/// once `games` have been played), `finish_deal(deal)` takes its payments and passes the deal
/// to the right. The first East is chosen by dice; every wall comes from `seed`.
#[pyclass(
    name = "AmericanGame",
    module = "mahjong.american",
    skip_from_py_object
)]
pub(crate) struct PyAmericanGame {
    game: Game,
}

#[pymethods]
impl PyAmericanGame {
    #[new]
    #[pyo3(signature = (card, *, seed, games = 1, rules = None))]
    fn new(
        card: &Bound<'_, PyCard>,
        seed: u64,
        games: usize,
        rules: Option<&Bound<'_, PyAmericanRules>>,
    ) -> PyResult<Self> {
        let rules = PyAmericanRules::of(rules);
        let game = Game::new(Arc::clone(&card.get().card), &rules, seed, games).py()?;
        Ok(Self { game })
    }

    /// The next game, or None once the session is over.
    fn next_deal(&mut self) -> Option<PyAmericanDeal> {
        self.game.next_deal().map(|deal| PyAmericanDeal { deal })
    }

    /// Takes the payments of `deal` (the game `next_deal` gave, played to its end) and passes
    /// the deal to the right.
    fn finish_deal(&mut self, deal: PyRef<'_, PyAmericanDeal>) -> PyResult<()> {
        self.game.finish_deal(&deal.deal).py()
    }

    /// Whether every game has been played.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Running scores by seat.
    #[getter]
    fn scores(&self) -> [i64; 4] {
        self.game.scores()
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

    /// The rounds of dice that chose the first East, by seat (None for seats already out).
    #[getter]
    fn dealer_rolls(&self) -> Vec<[Option<[u32; 2]>; 4]> {
        self.game
            .dealer_rolls()
            .iter()
            .map(|round| round.map(|r| r.map(|d| [u32::from(d[0]), u32::from(d[1])])))
            .collect()
    }
}
