"""`mahjong play american`: whole games driven through textual's test pilot by pressing keys
and clicking, with assertions on what the screen shows.

The "human" at seat 0 is played by the test: a CardAgent decides, and the test turns its
choice into the keys (or clicks) a person would use. Each test first finds, without the user
interface, the first seed whose first game has what it needs (you expose a discard, you
declare Mah Jongg, a second Charleston, ...); the app then plays that seed the same way.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot
from textual.widgets import Button, Static

from mahjong.american import AmericanAction
from mahjong.american.game import CardAgent
from mahjong.play.american_app import AmericanApp
from mahjong.play.american_table import AmericanTable, kind_of, tile_glyph, tile_name

SIZE = (110, 50)


@dataclass
class Story:
    """What seat 0 does in a seed's first game when it plays as a CardAgent."""

    actions: list[str] = field(default_factory=list)
    steps: set[str] = field(default_factory=set)
    winner: int | None = None


@functools.cache
def story(seed: int) -> Story:
    table = AmericanTable(seed=seed, games=1)
    me = CardAgent(table.card)
    told = Story()
    while True:
        table.run_agents()
        if table.deal_over:
            break
        told.steps.add(str(table.observation()["step"]))
        action = me.act(table.deal.observation(0), table.legal())
        told.actions.append(action.type)
        table.act(action)
    outcome = table.deal.outcome
    assert outcome is not None
    told.winner = outcome["win"]["actor"] if outcome["win"] else None
    return told


def find_seed(wanted: Callable[[Story], bool], limit: int = 200) -> int:
    for seed in range(limit):
        if wanted(story(seed)):
            return seed
    raise AssertionError(f"no seed below {limit} plays out as wanted")


def screen_text(app: AmericanApp) -> str:
    parts = []
    for widget in app.screen.query("*"):
        if not widget.display or not widget.parent or not widget.parent.display:
            continue
        if isinstance(widget, Button):
            parts.append(str(widget.label))
        elif isinstance(widget, Static):
            parts.append(str(widget.render()))
    return "\n".join(parts)


async def select_tile(pilot: Pilot[None], app: AmericanApp, tile: str) -> None:
    for _ in range(30):
        if app._order[app.selected] == tile:
            return
        index = app._order.index(tile)
        await pilot.press("right" if index > app.selected else "left")
    raise AssertionError(f"could not select {tile}: {app._order}, at {app.selected}")


_AGENTS: dict[int, CardAgent] = {}


async def human_turn(pilot: Pilot[None], app: AmericanApp, clicks: bool) -> AmericanAction:
    """Plays seat 0's decision as a CardAgent would (one per app: it keeps its Charleston
    plan), with keys (or mouse clicks)."""
    table = app.table
    me = _AGENTS.setdefault(id(app), CardAgent(table.card))
    action = me.act(table.deal.observation(0), table.legal())
    if action.type in ("discard", "pass_tile"):
        assert action.tile is not None
        if clicks:
            index = app._order.index(action.tile)
            if app.selected != index:  # the first click selects, the second plays it
                await pilot.click(f"#tile-{index}")
                assert app.selected == index
            await pilot.click(f"#tile-{index}")
        else:
            await select_tile(pilot, app, action.tile)
            await pilot.press("enter")
    else:
        choice = next(c for c in table.choices() if action in c.actions)
        if clicks:
            index = app._commands.index(f"act-{choice.key}")
            app.query_one(f"#button-{index}").scroll_visible(animate=False)
            await pilot.pause()
            await pilot.click(f"#button-{index}")
        else:
            await pilot.press("space" if choice.key == "x" else choice.key)
        if app.mode == "choose":
            await pilot.press(str(app.options.index(action) + 1))
    await pilot.pause()
    return action


def play(seed: int, clicks: bool = False, **options: object) -> tuple[list[str], list[str], str]:
    """Plays seed's first game to its end; returns the human's action types, the prompts
    seen and the final screen."""
    app = AmericanApp(seed=seed, games=1, delay=0, ascii_tiles=True, **options)  # type: ignore[arg-type]
    done: list[str] = []
    prompts: list[str] = []
    final = ""

    async def run() -> None:
        nonlocal final
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for _ in range(400):
                if app.table.deal_over:
                    break
                prompts.append(str(app.query_one("#prompt", Static).render()))
                action = await human_turn(pilot, app, clicks)
                done.append(action.type)
            assert app.table.deal_over
            await pilot.pause()
            final = screen_text(app)

    asyncio.run(run())
    return done, prompts, final


def test_a_whole_game_through_the_charleston_by_keys() -> None:
    seed = find_seed(lambda s: s.winner not in (None, 0))
    done, prompts, final = play(seed)
    assert done == story(seed).actions  # the keys did what the agent chose
    assert done[:9] == ["pass_tile"] * 9 and "vote" in done and "courtesy" in done
    text = "\n".join(prompts)
    assert "first Charleston, pass right: pick a tile to pass" in text
    assert "(2 of 3 picked)" in text and "b passes the rest blind" in text
    assert "Vote: g goes on with a second Charleston" in text
    assert "Courtesy pass: how many tiles (0-3)" in text
    assert ": Mah Jongg " in final and "Card hand " in final and "Payouts: " in final
    assert "Session over" in final and "s Save log" in final


def test_jokers_cannot_be_passed() -> None:
    for seed in range(20):
        table = AmericanTable(seed=seed, games=1)
        if "J" in table.observation()["hand"]:
            break
    app = AmericanApp(seed=seed, games=1, delay=0, ascii_tiles=True)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Jokers may not be passed in the Charleston" in screen_text(app)
            joker = app._order.index("J")
            assert app.query_one(f"#tile-{joker}").has_class("barred")
            assert joker not in app._selectable()

    asyncio.run(run())


def test_a_whole_game_with_the_mouse() -> None:
    seed = find_seed(lambda s: s.winner is not None)
    done, _prompts, final = play(seed, clicks=True)
    assert done == story(seed).actions
    assert "Mah Jongg" in final and "Payouts: " in final


def test_you_expose_a_discard_and_win() -> None:
    seed = find_seed(lambda s: "expose" in s.actions and s.actions[-1] == "mahjongg")
    done, prompts, final = play(seed)
    assert "expose" in done and done[-1] == "mahjongg"
    assert any("Expose" in p and "Pass (x)" in p for p in prompts)
    assert "You: Mah Jongg" in final and "You +" in final
    assert "exposed: " in final


def test_a_second_charleston_and_a_joker_exchange() -> None:
    seed = find_seed(
        lambda s: "second_left" in s.steps and "joker_exchange" in s.actions, limit=400
    )
    done, prompts, _final = play(seed)
    assert "joker_exchange" in done
    assert any("second Charleston, pass left" in p for p in prompts)


def test_a_blind_pass() -> None:
    app = AmericanApp(seed=1, games=1, delay=0, ascii_tiles=True)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for _ in range(6):  # first right and across: three tiles each
                await pilot.press("enter")
                await pilot.pause()
            assert app.table.observation()["step"] == "first_left"
            assert "b Blind pass" in screen_text(app)
            await pilot.press("enter")  # one tile, then the other two blind
            await pilot.press("b")
            await pilot.pause()
            assert any("(2 blind)" in m for m in app.table.messages)

    asyncio.run(run())


def test_the_screen_help_card_and_keys() -> None:
    app = AmericanApp(seed=1, games=1, delay=0, ascii_tiles=True)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "Game 1 of 1 · House Card 2026" in text and "tiles left 99" in text
            assert "(AI, right)" in text and "(AI, across)" in text and "(AI, left)" in text
            assert "Enter Pass tile" in text
            await pilot.press("h")
            text = screen_text(app)
            assert "Nearest card hands" in text and " away · " in text and "needs " in text
            await pilot.press("h")
            assert "Nearest card hands" not in screen_text(app)
            await pilot.press("c")
            assert "TextScreen" in type(app.screen).__name__
            assert "House Card 2026" in screen_text(app) and "year-1" in screen_text(app)
            await pilot.press("escape")
            await pilot.press("question_mark")
            assert "blind pass" in screen_text(app)
            await pilot.press("escape")
            before = len(app.table.observation()["picked"])
            await pilot.press("enter")
            assert len(app.table.observation()["picked"]) == before + 1
            assert any(v.has_class("picked") for v in app.query(".tile"))

    asyncio.run(run())


def test_unicode_tiles_show_glyphs() -> None:
    app = AmericanApp(seed=1, games=1, delay=0, ascii_tiles=False)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = screen_text(app)
            for tile in app._order:
                assert tile_glyph(tile) in text

    asyncio.run(run())
    assert tile_glyph("1C") == "\U0001f007" and tile_glyph("9D") == "\U0001f021"
    assert tile_glyph("J") == "\U0001f02a" and tile_glyph("0") == "\U0001f006"
    assert [tile_name(kind_of(t)) for t in ("1C", "1D", "1B", "N", "0", "R", "F", "J")] == [
        "1C",
        "1D",
        "1B",
        "N",
        "0",
        "R",
        "F",
        "J",
    ]


def test_saving_the_log_replays(tmp_path: Path) -> None:
    from mahjong.american.replay import replay

    log = tmp_path / "game.jsonl"
    seed = find_seed(lambda s: s.winner is not None)
    app = AmericanApp(seed=seed, games=1, delay=0, ascii_tiles=True, log_path=log)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("s")  # too early: nothing written
            assert not log.exists()
            while not app.table.deal_over:
                await human_turn(pilot, app, clicks=False)
            await pilot.press("s")
            await pilot.pause()
            assert f"Log saved to {log}" in screen_text(app)

    asyncio.run(run())
    games = replay(log.read_text())
    assert len(games) == 1 and games[0].outcome == app.table.deal.outcome


def test_next_game_goes_on_with_n() -> None:
    app = AmericanApp(seed=1, games=2, delay=0, ascii_tiles=True)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            while not app.table.deal_over:
                await human_turn(pilot, app, clicks=False)
            assert "n Next game" in screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert app.table.game_number == 2 and not app.table.deal_over
            assert "Game 2 of 2" in screen_text(app)

    asyncio.run(run())


def test_bad_options_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong.cli import main

    assert main(["play", "american", "--delay", "-1"]) == 2
    assert "--delay must be 0 or more seconds" in capsys.readouterr().err
    assert main(["play", "american", "--games", "0"]) == 2
    assert "--games must be 1 or more" in capsys.readouterr().err
    assert main(["play", "american", "--card", "no-such-card"]) == 2
    capsys.readouterr()
