"""Observations of both families: the core's snapshot converted, read as attributes or as a
read-only mapping, never a way back to the deal, the wall or another player's tiles."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from mahjong.american import AmericanDeal, AmericanObservation, Card
from mahjong.riichi import Deal, Observation

CARD = Card.builtin("house-2026")


def _deals() -> list[Any]:
    return [Deal(seed=21), AmericanDeal(CARD, seed=21)]


def _play(deal: Any, steps: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            return
        seat = deal.waiting()[0]
        codes = deal.legal_codes(seat)
        deal.apply(seat, codes[rng.randrange(len(codes))])


@pytest.mark.parametrize("index", [0, 1])
def test_an_observation_is_a_snapshot(index: int) -> None:
    deal = _deals()[index]
    _play(deal, 30)
    seat = deal.waiting()[0]
    observation = deal.observation(seat)
    before = observation.to_dict()
    assert list(observation) == observation.keys() == list(before)
    assert all(observation[key] == getattr(observation, key) for key in observation)
    assert observation.get("no such key", 7) == 7 and "hand" in observation
    with pytest.raises(KeyError):
        observation["no such key"]
    _play(deal, 20, seed=1)
    assert observation.to_dict() == before
    assert observation != deal.observation(seat) or deal.is_over


@pytest.mark.parametrize("index", [0, 1])
def test_the_public_views_are_read_only(index: int) -> None:
    deal = _deals()[index]
    _play(deal, 60)
    player = deal.observation(0)["players"][0]
    key = next(iter(player))
    with pytest.raises(TypeError):
        player[key] = None
    assert isinstance(deal.observation(0)["players"], tuple)


@pytest.mark.parametrize("index", [0, 1])
def test_nothing_in_an_observation_leads_back_to_the_deal(index: int) -> None:
    """Everything an observation refers to, followed to the end, holds no deal, game, wall or
    foreign rack (an agent gets its view and nothing else)."""
    deal = _deals()[index]
    _play(deal, 40)
    observation = deal.observation(0)
    assert not hasattr(observation, "_deal")
    seen: set[int] = set()
    todo: list[Any] = [observation, *observation.to_dict().values()]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        assert not isinstance(obj, Deal | AmericanDeal), obj
        todo.extend(gc.get_referents(obj))


def test_observations_are_the_families_classes() -> None:
    riichi, american = (d.observation(0) for d in _deals())
    assert isinstance(riichi, Observation) and isinstance(american, AmericanObservation)
    assert riichi["hand"] == riichi.hand and len(riichi.hand) == 14
    assert riichi["drawn"] in riichi.hand
    assert american["step"] == "first_right" and american["drawn"] is None


def test_the_drawn_tile_is_named_apart() -> None:
    deal = Deal(seed=3)
    _play(deal, 5)
    while deal.turn is None:
        _play(deal, 1)
    seat = deal.turn
    observation = deal.observation(seat)
    others = [deal.observation(s)["drawn"] for s in range(4) if s != seat]
    assert observation["drawn"] in observation["hand"] and others == [None] * 3


@pytest.mark.parametrize("family", ["riichi", "american"])
def test_every_seat_shows_how_many_concealed_tiles_it_holds(family: str) -> None:
    """``players[s]["concealed"]`` is the engine's true count (seat `s`'s own hand) in every
    seat's observation at every decision of whole deals, after draws and calls too (where
    ``13 - 3 * melds`` is wrong)."""
    guessed_wrong = 0
    for seed in range(4):
        deal = Deal(seed=seed) if family == "riichi" else AmericanDeal(CARD, seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            held = [len(deal.observation(s)["hand"]) for s in range(4)]
            for seat in range(4):
                players = deal.observation(seat)["players"]
                assert [p["concealed"] for p in players] == held
            if family == "riichi":
                guessed_wrong += held != [13 - 3 * len(p["melds"]) for p in players]
            seat = deal.waiting()[0]
            codes = deal.legal_codes(seat)
            deal.apply(seat, codes[rng.randrange(len(codes))])
    assert family == "american" or guessed_wrong
