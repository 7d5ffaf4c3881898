"""Replaying logs through the engine (mahjong.riichi.replay, `mahjong replay`): the rebuilt
wall, logs of our own engine replayed to the same events and scores, and every kind of
mismatch reported with the deal, the event and the legal actions."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from support import REPO

from mahjong.cli import main
from mahjong.errors import RecordFormatError
from mahjong.riichi import Deal, Ruleset, mjai, replay
from mahjong.riichi.game import EfficiencyAgent, RandomAgent, play_game
from mahjong.riichi.mjai import Event

RECORDS = REPO / "tests" / "data" / "records"


def _game(preset: str, seed: int, players: str = "") -> list[Event]:
    """A game's log; `players` "random" (four RandomAgents) or by default two
    EfficiencyAgents against two RandomAgents (odd seeds) or four EfficiencyAgents."""
    agents: list[EfficiencyAgent | RandomAgent]
    if players == "random":
        agents = [RandomAgent(seed * 4 + i) for i in range(4)]
    elif seed % 2:
        agents = [EfficiencyAgent(), RandomAgent(seed), EfficiencyAgent(), RandomAgent(seed + 100)]
    else:
        agents = [EfficiencyAgent() for _ in range(4)]
    return play_game(agents, seed=seed, rules=Ruleset.preset(preset)).events


# --- the wall ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_rebuilt_wall_shows_what_the_log_shows(seed: int) -> None:
    """Every wall position an engine log reveals holds the same tile name as the engine's own
    wall: starting hands, the dealer's first draw, wall draws, replacement draws, dora and ura
    indicators; the rebuilt wall is a permutation of the 136 ids."""
    rules = Ruleset.preset("tenhou")
    for _, deal in replay.split_deals(_game("tenhou", seed)):
        start = deal[0]
        engine = Deal(
            wall=replay.build_wall(deal),
            rules=rules,
            dealer=start["oya"],
            round_wind=start["bakaze"],
            honba=start["honba"],
            riichi_sticks=start["kyotaku"],
            scores=start["scores"],
        )
        wall = replay.build_wall(deal)
        assert sorted(wall) == list(range(136))
        assert list(engine.wall) == wall
        names = [mjai.tile_name(t) for t in wall]
        assert engine.events(0)[0]["tehais"] == start["tehais"]
        draws = [e["pai"] for e in deal if e["type"] == "tsumo"]
        assert names[52] == draws[0]
        assert names[130] == start["dora_marker"]


def _start(hands: list[list[str]], dora_marker: str) -> Event:
    """The start of East 1 with these starting hands, the dealer in seat 0."""
    return mjai.start_kyoku(
        bakaze="E",
        dora_marker=dora_marker,
        kyoku=1,
        honba=0,
        kyotaku=0,
        oya=0,
        scores=[25000] * 4,
        tehais=hands,
    )


def test_replacement_draws_and_kan_dora_positions() -> None:
    """A hand-made deal: seat 0 declares an ankan of its four E, draws the replacement tile
    and a kan dora is turned; the replacement comes from W[134], the kan dora from W[128],
    ura indicators from W[131] and W[129]."""
    hands = [
        ["E", "E", "E", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p"],
        ["1s"] * 3 + ["2s"] * 3 + ["3s"] * 3 + ["4s"] * 3 + ["S"],
        ["6s"] * 3 + ["7s"] * 3 + ["8s"] * 3 + ["9s"] * 3 + ["W"],
        ["2p"] * 3 + ["3p"] * 3 + ["4p"] * 3 + ["6p"] * 3 + ["N"],
    ]
    deal: list[Event] = [
        _start(hands, "9p"),
        mjai.tsumo(0, "E"),
        mjai.ankan(0, ["E"] * 4),
        mjai.dora("C"),
        mjai.tsumo(0, "1p"),
        mjai.tsumo(1, "P"),
        {"type": "hora", "actor": 0, "target": 0, "ura_markers": ["F", "P"]},
    ]
    names = [mjai.tile_name(t) for t in replay.build_wall(deal)]
    assert (names[52], names[134], names[128], names[53]) == ("E", "1p", "C", "P")
    assert (names[130], names[131], names[129]) == ("9p", "F", "P")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d[1].update(pai="?"), "masked log cannot be replayed"),
        (
            lambda d: d[0]["tehais"][3].__setitem__(slice(0, 2), ["E", "E"]),
            "every copy of E is used",
        ),
        (lambda d: d[0]["tehais"][2].pop(), "has 12 tiles, not 13"),
        (lambda d: d[0].pop("oya"), "start_kyoku lacks a field"),
    ],
)
def test_logs_that_cannot_be_a_wall(change: object, message: str) -> None:
    hands = [["1m"] * 3 + ["2m"] * 3 + ["3m"] * 3 + ["4m"] * 3 + ["E"]]
    hands += [["5p"] * 3 + ["6p"] * 3 + ["7p"] * 3 + ["8p"] * 3 + ["E"]]
    hands += [["1s"] * 3 + ["2s"] * 3 + ["3s"] * 3 + ["4s"] * 3 + ["E"]]
    hands += [["6s"] * 3 + ["7s"] * 3 + ["8s"] * 3 + ["9s"] * 3 + ["S"]]
    deal: list[Event] = [_start(hands, "1p"), mjai.tsumo(0, "N")]
    assert callable(change)
    change(deal)
    with pytest.raises(RecordFormatError, match=message):
        replay.build_wall(deal)


# --- logs of our own engine ----------------------------------------------------------------


GAMES = [
    *(("seed", seed, "") for seed in range(24)),
    *(("seed", seed, "random") for seed in range(12)),
    *(("tenhou", seed, "") for seed in range(8)),
    *(("tenhou", seed, "random") for seed in range(4)),
    *((preset, 1, "") for preset in ("mahjongsoul", "wrc", "ema", "mleague")),
]


@pytest.mark.parametrize(
    ("preset", "seed", "players"), GAMES, ids=[f"{p}-{s}{'-' * bool(a)}{a}" for p, s, a in GAMES]
)
def test_engine_logs_replay_to_the_same_events_and_scores(
    preset: str, seed: int, players: str
) -> None:
    """Logs of our own engine (every preset; efficiency and random players) replay through the
    rebuilt walls to the same events, byte for byte, and the same scores."""
    events = _game(preset, seed, players)
    deals = replay.split_deals(events)
    reports = replay.replay_events(events, Ruleset.preset(preset))
    assert len(reports) == len(deals) >= 1
    for report, (first, deal), following in zip(reports, deals, [*deals[1:], None], strict=True):
        assert report.ok, str(report)
        assert report.events == deal  # every event, byte for byte
        if following is not None:
            assert report.scores == following[1][0]["scores"]
        else:
            last = [e for e in deal if e["type"] in ("hora", "ryukyoku")][-1]
            assert report.scores == last["scores"]
        assert first == events.index(deal[0])


# --- mismatches ----------------------------------------------------------------------------


def _one_deal() -> list[Event]:
    return replay.split_deals(_game("seed", 3))[0][1]


def test_an_action_no_legal_action_matches_names_the_event_and_the_legal_actions() -> None:
    deal = _one_deal()
    index = next(i for i, e in enumerate(deal) if e["type"] == "dahai" and i > 5)
    actor = deal[index]["actor"]
    hand = {e["pai"] for e in deal[:index] if e.get("actor") == actor}
    foreign = next(
        n for n in mjai.KIND_NAMES if n not in hand and n not in deal[0]["tehais"][actor]
    )
    deal[index] = {**deal[index], "pai": foreign}
    (report,) = replay.replay_events(deal)
    mismatch = report.mismatch
    assert mismatch is not None and not report.ok
    assert (mismatch.deal, mismatch.index, mismatch.event) == ("E1-0", index, deal[index])
    assert mismatch.reason == f"no legal action of seat {actor} matches"
    assert list(mismatch.legal) == [actor]
    assert all(a.startswith("Action('discard'") for a in mismatch.legal[actor])
    assert str(report).startswith(f"E1-0: mismatch: event {index + 1}: no legal action")


def test_an_event_by_a_seat_that_may_not_act() -> None:
    deal = _one_deal()
    index = next(i for i, e in enumerate(deal) if e["type"] == "dahai" and i > 5)
    deal[index] = {**deal[index], "actor": (deal[index]["actor"] + 2) % 4}
    (report,) = replay.replay_events(deal)
    assert report.mismatch is not None
    assert report.mismatch.index == index
    assert "may not act now" in report.mismatch.reason


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("han", 13, "han"),
        ("fu", 110, "fu"),
        ("yaku", [["chinitsu", 6]], "yaku"),
        ("deltas", [0, 0, 0, 0], "deltas"),
        ("points", 1, "points"),
        ("yakuman", [["daisangen", 1]], "yakuman"),
    ],
)
def test_results_are_compared(field: str, value: object, message: str) -> None:
    events = _game("tenhou", 1)
    deal = next(d for _, d in replay.split_deals(events) if any(e["type"] == "hora" for e in d))
    deal = copy.deepcopy(deal)
    win = next(e for e in deal if e["type"] == "hora")
    win[field] = value
    (report,) = replay.replay_events(deal)
    assert report.mismatch is not None, field
    assert report.mismatch.event is None
    assert message in report.mismatch.reason
    assert str(report).startswith(f"{report.deal}: mismatch: results: ")


def test_winners_are_compared() -> None:
    """A win the log shows on a discard nobody could ron is a winner the engine lacks."""
    events = _game("tenhou", 1)
    deal = copy.deepcopy(
        next(d for _, d in replay.split_deals(events) if any(e["type"] == "ryukyoku" for e in d))
    )
    draw = next(e for e in deal if e["type"] == "ryukyoku")
    draw.clear()
    draw.update(type="hora", actor=0, target=0, deltas=[0, 0, 0, 0])
    (report,) = replay.replay_events(deal)
    assert report.mismatch is not None
    assert report.mismatch.reason == "the engine ended the deal before this event"
    win = {"type": "hora", "actor": 1, "target": 0, "deltas": [-1000, 1000, 0, 0]}
    other = {**win, "actor": 2, "deltas": [-1000, 0, 1000, 0]}
    assert replay._compare_results([win], [win]) is None
    assert (
        replay._compare_results([win, other], [win])
        == "winners [1] in the engine, [1, 2] in the log"
    )


def test_a_tenpai_the_log_does_not_know_is_not_compared() -> None:
    """``tenpai`` null (a tenhou.net/6 nagashi mangan does not say) is not compared."""
    for seed in range(40):
        draws = [d for _, d in replay.split_deals(_game("seed", seed)) if _drawn(d)]
        if draws:
            break
    deal = copy.deepcopy(draws[0])
    next(e for e in deal if e["type"] == "ryukyoku")["tenpai"] = None
    (report,) = replay.replay_events(deal, Ruleset.preset("seed"))
    assert report.ok, report


def _drawn(deal: list[Event]) -> bool:
    return any(e["type"] == "ryukyoku" for e in deal)


def test_draw_results_and_final_scores_are_compared() -> None:
    for seed in range(40):
        deals = replay.split_deals(_game("seed", seed))
        draws = [d for _, d in deals if any(e["type"] == "ryukyoku" for e in d)]
        if draws:
            break
    deal = copy.deepcopy(draws[0])
    draw = next(e for e in deal if e["type"] == "ryukyoku")
    seed_rules = Ruleset.preset("seed")
    (report,) = replay.replay_events(deal, seed_rules)
    assert report.ok, report
    draw["tenpai"] = [not t for t in draw["tenpai"]]
    (report,) = replay.replay_events(deal, seed_rules)
    assert report.mismatch is not None and "tenpai" in report.mismatch.reason
    draw["tenpai"] = [not t for t in draw["tenpai"]]
    draw["scores"] = [s + 100 for s in draw["scores"]]
    (report,) = replay.replay_events(deal, seed_rules)
    assert report.mismatch is not None and "draw: scores" in report.mismatch.reason


def test_a_log_cut_short() -> None:
    deal = _one_deal()
    cut = next(i for i, e in enumerate(deal) if e["type"] == "dahai" and i > 20)
    (report,) = replay.replay_events(deal[:cut])
    assert report.mismatch is not None
    assert report.mismatch.reason == "the log ends but the engine's deal goes on"


def test_mjai_files_and_tenhou_records_load(tmp_path: Path) -> None:
    events = replay.load_log(RECORDS / "game.mjlog")
    path = tmp_path / "game.jsonl"
    path.write_text(mjai.dumps_events(events), encoding="utf-8")
    assert replay.load_log(path) == mjai.load_events(mjai.dumps_events(events))
    assert [r.ok for r in replay.replay_file(path)] == [True]


# --- the command ---------------------------------------------------------------------------


def test_replay_command_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(RECORDS / "game.mjlog")]) == 0
    assert capsys.readouterr().out == "deal 1 E1-0: ok\n1 deal: 1 ok, 0 mismatches\n"


def test_replay_command_mismatch_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    events = _game("tenhou", 1)
    win = next(e for e in events if e["type"] == "hora")
    win["han"] += 1
    path = tmp_path / "game.jsonl"
    path.write_text(mjai.dumps_events(events), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    bad = [line for line in out if "mismatch:" in line]
    assert len(bad) == 1 and "results: win of seat" in bad[0] and " han " in bad[0]
    assert out[-1].endswith(", 1 mismatch")


def test_replay_command_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "start_kyoku"}\n', encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    assert capsys.readouterr().err == (
        f"mahjong: error: {bad}, line 1: start_kyoku lacks the field 'bakaze'\n"
    )
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text('{"type": "start_game", "names": ["a", "b", "c", "d"]}\n', encoding="utf-8")
    assert main(["replay", str(empty)]) == 2
    assert capsys.readouterr().err == (
        f"mahjong: error: {empty}: no deal (start_kyoku) to replay\n"
    )


def test_the_play_is_compared_event_for_event() -> None:
    """The engine's draws, discards and calls must be the log's (tsumogiri aside); its kan dora
    indicators the same, wherever the log places them."""
    deal = _one_deal()
    engine = copy.deepcopy(deal)
    assert replay._compare_play(deal, engine, 10) is None
    index = next(i for i, e in enumerate(engine) if e["type"] == "tsumo" and i > 5)
    engine[index]["pai"] = "C" if engine[index]["pai"] != "C" else "P"
    found = replay._compare_play(deal, engine, 10)
    assert found is not None and (found.index, found.event) == (10 + index, deal[index])
    assert found.reason.startswith('the engine plays {"type":"tsumo"')
    engine = copy.deepcopy(deal)
    engine[index + 1]["tsumogiri"] = not engine[index + 1]["tsumogiri"]
    assert replay._compare_play(deal, engine, 0) is None
    moved = [*deal[:index], mjai.dora("1m"), *deal[index:]]
    later = [*engine[: index + 2], mjai.dora("1m"), *engine[index + 2 :]]
    assert replay._compare_play(moved, later, 0) is None
    other = [*engine[: index + 2], mjai.dora("2m"), *engine[index + 2 :]]
    found = replay._compare_play(moved, other, 0)
    assert found is not None and found.reason == (
        "kan dora indicators ['2m'] in the engine, ['1m'] in the log"
    )
    found = replay._compare_play(deal, engine[:index], 0)
    assert found is not None and "plays in the engine" in found.reason
