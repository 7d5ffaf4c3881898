"""The native Riichi agents against their Python references: the native efficiency agent makes
exactly the decisions of the Python EfficiencyAgent (same logs, seat for seat, in mixed tables
and in whole games), and the native agents play only legal actions.

``MAHJONG_NATIVE_GAMES=N`` plays N seeds per preset instead of the default few (the long
form)."""

from __future__ import annotations

import os

import pytest

from mahjong import native
from mahjong.agents import Agent
from mahjong.errors import InvalidArgumentError
from mahjong.riichi import Action, Deal, Ruleset
from mahjong.riichi.game import EfficiencyAgent, RandomAgent, play_deal, play_game

GAMES = int(os.environ.get("MAHJONG_NATIVE_GAMES", "40"))
PRESETS = ("seed", "tenhou", "wrc", "tenhou-sanma", "mahjongsoul-sanma")


def _table(seed: int, efficiency: Agent[Action], players: int) -> list[Agent[Action]]:
    """Efficiency agents in every other seat (which depends on the seed), random players in the
    others: riichi threats, calls, kita and folds all come up."""
    return [
        efficiency if (seat + seed) % 2 == 0 else RandomAgent(seed * 4 + seat)
        for seat in range(players)
    ]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_native_efficiency_agent_decides_as_the_python_one(preset: str) -> None:
    rules = Ruleset.from_dict({"preset": preset})
    for seed in range(GAMES):
        python = play_game(_table(seed, EfficiencyAgent(), rules.players), seed=seed, rules=rules)
        natives = native.NativeAgent("riichi", "efficiency")
        ours = play_game(_table(seed, natives, rules.players), seed=seed, rules=rules)
        # The start_game line names the agents' classes; every other line must agree.
        assert ours.lines()[1:] == python.lines()[1:], f"{preset} seed {seed}"
        assert ours.standings == python.standings


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma"])
def test_native_games_of_efficiency_agents_are_the_python_games(preset: str) -> None:
    rules = Ruleset.from_dict({"preset": preset})
    players = rules.players
    run = native.simulate("riichi", ["efficiency"] * players, 3, seed=11, rules=rules, log=True)
    lines: list[str] = []
    for game in range(3):
        agents = [EfficiencyAgent() for _ in range(players)]
        lines.extend(play_game(agents, seed=11 + game, rules=rules).lines())
    assert run.lines() == lines
    assert run.names == ["EfficiencyAgent"] * players


@pytest.mark.parametrize("preset", ["seed", "tenhou-sanma"])
def test_native_random_agents_play_legal_actions(preset: str) -> None:
    rules = Ruleset.from_dict({"preset": preset})
    for seed in range(10):
        deal = Deal(seed=seed, rules=rules)
        agents = [
            native.NativeAgent("riichi", "random", seed=seed * 4 + s) for s in range(rules.players)
        ]
        outcome = play_deal(deal, agents)
        assert outcome["draw"] is not None or outcome["wins"]
        assert len(outcome["deltas"]) == rules.players and sum(outcome["deltas"]) == 0


def test_a_native_agent_needs_its_family_and_a_known_name() -> None:
    with pytest.raises(InvalidArgumentError, match='"card"'):
        native.NativeAgent("riichi", "card")
    with pytest.raises(InvalidArgumentError, match='"go"'):
        native.NativeAgent("go", "random")  # type: ignore[arg-type]
    agent = native.NativeAgent("riichi", "efficiency")
    assert (agent.family, agent.name) == ("riichi", "efficiency")
    deal = Deal(seed=1)
    with pytest.raises(TypeError, match="riichi observation"):
        agent.act({"hand": []}, deal.legal_actions(0))
    with pytest.raises(InvalidArgumentError, match="legal does not offer"):
        agent.act(deal.observation(0), [])
