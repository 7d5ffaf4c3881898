"""The PettingZoo AEC environments of both families: PettingZoo's API and seed tests, random
masked play that never takes an illegal action, rewards that add up to the final standings,
and seeded resets that play the engine's game of that seed."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from pettingzoo.test import api_test, seed_test

from mahjong import riichi
from mahjong.errors import IllegalActionError, InvalidArgumentError
from mahjong.rl import american_env, riichi_env

MAKERS: dict[str, Callable[..., Any]] = {
    "riichi": riichi_env,
    "american": american_env,
    "sanma": lambda **options: riichi_env(**{"rules": "tenhou-sanma", **options}),
}


@pytest.mark.parametrize("family", MAKERS)
def test_api_and_seed(family: str) -> None:
    with warnings.catch_warnings():
        # Dict observations with action masks are PettingZoo's own convention for board games,
        # though its checker suggests a Box; there is nothing to render.
        warnings.simplefilter("ignore")
        api_test(MAKERS[family](), num_cycles=1000)
        api_test(MAKERS[family](full=False, reward="rank"), num_cycles=200)
    seed_test(MAKERS[family], num_cycles=500)


def play(env: Any, seed: int, rng: np.random.Generator) -> tuple[int, dict[str, float]]:
    """One episode of random masked actions; returns the steps taken and each agent's total
    reward."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs in env.observation_space(agent)
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size, f"{agent} selected with nothing to do"
        env.step(int(rng.choice(legal)))
        steps += 1
    return steps, totals


def test_three_agents_under_a_three_player_ruleset() -> None:
    """Three agents, ``player_0`` to ``player_2``; an episode's rewards sum to each seat's final
    standing points (the three to zero); three rank rewards by default (1, 0, -1)."""
    env = riichi_env(rules="tenhou-sanma")
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    _, totals = play(env, 3, np.random.default_rng(3))
    assert env.episode is not None
    standings = sorted(env.episode.game.standings(), key=lambda s: s["seat"])
    final = [s["points"] for s in standings]
    assert [round(totals[a] * 1000) for a in env.possible_agents] == final and sum(final) == 0
    ranked = riichi_env(rules="tenhou-sanma", reward="rank")
    _, totals = play(ranked, 3, np.random.default_rng(3))
    assert sorted(totals.values()) == [-1.0, 0.0, 1.0]
    with pytest.raises(InvalidArgumentError, match="rank_rewards needs 3 values"):
        riichi_env(rules="tenhou-sanma", reward="rank", rank_rewards=(1, 0, 0, -1))


@pytest.mark.parametrize("family", MAKERS)
def test_a_thousand_random_masked_steps(family: str) -> None:
    options = {"riichi": {"rules": "tenhou"}, "american": {"games": 4}, "sanma": {}}
    env = MAKERS[family](**options[family])
    rng = np.random.default_rng(0)
    steps, seed = 0, 0
    while steps < 1000:
        taken, _ = play(env, seed, rng)
        steps, seed = steps + taken, seed + 1


def test_points_rewards_sum_to_the_final_points() -> None:
    env = riichi_env(rules="tenhou")
    _, totals = play(env, 5, np.random.default_rng(5))
    standings = env.episode.game.standings()
    for s in standings:  # points after oka and uma, in thousands
        assert totals[f"player_{s['seat']}"] == pytest.approx(s["points"] / 1000)
    env = riichi_env(rules="tenhou", reward="rank", rank_rewards=(3, 1, -1, -3))
    _, totals = play(env, 5, np.random.default_rng(5))
    for s in standings:
        assert totals[f"player_{s['seat']}"] == [3, 1, -1, -3][s["rank"] - 1]


def test_american_rank_rewards_share_ties() -> None:
    env = american_env(reward="rank")
    _, totals = play(env, 1, np.random.default_rng(1))
    scores = env.episode.game.scores
    assert sum(totals.values()) == pytest.approx(0.0)
    for score in scores:
        same = [totals[f"player_{s}"] for s in range(4) if scores[s] == score]
        assert all(t == pytest.approx(same[0]) for t in same)


def test_a_seeded_reset_plays_the_engines_game() -> None:
    env = riichi_env()
    env.reset(seed=12)
    deal = riichi.Game(seed=12).next_deal()
    seat = env.agents.index(env.agent_selection)
    np.testing.assert_array_equal(
        env.observe(env.agent_selection)["observation"], riichi.encode(deal, seat, full=True)
    )


def test_illegal_actions_and_bad_options() -> None:
    env = riichi_env()
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match=f"code {illegal}"):
        env.step(illegal)
    assert (env.observe(env.agent_selection)["action_mask"] == mask).all()
    with pytest.raises(InvalidArgumentError, match="reward"):
        riichi_env(reward="money")
