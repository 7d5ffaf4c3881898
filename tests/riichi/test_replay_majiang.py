"""The scripted special-situation games of ../shared/data/majiang_scenarios (kobalab's
majiang-core "paipu" format) converted to mjai events here and replayed through the engine
(mahjong.riichi.replay), deal by deal, with every action legal and every result equal.

The expected values are kobalab's engine output under majiang-core's default rules; the replay
uses the tenhou preset, as for the Tenhou records. Where those defaults differ from Tenhou's
(double yakuman, kuikae allowed, riichi with one live tile left) nothing in these scenarios
depends on it: the same deals replay with those three options changed.

Conversion: seats are the deal's seat winds (`l`, 0 = dealer), so each deal is replayed with
the dealer in seat 0; `zimo`/`gangzimo` are draws, `dapai` discards (`_` tsumogiri, `*` riichi,
followed by `reach_accepted` unless the tile is ronned), `fulou` and `gang` calls and kans,
`kaigang` kan dora, `hule` wins (yaku by their Japanese names, as in test_scoring_majiang),
`pingju` draws (a hand shown at an exhaustive draw or nagashi mangan is tenpai).
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest
from support import DATA
from support.majiang import NAMES

from mahjong.riichi import Ruleset, mjai, replay
from mahjong.riichi.mjai import Event

RULES = Ruleset.preset("tenhou")
SCENARIOS = DATA / "majiang_scenarios" / "scenarios.json"
DRAWS = {
    "荒牌平局": "exhaustive",
    "流し満貫": "nagashi_mangan",
    "九種九牌": "kyuushu_kyuuhai",
    "四風連打": "suufon_renda",
    "四家立直": "suucha_riichi",
    "三家和": "sanchahou",
    "四開槓": "suukaikan",
}
HONOURS = "ESWNPFC"
SOURCE = {"-": 3, "=": 2, "+": 1}  # previous player, opposite, next player


def name(suit: str, digit: str) -> str:
    """One majiang tile (suit letter, digit; 0 = red five) as an mjai name."""
    if suit == "z":
        return HONOURS[int(digit) - 1]
    return f"5{suit}r" if digit == "0" else f"{digit}{suit}"


def names(text: str) -> list[str]:
    """The tiles of a majiang hand or meld string, in written order (marks dropped)."""
    out = []
    for suit, digits in re.findall(r"([mpsz])([\d+=\-_*]+)", text):
        out.extend(name(suit, d) for d in digits if d.isdigit())
    return out


def _meld(seat: int, text: str) -> Event:
    """A `fulou` meld (chi, pon, daiminkan) as an mjai call."""
    tiles = names(text)
    suit = text[0]
    marked = re.search(r"(\d)([+=\-])", text)
    assert marked is not None, text
    called = name(suit, marked[1])
    consumed = list(tiles)
    consumed.remove(called)
    target = (seat + SOURCE[marked[2]]) % 4
    kinds = {mjai.tile_kind(t) for t in tiles}
    kind = "chi" if len(kinds) == 3 else "pon" if len(tiles) == 3 else "daiminkan"
    return mjai.call(kind, seat, target, called, consumed)


def _gang(seat: int, text: str) -> Event:
    """A `gang` meld: ankan (``m5555``) or kakan (``m555=5``, the pon plus the added tile)."""
    tiles = names(text)
    if not re.search(r"[+=\-]", text):
        return mjai.ankan(seat, tiles)
    return mjai.kakan(seat, tiles[-1], tiles[:-1])


def _yaku(hupai: list[dict[str, Any]]) -> tuple[list[list[Any]], list[list[Any]]]:
    yaku, yakuman = [], []
    for entry in hupai:
        romaji = NAMES[entry["name"]]
        value = entry["fanshu"]
        if isinstance(value, str):
            yakuman.append([romaji, len(value)])
        elif value:
            yaku.append([romaji, value])
    return yaku, yakuman


def convert_deal(deal: list[dict[str, Any]]) -> list[Event]:
    """One majiang deal as mjai events, the dealer in seat 0."""
    events: list[Event] = []
    riichi_pending: Event | None = None
    for raw in deal:
        ((kind, body),) = raw.items()
        if riichi_pending is not None and kind not in ("hule", "pingju"):
            events.append({"type": "reach_accepted", "actor": riichi_pending["actor"]})
        if riichi_pending is not None and kind == "pingju" and body["name"] == "四家立直":
            events.append({"type": "reach_accepted", "actor": riichi_pending["actor"]})
        riichi_pending = None
        if kind == "qipai":
            events.append(
                mjai.start_kyoku(
                    bakaze="ESWN"[body["zhuangfeng"]],
                    dora_marker=names(body["baopai"])[0],
                    kyoku=body["jushu"] + 1,
                    honba=body["changbang"],
                    kyotaku=body["lizhibang"],
                    oya=0,
                    scores=body["defen"],
                    tehais=[names(h) for h in body["shoupai"]],
                )
            )
        elif kind in ("zimo", "gangzimo"):
            events.append(mjai.tsumo(body["l"], names(body["p"])[0]))
        elif kind == "dapai":
            tile = body["p"]
            if tile.endswith("*"):
                events.append(mjai.reach(body["l"]))
            events.append(mjai.dahai(body["l"], names(tile)[0], "_" in tile))
            if tile.endswith("*"):
                riichi_pending = events[-1]
        elif kind == "fulou":
            events.append(_meld(body["l"], body["m"]))
        elif kind == "gang":
            events.append(_gang(body["l"], body["m"]))
        elif kind == "kaigang":
            events.append(mjai.dora(names(body["baopai"])[0]))
        elif kind == "hule":
            yaku, yakuman = _yaku(body["hupai"])
            seat = body["l"]
            event: Event = {
                "type": "hora",
                "actor": seat,
                "target": seat if body["baojia"] is None else body["baojia"],
                "deltas": body["fenpei"],
                "ura_markers": names("".join(body.get("fubaopai") or [])),
                "yaku": yaku,
                "yakuman": yakuman,
                "han": 0 if yakuman else body["fanshu"],
                "fu": None if yakuman else body["fu"],
                "points": body["defen"],
            }
            events.append(event)
        elif kind == "pingju":
            reason = DRAWS[body["name"]]
            shown = reason in ("exhaustive", "nagashi_mangan")
            tenpai = [bool(h) and shown for h in body["shoupai"]]
            if reason == "suucha_riichi":
                tenpai = [True] * 4
            events.append({"type": "ryukyoku", "deltas": body["fenpei"], "reason": reason})
            events[-1]["tenpai"] = tenpai
        else:
            raise AssertionError(f"unknown majiang event {kind}")
    events.append(mjai.end_kyoku())
    return events


# --- the deals that do not replay, by cause ------------------------------------------------


@cache
def _games() -> list[dict[str, Any]]:
    if not SCENARIOS.exists():
        return []
    games: list[dict[str, Any]] = json.loads(SCENARIOS.read_text(encoding="utf-8"))
    return games


def _params() -> list[Any]:
    games = _games()
    if not games:
        reason = (
            f"reference data {SCENARIOS} not found: put the shared data at ../shared/data "
            "relative to the repository root or set MAHJONG_DATA_DIR"
        )
        return [pytest.param(None, marks=pytest.mark.skip(reason=reason))]
    return [pytest.param(g, id=f"script{g['script_index']}") for g in games]


@pytest.mark.parametrize("game", _params())
def test_scenario_deals_replay(game: dict[str, Any]) -> None:
    bad = []
    for number, deal in enumerate(game["log"]):
        report = replay.replay_deal(convert_deal(deal), RULES, number=number)
        if not report.ok:
            bad.append(f"deal {number} {report}")
    assert not bad, "\n".join(bad)


def test_conversion() -> None:
    """Tiles, calls and kans in majiang notation as mjai events."""
    assert names("m406p11z7") == ["4m", "5mr", "6m", "1p", "1p", "C"]
    assert _meld(1, "m34-0") == mjai.call("chi", 1, 0, "4m", ["3m", "5mr"])
    assert _meld(0, "z111=") == mjai.call("pon", 0, 2, "E", ["E", "E"])
    assert _meld(2, "m5555+") == mjai.call("daiminkan", 2, 3, "5m", ["5m", "5m", "5m"])
    assert _gang(3, "s0555") == mjai.ankan(3, ["5sr", "5s", "5s", "5s"])
    assert _gang(3, "m555=5") == mjai.kakan(3, "5m", ["5m", "5m", "5m"])


def test_pass_rate() -> None:
    """Every deal replays; the rate is printed with -s."""
    games = _games()
    if not games:
        pytest.skip(f"reference data {SCENARIOS} not found")
    results = [
        replay.replay_deal(convert_deal(deal), RULES, number=n).ok
        for g in games
        for n, deal in enumerate(g["log"])
    ]
    print(f"majiang_scenarios: {sum(results)}/{len(results)} deals replay")
    assert all(results)
