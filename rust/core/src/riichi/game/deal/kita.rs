//! Kita with three players (sanma spec section 1.17): when a North may be set aside, the
//! declaration with its robbing window, and the kita completed (it counts as a call, the last
//! live tile joins the dead wall, the replacement draw).

use super::{Deal, Draw, Source};
use crate::riichi::game::Reason;
use crate::riichi::game::event::Event;
use crate::riichi::rules::{KitaInRiichi, TempFuritenEnd};
use crate::tile::{EAST, kind_of_id};

/// The kind of North (4z), the tile kita sets aside.
const NORTH: u8 = EAST + 3;

impl Deal {
    /// Whether `seat`, on turn after drawing `drawn` (`None`: the turn of a call), may pull a
    /// North now (T17.2, T17.3): `None` when kita is out of the rules or no North is held
    /// (nothing to offer or explain), else `Ok` or why not.
    pub(super) fn kita_status(
        &self,
        seat: usize,
        drawn: Option<u8>,
    ) -> Option<std::result::Result<(), Reason>> {
        let p = &self.players[seat];
        if !self.rules.nukidora || p.held(NORTH) == 0 {
            return None;
        }
        let Some(drawn) = drawn else {
            return Some(Err(Reason::KitaAfterCall));
        };
        if !self.wall.can_replace() {
            return Some(Err(Reason::KitaNoLiveTile));
        }
        let riichi_allows = match self.rules.kita_in_riichi {
            _ if !p.riichi => true,
            KitaInRiichi::Any => true,
            KitaInRiichi::DrawnOnly => kind_of_id(drawn) == NORTH,
            KitaInRiichi::Off => false,
        };
        Some(match riichi_allows {
            true => Ok(()),
            false => Err(Reason::KitaInRiichi {
                drawn_only: self.rules.kita_in_riichi == KitaInRiichi::DrawnOnly,
            }),
        })
    }

    /// `seat` sets a North aside: the drawn tile when it is one, else the lowest held (T17.1).
    /// A kan indicator still pending from this turn is revealed first, as a further kan would
    /// reveal it (T17.10); then the robbing window opens (T17.6, T17.7).
    pub(super) fn kita(&mut self, seat: usize, drawn: Option<u8>) {
        let tile = match drawn.filter(|&t| kind_of_id(t) == NORTH) {
            Some(t) => t,
            None => match self.players[seat].of_kind(NORTH).first() {
                Some(&t) => t,
                None => return,
            },
        };
        self.kan_tile_from = None;
        self.reveal_pending();
        let p = &mut self.players[seat];
        let kans = p.melds.iter().filter(|m| m.meld.kind().is_kan()).count();
        let mut kita = p.kita;
        if kita.push(tile, (p.pond.len(), kans)).is_err() || p.take(tile).is_err() {
            return;
        }
        p.kita = kita;
        p.refresh_waits();
        self.events.push(Event::Kita { seat, tile });
        self.open_claims(seat, tile, Source::Kita);
    }

    /// A kita nobody robbed: it counts as a call (T17.8: no first go-around, no ippatsu, and
    /// under `temp_furiten_end = any_call_too` the others' temporary furiten ends), then the
    /// last live tile joins the dead wall and the declarer draws a replacement (T2.10, T17.6).
    pub(super) fn complete_kita(&mut self, seat: usize) {
        if self.rules.kita_counts_as_call {
            self.called = true;
            let any_call_ends = self.rules.temp_furiten_end == TempFuritenEnd::AnyCallToo;
            for p in &mut self.players {
                p.ippatsu = false;
                if any_call_ends {
                    p.end_temporary_furiten();
                }
            }
        }
        self.replacement_draw(seat, Draw::Kita);
    }
}
