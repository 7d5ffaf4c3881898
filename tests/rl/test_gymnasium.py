"""The Gymnasium environments of both families: Gymnasium's env checker, random masked play
that never takes an illegal action, the learner's seat and opponents (factories, agent lists,
agents that listen to events), and what an illegal action does."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from gymnasium.utils.env_checker import check_env

from mahjong.errors import IllegalActionError, InvalidArgumentError
from mahjong.riichi.game import RandomAgent
from mahjong.rl import AmericanGymEnv, RiichiGymEnv

CLASSES: dict[str, Any] = {
    "riichi": RiichiGymEnv,
    "american": AmericanGymEnv,
    "sanma": lambda **options: RiichiGymEnv(**{"rules": "tenhou-sanma", **options}),
}


@pytest.mark.parametrize("family", CLASSES)
def test_check_env(family: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no spec to make other render modes from
        check_env(CLASSES[family]())
        check_env(CLASSES[family](full=False, seat=None, reward="rank"))


@pytest.mark.parametrize("family", CLASSES)
def test_a_thousand_random_masked_steps(family: str) -> None:
    env = CLASSES[family](seat=None)
    rng = np.random.default_rng(1)
    steps, seats = 0, set()
    obs, info = env.reset(seed=0)
    while steps < 1000:
        assert obs in env.observation_space
        mask = obs["action_mask"]
        assert (env.action_masks() == mask.astype(bool)).all()
        obs, _, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(mask)))
        assert "illegal_action" not in info and not truncated
        steps += 1
        if terminated:
            seats.add(info["seat"])
            obs, info = env.reset()
    assert len(seats) > 1  # the learner's seat is drawn per episode


class Listener:
    """A random agent that records the events it is given."""

    def __init__(self, seed: int) -> None:
        self.agent = RandomAgent(seed)
        self.events: list[dict[str, Any]] = []

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        return self.agent.act(observation, legal)

    def on_events(self, seat: int, events: list[dict[str, Any]]) -> None:
        self.events.extend(events)


def test_opponents() -> None:
    made: list[int] = []

    def factory(seed: int) -> Listener:
        made.append(seed)
        return Listener(seed)

    env = RiichiGymEnv(opponents=factory, rules="tenhou")
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    terminated = False
    while not terminated:
        obs, _, terminated, _, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
    assert len(made) == 3
    listeners = [a for a in env._agents if a is not None]
    for listener in listeners:
        types = [e["type"] for e in listener.events]
        assert types.count("start_kyoku") == types.count("end_kyoku") > 1
        # Masked to the listener's seat: others' draws hidden, its own shown.
        draws = [e for e in listener.events if e["type"] == "tsumo"]
        assert {e["pai"] == "?" for e in draws} == {True, False}
    env = RiichiGymEnv(opponents=[RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    first, _ = env.reset(seed=1)
    again, _ = RiichiGymEnv(opponents=[RandomAgent(1), RandomAgent(2), RandomAgent(3)]).reset(
        seed=1
    )
    np.testing.assert_array_equal(first["observation"], again["observation"])


def test_illegal_actions() -> None:
    env = RiichiGymEnv(illegal_reward=-5.0)
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-5.0, True, illegal)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    assert env.step(legal)[3:] == (False, {"seat": 0, "illegal_action": legal})  # until reset
    with pytest.raises(InvalidArgumentError, match="rank_rewards needs 4 values"):
        RiichiGymEnv(reward="rank", rank_rewards=(1, -1))
    strict = RiichiGymEnv(illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError, match=f"action code {illegal} is not legal"):
        strict.step(illegal)
    with pytest.raises(InvalidArgumentError, match="seat 4"):
        RiichiGymEnv(seat=4)
    with pytest.raises(InvalidArgumentError, match="3 agents or one factory"):
        RiichiGymEnv(opponents=[RandomAgent(1)])
    with pytest.raises(InvalidArgumentError, match="reset"):
        RiichiGymEnv().step(0)


def test_two_opponents_under_a_three_player_ruleset() -> None:
    """A three-player table: two opponents (a list of two, or a factory called twice), the
    learner's seat 0..2, and the reward of the game summed over the episode."""
    env = RiichiGymEnv(rules="tenhou-sanma", opponents=[RandomAgent(1), RandomAgent(2)], seat=2)
    obs, info = env.reset(seed=4)
    assert info["seat"] == 2 and env.episode is not None and env.episode.family.players == 3
    rng = np.random.default_rng(4)
    total, terminated = 0.0, False
    while not terminated:
        obs, reward, terminated, _, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
        total += reward
    standings = env.episode.game.standings()
    assert len(standings) == 3
    (mine,) = [s for s in standings if s["seat"] == 2]
    assert round(total * 1000) == mine["points"]
    with pytest.raises(InvalidArgumentError, match="opponents: 2 agents"):
        RiichiGymEnv(rules="tenhou-sanma", opponents=[RandomAgent(1)] * 3)
    with pytest.raises(InvalidArgumentError, match=r"seat 3 is not a seat 0..2"):
        RiichiGymEnv(rules="tenhou-sanma", seat=3)
