"""tenhou.net/6 JSON to mjai events, the play order rebuilt from the draw and discard columns
(see :mod:`mahjong.riichi.tenhou`); four-player or three-player games (a three-player deal
has three seat blocks, or a fourth left empty, and a kita written ``"f44"`` in the discard
column, spec TL2.8)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong._records import parse_json, shown
from mahjong.errors import MahjongError
from mahjong.riichi import mjai
from mahjong.riichi._tenhou_base import (
    TENHOU6_DRAW_REASONS,
    TENHOU_YAKU,
    WINDS,
    YAKU_BY_NAME,
    deal_name,
    draw_tenpai,
    fail,
)
from mahjong.riichi.mjai import Event

_T6_KIND = {10 * s + n: 9 * (s - 1) + n - 1 for s in (1, 2, 3) for n in range(1, 10)} | {
    40 + n: 26 + n for n in range(1, 8)
}
_T6_RED = {51: "5mr", 52: "5pr", 53: "5sr"}
TSUMOGIRI = 60
KITA = "f44"
"""A kita (a North set aside) in a three-player discard column."""
NORTH = 44


def _t6_name(code: object, where: str) -> str:
    if isinstance(code, int) and code in _T6_RED:
        return _T6_RED[code]
    if isinstance(code, int) and code in _T6_KIND:
        return mjai.KIND_NAMES[_T6_KIND[code]]
    fail(where, f"{code!r} is not a tenhou.net/6 tile code (11-47, 51-53)")


def _t6_codes(text: str, where: str) -> list[int]:
    if len(text) % 2 or not (text.isdigit() or not text):
        fail(where, f"call {text!r} is not pairs of tile digits")
    return [int(text[i : i + 2]) for i in range(0, len(text), 2)]


@dataclass(frozen=True)
class _T6Call:
    """A call written in a draw or discard column: ``"c275226"``, ``"4343p43"``,
    ``"121212a12"``, ``"31k313131"``."""

    kind: str  # chi pon daiminkan ankan kakan
    source: int  # relative: 3 previous player, 2 opposite, 1 next, 0 self; counted over four
    # seats also in a three-player game (with its empty seat 3, as mjlog counts, TL2.5)
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
        fail(where, f"{text!r} is not a tenhou.net/6 call (c, p, m, a or k)")
    position, letter = found[0]
    kind = _CALL_LETTERS[letter]
    source = _SOURCE_BY_POSITION[kind].get(position)
    if source is None:
        fail(where, f"call {text!r}: letter {letter!r} at position {position} is not allowed")
    before, after = _t6_codes(text[:position], where), _t6_codes(text[position + 1 :], where)
    if not after:
        fail(where, f"call {text!r} has no tile after its letter")
    called, tiles = after[0], (*before, *after[1:])
    size = {"chi": 2, "pon": 2, "daiminkan": 3, "ankan": 3, "kakan": 3}[kind]
    if len(tiles) != size:
        fail(where, f"call {text!r} has {len(tiles)} tiles besides the called one, not {size}")
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
    riichi: list[bool] = field(default_factory=list)
    accept: int | None = None  # a riichi discard waiting to pass

    @property
    def players(self) -> int:
        return len(self.hands)

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
    """The columns of one tenhou.net/6 deal and its fixed facts (one entry per player)."""

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
        deltas = [-1000 if s == seat else 0 for s in range(state.players)]
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
    elif entry == KITA and state.players == 3:
        _flush_dora(deal, state)  # a kan's indicator is shown before the kita (TL1.4)
        _take(state, seat, [NORTH])
        state.events.append(mjai.nukidora(seat))
        state.last_discard = NORTH  # a ron robs it
        state.last_draw = None
        state.phase = "draw"  # the replacement tile, from the seat's draw column
        return True
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
            fail(deal.where, f"{entry!r} in a discard column is not riichi, ankan or kakan")
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
    for offset in range(1, state.players):
        seat = (discarder + offset) % state.players
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
    players = len(hands)
    start = _T6State(
        deal.oya,
        "draw",
        [0] * players,
        [0] * players,
        hands,
        [{} for _ in range(players)],
        [],
        list(scores),
        riichi=[False] * players,
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
                    fail(deal.where, "the play order cannot be rebuilt (search too long)")
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
                        passed.turn, passed.phase = (state.turn + 1) % players, "draw"
                        stack.append((passed, None))
                        stack += [(state.copy(), other) for other in reversed(claims[1:])]
                        _apply_call(deal, state, *claims[0])
                    else:
                        state.turn, state.phase = (state.turn + 1) % players, "draw"
        except _NoOrder:
            continue
        used = all(
            state.drawn[s] == len(deal.draws[s]) and state.discarded[s] == len(deal.discards[s])
            for s in range(players)
        )
        if used:
            return state
    fail(deal.where, "no play order uses every draw and discard of the columns")


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


def _t6_points(text: str, where: str, players: int) -> tuple[int | None, int]:
    """(fu or None, points) of a tenhou.net/6 points text such as ``"30符2飜500-1000点"``: a
    tsumo's payments are per payer (of `players`, the winner aside: a three-player tsumo has
    one non-dealer payer fewer)."""
    match = re.fullmatch(
        r"(?:(\d+)符)?(?:\d+飜)?(?:満貫|跳満|倍満|三倍満|数え役満|役満)?"
        r"(\d+)(?:-(\d+))?点(∀)?",
        text,
    )
    if match is None:
        fail(where, f"points text {text!r} is not understood")
    fu, first, second, everyone = match.groups()
    value = int(first)
    if second is not None:
        value = (players - 2) * value + int(second)
    elif everyone:
        value *= players - 1
    return (None if fu is None else int(fu)), value


def _t6_yaku(
    texts: Sequence[Any], where: str
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    yaku: list[tuple[str, int]] = []
    yakuman: list[tuple[str, int]] = []
    for text in texts:
        match = re.fullmatch(r"(.+)\((?:(\d+)飜|(役満))\)", str(text))
        number = None if match is None else YAKU_BY_NAME.get(match.group(1))
        if match is None or number is None:
            fail(where, f"yaku {text!r} is not a Tenhou yaku")
        if match.group(3):
            yakuman.append((TENHOU_YAKU[number], 1))
        elif int(match.group(2)):
            yaku.append((TENHOU_YAKU[number], int(match.group(2))))
    return yaku, yakuman


def _winning_tile(where: str, events: Sequence[Event], actor: int, target: int) -> str:
    """The tile `actor` wins on, from the play so far: the tile just drawn for a tsumo; for a
    ron the tile `target` just discarded, added to a kan (chankan), set aside (kita) or, for
    kokushi, declared a closed kan of. Any other last play is a RecordFormatError."""
    plays = [e for e in events if e["type"] != "dora"]
    last = plays[-1] if plays else {"type": "start_kyoku"}
    if actor == target:
        valid = last["type"] == "tsumo" and last["actor"] == actor
    else:
        robbed = ("dahai", "kakan", "ankan", "nukidora")
        valid = last["type"] in robbed and last["actor"] == target
    if not valid:
        how = "by tsumo" if actor == target else f"on a tile of seat {target}"
        fail(where, f"seat {actor} wins {how}, but the last play is {mjai.dumps_event(last)}")
    return str(last["pai"] if "pai" in last else last["consumed"][0])


def _t6_result(deal: _T6Deal, state: _T6State, result: list[Any]) -> list[Event]:
    """The ``hora`` events or the ``ryukyoku`` event of a deal's result entry."""
    where = deal.where
    scores = state.scores
    players = state.players
    word = result[0] if result else None
    events: list[Event] = []
    if word == "和了":
        if len(result) < 3 or len(result) % 2 == 0:
            fail(where, "a win result should be deltas and details per winner")
        for deltas, details in zip(result[1::2], result[2::2], strict=True):
            deltas = _seat_numbers(deltas, players, where, "a win's score changes")
            if not isinstance(details, list) or len(details) < 4:
                fail(where, f"a win's details {shown(details)} lack [winner, from, liable, points]")
            actor, target, pao = _whole_numbers(details[:3], 3, where, "[winner, from, liable]")
            if max(actor, target, pao) >= players:
                seats = f"0..{players - 1}"
                fail(where, f"a win names seats {actor}, {target}, {pao}; seats are {seats}")
            fu, points = _t6_points(str(details[3]), where, players)
            yaku, yakuman = _t6_yaku(details[4:], where)
            if target != actor and state.accept == target:
                state.accept = None  # the riichi tile was ronned: no deposit
            pai = _winning_tile(where, state.events, actor, target)
            scores[:] = [s + d for s, d in zip(scores, deltas, strict=True)]
            ura = [deal.name(c) for c in deal.uras] if state.riichi[actor] else []
            events.append(
                mjai.hora(
                    actor=actor,
                    target=target,
                    pai=pai,
                    deltas=deltas,
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
        fail(where, f"result {word!r} is neither a win (和了) nor a known draw")
    if reason != "sanchahou":
        _accept_riichi(state)  # the last riichi discard passed
    deltas = [0] * players
    if len(result) > 1:
        deltas = _seat_numbers(result[1], players, where, "the draw's score changes")
    scores[:] = [s + d for s, d in zip(scores, deltas, strict=True)]
    tenpai: list[bool] | None
    if reason == "nagashi_mangan":
        tenpai = None  # the record does not say who was tenpai
    elif word == "全員聴牌":
        tenpai = [True] * players
    else:
        tenpai = draw_tenpai(reason, [d > 0 for d in deltas])
    return [mjai.ryukyoku(reason=reason, deltas=deltas, scores=scores, tenpai=tenpai)]


def _whole_numbers(
    value: Any, size: int, where: str, what: str, *, points: bool = False
) -> list[int]:
    """`value` as a list of `size` whole numbers: counts and seats (0 or more) or, with
    `points`, scores and score changes of either sign (a score may be below zero), bounded by
    magnitude (at most :data:`mahjong.riichi.mjai.MAX_POINTS` either way)."""
    low = -mjai.MAX_POINTS if points else 0
    if not (
        isinstance(value, list)
        and len(value) == size
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and all(low <= v <= mjai.MAX_POINTS for v in value)
    ):
        kind = (
            f"whole numbers of points (at most {mjai.MAX_POINTS:,} either way)"
            if points
            else "whole numbers 0 or more"
        )
        fail(where, f"{what} should be {size} {kind}, not {shown(value)}")
    return list(value)


def _seat_numbers(value: Any, players: int, where: str, what: str) -> list[int]:
    """`value` as one whole number per seat; a three-player record may also give four, the
    fourth (its empty seat's) 0 (TL2.2)."""
    if players == 3 and isinstance(value, list) and len(value) == 4 and value[3] == 0:
        value = value[:3]
    return _whole_numbers(value, players, where, what, points=True)


def _check_copies(where: str, revealed: Sequence[Any], columns: Sequence[Any]) -> None:
    """No tile more often than it exists among the tiles that come into play: starting hands,
    drawn tiles (the draw columns' numbers) and dora and ura indicators. Checked before the
    play order is searched, which would otherwise fail without saying why."""
    drawn = [
        t for s in range(len(columns) // 3) for t in columns[3 * s + 1] if not isinstance(t, str)
    ]
    counts: Counter[str] = Counter()
    reds: Counter[str] = Counter()
    for code in (*revealed, *drawn):
        name = _t6_name(code, where)
        counts[mjai.KIND_NAMES[mjai.tile_kind(name)]] += 1
        if mjai.is_red(name):
            reds[name] += 1
    for name, count in counts.items():
        if count > 4:
            fail(
                where,
                f"{count} copies of {name} come into play (hands, draws, indicators); a tile has 4",
            )
    for name, count in reds.items():
        if count > 1:
            fail(where, f"{count} copies of the red five {name} come into play; there is one")


def _players(kyoku: Any) -> int:
    """The seats of a deal: three when it has three seat blocks (14 entries) or a fourth
    block left empty (no starting hand), else four."""
    if isinstance(kyoku, list) and len(kyoku) == 14:
        return 3
    empty = isinstance(kyoku, list) and len(kyoku) == 17 and kyoku[13:16] == [[], [], []]
    return 3 if empty else 4


def _t6_deal(kyoku: list[Any], where: str, players: int) -> list[Event]:
    """Events of one tenhou.net/6 deal of `players`."""
    if len(kyoku) not in (14, 17) or _players(kyoku) != players:
        size = "14 or 17 entries (3 players)" if players == 3 else "17 entries (4 players)"
        fail(where, f"a deal has {size}, not {len(kyoku)}")
    header = "the deal's [number, honba, sticks]"
    number, honba, sticks = _whole_numbers(kyoku[0], 3, where, header)
    where = f"{where} {deal_name(number, honba)}"
    if number % 4 >= players:
        fail(where, f"deal number {number} names dealer {number % 4}; seats are 0..{players - 1}")
    scores = _seat_numbers(kyoku[1], players, where, "the scores")
    doras, uras = kyoku[2], kyoku[3]
    columns = kyoku[4 : 4 + 3 * players]
    hands = [list(columns[3 * s]) for s in range(players)]
    if any(len(h) != 13 for h in hands) or not doras:
        fail(where, f"a deal needs {players} hands of 13 tiles and a dora indicator")
    _check_copies(where, [*doras, *uras, *(t for h in hands for t in h)], columns)
    deal = _T6Deal(
        where,
        number % 4,
        list(scores),
        list(doras),
        list(uras),
        [list(columns[3 * s + 1]) for s in range(players)],
        [list(columns[3 * s + 2]) for s in range(players)],
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
    result = _t6_result(deal, state, list(kyoku[-1]))
    return [start, *state.events, *result, mjai.end_kyoku()]


def parse_tenhou6(text: str, source: str = "<text>") -> list[Event]:
    """The events of one game in tenhou.net/6 JSON `text` (four players, or three: see the
    module docs): one game object, or JSON lines with one deal each (their ``log`` arrays are
    joined)."""
    try:
        games = [parse_json(text)]
    except json.JSONDecodeError:
        games = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    games.append(parse_json(line))
                except json.JSONDecodeError as error:
                    fail(source, f"not tenhou.net/6 JSON ({error.msg}, line {number})")
                except ValueError as error:
                    fail(source, f"not tenhou.net/6 JSON ({error}, line {number})")
    except ValueError as error:
        fail(source, f"not tenhou.net/6 JSON ({error})")
    if not games or not all(isinstance(g, dict) and isinstance(g.get("log"), list) for g in games):
        fail(source, "a tenhou.net/6 game is a JSON object with a 'log' list")
    deals = [k for g in games for k in g["log"]]
    names = games[0].get("name", ["", "", "", ""])
    players = _players(deals[0]) if deals else len(names) if isinstance(names, list) else 4
    if isinstance(names, list) and players == 3 and len(names) == 4 and names[3] == "":
        names = names[:3]  # the empty seat's name (TL2.2)
    if not isinstance(names, list) or len(names) != players:
        fail(source, f"'name' should list the {players} players")
    events: list[Event] = [mjai.start_game([str(n) for n in names])]
    for index, kyoku in enumerate(deals):
        where = f"{source}, deal {index + 1}"
        try:
            events += _t6_deal(kyoku, where, players)
        except MahjongError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
            fail(where, f"malformed deal ({error})")
    final = games[-1].get("sc")
    if final is None:
        events.append(mjai.end_game())
    else:
        # "sc" is [score, result] per seat: the final scores the record states.
        scores = final[0::2] if isinstance(final, list) else final
        events.append(
            mjai.end_game(_seat_numbers(scores, players, source, "the final scores (sc)"))
        )
    return events
