"""Every win of the Tenhou records (../shared/data/tenhou_cases) scored with the tenhou preset,
the three-player ones with tenhou-sanma (their kita melds as `WinContext(kita=N)`)."""

from __future__ import annotations

import json
from typing import Any

from support import data_path

from mahjong import Meld, Tiles
from mahjong.riichi import Ruleset, WinContext, score

RULES = {4: Ruleset.preset("tenhou"), 3: Ruleset.preset("tenhou-sanma")}
WINDS = "ESWN"


def load_wins() -> list[dict[str, Any]]:
    path = data_path("tenhou_cases", "wins.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()]


def meld(m: dict[str, Any]) -> Meld:
    tiles = Tiles("".join(m["tiles"]))
    called = None if m["type"] == "ankan" else tiles.kinds()[0]
    return Meld(m["type"], tiles, called=called)


def seat_wind(case: dict[str, Any], seat: int) -> int:
    return (seat - case["oya"]) % case["players"]


def context(case: dict[str, Any], riichi_sticks: int) -> WinContext:
    flags = case["flags"]
    ron = not flags["tsumo"]
    first_winner = case["expected"]["win_index_in_deal"] == 0
    return WinContext(
        tsumo=flags["tsumo"],
        riichi=flags["riichi"] and not flags["double_riichi"],
        double_riichi=flags["double_riichi"],
        ippatsu=flags["ippatsu"],
        rinshan=flags["rinshan"],
        chankan=flags["chankan"],
        haitei=flags["haitei"],
        houtei=flags["houtei"],
        tenhou=flags["tenhou"],
        chiihou=flags["chiihou"],
        seat_wind=case["seat_wind"],
        round_wind=case["round_wind"],
        dora_indicators=case["dora_indicators"],
        ura_indicators=case["ura_indicators"],
        honba=case["honba"] if first_winner else 0,
        riichi_sticks=riichi_sticks,
        discarder=seat_wind(case, case["from_who"]) if ron else None,
        liable=None if case["pao"] is None else seat_wind(case, case["pao"]),
        kita=sum(m["type"] == "kita" for m in case["melds"]),
    )


def merged_dora(yaku: set[tuple[str, int]]) -> set[tuple[str, int]]:
    """Yaku as Tenhou lists them: nukidora counted in dora (TL2.6)."""
    nuki = sum(han for name, han in yaku if name == "nukidora")
    if not nuki:
        return yaku
    dora = sum(han for name, han in yaku if name == "dora")
    rest = {(name, han) for name, han in yaku if name not in ("dora", "nukidora")}
    return rest | {("dora", dora + nuki)}


def check(case: dict[str, Any]) -> None:
    expected = case["expected"]
    deltas = expected["deltas"]
    # Deposits are not in the record; they are what the winner gets beyond the payments.
    paid = -sum(d for d in deltas if d < 0)
    sticks = (deltas[case["who"]] - paid) // 1000
    hand = Tiles("".join(case["concealed_hand"]))
    result = score(
        hand,
        case["win_tile"],
        melds=[meld(m) for m in case["melds"] if m["type"] != "kita"],
        context=context(case, sticks),
        rules=RULES[case["players"]],
    )
    where = f"{case['file']} deal {case['deal_index']}: {result!r}"
    assert result.is_win, where
    got_yaku = merged_dora({(y.romaji, y.han) for y in result.yaku})
    want_yaku = {(y["name"], y["han"]) for y in expected["yaku"] if y["han"] > 0}
    assert got_yaku == want_yaku, where
    assert [y.romaji for y in result.yakuman] == [y["name"] for y in expected["yakuman"]], where
    assert result.han == expected["han"], where
    assert result.fu == expected["fu"], where
    assert result.points == expected["points"], where
    assert result.limit == expected["limit"], where
    players = case["players"]
    by_seat = [0] * 4
    assert result.deltas is not None and len(result.deltas) == players, where
    for wind, delta in enumerate(result.deltas):
        by_seat[(case["oya"] + wind) % players] = delta
    assert by_seat == deltas, where


def test_all_four_player_wins() -> None:
    wins = load_wins()
    four = [w for w in wins if w["players"] == 4]
    assert len(wins) == 747 and len(four) == 742
    failures = []
    for case in four:
        try:
            check(case)
        except AssertionError as error:
            failures.append(str(error).splitlines()[0])
    assert not failures, f"{len(failures)} of 742 differ:\n" + "\n".join(failures[:20])


def test_all_three_player_wins() -> None:
    """T-R01-T-R05 as flat cases: the five wins of the three-player record."""
    three = [w for w in load_wins() if w["players"] == 3]
    assert len(three) == 5
    for case in three:
        check(case)
