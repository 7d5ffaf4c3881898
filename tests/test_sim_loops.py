"""`mahjong sim`'s two loops and its backends: the native loop plays the games the Python loop
plays (efficiency and card agents decide alike), the same bytes whatever the workers or the
backend (local or Ray), options of one loop refused by the other."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong import backends
from mahjong.cli import main

EFFICIENCY = "efficiency,efficiency,efficiency,efficiency"
CARDS = "card,card,card,card"


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, bytes]:
    """The summary printed and the log written by ``mahjong sim ARGV --jsonl FILE``."""
    out = tmp_path / "games.jsonl"
    assert main(["sim", *argv, "--jsonl", str(out)]) == 0, capsys.readouterr().err
    return capsys.readouterr().out, out.read_bytes()


SANMA = ("--rules", "tenhou-sanma")


@pytest.mark.parametrize(
    ("family", "agents", "games", "rules"),
    [
        ("riichi", EFFICIENCY, "6", ()),
        ("riichi", "efficiency,efficiency,efficiency", "3", SANMA),
        ("american", CARDS, "4", ()),
    ],
)
def test_the_native_loop_plays_the_python_loops_games(
    family: str,
    agents: str,
    games: str,
    rules: tuple[str, ...],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = (family, "--games", games, "--seed", "11", "--agents", agents, *rules)
    natively = _run(tmp_path, capsys, *argv, "--native")
    assert natively == _run(tmp_path, capsys, *argv, "--python", "--workers", "1")
    assert natively == _run(tmp_path, capsys, *argv)  # built-in agents: native by default


@pytest.mark.parametrize("family", ["riichi", "american"])
def test_the_same_bytes_whatever_the_workers(
    family: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backends, "LOCAL_BLOCK", 7)  # several blocks
    own = "efficiency" if family == "riichi" else "card"
    argv = (family, "--games", "20", "--seed", "3", "--agents", f"{own},random,random,random")
    one = _run(tmp_path, capsys, *argv, "--workers", "1")
    assert one == _run(tmp_path, capsys, *argv, "--workers", "2")
    assert b'"RandomAgent"' in one[1]


def test_parquet_rows_from_the_native_loop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    polars = pytest.importorskip("polars", reason="the analysis checks need polars")
    files = {}
    for loop in ("--native", "--python"):
        files[loop] = tmp_path / f"{loop[2:]}.parquet"
        argv = ["sim", "--games", "5", "--agents", EFFICIENCY, loop, "--parquet", str(files[loop])]
        assert main(argv) == 0
    capsys.readouterr()
    native, python = (polars.read_parquet(files[loop]) for loop in ("--native", "--python"))
    assert native.height == 5 and native.equals(python)  # one deal per game in the seed rules


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--native", "--agents", "mjai:bot,efficiency,random,random"], "--native needs"),
        (["--python", "--workers", "2"], "--workers 2 is for the native loop, not --python"),
        (["--agents", "mjai:bot,efficiency,random,random", "--backend", "ray"], "--backend ray"),
        (["--address", "ray://x:1"], "--address is for --backend ray"),
        (["--workers", "0"], "0 is not 1..1024"),
        (["--native", "--python"], "not allowed with argument"),
    ],
)
def test_options_of_the_other_loop_are_refused(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sim", "--games", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1, err


def test_ray_plays_the_local_runs_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ray = pytest.importorskip("ray", reason="--backend ray needs the ray extra")
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        for family, agents in (("riichi", "efficiency,random,random,random"), ("american", CARDS)):
            argv = (family, "--games", "16", "--seed", "7", "--agents", agents)
            local_out, local_log = _run(tmp_path, capsys, *argv)
            ray_out, ray_log = _run(tmp_path, capsys, *argv, "--backend", "ray")
            assert ray_log == local_log
            assert ray_out == local_out + "backend: ray, 8 tasks\n"
            assert ray.is_initialized()  # the run used the cluster it found, and left it up
    finally:
        ray.shutdown()
