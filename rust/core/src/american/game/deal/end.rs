//! The end of a game: Mah Jongg and its payments (spec §1.8), the wall game, and the tile
//! accounting check.

use super::{Deal, Outcome, Phase};
use crate::american::PHYSICAL_TILES;
use crate::american::game::event::{Ending, Event, WinRecord};
use crate::american::matcher::Match;
use crate::american::payment::{Jokerless, Payment, Win};
use crate::error::{Error, Result};

/// Score changes by seat for `pay` to `winner` (spec §1.8): the discarder pays its share and
/// the others theirs, or with `pay_for_table` (spec §1.8.9) the discarder pays everyone's.
pub fn settle(
    winner: usize,
    discarder: Option<usize>,
    pay: Payment,
    pay_for_table: bool,
) -> [i64; 4] {
    let mut deltas = [0i64; 4];
    for s in (0..4).filter(|&s| s != winner) {
        let paid = match (discarder, pay.discarder) {
            (Some(d), Some(dp)) if pay_for_table => {
                if s == d {
                    dp + 2 * pay.each_other
                } else {
                    0
                }
            }
            (Some(d), Some(dp)) if s == d => dp,
            _ => pay.each_other,
        };
        deltas[s] -= i64::from(paid);
        deltas[winner] += i64::from(paid);
    }
    deltas
}

impl Deal {
    pub(super) fn finish_win(
        &mut self,
        seat: usize,
        how: Win,
        from: Option<(usize, u8)>,
        won: Option<Match>,
    ) {
        let Some(won) = won else {
            self.wall_game();
            return;
        };
        let hand = &self.card.hands[won.hand];
        let jokerless = self.card.jokerless(&won, self.rules.jokerless_bonus);
        let bonus = jokerless == Some(Jokerless::Doubled);
        let how_paid = if won.jokerless && how == Win::JokerExchange {
            Win::SelfDrawn
        } else {
            how
        };
        let pay = Payment::new(hand.value, won.jokerless, bonus, how_paid).unwrap_or(Payment {
            discarder: None,
            each_other: 0,
        });
        let discarder = from.map(|(f, _)| f);
        let table = how == Win::Discard
            && self
                .rules
                .pay_for_table_after_exposures
                .is_some_and(|n| self.players[seat].exposures.len() >= usize::from(n.get()));
        let deltas = settle(seat, discarder, pay, table);
        let scores = std::array::from_fn(|s| self.setup.scores[s] + deltas[s]);
        let record = WinRecord {
            seat,
            from: discarder,
            tile: from.map(|(_, t)| t),
            win: how,
            hand: won.hand,
            variant: won.variant,
            value: hand.value,
            jokerless: won.jokerless,
            jokerless_bonus: bonus,
            jokerless_why: jokerless,
            groups: self.players[seat]
                .rack()
                .map(|rack| self.card.arrangement(&rack, &won))
                .unwrap_or_default(),
            pay_for_table: table,
            deltas,
            scores,
        };
        self.events.push(Event::MahJongg(record.clone()));
        self.end(Some(record), deltas, Ending::MahJongg);
    }

    /// Ends the game without a win: the wall is used up, or only one live hand is left.
    pub(super) fn wall_game(&mut self) {
        self.events.push(Event::WallGame);
        let ending = if self.live_count() <= 1 {
            Ending::OneLiveHand
        } else {
            Ending::WallEmpty
        };
        self.end(None, [0; 4], ending);
    }

    fn end(&mut self, win: Option<WinRecord>, deltas: [i64; 4], ending: Ending) {
        let scores = std::array::from_fn(|s| self.setup.scores[s] + deltas[s]);
        self.events.push(Event::EndGame { deltas, scores });
        self.outcome = Some(Outcome {
            win,
            deltas,
            dead: std::array::from_fn(|s| self.players[s].dead),
            ending,
        });
        self.phase = Phase::Over;
    }

    /// Checks that the 152 tiles are all somewhere, each once: wall, hands, exposures and
    /// uncalled discards (a test and debugging aid).
    pub fn check_tiles(&self) -> Result<()> {
        let mut seen = [false; PHYSICAL_TILES];
        let mut mark = |t: u8| -> Result<()> {
            let slot = &mut seen[usize::from(t)];
            if *slot {
                return Err(Error::argument(format!("tile id {t} is in two places")));
            }
            *slot = true;
            Ok(())
        };
        for &t in self.wall.remaining_tiles() {
            mark(t)?;
        }
        for p in &self.players {
            for &t in &p.hand {
                mark(t)?;
            }
            for e in p.exposures.iter() {
                for &t in &e.tiles {
                    mark(t)?;
                }
            }
            for d in p.discards.iter().filter(|d| !d.claimed) {
                mark(d.tile)?;
            }
        }
        match seen.iter().position(|&s| !s) {
            Some(id) => Err(Error::argument(format!("tile id {id} is missing"))),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::kind_of;
    use super::*;
    use crate::tile::{FLOWER, JOKER};

    #[test]
    fn settlements() {
        let card = Payment::new(25, false, false, Win::Discard).unwrap();
        assert_eq!(settle(2, Some(0), card, false), [-50, -25, 100, -25]);
        assert_eq!(settle(2, Some(0), card, true), [-100, 0, 100, 0]);
        let drawn = Payment::new(25, false, false, Win::SelfDrawn).unwrap();
        assert_eq!(settle(1, None, drawn, false), [-50, 150, -50, -50]);
        assert_eq!(settle(1, None, drawn, true), [-50, 150, -50, -50]);
        let jokerless = Payment::new(25, true, true, Win::Discard).unwrap();
        assert_eq!(settle(3, Some(1), jokerless, false), [-50, -100, -50, 200]);
        assert_eq!(settle(3, Some(1), jokerless, true), [0, -200, 0, 200]);
        assert_eq!(kind_of(0), 0);
        assert_eq!(kind_of(135), 33);
        assert_eq!(kind_of(136), FLOWER);
        assert_eq!(kind_of(151), JOKER);
    }
}
