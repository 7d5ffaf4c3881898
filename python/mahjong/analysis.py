"""Simulation results for analysis: one row per deal as a Parquet file (:class:`ParquetRows`,
through pyarrow, written as the games finish) and the outcome distributions as a picture
(:func:`plot`, through matplotlib). Both libraries are the optional extra ``analysis``,
imported only when used (:func:`require` checks one before a run). A path is written whole or
not at all (:func:`mahjong._atomic.atomic_file`); an open binary file may be given instead.

The rows come from the core, as columns (a dict of lists by column name): a native run's
``SimResult.columns()`` and a game's ``deal_columns()``; their names and Arrow types are each
family's ``COLUMNS`` (:mod:`mahjong.riichi.tally`, :mod:`mahjong.american.tally`).
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any

from mahjong._atomic import atomic_file
from mahjong.errors import InvalidArgumentError

__all__ = [
    "INSTALL_HINT",
    "Columns",
    "Output",
    "ParquetRows",
    "PlotColumns",
    "check_plot_path",
    "plot",
    "require",
]

INSTALL_HINT = "pip install 'mahjong-engine[analysis]'"

Columns = Mapping[str, Sequence[Any]]
"""Rows as columns: each column's values by its name, every column as long."""
Output = str | os.PathLike[str] | IO[bytes]
"""Where a result goes: a path, or a binary file open for writing."""


def require(module: str, option: str) -> Any:
    """`module` (``pyarrow.parquet``, ``matplotlib``) imported, or an InvalidArgumentError
    saying that `option` needs the extra."""
    try:
        return importlib.import_module(module)
    except ImportError:
        package = module.split(".")[0]
        raise InvalidArgumentError(f"{option} needs {package}: {INSTALL_HINT}") from None


@contextlib.contextmanager
def _opened(out: Output) -> Iterator[IO[bytes]]:
    """`out` as a binary file: a path is written whole or not at all."""
    if isinstance(out, (str, os.PathLike)):
        with atomic_file(out, binary=True) as file:
            yield file
    else:
        yield out


def _arrow_type(pa: Any, name: str) -> Any:
    if name.startswith("list<"):
        return pa.list_(_arrow_type(pa, name[len("list<") : -1]))
    return {"string": pa.string(), "bool": pa.bool_()}.get(name) or getattr(pa, name)()


class ParquetRows:
    """Rows written to a Parquet file as they come (:meth:`add`), in row groups of
    :data:`ROW_GROUP` rows, so the rows held at once do not depend on how many are written;
    :meth:`close` writes the rest and the footer. `columns` are the names and Arrow types of
    the rows (a family's ``COLUMNS``), `file` a binary file open for writing. As a context
    manager it lets go of the file when the block fails (the file is then no Parquet file)."""

    ROW_GROUP = 5_000
    """Rows per row group: the most held at once (as Arrow arrays), and few enough groups
    that the footer stays small for any run."""
    BATCH = 1_000
    """Rows gathered as Python lists before they become Arrow arrays (games of the Python
    loop come a few rows at a time)."""

    def __init__(self, columns: Mapping[str, str], file: IO[bytes]) -> None:
        self._pa = require("pyarrow", "--parquet")
        parquet = require("pyarrow.parquet", "--parquet")
        types = {name: _arrow_type(self._pa, kind) for name, kind in columns.items()}
        self._schema = self._pa.schema(list(types.items()))
        self._writer = parquet.ParquetWriter(file, self._schema)
        self._lists: dict[str, list[Any]] = {name: [] for name in columns}
        self._batches: list[Any] = []
        self._held = 0
        self.rows = 0
        """Rows added so far."""

    def __enter__(self) -> ParquetRows:
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        if kind is not None and self._writer.is_open:
            with contextlib.suppress(Exception):  # the error that stopped the block is raised
                self._writer.close()

    def add(self, columns: Columns) -> None:
        """Adds rows given as columns with the file's names (an empty dict adds none)."""
        if not columns:
            return
        count = len(next(iter(columns.values())))
        for name, values in self._lists.items():
            values.extend(columns[name])
        self.rows += count
        if len(self._lists[self._schema.names[0]]) >= self.BATCH:
            self._batch()
        if self._held >= self.ROW_GROUP:
            self._flush()

    def _batch(self) -> None:
        """The gathered lists as one Arrow batch."""
        count = len(self._lists[self._schema.names[0]])
        if count:
            self._batches.append(self._pa.RecordBatch.from_pydict(self._lists, self._schema))
            self._lists = {name: [] for name in self._lists}
            self._held += count

    def _flush(self) -> None:
        """The batches held as one row group."""
        if self._batches:
            self._writer.write_table(
                self._pa.Table.from_batches(self._batches), row_group_size=self._held
            )
            self._batches, self._held = [], 0

    def close(self) -> int:
        """Writes the rows held and the footer; returns the number of rows."""
        self._batch()
        self._flush()
        self._writer.close()
        return self.rows


PLOT_COLUMNS = {
    "riichi": (
        "game",
        "winners",
        "draw",
        "points",
        "han",
        *(f"final_points_{s}" for s in range(4)),
    ),
    "american": (
        "winner",
        "wall_game",
        "hand",
        *(f"payout_{s}" for s in range(4)),
        *(f"dead_{s}" for s in range(4)),
    ),
}
"""The columns each family's plot reads."""


class PlotColumns(dict[str, list[Any]]):
    """The columns a family's :func:`plot` reads, gathered as rows come (:meth:`add`); the
    others are not kept."""

    def __init__(self, family: str) -> None:
        super().__init__((name, []) for name in PLOT_COLUMNS[family])

    def add(self, columns: Columns) -> None:
        """Keeps the plot's columns of some rows (an empty dict adds none)."""
        if columns:
            for name, values in self.items():
                values.extend(columns[name])


def _riichi_panels(columns: Columns, axes: Any) -> None:
    deals = max(len(columns["winners"]), 1)
    seats = range(3 if columns["winners"] and columns["final_points_3"][0] is None else 4)
    wins = Counter(seat for winners in columns["winners"] for seat in winners)
    draws = Counter(draw for draw in columns["draw"] if draw is not None)
    labels = [f"seat {s} wins" for s in seats] + sorted(draws)
    shares = [wins[s] / deals for s in seats] + [draws[k] / deals for k in sorted(draws)]
    axes[0][0].barh(labels, shares)
    axes[0][0].set_title("Deals won by seat, and draws (share of deals)")
    points = [p for values in columns["points"] for p in values]
    axes[0][1].hist(points, bins=30)
    axes[0][1].set_title("Hand value of each win (points)")
    han = Counter(h for values in columns["han"] for h in values)
    axes[1][0].bar([str(h) for h in sorted(han)], [han[h] for h in sorted(han)])
    axes[1][0].set_title("Han of each win (0 = yakuman)")
    games = columns["game"]  # a game's deals are consecutive rows
    firsts = [row for row, game in enumerate(games) if row == 0 or games[row - 1] != game]
    finals = [[columns[f"final_points_{s}"][row] for row in firsts] for s in seats]
    axes[1][1].boxplot(finals)
    axes[1][1].set_xticks(range(1, len(seats) + 1), [f"seat {s}" for s in seats])
    axes[1][1].set_title("Final points per game (after oka and uma)")


def _american_panels(columns: Columns, axes: Any) -> None:
    games = max(len(columns["winner"]), 1)
    wins = Counter(winner for winner in columns["winner"] if winner is not None)
    walls = sum(columns["wall_game"])
    labels = [f"seat {s} wins" for s in range(4)] + ["wall game"]
    axes[0][0].barh(labels, [wins[s] / games for s in range(4)] + [walls / games])
    axes[0][0].set_title("Games won by seat, and wall games (share of games)")
    hands = Counter(hand for hand in columns["hand"] if hand is not None).most_common(12)
    axes[0][1].barh([h for h, _ in hands][::-1], [n for _, n in hands][::-1])
    axes[0][1].set_title("Card hands won (most common)")
    axes[1][0].boxplot([columns[f"payout_{s}"] for s in range(4)])
    axes[1][0].set_xticks(range(1, 5), [f"seat {s}" for s in range(4)])
    axes[1][0].set_title("Payout per game")
    dead = [sum(d is not None for d in columns[f"dead_{s}"]) / games for s in range(4)]
    axes[1][1].bar([f"seat {s}" for s in range(4)], dead)
    axes[1][1].set_title("Dead hands (share of games)")


PANELS = {"riichi": _riichi_panels, "american": _american_panels}


def check_plot_path(path: str | os.PathLike[str]) -> str:
    """The format of a plot at `path`, ``"png"`` or ``"svg"``, told by its suffix."""
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix not in (".png", ".svg"):
        raise InvalidArgumentError(f"--plot writes a .png or .svg file, not {os.fspath(path)!r}")
    return suffix[1:]


def plot(columns: Columns, family: str, title: str, out: Output, kind: str | None = None) -> None:
    """Draws the outcome distributions of one family's rows, given as `columns` (those of
    :data:`PLOT_COLUMNS` at least), as four panels and saves them to `out`: a path (PNG or
    SVG, told by its suffix), or a binary file with `kind` saying which."""
    if isinstance(out, (str, os.PathLike)):
        kind = check_plot_path(out)
    elif kind not in ("png", "svg"):
        raise InvalidArgumentError(f'a plot is "png" or "svg", got {kind!r}')
    matplotlib = require("matplotlib", "--plot")
    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(2, 2, figsize=(12, 8), layout="constrained")
    PANELS[family](columns, axes)
    figure.suptitle(title)
    try:
        with _opened(out) as file:
            figure.savefig(file, format=kind, dpi=110)
    finally:
        pyplot.close(figure)
