"""The web table's tests need aiohttp (the ``play`` extra): without it they are not collected.
Tests that drive a real browser are marked ``browser`` and skip, saying why, when Playwright
or Debian's Chromium (``/usr/bin/chromium``) is missing; ``pytest -m browser`` runs only them."""

from __future__ import annotations

import importlib.util

if importlib.util.find_spec("aiohttp") is None or importlib.util.find_spec("textual") is None:
    collect_ignore_glob = ["test_*.py"]
