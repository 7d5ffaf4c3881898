"""Many native American games through the binding, opt-in: set MAHJONG_NATIVE_SOAK to the
number of games (e.g. 100000, best on a release-like build). Every game's payments sum to zero
and no error comes out. The per-action checks (all 152 tiles accounted for) are in the core's
soak, ``cargo test --release -p mahjong-core --test native_play -- --ignored``."""

from __future__ import annotations

import os

import pytest

from mahjong import native
from mahjong.american import AmericanRules

GAMES = int(os.environ.get("MAHJONG_NATIVE_SOAK", "0"))


@pytest.mark.skipif(GAMES <= 0, reason="set MAHJONG_NATIVE_SOAK=N to play N games")
@pytest.mark.parametrize("preset", ["nmjl", "table"])
def test_many_native_games_pay_zero_sum(preset: str) -> None:
    rules = AmericanRules.preset(preset)
    games = 0
    for block in native.blocks("american", ["random"] * 4, GAMES, block=10_000, rules=rules):
        for record in block.records():
            games += 1
            assert sum(record["scores"]) == 0, record["seed"]
    assert games == GAMES
