"""American cards: the house card, loading from files and text, and each validation rule."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from support.american import HOUSE, hand_toml, house_text, house_with

from mahjong.american import Card
from mahjong.errors import CardFormatError, InvalidArgumentError, MahjongError


def test_house_card_has_822_variants_and_no_shared_one() -> None:
    assert HOUSE.id == "house-2026" and HOUSE.year == 2026
    assert len(HOUSE) == 58 and len(HOUSE.sections) == 10
    assert HOUSE.variant_count == 822
    assert sum(h.variant_count for h in HOUSE.hands) == 822
    assert HOUSE.warnings == []
    seen: dict[tuple[object, ...], str] = {}
    for hand in HOUSE.hands:
        for v in HOUSE.variants(hand.id):
            key = (tuple(v.sets), tuple(v.strict))
            assert seen.setdefault(key, hand.id) == hand.id
            assert sum(v.counts) == 14
    assert len(seen) == 822
    assert [h.id for h in HOUSE.hands if h.concealed].__len__() == 12
    assert Card.builtin_names() == ["house-2026"]


def test_hands_and_variants() -> None:
    evens4 = HOUSE.hand("evens-4")
    assert (evens4.value, evens4.xc, evens4.section, evens4.variant_count) == (30, "X", "evens", 12)
    assert evens4.patterns == ["FF 2468:a vvvv:b vvvv:c"]
    year1 = HOUSE.variants("year-1")
    assert len(year1) == 6
    assert all(len(v.sets) == 3 and sum(n for _, n in v.strict) == 4 for v in year1)
    with pytest.raises(InvalidArgumentError, match='no hand "nope"'):
        HOUSE.hand("nope")


def test_unknown_builtin_lists_the_available_cards() -> None:
    with pytest.raises(InvalidArgumentError, match="available: house-2026"):
        Card.builtin("nmjl-2025")


def test_from_toml_reads_text_paths_and_pathlikes(tmp_path: Path) -> None:
    path = tmp_path / "card.toml"
    path.write_text(house_text())
    for source in (house_text(), str(path), path):
        assert Card.from_toml(source).variant_count == 822
    with pytest.raises(FileNotFoundError, match=r"missing\.toml"):
        Card.from_toml(str(tmp_path / "missing.toml"))
    with pytest.raises(TypeError):
        Card.from_toml(3)  # type: ignore[arg-type]


def test_an_existing_file_is_a_path_even_with_an_equals_sign(tmp_path: Path) -> None:
    path = tmp_path / "year=2026.toml"
    path.write_text(house_text())
    assert Card.from_toml(str(path)).variant_count == 822
    # A missing file with "=" in its name is read as TOML text, and the error says so.
    with pytest.raises(CardFormatError, match=r"year=2027\.toml\" is no file, so it was read as"):
        Card.from_toml(str(tmp_path / "year=2027.toml"))


def _replaced(old: str, new: str) -> str:
    text = house_text()
    assert old in text
    return text.replace(old, new, 1)


def _hundred_hands(count: int) -> str:
    parts = house_text().split("\n[[hands]]")
    if count <= 58:
        return "\n[[hands]]".join(parts[: count + 1])
    extra = [hand_toml(f"t{i}", f"FF 1111:a 9999:b {n}{n}{n}{n}:c") for i, n in enumerate("8765")]
    return house_with(*extra[: count - 58])


# One case per validation rule of spec §3.5: (card text, message fragment).
RULES = {
    "unique id": (_replaced('id = "year-2"', 'id = "year-1"'), 'hand "year-1": the id is used'),
    "section exists": (
        _replaced('section = "year"', 'section = "years"'),
        'hand "year-1": section "years" is not declared',
    ),
    "value too low": (_replaced("value = 25", "value = 24"), "value 24 is outside 25..=75"),
    "value too high": (_replaced("value = 25", "value = 80"), "value 80 is outside 25..=75"),
    "xc is X or C": (_replaced('xc = "X"', 'xc = "Y"'), 'xc "Y" must be "X" or "C"'),
    "at most 3 suit letters": (
        house_with(hand_toml("t", "FF 111:a 111:b 111:c 111:d")),
        'group "111:d": unknown suit "d": expected a, b or c (suit letters; there are 3 suits)',
    ),
    "variables declared": (
        house_with(hand_toml("t", "FF vvvv:a 1111:b 9999:c")),
        "variable 'v' is not declared",
    ),
    "at least one variant": (
        house_with(hand_toml("t", "FF vvvv:a 1111:b 9999:c", extra="vars = { v = [] }")),
        'hand "t": the pattern has no concrete variant',
    ),
    "14 tiles": (
        house_with(hand_toml("t", "FF 1111:a 9999:a NNN")),
        'hand "t": pattern "FF 1111:a 9999:a NNN": 13 tiles, not 14',
    ),
    "naturals within supply": (
        house_with(hand_toml("t", "FF 11:a 11:a 11:a 11:a 11:a NN")),
        "needs 10 natural 1C in singles and pairs, but only 4 exist",
    ),
    "at most 8 jokers": (
        house_with(hand_toml("t", "66666:a 66666:a 6666:a")),
        "needs 10 jokers, but only 8 exist",
    ),
    "at least 40 hands": (_hundred_hands(39), "the card has 39 hands; a card has 40 to 60"),
    "at most 60 hands": (_hundred_hands(61), "the card has 61 hands"),
    "no shared variant": (
        house_with(hand_toml("t", "FFF 2026:a 666:b 6666:c")),
        'hands "year-1" and "t" share the variant',
    ),
}


@pytest.mark.parametrize("rule", sorted(RULES))
def test_each_validation_rule_has_a_breaking_card(rule: str) -> None:
    text, message = RULES[rule]
    with pytest.raises(CardFormatError, match=re.escape(message)) as error:
        Card.from_toml(text)
    assert isinstance(error.value, MahjongError)


def test_warnings_load_but_are_reported() -> None:
    card = Card.from_toml(
        house_with(
            hand_toml("t1", "FF 11:a 22:a 33:a 44:a 55:a 66:a", section="runs"),
            hand_toml("t2", "FF 11:a 33:a 55:a 77:a 99:a NN", section="pairs"),
        )
    )
    assert len(card) == 60
    assert card.warnings == [
        'hand "t1" has no set that takes jokers, so its jokerless bonus is automatic',
        'hand "t2" is a singles-and-pairs hand but is not concealed',
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("schema = ", "not a valid TOML card file"),
        ("x = 1", 'missing "schema"'),
        (_replaced("card/0.1", "card/2"), 'schema "mahjong.american.card/2"'),
        (_replaced("value = 25", "value = 25\nvalu = 1"), 'unknown key "valu"'),
        (_replaced("value = 25", 'value = "25"'), '"value" must be an integer, got string'),
        (_replaced("FFF 2026:a", "FFF 2026:a 7X"), "unknown symbol 'X'"),
        (_replaced("FFF 2026:a", "FFF 2026"), "need a suit"),
        (_replaced("shift = 1", "shift = 0"), "shift 0 is outside 1..=8"),
    ],
)
def test_format_errors_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(CardFormatError, match=re.escape(message)):
        Card.from_toml(text)


def test_all_errors_are_reported_at_once() -> None:
    text = _replaced("value = 25", "value = 1").replace('xc = "C"', 'xc = "Q"', 1)
    with pytest.raises(CardFormatError) as error:
        Card.from_toml(text)
    assert "value 1" in str(error.value) and 'xc "Q"' in str(error.value)


@pytest.mark.parametrize(
    ("pattern", "tiles"),
    [
        (" ".join(["FFFFFF"] * 43), 258),
        (" ".join(["FF"] * 130), 260),
        (" ".join(["111111:a"] * 45), 270),
    ],
)
def test_long_patterns_are_rejected_not_wrapped(pattern: str, tiles: int) -> None:
    # These once overflowed u8 tile sums: 45 sextets (270 tiles) loaded as a 14-tile hand.
    with pytest.raises(CardFormatError, match=f'hand "t": pattern .*: {tiles} tiles, not 14'):
        Card.from_toml(house_with(hand_toml("t", pattern)))


FORTY = ", ".join(["5"] * 40)


@pytest.mark.parametrize(
    ("pattern", "extra", "message"),
    [
        ("1111:a 1111:b 1111:c 11:d", "", 'unknown suit "d"'),
        ("FF 1111:dots 9999:dot NNNN", "", 'unknown suit "dots"'),
        ("Z:* 1111:a 1111:b 1111:c F", "", 'group "Z:*": suit "*" on a group without numbers'),
        ("FF:* 1111:a 1111:b 1111:c", "", 'group "FF:*": suit "*" on a group without'),
        ("NNN:a 1111:a 1111:b 333:c", "", 'group "NNN:a": suit "a" on a group without'),
        ("FF:c 1111:a 1111:b 1111:c", "", 'group "FF:c": suit "c" on a group without'),
        (" ".join(["Z"] * 14), "", "the pattern has 268435456 combinations"),
        (
            "vvvv:a wwww:b xxxx:c FF",
            f"vars = {{ v = [{FORTY}], w = [{FORTY}], x = [{FORTY}] }}",
            "the pattern has 384000 combinations",
        ),
    ],
)
def test_costly_or_loose_patterns_fail_fast(pattern: str, extra: str, message: str) -> None:
    start = time.perf_counter()
    with pytest.raises(CardFormatError, match=f'hand "t": .*{re.escape(message)}'):
        Card.from_toml(house_with(hand_toml("t", pattern, extra=extra)))
    assert time.perf_counter() - start < 5
