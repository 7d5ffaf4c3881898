//! American game events, observations and outcomes as Python dicts (the JSON-lines log
//! vocabulary of the README's "American game logs").

use std::sync::OnceLock;

use mahjong_core::american::game::{
    Deal, DiscardTile, Event, Exposed, HIDDEN, Outcome, PlayerState, WinRecord, kind_of,
};
use mahjong_core::american::tile_name;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The American name of every kind (0..=35): "1C".."9D", "N", "F", "J", ...
fn kind_names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| (0..36).map(tile_name).collect())
}

/// The name of kind `k`.
pub(crate) fn kind_name(k: u8) -> &'static str {
    kind_names().get(usize::from(k)).map_or("?", String::as_str)
}

/// The name of physical tile `id` ("?" for a hidden tile).
pub(crate) fn tile(id: u8) -> &'static str {
    if id == HIDDEN {
        "?"
    } else {
        kind_name(kind_of(id))
    }
}

/// The names of physical tiles.
pub(crate) fn tiles(ids: &[u8]) -> Vec<&'static str> {
    ids.iter().map(|&t| tile(t)).collect()
}

fn win_dict<'py>(py: Python<'py>, w: &WinRecord, deal: &Deal) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("type", "mahjongg")?;
    d.set_item("actor", w.seat)?;
    d.set_item("target", w.from)?;
    d.set_item("pai", w.tile.map(tile))?;
    d.set_item("win", w.win.name())?;
    let card = deal.card();
    d.set_item("hand", card.hands.get(w.hand).map(|h| h.id.as_str()))?;
    d.set_item("value", w.value)?;
    d.set_item("jokerless", w.jokerless)?;
    d.set_item("jokerless_bonus", w.jokerless_bonus)?;
    d.set_item("pay_for_table", w.pay_for_table)?;
    d.set_item("deltas", w.deltas)?;
    Ok(d)
}

/// One core event as a dict; `scores` are the running scores after it.
pub(crate) fn event_dict<'py>(
    py: Python<'py>,
    event: &Event,
    deal: &Deal,
    scores: [i64; 4],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match event {
        Event::StartGame {
            dealer,
            dice,
            scores,
            hands,
        } => {
            d.set_item("type", "start_game")?;
            d.set_item("dealer", dealer)?;
            d.set_item("dice", dice.map(|d| [u32::from(d[0]), u32::from(d[1])]))?;
            d.set_item("scores", scores)?;
            let hands: Vec<Vec<&str>> = hands.iter().map(|h| tiles(h)).collect();
            d.set_item("tehais", hands)?;
        }
        Event::Charleston {
            step,
            given,
            blind,
            received,
        } => {
            d.set_item("type", "charleston")?;
            d.set_item("step", step.name())?;
            let given: Vec<Vec<&str>> = given.iter().map(|h| tiles(h)).collect();
            d.set_item("given", given)?;
            d.set_item("blind", blind.map(u32::from))?;
            let received: Vec<Vec<&str>> = received.iter().map(|h| tiles(h)).collect();
            d.set_item("received", received)?;
        }
        Event::CharlestonVote { votes, second } => {
            d.set_item("type", "charleston_vote")?;
            d.set_item("votes", votes)?;
            d.set_item("second", second)?;
        }
        Event::CourtesyOffers { offers, agreed } => {
            d.set_item("type", "courtesy_offers")?;
            d.set_item("offers", offers.map(u32::from))?;
            d.set_item("agreed", agreed.map(u32::from))?;
        }
        Event::Draw { seat, tile: t } => {
            d.set_item("type", "draw")?;
            d.set_item("actor", seat)?;
            d.set_item("pai", tile(*t))?;
        }
        Event::Discard { seat, tile: t } => {
            d.set_item("type", "discard")?;
            d.set_item("actor", seat)?;
            d.set_item("pai", tile(*t))?;
        }
        Event::Expose {
            seat,
            from,
            tile: t,
            consumed,
            size,
            jokers,
        } => {
            d.set_item("type", "expose")?;
            d.set_item("actor", seat)?;
            d.set_item("target", from)?;
            d.set_item("pai", tile(*t))?;
            d.set_item("consumed", tiles(consumed))?;
            d.set_item("size", size)?;
            d.set_item("jokers", jokers)?;
        }
        Event::JokerExchange {
            seat,
            owner,
            exposure,
            natural,
            joker: _,
        } => {
            d.set_item("type", "joker_exchange")?;
            d.set_item("actor", seat)?;
            d.set_item("target", owner)?;
            d.set_item("exposure", exposure)?;
            d.set_item("pai", tile(*natural))?;
        }
        Event::DeadHand { seat, reason, by } => {
            d.set_item("type", "dead_hand")?;
            d.set_item("actor", seat)?;
            d.set_item("reason", reason.name())?;
            d.set_item("by", by)?;
        }
        Event::MahJongg(w) => {
            let d = win_dict(py, w, deal)?;
            d.set_item("scores", scores)?;
            return Ok(d);
        }
        Event::WallGame => d.set_item("type", "wall_game")?,
        Event::EndGame { deltas } => {
            d.set_item("type", "end_game")?;
            d.set_item("deltas", deltas)?;
            d.set_item("scores", scores)?;
        }
    }
    Ok(d)
}

/// The events from index `start` on, as dicts; masked for `seat` when given.
pub(crate) fn event_list<'py>(
    py: Python<'py>,
    deal: &Deal,
    start: usize,
    seat: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    let mut scores = deal.setup().scores;
    for (i, event) in deal.events().iter().enumerate() {
        if let Event::MahJongg(w) = event {
            for (s, d) in scores.iter_mut().zip(w.deltas) {
                *s += d;
            }
        }
        if i < start {
            continue;
        }
        let dict = match seat {
            Some(seat) => event_dict(py, &event.seen_by(seat), deal, scores)?,
            None => event_dict(py, event, deal, scores)?,
        };
        out.append(dict)?;
    }
    Ok(out)
}

fn exposure_dict<'py>(py: Python<'py>, e: &Exposed) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("tile", kind_name(e.exposure.kind()))?;
    d.set_item("size", e.exposure.size())?;
    d.set_item("jokers", e.exposure.jokers())?;
    d.set_item("tiles", tiles(&e.tiles))?;
    d.set_item("target", e.from)?;
    d.set_item("frozen", e.frozen)?;
    Ok(d)
}

fn discard_dict<'py>(py: Python<'py>, t: &DiscardTile) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("pai", tile(t.tile))?;
    d.set_item("claimed", t.claimed)?;
    Ok(d)
}

fn player_dict<'py>(py: Python<'py>, p: &PlayerState) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let exposures = PyList::empty(py);
    for e in &p.exposures {
        exposures.append(exposure_dict(py, e)?)?;
    }
    let discards = PyList::empty(py);
    for t in &p.discards {
        discards.append(discard_dict(py, t)?)?;
    }
    d.set_item("exposures", exposures)?;
    d.set_item("discards", discards)?;
    d.set_item("hand_size", p.hand.len())?;
    d.set_item("tile_count", p.tile_count())?;
    d.set_item("dead", p.dead.map(|r| r.name()))?;
    Ok(d)
}

/// What `seat` may see now (built from the core's `Deal::observe`, which holds nothing of the
/// other racks or the wall).
pub(crate) fn observation<'py>(
    py: Python<'py>,
    deal: &Deal,
    seat: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let me = deal.player(seat);
    d.set_item("seat", seat)?;
    d.set_item("dealer", deal.setup().dealer)?;
    d.set_item("scores", deal.setup().scores)?;
    d.set_item("tiles_left", deal.wall().remaining())?;
    d.set_item("hand", tiles(&me.hand))?;
    d.set_item("picked", tiles(deal.pass_picked(seat)))?;
    d.set_item("step", deal.charleston_step().map(|s| s.name()))?;
    d.set_item("turn", deal.turn())?;
    d.set_item("claim", deal.claim_tile().map(|(t, from)| (tile(t), from)))?;
    let players = PyList::empty(py);
    for s in 0..4 {
        players.append(player_dict(py, deal.player(s))?)?;
    }
    d.set_item("players", players)?;
    Ok(d)
}

/// How the game ended, as a dict.
pub(crate) fn outcome_dict<'py>(
    py: Python<'py>,
    out: &Outcome,
    deal: &Deal,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let win = out
        .win
        .as_ref()
        .map(|w| win_dict(py, w, deal))
        .transpose()?;
    d.set_item("wall_game", win.is_none())?;
    d.set_item("win", win)?;
    d.set_item("deltas", out.deltas)?;
    let dead: Vec<Option<&str>> = out.dead.iter().map(|r| r.map(|r| r.name())).collect();
    d.set_item("dead", dead)?;
    Ok(d)
}
