"""What the observation encoders of both families share: :class:`Channel`, one named group of
rows of an encoding, and :func:`bounds`, the least and greatest value of every cell.

The encoders are in each family's package: ``encode``, ``action_mask``, ``encode_batch``,
``encoding_channels`` and ``ENCODING_VERSION`` in :mod:`mahjong.riichi` and
:mod:`mahjong.american`. An encoding is a float32 array of shape (rows, kinds): one column per
tile kind (34 Riichi, 36 American) and rows grouped into channels; ``docs/encoding.md``
describes them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

__all__ = ["Channel", "bounds", "channels"]


class Channel(NamedTuple):
    """One channel of an encoding: rows ``start`` to ``start + rows - 1`` with one meaning."""

    name: str
    start: int
    rows: int
    low: float
    high: float
    description: str


def channels(table: Iterable[tuple[str, int, int, float, float, str]]) -> list[Channel]:
    """The channels of a table as the compiled module gives it (tuples in field order)."""
    return [Channel(*row) for row in table]


def bounds(
    table: Sequence[Channel], width: int
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The least and the greatest value of every cell of an encoding with these channels and
    `width` columns (for a ``gymnasium.spaces.Box``)."""
    rows = [c.rows for c in table]
    low = np.repeat(np.array([c.low for c in table], np.float32), rows)
    high = np.repeat(np.array([c.high for c in table], np.float32), rows)
    return (
        np.repeat(low[:, None], width, axis=1),
        np.repeat(high[:, None], width, axis=1),
    )
