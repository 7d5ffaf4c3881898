"""The command grammar `mahjong <verb> [riichi|american] ...` (mahjong.arguments): the family
filled in when left out, the older `mahjong american <verb>` turned around, replay's family
read from the log, and the shared option readers."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from mahjong.arguments import rule_override, rules_from, seconds, seed, with_family
from mahjong.cli import build_parser, log_family, main
from mahjong.errors import InvalidArgumentError, InvalidRuleError
from mahjong.riichi import Ruleset

PARSER = build_parser()


@pytest.mark.parametrize(
    ("argv", "explicit"),
    [
        (["sim", "--games", "5"], ["sim", "riichi", "--games", "5"]),
        (["sim"], ["sim", "riichi"]),
        (["sim", "american"], ["sim", "american"]),
        (["american", "sim", "--games", "2"], ["sim", "american", "--games", "2"]),
        (["american", "analyze", "F F"], ["analyze", "american", "F F"]),
        (["analyze", "123m"], ["analyze", "riichi", "123m"]),
        (["card"], ["card", "american"]),
        (["score", "--help"], ["score", "--help"]),
        (["--version"], ["--version"]),
        ([], []),
    ],
)
def test_the_family_is_made_explicit(argv: list[str], explicit: list[str]) -> None:
    assert with_family(PARSER, argv) == explicit


def test_a_family_needs_its_verb_first() -> None:
    with pytest.raises(InvalidArgumentError, match="name the verb first"):
        with_family(PARSER, ["american"])
    with pytest.raises(InvalidArgumentError, match="analyze, card, replay, sim, play"):
        with_family(PARSER, ["american", "score", "x"])


def test_replay_reads_the_family_from_the_log(tmp_path: Path) -> None:
    american = tmp_path / "a.jsonl"
    assert main(["sim", "american", "--games", "1", "--jsonl", str(american)]) == 0
    riichi = tmp_path / "r.jsonl"
    assert main(["sim", "--games", "1", "--jsonl", str(riichi)]) == 0
    assert log_family([str(american)]) == "american"
    assert log_family(["--rules", "tenhou", str(riichi)]) == "riichi"
    assert log_family([str(tmp_path / "missing.jsonl")]) == "riichi"
    assert with_family(PARSER, ["replay", str(american)])[1] == "american"


def test_option_readers() -> None:
    assert rule_override("kiriage=true") == ("kiriage", True)
    assert rule_override("uma=[20, 10, -10, -20]") == ("uma", [20, 10, -10, -20])
    assert rule_override("kazoe=sanbaiman") == ("kazoe", "sanbaiman")
    for bad in ("kiriage", "=1"):
        with pytest.raises(argparse.ArgumentTypeError, match="name=value"):
            rule_override(bad)
    assert seed("0") == 0 and seed(str(2**64 - 1)) == 2**64 - 1
    for bad in ("-1", str(2**64), "x"):
        with pytest.raises(argparse.ArgumentTypeError):
            seed(bad)
    assert seconds("0.5") == 0.5
    for bad in ("nan", "inf", "-1", "soon"):
        with pytest.raises(argparse.ArgumentTypeError):
            seconds(bad)


def test_rules_from_a_preset_and_overrides() -> None:
    args = argparse.Namespace(rules="tenhou", set=[("kiriage", True)])
    assert rules_from(args, Ruleset) == Ruleset.preset("tenhou").replace(kiriage=True)
    with pytest.raises(InvalidRuleError, match="no_such"):
        rules_from(argparse.Namespace(rules="tenhou", set=[("no_such", 1)]), Ruleset)
