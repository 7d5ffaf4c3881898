"""Japanese Riichi mahjong: hand analysis and scoring.

Hands are given as :class:`mahjong.Tiles` or MPSZ strings (``"123m406p789s11z"``). Analysis
functions work on the concealed part of a hand: its size says how many sets are still needed
(14 or 13 tiles with no melds, 11 or 10 with one meld, and so on). :func:`score` scores a win
under a :class:`Ruleset` (six presets, every option of the rules spec). Batch forms take uint8
arrays and release the GIL. :func:`encode` and :func:`action_mask` turn an
:class:`Observation` into numpy arrays for learning agents (``docs/encoding.md``).
"""

from mahjong import _install as _install  # isort: skip  (refuses an install clash first)
from mahjong import encoding as _encoding
from mahjong._core import (
    ACTION_COUNT,
    RECORD_WIDTH,
    YAKU_NAMES,
    Action,
    Deal,
    Decomposition,
    Game,
    Observation,
    Ruleset,
    ScoreResult,
    Ukeire,
    WinContext,
    Yaku,
    decompose,
    encode_win,
    is_win,
    is_win_batch,
    nagashi_mangan,
    score,
    score_batch,
    shanten,
    shanten_batch,
    ukeire,
    waits,
)
from mahjong._core import RIICHI_ENCODING_VERSION as ENCODING_VERSION
from mahjong._core import riichi_action_mask as action_mask
from mahjong._core import riichi_encode as encode
from mahjong._core import riichi_encode_batch as encode_batch
from mahjong.riichi import mjai, tenhou

__all__ = [
    "ACTION_COUNT",
    "ENCODING_VERSION",
    "RECORD_WIDTH",
    "YAKU_NAMES",
    "Action",
    "Deal",
    "Decomposition",
    "Game",
    "Observation",
    "Ruleset",
    "ScoreResult",
    "Ukeire",
    "WinContext",
    "Yaku",
    "action_mask",
    "decompose",
    "encode",
    "encode_batch",
    "encode_win",
    "encoding_channels",
    "is_win",
    "is_win_batch",
    "mjai",
    "nagashi_mangan",
    "score",
    "score_batch",
    "shanten",
    "shanten_batch",
    "tenhou",
    "ukeire",
    "waits",
]


def encoding_channels(full: bool = False) -> list[_encoding.Channel]:
    """The channels of the basic (or `full`) encoding of :func:`encode`, in order."""
    from mahjong._core import riichi_encoding_channels

    return _encoding.channels(riichi_encoding_channels(full))
