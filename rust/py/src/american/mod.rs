//! American Mahjong bindings: one module per class, conversion only (the rules live in
//! `mahjong_core::american`).

mod args;
mod batch;
mod card;
mod exposure;
mod game;
mod hands;
mod load;
mod results;
mod rules;

use mahjong_core::Error;
use mahjong_core::american as core;
use mahjong_core::american::game::DeadReason;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::ints;
use crate::errors::IntoPyResult;
use args::int_arg;

pub(crate) use batch::american_encode_exposures;
pub(crate) use card::{_card_from_source, PyCard};
pub(crate) use exposure::PyExposure;
pub(crate) use game::{
    _american_action, _american_deal, _american_game, _american_observation, PyAmericanAction,
    PyAmericanDeal, PyAmericanGame, PyAmericanObservation, outcome_dict,
};
pub(crate) use hands::{PyCardHand, PyVariant};
pub(crate) use results::{_american_match, PyDiscardOption, PyDistance, PyMatch};
pub(crate) use rules::PyAmericanRules;

/// The kind of each of the 152 physical tiles, indexed by id: ids 0..135 are the 34 natural
/// kinds four times (kind = id // 4), 136..143 the flowers (34), 144..151 the jokers (35).
#[pyfunction]
pub(crate) fn american_physical_kinds() -> Vec<u32> {
    ints(core::physical_kinds())
}

/// The kind of physical tile `id` (0..151); see `physical_kinds`.
#[pyfunction]
pub(crate) fn american_physical_kind(id: &Bound<'_, PyAny>) -> PyResult<u8> {
    let out_of_range = |id: String| Error::tile(format!("tile id {id} is out of range 0..=151"));
    core::physical_kind(int_arg(id, "a tile id", out_of_range)?).py()
}

/// Adds the constants of the American batch encoding and flags to the module.
pub(crate) fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    use mahjong_core::american::batch as b;
    m.add("AMERICAN_EXPOSURE_WIDTH", b::EXPOSURE_WIDTH)?;
    m.add("AMERICAN_INVALID_DISTANCE", b::INVALID_DISTANCE)?;
    m.add("AMERICAN_NO_HAND", b::NO_HAND)?;
    m.add("AMERICAN_NO_MATCH", b::NO_MATCH)?;
    m.add("AMERICAN_INVALID_MATCH", b::INVALID_MATCH)?;
    m.add(
        "AMERICAN_ACTION_COUNT",
        mahjong_core::american::game::ACTION_COUNT,
    )?;
    m.add(
        "AMERICAN_MAX_CARD_BYTES",
        mahjong_core::american::card::MAX_CARD_BYTES,
    )?;
    let dead = PyDict::new(m.py());
    for reason in DeadReason::ALL {
        dead.set_item(reason.name(), reason.words())?;
    }
    m.add("AMERICAN_DEAD_REASONS", dead)
}
