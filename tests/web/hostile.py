"""Hostile browser tabs for the web server's soak (``tests/web/test_hostile.py``), each
flooding the server in its own way until the time is up; run apart from the test (its own
process, so that the tabs' work does not slow the tab that measures): :func:`main`."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import Awaitable, Callable

import aiohttp

ADVICE = json.dumps({"type": "advice"})
JUNK = [
    "not json",
    "[" * 100_000,
    "x" * 1_000_000,  # a megabyte: refused as too long, the tab stays
    '{"type": "speed", "delay": ' + "9" * 400 + "}",
    '{"type": "speed", "delay": -' + "9" * 400 + "}",
    '{"type": "new", "seed": ' + "9" * 400 + "}",
    '{"type": "choose", "key": "x", "way": ' + "9" * 400 + "}",
    '{"type": "tile", "tile": "5m", "picked": true}',
    '{"type": "tile", "tile": "1C"}',
    '{"type": "next"}',
    '{"type": "log"}',
    '{"type": "mode", "mode": "riichi"}',
]
REQUESTS = ['{"type": "state"}', '{"type": "replay"}', '{"type": "card"}', '{"type": "log"}']


async def _drain(ws: aiohttp.ClientWebSocketResponse) -> None:
    """Reads (and drops) everything the server sends."""
    async for _ in ws:
        pass


async def unread_advice(ws: aiohttp.ClientWebSocketResponse, stop: asyncio.Event) -> None:
    """20,000 requests for advice, no answer ever read."""
    for _ in range(20_000):
        await ws.send_str(ADVICE)
    await stop.wait()


async def advice(ws: aiohttp.ClientWebSocketResponse, stop: asyncio.Event) -> None:
    """Advice asked for as fast as the server takes the requests, every answer read."""
    reader = asyncio.ensure_future(_drain(ws))
    while not stop.is_set():
        await ws.send_str(ADVICE)
        await asyncio.sleep(0)
    reader.cancel()


async def junk(ws: aiohttp.ClientWebSocketResponse, stop: asyncio.Event) -> None:
    """Malformed, oversized and out-of-turn messages, and binary frames."""
    reader = asyncio.ensure_future(_drain(ws))
    while not stop.is_set():
        for text in JUNK:
            await ws.send_str(text)
        await ws.send_bytes(b"\x00" * 1000)
        await asyncio.sleep(0)
    reader.cancel()


async def new_games(ws: aiohttp.ClientWebSocketResponse, stop: asyncio.Event) -> None:
    """A new game asked for again and again (the AIs start each time)."""
    reader = asyncio.ensure_future(_drain(ws))
    seed = 0
    while not stop.is_set():
        seed += 1
        await ws.send_str(json.dumps({"type": "new", "seed": seed}))
        await asyncio.sleep(0.01)
    reader.cancel()


async def requests(ws: aiohttp.ClientWebSocketResponse, stop: asyncio.Event) -> None:
    """States, replays, cards and logs asked for without pause, every answer read."""
    reader = asyncio.ensure_future(_drain(ws))
    while not stop.is_set():
        for text in REQUESTS:
            await ws.send_str(text)
        await asyncio.sleep(0)
    reader.cancel()


async def unread_states(ws: aiohttp.ClientWebSocketResponse, stop: asyncio.Event) -> None:
    """States asked for until the server stops taking the requests, none read."""
    while not stop.is_set():
        await ws.send_str('{"type": "state"}')
        await asyncio.sleep(0)


TABS: list[Callable[[aiohttp.ClientWebSocketResponse, asyncio.Event], Awaitable[None]]] = [
    unread_advice,
    advice,
    junk,
    new_games,
    requests,
    unread_states,
    advice,
]


async def _tab(
    http: aiohttp.ClientSession,
    url: str,
    behave: Callable[[aiohttp.ClientWebSocketResponse, asyncio.Event], Awaitable[None]],
    stop: asyncio.Event,
) -> None:
    ws = await http.ws_connect(url + "ws", max_msg_size=0)
    with contextlib.suppress(ConnectionError, aiohttp.ClientError, asyncio.CancelledError):
        await behave(ws, stop)
    await ws.close()


async def flood(url: str, seconds: float) -> None:
    """Opens every tab of :data:`TABS` on the server at `url`, says ``open`` on standard
    output and lets them loose for `seconds`."""
    stop = asyncio.Event()
    async with aiohttp.ClientSession() as http:
        tabs = [asyncio.ensure_future(_tab(http, url, behave, stop)) for behave in TABS]
        await asyncio.sleep(0.5)
        print("open", flush=True)
        await asyncio.sleep(seconds)
        stop.set()
        _, pending = await asyncio.wait(tabs, timeout=1)
        for tab in pending:
            tab.cancel()


def main(seconds: float) -> None:
    """Floods the server whose URL is the first argument for `seconds`."""
    asyncio.run(flood(sys.argv[1], seconds))
