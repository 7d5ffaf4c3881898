"""Observation encoders: one seat's observation as numpy arrays, per call and in batches, with
RiichiEnv 0.4.11 (the nearest Rust-backed peer) in the same run.

Run for real with ``python -m pytest benches/bench_encoding.py --benchmark-enable
--benchmark-only`` on a release-like build (``pip install .`` or ``maturin develop --profile
ci``); ``us_per_call`` (per seat, the mean of 15 rounds) and ``us_per_call_min`` (the best
round) are in each result's extra info. The RiichiEnv benches need
``pip install --no-deps --target .riichienv riichienv==0.4.11`` and skip without it
(riichienv_peer.py). Targets: the basic encoding at most 2 us and the full one at most 20 us
per seat.

Every group times 500 mid-deal states (a seat on turn or with a claim after random play):

- ``encode riichi basic``: ``riichi.encode(observation)`` (74 x 34 float32), the same from the
  deal (``encode(deal, seat)``, which takes the observation first), one ``encode_batch`` call
  over all the deals (per seat; masks included), and RiichiEnv's ``Observation.encode()``
  (74 x 34 float32 as bytes) on observations it has made, and with ``np.frombuffer`` to an
  array.
- ``encode riichi full``: the same with ``full=True`` (194 x 34) against RiichiEnv's
  ``encode_extended()`` (215 x 34).
- ``action mask``: ``riichi.action_mask(observation)`` (155 int8).
- ``encode american``: ``american.encode(observation)`` basic (57 x 36) and full (60 x 36,
  tiles away from every card hand), and ``encode_batch`` over the deals.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from per_state import american_states, per_call, riichi_states, riichienv_states

from mahjong import american, riichi

STATES = 500
SMOKE = 5
# Rounds per measurement: the machine is shared, so the best of many rounds is the number.
ROUNDS = 15


@pytest.fixture(scope="module")
def count(request: pytest.FixtureRequest) -> int:
    return STATES if request.config.getoption("benchmark_enable", False) else SMOKE


def _observations(states: list[tuple[Any, int]]) -> list[Any]:
    return [deal.observation(seat) for deal, seat in states]


def _batch(benchmark: Any, states: list[tuple[Any, int]], encode_batch: Any, full: bool) -> None:
    """One batch call over every state, timed per seat."""
    deals = [deal for deal, _ in states]
    seats = np.array([seat for _, seat in states])
    benchmark.extra_info["states"] = len(states)
    benchmark.pedantic(
        encode_batch, args=(deals, seats), kwargs={"full": full}, rounds=ROUNDS, warmup_rounds=2
    )
    if not benchmark.disabled:
        benchmark.extra_info["us_per_call"] = benchmark.stats.stats.mean / len(states) * 1e6
        benchmark.extra_info["us_per_call_min"] = benchmark.stats.stats.min / len(states) * 1e6


@pytest.mark.parametrize("full", [False, True], ids=["basic", "full"])
def bench_riichi_encode(benchmark: Any, count: int, full: bool) -> None:
    benchmark.group = f"encode riichi {'full' if full else 'basic'}"
    observations = _observations(riichi_states(count))
    per_call(benchmark, observations, lambda o: riichi.encode(o, full=full), ROUNDS)


@pytest.mark.parametrize("full", [False, True], ids=["basic", "full"])
def bench_riichi_encode_from_deal(benchmark: Any, count: int, full: bool) -> None:
    benchmark.group = f"encode riichi {'full' if full else 'basic'}"
    per_call(benchmark, riichi_states(count), lambda s: riichi.encode(*s, full=full), ROUNDS)


@pytest.mark.parametrize("full", [False, True], ids=["basic", "full"])
def bench_riichi_encode_batch(benchmark: Any, count: int, full: bool) -> None:
    benchmark.group = f"encode riichi {'full' if full else 'basic'}"
    _batch(benchmark, riichi_states(count), riichi.encode_batch, full)


def _riichienv_observations(count: int) -> list[Any]:
    return [env.get_observations([seat])[seat] for env, seat in riichienv_states(count)]


def bench_riichienv_encode(benchmark: Any, count: int) -> None:
    benchmark.group = "encode riichi basic"
    per_call(benchmark, _riichienv_observations(count), lambda o: o.encode(), ROUNDS)


def bench_riichienv_encode_to_array(benchmark: Any, count: int) -> None:
    benchmark.group = "encode riichi basic"
    per_call(
        benchmark,
        _riichienv_observations(count),
        lambda o: np.frombuffer(o.encode(), np.float32).reshape(74, 34),
        ROUNDS,
    )


def bench_riichienv_encode_extended(benchmark: Any, count: int) -> None:
    benchmark.group = "encode riichi full"
    per_call(benchmark, _riichienv_observations(count), lambda o: o.encode_extended(), ROUNDS)


def bench_riichi_action_mask(benchmark: Any, count: int) -> None:
    benchmark.group = "action mask"
    per_call(benchmark, _observations(riichi_states(count)), riichi.action_mask, ROUNDS)


@pytest.mark.parametrize("full", [False, True], ids=["basic", "full"])
def bench_american_encode(benchmark: Any, count: int, full: bool) -> None:
    benchmark.group = "encode american"
    observations = _observations(american_states(count))
    per_call(benchmark, observations, lambda o: american.encode(o, full=full), ROUNDS)


@pytest.mark.parametrize("full", [False, True], ids=["basic", "full"])
def bench_american_encode_batch(benchmark: Any, count: int, full: bool) -> None:
    benchmark.group = "encode american"
    _batch(benchmark, american_states(count), american.encode_batch, full)
