"""The textual table through textual's test pilot, for both families: keys and clicks, what
the screen shows at 80x24, and every button drawn whole.

Most tests first bring a session to the situation they need without the user interface
(:func:`play.support.situation`), then open the table on it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Static

from mahjong.play import app as app_module
from mahjong.play.app import PAGE_WIDTH, ConfirmScreen, PageScreen, PlayApp, TileView
from mahjong.play.session import HUMAN, Session
from mahjong.riichi import Ruleset
from play.support import (
    SITUATIONS,
    SMALL,
    advance_to,
    american,
    assert_buttons_whole,
    buttons,
    play_deal,
    riichi,
    screen,
    screen_lines,
    select,
    situation,
)

Check = Callable[[Pilot[None], PlayApp], Awaitable[None]]


def run(
    session: Session[Any], check: Check, size: tuple[int, int] = SMALL, **options: Any
) -> PlayApp:
    """Opens the table on `session` and runs `check` on it."""
    options.setdefault("delay", 0)
    options.setdefault("ascii_tiles", True)
    app = PlayApp(session, **options)

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await check(pilot, app)

    asyncio.run(main())
    return app


def assert_all_shown(app: PlayApp, text: str) -> None:
    """Each line of `text` is on screen (its first 40 characters: a long line may wrap)."""
    shown = screen(app)
    for line in text.splitlines():
        assert line.strip()[:40] in shown, f"{line!r} is not on screen:\n{shown}"


@pytest.mark.parametrize("family", [riichi, american])
def test_the_first_screen_is_the_dealt_table(family: Callable[[], Any]) -> None:
    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        text = screen(app)
        assert not app.busy and "The AIs are playing" not in text
        assert "seed 7" in text
        for tile in app.session.observation()["hand"]:
            assert app.words.label(tile) in text
        assert "Your turn" in text or "pick 3 tiles to pass" in text
        assert_buttons_whole(app)

    run(Session(family(), 7), check, delay=0.6)


def test_a_whole_riichi_deal_at_80x24_by_keys() -> None:
    """Every button is whole at every decision, and the result with the standings fits."""

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        await play_deal(pilot, app, each=lambda _: assert_buttons_whole(app))
        await pilot.pause()
        assert_buttons_whole(app)
        session = app.session
        assert session.game_over  # the seed preset plays one deal
        assert_all_shown(app, app._result_text().plain)
        assert "Final standings" in app._result_text().plain
        assert {b.label for b in buttons(app)} >= {"New game", "Again", "Save", "Quit"}

    run(Session(riichi(), 2), check)


def test_a_three_player_deal_with_a_kita_at_80x24() -> None:
    """Three-player rules (seed 15: a North to set aside at once): the two AIs on your right
    and left, nobody across; ``n`` sets the North aside, shown by your name; the deal played
    by keys to a result whose payments have a column for each of the three players."""

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        text = screen(app)
        assert "Kiri (AI, right)" in text and "Sora (AI, left)" in text
        assert "across" not in text and "Mina" not in text
        assert any(b.key == "n" and b.label == "Kita" for b in buttons(app))
        await pilot.press("n")
        await pilot.pause()
        assert list(app.session.observation()["players"][0]["kita"]) == ["N"]
        assert "kita: N" in screen(app)
        await play_deal(pilot, app, each=lambda _: assert_buttons_whole(app))
        await pilot.pause()
        payments = app._payments().plain.splitlines()
        assert payments[0].split()[:3] == ["You", "Kiri", "Sora"] and "Mina" not in payments[0]
        total = payments[-1].split()[1:]
        assert len(total) in (3, 4) and sum(int(v.replace(",", "")) for v in total) == 0
        assert_buttons_whole(app)

    run(Session(riichi(Ruleset.preset("tenhou-sanma")), 15), check)


def test_a_whole_american_game_at_80x24_with_the_mouse() -> None:
    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        done = await play_deal(pilot, app, clicks=True, each=lambda _: assert_buttons_whole(app))
        assert {"pass_tile", "vote", "courtesy", "discard"} <= {a.type for a in done}
        await pilot.pause()
        assert_all_shown(app, app._result_text().plain)
        assert "Final standings" in app._result_text().plain
        assert_buttons_whole(app)

    run(Session(american(), 3), check)


def test_a_chi_two_ways_shows_both_ways_tiles() -> None:
    session = situation(*SITUATIONS["chi"])
    chis = [a for a in session.legal() if a.type == "chi"]

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        assert "c Chi (2 ways)" in screen(app)
        await pilot.press("c")
        labels = [b.label for b in buttons(app)]
        claimed = app.session.observation()["claim"][0]
        for chi in chis:
            tiles = sorted([claimed, *chi.consumed], key=app.family.sort_key)
            words = "Chi " + " ".join(app.words.label(t) for t in tiles)
            assert words in labels
        assert_buttons_whole(app)
        await pilot.press("escape")
        assert not app.ways and " x Pass " in screen(app)
        await pilot.press("c")
        await pilot.press("2")
        await pilot.pause()
        meld = app.session.observation()["players"][HUMAN]["melds"][-1]
        assert meld["type"] == "chi" and all(t in meld["tiles"] for t in chis[1].consumed)

    run(session, check)


def test_an_exposure_choice_shows_its_tiles() -> None:
    session = situation(*SITUATIONS["expose"])
    ways = [a for a in session.legal() if a.type == "expose"]
    claimed = session.observation()["claim"][0]

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        await pilot.press("e")
        labels = [b.label for b in buttons(app)]
        for way in ways:
            tiles = [claimed] * (way.size - way.jokers) + ["J"] * way.jokers
            assert "Expose " + " ".join(tiles) in labels
        assert_buttons_whole(app)
        await pilot.press("1")
        await pilot.pause()
        exposure = app.session.observation()["players"][HUMAN]["exposures"][-1]
        assert exposure["size"] == ways[0].size and exposure["jokers"] == ways[0].jokers

    run(session, check)


def test_the_charleston_picks_and_the_cursor_stops_at_the_ends() -> None:
    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        last = len(app._order) - 1
        for _ in range(last + 3):
            await pilot.press("right")
        assert app.selected == last  # no wrap to the first tile
        for _ in range(last + 3):
            await pilot.press("left")
        assert app.selected == 0
        tiles = app.query(TileView)
        await pilot.press("enter")
        assert tiles[0].has_class("picked") and app.family.picked(app.session) == [app._order[0]]
        await pilot.press("enter")  # the same tile again: put back
        assert not tiles[0].has_class("picked") and app.family.picked(app.session) == []
        picks = [i for i, t in enumerate(app._order) if t != "J"][:3]
        for i in picks:
            await select(pilot, app, i)
            await pilot.press("enter")
        assert "pass the 3 picked tiles" in screen(app)
        assert_buttons_whole(app)
        given = [app._order[i] for i in picks]
        await pilot.press("p")
        await pilot.pause()
        event = next(e for e in app.session.deal.events(0) if e["type"] == "charleston")
        assert sorted(event["given"][HUMAN]) == sorted(given)

    run(Session(american(), 1), check)


def test_a_joker_is_barred_in_the_charleston_and_says_why() -> None:
    seed = next(s for s in range(30) if "J" in Session(american(), s).observation()["hand"])

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        joker = app._order.index("J")
        assert app.query(TileView)[joker].has_class("barred")
        assert "Jokers are never passed" in screen(app)
        await select(pilot, app, joker)
        await pilot.press("enter")
        assert app.family.picked(app.session) == []

    run(Session(american(), seed), check)


@pytest.mark.parametrize("family", [riichi, american])
def test_the_drawn_tile_sits_apart(family: Callable[[], Any]) -> None:
    def drawn(session: Session[Any]) -> bool:
        return session.observation()["drawn"] is not None

    session = situation(family, drawn, 10)

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        tiles = [t for t in app.query(TileView) if t.display]
        assert tiles[-1].has_class("drawn") and not any(t.has_class("drawn") for t in tiles[:-1])
        assert app._order[-1] == app.session.observation()["drawn"]
        assert app.selected == len(tiles) - 1

    run(session, check)


def test_the_card_in_its_colours_with_the_joker_rule_and_values() -> None:
    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        await pilot.press("c")
        assert isinstance(app.screen, PageScreen)
        text = app.screen.text
        styles = {str(span.style) for span in text.spans}
        assert {"bold blue", "bold red", "bold green"} <= styles
        assert "Jokers stand in for any tile of a group of 3 or more" in text.plain
        assert "#1  FFF 2026 666 6666" in text.plain and "25 X" in text.plain
        assert ":a" not in text.plain and "year-1" not in text.plain, "no pattern language, no ids"
        assert "vvvv" not in text.plain, "no engine variables"
        assert max(cell_len(line) for line in text.plain.splitlines()) <= PAGE_WIDTH
        assert_all_shown(app, "\n".join(text.plain.splitlines()[:8]))
        await pilot.press("escape")
        assert not isinstance(app.screen, PageScreen)

    run(Session(american(), 1), check)


@pytest.mark.parametrize("family", [riichi, american])
def test_keys_and_help_fit_80x24(family: Callable[[], Any]) -> None:
    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, PageScreen)
        assert_all_shown(app, app.screen.text.plain)
        await pilot.press("escape")
        top = screen_lines(app)[:2]
        await pilot.press("h")
        await pilot.pause()
        help_text = "\n".join(app.words.sentence(s) for s in app.family.advice(app.session))
        assert_all_shown(app, "\n".join(help_text.splitlines()[:3]))
        lines = screen_lines(app)
        assert lines[:2] == top, "the status line and the player across stay on screen"
        assert any("╰" in line for line in lines[:-6]), "the help panel's bottom is on screen"
        assert app.query_one("#hand").region.bottom <= SMALL[1]

    run(Session(family(), 5), check)


def test_q_asks_before_discarding_an_unsaved_game(tmp_path: Path) -> None:
    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        await pilot.press("q")  # nothing played yet: nothing to lose
        assert not isinstance(app.screen, ConfirmScreen) and app.return_code == 0

    run(Session(riichi(), 1), check)

    async def played(pilot: Pilot[None], app: PlayApp) -> None:
        await pilot.press("enter")
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen) and "not saved" in screen(app)
        await pilot.press("escape")
        assert not isinstance(app.screen, ConfirmScreen) and app.return_code is None
        await pilot.press("q")
        await pilot.press("y")
        await pilot.pause()
        assert app.return_code == 0

    run(Session(riichi(), 1), played)

    log = tmp_path / "game.jsonl"
    session = Session(riichi(), 1)
    advance_to(session, lambda _: False)  # played to the end: not saved

    async def at_the_end(pilot: Pilot[None], app: PlayApp) -> None:
        await pilot.press("q")
        assert "s  save the log to" in screen(app)
        await pilot.press("s")
        await pilot.pause()
        assert app.return_code == 0

    run(session, at_the_end, log=log)
    assert log.read_text().splitlines() == session.lines()


def test_save_then_the_same_game_again_and_a_new_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    session = Session(riichi(), 2)
    advance_to(session, lambda _: False)  # the deal (and the one-deal game) to its end
    hand = Session(riichi(), 2).observation()["hand"]

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        assert "The game is over" in screen(app)
        await pilot.press("s")
        await pilot.pause()
        assert "Log saved to riichi-seed2.jsonl" in screen(app)
        await pilot.press("a")
        await pilot.pause()
        assert app.session.seeds == [2, 2] and app.session.observation()["hand"] == hand
        advance_to(app.session, lambda _: False)
        app.refresh_table()
        await pilot.press("n")  # unsaved: asked first
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app.session.seeds == [2, 2, 99] and "seed 99" in screen(app)

    run(session, check, new_seed=lambda: 99)
    assert (
        (tmp_path / "riichi-seed2.jsonl")
        .read_text()
        .splitlines()[0]
        .startswith('{"type":"start_game"')
    )


def test_the_ais_wait_for_the_delay() -> None:
    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        await pilot.press("enter")
        assert app.busy and "The AIs are playing…" in screen(app)
        await pilot.press("enter")  # ignored while the AIs play
        assert len(app.session.observation()["players"][HUMAN]["pond"]) == 1
        for _ in range(60):
            if not app.busy:
                break
            await pilot.pause(0.1)
        assert app.session.human_to_act() or app.session.deal_over

    run(Session(riichi(), 1), check, delay=0.4)


def test_the_red_dragon_keeps_the_tiles_aligned() -> None:
    """🀄 is two cells wide and the other glyphs one: each glyph gets two cells, so the
    tiles' borders line up on every line of the hand."""
    seed = next(s for s in range(50) if "C" in Session(riichi(), s).observation()["hand"])

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        lines = screen_lines(app)
        row = next(i for i, line in enumerate(lines) if "🀄" in line)

        def borders(line: str) -> list[int]:
            cells, at = [], 0
            for char in line:
                if char in "│┃":
                    cells.append(at)
                at += cell_len(char)
            return cells

        assert borders(lines[row]) == borders(lines[row + 1]) != []

    run(Session(riichi(), seed), check, ascii_tiles=False)


def test_riichi_mode_and_back() -> None:
    def riichi_legal(session: Session[Any]) -> bool:
        return any(a.type == "riichi" for a in session.legal())

    session = situation(riichi, riichi_legal, 20)
    allowed = {a.tile for a in session.legal() if a.type == "riichi"}

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        await pilot.press("r")
        assert app.mode == "riichi"
        assert [b.label for b in buttons(app)] == ["Riichi", "Back"]
        for view, tile in zip(app.query(TileView), app._order, strict=False):
            assert view.has_class("barred") == (tile not in allowed)
        await pilot.press("escape")
        assert app.mode == "play" and "r Riichi" in screen(app)

    run(session, check)


def test_a_joker_exchange_highlight_fades(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "HIGHLIGHT_SECONDS", 1.0)
    session = situation(american, lambda s: bool(s.highlights), 10)

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        assert app.session.highlights
        await pilot.pause(1.5)
        assert not app.session.highlights

    run(session, check)


def test_one_word_for_each_key() -> None:
    """The footer names each key it shows with one word, and Enter is named once, by the
    button of what it does now."""
    shown = [b for b in PlayApp.BINDINGS if isinstance(b, Binding) and b.show]
    assert shown and all(" " not in b.description for b in shown)
    assert not any(b.key == "enter" for b in shown)

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        text = screen(app)
        assert text.count("Enter") == 1 and "Enter Discard" in text and "⏎" not in text

    run(Session(riichi(), 1), check)


def test_red_fives_are_red_in_the_hand_and_in_the_help() -> None:
    """A red five is labelled 0m/0p/0s in red wherever it is shown: the hand and the help's
    discards (a discard of the only five of its suit gives up the red one)."""

    def red_in_help(seed: int) -> bool:
        session = Session(riichi(), seed)
        session.run()
        tiles = {line.params.get("tile") for line in session.family.advice(session) if line.params}
        return any(t and t.endswith("r") for t in tiles)

    seed = next(s for s in range(200) if red_in_help(s))

    async def check(pilot: Pilot[None], app: PlayApp) -> None:
        red = next(t for t in app._order if t.endswith("r"))
        label = app.words.label(red)
        assert label[0] == "0" and "red" in str(app._tile(red).style)
        await pilot.press("h")
        await pilot.pause()
        advice: Any = app.query_one("#advice-text", Static).render()
        spans = [advice.plain[s.start : s.end] for s in advice.spans if s.style]
        assert label in spans, advice.plain

    run(Session(riichi(), seed), check)
