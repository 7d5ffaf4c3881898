"""Riichi game engine: complete deals per second with built-in agents in one process, through
the Python loop and natively (``mahjong.native``, one worker: whole one-deal games in Rust), and
RiichiEnv 0.4.11 (the nearest Rust-backed peer) playing the same number of deals in the same run;
each with four players (the seed preset) and with three (tenhou-sanma, one deal a game; kita
and the 108-tile wall on both sides).

Run for real with ``python -m pytest benches/bench_game.py --benchmark-enable --benchmark-only``
(a release-like build: ``pip install .`` or ``maturin develop --profile ci``). The RiichiEnv bench
needs ``pip install --no-deps --target .riichienv riichienv==0.4.11`` and skips without it
(riichienv_peer.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from riichienv_peer import riichienv

from mahjong import native
from mahjong.riichi import Deal, Ruleset
from mahjong.riichi.game import Agent, EfficiencyAgent, RandomAgent, play_deal

RANDOM_DEALS = 2_000
EFFICIENCY_DEALS = 200
# Native deals run far faster: more of them keep each round long enough to time.
NATIVE_RANDOM_DEALS = 20_000
NATIVE_EFFICIENCY_DEALS = 2_000
SMOKE_DEALS = 5
# RiichiEnv's game modes 0 and 3 (its GameType.YON_IKKYOKU and SAN_IKKYOKU): four or three
# players, one kyoku, the game over after it whatever the result (renchan included).
RIICHIENV_ONE_KYOKU = {4: 0, 3: 3}
RULES = {
    4: Ruleset.preset("seed"),
    3: Ruleset.preset("tenhou-sanma").replace(game_length="one_deal"),
}
PLAYERS = pytest.mark.parametrize("players", [4, 3])


@pytest.fixture(scope="module")
def enabled(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("benchmark_enable", False))


def _play(deals: int, agents: Any, players: int) -> int:
    for seed in range(deals):
        play_deal(Deal(seed=seed, rules=RULES[players]), agents(seed, players))
    return deals


def _run(benchmark: Any, deals: int, play: Callable[..., int], *args: Any) -> None:
    benchmark.extra_info["deals"] = deals
    benchmark.pedantic(play, args=(deals, *args), rounds=3, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        benchmark.extra_info["deals_per_second"] = deals / benchmark.stats.stats.mean


def _random(seed: int, players: int) -> list[Agent]:
    return [RandomAgent(seed * 4 + i) for i in range(players)]


def _efficiency(seed: int, players: int) -> list[Agent]:
    return [EfficiencyAgent() for _ in range(players)]


@PLAYERS
def bench_deals_random_agents(benchmark: Any, enabled: bool, players: int) -> None:
    benchmark.group = "riichi deals"
    _run(benchmark, RANDOM_DEALS if enabled else SMOKE_DEALS, _play, _random, players)


@PLAYERS
def bench_deals_efficiency_agents(benchmark: Any, enabled: bool, players: int) -> None:
    benchmark.group = "riichi deals"
    _run(benchmark, EFFICIENCY_DEALS if enabled else SMOKE_DEALS, _play, _efficiency, players)


def _play_native(deals: int, agent: str, players: int) -> int:
    """`deals` one-deal games (seeds 0..deals-1, the rules of `players`) on one worker."""
    result = native.simulate("riichi", [agent] * players, deals, workers=1, rules=RULES[players])
    assert result.tally()["deals"] == deals
    return deals


@PLAYERS
def bench_deals_native_random_agents(benchmark: Any, enabled: bool, players: int) -> None:
    benchmark.group = "riichi deals"
    deals = NATIVE_RANDOM_DEALS if enabled else SMOKE_DEALS
    _run(benchmark, deals, _play_native, "random", players)


@PLAYERS
def bench_deals_native_efficiency_agents(benchmark: Any, enabled: bool, players: int) -> None:
    benchmark.group = "riichi deals"
    deals = NATIVE_EFFICIENCY_DEALS if enabled else SMOKE_DEALS
    _run(benchmark, deals, _play_native, "efficiency", players)


def _play_riichienv(deals: int, env_class: Any, players: int) -> int:
    """`deals` one-kyoku RiichiEnv games of `players`, seeds 0..deals-1, each seat choosing
    uniformly at random among the legal actions its observation offers (one seeded generator
    per seat, as our `RandomAgent`s have)."""
    for seed in range(deals):
        env = env_class(game_mode=RIICHIENV_ONE_KYOKU[players], seed=seed)
        rngs = [random.Random(seed * 4 + i) for i in range(players)]
        observations = env.reset()
        while not env.done():
            observations = env.step(
                {seat: rngs[seat].choice(obs.legal_actions()) for seat, obs in observations.items()}
            )
    return deals


@PLAYERS
def bench_deals_riichienv_random(benchmark: Any, enabled: bool, players: int) -> None:
    """RiichiEnv 0.4.11 driven through its gym-style loop: ``RiichiEnv(game_mode=0, seed=s)``
    is a one-kyoku four-player game whose wall follows the seed (``game_mode=3``: three
    players, with kita); ``reset()`` deals and returns ``{seat: Observation}`` for the seats
    that must act now; ``step({seat: action})`` takes one action from each of them and returns
    the next such dict, until ``done()``. Its mjai log stays on (its default), as our deals
    always record their events."""
    env_class = riichienv().RiichiEnv
    mode = RIICHIENV_ONE_KYOKU[players]
    assert env_class(game_mode=mode).game_mode == mode
    benchmark.group = "riichi deals"
    deals = RANDOM_DEALS if enabled else SMOKE_DEALS
    _run(benchmark, deals, _play_riichienv, env_class, players)
