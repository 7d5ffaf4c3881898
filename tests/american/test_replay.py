"""Hostile American logs (mahjong.american.replay): every broken log is a RecordFormatError
naming the line (or event) and what is wrong, never another exception; every event is
checked, with the links between games and sessions; files are read only when regular and
small enough."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mahjong.american import Card
from mahjong.american.game import CardAgent, RandomAgent, play_game
from mahjong.american.replay import MAX_LOG_BYTES, replay
from mahjong.errors import RecordFormatError

CARD = Card.builtin("house-2026")


@cache
def _lines(seed: int = 1, games: int = 2) -> tuple[str, ...]:
    agents = [CardAgent(CARD), RandomAgent(seed), RandomAgent(seed + 1), RandomAgent(seed + 2)]
    return tuple(play_game(agents, card=CARD, seed=seed, games=games).lines())


def _at(lines: list[str], kind: str, nth: int = 0) -> int:
    return [i for i, line in enumerate(lines) if json.loads(line)["type"] == kind][nth]


def _edit(lines: list[str], at: int, change: Callable[[dict[str, Any]], object]) -> list[str]:
    event = json.loads(lines[at])
    change(event)
    return [*lines[:at], json.dumps(event), *lines[at + 1 :]]


def test_a_whole_log_replays() -> None:
    assert len(replay("\n".join(_lines()))) == 2


def _fails(lines: list[str], message: str) -> str:
    with pytest.raises(RecordFormatError) as info:
        replay("\n".join(lines))
    assert message in str(info.value)
    return str(info.value)


@pytest.mark.parametrize(
    ("kind", "change", "message"),
    [
        ("start_session", lambda e: e.update(seed=2**64), "field 'seed' is 18446744073709551616"),
        ("start_session", lambda e: e.update(seed=-1), "field 'seed' is -1, not a seed 0..2^64-1"),
        ("start_session", lambda e: e.update(seed="7"), "field 'seed' is \"7\""),
        ("start_session", lambda e: e.update(games=-1), "field 'games' is -1"),
        ("start_session", lambda e: e.update(card=5), "field 'card' is 5"),
        ("start_session", lambda e: e.update(card="nope"), 'unknown built-in card "nope"'),
        ("start_session", lambda e: e.update(rules=[]), "field 'rules' is []"),
        ("start_session", lambda e: e.update(rules={"x": 1}), "unknown American rule option"),
        ("start_session", lambda e: e.update(names=None), "field 'names' is null"),
        ("charleston", lambda e: e.update(given=3), "charleston field 'given' is 3, not 4 lists"),
        ("charleston", lambda e: e.update(blind=[0]), "charleston field 'blind' is [0]"),
        ("charleston", lambda e: e["given"].__setitem__(0, [[1]]), "field 'given' is [[[1]]"),
        ("courtesy_offers", lambda e: e.update(offers="x"), "field 'offers' is \"x\""),
        ("expose", lambda e: e.update(size="3"), "expose field 'size' is \"3\""),
        ("discard", lambda e: e.update(pai=["N"]), "no legal action of seat"),
    ],
)
def test_wrong_fields_name_the_line_and_field(kind: str, change: Any, message: str) -> None:
    lines = list(_lines())
    at = _at(lines, kind)
    text = _fails(_edit(lines, at, change), message)
    assert text.startswith("line "), text


def test_true_is_not_1() -> None:
    """Python's True == 1: a replay compares events as JSON, where they differ."""
    lines = list(_lines())
    at = next(i for i, line in enumerate(lines) if '"discard","actor":1,' in line)
    _fails(_edit(lines, at, lambda e: e.update(actor=True)), '"actor": true')


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"type": "discard", "actor": 0, "pai": ', "not JSON (Expecting value)"),
        ('{"type": "discard", "x": ' + "[" * 100_000, "nested too deeply"),
        ('{"type": "discard", "actor": NaN, "pai": "N"}', "NaN is not a JSON number"),
        ("[1, 2]", "an event is a JSON object with a string 'type'"),
        ('{"type": 5}', "an event is a JSON object with a string 'type'"),
    ],
)
def test_lines_that_are_no_events(line: str, message: str) -> None:
    lines = list(_lines())
    at = _at(lines, "discard")
    text = _fails([*lines[:at], line, *lines[at + 1 :]], message)
    assert text.startswith(f"line {at + 1}: ")


def test_forged_final_scores() -> None:
    lines = list(_lines())
    forged = _edit(lines, len(lines) - 1, lambda e: e["scores"].__setitem__(0, 1000))
    _fails(forged, 'the log has {"type": "end_session", "scores": [1000, ')


def test_a_missing_end_session() -> None:
    _fails(list(_lines())[:-1], 'the session\'s 2 games are over: {"type": "end_session"')


def test_a_game_beyond_the_header_count() -> None:
    lines = list(_lines())
    one = _edit(lines, 0, lambda e: e.update(games=1))
    second = _at(one, "start_game", 1)
    text = _fails(one, 'the log has {"type": "start_game"')
    assert text.startswith(f'line {second + 1}: the engine gives {{"type": "end_session"')


def test_every_session_is_replayed() -> None:
    first, second = list(_lines(1, 2)), list(_lines(2, 1))
    assert len(replay("\n".join(first + second))) == 3
    at = len(first) + _at(second, "discard")
    forged = _edit(first + second, at, lambda e: e.update(pai="F" if e["pai"] != "F" else "N"))
    text = _fails(forged, "no legal action of seat")
    assert text.startswith(f"line {at + 1}: ")
    text = _fails([*first, '{"type": "draw", "actor": 0, "pai": "N"}', *second], "start_session")
    assert text.startswith(f"line {len(first) + 1}: ")


def test_a_log_saved_between_games() -> None:
    lines = list(_lines())
    saved = lines[: _at(lines, "start_game", 1)]
    assert len(replay(saved)) == 1
    _fails(saved[:-1], "the log ends in the middle of a game")


def test_event_dicts_are_named_by_number() -> None:
    events: list[Any] = [json.loads(line) for line in _lines()]
    events[3] = {**events[3], "given": None}
    with pytest.raises(RecordFormatError, match=r"^event 4: charleston field 'given' is null"):
        replay(events)


# --- files -----------------------------------------------------------------------------------


def test_a_file_replays(tmp_path: Path) -> None:
    path = tmp_path / "session.jsonl"
    path.write_text("\n".join(_lines()) + "\n", encoding="utf-8")
    assert len(replay(path)) == 2
    path.write_text("\n".join(_lines()[:-1]) + "\n", encoding="utf-8")
    with pytest.raises(RecordFormatError, match=f"^{path}, the end of the log: the session"):
        replay(path)


def test_a_str_is_a_path_unless_it_is_log_text(tmp_path: Path) -> None:
    """As the README says, replay("/path/log.jsonl") reads the file; a str is the log's text
    only when it holds a newline or starts with "{" (the rule of mjai.load_events)."""
    lines = _lines()
    path = tmp_path / "session.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert len(replay(str(path))) == 2
    with pytest.raises(RecordFormatError, match=f"^{tmp_path / 'nothing.jsonl'}: no such file"):
        replay(str(tmp_path / "nothing.jsonl"))
    assert len(replay("\n".join(lines))) == 2
    assert len(replay("  " + "\n".join(lines))) == 2
    one_line = (tmp_path / "one.jsonl").as_posix()
    (tmp_path / "one.jsonl").write_text(lines[0], encoding="utf-8")
    with pytest.raises(RecordFormatError, match=f"^{one_line}, the end of the log"):
        replay(one_line)
    with pytest.raises(RecordFormatError, match=r"^the end of the log"):
        replay(lines[0])  # one line of text: a str starting with "{"


def test_special_and_huge_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordFormatError, match=r"^/dev/zero: not a regular file"):
        replay(Path("/dev/zero"))
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as out:
        out.truncate(MAX_LOG_BYTES + 1)
    with pytest.raises(RecordFormatError, match=r"huge.jsonl: \d+ bytes is more than a log"):
        replay(huge)
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    code = (
        "import sys, pathlib\nfrom mahjong.american.replay import replay\n"
        "try:\n    replay(pathlib.Path(sys.argv[1]))\n"
        "except Exception as error:\n    print(type(error).__name__, error)\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", code, str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert child.stdout == f"RecordFormatError {fifo}: not a regular file\n", child.stderr
