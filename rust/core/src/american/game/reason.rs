//! Why an action a player might expect is not offered in an American game, or why an applied
//! one is refused: a value with its parameters, the same in [`super::Deal::blocked`] and in
//! the error of an illegal [`super::Deal::apply`].

use std::fmt;

use super::action::Action;
use super::event::DeadReason;
use crate::american::kind_name;
use crate::log::Json;

/// Why an action is not offered.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The seat is not 0..=3.
    SeatOutOfRange {
        /// The seat given.
        seat: usize,
    },
    /// The game is over.
    GameOver,
    /// The seat has nothing to decide now.
    NotYourTurn,
    /// No tile of this kind in the hand.
    NotInHand {
        /// The kind (0..=35).
        kind: u8,
    },
    /// Not among the legal actions, for no reason a player would expect.
    NotOffered,
    /// Jokers are never passed in the Charleston or the courtesy pass (§1.3.6).
    JokerNotPassable,
    /// A blind pass is allowed only on the first left and the last right (§1.3.2).
    BlindNotAllowed,
    /// A discard is claimed only for a group of three or more, or for Mah Jongg: the hand
    /// lacks the matching tiles or jokers (§1.5.2, §1.5.3).
    GroupTooSmall {
        /// The discard's kind.
        kind: u8,
    },
    /// A claim must leave a tile to discard after the exposure (§1.4.2).
    NoDiscardAfterExposure,
    /// The tiles make no hand on the card (§1.12).
    NotOnCard,
    /// A dead hand does not claim, exchange or win (§1.9.2).
    DeadHand {
        /// Why the hand is dead.
        why: DeadReason,
    },
    /// Jokers of the exposure that made its owner's hand dead are not exchanged (§1.6.7).
    JokerFrozen {
        /// Whose exposure.
        owner: usize,
        /// The exposure's kind.
        kind: u8,
    },
}

impl Reason {
    /// The reason's id, e.g. `"joker_not_passable"`.
    pub fn name(&self) -> &'static str {
        match self {
            Self::SeatOutOfRange { .. } => "seat_out_of_range",
            Self::GameOver => "game_over",
            Self::NotYourTurn => "not_your_turn",
            Self::NotInHand { .. } => "not_in_hand",
            Self::NotOffered => "not_offered",
            Self::JokerNotPassable => "joker_not_passable",
            Self::BlindNotAllowed => "blind_not_allowed",
            Self::GroupTooSmall { .. } => "group_too_small",
            Self::NoDiscardAfterExposure => "no_discard_after_exposure",
            Self::NotOnCard => "not_on_card",
            Self::DeadHand { .. } => "dead_hand",
            Self::JokerFrozen { .. } => "joker_frozen",
        }
    }

    /// The kind of action it concerns ("pass_tile", "blind", "expose", "mahjongg",
    /// "joker_exchange", "claim" for any claim of a discard); `None` for reasons about whose
    /// move it is.
    pub fn action(&self) -> Option<&'static str> {
        Some(match self {
            Self::SeatOutOfRange { .. }
            | Self::GameOver
            | Self::NotYourTurn
            | Self::NotInHand { .. }
            | Self::NotOffered => return None,
            Self::JokerNotPassable => "pass_tile",
            Self::BlindNotAllowed => "blind",
            Self::GroupTooSmall { .. } | Self::NoDiscardAfterExposure => "expose",
            Self::NotOnCard => "mahjongg",
            Self::DeadHand { .. } => "claim",
            Self::JokerFrozen { .. } => "joker_exchange",
        })
    }

    /// Whether the reason may explain why `action` is refused.
    pub fn concerns(&self, action: Action) -> bool {
        match self.action() {
            Some("claim") => matches!(
                action,
                Action::Expose { .. } | Action::MahJongg | Action::JokerExchange { .. }
            ),
            Some(kind) => action.name() == kind,
            None => false,
        }
    }

    /// The parameters by name (tiles as American names).
    pub fn params(&self) -> Vec<(&'static str, Json)> {
        match self {
            Self::SeatOutOfRange { seat } => {
                vec![("seat", (*seat).into()), ("last", 3usize.into())]
            }
            Self::NotInHand { kind } | Self::GroupTooSmall { kind } => {
                vec![("tile", kind_name(*kind).into())]
            }
            Self::DeadHand { why } => vec![("why", why.name().into())],
            Self::JokerFrozen { owner, kind } => {
                vec![
                    ("owner", (*owner).into()),
                    ("tile", kind_name(*kind).into()),
                ]
            }
            _ => Vec::new(),
        }
    }
}

crate::catalogue_part! {
    /// The words of every American [`Reason`] (keys `reason.*`; the ones shared with Riichi
    /// are worded the same).
    CATALOGUE: [
        "reason.game_over" () => "the game is over",
        "reason.joker_not_passable" () => "jokers are never passed",
        "reason.blind_not_allowed" () =>
            "a blind pass is only allowed on the first left and the last right",
        "reason.group_too_small" (tile: "tile") =>
            "no exposure of {tile}: a discard is claimed only for a group of 3 or more (or for \
             Mah Jongg), and the hand lacks the tiles or jokers for one",
        "reason.no_discard_after_exposure" () => "that exposure would leave no tile to discard",
        "reason.not_on_card" () => "the tiles make no hand on the card",
        "reason.dead_hand" (why: "dead") =>
            "the hand is dead ({why}): it may not claim, exchange jokers or win",
        "reason.joker_frozen" (owner: "whose", tile: "tile") =>
            "the joker in {owner} exposure of {tile} may not be taken: that exposure made the \
             hand dead",
    ]
}

impl Reason {
    /// Its catalogue key: `reason.` and its id (the ids both families have are worded in
    /// the Riichi part of the catalogue).
    pub fn key(&self) -> &'static str {
        crate::catalogue::key_of("reason", self.name()).unwrap_or("reason.not_offered")
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::catalogue::fill(self.key(), &self.params()))
    }
}

/// An action a game refused: who, what and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    /// The seat that tried it.
    pub seat: usize,
    /// The action.
    pub action: Action,
    /// Why.
    pub reason: Reason,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "illegal action {:?} by seat {}: {}",
            self.action, self.seat, self.reason
        )
    }
}

impl From<Illegal> for crate::error::Error {
    fn from(illegal: Illegal) -> Self {
        Self::argument(illegal.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_has_its_own_entry() {
        let all = [
            Reason::SeatOutOfRange { seat: 4 },
            Reason::GameOver,
            Reason::NotYourTurn,
            Reason::NotInHand { kind: 0 },
            Reason::NotOffered,
            Reason::JokerNotPassable,
            Reason::BlindNotAllowed,
            Reason::GroupTooSmall { kind: 0 },
            Reason::NoDiscardAfterExposure,
            Reason::NotOnCard,
            Reason::DeadHand {
                why: DeadReason::CannotComplete,
            },
            Reason::JokerFrozen { owner: 1, kind: 0 },
        ];
        for reason in &all {
            assert_eq!(reason.key(), format!("reason.{}", reason.name()));
            assert!(
                crate::catalogue::entry(reason.key()).is_some(),
                "{reason:?}"
            );
        }
        assert_eq!(
            Reason::JokerFrozen { owner: 2, kind: 0 }.to_string(),
            "the joker in seat 2's exposure of 1C may not be taken: that exposure made the hand dead"
        );
    }
}
