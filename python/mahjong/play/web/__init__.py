"""The web table of ``mahjong play --web``: an aiohttp server (:mod:`.server`) with one game per
browser tab over a websocket, the JSON of the table view (:mod:`.view`) and the page itself
(``static/``: HTML, CSS and JavaScript with our own SVG tiles; nothing is fetched from
elsewhere, nothing is built). :func:`mahjong.play.command.web_server` makes the server from the
command's options.
"""

from __future__ import annotations

import webbrowser
from typing import Any

__all__ = ["SHUTDOWN", "serve"]

SHUTDOWN = 5.0
"""Seconds the server waits, once stopped, for its tables to end (they end at once: their
bots are stopped and their pages told)."""


def serve(server: Any, host: str, port: int, seed: object, *, browser: bool = True) -> None:
    """Serves `server`'s table at ``http://HOST:PORT/`` until interrupted, opening a browser on
    it when `browser` (`seed` is said as the games' seed)."""
    from aiohttp import web

    from mahjong.play.web.server import make_app

    shown = "[::1]" if host == "::1" else host
    url = f"http://{shown}:{port}/"
    print(f"mahjong play {server.family_name}: {url} (seed: {seed}; Ctrl+C stops)", flush=True)

    async def opened(app: web.Application) -> None:
        if browser:
            webbrowser.open(url)

    app = make_app(server)
    app.on_startup.append(opened)
    web.run_app(
        app, host=host, port=port, print=None, handle_signals=True, shutdown_timeout=SHUTDOWN
    )
