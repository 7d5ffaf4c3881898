"""A replay checks the log as a whole, not only deal by deal: every field it reads (the winning
tile, the ura indicators, the riichi deposits, every stated score), the links between the
deals of a game (scores, riichi sticks, dealer, round, honba follow from the previous deal),
the final scores of ``end_game``, and that no event lies outside a deal."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pytest

from mahjong.agents import Observation, play_deal
from mahjong.cli import main
from mahjong.errors import RecordFormatError
from mahjong.riichi import Action, Game, Ruleset, mjai, replay
from mahjong.riichi.game import EfficiencyAgent, RandomAgent, play_game
from mahjong.riichi.mjai import Event

RULES = Ruleset.preset("tenhou")


@cache
def _log(seed: int = 0) -> tuple[Event, ...]:
    """A tenhou-preset game of nine deals (E1-0 E1-1 E2-0 E3-0 E3-1 E3-2 E4-3 S1-0 ...)."""
    agents = [EfficiencyAgent(), RandomAgent(seed), EfficiencyAgent(), RandomAgent(seed + 100)]
    return tuple(play_game(agents, seed=seed, rules=RULES).events)


def _events() -> list[Event]:
    return copy.deepcopy(list(_log()))


def _deal_spans(events: list[Event]) -> list[tuple[int, int]]:
    """(first, end) of each deal: its start_kyoku up to and including its end_kyoku."""
    starts = [i for i, e in enumerate(events) if e["type"] == "start_kyoku"]
    ends = [i + 1 for i, e in enumerate(events) if e["type"] == "end_kyoku"]
    return list(zip(starts, ends, strict=True))


def _mismatches(events: list[Event]) -> list[str]:
    return [str(r) for r in replay.replay_events(events, RULES) if not r.ok]


def test_the_unchanged_log_replays() -> None:
    reports = replay.replay_events(_events(), RULES)
    assert len(reports) == 9 and all(r.ok for r in reports), [str(r) for r in reports]


def test_points_created_between_deals() -> None:
    """1,000 points given to seat 1 between two deals, every later score raised to match:
    each deal is consistent in itself, the link is not."""
    events = _events()
    first, _ = _deal_spans(events)[2]
    for event in events[first:]:
        for key in ("scores",):
            if key in event:
                event[key][1] += 1000
    (bad,) = _mismatches(events)
    assert bad.startswith("E2-0: mismatch: event ")
    assert "scores [" in bad and "but the previous deal (E1-1) leaves" in bad


def test_a_missing_deal() -> None:
    events = _events()
    first, end = _deal_spans(events)[3]
    (bad,) = _mismatches(events[:first] + events[end:])
    assert bad.startswith("E3-1: mismatch:") and "the previous deal (E2-0) leaves" in bad


def test_a_repeated_deal() -> None:
    events = _events()
    first, end = _deal_spans(events)[1]
    repeated = events[:end] + copy.deepcopy(events[first:end]) + events[end:]
    bad = _mismatches(repeated)
    assert bad and bad[0].startswith("E1-1: mismatch:") and "(E1-1) leaves" in bad[0]


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("honba", 5, "honba 5 in the log, but the previous deal (E1-1) leaves 0"),
        ("kyotaku", 2, "kyotaku 2 in the log"),
        ("oya", 2, "oya 2 in the log, but the previous deal (E1-1) leaves 1"),
        ("kyoku", 3, "kyoku 3 in the log, but the previous deal (E1-1) leaves 2"),
        ("bakaze", "S", "bakaze S in the log, but the previous deal (E1-1) leaves E"),
    ],
)
def test_each_start_field_follows_from_the_previous_deal(
    field: str, value: object, expected: str
) -> None:
    events = _events()
    first, _ = _deal_spans(events)[2]
    events[first][field] = value
    bad = _mismatches(events)
    assert bad and expected in bad[0], bad


def _first(events: list[Event], kind: str, **fields: object) -> Event:
    return next(
        e for e in events if e["type"] == kind and all(e.get(k) == v for k, v in fields.items())
    )


def test_the_winning_tile_is_compared() -> None:
    events = _events()
    win = _first(events, "hora")
    win["pai"] = "C" if win["pai"] != "C" else "P"
    (bad,) = _mismatches(events)
    assert f"pai {_first(_events(), 'hora')['pai']} in the engine, {win['pai']} in the log" in bad


def test_the_ura_indicators_are_compared() -> None:
    """A second ura indicator where no kan turned a second dora indicator."""
    events = _events()
    win = next(e for e in events if e["type"] == "hora" and e["ura_markers"])
    ura = list(win["ura_markers"])
    first, end = next(span for span in _deal_spans(events) if win in events[span[0] : span[1]])
    for name in mjai.KIND_NAMES:  # the first tile name the deal has a copy of left
        win["ura_markers"] = [*ura, name]
        try:
            replay.build_wall(events[first:end])
        except RecordFormatError:
            continue
        break
    (bad,) = _mismatches(events)
    assert f"ura_markers {ura} in the engine, {win['ura_markers']} in the log" in bad


def test_the_riichi_deposits_are_compared() -> None:
    events = _events()
    accepted = _first(events, "reach_accepted")
    accepted["deltas"] = [0, 0, 0, 0]
    bad = _mismatches(events)
    assert bad and "deltas [" in bad[0] and "reach_accepted" in bad[0], bad
    events = _events()
    _first(events, "reach_accepted")["scores"][0] += 1000
    bad = _mismatches(events)
    assert bad and "scores [" in bad[0] and "reach_accepted" in bad[0], bad


def test_a_win_written_twice() -> None:
    events = _events()
    win = _first(events, "hora")
    at = events.index(win)
    (bad,) = _mismatches([*events[: at + 1], copy.deepcopy(win), *events[at + 1 :]])
    assert "winners" in bad


def test_a_tsumogiri_of_a_tile_not_just_drawn() -> None:
    events = _events()
    discard = next(e for e in events if e["type"] == "dahai" and not e["tsumogiri"])
    discard["tsumogiri"] = True
    (bad,) = _mismatches(events)
    assert "the engine's seat did not just draw this tile" in bad


def test_the_final_scores_of_end_game() -> None:
    events = _events()
    assert events[-1]["type"] == "end_game"
    events[-1]["scores"][0] += 1000
    (bad,) = _mismatches(events)
    assert "final scores" in bad and "but the game ends with" in bad


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: e.insert(e.index(_first(e, "end_kyoku")) + 1, _first(e, "hora")), "outside"),
        (lambda e: e.insert(3, {"type": "hora2", "actor": 0}), "not an event of a deal"),
        (lambda e: e.append(copy.deepcopy(e[1])), "after end_game"),
        (lambda e: e.append({"type": "end_game"}), "after end_game"),
        (lambda e: e.insert(5, {"type": "tsumo", "actor": 9, "pai": "1m"}), "field 'actor' is 9"),
    ],
)
def test_events_outside_the_structure_are_errors(change: object, message: str) -> None:
    events = _events()
    assert callable(change)
    change(events)
    with pytest.raises(RecordFormatError, match=message):
        replay.replay_events(events, RULES)


def test_the_command_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = _events()
    events.insert(events.index(_first(events, "end_kyoku")) + 1, {"type": "reach", "actor": 0})
    path = tmp_path / "game.jsonl"
    path.write_text(mjai.dumps_events(events), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mahjong: error: {path}: event ") and err.count("\n") == 1
    assert "(reach): outside a deal" in err


def test_a_forged_game_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = _events()
    first, end = _deal_spans(events)[3]
    path = tmp_path / "game.jsonl"
    path.write_text(mjai.dumps_events(events[:first] + events[end:]), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "8 deals: 7 ok, 1 mismatch"


class _Quiet:
    """The efficiency player that never wins, declares riichi, calls or aborts."""

    PLAIN = frozenset({"discard", "pass"})

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return EfficiencyAgent().act(observation, [a for a in legal if a.type in self.PLAIN])


class _Passer:
    """Passes every claim and makes the discard of the highest code on turn."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return max(legal, key=lambda a: (a.type == "pass", a.type == "discard", a.code))


def test_a_dealer_renchan_in_the_west_round(tmp_path: Path) -> None:
    """West 1 of a Tenhou hanchan: the dealer (20,200, not first) is tenpai at the draw while
    another player has 30,900. Every deal of the extension is a last deal: the dealer plays
    West 1 again (as Tenhou did); the game's log replays."""
    game = Game.resume(
        rules=RULES, dealer=0, kyoku=1, round_wind="W", scores=[17200, 31900, 25900, 25000]
    )
    walls = [list(range(136)) for _ in range(2)]
    for seed, wall in enumerate(walls):
        random.Random(seed).shuffle(wall)
    deal = game.deal_on(walls[0])
    outcome = play_deal(deal, [_Quiet(), _Passer(), _Passer(), _Passer()])
    assert outcome["draw"] == "exhaustive" and outcome["tenpai"] == [True, False, False, False]
    assert list(deal.scores) == [20200, 30900, 24900, 24000]
    game.finish_deal(deal)
    assert not game.is_over
    deal = game.deal_on(walls[1])
    play_deal(deal, [_Passer()] * 4)
    game.finish_deal(deal)
    reports = replay.replay_events(game.events(), RULES)
    assert [r.deal for r in reports] == ["W1-0", "W1-1"]
    assert all(r.ok for r in reports), [str(r) for r in reports]
    path = tmp_path / "west.jsonl"
    path.write_text("".join(line + "\n" for line in game.lines()))
    assert main(["replay", str(path)]) == 0
