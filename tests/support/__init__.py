"""Test helpers: the third-party reference data and random hands."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TEST_DATA = REPO / "tests" / "data"
DATA = Path(os.environ.get("MAHJONG_DATA_DIR", REPO.parent / "shared" / "data"))


def data_path(*parts: str) -> Path:
    """A file or folder of the reference data; skips the test when it is not there."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(
            f"reference data {path} not found: put the shared data at ../shared/data "
            "relative to the repository root or set MAHJONG_DATA_DIR"
        )
    return path


def random_counts(rng: random.Random, size: int) -> list[int]:
    """Counts of `size` tiles drawn without replacement from the 136-tile set."""
    counts = [0] * 34
    for tile in rng.sample(range(136), size):
        counts[tile // 4] += 1
    return counts
