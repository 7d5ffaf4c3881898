//! The wall of one American game (spec §1.2): the 152 physical tiles (ids per
//! [`crate::american::physical_kind`]), four walls of 19 stacks two high, the break chosen by
//! East's dice, the deal (East 14, the others 13) and draws. There is no dead wall: every
//! tile can be drawn (spec §1.2.5).
//!
//! Model (spec §1.2.3, an engine decision): the walls are one sequence of 152 positions, 38 per player in
//! seat order from East (stack `i` of a wall is positions `2i` and `2i + 1`, top first).
//! East breaks their own wall after `dice` stacks, so the draw order is the sequence rotated
//! to start at position `2 × dice`. A wall can also be given directly in draw order.

use crate::american::PHYSICAL_TILES;
use crate::error::{Error, Result};
use crate::rng::Rng;

/// Stacks per player's wall.
pub const STACKS: usize = 19;

/// The deal takes 4 tiles three times per player, then 2 for East and 1 for each other.
const DEALT: usize = 53;

/// The wall: draw order, how many tiles were taken, and the dice that broke it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wall {
    tiles: [u8; PHYSICAL_TILES],
    next: usize,
    dice: Option<[u8; 2]>,
}

/// Two dice from `rng`.
pub fn roll(rng: &mut Rng) -> [u8; 2] {
    [1 + rng.below(6) as u8, 1 + rng.below(6) as u8]
}

/// Seats roll two dice each; the highest total is East, ties roll again among the tied
/// (spec §1.2.1). Returns East's seat and every round of rolls (`None` for seats out).
pub fn roll_for_dealer(rng: &mut Rng) -> (usize, Vec<[Option<[u8; 2]>; 4]>) {
    let mut rounds = Vec::new();
    let mut in_play = [true; 4];
    loop {
        let rolls: [Option<[u8; 2]>; 4] = std::array::from_fn(|s| in_play[s].then(|| roll(rng)));
        let total = |s: usize| rolls[s].map_or(0, |d| d[0] + d[1]);
        let best = (0..4).map(total).max().unwrap_or(0);
        rounds.push(rolls);
        for (s, play) in in_play.iter_mut().enumerate() {
            *play = total(s) == best;
        }
        if in_play.iter().filter(|&&p| p).count() == 1 {
            let east = in_play.iter().position(|&p| p).unwrap_or(0);
            return (east, rounds);
        }
    }
}

impl Wall {
    /// A wall shuffled from `seed` (SplitMix64, [`Rng`]): the 152 ids are shuffled into the
    /// walls, then East's two dice choose the break.
    pub fn shuffled(seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        let mut physical: [u8; PHYSICAL_TILES] = std::array::from_fn(|i| i as u8);
        rng.shuffle(&mut physical);
        let dice = roll(&mut rng);
        Self::broken(&physical, dice)
    }

    /// The wall whose physical positions (38 per player from East, see the module docs) hold
    /// `physical`, broken after `dice` stacks of East's wall.
    pub fn broken(physical: &[u8; PHYSICAL_TILES], dice: [u8; 2]) -> Self {
        let start = 2 * usize::from(dice[0] + dice[1]);
        let tiles = std::array::from_fn(|i| physical[(start + i) % PHYSICAL_TILES]);
        Self {
            tiles,
            next: 0,
            dice: Some(dice),
        }
    }

    /// A wall from an explicit draw order of the 152 ids (each exactly once).
    pub fn from_order(order: &[u8]) -> Result<Self> {
        if order.len() != PHYSICAL_TILES {
            return Err(Error::argument(format!(
                "an American wall has 152 tiles, got {}",
                order.len()
            )));
        }
        let mut seen = [false; PHYSICAL_TILES];
        for &id in order {
            let slot = seen
                .get_mut(usize::from(id))
                .ok_or_else(|| Error::tile(format!("tile id {id} is out of range 0..=151")))?;
            if *slot {
                return Err(Error::tile(format!(
                    "tile id {id} appears twice in the wall"
                )));
            }
            *slot = true;
        }
        let mut tiles = [0u8; PHYSICAL_TILES];
        tiles.copy_from_slice(order);
        Ok(Self {
            tiles,
            next: 0,
            dice: None,
        })
    }

    /// The wall with `dice` as the dice that broke it (a wall given in draw order that was
    /// once broken by dice, e.g. a saved game's).
    #[must_use]
    pub fn with_dice(self, dice: Option<[u8; 2]>) -> Self {
        Self { dice, ..self }
    }

    /// The draw order.
    pub fn order(&self) -> &[u8; PHYSICAL_TILES] {
        &self.tiles
    }

    /// East's dice for the break (`None` for a wall given in draw order).
    pub fn dice(&self) -> Option<[u8; 2]> {
        self.dice
    }

    /// The starting tiles by seat offset from East (spec §1.2.4): two stacks (4 tiles) per
    /// player three times, then East 2 tiles and the others 1 each. Takes them from the wall.
    pub(crate) fn deal(&mut self) -> [Vec<u8>; 4] {
        let mut hands: [Vec<u8>; 4] = Default::default();
        for round in 0..3 {
            for (offset, hand) in hands.iter_mut().enumerate() {
                let at = 16 * round + 4 * offset;
                hand.extend_from_slice(&self.tiles[at..at + 4]);
            }
        }
        hands[0].extend_from_slice(&self.tiles[48..50]);
        for (offset, hand) in hands.iter_mut().enumerate().skip(1) {
            hand.push(self.tiles[49 + offset]);
        }
        self.next = DEALT;
        hands
    }

    /// Tiles left to draw.
    pub fn remaining(&self) -> usize {
        PHYSICAL_TILES - self.next
    }

    /// The tiles still in the wall, in draw order.
    pub fn remaining_tiles(&self) -> &[u8] {
        &self.tiles[self.next..]
    }

    /// Tiles taken so far (the deal and draws).
    pub fn taken(&self) -> usize {
        self.next
    }

    /// Draws the next tile, if any.
    pub(crate) fn draw(&mut self) -> Option<u8> {
        (self.next < PHYSICAL_TILES).then(|| {
            self.next += 1;
            self.tiles[self.next - 1]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deal_gives_east_14_and_the_others_13() {
        let mut wall = Wall::from_order(&std::array::from_fn::<u8, 152, _>(|i| i as u8)).unwrap();
        let hands = wall.deal();
        assert_eq!(hands.each_ref().map(Vec::len), [14, 13, 13, 13]);
        assert_eq!(&hands[0][..4], &[0, 1, 2, 3]);
        assert_eq!(&hands[1][..4], &[4, 5, 6, 7]);
        assert_eq!(&hands[0][12..], &[48, 49]);
        assert_eq!(hands[1][12], 50);
        assert_eq!(hands[3][12], 52);
        assert_eq!(wall.remaining(), 99);
        assert_eq!(wall.draw(), Some(53));
        assert_eq!(wall.taken(), 54);
    }

    #[test]
    fn shuffled_walls_are_seeded_and_broken_by_the_dice() {
        let a = Wall::shuffled(5);
        assert_eq!(a, Wall::shuffled(5));
        assert_ne!(a, Wall::shuffled(6));
        let mut sorted = a.order().to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..152).collect::<Vec<u8>>());
        let physical: [u8; 152] = std::array::from_fn(|i| i as u8);
        let w = Wall::broken(&physical, [3, 4]);
        assert_eq!(w.order()[0], 14);
        assert_eq!(w.order()[151], 13);
        assert_eq!(w.dice(), Some([3, 4]));
        assert_eq!(STACKS * 2 * 4, 152);
        assert!(
            Wall::from_order(&[0; 152])
                .unwrap_err()
                .message()
                .contains("twice")
        );
        assert!(Wall::from_order(&[0; 10]).is_err());
    }

    #[test]
    fn the_highest_roll_is_east() {
        for seed in 0..50 {
            let (east, rounds) = roll_for_dealer(&mut Rng::new(seed));
            let last = rounds.last().unwrap();
            let total = |s: usize| last[s].map_or(0, |d| d[0] + d[1]);
            assert!((0..4).all(|s| s == east || total(s) < total(east)));
        }
    }
}
