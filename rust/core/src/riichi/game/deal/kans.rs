//! Kans and the dead wall: when a kan may be declared, the three kinds of kan, kan dora
//! indicators and replacement draws (R5, R2.3, R2.10).

use std::sync::Arc;

use super::{Deal, DealMeld, Draw, Source};
use crate::meld::{Meld, MeldKind};
use crate::riichi::game::Reason;
use crate::riichi::game::event::Event;
use crate::riichi::rules::KanDoraTiming;
use crate::tile::kind_of_id;

impl Deal {
    /// Why no kan may be declared now (R5.2, R5.8), if so.
    pub(super) fn kan_blocked(&self) -> Option<Reason> {
        if self.kans.len() >= 4 {
            Some(Reason::KanLimit)
        } else if !self.wall.can_replace() {
            Some(Reason::KanNoReplacementTile)
        } else {
            None
        }
    }

    /// Whether four kans have been made by two or more players (R14.4).
    pub(super) fn four_kans_by_several(&self) -> bool {
        self.kans.len() == 4 && self.kans.iter().any(|&s| s != self.kans[0])
    }

    pub(super) fn reveal_pending(&mut self) {
        for _ in 0..self.pending_dora {
            if let Some(indicator) = self.wall.reveal() {
                self.events.push(Event::Dora { indicator });
            }
        }
        self.pending_dora = 0;
    }

    fn start_kan(&mut self, seat: usize) {
        self.kan_tile_from = None;
        if self.rules.kan_dora_timing == KanDoraTiming::Tenhou {
            self.reveal_pending();
        }
        self.called = true;
        for p in &mut self.players {
            p.ippatsu = false;
        }
        self.kans.push(seat);
    }

    pub(super) fn ankan(&mut self, seat: usize, kind: u8) {
        let tiles: Vec<u8> = self.players[seat].of_kind(kind).to_vec();
        let Ok(meld) = self
            .tiles_of(&tiles)
            .and_then(|t| Meld::new(MeldKind::Ankan, t, None, None))
        else {
            return;
        };
        self.start_kan(seat);
        let p = &mut self.players[seat];
        p.take_kind(kind);
        Arc::make_mut(&mut p.melds).push(DealMeld {
            meld,
            tiles: tiles.clone(),
            called: None,
            from: None,
            after_discards: p.pond.len(),
        });
        self.events.push(Event::Ankan {
            seat,
            consumed: [tiles[0], tiles[1], tiles[2], tiles[3]],
        });
        self.kan_indicator(self.rules.kan_dora_timing != KanDoraTiming::AfterDiscard);
        if self.rules.kokushi_rob_ankan {
            self.open_claims(seat, tiles[3], Source::Ankan);
            return;
        }
        self.replacement_draw(seat, Draw::Kan);
    }

    pub(super) fn kakan(&mut self, seat: usize, tile: u8) {
        let kind = kind_of_id(tile);
        let Some(at) = self.players[seat]
            .melds
            .iter()
            .position(|m| m.meld.kind() == MeldKind::Pon && kind_of_id(m.tiles[0]) == kind)
        else {
            return;
        };
        let consumed = {
            let t = &self.players[seat].melds[at].tiles;
            [t[0], t[1], t[2]]
        };
        if self.players[seat].take(tile).is_err() {
            return;
        }
        self.events.push(Event::Kakan {
            seat,
            tile,
            consumed,
        });
        // R5.6 (`tenhou`): an indicator still pending from the declarer's earlier kan is
        // revealed immediately before this further kan, so before the chankan window (the
        // kakan's own indicator waits until the kan completes, R5.7).
        if self.rules.kan_dora_timing == KanDoraTiming::Tenhou {
            self.reveal_pending();
        }
        self.open_claims(seat, tile, Source::Kakan { meld: at });
    }

    /// Completes a kakan nobody robbed.
    pub(super) fn complete_kakan(&mut self, seat: usize, tile: u8, at: usize) {
        let old = self.players[seat].melds[at].clone();
        let mut tiles = old.tiles.clone();
        tiles.push(tile);
        let Ok(meld) = self
            .tiles_of(&tiles)
            .and_then(|t| Meld::new(MeldKind::Kakan, t, old.meld.called(), old.meld.from_seat()))
        else {
            return;
        };
        self.start_kan(seat);
        Arc::make_mut(&mut self.players[seat].melds)[at] = DealMeld {
            meld,
            tiles,
            called: old.called,
            from: old.from,
            after_discards: self.players[seat].pond.len(),
        };
        self.after_open_kan();
        self.replacement_draw(seat, Draw::Kan);
    }

    pub(super) fn daiminkan_started(&mut self, seat: usize) {
        self.start_kan(seat);
    }

    pub(super) fn after_open_kan(&mut self) {
        self.kan_indicator(self.rules.kan_dora_timing == KanDoraTiming::Immediate);
    }

    /// A kan's new indicator (only with `kan_dora`, R10.4), revealed `now` or left pending
    /// for the declarer's discard or next kan (R5.6).
    fn kan_indicator(&mut self, now: bool) {
        if self.rules.kan_dora {
            self.pending_dora += 1;
        }
        if now {
            self.reveal_pending();
        }
    }

    /// `seat` draws a replacement tile after a kan or a kita (`draw`).
    pub(super) fn replacement_draw(&mut self, seat: usize, draw: Draw) {
        match self.wall.draw_replacement() {
            Some(tile) => self.draw_tile(seat, tile, draw),
            None => self.exhaustive_draw(),
        }
    }
}
