//! Final standings of a game of either family: each seat's rank by score (ties to the seat
//! nearer the first dealer), score and result.

/// One player's place at the end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// The seat.
    pub seat: usize,
    /// 1 for first .. 4 (ties go to the seat nearer the first dealer).
    pub rank: usize,
    /// Final score (Riichi: leftover deposits settled).
    pub score: i64,
    /// The result. Riichi: the score less the target points (with oka, which goes to the
    /// first) or the starting points (without), plus uma; American: the score (the payouts
    /// themselves). The four sum to zero but for deposits lost.
    pub points: i64,
    /// How the result is made (Riichi): `points` is `score` plus `base`, `oka`, `uma`
    /// and `rounding`.
    pub parts: Option<Parts>,
}

/// The parts of a Riichi result (R13.5, oka and uma).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parts {
    /// Leftover deposits settled into the final score (in `score` already).
    pub deposits: i64,
    /// The points every result is measured from, taken off: the target with oka, else the
    /// starting points.
    pub base: i64,
    /// Oka, to the first.
    pub oka: i64,
    /// Uma by rank.
    pub uma: i64,
    /// What rounding the final points added (`final_points_rounding`; 0 without it).
    pub rounding: i64,
}

impl Standing {
    /// Sets the points to `points`, the change counted as rounding in its parts.
    pub fn round_to(&mut self, points: i64) {
        if let Some(parts) = self.parts.as_mut() {
            parts.rounding += points - self.points;
        }
        self.points = points;
    }
}

/// The seats from first to last by `scores` (one per seat), ties to the seat nearer
/// `first_dealer`.
pub fn order(scores: &[i64], first_dealer: usize) -> Vec<usize> {
    let players = scores.len();
    let mut order: Vec<usize> = (0..players).collect();
    order.sort_by_key(|&s| (-scores[s], (s + players - first_dealer) % players));
    order
}

/// Each seat's rank (1..=players) in `order`.
pub fn ranks(order: &[usize]) -> Vec<usize> {
    let mut ranks = vec![0; order.len()];
    for (place, &seat) in order.iter().enumerate() {
        ranks[seat] = place + 1;
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_go_to_the_seat_nearer_the_first_dealer() {
        assert_eq!(order(&[100, 300, 300, 0], 0), [1, 2, 0, 3]);
        assert_eq!(order(&[100, 300, 300, 0], 2), [2, 1, 0, 3]);
        assert_eq!(ranks(&[2, 1, 0, 3]), [3, 2, 1, 4]);
        assert_eq!(order(&[100, 300, 300], 2), [2, 1, 0]);
        assert_eq!(order(&[100, 300, 300], 0), [1, 2, 0]);
    }
}
