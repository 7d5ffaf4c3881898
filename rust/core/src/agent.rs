//! What the built-in players of both families share: the [`Agent`] trait they implement over
//! their family's observation, and [`RandomAgent`], which picks uniformly among the legal
//! actions. The Riichi agents are in [`crate::riichi::agent`], the American ones in
//! [`crate::american::agent`]; [`crate::sim`] plays whole games with them.
//!
//! An agent decides from what its seat may see (the family's `Observation`) and only chooses
//! among the legal actions the engine lists: every rule is the engine's.

use crate::error::{Error, Result};
use crate::rng::Rng;

/// An observation that lists the observing seat's legal actions.
pub trait Observed {
    /// The family's action.
    type Action: Copy;
    /// The legal actions, in the engine's order.
    fn legal(&self) -> &[Self::Action];
}

/// A player: chooses one of the legal actions from what its seat may see.
pub trait Agent<O: Observed>: Send {
    /// One of `observation.legal()`; `None` only when there is nothing to choose from.
    fn act(&mut self, observation: &O) -> Option<O::Action>;
    /// The name a game log gives the player: the name of its Python reference class.
    fn name(&self) -> &'static str;
    /// Whether the agent decides from the legal actions alone: the simulator then asks
    /// [`Agent::act_on_legal`] and builds no observation for it.
    fn legal_only(&self) -> bool {
        false
    }
    /// What [`Agent::act`] would choose, from the legal actions alone; only an agent that is
    /// [`Agent::legal_only`] is asked (the others answer nothing).
    fn act_on_legal(&mut self, legal: &[O::Action]) -> Option<O::Action> {
        let _ = legal;
        None
    }
}

/// Chooses uniformly among the legal actions, from its own SplitMix64 stream ([`Rng`]). The
/// Python `RandomAgent` draws from Python's `random.Random` instead, so the two play
/// differently from the same seed.
#[derive(Debug, Clone)]
pub struct RandomAgent {
    rng: Rng,
}

impl RandomAgent {
    /// An agent whose choices come from `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: Rng::new(seed),
        }
    }
}

/// The seed of the random agent of `seat` in the game seeded `game_seed`, as the simulator
/// seats it: `4 × game_seed + seat` (the Python simulator's seed for its `RandomAgent`) mixed
/// with a constant, so that its stream is none of the walls' streams.
pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    const STREAM: u64 = 0xA6E7_0000_0000_0000;
    game_seed.wrapping_mul(4).wrapping_add(seat as u64) ^ STREAM
}

impl RandomAgent {
    /// One of `choices`, uniformly (`None` when there are none).
    pub fn pick<A: Copy>(&mut self, choices: &[A]) -> Option<A> {
        if choices.is_empty() {
            return None;
        }
        choices
            .get(self.rng.below(choices.len() as u64) as usize)
            .copied()
    }
}

impl<O: Observed> Agent<O> for RandomAgent {
    fn act(&mut self, observation: &O) -> Option<O::Action> {
        self.pick(observation.legal())
    }

    fn name(&self) -> &'static str {
        "RandomAgent"
    }

    fn legal_only(&self) -> bool {
        true
    }

    fn act_on_legal(&mut self, legal: &[O::Action]) -> Option<O::Action> {
        self.pick(legal)
    }
}

/// The kind named `name` among `names` (`kinds` in the same order), else an error naming it
/// and the `family`'s agents.
pub fn parse_kind<K: Copy>(family: &str, name: &str, names: &[&str], kinds: &[K]) -> Result<K> {
    names
        .iter()
        .position(|&n| n == name)
        .map(|i| kinds[i])
        .ok_or_else(|| {
            Error::argument(format!(
                "unknown {family} agent {name:?} (expected one of {})",
                names.join(", ")
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Offer(Vec<u8>);

    impl Observed for Offer {
        type Action = u8;
        fn legal(&self) -> &[u8] {
            &self.0
        }
    }

    #[test]
    fn random_choices_are_legal_and_seeded() {
        let offer = Offer(vec![3, 5, 7]);
        let mut a = RandomAgent::new(seat_seed(9, 1));
        let mut b = RandomAgent::new(seat_seed(9, 1));
        let picks: Vec<u8> = (0..50).map(|_| a.act(&offer).unwrap()).collect();
        assert!(picks.iter().all(|p| offer.0.contains(p)));
        assert!([3, 5, 7].iter().all(|x| picks.contains(x)));
        assert_eq!(
            picks,
            (0..50).map(|_| b.act(&offer).unwrap()).collect::<Vec<_>>()
        );
        assert_eq!(a.act(&Offer(Vec::new())), None);
        assert_eq!(Agent::<Offer>::name(&a), "RandomAgent");
    }
}
