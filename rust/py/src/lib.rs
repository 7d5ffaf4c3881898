//! `mahjong._core`: the compiled part of the `mahjong` package.
//!
//! Thin wrappers over `mahjong-core`; the Python package re-exports everything by name.

mod agent;
mod american;
mod analysis;
mod args;
mod batch;
mod columns;
mod context;
mod convert;
mod encode;
mod errors;
mod game;
mod log;
mod observation;
mod options;
mod reason;
mod result;
mod rules;
mod score;
mod seat_view;
mod sim;
mod snapshot;
mod table;
mod tiles;
mod view;

use pyo3::prelude::*;

#[pymodule]
mod _core {
    #[pymodule_export]
    use crate::agent::PyNativeAgent;
    #[pymodule_export]
    use crate::american::{
        _american_action, _american_deal, _american_game, _american_match, _american_observation,
        _card_from_source, PyAmericanAction, PyAmericanDeal, PyAmericanGame, PyAmericanObservation,
        PyAmericanRules, PyCard, PyCardHand, PyDiscardOption, PyDistance, PyExposure, PyMatch,
        PyVariant, american_encode_exposures, american_physical_kind, american_physical_kinds,
    };
    #[pymodule_export]
    use crate::analysis::{
        _decomposition, _ukeire, PyDecomposition, PyUkeire, decompose, is_win, shanten, ukeire,
        waits,
    };
    #[pymodule_export]
    use crate::batch::{is_win_batch, shanten_batch};
    #[pymodule_export]
    use crate::context::{_win_context, PyWinContext};
    #[pymodule_export]
    use crate::encode::{
        american_action_mask, american_encode, american_encode_batch, american_encoding_channels,
        riichi_action_mask, riichi_encode, riichi_encode_batch, riichi_encoding_channels,
    };
    #[pymodule_export]
    use crate::errors::{
        CardFormatError, IllegalActionError, InvalidArgumentError, InvalidHandError,
        InvalidMeldError, InvalidRuleError, InvalidTileError, MahjongError,
    };
    #[pymodule_export]
    use crate::game::{
        _riichi_action, _riichi_deal, _riichi_game, _riichi_observation, PyAction, PyDeal, PyGame,
        PyObservation, rebuild_wall,
    };
    #[pymodule_export]
    use crate::reason::PyReason;
    #[pymodule_export]
    use crate::result::{_yaku, PyScoreResult, PyYaku};
    #[pymodule_export]
    use crate::rules::PyRuleset;
    #[pymodule_export]
    use crate::score::{_rescore, encode_win, nagashi_mangan, score, score_batch};
    #[pymodule_export]
    use crate::seat_view::fill_hidden;
    #[pymodule_export]
    use crate::sim::{PySimResult, PySimStream, native_sim, native_stream};
    #[pymodule_export]
    use crate::tiles::{PyMeld, PyTiles};

    use super::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        crate::american::add_constants(m)?;
        m.add("RECORD_WIDTH", mahjong_core::riichi::record::RECORD_WIDTH)?;
        m.add("MAX_STICKS", mahjong_core::riichi::MAX_STICKS)?;
        m.add("ACTION_COUNT", mahjong_core::riichi::game::ACTION_COUNT)?;
        m.add(
            "RIICHI_ENCODING_VERSION",
            mahjong_core::riichi::encode::VERSION,
        )?;
        m.add(
            "AMERICAN_ENCODING_VERSION",
            mahjong_core::american::encode::VERSION,
        )?;
        let py = m.py();
        use mahjong_core::american::game::log as american_log;
        use mahjong_core::riichi::game::log as riichi_log;
        m.add(
            "MJAI_FIELD_ORDER",
            crate::log::field_order(py, riichi_log::FIELD_ORDER)?,
        )?;
        m.add(
            "MJAI_EXTENSIONS",
            crate::log::field_order(py, riichi_log::EXTENSIONS)?,
        )?;
        m.add("DRAW_REASONS", riichi_log::DRAW_REASONS.to_vec())?;
        // The mjai names of the kinds 0..33, then of the red 5m, 5p, 5s.
        let tile_names = &mahjong_core::riichi::mjai::CLASS_NAMES[..37];
        m.add("MJAI_TILE_NAMES", tile_names.to_vec())?;
        let yaku = pyo3::types::PyDict::new(py);
        for y in mahjong_core::riichi::Yaku::ALL {
            yaku.set_item(y.romaji(), y.english())?;
        }
        for y in mahjong_core::riichi::Yakuman::ALL {
            yaku.set_item(y.romaji(), y.english())?;
        }
        m.add("YAKU_NAMES", yaku)?;
        use mahjong_core::riichi::points::Limit;
        let limits: Vec<&str> = Limit::NAMED.iter().filter_map(|l| l.name()).collect();
        m.add("LIMITS", limits)?;
        m.add(
            "AMERICAN_FIELD_ORDER",
            crate::log::field_order(py, american_log::FIELD_ORDER)?,
        )?;
        let catalogue = pyo3::types::PyDict::new(py);
        for e in mahjong_core::catalogue::entries() {
            let params = pyo3::types::PyDict::new(py);
            for (name, kind) in e.params {
                params.set_item(name, kind)?;
            }
            catalogue.set_item(e.key, (e.text, params))?;
        }
        m.add("CATALOGUE", catalogue)?;
        m.add("MAX_SCORE", mahjong_core::options::MAX_SCORE)
    }
}
