"""One view of the table, drawn by both faces: what seat 0 sees after every step, as immutable
data (:class:`Snapshot`), the same shape for every family.

A family (:mod:`mahjong.play.riichi`, :mod:`mahjong.play.american`) builds it from the engine's
observation, events, outcome and reasons (:func:`build`); the terminal app
(:mod:`mahjong.play.app`) and the web page (:mod:`mahjong.play.web.view` turns it into JSON)
only draw it and never ask which family it is. Words are never English sentences here: every
text is a :class:`Say` (a catalogue key and its parameters), worded by the face from the
catalogue (:mod:`mahjong.play.catalogue`: the core's reasons and the tables' own words).
``docs/table-view.md`` describes every field and key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mahjong.play.session import Session

__all__ = [
    "Card",
    "CardGroup",
    "CardHand",
    "CardSection",
    "Centre",
    "ChoiceView",
    "Claim",
    "Face",
    "Faces",
    "Field",
    "Hand",
    "Indicators",
    "Meld",
    "Part",
    "PaymentRow",
    "Payments",
    "PondTile",
    "Result",
    "Say",
    "Scored",
    "Seat",
    "Snapshot",
    "Standing",
    "Standings",
    "Wait",
    "WayView",
    "Win",
    "WinGroup",
    "build",
]


@dataclass(frozen=True)
class Say:
    """A text as a catalogue key and its parameters (plain JSON values whose types the
    catalogue entry names: a number, a tile, a seat, a nested :class:`Say`, ...)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Face:
    """How to draw one tile name: its kind in the core's order (0-8 characters/craks, 9-17
    circles/dots, 18-26 bamboo/bams, 27-30 winds E S W N, 31-33 white, green and red dragons,
    34 flower, 35 joker), whether it is a red five, and its short label (at most 3 cells)."""

    kind: int
    red: bool
    label: str


@dataclass(frozen=True)
class Faces:
    """Every tile name of a family with its face, and the catalogue keys of its three suits
    (characters, circles, bamboo: ``suit.man`` ... or ``suit.crak`` ...)."""

    tiles: Mapping[str, Face]
    suits: tuple[str, str, str]


@dataclass(frozen=True)
class PondTile:
    """One discard: one drawn sideways (the riichi tile), one another player called (it sits in
    their meld), the one on offer for a claim now."""

    tile: str
    sideways: bool = False
    called: bool = False
    offered: bool = False


@dataclass(frozen=True)
class Claim:
    """The discard on offer for a claim now, and who discarded it."""

    tile: str
    seat: int


@dataclass(frozen=True)
class Meld:
    """A meld or exposure: its kind (``chi``, ``pon``, ``daiminkan``, ``ankan``, ``kakan``,
    ``expose``), its tiles, which of them was called (index in ``tiles``, drawn sideways) and
    from whom, the jokers in it (indices), whether it is shown face down at its ends (a
    concealed kan), and whether it just changed (a joker exchange: highlighted)."""

    kind: str
    tiles: tuple[str, ...]
    called: int | None = None
    from_seat: int | None = None
    jokers: tuple[int, ...] = ()
    concealed: bool = False
    flash: bool = False


@dataclass(frozen=True)
class Seat:
    """One side of the table: seat (0 is you), name, seat wind (``E`` ``S`` ``W`` ``N``),
    score (and its words), dealer, on turn, marks (riichi, a dead hand, ...), the pond, melds,
    the concealed tile count the engine gives, and kita tiles (three-player Riichi)."""

    seat: int
    name: str
    wind: str
    score: int
    score_text: Say
    dealer: bool
    turn: bool
    marks: tuple[Say, ...]
    pond: tuple[PondTile, ...]
    melds: tuple[Meld, ...]
    concealed: int
    kita: tuple[str, ...] = ()


@dataclass(frozen=True)
class Field:
    """A labelled value of the centre: ``name`` (``honba``, ``deposits``, ``tiles_left``) is
    also its label's key ``centre.NAME``."""

    name: str
    value: int


@dataclass(frozen=True)
class Centre:
    """The middle of the table: the title (``East 1``, ``Game 2 of 4``), labelled values, the
    dora indicators (none for American), and the Charleston step (a ``step.*`` key)."""

    title: Say
    fields: tuple[Field, ...]
    indicators: tuple[str, ...] = ()
    step: Say | None = None


@dataclass(frozen=True)
class Wait:
    """A winning tile and how many of it are not in sight (what may still come)."""

    tile: str
    live: int


@dataclass(frozen=True)
class Hand:
    """Your concealed tiles (sorted, the drawn tile apart), which tiles confirming plays now
    (in the current mode), the Charleston picks, what confirming does (a ``verb.*`` key, None
    when no tile is played now), and, where the family says it, tenpai, the waits with their
    live counts and furiten with why (a ``furiten.*`` key)."""

    tiles: tuple[str, ...]
    drawn: str | None
    playable: tuple[str, ...]
    picked: tuple[str, ...]
    verb: Say | None
    tenpai: bool | None = None
    waits: tuple[Wait, ...] = ()
    furiten: Say | None = None


@dataclass(frozen=True)
class WayView:
    """One way of doing a choice: its words, the tiles it uses (the claimed tile first), whose
    exposure it takes from (a joker exchange), and a warning (an exposure that leaves your hand
    dead)."""

    label: Say
    tiles: tuple[str, ...] = ()
    target: int | None = None
    warning: Say | None = None


@dataclass(frozen=True)
class ChoiceView:
    """A button besides the tiles: its key, the action kind (``ron``, ``chi``, ``expose``,
    ``vote``, ... or the mode it opens), words, style (``primary``, ``success``,
    ``default``), the tile mode it opens (``riichi``), and its ways (one: done at once;
    several: listed to pick from)."""

    key: str
    kind: str
    label: Say
    style: str = "default"
    mode: str | None = None
    ways: tuple[WayView, ...] = ()


@dataclass(frozen=True)
class WinGroup:
    """A group of a winning hand: its tiles, for each the tile a joker stands for (None for a
    natural tile), and whether it was called (a meld or exposure)."""

    tiles: tuple[str, ...]
    stands_for: tuple[str | None, ...]
    open: bool = False


@dataclass(frozen=True)
class Scored:
    """One line of a hand's value: what (a yaku, a fu part, a card hand) and how much."""

    name: Say
    value: Say


@dataclass(frozen=True)
class Indicators:
    """A row of indicator tiles with its label (``indicators.dora``, ``indicators.ura``)."""

    label: Say
    tiles: tuple[str, ...]


@dataclass(frozen=True)
class Win:
    """One win: who, from whom (None for a self-drawn win), how (a ``how.*`` key), the winning
    tile, the hand in groups, the lines of its value (yaku with han; the card hand), the fu
    breakdown, the total (han, fu, limit, points), notes (why a jokerless hand was not doubled,
    pay for the table, liability) and the indicators."""

    seat: int
    from_seat: int | None
    how: Say
    tile: str | None
    groups: tuple[WinGroup, ...]
    value: tuple[Scored, ...]
    fu: tuple[Scored, ...]
    total: tuple[Say, ...]
    notes: tuple[Say, ...] = ()
    indicators: tuple[Indicators, ...] = ()


@dataclass(frozen=True)
class PaymentRow:
    """One row of the payments: what (a ``pay.*`` key) and the amount per seat and, last, to
    or from the table (riichi deposits). A row sums to zero."""

    label: Say
    amounts: tuple[int, ...]


@dataclass(frozen=True)
class Payments:
    """Every payment of the deal, row by row, and the total per seat and table (the change of
    each score and of the deposits on the table): every row and the total sum to zero."""

    rows: tuple[PaymentRow, ...]
    total: tuple[int, ...]


@dataclass(frozen=True)
class Result:
    """How a finished deal ended: its title (a ``result.*`` key), the wins, the draw (its
    reason, the tenpai hands), the dead hands, the payments, the scores after it, and, once
    the game is over, why it ended."""

    title: Say
    wins: tuple[Win, ...]
    draw: Say | None
    shown: tuple[WinGroup | None, ...]  # by seat: a hand shown at a draw (tenpai)
    dead: tuple[Say | None, ...]  # by seat: why the hand was dead
    payments: Payments
    scores: tuple[int, ...]
    ended: Say | None = None


@dataclass(frozen=True)
class Part:
    """One part of a final result: ``deposits`` (leftover sticks settled), ``base`` (the
    points every player is measured from, taken off), ``oka``, ``uma``: its key ``part.NAME``
    and the amount."""

    name: str
    amount: int


@dataclass(frozen=True)
class Standing:
    """One player's place: rank, seat, final score, the parts of the result, the result (and
    its words: ``+41.5`` in thousands, or ``+50``)."""

    rank: int
    seat: int
    score: int
    parts: tuple[Part, ...]
    result: int
    result_text: Say


@dataclass(frozen=True)
class Standings:
    """The final standings, first to last, a note on how results are counted, and why the
    game ended."""

    rows: tuple[Standing, ...]
    note: Say
    ended: Say


@dataclass(frozen=True)
class Snapshot:
    """Everything seat 0 sees of the table now.

    ``units`` names what one deal and the whole game are called (``unit.deal`` and
    ``unit.game`` for Riichi, ``unit.game`` and ``unit.session`` for American). ``seats`` are
    the players by seat (three or four; 0 is you, 1 the next to play). ``deal`` is
    the deal's number in the game, ``game`` the game's number at this table. ``to_act``:
    you must decide now; ``mode`` the tile mode (``play``, or ``riichi``: confirming a tile
    declares riichi with it). ``claim`` is the tile on offer and who discarded it.
    ``reasons`` say why actions you may expect are not offered (the engine's), ``messages``
    what happened (oldest first, the last :data:`MESSAGES_KEPT`). ``result`` is set once the
    deal is over, ``standings`` once the game is over."""

    faces: Faces
    units: tuple[str, str]
    deal: int
    game: int
    seats: tuple[Seat, ...]
    centre: Centre
    hand: Hand
    claim: Claim | None
    to_act: bool
    mode: str
    choices: tuple[ChoiceView, ...]
    prompt: Say
    reasons: tuple[Say, ...]
    messages: tuple[Say, ...]
    deal_over: bool
    game_over: bool
    pages: tuple[str, ...] = ()  # pages a key opens: "card"
    result: Result | None = None
    standings: Standings | None = None


@dataclass(frozen=True)
class CardGroup:
    """One printed group of a card hand spelled in tiles (an example arrangement), with its
    suit slot (``a``, ``b``, ``c``: the same letter one suit, other letters other suits;
    ``any``: any suit; None: no suit) for its colour."""

    tiles: tuple[str, ...]
    slot: str | None


@dataclass(frozen=True)
class CardHand:
    """A hand of the card: its number in its section, its groups, value, whether exposures
    are allowed (``card.exposed``, ``card.concealed``), the card's note, and how many tiles
    away your hand is from it (None when it cannot be made any more)."""

    number: int
    groups: tuple[CardGroup, ...]
    value: int
    xc: Say
    note: str
    away: int | None


@dataclass(frozen=True)
class CardSection:
    """A section of the card: its name, whether it pays no jokerless double, its hands."""

    name: str
    no_jokerless_bonus: bool
    hands: tuple[CardHand, ...]


@dataclass(frozen=True)
class Card:
    """The card as a page: its name, the legend (``legend.*`` keys) and its sections."""

    name: str
    legend: tuple[Say, ...]
    sections: tuple[CardSection, ...]


def build(session: Session[Any], mode: str = "play", busy: bool = False) -> Snapshot:
    """The snapshot of `session`'s table as seat 0 sees it now (`busy`: the AIs are still
    playing, so nothing may be done)."""
    return session.family.snapshot(session, mode, busy)
