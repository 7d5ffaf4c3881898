"""mjai JSON-lines logs: tile names, event helpers, the byte-stable writer and the reader."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support import REPO, data_path

from mahjong import Tiles
from mahjong.errors import InvalidTileError, MahjongError, RecordFormatError
from mahjong.riichi import mjai

ROOT = REPO
SAMPLE = ("mjai", "riichienv_126_204_0.mjai.jsonl")


# --- tiles ---------------------------------------------------------------------------------


def test_every_physical_id_has_its_name() -> None:
    names = [mjai.tile_name(i) for i in range(136)]
    assert names[:4] == ["1m"] * 4
    assert names[16:20] == ["5mr", "5m", "5m", "5m"]
    assert names[52] == "5pr" and names[88] == "5sr"
    assert names[108:112] == ["E"] * 4
    assert [names[i * 4] for i in range(27, 34)] == ["E", "S", "W", "N", "P", "F", "C"]
    for tile_id, name in enumerate(names):
        assert mjai.tile_kind(name) == tile_id // 4
        assert tile_id in mjai.tile_ids(name)
    assert mjai.tile_name(16, red_fives=False) == "5m"


def test_names_agree_with_mpsz_and_tiles() -> None:
    for tile_id in range(136):
        name = mjai.tile_name(tile_id)
        mpsz = mjai.to_mpsz(name)
        assert mjai.from_mpsz(mpsz) == name
        assert Tiles(mpsz).ids()[0] // 4 == tile_id // 4
        assert (mpsz[0] == "0") == mjai.is_red(name) == (Tiles(mpsz).red != (0, 0, 0))
    assert mjai.to_mpsz("C") == "7z" and mjai.from_mpsz("0p") == "5pr"


def test_ids_of_a_name_and_copies() -> None:
    assert mjai.tile_ids("5mr") == (16,)
    assert mjai.tile_ids("5m") == (17, 18, 19)
    assert mjai.tile_ids("5m", red_fives=False) == (16, 17, 18, 19)
    assert mjai.tile_id("5p", taken=[53, 54]) == 55
    assert mjai.tile_id("N") == 120
    with pytest.raises(InvalidTileError, match="all copies of 'N'"):
        mjai.tile_id("N", taken=range(120, 124))


def test_sort_order_is_physical_order() -> None:
    names = [mjai.tile_name(i) for i in range(136)]
    assert mjai.sorted_tiles(reversed(names)) == names


@pytest.mark.parametrize("bad", ["0m", "5z", "10m", "e", "", "5zr"])
def test_bad_names_are_typed_errors(bad: str) -> None:
    with pytest.raises(InvalidTileError, match="not an mjai tile name"):
        mjai.tile_kind(bad)


def test_bad_ids_and_mpsz_are_typed_errors() -> None:
    with pytest.raises(InvalidTileError, match="136"):
        mjai.tile_name(136)
    with pytest.raises(InvalidTileError, match=r"0\.\.33"):
        mjai.kind_name(-1)
    with pytest.raises(InvalidTileError, match="MPSZ"):
        mjai.from_mpsz("8z")


# --- events and the writer -----------------------------------------------------------------


def _deal_events() -> list[mjai.Event]:
    return [
        mjai.start_game(["A", "B", "C", "D"]),
        mjai.start_kyoku(
            bakaze="E",
            dora_marker="3s",
            kyoku=1,
            honba=0,
            kyotaku=0,
            oya=0,
            scores=[25000] * 4,
            tehais=[["1m"] * 13] * 4,
        ),
        mjai.tsumo(0, "5mr"),
        mjai.reach(0),
        mjai.dahai(0, "5mr", True),
        mjai.reach_accepted(0, [-1000, 0, 0, 0], [24000, 25000, 25000, 25000]),
        mjai.call("pon", 2, 0, "5mr", ["5m", "5m"]),
        mjai.kakan(2, "5m", ["5mr", "5m", "5m"]),
        mjai.dora("C"),
        mjai.call("daiminkan", 3, 2, "E", ["E", "E", "E"]),
        mjai.ankan(1, ["N"] * 4),
        mjai.hora(
            actor=1,
            target=1,
            pai="9p",
            deltas=[-2000, 4000, -1000, -1000],
            ura_markers=[],
            scores=[22000, 29000, 24000, 24000],
            yaku=[("menzen_tsumo", 1), ("dora", 1)],
            yakuman=[],
            han=2,
            fu=40,
            points=4000,
        ),
        mjai.ryukyoku(
            reason="exhaustive",
            deltas=[1500, -1500, 1500, -1500],
            scores=[1, 2, 3, 4],
            tenpai=[True, False, True, False],
        ),
        mjai.end_kyoku(),
        mjai.end_game([1, 2, 3, 4]),
    ]


def test_helpers_build_fields_in_the_documented_order() -> None:
    for event in _deal_events():
        order = mjai.FIELD_ORDER[event["type"]]
        assert list(event) == [key for key in order if key in event], event


def test_dumps_is_compact_stable_and_independent_of_dict_order() -> None:
    events = _deal_events()
    text = mjai.dumps_events(events)
    assert text.endswith("\n") and text.count("\n") == len(events)
    assert ": " not in text and ", " not in text
    shuffled = [dict(reversed(list(event.items()))) for event in events]
    assert mjai.dumps_events(shuffled) == text
    assert [json.loads(line) for line in text.splitlines()] == events
    line = mjai.dumps_event({"pai": "E", "x": 1, "actor": 0, "type": "tsumo"})
    assert line == '{"type":"tsumo","actor":0,"pai":"E","x":1}'
    assert mjai.dumps_event(mjai.start_game(["東", "南", "西", "北"])).count("東") == 1


def test_optional_fields_and_bad_values() -> None:
    assert mjai.reach_accepted(2) == {"type": "reach_accepted", "actor": 2}
    assert mjai.end_game() == {"type": "end_game"}
    assert "pao" not in _deal_events()[11]
    with pytest.raises(ValueError, match="nagashi_mangan"):
        mjai.ryukyoku(reason="abort", deltas=[0] * 4, scores=[0] * 4, tenpai=[False] * 4)
    with pytest.raises(ValueError, match="not chi, pon or daiminkan"):
        mjai.call("kakan", 0, 1, "E", ["E", "E"])


# --- the reader ----------------------------------------------------------------------------


def test_load_events_from_text_and_path(tmp_path: Path) -> None:
    text = mjai.dumps_events(_deal_events())
    assert mjai.load_events(text) == _deal_events()
    path = tmp_path / "log.jsonl"
    path.write_text(text + "\n\n", encoding="utf-8")
    assert mjai.load_events(path) == _deal_events()
    assert mjai.load_events(str(path)) == _deal_events()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"type":"end_kyoku"}\n{"type":', "line 2: not JSON"),
        ('{"type":"end_kyoku"}\n[1, 2]\n', "line 2: an mjai event is a JSON object"),
        ('{"actor":0}\n', "line 1: an mjai event is a JSON object with a string 'type'"),
    ],
)
def test_load_events_names_the_bad_line(text: str, message: str) -> None:
    with pytest.raises(RecordFormatError, match=re.escape(message)) as info:
        mjai.load_events(text)
    assert str(info.value).startswith("<text>, line")
    assert isinstance(info.value, MahjongError)


def test_load_events_bad_files(tmp_path: Path) -> None:
    binary = tmp_path / "log.jsonl"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordFormatError, match="not UTF-8"):
        mjai.load_events(binary)
    with pytest.raises(RecordFormatError, match=re.escape("missing.jsonl: no such file")):
        mjai.load_events(tmp_path / "missing.jsonl")


def test_the_mjai_sample_round_trips() -> None:
    path = data_path(*SAMPLE)
    lines = path.read_text(encoding="utf-8").splitlines()
    events = mjai.load_events(path)
    assert len(events) == len(lines) == 1383
    # load then dump reproduces every line byte for byte (standard fields in mjai's order)
    assert mjai.dumps_events(events).splitlines() == lines
    standard = {
        t: set(order) - set(mjai.EXTENSION_FIELDS.get(t, ()))
        for t, order in mjai.FIELD_ORDER.items()
    }
    for event in events:
        assert event["type"] in mjai.FIELD_ORDER
        assert set(event) - {"seed"} <= standard[event["type"]], event
    kinds = {event["type"] for event in events}
    assert {
        "start_game",
        "start_kyoku",
        "tsumo",
        "dahai",
        "chi",
        "pon",
        "ankan",
        "dora",
        "reach",
        "reach_accepted",
        "hora",
        "ryukyoku",
        "end_kyoku",
        "end_game",
    } <= kinds


def test_sample_tiles_are_mjai_names_and_scores_add_up() -> None:
    events = mjai.load_events(data_path(*SAMPLE))
    scores: list[int] = []
    for event in events:
        for key in ("pai", "dora_marker"):
            if key in event:
                mjai.tile_kind(event[key])
        if event["type"] == "start_kyoku":
            assert not scores or scores == event["scores"]
            scores = list(event["scores"])
        elif event["type"] == "reach_accepted":
            scores[event["actor"]] -= 1000
        elif "deltas" in event:
            scores = [s + d for s, d in zip(scores, event["deltas"], strict=True)]


# --- documentation -------------------------------------------------------------------------


def test_schema_is_documented_in_the_docstring_and_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Game logs (mjai JSON lines)", 1)[1].split("\n## ", 1)[0]
    doc = mjai.__doc__ or ""
    for kind, fields in mjai.FIELD_ORDER.items():
        assert f"`{kind}`" in section and f"``{kind}``" in doc, kind
        for name in fields[1:]:
            assert name in section and f"``{name}``" in doc, (kind, name)
    for reason in mjai.DRAW_REASONS:
        assert reason in section, reason
