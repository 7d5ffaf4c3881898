"""Japanese Riichi mahjong: hand analysis (shanten, waits, ukeire, decomposition).

Hands are given as :class:`mahjong.Tiles` or MPSZ strings (``"123m406p789s11z"``). Functions
work on the concealed part of a hand: its size says how many sets are still needed (14 or 13
tiles with no melds, 11 or 10 with one meld, and so on). Batch forms take uint8 arrays of
shape ``(N, 34)`` and release the GIL.
"""

from mahjong._core import (
    Decomposition,
    Ukeire,
    decompose,
    is_win,
    is_win_batch,
    shanten,
    shanten_batch,
    ukeire,
    waits,
)

__all__ = [
    "Decomposition",
    "Ukeire",
    "decompose",
    "is_win",
    "is_win_batch",
    "shanten",
    "shanten_batch",
    "ukeire",
    "waits",
]
