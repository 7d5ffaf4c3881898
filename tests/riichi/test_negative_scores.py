"""Scores below zero are legal (at any point where busting is off, at the end where it is
on): every reader of a score bounds it by magnitude, not by sign — tenhou.net/6 (``sc`` and a
deal's scores), mjlog (``ten``, ``sc``, ``owari``), mjai ``scores`` and ``Deal(scores=)``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support import REPO

from mahjong.errors import InvalidArgumentError, RecordFormatError
from mahjong.riichi import Deal, Game, Ruleset, mjai, tenhou

RECORDS = REPO / "tests" / "data" / "records"
REAL_SC = [85300, 96, 31400, -9, -55100, -105, 38400, 18]
"""The final ``sc`` of a real tenhou.net/6 record: [score, result] per seat."""


def _tenhou6(tmp_path: Path, change: Any) -> Path:
    game = json.loads((RECORDS / "game.json").read_text(encoding="utf-8"))
    change(game)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    return path


def test_tenhou6_final_scores_below_zero(tmp_path: Path) -> None:
    path = _tenhou6(tmp_path, lambda g: g.__setitem__("sc", REAL_SC))
    assert tenhou.load_record(path)[-1] == mjai.end_game([85300, 31400, -55100, 38400])


def test_tenhou6_deal_scores_below_zero(tmp_path: Path) -> None:
    def below(game: dict[str, Any]) -> None:
        game["log"][0][1] = [25000, 25000, 55000, -5000]
        game["sc"] = [28900, 38.9, 21100, -38.9, 55000, 0.0, -5000, 0.0]

    events = tenhou.load_record(_tenhou6(tmp_path, below))
    assert events[1]["scores"] == [25000, 25000, 55000, -5000]
    assert events[-1]["scores"] == [28900, 21100, 55000, -5000]


@pytest.mark.parametrize("score", [mjai.MAX_POINTS + 1, -mjai.MAX_POINTS - 1, 10**400])
def test_tenhou6_scores_are_bounded_by_magnitude(tmp_path: Path, score: int) -> None:
    path = _tenhou6(tmp_path, lambda g: g.__setitem__("sc", [score, 0, 0, 0, 0, 0, 0, 0]))
    with pytest.raises(RecordFormatError) as info:
        tenhou.load_record(path)
    message = str(info.value)
    assert "the final scores (sc) should be 4 whole numbers of points" in message
    assert f"at most {mjai.MAX_POINTS:,} either way" in message


def test_mjlog_scores_below_zero(tmp_path: Path) -> None:
    text = (RECORDS / "game.mjlog").read_text(encoding="utf-8")
    text = text.replace('ten="250,250,250,250"', 'ten="250,250,550,-50"')
    text = text.replace('sc="250,39,250,-39,250,0,250,0"', 'sc="250,39,250,-39,550,0,-50,0"')
    text = text.replace(
        'owari="289,38.9,211,-38.9,250,0.0,250,0.0"', 'owari="289,38,211,-38,550,0,-50,0"'
    )
    path = tmp_path / "game.mjlog"
    path.write_text(text, encoding="utf-8")
    events = tenhou.load_record(path)
    assert events[1]["scores"] == [25000, 25000, 55000, -5000]
    assert events[-1] == mjai.end_game([28900, 21100, 55000, -5000])


def test_mjai_scores_below_zero() -> None:
    event = mjai.end_game([85300, 31400, -55100, 38400])
    assert mjai.check_events([event]) == [event]
    with pytest.raises(RecordFormatError, match=r"at most .* either way"):
        mjai.check_events([mjai.end_game([0, 0, 0, -mjai.MAX_POINTS - 1])])


def test_deals_and_games_start_below_zero() -> None:
    scores = [55000, 25000, 25000, -5000]
    assert list(Deal(seed=1, scores=scores).scores) == scores
    rules = Ruleset.preset("wrc")  # no busting: a game goes on below zero
    game = Game.resume(rules=rules, dealer=1, kyoku=2, round_wind="E", scores=scores)
    assert list(game.scores) == scores
    with pytest.raises(InvalidArgumentError, match="out of range"):
        Deal(seed=1, scores=[0, 0, 0, -(10**13)])
