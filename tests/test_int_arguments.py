"""Every integer argument of the public API, given a value out of its range (negative, past
64 bits, thousands of digits): a typed ``mahjong.errors`` error that names the value as given
(its digits, shortened in the middle when long), never an OverflowError, a wrap-around or a
saturated bound such as 9223372036854775807."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mahjong import Meld, Tiles, american, riichi
from mahjong._core import NativeAgent, american_physical_kind, native_sim
from mahjong.american import AmericanDeal, AmericanGame, AmericanRules, Card, Exposure
from mahjong.errors import MahjongError
from mahjong.riichi import Deal, Game, Ruleset, WinContext

CARD = Card.builtin("house-2026")
WALL = list(range(136))
HAND = "123m456p789s11z222z"
AMERICAN_HAND = "1B2B3B4B5B6B7B8B9B1C2C3C4C"

CALLS: dict[str, Callable[[Any], object]] = {
    "Deal(seed)": lambda v: Deal(seed=v),
    "Deal(dealer)": lambda v: Deal(seed=1, dealer=v),
    "Deal(kyoku)": lambda v: Deal(seed=1, kyoku=v),
    "Deal(honba)": lambda v: Deal(seed=1, honba=v),
    "Deal(riichi_sticks)": lambda v: Deal(seed=1, riichi_sticks=v),
    "Deal(round_wind)": lambda v: Deal(seed=1, round_wind=v),
    "Deal(scores)": lambda v: Deal(seed=1, scores=[v, 0, 0, 0]),
    "Deal(wall)": lambda v: Deal(wall=[v, *WALL[1:]]),
    "Deal.legal_actions": lambda v: Deal(seed=1).legal_actions(v),
    "Deal.legal_codes": lambda v: Deal(seed=1).legal_codes(v),
    "Deal.apply(seat)": lambda v: Deal(seed=1).apply(v, 0),
    "Deal.apply(code)": lambda v: Deal(seed=1).apply(0, v),
    "Deal.blocked": lambda v: Deal(seed=1).blocked(v),
    "Deal.observation": lambda v: Deal(seed=1).observation(v),
    "Deal.events(start)": lambda v: Deal(seed=1).events(start=v),
    "Deal.events(seat)": lambda v: Deal(seed=1).events(seat=v),
    "Game(seed)": lambda v: Game(seed=v),
    "Game.resume(dealer)": lambda v: Game.resume(dealer=v),
    "Game.resume(kyoku)": lambda v: Game.resume(kyoku=v),
    "Game.deal_on": lambda v: Game(seed=1).deal_on([v, *WALL[1:]]),
    "Tiles.from_counts": lambda v: Tiles.from_counts([v] + [0] * 33),
    "Tiles.from_kinds": lambda v: Tiles.from_kinds([v]),
    "Tiles.from_ids": lambda v: Tiles.from_ids([v]),
    "Tiles.count": lambda v: Tiles("123m").count(v),
    "Meld(called)": lambda v: Meld("pon", "111m", called=v),
    "Meld(from_seat)": lambda v: Meld("pon", "111m", called=0, from_seat=v),
    "decompose(win_tile)": lambda v: riichi.decompose(HAND, win_tile=v),
    "score(win_tile)": lambda v: riichi.score(HAND, v),
    "WinContext(honba)": lambda v: WinContext(honba=v),
    "WinContext(seat_wind)": lambda v: WinContext(seat_wind=v),
    "WinContext(discarder)": lambda v: WinContext(discarder=v),
    "WinContext(dora_indicators)": lambda v: WinContext(dora_indicators=[v]),
    "nagashi_mangan(seat_wind)": lambda v: riichi.nagashi_mangan(v),
    "nagashi_mangan(honba)": lambda v: riichi.nagashi_mangan(0, honba=v),
    "Ruleset.replace": lambda v: Ruleset().replace(start_points=v),
    "riichi.encode(seat)": lambda v: riichi.encode(Deal(seed=1), v),
    "riichi.action_mask(seat)": lambda v: riichi.action_mask(Deal(seed=1), v),
    "riichi.encode_batch(seats)": lambda v: riichi.encode_batch([Deal(seed=1)], seats=v),
    "native_sim(games)": lambda v: native_sim("riichi", ["random"] * 4, v, 1),
    "native_sim(seed)": lambda v: native_sim("riichi", ["random"] * 4, 1, v),
    "native_sim(workers)": lambda v: native_sim("riichi", ["random"] * 4, 1, 1, workers=v),
    "NativeAgent(seed)": lambda v: NativeAgent("riichi", "random", seed=v),
    "AmericanDeal(seed)": lambda v: AmericanDeal(CARD, seed=v),
    "AmericanDeal(dealer)": lambda v: AmericanDeal(CARD, seed=1, dealer=v),
    "AmericanDeal(scores)": lambda v: AmericanDeal(CARD, seed=1, scores=[v, 0, 0, 0]),
    "AmericanGame(seed)": lambda v: AmericanGame(CARD, seed=v),
    "AmericanGame(games)": lambda v: AmericanGame(CARD, seed=1, games=v),
    "AmericanDeal.apply(code)": lambda v: AmericanDeal(CARD, seed=1).apply(0, v),
    "AmericanDeal.events(start)": lambda v: AmericanDeal(CARD, seed=1).events(start=v),
    "Exposure(tile)": lambda v: Exposure(v, 3),
    "Exposure(size)": lambda v: Exposure("1B", v),
    "Exposure(jokers)": lambda v: Exposure("1B", 3, v),
    "Card.charleston_pass(k)": lambda v: CARD.charleston_pass(AMERICAN_HAND, k=v),
    "Card.distances(top)": lambda v: CARD.distances(AMERICAN_HAND, top=v),
    "Card.discard_options(redeemable)": lambda v: CARD.discard_options(
        AMERICAN_HAND + "5C", visible="JJJJJJJJ", redeemable=v
    ),
    "american_physical_kind": lambda v: american_physical_kind(v),
    "AmericanRules.replace": lambda v: AmericanRules().replace(blanks=v),
    "american.encode(seat)": lambda v: american.encode(AmericanDeal(CARD, seed=1), v),
}
"""Each public int argument, called with the value given."""

ACCEPTED: dict[str, Callable[[int], bool]] = {
    "Card.distances(top)": lambda v: 0 <= v < 2**63,  # as many hands as there are
    "Deal(scores)": lambda v: abs(v) <= 10**12,  # below zero too: bounded by magnitude
    "AmericanDeal(scores)": lambda v: abs(v) <= 10**12,
}
"""The calls that take more than a small range, and what they take."""


def shown(value: int) -> str:
    """How an error names `value`: its digits, the middle left out beyond 40 characters."""
    text = str(value)
    if len(text) <= 40:
        return text
    return f"{text[:12]}...{text[-6:]} ({len(text.lstrip('-'))} digits)"


def _refused(name: str, value: int) -> None:
    with pytest.raises(MahjongError) as info:
        CALLS[name](value)
    message = str(info.value)
    assert shown(value) in message, f"{name}: {message}"
    # A saturated bound is never named, though the value itself may be -(2**63 - 1).
    rest = message.replace(shown(value), "")
    assert "9223372036854775807" not in rest and "9223372036854775808" not in rest


@pytest.mark.parametrize("name", CALLS)
@pytest.mark.parametrize("value", [-1, -(2**63) - 1, 2**64, 10**30, -(10**45)])
def test_an_int_out_of_range_names_itself(name: str, value: int) -> None:
    if ACCEPTED.get(name, lambda _: False)(value):
        pytest.skip("in range for this argument")
    _refused(name, value)


@pytest.mark.parametrize("name", CALLS)
def test_an_int_python_will_not_print_is_named_by_its_size(name: str) -> None:
    """An int of 5,000 digits (more than Python writes out by default) is named by its size."""
    with pytest.raises(MahjongError, match="an int of about 5001 digits"):
        CALLS[name](10**5000)


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(sorted(CALLS)),
    value=st.one_of(st.integers(max_value=-(10**12) - 1), st.integers(min_value=2**64)),
)
@example(name="AmericanDeal(dealer)", value=-(2**63 - 1))  # the value is the bound's digits
def test_any_int_out_of_range_names_itself(name: str, value: int) -> None:
    _refused(name, value)
