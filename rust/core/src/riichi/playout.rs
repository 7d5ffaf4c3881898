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
        let seen = visible(view, &held);
        let discards = Discards::new(&held, &seen, Form::All).ok()?;
        // Each kind's shanten after discarding it.
        let shanten: Vec<(u8, i8)> = (0..RIICHI_KINDS as u8)
            .filter(|&k| held[usize::from(k)] > 0)
            .filter_map(|k| Some((k, discards.shanten_after(k).ok()?)))
            .collect();
        let least = shanten.iter().map(|&(_, s)| s).min()?;
        let fastest = shanten
            .iter()
            .filter(|&&(_, s)| s == least)
            .map(|&(k, _)| k);
        // Near tenpai the improving draws are counted; else how little a tile connects.
        let kind = if least <= NEAR && fastest.clone().nth(1).is_some() {
            fastest
                .map(|k| {
                    (
                        std::cmp::Reverse(discards.ukeire_total_after(k).unwrap_or(0)),
                        k,
                    )
                })
                .min()?
                .1
        } else {
            fastest.min_by_key(|&k| (connection(&held, k), k))?
        };
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
