//! Tiles in sight: what one seat sees of each kind (its own concealed tiles, every discard
//! nobody called, every meld or exposure, the indicators) and how many of each it cannot see.
//! Both families' observations count them here (`Observation::seen` and `::unseen` of
//! [`crate::riichi::game`] and [`crate::american::game`]); their encoders, the tables' advice
//! and the live counts of waits read them.

use crate::tile::KINDS;

/// How many of each kind `kinds` names.
pub fn count(kinds: impl IntoIterator<Item = u8>) -> [u8; KINDS] {
    let mut out = [0u8; KINDS];
    for kind in kinds {
        if let Some(n) = out.get_mut(usize::from(kind)) {
            *n = n.saturating_add(1);
        }
    }
    out
}

/// Of each kind, the copies of the set (`supply` by kind) that `seen` does not show.
pub fn unseen(seen: &[u8; KINDS], supply: impl Fn(usize) -> u8) -> [u8; KINDS] {
    std::array::from_fn(|kind| supply(kind).saturating_sub(seen[kind]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_unseen() {
        let seen = count([0, 0, 35, 200]);
        assert_eq!((seen[0], seen[35], seen[1]), (2, 1, 0));
        let left = unseen(&seen, |k| if k == 35 { 8 } else { 4 });
        assert_eq!((left[0], left[1], left[35]), (2, 4, 7));
    }
}
