"""One tile, every spelling: wherever the API takes tiles it takes the spelling the other
corners give (mjai names from observations, MPSZ, kinds, ids through named constructors), and
one Riichi tile may be written any way (``"5m"``, ``"0m"``, ``"5mr"``, ``"E"``, ``"1z"``,
``"P"``). The names themselves live in the core (``notation.rs``, ``riichi/mjai.rs``)."""

from __future__ import annotations

import random

import pytest

from mahjong import Meld, Tiles, _core, riichi
from mahjong.errors import InvalidHandError, InvalidTileError
from mahjong.riichi import Deal, WinContext, mjai

SPELLINGS = [
    (("5mr", "0m"), 4),
    (("5m",), 4),
    (("E", "1z"), 27),
    (("N", "4z"), 30),
    (("P", "5z"), 31),
    (("F", "6z"), 32),
    (("C", "7z", "R"), 33),
    (("5sr", "0s"), 22),
]


def test_tiles_from_names() -> None:
    assert Tiles.from_names(["5mr", "E", "P", "1m", "0p"]) == Tiles("0m1m0p1z5z")
    assert Tiles.from_names(["5m", "5mr"]).red == (1, 0, 0)
    assert Tiles.from_names([]) == Tiles()
    with pytest.raises(TypeError, match="use Tiles"):
        Tiles.from_names("123m")
    with pytest.raises(TypeError, match="tile names"):
        Tiles.from_names([1, 2])
    with pytest.raises(InvalidTileError, match="not a single Riichi tile"):
        Tiles.from_names(["5mrr"])
    with pytest.raises(InvalidHandError, match="red fives"):
        Tiles.from_names(["5mr", "5mr"])


@pytest.mark.parametrize(("names", "kind"), SPELLINGS)
def test_one_tile_in_every_spelling(names: tuple[str, ...], kind: int) -> None:
    """A winning tile, a called tile and dora indicators: each spelling is the same tile."""
    red = names[0].endswith("r")
    for name in names:
        assert Meld("pon", Tiles.from_kinds([kind] * 3), called=name).called == kind
        context = WinContext(dora_indicators=[name], ura_indicators=name)
        plain = WinContext(dora_indicators=[kind], ura_indicators=[kind])
        assert (context == plain) is not red
        assert context.dora_indicators == WinContext(dora_indicators=[names[0]]).dora_indicators


def test_a_red_winning_tile_in_either_spelling() -> None:
    hand = "234m406p678s34s88p"
    assert riichi.score(hand, "5sr").points == riichi.score(hand, "0s").points
    assert riichi.score(hand, "5sr").han == riichi.score(hand, "5s").han + 1
    assert riichi.decompose("45556m456p789s555z", win_tile="P") == riichi.decompose(
        "45556m456p789s555z", win_tile="5z"
    )


def test_the_mjai_names_come_from_the_core() -> None:
    assert len(mjai.KIND_NAMES) == 34 and mjai.KIND_NAMES[:2] == ("1m", "2m")
    assert mjai.KIND_NAMES[26:] == ("9s", "E", "S", "W", "N", "P", "F", "C")
    assert mjai.RED_FIVE_NAMES == ("5mr", "5pr", "5sr")
    assert [*mjai.KIND_NAMES, *mjai.RED_FIVE_NAMES] == _core.MJAI_TILE_NAMES


def test_from_an_observation_to_the_analysis() -> None:
    """What an observation gives goes straight into the analysis: its hand by
    ``Tiles.from_names``, and the waits the analysis returns (kinds) are the observation's
    (names) at every claim window of a few random deals."""
    compared = 0
    for seed in range(6):
        deal = Deal(seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            for seat in range(4):
                obs = deal.observation(seat)
                hand = Tiles.from_names(obs["hand"])
                assert hand.kinds() == sorted(mjai.tile_kind(n) for n in obs["hand"])
                if len(hand) % 3 == 1 and obs["drawn"] is None:
                    waits = [mjai.kind_name(k) for k in riichi.waits(hand)]
                    assert waits == list(obs["waits"]), obs
                    compared += bool(waits)
            seat = deal.waiting()[0]
            codes = deal.legal_codes(seat)
            deal.apply(seat, codes[rng.randrange(len(codes))])
    assert compared
