"""Command-line options outside their range, and a table started without a terminal: one line
on standard error naming the option (or the problem), exit status 2, never a traceback, a
hang or a file's contents echoed."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong.cli import main

MAX_SEED = 2**64 - 1


def _one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("mahjong: error: ") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("family", [[], ["american"]], ids=["riichi", "american"])
@pytest.mark.parametrize(
    ("seed", "games", "last"),
    [
        (-1, 1, ""),
        (MAX_SEED + 1, 1, ""),
        (MAX_SEED, 2, " (and --seed + 1 for the last game)"),
        (MAX_SEED - 5, 10, " (and --seed + 9 for the last game)"),
    ],
)
def test_seeds_outside_0_to_2_64(
    capsys: pytest.CaptureFixture[str], family: list[str], seed: int, games: int, last: str
) -> None:
    argv = ["sim", *family, "--seed", str(seed), "--games", str(games)]
    err = _one_line_error(capsys, argv)
    assert "--seed" in err and "0..2^64-1" in err and str(seed) in err and last in err


def test_the_largest_seed_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--seed", str(MAX_SEED), "--games", "1"]) == 0
    assert "1 games" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("family", "option", "says"),
    [
        ([], "--agents", "--agents is empty; leave it out for the default"),
        (["american"], "--agents", "--agents is empty; leave it out for the default"),
        (["american"], "--card", "--card is empty; leave it out for the default"),
        ([], "--rules", "argument --rules: invalid choice: ''"),
        (["american"], "--rules", "argument --rules: invalid choice: ''"),
        ([], "--card", "unrecognized arguments: --card"),
    ],
)
def test_empty_options_are_refused(
    capsys: pytest.CaptureFixture[str], family: list[str], option: str, says: str
) -> None:
    err = _one_line_error(capsys, ["sim", *family, option, "", "--games", "1"])
    assert says in err


@pytest.mark.parametrize("game", ["riichi", "american"])
@pytest.mark.parametrize("delay", ["nan", "inf", "-inf", "-1"])
def test_delays_that_are_no_seconds(
    capsys: pytest.CaptureFixture[str], game: str, delay: str
) -> None:
    err = _one_line_error(capsys, ["play", game, f"--delay={delay}"])
    assert "--delay" in err and "is not 0 or more seconds" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["american", "card", "--card"],
        ["sim", "american", "--games", "1", "--card"],
        ["play", "american", "--card"],
    ],
    ids=["american card", "sim american", "play american"],
)
def test_a_card_file_that_is_no_card_is_not_echoed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    secret = tmp_path / "passwd"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\nhunter2:secret\n", encoding="utf-8")
    err = _one_line_error(capsys, [*argv, str(secret)])
    assert err == (
        f"mahjong: error: card file {secret}: not a valid TOML card file: a syntax error at "
        "line 1, column 32 (key with no value, expected `=`)\n"
    )


@pytest.mark.parametrize("game", ["riichi", "american"])
@pytest.mark.parametrize("stdin", ["/dev/null", "closed", "terminal"])
def test_a_table_without_a_terminal_says_so(game: str, stdin: str) -> None:
    """Standard output is a pipe here; standard input /dev/null, closed, or a terminal (a
    pseudo-terminal). Before: a traceback and exit 0 with stdin closed, else a table that
    never ends and keeps a core busy."""
    command = [sys.executable, "-m", "mahjong.cli", "play", game, "--delay", "0"]
    primary, secondary = pty.openpty()
    try:
        if stdin == "closed":
            command = ["sh", "-c", 'exec "$0" "$@" <&-', *command]
        child = subprocess.run(
            command,
            stdin=secondary if stdin == "terminal" else subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        os.close(primary)
        os.close(secondary)
    assert (child.returncode, child.stdout) == (2, "")
    assert child.stderr == (
        f"mahjong: error: mahjong play {game} needs a terminal, and standard input or output is "
        "not one (closed, a file or a pipe); run it in a terminal, or with --web in a browser\n"
    )
