//! The wall of one deal (rules R2.1–R2.12; three players T2.1–T2.12): the tile ids in draw
//! order (136, or 108 with three players), the live wall, the 14-tile dead wall, replacement
//! draws and dora indicators. Every position follows from the player count ([`Layout`]).

use crate::error::{Error, Result};
use crate::rng::Rng;
use crate::tile::{RIICHI_TILE_COUNT, in_play, kind_of_id, riichi_ids};

/// Where the tiles of a wall lie for a game of `players` (3 or 4): R2 with four players, T2
/// with three (the same rules with the player count as a parameter).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    players: usize,
}

impl Layout {
    /// The layout of a game of `players` (3 or 4; anything but 3 is four).
    pub fn new(players: usize) -> Self {
        Self {
            players: if players == 3 { 3 } else { 4 },
        }
    }

    /// The number of players.
    pub fn players(self) -> usize {
        self.players
    }

    /// Tiles in the wall: 136, or 108 with three players (T0.2).
    pub fn size(self) -> usize {
        if self.players == 3 {
            108
        } else {
            RIICHI_TILE_COUNT
        }
    }

    /// Replacement tiles, shared by kans and (three players) kita: 4, or 8 (R2.3, T2.3).
    pub fn replacements(self) -> usize {
        if self.players == 3 { 8 } else { 4 }
    }

    /// The position of the `i`-th replacement tile: upper then lower of the last stack, then
    /// of the stack before it (R2.3, T2.3).
    pub fn replacement(self, i: usize) -> usize {
        self.size() - 2 * (i / 2 + 1) + i % 2
    }

    /// The position of the `i`-th dora indicator (0 the first): the upper tile of the stack
    /// before the replacement stacks, then two positions lower per kan (R2.4, T2.4); its ura
    /// indicator lies one position higher.
    pub fn indicator(self, i: usize) -> usize {
        self.size() - self.replacements() - 2 - 2 * i
    }

    /// The last position of the live wall before any replacement draw (R2.9, T2.9).
    pub fn last_live(self) -> usize {
        self.size() - 15
    }

    /// Tiles dealt, the dealer's first draw included: `13 × players + 1` (R2.7, T2.7).
    pub fn dealt(self) -> usize {
        13 * self.players + 1
    }

    /// The position of the `i`-th of the 13 tiles dealt to the seat `offset` seats after the
    /// dealer: blocks of four (`4 × players × round + 4 × offset`), then one each from
    /// `12 × players` (R2.7, T2.7).
    pub fn dealt_position(self, offset: usize, i: usize) -> usize {
        if i < 12 {
            4 * self.players * (i / 4) + 4 * offset + i % 4
        } else {
            12 * self.players + offset
        }
    }
}

/// The wall: `tiles[i]` is the id drawn i-th (R2.1); the deal takes the first
/// [`Layout::dealt`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wall {
    /// The draw order in the first [`Layout::size`] entries.
    tiles: [u8; RIICHI_TILE_COUNT],
    layout: Layout,
    /// Index of the next live draw (R2.9).
    next: usize,
    /// Index of the last live tile; moves down by one per replacement draw (R2.10).
    last: usize,
    /// Replacement tiles drawn so far.
    rinshan_drawn: usize,
    /// Dora indicators revealed so far (1..=5).
    revealed: usize,
}

impl Wall {
    /// A wall of a game of `players` shuffled from `seed`.
    pub fn shuffled(seed: u64, players: usize) -> Self {
        let layout = Layout::new(players);
        let mut tiles = [0u8; RIICHI_TILE_COUNT];
        for (slot, id) in tiles.iter_mut().zip(riichi_ids(layout.players)) {
            *slot = id;
        }
        Rng::new(seed).shuffle(&mut tiles[..layout.size()]);
        Self::from_tiles(tiles, layout)
    }

    /// A wall from an explicit draw order: the 136 ids, or for a three-player game the 108
    /// ids 0..=3 and 32..=135 (each exactly once).
    pub fn from_order(order: &[u8]) -> Result<Self> {
        let layout = match order.len() {
            RIICHI_TILE_COUNT => Layout::new(4),
            108 => Layout::new(3),
            n => {
                return Err(Error::argument(format!(
                    "a wall has 136 tiles (108 with three players), got {n}"
                )));
            }
        };
        let mut seen = [false; RIICHI_TILE_COUNT];
        for &id in order {
            let slot = seen
                .get_mut(usize::from(id))
                .ok_or_else(|| Error::tile(format!("tile id {id} is out of range 0..=135")))?;
            if !in_play(kind_of_id(id), layout.players) {
                return Err(Error::tile(format!(
                    "tile id {id} ({}) is not in a three-player wall (ids 0..=3 and 32..=135)",
                    crate::tile::kind_name(kind_of_id(id), false)
                )));
            }
            if *slot {
                return Err(Error::tile(format!(
                    "tile id {id} appears twice in the wall"
                )));
            }
            *slot = true;
        }
        let mut tiles = [0u8; RIICHI_TILE_COUNT];
        tiles[..order.len()].copy_from_slice(order);
        Ok(Self::from_tiles(tiles, layout))
    }

    fn from_tiles(tiles: [u8; RIICHI_TILE_COUNT], layout: Layout) -> Self {
        Self {
            tiles,
            layout,
            next: layout.dealt(),
            last: layout.last_live(),
            rinshan_drawn: 0,
            revealed: 1,
        }
    }

    /// Where the tiles lie.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The draw order.
    pub fn order(&self) -> &[u8] {
        &self.tiles[..self.layout.size()]
    }

    /// The starting hands by seat offset from the dealer (R2.7, T2.7; offsets beyond the
    /// player count are empty): the dealer's 14 tiles end with its first draw.
    pub fn deal(&self) -> [Vec<u8>; 4] {
        let layout = self.layout;
        let mut hands: [Vec<u8>; 4] = Default::default();
        for (offset, hand) in hands.iter_mut().enumerate().take(layout.players) {
            hand.extend((0..13).map(|i| self.tiles[layout.dealt_position(offset, i)]));
        }
        hands[0].push(self.tiles[layout.dealt() - 1]);
        hands
    }

    /// Live tiles left to draw.
    pub fn live(&self) -> usize {
        (self.last + 1).saturating_sub(self.next)
    }

    /// Draws the next live tile, if any.
    pub fn draw(&mut self) -> Option<u8> {
        (self.live() > 0).then(|| {
            self.next += 1;
            self.tiles[self.next - 1]
        })
    }

    /// Tiles taken from the wall so far: the deal, wall draws and replacement draws.
    pub fn taken(&self) -> usize {
        self.next + self.rinshan_drawn
    }

    /// Replacement draws made so far.
    pub fn rinshan_drawn(&self) -> usize {
        self.rinshan_drawn
    }

    /// Whether a replacement draw (a kan's, R5.2, or a kita's, T17.2) can follow: a
    /// replacement tile is left and a live tile can move to the dead wall.
    pub fn can_replace(&self) -> bool {
        self.rinshan_drawn < self.layout.replacements() && self.live() > 0
    }

    /// Draws a replacement tile; the last live tile joins the dead wall (R2.10).
    pub fn draw_replacement(&mut self) -> Option<u8> {
        if !self.can_replace() {
            return None;
        }
        let tile = self.tiles[self.layout.replacement(self.rinshan_drawn)];
        self.rinshan_drawn += 1;
        self.last -= 1;
        Some(tile)
    }

    /// Reveals the next kan dora indicator and returns it.
    pub fn reveal(&mut self) -> Option<u8> {
        (self.revealed < 5).then(|| {
            self.revealed += 1;
            self.tiles[self.layout.indicator(self.revealed - 1)]
        })
    }

    /// The revealed dora indicators, in order.
    pub fn dora_indicators(&self) -> Vec<u8> {
        (0..self.revealed)
            .map(|i| self.tiles[self.layout.indicator(i)])
            .collect()
    }

    /// The ura indicators under the revealed dora indicators.
    pub fn ura_indicators(&self) -> Vec<u8> {
        (0..self.revealed)
            .map(|i| self.tiles[self.layout.indicator(i) + 1])
            .collect()
    }

    /// The wall a deal of `players` was played on, rebuilt from the tiles it showed (the
    /// inverse of the layout above): each shown tile at its position, the positions never
    /// shown filled with the remaining ids in ascending order. A tile becomes the lowest id of
    /// its kind not yet used (a red five its red id when `red_fives`, a plain five never that
    /// id). A fifth copy, a tile not in play, two tiles at one position or a draw beyond the
    /// live wall is an error naming it.
    pub fn rebuild(shown: &Shown, red_fives: bool, players: usize) -> Result<Self> {
        let layout = Layout::new(players);
        let mut wall = Rebuilt::new(red_fives, layout);
        for (offset, hand) in shown.hands.iter().enumerate() {
            let expected = if offset < layout.players { 13 } else { 0 };
            if hand.len() != expected {
                return Err(Error::argument(format!(
                    "the hand dealt {offset} seats after the dealer has {} tiles, not {expected}",
                    hand.len()
                )));
            }
            for (i, &tile) in hand.iter().enumerate() {
                wall.place(layout.dealt_position(offset, i), tile, "a dealt tile")?;
            }
        }
        for (i, &tile) in shown.draws.iter().enumerate() {
            let at = layout.dealt() - 1 + i;
            if at > layout.last_live() {
                return Err(Error::argument(format!(
                    "draw {} is beyond the live wall",
                    i + 1
                )));
            }
            wall.place(at, tile, "a drawn tile")?;
        }
        if shown.replacements.len() > layout.replacements() {
            return Err(Error::argument(format!(
                "more than {} replacement draws",
                layout.replacements()
            )));
        }
        for (i, &tile) in shown.replacements.iter().enumerate() {
            wall.place(layout.replacement(i), tile, "a replacement tile")?;
        }
        for (list, above, what) in [
            (&shown.dora, 0, "a dora indicator"),
            (&shown.ura, 1, "an ura indicator"),
        ] {
            if list.len() > 5 {
                return Err(Error::argument(format!("more than five of {what}")));
            }
            for (i, &tile) in list.iter().enumerate() {
                wall.place(layout.indicator(i) + above, tile, what)?;
            }
        }
        Ok(Self::from_tiles(wall.finish(), layout))
    }
}

/// A shown tile: its kind (0..=33) and whether it is a red five.
pub type ShownTile = (u8, bool);

/// The tiles a deal showed, for [`Wall::rebuild`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shown {
    /// The 13 dealt tiles of each seat, by seat offset from the dealer, in the order taken
    /// (none for offsets beyond the player count).
    pub hands: [Vec<ShownTile>; 4],
    /// The live wall's draws in order, the dealer's 14th tile first.
    pub draws: Vec<ShownTile>,
    /// The replacement draws after kans (and kita), in order.
    pub replacements: Vec<ShownTile>,
    /// The dora indicators in order of reveal.
    pub dora: Vec<ShownTile>,
    /// The ura indicators shown, in the same order.
    pub ura: Vec<ShownTile>,
}

/// A wall being rebuilt: positions and the ids used.
struct Rebuilt {
    red_fives: bool,
    layout: Layout,
    slots: [Option<u8>; RIICHI_TILE_COUNT],
    used: [bool; RIICHI_TILE_COUNT],
}

impl Rebuilt {
    fn new(red_fives: bool, layout: Layout) -> Self {
        Self {
            red_fives,
            layout,
            slots: [None; RIICHI_TILE_COUNT],
            used: [false; RIICHI_TILE_COUNT],
        }
    }

    fn place(&mut self, at: usize, (kind, red): ShownTile, what: &str) -> Result<()> {
        let name = crate::riichi::mjai::pai(kind, red);
        if usize::from(kind) >= crate::tile::RIICHI_KINDS || (red && !matches!(kind, 4 | 13 | 22)) {
            return Err(Error::tile(format!("{what} {name} is not a tile")));
        }
        if !in_play(kind, self.layout.players) {
            return Err(crate::tile::removed_kind(kind, what));
        }
        if let Some(id) = self.slots[at] {
            let is_red = self.red_fives && matches!(id, 16 | 52 | 88);
            if crate::tile::kind_of_id(id) == kind && is_red == red {
                return Ok(());
            }
            return Err(Error::argument(format!(
                "{what} {name} and an earlier {} both lie at wall position {at}",
                crate::riichi::mjai::tile_pai(id, self.red_fives)
            )));
        }
        if red && !self.red_fives {
            return Err(Error::tile(format!(
                "{what} {name} is a red five, but red fives are not in play"
            )));
        }
        let red_id = 4 * kind;
        let candidates = (4 * kind..4 * kind + 4).filter(|&id| {
            let is_red_id = self.red_fives && matches!(kind, 4 | 13 | 22) && id == red_id;
            is_red_id == (red && self.red_fives)
        });
        let id = candidates
            .into_iter()
            .find(|&id| !self.used[usize::from(id)])
            .ok_or_else(|| Error::tile(format!("{what}: every copy of {name} is used already")))?;
        self.used[usize::from(id)] = true;
        self.slots[at] = Some(id);
        Ok(())
    }

    fn finish(self) -> [u8; RIICHI_TILE_COUNT] {
        let mut rest = riichi_ids(self.layout.players).filter(|&id| !self.used[usize::from(id)]);
        let size = self.layout.size();
        std::array::from_fn(|at| {
            if at < size {
                self.slots[at].or_else(|| rest.next()).unwrap_or_default()
            } else {
                0
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity() -> Wall {
        Wall::from_order(&(0..136).collect::<Vec<u8>>()).unwrap()
    }

    #[test]
    fn deal_and_draw_positions() {
        let wall = identity();
        let hands = wall.deal();
        assert_eq!(hands[0][..4], [0, 1, 2, 3]);
        assert_eq!(hands[1][..4], [4, 5, 6, 7]);
        assert_eq!(hands[0][12..], [48, 52]);
        assert_eq!(hands[3][12], 51);
        assert_eq!(
            hands.iter().map(Vec::len).collect::<Vec<_>>(),
            [14, 13, 13, 13]
        );
        let mut wall = wall;
        assert_eq!(wall.live(), 69);
        assert_eq!(wall.draw(), Some(53));
        assert_eq!(wall.dora_indicators(), [130]);
        assert_eq!(wall.ura_indicators(), [131]);
    }

    #[test]
    fn kans_shrink_the_live_wall() {
        let mut wall = identity();
        assert_eq!(wall.draw_replacement(), Some(134));
        assert_eq!(wall.reveal(), Some(128));
        assert_eq!(wall.live(), 68);
        for expected in [135, 132, 133] {
            assert_eq!(wall.draw_replacement(), Some(expected));
        }
        assert!(!wall.can_replace());
        assert_eq!(wall.draw_replacement(), None);
        while wall.draw().is_some() {}
        assert_eq!(wall.order()[wall.next - 1], 117);
    }

    #[test]
    fn three_player_positions() {
        let layout = Layout::new(3);
        let replacements: Vec<usize> = (0..8).map(|i| layout.replacement(i)).collect();
        assert_eq!(replacements, [106, 107, 104, 105, 102, 103, 100, 101]);
        let indicators: Vec<usize> = (0..5).map(|i| layout.indicator(i)).collect();
        assert_eq!(indicators, [98, 96, 94, 92, 90]);
        assert_eq!((layout.dealt(), layout.last_live()), (40, 93));
        let four = Layout::new(4);
        assert_eq!(
            (four.replacement(2), four.indicator(0), four.dealt()),
            (132, 130, 53)
        );
    }

    #[test]
    fn rebuild_inverts_the_layout() {
        for players in [3, 4] {
            rebuild_round_trip(players);
        }
    }

    fn rebuild_round_trip(players: usize) {
        let wall = Wall::shuffled(11, players);
        let layout = wall.layout();
        let tile = |id: u8| (crate::tile::kind_of_id(id), matches!(id, 16 | 52 | 88));
        let hands = wall.deal();
        let mut shown = Shown::default();
        for (offset, hand) in hands.iter().enumerate().take(players) {
            shown.hands[offset] = hand[..13].iter().map(|&t| tile(t)).collect();
        }
        let (first, rinshan, dora) = (
            layout.dealt() - 1,
            layout.replacement(0),
            layout.indicator(0),
        );
        shown.draws = wall.order()[first..80].iter().map(|&t| tile(t)).collect();
        shown.replacements = vec![tile(wall.order()[rinshan])];
        shown.dora = vec![tile(wall.order()[dora]), tile(wall.order()[dora - 2])];
        shown.ura = vec![tile(wall.order()[dora + 1])];
        let rebuilt = Wall::rebuild(&shown, true, players).unwrap();
        let kinds = |w: &Wall, range: std::ops::Range<usize>| -> Vec<(u8, bool)> {
            w.order()[range].iter().map(|&t| tile(t)).collect()
        };
        assert_eq!(kinds(&rebuilt, 0..80), kinds(&wall, 0..80));
        for at in [dora - 2, dora, dora + 1, rinshan] {
            assert_eq!(kinds(&rebuilt, at..at + 1), kinds(&wall, at..at + 1));
        }
        assert!(Wall::from_order(rebuilt.order()).is_ok());
        let mut five = shown.clone();
        five.draws.extend([(0, false); 5]);
        assert!(Wall::rebuild(&five, true, players).is_err());
        let mut short = shown.clone();
        short.hands[2].pop();
        assert!(Wall::rebuild(&short, true, players).is_err());
        if players == 3 {
            let mut removed = shown;
            removed.draws.push((4, false));
            let err = Wall::rebuild(&removed, true, 3).unwrap_err();
            assert!(err.message().contains("not in play"), "{err}");
        }
    }

    #[test]
    fn bad_walls() {
        assert!(Wall::from_order(&[0; 136]).is_err());
        assert!(Wall::from_order(&[0; 3]).is_err());
        let mut order: Vec<u8> = (0..136).collect();
        order[0] = 200;
        assert!(Wall::from_order(&order).is_err());
        assert_ne!(Wall::shuffled(1, 4), Wall::shuffled(2, 4));
        assert_eq!(Wall::shuffled(3, 4), Wall::shuffled(3, 4));
        // T0.2: a three-player wall is the 108 ids 0..=3 and 32..=135.
        let mut order: Vec<u8> = crate::tile::riichi_ids(3).collect();
        assert!(Wall::from_order(&order).is_ok());
        order[5] = 4;
        let err = Wall::from_order(&order).unwrap_err();
        assert!(err.message().contains("tile id 4 (2m)"), "{err}");
        assert!(Wall::from_order(&order[..107]).is_err());
    }
}
