"""Exceptions raised by the mahjong package.

Every error for bad input is a :class:`MahjongError`, which is a :class:`ValueError`; the
subclasses say what was wrong. They are defined in the compiled module and re-exported here,
their home for pickling.
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

__all__ = [
    "CardFormatError",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidRuleError",
    "InvalidTileError",
    "MahjongError",
]
