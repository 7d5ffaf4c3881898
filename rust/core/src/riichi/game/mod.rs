//! The Riichi game engine: the wall, one deal as a state machine with every rule check, the
//! actions players take, the reasons an action is missing, each seat's observation, the
//! events a deal produces and their mjai log vocabulary, and whole games.

pub mod action;
pub mod deal;
pub mod event;
pub mod log;
pub mod observe;
pub mod reason;
pub mod session;
pub mod wall;

pub use crate::standing::Standing;
pub use action::{ACTION_COUNT, Action, tile_class};
pub use deal::{
    Deal, DealMeld, DealSetup, Furiten, Kita, Outcome, PlayerState, PondTile, describe, tile_name,
};
pub use event::{DRAWS, DrawReason, Event, Split, WinRecord};
pub use log::LogStyle;
pub use observe::{Claim, Observation, Public};
pub use reason::{Illegal, Reason};
pub use session::{ENDS, EndReason, Game};
pub use wall::{Layout, Shown, Wall};
