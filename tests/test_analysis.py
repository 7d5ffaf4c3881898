"""`mahjong sim --parquet/--plot` (mahjong.analysis): one row per deal with the documented
columns, readable by polars, as many rows as the same command's log has deals; the outcome
plot drawn for both families."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from mahjong.american.tally import COLUMNS as AMERICAN_COLUMNS
from mahjong.cli import main
from mahjong.riichi.tally import COLUMNS as RIICHI_COLUMNS


def _run(tmp_path: Path, *argv: str) -> tuple[pl.DataFrame, list[dict[str, object]]]:
    parquet, log = tmp_path / "deals.parquet", tmp_path / "games.jsonl"
    assert main(["sim", *argv, "--parquet", str(parquet), "--jsonl", str(log)]) == 0
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    return pl.read_parquet(parquet), events


@pytest.mark.parametrize(("rules", "players"), [("tenhou", 4), ("tenhou-sanma", 3)])
def test_riichi_rows_are_the_deals_of_the_log(
    rules: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frame, events = _run(tmp_path, "riichi", "--games", "3", "--seed", "4", "--rules", rules)
    assert frame.columns == list(RIICHI_COLUMNS)
    seats = range(players)
    for column in ("agent", "delta", "rank", "final_points"):  # no seat 3 in a sanma game
        assert all(frame[f"{column}_{s}"].null_count() == frame.height for s in range(players, 4))
    starts = [e for e in events if e["type"] == "start_kyoku"]
    assert frame.height == len(starts) and f"{len(starts)} rows" in capsys.readouterr().out
    assert frame["kyoku"].to_list() == [e["kyoku"] for e in starts]
    wins = [e for e in events if e["type"] == "hora"]
    assert sorted(frame["winners"].explode().drop_nulls().to_list()) == sorted(
        w["actor"] for w in wins
    )
    assert frame["points"].explode().drop_nulls().sum() == sum(w["points"] for w in wins)
    draws = frame.filter(pl.col("draw").is_not_null()).height
    assert draws == sum(e["type"] == "ryukyoku" for e in events)
    # each deal's net changes (deposits included) lead to the next deal's scores
    deltas = frame.select([f"delta_{s}" for s in seats]).rows()
    for i in range(frame.height - 1):
        if frame["game"][i] == frame["game"][i + 1]:
            after = [a + d for a, d in zip(starts[i]["scores"], deltas[i], strict=True)]
            assert after == starts[i + 1]["scores"]
    games = frame.unique("game", maintain_order=True)
    assert games.height == 3
    final = games.select([f"final_points_{s}" for s in seats]).sum_horizontal()
    assert final.to_list() == [0, 0, 0]


def test_american_rows_are_the_games_of_the_log(tmp_path: Path) -> None:
    frame, events = _run(tmp_path, "american", "--games", "4", "--agents", "card,card,card,card")
    assert frame.columns == list(AMERICAN_COLUMNS)
    assert frame.height == sum(e["type"] == "start_game" for e in events) == 4
    won = frame.filter(pl.col("winner").is_not_null())
    assert won.height == sum(e["type"] == "mahjongg" for e in events)
    assert won["hand"].null_count() == 0 and (won["value"] > 0).all()
    payouts = frame.select([f"payout_{s}" for s in range(4)]).sum_horizontal()
    assert payouts.to_list() == [0] * 4


@pytest.mark.parametrize(
    "game", [("riichi",), ("riichi", "--rules", "tenhou-sanma"), ("american",)]
)
@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_the_plot_is_drawn(game: tuple[str, ...], suffix: str, tmp_path: Path) -> None:
    path = tmp_path / f"outcomes.{suffix}"
    assert main(["sim", *game, "--games", "3", "--plot", str(path)]) == 0
    head = path.read_bytes()[:200]
    assert head.startswith(b"\x89PNG") if suffix == "png" else b"<svg" in head or b"<?xml" in head


def test_a_plot_needs_png_or_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "1", "--plot", str(tmp_path / "x.pdf")]) == 2
    assert "--plot writes a .png or .svg file" in capsys.readouterr().err
