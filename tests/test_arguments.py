"""The command grammar `mahjong <verb> [riichi|american] ...` (mahjong.arguments): the family
filled in when left out, the older `mahjong american <verb>` turned around, replay's family
read from the log, and the shared option readers."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong.arguments import rule_override, rules_from, seconds, seed, with_family
from mahjong.cli import build_parser, main
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


def family(*argv: str) -> str:
    """The family ``mahjong replay ARGV`` is read as."""
    return with_family(PARSER, ["replay", *argv])[1]


def test_replay_reads_the_family_from_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    american = tmp_path / "a.jsonl"
    assert main(["sim", "american", "--games", "1", "--jsonl", str(american)]) == 0
    riichi = tmp_path / "r.jsonl"
    assert main(["sim", "--games", "1", "--jsonl", str(riichi)]) == 0
    assert family(str(american)) == "american"
    assert family("--rules", "tenhou", str(riichi)) == "riichi"
    assert family(str(tmp_path / "missing.jsonl")) == "riichi"
    # An option's value is not the file: the file argument is.
    assert family("--card", "house-2026", str(american)) == "american"
    assert family("--card=house-2026", str(american)) == "american"
    assert family("--car", "house-2026", str(american)) == "american"  # argparse's prefixes
    assert family("--set", "x=1", "--rules", "tenhou", str(riichi)) == "riichi"
    assert family("--", str(american)) == "american"
    (tmp_path / "house-2026").write_text(american.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # a file named like an option's value is not read
    assert family("--rules", "house-2026", str(riichi)) == "riichi"
    assert family("--card") == "riichi"  # the Riichi parser then says what is missing


def test_replay_of_a_fifo_does_not_block(tmp_path: Path) -> None:
    """Reading the family opens only a regular file: a FIFO nobody writes to is refused at
    once, by the Riichi reader's message."""
    fifo = tmp_path / "log.jsonl"
    os.mkfifo(fifo)
    result = subprocess.run(
        [sys.executable, "-m", "mahjong.cli", "replay", str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr == f"mahjong: error: {fifo}: not a regular file\n"


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
