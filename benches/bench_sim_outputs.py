"""What ``mahjong sim``'s outputs cost: the same native run of one-deal Riichi games of random
agents without outputs, with ``--jsonl`` and with ``--jsonl --parquet``, timed in one run.
``log_cost`` in the extra info of the runs with outputs is their time over the bare run's (the
issue asks for 1.3 or less with ``--jsonl``).

Run for real with ``python -m pytest benches/bench_sim_outputs.py --benchmark-enable
--benchmark-only`` on a release-like build (the Parquet run needs the ``analysis`` extra).
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import pytest

from mahjong.cli import main

GAMES = 10_000
SMOKE_GAMES = 8
TIMES: dict[str, float] = {}


@pytest.fixture(scope="module")
def games(request: pytest.FixtureRequest) -> int:
    return GAMES if request.config.getoption("benchmark_enable", False) else SMOKE_GAMES


def _run(benchmark: Any, name: str, games: int, outputs: list[str]) -> None:
    benchmark.group = "sim outputs"
    benchmark.extra_info["games"] = games

    def sim() -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["sim", "--games", str(games), *outputs]) == 0

    benchmark.pedantic(sim, rounds=3, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        TIMES[name] = benchmark.stats.stats.median
        if name != "bare" and "bare" in TIMES:
            benchmark.extra_info["log_cost"] = TIMES[name] / TIMES["bare"]


def bench_sim_bare(benchmark: Any, games: int) -> None:
    _run(benchmark, "bare", games, [])


def bench_sim_jsonl(benchmark: Any, games: int, tmp_path: Path) -> None:
    _run(benchmark, "jsonl", games, ["--jsonl", str(tmp_path / "games.jsonl")])


def bench_sim_jsonl_parquet(benchmark: Any, games: int, tmp_path: Path) -> None:
    pytest.importorskip("pyarrow.parquet", reason="--parquet needs the analysis extra")
    outputs = ["--jsonl", str(tmp_path / "games.jsonl"), "--parquet", str(tmp_path / "d.parquet")]
    _run(benchmark, "jsonl and parquet", games, outputs)
