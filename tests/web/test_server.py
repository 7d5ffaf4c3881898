"""The web table's server without a browser (aiohttp's test client): the page and its files,
every message from the page checked (a bad one answered with an error, nothing changed), one
game per websocket up to the limit, pages of other sites refused, and nothing sent to the page
that seat 0 may not see."""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mahjong.play.riichi import RiichiFamily
from mahjong.play.session import Session
from mahjong.play.web import view
from mahjong.play.web.server import MAX_TABLES, STATIC, Table, parse
from mahjong.riichi import Ruleset
from web.driver import only_table, play_deal, receive, serving, settled

# The values of these keys are tile names; every other string is words.
TILE_KEYS = {"drawn", "tile", "tiles", "indicators", "playable", "picked"}
RIICHI_TILES = {f"{n}{s}" for n in range(1, 10) for s in "mps"} | {"5mr", "5pr", "5sr"}
RIICHI_TILES |= set("ESWNPFC")
AMERICAN_TILES = {f"{n}{s}" for n in range(1, 10) for s in "CDB"} | set("ESWNRG0FJ")


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 120))


def snapshot(table: Table) -> str:
    """Everything a message could change: the page's view and the engine's event count."""
    session = table.session
    shown = view.state(session, table.mode)
    return json.dumps([shown, session.deal.event_count(), session.deal_number, table.delay])


# -- the page -------------------------------------------------------------------------------


def test_the_page_and_its_files_come_from_the_package() -> None:
    async def check() -> None:
        async with serving("riichi --seed 1") as (client, _):
            page = await client.get("/")
            assert page.status == 200
            html = await page.text()
            assert "Content-Security-Policy" in page.headers
            for name in re.findall(r'(?:src|href)="(/static/[^"]+)"', html):
                reply = await client.get(name)
                assert reply.status == 200, name
            assert (await client.get("/static/../server.py")).status in (403, 404)

    run(check())


def test_the_page_fetches_nothing_from_elsewhere() -> None:
    """No address outside the page's own server in its files (the SVG namespace is a name,
    not a fetch)."""
    for path in STATIC.iterdir():
        text = path.read_text(encoding="utf-8")
        addresses = set(re.findall(r"(?:https?:)?//[\w.-]+", text)) - {"http://www.w3.org"}
        assert not {a for a in addresses if "." in a}, (path.name, addresses)
        assert "@import" not in text and "@font-face" not in text, path.name


# -- checking messages ----------------------------------------------------------------------

MALFORMED = [
    "not json",
    "[1, 2]",
    '"discard"',
    "{}",
    '{"type": "explode"}',
    '{"type": 3}',
    '{"type": "tile"}',
    '{"type": "tile", "tile": 5}',
    '{"type": "tile", "tile": "5m", "extra": 1}',
    '{"type": "tile", "tile": "5m", "picked": 1}',
    '{"type": "choose", "key": "x", "way": true}',
    '{"type": "choose", "key": "x", "way": 1.5}',
    '{"type": "speed", "delay": NaN}',
    '{"type": "speed", "delay": -1}',
    '{"type": "speed", "delay": 1e9}',
    '{"type": "speed", "delay": ' + "9" * 400 + "}",  # once an OverflowError: the tab dropped
    '{"type": "speed", "delay": -' + "9" * 400 + "}",
    '{"type": "choose", "key": "x", "way": ' + "9" * 400 + "}",
    '{"type": "new", "seed": -1}',
    '{"type": "new", "rules": "nonsense"}',
    '{"type": "tile", "tile": "' + "x" * 5000 + '"}',
    "[" * 100000,
]


@pytest.mark.parametrize("raw", MALFORMED, ids=range(len(MALFORMED)))
def test_parse_refuses_malformed_messages(raw: str) -> None:
    """Each is refused either by the parser or by the handler (unknown rules, bad delay or
    way)."""
    from mahjong.play.web.server import BadMessage

    try:
        message = parse(raw)
    except BadMessage as bad:
        assert bad.code == "malformed" and str(bad)
        return
    assert message["type"] in ("speed", "new", "choose")


def test_malformed_out_of_turn_and_illegal_messages_change_nothing() -> None:
    async def check() -> None:
        async with serving("riichi --seed 1 --delay 0") as (client, server):
            ws = await client.ws_connect("/ws")
            state = await settled(ws)
            assert state["to_act"]
            table = only_table(server)
            hand = state["hand"]["tiles"] + [state["hand"]["drawn"]]
            missing = next(t for t in sorted(RIICHI_TILES) if t not in hand)
            bad = [
                *MALFORMED,
                json.dumps({"type": "tile", "tile": missing}),  # not in the hand
                json.dumps({"type": "choose", "key": "w"}),  # not offered
                json.dumps({"type": "choose", "key": "r", "way": 7}),
                json.dumps({"type": "mode", "mode": "riichi"}),  # riichi is not offered
                json.dumps({"type": "mode", "mode": "fly"}),
                json.dumps({"type": "next"}),  # the deal is not over
                json.dumps({"type": "replay"}),  # nor can it be replayed yet
                json.dumps({"type": "card"}),  # Riichi has no card
                json.dumps({"type": "tile", "tile": hand[0], "picked": True}),
            ]
            for raw in bad:
                before = snapshot(table)
                await ws.send_str(raw)
                error = await receive(ws, "error")
                assert error["text"], raw
                assert snapshot(table) == before, raw[:80]
            await ws.send_bytes(b"\x00\x01")
            assert (await receive(ws, "error"))["code"] == "malformed"
            # Out of turn: while the AIs play (slowly), and after the deal.
            await ws.send_json({"type": "speed", "delay": 5})
            await receive(ws, "speed")
            await ws.send_json({"type": "tile", "tile": state["hand"]["drawn"]})
            busy = await receive(ws)
            assert not busy["to_act"]
            while table.working is not None and not table.working.done():
                await asyncio.sleep(0.01)  # the AI's move is made in a thread; then it waits
            before = snapshot(table)
            await ws.send_json({"type": "tile", "tile": busy["hand"]["tiles"][0]})
            error = await receive(ws, "error")
            assert error["code"] == "not_your_turn"
            await ws.send_json({"type": "choose", "key": "x", "way": 0})
            assert (await receive(ws, "error"))["code"] == "not_your_turn"
            assert snapshot(table) == before
            await ws.close()

    run(check())


def test_an_illegal_action_is_refused_by_the_engine_and_changes_nothing() -> None:
    """A tile the engine does not allow (kuikae after a chi) is answered with the engine's
    reason."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1]))
    from play.support import riichi, situation, two_chis

    session = situation(riichi, two_chis, 40)
    seed = session.seed

    async def check() -> None:
        async with serving(f"riichi --seed {seed} --delay 0") as (client, server):
            ws = await client.ws_connect("/ws")
            state = await settled(ws)
            table = only_table(server)
            from web.driver import message, next_steps

            while not any(c["key"] == "c" and len(c["ways"]) > 1 for c in state["choices"]):
                for step in next_steps(table.session):
                    await ws.send_json(message(step))
                state = await settled(ws)
            await ws.send_json({"type": "choose", "key": "c", "way": 0})
            state = await settled(ws)
            refused = set(state["hand"]["tiles"]) - set(state["hand"]["playable"])
            if refused:
                tile = sorted(refused)[0]
                before = snapshot(table)
                await ws.send_json({"type": "tile", "tile": tile})
                error = await receive(ws, "error")
                assert error["code"] in ("not_now", "illegal") and error["text"]
                assert snapshot(table) == before

    run(check())


# -- tables ---------------------------------------------------------------------------------


def test_each_websocket_gets_its_own_game_up_to_the_limit() -> None:
    async def check() -> None:
        async with serving("riichi --delay 0", limit=2) as (client, server):
            first = await client.ws_connect("/ws")
            second = await client.ws_connect("/ws")
            one, two = await settled(first), await settled(second)
            assert len(server.tables) == 2
            tables = list(server.tables)
            assert tables[0].session is not tables[1].session
            assert tables[0].session.seed != tables[1].session.seed  # random seeds, one per tab
            assert one["seed"] is None and two["game"] == 1  # no seed before the game is over
            third = await client.ws_connect("/ws")
            error = await receive(third, "error")
            assert error["code"] == "full" and "2 games" in error["text"]
            closed = await third.receive(timeout=10)
            assert closed.type.name in ("CLOSE", "CLOSED")
            await second.close()
            for _ in range(50):
                if len(server.tables) == 1:
                    break
                await asyncio.sleep(0.05)
            assert len(server.tables) == 1
            again = await client.ws_connect("/ws")
            assert (await settled(again))["hand"]["tiles"]

    run(check())
    assert MAX_TABLES == 8


def test_a_page_of_another_site_cannot_open_a_game() -> None:
    async def check() -> None:
        async with serving("riichi --seed 1") as (client, server):
            reply = await client.get(
                "/ws",
                headers={
                    "Origin": "http://evil.example",
                    "Connection": "Upgrade",
                    "Upgrade": "websocket",
                    "Sec-WebSocket-Version": "13",
                    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
                },
            )
            assert reply.status == 403
            assert len(server.tables) == 0

    run(check())


# -- nothing hidden reaches the page --------------------------------------------------------


def tile_strings(value: Any, key: str = "") -> list[str]:
    """Every string under a tile key of a message (lists and objects walked; the tile faces
    name every tile, the result shows the hands that count, and the catalogue names the
    parameters' types)."""
    if isinstance(value, dict):
        skip = ("result", "faces", "catalogue")
        return [t for k, v in value.items() if k not in skip for t in tile_strings(v, k)]
    if isinstance(value, list):
        return [t for v in value for t in tile_strings(v, key)]
    if isinstance(value, str) and key in TILE_KEYS:
        return [value]
    return []


def table_tiles(message: dict[str, Any]) -> Counter[str]:
    """The tiles the table shows: ponds, melds, seat 0's hand and the dora indicators (each
    physical tile once)."""
    hand = message.get("hand", {})
    shown: Counter[str] = Counter(hand.get("tiles", []))
    if hand.get("drawn"):
        shown[hand["drawn"]] += 1
    for side in message.get("seats", []):
        shown.update(d["tile"] for d in side["pond"] if not d["called"])  # else in a meld
        shown.update(t for m in side["melds"] for t in m["tiles"])
    shown.update(message.get("centre", {}).get("indicators", []))
    return shown


def seen_by_seat_0(session: Session[Any]) -> Counter[str]:
    """What the engine says seat 0 may see now, tile by tile (its hand and every public
    tile), and which tiles the others hold concealed."""
    obs = session.deal.observation(0)
    seen: Counter[str] = Counter(obs["hand"])
    for player in obs["players"]:
        if isinstance(session.family, RiichiFamily):
            seen.update(d["pai"] for d in player["pond"] if not d["called"])
            seen.update(t for m in player["melds"] for t in m["tiles"])
        else:
            seen.update(d["pai"] for d in player["discards"] if not d["claimed"])
            seen.update(t for e in player["exposures"] for t in e["tiles"])
    if isinstance(session.family, RiichiFamily):
        seen.update(obs["dora_indicators"])
    return seen


def record_and_check(server: Any) -> list[dict[str, Any]]:
    """Makes the server check every message it sends against the engine at that moment."""
    sent: list[dict[str, Any]] = []
    names = RIICHI_TILES if server.family_name == "riichi" else AMERICAN_TILES

    def check(table: Table, message: dict[str, Any]) -> None:
        message = json.loads(json.dumps(message))  # exactly what the page receives
        sent.append(message)
        session = table.session
        if message["type"] in ("state", "replay") and session.deal_over:
            return  # the end of the deal shows the hands that count
        seen = seen_by_seat_0(session)
        for tile in tile_strings(message):
            assert tile in names, f"{tile!r} is not a tile name"
            assert seen[tile] > 0, f"{tile} is shown but seat 0 sees no {tile}: {message}"
        if message["type"] == "state":
            for tile, count in table_tiles(message).items():
                assert count <= seen[tile], f"{count} {tile} shown, seat 0 sees {seen[tile]}"
            for side in message["seats"][1:]:
                assert "hand" not in side
                held = len(session.deal.observation(side["seat"])["hand"])
                assert side["concealed"] == held, f"{side['concealed']} backs, {held} held"
            text = json.dumps(message)
            assert "tehai" not in text and "wall" not in text.lower().replace("wall game", "")

    server.on_send = check
    return sent


@pytest.mark.parametrize("family", ["riichi", "american"])
def test_no_hidden_tile_reaches_the_page_over_a_whole_deal(family: str) -> None:
    """Every message to the page over a whole deal (and its replay) holds only tiles seat 0
    may see at the moment it is sent: no other player's concealed tile, no wall tile."""

    async def check() -> None:
        async with serving(f"{family} --seed 3 --delay 0") as (client, server):
            sent = record_and_check(server)
            ws = await client.ws_connect("/ws")
            last = await play_deal(ws, server)
            assert last["deal_over"] and last["result"]
            await ws.send_json({"type": "replay"})
            frames = (await receive(ws, "replay"))["frames"]
            assert len(frames) > 10
            assert all("hand" not in side for f in frames for side in f["seats"])
            assert sum(m["type"] == "state" for m in sent) > 3

    run(check())


def test_the_log_once_the_game_is_over() -> None:
    """The log holds the game's seed, which deals every wall to come: the page gets it, and
    the seed, only once the game is over; before, the log is what seat 0 has seen."""

    async def check() -> None:
        async with serving("riichi --seed 2 --delay 0") as (client, server):
            ws = await client.ws_connect("/ws")
            await settled(ws)
            await ws.send_json({"type": "log"})
            early = await receive(ws, "log")
            assert early["name"] == "riichi-game1-so-far.jsonl"
            assert "seed" not in early["text"]
            await ws.send_json({"type": "state"})
            last = await play_deal(ws, server)
            assert last["unsaved"] and last["game_over"] and last["seed"] == 2
            await ws.send_json({"type": "log"})
            log = await receive(ws, "log")
            assert log["name"] == "riichi-seed2.jsonl"
            events = [json.loads(line) for line in log["text"].splitlines()]
            assert events[0]["type"] == "start_game" and events[1]["type"] == "start_kyoku"
            await ws.send_json({"type": "state"})
            assert not (await receive(ws))["unsaved"]
            await ws.send_json({"type": "next"})
            nxt = await settled(ws)
            assert (nxt["game"], nxt["deal"], nxt["seed"]) == (2, 1, None)

    run(check())


def test_the_log_before_the_game_is_over_is_what_seat_0_has_seen() -> None:
    """Save log in the middle of a game: the game's first line without its seed, then every
    deal so far as seat 0 saw it (the others' tiles hidden), finished deals included."""

    async def check() -> None:
        async with serving("riichi --seed 3 --delay 0 --rules tenhou") as (client, server):
            ws = await client.ws_connect("/ws")
            await play_deal(ws, server)
            await ws.send_json({"type": "next"})
            await settled(ws)
            table = only_table(server)
            await ws.send_json({"type": "log"})
            log = await receive(ws, "log")
            events = [json.loads(line) for line in log["text"].splitlines()]
            assert events[0] == {"type": "start_game", "names": ["You", "Kiri", "Sora", "Mina"]}
            starts = [e for e in events if e["type"] == "start_kyoku"]
            assert len(starts) == 2 and all(e["tehais"][1] == ["?"] * 13 for e in starts)
            seen = table.session.deal.events(0, seat=0)
            assert events[-len(seen) :] == seen
            first = events[: events.index(starts[1])]
            assert first[-1]["type"] == "end_kyoku"

    run(check())


# -- a reload of the tab ------------------------------------------------------------------

TAB = "0123456789abcdef" * 2


async def kept(server: Any) -> None:
    """Until the table of :data:`TAB` is kept (its page's handler let go of it)."""
    for _ in range(300):
        if TAB in server.tabs and server.tabs[TAB].kept is not None:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the table was not kept")


def test_a_reload_of_the_tab_finds_its_game_again() -> None:
    """A page that names its tab gets the same table back after a reload (its websocket
    closed and a new one opened): the same game, the same hand, nothing played meanwhile."""

    async def check() -> None:
        async with serving("riichi --seed 4 --delay 0") as (client, server):
            ws = await client.ws_connect(f"/ws?tab={TAB}")
            assert (await receive(ws, "hello"))["tab"] == TAB
            state = await settled(ws)
            hand = state["hand"]
            session = only_table(server).session
            await ws.close()
            await kept(server)
            assert not server.tables
            again = await client.ws_connect(f"/ws?tab={TAB}")
            assert (await receive(again, "hello"))["tab"] == TAB
            resumed = await settled(again)
            assert only_table(server).session is session
            assert resumed["hand"] == hand and resumed["to_act"]
            assert server.tabs[TAB].kept is None
            await again.close()
            await kept(server)
        assert not server.tabs  # the server stopped: the kept table ended with it

    run(check())


def test_a_kept_table_ends_after_the_grace_and_gives_way_to_a_new_tab() -> None:
    async def check() -> None:
        async with serving("riichi --seed 4 --delay 0", grace=0.2, limit=1) as (client, server):
            ws = await client.ws_connect(f"/ws?tab={TAB}")
            await settled(ws)
            first = only_table(server).session
            await ws.close()
            await asyncio.sleep(0.6)
            assert not server.tabs
            ws = await client.ws_connect(f"/ws?tab={TAB}")
            await settled(ws)
            assert only_table(server).session is not first  # a new game
            await ws.close()
            await kept(server)
            other = await client.ws_connect("/ws?tab=" + "f" * 32)  # the server is full
            await settled(other)  # ...but a table kept for a reload gives way
            assert TAB not in server.tabs and len(server.tables) == 1

    run(check())


def test_a_duplicated_tab_gets_a_game_of_its_own() -> None:
    """Two pages naming the same tab at once (a duplicated browser tab copies its token):
    the second gets a new token and a new table."""

    async def check() -> None:
        async with serving("riichi --seed 4 --delay 0") as (client, server):
            ws = await client.ws_connect(f"/ws?tab={TAB}")
            await settled(ws)
            twin = await client.ws_connect(f"/ws?tab={TAB}")
            token = (await receive(twin, "hello"))["tab"]
            assert token != TAB and len(token) == 32
            await settled(twin)
            sessions = {id(t.session) for t in server.tables}
            assert len(sessions) == 2 and set(server.tabs) == {TAB, token}

    run(check())


def test_a_page_under_another_sites_name_is_refused() -> None:
    """DNS rebinding: a page of evil.example that resolves to this server reaches it with its
    own name as the host; the table does not open."""

    async def check() -> None:
        async with serving("riichi --delay 0") as (client, _server):
            headers = {"Host": "evil.example:8000", "Origin": "http://evil.example:8000"}
            response = await client.get("/ws", headers=headers)
            assert response.status == 403

    run(check())


def test_a_new_game_with_another_preset_and_seed() -> None:
    async def check() -> None:
        async with serving("riichi --seed 1 --delay 0") as (client, server):
            ws = await client.ws_connect("/ws")
            hello = await receive(ws, "hello")
            assert "tenhou" in hello["presets"] and hello["rules"] == "seed"
            await settled(ws)
            await ws.send_json({"type": "new", "rules": "tenhou", "seed": 9})
            again = await receive(ws, "hello")
            assert again["rules"] == "tenhou"
            await settled(ws)
            assert only_table(server).session.seed == 9
            assert only_table(server).session.family.rules == Ruleset.preset("tenhou")

    run(check())


def test_the_american_card_and_advice_on_demand() -> None:
    async def check() -> None:
        async with serving("american --seed 1 --delay 0") as (client, _):
            ws = await client.ws_connect("/ws")
            await settled(ws)
            await ws.send_json({"type": "card"})
            card = (await receive(ws, "card"))["card"]
            hands = [h for s in card["sections"] for h in s["hands"]]
            assert hands and any(h["away"] is not None for h in hands)
            assert all(len([t for g in h["groups"] for t in g["tiles"]]) == 14 for h in hands)
            await ws.send_json({"type": "advice"})
            advice = await receive(ws, "advice")
            assert advice["lines"][0]["key"] == "advice.nearest"

    run(check())
