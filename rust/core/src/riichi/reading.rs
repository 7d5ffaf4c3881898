//! Reading the hands a seat cannot see: how [`crate::riichi::hidden::fill_hidden`] draws
//! another seat's concealed tiles now from the tiles nobody has shown ([`Reading`]).
//!
//! A hand is drawn by a short Markov chain over the tiles left: it starts from tiles taken
//! at random and swaps one of its tiles for one left, moving towards the hand's goal (a
//! number of tiles from tenpai) and, once there, keeping it while the kinds' weights tilt
//! the swaps. A riichi hand's goal is tenpai with waits it could still win on; the other
//! hands' goals and the weights come from the reading's [`Model`]:
//!
//! - how far from tenpai a hand is ([`Model::shanten`], counts of shanten 0, 1, 2, 3 and 4
//!   or more) by what everyone sees of its seat ([`Seat::cell`]): its discards so far, its
//!   melds, and how many of its last two discards were the tile it had just drawn;
//! - how much more (or less) often than the tiles left would have it a hand holds a kind,
//!   by the kind's relation to the seat's discards ([`Seat::category`]): whether the seat
//!   discarded that kind, how near its nearest discard from the hand is, the kind's place
//!   (terminal, 2 or 8, middle; value honour or not), whether it is a dora;
//! - how often a riichi hand waits furiten (on a kind it discarded itself).
//!
//! `examples/fit_reading.rs` fits them from self-play and writes `fitted.rs`.

use super::sight::{Sight, Step};
use crate::efficiency;
use crate::rng::Rng;
use crate::shanten::{Form, Parts};
use crate::tile::{RIICHI_KINDS, dora_from_indicator, kind_of_id};
use crate::wind::Wind;

/// Buckets of discards so far in [`Model::shanten`] (the last holds that many or more).
pub const TURNS: usize = 18;
/// Buckets of melds (the last holds three or four).
pub const MELDS: usize = 4;
/// Buckets of tsumogiri among the last two discards.
pub const TSUMOGIRI: usize = 3;
/// Shanten buckets: 0, 1, 2, 3, and 4 or more.
pub const SHANTEN: usize = 5;
/// Kind categories in [`Model::weights`] (see [`Seat::category`]).
pub const CATEGORIES: usize = 44;

/// The fitted models of a reading (module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// Hands of each shanten bucket seen in self-play, by [`Seat::cell`], for seats not in
    /// riichi.
    pub shanten: [[[[u32; SHANTEN]; TSUMOGIRI]; MELDS]; TURNS],
    /// How much more often a hand holds a kind than the tiles left would give it, by
    /// [`Seat::category`]; seats not in riichi, then riichi seats.
    pub weights: [[f64; CATEGORIES]; 2],
    /// How often a riichi hand waits on a kind it discarded.
    pub furiten: f64,
}

/// What everyone sees of one seat in a sight, as the models read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    /// Its discards in order: kind and whether it was the tile just drawn.
    pub discards: Vec<(u8, bool)>,
    /// Its melds (calls and kans).
    pub melds: usize,
    /// It declared riichi.
    pub riichi: bool,
    /// Its value honours (bits: the dragons, its seat wind, the round wind).
    pub value: u64,
    /// The dora kinds (bits).
    pub dora: u64,
}

impl Seat {
    /// What `sight` shows of `seat`.
    pub fn of(sight: &Sight, seat: usize) -> Self {
        let mut out = Self {
            discards: Vec::new(),
            melds: 0,
            riichi: false,
            value: 0,
            dora: 0,
        };
        for step in sight.steps.iter().filter(|s| s.seat() == seat) {
            match step {
                Step::Discard {
                    tile,
                    tsumogiri,
                    riichi,
                    ..
                } => {
                    out.discards.push((kind_of_id(*tile), *tsumogiri));
                    out.riichi |= riichi;
                }
                Step::Call { .. } | Step::Ankan { .. } => out.melds += 1,
                _ => {}
            }
        }
        let setup = &sight.setup;
        let players = sight.players;
        let seat_wind = Wind::ALL[(seat + players - setup.dealer % players) % players];
        for kind in [
            31,
            32,
            33,
            seat_wind.tile_kind(),
            setup.round_wind.tile_kind(),
        ] {
            out.value |= 1 << kind;
        }
        for &indicator in &sight.indicators {
            out.dora |= 1 << dora_from_indicator(kind_of_id(indicator), players);
        }
        out
    }

    /// Its cell of [`Model::shanten`]: discards so far, melds, tsumogiri among the last two.
    pub fn cell(&self) -> (usize, usize, usize) {
        let n = self.discards.len();
        let recent = self.discards[n.saturating_sub(2)..]
            .iter()
            .filter(|d| d.1)
            .count();
        (n.min(TURNS - 1), self.melds.min(MELDS - 1), recent)
    }

    /// The category of `kind` for this seat (see the module docs): for an honour
    /// `value·2 + discarded` (0..4), for a suited kind `4 + (place·2 + discarded)·3 + near`
    /// (place 0 terminal, 1 a 2 or 8, 2 middle; near 0 when a kind one away in its suit was
    /// discarded from the hand, 1 two away, 2 neither); then ·2 + dora.
    pub fn category(&self, kind: u8) -> usize {
        let discarded = usize::from(self.discards.iter().any(|d| d.0 == kind));
        let dora = usize::from(self.dora & (1 << kind) != 0);
        let base = if kind >= 27 {
            usize::from(self.value & (1 << kind) != 0) * 2 + discarded
        } else {
            let n = kind % 9;
            let place = usize::from(n.min(8 - n).min(2));
            let distance = self
                .discards
                .iter()
                .filter(|&&(k, tsumogiri)| !tsumogiri && k < 27 && k / 9 == kind / 9 && k != kind)
                .map(|&(k, _)| k.abs_diff(kind))
                .min()
                .unwrap_or(9);
            let near = usize::from(distance.clamp(1, 3) - 1);
            4 + (place * 2 + discarded) * 3 + near
        };
        base * 2 + dora
    }
}

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

/// How the sampler draws hidden hands: uniformly, or by a fitted [`Model`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    model: Option<&'static Model>,
}

impl Reading {
    /// Every hand the tiles left allow equally likely; riichi hands wait, not furiten.
    pub const UNIFORM: Self = Self { model: None };

    /// Hands drawn by `model`.
    pub const fn fitted(model: &'static Model) -> Self {
        Self { model: Some(model) }
    }

    /// Draws the concealed tiles of `who` from `pool` (taking them out of it), or `None`
    /// when the tiles left cannot make the hand its goal needs.
    pub(crate) fn hand(
        &self,
        sight: &Sight,
        who: &Unseen,
        pool: &mut Vec<u8>,
        rng: &mut Rng,
    ) -> Option<Vec<u8>> {
        let Some(model) = self.model else {
            return self.hand_of(who, None, &[1.0; RIICHI_KINDS], 0.0, pool, rng);
        };
        let seat = Seat::of(sight, who.seat);
        let table = &model.weights[usize::from(who.riichi)];
        let weights: [f64; RIICHI_KINDS] =
            std::array::from_fn(|k| table[seat.category(k as u8)].max(0.05));
        let (turn, melds, recent) = seat.cell();
        let counts = &model.shanten[turn][melds][recent];
        let total: f64 = counts.iter().map(|&c| f64::from(c) + 0.5).sum();
        let mut pick = unit(rng) * total;
        let mut shanten = SHANTEN as i8 - 1;
        for (s, &c) in counts.iter().enumerate() {
            pick -= f64::from(c) + 0.5;
            if pick < 0.0 {
                shanten = s as i8;
                break;
            }
        }
        // The last bucket holds 4 or more: read as exactly that many (or a hand's most).
        let most = (who.size / 3) as i8 * 2;
        let shanten = shanten.min(most);
        self.hand_of(who, Some(shanten), &weights, model.furiten, pool, rng)
    }

    /// The hand of `who`: tenpai as a riichi hand needs (furiten with probability
    /// `furiten`), else at `shanten` (anything when `None`), swaps tilted by `weights`.
    fn hand_of(
        &self,
        who: &Unseen,
        shanten: Option<i8>,
        weights: &[f64; RIICHI_KINDS],
        furiten: f64,
        pool: &mut Vec<u8>,
        rng: &mut Rng,
    ) -> Option<Vec<u8>> {
        if !who.riichi {
            // A goal the tiles left cannot meet falls back to any hand.
            let goal = shanten.map(|shanten| Goal { shanten, avoid: 0 });
            return draw(pool, who.size, goal, weights, rng)
                .or_else(|| draw(pool, who.size, None, weights, rng));
        }
        let furiten = unit(rng) < furiten;
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
                draw(pool, waiting, Some(goal), weights, rng)
            })?;
        if who.size > waiting {
            hand.extend(draw(pool, who.size - waiting, None, weights, rng)?);
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
/// Swaps accepted at the goal per tile of the hand before it is taken (mixing).
const SETTLE: usize = 2;

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
        if away == 0 && settled >= SETTLE * size && fresh {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::game::DealSetup;
    use crate::tile::HIDDEN;

    fn sight(steps: Vec<Step>) -> Sight {
        Sight {
            seat: 0,
            players: 4,
            setup: DealSetup {
                round_wind: Wind::East,
                dealer: 0,
                number: 1,
                honba: 0,
                riichi_sticks: 0,
                scores: [25_000; 4],
            },
            dealt: std::array::from_fn(|_| vec![HIDDEN; 13]),
            // 4p indicates 5p: the dora.
            indicators: vec![4 * 12],
            steps,
            concealed: None,
            claim: None,
        }
    }

    fn discard(seat: usize, kind: u8, tsumogiri: bool) -> Step {
        Step::Discard {
            seat,
            tile: 4 * kind,
            tsumogiri,
            riichi: false,
        }
    }

    #[test]
    fn a_seat_reads_its_discards_melds_and_cell() {
        let steps = vec![
            discard(1, 2, false), // 3m from the hand
            discard(1, 30, true), // North, tsumogiri
            Step::Call {
                seat: 1,
                kind: crate::meld::MeldKind::Pon,
                consumed: vec![124, 125],
            },
            discard(1, 20, true),
            discard(2, 5, false),
        ];
        let seat = Seat::of(&sight(steps), 1);
        assert_eq!(seat.discards, vec![(2, false), (30, true), (20, true)]);
        assert_eq!(seat.melds, 1);
        assert!(!seat.riichi);
        // South's seat wind is South: value honours are the dragons, South and East.
        assert_eq!(seat.value, 1 << 31 | 1 << 32 | 1 << 33 | 1 << 28 | 1 << 27);
        assert_eq!(seat.dora, 1 << 13);
        assert_eq!(seat.cell(), (3, 1, 2));
        // 3m discarded from the hand: 3m itself, 4m one away (middle), 5m two away, 9m none.
        assert_eq!(seat.category(2), (4 + (2 * 2 + 1) * 3 + 2) * 2);
        assert_eq!(seat.category(3), (4 + (2 * 2) * 3) * 2);
        assert_eq!(seat.category(4), (4 + (2 * 2) * 3 + 1) * 2);
        assert_eq!(seat.category(8), (4 + 2) * 2);
        // North (a tsumogiri, not a value honour) and East (value, not discarded).
        assert_eq!(seat.category(30), 2);
        assert_eq!(seat.category(27), 4);
        // 5p is a dora.
        assert_eq!(seat.category(13), (4 + (2 * 2) * 3 + 2) * 2 + 1);
        let late = Seat {
            discards: vec![(0, true); 30],
            melds: 4,
            ..seat
        };
        assert_eq!(late.cell(), (TURNS - 1, MELDS - 1, 2));
    }

    #[test]
    fn drawn_hands_meet_their_goals() {
        let mut rng = Rng::new(3);
        let weights = [1.0; RIICHI_KINDS];
        for shanten in 0..=3 {
            for _ in 0..20 {
                let mut pool: Vec<u8> = (0..136).collect();
                let goal = Goal { shanten, avoid: 0 };
                let hand = draw(&mut pool, 13, Some(goal), &weights, &mut rng).unwrap();
                assert_eq!(pool.len(), 136 - 13);
                let mut counts = [0u8; RIICHI_KINDS];
                hand.iter()
                    .for_each(|&t| counts[usize::from(kind_of_id(t))] += 1);
                assert_eq!(Parts::new(&counts).shanten(Form::All), Ok(shanten));
                if shanten == 0 {
                    assert!(!efficiency::waits(&counts).unwrap().is_empty());
                }
            }
        }
    }

    #[test]
    fn a_riichi_hand_waits_on_nothing_it_let_pass() {
        let mut rng = Rng::new(5);
        // Every terminal and honour let pass: the waits must be 2..8 of the suits.
        let avoid: u64 = (0..34u8)
            .filter(|&k| k >= 27 || k % 9 == 0 || k % 9 == 8)
            .fold(0, |bits, k| bits | 1 << k);
        let who = Unseen {
            seat: 1,
            size: 13,
            riichi: true,
            passed: avoid,
            drawn: 0,
            discarded: 0,
        };
        for _ in 0..20 {
            let mut pool: Vec<u8> = (0..136).collect();
            let hand = Reading::UNIFORM
                .hand(&sight(Vec::new()), &who, &mut pool, &mut rng)
                .unwrap();
            let mut counts = [0u8; RIICHI_KINDS];
            hand.iter()
                .for_each(|&t| counts[usize::from(kind_of_id(t))] += 1);
            let waits = efficiency::waits(&counts).unwrap();
            assert!(!waits.is_empty());
            assert!(waits.iter().all(|&w| avoid & (1 << w) == 0), "{waits:?}");
        }
    }

    #[test]
    fn weights_tilt_the_kinds_drawn() {
        let mut rng = Rng::new(9);
        let mut weights = [1.0; RIICHI_KINDS];
        weights[27..].fill(0.05);
        let (mut honours, mut plain) = (0, 0);
        for _ in 0..50 {
            let mut pool: Vec<u8> = (0..136).collect();
            let tilted = draw(&mut pool, 13, None, &weights, &mut rng).unwrap();
            honours += tilted.iter().filter(|&&t| kind_of_id(t) >= 27).count();
            let mut pool: Vec<u8> = (0..136).collect();
            let flat = draw(&mut pool, 13, None, &[1.0; RIICHI_KINDS], &mut rng).unwrap();
            plain += flat.iter().filter(|&&t| kind_of_id(t) >= 27).count();
        }
        assert!(honours * 3 < plain, "{honours} {plain}");
    }
}
