//! Dead hands (spec §1.9): what is in sight for a seat, the referee's test of rule 1.9.1e,
//! and marking a hand dead.

use std::sync::Arc;

use super::{Deal, Phase};
use crate::american::game::action::Action;
use crate::american::game::deal::kind_of;
use crate::american::game::event::{DeadReason, Event};
use crate::american::game::options::DeadHandMode;
use crate::american::liveness::{Liveness, Sight};
use crate::tile::{JOKER, KINDS};
use crate::tiles::Tiles;

impl Deal {
    // --- dead hands ---------------------------------------------------------------------------

    pub(super) fn live_count(&self) -> usize {
        self.players.iter().filter(|p| p.dead.is_none()).count()
    }

    /// What is in sight for `seat` (spec §4.6): every uncalled discard and the other
    /// players' exposures. Jokers of a killer exposure are in sight but not obtainable (rule
    /// 1.6.7), so such an exposure counts as tiles in sight. The referee's dead-hand test
    /// (rule 1.9.1e) uses it with the seat's own exposures.
    pub fn sight(&self, seat: usize) -> Sight {
        let mut counts = [0u8; KINDS];
        let mut others = Vec::new();
        for (s, p) in self.players.iter().enumerate() {
            for d in p.discards.iter().filter(|d| !d.claimed) {
                counts[usize::from(kind_of(d.tile))] += 1;
            }
            for e in p.exposures.iter().filter(|_| s != seat) {
                if e.frozen {
                    for &t in &e.tiles {
                        counts[usize::from(kind_of(t))] += 1;
                    }
                } else {
                    others.push(e.exposure);
                }
            }
        }
        Sight {
            visible: Tiles::from_counts(&counts).unwrap_or_default(),
            others,
            redeemable: None,
        }
    }

    /// Whether no card hand can still be completed by `seat` from public information:
    /// [`crate::american::Card::is_dead`] with the seat's exposures and [`Self::sight`], on the
    /// cached view of the seat's exposures.
    pub fn publicly_dead(&self, seat: usize) -> bool {
        self.live_column(&InSight::of(self), seat, 0).is_none()
    }

    /// A column of `seat`'s view still live with what is in sight (`hint` tried first, then
    /// the columns in order), or `None` when the hand is publicly dead.
    fn live_column(&self, sight: &InSight, seat: usize, hint: usize) -> Option<usize> {
        let mut exposed = sight.redeemable;
        for (k, n) in sight.frozen[seat % 4].iter().enumerate() {
            exposed[k] += n;
        }
        let live = Liveness::of_counts(&sight.seen, &[0; KINDS], &exposed, None);
        let table = self.view(seat);
        let none = [0u8; KINDS];
        let alive = |i: usize| {
            let kinds = &self.card.variants[table.variants()[i]].kinds;
            !live.dead(table, i, kinds, &none, live.jokers)
        };
        let columns = table.variants().len();
        if hint < columns && alive(hint) {
            return Some(hint);
        }
        (0..columns).find(|&i| alive(i))
    }

    /// After `seat`'s claim: an exposure after which its exposures match no card hand (reason
    /// d), or whose claim leaves the hand impossible to complete from what is in sight (spec
    /// §4.6), is a killer exposure: its jokers are frozen (rule 1.6.7). Reason d makes the
    /// hand dead at once; the other is declared as the dead-hand mode says.
    pub(super) fn check_killer_exposure(&mut self, seat: usize) {
        if self.rules.dead_hand_mode == DeadHandMode::Off {
            return;
        }
        let no_hand = self.view(seat).variants().is_empty();
        if no_hand || self.publicly_dead(seat) {
            if let Some(e) = Arc::make_mut(&mut self.players[seat].exposures).last_mut() {
                e.frozen = true;
            }
        }
        if no_hand {
            self.mark_dead(seat, DeadReason::ExposuresMatchNoHand, None);
        }
    }

    /// Why `seat`'s hand would be dead once the claim on offer is settled by its exposure
    /// `action` (one of its legal claims now), or `None` when it would stay live: the
    /// exposure is made on a copy of the deal and the engine's own dead-hand checks run on
    /// it (a killer exposure, rule 1.9.1d, or in `auto` mode a hand no card hand can still
    /// complete, 1.9.1e), so the answer is what the engine declares when the claim is won.
    pub fn exposure_kills(&self, seat: usize, action: Action) -> Option<DeadReason> {
        let (Phase::Claims(claims), Action::Expose { size, jokers }) = (&self.phase, action) else {
            return None;
        };
        if !claims.options.get(seat)?.contains(&action) {
            return None;
        }
        let mut trial = self.clone();
        trial.expose(seat, claims.from, claims.tile, size, jokers);
        trial.players[seat].dead
    }

    pub(super) fn mark_dead(&mut self, seat: usize, reason: DeadReason, by: Option<usize>) {
        self.players[seat].dead = Some(reason);
        self.events.push(Event::DeadHand { seat, reason, by });
    }

    /// In `auto` mode, marks every live hand that can no longer be completed (reason e).
    /// Returns whether that ended the game (one live player left).
    pub(super) fn check_dead(&mut self) -> bool {
        if self.rules.dead_hand_mode == DeadHandMode::Auto {
            let sight = InSight::of(self);
            for seat in 0..4 {
                if self.players[seat].dead.is_some() {
                    continue;
                }
                match self.live_column(&sight, seat, self.live_hint[seat]) {
                    Some(column) => self.live_hint[seat] = column,
                    None => self.mark_dead(seat, DeadReason::CannotComplete, None),
                }
            }
        }
        if self.live_count() <= 1 {
            self.wall_game();
            return true;
        }
        false
    }
}

/// What is in sight at a table, counted once for the four seats' dead-hand tests: every
/// uncalled discard and every exposure's tiles (`seen`), the jokers of exposures that are not
/// killer exposures by the kind they stand for (`redeemable`), and each seat's killer
/// exposures' jokers (`frozen`): the seat itself may still redeem those.
struct InSight {
    seen: [u8; KINDS],
    redeemable: [u8; KINDS],
    frozen: [[u8; KINDS]; 4],
}

impl InSight {
    fn of(deal: &Deal) -> Self {
        let mut sight = Self {
            seen: [0; KINDS],
            redeemable: [0; KINDS],
            frozen: [[0; KINDS]; 4],
        };
        for (s, p) in deal.players.iter().enumerate() {
            for d in p.discards.iter().filter(|d| !d.claimed) {
                sight.seen[usize::from(kind_of(d.tile))] += 1;
            }
            for e in p.exposures.iter() {
                let (kind, jokers) = (usize::from(e.exposure.kind()), e.exposure.jokers());
                sight.seen[kind] += e.exposure.naturals();
                sight.seen[usize::from(JOKER)] += jokers;
                let to = if e.frozen {
                    &mut sight.frozen[s]
                } else {
                    &mut sight.redeemable
                };
                to[kind] += jokers;
            }
        }
        sight
    }
}
