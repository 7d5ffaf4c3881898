"""The ``mjai`` package's rule-based bot (``mjai.bot.rulebase.RulebaseBot``, its state kept by
Mortal's libriichi) as an Mjai bot process. Runs in the mjai environment
(tests/support/mjai_venv.py), never imported by the tests:

    python mjai_rulebase_bot.py [--as-shipped] SEAT

As shipped, the bot can discard what Tenhou rules forbid and libriichi does not refuse:

- when none of the discards it likes is allowed, its last resort (the tile drawn, else the
  first of its hand) may not be allowed either: after a call, a tile the swap-calling rule
  (kuikae) forbids; after its ``reach``, a tile that leaves it not waiting;
- libriichi's shanten counts seven pairs with a triplet among them as waiting (the seventh
  pair would be the fourth copy), so the bot may declare riichi on such a hand.

Unless ``--as-shipped``, the bot declares riichi only when a discard leaves it waiting and
otherwise discards the first allowed tile of its hand instead.

mjai 0.2.1's ``Bot`` forgets the discards and calls it keeps beside libriichi's state only at
``start_game``, so from the second deal on it plays on a hand holding an earlier deal's calls.
Unless ``--as-shipped``, the bot starts each deal fresh: a new bot, told the game's
``start_game`` again, at every ``start_kyoku`` (what a process started afresh for each deal
would know)."""

import json
import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot
from mjai.bot.tools import convert_mjai_to_vec34

TERMINALS = (0, 8, 9, 17, 18, 26, *range(27, 34))


def sets(counts):
    """Whether the tiles `counts` (per kind) hold are all sets: from the lowest kind up, the
    copies beyond triplets must start runs (three equal runs are three triplets)."""
    left = list(counts)
    for kind in range(34):
        runs = left[kind] % 3
        if runs and (kind >= 27 or kind % 9 > 6 or min(left[kind + 1 : kind + 3]) < runs):
            return False
        if runs:
            left[kind + 1] -= runs
            left[kind + 2] -= runs
    return True


def complete(counts):
    """Sets and a pair, seven different pairs, or thirteen orphans."""
    if sorted(c for c in counts if c) == [2] * 7:
        return True
    if all(counts[k] for k in TERMINALS) and sum(counts[k] for k in TERMINALS) == 14:
        return True
    for pair in range(34):
        if counts[pair] >= 2:
            counts[pair] -= 2
            done = sets(counts)
            counts[pair] += 2
            if done:
                return True
    return False


def waiting(tiles):
    """Whether the concealed `tiles` wait on a tile they do not hold four of."""
    counts = convert_mjai_to_vec34(tiles)
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            done = complete(counts)
            counts[kind] -= 1
            if done:
                return True
    return False


class Bot(RulebaseBot):
    def riichi_discards(self):
        """The tiles of the hand whose discard leaves it waiting, in hand order."""
        hand = self.tehai_mjai
        return [t for i, t in enumerate(hand) if waiting(hand[:i] + hand[i + 1 :])]

    @property
    def can_riichi(self):
        return super().can_riichi and bool(self.riichi_discards())

    def allowed(self):
        """The tiles of the hand the bot may discard now, in hand order."""
        if self.self_riichi_declared and not self.self_riichi_accepted:
            return self.riichi_discards()
        return [t for t in self.tehai_mjai if not self.forbidden_tiles[t[:2]]]

    def react(self, input_str):
        """Reacts to the events of `input_str`, as a fresh bot from each deal's start (a line
        that is not a list of events goes to mjai's own handling as it is)."""
        try:
            events = json.loads(input_str)
            starts = [i for i, e in enumerate(events) if e["type"] == "start_kyoku"]
            begun = getattr(self, "game_start", None)
            self.game_start = next((e for e in events if e["type"] == "start_game"), begun)
        except (ValueError, TypeError, KeyError, AttributeError):
            return super().react(input_str)
        if not starts or begun is None:
            return super().react(input_str)
        if starts[-1]:
            super().react(json.dumps(events[: starts[-1]]))  # the deals before this one
        self.__init__(player_id=self.player_id)
        self.game_start = begun
        super().react(json.dumps([begun]))
        return super().react(json.dumps(events[starts[-1] :]))

    def think(self):
        answer = super().think()
        event = json.loads(answer)
        if event["type"] == "dahai":
            allowed = self.allowed()
            if allowed and event["pai"] not in allowed:
                return self.action_discard(allowed[0])
        return answer


logger.remove()
(RulebaseBot if "--as-shipped" in sys.argv else Bot)(player_id=int(sys.argv[-1])).start()
