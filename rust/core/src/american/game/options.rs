//! [`Rules`]: the options of an American game (spec §1.11) with the presets `nmjl` and
//! `table`, read and written by name like the Riichi [`crate::riichi::Ruleset`] (same
//! [`Value`] type, same messages).

use std::num::NonZeroU8;

use crate::error::{Error, Result};
use crate::options::{Value, choice, option_table};

/// The named presets (spec §1.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// NMJL practice, the default.
    Nmjl,
    /// Common table rules: dead hands called by challenge, pay for the table after 3
    /// exposures.
    Table,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Self; 2] = [Self::Nmjl, Self::Table];

    /// The preset's name in the API.
    pub fn name(self) -> &'static str {
        match self {
            Self::Nmjl => "nmjl",
            Self::Table => "table",
        }
    }

    /// Parses a preset name.
    pub fn parse(name: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| {
                Error::rule(format!(
                    "unknown American preset {name:?} (expected one of nmjl, table)"
                ))
            })
    }
}

choice!(/// Whether the second Charleston happens (spec §1.3.4).
    SecondCharleston: str { Vote = "vote", Always = "always", Never = "never" });
choice!(/// How simultaneous blind passes are resolved (spec §1.3.3).
    BlindPassResolution: str { Iou = "iou", Fewest = "fewest", EastFirst = "east_first" });
choice!(/// Who marks a hand dead (spec §1.9.4).
    DeadHandMode: str { Auto = "auto", Challenge = "challenge", Off = "off" });

const THREE: Option<NonZeroU8> = NonZeroU8::new(3);

option_table! {
    /// Every option of an American game, one field per row of spec §1.11.
    pub struct Rules for Preset, "American rule" {
    /// Whether the second Charleston happens: `vote` (any player may stop it), `always`,
    /// `never` (spec §1.3.4).
    second_charleston: SecondCharleston = [SecondCharleston::Vote, SecondCharleston::Vote],
    /// The vote on the second Charleston is taken before the first-left pass is received
    /// (spec §1.3.4, option `vote_before_first_left_reveal`).
    vote_before_first_left_reveal: bool = [false, false],
    /// How simultaneous blind passes are resolved (spec §1.3.3).
    blind_pass_resolution: BlindPassResolution = [BlindPassResolution::Iou, BlindPassResolution::Iou],
    /// The courtesy pass across after the Charleston (spec §1.3.5).
    courtesy_pass: bool = [true, true],
    /// A jokerless hand (not Singles and Pairs) doubles every payment (spec §1.8.3); the
    /// card's own `jokerless_bonus` must allow it too.
    jokerless_bonus: bool = [true, true],
    /// The discarder pays for the table when the winner had this many exposures (spec
    /// §1.8.9); `none` = off.
    pay_for_table_after_exposures: Option<NonZeroU8> = [None, THREE],
    /// Who marks dead hands (spec §1.9.4): the engine (`auto`), a player's challenge, or
    /// nobody.
    dead_hand_mode: DeadHandMode = [DeadHandMode::Auto, DeadHandMode::Challenge],
    /// East may declare Mah Jongg on the dealt 14 tiles, paid as self-drawn (spec §1.2.6).
    heavenly_hand: bool = [true, true],
    /// Misnamed-discard penalty (spec §1.8.8): human input only; the engine names every
    /// discard exactly, so it must stay off.
    misnamed_discard_penalty: bool = [false, false],
    /// Blank tiles in the set (spec §1.1.6): not supported yet, must be 0.
    blanks: u32 = [0, 0],
    /// Number of players (spec §1.11): 4.
    players: u32 = [4, 4],
}
}

impl Rules {
    /// The values of a preset.
    pub fn preset(preset: Preset) -> Self {
        Self::column(preset as usize)
    }
}

impl Default for Rules {
    fn default() -> Self {
        Self::preset(Preset::Nmjl)
    }
}

impl Rules {
    /// Rules from a preset with options replaced by name (a dict or TOML table); the first
    /// bad name or value is an error.
    pub fn from_values(preset: Preset, values: &[(String, Value)]) -> Result<Self> {
        let mut rules = Self::preset(preset);
        for (name, value) in values {
            rules.set(name, value)?;
        }
        Ok(rules)
    }

    /// Fails on a combination the engine cannot play.
    pub fn check(&self) -> Result<()> {
        if self.misnamed_discard_penalty {
            return Err(Error::rule(
                "option misnamed_discard_penalty needs a human-input mode; the engine names \
                 every discard exactly, so it must be false",
            ));
        }
        if self.blanks != 0 {
            return Err(Error::rule(
                "option blanks: blank tiles are not supported yet; it must be 0",
            ));
        }
        if self.players != 4 {
            return Err(Error::rule(
                "option players: only the 4-player game is supported; it must be 4",
            ));
        }
        if self
            .pay_for_table_after_exposures
            .is_some_and(|n| n.get() > 4)
        {
            return Err(Error::rule(
                "option pay_for_table_after_exposures: a winning hand has at most 4 exposures; \
                 use 1 to 4 or \"none\"",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_differ_where_the_spec_says() {
        let nmjl = Rules::preset(Preset::Nmjl);
        let table = Rules::preset(Preset::Table);
        assert_eq!(Rules::default(), nmjl);
        assert_eq!(nmjl.dead_hand_mode, DeadHandMode::Auto);
        assert_eq!(table.dead_hand_mode, DeadHandMode::Challenge);
        assert_eq!(nmjl.pay_for_table_after_exposures, None);
        assert_eq!(
            table.pay_for_table_after_exposures.map(NonZeroU8::get),
            Some(3)
        );
        for p in Preset::ALL {
            Rules::preset(p).check().unwrap();
            assert_eq!(Preset::parse(p.name()), Ok(p));
        }
        assert!(Preset::parse("tenhou").is_err());
    }

    #[test]
    fn get_and_set_by_name() {
        let mut rules = Rules::default();
        rules
            .set("blind_pass_resolution", &Value::Str("fewest".into()))
            .unwrap();
        assert_eq!(rules.blind_pass_resolution, BlindPassResolution::Fewest);
        rules
            .set("pay_for_table_after_exposures", &Value::Int(2))
            .unwrap();
        assert_eq!(
            rules.get("pay_for_table_after_exposures"),
            Ok(Value::Int(2))
        );
        rules
            .set("pay_for_table_after_exposures", &Value::Str("none".into()))
            .unwrap();
        assert_eq!(rules.pay_for_table_after_exposures, None);
        assert_eq!(rules.values().len(), Rules::OPTIONS.len());
        for (name, value) in rules.values() {
            let mut copy = Rules::preset(Preset::Table);
            copy.set(name, &value).unwrap();
            assert_eq!(copy.get(name), Ok(value));
        }
        let round = Rules::from_values(
            Preset::Table,
            &rules
                .values()
                .into_iter()
                .map(|(n, v)| (n.to_owned(), v))
                .collect::<Vec<_>>(),
        )
        .unwrap();
        assert_eq!(round, rules);
    }

    #[test]
    fn errors_list_what_is_valid_and_change_nothing() {
        let mut rules = Rules::default();
        let e = rules
            .set("second_charleston", &Value::Str("maybe".into()))
            .unwrap_err();
        assert!(
            e.message().contains("\"vote\", \"always\", \"never\""),
            "{e}"
        );
        let e = rules.set("charleston", &Value::Bool(true)).unwrap_err();
        assert!(e.message().contains("courtesy_pass"), "{e}");
        for (name, value) in [
            ("blanks", Value::Int(6)),
            ("players", Value::Int(3)),
            ("misnamed_discard_penalty", Value::Bool(true)),
            ("pay_for_table_after_exposures", Value::Int(5)),
            ("pay_for_table_after_exposures", Value::Int(0)),
        ] {
            assert!(rules.set(name, &value).is_err(), "{name}");
        }
        assert_eq!(rules, Rules::default());
        assert!(
            Rules::allowed("dead_hand_mode")
                .unwrap()
                .contains("challenge")
        );
        assert!(Rules::allowed("x").is_err());
    }
}
