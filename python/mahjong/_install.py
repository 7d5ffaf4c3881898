"""The install clash with the PyPI package ``mahjong`` (the pure-Python reference library, also
pulled in by ``mjai``): it installs its files into the same ``mahjong`` folder as this
distribution, ``mahjong-engine``, and replaces the ones both ship (``__init__.py``), so one of
the two silently stops working and ``pip check`` says nothing. :func:`check` finds such a
distribution installed beside this package and refuses the import with the fix.

Importing this module checks (the package and its public subpackages import it first, since
the other's ``__init__.py`` may be the one that ran). Only this package's own folder is looked
at, so the reference library installed elsewhere (``pip install --target .ref``) is no clash.
"""

from __future__ import annotations

import os
import re
from typing import Any

__all__ = ["ClashError", "check"]

FIX = "pip uninstall mahjong && pip install --force-reinstall mahjong-engine"
# The metadata folder of a distribution named mahjong (ours is mahjong_engine-...).
CANDIDATE = re.compile(r"mahjong-[^-]+(-py[0-9.]+)?\.(dist|egg)-info", re.IGNORECASE)


class ClashError(ImportError):
    """Another distribution owns files of this package's ``mahjong`` folder."""


def _owners(package: str) -> list[Any]:
    """The distributions named ``mahjong`` installed beside `package` (a package folder) that
    list files in it (importlib.metadata, slow to import, only when there is one)."""
    site, name = os.path.split(package)
    try:
        entries = [e.path for e in os.scandir(site) if CANDIDATE.fullmatch(e.name)]
    except OSError:
        return []
    if not entries:
        return []
    from importlib import metadata

    dists = [metadata.Distribution.at(path) for path in entries]
    return [d for d in dists if any(f.parts[:1] == (name,) for f in d.files or [])]


def check(package: str) -> None:
    """Raises ClashError, naming both distributions and the fix, when a distribution
    ``mahjong`` has files in `package` (a package folder)."""
    owners = _owners(package)
    if owners:
        version = owners[0].version
        raise ClashError(
            f"the PyPI package 'mahjong' {version} (the pure-Python reference library, also "
            f"installed by 'mjai') is installed over this package, 'mahjong-engine', in "
            f"{package}: both provide the module 'mahjong' and the later install replaced the "
            f"other's files. Fix: {FIX} (keep the other in a virtual environment of its own)"
        )


check(os.path.dirname(os.path.abspath(__file__)))
