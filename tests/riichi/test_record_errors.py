"""Malformed, hostile and special files given to the record and log readers: every one is a
RecordFormatError naming the file, the line (or deal) and the field, never a traceback, a
hang or gigabytes read; the command line prints it on one line and exits with 2. And no JSON
the package writes holds NaN or Infinity."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support import REPO

from mahjong.cli import main
from mahjong.errors import RecordFormatError
from mahjong.riichi import mjai, tenhou

RECORDS = REPO / "tests" / "data" / "records"


def _mjai_lines() -> list[str]:
    return mjai.dumps_events(tenhou.load_record(RECORDS / "game.mjlog")).splitlines()


def _line_of(lines: list[str], kind: str) -> int:
    return next(i for i, line in enumerate(lines) if json.loads(line)["type"] == kind)


def _changed(kind: str, change: Callable[[dict[str, Any]], object]) -> tuple[str, int]:
    """The example game's mjai log with the first `kind` event changed; (text, its line)."""
    lines = _mjai_lines()
    at = _line_of(lines, kind)
    event = json.loads(lines[at])
    change(event)
    lines[at] = json.dumps(event)
    return "\n".join(lines) + "\n", at + 1


START_KYOKU_CHANGES = [
    (lambda e: e.update(honba="x"), """start_kyoku field 'honba' is "x", not a whole number"""),
    (lambda e: e.update(oya=-1), "start_kyoku field 'oya' is -1, not a seat 0..3"),
    (lambda e: e.update(tehais=e["tehais"][:2]), "start_kyoku field 'tehais' is [["),
    (lambda e: e.update(kyoku=0), "start_kyoku field 'kyoku' is 0, not a deal number 1..4"),
    (lambda e: e.update(scores=[25000] * 2), "field 'scores' is [25000, 25000], not a whole"),
    (lambda e: e.update(scores=[10**13] * 4), "field 'scores' is [10000000000000"),
    (lambda e: e.update(kyotaku=True), "start_kyoku field 'kyotaku' is true"),
    (lambda e: e.pop("dora_marker"), "start_kyoku lacks the field 'dora_marker'"),
]
OTHER_CHANGES = [
    ("tsumo", lambda e: e.update(pai="5z"), """tsumo field 'pai' is "5z", not an mjai tile"""),
    ("hora", lambda e: e.update(yaku=[["ittsu"]]), "hora field 'yaku' is [[\"ittsu\"]], not"),
    ("hora", lambda e: e.update(yaku="ittsu"), "hora field 'yaku' is \"ittsu\", not a list"),
    ("hora", lambda e: e.update(yaku=[[2, "ittsu"]]), "hora field 'yaku' is [[2, \"ittsu\"]]"),
    ("hora", lambda e: e.update(han=-2), "hora field 'han' is -2, not a whole number 0 or more"),
    ("hora", lambda e: e.update(actor=9), "hora field 'actor' is 9, not a seat 0..3"),
    ("dahai", lambda e: e.update(tsumogiri="no"), "dahai field 'tsumogiri' is \"no\""),
    ("end_game", lambda e: e.update(scores=None), "end_game field 'scores' is null"),
]


@pytest.mark.parametrize(
    ("kind", "change", "message"),
    [("start_kyoku", c, m) for c, m in START_KYOKU_CHANGES] + OTHER_CHANGES,
    ids=[m[:40] for _, m in START_KYOKU_CHANGES] + [m[:40] for _, _, m in OTHER_CHANGES],
)
def test_wrongly_typed_fields_name_the_file_line_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, change: Any, message: str
) -> None:
    text, line = _changed(kind, change)
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordFormatError) as info:
        mjai.load_events(path)
    assert str(info.value).startswith(f"{path}, line {line}: ")
    assert message in str(info.value)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"mahjong: error: {info.value}\n"


def test_a_reach_of_seat_9(tmp_path: Path) -> None:
    lines = _mjai_lines()
    at = _line_of(lines, "tsumo")
    lines.insert(at, '{"type":"reach","actor":9}')
    with pytest.raises(RecordFormatError, match=f"line {at + 1}: reach field 'actor' is 9"):
        mjai.load_events("\n".join(lines))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"type":"tsumo","actor":0,"pai":"1m","x":' + "[" * 100_000, "nested too deeply"),
        ('{"type":"tsumo","actor":0,"pai":"1m","x":' + "[" * 5000 + "]" * 5000 + "}", "deeply"),
        ('{"type":"tsumo","actor":NaN,"pai":"1m"}', "NaN is not a JSON number"),
        ('{"type":"tsumo","actor":0,"pai":"1m","x":-Infinity}', "-Infinity is not a JSON"),
        ('{"type":"tsumo","actor":1e999,"pai":"1m"}', "1e999 is too large a number"),
        ('{"type":"tsumo","actor":' + "1" * 5000 + ',"pai":"1m"}', "a number too long"),
    ],
)
def test_json_python_would_take_is_refused(line: str, message: str) -> None:
    with pytest.raises(RecordFormatError, match=f"<text>, line 2: not JSON .*{message}"):
        mjai.load_events('{"type":"end_kyoku"}\n' + line + "\n")


# --- files that are no regular files ---------------------------------------------------------


READERS: list[tuple[str, Callable[[Path], object]]] = [
    ("mjai.load_events", mjai.load_events),
    ("tenhou.load_record", tenhou.load_record),
]


@pytest.mark.parametrize(("name", "read"), READERS, ids=[n for n, _ in READERS])
def test_a_fifo_is_refused_at_once(tmp_path: Path, name: str, read: Any) -> None:
    """Run in a child: before the fix, opening a FIFO nobody writes to blocked for ever."""
    fifo = tmp_path / "log.jsonl"
    os.mkfifo(fifo)
    code = (
        "import sys\nfrom mahjong.riichi import mjai, tenhou\n"
        f"try:\n    {name}(sys.argv[1])\n"
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


@pytest.mark.parametrize(("name", "read"), READERS, ids=[n for n, _ in READERS])
def test_special_and_huge_files_are_refused(tmp_path: Path, name: str, read: Any) -> None:
    with pytest.raises(RecordFormatError, match="/dev/zero: not a regular file"):
        read(Path("/dev/zero"))
    with pytest.raises(RecordFormatError, match="not a regular file"):
        read(tmp_path)
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as out:
        out.truncate(max(mjai.MAX_LOG_BYTES, tenhou.MAX_RECORD_BYTES) + 1)  # sparse
    with pytest.raises(RecordFormatError, match=r"huge.jsonl: \d+ bytes is more than a"):
        read(huge)


# --- Tenhou records ------------------------------------------------------------------------


def _game_json() -> dict[str, Any]:
    game: dict[str, Any] = json.loads((RECORDS / "game.json").read_text(encoding="utf-8"))
    return game


def _deal(game: dict[str, Any]) -> list[Any]:
    deal: list[Any] = game["log"][0]
    return deal


TENHOU6_CHANGES = [
    (lambda d: d[0].__setitem__(1, "x"), "deal 1: the deal's [number, honba, sticks] should be"),
    (lambda d: d[1].__setitem__(2, 2.5), "the scores should be 4 whole numbers of points"),
    (lambda d: d[4].__setitem__(slice(0, 5), [13] * 5), "deal 1 E1-0: 8 copies of 3m come"),
    (lambda d: d[4].__setitem__(4, 51), "2 copies of the red five 5mr come into play"),
    (lambda d: d[16][2].__setitem__(0, 7), "a win names seats 7, 1, 0; seats are 0..3"),
    (lambda d: d[16][2].__setitem__(1, 9), "a win names seats 0, 9, 0; seats are 0..3"),
    (lambda d: d[16][2].__setitem__(1, 2), "seat 0 wins on a tile of seat 2, but the last play"),
    (lambda d: d[16].__setitem__(1, [3900, "x", 0, 0]), "a win's score changes should be 4"),
    (lambda d: d[16].__setitem__(1, [3900, -3900, 0]), "a win's score changes should be 4"),
]


@pytest.mark.parametrize(
    ("change", "message"), TENHOU6_CHANGES, ids=[m for _, m in TENHOU6_CHANGES]
)
def test_bad_tenhou6_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, message: str
) -> None:
    game = _game_json()
    change(_deal(game))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    with pytest.raises(RecordFormatError, match="^" + str(path).replace(".", r"\.")) as info:
        tenhou.load_record(path)
    assert message in str(info.value)
    assert main(["convert", str(path)]) == 2
    assert capsys.readouterr() == ("", f"mahjong: error: {info.value}\n")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"name": ["a", "b", "c", "d"], "log": [[[0, 0, 0], [NaN, 0, 0, 0]]]}', "NaN is not"),
        ('{"name": ["a", "b", "c", "d"], "log": [[[0, 0, 0], [1e400]]]}', "1e400 is too large"),
        ('{"log": ' + "[" * 100_000, "nested too deeply"),
        ('{"log": []}\n{"log": ' + "[" * 5000 + "]" * 5000 + "}", "nested too deeply, line 2"),
    ],
)
def test_tenhou6_json_python_would_take_is_refused(text: str, message: str) -> None:
    with pytest.raises(RecordFormatError, match=f"^<text>: not tenhou.net/6 JSON .*{message}"):
        tenhou.parse_record(text)


MJLOG_CHANGES = [
    ('who="0" fromWho="1"', 'who="9" fromWho="1"', "<AGARI> attribute who is seat 9; seats"),
    ('who="0" fromWho="1"', 'who="0" fromWho="7"', "<AGARI> attribute fromWho is seat 7"),
    ('who="0" fromWho="1"', 'who="0" fromWho="2"', "seat 0 wins on a tile of seat 2 on tile"),
    ('machi="105"', 'machi="104"', "wins on a tile of seat 1 on tile 104, but the last play is"),
    ('oya="0"', 'oya="5"', "<INIT> attribute oya is seat 5"),
    ('ten="40,3900,0"', 'ten="40,3900"', "<AGARI> ten should hold 3 numbers"),
    ('yaku="24,2"', 'yaku="24,-2"', "hora field 'yaku' is [[\"ittsu\", -2]]"),
]


@pytest.mark.parametrize(
    ("old", "new", "message"), MJLOG_CHANGES, ids=[m for *_, m in MJLOG_CHANGES]
)
def test_bad_mjlog_records(tmp_path: Path, old: str, new: str, message: str) -> None:
    text = (RECORDS / "game.mjlog").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "game.mjlog"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(RecordFormatError, match="^" + str(path).replace(".", r"\.")) as info:
        tenhou.load_record(path)
    assert message in str(info.value)


def test_json_written_never_holds_nan_or_infinity() -> None:
    for value in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(ValueError, match="JSON"):
            mjai.dumps_event({"type": "end_game", "scores": [value, 0, 0, 0]})
