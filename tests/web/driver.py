"""What the web tests share: a server of ``mahjong play --web`` in this process (the test
client's or a thread's), and the page's messages that do what the family's agent decides for
seat 0 (so a test can play a whole deal as a person would, by messages, clicks or keys)."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from play.support import agent_for, decide

from mahjong.cli import build_parser
from mahjong.play.command import web_server as make_server
from mahjong.play.riichi import RiichiFamily
from mahjong.play.session import Session
from mahjong.play.web.server import Server, Table, make_app
from mahjong.riichi import Ruleset, mjai

Step = tuple[str, Any, Any]  # ("tile", name, None) or ("choose", key, way)


def server_for(argv: str | list[str], **changes: Any) -> Server:
    """The server ``mahjong play <argv> --web`` makes (`argv` a string split at spaces, or a
    list), with some fields changed."""
    words = argv.split() if isinstance(argv, str) else argv
    args = build_parser().parse_args(["play", *words, "--web"])
    server = make_server(args)
    for name, value in changes.items():
        setattr(server, name, value)
    return server


@asynccontextmanager
async def serving(
    argv: str | list[str], **changes: Any
) -> AsyncIterator[tuple[TestClient[Any, Any], Server]]:
    server = server_for(argv, **changes)
    client: TestClient[Any, Any] = TestClient(TestServer(make_app(server)))
    await client.start_server()
    try:
        yield client, server
    finally:
        await client.close()


@contextmanager
def threaded(argv: str | list[str], **changes: Any) -> Iterator[tuple[str, Server]]:
    """The server on a free port of 127.0.0.1, run by a thread (and event loop) of its own;
    yields its URL."""
    server = server_for(argv, **changes)
    ready = threading.Event()
    box: dict[str, Any] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        runner = web.AppRunner(make_app(server))
        loop.run_until_complete(runner.setup())
        site = web.TCPSite(runner, "127.0.0.1", 0)
        loop.run_until_complete(site.start())
        box.update(loop=loop, runner=runner, port=runner.addresses[0][1])
        ready.set()
        loop.run_forever()
        loop.run_until_complete(runner.cleanup())
        loop.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(30), "the server did not start"
    try:
        yield f"http://127.0.0.1:{box['port']}/", server
    finally:
        box["loop"].call_soon_threadsafe(box["loop"].stop)
        thread.join(timeout=30)


@contextmanager
def launched(argv: list[str], log: Path) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``mahjong play <argv> --web`` run as a command on a free port of 127.0.0.1, its
    standard error written to `log`; yields its URL and process, and stops it (Ctrl+C)
    unless the test did."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "mahjong.cli", "play", *argv, "--web", "--no-browser"]
    with log.open("w") as errors:
        process = subprocess.Popen(
            [*command, "--port", str(port)], stdout=subprocess.PIPE, stderr=errors, text=True
        )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert f":{port}/" in first, first + log.read_text()
        _wait_for_port(port)
        yield f"http://127.0.0.1:{port}/", process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()


def _wait_for_port(port: int, seconds: float = 30) -> None:
    """Waits until a server listens on `port` of 127.0.0.1."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


# -- a deal dealt from an explicit wall ---------------------------------------------------


def wall_of(
    hands: list[list[str] | None], draws: list[str], avoid: dict[int, list[str]]
) -> list[int]:
    """A Riichi wall (136 tile ids in the order the engine deals and draws them) that deals
    each seat the 13 tiles of `hands` (None: tiles shuffled from the rest, without the kinds
    `avoid` names for that seat) and gives the dealer `draws` as its first draws (the other
    seats drawing in between from the rest); a red five only where a name says ``5mr``."""
    used: set[int] = set()
    wall: list[int | None] = [None] * 136
    slots = {
        s: [16 * r + 4 * s + k for r in range(3) for k in range(4)] + [48 + s] for s in range(4)
    }

    def take(name: str) -> int:
        tile = mjai.tile_id(name, taken=used)
        used.add(tile)
        return tile

    for seat, hand in enumerate(hands):
        for slot, name in zip(slots[seat], hand or [], strict=False):
            wall[slot] = take(name)
    for turn, name in enumerate(draws):
        wall[52 + 4 * turn] = take(name)
    rest = [tile for tile in range(136) if tile not in used]
    random.Random(0).shuffle(rest)
    for seat, hand in enumerate(hands):
        if hand is None:
            banned = {mjai.tile_kind(name) for name in avoid.get(seat, [])}
            for slot in slots[seat]:
                wall[slot] = tile = next(t for t in rest if t // 4 not in banned)
                rest.remove(tile)
    return [tile if tile is not None else rest.pop() for tile in wall]


class FirstWall:
    """A Riichi game whose first deal is dealt from `wall` (the others as its seed deals)."""

    def __init__(self, game: Any, wall: list[int]) -> None:
        self._game, self._wall = game, wall

    def next_deal(self) -> Any:
        if self._wall is None:
            return self._game.next_deal()
        wall, self._wall = self._wall, None
        return self._game.deal_on(wall)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def walled(wall: list[int]) -> Any:
    """A ``make_family`` for :func:`server_for`: Riichi (the seed preset) from `wall`."""

    def make_family(preset: str | None, card: str | None) -> RiichiFamily:
        family = RiichiFamily(Ruleset.preset("seed"))
        dealt = family.new_game
        family.new_game = lambda seed, names: FirstWall(dealt(seed, names), wall)  # type: ignore[method-assign]
        return family

    return make_family


def only_table(server: Server) -> Table:
    tables = list(server.tables)
    assert len(tables) == 1, f"{len(tables)} tables open"
    return tables[0]


def steps_for(session: Session[Any], actions: list[Any]) -> list[Step]:
    """What the page sends to do `actions` (one decision of seat 0)."""
    first = actions[0]
    if first.type == "discard":
        return [("tile", first.tile, None)]
    if first.type == "riichi":
        return [("choose", "r", None), ("tile", first.tile, None)]
    if first.type in ("pass_tile", "blind"):
        picks: list[Step] = [("tile", a.tile, None) for a in actions if a.type == "pass_tile"]
        return [*picks, ("choose", "b" if actions[-1].type == "blind" else "p", 0)]
    for choice in session.family.choices(session, "play"):
        for i, way in enumerate(choice.ways):
            if first in way.actions:
                return [("choose", choice.key, i)]
    raise AssertionError(f"no button does {first}")


def next_steps(session: Session[Any]) -> list[Step]:
    """The steps of the agent's next decision for seat 0."""
    assert session.human_to_act()
    return steps_for(session, decide(session, agent_for(session.family)))


def message(step: Step) -> dict[str, Any]:
    kind, what, way = step
    if kind == "tile":
        return {"type": "tile", "tile": what}
    return {"type": "choose", "key": what, "way": way}


async def receive(ws: Any, kind: str = "state", timeout: float = 30) -> dict[str, Any]:
    """The next message of `kind` (errors fail the test unless `kind` is ``error``)."""
    while True:
        frame = await ws.receive(timeout=timeout)
        if not isinstance(frame.data, str):
            raise AssertionError(f"the websocket closed or sent no text: {frame}")
        reply = json.loads(frame.data)
        if reply["type"] == "error" and kind != "error":
            raise AssertionError(f"the server answered {reply}")
        if reply["type"] == kind:
            return dict(reply)


async def settled(ws: Any) -> dict[str, Any]:
    """The next state in which seat 0 must act or the deal is over."""
    while True:
        state = await receive(ws)
        if state["to_act"] or state["deal_over"]:
            return state


async def play_deal(ws: Any, server: Server, table: Table | None = None) -> dict[str, Any]:
    """Plays the current deal to its end by messages, as the agent decides (at `table`, by
    default the server's only one); the last state."""
    state = await settled(ws)
    for _ in range(500):
        if state["deal_over"]:
            return state
        session = (table or only_table(server)).session
        steps = next_steps(session)
        for step in steps[:-1]:
            await ws.send_json(message(step))
            await receive(ws)
        await ws.send_json(message(steps[-1]))
        state = await settled(ws)
    raise AssertionError("the deal did not end")
