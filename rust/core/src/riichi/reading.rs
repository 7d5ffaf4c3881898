//! Reading the hands a seat cannot see: how [`crate::riichi::hidden::fill_hidden`] draws
//! another seat's concealed tiles now from the tiles nobody has shown ([`Reading`]).
//!
//! A hand is drawn by a short Markov chain over the tiles left: it starts from tiles taken
//! at random and swaps one of its tiles for one left, moving towards the hand's goal (a
//! number of tiles from tenpai) and, once there, keeping it while the kinds' weights tilt
//! the swaps. A riichi hand's goal is tenpai with waits it could still win on; the other
//! hands' goals and the weights come from the reading's models.

use super::sight::Sight;
use crate::efficiency;
use crate::rng::Rng;
use crate::shanten::{Form, Parts};
use crate::tile::{RIICHI_KINDS, kind_of_id};

/// A seat whose concealed tiles are to be drawn, with what its hand must satisfy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unseen {
    /// The seat.
    pub seat: usize,
    /// Its concealed tiles now.
    pub size: usize,
    /// It declared riichi: its hand waits.
    pub riichi: bool,
    /// Kinds (bits) a riichi hand let pass from other seats since its riichi (it would have
    /// won on them unless furiten).
    pub passed: u64,
    /// Kinds (bits) a riichi hand drew and discarded since its riichi (it would have won).
    pub drawn: u64,
    /// Kinds (bits) in its pond: a wait among them is furiten.
    pub discarded: u64,
}

/// How the sampler draws hidden hands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    /// How often a riichi hand waits furiten (then its waits need not avoid what it let
    /// others discard).
    furiten: f64,
}

impl Reading {
    /// Every hand the tiles left allow equally likely; riichi hands wait, not furiten.
    pub const UNIFORM: Self = Self { furiten: 0.0 };

    /// Draws the concealed tiles of `who` from `pool` (taking them out of it), or `None`
    /// when the tiles left cannot make the hand its goal needs.
    pub(crate) fn hand(
        &self,
        _sight: &Sight,
        who: &Unseen,
        pool: &mut Vec<u8>,
        rng: &mut Rng,
    ) -> Option<Vec<u8>> {
        let weights = [1.0; RIICHI_KINDS];
        if !who.riichi {
            return draw(pool, who.size, None, &weights, rng);
        }
        let furiten = unit(rng) < self.furiten;
        let mut avoid = who.drawn;
        if !furiten {
            avoid |= who.passed | who.discarded;
        }
        // A riichi hand on turn holds its waiting hand and the tile it drew.
        let waiting = (who.size - who.size % 3 + 1).min(who.size);
        // The waits avoid what the hand let pass where the tiles left allow it (a player may
        // pass a win), a furiten wait next, and at worst only the hand waits.
        let mut hand = [avoid, who.drawn | who.passed, 0]
            .into_iter()
            .find_map(|avoid| {
                let goal = Goal { shanten: 0, avoid };
                draw(pool, waiting, Some(goal), &weights, rng)
            })?;
        if who.size > waiting {
            hand.extend(draw(pool, who.size - waiting, None, &weights, rng)?);
        }
        Some(hand)
    }
}

/// A hand's goal: its shanten, and for a waiting hand the kinds (bits) it may not wait on.
#[derive(Debug, Clone, Copy)]
struct Goal {
    shanten: i8,
    avoid: u64,
}

/// Swaps tried before a goal is given up.
const MOVES: usize = 4000;
/// Swaps accepted at the goal before the hand is taken (mixing).
const SETTLE: usize = 12;

/// A uniform number in `0..1`.
fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// `size` tiles from `pool` (taken out of it) meeting `goal` (module docs), the swaps at the
/// goal tilted by `weights` per kind; `None` (the pool unchanged) when no hand is found.
fn draw(
    pool: &mut Vec<u8>,
    size: usize,
    goal: Option<Goal>,
    weights: &[f64; RIICHI_KINDS],
    rng: &mut Rng,
) -> Option<Vec<u8>> {
    if pool.len() < size {
        return None;
    }
    let mut hand: Vec<u8> = (0..size)
        .map(|_| pool.swap_remove(rng.below(pool.len() as u64) as usize))
        .collect();
    let flat = weights.iter().all(|&w| w == 1.0);
    if size == 0 || pool.is_empty() || (goal.is_none() && flat) {
        return Some(hand);
    }
    let mut counts = [0u8; RIICHI_KINDS];
    for &t in &hand {
        counts[usize::from(kind_of_id(t))] += 1;
    }
    let mut parts = Parts::new(&counts);
    let target = goal.map(|g| g.shanten);
    let distance = |p: &Parts| -> u8 {
        target.map_or(0, |t| {
            (p.shanten(Form::All).unwrap_or(8) - t).unsigned_abs()
        })
    };
    let mut away = distance(&parts);
    let mut settled = 0;
    // Whether the hand changed since its waits were last found wanting.
    let mut fresh = true;
    for _ in 0..MOVES {
        if away == 0 && settled >= SETTLE && fresh {
            if goal.is_none_or(|g| waits_fit(&parts, g)) {
                return Some(hand);
            }
            fresh = false;
        }
        let i = rng.below(size as u64) as usize;
        let j = rng.below(pool.len() as u64) as usize;
        let (a, b) = (
            usize::from(kind_of_id(hand[i])),
            usize::from(kind_of_id(pool[j])),
        );
        if a == b {
            std::mem::swap(&mut hand[i], &mut pool[j]);
            settled += usize::from(away == 0);
            continue;
        }
        let next = parts.without(a).with(b);
        let gone = distance(&next);
        let accept = match gone.cmp(&away) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => unit(rng) * weights[a] < weights[b],
        };
        if accept {
            std::mem::swap(&mut hand[i], &mut pool[j]);
            parts = next;
            away = gone;
            settled += usize::from(away == 0);
            fresh = true;
        }
    }
    pool.extend(hand);
    None
}

/// Whether a hand at its goal waits as the goal needs: a waiting hand has a wait (the
/// engine's tenpai) and none among the kinds it may not wait on.
fn waits_fit(parts: &Parts, goal: Goal) -> bool {
    if goal.shanten != 0 || parts.len() % 3 != 1 {
        return true;
    }
    let waits = efficiency::waits_of(parts);
    !waits.is_empty() && waits.iter().all(|&w| goal.avoid & (1 << w) == 0)
}
