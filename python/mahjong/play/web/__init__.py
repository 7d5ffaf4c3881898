"""The web table of ``mahjong play --web``: an aiohttp server (:mod:`.server`) with one game per
browser tab over a websocket, the JSON views of the table (:mod:`.view`) and the page itself
(``static/``: HTML, CSS and JavaScript with our own SVG tiles; nothing is fetched from
elsewhere, nothing is built).
"""

from __future__ import annotations

import argparse
import webbrowser
from typing import Any

from mahjong.play.family import Family

__all__ = ["SHUTDOWN", "make_server", "serve"]

SHUTDOWN = 5.0
"""Seconds the server waits, once stopped, for its tables to end (they end at once: their
bots are stopped and their pages told)."""


def make_server(args: argparse.Namespace) -> Any:
    """The :class:`~mahjong.play.web.server.Server` the command's options describe: a new game
    takes the options' rules (with their ``--set``), or a preset / card the page names."""
    from mahjong.play.command import family_from
    from mahjong.play.web.server import Server

    def make_family(preset: str | None, card: str | None) -> Family[Any]:
        return family_from(args, preset=preset, card=card)

    make_family(None, None)  # a bad option fails here, before anything is served
    if args.family == "riichi":
        from mahjong.riichi import Ruleset

        return Server(
            make_family,
            "riichi",
            list(Ruleset.presets()),
            args.rules,
            seed=args.seed,
            delay=args.delay,
            host=args.host,
        )
    from mahjong.american import AmericanRules, Card

    cards = list(Card.builtin_names())
    if args.card not in cards:
        cards.insert(0, args.card)
    return Server(
        make_family,
        "american",
        list(AmericanRules.presets()),
        args.rules,
        cards=cards,
        card=args.card,
        seed=args.seed,
        delay=args.delay,
        host=args.host,
    )


def serve(args: argparse.Namespace) -> None:
    """Serves the table at ``http://HOST:PORT/`` until interrupted, opening a browser on it
    unless ``--no-browser``."""
    from aiohttp import web

    from mahjong.play.web.server import make_app

    server = make_server(args)
    host = "[::1]" if args.host == "::1" else args.host
    url = f"http://{host}:{args.port}/"
    seed = "a random one per browser tab" if args.seed is None else args.seed
    print(f"mahjong play {args.family}: {url} (seed: {seed}; Ctrl+C stops)", flush=True)

    async def opened(app: web.Application) -> None:
        if not args.no_browser:
            webbrowser.open(url)

    app = make_app(server)
    app.on_startup.append(opened)
    web.run_app(
        app,
        host=args.host,
        port=args.port,
        print=None,
        handle_signals=True,
        shutdown_timeout=SHUTDOWN,
    )
