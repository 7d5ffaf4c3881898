"""The shared tile model: Tiles and Meld."""

from __future__ import annotations

import pickle

import pytest

from mahjong import Meld, Tiles
from mahjong.errors import (
    InvalidArgumentError,
    InvalidHandError,
    InvalidMeldError,
    InvalidTileError,
    MahjongError,
)


def test_parse_and_format() -> None:
    t = Tiles("123m406p789s11z")
    assert str(t) == "123m406p789s11z"
    assert repr(t) == "Tiles('123m406p789s11z')"
    assert len(t) == 11
    assert t.red == (0, 1, 0)
    assert t.counts[0:3] == (1, 1, 1)
    assert t.counts[13] == 1  # the red 5p is a 5p
    assert len(t.counts) == 34


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("1m 2m 3m", "123m"), ("5z55z", "555z"), ("3m1m2m", "123m"), ("55m0m", "055m"), ("", "")],
)
def test_tolerant_parsing(text: str, canonical: str) -> None:
    assert str(Tiles.from_str(text)) == canonical


@pytest.mark.parametrize(
    ("text", "error", "names"),
    [
        ("8z", InvalidTileError, "8z"),
        ("0z", InvalidTileError, "0z"),
        ("123", InvalidTileError, "123"),
        ("12x", InvalidTileError, "'x'"),
        ("m", InvalidTileError, "no digits"),
        ("11111m", InvalidHandError, "5 copies of 1m"),
        ("00m", InvalidHandError, "0m"),
    ],
)
def test_parse_errors_name_the_value(text: str, error: type[MahjongError], names: str) -> None:
    with pytest.raises(error, match=names):
        Tiles(text)


def test_american_notation() -> None:
    t = Tiles("1B 1C 1D N E W S R G 0 F J")
    assert t.to_american() == "1B 1C 1D N E W S R G 0 F J"
    assert Tiles(t.to_american()) == t
    assert t.counts[18] == 1 and t.counts[0] == 1 and t.counts[9] == 1  # bam, crak, dot
    assert t.all_counts[31:] == (1, 1, 1, 1, 1)  # white, green, red, flower, joker
    assert len(t.all_counts) == 36 and len(t.counts) == 34
    assert Tiles(str(t)) == t
    assert pickle.loads(pickle.dumps(t)) == t
    assert Tiles("111B 00 FFJJ").to_american() == "1B 1B 1B 0 0 F F J J"
    with pytest.raises(InvalidTileError, match="no suit"):
        Tiles("0B")
    with pytest.raises(InvalidHandError, match="9 copies of F"):
        Tiles("F" * 9)


def test_constructors_agree() -> None:
    t = Tiles("1m055m0p7z")
    assert Tiles.from_kinds([0, 4, 4, 4, 13, 33]) == Tiles("1555m5p7z")
    assert Tiles.from_counts(t.counts) == Tiles("1555m5p7z")
    assert Tiles.from_ids(t.ids()) == t
    assert t.ids() == [0, 16, 17, 18, 52, 132]
    assert Tiles.from_ids([16], red_fives=False) == Tiles("5m")
    assert t.kinds() == [0, 4, 4, 4, 13, 33]
    assert list(t) == t.kinds()


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: Tiles.from_ids([136]), InvalidTileError),
        (lambda: Tiles.from_ids([-1]), InvalidTileError),
        (lambda: Tiles.from_ids([5, 5]), InvalidTileError),
        (lambda: Tiles.from_kinds([36]), InvalidTileError),
        (lambda: Tiles.from_kinds([2**70]), InvalidTileError),
        (lambda: Tiles.from_counts([0] * 33), InvalidHandError),
        (lambda: Tiles.from_counts([5] + [0] * 33), InvalidHandError),
        (lambda: Tiles.from_counts([-1] + [0] * 33), InvalidHandError),
        (lambda: Tiles.from_kinds("123"), TypeError),
        (lambda: Tiles.from_kinds([1.5]), TypeError),
        (lambda: Tiles(5), TypeError),  # type: ignore[arg-type]
    ],
)
def test_constructor_errors(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]


def test_numpy_inputs() -> None:
    np = pytest.importorskip("numpy")
    counts = np.zeros(34, dtype=np.uint8)
    counts[[0, 1, 2]] = 1
    assert Tiles.from_counts(counts) == Tiles("123m")
    assert Tiles.from_kinds(np.array([0, 1, 2])) == Tiles("123m")


def test_value_semantics() -> None:
    a = Tiles("123m")
    assert a == Tiles("3m2m1m")
    assert hash(a) == hash(Tiles("123m"))
    assert {a, Tiles("123m")} == {a}
    assert pickle.loads(pickle.dumps(Tiles("406p"))) == Tiles("406p")
    assert pickle.loads(pickle.dumps(Tiles("406p"))).red == (0, 1, 0)
    assert a + "4m" == Tiles("1234m")
    assert Tiles("1234m") - a == Tiles("4m")
    assert Tiles("05m") - "5m" == Tiles("0m")
    assert 0 in a and "1m" in a and "9m" not in a
    assert a.count("2m") == 1 and a.count(8) == 0
    assert not Tiles() and a
    with pytest.raises(InvalidHandError):
        _ = a - "9m"
    with pytest.raises(InvalidHandError):
        _ = Tiles("1111m") + "1m"
    # Flowers (34) and jokers (35) are kinds a Tiles can hold: `in` and `count`
    # take them; only kinds beyond 35 are errors.
    assert 34 not in a and 35 not in a
    with pytest.raises(InvalidTileError, match=r"0\.\.=35"):
        _ = 36 in a


def test_flowers_and_jokers_count_everywhere() -> None:
    tiles = Tiles("F J J 1B")
    assert tiles.count("F") == tiles.count(34) == 1
    assert tiles.count("J") == tiles.count(35) == 2
    assert 35 in Tiles("J") and "F" in tiles and "J" in tiles
    assert len(tiles.counts) == 34 and tiles.all_counts[34:] == (1, 2)
    assert "34 Riichi kinds only" in (Tiles.counts.__doc__ or "")


def test_melds() -> None:
    chi = Meld("chi", "0m67m", called="0m", from_seat=3)
    assert chi.kind == "chi" and chi.tiles == Tiles("067m") and chi.called == 4
    assert chi.from_seat == 3 and chi.is_open and not chi.is_kan
    assert repr(chi) == "Meld('chi', '067m', called='5m', from_seat=3)"
    ankan = Meld("ankan", "1111s")
    assert not ankan.is_open and ankan.is_kan and ankan.called is None
    kakan = Meld("kakan", "5550p", called=13, from_seat=1)
    assert kakan.tiles.red == (0, 1, 0)
    for meld in (chi, ankan, kakan):
        assert pickle.loads(pickle.dumps(meld)) == meld
        assert hash(pickle.loads(pickle.dumps(meld))) == hash(meld)


@pytest.mark.parametrize(
    ("args", "error", "names"),
    [
        (("chi", "891m", "8m"), InvalidMeldError, "consecutive"),
        (("chi", "123z", "1z"), InvalidMeldError, "consecutive"),
        (("pon", "112m", "1m"), InvalidMeldError, "one kind"),
        (("pon", "11m", "1m"), InvalidMeldError, "needs 3"),
        (("pon", "111m", None), InvalidMeldError, "missing"),
        (("pon", "111m", "6m"), InvalidMeldError, "6m"),
        (("ankan", "1111m", "1m"), InvalidMeldError, "no called"),
        (("kong", "1111m", "1m"), InvalidArgumentError, "kong"),
    ],
)
def test_meld_errors(
    args: tuple[str, str, str | None], error: type[MahjongError], names: str
) -> None:
    with pytest.raises(error, match=names):
        Meld(*args)  # type: ignore[arg-type]


def test_meld_seat_errors() -> None:
    with pytest.raises(InvalidMeldError, match="seat 4"):
        Meld("pon", "111m", "1m", from_seat=4)
    with pytest.raises(InvalidMeldError, match="seat -1"):
        Meld("pon", "111m", "1m", from_seat=-1)
    with pytest.raises(InvalidMeldError, match="other seat"):
        Meld("ankan", "1111m", from_seat=1)
    with pytest.raises(TypeError):
        Meld("pon", "111m", "1m", from_seat="north")  # type: ignore[arg-type]


def test_errors_are_value_errors_and_pickle() -> None:
    from mahjong import errors

    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, ValueError)
        assert cls.__module__ == "mahjong.errors"
        again = pickle.loads(pickle.dumps(cls("bad 9z")))
        assert type(again) is cls and str(again) == "bad 9z"
