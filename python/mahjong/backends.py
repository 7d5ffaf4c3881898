"""Where ``mahjong sim``'s native games are played: on this machine's cores (``local``) or
spread over a Ray cluster (``ray``, the optional extra ``ray``).

Either way a run is cut into blocks of consecutive game indices, each played by the native
loop (:func:`mahjong.native.simulate`, game i on seed ``seed + i``), and the blocks come back
in game order, so the counts, records and logs of a run are the same bytes whatever the
backend, the number of blocks or of workers.
"""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from mahjong import native
from mahjong.agents import GameRecord
from mahjong.errors import InvalidArgumentError

__all__ = ["BACKENDS", "Block", "Run", "blocks", "connected", "plan", "play_block"]

BACKENDS = ("local", "ray")
LOCAL_BLOCK = 500
"""Games per block on this machine: small enough for a lively progress bar, large enough
that each block keeps every worker busy."""
TASKS_PER_CPU = 4
"""Ray tasks per CPU of the cluster (smaller tasks even out slower machines)."""


@dataclass(frozen=True)
class Run:
    """What a native run plays: the family, one agent name per seat, the games, the first
    seed, the rules, the card (American), the worker threads per process (None: every
    core) and whether the games' logs are kept."""

    family: native.Family
    agents: tuple[str, ...]
    games: int
    seed: int
    rules: Any
    card: Any = None
    workers: int | None = None
    log: bool = False


@dataclass(frozen=True)
class Block:
    """Consecutive games of a run: how many, the family's counts over them (the keys of its
    tally's fields) and, when the run keeps logs, each game's record with its log."""

    games: int
    counts: dict[str, Any]
    records: list[GameRecord]


def play_block(run: Run, start: int, count: int, workers: int | None) -> Block:
    """Games ``start`` .. ``start + count - 1`` of `run` on `workers` threads."""
    result = native.simulate(
        run.family,
        run.agents,
        count,
        seed=run.seed + start,
        rules=run.rules,
        card=run.card,
        workers=workers,
        log=run.log,
    )
    records = native.game_records(result) if run.log else []
    return Block(result.games, result.tally(), records)


def _spans(games: int, block: int) -> list[tuple[int, int]]:
    """The (start, count) of consecutive blocks of at most `block` games."""
    return [(start, min(block, games - start)) for start in range(0, games, block)]


@contextlib.contextmanager
def connected(backend: str = "local", address: str | None = None) -> Iterator[None]:
    """The run's connection: none on this machine; to the Ray cluster at `address` (or a
    local one started when none is given and none is running), closed afterwards when it was
    opened here."""
    if backend not in BACKENDS:
        raise InvalidArgumentError(f"backend must be one of {', '.join(BACKENDS)}; got {backend!r}")
    if backend == "local":
        if address is not None:
            raise InvalidArgumentError("--address is for --backend ray")
        yield
        return
    ray = _ray()
    opened = not ray.is_initialized()
    if opened:
        try:
            ray.init(
                address=address,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,  # no "Started a local Ray instance" on stderr
            )
        except (ConnectionError, RuntimeError, ValueError) as error:
            where = f"the Ray cluster at {address}" if address else "a local Ray"
            raise InvalidArgumentError(f"--backend ray: cannot reach {where}: {error}") from None
    elif address is not None:
        raise InvalidArgumentError(
            f"--address {address}: this process is already connected to a Ray cluster"
        )
    try:
        yield
    finally:
        if opened:
            ray.shutdown()


def plan(run: Run, backend: str = "local") -> list[tuple[int, int]]:
    """The blocks (start, count) `run` is cut into on `backend` (once :func:`connected`):
    blocks of :data:`LOCAL_BLOCK` games on this machine; on Ray about
    :data:`TASKS_PER_CPU` tasks per CPU of the cluster."""
    if backend == "local":
        return _spans(run.games, LOCAL_BLOCK)
    cpus = int(_ray().cluster_resources().get("CPU", 1))
    if (run.workers or 1) > cpus:  # a task would wait for CPUs the cluster does not have
        raise InvalidArgumentError(f"--workers {run.workers}: the Ray cluster has {cpus} CPUs")
    tasks = max(1, min(run.games, cpus * TASKS_PER_CPU))
    return _spans(run.games, math.ceil(run.games / tasks)) if run.games else []


def blocks(run: Run, spans: list[tuple[int, int]], backend: str = "local") -> Iterator[Block]:
    """The blocks `spans` of `run` (see :func:`plan`), played on `backend`, in game order."""
    if backend == "local":
        for start, count in spans:
            yield play_block(run, start, count, run.workers)
        return
    ray = _ray()
    workers = run.workers or 1
    remote = ray.remote(num_cpus=workers)(play_block)  # a task's threads are its CPUs
    futures = [remote.remote(run, start, count, workers) for start, count in spans]
    for future in futures:
        try:
            yield ray.get(future)
        except ray.exceptions.RayError as error:
            raise InvalidArgumentError(f"--backend ray: a task failed: {error}") from None


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise InvalidArgumentError(
            "--backend ray needs Ray: pip install 'mahjong-engine[ray]'"
        ) from None
    return ray
