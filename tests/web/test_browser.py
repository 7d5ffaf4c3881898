"""The web table in a real browser: Playwright driving Debian's Chromium (``/usr/bin/chromium``,
never a downloaded one). Seat 0 is played as the family's agent decides, by clicks or by keys
only, against the server in this process (AI delay 0). Skipped, saying why, without Playwright
or Chromium."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from mahjong.play.web.server import Server
from web.driver import Step, next_steps, only_table, threaded

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - the test extra has it
    sync_playwright = None


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
    any that would leave 127.0.0.1 is refused."""

    def __init__(self, browser: Browser, url: str, server: Server) -> None:
        self.url, self.server = url, server
        self.requests: list[str] = []
        self.context = browser.new_context(viewport={"width": 1400, "height": 950}, bypass_csp=True)
        self.page: Page = self.context.new_page()
        self.page.route("**/*", self._route)
        self.page.on("websocket", lambda ws: self.requests.append(ws.url))
        self.page.goto(url)
        self.page.wait_for_selector('[data-hand="0"] [data-tile]')
        self.page.wait_for_function("document.body.dataset.toAct === '1'")

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

    def do(self, step: Step, keys: bool) -> None:
        kind, what, way = step
        page = self.page
        if kind == "tile":
            tiles = page.locator(f'[data-hand="0"] [data-tile="{what}"]:not([data-picked])')
            target = tiles.first
            if keys:
                index = int(target.get_attribute("data-index") or 0)
                selected = page.locator('[data-hand="0"] .selected')
                at = int(selected.get_attribute("data-index") or 0) if selected.count() else 0
                for _ in range(abs(index - at)):
                    page.keyboard.press("ArrowRight" if index > at else "ArrowLeft")
                page.keyboard.press("Enter")
            else:
                if "selected" not in (target.get_attribute("class") or ""):
                    target.click()
                    target = page.locator(
                        f'[data-hand="0"] [data-index="{target_index(page, what)}"]'
                    )
                target.click()
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


def target_index(page: Page, tile: str) -> int:
    """The index of the first not picked copy of `tile` in the hand as shown."""
    return int(
        page.locator(
            f'[data-hand="0"] [data-tile="{tile}"]:not([data-picked])'
        ).first.get_attribute("data-index")
        or 0
    )


@pytest.fixture
def open_table(browser: Browser) -> Iterator[Any]:
    opened: list[tuple[Table, Any]] = []

    def start(argv: str) -> Table:
        serving = threaded(argv)
        url, server = serving.__enter__()
        table = Table(browser, url, server)
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


# -- tests ----------------------------------------------------------------------------------


def test_a_whole_riichi_deal_by_clicks_to_the_result(open_table: Any) -> None:
    table = open_table("riichi --seed 1 --delay 0")
    page = table.page
    # The root URL shows a dealt table without a click, every tile named for a screen reader.
    assert len(table.hand()) == 14
    labels = page.eval_on_selector_all("[data-tile]", "els => els.map(e => e.ariaLabel)")
    assert labels and all(labels)
    assert page.locator('[data-pond="1"]').count() == 1
    table.play_deal()
    result = page.locator("#result")
    text = result.inner_text()
    assert ("han" in text and "Yaku" in text) or "Draw" in text
    assert "Scores" in text
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


def test_a_whole_american_game_by_clicks_to_the_result(open_table: Any) -> None:
    table = open_table("american --games 1 --seed 1 --delay 0")
    page = table.page
    assert len(table.hand()) in (13, 14)
    assert (
        "Joker"
        in " ".join(page.eval_on_selector_all("[data-tile]", "els => els.map(e => e.ariaLabel)"))
        or "J" not in table.hand()
    )
    table.play_deal()
    text = page.locator("#result").inner_text()
    assert "Card hand" in text or "Wall game" in text
    assert "Scores" in text
    assert page.locator("[data-standings]").count() == 1  # one game: the session is over
    assert_offline(table)


def test_a_chi_two_ways_chosen_by_its_picture(open_table: Any) -> None:
    table = open_table("riichi --seed 5 --delay 0")
    assert table.play_until(lambda s: sum(a.type == "chi" for a in s.legal()) > 1)
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
    meld = page.locator("#you-melds [data-tile]").evaluate_all(
        "els => els.map(e => e.dataset.tile)"
    )
    assert sorted(meld) == sorted(chosen)


def test_riichi_shows_the_discards_that_keep_tenpai(open_table: Any) -> None:
    # Seed 4 offers a riichi against efficiency players.
    table = open_table("riichi --seed 4 --delay 0 --agents efficiency,efficiency,efficiency")
    assert table.play_until(lambda s: next_steps(s)[0] == ("choose", "r", None))
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
    assert page.locator("#you .badge.stick").count() == 1
    assert page.locator('[data-pond="0"] .tile.side').count() == 1


def test_an_exposure_with_a_joker_and_a_joker_exchange(open_table: Any) -> None:
    table = open_table("american --seed 0 --delay 0")
    page = table.page

    def with_joker(session: Any) -> bool:
        return any(a.type == "expose" and (a.jokers or 0) > 0 for a in session.legal())

    assert table.play_until(with_joker)
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

    other = open_table("american --seed 0 --delay 0")
    page = other.page

    def exchange(session: Any) -> bool:
        return any(a.type == "joker_exchange" for a in session.legal())

    assert other.play_until(exchange)
    action = next(a for a in other.session.legal() if a.type == "joker_exchange")
    joker = page.locator(f'#side-{action.target} .tile.exchangeable[data-tile="J"]').first
    jokers_before = other.hand().count("J")
    before = other.seq()
    joker.click()  # clicking the exposed joker gives the tile for it
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


def test_settings_are_kept_in_the_browser(open_table: Any) -> None:
    table = open_table("riichi --seed 1 --delay 0")
    page = table.page
    page.locator("#menu-button").click()
    page.locator("#set-lang").select_option("ms")
    page.locator("#set-theme").select_option("dark")
    page.locator("#set-size").fill("60")
    page.locator("#set-size").dispatch_event("change")
    page.locator("#menu-close").click()
    page.reload()
    page.wait_for_selector('[data-hand="0"] [data-tile]')
    assert page.evaluate("document.body.dataset.theme") == "dark"
    assert page.locator("html").get_attribute("lang") == "ms"
    labels = page.eval_on_selector_all(
        '[data-hand="0"] [data-tile]', "els => els.map(e => e.ariaLabel)"
    )
    assert any("Angin" in label or "Naga" in label or label[0].isdigit() for label in labels)
    width = page.locator('[data-hand="0"] [data-tile]').first.bounding_box()
    assert width is not None and abs(width["width"] - 60) < 1
    assert_offline(table)
