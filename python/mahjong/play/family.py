"""What a table needs from a game family: its words, its panels and how its tiles are played.

The play session (:mod:`mahjong.play.session`) and the app (:mod:`mahjong.play.app`) are the
same for both families; each family adds a :class:`Family` (:mod:`mahjong.play.riichi`,
:mod:`mahjong.play.american`) that only reads the engine's deals, observations, reasons and
events and puts them into words. No family decides a rule: legal actions, reasons and scores
come from the engine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from rich.text import Text

from mahjong.agents import Agent
from mahjong.play.words import sentence

if TYPE_CHECKING:
    from mahjong.play.session import Session

HUMAN = 0  # the seat of the person at the table

ActionT = TypeVar("ActionT")

PLAY = "play"  # the tile mode in which a tile is discarded (or passed)
SEAT_WINDS = ("East", "South", "West", "North")  # from the dealer on
CLAIMED = "bold reverse green"  # the discard the human may claim now


@dataclass(frozen=True)
class Way(Generic[ActionT]):
    """One way of doing a choice: its words and the actions it applies, in order."""

    label: str
    actions: tuple[ActionT, ...]


@dataclass(frozen=True)
class Choice(Generic[ActionT]):
    """One button besides the tiles: a key, its words, and either the ways of doing it (one
    is applied at once; several are listed to pick from) or a tile mode it opens (Riichi:
    pick the tile to discard with riichi)."""

    key: str
    label: str
    ways: tuple[Way[ActionT], ...] = ()
    mode: str | None = None
    style: str = "default"  # "primary", "success" or "default"


class NotNow(Exception):
    """The tile or key cannot be played now; the message says why."""


@dataclass(frozen=True)
class Page:
    """A page a key opens over the table (the American card): the key, its name and its
    text."""

    key: str
    name: str
    text: Callable[[Session[Any]], Text]


class Family(ABC, Generic[ActionT]):
    """The words, panels and tile handling of one family at a table."""

    name: ClassVar[str]  # "riichi", "american"
    deal_word: ClassVar[str]  # what one hand is called: "deal", "game"
    game_word: ClassVar[str]  # what the whole is called: "game", "session"
    keys_help: ClassVar[str]  # this family's keys, for the keys page

    # -- the game --------------------------------------------------------------------------

    @abstractmethod
    def new_game(self, seed: int, names: Sequence[str]) -> Any:
        """The engine's game (``Game``, ``AmericanGame``) dealt from `seed`."""

    lineup: Callable[[int], list[Agent[Any]]] | None = None
    """Makes the AIs of seats 1, 2 and 3 for a game dealt from a seed (``--agents``); None:
    the family's own (:meth:`default_agents`)."""

    def agents(self, seed: int) -> list[Agent[ActionT]]:
        """Three AIs, for seats 1, 2 and 3 of a game dealt from `seed`."""
        return self.lineup(seed) if self.lineup is not None else self.default_agents()

    @abstractmethod
    def default_agents(self) -> list[Agent[ActionT]]:
        """The family's own three AIs."""

    def pages(self) -> tuple[Page, ...]:
        """Pages its keys open over the table."""
        return ()

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
    def sort_key(self, tile: str) -> int:
        """Where `tile` goes in a sorted hand."""

    @abstractmethod
    def label(self, tile: str) -> str:
        """A tile's short name (at most three cells)."""

    @abstractmethod
    def glyph(self, tile: str) -> str:
        """A tile's Unicode mahjong glyph."""

    def tile_style(self, tile: str) -> str:
        """The style of a tile's face (red fives, jokers)."""
        return ""

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
    def tile_verb(self, session: Session[ActionT], mode: str) -> str | None:
        """What Enter does to the selected tile now ("Discard"), or None when no tile is
        played now."""

    # -- words and panels ------------------------------------------------------------------

    @abstractmethod
    def describe(self, session: Session[ActionT], event: dict[str, Any]) -> str | None:
        """One line for the message log about `event` (None for events not worth a line)."""

    @abstractmethod
    def choices(self, session: Session[ActionT], mode: str) -> list[Choice[ActionT]]:
        """The buttons besides the tiles, in the order shown."""

    @abstractmethod
    def status(self, session: Session[ActionT]) -> str:
        """The line on top: round, tiles left, ..."""

    def panel(self, session: Session[ActionT], seat: int) -> Text:
        """A player's name, seat wind and marks, their discards (the one on offer
        highlighted) and their melds or exposures with whom each was called from."""
        obs = session.observation()
        text = Text()
        text.append(session.title(seat), style="bold")
        text.append(f" · {SEAT_WINDS[(seat - obs['dealer']) % 4]} · ")
        text.append_text(self.marks(session, seat))
        if obs["turn"] == seat and not session.deal_over:
            text.append("  ◀ to play", style="green")
        text.append("\n  discards: ")
        pond = self.pond(session, seat)
        claim = obs["claim"]
        for i, (label, style) in enumerate(pond):
            on_offer = claim is not None and claim[1] == seat and i == len(pond) - 1
            text.append(label, style=CLAIMED if on_offer else style)
            text.append(" ")
        heading, melds = self.melds(session, seat)
        if melds:
            text.append(f"\n  {heading}: ")
            for meld, target in melds:
                text.append_text(meld)
                if target is not None and target != seat:
                    text.append(f" from {session.name(target)}", style="dim")
                text.append("   ")
        return text

    @abstractmethod
    def marks(self, session: Session[ActionT], seat: int) -> Text:
        """A player's score and what stands out (dealer, riichi, a dead hand, ...)."""

    @abstractmethod
    def pond(self, session: Session[ActionT], seat: int) -> list[tuple[str, str]]:
        """A player's discards, oldest first: each one's words and style."""

    @abstractmethod
    def melds(self, session: Session[ActionT], seat: int) -> tuple[str, list[tuple[Text, Any]]]:
        """What a player's called groups are called, and each one with whom it was called
        from (None for a concealed one)."""

    @abstractmethod
    def prompt(self, session: Session[ActionT], mode: str) -> str:
        """What the human is asked to do now."""

    def why_not(self, session: Session[ActionT]) -> list[str]:
        """Why actions the human may expect are not offered now: the engine's reasons."""
        if not session.human_to_act():
            return []
        return [sentence(reason.message) for reason in session.deal.blocked(HUMAN)]

    @abstractmethod
    def advice(self, session: Session[ActionT]) -> Text:
        """Help with the hand."""

    @abstractmethod
    def result(self, session: Session[ActionT]) -> Text:
        """How the finished deal ended."""

    @abstractmethod
    def standings(self, session: Session[ActionT]) -> Text:
        """The final standings of a finished game."""
