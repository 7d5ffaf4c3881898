"""Game logs as mjai JSON lines: tile names, event construction, writing and reading.

A log is one JSON object per line, one line per event, in the event vocabulary of the mjai
protocol, extended with the fields mjai lacks (marked *ext* below). Seats (``actor``,
``target``, ``oya``) are 0..3 in the order of the first deal (0..2 with three players);
points are whole points. A list by seat has one entry per player: four, or three in a
three-player log (four, seat 3 empty, under the ruleset's ``mjai_sanma_layout = padded4``).

Tiles are named ``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s``, the winds ``E S W N``, the
dragons ``P`` (haku, white), ``F`` (hatsu, green), ``C`` (chun, red), and the red fives
``5mr 5pr 5sr``. Our physical ids 0..135 map to them by ``kind = id // 4`` (kinds 0..33 in
m/p/s/z order); ids 16, 52 and 88 are the red fives when red fives are in play. In MPSZ
notation a red five is ``0m``/``0p``/``0s``.

Events and their fields, in the order :func:`dumps_events` writes them (an optional field is
left out when it is absent; fields not listed follow in the order they were set):

``start_game``      ``names`` (a string per seat), *ext* ``game_seed`` (the seed every wall
                    of the game came from; mjai's own ``seed`` is a different thing)
``start_kyoku``     ``bakaze`` ("E", "S", "W", "N"), ``dora_marker``, ``kyoku`` (1-4),
                    ``honba``, ``kyotaku`` (riichi sticks on the table), ``oya``, ``scores``
                    (an int per seat), ``tehais`` (a list of 13 tiles per seat)
``tsumo``           ``actor``, ``pai``
``dahai``           ``actor``, ``pai``, ``tsumogiri`` (the tile just drawn was discarded)
``chi`` ``pon`` ``daiminkan``  ``actor``, ``target`` (the discarder), ``pai`` (the called
                    tile), ``consumed`` (the caller's own tiles, 2 or 3)
``ankan``           ``actor``, ``consumed`` (4 tiles)
``kakan``           ``actor``, ``pai`` (the added tile), ``consumed`` (the 3 tiles of the pon)
``reach``           ``actor`` (riichi declared; the next ``dahai`` is the riichi tile)
``reach_accepted``  ``actor``, ``deltas``?, ``scores``? (the 1,000 deposit and the scores
                    after it)
``dora``            ``dora_marker`` (a new kan-dora indicator)
``nukidora``        ``actor``, ``pai`` (always ``N``): a North set aside (kita, three players);
                    then the replacement ``tsumo``, or the ``hora`` of a player who robs it.
                    ``kita`` is the same event under ``mjai_kita_event = kita``
``hora``            ``actor``, ``target`` (== actor for tsumo), ``pai`` (the winning tile),
                    ``deltas`` (score changes, honba and sticks included), ``ura_markers``,
                    ``scores`` (after the win), *ext* ``yaku`` (list of [romaji id, han],
                    dora ``dora``/``ura_dora``/``aka_dora`` included), ``yakuman`` (list of
                    [romaji id, units]), ``han`` (sum of ``yaku``; 0 for a yakuman hand),
                    ``fu`` (null when the record does not state it), ``points`` (the hand's
                    value before honba and sticks: what the discarder pays, or the total of a
                    tsumo's payments), ``limit`` (``mangan``, ``haneman``, ``baiman``,
                    ``sanbaiman`` or ``yakuman``, only when the hand reached one), ``pao``
                    (the liable seat, only when there is one)
``ryukyoku``        *ext* ``actor`` (only for kyuushu kyuuhai: who declared it), ``deltas``,
                    ``scores``, *ext* ``reason`` (one of :data:`DRAW_REASONS`),
                    ``tenpai`` (a bool per seat: the hands the record shows tenpai at an
                    exhaustive draw or nagashi mangan, everyone at four riichi, else all
                    false; null when the record does not say), ``nagashi`` (a bool per
                    seat: who was paid a nagashi mangan)
``end_kyoku``       (no fields)
``end_game``        ``scores``? (final scores, leftover riichi sticks given out)

Romaji yaku ids are those of :class:`mahjong.riichi.Yaku` (``riichi``, ``tanyao``,
``yakuhai_haku``, ``kokushi_musou`` ...).

:func:`load_events` and :func:`check_events` check each event against :data:`EVENT_SCHEMA` and
:data:`REQUIRED_FIELDS` (seats 0..3, tile names, ``?`` only where a masked log hides a tile,
whole numbers within :data:`MAX_POINTS`, ...); the writer refuses NaN and Infinity.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from mahjong import _core
from mahjong._records import MAX_LOG_BYTES, json_line, read_log, shown
from mahjong.errors import InvalidTileError, RecordFormatError

Event = dict[str, Any]
"""One mjai event: a dict with a ``"type"`` and the fields of that type."""

KIND_NAMES: tuple[str, ...] = tuple(_core.MJAI_TILE_NAMES[:34])
"""The mjai name of each tile kind 0..33 (the core's spelling)."""

RED_FIVE_IDS: tuple[int, int, int] = (16, 52, 88)
"""Physical ids of the red 5m, 5p, 5s."""

RED_FIVE_NAMES: tuple[str, ...] = tuple(_core.MJAI_TILE_NAMES[34:])
"""The mjai names of the red 5m, 5p, 5s (the core's spelling)."""

DRAW_REASONS: tuple[str, ...] = tuple(_core.DRAW_REASONS)
"""The values of ``ryukyoku.reason``."""

LIMITS: tuple[str, ...] = tuple(_core.LIMITS)
"""The values of ``hora.limit``, lowest first."""

FIELD_ORDER: dict[str, tuple[str, ...]] = {
    kind: ("type", *fields) for kind, fields in _core.MJAI_FIELD_ORDER.items()
}
"""Per event type, the fields in the order they are written (the engine's vocabulary; see the
module docstring)."""

EXTENSION_FIELDS: dict[str, tuple[str, ...]] = dict(_core.MJAI_EXTENSIONS)
"""The fields we add to mjai's events."""

HIDDEN = "?"
"""A tile a seat does not see (other seats' starting tiles and draws in a masked log)."""

MAX_POINTS = 10**12
"""Largest score or score change a log may state, in either sign (point options are at most
10,000,000, so no game comes near it, and sums of such numbers stay far inside 64 bits)."""

_NAME_KIND = {name: kind for kind, name in enumerate(KIND_NAMES)}
_RED_KIND = {name: kind for name, kind in zip(RED_FIVE_NAMES, (4, 13, 22), strict=True)}


# --- tiles ---------------------------------------------------------------------------------


def tile_name(tile_id: int, red_fives: bool = True) -> str:
    """The mjai name of physical tile `tile_id` (0..135): ``16 -> "5mr"``, ``17 -> "5m"``."""
    if not 0 <= tile_id < 136:
        raise InvalidTileError(f"tile id {tile_id} is not in 0..135")
    if red_fives and tile_id in RED_FIVE_IDS:
        return RED_FIVE_NAMES[RED_FIVE_IDS.index(tile_id)]
    return KIND_NAMES[tile_id // 4]


def kind_name(kind: int) -> str:
    """The mjai name of tile kind `kind` (0..33): ``27 -> "E"``."""
    if not 0 <= kind < 34:
        raise InvalidTileError(f"tile kind {kind} is not in 0..33")
    return KIND_NAMES[kind]


def tile_kind(name: str) -> int:
    """The kind 0..33 of an mjai tile name: ``"5pr" -> 13``, ``"C" -> 33``."""
    kind = _NAME_KIND.get(name, _RED_KIND.get(name))
    if kind is None:
        raise InvalidTileError(
            f"{name!r} is not an mjai tile name (1m-9m, 1p-9p, 1s-9s, E S W N P F C, 5mr 5pr 5sr)"
        )
    return kind


def is_red(name: str) -> bool:
    """Whether an mjai tile name is a red five."""
    return name in _RED_KIND


def tile_ids(name: str, red_fives: bool = True) -> tuple[int, ...]:
    """The physical ids an mjai name can stand for: ``"5mr" -> (16,)``, ``"5m" -> (17, 18,
    19)`` (all four copies when red fives are not in play), ``"E" -> (108, ..., 111)``."""
    kind = tile_kind(name)
    ids = tuple(range(kind * 4, kind * 4 + 4))
    if not red_fives or kind not in (4, 13, 22):
        if is_red(name):
            raise InvalidTileError(f"{name!r} is a red five but red fives are not in play")
        return ids
    return ids[:1] if is_red(name) else ids[1:]


def tile_id(name: str, taken: Iterable[int] = (), red_fives: bool = True) -> int:
    """The lowest physical id for an mjai name that is not in `taken`."""
    used = set(taken)
    for candidate in tile_ids(name, red_fives):
        if candidate not in used:
            return candidate
    raise InvalidTileError(f"all copies of {name!r} are taken")


def sort_key(name: str) -> tuple[int, int]:
    """Orders mjai names like physical ids: by kind, a red five before the other fives."""
    return tile_kind(name), 0 if is_red(name) else 1


def sorted_tiles(names: Iterable[str]) -> list[str]:
    """mjai names sorted by :func:`sort_key`."""
    return sorted(names, key=sort_key)


def to_mpsz(name: str) -> str:
    """One tile in MPSZ notation: ``"5mr" -> "0m"``, ``"E" -> "1z"``, ``"C" -> "7z"``."""
    kind = tile_kind(name)
    if is_red(name):
        return "0" + name[1]
    if kind >= 27:
        return f"{kind - 26}z"
    return name


def from_mpsz(text: str) -> str:
    """One MPSZ tile as an mjai name: ``"0m" -> "5mr"``, ``"7z" -> "C"``."""
    if len(text) == 2 and text[0].isdigit() and text[1] in "mps":
        return f"5{text[1]}r" if text[0] == "0" else text
    if len(text) == 2 and text[1] == "z" and "1" <= text[0] <= "7":
        return KIND_NAMES[26 + int(text[0])]
    raise InvalidTileError(f"{text!r} is not one MPSZ tile (e.g. 5m, 0p, 7z)")


# --- events --------------------------------------------------------------------------------


def start_game(names: Sequence[str], **extra: Any) -> Event:
    """``start_game``; `extra` fields follow ``names``."""
    return {"type": "start_game", "names": list(names), **extra}


def start_kyoku(
    *,
    bakaze: str,
    dora_marker: str,
    kyoku: int,
    honba: int,
    kyotaku: int,
    oya: int,
    scores: Sequence[int],
    tehais: Sequence[Sequence[str]],
) -> Event:
    """``start_kyoku``: the round wind, deal number 1-4, counters, dealer, scores, hands."""
    return {
        "type": "start_kyoku",
        "bakaze": bakaze,
        "dora_marker": dora_marker,
        "kyoku": kyoku,
        "honba": honba,
        "kyotaku": kyotaku,
        "oya": oya,
        "scores": list(scores),
        "tehais": [list(hand) for hand in tehais],
    }


def tsumo(actor: int, pai: str) -> Event:
    """``tsumo``: `actor` draws `pai`."""
    return {"type": "tsumo", "actor": actor, "pai": pai}


def dahai(actor: int, pai: str, tsumogiri: bool) -> Event:
    """``dahai``: `actor` discards `pai`."""
    return {"type": "dahai", "actor": actor, "pai": pai, "tsumogiri": tsumogiri}


def call(kind: str, actor: int, target: int, pai: str, consumed: Sequence[str]) -> Event:
    """``chi``, ``pon`` or ``daiminkan``: `actor` calls `pai` discarded by `target`."""
    if kind not in ("chi", "pon", "daiminkan"):
        raise ValueError(f"{kind!r} is not chi, pon or daiminkan")
    return {"type": kind, "actor": actor, "target": target, "pai": pai, "consumed": list(consumed)}


def ankan(actor: int, consumed: Sequence[str]) -> Event:
    """``ankan``: a closed kan of the four `consumed` tiles."""
    return {"type": "ankan", "actor": actor, "consumed": list(consumed)}


def kakan(actor: int, pai: str, consumed: Sequence[str]) -> Event:
    """``kakan``: `pai` added to the pon of the three `consumed` tiles."""
    return {"type": "kakan", "actor": actor, "pai": pai, "consumed": list(consumed)}


def reach(actor: int) -> Event:
    """``reach``: riichi declared."""
    return {"type": "reach", "actor": actor}


def reach_accepted(
    actor: int, deltas: Sequence[int] | None = None, scores: Sequence[int] | None = None
) -> Event:
    """``reach_accepted``: the riichi discard passed; 1,000 points deposited."""
    event: Event = {"type": "reach_accepted", "actor": actor}
    if deltas is not None:
        event["deltas"] = list(deltas)
    if scores is not None:
        event["scores"] = list(scores)
    return event


def dora(dora_marker: str) -> Event:
    """``dora``: a new dora indicator is turned."""
    return {"type": "dora", "dora_marker": dora_marker}


def nukidora(actor: int) -> Event:
    """``nukidora``: `actor` sets a North aside (kita, three players)."""
    return {"type": "nukidora", "actor": actor, "pai": "N"}


def hora(
    *,
    actor: int,
    target: int,
    pai: str,
    deltas: Sequence[int],
    ura_markers: Sequence[str],
    scores: Sequence[int],
    yaku: Sequence[tuple[str, int]],
    yakuman: Sequence[tuple[str, int]],
    han: int,
    fu: int | None,
    points: int,
    limit: str | None = None,
    pao: int | None = None,
) -> Event:
    """``hora``: a win, with our extension fields (yaku, yakuman, han, fu, points, limit,
    pao)."""
    event: Event = {
        "type": "hora",
        "actor": actor,
        "target": target,
        "pai": pai,
        "deltas": list(deltas),
        "ura_markers": list(ura_markers),
        "scores": list(scores),
        "yaku": [[name, value] for name, value in yaku],
        "yakuman": [[name, units] for name, units in yakuman],
        "han": han,
        "fu": fu,
        "points": points,
    }
    if limit is not None:
        event["limit"] = limit
    if pao is not None:
        event["pao"] = pao
    return event


def ryukyoku(
    *,
    reason: str,
    deltas: Sequence[int],
    scores: Sequence[int],
    tenpai: Sequence[bool] | None,
) -> Event:
    """``ryukyoku``: a draw of kind `reason` (one of :data:`DRAW_REASONS`)."""
    if reason not in DRAW_REASONS:
        raise ValueError(f"{reason!r} is not one of {', '.join(DRAW_REASONS)}")
    return {
        "type": "ryukyoku",
        "deltas": list(deltas),
        "scores": list(scores),
        "reason": reason,
        "tenpai": None if tenpai is None else list(tenpai),
    }


def end_kyoku() -> Event:
    """``end_kyoku``."""
    return {"type": "end_kyoku"}


def end_game(scores: Sequence[int] | None = None) -> Event:
    """``end_game``, with the final scores when known."""
    event: Event = {"type": "end_game"}
    if scores is not None:
        event["scores"] = list(scores)
    return event


# --- the schema ----------------------------------------------------------------------------

_Check = tuple[str, Callable[[Any], bool]]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _tile(value: Any) -> bool:
    return isinstance(value, str) and (value in _NAME_KIND or value in _RED_KIND)


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _tile_or_hidden(value: Any) -> bool:
    return value == HIDDEN or _tile(value)


def _list(value: Any, size: int | None, item: Callable[[Any], bool]) -> bool:
    """A list (or tuple, as the engine's events hold) of `size` items that pass `item`."""
    return (
        isinstance(value, (list, tuple))
        and (size is None or len(value) == size)
        and all(map(item, value))
    )


def _points(value: Any) -> bool:
    return _whole(value) and -MAX_POINTS <= value <= MAX_POINTS


def _count(value: Any) -> bool:
    return _whole(value) and value >= 0


def _seat(value: Any) -> bool:
    return _whole(value) and 0 <= value <= 3


def _per_seat(value: Any, item: Callable[[Any], bool]) -> bool:
    """A list with one entry per seat (three or four) that pass `item`."""
    return _list(value, None, item) and len(value) in (3, 4)


def _pair(value: Any) -> bool:
    return _list(value, 2, lambda _: True) and isinstance(value[0], str) and _count(value[1])


def _tiles(size: int) -> _Check:
    return f"a list of {size} mjai tile names", lambda v: _list(v, size, _tile)


_SEAT: _Check = ("a seat 0..3", _seat)
_TILE: _Check = ("an mjai tile name", _tile)
_COUNT: _Check = ("a whole number 0 or more", _count)
_POINTS: _Check = (
    f"a whole number of points per seat, 3 or 4 (at most {MAX_POINTS:,} either way)",
    lambda v: _per_seat(v, _points),
)
_KITA: dict[str, _Check] = {"actor": _SEAT, "pai": ("the North, N", lambda v: v == "N")}
_PAIRS: _Check = ("a list of [name, number] pairs", lambda v: _list(v, None, _pair))

EVENT_SCHEMA: dict[str, dict[str, _Check]] = {
    "start_game": {"names": ("a name per seat, 3 or 4", lambda v: _per_seat(v, _is_str))},
    "start_kyoku": {
        "bakaze": ("a wind E, S, W or N", lambda v: v in ("E", "S", "W", "N")),
        "dora_marker": _TILE,
        "kyoku": ("a deal number 1..4", lambda v: _whole(v) and 1 <= v <= 4),
        "honba": _COUNT,
        "kyotaku": _COUNT,
        "oya": _SEAT,
        "scores": _POINTS,
        "tehais": (
            f"a hand of 13 mjai tile names (or {HIDDEN}) per seat, 3 or 4",
            lambda v: _per_seat(v, lambda hand: _list(hand, 13, _tile_or_hidden)),
        ),
    },
    "tsumo": {"actor": _SEAT, "pai": (f"an mjai tile name or {HIDDEN}", _tile_or_hidden)},
    "dahai": {"actor": _SEAT, "pai": _TILE, "tsumogiri": ("true or false", _is_bool)},
    "chi": {"actor": _SEAT, "target": _SEAT, "pai": _TILE, "consumed": _tiles(2)},
    "pon": {"actor": _SEAT, "target": _SEAT, "pai": _TILE, "consumed": _tiles(2)},
    "daiminkan": {"actor": _SEAT, "target": _SEAT, "pai": _TILE, "consumed": _tiles(3)},
    "ankan": {"actor": _SEAT, "consumed": _tiles(4)},
    "kakan": {"actor": _SEAT, "pai": _TILE, "consumed": _tiles(3)},
    "reach": {"actor": _SEAT},
    "reach_accepted": {"actor": _SEAT, "deltas": _POINTS, "scores": _POINTS},
    "dora": {"dora_marker": _TILE},
    "nukidora": _KITA,
    "kita": _KITA,
    "hora": {
        "actor": _SEAT,
        "target": _SEAT,
        "pai": _TILE,
        "deltas": _POINTS,
        "ura_markers": ("a list of mjai tile names", lambda v: _list(v, None, _tile)),
        "scores": _POINTS,
        "yaku": _PAIRS,
        "yakuman": _PAIRS,
        "han": _COUNT,
        "fu": ("a whole number 0 or more, or null", lambda v: v is None or _count(v)),
        "points": _COUNT,
        "limit": ("a limit name (mangan ... yakuman)", lambda v: v in LIMITS),
        "pao": ("a seat 0..3 or null", lambda v: v is None or _seat(v)),
    },
    "ryukyoku": {
        "actor": _SEAT,
        "deltas": _POINTS,
        "scores": _POINTS,
        "reason": (f"one of {', '.join(DRAW_REASONS)}", lambda v: v in DRAW_REASONS),
        "tenpai": (
            "a boolean per seat (3 or 4), or null",
            lambda v: v is None or _per_seat(v, _is_bool),
        ),
    },
    "end_kyoku": {},
    "end_game": {"scores": _POINTS},
}
"""Per event type, what each field of :data:`FIELD_ORDER` (and ``ryukyoku.actor``, the seat
declaring kyuushu kyuuhai) must hold: a description and a test. Fields not listed, and event
types not listed, are not checked."""

REQUIRED_FIELDS: dict[str, tuple[str, ...]] = {
    "start_kyoku": FIELD_ORDER["start_kyoku"][1:],
    "tsumo": ("actor", "pai"),
    "dahai": ("actor", "pai"),
    "chi": ("actor", "target", "pai", "consumed"),
    "pon": ("actor", "target", "pai", "consumed"),
    "daiminkan": ("actor", "target", "pai", "consumed"),
    "ankan": ("actor", "consumed"),
    "kakan": ("actor", "pai", "consumed"),
    "reach": ("actor",),
    "reach_accepted": ("actor",),
    "dora": ("dora_marker",),
    "nukidora": ("actor",),
    "kita": ("actor",),
    "hora": ("actor", "target"),
}
"""Per event type, the fields an event of that type cannot do without."""


def event_problem(event: Any) -> str | None:
    """What is wrong with one event (see :data:`EVENT_SCHEMA` and :data:`REQUIRED_FIELDS`),
    naming the field and its value, or None when nothing is."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        return "an mjai event is a JSON object with a string 'type'"
    kind = event["type"]
    for name in REQUIRED_FIELDS.get(kind, ()):
        if name not in event:
            return f"{kind} lacks the field '{name}'"
    for name, (what, valid) in EVENT_SCHEMA.get(kind, {}).items():
        if name in event and not valid(event[name]):
            return f"{kind} field '{name}' is {shown(event[name])}, not {what}"
    return None


def check_events(events: Iterable[Any], source: str = "<events>") -> list[Event]:
    """The events as a list, each checked by :func:`event_problem`: the first bad one is a
    :class:`~mahjong.errors.RecordFormatError` naming `source`, the event's number (from 1)
    and the deal it lies in."""
    checked: list[Event] = []
    deal = ""
    for number, event in enumerate(events, 1):
        problem = event_problem(event)
        if problem is not None:
            raise RecordFormatError(f"{source}, event {number}{deal}: {problem}")
        if event["type"] == "start_kyoku":
            deal = f" (deal {event['bakaze']}{event['kyoku']}-{event['honba']})"
        checked.append(event)
    return checked


# --- writing and reading -------------------------------------------------------------------


def ordered(event: Event) -> Event:
    """`event` with its fields in :data:`FIELD_ORDER` (unknown fields last, as they were)."""
    order = FIELD_ORDER.get(event.get("type", ""), ("type",))
    result = {key: event[key] for key in order if key in event}
    result.update((key, value) for key, value in event.items() if key not in result)
    return result


def dumps_event(event: Event) -> str:
    """One event as one compact JSON line (no newline), fields in :data:`FIELD_ORDER`."""
    return json.dumps(ordered(event), separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def dumps_events(events: Iterable[Event]) -> str:
    """A log: one compact JSON object per line, each line ending in a newline. The same events
    always give the same bytes, however their dicts were built."""
    return "".join(dumps_event(event) + "\n" for event in events)


def load_events(source: str | os.PathLike[str]) -> list[Event]:
    """Reads an mjai log: a path, or the text itself (a str containing a newline or starting
    with ``{``). Blank lines are skipped. A line that is not a JSON object with a string
    ``type``, or whose known fields do not hold what :data:`EVENT_SCHEMA` says, and a file
    that is not a regular UTF-8 file of at most :data:`MAX_LOG_BYTES`, are a
    :class:`~mahjong.errors.RecordFormatError` naming the file, the line and the field.
    Events keep the fields they have, known or not."""
    text, name = read_log(source)
    return parse_events(text, name or "<text>")


def parse_events(text: str, source: str = "<text>") -> list[Event]:
    """The events of an mjai log given as text (`source` names it in errors), checked as
    :func:`load_events` checks them."""
    name = source
    events: list[Event] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        event = json_line(line, f"{name}, line {number}")
        problem = event_problem(event)
        if problem is not None:
            raise RecordFormatError(f"{name}, line {number}: {problem}")
        events.append(event)
    return events


__all__ = [
    "DRAW_REASONS",
    "EVENT_SCHEMA",
    "EXTENSION_FIELDS",
    "FIELD_ORDER",
    "HIDDEN",
    "KIND_NAMES",
    "LIMITS",
    "MAX_LOG_BYTES",
    "MAX_POINTS",
    "RED_FIVE_IDS",
    "RED_FIVE_NAMES",
    "REQUIRED_FIELDS",
    "Event",
    "ankan",
    "call",
    "check_events",
    "dahai",
    "dora",
    "dumps_event",
    "dumps_events",
    "end_game",
    "end_kyoku",
    "event_problem",
    "from_mpsz",
    "hora",
    "is_red",
    "kakan",
    "kind_name",
    "load_events",
    "nukidora",
    "ordered",
    "parse_events",
    "reach",
    "reach_accepted",
    "ryukyoku",
    "sort_key",
    "sorted_tiles",
    "start_game",
    "start_kyoku",
    "tile_id",
    "tile_ids",
    "tile_kind",
    "tile_name",
    "to_mpsz",
    "tsumo",
]
