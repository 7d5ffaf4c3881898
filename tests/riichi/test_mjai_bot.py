"""Our agents as Mjai bots (mahjong.riichi.bot, ``mahjong bot riichi``): the deal each seat
rebuilds from its masked events offers what the real deal offered it; every action becomes
the answer that the host matches back to it; hosted by our own host, the bot plays the very
game its agent plays in-process; lines it cannot use are answered and reported."""

from __future__ import annotations

import io
import json
import os
import sys
import tracemalloc
from typing import Any

import pytest

from mahjong.agents import RandomAgent, play_game
from mahjong.cli import main
from mahjong.errors import RecordFormatError
from mahjong.riichi import Deal, Game, Observation, Ruleset
from mahjong.riichi.bot import MAX_INPUT_LINE, NONE, AgentBot, action_event, serve
from mahjong.riichi.game import EfficiencyAgent
from mahjong.riichi.mjai_host import MjaiBot
from mahjong.riichi.replay import action_matches, deal_so_far
from mahjong.riichi.seat_view import fill_hidden, seat_deal

LONG = bool(os.environ.get("MAHJONG_MJAI_LONG"))
"""Set to play many more games in the property tests below."""


def _agents(seed: int) -> list[Any]:
    """Two random players (they call, kan and win in odd ways) and two efficient ones."""
    return [EfficiencyAgent(), RandomAgent(seed * 4 + 1), EfficiencyAgent(), RandomAgent(seed)]


def _rules(preset: str) -> Ruleset:
    """The preset, one deal a game unless MAHJONG_MJAI_LONG asks for whole games."""
    return Ruleset.from_dict({"preset": preset, **({} if LONG else {"game_length": "one_deal"})})


def _decisions(preset: str, seed: int, agents: list[Any] | None = None) -> Any:
    """Every decision of a game under :func:`_rules` (by default between :func:`_agents`):
    the deal, the seat and its observation, before it acts."""
    agents = agents or _agents(seed)
    game = Game(seed=seed, rules=_rules(preset))
    while (deal := game.next_deal()) is not None:
        while not deal.is_over:
            for seat in deal.waiting():
                yield deal, seat, deal.observation(seat)
            seat = deal.waiting()[0]
            deal.apply(seat, agents[seat].act(deal.observation(seat), deal.legal_actions(seat)))
        game.finish_deal(deal)


def _seen(observation: Observation) -> dict[str, Any]:
    """An observation with its actions as what they do (their physical tiles aside)."""
    seen = observation.to_dict()
    for action in seen["legal"]:
        del action["tile_id"]
    return seen


GAMES = [(preset, seed) for preset in Ruleset.presets() for seed in range(20 if LONG else 2)]


@pytest.mark.parametrize(("preset", "seed"), GAMES)
def test_a_seat_rebuilds_what_it_was_offered(preset: str, seed: int) -> None:
    """At every decision, the deal rebuilt from the seat's masked events gives the seat the
    same observation and the same legal actions as the real deal; every action's Mjai form
    matches it back."""
    rules = _rules(preset)
    for deal, seat, observation in _decisions(preset, seed):
        rebuilt = seat_deal(deal.events(0, seat=seat), rules)
        assert seat in rebuilt.waiting()
        assert _seen(rebuilt.observation(seat)) == _seen(observation)
        for action in deal.legal_actions(seat):
            answer = action_event(action, observation)
            if action.type == "riichi":
                assert answer == {"type": "reach", "actor": seat}
                answer = {**answer, "type": "dahai", "pai": action.tile}
            assert action_matches(action, answer, action.type == "riichi") or answer == NONE


@pytest.mark.parametrize(("layout", "kita"), [("padded4", "kita"), ("native", "nukidora")])
def test_a_three_player_seat_rebuilds_what_it_was_offered_in_either_log_layout(
    layout: str, kita: str
) -> None:
    """Three-player logs with seat arrays of four (seat 3 padded, its hand hidden) or three,
    kita under either event name: the seat's rebuilt deal offers it what the real one did."""
    rules = Ruleset.from_dict(
        {
            "preset": "tenhou-sanma",
            "mjai_sanma_layout": layout,
            "mjai_kita_event": kita,
            "game_length": "one_deal",
        }
    )
    kitas = 0
    for seed in range(6):
        agents = [EfficiencyAgent(), RandomAgent(seed), EfficiencyAgent()]
        deal = Game(seed=seed, rules=rules).next_deal()
        assert deal is not None
        while not deal.is_over:
            for seat in deal.waiting():
                events = deal.events(0, seat=seat)
                kitas += sum(event["type"] == kita for event in events)
                rebuilt = seat_deal(events, rules)
                assert _seen(rebuilt.observation(seat)) == _seen(deal.observation(seat))
            seat = deal.waiting()[0]
            deal.apply(seat, agents[seat].act(deal.observation(seat), deal.legal_actions(seat)))
    assert kitas > 0


def test_hidden_tiles_are_named_and_shown_ones_kept() -> None:
    deal = Deal(seed=5)
    while len(deal.events(0)) < 40:
        seat = deal.waiting()[0]
        deal.apply(seat, deal.legal_actions(seat)[0])
    masked = deal.events(0, seat=2)
    filled = fill_hidden(masked)
    assert "?" not in json.dumps(filled)
    assert [e["type"] for e in filled] == [e["type"] for e in masked]
    for seen, named in zip(masked, filled, strict=True):
        if seen["type"] != "start_kyoku" and seen.get("pai") != "?":
            assert seen == named
    assert filled[0]["tehais"][2] == masked[0]["tehais"][2]


def test_a_deal_so_far_stops_at_its_last_event_and_names_a_stray_one() -> None:
    deal = Deal(seed=5)
    for _ in range(9):
        seat = deal.waiting()[0]
        deal.apply(seat, deal.legal_actions(seat)[0])
    events = deal.events(0)
    assert deal_so_far(events, deal.rules).events(0) == events
    stray = {"type": "dahai", "actor": (deal.waiting()[0] + 2) % 4, "pai": "E", "tsumogiri": False}
    with pytest.raises(RecordFormatError, match=r"E1-0, event \d+: seat \d may not act now"):
        deal_so_far([*events, stray], deal.rules)


# --- the bot's answers ---------------------------------------------------------------------


def _bot(seat: int = 0) -> tuple[AgentBot, list[str]]:
    warnings: list[str] = []
    return AgentBot(EfficiencyAgent(), seat, Ruleset.preset("tenhou"), warn=warnings.append), (
        warnings
    )


def _line(*events: dict[str, Any]) -> str:
    return json.dumps(list(events))


def test_the_bot_answers_none_when_it_has_nothing_to_do() -> None:
    bot, warnings = _bot()
    deal = Deal(seed=1, rules=Ruleset.preset("tenhou"))
    start = deal.events(0, seat=1)
    assert json.loads(bot.react(_line({"type": "start_game", "id": 1}))) == NONE
    assert bot.seat == 1
    assert json.loads(bot.react(_line(*start))) == NONE  # the dealer (seat 0) draws first
    assert json.loads(bot.react(_line({"type": "end_kyoku"}))) == NONE
    assert warnings == []


def test_the_bot_discards_on_its_draw_and_declares_riichi_in_two_steps() -> None:
    """Riichi: the bot answers reach, then the riichi discard once the host echoes reach."""
    for deal, seat, observation in _decisions("tenhou", 3, [EfficiencyAgent()] * 4):
        chosen = EfficiencyAgent().act(observation, deal.legal_actions(seat))
        if chosen.type == "riichi":
            break
    bot = AgentBot(EfficiencyAgent(), seat, deal.rules)
    assert json.loads(bot.react(_line(*deal.events(0, seat=seat)))) == {
        "type": "reach",
        "actor": seat,
    }
    answer = json.loads(bot.react(_line({"type": "reach", "actor": seat})))
    assert answer == {
        "type": "dahai",
        "actor": seat,
        "pai": chosen.tile,
        "tsumogiri": chosen.tile == observation["drawn"],
    }


@pytest.mark.parametrize(
    ("line", "warning"),
    [
        ("[{", "line 1: not JSON"),
        ('[{"type":"tsumo","actor":9,"pai":"1m"}]', "tsumo field 'actor' is 9"),
        ('[{"type":"start_game","id":7}]', "start_game id 7 is not a seat 0..3"),
    ],
)
def test_a_line_the_bot_cannot_use_is_answered_and_reported(line: str, warning: str) -> None:
    bot, warnings = _bot()
    assert json.loads(bot.react(line)) == NONE
    assert len(warnings) == 1 and warning in warnings[0]


def test_events_no_deal_explains_leave_the_bot_discarding_its_draw() -> None:
    bot, warnings = _bot(1)
    start = Deal(seed=1, rules=Ruleset.preset("tenhou")).events(0, seat=1)[0]
    bad = [start, {"type": "tsumo", "actor": 0, "pai": "?"}]
    bad += [{"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False}] * 5  # five easts
    bad.append({"type": "tsumo", "actor": 1, "pai": "9s"})
    assert json.loads(bot.react(_line(*bad))) == {
        "type": "dahai",
        "actor": 1,
        "pai": "9s",
        "tsumogiri": True,
    }
    assert "line 1:" in warnings[0]


# --- the bot as a process, hosted by us ----------------------------------------------------


def test_our_host_running_our_bot_plays_a_three_player_game_the_agents_play() -> None:
    """A three-player game: the host names three seats in start_game, the bot takes the
    three-player rules from it (--rules auto) and sets Norths aside as its agent does."""
    rules = Ruleset.preset("tenhou-sanma")
    hosted = [
        MjaiBot("mahjong bot riichi --agent efficiency", stop=True),
        RandomAgent(5),
        MjaiBot("mahjong bot riichi --agent random --seed 22", stop=True),
    ]
    local = [EfficiencyAgent(), RandomAgent(5), RandomAgent(22)]
    hosted_log = play_game(Game(seed=5, rules=rules), hosted).lines()
    assert hosted_log[1:] == play_game(Game(seed=5, rules=rules), local).lines()[1:]
    assert sum('"nukidora","actor":0' in line for line in hosted_log) > 0
    assert [bot.summary() for bot in hosted if isinstance(bot, MjaiBot)] == [
        "mjai seat 0: 0 protocol errors, 0 illegal actions, 0 fallbacks",
        "mjai seat 2: 0 protocol errors, 0 illegal actions, 0 fallbacks",
    ]


def test_a_three_player_bot_answers_kita_and_knows_its_seats() -> None:
    rules = Ruleset.preset("tenhou-sanma")
    kita = next(
        (deal, seat, observation)
        for seed in range(20)
        for deal, seat, observation in _decisions("tenhou-sanma", seed)
        if any(a.type == "kita" for a in deal.legal_actions(seat))
    )
    deal, seat, observation = kita
    (action,) = [a for a in deal.legal_actions(seat) if a.type == "kita"]
    assert action_event(action, observation) == {"type": "nukidora", "actor": seat, "pai": "N"}
    warnings: list[str] = []
    bot = AgentBot(
        EfficiencyAgent(), 0, {4: Ruleset.preset("tenhou"), 3: rules}, warn=warnings.append
    )
    three = {"type": "start_game", "names": ["a", "b", "c"]}
    assert bot.react(_line({**three, "id": 2})) == '{"type":"none"}'
    assert (bot.seat, bot.rules) == (2, rules) and not warnings
    assert bot.react(_line({**three, "id": 3})) == '{"type":"none"}'
    assert "start_game id 3 is not a seat 0..2" in warnings[0]
    bot.react(_line({"type": "start_game", "id": 3}))  # no names: four seats
    assert (bot.seat, bot.rules) == (3, Ruleset.preset("tenhou")) and len(warnings) == 1


@pytest.mark.parametrize("seed", [1, 2])
def test_our_host_running_our_bot_plays_the_game_the_agent_plays(seed: int) -> None:
    """The same seed gives the same log (bar the players' names) whether seats 1 (efficiency)
    and 3 (random, from its seat's seed) are played in-process or by bot processes."""
    rules = Ruleset.preset("tenhou")
    random_seed = str(seed * 4 + 3)
    hosted = [
        EfficiencyAgent(),
        MjaiBot("mahjong bot riichi --agent efficiency", stop=True),
        RandomAgent(seed),
        MjaiBot(f"mahjong bot riichi --agent random --seed {random_seed}", stop=True),
    ]
    local = [EfficiencyAgent(), EfficiencyAgent(), RandomAgent(seed), RandomAgent(seed * 4 + 3)]
    hosted_log = play_game(Game(seed=seed, rules=rules), hosted).lines()
    assert hosted_log[1:] == play_game(Game(seed=seed, rules=rules), local).lines()[1:]
    assert [bot.summary() for bot in hosted if isinstance(bot, MjaiBot)] == [
        "mjai seat 1: 0 protocol errors, 0 illegal actions, 0 fallbacks",
        "mjai seat 3: 0 protocol errors, 0 illegal actions, 0 fallbacks",
    ]


def test_mahjong_bot_riichi_answers_each_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    start = Deal(seed=1, rules=Ruleset.preset("tenhou")).events(0, seat=0)
    lines = [_line({"type": "start_game", "id": 0}), _line(*start), "", _line({"type": "end_game"})]
    stdin = io.TextIOWrapper(io.BytesIO(("\n".join(lines) + "\n").encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["bot", "riichi", "0"]) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a["type"] for a in answers] == ["none", "dahai", "none"]


def test_mahjong_bot_riichi_plays_three_players_when_start_game_names_three(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    start = Deal(seed=1, rules=Ruleset.preset("tenhou-sanma")).events(0, seat=0)
    begin = {"type": "start_game", "names": ["a", "b", "c"], "id": 0}
    lines = [_line(begin), _line(*start), _line({"type": "end_game"})]
    for rules, warned in (("auto", False), ("tenhou-sanma", False), ("tenhou", True)):
        stdin = io.TextIOWrapper(io.BytesIO(("\n".join(lines) + "\n").encode()))
        monkeypatch.setattr(sys, "stdin", stdin)
        assert main(["bot", "riichi", "0", "--rules", rules]) == 0
        out = capsys.readouterr()
        assert bool(out.err) == warned, out.err  # four-player rules cannot read the deal
        answers = [json.loads(line) for line in out.out.splitlines()]
        assert answers[0] == answers[2] == NONE
        assert answers[1]["type"] in ("dahai", "nukidora") and answers[1]["actor"] == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bot", "riichi", "4"], "'4' is not a seat 0..3"),
        (["bot", "riichi", "0", "--agent", "mjai:x"], "invalid choice"),
        (["bot", "riichi", "0", "--rules", "nope"], "invalid choice: 'nope'"),
    ],
)
def test_bad_bot_arguments_are_one_line_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mahjong: error: ") and message in err and err.count("\n") == 1


def test_action_answers_name_the_tiles_of_each_call() -> None:
    """Chi/pon carry their consumed tiles and the discarder; kans their four tiles; wins the
    winning tile; passes are none."""
    kinds: dict[str, dict[str, Any]] = {}
    for seed in range(12):
        for deal, seat, observation in _decisions("tenhou", seed):
            for action in deal.legal_actions(seat):
                kinds.setdefault(action.type, action_event(action, observation))
    assert {"chi", "pon", "ron", "tsumo", "pass", "discard"} <= set(kinds)
    assert len(kinds["chi"]["consumed"]) == 2 and "target" in kinds["chi"]
    assert kinds["pass"] == NONE
    for kan, size in (("ankan", 4), ("daiminkan", 3), ("kakan", 3)):
        if kan in kinds:
            assert len(kinds[kan]["consumed"]) == size


class _Endless(io.RawIOBase):
    """`size` bytes of ``x`` without a newline, then `tail`; nothing is held in memory."""

    def __init__(self, size: int, tail: bytes) -> None:
        self.left, self.tail = size, tail

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self.left:
            count = min(self.left, len(view))
            view[:count] = b"x" * count
            self.left -= count
            return count
        count = min(len(self.tail), len(view))
        view[:count], self.tail = self.tail[:count], self.tail[count:]
        return count


@pytest.mark.parametrize("size", [MAX_INPUT_LINE + 1, 64 * 1024 * 1024])
def test_an_overlong_line_is_refused_in_bounded_memory(size: int) -> None:
    """A line longer than MAX_INPUT_LINE bytes (a 1.5 GB one ended the bot with a MemoryError)
    is answered and reported, never held whole; the next line is read as usual."""
    start = Deal(seed=1, rules=Ruleset.preset("tenhou")).events(0, seat=0)
    stream = io.BufferedReader(_Endless(size, f"\n{_line(*start)}\n".encode()))
    bot, warnings = _bot()
    out = io.StringIO()
    tracemalloc.start()
    try:
        serve(bot, stream, out)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * MAX_INPUT_LINE
    assert [json.loads(line)["type"] for line in out.getvalue().splitlines()] == ["none", "dahai"]
    assert warnings == [f"line 1: a line longer than {MAX_INPUT_LINE} bytes (not read)"]


def test_a_line_of_the_longest_length_is_read() -> None:
    start = _line({"type": "start_game", "id": 0})
    line = start[:-2] + ', "pad": "' + "x" * (MAX_INPUT_LINE - len(start) - 11) + '"}]'
    assert len(line) == MAX_INPUT_LINE
    bot, warnings = _bot()
    out = io.StringIO()
    serve(bot, io.BytesIO(line.encode() + b"\n"), out)
    assert json.loads(out.getvalue()) == NONE and warnings == []
