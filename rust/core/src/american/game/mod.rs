//! The American game engine (spec §1): the options, the wall, one game as a state machine
//! with every rule check, the actions players take and the events a game produces, and
//! sessions of several games. Shaped like [`crate::riichi::game`].

pub mod action;
mod charleston;
pub mod deal;
pub mod event;
pub mod log;
pub mod observe;
pub mod options;
pub mod reason;
pub mod session;
pub mod wall;

/// Option values by name (shared with the Riichi [`crate::riichi::Ruleset`]).
pub use crate::options::Value;
pub use crate::standing::Standing;
pub use action::{ACTION_COUNT, Action};
pub use deal::{Deal, DealSetup, DiscardTile, Exposed, Outcome, PlayerState, kind_of, settle};
pub use event::{DeadReason, Ending, Event, Step, WinRecord};
pub use observe::{HIDDEN, Observation, Public};
pub use options::{BlindPassResolution, DeadHandMode, Preset, Rules, SecondCharleston};
pub use reason::{Illegal, Reason};
pub use session::Game;
pub use wall::{Wall, roll_for_dealer};
