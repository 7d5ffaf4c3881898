//! `mahjong.riichi.Ruleset`: the frozen, compiled rule options.

use mahjong_core::riichi::{Preset, Ruleset};
use pyo3::prelude::*;

use crate::options::options_class;

options_class! {
    /// A Riichi ruleset: every option of the rules spec (§4), frozen and compiled once.
    ///
    /// Start from a preset (`Ruleset.preset("tenhou")`; `"seed"`, `"tenhou"`,
    /// `"mahjongsoul"`, `"wrc"`, `"ema"`, `"mleague"`) and change options with
    /// `replace(kiriage=True)`. Options read as attributes (`rules.kiriage`). An unknown option
    /// or a value it does not accept raises InvalidRuleError listing what is valid.
    /// `Ruleset()` is the seed preset.
    PyRuleset("Ruleset", "mahjong.riichi") over Ruleset, Preset = Preset::Seed
}

impl PyRuleset {
    /// The seed preset.
    pub(crate) fn seed() -> Self {
        Self::default_rules()
    }
}
