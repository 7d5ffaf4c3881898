"""Native self-play: whole games between the compiled core's built-in agents, with no Python
per step, on worker threads that run without the GIL.

Game ``i`` of a run is seeded ``seed + i``, the seed ``mahjong sim`` gives it, and results come
back in game order, so a run's tallies, records and log lines are the same bytes whatever the
number of workers, and whether it is played at once (:func:`simulate`, every game kept) or
streamed block by block as the games finish (:func:`blocks`: a run of any length in bounded
memory, for progress bars, logs and Parquet rows written as they come).

The native ``efficiency`` (Riichi) and ``card`` (American) agents make exactly the decisions
of the Python :class:`mahjong.riichi.game.EfficiencyAgent` and
:class:`mahjong.american.game.CardAgent`, which stay the readable references; logs name them
as those classes. The native ``random`` agent draws from its own SplitMix64 stream (seeded
with ``4 * game_seed + seat``, mixed with a constant), not from Python's :mod:`random`, so it
plays differently from the Python ``RandomAgent`` with the same seed. :class:`NativeAgent`
seats a native agent in the Python loop (:func:`mahjong.agents.play_deal`).

The native ``strong`` Riichi agent (logs name it ``StrongAgent``) is the efficiency player with
better defence and riichi judgement, and the native ``expert`` (``ExpertAgent``) plays its
candidate actions out over hidden tiles sampled from what its seat saw (docs/strength.md
measures both); :class:`mahjong.riichi.game.StrongAgent` and ``ExpertAgent`` seat them in the
Python loop. Every agent name comes from :mod:`mahjong.registry`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

from mahjong import registry
from mahjong._core import (
    AmericanRules,
    Card,
    NativeAgent,
    Ruleset,
    SimResult,
    SimStream,
    native_sim,
    native_stream,
)
from mahjong.agents import GameRecord
from mahjong.american import tally as american_tally
from mahjong.errors import InvalidArgumentError
from mahjong.registry import Family
from mahjong.riichi import tally as riichi_tally
from mahjong.tally import add_counts

Tally = riichi_tally.Tally | american_tally.Tally

__all__ = [
    "AGENTS",
    "Family",
    "NativeAgent",
    "SimResult",
    "SimStream",
    "Tally",
    "blocks",
    "game_records",
    "simulate",
    "tally",
]

AGENTS: dict[str, tuple[str, ...]] = {f: registry.native_names(f) for f in ("riichi", "american")}
"""The native agents of each family, by the names :func:`simulate` takes (those of
:data:`mahjong.registry.AGENTS` marked native)."""


def _names(agents: str | Sequence[str]) -> list[str]:
    """Agent names (one per player) from a sequence or a comma-separated string, trimmed and
    lowercased (as ``mahjong sim --agents`` reads them)."""
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
    rows: bool = False,
) -> SimResult:
    """Plays `games` games of `family` natively: game i on seed ``seed + i``, one agent per
    seat (`agents`: names of :data:`AGENTS`, one per player, or them comma-separated), on `workers`
    threads (default: every core). Riichi games follow `rules` (a :class:`Ruleset`, default
    the seed preset); American games are one-game sessions on `card` (default house-2026)
    under `rules` (an :class:`AmericanRules`, default nmjl). With `log`, the result keeps
    every game's log (``lines()``, ``jsonl()``); with `rows`, its rows for Parquet
    (``columns()``). Every game is kept until the result is dropped: :func:`blocks` streams a
    long run instead. Bad arguments raise :class:`mahjong.errors.InvalidArgumentError` naming
    the value."""
    return native_sim(
        family,
        _names(agents),
        games,
        seed,
        rules=rules,
        card=card,
        workers=workers,
        log=log,
        rows=rows,
    )


SEGMENT = 2**31
"""Most games one native stream plays (:func:`blocks` chains streams for longer runs)."""


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
    rows: bool = False,
) -> Iterator[SimResult]:
    """:func:`simulate` streamed: the same games (game i still on seed ``seed + i``) handed
    back in consecutive blocks of at most `block` games, in game order, as they finish. The
    workers play on while a block is read, a few games each ahead of it at most, so a run of
    any length (up to 2^64 games) holds a bounded number of games; the blocks' tallies add up
    to the whole run's and their logs and rows follow one another as the whole run's do."""
    if block < 1:
        raise InvalidArgumentError(f"block must be 1 or more, got {block}")
    names = _names(agents)
    for start in range(0, games, SEGMENT):
        yield from native_stream(
            family,
            names,
            min(SEGMENT, games - start),
            seed + start,
            block=block,
            rules=rules,
            card=card,
            workers=workers,
            log=log,
            rows=rows,
        )


def tally(results: Sequence[SimResult] | Iterator[SimResult]) -> Tally:
    """The tallies of `results` (runs or blocks of one family) added up, as the family's
    Python tally (:class:`mahjong.riichi.tally.Tally`, :class:`mahjong.american.tally.Tally`:
    the ``mahjong sim`` summary); empty Riichi counts when there are none."""
    total: Tally | None = None
    family = "riichi"
    for result in results:
        if total is None:
            family = result.family
            players = len(result.names)
            total = riichi_tally.Tally(players) if family == "riichi" else american_tally.Tally()
        elif result.family != family:
            raise InvalidArgumentError(f"cannot add {result.family} games to {family} games")
        add_counts(total, result.tally())
    return riichi_tally.Tally() if total is None else total


def game_records(result: SimResult) -> list[GameRecord]:
    """The games of a run kept with its log (``log=True``) as the records
    :func:`mahjong.agents.play_game` gives (outcomes, standings, events and log lines): every
    line is parsed, so this is for reading games, not for writing them (``jsonl()`` and
    ``columns()`` give a run's log and Parquet rows as they are made)."""
    if result.games and not result.lines():
        raise InvalidArgumentError("game_records needs a run made with log=True")
    return [
        GameRecord(
            outcomes=game["outcomes"],
            standings=game["standings"],
            events=[json.loads(line) for line in game["lines"]],
            log=game["lines"],
        )
        for game in result.records()
    ]
