//! Scoring a win: check the input, read the hand every way, keep the best paying reading.

use crate::decompose::{Decomposition, Reading, decompose_into, readings_into};
use crate::error::{Error, Result};
use crate::meld::Meld;
use crate::riichi::context::WinContext;
use crate::riichi::evaluate::{self, Arrangement, Found, FuParts, HandFacts};
use crate::riichi::points::{self, Limit};
use crate::riichi::rules::{PaoSet, RedFives, Renhou, Ruleset, TenhouWinTile};
use crate::riichi::settlement::{self, Payment, Settlement};
use crate::riichi::yaku::{Yaku, Yakuman};
use crate::tile::{RIICHI_KINDS, dora_from_indicator, kind_name, removed_kind};
use crate::tiles::Tiles;
use crate::wind::Wind;

/// The best reading of a win, before its lists are spelled out (no allocation).
#[derive(Debug, Clone, Copy)]
pub struct Scored {
    /// The reading scored.
    pub reading: Reading,
    /// Whether the hand is closed.
    pub closed: bool,
    /// Yaku and yakuman of the reading.
    pub found: Found,
    /// Han from yaku (dora excluded).
    pub yaku_han: u8,
    /// Dora, ura dora, red fives and nukidora, counted only when the hand has a yaku.
    pub dora: [u8; 4],
    /// Fu lines.
    pub fu: FuParts,
    /// Yakuman units (0 if none).
    pub units: u8,
    /// Base points.
    pub base: u32,
    /// Limit reached.
    pub limit: Limit,
    /// Counted (kazoe) yakuman.
    pub kazoe: bool,
    /// Hand value before honba and deposits.
    pub points: i64,
    /// Whether the reading has a yaku (or yakuman) and meets the minimum han.
    pub is_win: bool,
}

impl Scored {
    /// Total han, dora included (0 for a yakuman).
    pub fn han(&self) -> u8 {
        if self.units > 0 {
            0
        } else {
            self.yaku_han + self.dora.iter().sum::<u8>()
        }
    }

    /// The yaku with their han, dora entries last (only those that count); none for a
    /// yakuman hand.
    pub fn yaku<'a>(&'a self, rules: &'a Ruleset) -> impl Iterator<Item = (Yaku, u8)> + 'a {
        let closed = self.closed;
        let yakuman = self.units > 0;
        let yaku = self
            .found
            .yaku_list()
            .map(move |y| (y, evaluate::han_of(y, closed, rules)));
        let dora = [Yaku::Dora, Yaku::UraDora, Yaku::AkaDora, Yaku::Nukidora]
            .into_iter()
            .zip(self.dora)
            .filter(|&(_, n)| n > 0);
        yaku.chain(dora).filter(move |_| !yakuman)
    }

    /// The yakuman with their units.
    pub fn yakuman<'a>(&'a self, rules: &'a Ruleset) -> impl Iterator<Item = (Yakuman, u8)> + 'a {
        self.found
            .yakuman_list()
            .map(|y| (y, evaluate::units_of(y, rules)))
    }

    /// Yakuman units of the hand that make a feeding player liable under the rules.
    pub fn pao_units(&self, rules: &Ruleset) -> u8 {
        self.yakuman(rules)
            .filter(|&(y, _)| match y {
                Yakuman::Daisangen => rules.pao.contains(PaoSet::DAISANGEN),
                Yakuman::Daisuushii => rules.pao.contains(PaoSet::DAISUUSHII),
                Yakuman::Suukantsu => rules.pao.contains(PaoSet::SUUKANTSU),
                _ => false,
            })
            .map(|(_, units)| units)
            .sum()
    }

    /// What the win settles (nothing when the hand cannot be won).
    pub fn settle(&self, ctx: &WinContext, rules: &Ruleset) -> Settlement {
        if self.is_win {
            settlement::settle_win(self.base, self.pao_units(rules), ctx, rules)
        } else {
            Settlement::default()
        }
    }

    fn rank(&self) -> (bool, i64, bool, u8, u8) {
        (
            self.is_win,
            self.points,
            self.units > 0,
            self.han(),
            self.fu.total(),
        )
    }
}

/// Scores wins, keeping its buffers between calls (one per thread).
#[derive(Debug, Default)]
pub struct Scorer {
    decompositions: Vec<Decomposition>,
    readings: Vec<Reading>,
}

/// The input of a win: concealed tiles (the winning tile included), the winning tile's kind
/// and the declared melds.
#[derive(Debug, Clone, Copy)]
pub struct Win<'a> {
    /// Concealed tiles, winning tile included: 14 minus 3 per meld.
    pub concealed: &'a Tiles,
    /// Kind of the winning tile.
    pub win_tile: u8,
    /// Declared melds (at most 4).
    pub melds: &'a [Meld],
}

impl Win<'_> {
    /// Checks the win and its context together under `rules`: sizes, the winning tile, the
    /// flags, the copies of each kind and red fives among everything visible (hand, melds,
    /// kita tiles and indicators), and with three players the tiles, seats and calls that do
    /// not exist (T0.1, T0.4, T4.1). Returns the counts and red fives of the hand and melds.
    pub fn check(&self, ctx: &WinContext, rules: &Ruleset) -> Result<([u8; RIICHI_KINDS], u8)> {
        let tiles = self.check_tiles()?;
        ctx.check(self.melds.iter().any(Meld::is_open))?;
        self.check_players(ctx, rules, &tiles.0)?;
        let (mut counts, mut red) = tiles;
        counts[usize::from(Wind::North.tile_kind())] += ctx.kita;
        for (kind, is_red) in ctx
            .dora_indicators
            .tiles()
            .chain(ctx.ura_indicators.tiles())
        {
            counts[usize::from(kind)] += 1;
            if is_red {
                red[usize::from(kind / 9)] += 1;
            }
        }
        let what = match ctx.kita {
            0 => "the hand, its melds and the indicators",
            _ => "the hand, its melds, its kita tiles and the indicators",
        };
        check_supply(&counts, red, what)?;
        Ok((tiles.0, tiles.1.iter().sum()))
    }

    /// What the player count allows: kita only under a three-player ruleset with nukidora;
    /// with three players no removed kind (hand, melds or indicators), no chi and no North
    /// seat or round.
    fn check_players(
        &self,
        ctx: &WinContext,
        rules: &Ruleset,
        counts: &[u8; RIICHI_KINDS],
    ) -> Result<()> {
        if ctx.kita > 0 && !rules.nukidora {
            return Err(Error::argument(format!(
                "kita {} needs a three-player ruleset with nukidora (e.g. \
                 Ruleset.preset(\"tenhou-sanma\"))",
                ctx.kita
            )));
        }
        if rules.player_count() == 4 {
            return Ok(());
        }
        let indicators = ctx
            .dora_indicators
            .kinds()
            .iter()
            .chain(ctx.ura_indicators.kinds());
        if let Some(&kind) = indicators.into_iter().find(|&&k| !rules.in_play(k)) {
            return Err(removed_kind(kind, "indicator"));
        }
        rules.check_in_play(counts, "tile")?;
        if self
            .melds
            .iter()
            .any(|m| m.kind() == crate::meld::MeldKind::Chi)
        {
            return Err(Error::meld("no chi in three-player games (T4.1)"));
        }
        let seats = [
            ("seat_wind", Some(ctx.seat_wind)),
            ("round_wind", Some(ctx.round_wind)),
            ("discarder", ctx.discarder),
            ("liable", ctx.liable),
        ];
        match seats.iter().find(|(_, w)| *w == Some(Wind::North)) {
            Some((name, _)) => Err(Error::argument(format!(
                "{name} N: there is no North seat or round with three players"
            ))),
            None => Ok(()),
        }
    }

    /// Checks sizes, the winning tile and the copies of each kind in the hand and melds.
    fn check_tiles(&self) -> Result<([u8; RIICHI_KINDS], [u8; 3])> {
        if !self.concealed.is_riichi() {
            return Err(Error::hand("flowers and jokers are not Riichi tiles"));
        }
        if self.melds.len() > 4 {
            return Err(Error::hand(format!(
                "at most 4 melds, got {}",
                self.melds.len()
            )));
        }
        let expected = 14 - 3 * self.melds.len();
        if self.concealed.len() != expected {
            return Err(Error::hand(format!(
                "with {} the concealed part has {expected} tiles (winning tile included), got {}",
                match self.melds.len() {
                    0 => "no melds".to_owned(),
                    1 => "1 meld".to_owned(),
                    n => format!("{n} melds"),
                },
                self.concealed.len()
            )));
        }
        if usize::from(self.win_tile) >= RIICHI_KINDS || self.concealed.count(self.win_tile) == 0 {
            return Err(Error::hand(format!(
                "winning tile {} is not among the concealed tiles {}",
                kind_name(self.win_tile.min(33), false),
                self.concealed
            )));
        }
        let mut counts = self.concealed.riichi_counts();
        let mut red = self.concealed.red();
        for tiles in self.melds.iter().map(Meld::tiles) {
            for (total, &n) in counts.iter_mut().zip(tiles.counts()) {
                *total += n;
            }
            for (total, n) in red.iter_mut().zip(tiles.red()) {
                *total += n;
            }
        }
        check_supply(&counts, red, "the concealed tiles and melds")?;
        Ok((counts, red))
    }
}

/// At most four copies of a kind and one red five per suit among `what`.
fn check_supply(counts: &[u8; RIICHI_KINDS], red: [u8; 3], what: &str) -> Result<()> {
    if let Some(kind) = (0..RIICHI_KINDS).find(|&k| counts[k] > 4) {
        return Err(Error::hand(format!(
            "{what} hold {} copies of {} (at most 4 exist)",
            counts[kind],
            kind_name(kind as u8, false)
        )));
    }
    if let Some(suit) = (0..3).find(|&s| red[s] > 1) {
        return Err(Error::hand(format!(
            "{what} hold {} red fives of {} (one exists)",
            red[suit],
            ["5m", "5p", "5s"][suit]
        )));
    }
    Ok(())
}

impl Scorer {
    /// Scores `win`: the best reading, or the best yakuless one when no reading has a yaku.
    /// An incomplete hand or an inconsistent input is an error.
    pub fn score(&mut self, win: &Win<'_>, ctx: &WinContext, rules: &Ruleset) -> Result<Scored> {
        let (counts, red) = win.check(ctx, rules)?;
        self.read(win, ctx, rules);
        let dora = dora_counts(&counts, red, ctx, rules);
        let hand = HandFacts::new(&counts, win.melds);
        let mut best: Option<Scored> = None;
        for &reading in &self.readings {
            let arrangement = Arrangement::new(reading, &hand, ctx.tsumo);
            let scored = score_reading(&arrangement, dora, ctx, rules);
            if best.is_none_or(|b| scored.rank() > b.rank()) {
                best = Some(scored);
            }
        }
        best.ok_or_else(|| {
            Error::hand(format!(
                "{} is not a complete hand{}",
                win.concealed,
                if win.melds.is_empty() {
                    ""
                } else {
                    " with these melds"
                }
            ))
        })
    }

    /// Fills `self.readings` with every reading of the concealed part.
    fn read(&mut self, win: &Win<'_>, ctx: &WinContext, rules: &Ruleset) {
        self.decompositions.clear();
        self.readings.clear();
        decompose_into(&win.concealed.riichi_counts(), &mut self.decompositions);
        let any_tile = ctx.tenhou && rules.tenhou_win_tile == TenhouWinTile::Best;
        for d in &self.decompositions {
            if any_tile {
                for kind in 0..RIICHI_KINDS as u8 {
                    if win.concealed.count(kind) > 0 {
                        readings_into(d, kind, &mut self.readings);
                    }
                }
            } else {
                readings_into(d, win.win_tile, &mut self.readings);
            }
        }
    }
}

/// Dora, ura dora (riichi winners only), red fives and nukidora of the hand; the kita tiles are
/// Norths for the indicators (T10.2).
fn dora_counts(counts: &[u8; RIICHI_KINDS], red: u8, ctx: &WinContext, rules: &Ruleset) -> [u8; 4] {
    let players = rules.player_count();
    let mut counts = *counts;
    counts[usize::from(Wind::North.tile_kind())] += ctx.kita;
    let count = |indicators: &[u8], all: bool| -> u8 {
        let used = if all {
            indicators.len()
        } else {
            indicators.len().min(1)
        };
        indicators[..used]
            .iter()
            .map(|&i| counts[usize::from(dora_from_indicator(i, players))])
            .sum()
    };
    let dora = count(ctx.dora_indicators.kinds(), rules.kan_dora);
    let ura = if ctx.in_riichi() && rules.ura_dora {
        count(ctx.ura_indicators.kinds(), rules.kan_dora && rules.kan_ura)
    } else {
        0
    };
    let aka = if rules.red_fives == RedFives::One {
        red
    } else {
        0
    };
    [dora, ura, aka, ctx.kita]
}

fn score_reading(
    arrangement: &Arrangement<'_>,
    dora: [u8; 4],
    ctx: &WinContext,
    rules: &Ruleset,
) -> Scored {
    let found = evaluate::find(arrangement, ctx, rules);
    let units = evaluate::yakuman_units(&found, rules);
    let yaku_han = evaluate::yaku_han(&found, arrangement.closed(), rules);
    let fu = evaluate::fu(arrangement, ctx, rules, found.has(Yaku::Pinfu));
    let flat_renhou = found.has(Yaku::Renhou) && rules.renhou == Renhou::ManganFlat;
    let enough_han = rules.min_han.get() <= 1 || ctx.honba < 5 || yaku_han >= 2 || flat_renhou;
    let is_win = units > 0 || ((yaku_han > 0 || flat_renhou) && enough_han);
    let dora = if is_win && units == 0 { dora } else { [0; 4] };
    let han = yaku_han + dora.iter().sum::<u8>();
    let (mut base, mut limit, kazoe) = points::base_points(han, fu.total(), units, rules);
    if flat_renhou && base < 2000 {
        (base, limit) = (2000, Limit::Mangan);
    }
    let points = if is_win {
        settlement::hand_value(base, ctx, rules)
    } else {
        0
    };
    Scored {
        reading: arrangement.reading,
        closed: arrangement.closed(),
        found,
        yaku_han,
        dora,
        fu,
        units,
        base,
        limit,
        kazoe,
        points,
        is_win,
    }
}

/// A scored win spelled out: yaku with han, yakuman with units, fu lines and payments.
#[derive(Debug, Clone)]
pub struct ScoreResult {
    /// The hand can be won: it has a yaku (dora do not count) or a yakuman.
    pub is_win: bool,
    /// Yaku with their han, dora entries last (only those that count).
    pub yaku: Vec<(Yaku, u8)>,
    /// Yakuman with their units.
    pub yakuman: Vec<(Yakuman, u8)>,
    /// Total han (0 for a yakuman hand).
    pub han: u8,
    /// Fu of the reading (chiitoitsu 25; informational for yakuman).
    pub fu: u8,
    /// Fu lines of the reading.
    pub fu_parts: FuParts,
    /// Yakuman units (0 if none; kazoe counts as 0 here).
    pub yakuman_units: u8,
    /// Limit reached.
    pub limit: Limit,
    /// A non-yakuman hand of 13+ han counted as a yakuman.
    pub kazoe: bool,
    /// Base points.
    pub base: u32,
    /// Hand value before honba and deposits.
    pub points: i64,
    /// Each payer's payment (honba included), the winner's gain and the score changes.
    pub settlement: Settlement,
    /// The reading that was scored.
    pub reading: Reading,
}

impl ScoreResult {
    /// Spells out `scored`.
    pub fn new(scored: &Scored, ctx: &WinContext, rules: &Ruleset) -> Self {
        Self {
            is_win: scored.is_win,
            yaku: scored.yaku(rules).collect(),
            yakuman: scored.yakuman(rules).collect(),
            han: scored.han(),
            fu: scored.fu.total(),
            fu_parts: scored.fu,
            yakuman_units: scored.units,
            limit: scored.limit,
            kazoe: scored.kazoe,
            base: scored.base,
            points: scored.points,
            settlement: scored.settle(ctx, rules),
            reading: scored.reading,
        }
    }

    /// Each payer's payment, honba included, payers in seat order.
    pub fn payments(&self) -> Vec<Payment> {
        self.settlement.payments.iter().collect()
    }
}

/// Scores one win and spells out the result.
pub fn score(win: &Win<'_>, ctx: &WinContext, rules: &Ruleset) -> Result<ScoreResult> {
    let scored = Scorer::default().score(win, ctx, rules)?;
    Ok(ScoreResult::new(&scored, ctx, rules))
}
