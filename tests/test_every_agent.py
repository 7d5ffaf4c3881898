"""Every built-in agent at every table: one registry of names (:mod:`mahjong.registry`) read by
``mahjong sim`` in both loops, ``mahjong play`` (terminal and web sessions), ``mahjong bot
riichi``, the Gymnasium environments' opponents and the Python classes."""

from __future__ import annotations

import argparse
import io
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong import native, registry
from mahjong.american.game import CardAgent, ExpertCardAgent
from mahjong.cli import build_parser, main
from mahjong.errors import InvalidArgumentError
from mahjong.riichi import Deal, Ruleset
from mahjong.riichi.game import EfficiencyAgent, ExpertAgent, StrongAgent

RIICHI = list(registry.AGENTS["riichi"])
AMERICAN = list(registry.AGENTS["american"])


def test_the_registry_names_every_agent_once() -> None:
    assert RIICHI == ["random", "efficiency", "strong", "expert"]
    assert AMERICAN == ["random", "card", "expert"]
    assert {"riichi": tuple(RIICHI), "american": tuple(AMERICAN)} == native.AGENTS
    assert type(registry.make("riichi", " Strong ", 3)) is StrongAgent
    assert type(registry.make("riichi", "expert")) is ExpertAgent
    assert type(registry.make("american", "card", 0, _card())) is CardAgent
    assert type(registry.make("american", "expert", 0, _card())) is ExpertCardAgent
    with pytest.raises(InvalidArgumentError, match="riichi agents are random, efficiency"):
        registry.make("riichi", "card")
    with pytest.raises(InvalidArgumentError, match="need a card"):
        registry.make("american", "card")


def _card() -> Any:
    from mahjong.american import Card

    return Card.load("house-2026")


def test_the_python_classes_need_no_argument_and_take_a_seed() -> None:
    deal = Deal(seed=2)
    seat = deal.waiting()[0]
    legal = deal.legal_actions(seat)
    for agent in (StrongAgent(), StrongAgent(seed=1), ExpertAgent(), ExpertAgent(seed=5)):
        assert agent.act(deal.observation(seat), legal) in legal
    from mahjong.american import AmericanDeal

    american = AmericanDeal(_card(), seed=2)
    seat = american.waiting()[0]
    legal = american.legal_actions(seat)
    for expert in (ExpertCardAgent(), ExpertCardAgent(seed=1), ExpertCardAgent(_card(), seed=9)):
        assert expert.act(american.observation(seat), legal) in legal


def test_the_american_expert_decides_the_same_from_the_same_seed() -> None:
    """Its futures come from the seed: the same seed plays the same game, byte for byte."""
    runs = [
        native.simulate("american", "expert,card,expert,card", 2, seed=seed, log=True).jsonl()
        for seed in (4, 4, 5)
    ]
    assert runs[0] == runs[1] != runs[2] and b"ExpertCardAgent" in runs[0]


@pytest.mark.parametrize(
    ("family", "name"), [*(("riichi", n) for n in RIICHI), *(("american", n) for n in AMERICAN)]
)
@pytest.mark.parametrize("loop", ["--python", "--native"])
def test_mahjong_sim_seats_each_agent_in_both_loops(
    family: str, name: str, loop: str, capsys: pytest.CaptureFixture[str]
) -> None:
    own = "efficiency" if family == "riichi" else "card"
    agents = f"{name},{own},random,{own}"
    assert main(["sim", family, "--games", "1", "--agents", agents, loop, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "1 games" in out and name in out


def test_strong_plays_the_same_games_in_both_loops(tmp_path: Path) -> None:
    """The Python ``StrongAgent`` wraps the native one: the Python loop's logs are the native
    loop's, byte for byte."""
    argv = ["sim", "--games", "3", "--agents", "strong,efficiency,strong,efficiency"]
    logs = []
    for loop in ("--python", "--native"):
        path = tmp_path / f"{loop[2:]}.jsonl"
        assert main([*argv, loop, "--jsonl", str(path)]) == 0
        logs.append(path.read_bytes())
    assert logs[0] == logs[1] and b"StrongAgent" in logs[0]


def _parse(line: str) -> argparse.Namespace:
    return build_parser().parse_args(shlex.split(line)[1:])


def _play_a_deal(family: Any, seed: int, human: Any = None) -> Any:
    """A play session of `family` from `seed`, its human seat played by `human` (default: the
    efficiency agent), until the first deal ends."""
    from play.support import decide

    from mahjong.play.session import Session

    session = Session(family, seed)
    human = human or EfficiencyAgent()
    while not session.deal_over:
        session.run()
        if not session.deal_over:
            session.act(decide(session, human))
    session.close()
    return session


@pytest.mark.parametrize("web", [False, True], ids=["terminal", "web"])
def test_mahjong_play_seats_strong_and_expert(web: bool) -> None:
    from mahjong.play import command

    line = "mahjong play riichi --seed 3 --agents strong,expert,random"
    if web:
        pytest.importorskip("aiohttp")
        family = command.web_server(_parse(line + " --web")).make_family(None, None)
    else:
        family = command.family_from(_parse(line))
    session = _play_a_deal(family, 3)
    assert [type(a).__name__ for a in session.agents] == [
        "StrongAgent",
        "ExpertAgent",
        "RandomAgent",
    ]
    assert session.deal_over


@pytest.mark.parametrize("web", [False, True], ids=["terminal", "web"])
def test_mahjong_play_american_seats_the_expert(web: bool) -> None:
    from mahjong.play import command

    line = "mahjong play american --seed 3 --agents expert,card,random"
    if web:
        pytest.importorskip("aiohttp")
        family = command.web_server(_parse(line + " --web")).make_family(None, None)
    else:
        family = command.family_from(_parse(line))
    session = _play_a_deal(family, 3, CardAgent(_card()))
    assert [type(a).__name__ for a in session.agents] == [
        "ExpertCardAgent",
        "CardAgent",
        "RandomAgent",
    ]
    assert session.deal_over


@pytest.mark.parametrize("name", RIICHI)
def test_mahjong_bot_riichi_plays_each_agent(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    start = Deal(seed=1, rules=Ruleset.preset("tenhou")).events(0, seat=0)
    lines = [
        json.dumps([{"type": "start_game", "id": 0}]),
        json.dumps(start),
        json.dumps([{"type": "end_game"}]),
    ]
    stdin = io.TextIOWrapper(io.BytesIO(("\n".join(lines) + "\n").encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["bot", "riichi", "0", "--agent", name, "--seed", "2"]) == 0
    captured = capsys.readouterr()
    answers = [json.loads(line) for line in captured.out.splitlines()]
    assert [a["type"] for a in answers] == ["none", "dahai", "none"] and captured.err == ""


def test_mahjong_bot_riichi_plays_the_expert_under_three_player_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    start = Deal(seed=1, rules=SANMA).events(0, seat=0)
    lines = [
        json.dumps([{"type": "start_game", "id": 0, "names": ["a", "b", "c"]}]),
        json.dumps(start),
        json.dumps([{"type": "end_game"}]),
    ]
    stdin = io.TextIOWrapper(io.BytesIO(("\n".join(lines) + "\n").encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["bot", "riichi", "0", "--agent", "expert", "--rules", "tenhou-sanma"]) == 0
    captured = capsys.readouterr()
    answers = [json.loads(line)["type"] for line in captured.out.splitlines()]
    assert answers[0] == "none" and answers[1] in ("dahai", "nukidora") and captured.err == ""


@pytest.mark.parametrize("name", RIICHI)
def test_gym_opponents_by_name(name: str) -> None:
    pytest.importorskip("gymnasium")
    from mahjong.rl import RiichiGymEnv

    env = RiichiGymEnv(opponents=name)
    _, info = env.reset(seed=4)
    names = {type(a).__name__ for a in env._agents if a is not None}
    assert names == {type(registry.make("riichi", name)).__name__}
    for _ in range(5):
        mask = env.action_masks()
        _, _, done, _, info = env.step(int(mask.nonzero()[0][0]))
        if done:
            break
    assert "illegal_action" not in info


def test_gym_opponents_as_classes_and_a_bad_name() -> None:
    pytest.importorskip("gymnasium")
    from mahjong.rl import AmericanGymEnv, RiichiGymEnv

    env = RiichiGymEnv(opponents=ExpertAgent)
    env.reset(seed=1)
    assert {type(a) for a in env._agents if a is not None} == {ExpertAgent}
    env = RiichiGymEnv(opponents=[StrongAgent(), ExpertAgent(seed=2), EfficiencyAgent()])
    env.reset(seed=1)
    american = AmericanGymEnv(opponents="random")
    american.reset(seed=1)
    american = AmericanGymEnv(opponents="expert")
    american.reset(seed=1)
    assert {type(a) for a in american._agents if a is not None} == {ExpertCardAgent}
    with pytest.raises(
        InvalidArgumentError, match="opponents: american agents are random, card, expert"
    ):
        AmericanGymEnv(opponents="strong")
    sanma = RiichiGymEnv(rules="tenhou-sanma", opponents="expert")
    sanma.reset(seed=2)
    assert [type(a) for a in sanma._agents if a is not None] == [ExpertAgent] * 2


def test_mahjong_play_seats_the_strongest_agent_that_keeps_the_pace_by_default() -> None:
    from mahjong.play import command

    riichi = command.family_from(_parse("mahjong play riichi"))
    assert [type(a) for a in riichi.agents(1)] == [ExpertAgent] * 3
    sanma = command.family_from(_parse("mahjong play riichi --rules tenhou-sanma"))
    assert [type(a) for a in sanma.agents(1)] == [ExpertAgent] * 2
    american = command.family_from(_parse("mahjong play american"))
    assert [type(a) for a in american.agents(1)] == [ExpertCardAgent] * 3
    assert registry.TABLE_DEFAULT == {"riichi": "expert", "american": "expert"}


SANMA = Ruleset.preset("tenhou-sanma")


def test_the_expert_plays_three_players_at_every_table() -> None:
    from mahjong.play import command
    from mahjong.sim import RIICHI, Setup

    agents = RIICHI.make_agents("strong,expert,random", 1, Setup(SANMA))
    assert [type(a).__name__ for a in agents] == ["StrongAgent", "ExpertAgent", "RandomAgent"]
    one_deal = Ruleset.from_dict({"preset": "tenhou-sanma", "game_length": "one_deal"})
    run = native.simulate("riichi", ["strong", "expert", "random"], 2, rules=one_deal)
    assert run.tally()["games"] == 2
    table = command.family_from(
        _parse("mahjong play riichi --rules tenhou-sanma --agents expert,strong")
    )
    assert [type(a) for a in table.agents(1)] == [ExpertAgent, StrongAgent]
    deal = Deal(seed=1, rules=SANMA)
    seat = deal.waiting()[0]
    legal = deal.legal_actions(seat)
    assert ExpertAgent().act(deal.observation(seat), legal) in legal


def test_strong_and_expert_play_three_players_in_both_loops(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both loops play three-player games with every agent; without a seeded agent (the
    expert and random seats draw from each loop's own seeds) they are the same games."""
    argv = ["sim", "--rules", "tenhou-sanma", "--set", "game_length=one_deal", "--seed", "5"]
    logs = {}
    for loop in ("--python", "--native"):
        logs[loop] = tmp_path / f"{loop[2:]}.jsonl"
        seats = ["--agents", "strong,efficiency,strong", "--games", "3"]
        assert main([*argv, *seats, loop, "--jsonl", str(logs[loop])]) == 0
        assert "3 games" in capsys.readouterr().out
        assert main([*argv, "--agents", "expert,efficiency,strong", "--games", "1", loop]) == 0
        assert "1 games" in capsys.readouterr().out
    assert logs["--python"].read_bytes() == logs["--native"].read_bytes()


@pytest.mark.parametrize("table", [False, True])
def test_every_seat_seed_of_every_game_seed_makes_each_agent(table: bool) -> None:
    """A seat's seed is 4 * the game seed (up to 2^64 - 1) plus the seat: past 2^64, which the
    native agents' seeds wrap."""
    from mahjong.sim import RIICHI, Setup

    spec = "strong,expert,random,efficiency"
    agents = RIICHI.make_agents(spec, 2**64 - 1, Setup(Ruleset()), table=table)
    assert [type(a).__name__ for a in agents][:2] == ["StrongAgent", "ExpertAgent"]
