//! [`StrongAgent`] (the simulator's `strong`): the efficiency player with better defence,
//! riichi judgement and calls, each measured against [`super::agent::EfficiencyAgent`] in
//! mixed tables (docs/strength.md). It has no Python reference class: it plays only through
//! the native simulator and `NativeAgent`.
//!
//! What it changes, each switchable in [`Options`] for the measurements (defaults: the
//! measured best):
//! - **Defence** (on). A danger estimate per tile against every threat (each riichi player;
//!   with [`Options::open_threats`], on, an opponent with three open melds or the dealer with
//!   two): zero for a tile the threat discarded (genbutsu: furiten for it) or whose four copies
//!   are in sight, low for an honour with its other copies in sight and for a tile whose
//!   ryanmen waits are ruled out by a suji genbutsu or a no-chance wall (kabe), high for an
//!   inner tile with neither; summed over threats. Against a riichi it folds (least danger,
//!   then the fastest) from two tiles away, or one away with fewer than 40 tiles left, as the
//!   efficiency player does but with this order; against open threats only, from two away
//!   late in the wall. [`Options::careful`] (off: it lost points) also folds from tenpai with
//!   a dangerous tile and a poor wait and from one away unless a fairly safe tile keeps it.
//! - **Riichi** ([`Options::riichi_judgement`], on). No riichi on a wait of two or fewer live
//!   tiles late in the wall (dama instead), and a tenpai discard that is not furiten first.
//! - **Calls.** Besides the efficiency player's calls (value-tile pons; calls that speed up a
//!   hand already open with a value set): under a threat, only calls that reach tenpai
//!   ([`Options::guard_calls`], on); open-tanyao calls that bring an all-simples hand to one
//!   from tenpai ([`Options::calls`], off: better rank, fewer points).
//! - **Kita** (three players): the efficiency player's rule (a North the hand does not need),
//!   but under a threat only a North that cannot deal in (genbutsu or all in sight), or in its
//!   own riichi.

use std::cell::Cell;

use super::agent::{SafetyRank, counts, offered, offered_win, shanten_of, spare_north, visible};
use crate::agent::Agent;
use crate::efficiency::Discards;
use crate::riichi::game::{Action, Claim, Observation};
use crate::shanten::Form;
use crate::tile::{RIICHI_KINDS, is_yaochuu, kind_of_id};

/// What [`StrongAgent`] does beyond the efficiency player; the defaults are the measured
/// best (docs/strength.md): `calls` and `careful` cost points and are off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The danger-ranked defence and push/fold rules (else the efficiency player's fold).
    pub defence: bool,
    /// An opponent with three open melds, or a dealer with two, is a threat too.
    pub open_threats: bool,
    /// No riichi on a poor wait late in the wall, nor from a furiten wait that can be avoided.
    pub riichi_judgement: bool,
    /// Open-tanyao calls.
    pub calls: bool,
    /// Under a threat, only calls that reach tenpai.
    pub guard_calls: bool,
    /// Against a riichi, push one tile from tenpai only with a fairly safe tile, and fold
    /// from tenpai with a dangerous tile and a poor wait (else the efficiency player's
    /// push rule, with the new safety order when folding).
    pub careful: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            defence: true,
            open_threats: true,
            riichi_judgement: true,
            calls: false,
            guard_calls: true,
            careful: false,
        }
    }
}

/// The efficiency player with better defence, riichi judgement and calls (module docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct StrongAgent {
    /// Which improvements it plays with.
    pub options: Options,
}

/// The wall size under which a hand one tile from tenpai folds against a riichi whatever the
/// tile (the efficiency player's rule), and a poor wait stays dama.
const LATE: usize = 40;
/// The wall size under which a wait of [`POOR_WAIT`] or fewer live tiles is not declared.
const DAMA_LATE: usize = 24;
/// Live tiles of a poor wait.
const POOR_WAIT: u32 = 2;
/// The danger (about the deal-in chance in tenths of a percent) a one-from-tenpai hand accepts
/// early in the wall: a suji 2 or 8.
const PUSH_ONE_AWAY: u32 = 40;
/// The danger above which a tenpai hand with a poor wait folds rather than push.
const PUSH_TENPAI: u32 = 80;

impl Agent<Observation> for StrongAgent {
    fn act(&mut self, view: &Observation) -> Option<Action> {
        if let Some(win) = offered_win(view) {
            return Some(win);
        }
        let threats = threats(view, self.options.open_threats);
        if let Some(claim) = view.claim {
            return self.claim_choice(view, claim, !threats.is_empty());
        }
        if let Some(kyuushu) = offered(view, Action::Kyuushu) {
            return Some(kyuushu);
        }
        if let Some(kita) = self.kita(view, &threats) {
            return Some(kita);
        }
        self.discard(view, &threats)
    }

    fn name(&self) -> &'static str {
        "StrongAgent"
    }
}

/// One discard (or riichi) option with what it leaves.
#[derive(Debug, Clone, Copy)]
struct Choice {
    action: Action,
    kind: u8,
    shanten: i8,
    danger: u32,
}

impl StrongAgent {
    /// The turn's discard: riichi, push or fold.
    fn discard(&self, view: &Observation, threats: &[Threat]) -> Option<Action> {
        let held = counts(&view.hand);
        let seen = visible(view, &held);
        let parts = Discards::new(&held, &seen, Form::All).ok()?;
        let danger = danger_table(view, threats, &held, &seen);
        let choices: Vec<Choice> = view
            .legal
            .iter()
            .filter_map(|&action| {
                let (Action::Discard(t) | Action::Riichi(t)) = action else {
                    return None;
                };
                let kind = kind_of_id(t);
                Some(Choice {
                    action,
                    kind,
                    shanten: parts.shanten_after(kind).ok()?,
                    danger: danger[usize::from(kind)],
                })
            })
            .collect();
        let least = choices.iter().map(|c| c.shanten).min()?;
        // Each kind's ukeire, read only when an order needs it (counted for the discards
        // within one tile of the least shanten, else 0).
        let totals: [Cell<Option<u32>>; RIICHI_KINDS] = std::array::from_fn(|_| Cell::new(None));
        let ukeire = |c: &Choice| -> u32 {
            if c.shanten > least + 1 {
                return 0;
            }
            let slot = &totals[usize::from(c.kind)];
            *slot.get().get_or_insert_with(|| {
                let total = parts.ukeire_total_after(c.kind).unwrap_or(0);
                slot.set(Some(total));
                total
            })
        };
        // Least shanten, then most ukeire, then lower kind, then lower code.
        let fastest = |a: &Choice, b: &Choice| {
            a.shanten
                .cmp(&b.shanten)
                .then_with(|| ukeire(b).cmp(&ukeire(a)))
                .then(a.kind.cmp(&b.kind))
                .then_with(|| view.code(a.action).cmp(&view.code(b.action)))
        };
        let safest_of = |list: &[Choice]| {
            list.iter()
                .min_by(|a, b| a.danger.cmp(&b.danger).then_with(|| fastest(a, b)))
                .copied()
        };
        let discards: Vec<Choice> = choices
            .iter()
            .copied()
            .filter(|c| matches!(c.action, Action::Discard(_)))
            .collect();
        let riichis: Vec<Choice> = choices
            .iter()
            .copied()
            .filter(|c| matches!(c.action, Action::Riichi(_)))
            .collect();
        let keeping: Vec<Choice> = discards
            .iter()
            .copied()
            .filter(|c| c.shanten == least)
            .collect();
        if !threats.is_empty() && self.options.defence {
            let weight: u32 = threats.iter().map(|t| t.weight).sum();
            let riichi = threats.iter().any(|t| t.riichi);
            let push = safest_of(&keeping)?;
            let go = if !riichi {
                least <= 1 || view.tiles_left >= LATE
            } else if self.options.careful {
                match least {
                    0 => push.danger <= PUSH_TENPAI * weight / 2 || ukeire(&push) > POOR_WAIT + 2,
                    1 => view.tiles_left >= LATE && push.danger <= PUSH_ONE_AWAY * weight / 2,
                    _ => false,
                }
            } else {
                least == 0 || (least == 1 && view.tiles_left >= LATE)
            };
            if !go {
                return safest_of(&discards).map(|c| c.action);
            }
            if self.options.careful && riichi {
                if least == 0 {
                    let tile = push.kind;
                    if let Some(r) = riichis.iter().find(|r| r.kind == tile)
                        && self.declares(view, ukeire(r))
                    {
                        return Some(r.action);
                    }
                }
                return Some(push.action);
            }
        } else if threats.iter().any(|t| t.riichi) {
            // The efficiency player's fold, when defence is off.
            let away = shanten_of(&held);
            if away >= 2 || (away == 1 && view.tiles_left < LATE) {
                return safest_old(view, &discards);
            }
        }
        // Whether a discard leaves a furiten wait, read once per kind.
        let furitens: [Cell<Option<bool>>; RIICHI_KINDS] = std::array::from_fn(|_| Cell::new(None));
        let furiten = |c: &Choice| -> bool {
            let slot = &furitens[usize::from(c.kind)];
            *slot.get().get_or_insert_with(|| {
                let f = self.furiten(view, &held, c.kind);
                slot.set(Some(f));
                f
            })
        };
        // Riichi: the fastest riichi option (not furiten first, with judgement), unless
        // judgement keeps it dama.
        if let Some(best) = riichis
            .iter()
            .min_by(|a, b| furiten(a).cmp(&furiten(b)).then_with(|| fastest(a, b)))
        {
            if self.declares(view, ukeire(best)) {
                return Some(best.action);
            }
            return discards
                .iter()
                .find(|c| c.kind == best.kind)
                .map(|c| c.action)
                .or(Some(best.action));
        }
        let tenpai = least == 0;
        let best = discards.iter().min_by(|a, b| {
            (tenpai && furiten(a))
                .cmp(&(tenpai && furiten(b)))
                .then_with(|| fastest(a, b))
        })?;
        Some(best.action)
    }

    /// Kita when the efficiency player would pull the North and, under a threat (with
    /// defence), the North is safe against it or the seat is in riichi itself.
    fn kita(&self, view: &Observation, threats: &[Threat]) -> Option<Action> {
        let kita = spare_north(view)?;
        if threats.is_empty() || !self.options.defence || view.players[view.seat].riichi {
            return Some(kita);
        }
        let held = counts(&view.hand);
        let danger = danger_table(view, threats, &held, &visible(view, &held));
        (danger[usize::from(crate::wind::Wind::North.tile_kind())] == 0).then_some(kita)
    }

    /// Whether discarding `kind` leaves a wait on a kind the seat discarded (furiten).
    fn furiten(&self, view: &Observation, held: &[u8; RIICHI_KINDS], kind: u8) -> bool {
        if !self.options.riichi_judgement {
            return false;
        }
        let mut rest = *held;
        rest[usize::from(kind)] -= 1;
        let Ok(waits) = crate::efficiency::waits(&rest) else {
            return false;
        };
        let me = &view.players[view.seat];
        waits
            .iter()
            .any(|&w| me.pond.iter().any(|d| kind_of_id(d.tile) == w))
    }

    /// Whether to declare riichi on a wait of `ukeire` live tiles.
    fn declares(&self, view: &Observation, ukeire: u32) -> bool {
        !self.options.riichi_judgement || ukeire > POOR_WAIT || view.tiles_left >= DAMA_LATE
    }

    /// A claim window: the efficiency player's calls, open tanyao with [`Options::calls`], and
    /// under a threat only calls that reach tenpai.
    fn claim_choice(&self, view: &Observation, claim: Claim, threatened: bool) -> Option<Action> {
        let legal = &view.legal;
        let passing = legal.iter().copied().find(|a| *a == Action::Pass)?;
        let value = |kind: u8| {
            matches!(kind, 31..=33)
                || kind == view.seat_wind.tile_kind()
                || kind == view.round_wind.tile_kind()
        };
        let held = counts(&view.hand);
        let before = shanten_of(&held);
        let after = |call: &Action| {
            let (Action::Chi(used) | Action::Pon(used)) = call else {
                return None;
            };
            let mut rest = held;
            for t in used {
                let k = usize::from(kind_of_id(*t));
                rest[k] = rest[k].checked_sub(1)?;
            }
            Some(shanten_of(&rest))
        };
        let calls: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Chi(_) | Action::Pon(_)))
            .collect();
        let guarded = self.options.guard_calls && threatened;
        let allowed = |call: &Action| !guarded || after(call) == Some(0);
        if value(kind_of_id(claim.tile))
            && let Some(pon) = calls
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Pon(_)) && allowed(a))
        {
            return Some(pon);
        }
        if calls.is_empty() {
            return Some(passing);
        }
        let me = &view.players[view.seat];
        let yaku_meld = me
            .melds
            .iter()
            .any(|m| m.tiles.first().is_some_and(|&t| value(kind_of_id(t))));
        let tanyao = self.options.calls
            && !is_yaochuu(kind_of_id(claim.tile))
            && me
                .melds
                .iter()
                .all(|m| m.tiles.iter().all(|&t| !is_yaochuu(kind_of_id(t))))
            && held
                .iter()
                .enumerate()
                .filter(|&(k, _)| is_yaochuu(k as u8))
                .map(|(_, &n)| n)
                .sum::<u8>()
                <= 1;
        if !yaku_meld && !tanyao {
            return Some(passing);
        }
        let faster = calls.into_iter().find(|call| {
            let Some(s) = after(call) else {
                return false;
            };
            let tanyao_ok = yaku_meld || s <= 1;
            s < before
                && tanyao_ok
                && allowed(call)
                && (!tanyao || yaku_meld || call_keeps_simples(call))
        });
        Some(faster.unwrap_or(passing))
    }
}

/// Whether the tiles a chi or pon uses are all simples.
fn call_keeps_simples(call: &Action) -> bool {
    match call {
        Action::Chi(used) | Action::Pon(used) => used.iter().all(|&t| !is_yaochuu(kind_of_id(t))),
        _ => false,
    }
}

/// A player who may be waiting.
#[derive(Debug, Clone, Copy)]
struct Threat {
    seat: usize,
    riichi: bool,
    /// 2 for a riichi, 1 for an open hand that may be tenpai.
    weight: u32,
}

/// The opponents to defend against: riichi players, and (with `open`) an opponent with three
/// melds or a dealer with two.
fn threats(view: &Observation, open: bool) -> Vec<Threat> {
    view.players
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != view.seat)
        .filter_map(|(seat, p)| {
            if p.riichi {
                return Some(Threat {
                    seat,
                    riichi: true,
                    weight: 2,
                });
            }
            let melds = p.melds.len();
            (open && (melds >= 3 || (seat == view.dealer && melds >= 2))).then_some(Threat {
                seat,
                riichi: false,
                weight: 1,
            })
        })
        .collect()
}

/// Whether `view` shows a threat: a riichi player, or an open hand that may wait.
pub(super) fn threatened(view: &Observation) -> bool {
    !threats(view, true).is_empty()
}

/// Each kind's danger against every threat `view` sees (riichi players and open hands that
/// may wait; module docs), zero for every kind when there is none.
pub(super) fn dangers(view: &Observation) -> [u32; RIICHI_KINDS] {
    let held = counts(&view.hand);
    let seen = visible(view, &held);
    danger_table(view, &threats(view, true), &held, &seen)
}

/// Each kind's danger summed over the threats (weighted; about tenths of a percent of deal-in
/// chance for a riichi).
fn danger_table(
    view: &Observation,
    threats: &[Threat],
    held: &[u8; RIICHI_KINDS],
    seen: &[u8; RIICHI_KINDS],
) -> [u32; RIICHI_KINDS] {
    let mut total = [0u32; RIICHI_KINDS];
    // Copies in sight, the hand's included.
    let sight: [u8; RIICHI_KINDS] = std::array::from_fn(|k| held[k] + seen[k]);
    for threat in threats {
        let mut genbutsu = [false; RIICHI_KINDS];
        for d in view.players[threat.seat].pond.iter() {
            genbutsu[usize::from(kind_of_id(d.tile))] = true;
        }
        for (k, slot) in total.iter_mut().enumerate() {
            *slot += danger_of(k as u8, &genbutsu, &sight) * threat.weight / 2;
        }
    }
    total
}

/// The danger of discarding `kind` against one riichi: tenths of a percent, roughly the
/// published deal-in rates by tile class.
fn danger_of(kind: u8, genbutsu: &[bool; RIICHI_KINDS], sight: &[u8; RIICHI_KINDS]) -> u32 {
    let k = usize::from(kind);
    if genbutsu[k] || sight[k] >= 4 {
        return 0;
    }
    if kind >= 27 {
        return match sight[k] {
            3 => 12,
            2 => 35,
            _ => 75,
        };
    }
    let n = kind % 9; // 0..=8 for 1..9
    let base = kind - n;
    // A side is covered when its ryanmen cannot wait on the tile: the suji tile is genbutsu,
    // or a tile of the shape is all in sight (kabe).
    let low_side = n >= 3 && {
        let (a, b) = (usize::from(base + n - 2), usize::from(base + n - 1));
        genbutsu[usize::from(base + n - 3)] || sight[a] >= 4 || sight[b] >= 4
    };
    let high_side = n <= 5 && {
        let (a, b) = (usize::from(base + n + 1), usize::from(base + n + 2));
        genbutsu[usize::from(base + n + 3)] || sight[a] >= 4 || sight[b] >= 4
    };
    let covered_low = n < 3 || low_side;
    let covered_high = n > 5 || high_side;
    match (n, covered_low && covered_high) {
        (0 | 8, true) => 18,
        (0 | 8, false) => 90,
        (1 | 7, true) => 40,
        (1 | 7, false) => 100,
        (2 | 6, true) => 55,
        (2 | 6, false) => 120,
        (_, true) => 35,
        (_, false) if covered_low || covered_high => 85,
        _ => 130,
    }
}

/// The efficiency player's safety order against riichi players (when defence is off).
fn safest_old(view: &Observation, options: &[Choice]) -> Option<Action> {
    let rank = SafetyRank::of(view);
    options
        .iter()
        .min_by_key(|c| (rank.of_kind(c.kind), view.code(c.action)))
        .map(|c| c.action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::agent::EfficiencyAgent;
    use crate::riichi::game::{Deal, DealSetup, PondTile, Wall};
    use crate::riichi::{Preset, Ruleset};
    use crate::wind::Wind;
    use std::sync::Arc;

    fn setup() -> DealSetup {
        DealSetup {
            round_wind: Wind::East,
            dealer: 0,
            number: 1,
            honba: 0,
            riichi_sticks: 0,
            scores: [25_000; 4],
        }
    }

    fn pond(tiles: &[u8]) -> Arc<Vec<PondTile>> {
        Arc::new(
            tiles
                .iter()
                .map(|&tile| PondTile {
                    tile,
                    tsumogiri: false,
                    riichi: false,
                    called: false,
                })
                .collect(),
        )
    }

    #[test]
    fn danger_ranks_genbutsu_suji_kabe_and_honours() {
        let mut genbutsu = [false; RIICHI_KINDS];
        let mut sight = [0u8; RIICHI_KINDS];
        genbutsu[3] = true; // 4m discarded: 4m safe, 1m and 7m suji
        assert_eq!(danger_of(3, &genbutsu, &sight), 0);
        assert_eq!(danger_of(0, &genbutsu, &sight), 18);
        assert_eq!(danger_of(6, &genbutsu, &sight), 55);
        assert_eq!(danger_of(1, &genbutsu, &sight), 100);
        assert_eq!(danger_of(5, &genbutsu, &sight), 130); // 6m: no suji
        genbutsu[8] = true; // 9m: 6m is half suji
        assert_eq!(danger_of(5, &genbutsu, &sight), 85);
        sight[10] = 4; // four 2p in sight: 1p and 3p lose the ryanmen through 2p
        assert_eq!(danger_of(9, &genbutsu, &sight), 18);
        assert_eq!(danger_of(10, &genbutsu, &sight), 0);
        sight[31] = 3;
        sight[32] = 1;
        assert!(danger_of(31, &genbutsu, &sight) < danger_of(32, &genbutsu, &sight));
        assert!(danger_of(32, &genbutsu, &sight) < danger_of(13, &genbutsu, &sight));
    }

    #[test]
    fn folds_with_the_riichi_players_discard() {
        let rules = Ruleset::preset(Preset::Tenhou);
        let mut checked = 0;
        for seed in 0..40 {
            let deal = Deal::new(setup(), Wall::shuffled(seed, 4), &rules).unwrap();
            let mut view = deal.observe(0);
            let held = counts(&view.hand);
            if shanten_of(&held) < 2 || view.legal.contains(&Action::Kyuushu) {
                continue;
            }
            // Seat 1 is in riichi and has discarded a tile of which we hold a copy; no other
            // tile of ours is safe against it (suji or honours).
            let safe = view.hand[view.hand.len() / 2];
            view.players[1].riichi = true;
            view.players[1].pond = pond(&[safe]);
            let action = StrongAgent::default().act(&view).unwrap();
            assert!(view.legal.contains(&action));
            let (Action::Discard(tile) | Action::Riichi(tile)) = action else {
                panic!("seed {seed}: {action:?}");
            };
            assert_eq!(kind_of_id(tile), kind_of_id(safe), "seed {seed}");
            checked += 1;
        }
        assert!(checked >= 10, "{checked}");
    }

    #[test]
    fn a_poor_wait_late_stays_dama() {
        let agent = StrongAgent::default();
        let rules = Ruleset::preset(Preset::Tenhou);
        let mut view = Deal::new(setup(), Wall::shuffled(1, 4), &rules)
            .unwrap()
            .observe(0);
        view.tiles_left = 60;
        assert!(agent.declares(&view, 2));
        view.tiles_left = DAMA_LATE - 1;
        assert!(!agent.declares(&view, 2));
        assert!(agent.declares(&view, 5));
        let reckless = StrongAgent {
            options: Options {
                riichi_judgement: false,
                ..Options::default()
            },
        };
        assert!(reckless.declares(&view, 2));
    }

    #[test]
    fn plays_legal_deals_and_differs_from_efficiency() {
        let rules = Ruleset::preset(Preset::Tenhou);
        let mut differs = 0;
        for seed in 0..30 {
            let mut deal = Deal::new(setup(), Wall::shuffled(seed, 4), &rules).unwrap();
            while !deal.is_over() {
                for seat in deal.waiting() {
                    let view = deal.observe(seat);
                    let action = StrongAgent::default().act(&view).unwrap();
                    assert!(view.legal.contains(&action));
                    if EfficiencyAgent.act(&view) != Some(action) {
                        differs += 1;
                    }
                    deal.apply(seat, action).unwrap();
                }
            }
        }
        assert!(differs > 0);
    }

    #[test]
    fn every_option_off_is_the_efficiency_player() {
        let mut plain = StrongAgent {
            options: Options {
                defence: false,
                open_threats: false,
                riichi_judgement: false,
                calls: false,
                guard_calls: false,
                careful: false,
            },
        };
        let rules = Ruleset::preset(Preset::Tenhou);
        for seed in 0..30 {
            let mut deal = Deal::new(setup(), Wall::shuffled(seed, 4), &rules).unwrap();
            while !deal.is_over() {
                for seat in deal.waiting() {
                    let view = deal.observe(seat);
                    let action = plain.act(&view);
                    assert_eq!(action, EfficiencyAgent.act(&view), "seed {seed}");
                    deal.apply(seat, action.unwrap()).unwrap();
                }
            }
        }
    }
}
