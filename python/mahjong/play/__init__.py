"""``mahjong play``: play against the built-in AIs in a terminal or a browser, either family.

:mod:`mahjong.play.session` is the game at a table without any user interface,
:mod:`mahjong.play.riichi` and :mod:`mahjong.play.american` the families, which build the table
view (:mod:`mahjong.play.snapshot`, worded from :mod:`mahjong.play.catalogue`),
:mod:`mahjong.play.setup` a family from plain values; the faces draw the view:
:mod:`mahjong.play.app` the textual table, :mod:`mahjong.play.web` the web table.
:mod:`mahjong.play.command` is the command (its options), the only module here that knows the
command line. The faces need the optional extra ``play`` (textual in the terminal, aiohttp on
the web), imported only when a game starts.
"""
