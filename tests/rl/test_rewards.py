"""Rewards add up: in both families and both environments, with points or rank rewards, an
episode's rewards sum to each seat's final standing (its points after oka and uma, scaled, or
its rank's reward), and the four seats' sum to zero."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from mahjong.american import Card
from mahjong.american.game import CardAgent
from mahjong.riichi.game import EfficiencyAgent
from mahjong.rl import AmericanGymEnv, RiichiGymEnv, american_env, riichi_env

# Each family's environments, a zero-sum setting and the scale of its points rewards.
AEC: dict[str, Callable[..., Any]] = {
    "riichi": lambda **kw: riichi_env(rules="tenhou", **kw),
    "american": lambda **kw: american_env(games=4, **kw),
}
GYM: dict[str, Callable[..., Any]] = {
    "riichi": lambda **kw: RiichiGymEnv(rules="tenhou", **kw),
    "american": lambda **kw: AmericanGymEnv(games=4, **kw),
}
SCALE = {"riichi": 1e-3, "american": 1e-2}
CARD = Card.builtin("house-2026")
# The family's default opponent: the learner playing it too makes the same game from any seat.
AGENT: dict[str, Callable[[], Any]] = {
    "riichi": EfficiencyAgent,
    "american": lambda: CardAgent(CARD),
}


def expected(game: Any, family: str, reward: str) -> list[float]:
    """Each seat's total reward by the final standings (American players who tie share the
    rewards of the places they tie for)."""
    standings = sorted(game.standings(), key=lambda s: s["seat"])
    if reward == "points":
        return [s["points"] * SCALE[family] for s in standings]
    table = [1.0, 1.0 / 3.0, -1.0 / 3.0, -1.0]
    if family == "riichi":
        return [table[s["rank"] - 1] for s in standings]
    order = sorted((s["points"] for s in standings), reverse=True)
    places = [[table[i] for i, p in enumerate(order) if p == s["points"]] for s in standings]
    return [sum(p) / len(p) for p in places]


@pytest.mark.parametrize("reward", ["points", "rank"])
@pytest.mark.parametrize("family", AEC)
def test_aec_rewards_sum_to_zero(family: str, reward: str) -> None:
    rng = np.random.default_rng(7)
    for seed in (3, 4):
        env = AEC[family](reward=reward)
        env.reset(seed=seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, gain, terminated, truncated, _ = env.last()
            totals[agent] += gain
            over = terminated or truncated
            action = None if over else rng.choice(np.flatnonzero(obs["action_mask"]))
            env.step(action)
        game = env.episode.game
        assert list(totals.values()) == pytest.approx(expected(game, family, reward))
        assert sum(totals.values()) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("reward", ["points", "rank"])
@pytest.mark.parametrize("family", GYM)
def test_gym_rewards_sum_to_zero(family: str, reward: str) -> None:
    """The same game from each seat (every seat plays the default agent, the learner too):
    the four learners' totals are the standings and sum to zero."""
    totals = []
    for seat in range(4):
        env = GYM[family](seat=seat, reward=reward)
        agent = AGENT[family]()
        env.reset(seed=11)
        total, over = 0.0, False
        while not over:
            deal = env.episode.deal
            action = agent.act(deal.observation(seat), deal.legal_actions(seat))
            _, gain, over, _, _ = env.step(action.code)
            total += gain
        totals.append(total)
        standings = expected(env.episode.game, family, reward)
        assert total == pytest.approx(standings[seat])
    assert sum(totals) == pytest.approx(0.0, abs=1e-9)
    assert any(abs(t) > 1e-9 for t in totals)
