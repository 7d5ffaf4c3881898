"""A deal rebuilt from what one seat saw of it, so that an agent can be asked to decide there
(``mahjong bot riichi`` answers an Mjai host this way).

The events a seat receives hide the other seats' starting tiles and draws (``"?"``). The
engine needs a whole wall, so :func:`fill_hidden` names every hidden tile, consistently
with everything the seat saw. With four players the core names them
(``mahjong._core.fill_hidden``, the sampler the native expert draws its worlds with): every
tile accounted for, each tile a seat shows held by it then (a tsumogiri its draw, a discard
from the hand not the tile it drew), every call and kan possible, and each riichi hand
waiting (where the tiles left allow it, not on a tile it let pass since its riichi). The
core's sampler knows four players only; a three-player deal (kita, no 2m-8m) is named here:

- a tile another seat shows (a discard, the tiles of a call, kan or kita, a kakan tile) is
  given to a hidden tile it held: the drawn tile for a ``tsumogiri`` discard (and, when it
  can be, for a kan or kita), else one held longer; a tile discarded from the hand is never
  the name of the drawn tile it kept (the engine would have discarded the drawn one);
- the tiles a seat kept when it declared riichi are named so that they wait (sets and a
  single tile): the engine accepts only a riichi in tenpai;
- every other hidden tile takes a tile nobody has shown, in tile order.

:func:`seat_deal` then replays the named events through the engine
(:func:`mahjong.riichi.replay.deal_so_far`): the seat's hand, its legal actions and its
observation are exactly what the real deal offered it, since none of them depends on another
seat's hidden tiles.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from mahjong._core import Deal, Ruleset
from mahjong._core import fill_hidden as _fill_hidden
from mahjong.errors import MahjongError, RecordFormatError
from mahjong.riichi import mjai
from mahjong.riichi.mjai import HIDDEN, Event
from mahjong.riichi.replay import deal_so_far

__all__ = ["fill_hidden", "seat_deal"]


@dataclass(eq=False)
class _Tile:
    """One tile a seat held: where the events show it (the event's index; in
    ``start_kyoku`` the position seat * 13 + index in ``tehais``, -1 for a ``tsumo``), its
    name once known, and names it cannot have."""

    event: int
    position: int
    name: str | None
    banned: set[str] = field(default_factory=set)


class _Hands:
    """The tiles each seat holds while the events are walked through."""

    def __init__(self) -> None:
        self.held: list[list[_Tile]] = [[] for _ in range(4)]
        self.drawn: list[_Tile | None] = [None] * 4
        self.riichi_hands: list[list[_Tile]] = []

    def give(self, seat: int, name: str, *, drawn_first: bool) -> None:
        """Names the held tile that `seat` shows as `name` and takes it from the hand."""
        held = self.held[seat]
        drawn = self.drawn[seat]
        chosen = None
        if drawn_first and drawn in held and drawn.name in (name, None):
            chosen = drawn
        chosen = chosen or next((t for t in held if t.name == name), None)
        free = [t for t in held if t.name is None and t is not drawn and name not in t.banned]
        chosen = chosen or max(free, key=lambda t: len(t.banned), default=None)
        chosen = chosen or next((t for t in held if t.name is None), None)
        if chosen is None:
            raise RecordFormatError(f"seat {seat} shows {name}, which it cannot hold")
        chosen.name = name
        held.remove(chosen)
        if drawn in held and drawn.name is None and not drawn_first:
            drawn.banned.add(name)


def _walk(deal: Sequence[Event], players: int) -> tuple[list[_Tile], list[list[_Tile]]]:
    """Every tile the `players` seats held in `deal` (named where shown; a padded fourth hand
    of a three-player log is no one's) and the hands kept at riichi."""
    tiles: list[_Tile] = []
    hands = _Hands()
    declared: set[int] = set()

    def take(event: int, position: int, seat: int, name: str) -> _Tile:
        tile = _Tile(event, position, None if name == HIDDEN else name)
        tiles.append(tile)
        hands.held[seat].append(tile)
        return tile

    for seat, hand in enumerate(deal[0]["tehais"][:players]):
        for position, name in enumerate(hand):
            take(0, seat * 13 + position, seat, name)
    for index, event in enumerate(deal[1:], 1):
        kind = event["type"]
        actor = event.get("actor", -1)
        if kind == "tsumo":
            hands.drawn[actor] = take(index, -1, actor, event["pai"])
            continue
        if kind == "dahai":
            hands.give(actor, event["pai"], drawn_first=bool(event.get("tsumogiri")))
            if actor in declared:
                declared.discard(actor)
                hands.riichi_hands.append(list(hands.held[actor]))
        elif kind in ("chi", "pon", "daiminkan", "ankan"):
            for name in event["consumed"]:
                hands.give(actor, name, drawn_first=kind == "ankan")
        elif kind == "kakan":
            hands.give(actor, event["pai"], drawn_first=True)
        elif kind in ("nukidora", "kita"):
            # the engine sets aside the drawn North when it is one, else one held
            hands.give(actor, "N", drawn_first=True)
        elif kind == "reach":
            declared.add(actor)
            continue
        else:
            continue
        hands.drawn[actor] = None
    return tiles, hands.riichi_hands


def _all_tiles(rules: Ruleset) -> Counter[str]:
    """Every tile of a game under `rules` by name: the engine's wall (with three players no
    2m-8m)."""
    red = bool(rules.red_fives)
    return Counter(mjai.tile_name(t, red) for t in Deal(seed=0, rules=rules).wall)


def _take(pool: Counter[str], kind: int, count: int) -> list[str] | None:
    """`count` tiles of `kind` from `pool` (plain fives before red ones), or None."""
    names = [n for n in (mjai.KIND_NAMES[kind], *mjai.RED_FIVE_NAMES) if mjai.tile_kind(n) == kind]
    taken: list[str] = []
    for name in names:
        taken += [name] * min(pool[name], count - len(taken))
    if len(taken) < count:
        return None
    pool.subtract(taken)
    return taken


def _sets(counts: list[int], need: int, kind: int = 0) -> list[int] | None:
    """The kinds of `need` sets (triplets or runs) that `counts` (per kind) can make, from
    `kind` on, or None when it cannot."""
    if need == 0:
        return []
    while kind < 34 and counts[kind] == 0:
        kind += 1
    if kind == 34:
        return None
    shapes = [[kind] * 3]
    if kind < 27 and kind % 9 <= 6:
        shapes.append([kind, kind + 1, kind + 2])
    for shape in shapes:
        if all(counts[k] >= shape.count(k) for k in shape):
            for k in shape:
                counts[k] -= 1
            rest = _sets(counts, need - 1, kind)
            for k in shape:
                counts[k] += 1
            if rest is not None:
                return shape + rest
    saved, counts[kind] = counts[kind], 0
    rest = _sets(counts, need, kind + 1)
    counts[kind] = saved
    return rest


def _waiting_hand(size: int, shown: list[str], pool: Counter[str]) -> list[str]:
    """Tiles from `pool` (taken out of it) that make a hand of `size` wait together with the
    `shown` ones (the triplets of a later ankan): sets and a single tile of a kind nothing
    else in the hand has."""
    used = {mjai.tile_kind(n) for n in shown}
    counts = [0] * 34
    for name, count in pool.items():
        counts[mjai.tile_kind(name)] += count
    need = (size - len(shown) - 1) // 3
    for single in (k for k in range(34) if counts[k] and k not in used):
        left = [0 if k in used or k == single else c for k, c in enumerate(counts)]
        kinds = _sets(left, need)
        if kinds is not None:
            return [name for k in [single, *kinds] for name in _take(pool, k, 1) or ()]
    raise RecordFormatError("no tiles are left to make a riichi hand wait")


def _name(tiles: list[_Tile], names: list[str]) -> None:
    """Gives `tiles` names from `names` (as many or more), each avoiding the names it cannot
    have where it can; the tiles with the most such names choose first."""
    left = list(names)
    for tile in sorted(tiles, key=lambda t: -len(t.banned)):
        tile.name = next((n for n in left if n not in tile.banned), left[0])
        left.remove(tile.name)


def fill_hidden(deal: Sequence[Event], rules: Ruleset | None = None) -> list[Event]:
    """A copy of one deal's events (``start_kyoku`` first, as one seat saw them) with every
    hidden tile (``"?"``) named consistently with what the events show (see the module
    docs), from the tiles of a game under `rules` (default the tenhou preset); the same
    events give the same names. A deal no hands can explain (a tile shown by a seat that
    cannot hold it, a fifth copy) is a :class:`~mahjong.errors.RecordFormatError`."""
    rules = rules if rules is not None else Ruleset.preset("tenhou")
    if rules.players == 4:
        return _core_filled(deal, bool(rules.red_fives))
    tiles, riichi_hands = _walk(deal, rules.players)
    pool = _all_tiles(rules)
    markers = [deal[0]["dora_marker"], *(e["dora_marker"] for e in deal if e["type"] == "dora")]
    pool.subtract([*markers, *(t.name for t in tiles if t.name is not None)])
    if any(count < 0 for count in pool.values()):
        raise RecordFormatError(f"the deal shows more copies of a tile than there are: {-pool}")
    for hand in riichi_hands:
        hidden = [t for t in hand if t.name is None]
        if hidden:
            _name(hidden, _waiting_hand(len(hand), [t.name for t in hand if t.name], pool))
    _name([t for t in tiles if t.name is None], sorted(pool.elements(), key=mjai.sort_key))
    filled = copy.deepcopy(list(deal))
    for tile in tiles:
        if tile.position >= 0:
            filled[tile.event]["tehais"][tile.position // 13][tile.position % 13] = tile.name
        else:
            filled[tile.event]["pai"] = tile.name
    return filled


def _core_filled(deal: Sequence[Event], red_fives: bool) -> list[Event]:
    """A four-player deal's events with the hidden tiles the core names."""
    try:
        names = iter(_fill_hidden(list(deal), red_fives=red_fives))
    except MahjongError as error:
        raise RecordFormatError(str(error)) from None
    filled = copy.deepcopy(list(deal))
    for hand in filled[0]["tehais"]:
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
