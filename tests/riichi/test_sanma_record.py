"""The three-player Tenhou game of the shared data (sanma spec 5.3, T-R01-T-R07, and T-P28):
read from its mjlog and replayed through the engine under tenhou-sanma, every action legal and
every result the record's."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from support import data_path

from mahjong.riichi import Game, Ruleset, replay, tenhou

RULES = Ruleset.preset("tenhou-sanma")


def record() -> Path:
    return data_path("tenhou_mjlog", "logs", "dnovikoff__sanma2.mjlog")


@pytest.fixture(scope="module")
def reports() -> dict[str, replay.DealReport]:
    found = replay.replay_file(record())
    assert [r.deal for r in found] == ["E1-0", "E2-0", "E2-1", "E2-2", "E2-3", "E3-0"]
    assert all(r.ok for r in found), [str(r) for r in found if not r.ok]
    return {r.deal: r for r in found}


def win(report: replay.DealReport) -> dict[str, Any]:
    (hora,) = [e for e in report.events if e["type"] == "hora"]
    return hora


def yaku(hora: dict[str, Any]) -> dict[str, int]:
    return {name: han for name, han in hora["yaku"]}


def test_tr01_riichi_tsumo_with_nukidora(reports: dict[str, replay.DealReport]) -> None:
    hora = win(reports["E1-0"])
    assert (hora["actor"], hora["target"], hora["pai"]) == (1, 1, "9s")
    assert yaku(hora) == {
        "riichi": 1,
        "menzen_tsumo": 1,
        "dora": 1,
        "nukidora": 1,
        "ura_dora": 1,
    }
    assert (hora["han"], hora["fu"], hora["points"], hora["limit"]) == (5, 30, 6000, "mangan")
    assert hora["deltas"] == [-4000, 7000, -2000]


def test_tr02_dealer_ron_open_chinitsu(reports: dict[str, replay.DealReport]) -> None:
    hora = win(reports["E2-0"])
    assert (hora["actor"], hora["target"], hora["pai"]) == (1, 2, "9p")
    assert yaku(hora) == {"chinitsu": 5}
    assert (hora["fu"], hora["points"], hora["deltas"]) == (40, 12000, [0, 13000, -12000])


def test_tr03_dealer_haneman_tsumo_with_honba(reports: dict[str, replay.DealReport]) -> None:
    start = reports["E2-2"].events[0]
    assert (start["honba"], start["kyotaku"]) == (2, 1)
    hora = win(reports["E2-2"])
    expected = {"menzen_tsumo": 1, "ittsu": 2, "dora": 1, "nukidora": 1, "aka_dora": 1}
    assert yaku(hora) == expected
    assert (hora["fu"], hora["points"], hora["limit"]) == (30, 12000, "haneman")
    assert hora["deltas"] == [-6200, 13400, -6200]


def test_tr04_tsumo_loss_with_honba(reports: dict[str, replay.DealReport]) -> None:
    hora = win(reports["E2-3"])
    assert (hora["actor"], hora["pai"]) == (0, "7p")
    assert yaku(hora) == {"menzen_tsumo": 1, "tanyao": 1, "nukidora": 1}
    assert (hora["han"], hora["fu"], hora["points"]) == (3, 30, 3000)
    assert hora["deltas"] == [3600, -2300, -1300]


def test_tr05_ippatsu_ron_baiman(reports: dict[str, replay.DealReport]) -> None:
    hora = win(reports["E3-0"])
    assert (hora["actor"], hora["target"], hora["pai"]) == (1, 2, "4p")
    assert yaku(hora) == {
        "riichi": 1,
        "ippatsu": 1,
        "iipeikou": 1,
        "yakuhai_hatsu": 1,
        "dora": 2,
        "nukidora": 1,
        "aka_dora": 1,
    }
    assert (hora["fu"], hora["points"], hora["limit"]) == (40, 16000, "baiman")
    assert hora["deltas"] == [0, 18000, -16000]


def test_tr06_exhaustive_draw_with_kita_after_riichi(
    reports: dict[str, replay.DealReport],
) -> None:
    events = reports["E2-1"].events
    (draw,) = [e for e in events if e["type"] == "ryukyoku"]
    assert draw["deltas"] == [-1000, 2000, -1000]
    assert draw["tenpai"] == [False, True, False]
    draws = [e for e in events if e["type"] == "tsumo"]
    after_kita = [
        later for before, later in itertools.pairwise(events) if before["type"] == "nukidora"
    ]
    assert len(draws) == 55 and len(after_kita) == 3
    assert all(e["type"] == "tsumo" for e in after_kita)
    riichi_at = next(i for i, e in enumerate(events) if e == {"type": "reach", "actor": 1})
    assert any(e == {"type": "nukidora", "actor": 1, "pai": "N"} for e in events[riichi_at:])
    # The dealer kept the deal: one more honba, the riichi deposit still on the table.
    following = reports["E2-2"].events[0]
    assert (following["oya"], following["honba"], following["kyotaku"]) == (1, 2, 1)


def test_tr07_busting_ends_the_game_with_the_final_points() -> None:
    root = ET.parse(record()).getroot()
    (last,) = root.findall(".//*[@owari]")
    owari = [int(float(v) * 1000) for v in last.get("owari", "").split(",")]
    scores = [v // 10 for v in owari[0:6:2]]
    points = owari[1:6:2]
    assert scores == [27400, 83100, -5500] and points == [-13000, 79000, -66000]
    game = Game.resume(rules=RULES, dealer=2, kyoku=3, scores=scores)
    assert [s["points"] for s in game.standings()] == points
    events = tenhou.load_record(record())
    assert events[-1] == {"type": "end_game", "scores": scores}


def test_tp28_record_markers_and_calls() -> None:
    """T-P28: the empty seat 3 everywhere, the 16 kita tags North ids 120-123 with no DORA
    after any, and the pon of seat 2 with ``M & 3 = 2`` a call on seat 0's tile."""
    root = ET.parse(record()).getroot()
    assert int(root.find("GO").get("type", "0")) & 0x10  # type: ignore[union-attr]
    un = root.find("UN")
    assert un is not None and un.get("n3") == ""
    for init in root.iter("INIT"):
        assert init.get("hai3") == "" and init.get("ten", "").split(",")[3] == "0"
    assert not [e.tag for e in root if e.tag[0] in "WG" and e.tag[1:].isdigit()]
    elements = list(root)
    # A kita: M & 0x20 with none of 0x04, 0x08, 0x10 (TL2.4).
    kita = [
        (i, e)
        for i, e in enumerate(elements)
        if e.tag == "N" and int(e.get("m", "0")) & 0x3C == 0x20
    ]
    assert len(kita) == 16
    assert {int(e.get("m", "0")) >> 8 for _, e in kita} <= set(range(120, 124))
    assert all(elements[i + 1].tag != "DORA" for i, _ in kita)
    events = tenhou.load_record(record())
    assert sum(e["type"] == "nukidora" for e in events) == 16
    pon = next(e for e in events if e["type"] == "pon" and e["actor"] == 2)
    assert pon["target"] == 0
    assert all(len(e["tehais"]) == 3 for e in events if e["type"] == "start_kyoku")
    assert not any(e["type"] == "chi" for e in events)
