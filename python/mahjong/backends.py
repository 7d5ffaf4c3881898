"""Where ``mahjong sim``'s native games are played: on this machine's cores (``local``) or
spread over a Ray cluster (``ray``, the optional extra ``ray``).

Either way a run is cut into blocks of consecutive game indices, each played by the native
loop (:func:`mahjong.native.simulate`, game i on seed ``seed + i``), and the blocks come back
in game order, so the counts, records and logs of a run are the same bytes whatever the
backend, the number of blocks or of workers. Blocks are planned one at a time and at most
:data:`RAY_BLOCK` games long, and only a bounded number of Ray tasks are in flight, so the
memory a run takes does not grow with its number of games (``--games 100000000000`` plays,
block by block, as long as it is let).
"""

from __future__ import annotations

import collections
import contextlib
import logging
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from mahjong import native
from mahjong.agents import GameRecord
from mahjong.errors import InvalidArgumentError

__all__ = ["BACKENDS", "Block", "Run", "Spans", "blocks", "connected", "plan", "play_block"]

BACKENDS = ("local", "ray")
LOCAL_BLOCK = 500
"""Games per block on this machine: small enough for a lively progress bar, large enough
that each block keeps every worker busy."""
TASKS_PER_CPU = 4
"""Ray tasks per CPU of the cluster (smaller tasks even out slower machines); also the Ray
tasks in flight per CPU at a time."""
RAY_BLOCK = 20_000
"""Most games in one Ray task (a block's results are held until it is merged)."""


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


@dataclass(frozen=True)
class Spans:
    """The (start, count) of consecutive blocks of at most `block` of `games` games, made one
    at a time as they are iterated (never listed: a run may have 2^64 games)."""

    games: int
    block: int

    def __len__(self) -> int:
        return -(-self.games // self.block)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        for start in range(0, self.games, self.block):
            yield start, min(self.block, self.games - start)


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


def _cpus() -> int:
    """The CPUs of the Ray cluster this process is connected to."""
    return max(1, int(_ray().cluster_resources().get("CPU", 1)))


def plan(run: Run, backend: str = "local") -> Spans:
    """The blocks (start, count) `run` is cut into on `backend` (once :func:`connected`):
    blocks of :data:`LOCAL_BLOCK` games on this machine; on Ray about
    :data:`TASKS_PER_CPU` tasks per CPU of the cluster, of at most :data:`RAY_BLOCK` games."""
    if backend == "local":
        return Spans(run.games, LOCAL_BLOCK)
    cpus = _cpus()
    if (run.workers or 1) > cpus:  # a task would wait for CPUs the cluster does not have
        raise InvalidArgumentError(f"--workers {run.workers}: the Ray cluster has {cpus} CPUs")
    tasks = max(1, min(run.games, cpus * TASKS_PER_CPU))
    return Spans(run.games, min(RAY_BLOCK, max(1, math.ceil(run.games / tasks))))


def blocks(run: Run, spans: Spans, backend: str = "local") -> Iterator[Block]:
    """The blocks `spans` of `run` (see :func:`plan`), played on `backend`, in game order; on
    Ray at most :data:`TASKS_PER_CPU` tasks per CPU are submitted ahead of the one awaited."""
    if backend == "local":
        for start, count in spans:
            yield play_block(run, start, count, run.workers)
        return
    ray = _ray()
    workers = run.workers or 1
    remote = ray.remote(num_cpus=workers)(play_block)  # a task's threads are its CPUs
    ahead = _cpus() * TASKS_PER_CPU
    waiting: collections.deque[Any] = collections.deque()
    for start, count in spans:
        waiting.append(remote.remote(run, start, count, workers))
        if len(waiting) >= ahead:
            yield _result(ray, waiting.popleft())
    while waiting:
        yield _result(ray, waiting.popleft())


def _result(ray: Any, future: Any) -> Block:
    """A Ray task's block, or its failure as an InvalidArgumentError."""
    try:
        block: Block = ray.get(future)
    except ray.exceptions.RayError as error:
        raise InvalidArgumentError(f"--backend ray: a task failed: {error}") from None
    return block


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise InvalidArgumentError(
            "--backend ray needs Ray: pip install 'mahjong-engine[ray]'"
        ) from None
    return ray
