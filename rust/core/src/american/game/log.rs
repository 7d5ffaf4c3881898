//! The vocabulary of American game logs, written once: each [`Event`] as a [`Record`] with its
//! field names in the order of [`FIELD_ORDER`]. Tiles are American names (`3D`, `N`, `0`, `F`,
//! `J`, and `?` for a tile the reader may not see); seats are `actor` (who acts) and `target`
//! (whose tile or exposure), as in the Riichi logs.

use super::deal::kind_of;
use super::event::{Event, WinRecord};
use super::observe::HIDDEN;
use crate::american::card::Card;
use crate::american::kind_name;
use crate::log::{FieldOrder, Json, Record};

/// Per event type, its fields in the order they are written.
pub const FIELD_ORDER: FieldOrder = crate::field_order![
    "start_session" => ["names", "seed", "card", "games", "rules"],
    "start_game" => ["dealer", "dice", "scores", "tehais"],
    "charleston" => ["step", "given", "blind", "received"],
    "charleston_vote" => ["votes", "second"],
    "courtesy_offers" => ["offers", "agreed"],
    "draw" => ["actor", "pai"],
    "discard" => ["actor", "pai"],
    "expose" => ["actor", "target", "pai", "consumed", "size", "jokers"],
    "joker_exchange" => ["actor", "target", "exposure", "pai"],
    "dead_hand" => ["actor", "reason", "by"],
    "mahjongg" => [
        "actor", "target", "pai", "win", "hand", "value", "jokerless", "jokerless_bonus",
        "pay_for_table", "deltas", "scores",
    ],
    "wall_game" => [],
    "end_game" => ["deltas", "scores"],
    "end_session" => ["scores"],
];

/// The American name of physical tile `id` (`"?"` for a hidden tile).
pub fn tile_name(id: u8) -> &'static str {
    if id == HIDDEN {
        "?"
    } else {
        kind_name(kind_of(id))
    }
}

fn tiles(ids: &[u8]) -> Json {
    Json::List(ids.iter().map(|&t| tile_name(t).into()).collect())
}

fn by_seat(lists: &[Vec<u8>; 4]) -> Json {
    Json::List(lists.iter().map(|l| tiles(l)).collect())
}

/// A Mah Jongg as its record (the card names the hand paid).
pub fn win_record(w: &WinRecord, card: &Card) -> Record {
    Record::new("mahjongg")
        .with("actor", w.seat)
        .with("target", w.from)
        .with("pai", w.tile.map(tile_name))
        .with("win", w.win.name())
        .with("hand", card.hands.get(w.hand).map(|h| h.id.clone()))
        .with("value", w.value)
        .with("jokerless", w.jokerless)
        .with("jokerless_bonus", w.jokerless_bonus)
        .with("pay_for_table", w.pay_for_table)
        .with("deltas", w.deltas)
        .with("scores", w.scores)
}

impl Event {
    /// The event as a log record (`card` names the hand of a Mah Jongg).
    pub fn record(&self, card: &Card) -> Record {
        match self {
            Event::StartSession {
                names,
                seed,
                card: card_id,
                games,
                rules,
            } => Record::new("start_session")
                .with("names", names.clone().map(Json::from))
                .with("seed", *seed)
                .with("card", card_id.clone())
                .with("games", *games)
                .with(
                    "rules",
                    Json::Object(rules.iter().map(|(n, v)| (*n, Json::from(v))).collect()),
                ),
            Event::StartGame {
                dealer,
                dice,
                scores,
                hands,
            } => Record::new("start_game")
                .with("dealer", *dealer)
                .with("dice", dice.map(|d| d.map(Json::from)))
                .with("scores", *scores)
                .with("tehais", by_seat(hands)),
            Event::Charleston {
                step,
                given,
                blind,
                received,
            } => Record::new("charleston")
                .with("step", step.name())
                .with("given", by_seat(given))
                .with("blind", *blind)
                .with("received", by_seat(received)),
            Event::CharlestonVote { votes, second } => Record::new("charleston_vote")
                .with("votes", *votes)
                .with("second", *second),
            Event::CourtesyOffers { offers, agreed } => Record::new("courtesy_offers")
                .with("offers", *offers)
                .with("agreed", *agreed),
            Event::Draw { seat, tile } => Record::new("draw")
                .with("actor", *seat)
                .with("pai", tile_name(*tile)),
            Event::Discard { seat, tile } => Record::new("discard")
                .with("actor", *seat)
                .with("pai", tile_name(*tile)),
            Event::Expose {
                seat,
                from,
                tile,
                consumed,
                size,
                jokers,
            } => Record::new("expose")
                .with("actor", *seat)
                .with("target", *from)
                .with("pai", tile_name(*tile))
                .with("consumed", tiles(consumed))
                .with("size", *size)
                .with("jokers", *jokers),
            Event::JokerExchange {
                seat,
                owner,
                exposure,
                natural,
                ..
            } => Record::new("joker_exchange")
                .with("actor", *seat)
                .with("target", *owner)
                .with("exposure", *exposure)
                .with("pai", tile_name(*natural)),
            Event::DeadHand { seat, reason, by } => Record::new("dead_hand")
                .with("actor", *seat)
                .with("reason", reason.name())
                .with("by", *by),
            Event::MahJongg(w) => win_record(w, card),
            Event::WallGame => Record::new("wall_game"),
            Event::EndGame { deltas, scores } => Record::new("end_game")
                .with("deltas", *deltas)
                .with("scores", *scores),
            Event::EndSession { scores } => Record::new("end_session").with("scores", *scores),
        }
    }
}
