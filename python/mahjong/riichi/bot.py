"""``mahjong bot riichi SEAT``: one of our agents as an Mjai bot, on standard input and output.

The protocol is mjai.app's: each line in is a JSON array of events (one event alone is taken
as such an array) for the seat, other seats' tiles hidden as ``"?"``; each line out is one
action: ``dahai`` (with ``tsumogiri``), ``chi``/``pon``/``daiminkan``/``ankan``/``kakan``
(with ``consumed``), ``reach``, ``hora``, ``ryukyoku`` (kyuushu kyuuhai), ``nukidora`` (a
North set aside, three players) or ``none``. A riichi takes two lines: the bot answers
``reach``, the host sends the ``reach`` event back and the bot answers the riichi discard.
``start_game`` may carry the seat as ``id``; its ``names`` (three or four) choose the rules
when they are given by the seat count (``--rules auto``, the default: tenhou or
tenhou-sanma).

:class:`AgentBot` keeps the events of the deal being played, and when the seat must decide it
rebuilds the deal from them (:func:`mahjong.riichi.seat_view.seat_deal`) and asks its agent,
which sees the same observation and legal actions as at our own table. A line it cannot use
is reported on standard error and answered ``none`` (or, on its own draw, by discarding the
drawn tile), so a host never waits on it; so is a line longer than :data:`MAX_INPUT_LINE`
bytes, which is not kept (its rest is read and dropped in bounded chunks).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any, Literal

from mahjong import registry
from mahjong._core import Action, Ruleset
from mahjong.agents import Agent, Observation
from mahjong.arguments import add_rules_options, rules_from, seed
from mahjong.errors import RecordFormatError
from mahjong.riichi import mjai
from mahjong.riichi.mjai import Event
from mahjong.riichi.seat_view import seat_deal

__all__ = ["MAX_INPUT_LINE", "NONE", "AgentBot", "action_event", "add_bot", "serve"]

NONE: Event = {"type": "none"}
"""The answer of a seat with nothing to do (and its pass on a claim)."""

MAX_INPUT_LINE = 1024 * 1024
"""Longest line read from the host, in bytes before its newline (a whole deal's events take
under 10 KB)."""

_SKIP = 64 * 1024  # bytes of an overlong line's rest read at a time


def _seat_of(value: Any, players: int) -> int:
    if value not in range(players) or isinstance(value, bool):
        raise RecordFormatError(f"start_game id {value!r} is not a seat 0..{players - 1}")
    return int(value)


def _kind_tiles(tiles: Sequence[str], kind: int) -> list[str]:
    return [t for t in tiles if mjai.tile_kind(t) == kind]


def action_event(action: Action, observation: Observation) -> Event:
    """The Mjai answer for one of our actions, taken by the observing seat (a riichi is its
    first step, ``reach``)."""
    seat = observation.seat
    hand: list[str] = observation["hand"]
    claim: tuple[str, int] | None = observation["claim"]
    pai, target = claim if claim is not None else (observation["drawn"], seat)
    kind = action.type
    if kind == "discard":
        assert action.tile is not None
        return mjai.dahai(seat, action.tile, action.tile == observation["drawn"])
    if kind == "riichi":
        return mjai.reach(seat)
    if kind in ("chi", "pon"):
        return mjai.call(kind, seat, target, pai, action.consumed)
    if kind == "daiminkan":
        return mjai.call(kind, seat, target, pai, _kind_tiles(hand, mjai.tile_kind(pai)))
    if kind == "ankan":
        assert action.tile is not None
        return mjai.ankan(seat, _kind_tiles(hand, mjai.tile_kind(action.tile)))
    if kind == "kakan":
        assert action.tile is not None
        melds = observation["players"][seat]["melds"]
        pon = next(
            m["tiles"]
            for m in melds
            if m["type"] == "pon" and mjai.tile_kind(m["pai"]) == mjai.tile_kind(action.tile)
        )
        return mjai.kakan(seat, action.tile, pon)
    if kind in ("tsumo", "ron"):
        return {"type": "hora", "actor": seat, "target": target, "pai": pai}
    if kind == "kyuushu":
        return {"type": "ryukyoku", "actor": seat}
    if kind == "kita":
        return mjai.nukidora(seat)
    return dict(NONE)


class AgentBot:
    """One of our agents answering an Mjai host for one seat (see the module docs): feed it
    each line the host sends with :meth:`react`, which returns the line to send back. `rules`
    is the ruleset, or the rulesets by seat count, one chosen by each ``start_game``'s names
    (four without names)."""

    def __init__(
        self,
        agent: Agent[Action],
        seat: int,
        rules: Ruleset | Mapping[int, Ruleset],
        *,
        warn: Callable[[str], None] | None = None,
    ) -> None:
        self.agent = agent
        self.seat = seat
        self._by_seats = rules if isinstance(rules, Mapping) else None
        self.rules = rules[4] if isinstance(rules, Mapping) else rules
        self.warn = warn or (lambda text: print(f"mahjong bot: {text}", file=sys.stderr))
        self._deal: list[Event] | None = None
        self._riichi: Event | None = None
        self._lines = 0

    def react(self, line: str) -> str:
        """The answer (one compact JSON line, no newline) to one line of events."""
        self._lines += 1
        try:
            answer = self._answer(self._read(line))
        except Exception as error:  # a bot that stops answering loses its seat: answer anyway
            answer = self._unusable(str(error) or type(error).__name__)
        return json.dumps(answer, separators=(",", ":"))

    def refuse(self, reason: str) -> str:
        """The answer to a line the bot could not read at all (`reason` says why): reported
        and answered as any line it cannot use."""
        self._lines += 1
        return json.dumps(self._unusable(reason), separators=(",", ":"))

    def _unusable(self, reason: str) -> Event:
        self.warn(f"line {self._lines}: {reason}")
        return self._on_own_draw() or dict(NONE)

    def _read(self, line: str) -> list[Event]:
        try:
            value = json.loads(line)
        except json.JSONDecodeError as error:
            raise RecordFormatError(f"not JSON ({error})") from None
        events = mjai.check_events(value if isinstance(value, list) else [value], "the events")
        for event in events:
            kind = event["type"]
            if kind == "start_game":
                self._start(event)
            elif kind == "start_kyoku":
                self._deal = [event]
            elif kind in ("end_kyoku", "end_game"):
                self._deal = None
            elif self._deal is not None:
                self._deal.append(event)
        return events

    def _start(self, event: Event) -> None:
        """A new game: its rules (by its seat count, when they are chosen so) and the seat."""
        if self._by_seats is not None:
            seats = len(event.get("names") or ()) or 4
            if seats not in self._by_seats:
                raise RecordFormatError(f"start_game names {seats} seats, not 3 or 4")
            self.rules = self._by_seats[seats]
        self.seat = _seat_of(event.get("id", self.seat), self.rules.players)
        self._deal = None

    def _answer(self, events: list[Event]) -> Event:
        step, self._riichi = self._riichi, None  # a riichi's discard is due on the next line
        if self._deal is None or not events:
            return dict(NONE)
        if events[-1]["type"] == "reach" and events[-1]["actor"] == self.seat:
            return step or self._decide(riichi_only=True)
        return self._decide(riichi_only=False)

    def _decide(self, *, riichi_only: bool) -> Event:
        assert self._deal is not None
        deal = seat_deal(self._deal, self.rules)
        if deal.is_over or self.seat not in deal.waiting():
            return dict(NONE)
        observation = deal.observation(self.seat)
        legal = deal.legal_actions(self.seat)
        if riichi_only:
            legal = [a for a in legal if a.type == "riichi"] or legal
        action = self.agent.act(observation, legal)
        if action.type == "riichi":
            assert action.tile is not None
            self._riichi = mjai.dahai(self.seat, action.tile, action.tile == observation["drawn"])
            if riichi_only:
                step, self._riichi = self._riichi, None
                return step
        return action_event(action, observation)

    def _on_own_draw(self) -> Event | None:
        """Discarding the tile just drawn, when the seat's own draw ends the deal so far."""
        last = self._deal[-1] if self._deal else {}
        if last.get("type") == "tsumo" and last.get("actor") == self.seat:
            return mjai.dahai(self.seat, last["pai"], True)
        return None


def serve(bot: AgentBot, lines: IO[bytes], out: IO[str]) -> None:
    """Answers every line of `lines` (UTF-8) on `out`, one line each, flushed, until the input
    ends; a line longer than :data:`MAX_INPUT_LINE` bytes is refused (see the module docs)."""
    while line := lines.readline(MAX_INPUT_LINE + 1):
        if len(line) > MAX_INPUT_LINE and not line.endswith(b"\n"):
            while (rest := lines.readline(_SKIP)) and not rest.endswith(b"\n"):
                pass
            answer = bot.refuse(f"a line longer than {MAX_INPUT_LINE} bytes (not read)")
        elif line.strip():
            answer = bot.react(line.decode("utf-8", errors="replace"))
        else:
            continue
        out.write(answer + "\n")
        out.flush()


def _seat(text: str) -> int:
    if text not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a seat 0..3")
    return int(text)


AUTO: dict[int, Literal["tenhou", "tenhou-sanma"]] = {4: "tenhou", 3: "tenhou-sanma"}
"""The presets of ``--rules auto`` by the seat count ``start_game`` names."""


EXAMPLES = """\
examples:
  echo '[{"type":"start_game","id":2}]' | mahjong bot riichi --agent random --seed 7 2
  mahjong sim --games 1 --rules tenhou --agents "mjai:mahjong bot riichi,efficiency,random,random"
  mahjong sim --games 1 --rules tenhou-sanma --agents "mjai:mahjong bot riichi,efficiency,random"
"""


def run(args: argparse.Namespace) -> int:
    """Runs ``mahjong bot riichi SEAT`` on standard input and output."""
    rules: Ruleset | dict[int, Ruleset]
    if args.rules == "auto":
        rules = {n: rules_from(args, Ruleset, Ruleset.preset(p)) for n, p in AUTO.items()}
    else:
        rules = rules_from(args, Ruleset)
    agent = registry.make("riichi", args.agent, args.seed)
    serve(AgentBot(agent, args.seat, rules), sys.stdin.buffer, sys.stdout)
    return 0


def add_bot(families: Any) -> None:
    """Adds ``bot riichi`` to the ``bot`` verb's families."""
    p: argparse.ArgumentParser = families.add_parser(
        "riichi",
        help="a Riichi agent as an Mjai bot",
        description="Play one seat as an Mjai bot: read a JSON array of events per line on "
        "standard input, answer one JSON action per line on standard output (mjai.app's "
        "protocol; riichi in two steps).",
        epilog=EXAMPLES,
    )
    p.add_argument("seat", type=_seat, metavar="SEAT", help="the bot's seat, 0..3")
    p.add_argument(
        "--agent", choices=list(registry.AGENTS["riichi"]), default="efficiency", help="the AI"
    )
    p.add_argument("--seed", type=seed, default=0, metavar="S", help="seed of a random agent")
    add_rules_options(
        p,
        Ruleset.presets(),
        "auto",
        "kiriage=true",
        " (auto: tenhou, or tenhou-sanma when start_game names three seats)",
    )
    p.set_defaults(run=run)
