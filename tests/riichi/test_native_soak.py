"""Many native one-deal Riichi games through the binding, opt-in: set MAHJONG_NATIVE_SOAK to
the number of games (e.g. 100000, best on a release-like build). Every game's scores add up to
the starting points and no error comes out. The per-action checks (every tile accounted for,
points kept) are in the core's soak, ``cargo test --release -p mahjong-core --test
native_play -- --ignored``.

Three-player deals simulated natively and replayed through ``mahjong replay``, opt-in: set
MAHJONG_SANMA_REPLAY to the number of deals per three-player preset (e.g. 3000)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mahjong import native
from mahjong.cli import main
from mahjong.riichi import Ruleset

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


SANMA_DEALS = int(os.environ.get("MAHJONG_SANMA_REPLAY", "0"))


@pytest.mark.skipif(SANMA_DEALS <= 0, reason="set MAHJONG_SANMA_REPLAY=N to replay N deals")
@pytest.mark.parametrize("preset", ["tenhou-sanma", "mahjongsoul-sanma"])
def test_simulated_three_player_deals_replay(
    preset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """At least MAHJONG_SANMA_REPLAY native three-player deals (strong, efficiency and random
    seats), logged and replayed by ``mahjong replay``: every action one the engine offers,
    every result the log's."""
    rules = Ruleset.preset(preset)
    lines: list[str] = []
    deals, seed = 0, 0
    while deals < SANMA_DEALS:
        run = native.simulate(
            "riichi", "strong,efficiency,random", 50, seed=seed, rules=rules, log=True
        )
        lines += run.lines()
        deals += sum(line.startswith('{"type":"start_kyoku"') for line in run.lines())
        seed += 50
    log = tmp_path / "sanma.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(log), "--rules", preset]) == 0
    reports = capsys.readouterr().out.splitlines()
    assert reports[-1] == f"{deals} deals: {deals} ok, 0 mismatches", reports[-3:]
