"""Simulation results for analysis: one row per deal as a Parquet file (:func:`write_parquet`,
through pyarrow) and the outcome distributions as a picture (:func:`plot`, through
matplotlib). Both libraries are the optional extra ``analysis``, imported only when used
(:func:`require` checks one before a run). A path is written whole or not at all
(:func:`mahjong._atomic.atomic_file`); an open binary file may be given instead.

The rows are the families' (:func:`mahjong.riichi.tally.deal_rows`,
:func:`mahjong.american.tally.deal_rows`), their columns and Arrow types in each module's
``COLUMNS``.
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

__all__ = ["INSTALL_HINT", "Output", "check_plot_path", "plot", "require", "write_parquet"]

INSTALL_HINT = "pip install 'mahjong-engine[analysis]'"

Row = Mapping[str, Any]
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


def write_parquet(rows: Sequence[Row], columns: Mapping[str, str], out: Output) -> int:
    """Writes `rows` as Parquet to `out` (a path or a binary file) with exactly `columns`
    (name to Arrow type, e.g. ``"int8"``, ``"string"``, ``"list<int16>"``); returns the
    number of rows."""
    pa = require("pyarrow", "--parquet")
    parquet = require("pyarrow.parquet", "--parquet")
    schema = pa.schema([(name, _arrow_type(pa, kind)) for name, kind in columns.items()])
    table = pa.Table.from_pylist([dict(row) for row in rows], schema=schema)
    with _opened(out) as file:
        parquet.write_table(table, file)
    return len(rows)


def _riichi_panels(rows: Sequence[Row], axes: Any) -> None:
    deals = max(len(rows), 1)
    seats = range(3 if rows and rows[0].get("agent_3") is None else 4)
    wins = Counter(seat for row in rows for seat in row["winners"])
    draws = Counter(row["draw"] for row in rows if row["draw"] is not None)
    labels = [f"seat {s} wins" for s in seats] + sorted(draws)
    shares = [wins[s] / deals for s in seats] + [draws[k] / deals for k in sorted(draws)]
    axes[0][0].barh(labels, shares)
    axes[0][0].set_title("Deals won by seat, and draws (share of deals)")
    points = [p for row in rows for p in row["points"]]
    axes[0][1].hist(points, bins=30)
    axes[0][1].set_title("Hand value of each win (points)")
    han = Counter(h for row in rows for h in row["han"])
    axes[1][0].bar([str(h) for h in sorted(han)], [han[h] for h in sorted(han)])
    axes[1][0].set_title("Han of each win (0 = yakuman)")
    games = {row["game"]: row for row in rows}.values()
    axes[1][1].boxplot([[g[f"final_points_{s}"] for g in games] for s in seats])
    axes[1][1].set_xticks(range(1, len(seats) + 1), [f"seat {s}" for s in seats])
    axes[1][1].set_title("Final points per game (after oka and uma)")


def _american_panels(rows: Sequence[Row], axes: Any) -> None:
    games = max(len(rows), 1)
    wins = Counter(row["winner"] for row in rows if row["winner"] is not None)
    walls = sum(row["wall_game"] for row in rows)
    labels = [f"seat {s} wins" for s in range(4)] + ["wall game"]
    axes[0][0].barh(labels, [wins[s] / games for s in range(4)] + [walls / games])
    axes[0][0].set_title("Games won by seat, and wall games (share of games)")
    hands = Counter(row["hand"] for row in rows if row["hand"] is not None).most_common(12)
    axes[0][1].barh([h for h, _ in hands][::-1], [n for _, n in hands][::-1])
    axes[0][1].set_title("Card hands won (most common)")
    axes[1][0].boxplot([[row[f"payout_{s}"] for row in rows] for s in range(4)])
    axes[1][0].set_xticks(range(1, 5), [f"seat {s}" for s in range(4)])
    axes[1][0].set_title("Payout per game")
    dead = [sum(row[f"dead_{s}"] is not None for row in rows) / games for s in range(4)]
    axes[1][1].bar([f"seat {s}" for s in range(4)], dead)
    axes[1][1].set_title("Dead hands (share of games)")


PANELS = {"riichi": _riichi_panels, "american": _american_panels}


def check_plot_path(path: str | os.PathLike[str]) -> str:
    """The format of a plot at `path`, ``"png"`` or ``"svg"``, told by its suffix."""
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix not in (".png", ".svg"):
        raise InvalidArgumentError(f"--plot writes a .png or .svg file, not {os.fspath(path)!r}")
    return suffix[1:]


def plot(
    rows: Sequence[Row], family: str, title: str, out: Output, kind: str | None = None
) -> None:
    """Draws the outcome distributions of `rows` (one family's) as four panels and saves them
    to `out`: a path (PNG or SVG, told by its suffix), or a binary file with `kind` saying
    which."""
    if isinstance(out, (str, os.PathLike)):
        kind = check_plot_path(out)
    elif kind not in ("png", "svg"):
        raise InvalidArgumentError(f'a plot is "png" or "svg", got {kind!r}')
    matplotlib = require("matplotlib", "--plot")
    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(2, 2, figsize=(12, 8), layout="constrained")
    PANELS[family](rows, axes)
    figure.suptitle(title)
    try:
        with _opened(out) as file:
            figure.savefig(file, format=kind, dpi=110)
    finally:
        pyplot.close(figure)
