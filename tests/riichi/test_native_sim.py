"""Native Riichi self-play: the same bytes whatever the number of workers or blocks, tallies
that agree with the Python simulator's, the GIL released while games play, and typed errors
for bad arguments."""

from __future__ import annotations

import json
import threading

import pytest

from mahjong import _core, native
from mahjong.errors import InvalidArgumentError
from mahjong.riichi import Ruleset
from mahjong.riichi.tally import Tally

AGENTS = ["efficiency", "random", "efficiency", "random"]


def _run(workers: int, games: int = 24, **kw: object) -> native.SimResult:
    return native.simulate("riichi", AGENTS, games, seed=100, workers=workers, log=True, **kw)  # type: ignore[arg-type]


def test_the_same_bytes_whatever_the_workers() -> None:
    one = _run(1)
    for workers in (2, 3):
        other = _run(workers)
        assert other.lines() == one.lines()
        assert other.records() == one.records()
        assert other.tally() == one.tally()
    assert one.games == 24 and one.seed == 100 and one.family == "riichi"
    starts = [json.loads(line) for line in one.lines() if '"start_game"' in line]
    assert [s["game_seed"] for s in starts] == list(range(100, 124))


def test_blocks_are_the_run_in_pieces() -> None:
    whole = _run(2, games=20)
    pieces = list(native.blocks("riichi", AGENTS, 20, seed=100, block=7, workers=2, log=True))
    assert [p.games for p in pieces] == [7, 7, 6]
    assert [line for p in pieces for line in p.lines()] == whole.lines()
    assert native.tally(pieces) == native.tally([whole])
    with pytest.raises(InvalidArgumentError, match="block"):
        next(native.blocks("riichi", AGENTS, 5, block=0))


def test_the_tally_is_the_python_simulators() -> None:
    rules = Ruleset.from_dict({"preset": "tenhou"})
    run = native.simulate("riichi", AGENTS, 6, seed=3, rules=rules, log=True)
    records = native.game_records(run)
    assert [line for r in records for line in r.lines()] == run.lines()
    python = Tally()
    for record in records:
        python.add(record)
    ours = native.tally([run])
    assert isinstance(ours, Tally) and ours == python
    assert ours.games == 6 and ours.deals == sum(len(r.outcomes) for r in records)
    assert sum(ours.points) == 6 * sum(s["points"] for s in run.records()[0]["standings"])


def test_the_gil_is_released_while_games_play() -> None:
    done = threading.Event()
    ticks = 0

    def play() -> None:
        native.simulate("riichi", ["random"] * 4, 1500, workers=1)
        done.set()

    worker = threading.Thread(target=play)
    worker.start()
    while not done.is_set():
        ticks += 1
    worker.join()
    assert ticks > 1000


def test_bad_arguments_are_typed_errors_naming_the_value() -> None:
    with pytest.raises(InvalidArgumentError, match='"chess"'):
        _core.native_sim("chess", AGENTS, 1)
    with pytest.raises(InvalidArgumentError, match="4 agents, got 3"):
        native.simulate("riichi", "random,random,random", 1)
    with pytest.raises(InvalidArgumentError, match='"rando"'):
        native.simulate("riichi", "random,rando,random,random", 1)
    for workers in (0, 1025):
        with pytest.raises(InvalidArgumentError, match=f"workers must be 1..1024, got {workers}"):
            native.simulate("riichi", AGENTS, 1, workers=workers)
    with pytest.raises(InvalidArgumentError, match="games: -1"):
        native.simulate("riichi", AGENTS, -1)
    with pytest.raises(InvalidArgumentError, match="2\\^64-1"):
        native.simulate("riichi", AGENTS, 3, seed=2**64 - 2)
    with pytest.raises(InvalidArgumentError, match="out of range"):
        native.simulate("riichi", AGENTS, 1, seed=-1)
    with pytest.raises(TypeError, match="Ruleset"):
        native.simulate("riichi", AGENTS, 1, rules=_core.AmericanRules.preset("nmjl"))
    with pytest.raises(InvalidArgumentError, match="card is for American"):
        native.simulate("riichi", AGENTS, 1, card=_core.Card.builtin("house-2026"))
    with pytest.raises(TypeError, match="one per player"):
        _core.native_sim("riichi", "random", 1)  # type: ignore[arg-type]
    assert native.simulate("riichi", AGENTS, 0).games == 0
    assert native.simulate("riichi", AGENTS, 2, seed=2**64 - 2).games == 2
