"""What the environments refuse, with a typed error and before anything is played: actions
that are not integer codes (a float, a string, a bool, None; numpy integers are codes), codes
the mask leaves out (among them the red-five twin of an offered call), and options
that are not what they say (points_scale, rank_rewards and illegal_reward not finite numbers,
opponents that are not agents, a seat that is not 0..3)."""

from __future__ import annotations

import copy
import math
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from mahjong import riichi
from mahjong.errors import IllegalActionError, InvalidArgumentError
from mahjong.riichi.game import RandomAgent
from mahjong.rl import AmericanGymEnv, RiichiGymEnv, american_env, riichi_env

NOT_CODES = [2.9, 2.0, "2", True, False, np.float64(2.0), np.float32(3.0), np.bool_(True), None]
# The twin of each call code: the same chi or pon with or without a red five.
TWINS = {74: 75, 76: 77, 78: 79, 80: 81}
TWINS |= {red: plain for plain, red in TWINS.items()}


@pytest.mark.parametrize("action", NOT_CODES, ids=repr)
def test_gym_step_takes_only_integer_codes(action: Any) -> None:
    for env in (RiichiGymEnv(), RiichiGymEnv(illegal_action="raise"), AmericanGymEnv()):
        env.reset(seed=0)
        before = env.episode.deal.event_count()
        with pytest.raises(InvalidArgumentError, match="integer action code"):
            env.step(action)
        assert env.episode.deal.event_count() == before


@pytest.mark.parametrize("action", NOT_CODES, ids=repr)
def test_aec_step_takes_only_integer_codes(action: Any) -> None:
    for env in (riichi_env(), american_env()):
        env.reset(seed=0)
        before = env.episode.deal.event_count()
        with pytest.raises(InvalidArgumentError, match="integer action code"):
            env.step(action)
        assert env.episode.deal.event_count() == before


def test_numpy_integers_are_codes() -> None:
    env = RiichiGymEnv(illegal_action="raise")
    obs, _ = env.reset(seed=0)
    legal = np.flatnonzero(obs["action_mask"])
    for kind in (np.int64, np.int32, np.uint8, np.intp):
        env.reset(seed=0)
        env.step(kind(legal[0]))
    env.reset(seed=0)
    env.step(np.array(legal[0]))  # a 0-d array, as some vectorised wrappers hand it
    aec = riichi_env()
    aec.reset(seed=0)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    aec.step(np.int64(np.flatnonzero(mask)[0]))


def masked_twin(seeds: range) -> tuple[int, int, int, int]:
    """A (seed, step, seat, code) where random masked play of `riichi_env` reaches a state in
    which the call `code` is masked out but its twin with the other five is offered."""
    for seed in seeds:
        env = riichi_env()
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for step, agent in enumerate(env.agent_iter(max_iter=400)):
            _, _, terminated, _, _ = env.last()
            if terminated:
                break
            mask = env.observe(agent)["action_mask"]
            for code, twin in TWINS.items():
                if not mask[code] and mask[twin]:
                    return seed, step, env.agents.index(agent), code
            env.step(int(rng.choice(np.flatnonzero(mask))))
    raise AssertionError("no state with a masked twin of an offered call")


def test_masked_out_codes_are_refused() -> None:
    seed, steps, seat, code = masked_twin(range(50))
    env = riichi_env()
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    assert env.agent_selection == f"player_{seat}"
    deal = copy.copy(env.episode.deal)
    with pytest.raises(IllegalActionError, match=f"code {code} is not legal"):
        env.step(code)
    assert env.episode.deal.events() == deal.events()
    gym = RiichiGymEnv(illegal_action="raise", seat=seat)
    for action in (riichi.ACTION_COUNT, -1, 10**30):
        gym.reset(seed=0)
        with pytest.raises(IllegalActionError, match="is not legal"):
            gym.step(action)


BAD_SCALES = [math.nan, math.inf, -math.inf, 0, 0.0, -1e-3, True, "1e-3", None]


@pytest.mark.parametrize("scale", BAD_SCALES, ids=repr)
def test_points_scale_must_be_a_positive_finite_number(scale: Any) -> None:
    for make in (riichi_env, american_env, RiichiGymEnv, AmericanGymEnv):
        with pytest.raises(InvalidArgumentError, match="points_scale"):
            make(points_scale=scale)


def test_options_are_checked_at_construction() -> None:
    for seat in (1.0, "1", True, 4, -1, np.float64(1.0)):
        with pytest.raises(InvalidArgumentError, match="seat"):
            RiichiGymEnv(seat=seat)
    assert RiichiGymEnv(seat=np.int64(2)).fixed_seat == 2
    for opponents in ([None] * 3, ["abc", 1, 2.0], "abc", 3, [RandomAgent(1)] * 2):
        with pytest.raises(InvalidArgumentError, match="opponent"):
            RiichiGymEnv(opponents=opponents)
    with pytest.raises(InvalidArgumentError, match="opponent"):
        RiichiGymEnv(opponents=lambda seed: None).reset(seed=0)
    for value in (math.nan, math.inf, "x"):
        with pytest.raises(InvalidArgumentError, match="illegal_reward"):
            RiichiGymEnv(illegal_reward=value)
        with pytest.raises(InvalidArgumentError, match="rank_rewards"):
            riichi_env(reward="rank", rank_rewards=(1, 0, value, -1))
    with pytest.raises(InvalidArgumentError, match="rank_rewards"):
        RiichiGymEnv(reward="rank", rank_rewards="abcd")
