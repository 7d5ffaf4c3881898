"""Exceptions raised by the mahjong package.

Every error for bad input is a :class:`MahjongError`, which is a :class:`ValueError`; the
subclasses say what was wrong. Most are defined in the compiled module and re-exported here,
their home for pickling; :class:`RecordFormatError` is a Python subclass defined here.
"""

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


__all__ = [
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
