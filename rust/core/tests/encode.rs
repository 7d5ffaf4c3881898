//! The observation encoders of both families over random play: every value inside its
//! channel's range, the basic encoding a prefix of the full one, the mask exactly the legal
//! codes, and the channels that restate the observation agreeing with it.

use std::sync::Arc;

use mahjong_core::american::encode::AmericanEncoder;
use mahjong_core::american::game::{Deal as AmericanDeal, Rules};
use mahjong_core::american::{Card, Exposure, Rack};
use mahjong_core::encode::{Channel, Encoder};
use mahjong_core::riichi::encode::RiichiEncoder;
use mahjong_core::riichi::game::{Deal, DealSetup, Wall};
use mahjong_core::riichi::{Preset, Ruleset};
use mahjong_core::rng::Rng;
use mahjong_core::shanten::{Form, shanten};
use mahjong_core::tile::kind_of_id;
use mahjong_core::{Tiles, Wind};

/// The encoding of `obs`, basic or full.
fn encoding<E: Encoder>(obs: &E::Observation, full: bool) -> Vec<f32> {
    let mut out = vec![f32::NAN; E::len(full)];
    E::encode(obs, full, &mut out);
    out
}

/// The mask of `obs`.
fn mask<E: Encoder>(obs: &E::Observation) -> Vec<i8> {
    let mut out = vec![7; E::ACTIONS];
    E::mask(obs, &mut out);
    out
}

/// The rows of channel `name` of an encoding.
fn channel<'a, E: Encoder>(values: &'a [f32], name: &str) -> &'a [f32] {
    let mut start = 0;
    for c in E::CHANNELS {
        if c.name == name {
            return &values[start * E::WIDTH..(start + c.rows) * E::WIDTH];
        }
        start += c.rows;
    }
    panic!("no channel {name}")
}

/// Every value of a full encoding lies within its channel's range; the basic encoding is its
/// prefix.
fn check_ranges<E: Encoder>(obs: &E::Observation) {
    let full = encoding::<E>(obs, true);
    let basic = encoding::<E>(obs, false);
    assert_eq!(&full[..basic.len()], &basic[..]);
    let mut row = 0;
    for c in E::CHANNELS {
        let Channel { low, high, .. } = *c;
        for (i, &v) in full[row * E::WIDTH..(row + c.rows) * E::WIDTH]
            .iter()
            .enumerate()
        {
            assert!(
                v.is_finite() && (low..=high).contains(&v),
                "{} cell {i} is {v}, outside {low}..={high}",
                c.name
            );
        }
        row += c.rows;
    }
    assert_eq!(row * E::WIDTH, full.len());
}

#[test]
fn the_tables_describe_the_encodings() {
    assert_eq!(RiichiEncoder::rows(false), 79);
    assert_eq!(RiichiEncoder::rows(true), 199);
    assert_eq!(AmericanEncoder::rows(false), 57);
    assert_eq!(AmericanEncoder::rows(true), 60);
    for channels in [RiichiEncoder::CHANNELS, AmericanEncoder::CHANNELS] {
        let mut names: Vec<&str> = channels.iter().map(|c| c.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), channels.len(), "a name twice");
        assert!(
            channels
                .iter()
                .all(|c| c.low < c.high && !c.doc.trim().is_empty())
        );
    }
}

/// One riichi decision: the encoding against the observation it encodes.
fn check_riichi(deal: &Deal, seat: usize) {
    let obs = deal.observe(seat);
    check_ranges::<RiichiEncoder>(&obs);
    let codes: Vec<usize> = obs.legal.iter().map(|&a| deal.code_of(a)).collect();
    let m = mask::<RiichiEncoder>(&obs);
    for (code, &on) in m.iter().enumerate() {
        assert_eq!(on == 1, codes.contains(&code), "code {code}");
        assert!(on == 0 || on == 1);
    }
    let full = encoding::<RiichiEncoder>(&obs, true);
    let hand: f32 = channel::<RiichiEncoder>(&full, "hand").iter().sum();
    assert_eq!(hand as usize, obs.hand.len());
    let ponds = channel::<RiichiEncoder>(&full, "pond");
    let players = obs.player_count;
    for (r, row) in ponds.chunks(34).enumerate().take(players) {
        let pond = &obs.players[(seat + r) % players].pond;
        assert_eq!(row.iter().sum::<f32>(), pond.len() as f32 / 4.0);
        let order = channel::<RiichiEncoder>(&full, "pond_order");
        for (i, d) in pond.iter().take(24).enumerate() {
            let slot = &order[(24 * r + i) * 34..(24 * r + i + 1) * 34];
            assert_eq!(slot[usize::from(kind_of_id(d.tile))], 1.0);
        }
    }
    let counts = Tiles::from_ids(obs.hand.iter().map(|&t| i64::from(t)), false)
        .unwrap()
        .riichi_counts();
    let expected = f32::from(shanten(&counts, Form::All).unwrap() + 1) / 8.0;
    assert_eq!(channel::<RiichiEncoder>(&full, "shanten")[0], expected);
    let kita = channel::<RiichiEncoder>(&full, "kita");
    for (r, row) in kita.chunks(34).enumerate() {
        let expected = if r < players {
            obs.players[(seat + r) % players].kita.len()
        } else {
            0
        };
        assert_eq!(row[30] * 4.0, expected as f32);
    }
    let three = channel::<RiichiEncoder>(&full, "three_players")[0];
    assert_eq!(three == 1.0, players == 3);
    if players == 3 {
        // 2m-8m are out of play: never an improving draw, always in sight.
        let seen = channel::<RiichiEncoder>(&full, "seen");
        assert!((1..8).all(|k| seen[3 * 34 + k] == 1.0));
        assert!((1..8).all(|k| channel::<RiichiEncoder>(&full, "improving")[k] == 0.0));
    }
}

#[test]
fn riichi_encodings_over_random_deals() {
    for (n, preset) in Preset::ALL.into_iter().enumerate() {
        let rules = Ruleset::preset(preset);
        let players = rules.player_count();
        for seed in 0..15u64 {
            let mut scores = [25_000, 31_000, 9_000, 35_000];
            scores[players..].fill(0);
            let setup = DealSetup {
                round_wind: Wind::South,
                dealer: seed as usize % players,
                number: 1 + (seed as usize % players) as u8,
                honba: 2,
                riichi_sticks: 0,
                scores,
            };
            let wall = Wall::shuffled(seed + 100 * n as u64, players);
            let mut deal = Deal::new(setup, wall, &rules).unwrap();
            let mut rng = Rng::new(seed);
            while !deal.is_over() {
                let waiting = deal.waiting();
                for seat in 0..players {
                    check_riichi(&deal, seat);
                }
                let seat = waiting[rng.below(waiting.len() as u64) as usize];
                let legal = deal.legal_actions(seat);
                deal.apply(seat, legal[rng.below(legal.len() as u64) as usize])
                    .unwrap();
            }
            for seat in 0..players {
                check_riichi(&deal, seat);
                assert!(
                    mask::<RiichiEncoder>(&deal.observe(seat))
                        .iter()
                        .all(|&m| m == 0)
                );
            }
        }
    }
}

/// One American decision: the encoding against the observation and the card's own tiles
/// away; returns whether the tiles away were compared, and with exposures.
fn check_american(deal: &AmericanDeal, seat: usize) -> (bool, bool) {
    let obs = deal.observe(seat);
    check_ranges::<AmericanEncoder>(&obs);
    let m = mask::<AmericanEncoder>(&obs);
    let codes: Vec<usize> = obs.legal.iter().map(|a| a.code(seat)).collect();
    for (code, &on) in m.iter().enumerate() {
        assert_eq!(on == 1, codes.contains(&code), "code {code}");
    }
    let full = encoding::<AmericanEncoder>(&obs, true);
    let player = deal.player(seat);
    let exposures: Vec<Exposure> = player.exposures.iter().map(|e| e.exposure).collect();
    let exposed = !exposures.is_empty();
    let rack = Rack::new(player.concealed(), exposures).unwrap();
    let Ok(ranked) = obs.card.distances(&rack) else {
        return (false, false);
    };
    {
        let slots = channel::<AmericanEncoder>(&full, "distance");
        for d in &ranked {
            assert_eq!(
                slots[d.hand],
                f32::from(d.distance) / 14.0,
                "hand {}",
                d.hand
            );
        }
        let nearest = slots.iter().fold(1.0f32, |a, &b| a.min(b));
        let best = ranked.first().map_or(1.0, |d| f32::from(d.distance) / 14.0);
        assert_eq!(nearest, best);
    }
    (true, exposed)
}

#[test]
fn american_encodings_over_random_games() {
    let card = Arc::new(Card::builtin("house-2026").unwrap());
    let rules = Rules::default();
    let (mut compared, mut exposed) = (0, 0);
    for seed in 0..12u64 {
        let mut deal =
            AmericanDeal::shuffled(card.clone(), &rules, (seed % 4) as usize, seed).unwrap();
        let mut rng = Rng::new(seed);
        while !deal.is_over() {
            let waiting = deal.waiting();
            for seat in 0..4 {
                let (c, e) = check_american(&deal, seat);
                compared += usize::from(c);
                exposed += usize::from(c && e);
            }
            let seat = waiting[rng.below(waiting.len() as u64) as usize];
            let legal = deal.legal_actions(seat);
            // Mostly pass on claims, so that games reach their later turns.
            let pass = legal.len() > 1 && rng.below(10) < 7;
            let action = legal
                .iter()
                .copied()
                .filter(|_| pass)
                .find(|a| a.name() == "pass")
                .unwrap_or_else(|| legal[rng.below(legal.len() as u64) as usize]);
            deal.apply(seat, action).unwrap();
        }
    }
    assert!(
        compared > 1000 && exposed > 50,
        "{compared} compared, {exposed} exposed"
    );
}
