"""American Mahjong (NMJL style): cards, joker-aware matching, tiles away and advice.

Tiles use the shared model (:class:`mahjong.Tiles`) and American notation:
``"1B 1C 1D N E W S R G 0 F J"`` (bams, craks, dots; winds; red and green dragons; ``0`` the
white dragon, soap, also zero; ``F`` flower; ``J`` joker). Kinds keep the shared Riichi order:
0-8 craks, 9-17 dots, 18-26 bams, 27-30 E S W N, 31 white, 32 green, 33 red, 34 flower,
35 joker. The 152 physical tiles have ids 0-151 (see :func:`physical_kinds`).

A :class:`Card` is loaded once (``Card.builtin("house-2026")`` or ``Card.from_toml(path)``),
validated and compiled into concrete variants; its methods take a hand's concealed tiles
(jokers included) plus its exposures apart (:class:`Exposure` objects or strings such as
``"N N N J"``), together 14 tiles. Batch methods take uint8 arrays of shape ``(N, 36)`` and
release the GIL.
"""

from mahjong._core import (
    Card,
    CardHand,
    DiscardOption,
    Distance,
    Exposure,
    Match,
    Variant,
)
from mahjong._core import american_physical_kind as physical_kind
from mahjong._core import american_physical_kinds as physical_kinds

__all__ = [
    "Card",
    "CardHand",
    "DiscardOption",
    "Distance",
    "Exposure",
    "Match",
    "Variant",
    "physical_kind",
    "physical_kinds",
]
