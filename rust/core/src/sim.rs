//! Self-play at scale, for both families: a deal played to its end by one [`Agent`] per seat
//! with no caller per step ([`play_out`]), and many games spread over worker threads
//! ([`run`]). Game `i` of a run is seeded `seed + i` ([`game_seed`]), as `mahjong sim` seeds
//! its games, and the results come back in game order, so a run's results and log are the same
//! bytes whatever the number of workers. Each family's games, agents and tallies are in its own
//! `sim` module ([`crate::riichi::sim`], [`crate::american::sim`]).

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::agent::{Agent, Observed};
use crate::error::{Error, Result};

/// Games a worker takes at a time: small enough to keep both workers busy to the end, large
/// enough that taking them costs nothing.
const BLOCK: usize = 8;

/// A deal as agents play it: who must act, what a seat may see, and applying its choice.
pub trait Table {
    /// What a seat may see (its legal actions included).
    type Observation: Observed;

    /// Whether `seat` must act now.
    fn must_act(&self, seat: usize) -> bool;
    /// What `seat` may see now.
    fn observe(&self, seat: usize) -> Self::Observation;
    /// Applies `action` by `seat`; an illegal one is an error naming it and why.
    fn apply(&mut self, seat: usize, action: <Self::Observation as Observed>::Action)
    -> Result<()>;
    /// Whether the deal is over.
    fn is_over(&self) -> bool;
}

/// [`Table`] for the invoking module's `Deal` and `Observation` (a family's deal): each method
/// is the deal's own, an illegal action's error in words.
macro_rules! deal_table {
    () => {
        impl $crate::sim::Table for Deal {
            type Observation = Observation;

            fn must_act(&self, seat: usize) -> bool {
                Deal::must_act(self, seat)
            }
            fn observe(&self, seat: usize) -> Observation {
                Deal::observe(self, seat)
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
            // The observation goes before the action is applied: it shares the deal's ponds
            // and melds, which the deal would otherwise copy to change them.
            let observation = deal.observe(seat);
            if observation.legal().is_empty() {
                continue;
            }
            let agent = &mut agents[seat % 4];
            let action = agent.act(&observation);
            drop(observation);
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
/// Workers take blocks of games as they finish their last, so the load stays even.
pub fn run<R: Send>(
    games: usize,
    workers: usize,
    play: impl Fn(usize) -> Result<R> + Sync,
) -> Result<Vec<R>> {
    let workers = workers.clamp(1, games.div_ceil(BLOCK).max(1));
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done: Vec<(usize, Vec<Result<R>>)> = Vec::new();
        loop {
            let start = next.fetch_add(BLOCK, Ordering::Relaxed);
            if start >= games {
                return done;
            }
            let end = (start + BLOCK).min(games);
            done.push((start, (start..end).map(&play).collect()));
        }
    };
    let mut blocks = if workers == 1 {
        work()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers).map(|_| scope.spawn(work)).collect();
            let mut blocks = Vec::new();
            for handle in handles {
                blocks.extend(
                    handle
                        .join()
                        .map_err(|_| Error::argument("a worker failed"))?,
                );
            }
            Ok::<_, Error>(blocks)
        })?
    };
    blocks.sort_unstable_by_key(|(start, _)| *start);
    blocks
        .into_iter()
        .flat_map(|(_, results)| results)
        .collect()
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
