"""Helpers of the play tests: the screen as a person reads it, the buttons, a player who
decides like an agent and presses the keys (or clicks) a person would, and finding a seed
whose game goes the way a test needs.

The human at seat 0 is played by the tests: an agent of the family decides, and its choice is
turned into keys or clicks. Each test that needs a situation (a chi two ways, a win with ura
dora, a dead hand, ...) first finds, without the user interface, a seed in which it happens;
the app then plays that seed the same way.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot

from mahjong.american import AmericanAction, Card
from mahjong.american.game import CardAgent
from mahjong.play.american import AmericanFamily
from mahjong.play.app import ActionBar, Button, PlayApp
from mahjong.play.family import Family
from mahjong.play.riichi import RiichiFamily
from mahjong.play.session import HUMAN, Session
from mahjong.play.snapshot import Say
from mahjong.riichi import Action, Ruleset
from mahjong.riichi.game import EfficiencyAgent

SMALL = (80, 24)
LARGE = (120, 40)
CARD = Card.load("house-2026")


def screen_lines(app: PlayApp) -> list[str]:
    """The screen as it is drawn, line by line (the top screen: a page or the table)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen(app: PlayApp) -> str:
    return "\n".join(screen_lines(app))


def buttons(app: PlayApp) -> list[Button]:
    return list(app.query_one(ActionBar).buttons)


def assert_buttons_whole(app: PlayApp) -> None:
    """Every button on screen has words, and its words are drawn whole."""
    shown = screen(app)
    for button in buttons(app):
        assert button.label.strip(), f"an empty button: {button}"
        assert button.text in shown, f"{button.text!r} is cut off:\n{shown}"


# -- a player for seat 0 ------------------------------------------------------------------


def riichi(rules: Ruleset | None = None) -> RiichiFamily:
    return RiichiFamily(rules)


def american(games: int = 1, rules: Any = None) -> AmericanFamily:
    return AmericanFamily(CARD, rules, games)


def agent_for(family: Family[Any]) -> Any:
    return CardAgent(CARD) if isinstance(family, AmericanFamily) else EfficiencyAgent()


def decide(session: Session[Any], agent: Any) -> list[Any]:
    """What the agent does now, as the human's actions: one action, or a whole Charleston
    pass (every tile of it, or the tiles and then a blind pass)."""
    deal = session.deal
    action = agent.act(deal.observation(HUMAN), deal.legal_actions(HUMAN))
    if getattr(action, "type", "") != "pass_tile":
        return [action]
    trial = copy.copy(deal)
    actions = []
    while action.type == "pass_tile":
        actions.append(action)
        trial.apply(HUMAN, action)
        if HUMAN not in trial.waiting():
            return actions
        legal = trial.legal_actions(HUMAN)
        if not any(a.type in ("pass_tile", "blind") for a in legal):
            return actions
        action = agent.act(trial.observation(HUMAN), legal)
    return [*actions, action]


@dataclass
class Story:
    """What seat 0 does and sees in a seed's first deal when an agent plays it."""

    actions: list[Any] = field(default_factory=list)
    why: list[Say] = field(default_factory=list)  # the notes shown at the human's turns
    messages: list[Say] = field(default_factory=list)
    ways: dict[str, int] = field(default_factory=dict)  # most ways seen per button key
    session: Session[Any] | None = None

    @property
    def types(self) -> list[str]:
        return [a.type for a in self.actions]


def play_story(family: Family[Any], seed: int, deals: int = 1) -> Story:
    """Plays `deals` deals of `family` from `seed` without the user interface."""
    session = Session(family, seed)
    agent = agent_for(family)
    story = Story(session=session)
    for number in range(1, deals + 1):
        while True:
            session.run()
            if session.deal_over:
                break
            story.why += [w for w in family.why_not(session) if w not in story.why]
            for choice in family.choices(session, "play"):
                story.ways[choice.key] = max(story.ways.get(choice.key, 0), len(choice.ways))
            actions = decide(session, agent)
            story.actions += actions
            session.act(actions)
        if number == deals or not session.next_deal():
            break
    story.messages = list(session.messages)
    return story


def advance_to(
    session: Session[Any], wanted: Callable[[Session[Any]], bool], limit: int = 500
) -> bool:
    """Plays on as the family's agent until the human must decide and `wanted` holds (True)
    or the deal is over (False)."""
    agent = agent_for(session.family)
    for _ in range(limit):
        session.run()
        if session.deal_over:
            return False
        if wanted(session):
            return True
        session.act(decide(session, agent))
    raise AssertionError("the deal did not end")


def situation(
    family: Callable[[], Family[Any]], wanted: Callable[[Session[Any]], bool], limit: int
) -> Session[Any]:
    """A session of the first seed that reaches `wanted`, stopped there."""
    for seed in range(limit):
        session = Session(family(), seed)
        if advance_to(session, wanted):
            return session
    raise AssertionError(f"no seed below {limit} reaches the situation")


def two_chis(session: Session[Any]) -> bool:
    """A discard the human may chi two ways or more."""
    return sum(a.type == "chi" for a in session.legal()) > 1


def exposure_ways(session: Session[Any]) -> bool:
    """A discard the human may expose more than one way (with or without jokers)."""
    return sum(a.type == "expose" for a in session.legal()) > 1


SITUATIONS = {"chi": (riichi, two_chis, 40), "expose": (american, exposure_ways, 20)}


@functools.cache
def riichi_story(seed: int, rules: str = "seed") -> Story:
    return play_story(riichi(Ruleset.preset(rules)), seed)


@functools.cache
def american_story(seed: int) -> Story:
    return play_story(american(), seed)


def find_seed(story: Callable[[int], Story], wanted: Callable[[Story], bool], limit: int) -> int:
    """The first seed whose story is `wanted`."""
    for seed in range(limit):
        if wanted(story(seed)):
            return seed
    raise AssertionError(f"no seed below {limit} plays out as wanted")


# -- pressing keys ------------------------------------------------------------------------

RIICHI_KEYS = {"tsumo": "w", "ron": "w", "chi": "c", "pon": "p", "pass": "x", "kyuushu": "y"}
RIICHI_KEYS |= {"kita": "n"}
RIICHI_KEYS |= dict.fromkeys(("daiminkan", "ankan", "kakan"), "k")


async def select(pilot: Pilot[None], app: PlayApp, index: int) -> None:
    """Moves the selection to `index` with the arrow keys."""
    while app.selected != index:
        await pilot.press("right" if index > app.selected else "left")


async def press_tile(pilot: Pilot[None], app: PlayApp, tile: str, clicks: bool) -> None:
    """Plays (or picks) the first not yet picked copy of `tile`, by keys or clicks."""
    picked = app.family.picked(app.session)
    index = [i for i, t in enumerate(app._order) if t == tile][picked.count(tile)]
    if clicks:
        if app.selected != index:
            await pilot.click(f"#tile-{index}")
        await pilot.click(f"#tile-{index}")
    else:
        await select(pilot, app, index)
        await pilot.press("enter")


async def click_button(pilot: Pilot[None], app: PlayApp, command: str) -> None:
    """Clicks the button that does `command`, where it is drawn."""
    bar = app.query_one(ActionBar)
    for y, row in enumerate(bar.rows(bar.content_region.width)):
        for x, button in row:
            if button.command == command:
                offset = bar.content_region.offset - bar.region.offset
                await pilot.click(ActionBar, offset=(offset.x + x + 1, offset.y + y))
                return
    raise AssertionError(f"no button {command}: {buttons(app)}")


async def press_key(pilot: Pilot[None], app: PlayApp, key: str, clicks: bool) -> None:
    if clicks:
        await click_button(pilot, app, f"choice-{key}")
    else:
        await pilot.press({" ": "space"}.get(key, key))


async def human_turn(
    pilot: Pilot[None], app: PlayApp, agent: Any, clicks: bool = False
) -> list[Any]:
    """Plays seat 0's decision as `agent` would, with keys (or clicks); returns the actions."""
    session = app.session
    actions = decide(session, agent)
    first = actions[0]
    if isinstance(first, Action):
        await _riichi_turn(pilot, app, first, clicks)
    else:
        await _american_turn(pilot, app, actions, clicks)
    await pilot.pause()
    return actions


async def _riichi_turn(pilot: Pilot[None], app: PlayApp, action: Action, clicks: bool) -> None:
    if action.type in ("discard", "riichi"):
        assert action.tile is not None
        if action.type == "riichi":
            await press_key(pilot, app, "r", clicks)
            assert app.mode == "riichi"
        await press_tile(pilot, app, action.tile, clicks)
        return
    await _choose(pilot, app, RIICHI_KEYS[action.type], action, clicks)


async def _american_turn(
    pilot: Pilot[None], app: PlayApp, actions: Sequence[AmericanAction], clicks: bool
) -> None:
    first = actions[0]
    if first.type == "discard":
        assert first.tile is not None
        await press_tile(pilot, app, first.tile, clicks)
        return
    if first.type in ("pass_tile", "blind"):
        for action in actions:
            if action.type == "pass_tile":
                assert action.tile is not None
                await press_tile(pilot, app, action.tile, clicks)
        await press_key(pilot, app, "b" if actions[-1].type == "blind" else "p", clicks)
        return
    choice = next(
        c
        for c in app.family.choices(app.session, "play")
        if any(first in w.actions for w in c.ways)
    )
    await _choose(pilot, app, choice.key, first, clicks)


async def _choose(pilot: Pilot[None], app: PlayApp, key: str, action: Any, clicks: bool) -> None:
    """Presses `key`, then the digit of the way that does `action` when there are several."""
    await press_key(pilot, app, key, clicks)
    if app.ways:
        index = next(i for i, way in enumerate(app.ways) if action in way.actions)
        if clicks:
            await click_button(pilot, app, f"way-{index}")
        else:
            await pilot.press(str(index + 1))


async def play_deal(
    pilot: Pilot[None],
    app: PlayApp,
    clicks: bool = False,
    each: Callable[[list[Any]], Any] | None = None,
) -> list[Any]:
    """Plays the current deal to its end as the family's agent; `each(actions)` runs after
    every decision (it may be a coroutine function). Returns the human's actions."""
    agent = agent_for(app.family)
    done: list[Any] = []
    for _ in range(500):
        if app.session.deal_over:
            return done
        actions = await human_turn(pilot, app, agent, clicks)
        done += actions
        if each is not None:
            result = each(actions)
            if hasattr(result, "__await__"):
                await result
    raise AssertionError("the deal did not end")
