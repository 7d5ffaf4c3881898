"""Counts over many American games, per seat: wins, self-drawn and jokerless wins, dead hands
and payouts (what ``mahjong sim american`` prints)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.table import Table

from mahjong.agents import GameRecord
from mahjong.tally import per_seat, seat_table

__all__ = ["Tally"]


@dataclass
class Tally:
    """Counts over many American games (deals of a session), per seat."""

    games: int = 0
    wall_games: int = 0
    wins: list[int] = field(default_factory=per_seat)
    self_drawn: list[int] = field(default_factory=per_seat)
    jokerless: list[int] = field(default_factory=per_seat)
    dead: list[int] = field(default_factory=per_seat)
    payout: list[int] = field(default_factory=per_seat)

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
        """The summary per seat: wins per game and per decided game, counts, payout per game."""
        decided = max(self.games - self.wall_games, 1)
        games = max(self.games, 1)
        rows = [
            [
                f"{self.wins[seat] / games:.1%}",
                f"{self.wins[seat] / decided:.1%}",
                str(self.self_drawn[seat]),
                str(self.jokerless[seat]),
                f"{self.dead[seat] / games:.1%}",
                f"{self.payout[seat] / games:+.1f}",
            ]
            for seat in range(4)
        ]
        title = f"{self.games} games, {self.wall_games} wall games ({self.wall_games / games:.1%})"
        columns = ("win", "of won", "self-drawn", "jokerless", "dead", "payout")
        return seat_table(title, columns, names, rows)

    def lines(self) -> list[str]:
        """What follows the table (nothing: the table says it all)."""
        return []


COLUMNS: dict[str, str] = {
    "session": "int64",
    "seed": "uint64",
    "game": "int32",
    "dealer": "int8",
    **{f"agent_{seat}": "string" for seat in range(4)},
    "winner": "int8",
    "hand": "string",
    "value": "int32",
    "win": "string",
    "discarder": "int8",
    "jokerless": "bool",
    "wall_game": "bool",
    **{f"payout_{seat}": "int64" for seat in range(4)},
    **{f"dead_{seat}": "string" for seat in range(4)},
    **{f"rank_{seat}": "int8" for seat in range(4)},
    **{f"final_score_{seat}": "int64" for seat in range(4)},
}
"""The Parquet columns of ``mahjong sim american --parquet``, one row per game of a session,
with their Arrow types: the names and order of the columns the core gives
(``SimResult.columns``, ``AmericanGame.deal_columns``)."""
