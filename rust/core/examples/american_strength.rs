//! Strength and speed of the American agents in mixed tables (docs/strength.md):
//!
//! ```text
//! cargo run --profile ci -p mahjong-core --example american_strength -- \
//!     GAMES SEATS [WORKERS] [worlds=N] [survival=X] [danger=X]
//! ```
//!
//! `SEATS` is four letters, `x` (expert), `c` (card) or `r` (random), e.g. `xccc`; it and
//! its three rotations are played (game i from seed `i` in each) so seat effects cancel. The
//! agent measured is the first letter's; the others' are reported beside it. The options set
//! the expert's ([`Options`]). Prints, per agent, the Mah Jongg rate per seat and game (95 %
//! interval over games) and the points won per game, the wall games, and the measured agent's
//! decision times (one game per thread).

#![allow(clippy::print_stdout)] // a measuring tool: its output is the point

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Timed, interval, print_times, rotations};
use mahjong_core::agent::{Agent, seat_seed};
use mahjong_core::american::Card;
use mahjong_core::american::agent::{AgentKind, CardAgent};
use mahjong_core::american::expert::{ExpertCardAgent, Options};
use mahjong_core::american::game::{Game, Observation, Outcome, Rules};
use mahjong_core::error::Error;
use mahjong_core::sim::{Seats, play_out, run};

/// One game's layout, outcome, and the measured agent's decision times (wall, CPU).
type GameResult = (usize, Outcome, Vec<(Duration, Duration)>);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().and_then(|g| g.parse().ok()).unwrap_or(100);
    let seats: Vec<char> = args.get(1).map_or("xccc", String::as_str).chars().collect();
    let workers: usize = args.get(2).and_then(|w| w.parse().ok()).unwrap_or(1);
    let mut options = Options::default();
    for flag in args.iter().skip(3) {
        let (name, value) = flag.split_once('=').expect("options are NAME=VALUE");
        match name {
            "worlds" => options.worlds = value.parse().expect("a number of worlds"),
            "survival" => options.survival = value.parse().expect("a chance"),
            "danger" => options.danger = value.parse().expect("a cost"),
            other => panic!("unknown option {other}"),
        }
    }
    let card = Arc::new(Card::builtin("house-2026").expect("the built-in card"));
    let focus = seats[0];
    let layouts = rotations(&seats);
    let started = Instant::now();
    let seat_layouts = layouts.clone();
    let results = run(games * 4, workers, move |i| {
        let layout = &seat_layouts[i % 4];
        let seed = (i / 4) as u64;
        let times = Arc::new(Mutex::new(Vec::new()));
        let mut agents: Seats<Observation> = std::array::from_fn(|s| {
            let agent: Box<dyn Agent<Observation>> = match layout[s] {
                'x' => Box::new(ExpertCardAgent::with_options(
                    card.clone(),
                    seat_seed(seed, s),
                    options,
                )),
                'c' => Box::new(CardAgent::new(card.clone())),
                _ => AgentKind::Random.make(&card, seat_seed(seed, s)),
            };
            if layout[s] == focus {
                Box::new(Timed {
                    agent,
                    times: Arc::clone(&times),
                })
            } else {
                agent
            }
        });
        let mut session = Game::new(card.clone(), &Rules::default(), seed, 1)?;
        let mut deal = session
            .next_deal()
            .ok_or_else(|| Error::argument("no game dealt"))?;
        play_out(&mut deal, &mut agents)?;
        let outcome = deal.outcome().cloned().expect("the game ended");
        let times = std::mem::take(&mut *times.lock().expect("times"));
        Ok((i % 4, outcome, times))
    })
    .expect("games play");
    report(&results, &layouts, games, started.elapsed());
}

/// Prints each agent's Mah Jongg rate and points per game, and the measured agent's times.
fn report(results: &[GameResult], layouts: &[Vec<char>], games: usize, elapsed: Duration) {
    let mut letters: Vec<char> = layouts[0].clone();
    letters.dedup();
    letters.sort_unstable();
    letters.dedup();
    let focus = layouts[0][0];
    letters.sort_by_key(|&c| c != focus);
    println!(
        "{games} games x 4 layouts of {:?}, {:.0} s; wall games {:.1}%",
        layouts[0].iter().collect::<String>(),
        elapsed.as_secs_f64(),
        100.0 * results.iter().filter(|r| r.1.win.is_none()).count() as f64 / results.len() as f64
    );
    for letter in letters {
        let (mut wins, mut points) = (Vec::new(), Vec::new());
        for (layout, outcome, _) in results {
            let mine: Vec<usize> = (0..4).filter(|&s| layouts[*layout][s] == letter).collect();
            let n = mine.len() as f64;
            let won = |s: &usize| outcome.win.as_ref().is_some_and(|w| w.seat == *s);
            wins.push(mine.iter().filter(|s| won(s)).count() as f64 / n);
            points.push(mine.iter().map(|&s| outcome.deltas[s] as f64).sum::<f64>() / n);
        }
        let (w, wc) = interval(&wins);
        let (p, pc) = interval(&points);
        println!(
            "{letter}: Mah Jongg {:.2}% ± {:.2}% of its seats' games, points {p:+.2} ± {pc:.2} per game",
            100.0 * w,
            100.0 * wc
        );
    }
    let times: Vec<(Duration, Duration)> = results.iter().flat_map(|r| r.2.clone()).collect();
    print_times(&times);
}
