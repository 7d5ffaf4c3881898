"""Interoperability with a real Mjai client, the PyPI package ``mjai`` (mjai.app's), run from
its own environment (tests/support/mjai_venv.py) as processes only:

- its rule-based bot, which keeps its state with Mortal's libriichi, plays whole games at our
  table, seats mixed with our agents: no protocol error, no illegal action, nothing going
  wrong inside it, and the same game again from the same seed;
- our ``mahjong bot riichi`` plays whole hanchan in Mortal's arena as the package ships it
  (``mjai.mlibriichi.arena.Match``), seats mixed with the rule-based bot: the arena refuses
  none of its reactions.

CI plays a few games; MAHJONG_MJAI_GAMES=N plays N of each (the 200-game run in docs/mjai.md).
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support.mjai_venv import mjai_python

from mahjong.agents import RandomAgent, play_game
from mahjong.riichi import Game, Ruleset
from mahjong.riichi.game import EfficiencyAgent
from mahjong.riichi.mjai_host import MjaiBot

GAMES = int(os.environ.get("MAHJONG_MJAI_GAMES", "0")) or None
RULES = Ruleset.preset("tenhou")

RULE_BASED_BOT = '''\
"""mjai's RulebaseBot as a process: python rulebase.py [--as-shipped] SEAT. After a call its
last resort may be a tile the swap-calling rule (kuikae) forbids, which libriichi lets through
and Tenhou rules do not; unless --as-shipped, it then discards the first tile allowed."""
import json
import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot


class Bot(RulebaseBot):
    def think(self):
        answer = super().think()
        event = json.loads(answer)
        if event["type"] == "dahai" and self.forbidden_tiles.get(event["pai"][:2]):
            allowed = [t for t in self.tehai_mjai if not self.forbidden_tiles[t[:2]]]
            return self.action_discard(allowed[0]) if allowed else answer
        return answer


logger.remove()
(RulebaseBot if "--as-shipped" in sys.argv else Bot)(player_id=int(sys.argv[-1])).start()
'''

ARENA = '''\
"""One hanchan of Mortal's arena between bot processes:
python arena.py LOG_DIR SEED COMMAND0 COMMAND1 COMMAND2 COMMAND3 (each a JSON list)."""
import json
import subprocess
import sys

from mjai.mlibriichi.arena import Match


class Piped:
    """An arena engine whose seat is played by a bot process, as mjai.app talks to one."""

    engine_type = "mjai-log"

    def __init__(self, name, command):
        self.name, self.command, self.sent, self.seat = name, command, 0, None

    def set_player_ids(self, ids):
        pass

    def say(self, events):
        self.process.stdin.write(json.dumps(events) + "\\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def masked(self, event):
        if event["type"] == "tsumo" and event["actor"] != self.seat:
            event["pai"] = "?"
        if event["type"] == "start_kyoku":
            hands = enumerate(event["tehais"])
            event["tehais"] = [h if s == self.seat else ["?"] * 13 for s, h in hands]
        return event

    def start_game(self, index):
        self.seat = index
        self.process = subprocess.Popen(
            [*self.command, str(index)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.say([{"type": "start_game", "names": ["0", "1", "2", "3"], "id": index}])

    def react_batch(self, states):
        answers = []
        for state in states:
            events = json.loads(state.events_json)
            answers.append(self.say([self.masked(e) for e in events[self.sent:]]))
            self.sent = len(events)
        return answers

    def end_kyoku(self, index):
        self.sent = 0
        self.say([{"type": "end_kyoku"}])

    def end_game(self, index, scores):
        self.say([{"type": "end_game"}])
        self.process.stdin.close()
        self.process.wait()


log_dir, seed, *commands = sys.argv[1:]
engines = [Piped(str(seat), json.loads(c)) for seat, c in enumerate(commands)]
Match(log_dir=log_dir).py_match(*engines, seed_start=(int(seed), 0))
'''


@pytest.fixture(scope="module")
def mjai(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The mjai environment's interpreter and a folder holding the two scripts above."""
    python = mjai_python()
    scripts = tmp_path_factory.mktemp("mjai")
    (scripts / "rulebase.py").write_text(RULE_BASED_BOT)
    (scripts / "arena.py").write_text(ARENA)
    return python, scripts


def _game(seed: int, bot: list[str], stderr: Any) -> tuple[list[str], list[MjaiBot]]:
    """A game with the bot at two seats (0 and 2 for odd seeds, 1 and 3 for even ones) and
    EfficiencyAgent and RandomAgent at the others."""
    bots = [MjaiBot(bot, stderr=stderr, stop=True) for _ in range(2)]
    ours = [EfficiencyAgent(), RandomAgent(seed)]
    agents: list[Any] = [bots[0], ours[0], bots[1], ours[1]]
    if seed % 2 == 0:
        agents = [ours[0], bots[0], ours[1], bots[1]]
    return play_game(Game(seed=seed, rules=RULES), agents).lines(), bots


def test_the_rule_based_bot_plays_whole_games_at_our_table(
    mjai: tuple[Path, Path], tmp_path: Path
) -> None:
    """No protocol error, no illegal action (the first would stop the game), no exception
    inside the bot, and the first game again, byte for byte, from its seed."""
    python, scripts = mjai
    bot = [str(python), str(scripts / "rulebase.py")]
    with open(tmp_path / "stderr.txt", "w+") as stderr:
        logs = {}
        for seed in range(1, (GAMES or 2) + 1):
            logs[seed], bots = _game(seed, bot, stderr)
            for hosted in bots:
                assert hosted.summary().endswith(
                    ": 0 protocol errors, 0 illegal actions, 0 fallbacks"
                )
        assert _game(1, bot, stderr)[0] == logs[1]
        stderr.seek(0)
        assert "Exception" not in stderr.read()


def _arena(python: Path, scripts: Path, seed: int, log_dir: Path) -> list[dict[str, Any]]:
    ours = json.dumps([sys.executable, "-m", "mahjong.cli", "bot", "riichi"])
    theirs = json.dumps([str(python), str(scripts / "rulebase.py")])
    argv = [str(python), str(scripts / "arena.py"), str(log_dir), str(seed)]
    done = subprocess.run(
        [*argv, ours, theirs, ours, theirs], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (log,) = log_dir.glob("*.json.gz")
    return [json.loads(line) for line in gzip.open(log, "rt")]


def test_our_bot_plays_whole_hanchan_in_mortals_arena(
    mjai: tuple[Path, Path], tmp_path: Path
) -> None:
    """Our bot at seats 0 and 2, the rule-based bot at 1 and 3: each hanchan ends by the
    arena's rules with no reaction refused (a refused one ends it in an "error" draw)."""
    python, scripts = mjai
    for seed in range(GAMES or 1):
        events = _arena(python, scripts, seed, tmp_path / str(seed))
        refused = [e for e in events if e["type"] == "ryukyoku" and e.get("reason") == "error"]
        assert refused == []
        assert events[-1]["type"] == "end_game"
        scores = [25000] * 4
        for event in events:
            scores = [s + d for s, d in zip(scores, event.get("deltas") or [0] * 4, strict=True)]
        deals = sum(e["type"] == "start_kyoku" for e in events)
        assert deals >= 8 or min(scores) < 0  # East and South, unless someone busts
        assert any(e.get("actor") in (0, 2) and e["type"] == "dahai" for e in events)
