//! The mjai vocabulary of Riichi logs, written once: each [`Event`] as a [`Record`] with
//! mjai's event and field names, our extension fields ([`EXTENSIONS`]) after mjai's own, in
//! the order of [`FIELD_ORDER`]. Tiles are mjai names (`5mr`, `E`, `?` for a hidden tile).
//! Three-player logs follow the sanma spec's section 6.1 ([`LogStyle`]): seat arrays of three
//! entries (or four with seat 3 empty) and a `nukidora` event per kita.

use super::event::{DrawReason, Event, WinRecord};
use crate::log::{FieldOrder, Json, Record};
use crate::riichi::mjai::{pai, tile_pai};
use crate::riichi::rules::{MjaiKitaEvent, MjaiSanmaLayout, RedFives, Ruleset};
use crate::tile::HIDDEN;
use crate::wind::Wind;

/// How events become log records under a ruleset: tile names (red fives), the length of the
/// seat arrays (TL1.3) and the kita event's name (TL1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LogStyle {
    /// Red fives are named `5mr`, `5pr`, `5sr`.
    pub red_fives: bool,
    /// Entries of a seat array: the player count, or four for a three-player log in the
    /// `padded4` layout (seat 3 then reads name `""`, score and delta 0, 13 hidden tiles).
    pub seats: usize,
    /// The event a kita writes: `"nukidora"` or `"kita"`.
    pub kita: &'static str,
}

impl LogStyle {
    /// The style of `rules`' logs.
    pub fn of(rules: &Ruleset) -> Self {
        let padded = rules.mjai_sanma_layout == MjaiSanmaLayout::Padded4;
        Self {
            red_fives: rules.red_fives == RedFives::One,
            seats: if padded { 4 } else { rules.player_count() },
            kita: match rules.mjai_kita_event {
                MjaiKitaEvent::Nukidora => "nukidora",
                MjaiKitaEvent::Kita => "kita",
            },
        }
    }

    /// The first [`Self::seats`] entries of a seat array.
    fn per_seat<T: Clone + Into<Json>>(&self, values: &[T; 4]) -> Json {
        Json::List(
            values[..self.seats]
                .iter()
                .cloned()
                .map(Into::into)
                .collect(),
        )
    }

    /// Tile names, red when the style names red fives.
    fn tiles(&self, ids: &[u8]) -> Json {
        Json::List(
            ids.iter()
                .map(|&t| tile_pai(t, self.red_fives).into())
                .collect(),
        )
    }
}

/// Per event type, its fields in the order they are written.
pub const FIELD_ORDER: FieldOrder = crate::field_order![
    "start_game" => ["names", "game_seed"],
    "start_kyoku" => [
        "bakaze", "dora_marker", "kyoku", "honba", "kyotaku", "oya", "scores", "tehais",
    ],
    "tsumo" => ["actor", "pai"],
    "dahai" => ["actor", "pai", "tsumogiri"],
    "chi" => ["actor", "target", "pai", "consumed"],
    "pon" => ["actor", "target", "pai", "consumed"],
    "daiminkan" => ["actor", "target", "pai", "consumed"],
    "ankan" => ["actor", "consumed"],
    "kakan" => ["actor", "pai", "consumed"],
    "reach" => ["actor"],
    "reach_accepted" => ["actor", "deltas", "scores"],
    "dora" => ["dora_marker"],
    "nukidora" => ["actor", "pai"],
    "kita" => ["actor", "pai"],
    "hora" => [
        "actor", "target", "pai", "deltas", "ura_markers", "scores", "yaku", "yakuman", "han",
        "fu", "points", "limit", "pao",
    ],
    "ryukyoku" => ["actor", "deltas", "scores", "reason", "tenpai", "nagashi"],
    "end_kyoku" => [],
    "end_game" => ["scores"],
];

/// The fields we add to mjai's events.
pub const EXTENSIONS: FieldOrder = crate::field_order![
    "start_game" => ["game_seed"],
    "hora" => ["yaku", "yakuman", "han", "fu", "points", "limit", "pao"],
    "ryukyoku" => ["actor", "reason", "tenpai", "nagashi"],
];

/// The values of `ryukyoku.reason`: the draw kinds, and `nagashi_mangan` for an exhaustive
/// draw that paid one.
pub const DRAW_REASONS: [&str; 7] = [
    "exhaustive",
    "kyuushu_kyuuhai",
    "suufon_renda",
    "suucha_riichi",
    "suukaikan",
    "sanchahou",
    "nagashi_mangan",
];

/// A win as its `hora` record (the event's record, and each win of a deal's outcome).
pub fn win_record(w: &WinRecord, style: LogStyle) -> Record {
    let pairs = |list: Vec<(&'static str, u8)>| -> Json {
        Json::List(
            list.into_iter()
                .map(|(id, n)| Json::List(vec![id.into(), n.into()]))
                .collect(),
        )
    };
    Record::new("hora")
        .with("actor", w.seat)
        .with("target", w.from)
        .with("pai", tile_pai(w.tile, style.red_fives))
        .with("deltas", style.per_seat(&w.deltas))
        .with("ura_markers", style.tiles(&w.ura_indicators))
        .with("scores", style.per_seat(&w.scores))
        .with(
            "yaku",
            pairs(w.yaku.iter().map(|(y, h)| (y.romaji(), *h)).collect()),
        )
        .with(
            "yakuman",
            pairs(w.yakuman.iter().map(|(y, u)| (y.romaji(), *u)).collect()),
        )
        .with("han", w.han)
        .with("fu", w.fu)
        .with("points", w.points)
        .with_some("limit", w.limit.name())
        .with_some("pao", w.liable)
}

impl Event {
    /// The event as an mjai log record in `style`.
    pub fn record(&self, style: LogStyle) -> Record {
        let tile = |id: u8| tile_pai(id, style.red_fives);
        let hand = |ids: &Vec<u8>| match ids.is_empty() {
            // A seat beyond the player count, in the padded layout: 13 hidden tiles.
            true => style.tiles(&[HIDDEN; 13]),
            false => style.tiles(ids),
        };
        match self {
            Event::StartGame { names, seed } => Record::new("start_game")
                .with("names", style.per_seat(names))
                .with("game_seed", *seed),
            Event::StartKyoku {
                round_wind,
                number,
                dealer,
                honba,
                riichi_sticks,
                scores,
                dora_indicator,
                hands,
            } => Record::new("start_kyoku")
                .with("bakaze", Wind::ALL[usize::from(*round_wind % 4)].letter())
                .with("dora_marker", tile(*dora_indicator))
                .with("kyoku", *number)
                .with("honba", *honba)
                .with("kyotaku", *riichi_sticks)
                .with("oya", *dealer)
                .with("scores", style.per_seat(scores))
                .with(
                    "tehais",
                    Json::List(hands[..style.seats].iter().map(hand).collect()),
                ),
            Event::Tsumo { seat, tile: t, .. } => Record::new("tsumo")
                .with("actor", *seat)
                .with("pai", tile(*t)),
            Event::Dahai {
                seat,
                tile: t,
                tsumogiri,
            } => Record::new("dahai")
                .with("actor", *seat)
                .with("pai", tile(*t))
                .with("tsumogiri", *tsumogiri),
            Event::Reach { seat } => Record::new("reach").with("actor", *seat),
            Event::ReachAccepted {
                seat,
                deltas,
                scores,
            } => Record::new("reach_accepted")
                .with("actor", *seat)
                .with("deltas", style.per_seat(deltas))
                .with("scores", style.per_seat(scores)),
            Event::Call {
                seat,
                kind,
                from,
                tile: t,
                consumed,
            } => Record::new(kind.name())
                .with("actor", *seat)
                .with("target", *from)
                .with("pai", tile(*t))
                .with("consumed", style.tiles(consumed)),
            Event::Ankan { seat, consumed } => Record::new("ankan")
                .with("actor", *seat)
                .with("consumed", style.tiles(consumed)),
            Event::Kakan {
                seat,
                tile: t,
                consumed,
            } => Record::new("kakan")
                .with("actor", *seat)
                .with("pai", tile(*t))
                .with("consumed", style.tiles(consumed)),
            Event::Dora { indicator } => Record::new("dora").with("dora_marker", tile(*indicator)),
            Event::Kita { seat, tile: t } => Record::new(style.kita)
                .with("actor", *seat)
                .with("pai", tile(*t)),
            Event::Hora(w) => win_record(w, style),
            Event::Ryukyoku {
                reason,
                declarer,
                tenpai,
                nagashi,
                deltas,
                scores,
            } => Record::new("ryukyoku")
                .with_some("actor", *declarer)
                .with("deltas", style.per_seat(deltas))
                .with("scores", style.per_seat(scores))
                .with("reason", draw_name(*reason, nagashi))
                .with("tenpai", style.per_seat(tenpai))
                .with("nagashi", style.per_seat(nagashi)),
            Event::EndKyoku => Record::new("end_kyoku"),
            Event::EndGame { scores } => {
                Record::new("end_game").with("scores", style.per_seat(scores))
            }
        }
    }
}

/// A drawn deal's `ryukyoku.reason` (one of [`DRAW_REASONS`]): its kind, or `nagashi_mangan`
/// when a seat was paid one (`nagashi`, by seat).
pub fn draw_name(reason: DrawReason, nagashi: &[bool; 4]) -> &'static str {
    if nagashi.iter().any(|&n| n) {
        "nagashi_mangan"
    } else {
        reason.name()
    }
}

/// The mjai name of a kind (for an ankan's kind).
pub fn kind_pai(kind: u8) -> &'static str {
    pai(kind, false)
}

impl DrawReason {
    /// Every draw kind.
    pub const ALL: [Self; 6] = [
        Self::Exhaustive,
        Self::KyuushuKyuuhai,
        Self::SuufonRenda,
        Self::SuuchaRiichi,
        Self::Suukaikan,
        Self::Sanchahou,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::follows;
    use crate::meld::MeldKind;

    #[test]
    fn every_record_follows_the_field_order() {
        let win = WinRecord {
            seat: 1,
            from: 2,
            tile: 16,
            yaku: vec![],
            yakuman: vec![],
            han: 1,
            fu: 30,
            points: 8000,
            limit: crate::riichi::points::Limit::Mangan,
            ura_indicators: vec![],
            liable: Some(3),
            deltas: [0; 4],
            scores: [0; 4],
            fu_parts: vec![],
            split: Default::default(),
        };
        let events = [
            Event::StartGame {
                names: Default::default(),
                seed: 1,
            },
            Event::StartKyoku {
                round_wind: 0,
                number: 1,
                dealer: 0,
                honba: 0,
                riichi_sticks: 0,
                scores: [0; 4],
                dora_indicator: 0,
                hands: Default::default(),
            },
            Event::Tsumo {
                seat: 0,
                tile: 0,
                rinshan: false,
            },
            Event::Dahai {
                seat: 0,
                tile: 0,
                tsumogiri: true,
            },
            Event::Reach { seat: 0 },
            Event::ReachAccepted {
                seat: 0,
                deltas: [0; 4],
                scores: [0; 4],
            },
            Event::Call {
                seat: 0,
                kind: MeldKind::Chi,
                from: 3,
                tile: 0,
                consumed: vec![4, 8],
            },
            Event::Ankan {
                seat: 0,
                consumed: [0, 1, 2, 3],
            },
            Event::Kakan {
                seat: 0,
                tile: 0,
                consumed: [1, 2, 3],
            },
            Event::Dora { indicator: 0 },
            Event::Kita { seat: 1, tile: 120 },
            Event::Hora(Box::new(win)),
            Event::Ryukyoku {
                reason: DrawReason::KyuushuKyuuhai,
                declarer: Some(2),
                tenpai: [false; 4],
                nagashi: [true, false, false, false],
                deltas: [0; 4],
                scores: [0; 4],
            },
            Event::EndKyoku,
            Event::EndGame { scores: [0; 4] },
        ];
        let style = LogStyle::of(&Ruleset::default());
        for event in &events {
            let record = event.record(style);
            assert!(follows(&record, FIELD_ORDER), "{record:?}");
        }
        assert_eq!(
            events[11].record(style).to_json(),
            r#"{"type":"hora","actor":1,"target":2,"pai":"5mr","deltas":[0,0,0,0],"ura_markers":[],"scores":[0,0,0,0],"yaku":[],"yakuman":[],"han":1,"fu":30,"points":8000,"limit":"mangan","pao":3}"#
        );
        assert!(
            DRAW_REASONS.iter().all(|r| {
                DrawReason::ALL.iter().any(|d| d.name() == *r) || *r == "nagashi_mangan"
            })
        );
    }
}
