"""The sanma spec's 28 scored hands (T-S01-T-S28) and their variants under both three-player
presets, through `score` with `WinContext(kita=N)`.

The cases live in tests/data/sanma_scoring_cases.json, which rust/core/tests/sanma_scoring.rs
checks as well; its "format" entry explains the fields.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from support import TEST_DATA
from support.random_wins import random_wins
from support.reference_scoring import ours, record

from mahjong import Meld, Tiles
from mahjong.errors import (
    InvalidArgumentError,
    InvalidHandError,
    InvalidMeldError,
    InvalidTileError,
)
from mahjong.riichi import Ruleset, ScoreResult, WinContext, encode_win, score, score_batch

DATA = json.loads((TEST_DATA / "sanma_scoring_cases.json").read_text())
CASES: list[dict[str, Any]] = DATA["cases"]
BY_ID = {case["id"]: case for case in CASES}
PRESETS: list[str] = DATA["presets"]
WINDS = "ESW"


def melds(case: dict[str, Any]) -> list[Meld]:
    return [
        Meld(kind, tiles, called=Tiles(called).kinds()[0]) for kind, tiles, called in case["melds"]
    ]


def run(case: dict[str, Any], rules: Ruleset, **changes: Any) -> ScoreResult:
    win = case["win_tile"]
    return score(
        Tiles(case["concealed"]) + win,
        win,
        melds=melds(case),
        context=WinContext(**{**case["context"], **changes}),
        rules=rules,
    )


def expected(case: dict[str, Any], preset: str) -> dict[str, Any]:
    return {**case["expected"], **case.get(preset, {})}


def payments(paid: dict[str, Any], case: dict[str, Any], rules: Ruleset) -> list[tuple[Any, int]]:
    """The payments `paid` stands for, honba added, by payer seat wind (ron: the discarder, or
    None when the case names none)."""
    context = case["context"]
    honba = context.get("honba", 0)
    if "ron" in paid:
        discarder = context.get("discarder")
        payer = None if discarder is None else WINDS.index(discarder)
        return [(payer, paid["ron"] + rules.honba_ron * honba)]
    winner = WINDS.index(context["seat_wind"])

    def each(seat: int) -> int:
        if "all" in paid:
            return int(paid["all"])
        return int(paid["dealer"] if seat == 0 else paid["non_dealer"])

    return [(seat, each(seat) + 100 * honba) for seat in range(3) if seat != winner]


def check_paid(
    result: ScoreResult, paid: dict[str, Any], case: dict[str, Any], rules: Ruleset
) -> None:
    if "deltas" in paid:
        assert result.deltas == tuple(paid["deltas"])
    else:
        assert result.payments == payments(paid, case, rules)
        if result.deltas is not None:
            assert len(result.deltas) == 3 and sum(result.deltas) == result.gain - sum(
                amount for _, amount in result.payments
            )


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_sanma_case(case: dict[str, Any], preset: str) -> None:
    rules = Ruleset.preset(preset)
    want = expected(case, preset)
    result = run(case, rules)
    assert result.is_win, result
    assert {(y.romaji, y.han) for y in result.yaku} == {tuple(y) for y in want["yaku"]}
    assert {(y.romaji, y.yakuman) for y in result.yakuman} == {tuple(y) for y in want["yakuman"]}
    if "han" in want:
        assert result.han == want["han"]
    if want["fu"] is not None:
        assert result.fu == want["fu"]
    assert result.kazoe == want.get("kazoe", False)
    check_paid(result, want["payments"], case, rules)
    if "gain" in want:
        assert result.gain == want["gain"]
    if "north_bisection" in want:
        bisection = rules.replace(tsumo_split="north_bisection")
        check_paid(run(case, bisection), want["north_bisection"], case, bisection)


@pytest.mark.parametrize("variant", DATA["variants"], ids=[v["why"] for v in DATA["variants"]])
def test_sanma_variant(variant: dict[str, Any]) -> None:
    case = BY_ID[variant["case"]]
    rules = Ruleset.preset("tenhou-sanma").replace(**variant["rules"])
    result = run(case, rules, **variant["context"])
    if "points" in variant:
        assert result.points == variant["points"]
    if "deltas" in variant:
        assert result.deltas == tuple(variant["deltas"])


def test_batch_scoring_carries_the_kita_count() -> None:
    """`encode_win` under a three-player ruleset records the kita tiles; `score_batch` scores
    them with three seats of deltas."""
    rules = Ruleset.preset("tenhou-sanma")
    rows = []
    for case in CASES:
        win = case["win_tile"]
        rows.append(
            encode_win(
                Tiles(case["concealed"]) + win,
                win,
                melds=melds(case),
                context=WinContext(**case["context"]),
                rules=rules,
            )
        )
    batch = score_batch(np.stack(rows), rules)
    assert batch["deltas"].shape == (len(CASES), 3)
    for i, case in enumerate(CASES):
        single = run(case, rules)
        assert batch["han"][i] == single.han and batch["points"][i] == single.points, case["id"]
        if single.deltas is not None:
            assert tuple(batch["deltas"][i]) == single.deltas, case["id"]
    # A record with kita is refused under four-player rules.
    with pytest.raises(InvalidArgumentError, match="kita 1 needs a three-player ruleset"):
        encode_win("234p67p456s678s55p8p", "8p", context=WinContext(tsumo=True, kita=1))


def test_random_three_player_wins_score_alike_one_by_one_and_in_a_batch() -> None:
    """2,000 seeded random three-player wins (Norths set aside, no chi, tsumo loss): each
    `score` equals its `score_batch` row, kita included in the record."""
    rules = Ruleset.preset("tenhou-sanma")
    wins = random_wins(2000, players=3)
    batch = score_batch(np.stack([record(w, rules) for w in wins]), rules)
    assert sum(w.kita > 0 for w in wins) > 500
    for i, win in enumerate(wins):
        single = ours(win, rules)
        row = (int(batch["han"][i]), int(batch["fu"][i]), int(batch["points"][i]))
        assert row == (single.han, single.fu, single.points), i
        if single.deltas is not None:
            assert tuple(batch["deltas"][i]) == single.deltas, i


@pytest.mark.parametrize(
    ("hand", "win", "melds_", "context", "error", "message"),
    [
        ("234m456p678s34s88p", "5s", [], {}, InvalidTileError, "tile 2m is not in play"),
        ("234p456p678s34s88p", "5s", [], {"dora_indicators": "5m"}, InvalidTileError, "5m"),
        (
            "234p678s34s88p",
            "5s",
            [Meld("chi", "456p", called=13)],
            {},
            InvalidMeldError,
            "no chi in three-player",
        ),
        ("234p456p678s34s88p", "5s", [], {"seat_wind": "N"}, InvalidArgumentError, "North"),
        ("234p456p678s34s88p", "5s", [], {"kita": 5}, InvalidArgumentError, "kita 5"),
        ("44z234p456p678s88p", "4z", [], {"kita": 2}, InvalidHandError, "5 copies of 4z"),
    ],
)
def test_three_player_inputs_are_checked(
    hand: str, win: str, melds_: list[Meld], context: dict[str, Any], error: type, message: str
) -> None:
    """T0.1, T0.4, T4.1: a removed tile, a chi, a North seat or too many Norths is refused with
    the reason."""
    with pytest.raises(error, match=message):
        score(
            hand,
            win,
            melds=melds_,
            context=WinContext(**context),
            rules=Ruleset.preset("tenhou-sanma"),
        )
