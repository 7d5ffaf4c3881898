//! `NativeAgent`: a built-in agent of the core seated in the Python play loop
//! (`mahjong.agents.play_deal`, `play_game`): it decides from the core observation inside the
//! observation object and answers with one of the legal action objects it was offered.

use std::sync::{Mutex, PoisonError};

use mahjong_core::Error;
use mahjong_core::agent::Agent;
use mahjong_core::{american, riichi};
use pyo3::prelude::*;

use crate::american::{PyAmericanObservation, PyCard};
use crate::args::SeedArg;
use crate::convert::type_name;
use crate::errors::IntoPyResult;
use crate::game::PyObservation;
use crate::table::Table;

/// A family's agent.
enum Seat {
    Riichi(Box<dyn Agent<riichi::game::Observation>>),
    American(Box<dyn Agent<american::game::Observation>>),
}

/// A built-in agent of the compiled core, for the Python play loop: `act(observation,
/// legal)` like any agent, deciding with the GIL released. `family` is "riichi" (`name`
/// "random", "efficiency", "strong" or "expert") or "american" ("random", "card" or
/// "expert", on `card`, default house-2026). The native efficiency and card agents decide
/// exactly as the Python `EfficiencyAgent` and `CardAgent`; "strong" (better defence and
/// riichi judgement) and the experts (the Riichi one plays its candidate actions out over
/// sampled hidden tiles, the American one reads each choice's worth in sampled futures)
/// have no Python version; the native random agent draws from its own stream seeded with
/// `seed`, not from Python's `random`, and the experts' worlds come from `seed` and the
/// observation. The experts take `playouts` (worlds per decision; American: 1 to 65,536);
/// the Riichi expert also `threads` and `time_cap` (seconds; off by default, and then
/// decisions depend on the machine's speed).
#[pyclass(
    name = "NativeAgent",
    module = "mahjong.native",
    frozen,
    skip_from_py_object
)]
pub(crate) struct PyNativeAgent {
    seat: Mutex<Seat>,
    family: &'static str,
    name: &'static str,
}

#[pymethods]
impl PyNativeAgent {
    #[new]
    #[pyo3(signature = (
        family, name, *, seed = None, card = None, playouts = None, threads = None,
        time_cap = None
    ))]
    fn new(
        family: &str,
        name: &str,
        seed: Option<SeedArg>,
        card: Option<&Bound<'_, PyCard>>,
        playouts: Option<usize>,
        threads: Option<usize>,
        time_cap: Option<f64>,
    ) -> PyResult<Self> {
        let seed = seed.map_or(0, |s| s.0);
        let searching = playouts.is_some() || threads.is_some() || time_cap.is_some();
        let (seat, family, name) = match family {
            "riichi" => {
                if card.is_some() {
                    return Err(Error::argument("card is for American agents, not riichi")).py();
                }
                let kind = riichi::agent::AgentKind::parse(name).py()?;
                let name = riichi::agent::AgentKind::NAMES[kind as usize];
                let agent = match kind {
                    riichi::agent::AgentKind::Expert => {
                        Box::new(expert(seed, playouts, threads, time_cap).py()?)
                    }
                    _ if searching => {
                        return Err(Error::argument(
                            "playouts, threads and time_cap are for the Riichi expert",
                        ))
                        .py();
                    }
                    _ => kind.make(seed),
                };
                (Seat::Riichi(agent), "riichi", name)
            }
            "american" => {
                let kind = american::agent::AgentKind::parse(name).py()?;
                let name = american::agent::AgentKind::NAMES[kind as usize];
                let card = match card {
                    Some(c) => c.get().card.clone(),
                    None => crate::sim::default_card().py()?,
                };
                let agent = match kind {
                    american::agent::AgentKind::Expert
                        if threads.is_none() && time_cap.is_none() =>
                    {
                        Box::new(american_expert(card, seed, playouts).py()?)
                    }
                    _ if searching => {
                        return Err(Error::argument(
                            "threads and time_cap are for the Riichi expert, playouts for the \
                             experts",
                        ))
                        .py();
                    }
                    _ => kind.make(&card, seed),
                };
                (Seat::American(agent), "american", name)
            }
            other => {
                return Err(Error::argument(format!(
                    "unknown family {other:?} (expected riichi or american)"
                )))
                .py();
            }
        };
        Ok(Self {
            seat: Mutex::new(seat),
            family,
            name,
        })
    }

    /// "riichi" or "american".
    #[getter]
    fn family(&self) -> &'static str {
        self.family
    }

    /// The agent's name ("random", "efficiency", "strong", "expert", "card").
    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }

    /// One of `legal`, chosen from `observation` (the observation object of this agent's
    /// family that the deal gave for its seat).
    fn act<'py>(
        &self,
        observation: &Bound<'py, PyAny>,
        legal: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = observation.py();
        match self.family {
            "riichi" => {
                let view = observed::<PyObservation>(observation, self.family)?;
                let obs = &view.get().obs;
                let chosen = py.detach(|| match &mut *self.lock() {
                    Seat::Riichi(agent) => agent.act(obs),
                    Seat::American(_) => None,
                });
                offered::<riichi::game::Deal>(legal, chosen)
            }
            _ => {
                let view = observed::<PyAmericanObservation>(observation, self.family)?;
                let obs = &view.get().obs;
                let chosen = py.detach(|| match &mut *self.lock() {
                    Seat::American(agent) => agent.act(obs),
                    Seat::Riichi(_) => None,
                });
                offered::<american::game::Deal>(legal, chosen)
            }
        }
    }

    fn __repr__(&self) -> String {
        format!("NativeAgent('{}', '{}')", self.family, self.name)
    }
}

impl PyNativeAgent {
    /// The agent, for one decision at a time.
    fn lock(&self) -> std::sync::MutexGuard<'_, Seat> {
        self.seat.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The Riichi expert seeded `seed` with its search options (the defaults where `None`).
fn expert(
    seed: u64,
    playouts: Option<usize>,
    threads: Option<usize>,
    time_cap: Option<f64>,
) -> Result<riichi::expert::ExpertAgent, Error> {
    let mut agent = riichi::expert::ExpertAgent::new(seed);
    if let Some(n) = playouts {
        if n == 0 {
            return Err(Error::argument("playouts must be at least 1"));
        }
        agent.options.playouts = n;
    }
    if let Some(n) = threads {
        if !(1..=1024).contains(&n) {
            return Err(Error::argument(format!(
                "threads {n} is out of range 1..=1024"
            )));
        }
        agent.options.threads = n;
    }
    if let Some(cap) = time_cap {
        let cap = std::time::Duration::try_from_secs_f64(cap).map_err(|_| {
            Error::argument(format!("time_cap {cap} is not a number of seconds >= 0"))
        })?;
        agent.options.time_cap = Some(cap);
    }
    Ok(agent)
}

/// The American expert on `card` seeded `seed`, reading `playouts` worlds a decision (1 to
/// [`MAX_WORLDS`]; its default without).
fn american_expert(
    card: std::sync::Arc<american::Card>,
    seed: u64,
    playouts: Option<usize>,
) -> Result<american::expert::ExpertCardAgent, Error> {
    let mut options = american::expert::Options::default();
    if let Some(n) = playouts {
        if !(1..=MAX_WORLDS).contains(&n) {
            return Err(Error::argument(format!(
                "playouts {n} is out of range 1..={MAX_WORLDS} for the American expert"
            )));
        }
        options.worlds = n;
    }
    Ok(american::expert::ExpertCardAgent::with_options(
        card, seed, options,
    ))
}

/// The most worlds the American expert reads a decision (each holds the table's next rounds).
const MAX_WORLDS: usize = 65_536;

/// `observation` as the observation class `O` of `family`, else a TypeError.
fn observed<'a, 'py, O: pyo3::PyClass>(
    observation: &'a Bound<'py, PyAny>,
    family: &str,
) -> PyResult<&'a Bound<'py, O>> {
    observation.cast::<O>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "a {family} agent needs a {family} observation, got {}",
            type_name(observation)
        ))
    })
}

/// The object of `legal` that is `chosen`; an error when the agent chose nothing or an
/// action `legal` does not offer.
fn offered<'py, T: Table>(
    legal: &Bound<'py, PyAny>,
    chosen: Option<T::Action>,
) -> PyResult<Bound<'py, PyAny>> {
    let chosen = chosen
        .ok_or_else(|| Error::argument("the agent was offered no legal action"))
        .py()?;
    for item in legal.try_iter()? {
        let item = item?;
        if T::unwrap(&item) == Some(chosen) {
            return Ok(item);
        }
    }
    Err(Error::argument(
        "the agent chose an action that legal does not offer (legal must be the observation's legal actions)",
    ))
    .py()
}
