"""The 5,000 scored hands of ../shared/data/majiang_scoring (kobalab/majiang-core)."""

from __future__ import annotations

import json
import re
from typing import Any

from support import data_path
from support.majiang import NAMES

from mahjong import Meld, Tiles
from mahjong.riichi import Ruleset, WinContext, score

RULES = Ruleset.preset("tenhou").replace(double_yakuman=True)
SOURCE = {"+": 1, "=": 2, "-": 3}  # next player, opposite, previous player


def tiles(text: str) -> list[str]:
    """Majiang notation (suit letter first) to tile names in written order."""
    out = []
    for suit, digits in re.findall(r"([mpsz])([\d+=\-_*]+)", text):
        out.extend(f"{d}{suit}" for d in digits if d.isdigit())
    return out


def meld(text: str) -> Meld:
    names = tiles(text)
    marked = re.search(r"(\d)[+=\-]", text)
    called = Tiles(f"{marked[1]}{text[0]}").kinds()[0] if marked else None
    if len(names) == 4:
        kind = "ankan" if called is None else ("kakan" if text[-1].isdigit() else "daiminkan")
    else:
        kind = "pon" if len(set(n.replace("0", "5") for n in names)) == 1 else "chi"
    return Meld(kind, "".join(names), called=called)


def check(case: dict[str, Any]) -> None:
    given, expected = case["in"], case["out"]
    concealed, *melds = given["shoupai"].split(",")
    names = tiles(concealed)
    param = given["param"]
    flags = param["hupai"]
    ron = given.get("rongpai")
    if ron:
        win = tiles(ron)[0]
        names.append(win)
        discarder = (param["menfeng"] + SOURCE[ron[-1]]) % 4
    else:
        win, discarder = names[-1], None
    ctx = WinContext(
        tsumo=ron is None,
        riichi=flags.get("lizhi") == 1,
        double_riichi=flags.get("lizhi") == 2,
        ippatsu=bool(flags.get("yifa")),
        chankan=bool(flags.get("qianggang")),
        rinshan=bool(flags.get("lingshang")),
        haitei=flags.get("haidi") == 1,
        houtei=flags.get("haidi") == 2,
        tenhou=flags.get("tianhu") == 1,
        chiihou=flags.get("tianhu") == 2,
        seat_wind=param["menfeng"],
        round_wind=param["zhuangfeng"],
        dora_indicators=[t for p in param["baopai"] for t in tiles(p)],
        ura_indicators=[t for p in param["fubaopai"] or [] for t in tiles(p)],
        honba=param["jicun"]["changbang"],
        riichi_sticks=param["jicun"]["lizhibang"],
        discarder=discarder,
    )
    result = score("".join(names), win, melds=[meld(m) for m in melds], context=ctx, rules=RULES)
    where = f"case {case['case_index']}: {result!r}"
    assert result.is_win, where
    want = {
        (NAMES[h["name"]], h["fanshu"])
        for h in expected["hupai"]
        if isinstance(h["fanshu"], int) and h["fanshu"] > 0
    }
    assert {(y.romaji, y.han) for y in result.yaku} == want, where
    want_yakuman = {NAMES[h["name"]] for h in expected["hupai"] if isinstance(h["fanshu"], str)}
    assert {y.romaji for y in result.yakuman} == want_yakuman, where
    if expected["damanguan"]:
        assert result.yakuman_units == expected["damanguan"], where
    else:
        assert (result.han, result.fu) == (expected["fanshu"], expected["fu"]), where
    assert result.points == expected["defen"], where
    assert result.deltas == tuple(expected["fenpei"]), where


def test_all_majiang_hands() -> None:
    lines = data_path("majiang_scoring", "hule_cases.jsonl").read_text().splitlines()
    cases = [json.loads(line) for line in lines]
    assert len(cases) == 5000
    failures = []
    for case in cases:
        try:
            check(case)
        except AssertionError as error:
            failures.append(str(error).splitlines()[0])
    assert not failures, f"{len(failures)} of 5000 differ:\n" + "\n".join(failures[:20])
