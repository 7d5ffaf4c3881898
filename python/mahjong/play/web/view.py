"""What the web page is sent, as JSON: the table view (:mod:`mahjong.play.snapshot`) turned
into plain data, and nothing else. Every value comes from the snapshot the session's family
builds; this module knows no family (``docs/table-view.md`` describes every field).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from mahjong.play.catalogue import ENGLISH
from mahjong.play.family import PLAY, Choice
from mahjong.play.session import Session
from mahjong.play.snapshot import build

__all__ = ["advice", "card", "catalogue", "choices", "frame", "state", "to_json"]

FRAME = ("seats", "centre", "hand", "claim")  # the table alone: one step of a replay


def to_json(value: Any) -> Any:
    """A snapshot (or any part of it) as plain data: dataclasses as dicts, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


def choices(session: Session[Any], mode: str) -> list[Choice[Any]]:
    """The buttons of `mode` with their actions (none while the human does not act)."""
    if not session.human_to_act():
        return []
    return session.family.choices(session, mode)


def state(session: Session[Any], mode: str = PLAY, busy: bool = False) -> dict[str, Any]:
    """Everything the page shows now, as seat 0 may see it: the snapshot, with the seed once
    the game is over (it deals every wall to come) and whether the log is unsaved."""
    return {
        "type": "state",
        **to_json(build(session, mode, busy)),
        "seed": session.seed if session.game_over else None,
        "unsaved": session.changed,
    }


def frame(session: Session[Any]) -> dict[str, Any]:
    """The table alone (seats, centre, seat 0's hand, the claim) and the last message: one
    step of a replay."""
    shown = to_json(build(session, busy=True))
    last = shown["messages"][-1] if shown["messages"] else None
    return {name: shown[name] for name in FRAME} | {"message": last}


def advice(session: Session[Any]) -> dict[str, Any]:
    """Help with seat 0's hand, line by line (messages)."""
    return {"type": "advice", "lines": to_json(session.family.advice(session))}


def card(session: Session[Any]) -> dict[str, Any]:
    """The card page, for a family that has one (else ``card`` is null)."""
    return {"type": "card", "card": to_json(session.family.card_page(session))}


def catalogue() -> dict[str, Any]:
    """The English catalogue: every key's template and parameter types."""
    return {
        "type": "catalogue",
        "entries": {key: {"text": e.text, "params": dict(e.params)} for key, e in ENGLISH.items()},
    }
