//! Claims on a discard, a kan tile or a kita tile: who may ron, chi, pon or kan it,
//! priorities, furiten for passing, the riichi deposit, calls with kuikae and pao, and the
//! next draw (R4, R5.4, R6.2, R11.3, R11.4, R12, R14.2-R14.5, R15; three players T3.3-T3.5,
//! T4.1, T11.3, T17.7).

use std::sync::Arc;

use super::{Claims, Deal, DealMeld, Draw, Phase, PlayerState, Source, TurnKind};
use crate::meld::{Meld, MeldKind};
use crate::riichi::game::action::{Action, tile_class};
use crate::riichi::game::event::{DrawReason, Event};
use crate::riichi::rules::{
    KitaRon, Kuikae, MultiRon, PaoSet, Sanchahou, TempFuritenEnd, TempFuritenTrigger,
};
use crate::tile::kind_of_id;

impl Deal {
    /// Whether the claim window on `tile` allows calls at all (R2.13 houtei, R14.4 the
    /// discard after a fourth kan by several players): `None` when it does, else why not.
    pub(super) fn calls_closed(&self, source: Source) -> Option<crate::riichi::game::Reason> {
        use crate::riichi::game::Reason;
        if source != Source::Discard {
            None
        } else if self.wall.live() == 0 {
            Some(Reason::LastDiscardRonOnly)
        } else if self.rules.suukaikan && self.four_kans_by_several() {
            Some(Reason::FourthKanRonOnly)
        } else {
            None
        }
    }

    pub(super) fn open_claims(&mut self, from: usize, tile: u8, source: Source) {
        let calls = source == Source::Discard && self.calls_closed(source).is_none();
        let mut options: [Vec<Action>; 4] = Default::default();
        for (seat, opts) in options.iter_mut().enumerate().take(self.player_count()) {
            if seat == from {
                continue;
            }
            if self.ron_scored(seat, from, tile, source).is_some() {
                opts.push(Action::Ron);
            }
            if calls && !self.players[seat].riichi {
                self.push_call_options(opts, seat, from, tile);
            }
            if !opts.is_empty() {
                opts.push(Action::Pass);
            }
        }
        let claims = Claims {
            from,
            tile,
            source,
            options,
            responses: Default::default(),
        };
        if claims.options.iter().all(Vec::is_empty) {
            // Nobody may claim: the window closes at once, never stored.
            self.leave_turn(Phase::Over);
            self.close_claims(claims);
        } else {
            self.leave_turn(Phase::Claims(claims));
        }
    }

    /// The pons, daiminkan and chis `seat` may make on `tile` from `from`, kuikae applied,
    /// pushed onto `out` in that order.
    fn push_call_options(&self, out: &mut Vec<Action>, seat: usize, from: usize, tile: u8) {
        let kind = kind_of_id(tile);
        let p = &self.players[seat];
        let same = p.of_kind(kind);
        if same.len() >= 2 {
            let forbidden = self.kuikae_kinds(kind, kind, false);
            for pair in self.distinct_pairs(same, same) {
                if self.has_discard_after(seat, &pair, forbidden) {
                    out.push(Action::Pon(pair));
                }
            }
        }
        if same.len() == 3 && self.kan_blocked().is_none() {
            out.push(Action::Daiminkan);
        }
        if !self.chi_seat(seat, from, kind) {
            return;
        }
        // Every chi before kuikae: the lowest kind of the sequence and the two tiles of the
        // hand, one pair per distinct classes.
        let n = kind % 9;
        for low in n.saturating_sub(2)..=n.min(6) {
            let base = kind - n + low;
            let mut others = (base..base + 3).filter(|&k| k != kind);
            let (Some(first), Some(second)) = (others.next(), others.next()) else {
                continue;
            };
            if p.held(first) == 0 || p.held(second) == 0 {
                continue;
            }
            let forbidden = self.kuikae_kinds(kind, base, true);
            for pair in self.distinct_pairs(p.of_kind(first), p.of_kind(second)) {
                if self.has_discard_after(seat, &pair, forbidden) {
                    out.push(Action::Chi(pair));
                }
            }
        }
    }

    /// Whether `seat` may chi a tile of `kind` discarded by `from`: four players (there is no
    /// chi with three, T4.1), it sits next and the tile is a suited one.
    fn chi_seat(&self, seat: usize, from: usize, kind: u8) -> bool {
        self.player_count() == 4 && seat == (from + 1) % 4 && kind < 27
    }

    /// Tile pairs `(x, y)` with `x` from `a` and `y` from `b`, one per distinct pair of
    /// classes (a red five is its own class).
    fn distinct_pairs(&self, a: &[u8], b: &[u8]) -> impl Iterator<Item = [u8; 2]> {
        let same = a == b;
        let classes = |x: u8, y: u8| {
            let (c, d) = (tile_class(x, self.red_fives), tile_class(y, self.red_fives));
            (c.min(d), c.max(d))
        };
        // At most four tiles of a kind on each side: at most 16 pairs, kept on the stack.
        let mut out = [[0u8; 2]; 16];
        let mut len = 0;
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                if same && j <= i {
                    continue;
                }
                let pair = classes(x, y);
                if !out[..len].iter().any(|&[u, v]| classes(u, v) == pair) {
                    out[len] = [x, y];
                    len += 1;
                }
            }
        }
        out.into_iter().take(len)
    }

    /// Kinds the caller may not discard right after the call (R4.5), as bits.
    pub(super) fn kuikae_kinds(&self, called: u8, base: u8, chi: bool) -> u64 {
        let mut bits = 1u64 << called;
        if self.rules.kuikae == Kuikae::Allowed {
            return 0;
        }
        if chi && self.rules.kuikae == Kuikae::ForbiddenInclSuji {
            let n = called % 9;
            if called == base && n + 3 <= 8 {
                bits |= 1 << (called + 3);
            }
            if called == base + 2 && n >= 3 {
                bits |= 1 << (called - 3);
            }
        }
        bits
    }

    /// Whether the caller keeps a tile it may discard after using `pair` (R4.5e).
    pub(super) fn has_discard_after(&self, seat: usize, pair: &[u8; 2], forbidden: u64) -> bool {
        self.players[seat]
            .hand
            .iter()
            .any(|t| !pair.contains(t) && forbidden & (1 << kind_of_id(*t)) == 0)
    }

    pub(super) fn respond(&mut self, seat: usize, action: Action) {
        let Phase::Claims(claims) = &mut self.phase else {
            return;
        };
        claims.responses[seat] = Some(action);
        if !self.anyone_waiting() {
            self.resolve_claims();
        }
    }

    fn resolve_claims(&mut self) {
        if let Phase::Claims(claims) = std::mem::replace(&mut self.phase, Phase::Over) {
            self.close_claims(claims);
        }
    }

    /// Settles a claim window every seat has answered (the deal's phase already left it).
    fn close_claims(&mut self, claims: Claims) {
        let order = self.seats_after(claims.from);
        // The seats that ron, in turn order after the discarder (three at most).
        let mut ronning = [0; 3];
        let mut rons = 0;
        for s in order.clone() {
            if claims.responses[s] == Some(Action::Ron) {
                ronning[rons] = s;
                rons += 1;
            }
        }
        match self.rules.multi_ron {
            MultiRon::HeadBump => rons = rons.min(1),
            MultiRon::Double if rons == 3 => {
                if self.rules.sanchahou == Sanchahou::Abort {
                    // R6.2: a riichi declared with the discard three players ron is void.
                    self.riichi_pending = None;
                    self.end_draw(DrawReason::Sanchahou, [false; 4], [false; 4], [0; 4]);
                    return;
                }
                rons = 2;
            }
            _ => {}
        }
        let rons = &ronning[..rons];
        self.note_missed_wins(&claims);
        self.mark_passes(&claims, rons);
        if !rons.is_empty() {
            let wins = rons
                .iter()
                .filter_map(|&s| {
                    self.ron_scored(s, claims.from, claims.tile, claims.source)
                        .map(|(scored, ctx)| (s, claims.from, claims.tile, scored, ctx))
                })
                .collect();
            self.finish_wins(wins);
            return;
        }
        self.accept_riichi();
        if self.outcome.is_some() {
            return;
        }
        let pick = |want: fn(&Action) -> bool| {
            order
                .clone()
                .find_map(|s| claims.responses[s].filter(&want).map(|a| (s, a)))
        };
        let call = pick(|a| matches!(a, Action::Pon(_) | Action::Daiminkan))
            .or_else(|| pick(|a| matches!(a, Action::Chi(_))));
        match (claims.source, call) {
            (Source::Kakan { meld }, _) => self.complete_kakan(claims.from, claims.tile, meld),
            (Source::Ankan, _) => self.replacement_draw(claims.from, Draw::Kan),
            (Source::Kita, _) => self.complete_kita(claims.from),
            (Source::Discard, Some((seat, action))) => {
                self.call(seat, claims.from, claims.tile, action);
            }
            (Source::Discard, None) => self.after_discard(claims.from),
        }
    }

    /// Why each seat whose hand the claimed tile completes could not ron it, kept for
    /// [`Deal::blocked`] until the seat's next draw or call.
    fn note_missed_wins(&mut self, claims: &Claims) {
        for seat in self.seats_after(claims.from) {
            self.passed[seat] = self.ron_blocked(seat, claims);
        }
    }

    /// Furiten for every player who let a wait tile go by (R11.3, R11.4, R5.5). A tile
    /// shown in an ankan is passed only by a player who could rob it (a kokushi wait under
    /// `kokushi_rob_ankan`, R5.4): for anyone else it was never on offer. A kita tile is
    /// passed as a discard is, under `kita_pass_furiten` (T11.3) and when it may be robbed.
    fn mark_passes(&mut self, claims: &Claims, winners: &[usize]) {
        let kind = kind_of_id(claims.tile);
        let kita_passes = self.rules.kita_pass_furiten && self.rules.kita_ron != KitaRon::Off;
        for seat in self
            .seats_after(claims.from)
            .filter(|s| !winners.contains(s))
        {
            let had_ron = claims.options[seat].contains(&Action::Ron);
            let p = &mut self.players[seat];
            let passed = match self.rules.temp_furiten_trigger {
                _ if claims.source == Source::Ankan => had_ron,
                _ if claims.source == Source::Kita && !kita_passes => false,
                TempFuritenTrigger::AnyWaitTile => p.waits().contains(&kind),
                TempFuritenTrigger::LegalRonOnly => had_ron,
            };
            if passed {
                p.pass_wait();
            }
        }
    }

    fn accept_riichi(&mut self) {
        let Some(seat) = self.riichi_pending.take() else {
            return;
        };
        let p = &mut self.players[seat];
        p.riichi = true;
        p.ippatsu = true;
        self.deposit(seat);
        if self.rules.suucha_riichi && self.players.iter().filter(|p| p.riichi).count() == 4 {
            // R14.3: four riichi hands are all tenpai (R6.1).
            self.end_draw(DrawReason::SuuchaRiichi, [true; 4], [false; 4], [0; 4]);
        }
    }

    /// `seat`'s riichi stands: its deposit goes on the table (R6.2).
    pub(super) fn deposit(&mut self, seat: usize) {
        let mut deltas = [0; 4];
        deltas[seat] = -i64::from(self.rules.riichi_deposit);
        let scores = self.pay(deltas);
        self.riichi_sticks += 1;
        self.depositors.push(seat);
        self.events.push(Event::ReachAccepted {
            seat,
            deltas,
            scores,
        });
    }

    fn call(&mut self, seat: usize, from: usize, tile: u8, action: Action) {
        let kind = kind_of_id(tile);
        let (meld_kind, consumed): (MeldKind, Vec<u8>) = match action {
            Action::Chi(pair) => (MeldKind::Chi, pair.to_vec()),
            Action::Pon(pair) => (MeldKind::Pon, pair.to_vec()),
            _ => (
                MeldKind::Daiminkan,
                self.players[seat].of_kind(kind).to_vec(),
            ),
        };
        let mut tiles = consumed.clone();
        tiles.push(tile);
        tiles.sort_unstable();
        let Ok(meld) = self
            .tiles_of(&tiles)
            .and_then(|t| Meld::new(meld_kind, t, Some(kind), Some(from as u8)))
        else {
            return;
        };
        if meld_kind == MeldKind::Daiminkan {
            self.daiminkan_started(seat);
        }
        self.called = true;
        let any_call_ends = self.rules.temp_furiten_end == TempFuritenEnd::AnyCallToo;
        for (s, p) in self.players.iter_mut().enumerate() {
            p.ippatsu = false;
            if any_call_ends || s == seat {
                p.end_temporary_furiten();
            }
        }
        if let Some(last) = Arc::make_mut(&mut self.players[from].pond).last_mut() {
            last.called = true;
        }
        self.passed[seat] = None;
        let p = &mut self.players[seat];
        for &t in &consumed {
            if p.take(t).is_err() {
                return;
            }
        }
        Arc::make_mut(&mut p.melds).push(DealMeld {
            meld,
            tiles,
            called: Some(tile),
            from: Some(from),
            after_discards: p.pond.len(),
        });
        self.check_pao(seat, from, meld_kind, kind);
        self.events.push(Event::Call {
            seat,
            kind: meld_kind,
            from,
            tile,
            consumed,
        });
        if meld_kind == MeldKind::Daiminkan {
            self.after_open_kan();
            self.kan_tile_from = Some(from);
            self.replacement_draw(seat, Draw::Kan);
            return;
        }
        let base = match action {
            Action::Chi(pair) => pair
                .iter()
                .map(|&t| kind_of_id(t))
                .chain([kind])
                .min()
                .unwrap_or(kind),
            _ => kind,
        };
        let forbidden = self.kuikae_kinds(kind, base, meld_kind == MeldKind::Chi);
        self.start_turn(seat, TurnKind::Called { forbidden });
    }

    /// Liability (R15.1) when this call completes the third dragon set, the fourth wind set,
    /// or (with the option) the fourth kan.
    fn check_pao(&mut self, seat: usize, from: usize, kind: MeldKind, tile_kind: u8) {
        let p = &mut self.players[seat];
        let sets_of = |range: std::ops::RangeInclusive<u8>| {
            p.melds
                .iter()
                .filter(|m| {
                    m.meld.kind() != MeldKind::Chi && range.contains(&kind_of_id(m.tiles[0]))
                })
                .count()
        };
        let dragons = (31..=33).contains(&tile_kind)
            && sets_of(31..=33) == 3
            && self.rules.pao.contains(PaoSet::DAISANGEN);
        let winds = (27..=30).contains(&tile_kind)
            && sets_of(27..=30) == 4
            && self.rules.pao.contains(PaoSet::DAISUUSHII);
        let kans = kind == MeldKind::Daiminkan
            && p.melds.iter().filter(|m| m.meld.kind().is_kan()).count() == 4
            && self.rules.pao.contains(PaoSet::SUUKANTSU);
        if (dragons || winds || kans) && p.liable.is_none() {
            p.liable = Some(from);
        }
    }

    /// The discard passed: an abortive draw, or the next player draws (or the wall is empty).
    fn after_discard(&mut self, from: usize) {
        if self.first_round_aborts() {
            return;
        }
        if self.rules.suukaikan && self.four_kans_by_several() {
            self.end_draw(DrawReason::Suukaikan, [false; 4], [false; 4], [0; 4]);
            return;
        }
        let next = (from + 1) % self.player_count();
        match self.wall.draw() {
            Some(tile) => self.draw_tile(next, tile, Draw::Wall),
            None => self.exhaustive_draw(),
        }
    }

    /// Suufon renda (R14.2): four identical first-discard winds, no call (never with three
    /// players, T14.2).
    fn first_round_aborts(&mut self) -> bool {
        if !self.rules.suufon_renda
            || self.called
            || !self.players.iter().all(|p| p.pond.len() == 1)
        {
            return false;
        }
        let first = |p: &PlayerState| kind_of_id(p.pond[0].tile);
        let wind = first(&self.players[0]);
        let all_one_wind =
            (27..=30).contains(&wind) && self.players.iter().all(|p| first(p) == wind);
        if all_one_wind {
            self.end_draw(DrawReason::SuufonRenda, [false; 4], [false; 4], [0; 4]);
        }
        all_one_wind
    }
}
