"""The web table's server (aiohttp): the page's files and one websocket per browser tab, each
with its own game (a :class:`~mahjong.play.session.Session`), at most :data:`MAX_TABLES` at
once.

Every message from the page is checked (:func:`parse`) before it touches the game; a bad one
is answered with ``{"type": "error", ...}`` and changes nothing. The page receives only what
seat 0 may see (:mod:`mahjong.play.web.view`). The AIs move on in a task per table, pausing
after each move the family shows for the AI delay the page chose.

A page names its browser tab by a token (``/ws?tab=...``): when the page goes (a reload), its
table is kept for :data:`GRACE` seconds and the same tab's next page finds it again.

A tab's messages are done one at a time, in order, each letting the other tabs' go first, and
paced (:class:`Pace`) to a share of the event loop: a tab that floods the server waits on its
own queue (which aiohttp bounds), and what it left queued is dropped when it goes. Everything
that moves a game on or ends it (an AI's move, the human's action, a new deal or game: any of
which may wait on an Mjai bot) runs in the table's own thread, so no tab waits on another's
AIs. On shutdown every table's bots are stopped at once and every page is told the server is
going.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import random
import re
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web

from mahjong.errors import IllegalActionError, MahjongError
from mahjong.play import rules_page
from mahjong.play.family import PLAY, Family, NotNow
from mahjong.play.session import HUMAN, Session
from mahjong.play.web import view

__all__ = ["MAX_TABLES", "BadMessage", "Server", "make_app", "parse"]

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")
MAX_TABLES = 8  # games one server plays at once (one per websocket)
MAX_MESSAGE = 4096  # bytes of one message from the page
MAX_DELAY = 5.0  # seconds
MAX_SEED = 2**64 - 1
GRACE = 600.0  # seconds a tab's table is kept after its page went, for a reload of the tab
TAB = re.compile(r"[0-9a-f]{32}")  # a tab's token
REJOIN = 2.0  # seconds a page waits for its tab's old page to let go of the table
HANG_UP = 1.0  # seconds a page has to answer the server's closing its websocket
SHARE = 0.05  # of the event loop's time one tab's messages may take, on average
BURST = 0.25  # seconds of the event loop's time one tab's messages may take in a row
LONGEST = 0.05  # seconds one message is counted at most (the rest is waiting on the page)
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self' 'unsafe-inline'; connect-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}

# The messages the page may send: each type's fields and their types (None: may be null).
FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "tile": {"tile": (str,), "picked": (bool,)},
    "choose": {"key": (str,), "way": (int, type(None))},
    "mode": {"mode": (str,)},
    "next": {},
    "new": {"rules": (str, type(None)), "card": (str, type(None)), "seed": (int, type(None))},
    "speed": {"delay": (int, float)},
    "log": {},
    "replay": {},
    "advice": {},
    "card": {},
    "state": {},
    "rules": {},
}
REQUIRED = {"tile": {"tile"}, "choose": {"key"}, "mode": {"mode"}, "speed": {"delay"}}


class BadMessage(Exception):
    """A message from the page that cannot be done; its text says why (``code`` names the
    kind: ``malformed``, ``not_your_turn``, ``illegal``, ``not_now``)."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


def parse(raw: object) -> dict[str, Any]:
    """The message `raw` (the text of a websocket frame) checked against :data:`FIELDS`."""
    if not isinstance(raw, str):
        raise BadMessage("malformed", "messages are JSON text")
    if len(raw.encode("utf-8", "replace")) > MAX_MESSAGE:
        raise BadMessage("malformed", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        message = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise BadMessage("malformed", "a message is a JSON object") from None
    if not isinstance(message, dict):
        raise BadMessage("malformed", "a message is a JSON object")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise BadMessage("malformed", f"unknown message type {str(kind)[:20]!r}")
    fields = FIELDS[kind]
    for name, value in message.items():
        if name == "type":
            continue
        if name not in fields:
            raise BadMessage("malformed", f"{kind}: unknown field {name[:20]!r}")
        wanted = fields[name]
        if isinstance(value, bool) and bool not in wanted:
            raise BadMessage("malformed", f"{kind}: {name} has the wrong type")
        if not isinstance(value, wanted):
            raise BadMessage("malformed", f"{kind}: {name} has the wrong type")
        if isinstance(value, str) and len(value) > 40:
            raise BadMessage("malformed", f"{kind}: {name} is too long")
    missing = REQUIRED.get(kind, set()) - message.keys()
    if missing:
        raise BadMessage("malformed", f"{kind}: {', '.join(sorted(missing))} missing")
    return message


def _no_constant(name: str) -> Any:
    raise ValueError(name)


@dataclass
class Server:
    """What every table of one server shares: how a family is made, the seed, the AI
    delay to start with, and the tables open now."""

    make_family: Callable[[str | None, str | None], Family[Any]]
    family_name: str
    presets: list[str]
    rules: str
    cards: list[str] = field(default_factory=list)
    card: str | None = None
    seed: int | None = None
    delay: float = 0.6
    limit: int = MAX_TABLES
    host: str = "127.0.0.1"  # the host the server listens on (--host)
    tables: weakref.WeakSet[Table] = field(default_factory=weakref.WeakSet)  # with a page open
    tabs: dict[str, Table] = field(default_factory=dict)  # by tab token, kept ones too
    grace: float = GRACE
    closing: bool = False  # the server is stopping: a page that goes ends its table
    # Called with every message sent to a page and its table (the tests record them).
    on_send: Callable[[Table, dict[str, Any]], None] | None = None

    def new_seed(self) -> int:
        return self.seed if self.seed is not None else random.randrange(2**63)

    def kept(self) -> list[Table]:
        """The tables kept for a reload of their tab, oldest first."""
        return sorted((t for t in self.tabs.values() if t.kept is not None), key=lambda t: t.left)

    async def rejoin(self, tab: str) -> Table | None:
        """The table kept for `tab`, taken back (None: there is none). A table of the tab whose
        page is still open is waited for a moment (a reload closes the old page as the new one
        opens); one still open after that belongs to another page (a duplicated tab)."""
        deadline = time.monotonic() + REJOIN
        while (table := self.tabs.get(tab)) is not None and table.kept is None:
            if time.monotonic() > deadline:
                return None
            await asyncio.sleep(0.05)
        if table is not None:
            table.rejoined()
        return table

    def keep(self, table: Table) -> None:
        """Keeps `table` (its page went) for :attr:`grace` seconds, then ends it."""
        loop = asyncio.get_running_loop()
        table.left = time.monotonic()
        table.kept = loop.call_later(self.grace, lambda: asyncio.ensure_future(self.drop(table)))

    async def drop(self, table: Table) -> None:
        """Ends a kept table (its time is up, room is needed, or the server stops)."""
        if self.tabs.get(table.tab or "") is table and table.kept is not None:
            del self.tabs[table.tab or ""]
            table.kept.cancel()
            table.kept = None
            await table.end()


class Table:
    """One browser tab's game: its session, tile mode, AI task and replay frames."""

    def __init__(
        self,
        server: Server,
        send: Callable[[dict[str, Any]], Awaitable[None]],
    ) -> None:
        self.server = server
        self._send = send
        self.tab: str | None = None  # the token of the page's tab: the table is kept for it
        self.kept: asyncio.TimerHandle | None = None  # while kept for a reload of the tab
        self.left = 0.0  # when its page went (time.monotonic)
        self.past: list[dict[str, Any]] = []  # finished deals of this game, as seat 0 saw them
        self.delay = server.delay
        self.rules = server.rules
        self.card = server.card
        self.session: Session[Any] = Session(server.make_family(None, None), server.new_seed())
        self.mode = PLAY
        self.task: asyncio.Task[None] | None = None
        self.working: asyncio.Future[Any] | None = None  # work of the table's thread
        self.frames: list[dict[str, Any]] = []
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="mahjong-table")
        self.waited = 0.0  # seconds the page's messages waited on the table's thread
        self._new_deal()

    # -- sending ------------------------------------------------------------------------

    async def send(self, message: dict[str, Any]) -> None:
        if self.server.on_send is not None:
            self.server.on_send(self, message)
        await self._send(message)

    async def send_state(self) -> None:
        await self.send(view.state(self.session, self.mode, busy=self.busy))

    async def error(self, code: str, text: str) -> None:
        await self.send({"type": "error", "code": code, "text": text})

    def hello(self) -> dict[str, Any]:
        s = self.server
        return {
            "type": "hello",
            "tab": self.tab,
            "family": s.family_name,
            "presets": s.presets,
            "rules": self.rules,
            "cards": s.cards,
            "card": self.card,
            "delay": self.delay,
            "max_delay": MAX_DELAY,
            "catalogue": view.catalogue()["entries"],
        }

    # -- moving on ----------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.task is not None and not self.task.done()

    def _new_deal(self) -> None:
        self.mode = PLAY
        self.frames = [view.frame(self.session)]

    def start(self) -> None:
        """Lets the AIs play until seat 0 must decide or the deal is over."""
        if not self.busy:
            self.task = asyncio.ensure_future(self._advance())

    async def stop(self) -> None:
        """Stops the AIs' task and waits for a move under way, so the session is left alone."""
        started = time.perf_counter()
        if self.task is not None and not self.task.done():
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        self.task = None
        if self.working is not None:
            await asyncio.wait([self.working])
            self.working = None
        self.waited += time.perf_counter() - started

    def rejoined(self) -> None:
        """The table is taken back by a new page of its tab."""
        if self.kept is not None:
            self.kept.cancel()
            self.kept = None

    def attach(self, send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        """Sends from now on to a new page."""
        self._send = send

    async def close(self) -> None:
        """Ends the game: its AIs stop and are closed (an Mjai bot is told and its process
        ends)."""
        await self.stop()
        await self._off_loop(self.session.close)

    def interrupt(self) -> None:
        """Stops at once the AIs that could keep the table waiting: an Mjai bot's process
        (from the event loop, while the bot thinks in the table's thread)."""
        for agent in self.session.agents:
            if (stop := getattr(agent, "interrupt", None)) is not None:
                stop()

    async def end(self) -> None:
        """Ends the table (its tab is gone): its AIs are closed (at once if one is deciding:
        a bot thinking is not waited for) and its thread ends."""
        if self.busy or (self.working is not None and not self.working.done()):
            self.interrupt()
        try:
            await self.close()
        finally:
            self._thread.shutdown()

    async def _advance(self) -> None:
        """Moves the AIs on; with a delay, the table is sent first (the human's move seen at
        once) and after each move the family shows; the last state always."""
        session = self.session
        if self.delay > 0 and not session.deal_over and not session.human_to_act():
            await self.send(view.state(session, self.mode, busy=True))
        try:
            while (moved := await self._off_loop(session.step)) is not None:
                self.frames.append(view.frame(session))
                if self.delay > 0 and session.family.pauses(moved[1]):
                    await self.send(view.state(session, self.mode, busy=True))
                    await asyncio.sleep(self.delay)
        except MahjongError as error:  # an AI that cannot go on (an Mjai bot told to stop)
            await self.error("ai", str(error))
        except Exception as error:  # an AI that failed: the page is told, a new game works
            log.exception("an AI failed")
            name = type(error).__name__
            await self.error("ai", f"an AI failed ({name}); start a new game")
        self.task = None
        await self.send_state()

    async def _off_loop(self, work: Callable[[], Any]) -> Any:
        """Runs `work` (anything that may wait on an Mjai bot: an AI's move, the human's
        action ending a deal, a new game, closing the AIs) in the table's thread, so other
        tabs go on meanwhile; :meth:`stop` waits for it to end."""
        self.working = asyncio.get_running_loop().run_in_executor(self._thread, work)
        started = time.perf_counter()
        try:
            return await asyncio.shield(self.working)
        finally:
            if asyncio.current_task() is not self.task:  # a message from the page waited
                self.waited += time.perf_counter() - started

    # -- messages -----------------------------------------------------------------------

    async def receive(self, raw: object) -> None:
        """Does what the page asks, or answers with an error and changes nothing."""
        try:
            message = parse(raw)
            await getattr(self, f"on_{message['type']}")(message)
        except BadMessage as bad:
            await self.error(bad.code, str(bad))
        except MahjongError as error:  # the engine refused: said, and nothing changed
            await self.error("refused", str(error))
        except Exception:  # a fault of ours, not the page's: logged, said, and the tab stays
            log.exception("a message from the page failed: %.80r", raw)
            await self.error("internal", "the server failed to do that (see its log)")

    def _acting(self) -> None:
        if self.busy or not self.session.human_to_act():
            what = "the deal is over" if self.session.deal_over else "the AIs are playing"
            raise BadMessage("not_your_turn", f"it is not your turn: {what}")

    async def _apply(self, actions: list[Any]) -> None:
        try:
            await self._off_loop(lambda: self.session.act(actions))
        except IllegalActionError as error:
            raise BadMessage("illegal", str(error)) from None
        self.mode = PLAY
        self.frames.append(view.frame(self.session))
        self.start()

    async def on_tile(self, message: dict[str, Any]) -> None:
        self._acting()
        session, tile = self.session, message["tile"]
        if tile not in session.observation()["hand"]:
            raise BadMessage("illegal", f"{tile!r} is not in your hand")
        picked = bool(message.get("picked", False))
        if picked and tile not in session.family.picked(session):
            raise BadMessage("illegal", f"{tile} is not picked")
        try:
            actions = session.family.press(session, tile, self.mode, picked)
        except NotNow as why:
            raise BadMessage("not_now", str(why)) from None
        if actions:
            await self._apply(actions)
        else:
            await self.send_state()

    async def on_choose(self, message: dict[str, Any]) -> None:
        self._acting()
        key, way = message["key"], message.get("way")
        for choice in view.choices(self.session, self.mode):
            if choice.key != key:
                continue
            if choice.mode is not None:
                self.mode = choice.mode
                await self.send_state()
                return
            if way is None and len(choice.ways) == 1:
                way = 0
            if way is None:
                raise BadMessage("malformed", f"{key}: say which way (0..{len(choice.ways) - 1})")
            if not 0 <= way < len(choice.ways):
                raise BadMessage("illegal", f"{key}: there is no way {way}")
            await self._apply(list(choice.ways[way].actions))
            return
        raise BadMessage("illegal", f"{key[:10]!r} is not offered now")

    async def on_mode(self, message: dict[str, Any]) -> None:
        self._acting()
        mode = message["mode"]
        modes = {PLAY} | {c.mode for c in view.choices(self.session, PLAY) if c.mode}
        if mode not in modes:
            raise BadMessage("illegal", f"mode {mode[:10]!r} is not offered now")
        self.mode = mode
        await self.send_state()

    async def on_next(self, message: dict[str, Any]) -> None:
        session = self.session
        if not session.deal_over:
            deal = session.family.units[0].removeprefix("unit.")
            raise BadMessage("not_now", f"the {deal} is not over yet")
        await self.stop()
        if session.game_over:
            seed = self.server.new_seed()
            await self._off_loop(lambda: session.start(seed))
            self.past = []
        else:
            self.past += session.deal.events(0, seat=HUMAN)
            await self._off_loop(session.next_deal)
        self._new_deal()
        self.start()

    async def on_new(self, message: dict[str, Any]) -> None:
        rules = message.get("rules") or self.rules
        card = message.get("card") or self.card
        seed = message.get("seed")
        if rules not in self.server.presets:
            raise BadMessage("malformed", f"unknown rules {rules[:20]!r}")
        if self.server.cards and card not in self.server.cards:
            raise BadMessage("malformed", f"unknown card {str(card)[:20]!r}")
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise BadMessage("malformed", "a seed is a whole number from 0 to 2**64-1")
        try:
            family = self.server.make_family(
                None if rules == self.server.rules else rules,
                None if card == self.server.card else card,
            )
        except MahjongError as error:
            raise BadMessage("malformed", str(error)) from None
        await self.close()
        self.rules, self.card = rules, card
        seed = seed if seed is not None else self.server.new_seed()
        self.session = await self._off_loop(lambda: Session(family, seed))
        self.past = []
        self._new_deal()
        await self.send(self.hello())
        self.start()

    async def on_speed(self, message: dict[str, Any]) -> None:
        delay = message["delay"]
        if not 0 <= delay <= MAX_DELAY:  # NaN too; an int of any size compared exactly
            raise BadMessage("malformed", f"the AI delay is 0 to {MAX_DELAY:g} seconds")
        self.delay = float(delay)
        await self.send({"type": "speed", "delay": self.delay})

    async def on_log(self, message: dict[str, Any]) -> None:
        """The game's log: the engine's whole log once the game is over; before, what seat 0
        has seen so far (every deal's events masked to seat 0, and the game's first line without
        its seed, which deals every wall to come)."""
        session = self.session
        name = f"{session.family.name}-seed{session.seed}.jsonl"
        if session.game_over:
            lines = session.lines()
            if session.deal_over:
                session.changed = False
        else:
            lines = self.seen_lines()
            name = f"{session.family.name}-game{len(session.seeds)}-so-far.jsonl"
        await self.send({"type": "log", "name": name, "text": "\n".join(lines) + "\n"})

    def seen_lines(self) -> list[str]:
        """What seat 0 has seen of the game so far, as JSON lines."""
        first = json.loads(self.session.lines()[0])
        head = {k: v for k, v in first.items() if "seed" not in k}
        events = [head, *self.past, *self.session.deal.events(0, seat=HUMAN)]
        return [json.dumps(e, separators=(",", ":")) for e in events]

    async def on_replay(self, message: dict[str, Any]) -> None:
        if not self.session.deal_over:
            raise BadMessage("not_now", "a deal can be replayed once it is over")
        await self.send({"type": "replay", "frames": self.frames})

    async def on_advice(self, message: dict[str, Any]) -> None:
        await self.send(view.advice(self.session))

    async def on_card(self, message: dict[str, Any]) -> None:
        if "card" not in self.session.family.pages():
            raise BadMessage("not_now", "only American games have a card")
        await self.send(view.card(self.session))

    async def on_state(self, message: dict[str, Any]) -> None:
        await self.send_state()

    async def on_rules(self, message: dict[str, Any]) -> None:
        await self.send(rules_page.page(self.session.family, self.rules))


class Pace:
    """How fast one tab's messages are done: at once while they take at most :data:`SHARE`
    of the event loop's time on average (:data:`BURST` seconds in a row), else only as fast
    as that, the rest waiting in the tab's own queue; so tabs that flood the server take a
    bounded share of it, whatever their messages cost."""

    def __init__(self) -> None:
        self.credit = BURST
        self.last = time.monotonic()

    def wait(self, took: float) -> float:
        """Counts `took` seconds of the event loop's time taken by one message (at most
        :data:`LONGEST`); the seconds to wait before the next."""
        now = time.monotonic()
        self.credit = min(BURST, self.credit + (now - self.last) * SHARE) - min(took, LONGEST)
        self.last = now
        return max(0.0, -self.credit / SHARE)


# -- the web application --------------------------------------------------------------------


async def _index(request: web.Request) -> web.StreamResponse:
    return web.FileResponse(STATIC / "index.html", headers=HEADERS)


def _same_origin(request: web.Request) -> bool:
    """A page of this server (or no browser at all) may open a table; another site may not,
    nor a page reaching this server under another site's name (DNS rebinding): the host
    asked for must be an address, ``localhost`` or the host the server was started on."""
    name = urlsplit(f"//{request.host}").hostname or ""
    if name not in ("localhost", request.app[SERVER].host) and not _is_address(name):
        return False
    origin = request.headers.get("Origin")
    return origin is None or urlsplit(origin).netloc == request.host


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


async def _static(request: web.Request) -> web.StreamResponse:
    """One of the page's files, by its name; any other name is not found (without asking the
    file system, whatever its length)."""
    name = request.match_info["name"]
    if name not in request.app[FILES]:
        raise web.HTTPNotFound(text="no such file")
    return web.FileResponse(STATIC / name, headers=HEADERS)


async def _websocket(request: web.Request) -> web.StreamResponse:
    server: Server = request.app[SERVER]
    ws = web.WebSocketResponse(heartbeat=30, max_msg_size=2**20)  # parse() says "too long"
    if not _same_origin(request):
        raise web.HTTPForbidden(text="the table opens only from its own page")
    await ws.prepare(request)

    async def send(message: dict[str, Any]) -> None:
        if not ws.closed:
            with contextlib.suppress(ConnectionError):  # the tab is gone: its handler ends
                await ws.send_str(json.dumps(message, separators=(",", ":")))

    tab = request.query.get("tab", "")
    table = await server.rejoin(tab) if TAB.fullmatch(tab) else None
    if table is None:
        while len(server.tables) + len(kept := server.kept()) >= server.limit and kept:
            await server.drop(kept[0])  # room for a new page before a page that went
        if len(server.tables) >= server.limit:
            text = f"this server already plays {server.limit} games; close a tab and reload"
            await ws.send_json({"type": "error", "code": "full", "text": text})
            await ws.close(code=1013, message=b"too many games")
            return ws
        table = Table(server, send)
        if TAB.fullmatch(tab):  # a page that will find its game again after a reload
            table.tab = tab if tab not in server.tabs else secrets.token_hex(16)
            server.tabs[table.tab] = table
    table.attach(send)
    server.tables.add(table)
    request.app[SOCKETS].add(ws)
    try:
        await table.send(table.hello())
        table.start()
        pace = Pace()
        async for message in ws:
            started, table.waited = time.perf_counter(), 0.0
            if message.type == WSMsgType.TEXT:
                await table.receive(message.data)
            elif message.type == WSMsgType.BINARY:
                await table.error("malformed", "messages are JSON text")
            else:
                break
            took = time.perf_counter() - started - table.waited
            await asyncio.sleep(pace.wait(took))  # the other tabs' messages first
            if request.transport is None:  # the tab is gone: what it left queued is not done
                break
    finally:
        server.tables.discard(table)
        await asyncio.shield(_left(server, table))  # finished even when the handler is cancelled
    return ws


async def _left(server: Server, table: Table) -> None:
    """A table's page went: the table is kept for a reload of its tab, or ended."""
    if table.tab is not None and server.tabs.get(table.tab) is table and not server.closing:
        await table.stop()
        server.keep(table)
        return
    if table.tab is not None and server.tabs.get(table.tab) is table:
        del server.tabs[table.tab]
    await table.end()


async def _shut_down(app: web.Application) -> None:
    """The server is stopping (Ctrl+C): every table's bots stop at once and every page is
    told, so that no handler waits for a bot or a page."""
    server = app[SERVER]
    server.closing = True
    for table in list(server.tables):
        table.interrupt()
    sockets = app[SOCKETS]
    await asyncio.gather(*(_hang_up(ws) for ws in list(sockets)))
    for table in server.kept():
        table.interrupt()
    await asyncio.gather(*(server.drop(table) for table in server.kept()))


async def _hang_up(ws: web.WebSocketResponse) -> None:
    """Closes `ws` as the server goes away; a page that does not answer within
    :data:`HANG_UP` seconds is cut off."""
    with contextlib.suppress(asyncio.TimeoutError, ConnectionError):
        await asyncio.wait_for(ws.close(code=WSCloseCode.GOING_AWAY, message=b"shutdown"), HANG_UP)


SERVER = web.AppKey("server", Server)
FILES = web.AppKey("files", frozenset[str])
SOCKETS = web.AppKey("sockets", weakref.WeakSet[web.WebSocketResponse])


@web.middleware
async def _headers(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """The pages' security headers on every answer, errors (403, 404, 405, 400) too."""
    try:
        response = await handler(request)
    except web.HTTPException as error:
        error.headers.update(HEADERS)
        raise
    if not response.prepared:
        response.headers.update(HEADERS)
    return response


def make_app(server: Server) -> web.Application:
    """The aiohttp application of `server`: ``/`` the table, ``/static/NAME`` its files,
    ``/ws`` a game."""
    app = web.Application(middlewares=[_headers])
    app[SERVER] = server
    app[FILES] = frozenset(path.name for path in STATIC.iterdir() if path.is_file())
    app[SOCKETS] = weakref.WeakSet()
    app.router.add_get("/", _index)
    app.router.add_get("/ws", _websocket)
    app.router.add_get("/static/{name}", _static)
    app.on_shutdown.append(_shut_down)
    return app
