"""Riichi scoring: `score_batch` and `score` side by side with the reference `mahjong` 2.1.0
and RiichiEnv 0.4.11's scorer; ours and RiichiEnv's also on three-player wins (tenhou-sanma:
no 2m-8m, no chi, Norths set aside, tsumo loss).

Same seeded random wins for all (tests/support/random_wins.py). Run for real with
``python -m pytest benches/bench_score.py --benchmark-enable --benchmark-only``.
The peers are installed apart and their benches skip without them:
``pip install --no-deps --target .ref mahjong==2.1.0`` and
``pip install --no-deps --target .riichienv riichienv==0.4.11``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from riichienv_peer import riichienv, riichienv_call, riichienv_points
from support.random_wins import RandomWin, random_wins
from support.reference_scoring import RULES, our_args, ours, record, reference_call

from mahjong.riichi import Ruleset, score, score_batch

SIZE = 100_000
SMOKE_SIZE = 1_000
RULESETS = {4: RULES, 3: Ruleset.preset("tenhou-sanma")}
PLAYERS = pytest.mark.parametrize("players", [4, 3])


@pytest.fixture(scope="module")
def wins(request: pytest.FixtureRequest) -> Callable[[int], list[RandomWin]]:
    """The random wins of games of a number of players (made once per number)."""
    size = SIZE if request.config.getoption("benchmark_enable", False) else SMOKE_SIZE
    return functools.cache(lambda players: random_wins(size, players=players))


def run(benchmark: Any, fn: Any, hands: int, rounds: int) -> Any:
    benchmark.extra_info["hands"] = hands
    result = benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        benchmark.extra_info["ns_per_hand"] = benchmark.stats.stats.mean / hands * 1e9
    return result


@PLAYERS
def bench_score_batch(benchmark: Any, wins: Callable[[int], list[RandomWin]], players: int) -> None:
    benchmark.group = "score"
    rules, hands = RULESETS[players], wins(players)
    records = np.stack([record(w, rules) for w in hands])
    out = run(benchmark, lambda: score_batch(records, rules), len(hands), rounds=10)
    assert out["points"].shape == (len(hands),)


@PLAYERS
def bench_score_scalar(
    benchmark: Any, wins: Callable[[int], list[RandomWin]], players: int
) -> None:
    """`score()` one hand at a time, each hand's `Tiles`, `Meld`s and `WinContext` built from
    its physical ids inside the timed loop."""
    benchmark.group = "score"
    rules, hands = RULESETS[players], wins(players)
    out = run(benchmark, lambda: [ours(w, rules) for w in hands], len(hands), rounds=1)
    assert len(out) == len(hands)


@PLAYERS
def bench_score_scalar_prepared(
    benchmark: Any, wins: Callable[[int], list[RandomWin]], players: int
) -> None:
    """`score()` alone, its arguments (`Tiles`, `Meld`, `WinContext`) built beforehand as the
    peers' are."""
    benchmark.group = "score"
    rules, hands = RULESETS[players], wins(players)
    args = [our_args(w) for w in hands]
    out = run(
        benchmark,
        lambda: [score(h, t, melds=m, context=c, rules=rules) for h, t, m, c in args],
        len(hands),
        rounds=3,
    )
    assert len(out) == len(hands)


def bench_score_reference(benchmark: Any, wins: Callable[[int], list[RandomWin]]) -> None:
    benchmark.group = "score"
    hands = wins(4)
    calls = [reference_call(w) for w in hands]
    out = run(benchmark, lambda: [c.run() for c in calls], len(hands), rounds=1)
    points = score_batch(np.stack([record(w) for w in hands]), RULES)["points"]
    ref_points = [0 if r.error else r.cost["main"] + 2 * r.cost["additional"] for r in out]
    benchmark.extra_info["agree"] = points.tolist() == ref_points


@PLAYERS
def bench_score_riichienv(
    benchmark: Any, wins: Callable[[int], list[RandomWin]], players: int
) -> None:
    """RiichiEnv's scorer one hand at a time, inputs built beforehand (riichienv_peer.py;
    ``HandEvaluator3P`` for three players).

    `agree_rate` is the share of wins where it pays what we do (`points`: before honba and
    deposits); `double_yakuman` counts the disagreements where it pays more yakuman than we do,
    as its scorer counts a thirteen-sided kokushi, a suuankou tanki and daisuushii as double
    yakuman whatever the rules (our "tenhou" preset: single)."""
    benchmark.group = "score"
    rules, hands = RULESETS[players], wins(players)
    evaluator = riichienv().HandEvaluator3P if players == 3 else riichienv().HandEvaluator
    calls = [riichienv_call(w, players) for w in hands]
    out = run(
        benchmark,
        lambda: [evaluator(h, m).calc(t, d, u, c) for h, m, t, d, u, c in calls],
        len(hands),
        rounds=3,
    )
    batch = score_batch(np.stack([record(w, rules) for w in hands]), rules)
    points, units = batch["points"].tolist(), batch["yakuman"].tolist()
    theirs = [riichienv_points(w, r, players) for w, r in zip(hands, out, strict=True)]
    agree = [a == b for a, b in zip(points, theirs, strict=True)]
    double = sum(
        not ok and n > 0 and b > a and b % (a // n) == 0
        for ok, a, b, n in zip(agree, points, theirs, units, strict=True)
    )
    benchmark.extra_info["agree_rate"] = sum(agree) / len(hands)
    benchmark.extra_info["double_yakuman"] = double
