"""American game engine: complete games per second with the built-in agents in one process,
through the Python play loop of :mod:`mahjong.american.game` over the compiled engine and
natively (``mahjong.native``, one worker: whole games in Rust).

Run for real with ``python -m pytest benches/bench_american_game.py --benchmark-enable
--benchmark-only`` on a release-like build (``pip install .`` or ``maturin develop --release``);
``games_per_second`` is in each result's extra info. The target with four random agents is
1,000 games per second.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mahjong import native
from mahjong.american import AmericanDeal, Card
from mahjong.american.game import Agent, CardAgent, RandomAgent, play_deal

CARD = Card.builtin("house-2026")
RANDOM_GAMES = 2_000
CARD_GAMES = 200
NATIVE_RANDOM_GAMES = 10_000
NATIVE_CARD_GAMES = 400
SMOKE_GAMES = 3


@pytest.fixture(scope="module")
def enabled(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("benchmark_enable", False))


def _play(games: int, agents: Callable[[int], list[Agent]]) -> int:
    for seed in range(games):
        play_deal(AmericanDeal(CARD, seed=seed, dealer=seed % 4), agents(seed))
    return games


def _play_native(games: int, agent: str) -> int:
    """`games` one-game sessions (seeds 0..games-1, the nmjl preset) on one worker."""
    result = native.simulate("american", [agent] * 4, games, card=CARD, workers=1)
    assert result.tally()["games"] == games
    return games


def _run(benchmark: Any, games: int, agents: Any, play: Callable[..., int] = _play) -> None:
    benchmark.extra_info["games"] = games
    benchmark.pedantic(play, args=(games, agents), rounds=3, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        benchmark.extra_info["games_per_second"] = games / benchmark.stats.stats.mean


def _random(seed: int) -> list[Agent]:
    return [RandomAgent(seed * 4 + i) for i in range(4)]


def _card_vs_random(seed: int) -> list[Agent]:
    return [CardAgent(CARD), *(RandomAgent(seed * 4 + i) for i in range(1, 4))]


def _card(seed: int) -> list[Agent]:
    return [CardAgent(CARD) for _ in range(4)]


def bench_american_games_random_agents(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "american games"
    _run(benchmark, RANDOM_GAMES if enabled else SMOKE_GAMES, _random)


def bench_american_games_card_vs_random(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "american games"
    _run(benchmark, CARD_GAMES if enabled else SMOKE_GAMES, _card_vs_random)


def bench_american_games_card_agents(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "american games"
    _run(benchmark, CARD_GAMES // 4 if enabled else SMOKE_GAMES, _card)


def bench_american_games_native_random_agents(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "american games"
    _run(benchmark, NATIVE_RANDOM_GAMES if enabled else SMOKE_GAMES, "random", _play_native)


def bench_american_games_native_card_agents(benchmark: Any, enabled: bool) -> None:
    benchmark.group = "american games"
    _run(benchmark, NATIVE_CARD_GAMES if enabled else SMOKE_GAMES, "card", _play_native)
