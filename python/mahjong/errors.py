"""Exceptions raised by the mahjong package.

Every error for bad input is a :class:`MahjongError`, which is a :class:`ValueError`; the
subclasses say what was wrong. Most are defined in the compiled module and re-exported here,
their home for pickling; :class:`RecordFormatError` is a Python subclass defined here.
"""

from mahjong import _install as _install  # isort: skip  (refuses an install clash first)
from mahjong._core import (
    CardFormatError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidHandError,
    InvalidMeldError,
    InvalidRuleError,
    InvalidTileError,
    MahjongError,
)


class RecordFormatError(MahjongError):
    """A game record or log (Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines) that cannot
    be read: the message names the file (or ``<text>``), where in it (line, deal) and what is
    wrong. Raised by :mod:`mahjong.riichi.tenhou` and :mod:`mahjong.riichi.mjai`; a record
    that is well formed but unsupported (three players) is an :class:`InvalidArgumentError`.
    """


class BotError(MahjongError):
    """An external Mjai bot that misbehaved (an illegal or malformed answer, silence, exit,
    a flood of output) where the game was to stop rather than go on without it
    (:mod:`mahjong.riichi.mjai_host`): the message names the seat, the bot's line and what
    was wrong."""


__all__ = [
    "BotError",
    "CardFormatError",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidRuleError",
    "InvalidTileError",
    "MahjongError",
    "RecordFormatError",
]
