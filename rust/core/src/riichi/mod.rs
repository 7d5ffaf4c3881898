//! Japanese Riichi scoring: rulesets, yaku, fu, points and payments.

pub mod context;
pub mod evaluate;
pub(crate) mod options;
pub mod points;
pub mod record;
pub mod rules;
pub mod score;
pub mod yaku;

pub use context::{Indicators, WinContext};
pub use options::Value;
pub use points::{Limit, Payment};
pub use rules::{Preset, Ruleset};
pub use score::{ScoreResult, Scorer, Win, score};
pub use yaku::{Yaku, Yakuman};
