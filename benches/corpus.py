"""Seeded hand corpora for the benchmarks."""

from __future__ import annotations

import numpy as np

SIZE = 100_000
SMOKE_SIZE = 2_000
SEQUENCE_STARTS = np.array([s * 9 + n for s in range(3) for n in range(7)])


def random_hands(count: int, tiles: int = 14, seed: int = 20261129) -> np.ndarray:
    """`count` hands of `tiles` tiles drawn from the 136-tile set, as uint8 counts (N, 34)."""
    rng = np.random.default_rng(seed)
    ids = np.argsort(rng.random((count, 136)), axis=1)[:, :tiles]
    counts = np.zeros((count, 34), np.uint8)
    np.add.at(counts, (np.repeat(np.arange(count), tiles), (ids // 4).ravel()), 1)
    return counts


def winning_hands(count: int, seed: int = 7) -> np.ndarray:
    """`count` complete 14-tile hands (pair + four random sets), as uint8 counts (N, 34)."""
    rng = np.random.default_rng(seed)
    out = np.zeros((count, 34), np.uint8)
    filled = 0
    while filled < count:
        batch = count - filled
        hands = np.zeros((batch, 34), np.int64)
        rows = np.arange(batch)
        np.add.at(hands, (rows, rng.integers(0, 34, batch)), 2)
        for _ in range(4):
            sequence = rng.random(batch) < 0.6
            first = np.where(
                sequence, rng.choice(SEQUENCE_STARTS, batch), rng.integers(0, 34, batch)
            )
            for offset in range(3):
                np.add.at(hands, (rows, first + offset * sequence), 1)
        ok = hands.max(axis=1) <= 4
        good = hands[ok][: count - filled]
        out[filled : filled + len(good)] = good
        filled += len(good)
    return out
