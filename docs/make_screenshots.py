"""Writes the README's screenshots of `mahjong play riichi`: docs/play-riichi-mid-deal.svg
and docs/play-riichi-end-of-deal.svg (seed 1: you pon green dragons and later win by ron).

Run from the repository root: python docs/make_screenshots.py
Seat 0 is played by an EfficiencyAgent through the app's own key handlers."""

from __future__ import annotations

import asyncio
from pathlib import Path

from mahjong.play.riichi_app import RiichiApp
from mahjong.riichi.game import EfficiencyAgent, Observation

DOCS = Path(__file__).resolve().parent
SIZE = (100, 46)


async def human_turn(app: RiichiApp, pilot: object) -> str:
    table = app.table
    action = EfficiencyAgent().act(table.deal.observation(0), table.legal())
    if action.type in ("discard", "riichi"):
        if action.type == "riichi":
            app.action_riichi()
        app.selected = app._order.index(action.tile)
        app.action_confirm()
    else:
        app._apply(action)
    await pilot.pause()  # type: ignore[attr-defined]
    return action.type


async def main() -> None:
    app = RiichiApp(seed=1, delay=0, ascii_tiles=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        called = False
        while not app.table.deal_over:
            if called and app.table.observation()["claim"] is None and len(
                app.table.observation()["players"][0]["pond"]
            ) >= 6:
                break
            done = await human_turn(app, pilot)
            called = called or done == "pon"
        await pilot.press("h")
        await pilot.pause()
        print(app.save_screenshot("play-riichi-mid-deal.svg", str(DOCS)))
        await pilot.press("h")
        while not app.table.deal_over:
            await human_turn(app, pilot)
        await pilot.pause()
        print(app.save_screenshot("play-riichi-end-of-deal.svg", str(DOCS)))


if __name__ == "__main__":
    asyncio.run(main())
