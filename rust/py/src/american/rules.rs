//! `mahjong.american.AmericanRules`: the options of an American game (spec §1.11), frozen.

use std::sync::Arc;

use mahjong_core::american::game::{Preset, Rules};
use pyo3::prelude::*;

use crate::options::options_class;

options_class! {
    /// The options of an American game (spec §1.11), frozen.
    ///
    /// Start from a preset (`AmericanRules.preset("table")`; `"nmjl"`, the default, or
    /// `"table"`) and change options with `replace(dead_hand_mode="challenge")`. Options read
    /// as attributes (`rules.courtesy_pass`). An unknown option, a value it does not accept or
    /// a value the engine cannot play raises InvalidRuleError listing what is valid.
    PyAmericanRules("AmericanRules", "mahjong.american") over Rules, Preset = Preset::Nmjl
}

impl PyAmericanRules {
    /// The rules of an optional argument (default: nmjl).
    pub(crate) fn of(rules: Option<&Bound<'_, Self>>) -> Arc<Rules> {
        rules.map_or_else(|| Self::default_rules().rules, |r| r.get().rules.clone())
    }
}
