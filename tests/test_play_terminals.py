"""`mahjong play riichi` outside the test pilot: in a real terminal (tmux) and in a browser
(`--web`, textual-serve on 127.0.0.1). Both start the command as a subprocess, bounded in
time, and stop only the processes they started."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

pytest.importorskip("textual")

PLAY = [sys.executable, "-m", "mahjong.cli", "play", "riichi"]


def wait_for(probe: Callable[[], str | None], seconds: float, what: str) -> str:
    """Polls `probe` until it returns text; fails after `seconds`."""
    deadline = time.monotonic() + seconds
    last = None
    while time.monotonic() < deadline:
        last = probe()
        if last is not None:
            return last
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


# -- tmux ---------------------------------------------------------------------------------


@contextmanager
def tmux_session(command: list[str]) -> Iterator[Callable[..., str]]:
    """Runs `command` in a detached 110x45 tmux session on a private server socket; yields
    a function running a tmux subcommand against it."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed: the real-terminal test needs it")
    server = f"mahjong-play-test-{os.getpid()}"

    def tmux(*args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", server, *args], capture_output=True, text=True, timeout=20
        )
        return done.stdout

    env = " ".join(f"{k}={v}" for k, v in (("LANG", "C.UTF-8"), ("TERM", "xterm-256color")))
    line = f"env {env} " + " ".join(command)
    tmux("new-session", "-d", "-s", "play", "-x", "110", "-y", "45", line)
    try:
        yield tmux
    finally:
        tmux("kill-server")


def test_play_riichi_in_tmux() -> None:
    with tmux_session([*PLAY, "--seed", "1", "--delay", "0", "--ascii"]) as tmux:

        def screen_with(text: str) -> Callable[[], str | None]:
            def probe() -> str | None:
                screen = tmux("capture-pane", "-p", "-t", "play")
                return screen if text in screen else None

            return probe

        first = wait_for(screen_with("Your turn"), 30, "the table")
        assert "East 1 · honba 0 · riichi sticks 0 · tiles left 69" in first
        assert "You, East · 25,000 · dealer" in first and "South (AI, right)" in first
        tmux("send-keys", "-t", "play", "Enter")
        wait_for(screen_with("You discard"), 20, "the discard")
        tmux("send-keys", "-t", "play", "h")
        assert "Shanten:" in wait_for(screen_with("Shanten:"), 20, "the help panel")
        tmux("send-keys", "-t", "play", "?")
        assert "discard the selected tile" in wait_for(
            screen_with("discard the selected tile"), 20, "the keys screen"
        )
        tmux("send-keys", "-t", "play", "Escape")

        def keys_closed() -> str | None:
            screen = tmux("capture-pane", "-p", "-t", "play")
            return screen if "discard the selected tile" not in screen else None

        assert "Shanten:" in wait_for(keys_closed, 20, "the table again")
        tmux("send-keys", "-t", "play", "q")

        def ended() -> str | None:
            return "" if "play" not in tmux("list-sessions") else None

        wait_for(ended, 20, "the app to quit")


# -- the browser (textual-serve) ----------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_play_riichi_web_serves_the_page_and_the_game() -> None:
    pytest.importorskip("textual_serve")
    aiohttp = pytest.importorskip("aiohttp")
    port = free_port()
    server = subprocess.Popen(
        [*PLAY, "--web", "--port", str(port), "--seed", "1", "--delay", "0", "--ascii"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:

        def page() -> str | None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as reply:
                    assert reply.status == 200
                    return str(reply.read().decode())
            except OSError:
                return None

        html = wait_for(page, 30, "the web page")
        assert "<html" in html and "textual" in html and f"127.0.0.1:{port}" in html

        async def table_over_websocket() -> str:
            """Connects as the page's script does and reads the app's terminal output."""
            seen = ""
            url = f"http://127.0.0.1:{port}/ws?width=110&height=45"
            async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
                deadline = time.monotonic() + 30
                while "tiles left" not in seen and time.monotonic() < deadline:
                    try:
                        message = await ws.receive(timeout=2)
                    except asyncio.TimeoutError:
                        continue
                    if message.type == aiohttp.WSMsgType.TEXT:
                        seen += message.data
                    elif message.type == aiohttp.WSMsgType.BINARY:
                        seen += message.data.decode("utf-8", "replace")
                    else:
                        break
            return seen

        output = asyncio.run(table_over_websocket())
        assert "tiles left 69" in output
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)


# -- the American table ---------------------------------------------------------------------

AMERICAN = [sys.executable, "-m", "mahjong.cli", "play", "american"]


def test_play_american_in_tmux() -> None:
    with tmux_session([*AMERICAN, "--seed", "1", "--delay", "0", "--ascii"]) as tmux:

        def screen_with(text: str) -> Callable[[], str | None]:
            def probe() -> str | None:
                screen = tmux("capture-pane", "-p", "-t", "play")
                return screen if text in screen else None

            return probe

        first = wait_for(screen_with("(0 of 3 picked)"), 30, "the Charleston")
        assert "Game 1 of 4 · House Card 2026" in first and "tiles left 99" in first
        assert "first Charleston, pass right" in first
        tmux("send-keys", "-t", "play", "Enter")
        wait_for(screen_with("(1 of 3 picked)"), 20, "the first tile passed")
        tmux("send-keys", "-t", "play", "c")
        wait_for(screen_with("year-1"), 20, "the card")
        tmux("send-keys", "-t", "play", "Escape")

        def card_closed() -> str | None:
            screen = tmux("capture-pane", "-p", "-t", "play")
            return screen if "year-1" not in screen else None

        assert "(1 of 3 picked)" in wait_for(card_closed, 20, "the table again")
        tmux("send-keys", "-t", "play", "q")

        def ended() -> str | None:
            return "" if "play" not in tmux("list-sessions") else None

        wait_for(ended, 20, "the app to quit")


def test_play_american_web_serves_the_page() -> None:
    pytest.importorskip("textual_serve")
    port = free_port()
    server = subprocess.Popen(
        [*AMERICAN, "--web", "--port", str(port), "--seed", "1", "--delay", "0", "--ascii"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:

        def page() -> str | None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as reply:
                    assert reply.status == 200
                    return str(reply.read().decode())
            except OSError:
                return None

        html = wait_for(page, 30, "the web page")
        assert "<html" in html and "mahjong play american" in html
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)
