"""Replaying an American game log through the engine.

A log written by :func:`mahjong.american.game.play_game` (or saved by ``mahjong play
american``) is one or more sessions. Each starts with ``start_session`` (seed, card, games,
rules): the session is set up again from it, and at every decision the action taken is read
off the log's next event (the tiles a seat passed, its vote or offer, a discard, an exposure,
a joker exchange, a Mah Jongg, a challenge; a seat whose claim does not show in the log
passed). Every event the engine produces must then equal the log's, so a replay proves that
the log is a legal game and rebuilds its state.

Every event is read and checked: each game's events are the engine's (which links a game's
``start_game`` scores to the previous game's end), a session holds as many games as its
``start_session`` says and ends with ``end_session`` carrying the engine's final scores, and
after it comes only another session. A log saved in the middle of a session (by the table,
after a game) may stop after any complete game. Anything else is a
:class:`~mahjong.errors.RecordFormatError` naming the line (or, for event dicts, the event)
and what is wrong.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from mahjong._core import AmericanAction, AmericanDeal, AmericanGame, AmericanRules, Card
from mahjong._records import MAX_LOG_BYTES, json_line, read_log, shown
from mahjong.errors import MahjongError, RecordFormatError

__all__ = ["MAX_LOG_BYTES", "replay"]

Event = Mapping[str, Any]

MAX_SEED = 2**64 - 1


class _Log:
    """The events of a log with where each came from: ``line N`` of text, ``event N`` of a
    list of dicts."""

    def __init__(self, log: str | os.PathLike[str] | Iterable[str | Event]) -> None:
        self.events: list[Event] = []
        self.places: list[str] = []
        name = None
        if isinstance(log, (str, os.PathLike)):
            log, name = read_log(log)
        source = f"{name}, " if name is not None else ""
        self.end = f"{source}the end of the log"
        if isinstance(log, str):
            log = log.splitlines()
        for number, item in enumerate(log, 1):
            if isinstance(item, str):
                if not item.strip():
                    continue
                place = f"{source}line {number}"
                item = json_line(item, place)
            else:
                place = f"{source}event {number}"
            if not isinstance(item, Mapping) or not isinstance(item.get("type"), str):
                raise RecordFormatError(f"{place}: an event is a JSON object with a string 'type'")
            self.events.append(item)
            self.places.append(place)

    def at(self, index: int) -> Event | None:
        return self.events[index] if index < len(self.events) else None

    def fail(self, index: int, what: str) -> RecordFormatError:
        place = self.places[index] if index < len(self.places) else self.end
        return RecordFormatError(f"{place}: {what}")

    def field(
        self, index: int, name: str, valid: Callable[[Any], bool], what: str, default: Any = None
    ) -> Any:
        """Field `name` of event `index`, which must be `what` (a test and its words)."""
        event = self.events[index]
        value = event.get(name, default)
        if not valid(value):
            raise self.fail(index, f"{event['type']} field '{name}' is {shown(value)}, not {what}")
        return value


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any) -> bool:
    return _whole(value) and 0 <= value <= 3


def _by_seat(item: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, list) and len(v) == 4 and all(map(item, v))


def _tiles(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(t, str) for t in value)


def _same(mine: Event, theirs: Event) -> bool:
    """Whether two events are equal as JSON: ``true`` is not ``1`` there, as it is in Python
    (an event that is no JSON at all equals nothing)."""
    try:
        return json.dumps(mine, sort_keys=True) == json.dumps(theirs, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        return False


def _pick(legal: Sequence[AmericanAction], kind: str, **want: Any) -> AmericanAction | None:
    """The first action of type `kind` whose fields have the values `want`."""
    for action in legal:
        if action.type == kind and all(getattr(action, k) == v for k, v in want.items()):
            return action
    return None


def _choose(deal: AmericanDeal, seat: int, log: _Log, index: int, card: Card) -> AmericanAction:
    """The action of `seat` that leads to the log's event `index`, the next one."""
    nxt = log.at(index)
    if nxt is None:
        raise log.fail(index, "the log ends in the middle of a game")
    legal = deal.legal_actions(seat)
    types = {a.type for a in legal}
    kind = nxt["type"]
    actor = nxt.get("actor")
    found: AmericanAction | None = None
    if types & {"pass_tile", "blind"}:
        if kind != "charleston":
            raise log.fail(index, f"a Charleston pass was due, the log has {kind!r}")
        given = log.field(index, "given", _by_seat(_tiles), "4 lists of tiles, one per seat")
        blind = log.field(index, "blind", _by_seat(_whole), "4 counts, one per seat")
        picked = Counter(deal.observation(seat)["picked"])
        for tile in given[seat]:
            if picked[tile] > 0:
                picked[tile] -= 1
            elif found is None:
                found = _pick(legal, "pass_tile", tile=tile)
        if found is None and blind[seat]:
            found = _pick(legal, "blind")
    elif "vote" in types:
        votes = log.field(index, "votes", _by_seat(lambda _: True), "4 votes", [None] * 4)
        found = _pick(legal, "vote", go_on=bool(votes[seat]))
    elif "courtesy" in types:
        offers = log.field(index, "offers", _by_seat(_whole), "4 counts", [0] * 4)
        found = _pick(legal, "courtesy", count=offers[seat])
    elif deal.claim is not None:
        if kind == "expose" and actor == seat:
            size = log.field(index, "size", _whole, "a whole number")
            jokers = log.field(index, "jokers", _whole, "a whole number")
            found = _pick(legal, "expose", size=size, jokers=jokers)
        elif kind == "mahjongg" and actor == seat:
            found = _pick(legal, "mahjongg")
        else:
            found = _pick(legal, "pass")
    elif deal.turn is None:  # East's heavenly hand
        found = _pick(legal, "mahjongg" if kind == "mahjongg" else "pass")
    elif kind == "discard" and actor == seat:
        found = _pick(legal, "discard", tile=nxt.get("pai"))
    elif kind == "mahjongg" and actor == seat:
        found = _pick(legal, "mahjongg")
    elif kind == "joker_exchange" and actor == seat:
        found = _pick(legal, "joker_exchange", target=nxt.get("target"), tile=nxt.get("pai"))
    elif kind == "dead_hand" and nxt.get("by") == seat:
        found = _pick(legal, "call_dead", target=actor)
    elif kind == "dead_hand" and actor == seat and nxt.get("reason") == "wrong_challenge":
        found = _live_challenge(deal, seat, legal, card)  # the log does not name whom: any live
    if found is None:
        raise log.fail(index, f"no legal action of seat {seat} gives the logged {shown(nxt)}")
    return found


def _live_challenge(
    deal: AmericanDeal, seat: int, legal: Sequence[AmericanAction], card: Card
) -> AmericanAction | None:
    view = deal.observation(seat)
    visible = " ".join(d["pai"] for p in view["players"] for d in p["discards"] if not d["claimed"])
    for action in legal:
        if action.type != "call_dead" or action.target is None:
            continue
        target = action.target
        mine = [
            " ".join([e["tile"]] * (e["size"] - e["jokers"]) + ["J"] * e["jokers"])
            for e in view["players"][target]["exposures"]
        ]
        others = [
            " ".join([e["tile"]] * (e["size"] - e["jokers"]) + ["J"] * e["jokers"])
            for s, p in enumerate(view["players"])
            if s != target
            for e in p["exposures"]
        ]
        if not mine or not card.is_dead(mine, visible=visible or None, others=others):
            return action
    return None


def _session(log: _Log, at: int, card: Card | None) -> tuple[AmericanGame, Card]:
    """The session a ``start_session`` (event `at`) sets up and its card; its fields checked."""
    if log.events[at]["type"] != "start_session":
        raise log.fail(at, "an American log starts each session with a start_session event")
    log.field(at, "names", _by_seat(lambda n: isinstance(n, str)), "4 names", [""] * 4)
    seed = log.field(at, "seed", lambda v: _whole(v) and 0 <= v <= MAX_SEED, "a seed 0..2^64-1")
    games = log.field(at, "games", lambda v: _whole(v) and v >= 0, "a number of games", 1)
    name = log.field(at, "card", lambda v: isinstance(v, str), "a built-in card's name", "")
    rules = log.field(at, "rules", lambda v: isinstance(v, dict), "a dict of rules", {})
    try:
        card = card or Card.builtin(name)
        session = AmericanGame(card, seed=seed, games=games, rules=AmericanRules.from_dict(rules))
    except (MahjongError, TypeError) as error:
        raise log.fail(at, f"start_session cannot be set up: {error}") from None
    return session, card


def _play_session(log: _Log, at: int, card: Card | None) -> tuple[list[AmericanDeal], int]:
    """Replays the session starting at event `at`; its games and the index after it."""
    session, game_card = _session(log, at, card)
    at += 1
    deals: list[AmericanDeal] = []
    while (deal := session.next_deal()) is not None:
        if log.at(at) is None and deals:
            return deals, at  # saved in the middle of the session
        start = at
        while not deal.is_over:
            for seat in deal.waiting():
                if deal.legal_actions(seat):
                    index = start + deal.event_count()
                    deal.apply(seat, _choose(deal, seat, log, index, game_card))
        produced = deal.events()
        for i, mine in enumerate(produced):
            theirs = log.at(start + i)
            if theirs is None:
                raise log.fail(start + i, "the log ends in the middle of a game")
            if not _same(mine, theirs):
                raise log.fail(
                    start + i, f"the engine gives {shown(dict(mine))}, the log has {shown(theirs)}"
                )
        at = start + len(produced)
        session.finish_deal(deal)
        deals.append(deal)
    end = {"type": "end_session", "scores": list(session.scores)}
    theirs = log.at(at)
    if theirs is None:
        raise log.fail(at, f"the session's {len(deals)} games are over: {shown(end)} expected")
    if not _same(end, theirs):
        raise log.fail(at, f"the engine gives {shown(end)}, the log has {shown(theirs)}")
    return deals, at + 1


def replay(
    log: str | os.PathLike[str] | Iterable[str | Event], card: Card | None = None
) -> list[AmericanDeal]:
    """Plays the sessions of `log` again and returns their finished games, in order. `log` is
    a path to a JSON-lines log (a str or a PathLike; a regular UTF-8 file of at most
    :data:`MAX_LOG_BYTES`), the log's text itself (a str holding a newline or starting with
    ``{``, which no file name does: the rule of :func:`mahjong.riichi.mjai.load_events`), its
    lines, or event dicts from ``play_game``. `card` defaults to the built-in card each
    session names. Raises RecordFormatError at the first event the
    engine does not produce or the structure does not allow (see the module docstring)."""
    events = _Log(log)
    if not events.events:
        raise RecordFormatError("an American log starts with a start_session event")
    deals: list[AmericanDeal] = []
    at = 0
    while at < len(events.events):
        played, at = _play_session(events, at, card)
        deals += played
    return deals
