"""What a table needs from a game family: how its tiles are played, and the parts of the
table view it builds from the engine (:meth:`Family.snapshot`).

The play session (:mod:`mahjong.play.session`) and the faces (:mod:`mahjong.play.app`, the
web page) are the same for both families; each family adds a :class:`Family`
(:mod:`mahjong.play.riichi`, :mod:`mahjong.play.american`) that only reads the engine's deals,
observations, reasons, events and outcomes into a :class:`~mahjong.play.snapshot.Snapshot`.
No family decides a rule: legal actions, reasons, scores and payments come from the engine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from mahjong.agents import Agent
from mahjong.play import snapshot as view
from mahjong.play.snapshot import Say

if TYPE_CHECKING:
    from mahjong.play.session import Session

HUMAN = 0  # the seat of the person at the table

ActionT = TypeVar("ActionT")

PLAY = "play"  # the tile mode in which a tile is discarded (or passed)
WINDS = "ESWN"  # seat winds from the dealer on


@dataclass(frozen=True)
class Way(Generic[ActionT]):
    """One way of doing a choice: its words, the actions it applies in order, the tiles it
    uses (the claimed tile first), whose exposure it takes from, and a warning."""

    label: Say
    actions: tuple[ActionT, ...]
    tiles: tuple[str, ...] = ()
    target: int | None = None
    warning: Say | None = None


@dataclass(frozen=True)
class Choice(Generic[ActionT]):
    """One button besides the tiles: a key, the action kind, its words, and either the ways
    of doing it (one is applied at once; several are listed to pick from) or a tile mode it
    opens (Riichi: pick the tile to discard with riichi)."""

    key: str
    kind: str
    label: Say
    ways: tuple[Way[ActionT], ...] = ()
    mode: str | None = None
    style: str = "default"  # "primary", "success" or "default"

    def view(self) -> view.ChoiceView:
        """The button as the table view shows it (without its actions)."""
        return view.ChoiceView(
            key=self.key,
            kind=self.kind,
            label=self.label,
            style=self.style,
            mode=self.mode,
            ways=tuple(view.WayView(w.label, w.tiles, w.target, w.warning) for w in self.ways),
        )


class NotNow(Exception):
    """The tile or key cannot be played now; ``say`` says why (``str`` is its English)."""

    def __init__(self, say: Say, english: str) -> None:
        super().__init__(english)
        self.say = say


class Family(ABC, Generic[ActionT]):
    """How one family is played at a table, and the parts of its table view."""

    name: ClassVar[str]  # "riichi", "american"
    units: ClassVar[tuple[str, str]]  # what one deal and the whole are called (unit.* keys)
    keys: ClassVar[tuple[tuple[str, Say], ...]]  # this family's keys and what they do

    # -- the game --------------------------------------------------------------------------

    @abstractmethod
    def new_game(self, seed: int, names: Sequence[str]) -> Any:
        """The engine's game (``Game``, ``AmericanGame``) dealt from `seed`."""

    @property
    def players(self) -> int:
        """How many seats the table has (the rules' players: three-player Riichi has 3)."""
        return 4

    lineup: Callable[[int], list[Agent[Any]]] | None = None
    """Makes the AIs of seats 1 to the last for a game dealt from a seed (``--agents``);
    None: the family's own (:meth:`default_agents`)."""

    def agents(self, seed: int) -> list[Agent[ActionT]]:
        """The AIs of seats 1 to the last, for a game dealt from `seed`."""
        return self.lineup(seed) if self.lineup is not None else self.default_agents()

    @abstractmethod
    def default_agents(self) -> list[Agent[ActionT]]:
        """The family's own AIs, one for each seat but yours."""

    def pages(self) -> tuple[str, ...]:
        """Pages a key opens over the table (``card``: :meth:`card_page`)."""
        return ()

    def card_page(self, session: Session[ActionT]) -> view.Card | None:
        """The card page, for a family that has one."""
        return None

    def forget(self) -> None:
        """Forgets what the family kept for the human's next decision (Charleston picks):
        after each of the human's actions and at each new deal."""

    def forced(self, session: Session[ActionT]) -> ActionT | None:
        """An action the table plays for the human, who has no choice (None: they decide)."""
        return None

    def pauses(self, action: ActionT) -> bool:
        """Whether an AI's `action` stays on screen for the delay."""
        return True

    # -- tiles -----------------------------------------------------------------------------

    @abstractmethod
    def faces(self) -> view.Faces:
        """Every tile name of the family with how to draw it."""

    @abstractmethod
    def sort_key(self, tile: str) -> int:
        """Where `tile` goes in a sorted hand."""

    @abstractmethod
    def playable(self, session: Session[ActionT], mode: str) -> set[str]:
        """The tiles that pressing (Enter or a click) plays now, in `mode`."""

    @abstractmethod
    def press(
        self, session: Session[ActionT], tile: str, mode: str, picked: bool = False
    ) -> list[ActionT]:
        """The actions pressing `tile` (shown `picked` or not) applies in `mode`: none when
        it only changed what the family keeps (a pick); raises :class:`NotNow` when it cannot
        be played."""

    def picked(self, session: Session[ActionT]) -> list[str]:
        """Tiles picked and not yet played (the American Charleston)."""
        return []

    @abstractmethod
    def verb(self, session: Session[ActionT], mode: str) -> Say | None:
        """What confirming the selected tile does now, or None when no tile is played."""

    # -- words -----------------------------------------------------------------------------

    @abstractmethod
    def describe(self, session: Session[ActionT], event: dict[str, Any]) -> Say | None:
        """The message log's line about `event` (None for events not worth a line)."""

    @abstractmethod
    def choices(self, session: Session[ActionT], mode: str) -> list[Choice[ActionT]]:
        """The buttons besides the tiles, in the order shown."""

    @abstractmethod
    def prompt(self, session: Session[ActionT], mode: str) -> Say:
        """What the human is asked to do now."""

    def why_not(self, session: Session[ActionT]) -> list[Say]:
        """Why actions the human may expect are not offered now: the engine's reasons."""
        if not session.human_to_act():
            return []
        return [reason_say(reason) for reason in session.deal.blocked(HUMAN)]

    @abstractmethod
    def advice(self, session: Session[ActionT]) -> tuple[Say, ...]:
        """Help with the hand, line by line."""

    # -- the table view --------------------------------------------------------------------

    @abstractmethod
    def seat(self, session: Session[ActionT], seat: int, obs: Any) -> view.Seat:
        """One side of the table from `obs`, seat 0's observation."""

    @abstractmethod
    def centre(self, session: Session[ActionT], obs: Any) -> view.Centre:
        """The middle of the table."""

    def hand_extras(self, session: Session[ActionT], obs: Any) -> dict[str, Any]:
        """What the family says about the hand besides its tiles (tenpai, waits, furiten):
        fields of :class:`~mahjong.play.snapshot.Hand`."""
        return {}

    @abstractmethod
    def result(self, session: Session[ActionT]) -> view.Result:
        """How the finished deal ended."""

    @abstractmethod
    def standings(self, session: Session[ActionT]) -> view.Standings:
        """The final standings of a finished game."""

    def snapshot(self, session: Session[ActionT], mode: str, busy: bool) -> view.Snapshot:
        """The table as seat 0 sees it now (`busy`: the AIs are still playing)."""
        obs = session.observation()
        acting = session.human_to_act() and not busy
        tiles, drawn = session.hand_order()
        claim = obs["claim"]
        return view.Snapshot(
            faces=self.faces(),
            units=self.units,
            deal=session.deal_number,
            game=len(session.seeds),
            seats=tuple(self.seat(session, seat, obs) for seat in range(self.players)),
            centre=self.centre(session, obs),
            hand=view.Hand(
                tiles=tuple(tiles),
                drawn=drawn,
                playable=tuple(sorted(self.playable(session, mode), key=self.sort_key))
                if acting
                else (),
                picked=tuple(self.picked(session)),
                verb=self.verb(session, mode) if acting else None,
                **self.hand_extras(session, obs),
            ),
            claim=view.Claim(claim[0], claim[1]) if claim is not None else None,
            to_act=acting,
            mode=mode,
            choices=tuple(c.view() for c in self.choices(session, mode)) if acting else (),
            prompt=Say("prompt.ais") if busy else self.prompt(session, mode),
            reasons=tuple(self.why_not(session)) if acting else (),
            messages=tuple(session.messages),
            deal_over=session.deal_over,
            game_over=session.game_over,
            pages=self.pages(),
            result=self.result(session) if session.deal_over else None,
            standings=self.standings(session) if session.game_over else None,
        )


def reason_say(reason: Any) -> Say:
    """An engine :class:`~mahjong.Reason` as a message of the catalogue."""
    return Say(reason.key, dict(reason.params))


def seat_name(session: Session[Any], seat: int) -> str:
    """A seat's name at the table (``You`` for seat 0 is the catalogue's ``seat.you``)."""
    return session.name(seat)


def way_label(kind: str, ways: Sequence[Way[Any]]) -> Say:
    """A button's words: its one way's, or the kind with how many ways there are."""
    if len(ways) == 1:
        return ways[0].label
    return Say("choice.ways", {"choice": kind, "n": len(ways)})


def wind_of(seat: int, dealer: int, players: int) -> str:
    """A seat's wind (``E`` ``S`` ``W`` ``N``) with `dealer` East, at a table of `players`."""
    return WINDS[(seat - dealer) % players]


def pond_tiles(
    discards: Sequence[Any], seat: int, claim: Any, called: str, riichi: str | None
) -> tuple[view.PondTile, ...]:
    """A player's discards as pond tiles: `called` and `riichi` name the discard's fields
    that mark a called tile and the riichi tile; the last is on offer when it is claimed now."""
    last = len(discards) - 1
    return tuple(
        view.PondTile(
            tile=d["pai"],
            sideways=bool(d[riichi]) if riichi else False,
            called=bool(d[called]),
            offered=claim is not None and claim[1] == seat and i == last,
        )
        for i, d in enumerate(discards)
    )


def deal_payments(rows: Sequence[view.PaymentRow], players: int) -> view.Payments:
    """The payments of `rows` (zero rows left out) and their total per seat (`players` of
    them) and table."""
    kept = tuple(r for r in rows if any(r.amounts))
    return view.Payments(kept, tuple(sum(r.amounts[i] for r in kept) for i in range(players + 1)))


def row(label: Say, seats: Sequence[int], table: int = 0) -> view.PaymentRow:
    """One payment row: amounts by seat and, last, the table's."""
    return view.PaymentRow(label, (*seats, table))
