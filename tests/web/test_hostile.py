"""The web table's server against hostile and unlucky pages and bots: every bad message is
answered with a typed error and the tab stays; error pages carry the security headers; a
hosted Mjai bot is never waited on by the event loop (a slow one freezes no other tab, a
broken one does not stop a tab's AIs); Ctrl+C is prompt while a bot thinks; and tabs that
flood the server leave the others answering within 200 ms (the soak below)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from mahjong.play.web.server import HEADERS, Table
from mahjong.riichi.mjai_host import MjaiBot
from web.driver import launched, only_table, play_deal, receive, serving, settled, threaded
from web.test_server import snapshot

# A bot answering as our EfficiencyAgent would, doing `extra` first on each line (``line``,
# ``events``, ``number``, ``say``).
BOT = """\
import json, os, sys, time
from mahjong.riichi import Ruleset
from mahjong.riichi.bot import AgentBot
from mahjong.riichi.game import EfficiencyAgent
seat = int(sys.argv[1])
bot = AgentBot(EfficiencyAgent(), seat, Ruleset.preset("seed"))
def say(text):
    sys.stdout.write(text + "\\n")
    sys.stdout.flush()
for number, line in enumerate(sys.stdin, 1):
    events = json.loads(line)
{extra}
    say(bot.react(line))
"""


def bot_command(tmp_path: Path, extra: str = "pass") -> str:
    path = tmp_path / "bot.py"
    path.write_text(BOT.format(extra=textwrap.indent(extra, "    ")))
    return f"mjai:{sys.executable} {path}"


def hosting(tmp_path: Path, extra: str = "pass", *more: str) -> list[str]:
    """``mahjong play riichi`` options: seed rules (one deal a game), no AI delay, the bot at
    seat 1."""
    agents = f"{bot_command(tmp_path, extra)},efficiency,efficiency"
    return ["riichi", "--rules", "seed", "--delay", "0", "--agents", agents, *more]


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 120))


# -- messages -------------------------------------------------------------------------------


def test_the_same_charleston_pick_twice_is_refused() -> None:
    """A double Enter sends one pick twice: the second is refused (the hand holds one such
    tile), nothing changes, and the tab goes on; a tile held twice can be picked twice."""

    async def check() -> None:
        async with serving("american --seed 1 --delay 0") as (client, server):
            ws = await client.ws_connect("/ws")
            state = await settled(ws)
            table = only_table(server)
            counts = Counter(state["hand"]["tiles"])
            single = next(t for t in state["hand"]["playable"] if counts[t] == 1)
            await ws.send_json({"type": "tile", "tile": single})
            assert (await receive(ws))["hand"]["picked"] == [single]
            before = snapshot(table)
            await ws.send_json({"type": "tile", "tile": single})
            error = await receive(ws, "error")
            assert error["code"] == "not_now" and single in error["text"]
            assert snapshot(table) == before and table.session.family.picks == [single]
            double = [t for t in state["hand"]["playable"] if counts[t] > 1]
            for tile in double[:1] * 2:
                await ws.send_json({"type": "tile", "tile": tile})
                assert (await receive(ws))["hand"]["picked"].count(tile) >= 1
            assert table.session.family.picks == [single, *double[:1] * 2]

    run(check())


def test_a_failure_of_the_server_is_answered_and_the_tab_stays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def broken(self: Table, message: dict[str, Any]) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Table, "on_advice", broken)

    async def check() -> None:
        async with serving("riichi --seed 1 --delay 0") as (client, _):
            ws = await client.ws_connect("/ws")
            await settled(ws)
            await ws.send_json({"type": "advice"})
            error = await receive(ws, "error")
            assert error["code"] == "internal" and "a bug" not in error["text"]
            await ws.send_json({"type": "state"})
            assert (await receive(ws))["to_act"]

    run(check())


# -- answers to requests that are not the game's --------------------------------------------

ERRORS = [
    ("get", "/nowhere", {}, 404),
    ("post", "/", {}, 405),
    ("get", "/static/" + "x" * 5000, {}, 404),
    ("get", "/static/%2e%2e%2fserver.py", {}, 404),
    ("get", "/ws", {}, 400),  # not a websocket
    ("get", "/ws", {"Origin": "http://evil.example"}, 403),
]


@pytest.mark.parametrize(("method", "path", "headers", "status"), ERRORS)
def test_error_answers_carry_the_security_headers(
    method: str, path: str, headers: dict[str, str], status: int
) -> None:
    async def check() -> None:
        async with serving("riichi --seed 1") as (client, _):
            reply = await client.request(method, path, headers=headers)
            assert reply.status == status
            for name, value in HEADERS.items():
                assert reply.headers.get(name) == value, name
            assert "Traceback" not in await reply.text()

    run(check())


# -- hosted bots ----------------------------------------------------------------------------


def test_no_exchange_with_a_bot_runs_on_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every line to a hosted bot (its decisions, a deal's end_kyoku, a game's end_game, a new
    game's start) is sent from a table's thread, never from the event loop's."""
    sent: list[tuple[str, bool]] = []
    exchange = MjaiBot._exchange

    def recorded(bot: MjaiBot, events: Any, timeout: float | None = None) -> str:
        on_loop = threading.current_thread() is threading.main_thread()
        sent.append((events[-1]["type"], on_loop))
        return exchange(bot, events, timeout)

    monkeypatch.setattr(MjaiBot, "_exchange", recorded)

    async def check() -> None:
        async with serving(hosting(tmp_path)) as (client, server):
            ws = await client.ws_connect("/ws")
            for _ in range(2):  # a game of one deal, then the next game
                last = await play_deal(ws, server)
                assert last["game_over"]
                await ws.send_json({"type": "next"})
            await settled(ws)
            await ws.send_json({"type": "new", "seed": 5})
            await settled(ws)
            await ws.close()

    run(check())
    kinds = {kind for kind, _ in sent}
    assert {"start_game", "end_kyoku", "end_game"} <= kinds, kinds
    assert [kind for kind, on_loop in sent if on_loop] == []


def test_a_slow_bot_at_one_table_freezes_no_other(tmp_path: Path) -> None:
    """A bot that takes 3 s over end_game: while one tab starts its next game, another tab
    is answered at once (the server runs in a thread of its own, as it would apart)."""
    slow = 'if events[-1]["type"] == "end_game": time.sleep(3)'

    async def check(url: str, server: Any) -> float:
        async with aiohttp.ClientSession() as http:
            other = await http.ws_connect(url + "ws")
            await settled(other)
            first = only_table(server)
            ws = await http.ws_connect(url + "ws")
            await receive(ws, "hello")
            table = next(t for t in server.tables if t is not first)
            assert (await play_deal(ws, server, table))["game_over"]
            await ws.send_json({"type": "next"})  # ends the game: end_game to the slow bot
            await asyncio.sleep(0.5)
            start = time.monotonic()
            await other.send_json({"type": "state"})
            await receive(other)
            took = time.monotonic() - start
            await settled(ws)
            return took

    with threaded(hosting(tmp_path, slow, "--mjai-timeout", "10")) as (url, server):
        assert run(check(url, server)) < 1.0


def test_a_bot_that_breaks_the_answer_reader_does_not_stop_the_ais(tmp_path: Path) -> None:
    """Answers nested 30,000 deep (which once ended the tab's AI task with a RecursionError)
    are the bot's problems, reported; its fallback decides and the deal is played out."""
    nested = 'if number > 1:\n    say("[" * 30000 + "]" * 30000)\n    continue'

    async def check() -> None:
        async with serving(hosting(tmp_path, nested)) as (client, server):
            ws = await client.ws_connect("/ws")
            last = await play_deal(ws, server)
            assert last["deal_over"] and last["result"]

    run(check())


def test_an_ai_that_fails_is_told_to_the_page_and_a_new_game_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mahjong.riichi.game import EfficiencyAgent

    act = EfficiencyAgent.act
    broken = {"on": True}

    def failing(self: EfficiencyAgent, observation: Any, legal: Any) -> Any:
        if broken["on"]:
            raise RuntimeError("an agent's bug")
        return act(self, observation, legal)

    monkeypatch.setattr(EfficiencyAgent, "act", failing)

    async def check() -> None:
        argv = "riichi --seed 2 --delay 0 --agents efficiency,efficiency,efficiency"
        async with serving(argv) as (client, server):
            ws = await client.ws_connect("/ws")
            state = await settled(ws)
            await ws.send_json({"type": "tile", "tile": state["hand"]["drawn"]})  # the AIs' turn
            error = await receive(ws, "error")
            assert error["code"] == "ai" and "RuntimeError" in error["text"]
            stuck = await receive(ws)
            assert not stuck["to_act"] and not only_table(server).busy
            broken["on"] = False
            await ws.send_json({"type": "new", "seed": 3})
            await play_deal(ws, server)

    run(check())


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in "ZX"
    except FileNotFoundError:
        return False


async def _play_until(ws: Any, done: Any) -> None:
    """Plays seat 0's turns (the drawn tile, else the first playable one) until `done()`."""
    while not done():
        with contextlib.suppress(asyncio.TimeoutError):
            frame = await ws.receive(timeout=0.1)
            state = json.loads(frame.data)
            if state["type"] == "state" and state["to_act"] and not state["choices"]:
                tile = state["hand"]["drawn"] or state["hand"]["playable"][0]
                await ws.send_json({"type": "tile", "tile": tile})
            elif state["type"] == "state" and state["to_act"]:
                await ws.send_json({"type": "choose", "key": "x", "way": 0})  # a pass


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="sends SIGINT, reads /proc")
def test_ctrl_c_is_prompt_while_a_bot_thinks(tmp_path: Path) -> None:
    """The bot thinks for a minute (the time limit is 30 s): Ctrl+C stops the server within
    seconds (it took 58 s), the bot's process with it."""
    thinking = tmp_path / "thinking"
    think = f"if number > 1:\n    open({str(thinking)!r}, 'w').write(str(os.getpid()))\n"
    think += "    time.sleep(60)"
    argv = hosting(tmp_path, think, "--mjai-timeout", "30")

    async def check(url: str, server: subprocess.Popen[str]) -> float:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(url + "ws")
            await asyncio.wait_for(_play_until(ws, thinking.exists), 60)
            start = time.monotonic()
            server.send_signal(signal.SIGINT)
            await asyncio.to_thread(server.wait, 40)
            return time.monotonic() - start

    with launched(argv, tmp_path / "server.log") as (url, server):
        took = run(check(url, server))
    assert server.returncode == 0, (tmp_path / "server.log").read_text()
    assert took < 10
    assert not _alive(int(thinking.read_text()))


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_tab_closed_while_its_bot_thinks_ends_at_once(tmp_path: Path) -> None:
    """The bot is not waited for (up to its 30 s time limit): its process ends at once."""
    thinking = tmp_path / "thinking"
    think = f"if number > 1:\n    open({str(thinking)!r}, 'w').write(str(os.getpid()))\n"
    think += "    time.sleep(60)"

    async def check() -> float:
        async with serving(hosting(tmp_path, think, "--mjai-timeout", "30")) as (client, _):
            ws = await client.ws_connect("/ws")
            await asyncio.wait_for(_play_until(ws, thinking.exists), 60)
            bot = int(thinking.read_text())
            start = time.monotonic()
            await ws.close()
            while _alive(bot) and time.monotonic() - start < 20:
                await asyncio.sleep(0.05)
            return time.monotonic() - start

    assert run(check()) < 10


# -- the soak -------------------------------------------------------------------------------

SOAK = float(os.environ.get("MAHJONG_WEB_SOAK", "3"))
"""Seconds of the soak below; MAHJONG_WEB_SOAK asks for a longer run, which also holds every
answer to 200 ms (the default run, on a busy CI machine, holds 95% of them)."""


@pytest.mark.parametrize("family", ["riichi", "american"])
def test_hostile_tabs_leave_another_tab_answering_within_200_ms(
    family: str, tmp_path: Path
) -> None:
    """Seven tabs flood a server (:mod:`web.hostile`: 20,000 unread advice requests, advice
    as fast as it comes, junk, new games without pause, replays and logs, unread states)
    while one more asks for its state every 50 ms: its answers come within 200 ms (it took
    seconds when one tab's 20,000 requests were done before anything else), and the server
    logs no failure. The flooding tabs run in a process of their own, at a lower priority
    (as they would on other machines), so that they do not take the server's processor."""
    tests = str(Path(__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([tests, *sys.path])}
    flood = f"import os; os.nice(10); from web.hostile import main; main({SOAK})"

    async def measure(url: str) -> list[float]:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(url + "ws")
            await settled(ws)
            command = [sys.executable, "-c", flood, url]
            hostile = subprocess.Popen(command, stdout=subprocess.PIPE, env=env, text=True)
            assert hostile.stdout is not None
            assert await asyncio.to_thread(hostile.stdout.readline) == "open\n"
            took: list[float] = []
            end = time.monotonic() + SOAK
            while time.monotonic() < end:
                start = time.monotonic()
                await ws.send_json({"type": "state"})
                await receive(ws)
                took.append(time.monotonic() - start)
                await asyncio.sleep(0.05)
            assert await asyncio.to_thread(hostile.wait, 30) == 0
            return sorted(took)

    log = tmp_path / "server.log"
    with launched([family, "--seed", "1", "--delay", "0"], log) as (url, _):
        took = run(measure(url))
    median, slow, worst = (took[(len(took) - 1) * q // 100] for q in (50, 95, 100))
    print(f"\n{family}: {len(took)} answers, median {median * 1e3:.1f} ms, ", end="")
    print(f"95% {slow * 1e3:.1f} ms, max {worst * 1e3:.1f} ms")
    assert slow < 0.2 and worst < (0.2 if "MAHJONG_WEB_SOAK" in os.environ else 1.0)
    assert "Traceback" not in log.read_text()
