"""What the observation and encoding benches share: mid-deal states (our deals of both families
and RiichiEnv 0.4.11's games after random play, each with a seat that must act) and
:func:`per_call`, which times one call per state."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from riichienv_peer import riichienv

from mahjong import bench
from mahjong.american import AmericanDeal, Card
from mahjong.bench import riichi_states as riichi_states


def american_states(count: int) -> list[tuple[AmericanDeal, int]]:
    """American games after 10..150 random decisions (claims mostly passed, so that play
    goes on past the Charleston), each with a seat that must act."""
    card = Card.builtin("house-2026")
    out: list[tuple[AmericanDeal, int]] = []
    seed = 0
    while len(out) < count:
        deal, rng = AmericanDeal(card, seed=seed), random.Random(seed)
        for _ in range(rng.randrange(10, 150)):
            if deal.is_over:
                break
            seat = deal.waiting()[0]
            legal = deal.legal_actions(seat)
            passes = [a for a in legal if a.type == "pass"]
            action = passes[0] if passes and rng.random() < 0.7 else rng.choice(legal)
            deal.apply(seat, action)
        if not deal.is_over:
            out.append((deal, deal.waiting()[0]))
        seed += 1
    return out


def riichienv_states(count: int) -> list[tuple[Any, int]]:
    """RiichiEnv one-kyoku games after 10..120 random steps, with a seat that must act
    (:func:`mahjong.bench.riichienv_states`); skips the calling bench without RiichiEnv
    (riichienv_peer.py)."""
    return bench.riichienv_states(riichienv(), count)


def per_call(
    benchmark: Any, states: list[Any], call: Callable[[Any], Any], rounds: int = 5
) -> None:
    """Times `call` on every state, `rounds` rounds; ``us_per_call`` (the mean) and
    ``us_per_call_min`` (the best round) in the extra info."""

    def run() -> None:
        for state in states:
            call(state)

    benchmark.extra_info["states"] = len(states)
    benchmark.pedantic(run, rounds=rounds, iterations=1, warmup_rounds=1)
    if not benchmark.disabled:
        benchmark.extra_info["us_per_call"] = benchmark.stats.stats.mean / len(states) * 1e6
        benchmark.extra_info["us_per_call_min"] = benchmark.stats.stats.min / len(states) * 1e6
