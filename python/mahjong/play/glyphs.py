"""Tiles as the Unicode Mahjong Tiles block draws them (U+1F000 ...), for both families, and
whether this terminal can show them.

Most of the block is one cell wide, but the red dragon (U+1F004, 🀄) is two: every glyph is
given two cells (:func:`glyph_cells`) so that a row of tiles stays aligned.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import locale
import os
import sys

from rich.cells import cell_len

_WINDS = {"E": 0x1F000, "S": 0x1F001, "W": 0x1F002, "N": 0x1F003}
_RED_DRAGON, _GREEN_DRAGON, _WHITE_DRAGON = 0x1F004, 0x1F005, 0x1F006
_CHARACTERS, _BAMBOO, _CIRCLES = 0x1F007, 0x1F010, 0x1F019
_FLOWER, _JOKER = 0x1F022, 0x1F02A

# mjai names: 1m..9m characters, 1p..9p circles, 1s..9s bamboo (5mr a red five), P F C dragons.
_RIICHI_SUITS = {"m": _CHARACTERS, "p": _CIRCLES, "s": _BAMBOO}
_RIICHI_HONOURS = {**_WINDS, "P": _WHITE_DRAGON, "F": _GREEN_DRAGON, "C": _RED_DRAGON}
# American names: 1C..9C craks (characters), 1D..9D dots (circles), 1B..9B bams (bamboo).
_AMERICAN_SUITS = {"C": _CHARACTERS, "D": _CIRCLES, "B": _BAMBOO}
_AMERICAN_HONOURS = {
    **_WINDS,
    "R": _RED_DRAGON,
    "G": _GREEN_DRAGON,
    "0": _WHITE_DRAGON,
    "F": _FLOWER,
    "J": _JOKER,
}


def riichi_glyph(pai: str) -> str:
    """The glyph of an mjai tile (a red five shares the five's)."""
    if pai in _RIICHI_HONOURS:
        return chr(_RIICHI_HONOURS[pai])
    return chr(_RIICHI_SUITS[pai[1]] + int(pai[0]) - 1)


def american_glyph(tile: str) -> str:
    """The glyph of an American tile (the joker's is U+1F02A, the flower's U+1F022)."""
    if tile in _AMERICAN_HONOURS:
        return chr(_AMERICAN_HONOURS[tile])
    return chr(_AMERICAN_SUITS[tile[1]] + int(tile[0]) - 1)


def glyph_cells(glyph: str) -> str:
    """`glyph` filling exactly two cells: a one-cell glyph gets a space after it."""
    return glyph + " " * max(2 - cell_len(glyph), 0)


def unicode_ok() -> bool:
    """Whether the terminal is likely to draw mahjong glyphs: a UTF-8 locale and not the
    Linux console (whose font has none). ``--ascii`` overrides this."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    if encoding and encoding != "utf8":
        return False
    if os.environ.get("TERM", "") == "linux":
        return False
    return _libc_width(_WINDS["E"]) in (1, None)


def _libc_width(code: int) -> int | None:
    """The C library's width of a character in the current locale (what most terminals and
    tmux follow); None when it cannot be asked."""
    try:
        locale.setlocale(locale.LC_CTYPE, "")
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        width = libc.wcwidth
        width.argtypes = [ctypes.c_wchar]
        width.restype = ctypes.c_int
        result = int(width(chr(code)))
    except (OSError, AttributeError, TypeError, ValueError, locale.Error):
        return None
    return result if result >= 0 else None
