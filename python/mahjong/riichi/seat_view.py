"""A deal rebuilt from what one seat saw of it, so that an agent can be asked to decide there
(``mahjong bot riichi`` answers an Mjai host this way).

The events a seat receives hide the other seats' starting tiles and draws (``"?"``). The
engine needs a whole wall, so :func:`fill_hidden` names every hidden tile, consistently
with everything the seat saw. The core names them (``mahjong._core.fill_hidden``, the
sampler the native expert draws its worlds with), for three players as for four: every tile
of the game's wall accounted for (108 with three players), each tile a seat shows held by
it then (a tsumogiri its draw, a discard from the hand not the tile it drew, a kita's North
the tile it drew), every call, kan and kita possible, and each riichi hand waiting (where
the tiles left allow it, not on a tile it let pass since its riichi).

:func:`seat_deal` then replays the named events through the engine
(:func:`mahjong.riichi.replay.deal_so_far`): the seat's hand, its legal actions and its
observation are exactly what the real deal offered it, since none of them depends on another
seat's hidden tiles.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from mahjong._core import Deal, Ruleset
from mahjong._core import fill_hidden as _fill_hidden
from mahjong.errors import MahjongError, RecordFormatError
from mahjong.riichi.mjai import HIDDEN, Event
from mahjong.riichi.replay import deal_so_far

__all__ = ["fill_hidden", "seat_deal"]


def fill_hidden(deal: Sequence[Event], rules: Ruleset | None = None) -> list[Event]:
    """A copy of one deal's events (``start_kyoku`` first, as one seat saw them) with every
    hidden tile (``"?"``) named consistently with what the events show (see the module
    docs), from the tiles of a game under `rules` (default the tenhou preset); the same
    events give the same names. A deal no hands can explain (a tile shown by a seat that
    cannot hold it, a fifth copy) is a :class:`~mahjong.errors.RecordFormatError`."""
    rules = rules if rules is not None else Ruleset.preset("tenhou")
    try:
        found = _fill_hidden(list(deal), red_fives=bool(rules.red_fives), players=rules.players)
    except MahjongError as error:
        raise RecordFormatError(str(error)) from None
    names = iter(found)
    filled = copy.deepcopy(list(deal))
    for hand in filled[0]["tehais"][: rules.players]:  # a padded log's fourth hand is no one's
        hand[:] = [next(names) if name == HIDDEN else name for name in hand]
    for event in filled[1:]:
        if event["type"] in ("hora", "ryukyoku", "end_kyoku"):
            break
        if event["type"] == "tsumo" and event["pai"] == HIDDEN:
            event["pai"] = next(names)
    return filled


def seat_deal(deal: Sequence[Event], rules: Ruleset) -> Deal:
    """The engine's deal after one deal's events as a seat saw them (``start_kyoku`` first,
    hidden tiles ``"?"``), under `rules`: the hidden tiles named by :func:`fill_hidden`, the
    events replayed by :func:`mahjong.riichi.replay.deal_so_far`. Events no deal can explain
    are a :class:`~mahjong.errors.RecordFormatError`."""
    return deal_so_far(fill_hidden(deal, rules), rules)
