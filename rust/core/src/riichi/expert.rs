//! [`ExpertAgent`] (the simulator's `expert`): chooses by playing its candidate actions out.
//!
//! At a decision worth searching it lists a few candidates (the fastest discards, the
//! safest ones and a fold when threatened, riichi or dama on a tenpai discard, a pass and the
//! calls that bring tenpai nearer or pon a value honour, kans), each with the plan its seat
//! follows afterwards ([`Plan`]: play on, fold, or stay dama); [`StrongAgent`]'s own choice
//! is the first, the base. It then draws worlds: the hidden tiles named from its own sight
//! ([`Sight::of`], [`fill_hidden`]) by the fitted reading of the other hands ([`Reading`]),
//! the deal replayed to now by the engine. In a world each candidate is played to the deal's
//! end by the playouts' fast players ([`Quick`]), and the game after it is valued by
//! [`Placement`]: the expected final rank (or, for comparison, points).
//!
//! The budget is a number of playouts per decision (a world's drawing counted as one):
//! half of it plays every candidate, the rest the base and the two best others so far. The
//! candidate of highest mean gain over the base in the same worlds is chosen if that gain
//! is clear of the noise (a margin, and one standard error of the paired difference), else
//! the base. The same seed and observation give the same decision (the worlds' seeds come
//! from the agent's seed and the observation, whatever the threads sharing them); an
//! optional time cap stops drawing worlds early.

use std::time::{Duration, Instant};

use super::agent::{counts, offered_win, shanten_of, visible};
use super::fitted;
use super::hidden::fill_hidden;
use super::placement::Placement;
use super::playout::{Plan, Quick};
use super::reading::Reading;
use super::sight::Sight;
use super::strong::{StrongAgent, dangers, threatened};
use crate::agent::Agent;
use crate::efficiency::Discards;
use crate::error::Result;
use crate::riichi::game::{Action, Observation};
use crate::rng::{Fingerprint, Rng, mix};
use crate::shanten::Form;
use crate::sim::{Seats, play_out};
use crate::tile::kind_of_id;

/// How [`ExpertAgent`] searches; the defaults are what `mahjong play` and the measurements
/// use (docs/strength.md).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Playouts per decision, shared among its candidates (a world's drawing counts as one).
    pub playouts: usize,
    /// Threads sharing one decision's worlds.
    pub threads: usize,
    /// Stop drawing worlds after this long (off by default: decisions then depend on time).
    pub time_cap: Option<Duration>,
    /// Draw the hidden hands by the fitted models of the other seats (else uniformly, riichi
    /// hands still waiting).
    pub models: bool,
    /// Value a deal's end by the expected final rank (else by points).
    pub placement: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            playouts: 400,
            threads: 1,
            time_cap: None,
            models: true,
            placement: true,
        }
    }
}

/// The searching player (module docs).
#[derive(Debug, Clone, Copy)]
pub struct ExpertAgent {
    /// Where its worlds' seeds start.
    pub seed: u64,
    /// How it searches.
    pub options: Options,
}

impl ExpertAgent {
    /// An expert seeded with `seed`, searching with the default options.
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            options: Options::default(),
        }
    }
}

/// One candidate: an action now and the plan after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Candidate {
    action: Action,
    plan: Plan,
}

/// Discards kept among the fastest, and among the safest under a threat.
const FASTEST: usize = 3;
/// See [`FASTEST`].
const SAFEST: usize = 2;
/// Worlds drawn at least in the first round, however many candidates.
const MIN_WORLDS: usize = 12;
/// Candidates besides the base choice kept for the second round.
const KEPT: usize = 2;
/// Tries to draw one world before it is given up.
const TRIES: usize = 3;
/// How much a candidate's mean must beat the base choice's (in the value's units)...
const MARGIN: f64 = 0.002;
/// ... and by how many standard errors of the mean difference over the same worlds.
const ERRORS: f64 = 1.0;

impl Agent<Observation> for ExpertAgent {
    fn act(&mut self, view: &Observation) -> Option<Action> {
        if let Some(win) = offered_win(view) {
            return Some(win);
        }
        let base = StrongAgent::default().act(view)?;
        let candidates = candidates(view, base);
        if candidates.len() < 2 {
            return Some(base);
        }
        Some(self.search(view, &candidates).unwrap_or(base))
    }

    fn name(&self) -> &'static str {
        "ExpertAgent"
    }
}

/// The candidates at this decision, the base choice (played on as [`StrongAgent`]) first.
fn candidates(view: &Observation, base: Action) -> Vec<Candidate> {
    let play = |action| Candidate {
        action,
        plan: Plan::Play,
    };
    let mut list = vec![play(base)];
    let mut add = |c: Candidate| {
        if !list.contains(&c) && view.legal.contains(&c.action) {
            list.push(c);
        }
    };
    let held = counts(&view.hand);
    if let Some(claim) = view.claim {
        // Calls that bring the hand nearer tenpai, or pon a value honour (a kan never does).
        let before = shanten_of(&held);
        let value = |kind: u8| {
            matches!(kind, 31..=33)
                || kind == view.seat_wind.tile_kind()
                || kind == view.round_wind.tile_kind()
        };
        add(play(Action::Pass));
        for &action in &view.legal {
            let (Action::Chi(used) | Action::Pon(used)) = action else {
                continue;
            };
            let mut rest = held;
            for t in used {
                let k = usize::from(kind_of_id(t));
                rest[k] = rest[k].saturating_sub(1);
            }
            let pon_value = matches!(action, Action::Pon(_)) && value(kind_of_id(claim.tile));
            if pon_value || shanten_of(&rest) < before {
                add(play(action));
            }
        }
        return list;
    }
    for &action in &view.legal {
        if matches!(action, Action::Ankan(_) | Action::Kakan(_)) {
            add(play(action));
        }
    }
    if view.players[view.seat].riichi {
        return list;
    }
    let Ok(parts) = Discards::new(&held, &visible(view, &held), Form::All) else {
        return list;
    };
    let danger = dangers(view);
    // (shanten, -ukeire, danger, action) for each discard.
    let mut discards: Vec<(i8, i64, u32, Action)> = view
        .legal
        .iter()
        .filter_map(|&action| {
            let Action::Discard(tile) = action else {
                return None;
            };
            let kind = kind_of_id(tile);
            let shanten = parts.shanten_after(kind).ok()?;
            let ukeire = parts.ukeire_total_after(kind).map_or(0, i64::from);
            Some((shanten, -ukeire, danger[usize::from(kind)], action))
        })
        .collect();
    discards.sort_by_key(|&(s, u, _, a)| (s, u, view.code(a)));
    for &(.., action) in discards.iter().take(FASTEST) {
        add(play(action));
    }
    if threatened(view) {
        discards.sort_by_key(|&(s, u, d, a)| (d, s, u, view.code(a)));
        for &(.., action) in discards.iter().take(SAFEST) {
            add(play(action));
        }
        if let Some(&(.., action)) = discards.first() {
            add(Candidate {
                action,
                plan: Plan::Fold,
            });
        }
    }
    // Riichi on the fastest tenpai discards, and the same discards staying dama.
    discards.sort_by_key(|&(s, u, _, a)| (s, u, view.code(a)));
    let riichi: Vec<Action> = view
        .legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Riichi(_)))
        .collect();
    for &(.., action) in discards.iter().take(FASTEST) {
        let Action::Discard(tile) = action else {
            continue;
        };
        let kind = kind_of_id(tile);
        if let Some(&declare) = riichi
            .iter()
            .find(|a| matches!(a, Action::Riichi(t) if kind_of_id(*t) == kind))
        {
            add(play(declare));
            add(Candidate {
                action,
                plan: Plan::Dama,
            });
        }
    }
    list
}

impl ExpertAgent {
    /// The candidate of highest mean value over the worlds drawn (module docs); `None` when
    /// no world could be drawn.
    fn search(&self, view: &Observation, candidates: &[Candidate]) -> Option<Action> {
        let sight = Sight::of(view).ok()?;
        let options = self.options;
        let reading = if options.models {
            fitted::reading()
        } else {
            Reading::UNIFORM
        };
        let placement = if options.placement {
            Placement::Rank {
                spread: fitted::DEAL_SPREAD,
            }
        } else {
            Placement::Points
        };
        let seed = mix(self.seed, fingerprint(view));
        let deadline = options.time_cap.map(|cap| Instant::now() + cap);
        // Each world's value of each candidate played in it.
        let world = |w: usize, playing: &[usize]| -> Option<Vec<Option<f64>>> {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            let mut rng = Rng::new(mix(seed, w as u64));
            let chosen: Vec<Candidate> = playing.iter().map(|&c| candidates[c]).collect();
            let values = (0..TRIES).find_map(|_| {
                play_world(view, &sight, &chosen, &reading, placement, &mut rng)
                    .ok()
                    .flatten()
            })?;
            let mut row = vec![None; candidates.len()];
            for (&c, v) in playing.iter().zip(values) {
                row[c] = Some(v);
            }
            Some(row)
        };
        // Two rounds: every candidate in the first half of the budget, then the base choice and
        // the best others so far in the rest (a world's drawing costs about one playout).
        let all: Vec<usize> = (0..candidates.len()).collect();
        let budget = options.playouts;
        let first = (budget / 2 / (all.len() + 1)).max(MIN_WORLDS);
        let mut rows = self.worlds(0..first, &all, &world);
        let mut kept = all.clone();
        if all.len() > KEPT + 1 {
            let mut others: Vec<(usize, f64)> =
                (1..all.len()).map(|c| (c, gain(&rows, c).0)).collect();
            others.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            kept = std::iter::once(0)
                .chain(others.iter().take(KEPT).map(|&(c, _)| c))
                .collect();
        }
        let spent = first * (all.len() + 1);
        let second = budget.saturating_sub(spent) / (kept.len() + 1);
        rows.extend(self.worlds(first..first + second, &kept, &world));
        // The best candidate clear of the noise, else the base choice.
        let chosen = kept[1..]
            .iter()
            .map(|&c| (c, gain(&rows, c)))
            .filter(|(_, (mean, error))| *mean > MARGIN && *mean > ERRORS * error)
            .max_by(|a, b| a.1.0.total_cmp(&b.1.0).then(b.0.cmp(&a.0)))
            .map_or(0, |(c, _)| c);
        Some(candidates[chosen].action)
    }

    /// The rows of worlds `range` (those drawn), each playing the candidates `playing`, on
    /// the agent's threads; in world order whatever the threads.
    fn worlds(
        &self,
        range: std::ops::Range<usize>,
        playing: &[usize],
        world: &(impl Fn(usize, &[usize]) -> Option<Vec<Option<f64>>> + Sync),
    ) -> Vec<Vec<Option<f64>>> {
        let count = range.len();
        let threads = self.options.threads.clamp(1, count.max(1));
        let mut rows: Vec<Option<Vec<Option<f64>>>> = vec![None; count];
        if threads == 1 {
            for (slot, w) in rows.iter_mut().zip(range) {
                *slot = world(w, playing);
            }
        } else {
            let size = count.div_ceil(threads);
            std::thread::scope(|scope| {
                for (i, chunk) in rows.chunks_mut(size).enumerate() {
                    let start = range.start + i * size;
                    scope.spawn(move || {
                        for (j, slot) in chunk.iter_mut().enumerate() {
                            *slot = world(start + j, playing);
                        }
                    });
                }
            });
        }
        rows.into_iter().flatten().collect()
    }
}

/// Candidate `c`'s mean gain over the base choice (candidate 0) in the worlds that played
/// both, and the standard error of that mean (infinite with fewer than two such worlds).
fn gain(rows: &[Vec<Option<f64>>], c: usize) -> (f64, f64) {
    let diffs: Vec<f64> = rows
        .iter()
        .filter_map(|row| Some(row[c]? - row[0]?))
        .collect();
    let n = diffs.len() as f64;
    if diffs.len() < 2 {
        return (0.0, f64::INFINITY);
    }
    let mean = diffs.iter().sum::<f64>() / n;
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// One world: the hidden tiles drawn, the deal replayed to now, and each candidate played
/// out from it; `Ok(None)` when the world does not show the seat what it sees (tried again).
fn play_world(
    view: &Observation,
    sight: &Sight,
    candidates: &[Candidate],
    reading: &Reading,
    placement: Placement,
    rng: &mut Rng,
) -> Result<Option<Vec<f64>>> {
    let filled = fill_hidden(sight, reading, rng)?;
    let (game, deal) = filled.replay(sight, &view.rules)?;
    let seat = view.seat;
    if deal.legal(seat) != view.legal.as_slice() || deal.player(seat).hand != view.hand {
        return Ok(None);
    }
    let mut values = Vec::with_capacity(candidates.len());
    for candidate in candidates {
        let mut game = game.clone();
        let mut deal = deal.clone();
        deal.apply(seat, candidate.action)
            .map_err(|e| crate::error::Error::argument(e.to_string()))?;
        let mut agents: Seats<Observation> = std::array::from_fn(|s| {
            let plan = if s == seat {
                candidate.plan
            } else {
                Plan::Play
            };
            Box::new(Quick { plan }) as Box<dyn Agent<Observation>>
        });
        play_out(&mut deal, &mut agents)?;
        game.finish_deal(&deal)?;
        values.push(placement.value(&game, seat));
    }
    Ok(Some(values))
}

/// A hash of everything `view` shows ([`Fingerprint`]).
fn fingerprint(view: &Observation) -> u64 {
    let mut hash = Fingerprint::default();
    let mut eat = |x: u64| hash.eat(x);
    eat(view.seat as u64);
    eat(view.dealer as u64);
    eat(view.round_wind.index() as u64);
    eat(u64::from(view.honba));
    eat(u64::from(view.riichi_sticks));
    eat(view.tiles_left as u64);
    view.scores.iter().for_each(|&s| eat(s as u64));
    view.dora_indicators.iter().for_each(|&t| eat(u64::from(t)));
    view.hand.iter().for_each(|&t| eat(u64::from(t)));
    eat(view.drawn.map_or(u64::MAX, u64::from));
    eat(view
        .claim
        .map_or(u64::MAX, |c| u64::from(c.tile) << 8 | c.from as u64));
    for p in &view.players {
        eat(u64::from(p.riichi));
        for d in p.pond.iter() {
            eat(u64::from(d.tile) | u64::from(d.tsumogiri) << 8 | u64::from(d.riichi) << 9);
        }
        for m in p.melds.iter() {
            m.tiles.iter().for_each(|&t| eat(u64::from(t)));
        }
    }
    hash.finish()
}
