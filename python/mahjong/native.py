"""Native self-play: whole games between the compiled core's built-in agents, with no Python
per step, on worker threads that run without the GIL.

Game ``i`` of a run is seeded ``seed + i``, the seed ``mahjong sim`` gives it, and results come
back in game order, so a run's tallies, records and log lines are the same bytes whatever the
number of workers, and whether it is played at once (:func:`simulate`) or block by block
(:func:`blocks`, for progress bars, logs streamed to a file, or blocks sent to other machines).

The native ``efficiency`` (Riichi) and ``card`` (American) agents make exactly the decisions
of the Python :class:`mahjong.riichi.game.EfficiencyAgent` and
:class:`mahjong.american.game.CardAgent`, which stay the readable references; logs name them
as those classes. The native ``random`` agent draws from its own SplitMix64 stream (seeded
with ``4 * game_seed + seat``, mixed with a constant), not from Python's :mod:`random`, so it
plays differently from the Python ``RandomAgent`` with the same seed. :class:`NativeAgent`
seats a native agent in the Python loop (:func:`mahjong.agents.play_deal`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from mahjong._core import AmericanRules, Card, NativeAgent, Ruleset, SimResult, native_sim
from mahjong.errors import InvalidArgumentError

__all__ = [
    "AGENTS",
    "AmericanTally",
    "Family",
    "NativeAgent",
    "RiichiTally",
    "SimResult",
    "blocks",
    "simulate",
    "tally",
]

Family = Literal["riichi", "american"]

AGENTS: dict[str, tuple[str, ...]] = {
    "riichi": ("random", "efficiency"),
    "american": ("random", "card"),
}
"""The native agents of each family, by the names :func:`simulate` takes."""


def _names(agents: str | Sequence[str]) -> list[str]:
    """Four agent names from a sequence or a comma-separated string, trimmed and lowercased
    (as ``mahjong sim --agents`` reads them)."""
    names = agents.split(",") if isinstance(agents, str) else list(agents)
    return [n.strip().lower() for n in names]


def simulate(
    family: Family,
    agents: str | Sequence[str],
    games: int,
    *,
    seed: int = 0,
    rules: Ruleset | AmericanRules | None = None,
    card: Card | None = None,
    workers: int | None = None,
    log: bool = False,
) -> SimResult:
    """Plays `games` games of `family` natively: game i on seed ``seed + i``, one agent per
    seat (`agents`: four names of :data:`AGENTS`, or them comma-separated), on `workers`
    threads (default: every core). Riichi games follow `rules` (a :class:`Ruleset`, default
    the seed preset); American games are one-game sessions on `card` (default house-2026)
    under `rules` (an :class:`AmericanRules`, default nmjl). With `log`, the result keeps
    every game's log lines. Bad arguments raise :class:`mahjong.errors.InvalidArgumentError`
    naming the value."""
    return native_sim(
        family,
        _names(agents),
        games,
        seed,
        rules=rules,
        card=card,
        workers=workers,
        log=log,
    )


def blocks(
    family: Family,
    agents: str | Sequence[str],
    games: int,
    *,
    seed: int = 0,
    block: int = 1000,
    rules: Ruleset | AmericanRules | None = None,
    card: Card | None = None,
    workers: int | None = None,
    log: bool = False,
) -> Iterator[SimResult]:
    """:func:`simulate` in consecutive blocks of at most `block` games, in game order: the
    same games (game i still on seed ``seed + i``), so the blocks' tallies add up to the whole
    run's and their log lines follow one another as the whole run's do."""
    if block < 1:
        raise InvalidArgumentError(f"block must be 1 or more, got {block}")
    names = _names(agents)
    for start in range(0, games, block):
        yield native_sim(
            family,
            names,
            min(block, games - start),
            seed + start,
            rules=rules,
            card=card,
            workers=workers,
            log=log,
        )


@dataclass
class RiichiTally:
    """Riichi counts over games, per seat (what the ``mahjong sim`` summary shows)."""

    games: int = 0
    deals: int = 0
    wins: list[int] = field(default_factory=lambda: [0] * 4)
    deal_ins: list[int] = field(default_factory=lambda: [0] * 4)
    riichi: list[int] = field(default_factory=lambda: [0] * 4)
    calls: list[int] = field(default_factory=lambda: [0] * 4)
    ranks: list[int] = field(default_factory=lambda: [0] * 4)
    points: list[int] = field(default_factory=lambda: [0] * 4)
    draws: Counter[str] = field(default_factory=Counter)

    def add(self, counts: dict[str, Any]) -> None:
        """Adds a :meth:`SimResult.tally` of Riichi games."""
        self.games += counts["games"]
        self.deals += counts["deals"]
        for name in ("wins", "deal_ins", "riichi", "calls", "ranks", "points"):
            mine: list[int] = getattr(self, name)
            for seat, n in enumerate(counts[name]):
                mine[seat] += n
        self.draws.update(counts["draws"])


@dataclass
class AmericanTally:
    """American counts over games, per seat (what the ``mahjong sim american`` summary
    shows)."""

    games: int = 0
    wall_games: int = 0
    wins: list[int] = field(default_factory=lambda: [0] * 4)
    self_drawn: list[int] = field(default_factory=lambda: [0] * 4)
    jokerless: list[int] = field(default_factory=lambda: [0] * 4)
    dead: list[int] = field(default_factory=lambda: [0] * 4)
    payout: list[int] = field(default_factory=lambda: [0] * 4)

    def add(self, counts: dict[str, Any]) -> None:
        """Adds a :meth:`SimResult.tally` of American games."""
        self.games += counts["games"]
        self.wall_games += counts["wall_games"]
        for name in ("wins", "self_drawn", "jokerless", "dead", "payout"):
            mine: list[int] = getattr(self, name)
            for seat, n in enumerate(counts[name]):
                mine[seat] += n


def tally(results: Sequence[SimResult] | Iterator[SimResult]) -> RiichiTally | AmericanTally:
    """The tallies of `results` (runs or blocks of one family) added up; empty Riichi counts
    when there are none."""
    total: RiichiTally | AmericanTally | None = None
    for result in results:
        if total is None:
            total = RiichiTally() if result.family == "riichi" else AmericanTally()
        elif result.family != ("riichi" if isinstance(total, RiichiTally) else "american"):
            raise InvalidArgumentError(f"cannot add {result.family} games to the others")
        total.add(result.tally())
    return RiichiTally() if total is None else total
