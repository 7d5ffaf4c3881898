"""Many American games through the Python play loop, opt-in: set MAHJONG_AMERICAN_SOAK to the
number of games (e.g. 100000, best on a release-like build). Random games and games with card
agents alternate between the nmjl and table presets; after every action all 152 tiles are
somewhere, each once, and every game's payments sum to zero."""

from __future__ import annotations

import os

import pytest

from mahjong.american import AmericanDeal, AmericanRules, Card
from mahjong.american.game import Agent, CardAgent, RandomAgent

GAMES = int(os.environ.get("MAHJONG_AMERICAN_SOAK", "0"))
CARD = Card.builtin("house-2026")


def _agents(game: int) -> list[Agent]:
    agents: list[Agent] = [RandomAgent(game * 4 + i) for i in range(4)]
    if game % 10 == 9:  # one game in ten has card agents: one seat, or all four
        if game % 20 == 9:
            agents[game % 4] = CardAgent(CARD)
        else:
            agents = [CardAgent(CARD) for _ in range(4)]
    return agents


@pytest.mark.skipif(GAMES <= 0, reason="set MAHJONG_AMERICAN_SOAK=N to play N games")
def test_many_games_keep_every_tile_and_pay_zero_sum() -> None:
    presets = [AmericanRules.preset("nmjl"), AmericanRules.preset("table")]
    for game in range(GAMES):
        agents = _agents(game)
        deal = AmericanDeal(CARD, seed=game, dealer=game % 4, rules=presets[game % 2])
        while not deal.is_over:
            for seat in deal.waiting():
                legal = deal.legal_actions(seat)
                if legal:
                    deal.apply(seat, agents[seat].act(deal.observation(seat), legal))
                    deal.check_tiles()
        outcome = deal.outcome
        assert outcome is not None and sum(outcome["deltas"]) == 0, game
