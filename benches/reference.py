"""Loads the pure-Python reference library `mahjong` 2.1.0 next to ours.

It owns the same import name, so it is installed apart (``pip install --no-deps --target .ref
mahjong==2.1.0``) and imported with our modules stashed away, then ours are put back. The
reference modules keep working afterwards: it does no imports inside functions.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

REF_DIR = Path(__file__).resolve().parents[1] / ".ref"
MODULES = [
    "mahjong.shanten",
    "mahjong.agari",
    "mahjong.tile",
    "mahjong.hand_calculating.divider",
    "mahjong.hand_calculating.hand",
    "mahjong.hand_calculating.hand_config",
    "mahjong.meld",
]


def _load() -> dict[str, ModuleType]:
    ours = {name: mod for name, mod in sys.modules.items() if name.split(".")[0] == "mahjong"}
    for name in ours:
        del sys.modules[name]
    sys.path.insert(0, str(REF_DIR))
    try:
        loaded = {name: importlib.import_module(name) for name in MODULES}
    finally:
        sys.path.remove(str(REF_DIR))
        for name in [n for n in sys.modules if n.split(".")[0] == "mahjong"]:
            del sys.modules[name]
        sys.modules.update(ours)
    return loaded


_CACHE: dict[str, ModuleType] = {}


def reference() -> dict[str, ModuleType]:
    """The reference modules by name; skips the calling test when they are not installed."""
    if not _CACHE:
        if not (REF_DIR / "mahjong" / "shanten.py").exists():
            pytest.skip(
                f"reference library not found in {REF_DIR}: "
                "pip install --no-deps --target .ref mahjong==2.1.0"
            )
        _CACHE.update(_load())
    return _CACHE
