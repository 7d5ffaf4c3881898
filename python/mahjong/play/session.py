"""A game at a table, without any user interface: the human at seat 0, the AIs moved on by
:class:`~mahjong.agents.Stepper`, the messages the human reads, the next deal, a new game or a
rematch, and the log as the engine writes it.

:class:`Session` is the same for both families; what differs (words, panels, how a tile is
played) is the :class:`~mahjong.play.family.Family` it is given.
"""

from __future__ import annotations

import contextlib
import os
import random
from typing import Any, Generic

from mahjong._atomic import atomic_file
from mahjong.agents import Stepper
from mahjong.play.family import HUMAN, ActionT, Family
from mahjong.play.snapshot import Say

__all__ = ["HUMAN", "MESSAGES_KEPT", "NAMES", "Session", "random_seed"]

NAMES = ("You", "Kiri", "Sora", "Mina")  # seat 0 is you; the AIs keep their names all game
MESSAGES_KEPT = 50


def random_seed() -> int:
    """A fresh seed from the system's entropy, for a game the user did not seed."""
    return random.SystemRandom().randrange(2**63)


class Session(Generic[ActionT]):
    """A game of `family` for one human (seat 0) and an AI in every other seat (the family's
    players), moved on one step at a time.

    ``deal`` is the current deal; once it is over, :meth:`next_deal` starts the next one until
    the game is over; :meth:`start` begins another game (a rematch with the same seed).
    """

    def __init__(self, family: Family[ActionT], seed: int) -> None:
        self.family = family
        self.seeds: list[int] = []  # the seed of every game started, in order
        self.start(seed)

    def start(self, seed: int) -> None:
        """Starts a new game from `seed` (the seed of the last game: a rematch)."""
        if self.seeds:
            self.close()
        self.seed = seed
        self.seeds.append(seed)
        self.game = self.family.new_game(seed, NAMES[: self.family.players])
        self.agents = self.family.agents(seed)
        self.messages: list[Say] = []  # what happened, as the message log says it
        self.highlights: set[Any] = set()  # what the family shows highlighted for a moment
        self.deal_number = 0
        self.game_over = False
        self.changed = False  # played since the log was last saved
        self._next = self.game.next_deal()
        self.next_deal()

    # -- state -----------------------------------------------------------------------------

    @property
    def deal_over(self) -> bool:
        return bool(self.deal.is_over)

    def human_to_act(self) -> bool:
        return not self.deal.is_over and HUMAN in self.deal.waiting()

    def legal(self) -> list[ActionT]:
        """What the human may do now (nothing when it is not their turn)."""
        return list(self.deal.legal_actions(HUMAN)) if self.human_to_act() else []

    def observation(self, seat: int = HUMAN) -> Any:
        return self.deal.observation(seat)

    def name(self, seat: int) -> str:
        """``You`` or an AI's name."""
        return NAMES[seat]

    def hand_order(self) -> tuple[list[str], str | None]:
        """Seat 0's concealed tiles sorted, and the drawn tile apart (None when there is
        none)."""
        obs = self.observation()
        hand = list(obs["hand"])
        drawn = obs["drawn"]
        if drawn is not None and drawn in hand:
            hand.remove(drawn)
        else:
            drawn = None
        return sorted(hand, key=self.family.sort_key), drawn

    # -- moving on -------------------------------------------------------------------------

    def step(self) -> tuple[int, ActionT] | None:
        """One move the human does not choose: an AI's, or the human's only one when the
        family plays it for them. Returns the seat and action, or None when the human must
        decide or the deal is over."""
        if self.deal.is_over:
            return None
        if self.human_to_act():
            forced = self.family.forced(self)
            if forced is None:
                return None
            self.act([forced])
            return HUMAN, forced
        moved = self.stepper.step()
        self._collect()
        return moved

    def run(self) -> None:
        """Moves on until the human must decide or the deal is over."""
        while self.step() is not None:
            pass

    def act(self, actions: list[ActionT]) -> None:
        """Applies the human's actions, in order (an illegal one raises
        :class:`~mahjong.errors.IllegalActionError` and changes nothing)."""
        for action in actions:
            self.stepper.apply(HUMAN, action)
            self.changed = True
            self._collect()
        self.family.forget()

    def next_deal(self) -> bool:
        """Starts the next deal once the current one is over; False when the game is over."""
        if self._next is None:
            return False
        self.deal, self._next = self._next, None
        self.stepper: Stepper[ActionT] = Stepper(self.deal, [None, *self.agents])
        self.deal_number += 1
        self.family.forget()
        self.highlights.clear()
        self._seen = 0
        if self.deal_number > 1:
            unit = self.family.units[0].removeprefix("unit.")
            self.messages.append(Say("event.new_deal", {"unit": unit, "n": self.deal_number}))
        self._collect()
        return True

    def _collect(self) -> None:
        """Turns the new events (as the human sees them) into messages; at the end of a deal,
        moves the game on so that it is known whether another deal follows."""
        count = self.deal.event_count()
        if count > self._seen:
            for event in self.deal.events(self._seen, seat=HUMAN):
                said = self.family.describe(self, event)
                if said is not None:
                    self.messages.append(said)
            self._seen = count
            del self.messages[:-MESSAGES_KEPT]
        if self.deal.is_over and self._next is None and not self.game_over:
            self.stepper.finish()
            self.game.finish_deal(self.deal)
            self.changed = True
            self._next = self.game.next_deal()
            self.game_over = self._next is None

    def close(self) -> None:
        """Ends the game for the AIs that need telling (those with ``close()``: an Mjai bot
        ends its process); a new game or the end of the table calls it."""
        with contextlib.ExitStack() as closing:  # every agent closed, whichever fails
            for agent in self.agents:
                if (close := getattr(agent, "close", None)) is not None:
                    closing.callback(close)

    # -- the log ---------------------------------------------------------------------------

    def lines(self) -> list[str]:
        """The game's log so far (finished deals), as the engine writes it."""
        return list(self.game.lines())

    def save(self, path: str | os.PathLike[str]) -> int:
        """Writes the log (finished deals) as JSON lines, whole or not at all (a failed write
        leaves the file as it was: :func:`mahjong._atomic.atomic_file`); returns how many
        lines."""
        lines = self.lines()
        with atomic_file(path) as out:
            out.write("\n".join(lines) + "\n")

        if self.deal_over:
            self.changed = False
        return len(lines)
