"""How the Riichi commands print: rich tables on a terminal, plain lines otherwise, and the same
JSON either way."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from rich.console import Console

from mahjong.cli import main
from mahjong.riichi import cli as riichi_cli

ANALYZE = ["analyze", "123m456p789s1122z7z"]
SCORE = ["score", "456p678s34s88p", "--win", "5s", "--meld", "chi 234m", "--discarder", "W"]


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    """Makes the commands print to a colour terminal, captured in the returned buffer."""
    screen = io.StringIO()

    def console() -> Console:
        return Console(
            file=screen, force_terminal=True, no_color=False, color_system="standard", width=100
        )

    monkeypatch.setattr(riichi_cli, "make_console", console)
    return screen


def test_plain_when_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(ANALYZE) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out and "─" not in out
    assert out.splitlines()[2] == "Discard  Shanten  Ukeire  Draws"
    assert main(SCORE) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out
    assert "Pays      W          1000" in out


def test_tables_on_a_terminal(terminal: io.StringIO, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(ANALYZE) == 0
    assert capsys.readouterr().out == ""
    screen = terminal.getvalue()
    assert "\x1b[" in screen
    assert "Discard" in screen and "Ukeire" in screen and "─" in screen
    assert "1z(2) 2z(2)" in screen
    terminal.truncate(0)
    assert main(SCORE) == 0
    screen = terminal.getvalue()
    assert "open hand raised to 30" in screen and "All Simples" in screen
    assert "winner gains" in screen and "+1000" in screen


@pytest.mark.parametrize("argv", [ANALYZE, SCORE, ["analyze", "111222333m45699p"]])
def test_json_is_the_same_on_a_terminal(
    argv: list[str], terminal: io.StringIO, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--json"]) == 0
    on_terminal = capsys.readouterr().out
    assert terminal.getvalue() == ""
    json.loads(on_terminal)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(riichi_cli, "make_console", lambda: Console(file=io.StringIO()))
        assert main([*argv, "--json"]) == 0
    assert capsys.readouterr().out == on_terminal


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pseudo-terminal")
def test_a_real_terminal_gets_colour() -> None:
    """The console script under a pseudo-terminal detects it by itself."""
    primary, secondary = os.openpty()
    unset = ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env.update(TERM="xterm-256color", COLUMNS="100")
    proc = subprocess.Popen(
        [sys.executable, "-m", "mahjong.cli", *ANALYZE], stdout=secondary, env=env
    )
    os.close(secondary)
    chunks = []
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:  # EIO once the child has closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(primary)
    assert proc.wait(timeout=60) == 0
    screen = b"".join(chunks).decode()
    assert "\x1b[" in screen and "Discard" in screen
