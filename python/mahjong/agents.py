"""What both game families share for their players: the one :class:`Agent` protocol and the
lazy per-seat :class:`Observation`.

An agent is anything with ``act(observation, legal) -> action`` returning one of the `legal`
actions it was offered (a Riichi :class:`mahjong.riichi.Action` or an American
:class:`mahjong.american.AmericanAction`). It may also define ``on_events(seat, events)``: it
then receives every event of the game as dicts, masked to what its seat may see, before each
of its decisions and at the end of each deal or game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = ["Agent", "Observation", "Observed"]

ActionT = TypeVar("ActionT")


class Observed(Protocol):
    """A deal that can say what one seat may see."""

    def observation(self, seat: int) -> dict[str, Any]:
        """What `seat` may see now."""
        ...


class Observation(Mapping[str, Any]):
    """What one seat may see now, read from the engine on first use (most agents never read
    all of it). The keys are the family's: see ``Deal.observation`` (Riichi) and
    ``AmericanDeal.observation``. Nothing in it depends on other players' concealed tiles or on
    the wall."""

    __slots__ = ("_data", "_deal", "seat")

    def __init__(self, deal: Observed, seat: int) -> None:
        self._deal = deal
        self.seat = seat
        self._data: dict[str, Any] | None = None

    def _load(self) -> dict[str, Any]:
        if self._data is None:
            self._data = self._deal.observation(self.seat)
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())


@runtime_checkable
class Agent(Protocol[ActionT]):
    """A player of either family: chooses one of the legal actions it is offered."""

    def act(self, observation: Observation, legal: Sequence[ActionT]) -> ActionT:
        """One of `legal`."""
        ...
