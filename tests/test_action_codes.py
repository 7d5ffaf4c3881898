"""Every action code against the legal lists, both families: the mask, ``legal_codes``,
``legal_actions`` and ``apply`` agree exactly. At each decision of random deals, every code
0..ACTION_COUNT applies (on a copy) exactly when it is listed; an unlisted one raises
IllegalActionError with a reason and leaves the deal as it was (a red-five chi, pon, discard
or riichi that is not listed is not played as the plain one). The core checks the same over
more deals (``rust/core/tests/codes.rs``)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from mahjong import american, riichi
from mahjong.errors import IllegalActionError

CARD = american.Card.builtin("house-2026")


RED_CALLS = (75, 77, 79, 81)
"""The Riichi chi and pon codes with a red five (each one above its plain code)."""


def _check(deal: Any, module: Any, count: int) -> int:
    """Every code of the seats that must act (a seat that need not act: none applies);
    returns how many red-five calls were refused while their plain call was listed."""
    refused_red = 0
    for seat in range(4):
        codes = deal.legal_codes(seat)
        assert codes == [a.code for a in deal.legal_actions(seat)]
        mask = module.action_mask(deal, seat)
        assert [c for c in range(count) if mask[c]] == sorted(codes)
        before = deal.observation(seat), deal.event_count()
        for code in range(count) if codes else (0, count - 1):
            trial = copy.copy(deal)
            if code in codes:
                trial.apply(seat, code)
                continue
            with pytest.raises(IllegalActionError) as info:
                trial.apply(seat, code)
            assert info.value.reason.message and f"code {code}" in str(info.value)
            assert (trial.observation(seat), trial.event_count()) == before
            refused_red += module is riichi and code in RED_CALLS and code - 1 in codes
    return refused_red


@pytest.mark.parametrize(
    ("family", "rules"), [("riichi", "tenhou"), ("riichi", "wrc"), ("american", None)]
)
def test_apply_takes_exactly_the_listed_codes(family: str, rules: str | None) -> None:
    rng = random.Random(7)
    refused_red = 0
    for seed in range(2):
        if family == "riichi":
            deal: Any = riichi.Deal(seed=seed, rules=riichi.Ruleset.preset(rules or "seed"))
            module: Any = riichi
            count = riichi.ACTION_COUNT
        else:
            deal = american.AmericanDeal(CARD, seed=seed)
            module, count = american, american.ACTION_COUNT
        for step in range(400):
            if deal.is_over:
                break
            offered = {a.type for s in deal.waiting() for a in deal.legal_actions(s)}
            if step % 8 == 0 or offered & {"chi", "pon"}:
                refused_red += _check(deal, module, count)
            seat = deal.waiting()[0]
            legal = deal.legal_actions(seat)
            calls = [a for a in legal if a.type in ("chi", "pon")]
            deal.apply(seat, calls[0] if calls else rng.choice(legal))
    assert rules != "tenhou" or refused_red, "no red-five call came up"
