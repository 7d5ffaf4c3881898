"""Observations of both families: the core's snapshot converted, read as attributes or as a
read-only mapping, never a way back to the deal, the wall or another player's tiles."""

from __future__ import annotations

import copy
import gc
import itertools
import json
import pickle
import random
from typing import Any

import pytest

from mahjong.american import AmericanDeal, AmericanObservation, Card
from mahjong.american import encode as american_encode
from mahjong.errors import InvalidArgumentError
from mahjong.riichi import Deal, Observation, Ruleset
from mahjong.riichi import encode as riichi_encode

CARD = Card.builtin("house-2026")
SANMA = Ruleset.preset("tenhou-sanma")
FAMILIES = ["riichi", "sanma", "american"]


def _deal(family: str, seed: int) -> Any:
    """A deal of `family`: Riichi, three-player Riichi (tenhou-sanma) or American."""
    if family == "american":
        return AmericanDeal(CARD, seed=seed)
    return Deal(seed=seed, rules=SANMA if family == "sanma" else None)


def _deals() -> list[Any]:
    return [Deal(seed=21), AmericanDeal(CARD, seed=21)]


def _play(deal: Any, steps: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            return
        seat = deal.waiting()[0]
        codes = deal.legal_codes(seat)
        deal.apply(seat, codes[rng.randrange(len(codes))])


@pytest.mark.parametrize("index", [0, 1])
def test_an_observation_is_a_snapshot(index: int) -> None:
    deal = _deals()[index]
    _play(deal, 30)
    seat = deal.waiting()[0]
    observation = deal.observation(seat)
    before = observation.to_dict()
    assert list(observation) == observation.keys() == list(before)
    assert all(observation[key] == getattr(observation, key) for key in observation)
    assert observation.get("no such key", 7) == 7 and "hand" in observation
    with pytest.raises(KeyError):
        observation["no such key"]
    _play(deal, 20, seed=1)
    assert observation.to_dict() == before
    assert observation != deal.observation(seat) or deal.is_over


@pytest.mark.parametrize("index", [0, 1])
def test_the_public_views_are_read_only(index: int) -> None:
    deal = _deals()[index]
    _play(deal, 60)
    player = deal.observation(0)["players"][0]
    key = next(iter(player))
    with pytest.raises(TypeError):
        player[key] = None
    assert isinstance(deal.observation(0)["players"], tuple)


@pytest.mark.parametrize("family", FAMILIES)
def test_kept_views_read_as_a_fresh_deal_shows_them(family: str) -> None:
    """A deal keeps each player's view between observations and, when part of it changes,
    makes the new one from the last (only the changed keys set again): at every step of a
    deal its views read, key for key and in the same order, as those of a copy of the deal
    that has kept nothing."""
    deal = _deal(family, 5)
    rng = random.Random(5)
    steps = 0
    while not deal.is_over:
        for seat in deal.waiting():
            kept = deal.observation(seat)["players"]
            fresh = copy.deepcopy(deal).observation(seat)["players"]
            assert [list(p.items()) for p in kept] == [list(p.items()) for p in fresh]
        seat = deal.waiting()[0]
        codes = deal.legal_codes(seat)
        deal.apply(seat, codes[rng.randrange(len(codes))])
        steps += 1
    assert steps > 30


@pytest.mark.parametrize("family", FAMILIES)
def test_the_same_action_is_the_same_object_in_every_deal(family: str) -> None:
    """Action objects are shared by every deal of a family: two deals of one seed offer their
    first seat the very same objects, in their observations too."""
    first, second = _deal(family, 8), _deal(family, 8)
    seat = first.waiting()[0]
    offered = first.legal_actions(seat)
    assert offered and all(a is b for a, b in zip(offered, second.legal_actions(seat), strict=True))
    assert all(a is b for a, b in zip(offered, second.observation(seat)["legal"], strict=True))


def test_an_action_object_keeps_its_rules_red_fives() -> None:
    """The same physical red five is a red five's object under rules with red fives and a
    plain five's without them (seed 6 deals its dealer the red 5m and 5p)."""
    plain = Deal(seed=6, rules=Ruleset.preset("seed").replace(red_fives=0))
    seat = plain.waiting()[0]
    for deal, names, codes in (
        (Deal(seed=6), ["5mr", "5pr"], [34, 35]),
        (plain, ["5m", "5p"], [4, 13]),
    ):
        fives = [
            a for a in deal.legal_actions(seat) if a.type == "discard" and a.tile_id in (16, 52, 88)
        ]
        assert [a.tile for a in fives] == names and [a.code for a in fives] == codes


@pytest.mark.parametrize("index", [0, 1])
def test_nothing_in_an_observation_leads_back_to_the_deal(index: int) -> None:
    """Everything an observation refers to, followed to the end, holds no deal, game, wall or
    foreign rack (an agent gets its view and nothing else)."""
    deal = _deals()[index]
    _play(deal, 40)
    observation = deal.observation(0)
    assert not hasattr(observation, "_deal")
    seen: set[int] = set()
    todo: list[Any] = [observation, *observation.to_dict().values()]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        assert not isinstance(obj, Deal | AmericanDeal), obj
        todo.extend(gc.get_referents(obj))


def test_observations_are_the_families_classes() -> None:
    riichi, american = (d.observation(0) for d in _deals())
    assert isinstance(riichi, Observation) and isinstance(american, AmericanObservation)
    assert riichi["hand"] == riichi.hand and len(riichi.hand) == 14
    assert riichi["drawn"] in riichi.hand
    assert american["step"] == "first_right" and american["drawn"] is None


def test_the_drawn_tile_is_named_apart() -> None:
    deal = Deal(seed=3)
    _play(deal, 5)
    while deal.turn is None:
        _play(deal, 1)
    seat = deal.turn
    observation = deal.observation(seat)
    others = [deal.observation(s)["drawn"] for s in range(4) if s != seat]
    assert observation["drawn"] in observation["hand"] and others == [None] * 3


@pytest.mark.parametrize("family", FAMILIES)
def test_every_seat_shows_how_many_concealed_tiles_it_holds(family: str) -> None:
    """``players[s]["concealed"]`` is the engine's true count (seat `s`'s own hand) in every
    seat's observation at every decision of whole deals, after draws, calls and kita too
    (where ``13 - 3 * melds`` is wrong)."""
    guessed_wrong = 0
    for seed in range(4):
        deal = _deal(family, seed)
        rng = random.Random(seed)
        while not deal.is_over:
            held = [len(deal.observation(s)["hand"]) for s in range(deal.players)]
            for seat in range(deal.players):
                players = deal.observation(seat)["players"]
                assert [p["concealed"] for p in players] == held
            if family != "american":
                guessed_wrong += held != [13 - 3 * len(p["melds"]) for p in players]
            seat = deal.waiting()[0]
            codes = deal.legal_codes(seat)
            deal.apply(seat, codes[rng.randrange(len(codes))])
    assert family == "american" or guessed_wrong


def _observations_of_played_deals(family: str) -> Any:
    """Every seat's observation at every step of a few deals played by the reference agents
    (wins, calls and draws), the finished deal's too."""
    from mahjong.american.game import CardAgent
    from mahjong.riichi.game import EfficiencyAgent

    for seed in range(3):
        deal = _deal(family, seed)
        agents: list[Any] = [
            CardAgent(CARD) if family == "american" else EfficiencyAgent()
            for _ in range(deal.players)
        ]
        while True:
            yield from (deal.observation(seat) for seat in range(deal.players))
            if deal.is_over:
                break
            seat = deal.waiting()[0]
            deal.apply(seat, agents[seat].act(deal.observation(seat), deal.legal_actions(seat)))


@pytest.mark.parametrize("family", FAMILIES)
def test_observations_pickle_and_copy(family: str) -> None:
    """An observation unpickles equal (its encoding too) with every protocol; a copy is the
    observation itself (it never changes)."""
    encode = american_encode if family == "american" else riichi_encode
    for count, observation in enumerate(_observations_of_played_deals(family)):
        protocol = count % (pickle.HIGHEST_PROTOCOL + 1)
        again = pickle.loads(pickle.dumps(observation, protocol))
        assert again == observation and type(again) is type(observation)
        assert again.to_dict() == observation.to_dict()
        assert (encode(again, full=True) == encode(observation, full=True)).all()
        assert copy.copy(observation) is observation is copy.deepcopy(observation)


@pytest.mark.parametrize("family", FAMILIES)
def test_to_dict_is_plain_data(family: str) -> None:
    """``to_dict()`` holds only dicts, lists, tuples, strings, numbers, bools and None: it
    dumps as JSON and pickles; its values equal the observation's (legal actions as the
    dicts of their attributes)."""
    for observation in itertools.islice(_observations_of_played_deals(family), 0, None, 7):
        data = observation.to_dict()
        todo: list[Any] = [data]
        while todo:
            item = todo.pop()
            assert isinstance(item, dict | list | tuple | str | int | float | type(None)), item
            if isinstance(item, dict):
                todo.extend(item.values())
            elif isinstance(item, list | tuple):
                todo.extend(item)
        assert json.loads(json.dumps(data))["hand"] == list(observation["hand"])
        assert pickle.loads(pickle.dumps(data)) == data
        for key in observation:
            if key != "legal":
                assert data[key] == observation[key], key
        assert data["legal"] == [a.to_dict() for a in observation["legal"]]
        assert [a["code"] for a in data["legal"]] == [a.code for a in observation["legal"]]


@pytest.mark.parametrize(
    ("change", "message", "rules"),
    [
        (lambda s: s[1][1].append(200), "tile 200", None),
        (lambda s: s[1][1].append(s[1][1][0]), "in sight twice", None),
        (lambda s: s[0].__setitem__(0, 4), "seat 4", None),
        (lambda s: s[3][2].append((99, [0, 0])), "action 99", None),
        (lambda s: s[0].__setitem__(0, 3), "seat 3", SANMA),
        (lambda s: s[0].__setitem__(9, 5), "5 players", SANMA),
        (lambda s: s[0].__setitem__(9, 4), "4 players under rules for 3", SANMA),
        (lambda s: s[2][1][4].append((100, (0, 0))), "kita tiles", SANMA),
        (lambda s: s[2][1][4].append((s[1][1][0], (0, 0))), "in sight twice", SANMA),
        (lambda s: s[2][1][4].append((120, (1, 0))), r"kita after \[\(1, 0\)\]", SANMA),
    ],
)
def test_a_forged_pickle_is_refused(change: Any, message: str, rules: Ruleset | None) -> None:
    """A state that no deal could show is an InvalidArgumentError naming what is wrong (three
    players: a seat beyond them, a kita tile that is no North or made after more discards than
    its owner has, a player count that is not the rules')."""
    observation = Deal(seed=5, rules=rules).observation(0)
    rebuild, (state, pickled_rules) = observation.__reduce__()
    state = _converted(state, list)
    change(state)
    with pytest.raises(InvalidArgumentError, match=message):
        rebuild(_converted(state, tuple), pickled_rules)


def test_an_observation_pickles_with_its_rules_and_when_each_meld_was_made() -> None:
    """The rules of the deal and each meld's discards before it (which the expert reads)
    come back from a pickle; a meld made after more discards than its owner has is refused."""
    from mahjong.riichi import Ruleset

    rules = Ruleset.preset("tenhou")
    played = _showing("melds", rules, 3)
    assert played
    for observation in played:
        rebuild, (state, kept) = observation.__reduce__()
        assert kept == rules and rebuild(state, kept) == observation
        assert rebuild(state, Ruleset()) != observation
    state = _converted(played[0].__reduce__()[1][0], list)
    caller = next(p for p in state[2] if p[1])
    caller[1][0][7] = len(caller[0]) + 1
    with pytest.raises(InvalidArgumentError, match="meld after"):
        rebuild(_converted(state, tuple), rules)


def test_a_three_player_observation_pickles_with_when_each_kita_was_made() -> None:
    """Each kita's place in its owner's turns (which the expert's sampler reads) comes back
    from a pickle: the observation rebuilt equals the one pickled, and moving a kita to
    another turn makes another observation."""
    kept = _showing("kita", SANMA, 6)
    assert kept
    for observation in kept:
        rebuild, (state, rules) = observation.__reduce__()
        assert rebuild(state, rules) == observation
    state = _converted(kept[-1].__reduce__()[1][0], list)
    owner = next(p for p in state[2] if p[4] and p[0])
    owner[4][0][1][0] = 0 if owner[4][0][1][0] else 1
    assert rebuild(_converted(state, tuple), SANMA) != kept[-1]


def _showing(key: str, rules: Ruleset, deals: int) -> list[Observation]:
    """The observations of `deals` random deals under `rules` (seeds 0 on) in which some
    player's `key` ("melds", "kita") is not empty."""
    shown = []
    for seed in range(deals):
        deal, rng = Deal(seed=seed, rules=rules), random.Random(seed)
        while not deal.is_over:
            seat = deal.waiting()[0]
            observation = deal.observation(seat)
            if any(p[key] for p in observation["players"]):
                shown.append(observation)
            codes = deal.legal_codes(seat)
            deal.apply(seat, codes[rng.randrange(len(codes))])
    return shown


def _converted(value: Any, kind: type) -> Any:
    """`value` with every list, tuple and bytes in it made a `kind`."""
    if isinstance(value, list | tuple | bytes):
        return kind(_converted(v, kind) for v in value)
    return value
