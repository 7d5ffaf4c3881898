"""The native ``strong`` Riichi agent: it plays legal whole games in the native loop and
through ``NativeAgent`` in the Python loop, decides differently from the efficiency agent, and
``mahjong sim`` plays it natively (tests/test_every_agent.py seats it at every table)."""

from __future__ import annotations

import pytest

from mahjong import native
from mahjong.cli import main
from mahjong.riichi import Ruleset
from mahjong.riichi.game import EfficiencyAgent, play_game

MIXED = "strong,efficiency,strong,efficiency"


def test_strong_plays_whole_native_games() -> None:
    rules = Ruleset.from_dict({"preset": "tenhou"})
    run = native.simulate("riichi", MIXED, 6, seed=3, rules=rules, log=True, workers=1)
    assert run.names == ["StrongAgent", "EfficiencyAgent", "StrongAgent", "EfficiencyAgent"]
    tally = run.tally()
    assert tally["games"] == 6 and sum(tally["ranks"]) == 6 * 10
    for game in run.records():
        scores = [s["score"] for s in game["standings"]]
        assert sum(scores) == 4 * 25_000  # leftover deposits settled: zero-sum
    plain = native.simulate("riichi", ["efficiency"] * 4, 6, seed=3, rules=rules, log=True)
    assert run.lines()[1:] != plain.lines()[1:]


def test_strong_differs_from_efficiency_over_many_deals() -> None:
    ours = native.simulate("riichi", MIXED, 2000, seed=0).tally()
    theirs = native.simulate("riichi", ["efficiency"] * 4, 2000, seed=0).tally()
    assert ours != theirs
    # It folds more against riichi: fewer deal-ins at its seats than the efficiency seats'.
    assert ours["deal_ins"][0] + ours["deal_ins"][2] < ours["deal_ins"][1] + ours["deal_ins"][3]


def test_strong_as_a_native_agent_in_the_python_loop() -> None:
    rules = Ruleset.from_dict({"preset": "tenhou"})
    agent = native.NativeAgent("riichi", "strong")
    assert (agent.family, agent.name) == ("riichi", "strong")
    record = play_game([agent, EfficiencyAgent(), agent, EfficiencyAgent()], seed=5, rules=rules)
    assert sorted(s["rank"] for s in record.standings) == [1, 2, 3, 4]


def test_mahjong_sim_plays_strong_natively(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "20", "--agents", MIXED, "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "20 games" in out and "strong" in out
