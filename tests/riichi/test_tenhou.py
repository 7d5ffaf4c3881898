"""Tenhou records (mjlog XML, tenhou.net/6 JSON) converted to mjai events, checked against the
records themselves: score changes, running scores, tiles, and the twin games in both formats."""

from __future__ import annotations

import csv
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from support import DATA, REPO, data_path
from support.tenhou6 import write_tenhou6

from mahjong.cli import main
from mahjong.errors import RecordFormatError
from mahjong.riichi import mjai, tenhou

RECORDS = REPO / "tests" / "data" / "records"
MJLOG = ("tenhou_mjlog", "logs")
TENHOU6 = ("tenhou6_json", "logs")
FIXTURES = ("tenhou6_json", "format_fixtures")
THREE_PLAYER = "dnovikoff__sanma2.mjlog"


def _files(*parts: str) -> list[Any]:
    """The files of a data folder as test parameters; one skipped parameter when it is absent."""
    folder = DATA.joinpath(*parts)
    found = sorted(p for p in folder.glob("*") if p.suffix in (".mjlog", ".json", ".jsonl"))
    if not found:
        reason = (
            f"reference data {folder} not found: put the shared data at ../shared/data "
            "relative to the repository root or set MAHJONG_DATA_DIR"
        )
        return [pytest.param(None, marks=pytest.mark.skip(reason=reason))]
    return [pytest.param(p, id=p.name) for p in found if p.name != THREE_PLAYER]


MJLOG_FILES = _files(*MJLOG)
TENHOU6_FILES = _files(*TENHOU6) + _files(*FIXTURES)


def _deals(events: list[mjai.Event]) -> list[list[mjai.Event]]:
    """The events of each deal, from start_kyoku to end_kyoku."""
    deals: list[list[mjai.Event]] = []
    inside = False
    for event in events:
        if event["type"] == "start_kyoku":
            deals.append([])
            inside = True
        if inside:
            deals[-1].append(event)
        inside = inside and event["type"] != "end_kyoku"
    return deals


def _check_game(events: list[mjai.Event], real_results: bool = True) -> None:
    """Structure, running scores and tile counts of a converted game. `real_results` is False
    for a hand-edited fixture whose win deltas do not add up."""
    assert events[0]["type"] == "start_game" and len(events[0]["names"]) == 4
    assert events[-1]["type"] == "end_game"
    deals = _deals(events)
    assert deals
    scores = deals[0][0]["scores"]
    sticks = deals[0][0]["kyotaku"]
    total = sum(scores) + 1000 * sticks
    for deal in deals:
        start = deal[0]
        assert start["scores"] == scores, "a deal starts from the scores the last one left"
        assert sum(start["scores"]) + 1000 * start["kyotaku"] == total or not real_results
        assert deal[-1]["type"] == "end_kyoku"
        results = [e for e in deal if e["type"] in ("hora", "ryukyoku")]
        assert results and deal[-1 - len(results) : -1] == results
        seen = Counter([start["dora_marker"], *(t for hand in start["tehais"] for t in hand)])
        _replay_hands(deal)
        for event in deal[1:]:
            kind = event["type"]
            if kind == "tsumo":
                seen[event["pai"]] += 1
            elif kind == "dora":
                seen[event["dora_marker"]] += 1
            if "deltas" in event:
                scores = [s + d for s, d in zip(scores, event["deltas"], strict=True)]
                assert event["scores"] == scores, event
            if kind == "hora":
                assert event["han"] == sum(han for _, han in event["yaku"])
                assert bool(event["yakuman"]) == (event["han"] == 0)
                assert event["points"] > 0 and event["deltas"][event["actor"]] > 0
            if kind == "ryukyoku":
                assert event["reason"] in mjai.DRAW_REASONS and len(event["tenpai"]) == 4
        for name, count in seen.items():
            limit = 1 if mjai.is_red(name) else 3 if name in ("5m", "5p", "5s") else 4
            assert count <= limit, f"{name} seen {count} times in {start}"
    final = events[-1].get("scores")  # tenhou.net/6 fixtures state no final scores
    assert final is None or sum(final) == total or not real_results


def _replay_hands(deal: list[mjai.Event]) -> None:
    """Every discarded or called tile was in the player's hand; tsumogiri discards the tile
    just drawn; a hand holds 14 tiles less 3 per call when it discards."""
    hands = [Counter(hand) for hand in deal[0]["tehais"]]
    calls = [0] * 4
    last: mjai.Event = deal[0]
    for event in deal[1:]:
        kind, actor = event["type"], event.get("actor", -1)
        used: list[str] = []
        if kind == "tsumo":
            hands[actor][event["pai"]] += 1
        elif kind == "dahai":
            used = [event["pai"]]
            assert sum(hands[actor].values()) == 14 - 3 * calls[actor], event
            if event["tsumogiri"]:
                assert last == {"type": "tsumo", "actor": actor, "pai": event["pai"]}, event
        elif kind in ("chi", "pon", "daiminkan", "ankan"):
            used = event["consumed"]
            calls[actor] += 1
            if kind != "ankan":
                assert last["type"] == "dahai" and last["pai"] == event["pai"], event
                assert last["actor"] == event["target"] != actor, event
        elif kind == "kakan":
            used = [event["pai"]]
        for tile in used:
            assert hands[actor][tile] > 0, f"{event}: {tile} not in hand"
            hands[actor][tile] -= 1
        if kind not in ("dora", "reach", "reach_accepted"):
            last = event


# --- mjlog ---------------------------------------------------------------------------------


def _mjlog_ids(path: Path) -> list[dict[str, Any]]:
    """Per deal, straight from the XML: tile ids in play, draw ids, and result score changes."""
    deals: list[dict[str, Any]] = []
    for element in ET.parse(path).getroot():
        tag = element.tag
        if tag == "INIT":
            seed = [int(v) for v in element.get("seed", "").split(",")]
            hands = [int(v) for n in range(4) for v in element.get(f"hai{n}", "").split(",")]
            deals.append({"ids": [*hands, seed[5]], "draws": [], "deltas": [], "doras": []})
        elif re.fullmatch(r"[TUVW]\d+", tag):
            deals[-1]["ids"].append(int(tag[1:]))
            deals[-1]["draws"].append(int(tag[1:]))
        elif tag == "DORA":
            deals[-1]["ids"].append(int(element.get("hai", "")))
            deals[-1]["doras"].append(int(element.get("hai", "")))
        elif tag in ("AGARI", "RYUUKYOKU"):
            sc = [int(v) * 100 for v in element.get("sc", "").split(",")]
            deals[-1]["deltas"].append(sc[1::2])
    return deals


@pytest.mark.parametrize("path", MJLOG_FILES)
def test_mjlog_game_converts(path: Path) -> None:
    events = tenhou.load_record(path)
    _check_game(events)
    deals = _deals(events)
    recorded = _mjlog_ids(path)
    assert len(deals) == len(recorded)
    for deal, record in zip(deals, recorded, strict=True):
        # every physical tile at most once in the start hands, draws and dora indicators
        assert len(record["ids"]) == len(set(record["ids"]))
        assert [e["pai"] for e in deal if e["type"] == "tsumo"] == [
            mjai.tile_name(t) for t in record["draws"]
        ]
        assert [e["dora_marker"] for e in deal if e["type"] == "dora"] == [
            mjai.tile_name(t) for t in record["doras"]
        ]
        results = [e["deltas"] for e in deal if e["type"] in ("hora", "ryukyoku")]
        assert results == record["deltas"]
    owari = ET.parse(path).getroot().findall(".//*[@owari]")[-1].get("owari", "")
    assert events[-1]["scores"] == [int(v) * 100 for v in owari.split(",")[0::2]]


def test_mjlog_counts_match_the_manifest() -> None:
    manifest = data_path("tenhou_mjlog", "MANIFEST.tsv")
    rows = list(csv.DictReader(manifest.open(encoding="utf-8"), delimiter="\t"))
    games = deals = 0
    for row in rows:
        if row["players"] != "4":
            continue
        events = tenhou.load_record(manifest.parent / row["file"])
        kinds = Counter(e["type"] for e in events)
        assert (kinds["start_kyoku"], kinds["hora"], kinds["ryukyoku"]) == (
            int(row["deals"]),
            int(row["wins"]),
            int(row["draws"]),
        ), row["file"]
        games += 1
        deals += kinds["start_kyoku"]
    assert games == 83 and deals == sum(int(r["deals"]) for r in rows if r["players"] == "4")


def test_mjlog_features_come_through() -> None:
    folder = data_path(*MJLOG)
    reasons: Counter[str] = Counter()
    yaku: Counter[str] = Counter()
    paos = 0
    for path in sorted(folder.glob("*.mjlog")):
        if path.name == THREE_PLAYER:
            continue
        for event in tenhou.load_record(path):
            if event["type"] == "ryukyoku":
                reasons[event["reason"]] += 1
            if event["type"] == "hora":
                yaku.update(name for name, _ in event["yaku"] + event["yakuman"])
                paos += "pao" in event
    assert set(reasons) == set(mjai.DRAW_REASONS) - {"sanchahou"}
    assert {"riichi", "chankan", "rinshan_kaihou", "haitei", "aka_dora", "ura_dora"} <= set(yaku)
    assert paos >= 2


def test_three_player_mjlog_reads_three_seats() -> None:
    """The three-player record (GO type bit 0x10) reads as three seats: three names, hands and
    scores, kita as ``nukidora`` (tests/riichi/test_sanma_record.py checks the rest)."""
    events = tenhou.load_record(data_path(*MJLOG, THREE_PLAYER))
    assert len(events[0]["names"]) == 3
    assert all(len(e["scores"]) == 3 for e in events if "scores" in e)
    assert any(e["type"] == "nukidora" for e in events)


def _unstated(read: list[mjai.Event], events: list[mjai.Event]) -> list[mjai.Event]:
    """`events` without what tenhou.net/6 does not state where `read` (read back from it)
    lacks it: the fu of a limit hand, who was tenpai at a nagashi mangan."""
    kept = []
    for back, event in zip(read, events, strict=True):
        if back["type"] == "hora" and back["fu"] is None:
            event = {**event, "fu": None}
        if back["type"] == "ryukyoku" and back["tenpai"] is None:
            event = {**event, "tenpai": None}
        kept.append(event)
    return kept


@pytest.mark.parametrize("path", MJLOG_FILES)
def test_mjlog_games_read_back_from_tenhou6(path: Path) -> None:
    """Every mjlog game written as tenhou.net/6 columns (tests/support/tenhou6.py) reads back
    as the same events: the play order rebuilt, the calls' sources, the results."""
    events = tenhou.load_record(path)
    read = tenhou.parse_tenhou6(write_tenhou6(events), path.name)
    assert read == _unstated(read, events)


@pytest.mark.parametrize("padded", [False, True], ids=["three-blocks", "empty-fourth-block"])
def test_a_three_player_tenhou6_game_reads_as_its_mjlog_twin(
    padded: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The three-player record in tenhou.net/6 form (kita ``"f44"``, pons whose letter counts
    seats over four, TL2.5 and TL2.8), with three seat blocks or a fourth left empty, reads
    as the mjlog's events and replays under tenhou-sanma."""
    events = tenhou.load_record(data_path(*MJLOG, THREE_PLAYER))
    text = write_tenhou6(events, padded=padded)
    assert '"f44"' in text and ("[], [], []" in text) == padded
    read = tenhou.parse_tenhou6(text, "sanma.json")
    assert read == _unstated(read, events)
    record = tmp_path / "sanma.json"
    record.write_text(text, encoding="utf-8")
    assert main(["replay", str(record)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 7 and all(" ok" in line for line in lines[:6]), lines


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda deal: deal[6].append("f44"), "no play order uses every draw and discard"),
        (lambda deal: deal[0].__setitem__(0, 3), "deal number 3 names dealer 3; seats are 0..2"),
        (lambda deal: deal[1].__setitem__(3, 100), "the scores should be 3 whole numbers"),
    ],
)
def test_bad_three_player_tenhou6_deals(change: Any, message: str) -> None:
    events = tenhou.load_record(data_path(*MJLOG, THREE_PLAYER))
    game = json.loads(write_tenhou6(events, padded=True))
    change(game["log"][0])
    with pytest.raises(RecordFormatError, match=re.escape(message)):
        tenhou.parse_tenhou6(json.dumps(game), "x.json")
    four = json.loads((RECORDS / "game.json").read_text(encoding="utf-8"))
    four["log"][0][6][0] = "f44"  # no kita among four players
    with pytest.raises(RecordFormatError, match=re.escape("'f44' is not a tenhou.net/6 call")):
        tenhou.parse_tenhou6(json.dumps(four), "x.json")


# --- tenhou.net/6 --------------------------------------------------------------------------


def _t6_tile(code: int) -> str:
    """A tenhou.net/6 tile code as an mjai name (11-19 = 1m-9m, ..., 41-47 = E S W N P F C)."""
    if code > 50:
        return f"5{'mps'[code - 51]}r"
    if code > 40:
        return "ESWNPFC"[code - 41]
    return f"{code % 10}{'mps'[code // 10 - 1]}"


def _tenhou6_deals(path: Path) -> list[list[Any]]:
    text = path.read_text(encoding="utf-8")
    try:
        games = [json.loads(text)]
    except json.JSONDecodeError:
        games = [json.loads(line) for line in text.splitlines() if line.strip()]
    return [deal for game in games for deal in game["log"]]


@pytest.mark.parametrize("path", TENHOU6_FILES)
def test_tenhou6_game_converts(path: Path) -> None:
    events = tenhou.load_record(path)
    _check_game(events, real_results=path.name != "confusing_nakis_1.json")
    deals = _deals(events)
    recorded = _tenhou6_deals(path)
    assert len(deals) == len(recorded)
    for deal, record in zip(deals, recorded, strict=True):
        result = record[-1]
        expected = [result[i] for i in range(1, len(result), 2)] if result[0] == "和了" else []
        if result[0] != "和了":
            expected = [result[1] if len(result) > 1 else [0, 0, 0, 0]]
        assert [e["deltas"] for e in deal if e["type"] in ("hora", "ryukyoku")] == expected
        assert deal[0]["scores"] == record[1]
        assert deal[0]["dora_marker"] == _t6_tile(record[2][0])
        shown = [e["dora_marker"] for e in deal if e["type"] == "dora"]
        assert shown == [_t6_tile(c) for c in record[2][1 : 1 + len(shown)]]
    game = json.loads(path.read_text(encoding="utf-8")) if path.suffix == ".json" else {}
    if "sc" in game:  # full downloads carry the final scores
        assert events[-1]["scores"] == game["sc"][0::2]


@pytest.mark.parametrize("path", _files(*TENHOU6))
def test_twin_games_convert_to_the_same_events(path: Path) -> None:
    """The same events from both formats, but for the player names (the mjx JSON lines
    anonymise them) and the fu of limit hands (tenhou.net/6 does not state it: null)."""
    twin = DATA.joinpath(*MJLOG, path.name.split(".")[0] + ".mjlog")
    from_json = tenhou.load_record(path)
    from_mjlog = tenhou.load_record(twin)
    assert len(from_json) == len(from_mjlog)
    unstated = [i for i, e in enumerate(from_json) if e["type"] == "hora" and e["fu"] is None]
    assert all(isinstance(from_mjlog[i]["fu"], int) for i in unstated)
    for i in unstated:
        from_mjlog[i] = {**from_mjlog[i], "fu": None}
    if "scores" not in from_json[-1]:  # no final scores (sc) in the mjx JSON lines
        from_mjlog[-1] = {"type": "end_game"}
    assert from_json[1:] == from_mjlog[1:]
    if path.suffix == ".json":
        assert from_json[0] == from_mjlog[0]  # the same player names


def test_the_repository_example_twins() -> None:
    from_mjlog = tenhou.load_record(RECORDS / "game.mjlog")
    assert from_mjlog == tenhou.load_record(RECORDS / "game.json")
    hora = next(e for e in from_mjlog if e["type"] == "hora")
    assert (hora["yaku"], hora["han"], hora["fu"], hora["points"]) == ([["ittsu", 2]], 2, 40, 3900)
    _check_game(from_mjlog)


def _next_play(events: list[mjai.Event], index: int) -> mjai.Event:
    """The event after `index` that is not bookkeeping (a riichi deposit, a dora)."""
    return next(e for e in events[index + 1 :] if e["type"] not in ("reach_accepted", "dora"))


def _passed_then_called(events: list[mjai.Event]) -> int:
    """How many calls take a tile after the caller passed an identical discard by the same
    player: the order tenhou.net/6 cannot store, rebuilt by backtracking."""
    found = 0
    for i, event in enumerate(events):
        if event["type"] not in ("chi", "pon", "daiminkan"):
            continue
        start = max(j for j in range(i) if events[j]["type"] == "start_kyoku")
        passed = [
            j
            for j in range(start, i - 1)
            if events[j]["type"] == "dahai"
            and events[j]["actor"] == event["target"]
            and events[j]["pai"] == event["pai"]
            and _next_play(events, j)["type"] not in ("chi", "pon", "daiminkan")
        ]
        found += bool(passed)
    return found


def test_play_order_rebuilt_by_backtracking() -> None:
    """The confusing_nakis fixtures pass a callable tile and call a later copy."""
    for name in ("confusing_nakis_1.json", "confusing_nakis_3.json", "confusing_nakis_5.json"):
        events = tenhou.load_record(data_path(*FIXTURES, name))
        assert _passed_then_called(events) >= 1, name


# --- yaku ids ------------------------------------------------------------------------------


def test_tenhou_yaku_map_to_our_romaji_ids() -> None:
    table = (REPO / "rust" / "core" / "src" / "riichi" / "yaku.rs").read_text(encoding="utf-8")
    ours = set(re.findall(r'=\s*"([a-z0-9_]+)",\s*"', table))
    assert len(tenhou.TENHOU_YAKU) == len(tenhou.TENHOU6_YAKU_NAMES) == 55
    assert set(tenhou.TENHOU_YAKU) <= ours


# --- bad files -----------------------------------------------------------------------------

INIT = (
    '<INIT seed="0,0,0,1,1,0" ten="250,250,250,250" oya="0" '
    'hai0="1,2,3,5,6,7,9,10,11,13,14,15,17" hai1="20,21,22,24,25,26,28,29,30,32,33,34,36" '
    'hai2="40,41,42,44,45,46,48,49,50,56,57,58,60" '
    'hai3="64,65,66,68,69,70,72,73,74,76,77,78,80"/>'
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "neither mjlog XML nor tenhou.net/6 JSON"),
        ("<mjloggm>", "not mjlog XML"),
        ("<other/>", "the root element is <other>"),
        ("<mjloggm></mjloggm>", "no deal"),
        (f"<mjloggm>{INIT}<D100/></mjloggm>", "E1-0: <D100>: seat 0 does not hold tile 100"),
        (f"<mjloggm>{INIT}<T1/></mjloggm>", "tile 1 is already in play"),
        ('<mjloggm><INIT seed="0,0" ten="250"/></mjloggm>', "seed should hold 6 numbers"),
        (f"<mjloggm>{INIT}<N who='0' m='x'/></mjloggm>", "is not a list of whole numbers"),
        ('{"log": 1}', "a JSON object with a 'log' list"),
        ("{", "not tenhou.net/6 JSON"),
        ('{"log": [[1, 2]]}', "deal 1: a deal has 17 entries"),
    ],
)
def test_bad_records_are_typed_errors_naming_the_place(text: str, message: str) -> None:
    with pytest.raises(RecordFormatError, match=re.escape(message)) as info:
        tenhou.parse_record(text, "game.mjlog")
    assert str(info.value).startswith("game.mjlog")


def test_bad_tenhou6_results_and_orders(tmp_path: Path) -> None:
    game = json.loads((RECORDS / "game.json").read_text(encoding="utf-8"))
    game["log"][0][-1][2][4] = "何か(2飜)"
    with pytest.raises(RecordFormatError, match="E1-0: yaku '何か\\(2飜\\)'"):
        tenhou.parse_tenhou6(json.dumps(game), "x.json")
    game = json.loads((RECORDS / "game.json").read_text(encoding="utf-8"))
    game["log"][0][6] = [47]  # the dealer discards a tile they do not hold
    with pytest.raises(RecordFormatError, match="no play order uses every draw and discard"):
        tenhou.parse_tenhou6(json.dumps(game), "x.json")


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(RecordFormatError, match="no such file"):
        tenhou.load_record(tmp_path / "missing.mjlog")
    with pytest.raises(RecordFormatError, match="not a regular file"):
        tenhou.load_record(tmp_path)
    binary = tmp_path / "game.mjlog"
    binary.write_bytes(b"\x1f\x8b\x08\x00gzip")
    with pytest.raises(RecordFormatError, match="not UTF-8"):
        tenhou.load_record(binary)


# --- the command ---------------------------------------------------------------------------


def test_convert_to_stdout_and_to_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["convert", str(RECORDS / "game.mjlog"), "--to", "mjai"]) == 0
    out = capsys.readouterr().out
    assert out == mjai.dumps_events(tenhou.load_record(RECORDS / "game.mjlog"))
    target = tmp_path / "game.jsonl"
    assert main(["convert", str(RECORDS / "game.json"), "-o", str(target)]) == 0
    assert capsys.readouterr().out == f"{target}: 1 deal, 9 events\n"
    assert target.read_text(encoding="utf-8") == out


def test_convert_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"log": 1}', encoding="utf-8")
    assert main(["convert", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err == f"mahjong: error: {bad}: a tenhou.net/6 game is a JSON object with a 'log' list\n"
    assert main(["convert", str(bad), "--to", "tenhou"]) == 2
    assert "invalid choice: 'tenhou'" in capsys.readouterr().err


def test_convert_writes_three_player_records(capsys: pytest.CaptureFixture[str]) -> None:
    path = data_path(*MJLOG, THREE_PLAYER)
    assert main(["convert", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert '{"type":"nukidora","actor":1,"pai":"N"}' in lines
    assert mjai.parse_events("\n".join(lines)) == tenhou.load_record(path)


def test_tenhou6_nagashi_says_nothing_of_tenpai(tmp_path: Path) -> None:
    """A tenhou.net/6 nagashi mangan (流し満貫) does not state who was tenpai: the converted
    ``ryukyoku`` says so (``tenpai`` null), never four noten hands."""
    folder = data_path("tenhou6_json", "logs")
    logs = sorted(folder.glob("*.json")) if folder is not None else []
    if not logs:
        pytest.skip("reference data tenhou6_json/logs not found")
    for log in logs:
        record = json.loads(log.read_text(encoding="utf-8"))
        drawn = [k for k in record["log"] if k[16][0] == "流局" and len(k[16]) > 1]
        if drawn:
            break
    else:
        pytest.skip("no exhaustive draw in the tenhou.net/6 logs")
    deal = drawn[0]
    deal[16] = ["流し満貫", deal[16][1]]
    record["log"] = [deal]
    record.pop("sc", None)
    path = tmp_path / "nagashi.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    (draw,) = [e for e in tenhou.load_record(path) if e["type"] == "ryukyoku"]
    assert draw["reason"] == "nagashi_mangan" and draw["tenpai"] is None
