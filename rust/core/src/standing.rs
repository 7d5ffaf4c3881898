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
