"""Observations: what one seat may see, per call and inside a random self-play loop that reads
it at every decision, with RiichiEnv 0.4.11 (the nearest Rust-backed peer) in the same run.

Run for real with ``python -m pytest benches/bench_observation.py --benchmark-enable
--benchmark-only`` (a release-like build: ``pip install .`` or ``maturin develop --profile
ci``). The RiichiEnv benches need ``pip install --no-deps --target .riichienv riichienv==0.4.11``
and skip without it (riichienv_peer.py).

- ``observation`` groups one call on 500 mid-deal states (each seat on turn or with a claim
  after 10..120 random decisions): ``Deal.observation(seat)`` against RiichiEnv's
  ``get_observations([seat])``, and both with the hand, every pond and meld and the legal
  actions read (RiichiEnv: ``hand``, ``discards``, ``melds``, ``legal_actions()``).
- ``observation loop`` plays one-deal games choosing uniformly among the legal codes: without
  reading anything, and reading the observation at every decision as above.
"""

from __future__ import annotations

from typing import Any

import pytest
from per_state import per_call, riichi_states, riichienv_states

from mahjong.bench import random_loop, read_observation

STATES = 500
LOOP_DEALS = 500
SMOKE = 5


@pytest.fixture(scope="module")
def enabled(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("benchmark_enable", False))


def bench_observation(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "observation"
    states = riichi_states(STATES if enabled else SMOKE)
    per_call(benchmark, states, lambda s: s[0].observation(s[1]))


def bench_observationread_observation(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "observation"
    states = riichi_states(STATES if enabled else SMOKE)
    per_call(benchmark, states, lambda s: read_observation(s[0].observation(s[1])))


def _riichienvread_observation(env: Any, seat: int) -> tuple[Any, ...]:
    observation = env.get_observations([seat])[seat]
    return (
        observation.hand,
        observation.discards,
        observation.melds,
        observation.legal_actions(),
    )


def bench_observation_riichienv(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "observation"
    states = riichienv_states(STATES if enabled else SMOKE)
    per_call(benchmark, states, lambda s: s[0].get_observations([s[1]]))


def bench_observation_read_riichienv(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "observation"
    states = riichienv_states(STATES if enabled else SMOKE)
    per_call(benchmark, states, lambda s: _riichienvread_observation(*s))


def _loop(benchmark: Any, deals: int, read: bool) -> None:
    benchmark.group = "observation loop"
    benchmark.extra_info["deals"] = deals
    benchmark.pedantic(random_loop, args=(deals, read), rounds=3, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        benchmark.extra_info["deals_per_second"] = deals / benchmark.stats.stats.mean


def bench_random_loop(benchmark: Any, enabled: bool) -> None:
    _loop(benchmark, LOOP_DEALS if enabled else SMOKE, read=False)


def bench_random_loop_reading_observations(benchmark: Any, enabled: bool) -> None:
    _loop(benchmark, LOOP_DEALS if enabled else SMOKE, read=True)
