//! What the end of a deal is worth to a seat in its game ([`Placement`]): its final rank
//! once the game is over (the engine's standings, deposits and ties settled), else its
//! expected final rank with the deals left to play, each moving the difference of two seats'
//! scores by a spread fitted from self-play ([`crate::riichi::fitted::DEAL_SPREAD`]): seat
//! `j` ends above seat `i` with probability `Φ((s_j − s_i) / (σ √n))` after `n` deals, and
//! the expected rank is one plus the sum of those. Or, for comparison, only its points.

use crate::riichi::game::Game;
use crate::riichi::rules::GameLength;
use crate::wind::Wind;

/// How the end of a deal is valued (more is better).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Placement {
    /// Minus the expected final rank, with this spread per deal of two seats' score
    /// difference.
    Rank {
        /// The spread (standard deviation) per deal.
        spread: f64,
    },
    /// The seat's score, in thousands.
    Points,
}

impl Placement {
    /// The value to `seat` of `game` after a deal (its scores, and whether it is over).
    pub fn value(&self, game: &Game, seat: usize) -> f64 {
        match *self {
            Self::Points => game.scores()[seat] as f64 / 1000.0,
            Self::Rank { .. } if game.is_over() => -(game.standings()[seat].rank as f64),
            Self::Rank { spread } => {
                let scores = &game.scores()[..game.player_count()];
                let width = spread * (deals_left(game) as f64).sqrt();
                let above: f64 = (0..scores.len())
                    .filter(|&j| j != seat)
                    .map(|j| normal_cdf((scores[j] - scores[seat]) as f64 / width))
                    .sum();
                -(1.0 + above)
            }
        }
    }
}

/// The deals left to the end of the game's last round, the next one included, as if each
/// passed the deal on (at least one: an extension round's deal); a round has a deal per
/// player.
pub fn deals_left(game: &Game) -> usize {
    let last = match game.rules().game_length {
        GameLength::OneDeal => return 1,
        GameLength::Tonpuusen => Wind::East,
        GameLength::Hanchan => Wind::South,
    };
    let players = game.player_count();
    let first = game.first_dealer();
    let place = |round: Wind, dealer: usize| {
        round.index() * players + (dealer + players - first % players) % players
    };
    let now = place(game.round_wind(), game.dealer());
    let end = place(last, first + players - 1);
    (end + 1).saturating_sub(now).max(1)
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26, error below
/// 1.5e-7).
pub fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::game::DealSetup;
    use crate::riichi::{Preset, Ruleset};

    #[test]
    fn the_normal_distribution_function() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-9);
        assert!((normal_cdf(1.96) - 0.975).abs() < 1e-4);
        assert!((normal_cdf(-1.0) - 0.158_655).abs() < 1e-5);
    }

    fn resumed(round_wind: Wind, dealer: usize, scores: [i64; 4]) -> Game {
        resumed_under(Preset::Tenhou, round_wind, dealer, scores)
    }

    fn resumed_under(preset: Preset, round_wind: Wind, dealer: usize, scores: [i64; 4]) -> Game {
        let setup = DealSetup {
            round_wind,
            dealer,
            number: dealer as u8 + 1,
            honba: 0,
            riichi_sticks: 0,
            scores,
        };
        Game::resume(&Ruleset::preset(preset), setup)
    }

    #[test]
    fn deals_left_count_to_the_last_round() {
        assert_eq!(deals_left(&resumed(Wind::East, 0, [25_000; 4])), 8);
        assert_eq!(deals_left(&resumed(Wind::South, 2, [25_000; 4])), 2);
        assert_eq!(deals_left(&resumed(Wind::South, 3, [25_000; 4])), 1);
        assert_eq!(deals_left(&resumed(Wind::West, 0, [25_000; 4])), 1);
        // Three players: three deals a round.
        let sanma = |round, dealer| {
            let scores = [35_000, 35_000, 35_000, 0];
            deals_left(&resumed_under(Preset::TenhouSanma, round, dealer, scores))
        };
        assert_eq!(sanma(Wind::East, 0), 6);
        assert_eq!(sanma(Wind::South, 1), 2);
        assert_eq!(sanma(Wind::South, 2), 1);
    }

    #[test]
    fn three_players_rank_among_three() {
        let rank = Placement::Rank { spread: 6000.0 };
        let level = [35_000, 35_000, 35_000, 0];
        let even = rank.value(&resumed_under(Preset::TenhouSanma, Wind::East, 0, level), 1);
        assert!((even + 2.0).abs() < 5e-7, "{even}");
    }

    #[test]
    fn a_lead_is_worth_more_with_fewer_deals_left() {
        let rank = Placement::Rank { spread: 6000.0 };
        let scores = [35_000, 25_000, 20_000, 20_000];
        let early = rank.value(&resumed(Wind::East, 0, scores), 0);
        let late = rank.value(&resumed(Wind::South, 3, scores), 0);
        assert!(
            -4.0 < early && early < late && late < -1.0,
            "{early} {late}"
        );
        // Three seats level, each above with probability 1/2 (within the approximation's
        // 1.5e-7).
        let even = rank.value(&resumed(Wind::East, 0, [25_000; 4]), 1);
        assert!((even + 2.5).abs() < 5e-7, "{even}");
        assert_eq!(
            Placement::Points.value(&resumed(Wind::East, 0, scores), 0),
            35.0
        );
    }
}
