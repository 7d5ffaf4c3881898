//! Points and payments (spec §3.2, §1.15, §1.16).

use crate::error::{Error, Result};
use crate::riichi::context::WinContext;
use crate::riichi::rules::{Kazoe, PaoHonba, PaoScope, Ruleset};

/// The limit a hand reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Limit {
    /// Below mangan: points follow fu and han.
    None,
    /// 5 han, or capped at 2,000 base points.
    Mangan,
    /// 6–7 han.
    Haneman,
    /// 8–10 han.
    Baiman,
    /// 11–12 han (or 13+ with `kazoe = sanbaiman`).
    Sanbaiman,
    /// A yakuman, or 13+ han with `kazoe = yakuman`.
    Yakuman,
}

impl Limit {
    /// The lowercase name used in the API; `None` has no name.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Self::None => None,
            Self::Mangan => Some("mangan"),
            Self::Haneman => Some("haneman"),
            Self::Baiman => Some("baiman"),
            Self::Sanbaiman => Some("sanbaiman"),
            Self::Yakuman => Some("yakuman"),
        }
    }
}

/// Base points of a hand, its limit and whether it is a counted (kazoe) yakuman.
pub fn base_points(han: u8, fu: u8, yakuman_units: u8, rules: &Ruleset) -> (u32, Limit, bool) {
    if yakuman_units > 0 {
        return (8000 * u32::from(yakuman_units), Limit::Yakuman, false);
    }
    match han {
        13.. if rules.kazoe == Kazoe::Yakuman => (8000, Limit::Yakuman, true),
        11.. => (6000, Limit::Sanbaiman, false),
        8..=10 => (4000, Limit::Baiman, false),
        6..=7 => (3000, Limit::Haneman, false),
        5 => (2000, Limit::Mangan, false),
        _ => {
            let base = u32::from(fu) << (han + 2);
            if base >= 2000 || (rules.kiriage && base == 1920) {
                (2000, Limit::Mangan, false)
            } else {
                (base, Limit::None, false)
            }
        }
    }
}

fn round_up(points: u32) -> u32 {
    points.div_ceil(100) * 100
}

/// One payer's payment (honba included). `payer` is a seat wind, or `None` for a discarder
/// the caller did not name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Payment {
    /// Seat wind of the payer, if known.
    pub payer: Option<u8>,
    /// Points paid.
    pub amount: u32,
}

/// The payments of a win, at most three.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Payments {
    entries: [Option<Payment>; 3],
}

impl Payments {
    fn add(&mut self, payer: Option<u8>, amount: u32) {
        if amount == 0 {
            return;
        }
        if let Some(p) = self.entries.iter_mut().flatten().find(|p| p.payer == payer) {
            p.amount += amount;
        } else if let Some(slot) = self.entries.iter_mut().find(|e| e.is_none()) {
            *slot = Some(Payment { payer, amount });
        }
    }

    /// The payments, payers in seat order (an unnamed discarder last).
    pub fn to_vec(&self) -> Vec<Payment> {
        let mut out: Vec<Payment> = self.entries.iter().flatten().copied().collect();
        out.sort_by_key(|p| p.payer.unwrap_or(4));
        out
    }

    /// Total paid.
    pub fn total(&self) -> u32 {
        self.entries.iter().flatten().map(|p| p.amount).sum()
    }

    /// Score change per seat wind, when every payer is known.
    pub fn deltas(&self, winner: u8, gain: u32) -> Option<[i32; 4]> {
        let mut deltas = [0i32; 4];
        for p in self.entries.iter().flatten() {
            deltas[usize::from(p.payer?)] -= p.amount as i32;
        }
        deltas[usize::from(winner)] += gain as i32;
        Some(deltas)
    }
}

/// The hand value paid by a ron's discarder, or the payment of each tsumo payer, by seat.
fn split(base: u32, ctx: &WinContext, discarder: Option<u8>) -> Payments {
    let mut out = Payments::default();
    if ctx.tsumo {
        for seat in (0..4).filter(|&s| s != ctx.seat_wind) {
            let share = if ctx.dealer() || seat == 0 {
                2 * base
            } else {
                base
            };
            out.add(Some(seat), round_up(share));
        }
    } else {
        out.add(discarder, round_up(base * if ctx.dealer() { 6 } else { 4 }));
    }
    out
}

/// The hand value before honba and deposits: what the discarder pays, or the tsumo total.
pub fn hand_value(base: u32, ctx: &WinContext) -> u32 {
    split(base, ctx, ctx.discarder).total()
}

/// Every payment of a win (honba included), with liability when `pao_units` of the hand's
/// yakuman units are pao yakuman and a liable player is named.
pub fn payments(base: u32, pao_units: u8, ctx: &WinContext, rules: &Ruleset) -> Payments {
    let liable = ctx.liable.filter(|_| pao_units > 0);
    let pao_base = match (liable, rules.pao_scope) {
        (None, _) => 0,
        (Some(_), PaoScope::WholeHand) => base,
        (Some(_), PaoScope::ThatYakumanOnly) => (8000 * u32::from(pao_units)).min(base),
    };
    let mut out = split(base - pao_base, ctx, ctx.discarder);
    if let Some(liable) = liable {
        let pao = split(pao_base, ctx, ctx.discarder).total();
        if ctx.tsumo || ctx.discarder == Some(liable) {
            out.add(Some(liable), pao);
        } else {
            out.add(Some(liable), pao / 2);
            out.add(ctx.discarder, pao - pao / 2);
        }
    }
    let honba = ctx.honba;
    match liable {
        Some(liable) if rules.pao_honba == PaoHonba::Liable => {
            let per = if ctx.tsumo {
                3 * rules.honba_tsumo
            } else {
                rules.honba_ron
            };
            out.add(Some(liable), per * honba);
        }
        _ if ctx.tsumo => {
            for seat in (0..4).filter(|&s| s != ctx.seat_wind) {
                out.add(Some(seat), rules.honba_tsumo * honba);
            }
        }
        _ => out.add(ctx.discarder, rules.honba_ron * honba),
    }
    out
}

/// Score changes of a nagashi mangan at an exhaustive draw (R13.6): the player with seat wind
/// `seat_wind` is paid a mangan tsumo, plus honba when the rules say so. An error when the
/// ruleset has nagashi mangan off.
pub fn nagashi_mangan(seat_wind: u8, honba: u32, rules: &Ruleset) -> Result<[i32; 4]> {
    if !rules.nagashi_mangan {
        return Err(Error::rule("nagashi_mangan is off in this ruleset"));
    }
    if seat_wind > 3 {
        return Err(Error::argument(format!(
            "seat_wind {seat_wind} is out of range 0..=3"
        )));
    }
    let ctx = WinContext {
        tsumo: true,
        seat_wind,
        honba: if rules.nagashi_honba { honba } else { 0 },
        ..WinContext::default()
    };
    let paid = payments(2000, 0, &ctx, rules);
    Ok(paid.deltas(seat_wind, paid.total()).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::rules::Preset;

    fn ron(base: u32, dealer: bool) -> u32 {
        let ctx = WinContext {
            seat_wind: if dealer { 0 } else { 1 },
            ..Default::default()
        };
        hand_value(base, &ctx)
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
            seat_wind: 1,
            ..Default::default()
        };
        let p = payments(b(1, 40), 0, &tsumo, &rules);
        assert_eq!(
            p.to_vec().iter().map(|p| p.amount).collect::<Vec<_>>(),
            vec![700, 400, 400]
        );
        let kiriage = Ruleset {
            kiriage: true,
            ..rules.clone()
        };
        assert_eq!(
            base_points(4, 30, 0, &kiriage),
            (2000, Limit::Mangan, false)
        );
        assert_eq!(base_points(13, 30, 0, &rules), (8000, Limit::Yakuman, true));
        assert_eq!(base_points(0, 0, 2, &rules), (16000, Limit::Yakuman, false));
    }

    #[test]
    fn nagashi() {
        let tenhou = Ruleset::preset(Preset::Tenhou);
        assert_eq!(
            nagashi_mangan(1, 3, &tenhou),
            Ok([-4000, 8000, -2000, -2000])
        );
        assert_eq!(
            nagashi_mangan(0, 0, &tenhou),
            Ok([12000, -4000, -4000, -4000])
        );
        let honba = Ruleset {
            nagashi_honba: true,
            ..tenhou.clone()
        };
        assert_eq!(
            nagashi_mangan(1, 1, &honba),
            Ok([-4100, 8300, -2100, -2100])
        );
        assert!(nagashi_mangan(1, 0, &Ruleset::preset(Preset::Seed)).is_err());
    }

    #[test]
    fn pao_splits() {
        let rules = Ruleset::preset(Preset::Tenhou);
        let tsumo = WinContext {
            tsumo: true,
            seat_wind: 1,
            liable: Some(2),
            honba: 1,
            ..Default::default()
        };
        let p = payments(8000, 1, &tsumo, &rules);
        assert_eq!(p.deltas(1, p.total()), Some([0, 32300, -32300, 0]));
        let ron = WinContext {
            seat_wind: 1,
            discarder: Some(3),
            liable: Some(2),
            ..Default::default()
        };
        let p = payments(8000, 1, &ron, &rules);
        assert_eq!(p.deltas(1, p.total()), Some([0, 32000, -16000, -16000]));
    }
}
