"""No built-in American player throws a joker away while a live hand can use it: every joker
discard over whole games is checked against what the discarding seat saw (its hand dead, no
other tile to discard, or `Card.joker_usable` false), for the Python players and the native
ones, in games of four of a kind and in mixed tables."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from mahjong import native
from mahjong.agents import Agent, Observation
from mahjong.american import AmericanAction, AmericanRules, Card, Exposure
from mahjong.american.game import CardAgent, ExpertCardAgent, RandomAgent, play_game

CARD = Card.builtin("house-2026")
JOKER = 35
GAMES = 12


def _exposures(player: dict[str, object]) -> list[Exposure]:
    return [Exposure(e["tile"], e["size"], e["jokers"]) for e in player["exposures"]]  # type: ignore[attr-defined, index]


def _joker_wasted(observation: Observation) -> bool:
    """Whether discarding a joker now throws away a tile a live hand of the seat can use."""
    players = observation["players"]
    me = players[observation.seat]
    if me["dead"]:
        return False
    visible = " ".join(d["pai"] for p in players for d in p["discards"] if not d["claimed"])
    others = [e for s, p in enumerate(players) if s != observation.seat for e in _exposures(p)]
    return CARD.joker_usable(
        " ".join(observation["hand"]), _exposures(me), visible=visible or None, others=others
    )


class Watched:
    """An agent whose joker discards are checked against what its seat saw."""

    def __init__(self, agent: Agent[AmericanAction], wasted: list[str]) -> None:
        self.agent = agent
        self.wasted = wasted

    def act(self, observation: Observation, legal: Sequence[AmericanAction]) -> AmericanAction:
        action = self.agent.act(observation, legal)
        others = [a for a in legal if a.type == "discard" and a.kind != JOKER]
        thrown = action.type == "discard" and action.kind == JOKER and others
        if thrown and _joker_wasted(observation):
            self.wasted.append(f"seat {observation.seat}: {' '.join(observation['hand'])}")
        return action


PLAYERS: dict[str, Callable[[int], Agent[AmericanAction]]] = {
    "card": lambda seed: CardAgent(CARD),
    "random": RandomAgent,
    "native card": lambda seed: native.NativeAgent("american", "card", card=CARD),
    "native random": lambda seed: native.NativeAgent("american", "random", seed=seed),
    "expert": lambda seed: ExpertCardAgent(CARD, seed=seed),
}
GAMES_OF = {"expert": 6}
"""Fewer games for the players that search (each decision reads many futures)."""


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_no_built_in_player_throws_a_usable_joker(name: str) -> None:
    make = PLAYERS[name]
    rules = AmericanRules.preset("nmjl")
    wasted: list[str] = []
    for seed in range(GAMES_OF.get(name, GAMES)):
        agents = [
            Watched(make(seed * 4 + s) if seed % 2 == 0 or s % 2 == 0 else CardAgent(CARD), wasted)
            for s in range(4)
        ]
        play_game(agents, card=CARD, seed=seed, rules=rules)
    assert not wasted, f"{len(wasted)} usable jokers thrown, e.g. {wasted[:3]}"
