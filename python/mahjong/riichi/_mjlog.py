"""Tenhou mjlog XML to mjai events (see :mod:`mahjong.riichi.tenhou`), four-player and
three-player games (GO type bit 0x10: seat 3 is the empty seat everywhere, its entries are left
out; a kita ``<N>`` becomes a ``nukidora`` event, sanma spec TL2)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import unquote

from mahjong.errors import MahjongError
from mahjong.riichi import mjai
from mahjong.riichi._tenhou_base import (
    MJLOG_DRAW_REASONS,
    TENHOU_YAKU,
    WINDS,
    deal_name,
    draw_tenpai,
    fail,
)
from mahjong.riichi.mjai import Event


def _ints(text: str | None, where: str, what: str) -> list[int]:
    if text is None:
        fail(where, f"{what} is missing")
    try:
        return [int(part) for part in text.split(",")] if text.strip() else []
    except ValueError:
        fail(where, f"{what} {text!r} is not a list of whole numbers")


def _attr_int(element: ET.Element, name: str, where: str) -> int:
    values = _ints(element.get(name), where, f"<{element.tag}> attribute {name}") or [0]
    if len(values) != 1:
        fail(where, f"<{element.tag}> attribute {name} should be one number, not {len(values)}")
    return values[0]


def _attr_seat(element: ET.Element, name: str, where: str, players: int = 4) -> int:
    seat = _attr_int(element, name, where)
    if not 0 <= seat < players:
        fail(where, f"<{element.tag}> attribute {name} is seat {seat}; seats are 0..{players - 1}")
    return seat


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
    last_play: tuple[str, int, int] = ("start_kyoku", -1, -1)  # (event type, seat, tile)

    @property
    def players(self) -> int:
        return len(self.hands)

    def seat(self, element: ET.Element, name: str) -> int:
        """A seat attribute: one of the deal's players."""
        return _attr_seat(element, name, self.where, self.players)

    def name(self, tile: int) -> str:
        if not 0 <= tile < 136:
            fail(self.where, f"tile id {tile} is not in 0..135")
        return mjai.tile_name(tile, self.red)

    def reveal(self, tile: int, what: str) -> str:
        """The name of a tile coming into play (a draw, a dora indicator); each id once."""
        if tile in self.seen:
            fail(self.where, f"{what}: tile {tile} is already in play")
        self.seen.add(tile)
        return self.name(tile)

    def names(self, tiles: Sequence[int]) -> list[str]:
        return [self.name(t) for t in sorted(tiles)]

    def take(self, seat: int, tiles: Sequence[int], what: str) -> None:
        for tile in tiles:
            if tile not in self.hands[seat]:
                fail(self.where, f"{what}: seat {seat} does not hold tile {tile}")
            self.hands[seat].remove(tile)


def _decode_meld(deal: _MjlogDeal, who: int, m: int) -> Event:
    """The event of an mjlog ``<N who m>`` call (the bit field is in the module README). The
    source of a call counts seats mod 4, the empty seat of a three-player game included
    (TL2.5)."""
    target = (who + (m & 3)) % 4
    if target >= deal.players:
        fail(deal.where, f"<N m={m}> of seat {who} names seat {target}, not a player")
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
        deal.last_play = ("kakan", who, added)
        return mjai.kakan(who, deal.name(added), deal.names(tiles))
    if m & 0x20:  # kita: a North set aside (TL2.4)
        tile = m >> 8
        if deal.players != 3 or tile // 4 != mjai.tile_kind("N"):
            fail(deal.where, f"<N m={m}>: a kita of tile {tile} (a North, three players only)")
        deal.take(who, [tile], "kita")
        deal.last_play = ("nukidora", who, tile)
        return mjai.nukidora(who)
    called = m >> 8
    kind = called // 4
    tiles = [kind * 4 + c for c in range(4)]
    if target == who:
        deal.take(who, tiles, "ankan")
        deal.last_play = ("ankan", who, called)
        return mjai.ankan(who, deal.names(tiles))
    tiles.remove(called)
    deal.take(who, tiles, "daiminkan")
    return mjai.call("daiminkan", who, target, deal.name(called), deal.names(tiles))


def _mjlog_result(deal: _MjlogDeal, element: ET.Element) -> Event:
    where = deal.where
    sc = _ints(element.get("sc"), where, f"<{element.tag}> sc")
    if len(sc) != 8:
        fail(where, f"<{element.tag}> sc should hold 8 numbers, not {len(sc)}")
    players = deal.players
    before = [v * 100 for v in sc[0::2]][:players]
    deltas = [v * 100 for v in sc[1::2]][:players]
    if before != deal.scores:
        fail(where, f"<{element.tag}> sc scores {before} differ from the replayed {deal.scores}")
    deal.scores = [b + d for b, d in zip(before, deltas, strict=True)]
    if element.tag == "RYUUKYOKU":
        kind = element.get("type")
        reason = "exhaustive" if kind is None else MJLOG_DRAW_REASONS.get(kind)
        if reason is None:
            fail(where, f"unknown draw type {kind!r}")
        shown = [element.get(f"hai{seat}") is not None for seat in range(players)]
        return mjai.ryukyoku(
            reason=reason, deltas=deltas, scores=deal.scores, tenpai=draw_tenpai(reason, shown)
        )
    who = deal.seat(element, "who")
    from_who = deal.seat(element, "fromWho")
    ten = _ints(element.get("ten"), where, "<AGARI> ten")
    if len(ten) != 3:
        fail(where, f"<AGARI> ten should hold 3 numbers (fu, points, limit), not {len(ten)}")
    fu, points, _limit = ten
    pairs = _ints(element.get("yaku", ""), where, "<AGARI> yaku")
    yaku_ids = _ints(element.get("yakuman", ""), where, "<AGARI> yakuman")
    if any(not 0 <= i < len(TENHOU_YAKU) for i in [*pairs[0::2], *yaku_ids]):
        fail(where, f"unknown Tenhou yaku id in {pairs[0::2] + yaku_ids}")
    yaku = [(TENHOU_YAKU[i], han) for i, han in zip(pairs[0::2], pairs[1::2], strict=True) if han]
    pao = None if element.get("paoWho") is None else deal.seat(element, "paoWho")
    return mjai.hora(
        actor=who,
        target=from_who,
        pai=_winning_tile(deal, element, who, from_who),
        deltas=deltas,
        ura_markers=[deal.name(t) for t in _ints(element.get("doraHaiUra", ""), where, "ura")],
        scores=deal.scores,
        yaku=yaku,
        yakuman=[(TENHOU_YAKU[i], 1) for i in yaku_ids],
        han=sum(han for _, han in yaku),
        fu=fu,
        points=points,
        pao=pao,
    )


def _winning_tile(deal: _MjlogDeal, element: ET.Element, who: int, from_who: int) -> str:
    """The name of ``machi``, which must be the tile just played: drawn by the winner for a
    tsumo; for a ron discarded by ``fromWho``, added to a kan (chankan), set aside by kita
    or, for kokushi, of a closed kan ``fromWho`` declared."""
    machi = _attr_int(element, "machi", deal.where)
    kind, seat, tile = deal.last_play
    if who == from_who:
        valid = (kind, seat, tile) == ("tsumo", who, machi)
    else:
        same = tile == machi or (kind == "ankan" and tile // 4 == machi // 4)
        valid = kind in ("dahai", "kakan", "ankan", "nukidora") and seat == from_who and same
    if not valid:
        how = "by tsumo" if who == from_who else f"on a tile of seat {from_who}"
        played = f"{kind} of tile {tile} by seat {seat}" if seat >= 0 else "no tile played"
        fail(
            deal.where,
            f"<AGARI> seat {who} wins {how} on tile {machi}, but the last play is {played}",
        )
    return deal.name(machi)


def _mjlog_init(
    element: ET.Element, where: str, red: bool, players: int
) -> tuple[_MjlogDeal, Event]:
    seed = _ints(element.get("seed"), where, "<INIT> seed")
    if len(seed) != 6:
        fail(where, f"<INIT> seed should hold 6 numbers, not {len(seed)}")
    kyoku, honba, sticks, _, _, indicator = seed
    where = f"{where}, deal {deal_name(kyoku, honba)}"
    scores = [v * 100 for v in _ints(element.get("ten"), where, "<INIT> ten")]
    hands = [_ints(element.get(f"hai{seat}"), where, f"<INIT> hai{seat}") for seat in range(4)]
    if len(scores) != 4 or any(len(hand) != 13 for hand in hands[:players]):
        fail(where, f"<INIT> should hold four scores and {players} hands of 13 tiles")
    if hands[players:] != [[]] * (4 - players) or any(scores[players:]):
        fail(where, "<INIT> gives seat 3 tiles or points in a three-player game")
    hands, scores = hands[:players], scores[:players]
    deal = _MjlogDeal(where, red, [set(hand) for hand in hands], scores, set())
    for tile in (*(t for hand in hands for t in hand), indicator):
        deal.reveal(tile, "<INIT>")
    event = mjai.start_kyoku(
        bakaze=WINDS[(kyoku // 4) % 4],
        dora_marker=deal.name(indicator),
        kyoku=kyoku % 4 + 1,
        honba=honba,
        kyotaku=sticks,
        oya=_attr_seat(element, "oya", where, players),
        scores=scores,
        tehais=[deal.names(hand) for hand in hands],
    )
    return deal, event


def parse_mjlog(text: str, source: str = "<text>") -> list[Event]:
    """The events of one game in mjlog XML `text` (`source` names it in errors), with four
    players or three."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        fail(source, f"not mjlog XML ({error})")
    if root.tag != "mjloggm":
        fail(source, f"the root element is <{root.tag}>, not <mjloggm>")
    events: list[Event] = []
    deal: _MjlogDeal | None = None
    red = True
    players = 4
    try:
        for element in root:
            tag = element.tag
            if tag == "GO":
                rules = _attr_int(element, "type", source)
                players = 3 if rules & 0x10 else 4
                red = not rules & 0x02
            elif tag == "UN" and not events:
                names = [unquote(element.get(f"n{seat}", "")) for seat in range(players)]
                events.append(mjai.start_game(names))
            elif tag == "INIT":
                if not events:
                    events.append(mjai.start_game([""] * players))
                deal, event = _mjlog_init(element, source, red, players)
                events.append(event)
            elif deal is not None:
                _mjlog_play(deal, element, events)
                if tag in ("AGARI", "RYUUKYOKU") and element.get("owari") is not None:
                    owari = str(element.get("owari")).split(",")
                    events.append(mjai.end_game([int(v) * 100 for v in owari[0::2]][:players]))
    except MahjongError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        place = deal.where if deal is not None else source
        fail(place, f"malformed record ({error})")
    if deal is None:
        fail(source, "no deal (<INIT>) found")
    return events


def _mjlog_play(deal: _MjlogDeal, element: ET.Element, events: list[Event]) -> None:
    """Appends the events of one in-deal mjlog element."""
    tag = element.tag
    where = deal.where
    if len(tag) > 1 and tag[0] in _DRAW_TAGS + _DISCARD_TAGS and tag[1:].isdigit():
        tile = int(tag[1:])
        seat = (_DRAW_TAGS + _DISCARD_TAGS).index(tag[0]) % 4
        if seat >= deal.players:
            fail(where, f"<{tag}> is a play of seat {seat}, not a player")
        if tag[0] in _DRAW_TAGS:
            name = deal.reveal(tile, f"<{tag}>")
            deal.hands[seat].add(tile)
            deal.last_draw[seat] = tile
            deal.last_play = ("tsumo", seat, tile)
            events.append(mjai.tsumo(seat, name))
        else:
            deal.take(seat, [tile], f"<{tag}>")
            events.append(mjai.dahai(seat, deal.name(tile), tile == deal.last_draw[seat]))
            deal.last_draw[seat] = None
            deal.last_play = ("dahai", seat, tile)
        return
    if tag == "N":
        who = deal.seat(element, "who")
        event = _decode_meld(deal, who, _attr_int(element, "m", where))
        deal.last_draw[who] = None
        if event["type"] in ("chi", "pon", "daiminkan"):
            deal.last_play = (event["type"], who, -1)
        events.append(event)
    elif tag == "REACH":
        who = deal.seat(element, "who")
        if _attr_int(element, "step", where) == 1:
            events.append(mjai.reach(who))
        else:
            before = list(deal.scores)
            deal.scores[who] -= 1000
            ten = element.get("ten")
            scores = [v * 100 for v in _ints(ten, where, "ten")][: deal.players] if ten else None
            if scores is not None and scores != deal.scores:
                fail(where, f"<REACH step=2> ten {ten} differ from {before} less 1,000")
            deltas = [-1000 if seat == who else 0 for seat in range(deal.players)]
            events.append(mjai.reach_accepted(who, deltas, deal.scores))
    elif tag == "DORA":
        events.append(mjai.dora(deal.reveal(_attr_int(element, "hai", where), "<DORA>")))
    elif tag in ("AGARI", "RYUUKYOKU"):
        if events[-1]["type"] == "end_kyoku" and events[-2]["type"] == "hora":
            events.pop()  # a double ron: both wins end the one deal
        events.append(_mjlog_result(deal, element))
        events.append(mjai.end_kyoku())
    # BYE (disconnection), UN (reconnection), SHUFFLE: nothing happens at the table.
