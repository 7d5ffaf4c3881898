//! Core observations of both families as plain values (nested tuples of ints, bools, strings
//! and lists) for pickling, and back with every value checked: an unpickled observation equals
//! the one pickled, and a forged state is an `InvalidArgumentError`, never a panic (tile ids in
//! range and each in sight at most once, seats among the players (3 or 4 in Riichi), kita tiles
//! Norths, melds and exposures as the core builds them, legal actions the family's).

use std::sync::Arc;

use mahjong_core::american::game as american;
use mahjong_core::american::{Card, Exposure, PHYSICAL_TILES};
use mahjong_core::meld::{Meld, MeldKind};
use mahjong_core::options::MAX_SCORE;
use mahjong_core::riichi::Ruleset;
use mahjong_core::riichi::game as riichi;
use mahjong_core::tile::{RIICHI_KINDS, RIICHI_TILE_COUNT};

/// The kind of North, the only tile a kita sets aside.
const NORTH: u8 = 30;
use mahjong_core::{Error, Result, Tiles, Wind};

type RiichiHead = (
    usize,
    usize,
    usize,
    usize,
    u32,
    u32,
    [i64; 4],
    usize,
    bool,
    usize,
);
type RiichiOwn = (Vec<u8>, Vec<u8>, Option<u8>, Vec<u8>, Option<String>);
/// A meld: its kind, tiles (MPSZ), called kind and seat, then the deal's ids, called id, seat,
/// and its owner's discards when it was made.
type RiichiMeld = (
    String,
    String,
    Option<u8>,
    Option<u8>,
    Vec<u8>,
    Option<u8>,
    Option<usize>,
    usize,
);
/// A player's public side: pond, melds, riichi, concealed count, kita tiles each with its
/// owner's discards and kans when it was set aside.
type RiichiPublic = (
    Vec<(u8, bool, bool, bool)>,
    Vec<RiichiMeld>,
    bool,
    usize,
    Vec<(u8, (usize, usize))>,
);
type RiichiPlay = (Option<usize>, Option<(u8, usize)>, Vec<(u8, [u8; 2])>);
/// A Riichi observation as plain values.
pub(crate) type RiichiState = (RiichiHead, RiichiOwn, [RiichiPublic; 4], RiichiPlay);

/// A Riichi observation as plain values.
pub(crate) fn riichi_state(obs: &riichi::Observation) -> RiichiState {
    let head = (
        obs.seat,
        obs.seat_wind.index(),
        obs.round_wind.index(),
        obs.dealer,
        obs.honba,
        obs.riichi_sticks,
        obs.scores,
        obs.tiles_left,
        obs.red_fives,
        obs.player_count,
    );
    let furiten = obs.furiten.map(|f| f.name().to_owned());
    let own = (
        obs.dora_indicators.clone(),
        obs.hand.clone(),
        obs.drawn,
        obs.waits.clone(),
        furiten,
    );
    let players = obs.players.each_ref().map(|p| {
        let pond = p.pond.iter();
        let pond = pond
            .map(|t| (t.tile, t.tsumogiri, t.riichi, t.called))
            .collect();
        let melds = p.melds.iter().map(|m| {
            let meld = &m.meld;
            let (kind, tiles) = (meld.kind().name().to_owned(), meld.tiles().to_string());
            let (ids, called, from) = (m.tiles.clone(), m.called, m.from);
            (
                kind,
                tiles,
                meld.called(),
                meld.from_seat(),
                ids,
                called,
                from,
                m.after_discards,
            )
        });
        let kita = p.kita.iter().collect();
        (pond, melds.collect(), p.riichi, p.concealed, kita)
    });
    let legal = obs.legal.iter().map(|a| a.parts()).collect();
    let play = (obs.turn, obs.claim.map(|c| (c.tile, c.from)), legal);
    (head, own, players, play)
}

/// The Riichi observation `state` holds under `rules`, checked.
pub(crate) fn riichi_observation(
    state: RiichiState,
    rules: Arc<Ruleset>,
) -> Result<riichi::Observation> {
    let (head, own, players, play) = state;
    let (seat, seat_wind, round_wind, dealer, honba, riichi_sticks, scores, tiles_left, red, count) =
        head;
    if count != rules.player_count() {
        return Err(bad(format!(
            "{count} players under rules for {}",
            rules.player_count()
        )));
    }
    let seat_index = |seat: usize| seat_of(seat, count);
    let (dora_indicators, hand, drawn, waits, furiten) = own;
    let (turn, claim, legal) = play;
    let drawn = drawn.map(|t| tile_in(t, RIICHI_TILE_COUNT)).transpose()?;
    let mut sight = Sight::new(RIICHI_TILE_COUNT);
    sight.see_all(&hand)?;
    sight.see_all(&dora_indicators)?;
    let players = players
        .into_iter()
        .map(|(pond, melds, riichi, concealed, kita)| {
            let (tiles, after): (Vec<u8>, Vec<(usize, usize)>) = kita.iter().copied().unzip();
            sight.see_all(&tiles)?;
            if tiles.iter().any(|&t| t / 4 != NORTH) {
                return Err(bad(format!("kita tiles {tiles:?}")));
            }
            if (after.iter()).any(|&(discards, kans)| discards > pond.len() || kans > 4) {
                return Err(bad(format!("kita after {after:?} (discards, kans)")));
            }
            let mut set_aside = riichi::Kita::default();
            for (tile, after) in kita {
                set_aside.push(tile, after)?;
            }
            let pond = pond.into_iter().map(|(tile, tsumogiri, riichi, called)| {
                sight.see_if(tile, !called)?;
                Ok(riichi::PondTile {
                    tile,
                    tsumogiri,
                    riichi,
                    called,
                })
            });
            let pond = pond.collect::<Result<Vec<_>>>()?;
            let discards = pond.len();
            let melds = melds
                .into_iter()
                .map(|m| riichi_meld(m, discards, &mut sight, count));
            Ok(riichi::Public {
                pond: Arc::new(pond),
                melds: Arc::new(melds.collect::<Result<_>>()?),
                kita: set_aside,
                riichi,
                concealed,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let players: [riichi::Public; 4] = players
        .try_into()
        .map_err(|_| bad("four players".to_owned()))?;
    let legal = legal.into_iter().map(|(tag, bytes)| {
        let action = riichi::Action::from_parts(tag, bytes);
        action
            .filter(|a| riichi_action_fits(*a))
            .ok_or_else(|| bad(format!("action {tag} {bytes:?}")))
    });
    let furiten = furiten
        .map(|name| {
            use riichi::Furiten::{Discard, Riichi, Temporary};
            [Discard, Riichi, Temporary]
                .into_iter()
                .find(|f| f.name() == name)
                .ok_or_else(|| bad(format!("furiten {name:?}")))
        })
        .transpose()?;
    Ok(riichi::Observation {
        seat: seat_index(seat)?,
        seat_wind: Wind::from_index(seat_wind as i64, "seat wind")?,
        round_wind: Wind::from_index(round_wind as i64, "round wind")?,
        dealer: seat_index(dealer)?,
        honba,
        riichi_sticks,
        scores: checked_scores(scores)?,
        dora_indicators,
        tiles_left,
        hand,
        drawn,
        waits: waits
            .into_iter()
            .map(|k| tile_in(k, RIICHI_KINDS))
            .collect::<Result<_>>()?,
        furiten,
        players,
        turn: turn.map(seat_index).transpose()?,
        claim: claim
            .map(|(tile, from)| {
                Ok::<_, Error>(riichi::Claim {
                    tile: tile_in(tile, RIICHI_TILE_COUNT)?,
                    from: seat_index(from)?,
                })
            })
            .transpose()?,
        legal: legal.collect::<Result<_>>()?,
        red_fives: red,
        player_count: count,
        rules,
    })
}

/// A meld of a Riichi state among `players` whose owner has discarded `discards` tiles, its
/// tiles seen.
fn riichi_meld(
    meld: RiichiMeld,
    discards: usize,
    sight: &mut Sight,
    players: usize,
) -> Result<riichi::DealMeld> {
    let (kind, tiles, called_kind, from_seat, ids, called, from, after_discards) = meld;
    if after_discards > discards {
        return Err(bad(format!(
            "meld after {after_discards} discards of {discards}"
        )));
    }
    sight.see_all(&ids)?;
    let meld = Meld::new(
        MeldKind::parse(&kind)?,
        Tiles::parse(&tiles)?,
        called_kind,
        from_seat,
    )?;
    Ok(riichi::DealMeld {
        meld,
        tiles: ids,
        called: called.map(|t| tile_in(t, RIICHI_TILE_COUNT)).transpose()?,
        from: from.map(|s| seat_of(s, players)).transpose()?,
        after_discards,
    })
}

/// Whether a Riichi action's tiles are tile ids (an ankan's a kind).
fn riichi_action_fits(action: riichi::Action) -> bool {
    use riichi::Action::{Ankan, Chi, Discard, Kakan, Pon, Riichi};
    let id = |t: u8| usize::from(t) < RIICHI_TILE_COUNT;
    match action {
        Discard(t) | Riichi(t) | Kakan(t) => id(t),
        Chi(p) | Pon(p) => p.into_iter().all(id),
        Ankan(k) => usize::from(k) < RIICHI_KINDS,
        _ => true,
    }
}

type AmericanHead = (usize, usize, [i64; 4], usize);
type AmericanOwn = (Vec<u8>, Option<u8>, Vec<u8>);
/// An exposure: kind, size, jokers, then its tile ids, who discarded the claimed tile, frozen.
type AmericanExposed = (u8, u8, u8, Vec<u8>, usize, bool);
type AmericanPublic = (
    Vec<AmericanExposed>,
    Vec<(u8, bool)>,
    usize,
    usize,
    Option<String>,
);
type AmericanPlay = (
    Option<String>,
    Option<usize>,
    Option<(u8, usize)>,
    Vec<usize>,
);
/// An American observation as plain values (its card apart).
pub(crate) type AmericanState = (AmericanHead, AmericanOwn, [AmericanPublic; 4], AmericanPlay);

/// An American observation as plain values (its card apart).
pub(crate) fn american_state(obs: &american::Observation) -> AmericanState {
    let head = (obs.seat, obs.dealer, obs.scores, obs.tiles_left);
    let own = (obs.hand.clone(), obs.drawn, obs.picked.clone());
    let players = obs.players.each_ref().map(|p| {
        let exposures = p.exposures.iter().map(|e| {
            let x = e.exposure;
            (
                x.kind(),
                x.size(),
                x.jokers(),
                e.tiles.clone(),
                e.from,
                e.frozen,
            )
        });
        let discards = p.discards.iter().map(|d| (d.tile, d.claimed)).collect();
        let dead = p.dead.map(|r| r.name().to_owned());
        (
            exposures.collect(),
            discards,
            p.concealed,
            p.tile_count,
            dead,
        )
    });
    let step = obs.step.map(|s| s.name().to_owned());
    let legal = obs.legal.iter().map(|a| a.code(obs.seat)).collect();
    (head, own, players, (step, obs.turn, obs.claim, legal))
}

/// The American observation `state` holds on `card`, checked.
pub(crate) fn american_observation(
    state: AmericanState,
    card: Arc<Card>,
) -> Result<american::Observation> {
    let ((seat, dealer, scores, tiles_left), (hand, drawn, picked), players, play) = state;
    let seat_index = |seat: usize| seat_of(seat, 4);
    let (step, turn, claim, legal) = play;
    let seat = seat_index(seat)?;
    let mut sight = Sight::new(PHYSICAL_TILES);
    sight.see_all(&hand)?;
    for &t in &picked {
        tile_in(t, PHYSICAL_TILES)?;
    }
    let players = players
        .into_iter()
        .map(|(exposures, discards, concealed, tile_count, dead)| {
            let exposures =
                exposures
                    .into_iter()
                    .map(|(kind, size, jokers, tiles, from, frozen)| {
                        sight.see_all(&tiles)?;
                        Ok(american::Exposed {
                            exposure: Exposure::new(kind, size, jokers)?,
                            tiles,
                            from: seat_index(from)?,
                            frozen,
                        })
                    });
            let exposures = exposures.collect::<Result<Vec<_>>>()?;
            let discards = discards.into_iter().map(|(tile, claimed)| {
                sight.see_if(tile, !claimed)?;
                Ok(american::DiscardTile { tile, claimed })
            });
            Ok(american::Public {
                exposures: Arc::new(exposures),
                discards: Arc::new(discards.collect::<Result<_>>()?),
                concealed,
                tile_count,
                dead: dead
                    .map(|name| named(&american::DeadReason::ALL, &name, |r| r.name()))
                    .transpose()?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let players: [american::Public; 4] = players
        .try_into()
        .map_err(|_| bad("four players".to_owned()))?;
    let drawn = drawn.map(|t| tile_in(t, PHYSICAL_TILES)).transpose()?;
    let legal = legal.into_iter().map(|code| {
        american::Action::from_code(code, seat).ok_or_else(|| bad(format!("action code {code}")))
    });
    Ok(american::Observation {
        seat,
        dealer: seat_index(dealer)?,
        scores: checked_scores(scores)?,
        tiles_left,
        hand,
        drawn,
        picked,
        players,
        step: step
            .map(|name| named(&american::Step::ALL, &name, |s| s.name()))
            .transpose()?,
        turn: turn.map(seat_index).transpose()?,
        claim: claim
            .map(|(tile, from)| Ok::<_, Error>((tile_in(tile, PHYSICAL_TILES)?, seat_index(from)?)))
            .transpose()?,
        legal: legal.collect::<Result<_>>()?,
        card,
    })
}

/// The tiles in sight in a state: each id below the set's size, and at most once.
struct Sight {
    seen: Vec<bool>,
}

impl Sight {
    fn new(tiles: usize) -> Self {
        Self {
            seen: vec![false; tiles],
        }
    }

    /// Sees `tile` when `shown` (a claimed discard is seen in its meld); checks its range.
    fn see_if(&mut self, tile: u8, shown: bool) -> Result<()> {
        let id = usize::from(tile_in(tile, self.seen.len())?);
        if shown && std::mem::replace(&mut self.seen[id], true) {
            return Err(bad(format!("tile {tile} in sight twice")));
        }
        Ok(())
    }

    fn see_all(&mut self, tiles: &[u8]) -> Result<()> {
        tiles.iter().try_for_each(|&t| self.see_if(t, true))
    }
}

/// `tile` when it is below `limit`.
fn tile_in(tile: u8, limit: usize) -> Result<u8> {
    if usize::from(tile) < limit {
        Ok(tile)
    } else {
        Err(bad(format!("tile {tile}")))
    }
}

/// `seat` when it is one of `players` seats.
fn seat_of(seat: usize, players: usize) -> Result<usize> {
    if seat < players {
        Ok(seat)
    } else {
        Err(bad(format!("seat {seat}")))
    }
}

fn checked_scores(scores: [i64; 4]) -> Result<[i64; 4]> {
    match scores
        .iter()
        .find(|s| s.unsigned_abs() > MAX_SCORE.unsigned_abs())
    {
        Some(s) => Err(bad(format!("score {s}"))),
        None => Ok(scores),
    }
}

/// The value of `all` whose name is `name`.
fn named<T: Copy>(all: &[T], name: &str, name_of: impl Fn(T) -> &'static str) -> Result<T> {
    all.iter()
        .copied()
        .find(|&v| name_of(v) == name)
        .ok_or_else(|| bad(format!("{name:?}")))
}

fn bad(what: String) -> Error {
    Error::argument(format!("not a pickled observation: {what} is out of place"))
}
