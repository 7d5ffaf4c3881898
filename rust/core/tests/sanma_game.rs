//! Three-player games (sanma spec §5.2, T-P23–T-P26): final points with oka, uma and rounding,
//! the West-round extension and busting, on the one `Game` of both player counts.

mod table;

use mahjong_core::Wind;
use mahjong_core::riichi::game::{Action, DealSetup, Game};
use mahjong_core::riichi::{Preset, Ruleset};
use table::WallBuilder;

/// A game picked up at a deal of `round`, dealer `dealer`, with these scores.
fn resumed(preset: Preset, round: Wind, dealer: usize, scores: [i64; 3]) -> Game {
    let setup = DealSetup {
        round_wind: round,
        dealer,
        number: dealer as u8 + 1,
        honba: 0,
        riichi_sticks: 0,
        scores: [scores[0], scores[1], scores[2], 0],
    };
    Game::resume(&Ruleset::preset(preset), setup)
}

/// Final points by seat.
fn points(game: &Game) -> Vec<i64> {
    game.standings().iter().map(|s| s.points).collect()
}

/// T-P23 (TP6): the record's final scores 83,100 / 27,400 / −5,500 under tenhou-sanma.
#[test]
fn tp23_final_points_of_the_record() {
    let game = resumed(Preset::TenhouSanma, Wind::East, 0, [83_100, 27_400, -5_500]);
    assert_eq!(points(&game), [79_000, -13_000, -66_000]);
    let ranks: Vec<usize> = game.standings().iter().map(|s| s.rank).collect();
    assert_eq!(ranks, [1, 2, 3]);
}

/// T-P24 (TP6): 52,000 / 38,000 / 15,000 under both presets.
#[test]
fn tp24_final_points_per_preset() {
    let scores = [52_000, 38_000, 15_000];
    let tenhou = resumed(Preset::TenhouSanma, Wind::East, 0, scores);
    assert_eq!(points(&tenhou), [47_000, -2_000, -45_000]);
    let soul = resumed(Preset::MahjongSoulSanma, Wind::East, 0, scores);
    assert_eq!(points(&soul), [32_000, 3_000, -35_000]);
}

/// Noten hands by seat.
const NOTEN: [&str; 3] = [
    "1m147p258s369s123z",
    "9m23589p1467s567z",
    "9m3469p2589s1237z",
];
/// Tenpai hands by seat (tanki on 2z, 6z, 7z).
const TENPAI: [&str; 3] = [
    "123p456p789p1112z",
    "123s456s789s5556z",
    "111m999m111p999p7z",
];

/// Plays the game's next deal to an exhaustive draw with the seats of `tenpai` tenpai (the
/// others noten, everyone discarding the drawn tile, simples drawn first so that nobody makes
/// nagashi mangan) and finishes it.
fn draw_next(game: &mut Game, tenpai: [bool; 3]) {
    let dealer = game.clone().next_deal().unwrap().setup().dealer;
    let hands: [&str; 3] = std::array::from_fn(|s| if tenpai[s] { TENPAI[s] } else { NOTEN[s] });
    let wall = WallBuilder::sanma(dealer, hands).avoid("19m19p19s1234567z");
    let mut deal = game.deal_on(wall.wall()).unwrap();
    while !deal.is_over() {
        let seat = deal.waiting()[0];
        let action = match deal.drawn() {
            Some(tile) if deal.turn() == Some(seat) => Action::Discard(tile),
            _ => Action::Pass,
        };
        deal.apply(seat, action).unwrap();
    }
    let out = deal.outcome().unwrap();
    assert!(out.wins.is_empty() && out.tenpai[..3] == tenpai, "{out:?}");
    game.finish_deal(&deal).unwrap();
}

/// The round and dealer of the game's next deal.
fn next(game: &Game) -> (Wind, usize) {
    let setup = game.clone().next_deal().unwrap().setup();
    (setup.round_wind, setup.dealer)
}

/// T-P25 (T16.4): S3 ends with the dealer not keeping the deal and the top at 39,500: West 1
/// follows (sudden death), and the game ends after the first hand that leaves someone at
/// 40,000 or more, or after West 3.
#[test]
fn tp25_west_round_extension() {
    let scores = [39_000, 39_500, 26_500];
    let mut game = resumed(Preset::TenhouSanma, Wind::South, 2, scores);
    draw_next(&mut game, [false; 3]);
    assert!(!game.is_over());
    assert_eq!(next(&game), (Wind::West, 0));
    let mut reached = game.clone();
    draw_next(&mut reached, [false, true, false]);
    assert_eq!(reached.scores()[1], 41_500);
    assert!(reached.is_over());
    for dealer in 0..3 {
        assert_eq!(next(&game), (Wind::West, dealer));
        draw_next(&mut game, [false; 3]);
    }
    assert!(game.is_over(), "the end of West 3 at the latest");
}

/// T16.4: in the extension a dealer who keeps the deal plays it out first, though someone
/// else now has 40,000 or more; the first hand after it that leaves someone there ends the
/// game.
#[test]
fn a_dealer_renchan_in_the_extension_is_played_out() {
    let mut game = resumed(Preset::TenhouSanma, Wind::West, 0, [30_000, 39_000, 36_000]);
    draw_next(&mut game, [true, true, false]);
    assert_eq!(game.scores()[..3], [31_000, 40_000, 34_000]);
    assert!(!game.is_over(), "the dealer's renchan is played out");
    assert_eq!(next(&game), (Wind::West, 0));
    draw_next(&mut game, [false, true, false]);
    assert!(game.is_over());
}

/// T-P26 (T16.4): a payment that leaves a player at −100 ends the game at once; at exactly 0
/// it continues.
#[test]
fn tp26_busting() {
    for (east, over) in [(900, true), (1_000, false)] {
        let mut game = resumed(
            Preset::TenhouSanma,
            Wind::East,
            0,
            [east, 35_000, 70_000 - east],
        );
        draw_next(&mut game, [false, true, false]);
        assert_eq!(game.scores()[0], east - 1_000);
        assert_eq!(game.is_over(), over);
    }
}
