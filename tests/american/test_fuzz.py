"""Random input to the American API: only mahjong.errors, TypeError or OSError may come out.

A Rust panic would surface as pyo3's PanicException, a BaseException, and fail these tests.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.american import HOUSE

from mahjong.american import Card, Exposure, physical_kind
from mahjong.errors import MahjongError

FUZZ = settings(
    max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)

tile_text = st.text(alphabet="0123456789BCDNEWSRGFJ mpsz:*ab=", max_size=30)
any_int = st.one_of(st.integers(-5, 200), st.integers(), st.just(2**64))
scalars = st.one_of(
    st.none(), st.booleans(), any_int, st.floats(), tile_text, st.binary(max_size=4)
)
values = st.one_of(scalars, st.lists(scalars, max_size=6), st.dictionaries(tile_text, scalars))


def allowed(call: Callable[[], Any]) -> None:
    with contextlib.suppress(MahjongError, TypeError, OSError):
        call()


@FUZZ
@given(tile_text, tile_text)
def test_text_inputs(hand: str, other: str) -> None:
    for call in (
        lambda: HOUSE.match(hand),
        lambda: HOUSE.match(hand, [other]),
        lambda: HOUSE.distances(hand, [other], top=2),
        lambda: HOUSE.discard_options(hand, visible=other),
        lambda: HOUSE.waits(hand, [other]),
        lambda: HOUSE.live_hands([other], visible=hand),
        lambda: HOUSE.is_dead([hand], visible=other),
        lambda: HOUSE.charleston_pass(hand),
        lambda: Exposure.from_tiles(hand),
        lambda: Card.builtin(hand),
        lambda: HOUSE.hand(hand),
        lambda: HOUSE.variants(hand),
    ):
        allowed(call)


@FUZZ
@given(values, values, values)
def test_arbitrary_objects(a: Any, b: Any, c: Any) -> None:
    for call in (
        lambda: Exposure(a, b, c),
        lambda: Exposure(a, b),
        lambda: HOUSE.match(a, b),
        lambda: HOUSE.distances(a, b, top=c),
        lambda: HOUSE.discard_options(a, b, visible=c),
        lambda: HOUSE.discard_options("F F F 2C 0 2C 6C 6D 6D 6D 6B 6B 6B 6B", top=a),
        lambda: HOUSE.waits(a, b),
        lambda: HOUSE.is_dead(a, b),
        lambda: HOUSE.charleston_pass(a, b),
        lambda: HOUSE.charleston_pass("F F F 2C 0 2C 6C 6D 6D 6D 6B 6B 6B", a),
        lambda: HOUSE.distance_batch(a),
        lambda: HOUSE.match_batch(a),
        lambda: physical_kind(a),
        lambda: Card.from_toml(a),
    ):
        allowed(call)


# Card files: mutate the house card's values and patterns.
mutations = st.tuples(
    st.sampled_from(["value = 25", 'xc = "X"', "shift = 1", 'section = "year"', "pattern = "]),
    st.text(alphabet='0123456789abcDFNEWSZ:*"[] ,={}-x\n', max_size=20),
)


@FUZZ
@given(st.lists(mutations, max_size=3))
def test_card_mutations(changes: list[tuple[str, str]]) -> None:
    from support.american import house_text

    text = house_text()
    for old, new in changes:
        text = text.replace(old, new, 1)
    allowed(lambda: Card.from_toml(text))


@FUZZ
@given(st.text(alphabet="0123456789abcvDFNEWSZRG:*+= ", max_size=40), st.integers(-2, 10))
def test_card_patterns(pattern: str, shift: int) -> None:
    from support.american import hand_toml, house_with

    extra = f"shift = {shift}\nvars = {{ v = [2, 4] }}\nsvars = {{ w = [1] }}"
    allowed(lambda: Card.from_toml(house_with(hand_toml("fz", pattern, extra=extra))))


# Runs of whole groups, so patterns get long (hundreds of tiles, enough to overflow u8 sums)
# and costly (many free choices).
groups = st.sampled_from(
    ["FFFFFF", "FF", "111111:a", "Z", "ZZZZ", "ZZZZ:*", "1:d", "vvvv:a", "w:b", "DDD:*", "2026:c"]
)


@FUZZ
@given(st.lists(st.tuples(groups, st.integers(1, 60)), max_size=4), st.integers(-2, 10))
def test_long_card_patterns(runs: list[tuple[str, int]], shift: int) -> None:
    from support.american import hand_toml, house_with

    pattern = " ".join(" ".join([group] * n) for group, n in runs)
    extra = f"shift = {shift}\nvars = {{ v = [2, 4, 6, 8] }}\nsvars = {{ w = [1, 2, 3] }}"
    text = house_with(hand_toml("fz", pattern, extra=extra))
    allowed(lambda: Card.from_toml(text))


@FUZZ
@given(
    st.tuples(st.integers(0, 4), st.integers(30, 40)),
    st.sampled_from([np.uint8, np.int64, np.float32]),
    st.integers(0, 9),
)
def test_batch_arrays(shape: tuple[int, int], dtype: Any, fill: int) -> None:
    array = np.full(shape, fill).astype(dtype)
    allowed(lambda: HOUSE.distance_batch(array))
    allowed(lambda: HOUSE.distances_batch(array))
    allowed(lambda: HOUSE.match_batch(array[::-1]))
