"""Hostile browser tabs for the web server's soak (``tests/web/test_hostile.py``), each
flooding the server in its own way until the time is up; run apart from the test (its own
process, so that the tabs' work does not slow the tab that measures): :func:`main`."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass

import aiohttp

ADVICE = json.dumps({"type": "advice"})
STATE = json.dumps({"type": "state"})
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
REQUESTS = [STATE, '{"type": "replay"}', '{"type": "card"}', '{"type": "log"}']


@dataclass
class Tab:
    """A hostile tab: the messages of its round `n` (sent without waiting for answers),
    whether it reads the answers, how many rounds (None: until the time is up), and the pause
    between rounds."""

    messages: Callable[[int], list[str | bytes]]
    read: bool = True
    rounds: int | None = None
    pause: float = 0.0

    async def run(self, ws: aiohttp.ClientWebSocketResponse, stop: asyncio.Event) -> None:
        reader = asyncio.ensure_future(_drain(ws)) if self.read else None
        n = 0
        while not stop.is_set() and (self.rounds is None or n < self.rounds):
            n += 1
            for message in self.messages(n):
                if isinstance(message, bytes):
                    await ws.send_bytes(message)
                else:
                    await ws.send_str(message)
            await asyncio.sleep(self.pause)
        await stop.wait()
        if reader is not None:
            reader.cancel()


async def _drain(ws: aiohttp.ClientWebSocketResponse) -> None:
    """Reads (and drops) everything the server sends."""
    async for _ in ws:
        pass


TABS = [
    Tab(lambda n: [ADVICE], read=False, rounds=20_000),  # 20,000 advice requests, none read
    Tab(lambda n: [ADVICE]),  # advice as fast as the server takes the requests
    Tab(lambda n: [*JUNK, b"\x00" * 1000]),  # malformed, oversized, out of turn, binary
    Tab(lambda n: [json.dumps({"type": "new", "seed": n})], pause=0.01),  # the AIs start anew
    Tab(lambda n: REQUESTS),  # states, replays, cards and logs
    Tab(lambda n: [STATE], read=False),  # states until the server stops taking them
    Tab(lambda n: [ADVICE]),
]


async def _tab(http: aiohttp.ClientSession, url: str, tab: Tab, stop: asyncio.Event) -> None:
    ws = await http.ws_connect(url + "ws", max_msg_size=0)
    with contextlib.suppress(ConnectionError, aiohttp.ClientError, asyncio.CancelledError):
        await tab.run(ws, stop)
    await ws.close()


async def flood(url: str, seconds: float) -> None:
    """Opens every tab of :data:`TABS` on the server at `url`, says ``open`` on standard
    output and lets them loose for `seconds`; then the process ends at once, dropping the
    tabs that are still blocked on a server which stopped reading from them (as a closed
    browser drops its sockets; a polite close of such a tab would wait on the server)."""
    stop = asyncio.Event()
    async with aiohttp.ClientSession() as http:
        tabs = [asyncio.ensure_future(_tab(http, url, tab, stop)) for tab in TABS]
        await asyncio.sleep(0.5)
        print("open", flush=True)
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.wait(tabs, timeout=1)
        sys.stdout.flush()
        os._exit(0)


def main(seconds: float) -> None:
    """Floods the server whose URL is the first argument for `seconds`."""
    asyncio.run(flood(sys.argv[1], seconds))
