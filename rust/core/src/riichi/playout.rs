//! The players of the expert's playouts ([`Quick`]): fast enough for hundreds of deals a
//! decision, and playing like the efficiency player, whose decisions it approximates: it
//! wins when it can, declares riichi when tenpai, pons value tiles, sets a spare North aside
//! (kita, three players) as the efficiency player does, folds against a riichi
//! with its safety order when two tiles from tenpai (one, late), and otherwise discards for
//! the least shanten, ties broken by how little the tile connects to the rest of the hand
//! (instead of counting every improving draw). [`Plan`] is what the searching seat does
//! after the candidate it is trying: play on, fold, or stay dama.

use super::agent::{SafetyRank, counts, offered, offered_win, shanten_of, spare_north, visible};
use super::strong::{dangers, threatened};
use crate::agent::Agent;
use crate::efficiency::Discards;
use crate::riichi::game::{Action, Observation};
use crate::shanten::Form;
use crate::tile::{RIICHI_KINDS, kind_of_id};

/// What a seat does in a playout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Plan {
    /// Play on as [`Quick`].
    Play,
    /// Win when it can, call nothing, discard the least dangerous tile against the threats
    /// (as [`Quick`] while nothing threatens).
    Fold,
    /// Play on as [`Quick`] but never declare riichi.
    Dama,
}

/// The playouts' player following a [`Plan`] (module docs).
#[derive(Debug, Clone, Copy)]
pub struct Quick {
    /// What it does.
    pub plan: Plan,
}

/// The wall size under which a hand one tile from tenpai folds against a riichi.
const LATE: usize = 40;
/// The shanten up to which [`Quick`] counts improving draws.
const NEAR: i8 = 1;

impl Agent<Observation> for Quick {
    fn act(&mut self, view: &Observation) -> Option<Action> {
        if let Some(win) = offered_win(view) {
            return Some(win);
        }
        if let Some(claim) = view.claim {
            let value = value_kind(view, kind_of_id(claim.tile));
            let pon = view
                .legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Pon(_)));
            return match pon {
                Some(pon) if value && self.plan != Plan::Fold => Some(pon),
                _ => offered(view, Action::Pass),
            };
        }
        if let Some(kyuushu) = offered(view, Action::Kyuushu) {
            return Some(kyuushu);
        }
        if let Some(kita) = spare_north(view) {
            return Some(kita);
        }
        if self.plan == Plan::Fold && threatened(view) {
            let danger = dangers(view);
            return least_by(view, |kind| danger[usize::from(kind)]);
        }
        let held = counts(&view.hand);
        let riichi_threat = view
            .players
            .iter()
            .enumerate()
            .any(|(s, p)| s != view.seat && p.riichi);
        if riichi_threat {
            let away = shanten_of(&held);
            if away >= 2 || (away == 1 && view.tiles_left < LATE) {
                let rank = SafetyRank::of(view);
                return least_by(view, |kind| u32::from(rank.of_kind(kind)));
            }
        }
        let discards = Discards::new(&held, &visible(view, &held), Form::All).ok()?;
        let kind = fastest_discard(&held, &discards)?;
        let declare = self.plan != Plan::Dama;
        let of_kind = |a: &Action| match a {
            Action::Riichi(t) => declare && kind_of_id(*t) == kind,
            Action::Discard(t) => kind_of_id(*t) == kind,
            _ => false,
        };
        let mut options = view.legal.iter().copied().filter(of_kind);
        let Some(first) = options.next() else {
            // A riichi hand discards what it drew.
            return view
                .legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Discard(_)));
        };
        Some(
            options
                .chain([first])
                .find(|a| matches!(a, Action::Riichi(_)))
                .unwrap_or(first),
        )
    }

    fn name(&self) -> &'static str {
        "Quick"
    }
}

/// The held kind [`Quick`] discards (module docs): of the kinds whose discard leaves the least
/// shanten, near tenpai the one with the most improving draws, else the one that connects
/// least; ties to the lower kind. Far from tenpai the least is the whole hand's shanten
/// ([`Discards::shanten`]) and the kinds are tried from the least connected, so most kinds'
/// shanten is never read.
fn fastest_discard(held: &[u8; RIICHI_KINDS], discards: &Discards) -> Option<u8> {
    let whole = discards.shanten().ok()?;
    if whole <= NEAR {
        return fastest_of_every_kind(held, discards);
    }
    let mut order: Vec<(u32, u8)> = held_kinds(held).map(|k| (connection(held, k), k)).collect();
    order.sort_unstable();
    order
        .into_iter()
        .map(|(_, k)| k)
        .find(|&k| discards.shanten_after(k).ok() == Some(whole))
}

/// [`fastest_discard`] with every held kind's shanten read.
fn fastest_of_every_kind(held: &[u8; RIICHI_KINDS], discards: &Discards) -> Option<u8> {
    let shanten: Vec<(u8, i8)> = held_kinds(held)
        .filter_map(|k| Some((k, discards.shanten_after(k).ok()?)))
        .collect();
    let least = shanten.iter().map(|&(_, s)| s).min()?;
    let fastest = shanten
        .iter()
        .filter(|&&(_, s)| s == least)
        .map(|&(k, _)| k);
    if least <= NEAR && fastest.clone().nth(1).is_some() {
        let total = |k| discards.ukeire_total_after(k).unwrap_or(0);
        return fastest.min_by_key(|&k| (std::cmp::Reverse(total(k)), k));
    }
    fastest.min_by_key(|&k| (connection(held, k), k))
}

/// The kinds of `held`, ascending.
fn held_kinds(held: &[u8; RIICHI_KINDS]) -> impl Iterator<Item = u8> + Clone + '_ {
    (0..RIICHI_KINDS as u8).filter(|&k| held[usize::from(k)] > 0)
}

/// Whether `kind` is a value honour for the seat (a dragon, its seat wind or the round
/// wind).
fn value_kind(view: &Observation, kind: u8) -> bool {
    matches!(kind, 31..=33)
        || kind == view.seat_wind.tile_kind()
        || kind == view.round_wind.tile_kind()
}

/// How much a tile of `kind` connects to the hand: copies held beyond it (pairs and sets
/// weigh most), then its neighbours one and two away in its suit.
fn connection(held: &[u8; RIICHI_KINDS], kind: u8) -> u32 {
    let k = usize::from(kind);
    let mut score = 4 * u32::from(held[k].saturating_sub(1));
    if kind < 27 {
        let n = kind % 9;
        let near = |d: i8, w: u32| -> u32 {
            let m = n as i8 + d;
            if (0..9).contains(&m) {
                w * u32::from(held[usize::from(kind - n) + m as usize].min(2))
            } else {
                0
            }
        };
        score += near(-1, 2) + near(1, 2) + near(-2, 1) + near(2, 1);
        // Terminals connect less than middle tiles.
        score = 2 * score + u32::from(n.min(8 - n).min(2));
    } else {
        score *= 2;
    }
    score
}

/// The legal discard whose kind scores least by `key`, ties to the lower action code.
fn least_by(view: &Observation, key: impl Fn(u8) -> u32) -> Option<Action> {
    view.legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Discard(_)))
        .min_by_key(|&a| {
            let Action::Discard(t) = a else {
                return (u32::MAX, 0);
            };
            (key(kind_of_id(t)), view.code(a))
        })
        .or_else(|| view.legal.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn the_fastest_discard_is_the_one_every_kinds_shanten_gives() {
        let mut rng = Rng::new(11);
        let mut far = 0;
        for round in 0..3000 {
            let mut ids: Vec<u8> = (0..136).collect();
            rng.shuffle(&mut ids);
            // Hands of one or two suits as often as mixed ones (nearer tenpai).
            let span = [136, 72, 36][round % 3];
            let len = [14, 11, 8, 5, 2][round % 5];
            let mut held = [0u8; RIICHI_KINDS];
            let mut seen = [0u8; RIICHI_KINDS];
            let mut drawn = ids.iter().filter(|&&t| t < span);
            for &t in drawn.by_ref().take(len) {
                held[usize::from(t / 4)] += 1;
            }
            for &t in drawn.take(round % 40) {
                seen[usize::from(t / 4)] += 1;
            }
            let discards = Discards::new(&held, &seen, Form::All).unwrap();
            far += usize::from(discards.shanten().unwrap() > NEAR);
            assert_eq!(
                fastest_discard(&held, &discards),
                fastest_of_every_kind(&held, &discards),
                "{held:?} {seen:?}"
            );
        }
        assert!(far > 500, "only {far} hands far from tenpai");
    }
}
