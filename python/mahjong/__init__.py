"""Rust-accelerated Mahjong: Japanese Riichi and American (NMJL-style) rules.

The shared tile model lives here (:class:`Tiles`, :class:`Meld`), and :class:`Reason`, why a
game of either family does not offer an action; rule families are
subpackages (:mod:`mahjong.riichi`, :mod:`mahjong.american`); every error is in
:mod:`mahjong.errors`.
"""

from mahjong import _install as _install  # isort: skip  (refuses an install clash first)
from mahjong import american, errors, riichi
from mahjong._core import Meld, Reason, Tiles, __version__

__all__ = ["Meld", "Reason", "Tiles", "__version__", "american", "errors", "riichi"]
