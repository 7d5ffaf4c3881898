"""The built-in agents of each family by name: the one list that ``mahjong sim`` (both loops),
``mahjong play`` (terminal and web), ``mahjong bot riichi``, the Gymnasium environments'
opponents and :mod:`mahjong.native` read.

Each name makes a fresh Python agent from a seat's seed (and, for the American ``card`` and
``expert`` agents, the card): ``strong`` and the experts as thin wrappers over the compiled
core's agents (:class:`mahjong.riichi.game.StrongAgent`,
:class:`mahjong.riichi.game.ExpertAgent`, :class:`mahjong.american.game.ExpertCardAgent`). A name
marked ``native`` is also an agent of the compiled core that the native loop
(:func:`mahjong.native.simulate`) plays with no Python per step. Every agent plays every
ruleset of its family (three-player Riichi included). At a person's table (``mahjong play``)
the expert searches :data:`TABLE_PLAYOUTS` playouts a decision, capped at
:data:`TABLE_TIME_CAP` seconds, and :func:`table_default` seats the strongest agent that
keeps the table's pace (:data:`TABLE_DEFAULT`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from mahjong._core import Card
from mahjong.agents import Agent, RandomAgent
from mahjong.american.game import CardAgent, ExpertCardAgent
from mahjong.american.game import RandomAgent as AmericanRandomAgent
from mahjong.errors import InvalidArgumentError
from mahjong.riichi.game import EfficiencyAgent, ExpertAgent, StrongAgent

__all__ = [
    "AGENTS",
    "TABLE_DEFAULT",
    "TABLE_PLAYOUTS",
    "TABLE_TIME_CAP",
    "BuiltIn",
    "Family",
    "make",
    "native_names",
    "table_default",
]

Family = Literal["riichi", "american"]

TABLE_PLAYOUTS = 300
"""The expert's playouts per decision at a person's table: a median decision of about 35 ms
of one core's time, the 99th percentile under 60 ms (docs/strength.md)."""
TABLE_TIME_CAP = 0.5
"""The most seconds an expert's decision takes at a person's table, on a busy machine too."""


@dataclass(frozen=True)
class BuiltIn:
    """A built-in agent: how a seat's agent is made from its seed and the card (None for
    Riichi), and whether the native loop plays it too."""

    make: Callable[[int, Card | None], Agent[Any]]
    native: bool = True
    at_table: Callable[[int, Card | None], Agent[Any]] | None = None
    """How a seat at a person's table is made, where that differs from :attr:`make`."""


def _native(seed: int) -> int:
    """A seat's seed as the compiled core's agents take it (0..2^64-1): a seat seed is
    4 * a game seed (up to 2^64-1) plus the seat, so it wraps."""
    return seed % 2**64


def _card(card: Card | None) -> Card:
    if card is None:
        raise InvalidArgumentError("American agents that read the card need a card")
    return card


AGENTS: dict[Family, dict[str, BuiltIn]] = {
    "riichi": {
        "random": BuiltIn(lambda seed, _card: RandomAgent(seed)),
        "efficiency": BuiltIn(lambda _seed, _card: EfficiencyAgent()),
        "strong": BuiltIn(lambda seed, _card: StrongAgent(seed=_native(seed))),
        "expert": BuiltIn(
            lambda seed, _card: ExpertAgent(seed=_native(seed)),
            at_table=lambda seed, _card: ExpertAgent(
                seed=_native(seed), playouts=TABLE_PLAYOUTS, time_cap=TABLE_TIME_CAP
            ),
        ),
    },
    "american": {
        "random": BuiltIn(lambda seed, _card: AmericanRandomAgent(seed)),
        "card": BuiltIn(lambda _seed, card: CardAgent(_card(card))),
        "expert": BuiltIn(lambda seed, card: ExpertCardAgent(_card(card), seed=_native(seed))),
    },
}
"""Each family's built-in agents by name, weakest first."""

TABLE_DEFAULT: dict[Family, str] = {"riichi": "expert", "american": "expert"}
"""The agent ``mahjong play`` seats by default: the family's strongest that keeps the table's
pace (three Riichi players too, docs/strength.md)."""


def table_default(family: Family) -> str:
    """The agent ``mahjong play`` seats by default for `family` (:data:`TABLE_DEFAULT`)."""
    return TABLE_DEFAULT[family]


def native_names(family: Family) -> tuple[str, ...]:
    """The names of `family`'s agents that the native loop plays."""
    return tuple(name for name, agent in AGENTS[family].items() if agent.native)


def make(
    family: Family,
    name: str,
    seed: int = 0,
    card: Card | None = None,
    *,
    table: bool = False,
) -> Agent[Any]:
    """A fresh `family` agent named `name` (trimmed, any case) for a seat seeded `seed`, at a
    person's table when `table` (see :attr:`BuiltIn.at_table`); an unknown name is an
    InvalidArgumentError listing the names."""
    agents = AGENTS.get(family)
    if agents is None:
        raise InvalidArgumentError(f"family must be riichi or american, got {family!r}")
    name = name.strip().lower()
    built_in = agents.get(name)
    if built_in is None:
        raise InvalidArgumentError(f"{family} agents are {', '.join(agents)}; got {name!r}")
    maker = built_in.at_table if table and built_in.at_table is not None else built_in.make
    return maker(seed, card)
