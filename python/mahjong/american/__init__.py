"""American Mahjong (NMJL style): cards, joker-aware matching, tiles away and advice.

Tiles use the shared model (:class:`mahjong.Tiles`) and American notation:
``"1B 1C 1D N E W S R G 0 F J"`` (bams, craks, dots; winds; red and green dragons; ``0`` the
white dragon, soap, also zero; ``F`` flower; ``J`` joker). Kinds keep the shared Riichi order:
0-8 craks, 9-17 dots, 18-26 bams, 27-30 E S W N, 31 white, 32 green, 33 red, 34 flower,
35 joker. The 152 physical tiles have ids 0-151 (see :func:`physical_kinds`).

A :class:`Card` is loaded once (``Card.builtin("house-2026")`` or ``Card.from_toml(path)``),
validated and compiled into concrete variants; its methods take a hand's concealed tiles
(jokers included) plus its exposures apart (:class:`Exposure` objects or strings such as
``"N N N J"``), together 14 tiles. Batch methods take uint8 arrays of shape ``(N, 36)``
(concealed counts) plus optionally ``(N, EXPOSURE_WIDTH)`` (exposures, see
:func:`encode_exposures`) and release the GIL. A row that is no valid rack does not fail the
batch: it comes back flagged (``INVALID_DISTANCE`` for the distance functions,
``INVALID_MATCH`` for :meth:`Card.match_batch`); ``NO_HAND`` marks a card hand (or every hand)
that the row's exposures rule out, ``NO_MATCH`` a rack that completes no hand.

Kinds: every API that takes a kind accepts the flower (34) and the joker (35) wherever a
:class:`mahjong.Tiles` can hold them; ``Tiles.counts`` is the 34 Riichi kinds only, and
``Tiles.all_counts`` has all 36.

Games: :class:`AmericanDeal` is one game (one hand) of the engine driven step by step,
:class:`AmericanGame` a session with running scores, :class:`AmericanRules` the options (presets
``nmjl`` and ``table``); :mod:`mahjong.american.game` has the agents and the play loop.
:func:`encode` and :func:`action_mask` turn an :class:`AmericanObservation` into numpy arrays
for learning agents (``docs/encoding.md``).
"""

from mahjong import _install as _install  # isort: skip  (refuses an install clash first)
from mahjong import encoding as _encoding
from mahjong._core import AMERICAN_ACTION_COUNT as ACTION_COUNT
from mahjong._core import AMERICAN_DEAD_REASONS as DEAD_REASONS
from mahjong._core import AMERICAN_ENCODING_VERSION as ENCODING_VERSION
from mahjong._core import AMERICAN_EXPOSURE_WIDTH as EXPOSURE_WIDTH
from mahjong._core import AMERICAN_INVALID_DISTANCE as INVALID_DISTANCE
from mahjong._core import AMERICAN_INVALID_MATCH as INVALID_MATCH
from mahjong._core import AMERICAN_MAX_CARD_BYTES as MAX_CARD_BYTES
from mahjong._core import AMERICAN_NO_HAND as NO_HAND
from mahjong._core import AMERICAN_NO_MATCH as NO_MATCH
from mahjong._core import (
    AmericanAction,
    AmericanDeal,
    AmericanGame,
    AmericanObservation,
    AmericanRules,
    Card,
    CardHand,
    DiscardOption,
    Distance,
    Exposure,
    Match,
    Variant,
)
from mahjong._core import american_action_mask as action_mask
from mahjong._core import american_encode as encode
from mahjong._core import american_encode_batch as encode_batch
from mahjong._core import american_encode_exposures as encode_exposures
from mahjong._core import american_physical_kind as physical_kind
from mahjong._core import american_physical_kinds as physical_kinds

__all__ = [
    "ACTION_COUNT",
    "DEAD_REASONS",
    "ENCODING_VERSION",
    "EXPOSURE_WIDTH",
    "INVALID_DISTANCE",
    "INVALID_MATCH",
    "MAX_CARD_BYTES",
    "NO_HAND",
    "NO_MATCH",
    "AmericanAction",
    "AmericanDeal",
    "AmericanGame",
    "AmericanObservation",
    "AmericanRules",
    "Card",
    "CardHand",
    "DiscardOption",
    "Distance",
    "Exposure",
    "Match",
    "Variant",
    "action_mask",
    "encode",
    "encode_batch",
    "encode_exposures",
    "encoding_channels",
    "physical_kind",
    "physical_kinds",
]


def encoding_channels(full: bool = False) -> list[_encoding.Channel]:
    """The channels of the basic (or `full`) encoding of :func:`encode`, in order."""
    from mahjong._core import american_encoding_channels

    return _encoding.channels(american_encoding_channels(full))
