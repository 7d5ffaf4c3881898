//! The Riichi game engine: the wall, one deal as a state machine with every rule check, the
//! actions players take and the events a deal produces.

pub mod action;
pub mod deal;
pub mod event;
pub mod session;
pub mod wall;

pub use action::{ACTION_COUNT, Action, tile_class};
pub use deal::{Deal, DealMeld, DealSetup, Outcome, PlayerState, PondTile};
pub use event::{DrawReason, Event, WinRecord};
pub use session::{Game, Standing};
pub use wall::Wall;
