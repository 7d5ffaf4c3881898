"""Interoperability with a real Mjai client, the PyPI package ``mjai`` (mjai.app's), run from
its own environment (tests/support/mjai_venv.py) as processes only:

- its rule-based bot, which keeps its state with Mortal's libriichi, plays whole games at our
  table, seats mixed with our agents: no protocol error, no illegal action, nothing going
  wrong inside it, and the same game again from the same seed;
- our ``mahjong bot riichi`` plays whole hanchan in Mortal's arena as the package ships it
  (``mjai.mlibriichi.arena.Match``), seats mixed with the rule-based bot: the arena refuses
  none of its reactions.

The bots are tests/support/mjai_rulebase_bot.py and tests/support/mjai_arena.py. CI plays a
few games; MAHJONG_MJAI_GAMES=N plays N of each (the long runs in docs/mjai.md).
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


SUPPORT = Path(__file__).resolve().parents[1] / "support"


@pytest.fixture(scope="module")
def mjai() -> Path:
    """The interpreter of the mjai environment."""
    return mjai_python()


def _game(seed: int, bot: list[str], stderr: Any) -> tuple[list[str], list[MjaiBot]]:
    """A game with the bot at two seats (0 and 2 for odd seeds, 1 and 3 for even ones) and
    EfficiencyAgent and RandomAgent at the others."""
    bots = [MjaiBot(bot, stderr=stderr, stop=True) for _ in range(2)]
    ours = [EfficiencyAgent(), RandomAgent(seed)]
    agents: list[Any] = [bots[0], ours[0], bots[1], ours[1]]
    if seed % 2 == 0:
        agents = [ours[0], bots[0], ours[1], bots[1]]
    return play_game(Game(seed=seed, rules=RULES), agents).lines(), bots


def test_the_rule_based_bot_plays_whole_games_at_our_table(mjai: Path, tmp_path: Path) -> None:
    """No protocol error, no illegal action (the first would stop the game), no exception
    inside the bot, and the first game again, byte for byte, from its seed."""
    bot = [str(mjai), str(SUPPORT / "mjai_rulebase_bot.py")]
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


def _arena(python: Path, seed: int, log_dir: Path) -> list[dict[str, Any]]:
    ours = json.dumps([sys.executable, "-m", "mahjong.cli", "bot", "riichi"])
    theirs = json.dumps([str(python), str(SUPPORT / "mjai_rulebase_bot.py")])
    argv = [str(python), str(SUPPORT / "mjai_arena.py"), str(log_dir), str(seed)]
    done = subprocess.run(
        [*argv, ours, theirs, ours, theirs], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (log,) = log_dir.glob("*.json.gz")
    return [json.loads(line) for line in gzip.open(log, "rt")]


def test_our_bot_plays_whole_hanchan_in_mortals_arena(mjai: Path, tmp_path: Path) -> None:
    """Our bot at seats 0 and 2, the rule-based bot at 1 and 3: each hanchan ends by the
    arena's rules with no reaction refused (a refused one ends it in an "error" draw)."""
    for seed in range(GAMES or 1):
        events = _arena(mjai, seed, tmp_path / str(seed))
        refused = [e for e in events if e["type"] == "ryukyoku" and e.get("reason") == "error"]
        assert refused == []
        assert events[-1]["type"] == "end_game"
        scores = [25000] * 4
        for event in events:
            scores = [s + d for s, d in zip(scores, event.get("deltas") or [0] * 4, strict=True)]
            if event["type"] == "reach_accepted":  # the arena logs no deltas for the deposit
                scores[event["actor"]] -= 1000
        deals = sum(e["type"] == "start_kyoku" for e in events)
        assert deals >= 8 or min(scores) < 0  # East and South, unless someone busts
        assert any(e.get("actor") in (0, 2) and e["type"] == "dahai" for e in events)
