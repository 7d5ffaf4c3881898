//! What a player can do in an American game, as values with a stable integer encoding.
//!
//! Actions name tile **kinds** (0..=35, flower 34, joker 35): physical tiles of one kind are
//! interchangeable, so the engine takes the lowest id of that kind from the hand and the
//! events name the physical ids. Seats in actions are absolute (0..=3); the codes use the
//! seat relative to the actor, so a code means the same thing from every seat. Every code
//! decodes back to its action ([`Action::from_code`]).
//!
//! | codes | action |
//! |---|---|
//! | 0..=35 | discard a tile of kind k |
//! | 36..=70 | Charleston or courtesy pass: add a tile of kind k − 36 (never a joker) |
//! | 71 | blind pass: make up the rest of the pass from the incoming pass (first left, last right) |
//! | 72..=75 | courtesy offer of n = code − 72 tiles |
//! | 76 | vote to go on with the second Charleston |
//! | 77 | vote to stop the second Charleston |
//! | 78 | Mah Jongg (self-drawn, on a discard, after a joker exchange, or East's dealt hand) |
//! | 79..=96 | expose the discard: size 3..=6 with j jokers from the hand (79 + offset(size) + j, offsets 0, 3, 7, 12) |
//! | 97..=236 | joker exchange: give a natural of kind k for a joker in an exposure of kind k of the player r seats to the right (97 + 35 r + k; r = 0 is one's own) |
//! | 237..=239 | call the hand of the player r = code − 236 seats to the right dead (challenge mode) |
//! | 240 | pass (no claim; decline East's heavenly hand) |

use crate::tile::{FLOWER, JOKER};

/// Number of action codes.
pub const ACTION_COUNT: usize = 241;

const PASS_TILE: usize = 36;
const BLIND: usize = 71;
const COURTESY: usize = 72;
const VOTE_GO_ON: usize = 76;
const VOTE_STOP: usize = 77;
const MAH_JONGG: usize = 78;
const EXPOSE: usize = 79;
const EXCHANGE: usize = 97;
const CALL_DEAD: usize = 236;
const PASS: usize = 240;
/// Natural kinds (jokers excluded).
const NATURALS: usize = FLOWER as usize + 1;

/// The code offset of exposures of `size` (3..=6).
fn expose_offset(size: u8) -> usize {
    match size {
        3 => 0,
        4 => 3,
        5 => 7,
        _ => 12,
    }
}

/// One player action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Discard a tile of this kind.
    Discard(u8),
    /// Add a tile of this kind (not a joker) to one's Charleston or courtesy pass.
    PassTile(u8),
    /// Blind pass: the rest of this pass comes unseen from the pass one is receiving.
    Blind,
    /// Courtesy pass offer (0..=3 tiles).
    Courtesy(u8),
    /// Second Charleston vote: `true` goes on, `false` stops it.
    Vote(bool),
    /// Declare Mah Jongg.
    MahJongg,
    /// Claim the discard for an exposure of `size` tiles with `jokers` jokers from the hand.
    Expose {
        /// 3 pung, 4 kong, 5 quint, 6 sextet.
        size: u8,
        /// Jokers from the hand in it.
        jokers: u8,
    },
    /// Give a natural of `kind` from the hand for a joker in `owner`'s exposure of `kind`
    /// (the first such exposure holding a joker that may be exchanged; the event names it).
    JokerExchange {
        /// Whose exposure (a seat; one's own allowed).
        owner: u8,
        /// The exposure's kind (= the natural given).
        kind: u8,
    },
    /// Call another player's hand dead (challenge mode).
    CallDead(u8),
    /// Decline (a claim, or East's heavenly hand).
    Pass,
}

impl Action {
    /// The action's stable code for the player at `seat` (see the module docs).
    pub fn code(self, seat: usize) -> usize {
        let rel = |other: u8| (usize::from(other) + 4 - seat % 4) % 4;
        match self {
            Self::Discard(k) => usize::from(k),
            Self::PassTile(k) => PASS_TILE + usize::from(k),
            Self::Blind => BLIND,
            Self::Courtesy(n) => COURTESY + usize::from(n),
            Self::Vote(true) => VOTE_GO_ON,
            Self::Vote(false) => VOTE_STOP,
            Self::MahJongg => MAH_JONGG,
            Self::Expose { size, jokers } => EXPOSE + expose_offset(size) + usize::from(jokers),
            Self::JokerExchange { owner, kind } => {
                EXCHANGE + NATURALS * rel(owner) + usize::from(kind)
            }
            Self::CallDead(target) => CALL_DEAD + rel(target),
            Self::Pass => PASS,
        }
    }

    /// The action with `code` for the player at `seat`, or `None` out of range.
    pub fn from_code(code: usize, seat: usize) -> Option<Self> {
        let abs = |rel: usize| ((seat + rel) % 4) as u8;
        Some(match code {
            c if c <= usize::from(JOKER) => Self::Discard(c as u8),
            c if c < BLIND => Self::PassTile((c - PASS_TILE) as u8),
            BLIND => Self::Blind,
            c if c < VOTE_GO_ON => Self::Courtesy((c - COURTESY) as u8),
            VOTE_GO_ON => Self::Vote(true),
            VOTE_STOP => Self::Vote(false),
            MAH_JONGG => Self::MahJongg,
            c if c < EXCHANGE => {
                let i = c - EXPOSE;
                let size = [6u8, 5, 4, 3]
                    .into_iter()
                    .find(|&s| i >= expose_offset(s))?;
                Self::Expose {
                    size,
                    jokers: (i - expose_offset(size)) as u8,
                }
            }
            c if c < CALL_DEAD + 1 => {
                let i = c - EXCHANGE;
                Self::JokerExchange {
                    owner: abs(i / NATURALS),
                    kind: (i % NATURALS) as u8,
                }
            }
            c if c < PASS => Self::CallDead(abs(c - CALL_DEAD)),
            PASS => Self::Pass,
            _ => return None,
        })
    }

    /// A short name of the action's type, as in logs.
    pub fn name(self) -> &'static str {
        match self {
            Self::Discard(_) => "discard",
            Self::PassTile(_) => "pass_tile",
            Self::Blind => "blind",
            Self::Courtesy(_) => "courtesy",
            Self::Vote(_) => "vote",
            Self::MahJongg => "mahjongg",
            Self::Expose { .. } => "expose",
            Self::JokerExchange { .. } => "joker_exchange",
            Self::CallDead(_) => "call_dead",
            Self::Pass => "pass",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_decodes_to_an_action_with_that_code() {
        for seat in 0..4 {
            for code in 0..ACTION_COUNT {
                let action = Action::from_code(code, seat).unwrap();
                assert_eq!(action.code(seat), code, "{action:?} from seat {seat}");
            }
            assert_eq!(Action::from_code(ACTION_COUNT, seat), None);
        }
        assert_eq!(Action::Discard(JOKER).code(0), 35);
        assert_eq!(Action::PassTile(FLOWER).code(0), 70);
        assert_eq!(Action::Expose { size: 3, jokers: 0 }.code(2), 79);
        assert_eq!(Action::Expose { size: 6, jokers: 5 }.code(2), 96);
        assert_eq!(Action::JokerExchange { owner: 1, kind: 0 }.code(0), 132);
        assert_eq!(
            Action::JokerExchange { owner: 0, kind: 0 }.code(1),
            97 + 3 * 35
        );
        assert_eq!(Action::CallDead(3).code(2), 237);
        assert_eq!(Action::Pass.code(3), ACTION_COUNT - 1);
    }
}
