//! What the deal and game classes of both families share (`Deal`/`AmericanDeal`,
//! `Game`/`AmericanGame`): the [`Table`] and [`Session`] traits each family implements over its
//! core engine, and the [`table_class!`] and [`session_class!`] macros that generate the
//! Python classes from them, so a method is written once for both.

use std::sync::{Mutex, MutexGuard, TryLockError};

use mahjong_core::agent::Observed;
use mahjong_core::log::Record;
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::{IllegalActionError, IntoPyResult};
use crate::reason::PyReason;

/// One deal of a family's core engine, as the Python deal class drives it.
pub(crate) trait Table: Clone + 'static {
    /// The core action.
    type Action: Copy + Eq + Send + Sync;
    /// The Python action class (its value: equal values are the same action object).
    type PyAction: for<'py> IntoPyObject<'py> + Clone + PartialEq + Send;
    /// The number of action codes.
    const ACTION_COUNT: usize;
    /// The views an observation shows, kept between observations (see [`crate::view`]).
    type Views: Default + Send + Sync;
    /// The core observation.
    type Observation: Observed<Action = Self::Action>;
    /// How a deal ended, with what its dict needs (the red-five flag, the card).
    type Outcome;
    /// What an action's code and object need besides the action ([`Self::context`]).
    type Context: Copy;

    /// The number of seats (players) at the table.
    fn seats(&self) -> usize;
    /// The seats that must act now.
    fn waiting(&self) -> Vec<usize>;
    /// The legal actions of `seat`.
    fn legal(&self, seat: usize) -> Vec<Self::Action>;
    /// The stable code of `action` by `seat` in `context`.
    fn code(context: Self::Context, seat: usize, action: Self::Action) -> usize;
    /// What codes and action objects need now besides the action (the claimed tile and the
    /// red-five flag), read under the deal's lock.
    fn context(&self) -> Self::Context;
    /// `action` by `seat`, whose code is `code`, as a Python object's value.
    fn wrap(
        context: Self::Context,
        seat: usize,
        action: Self::Action,
        code: usize,
    ) -> Self::PyAction;
    /// The core action of a Python action object, if `obj` is one.
    fn unwrap(obj: &Bound<'_, PyAny>) -> Option<Self::Action>;
    /// The action `code` names for `seat` now (a legal one when there is one).
    fn decode(&self, seat: usize, code: usize) -> Option<Self::Action>;
    /// Applies an action; a refusal carries the action in words and the reason.
    fn apply(&mut self, seat: usize, action: Self::Action) -> Result<(), (String, PyReason)>;
    /// Why actions `seat` might expect are missing.
    fn blocked(&self, seat: usize) -> Vec<PyReason>;
    /// Whether the deal is over.
    fn is_over(&self) -> bool;
    /// The seat on turn.
    fn turn(&self) -> Option<usize>;
    /// The dealer's seat.
    fn dealer(&self) -> usize;
    /// The wall in draw order.
    fn wall(&self) -> Vec<u8>;
    /// The number of events so far.
    fn event_count(&self) -> usize;
    /// Event `index` as a log record, as `seat` sees it when given.
    fn record(&self, index: usize, seat: Option<usize>) -> Record;
    /// What `seat` may see now (the core observation).
    fn observe(&self, seat: usize) -> Self::Observation;
    /// The family's action objects, shared by all its deals ([`action_tuple`]).
    fn actions() -> &'static Mutex<Actions<Self>>;
    /// A core observation as the family's observation object, its players' public sides shown
    /// by the views kept in `views` and its legal actions by the objects `legal`.
    fn show<'py>(
        py: Python<'py>,
        obs: Self::Observation,
        views: &mut Self::Views,
        legal: Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyAny>>;
    /// How the deal ended with what its dict needs (a copy: shown without the deal).
    fn outcome(&self) -> Option<Self::Outcome>;
    /// An outcome as the dict `outcome` gives.
    fn outcome_dict<'py>(py: Python<'py>, outcome: &Self::Outcome) -> PyResult<Bound<'py, PyDict>>;
}

/// The players' public sides of an observation, each shown by the view kept for it, as a
/// tuple.
pub(crate) fn players(
    py: Python<'_>,
    views: impl Iterator<Item = PyResult<Py<PyAny>>>,
) -> PyResult<Py<PyAny>> {
    let players = PyTuple::new(py, views.collect::<PyResult<Vec<_>>>()?)?;
    Ok(players.into_any().unbind())
}

/// Locks `mutex` without ever waiting for it while attached to the interpreter: a thread that
/// waits with the GIL for a lock whose holder needs the GIL back (PyO3 detaches while it
/// initialises a shared value; Python code switches threads) deadlocks. A lock that is taken
/// is waited for detached. Locks guard Rust work only: none is held while Python runs.
pub(crate) fn lock<'a, T: Send>(py: Python<'_>, mutex: &'a Mutex<T>) -> MutexGuard<'a, T> {
    loop {
        match mutex.try_lock() {
            Ok(guard) => return guard,
            Err(TryLockError::Poisoned(poisoned)) => return poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => py.detach(|| drop(mutex.lock())),
        }
    }
}

/// A core deal and the views its class keeps between observations, behind one lock
/// ([`lock`]).
pub(crate) struct Held<T: Table> {
    /// The deal.
    pub(crate) table: T,
    /// Taken out while Python runs ([`with_views`]): no lock is held then.
    views: Option<Box<T::Views>>,
}

impl<T: Table> Held<T> {
    /// A deal with nothing kept yet.
    pub(crate) fn new(table: T) -> Self {
        Self { table, views: None }
    }
}

impl<T: Table> std::ops::Deref for Held<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.table
    }
}

/// Reads the deal with `read` under its lock and takes its views out; `show` then makes Python
/// objects from what was read with the views, no lock held (a call meanwhile starts from
/// no views); the views go back after.
pub(crate) fn with_views<T: Table + Send, X, R>(
    py: Python<'_>,
    held: &Mutex<Held<T>>,
    read: impl FnOnce(&T) -> X,
    show: impl FnOnce(X, &mut T::Views) -> R,
) -> R {
    let (read, mut views) = {
        let mut held = lock(py, held);
        (read(&held.table), held.views.take().unwrap_or_default())
    };
    let out = show(read, &mut views);
    lock(py, held).views = Some(views);
    out
}

/// `seat`'s legal actions now as the family's action objects (the same legal action is the
/// same object from one step and one deal to the next).
pub(crate) fn legal_objects<'py, T: Table + Send>(
    py: Python<'py>,
    held: &Mutex<Held<T>>,
    seat: usize,
) -> PyResult<Bound<'py, PyTuple>> {
    let (legal, context) = {
        let held = lock(py, held);
        (held.table.legal(seat), held.table.context())
    };
    action_tuple::<T>(py, seat, &legal, context)
}

/// What `seat` may see now, as the family's observation object.
pub(crate) fn observation<'py, T: Table + Send>(
    py: Python<'py>,
    held: &Mutex<Held<T>>,
    seat: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let read = |table: &T| (table.observe(seat), table.context());
    with_views(py, held, read, |(obs, context), views| {
        let legal = action_tuple::<T>(py, seat, obs.legal(), context)?;
        T::show(py, obs, views, legal)
    })
}

/// `seat` checked against the table's seats (a game of three has no seat 3).
pub(crate) fn seat<T: Table>(table: &T, seat: crate::args::SeatArg) -> PyResult<usize> {
    let seats = table.seats();
    if seat.0 < seats {
        return Ok(seat.0);
    }
    Err(mahjong_core::Error::argument(format!(
        "seat {} is out of range 0..={} (a game of {seats} players)",
        seat.0,
        seats - 1
    )))
    .py()
}

/// Applies a pickled deal's actions again, in order, each decoded by `decode` into its seat
/// and action (None: an error naming the item); a refused one is an `IllegalActionError`.
pub(crate) fn replay_actions<T: Table, I: std::fmt::Debug>(
    py: Python<'_>,
    deal: &mut T,
    actions: Vec<I>,
    decode: impl Fn(&I) -> Option<(usize, T::Action)>,
) -> PyResult<()> {
    for item in actions {
        let (seat, action) = decode(&item).ok_or_else(|| {
            crate::errors::InvalidArgumentError::new_err(format!("no action is {item:?}"))
        })?;
        deal.apply(seat, action)
            .map_err(|(action, reason)| illegal(py, format!("{action} by seat {seat}"), reason))?;
    }
    Ok(())
}

/// Plays a pickled session's finished deals again (each deal's actions through `replay`),
/// then deals the one in play when there was one.
pub(crate) fn replay_session<S: Session, I>(
    game: &mut S,
    played: Vec<Vec<I>>,
    in_play: bool,
    mut replay: impl FnMut(&mut S::Table, Vec<I>) -> PyResult<()>,
) -> PyResult<()> {
    for actions in played {
        let mut deal = game.next().ok_or_else(|| {
            crate::errors::InvalidArgumentError::new_err("more deals than the session has")
        })?;
        replay(&mut deal, actions)?;
        game.finish(&deal).py()?;
    }
    if in_play {
        game.next();
    }
    Ok(())
}

/// The action objects a family has handed out, by seat and code (each code holds the few
/// actions of that code, e.g. a discard of each copy of a tile), kept for every deal of the
/// family (a bounded set: each action of each seat once).
pub(crate) struct Actions<T: Table> {
    made: Vec<Vec<(T::PyAction, Py<PyAny>)>>,
}

impl<T: Table> Actions<T> {
    /// No object made yet.
    pub(crate) const fn new() -> Self {
        Self { made: Vec::new() }
    }

    /// `seat`'s `actions` as a tuple of objects (their codes and any new object from
    /// `context`).
    fn tuple<'py>(
        &mut self,
        py: Python<'py>,
        seat: usize,
        actions: &[T::Action],
        context: T::Context,
    ) -> PyResult<Bound<'py, PyTuple>> {
        if self.made.is_empty() {
            self.made.resize_with(4 * T::ACTION_COUNT, Vec::new);
        }
        let mut objects = Vec::with_capacity(actions.len());
        for &action in actions {
            let code = T::code(context, seat, action);
            let value = T::wrap(context, seat, action, code);
            let bucket = &mut self.made[seat % 4 * T::ACTION_COUNT + code];
            let object = match bucket.iter().find(|(made, _)| *made == value) {
                Some((_, object)) => object.bind(py).clone(),
                None => {
                    let object = value.clone().into_bound_py_any(py)?;
                    bucket.push((value, object.clone().unbind()));
                    object
                }
            };
            objects.push(object);
        }
        PyTuple::new(py, objects)
    }
}

impl<T: Table> Default for Actions<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// `seat`'s `actions` as the family's shared action objects ([`Table::actions`]). The objects
/// are taken out of their lock while new ones are made (making an object may run Python code
/// that asks for actions again: that call starts from none) and go back after.
fn action_tuple<'py, T: Table>(
    py: Python<'py>,
    seat: usize,
    actions: &[T::Action],
    context: T::Context,
) -> PyResult<Bound<'py, PyTuple>> {
    let mut made = std::mem::take(&mut *lock(py, T::actions()));
    let tuple = made.tuple(py, seat, actions, context);
    let unused = {
        let mut slot = lock(py, T::actions());
        if slot.made.is_empty() {
            *slot = made;
            None
        } else {
            Some(made)
        }
    };
    // Dropped with no lock held: releasing objects may run Python code.
    drop(unused);
    tuple
}

/// An `IllegalActionError` with its message and `.reason`.
pub(crate) fn illegal(py: Python<'_>, message: String, reason: PyReason) -> PyErr {
    let err = IllegalActionError::new_err(message);
    if let Err(e) = err.value(py).setattr("reason", reason) {
        return e;
    }
    err
}

/// Applies an `apply` argument (an action object or its int code) by `seat` to the deal
/// `held` (locked only while the engine applies it); a refusal is an `IllegalActionError`
/// naming the action (and its code when one was given), the seat and the reason.
pub(crate) fn apply<T: Table + Send>(
    held: &Mutex<Held<T>>,
    py: Python<'_>,
    seat: usize,
    action: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let given = match T::unwrap(action) {
        Some(a) => Ok(a),
        None => Err(crate::convert::int_value(action).ok_or_else(|| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "action must be an action object or its int code, got {}",
                crate::convert::type_name(action)
            ))
        })?),
    };
    let code = || format!("code {}", crate::convert::shown_int(action));
    let refused = {
        let table = &mut lock(py, held).table;
        match given {
            Ok(a) => table.apply(seat, a).err(),
            Err(value) => match decode(table, seat, value) {
                Ok(a) => table
                    .apply(seat, a)
                    .err()
                    .map(|(words, r)| (format!("{} ({words})", code()), r)),
                Err(why) => Some((code(), PyReason::not_offered(why))),
            },
        }
    };
    match refused {
        None => Ok(()),
        Some((what, reason)) => {
            let message = format!("illegal action {what} by seat {seat}: {}", reason.message());
            Err(illegal(py, message, reason))
        }
    }
}

/// The action `code` names for `seat` now, or why none.
fn decode<T: Table>(table: &T, seat: usize, code: i64) -> Result<T::Action, String> {
    let in_range = usize::try_from(code).ok().filter(|&c| c < T::ACTION_COUNT);
    in_range
        .and_then(|c| table.decode(seat, c))
        .ok_or_else(|| match in_range {
            Some(_) => "it names no action now".to_owned(),
            None => format!("out of range 0..={}", T::ACTION_COUNT - 1),
        })
}

/// The events from `start` on as records, masked for `seat` when given.
pub(crate) fn events<T: Table>(table: &T, start: usize, seat: Option<usize>) -> Vec<Record> {
    (start..table.event_count())
        .map(|i| table.record(i, seat))
        .collect()
}

/// Declares a family's deal class over a [`Table`] (the invoking module must
/// `use pyo3::prelude::*`): the step API shared by both families, copying, and the family's
/// own methods given in braces.
macro_rules! table_class {
    (
        $(#[doc = $doc:literal])*
        $py:ident($name:literal, $module:literal) over $core:ty { $($extra:tt)* }
    ) => {
        $(#[doc = $doc])*
        #[pyo3::pyclass(name = $name, module = $module, frozen, skip_from_py_object)]
        pub(crate) struct $py {
            held: std::sync::Mutex<crate::table::Held<$core>>,
        }

        impl $py {
            /// The class over a core deal.
            pub(crate) fn of(table: $core) -> Self {
                Self {
                    held: std::sync::Mutex::new(crate::table::Held::new(table)),
                }
            }

            /// The core deal, locked ([`crate::table::lock`]): for Rust work only, never held
            /// while Python runs.
            pub(crate) fn table(
                &self,
                py: pyo3::Python<'_>,
            ) -> std::sync::MutexGuard<'_, crate::table::Held<$core>> {
                crate::table::lock(py, &self.held)
            }
        }

        #[pyo3::pymethods]
        impl $py {
            /// The seats that must act now (one on a turn; every seat with a claim or a pass
            /// to give).
            fn waiting(&self, py: pyo3::Python<'_>) -> Vec<usize> {
                crate::table::Table::waiting(&self.table(py).table)
            }

            /// The legal actions of `seat` now; empty when it need not act.
            fn legal_actions<'py>(
                &self,
                py: pyo3::Python<'py>,
                seat: crate::args::SeatArg,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyList>> {
                let seat = crate::table::seat(&self.table(py).table, seat)?;
                let tuple = crate::table::legal_objects(py, &self.held, seat)?;
                Ok(pyo3::types::PyTupleMethods::to_list(&tuple))
            }

            /// The codes of `seat`'s legal actions (as `legal_actions`, without objects).
            fn legal_codes(
                &self,
                py: pyo3::Python<'_>,
                seat: crate::args::SeatArg,
            ) -> pyo3::PyResult<Vec<usize>> {
                use crate::table::Table;
                let table = self.table(py);
                let seat = crate::table::seat(&table.table, seat)?;
                let context = table.context();
                Ok(Table::legal(&table.table, seat)
                    .into_iter()
                    .map(|a| <$core as Table>::code(context, seat, a))
                    .collect())
            }

            /// Applies `action` (an action from `legal_actions` or its int code) by `seat`.
            /// An illegal one raises IllegalActionError, whose `reason` says why (a Reason
            /// as in `blocked`), and changes nothing.
            fn apply(
                &self,
                py: pyo3::Python<'_>,
                seat: crate::args::SeatArg,
                action: &pyo3::Bound<'_, pyo3::PyAny>,
            ) -> pyo3::PyResult<()> {
                let seat = crate::table::seat(&self.table(py).table, seat)?;
                crate::table::apply(&self.held, py, seat, action)
            }

            /// Why actions `seat` might expect now are not offered (a list of Reason): on its
            /// turn and in a claim window alike, whether or not it has anything to decide.
            fn blocked(
                &self,
                py: pyo3::Python<'_>,
                seat: crate::args::SeatArg,
            ) -> pyo3::PyResult<Vec<crate::reason::PyReason>> {
                let table = self.table(py);
                let seat = crate::table::seat(&table.table, seat)?;
                Ok(crate::table::Table::blocked(&table.table, seat))
            }

            /// What `seat` may see now: its own tiles, everything public, its legal actions
            /// and why expected ones are missing. A snapshot: nothing in it leads back to the
            /// deal, the wall or another player's concealed tiles.
            fn observation<'py>(
                &self,
                py: pyo3::Python<'py>,
                seat: crate::args::SeatArg,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::PyAny>> {
                let seat = crate::table::seat(&self.table(py).table, seat)?;
                crate::table::observation(py, &self.held, seat)
            }

            /// Whether the deal is over.
            #[getter]
            fn is_over(&self, py: pyo3::Python<'_>) -> bool {
                crate::table::Table::is_over(&self.table(py).table)
            }

            /// The seat on turn (None during a claim window, a pass or after the end).
            #[getter]
            fn turn(&self, py: pyo3::Python<'_>) -> Option<usize> {
                crate::table::Table::turn(&self.table(py).table)
            }

            /// The dealer's (East's) seat.
            #[getter]
            fn dealer(&self, py: pyo3::Python<'_>) -> usize {
                crate::table::Table::dealer(&self.table(py).table)
            }

            /// The number of players: seats are 0..players-1 (3 or 4).
            #[getter]
            fn players(&self, py: pyo3::Python<'_>) -> usize {
                crate::table::Table::seats(&self.table(py).table)
            }

            /// The wall's tile ids in draw order (not an observation: it shows every tile).
            #[getter]
            fn wall(&self, py: pyo3::Python<'_>) -> Vec<u32> {
                crate::convert::ints(crate::table::Table::wall(&self.table(py).table))
            }

            /// The events from index `start` on, as dicts in the log vocabulary (see the
            /// README); with `seat`, as that seat sees them (hidden tiles read "?").
            #[pyo3(signature = (start = None, seat = None), text_signature = "($self, start=0, seat=None)")]
            fn events<'py>(
                &self,
                py: pyo3::Python<'py>,
                start: Option<&pyo3::Bound<'py, pyo3::PyAny>>,
                seat: Option<crate::args::SeatArg>,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyList>> {
                let start = crate::args::named::<crate::args::Count>("start", start)?;
                let start = start.map_or(0, |c| c.0 as usize);
                let table = self.table(py);
                let seat = seat.map(|s| crate::table::seat(&table.table, s)).transpose()?;
                let records = crate::table::events(&table.table, start, seat);
                drop(table);
                crate::log::record_list(py, records)
            }

            /// The number of events so far (for `events(start)`).
            fn event_count(&self, py: pyo3::Python<'_>) -> usize {
                crate::table::Table::event_count(&self.table(py).table)
            }

            /// How the deal ended (None while it runs), as a dict.
            #[getter]
            fn outcome<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<Option<pyo3::Bound<'py, pyo3::types::PyDict>>> {
                use crate::table::Table;
                let outcome = Table::outcome(&self.table(py).table);
                outcome.map(|out| <$core as Table>::outcome_dict(py, &out)).transpose()
            }

            /// A copy that plays on independently (`copy.copy`); costs about the state's
            /// size.
            fn __copy__(&self, py: pyo3::Python<'_>) -> Self {
                Self::of(self.table(py).table.clone())
            }

            /// A copy that plays on independently (`copy.deepcopy`).
            fn __deepcopy__(
                &self,
                py: pyo3::Python<'_>,
                _memo: &pyo3::Bound<'_, pyo3::PyAny>,
            ) -> Self {
                Self::of(self.table(py).table.clone())
            }

            $($extra)*
        }
    };
}

pub(crate) use table_class;

/// A family's core session of deals, as the Python game class drives it.
pub(crate) trait Session: Clone {
    /// The deals it gives out.
    type Table: Table;

    /// The next deal, or `None` once the session is over.
    fn next(&mut self) -> Option<Self::Table>;
    /// Takes the deal it gave out, played to its end.
    fn finish(&mut self, deal: &Self::Table) -> mahjong_core::Result<()>;
    /// Whether the session is over.
    fn is_over(&self) -> bool;
    /// The number of players.
    fn seats(&self) -> usize;
    /// Running scores by seat (one per player).
    fn scores(&self) -> Vec<i64>;
    /// The seed every wall comes from.
    fn seed(&self) -> u64;
    /// The standings now (final once the session is over), one per player.
    fn standings(&self) -> Vec<mahjong_core::standing::Standing>;
    /// The session's log so far, as records.
    fn log(&self) -> Vec<Record>;
}

/// The [`Table`] methods that read a core deal the same way in both families (the invoking
/// module's `Deal`): its seats, who waits, whether it is over, the turn, the dealer, the
/// wall, the events. `$context` maps the deal to what its events need to become records (the
/// log style, the card), `$seats` to its number of players.
macro_rules! deal_reads {
    ($context:expr, $seats:expr) => {
        fn seats(&self) -> usize {
            $seats(self)
        }
        fn waiting(&self) -> Vec<usize> {
            Deal::waiting(self)
        }
        fn is_over(&self) -> bool {
            Deal::is_over(self)
        }
        fn turn(&self) -> Option<usize> {
            Deal::turn(self)
        }
        fn dealer(&self) -> usize {
            self.setup().dealer
        }
        fn wall(&self) -> Vec<u8> {
            self.wall().order().to_vec()
        }
        fn event_count(&self) -> usize {
            self.events().len()
        }
        fn record(&self, index: usize, seat: Option<usize>) -> Record {
            let event = &self.events()[index];
            let context = $context(self);
            match seat {
                Some(s) => event.seen_by(s).record(context),
                None => event.record(context),
            }
        }
    };
}

pub(crate) use deal_reads;

/// [`Session`] for the invoking module's core `Game`, whose deals are its `Deal`: every method
/// reads the game's own; `$context` maps the game to what its events need to become log
/// records, `$seats` to its number of players.
macro_rules! game_session {
    ($context:expr, $seats:expr) => {
        impl crate::table::Session for Game {
            type Table = Deal;

            fn next(&mut self) -> Option<Deal> {
                self.next_deal()
            }
            fn finish(&mut self, deal: &Deal) -> mahjong_core::Result<()> {
                self.finish_deal(deal)
            }
            fn is_over(&self) -> bool {
                Game::is_over(self)
            }
            fn seats(&self) -> usize {
                $seats(self)
            }
            fn scores(&self) -> Vec<i64> {
                Game::scores(self)[..$seats(self)].to_vec()
            }
            fn seed(&self) -> u64 {
                Game::seed(self)
            }
            fn standings(&self) -> Vec<mahjong_core::standing::Standing> {
                Game::standings(self).into_iter().collect()
            }
            fn log(&self) -> Vec<Record> {
                let context = $context(self);
                Game::log(self).iter().map(|e| e.record(context)).collect()
            }
        }
    };
}

pub(crate) use game_session;

/// Declares a family's game (session) class over a [`Session`] whose deals are the class
/// `$deal` (the invoking module must `use pyo3::prelude::*`): dealing, finishing, the log,
/// copying, and the family's own methods given in braces.
macro_rules! session_class {
    (
        $(#[doc = $doc:literal])*
        $py:ident($name:literal, $module:literal) over $core:ty, deals $deal:ident {
            $($extra:tt)*
        }
    ) => {
        $(#[doc = $doc])*
        #[pyo3::pyclass(name = $name, module = $module, skip_from_py_object)]
        #[derive(Clone)]
        pub(crate) struct $py {
            pub(crate) game: $core,
        }

        #[pyo3::pymethods]
        impl $py {
            /// The next deal, or None once the session is over.
            fn next_deal(&mut self) -> Option<$deal> {
                crate::table::Session::next(&mut self.game).map($deal::of)
            }

            /// Moves on after `deal` (the deal `next_deal` gave last, played to its end); any
            /// other deal is refused with the reason.
            fn finish_deal(
                &mut self,
                py: pyo3::Python<'_>,
                deal: &pyo3::Bound<'_, $deal>,
            ) -> pyo3::PyResult<()> {
                use crate::errors::IntoPyResult;
                crate::table::Session::finish(&mut self.game, &deal.get().table(py)).py()
            }

            /// Whether the session is over.
            #[getter]
            fn is_over(&self) -> bool {
                crate::table::Session::is_over(&self.game)
            }

            /// The number of players: seats are 0..players-1 (3 or 4).
            #[getter]
            fn players(&self) -> usize {
                crate::table::Session::seats(&self.game)
            }

            /// Running scores by seat (one per player).
            #[getter]
            fn scores(&self) -> Vec<i64> {
                crate::table::Session::scores(&self.game)
            }

            /// The seed every wall comes from.
            #[getter]
            fn seed(&self) -> u64 {
                crate::table::Session::seed(&self.game)
            }

            /// The standings by seat (final once the session is over): dicts with "seat",
            /// "rank" (1..4, ties to the seat nearer the first dealer), "score" and "points"
            /// (the result; the four sum to zero but for deposits lost).
            fn standings<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<Vec<pyo3::Bound<'py, pyo3::types::PyDict>>> {
                crate::table::Session::standings(&self.game)
                    .iter()
                    .map(|s| crate::table::standing_dict(py, s))
                    .collect()
            }

            /// The session's log as dicts: its start event, every finished deal's events, and
            /// its end event once it is over.
            fn events<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyList>> {
                crate::log::record_list(py, crate::table::Session::log(&self.game))
            }

            /// The session's log as JSON lines (no newlines): the same seed and plays give
            /// the same bytes.
            fn lines(&self) -> Vec<String> {
                crate::table::Session::log(&self.game)
                    .iter()
                    .map(mahjong_core::log::Record::to_json)
                    .collect()
            }

            fn __copy__(&self) -> Self {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &pyo3::Bound<'_, pyo3::PyAny>) -> Self {
                self.clone()
            }

            $($extra)*
        }
    };
}

pub(crate) use session_class;

/// A player's standing, as `standings()` gives it: "seat", "rank" (1..4), "score" and
/// "points"; Riichi's also "parts", how "points" is made: "deposits" (leftover sticks
/// settled, in "score" already), "base" (taken off), "oka", "uma" and "rounding"
/// (what `final_points_rounding` changed).
pub(crate) fn standing_dict<'py>(
    py: pyo3::Python<'py>,
    s: &mahjong_core::standing::Standing,
) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyDict>> {
    let d = pyo3::types::PyDict::new(py);
    d.set_item("seat", s.seat)?;
    d.set_item("rank", s.rank)?;
    d.set_item("score", s.score)?;
    d.set_item("points", s.points)?;
    if let Some(parts) = s.parts {
        let p = pyo3::types::PyDict::new(py);
        p.set_item("deposits", parts.deposits)?;
        p.set_item("base", parts.base)?;
        p.set_item("oka", parts.oka)?;
        p.set_item("uma", parts.uma)?;
        p.set_item("rounding", parts.rounding)?;
        d.set_item("parts", p)?;
    }
    Ok(d)
}
