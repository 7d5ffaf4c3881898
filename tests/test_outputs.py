"""Every file the package writes is written whole or not at all (mahjong._atomic): a failed
write leaves the target as it was (a symlink stays a symlink, a device is never removed) and
no temporary file behind; `mahjong sim` checks every output before the first game (the folder,
pyarrow, matplotlib) and plans a run of any length in bounded memory."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from mahjong import backends, sim
from mahjong._atomic import atomic_file
from mahjong.cli import main
from mahjong.errors import InvalidArgumentError, MahjongError
from mahjong.play.session import Session

OLD = "the user's file, as it was\n"


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


# --- the helper -----------------------------------------------------------------------------


def test_a_file_is_replaced_whole_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text(OLD)
    target.chmod(0o640)
    with atomic_file(target) as out:
        out.write("new\n")
        assert target.read_text() == OLD  # nothing reaches the target before the end
    assert target.read_text() == "new\n" and (target.stat().st_mode & 0o777) == 0o640
    with atomic_file(tmp_path / "fresh.bin", binary=True) as out:
        out.write(b"\x00\x01")
    assert (tmp_path / "fresh.bin").read_bytes() == b"\x00\x01"
    assert leftovers(tmp_path) == []


def test_a_failed_write_leaves_the_target_and_the_link(tmp_path: Path) -> None:
    target = tmp_path / "target.txt"
    target.write_text(OLD)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    for path in (target, link):
        with pytest.raises(RuntimeError), atomic_file(path) as out:
            out.write("half of it")
            raise RuntimeError("the writer failed")
        assert target.read_text() == OLD and link.is_symlink()
    with atomic_file(link) as out:  # a symlink is written through
        out.write("new\n")
    assert link.is_symlink() and target.read_text() == "new\n"
    assert leftovers(tmp_path) == []


def test_what_cannot_be_written_is_said_before_writing(tmp_path: Path) -> None:
    for path, says in (
        (tmp_path / "missing" / "out.txt", "No such file or directory"),
        (tmp_path, "it is a folder"),
    ):
        refused = pytest.raises(InvalidArgumentError, match=f"{path}: cannot be written.*{says}")
        with refused, atomic_file(path):
            raise AssertionError("the block must not run")


def test_a_file_that_may_not_be_written_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only target is refused as open() would refuse it (root may write anything, so
    the permission is simulated), not renamed over."""
    target = tmp_path / "read-only.txt"
    target.write_text(OLD)
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != target)
    refused = pytest.raises(InvalidArgumentError, match=r"only.txt: cannot be written \(Perm")
    with refused, atomic_file(target):
        raise AssertionError("the block must not run")
    assert target.read_text() == OLD and leftovers(tmp_path) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_device_is_written_as_it_is_and_never_removed(tmp_path: Path) -> None:
    link = tmp_path / "full"
    link.symlink_to("/dev/full")
    full = pytest.raises(InvalidArgumentError, match=r"full: cannot be written \(No space left")
    with full, atomic_file(link, binary=True) as out:
        out.write(b"x" * 100_000)
    assert link.is_symlink() and Path("/dev/full").is_char_device()
    with atomic_file(os.devnull) as out:
        out.write("into the void\n")
    assert Path(os.devnull).is_char_device()
    assert leftovers(tmp_path) == [] and leftovers(Path("/dev")) == []


# --- mahjong sim ----------------------------------------------------------------------------


def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Makes playing any game, in either loop, fail the test."""

    def played(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a game was played before an output was checked")

    monkeypatch.setattr(backends, "play_block", played)
    monkeypatch.setattr(sim, "play_game", played)


@pytest.mark.parametrize("loop", ["--native", "--python"])
@pytest.mark.parametrize("option", ["--jsonl", "--parquet", "--plot"])
def test_outputs_are_checked_before_the_first_game(
    option: str,
    loop: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    no_games(monkeypatch)
    path = tmp_path / "missing" / ("out.png" if option == "--plot" else "out")
    argv = ["sim", "--games", "3", "--agents", "efficiency,efficiency,efficiency,efficiency"]
    assert main([*argv, loop, option, str(path)]) == 2
    assert f"{path}: cannot be written" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("option", "module", "says"),
    [("--parquet", "pyarrow", "--parquet needs pyarrow"), ("--plot", "matplotlib", "--plot needs")],
)
def test_a_missing_library_is_said_before_the_first_game(
    option: str,
    module: str,
    says: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    no_games(monkeypatch)
    for name in [m for m in sys.modules if m == module or m.startswith(module + ".")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, module, None)  # importing it raises ImportError
    assert main(["sim", "--games", "2", option, str(tmp_path / "out.png")]) == 2
    err = capsys.readouterr().err
    assert says in err and "mahjong-engine[analysis]" in err
    assert list(tmp_path.iterdir()) == []


def failing_writer(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> None:
    """Replaces `module.name` (a writer given a path or a file) with one that writes half its
    output and fails, removing a path it was given as pyarrow's write_table does."""

    def write(_what: Any, where: Any, *_args: Any, **_kwargs: Any) -> None:
        if isinstance(where, (str, os.PathLike)):
            Path(where).write_bytes(b"half")
            os.remove(where)
        else:
            where.write(b"half")
        raise OSError("the writer failed")

    monkeypatch.setattr(module, name, write)


def test_a_failed_parquet_write_keeps_the_target_and_its_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    parquet = pytest.importorskip("pyarrow.parquet")
    failing_writer(monkeypatch, parquet, "write_table")
    target = tmp_path / "deals.parquet"
    target.write_text(OLD)
    link = tmp_path / "link.parquet"
    link.symlink_to(target)
    for path in (target, link):
        assert main(["sim", "--games", "2", "--parquet", str(path)]) == 2
        assert "the writer failed" in capsys.readouterr().err
        assert target.read_text() == OLD and link.is_symlink()
    assert leftovers(tmp_path) == []


def test_a_failed_plot_keeps_the_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    figure = pytest.importorskip("matplotlib.figure")

    def savefig(_figure: Any, where: Any, **_kwargs: Any) -> None:
        if isinstance(where, (str, os.PathLike)):
            Path(where).write_bytes(b"half")
        else:
            where.write(b"half")
        raise OSError("the writer failed")

    monkeypatch.setattr(figure.Figure, "savefig", savefig)
    target = tmp_path / "plot.png"
    target.write_text(OLD)
    assert main(["sim", "--games", "2", "--plot", str(target)]) == 2
    assert "the writer failed" in capsys.readouterr().err
    assert target.read_text() == OLD and leftovers(tmp_path) == []


def test_a_run_that_fails_midway_keeps_the_old_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The log of a run that stops at its third block is not left half written over the old
    one."""
    monkeypatch.setattr(backends, "LOCAL_BLOCK", 1)
    play = backends.play_block

    def third_fails(run: Any, start: int, count: int, workers: Any) -> Any:
        if start == 2:
            raise MahjongError("the third game failed")
        return play(run, start, count, workers)

    monkeypatch.setattr(backends, "play_block", third_fails)
    log = tmp_path / "games.jsonl"
    log.write_text(OLD)
    assert main(["sim", "--games", "5", "--jsonl", str(log)]) == 2
    assert "the third game failed" in capsys.readouterr().err
    assert log.read_text() == OLD and leftovers(tmp_path) == []


def test_a_saved_log_is_whole_or_not_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("textual", reason="the play tests' families need textual")
    from play.support import riichi

    session = Session(riichi(), 3)
    log = tmp_path / "game.jsonl"
    log.write_text(OLD)
    monkeypatch.setattr(Session, "lines", lambda _self: ['{"type":"start_game"}', "\ud800"])
    with pytest.raises(UnicodeEncodeError):  # the second line cannot be written as UTF-8
        session.save(log)
    assert log.read_text() == OLD and leftovers(tmp_path) == []


# --- a run of any length --------------------------------------------------------------------


def test_a_huge_run_is_planned_in_bounded_memory() -> None:
    """Planning 10^11 or 2^64 games and playing the first block fits in 1 GiB of address space
    (listing every block first took 10 GB)."""
    script = textwrap.dedent(
        """
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        from mahjong import backends
        for games in (10**11, 2**64):
            run = backends.Run("riichi", ("random",) * 4, games, 0, None)
            spans = backends.plan(run)
            block = next(backends.blocks(run, spans))
            print(len(spans), block.games)
        """
    )
    pytest.importorskip("resource", reason="the address-space limit needs a Unix")
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["200000000", "500", "36893488147419104", "500"]


def test_more_games_than_seeds_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", str(2**64 + 1)]) == 2
    assert "--games must be at most 2^64 (a game per seed)" in capsys.readouterr().err


def test_ray_blocks_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "_cpus", lambda: 2)
    run = backends.Run("riichi", ("random",) * 4, 10**11, 0, None)
    spans = backends.plan(run, "ray")
    assert spans.block == backends.RAY_BLOCK and len(spans) == 10**11 // backends.RAY_BLOCK
    assert list(backends.plan(backends.Run("riichi", ("random",) * 4, 5, 0, None), "ray")) == [
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
    ]
