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

import random
from collections.abc import Callable
from typing import Any

import pytest
from riichienv_peer import riichienv

from mahjong.riichi import Deal

STATES = 500
LOOP_DEALS = 500
SMOKE = 5


@pytest.fixture(scope="module")
def enabled(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("benchmark_enable", False))


def _states(count: int) -> list[tuple[Deal, int]]:
    """Mid-deal states: a seat that must act after 10..120 random decisions."""
    out: list[tuple[Deal, int]] = []
    seed = 0
    while len(out) < count:
        deal, rng = Deal(seed=seed), random.Random(seed)
        for _ in range(rng.randrange(10, 120)):
            if deal.is_over:
                break
            seat = deal.waiting()[0]
            codes = deal.legal_codes(seat)
            deal.apply(seat, codes[rng.randrange(len(codes))])
        if not deal.is_over:
            out.append((deal, deal.waiting()[0]))
        seed += 1
    return out


def _read(observation: Any) -> tuple[Any, ...]:
    """Reads what an agent reads: the hand, every pond and meld, the legal actions."""
    tables = [(player["pond"], player["melds"]) for player in observation["players"]]
    return observation["hand"], tables, observation["legal"]


def _per_call(benchmark: Any, states: list[Any], call: Callable[[Any], Any]) -> None:
    def run() -> None:
        for state in states:
            call(state)

    benchmark.extra_info["states"] = len(states)
    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        benchmark.extra_info["us_per_call"] = benchmark.stats.stats.mean / len(states) * 1e6


def bench_observation(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "observation"
    states = _states(STATES if enabled else SMOKE)
    _per_call(benchmark, states, lambda s: s[0].observation(s[1]))


def bench_observation_read(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "observation"
    states = _states(STATES if enabled else SMOKE)
    _per_call(benchmark, states, lambda s: _read(s[0].observation(s[1])))


def _riichienv_states(count: int) -> list[tuple[Any, int]]:
    """RiichiEnv one-kyoku games after 10..120 random steps, with a seat that must act."""
    env_class = riichienv().RiichiEnv
    out: list[tuple[Any, int]] = []
    seed = 0
    while len(out) < count:
        env, rng = env_class(game_mode=0, seed=seed), random.Random(seed)
        observations = env.reset()
        for _ in range(rng.randrange(10, 120)):
            if env.done():
                break
            observations = env.step(
                {s: rng.choice(o.legal_actions()) for s, o in observations.items()}
            )
        if not env.done():
            out.append((env, next(iter(observations))))
        seed += 1
    return out


def _riichienv_read(env: Any, seat: int) -> tuple[Any, ...]:
    observation = env.get_observations([seat])[seat]
    return (
        observation.hand,
        observation.discards,
        observation.melds,
        observation.legal_actions(),
    )


def bench_observation_riichienv(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "observation"
    states = _riichienv_states(STATES if enabled else SMOKE)
    _per_call(benchmark, states, lambda s: s[0].get_observations([s[1]]))


def bench_observation_read_riichienv(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "observation"
    states = _riichienv_states(STATES if enabled else SMOKE)
    _per_call(benchmark, states, lambda s: _riichienv_read(*s))


def _random_loop(deals: int, read: bool) -> int:
    """`deals` one-deal games, every decision a uniform choice among the legal codes; with
    `read`, the deciding seat's observation is read first."""
    for seed in range(deals):
        deal, rng = Deal(seed=seed), random.Random(seed)
        while not deal.is_over:
            for seat in deal.waiting():
                if read:
                    _read(deal.observation(seat))
                codes = deal.legal_codes(seat)
                deal.apply(seat, codes[rng.randrange(len(codes))])
    return deals


def _loop(benchmark: Any, deals: int, read: bool) -> None:
    benchmark.group = "observation loop"
    benchmark.extra_info["deals"] = deals
    benchmark.pedantic(_random_loop, args=(deals, read), rounds=3, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        benchmark.extra_info["deals_per_second"] = deals / benchmark.stats.stats.mean


def bench_random_loop(benchmark: Any, enabled: bool) -> None:
    _loop(benchmark, LOOP_DEALS if enabled else SMOKE, read=False)


def bench_random_loop_reading_observations(benchmark: Any, enabled: bool) -> None:
    _loop(benchmark, LOOP_DEALS if enabled else SMOKE, read=True)
