"""Writes the README's screenshots of the web table (``mahjong play --web``) into docs/:

- web-riichi.png: a Riichi table mid-deal at 1280x800 (a riichi tile sideways, a call);
- web-riichi-phone.png: the same moment at 390x844, in Bahasa Melayu, dark theme;
- web-riichi-result.png: the result of a finished Riichi deal, at 1280x800;
- web-riichi-sanma.png: a three-player table (tenhou-sanma) mid-deal, every player's kita
  tiles beside them, a riichi;
- web-american.png: an American table mid-game, after the Charleston and an exposure;
- web-american-card.png: the American card page.

Run from the repository root: ``python docs/make_web_screenshots.py`` (needs the ``play`` and
``test`` extras: aiohttp and Playwright, and Debian's Chromium at /usr/bin/chromium). The
server runs in this process; seat 0 is played as the family's agent decides, through the
page's own messages, up to each moment.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from aiohttp import web
from playwright.sync_api import Page, sync_playwright

from mahjong.american.game import CardAgent
from mahjong.cli import build_parser
from mahjong.play.command import web_server as make_server
from mahjong.play.session import HUMAN
from mahjong.play.web.server import Server, make_app
from mahjong.riichi.game import EfficiencyAgent

DOCS = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
LAPTOP = (1280, 800)
PHONE = (390, 844)


def serve(argv: str) -> tuple[str, Server]:
    """``mahjong play <argv> --web`` on a free port, in a thread (a daemon: it ends with us)."""
    server = make_server(build_parser().parse_args(["play", *argv.split(), "--web"]))
    ready = threading.Event()
    box: dict[str, Any] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        runner = web.AppRunner(make_app(server))
        loop.run_until_complete(runner.setup())
        loop.run_until_complete(web.TCPSite(runner, "127.0.0.1", 0).start())
        box["port"] = runner.addresses[0][1]
        ready.set()
        loop.run_forever()

    threading.Thread(target=run, daemon=True).start()
    ready.wait(30)
    return f"http://127.0.0.1:{box['port']}/", server


def decision(server: Server) -> dict[str, Any] | None:
    """The page's message for the agent's next decision of seat 0 (None: the deal is over or
    the AIs play). A Charleston pass is sent tile by tile, then passed."""
    session = next(iter(server.tables)).session
    if not session.human_to_act():
        return None
    family = session.family
    if {"pass_tile", "blind"} & {a.type for a in session.legal()}:
        # The Charleston: pick tiles the engine lets go until the pass is complete, then pass.
        if any(c.key == "p" for c in family.choices(session, "play")):
            return {"type": "choose", "key": "p", "way": 0}
        picked = family.picked(session)
        hand = session.observation()["hand"]
        free = [
            t for t in sorted(family.playable(session, "play")) if hand.count(t) > picked.count(t)
        ]
        return {"type": "tile", "tile": free[0]}
    agent = CardAgent(family.card) if family.name == "american" else EfficiencyAgent()
    action = agent.act(session.deal.observation(HUMAN), session.deal.legal_actions(HUMAN))
    if action.type in ("discard", "pass_tile"):
        return {"type": "tile", "tile": action.tile}
    for choice in family.choices(session, "play"):
        if choice.mode and action.type == "riichi":
            return {"type": "choose", "key": choice.key}
        for i, way in enumerate(choice.ways):
            if action in way.actions or (action.type == "blind" and choice.key == "b"):
                return {"type": "choose", "key": choice.key, "way": i}
    raise RuntimeError(f"no message does {action}")


def play(page: Page, server: Server, decisions: int | None) -> None:
    """Plays `decisions` of seat 0's decisions (None: to the end of the deal)."""
    done = 0
    while decisions is None or done < decisions:
        page.wait_for_function(
            "document.body.dataset.toAct === '1' || document.body.dataset.dealOver === '1'"
        )
        if page.evaluate("document.body.dataset.dealOver") == "1":
            return
        message = decision(server)
        if message is None:
            continue
        before = page.evaluate("+(document.body.dataset.seq || 0)")
        page.evaluate("m => send(m)", message)
        page.wait_for_function(f"+(document.body.dataset.seq || 0) > {before}")
        done += 1


def shot(
    argv: str,
    shots: list[tuple[str, tuple[int, int], dict[str, Any]]],
    decisions: int | None,
    after: str = "",
) -> None:
    """Plays `decisions` of seat 0's decisions of ``mahjong play <argv>``, runs `after` in
    the page, and writes each of `shots` (name, window size, settings)."""
    url, server = serve(argv)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        width, height = LAPTOP
        context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector('[data-hand="0"] [data-tile]')
        play(page, server, decisions)
        if after:
            page.evaluate(after)
        for path, (width, height), settings in shots:
            page.evaluate(
                "s => { localStorage.setItem('mahjong-web-settings', JSON.stringify(s));"
                " settings = loadSettings(); applySettings(); }",
                {"lang": "en", **settings},
            )
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(400)
            page.screenshot(path=str(DOCS / path))
            print(f"wrote docs/{path}")
        browser.close()


def main() -> None:
    shot(
        "riichi --seed 1 --delay 0",
        [
            ("web-riichi.png", LAPTOP, {}),
            ("web-riichi-phone.png", PHONE, {"lang": "ms", "theme": "dark"}),
        ],
        16,
    )
    shot("riichi --seed 5 --delay 0", [("web-riichi-result.png", LAPTOP, {})], None)
    shot(
        "riichi --rules tenhou-sanma --seed 7 --delay 0", [("web-riichi-sanma.png", LAPTOP, {})], 10
    )
    shot("american --seed 1 --delay 0", [("web-american.png", LAPTOP, {})], 40)
    shot(
        "american --seed 1 --delay 0",
        [("web-american-card.png", LAPTOP, {})],
        10,
        "send({type: 'card'})",
    )


if __name__ == "__main__":
    main()
