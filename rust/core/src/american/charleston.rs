//! Charleston advice (spec §1.3, §5.3): which tiles to pass.

use super::card::{Card, HAND_SIZE};
use super::rack::Rack;
use crate::error::{Error, Result};
use crate::tile::JOKER;
use crate::tiles::Tiles;

/// `0.25^d`, exactly (`2^-2d`, a normal double for every `u8`): the bits of that power of two
/// instead of a call to `powi`.
fn quarter_to(d: u8) -> f64 {
    f64::from_bits((1023 - 2 * u64::from(d)) << 52)
}

impl Card {
    /// A Charleston pass of `count` (0..=3) tiles from 13 or 14 concealed tiles, never a joker.
    /// Greedy: each step passes the tile whose loss costs least, where a position is worth
    /// `sum over card hands of value x 4^-(tiles away)` (near, valuable hands dominate).
    pub fn charleston_pass(&self, concealed: &Tiles, count: usize) -> Result<Vec<u8>> {
        let rack = Rack::new(*concealed, Vec::new())?;
        rack.expect_len(&[13, 14], "a Charleston pass")?;
        if concealed.len() == usize::from(HAND_SIZE)
            && let Some(won) = self.match_rack(&rack)?
        {
            return Err(Error::hand(format!(
                "{:?} already makes card hand {:?}: a complete hand declares Mah Jongg before \
                 the Charleston (rule 1.2.6) instead of passing",
                concealed.to_american(),
                self.hands[won.hand].id
            )));
        }
        let naturals = concealed.len() - usize::from(concealed.count(JOKER));
        if count > 3 || count > naturals {
            return Err(Error::argument(format!(
                "a pass has 0 to 3 tiles and never a joker; cannot pass {count} of {:?}",
                concealed.to_american()
            )));
        }
        let mut c = *concealed.counts();
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            let worth = |minima: &[u8]| -> f64 {
                self.table()
                    .segments()
                    .iter()
                    .zip(minima)
                    .map(|(s, &d)| f64::from(self.hands[s.hand].value) * quarter_to(d))
                    .sum()
            };
            let best = self
                .discard_minima(self.table(), &c, None)
                .into_iter()
                .filter(|(tile, _)| *tile != JOKER)
                .map(|(tile, minima)| (tile, worth(&minima)))
                .fold(None, |best: Option<(u8, f64)>, (tile, w)| match best {
                    Some((_, bw)) if bw >= w => best,
                    _ => Some((tile, w)),
                });
            let Some((tile, _)) = best else { break };
            c[usize::from(tile)] -= 1;
            out.push(tile);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::american::testing::{house, kind};
    use crate::tiles::Tiles;

    #[test]
    fn quarters_are_exact_powers() {
        for d in 0..=u8::MAX {
            assert_eq!(super::quarter_to(d), 0.25f64.powi(d.into()), "{d}");
        }
    }

    #[test]
    fn charleston_passes_the_junk_and_never_a_joker() {
        let card = house();
        let hand = Tiles::parse("F F F 2C 0 2C 6C 6D 6D 6D 9C 5D 1B J").unwrap();
        let mut pass = card.charleston_pass(&hand, 3).unwrap();
        pass.sort_unstable();
        assert_eq!(pass, [kind("9C"), kind("5D"), kind("1B")]);
        let jokers = Tiles::parse("J J J J J J J J J J 1B 2B 3B").unwrap_err();
        assert!(jokers.message().contains("J"));
        let mostly = Tiles::parse("J J J J J J J J 1B 2B 3B 4B 5B").unwrap();
        assert_eq!(card.charleston_pass(&mostly, 3).unwrap().len(), 3);
        assert!(card.charleston_pass(&mostly, 4).is_err());
        // A heavenly hand declares; passing three of its tiles would break it.
        let won = Tiles::parse("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J").unwrap();
        let e = card.charleston_pass(&won, 3).unwrap_err();
        assert!(e.message().contains("declares Mah Jongg"), "{e}");
        let short = card.charleston_pass(&Tiles::parse("1B").unwrap(), 1);
        assert!(
            short
                .unwrap_err()
                .message()
                .contains("needs 13 or 14 tiles")
        );
    }
}
