"""American card engine: tiles away over the whole house card (batch) and discard advice.

Run for real with
``python -m pytest benches/bench_american.py --benchmark-enable --benchmark-only``
(after ``maturin develop --release``); in the normal test run every benchmark runs once on a
small corpus as a smoke test. Each result records ``hands`` and, when enabled,
``ns_per_hand`` in ``extra_info``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from bench_riichi import run

from mahjong import Tiles
from mahjong.american import Card, physical_kinds

SIZE = 20_000
SMOKE_SIZE = 500
DISCARD_SIZE = 2_000


def american_hands(count: int, tiles: int = 14, seed: int = 20261129) -> np.ndarray:
    """`count` hands of `tiles` tiles drawn from the 152-tile set, as uint8 counts (N, 36)."""
    rng = np.random.default_rng(seed)
    kinds = np.array(physical_kinds())
    ids = np.argsort(rng.random((count, 152)), axis=1)[:, :tiles]
    counts = np.zeros((count, 36), np.uint8)
    np.add.at(counts, (np.repeat(np.arange(count), tiles), kinds[ids].ravel()), 1)
    return counts


@pytest.fixture(scope="module")
def card() -> Card:
    return Card.builtin("house-2026")


def bench_distance_batch(benchmark: Any, card: Card) -> None:
    benchmark.group = "american distance"
    hands = american_hands(SMOKE_SIZE if benchmark.disabled else SIZE)
    out = run(benchmark, lambda: card.distance_batch(hands), len(hands), rounds=10)
    assert isinstance(out, np.ndarray) and out.shape == (len(hands),)
    assert out.max() <= 11


def bench_distances_batch_per_hand(benchmark: Any, card: Card) -> None:
    benchmark.group = "american distance"
    hands = american_hands(SMOKE_SIZE if benchmark.disabled else SIZE)
    out = run(benchmark, lambda: card.distances_batch(hands), len(hands), rounds=10)
    assert isinstance(out, np.ndarray) and out.shape == (len(hands), len(card))


def bench_discard_options(benchmark: Any, card: Card) -> None:
    benchmark.group = "american discard"
    rows = american_hands(SMOKE_SIZE if benchmark.disabled else DISCARD_SIZE, seed=7)
    hands = [Tiles.from_counts(row) for row in rows]
    options = card.discard_options
    out = run(benchmark, lambda: [options(h) for h in hands], len(hands))
    assert isinstance(out, list) and all(out)
