"""Seeded mutations of game logs and records through every reader: each mutated log ends in a
typed error (a ``mahjong.errors.MahjongError``) or in replay reports (ok or a mismatch),
never in another exception, a hang or a crash.

Sources: logs of our own engine (Riichi ``play_game`` under two presets, American
``play_game``), the repository's Tenhou example records, and, when ../shared/data is there,
some of its Tenhou records (mjlog XML, tenhou.net/6 JSON) and its mjai sample. Mutations:
delete, duplicate or swap lines (XML elements), change a field's value or type, truncate,
nest deeply, add a garbage line. Paths: ``mjai.load_events`` + ``replay.replay_events``
(``mahjong replay``), ``tenhou.parse_record`` + ``mjai.dumps_events`` + replay (``mahjong
convert`` and ``mahjong replay``), ``american.replay.replay``.

The short form (a few seconds) runs in every test run; ``MAHJONG_LOG_FUZZ=N`` runs N mutations
per source instead (the long form, e.g. N=2000). A failure names the source, the case number
and the mutation, which replay alone with ``MAHJONG_LOG_FUZZ_CASE=source:case``.
"""

from __future__ import annotations

import json
import os
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from support import DATA, REPO

from mahjong.american import Card
from mahjong.american import replay as american_replay
from mahjong.american.game import CardAgent, RandomAgent
from mahjong.american.game import play_game as american_game
from mahjong.errors import MahjongError
from mahjong.riichi import Ruleset, mjai, replay, tenhou
from mahjong.riichi.game import EfficiencyAgent
from mahjong.riichi.game import RandomAgent as RiichiRandom
from mahjong.riichi.game import play_game as riichi_game

CASES = int(os.environ.get("MAHJONG_LOG_FUZZ", "12"))
ONLY = os.environ.get("MAHJONG_LOG_FUZZ_CASE", "")
RULES = Ruleset.preset("tenhou")
RECORDS = REPO / "tests" / "data" / "records"

VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    3,
    4,
    9,
    135,
    136,
    2**63,
    -(2**70),
    1.5,
    "",
    "x",
    "?",
    "5mr",
    "E",
    "J",
    "11",
    [],
    [0, 0, 0, 0],
    [[]],
    {},
    {"type": "hora"},
]


# --- the sources -----------------------------------------------------------------------------


@cache
def _riichi_log(preset: str, seed: int) -> str:
    agents = [EfficiencyAgent(), RiichiRandom(seed), EfficiencyAgent(), RiichiRandom(seed + 1)]
    return "\n".join(riichi_game(agents, seed=seed, rules=Ruleset.preset(preset)).lines()) + "\n"


@cache
def _american_log() -> str:
    card = Card.builtin("house-2026")
    agents = [CardAgent(card), RandomAgent(1), RandomAgent(2), CardAgent(card)]
    lines = american_game(agents, card=card, seed=3, games=2).lines()
    return "\n".join(lines) + "\n"


def _shared(*parts: str, pattern: str, count: int) -> list[Path]:
    folder = DATA.joinpath(*parts)
    return sorted(folder.glob(pattern))[:count] if folder.is_dir() else []


def _sources() -> dict[str, tuple[str, Callable[[], str]]]:
    """Source name -> (kind, its text): kind mjai, mjlog, tenhou6 or american."""
    sources: dict[str, tuple[str, Callable[[], str]]] = {
        "engine-seed": ("mjai", lambda: _riichi_log("seed", 5)),
        "engine-tenhou": ("mjai", lambda: _riichi_log("tenhou", 1)),
        "american": ("american", _american_log),
        "game.mjlog": ("mjlog", lambda: (RECORDS / "game.mjlog").read_text(encoding="utf-8")),
        "game.json": ("tenhou6", lambda: (RECORDS / "game.json").read_text(encoding="utf-8")),
    }
    shared = [
        ("mjlog", _shared("tenhou_mjlog", "logs", pattern="*.mjlog", count=2)),
        ("tenhou6", _shared("tenhou6_json", "logs", pattern="*.json", count=1)),
        ("tenhou6", _shared("tenhou6_json", "logs", pattern="*.jsonl", count=1)),
        ("mjai", _shared("mjai", pattern="*.jsonl", count=1)),
    ]
    for kind, paths in shared:
        for path in paths:
            if "sanma" in path.name:
                continue
            sources[path.name] = (kind, lambda path=path: path.read_text(encoding="utf-8"))
    return sources


SOURCES = _sources()


def test_the_shared_records_are_fuzzed_when_present() -> None:
    if not DATA.is_dir():
        pytest.skip(
            f"reference data {DATA} not found: only the engine's logs and the repository's "
            "example records are fuzzed (put the shared data at ../shared/data relative to the "
            "repository root or set MAHJONG_DATA_DIR)"
        )
    assert len(SOURCES) > 5


# --- the mutations ---------------------------------------------------------------------------


DEEP = "@@deep@@"
"""Stands for a value nested thousands of lists deep, spliced into the JSON text (the
standard library cannot write one)."""


def _dumps(value: Any, rng: random.Random) -> str:
    depth = rng.choice((50, 3000, 100_000))
    return json.dumps(value).replace(f'"{DEEP}"', "[" * depth + "0" + "]" * depth)


def _change_json(rng: random.Random, value: Any) -> tuple[Any, str]:
    """`value` with one field somewhere inside changed; the path and the new value."""
    path: list[str] = []
    parent: Any = None
    key: Any = None
    node = value
    while isinstance(node, (dict, list)) and node and (parent is None or rng.random() < 0.6):
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        parent, node = node, node[key]
        path.append(str(key))
    new = rng.choice(VALUES) if rng.random() < 0.9 else DEEP
    if parent is None:
        return new, f"whole value -> {json.dumps(new)[:40]}"
    parent[key] = new
    return value, f"{'.'.join(path)} -> {json.dumps(new)[:40]}"


def _mutate_lines(rng: random.Random, lines: list[str]) -> tuple[list[str], str]:
    """One mutation of JSON lines."""
    lines = list(lines)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    kind = rng.choice(("delete", "duplicate", "swap", "change", "change", "truncate", "garbage"))
    if kind == "delete":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(j, lines[i])
    elif kind == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "change":
        event, what = _change_json(rng, json.loads(lines[i]))
        lines[i] = _dumps(event, rng)
        return lines, f"change line {i + 1}: {what}"
    elif kind == "truncate":
        text = "\n".join(lines)
        return text[: rng.randrange(len(text))].split("\n"), "truncate"
    else:
        lines.insert(i, rng.choice(("{", "[]", "null", '{"type":"hora"}', "[" * 5000)))
    return lines, f"{kind} line {i + 1} ({j + 1})"


def _mutate_xml(rng: random.Random, text: str) -> tuple[str, str]:
    """One mutation of an mjlog: its elements deleted, duplicated, swapped or changed."""
    root = ET.fromstring(text)
    children = list(root)
    i, j = rng.randrange(len(children)), rng.randrange(len(children))
    element = children[i]
    kind = rng.choice(("delete", "duplicate", "swap", "attribute", "attribute", "nest", "trunc"))
    if kind == "delete":
        root.remove(element)
    elif kind == "duplicate":
        root.insert(j, element)
    elif kind == "swap":
        root[i], root[j] = children[j], children[i]
    elif kind == "attribute" and element.attrib:
        name = rng.choice(sorted(element.attrib))
        value = rng.choice(("", "-1", "4", "9", "x", "1,2", "136", "1e9", "0,0,0,0,0,0,0,0"))
        element.set(name, value)
        kind = f"attribute {element.tag}.{name}={value!r}"
    out = ET.tostring(root, encoding="unicode")
    if kind == "nest":
        depth = rng.choice((20, 5000, 100_000))
        at = out.index("<", 1)
        out = out[:at] + "<X>" * depth + "</X>" * depth + out[at:]
    elif kind == "trunc":
        out = out[: rng.randrange(len(out))]
    return out, f"{kind} element {i} ({j})"


def _mutate(kind: str, rng: random.Random, text: str) -> tuple[str, str]:
    if kind == "mjlog":
        return _mutate_xml(rng, text)
    if kind == "tenhou6" and "\n" not in text.strip():  # one game object
        value, what = _change_json(rng, json.loads(text))
        if rng.random() < 0.2:
            dumped = json.dumps(value)
            return dumped[: rng.randrange(len(dumped))], "truncate"
        return _dumps(value, rng), f"change {what}"
    lines, what = _mutate_lines(rng, text.splitlines())
    return "\n".join(lines) + "\n", what


# --- the readers -----------------------------------------------------------------------------


def _read(kind: str, text: str) -> None:
    """Every path a log of `kind` takes; only typed errors may come out."""
    if kind == "american":
        american_replay.replay(text)
        return
    if kind == "mjai":
        events = mjai.load_events(text)
    else:
        events = tenhou.parse_record(text)
        mjai.load_events(mjai.dumps_events(events))  # convert, then read back
    for report in replay.replay_events(events, RULES):
        assert report.ok or report.mismatch is not None


def _cases() -> list[Any]:
    return [
        pytest.param(name, case, id=f"{name}:{case}")
        for name in SOURCES
        for case in range(CASES)
        if not ONLY or f"{name}:{case}" == ONLY
    ]


@pytest.mark.parametrize(("name", "case"), _cases())
def test_mutated_logs_end_in_typed_errors_or_reports(name: str, case: int) -> None:
    kind, source = SOURCES[name]
    rng = random.Random(f"{name}:{case}")
    text, what = _mutate(kind, rng, source())
    try:
        _read(kind, text)
    except MahjongError:
        pass
    except Exception as error:  # the point: no other exception
        pytest.fail(f"{name} case {case} ({what}): {type(error).__name__}: {error}"[:2000])


@pytest.mark.parametrize("name", list(SOURCES))
def test_the_unmutated_sources_replay(name: str) -> None:
    kind, source = SOURCES[name]
    _read(kind, source())
