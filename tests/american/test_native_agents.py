"""The native American agents against their Python references: the native card agent makes
exactly the decisions of the Python CardAgent (same logs in mixed tables and in games of four
card agents, under both presets), and the native agents play only legal actions.

``MAHJONG_NATIVE_GAMES=N`` plays N seeds per preset instead of the default few (the long
form)."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

from mahjong import native
from mahjong.agents import Agent
from mahjong.american import AmericanAction, AmericanDeal, AmericanRules, Card
from mahjong.american.game import CardAgent, RandomAgent, play_deal, play_game
from mahjong.errors import InvalidArgumentError

GAMES = int(os.environ.get("MAHJONG_NATIVE_GAMES", "40"))
CARD = Card.builtin("house-2026")


def _table(
    seed: int, card_agent: Callable[[], Agent[AmericanAction]]
) -> list[Agent[AmericanAction]]:
    """A card agent of its own in two seats, random players in the others; every fifth seed
    four card agents."""
    return [
        card_agent() if seed % 5 == 0 or (seat + seed) % 2 == 0 else RandomAgent(seed * 4 + seat)
        for seat in range(4)
    ]


@pytest.mark.parametrize("preset", ["nmjl", "table"])
def test_the_native_card_agent_decides_as_the_python_one(preset: str) -> None:
    rules = AmericanRules.preset(preset)
    for seed in range(GAMES):
        python = play_game(_table(seed, lambda: CardAgent(CARD)), card=CARD, seed=seed, rules=rules)
        ours = play_game(
            _table(seed, lambda: native.NativeAgent("american", "card", card=CARD)),
            card=CARD,
            seed=seed,
            rules=rules,
        )
        # The start_session line names the agents' classes; every other line must agree.
        assert ours.lines()[1:] == python.lines()[1:], f"{preset} seed {seed}"
        assert ours.scores == python.scores


def test_native_games_of_card_agents_are_the_python_games() -> None:
    rules = AmericanRules.preset("table")
    run = native.simulate("american", "card,card,card,card", 4, seed=5, rules=rules, log=True)
    lines: list[str] = []
    for game in range(4):
        record = play_game(
            [CardAgent(CARD) for _ in range(4)], card=CARD, seed=5 + game, rules=rules
        )
        lines.extend(record.lines())
    assert run.lines() == lines
    assert run.names == ["CardAgent"] * 4


def test_native_random_agents_play_legal_actions() -> None:
    for seed in range(10):
        deal = AmericanDeal(CARD, seed=seed, dealer=seed % 4)
        agents = [native.NativeAgent("american", "random", seed=seed * 4 + s) for s in range(4)]
        outcome = play_deal(deal, agents)
        assert sum(outcome["deltas"]) == 0


def test_a_native_agent_needs_its_family_and_a_known_name() -> None:
    with pytest.raises(InvalidArgumentError, match='"efficiency"'):
        native.NativeAgent("american", "efficiency")
    with pytest.raises(InvalidArgumentError, match="card is for American"):
        native.NativeAgent("riichi", "random", card=CARD)
    agent = native.NativeAgent("american", "card")
    deal = AmericanDeal(CARD, seed=1)
    seat = deal.waiting()[0]
    with pytest.raises(TypeError, match="american observation"):
        agent.act(object(), deal.legal_actions(seat))
