"""The ``mahjong american`` command line."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from support import REPO
from support.american import HOUSE, house_text

from mahjong import Tiles
from mahjong.american import Card, cli
from mahjong.cli import main


def test_card_lists_sections_and_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["american", "card"]) == 0
    out = capsys.readouterr().out
    assert "House Card 2026 (original) (house-2026): 822 variants" in out
    assert "Singles and Pairs" in out
    assert "pairs-5" in out and "FF 11:a 22:a 33:a 44:b 55:b 66:b" in out and " 75 C" in out


def test_card_from_a_file_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(house_text())
    assert main(["american", "card", "--card", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variants"] == 822
    assert [s["key"] for s in report["sections"]][:2] == ["year", "evens"]


def test_analyze_a_winning_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["american", "analyze", "F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J"]) == 0
    out = capsys.readouterr().out
    assert "Mah Jongg  year-1: 25 points, X, with jokers" in out
    assert "Nearest    year-1 0 away (25 X)" in out
    assert "Discard    Away  Keeps" in out
    # A complete hand declares instead of passing (rule 1.2.6).
    assert "Pass       " not in out
    assert main(["american", "analyze", "F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J 9C"]) == 0
    assert "Pass       " in capsys.readouterr().out


def test_analyze_waits_with_an_exposure(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["american", "analyze", "F F F 2C 0 2C 6C 6B 6B J", "--exposure", "6D 6D 6D"]
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["waits"] == {"6B": "year-1", "J": "year-1"}
    assert report["tiles"] == 13 and "pass" not in report
    assert main(args) == 0
    assert "Waits      6B (year-1) J (year-1)" in capsys.readouterr().out


def test_bad_input_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["american", "analyze", "F F F"]) == 2
    assert "got 3" in capsys.readouterr().err
    assert main(["american", "analyze", "F F F", "--exposure", "N E J"]) == 2
    capsys.readouterr()
    assert main(["american", "card", "--card", "nmjl"]) == 2
    assert 'unknown built-in card "nmjl" (available: house-2026)' in capsys.readouterr().err


class _Spy:
    """A card that records the keyword arguments of `discard_options`."""

    def __init__(self, card: Card) -> None:
        self.card = card
        self.calls: list[dict[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.card, name)

    def discard_options(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        return self.card.discard_options(*args, **kwargs)


def test_liveness_only_with_visible(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spy = _Spy(HOUSE)
    monkeypatch.setattr(cli, "Card", SimpleNamespace(load=lambda name: spy))
    hand = "F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J"
    assert main(["american", "analyze", hand]) == 0
    assert main(["american", "analyze", hand, "--visible", "J J", "--redeemable", "1"]) == 0
    assert [(c["visible"], c["redeemable"]) for c in spy.calls] == [(None, None), (Tiles("J J"), 1)]
    capsys.readouterr()
    assert main(["american", "analyze", hand, "--redeemable", "1"]) == 2
    assert "without the visible tiles" in capsys.readouterr().err


# The command line a user meets.

README = REPO / "README.md"


def _commands(text: str) -> list[list[str]]:
    """The `mahjong american ...` command lines in `text`, as argument lists."""
    return [
        shlex.split(line.strip())[1:]
        for line in text.splitlines()
        if line.strip().startswith("mahjong american ")
    ]


def test_a_non_utf8_card_file_is_a_clean_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "card.toml"
    path.write_text(house_text(), encoding="utf-16")
    assert main(["american", "card", "--card", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mahjong: error: card file") and "not UTF-8" in err
    assert "Traceback" not in err
    assert main(["american", "card", "--card", str(tmp_path / "x" / "y.toml")]) == 2
    assert f"no card file {tmp_path / 'x' / 'y.toml'}" in capsys.readouterr().err


def test_american_input_in_american_notation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["american", "analyze", "f f f 2c 0 2c 6c 6b 6b j", "--exposure", "6d 6d 6d"]) == 0
    assert "Waits      6B (year-1) J (year-1)" in capsys.readouterr().out
    assert main(["american", "analyze", "N N N N N F F 2C 0 2C 6C 6D 6D"]) == 2
    err = capsys.readouterr().err
    assert "5 copies of N" in err and "4z" not in err
    assert main(["american", "analyze", "X F F 2C 0 2C 6C 6D 6D 6D 6B 6B J"]) == 2
    err = capsys.readouterr().err
    assert "1B-9B bams" in err and "m, p, s, z" not in err


def test_messages_a_player_understands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # One hand: "1 hand", not "1 hands"; a bad value is reported once; one problem per line.
    lines = house_text().split("[[hands]]")
    one_hand = lines[0] + "[[hands]]" + lines[1].replace("value = 25", 'value = "high"')
    path = tmp_path / "one.toml"
    path.write_text(one_hand, encoding="utf-8")
    assert main(["american", "card", "--card", str(path)]) == 2
    err = capsys.readouterr().err
    assert "the card has 1 hand;" in err and "1 hands" not in err
    assert "must be an integer" in err and "outside 25..=75" not in err
    problems = err.splitlines()[1:]
    assert len(problems) == 2 and len(set(problems)) == 2
    # Negative counts are rejected alike; --top 0 is no empty line but an error.
    hand = "F F 2C 0 2C 6C 6D 6D 6D 6B 6B J J 9C"
    for flag, value in (("--top", "-3"), ("--top", "0"), ("--redeemable", "-1")):
        assert main(["american", "analyze", hand, flag, value]) == 2
        assert "is below" in capsys.readouterr().err
    # The hand line counts tiles in words.
    assert main(["american", "analyze", hand]) == 0
    assert "(14 tiles)" in capsys.readouterr().out
    assert cli.plural(1, "tile") == "1 tile"
    # No internal names: a family without its verb is told how to say it.
    assert main(["american"]) == 2
    err = capsys.readouterr().err
    assert "american_command" not in err and "mahjong VERB american" in err


def test_tables_on_a_terminal_plain_otherwise(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["american", "card"]) == 0
    plain = capsys.readouterr().out
    assert "┃" not in plain and "pairs-5" in plain
    monkeypatch.setattr(cli, "use_rich", lambda args: not args.json)
    assert main(["american", "card"]) == 0
    table = capsys.readouterr().out
    assert "┃" in table or "│" in table
    assert "pairs-5" in table
    assert main(["american", "analyze", "F F 2C 0 2C 6C 6D 6D 6D 6B 6B J J 9C"]) == 0
    out = capsys.readouterr().out
    assert "Nearest hands" in out and "Discards" in out and "year-1" in out
    assert main(["american", "analyze", "F F 2C 0 2C 6C 6D 6D 6D 6B 6B J J 9C", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tiles"] == 14
