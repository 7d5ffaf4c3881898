"""What the web table shows, as JSON: the table as seat 0 sees it, the buttons, the result
of a finished deal and the standings.

Every value comes from the session's family and from the engine's observation for seat 0
(:meth:`~mahjong.play.session.Session.observation`); nothing here decides a rule. Another
seat's concealed tiles appear only in a finished deal's result (the winner's hand, the tenpai
hands of a draw), as they are shown at a real table.
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from rich.text import Text

from mahjong.play.american import AmericanFamily, pattern_text, spelled_groups
from mahjong.play.family import PLAY, Choice
from mahjong.play.riichi import RIICHI, RiichiFamily, draw_words
from mahjong.play.session import HUMAN, NAMES, Session
from mahjong.riichi import YAKU_NAMES, mjai

__all__ = ["choices", "frame", "result", "segments", "standings", "state"]

WIND_NAMES = ("E", "S", "W", "N")


_CONSOLE = Console(file=io.StringIO(), width=1000, color_system=None)


def segments(text: Text) -> list[list[str]]:
    """A rich text as ``[text, style]`` pieces (the page maps styles to classes)."""
    return [[seg.text, str(seg.style or "")] for seg in text.render(_CONSOLE, end="")]


def _hand(session: Session[Any]) -> tuple[list[str], str | None]:
    """Seat 0's concealed tiles, sorted, and the drawn tile apart (None when there is none)."""
    obs = session.observation()
    hand = list(obs["hand"])
    drawn = obs["drawn"]
    if drawn is not None and drawn in hand:
        hand.remove(drawn)
    else:
        drawn = None
    return sorted(hand, key=session.family.sort_key), drawn


def _seat(session: Session[Any], seat: int, obs: Any) -> dict[str, Any]:
    """One side of the table: name, wind, score, marks, discards, melds and how many concealed
    tiles it holds (public only)."""
    family = session.family
    player = obs["players"][seat]
    side: dict[str, Any] = {
        "seat": seat,
        "name": NAMES[seat],
        "wind": WIND_NAMES[(seat - obs["dealer"]) % 4],
        "score": obs["scores"][seat],
        "dealer": seat == obs["dealer"],
        "turn": obs["turn"] == seat and not session.deal_over,
        "concealed": player["concealed"] if seat != HUMAN else None,
    }
    if isinstance(family, RiichiFamily):
        side["riichi"] = bool(player["riichi"])
        side["pond"] = [
            {"tile": d["pai"], "riichi": bool(d["riichi"]), "called": bool(d["called"])}
            for d in player["pond"]
        ]
        side["melds"] = [
            {
                "type": m["type"],
                "tiles": list(m["tiles"]),
                "called": m.get("pai"),
                "from": m["target"],
            }
            for m in player["melds"]
        ]
    else:
        side["dead"] = player["dead"]
        side["pond"] = [
            {"tile": d["pai"], "riichi": False, "called": bool(d["claimed"])}
            for d in player["discards"]
        ]
        side["melds"] = [
            {
                "type": "expose",
                "tiles": list(e["tiles"]),
                "called": e["tile"] if e["target"] not in (None, seat) else None,
                "from": e["target"],
                "flash": (seat, i) in session.highlights,
            }
            for i, e in enumerate(player["exposures"])
        ]
    return side


def _way_tiles(session: Session[Any], action: Any, claim: Any) -> list[str]:
    """The tiles a way uses, for its button's picture (the claimed tile first)."""
    kind = action.type
    if isinstance(session.family, RiichiFamily):
        if kind in ("chi", "pon", "daiminkan") and claim is not None:
            return [claim[0], *mjai.sorted_tiles(list(action.consumed))]
        if kind in ("ankan", "kakan") and action.consumed:
            return list(action.consumed)
        return [action.tile] if action.tile else []
    if kind == "expose":
        tile = claim[0] if claim else action.tile or ""
        size, jokers = action.size or 3, action.jokers or 0
        return [tile] * (size - jokers) + ["J"] * jokers
    if kind == "joker_exchange" and action.tile:
        return [action.tile, "J"]
    return []


def choices(session: Session[Any], mode: str) -> list[Choice[Any]]:
    """The buttons of `mode` (none while the human does not act)."""
    if not session.human_to_act():
        return []
    return session.family.choices(session, mode)


def _choices(session: Session[Any], mode: str) -> list[dict[str, Any]]:
    claim = session.observation()["claim"]
    shown = []
    for choice in choices(session, mode):
        first = choice.ways[0].actions[-1] if choice.ways else None
        shown.append(
            {
                "key": choice.key,
                "label": choice.label,
                "kind": getattr(first, "type", None) if first is not None else choice.mode,
                "mode": choice.mode,
                "style": choice.style,
                "ways": [
                    {
                        "label": way.label,
                        "tiles": _way_tiles(session, way.actions[-1], claim),
                        "target": getattr(way.actions[-1], "target", None),
                    }
                    for way in choice.ways
                ],
            }
        )
    return shown


def _centre(session: Session[Any]) -> dict[str, Any]:
    obs = session.observation()
    family = session.family
    centre: dict[str, Any] = {"status": family.status(session), "tiles_left": obs["tiles_left"]}
    if isinstance(family, RiichiFamily):
        centre |= {
            "round": obs["round_wind"],
            "kyoku": family.kyoku,
            "honba": obs["honba"],
            "sticks": obs["riichi_sticks"],
            "dora": list(obs["dora_indicators"]),
        }
    elif isinstance(family, AmericanFamily):
        centre |= {"game": session.deal_number, "games": family.games, "step": obs["step"]}
    return centre


def frame(session: Session[Any]) -> dict[str, Any]:
    """The table alone (sides, centre, seat 0's hand): one step of a replay."""
    obs = session.observation()
    hand, drawn = _hand(session)
    return {
        "seats": [_seat(session, seat, obs) for seat in range(4)],
        "centre": _centre(session),
        "hand": hand,
        "drawn": drawn,
        "claim": list(obs["claim"]) if obs["claim"] is not None else None,
        "message": session.messages[-1] if session.messages else "",
    }


def state(session: Session[Any], mode: str = PLAY, busy: bool = False) -> dict[str, Any]:
    """Everything the page shows now, as seat 0 may see it."""
    family = session.family
    obs = session.observation()
    acting = session.human_to_act() and not busy
    modes = [PLAY, RIICHI] if isinstance(family, RiichiFamily) else [PLAY]
    view = frame(session) | {
        "type": "state",
        "family": family.name,
        "game": len(session.seeds),  # which game of the tab this is
        "seed": session.seed if session.game_over else None,  # it deals every wall to come
        "deal": session.deal_number,
        "deal_over": session.deal_over,
        "game_over": session.game_over,
        "to_act": acting,
        "mode": mode,
        "picked": family.picked(session),
        "playable": {m: sorted(family.playable(session, m)) if acting else [] for m in modes},
        "verb": family.tile_verb(session, mode) if acting else None,
        "choices": _choices(session, mode) if acting else [],
        "prompt": family.prompt(session, mode),
        "why": family.why_not(session) if acting else [],
        "messages": list(session.messages),
        "unsaved": session.changed,
    }
    if isinstance(family, RiichiFamily):
        view["waits"] = list(obs["waits"])
        view["furiten"] = bool(obs["furiten"])
    if session.deal_over:
        view["result"] = result(session)
        if session.game_over:
            view["standings"] = standings(session)
    return view


# -- the end --------------------------------------------------------------------------------


def result(session: Session[Any]) -> dict[str, Any]:
    """How the finished deal ended: wins (hands shown), draws (tenpai hands), payments."""
    family = session.family
    if isinstance(family, AmericanFamily):
        return _american_result(session, family)
    return _riichi_result(session)


def _riichi_result(session: Session[Any]) -> dict[str, Any]:
    deal = session.deal
    events = deal.events(0, seat=HUMAN)
    wins, draws = [], []
    net = [0, 0, 0, 0]
    for event in events:
        for seat, delta in enumerate(event.get("deltas") or ()):
            net[seat] += delta
        if event["type"] == "hora":
            winner, target, pai = event["actor"], event["target"], event["pai"]
            obs = deal.observation(winner)
            hand = list(obs["hand"])
            if winner == target and pai in hand:
                hand.remove(pai)
            wins.append(
                {
                    "winner": winner,
                    "target": target,
                    "tsumo": winner == target,
                    "pai": pai,
                    "hand": mjai.sorted_tiles(hand),
                    "melds": [
                        {"type": m["type"], "tiles": list(m["tiles"])}
                        for m in obs["players"][winner]["melds"]
                    ],
                    "yaku": [[YAKU_NAMES.get(y, y), han] for y, han in event["yaku"]],
                    "yakuman": [[YAKU_NAMES.get(y, y), units] for y, units in event["yakuman"]],
                    "han": event["han"],
                    "fu": event["fu"],
                    "limit": event.get("limit"),
                    "points": event["points"],
                    "dora": list(obs["dora_indicators"]),
                    "ura": list(event.get("ura_markers") or ()),
                    "deltas": list(event.get("deltas") or ()),
                }
            )
        elif event["type"] == "ryukyoku":
            tenpai = [s for s, t in enumerate(event.get("tenpai") or ()) if t]
            draws.append(
                {
                    "reason": event["reason"],
                    "words": draw_words(session, event),
                    "tenpai": [
                        {"seat": s, "hand": mjai.sorted_tiles(deal.observation(s)["hand"])}
                        for s in tenpai
                    ],
                    "deltas": list(event.get("deltas") or ()),
                }
            )
    return {"wins": wins, "draws": draws, "net": net, "scores": list(deal.scores)}


def _american_result(session: Session[Any], family: AmericanFamily) -> dict[str, Any]:
    outcome = session.deal.outcome
    assert outcome is not None
    shown: dict[str, Any] = {
        "wins": [],
        "draws": [],
        "net": list(outcome["deltas"]),
        "scores": list(session.game.scores),
        "dead": list(outcome["dead"]),
    }
    win = outcome["win"]
    if win is None:
        shown["draws"].append({"reason": "wall_game", "words": "Wall game: nobody won"})
        return shown
    winner = win["actor"]
    hand = family.card.hand(win["hand"])
    section = next(name for key, name, _ in family.card.sections if key == hand.section)
    match = family._match(session, winner)
    shown["wins"].append(
        {
            "winner": winner,
            "target": win["target"],
            "how": win["win"],
            "pai": win.get("pai"),
            "hand_id": hand.id,
            "section": section,
            "pattern": segments(_pattern(hand.patterns)),
            "value": win["value"],
            "xc": hand.xc,
            "groups": spelled_groups(session, winner, match) if match is not None else [],
            "jokerless": family._jokerless(win, section, match) if win["jokerless"] else None,
            "pay_for_table": bool(win["pay_for_table"]),
            "deltas": list(outcome["deltas"]),
        }
    )
    return shown


def _pattern(patterns: Any) -> Text:
    return pattern_text(" | ".join(patterns))


def standings(session: Session[Any]) -> list[dict[str, Any]]:
    """Rank, seat, score (and Riichi's result after oka and uma) of a finished game."""
    return [
        {
            "rank": s["rank"],
            "seat": s["seat"],
            "name": NAMES[s["seat"]],
            "score": s["score"],
            "points": s.get("points"),
        }
        for s in sorted(session.game.standings(), key=lambda s: s["rank"])
    ]


def card(session: Session[Any]) -> dict[str, Any]:
    """The American card by section, each hand's pattern in the card's colours, its value,
    X/C and note, with how many tiles away seat 0 is from each hand still possible."""
    family = session.family
    assert isinstance(family, AmericanFamily)
    away: dict[str, int] = {}
    try:
        obs = session.observation()
        exposures = family._exposures(session)
        for d in family.card.distances(" ".join(obs["hand"]), exposures):
            away.setdefault(d.hand_id, d.distance)
    except Exception:  # help must not break the table
        away = {}
    sections = []
    for key, name, _ in family.card.sections:
        hands = [
            {
                "id": h.id,
                "pattern": segments(_pattern(h.patterns)),
                "value": h.value,
                "xc": h.xc,
                "note": h.note,
                "away": away.get(h.id),
            }
            for h in family.card.hands
            if h.section == key
        ]
        sections.append({"name": name, "hands": hands})
    return {"type": "card", "name": family.card.name, "sections": sections}


def advice(session: Session[Any]) -> dict[str, Any]:
    """Help with seat 0's hand (shanten and waits, or the nearest card hands)."""
    return {"type": "advice", "text": segments(session.family.advice(session))}
