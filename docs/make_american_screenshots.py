"""Writes the README's screenshots of `mahjong play american`:
docs/play-american-mid-game.svg and docs/play-american-end-of-game.svg (seed 0: you expose a
discard, exchange a joker and declare Mah Jongg).

Run from the repository root: python docs/make_american_screenshots.py
Seat 0 is played by a CardAgent through the app's own handlers."""

from __future__ import annotations

import asyncio
from pathlib import Path

from mahjong.agents import Observation
from mahjong.american.game import CardAgent
from mahjong.play.american_app import AmericanApp

DOCS = Path(__file__).resolve().parent
SIZE = (100, 46)


async def human_turn(app: AmericanApp, me: CardAgent, pilot: object) -> str:
    table = app.table
    action = me.act(table.deal.observation(0), table.legal())
    if action.type in ("discard", "pass_tile"):
        assert action.tile is not None
        app.selected = app._order.index(action.tile)
        app.action_confirm()
    else:
        app._apply(action)
    await pilot.pause()  # type: ignore[attr-defined]
    return action.type


async def main() -> None:
    app = AmericanApp(seed=0, games=1, delay=0, ascii_tiles=False)
    me = CardAgent(app.table.card)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        exposed = False
        while not app.table.deal_over:
            if exposed and app.table.phase() == "turn":
                break
            exposed = exposed or await human_turn(app, me, pilot) == "expose"
        await pilot.press("h")
        await pilot.pause()
        print(app.save_screenshot("play-american-mid-game.svg", str(DOCS)))
        await pilot.press("h")
        while not app.table.deal_over:
            await human_turn(app, me, pilot)
        await pilot.pause()
        print(app.save_screenshot("play-american-end-of-game.svg", str(DOCS)))


if __name__ == "__main__":
    asyncio.run(main())
