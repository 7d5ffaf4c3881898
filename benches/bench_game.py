"""Riichi game engine: complete deals per second with built-in agents in one process.

Run for real with ``python -m pytest benches/bench_game.py --benchmark-enable --benchmark-only``
(a release-like build: ``pip install .`` or ``maturin develop --profile ci``).
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjong.riichi import Deal
from mahjong.riichi.game import Agent, EfficiencyAgent, RandomAgent, play_deal

RANDOM_DEALS = 2_000
EFFICIENCY_DEALS = 200
SMOKE_DEALS = 5


@pytest.fixture(scope="module")
def enabled(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("benchmark_enable", False))


def _play(deals: int, agents: Any) -> int:
    for seed in range(deals):
        play_deal(Deal(seed=seed), agents(seed))
    return deals


def _run(benchmark: Any, deals: int, agents: Any) -> None:
    benchmark.extra_info["deals"] = deals
    benchmark.pedantic(_play, args=(deals, agents), rounds=3, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        benchmark.extra_info["deals_per_second"] = deals / benchmark.stats.stats.mean


def _random(seed: int) -> list[Agent]:
    return [RandomAgent(seed * 4 + i) for i in range(4)]


def _efficiency(seed: int) -> list[Agent]:
    return [EfficiencyAgent() for _ in range(4)]


def bench_deals_random_agents(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "riichi deals"
    _run(benchmark, RANDOM_DEALS if enabled else SMOKE_DEALS, _random)


def bench_deals_efficiency_agents(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "riichi deals"
    _run(benchmark, EFFICIENCY_DEALS if enabled else SMOKE_DEALS, _efficiency)
