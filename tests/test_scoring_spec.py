"""The rules spec's 65 hand-scoring cases (§5.1) and their variants."""

from __future__ import annotations

import re

import pytest
from scoring_support import spec_context, spec_melds
from spec_scoring_cases import CASES

from mahjong import Tiles
from mahjong.errors import InvalidHandError
from mahjong.riichi import Ruleset, ScoreResult, score

RULES = Ruleset.preset("tenhou").replace(double_yakuman=True)
NAMES = {
    "menzen tsumo": "menzen_tsumo",
    "round wind East": "round_wind_east",
    "chun": "yakuhai_chun",
    "haku": "yakuhai_haku",
    "hatsu": "yakuhai_hatsu",
    "suuankou tanki": "suuankou_tanki",
    "kokushi musou": "kokushi_musou",
    "kokushi 13-wait": "kokushi_musou_13",
    "junsei chuuren": "junsei_chuuren_poutou",
    "sanshoku": "sanshoku_doujun",
    "rinshan kaihou": "rinshan_kaihou",
    "aka dora": "aka_dora",
    "renhou (5-han, cumulative)": "renhou",
}


def case_rules(conditions: str) -> Ruleset:
    if "open tanyao OFF" in conditions:
        return RULES.replace(open_tanyao=False)
    if "renhou" in conditions:
        return RULES.replace(renhou="mangan_yaku")
    return RULES


def run(case: tuple[str, ...], rules: Ruleset | None = None) -> ScoreResult:
    _, hand, melds, win, conditions = case[:5]
    return score(
        Tiles(hand) + win,
        win,
        melds=spec_melds(melds),
        context=spec_context(conditions),
        rules=rules or case_rules(conditions),
    )


def expected_yaku(text: str) -> tuple[set[tuple[str, int]], set[str]]:
    yaku, yakuman = set(), set()
    for item in re.split(r", (?![^()]*\))", text):
        if m := re.fullmatch(r"(.+?) \((?:double )?yakuman\)", item):
            yakuman.add(NAMES.get(m[1], m[1].replace(" ", "_")))
        else:
            name, han = item.rsplit(" ", 1)
            yaku.add((NAMES.get(name, name.replace(" ", "_")), int(han)))
    return yaku, yakuman


def payments_text(result: ScoreResult, conditions: str) -> str:
    amounts = sorted({amount for _, amount in result.payments})
    honba = spec_context(conditions).honba
    if "tsumo" not in conditions.split(", "):
        return str(result.points)
    if spec_context(conditions).dealer:
        return f"{amounts[0] - 100 * honba} all"
    return "/".join(str(a - 100 * honba) for a in amounts)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_spec_case(case: tuple[str, ...]) -> None:
    _, _, _, _, conditions, yaku_text, han, fu, points = case
    if yaku_text == "— (no win)":
        try:
            result = run(case)
        except InvalidHandError:
            return  # not a complete hand (S21)
        assert not result.is_win, result
        assert result.payments == [] and result.points == 0
        return
    result = run(case)
    assert result.is_win, result
    yaku, yakuman = expected_yaku(yaku_text)
    assert {(y.romaji, y.han) for y in result.yaku} == yaku
    assert {y.romaji for y in result.yakuman} == yakuman
    if han in ("Y", "YY"):
        assert result.yakuman_units == len(han)
    else:
        assert result.han == int(han.split()[0])
        assert result.kazoe == ("kazoe" in han)
    if fu != "—":
        assert result.fu == int(fu)
    expected_points = points.split(" (")[0]
    assert payments_text(result, conditions) == expected_points
    if m := re.search(r"winner \+(\d+)", points):
        assert result.gain == int(m[1])


VARIANTS = [
    ("S05", {"double_wind_pair_fu": 2}, 2000),
    ("S16", {"double_yakuman": False}, 32000),
    ("S23", {"double_yakuman": False}, 48000),
    ("S25", {"double_yakuman": False}, 32000),
    ("S26", {"ryuuiisou_requires_hatsu": True}, 16000),
    ("S29", {"kiriage": True}, 8000),
    ("S31", {"kiriage": True}, 8000),
    ("S47", {"double_yakuman": False}, 32000),
    ("S49", {"yakuman_stacking": False}, 32000),
    ("S51", {"kazoe": "sanbaiman"}, 24000),
    ("S60", {"kiriage": True}, 12000),
    ("S60", {"double_wind_pair_fu": 2}, 9600),
    ("S61", {"renhou": "mangan_flat"}, 8000),
    ("S61", {"renhou": "yakuman"}, 32000),
    ("S61", {"renhou": "off"}, 3200),
    ("S65", {"kiriage": True}, 8000),
]


@pytest.mark.parametrize(("sid", "options", "points"), VARIANTS)
def test_spec_variant(sid: str, options: dict[str, object], points: int) -> None:
    case = next(c for c in CASES if c[0] == sid)
    result = run(case, case_rules(case[4]).replace(**options))
    assert result.is_win
    assert result.points == points
