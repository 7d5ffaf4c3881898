"""The mahjong command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mahjong.cli import main


def test_analyze_tenpai(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m456p789s1122z"]) == 0
    out = capsys.readouterr().out
    assert "Shanten  0 (tenpai)" in out
    assert "Waits    1z 2z" in out
    assert "Ukeire   4 tiles: 1z(2) 2z(2)" in out


def test_analyze_complete_and_discards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "111222333m45699p"]) == 0
    out = capsys.readouterr().out
    assert "Reading  123m 123m 123m 456p 99p" in out
    assert "Reading  111m 222m 333m 456p 99p" in out
    assert main(["analyze", "123m456p789s1122z7z", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["shanten"] == 0
    assert report["discards"][0] == {
        "discard": "7z",
        "shanten": 0,
        "total": 4,
        "tiles": {"1z": 2, "2z": 2},
    }


def test_bad_hand_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m"]) == 2
    assert "got 3" in capsys.readouterr().err


def test_console_script_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mahjong.cli", "analyze", "19m19p19s1234567z"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Waits    1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z" in result.stdout
