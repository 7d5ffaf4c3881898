//! `fill_hidden`: the hidden tiles of one deal's Mjai events named by the core
//! (`riichi::sight::Sight::from_told`, `riichi::hidden::fill_hidden`), for
//! `mahjong.riichi.seat_view`. The events are read into the core's `Told` here; the names
//! go back as mjai tile names.

use mahjong_core::Error;
use mahjong_core::meld::MeldKind;
use mahjong_core::riichi::fitted;
use mahjong_core::riichi::hidden;
use mahjong_core::riichi::mjai::{parse_pai, tile_pai};
use mahjong_core::riichi::sight::{Named, Sight, Told};
use mahjong_core::rng::Rng;
use mahjong_core::tile::HIDDEN;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::SeedArg;
use crate::errors::IntoPyResult;

/// The names of the hidden tiles (`"?"`) of one deal's Mjai events as one seat received them
/// (`start_kyoku` first, that seat's dealt tiles shown), in the order they appear: the
/// hidden dealt tiles seat by seat, then the hidden draws. They are named consistently with
/// every event (every tile accounted for, each riichi hand waiting, each call, kan and kita
/// possible), the other hands drawn by the fitted reading from `seed`; the rules' red fives
/// by `red_fives`, their seat count by `players` (3: a deal of 108 tiles, seat arrays of
/// three entries or four with seat 3 empty, kita as `nukidora` or `kita`). Events after the
/// deal's end are left out; events no deal can explain raise InvalidArgumentError or
/// InvalidTileError.
#[pyfunction]
#[pyo3(signature = (events, *, red_fives = true, seed = None, players = 4))]
pub(crate) fn fill_hidden(
    py: Python<'_>,
    events: Vec<Bound<'_, PyDict>>,
    red_fives: bool,
    seed: Option<SeedArg>,
    players: usize,
) -> PyResult<Vec<&'static str>> {
    let mut read = Vec::new();
    for event in &events {
        let kind: String = field(event, "type")?;
        if matches!(kind.as_str(), "hora" | "ryukyoku" | "end_kyoku") {
            break;
        }
        read.extend(told(event, &kind)?);
    }
    let told = read;
    let seed = seed.map_or(0, |s| s.0);
    let (sight, filled) = py
        .detach(|| {
            let sight = Sight::from_told(&told, red_fives, players)?;
            let filled = hidden::fill_hidden(&sight, &fitted::reading(), &mut Rng::new(seed))?;
            Ok::<_, Error>((sight, filled))
        })
        .py()?;
    let mut names = Vec::new();
    for (seat, hand) in sight.dealt.iter().enumerate() {
        for (i, &t) in hand.iter().enumerate() {
            if t == HIDDEN {
                names.push(tile_pai(filled.dealt[seat][i], red_fives));
            }
        }
    }
    let draws = sight
        .steps
        .iter()
        .filter_map(|s| match s {
            mahjong_core::riichi::sight::Step::Draw { tile, .. } => Some(*tile),
            _ => None,
        })
        .zip(&filled.draws);
    for (shown, &named) in draws {
        if shown == HIDDEN {
            names.push(tile_pai(named, red_fives));
        }
    }
    Ok(names)
}

/// One Mjai event dict of type `kind` as the core reads it; `None` for an event that names
/// no tile of the deal (`reach_accepted`, `none`, ...).
fn told(event: &Bound<'_, PyDict>, kind: &str) -> PyResult<Option<Told>> {
    let seat = || field::<usize>(event, "actor");
    let tile = |key: &str| named(&field::<String>(event, key)?);
    let tiles = |key: &str| -> PyResult<Vec<Named>> {
        field::<Vec<String>>(event, key)?
            .iter()
            .map(|n| named(n))
            .collect()
    };
    Ok(Some(match kind {
        "start_kyoku" => {
            let wind: String = field(event, "bakaze")?;
            let hands: Vec<Vec<String>> = field(event, "tehais")?;
            let hands: Vec<Vec<Named>> = hands
                .iter()
                .map(|h| h.iter().map(|n| named(n)).collect::<PyResult<_>>())
                .collect::<PyResult<_>>()?;
            let hands: [Vec<Named>; 4] = four(hands, "hands")?;
            Told::Start {
                round_wind: mahjong_core::Wind::parse(&wind, "bakaze").py()?.index() as u8,
                number: field(event, "kyoku")?,
                dealer: field(event, "oya")?,
                honba: field(event, "honba")?,
                riichi_sticks: field(event, "kyotaku")?,
                scores: four(field(event, "scores")?, "scores")?,
                dora: tile("dora_marker")?,
                hands,
            }
        }
        "tsumo" => Told::Draw {
            seat: seat()?,
            tile: tile("pai")?,
        },
        "dahai" => Told::Discard {
            seat: seat()?,
            tile: tile("pai")?,
            tsumogiri: field(event, "tsumogiri")?,
        },
        "reach" => Told::Reach { seat: seat()? },
        "chi" | "pon" | "daiminkan" => Told::Call {
            seat: seat()?,
            kind: MeldKind::parse(kind).py()?,
            consumed: tiles("consumed")?,
        },
        "ankan" => Told::Ankan {
            seat: seat()?,
            consumed: tiles("consumed")?,
        },
        "kakan" => Told::Kakan {
            seat: seat()?,
            tile: tile("pai")?,
        },
        "dora" => Told::Dora {
            tile: tile("dora_marker")?,
        },
        "nukidora" | "kita" => Told::Kita {
            seat: seat()?,
            tile: tile("pai")?,
        },
        _ => return Ok(None),
    }))
}

/// A seat array of `start_kyoku` (three or four entries) as four, the fourth empty (its
/// default) when there are three players.
fn four<T: Default>(values: Vec<T>, what: &str) -> PyResult<[T; 4]> {
    if !(3..=4).contains(&values.len()) {
        return Err(Error::argument(format!(
            "start_kyoku has 3 or 4 {what}, not {}",
            values.len()
        )))
        .py();
    }
    Ok(crate::convert::four_seats(values))
}

/// Field `key` of `event`, else InvalidArgumentError naming it.
fn field<'py, T: for<'a> FromPyObject<'a, 'py>>(
    event: &Bound<'py, PyDict>,
    key: &str,
) -> PyResult<T> {
    let value = event
        .get_item(key)?
        .ok_or_else(|| Error::argument(format!("an mjai event lacks {key:?}")))
        .py()?;
    value.extract().map_err(|_| {
        crate::errors::to_pyerr(Error::argument(format!(
            "an mjai event's {key:?} is not what it should be"
        )))
    })
}

/// An mjai tile name (`"?"` hidden).
fn named(name: &str) -> PyResult<Named> {
    if name == "?" {
        return Ok(None);
    }
    parse_pai(name)
        .map(Some)
        .map_err(|e| e.context(format!("tile {name:?}")))
        .py()
}
