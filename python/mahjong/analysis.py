"""Simulation results for analysis: one row per deal as a Parquet file (:func:`write_parquet`,
through pyarrow) and the outcome distributions as a picture (:func:`plot`, through
matplotlib). Both libraries are the optional extra ``analysis``, imported only when used.

The rows are the families' (:func:`mahjong.riichi.tally.deal_rows`,
:func:`mahjong.american.tally.deal_rows`), their columns and Arrow types in each module's
``COLUMNS``.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong.errors import InvalidArgumentError

__all__ = ["INSTALL_HINT", "check_plot_path", "plot", "write_parquet"]

INSTALL_HINT = "pip install 'mahjong-engine[analysis]'"

Row = Mapping[str, Any]


def _require(module: str, option: str) -> Any:
    try:
        return __import__(module)
    except ImportError:
        raise InvalidArgumentError(f"{option} needs {module}: {INSTALL_HINT}") from None


def _arrow_type(pa: Any, name: str) -> Any:
    if name.startswith("list<"):
        return pa.list_(_arrow_type(pa, name[len("list<") : -1]))
    return {"string": pa.string(), "bool": pa.bool_()}.get(name) or getattr(pa, name)()


def write_parquet(
    rows: Sequence[Row], columns: Mapping[str, str], path: str | os.PathLike[str]
) -> int:
    """Writes `rows` to a Parquet file at `path` with exactly `columns` (name to Arrow type,
    e.g. ``"int8"``, ``"string"``, ``"list<int16>"``); returns the number of rows."""
    pa = _require("pyarrow", "--parquet")
    parquet = __import__("pyarrow.parquet").parquet
    schema = pa.schema([(name, _arrow_type(pa, kind)) for name, kind in columns.items()])
    table = pa.Table.from_pylist([dict(row) for row in rows], schema=schema)
    parquet.write_table(table, path)
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


def check_plot_path(path: str | os.PathLike[str]) -> None:
    """A plot is written as PNG or SVG, told by the file's suffix."""
    if not os.fspath(path).lower().endswith((".png", ".svg")):
        raise InvalidArgumentError(f"--plot writes a .png or .svg file, not {os.fspath(path)!r}")


def plot(rows: Sequence[Row], family: str, title: str, path: str | os.PathLike[str]) -> None:
    """Draws the outcome distributions of `rows` (one family's) as four panels and saves them
    at `path` (PNG or SVG, told by its suffix)."""
    check_plot_path(path)
    _require("matplotlib", "--plot")
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(2, 2, figsize=(12, 8), layout="constrained")
    PANELS[family](rows, axes)
    figure.suptitle(title)
    figure.savefig(path, dpi=110)
    pyplot.close(figure)
