"""Cloning a deal mid-game, for search-based bots (MCTS, expectimax) that copy a state many
times per decision: ``copy.deepcopy(deal)`` and a pickle round trip beside one ``apply`` (a
copy, then its first legal action), for both families, at the same point of the same deal.

Run for real with ``python -m pytest benches/bench_clone.py --benchmark-enable --benchmark-only``
(a release-like build).
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from mahjong.agents import RandomAgent
from mahjong.american import AmericanDeal, Card
from mahjong.riichi import Deal

STEPS = 40


def _mid_deal(deal: Any) -> Any:
    """`deal` after STEPS random actions (mid-play, ponds and hands filled in)."""
    agents = [RandomAgent(seat) for seat in range(4)]
    for _ in range(STEPS):
        seat = deal.waiting()[0]
        deal.apply(seat, agents[seat].act(None, deal.legal_actions(seat)))
    return deal


DEALS: dict[str, Callable[[], Any]] = {
    "riichi": lambda: _mid_deal(Deal(seed=5)),
    "american": lambda: _mid_deal(AmericanDeal(Card.builtin("house-2026"), seed=5)),
}


def _copy_and_apply(deal: Any) -> None:
    clone = copy.copy(deal)
    seat = clone.waiting()[0]
    clone.apply(seat, clone.legal_codes(seat)[0])


@pytest.mark.parametrize("family", DEALS)
def bench_deepcopy(benchmark: Any, family: str) -> None:
    benchmark.group = f"clone a {family} deal"
    deal = DEALS[family]()
    clone = benchmark(copy.deepcopy, deal)
    assert clone.events() == deal.events()


@pytest.mark.parametrize("family", DEALS)
def bench_pickle_round_trip(benchmark: Any, family: str) -> None:
    benchmark.group = f"clone a {family} deal"
    deal = DEALS[family]()
    clone = benchmark(lambda: pickle.loads(pickle.dumps(deal, pickle.HIGHEST_PROTOCOL)))
    assert clone.legal_codes(clone.waiting()[0]) == deal.legal_codes(deal.waiting()[0])


@pytest.mark.parametrize("family", DEALS)
def bench_copy_then_apply(benchmark: Any, family: str) -> None:
    """A copy and one action on it: what apply costs is this less the copy."""
    benchmark.group = f"clone a {family} deal"
    benchmark(_copy_and_apply, DEALS[family]())
