//! Strength of the `strong` agent against `efficiency` in mixed tables, with each of its
//! improvements switchable (the ablations of docs/strength.md):
//!
//! ```text
//! cargo run --profile ci -p mahjong-core --example strength -- GAMES PRESET SEATS [FLIP...]
//! ```
//!
//! `SEATS` is four letters, `s` (strong) or `e` (efficiency), e.g. `sese`; both it and its
//! rotation are played (game i from seed i in each) so seat effects cancel; `FLIP` names the
//! options of `strong` to flip from their defaults (`defence`, `open_threats`,
//! `riichi_judgement`, `guard_calls` on; `calls`, `careful` off).
//! Prints per agent: average rank and points per game with a 95 % interval (over games, each
//! game's value the mean of the agent's seats) and win, deal-in, riichi and call rates per deal.

#![allow(clippy::print_stdout)] // a measuring tool: its output is the point

use mahjong_core::agent::Agent;
use mahjong_core::riichi::agent::EfficiencyAgent;
use mahjong_core::riichi::game::Observation;
use mahjong_core::riichi::sim::{Tally, play_game};
use mahjong_core::riichi::strong::{Options, StrongAgent};
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::sim::{Seats, default_workers, run};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().and_then(|g| g.parse().ok()).unwrap_or(10_000);
    let preset = match args.get(1).map_or("seed", String::as_str) {
        "tenhou" => Preset::Tenhou,
        _ => Preset::Seed,
    };
    let seats: Vec<bool> = args
        .get(2)
        .map_or("sese", String::as_str)
        .chars()
        .map(|c| c == 's')
        .collect();
    let mut options = Options::default();
    for off in args.iter().skip(3) {
        match off.as_str() {
            "defence" => options.defence = !options.defence,
            "open_threats" => options.open_threats = !options.open_threats,
            "riichi_judgement" => options.riichi_judgement = !options.riichi_judgement,
            "calls" => options.calls = !options.calls,
            "guard_calls" => options.guard_calls = !options.guard_calls,
            "careful" => options.careful = !options.careful,
            other => panic!("unknown improvement {other}"),
        }
    }
    let rules = Ruleset::preset(preset);
    let rotated: Vec<bool> = (0..4).map(|s| seats[(s + 1) % 4]).collect();
    let layouts = [seats.clone(), rotated];
    let played = layouts.clone();
    let results = run(games * 2, default_workers(), move |i| {
        let layout = &played[i % 2];
        let seed = (i / 2) as u64;
        let mut agents: Seats<Observation> = std::array::from_fn(|s| {
            if layout[s] {
                Box::new(StrongAgent { options }) as Box<dyn Agent<Observation>>
            } else {
                Box::new(EfficiencyAgent)
            }
        });
        let (game, outcomes) = play_game(&rules, seed, &mut agents)?;
        let standings = game.standings();
        Ok((i % 2, Tally::of(&outcomes, game.log(), &standings)))
    })
    .expect("games play");
    println!(
        "{} games x 2 layouts, {:?}, seats {:?}, options {options:?}",
        games,
        preset,
        args.get(2)
    );
    for (label, strong) in [("strong", true), ("efficiency", false)] {
        let (mut ranks, mut points) = (Vec::new(), Vec::new());
        let (mut deals, mut wins, mut deal_ins, mut riichi, mut calls) =
            (0u64, 0u64, 0u64, 0u64, 0u64);
        for (layout, tally) in &results {
            let mine: Vec<usize> = (0..4).filter(|&s| layouts[*layout][s] == strong).collect();
            if mine.is_empty() {
                continue;
            }
            let n = mine.len() as f64;
            ranks.push(mine.iter().map(|&s| tally.ranks[s] as f64).sum::<f64>() / n);
            points.push(mine.iter().map(|&s| tally.points[s] as f64).sum::<f64>() / n);
            deals += tally.deals * mine.len() as u64;
            wins += mine.iter().map(|&s| tally.wins[s]).sum::<u64>();
            deal_ins += mine.iter().map(|&s| tally.deal_ins[s]).sum::<u64>();
            riichi += mine.iter().map(|&s| tally.riichi[s]).sum::<u64>();
            calls += mine.iter().map(|&s| tally.calls[s]).sum::<u64>();
        }
        if ranks.is_empty() {
            continue;
        }
        let ci = |v: &[f64]| {
            let n = v.len() as f64;
            let mean = v.iter().sum::<f64>() / n;
            let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
            (mean, 1.96 * (var / n).sqrt())
        };
        let (r, rc) = ci(&ranks);
        let (p, pc) = ci(&points);
        let rate = |x: u64| 100.0 * x as f64 / deals as f64;
        println!(
            "{label:>10}: rank {r:.3} ± {rc:.3}  points {p:+.0} ± {pc:.0}  win {:.1}%  deal-in {:.1}%  riichi {:.1}%  call {:.1}%  ({} seat-deals)",
            rate(wins),
            rate(deal_ins),
            rate(riichi),
            rate(calls),
            deals
        );
    }
}
