//! Why an action a player might expect is not offered ([`Deal::blocked`]), and why an applied
//! action is refused: the same [`Reason`] values, from the same rule checks as the legal
//! actions.

use super::{Deal, Phase};
use crate::american::game::action::Action;
use crate::american::game::reason::{Illegal, Reason};
use crate::tile::JOKER;

impl Deal {
    /// Why actions `seat` might expect now are not offered: jokers in a pass, a discard it
    /// holds a tile of but cannot expose, a joker it may not take, a dead hand. Empty when
    /// nothing is missing, and for a seat out of range.
    pub fn blocked(&self, seat: usize) -> Vec<Reason> {
        let Some(p) = self.players.get(seat) else {
            return Vec::new();
        };
        if let Some(why) = p.dead.filter(|_| !self.is_over()) {
            return vec![Reason::DeadHand { why }];
        }
        match &self.phase {
            Phase::Pass(c) if !c.done(seat) && p.count(JOKER) > 0 => {
                vec![Reason::JokerNotPassable]
            }
            Phase::Courtesy(o) if o[seat].is_none() && p.count(JOKER) > 0 => {
                vec![Reason::JokerNotPassable]
            }
            Phase::Turn(t) if t.seat == seat => {
                let mut out = Vec::new();
                for (owner, other) in self.players.iter().enumerate() {
                    for e in other.exposures.iter().filter(|e| e.frozen) {
                        let kind = e.exposure.kind();
                        if e.exposure.jokers() > 0 && p.count(kind) > 0 {
                            out.push(Reason::JokerFrozen { owner, kind });
                        }
                    }
                }
                out
            }
            Phase::Claims(c) if seat != c.from => {
                let kind = super::kind_of(c.tile);
                let exposes = c.options[seat]
                    .iter()
                    .any(|a| matches!(a, Action::Expose { .. }));
                let naturals = p.count(kind);
                if exposes || naturals == 0 {
                    Vec::new()
                } else if naturals + p.count(JOKER) < 2 {
                    vec![Reason::GroupTooSmall { kind }]
                } else {
                    vec![Reason::NoDiscardAfterExposure]
                }
            }
            _ => Vec::new(),
        }
    }

    /// `action` by `seat` refused, with the reason.
    pub(super) fn illegal(&self, seat: usize, action: Action, legal: &[Action]) -> Illegal {
        let reason = if seat > 3 {
            Reason::SeatOutOfRange { seat }
        } else if self.is_over() {
            Reason::GameOver
        } else if legal.is_empty() {
            Reason::NotYourTurn
        } else {
            let p = &self.players[seat];
            let blocked = || self.blocked(seat).into_iter().find(|r| r.concerns(action));
            match action {
                Action::Discard(k)
                | Action::PassTile(k)
                | Action::JokerExchange { kind: k, .. }
                    if p.count(k) == 0 =>
                {
                    Reason::NotInHand { kind: k }
                }
                Action::PassTile(JOKER) => Reason::JokerNotPassable,
                Action::Blind => Reason::BlindNotAllowed,
                Action::MahJongg => blocked().unwrap_or(Reason::NotOnCard),
                _ => blocked().unwrap_or(Reason::NotOffered),
            }
        };
        Illegal {
            seat,
            action,
            reason,
        }
    }
}
