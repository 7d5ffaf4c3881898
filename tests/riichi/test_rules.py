"""Ruleset: presets, overrides, validation, dict and TOML round trips."""

from __future__ import annotations

import pickle

import pytest

from mahjong.errors import InvalidRuleError
from mahjong.riichi import Ruleset

PRESETS = [
    "seed",
    "tenhou",
    "mahjongsoul",
    "wrc",
    "ema",
    "mleague",
    "tenhou-sanma",
    "mahjongsoul-sanma",
]


def test_presets() -> None:
    assert Ruleset.presets() == PRESETS
    assert Ruleset() == Ruleset.preset("seed")
    seed, tenhou = Ruleset.preset("seed"), Ruleset.preset("tenhou")
    assert seed.game_length == "one_deal" and tenhou.game_length == "hanchan"
    assert seed.multi_ron == "head_bump" and tenhou.multi_ron == "double"
    assert Ruleset.preset("mahjongsoul").multi_ron == "triple"
    assert Ruleset.preset("mahjongsoul").double_yakuman is True
    assert Ruleset.preset("wrc").kazoe == "sanbaiman" and Ruleset.preset("wrc").kiriage is True
    assert Ruleset.preset("ema").red_fives == 0
    assert Ruleset.preset("mleague").riichi_min_points is None
    assert tenhou.uma == [20000, 10000, -10000, -20000] and tenhou.oka == 20000
    assert seed.pao == ["daisangen", "daisuushii"]
    assert len({Ruleset.preset(p) for p in PRESETS}) == 8


def test_replace_and_attributes() -> None:
    rules = Ruleset.preset("tenhou").replace(kiriage=True, kazoe="sanbaiman")
    assert rules.kiriage is True and rules.kazoe == "sanbaiman"
    assert Ruleset.preset("tenhou").kiriage is False  # the preset is unchanged
    assert repr(rules) == "Ruleset.preset('tenhou').replace(kazoe='sanbaiman', kiriage=True)"
    assert repr(Ruleset.preset("ema")) == "Ruleset.preset('ema')"
    assert rules.replace(riichi_min_points=None).riichi_min_points is None
    assert rules.replace(pao=("suukantsu",)).pao == ["suukantsu"]
    with pytest.raises(AttributeError, match="no option"):
        _ = rules.no_such_option


@pytest.mark.parametrize(
    ("changes", "names"),
    [
        ({"kiriag": True}, r'unknown rule option "kiriag"; valid options: .*kiriage'),
        ({"kazoe": "big"}, 'kazoe cannot be "big"; it accepts "yakuman", "sanbaiman"'),
        ({"kiriage": 1}, "kiriage cannot be 1; it accepts true or false"),
        ({"red_fives": 2}, "red_fives cannot be 2; it accepts 0, 1"),
        ({"start_points": -5}, "start_points cannot be -5"),
        ({"uma": [1, 2]}, "one per player"),
        ({"uma": [1, 2, 3]}, "uma has 3 entries but players is 4"),
        ({"players": 3}, "uma has 4 entries but players is 3"),
        ({"players": 2}, "players cannot be 2; it accepts 4, 3"),
        ({"nukidora": True}, "nukidora needs players = 3"),
        ({"pao": ["daisangen", "tsuuiisou"]}, "suukantsu"),
        ({"kazoe": 3.5}, "kazoe cannot be a float"),
    ],
)
def test_bad_options_name_the_problem(changes: dict[str, object], names: str) -> None:
    with pytest.raises(InvalidRuleError, match=names):
        Ruleset().replace(**changes)


def test_unknown_preset() -> None:
    with pytest.raises(InvalidRuleError, match="mahjongsoul"):
        Ruleset.preset("majsoul")  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", PRESETS)
def test_dict_toml_and_pickle_round_trips(preset: str) -> None:
    rules = Ruleset.preset(preset).replace(kiriage=True, yakuman_cap_units=6)  # type: ignore[arg-type]
    assert Ruleset.from_dict(rules.to_dict()) == rules
    assert Ruleset.from_toml(rules.to_toml()) == rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert repr(pickle.loads(pickle.dumps(rules))) == repr(rules)
    assert set(rules.to_dict()) == {name for name, _ in Ruleset.options()}


def test_from_dict_and_toml_with_a_preset_key() -> None:
    rules = Ruleset.from_dict({"preset": "wrc", "kiriage": False})
    assert rules == Ruleset.preset("wrc").replace(kiriage=False)
    text = 'preset = "tenhou"\nkazoe = "sanbaiman"\nriichi_min_points = "none"\n'
    assert Ruleset.from_toml(text) == Ruleset.preset("tenhou").replace(
        kazoe="sanbaiman", riichi_min_points=None
    )
    with pytest.raises(InvalidRuleError, match="invalid TOML"):
        Ruleset.from_toml("kazoe = ")
    with pytest.raises(InvalidRuleError, match="unknown rule option"):
        Ruleset.from_toml("nope = 1")


def test_options_describe_every_value() -> None:
    options = dict(Ruleset.options())
    assert options["kazoe"] == '"yakuman", "sanbaiman"'
    assert options["open_tanyao"] == "true or false"
    assert len(options) == len(Ruleset().to_dict())


def test_stub_lists_every_option() -> None:
    from pathlib import Path

    import mahjong

    stub = (Path(mahjong.__file__).parent / "_core.pyi").read_text()
    body = stub.split("class Ruleset:")[1].split("def __new__")[0]
    names = [line.split(":")[0].strip() for line in body.strip().splitlines()]
    assert names == [name for name, _ in Ruleset.options()]
