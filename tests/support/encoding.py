"""What the encoder tests of both families check alike: the ways to call the encoder agree,
values stay within their channels' bounds, the mask is exactly the legal codes, bad input is
refused with typed errors, batches in threads give the serial results, and docs/encoding.md
lists the channels as the encoder has them."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from mahjong import encoding
from mahjong.errors import InvalidArgumentError
from tests.support import REPO

DOCS = REPO / "docs" / "encoding.md"


def random_states(deal: Any, seed: int, *, pass_rate: float = 0.0) -> Iterator[int]:
    """Plays `deal` to its end with random legal actions (a pass taken with `pass_rate` when
    offered), yielding before each action the seat that must act."""
    rng = random.Random(seed)
    while not deal.is_over:
        seat = next(s for s in deal.waiting() if deal.legal_codes(s))
        yield seat
        legal = deal.legal_actions(seat)
        passes = [a for a in legal if a.type == "pass"]
        deal.apply(seat, passes[0] if passes and rng.random() < pass_rate else rng.choice(legal))


def check_forms(family: ModuleType, deal: Any, seat: int) -> np.ndarray:
    """Every way of encoding `seat` of `deal` gives the same arrays; returns the full one."""
    obs = deal.observation(seat)
    full = family.encode(obs, full=True)
    basic = family.encode(obs)
    width = 34 if family.__name__.endswith("riichi") else 36
    assert full.dtype == np.float32 and full.shape == (
        sum(c.rows for c in family.encoding_channels(True)),
        width,
    )
    assert full.flags.c_contiguous and full.flags.writeable
    np.testing.assert_array_equal(basic, full[: basic.shape[0]])
    np.testing.assert_array_equal(family.encode(deal, seat, full=True), full)
    mask = family.action_mask(obs)
    assert mask.dtype == np.int8 and mask.shape == (family.ACTION_COUNT,)
    np.testing.assert_array_equal(family.action_mask(deal, seat), mask)
    for sources, seats in (([deal, deal], [seat, seat]), ([obs], None), ([deal], seat)):
        xs, masks = family.encode_batch(sources, seats, full=True)
        assert xs.shape == (len(sources), *full.shape) and masks.shape == (len(sources), mask.size)
        for x, m in zip(xs, masks, strict=True):
            np.testing.assert_array_equal(x, full)
            np.testing.assert_array_equal(m, mask)
    return full


def check_values(family: ModuleType, deal: Any, seat: int) -> None:
    """The full encoding within its bounds; the mask 1 exactly at the legal codes."""
    x = family.encode(deal, seat, full=True)
    low, high = encoding.bounds(family.encoding_channels(True), x.shape[1])
    assert np.isfinite(x).all()
    assert (low <= x).all() and (x <= high).all(), np.argwhere((x < low) | (x > high))[:5]
    legal = sorted(set(deal.legal_codes(seat)))
    assert np.flatnonzero(family.action_mask(deal, seat)).tolist() == legal


def check_errors(family: ModuleType, deal: Any) -> None:
    """Bad sources and seats are refused with typed errors naming them."""
    obs = deal.observation(0)
    with pytest.raises(InvalidArgumentError, match="give the seat"):
        family.encode(deal)
    with pytest.raises(InvalidArgumentError, match="seat 2 goes only with"):
        family.encode(obs, 2)
    with pytest.raises(InvalidArgumentError, match="seat 4 is out of range"):
        family.encode(deal, 4)
    with pytest.raises(TypeError, match=r"source must be .* got str"):
        family.action_mask("hand")
    with pytest.raises(TypeError, match=r"source 1 must be .* got int"):
        family.encode_batch([obs, 3])
    with pytest.raises(InvalidArgumentError, match="2 seats for 1 source"):
        family.encode_batch([deal], [0, 1])
    with pytest.raises(InvalidArgumentError, match="seat -1 is out of range"):
        family.encode_batch([deal], -1)
    xs, masks = family.encode_batch([])
    assert xs.shape[0] == masks.shape[0] == 0


def check_threads(family: ModuleType, deals: list[Any]) -> None:
    """Batches from several threads at once give the serial results."""
    seats = [
        next(s for s in d.waiting() if d.legal_codes(s)) if not d.is_over else 0 for d in deals
    ]
    expected = family.encode_batch(deals, seats, full=True)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: family.encode_batch(deals, seats, full=True), range(8)))
    for xs, masks in results:
        np.testing.assert_array_equal(xs, expected[0])
        np.testing.assert_array_equal(masks, expected[1])


def check_docs(family: ModuleType, title: str) -> None:
    """docs/encoding.md's table under `title` lists the channels in order, with their rows,
    ranges and descriptions."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| ([\d-]+) \| `(\w+)` \| (\S+) \| (.*) \|$", section, re.MULTILINE)
    expected = []
    for c in family.encoding_channels(True):
        span = f"{c.start}" if c.rows == 1 else f"{c.start}-{c.start + c.rows - 1}"
        expected.append((span, c.name, f"{c.low:g}..{c.high:g}", c.description))
    assert rows == expected
    assert f"{title} (version {family.ENCODING_VERSION})" in text
