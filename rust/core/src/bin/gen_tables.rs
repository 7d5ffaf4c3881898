//! Writes the shanten lookup tables to `rust/core/data/`.
//!
//! Run with `cargo run --release -p mahjong-core --features gen --bin gen_tables`.

use std::path::Path;

fn main() -> std::io::Result<()> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    std::fs::write(
        data.join("shanten_suit.bin"),
        mahjong_core::shanten::generate(9, true),
    )?;
    std::fs::write(
        data.join("shanten_honor.bin"),
        mahjong_core::shanten::generate(7, false),
    )?;
    Ok(())
}
