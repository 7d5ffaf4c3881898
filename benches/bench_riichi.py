"""Riichi hand analysis: ours (scalar and batch) side by side with the reference `mahjong` 2.1.0.

Run for real with
``python -m pytest benches/bench_riichi.py --benchmark-enable --benchmark-only``;
in the normal test run every benchmark runs once on a small corpus as a smoke test.
Each result records ``hands`` and, when enabled, ``ns_per_hand`` in ``extra_info``.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from corpus import SIZE, SMOKE_SIZE, random_hands, winning_hands
from reference import reference

from mahjong import Tiles, riichi
from mahjong.errors import InvalidHandError


def corpus(benchmark: Any, make: Callable[[int], np.ndarray]) -> np.ndarray:
    return make(SMOKE_SIZE if benchmark.disabled else SIZE)


def run(benchmark: Any, fn: Callable[[], object], hands: int, rounds: int = 5) -> object:
    benchmark.extra_info["hands"] = hands
    result = benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        benchmark.extra_info["ns_per_hand"] = benchmark.stats.stats.mean / hands * 1e9
    return result


@pytest.fixture(scope="module")
def random14() -> Callable[[int], np.ndarray]:
    cache: dict[int, np.ndarray] = {}
    return lambda n: cache.setdefault(n, random_hands(n))


@pytest.fixture(scope="module")
def winning14() -> Callable[[int], np.ndarray]:
    cache: dict[int, np.ndarray] = {}
    return lambda n: cache.setdefault(n, winning_hands(n))


def bench_shanten_batch(benchmark: Any, random14: Callable[[int], np.ndarray]) -> None:
    benchmark.group = "shanten"
    hands = corpus(benchmark, random14)
    out = run(benchmark, lambda: riichi.shanten_batch(hands), len(hands), rounds=20)
    assert isinstance(out, np.ndarray) and out.shape == (len(hands),)


def bench_shanten_scalar(benchmark: Any, random14: Callable[[int], np.ndarray]) -> None:
    benchmark.group = "shanten"
    hands = corpus(benchmark, random14)
    tiles = [Tiles.from_counts(row) for row in hands]
    shanten = riichi.shanten
    out = run(benchmark, lambda: [shanten(t) for t in tiles], len(hands))
    assert out == riichi.shanten_batch(hands).tolist()


def bench_shanten_reference(benchmark: Any, random14: Callable[[int], np.ndarray]) -> None:
    benchmark.group = "shanten"
    calculate = reference()["mahjong.shanten"].Shanten.calculate_shanten
    hands = corpus(benchmark, random14)
    rows = hands.tolist()
    out = run(benchmark, lambda: [calculate(r) for r in rows], len(rows), rounds=1)
    benchmark.extra_info["agree"] = out == riichi.shanten_batch(hands).tolist()


def _halves(hands: np.ndarray) -> None:
    half = len(hands) // 2
    threads = [
        threading.Thread(target=riichi.shanten_batch, args=(part,))
        for part in (hands[:half], hands[half:])
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def bench_shanten_batch_two_threads(benchmark: Any, random14: Callable[[int], np.ndarray]) -> None:
    """Two threads, each on half the hands. Records `speedup`: the median over interleaved
    pairs of (one thread on all hands) / (two threads), which cancels slow drifts in machine
    load that separate benchmarks would pick up."""
    benchmark.group = "shanten"
    hands = corpus(benchmark, random14)
    run(benchmark, lambda: _halves(hands), len(hands), rounds=20)
    if not benchmark.disabled:
        ratios = []
        for _ in range(21):
            start = time.perf_counter()
            riichi.shanten_batch(hands)
            middle = time.perf_counter()
            _halves(hands)
            ratios.append((middle - start) / (time.perf_counter() - middle))
        benchmark.extra_info["speedup"] = statistics.median(ratios)


def bench_is_win_batch(benchmark: Any, winning14: Callable[[int], np.ndarray]) -> None:
    benchmark.group = "is_win"
    hands = corpus(benchmark, winning14)
    out = run(benchmark, lambda: riichi.is_win_batch(hands), len(hands), rounds=20)
    assert isinstance(out, np.ndarray) and out.all()


def bench_batch_row_copy(benchmark: Any, winning14: Callable[[int], np.ndarray]) -> None:
    """The copy every batch makes of its rows before it releases the interpreter, alone: the
    first row is no hand, so ``is_win_batch`` copies every row and stops at row 0."""
    benchmark.group = "is_win"
    hands = corpus(benchmark, winning14).copy()
    hands[0] = 4

    def copy_then_fail() -> None:
        with pytest.raises(InvalidHandError, match="row 0"):
            riichi.is_win_batch(hands)

    run(benchmark, copy_then_fail, len(hands), rounds=20)


def bench_is_win_reference(benchmark: Any, winning14: Callable[[int], np.ndarray]) -> None:
    benchmark.group = "is_win"
    is_agari = reference()["mahjong.agari"].Agari.is_agari
    rows = corpus(benchmark, winning14).tolist()
    out = run(benchmark, lambda: [is_agari(r) for r in rows], len(rows), rounds=1)
    benchmark.extra_info["agree"] = all(out)


def bench_decompose(benchmark: Any, winning14: Callable[[int], np.ndarray]) -> None:
    benchmark.group = "decompose"
    tiles = [Tiles.from_counts(row) for row in corpus(benchmark, winning14)]
    decompose = riichi.decompose
    out = run(benchmark, lambda: [decompose(t) for t in tiles], len(tiles))
    assert all(out)


def bench_decompose_reference(benchmark: Any, winning14: Callable[[int], np.ndarray]) -> None:
    benchmark.group = "decompose"
    divide = reference()["mahjong.hand_calculating.divider"].HandDivider.divide_hand
    rows = corpus(benchmark, winning14).tolist()
    out = run(benchmark, lambda: [divide(r) for r in rows], len(rows), rounds=1)
    benchmark.extra_info["agree"] = all(out)
