//! Dead hands (spec §1.9): what is in sight for a seat, the referee's test of rule 1.9.1e,
//! and marking a hand dead.

use super::Deal;
use crate::american::game::deal::kind_of;
use crate::american::game::event::{DeadReason, Event};
use crate::american::game::options::DeadHandMode;
use crate::american::liveness::{Liveness, Sight};
use crate::american::rack::Rack;
use crate::tile::KINDS;
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

    /// Whether no card hand can still be completed by `seat` from public information.
    pub fn publicly_dead(&self, seat: usize) -> bool {
        // `Card::is_dead` on the cached view of the seat's exposures.
        let Ok(rack) = Rack::new(Tiles::EMPTY, self.players[seat].exposure_list()) else {
            return false;
        };
        let Ok(live) = Liveness::new(&rack, &self.sight(seat)) else {
            return false;
        };
        let table = self.view(seat);
        let none = [0u8; KINDS];
        !table.segments().iter().any(|segment| {
            segment.columns.clone().any(|i| {
                let kinds = &self.card.variants[table.variants()[i]].kinds;
                !live.dead(table, i, kinds, &none, live.jokers)
            })
        })
    }

    /// After `seat`'s claim: an exposure after which its exposures match no card hand (reason
    /// d), or whose claim leaves the hand impossible to complete from what is in sight (spec
    /// §4.6), is a killer exposure: its jokers are frozen (rule 1.6.7). Reason d makes the
    /// hand dead at once; the other is declared as the dead-hand mode says.
    pub(super) fn check_killer_exposure(&mut self, seat: usize) {
        if self.rules.dead_hand_mode == DeadHandMode::Off {
            return;
        }
        let no_hand = self
            .card
            .view(&self.players[seat].exposure_list())
            .variants()
            .is_empty();
        if no_hand || self.publicly_dead(seat) {
            if let Some(e) = self.players[seat].exposures.last_mut() {
                e.frozen = true;
            }
        }
        if no_hand {
            self.mark_dead(seat, DeadReason::ExposuresMatchNoHand, None);
        }
    }

    pub(super) fn mark_dead(&mut self, seat: usize, reason: DeadReason, by: Option<usize>) {
        self.players[seat].dead = Some(reason);
        self.events.push(Event::DeadHand { seat, reason, by });
    }

    /// In `auto` mode, marks every live hand that can no longer be completed (reason e).
    /// Returns whether that ended the game (one live player left).
    pub(super) fn check_dead(&mut self) -> bool {
        if self.rules.dead_hand_mode == DeadHandMode::Auto {
            for seat in 0..4 {
                if self.players[seat].dead.is_none() && self.publicly_dead(seat) {
                    self.mark_dead(seat, DeadReason::CannotComplete, None);
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
