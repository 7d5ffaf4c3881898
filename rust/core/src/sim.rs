//! Self-play at scale, for both families: a deal played to its end by one [`Agent`] per seat
//! with no caller per step ([`play_out`]), and many games spread over worker threads
//! ([`run`], or [`Stream`] to take them as they finish). Game `i` of a run is seeded
//! `seed + i` ([`game_seed`]), as `mahjong sim` seeds its games, and the results come back in
//! game order, so a run's results and log are the same bytes whatever the number of workers. Each family's games, agents and tallies are in its own
//! `sim` module ([`crate::riichi::sim`], [`crate::american::sim`]).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use crate::agent::{Agent, Observed};
use crate::error::{Error, Result};

/// Games a worker takes at a time: small enough to keep both workers busy to the end, large
/// enough that taking them costs nothing.
pub const BLOCK: usize = 8;

/// A deal as agents play it: who must act, what a seat may see, and applying its choice.
pub trait Table {
    /// What a seat may see (its legal actions included).
    type Observation: Observed;

    /// Whether `seat` must act now.
    fn must_act(&self, seat: usize) -> bool;
    /// What `seat` may see now.
    fn observe(&self, seat: usize) -> Self::Observation;
    /// The legal actions of `seat` now (those of [`Table::observe`]), for an agent that reads
    /// nothing else ([`Agent::legal_only`]).
    fn legal(&self, seat: usize) -> Cow<'_, [<Self::Observation as Observed>::Action]>;
    /// Applies `action` by `seat`; an illegal one is an error naming it and why.
    fn apply(&mut self, seat: usize, action: <Self::Observation as Observed>::Action)
    -> Result<()>;
    /// Whether the deal is over.
    fn is_over(&self) -> bool;
}

/// [`Table`] for the invoking module's `Deal` and `Observation` (a family's deal): each method
/// is the deal's own (`$legal`: the deal's method listing a seat's legal actions, as a slice or
/// a vector), an illegal action's error in words.
macro_rules! deal_table {
    ($legal:ident) => {
        impl $crate::sim::Table for Deal {
            type Observation = Observation;

            fn must_act(&self, seat: usize) -> bool {
                Deal::must_act(self, seat)
            }
            fn observe(&self, seat: usize) -> Observation {
                Deal::observe(self, seat)
            }
            fn legal(&self, seat: usize) -> std::borrow::Cow<'_, [Action]> {
                Deal::$legal(self, seat).into()
            }
            fn apply(&mut self, seat: usize, action: Action) -> $crate::error::Result<()> {
                Deal::apply(self, seat, action)
                    .map_err(|e| $crate::error::Error::argument(e.to_string()))
            }
            fn is_over(&self) -> bool {
                Deal::is_over(self)
            }
        }
    };
}

pub(crate) use deal_table;

/// The agents of a table's four seats.
pub type Seats<O> = [Box<dyn Agent<O>>; 4];

/// Plays `deal` to its end, asking each waiting seat's agent in turn (the order of the Python
/// `play_deal`). A seat with nothing left to decide in a simultaneous step is skipped.
pub fn play_out<T: Table>(deal: &mut T, agents: &mut Seats<T::Observation>) -> Result<()> {
    while !deal.is_over() {
        let mut acted = false;
        let waiting: [bool; 4] = std::array::from_fn(|s| deal.must_act(s));
        for seat in (0..4).filter(|&s| waiting[s]) {
            let agent = &mut agents[seat % 4];
            let action = if agent.legal_only() {
                let legal = deal.legal(seat);
                if legal.is_empty() {
                    continue;
                }
                agent.act_on_legal(&legal)
            } else {
                // The observation goes before the action is applied: it shares the deal's
                // ponds and melds, which the deal would otherwise copy to change them.
                let observation = deal.observe(seat);
                if observation.legal().is_empty() {
                    continue;
                }
                agent.act(&observation)
            };
            let action = action.ok_or_else(|| {
                Error::argument(format!(
                    "agent {} of seat {seat} chose nothing",
                    agent.name()
                ))
            })?;
            deal.apply(seat, action)?;
            acted = true;
        }
        if !acted {
            return Err(Error::argument("the deal waits for nobody but is not over"));
        }
    }
    Ok(())
}

/// The seed of game `index` of a run seeded `seed`: `seed + index`, which must stay within
/// 0..=2^64-1.
pub fn game_seed(seed: u64, index: usize) -> Result<u64> {
    seed.checked_add(index as u64).ok_or_else(|| {
        Error::argument(format!(
            "seed {seed} + game {index} is beyond 2^64-1: every game's seed must be in 0..=2^64-1"
        ))
    })
}

/// The number of workers to use when none is given: the threads the machine can run at once.
pub fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Plays games `0..games` with `play` on `workers` threads (at least one) and returns their
/// results in game order; the first error (in game order) is the result when any game fails.
pub fn run<R: Send + 'static>(
    games: usize,
    workers: usize,
    play: impl Fn(usize) -> Result<R> + Send + Sync + 'static,
) -> Result<Vec<R>> {
    let mut stream = Stream::new(games, workers, play);
    let mut results = Vec::with_capacity(games);
    while let Some(chunk) = stream.next_chunk() {
        results.extend(chunk?);
    }
    Ok(results)
}

/// Chunks a worker may finish ahead of the one the caller waits for, per worker: enough to
/// keep the workers busy while the caller handles what it took, few enough that the games
/// held at once do not depend on the length of the run.
const AHEAD_PER_WORKER: usize = 4;

/// The games of a run played on worker threads and handed to the caller in game order as they
/// finish ([`Stream::next_chunk`]): workers take [`BLOCK`] games at a time and stop when they
/// are [`AHEAD_PER_WORKER`] chunks per worker ahead of the caller, so a run of any length holds
/// a bounded number of results. Dropping the stream stops and joins its workers.
pub struct Stream<R> {
    shared: Arc<Shared<R>>,
    workers: Vec<JoinHandle<()>>,
    chunks: usize,
    next: usize,
}

/// What the workers and the caller of a [`Stream`] share.
struct Shared<R> {
    state: Mutex<Progress<R>>,
    /// Signalled when a chunk is finished.
    finished: Condvar,
    /// Signalled when the caller takes a chunk, or the stream stops.
    taken: Condvar,
}

/// Which chunks are claimed, finished and taken.
struct Progress<R> {
    /// The next chunk a worker may claim.
    claimed: usize,
    /// The chunk the caller waits for.
    wanted: usize,
    /// Finished chunks not taken yet, by index.
    done: BTreeMap<usize, Result<Vec<R>>>,
    /// The stream was dropped, or a game failed.
    stop: bool,
}

impl<R: Send + 'static> Stream<R> {
    /// Starts playing games `0..games` with `play` on `workers` threads (at least one, at most
    /// one per chunk).
    pub fn new(
        games: usize,
        workers: usize,
        play: impl Fn(usize) -> Result<R> + Send + Sync + 'static,
    ) -> Self {
        let chunks = games.div_ceil(BLOCK);
        let workers = workers.clamp(1, chunks.max(1));
        let ahead = workers * AHEAD_PER_WORKER;
        let shared = Arc::new(Shared {
            state: Mutex::new(Progress {
                claimed: 0,
                wanted: 0,
                done: BTreeMap::new(),
                stop: false,
            }),
            finished: Condvar::new(),
            taken: Condvar::new(),
        });
        let play = Arc::new(play);
        let handles = (0..workers)
            .map(|_| {
                let shared = shared.clone();
                let play = play.clone();
                std::thread::spawn(move || {
                    while let Some(chunk) = shared.claim(chunks, ahead) {
                        let games = chunk * BLOCK..((chunk + 1) * BLOCK).min(games);
                        let results =
                            catch_unwind(AssertUnwindSafe(|| games.map(&*play).collect()))
                                .unwrap_or_else(|_| Err(Error::argument("a game panicked")));
                        shared.finish(chunk, results);
                    }
                })
            })
            .collect();
        Self {
            shared,
            workers: handles,
            chunks,
            next: 0,
        }
    }

    /// The next chunk's results (up to [`BLOCK`] games, in game order), waiting for it; `None`
    /// once every game was handed back. A failed game's error ends the stream.
    pub fn next_chunk(&mut self) -> Option<Result<Vec<R>>> {
        if self.next >= self.chunks {
            return None;
        }
        let mut state = lock(&self.shared.state);
        let results = loop {
            if let Some(results) = state.done.remove(&self.next) {
                break results;
            }
            state = self
                .shared
                .finished
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        };
        self.next = if results.is_ok() {
            self.next + 1
        } else {
            self.chunks
        };
        state.wanted = self.next;
        state.stop |= results.is_err();
        self.shared.taken.notify_all();
        Some(results)
    }
}

impl<R> Shared<R> {
    /// The next chunk for a worker to play, waiting while the workers are `ahead` chunks ahead
    /// of the caller; `None` when there is none left or the stream stopped.
    fn claim(&self, chunks: usize, ahead: usize) -> Option<usize> {
        let mut state = lock(&self.state);
        loop {
            if state.stop || state.claimed >= chunks {
                return None;
            }
            if state.claimed < state.wanted + ahead {
                state.claimed += 1;
                return Some(state.claimed - 1);
            }
            state = self
                .taken
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Keeps `chunk`'s results for the caller.
    fn finish(&self, chunk: usize, results: Result<Vec<R>>) {
        lock(&self.state).done.insert(chunk, results);
        self.finished.notify_all();
    }
}

impl<R> Drop for Stream<R> {
    fn drop(&mut self) {
        lock(&self.shared.state).stop = true;
        self.shared.taken.notify_all();
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

/// `mutex` locked; a poisoned lock is taken as it is (a worker's panic is caught before it
/// could poison one).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_game_order_whatever_the_workers() {
        let one = run(100, 1, |i| Ok(i * i)).unwrap();
        assert_eq!(one, (0..100).map(|i| i * i).collect::<Vec<_>>());
        for workers in [2, 3, 64] {
            assert_eq!(run(100, workers, |i| Ok(i * i)).unwrap(), one);
        }
        assert!(run(0, 2, Ok).unwrap().is_empty());
        let failed = run(50, 2, |i| {
            if i % 20 == 7 {
                Err(Error::argument(format!("game {i}")))
            } else {
                Ok(i)
            }
        });
        assert_eq!(failed.unwrap_err().message(), "game 7");
    }

    #[test]
    fn seeds_stay_in_range() {
        assert_eq!(game_seed(5, 3), Ok(8));
        assert_eq!(game_seed(u64::MAX, 0), Ok(u64::MAX));
        assert!(
            game_seed(u64::MAX, 1)
                .unwrap_err()
                .message()
                .contains("2^64-1")
        );
        assert!(default_workers() >= 1);
    }
}
