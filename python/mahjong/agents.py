"""What both game families share for their players: the :class:`Agent` protocol, the
:class:`Observation` an agent reads, :class:`RandomAgent`, the one :class:`Stepper` that moves
a deal on with agents, and whole games played by them (:func:`play_game`, :class:`GameRecord`).

An agent is anything with ``act(observation, legal) -> action`` returning one of the `legal`
actions it was offered (a Riichi :class:`mahjong.riichi.Action` or an American
:class:`mahjong.american.AmericanAction`). It may also define ``on_events(seat, events)``: it
then receives every event of the game as dicts, masked to what its seat may see, before each
of its decisions and at the end of each deal, and ``close()``: :func:`play_game` calls it when
the game ends, or fails (an agent running a process ends it there).

The engine decides every rule; this module only asks agents to choose among the actions the
engine offers and hands each what its seat may see.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

__all__ = [
    "Agent",
    "GameRecord",
    "Observation",
    "RandomAgent",
    "Session",
    "Stepper",
    "Table",
    "play_deal",
    "play_game",
]

ActionT = TypeVar("ActionT")


class Observation(Protocol):
    """What one seat may see now: a :class:`mahjong.riichi.Observation` or a
    :class:`mahjong.american.AmericanObservation`, snapshots made by the engine that read as
    attributes or as a read-only mapping (the keys are the family's). Nothing in one depends
    on other players' concealed tiles or on the wall, and nothing leads back to the deal."""

    @property
    def seat(self) -> int:
        """The observing seat."""
        ...

    def __getitem__(self, key: str, /) -> Any:
        """The value of `key`."""
        ...


@runtime_checkable
class Agent(Protocol[ActionT]):
    """A player of either family: chooses one of the legal actions it is offered."""

    def act(self, observation: Any, legal: Sequence[ActionT]) -> ActionT:
        """One of `legal`."""
        ...


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own seed (either family)."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[ActionT]) -> ActionT:
        return legal[self._rng.randrange(len(legal))]


class Table(Protocol[ActionT]):
    """A deal of either family, driven step by step (`Deal`, `AmericanDeal`)."""

    @property
    def players(self) -> int:
        """The number of players (seats 0..players-1)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the deal is over."""
        ...

    @property
    def outcome(self) -> dict[str, Any] | None:
        """How it ended."""
        ...

    def waiting(self) -> list[int]:
        """The seats that must act now."""
        ...

    def legal_actions(self, seat: int) -> list[ActionT]:
        """What `seat` may do now."""
        ...

    def apply(self, seat: int, action: ActionT | int) -> None:
        """Does it."""
        ...

    def observation(self, seat: int) -> Any:
        """What `seat` may see now."""
        ...

    def events(self, start: int = 0, seat: int | None = None) -> list[dict[str, Any]]:
        """The events from `start` on, as `seat` sees them."""
        ...

    def event_count(self) -> int:
        """How many events so far."""
        ...


class Stepper(Generic[ActionT]):
    """Moves a deal on with one agent per seat; a seat without an agent (None) is decided
    from outside (a person at a table) through :meth:`apply`.

    Agents with ``on_events`` receive the events their seat may see before each of their
    decisions and, from :meth:`finish`, at the end.
    """

    def __init__(self, deal: Table[ActionT], agents: Sequence[Agent[ActionT] | None]) -> None:
        if len(agents) != deal.players:
            raise ValueError(
                f"a deal of {deal.players} players needs {deal.players} agents (None for a "
                f"seat played from outside), got {len(agents)}"
            )
        self.deal = deal
        self.agents = list(agents)
        self._delivered = [0] * deal.players

    def next_seat(self) -> int | None:
        """The next seat an agent must decide for now: None when none must (the deal is over,
        or only seats decided from outside are waiting)."""
        if self.deal.is_over:
            return None
        return next((s for s in self.deal.waiting() if self.agents[s] is not None), None)

    def step(self) -> tuple[int, ActionT] | None:
        """Lets the next agent decide (see :meth:`next_seat`); returns its seat and action, or
        None when no agent must decide."""
        seat = self.next_seat()
        if seat is None:
            return None
        agent = self.agents[seat]
        assert agent is not None
        self.deliver(seat)
        action = agent.act(self.deal.observation(seat), self.deal.legal_actions(seat))
        self.deal.apply(seat, action)
        return seat, action

    def run(self) -> None:
        """Lets agents decide until none must: the deal is over or waits for outside seats."""
        while self.step() is not None:
            pass

    def apply(self, seat: int, action: ActionT | int) -> None:
        """Applies an action decided outside (an :class:`~mahjong.errors.IllegalActionError`
        changes nothing)."""
        self.deal.apply(seat, action)

    def deliver(self, seat: int | None = None) -> None:
        """Gives the events not yet delivered to the agents with ``on_events`` (only `seat`'s
        when given), masked to each seat."""
        count = self.deal.event_count()
        for s, agent in enumerate(self.agents):
            listener = getattr(agent, "on_events", None)
            if listener is None or (seat is not None and s != seat) or self._delivered[s] >= count:
                continue
            listener(s, self.deal.events(self._delivered[s], seat=s))
            self._delivered[s] = count

    def finish(self) -> dict[str, Any]:
        """Delivers the last events and returns the outcome of the finished deal."""
        self.deliver()
        outcome = self.deal.outcome
        if outcome is None:
            raise ValueError("the deal is not over: seats decided from outside must act")
        return outcome


def play_deal(deal: Table[ActionT], agents: Sequence[Agent[ActionT]]) -> dict[str, Any]:
    """Plays `deal` to its end with one agent per seat; returns its outcome."""
    stepper = Stepper(deal, agents)
    stepper.run()
    return stepper.finish()


class Session(Protocol):
    """A game of either family (`Game`, `AmericanGame`): deals in sequence and its log."""

    @property
    def players(self) -> int:
        """The number of players (seats 0..players-1)."""
        ...

    def next_deal(self) -> Any:
        """The next deal, or None once the game is over."""
        ...

    def finish_deal(self, deal: Any) -> None:
        """Moves on after `deal`."""
        ...

    def standings(self) -> list[dict[str, Any]]:
        """Rank, score and result by seat."""
        ...

    def events(self) -> list[dict[str, Any]]:
        """The game's log."""
        ...

    def lines(self) -> list[str]:
        """The game's log as JSON lines."""
        ...


@dataclass
class GameRecord:
    """A finished game of either family: each deal's outcome, the final standings (dicts with
    ``seat``, ``rank``, ``score``, ``points``) and the log as the engine wrote it (``events``
    as dicts; ``lines()`` as the same JSON lines, byte for byte)."""

    outcomes: list[dict[str, Any]] = field(default_factory=list)
    standings: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    @property
    def scores(self) -> list[int]:
        """Final scores by seat."""
        return [s["score"] for s in sorted(self.standings, key=lambda s: s["seat"])]

    def lines(self) -> list[str]:
        """The log as JSON lines (compact, fields in the engine's order; no newlines)."""
        return list(self.log)


def play_game(game: Session, agents: Sequence[Agent[ActionT]], *, log: bool = True) -> GameRecord:
    """Plays every deal of `game` with one agent per seat; with `log`, the record keeps the
    game's log (the same seed and agents give the same bytes). Agents with ``close()`` are
    closed at the end, also when the game fails."""
    if len(agents) != game.players:
        raise ValueError(
            f"a game of {game.players} players needs {game.players} agents, got {len(agents)}"
        )
    record = GameRecord()
    with contextlib.ExitStack() as closing:  # closes every agent, whatever happens
        for agent in agents:
            if (close := getattr(agent, "close", None)) is not None:
                closing.callback(close)
        while (deal := game.next_deal()) is not None:
            record.outcomes.append(play_deal(deal, agents))
            game.finish_deal(deal)
    record.standings = game.standings()
    if log:
        record.events = game.events()
        record.log = game.lines()
    return record
