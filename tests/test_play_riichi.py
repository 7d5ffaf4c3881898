"""`mahjong play riichi`: whole deals driven through textual's test pilot by pressing keys
and clicking, with assertions on what the screen shows.

The "human" at seat 0 is played by the test: an EfficiencyAgent decides, and the test turns
its choice into the keys (or clicks) a person would use. Each test first finds, without the
user interface, the first seed whose first deal has what it needs (you pon and then win by
ron, you declare riichi, a chi you can make two ways, ...); the app then plays that seed the
same way, so the tests keep working when the agents' play changes.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot
from textual.widgets import Button, Static

from mahjong.play.riichi_app import RiichiApp
from mahjong.play.riichi_table import Table, action_label, tile_glyph, tile_label
from mahjong.riichi import Action, Deal, Ruleset, mjai
from mahjong.riichi.game import EfficiencyAgent

SIZE = (110, 50)
POOR = (700, 33000, 33300, 33000)  # seat 0 cannot pay a riichi deposit


@dataclass
class Story:
    """What happens to seat 0 in a seed's first deal when it plays as EfficiencyAgent."""

    actions: list[str] = field(default_factory=list)
    notes: set[str] = field(default_factory=set)
    chi_two_ways: bool = False
    draw: str | None = None


def simulate(table: Table) -> Story:
    """Plays `table`'s deal without the user interface, seat 0 as an EfficiencyAgent."""
    story = Story()
    me = EfficiencyAgent()
    while True:
        table.run_agents()
        if table.deal_over:
            break
        if (auto := table.auto_action()) is not None:
            story.actions.append(auto.type)
            table.act(auto)
            continue
        story.notes.update(table.why_not())
        legal = table.legal()
        story.chi_two_ways |= sum(a.type == "chi" for a in legal) > 1
        action = me.act(table.deal.observation(0), legal)
        story.actions.append(action.type)
        table.act(action)
    story.notes.update(m for m in table.messages if "furiten" in m)
    outcome = table.deal.outcome
    assert outcome is not None
    story.draw = outcome["draw"]
    return story


@functools.cache
def story(seed: int, poor: bool = False) -> Story:
    return simulate(Table(deal=Deal(seed=seed, scores=list(POOR))) if poor else Table(seed=seed))


def find_seed(wanted: Callable[[Story], bool], poor: bool = False, limit: int = 400) -> int:
    """The first seed whose first deal tells `wanted`'s story."""
    for seed in range(limit):
        if wanted(story(seed, poor)):
            return seed
    raise AssertionError(f"no seed below {limit} plays out as wanted")


def wins_after(call: str, win: str) -> Callable[[Story], bool]:
    return lambda s: call in s.actions and s.actions[-1] == win


def screen_text(app: RiichiApp) -> str:
    """The text of every shown widget of the current screen: panels, tiles, button labels."""
    parts = []
    for widget in app.screen.query("*"):
        if not widget.display or not widget.parent or not widget.parent.display:
            continue
        if isinstance(widget, Button):
            parts.append(str(widget.label))
        elif isinstance(widget, Static):
            parts.append(str(widget.render()))
    return "\n".join(parts)


async def select_tile(pilot: Pilot[None], app: RiichiApp, pai: str) -> None:
    """Moves the selection to tile `pai` with the arrow keys."""
    for _ in range(30):
        if app._order[app.selected] == pai:
            return
        index = app._order.index(pai)
        await pilot.press("right" if index > app.selected else "left")
    raise AssertionError(f"could not select {pai}: {app._order}, at {app.selected}")


async def press_choice(pilot: Pilot[None], app: RiichiApp, action: Action, key: str) -> None:
    """Presses the call's key, and the digit of the wanted option when there are several."""
    await pilot.press(key)
    if app.mode == "choose":
        await pilot.press(str(app.options.index(action) + 1))


KEYS = {
    "tsumo": "w",
    "ron": "w",
    "chi": "c",
    "pon": "p",
    "daiminkan": "k",
    "ankan": "k",
    "kakan": "k",
    "pass": "x",
    "kyuushu": "y",
}


async def human_turn(pilot: Pilot[None], app: RiichiApp, clicks: bool) -> Action:
    """Plays seat 0's turn as EfficiencyAgent would, with keys (or mouse clicks)."""
    table = app.table
    action = EfficiencyAgent().act(table.deal.observation(0), table.legal())
    if action.type in ("discard", "riichi"):
        assert action.tile is not None
        if action.type == "riichi":
            await pilot.press("r")
            assert app.mode == "riichi"
        if clicks:
            index = app._order.index(action.tile)
            await pilot.click(f"#tile-{index}")
            if app.selected == index:
                await pilot.click(f"#tile-{index}")
        else:
            await select_tile(pilot, app, action.tile)
            await pilot.press("enter")
    else:
        await press_choice(pilot, app, action, KEYS[action.type])
    await pilot.pause()
    return action


def play(
    seed: int,
    check: Callable[[Pilot[None], RiichiApp, Action, str], Awaitable[None]] | None = None,
    clicks: bool = False,
    **options: Any,
) -> tuple[list[Action], str]:
    """Plays seed's first deal to its end; returns the human's actions and the
    final screen. `check(pilot, app, action, screen_before)` runs after each human action."""
    app = RiichiApp(seed=seed, delay=0, ascii_tiles=options.pop("ascii_tiles", True), **options)
    done: list[Action] = []
    final = ""

    async def run() -> None:
        nonlocal final
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for _ in range(200):
                if app.table.deal_over:
                    break
                before = screen_text(app)
                action = await human_turn(pilot, app, clicks)
                done.append(action)
                if check is not None:
                    await check(pilot, app, action, before)
            assert app.table.deal_over
            await pilot.pause()
            final = screen_text(app)

    asyncio.run(run())
    return done, final


def test_a_pon_then_a_win_by_ron() -> None:
    prompts: list[str] = []

    async def check(pilot: Pilot[None], app: RiichiApp, action: Action, before: str) -> None:
        if action.type == "pon":
            prompts.append(before)
            assert "pon" in screen_text(app).split("melds:")[-1]

    done, final = play(find_seed(wins_after("pon", "ron")), check)
    types = [a.type for a in done]
    assert "pon" in types and types[-1] == "ron"
    # the claim was offered on screen with its key, and pass was there too
    assert "Pon (p)" in prompts[0] and "Pass (x)" in prompts[0]
    assert "You won by ron off" in final
    assert (
        " han " in final
        and " fu, " in final
        and "Payments (honba and riichi sticks included): You +" in final
    )
    assert "n Next deal" not in final  # the seed preset plays one deal
    assert "Game over. Final standings" in final and "1. You: " in final


def test_a_pon_then_tsumo_with_the_mouse(tmp_path: Path) -> None:
    done, final = play(find_seed(wins_after("pon", "tsumo")), clicks=True)
    types = [a.type for a in done]
    assert "pon" in types and types[-1] == "tsumo"
    assert "You won by tsumo" in final and "Payments (honba" in final
    assert "Scores: You " in final


def test_riichi_then_tsumo_shows_yaku_and_payments() -> None:
    done, final = play(find_seed(wins_after("riichi", "tsumo")))
    types = [a.type for a in done]
    assert "riichi" in types and types[-1] == "tsumo"
    assert "riichi: 1 han" in final and "menzen tsumo" in final
    # after riichi the table discards the drawn tile by itself: no discard after the riichi
    assert types[types.index("riichi") + 1 :] == ["tsumo"]


def test_a_chi_among_several_and_a_pon() -> None:
    done, final = play(find_seed(lambda s: {"chi", "pon"} <= set(s.actions)))
    assert {"pon", "chi"} <= {a.type for a in done}
    assert "melds: " in final and "chi " in final


def test_the_screen_mid_deal_and_the_help_panel() -> None:
    app = RiichiApp(seed=1, delay=0, ascii_tiles=True)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "East 1 · honba 0 · riichi sticks 0 · tiles left 69" in text
            assert "dora indicators" in text and "You, East · 25,000 · dealer" in text
            assert "South (AI, right)" in text and "West (AI, across)" in text
            assert "North (AI, left)" in text
            assert "Your turn: pick a tile" in text and "Enter Discard" in text
            # the drawn tile is last and selected
            assert app.selected == len(app._order) - 1 == 13
            tile = app.query_one("#tile-13")
            assert tile.has_class("selected") and tile.has_class("drawn")
            await pilot.press("left")
            assert app.selected == 12 and app.query_one("#tile-12").has_class("selected")
            await pilot.press("h")
            text = screen_text(app)
            assert "Shanten: " in text and "Per discard: shanten after it" in text
            await pilot.press("h")
            assert "Shanten: " not in screen_text(app)
            await pilot.press("question_mark")
            assert "KeysScreen" in type(app.screen).__name__
            assert "discard the selected tile" in screen_text(app)
            await pilot.press("escape")
            assert "Your turn" in screen_text(app)
            await pilot.press("enter")  # discards 1 tile; the AIs play on to our next turn
            await pilot.pause()
            text = screen_text(app)
            assert "You discard " in text
            me = app.table.observation()["players"][0]
            assert len(me["pond"]) == 1

    asyncio.run(run())


def test_unicode_tiles_show_glyphs() -> None:
    app = RiichiApp(seed=1, delay=0, ascii_tiles=False)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = screen_text(app)
            for pai in app._order:
                assert tile_glyph(pai) in text

    asyncio.run(run())
    assert tile_glyph("E") == "\U0001f000" and tile_glyph("1m") == "\U0001f007"
    assert tile_glyph("9p") == "\U0001f021" and tile_glyph("C") == "\U0001f004"
    assert tile_label("5mr") == "0m" and tile_label("P") == "Wh"


def test_saving_the_log_after_the_deal(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    seed = find_seed(lambda s: s.actions[-1] in ("ron", "tsumo"))
    app = RiichiApp(seed=seed, delay=0, ascii_tiles=True, log_path=log)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("s")  # too early: nothing written
            assert not log.exists()
            while not app.table.deal_over:
                await human_turn(pilot, app, clicks=False)
            await pilot.click("#button-0")  # "s Save log" (the seed preset's game is over)
            await pilot.pause()
            assert f"Log saved to {log}" in screen_text(app)

    asyncio.run(run())
    events = mjai.load_events(log)
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"
    assert [e["type"] for e in events].count("start_kyoku") == 1
    assert any(e["type"] == "hora" and e["actor"] == 0 for e in events)
    # the engine replays the saved log to the same results
    from mahjong.riichi import Ruleset, replay

    reports = replay.replay_file(str(log), Ruleset.preset("seed"))
    assert [r.ok for r in reports] == [True], [str(r) for r in reports]


def test_a_multi_deal_game_goes_on_with_n() -> None:
    from mahjong.riichi import Ruleset

    app = RiichiApp(seed=3, rules=Ruleset.preset("tenhou"), delay=0, ascii_tiles=True)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            while not app.table.deal_over:
                await human_turn(pilot, app, clicks=False)
            assert "n Next deal" in screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert app.table.deal_number == 2 and not app.table.deal_over
            assert "-- deal 2 --" in app.table.messages
            text = screen_text(app)
            assert "East 2 · honba 0" in text or "East 1 · honba 1" in text

    asyncio.run(run())


def test_why_actions_are_missing() -> None:
    """The notes a player sees when an action they may expect is not offered."""
    wanted = {
        "Riichi needs a closed hand": False,
        "may not be discarded this turn (kuikae)": False,
        "Riichi needs at least 1,000 points": True,
        "completes the hand but without a yaku": True,
        "you are furiten": True,
    }
    notes: set[str] = set()
    for note, poor in wanted.items():
        seed = find_seed(lambda s, note=note: any(note in n for n in s.notes), poor=poor)
        notes.update(story(seed, poor).notes)
    text = "\n".join(sorted(notes))
    for note in wanted:
        assert note in text, note


def test_the_riichi_note_follows_the_rules() -> None:
    """The table says what the engine's rules say: with ``riichi_min_points = 2000`` the note
    names 2,000; without a minimum (the M-League preset) there is none."""
    seed = find_seed(lambda s: any("1,000 points" in n for n in s.notes), poor=True)
    for rules, wanted in (
        (Ruleset.preset("seed").replace(riichi_min_points=2000), "2,000 points"),
        (Ruleset.preset("mleague"), None),
    ):
        table = Table(deal=Deal(seed=seed, scores=[1500, 33000, 33000, 32500], rules=rules))
        notes = simulate(table).notes
        points = [n for n in notes if "points" in n]
        assert points == ([f"Riichi needs at least {wanted}"] if wanted else []), notes


def test_agents_wait_for_the_delay() -> None:
    app = RiichiApp(seed=1, delay=0.4, ascii_tiles=True)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            # the first AI action is on screen; the others wait for the timer
            assert app.busy and "The AIs are playing" in screen_text(app)
            await pilot.press("enter")  # ignored while the AIs play
            assert len(app.table.observation()["players"][0]["pond"]) == 1
            for _ in range(100):
                if not app.busy:
                    break
                await pilot.pause(0.1)
            assert app.table.human_to_act() or app.table.deal_over

    asyncio.run(run())


def test_choosing_which_tiles_to_chi_with_the_mouse() -> None:
    """A chi that can be made two ways: c lists them, a click picks the second."""
    app = RiichiApp(seed=find_seed(lambda s: s.chi_two_ways), delay=0, ascii_tiles=True)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            chosen: Action | None = None
            while not app.table.deal_over:
                chis = [a for a in app.table.legal() if a.type == "chi"]
                if chosen is not None or len(chis) < 2:
                    await human_turn(pilot, app, clicks=False)
                    continue
                assert "Chi (c)" in screen_text(app)
                await pilot.press("c")
                assert app.mode == "choose"
                text = screen_text(app)
                assert "Choose which tiles" in text and "Esc cancel" in text
                for i, action in enumerate(chis):
                    assert f"{i + 1} {action_label(action)}" in text
                await pilot.press("escape")  # back, then choose again
                assert app.mode == "play" and "Pass (x)" in screen_text(app)
                await pilot.press("c")
                chosen = chis[1]
                await pilot.click("#button-1")
                await pilot.pause()
                meld = app.table.observation()["players"][0]["melds"][-1]
                assert meld["type"] == "chi"
                assert all(t in meld["tiles"] for t in chosen.consumed)
                assert "melds: chi " in screen_text(app)
            assert chosen is not None

    asyncio.run(run())


README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_play_examples_parse() -> None:
    """The README's console examples and the help's examples are valid command lines (they
    are not run here: each would open the table)."""
    import re
    import shlex

    from mahjong.cli import build_parser
    from mahjong.play import PLAY_EXAMPLES

    blocks = re.findall(r"```console\n(.*?)```", README.read_text(), flags=re.S)
    lines = [line[2:] for block in blocks for line in block.splitlines() if line.startswith("$ ")]
    lines += [line.strip() for line in PLAY_EXAMPLES.splitlines() if "mahjong play" in line]
    examples = [line for line in lines if line.startswith("mahjong play")]
    assert len(examples) >= 8
    for line in examples:
        args = build_parser().parse_args(shlex.split(line)[1:])
        assert args.run.__name__ in ("run_riichi", "run_american")


def test_bad_options_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong.cli import main

    assert main(["play", "riichi", "--delay", "-1"]) == 2
    assert "--delay must be 0 or more seconds" in capsys.readouterr().err
    assert main(["play", "riichi", "--web", "--port", "70000"]) == 2
    assert "--port must be 1..65535" in capsys.readouterr().err


def test_without_textual_the_command_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import builtins

    from mahjong.cli import main

    real_import = builtins.__import__

    def no_textual(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith(("textual", "mahjong.play.riichi_app")) or (
            name == "mahjong.play" and "riichi_app" in (args[2] or ())
        ):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(__import__("sys").modules, "mahjong.play.riichi_app")
    monkeypatch.setattr(builtins, "__import__", no_textual)
    assert main(["play", "riichi"]) == 2
    assert "pip install 'mahjong-engine[play]'" in capsys.readouterr().err


def test_agents_receive_their_masked_events() -> None:
    class Listening(EfficiencyAgent):
        def __init__(self) -> None:
            self.seen: list[dict[str, Any]] = []

        def on_events(self, seat: int, events: list[dict[str, Any]]) -> None:
            self.seen.extend(events)

    south = Listening()
    table = Table(seed=1, agents=[EfficiencyAgent(), south, Listening(), Listening()])
    table.act(next(a for a in table.legal() if a.type == "discard"))
    table.run_agents()
    start = south.seen[0]
    assert start["type"] == "start_kyoku" and start["tehais"][0][0] == "?"
    assert start["tehais"][1][0] != "?"
    assert any(e["type"] == "dahai" and e["actor"] == 0 for e in south.seen)


def test_an_exhaustive_draw_shows_who_was_tenpai() -> None:
    _done, final = play(find_seed(lambda s: s.draw == "exhaustive"))
    assert "Draw (exhaustive)" in final and "Tenpai: " in final
    assert "tiles left 0" in final
