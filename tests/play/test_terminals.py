"""``mahjong play`` outside the test pilot: in real terminals (tmux, at 80x24 and 120x40) with
keys sent and the screen read back (the web table is tested in ``tests/web``).
Each runs the command as a subprocess, bounded in time, and stops only what it started.

Marked ``terminal``: CI may run them as a stage of their own (``-m terminal``)."""

from __future__ import annotations

import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import mahjong
from mahjong.play.catalogue import Words
from mahjong.play.snapshot import build
from play.support import LARGE, SITUATIONS, SMALL, situation

pytestmark = pytest.mark.terminal

TESTS = Path(__file__).resolve().parents[1]
PACKAGE = Path(mahjong.__file__).resolve().parents[1]
PLAY = [sys.executable, "-m", "mahjong.cli", "play"]
SIZES = pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
YOUR_DISCARD = r"^ You · (.*\n)+?   discards: \S"  # the human's pond is no longer empty
_servers = itertools.count()


def wait_for(probe: Callable[[], str | None], seconds: float, what: str) -> str:
    """Polls `probe` until it returns text; fails after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = probe()
        if found is not None:
            return found
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


class Terminal:
    """A tmux session on a private server socket running one command."""

    def __init__(self, server: str) -> None:
        self.server = server

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.server, *args], capture_output=True, text=True, timeout=20
        )
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "play")

    def send(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "play", key)
            time.sleep(0.15)

    def wait(self, text: str, seconds: float = 30) -> str:
        """The screen once it shows `text` (a regular expression when it starts with ``^``)."""

        def probe() -> str | None:
            screen = self.screen()
            found = re.search(text, screen, re.M) if text.startswith("^") else text in screen
            return screen if found else None

        return wait_for(probe, seconds, repr(text))


@contextmanager
def terminal(command: list[str], size: tuple[int, int]) -> Iterator[Terminal]:
    """`command` in a detached tmux session of `size`; the pane stays after it exits and
    shows ``[exited N]``."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed: the real-terminal tests need it")
    term = Terminal(f"mahjong-play-test-{os.getpid()}-{next(_servers)}")
    path = os.pathsep.join([str(PACKAGE), str(TESTS)])  # this tree's package, not another
    env = {"LANG": "C.UTF-8", "TERM": "xterm-256color", "PYTHONPATH": path}
    line = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
    script = f'env {line} {shlex.join(command)}; echo "[exited $?]"; sleep 60'
    width, height = size
    term.tmux("new-session", "-d", "-s", "play", "-x", str(width), "-y", str(height), script)
    try:
        yield term
    finally:
        term.tmux("kill-server")


def hand_rows(screen: str) -> list[str]:
    """The lines of the screen that draw the hand's tiles."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if "╭───╮" in line or "┏━━━┓" in line)
    return lines[top : top + 3]


def launch_and_quit(term_args: list[str]) -> tuple[list[str], int]:
    """Launches the Riichi table, reads the hand, quits; returns the hand and the seed the
    command printed."""
    with terminal([*PLAY, "riichi", "--ascii", "--delay", "0", *term_args], SMALL) as term:
        hand = hand_rows(term.wait("Your turn"))
        term.send("q")
        after = term.wait("[exited 0]")
    seeds = re.findall(r"^seed (\d+)$", after, flags=re.M)
    assert len(seeds) == 1, after
    return hand, int(seeds[0])


def test_each_launch_deals_anew_and_a_seed_deals_the_same() -> None:
    first, seed = launch_and_quit([])
    second, other = launch_and_quit([])
    assert seed != other and first != second
    again, given = launch_and_quit(["--seed", str(seed)])
    assert given == seed and again == first


def test_q_asks_before_discarding_the_game() -> None:
    with terminal([*PLAY, "riichi", "--ascii", "--delay", "0", "--seed", "3"], SMALL) as term:
        term.wait("Your turn")
        term.send("Enter")
        term.wait(YOUR_DISCARD)
        term.send("q")
        assert "This game is not saved" in term.wait("y  yes, without saving")
        term.send("Escape")
        term.wait("Your turn")
        term.send("q")
        term.wait("y  yes, without saving")
        term.send("y")
        after = term.wait("[exited 0]")
    assert "mahjong play riichi --seed 3 deals that game again" in after


@SIZES
@pytest.mark.parametrize("name", ["chi", "expose"])
def test_a_choice_of_ways_shows_every_way_in_a_terminal(name: str, size: tuple[int, int]) -> None:
    """A chi two ways shows both ways' tiles; an American exposure choice shows its tiles."""
    session = situation(*SITUATIONS[name])
    family, words = session.family, Words(build(session))
    key = "c" if name == "chi" else "e"
    (choice,) = [c for c in family.choices(session, "play") if c.key == key]
    script = [sys.executable, str(Path(__file__).with_name("situations.py")), name]
    with terminal(script, size) as term:
        term.wait(f"{key} {words.sentence(choice.label)}")
        term.send(key)
        screen = term.wait(" Back ")
    for i, way in enumerate(choice.ways):  # whole: a space or the line's end after it
        label = words.sentence(way.label)
        assert re.search(rf" {i + 1} {re.escape(label)}( |$| \()", screen, re.M), screen


@SIZES
def test_the_american_table_in_a_terminal(size: tuple[int, int]) -> None:
    with terminal([*PLAY, "american", "--ascii", "--delay", "0", "--seed", "1"], size) as term:
        screen = term.wait("pick 3 tiles to pass (0 picked)")
        assert "Enter Pick " in screen and "Game 1 of 4 · Left 99" in screen
        term.send("Enter")
        term.wait("(1 picked)")
        term.send("Enter")  # the same tile: put back
        term.wait("(0 picked)")
        term.send("c")
        assert "Jokers stand in for any tile" in term.wait("House Card 2026")
        term.send("Escape")
        term.wait("(0 picked)")
        term.send("q")  # nothing played: no question
        term.wait("[exited 0]")


@SIZES
def test_the_riichi_table_in_a_terminal(size: tuple[int, int]) -> None:
    with terminal([*PLAY, "riichi", "--delay", "0", "--seed", "1"], size) as term:
        screen = term.wait("Your turn")
        assert "East 1 · Honba 0 · Deposits 0 · Left 69" in screen and "Enter Discard" in screen
        assert "You · East · 25,000 · dealer" in screen and "Kiri (AI, right)" in screen
        term.send("h")
        screen = term.wait("shanten")
        # the help sits beside your side: the table above it stays in view
        assert "East 1 · Honba 0" in screen and "Sora (AI, across)" in screen
        assert "Mina (AI, left)" in screen and "Your turn" in screen
        term.send("?")
        screen = term.wait("this page")
        assert "riichi: select the tile to discard with it" in screen
        term.send("Escape")
        term.send("Enter")
        term.wait(YOUR_DISCARD)


def test_the_three_player_table_in_a_terminal() -> None:
    """``--rules tenhou-sanma``: two AIs, right and left; ``n`` sets your North aside
    (seed 15 deals one), shown by your name."""
    command = [*PLAY, "riichi", "--rules", "tenhou-sanma", "--ascii", "--delay", "0"]
    with terminal([*command, "--seed", "15"], SMALL) as term:
        screen = term.wait("Your turn")
        assert "Kiri (AI, right)" in screen and "Sora (AI, left)" in screen
        assert "Mina" not in screen and "across" not in screen
        assert "n Kita" in screen and "Left 54" in screen
        term.send("n")
        screen = term.wait("kita: N")
        assert "You: kita (a North set aside)" in screen
        term.send("q")
        term.wait("y  yes, without saving")
        term.send("y")
        term.wait("[exited 0]")
