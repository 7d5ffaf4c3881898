"""Native American self-play: the same bytes whatever the number of workers or blocks,
tallies that agree with the Python simulator's, and typed errors for bad arguments."""

from __future__ import annotations

import pytest

from mahjong import _core, native
from mahjong.american import AmericanRules, Card
from mahjong.american.tally import Tally
from mahjong.errors import InvalidArgumentError

AGENTS = ["card", "random", "random", "card"]
CARD = Card.builtin("house-2026")


def _run(workers: int, games: int = 24) -> native.SimResult:
    return native.simulate("american", AGENTS, games, seed=50, workers=workers, log=True)


def test_the_same_bytes_whatever_the_workers() -> None:
    one = _run(1)
    for workers in (2, 3):
        other = _run(workers)
        assert other.lines() == one.lines()
        assert other.records() == one.records()
        assert other.tally() == one.tally()
    assert one.family == "american"
    assert one.names == ["CardAgent", "RandomAgent", "RandomAgent", "CardAgent"]
    assert sum(line.startswith('{"type":"start_session"') for line in one.lines()) == 24


def test_blocks_are_the_run_in_pieces() -> None:
    whole = _run(2, games=10)
    pieces = list(native.blocks("american", AGENTS, 10, seed=50, block=4, workers=2, log=True))
    assert [line for p in pieces for line in p.lines()] == whole.lines()
    assert native.tally(pieces) == native.tally([whole])
    with pytest.raises(InvalidArgumentError, match="cannot add"):
        native.tally([whole, native.simulate("riichi", ["random"] * 4, 1)])


def test_the_tally_is_the_python_simulators() -> None:
    rules = AmericanRules.preset("table")
    run = native.simulate("american", AGENTS, 30, seed=9, rules=rules, card=CARD, log=True)
    python = Tally()
    for record in native.game_records(run):
        python.add(record)
        assert sum(record.scores) == 0
    ours = native.tally([run])
    assert isinstance(ours, Tally) and ours == python and ours.games == 30
    with pytest.raises(InvalidArgumentError, match="log=True"):
        native.game_records(native.simulate("american", AGENTS, 1))


def test_bad_arguments_are_typed_errors_naming_the_value() -> None:
    with pytest.raises(InvalidArgumentError, match='"efficiency"'):
        native.simulate("american", "efficiency,card,card,card", 1)
    with pytest.raises(TypeError, match="AmericanRules"):
        native.simulate("american", AGENTS, 1, rules=_core.Ruleset.preset("tenhou"))
    assert native.simulate("american", AGENTS, 0).tally()["games"] == 0
