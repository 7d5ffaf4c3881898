//! The built-in Riichi players, deciding from a seat's [`Observation`]: [`EfficiencyAgent`],
//! which makes exactly the decisions of the Python `EfficiencyAgent`
//! (`mahjong.riichi.game`, the readable reference), and the random player
//! ([`RandomAgent`]); [`AgentKind`] names them for the simulator, with the improved
//! [`StrongAgent`] (`strong`, no Python reference).

use crate::agent::{Agent, RandomAgent};
use crate::efficiency::Discards;
use crate::error::Result;
use crate::riichi::expert::ExpertAgent;
use crate::riichi::game::{Action, Claim, Observation};
use crate::riichi::strong::StrongAgent;
use crate::shanten::{self, Form};
use crate::tile::{RIICHI_KINDS, in_play, kind_of_id};
use crate::wind::Wind;

/// A built-in Riichi agent, by the name the simulator takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AgentKind {
    /// [`RandomAgent`].
    Random,
    /// [`EfficiencyAgent`].
    Efficiency,
    /// [`StrongAgent`]: better defence, riichi judgement and calls (native only).
    Strong,
    /// [`ExpertAgent`]: plays its candidate actions out over sampled hidden tiles.
    Expert,
}

impl AgentKind {
    /// Every kind, in the order of [`Self::NAMES`].
    pub const ALL: [Self; 4] = [Self::Random, Self::Efficiency, Self::Strong, Self::Expert];
    /// The names the simulator takes.
    pub const NAMES: [&'static str; 4] = ["random", "efficiency", "strong", "expert"];

    /// The kind named `name` (see [`Self::NAMES`]).
    pub fn parse(name: &str) -> Result<Self> {
        crate::agent::parse_kind("Riichi", name, &Self::NAMES, &Self::ALL)
    }

    /// A fresh agent of this kind (`seed`: the random and expert agents'; see
    /// [`crate::agent::seat_seed`]).
    pub fn make(self, seed: u64) -> Box<dyn Agent<Observation>> {
        match self {
            Self::Random => Box::new(RandomAgent::new(seed)),
            Self::Efficiency => Box::new(EfficiencyAgent),
            Self::Strong => Box::new(StrongAgent::default()),
            Self::Expert => Box::new(ExpertAgent::new(seed)),
        }
    }
}

/// A simple strong-enough player: wins when it can, sets a North aside (kita, three players)
/// when the hand does not need it, declares riichi when tenpai, discards for the fastest hand
/// (shanten, then ukeire with the tiles in sight), calls yakuhai pons and calls that speed up a
/// hand already open with a yaku, and folds against a riichi with safe tiles (the riichi
/// player's own discards, then honours, then suji) when two or more tiles from tenpai, or one
/// tile from it with fewer than 40 tiles left. Ties go to the lower action code.
#[derive(Debug, Clone, Copy, Default)]
pub struct EfficiencyAgent;

/// The wall size under which a hand one tile from tenpai folds against a riichi.
const LATE: usize = 40;

impl Agent<Observation> for EfficiencyAgent {
    fn act(&mut self, view: &Observation) -> Option<Action> {
        let legal = &view.legal;
        if let Some(win) = offered_win(view) {
            return Some(win);
        }
        if let Some(claim) = view.claim {
            return claim_choice(view, claim);
        }
        if let Some(kyuushu) = offered(view, Action::Kyuushu) {
            return Some(kyuushu);
        }
        if let Some(kita) = spare_north(view) {
            return Some(kita);
        }
        let is_riichi = |a: &Action| matches!(a, Action::Riichi(_));
        if legal.iter().any(is_riichi) {
            return best_discard(view, &of(legal, is_riichi));
        }
        let discards = of(legal, |a| matches!(a, Action::Discard(_)));
        if should_fold(view) {
            safest(view, &discards)
        } else {
            best_discard(view, &discards)
        }
    }

    fn name(&self) -> &'static str {
        "EfficiencyAgent"
    }
}

/// `action` when it is offered.
pub(super) fn offered(view: &Observation, action: Action) -> Option<Action> {
    view.legal.iter().copied().find(|&a| a == action)
}

/// A win on offer: tsumo, else ron.
pub(super) fn offered_win(view: &Observation) -> Option<Action> {
    offered(view, Action::Tsumo).or_else(|| offered(view, Action::Ron))
}

/// Kita, when offered and the hand does not need the North: in riichi (the hand stays as it
/// is), or when setting it aside leaves the hand as near to a win as the best discard would
/// (the replacement tile then comes on top).
pub(super) fn spare_north(view: &Observation) -> Option<Action> {
    let kita = offered(view, Action::Kita)?;
    if view.players[view.seat].riichi {
        return Some(kita);
    }
    let held = counts(&view.hand);
    let discards = Discards::new(&held, &visible(view, &held), Form::All).ok()?;
    let north = discards.shanten_after(Wind::North.tile_kind()).ok()?;
    let best = (0..RIICHI_KINDS as u8)
        .filter(|&k| held[usize::from(k)] > 0)
        .filter_map(|k| discards.shanten_after(k).ok())
        .min()?;
    (north <= best).then_some(kita)
}

/// The actions of `legal` that `keep` keeps, in order.
fn of(legal: &[Action], keep: fn(&Action) -> bool) -> Vec<Action> {
    let mut out = Vec::with_capacity(legal.len());
    out.extend(legal.iter().copied().filter(keep));
    out
}

/// Concealed tiles per kind.
pub(super) fn counts(ids: &[u8]) -> [u8; RIICHI_KINDS] {
    let mut counts = [0u8; RIICHI_KINDS];
    for &t in ids {
        counts[usize::from(kind_of_id(t))] += 1;
    }
    counts
}

/// Shanten over every form, 9 for a hand the table cannot read.
pub(super) fn shanten_of(counts: &[u8; RIICHI_KINDS]) -> i8 {
    shanten::shanten(counts, Form::All).unwrap_or(9)
}

/// The tile a discard or riichi action lets go.
fn tile_of(action: Action) -> Option<u8> {
    match action {
        Action::Discard(t) | Action::Riichi(t) => Some(t),
        _ => None,
    }
}

/// The tiles the seat sees outside its hand (dora indicators, uncalled discards, every meld
/// and kita tile its own included; with three players all four of each removed kind), per
/// kind, capped so that with the hand no kind exceeds four.
pub(super) fn visible(view: &Observation, held: &[u8; RIICHI_KINDS]) -> [u8; RIICHI_KINDS] {
    let mut seen = [0u8; RIICHI_KINDS];
    let mut see = |t: u8| seen[usize::from(kind_of_id(t))] += 1;
    view.dora_indicators.iter().copied().for_each(&mut see);
    for player in &view.players {
        for d in player.pond.iter().filter(|d| !d.called) {
            see(d.tile);
        }
        for meld in player.melds.iter() {
            meld.tiles.iter().copied().for_each(&mut see);
        }
        player.kita.tiles().iter().copied().for_each(&mut see);
    }
    std::array::from_fn(|k| {
        if in_play(k as u8, view.player_count) {
            seen[k].min(4 - held[k])
        } else {
            4 - held[k]
        }
    })
}

/// The option whose discard leaves the fastest hand: the least shanten, then the most tiles
/// that improve it, then the lower kind, then the lower action code. (Only the options of
/// least shanten need their improving tiles counted.)
fn best_discard(view: &Observation, options: &[Action]) -> Option<Action> {
    let kind = |a: Action| tile_of(a).map(kind_of_id);
    if let Some(only) = options.first().and_then(|&a| kind(a))
        && options.iter().all(|&a| kind(a) == Some(only))
    {
        // One kind to let go (a riichi hand's drawn tile): nothing to weigh.
        return options.iter().copied().min_by_key(|&a| view.code(a));
    }
    let held = counts(&view.hand);
    let discards = Discards::new(&held, &visible(view, &held), Form::All).ok()?;
    // Each kind's shanten once, however many options let it go.
    let mut after: [Option<Option<i8>>; RIICHI_KINDS] = [None; RIICHI_KINDS];
    let mut fastest: Vec<(Action, i8)> = Vec::with_capacity(options.len());
    fastest.extend(options.iter().filter_map(|&a| {
        let k = kind(a)?;
        let s = *after[usize::from(k)].get_or_insert_with(|| discards.shanten_after(k).ok());
        Some((a, s?))
    }));
    let least = fastest.iter().map(|&(_, s)| s).min()?;
    fastest.retain(|&(_, s)| s == least);
    if let Some(first) = fastest.first()
        && fastest.iter().all(|&(a, _)| kind(a) == kind(first.0))
    {
        // One kind leaves the least shanten: its improving tiles decide nothing.
        return fastest
            .iter()
            .map(|&(a, _)| a)
            .min_by_key(|&a| view.code(a));
    }
    // The fastest option by most improving tiles, then lower kind, then lower code. A kind
    // whose total surely falls short of the best so far (see
    // `Discards::ukeire_total_at_least`) cannot be the best: it is left out unread.
    let mut totals: [Option<Option<u32>>; RIICHI_KINDS] = [None; RIICHI_KINDS];
    let mut best: Option<(Rank, Action)> = None;
    for &(a, _) in &fastest {
        let Some(k) = kind(a) else {
            continue;
        };
        let total = match totals[usize::from(k)] {
            Some(total) => total,
            None => {
                // What a total of kind `k` needs to beat the best so far.
                let need = best.map_or(
                    0,
                    |((std::cmp::Reverse(t), b, _), _)| {
                        if k <= b { t } else { t + 1 }
                    },
                );
                let Ok(total) = discards.ukeire_total_at_least(k, need) else {
                    continue;
                };
                totals[usize::from(k)] = Some(total);
                total
            }
        };
        let Some(total) = total else {
            continue;
        };
        let key = (std::cmp::Reverse(total), k, view.code(a));
        if best.is_none_or(|(b, _)| key < b) {
            best = Some((key, a));
        }
    }
    best.map(|(_, a)| a)
}

/// How an option ranks among the fastest, least first: most improving tiles, then lower
/// kind, then lower action code.
type Rank = (std::cmp::Reverse<u32>, u8, usize);

/// Whether to fold: another player is in riichi and the hand is two or more tiles from
/// tenpai, or one tile with fewer than [`LATE`] tiles left.
fn should_fold(view: &Observation) -> bool {
    let threat = view
        .players
        .iter()
        .enumerate()
        .any(|(s, p)| s != view.seat && p.riichi);
    if !threat {
        return false;
    }
    let away = shanten_of(&counts(&view.hand));
    away >= 2 || (away == 1 && view.tiles_left < LATE)
}

/// The safest discard against the riichi players: one of their own discards, then an
/// honour, then a suji of their discards, then anything; ties to the lower action code.
fn safest(view: &Observation, options: &[Action]) -> Option<Action> {
    let rank = SafetyRank::of(view);
    options.iter().copied().min_by_key(|&a| {
        (
            rank.of_kind(tile_of(a).map_or(u8::MAX, kind_of_id)),
            view.code(a),
        )
    })
}

/// The efficiency player's safety order against the riichi players: the kinds they discarded
/// (each player's pond, bit per kind) and the suji of those.
pub(super) struct SafetyRank {
    safe: u64,
    suji: u64,
}

impl SafetyRank {
    /// The order against the riichi players `view` sees.
    pub(super) fn of(view: &Observation) -> Self {
        let mut safe = 0u64;
        for (s, p) in view.players.iter().enumerate() {
            if s != view.seat && p.riichi {
                for d in p.pond.iter() {
                    safe |= 1 << kind_of_id(d.tile);
                }
            }
        }
        let mut suji = 0u64;
        for kind in (0..27u8).filter(|&k| safe & (1 << k) != 0) {
            let n = kind % 9;
            if n >= 3 {
                suji |= 1 << (kind - 3);
            }
            if n + 3 <= 8 {
                suji |= 1 << (kind + 3);
            }
        }
        Self { safe, suji }
    }

    /// A kind's danger: 0 a riichi player's own discard, 1 an honour, 2 a suji, 3 anything.
    pub(super) fn of_kind(&self, kind: u8) -> u8 {
        if kind < 64 && self.safe & (1 << kind) != 0 {
            0
        } else if kind >= 27 {
            1
        } else if self.suji & (1 << kind) != 0 {
            2
        } else {
            3
        }
    }
}

/// A claim window: pon a value tile, or chi/pon when the hand is already open with a value set
/// and the call lowers its shanten; else pass.
fn claim_choice(view: &Observation, claim: Claim) -> Option<Action> {
    let legal = &view.legal;
    let passing = legal.iter().copied().find(|a| *a == Action::Pass)?;
    let value = |kind: u8| {
        matches!(kind, 31..=33)
            || kind == view.seat_wind.tile_kind()
            || kind == view.round_wind.tile_kind()
    };
    if value(kind_of_id(claim.tile))
        && let Some(pon) = legal.iter().copied().find(|a| matches!(a, Action::Pon(_)))
    {
        return Some(pon);
    }
    let me = &view.players[view.seat];
    let yaku_meld = me
        .melds
        .iter()
        .any(|m| m.tiles.first().is_some_and(|&t| value(kind_of_id(t))));
    let calls = of(legal, |a| matches!(a, Action::Chi(_) | Action::Pon(_)));
    if !yaku_meld || calls.is_empty() {
        return Some(passing);
    }
    let held = counts(&view.hand);
    let before = shanten_of(&held);
    let faster = calls.into_iter().find(|call| {
        let (Action::Chi(used) | Action::Pon(used)) = call else {
            return false;
        };
        let mut rest = held;
        for t in used {
            let k = usize::from(kind_of_id(*t));
            rest[k] = rest[k].saturating_sub(1);
        }
        shanten_of(&rest) < before
    });
    Some(faster.unwrap_or(passing))
}

impl Observation {
    /// The stable code of `action` for this seat now (see [`Action::code`]).
    pub fn code(&self, action: Action) -> usize {
        action.code(self.claim.map(|c| c.tile), self.red_fives)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::game::{Deal, DealSetup, Wall};
    use crate::riichi::{Preset, Ruleset};

    #[test]
    fn names_parse_and_make_agents() {
        assert_eq!(AgentKind::parse("efficiency"), Ok(AgentKind::Efficiency));
        let err = AgentKind::parse("card").unwrap_err();
        assert!(err.message().contains("\"card\""), "{err}");
        assert_eq!(AgentKind::Random.make(1).name(), "RandomAgent");
        assert_eq!(AgentKind::Efficiency.make(1).name(), "EfficiencyAgent");
        assert_eq!(AgentKind::parse("strong"), Ok(AgentKind::Strong));
        assert_eq!(AgentKind::Strong.make(1).name(), "StrongAgent");
    }

    #[test]
    fn plays_only_legal_actions() {
        let rules = Ruleset::preset(Preset::Tenhou);
        let setup = DealSetup {
            round_wind: Wind::East,
            dealer: 0,
            number: 1,
            honba: 0,
            riichi_sticks: 0,
            scores: [25_000; 4],
        };
        for seed in 0..20 {
            let mut deal = Deal::new(setup, Wall::shuffled(seed, 4), &rules).unwrap();
            while !deal.is_over() {
                for seat in deal.waiting() {
                    let view = deal.observe(seat);
                    let action = EfficiencyAgent.act(&view).unwrap();
                    assert!(view.legal.contains(&action));
                    deal.apply(seat, action).unwrap();
                }
            }
        }
    }
}
