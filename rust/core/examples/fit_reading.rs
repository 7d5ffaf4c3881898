//! Fits the expert's models from self-play and writes them as Rust (`fitted.rs`):
//!
//! ```text
//! cargo run --profile ci -p mahjong-core --example fit_reading -- GAMES \
//!     > rust/core/src/riichi/fitted.rs
//! ```
//!
//! Plays `GAMES` Tenhou hanchan natively (game i from seed i; seats alternate between the
//! efficiency and the strong player, starting with efficiency at seat i mod 2) and, at every
//! turn, reads the three other seats as the seat on turn sees them ([`Sight::of`],
//! [`Seat`]) against their real hands: the shanten counts by cell, the kinds held against
//! what the tiles the seat on turn cannot see would give (by category), how often a riichi
//! hand waits furiten. Every deal's score changes give the spread of two seats' difference.
//! The same games give the same file.

#![allow(clippy::print_stdout)] // the generated file is the output

use mahjong_core::agent::Agent;
use mahjong_core::riichi::agent::EfficiencyAgent;
use mahjong_core::riichi::game::{Deal, Game, Observation};
use mahjong_core::riichi::reading::{CATEGORIES, MELDS, SHANTEN, Seat, TSUMOGIRI, TURNS};
use mahjong_core::riichi::sight::Sight;
use mahjong_core::riichi::strong::StrongAgent;
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::shanten::{self, Form};
use mahjong_core::sim::{default_workers, run};
use mahjong_core::tile::{RIICHI_KINDS, kind_of_id};

/// What the games show.
#[derive(Clone)]
struct Counts {
    shanten: Vec<u32>,
    held: [[f64; CATEGORIES]; 2],
    expected: [[f64; CATEGORIES]; 2],
    riichi_hands: u64,
    furiten_hands: u64,
    spread_sum: f64,
    pairs: u64,
    deals: u64,
}

impl Counts {
    fn new() -> Self {
        Self {
            shanten: vec![0; TURNS * MELDS * TSUMOGIRI * SHANTEN],
            held: [[0.0; CATEGORIES]; 2],
            expected: [[0.0; CATEGORIES]; 2],
            riichi_hands: 0,
            furiten_hands: 0,
            spread_sum: 0.0,
            pairs: 0,
            deals: 0,
        }
    }

    fn add(&mut self, other: &Self) {
        for (a, b) in self.shanten.iter_mut().zip(&other.shanten) {
            *a += b;
        }
        for r in 0..2 {
            for c in 0..CATEGORIES {
                self.held[r][c] += other.held[r][c];
                self.expected[r][c] += other.expected[r][c];
            }
        }
        self.riichi_hands += other.riichi_hands;
        self.furiten_hands += other.furiten_hands;
        self.spread_sum += other.spread_sum;
        self.pairs += other.pairs;
        self.deals += other.deals;
    }

    /// Reads the other seats of `view` against `deal`.
    fn read(&mut self, deal: &Deal, view: &Observation) {
        let Ok(sight) = Sight::of(view) else {
            return;
        };
        // The tiles the observer cannot see, per kind.
        let mut unseen = [4u8; RIICHI_KINDS];
        let mut see = |t: u8| {
            let k = usize::from(kind_of_id(t));
            unseen[k] = unseen[k].saturating_sub(1);
        };
        view.hand.iter().copied().for_each(&mut see);
        view.dora_indicators.iter().copied().for_each(&mut see);
        for p in &view.players {
            p.pond
                .iter()
                .filter(|d| !d.called)
                .for_each(|d| see(d.tile));
            p.melds
                .iter()
                .flat_map(|m| m.tiles.iter())
                .for_each(|&t| see(t));
        }
        let total: f64 = unseen.iter().map(|&n| f64::from(n)).sum();
        for seat in (0..4).filter(|&s| s != view.seat) {
            let player = deal.player(seat);
            let seen = Seat::of(&sight, seat);
            let riichi = usize::from(seen.riichi);
            let held = player.counts();
            let size = player.hand.len() as f64;
            for kind in 0..RIICHI_KINDS {
                if unseen[kind] == 0 {
                    continue;
                }
                let c = seen.category(kind as u8);
                self.held[riichi][c] += f64::from(held[kind]);
                self.expected[riichi][c] += size * f64::from(unseen[kind]) / total;
            }
            if seen.riichi {
                self.riichi_hands += 1;
                let furiten = player
                    .waits()
                    .iter()
                    .any(|&w| seen.discards.iter().any(|d| d.0 == w));
                self.furiten_hands += u64::from(furiten);
                continue;
            }
            let Ok(s) = shanten::shanten(&held, Form::All) else {
                continue;
            };
            let (turn, melds, recent) = seen.cell();
            let bucket = usize::try_from(s).unwrap_or(0).min(SHANTEN - 1);
            self.shanten[((turn * MELDS + melds) * TSUMOGIRI + recent) * SHANTEN + bucket] += 1;
        }
    }
}

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|g| g.parse().ok())
        .unwrap_or(2000);
    let rules = Ruleset::preset(Preset::Tenhou);
    let parts = run(games, default_workers(), move |i| {
        let mut agents: Vec<Box<dyn Agent<Observation>>> = (0..4)
            .map(|s| -> Box<dyn Agent<Observation>> {
                if (s + i) % 2 == 0 {
                    Box::new(EfficiencyAgent)
                } else {
                    Box::new(StrongAgent::default())
                }
            })
            .collect();
        let mut counts = Counts::new();
        let mut game = Game::new(&rules, i as u64);
        while let Some(mut deal) = game.next_deal() {
            while !deal.is_over() {
                for seat in deal.waiting() {
                    let view = deal.observe(seat);
                    if view.claim.is_none() {
                        counts.read(&deal, &view);
                    }
                    let action = agents[seat].act(&view).expect("an action");
                    deal.apply(seat, action).expect("a legal action");
                }
            }
            if let Some(outcome) = deal.outcome() {
                counts.deals += 1;
                for a in 0..4 {
                    for b in a + 1..4 {
                        let d = (outcome.deltas[a] - outcome.deltas[b]) as f64;
                        counts.spread_sum += d * d;
                        counts.pairs += 1;
                    }
                }
            }
            game.finish_deal(&deal)?;
        }
        Ok(counts)
    })
    .expect("games play");
    let mut all = Counts::new();
    for part in &parts {
        all.add(part);
    }
    write(&all, games);
}

/// Prints `fitted.rs`.
fn write(all: &Counts, games: usize) {
    let spread = (all.spread_sum / all.pairs as f64).sqrt();
    println!("//! The expert's fitted models (see [`super::reading`] and [`super::placement`]),");
    println!("//! written by `examples/fit_reading.rs` from {games} Tenhou hanchan of self-play");
    println!("//! ({} deals; efficiency and strong players):", all.deals);
    println!("//!");
    println!("//! ```text");
    println!("//! cargo run --profile ci -p mahjong-core --example fit_reading -- {games} \\");
    println!("//!     > rust/core/src/riichi/fitted.rs");
    println!("//! ```");
    println!("//!");
    println!("//! Do not edit: fit again.");
    println!();
    println!("use super::reading::{{Model, Reading}};");
    println!();
    println!("/// The spread (standard deviation) of two seats' score difference over one deal.");
    println!("pub const DEAL_SPREAD: f64 = {spread:.1};");
    println!();
    println!("/// The reading of hidden hands by the fitted model.");
    println!("pub const fn reading() -> Reading {{");
    println!("    Reading::fitted(&MODEL)");
    println!("}}");
    println!();
    println!("/// The fitted model.");
    println!("#[rustfmt::skip]");
    println!("static MODEL: Model = Model {{");
    println!("    shanten: [");
    for turn in 0..TURNS {
        println!("        [");
        for melds in 0..MELDS {
            let cells: Vec<String> = (0..TSUMOGIRI)
                .map(|recent| {
                    let at = ((turn * MELDS + melds) * TSUMOGIRI + recent) * SHANTEN;
                    let row: Vec<String> = all.shanten[at..at + SHANTEN]
                        .iter()
                        .map(u32::to_string)
                        .collect();
                    format!("[{}]", row.join(", "))
                })
                .collect();
            println!("            [{}],", cells.join(", "));
        }
        println!("        ],");
    }
    println!("    ],");
    println!("    weights: [");
    for r in 0..2 {
        let row: Vec<String> = (0..CATEGORIES)
            .map(|c| {
                let w = if all.expected[r][c] > 1.0 {
                    all.held[r][c] / all.expected[r][c]
                } else {
                    1.0
                };
                format!("{w:.3}")
            })
            .collect();
        println!("        [{}],", row.join(", "));
    }
    println!("    ],");
    println!(
        "    furiten: {:.4},",
        all.furiten_hands as f64 / all.riichi_hands.max(1) as f64
    );
    println!("}};");
}
