"""Replaying an American game log through the engine.

A log written by :func:`mahjong.american.game.play_game` starts with ``start_session`` (seed,
card, games, rules): the session is set up again from it, and at every decision the action
taken is read off the log's next event (the tiles a seat passed, its vote or offer, a
discard, an exposure, a joker exchange, a Mah Jongg, a challenge; a seat whose claim does not
show in the log passed). Every event the engine produces must then equal the log's, so a
replay proves that the log is a legal game and rebuilds its state.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mahjong._core import AmericanAction, AmericanDeal, AmericanGame, AmericanRules, Card
from mahjong.errors import RecordFormatError

__all__ = ["replay"]

Event = Mapping[str, Any]


def _events(log: str | Iterable[str | Event]) -> list[Event]:
    """Event dicts from JSON-lines text, a list of lines or a list of dicts."""
    if isinstance(log, str):
        log = log.splitlines()
    return [json.loads(e) if isinstance(e, str) else e for e in log if e]


def _pick(legal: Sequence[AmericanAction], kind: str, **want: Any) -> AmericanAction | None:
    """The first action of type `kind` whose fields have the values `want`."""
    for action in legal:
        if action.type == kind and all(getattr(action, k) == v for k, v in want.items()):
            return action
    return None


def _choose(deal: AmericanDeal, seat: int, nxt: Event | None, card: Card) -> AmericanAction:
    """The action of `seat` that leads to `nxt`, the log's next event."""
    if nxt is None:
        raise RecordFormatError("the log ends in the middle of a game")
    legal = deal.legal_actions(seat)
    types = {a.type for a in legal}
    kind = nxt.get("type")
    actor = nxt.get("actor")
    found: AmericanAction | None = None
    if types & {"pass_tile", "blind"}:
        if kind != "charleston":
            raise RecordFormatError(f"a Charleston pass was due, the log has {kind!r}")
        picked = Counter(deal.observation(seat)["picked"])
        for tile in nxt["given"][seat]:
            if picked[tile] > 0:
                picked[tile] -= 1
            elif found is None:
                found = _pick(legal, "pass_tile", tile=tile)
        if found is None and nxt["blind"][seat]:
            found = _pick(legal, "blind")
    elif "vote" in types:
        found = _pick(legal, "vote", go_on=bool(nxt.get("votes", [None] * 4)[seat]))
    elif "courtesy" in types:
        offers = nxt.get("offers", [0] * 4)
        found = _pick(legal, "courtesy", count=offers[seat])
    elif deal.claim is not None:
        if kind == "expose" and actor == seat:
            found = _pick(legal, "expose", size=nxt["size"], jokers=nxt["jokers"])
        elif kind == "mahjongg" and actor == seat:
            found = _pick(legal, "mahjongg")
        else:
            found = _pick(legal, "pass")
    elif deal.turn is None:  # East's heavenly hand
        found = _pick(legal, "mahjongg" if kind == "mahjongg" else "pass")
    elif kind == "discard" and actor == seat:
        found = _pick(legal, "discard", tile=nxt["pai"])
    elif kind == "mahjongg" and actor == seat:
        found = _pick(legal, "mahjongg")
    elif kind == "joker_exchange" and actor == seat:
        found = _pick(legal, "joker_exchange", target=nxt["target"], tile=nxt["pai"])
    elif kind == "dead_hand" and nxt.get("by") == seat:
        found = _pick(legal, "call_dead", target=actor)
    elif kind == "dead_hand" and actor == seat and nxt["reason"] == "wrong_challenge":
        found = _live_challenge(deal, seat, legal, card)  # the log does not name whom: any live
    if found is None:
        raise RecordFormatError(
            f"no legal action of seat {seat} gives the logged event {dict(nxt)!r}"
        )
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


def replay(log: str | Iterable[str | Event], card: Card | None = None) -> list[AmericanDeal]:
    """Plays the session of `log` (JSON-lines text, its lines, or event dicts from
    ``play_game``) again and
    returns its finished games; raises RecordFormatError at the first event the engine does
    not produce. `card` defaults to the built-in card the log names."""
    events = _events(log)
    if not events or events[0].get("type") != "start_session":
        raise RecordFormatError("an American log starts with a start_session event")
    head = events[0]
    card = card or Card.builtin(head["card"])
    rules = AmericanRules.from_dict(dict(head.get("rules") or {}))
    session = AmericanGame(card, seed=head["seed"], games=head.get("games", 1), rules=rules)
    at = 1
    deals = []
    while (deal := session.next_deal()) is not None:
        start = at
        while not deal.is_over:
            for seat in deal.waiting():
                if deal.legal_actions(seat):
                    index = start + deal.event_count()
                    nxt = events[index] if index < len(events) else None
                    deal.apply(seat, _choose(deal, seat, nxt, card))
        produced = deal.events()
        logged = events[start : start + len(produced)]
        for i, (mine, theirs) in enumerate(zip(produced, logged, strict=False)):
            if dict(mine) != dict(theirs):
                raise RecordFormatError(
                    f"event {start + i}: the engine gives {mine!r}, the log has {dict(theirs)!r}"
                )
        if len(logged) < len(produced):
            raise RecordFormatError("the log ends in the middle of a game")
        at = start + len(produced)
        session.finish_deal(deal)
        deals.append(deal)
    return deals
