"""Many native one-deal Riichi games through the binding, opt-in: set MAHJONG_NATIVE_SOAK to
the number of games (e.g. 100000, best on a release-like build). Every game's scores add up to
the starting points and no error comes out. The per-action checks (every tile accounted for,
points kept) are in the core's soak, ``cargo test --release -p mahjong-core --test
native_play -- --ignored``."""

from __future__ import annotations

import os

import pytest

from mahjong import native

GAMES = int(os.environ.get("MAHJONG_NATIVE_SOAK", "0"))
TABLES = ("random,random,random,random", "efficiency,random,efficiency,random")


@pytest.mark.skipif(GAMES <= 0, reason="set MAHJONG_NATIVE_SOAK=N to play N games")
@pytest.mark.parametrize("agents", TABLES)
def test_many_native_deals_keep_every_point(agents: str) -> None:
    deals = 0
    for block in native.blocks("riichi", agents, GAMES, block=10_000, workers=2):
        for record in block.records():
            deals += len(record["outcomes"])
            assert sum(s["score"] for s in record["standings"]) == 100_000, record["seed"]
    assert deals == GAMES
