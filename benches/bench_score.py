"""Riichi scoring: `score_batch` and `score` side by side with the reference `mahjong` 2.1.0
and RiichiEnv 0.4.11's scorer.

Same seeded random wins for all (tests/random_wins.py). Run for real with
``python -m pytest benches/bench_score.py --benchmark-enable --benchmark-only``.
The peers are installed apart and their benches skip without them:
``pip install --no-deps --target .ref mahjong==2.1.0`` and
``pip install --no-deps --target .riichienv riichienv==0.4.11``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from riichienv_peer import riichienv, riichienv_call, riichienv_points
from support.random_wins import RandomWin, random_wins
from support.reference_scoring import RULES, our_args, ours, record, reference_call

from mahjong.riichi import score, score_batch

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
    """`score()` one hand at a time, each hand's `Tiles`, `Meld`s and `WinContext` built from
    its physical ids inside the timed loop."""
    benchmark.group = "score"
    out = run(benchmark, lambda: [ours(w) for w in wins], len(wins), rounds=1)
    assert len(out) == len(wins)


def bench_score_scalar_prepared(benchmark: Any, wins: list[RandomWin]) -> None:
    """`score()` alone, its arguments (`Tiles`, `Meld`, `WinContext`) built beforehand as the
    peers' are."""
    benchmark.group = "score"
    args = [our_args(w) for w in wins]
    out = run(
        benchmark,
        lambda: [score(h, t, melds=m, context=c, rules=RULES) for h, t, m, c in args],
        len(wins),
        rounds=3,
    )
    assert len(out) == len(wins)


def bench_score_reference(benchmark: Any, wins: list[RandomWin]) -> None:
    benchmark.group = "score"
    calls = [reference_call(w) for w in wins]
    out = run(benchmark, lambda: [c.run() for c in calls], len(wins), rounds=1)
    points = score_batch(np.stack([record(w) for w in wins]), RULES)["points"]
    ref_points = [0 if r.error else r.cost["main"] + 2 * r.cost["additional"] for r in out]
    benchmark.extra_info["agree"] = points.tolist() == ref_points


def bench_score_riichienv(benchmark: Any, wins: list[RandomWin]) -> None:
    """RiichiEnv's scorer one hand at a time, inputs built beforehand (riichienv_peer.py).

    `agree_rate` is the share of wins where it pays what we do (`points`: before honba and
    deposits); `double_yakuman` counts the disagreements where it pays more yakuman than we do,
    as its scorer counts a thirteen-sided kokushi, a suuankou tanki and daisuushii as double
    yakuman whatever the rules (our "tenhou" preset: single)."""
    benchmark.group = "score"
    evaluator = riichienv().HandEvaluator
    calls = [riichienv_call(w) for w in wins]
    out = run(
        benchmark,
        lambda: [evaluator(h, m).calc(t, d, u, c) for h, m, t, d, u, c in calls],
        len(wins),
        rounds=3,
    )
    batch = score_batch(np.stack([record(w) for w in wins]), RULES)
    points, units = batch["points"].tolist(), batch["yakuman"].tolist()
    theirs = [riichienv_points(w, r) for w, r in zip(wins, out, strict=True)]
    agree = [a == b for a, b in zip(points, theirs, strict=True)]
    double = sum(
        not ok and n > 0 and b > a and b % (a // n) == 0
        for ok, a, b, n in zip(agree, points, theirs, units, strict=True)
    )
    benchmark.extra_info["agree_rate"] = sum(agree) / len(wins)
    benchmark.extra_info["double_yakuman"] = double
