//! The wall of one deal (rules R2.1–R2.12): 136 tile ids in draw order, the live wall, the
//! 14-tile dead wall, replacement draws and dora indicators.

use crate::error::{Error, Result};
use crate::rng::Rng;
use crate::tile::RIICHI_TILE_COUNT;

/// Index of the first dora indicator; kan indicators follow at -2 each (R2.4).
const FIRST_INDICATOR: usize = 130;
/// Replacement tiles in the order they are drawn (R2.3).
const RINSHAN: [usize; 4] = [134, 135, 132, 133];

/// The wall: `tiles[i]` is the id drawn i-th (R2.1); the deal takes `0..53`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wall {
    tiles: [u8; RIICHI_TILE_COUNT],
    /// Index of the next live draw (R2.9).
    next: usize,
    /// Index of the last live tile; moves down by one per replacement draw (R2.10).
    last: usize,
    /// Replacement tiles drawn so far (0..=4).
    rinshan_drawn: usize,
    /// Dora indicators revealed so far (1..=5).
    revealed: usize,
}

impl Wall {
    /// A wall shuffled from `seed`.
    pub fn shuffled(seed: u64) -> Self {
        let mut tiles = [0u8; RIICHI_TILE_COUNT];
        for (i, t) in tiles.iter_mut().enumerate() {
            *t = i as u8;
        }
        Rng::new(seed).shuffle(&mut tiles);
        Self::from_tiles(tiles)
    }

    /// A wall from an explicit draw order of the 136 ids (each exactly once).
    pub fn from_order(order: &[u8]) -> Result<Self> {
        if order.len() != RIICHI_TILE_COUNT {
            return Err(Error::argument(format!(
                "a wall has 136 tiles, got {}",
                order.len()
            )));
        }
        let mut seen = [false; RIICHI_TILE_COUNT];
        for &id in order {
            let slot = seen
                .get_mut(usize::from(id))
                .ok_or_else(|| Error::tile(format!("tile id {id} is out of range 0..=135")))?;
            if *slot {
                return Err(Error::tile(format!(
                    "tile id {id} appears twice in the wall"
                )));
            }
            *slot = true;
        }
        let mut tiles = [0u8; RIICHI_TILE_COUNT];
        tiles.copy_from_slice(order);
        Ok(Self::from_tiles(tiles))
    }

    fn from_tiles(tiles: [u8; RIICHI_TILE_COUNT]) -> Self {
        Self {
            tiles,
            next: 53,
            last: 121,
            rinshan_drawn: 0,
            revealed: 1,
        }
    }

    /// The draw order.
    pub fn order(&self) -> &[u8; RIICHI_TILE_COUNT] {
        &self.tiles
    }

    /// The starting hands by seat offset from the dealer (R2.7): the dealer's 14 tiles end
    /// with its first draw `tiles[52]`.
    pub fn deal(&self) -> [Vec<u8>; 4] {
        let mut hands: [Vec<u8>; 4] = Default::default();
        for round in 0..3 {
            for (offset, hand) in hands.iter_mut().enumerate() {
                let at = 16 * round + 4 * offset;
                hand.extend_from_slice(&self.tiles[at..at + 4]);
            }
        }
        for (offset, hand) in hands.iter_mut().enumerate() {
            hand.push(self.tiles[48 + offset]);
        }
        hands[0].push(self.tiles[52]);
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

    /// Whether a kan may be declared: a replacement tile exists and a live tile can move to
    /// the dead wall (R5.2).
    pub fn can_kan(&self) -> bool {
        self.rinshan_drawn < RINSHAN.len() && self.live() > 0
    }

    /// Draws a replacement tile; the last live tile joins the dead wall (R2.10).
    pub fn draw_replacement(&mut self) -> Option<u8> {
        if !self.can_kan() {
            return None;
        }
        let tile = self.tiles[RINSHAN[self.rinshan_drawn]];
        self.rinshan_drawn += 1;
        self.last -= 1;
        Some(tile)
    }

    /// Reveals the next kan dora indicator and returns it.
    pub fn reveal(&mut self) -> Option<u8> {
        (self.revealed < 5).then(|| {
            self.revealed += 1;
            self.tiles[FIRST_INDICATOR - 2 * (self.revealed - 1)]
        })
    }

    /// The revealed dora indicators, in order.
    pub fn dora_indicators(&self) -> Vec<u8> {
        (0..self.revealed)
            .map(|i| self.tiles[FIRST_INDICATOR - 2 * i])
            .collect()
    }

    /// The ura indicators under the revealed dora indicators.
    pub fn ura_indicators(&self) -> Vec<u8> {
        (0..self.revealed)
            .map(|i| self.tiles[FIRST_INDICATOR + 1 - 2 * i])
            .collect()
    }

    /// The wall a deal was played on, rebuilt from the tiles it showed (the inverse of the
    /// layout above): each shown tile at its position, the positions never shown filled with
    /// the remaining ids in ascending order. A tile becomes the lowest id of its kind not yet
    /// used (a red five its red id when `red_fives`, a plain five never that id). A fifth copy,
    /// two tiles at one position or a draw beyond the live wall is an error naming it.
    pub fn rebuild(shown: &Shown, red_fives: bool) -> Result<Self> {
        let mut wall = Rebuilt::new(red_fives);
        for (offset, hand) in shown.hands.iter().enumerate() {
            if hand.len() != 13 {
                return Err(Error::argument(format!(
                    "the hand dealt {offset} seats after the dealer has {} tiles, not 13",
                    hand.len()
                )));
            }
            for (i, &tile) in hand.iter().enumerate() {
                let at = if i < 12 {
                    16 * (i / 4) + 4 * offset + i % 4
                } else {
                    48 + offset
                };
                wall.place(at, tile, "a dealt tile")?;
            }
        }
        for (i, &tile) in shown.draws.iter().enumerate() {
            let at = 52 + i;
            if at > LAST_LIVE {
                return Err(Error::argument(format!(
                    "draw {} is beyond the live wall",
                    i + 1
                )));
            }
            wall.place(at, tile, "a drawn tile")?;
        }
        if shown.replacements.len() > RINSHAN.len() {
            return Err(Error::argument("more than four replacement draws"));
        }
        for (&tile, &at) in shown.replacements.iter().zip(&RINSHAN) {
            wall.place(at, tile, "a replacement tile")?;
        }
        for (list, first, what) in [
            (&shown.dora, FIRST_INDICATOR, "a dora indicator"),
            (&shown.ura, FIRST_INDICATOR + 1, "an ura indicator"),
        ] {
            if list.len() > 5 {
                return Err(Error::argument(format!("more than five of {what}")));
            }
            for (i, &tile) in list.iter().enumerate() {
                wall.place(first - 2 * i, tile, what)?;
            }
        }
        Ok(Self::from_tiles(wall.finish()))
    }
}

/// The last position of the live wall before any kan (R2.9).
const LAST_LIVE: usize = 121;

/// A shown tile: its kind (0..=33) and whether it is a red five.
pub type ShownTile = (u8, bool);

/// The tiles a deal showed, for [`Wall::rebuild`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shown {
    /// The 13 dealt tiles of each seat, by seat offset from the dealer, in the order taken.
    pub hands: [Vec<ShownTile>; 4],
    /// The live wall's draws in order, the dealer's 14th tile first.
    pub draws: Vec<ShownTile>,
    /// The replacement draws after kans, in order.
    pub replacements: Vec<ShownTile>,
    /// The dora indicators in order of reveal.
    pub dora: Vec<ShownTile>,
    /// The ura indicators shown, in the same order.
    pub ura: Vec<ShownTile>,
}

/// A wall being rebuilt: positions and the ids used.
struct Rebuilt {
    red_fives: bool,
    slots: [Option<u8>; RIICHI_TILE_COUNT],
    used: [bool; RIICHI_TILE_COUNT],
}

impl Rebuilt {
    fn new(red_fives: bool) -> Self {
        Self {
            red_fives,
            slots: [None; RIICHI_TILE_COUNT],
            used: [false; RIICHI_TILE_COUNT],
        }
    }

    fn place(&mut self, at: usize, (kind, red): ShownTile, what: &str) -> Result<()> {
        let name = crate::riichi::mjai::pai(kind, red);
        if usize::from(kind) >= crate::tile::RIICHI_KINDS || (red && !matches!(kind, 4 | 13 | 22)) {
            return Err(Error::tile(format!("{what} {name} is not a tile")));
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
        let mut rest = (0..RIICHI_TILE_COUNT as u8).filter(|&id| !self.used[usize::from(id)]);
        std::array::from_fn(|at| self.slots[at].or_else(|| rest.next()).unwrap_or_default())
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
        assert!(!wall.can_kan());
        assert_eq!(wall.draw_replacement(), None);
        while wall.draw().is_some() {}
        assert_eq!(wall.order()[wall.next - 1], 117);
    }

    #[test]
    fn rebuild_inverts_the_layout() {
        let wall = Wall::shuffled(11);
        let tile = |id: u8| (crate::tile::kind_of_id(id), matches!(id, 16 | 52 | 88));
        let hands = wall.deal();
        let mut shown = Shown::default();
        for (offset, hand) in hands.iter().enumerate() {
            shown.hands[offset] = hand[..13].iter().map(|&t| tile(t)).collect();
        }
        shown.draws = wall.order()[52..100].iter().map(|&t| tile(t)).collect();
        shown.replacements = vec![tile(wall.order()[134])];
        shown.dora = vec![tile(wall.order()[130]), tile(wall.order()[128])];
        shown.ura = vec![tile(wall.order()[131])];
        let rebuilt = Wall::rebuild(&shown, true).unwrap();
        let kinds = |w: &Wall, range: std::ops::Range<usize>| -> Vec<(u8, bool)> {
            w.order()[range].iter().map(|&t| tile(t)).collect()
        };
        assert_eq!(kinds(&rebuilt, 0..100), kinds(&wall, 0..100));
        for at in [128, 130, 131, 134] {
            assert_eq!(kinds(&rebuilt, at..at + 1), kinds(&wall, at..at + 1));
        }
        assert!(Wall::from_order(rebuilt.order()).is_ok());
        let mut five = shown.clone();
        five.draws.extend([(0, false); 5]);
        assert!(Wall::rebuild(&five, true).is_err());
        let mut short = shown;
        short.hands[2].pop();
        assert!(Wall::rebuild(&short, true).is_err());
    }

    #[test]
    fn bad_walls() {
        assert!(Wall::from_order(&[0; 136]).is_err());
        assert!(Wall::from_order(&[0; 3]).is_err());
        let mut order: Vec<u8> = (0..136).collect();
        order[0] = 200;
        assert!(Wall::from_order(&order).is_err());
        assert_ne!(Wall::shuffled(1), Wall::shuffled(2));
        assert_eq!(Wall::shuffled(3), Wall::shuffled(3));
    }
}
