//! [`ExpertCardAgent`]: the American player that chooses by simulation over the card's hands.
//!
//! A hand's *worth* is read from sampled futures: each world draws the seat's next tiles from
//! the tiles it cannot see ([`Observation::unseen`]); in each world every near card hand
//! (variant) is followed draw by draw until its missing tiles have come (naturals where only
//! naturals fit, a joker for any slot of a set), and the world is worth the best of those hands'
//! values, each discounted by the chance that nobody else has gone out by the draw that
//! completes it ([`Options::survival`] per own draw). The worth averages the worlds; every
//! candidate of one decision is read in the same worlds, so their differences are not noise of
//! different draws. Discards, Charleston passes (three tiles, one at a time) and exposures are
//! chosen by the worth they leave; a discard that an opponent's near-complete exposures need
//! costs [`Options::danger`]. Votes, courtesy offers, joker exchanges, dead calls and a dead
//! hand's play are the [`CardAgent`]'s, and no joker is thrown while a live hand can use it.

use std::sync::Arc;

use super::agent::{CardAgent, Seen, exposed, pass_from, tiles};
use super::card::Card;
use super::game::{Action, Observation};
use super::rack::Rack;
use super::table::{Needs, Table};
use crate::agent::Agent;
use crate::rng::{Fingerprint, Rng, mix};
use crate::tile::{JOKER, KINDS};

/// Worlds (sampled futures) per decision by default.
pub const WORLDS: usize = 64;

/// Near card hands followed per reading: the nearest, by tiles away then value.
const MAX_VARIANTS: usize = 256;
/// Card hands followed beyond the nearest: those at most this many tiles further away.
const SLACK: u8 = 3;
/// Rounds a Charleston pass plans for: the passes still to come and the wall.
const CHARLESTON_ROUNDS: usize = 24;

/// What the expert weighs: its budget and the two constants of its worth.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Worlds per decision.
    pub worlds: usize,
    /// The chance, per own draw, that nobody else has gone out meanwhile.
    pub survival: f64,
    /// What throwing a tile that an opponent's near-complete exposures need costs, in card
    /// value (a hand's value is about 25 to 50).
    pub danger: f64,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            worlds: WORLDS,
            survival: 0.9,
            danger: 3.0,
        }
    }
}

/// Plays the card by simulated futures (see the module's documentation).
#[derive(Debug, Clone)]
pub struct ExpertCardAgent {
    base: CardAgent,
    card: Arc<Card>,
    /// Where its futures' seeds start (each decision's from this and the observation).
    seed: u64,
    options: Options,
    /// The Charleston pass chosen at the start of the pass being collected.
    plan: Vec<u8>,
}

impl ExpertCardAgent {
    /// An expert playing `card`, its worlds drawn from `seed`.
    pub fn new(card: Arc<Card>, seed: u64) -> Self {
        Self::with_options(card, seed, Options::default())
    }

    /// An expert with `options` (at least one world).
    pub fn with_options(card: Arc<Card>, seed: u64, options: Options) -> Self {
        Self {
            base: CardAgent::new(card.clone()),
            card,
            seed,
            options: Options {
                worlds: options.worlds.max(1),
                ..options
            },
            plan: Vec::new(),
        }
    }
}

impl Agent<Observation> for ExpertCardAgent {
    fn act(&mut self, view: &Observation) -> Option<Action> {
        let legal = &view.legal;
        if view.players[view.seat].dead.is_some() || legal.contains(&Action::MahJongg) {
            return self.base.act(view);
        }
        match legal.first()? {
            Action::PassTile(_) | Action::Blind => return self.pass_tile(view),
            Action::Vote(_) | Action::Courtesy(_) => return self.base.act(view),
            _ => {}
        }
        if view.claim.is_some() {
            return self.claim(view);
        }
        if let Some(action) = self.base.redeem_or_call_dead(view) {
            return Some(action);
        }
        self.discard(view)
    }

    fn name(&self) -> &'static str {
        "ExpertCardAgent"
    }
}

/// Sampled futures: `worlds` rows of the table's next `rounds` rounds, each the seat's own
/// draw then the three other players' discards (kinds).
struct Futures {
    rounds: usize,
    kinds: Vec<u8>,
}

impl Futures {
    /// `worlds` futures of `rounds` rounds each (fewer when fewer tiles are unseen), drawn
    /// without replacement from the `unseen` counts.
    fn sample(rng: &mut Rng, unseen: &[u8; KINDS], rounds: usize, worlds: usize) -> Self {
        let mut pool: Vec<u8> = (0..KINDS as u8)
            .flat_map(|k| std::iter::repeat_n(k, usize::from(unseen[usize::from(k)])))
            .collect();
        let rounds = rounds.min(pool.len() / 4);
        let tiles = 4 * rounds;
        let mut kinds = Vec::with_capacity(tiles * worlds);
        for _ in 0..worlds {
            for i in 0..tiles {
                let j = i + rng.below((pool.len() - i) as u64) as usize;
                pool.swap(i, j);
            }
            kinds.extend_from_slice(&pool[..tiles]);
        }
        Self { rounds, kinds }
    }

    fn worlds(&self) -> impl Iterator<Item = &[u8]> {
        self.kinds.chunks((4 * self.rounds).max(1))
    }
}

/// One near card hand as the futures must complete it: the naturals and the joker-eligible
/// slots it still misses per kind, its value, and whether it is concealed (claims a discard
/// only for Mah Jongg).
struct Target {
    natural: [u8; KINDS],
    flexible: [u8; KINDS],
    naturals: u8,
    flexibles: u8,
    /// The kinds it still misses (bits by kind).
    kinds: u64,
    /// The kinds it uses, held or missing (bits by kind).
    uses: u64,
    value: f64,
    concealed: bool,
}

impl Target {
    /// The round (1-based) of `world` that completes it with `jokers` held, if one does: its
    /// own draws fill any slot (a joker any set's); another player's discard is claimed for
    /// Mah Jongg when it is the last tile missing, or (an open hand) to expose a set it
    /// completes with the jokers held.
    fn completed_at(&self, world: &[u8], jokers: u8) -> Option<usize> {
        let (mut natural, mut flexible) = (self.natural, self.flexible);
        let (mut naturals, mut flexibles, mut jokers) = (self.naturals, self.flexibles, jokers);
        for (at, &kind) in world.iter().enumerate() {
            let k = usize::from(kind);
            let round = at / 4 + 1;
            if at % 4 == 0 && kind == JOKER {
                jokers += 1;
            } else if self.kinds & (1 << k) == 0 {
                continue;
            } else if at % 4 == 0 {
                if natural[k] > 0 {
                    natural[k] -= 1;
                    naturals -= 1;
                } else if flexible[k] > 0 {
                    flexible[k] -= 1;
                    flexibles -= 1;
                } else {
                    continue;
                }
            } else if natural[k] > 0 {
                if naturals == 1 && flexibles <= jokers {
                    return Some(round); // Mah Jongg on the discard
                }
                continue;
            } else if flexible[k] > 0 && naturals == 0 && flexibles <= jokers + 1 {
                return Some(round); // Mah Jongg on the discard
            } else if !self.concealed && flexible[k] > 0 {
                let Some(left) = jokers.checked_sub(flexible[k] - 1) else {
                    continue;
                };
                jokers = left;
                flexibles -= flexible[k];
                flexible[k] = 0;
            } else {
                continue;
            }
            if naturals == 0 && flexibles <= jokers {
                return Some(round);
            }
        }
        None
    }
}

/// The near card hands of `table` for the concealed counts `held`: those within
/// [`SLACK`] of the nearest, at most [`MAX_VARIANTS`] of them (nearest, then most valuable),
/// never one further than `rounds`.
fn targets(card: &Card, table: &Table, held: &[u8; KINDS], rounds: usize) -> Vec<Target> {
    let mut needs = Needs::default();
    table.needs(held, &mut needs);
    let Some(nearest) = needs.nearest() else {
        return Vec::new();
    };
    let hand = |i: usize| &card.hands[card.variants[table.variants()[i]].hand];
    let reach = usize::from(nearest.saturating_add(SLACK)).min(rounds);
    let mut near: Vec<(u8, u16, usize)> = needs
        .distances()
        .enumerate()
        .filter(|&(_, d)| usize::from(d) <= reach)
        .map(|(i, d)| (d, hand(i).value, i))
        .collect();
    near.sort_by_key(|&(d, v, i)| (d, std::cmp::Reverse(v), i));
    near.truncate(MAX_VARIANTS);
    near.iter()
        .map(|&(_, v, i)| {
            let mut target = Target {
                natural: [0; KINDS],
                flexible: [0; KINDS],
                naturals: 0,
                flexibles: 0,
                kinds: 0,
                uses: table.needed_kinds(i),
                value: f64::from(v),
                concealed: hand(i).concealed,
            };
            for &[kind, total, strict] in table.needed(i) {
                let k = usize::from(kind);
                let natural = strict.saturating_sub(held[k]);
                let flexible = total.saturating_sub(held[k]) - natural;
                target.natural[k] = natural;
                target.flexible[k] = flexible;
                target.naturals += natural;
                target.flexibles += flexible;
                if natural + flexible > 0 {
                    target.kinds |= 1 << k;
                }
            }
            target
        })
        .collect()
}

/// Reads hands' worth in one decision's futures (see the module's documentation).
struct Reader<'a> {
    card: &'a Card,
    futures: &'a Futures,
    /// The survival discount after each number of rounds.
    discount: Vec<f64>,
}

impl<'a> Reader<'a> {
    fn new(card: &'a Card, futures: &'a Futures, survival: f64) -> Self {
        let discount = (0..=futures.rounds)
            .map(|t| survival.powi(t as i32))
            .collect();
        Self {
            card,
            futures,
            discount,
        }
    }

    /// The worth of holding `held` concealed with `table` the card's view of the exposures.
    fn worth(&self, table: &Table, held: &[u8; KINDS]) -> f64 {
        let mut targets = targets(self.card, table, held, self.futures.rounds);
        if targets.is_empty() {
            return 0.0;
        }
        // Most valuable first: a target is followed only as far as it can still beat the best
        // found in the world (its value discounted below that best is no better).
        targets.sort_by(|a, b| b.value.total_cmp(&a.value));
        let jokers = held[usize::from(JOKER)];
        let mut sum = 0.0;
        let mut worlds = 0usize;
        for world in self.futures.worlds() {
            worlds += 1;
            let mut best = 0.0f64;
            for target in &targets {
                let rounds = self.discount.partition_point(|&d| target.value * d > best);
                let Some(reach) = rounds.checked_sub(1).filter(|&r| r > 0) else {
                    continue;
                };
                if let Some(round) = target.completed_at(&world[..4 * reach], jokers) {
                    best = target.value * self.discount[round];
                }
            }
            sum += best;
        }
        sum / worlds.max(1) as f64
    }

    /// The best of `candidates` (kinds) to let go from `held` by the worth each leaves under
    /// `table`, less `cost` of each, with that score; `None` when no future completes any hand
    /// (every worth 0). Letting go any tile that no near card hand of `held` uses leaves the
    /// same worth: it is read once for all of them.
    fn release(
        &self,
        (table, held): (&Table, &[u8; KINDS]),
        candidates: impl Iterator<Item = u8>,
        cost: impl Fn(u8) -> f64,
    ) -> Option<(u8, f64)> {
        let used = targets(self.card, table, held, self.futures.rounds)
            .iter()
            .fold(1u64 << JOKER, |bits, t| bits | t.uses);
        let mut unused_worth = None;
        let mut best: Option<(u8, f64)> = None;
        let mut any = false;
        for kind in candidates {
            let mut left = *held;
            let Some(n) = left[usize::from(kind)].checked_sub(1) else {
                continue;
            };
            left[usize::from(kind)] = n;
            let w = if used & (1 << kind) == 0 {
                *unused_worth.get_or_insert_with(|| self.worth(table, &left))
            } else {
                self.worth(table, &left)
            };
            any |= w > 0.0;
            let score = w - cost(kind);
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((kind, score));
            }
        }
        best.filter(|_| any)
    }
}

impl ExpertCardAgent {
    /// The rounds left: a quarter of the wall, rounded up.
    fn rounds_left(view: &Observation) -> usize {
        view.tiles_left.div_ceil(4).max(1)
    }

    /// The decision's futures of `rounds` rounds from what the seat cannot see, drawn from the
    /// agent's seed and the observation only.
    fn futures(&self, view: &Observation, rounds: usize) -> Futures {
        let mut rng = Rng::new(mix(self.seed, fingerprint(view)));
        Futures::sample(&mut rng, &view.unseen(), rounds, self.options.worlds)
    }

    fn discard(&mut self, view: &Observation) -> Option<Action> {
        let seen = Seen::of(view);
        let held = *seen.hand.counts();
        let keep_joker = held[usize::from(JOKER)] > 0
            && Rack::new(seen.hand, seen.mine.clone())
                .is_ok_and(|rack| self.joker_usable(&rack, &seen));
        let danger = self.base.danger(view);
        let futures = self.futures(view, Self::rounds_left(view));
        let options = view.legal.iter().filter_map(|a| match a {
            Action::Discard(k) if !(keep_joker && *k == JOKER) => Some(*k),
            _ => None,
        });
        let penalty = self.options.danger;
        let cost = |k: u8| if danger & (1 << k) != 0 { penalty } else { 0.0 };
        let reader = Reader::new(&self.card, &futures, self.options.survival);
        let table = self.base.view(&seen.mine);
        match reader.release((&table, &held), options, cost) {
            Some((kind, _)) => Some(Action::Discard(kind)),
            None => self.base.act(view),
        }
    }

    /// Exposes the claimed tile when the best discard after it leaves more worth than the hand
    /// has without it (in the same futures).
    fn claim(&mut self, view: &Observation) -> Option<Action> {
        let passing = view.legal.iter().copied().find(|a| *a == Action::Pass)?;
        let (tile, _) = view.claim?;
        let kind = super::game::kind_of(tile);
        let seen = Seen::of(view);
        let futures = self.futures(view, Self::rounds_left(view));
        let held = *seen.hand.counts();
        let card = self.card.clone();
        let reader = Reader::new(&card, &futures, self.options.survival);
        let mut best = (reader.worth(&self.base.view(&seen.mine), &held), passing);
        for &action in &view.legal {
            let Action::Expose { size, jokers } = action else {
                continue;
            };
            let Some(rack) = exposed(&seen, kind, size, jokers) else {
                continue;
            };
            let after = *rack.concealed().counts();
            let keep_joker = after[usize::from(JOKER)] > 0 && self.joker_usable(&rack, &seen);
            let kinds = (0..KINDS as u8).filter(|&k| !(keep_joker && k == JOKER));
            let table = self.base.view(rack.exposures());
            if let Some((_, w)) = reader.release((&table, &after), kinds, |_| 0.0)
                && w > best.0
            {
                best = (w, action);
            }
        }
        Some(best.1)
    }

    /// Whether a joker of `rack` is of use to a hand still live in the seat's sight.
    fn joker_usable(&self, rack: &Rack, seen: &Seen) -> bool {
        let sight = seen.sight().ok().flatten();
        self.card.joker_usable(rack, sight.as_ref()).unwrap_or(true)
    }

    /// The next tile of the pass: at its start, the three tiles whose loss leaves the most
    /// worth, one at a time (the [`CardAgent`]'s pass when no future completes a hand).
    fn pass_tile(&mut self, view: &Observation) -> Option<Action> {
        if view.picked.is_empty() {
            self.plan = self.charleston_plan(view);
        }
        pass_from(&mut self.plan, &view.legal)
    }

    /// Three tiles to pass, one at a time, each the tile whose loss leaves the most worth.
    fn charleston_plan(&self, view: &Observation) -> Vec<u8> {
        let futures = self.futures(view, CHARLESTON_ROUNDS);
        let hand = tiles(view.hand.iter().map(|&t| super::game::kind_of(t)));
        let mut held = *hand.counts();
        let reader = Reader::new(&self.card, &futures, self.options.survival);
        let mut plan = Vec::with_capacity(3);
        for _ in 0..3 {
            let passable = (0..JOKER).filter(|&k| view.legal.contains(&Action::PassTile(k)));
            let Some((kind, _)) = reader.release((self.card.table(), &held), passable, |_| 0.0)
            else {
                break;
            };
            held[usize::from(kind)] -= 1;
            plan.push(kind);
        }
        if plan.len() < 3 {
            return self.card.charleston_pass(&hand, 3).unwrap_or_default();
        }
        plan
    }
}

/// A hash of everything `view` shows ([`Fingerprint`]).
fn fingerprint(view: &Observation) -> u64 {
    let mut hash = Fingerprint::default();
    let mut eat = |x: u64| hash.eat(x);
    eat(view.seat as u64);
    eat(view.dealer as u64);
    eat(view.tiles_left as u64);
    view.scores.iter().for_each(|&s| eat(s as u64));
    view.hand.iter().for_each(|&t| eat(u64::from(t)));
    view.picked.iter().for_each(|&t| eat(u64::from(t)));
    eat(view.drawn.map_or(u64::MAX, u64::from));
    eat(view.step.map_or(u64::MAX, |s| s as u64));
    eat(view.turn.map_or(u64::MAX, |s| s as u64));
    eat(view
        .claim
        .map_or(u64::MAX, |(t, from)| u64::from(t) << 8 | from as u64));
    for p in &view.players {
        eat(u64::from(p.dead.is_some()));
        for d in p.discards.iter() {
            eat(u64::from(d.tile) | u64::from(d.claimed) << 8);
        }
        for e in p.exposures.iter() {
            e.tiles.iter().for_each(|&t| eat(u64::from(t)));
        }
    }
    hash.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::american::agent::play_legally;
    use crate::american::game::{Deal, Rules};

    fn card() -> Arc<Card> {
        Arc::new(Card::builtin("house-2026").unwrap())
    }

    #[test]
    fn futures_draw_only_unseen_tiles() {
        let mut unseen = [0u8; KINDS];
        unseen[3] = 6;
        unseen[usize::from(JOKER)] = 3;
        let futures = Futures::sample(&mut Rng::new(7), &unseen, 10, 5);
        assert_eq!(futures.rounds, 2, "9 unseen tiles make two rounds of four");
        for world in futures.worlds() {
            assert_eq!(world.len(), 8);
            assert!(world.iter().all(|&k| k == 3 || k == JOKER));
            assert!(world.iter().filter(|&&k| k == JOKER).count() <= 3);
        }
    }

    /// A target missing one natural 2 and one joker-eligible slot of kind 5.
    fn target(concealed: bool) -> Target {
        let mut target = Target {
            natural: [0; KINDS],
            flexible: [0; KINDS],
            naturals: 1,
            flexibles: 1,
            kinds: (1 << 2) | (1 << 5),
            uses: (1 << 2) | (1 << 5),
            value: 25.0,
            concealed,
        };
        target.natural[2] = 1;
        target.flexible[5] = 1;
        target
    }

    #[test]
    fn own_draws_fill_naturals_and_jokers_fill_sets() {
        let t = target(false);
        // Rounds of four: the seat's own draw, then three discards of others.
        assert_eq!(
            t.completed_at(&[9, 9, 9, 9, JOKER, 9, 9, 9, 2, 9, 9, 9], 0),
            Some(3)
        );
        assert_eq!(t.completed_at(&[2, 9, 9, 9, 5, 9, 9, 9], 0), Some(2));
        assert_eq!(t.completed_at(&[2, 9, 9, 9], 1), Some(1));
        assert_eq!(
            t.completed_at(&[JOKER, 9, 9, 9, JOKER], 0),
            None,
            "a joker is no natural"
        );
    }

    #[test]
    fn discards_are_claimed_for_mah_jongg_and_for_sets() {
        let open = target(false);
        assert_eq!(
            open.completed_at(&[9, 2, 9, 9], 1),
            Some(1),
            "the last tile"
        );
        assert_eq!(
            open.completed_at(&[9, 2, 9, 9], 0),
            None,
            "not yet the last tile"
        );
        assert_eq!(
            open.completed_at(&[9, 5, 9, 9, 2, 9, 9, 9], 0),
            Some(2),
            "a set exposed"
        );
        let concealed = target(true);
        assert_eq!(concealed.completed_at(&[9, 5, 9, 9, 2, 9, 9, 9], 0), None);
        assert_eq!(
            concealed.completed_at(&[2, 9, 9, 9, 9, 5, 9, 9], 0),
            Some(2)
        );
    }

    #[test]
    fn a_decision_depends_on_the_seed_and_the_observation_only() {
        let card = card();
        let mut deal = Deal::shuffled(card.clone(), &Rules::default(), 0, 3).unwrap();
        let mut seen = 0;
        while !deal.is_over() && seen < 40 {
            for seat in deal.waiting() {
                let view = deal.observe(seat);
                if view.legal.is_empty() {
                    continue;
                }
                let mut used = ExpertCardAgent::new(card.clone(), 11);
                for other in 0..3 {
                    used.act(&deal.observe((seat + other) % 4));
                }
                let fresh = ExpertCardAgent::new(card.clone(), 11).act(&view);
                if !matches!(view.legal[0], Action::PassTile(_) | Action::Blind) {
                    assert_eq!(used.act(&view), fresh, "{view:?}");
                }
                seen += 1;
                deal.apply(seat, fresh.unwrap()).unwrap();
            }
        }
    }

    #[test]
    fn plays_whole_games_legally_and_the_same_way_from_the_same_seed() {
        let card = card();
        let play = |seed: u64| {
            let mut agents: Vec<ExpertCardAgent> = (0..4)
                .map(|s| ExpertCardAgent::new(card.clone(), seed * 4 + s))
                .collect();
            play_legally(&card, seed, &mut agents)
        };
        for seed in 0..3 {
            assert_eq!(play(seed), play(seed));
        }
    }
}
