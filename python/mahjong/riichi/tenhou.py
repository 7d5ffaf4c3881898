"""Tenhou game records (mjlog XML and tenhou.net/6 JSON) as mjai events.

:func:`load_record` reads one game of four or three players from a file or text, detects the
format by content, and returns its events (:mod:`mahjong.riichi.mjai` describes them):
``start_game``, then per deal ``start_kyoku``, the draws, discards, calls, riichi and kan dora
in play order, the result (``hora`` with Tenhou's yaku as our romaji ids, han, fu, points and
score changes; ``ryukyoku`` with the kind of draw and who was tenpai) and ``end_kyoku``, then
``end_game``.

- mjlog XML (``<mjloggm>``): events follow the tags in order; physical tile ids are kept as
  names, tsumogiri is a discard of the tile just drawn.
- tenhou.net/6 JSON (one game object, or JSON lines holding one deal each as mjx writes it):
  the play order is not stored and is reconstructed from the draw and discard columns,
  backtracking when a player passed a callable tile and called a later copy. Kan dora are
  placed where Tenhou reveals them in mjlog: right after an ankan, and for a daiminkan or
  kakan before the player's next discard, riichi or kan.

Both readers put each starting hand in tile order (:func:`mahjong.riichi.mjai.sort_key`) and the
``consumed`` tiles of a call likewise, so a game gives the same events from either format
(except ``names``, which the mjx JSON lines anonymise, and ``fu`` of limit hands, which
tenhou.net/6 does not state: there it is null).

A three-player record reads as three seats (README, "Tenhou records"; spec TL2): mjlog's
empty seat 3 and tenhou.net/6's empty fourth block (when kept) are dropped, and a kita
(mjlog ``<N>`` with bit 0x20, tenhou.net/6 ``"f44"``) is ``nukidora``. A file that cannot be
read raises :class:`~mahjong.errors.RecordFormatError` naming the file,
the deal and what is wrong. Only the standard library is used.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Literal

from mahjong._records import read_text_file
from mahjong.riichi._mjlog import parse_mjlog
from mahjong.riichi._tenhou6 import parse_tenhou6
from mahjong.riichi._tenhou_base import (
    MJLOG_DRAW_REASONS,
    TENHOU6_DRAW_REASONS,
    TENHOU6_YAKU_NAMES,
    TENHOU_YAKU,
    fail,
)
from mahjong.riichi.mjai import Event, check_events

Format = Literal["mjlog", "tenhou6"]

MAX_RECORD_BYTES = 16 * 1024 * 1024
"""Largest record file read (a hanchan is about 30 KB of mjlog)."""


def detect_format(text: str, source: str = "<text>") -> Format:
    """``"mjlog"`` for XML, ``"tenhou6"`` for JSON, judged by the first character."""
    head = text.lstrip("\ufeff \t\r\n")[:1]
    if head == "<":
        return "mjlog"
    if head in ("{", "["):
        return "tenhou6"
    fail(source, "neither mjlog XML nor tenhou.net/6 JSON (it starts with neither < nor {)")


def read_text(path: str | os.PathLike[str]) -> str:
    """A record file's text: only a regular UTF-8 file of at most :data:`MAX_RECORD_BYTES`
    is read; anything else is a RecordFormatError naming the file."""
    return read_text_file(path, MAX_RECORD_BYTES, "a record")


def parse_record(text: str, source: str = "<text>") -> list[Event]:
    """The events of a record given as text, in either format (see :func:`detect_format`),
    each checked against the event schema (:func:`mahjong.riichi.mjai.check_events`), so
    that a value the readers let through (a negative han, ...) is a RecordFormatError too."""
    parse: Callable[[str, str], list[Event]]
    parse = parse_mjlog if detect_format(text, source) == "mjlog" else parse_tenhou6
    return check_events(parse(text, source), source)


def load_record(path: str | os.PathLike[str]) -> list[Event]:
    """The events of the four-player game in record file `path` (mjlog or tenhou.net/6)."""
    return parse_record(read_text(path), str(path))


__all__ = [
    "MAX_RECORD_BYTES",
    "MJLOG_DRAW_REASONS",
    "TENHOU6_DRAW_REASONS",
    "TENHOU6_YAKU_NAMES",
    "TENHOU_YAKU",
    "Format",
    "detect_format",
    "load_record",
    "parse_mjlog",
    "parse_record",
    "parse_tenhou6",
    "read_text",
]
