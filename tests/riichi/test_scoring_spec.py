"""The rules spec's 65 hand-scoring cases (§5.1) and their variants.

The cases live in tests/data/spec_scoring_cases.json, which rust/core/tests/spec_scoring.rs
checks as well; its "format" entry explains the fields.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import TEST_DATA

from mahjong import Meld, Tiles
from mahjong.errors import InvalidHandError
from mahjong.riichi import Ruleset, ScoreResult, WinContext, score

DATA = json.loads((TEST_DATA / "spec_scoring_cases.json").read_text())
CASES: list[dict[str, Any]] = DATA["cases"]
BY_ID = {case["id"]: case for case in CASES}
BASE = Ruleset.preset(DATA["base_rules"]["preset"]).replace(**DATA["base_rules"]["options"])


def case_rules(case: dict[str, Any]) -> Ruleset:
    return BASE.replace(**case["rules"])


def melds(case: dict[str, Any]) -> list[Meld]:
    return [
        Meld(kind, tiles, called=None if called is None else Tiles(called).kinds()[0])
        for kind, tiles, called in case["melds"]
    ]


def run(case: dict[str, Any], rules: Ruleset | None = None) -> ScoreResult:
    win = case["win_tile"]
    return score(
        Tiles(case["concealed"]) + win,
        win,
        melds=melds(case),
        context=WinContext(**case["context"]),
        rules=rules or case_rules(case),
    )


def check_payments(result: ScoreResult, case: dict[str, Any]) -> None:
    """The spec's payments are before honba; each payer adds 100 per honba."""
    paid = case["expected"]["payments"]
    honba = case["context"].get("honba", 0)
    amounts = sorted({amount - 100 * honba for _, amount in result.payments})
    if "ron" in paid:
        assert result.points == paid["ron"]
    elif "all" in paid:
        assert amounts == [paid["all"]]
    else:
        assert amounts == [paid["non_dealer"], paid["dealer"]]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_spec_case(case: dict[str, Any]) -> None:
    expected = case["expected"]
    if not expected["win"]:
        if not expected["complete"]:
            with pytest.raises(InvalidHandError):
                run(case)
            return
        result = run(case)
        assert not result.is_win, result
        assert result.payments == [] and result.points == 0
        return
    result = run(case)
    assert result.is_win, result
    assert {(y.romaji, y.han) for y in result.yaku} == {tuple(y) for y in expected["yaku"]}
    assert {(y.romaji, y.yakuman) for y in result.yakuman} == {
        tuple(y) for y in expected["yakuman"]
    }
    if "yakuman_units" in expected:
        assert result.yakuman_units == expected["yakuman_units"]
    else:
        assert result.han == expected["han"]
        assert result.kazoe == expected["kazoe"]
    if expected["fu"] is not None:
        assert result.fu == expected["fu"]
    check_payments(result, case)
    if "gain" in expected:
        assert result.gain == expected["gain"]


VARIANTS: list[dict[str, Any]] = DATA["variants"]


@pytest.mark.parametrize(
    "variant",
    VARIANTS,
    ids=[v["case"] + "".join(f"-{k}={x}" for k, x in v["rules"].items()) for v in VARIANTS],
)
def test_spec_variant(variant: dict[str, Any]) -> None:
    case = BY_ID[variant["case"]]
    result = run(case, case_rules(case).replace(**variant["rules"]))
    assert result.is_win
    assert result.points == variant["points"]
