"""Playing Riichi: :class:`EfficiencyAgent`, the native :class:`StrongAgent` and
:class:`ExpertAgent`, and whole games (:func:`play_game`) played by the shared stepper of
:mod:`mahjong.agents` (whose :class:`RandomAgent`, :func:`play_deal` and :class:`GameRecord`
are re-exported here).

The rules live in the compiled engine (:class:`Deal`, :class:`Game`); agents only choose among
the legal actions the engine offers, seeing what their seat may see. A deal can also be driven
by hand, step by step::

    deal = Deal(seed=1)
    while not deal.is_over:
        for seat in deal.waiting():
            deal.apply(seat, deal.legal_actions(seat)[0])

Logs are JSON lines in the mjai vocabulary (see the README's "Game logs" section).
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong import Tiles
from mahjong._core import Action, Game, NativeAgent, Ruleset
from mahjong.agents import Agent, GameRecord, Observation, RandomAgent, play_deal
from mahjong.agents import play_game as agents_play_game
from mahjong.riichi import shanten, ukeire
from mahjong.riichi.mjai import KIND_NAMES, RED_FIVE_NAMES, to_mpsz

__all__ = [
    "Agent",
    "EfficiencyAgent",
    "ExpertAgent",
    "GameRecord",
    "Observation",
    "RandomAgent",
    "StrongAgent",
    "play_deal",
    "play_game",
]


def _by_type(legal: Sequence[Action], *types: str) -> list[Action]:
    return [a for a in legal if a.type in types]


class EfficiencyAgent:
    """A simple strong-enough player: wins when it can, sets a North aside (kita, three
    players) when the hand does not need it, declares riichi when tenpai, discards for the
    fastest hand (shanten, then ukeire), calls yakuhai pons and calls that speed up a hand
    already open with a yaku, and folds against a riichi with safe tiles (the riichi player's
    own discards, then suji, then honours) when two or more tiles from tenpai, or one tile
    from it late in the deal."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        for wanted in ("tsumo", "ron"):
            if found := _by_type(legal, wanted):
                return found[0]
        if observation["claim"] is not None:
            return self._claim(observation, legal)
        if kyuushu := _by_type(legal, "kyuushu"):
            return kyuushu[0]
        if (kita := _by_type(legal, "kita")) and self._spare_north(observation):
            return kita[0]
        if riichi := _by_type(legal, "riichi"):
            return self._best_discard(observation, riichi)
        discards = _by_type(legal, "discard")
        if self._should_fold(observation):
            return self._safest(observation, discards)
        return self._best_discard(observation, discards)

    @staticmethod
    def _hand(observation: Observation) -> str:
        return "".join(_MPSZ[t] for t in observation["hand"])

    def _spare_north(self, observation: Observation) -> bool:
        """Whether the hand does not need a North: in riichi (the hand stays as it is), or
        setting one aside leaves the hand as near to a win as the best discard would."""
        if observation["players"][observation.seat]["riichi"]:
            return True
        ranked = ukeire(
            self._hand(observation),
            visible=_visible(observation),
            players=len(observation["players"]),
        )
        assert isinstance(ranked, list)  # a hand on turn has 3n+2 tiles
        north = next(u.shanten for u in ranked if u.discard == _KIND["N"])
        return north <= min(u.shanten for u in ranked)

    def _best_discard(self, observation: Observation, options: Sequence[Action]) -> Action:
        ranked = ukeire(
            self._hand(observation),
            visible=_visible(observation),
            players=len(observation["players"]),
        )
        assert isinstance(ranked, list)  # a hand on turn has 3n+2 tiles
        order = {u.discard: (i, u.shanten, -u.total) for i, u in enumerate(ranked)}
        kinds = {a: _kind(a.tile) for a in options if a.tile is not None}
        return min(options, key=lambda a: (order.get(kinds.get(a, -1), (99, 9, 0)), a.code))

    def _should_fold(self, observation: Observation) -> bool:
        others_riichi = any(
            p["riichi"] for s, p in enumerate(observation["players"]) if s != observation.seat
        )
        if not others_riichi:
            return False
        # Far from tenpai: fold. One step away: push early, fold once the wall runs low.
        away = shanten(self._hand(observation))
        return away >= 2 or (away == 1 and observation["tiles_left"] < 40)

    def _safest(self, observation: Observation, options: Sequence[Action]) -> Action:
        threats = [
            p for s, p in enumerate(observation["players"]) if s != observation.seat and p["riichi"]
        ]
        safe = {_kind(d["pai"]) for p in threats for d in p["pond"]}
        suji: set[int] = set()
        for kind in safe:
            if kind < 27:
                n = kind % 9
                suji.update(kind + d for d in (-3, 3) if 0 <= n + d <= 8)

        def danger(action: Action) -> tuple[int, int]:
            kind = _kind(action.tile)
            if kind in safe:
                return (0, action.code)
            if kind >= 27:
                return (1, action.code)
            return (2 if kind in suji else 3, action.code)

        return min(options, key=danger)

    def _claim(self, observation: Observation, legal: Sequence[Action]) -> Action:
        passing = _by_type(legal, "pass")[0]
        pai, _ = observation["claim"]
        kind = _kind(pai)
        value_kinds = {31, 32, 33, 27 + "ESWN".index(observation["seat_wind"])}
        value_kinds.add(27 + "ESWN".index(observation["round_wind"]))
        if kind in value_kinds and (pons := _by_type(legal, "pon")):
            return pons[0]
        me = observation["players"][observation.seat]
        has_yaku_meld = any(_kind(m["tiles"][0]) in value_kinds for m in me["melds"])
        calls = _by_type(legal, "chi", "pon")
        if not (has_yaku_meld and calls):
            return passing
        before = shanten(self._hand(observation))
        for call in calls:
            rest = list(observation["hand"])
            for tile in call.consumed:
                rest.remove(tile)
            if shanten("".join(_MPSZ[t] for t in rest)) < before:
                return call
        return passing


class StrongAgent:
    """The efficiency player with a danger-ranked defence against every threat, riichi
    judgement and calls under threat: the compiled core's ``strong`` agent (see
    docs/strength.md), deciding with the GIL released. `seed` is accepted for symmetry with
    the other agents; it plays without chance."""

    def __init__(self, seed: int = 0) -> None:
        self._native = NativeAgent("riichi", "strong", seed=seed)

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """One of `legal`, chosen from `observation` (a Riichi observation)."""
        return self._native.act(observation, legal)


class ExpertAgent:
    """The searching player: the compiled core's ``expert`` agent. At each decision worth it,
    it names the hidden tiles from what its seat saw (the other hands drawn by models fitted
    from self-play), plays each candidate action (discards, riichi or dama, calls, a fold)
    out to the deal's end with the native engine, and chooses by the expected final rank
    (docs/strength.md). The same `seed` and observation give the same decision: the budget is
    `playouts` per decision (default 400); `threads` share a decision's worlds; `time_cap`
    (seconds, off by default) stops drawing worlds early, and decisions then depend on the
    machine. It decides with the GIL released."""

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int | None = None,
        threads: int | None = None,
        time_cap: float | None = None,
    ) -> None:
        self._native = NativeAgent(
            "riichi", "expert", seed=seed, playouts=playouts, threads=threads, time_cap=time_cap
        )

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """One of `legal`, chosen from `observation` (a Riichi observation)."""
        return self._native.act(observation, legal)


_KIND = {name: kind for kind, name in enumerate(KIND_NAMES)} | dict(
    zip(RED_FIVE_NAMES, (4, 13, 22), strict=True)
)
_MPSZ = {name: to_mpsz(name) for name in _KIND}


def _kind(pai: str | None) -> int:
    return -1 if pai is None else _KIND[pai]


def _visible(observation: Observation) -> Tiles:
    """Tiles the seat sees outside its hand (ponds, melds, kita tiles, dora indicators), as
    counts capped so that together with the hand no kind exceeds four."""
    counts = [0] * 34
    for t in observation["hand"]:
        counts[_KIND[t]] -= 1
    seen: list[str] = list(observation["dora_indicators"])
    for player in observation["players"]:
        seen.extend(d["pai"] for d in player["pond"] if not d["called"])
        for meld in player["melds"]:
            seen.extend(meld["tiles"])
        seen.extend(player["kita"])
    for t in seen:
        counts[_KIND[t]] += 1
    held = [0] * 34
    for t in observation["hand"]:
        held[_KIND[t]] += 1
    return Tiles.from_counts([max(0, min(c + h, 4 - h)) for c, h in zip(counts, held, strict=True)])


def play_game(
    agents: Sequence[Agent[Action]],
    *,
    seed: int,
    rules: Ruleset | None = None,
    log: bool = True,
) -> GameRecord:
    """Plays a whole game under `rules` (default: the seed preset, one deal) with one agent
    per seat, named in the log by their classes; every wall comes from `seed`. With `log`,
    the record keeps the game's log (the same seed and agents give the same bytes)."""
    names = [type(a).__name__ for a in agents]
    players = 4 if rules is None else rules.players
    if len(names) != players:
        raise ValueError(f"a game of {players} players needs {players} agents, got {len(names)}")
    return agents_play_game(Game(seed=seed, rules=rules, names=names), agents, log=log)
