"""PettingZoo AEC environments: four learners at one table (three under a three-player
ruleset), one game per episode.

Agents are ``player_0`` to ``player_3`` (seats 0 to 3; ``player_2`` the last of three). Each
observation is a dict with
``"observation"``, the seat's encoding (``docs/encoding.md``; the full encoding unless
``full=False``), and ``"action_mask"``, int8 over the family's action codes (1 = legal). The
agent to act is the engine's: the seat on turn, or one by one the seats that may answer a
discard or must give a Charleston pass. ``reset(seed=s)`` plays the engine's game from seed
``s`` (later seedless resets draw their seeds from it). Rewards: with ``reward="points"`` each
deal's score changes as the deal ends and the rest of the final points at the end (so they sum
to the seat's standing points after oka and uma, scaled, and all seats' to zero); with
``reward="rank"`` the reward of each final rank (``rank_rewards``, 1st to last; default evenly
spaced from 1 to -1) at the end. An
action is an integer code (an int or a numpy integer; a float, a string or a bool is an
:class:`mahjong.errors.InvalidArgumentError`); one the mask does not allow raises
:class:`mahjong.errors.IllegalActionError` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from mahjong.rl.family import Episode, Family, RewardMode, action_code, check_rewards

__all__ = ["MahjongAEC", "agent_names", "observation_space"]

# Seeds drawn for seedless resets stay in the engine's range.
SEED_BOUND = 2**63


def agent_names(family: Family) -> list[str]:
    """The agents of a table of the family's players: ``player_0`` and on."""
    return [f"player_{seat}" for seat in range(family.players)]


def observation_space(family: Family) -> gymnasium.spaces.Dict:
    """The space of one seat's observation dict."""
    low, high = family.bounds
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(low, high, dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (family.actions,), dtype=np.int8),
        }
    )


def observe(family: Family, episode: Episode, seat: int) -> dict[str, npt.NDArray[Any]]:
    """What `seat` sees now, as an observation dict (new arrays every call)."""
    return {
        "observation": family.encode(episode.deal, seat),
        "action_mask": family.action_mask(episode.deal, seat),
    }


class MahjongAEC(AECEnv):
    """A PettingZoo AEC environment over one family (see the module docs); made by
    :func:`mahjong.rl.riichi_env` and :func:`mahjong.rl.american_env`."""

    def __init__(
        self,
        family: Family,
        *,
        reward: RewardMode = "points",
        rank_rewards: Sequence[float] | None = None,
    ) -> None:
        super().__init__()
        self.rank_rewards = check_rewards(reward, rank_rewards, family.players)
        self.names = agent_names(family)
        self.family = family
        self.reward: RewardMode = reward
        self.metadata = {
            "name": f"mahjong_{family.name}_v0",
            "render_modes": [],
            "is_parallelizable": False,
        }
        self.possible_agents = list(self.names)
        space = observation_space(family)
        self.observation_spaces = {a: space for a in self.names}
        actions = gymnasium.spaces.Discrete(family.actions)
        self.action_spaces = {a: actions for a in self.names}
        self._rng, _ = seeding.np_random(None)
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
            game_seed = seed
        else:
            game_seed = int(self._rng.integers(SEED_BOUND))
        self.episode = Episode(
            self.family, game_seed, reward=self.reward, rank_rewards=self.rank_rewards
        )
        self.agents = list(self.names)
        self.rewards = dict.fromkeys(self.names, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.names, 0.0)
        self.terminations = dict.fromkeys(self.names, False)
        self.truncations = dict.fromkeys(self.names, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.names}
        self._select()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        assert self.episode is not None, "call reset() first"
        return observe(self.family, self.episode, self.names.index(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.episode is not None, "call reset() first"
        self._cumulative_rewards[agent] = 0.0
        self.episode.apply(self.names.index(agent), action_code(action))

        for seat, amount in enumerate(self.episode.take_rewards()):
            self.rewards[self.names[seat]] = amount
        if self.episode.over:
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def _select(self) -> None:
        """The agent to act: the engine's, or (once the game is over) the first agent."""
        assert self.episode is not None
        seat = self.episode.to_act
        self.agent_selection = self.agents[0] if seat is None else self.names[seat]

    def close(self) -> None:
        self.episode = None
