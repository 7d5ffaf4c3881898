//! Settlement: who pays whom, in one place (rules R12.2, R13.4, R13.6, R15.3 and R15.4, and
//! for three players T13.4, T15.2 and T16.1-T16.2; see ARCHITECTURE.md). The payers are the
//! seats of the ruleset's player count.
//!
//! Wins (honba, deposits, pao), nagashi mangan, tenpai/noten payments at an exhaustive draw
//! and the split of honba and deposits between the winners of a multiple ron all settle
//! here. The scalar scorer, the batch scorer and the game engines call these functions and
//! nothing else computes a payment.
//!
//! Amounts are `i64`: with honba and deposits bounded by [`MAX_STICKS`] and every ruleset
//! amount a `u32`, no accepted input can overflow.

use crate::error::{Error, Result};
use crate::riichi::context::{MAX_STICKS, WinContext};
use crate::riichi::rules::{
    MultiRonHonba, MultiRonSticks, PaoHonba, PaoScope, PaoTsumoAmount, Ruleset, TsumoSplit,
};
use crate::wind::Wind;

/// One payer's payment (honba included). `payer` is `None` for a ron's discarder the caller
/// did not name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Payment {
    /// Seat of the payer, if known.
    pub payer: Option<Wind>,
    /// Points paid.
    pub amount: i64,
}

/// The payments of a win, at most three, payers in seat order (an unnamed discarder last).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Payments {
    entries: [Option<Payment>; 3],
}

impl Payments {
    fn add(&mut self, payer: Option<Wind>, amount: i64) {
        if amount == 0 {
            return;
        }
        if let Some(p) = self.entries.iter_mut().flatten().find(|p| p.payer == payer) {
            p.amount += amount;
        } else if let Some(slot) = self.entries.iter_mut().find(|e| e.is_none()) {
            *slot = Some(Payment { payer, amount });
        }
        self.entries
            .sort_by_key(|e| e.map_or(5, |p| p.payer.map_or(4, Wind::index)));
    }

    /// The payments, payers in seat order (an unnamed discarder last).
    pub fn iter(&self) -> impl Iterator<Item = Payment> + '_ {
        self.entries.iter().flatten().copied()
    }

    /// Total paid.
    pub fn total(&self) -> i64 {
        self.iter().map(|p| p.amount).sum()
    }
}

/// What a win settles: each payment, the winner's gain and the score changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Settlement {
    /// Each payer's payment, honba included.
    pub payments: Payments,
    /// What the winner receives: the payments plus the deposits on the table.
    pub gain: i64,
    /// Score change per seat (East first), when every payer is known.
    pub deltas: Option<[i64; 4]>,
}

fn round_up(points: i64) -> i64 {
    (points + 99) / 100 * 100
}

/// What a ron's discarder pays for a hand of `base` points (P4).
fn ron_value(base: i64, dealer: bool) -> i64 {
    round_up(base * if dealer { 6 } else { 4 })
}

/// The hand value paid by a ron's discarder, or the payment of each tsumo payer (R16.1): each
/// payer its four-player share, 2b for the dealer or from everyone to a dealer, else b; with
/// three players the absent North's share is not paid (`tsumo_loss`) or is split between the
/// two payers (`north_bisection`: 3b each to a dealer, else 2.5b the dealer and 1.5b the
/// other; T16.2).
fn split(base: i64, ctx: &WinContext, rules: &Ruleset) -> Payments {
    let mut out = Payments::default();
    if !ctx.tsumo {
        out.add(ctx.discarder, ron_value(base, ctx.dealer()));
        return out;
    }
    let players = rules.player_count();
    let bisect = players == 3 && rules.tsumo_split == TsumoSplit::NorthBisection;
    for seat in ctx.seat_wind.others(players) {
        let halves = match (ctx.dealer(), seat == Wind::East, bisect) {
            (true, _, false) | (false, true, false) => 4,
            (false, false, false) => 2,
            (true, _, true) => 6,
            (false, true, true) => 5,
            (false, false, true) => 3,
        };
        out.add(Some(seat), round_up((base * halves + 1) / 2));
    }
    out
}

/// The hand value before honba and deposits: what the discarder pays, or the tsumo total.
pub fn hand_value(base: u32, ctx: &WinContext, rules: &Ruleset) -> i64 {
    split(i64::from(base), ctx, rules).total()
}

/// Settles a win worth `base` points, `pao_units` of whose yakuman units make `ctx.liable`
/// liable: the payments (pao, honba), the winner's gain (deposits included) and the deltas.
pub fn settle_win(base: u32, pao_units: u8, ctx: &WinContext, rules: &Ruleset) -> Settlement {
    let base = i64::from(base);
    let liable = ctx.liable.filter(|_| pao_units > 0);
    let pao_base = match (liable, rules.pao_scope) {
        (None, _) => 0,
        (Some(_), PaoScope::WholeHand) => base,
        (Some(_), PaoScope::ThatYakumanOnly) => (8000 * i64::from(pao_units)).min(base),
    };
    let mut payments = split(base - pao_base, ctx, rules);
    if let Some(liable) = liable {
        let pao = match rules.pao_tsumo_amount {
            PaoTsumoAmount::RonValue if ctx.tsumo => ron_value(pao_base, ctx.dealer()),
            _ => split(pao_base, ctx, rules).total(),
        };
        if ctx.tsumo || ctx.discarder == Some(liable) {
            payments.add(Some(liable), pao);
        } else {
            payments.add(Some(liable), pao / 2);
            payments.add(ctx.discarder, pao - pao / 2);
        }
    }
    let honba = i64::from(ctx.honba.min(MAX_STICKS));
    let (ron_honba, tsumo_honba) = (i64::from(rules.honba_ron), i64::from(rules.honba_tsumo));
    let players = rules.player_count();
    match liable {
        Some(liable) if rules.pao_honba == PaoHonba::Liable => {
            let per = if ctx.tsumo {
                (players as i64 - 1) * tsumo_honba
            } else {
                ron_honba
            };
            payments.add(Some(liable), per * honba);
        }
        _ if ctx.tsumo => {
            for seat in ctx.seat_wind.others(players) {
                payments.add(Some(seat), tsumo_honba * honba);
            }
        }
        _ => payments.add(ctx.discarder, ron_honba * honba),
    }
    let deposits = i64::from(ctx.riichi_sticks.min(MAX_STICKS)) * i64::from(rules.riichi_deposit);
    let gain = payments.total() + deposits;
    Settlement {
        payments,
        gain,
        deltas: deltas(&payments, ctx.seat_wind, gain),
    }
}

fn deltas(payments: &Payments, winner: Wind, gain: i64) -> Option<[i64; 4]> {
    let mut out = [0i64; 4];
    for p in payments.iter() {
        out[p.payer?.index()] -= p.amount;
    }
    out[winner.index()] += gain;
    Some(out)
}

/// Score changes of a nagashi mangan at an exhaustive draw (R13.6): `seat` is paid a mangan
/// tsumo, plus honba when the rules say so. An error when the ruleset has nagashi mangan off
/// or `honba` is above [`MAX_STICKS`].
pub fn nagashi_mangan(seat: Wind, honba: u32, rules: &Ruleset) -> Result<[i64; 4]> {
    if !rules.nagashi_mangan {
        return Err(Error::rule("nagashi_mangan is off in this ruleset"));
    }
    let ctx = WinContext {
        tsumo: true,
        seat_wind: seat,
        honba: if rules.nagashi_honba { honba } else { 0 },
        ..WinContext::default()
    };
    ctx.check(false)?;
    let settled = settle_win(2000, 0, &ctx, rules);
    Ok(settled.deltas.unwrap_or_default())
}

/// Tenpai/noten payments at an exhaustive draw (R13.4, T13.4): the noten players among the
/// ruleset's seats share its `noten_payment` among the tenpai players; nothing moves when all
/// or none are tenpai. Seats beyond the player count take no part.
pub fn exhaustive_draw(tenpai: [bool; 4], rules: &Ruleset) -> [i64; 4] {
    let players = rules.player_count();
    let ready = tenpai[..players].iter().filter(|&&t| t).count() as i64;
    if ready == 0 || ready == players as i64 {
        return [0; 4];
    }
    let total = i64::from(rules.noten_payment);
    std::array::from_fn(|seat| match (seat < players, tenpai[seat]) {
        (false, _) => 0,
        (true, true) => total / ready,
        (true, false) => -total / (players as i64 - ready),
    })
}

/// How a multiple ron shares the table: the honba each winner is paid for and the deposits
/// each collects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RonShare {
    /// The winner.
    pub winner: Wind,
    /// Honba this winner's payment includes.
    pub honba: u32,
    /// Riichi deposits this winner collects.
    pub riichi_sticks: u32,
}

/// Splits `honba` and the `riichi_sticks` on the table between the `winners` of one discard
/// (R12.2): under `multi_ron_sticks` the nearest winner after the discarder takes the
/// deposits, or each winner first reclaims the deposit it put down this deal (`own_deposit`,
/// parallel to `winners`) and the nearest takes the rest; honba go to the nearest winner or
/// to each, per `multi_ron_honba`. Winners come back in turn order after the discarder.
pub fn share_multi_ron(
    discarder: Wind,
    winners: &[(Wind, bool)],
    honba: u32,
    riichi_sticks: u32,
    rules: &Ruleset,
) -> Result<Vec<RonShare>> {
    let mut ordered: Vec<(Wind, bool)> = winners.to_vec();
    ordered.sort_by_key(|(w, _)| w.distance_from(discarder));
    if ordered.is_empty()
        || ordered.windows(2).any(|w| w[0].0 == w[1].0)
        || ordered[0].0 == discarder
    {
        return Err(Error::argument(
            "a multiple ron needs distinct winners other than the discarder",
        ));
    }
    let reclaim = rules.multi_ron_sticks == MultiRonSticks::WinnersReclaim;
    let reclaimed: u32 = ordered.iter().filter(|(_, own)| reclaim && *own).count() as u32;
    let mut rest = riichi_sticks.saturating_sub(reclaimed);
    Ok(ordered
        .iter()
        .enumerate()
        .map(|(i, &(winner, own))| {
            let nearest = i == 0;
            let sticks = u32::from(reclaim && own) + if nearest { rest } else { 0 };
            if nearest {
                rest = 0;
            }
            RonShare {
                winner,
                honba: if nearest || rules.multi_ron_honba == MultiRonHonba::Each {
                    honba
                } else {
                    0
                },
                riichi_sticks: sticks,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::points::base_points;
    use crate::riichi::rules::Preset;

    fn ron(base: u32, dealer: bool) -> i64 {
        let ctx = WinContext {
            seat_wind: if dealer { Wind::East } else { Wind::South },
            ..Default::default()
        };
        hand_value(base, &ctx, &Ruleset::preset(Preset::Seed))
    }

    #[test]
    fn payment_table_cells() {
        let rules = Ruleset::preset(Preset::Seed);
        let b = |han, fu| base_points(han, fu, 0, &rules).0;
        assert_eq!(ron(b(1, 30), false), 1000);
        assert_eq!(ron(b(3, 30), false), 3900);
        assert_eq!(ron(b(4, 30), false), 7700);
        assert_eq!(ron(b(2, 25), true), 2400);
        assert_eq!(ron(b(4, 40), true), 12000);
        assert_eq!(ron(b(2, 110), false), 7100);
        let tsumo = WinContext {
            tsumo: true,
            seat_wind: Wind::South,
            ..Default::default()
        };
        let p = settle_win(b(1, 40), 0, &tsumo, &rules).payments;
        assert_eq!(
            p.iter().map(|p| p.amount).collect::<Vec<_>>(),
            vec![700, 400, 400]
        );
    }

    #[test]
    fn honba_and_deposits_cannot_overflow() {
        let rules = Ruleset {
            honba_ron: u32::MAX,
            riichi_deposit: u32::MAX,
            ..Ruleset::preset(Preset::Tenhou)
        };
        let ctx = WinContext {
            seat_wind: Wind::South,
            discarder: Some(Wind::East),
            honba: MAX_STICKS,
            riichi_sticks: MAX_STICKS,
            ..Default::default()
        };
        let settled = settle_win(8000, 0, &ctx, &rules);
        let deltas = settled.deltas.unwrap();
        assert!(deltas[0] < 0 && deltas[1] > 0);
        assert_eq!(
            deltas[1],
            32000 + 255 * i64::from(u32::MAX) + 255 * i64::from(u32::MAX)
        );
    }

    #[test]
    fn nagashi() {
        let tenhou = Ruleset::preset(Preset::Tenhou);
        assert_eq!(
            nagashi_mangan(Wind::South, 3, &tenhou),
            Ok([-4000, 8000, -2000, -2000])
        );
        assert_eq!(
            nagashi_mangan(Wind::East, 0, &tenhou),
            Ok([12000, -4000, -4000, -4000])
        );
        let honba = Ruleset {
            nagashi_honba: true,
            ..tenhou.clone()
        };
        assert_eq!(
            nagashi_mangan(Wind::South, 1, &honba),
            Ok([-4100, 8300, -2100, -2100])
        );
        assert!(nagashi_mangan(Wind::South, MAX_STICKS + 1, &honba).is_err());
        assert!(nagashi_mangan(Wind::South, 0, &Ruleset::preset(Preset::Seed)).is_err());
    }

    #[test]
    fn pao_splits() {
        let rules = Ruleset::preset(Preset::Tenhou);
        let tsumo = WinContext {
            tsumo: true,
            seat_wind: Wind::South,
            liable: Some(Wind::West),
            honba: 1,
            ..Default::default()
        };
        let s = settle_win(8000, 1, &tsumo, &rules);
        assert_eq!(s.deltas, Some([0, 32300, -32300, 0]));
        let ron = WinContext {
            seat_wind: Wind::South,
            discarder: Some(Wind::North),
            liable: Some(Wind::West),
            ..Default::default()
        };
        let s = settle_win(8000, 1, &ron, &rules);
        assert_eq!(s.deltas, Some([0, 32000, -16000, -16000]));
    }

    #[test]
    fn noten_payments() {
        let rules = Ruleset::preset(Preset::Seed);
        assert_eq!(
            exhaustive_draw([true, false, false, false], &rules),
            [3000, -1000, -1000, -1000]
        );
        assert_eq!(
            exhaustive_draw([true, false, true, false], &rules),
            [1500, -1500, 1500, -1500]
        );
        assert_eq!(
            exhaustive_draw([true, true, true, false], &rules),
            [1000, 1000, 1000, -3000]
        );
        assert_eq!(exhaustive_draw([true; 4], &rules), [0; 4]);
        assert_eq!(exhaustive_draw([false; 4], &rules), [0; 4]);
    }

    #[test]
    fn multi_ron_shares() {
        use Wind::{East, North, South, West};
        let tenhou = Ruleset::preset(Preset::Tenhou);
        let shares = share_multi_ron(South, &[(East, false), (West, true)], 2, 3, &tenhou).unwrap();
        assert_eq!(
            shares,
            [
                RonShare {
                    winner: West,
                    honba: 2,
                    riichi_sticks: 3
                },
                RonShare {
                    winner: East,
                    honba: 0,
                    riichi_sticks: 0
                }
            ]
        );
        let ema = Ruleset::preset(Preset::Ema);
        let shares = share_multi_ron(South, &[(East, true), (West, false)], 2, 3, &ema).unwrap();
        assert_eq!(
            shares
                .iter()
                .map(|s| (s.winner, s.honba, s.riichi_sticks))
                .collect::<Vec<_>>(),
            [(West, 2, 2), (East, 2, 1)]
        );
        assert!(share_multi_ron(South, &[(South, false)], 0, 0, &tenhou).is_err());
        assert!(share_multi_ron(South, &[(North, false), (North, true)], 0, 0, &tenhou).is_err());
    }
}
