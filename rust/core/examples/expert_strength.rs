//! Strength and speed of the `expert` agent in mixed tables (docs/strength.md):
//!
//! ```text
//! cargo run --profile ci -p mahjong-core --example expert_strength -- \
//!     GAMES PRESET SEATS [WORKERS] [playouts=N] [games=FILE] [FLIP...]
//! ```
//!
//! `SEATS` is four letters (three with a three-player `PRESET`: `tenhou-sanma`), `x`
//! (expert), `s` (strong) or `e` (efficiency), e.g. `xeee`; it and its other rotations are
//! played (game i from seed `i` in each) so seat effects cancel.
//! The agent measured is the first letter's. `FLIP` names options of the expert to switch
//! from their defaults: `models` (fitted reading of the hidden hands, on), `placement`
//! (expected rank, on); `games=FILE` writes each game's result to `FILE`.
//! Prints the measured agent's average rank and points per game with a 95 % interval (over
//! games, each game's value the mean of its seats), its win, deal-in, riichi and call rates,
//! and the time of its decisions (median, 90th, 99th percentile, maximum; each game on one
//! thread), in wall time and in the thread's CPU time.

#![allow(clippy::print_stdout)] // a measuring tool: its output is the point

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Timed, interval, print_times, rotations};
use mahjong_core::agent::{Agent, seat_seed};
use mahjong_core::riichi::agent::EfficiencyAgent;
use mahjong_core::riichi::expert::{ExpertAgent, Options};
use mahjong_core::riichi::game::Observation;
use mahjong_core::riichi::sim::{Tally, play_game};
use mahjong_core::riichi::strong::StrongAgent;
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::sim::{Seats, run};

/// One game's layout, tally, and the measured agent's decision times (wall, CPU).
type GameResult = (usize, Tally, Vec<(Duration, Duration)>);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().and_then(|g| g.parse().ok()).unwrap_or(100);
    let preset = match args.get(1).map_or("tenhou", String::as_str) {
        "seed" => Preset::Seed,
        "tenhou-sanma" => Preset::TenhouSanma,
        _ => Preset::Tenhou,
    };
    let seats: Vec<char> = args.get(2).map_or("xeee", String::as_str).chars().collect();
    let workers: usize = args.get(3).and_then(|w| w.parse().ok()).unwrap_or(1);
    let mut options = Options::default();
    let mut games_out = None;
    for flag in args.iter().skip(4) {
        if let Some(path) = flag.strip_prefix("games=") {
            games_out = Some(path.to_owned());
            continue;
        }
        match flag.as_str() {
            "models" => options.models = !options.models,
            "placement" => options.placement = !options.placement,
            other => match other.strip_prefix("playouts=") {
                Some(n) => options.playouts = n.parse().expect("a number of playouts"),
                None => panic!("unknown option {other}"),
            },
        }
    }
    let rules = Ruleset::preset(preset);
    assert_eq!(seats.len(), rules.player_count(), "one letter per player");
    let focus = seats[0];
    let layouts = rotations(&seats);
    let started = Instant::now();
    let seat_layouts = layouts.clone();
    let n = seats.len();
    let results = run(games * n, workers, move |i| {
        let layout = &seat_layouts[i % n];
        let seed = (i / n) as u64;
        let times = Arc::new(Mutex::new(Vec::new()));
        let mut agents: Seats<Observation> = std::array::from_fn(|s| {
            // With three players seat 3 takes no part.
            let letter = layout.get(s).copied().unwrap_or('e');
            let agent: Box<dyn Agent<Observation>> = match letter {
                'x' => Box::new(ExpertAgent {
                    seed: seat_seed(seed, s),
                    options,
                }),
                's' => Box::new(StrongAgent::default()),
                _ => Box::new(EfficiencyAgent),
            };
            if letter == focus {
                Box::new(Timed {
                    agent,
                    times: Arc::clone(&times),
                })
            } else {
                agent
            }
        });
        let (game, outcomes) = play_game(&rules, seed, &mut agents)?;
        let standings = game.standings();
        let times = std::mem::take(&mut *times.lock().expect("times"));
        Ok((i % n, Tally::of(&outcomes, game.log(), &standings), times))
    })
    .expect("games play");
    if let Some(path) = games_out {
        write_games(&path, &results, &layouts, focus);
    }
    report(&results, &layouts, focus, games, started.elapsed());
}

/// Writes one line per game: its seed, layout, and the measured agent's mean rank and
/// points there (for paired comparisons of runs on the same seeds).
fn write_games(path: &str, results: &[GameResult], layouts: &[Vec<char>], focus: char) {
    let mut text = String::from("seed layout rank points\n");
    for (i, (layout, tally, _)) in results.iter().enumerate() {
        let mine = seats_of(&layouts[*layout], focus);
        let n = mine.len() as f64;
        let rank = mine.iter().map(|&s| tally.ranks[s] as f64).sum::<f64>() / n;
        let points = mine.iter().map(|&s| tally.points[s] as f64).sum::<f64>() / n;
        text.push_str(&format!("{} {layout} {rank} {points}\n", i / layouts.len()));
    }
    std::fs::write(path, text).expect("the games file is written");
}

/// The seats of `layout` the agent `focus` sits in.
fn seats_of(layout: &[char], focus: char) -> Vec<usize> {
    (0..layout.len()).filter(|&s| layout[s] == focus).collect()
}

/// Prints the measured agent's results.
fn report(
    results: &[GameResult],
    layouts: &[Vec<char>],
    focus: char,
    games: usize,
    elapsed: Duration,
) {
    let (mut ranks, mut points) = (Vec::new(), Vec::new());
    let (mut deals, mut wins, mut deal_ins, mut riichi, mut calls) = (0u64, 0u64, 0u64, 0u64, 0u64);
    for (layout, tally, _) in results {
        let mine = seats_of(&layouts[*layout], focus);
        let n = mine.len() as f64;
        ranks.push(mine.iter().map(|&s| tally.ranks[s] as f64).sum::<f64>() / n);
        points.push(mine.iter().map(|&s| tally.points[s] as f64).sum::<f64>() / n);
        deals += tally.deals * mine.len() as u64;
        wins += mine.iter().map(|&s| tally.wins[s]).sum::<u64>();
        deal_ins += mine.iter().map(|&s| tally.deal_ins[s]).sum::<u64>();
        riichi += mine.iter().map(|&s| tally.riichi[s]).sum::<u64>();
        calls += mine.iter().map(|&s| tally.calls[s]).sum::<u64>();
    }
    let (r, rc) = interval(&ranks);
    let (p, pc) = interval(&points);
    let rate = |x: u64| 100.0 * x as f64 / deals as f64;
    println!(
        "{games} games x {} layouts of {:?}, {:.0} s",
        layouts.len(),
        layouts[0].iter().collect::<String>(),
        elapsed.as_secs_f64()
    );
    println!(
        "{focus}: rank {r:.3} ± {rc:.3}  points {p:+.0} ± {pc:.0}  win {:.1}%  deal-in {:.1}%  riichi {:.1}%  call {:.1}%  ({deals} seat-deals)",
        rate(wins),
        rate(deal_ins),
        rate(riichi),
        rate(calls),
    );
    let times: Vec<(Duration, Duration)> = results.iter().flat_map(|r| r.2.clone()).collect();
    print_times(&times);
}
