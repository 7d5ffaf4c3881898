//! Japanese Riichi scoring: rulesets, yaku, fu, points and payments.

pub mod agent;
pub mod context;
pub mod encode;
pub mod evaluate;
pub mod expert;
pub mod fitted;
pub mod game;
pub mod hidden;
pub mod mjai;
pub mod placement;
pub mod playout;
pub mod points;
pub mod reading;
pub mod record;
pub mod rules;
pub mod score;
pub mod settlement;
pub mod sight;
pub mod sim;
pub mod strong;
pub mod yaku;

pub use crate::options::{MAX_POINTS, Value};
pub use context::MAX_STICKS;
pub use context::{Indicators, WinContext};
pub use points::Limit;
pub use rules::{Preset, Ruleset};
pub use score::{ScoreResult, Scorer, Win, score};
pub use settlement::{Payment, Payments, Settlement};
pub use yaku::{Yaku, Yakuman};
