//! The hidden tiles of a deal named from what one seat saw ([`fill_hidden`]): the other
//! seats' concealed tiles now, every tile they were dealt and drew, and the wall, consistently
//! with every step of the seat's [`Sight`]. [`Filled::replay`] then plays the steps again
//! through the engine: the deal reached is the one the seat is in, as far as it can tell.
//!
//! - Every tile is accounted for: the tiles nobody has shown (outside the seat's hand, the
//!   ponds, the melds, the kita tiles and the indicators) make the other hands, the rest of
//!   the wall and the dead wall; the wall is an order of the 136 tiles (108 with three
//!   players), laid out as [`Layout`] says.
//! - The hands now come from a [`Reading`]: a riichi hand waits (with the engine's tenpai,
//!   so its riichi was legal), and never on a kind it let pass since its riichi (a discard it
//!   could have won on, or a draw it gave away); the reading's models shape the others.
//! - Earlier tiles are named backwards from the hands now: a discard goes back into the
//!   hand, the tiles of a call or kan too, and each draw is taken out of it: the discarded
//!   tile for a tsumogiri, a tile of another kind for a discard from the hand (so that it
//!   reads as a discard from the hand by id and by name), a tile of the kan's kind for a
//!   riichi hand's concealed kan, the North itself for a kita (the engine sets the drawn
//!   North aside first).
//!   Every call and kan is then possible: its tiles were held.

use super::reading::{Reading, Unseen};
use super::sight::{Sight, Step};
use crate::error::{Error, Result};
use crate::meld::MeldKind;
use crate::riichi::game::wall::Layout;
use crate::riichi::game::{Action, Deal, Game, Wall};
use crate::riichi::rules::Ruleset;
use crate::rng::Rng;
use crate::tile::{HIDDEN, RIICHI_TILE_COUNT, kind_of_id, riichi_ids};

/// Times every hidden hand is drawn again before the sight is given up.
const HANDS_TRIES: usize = 8;

/// Every hidden tile of a [`Sight`] named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filled {
    /// The 13 tiles dealt to each seat (none to seat 3 of three players).
    pub dealt: [Vec<u8>; 4],
    /// The tile of each draw step, in the order of the steps.
    pub draws: Vec<u8>,
    /// The whole wall, in draw order (see [`Wall::from_order`]).
    pub wall: Vec<u8>,
}

/// One seat's part of the steps, for naming its tiles backwards.
#[derive(Debug, Clone, Copy)]
enum Op<'a> {
    /// The draw of step `index`.
    Draw(usize),
    /// A discard; `tsumogiri` when it was the tile just drawn.
    Discard { tile: u8, tsumogiri: bool },
    /// Tiles the hand gave to a call.
    Call(&'a [u8]),
    /// Tiles the hand gave to a kan; `riichi` when the seat was in riichi then.
    Kan { tiles: &'a [u8], riichi: bool },
    /// A North set aside.
    Kita(u8),
}

/// What a draw named backwards must be: the tile discarded right after it as a tsumogiri,
/// not of the kind discarded from the hand, or one of a riichi hand's kan tiles.
#[derive(Debug, Clone, Copy)]
enum Must<'a> {
    Any,
    Is(u8),
    Not(u8),
    OneOf(&'a [u8]),
}

/// Names every hidden tile of `sight` (module docs), the hands now drawn by `reading`; the
/// random choices come from `rng`. A sight no deal can explain (a tile shown twice, a seat
/// showing a tile it cannot hold, a riichi hand no tiles left can make wait) is an error.
pub fn fill_hidden(sight: &Sight, reading: &Reading, rng: &mut Rng) -> Result<Filled> {
    let ops = ops_by_seat(sight);
    let mut seen = [false; RIICHI_TILE_COUNT];
    let mut show = |t: u8| -> Result<()> {
        if t != HIDDEN {
            *seen
                .get_mut(usize::from(t))
                .ok_or_else(|| Error::tile(format!("tile id {t} is out of range 0..=135")))? = true;
        }
        Ok(())
    };
    for &t in sight.dealt.iter().flatten().chain(&sight.indicators) {
        show(t)?;
    }
    for step in &sight.steps {
        match step {
            Step::Draw { tile, .. }
            | Step::Discard { tile, .. }
            | Step::Kakan { tile, .. }
            | Step::Kita { tile, .. } => {
                show(*tile)?;
            }
            Step::Call { consumed, .. } => consumed.iter().try_for_each(|&t| show(t))?,
            Step::Ankan { tiles, .. } => tiles.iter().try_for_each(|&t| show(t))?,
        }
    }
    let seats = 0..sight.players;
    let now: [Option<Vec<u8>>; 4] = std::array::from_fn(|s| match seats.contains(&s) {
        true => known_hand(sight, s, &ops[s]),
        false => Some(Vec::new()),
    });
    for hand in now.iter().flatten() {
        hand.iter().try_for_each(|&t| show(t))?;
    }
    let unseen_tiles: Vec<u8> = riichi_ids(sight.players)
        .filter(|&t| !seen[usize::from(t)])
        .collect();
    // The hands now: riichi hands first (they have the most to satisfy).
    let mut unseen: Vec<Unseen> = seats
        .filter(|&s| now[s].is_none())
        .map(|s| unseen_seat(sight, s, &ops[s]))
        .collect::<Result<_>>()?;
    unseen.sort_by_key(|u| (!u.riichi, u.seat));
    // A try fails when the tiles left make no hand a seat needs (the others may have taken
    // what it needed), or when a hand drawn cannot be named backwards (a discard from the
    // hand needs a draw of another kind to have been kept): the hands are then all drawn
    // again, up to HANDS_TRIES times.
    let mut pool = Vec::new();
    let mut tries = 1;
    loop {
        pool.clone_from(&unseen_tiles);
        match name_hands(sight, &ops, reading, &unseen, &now, &mut pool, rng) {
            Ok((dealt, draws)) => {
                let wall = build_wall(sight, &dealt, &draws, pool, rng)?;
                return Ok(Filled { dealt, draws, wall });
            }
            Err(e) if tries == HANDS_TRIES => return Err(e),
            Err(_) => tries += 1,
        }
    }
}

/// One try at the hidden hands now (`unseen`, drawn by `reading` from `pool`; the others
/// `known`) with every earlier tile named backwards from them: the dealt tiles, and the tile
/// of each draw step in order.
fn name_hands(
    sight: &Sight,
    ops: &[Vec<Op<'_>>; 4],
    reading: &Reading,
    unseen: &[Unseen],
    known: &[Option<Vec<u8>>; 4],
    pool: &mut Vec<u8>,
    rng: &mut Rng,
) -> Result<([Vec<u8>; 4], Vec<u8>)> {
    let mut now = known.clone();
    for who in unseen {
        let hand = reading.hand(sight, who, pool, rng).ok_or_else(|| {
            Error::argument(format!(
                "no tiles left make a hand of {} tiles for seat {}{}",
                who.size,
                who.seat,
                if who.riichi { " that waits" } else { "" }
            ))
        })?;
        now[who.seat] = Some(hand);
    }
    let mut dealt: [Vec<u8>; 4] = Default::default();
    let mut draws = vec![HIDDEN; sight.steps.len()];
    for seat in 0..sight.players {
        let hand = now[seat].take().unwrap_or_default();
        dealt[seat] = name_backwards(sight, seat, &ops[seat], hand, &mut draws, rng)?;
    }
    let draws = (sight.steps.iter())
        .zip(draws)
        .filter(|(s, _)| matches!(s, Step::Draw { .. }))
        .map(|(_, t)| t)
        .collect();
    Ok((dealt, draws))
}

/// Each seat's draws, discards, calls and kans, in order.
fn ops_by_seat(sight: &Sight) -> [Vec<Op<'_>>; 4] {
    let mut ops: [Vec<Op<'_>>; 4] = Default::default();
    let mut riichi = [false; 4];
    for (index, step) in sight.steps.iter().enumerate() {
        let seat = step.seat() % 4;
        ops[seat].push(match step {
            Step::Draw { .. } => Op::Draw(index),
            Step::Discard {
                tile,
                tsumogiri,
                riichi: declared,
                ..
            } => {
                riichi[seat] |= declared;
                Op::Discard {
                    tile: *tile,
                    tsumogiri: *tsumogiri,
                }
            }
            Step::Call { consumed, .. } => Op::Call(consumed),
            Step::Ankan { tiles, .. } => Op::Kan {
                tiles,
                riichi: riichi[seat],
            },
            Step::Kakan { tile, .. } => Op::Kan {
                tiles: std::slice::from_ref(tile),
                riichi: false,
            },
            Step::Kita { tile, .. } => Op::Kita(*tile),
        });
    }
    ops
}

/// The concealed tiles of `seat` now when the sight shows them: given for a rebuilt sight's
/// own seat, else walked forwards when every tile it was dealt and drew is named.
fn known_hand(sight: &Sight, seat: usize, ops: &[Op<'_>]) -> Option<Vec<u8>> {
    if seat == sight.seat
        && let Some(hand) = &sight.concealed
    {
        return Some(hand.clone());
    }
    let named = |t: &u8| *t != HIDDEN;
    let draws_named = ops.iter().all(|op| match op {
        Op::Draw(i) => matches!(sight.steps[*i], Step::Draw { tile, .. } if tile != HIDDEN),
        _ => true,
    });
    if !sight.dealt[seat].iter().all(named) || !draws_named {
        return None;
    }
    let mut hand = sight.dealt[seat].clone();
    for op in ops {
        match *op {
            Op::Draw(i) => {
                if let Step::Draw { tile, .. } = sight.steps[i] {
                    hand.push(tile);
                }
            }
            Op::Discard { tile, .. } | Op::Kita(tile) => hand.retain(|&t| t != tile),
            Op::Call(tiles) | Op::Kan { tiles, .. } => hand.retain(|t| !tiles.contains(t)),
        }
    }
    Some(hand)
}

/// What the hand of hidden `seat` must be now: its size, and for a riichi hand the kinds it
/// cannot wait on.
fn unseen_seat(sight: &Sight, seat: usize, ops: &[Op<'_>]) -> Result<Unseen> {
    let mut size: isize = 13;
    let mut discarded = 0u64;
    for op in ops {
        match op {
            Op::Draw(_) => size += 1,
            Op::Discard { tile, .. } => {
                size -= 1;
                discarded |= 1 << kind_of_id(*tile);
            }
            Op::Kita(_) => size -= 1,
            Op::Call(tiles) | Op::Kan { tiles, .. } => size -= tiles.len() as isize,
        }
    }
    let declared = sight
        .steps
        .iter()
        .position(|s| matches!(s, Step::Discard { seat: d, riichi: true, .. } if *d == seat));
    // What a riichi hand let pass: every later discard or added kan of another seat (a ron
    // passed), and its own later discards and kita (each a drawn tile it did not win with).
    // The last step's tile is being offered now, not yet passed.
    let (mut passed, mut drawn) = (0u64, 0u64);
    if let Some(at) = declared {
        let offered = sight.claim.map(|_| sight.steps.len() - 1);
        for (index, step) in sight.steps.iter().enumerate().skip(at + 1) {
            if Some(index) == offered {
                continue;
            }
            match step {
                Step::Discard { tile, .. } | Step::Kakan { tile, .. } if step.seat() != seat => {
                    passed |= 1 << kind_of_id(*tile);
                }
                Step::Discard { tile, .. } | Step::Kita { tile, .. } if step.seat() == seat => {
                    drawn |= 1 << kind_of_id(*tile);
                }
                _ => {}
            }
        }
    }
    let size = usize::try_from(size)
        .map_err(|_| Error::argument(format!("seat {seat} shows more tiles than it held")))?;
    Ok(Unseen {
        seat,
        size,
        riichi: declared.is_some(),
        passed,
        drawn,
        discarded,
    })
}

/// Names the draws of `seat` backwards from its hand now (module docs) into `draws` (by step
/// index) and returns its 13 dealt tiles (named ones in their places).
fn name_backwards(
    sight: &Sight,
    seat: usize,
    ops: &[Op<'_>],
    mut hand: Vec<u8>,
    draws: &mut [u8],
    rng: &mut Rng,
) -> Result<Vec<u8>> {
    let cannot = |t: u8| {
        Error::argument(format!(
            "seat {seat} shows tile id {t}, which it cannot hold then"
        ))
    };
    let mut must = Must::Any;
    for op in ops.iter().rev() {
        match *op {
            Op::Discard { tile, tsumogiri } => {
                hand.push(tile);
                must = if tsumogiri {
                    Must::Is(tile)
                } else {
                    Must::Not(tile)
                };
            }
            Op::Call(tiles) => {
                hand.extend_from_slice(tiles);
                must = Must::Any;
            }
            Op::Kan { tiles, riichi } => {
                hand.extend_from_slice(tiles);
                must = if riichi {
                    Must::OneOf(tiles)
                } else {
                    Must::Any
                };
            }
            Op::Kita(tile) => {
                hand.push(tile);
                must = Must::Is(tile);
            }
            Op::Draw(index) => {
                let Step::Draw { tile: named, .. } = sight.steps[index] else {
                    continue;
                };
                let tile = if named != HIDDEN {
                    named
                } else {
                    let fits = |t: &u8| match must {
                        Must::Any => true,
                        Must::Is(x) => *t == x,
                        Must::Not(x) => kind_of_id(*t) != kind_of_id(x),
                        Must::OneOf(xs) => xs.contains(t),
                    };
                    let choices: Vec<u8> = hand.iter().copied().filter(fits).collect();
                    if choices.is_empty() {
                        return Err(Error::argument(format!(
                            "seat {seat}'s draw at step {index} cannot be named"
                        )));
                    }
                    choices[rng.below(choices.len() as u64) as usize]
                };
                let at = hand
                    .iter()
                    .position(|&t| t == tile)
                    .ok_or_else(|| cannot(tile))?;
                hand.swap_remove(at);
                draws[index] = tile;
                must = Must::Any;
            }
        }
    }
    if hand.len() != 13 {
        return Err(Error::argument(format!(
            "seat {seat}'s steps leave {} dealt tiles, not 13",
            hand.len()
        )));
    }
    let mut dealt = sight.dealt[seat].clone();
    for &t in dealt.iter().filter(|&&t| t != HIDDEN) {
        let at = hand.iter().position(|&h| h == t).ok_or_else(|| cannot(t))?;
        hand.swap_remove(at);
    }
    rng.shuffle(&mut hand);
    for slot in dealt.iter_mut().filter(|t| **t == HIDDEN) {
        *slot = hand.pop().unwrap_or(HIDDEN);
    }
    Ok(dealt)
}

/// The wall: dealt tiles and draws where the deal took them (R2.7, R2.8, R2.3; T2.7, T2.8,
/// T2.3), the dora indicators in place (R2.4, T2.4), the tiles left (`rest`) shuffled into
/// every other position.
fn build_wall(
    sight: &Sight,
    dealt: &[Vec<u8>; 4],
    draws: &[u8],
    mut rest: Vec<u8>,
    rng: &mut Rng,
) -> Result<Vec<u8>> {
    let layout = Layout::new(sight.players);
    let mut wall = vec![HIDDEN; layout.size()];
    let mut put = |at: usize, tile: u8| -> Result<()> {
        match wall.get_mut(at) {
            Some(slot) if *slot == HIDDEN => {
                *slot = tile;
                Ok(())
            }
            _ => Err(Error::argument(format!(
                "the deal takes more tiles than the wall holds (position {at})"
            ))),
        }
    };
    let players = layout.players();
    for (seat, hand) in dealt.iter().enumerate().take(players) {
        let offset = (seat + players - sight.setup.dealer % players) % players;
        for (i, &tile) in hand.iter().enumerate() {
            put(layout.dealt_position(offset, i), tile)?;
        }
    }
    let (mut live, mut rinshan) = (layout.dealt() - 1, 0);
    let mut steps = sight
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Draw { .. }));
    for &tile in draws {
        let Some(Step::Draw { rinshan: true, .. }) = steps.next() else {
            put(live, tile)?;
            live += 1;
            continue;
        };
        if rinshan >= layout.replacements() {
            return Err(Error::argument(
                "more replacement draws than the dead wall holds",
            ));
        }
        put(layout.replacement(rinshan), tile)?;
        rinshan += 1;
    }
    for (i, &tile) in sight.indicators.iter().enumerate() {
        if i >= 5 {
            return Err(Error::argument("more than five dora indicators"));
        }
        put(layout.indicator(i), tile)?;
    }
    rng.shuffle(&mut rest);
    for slot in wall.iter_mut().filter(|t| **t == HIDDEN) {
        *slot = rest
            .pop()
            .ok_or_else(|| Error::argument("the deal shows more tiles than there are"))?;
    }
    if !rest.is_empty() {
        return Err(Error::argument("a tile is shown in two places"));
    }
    Ok(wall)
}

impl Filled {
    /// The deal `sight` describes with these tiles, under `rules`: a game resumed at its
    /// setup ([`Game::resume`]) deals it, and its steps are played again (claim windows that
    /// no call followed passed by every seat). A step the engine refuses is an error.
    pub fn replay(&self, sight: &Sight, rules: &Ruleset) -> Result<(Game, Deal)> {
        let mut game = Game::resume(rules, sight.setup);
        let mut deal = game.deal_on(Wall::from_order(&self.wall)?)?;
        let refused = |e: crate::riichi::game::Illegal| Error::argument(e.to_string());
        let mut draws = self.draws.iter();
        for step in &sight.steps {
            if !matches!(step, Step::Call { .. }) {
                pass_all(&mut deal)?;
            }
            let (seat, action) = match step {
                Step::Draw { seat, .. } => {
                    let tile = draws.next().copied();
                    if deal.turn() != Some(*seat) || deal.drawn() != tile {
                        return Err(Error::argument(format!(
                            "seat {seat}'s draw is not where the wall puts it"
                        )));
                    }
                    continue;
                }
                Step::Discard {
                    seat, tile, riichi, ..
                } => (
                    *seat,
                    if *riichi {
                        Action::Riichi(*tile)
                    } else {
                        Action::Discard(*tile)
                    },
                ),
                Step::Call {
                    seat,
                    kind,
                    consumed,
                } => {
                    let pair = || -> Result<[u8; 2]> {
                        consumed
                            .get(..2)
                            .and_then(|p| p.try_into().ok())
                            .ok_or_else(|| Error::argument("a chi or pon uses two tiles"))
                    };
                    let action = match kind {
                        MeldKind::Chi => Action::Chi(pair()?),
                        MeldKind::Pon => Action::Pon(pair()?),
                        _ => Action::Daiminkan,
                    };
                    (*seat, action)
                }
                Step::Ankan { seat, tiles } => (*seat, Action::Ankan(kind_of_id(tiles[0]))),
                Step::Kakan { seat, tile } => (*seat, Action::Kakan(*tile)),
                Step::Kita { seat, .. } => (*seat, Action::Kita),
            };
            deal.apply(seat, action).map_err(refused)?;
            if matches!(step, Step::Call { .. }) {
                pass_all(&mut deal)?;
            }
        }
        Ok((game, deal))
    }
}

/// Every seat still to answer a claim window passes.
fn pass_all(deal: &mut Deal) -> Result<()> {
    for seat in deal.waiting() {
        if deal.claim_tile().is_some() {
            deal.apply(seat, Action::Pass)
                .map_err(|e| Error::argument(e.to_string()))?;
        }
    }
    Ok(())
}
