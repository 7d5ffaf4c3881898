"""The ``mjai`` package's rule-based bot (``mjai.bot.rulebase.RulebaseBot``, its state kept by
Mortal's libriichi) as an Mjai bot process. Runs in the mjai environment
(tests/support/mjai_venv.py), never imported by the tests:

    python mjai_rulebase_bot.py [--as-shipped] SEAT

When none of the discards the bot likes is allowed, its last resort (the tile drawn, else
the first of its hand) may not be allowed either: after a call, a tile the swap-calling rule
(kuikae) forbids; after its ``reach``, a tile that leaves it not waiting. libriichi does not
refuse these discards and Tenhou rules do; unless ``--as-shipped``, the bot then discards the
first allowed tile of its hand instead."""

import json
import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot


class Bot(RulebaseBot):
    def allowed(self):
        """The tiles of the hand the bot may discard now, in hand order."""
        if self.self_riichi_declared and not self.self_riichi_accepted:
            waiting = set(self.discardable_tiles_riichi_declaration)
            return [t for t in self.tehai_mjai if t in waiting]
        return [t for t in self.tehai_mjai if not self.forbidden_tiles[t[:2]]]

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
