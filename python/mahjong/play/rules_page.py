"""The rules page of the game being played (the web table's *Rules*): the preset's rules in
sections of sentences, each a catalogue key (``rules.*``) with the preset's numbers as
parameters, worded by the page (``play/web/static/catalogue.json``, English and Malay).

Every sentence is chosen by the ruleset's options (``Ruleset.to_dict()``,
``AmericanRules.to_dict()``); nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mahjong.play.american import AmericanFamily
from mahjong.play.family import Family
from mahjong.play.riichi import RiichiFamily

__all__ = ["TYPES", "page"]

# The parameter types of the rules' sentences (as the catalogue's: number, count, text).
TYPES: dict[str, dict[str, str]] = {
    "rules.riichi.objective.han": {"han": "count"},
    "rules.riichi.setup.points": {"points": "number"},
    "rules.riichi.riichi.declare": {"points": "number", "tiles": "count", "deposit": "number"},
    "rules.riichi.score.honba": {"ron": "number", "tsumo": "number"},
    "rules.riichi.score.noten": {"points": "number"},
    "rules.riichi.end.uma": {"target": "number", "oka": "number", "uma": "text"},
    "rules.american.objective": {"card": "text"},
    "rules.american.games": {"games": "count"},
    "rules.american.pay_for_table": {"n": "count"},
}


def _say(key: str, **params: Any) -> dict[str, Any]:
    return {"key": key, "params": params}


def _section(name: str, items: list[dict[str, Any]]) -> dict[str, Any]:
    return {"title": _say(f"rules.title.{name}"), "items": items}


def _riichi(family: RiichiFamily) -> list[dict[str, Any]]:
    r = family.rules.to_dict()
    key = "rules.riichi."
    objective = [_say(key + "objective.han", han=r["min_han"]), _say(key + "objective.dora")]
    setup = [
        _say(key + f"setup.red_fives.{r['red_fives']}"),
        _say(key + "setup.points", points=r["start_points"]),
        _say(key + f"setup.length.{r['game_length']}"),
        _say(key + "setup.wall"),
    ]
    turns = [
        _say(key + "turn.draw"),
        _say(key + "turn.calls"),
        _say(key + "turn.kan"),
        _say(key + f"turn.kuikae.{r['kuikae']}"),
        _say(key + f"turn.open_tanyao.{str(r['open_tanyao']).lower()}"),
    ]
    riichi = [
        _say(
            key + "riichi.declare",
            points=r["riichi_min_points"],
            tiles=r["riichi_min_live_tiles"],
            deposit=r["riichi_deposit"],
        ),
        _say(key + f"riichi.kan.{r['riichi_ankan']}"),
        _say(key + "furiten.discard"),
        _say(key + "furiten.temporary"),
    ]
    score = [
        _say(key + "score.han_fu"),
        _say(key + f"score.ura.{str(r['ura_dora']).lower()}"),
        _say(key + "score.honba", ron=r["honba_ron"], tsumo=r["honba_tsumo"]),
        _say(key + "score.noten", points=r["noten_payment"]),
        _say(key + f"score.multi_ron.{r['multi_ron']}"),
        _say(key + f"score.deposits.{r['leftover_deposits']}"),
    ]
    if r["busting"] != "off":
        score.append(_say(key + f"end.busting.{r['busting']}"))
    if r["agariyame"] != "off":
        score.append(_say(key + f"end.agariyame.{r['agariyame']}"))
    if r["oka"] or any(r["uma"]):
        uma = " / ".join(f"{u / 1000:+g}" for u in r["uma"])
        score.append(_say(key + "end.uma", target=r["target_points"], oka=r["oka"], uma=uma))
    return [
        _section("objective", objective),
        _section("setup", setup),
        _section("turns", turns),
        _section("riichi", riichi),
        _section("score", score),
    ]


def _american(family: AmericanFamily) -> list[dict[str, Any]]:
    r = family.rules.to_dict()
    key = "rules.american."
    charleston = [_say(key + "charleston.first"), _say(key + "charleston.jokers")]
    charleston.append(_say(key + f"charleston.second.{r['second_charleston']}"))
    if r["courtesy_pass"]:
        charleston.append(_say(key + "charleston.courtesy"))
    play = [
        _say(key + "play.turn"),
        _say(key + "play.calls"),
        _say(key + "play.jokers"),
        _say(key + "play.exchange"),
        _say(key + f"play.dead.{r['dead_hand_mode']}"),
    ]
    pay = [_say(key + "pay.discard"), _say(key + "pay.self_drawn")]
    if r["jokerless_bonus"]:
        pay.append(_say(key + "pay.jokerless"))
    if r["pay_for_table_after_exposures"] is not None:
        pay.append(_say(key + "pay_for_table", n=r["pay_for_table_after_exposures"]))
    pay += [_say(key + "pay.wall_game"), _say(key + "games", games=family.games)]
    return [
        _section(
            "objective", [_say(key + "objective", card=family.card.name), _say(key + "setup")]
        ),
        _section("charleston", charleston),
        _section("play", play),
        _section("payments", pay),
    ]


BUILDERS: dict[str, Callable[[Any], list[dict[str, Any]]]] = {
    "riichi": _riichi,
    "american": _american,
}


def page(family: Family[Any], preset: str) -> dict[str, Any]:
    """The rules page of a game of `family` under the rules `preset` (its name): ``{"type":
    "rules", "title", "preset", "types", "sections": [{"title", "items"}]}``, every text a
    catalogue key with parameters."""
    return {
        "type": "rules",
        "title": _say(f"rules.page.{family.name}"),
        "preset": preset,
        "types": TYPES,
        "sections": BUILDERS[family.name](family),
    }
