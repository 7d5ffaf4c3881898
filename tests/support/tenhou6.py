"""A tenhou.net/6 JSON writer for tests: mjai events (as the importers make them) written back
as Tenhou's columns, so a record in one format can be checked through the other reader
(``../shared/data/tenhou6_json/README.md`` describes the format; three-player games follow
spec TL2.2, TL2.5 and TL2.8: a kita is ``"f44"``, calls count seats over four)."""

from __future__ import annotations

import json
from typing import Any

from mahjong.riichi._tenhou_base import TENHOU6_YAKU_NAMES, TENHOU_YAKU

_SUITS = {"m": 10, "p": 20, "s": 30}
_HONOURS = "ESWNPFC"
_JAPANESE = {TENHOU_YAKU[i]: name for i, name in enumerate(TENHOU6_YAKU_NAMES)}
_LIMITS = ((13, "役満"), (11, "三倍満"), (8, "倍満"), (6, "跳満"), (5, "満貫"))
_LIMIT_BASE = {"役満": 8000, "三倍満": 6000, "倍満": 4000, "跳満": 3000, "満貫": 2000}
_DRAW_WORDS = {
    "kyuushu_kyuuhai": "九種九牌",
    "suufon_renda": "四風連打",
    "suucha_riichi": "四家立直",
    "sanchahou": "三家和了",
    "suukaikan": "四槓散了",
    "nagashi_mangan": "流し満貫",
}
# the letter's position in a call by the caller's relative source (3 previous, 2 opposite,
# 1 next), counted over four seats
_POSITION = {"chi": {3: 0}, "pon": {3: 0, 2: 1, 1: 2}, "daiminkan": {3: 0, 2: 1, 1: 3}}


def code(name: str) -> int:
    """The tenhou.net/6 code of an mjai tile name."""
    if name.endswith("r"):
        return 50 + "mps".index(name[1]) + 1
    if name in _HONOURS:
        return 41 + _HONOURS.index(name)
    return _SUITS[name[1]] + int(name[0])


def _call(letter: str, called: int, own: list[int], position: int) -> str:
    tiles = [str(c) for c in own]
    return "".join([*tiles[:position], f"{letter}{called}", *tiles[position:]])


def _limit(win: dict[str, Any]) -> str | None:
    if win["yakuman"]:
        return "役満"
    han, fu = win["han"], win["fu"]
    base = fu * 2 ** (han + 2)
    if han < 5 and base < 2000:
        return None
    return next(word for least, word in _LIMITS if han >= least) if han >= 5 else "満貫"


def _up(points: int) -> int:
    return -(-points // 100) * 100


def _points(win: dict[str, Any], dealer: int) -> str:
    """``30符2飜500-1000点``, ``満貫8000点``, ``40符3飜2600点∀``: a ron's points, a tsumo's
    payment by each payer (a non-dealer's, then the dealer's)."""
    limit = _limit(win)
    head = limit if limit is not None else f"{win['fu']}符{win['han']}飜"
    if win["actor"] != win["target"]:
        return f"{head}{win['points']}点"
    if limit is None:
        base = win["fu"] * 2 ** (win["han"] + 2)
    else:
        base = _LIMIT_BASE[limit] * max(1, sum(count for _, count in win["yakuman"]))
    if win["actor"] == dealer:
        return f"{head}{_up(2 * base)}点∀"
    return f"{head}{_up(base)}-{_up(2 * base)}点"


def _yaku(win: dict[str, Any]) -> list[str]:
    texts = [f"{_JAPANESE[name]}({han}飜)" for name, han in win["yaku"]]
    return texts + [f"{_JAPANESE[name]}(役満)" for name, _ in win["yakuman"]]


def _deal(events: list[dict[str, Any]], players: int, padded: bool) -> list[Any]:
    start = events[0]
    seats = range(players)
    draws: list[list[Any]] = [[] for _ in seats]
    discards: list[list[Any]] = [[] for _ in seats]
    doras = [code(start["dora_marker"])]
    uras: list[int] = []
    pons: dict[tuple[int, str], tuple[int, int, list[int]]] = {}
    riichi: set[int] = set()
    drawn: dict[int, str] = {}
    result: list[Any] = []
    for e in events[1:]:
        kind, actor = e["type"], e.get("actor")
        if kind == "tsumo":
            draws[actor].append(code(e["pai"]))
            drawn[actor] = e["pai"]
        elif kind == "dahai":
            tile: Any = 60 if e["tsumogiri"] else code(e["pai"])
            discards[actor].append(f"r{tile}" if actor in riichi else tile)
            riichi.discard(actor)
        elif kind == "reach":
            riichi.add(actor)
        elif kind in ("chi", "pon", "daiminkan"):
            source = (e["target"] - actor) % 4
            own = [code(t) for t in e["consumed"]]
            letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[kind]
            draws[actor].append(_call(letter, code(e["pai"]), own, _POSITION[kind][source]))
            if kind == "pon":
                pons[actor, e["pai"].rstrip("r")] = (source, code(e["pai"]), own)
            if kind == "daiminkan":
                discards[actor].append(0)
        elif kind == "ankan":
            tiles = [code(t) for t in e["consumed"]]
            discards[actor].append(_call("a", tiles[3], tiles[:3], 3))
        elif kind == "kakan":
            source, called, own = pons[actor, e["pai"].rstrip("r")]
            position = _POSITION["pon"][source]
            pon = [str(c) for c in own]
            pon.insert(position, str(called))
            added = f"k{code(e['pai'])}"
            discards[actor].append("".join([*pon[:position], added, *pon[position:]]))
        elif kind == "nukidora":
            discards[actor].append("f44")
        elif kind == "dora":
            doras.append(code(e["dora_marker"]))
        elif kind == "hora":
            uras = uras or [code(t) for t in e["ura_markers"]]
            pao = e.get("pao")
            who = [e["actor"], e["target"], e["actor"] if pao is None else pao]
            details = [*who, _points(e, start["oya"]), *_yaku(e)]
            result = [*(result or ["和了"]), _seats(e["deltas"], padded), details]
        elif kind == "ryukyoku":
            reason, tenpai = e["reason"], e.get("tenpai")
            if reason == "exhaustive" and tenpai is not None and len(set(tenpai)) == 1:
                result = ["全員聴牌" if tenpai[0] else "全員不聴"]
            elif reason in ("exhaustive", "nagashi_mangan"):
                word = "流局" if reason == "exhaustive" else _DRAW_WORDS[reason]
                result = [word, _seats(e["deltas"], padded)]
            else:
                result = [_DRAW_WORDS[reason]]
    number = 4 * "ESWN".index(start["bakaze"]) + start["oya"]
    kyoku: list[Any] = [
        [number, start["honba"], start["kyotaku"]],
        _seats(start["scores"], padded),
        doras,
        uras,
    ]
    for seat in seats:
        kyoku += [[code(t) for t in start["tehais"][seat]], draws[seat], discards[seat]]
    if padded and players == 3:
        kyoku += [[], [], []]
    return [*kyoku, result]


def _seats(values: list[Any], padded: bool) -> list[Any]:
    """Per-seat values, with the empty fourth seat's 0 when `padded` (three players)."""
    return [*values, 0] if padded and len(values) == 3 else list(values)


def write_tenhou6(events: list[dict[str, Any]], *, padded: bool = False) -> str:
    """A game's mjai events (one start_game .. end_game) as one tenhou.net/6 JSON object; a
    three-player game with three seat blocks, or with `padded` a fourth, empty one (its name
    "", its scores and score changes 0)."""
    names = list(events[0]["names"])
    players = len(names)
    deals: list[list[dict[str, Any]]] = []
    for e in events:
        if e["type"] == "start_kyoku":
            deals.append([])
        if deals and (not deals[-1] or deals[-1][-1]["type"] != "end_kyoku"):
            deals[-1].append(e)
    game: dict[str, Any] = {
        "name": [*names, ""] if padded and players == 3 else names,
        "log": [_deal(deal, players, padded) for deal in deals],
    }
    final = events[-1].get("scores")
    if final is not None:
        game["sc"] = [v for score in _seats(final, padded) for v in (score, 0.0)]
    return json.dumps(game, ensure_ascii=False)
