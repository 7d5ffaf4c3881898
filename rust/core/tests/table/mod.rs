//! Helpers of the deal acceptance tests: a wall built from the hands a test wants (rules
//! R2.1–R2.7) and a driver that applies scripted actions and reads the state back by tile
//! kind in MPSZ.
//!
//! Tiles are written in MPSZ (`123m0p7z`, `0` = red five). A normal five never uses copy 0
//! (the red one), so a test only gets a red five when it writes `0`.
//!
//! Seats: 0 = East (the dealer unless stated), 1 = South, 2 = West, 3 = North. With no calls
//! the wall draws go `W[53]` South, `W[54]` West, `W[55]` North, `W[56]` East, ... (R2.8), so
//! a seat's g-th draw (g from 0) is draw index 4g (South), 4g+1 (West), 4g+2 (North) and
//! 4g−1 (East, g ≥ 1) of [`WallBuilder::draws`]. With three players ([`WallBuilder::sanma`],
//! T2.7) there is no North: the draws go `W[40]` South, `W[41]` West, `W[42]` East, ..., a
//! seat's g-th draw is draw index 3g (South), 3g+1 (West) and 3g−1 (East, g ≥ 1).
#![allow(dead_code)]

use mahjong_core::riichi::game::{
    Action, Deal, DealSetup, DrawReason, Event, Layout, Outcome, Wall, WinRecord,
};
use mahjong_core::riichi::{Preset, Ruleset, Yaku, Yakuman};
use mahjong_core::tile::riichi_ids;
use mahjong_core::{MeldKind, Wind};

/// Kinds (0..=33) of an MPSZ string, with a flag for each red five.
pub(crate) fn parse(text: &str) -> Vec<(u8, bool)> {
    let mut out = Vec::new();
    let mut digits: Vec<u8> = Vec::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if let Some(d) = c.to_digit(10) {
            digits.push(d as u8);
            continue;
        }
        let base = match c {
            'm' => 0,
            'p' => 9,
            's' => 18,
            'z' => 27,
            _ => panic!("bad MPSZ {text:?}"),
        };
        for d in digits.drain(..) {
            let red = d == 0;
            let n = if red { 5 } else { d };
            assert!(
                (1..=9).contains(&n) && (base < 27 || n <= 7),
                "bad tile in {text:?}"
            );
            out.push((base + n - 1, red));
        }
    }
    assert!(digits.is_empty(), "digits without a suit in {text:?}");
    out
}

/// The kind of one MPSZ tile.
pub(crate) fn kind(text: &str) -> u8 {
    let tiles = parse(text);
    assert_eq!(tiles.len(), 1, "{text:?} is not one tile");
    tiles[0].0
}

/// Builds a wall in draw order (`W[0..135]`, or `W[0..107]` with three players) from the
/// hands and draws a test needs.
pub(crate) struct WallBuilder {
    dealer: usize,
    layout: Layout,
    slots: Vec<Option<(u8, bool)>>,
    /// Kinds the filler uses last (they land at the end of the live wall).
    avoid: Vec<u8>,
}

impl WallBuilder {
    /// Dealer seat and each seat's 13 starting tiles (the dealer's 14th is its first draw,
    /// `W[52]`, given by [`Self::dealer_draw`]).
    pub(crate) fn new(dealer: usize, hands: [&str; 4]) -> Self {
        Self::with_hands(Layout::new(4), dealer, &hands)
    }

    /// A three-player wall (108 tiles, T2.1): the dealer and each seat's 13 starting tiles
    /// (the dealer's 14th is `W[39]`).
    pub(crate) fn sanma(dealer: usize, hands: [&str; 3]) -> Self {
        Self::with_hands(Layout::new(3), dealer, &hands)
    }

    fn with_hands(layout: Layout, dealer: usize, hands: &[&str]) -> Self {
        let mut b = Self {
            dealer,
            layout,
            slots: vec![None; layout.size()],
            avoid: Vec::new(),
        };
        let players = layout.players();
        for (seat, hand) in hands.iter().enumerate() {
            let tiles = parse(hand);
            assert!(tiles.len() <= 13, "seat {seat}: more than 13 tiles");
            let offset = (seat + players - dealer) % players;
            // R2.7, T2.7: blocks of four, then one each.
            for (i, t) in tiles.into_iter().enumerate() {
                b.slots[layout.dealt_position(offset, i)] = Some(t);
            }
        }
        b
    }

    /// The dealer's 14th tile `W[52]` (`W[39]` with three players; R2.8, T2.8).
    pub(crate) fn dealer_draw(mut self, tile: &str) -> Self {
        self.slots[self.layout.dealt() - 1] = Some(parse(tile)[0]);
        self
    }

    /// Wall draws from `W[53]` (`W[40]` with three players) on, in draw order; `?` leaves a
    /// position to the filler.
    pub(crate) fn draws(mut self, tiles: &[&str]) -> Self {
        let first = self.layout.dealt();
        for (i, t) in tiles.iter().enumerate() {
            if *t != "?" {
                self.slots[first + i] = Some(parse(t)[0]);
            }
        }
        self
    }

    /// The tile at wall position `pos`.
    pub(crate) fn at(mut self, pos: usize, tile: &str) -> Self {
        self.slots[pos] = Some(parse(tile)[0]);
        self
    }

    /// The first dora indicator `W[130]` (`W[98]` with three players; R2.4, T2.4).
    pub(crate) fn dora(self, tile: &str) -> Self {
        let at = self.layout.indicator(0);
        self.at(at, tile)
    }

    /// Replacement tiles in draw order: `W[134]`, `W[135]`, `W[132]`, `W[133]` (R2.3), with
    /// three players `W[106]`, `W[107]`, `W[104]`, ... (T2.3).
    pub(crate) fn rinshan(mut self, tiles: &[&str]) -> Self {
        for (i, t) in tiles.iter().enumerate() {
            let at = self.layout.replacement(i);
            self = self.at(at, t);
        }
        self
    }

    /// Kinds the filler should put last.
    pub(crate) fn avoid(mut self, kinds: &str) -> Self {
        self.avoid = parse(kinds).into_iter().map(|t| t.0).collect();
        self
    }

    /// The ids (136, or 108 with three players): named tiles get their copies (normal fives
    /// from copy 3 down, red fives copy 0), the rest of the ids fill the free positions.
    pub(crate) fn order(&self) -> Vec<u8> {
        let mut used = [false; 136];
        let mut out = vec![u8::MAX; self.layout.size()];
        for (pos, slot) in self.slots.iter().enumerate() {
            let Some((k, red)) = *slot else { continue };
            let copies: Vec<u8> = if red {
                vec![0]
            } else if k < 27 && k % 9 == 4 {
                vec![3, 2, 1]
            } else {
                vec![0, 1, 2, 3]
            };
            let id = copies
                .iter()
                .map(|c| 4 * k + c)
                .find(|&id| !used[usize::from(id)])
                .unwrap_or_else(|| panic!("too many copies of {} (red {red})", mpsz(&[4 * k + 1])));
            used[usize::from(id)] = true;
            out[pos] = id;
        }
        let players = self.layout.players();
        let mut rest: Vec<u8> = riichi_ids(players)
            .filter(|&id| !used[usize::from(id)])
            .collect();
        // Red fives last among their kind, avoided kinds at the very end.
        rest.sort_by_key(|&id| {
            let k = id / 4;
            (self.avoid.contains(&k), matches!(id, 16 | 52 | 88), id)
        });
        let mut rest = rest.into_iter();
        for slot in out.iter_mut().filter(|s| **s == u8::MAX) {
            *slot = rest.next().unwrap();
        }
        out
    }

    /// The wall.
    pub(crate) fn wall(&self) -> Wall {
        Wall::from_order(&self.order()).unwrap()
    }
}

/// A deal setup: round East, the given dealer, 25,000 each.
pub(crate) fn setup(dealer: usize) -> DealSetup {
    DealSetup {
        round_wind: Wind::East,
        dealer,
        number: dealer as u8 + 1,
        honba: 0,
        riichi_sticks: 0,
        scores: [25_000; 4],
    }
}

/// A three-player deal setup: round East, the given dealer, 35,000 each.
pub(crate) fn sanma_setup(dealer: usize) -> DealSetup {
    DealSetup {
        scores: [35_000, 35_000, 35_000, 0],
        ..setup(dealer)
    }
}

/// The tenhou-sanma preset.
pub(crate) fn tenhou_sanma() -> Ruleset {
    Ruleset::preset(Preset::TenhouSanma)
}

/// The mahjongsoul-sanma preset.
pub(crate) fn mahjongsoul_sanma() -> Ruleset {
    Ruleset::preset(Preset::MahjongSoulSanma)
}

/// The seed preset.
pub(crate) fn seed() -> Ruleset {
    Ruleset::preset(Preset::Seed)
}

/// The Tenhou preset.
pub(crate) fn tenhou() -> Ruleset {
    Ruleset::preset(Preset::Tenhou)
}

/// A deal being driven by a test.
pub(crate) struct Table {
    /// The deal.
    pub(crate) deal: Deal,
}

impl Table {
    /// A deal on the built wall.
    pub(crate) fn new(setup: DealSetup, wall: &WallBuilder, rules: &Ruleset) -> Self {
        Self {
            deal: Deal::new(setup, wall.wall(), rules).unwrap(),
        }
    }

    /// The seed preset, dealer `dealer`, 25,000 each.
    pub(crate) fn seed(dealer: usize, wall: &WallBuilder) -> Self {
        Self::new(setup(dealer), wall, &seed())
    }

    /// A three-player deal under `rules` on a [`WallBuilder::sanma`] wall, dealer 0, 35,000
    /// each.
    pub(crate) fn sanma(wall: &WallBuilder, rules: &Ruleset) -> Self {
        Self::new(sanma_setup(0), wall, rules)
    }

    /// `seat` sets a North aside (kita) and every seat passes on robbing it.
    pub(crate) fn kita(&mut self, seat: usize) {
        self.act(seat, Action::Kita);
        self.pass_all();
    }

    /// The id in `seat`'s hand of the tile `tile` (MPSZ; `0` = the red five, a normal five
    /// never picks the red one while another copy is there).
    pub(crate) fn id(&self, seat: usize, tile: &str) -> u8 {
        let (k, red) = parse(tile)[0];
        let hand = &self.deal.player(seat).hand;
        let red_ids = [16u8, 52, 88];
        let pick = |want_red: bool| {
            hand.iter()
                .copied()
                .find(|&t| t / 4 == k && red_ids.contains(&t) == want_red)
        };
        if red {
            pick(true)
        } else {
            pick(false).or_else(|| pick(true))
        }
        .unwrap_or_else(|| panic!("seat {seat} holds no {tile}: {}", self.hand(seat)))
    }

    /// Two ids in `seat`'s hand for the MPSZ pair `tiles` (e.g. `"46m"`, `"55p"`).
    pub(crate) fn pair(&self, seat: usize, tiles: &str) -> [u8; 2] {
        let parsed = parse(tiles);
        assert_eq!(parsed.len(), 2);
        let hand = &self.deal.player(seat).hand;
        let mut out = [0u8; 2];
        let mut taken: Vec<u8> = Vec::new();
        for (i, (k, red)) in parsed.into_iter().enumerate() {
            let t = hand
                .iter()
                .copied()
                .filter(|t| !taken.contains(t))
                .find(|&t| t / 4 == k && (!red || matches!(t, 16 | 52 | 88)))
                .unwrap_or_else(|| panic!("seat {seat} lacks {tiles}"));
            taken.push(t);
            out[i] = t;
        }
        out
    }

    /// `seat`'s concealed hand in MPSZ (kinds, red fives as `0`).
    pub(crate) fn hand(&self, seat: usize) -> String {
        mpsz(&self.deal.player(seat).hand)
    }

    /// Applies an action, failing the test with the engine's message if it is illegal.
    pub(crate) fn act(&mut self, seat: usize, action: Action) {
        if let Err(e) = self.deal.apply(seat, action) {
            panic!(
                "{e}; legal for seat {seat}: {:?}; hand {}",
                self.deal.legal_actions(seat),
                self.hand(seat)
            );
        }
    }

    /// Every seat with a claim to answer passes.
    pub(crate) fn pass_all(&mut self) {
        while self.deal.claim_tile().is_some() {
            let seat = self.deal.waiting()[0];
            self.act(seat, Action::Pass);
        }
    }

    /// Plays to the end: whoever is on turn discards the drawn tile, every claim passes.
    pub(crate) fn play_out(&mut self) {
        while !self.deal.is_over() {
            match self.deal.turn() {
                Some(seat) => self.tsumogiri(seat),
                None => self.pass_all(),
            }
        }
    }

    /// Discards drawn tiles (claims pass) until `seat` is on turn with `live` live tiles.
    pub(crate) fn play_until(&mut self, seat: usize, live: usize) {
        while !(self.deal.turn() == Some(seat) && self.deal.wall().live() == live) {
            let s = self.deal.turn().expect("deal ended early");
            self.tsumogiri(s);
        }
    }

    /// Discards `tile` (MPSZ) and lets every claim pass.
    pub(crate) fn discard(&mut self, seat: usize, tile: &str) {
        self.discard_hold(seat, tile);
        self.pass_all();
    }

    /// Discards `tile` and leaves the claim window open.
    pub(crate) fn discard_hold(&mut self, seat: usize, tile: &str) {
        let id = self.id(seat, tile);
        self.act(seat, Action::Discard(id));
    }

    /// Discards the drawn tile and lets every claim pass.
    pub(crate) fn tsumogiri(&mut self, seat: usize) {
        let drawn = self.deal.drawn().expect("no drawn tile");
        self.act(seat, Action::Discard(drawn));
        self.pass_all();
    }

    /// Whoever is on turn discards the drawn tile (claims pass), `n` times.
    pub(crate) fn tsumogiri_turns(&mut self, n: usize) {
        for _ in 0..n {
            let seat = self.deal.turn().expect("not a turn");
            self.tsumogiri(seat);
        }
    }

    /// Declares riichi discarding `tile` and lets every claim pass.
    pub(crate) fn riichi(&mut self, seat: usize, tile: &str) {
        let id = self.id(seat, tile);
        self.act(seat, Action::Riichi(id));
        self.pass_all();
    }

    /// Whether `seat` may now do `action`.
    pub(crate) fn can(&self, seat: usize, action: Action) -> bool {
        self.deal.legal_actions(seat).contains(&action)
    }

    /// Whether `seat` may ron now.
    pub(crate) fn can_ron(&self, seat: usize) -> bool {
        self.can(seat, Action::Ron)
    }

    /// Whether `seat` may tsumo now.
    pub(crate) fn can_tsumo(&self, seat: usize) -> bool {
        self.can(seat, Action::Tsumo)
    }

    /// The kinds `seat` may discard now (MPSZ, red fives as `0`), sorted.
    pub(crate) fn discard_kinds(&self, seat: usize) -> Vec<String> {
        let mut out: Vec<String> = self
            .deal
            .legal_actions(seat)
            .into_iter()
            .filter_map(|a| match a {
                Action::Discard(t) => Some(mpsz(&[t])),
                _ => None,
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Whether any chi, pon or daiminkan is among `seat`'s legal actions.
    pub(crate) fn can_call(&self, seat: usize) -> bool {
        self.deal
            .legal_actions(seat)
            .iter()
            .any(|a| matches!(a, Action::Chi(_) | Action::Pon(_) | Action::Daiminkan))
    }

    /// The outcome (the deal must be over).
    pub(crate) fn outcome(&self) -> &Outcome {
        self.deal.outcome().expect("the deal is not over")
    }

    /// The single win of the deal.
    pub(crate) fn win(&self) -> &WinRecord {
        let o = self.outcome();
        assert_eq!(o.wins.len(), 1, "{o:?}");
        &o.wins[0]
    }

    /// The dora indicators revealed so far, in MPSZ.
    pub(crate) fn dora_events(&self) -> Vec<String> {
        self.deal
            .events()
            .iter()
            .filter_map(|e| match e {
                Event::Dora { indicator } => Some(mpsz(&[*indicator])),
                _ => None,
            })
            .collect()
    }

    /// Number of events of which `f` holds.
    pub(crate) fn count_events(&self, f: impl Fn(&Event) -> bool) -> usize {
        self.deal.events().iter().filter(|e| f(e)).count()
    }

    /// Meld kinds of `seat`.
    pub(crate) fn meld_kinds(&self, seat: usize) -> Vec<MeldKind> {
        self.deal
            .player(seat)
            .melds
            .iter()
            .map(|m| m.meld.kind())
            .collect()
    }
}

/// Ids as MPSZ, one suit letter per tile (`5m0m1z`), in the given order.
pub(crate) fn mpsz(ids: &[u8]) -> String {
    ids.iter()
        .map(|&t| {
            let k = t / 4;
            let red = matches!(t, 16 | 52 | 88);
            let suit = ["m", "p", "s", "z"][usize::from(k / 9)];
            let n = if red { 0 } else { k % 9 + 1 };
            format!("{n}{suit}")
        })
        .collect()
}

/// An MPSZ string in the form [`mpsz`] writes (`4567m` → `4m5m6m7m`).
pub(crate) fn spread(text: &str) -> String {
    parse(text)
        .into_iter()
        .map(|(k, red)| {
            let suit = ["m", "p", "s", "z"][usize::from(k / 9)];
            let n = if red { 0 } else { k % 9 + 1 };
            format!("{n}{suit}")
        })
        .collect()
}

/// The yaku of a win, with han.
pub(crate) fn has_yaku(win: &WinRecord, yaku: Yaku) -> bool {
    win.yaku.iter().any(|(y, _)| *y == yaku)
}

/// Han of one yaku entry (0 if absent).
pub(crate) fn han_of(win: &WinRecord, yaku: Yaku) -> u8 {
    win.yaku
        .iter()
        .find(|(y, _)| *y == yaku)
        .map_or(0, |(_, h)| *h)
}

/// Whether a win has the yakuman.
pub(crate) fn has_yakuman(win: &WinRecord, y: Yakuman) -> bool {
    win.yakuman.iter().any(|(x, _)| *x == y)
}

/// Noten hands, one per seat, that share few kinds with the hands the tests build.
pub(crate) const JUNK: [&str; 4] = [
    "258m258p258s369s4z",
    "36m369p147s258s14z",
    "2358m34678p258s6z",
    "478m478p47s23456z",
];

/// Tenpai hands by seat (E tanki 2z, S tanki 4z, W tanki 6z, N tanki 7z).
pub(crate) const TENPAI: [&str; 4] = [
    "123m456m789m1112z",
    "123p456p789p3334z",
    "123s456s789s5556z",
    "111m999m111p999p7z",
];

/// A deal where the seats in `tenpai` hold a tenpai hand and the others junk; everyone
/// discards the drawn tile.
pub(crate) fn tenpai_table(tenpai: [bool; 4], rules: &Ruleset) -> Table {
    let hands: [&str; 4] = std::array::from_fn(|s| if tenpai[s] { TENPAI[s] } else { JUNK[s] });
    Table::new(setup(0), &WallBuilder::new(0, hands), rules)
}

/// Checks an abortive draw: the reason, no payment beyond riichi deposits, the dealer keeps.
pub(crate) fn assert_aborted(t: &Table, reason: DrawReason, sticks: u32) {
    let out = t.outcome();
    assert_eq!(out.draw, Some(reason));
    assert!(out.wins.is_empty());
    assert_eq!(
        out.deltas,
        [-1000 * i64::from(sticks) / 4; 4].map(|d| if sticks == 0 { 0 } else { d })
    );
    assert!(out.dealer_keeps);
    assert_eq!(out.riichi_sticks, sticks);
}

/// Tenhou rules: South pons East's 3s, kans West's 7p (daiminkan, replacement 3s) and adds
/// that 3s to its pon: the kakan's chankan window is open. West holds `west` (with a 7p to
/// discard) and first draws `west_draw`; `more` adds to the wall (the second replacement
/// tile, indicators).
pub(crate) fn south_kakan_after_daiminkan(
    west: &str,
    west_draw: &str,
    more: impl FnOnce(WallBuilder) -> WallBuilder,
) -> Table {
    let hands = [
        "3s258m258p69s147z8m",
        "33s777p1239m19p14z",
        west,
        "478m48p47s23456z9s",
    ];
    let wall = more(WallBuilder::new(0, hands).draws(&[west_draw]).at(134, "3s"));
    let mut t = Table::new(setup(0), &wall, &tenhou());
    t.discard_hold(0, "3s");
    t.act(1, Action::Pon(t.pair(1, "33s")));
    t.pass_all();
    t.discard(1, "9m");
    t.discard_hold(2, "7p");
    t.act(1, Action::Daiminkan);
    let kakan = Action::Kakan(t.id(1, "3s"));
    t.act(1, kakan);
    t
}
