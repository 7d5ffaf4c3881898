"""American matching: the pitfalls of spec §4.10, properties over every variant, the API."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from itertools import permutations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.american import HOUSE, hand_toml, house_with

from mahjong import Tiles
from mahjong.american import INVALID_MATCH, Card, Exposure, physical_kind, physical_kinds
from mahjong.errors import InvalidArgumentError, InvalidHandError, InvalidMeldError

JOKER = 35
SUPPLY = [4] * 34 + [8, 8]
PROPERTY = settings(
    max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
TEST_CARD = Card.from_toml(
    house_with(
        hand_toml("t-2026", "2026:a 222:a 444:b 4444:c"),
        hand_toml("t-1111", "FF 11:a 11:a 2222:b 3333:c", section="like"),
    )
)


def kind(name: str) -> int:
    return Tiles(name).kinds()[0]


def matched(hand: str, exposures: tuple[str, ...] = (), card: Card = HOUSE) -> str | None:
    m = card.match(hand, exposures)
    return None if m is None else m.hand_id


# --- spec §4.10 pitfalls, one test each ---------------------------------------------------


def test_pitfall_jokers_per_group_not_per_kind() -> None:
    # A pair and a pung of one tile: the run's 2s must be natural, the pung's may be jokers.
    pung = "2C 0 6C 4D 4D 4D 4B 4B 4B 4B"
    assert matched(f"{pung} 2C J J J", card=TEST_CARD) == "t-2026"
    assert matched(f"{pung} J J J J", card=TEST_CARD) is None
    # "11 11" is two pairs, not a kong.
    tail = "F F 2D 2D 2D 2D 3B 3B 3B 3B"
    assert matched(f"{tail} 1C 1C 1C 1C", card=TEST_CARD) == "t-1111"
    assert matched(f"{tail} 1C 1C 1C J", card=TEST_CARD) is None
    # 2026 with a joker in the run is no year hand.
    assert matched("F F F 2C 0 J 6C 6D 6D 6D 6B 6B 6B 6B") is None


def test_pitfall_exposures_match_sets_of_the_same_size() -> None:
    assert matched("F F F 2C 0 2C 6C 6B 6B 6B 6B", ("6D 6D 6D",)) == "year-1"
    # An exposed pung never grows into the kong the card needs.
    assert matched("F F F 2C 0 2C 6C 6D 6D 6D 6B", ("6B 6B 6B",)) is None
    assert matched("F F F 2C 0 2C 6C 6D 6D 6D 6B 6B 6B 6B") == "year-1"


def test_pitfall_flower_sets_take_jokers() -> None:
    assert matched("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B 6B 6B") == "year-1"
    rest = "2C 2C 2C 0 0 0 2D 2D 2D 2D 6D 6D"
    assert matched(f"F F {rest}") == "year-3"
    assert matched(f"F J {rest}") is None  # FF is a pair


def test_pitfall_soap_is_dragon_and_zero_with_one_supply() -> None:
    assert Tiles("0").kinds() == [31]  # the white dragon, dots' dragon
    # year-5 with dots second: the zero of 2026 and a kong of soaps need five whites.
    assert matched("2C 0 2C 6C 0 0 0 J G G G G F F") == "year-5"
    with pytest.raises(InvalidHandError, match="5 copies"):
        HOUSE.match("2C 0 2C 6C 0 0 0 0 G G G G F F")


def test_pitfall_quints_need_a_joker_and_jokers_are_counted() -> None:
    m = HOUSE.match("1C 1C 1C 1C 2D 2D 2D 2D J 3B 3B 3B 3B J")
    assert m is not None and (m.hand_id, m.value) == ("quints-1", 45)
    with pytest.raises(InvalidHandError, match="5 copies"):
        HOUSE.match("1C 1C 1C 1C 2D 2D 2D 2D 2D 3B 3B 3B 3B J")
    with pytest.raises(InvalidHandError, match="9 copies of J"):
        HOUSE.match("J J J J J J J J J 1C 1C 1C 1C 2C")


def test_pitfall_concealed_hands_take_no_exposure() -> None:
    assert matched("N N N 2C 0 2C 6C 2D 0 2D 6D S S S") == "year-6"
    assert matched("2C 0 2C 6C 2D 0 2D 6D S S S", ("N N N",)) is None
    assert all(not d.concealed for d in HOUSE.distances("2C 0 2C 6C 2D 0 2D 6D S S S", ["NNN"]))


def test_pitfall_joker_exchange_win_is_self_drawn() -> None:
    m = HOUSE.match("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J")
    assert m is not None and not m.jokerless and not m.jokerless_bonus
    assert m.payment("joker_exchange") == m.payment("self_drawn") == (None, 50)
    assert m.payment() == m.payment("discard") == (50, 25)
    with pytest.raises(InvalidArgumentError, match="ron"):
        m.payment("ron")  # type: ignore[arg-type]
    jokerless = HOUSE.match("F F F 2C 0 2C 6C 6D 6D 6D 6B 6B 6B 6B")
    assert jokerless is not None and jokerless.jokerless_bonus
    assert jokerless.payment("self_drawn") == (None, 100)
    # A joker exchange puts a joker in the hand, so a jokerless win cannot be one.
    with pytest.raises(InvalidArgumentError, match="jokerless hand cannot be won by a joker"):
        jokerless.payment("joker_exchange")
    pairs = HOUSE.match("F F 2B 2B 4B 4B 6B 6B 8B 8B N N S S")
    assert pairs is not None and pairs.jokerless and not pairs.jokerless_bonus
    assert (m.xc, pairs.xc) == ("X", "C")
    assert pairs.payment("discard") == (2 * pairs.value, pairs.value)


def test_pitfall_symmetric_suit_letters_are_deduplicated() -> None:
    # like-2 "1111:a 111:b 1111:c EEE", any like number: 6 suit orders x 9 numbers give 54
    # arrangements, but a and c are interchangeable, so only 27 are distinct.
    east = kind("E")
    raw = [
        sorted([(9 * a + n, 4), (9 * b + n, 3), (9 * c + n, 4), (east, 3)])
        for n in range(9)
        for a, b, c in permutations(range(3))
    ]
    expected = {tuple(sets) for sets in raw}
    assert (len(raw), len(expected)) == (54, 27)
    got = [(tuple(v.sets), tuple(v.strict)) for v in HOUSE.variants("like-2")]
    assert sorted(got) == sorted((sets, ()) for sets in expected)
    assert HOUSE.hand("like-2").variant_count == 27


# --- properties over every variant ---------------------------------------------------------

VARIANTS = [v for h in HOUSE.hands for v in HOUSE.variants(h.id)]


def build(
    variant_index: int, draw: Callable[[int, int], int]
) -> tuple[list[int], list[int], list[tuple[int, int, int]]]:
    """A 14-tile hand made from a variant with jokers in random joker-eligible slots (`draw(lo,
    hi)` picks how many more per set): its counts, the kinds of its natural-only slots, and
    each set as (kind, size, jokers)."""
    v = VARIANTS[variant_index]
    counts = [0] * 36
    strict = []
    for k, n in v.strict:
        counts[k] += n
        strict += [k] * n
    for k, size in v.sets:
        counts[k] += size
    # Jokers needed beyond the supply go to the sets first; then some more at random.
    jokers = [0] * len(v.sets)
    for i, (k, size) in enumerate(v.sets):
        taken = sum(jokers[j] for j in range(i) if v.sets[j][0] == k)
        jokers[i] = min(size, max(0, counts[k] - SUPPLY[k] - taken))
    for i, (_, size) in enumerate(v.sets):
        room = min(size - jokers[i], 8 - sum(jokers))
        jokers[i] += draw(0, max(0, room))
    sets = []
    for i, (k, size) in enumerate(v.sets):
        counts[k] -= jokers[i]
        counts[JOKER] += jokers[i]
        sets.append((k, size, jokers[i]))
    return counts, strict, sets


def drawer(data: st.DataObject) -> Callable[[int, int], int]:
    return lambda lo, hi: data.draw(st.integers(lo, hi))


CARD_ORDER = {h.id: i for i, h in enumerate(HOUSE.hands)}


def check_complete_hand(index: int, counts: list[int]) -> None:
    """A hand built from variant `index` is Mah Jongg for its card hand (or one paid at least
    as much, which wins the tie), 0 away from it, and 1 away without any one of its tiles."""
    hand = Tiles.from_counts(counts)
    own = VARIANTS[index].hand_id
    m = HOUSE.match(hand)
    assert m is not None
    rank = (-HOUSE.hand(own).value, CARD_ORDER[own])
    assert m.hand_id == own or (-m.value, CARD_ORDER[m.hand_id]) < rank
    assert {d.hand_id: d.distance for d in HOUSE.distances(hand)}[own] == 0
    for k in set(hand.kinds()):
        fewer = hand - Tiles.from_kinds([k])
        assert {d.hand_id: d.distance for d in HOUSE.distances(fewer)}[own] == 1, k


def test_every_variant_of_the_house_card_with_jokers() -> None:
    # All 822 variants, jokers placed in joker-eligible slots by a seeded generator.
    assert len(VARIANTS) == HOUSE.variant_count == 822
    for index in range(len(VARIANTS)):
        counts, _, _ = build(index, random.Random(index).randint)
        check_complete_hand(index, counts)


@PROPERTY
@given(st.integers(0, len(VARIANTS) - 1), st.data())
def test_any_variant_with_jokers_matches_its_hand(index: int, data: st.DataObject) -> None:
    counts, _, _ = build(index, drawer(data))
    check_complete_hand(index, counts)
    assert HOUSE.distance_batch(np.array([counts], np.uint8))[0] == 0


@PROPERTY
@given(st.integers(0, len(VARIANTS) - 1), st.data())
def test_a_joker_never_fills_a_single_pair_or_run(index: int, data: st.DataObject) -> None:
    counts, strict, _ = build(index, drawer(data))
    if not strict or counts[JOKER] == 8:
        return
    k = data.draw(st.sampled_from(strict))
    counts[k] -= 1
    counts[JOKER] += 1
    m = HOUSE.match(Tiles.from_counts(counts))
    if m is not None:
        # Whatever matched, its natural-only slots are all covered by naturals.
        assert all(counts[kk] >= n for kk, n in m.variant.strict)
    own = VARIANTS[index].hand_id
    assert m is None or m.hand_id != own or m.variant != VARIANTS[index]


@PROPERTY
@given(st.integers(0, len(VARIANTS) - 1), st.data())
def test_exposures_fit_only_sets_of_the_same_size(index: int, data: st.DataObject) -> None:
    v = VARIANTS[index]
    if HOUSE.hand(v.hand_id).concealed or not v.sets:
        return
    counts, _, sets = build(index, drawer(data))
    k, size, jokers = data.draw(st.sampled_from(sets))
    if jokers < size:
        # The set exposed as built: it matches.
        rest = counts.copy()
        rest[k] -= size - jokers
        rest[JOKER] -= jokers
        m = HOUSE.match(Tiles.from_counts(rest), [Exposure(k, size, jokers)])
        assert m is not None and (k, size) in m.variant.sets
    if size > 3 and jokers < size - 1:
        # The set exposed one tile short, a natural left loose: no set of that size fits it.
        rest = counts.copy()
        rest[k] -= size - 1 - jokers
        rest[JOKER] -= jokers
        m = HOUSE.match(Tiles.from_counts(rest), [Exposure(k, size - 1, jokers)])
        assert m is None or (k, size - 1) in m.variant.sets


# --- the rest of the API -----------------------------------------------------------------


def test_distances_are_sorted_and_top_limits() -> None:
    hand = "F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J"
    all_hands = HOUSE.distances(hand)
    assert len(all_hands) == 58
    keys = [(d.distance, -d.value) for d in all_hands]
    assert keys == sorted(keys)
    assert HOUSE.distances(hand, top=2) == all_hands[:2]
    assert repr(all_hands[0]) == "Distance('year-1', distance=0, value=25, xc='X')"
    assert {(d.concealed, d.xc) for d in all_hands} == {(False, "X"), (True, "C")}
    with pytest.raises(InvalidHandError, match="got 12"):
        HOUSE.distances("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B")


def test_discard_options_and_visible_tiles() -> None:
    hand = "F F F 2C 0 2C 6C 6B 6B J 9C"
    options = HOUSE.discard_options(hand, ["6D 6D 6D"])
    assert options[0].tile == kind("9C") and options[0].distance == 1
    assert options[0].hands[0].hand_id == "year-1" and len(options[0].hands) == 3
    assert {o.tile for o in options} == set(Tiles(hand).kinds())
    # Every other 6B and joker seen: year-1 with a kong of bams (one 6B or joker short) is
    # dead; only its variant with 2026 in bams and a kong of craks is left, 4 away.
    seen = HOUSE.discard_options(hand, ["6D 6D 6D"], visible="6B 6B J J J J J J J", top=58)
    spare = next(o for o in seen if o.tile == kind("9C"))
    assert [h.distance for h in spare.hands if h.hand_id == "year-1"] == [4]
    with pytest.raises(InvalidHandError, match="5 copies"):
        HOUSE.discard_options(hand, ["6D 6D 6D"], visible="6B 6B 6B")


def test_redeemable_jokers_keep_hands_live() -> None:
    # quints-1 "1111:a 22222:b 33333:c" needs two jokers, and all eight are in sight.
    hand = "1C 1C 1C 1C 2D 2D 2D 2D 3B 3B 3B 3B N E"
    jokers = "J J J J J J J J"

    def quints(redeemable: int) -> list[int]:
        options = HOUSE.discard_options(hand, visible=jokers, top=58, redeemable=redeemable)
        spare = next(o for o in options if o.tile == kind("N"))
        return [h.distance for h in spare.hands if h.hand_id == "quints-1"]

    assert quints(0) == quints(1) == []
    assert quints(2) == [2]
    everything = HOUSE.discard_options(hand, top=58)
    spare = next(o for o in everything if o.tile == kind("N"))
    assert [h.distance for h in spare.hands if h.hand_id == "quints-1"] == [2]
    with pytest.raises(InvalidArgumentError, match="9 jokers to redeem, but only 8"):
        HOUSE.discard_options(hand, visible=jokers, redeemable=9)
    with pytest.raises(InvalidArgumentError, match="without the visible tiles"):
        HOUSE.discard_options(hand, redeemable=1)
    with pytest.raises(InvalidArgumentError, match=r"redeemable -1 is out of range 0\.\.2\*\*63"):
        HOUSE.discard_options(hand, visible=jokers, redeemable=-1)
    # The referee's test uses public information only: jokers in exposures count as gone.
    assert "quints-1" not in HOUSE.live_hands(visible=jokers)


def test_waits_include_a_joker_only_for_open_sets() -> None:
    assert HOUSE.waits("F F 2C 0 2C 6C 6D 6D 6D 6B 6B 6B 6B") == [kind("F"), JOKER]
    assert HOUSE.waits("F F F 0 2C 6C 6D 6D 6D 6B 6B 6B 6B") == [kind("2C")]
    assert HOUSE.waits("F F F 2C 0 2C 6C 6B 6B J", ["6D 6D 6D"]) == [kind("6B"), JOKER]


def test_dead_hands_from_public_information() -> None:
    kong = [Exposure("W", 4)]
    assert HOUSE.live_hands(kong) == ["winds-1", "winds-6"]
    assert HOUSE.live_hands(kong, visible="E E E E") == ["winds-6"]
    assert not HOUSE.is_dead(kong, visible="E E E E J J J J J")
    assert HOUSE.is_dead(kong, visible="E E E E J J J J J J")
    assert HOUSE.is_dead(["N N N N J J"])
    assert not HOUSE.is_dead()


def test_charleston_pass_never_passes_a_joker() -> None:
    hand = "F F F 2C 0 2C 6C 6D 6D 6D 9C 5D 1B J"
    assert sorted(HOUSE.charleston_pass(hand)) == sorted(kind(t) for t in ("9C", "5D", "1B"))
    assert JOKER not in HOUSE.charleston_pass("J J J J J J J J 1B 2B 3B 4B 5B", 3)
    with pytest.raises(InvalidArgumentError, match="never a joker"):
        HOUSE.charleston_pass("J J J J J J J J 1B 2B 3B 4B 5B", 4)


def test_batch_forms() -> None:
    hands = [
        "F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J",
        "1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C 4C 5C",
        "F F 2B 2B 4B 4B 6B 6B 8B 8B N N S",
    ]
    counts = np.array([Tiles(h).all_counts for h in hands], np.uint8)
    per_hand = HOUSE.distances_batch(counts)
    assert per_hand.shape == (3, 58) and per_hand.dtype == np.uint8
    mins = HOUSE.distance_batch(counts)
    assert mins.tolist() == per_hand.min(axis=1).tolist()
    for row, h in zip(per_hand, hands, strict=True):
        by_id = {d.hand_id: d.distance for d in HOUSE.distances(h)}
        assert row.tolist() == [by_id[hand.id] for hand in HOUSE.hands]
    assert HOUSE.match_batch(counts[:2]).tolist() == [0, -1]
    # A bad row (13 tiles for a win check) is flagged, the others still answered.
    assert HOUSE.match_batch(counts).tolist() == [0, -1, INVALID_MATCH]
    with pytest.raises(InvalidArgumentError, match=r"\(N, 36\)"):
        HOUSE.distance_batch(counts[:, :34])
    assert HOUSE.distance_batch(np.asfortranarray(counts)).tolist() == mins.tolist()


def test_exposure_objects() -> None:
    e = Exposure("N", 3, 1)
    assert (e.tile, e.size, e.jokers) == (kind("N"), 3, 1)
    assert e.tiles == Tiles("N N J")
    assert e == Exposure.from_tiles("N N J") and hash(e) == hash(Exposure(30, 3, 1))
    assert pickle.loads(pickle.dumps(e)) == e
    assert repr(e) == "Exposure('N', 3, jokers=1)"
    with pytest.raises(InvalidMeldError, match="3 to 6"):
        Exposure("N", 2)
    with pytest.raises(InvalidMeldError, match="at least one natural"):
        Exposure("N", 3, 3)
    with pytest.raises(InvalidMeldError, match="one natural tile plus jokers"):
        Exposure.from_tiles("N E J")
    with pytest.raises(TypeError):
        HOUSE.match("F F F", "N N N")
    # A bool is no tile kind (True would be 1C), size or joker count.
    with pytest.raises(TypeError, match="bool"):
        Exposure(True, 3)
    with pytest.raises(TypeError, match="bool"):
        Exposure("N", 3, False)
    with pytest.raises(TypeError, match="bool"):
        physical_kind(True)


def test_physical_set() -> None:
    kinds = physical_kinds()
    assert len(kinds) == 152
    full = Tiles.from_kinds(kinds)
    assert full.all_counts == tuple(SUPPLY)
    assert [physical_kind(i) for i in (0, 135, 136, 143, 144, 151)] == [0, 33, 34, 34, 35, 35]
    with pytest.raises(Exception, match="152"):
        physical_kind(152)


def test_a_match_says_which_tile_each_joker_stands_for() -> None:
    """The engine arranges the 14 tiles as the card hand does: naturals first in the groups
    that must be natural, jokers filling the sets; with exposures too, and through pickling."""
    match = HOUSE.match("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J")
    assert match is not None
    tiles = [t for group in match.groups for t, _ in group]
    stands = [f for group in match.groups for _, f in group]
    assert sorted(tiles) == sorted(
        Tiles("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J").to_american().split()
    )
    assert all((f is None) == (t != "J") for t, f in zip(tiles, stands, strict=True))
    wanted = [
        Tiles.from_kinds([k]).to_american()
        for k, n in enumerate(match.variant.counts)
        for _ in range(n)
    ]
    assert sorted(f or t for t, f in zip(tiles, stands, strict=True)) == sorted(wanted)
    assert pickle.loads(pickle.dumps(match)).groups == match.groups
    exposed = HOUSE.match("F F J 2C 0 2C 6C 6D 6D 6D", [Exposure("6B", 4, 2)])
    assert exposed is not None and ("J", "6B") in [p for g in exposed.groups for p in g]
    pairs = HOUSE.match("F F 2D 2D 4D 4D 6D 6D 8D 8D N N S S")
    assert pairs is not None and all(f is None for g in pairs.groups for _, f in g)
