//! Why an action a player might expect is not offered ([`Deal::blocked`]), and why an applied
//! action is refused: the same [`Reason`] values, decided from the same rule checks as the
//! legal actions.

use super::{Claims, Deal, Phase, Source, TurnKind, describe};
use crate::decompose::is_complete;
use crate::meld::MeldKind;
use crate::riichi::game::action::Action;
use crate::riichi::game::reason::{Illegal, Reason};
use crate::riichi::rules::{KitaRon, RiichiAnkan};
use crate::tile::{RIICHI_KINDS, kind_of_id};

impl Deal {
    /// Why actions `seat` might expect now are not offered: on its turn (a complete hand
    /// without a yaku, riichi conditions, kans, kuikae), in a claim window on another
    /// player's tile (furiten, no yaku, calls closed) whether or not the seat has anything to
    /// answer, and otherwise why it could not ron the last tile that completed its hand (kept
    /// until its next draw or call: a window nobody can answer closes at once). Empty when
    /// nothing is missing, and for a seat out of range.
    pub fn blocked(&self, seat: usize) -> Vec<Reason> {
        match &self.phase {
            Phase::Turn {
                seat: s,
                kind,
                actions,
            } if *s == seat => self.turn_blocked(seat, *kind, actions),
            Phase::Claims(c) if seat < self.player_count() && seat != c.from => {
                self.claim_blocked(seat, c)
            }
            _ => self
                .passed
                .get(seat)
                .cloned()
                .flatten()
                .into_iter()
                .collect(),
        }
    }

    /// Why `seat` may not ron the tile `c` is on although it completes the hand (furiten, no
    /// yaku), if so.
    pub(super) fn ron_blocked(&self, seat: usize, c: &Claims) -> Option<Reason> {
        let p = &self.players[seat];
        let completes = c.source != Source::Ankan && p.waits().contains(&kind_of_id(c.tile));
        if !completes || c.options[seat].contains(&Action::Ron) {
            return None;
        }
        Some(self.missed_ron(seat, c.source))
    }

    /// Why `seat` may not ron a tile that completes its hand: furiten, a kita tile the rules
    /// keep from this hand (T17.7), else no yaku.
    fn missed_ron(&self, seat: usize, source: Source) -> Reason {
        match self.players[seat].furiten() {
            Some(kind) => Reason::Furiten { kind },
            None if source == Source::Kita && self.rules.kita_ron != KitaRon::AnyHand => {
                Reason::KitaRon {
                    yakuman_only: self.rules.kita_ron == KitaRon::YakumanOnly,
                }
            }
            None => Reason::NoYaku { tsumo: false },
        }
    }

    fn turn_blocked(&self, seat: usize, kind: TurnKind, actions: &[Action]) -> Vec<Reason> {
        let p = &self.players[seat];
        let counts = p.counts();
        let pons: u64 = p
            .melds
            .iter()
            .filter(|m| m.meld.kind() == MeldKind::Pon)
            .fold(0, |bits, m| bits | 1 << kind_of_id(m.tiles[0]));
        let kan_shape = |k: usize| counts[k] == 4 || (counts[k] > 0 && pons & (1 << k) != 0);
        let mut out = Vec::new();
        let drawn = match kind {
            TurnKind::Called { forbidden } => {
                let kinds: Vec<u8> = (0..RIICHI_KINDS as u8)
                    .filter(|&k| forbidden & (1 << k) != 0 && counts[usize::from(k)] > 0)
                    .collect();
                if !kinds.is_empty() {
                    out.push(Reason::Kuikae { kinds });
                }
                if (0..RIICHI_KINDS).any(kan_shape) {
                    out.push(Reason::KanAfterCall);
                }
                out.extend(self.kita_status(seat, None).and_then(Result::err));
                return out;
            }
            TurnKind::Drawn { tile, .. } => tile,
        };
        if !actions.contains(&Action::Tsumo) && is_complete(&counts, p.hand.len()) {
            out.push(Reason::NoYaku { tsumo: true });
        }
        let riichi_offered = actions.iter().any(|a| matches!(a, Action::Riichi(_)));
        if !p.riichi && !riichi_offered {
            // Only a condition that fails explains a missing riichi, and only for a hand one
            // discard from tenpai (checked last: it is the costly part).
            if let Some(reason) = self.riichi_condition(seat)
                && Self::tenpai_within_reach(p)
            {
                out.push(reason);
            }
        }
        let kan_offered = actions
            .iter()
            .any(|a| matches!(a, Action::Ankan(_) | Action::Kakan(_)));
        let expected = if p.riichi {
            counts[usize::from(kind_of_id(drawn))] == 4
        } else {
            (0..RIICHI_KINDS).any(kan_shape)
        };
        if expected && !kan_offered {
            out.extend(self.kan_blocked().or(match self.rules.riichi_ankan {
                _ if !p.riichi => None,
                RiichiAnkan::None => Some(Reason::KanInRiichi),
                _ => Some(Reason::KanChangesRiichiWaits),
            }));
        }
        out.extend(self.kita_status(seat, Some(drawn)).and_then(Result::err));
        out
    }

    fn claim_blocked(&self, seat: usize, c: &Claims) -> Vec<Reason> {
        let p = &self.players[seat];
        let kind = kind_of_id(c.tile);
        let offered = &c.options[seat];
        let mut out = Vec::new();
        if c.source != Source::Ankan && p.waits().contains(&kind) && !offered.contains(&Action::Ron)
        {
            out.push(self.missed_ron(seat, c.source));
        }
        if c.source != Source::Discard {
            return out;
        }
        let counts = p.counts();
        let held = counts[usize::from(kind)];
        let chi_shape = self.could_chi(seat, c.from, kind, &counts);
        let three = self.player_count() == 3;
        let could_call = held >= 2 || (chi_shape && !three);
        let called = offered
            .iter()
            .any(|a| matches!(a, Action::Chi(_) | Action::Pon(_) | Action::Daiminkan));
        let closed = self
            .calls_closed(c.source)
            .or_else(|| p.riichi.then_some(Reason::RiichiCallsRonOnly));
        if could_call && !called {
            out.push(closed.clone().unwrap_or(Reason::NoDiscardAfterCall));
        }
        if held == 3 && closed.is_none() && !offered.contains(&Action::Daiminkan) {
            out.extend(self.kan_blocked());
        }
        if chi_shape && three && closed.is_none() {
            out.push(Reason::NoChi);
        }
        out
    }

    /// Whether `seat` sits next after `from` and holds the two other tiles of a sequence with
    /// a tile of `kind` (before kuikae; with three players no chi follows, T4.1).
    fn could_chi(&self, seat: usize, from: usize, kind: u8, counts: &[u8; RIICHI_KINDS]) -> bool {
        if seat != (from + 1) % self.player_count() || kind >= 27 {
            return false;
        }
        let n = kind % 9;
        (n.saturating_sub(2)..=n.min(6)).any(|low| {
            let base = kind - n + low;
            (base..base + 3)
                .filter(|&k| k != kind)
                .all(|k| counts[usize::from(k)] > 0)
        })
    }

    /// `action` by `seat` refused, with the reason.
    pub(super) fn illegal(&self, seat: usize, action: Action) -> Illegal {
        let players = self.player_count();
        let reason = if seat >= players {
            Reason::SeatOutOfRange { seat, players }
        } else if self.is_over() {
            Reason::DealOver
        } else if matches!(action, Action::Chi(_)) && players == 3 {
            Reason::NoChi
        } else if self.legal(seat).is_empty() {
            Reason::NotYourTurn
        } else {
            self.refusal(seat, action)
        };
        Illegal {
            seat,
            action: describe(action, self.red_fives),
            reason,
        }
    }

    fn refusal(&self, seat: usize, action: Action) -> Reason {
        let p = &self.players[seat];
        let missing = |ids: &[u8]| ids.iter().copied().find(|t| !p.hand.contains(t));
        let blocked = || self.blocked(seat).into_iter().find(|r| r.concerns(action));
        match action {
            Action::Discard(t) | Action::Riichi(t) | Action::Kakan(t) if !p.hand.contains(&t) => {
                Reason::NotInHand { tile: t }
            }
            Action::Chi(pair) | Action::Pon(pair) if missing(&pair).is_some() => {
                Reason::NotInHand {
                    tile: missing(&pair).unwrap_or_default(),
                }
            }
            Action::Discard(_) if p.riichi => Reason::RiichiDiscardsDrawnTile,
            Action::Riichi(_) => self
                .riichi_condition(seat)
                .unwrap_or(Reason::RiichiNotTenpai),
            Action::Tsumo | Action::Ron => blocked().unwrap_or(Reason::NotComplete),
            _ => blocked().unwrap_or(Reason::NotOffered),
        }
    }
}
