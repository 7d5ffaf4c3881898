"""The ``mahjong american`` command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from american_support import HOUSE, house_text

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
    monkeypatch.setattr(cli, "load_card", lambda name: spy)
    hand = "F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J"
    assert main(["american", "analyze", hand]) == 0
    assert main(["american", "analyze", hand, "--visible", "J J", "--redeemable", "1"]) == 0
    assert [(c["visible"], c["redeemable"]) for c in spy.calls] == [(None, 0), (Tiles("J J"), 1)]
    capsys.readouterr()
    assert main(["american", "analyze", hand, "--redeemable", "1"]) == 2
    assert "without the visible tiles" in capsys.readouterr().err
