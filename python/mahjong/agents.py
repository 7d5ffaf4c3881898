"""What both game families share for their players: the one :class:`Agent` protocol, the
:class:`Observation` an agent reads, and :func:`play_deal`.

An agent is anything with ``act(observation, legal) -> action`` returning one of the `legal`
actions it was offered (a Riichi :class:`mahjong.riichi.Action` or an American
:class:`mahjong.american.AmericanAction`). It may also define ``on_events(seat, events)``: it
then receives every event of the game as dicts, masked to what its seat may see, before each
of its decisions and at the end of each deal or game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = ["Agent", "Observation", "Observed", "Table", "play_deal"]

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

    def __getitem__(self, key: str) -> Any:
        """The value of `key`."""
        ...


class Observed(Protocol):
    """A deal that can say what one seat may see."""

    def observation(self, seat: int) -> Any:
        """What `seat` may see now."""
        ...


@runtime_checkable
class Agent(Protocol[ActionT]):
    """A player of either family: chooses one of the legal actions it is offered."""

    def act(self, observation: Observation, legal: Sequence[ActionT]) -> ActionT:
        """One of `legal`."""
        ...


class Table(Observed, Protocol[ActionT]):
    """A deal of either family, driven step by step (`Deal`, `AmericanDeal`)."""

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

    def apply(self, seat: int, action: ActionT) -> None:
        """Does it."""
        ...

    def events(self, start: int = 0, seat: int | None = None) -> list[dict[str, Any]]:
        """The events from `start` on, as `seat` sees them."""
        ...

    def event_count(self) -> int:
        """How many events so far."""
        ...


def play_deal(
    deal: Table[ActionT],
    agents: Sequence[Agent[ActionT]],
    on_event: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Plays `deal` to its end with one agent per seat; returns its outcome. `on_event`
    receives every event (unmasked) as it happens; agents with ``on_events`` receive theirs,
    masked, before each of their decisions and at the end."""
    listeners = [getattr(a, "on_events", None) for a in agents]
    delivered = [0] * len(agents)
    logged = 0

    def flush(seat: int | None = None) -> None:
        nonlocal logged
        count = deal.event_count()
        if on_event is not None and logged < count:
            for event in deal.events(logged):
                on_event(event)
            logged = count
        for s, listener in enumerate(listeners):
            if listener is not None and (seat is None or s == seat) and delivered[s] < count:
                listener(s, deal.events(delivered[s], seat=s))
                delivered[s] = count

    while not deal.is_over:
        for seat in deal.waiting():
            legal = deal.legal_actions(seat)
            if not legal:  # answered already in this round (a simultaneous step)
                continue
            flush(seat)
            deal.apply(seat, agents[seat].act(deal.observation(seat), legal))
    flush()
    outcome = deal.outcome
    assert outcome is not None
    return outcome
