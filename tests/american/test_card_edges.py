"""The edges of the American card queries: jokers in exposures and the dead-hand test, every
kind in Tiles, batch rows with exposures, numpy errors, pickling a Match, the Charleston on a
complete hand, joker-exchange payments, and card files that cannot be abused."""

from __future__ import annotations

import copy
import os
import pickle
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from support import REPO
from support.american import HOUSE

from mahjong import Tiles
from mahjong.american import (
    EXPOSURE_WIDTH,
    INVALID_DISTANCE,
    INVALID_MATCH,
    MAX_CARD_BYTES,
    NO_HAND,
    NO_MATCH,
    Card,
    Exposure,
    encode_exposures,
)
from mahjong.errors import CardFormatError, InvalidArgumentError, InvalidHandError

FLOWER, JOKER = 34, 35
HOUSE_PATH = REPO / "rust" / "core" / "cards" / "house-2026.toml"


def kind(name: str) -> int:
    return Tiles(name).kinds()[0]


# The dead-hand test and joker exchange.


def test_an_exposed_joker_with_its_natural_unseen_keeps_the_hand_live() -> None:
    # Own exposure W W W J; the fourth W is unseen and can redeem the joker (rule 1.6.4).
    assert not HOUSE.is_dead(["W W W J"], Tiles("E E E J J J J J J"))
    assert HOUSE.live_hands(["W W W J"], Tiles("E E E J J J J J J")) == ["winds-6"]
    # With the fourth W in sight, the joker cannot be redeemed: dead.
    assert HOUSE.is_dead(["W W W J"], "E E E J J J J J J W")


def test_an_opponents_exposed_joker_counts_when_the_exposure_is_given() -> None:
    kong = ["W W W W"]
    as_tiles = "E E E J J J J J J 1B 1B 1B J"
    assert HOUSE.is_dead(kong, as_tiles)
    assert not HOUSE.is_dead(kong, "E E E J J J J J J", others=["1B 1B 1B J"])
    assert not HOUSE.is_dead(kong, "E E E J J J J J J", others=[Exposure("1B", 4, 1)])
    assert HOUSE.live_hands(["W W W J"], "E E E J J J J J J", others=["N N N"]) == ["winds-6"]


def test_discard_options_count_a_joker_in_the_players_own_exposure() -> None:
    # quints-1 "1111:a 22222:b 33333:c". The player exposed a 2D quint with two jokers and
    # needs one more joker for the 3B quint; every other joker is in sight. The fourth 2D is
    # unseen: drawn, it redeems a joker of the player's own exposure (rule 1.6.4).
    hand = "1C 1C 1C 1C 3B 3B 3B 3B N"

    def quints(own: Exposure, visible: str, **kw: int) -> list[int]:
        options = HOUSE.discard_options(hand, [own], visible=visible, top=58, **kw)
        spare = next(o for o in options if o.tile == kind("N"))
        return [h.distance for h in spare.hands if h.hand_id == "quints-1"]

    two = Exposure("2D", 5, 2)
    assert quints(two, "J J J J J J") == [1]
    # The int form still works: an explicit count in place of the derived one.
    assert quints(two, "J J J J J J", redeemable=0) == []
    assert quints(two, "J J J J J J", redeemable=1) == [1]
    # All four 2D exposed: no natural is left to redeem the joker with.
    assert quints(Exposure("2D", 5, 1), "J J J J J J J") == []
    with pytest.raises(InvalidArgumentError, match="9 jokers to redeem, but only 8"):
        HOUSE.discard_options(hand, [two], visible="J J J J J J", redeemable=9)


# Tiles.count and `in` take every kind a Tiles can hold.


def test_count_and_in_accept_flowers_and_jokers() -> None:
    tiles = Tiles("F J J 1B")
    assert tiles.count("F") == 1 and tiles.count(FLOWER) == 1
    assert tiles.count("J") == 2 and tiles.count(JOKER) == 2
    assert 35 in Tiles("J") and "F" in tiles and 34 in tiles
    assert "N" not in tiles
    # A Charleston pass returns kinds that count accepts.
    hand = Tiles("F F F 2C 0 2C 6C 6D 6D 6D 9C 5D 1B J")
    for k in HOUSE.charleston_pass(hand):
        assert hand.count(k) >= 1
    # counts is the 34 Riichi kinds only; all_counts has all 36.
    assert len(tiles.counts) == 34 and len(tiles.all_counts) == 36
    assert tiles.all_counts[FLOWER] == 1 and tiles.all_counts[JOKER] == 2
    with pytest.raises(Exception, match=r"0\.\.=35"):
        tiles.count(36)


# Batch functions take exposures and flag bad rows.


def test_batch_functions_take_exposures() -> None:
    concealed = Tiles("F F J 2C 0 2C 6C 6B 6B J J")
    exposures = [Exposure("6D", 3)]
    row = encode_exposures(exposures)
    assert len(row) == EXPOSURE_WIDTH == 12 and row[:3] == [kind("6D"), 3, 0]
    counts = np.array([concealed.all_counts], np.uint8)
    exposed = np.array([row], np.uint8)
    m = HOUSE.match(concealed, exposures)
    assert m is not None
    ids = [h.id for h in HOUSE.hands]
    assert HOUSE.match_batch(counts, exposed).tolist() == [ids.index(m.hand_id)]
    assert HOUSE.distance_batch(counts, exposed).tolist() == [0]
    per_hand = HOUSE.distances_batch(counts, exposed)[0].tolist()
    scalar = {d.hand_id: d.distance for d in HOUSE.distances(concealed, exposures)}
    assert per_hand == [scalar.get(h, NO_HAND) for h in ids]


def test_a_bad_batch_row_is_flagged_not_fatal() -> None:
    good = Tiles("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J").all_counts
    five = [0] * 36
    five[0] = 5
    five[1] = 9
    counts = np.array([good, five, good], np.uint8)
    assert HOUSE.match_batch(counts).tolist()[1] == INVALID_MATCH
    assert HOUSE.distance_batch(counts).tolist() == [0, INVALID_DISTANCE, 0]
    assert (HOUSE.distances_batch(counts)[1] == INVALID_DISTANCE).all()
    # Exposures that fit no card hand: NO_HAND, not an error.
    sextet = np.array([encode_exposures([Exposure("N", 6, 2)])], np.uint8)
    seven = np.array([Tiles("F F 2C 0 2C 6D 6D").all_counts], np.uint8)
    assert HOUSE.distance_batch(seven, sextet).tolist() == [NO_HAND]
    assert HOUSE.match_batch(counts[:1] * 0, None).tolist() == [INVALID_MATCH]
    assert NO_MATCH == -1 and INVALID_MATCH == -2 and (NO_HAND, INVALID_DISTANCE) == (254, 255)


# Numpy errors say what was expected.


@pytest.mark.parametrize("method", ["distance_batch", "distances_batch", "match_batch"])
def test_numpy_errors_say_what_was_expected(method: str) -> None:
    call = getattr(HOUSE, method)
    with pytest.raises(InvalidArgumentError) as e:
        call(np.zeros((3, 36)))
    assert "expected a uint8 array of shape (N, 36), got float64 with shape (3, 36)" in str(e.value)
    with pytest.raises(InvalidArgumentError, match=r"got uint8 with shape \(3, 34\)"):
        call(np.zeros((3, 34), np.uint8))
    with pytest.raises(TypeError, match=r"uint8 array of shape \(N, 36\), got list"):
        call([[0] * 36])
    expected = r"exposures: expected a uint8 array of shape \(N, 12\)"
    with pytest.raises(InvalidArgumentError, match=expected):
        call(np.zeros((1, 36), np.uint8), np.zeros((1, 3), np.uint8))


# Match is picklable and copyable.


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_match_pickles_with_every_protocol(protocol: int) -> None:
    m = HOUSE.match("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J")
    assert m is not None
    back = pickle.loads(pickle.dumps(m, protocol=protocol))
    assert back == m and repr(back) == repr(m)
    assert back.payment("self_drawn") == m.payment("self_drawn")
    assert back.variant == m.variant
    assert copy.copy(m) == m and copy.deepcopy(m) == m


# Charleston on a complete hand, joker-exchange payment, claimable waits.


def test_charleston_on_a_complete_hand_says_declare() -> None:
    with pytest.raises(InvalidHandError, match=r"declares Mah Jongg .*rule 1\.2\.6"):
        HOUSE.charleston_pass("F F J 2C 0 2C 6C 6D 6D 6D 6B 6B J J")


def test_jokerless_match_rejects_a_joker_exchange_payment() -> None:
    m = HOUSE.match("F F F 2C 0 2C 6C 6D 6D 6D 6B 6B 6B 6B")
    assert m is not None and m.jokerless
    with pytest.raises(InvalidArgumentError, match="joker exchange"):
        m.payment("joker_exchange")


def test_claimable_waits_leave_out_the_joker() -> None:
    hand = "F F 2C 0 2C 6C 6D 6D 6D 6B 6B 6B 6B"
    assert HOUSE.waits(hand) == [FLOWER, JOKER]
    assert HOUSE.waits(hand, claimable=True) == [FLOWER]
    assert "never be claimed" in (Card.waits.__doc__ or "")


# Card loading that cannot be abused.


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_not_read_as_a_card() -> None:
    # In a child process with a memory cap and a timeout: before the fix it read /dev/zero
    # until memory ran out.
    code = (
        "import resource; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
        "from mahjong.american import Card\n"
        "from mahjong.errors import CardFormatError\n"
        "try:\n    Card.from_toml('/dev/zero')\n"
        "except CardFormatError as e:\n    print('refused:', e)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=False
    )
    assert "refused:" in done.stdout and "not a regular file" in done.stdout, done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs are POSIX")
def test_a_fifo_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "card.toml"
    os.mkfifo(fifo)
    result: list[BaseException] = []

    def load() -> None:
        try:
            Card.from_toml(fifo)
        except Exception as e:
            result.append(e)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():  # unblock the reader so the test process can end
        with open(fifo, "w") as f:
            f.write("")
        pytest.fail("Card.from_toml blocked on a FIFO")
    assert isinstance(result[0], CardFormatError)


def test_a_card_file_over_the_size_cap_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_CARD_BYTES + 1))
    with pytest.raises(CardFormatError, match="larger than"):
        Card.from_toml(big)
    with pytest.raises(CardFormatError, match="at most"):
        Card.from_toml("x = 1\n" + "#" * MAX_CARD_BYTES)


def test_non_utf8_files_and_lone_surrogates_are_card_format_errors(tmp_path: Path) -> None:
    text = HOUSE_PATH.read_text(encoding="utf-8")
    utf16 = tmp_path / "utf16.toml"
    utf16.write_text(text, encoding="utf-16")
    with pytest.raises(CardFormatError, match="not UTF-8"):
        Card.from_toml(utf16)
    latin = tmp_path / "latin.toml"
    latin.write_bytes(text.encode("utf-8") + b"\n# caf\xe9\n")
    with pytest.raises(CardFormatError, match="not UTF-8"):
        Card.from_toml(str(latin))
    with pytest.raises(CardFormatError, match="lone surrogate"):
        Card.from_toml("schema = '\udc80'\n")


def test_a_missing_path_says_no_card_file(tmp_path: Path) -> None:
    missing = tmp_path / "x" / "y.toml"
    with pytest.raises(FileNotFoundError, match=r"no card file .*y\.toml"):
        Card.from_toml(missing)


def test_many_sections_load_fast_and_hit_the_cap() -> None:
    many = "".join(f'[[sections]]\nkey = "s{i}"\nname = "S"\n' for i in range(100_000))
    text = HOUSE_PATH.read_text(encoding="utf-8").replace("[[sections]]", many + "[[sections]]", 1)
    start = time.monotonic()
    with pytest.raises(CardFormatError, match="at most 100"):
        Card.from_toml(text)
    assert time.monotonic() - start < 5
