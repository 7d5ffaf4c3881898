"""Counts over many American games, per seat: wins, self-drawn and jokerless wins, dead hands
and payouts (what ``mahjong sim american`` prints)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.table import Table

from mahjong.agents import GameRecord

__all__ = ["Tally"]


def _per_seat() -> list[int]:
    return [0] * 4


@dataclass
class Tally:
    """Counts over many American games (deals of a session), per seat."""

    games: int = 0
    wall_games: int = 0
    wins: list[int] = field(default_factory=_per_seat)
    self_drawn: list[int] = field(default_factory=_per_seat)
    jokerless: list[int] = field(default_factory=_per_seat)
    dead: list[int] = field(default_factory=_per_seat)
    payout: list[int] = field(default_factory=_per_seat)

    def add(self, record: GameRecord) -> None:
        """Counts the games of one finished session."""
        for outcome in record.outcomes:
            self.games += 1
            win = outcome["win"]
            if win is None:
                self.wall_games += 1
            else:
                seat = win["actor"]
                self.wins[seat] += 1
                self.self_drawn[seat] += win["win"] != "discard"
                self.jokerless[seat] += win["jokerless"]
            for seat in range(4):
                self.dead[seat] += outcome["dead"][seat] is not None
                self.payout[seat] += outcome["deltas"][seat]

    def table(self, names: list[str]) -> Table:
        """The summary per seat."""
        decided = self.games - self.wall_games
        title = (
            f"{self.games} games, {self.wall_games} wall games "
            f"({self.wall_games / max(self.games, 1):.1%})"
        )
        table = Table(title=title)
        columns = ("seat", "agent", "win", "of won", "self-drawn", "jokerless", "dead")
        for column in (*columns, "payout"):
            table.add_column(column, justify="left" if column == "agent" else "right")
        games = max(self.games, 1)
        for seat in range(4):
            table.add_row(
                str(seat),
                names[seat],
                f"{self.wins[seat] / games:.1%}",
                f"{self.wins[seat] / max(decided, 1):.1%}",
                str(self.self_drawn[seat]),
                str(self.jokerless[seat]),
                f"{self.dead[seat] / games:.1%}",
                f"{self.payout[seat] / games:+.1f}",
            )
        return table

    def lines(self) -> list[str]:
        """What follows the table (nothing: the table says it all)."""
        return []
