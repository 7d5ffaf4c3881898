"""Why an action is missing, as the engine says it: `blocked(seat)` and the `reason` of an
`IllegalActionError` are the same values, with parameters from the rules."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from mahjong import Reason
from mahjong.american import ACTION_COUNT as AMERICAN_ACTIONS
from mahjong.american import AmericanDeal, Card
from mahjong.errors import IllegalActionError
from mahjong.riichi import ACTION_COUNT, Deal, Ruleset
from mahjong.riichi.game import EfficiencyAgent

CARD = Card.builtin("house-2026")


def _reasons_met(make: Any, deals: int, agent: Any = None) -> list[tuple[Any, int, Reason]]:
    """(deal at that moment, seat, reason) for the reasons met in `deals` deals (the first of
    each kind) played by `agent` at every seat, or at random."""
    found: dict[str, tuple[Any, int, Reason]] = {}
    for seed in range(deals):
        deal, rng = make(seed), random.Random(seed)
        while not deal.is_over:
            for seat in range(4):
                for reason in deal.blocked(seat):
                    found.setdefault(reason.kind, (copy.copy(deal), seat, reason))
            seat = deal.waiting()[0]
            legal = deal.legal_actions(seat)
            if agent is None:
                deal.apply(seat, legal[rng.randrange(len(legal))])
            else:
                deal.apply(seat, agent.act(deal.observation(seat), legal))
    return list(found.values())


def _refused_with(deal: Any, seat: int, reason: Reason, codes: int) -> bool:
    """Whether some action code `seat` may not take now is refused with `reason`."""
    legal = deal.legal_codes(seat)
    for code in (c for c in range(codes) if c not in legal):
        try:
            copy.copy(deal).apply(seat, code)
        except IllegalActionError as error:
            if error.reason == reason:
                return True
    return False


def test_riichi_reasons_explain_refused_actions() -> None:
    rules = Ruleset.preset("tenhou")
    found = _reasons_met(lambda s: Deal(seed=s, rules=rules), 60, EfficiencyAgent())
    found += _reasons_met(lambda s: Deal(seed=s, rules=rules), 60)
    kinds = {reason.kind for _, _, reason in found}
    assert {"kuikae", "no_yaku", "furiten", "riichi_open_hand"} <= kinds, kinds
    for deal, seat, reason in found:
        assert reason.message and reason.action is not None
        assert repr(reason).startswith(f"Reason('{reason.kind}'")
        if deal.legal_codes(seat):
            assert _refused_with(deal, seat, reason, ACTION_COUNT), reason


def test_the_minimum_points_come_from_the_rules() -> None:
    reasons = set()
    for points in (1000, 2500):
        rules = Ruleset.preset("tenhou").replace(riichi_min_points=points)
        for _, _, reason in _reasons_met(
            lambda s, rules=rules: Deal(seed=s, rules=rules, scores=[900, 33_000, 33_100, 33_000]),
            60,
            EfficiencyAgent(),
        ):
            if reason.kind == "riichi_min_points":
                reasons.add((reason.params["points"], reason.message))
    assert (1000, "riichi needs at least 1,000 points") in reasons
    assert (2500, "riichi needs at least 2,500 points") in reasons


def test_american_reasons() -> None:
    found = _reasons_met(lambda s: AmericanDeal(CARD, seed=s), 30)
    kinds = {reason.kind for _, _, reason in found}
    assert {"joker_not_passable", "group_too_small", "dead_hand"} <= kinds, kinds
    for deal, seat, reason in found:
        assert reason.message and reason.action is not None
        if reason.kind == "group_too_small" and deal.legal_codes(seat):
            assert _refused_with(deal, seat, reason, AMERICAN_ACTIONS), reason
    deal = AmericanDeal(CARD, seed=1)
    with pytest.raises(IllegalActionError) as caught:
        deal.apply(0, AMERICAN_ACTIONS - 1)  # pass: nothing to decline in a Charleston
    assert caught.value.reason.kind == "not_offered"
