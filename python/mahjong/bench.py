"""``mahjong bench``: how fast the package is on this machine, beside the peers installed.

Each task times one kind of work as the median of N repeats (with the fastest and slowest):
the hand kernels per hand in microseconds (``median_us``), self-play in deals a second
(``per_s``). Our rows are ``mahjong-engine``'s; where a peer does the same work it is timed
in the same run, on the same inputs, with its ``ratio``: how many times as fast we are.

Peers, each measured only when installed: RiichiEnv 0.4.11 (the folder `riichienv_path`, as
``pip install --no-deps --target .riichienv riichienv==0.4.11`` makes it), and the
pure-Python reference ``mahjong`` 2.1.0 (the folder `ref_path`, as ``pip install --no-deps
--target .ref mahjong==2.1.0`` makes it), which owns our import name and so is measured in a
child process. A peer that is missing is skipped with a line saying so.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import Progress

from mahjong import Tiles, __version__, native, riichi
from mahjong._atomic import atomic_file
from mahjong.american import Card, physical_kinds
from mahjong.errors import InvalidArgumentError

__all__ = [
    "OURS",
    "REFERENCE",
    "RIICHIENV",
    "TASKS",
    "Result",
    "markdown",
    "random_loop",
    "read_observation",
    "riichi_states",
    "riichienv_loop",
    "riichienv_states",
    "run_tasks",
    "select",
]

OURS = "mahjong-engine"
RIICHIENV = "riichienv"
REFERENCE = "mahjong-2.1.0"


@dataclass(frozen=True)
class Size:
    """How much work one repeat does, and how many repeats (full run, ``--quick``)."""

    hands: int
    deals: int
    native_deals: int
    repeats: int


FULL = Size(hands=20_000, deals=300, native_deals=10_000, repeats=5)
QUICK = Size(hands=2_000, deals=40, native_deals=1_000, repeats=3)


@dataclass(frozen=True)
class Result:
    """One task timed for one implementation: the median, fastest and slowest repeat per unit
    of work (microseconds a hand, or deals a second), and our speed over the peer's."""

    task: str
    impl: str
    unit: str
    median: float
    low: float
    high: float
    repeats: int
    ratio: float | None = None

    def row(self) -> dict[str, Any]:
        """The row of ``--json``: `task`, `impl`, ``median_us`` or ``per_s``, its range."""
        key = "median_us" if self.unit == "us" else "per_s"
        row: dict[str, Any] = {"task": self.task, "impl": self.impl, key: self.median}
        row |= {"min": self.low, "max": self.high, "repeats": self.repeats}
        if self.ratio is not None:
            row["ratio"] = self.ratio
        return row


@dataclass
class Inputs:
    """The run's inputs, the same for every implementation: random 14-tile hands and complete
    hands as tile counts (N, 34), American hands (N, 36), wins to score."""

    size: Size
    hands: np.ndarray = field(init=False)
    wins: np.ndarray = field(init=False)
    american: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        rng = np.random.default_rng(20261202)
        self.hands = _draw(rng, self.size.hands, 136, np.arange(136) // 4, 34)
        self.wins = _complete(rng, self.size.hands)
        self.american = _draw(rng, self.size.hands, 152, np.array(physical_kinds()), 36)

    def win_calls(self) -> list[tuple[list[int], int, int, bool]]:
        """The complete hands as wins: physical ids (the kind's first copies), the winning
        tile's id (the hand's first), a dora indicator's id (a kind's last copy, not held),
        and whether by tsumo."""
        out = []
        for i, row in enumerate(self.wins.tolist()):
            ids = [4 * kind + n for kind, count in enumerate(row) for n in range(count)]
            dora = next(k for k in range(i, i + 34) if row[k % 34] < 4) % 34
            out.append((ids, ids[0], 4 * dora + 3, i % 2 == 0))
        return out


def _draw(rng: np.random.Generator, count: int, tiles: int, kinds: Any, width: int) -> np.ndarray:
    """`count` hands of 14 tiles drawn from `tiles` physical tiles of `kinds`, as counts."""
    ids = np.argsort(rng.random((count, tiles)), axis=1)[:, :14]
    counts = np.zeros((count, width), np.uint8)
    np.add.at(counts, (np.repeat(np.arange(count), 14), kinds[ids].ravel()), 1)
    return counts


def _complete(rng: np.random.Generator, count: int) -> np.ndarray:
    """`count` complete hands: a pair and four sets (sequences or triplets), at most four of
    a kind."""
    starts = [s * 9 + n for s in range(3) for n in range(7)]
    out: list[list[int]] = []
    while len(out) < count:
        row = [0] * 34
        row[int(rng.integers(34))] += 2
        for _ in range(4):
            if rng.random() < 0.6:
                first = starts[int(rng.integers(len(starts)))]
                for k in range(first, first + 3):
                    row[k] += 1
            else:
                row[int(rng.integers(34))] += 3
        if max(row) <= 4:
            out.append(row)
    return np.array(out, np.uint8)


# A task's work for one implementation: made once from the inputs, it returns the call that
# one repeat times and the units of work that call does.
Work = Callable[[Inputs], tuple[Callable[[], object], int]]


@dataclass(frozen=True)
class Task:
    """A task: its name, its unit (``us`` a hand or ``per_s`` deals) and our work."""

    name: str
    unit: str
    ours: Work


def _per_hand(make: Callable[[Inputs], Callable[[], object]]) -> Work:
    return lambda inputs: (make(inputs), inputs.size.hands)


def _shanten(inputs: Inputs) -> Callable[[], object]:
    tiles = [Tiles.from_counts(row) for row in inputs.hands]
    return lambda: [riichi.shanten(t) for t in tiles]


def _decompose(inputs: Inputs) -> Callable[[], object]:
    tiles = [Tiles.from_counts(row) for row in inputs.wins]
    return lambda: [riichi.decompose(t) for t in tiles]


def _is_win(inputs: Inputs) -> Callable[[], object]:
    tiles = [Tiles.from_counts(row) for row in inputs.wins]
    return lambda: [riichi.is_win(t) for t in tiles]


def _score_args(inputs: Inputs) -> list[tuple[Tiles, int, riichi.WinContext]]:
    return [
        (
            Tiles.from_ids(ids),
            win // 4,
            riichi.WinContext(tsumo=tsumo, riichi=True, dora_indicators=[dora // 4]),
        )
        for ids, win, dora, tsumo in inputs.win_calls()
    ]


def _score(inputs: Inputs) -> Callable[[], object]:
    args = _score_args(inputs)
    rules = riichi.Ruleset.preset("tenhou")
    return lambda: [riichi.score(h, w, context=c, rules=rules) for h, w, c in args]


def _score_batch(inputs: Inputs) -> Callable[[], object]:
    records = np.stack([riichi.encode_win(h, w, context=c) for h, w, c in _score_args(inputs)])
    rules = riichi.Ruleset.preset("tenhou")
    return lambda: riichi.score_batch(records, rules)


def _card_batch(method: str) -> Callable[[Inputs], Callable[[], object]]:
    def make(inputs: Inputs) -> Callable[[], object]:
        call = getattr(Card.builtin("house-2026"), method)
        return lambda: call(inputs.american)

    return make


def riichi_states(count: int) -> list[tuple[riichi.Deal, int]]:
    """Deals after 10..120 random decisions, each with the seat that must act."""
    out: list[tuple[riichi.Deal, int]] = []
    seed = 0
    while len(out) < count:
        deal, rng = riichi.Deal(seed=seed), random.Random(seed)
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


def _per_state(call: Callable[[riichi.Deal, int], object]) -> Work:
    def make(inputs: Inputs) -> tuple[Callable[[], object], int]:
        states = riichi_states(max(inputs.size.deals, 20))
        return (lambda: [call(deal, seat) for deal, seat in states]), len(states)

    return make


def read_observation(observation: Any) -> tuple[Any, ...]:
    """What an agent reads: the hand, every pond and meld, the legal actions."""
    tables = [(player["pond"], player["melds"]) for player in observation["players"]]
    return observation["hand"], tables, observation["legal"]


def random_loop(deals: int, read: bool) -> int:
    """Plays `deals` one-deal games in the Python loop (seeds 0..deals-1), every decision
    uniform over the seat's legal codes; with `read`, the deciding seat's observation is read
    first (:func:`read_observation`)."""
    for seed in range(deals):
        deal, rng = riichi.Deal(seed=seed), random.Random(seed)
        while not deal.is_over:
            for seat in deal.waiting():
                if read:
                    read_observation(deal.observation(seat))
                codes = deal.legal_codes(seat)
                deal.apply(seat, codes[rng.randrange(len(codes))])
    return deals


def _python_loop(read: bool) -> Work:
    def make(inputs: Inputs) -> tuple[Callable[[], object], int]:
        deals = inputs.size.deals
        return (lambda: random_loop(deals, read)), deals

    return make


def _native(workers: int) -> Work:
    def make(inputs: Inputs) -> tuple[Callable[[], object], int]:
        deals = inputs.size.native_deals
        return (lambda: native.simulate("riichi", ["random"] * 4, deals, workers=workers)), deals

    return make


TASKS: tuple[Task, ...] = (
    Task("shanten", "us", _per_hand(_shanten)),
    Task("shanten_batch", "us", _per_hand(lambda i: lambda: riichi.shanten_batch(i.hands))),
    Task("is_win", "us", _per_hand(_is_win)),
    Task("is_win_batch", "us", _per_hand(lambda i: lambda: riichi.is_win_batch(i.wins))),
    Task("decompose", "us", _per_hand(_decompose)),
    Task("score", "us", _per_hand(_score)),
    Task("score_batch", "us", _per_hand(_score_batch)),
    Task("american_distance_batch", "us", _per_hand(_card_batch("distance_batch"))),
    Task("american_match_batch", "us", _per_hand(_card_batch("match_batch"))),
    Task("observation", "us", _per_state(lambda deal, seat: deal.observation(seat))),
    Task(
        "observation_read",
        "us",
        _per_state(lambda deal, seat: read_observation(deal.observation(seat))),
    ),
    Task("encode", "us", _per_state(riichi.encode)),
    Task("selfplay_python", "per_s", _python_loop(read=False)),
    Task("selfplay_python_reading", "per_s", _python_loop(read=True)),
    Task("selfplay_native", "per_s", _native(1)),
    Task("selfplay_native_2_workers", "per_s", _native(2)),
)
"""Every task, in the order the table shows them."""


def _riichienv(path: Path) -> ModuleType | None:
    """RiichiEnv's extension module from the folder `path`, or None when it is not there or
    does not load."""
    if not (path / "riichienv" / "__init__.py").exists():
        return None
    sys.path.insert(0, str(path))
    try:
        return importlib.import_module("riichienv._riichienv")
    except ImportError:
        return None
    finally:
        sys.path.remove(str(path))


def riichienv_states(core: ModuleType, count: int) -> list[tuple[Any, int]]:
    """RiichiEnv (its extension module `core`) one-kyoku games after 10..120 random steps,
    each with a seat that must act."""
    out: list[tuple[Any, int]] = []
    seed = 0
    while len(out) < count:
        env, rng = core.RiichiEnv(game_mode=0, seed=seed), random.Random(seed)
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


RIICHIENV_ONE_KYOKU = {4: 0, 3: 3}
"""RiichiEnv's ``game_mode`` of a one-kyoku game by player count: its GameType.YON_IKKYOKU
and SAN_IKKYOKU (three players, with kita), the game over after the kyoku whatever the result
(renchan included)."""


def riichienv_loop(env_class: Any, deals: int, players: int = 4) -> int:
    """Plays `deals` one-kyoku RiichiEnv games of `players` (``env_class``: its ``RiichiEnv``),
    seeds 0..deals-1, each seat choosing uniformly among the legal actions its observation
    offers (one seeded generator per seat)."""
    for seed in range(deals):
        env = env_class(game_mode=RIICHIENV_ONE_KYOKU[players], seed=seed)
        rngs = [random.Random(seed * 4 + i) for i in range(players)]
        observations = env.reset()
        while not env.done():
            observations = env.step(
                {s: rngs[s].choice(o.legal_actions()) for s, o in observations.items()}
            )
    return deals


def _riichienv_work(core: ModuleType) -> dict[str, Work]:
    """RiichiEnv's work for the tasks it has: scoring a hand, an observation, and its
    gym-style loop of one-kyoku games with random choices."""
    east = core.Wind.East

    def score(inputs: Inputs) -> Callable[[], object]:
        calls = [
            (ids, win, [dora], core.Conditions(tsumo=tsumo, riichi=True, player_wind=east))
            for ids, win, dora, tsumo in inputs.win_calls()
        ]
        evaluator = core.HandEvaluator
        return lambda: [evaluator(ids, []).calc(w, d, [], c) for ids, w, d, c in calls]

    def observation(inputs: Inputs) -> tuple[Callable[[], object], int]:
        envs = riichienv_states(core, max(inputs.size.deals, 20))
        return (lambda: [env.get_observations([seat]) for env, seat in envs]), len(envs)

    def loop(inputs: Inputs) -> tuple[Callable[[], object], int]:
        deals = inputs.size.deals
        return (lambda: riichienv_loop(core.RiichiEnv, deals)), deals

    return {
        "score": _per_hand(score),
        "observation": observation,
        "selfplay_python": loop,
    }


# The reference library's side, run as a child process with `ref_path` first on its path: it
# reads the tasks, repeats and inputs as JSON on standard input and prints each task's
# repeat times (seconds) as JSON.
REFERENCE_SCRIPT = r"""
import json, sys, time
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.shanten import Shanten

job = json.load(sys.stdin)
hands, wins, calls = job["hands"], job["wins"], job["calls"]
rules = OptionalRules(has_open_tanyao=True, has_aka_dora=False)
configs = [HandConfig(is_tsumo=tsumo, is_riichi=True, options=rules) for *_, tsumo in calls]
work = {
    "shanten": lambda: [Shanten.calculate_shanten(h) for h in hands],
    "is_win": lambda: [Agari.is_agari(w) for w in wins],
    "decompose": lambda: [HandDivider.divide_hand(w) for w in wins],
    "score": lambda: [
        HandCalculator.estimate_hand_value(ids, win, None, [dora], config)
        for (ids, win, dora, _), config in zip(calls, configs)
    ],
}
times = {}
for task in job["tasks"]:
    work[task]()
    times[task] = []
    for _ in range(job["repeats"]):
        start = time.perf_counter()
        work[task]()
        times[task].append(time.perf_counter() - start)
print(json.dumps(times))
"""
REFERENCE_TASKS = ("shanten", "is_win", "decompose", "score")


def _reference_times(path: Path, tasks: Sequence[str], inputs: Inputs) -> dict[str, list[float]]:
    """The reference library's repeat times per task, from a child process."""
    job = {
        "tasks": list(tasks),
        "repeats": inputs.size.repeats,
        "hands": inputs.hands.tolist(),
        "wins": inputs.wins.tolist(),
        "calls": inputs.win_calls(),
    }
    folder = path.resolve()
    done = subprocess.run(
        [sys.executable, "-c", REFERENCE_SCRIPT],
        input=json.dumps(job),
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(folder)},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise InvalidArgumentError(
            f"the reference mahjong in {path} failed: {done.stderr.strip()[-500:]}"
        )
    times: dict[str, list[float]] = json.loads(done.stdout)
    return times


def _timed(call: Callable[[], object], repeats: int) -> list[float]:
    """The seconds each of `repeats` calls takes, after one untimed call."""
    call()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


def _result(task: Task, impl: str, times: list[float], units: int) -> Result:
    """`times` (seconds per repeat of `units` of work) as the task's unit."""
    if task.unit == "us":
        per = sorted(t / units * 1e6 for t in times)
    else:
        per = sorted(units / t for t in times)
    return Result(task.name, impl, task.unit, statistics.median(per), per[0], per[-1], len(per))


def _with_ratio(peer: Result, ours: Result) -> Result:
    """`peer` with our speed over its own."""
    ratio = peer.median / ours.median if peer.unit == "us" else ours.median / peer.median
    return replace(peer, ratio=ratio)


def select(only: str | None) -> tuple[Task, ...]:
    """The tasks named in `only` (comma-separated, in the table's order), or all of them; an
    unknown name raises :class:`InvalidArgumentError` listing the tasks."""
    if not only:
        return TASKS
    names = {n.strip() for n in only.split(",") if n.strip()}
    known = {t.name for t in TASKS}
    unknown = sorted(names - known)
    if unknown or not names:
        raise InvalidArgumentError(
            f"unknown task {', '.join(unknown) or repr(only)}; the tasks: {', '.join(known)}"
        )
    return tuple(t for t in TASKS if t.name in names)


def run_tasks(
    tasks: Sequence[Task] = TASKS,
    *,
    quick: bool = False,
    ref_path: str | os.PathLike[str] = ".ref",
    riichienv_path: str | os.PathLike[str] = ".riichienv",
    progress: Callable[[int], None] | None = None,
) -> tuple[list[Result], list[str]]:
    """Times `tasks` (default: all) for us and for each peer installed, `quick` with less
    work and fewer repeats; returns the results (our row of each task, then its peers'
    rows) and the lines saying which peers were skipped. `progress`, when given, is called
    with the number of measurements as they are done (the first call gives the total)."""
    inputs = Inputs(QUICK if quick else FULL)
    core = _riichienv(Path(riichienv_path))
    peer_work = {} if core is None else _riichienv_work(core)
    reference = Path(ref_path)
    has_reference = (reference / "mahjong" / "shanten.py").exists()
    notes = []
    if core is None:
        notes.append(
            f"riichienv: skipped, not installed in {riichienv_path} "
            "(pip install --no-deps --target .riichienv riichienv==0.4.11)"
        )
    if not has_reference:
        notes.append(
            f"mahjong-2.1.0: skipped, not installed in {ref_path} "
            "(pip install --no-deps --target .ref mahjong==2.1.0)"
        )
    ref_tasks = [t.name for t in tasks if has_reference and t.name in REFERENCE_TASKS]
    total = len(tasks) + sum(t.name in peer_work for t in tasks) + len(ref_tasks)
    step = progress or (lambda _n: None)
    step(total)
    ref_times = _reference_times(reference, ref_tasks, inputs) if ref_tasks else {}
    step(len(ref_tasks))
    results: list[Result] = []
    for task in tasks:
        call, units = task.ours(inputs)
        ours = _result(task, OURS, _timed(call, inputs.size.repeats), units)
        results.append(ours)
        step(1)
        if task.name in peer_work:
            call, units = peer_work[task.name](inputs)
            peer = _result(task, RIICHIENV, _timed(call, inputs.size.repeats), units)
            results.append(_with_ratio(peer, ours))
            step(1)
        if task.name in ref_times:
            peer = _result(task, REFERENCE, ref_times[task.name], inputs.size.hands)
            results.append(_with_ratio(peer, ours))
    return results, notes


def machine() -> str:
    """The machine the numbers are from: processor, cores, Python and the package version."""
    return (
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.system()}, Python {platform.python_version()}, "
        f"mahjong-engine {__version__}"
    )


def markdown(results: Sequence[Result]) -> str:
    """The results as a Markdown table: the median with the range, and each peer's ratio."""
    lines = ["| task | impl | median | min-max | we are |", "|---|---|---|---|---|"]
    for r in results:
        unit = "µs" if r.unit == "us" else "/s"
        digits = 2 if r.unit == "us" else 0
        ratio = "" if r.ratio is None else f"{r.ratio:.2f}x as fast"
        lines.append(
            f"| {r.task} | {r.impl} | {r.median:,.{digits}f} {unit} | "
            f"{r.low:,.{digits}f} - {r.high:,.{digits}f} | {ratio} |"
        )
    return "\n".join(lines)


@contextlib.contextmanager
def _bar(console: Console) -> Iterator[Callable[[int], None]]:
    """A progress bar on a terminal's standard error, advanced by the calls it yields (the
    first gives the total)."""
    with Progress(console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("measuring", total=None)
        first = [True]

        def step(n: int) -> None:
            if first[0]:
                bar.update(task, total=n)
                first[0] = False
            else:
                bar.advance(task, n)

        yield step


def run(args: argparse.Namespace) -> int:
    """``mahjong bench``: times the tasks, prints the table and writes ``--json``."""
    tasks = select(args.only)
    console = Console(stderr=True)
    with _bar(console) as step:
        results, notes = run_tasks(
            tasks,
            quick=args.quick,
            ref_path=args.ref_path,
            riichienv_path=args.riichienv_path,
            progress=step,
        )
    print(f"Measured on: {machine()}{' (--quick)' if args.quick else ''}")
    print(markdown(results))
    for note in notes:
        print(note)
    if args.json:
        document = {"machine": machine(), "quick": args.quick}
        document["results"] = [r.row() for r in results]
        document["skipped"] = notes
        with atomic_file(args.json) as out:
            json.dump(document, out, indent=1)
            out.write("\n")
        print(f"{args.json}: {len(results)} rows")
    return 0


EXAMPLES = """\
examples:
  mahjong bench --quick --only shanten,score --json bench.json
  mahjong bench --quick --only selfplay_native,selfplay_native_2_workers --ref-path .ref
"""


def add_command(commands: Any) -> None:
    """Adds ``bench`` to the ``mahjong`` command's verbs."""
    p = commands.add_parser(
        "bench",
        help="measure the package's speed on this machine, beside the peers installed",
        description="Time the hand kernels, observations and self-play (the median of N "
        "repeats with the range), and the peers that are installed on the same work.",
        epilog=EXAMPLES,
    )
    p.add_argument("--quick", action="store_true", help="less work, fewer repeats (under 60 s)")
    p.add_argument("--json", metavar="FILE", help="write the results as JSON to FILE")
    p.add_argument(
        "--only", metavar="TASK,...", help=f"only these tasks ({', '.join(t.name for t in TASKS)})"
    )
    p.add_argument(
        "--ref-path",
        default=".ref",
        metavar="DIR",
        help="the folder holding the reference mahjong 2.1.0",
    )
    p.add_argument(
        "--riichienv-path",
        default=".riichienv",
        metavar="DIR",
        help="the folder holding RiichiEnv 0.4.11",
    )
    p.set_defaults(run=run)
