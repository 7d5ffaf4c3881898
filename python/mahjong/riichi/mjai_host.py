"""Hosting external Mjai bots at our table: :class:`MjaiBot` is an agent whose decisions come
from a bot process, talked to the way mjai.app does.

- The process (one per game) is started with its seat as last argument and first receives
  ``[{"type":"start_game","names":["0","1","2","3"],"id":SEAT}]`` (one name per seat of the
  log's layout: three in a three-player game's native layout).
- When the seat must decide, the events since its last line go to its standard input as one
  line, a JSON array of events masked to the seat (``"?"`` for tiles it cannot see), and one
  line with one JSON action comes back: ``dahai``, ``chi``/``pon``/``daiminkan``/``ankan``/
  ``kakan``, ``reach``, ``hora``, ``ryukyoku`` (kyuushu kyuuhai), ``nukidora`` (or ``kita``:
  a North set aside, three players) or ``none`` (pass). A
  ``dahai`` is matched by its tile (the engine sets ``tsumogiri``), a call by its consumed
  tiles, a kan by its kind (:func:`mahjong.riichi.replay.action_matches`).
- Riichi takes two lines: after ``reach`` the host sends back the ``reach`` event and reads
  the discard; the engine then applies one riichi action.
- At the end of each deal the rest of its events and ``end_kyoku`` go as one line, and at the
  end of the game (:meth:`MjaiBot.close`) ``[{"type":"end_game"}]``; each is answered
  ``none``.

A bot that answers with an illegal action or with something that is not an action is
reported and its fallback agent decides that once; one that stays silent past the time limit,
exits, or floods its output is reported, stopped, and its fallback plays the rest of the
game. With ``stop=True`` the first problem ends the game instead, as a
:class:`~mahjong.errors.BotError`. Each report names the seat, the bot's line and the reason,
with every character a terminal would act on escaped; :meth:`MjaiBot.summary` counts them.
"""

from __future__ import annotations

import contextlib
import shlex
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from mahjong._core import Action
from mahjong._records import parse_json
from mahjong.agents import Agent, Observation
from mahjong.errors import BotError, InvalidArgumentError
from mahjong.riichi import mjai
from mahjong.riichi.bot_process import BotFailure, BotProcess, printable
from mahjong.riichi.game import EfficiencyAgent
from mahjong.riichi.mjai import Event
from mahjong.riichi.replay import KITA_TYPES, action_matches

__all__ = [
    "ACTION_TYPES",
    "DEFAULT_TIMEOUT",
    "START_TIMEOUT",
    "HostCounts",
    "Hosting",
    "MjaiBot",
]

DEFAULT_TIMEOUT = 5.0
"""Seconds a bot may take for one answer."""

START_TIMEOUT = 30.0
"""Seconds a bot may take to start and answer ``start_game``."""

ACTION_TYPES = frozenset(
    {"dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "reach", "hora", "ryukyoku", "none"}
    | KITA_TYPES
)
"""The answers a bot may give."""


@dataclass
class HostCounts:
    """What one hosted seat's bot did wrong, and how often its fallback decided."""

    protocol_errors: int = 0
    illegal_actions: int = 0
    fallbacks: int = 0

    def add(self, other: HostCounts) -> None:
        """Adds `other`'s counts to these."""
        self.protocol_errors += other.protocol_errors
        self.illegal_actions += other.illegal_actions
        self.fallbacks += other.fallbacks

    def line(self, seat: int) -> str:
        """``mjai seat 1: 0 protocol errors, 0 illegal actions, 0 fallbacks``."""
        return (
            f"mjai seat {seat}: {self.protocol_errors} protocol errors, "
            f"{self.illegal_actions} illegal actions, {self.fallbacks} fallbacks"
        )


def to_stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _line(events: Sequence[Event]) -> str:
    return "[" + ",".join(mjai.dumps_event(e) for e in events) + "]"


def _said(answer: Event) -> str:
    """A bot's answer in a report: compact JSON, cut short."""
    try:
        text = mjai.dumps_event(answer)
    except RecursionError:  # its own fields nested too deeply to write out again
        text = f"a {answer['type'][:20]!r} answer nested too deeply to show"
    return text if len(text) <= 200 else text[:197] + "..."


def _seats(events: Sequence[Event]) -> int | None:
    """The seats of the events' layout: one per score of their ``start_kyoku`` (None without
    one)."""
    return next((len(e["scores"]) for e in events if e["type"] == "start_kyoku"), None)


class _Problem(Exception):
    """A bot's answer that cannot be used: its reason, and whether the bot must stop."""

    def __init__(self, reason: str, *, illegal: bool = False, fatal: bool = False) -> None:
        super().__init__(reason)
        self.illegal = illegal
        self.fatal = fatal


class MjaiBot:
    """An agent played by the Mjai bot `command` (a list of arguments, or one string split
    like a shell would; a first word ``mahjong`` is this installation's command, so
    ``mahjong bot riichi`` is one of our agents), see the module docs. It takes one seat and
    one game; the process starts with the first events or decision and ends at
    :meth:`close` (which :func:`mahjong.agents.play_game` calls).

    `timeout` is the time limit of each answer in seconds (`start_timeout` for the first);
    `fallback` decides instead of a bot that cannot (default :class:`EfficiencyAgent`), or
    with `stop` the game ends at the first problem; `report` receives each problem as one
    line (default: standard error); the bot's standard error is copied to `stderr` when
    given; `on_close` is called with the bot once it is closed.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        start_timeout: float = START_TIMEOUT,
        fallback: Agent[Action] | None = None,
        stop: bool = False,
        report: Callable[[str], None] = to_stderr,
        stderr: IO[str] | None = None,
        on_close: Callable[[MjaiBot], None] | None = None,
    ) -> None:
        try:
            self.command = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as error:
            raise InvalidArgumentError(f"mjai bot command {command!r}: {error}") from None
        if not self.command:
            raise InvalidArgumentError("an mjai bot needs a command (mjai:COMMAND)")
        if self.command[0] == "mahjong":  # this installation's command, found on PATH or not
            self.command[:1] = [sys.executable, "-m", "mahjong.cli"]
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.fallback: Agent[Action] = fallback if fallback is not None else EfficiencyAgent()
        self.stop = stop
        self.report = report
        self.stderr = stderr
        self.on_close = on_close
        self.counts = HostCounts()
        self.seat: int | None = None
        self._process: BotProcess | None = None
        self._pending: list[Event] = []
        self._echoed_reach = False
        self._lines = 0
        self._interrupted = False

    # --- the agent --------------------------------------------------------------------------

    def on_events(self, seat: int, events: list[dict[str, Any]]) -> None:
        """Keeps the events for the next line; at the end of a deal, sends them."""
        self._bind(seat, _seats(events))
        if self._process is None:
            return
        for event in events:
            if self._echoed_reach and event["type"] == "reach" and event["actor"] == seat:
                self._echoed_reach = False  # the bot was sent this one in the riichi's steps
            else:
                self._pending.append(event)
        if self._pending and self._pending[-1]["type"] == "end_kyoku":
            self._notify(self._take_pending())

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The bot's action, or its fallback's when the bot cannot give a legal one."""
        self._bind(observation.seat, len(observation["players"]))
        restricted = legal
        if self._process is not None:
            try:
                return self._ask(legal)
            except _Problem as problem:
                self._problem(problem)
                if self._echoed_reach:  # the bot was told it declared riichi: keep it so
                    restricted = [a for a in legal if a.type == "riichi"]
        self.counts.fallbacks += 1
        return self.fallback.act(observation, restricted)

    def close(self) -> None:
        """Ends the game for the bot (``end_game``) and its process; never raises (the game is
        over: a bad last answer is counted and reported). Calling it again does nothing."""
        try:
            if self._process is not None:
                with contextlib.suppress(BotError):
                    self._notify([{"type": "end_game"}])
        finally:
            self._stop_process()
            if self.on_close is not None:
                on_close, self.on_close = self.on_close, None
                on_close(self)

    def interrupt(self) -> None:
        """Stops the bot's process at once, from any thread (a table closing while the bot
        thinks): an answer being awaited fails, nothing more is sent, and nothing of it is
        counted or reported; its fallback decides what is left to decide."""
        self._interrupted = True
        process = self._process
        if process is not None:
            process.kill()

    def summary(self) -> str:
        """``mjai seat N: K protocol errors, K illegal actions, K fallbacks``."""
        return self.counts.line(self.seat if self.seat is not None else -1)

    # --- the process ------------------------------------------------------------------------

    def _bind(self, seat: int, seats: int | None) -> None:
        """Takes `seat` for the game, starting the process with `start_game` naming `seats`
        seats (the first events' layout; four when they do not tell)."""
        if self.seat is None:
            self.seat = seat
            self._start(seats or 4)
        elif seat != self.seat:
            raise InvalidArgumentError(f"an Mjai bot plays one seat: {self.seat}, not {seat}")

    def _start(self, seats: int) -> None:
        if self._interrupted:
            return
        argv = [*self.command, str(self.seat)]
        try:
            self._process = BotProcess(argv, stderr=self.stderr)
        except OSError as error:
            self._problem(_Problem(f"could not start {shlex.join(argv)}: {error}", fatal=True))
            return
        names = [str(s) for s in range(seats)]
        start = {"type": "start_game", "names": names, "id": self.seat}
        self._notify([start], self.start_timeout)

    def _exchange(self, events: Sequence[Event], timeout: float | None = None) -> str:
        assert self._process is not None
        self._lines += 1
        try:
            return self._process.ask(_line(events), self.timeout if timeout is None else timeout)
        except BotFailure as failure:
            raise _Problem(str(failure), fatal=True) from None

    def _notify(self, events: Sequence[Event], timeout: float | None = None) -> None:
        """Sends events that need no decision; the answer must be ``none``."""
        if self._process is None:
            return
        try:
            answer = self._parse(self._exchange(events, timeout))
            if answer["type"] != "none":
                raise _Problem(f"answered {_said(answer)} where none was due")
        except _Problem as problem:
            self._problem(problem)

    def _take_pending(self) -> list[Event]:
        events, self._pending = self._pending, []
        return events

    def _stop_process(self, grace: float = 2.0) -> None:
        if self._process is not None:
            self._process.close(grace)
            self._process = None

    # --- answers ----------------------------------------------------------------------------

    def _ask(self, legal: Sequence[Action]) -> Action:
        answer = self._parse(self._exchange(self._take_pending()))
        if answer["type"] != "reach":
            return self._match(answer, legal, riichi=False)
        riichi = [a for a in legal if a.type == "riichi"]
        if not riichi:
            raise _Problem(f"{_said(answer)} is not legal here: no riichi", illegal=True)
        assert self.seat is not None
        self._echoed_reach = True
        answer = self._parse(self._exchange([mjai.reach(self.seat)]))
        return self._match(answer, riichi, riichi=True)

    def _parse(self, line: str) -> Event:
        try:
            answer = parse_json(line)
        except ValueError as error:  # bad syntax, NaN, nesting or a number too large to read
            raise _Problem(f"not JSON ({error}): {line[:200]!r}") from None
        problem = mjai.event_problem(answer)
        if problem is None and answer["type"] not in ACTION_TYPES:
            problem = f"{answer['type']!r} is not an action ({', '.join(sorted(ACTION_TYPES))})"
        if problem is not None:
            raise _Problem(f"not an Mjai action ({problem}): {line[:200]!r}")
        return dict(answer)

    def _match(self, answer: Event, legal: Sequence[Action], *, riichi: bool) -> Action:
        found: list[Action] = []
        if answer["type"] == "none":
            found = [a for a in legal if a.type == "pass"]
        elif answer.get("actor", self.seat) == self.seat:
            found = [a for a in legal if action_matches(a, answer, riichi)]
        if not found:
            offered = ", ".join(repr(a) for a in legal)
            text = f"{_said(answer)} is not legal here (legal: {offered})"
            raise _Problem(text, illegal=True)
        return found[0]

    def _problem(self, problem: _Problem) -> None:
        """Counts and reports `problem`; stops the bot when it is fatal, the game with
        `stop` (an interrupted bot only stops)."""
        if self._interrupted:
            self._stop_process(grace=0)
            return
        if problem.illegal:
            self.counts.illegal_actions += 1
        else:
            self.counts.protocol_errors += 1
        if problem.fatal:
            self._stop_process(grace=0)
        where = printable(f"mjai seat {self.seat}, line {self._lines}: {problem}")
        if self.stop:
            self._stop_process(grace=0)
            raise BotError(where)
        instead = type(self.fallback).__name__
        then = f"bot stopped, {instead} plays on" if problem.fatal else f"{instead} decides"
        self.report(f"{where} ({then})")


@dataclass
class Hosting:
    """How the ``mjai:COMMAND`` seats of a run of games are hosted (``mahjong sim``, ``mahjong
    play``), and what their bots did: :meth:`bot` makes each game's :class:`MjaiBot`,
    :meth:`lines` adds their counts up by seat. `fallback` names the agent that decides
    instead of a bot (the family's agent names), None stops the game at a bot's first
    problem."""

    timeout: float = DEFAULT_TIMEOUT
    fallback: str | None = "efficiency"
    report: Callable[[str], None] = to_stderr
    bots: list[MjaiBot] = field(default_factory=list)  # those of games still being played
    closed: dict[int, HostCounts] = field(default_factory=dict)  # the others', by seat

    def bot(self, command: str, fallback: Agent[Action] | None) -> MjaiBot:
        """A bot for one seat of one game, with `fallback` (None when the game stops)."""
        bot = MjaiBot(
            command,
            timeout=self.timeout,
            fallback=fallback,
            stop=fallback is None,
            report=self.report,
            on_close=self._closed,
        )
        self.bots.append(bot)
        return bot

    def _closed(self, bot: MjaiBot) -> None:
        """Keeps a closed bot's counts only (a long run holds no finished game's bot)."""
        with contextlib.suppress(ValueError):
            self.bots.remove(bot)
        if bot.seat is not None:
            self.closed.setdefault(bot.seat, HostCounts()).add(bot.counts)

    def lines(self) -> list[str]:
        """One summary line per hosted seat (see :meth:`HostCounts.line`), in seat order."""
        totals: dict[int, HostCounts] = {}
        counted = [(seat, counts) for seat, counts in self.closed.items()]
        counted += [(bot.seat, bot.counts) for bot in self.bots if bot.seat is not None]
        for seat, counts in counted:
            totals.setdefault(seat, HostCounts()).add(counts)
        return [totals[seat].line(seat) for seat in sorted(totals)]
