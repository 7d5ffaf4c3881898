//! `native_sim`, `native_stream`, `SimResult` and `SimStream`: whole games between the core's
//! built-in agents played with no Python per step, on worker threads with the interpreter
//! released, and what they give back (tallies, each game's outcomes and standings, the log,
//! the Parquet columns), converted only when read. A stream hands the games back block by
//! block as they finish, holding a bounded number at a time however long the run.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use mahjong_core::Error;
use mahjong_core::american::sim as american;
use mahjong_core::riichi::game::{DrawReason, LogStyle};
use mahjong_core::riichi::sim as riichi;
use mahjong_core::sim::{Stream, default_workers, game_seed};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

use crate::american::{PyAmericanRules, PyCard};
use crate::args::{Count, SeedArg, named};
use crate::columns::{GameRows, american_columns, riichi_columns};
use crate::convert::type_name;
use crate::errors::IntoPyResult;
use crate::rules::PyRuleset;

/// The card American games are played on when none is given: the built-in house-2026,
/// compiled once.
pub(crate) fn default_card() -> mahjong_core::Result<Arc<mahjong_core::american::Card>> {
    static CARD: OnceLock<Arc<mahjong_core::american::Card>> = OnceLock::new();
    if let Some(card) = CARD.get() {
        return Ok(card.clone());
    }
    let card = Arc::new(mahjong_core::american::Card::builtin("house-2026")?);
    Ok(CARD.get_or_init(|| card).clone())
}

/// The games of a run, by family, with the players' names as the logs give them.
enum Games {
    Riichi {
        names: Vec<&'static str>,
        games: Vec<riichi::GameRun>,
        tally: riichi::Tally,
        style: LogStyle,
    },
    American {
        names: Vec<&'static str>,
        games: Vec<american::GameRun>,
        tally: american::Tally,
        card: Arc<mahjong_core::american::Card>,
    },
}

/// What `native_sim` played: per-seat tallies, every game's outcomes and final standings,
/// and (with `log=True`) every game's log as JSON lines, in game order.
#[pyclass(
    name = "SimResult",
    module = "mahjong.native",
    frozen,
    skip_from_py_object
)]
pub(crate) struct PySimResult {
    games: Games,
    seed: u64,
}

#[pymethods]
impl PySimResult {
    /// "riichi" or "american".
    #[getter]
    fn family(&self) -> &'static str {
        match self.games {
            Games::Riichi { .. } => "riichi",
            Games::American { .. } => "american",
        }
    }

    /// The seed of the first game (game i was seeded `seed + i`).
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The number of games played.
    #[getter]
    fn games(&self) -> usize {
        match &self.games {
            Games::Riichi { games, .. } => games.len(),
            Games::American { games, .. } => games.len(),
        }
    }

    /// The players' names by seat, as the logs give them ("EfficiencyAgent", ...).
    #[getter]
    fn names(&self) -> Vec<&'static str> {
        match &self.games {
            Games::Riichi { names, .. } | Games::American { names, .. } => names.clone(),
        }
    }

    /// Counts over every game, per seat, as a dict. Riichi: "games", "deals", and lists by
    /// seat "wins", "deal_ins", "riichi" (accepted declarations), "calls" (deals with a chi,
    /// pon or daiminkan), "ranks" (summed), "points" (after oka and uma, summed), and
    /// "draws" (drawn deals by kind). American: "games", "wall_games", and lists by seat
    /// "wins", "self_drawn", "jokerless", "dead" (games ending with the hand dead), "payout".
    fn tally<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        match &self.games {
            Games::Riichi {
                tally: t, names, ..
            } => {
                let n = names.len();
                d.set_item("games", t.games)?;
                d.set_item("deals", t.deals)?;
                d.set_item("wins", &t.wins[..n])?;
                d.set_item("deal_ins", &t.deal_ins[..n])?;
                d.set_item("riichi", &t.riichi[..n])?;
                d.set_item("calls", &t.calls[..n])?;
                d.set_item("ranks", &t.ranks[..n])?;
                d.set_item("points", &t.points[..n])?;
                let draws = PyDict::new(py);
                for (reason, &n) in DrawReason::ALL.iter().zip(&t.draws) {
                    if n > 0 {
                        draws.set_item(reason.name(), n)?;
                    }
                }
                d.set_item("draws", draws)?;
            }
            Games::American { tally: t, .. } => {
                d.set_item("games", t.games)?;
                d.set_item("wall_games", t.wall_games)?;
                d.set_item("wins", t.wins)?;
                d.set_item("self_drawn", t.self_drawn)?;
                d.set_item("jokerless", t.jokerless)?;
                d.set_item("dead", t.dead)?;
                d.set_item("payout", t.payout)?;
            }
        }
        Ok(d)
    }

    /// One dict per game, in order: "seed", "outcomes" (each deal's outcome as
    /// `Deal.outcome` gives it; an American game has one), "standings" (as the game's
    /// `standings()`) and "lines" (its log as JSON lines; empty unless the run kept logs).
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        match &self.games {
            Games::Riichi { games, style, .. } => {
                for game in games {
                    let outcomes: PyResult<Vec<_>> = game
                        .outcomes
                        .iter()
                        .map(|o| crate::game::outcome_dict(py, o, *style))
                        .collect();
                    list.append(record_dict(
                        py,
                        game.seed,
                        outcomes?,
                        &game.standings,
                        &game.log,
                    )?)?;
                }
            }
            Games::American { games, card, .. } => {
                for game in games {
                    let outcome = crate::american::outcome_dict(py, &game.outcome, card)?;
                    list.append(record_dict(
                        py,
                        game.seed,
                        vec![outcome],
                        &game.standings,
                        &game.log,
                    )?)?;
                }
            }
        }
        Ok(list)
    }

    /// Every game's log as JSON lines (no newlines), in game order: the bytes `play_game`
    /// writes for the same games. Empty unless the run kept logs (`log=True`).
    fn lines(&self) -> Vec<&str> {
        self.logs().flat_map(str::lines).collect()
    }

    /// Every game's log as the bytes of a JSON-lines file (UTF-8, each line ending with a
    /// newline), in game order: what `mahjong sim --jsonl` writes, copied once from the logs the
    /// workers wrote. Empty unless the run kept logs (`log=True`).
    fn jsonl<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let size = self.logs().map(str::len).sum();
        PyBytes::new_with(py, size, |buffer| {
            let mut at = 0;
            for log in self.logs() {
                buffer[at..at + log.len()].copy_from_slice(log.as_bytes());
                at += log.len();
            }
            Ok(())
        })
    }

    /// One row per deal (Riichi) or game (American) of every game, as columns: a dict of lists
    /// by column name in the order of the family's `COLUMNS` (`mahjong.riichi.tally`,
    /// `mahjong.american.tally`), the rows `mahjong sim --parquet` writes; `first` is the
    /// number of this run's first game in the whole run (the "game" or "session" column).
    /// Empty unless the run kept rows (`rows=True`).
    #[pyo3(signature = (first = 0))]
    fn columns<'py>(&self, py: Python<'py>, first: u64) -> PyResult<Bound<'py, PyDict>> {
        let number = |i: usize| first.saturating_add(i as u64);
        match &self.games {
            Games::Riichi { games, names, .. } => riichi_columns(
                py,
                names,
                games.iter().enumerate().map(|(i, g)| GameRows {
                    number: number(i),
                    seed: g.seed,
                    rows: &g.rows,
                    standings: &g.standings,
                }),
            ),
            Games::American { games, names, .. } => american_columns(
                py,
                names,
                games.iter().enumerate().map(|(i, g)| GameRows {
                    number: number(i),
                    seed: g.seed,
                    rows: &g.rows,
                    standings: &g.standings,
                }),
            ),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "SimResult(family='{}', games={}, seed={}, names={:?})",
            self.family(),
            self.games(),
            self.seed,
            self.names()
        )
    }
}

impl PySimResult {
    /// Each game's log text, in game order.
    fn logs(&self) -> Box<dyn Iterator<Item = &str> + '_> {
        match &self.games {
            Games::Riichi { games, .. } => Box::new(games.iter().map(|g| g.log.as_str())),
            Games::American { games, .. } => Box::new(games.iter().map(|g| g.log.as_str())),
        }
    }
}

/// One game of `SimResult.records()`.
fn record_dict<'py>(
    py: Python<'py>,
    seed: u64,
    outcomes: Vec<Bound<'py, PyDict>>,
    standings: &[mahjong_core::standing::Standing],
    log: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seed", seed)?;
    d.set_item("outcomes", outcomes)?;
    d.set_item("standings", standing_list(py, standings)?)?;
    d.set_item("lines", log.lines().collect::<Vec<_>>())?;
    Ok(d)
}

/// The most worker threads a run may ask for (each is an OS thread).
const MAX_WORKERS: usize = 1024;

/// The agent names of `agents`: a sequence of strings, one per player.
fn agent_names(agents: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let wrong = || {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "agents must be a sequence of names (str), one per player, got {}",
            type_name(agents)
        ))
    };
    if agents.cast::<PyString>().is_ok() {
        return Err(wrong());
    }
    agents.extract().map_err(|_| wrong())
}

/// The agents named `names`, one per player of `players`, each parsed by `parse` (an unknown
/// name or another number of names is an error naming it), as the core's four seats (a seat
/// beyond the player count takes the first kind and never plays).
fn kinds<K: Copy>(
    names: &[String],
    players: usize,
    parse: fn(&str) -> mahjong_core::Result<K>,
) -> PyResult<[K; 4]> {
    if names.len() != players {
        return Err(Error::argument(format!(
            "a table of {players} players needs {players} agents, got {}: {names:?}",
            names.len()
        )))
        .py();
    }
    let kinds: Vec<K> = names
        .iter()
        .map(|n| parse(n).py())
        .collect::<PyResult<_>>()?;
    Ok(std::array::from_fn(|s| {
        kinds[if s < players { s } else { 0 }]
    }))
}

/// The TypeError for `rules` of the wrong family.
fn rules_type(family: &str, class: &str, rules: &Bound<'_, PyAny>) -> PyErr {
    pyo3::exceptions::PyTypeError::new_err(format!(
        "rules for {family} games must be a {class}, got {}",
        type_name(rules)
    ))
}

/// A run being played, by family: its stream of games, the games taken from it but not yet
/// handed out, the seed of the next game handed out, and what its results need (the players'
/// names; the log style, the card).
enum Playing {
    Riichi {
        stream: Stream<riichi::GameRun>,
        pending: VecDeque<riichi::GameRun>,
        names: Vec<&'static str>,
        style: LogStyle,
    },
    American {
        stream: Stream<american::GameRun>,
        pending: VecDeque<american::GameRun>,
        names: Vec<&'static str>,
        card: Arc<mahjong_core::american::Card>,
    },
}

/// Up to `count` games of `stream`, the ones taken before first (`pending`), waiting for them.
fn take<G: Send + 'static>(
    stream: &mut Stream<G>,
    pending: &mut VecDeque<G>,
    count: usize,
) -> mahjong_core::Result<Vec<G>> {
    let mut games = Vec::with_capacity(count.min(pending.len() + 1024));
    while games.len() < count {
        if pending.is_empty() {
            match stream.next_chunk() {
                Some(chunk) => pending.extend(chunk?),
                None => break,
            }
        }
        let n = (count - games.len()).min(pending.len());
        games.extend(pending.drain(..n));
    }
    Ok(games)
}

impl Playing {
    /// The next `count` games (fewer at the end of the run) as the games of a result.
    fn take(&mut self, count: usize) -> mahjong_core::Result<Games> {
        Ok(match self {
            Playing::Riichi {
                stream,
                pending,
                names,
                style,
            } => {
                let games = take(stream, pending, count)?;
                let mut tally = riichi::Tally::default();
                games.iter().for_each(|g| tally.add(&g.tally));
                Games::Riichi {
                    names: names.clone(),
                    games,
                    tally,
                    style: *style,
                }
            }
            Playing::American {
                stream,
                pending,
                names,
                card,
            } => {
                let games = take(stream, pending, count)?;
                let mut tally = american::Tally::default();
                games.iter().for_each(|g| tally.add(&g.tally));
                Games::American {
                    names: names.clone(),
                    games,
                    tally,
                    card: card.clone(),
                }
            }
        })
    }
}

/// The arguments `native_sim` and `native_stream` share, checked, and the run they start.
#[allow(clippy::too_many_arguments)]
fn start(
    family: &str,
    agents: &Bound<'_, PyAny>,
    games: &Bound<'_, PyAny>,
    seed: u64,
    rules: Option<&Bound<'_, PyAny>>,
    card: Option<&Bound<'_, PyCard>>,
    workers: Option<&Bound<'_, PyAny>>,
    log: bool,
    rows: bool,
) -> PyResult<(Playing, usize)> {
    let names = agent_names(agents)?;
    let games = named::<Count>("games", Some(games))?.map_or(0, |c| c.0 as usize);
    if let Some(last) = games.checked_sub(1) {
        game_seed(seed, last).py()?;
    }
    let workers = match named::<Count>("workers", workers)? {
        Some(Count(n)) if n == 0 || n as usize > MAX_WORKERS => {
            let message = format!("workers must be 1..{MAX_WORKERS}, got {n}");
            return Err(Error::argument(message)).py();
        }
        Some(Count(n)) => n as usize,
        None => default_workers(),
    };
    let rules = rules.filter(|r| !r.is_none());
    let playing = match family {
        "riichi" => {
            if card.is_some() {
                return Err(Error::argument("card is for American games, not riichi")).py();
            }
            let rules = match rules {
                None => PyRuleset::seed().rules,
                Some(r) => r
                    .cast::<PyRuleset>()
                    .map_err(|_| rules_type("riichi", "Ruleset", r))?
                    .get()
                    .rules
                    .clone(),
            };
            let players = rules.player_count();
            let setup = Arc::new(riichi::Setup {
                rules: (*rules).clone(),
                agents: kinds(
                    &names,
                    players,
                    mahjong_core::riichi::agent::AgentKind::parse,
                )?,
                log,
                rows,
            });
            let names = (0..players)
                .map(|s| setup.agents[s].make(0).name())
                .collect();
            let style = LogStyle::of(&setup.rules);
            Playing::Riichi {
                stream: Stream::new(games, workers, move |i| setup.play(seed, i)),
                pending: VecDeque::new(),
                names,
                style,
            }
        }
        "american" => {
            let rules = match rules {
                None => PyAmericanRules::of(None),
                Some(r) => PyAmericanRules::of(Some(
                    r.cast::<PyAmericanRules>()
                        .map_err(|_| rules_type("american", "AmericanRules", r))?,
                )),
            };
            let card = match card {
                Some(c) => c.get().card.clone(),
                None => default_card().py()?,
            };
            let setup = Arc::new(american::Setup {
                card: card.clone(),
                rules: (*rules).clone(),
                agents: kinds(&names, 4, mahjong_core::american::agent::AgentKind::parse)?,
                log,
                rows,
            });
            let names = (0..4)
                .map(|s| setup.agents[s].make(&setup.card, 0).name())
                .collect();
            Playing::American {
                stream: Stream::new(games, workers, move |i| setup.play(seed, i)),
                pending: VecDeque::new(),
                names,
                card,
            }
        }
        other => {
            return Err(Error::argument(format!(
                "unknown family {other:?} (expected riichi or american)"
            )))
            .py();
        }
    };
    Ok((playing, games))
}

/// Plays `games` whole games between built-in agents in Rust, with no Python per step: game
/// i on seed `seed + i` (the seeds `mahjong sim` gives its games), spread over `workers`
/// threads (default: every core) with the interpreter released, the results merged in game
/// order, so results and logs are the same bytes whatever the number of workers.
///
/// `family` is "riichi" (agents "random", "efficiency", "strong", "expert"; `rules` a `Ruleset`,
/// default the seed preset) or "american" (agents "random", "card", "expert"; `rules` an
/// `AmericanRules`, default nmjl; `card` a `Card`, default house-2026; each game a one-game
/// session). `agents` names one agent per seat. The native efficiency and card agents
/// decide exactly as the Python `EfficiencyAgent` and `CardAgent`; the native random agent
/// draws from its own stream (seeded from the game's seed and its seat), not Python's
/// `random`. With `log`, every game's log is kept as JSON lines (`SimResult.lines()`,
/// `SimResult.jsonl()`); with `rows`, its rows for Parquet (`SimResult.columns()`).
#[pyfunction]
#[pyo3(signature = (family, agents, games, seed = None, *, rules = None, card = None, workers = None, log = false, rows = false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn native_sim(
    py: Python<'_>,
    family: &str,
    agents: &Bound<'_, PyAny>,
    games: &Bound<'_, PyAny>,
    seed: Option<SeedArg>,
    rules: Option<&Bound<'_, PyAny>>,
    card: Option<&Bound<'_, PyCard>>,
    workers: Option<&Bound<'_, PyAny>>,
    log: bool,
    rows: bool,
) -> PyResult<PySimResult> {
    let seed = seed.map_or(0, |s| s.0);
    let (mut playing, games) = start(family, agents, games, seed, rules, card, workers, log, rows)?;
    let games = py.detach(|| playing.take(games)).py()?;
    Ok(PySimResult { games, seed })
}

/// The games of a run as they finish, `block` games at a time (fewer in the last block), each
/// block a `SimResult` in game order; the workers keep playing while a block is read, at most
/// a few games each ahead of it, so a run of any length holds a bounded number of games.
#[pyclass(name = "SimStream", module = "mahjong.native", frozen)]
pub(crate) struct PySimStream {
    state: Mutex<StreamState>,
    block: usize,
}

/// Where a stream stands: its run and the seed of the next block's first game.
struct StreamState {
    playing: Playing,
    seed: u64,
    left: usize,
}

#[pymethods]
impl PySimStream {
    fn __iter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PySimResult>> {
        let block = self.block;
        py.detach(|| {
            let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            if state.left == 0 {
                return Ok(None);
            }
            let count = block.min(state.left);
            let seed = state.seed;
            let taken = state.playing.take(count);
            state.left = if taken.is_ok() { state.left - count } else { 0 };
            state.seed = seed.wrapping_add(count as u64);
            taken.map(|games| Some(PySimResult { games, seed }))
        })
        .py()
    }
}

/// Games a stream hands back at a time when no `block` is given.
const DEFAULT_BLOCK: usize = 500;

/// `native_sim` as a stream: the same games (game i on seed `seed + i`, the same bytes), handed
/// back `block` games at a time (default 500) as they finish, in game order (a `SimStream` of
/// `SimResult`s).
#[pyfunction]
#[pyo3(signature = (family, agents, games, seed = None, *, block = None, rules = None, card = None, workers = None, log = false, rows = false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn native_stream(
    family: &str,
    agents: &Bound<'_, PyAny>,
    games: &Bound<'_, PyAny>,
    seed: Option<SeedArg>,
    block: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    card: Option<&Bound<'_, PyCard>>,
    workers: Option<&Bound<'_, PyAny>>,
    log: bool,
    rows: bool,
) -> PyResult<PySimStream> {
    let seed = seed.map_or(0, |s| s.0);
    let block = match named::<Count>("block", block)? {
        None => DEFAULT_BLOCK,
        Some(Count(0)) => return Err(Error::argument("block must be 1 or more, got 0")).py(),
        Some(Count(n)) => n as usize,
    };
    let (playing, left) = start(family, agents, games, seed, rules, card, workers, log, rows)?;
    Ok(PySimStream {
        state: Mutex::new(StreamState {
            playing,
            seed,
            left,
        }),
        block,
    })
}

/// Standings by seat as `standings()` gives them.
fn standing_list<'py>(
    py: Python<'py>,
    standings: &[mahjong_core::standing::Standing],
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    standings
        .iter()
        .map(|s| crate::table::standing_dict(py, s))
        .collect()
}
