"""What the families' tallies share (:mod:`mahjong.riichi.tally`, :mod:`mahjong.american.tally`):
a per-seat counter field, adding up counts the native simulator made, and the summary table
with one row per seat."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table

__all__ = ["add_counts", "for_players", "per_seat", "seat_table"]


def per_seat() -> list[int]:
    """A count for each of the four seats, from zero (a dataclass field's default factory; a
    tally of fewer players cuts it with :func:`for_players`)."""
    return [0] * 4


def for_players(tally: Any, players: int) -> None:
    """Keeps `players` entries of every per-seat list of `tally` (a three-player game has no
    fourth seat to count)."""
    for field in dataclasses.fields(tally):
        counts = getattr(tally, field.name)
        if isinstance(counts, list):
            del counts[players:]


def add_counts(tally: Any, counts: Mapping[str, Any]) -> None:
    """Adds `counts` (a native run's ``SimResult.tally()``, whose keys are the tally's field
    names) to `tally`, a family's tally dataclass: numbers add, per-seat lists add seat by
    seat, counters add up."""
    for field in dataclasses.fields(tally):
        mine = getattr(tally, field.name)
        theirs = counts[field.name]
        if isinstance(mine, Counter):
            mine.update(theirs)
        elif isinstance(mine, list):
            mine[:] = [a + b for a, b in zip(mine, theirs, strict=True)]
        else:
            setattr(tally, field.name, mine + theirs)


def seat_table(
    title: str, columns: Sequence[str], names: Sequence[str], rows: Sequence[Sequence[str]]
) -> Table:
    """The summary: one row per seat (its number, its agent's name, then its `rows` cells
    under `columns`), numbers right-aligned."""
    table = Table(title=title)
    table.add_column("seat", justify="right")
    table.add_column("agent", justify="left")
    for column in columns:
        table.add_column(column, justify="right")
    for seat, cells in enumerate(rows):
        table.add_row(str(seat), names[seat], *cells)
    return table
