"""Rust-accelerated Mahjong: Japanese Riichi and American (NMJL-style) rules.

The shared tile model lives here (:class:`Tiles`, :class:`Meld`), :class:`Reason`, why a
game of either family does not offer an action, and :data:`CATALOGUE`, the core's words as
templates (for each key its English template and its parameters' types: reasons, dead
hands, draws, fu parts, why a game ended, ...); rule families are
subpackages (:mod:`mahjong.riichi`, :mod:`mahjong.american`); every error is in
:mod:`mahjong.errors`.
"""

from mahjong import _install as _install  # isort: skip  (refuses an install clash first)
from mahjong import american, errors, riichi
from mahjong._core import CATALOGUE, Meld, Reason, Tiles, __version__

__all__ = ["CATALOGUE", "Meld", "Reason", "Tiles", "__version__", "american", "errors", "riichi"]
