//! Base points and limits (rules spec §3.2; see ARCHITECTURE.md). Payments are in
//! [`super::settlement`].

use crate::riichi::rules::{Kazoe, Ruleset};

/// The limit a hand reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Limit {
    /// Below mangan: points follow fu and han.
    None,
    /// 5 han, or capped at 2,000 base points.
    Mangan,
    /// 6–7 han.
    Haneman,
    /// 8–10 han.
    Baiman,
    /// 11–12 han (or 13+ with `kazoe = sanbaiman`).
    Sanbaiman,
    /// A yakuman, or 13+ han with `kazoe = yakuman`.
    Yakuman,
}

impl Limit {
    /// The limits that have a name, lowest first.
    pub const NAMED: [Self; 5] = [
        Self::Mangan,
        Self::Haneman,
        Self::Baiman,
        Self::Sanbaiman,
        Self::Yakuman,
    ];

    /// The lowercase name used in the API; `None` has no name.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Self::None => None,
            Self::Mangan => Some("mangan"),
            Self::Haneman => Some("haneman"),
            Self::Baiman => Some("baiman"),
            Self::Sanbaiman => Some("sanbaiman"),
            Self::Yakuman => Some("yakuman"),
        }
    }
}

/// Base points of a hand, its limit and whether it is a counted (kazoe) yakuman.
pub fn base_points(han: u8, fu: u8, yakuman_units: u8, rules: &Ruleset) -> (u32, Limit, bool) {
    if yakuman_units > 0 {
        return (8000 * u32::from(yakuman_units), Limit::Yakuman, false);
    }
    match han {
        13.. if rules.kazoe == Kazoe::Yakuman => (8000, Limit::Yakuman, true),
        11.. => (6000, Limit::Sanbaiman, false),
        8..=10 => (4000, Limit::Baiman, false),
        6..=7 => (3000, Limit::Haneman, false),
        5 => (2000, Limit::Mangan, false),
        _ => {
            let base = u32::from(fu) << (han + 2);
            if base >= 2000 || (rules.kiriage && base == 1920) {
                (2000, Limit::Mangan, false)
            } else {
                (base, Limit::None, false)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::rules::Preset;

    #[test]
    fn limits() {
        let rules = Ruleset::preset(Preset::Seed);
        let kiriage = Ruleset {
            kiriage: true,
            ..rules.clone()
        };
        assert_eq!(base_points(3, 30, 0, &rules), (960, Limit::None, false));
        assert_eq!(base_points(4, 30, 0, &rules), (1920, Limit::None, false));
        assert_eq!(
            base_points(4, 30, 0, &kiriage),
            (2000, Limit::Mangan, false)
        );
        assert_eq!(base_points(13, 30, 0, &rules), (8000, Limit::Yakuman, true));
        assert_eq!(base_points(0, 0, 2, &rules), (16000, Limit::Yakuman, false));
    }
}
