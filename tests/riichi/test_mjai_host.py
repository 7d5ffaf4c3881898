"""Hosting Mjai bots (mahjong.riichi.mjai_host): tiny bot scripts that misbehave in each way a
bot can (an illegal action, garbage, silence, exit, a flood of output, no process at all),
each reported with its seat, line and reason while the game finishes; the stop option; the
riichi in two steps; processes always reaped; the ``mjai:COMMAND`` agent spec of ``mahjong
sim``."""

from __future__ import annotations

import functools
import json
import os
import re
import shlex
import signal
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.agents import play_game
from mahjong.cli import main
from mahjong.errors import BotError, InvalidArgumentError
from mahjong.riichi import Game, Ruleset
from mahjong.riichi.bot_process import MAX_LINE, printable
from mahjong.riichi.game import EfficiencyAgent
from mahjong.riichi.mjai_host import ACTION_TYPES, HostCounts, MjaiBot, _Problem
from mahjong.sim import RIICHI, Setup, parse_agents

RULES = Ruleset.preset("seed")  # one deal a game
SEED = 3  # EfficiencyAgent at seat 1 declares riichi in this deal

HEADER = """\
import json, os, subprocess, sys, time
seat = int(sys.argv[1])
def say(text):
    sys.stdout.write(text + "\\n")
    sys.stdout.flush()
"""
LOOP = """\
for number, line in enumerate(sys.stdin, 1):
    events = json.loads(line)
"""

ANSWER_START = 'say(\'{"type":"none"}\') if number == 1 else '
BEHAVIOURS = {
    # "none" passes a claim but cannot stand for a discard
    "illegal": 'say(\'{"type":"none"}\')',
    "garbage": 'say("this is not json")',
    "silent": ANSWER_START + "time.sleep(60)",
    "exit": ANSWER_START + 'sys.exit(print("boom", file=sys.stderr) or 3)',
    "long line": ANSWER_START + '(say("x" * 200000), time.sleep(60))',
    "many lines": ANSWER_START + 'say("y\\n" * 1000)',
}


def _script(tmp_path: Path, body: str, setup: str = "") -> list[str]:
    """A bot: `setup` once, then `body` for each line (``number``, ``line``, ``events``)."""
    path = tmp_path / "bot.py"
    path.write_text(HEADER + setup + LOOP + textwrap.indent(body, "    ") + "\n")
    return [sys.executable, str(path)]


def _play(bot: MjaiBot, seat: int = 1) -> Any:
    agents: list[Any] = [EfficiencyAgent() for _ in range(4)]
    agents[seat] = bot
    return play_game(Game(seed=SEED, rules=RULES), agents)


def _efficiency_log() -> list[str]:
    return play_game(Game(seed=SEED, rules=RULES), [EfficiencyAgent()] * 4).lines()


def _alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in "ZX"
    except FileNotFoundError:
        return False


@pytest.mark.parametrize(
    ("kind", "reason", "counts"),
    [
        ("illegal", '{"type":"none"} is not legal here (legal: Action(', (0, None, None)),
        ("garbage", "line 1: not JSON", (None, 0, None)),
        ("silent", "line 2: no answer within 0.5 s", (1, 0, None)),
        ("exit", "line 2: exited with status 3; its last words: boom", (1, 0, None)),
        ("long line", "line 2: wrote a line longer than 65536 bytes", (1, 0, None)),
        ("many lines", "wrote a line before it was asked", (None, 0, None)),
    ],
)
def test_a_misbehaving_bot_is_reported_and_the_game_finishes(
    tmp_path: Path, kind: str, reason: str, counts: tuple[int | None, ...]
) -> None:
    """Each problem is one report naming the seat, the bot's line and the reason; the fallback
    decides and the game ends; counts add up (None: at least one)."""
    reports: list[str] = []
    timeout = 0.5 if kind == "silent" else 5.0  # a slow machine may not make a bot silent
    bot = MjaiBot(_script(tmp_path, BEHAVIOURS[kind]), timeout=timeout, report=reports.append)
    record = _play(bot)
    assert len(record.outcomes) == 1 and record.standings
    assert reports and all(r.startswith("mjai seat 1, line ") for r in reports)
    assert any(reason in r for r in reports), reports
    found = (bot.counts.protocol_errors, bot.counts.illegal_actions, bot.counts.fallbacks)
    for want, got in zip(counts, found, strict=True):
        assert got >= 1 if want is None else got == want
    assert bot.summary() == bot.counts.line(1)


@pytest.mark.parametrize("kind", ["silent", "exit", "long line"])
def test_a_stopped_bot_leaves_the_seat_to_its_fallback(tmp_path: Path, kind: str) -> None:
    """A bot stopped at its first decision has every decision made by its fallback: the game
    is the one EfficiencyAgent plays, byte for byte but for the names."""
    bot = MjaiBot(_script(tmp_path, BEHAVIOURS[kind]), timeout=0.5, report=lambda _: None)
    assert _play(bot).lines()[1:] == _efficiency_log()[1:]


def test_a_bot_that_cannot_start_is_one_protocol_error(tmp_path: Path) -> None:
    reports: list[str] = []
    bot = MjaiBot([str(tmp_path / "no-such-bot")], report=reports.append)
    assert _play(bot).lines()[1:] == _efficiency_log()[1:]
    assert bot.counts.protocol_errors == 1 and bot.counts.fallbacks > 0
    assert reports[0].startswith("mjai seat 1, line 0: could not start ")


def test_stop_ends_the_game_at_the_first_problem(tmp_path: Path) -> None:
    bot = MjaiBot(_script(tmp_path, BEHAVIOURS["illegal"]), stop=True)
    with pytest.raises(BotError, match=r"^mjai seat 1, line 2: .* is not legal here"):
        _play(bot)
    assert bot.counts.illegal_actions == 1 and bot.counts.fallbacks == 0


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_processes_are_reaped_with_their_children(tmp_path: Path) -> None:
    """A silent bot and the process it started are both gone after the game."""
    pids = tmp_path / "pids"
    body = f"""\
if number == 1:
    child = subprocess.Popen(["sleep", "60"])
    open({str(pids)!r}, "w").write(f"{{os.getpid()}} {{child.pid}}")
    say('{{"type":"none"}}')
else:
    time.sleep(60)"""
    bot = MjaiBot(_script(tmp_path, body), timeout=0.5, report=lambda _: None)
    _play(bot)
    assert [_alive(int(pid)) for pid in pids.read_text().split()] == [False, False]


RIICHI_SETUP = """\
from mahjong.riichi import Ruleset
from mahjong.riichi.bot import AgentBot
from mahjong.riichi.game import EfficiencyAgent
bot = AgentBot(EfficiencyAgent(), seat, Ruleset.preset("seed"))
"""
RIICHI_BOT = """\
answer = bot.react(line)
if events[-1] == {"type": "reach", "actor": seat}:
    answer = json.dumps({"type": "dahai", "actor": seat, "pai": "C", "tsumogiri": False})
say(answer)"""


def test_a_bad_riichi_discard_is_replaced_by_a_riichi(tmp_path: Path) -> None:
    """The bot said reach and got the reach event back: whatever its second answer, the
    seat declares riichi (the fallback chooses among the riichi discards)."""
    reports: list[str] = []
    bot = MjaiBot(_script(tmp_path, RIICHI_BOT, RIICHI_SETUP), report=reports.append)
    record = _play(bot)
    assert (bot.counts.illegal_actions, bot.counts.protocol_errors, bot.counts.fallbacks) == (
        1,
        0,
        1,
    )
    assert '{"type":"dahai","actor":1,"pai":"C","tsumogiri":false} is not legal here' in reports[0]
    assert record.lines()[1:] == _efficiency_log()[1:]
    assert {"type": "reach", "actor": 1} in record.events


# --- play_game closes its agents -----------------------------------------------------------


class _Closing(EfficiencyAgent):
    closed = 0

    def close(self) -> None:
        _Closing.closed += 1


class _Failing(EfficiencyAgent):
    def act(self, observation: Any, legal: Any) -> Any:
        raise RuntimeError("no")


class _FailingToClose(_Closing):
    def close(self) -> None:
        super().close()
        raise OSError("cannot close")


def test_play_game_closes_its_agents_also_when_the_game_fails() -> None:
    _Closing.closed = 0
    play_game(Game(seed=1, rules=RULES), [_Closing() for _ in range(4)])
    assert _Closing.closed == 4
    with pytest.raises(RuntimeError):
        play_game(Game(seed=1, rules=RULES), [_Closing(), _Failing(), _Closing(), _Closing()])
    assert _Closing.closed == 7
    agents = [_FailingToClose(), _Closing(), _Closing(), _Closing()]
    with pytest.raises(OSError, match="cannot close"):
        play_game(Game(seed=1, rules=RULES), agents)
    assert _Closing.closed == 11


# --- mjai:COMMAND in --agents --------------------------------------------------------------


def test_agent_specs_name_a_bot_command() -> None:
    assert parse_agents(" Efficiency , mjai: python bot.py --x 'a b' ,random,mjai:") == [
        ("efficiency", None),
        ("mjai", "python bot.py --x 'a b'"),
        ("random", None),
        ("mjai", ""),
    ]
    agents = RIICHI.make_agents("efficiency,mjai:my-bot --fast,random,random", 5, Setup(RULES))
    assert isinstance(agents[1], MjaiBot) and agents[1].command == ["my-bot", "--fast"]
    assert agents[1].seat is None  # nothing runs before the game
    ours = MjaiBot("mahjong bot riichi 'a b'")  # this installation's mahjong command
    assert ours.command == [sys.executable, "-m", "mahjong.cli", "bot", "riichi", "a b"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "efficiency,mjai:,random,random",
            "needs four names from random, efficiency, strong, expert, mjai:COMMAND",
        ),
        ("efficiency,mjai,random,random", "mjai:COMMAND"),
        ("efficiency,random:x,random,random", "mjai:COMMAND"),
        ("efficiency,mjai:bot 'a,random,random", "No closing quotation"),
    ],
)
def test_bad_agent_specs_are_one_line_errors(spec: str, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        RIICHI.make_agents(spec, 0, Setup(RULES))


def test_sim_hosts_bots_and_prints_their_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = " ".join(_script(tmp_path, BEHAVIOURS["illegal"]))
    spec = f"efficiency,mjai:{command},random,mjai:{command}"
    code = main(["sim", "--games", "2", "--rules", "seed", "--agents", spec, "--mjai-timeout", "2"])
    out, err = capsys.readouterr()
    assert code == 0
    summary = [line for line in out.splitlines() if line.startswith("mjai seat")]
    assert [line[:11] for line in summary] == ["mjai seat 1", "mjai seat 3"]
    for line in summary:
        assert re.fullmatch(
            r"mjai seat \d: 0 protocol errors, [1-9]\d* illegal actions, "
            r"[1-9]\d* fallbacks",
            line,
        ), line
    assert "EfficiencyAgent decides" in err


def test_sim_can_stop_at_a_bot_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    command = " ".join(_script(tmp_path, BEHAVIOURS["garbage"]))
    spec = f"efficiency,mjai:{command},random,random"
    assert main(["sim", "--games", "1", "--agents", spec, "--mjai-fallback", "stop"]) == 2
    assert capsys.readouterr().err.startswith("mahjong: error: mjai seat 1, line 1: not JSON")


def test_counts_add_up_by_seat() -> None:
    total = HostCounts()
    total.add(HostCounts(1, 2, 3))
    total.add(HostCounts(0, 1, 1))
    assert total.line(2) == "mjai seat 2: 1 protocol errors, 3 illegal actions, 4 fallbacks"


def test_the_bot_gets_masked_events_and_a_start_with_its_seat(tmp_path: Path) -> None:
    """What a bot is sent: start_game with its id, then arrays of events with every other
    seat's starting tiles and draws hidden, ending with end_kyoku and end_game."""
    seen = tmp_path / "seen.jsonl"
    body = f"open({str(seen)!r}, 'a').write(line)\nsay('{{\"type\":\"none\"}}')"
    _play(MjaiBot(_script(tmp_path, body), report=lambda _: None), seat=2)
    lines = [json.loads(line) for line in seen.read_text().splitlines()]
    assert lines[0] == [{"type": "start_game", "names": ["0", "1", "2", "3"], "id": 2}]
    assert lines[-1] == [{"type": "end_game"}]
    assert lines[-2][-1] == {"type": "end_kyoku"}
    events = [e for batch in lines[1:-1] for e in batch]
    start = events[0]
    assert [h == ["?"] * 13 for h in start["tehais"]] == [True, True, False, True]
    assert all(e["pai"] == "?" for e in events if e["type"] == "tsumo" and e["actor"] != 2)
    assert all(e["pai"] != "?" for e in events if e["type"] == "tsumo" and e["actor"] == 2)


# --- hostile answers -----------------------------------------------------------------------


def _threads_left(before: set[threading.Thread]) -> set[threading.Thread]:
    """The threads not in `before` still running after up to 2 seconds."""
    deadline = time.monotonic() + 2
    while (left := set(threading.enumerate()) - before) and time.monotonic() < deadline:
        time.sleep(0.02)
    return left


@pytest.fixture
def no_thread_left() -> Any:
    """Fails the test when a thread it started is still running shortly after it ends."""
    before = set(threading.enumerate())
    yield
    assert not _threads_left(before)


def _padded_none(size: int) -> str:
    """A ``none`` answer of exactly `size` bytes."""
    bare = '{"type":"none","pad":""}'
    return bare[:-2] + "x" * (size - len(bare)) + '"}'


UNREADABLE = {
    "nested": "[" * 30000 + "]" * 30000,
    "long int": '{"type":"dahai","actor":1,"pai":"1m","tsumogiri":' + "9" * 5000 + "}",
    "NaN": '{"type":"none","x":NaN}',
    "Infinity": '{"type":"none","x":1e999}',
    "nested field": '{"type":"dahai","actor":1,"pai":"C","x":' + "[" * 900 + "]" * 900 + "}",
    "in-band sentinel": "\0too long",
    "control characters": '{"type":"\x1b[2J\x1b]0;x\x07"}',
}


@pytest.mark.usefixtures("no_thread_left")
@pytest.mark.parametrize("kind", list(UNREADABLE))
def test_an_unreadable_answer_is_one_counted_problem(tmp_path: Path, kind: str) -> None:
    """Answers Python's own JSON reader chokes on or takes too freely (30,000 levels deep, a
    number of 5,000 digits, NaN) are each a counted problem with a report, never an exception:
    the bot goes on, and nothing a terminal acts on reaches the report."""
    body = f'say({UNREADABLE[kind]!r}) if number == 2 else say(\'{{"type":"none"}}\')'
    reports: list[str] = []
    bot = MjaiBot(_script(tmp_path, body), report=reports.append)
    assert len(_play(bot).outcomes) == 1
    counted = bot.counts.protocol_errors + bot.counts.illegal_actions
    assert counted >= 1 and len(reports) == counted, reports
    assert reports[0].startswith("mjai seat 1, line 2: ") and "longer than" not in reports[0]
    assert not any(ord(c) < 32 or 127 <= ord(c) < 160 for r in reports for c in r)
    assert "bot stopped" not in reports[0]  # the next lines went to the bot again


def test_a_bot_with_unreadable_answers_does_not_end_sim(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = f'say({UNREADABLE["nested"]!r}) if number > 1 else say(\'{{"type":"none"}}\')'
    command = shlex.join(_script(tmp_path, body))
    spec = f"efficiency,mjai:{command},random,random"
    assert main(["sim", "--games", "1", "--rules", "seed", "--agents", spec]) == 0
    out = capsys.readouterr().out
    assert re.search(r"mjai seat 1: [1-9]\d* protocol errors", out), out


@pytest.mark.usefixtures("no_thread_left")
@pytest.mark.parametrize("size", [MAX_LINE - 1, MAX_LINE, MAX_LINE + 1, 100 * 1024, 120 * 1024])
def test_answers_longer_than_the_limit_stop_the_bot(tmp_path: Path, size: int) -> None:
    """A line of at most MAX_LINE bytes (64 KiB, its newline not counted) is read; a longer
    one, however long, stops the bot (its fallback plays on)."""
    body = f"say({_padded_none(size)!r})"
    reports: list[str] = []
    bot = MjaiBot(_script(tmp_path, body), report=reports.append)
    record = _play(bot)
    if size <= MAX_LINE:
        assert bot.counts.protocol_errors == 0 and bot.counts.illegal_actions > 0
    else:
        assert reports == [
            f"mjai seat 1, line 1: wrote a line longer than {MAX_LINE} bytes "
            "(bot stopped, EfficiencyAgent plays on)"
        ]
        assert record.lines()[1:] == _efficiency_log()[1:]


def test_a_bots_standard_error_is_reported_escaped(tmp_path: Path) -> None:
    """Its last words carry no escape sequence (a window title, a clear screen) to the
    terminal: they are written as Python escapes, as its answers are."""
    words = "\x1b]0;owned\x07\x1b[2J\x9b31m boom \u202e"
    body = ANSWER_START + f"sys.exit(print({words!r}, file=sys.stderr) or 3)"
    reports: list[str] = []
    _play(MjaiBot(_script(tmp_path, body), report=reports.append))
    assert "its last words: \\x1b]0;owned\\x07\\x1b[2J\\x9b31m boom \\u202e" in reports[0]
    assert printable(reports[0]) == reports[0]


def test_printable_escapes_what_a_terminal_acts_on() -> None:
    assert (
        printable("tab\there é 東 \x1b[0m \x00 \u200f") == "tab\\there é 東 \\x1b[0m \\x00 \\u200f"
    )


# --- no process or thread outlives the game ------------------------------------------------

SPAWN = {
    # a child in a session of its own, the bot still running at the end
    "session": "child = subprocess.Popen(['sleep', '60'], start_new_session=True)",
    # the same, the bot then exiting (its child is nobody's now)
    "bot exits": "child = subprocess.Popen(['sleep', '60'], start_new_session=True)",
    # a daemon: forked twice in a new session, its parent gone at once
    "daemon": (
        "child = subprocess.Popen([sys.executable, '-c', 'import os, time\\n"
        "if os.fork(): os._exit(0)\\nos.setsid()\\nprint(os.getpid(), flush=True)\\n"
        "time.sleep(60)'], stdout=subprocess.PIPE)\n"
        "child.pid = int(child.stdout.readline())"
    ),
}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.usefixtures("no_thread_left")
@pytest.mark.parametrize("how", list(SPAWN))
def test_processes_a_bot_started_end_with_the_game(tmp_path: Path, how: str) -> None:
    """A child that starts a session of its own, or one left behind by a bot that exited,
    is gone once the game is over."""
    pids = tmp_path / "pids"
    exit_after = "sys.exit(0)" if how == "bot exits" else "pass"
    body = f"""\
if number == 1:
{textwrap.indent(SPAWN[how], "    ")}
    open({str(pids)!r}, "w").write(f"{{os.getpid()}} {{child.pid}}")
    say('{{"type":"none"}}')
    {exit_after}
else:
    say('{{"type":"none"}}')"""
    bot = MjaiBot(_script(tmp_path, body), report=lambda _: None)
    _play(bot)
    assert [_alive(int(pid)) for pid in pids.read_text().split()] == [False, False]


ESCAPEE = (
    "import os, sys, time\n"
    "if os.fork(): os._exit(0)\n"
    "os.setsid()\n"
    "open(sys.argv[1], 'w').write(str(os.getpid()))\n"
    "time.sleep(60)"
)


@pytest.mark.skipif(os.name != "posix", reason="a blocked read ends only where pipes poll")
def test_a_process_holding_the_bots_output_does_not_hold_the_host(tmp_path: Path) -> None:
    """A process the host cannot tell from others (no mark, a session and a parent not the
    bot's) keeps the bot's output and standard error open: the host's reading threads end
    with the game all the same."""
    pids = tmp_path / "pids"
    body = f"""\
if number == 1:
    subprocess.run([sys.executable, "-c", {ESCAPEE!r}, {str(pids)!r}], env={{}})
    while not (os.path.exists({str(pids)!r}) and os.path.getsize({str(pids)!r})):
        time.sleep(0.01)
say('{{"type":"none"}}')"""
    before = set(threading.enumerate())
    _play(MjaiBot(_script(tmp_path, body), report=lambda _: None))
    escapee = int(pids.read_text())
    try:
        assert not _threads_left(before)
    finally:
        os.kill(escapee, signal.SIGKILL)


# --- any answer at all ---------------------------------------------------------------------

_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
_VALUES = st.recursive(
    _SCALARS | st.sampled_from(["1m", "5mr", "E", "?", "C"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
_FIELDS = ["type", "actor", "target", "pai", "consumed", "tsumogiri", "x"]
_ANSWERS = st.dictionaries(
    st.sampled_from(_FIELDS), _VALUES | st.sampled_from(sorted(ACTION_TYPES)) | st.just(1)
)


@functools.cache
def _first_legal() -> list[Any]:
    """The legal actions of seat 1's first decision of the seed-3 deal."""
    deal = Game(seed=SEED, rules=RULES).next_deal()
    while 1 not in deal.waiting():
        seat = deal.waiting()[0]
        deal.apply(seat, EfficiencyAgent().act(deal.observation(seat), deal.legal_actions(seat)))
    return list(deal.legal_actions(1))


@settings(max_examples=300, deadline=None)
@given(answer=_ANSWERS | _VALUES, form=st.sampled_from(["json", "python"]))
def test_any_answer_is_an_action_or_a_counted_problem(answer: Any, form: str) -> None:
    """Whatever a bot writes (JSON, or Python's looser repr of it: NaN, Infinity), the host
    reads it as one of the legal actions or as a problem it counts and reports; never an
    exception of another kind."""
    line = json.dumps(answer) if form == "json" else repr(answer)
    reports: list[str] = []
    bot = MjaiBot(["unused"], report=reports.append)
    bot.seat = 1
    legal = _first_legal()
    try:
        action = bot._match(bot._parse(line), legal, riichi=False)
    except _Problem as problem:
        bot._problem(problem)
        assert len(reports) == 1 and printable(reports[0]) == reports[0]
    else:
        assert action in legal
