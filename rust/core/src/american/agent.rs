//! The built-in American players, deciding from a seat's [`Observation`]: [`CardAgent`],
//! which makes exactly the decisions of the Python `CardAgent` (`mahjong.american.game`, the
//! readable reference), and the random player ([`RandomPlayer`]); [`AgentKind`] names them
//! for the simulator.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use super::card::Card;
use super::expert::ExpertCardAgent;
use super::game::{Action, Observation, kind_of};
use super::liveness::Sight;
use super::matcher::DiscardOption;
use super::rack::{Exposure, Rack};
use super::table::Table;
use crate::agent::{Agent, RandomAgent};
use crate::error::Result;
use crate::tile::{JOKER, KINDS};
use crate::tiles::Tiles;

/// A built-in American agent, by the name the simulator takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AgentKind {
    /// [`RandomPlayer`].
    Random,
    /// [`CardAgent`].
    Card,
    /// [`ExpertCardAgent`]: chooses by simulated futures over the card's hands.
    Expert,
}

impl AgentKind {
    /// Every kind, in the order of [`Self::NAMES`].
    pub const ALL: [Self; 3] = [Self::Random, Self::Card, Self::Expert];
    /// The names the simulator takes.
    pub const NAMES: [&'static str; 3] = ["random", "card", "expert"];

    /// The kind named `name` (see [`Self::NAMES`]).
    pub fn parse(name: &str) -> Result<Self> {
        crate::agent::parse_kind("American", name, &Self::NAMES, &Self::ALL)
    }

    /// A fresh agent of this kind playing `card` (`seed`: the random agent's and the expert's; see
    /// [`crate::agent::seat_seed`]).
    pub fn make(self, card: &Arc<Card>, seed: u64) -> Box<dyn Agent<Observation>> {
        match self {
            Self::Random => Box::new(RandomPlayer(RandomAgent::new(seed))),
            Self::Card => Box::new(CardAgent::new(card.clone())),
            Self::Expert => Box::new(ExpertCardAgent::new(card.clone(), seed)),
        }
    }
}

/// Chooses uniformly among the legal actions ([`RandomAgent`]), except that it never discards a
/// joker while its hand lives and it may do anything else: a thrown joker is lost to the table.
#[derive(Debug, Clone)]
pub struct RandomPlayer(pub RandomAgent);

impl Agent<Observation> for RandomPlayer {
    fn act(&mut self, view: &Observation) -> Option<Action> {
        let throws_joker = |a: &Action| *a == Action::Discard(JOKER);
        if view.players[view.seat].dead.is_some() || !view.legal.iter().any(throws_joker) {
            return self.0.pick(&view.legal);
        }
        let kept: Vec<Action> = view
            .legal
            .iter()
            .copied()
            .filter(|a| !throws_joker(a))
            .collect();
        self.0
            .pick(if kept.is_empty() { &view.legal } else { &kept })
    }

    fn name(&self) -> &'static str {
        "RandomAgent"
    }
}

/// Exposures a player must show before its needs count as danger.
const NEAR_EXPOSURES: usize = 2;

/// Plays for the card: declares Mah Jongg whenever it can; passes in the Charleston what
/// [`Card::charleston_pass`] advises; discards for the nearest, most valuable hand still live
/// ([`Card::discard_options`] with every discard and exposure in sight), and of equal choices
/// the tile least likely to complete a visible near-complete exposure, never a joker while a
/// live hand can use it ([`Card::joker_usable`]); claims a discard only when the hand comes
/// nearer and stays live; redeems every joker it can; calls a hand dead (challenge mode) only
/// when its exposures can no longer be completed.
#[derive(Debug, Clone)]
pub struct CardAgent {
    card: Arc<Card>,
    /// The Charleston pass advised at the start of the pass being collected.
    plan: Vec<u8>,
    /// The kinds other players' exposures still need, by those exposures (bits by kind).
    danger: HashMap<Vec<Exposure>, u64>,
    /// The card's views of two or more exposures, made once ([`Card::view`] makes them
    /// afresh; one exposure's are the card's own).
    views: HashMap<Vec<Exposure>, Table>,
    /// The last hand and exposures read for [`Self::distance`], and their distance: claims
    /// between two turns ask again for the same hand.
    nearest: Option<(Tiles, Vec<Exposure>, u8)>,
}

impl CardAgent {
    /// An agent playing `card`.
    pub fn new(card: Arc<Card>) -> Self {
        Self {
            card,
            plan: Vec::new(),
            danger: HashMap::new(),
            views: HashMap::new(),
            nearest: None,
        }
    }

    /// The card's view of `exposures` ([`Card::view`]), kept when it is made afresh.
    pub(super) fn view(&mut self, exposures: &[Exposure]) -> Cow<'_, Table> {
        if exposures.len() < 2 {
            return self.card.view(exposures);
        }
        let card = &self.card;
        let view: &Table = self
            .views
            .entry(exposures.to_vec())
            .or_insert_with(|| card.view(exposures).into_owned());
        Cow::Borrowed(view)
    }
}

impl Agent<Observation> for CardAgent {
    fn act(&mut self, view: &Observation) -> Option<Action> {
        let legal = &view.legal;
        if legal.contains(&Action::MahJongg) {
            return Some(Action::MahJongg);
        }
        match legal.first()? {
            Action::PassTile(_) | Action::Blind => return self.pass_tile(view),
            Action::Vote(_) => {
                let go_on = self.distance(view) > 4;
                return Some(Action::Vote(go_on)).filter(|a| legal.contains(a));
            }
            Action::Courtesy(_) => return self.courtesy(view),
            _ => {}
        }
        if view.claim.is_some() {
            return self.claim(view);
        }
        if let Some(action) = self.redeem_or_call_dead(view) {
            return Some(action);
        }
        self.discard(view)
    }

    fn name(&self) -> &'static str {
        "CardAgent"
    }
}

/// What the seat sees of the table: the concealed tiles, its own exposures, the other
/// players' exposures, and every discard not claimed (`None` when there is none).
pub(super) struct Seen {
    pub(super) hand: Tiles,
    pub(super) mine: Vec<Exposure>,
    others: Vec<Exposure>,
    visible: Option<Tiles>,
}

impl Seen {
    pub(super) fn of(view: &Observation) -> Self {
        let exposures = |s: usize| view.players[s].exposures.iter().map(|e| e.exposure);
        Self {
            hand: tiles(view.hand.iter().map(|&t| kind_of(t))),
            mine: exposures(view.seat).collect(),
            others: (0..4)
                .filter(|&s| s != view.seat)
                .flat_map(exposures)
                .collect(),
            visible: discards(view),
        }
    }

    /// What discard advice takes for the seat's sight (none when nothing is in sight).
    pub(super) fn sight(&self) -> Result<Option<Sight>> {
        Sight::given(self.visible, self.others.clone(), None)
    }
}

/// Tiles of the given kinds.
pub(super) fn tiles(kinds: impl Iterator<Item = u8>) -> Tiles {
    let mut counts = [0u8; KINDS];
    for k in kinds {
        counts[usize::from(k)] += 1;
    }
    Tiles::from_counts(&counts).unwrap_or_default()
}

/// Every discard not claimed, or `None` when there is none.
fn discards(view: &Observation) -> Option<Tiles> {
    let mut kinds = view
        .players
        .iter()
        .flat_map(|p| p.discards.iter().filter(|d| !d.claimed))
        .map(|d| kind_of(d.tile))
        .peekable();
    kinds.peek()?;
    Some(tiles(kinds))
}

impl CardAgent {
    /// A joker exchange when one is offered (every joker it can redeem is redeemed), else
    /// calling a hand dead when its exposures can no longer be completed.
    pub(super) fn redeem_or_call_dead(&self, view: &Observation) -> Option<Action> {
        let legal = &view.legal;
        if let Some(exchange) = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::JokerExchange { .. }))
        {
            return Some(exchange);
        }
        legal.iter().copied().find(|&action| {
            matches!(action, Action::CallDead(target) if self.is_dead(view, usize::from(target)))
        })
    }

    /// Tiles away from the nearest card hand (99 when none is left).
    fn distance(&mut self, view: &Observation) -> u8 {
        let hand = tiles(view.hand.iter().map(|&t| kind_of(t)));
        let player = &view.players[view.seat];
        let mine: Vec<Exposure> = player.exposures.iter().map(|e| e.exposure).collect();
        if let Some((h, m, d)) = &self.nearest
            && (*h, m) == (hand, &mine)
        {
            return *d;
        }
        let card = self.card.clone();
        let d = Rack::new(hand, mine.clone())
            .and_then(|rack| card.nearest_in(&self.view(rack.exposures()), &rack))
            .ok()
            .flatten()
            .unwrap_or(99);
        self.nearest = Some((hand, mine, d));
        d
    }

    fn pass_tile(&mut self, view: &Observation) -> Option<Action> {
        if view.picked.is_empty() {
            let hand = tiles(view.hand.iter().map(|&t| kind_of(t)));
            self.plan = self.card.charleston_pass(&hand, 3).unwrap_or_default();
        }
        pass_from(&mut self.plan, &view.legal)
    }

    fn courtesy(&mut self, view: &Observation) -> Option<Action> {
        let distance = self.distance(view);
        let wanted = match distance {
            6.. => 3,
            4 | 5 => 2,
            _ => 0,
        };
        view.legal
            .iter()
            .copied()
            .filter_map(|a| match a {
                Action::Courtesy(n) if n <= wanted => Some((n, a)),
                _ => None,
            })
            .max_by_key(|&(n, _)| n)
            .map(|(_, a)| a)
    }

    /// Whether `seat`'s exposures can no longer be completed from public information.
    fn is_dead(&self, view: &Observation, seat: usize) -> bool {
        let exposures: Vec<Exposure> = view.players[seat % 4]
            .exposures
            .iter()
            .map(|e| e.exposure)
            .collect();
        if exposures.is_empty() {
            return false;
        }
        let others = (0..4)
            .filter(|&s| s != seat)
            .flat_map(|s| view.players[s].exposures.iter().map(|e| e.exposure))
            .collect();
        let sight = Sight::given(discards(view), others, None).map(Option::unwrap_or_default);
        sight
            .and_then(|sight| self.card.is_dead(&exposures, &sight))
            .unwrap_or(false)
    }

    /// Kinds that other live players with [`NEAR_EXPOSURES`] or more exposures still need
    /// (bits by kind).
    pub(super) fn danger(&mut self, view: &Observation) -> u64 {
        let mut out = 0;
        for (s, p) in view.players.iter().enumerate() {
            if s == view.seat || p.dead.is_some() || p.exposures.len() < NEAR_EXPOSURES {
                continue;
            }
            let key: Vec<Exposure> = p.exposures.iter().map(|e| e.exposure).collect();
            let card = &self.card;
            out |= *self
                .danger
                .entry(key)
                .or_insert_with_key(|key| needed(card, key));
        }
        out
    }

    fn discard(&mut self, view: &Observation) -> Option<Action> {
        let options: Vec<u8> = view
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Discard(k) => Some(*k),
                _ => None,
            })
            .collect();
        let danger = self.danger(view);
        let risky = |k: u8| danger & (1 << k) != 0;
        if view.players[view.seat].dead.is_some() {
            let kind = options
                .iter()
                .copied()
                .min_by_key(|&k| (risky(k), k == JOKER, k))?;
            return Some(Action::Discard(kind));
        }
        let Ok((advice, keep_joker)) = self.advice(&Seen::of(view)) else {
            return options.first().map(|&k| Action::Discard(k));
        };
        let best = advice
            .iter()
            .enumerate()
            .filter(|(_, o)| options.contains(&o.tile) && !(keep_joker && o.tile == JOKER))
            .min_by_key(|&(i, o)| {
                let value = o.hands.first().map_or(0, |h| self.card.hands[h.hand].value);
                (
                    o.distance.unwrap_or(99),
                    risky(o.tile),
                    std::cmp::Reverse(value),
                    i,
                )
            });
        best.map(|(_, o)| o.tile)
            .or_else(|| options.first().copied())
            .map(Action::Discard)
    }

    /// The discard advice for what the seat sees, and whether a joker it holds is to be kept:
    /// one is never thrown while a live hand can use it ([`Card::joker_usable`]).
    fn advice(&mut self, seen: &Seen) -> Result<(Vec<DiscardOption>, bool)> {
        let rack = Rack::new(seen.hand, seen.mine.clone())?;
        let sight = seen.sight()?;
        let card = self.card.clone();
        let advice = card.discard_options_in(&self.view(&seen.mine), &rack, sight.as_ref(), 1)?;
        let keep_joker = seen.hand.count(JOKER) > 0
            && advice.iter().any(|o| o.tile != JOKER)
            && self.card.joker_usable(&rack, sight.as_ref())?;
        Ok((advice, keep_joker))
    }

    /// Exposes the claimed tile when that brings the hand nearer and keeps it live: of the
    /// exposures that do, the one with the fewest jokers (the first offered of those), as the
    /// Python reference picks the least (distance, jokers). A claimed tile brings a hand at
    /// most one tile nearer, so every exposure that qualifies is exactly one nearer: they are
    /// tried by jokers and the first that qualifies is the choice. An exposure whose 14 tiles
    /// are no nearer, liveness aside, cannot qualify and is not advised on.
    fn claim(&mut self, view: &Observation) -> Option<Action> {
        let legal = &view.legal;
        let passing = legal.iter().copied().find(|a| *a == Action::Pass)?;
        let (tile, _) = view.claim?;
        let kind = kind_of(tile);
        if view.players[view.seat].dead.is_some() {
            return Some(passing);
        }
        let seen = Seen::of(view);
        let Ok(sight) = seen.sight() else {
            return Some(passing);
        };
        let before = self.distance(view);
        let mut exposes: Vec<(u8, u8, Action)> = legal
            .iter()
            .filter_map(|&action| match action {
                Action::Expose { size, jokers } => Some((jokers, size, action)),
                _ => None,
            })
            .collect();
        exposes.sort_by_key(|&(jokers, ..)| jokers);
        for (jokers, size, action) in exposes {
            let Some(rack) = exposed(&seen, kind, size, jokers) else {
                continue;
            };
            let nearer = |d: Option<u8>| d.is_some_and(|d| d < before);
            let card = self.card.clone();
            let table = self.view(rack.exposures());
            if nearer(card.nearest_in(&table, &rack).ok().flatten())
                && nearer(nearest_live(&card, &table, &rack, sight.as_ref()))
            {
                return Some(action);
            }
        }
        Some(passing)
    }
}

/// The next tile of a Charleston pass: the first of `plan` still offered (taken from it),
/// else the least useful single tile offered (flowers and honours first), else the first of
/// `legal` (a blind pass).
pub(super) fn pass_from(plan: &mut Vec<u8>, legal: &[Action]) -> Option<Action> {
    let offered = |kind: u8| legal.contains(&Action::PassTile(kind));
    if let Some(at) = plan.iter().position(|&k| offered(k)) {
        return Some(Action::PassTile(plan.remove(at)));
    }
    legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::PassTile(_)))
        .max_by_key(|a| match a {
            Action::PassTile(k) => *k,
            _ => 0,
        })
        .or_else(|| legal.first().copied())
}

/// The nearest live hand `rack` (14 tiles, its exposures' view `table`) keeps after its best
/// discard; `None` when it keeps none.
fn nearest_live(card: &Card, table: &Table, rack: &Rack, sight: Option<&Sight>) -> Option<u8> {
    let advice = card.discard_options_in(table, rack, sight, 1).ok()?;
    advice.iter().filter_map(|o| o.distance).min()
}

/// The rack after exposing `size` tiles of `kind` (the claimed tile among them) with `jokers`
/// jokers from what the seat holds; `None` when the tiles are not there.
pub(super) fn exposed(seen: &Seen, kind: u8, size: u8, jokers: u8) -> Option<Rack> {
    let mut hand = *seen.hand.counts();
    for (k, n) in [(kind, size - 1 - jokers), (JOKER, jokers)] {
        let held = &mut hand[usize::from(k)];
        *held = held.checked_sub(n)?;
    }
    let mut exposures = seen.mine.clone();
    exposures.push(Exposure::new(kind, size, jokers).ok()?);
    Rack::new(Tiles::from_counts(&hand).ok()?, exposures).ok()
}

/// The kinds the card hands that `exposures` fit still lack beyond them (jokers aside), over
/// every hand they can still complete with nothing else in sight (bits by kind).
fn needed(card: &Card, exposures: &[Exposure]) -> u64 {
    let mut exposed = [0u8; KINDS];
    for e in exposures {
        exposed[usize::from(e.kind())] += e.size();
    }
    let Ok(hands) = card.live_hands(exposures, &Sight::default()) else {
        return 0;
    };
    let mut needed = 0u64;
    for hand in hands {
        for variant in &card.variants[card.hands[hand].variants.clone()] {
            let total = &variant.total;
            if (0..KINDS).all(|k| total[k] >= exposed[k]) {
                for k in (0..KINDS).filter(|&k| total[k] > exposed[k]) {
                    needed |= 1 << k;
                }
            }
        }
    }
    needed & !(1 << JOKER)
}

/// Plays the game of `seed` on `card` with `agents` (one per seat), checking that each action
/// is legal; the actions in order.
#[cfg(test)]
pub(super) fn play_legally<A: Agent<Observation>>(
    card: &Arc<Card>,
    seed: u64,
    agents: &mut [A],
) -> Vec<Action> {
    use super::game::{Deal, Rules};

    let mut deal = Deal::shuffled(card.clone(), &Rules::default(), 0, seed).unwrap();
    let mut actions = Vec::new();
    while !deal.is_over() {
        for seat in deal.waiting() {
            let view = deal.observe(seat);
            if view.legal.is_empty() {
                continue;
            }
            let action = agents[seat].act(&view).unwrap();
            assert!(view.legal.contains(&action), "{action:?}");
            actions.push(action);
            deal.apply(seat, action).unwrap();
        }
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_make_agents() {
        let card = Arc::new(Card::builtin("house-2026").unwrap());
        assert_eq!(AgentKind::parse("card"), Ok(AgentKind::Card));
        assert!(AgentKind::parse("efficiency").is_err());
        assert_eq!(AgentKind::Card.make(&card, 1).name(), "CardAgent");
    }

    #[test]
    fn plays_only_legal_actions() {
        let card = Arc::new(Card::builtin("house-2026").unwrap());
        for seed in 0..6 {
            let mut agents: Vec<CardAgent> = (0..4).map(|_| CardAgent::new(card.clone())).collect();
            play_legally(&card, seed, &mut agents);
        }
    }
}
