//! The end of a deal: scoring a tsumo or ron in its context, the payments of one or more
//! wins, exhaustive and abortive draws, deposits left at the end of a one-deal game (R9,
//! R12, R13, R14.6, R16.3; three players T9, T13, T17.7, T17.9), and the tile accounting
//! check.

use super::{Deal, Draw, Outcome, Phase, Source, returns_deposits};
use crate::decompose::is_complete;
use crate::error::{Error, Result};
use crate::meld::Meld;
use crate::riichi::context::{Indicators, WinContext};
use crate::riichi::game::action::is_red_id;
use crate::riichi::game::event::{DrawReason, Event, Split, WinRecord};
use crate::riichi::rules::{KitaRon, MultiRonRenchan, Renhou};
use crate::riichi::score::{Scored, Scorer, Win};
use crate::riichi::settlement::{self, RonShare};
use crate::tile::{is_yaochuu, kind_of_id};
use crate::tiles::Tiles;
use crate::wind::Wind;

/// One win to settle: winner, discarder (the winner for a tsumo), tile, score and context.
pub(super) type Winning = (usize, usize, u8, Scored, WinContext);

impl Deal {
    pub(super) fn tiles_of(&self, ids: &[u8]) -> Result<Tiles> {
        Tiles::from_ids(ids.iter().map(|&t| i64::from(t)), self.red_fives)
    }

    fn context(&self, seat: usize, tsumo: bool, from: usize) -> WinContext {
        let p = &self.players[seat];
        let indicators = |ids: Vec<u8>| {
            Indicators::with_red(
                ids.into_iter()
                    .map(|t| (kind_of_id(t), is_red_id(t, self.red_fives))),
            )
            .unwrap_or_default()
        };
        let first_round = !self.called;
        WinContext {
            tsumo,
            riichi: p.riichi && !p.double_riichi,
            double_riichi: p.riichi && p.double_riichi,
            ippatsu: p.riichi && p.ippatsu,
            seat_wind: self.seat_wind(seat),
            round_wind: self.setup.round_wind,
            dora_indicators: indicators(self.wall.dora_indicators()),
            ura_indicators: if p.riichi {
                indicators(self.wall.ura_indicators())
            } else {
                Indicators::default()
            },
            honba: self.setup.honba,
            riichi_sticks: self.riichi_sticks,
            discarder: (!tsumo).then(|| self.seat_wind(from)),
            liable: p.liable.map(|s| self.seat_wind(s)),
            kita: p.kita.len() as u8,
            tenhou: tsumo && first_round && seat == self.setup.dealer && p.pond.is_empty(),
            chiihou: tsumo
                && first_round
                && seat != self.setup.dealer
                && p.pond.is_empty()
                && p.draws == 1,
            renhou: !tsumo
                && first_round
                && seat != self.setup.dealer
                && p.draws == 0
                && self.rules.renhou != Renhou::Off,
            ..WinContext::default()
        }
    }

    /// Whether `seat`'s concealed tiles (with `tile` added when `with_tile`) complete a hand.
    pub(super) fn completes(&self, seat: usize, tile: u8, with_tile: bool) -> bool {
        let p = &self.players[seat];
        if !with_tile {
            let complete = p.shanten_near() == -1;
            debug_assert_eq!(complete, is_complete(&p.counts(), p.hand.len()));
            return complete;
        }
        let mut counts = p.counts();
        counts[usize::from(kind_of_id(tile))] += 1;
        is_complete(&counts, p.hand.len() + 1)
    }

    /// The best scoring of `seat`'s complete hand, when it has a yaku.
    fn score(&self, seat: usize, tile: u8, ctx: &WinContext, with_tile: bool) -> Option<Scored> {
        if !self.completes(seat, tile, with_tile) {
            return None;
        }
        let p = &self.players[seat];
        let mut ids = p.hand.clone();
        if with_tile {
            ids.push(tile);
        }
        let concealed = self.tiles_of(&ids).ok()?;
        let melds: Vec<Meld> = p.melds.iter().map(|m| m.meld).collect();
        let win = Win {
            concealed: &concealed,
            win_tile: kind_of_id(tile),
            melds: &melds,
        };
        let scored = Scorer::default().score(&win, ctx, &self.rules).ok()?;
        scored.is_win.then_some(scored)
    }

    /// The scoring of a tsumo with `drawn` (drawn as `draw` says), when it wins: a kan's
    /// replacement tile wins by rinshan kaihou, a kita's too under `kita_rinshan` (T17.9); a
    /// replacement tile is never the dealt hand of a tenhou or the first draw of a chiihou.
    pub(super) fn tsumo_scored(
        &self,
        seat: usize,
        drawn: u8,
        draw: Draw,
    ) -> Option<(Scored, WinContext)> {
        if !self.completes(seat, drawn, false) {
            return None;
        }
        let mut ctx = self.context(seat, true, seat);
        let replacement = draw.replacement();
        ctx.rinshan = draw == Draw::Kan || (draw == Draw::Kita && self.rules.kita_rinshan);
        ctx.haitei = (!replacement || self.rules.rinshan_counts_as_haitei) && self.wall.live() == 0;
        ctx.tenhou &= !replacement;
        ctx.chiihou &= !replacement;
        self.score(seat, drawn, &ctx, false).map(|s| (s, ctx))
    }

    pub(super) fn ron_scored(
        &self,
        seat: usize,
        from: usize,
        tile: u8,
        source: Source,
    ) -> Option<(Scored, WinContext)> {
        let p = &self.players[seat];
        if !p.waits().contains(&kind_of_id(tile)) || p.furiten().is_some() {
            return None;
        }
        let mut ctx = self.context(seat, false, from);
        ctx.chankan = matches!(source, Source::Kakan { .. } | Source::Ankan);
        ctx.houtei = source == Source::Discard && self.wall.live() == 0;
        if source == Source::Kita {
            // T17.7, T7.2: a robbed kita is a ron without a chankan yaku, with ippatsu per
            // `kita_ron_ippatsu`.
            if self.rules.kita_ron == KitaRon::Off {
                return None;
            }
            ctx.ippatsu &= self.rules.kita_ron_ippatsu;
        }
        let scored = self.score(seat, tile, &ctx, true)?;
        let kokushi = scored.reading.decomposition.shape == crate::decompose::Shape::Kokushi;
        let yakuman_only = source == Source::Kita && self.rules.kita_ron == KitaRon::YakumanOnly;
        if (source == Source::Ankan && !kokushi) || (yakuman_only && scored.units == 0) {
            return None;
        }
        Some((scored, ctx))
    }

    pub(super) fn finish_wins(&mut self, wins: Vec<Winning>) {
        let from = wins.first().map_or(0, |w| w.1);
        let tsumo = wins.first().is_some_and(|w| w.0 == w.1);
        let own_deposit: Vec<(Wind, bool)> = wins
            .iter()
            .map(|w| (self.seat_wind(w.0), self.players[w.0].riichi))
            .collect();
        let shares: Vec<RonShare> = if tsumo {
            vec![RonShare {
                winner: self.seat_wind(wins[0].0),
                honba: self.setup.honba,
                riichi_sticks: self.riichi_sticks,
            }]
        } else {
            settlement::share_multi_ron(
                self.seat_wind(from),
                &own_deposit,
                self.setup.honba,
                self.riichi_sticks,
                &self.rules,
            )
            .unwrap_or_default()
        };
        let mut records = Vec::new();
        for (seat, from, tile, scored, mut ctx) in wins {
            let share = shares
                .iter()
                .find(|s| s.winner == self.seat_wind(seat))
                .copied()
                .unwrap_or(RonShare {
                    winner: self.seat_wind(seat),
                    honba: 0,
                    riichi_sticks: 0,
                });
            ctx.honba = share.honba;
            ctx.riichi_sticks = share.riichi_sticks;
            // R5.10: a rinshan win right after a daiminkan may be paid by the kan tile's
            // discarder as a ron.
            if let Some(kan_from) = self
                .kan_tile_from
                .filter(|_| ctx.rinshan && self.rules.daiminkan_rinshan_pao)
            {
                ctx.tsumo = false;
                ctx.discarder = Some(self.seat_wind(kan_from));
            }
            let settle = |ctx: &WinContext| {
                self.by_seat(scored.settle(ctx, &self.rules).deltas.unwrap_or_default())
            };
            let deltas = settle(&ctx);
            let with_honba = settle(&WinContext {
                riichi_sticks: 0,
                ..ctx
            });
            let hand = settle(&WinContext {
                riichi_sticks: 0,
                honba: 0,
                ..ctx
            });
            let minus = |a: [i64; 4], b: [i64; 4]| std::array::from_fn(|s| a[s] - b[s]);
            let scores = self.pay(deltas);
            let ura = if self.players[seat].riichi {
                self.wall.ura_indicators()
            } else {
                Vec::new()
            };
            records.push(WinRecord {
                seat,
                from,
                tile,
                yaku: scored.yaku(&self.rules).collect(),
                yakuman: scored.yakuman(&self.rules).collect(),
                han: scored.han(),
                fu: scored.fu.total(),
                points: scored.points,
                limit: scored.limit,
                ura_indicators: ura,
                liable: self.players[seat]
                    .liable
                    .filter(|_| scored.pao_units(&self.rules) > 0),
                deltas,
                scores,
                fu_parts: scored.fu.iter().collect(),
                split: Split {
                    hand,
                    honba: minus(with_honba, hand),
                    sticks: minus(deltas, with_honba),
                },
            });
        }
        self.riichi_sticks = 0;
        self.depositors.clear();
        // R12.3: with several winners (nearest first) the dealer keeps the deal when among
        // them, or under `dealer_nearest_only` only as the nearest.
        let dealer = self.setup.dealer;
        let dealer_keeps = match self.rules.multi_ron_renchan {
            MultiRonRenchan::DealerAmongWinners => records.iter().any(|r| r.seat == dealer),
            MultiRonRenchan::DealerNearestOnly => records.first().is_some_and(|r| r.seat == dealer),
        };
        for record in &records {
            self.events.push(Event::Hora(Box::new(record.clone())));
        }
        self.finish(Outcome {
            wins: records,
            draw: None,
            tenpai: [false; 4],
            deltas: [0; 4],
            dealer_keeps,
            riichi_sticks: 0,
            returned: [0; 4],
        });
    }

    /// Amounts by seat from amounts by seat wind (0 for a seat beyond the player count).
    fn by_seat(&self, by_wind: [i64; 4]) -> [i64; 4] {
        let count = self.player_count();
        std::array::from_fn(|s| {
            if s < count {
                by_wind[self.seat_wind(s).index()]
            } else {
                0
            }
        })
    }

    pub(super) fn exhaustive_draw(&mut self) {
        let tenpai: [bool; 4] = std::array::from_fn(|s| self.players[s].tenpai());
        let nagashi: [bool; 4] = std::array::from_fn(|s| {
            let p = &self.players[s];
            self.rules.nagashi_mangan
                && !p.pond.is_empty()
                && p.pond
                    .iter()
                    .all(|d| is_yaochuu(kind_of_id(d.tile)) && !d.called)
                && (!self.rules.nagashi_requires_closed || p.melds.iter().all(|m| m.from.is_none()))
        });
        let mut deltas = [0i64; 4];
        if nagashi.iter().any(|&n| n) {
            for (seat, _) in nagashi.iter().enumerate().filter(|(_, n)| **n) {
                let by_wind =
                    settlement::nagashi_mangan(self.seat_wind(seat), self.setup.honba, &self.rules)
                        .unwrap_or_default();
                for (d, paid) in deltas.iter_mut().zip(self.by_seat(by_wind)) {
                    *d += paid;
                }
            }
        } else {
            deltas = settlement::exhaustive_draw(tenpai, &self.rules);
        }
        self.end_draw(DrawReason::Exhaustive, tenpai, nagashi, deltas);
    }

    /// Ends the deal in a draw with `deltas`; deposits of a one-deal game that ends now go
    /// back to their payers (R13.5) in the same payment.
    pub(super) fn end_draw(
        &mut self,
        reason: DrawReason,
        tenpai: [bool; 4],
        nagashi: [bool; 4],
        mut deltas: [i64; 4],
    ) {
        self.accept_riichi_silently();
        let mut returned = [0i64; 4];
        if returns_deposits(&self.rules) {
            for seat in std::mem::take(&mut self.depositors) {
                returned[seat] += i64::from(self.rules.riichi_deposit);
                self.riichi_sticks -= 1;
            }
        }
        for (d, r) in deltas.iter_mut().zip(returned) {
            *d += r;
        }
        let declarer = self.turn().filter(|_| reason == DrawReason::KyuushuKyuuhai);
        let scores = self.pay(deltas);
        self.events.push(Event::Ryukyoku {
            reason,
            declarer,
            tenpai,
            nagashi,
            deltas,
            scores,
        });
        let dealer_keeps = reason != DrawReason::Exhaustive || tenpai[self.setup.dealer];
        self.finish(Outcome {
            wins: Vec::new(),
            draw: Some(reason),
            tenpai,
            deltas: [0; 4],
            dealer_keeps,
            riichi_sticks: self.riichi_sticks,
            returned,
        });
    }

    /// Writes `end_kyoku` and the outcome (its deltas from the scores).
    fn finish(&mut self, mut outcome: Outcome) {
        self.events.push(Event::EndKyoku);
        outcome.deltas = std::array::from_fn(|s| self.scores[s] - self.setup.scores[s]);
        self.outcome = Some(outcome);
        self.phase = Phase::Over;
    }

    /// A riichi declared on the deal's last discard stands when the deal ends in a draw.
    fn accept_riichi_silently(&mut self) {
        if self.outcome.is_none()
            && let Some(seat) = self.riichi_pending.take()
        {
            self.players[seat].riichi = true;
            self.deposit(seat);
        }
    }
}

impl Deal {
    /// Checks that every tile taken from the wall is in one place: a hand, a meld, a pond or
    /// the kita tiles (a called discard counts in its meld only; a tile won by ron or robbed
    /// from a kan stays where it was, so the count may be one short). A test and debugging
    /// aid.
    pub fn check_tiles(&self) -> Result<()> {
        let mut seen = [false; crate::tile::RIICHI_TILE_COUNT];
        let mut count = 0;
        for p in &self.players {
            let uncalled = p.pond.iter().filter(|d| !d.called).map(|d| d.tile);
            let melded = p.melds.iter().flat_map(|m| m.tiles.iter().copied());
            let kita = p.kita.tiles().iter().copied();
            for t in p
                .hand
                .iter()
                .copied()
                .chain(melded)
                .chain(uncalled)
                .chain(kita)
            {
                let slot = seen
                    .get_mut(usize::from(t))
                    .ok_or_else(|| Error::argument(format!("tile id {t} is out of range")))?;
                if std::mem::replace(slot, true) {
                    return Err(Error::argument(format!("tile id {t} is in two places")));
                }
                count += 1;
            }
        }
        let taken = self.wall.taken();
        if count > taken || count + 1 < taken {
            return Err(Error::argument(format!(
                "{count} tiles in hands, melds and ponds, but {taken} taken from the wall"
            )));
        }
        Ok(())
    }
}
