"""Tenhou game records (mjlog XML and tenhou.net/6 JSON) as mjai events.

:func:`load_record` reads one four-player game from a file or text, detects the format by
content, and returns its events (:mod:`mahjong.riichi.mjai` describes them): ``start_game``,
then per deal ``start_kyoku``, the draws, discards, calls, riichi and kan dora in play order,
the result (``hora`` with Tenhou's yaku as our romaji ids, han, fu, points and score changes;
``ryukyoku`` with the kind of draw and who was tenpai) and ``end_kyoku``, then ``end_game``.

- mjlog XML (``<mjloggm>``): events follow the tags in order; physical tile ids are kept as
  names, tsumogiri is a discard of the tile just drawn.
- tenhou.net/6 JSON (one game object, or JSON lines holding one deal each as mjx writes it):
  the play order is not stored and is reconstructed from the draw and discard columns,
  backtracking when a player passed a callable tile and called a later copy. Kan dora are
  placed where Tenhou reveals them in mjlog: right after an ankan, and for a daiminkan or
  kakan before the player's next discard, riichi or kan.

Both readers put each starting hand in tile order (:func:`mahjong.riichi.mjai.sort_key`) and the
``consumed`` tiles of a call likewise, so a game gives the same events from either format
(except ``names``, which the mjx JSON lines anonymise, and ``fu`` of limit hands, which
tenhou.net/6 does not state: there it is null).

Three-player records raise :class:`~mahjong.errors.InvalidArgumentError` (not supported yet);
a file that cannot be read raises :class:`~mahjong.errors.RecordFormatError` naming the file,
the deal and what is wrong. Only the standard library is used.
"""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, NoReturn
from urllib.parse import unquote

from mahjong.errors import InvalidArgumentError, MahjongError, RecordFormatError
from mahjong.riichi import mjai
from mahjong.riichi.mjai import Event

Format = Literal["mjlog", "tenhou6"]

MAX_RECORD_BYTES = 16 * 1024 * 1024
"""Largest record file read (a hanchan is about 30 KB of mjlog)."""

TENHOU_YAKU: tuple[str, ...] = (
    "menzen_tsumo",
    "riichi",
    "ippatsu",
    "chankan",
    "rinshan_kaihou",
    "haitei",
    "houtei",
    "pinfu",
    "tanyao",
    "iipeikou",
    "seat_wind_east",
    "seat_wind_south",
    "seat_wind_west",
    "seat_wind_north",
    "round_wind_east",
    "round_wind_south",
    "round_wind_west",
    "round_wind_north",
    "yakuhai_haku",
    "yakuhai_hatsu",
    "yakuhai_chun",
    "double_riichi",
    "chiitoitsu",
    "chanta",
    "ittsu",
    "sanshoku_doujun",
    "sanshoku_doukou",
    "sankantsu",
    "toitoi",
    "sanankou",
    "shousangen",
    "honroutou",
    "ryanpeikou",
    "junchan",
    "honitsu",
    "chinitsu",
    "renhou",
    "tenhou",
    "chiihou",
    "daisangen",
    "suuankou",
    "suuankou_tanki",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren_poutou",
    "junsei_chuuren_poutou",
    "kokushi_musou",
    "kokushi_musou_13",
    "daisuushii",
    "shousuushii",
    "suukantsu",
    "dora",
    "ura_dora",
    "aka_dora",
)
"""Our romaji yaku id for each Tenhou yaku id 0..54 (the mjlog ``yaku``/``yakuman`` ids)."""

TENHOU6_YAKU_NAMES: tuple[str, ...] = (
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風 東",
    "自風 南",
    "自風 西",
    "自風 北",
    "場風 東",
    "場風 南",
    "場風 西",
    "場風 北",
    "役牌 白",
    "役牌 發",
    "役牌 中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
)
"""The tenhou.net/6 (Japanese) name of each Tenhou yaku id 0..54."""

# Names some hand-edited tenhou.net/6 files use instead of the Japanese ones.
_ENGLISH_YAKU = {"Riichi": 1, "Dora": 52, "Ura Dora": 53, "Red Five": 54, "Aka Dora": 54}
_YAKU_BY_NAME = {name: i for i, name in enumerate(TENHOU6_YAKU_NAMES)} | _ENGLISH_YAKU

MJLOG_DRAW_REASONS = {
    "yao9": "kyuushu_kyuuhai",
    "reach4": "suucha_riichi",
    "ron3": "sanchahou",
    "kan4": "suukaikan",
    "kaze4": "suufon_renda",
    "nm": "nagashi_mangan",
}
"""mjlog ``RYUUKYOKU type`` -> ``ryukyoku.reason`` (no type: ``"exhaustive"``)."""

TENHOU6_DRAW_REASONS = {
    "流局": "exhaustive",
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
    "流し満貫": "nagashi_mangan",
    "九種九牌": "kyuushu_kyuuhai",
    "四風連打": "suufon_renda",
    "四家立直": "suucha_riichi",
    "三家和了": "sanchahou",
    "四槓散了": "suukaikan",
}
"""tenhou.net/6 draw words -> ``ryukyoku.reason``."""

WINDS = "ESWN"
THREE_PLAYERS = "three-player records are not supported yet"


def _fail(where: str, what: str) -> NoReturn:
    raise RecordFormatError(f"{where}: {what}")


def _deal_name(kyoku: int, honba: int) -> str:
    """``"E1-0"``: round wind, deal number and honba, as players name a deal."""
    return f"{WINDS[(kyoku // 4) % 4]}{kyoku % 4 + 1}-{honba}"


def _draw_tenpai(reason: str, shown: Sequence[bool]) -> list[bool]:
    """``ryukyoku.tenpai``: the record's tenpai hands at an exhaustive draw or nagashi mangan,
    everyone at four riichi, no one at other abortive draws."""
    if reason in ("exhaustive", "nagashi_mangan"):
        return list(shown)
    return [reason == "suucha_riichi"] * 4


def _end_scores(scores: Sequence[int], sticks: int) -> list[int]:
    """Final scores: the riichi sticks left on the table go to the leader (ties: the seat
    nearer the first dealer, seat 0), as on Tenhou."""
    final = list(scores)
    if sticks > 0:
        top = max(range(4), key=lambda seat: (final[seat], -seat))
        final[top] += 1000 * sticks
    return final


# --- mjlog XML -----------------------------------------------------------------------------


def _ints(text: str | None, where: str, what: str) -> list[int]:
    if text is None:
        _fail(where, f"{what} is missing")
    try:
        return [int(part) for part in text.split(",")] if text.strip() else []
    except ValueError:
        _fail(where, f"{what} {text!r} is not a list of whole numbers")


def _attr_int(element: ET.Element, name: str, where: str) -> int:
    (value,) = _ints(element.get(name), where, f"<{element.tag}> attribute {name}") or [0]
    return value


_DRAW_TAGS = "TUVW"
_DISCARD_TAGS = "DEFG"


@dataclass
class _MjlogDeal:
    """Replay state of one mjlog deal: what each seat holds, to check every discard and call."""

    where: str
    red: bool
    hands: list[set[int]]
    scores: list[int]
    seen: set[int]
    last_draw: list[int | None] = field(default_factory=lambda: [None] * 4)

    def name(self, tile: int) -> str:
        if not 0 <= tile < 136:
            _fail(self.where, f"tile id {tile} is not in 0..135")
        return mjai.tile_name(tile, self.red)

    def reveal(self, tile: int, what: str) -> str:
        """The name of a tile coming into play (a draw, a dora indicator); each id once."""
        if tile in self.seen:
            _fail(self.where, f"{what}: tile {tile} is already in play")
        self.seen.add(tile)
        return self.name(tile)

    def names(self, tiles: Sequence[int]) -> list[str]:
        return [self.name(t) for t in sorted(tiles)]

    def take(self, seat: int, tiles: Sequence[int], what: str) -> None:
        for tile in tiles:
            if tile not in self.hands[seat]:
                _fail(self.where, f"{what}: seat {seat} does not hold tile {tile}")
            self.hands[seat].remove(tile)


def _decode_meld(deal: _MjlogDeal, who: int, m: int) -> Event:
    """The event of an mjlog ``<N who m>`` call (the bit field is in the module README)."""
    target = (who + (m & 3)) % 4
    if m & 0x4:  # chi
        t = m >> 10
        called_pos = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        tiles = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        called = tiles.pop(called_pos)
        deal.take(who, tiles, "chi")
        return mjai.call("chi", who, target, deal.name(called), deal.names(tiles))
    if m & 0x18:  # pon, kakan
        t = m >> 9
        called_pos = t % 3
        kind = t // 3
        unused = (m >> 5) & 3
        tiles = [kind * 4 + c for c in range(4) if c != unused]
        added = kind * 4 + unused
        if m & 0x8:
            called = tiles.pop(called_pos)
            deal.take(who, tiles, "pon")
            return mjai.call("pon", who, target, deal.name(called), deal.names(tiles))
        deal.take(who, [added], "kakan")
        return mjai.kakan(who, deal.name(added), deal.names(tiles))
    if m & 0x20:
        raise InvalidArgumentError(f"{deal.where}: kita (nukidora): {THREE_PLAYERS}")
    called = m >> 8
    kind = called // 4
    tiles = [kind * 4 + c for c in range(4)]
    if target == who:
        deal.take(who, tiles, "ankan")
        return mjai.ankan(who, deal.names(tiles))
    tiles.remove(called)
    deal.take(who, tiles, "daiminkan")
    return mjai.call("daiminkan", who, target, deal.name(called), deal.names(tiles))


def _mjlog_result(deal: _MjlogDeal, element: ET.Element) -> Event:
    where = deal.where
    sc = _ints(element.get("sc"), where, f"<{element.tag}> sc")
    if len(sc) != 8:
        _fail(where, f"<{element.tag}> sc should hold 8 numbers, not {len(sc)}")
    before, deltas = [v * 100 for v in sc[0::2]], [v * 100 for v in sc[1::2]]
    if before != deal.scores:
        _fail(where, f"<{element.tag}> sc scores {before} differ from the replayed {deal.scores}")
    deal.scores = [b + d for b, d in zip(before, deltas, strict=True)]
    if element.tag == "RYUUKYOKU":
        kind = element.get("type")
        reason = "exhaustive" if kind is None else MJLOG_DRAW_REASONS.get(kind)
        if reason is None:
            _fail(where, f"unknown draw type {kind!r}")
        shown = [element.get(f"hai{seat}") is not None for seat in range(4)]
        return mjai.ryukyoku(
            reason=reason, deltas=deltas, scores=deal.scores, tenpai=_draw_tenpai(reason, shown)
        )
    who = _attr_int(element, "who", where)
    from_who = _attr_int(element, "fromWho", where)
    fu, points, _limit = _ints(element.get("ten"), where, "<AGARI> ten")
    pairs = _ints(element.get("yaku", ""), where, "<AGARI> yaku")
    yaku_ids = _ints(element.get("yakuman", ""), where, "<AGARI> yakuman")
    if any(not 0 <= i < len(TENHOU_YAKU) for i in [*pairs[0::2], *yaku_ids]):
        _fail(where, f"unknown Tenhou yaku id in {pairs[0::2] + yaku_ids}")
    yaku = [(TENHOU_YAKU[i], han) for i, han in zip(pairs[0::2], pairs[1::2], strict=True) if han]
    pao = element.get("paoWho")
    return mjai.hora(
        actor=who,
        target=from_who,
        pai=deal.name(_attr_int(element, "machi", where)),
        deltas=deltas,
        ura_markers=[deal.name(t) for t in _ints(element.get("doraHaiUra", ""), where, "ura")],
        scores=deal.scores,
        yaku=yaku,
        yakuman=[(TENHOU_YAKU[i], 1) for i in yaku_ids],
        han=sum(han for _, han in yaku),
        fu=fu,
        points=points,
        pao=None if pao is None else int(pao),
    )


def _mjlog_init(element: ET.Element, where: str, red: bool) -> tuple[_MjlogDeal, Event]:
    seed = _ints(element.get("seed"), where, "<INIT> seed")
    if len(seed) != 6:
        _fail(where, f"<INIT> seed should hold 6 numbers, not {len(seed)}")
    kyoku, honba, sticks, _, _, indicator = seed
    where = f"{where}, deal {_deal_name(kyoku, honba)}"
    scores = [v * 100 for v in _ints(element.get("ten"), where, "<INIT> ten")]
    hands = [_ints(element.get(f"hai{seat}"), where, f"<INIT> hai{seat}") for seat in range(4)]
    if len(scores) != 4 or any(len(hand) != 13 for hand in hands):
        raise InvalidArgumentError(f"{where}: not four hands of 13 tiles: {THREE_PLAYERS}")
    deal = _MjlogDeal(where, red, [set(hand) for hand in hands], scores, set())
    for tile in (*(t for hand in hands for t in hand), indicator):
        deal.reveal(tile, "<INIT>")
    event = mjai.start_kyoku(
        bakaze=WINDS[(kyoku // 4) % 4],
        dora_marker=deal.name(indicator),
        kyoku=kyoku % 4 + 1,
        honba=honba,
        kyotaku=sticks,
        oya=_attr_int(element, "oya", where),
        scores=scores,
        tehais=[deal.names(hand) for hand in hands],
    )
    return deal, event


def parse_mjlog(text: str, source: str = "<text>") -> list[Event]:
    """The events of one four-player game in mjlog XML `text` (`source` names it in errors)."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        _fail(source, f"not mjlog XML ({error})")
    if root.tag != "mjloggm":
        _fail(source, f"the root element is <{root.tag}>, not <mjloggm>")
    events: list[Event] = []
    deal: _MjlogDeal | None = None
    red = True
    try:
        for element in root:
            tag = element.tag
            if tag == "GO":
                rules = _attr_int(element, "type", source)
                if rules & 0x10:
                    raise InvalidArgumentError(f"{source}: {THREE_PLAYERS}")
                red = not rules & 0x02
            elif tag == "UN" and not events:
                names = [unquote(element.get(f"n{seat}", "")) for seat in range(4)]
                if not names[3]:
                    raise InvalidArgumentError(f"{source}: {THREE_PLAYERS}")
                events.append(mjai.start_game(names))
            elif tag == "INIT":
                if not events:
                    events.append(mjai.start_game(["", "", "", ""]))
                deal, event = _mjlog_init(element, source, red)
                events.append(event)
            elif deal is not None:
                _mjlog_play(deal, element, events)
                if tag in ("AGARI", "RYUUKYOKU") and element.get("owari") is not None:
                    owari = str(element.get("owari")).split(",")
                    events.append(mjai.end_game([int(v) * 100 for v in owari[0::2]]))
    except MahjongError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        place = deal.where if deal is not None else source
        _fail(place, f"malformed record ({error})")
    if deal is None:
        _fail(source, "no deal (<INIT>) found")
    return events


def _mjlog_play(deal: _MjlogDeal, element: ET.Element, events: list[Event]) -> None:
    """Appends the events of one in-deal mjlog element."""
    tag = element.tag
    where = deal.where
    if len(tag) > 1 and tag[0] in _DRAW_TAGS + _DISCARD_TAGS and tag[1:].isdigit():
        tile = int(tag[1:])
        if tag[0] in _DRAW_TAGS:
            seat = _DRAW_TAGS.index(tag[0])
            name = deal.reveal(tile, f"<{tag}>")
            deal.hands[seat].add(tile)
            deal.last_draw[seat] = tile
            events.append(mjai.tsumo(seat, name))
        else:
            seat = _DISCARD_TAGS.index(tag[0])
            deal.take(seat, [tile], f"<{tag}>")
            events.append(mjai.dahai(seat, deal.name(tile), tile == deal.last_draw[seat]))
            deal.last_draw[seat] = None
        return
    if tag == "N":
        who = _attr_int(element, "who", where)
        event = _decode_meld(deal, who, _attr_int(element, "m", where))
        deal.last_draw[who] = None
        events.append(event)
    elif tag == "REACH":
        who = _attr_int(element, "who", where)
        if _attr_int(element, "step", where) == 1:
            events.append(mjai.reach(who))
        else:
            before = list(deal.scores)
            deal.scores[who] -= 1000
            ten = element.get("ten")
            if ten is not None and [v * 100 for v in _ints(ten, where, "ten")] != deal.scores:
                _fail(where, f"<REACH step=2> ten {ten} differ from {before} less 1,000")
            deltas = [-1000 if seat == who else 0 for seat in range(4)]
            events.append(mjai.reach_accepted(who, deltas, deal.scores))
    elif tag == "DORA":
        events.append(mjai.dora(deal.reveal(_attr_int(element, "hai", where), "<DORA>")))
    elif tag in ("AGARI", "RYUUKYOKU"):
        if events[-1]["type"] == "end_kyoku" and events[-2]["type"] == "hora":
            events.pop()  # a double ron: both wins end the one deal
        events.append(_mjlog_result(deal, element))
        events.append(mjai.end_kyoku())
    # BYE (disconnection), UN (reconnection), SHUFFLE: nothing happens at the table.


# --- tenhou.net/6 JSON ---------------------------------------------------------------------

_T6_KIND = {10 * s + n: 9 * (s - 1) + n - 1 for s in (1, 2, 3) for n in range(1, 10)} | {
    40 + n: 26 + n for n in range(1, 8)
}
_T6_RED = {51: "5mr", 52: "5pr", 53: "5sr"}
TSUMOGIRI = 60


def _t6_name(code: object, where: str) -> str:
    if isinstance(code, int) and code in _T6_RED:
        return _T6_RED[code]
    if isinstance(code, int) and code in _T6_KIND:
        return mjai.KIND_NAMES[_T6_KIND[code]]
    _fail(where, f"{code!r} is not a tenhou.net/6 tile code (11-47, 51-53)")


def _t6_codes(text: str, where: str) -> list[int]:
    if len(text) % 2 or not (text.isdigit() or not text):
        _fail(where, f"call {text!r} is not pairs of tile digits")
    return [int(text[i : i + 2]) for i in range(0, len(text), 2)]


@dataclass(frozen=True)
class _T6Call:
    """A call written in a draw or discard column: ``"c275226"``, ``"4343p43"``,
    ``"121212a12"``, ``"31k313131"``."""

    kind: str  # chi pon daiminkan ankan kakan
    source: int  # relative: 3 previous player, 2 opposite, 1 next, 0 self
    called: int  # the called or added tile code
    own: tuple[int, ...]  # the caller's tiles (kakan: the pon's three tiles)


_CALL_LETTERS = {"c": "chi", "p": "pon", "m": "daiminkan", "a": "ankan", "k": "kakan"}
_SOURCE_BY_POSITION = {
    "chi": {0: 3},
    "pon": {0: 3, 2: 2, 4: 1},
    "kakan": {0: 3, 2: 2, 4: 1},
    "daiminkan": {0: 3, 2: 2, 6: 1},
    "ankan": {6: 0},
}


def _t6_call(text: str, where: str) -> _T6Call:
    found = [(i, ch) for i, ch in enumerate(text) if ch.isalpha()]
    if len(found) != 1 or found[0][1] not in _CALL_LETTERS:
        _fail(where, f"{text!r} is not a tenhou.net/6 call (c, p, m, a or k)")
    position, letter = found[0]
    kind = _CALL_LETTERS[letter]
    source = _SOURCE_BY_POSITION[kind].get(position)
    if source is None:
        _fail(where, f"call {text!r}: letter {letter!r} at position {position} is not allowed")
    before, after = _t6_codes(text[:position], where), _t6_codes(text[position + 1 :], where)
    if not after:
        _fail(where, f"call {text!r} has no tile after its letter")
    called, tiles = after[0], (*before, *after[1:])
    size = {"chi": 2, "pon": 2, "daiminkan": 3, "ankan": 3, "kakan": 3}[kind]
    if len(tiles) != size:
        _fail(where, f"call {text!r} has {len(tiles)} tiles besides the called one, not {size}")
    for code in (called, *tiles):
        _t6_name(code, where)
    return _T6Call(kind, source, called, tuple(tiles))


@dataclass
class _T6State:
    """One candidate play order being rebuilt: column positions, hands, events so far."""

    turn: int
    phase: str  # "draw": `turn` draws next; "act": `turn` discards or kans; "claim"
    drawn: list[int]
    discarded: list[int]
    hands: list[Counter[int]]
    pons: list[dict[int, tuple[int, ...]]]
    events: list[Event]
    scores: list[int]
    last_draw: int | None = None
    last_discard: int | None = None
    pending_dora: int = 0
    doras_shown: int = 1
    riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    accept: int | None = None  # a riichi discard waiting to pass

    def copy(self) -> _T6State:
        return _T6State(
            self.turn,
            self.phase,
            list(self.drawn),
            list(self.discarded),
            [Counter(h) for h in self.hands],
            [dict(p) for p in self.pons],
            list(self.events),
            list(self.scores),
            self.last_draw,
            self.last_discard,
            self.pending_dora,
            self.doras_shown,
            list(self.riichi),
            self.accept,
        )


class _NoOrder(Exception):
    """This candidate play order breaks a rule; try the next one."""


@dataclass
class _T6Deal:
    """The columns of one tenhou.net/6 deal and its fixed facts."""

    where: str
    oya: int
    scores: list[int]
    doras: list[int]
    uras: list[int]
    draws: list[list[Any]]
    discards: list[list[Any]]
    hands: list[Counter[int]]

    def name(self, code: int) -> str:
        return _t6_name(code, self.where)

    def names(self, codes: Sequence[int]) -> list[str]:
        return mjai.sorted_tiles(self.name(c) for c in codes)


def _take(state: _T6State, seat: int, codes: Sequence[int]) -> None:
    for code in codes:
        if state.hands[seat][code] <= 0:
            raise _NoOrder
        state.hands[seat][code] -= 1


def _flush_dora(deal: _T6Deal, state: _T6State) -> None:
    while state.pending_dora and state.doras_shown < len(deal.doras):
        state.events.append(mjai.dora(deal.name(deal.doras[state.doras_shown])))
        state.doras_shown += 1
        state.pending_dora -= 1
    state.pending_dora = 0


def _accept_riichi(state: _T6State) -> None:
    """The pending riichi discard passed: its 1,000 points go on the table."""
    if state.accept is not None:
        seat = state.accept
        state.scores[seat] -= 1000
        deltas = [-1000 if s == seat else 0 for s in range(4)]
        state.events.append(mjai.reach_accepted(seat, deltas, state.scores))
        state.riichi[seat] = True
        state.accept = None


def _t6_act(deal: _T6Deal, state: _T6State) -> bool:
    """`state.turn` discards or declares a kan; False when their column is used up."""
    seat = state.turn
    if state.discarded[seat] >= len(deal.discards[seat]):
        return False
    entry = deal.discards[seat][state.discarded[seat]]
    state.discarded[seat] += 1
    if isinstance(entry, str) and entry[:1] == "r":
        entry = int(entry[1:]) if entry[1:].isdigit() else entry
        _flush_dora(deal, state)
        state.events.append(mjai.reach(seat))
        state.accept = seat
    elif isinstance(entry, str):
        meld = _t6_call(entry, deal.where)
        if meld.kind == "ankan":
            _take(state, seat, [meld.called, *meld.own])
            state.events.append(mjai.ankan(seat, deal.names([meld.called, *meld.own])))
            _flush_dora(deal, state)
            state.pending_dora = 1
            _flush_dora(deal, state)
        elif meld.kind == "kakan":
            pon = state.pons[seat].pop(_t6_kind(meld.called), None)
            if pon is None:
                raise _NoOrder
            _take(state, seat, [meld.called])
            state.events.append(mjai.kakan(seat, deal.name(meld.called), deal.names(pon)))
            _flush_dora(deal, state)
            state.pending_dora = 1
            state.last_discard = meld.called  # a chankan wins on it
        else:
            _fail(deal.where, f"{entry!r} in a discard column is not riichi, ankan or kakan")
        state.phase = "draw"
        return True
    if entry == 0 or not isinstance(entry, int):
        raise _NoOrder
    if entry == TSUMOGIRI:
        if state.last_draw is None:
            raise _NoOrder
        entry, tsumogiri = state.last_draw, True
    else:
        tsumogiri = False
    _flush_dora(deal, state)
    _take(state, seat, [entry])
    state.events.append(mjai.dahai(seat, deal.name(entry), tsumogiri))
    state.last_discard = entry
    state.last_draw = None
    state.phase = "claim"
    return True


def _t6_kind(code: int) -> int:
    return {51: 4, 52: 13, 53: 22}.get(code, _T6_KIND.get(code, -1))


def _t6_claims(deal: _T6Deal, state: _T6State) -> list[tuple[int, _T6Call]]:
    """The calls some seat's next draw-column entry makes on the discard just made,
    pon/kan before chi."""
    found: list[tuple[int, _T6Call]] = []
    discarder = state.turn
    for offset in (1, 2, 3):
        seat = (discarder + offset) % 4
        column = deal.draws[seat]
        if state.drawn[seat] >= len(column) or not isinstance(column[state.drawn[seat]], str):
            continue
        meld = _t6_call(column[state.drawn[seat]], deal.where)
        if (seat + meld.source) % 4 == discarder and meld.called == state.last_discard:
            found.append((seat, meld))
    found.sort(key=lambda item: item[1].kind == "chi")
    return found


def _apply_call(deal: _T6Deal, state: _T6State, seat: int, meld: _T6Call) -> None:
    """`seat` makes call `meld` on the discard just made."""
    _accept_riichi(state)
    state.drawn[seat] += 1
    _take(state, seat, meld.own)
    state.events.append(
        mjai.call(meld.kind, seat, state.turn, deal.name(meld.called), deal.names(meld.own))
    )
    state.turn = seat
    state.last_draw = None
    if meld.kind == "pon":
        state.pons[seat][_t6_kind(meld.called)] = (meld.called, *meld.own)
    if meld.kind == "daiminkan":
        column = deal.discards[seat]
        if state.discarded[seat] >= len(column) or column[state.discarded[seat]] != 0:
            raise _NoOrder
        state.discarded[seat] += 1
        _flush_dora(deal, state)
        state.pending_dora = 1
        state.phase = "draw"
    else:
        state.phase = "act"


def _t6_play(deal: _T6Deal, scores: list[int]) -> _T6State:
    """Rebuilds the play order of a deal: the first order that uses every column entry.

    At each discard some seat's next draw-column entry may call it; the call is tried first
    (pon/kan before chi), the plain next draw when that order fails later."""
    hands = [Counter(h) for h in deal.hands]
    start = _T6State(
        deal.oya, "draw", [0] * 4, [0] * 4, hands, [{} for _ in range(4)], [], list(scores)
    )
    stack: list[tuple[_T6State, tuple[int, _T6Call] | None]] = [(start, None)]
    steps = 0
    while stack:
        state, claim = stack.pop()
        try:
            if claim is not None:
                _apply_call(deal, state, *claim)
            while True:
                steps += 1
                if steps > 200_000:
                    _fail(deal.where, "the play order cannot be rebuilt (search too long)")
                if state.phase == "draw":
                    if not _t6_draw(deal, state):
                        break
                elif state.phase == "act":
                    if not _t6_act(deal, state):
                        break
                else:
                    claims = _t6_claims(deal, state)
                    if claims:
                        passed = state.copy()
                        passed.turn, passed.phase = (state.turn + 1) % 4, "draw"
                        stack.append((passed, None))
                        stack += [(state.copy(), other) for other in reversed(claims[1:])]
                        _apply_call(deal, state, *claims[0])
                    else:
                        state.turn, state.phase = (state.turn + 1) % 4, "draw"
        except _NoOrder:
            continue
        used = all(
            state.drawn[s] == len(deal.draws[s]) and state.discarded[s] == len(deal.discards[s])
            for s in range(4)
        )
        if used:
            return state
    _fail(deal.where, "no play order uses every draw and discard of the columns")


def _t6_draw(deal: _T6Deal, state: _T6State) -> bool:
    """`state.turn` draws their next tile; False when their draw column is used up."""
    seat = state.turn
    column = deal.draws[seat]
    if state.drawn[seat] >= len(column):
        return False
    entry = column[state.drawn[seat]]
    if not isinstance(entry, int) or entry == TSUMOGIRI:
        raise _NoOrder
    _accept_riichi(state)
    state.drawn[seat] += 1
    state.hands[seat][entry] += 1
    state.last_draw = entry
    state.events.append(mjai.tsumo(seat, deal.name(entry)))
    state.phase = "act"
    return True


def _t6_points(text: str, where: str) -> tuple[int | None, int]:
    """(fu or None, points) of a tenhou.net/6 points text such as ``"30符2飜500-1000点"``."""
    match = re.fullmatch(
        r"(?:(\d+)符)?(?:\d+飜)?(?:満貫|跳満|倍満|三倍満|数え役満|役満)?"
        r"(\d+)(?:-(\d+))?点(∀)?",
        text,
    )
    if match is None:
        _fail(where, f"points text {text!r} is not understood")
    fu, first, second, everyone = match.groups()
    value = int(first)
    if second is not None:
        value = 2 * value + int(second)
    elif everyone:
        value *= 3
    return (None if fu is None else int(fu)), value


def _t6_yaku(
    texts: Sequence[Any], where: str
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    yaku: list[tuple[str, int]] = []
    yakuman: list[tuple[str, int]] = []
    for text in texts:
        match = re.fullmatch(r"(.+)\((?:(\d+)飜|(役満))\)", str(text))
        number = None if match is None else _YAKU_BY_NAME.get(match.group(1))
        if match is None or number is None:
            _fail(where, f"yaku {text!r} is not a Tenhou yaku")
        if match.group(3):
            yakuman.append((TENHOU_YAKU[number], 1))
        elif int(match.group(2)):
            yaku.append((TENHOU_YAKU[number], int(match.group(2))))
    return yaku, yakuman


def _t6_result(deal: _T6Deal, state: _T6State, result: list[Any]) -> list[Event]:
    """The ``hora`` events or the ``ryukyoku`` event of a deal's result entry."""
    where = deal.where
    scores = state.scores
    word = result[0] if result else None
    events: list[Event] = []
    if word == "和了":
        if len(result) < 3 or len(result) % 2 == 0:
            _fail(where, "a win result should be deltas and details per winner")
        for deltas, details in zip(result[1::2], result[2::2], strict=True):
            actor, target, pao = (int(v) for v in details[:3])
            fu, points = _t6_points(str(details[3]), where)
            yaku, yakuman = _t6_yaku(details[4:], where)
            if target != actor and state.accept == target:
                state.accept = None  # the riichi tile was ronned: no deposit
            last = state.events[-1]
            pai = str(last.get("pai"))
            scores[:] = [s + d for s, d in zip(scores, deltas, strict=True)]
            ura = [deal.name(c) for c in deal.uras] if state.riichi[actor] else []
            events.append(
                mjai.hora(
                    actor=actor,
                    target=target,
                    pai=pai,
                    deltas=[int(d) for d in deltas],
                    ura_markers=ura,
                    scores=scores,
                    yaku=yaku,
                    yakuman=yakuman,
                    han=sum(han for _, han in yaku),
                    fu=fu,
                    points=points,
                    pao=None if pao == actor else pao,
                )
            )
        return events
    reason = TENHOU6_DRAW_REASONS.get(str(word))
    if reason is None:
        _fail(where, f"result {word!r} is neither a win (和了) nor a known draw")
    if reason != "sanchahou":
        _accept_riichi(state)  # the last riichi discard passed
    deltas = [int(d) for d in result[1]] if len(result) > 1 else [0, 0, 0, 0]
    if word == "全員聴牌":
        shown = [True] * 4
    else:
        shown = [d > 0 for d in deltas] if reason == "exhaustive" else [False] * 4
    scores[:] = [s + d for s, d in zip(scores, deltas, strict=True)]
    tenpai = _draw_tenpai(reason, shown)
    return [mjai.ryukyoku(reason=reason, deltas=deltas, scores=scores, tenpai=tenpai)]


def _t6_deal(kyoku: list[Any], where: str) -> tuple[list[Event], list[int], int]:
    """Events of one tenhou.net/6 deal, its final scores and the sticks left on the table."""
    if len(kyoku) == 14:
        raise InvalidArgumentError(f"{where}: {THREE_PLAYERS}")
    if len(kyoku) != 17:
        _fail(where, f"a deal has 17 entries (4 players), not {len(kyoku)}")
    (number, honba, sticks), scores, doras, uras = kyoku[0], kyoku[1], kyoku[2], kyoku[3]
    where = f"{where} {_deal_name(number, honba)}"
    columns = kyoku[4:16]
    hands = [list(columns[3 * s]) for s in range(4)]
    if any(len(h) != 13 for h in hands) or len(scores) != 4 or not doras:
        _fail(where, "a deal needs 4 hands of 13 tiles, 4 scores and a dora indicator")
    deal = _T6Deal(
        where,
        number % 4,
        list(scores),
        list(doras),
        list(uras),
        [list(columns[3 * s + 1]) for s in range(4)],
        [list(columns[3 * s + 2]) for s in range(4)],
        [Counter(h) for h in hands],
    )
    start = mjai.start_kyoku(
        bakaze=WINDS[(number // 4) % 4],
        dora_marker=deal.name(doras[0]),
        kyoku=number % 4 + 1,
        honba=honba,
        kyotaku=sticks,
        oya=number % 4,
        scores=scores,
        tehais=[deal.names(h) for h in hands],
    )
    state = _t6_play(deal, list(scores))
    result = _t6_result(deal, state, list(kyoku[16]))
    taken = sum(1 for e in state.events if e["type"] == "reach_accepted")
    won = any(e["type"] == "hora" for e in result)
    left = 0 if won else sticks + taken
    return [start, *state.events, *result, mjai.end_kyoku()], state.scores, left


def parse_tenhou6(text: str, source: str = "<text>") -> list[Event]:
    """The events of one four-player game in tenhou.net/6 JSON `text`: one game object, or
    JSON lines with one deal each (their ``log`` arrays are joined)."""
    try:
        games = [json.loads(text)]
    except json.JSONDecodeError:
        try:
            games = [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError as error:
            _fail(source, f"not tenhou.net/6 JSON ({error.msg}, line {error.lineno})")
    if not games or not all(isinstance(g, dict) and isinstance(g.get("log"), list) for g in games):
        _fail(source, "a tenhou.net/6 game is a JSON object with a 'log' list")
    names = games[0].get("name", ["", "", "", ""])
    if isinstance(names, list) and len(names) == 3:
        raise InvalidArgumentError(f"{source}: {THREE_PLAYERS}")
    if not isinstance(names, list) or len(names) != 4:
        _fail(source, "'name' should list the 4 players")
    events: list[Event] = [mjai.start_game([str(n) for n in names])]
    scores: list[int] = []
    left = 0
    for index, kyoku in enumerate(k for g in games for k in g["log"]):
        where = f"{source}, deal {index + 1}"
        try:
            deal_events, scores, left = _t6_deal(kyoku, where)
        except MahjongError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
            _fail(where, f"malformed deal ({error})")
        events += deal_events
    if scores:
        events.append(mjai.end_game(_end_scores(scores, left)))
    return events


# --- files ---------------------------------------------------------------------------------


def detect_format(text: str, source: str = "<text>") -> Format:
    """``"mjlog"`` for XML, ``"tenhou6"`` for JSON, judged by the first character."""
    head = text.lstrip("\ufeff \t\r\n")[:1]
    if head == "<":
        return "mjlog"
    if head in ("{", "["):
        return "tenhou6"
    _fail(source, "neither mjlog XML nor tenhou.net/6 JSON (it starts with neither < nor {)")


def read_text(path: str | os.PathLike[str]) -> str:
    """A record file's text; missing, too large or non-UTF-8 files are RecordFormatErrors."""
    file = Path(path)
    try:
        size = file.stat().st_size
        if not file.is_file():
            _fail(str(file), "not a regular file")
        if size > MAX_RECORD_BYTES:
            _fail(str(file), f"{size} bytes is more than a record ({MAX_RECORD_BYTES} at most)")
        return file.read_text(encoding="utf-8")
    except FileNotFoundError:
        _fail(str(file), "no such file")
    except UnicodeDecodeError as error:
        _fail(str(file), f"not UTF-8 text ({error.reason})")
    except OSError as error:
        _fail(str(file), f"cannot be read ({error.strerror})")


def parse_record(text: str, source: str = "<text>") -> list[Event]:
    """The events of a record given as text, in either format (see :func:`detect_format`)."""
    parse: Callable[[str, str], list[Event]]
    parse = parse_mjlog if detect_format(text, source) == "mjlog" else parse_tenhou6
    return parse(text, source)


def load_record(path: str | os.PathLike[str]) -> list[Event]:
    """The events of the four-player game in record file `path` (mjlog or tenhou.net/6)."""
    return parse_record(read_text(path), str(path))


__all__ = [
    "MJLOG_DRAW_REASONS",
    "TENHOU6_DRAW_REASONS",
    "TENHOU6_YAKU_NAMES",
    "TENHOU_YAKU",
    "detect_format",
    "load_record",
    "parse_mjlog",
    "parse_record",
    "parse_tenhou6",
    "read_text",
]
