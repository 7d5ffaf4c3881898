"""The page's own files without a browser: its JavaScript names no kind of game (the snapshot is
the same for all), its catalogue (``static/catalogue.json``) words every key of its own in
English and Malay and every key of the table's catalogue in Malay, with the same
placeholders, and the rules page of every preset and option uses only keys it has."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from mahjong.american import AmericanRules
from mahjong.play.american import AmericanFamily
from mahjong.play.catalogue import ENGLISH
from mahjong.play.riichi import RiichiFamily
from mahjong.play.rules_page import page
from mahjong.play.web.server import STATIC
from mahjong.riichi import Ruleset

CATALOGUE = json.loads((STATIC / "catalogue.json").read_text(encoding="utf-8"))
PLACEHOLDER = re.compile(r"\{([A-Za-z_0-9]+)(?:\|[^}]*)?\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_the_javascript_names_no_kind_of_game() -> None:
    for path in sorted(STATIC.glob("*.js")):
        text = path.read_text(encoding="utf-8")
        found = re.findall(r"riichi|american|sanma|charleston|mah ?jongg", text, re.IGNORECASE)
        assert not found, f"{path.name} names {sorted(set(found))}"


def test_every_page_word_is_in_english_and_malay_with_the_same_placeholders() -> None:
    english, malay = CATALOGUE["en"], CATALOGUE["ms"]
    assert set(english) <= set(malay), sorted(set(english) - set(malay))
    for key, text in english.items():
        assert placeholders(malay[key]) == placeholders(text), key


def test_every_key_of_the_tables_catalogue_has_its_malay() -> None:
    """The table's words (the engine's and the tables', English from the server) all have a
    Malay template in the page's catalogue, with the same parameters."""
    malay = CATALOGUE["ms"]
    missing = sorted(set(ENGLISH) - set(malay))
    assert not missing, f"no Malay for {missing}"
    for key, entry in ENGLISH.items():
        assert placeholders(malay[key]) == placeholders(entry.text), key


def _options(options: list[tuple[str, str]], names: set[str]) -> dict[str, list[Any]]:
    """Every allowed value of the options `names`, from the rules' own description."""
    values: dict[str, list[Any]] = {}
    for name, allowed in options:
        if name not in names:
            continue
        if allowed == "true or false":
            values[name] = [True, False]
        elif '"' in allowed:
            values[name] = re.findall(r'"([^"]+)"', allowed)
        else:
            values[name] = [int(v) for v in re.findall(r"\d+", allowed)]
    assert set(values) == names
    return values


RIICHI_OPTIONS = {
    "game_length",
    "kuikae",
    "riichi_ankan",
    "multi_ron",
    "leftover_deposits",
    "busting",
    "agariyame",
    "red_fives",
    "ura_dora",
    "open_tanyao",
}
AMERICAN_OPTIONS = {"second_charleston", "courtesy_pass", "jokerless_bonus", "dead_hand_mode"}


def _families() -> list[tuple[str, Any]]:
    families: list[tuple[str, Any]] = []
    for preset in Ruleset.presets():
        families.append((preset, RiichiFamily(Ruleset.preset(preset))))
    for name, values in _options(Ruleset.options(), RIICHI_OPTIONS).items():
        for value in values:
            rules = Ruleset.preset("seed").replace(**{name: value})
            families.append((f"seed {name}={value}", RiichiFamily(rules)))
    for preset in AmericanRules.presets():
        families.append((preset, AmericanFamily(rules=AmericanRules.preset(preset))))
    for name, values in _options(AmericanRules.options(), AMERICAN_OPTIONS).items():
        for value in values:
            rules = AmericanRules.preset("nmjl").replace(**{name: value})
            families.append((f"nmjl {name}={value}", AmericanFamily(rules=rules)))
    return families


@pytest.mark.parametrize(
    ("name", "family"), _families(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_the_rules_page_of_every_preset_and_option_is_worded(name: str, family: Any) -> None:
    shown = page(family, name)
    says = [shown["title"]] + [
        s for section in shown["sections"] for s in [section["title"], *section["items"]]
    ]
    for say in says:
        for language in ("en", "ms"):
            text = CATALOGUE[language].get(say["key"])
            assert text is not None, f"{language}: no {say['key']}"
            assert placeholders(text) == set(say["params"]), say
        for param in say["params"]:
            assert param in shown["types"].get(say["key"], {}), say
