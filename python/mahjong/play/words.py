"""Small text helpers both families' tables share."""

from __future__ import annotations


def sentence(text: str) -> str:
    """`text` as a sentence: its first letter upper case."""
    return text[:1].upper() + text[1:]


def signed(amount: int) -> str:
    """A change of score with its sign and thousands separators: ``+8,000``, ``-1,000``, ``0``."""
    return f"{amount:+,}" if amount else "0"


def thousands(points: int) -> str:
    """A result in thousands of points with its sign: ``+41.5``, ``-12.6``, ``0.0``."""
    return f"{points / 1000:+.1f}" if points else "0.0"


def plural(count: int, noun: str) -> str:
    """``1 tile``, ``3 tiles``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
