//! Payments (spec §1.8): how a hand was won and what the three other players pay.

use super::card::Card;
use super::matcher::Match;
use crate::error::{Error, Result};

/// How a hand was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Win {
    /// On another player's discard.
    Discard,
    /// Drawn from the wall.
    SelfDrawn,
    /// Completed by a joker exchange: paid as self-drawn (spec §1.6.6).
    JokerExchange,
}

impl Win {
    /// Every way to win.
    pub const ALL: [Self; 3] = [Self::Discard, Self::SelfDrawn, Self::JokerExchange];

    /// Its name: `"discard"`, `"self_drawn"` or `"joker_exchange"`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Discard => "discard",
            Self::SelfDrawn => "self_drawn",
            Self::JokerExchange => "joker_exchange",
        }
    }

    /// The win called `name` (see [`Win::name`]).
    pub fn parse(name: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|w| w.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Self::ALL.iter().map(|w| w.name()).collect();
                Error::argument(format!(
                    "unknown win {name:?} (expected one of {})",
                    names.join(", ")
                ))
            })
    }
}

/// What the three other players pay the winner, in points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payment {
    /// What the discarder pays; `None` for a self-drawn win.
    pub discarder: Option<u32>,
    /// What each other player pays (all three for a self-drawn win).
    pub each_other: u32,
}

impl Payment {
    /// The payment for a hand worth `value` won by `win`: discarder 2V and the others V on a
    /// discard, everyone 2V self-drawn (a joker exchange counts as self-drawn), all doubled
    /// with the jokerless bonus. A jokerless hand cannot be completed by a joker exchange
    /// (the exchange puts a joker on the rack), so that combination is an error.
    pub fn new(value: u16, jokerless: bool, jokerless_bonus: bool, win: Win) -> Result<Self> {
        if jokerless && win == Win::JokerExchange {
            return Err(Error::argument(
                "a jokerless hand cannot be won by a joker exchange (the exchange takes a joker \
                 into the hand)",
            ));
        }
        Ok(Self::of(value, jokerless_bonus, win))
    }

    fn of(value: u16, jokerless_bonus: bool, win: Win) -> Self {
        let value = u32::from(value);
        let base = if jokerless_bonus { 2 * value } else { value };
        match win {
            Win::Discard => Self {
                discarder: Some(2 * base),
                each_other: base,
            },
            Win::SelfDrawn | Win::JokerExchange => Self {
                discarder: None,
                each_other: 2 * base,
            },
        }
    }

    /// The winner's total gain.
    pub fn total(&self) -> u32 {
        match self.discarder {
            Some(d) => d + 2 * self.each_other,
            None => 3 * self.each_other,
        }
    }
}

/// Whether a jokerless hand is paid double, and if not, why (spec §1.8.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Jokerless {
    /// The payments are doubled.
    Doubled,
    /// The rules pay no jokerless bonus (`jokerless_bonus = false`).
    RulesOff,
    /// The card pays no jokerless bonus.
    CardOff,
    /// The card gives the hand's section no jokerless double (Singles and Pairs); `always`
    /// when the hand has no group a joker could fill, so it is always jokerless.
    SectionOff {
        /// The hand has no group of three or more.
        always: bool,
    },
}

impl Jokerless {
    /// Its catalogue key (`jokerless.*`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Doubled => "jokerless.doubled",
            Self::RulesOff => "jokerless.rules_off",
            Self::CardOff => "jokerless.card_off",
            Self::SectionOff { always: false } => "jokerless.section_off",
            Self::SectionOff { always: true } => "jokerless.always",
        }
    }
}

crate::catalogue_part! {
    /// Why a jokerless hand was or was not paid double (keys `jokerless.*`,
    /// [`Jokerless::key`]; `section` is the card's name of the hand's section).
    JOKERLESS: [
        "jokerless.doubled" (section: "text") => "jokerless: the payments are doubled",
        "jokerless.rules_off" (section: "text") =>
            "jokerless, but these rules pay no jokerless bonus",
        "jokerless.card_off" (section: "text") => "jokerless, but this card pays no jokerless bonus",
        "jokerless.section_off" (section: "text") =>
            "jokerless, but the card gives {section} hands no jokerless double",
        "jokerless.always" (section: "text") =>
            "jokerless, but the card gives {section} hands no jokerless double (they have no \
             group a joker could fill, so they are always jokerless)",
    ]
}

impl Card {
    /// Whether `won` is paid the jokerless bonus: no joker among its tiles, the card pays the
    /// bonus, and its section is not a `no_jokerless_bonus` one (Singles and Pairs).
    pub fn pays_jokerless_bonus(&self, won: &Match) -> bool {
        self.jokerless(won, true) == Some(Jokerless::Doubled)
    }

    /// For a jokerless `won` (else `None`), whether it is paid double under rules that pay
    /// the bonus (`rules_bonus`) or not, and why not.
    pub fn jokerless(&self, won: &Match, rules_bonus: bool) -> Option<Jokerless> {
        if !won.jokerless {
            return None;
        }
        Some(if !rules_bonus {
            Jokerless::RulesOff
        } else if !self.jokerless_bonus {
            Jokerless::CardOff
        } else if self.section_of(won.hand).no_jokerless_bonus {
            Jokerless::SectionOff {
                always: self.variants[won.variant].arrangement.sets.is_empty(),
            }
        } else {
            Jokerless::Doubled
        })
    }

    /// What the others pay for `won` won by `win` (see [`Payment::new`]).
    pub fn payment(&self, won: &Match, win: Win) -> Result<Payment> {
        Payment::new(
            self.hands[won.hand].value,
            won.jokerless,
            self.pays_jokerless_bonus(won),
            win,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::american::testing::{house, rack};

    #[test]
    fn pitfall_a_joker_exchange_win_is_self_drawn() {
        let card = house();
        let won = card
            .match_rack(&rack("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J", &[]))
            .unwrap()
            .unwrap();
        let exchange = card.payment(&won, Win::JokerExchange).unwrap();
        assert_eq!(exchange, card.payment(&won, Win::SelfDrawn).unwrap());
        assert_eq!(
            (exchange.discarder, exchange.each_other, exchange.total()),
            (None, 50, 150)
        );
        let discard = card.payment(&won, Win::Discard).unwrap();
        assert_eq!((discard.discarder, discard.each_other), (Some(50), 25));
        // Jokerless doubles, except for singles and pairs.
        let jokerless = Match {
            jokerless: true,
            ..won
        };
        assert!(card.pays_jokerless_bonus(&jokerless));
        assert_eq!(
            card.payment(&jokerless, Win::SelfDrawn).unwrap().total(),
            300
        );
        let e = card.payment(&jokerless, Win::JokerExchange).unwrap_err();
        assert!(
            e.message()
                .contains("jokerless hand cannot be won by a joker exchange")
        );
        let pairs = card
            .match_rack(&rack("F F 2B 2B 4B 4B 6B 6B 8B 8B N N S S", &[]))
            .unwrap()
            .unwrap();
        assert!(pairs.jokerless && !card.pays_jokerless_bonus(&pairs));
        assert_eq!(card.payment(&pairs, Win::Discard).unwrap().total(), 200);
    }

    #[test]
    fn wins_by_name() {
        for win in Win::ALL {
            assert_eq!(Win::parse(win.name()), Ok(win));
        }
        let e = Win::parse("ron").unwrap_err();
        assert!(
            e.message()
                .contains("\"ron\" (expected one of discard, self_drawn, joker_exchange)"),
            "{e}"
        );
    }
}
