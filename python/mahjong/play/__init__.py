"""``mahjong play``: play against the built-in AIs in a terminal or a browser, either family.

:mod:`mahjong.play.session` is the game at a table without any user interface,
:mod:`mahjong.play.riichi` and :mod:`mahjong.play.american` the families' words and panels,
:mod:`mahjong.play.app` the textual table and :mod:`mahjong.play.command` the command's
options, :mod:`mahjong.play.web` the web table. The user interface needs the optional extra
``play`` (textual in the terminal, aiohttp on the web), imported only when a game starts.
"""

from __future__ import annotations

from mahjong.play.command import add_command

__all__ = ["add_command"]
