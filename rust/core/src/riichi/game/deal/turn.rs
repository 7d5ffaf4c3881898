//! The player on turn: what a turn offers (discards, riichi, kans, kita, tsumo, kyuushu
//! kyuuhai) and the discard (R3, R6, R14.1, T17.2).

use std::sync::Arc;

use super::player::{DealMeld, PlayerState};
use super::{Deal, Draw, PondTile, Source, TurnKind};
use crate::meld::{Meld, MeldKind};
use crate::riichi::game::action::{Action, tile_class};
use crate::riichi::game::event::{DrawReason, Event};
use crate::riichi::rules::RiichiAnkan;
use crate::tile::{RIICHI_KINDS, kind_of_id};
use crate::tiles::Tiles;

impl Deal {
    /// Lists the legal actions of `seat`'s turn in `out` (emptied first).
    pub(super) fn turn_actions(&self, seat: usize, kind: TurnKind, out: &mut Vec<Action>) {
        let p = &self.players[seat];
        out.clear();
        // Room for every discard and a riichi with each, and a few more: one allocation.
        out.reserve(2 * p.hand.len() + 6);
        let (drawn, draw) = match kind {
            TurnKind::Drawn { tile, draw } => (tile, draw),
            TurnKind::Called { forbidden } => {
                self.push_discards(out, seat, None, forbidden);
                return;
            }
        };
        if self.tsumo_scored(seat, drawn, draw).is_some() {
            out.push(Action::Tsumo);
        }
        if p.riichi {
            out.push(Action::Discard(drawn));
            if self.riichi_ankan_allowed(seat, drawn) {
                out.push(Action::Ankan(kind_of_id(drawn)));
            }
            if self.kita_status(seat, Some(drawn)) == Some(Ok(())) {
                out.push(Action::Kita);
            }
            return;
        }
        let discards = out.len();
        self.push_discards(out, seat, Some(drawn), 0);
        self.push_riichi_options(out, discards, seat);
        self.push_ankan_options(out, seat);
        self.push_kakan_options(out, seat);
        if self.kita_status(seat, Some(drawn)) == Some(Ok(())) {
            out.push(Action::Kita);
        }
        if self.kyuushu_allowed(seat) {
            out.push(Action::Kyuushu);
        }
    }

    /// One discard per tile class, the drawn tile preferred (tsumogiri), pushed onto `out`.
    fn push_discards(&self, out: &mut Vec<Action>, seat: usize, drawn: Option<u8>, forbidden: u64) {
        let mut seen = 0u64;
        let order = drawn
            .into_iter()
            .chain(self.players[seat].hand.iter().copied());
        for t in order {
            let class = tile_class(t, self.red_fives);
            if seen & (1 << class) != 0 || forbidden & (1 << kind_of_id(t)) != 0 {
                continue;
            }
            seen |= 1 << class;
            out.push(Action::Discard(t));
        }
    }

    /// Whether the riichi conditions other than tenpai hold (R6.1a, c, d, e); `None` when they
    /// do, else the first that fails.
    pub(super) fn riichi_condition(&self, seat: usize) -> Option<crate::riichi::game::Reason> {
        use crate::riichi::game::Reason;
        let p = &self.players[seat];
        if p.riichi {
            return Some(Reason::AlreadyRiichi);
        }
        if !p.closed() {
            return Some(Reason::RiichiOpenHand);
        }
        if let Some(min) = self.rules.riichi_min_points
            && self.scores[seat] < i64::from(min)
        {
            return Some(Reason::RiichiMinPoints { points: min });
        }
        let min_live = self.rules.riichi_min_live_tiles.get();
        if self.wall.live() < min_live as usize {
            return Some(Reason::RiichiMinLiveTiles { tiles: min_live });
        }
        None
    }

    /// Whether some discard of the 3n+2 concealed tiles leaves a hand with shanten 0 (a quick
    /// table check before any wait is listed).
    pub(super) fn tenpai_within_reach(p: &PlayerState) -> bool {
        p.shanten_near() <= 0
    }

    /// A riichi with each discard from `out[discards..]` (the turn's discards) that leaves the
    /// hand waiting, pushed onto `out`.
    fn push_riichi_options(&self, out: &mut Vec<Action>, discards: usize, seat: usize) {
        let p = &self.players[seat];
        if self.riichi_condition(seat).is_some() || !Self::tenpai_within_reach(p) {
            return;
        }
        let hand = p.shape();
        let mut tenpai = [None; RIICHI_KINDS];
        for at in discards..out.len() {
            let Action::Discard(t) = out[at] else {
                continue;
            };
            let kind = usize::from(kind_of_id(t));
            let waits =
                *tenpai[kind].get_or_insert_with(|| PlayerState::tenpai_of(&hand.without(kind)));
            if waits {
                out.push(Action::Riichi(t));
            }
        }
    }

    fn push_ankan_options(&self, out: &mut Vec<Action>, seat: usize) {
        if self.kan_blocked().is_some() {
            return;
        }
        let counts = self.players[seat].counts();
        out.extend(
            (0..RIICHI_KINDS as u8)
                .filter(|&k| counts[usize::from(k)] == 4)
                .map(Action::Ankan),
        );
    }

    fn push_kakan_options(&self, out: &mut Vec<Action>, seat: usize) {
        if self.kan_blocked().is_some() {
            return;
        }
        let p = &self.players[seat];
        out.extend(
            p.melds
                .iter()
                .filter(|m| m.meld.kind() == MeldKind::Pon)
                .filter_map(|m| {
                    let kind = kind_of_id(m.tiles[0]);
                    p.hand
                        .iter()
                        .find(|&&t| kind_of_id(t) == kind)
                        .map(|&t| Action::Kakan(t))
                }),
        );
    }

    /// Whether a riichi hand may ankan the drawn tile's kind (R6.3): only that kind, only when
    /// the waits stay the same (and, for `same_waits_and_shape`, every reading keeps the three
    /// as a triplet).
    fn riichi_ankan_allowed(&self, seat: usize, drawn: u8) -> bool {
        self.rules.riichi_ankan != RiichiAnkan::None
            && self.kan_blocked().is_none()
            && self.players[seat].held(kind_of_id(drawn)) == 4
            && self.riichi_kan_keeps_waits(seat, drawn)
    }

    /// Whether an ankan of the drawn tile's kind keeps a riichi hand's waits (and, under
    /// `same_waits_and_shape`, its readings).
    pub(super) fn riichi_kan_keeps_waits(&self, seat: usize, drawn: u8) -> bool {
        let kind = kind_of_id(drawn);
        let p = &self.players[seat];
        let mut before = p.clone();
        if before.take(drawn).is_err() {
            return false;
        }
        before.refresh_waits();
        let mut after = p.clone();
        after.take_kind(kind);
        let Ok(meld) = Meld::new(
            MeldKind::Ankan,
            Tiles::from_kinds([i64::from(kind); 4]).unwrap_or_default(),
            None,
            None,
        ) else {
            return false;
        };
        Arc::make_mut(&mut after.melds).push(DealMeld {
            meld,
            tiles: vec![],
            called: None,
            from: None,
            after_discards: after.pond.len(),
        });
        after.refresh_waits();
        if before.waits() != after.waits() || !before.tenpai() {
            return false;
        }
        if self.rules.riichi_ankan != RiichiAnkan::SameWaitsAndShape {
            return true;
        }
        let counts = before.counts();
        before.waits().iter().all(|&w| {
            let mut c = counts;
            c[usize::from(w)] += 1;
            crate::decompose::decompose(&c)
                .unwrap_or_default()
                .iter()
                .all(|d| d.sets().contains(&crate::decompose::Set::Triplet(kind)))
        })
    }

    fn kyuushu_allowed(&self, seat: usize) -> bool {
        let p = &self.players[seat];
        if !self.rules.kyuushu_kyuuhai || self.called || !p.pond.is_empty() {
            return false;
        }
        let counts = p.counts();
        crate::tile::YAOCHUU
            .iter()
            .filter(|&&k| counts[usize::from(k)] > 0)
            .count()
            >= 9
    }

    pub(super) fn apply_turn(&mut self, seat: usize, action: Action, kind: TurnKind) {
        let (drawn, draw) = match kind {
            TurnKind::Drawn { tile, draw } => (Some(tile), draw),
            TurnKind::Called { .. } => (None, Draw::Wall),
        };
        match action {
            Action::Discard(t) => self.discard(seat, t, drawn, false),
            Action::Riichi(t) => self.discard(seat, t, drawn, true),
            Action::Tsumo => {
                let tile = drawn.unwrap_or_default();
                if let Some((scored, ctx)) = self.tsumo_scored(seat, tile, draw) {
                    self.finish_wins(vec![(seat, seat, tile, scored, ctx)]);
                }
            }
            Action::Ankan(kind) => self.ankan(seat, kind),
            Action::Kakan(tile) => self.kakan(seat, tile),
            Action::Kita => self.kita(seat, drawn),
            Action::Kyuushu => {
                self.end_draw(DrawReason::KyuushuKyuuhai, [false; 4], [false; 4], [0; 4]);
            }
            _ => {}
        }
    }

    /// Discards `tile` (declaring riichi with it when `riichi`): a kan indicator still pending
    /// is revealed first (R5.6; the `dora` event comes before the `reach` and the `dahai`, as
    /// in Tenhou's records and mjai hosts), then the claim window opens.
    fn discard(&mut self, seat: usize, tile: u8, drawn: Option<u8>, riichi: bool) {
        let double = riichi && !self.called && self.players[seat].pond.is_empty();
        self.kan_tile_from = None;
        self.reveal_pending();
        let p = &mut self.players[seat];
        if p.discard(tile).is_err() {
            return;
        }
        if riichi {
            self.events.push(Event::Reach { seat });
            self.riichi_pending = Some(seat);
            p.double_riichi = double;
        }
        p.ippatsu = false;
        p.end_temporary_furiten();
        Arc::make_mut(&mut p.pond).push(PondTile {
            tile,
            tsumogiri: drawn == Some(tile),
            riichi,
            called: false,
        });
        self.events.push(Event::Dahai {
            seat,
            tile,
            tsumogiri: drawn == Some(tile),
        });
        self.open_claims(seat, tile, Source::Discard);
    }
}
