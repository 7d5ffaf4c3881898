"""The play tests need textual (the ``play`` extra, also in ``test``): without it they are
not collected. Tests that run the command in a real terminal (tmux) are marked ``terminal``
(the web table's tests are in ``tests/web``); CI may run them as a stage of their own with
``pytest tests/play -m terminal`` and the rest with ``-m "not terminal"``."""

from __future__ import annotations

import importlib.util

import pytest

if importlib.util.find_spec("textual") is None:
    collect_ignore_glob = ["test_*.py"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "terminal: runs mahjong play in tmux (slow)")
