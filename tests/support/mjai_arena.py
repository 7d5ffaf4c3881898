"""One hanchan of Mortal's arena (``mjai.mlibriichi.arena.Match``, Tenhou rules) between Mjai
bot processes, one per seat, talked to as mjai.app does. Runs in the mjai environment
(tests/support/mjai_venv.py), never imported by the tests:

    python mjai_arena.py LOG_DIR SEED COMMAND0 COMMAND1 COMMAND2 COMMAND3

each COMMAND a JSON list of arguments (the seat is added); the game's log is written to
LOG_DIR as gzipped JSON lines. A reaction the arena refuses ends the game with a ``ryukyoku``
whose ``reason`` is ``"error"``."""

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
        pass  # one game: the seat is the index the arena passes

    def say(self, events):
        self.process.stdin.write(json.dumps(events) + "\n")
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
            answers.append(self.say([self.masked(e) for e in events[self.sent :]]))
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
