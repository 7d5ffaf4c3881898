"""What a table is set up from, below the command line: a family made from plain values (its
rules, card, games and AIs by name, Mjai bots hosted). :mod:`mahjong.play.command` reads the
options into it; the faces (:mod:`mahjong.play.app`, :mod:`mahjong.play.web`) are given the
session or the family maker it makes.
"""

from __future__ import annotations

from typing import Any

from mahjong import registry, sim
from mahjong.american import AmericanRules, Card
from mahjong.play.family import Family
from mahjong.riichi import Ruleset
from mahjong.riichi.mjai_host import Hosting

__all__ = ["make_family"]


def make_family(
    name: registry.Family,
    rules: Ruleset | AmericanRules,
    *,
    card: Card | None = None,
    games: int = 4,
    agents: str | None = None,
    hosting: Hosting | None = None,
) -> Family[Any]:
    """The family `name` (``riichi`` or ``american``) under `rules` (American: on `card`,
    `games` to a session), whose AIs are `agents` (``mahjong sim``'s names for seats 1 to the
    last, separated by commas, made for a person's table; a bad one fails here; None:
    :func:`mahjong.registry.table_default` in each), its
    ``mjai:COMMAND`` AIs hosted by `hosting`."""
    family: Family[Any]
    if name == "riichi":
        from mahjong.play.riichi import RiichiFamily

        assert isinstance(rules, Ruleset)
        family = RiichiFamily(rules)
        setup = sim.Setup(rules, hosting=hosting or Hosting())
    else:
        from mahjong.play.american import AmericanFamily

        assert isinstance(rules, AmericanRules)
        family = AmericanFamily(card, rules, games)
        setup = sim.Setup(family.rules, family.card)
    spec = agents or ",".join([registry.table_default(name)] * (family.players - 1))
    maker = sim.FAMILIES[name].make_agents
    maker(spec, 0, sim.Setup(setup.rules, setup.card), first_seat=1, table=True)  # fails if bad
    family.lineup = lambda seed: maker(spec, seed, setup, first_seat=1, table=True)
    return family
