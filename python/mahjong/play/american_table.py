"""The American table behind ``mahjong play american``, without any user interface.

:class:`AmericanTable` drives an :class:`~mahjong.american.AmericanGame` session game by game:
the human is seat 0, the other seats are agents (:class:`~mahjong.american.game.CardAgent` by
default). It says what the human may do now (Charleston passes, the vote, the courtesy offer,
calls, joker exchanges, Mah Jongg), what the nearest card hands need, and how a game ended, as
plain strings. The textual app (:mod:`mahjong.play.american_app`) only lays these out and turns
keys and clicks into :meth:`AmericanTable.act`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from mahjong.agents import Observation
from mahjong.american import (
    AmericanAction,
    AmericanDeal,
    AmericanGame,
    AmericanObservation,
    AmericanRules,
    Card,
)
from mahjong.american import Exposure as _Exposure
from mahjong.american.game import CardAgent
from mahjong.errors import MahjongError

HUMAN = 0
SEAT_PLACES = ("you", "right", "across", "left")
WINDS = ("East", "South", "West", "North")
JOKER = 35

_SUIT_OFFSET = {"C": 0, "D": 9, "B": 18}
_HONOR_KINDS = {"E": 27, "S": 28, "W": 29, "N": 30, "0": 31, "G": 32, "R": 33, "F": 34, "J": 35}
# Unicode Mahjong Tiles: craks are characters, dots circles, bams bamboo.
_SUIT_GLYPH = {"C": 0x1F007, "D": 0x1F019, "B": 0x1F010}
_HONOR_GLYPH = {
    "E": 0x1F000,
    "S": 0x1F001,
    "W": 0x1F002,
    "N": 0x1F003,
    "R": 0x1F004,
    "G": 0x1F005,
    "0": 0x1F006,
    "F": 0x1F022,
    "J": 0x1F02A,
}
STEP_NAMES = {
    "first_right": "first Charleston, pass right",
    "first_across": "first Charleston, pass across",
    "first_left": "first Charleston, pass left",
    "second_left": "second Charleston, pass left",
    "second_across": "second Charleston, pass across",
    "second_right": "second Charleston, pass right",
    "courtesy": "courtesy pass across",
}


def kind_of(tile: str) -> int:
    """The kind (0-35) of an American tile name: ``1C`` 0, ``1D`` 9, ``1B`` 18, ``E`` 27,
    ``0`` (white dragon) 31, ``G`` 32, ``R`` 33, ``F`` 34, ``J`` 35."""
    if tile in _HONOR_KINDS:
        return _HONOR_KINDS[tile]
    return _SUIT_OFFSET[tile[1]] + int(tile[0]) - 1


_NAMES = {kind_of(n): n for n in [*(f"{i}{s}" for s in "CDB" for i in range(1, 10)), *_HONOR_KINDS]}


def tile_name(kind: int) -> str:
    """The American name of a kind: ``18`` → ``1B``."""
    return _NAMES[kind]


def tile_glyph(tile: str) -> str:
    """The Unicode mahjong glyph of an American tile (the joker's is U+1F02A)."""
    if tile in _HONOR_GLYPH:
        return chr(_HONOR_GLYPH[tile])
    return chr(_SUIT_GLYPH[tile[1]] + int(tile[0]) - 1)


def sorted_tiles(tiles: Sequence[str]) -> list[str]:
    return sorted(tiles, key=kind_of)


class Player(Protocol):
    """An AI at the table: ``act(observation, legal)`` (and optionally ``on_events``)."""

    def act(self, observation: Observation, legal: Sequence[AmericanAction]) -> AmericanAction:
        """One of `legal`."""
        ...


@dataclass
class Choice:
    """One button the human may press: a key, a label and the actions it stands for (one, or
    several to choose among, e.g. exposures with 0, 1 or 2 jokers)."""

    key: str
    label: str
    actions: list[AmericanAction] = field(default_factory=list)


# type → (key, label); vote and courtesy get keys of their own below.
ACTION_KEYS = {
    "mahjongg": ("m", "Mah Jongg"),
    "expose": ("e", "Expose"),
    "joker_exchange": ("j", "Joker exchange"),
    "call_dead": ("d", "Call a hand dead"),
    "blind": ("b", "Blind pass"),
    "pass": ("x", "Pass"),
}
CHOICE_ORDER = "megt0123jdbx"


class AmericanTable:
    """A session of American games for one human (seat 0) and three agents, moved on one step
    at a time. ``games`` games are played on `card` under `rules` from `seed`; :attr:`events`
    collects every finished game's events (unmasked) for the log."""

    def __init__(
        self,
        card: Card | None = None,
        *,
        seed: int = 0,
        rules: AmericanRules | None = None,
        games: int = 4,
        agents: Sequence[Player] | None = None,
    ) -> None:
        self.card = card if card is not None else Card.builtin("house-2026")
        self.seed = seed
        self.rules = rules if rules is not None else AmericanRules.preset("nmjl")
        self.games = games
        self.agents: list[Player] = (
            list(agents) if agents is not None else [CardAgent(self.card) for _ in range(4)]
        )
        self.session = AmericanGame(self.card, seed=seed, games=games, rules=self.rules)
        self.events: list[dict[str, Any]] = [
            {
                "type": "start_session",
                "names": ["You", "CardAgent", "CardAgent", "CardAgent"],
                "seed": seed,
                "card": self.card.id,
                "games": games,
                "rules": self.rules.to_dict(),
            }
        ]
        self.messages: list[str] = []
        self.game_number = 1
        self.session_over = False
        first = self.session.next_deal()
        assert first is not None
        self.deal: AmericanDeal = first
        self._seen = 0
        self._delivered = [0] * 4
        self._collect()

    # -- state ---------------------------------------------------------------------------

    def observation(self, seat: int = HUMAN) -> AmericanObservation:
        return self.deal.observation(seat)

    @property
    def deal_over(self) -> bool:
        return self.deal.is_over

    def human_to_act(self) -> bool:
        return not self.deal.is_over and HUMAN in self.deal.waiting()

    def legal(self) -> list[AmericanAction]:
        return self.deal.legal_actions(HUMAN) if self.human_to_act() else []

    def phase(self) -> str:
        """What the human is asked for: ``charleston`` (pick tiles to pass), ``vote``,
        ``courtesy`` (the offer), ``claim``, ``turn`` (discard), ``wait`` or ``over``."""
        if self.deal.is_over:
            return "over"
        legal = self.legal()
        if not legal:
            return "wait"
        types = {a.type for a in legal}
        if types & {"pass_tile", "blind"}:
            return "charleston"
        if "vote" in types:
            return "vote"
        if "courtesy" in types:
            return "courtesy"
        if self.observation()["claim"] is not None:
            return "claim"
        return "turn"

    def next_agent_seat(self) -> int | None:
        if self.deal.is_over:
            return None
        for seat in self.deal.waiting():
            if seat != HUMAN:
                return seat
        return None

    def step_agent(self) -> AmericanAction | None:
        """Lets one agent act; returns its action (None if no agent had to act)."""
        seat = self.next_agent_seat()
        if seat is None:
            return None
        agent = self.agents[seat]
        listener = getattr(agent, "on_events", None)
        count = self.deal.event_count()
        if listener is not None and self._delivered[seat] < count:
            listener(seat, self.deal.events(self._delivered[seat], seat=seat))
        self._delivered[seat] = count
        action = agent.act(self.deal.observation(seat), self.deal.legal_actions(seat))
        self.deal.apply(seat, action)
        self._collect()
        return action

    def run_agents(self) -> None:
        while self.step_agent() is not None:
            pass

    def act(self, action: AmericanAction) -> None:
        """Applies the human's action."""
        self.deal.apply(HUMAN, action)
        self._collect()

    # -- names ---------------------------------------------------------------------------

    def wind(self, seat: int) -> str:
        return WINDS[(seat - self.deal.dealer) % 4]

    def seat_name(self, seat: int) -> str:
        """``You, East`` or ``South (AI, right)``."""
        if seat == HUMAN:
            return f"You, {self.wind(seat)}"
        return f"{self.wind(seat)} (AI, {SEAT_PLACES[seat]})"

    def short_name(self, seat: int) -> str:
        return "You" if seat == HUMAN else self.wind(seat)

    def _whose(self, seat: int) -> str:
        return "your" if seat == HUMAN else f"{self.short_name(seat)}'s"

    def action_label(self, action: AmericanAction) -> str:
        """A button's words for one action: ``Expose N N J``, ``Give 3B for West's joker``."""
        kind = action.type
        if kind == "expose":
            size, jokers = action.size or 3, action.jokers or 0
            claim = self.observation()["claim"]
            tile = claim[0] if claim else (action.tile or "?")
            return "Expose " + " ".join([tile] * (size - jokers) + ["J"] * jokers)
        if kind == "joker_exchange":
            owner = "your" if action.target == HUMAN else f"{self.short_name(action.target or 0)}'s"
            return f"Give {action.tile} for the joker in {owner} exposure"
        if kind == "call_dead":
            return f"Call {self.short_name(action.target or 0)}'s hand dead"
        if kind == "vote":
            return "Go on: second Charleston" if action.go_on else "Stop the Charleston"
        if kind == "courtesy":
            return f"Courtesy: offer {action.count} tile{'s' if action.count != 1 else ''}"
        if kind in ("discard", "pass_tile"):
            return f"{'Discard' if kind == 'discard' else 'Pass'} {action.tile}"
        return ACTION_KEYS.get(kind, ("", kind))[1]

    # -- the game's story ----------------------------------------------------------------

    def _collect(self) -> None:
        count = self.deal.event_count()
        if count <= self._seen:
            return
        for event in self.deal.events(self._seen, seat=HUMAN):
            text = self._describe(event)
            if text:
                self.messages.append(text)
        self._seen = count
        del self.messages[:-50]
        if self.deal.is_over:
            self._end_game()

    def _describe(self, event: dict[str, Any]) -> str | None:
        kind = event["type"]
        actor = event.get("actor")
        who = self.short_name(actor) if actor is not None else ""
        mine = actor == HUMAN
        if kind == "discard":
            return f"{who} {'discard' if mine else 'discards'} {event['pai']}"
        if kind == "charleston":
            step = STEP_NAMES.get(event["step"], event["step"])
            given = " ".join(event["given"][HUMAN]) or "nothing"
            got = " ".join(event["received"][HUMAN]) or "nothing"
            blind = event["blind"][HUMAN]
            extra = f" ({blind} blind)" if blind else ""
            return f"Charleston ({step}): you passed {given}{extra}, received {got}"
        if kind == "charleston_vote":
            votes = ", ".join(
                f"{self.short_name(s)} {'go on' if v else 'stop'}"
                for s, v in enumerate(event["votes"])
            )
            result = "second Charleston" if event["second"] else "no second Charleston"
            return f"Vote: {votes} → {result}"
        if kind == "courtesy_offers":
            offers = ", ".join(f"{self.short_name(s)} {n}" for s, n in enumerate(event["offers"]))
            return f"Courtesy offers: {offers}; you pass {event['agreed'][HUMAN]} across"
        if kind == "expose":
            tiles = " ".join([event["pai"], *event["consumed"]])
            return (
                f"{who} {'expose' if mine else 'exposes'} {tiles} "
                f"(called from {self.short_name(event['target'])})"
            )
        if kind == "joker_exchange":
            owner = self.short_name(event["target"])
            return f"{who} {'exchange' if mine else 'exchanges'} {event['pai']} for {owner}'s joker"
        if kind == "dead_hand":
            reason = str(event["reason"]).replace("_", " ")
            return f"{who}'s hand is dead ({reason})"
        if kind == "mahjongg":
            return f"{who}: Mah Jongg! ({event['hand']}, {event['value']} points)"
        if kind == "wall_game":
            return "Wall game: nobody won"
        return None

    # -- what the human may do -----------------------------------------------------------

    def choices(self) -> list[Choice]:
        """Buttons for every legal action other than a discard or a pass of a chosen tile."""
        grouped: dict[str, Choice] = {}
        for action in self.legal():
            if action.type in ("discard", "pass_tile"):
                continue
            if action.type == "vote":
                key, name = ("g", "Go on") if action.go_on else ("t", "Stop")
                name = self.action_label(action)
            elif action.type == "courtesy":
                key, name = str(action.count), f"Offer {action.count}"
            else:
                key, name = ACTION_KEYS.get(action.type, ("?", action.type))
            if key not in grouped:
                grouped[key] = Choice(key, name)
            grouped[key].actions.append(action)
        for choice in grouped.values():
            if len(choice.actions) == 1 and choice.key in "ej":
                choice.label = self.action_label(choice.actions[0])
        return sorted(
            grouped.values(),
            key=lambda c: CHOICE_ORDER.index(c.key) if c.key in CHOICE_ORDER else 99,
        )

    def tile_action(self, tile: str) -> AmericanAction | None:
        """The legal discard (or Charleston pass) of `tile`."""
        for action in self.legal():
            if action.type in ("discard", "pass_tile") and action.tile == tile:
                return action
        return None

    def prompt(self) -> str:
        phase = self.phase()
        obs = self.observation()
        if phase == "over":
            return "The session is over" if self.session_over else "The game is over"
        if phase == "wait":
            return "The AIs are playing…"
        if phase == "charleston":
            step = STEP_NAMES.get(obs["step"], obs["step"])
            picked = len(obs["picked"])
            size = 3 if obs["step"] != "courtesy" else None
            of = f" ({picked} of {size} picked)" if size else f" ({picked} picked)"
            text = f"Charleston, {step}: pick a tile to pass and press Enter{of}"
            if any(a.type == "blind" for a in self.legal()):
                text += "; b passes the rest blind (the tiles you receive, unseen)"
            return text
        if phase == "vote":
            return "Vote: g goes on with a second Charleston, t stops (anyone stopping stops it)"
        if phase == "courtesy":
            return "Courtesy pass: how many tiles (0-3) to offer the player across?"
        if phase == "claim":
            pai, seat = obs["claim"]
            calls = ", ".join(f"{c.label} ({c.key})" for c in self.choices())
            return f"{self.short_name(seat)} discarded {pai}: {calls}"
        return "Your turn: pick a tile (←/→ or click) and press Enter to discard"

    def why_not(self) -> list[str]:
        """Why a tile or an action a player may expect is not offered now."""
        phase = self.phase()
        obs = self.observation()
        notes: list[str] = []
        if phase == "charleston" and "J" in obs["hand"]:
            notes.append("Jokers may not be passed in the Charleston")
        if phase == "claim":
            pai, _ = obs["claim"]
            if not any(a.type == "expose" for a in self.legal()):
                notes.append(
                    f"No exposure of {pai}: a discard is called only for a group of 3 or more "
                    "(or for Mah Jongg)"
                )
        if obs["players"][HUMAN]["dead"]:
            notes.append("Your hand is dead: you discard on, but may not call or win")
        return notes

    # -- help with the hand --------------------------------------------------------------

    def _exposures(self, seat: int = HUMAN) -> list[_Exposure]:
        obs = self.observation()
        return [
            _Exposure(e["tile"], e["size"], e["jokers"]) for e in obs["players"][seat]["exposures"]
        ]

    def nearest(self, top: int = 5) -> list[tuple[str, int, int, str, list[str]]]:
        """The card hands nearest the human's rack: ``(hand id, distance, value, X/C,
        natural tiles still needed)``."""
        obs = self.observation()
        hand: list[str] = obs["hand"]
        exposures = self._exposures()
        have = [0] * 36
        for t in hand:
            have[kind_of(t)] += 1
        for e in obs["players"][HUMAN]["exposures"]:
            for t in e["tiles"]:
                have[kind_of(t)] += 1
        out: list[tuple[str, int, int, str, list[str]]] = []
        if len(hand) + sum(e.size for e in exposures) not in (13, 14):
            return out
        for d in self.card.distances(" ".join(hand), exposures, top=top):
            best: list[str] | None = None
            for variant in self.card.variants(d.hand_id):
                counts = variant.counts
                need = [
                    tile_name(k) for k in range(JOKER) for _ in range(max(counts[k] - have[k], 0))
                ]
                if best is None or len(need) < len(best):
                    best = need
            out.append((d.hand_id, d.distance, d.value, d.xc, best or []))
        return out

    def advice(self) -> list[str]:
        """The nearest card hands, how far they are and the tiles they still need."""
        lines = ["Nearest card hands (distance = tiles away; jokers stand in for groups of 3+):"]
        try:
            nearest = self.nearest()
        except (MahjongError, ValueError) as error:  # help must not break the table
            return [f"No advice now: {error}"]
        for hand_id, distance, value, xc, need in nearest:
            pattern = " | ".join(self.card.hand(hand_id).patterns)
            lines.append(f"  {hand_id:<9} {distance} away · {value} {xc} · {pattern}")
            if need:
                lines.append(f"            needs {' '.join(need)}")
        if self.phase() == "turn":
            obs = self.observation()
            visible = " ".join(
                d["pai"] for p in obs["players"] for d in p["discards"] if not d["claimed"]
            )
            try:
                options = self.card.discard_options(
                    " ".join(obs["hand"]), self._exposures(), visible=visible or None, top=1
                )
            except (MahjongError, ValueError):
                options = []
            best = [
                f"{tile_name(o.tile)} ({o.distance} away)"
                for o in options[:4]
                if o.distance is not None
            ]
            if best:
                lines.append("Best discards: " + ", ".join(best))
        return lines

    def card_lines(self) -> list[str]:
        """The card: every hand by section, its pattern, value and X/C."""
        lines = [f"{self.card.name} ({self.card.id})"]
        for key, name, _ in self.card.sections:
            lines.append("")
            lines.append(name)
            for h in self.card.hands:
                if h.section == key:
                    note = f"  {h.note}" if h.note else ""
                    lines.append(
                        f"  {h.id:<10} {' | '.join(h.patterns):<36} {h.value:>3} {h.xc}{note}"
                    )
        return lines

    # -- end of game ---------------------------------------------------------------------

    def result_lines(self) -> list[str]:
        """How the game ended: the winner's card hand, its value and the payouts."""
        outcome = self.deal.outcome
        assert outcome is not None
        lines: list[str] = []
        win = outcome["win"]
        if win is not None:
            winner = win["actor"]
            how = {"self_drawn": "self-drawn", "joker_exchange": "after a joker exchange"}.get(
                win["win"], str(win["win"])
            )
            if win["win"] == "discard" and win["target"] is not None:
                how = f"on {self._whose(win['target'])} discard {win['pai']}"
            lines.append(f"{self.short_name(winner)}: Mah Jongg {how}")
            hand = self.card.hand(win["hand"])
            lines.append(
                f"  Card hand {win['hand']}: {' | '.join(hand.patterns)} "
                f"({win['value']} points, {hand.xc})"
            )
            obs = self.deal.observation(winner)
            rack = " ".join(sorted_tiles(obs["hand"]))
            shown = "  ".join(" ".join(e["tiles"]) for e in obs["players"][winner]["exposures"])
            lines.append(f"  Rack: {rack}" + (f"  | exposed: {shown}" if shown else ""))
            extras = []
            if win["jokerless"]:
                extras.append("jokerless" + (" (bonus doubled)" if win["jokerless_bonus"] else ""))
            if win["pay_for_table"] and win["target"] is not None:
                extras.append(f"{self.short_name(win['target'])} pays for the table")
            if extras:
                lines.append("  " + ", ".join(extras))
        else:
            lines.append("Wall game: nobody won")
        for seat, reason in enumerate(outcome["dead"]):
            if reason:
                lines.append(f"  {self.short_name(seat)}'s hand was dead ({reason})")
        pays = [f"{self.short_name(s)} {d:+}" for s, d in enumerate(outcome["deltas"]) if d]
        if pays:
            lines.append("Payouts: " + ", ".join(pays))
        lines.append(
            "Scores: "
            + ", ".join(f"{self.short_name(s)} {v:+}" for s, v in enumerate(self.session.scores))
        )
        return lines

    def _end_game(self) -> None:
        self.events.extend(self.deal.events(0))
        self.session.finish_deal(self.deal)
        self._next = self.session.next_deal()
        if self._next is None:
            self.session_over = True
            self.events.append({"type": "end_session", "scores": list(self.session.scores)})

    def next_game(self) -> bool:
        """Starts the next game once this one is over; False when the session is over."""
        assert self.deal.is_over
        if self._next is None:
            return False
        self.deal, self._next = self._next, None
        self.game_number += 1
        self._seen = 0
        self._delivered = [0] * 4
        self.messages.append(f"-- game {self.game_number} --")
        self._collect()
        return True

    def log_lines(self) -> list[str]:
        """Every finished game's events as JSON lines (``mahjong.american.replay`` reads them)."""
        return [json.dumps(e, separators=(",", ":"), ensure_ascii=False) for e in self.events]

    def save_log(self, path: str | os.PathLike[str]) -> int:
        lines = self.log_lines()
        with open(path, "w", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
        return len(lines)


__all__ = [
    "HUMAN",
    "AmericanTable",
    "Choice",
    "kind_of",
    "sorted_tiles",
    "tile_glyph",
    "tile_name",
]
