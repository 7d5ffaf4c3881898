"""What the environments need of a game family, and the game they play.

:class:`Family` adapts one family (its game class, encoder, action codes, final standings and
default opponents) so that the environments are written once for both; :func:`for_riichi` and
:func:`for_american` make one from the environments' options. :class:`Episode` is one game
played decision by decision: which seat must act, applying its action code, and the rewards
that result. Every rule stays in the engine: legality comes from its legal codes, a deal's
score changes from its outcome and the final standings from the game.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, cast

import numpy as np
import numpy.typing as npt

from mahjong import american, encoding, registry, riichi
from mahjong.errors import IllegalActionError, InvalidArgumentError

__all__ = [
    "DEFAULT_RANK_REWARDS",
    "Episode",
    "Family",
    "RewardMode",
    "action_code",
    "check_legal",
    "check_rewards",
    "default_rank_rewards",
    "final_points",
    "finite",
    "for_american",
    "for_riichi",
]

RewardMode = Literal["points", "rank"]


def default_rank_rewards(players: int) -> tuple[float, ...]:
    """The reward of each final rank (1st to last) under reward="rank" when none is given:
    evenly spaced from 1 to -1 (four players: 1, 1/3, -1/3, -1; three: 1, 0, -1)."""
    return tuple(1.0 - 2.0 * rank / (players - 1) for rank in range(players))


DEFAULT_RANK_REWARDS = default_rank_rewards(4)
"""The default rank rewards of four players."""


def final_points(game: Any) -> list[float]:
    """Each seat's result at the end of `game`: its standing's ``points`` (Riichi: after oka
    and uma, so the four sum to zero but for riichi deposits the rules let be lost; American:
    the score), in seat order."""
    standings = sorted(game.standings(), key=lambda s: s["seat"])
    return [float(s["points"]) for s in standings]


def finite(value: Any, name: str, *, positive: bool = False) -> float:
    """`value`, a real number (an int or a float of Python or numpy, not a bool) that is finite
    (and above zero when `positive`), as a float; anything else is an InvalidArgumentError
    naming `name` and the value."""
    real = isinstance(value, (int, float, np.integer, np.floating))
    if not real or isinstance(value, (bool, np.bool_)):
        raise InvalidArgumentError(f"{name} must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number) or (positive and number <= 0):
        what = "a finite number above zero" if positive else "a finite number"
        raise InvalidArgumentError(f"{name} must be {what}, got {value!r}")
    return number


def action_code(action: Any) -> int:
    """`action` as an action code: an int or a numpy integer (a numpy scalar or a 0-d array),
    never a bool, a float or a string, which would otherwise be read as some other code; an
    InvalidArgumentError naming it otherwise. Whether the code is legal is the deal's to say
    (:func:`check_legal`)."""
    if not isinstance(action, (bool, np.bool_)):
        try:
            return operator.index(action)
        except TypeError:
            pass
    raise InvalidArgumentError(
        f"an action is an integer action code, got {action!r} ({type(action).__name__})"
    )


def check_legal(code: int, legal: Sequence[int], seat: int) -> None:
    """Raises IllegalActionError unless `code` is among the `legal` codes of `seat`."""
    if code not in legal:
        raise IllegalActionError(
            f"action code {code} is not legal for seat {seat} now (legal: {list(legal)})"
        )


def check_rewards(
    reward: str, rank_rewards: Sequence[float] | None, players: int
) -> tuple[float, ...]:
    """Checks the reward options for a game of `players`; returns the rank rewards as floats
    (:func:`default_rank_rewards` when None)."""
    if reward not in ("points", "rank"):
        raise InvalidArgumentError(f'reward must be "points" or "rank", got {reward!r}')
    if rank_rewards is None:
        return default_rank_rewards(players)
    if isinstance(rank_rewards, (str, bytes)) or not isinstance(rank_rewards, Sequence):
        raise InvalidArgumentError(f"rank_rewards needs {players} numbers, got {rank_rewards!r}")
    table = tuple(finite(r, "each of rank_rewards") for r in rank_rewards)
    if len(table) != players:
        raise InvalidArgumentError(
            f"rank_rewards needs {players} values (1st to last, one per player), got {table!r}"
        )
    return table


@dataclass(frozen=True)
class Family:
    """One family as the environments see it. Deals and games are the family's classes
    (``Deal``/``Game`` or ``AmericanDeal``/``AmericanGame``)."""

    name: str
    players: int
    actions: int
    width: int
    channels: list[encoding.Channel]
    new_game: Callable[[int], Any]
    encode: Callable[[Any, int], npt.NDArray[np.float32]]
    action_mask: Callable[[Any, int], npt.NDArray[np.int8]]
    rank_rewards: Callable[[Any, Sequence[float]], list[float]]
    """Each seat's reward from a table of rewards by rank."""
    built_in: Callable[[str, int], Any]
    """A built-in agent of the family (:data:`mahjong.registry.AGENTS`) by name, from a seed."""
    default_opponent: str
    """The built-in agent that plays the other seats unless told otherwise."""
    points_scale: float
    bounds: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]] = field(init=False)

    def __post_init__(self) -> None:
        scale = finite(self.points_scale, "points_scale", positive=True)
        object.__setattr__(self, "points_scale", scale)
        object.__setattr__(self, "bounds", encoding.bounds(self.channels, self.width))


def for_riichi(
    *, rules: riichi.Ruleset | str | None = None, full: bool = True, points_scale: float = 1e-3
) -> Family:
    """Riichi under `rules` (a Ruleset or a preset name; the engine's default, the one-deal
    seed preset, when None), with four players or (a three-player ruleset) three, with the
    basic or `full` encoding. Points rewards are in units of ``1 / points_scale`` points
    (thousands by default)."""
    # A preset's name is checked by the engine (InvalidRuleError naming it).
    ruleset = riichi.Ruleset.preset(cast(Any, rules)) if isinstance(rules, str) else rules

    def rank_rewards(game: Any, table: Sequence[float]) -> list[float]:
        return [table[s["rank"] - 1] for s in game.standings()]

    return Family(
        name="riichi",
        players=(ruleset or riichi.Ruleset()).players,
        actions=riichi.ACTION_COUNT,
        width=34,
        channels=riichi.encoding_channels(full),
        new_game=lambda seed: riichi.Game(seed=seed, rules=ruleset),
        encode=lambda deal, seat: riichi.encode(deal, seat, full=full),
        action_mask=riichi.action_mask,
        rank_rewards=rank_rewards,
        built_in=lambda name, seed: registry.make("riichi", name, seed),
        default_opponent="efficiency",
        points_scale=points_scale,
    )


def for_american(
    *,
    card: american.Card | str = "house-2026",
    rules: american.AmericanRules | str | None = None,
    games: int = 1,
    full: bool = True,
    points_scale: float = 1e-2,
) -> Family:
    """American with `card` (a Card or a built-in card's name), `rules` (options or a preset
    name) and `games` games per episode, with the basic or `full` encoding. Points rewards are
    in units of ``1 / points_scale`` points (hundreds by default)."""
    the_card = american.Card.builtin(card) if isinstance(card, str) else card
    options = american.AmericanRules.preset(cast(Any, rules)) if isinstance(rules, str) else rules

    def rank_rewards(game: Any, table: Sequence[float]) -> list[float]:
        # Tied players share the rewards of the places they tie for.
        scores = list(game.scores)
        order = sorted(scores, reverse=True)
        shared = []
        for score in scores:
            places = [table[i] for i, s in enumerate(order) if s == score]
            shared.append(sum(places) / len(places))
        return shared

    return Family(
        name="american",
        players=4,
        actions=american.ACTION_COUNT,
        width=36,
        channels=american.encoding_channels(full),
        new_game=lambda seed: american.AmericanGame(
            the_card, seed=seed, games=games, rules=options
        ),
        encode=lambda deal, seat: american.encode(deal, seat, full=full),
        action_mask=american.action_mask,
        rank_rewards=rank_rewards,
        built_in=lambda name, seed: registry.make("american", name, seed, the_card),
        default_opponent="card",
        points_scale=points_scale,
    )


class Episode:
    """One game of a family played decision by decision: :attr:`to_act` is the seat that must
    act, :meth:`apply` plays its action code and :meth:`take_rewards` gives the rewards since
    the last call. With ``reward="points"`` each deal's score changes are paid as the deal
    ends and the rest of its result (:func:`final_points`: deposits left, oka and uma) as the
    game ends, so an episode's rewards sum to each seat's final standing points (times the
    family's scale) and all seats' to zero (but for riichi deposits the rules let be lost);
    with ``"rank"`` the reward of each seat's final rank is paid at the end. Rewards are lists
    by seat, one per player."""

    def __init__(
        self,
        family: Family,
        seed: int,
        *,
        reward: RewardMode = "points",
        rank_rewards: Sequence[float] | None = None,
    ) -> None:
        self.family = family
        self.reward = reward
        self.rank_table = check_rewards(reward, rank_rewards, family.players)
        self.game = family.new_game(seed)
        self.deal: Any = self.game.next_deal()
        self._pending = [0.0] * family.players
        self._paid = [0.0] * family.players
        self._ended = False
        self._settle()

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self._ended

    @property
    def to_act(self) -> int | None:
        """The seat that must act now (the first of several in a claim window or a
        Charleston pass), or None once the game is over."""
        for seat in [] if self._ended else self.deal.waiting():
            if self.deal.legal_codes(seat):
                return int(seat)
        return None

    def legal_codes(self, seat: int) -> list[int]:
        """The codes `seat` may play now (none once the game is over)."""
        return [] if self._ended else [int(c) for c in self.deal.legal_codes(seat)]

    def apply(self, seat: int, action: Any) -> None:
        """Plays `action` (an action object of the family, or a code, which must be one of
        :meth:`legal_codes`) for `seat`; an illegal one raises IllegalActionError and changes
        nothing. A deal that ends is settled and the next one dealt."""
        if not hasattr(action, "code"):
            check_legal(action_code(action), self.legal_codes(seat), seat)
        self.deal.apply(seat, action)
        self._settle()

    def take_rewards(self) -> list[float]:
        """Each seat's rewards since the last call."""
        out, self._pending = self._pending, [0.0] * self.family.players
        return out

    def _pay(self, amounts: Sequence[float]) -> None:
        for seat, amount in enumerate(amounts):
            self._pending[seat] += amount
            self._paid[seat] += amount

    def _settle(self) -> None:
        scale = self.family.points_scale
        while self.deal.is_over and not self._ended:
            if self.reward == "points":
                self._pay([d * scale for d in self.deal.outcome["deltas"]])
            self.game.finish_deal(self.deal)
            upcoming = self.game.next_deal()
            if upcoming is None:
                self._ended = True
                self._pay(self._final())
            else:
                self.deal = upcoming

    def _final(self) -> list[float]:
        """What is owed at the end beyond what each seat has been paid."""
        if self.reward == "rank":
            return self.family.rank_rewards(self.game, self.rank_table)
        owed = [p * self.family.points_scale for p in final_points(self.game)]
        return [o - p for o, p in zip(owed, self._paid, strict=True)]
