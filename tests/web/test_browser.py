"""The web table in a real browser: Playwright driving Debian's Chromium (``/usr/bin/chromium``,
never a downloaded one). Seat 0 is played as the family's agent decides, by clicks or by keys
only, against the server in this process (AI delay 0). Skipped, saying why, without Playwright
or Chromium."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from mahjong.play.snapshot import build
from mahjong.play.web.server import Server
from web.driver import Step, message, next_steps, only_table, threaded, wall_of, walled

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - the test extra has it
    sync_playwright = None

# English words a Malay page must not show (card text, the card file's own words, aside).
ENGLISH = {
    "the",
    "and",
    "you",
    "your",
    "discard",
    "discards",
    "hand",
    "tile",
    "tiles",
    "wall",
    "deal",
    "dealer",
    "game",
    "points",
    "pass",
    "draw",
    "won",
    "wins",
    "left",
    "right",
    "across",
    "wait",
    "waits",
    "score",
    "scores",
    "payments",
    "total",
    "rank",
    "result",
    "rules",
    "settings",
    "help",
    "east",
    "south",
    "west",
    "north",
    "dragon",
    "wind",
    "red",
    "green",
    "white",
    "turn",
    "player",
    "players",
    "called",
    "from",
    "with",
    "of",
    "is",
    "to",
    "for",
    "not",
    "by",
    "on",
    "deposits",
    "sticks",
    "concealed",
    "next",
    "new",
    "save",
    "back",
    "close",
    "seed",
    "step",
    "round",
    "dead",
    "none",
    "nobody",
    "value",
}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if sync_playwright is None:
        pytest.skip("the browser tests need playwright (pip install playwright)")
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip(f"the browser tests need Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


class Table:
    """A page of the table and its server; every request the page makes is recorded, and
    any that would leave 127.0.0.1 is refused. `query` is added to the page's address."""

    def __init__(
        self, browser: Browser, url: str, server: Server, size: tuple[int, int], query: str
    ) -> None:
        self.url, self.server = url, server
        self.requests: list[str] = []
        viewport = {"width": size[0], "height": size[1]}
        self.context = browser.new_context(viewport=viewport, bypass_csp=True)  # type: ignore[arg-type]
        self.page: Page = self.context.new_page()
        self.page.route("**/*", self._route)
        self.page.on("websocket", lambda ws: self.requests.append(ws.url))
        self.page.goto(url + query)
        self.ready()

    def ready(self) -> None:
        self.page.wait_for_selector('[data-hand="0"] [data-tile]')
        self.page.wait_for_function(
            "document.body.dataset.toAct === '1' || document.body.dataset.dealOver === '1'"
        )

    def _route(self, route: Any) -> None:
        self.requests.append(route.request.url)
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            route.abort()

    def close(self) -> None:
        self.context.close()

    @property
    def session(self) -> Any:
        return only_table(self.server).session

    def seq(self) -> int:
        return int(self.page.evaluate("+(document.body.dataset.seq || 0)"))

    def wait_after(self, before: int, settled: bool = False) -> None:
        """Until a state newer than `before` came (and, `settled`, seat 0 must act or the
        deal is over)."""
        condition = f"+(document.body.dataset.seq || 0) > {before}"
        if settled:
            body = "document.body.dataset"
            condition += f" && ({body}.toAct === '1' || {body}.dealOver === '1')"
        self.page.wait_for_function(condition, timeout=30000)

    def hand(self) -> list[str]:
        return list(
            self.page.eval_on_selector_all(
                '[data-hand="0"] [data-tile]', "els => els.map(e => e.dataset.tile)"
            )
        )

    def selected(self) -> int:
        found = self.page.locator('[data-hand="0"] .selected')
        return int(found.get_attribute("data-index") or -1) if found.count() else -1

    def do(self, step: Step, keys: bool) -> None:
        kind, what, way = step
        page = self.page
        if kind == "tile":
            target = page.locator(f'[data-hand="0"] [data-tile="{what}"]:not([data-picked])').first
            index = int(target.get_attribute("data-index") or 0)
            if keys:
                at = self.selected()
                if at < 0:
                    page.keyboard.press("ArrowRight")  # selects the first tile
                    at = 0
                for _ in range(abs(index - at)):
                    page.keyboard.press("ArrowRight" if index > at else "ArrowLeft")
                page.keyboard.press("Enter")
            else:
                if self.selected() != index:
                    target.click()
                page.locator(f'[data-hand="0"] [data-index="{index}"]').click()
            return
        buttons = page.locator(f'#actions [data-key="{what}"]')
        several = buttons.count() > 1
        if keys:
            page.keyboard.press(" " if what == "x" else what)
            if several:
                page.keyboard.press(str(way + 1))
        elif several:
            page.locator(f'#actions [data-key="{what}"][data-way="{way}"]').click()
        else:
            buttons.first.click()

    def play(self, steps: list[Step], keys: bool = False) -> None:
        """Does one decision of seat 0 and waits until the AIs have played on."""
        for step in steps:
            before = self.seq()
            self.do(step, keys)
            self.wait_after(before, settled=step is steps[-1])

    def play_until(self, wanted: Any, keys: bool = False, limit: int = 300) -> bool:
        """Plays as the agent until `wanted(session)` holds when seat 0 must act (True) or
        the deal is over (False)."""
        for _ in range(limit):
            if self.page.evaluate("document.body.dataset.dealOver") == "1":
                return False
            session = self.session
            if session.human_to_act() and wanted(session):
                return True
            self.play(next_steps(session), keys)
        raise AssertionError("the deal did not end")

    def play_deal(self, keys: bool = False) -> None:
        assert not self.play_until(lambda s: False, keys)
        self.page.wait_for_selector("#result:not([hidden])")

    def send_until(self, wanted: Any) -> bool:
        """Like :meth:`play_until`, by the page's own messages (no clicks: quicker)."""
        for _ in range(300):
            if self.page.evaluate("document.body.dataset.dealOver") == "1":
                return False
            session = self.session
            if session.human_to_act() and wanted(session):
                return True
            steps = next_steps(session)
            for step in steps:
                before = self.seq()
                self.page.evaluate("m => send(m)", message(step))
                self.wait_after(before, settled=step is steps[-1])
        raise AssertionError("the deal did not end")

    def text(self, selector: str = "body") -> str:
        """The words shown under `selector`: its text and its elements' labels and titles."""
        return str(
            self.page.evaluate(
                """s => { const el = document.querySelector(s);
                  const named = [...el.querySelectorAll('[aria-label], [title]')]
                    .map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.title || ''));
                  return el.innerText + ' ' + named.join(' '); }""",
                selector,
            )
        )


@pytest.fixture
def open_table(browser: Browser) -> Iterator[Any]:
    opened: list[tuple[Table, Any]] = []

    def start(
        argv: str, size: tuple[int, int] = (1280, 800), query: str = "", **changes: Any
    ) -> Table:
        serving = threaded(argv, **changes)
        url, server = serving.__enter__()
        table = Table(browser, url, server, size, query)
        opened.append((table, serving))
        return table

    yield start
    for table, serving in opened:
        table.close()
        serving.__exit__(None, None, None)


def assert_offline(table: Table) -> None:
    assert table.requests, "no request recorded"
    for url in table.requests:
        assert urlsplit(url).hostname == "127.0.0.1", f"a request left 127.0.0.1: {url}"


def watch_concealed(table: Table) -> list[list[int]]:
    """From now on records what the engine holds concealed per seat when each state is sent,
    and makes the page record, for every state it draws, the concealed tiles it shows per
    seat (the others' backs, your hand's tiles)."""
    held: list[list[int]] = []

    def sent(at: Any, message: dict[str, Any]) -> None:
        if message["type"] == "state":
            deal = at.session.deal
            held.append([len(deal.observation(seat)["hand"]) for seat in range(deal.players)])

    table.server.on_send = sent
    table.page.evaluate(
        """() => { window.shownConcealed = [];
          const draw = onState;
          const hand = () => document.querySelectorAll('[data-hand="0"] [data-tile]').length;
          onState = (m) => { draw(m); window.shownConcealed.push([...document.querySelectorAll(
            '#board .seat')].sort((a, b) => a.dataset.seat - b.dataset.seat).map((el) =>
            el.dataset.seat === '0' ? hand() : el.querySelectorAll('.backs .tile').length)); }; }"""
    )
    return held


def assert_concealed(table: Table, held: list[list[int]]) -> None:
    """Every state drawn showed the concealed tiles the engine held when it was sent."""
    shown = table.page.evaluate("window.shownConcealed")
    assert len(shown) > 10 and len(shown) == len(held)
    assert shown == held


# -- tests ----------------------------------------------------------------------------------


def test_one_click_selects_a_second_click_discards(open_table: Any) -> None:
    table = open_table("riichi --seed 1 --delay 0")
    page = table.page
    assert len(table.hand()) == 14
    assert table.selected() == -1, "nothing is chosen for you"
    assert page.locator('#actions [data-act="tile"]').is_disabled()
    events = table.session.deal.event_count()
    tile = page.locator('[data-hand="0"] [data-index="3"]')
    tile.click()
    page.wait_for_timeout(300)
    assert table.session.deal.event_count() == events, "one click discarded"
    assert table.selected() == 3 and not page.locator('#actions [data-act="tile"]').is_disabled()
    name = tile.get_attribute("data-tile")
    before = table.seq()
    tile.click()
    table.wait_after(before, settled=True)
    assert page.locator('[data-pond="0"] [data-tile]').first.get_attribute("data-tile") == name
    assert table.selected() == -1, "the next turn starts with nothing selected"


def test_a_whole_riichi_deal_by_clicks_to_the_result(open_table: Any) -> None:
    table = open_table("riichi --seed 1 --delay 0")
    page = table.page
    labels = page.eval_on_selector_all("[data-tile]", "els => els.map(e => e.ariaLabel)")
    assert labels and all(labels)
    watched = watch_concealed(table)
    table.play_deal()
    assert_concealed(table, watched)
    result = page.locator("#result")
    text = result.inner_text()
    assert ("han" in text and "fu" in text) or "Draw" in text
    payments = page.locator("[data-payments] tr.sum td").all_inner_texts()
    assert sum(int(v.replace(",", "")) for v in payments) == 0  # the total sums to zero
    assert page.locator("[data-standings]").count() == 1
    with page.expect_download() as download:
        page.locator("#save-button").click()
    saved = Path(download.value.path()).read_text()
    assert '"start_kyoku"' in saved and '"end_kyoku"' in saved
    page.locator("#replay-button").click()
    page.wait_for_selector("#replay-bar:not([hidden])")
    first = page.locator("#replay-step").inner_text()
    page.locator("#replay-next").click()
    page.locator("#replay-next").click()
    assert page.locator("#replay-step").inner_text() != first
    page.locator("#replay-end").click()
    page.wait_for_selector("#result:not([hidden])")
    assert_offline(table)


def test_a_whole_american_game_in_malay(open_table: Any) -> None:
    """A whole American game with the page in Malay (``?lang=ms``): the concealed count of
    every seat as the engine holds it at every state, and no English word on the table, the
    result or the rules."""
    table = open_table("american --games 1 --seed 1 --delay 0", query="?lang=ms")
    page = table.page
    assert page.locator("html").get_attribute("lang") == "ms"
    watched = watch_concealed(table)
    assert_malay(table, "#look")
    assert table.send_until(lambda s: s.observation()["step"] is None)  # the Charleston done
    assert_malay(table, "#look")
    assert not table.send_until(lambda s: False)
    page.wait_for_selector("#result:not([hidden])")
    assert_concealed(table, watched)
    assert_malay(table, "#result")
    assert page.locator("[data-standings]").count() == 1  # one game: the session is over
    page.locator("#rules-button").click()
    page.wait_for_selector("#page[open]")
    assert_malay(table, "#page")
    assert_offline(table)


def assert_malay(table: Table, selector: str) -> None:
    words = set(re.findall(r"[a-z]+", table.text(selector).lower()))
    assert not words & ENGLISH, f"English on the Malay page: {sorted(words & ENGLISH)}"


def test_riichi_in_malay_the_table_the_result_and_the_help(open_table: Any) -> None:
    table = open_table("riichi --seed 1 --delay 0", size=(800, 600))
    table.page.evaluate("localStorage.setItem('lang', 'ms')")
    table.page.reload()
    table.ready()
    assert_malay(table, "#look")
    table.page.keyboard.press("h")  # help with the hand
    table.page.wait_for_selector("#page[open]")
    assert_malay(table, "#page")
    table.page.locator("#page-close").click()
    table.page.keyboard.press("?")  # the menu and its keys
    assert_malay(table, "#keys-help")
    table.page.locator("#menu-close").click()
    assert not table.send_until(lambda s: False)
    table.page.wait_for_selector("#result:not([hidden])")
    assert_malay(table, "#result")
    assert_malay(table, "#look")


def test_the_seats_sit_around_the_centre(open_table: Any) -> None:
    table = open_table("riichi --seed 1 --delay 0")
    box = {
        name: table.page.locator(selector).bounding_box()
        for name, selector in [
            ("centre", "#centre"),
            ("right", '.seat[data-seat="1"]'),
            ("top", '.seat[data-seat="2"]'),
            ("left", '.seat[data-seat="3"]'),
            ("bottom", '.seat[data-seat="0"]'),
        ]
    }
    centre = box["centre"]
    assert centre is not None
    assert all(b is not None for b in box.values())
    assert box["left"]["x"] + box["left"]["width"] <= centre["x"] + 1  # type: ignore[index]
    assert box["right"]["x"] >= centre["x"] + centre["width"] - 1  # type: ignore[index]
    assert box["top"]["y"] + box["top"]["height"] <= centre["y"] + 1  # type: ignore[index]
    assert box["bottom"]["y"] >= centre["y"] + centre["height"] - 1  # type: ignore[index]
    for seat, place in enumerate(["bottom", "right", "top", "left"]):
        pond = table.page.locator(f'[data-pond="{seat}"]')
        assert pond.get_attribute("data-place") == place


def test_a_three_player_deal_with_a_kita(open_table: Any) -> None:
    """Three-player rules (seed 15 deals you a North to set aside at once): three seats, the
    next on the right and the previous on the left with no one across; the Kita button sets
    the North aside beside your hand and you draw a replacement; the deal played to its
    result with every seat's concealed count the engine's, payments in three columns that
    sum to zero, and no sideways scroll at 1280x800."""
    table = open_table("riichi --rules tenhou-sanma --seed 15 --delay 0")
    page = table.page
    assert page.locator("#board .seat").count() == 3
    assert page.locator("#board").get_attribute("data-seats") == "3"
    places = {seat: f'.seat[data-seat="{seat}"]' for seat in range(3)}
    box = {seat: page.locator(selector).bounding_box() for seat, selector in places.items()}
    centre = page.locator("#centre").bounding_box()
    assert centre is not None and all(b is not None for b in box.values())
    assert box[1]["x"] >= centre["x"] + centre["width"] - 1  # type: ignore[index]
    assert box[2]["x"] + box[2]["width"] <= centre["x"] + 1  # type: ignore[index]
    for seat, place in enumerate(["bottom", "right", "left"]):
        assert page.locator(f'[data-pond="{seat}"]').get_attribute("data-place") == place
    kita = page.locator('#actions [data-key="n"]')
    assert kita.count() == 1 and kita.inner_text().strip().endswith("Kita")
    watched = watch_concealed(table)
    before = table.seq()
    kita.click()
    table.wait_after(before, settled=True)
    assert list(table.session.observation()["players"][0]["kita"]) == ["N"]
    assert page.locator('#you-melds .kita[data-tile="N"]').count() == 1
    assert len(table.hand()) == 14  # the replacement drawn, a tile to discard
    assert "kita" in page.locator("#log").inner_text().lower()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    table.play_deal()
    assert_concealed(table, watched)
    head = page.locator("[data-payments] tr").first.locator("th").all_inner_texts()
    assert [h for h in head if h.strip()][:3] == ["You", "Kiri", "Sora"] and "Mina" not in head
    payments = page.locator("[data-payments] tr.sum td").all_inner_texts()
    assert len(payments) in (3, 4)  # a column per seat (and the table's, when it has any)
    assert sum(int(v.replace(",", "")) for v in payments) == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280


@pytest.mark.parametrize("size", [(800, 600), (390, 844)])
def test_small_windows_keep_the_hand_and_the_buttons_in_view(
    open_table: Any, size: tuple[int, int]
) -> None:
    """No sideways scroll, and your hand and every button inside the window, with a call
    offered two ways (the most buttons) and after many discards."""
    table = open_table("riichi --seed 5 --delay 0", size=size)
    assert table.send_until(lambda s: sum(a.type == "chi" for a in s.legal()) > 1)
    page = table.page
    width, height = size
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    inside = [
        "#hand [data-tile]",
        "#actions button",
        "#board .pond [data-tile]",
        "#board .backs",
        "#centre",
    ]
    for selector in inside:
        for i in range(page.locator(selector).count()):
            b = page.locator(selector).nth(i).bounding_box()
            assert b is not None, selector
            assert b["x"] >= 0 and b["y"] >= 0, (selector, i, b)
            assert b["x"] + b["width"] <= width + 0.5, (selector, i, b)
            assert b["y"] + b["height"] <= height + 0.5, (selector, i, b)


def test_a_chi_two_ways_chosen_by_its_picture_and_the_meld_whole(open_table: Any) -> None:
    table = open_table("riichi --seed 5 --delay 0")
    assert table.send_until(lambda s: sum(a.type == "chi" for a in s.legal()) > 1)
    page = table.page
    ways = page.locator('#actions [data-key="c"]')
    assert ways.count() >= 2
    pictures = [
        ways.nth(i).locator("[data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")
        for i in range(ways.count())
    ]
    assert len({tuple(sorted(p)) for p in pictures}) == len(pictures)  # each way its tiles
    chosen = pictures[-1]
    before = table.seq()
    ways.nth(ways.count() - 1).click()
    table.wait_after(before)
    melds = page.locator("#you-melds [data-tile]")
    assert sorted(melds.evaluate_all("els => els.map(e => e.dataset.tile)")) == sorted(chosen)
    assert page.locator("#you-melds .tile.t270").count() == 1  # the called tile, sideways
    boxes = [melds.nth(i).bounding_box() for i in range(melds.count())]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a is not None and b is not None
            apart = a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
            assert apart, f"meld tiles overlap: {a} {b}"


def test_riichi_shows_the_discards_that_keep_tenpai(open_table: Any) -> None:
    # Seed 4 offers a riichi against efficiency players.
    table = open_table("riichi --seed 4 --delay 0 --agents efficiency,efficiency,efficiency")
    assert table.send_until(lambda s: next_steps(s)[0] == ("choose", "r", None))
    page = table.page
    legal = {a.tile for a in table.session.legal() if a.type == "riichi"}
    before = table.seq()
    page.locator('#actions [data-key="r"]').click()
    table.wait_after(before)
    lit = set(
        page.eval_on_selector_all(
            '[data-hand="0"] .playable', "els => els.map(e => e.dataset.tile)"
        )
    )
    assert lit == legal
    table.play(next_steps(table.session)[1:])
    assert page.locator('.seat[data-seat="0"] [data-mark="mark.riichi"]').count() == 1
    assert page.locator('[data-pond="0"] .tile.t270').count() == 1  # the riichi tile sideways


def test_waits_and_furiten_after_a_riichi(open_table: Any) -> None:
    """Dealt from a wall: you discard 4s, draw into tenpai waiting on 4s and 7s and declare
    riichi: the waits, how many of each are not in sight, and furiten (a wait among your own
    discards) are shown by your hand."""
    wall = wall_of(
        [
            ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "5s", "6s", "N"],
            None,
            None,
            None,
        ],
        ["4s", "1p"],
        {1: ["2s", "3s", "4s", "5s", "6s", "7s", "N"], 2: ["4s", "7s", "N"], 3: ["4s", "7s", "N"]},
    )
    table = open_table("riichi --seed 1 --delay 0", make_family=walled(wall))
    page = table.page
    assert page.locator("#waits .wait").count() == 0
    table.play([("tile", "4s", None)])
    while not any(a.type == "riichi" for a in table.session.legal()):
        table.play([("choose", "x", 0)])  # a call offered: pass
    table.play([("choose", "r", None), ("tile", "N", None)])
    page.wait_for_selector("#waits .wait")
    shown = page.eval_on_selector_all(
        "#waits .wait",
        "els => els.map(e => [e.dataset.wait, e.querySelector('.live').textContent])",
    )
    waits = build(table.session).hand.waits  # the live counts: the engine's tiles in sight
    assert [w for w, _ in shown] == ["4s", "7s"]
    assert shown == [[w.tile, "\u00d7" + str(w.live)] for w in waits]
    furiten = page.locator('#waits [data-furiten="furiten.discard"]')
    assert furiten.count() == 1 and "own discards" in furiten.inner_text()


def test_an_exposure_with_a_joker_and_a_joker_exchange(open_table: Any) -> None:
    table = open_table("american --seed 0 --delay 0")
    page = table.page

    def with_joker(session: Any) -> bool:
        return any(a.type == "expose" and (a.jokers or 0) > 0 for a in session.legal())

    assert table.send_until(with_joker)
    button = (
        page.locator('#actions [data-key="e"]').filter(has=page.locator('[data-tile="J"]')).first
    )
    pictured = button.locator("[data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")
    before = table.seq()
    button.click()
    table.wait_after(before)
    exposed = page.locator("#you-melds [data-tile]").evaluate_all(
        "els => els.map(e => e.dataset.tile)"
    )
    assert "J" in exposed and sorted(exposed) == sorted(pictured)
    assert page.locator('#you-melds [data-tile="J"]').first.get_attribute("aria-label") == "Joker"

    # the card agents: the seed's game reaches a joker exchange with them at the table
    other = open_table("american --seed 0 --delay 0 --agents card,card,card")
    page = other.page

    def exchange(session: Any) -> bool:
        return any(a.type == "joker_exchange" for a in session.legal())

    assert other.send_until(exchange)
    action = next(a for a in other.session.legal() if a.type == "joker_exchange")
    joker = page.locator(f'.seat[data-seat="{action.target}"] .tile.exchangeable[data-tile="J"]')
    jokers_before = other.hand().count("J")
    before = other.seq()
    joker.first.click()  # clicking the exposed joker gives the tile for it
    if page.locator("#actions .pending").count():
        page.locator("#actions .pending").first.click()
    other.wait_after(before)
    assert other.hand().count("J") == jokers_before + 1


def test_keyboard_only_play_of_a_whole_deal(open_table: Any) -> None:
    table = open_table("riichi --seed 2 --delay 0")
    table.play_deal(keys=True)
    page = table.page
    assert page.locator("#result").is_visible()
    before = table.seq()
    page.keyboard.press("n")  # next deal (a new game after the seed preset's one deal)
    table.wait_after(before, settled=True)
    assert page.locator("#result").is_hidden()


def test_a_reload_resumes_the_same_game_after_a_warning(open_table: Any) -> None:
    table = open_table("riichi --seed 3 --delay 0")
    page = table.page
    table.play(next_steps(table.session))
    table.play(next_steps(table.session))
    session, hand = table.session, table.hand()
    pond = page.eval_on_selector_all('[data-pond="0"] [data-tile]', "els => els.length")
    dialogs: list[str] = []

    def leave(dialog: Any) -> None:
        dialogs.append(dialog.type)
        dialog.accept()

    page.on("dialog", leave)
    page.reload()
    table.ready()
    assert dialogs == ["beforeunload"], "no warning before leaving a game"
    assert table.session is session and table.hand() == hand
    assert page.eval_on_selector_all('[data-pond="0"] [data-tile]', "els => els.length") == pond


def test_the_log_is_saved_in_the_middle_of_a_game(open_table: Any) -> None:
    table = open_table("riichi --seed 3 --delay 0")
    table.play(next_steps(table.session))
    with table.page.expect_download() as download:
        table.page.keyboard.press("s")
    saved = Path(download.value.path()).read_text()
    assert '"start_kyoku"' in saved and "seed" not in saved
    assert download.value.suggested_filename == "riichi-game1-so-far.jsonl"


def test_settings_are_kept_in_the_browser(open_table: Any) -> None:
    table = open_table("riichi --seed 1 --delay 0")
    page = table.page
    page.locator("#set-lang").select_option("ms")
    page.locator("#set-contrast").fill("80")
    page.locator("#set-temperature").fill("20")
    page.locator("#menu-button").click()
    page.locator("#set-theme").select_option("high")
    page.locator("#set-size").fill("60")
    page.locator("#set-size").dispatch_event("change")
    page.locator("#menu-close").click()
    page.on("dialog", lambda dialog: dialog.accept())
    page.reload()
    table.ready()
    assert page.evaluate("document.body.dataset.theme") == "high"
    style = "e => [getComputedStyle(e).fill, getComputedStyle(e).stroke]"
    indicator = page.locator("#centre [data-tile] .tile-face").first.evaluate(style)
    assert indicator == ["rgb(255, 255, 255)", "rgb(0, 0, 0)"]  # white faces, black edges: apart
    playable = page.locator('[data-hand="0"] .playable .tile-face').first.evaluate(style)
    assert playable == ["rgb(255, 255, 255)", "rgb(255, 255, 0)"]  # a tile to play: yellow edges
    assert page.evaluate("localStorage.getItem('lang')") == "ms"
    assert page.locator("html").get_attribute("lang") == "ms"
    assert page.locator("#out-contrast").inner_text() == "80%"
    assert page.locator("#set-temperature").input_value() == "20"
    assert page.locator("#rules-button").inner_text() == "Peraturan"
    labels = page.eval_on_selector_all(
        '[data-hand="0"] [data-tile]', "els => els.map(e => e.ariaLabel)"
    )
    assert labels and not any("East" in label for label in labels)
    assert (
        page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--tile-w')")
        == "60px"
    )
    assert_offline(table)
