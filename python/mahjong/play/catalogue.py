"""Every word a table says, as a catalogue: for each key an English template and the type of
each parameter (``docs/table-view.md`` says how a type is shown). The core's own entries
(:data:`mahjong.CATALOGUE`: reasons, dead hands, draws, fu parts, why a game ended, why a
jokerless hand was not doubled), the yaku names the core gives (:data:`YAKU_NAMES`) and the
tables' own words make :data:`ENGLISH`; :func:`word` fills a message in English, as the
terminal shows it (the web page has the same catalogue and its translations).

``python -m mahjong.play.catalogue`` lists every key with its parameters and template.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mahjong import CATALOGUE as CORE
from mahjong.play.snapshot import Say, Snapshot
from mahjong.riichi import YAKU_NAMES
from mahjong.riichi.mjai import LIMITS

__all__ = ["BUILTIN_TYPES", "ENGLISH", "Entry", "Words", "word"]

BUILTIN_TYPES = frozenset(
    {
        "number",
        "signed",
        "thousands",
        "count",
        "flag",
        "text",
        "tile",
        "tiles",
        "either",
        "seat",
        "whose",
        "say",
        "says",
    }
)
"""The parameter types a face shows itself; any other type names a part of the catalogue."""


@dataclass(frozen=True)
class Entry:
    """A catalogue entry: the English template and its parameters' types by name."""

    text: str
    params: Mapping[str, str]


def _entries(table: Mapping[str, tuple[str, Mapping[str, str]]]) -> dict[str, Entry]:
    return {key: Entry(text, dict(params)) for key, (text, params) in table.items()}


SEAT = {"seat": "seat"}
TILE = {"tile": "tile"}

# The tables' own words (the core's are added below).
TABLE: dict[str, tuple[str, Mapping[str, str]]] = {
    # names, winds, units, suits, lists
    "seat.you": ("You", {}),
    "seat.ai": ("{name} (AI, {place})", {"name": "text", "place": "place"}),
    "place.right": ("right", {}),
    "place.across": ("across", {}),
    "place.left": ("left", {}),
    "seat.turn": ("to play", {}),
    "seat.discards": ("discards", {}),
    "seat.melds": ("melds", {}),
    "seat.kita": ("kita", {}),
    "seat.from": ("from {seat}", SEAT),
    "whose.you": ("your", {}),
    "whose.seat": ("{name}'s", {"name": "text"}),
    "list.and": (", ", {}),
    "list.or": (" or ", {}),
    "wind.E": ("East", {}),
    "wind.S": ("South", {}),
    "wind.W": ("West", {}),
    "wind.N": ("North", {}),
    "unit.deal": ("deal", {}),
    "unit.game": ("game", {}),
    "unit.session": ("session", {}),
    "suit.man": ("man", {}),
    "suit.pin": ("pin", {}),
    "suit.sou": ("sou", {}),
    "suit.crak": ("crak", {}),
    "suit.dot": ("dot", {}),
    "suit.bam": ("bam", {}),
    # a seat's side
    "score.points": ("{n}", {"n": "number"}),
    "score.signed": ("{n}", {"n": "signed"}),
    "mark.riichi": ("riichi", {}),
    "mark.dead": ("dead hand: {why}", {"why": "dead"}),
    "mark.dealer": ("dealer", {}),
    # the centre
    "centre.round": ("{wind} {number}", {"wind": "wind", "number": "count"}),
    "centre.game_of": ("Game {n} of {of}", {"n": "count", "of": "count"}),
    "centre.honba": ("Honba", {}),
    "centre.deposits": ("Deposits", {}),
    "centre.tiles_left": ("Left", {}),
    "centre.dora": ("Dora", {}),
    "step.first_right": ("first Charleston, pass right", {}),
    "step.first_across": ("first Charleston, pass across", {}),
    "step.first_left": ("first Charleston, pass left", {}),
    "step.second_left": ("second Charleston, pass left", {}),
    "step.second_across": ("second Charleston, pass across", {}),
    "step.second_right": ("second Charleston, pass right", {}),
    "step.courtesy": ("courtesy pass across", {}),
    # your hand
    "verb.discard": ("Discard", {}),
    "verb.riichi_discard": ("Riichi", {}),
    "verb.pick": ("Pick", {}),
    "hand.tenpai": ("tenpai", {}),
    "hand.waits": ("waits", {}),
    "hand.live": ("{tile}: {n} left", {"tile": "tile", "n": "count"}),
    # the buttons
    "choice.tsumo": ("Tsumo", {}),
    "choice.ron": ("Ron", {}),
    "choice.riichi": ("Riichi", {}),
    "choice.chi": ("Chi", {}),
    "choice.pon": ("Pon", {}),
    "choice.kan": ("Kan", {}),
    "choice.kita": ("Kita", {}),
    "choice.kyuushu": ("Abort", {}),
    "choice.pass": ("Pass", {}),
    "choice.mahjongg": ("Mah Jongg", {}),
    "choice.expose": ("Expose", {}),
    "choice.joker_exchange": ("Exchange", {}),
    "choice.call_dead": ("Call dead", {}),
    "choice.blind": ("Blind pass", {}),
    "choice.pass_tiles": ("Pass {tiles}", {"tiles": "tiles"}),
    "choice.vote": ("Vote", {}),
    "choice.courtesy": ("Offer", {}),
    "choice.ways": ("{choice} ({n} ways)", {"choice": "choice", "n": "count"}),
    "way.call": ("{call} {tiles}", {"call": "choice", "tiles": "tiles"}),
    "way.kyuushu": ("Abortive draw: nine terminals and honours", {}),
    "way.expose": ("Expose {tiles}", {"tiles": "tiles"}),
    "way.exchange": (
        "Give {tile} for the joker in {owner} exposure",
        {"tile": "tile", "owner": "whose"},
    ),
    "way.call_dead": ("Call {seat} hand dead", {"seat": "whose"}),
    "way.vote_go": ("Go on: a second Charleston", {}),
    "way.vote_stop": ("Stop the Charleston", {}),
    "way.offer": ("Offer {n} {n|tile|tiles}", {"n": "count"}),
    "way.offer_none": ("Offer none", {}),
    "press.picked_all": ("every {tile} you hold is picked already", TILE),
    "press.not_now": ("{tile} can't be played now", TILE),
    "warn.hand_dies": ("your hand dies: {why}", {"why": "dead"}),
    # what you are asked
    "prompt.turn": ("Your turn: select a tile, then confirm it to discard", {}),
    "prompt.claim": ("{seat} discarded {tile}: call it, or pass", {**SEAT, **TILE}),
    "prompt.riichi": ("Riichi: select the tile to discard with it, then confirm", {}),
    "prompt.ais": ("The AIs are playing…", {}),
    "prompt.over": ("The {unit} is over", {"unit": "unit"}),
    "prompt.dead": ("Your hand is dead: the others play on without you", {}),
    "prompt.pick": (
        "{step}: pick {size} {size|tile|tiles} to pass ({picked} picked)",
        {"step": "step", "size": "count", "picked": "count"},
    ),
    "prompt.pick_blind": (
        "{step}: pick {size} {size|tile|tiles} to pass ({picked} picked), or pass the rest "
        "blind (from the tiles you receive, unseen)",
        {"step": "step", "size": "count", "picked": "count"},
    ),
    "prompt.ready": (
        "{step}: pass the {size} picked {size|tile|tiles} (confirming a picked tile puts it back)",
        {"step": "step", "size": "count"},
    ),
    "prompt.ready_blind": (
        "{step}: pass the {size} picked {size|tile|tiles}, or the rest blind (confirming a "
        "picked tile puts it back)",
        {"step": "step", "size": "count"},
    ),
    "prompt.vote": ("Vote: a second Charleston, or stop (one stop stops it)", {}),
    "prompt.courtesy": ("Courtesy pass: how many tiles (0-3) to offer the player across?", {}),
    "prompt.ways": ("Choose one; Esc goes back", {}),
    # the message log
    "event.new_deal": ("— {unit} {n} —", {"unit": "unit", "n": "count"}),
    "event.discard": ("{seat}: discard {tile}", {**SEAT, **TILE}),
    "event.discard_no_ron": (
        "{seat}: discard {tile} ({why})",
        {**SEAT, **TILE, "why": "says"},
    ),
    "event.call": (
        "{seat}: {call} {tiles} from {from}",
        {**SEAT, "call": "choice", "tiles": "tiles", "from": "seat"},
    ),
    "event.kan": ("{seat}: kan of {tile}", {**SEAT, **TILE}),
    "event.riichi": ("{seat}: riichi", SEAT),
    "event.kita": ("{seat}: kita (a North set aside)", SEAT),
    "event.dora": ("New dora indicator: {tile}", TILE),
    "event.tsumo": ("{seat}: tsumo!", SEAT),
    "event.ron": ("{seat}: ron off {from}!", {**SEAT, "from": "seat"}),
    "event.draw": ("Draw: {why}", {"why": "draw"}),
    "event.kyuushu": ("{seat}: nine different terminals and honours (abortive draw)", SEAT),
    "event.charleston": (
        "{step}: you passed {given} and received {received}",
        {"step": "step", "given": "tiles", "received": "tiles"},
    ),
    "event.charleston_blind": (
        "{step}: you passed {given} and {blind} blind, and received {received}",
        {"step": "step", "given": "tiles", "blind": "count", "received": "tiles"},
    ),
    "event.vote": ("Vote: {votes}: {result}", {"votes": "says", "result": "vote"}),
    "vote.go": ("{seat} goes on", SEAT),
    "vote.stop": ("{seat} stops", SEAT),
    "vote.second": ("a second Charleston", {}),
    "vote.none": ("no second Charleston", {}),
    "event.courtesy": (
        "Courtesy offers: {offers}; you pass {n} {n|tile|tiles} across",
        {"offers": "says", "n": "count"},
    ),
    "offer.seat": ("{seat} {n}", {**SEAT, "n": "count"}),
    "event.expose": (
        "{seat}: expose {tiles} (from {from})",
        {**SEAT, "tiles": "tiles", "from": "seat"},
    ),
    "event.exchange": (
        "{seat}: exchange {tile} for the joker in {owner} exposure",
        {**SEAT, **TILE, "owner": "whose"},
    ),
    "event.dead": ("{seat} hand is dead: {why}", {"seat": "whose", "why": "dead"}),
    "event.mahjongg": ("{seat}: Mah Jongg! ({n} points)", {**SEAT, "n": "number"}),
    "event.wall_game": ("Wall game: nobody won", {}),
    # the result
    "result.deal": ("How the {unit} ended", {"unit": "unit"}),
    "result.dead": ("{seat} hand was dead: {why}", {"seat": "whose", "why": "say"}),
    "how.tsumo": ("{seat} won by tsumo", SEAT),
    "how.ron": ("{seat} won by ron off {from}", {**SEAT, "from": "seat"}),
    "how.self_drawn": ("{seat}: Mah Jongg, self-drawn", SEAT),
    "how.discard": ("{seat}: Mah Jongg on {from} discard", {**SEAT, "from": "whose"}),
    "how.joker_exchange": ("{seat}: Mah Jongg after a joker exchange", SEAT),
    "value.han": ("{n} han", {"n": "count"}),
    "value.yakuman": ("yakuman x{n}", {"n": "count"}),
    "value.fu": ("{n} fu", {"n": "count"}),
    "value.points": ("{n} points", {"n": "number"}),
    "total.han_fu": ("{han} han {fu} fu", {"han": "count", "fu": "count"}),
    "total.points": ("{n} points", {"n": "number"}),
    "card.hand": ("{section} #{number}", {"section": "text", "number": "count"}),
    "card.exposed": ("X: exposures allowed", {}),
    "card.concealed": ("C: concealed", {}),
    "note.pay_for_table": ("{seat} pays for the table", SEAT),
    "note.liable": ("{seat} is liable for the yakuman (pao)", SEAT),
    "indicators.dora": ("Dora indicators", {}),
    "indicators.ura": ("Ura dora indicators", {}),
    "pay.deposits": ("Riichi deposits", {}),
    "pay.hand": ("{seat} hand", {"seat": "whose"}),
    "pay.honba": ("Honba ({n})", {"n": "count"}),
    "pay.sticks": ("Deposits taken", {}),
    "pay.noten": ("Noten payments", {}),
    "pay.nagashi": ("Nagashi mangan", {}),
    "pay.returned": ("Deposits returned", {}),
    "pay.mahjongg": ("Mah Jongg", {}),
    "pay.total": ("Total", {}),
    "pay.table": ("Table", {}),
    # the standings
    "part.deposits": ("Deposits", {}),
    "part.base": ("Base", {}),
    "part.score": ("Score", {}),
    "part.result": ("Result", {}),
    "part.oka": ("Oka", {}),
    "part.uma": ("Uma", {}),
    "part.rounding": ("Rounding", {}),
    "result.thousands": ("{n}", {"n": "thousands"}),
    "result.signed": ("{n}", {"n": "signed"}),
    "standings.uma": ("Results in thousands: score - base + oka + uma; they sum to 0", {}),
    "standings.scores": ("Scores after {n} {n|game|games}; they sum to 0", {"n": "count"}),
    "end.session": ("{n} {n|game|games} played", {"n": "count"}),
    # the card
    "legend.colours": (
        "A colour is a suit: groups of one colour are in one suit, groups of other colours in "
        "other suits (any suits unless the note says)",
        {},
    ),
    "legend.jokers": (
        "Jokers stand in for any tile of a group of {n} or more alike, never in a smaller "
        "group or a run such as 2026 or NEWS",
        {"n": "count"},
    ),
    "legend.values": ("Value in points; X: exposures allowed, C: concealed", {}),
    "legend.no_bonus": ("{section}: no jokerless double", {"section": "text"}),
    # the keys a family adds
    "keys.win": ("win: tsumo on your turn, ron on a discard", {}),
    "keys.riichi": ("riichi: select the tile to discard with it, then confirm", {}),
    "keys.calls": ("chi, pon, kan (1-9 picks the way when there are several)", {}),
    "keys.pass": ("pass: do not call (space too)", {}),
    "keys.kita": ("kita: set a North aside and draw a replacement (three players)", {}),
    "keys.kyuushu": ("abortive draw with nine different terminals and honours", {}),
    "keys.pass_picked": ("pass the picked tiles", {}),
    "keys.blind": ("blind pass (where allowed)", {}),
    "keys.vote": ("vote: a second Charleston / stop", {}),
    "keys.courtesy": ("the courtesy pass: how many tiles to offer across", {}),
    "keys.expose": ("expose the discard (1-9 picks the way when there are several)", {}),
    "keys.mahjongg": ("Mah Jongg", {}),
    "keys.exchange": ("joker exchange", {}),
    "keys.call_dead": ("call a hand dead", {}),
    "keys.card": ("the card", {}),
    # help with the hand
    "advice.complete": ("Your hand is complete", {}),
    "advice.tenpai": ("Tenpai (0 shanten)", {}),
    "advice.shanten": ("{n} shanten", {"n": "count"}),
    "advice.waits": ("Waits: {tiles}", {"tiles": "tiles"}),
    "advice.discards": ("Discard: shanten after, improving tiles (left)", {}),
    "advice.discard": (
        "{tile}: {shanten} shanten, {n} left: {tiles}",
        {**TILE, "shanten": "count", "n": "count", "tiles": "tiles"},
    ),
    "advice.improve": ("Tiles that improve: {tiles} ({n} left)", {"tiles": "tiles", "n": "count"}),
    "advice.nearest": ("Nearest card hands (tiles away):", {}),
    "advice.hand": (
        "{hand}: {n} away ({value} points, {xc})",
        {"hand": "say", "n": "count", "value": "number", "xc": "xc"},
    ),
    "xc.exposed": ("X", {}),
    "xc.concealed": ("C", {}),
    "advice.needs": ("needs {tiles}", {"tiles": "tiles"}),
    "advice.best": ("Best discards: {options}", {"options": "says"}),
    "advice.option": ("{tile} ({n} away)", {**TILE, "n": "count"}),
    "advice.none": ("No advice now", {}),
}

_LIMIT_WORDS = {"sanbaiman": "Sanbaiman", "yakuman": "Yakuman"}

ENGLISH: dict[str, Entry] = {
    **{key: Entry(text, dict(params)) for key, (text, params) in CORE.items()},
    **{f"yaku.{romaji}": Entry(name, {}) for romaji, name in YAKU_NAMES.items()},
    **{f"limit.{name}": Entry(_LIMIT_WORDS.get(name, name.capitalize()), {}) for name in LIMITS},
    **_entries(TABLE),
}
"""Every key with its English template and parameter types."""


_PLACEHOLDER = re.compile(r"\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}")


def word(
    say: Say,
    *,
    names: Callable[[int], str],
    label: Callable[[str], str],
    catalogue: Mapping[str, Entry] = ENGLISH,
) -> str:
    """`say` in words from `catalogue` (English by default), a seat named by `names` and a
    tile by `label`; a key the catalogue lacks is shown as it is."""
    entry = catalogue.get(say.key)
    if entry is None:
        return say.key

    def shown(match: re.Match[str]) -> str:
        name, one, other = match.groups()
        if name not in say.params:
            return match.group(0)
        value = say.params[name]
        if one is not None:
            return one if value == 1 else other
        return _shown(entry.params.get(name, "text"), value, names, label, catalogue)

    return _PLACEHOLDER.sub(shown, entry.text)


def _shown(
    kind: str,
    value: Any,
    names: Callable[[int], str],
    label: Callable[[str], str],
    catalogue: Mapping[str, Entry],
) -> str:
    """One parameter's `value` in words, as its type `kind` says."""

    def again(message: Any) -> str:
        say = message if isinstance(message, Say) else Say(message["key"], message["params"])
        return word(say, names=names, label=label, catalogue=catalogue)

    if kind == "number":
        return f"{value:,}"
    if kind == "signed":
        return f"{value:+,}" if value else "0"
    if kind == "thousands":
        return f"{value / 1000:+.1f}" if value else "0.0"
    if kind in ("count", "text", "flag"):
        return str(value)
    if kind == "tile":
        return label(value)
    if kind == "tiles":
        return " ".join(label(t) for t in value)
    if kind == "either":
        return again(Say("list.or")).join(label(t) for t in value)
    if kind == "seat":
        return names(value)
    if kind == "whose":
        key = Say("whose.you") if value == 0 else Say("whose.seat", {"name": names(value)})
        return again(key)
    if kind == "say":
        return again(value)
    if kind == "says":
        return again(Say("list.and")).join(again(v) for v in value)
    return again(Say(f"{kind}.{value}"))


class Words:
    """Words a snapshot's messages in English (or `catalogue`): seats by the snapshot's names
    (``seat.you`` for seat 0), tiles by their faces' labels."""

    def __init__(self, snapshot: Snapshot, catalogue: Mapping[str, Entry] = ENGLISH) -> None:
        self.snapshot = snapshot
        self.catalogue = catalogue

    def name(self, seat: int) -> str:
        """A seat's name: ``You`` for seat 0."""
        if seat == 0:
            return self(Say("seat.you"))
        return self.snapshot.seats[seat].name

    def label(self, tile: str) -> str:
        """A tile's short label."""
        face = self.snapshot.faces.tiles.get(tile)
        return face.label if face is not None else tile

    def __call__(self, say: Say) -> str:
        return word(say, names=self.name, label=self.label, catalogue=self.catalogue)

    def sentence(self, say: Say) -> str:
        """`say` in words, its first letter upper case."""
        text = self(say)
        return text[:1].upper() + text[1:]


def main() -> None:
    """Prints every key, its parameters and its English template."""
    for key in sorted(ENGLISH):
        entry = ENGLISH[key]
        params = ", ".join(f"{n}: {t}" for n, t in entry.params.items())
        print(f"{key} ({params}): {entry.text}")


if __name__ == "__main__":
    main()
