"""Helpers for the American tests: the house card's text and cards with extra hands."""

from __future__ import annotations

from mahjong.american import Card
from support import REPO

HOUSE = Card.builtin("house-2026")


def house_text() -> str:
    """The TOML text of the built-in house card (shipped inside the extension)."""
    return (REPO / "rust/core/cards/house-2026.toml").read_text()


def hand_toml(
    hand_id: str, pattern: str, *, section: str = "year", xc: str = "X", extra: str = ""
) -> str:
    """A `[[hands]]` table worth 25 points."""
    return (
        f'\n[[hands]]\nid = "{hand_id}"\nsection = "{section}"\npattern = "{pattern}"\n'
        f'value = 25\nxc = "{xc}"\n{extra}\n'
    )


def house_with(*hands: str) -> str:
    """The house card's text with extra hands appended."""
    return house_text() + "".join(hands)
