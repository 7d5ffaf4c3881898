"""Native self-play across cores: one-deal Riichi games of random agents per second with one
worker, with two worker threads in one process (``workers=2``), and the machine's own
two-process ceiling measured in the same run: the same games split between two processes of
one worker each, started before the clock runs. ``scaling`` in the two-worker result's extra
info is its rate over that ceiling (the issue asks for 0.9 or more).

Run for real with ``python -m pytest benches/bench_native.py --benchmark-enable
--benchmark-only`` on a release-like build.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from mahjong import native

DEALS = 40_000
SMOKE_DEALS = 8
RESULTS: dict[str, float] = {}


@pytest.fixture(scope="module")
def enabled(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("benchmark_enable", False))


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    """Two processes forked with the package already imported, warmed by one game each."""
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as executor:
        list(executor.map(_play, [(0, 1), (1, 1)]))
        yield executor


def _play(block: tuple[int, int]) -> int:
    """Games seed .. seed + games - 1 of random agents on one worker."""
    seed, games = block
    native.simulate("riichi", ["random"] * 4, games, seed=seed, workers=1)
    return games


def _run(benchmark: Any, name: str, deals: int, play: Any, *args: Any) -> None:
    benchmark.group = "native scaling"
    benchmark.extra_info["deals"] = deals
    benchmark.pedantic(play, args=args, rounds=3, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        RESULTS[name] = deals / benchmark.stats.stats.mean
        benchmark.extra_info["deals_per_second"] = RESULTS[name]


def bench_native_one_worker(benchmark: Any, enabled: bool) -> None:
    deals = DEALS if enabled else SMOKE_DEALS
    _run(benchmark, "one worker", deals, _play, (0, deals))


def bench_native_two_processes(benchmark: Any, enabled: bool, pool: ProcessPoolExecutor) -> None:
    deals = DEALS if enabled else SMOKE_DEALS
    half = deals // 2
    _run(benchmark, "two processes", deals, lambda: sum(pool.map(_play, [(0, half), (half, half)])))


def bench_native_two_workers(benchmark: Any, enabled: bool) -> None:
    deals = DEALS if enabled else SMOKE_DEALS

    def play() -> None:
        native.simulate("riichi", ["random"] * 4, deals, workers=2)

    _run(benchmark, "two workers", deals, play)
    if "two processes" in RESULTS:
        benchmark.extra_info["scaling"] = RESULTS["two workers"] / RESULTS["two processes"]
