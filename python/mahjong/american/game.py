"""Playing American Mahjong: agents, the loop that asks them for actions, and sessions.

The rules live in the compiled engine (:class:`AmericanDeal`, :class:`AmericanGame`); this
module only asks each seat's agent to choose among the legal actions the engine offers and
hands it what that seat may see. The agent protocol is the Riichi one
(:class:`mahjong.riichi.game.Agent`): ``act(observation, legal)`` returns one of `legal`, and an
optional ``on_events(seat, events)`` receives the events that seat may see. A game can also
be driven by hand::

    deal = AmericanDeal(Card.builtin("house-2026"), seed=1)
    while not deal.is_over:
        for seat in deal.waiting():
            deal.apply(seat, deal.legal_actions(seat)[0])

Logs are JSON lines (see the README's "American game logs").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjong import agents
from mahjong._core import (
    AmericanAction,
    AmericanGame,
    AmericanRules,
    Card,
    Exposure,
    NativeAgent,
)
from mahjong.agents import Agent, GameRecord, Observation, play_deal
from mahjong.agents import play_game as agents_play_game
from mahjong.errors import MahjongError

__all__ = [
    "Agent",
    "CardAgent",
    "ExpertCardAgent",
    "GameRecord",
    "Observation",
    "RandomAgent",
    "play_deal",
    "play_game",
]

JOKER = 35


def _of_type(legal: Sequence[AmericanAction], kind: str) -> list[AmericanAction]:
    return [a for a in legal if a.type == kind]


def _exposure(e: Mapping[str, Any]) -> Exposure:
    return Exposure(e["tile"], e["size"], e["jokers"])


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own seed (as
    :class:`mahjong.agents.RandomAgent`), except that it never discards a joker while its hand
    lives and it may do anything else: a thrown joker is lost to the table."""

    def __init__(self, seed: int = 0) -> None:
        self._uniform = agents.RandomAgent(seed)

    def act(self, observation: Observation, legal: Sequence[AmericanAction]) -> AmericanAction:
        if not observation["players"][observation.seat]["dead"]:
            kept = [a for a in legal if not (a.type == "discard" and a.kind == JOKER)]
            if kept:
                legal = kept
        return self._uniform.act(observation, legal)


class ExpertCardAgent:
    """The American player that chooses by simulation over the card's hands: the compiled
    core's ``expert`` agent. Each decision draws `playouts` futures (the seat's next draws and
    the other players' discards, from the tiles it cannot see; default 64) and reads, for every
    choice, what the hand is then worth: the best card hand each future completes, its value
    discounted by the rounds it takes. It passes in the Charleston, discards and exposes by that
    worth, never throws a joker while a live hand can use it, and otherwise (votes, courtesy
    offers, joker exchanges, dead calls) plays as :class:`CardAgent` (docs/strength.md). The
    same `seed` and observation give the same decision; it decides with the GIL released.
    `card` defaults to the built-in house card."""

    def __init__(
        self, card: Card | None = None, *, seed: int = 0, playouts: int | None = None
    ) -> None:
        self._native = NativeAgent("american", "expert", seed=seed, card=card, playouts=playouts)

    def act(self, observation: Observation, legal: Sequence[AmericanAction]) -> AmericanAction:
        """One of `legal`, chosen from `observation` (an American observation)."""
        return self._native.act(observation, legal)


class CardAgent:
    """Plays for the card: declares Mah Jongg whenever it can; passes in the Charleston what
    :meth:`Card.charleston_pass` advises; discards for the nearest, most valuable hand still
    live (:meth:`Card.discard_options` with every discard and exposure in sight), and of equal
    choices the tile least likely to complete a visible near-complete exposure, never a joker
    while a live hand can use it (:meth:`Card.joker_usable`); claims a discard only when the
    hand comes nearer and stays live; redeems every joker it can; calls a hand dead (challenge
    mode) only when its exposures can no longer be completed."""

    def __init__(self, card: Card, *, near_exposures: int = 2) -> None:
        self.card = card
        self.near_exposures = near_exposures
        self._plan: list[int] = []
        self._danger_cache: dict[tuple[Any, ...], frozenset[int]] = {}

    # --- what is in sight ---------------------------------------------------------------------

    @staticmethod
    def _visible(observation: Observation) -> str:
        return " ".join(
            d["pai"] for p in observation["players"] for d in p["discards"] if not d["claimed"]
        )

    @staticmethod
    def _mine(observation: Observation) -> list[Exposure]:
        return [_exposure(e) for e in observation["players"][observation.seat]["exposures"]]

    @staticmethod
    def _others(observation: Observation) -> list[Exposure]:
        return [
            _exposure(e)
            for s, p in enumerate(observation["players"])
            if s != observation.seat
            for e in p["exposures"]
        ]

    def _danger(self, observation: Observation) -> frozenset[int]:
        """Kinds a visible near-complete exposure still needs: for every other live player with
        `near_exposures` or more exposures, the kinds the card hands its exposures fit still
        lack."""
        out: set[int] = set()
        for s, p in enumerate(observation["players"]):
            exposures = p["exposures"]
            if s == observation.seat or p["dead"] or len(exposures) < self.near_exposures:
                continue
            key = tuple((e["tile"], e["size"], e["jokers"]) for e in exposures)
            if key not in self._danger_cache:
                self._danger_cache[key] = self._needed(exposures)
            out |= self._danger_cache[key]
        return frozenset(out)

    def _needed(self, exposures: Sequence[Mapping[str, Any]]) -> frozenset[int]:
        exposed = [0] * 36
        for e in exposures:
            exposed[Exposure(e["tile"], e["size"], e["jokers"]).tile] += e["size"]
        needed: set[int] = set()
        try:
            hands = self.card.live_hands([_exposure(e) for e in exposures])
        except MahjongError:
            return frozenset()
        for hand_id in hands:
            for variant in self.card.variants(hand_id):
                counts = variant.counts
                if all(counts[k] >= n for k, n in enumerate(exposed) if n):
                    needed.update(k for k, n in enumerate(counts) if n > exposed[k])
        needed.discard(JOKER)
        return frozenset(needed)

    # --- decisions ----------------------------------------------------------------------------

    def act(self, observation: Observation, legal: Sequence[AmericanAction]) -> AmericanAction:
        if found := _of_type(legal, "mahjongg"):
            return found[0]
        first = legal[0].type
        if first in ("pass_tile", "blind"):
            return self._pass_tile(observation, legal)
        if first == "vote":
            return self._vote(observation, legal)
        if first == "courtesy":
            return self._courtesy(observation, legal)
        if observation["claim"] is not None:
            return self._claim(observation, legal)
        if exchanges := _of_type(legal, "joker_exchange"):
            return exchanges[0]
        if challenges := _of_type(legal, "call_dead"):
            for action in challenges:
                if self._is_dead(observation, action.target):
                    return action
        return self._discard(observation, _of_type(legal, "discard"))

    def _hand(self, observation: Observation) -> str:
        return " ".join(observation["hand"])

    def _distance(self, observation: Observation) -> int:
        found = self.card.distances(self._hand(observation), self._mine(observation), top=1)
        return found[0].distance if found else 99

    def _pass_tile(
        self, observation: Observation, legal: Sequence[AmericanAction]
    ) -> AmericanAction:
        by_kind = {a.kind: a for a in legal if a.type == "pass_tile"}
        if not observation["picked"]:
            try:
                self._plan = self.card.charleston_pass(self._hand(observation), 3)
            except MahjongError:
                self._plan = []
        for kind in self._plan:
            if kind in by_kind:
                self._plan.remove(kind)
                return by_kind[kind]
        if by_kind:
            # Beyond the advice: the least useful single tile (flowers and honours first).
            return max(by_kind.values(), key=lambda a: a.kind or 0)
        return legal[0]  # only a blind pass is left

    def _vote(self, observation: Observation, legal: Sequence[AmericanAction]) -> AmericanAction:
        go_on = self._distance(observation) > 4
        return next(a for a in legal if a.go_on is go_on)

    def _courtesy(
        self, observation: Observation, legal: Sequence[AmericanAction]
    ) -> AmericanAction:
        distance = self._distance(observation)
        wanted = 3 if distance >= 6 else 2 if distance >= 4 else 0
        return max((a for a in legal if (a.count or 0) <= wanted), key=lambda a: a.count or 0)

    def _is_dead(self, observation: Observation, seat: int | None) -> bool:
        if seat is None:
            return False
        players = observation["players"]
        others = [_exposure(e) for s, p in enumerate(players) if s != seat for e in p["exposures"]]
        exposures = [_exposure(e) for e in players[seat]["exposures"]]
        if not exposures:
            return False
        return self.card.is_dead(
            exposures, visible=self._visible(observation) or None, others=others
        )

    def _discard(
        self, observation: Observation, options: Sequence[AmericanAction]
    ) -> AmericanAction:
        by_kind = {a.kind: a for a in options}
        danger = self._danger(observation)
        if observation["players"][observation.seat]["dead"]:
            return min(options, key=lambda a: (a.kind in danger, a.kind == JOKER, a.code))
        visible = self._visible(observation)
        advice = self.card.discard_options(
            self._hand(observation),
            self._mine(observation),
            visible=visible or None,
            others=self._others(observation),
            top=1,
        )

        keep_joker = (
            "J" in observation["hand"]
            and any(o.tile != JOKER for o in advice)
            and self.card.joker_usable(
                self._hand(observation),
                self._mine(observation),
                visible=visible or None,
                others=self._others(observation),
            )
        )

        def rank(i: int) -> tuple[int, bool, int, int]:
            option = advice[i]
            distance = 99 if option.distance is None else option.distance
            value = option.hands[0].value if option.hands else 0
            return (distance, option.tile in danger, -value, i)

        for i in sorted(range(len(advice)), key=rank):
            tile = advice[i].tile
            if tile in by_kind and not (keep_joker and tile == JOKER):
                return by_kind[tile]
        return options[0]

    def _claim(self, observation: Observation, legal: Sequence[AmericanAction]) -> AmericanAction:
        passing = _of_type(legal, "pass")[0]
        exposes = _of_type(legal, "expose")
        if not exposes or observation["players"][observation.seat]["dead"]:
            return passing
        tile, _ = observation["claim"]
        kind = Exposure(tile, 3).tile
        before = self._distance(observation)
        visible = self._visible(observation)
        others = self._others(observation)
        mine = self._mine(observation)
        best: tuple[int, int, AmericanAction] | None = None
        for action in exposes:
            size, jokers = action.size or 3, action.jokers or 0
            hand = list(observation["hand"])
            try:
                for _ in range(size - 1 - jokers):
                    hand.remove(tile)
                for _ in range(jokers):
                    hand.remove("J")
                advice = self.card.discard_options(
                    " ".join(hand),
                    [*mine, Exposure(kind, size, jokers)],
                    visible=visible or None,
                    others=others,
                    top=1,
                )
            except (ValueError, MahjongError):
                continue
            live = [o.distance for o in advice if o.distance is not None]
            if not live:
                continue
            after = min(live)
            if after < before and (best is None or (after, jokers) < best[:2]):
                best = (after, jokers, action)
        return passing if best is None else best[2]


def play_game(
    agents: Sequence[Agent[AmericanAction]],
    *,
    card: Card,
    seed: int,
    games: int = 1,
    rules: AmericanRules | None = None,
    log: bool = True,
) -> GameRecord:
    """Plays a session of `games` American games on `card` under `rules` (default: the nmjl
    preset) with one agent per seat, named in the log by their classes; every wall comes from
    `seed`. With `log`, the record keeps the session's log (the same seed and agents give the
    same bytes)."""
    names = [type(a).__name__ for a in agents]
    if len(names) != 4:
        raise ValueError(f"a game needs 4 agents, got {len(names)}")
    session = AmericanGame(card, seed=seed, games=games, rules=rules, names=names)
    return agents_play_game(session, agents, log=log)
