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

_CHARACTERS, _CIRCLES, _BAMBOO = 0x1F007, 0x1F019, 0x1F010
# Honours by kind from 27: E S W N winds, then the white, green and red dragons.
_HONOURS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_FLOWER, _JOKER = 0x1F022, 0x1F02A


def tile_glyph(kind: int) -> str:
    """The glyph of a tile kind in the core's order (0-8 characters, 9-17 circles, 18-26
    bamboo, 27-33 winds and dragons, 34 flower, 35 joker); a red five shares the five's."""
    if kind < 27:
        suit = (_CHARACTERS, _CIRCLES, _BAMBOO)[kind // 9]
        return chr(suit + kind % 9)
    if kind < 34:
        return chr(_HONOURS[kind - 27])
    return chr(_FLOWER if kind == 34 else _JOKER)


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
    return _libc_width(_HONOURS[0]) in (1, None)


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
