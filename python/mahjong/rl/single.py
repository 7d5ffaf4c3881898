"""Gymnasium environments for one learner at a table of three other players (two under a
three-player ruleset).

The learner's seat is fixed (``seat=``) or drawn for each episode; the other seats are played
by opponents: any objects with ``act(observation, legal) -> action`` (the agent protocol of
:mod:`mahjong.agents`; one with ``on_events(seat, events)`` also receives the events its seat
may see before each of its decisions and at the end of each deal, which is all a native agent
or a hosted Mjai bot needs to plug in). ``opponents`` is one agent per other seat (kept across
episodes), one factory ``seed -> agent`` called once per other seat each episode with seeds
from the environment's generator, or the name of a built-in agent of :mod:`mahjong.registry`
(``"strong"``, ``"expert"``, ...; one that cannot play the rules is refused) made so; the
default is ``"efficiency"`` (Riichi) or ``"card"`` (American).

Observations and rewards are those of :mod:`mahjong.rl.aec` for the learner's seat;
:meth:`MahjongGymEnv.action_masks` also gives the mask (the convention of sb3-contrib's
MaskablePPO). An illegal action ends the episode with ``illegal_reward`` and
``info["illegal_action"]`` (the default, so that unmasked samplers such as Gymnasium's
``check_env`` can step the environment), or with ``illegal_action="raise"`` raises
:class:`mahjong.errors.IllegalActionError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt

from mahjong.errors import InvalidArgumentError
from mahjong.rl.aec import SEED_BOUND, observation_space, observe
from mahjong.rl.family import (
    Episode,
    Family,
    RewardMode,
    action_code,
    check_legal,
    check_rewards,
    finite,
    for_american,
    for_riichi,
)

__all__ = ["AmericanGymEnv", "MahjongGymEnv", "Opponents", "RiichiGymEnv"]

Opponents = Sequence[Any] | Callable[[int], Any] | str | None
Observation = dict[str, Any]


def _seat(seat: Any, players: int) -> int | None:
    """The learner's seat option: 0..players-1 (an int or a numpy integer, not a bool) or
    None."""
    if seat is None:
        return None
    whole = isinstance(seat, (int, np.integer)) and not isinstance(seat, bool)
    if whole and 0 <= seat < players:
        return int(seat)
    raise InvalidArgumentError(f"seat {seat!r} is not a seat 0..{players - 1} (or None)")


def _agent(agent: Any) -> Any:
    """`agent` when it has the agent protocol's ``act``; else an InvalidArgumentError."""
    if not callable(getattr(agent, "act", None)):
        raise InvalidArgumentError(
            f"an opponent is an agent with act(observation, legal), got {agent!r}"
        )
    return agent


def _opponents(opponents: Any, family: Family) -> Opponents:
    """The opponents option: None, one factory, a built-in agent's name (checked, also against
    the rules), or one agent per other seat (each checked)."""
    others = family.players - 1
    if isinstance(opponents, str):
        try:
            family.built_in(opponents, 0)
        except InvalidArgumentError as error:
            raise InvalidArgumentError(f"opponents: {error}") from None
        return opponents
    if opponents is None or callable(opponents):
        return opponents  # type: ignore[no-any-return]
    listed = isinstance(opponents, Sequence) and not isinstance(opponents, (str, bytes))
    if not listed or len(opponents) != others:
        raise InvalidArgumentError(f"opponents: {others} agents or one factory, got {opponents!r}")
    return [_agent(agent) for agent in opponents]


class MahjongGymEnv(gymnasium.Env[Observation, np.int64]):
    """One learner against the other players over one family (see the module docs)."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (gymnasium's attribute)

    def __init__(
        self,
        family: Family,
        *,
        seat: int | None = 0,
        opponents: Opponents = None,
        reward: RewardMode = "points",
        rank_rewards: Sequence[float] | None = None,
        illegal_action: Literal["end", "raise"] = "end",
        illegal_reward: float = -1.0,
    ) -> None:
        if illegal_action not in ("end", "raise"):
            raise InvalidArgumentError(
                f'illegal_action must be "end" or "raise", got {illegal_action!r}'
            )
        players = family.players
        self.rank_rewards = check_rewards(reward, rank_rewards, players)
        self.family = family
        self.fixed_seat = _seat(seat, players)
        self.opponents: Opponents = _opponents(opponents, family)
        self.reward: RewardMode = reward
        self.illegal_action = illegal_action
        self.illegal_reward = finite(illegal_reward, "illegal_reward")
        self.observation_space = observation_space(family)
        self.action_space = gymnasium.spaces.Discrete(family.actions)
        self.episode: Episode | None = None
        self.seat = 0
        self._agents: list[Any] = []
        self._delivered = [0] * self.family.players
        # An illegal action ended the episode: every step is refused until the next reset.
        self._refused = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game: the engine's game from `seed` when given (later seedless resets draw
        their seeds from the environment's generator)."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(SEED_BOUND))
        self.seat = (
            self.fixed_seat
            if self.fixed_seat is not None
            else int(self.np_random.integers(self.family.players))
        )
        self._agents = self._seat_agents()
        self._delivered = [0] * self.family.players
        self._refused = False
        self.episode = Episode(
            self.family, game_seed, reward=self.reward, rank_rewards=self.rank_rewards
        )
        self._play_others()
        return observe(self.family, self.episode, self.seat), {"seat": self.seat}

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Plays the learner's action code (an int or a numpy integer; anything else is an
        InvalidArgumentError, whatever ``illegal_action`` says)."""
        episode = self._episode()
        code = action_code(action)
        info: dict[str, Any] = {"seat": self.seat}
        legal = [] if self._refused else episode.legal_codes(self.seat)
        if code not in legal:
            if self.illegal_action == "raise":
                check_legal(code, legal, self.seat)
            self._refused = True
            info["illegal_action"] = code
            return observe(self.family, episode, self.seat), self.illegal_reward, True, False, info
        self._apply(self.seat, code)
        reward = episode.take_rewards()[self.seat] + self._play_others()
        return observe(self.family, episode, self.seat), reward, episode.over, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions now, as booleans over the action codes."""
        return self.family.action_mask(self._episode().deal, self.seat).astype(bool)

    def _episode(self) -> Episode:
        if self.episode is None:
            raise InvalidArgumentError("call reset() before step()")
        return self.episode

    def _seat_agents(self) -> list[Any]:
        """The agent of each seat this episode (None at the learner's)."""
        players = self.family.players
        opponents = self.opponents
        if opponents is None or isinstance(opponents, str) or callable(opponents):
            seeds = [int(self.np_random.integers(SEED_BOUND)) for _ in range(players - 1)]
            if opponents is None or isinstance(opponents, str):
                name = opponents or self.family.default_opponent
                others = [self.family.built_in(name, seed) for seed in seeds]
            else:
                others = [_agent(opponents(seed)) for seed in seeds]
        else:
            others = list(opponents)
        return [None if s == self.seat else others.pop(0) for s in range(players)]

    def _play_others(self) -> float:
        """Plays the opponents until the learner must act or the game ends; returns the
        learner's rewards meanwhile."""
        episode = self._episode()
        reward = 0.0
        while (seat := episode.to_act) is not None and seat != self.seat:
            deal = episode.deal
            legal = deal.legal_actions(seat)
            self._deliver(seat, deal)
            self._apply(seat, self._agents[seat].act(deal.observation(seat), legal))
            reward += episode.take_rewards()[self.seat]
        return reward

    def _apply(self, seat: int, action: Any) -> None:
        """Plays `action` (an action object or its code) for `seat`; a deal that ends is
        delivered in full to every listening opponent."""
        episode = self._episode()
        deal = episode.deal
        episode.apply(seat, action)
        if deal.is_over:
            for other, agent in enumerate(self._agents):
                if agent is not None:
                    self._deliver(other, deal)
            self._delivered = [0] * self.family.players

    def _deliver(self, seat: int, deal: Any) -> None:
        """Gives `seat`'s agent, if it listens, the events of `deal` it has not seen."""
        listener = getattr(self._agents[seat], "on_events", None)
        count = deal.event_count()
        if listener is not None and self._delivered[seat] < count:
            listener(seat, deal.events(self._delivered[seat], seat=seat))
        self._delivered[seat] = count


class RiichiGymEnv(MahjongGymEnv):
    """One Riichi learner against three opponents (two under a three-player ruleset; default:
    ``"efficiency"``). `rules` is a Ruleset or a preset name (default: the one-deal seed
    preset, e.g. ``"tenhou-sanma"`` for three players), `full` picks the full
    encoding, points rewards are in units of ``1 / points_scale`` points; `options` are those
    of :class:`MahjongGymEnv` (`seat`, `opponents`, `reward`, `rank_rewards`,
    `illegal_action`, `illegal_reward`)."""

    def __init__(
        self, *, rules: Any = None, full: bool = True, points_scale: float = 1e-3, **options: Any
    ) -> None:
        super().__init__(for_riichi(rules=rules, full=full, points_scale=points_scale), **options)


class AmericanGymEnv(MahjongGymEnv):
    """One American learner against three opponents (default: ``"card"``). `card` is a
    Card or a built-in card's name, `rules` options or a preset name, `games` the games per
    episode, `full` picks the full encoding, points rewards are in units of
    ``1 / points_scale`` points; `options` are those of :class:`MahjongGymEnv`."""

    def __init__(
        self,
        *,
        card: Any = "house-2026",
        rules: Any = None,
        games: int = 1,
        full: bool = True,
        points_scale: float = 1e-2,
        **options: Any,
    ) -> None:
        family = for_american(
            card=card, rules=rules, games=games, full=full, points_scale=points_scale
        )
        super().__init__(family, **options)
