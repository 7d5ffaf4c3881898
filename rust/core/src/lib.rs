//! Pure-Rust core of `mahjong-engine`: tiles, melds, shanten, win decomposition and the
//! American card engine.
//!
//! Nothing here knows about Python; the `mahjong-py` crate wraps it as `mahjong._core`.
//! Invalid input is reported as an [`Error`], never by panicking.

pub mod agent;
pub mod american;
pub mod catalogue;
pub mod decompose;
pub mod efficiency;
pub mod encode;
pub mod error;
pub mod log;
pub mod meld;
pub mod notation;
pub mod options;
pub mod riichi;
pub mod rng;
pub mod shanten;
pub mod sight;
pub mod sim;
pub mod standing;
pub mod tile;
pub mod tiles;
pub mod wind;

pub use error::{Error, ErrorKind, Result};
pub use meld::{Meld, MeldKind};
pub use tiles::Tiles;
pub use wind::Wind;
