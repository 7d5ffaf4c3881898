"""``mahjong bench``: the command runs, prints its table and writes the JSON rows; the peers
are measured beside us when installed and skipped with a line when not; every task (and every
peer's work) runs, on tiny inputs, so ``--quick``'s run of all of them is covered without its
time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong import bench
from mahjong.cli import main

ROOT = Path(__file__).resolve().parents[1]
REF, RIICHIENV = ROOT / ".ref", ROOT / ".riichienv"
TINY = bench.Size(hands=20, deals=2, native_deals=8, repeats=1)


def test_bench_writes_its_rows_with_the_installed_peers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.json"
    argv = ["bench", "--quick", "--only", "shanten,score,selfplay_native", "--json", str(out)]
    assert main([*argv, "--ref-path", str(REF), "--riichienv-path", str(RIICHIENV)]) == 0
    printed = capsys.readouterr().out
    assert "| task | impl | median |" in printed and f"{out}: " in printed
    rows = json.loads(out.read_text())["results"]
    assert [r["task"] for r in rows if r["impl"] == bench.OURS] == [
        "shanten",
        "score",
        "selfplay_native",
    ]
    for row in rows:
        unit = "median_us" if "median_us" in row else "per_s"
        assert ("median_us" in row) != ("per_s" in row)
        assert 0 < row["min"] <= row[unit] <= row["max"]
    peers = {(r["task"], r["impl"]): r for r in rows if r["impl"] != bench.OURS}
    assert all(r["ratio"] > 0 for r in peers.values())
    for impl, folder, tasks in (
        (bench.REFERENCE, REF, {"shanten", "score"}),
        (bench.RIICHIENV, RIICHIENV, {"score"}),
    ):
        measured = {task for task, peer in peers if peer == impl}
        if folder.exists():
            assert measured == tasks, impl
        else:
            assert not measured and f"{impl}: skipped, not installed in {folder}" in printed


def test_peers_not_installed_are_skipped_with_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.json"
    missing = str(tmp_path / "missing")
    argv = ["bench", "--quick", "--only", "score", "--json", str(out)]
    assert main([*argv, "--ref-path", missing, "--riichienv-path", missing]) == 0
    printed = capsys.readouterr().out
    for impl in (bench.REFERENCE, bench.RIICHIENV):
        assert f"{impl}: skipped, not installed in {missing}" in printed
    document = json.loads(out.read_text())
    assert [r["impl"] for r in document["results"]] == [bench.OURS]
    assert len(document["skipped"]) == 2


def test_an_unknown_task_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "shanten,shantn"]) == 2
    error = capsys.readouterr().err
    assert "unknown task shantn" in error and "selfplay_native_2_workers" in error


def test_every_task_and_every_peer_work_runs() -> None:
    names = [task.name for task in bench.TASKS]
    for part in ("shanten", "is_win", "decompose", "score", "american", "observation"):
        assert any(part in name for name in names), part
    assert {"encode", "selfplay_python", "selfplay_python_reading", "selfplay_native"} <= set(names)
    assert "selfplay_native_2_workers" in names
    assert bench.select(None) == bench.TASKS  # what --quick runs
    inputs = bench.Inputs(TINY)
    for task in bench.TASKS:
        call, units = task.ours(inputs)
        assert call() is not None and units > 0, task.name
    core = bench._riichienv(RIICHIENV)
    if core is not None:
        for name, work in bench._riichienv_work(core).items():
            call, units = work(inputs)
            assert call() is not None and units > 0 and name in names
    if (REF / "mahjong" / "shanten.py").exists():
        times = bench._reference_times(REF, bench.REFERENCE_TASKS, inputs)
        assert set(times) == set(bench.REFERENCE_TASKS) and all(len(t) == 1 for t in times.values())
