"""Win decomposition, waits and ukeire, checked against brute force on random hands."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import random_counts

from mahjong import Tiles, riichi
from mahjong.errors import InvalidHandError

SEQUENCES = [s * 9 + n for s in range(3) for n in range(7)]
YAOCHUU = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
Group = tuple[str, int]


def group_kinds(group: Group) -> list[int]:
    kind, first = group
    return [first, first + 1, first + 2] if kind == "sequence" else [first] * 3


def brute_force(counts: list[int]) -> set[tuple[int, tuple[Group, ...]]]:
    """Every (pair, sorted sets) split, by trying every multiset of candidate sets."""
    size = sum(counts)
    candidates: list[Group] = [("triplet", k) for k in range(34) if counts[k] >= 3]
    candidates += [
        ("sequence", k) for k in SEQUENCES if min(counts[k], counts[k + 1], counts[k + 2]) >= 1
    ]
    found = set()
    for pair in (k for k in range(34) if counts[k] >= 2):
        for sets in itertools.combinations_with_replacement(candidates, (size - 2) // 3):
            used = [0] * 34
            used[pair] += 2
            for group in sets:
                for k in group_kinds(group):
                    used[k] += 1
            if used == counts:
                found.add((pair, tuple(sorted(sets))))
    return found


def ours(tiles: Tiles) -> set[tuple[int, tuple[Group, ...]]]:
    out = set()
    for d in riichi.decompose(tiles):
        if d.shape == "standard":
            sets = [("sequence", k) for k in d.sequences] + [("triplet", k) for k in d.triplets]
            out.add((d.pair, tuple(sorted(sets))))
    return out


@st.composite
def complete_hands(draw: st.DrawFn) -> list[int]:
    """A complete concealed part of 3n+2 tiles (n = 0..4), respecting 4 copies per kind."""
    sets = draw(st.integers(0, 4))
    while True:
        counts = [0] * 34
        pair = draw(st.integers(0, 33))
        counts[pair] += 2
        for _ in range(sets):
            if draw(st.booleans()):
                for k in group_kinds(("sequence", draw(st.sampled_from(SEQUENCES)))):
                    counts[k] += 1
            else:
                counts[draw(st.integers(0, 33))] += 3
        if max(counts) <= 4:
            return counts


def one_suit_hand(rng: random.Random) -> list[int]:
    """A complete 14-tile hand inside one suit: the hardest case for decomposition."""
    while True:
        counts = [0] * 34
        base = 9 * rng.randrange(3)
        counts[base + rng.randrange(9)] += 2
        for _ in range(4):
            if rng.random() < 0.6:
                first = base + rng.randrange(7)
                for k in (first, first + 1, first + 2):
                    counts[k] += 1
            else:
                counts[base + rng.randrange(9)] += 3
        if max(counts) <= 4:
            return counts


@settings(max_examples=300, deadline=None, derandomize=True)
@given(complete_hands())
def test_decompositions_match_brute_force(counts: list[int]) -> None:
    tiles = Tiles.from_counts(counts)
    assert ours(tiles) == brute_force(counts)
    assert riichi.is_win(tiles)
    assert riichi.shanten(tiles) == -1


def test_single_suit_hands_match_brute_force() -> None:
    rng = random.Random(2024)
    for _ in range(300):
        counts = one_suit_hand(rng)
        assert ours(Tiles.from_counts(counts)) == brute_force(counts)


def test_decompositions_are_distinct() -> None:
    rng = random.Random(8)
    for _ in range(200):
        readings = riichi.decompose(Tiles.from_counts(one_suit_hand(rng)))
        assert len(readings) == len(set(readings))


def expected_waits(tiles: Tiles, win: int) -> set[tuple[str, str]]:
    """(wait, group) readings of `win`, derived from the brute-force decomposition."""
    counts = list(tiles.counts)
    out = set()
    for pair, sets in brute_force(counts):
        if pair == win:
            out.add(("tanki", str(Tiles.from_kinds([win, win]))))
        for group in set(sets):
            kinds = group_kinds(group)
            if win not in kinds:
                continue
            if group[0] == "triplet":
                wait = "shanpon"
            elif win == kinds[1]:
                wait = "kanchan"
            elif (win == kinds[2] and win % 9 == 2) or (win == kinds[0] and win % 9 == 6):
                wait = "penchan"
            else:
                wait = "ryanmen"
            out.add((wait, str(Tiles.from_kinds(kinds))))
    return out


@settings(max_examples=200, deadline=None, derandomize=True)
@given(complete_hands(), st.data())
def test_wait_readings_match_brute_force(counts: list[int], data: st.DataObject) -> None:
    tiles = Tiles.from_counts(counts)
    win = data.draw(st.sampled_from(sorted(set(tiles))))
    got = {
        (d.wait, str(d.win_group))
        for d in riichi.decompose(tiles, win_tile=win)
        if d.shape == "standard"
    }
    assert got == expected_waits(tiles, win)


@pytest.mark.parametrize(
    ("hand", "win", "waits"),
    [
        ("123m456p789s11z345m", "3m", {"penchan", "ryanmen"}),
        ("123m456p789s11z555z", "3m", {"penchan"}),
        ("789m456p789s11z555z", "7m", {"penchan"}),
        ("234m456p789s11z555z", "3m", {"kanchan"}),
        ("234m456p789s11z555z", "5z", {"shanpon"}),
        ("234m456p789s11z555z", "1z", {"tanki"}),
        ("45556m456p789s555z", "5m", {"kanchan", "tanki"}),
        ("19m19p19s12345677z", "7z", {"kokushi13"}),
        ("19m19p19s12345677z", "1m", {"kokushi"}),
        ("1122m3344p5566s77z", "1m", {"tanki"}),
    ],
)
def test_wait_examples(hand: str, win: str, waits: set[str]) -> None:
    assert {d.wait for d in riichi.decompose(hand, win_tile=win)} == waits


def test_special_forms() -> None:
    seven = riichi.decompose("223344m556677p88s")
    assert sorted(d.shape for d in seven) == ["chiitoitsu", "standard"]
    chiitoi = next(d for d in seven if d.shape == "chiitoitsu")
    assert chiitoi.pairs == [1, 2, 3, 13, 14, 15, 25]
    assert str(chiitoi) == "22m 33m 44m 55p 66p 77p 88s"
    kokushi = riichi.decompose("19m19p19s12345677z")
    assert [d.shape for d in kokushi] == ["kokushi"] and kokushi[0].pair == 33
    # four 1m that are not a kan: the pair plus two sequences
    assert [str(d) for d in riichi.decompose("11112233m456p789s")] == ["123m 123m 456p 789s 11m"]


def test_four_of_a_kind_is_never_two_pairs() -> None:
    assert all(d.shape != "chiitoitsu" for d in riichi.decompose("1111m2233p4455s66z"))
    assert not riichi.is_win("1111m2233p4455s66z")


def test_decompose_errors_and_incomplete() -> None:
    assert riichi.decompose("123m456p789s11123z") == []
    with pytest.raises(InvalidHandError, match="3n\\+2"):
        riichi.decompose("123m456p789s1122z")
    with pytest.raises(InvalidHandError, match="not in the hand"):
        riichi.decompose("123m456p789s11222z", win_tile="9m")
    with pytest.raises(InvalidHandError, match="3n\\+2"):
        riichi.is_win("1m")


def test_is_win_agrees_with_shanten_on_random_hands() -> None:
    rng = random.Random(99)
    hands = [random_counts(rng, size) for size in (2, 5, 8, 11, 14) for _ in range(400)]
    # add near-complete hands so both answers are well represented
    hands += [one_suit_hand(rng) for _ in range(400)]
    for counts in hands:
        tiles = Tiles.from_counts(counts)
        assert riichi.is_win(tiles) == (riichi.shanten(tiles) == -1)
    array = np.array([c for c in hands if sum(c) == 14], dtype=np.uint8)
    assert riichi.is_win_batch(array).tolist() == [
        riichi.shanten(Tiles.from_counts(c)) == -1 for c in array
    ]


def test_is_win_batch_rejects_bad_rows() -> None:
    with pytest.raises(InvalidHandError, match="row 0"):
        riichi.is_win_batch(np.zeros((1, 34), np.uint8))


def test_ukeire_and_discards() -> None:
    one = riichi.ukeire("123m456p789s1122z")
    assert isinstance(one, riichi.Ukeire)
    assert one.discard is None and one.shanten == 0
    assert one.tiles == [(27, 2), (28, 2)] and one.total == 4 and one.kinds == [27, 28]
    seen = riichi.ukeire("123m456p789s1122z", visible="1z")
    assert isinstance(seen, riichi.Ukeire) and seen.tiles == [(27, 1), (28, 2)]
    options = riichi.ukeire("123m456p789s1122z7z")
    assert isinstance(options, list)
    assert options[0].discard == 33 and options[0].shanten == 0 and options[0].total == 4
    assert [o.shanten for o in options] == sorted(o.shanten for o in options)
    with pytest.raises(InvalidHandError, match="1z"):
        riichi.ukeire("123m456p789s1122z", visible="111z")


def test_ukeire_matches_its_definition() -> None:
    rng = random.Random(17)
    for _ in range(100):
        counts = random_counts(rng, 13)
        hand = Tiles.from_counts(counts)
        found = riichi.ukeire(hand)
        assert isinstance(found, riichi.Ukeire)
        s = riichi.shanten(hand)
        expected = [
            (k, 4 - counts[k])
            for k in range(34)
            if counts[k] < 4 and riichi.shanten(hand + Tiles.from_kinds([k])) < s
        ]
        assert found.tiles == expected and found.shanten == s
