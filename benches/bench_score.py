"""Riichi scoring: `score_batch` and `score` side by side with the reference `mahjong` 2.1.0.

Same seeded random wins for all three (tests/random_wins.py). Run for real with
``python -m pytest benches/bench_score.py --benchmark-enable --benchmark-only``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from random_wins import RandomWin, random_wins
from reference_scoring import RULES, ours, record, reference_call

from mahjong.riichi import score_batch

SIZE = 100_000
SMOKE_SIZE = 1_000


@pytest.fixture(scope="module")
def wins(request: pytest.FixtureRequest) -> list[RandomWin]:
    enabled = request.config.getoption("benchmark_enable", False)
    return random_wins(SIZE if enabled else SMOKE_SIZE)


def run(benchmark: Any, fn: Any, hands: int, rounds: int) -> Any:
    benchmark.extra_info["hands"] = hands
    result = benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        benchmark.extra_info["ns_per_hand"] = benchmark.stats.stats.mean / hands * 1e9
    return result


def bench_score_batch(benchmark: Any, wins: list[RandomWin]) -> None:
    benchmark.group = "score"
    records = np.stack([record(w) for w in wins])
    out = run(benchmark, lambda: score_batch(records, RULES), len(wins), rounds=10)
    assert out["points"].shape == (len(wins),)


def bench_score_scalar(benchmark: Any, wins: list[RandomWin]) -> None:
    benchmark.group = "score"
    out = run(benchmark, lambda: [ours(w) for w in wins], len(wins), rounds=1)
    assert len(out) == len(wins)


def bench_score_reference(benchmark: Any, wins: list[RandomWin]) -> None:
    benchmark.group = "score"
    calls = [reference_call(w) for w in wins]
    out = run(benchmark, lambda: [c.run() for c in calls], len(wins), rounds=1)
    points = score_batch(np.stack([record(w) for w in wins]), RULES)["points"]
    ref_points = [0 if r.error else r.cost["main"] + 2 * r.cost["additional"] for r in out]
    benchmark.extra_info["agree"] = points.tolist() == ref_points
