"""Random input to every public function: only mahjong.errors or TypeError may come out.

A Rust panic would surface as pyo3's PanicException, a BaseException, and fail these tests.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong import Meld, Tiles, riichi
from mahjong.errors import MahjongError

FUZZ = settings(
    max_examples=400, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)

tile_text = st.text(alphabet="0123456789mpsz MPSZ-,xJF", max_size=24)
any_int = st.one_of(st.integers(-5, 200), st.integers(), st.just(2**64))
scalars = st.one_of(
    st.none(), st.booleans(), any_int, st.floats(allow_nan=True), tile_text, st.binary(max_size=4)
)
values = st.one_of(scalars, st.lists(scalars, max_size=40), st.dictionaries(tile_text, scalars))


def allowed(call: Callable[[], Any]) -> None:
    with contextlib.suppress(MahjongError, TypeError):
        call()


@FUZZ
@given(tile_text)
def test_text_inputs(text: str) -> None:
    allowed(lambda: Tiles(text))
    for fn in (riichi.shanten, riichi.waits, riichi.ukeire, riichi.is_win, riichi.decompose):
        allowed(lambda fn=fn: fn(text))  # type: ignore[operator]
    allowed(lambda: riichi.decompose("123m456p789s11222z", win_tile=text))
    allowed(lambda: riichi.ukeire("123m456p789s1122z", visible=text))


@FUZZ
@given(values, values)
def test_arbitrary_objects(a: Any, b: Any) -> None:
    calls: list[Callable[[], Any]] = [
        lambda: Tiles.from_kinds(a),
        lambda: Tiles.from_ids(a),
        lambda: Tiles.from_counts(a),
        lambda: Tiles.from_ids(a, red_fives=b),
        lambda: riichi.shanten(a),
        lambda: riichi.shanten("1m", kind=a),
        lambda: riichi.waits(a),
        lambda: riichi.ukeire(a, visible=b),
        lambda: riichi.ukeire("123m456p789s1122z", kind=a),
        lambda: riichi.is_win(a),
        lambda: riichi.decompose(a, win_tile=b),
        lambda: riichi.shanten_batch(a),
        lambda: riichi.is_win_batch(a),
        lambda: Meld(a, b),
        lambda: Meld("pon", "111m", a, b),
        lambda: Tiles("123m") + a,
        lambda: Tiles("123m") - a,
        lambda: a in Tiles("123m"),
        lambda: Tiles("123m").count(a),
    ]
    for call in calls:
        allowed(call)


@FUZZ
@given(st.lists(st.integers(-3, 140), max_size=20), st.booleans())
def test_int_lists(items: list[int], red: bool) -> None:
    allowed(lambda: Tiles.from_ids(items, red_fives=red))
    allowed(lambda: Tiles.from_kinds(items))
    allowed(lambda: Tiles.from_counts(items))
    allowed(lambda: Tiles.from_counts(([*items, *[0] * 34])[:34]))


arrays = st.one_of(
    st.builds(
        lambda shape, dtype, fill: np.full(shape, fill).astype(dtype),
        st.one_of(
            st.tuples(st.integers(0, 4), st.integers(30, 37)),
            st.tuples(st.integers(0, 3)),
            st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(33, 35)),
        ),
        st.sampled_from([np.uint8, np.int8, np.int64, np.float32, np.bool_]),
        st.integers(0, 6),
    ),
    st.builds(
        lambda rows, seed: (
            np.random.default_rng(seed).integers(0, 5, size=(rows, 34)).astype(np.uint8)
        ),
        st.integers(0, 8),
        st.integers(0, 2**32 - 1),
    ),
)


@FUZZ
@given(arrays, st.sampled_from(["all", "standard", "chiitoitsu", "kokushi", "bogus"]))
def test_batch_arrays(array: np.ndarray, kind: str) -> None:
    allowed(lambda: riichi.shanten_batch(array, kind=kind))  # type: ignore[arg-type]
    allowed(lambda: riichi.is_win_batch(array))
    allowed(lambda: riichi.shanten_batch(array[::-1]))


@FUZZ
@given(values, values, values)
def test_scoring_inputs(a: Any, b: Any, c: Any) -> None:
    from mahjong.riichi import Ruleset, WinContext, encode_win, nagashi_mangan, score

    calls: list[Callable[[], Any]] = [
        lambda: score(a, b),
        lambda: score("234m456p678s34s88p", a, melds=b, context=c),
        lambda: score("234m456p678s34s88p", "5s", rules=a),
        lambda: encode_win(a, b, melds=c),
        lambda: WinContext(seat_wind=a, dora_indicators=b, honba=c),
        lambda: WinContext(discarder=a, liable=b, ura_indicators=c),
        lambda: Ruleset().replace(**{str(a): b}),
        lambda: Ruleset.preset(a),
        lambda: Ruleset.from_dict(a),
        lambda: Ruleset.from_toml(a),
        lambda: nagashi_mangan(a, honba=b),
    ]
    for call in calls:
        allowed(call)


@FUZZ
@given(st.binary(min_size=80, max_size=80), st.integers(0, 79), st.integers(0, 255))
def test_score_batch_records(raw: bytes, at: int, value: int) -> None:
    from mahjong.riichi import encode_win, score_batch

    good = encode_win("234m456p678s34s88p", "5s").copy()
    good[at] = value
    allowed(lambda: score_batch(np.stack([good, np.frombuffer(raw, np.uint8)])))
