#![allow(clippy::print_stdout)]
use std::time::Instant;
use mahjong_core::agent::Agent;
use mahjong_core::riichi::agent::EfficiencyAgent;
use mahjong_core::riichi::game::{Game, Observation};
use mahjong_core::riichi::hidden::fill_hidden;
use mahjong_core::riichi::reading::Reading;
use mahjong_core::riichi::sight::Sight;
use mahjong_core::riichi::playout::{Plan, Quick};
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::rng::Rng;
use mahjong_core::sim::{Seats, play_out};

fn main() {
    let rules = Ruleset::preset(Preset::Tenhou);
    let mut views: Vec<Observation> = Vec::new();
    for seed in 0..20 {
        let mut game = Game::new(&rules, seed);
        let mut deal = game.next_deal().unwrap();
        let mut agent = EfficiencyAgent;
        while !deal.is_over() {
            for seat in deal.waiting() {
                let v = deal.observe(seat);
                if seat == 0 && v.claim.is_none() && v.legal.len() > 3 { views.push(v.clone()); }
                let a = agent.act(&v).unwrap();
                deal.apply(seat, a).unwrap();
            }
        }
    }
    for (name, reading) in [("uniform", Reading::UNIFORM), ("fitted", mahjong_core::riichi::fitted::reading())] {
    let mut rng = Rng::new(1);
    let (mut ts, mut tf, mut tr, mut tp, mut n) = (0.0, 0.0, 0.0, 0.0, 0);
    for v in &views {
        for _ in 0..5 {
            let t = Instant::now();
            let sight = Sight::of(v).unwrap();
            ts += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let filled = fill_hidden(&sight, &reading, &mut rng).unwrap();
            tf += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let (game, deal) = filled.replay(&sight, &rules).unwrap();
            tr += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let mut g = game.clone(); let mut d = deal.clone();
            let mut agents: Seats<Observation> = std::array::from_fn(|_| Box::new(Quick{plan: Plan::Play}) as Box<dyn Agent<Observation>>);
            play_out(&mut d, &mut agents).unwrap();
            g.finish_deal(&d).unwrap();
            tp += t.elapsed().as_secs_f64();
            n += 1;
        }
    }
    println!("{name}: {} views; per world: sight {:.1} us, fill {:.1} us, replay {:.1} us, playout {:.1} us", views.len(), ts/n as f64*1e6, tf/n as f64*1e6, tr/n as f64*1e6, tp/n as f64*1e6);
    }
}
