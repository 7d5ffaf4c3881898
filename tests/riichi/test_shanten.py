"""Shanten: examples, the third-party reference sets, invariants and the batch form."""

from __future__ import annotations

import random
import threading
from typing import Any

import numpy as np
import pytest
from support import data_path, random_counts

from mahjong import Tiles, riichi
from mahjong.errors import InvalidArgumentError, InvalidHandError, InvalidTileError

SETS = {
    "shanten_ara": ("p_", 20_000),
    "shanten13_derived": ("p13_", 19_998),
}


def load_set(folder: str) -> tuple[np.ndarray, np.ndarray]:
    """Counts (N, 34) and expected (standard, kokushi, chiitoitsu) shanten (N, 3)."""
    prefix, _ = SETS[folder]
    hands, expected = [], []
    for kind in ("normal", "hon", "tin", "koku"):
        text = data_path(folder, f"{prefix}{kind}_first5000.txt").read_text()
        for line in text.splitlines():
            values = [int(v) for v in line.split()]
            counts = [0] * 34
            for tile in values[:-3]:
                counts[tile] += 1
            hands.append(counts)
            expected.append(values[-3:])
    return np.array(hands, dtype=np.uint8), np.array(expected, dtype=np.int8)


@pytest.mark.parametrize("folder", sorted(SETS))
def test_reference_sets(folder: str) -> None:
    counts, expected = load_set(folder)
    assert len(counts) == SETS[folder][1]
    for column, kind in enumerate(("standard", "kokushi", "chiitoitsu")):
        got = riichi.shanten_batch(counts, kind=kind)
        bad = np.flatnonzero(got != expected[:, column])
        assert bad.size == 0, f"{kind}: {bad.size} mismatches, first row {bad[:5]}"
    assert (riichi.shanten_batch(counts) == expected.min(axis=1)).all()
    # the scalar path agrees with the batch path
    for i in range(0, len(counts), 97):
        tiles = Tiles.from_counts(counts[i])
        assert riichi.shanten(tiles, "standard") == expected[i, 0]
        assert riichi.shanten(tiles, "kokushi") == expected[i, 1]
        assert riichi.shanten(tiles, "chiitoitsu") == expected[i, 2]


@pytest.mark.parametrize(
    ("hand", "kind", "value"),
    [
        ("123m456p789s1122z", "standard", 0),
        ("123m456p789s11222z", "all", -1),
        ("1112345678999m", "all", 0),
        ("1122m3344p5566s7z", "chiitoitsu", 0),
        ("1111m2233p4455s66z", "chiitoitsu", 1),  # four of a kind is one pair
        ("19m19p19s1234567z", "kokushi", 0),
        ("19m19p19s12345677z", "all", -1),
        ("1m", "all", 0),
        ("11m", "all", -1),
        ("123m4p", "all", 0),
        ("1234567m", "standard", 0),
    ],
)
def test_examples(hand: str, kind: str, value: int) -> None:
    assert riichi.shanten(hand, kind) == value  # type: ignore[arg-type]


def test_wait_on_a_fifth_copy_is_not_tenpai() -> None:
    # Project decision (Tenhou, spec R13.1): a hand whose only wait is a tile it holds four
    # of is 1-shanten and has no waits. The last four are the hands the derived set excludes.
    excluded = ("1111345567789m", "1122334569999m", "1122334568888m", "1111455666778m")
    for hand in ("1111m234p567s789s", *excluded):
        assert riichi.shanten(hand, "standard") == 1, hand
        assert riichi.waits(hand) == [], hand


def test_sizes_and_forms_are_checked() -> None:
    with pytest.raises(InvalidHandError, match="got 3"):
        riichi.shanten("123m")
    with pytest.raises(InvalidHandError, match="got 15"):
        riichi.shanten("111222333444555m")
    with pytest.raises(InvalidHandError, match="13 or 14"):
        riichi.shanten("1234567899m", "chiitoitsu")
    with pytest.raises(InvalidArgumentError, match="normal"):
        riichi.shanten("1m", "normal")  # type: ignore[arg-type]
    assert riichi.shanten("1234567899m") == riichi.shanten("1234567899m", "standard")


def test_draw_and_discard_invariants() -> None:
    rng = random.Random(7)
    for _ in range(300):
        counts = random_counts(rng, 13)
        hand = Tiles.from_counts(counts)
        s13 = riichi.shanten(hand)
        assert (s13 == 0) == bool(riichi.waits(hand)) or riichi.shanten(hand, "standard") != 0
        for kind in range(34):
            if counts[kind] < 4:
                s14 = riichi.shanten(hand + Tiles.from_kinds([kind]))
                assert s13 - 1 <= s14 <= s13
        drawn = hand + Tiles.from_kinds([rng.choice([k for k in range(34) if counts[k] < 4])])
        s14 = riichi.shanten(drawn)
        if s14 >= 0:
            best = min(riichi.shanten(drawn - Tiles.from_kinds([k])) for k in set(drawn))
            assert best == s14


def test_tenpai_iff_waits() -> None:
    rng = random.Random(11)
    for _ in range(500):
        counts = random_counts(rng, 13)
        hand = Tiles.from_counts(counts)
        assert (riichi.shanten(hand) == 0) == bool(riichi.waits(hand))


def test_batch_contract() -> None:
    rng = random.Random(3)
    counts = np.array([random_counts(rng, 14) for _ in range(200)], dtype=np.uint8)
    expected = [riichi.shanten(Tiles.from_counts(row)) for row in counts]
    out = riichi.shanten_batch(counts)
    assert out.dtype == np.int8 and out.shape == (200,)
    assert out.tolist() == expected
    assert riichi.shanten_batch(counts[::2]).tolist() == expected[::2]  # strided rows
    assert riichi.shanten_batch(np.asfortranarray(counts)).tolist() == expected
    assert riichi.shanten_batch(np.zeros((0, 34), np.uint8)).shape == (0,)
    mixed = counts[:3].copy()
    mixed[2, :] = 0
    mixed[2, 0] = 1
    assert riichi.shanten_batch(mixed).tolist() == [*expected[:2], 0]


@pytest.mark.parametrize(
    ("array", "error", "names"),
    [
        (np.full((2, 34), 5, np.uint8), InvalidHandError, "row 0: count 5"),
        (np.zeros((2, 34), np.uint8), InvalidHandError, "row 0.*got 0"),
        (np.zeros((2, 33), np.uint8), InvalidArgumentError, r"\(N, 34\)"),
    ],
)
def test_batch_rejects_bad_rows(array: np.ndarray, error: type[Exception], names: str) -> None:
    with pytest.raises(error, match=names):
        riichi.shanten_batch(array)


def test_batch_names_the_bad_row() -> None:
    counts = np.zeros((5, 34), np.uint8)
    counts[:, 0] = 2
    counts[3, 1] = 1
    with pytest.raises(InvalidHandError, match="row 3"):
        riichi.shanten_batch(counts)


@pytest.mark.parametrize(
    ("array", "error", "says"),
    [
        (np.zeros((2, 34), np.int64), TypeError, r"got int64 with shape \(2, 34\)"),
        (np.zeros((3, 34)), TypeError, r"uint8 array of shape \(N, 34\), got float64"),
        ([[0] * 34], TypeError, "got list"),
        (np.zeros(34, np.uint8), InvalidArgumentError, r"got uint8 with shape \(34\)"),
        (np.zeros((2, 2, 34), np.uint8), InvalidArgumentError, r"shape \(2, 2, 34\)"),
        (np.zeros((2, 36), np.uint8), InvalidArgumentError, r"shape \(2, 36\)"),
    ],
)
@pytest.mark.parametrize("batch", [riichi.shanten_batch, riichi.is_win_batch])
def test_batch_errors_say_what_was_expected(
    batch: Any, array: object, error: type[Exception], says: str
) -> None:
    with pytest.raises(error, match=says):
        batch(array)


def test_batch_from_threads_agrees() -> None:
    rng = random.Random(5)
    counts = np.array([random_counts(rng, 13) for _ in range(4000)], dtype=np.uint8)
    expected = riichi.shanten_batch(counts)
    results: dict[int, np.ndarray] = {}

    def work(i: int) -> None:
        results[i] = riichi.shanten_batch(counts[i * 2000 : (i + 1) * 2000])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert np.concatenate([results[0], results[1]]).tolist() == expected.tolist()


def test_three_players_draw_no_removed_tile() -> None:
    """With ``players=3`` the removed 2m-8m are never an improving draw (the other kinds and
    their copies as with four players), and a hand or visible tile among them is refused."""
    hand = "19m123456p789s12z"
    four, three = riichi.ukeire(hand), riichi.ukeire(hand, players=3)
    assert isinstance(four, riichi.Ukeire) and isinstance(three, riichi.Ukeire)
    assert three.shanten == four.shanten == 2
    assert three.tiles == [(k, n) for k, n in four.tiles if not 1 <= k <= 7]
    assert three.total == 12 < four.total
    assert riichi.shanten(hand, players=3) == riichi.shanten(hand) == 2
    with pytest.raises(InvalidTileError, match="2m is not in play with three players"):
        riichi.waits("1234m123p123s11z", players=3)
    with pytest.raises(InvalidTileError, match="visible tile 5m"):
        riichi.ukeire(hand, visible="5m", players=3)
    with pytest.raises(InvalidArgumentError, match="players 5 is not 3 or 4"):
        riichi.shanten(hand, players=5)
