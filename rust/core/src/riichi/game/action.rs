//! What a player can do, as values with a stable integer encoding.
//!
//! Actions name physical tiles (ids 0..135). For learning agents every action also has a code
//! in `0..ACTION_COUNT` that stays the same across versions:
//!
//! | codes | action |
//! |---|---|
//! | 0..=36 | discard a tile of class c (classes 0..=33 are the kinds, 34..=36 the red 5m/5p/5s) |
//! | 37..=73 | declare riichi, discarding class c − 37 |
//! | 74, 75 | chi with the called tile lowest (75: using a red five) |
//! | 76, 77 | chi with the called tile in the middle (77: using a red five) |
//! | 78, 79 | chi with the called tile highest (79: using a red five) |
//! | 80, 81 | pon (81: using a red five) |
//! | 82 | daiminkan |
//! | 83..=116 | ankan of kind k − 83 |
//! | 117..=150 | kakan of kind k − 117 |
//! | 151 | tsumo |
//! | 152 | ron (also on a robbed kan) |
//! | 153 | kyuushu kyuuhai (abortive draw) |
//! | 154 | pass |
//! | 155 | kita: set a North aside (three players, T17.1) |

use crate::tile::kind_of_id;
pub use crate::tile::{is_red_id, tile_class};

/// Number of action codes.
pub const ACTION_COUNT: usize = 156;

/// One player action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Discard this tile.
    Discard(u8),
    /// Declare riichi and discard this tile.
    Riichi(u8),
    /// Chi the discard with these two tiles of one's hand.
    Chi([u8; 2]),
    /// Pon the discard with these two tiles.
    Pon([u8; 2]),
    /// Open kan on the discard with three tiles of one's hand.
    Daiminkan,
    /// Concealed kan of this kind.
    Ankan(u8),
    /// Added kan: add this tile to one's pon.
    Kakan(u8),
    /// Win on one's own draw.
    Tsumo,
    /// Win on the discard (or the robbed kan tile).
    Ron,
    /// Abort the deal with nine different terminals and honours.
    Kyuushu,
    /// Decline every call.
    Pass,
    /// Set a North aside for nukidora and a replacement draw (three players, T17.1): the
    /// drawn tile when it is a North, else the lowest North held.
    Kita,
}

impl Action {
    /// The action's stable code (see the module docs); `called` is the claimed tile for chi
    /// and pon.
    pub fn code(self, called: Option<u8>, red_fives: bool) -> usize {
        let red = |tiles: [u8; 2]| tiles.iter().any(|&t| is_red_id(t, red_fives));
        match self {
            Self::Discard(t) => usize::from(tile_class(t, red_fives)),
            Self::Riichi(t) => 37 + usize::from(tile_class(t, red_fives)),
            Self::Chi(tiles) => {
                let c = called.map_or(0, kind_of_id);
                let low = tiles.iter().map(|&t| kind_of_id(t)).min().unwrap_or(c);
                let shape = if c < low {
                    0
                } else if c > low + 1 {
                    2
                } else {
                    1
                };
                74 + 2 * shape + usize::from(red(tiles))
            }
            Self::Pon(tiles) => 80 + usize::from(red(tiles)),
            Self::Daiminkan => 82,
            Self::Ankan(kind) => 83 + usize::from(kind),
            Self::Kakan(tile) => 117 + usize::from(kind_of_id(tile)),
            Self::Tsumo => 151,
            Self::Ron => 152,
            Self::Kyuushu => 153,
            Self::Pass => 154,
            Self::Kita => 155,
        }
    }

    /// The action as a tag and two bytes, exactly (with its physical tiles): the inverse of
    /// [`Self::from_parts`], for saving and restoring a deal.
    pub fn parts(self) -> (u8, [u8; 2]) {
        match self {
            Self::Discard(t) => (0, [t, 0]),
            Self::Riichi(t) => (1, [t, 0]),
            Self::Chi(p) => (2, p),
            Self::Pon(p) => (3, p),
            Self::Daiminkan => (4, [0, 0]),
            Self::Ankan(k) => (5, [k, 0]),
            Self::Kakan(t) => (6, [t, 0]),
            Self::Tsumo => (7, [0, 0]),
            Self::Ron => (8, [0, 0]),
            Self::Kyuushu => (9, [0, 0]),
            Self::Pass => (10, [0, 0]),
            Self::Kita => (11, [0, 0]),
        }
    }

    /// The action of [`Self::parts`]; `None` for an unknown tag.
    pub fn from_parts(tag: u8, [a, b]: [u8; 2]) -> Option<Self> {
        Some(match tag {
            0 => Self::Discard(a),
            1 => Self::Riichi(a),
            2 => Self::Chi([a, b]),
            3 => Self::Pon([a, b]),
            4 => Self::Daiminkan,
            5 => Self::Ankan(a),
            6 => Self::Kakan(a),
            7 => Self::Tsumo,
            8 => Self::Ron,
            9 => Self::Kyuushu,
            10 => Self::Pass,
            11 => Self::Kita,
            _ => return None,
        })
    }

    /// A short name of the action's type, as in logs ("dahai", "reach", "chi", ...).
    pub fn name(self) -> &'static str {
        match self {
            Self::Discard(_) => "discard",
            Self::Riichi(_) => "riichi",
            Self::Chi(_) => "chi",
            Self::Pon(_) => "pon",
            Self::Daiminkan => "daiminkan",
            Self::Ankan(_) => "ankan",
            Self::Kakan(_) => "kakan",
            Self::Tsumo => "tsumo",
            Self::Ron => "ron",
            Self::Kyuushu => "kyuushu",
            Self::Pass => "pass",
            Self::Kita => "kita",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        assert_eq!(tile_class(16, true), 34);
        assert_eq!(tile_class(52, true), 35);
        assert_eq!(tile_class(88, true), 36);
        assert_eq!(tile_class(16, false), 4);
        assert_eq!(Action::Discard(17).code(None, true), 4);
        assert_eq!(Action::Riichi(88).code(None, true), 73);
        // Chi of 3m (id 8) with 4m and red 5m: called lowest, red.
        assert_eq!(Action::Chi([12, 16]).code(Some(8), true), 75);
        assert_eq!(Action::Chi([0, 8]).code(Some(4), true), 76);
        assert_eq!(Action::Chi([0, 4]).code(Some(8), true), 78);
        assert_eq!(Action::Pon([52, 53]).code(Some(54), true), 81);
        assert_eq!(Action::Ankan(33).code(None, true), 116);
        assert_eq!(Action::Kakan(135).code(None, true), 150);
        assert_eq!(Action::Pass.code(None, true), 154);
        assert_eq!(Action::Kita.code(None, true), ACTION_COUNT - 1);
        for action in [
            Action::Chi([12, 16]),
            Action::Kakan(135),
            Action::Pass,
            Action::Kita,
        ] {
            let (tag, bytes) = action.parts();
            assert_eq!(Action::from_parts(tag, bytes), Some(action));
        }
        assert_eq!(Action::from_parts(12, [0, 0]), None);
    }
}
