"""What the families' tallies share (:mod:`mahjong.riichi.tally`, :mod:`mahjong.american.tally`):
a per-seat counter field and the summary table with one row per seat."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

__all__ = ["per_seat", "seat_table"]


def per_seat() -> list[int]:
    """A count for each of the four seats, from zero (a dataclass field's default factory)."""
    return [0] * 4


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
